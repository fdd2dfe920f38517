"""The checkpoint hook inside the real CLI: Write, Edit and a Bash change all reach the checkpoint.

A scripted session on a git copy of the demo project (about 4 s per CLI version):
1. Write a new file `src/signup/audit.py`;
2. Read and Edit `src/signup/welcome.py`;
3. change `README.md` with a Bash `sed -i` (`--allowedTools "Bash(sed -i *)"`): PostToolUse on
   Edit|Write does not fire for Bash, so the hook notices it through `git status` ...
4. ... on the next hook run, after an Edit of `src/signup/audit.py`.

The checkpoint (`.gaia/memory/checkpoints/dev-story.yaml`: `.gaia/state/active-workflow` says
`dev-story E1-S2`, as `/gaia-dev-story`'s setup writes it) is parsed with gaia_lib.checkpoint.
The same session without the marker (no workflow running) records nothing at all. On CLIs that log hook completions
(newer than 2.1.197) the hook's durations are printed (`pytest -s`) and merged into
`demo.hook_durations_file()`, which `bench/bench_hook.py --cli-results` shows beside its own
numbers.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest

from e2e.claude_cli import ClaudeCli, Session, SessionResult, run_session
from e2e.demo import (
    demo_copy,
    git,
    plugin_data_dir,
    record_hook_durations,
    seed_plugin_data,
    session_env,
)
from e2e.fake_api import Text, ToolUse, Turn
from gaia_lib.checkpoint import store as checkpoint

pytestmark = [pytest.mark.claude, pytest.mark.every_cli]

NEW_FILE = "src/signup/audit.py"
EDITED_FILE = "src/signup/welcome.py"
BASH_FILE = "README.md"
NEW_TEXT = '"""Audit trail of signups."""\n\nEVENTS: list[str] = []\n'
NEW_TEXT_EDITED = '"""Audit trail of signups."""\n\nEVENTS: list[str] = []\nLIMIT = 100\n'
HOOK_TOOLS = ["Write", "Edit", "Edit"]


def _sha(path: Path) -> str:
    return "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()


def _script(project: Path) -> list[Turn]:
    welcome = (project / EDITED_FILE).read_text("utf-8")
    old = welcome.splitlines()[0]
    return [
        [Text("Adding the audit module."),
         ToolUse("Write", {"file_path": str(project / NEW_FILE), "content": NEW_TEXT},
                 id="toolu_write_new")],
        # 2.1.197 refuses an Edit of a file the session has not Read ("File has not been read
        # yet"); newer CLIs do not ask for it.
        [ToolUse("Read", {"file_path": str(project / EDITED_FILE)}, id="toolu_read_welcome")],
        [ToolUse("Edit", {"file_path": str(project / EDITED_FILE), "old_string": old,
                          "new_string": old + "  # audited", "replace_all": False},
                 id="toolu_edit_welcome")],
        [ToolUse("Bash", {"command": f"sed -i 's/^# signup-demo$/# signup-demo (audited)/' "
                                     f"{BASH_FILE}",
                          "description": "Retitle the README"}, id="toolu_bash_sed")],
        [ToolUse("Edit", {"file_path": str(project / NEW_FILE), "old_string": NEW_TEXT,
                          "new_string": NEW_TEXT_EDITED, "replace_all": False},
                 id="toolu_edit_new")],
        [Text("Audit module added.")],
    ]


MARKER = ".gaia/state/active-workflow"


def _run(claude: ClaudeCli, plugin_root: Path, tmp_path: Path,
         plugin_venv: Path, running: bool = True) -> tuple[SessionResult, Path, Path]:
    project = demo_copy(tmp_path / "demo")
    if running:
        (project / MARKER).write_text("dev-story E1-S2\n", "utf-8")
    work = tmp_path / "work"
    data = seed_plugin_data(work / "claude-config", plugin_venv)
    session = Session(
        prompt="Add an audit module", script=_script(project), plugin_root=plugin_root,
        project=project, work=work, output_format="stream-json",
        extra_args=["--allowedTools", "Bash(sed -i *)"],
        env=session_env(plugin_venv.parent),
    )
    return run_session(claude, session), project, data


def test_checkpoint_records_write_edit_and_bash_change(
    claude: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path,
    record_property: Callable[[str, object], None],
) -> None:
    result, project, data = _run(claude, plugin_root, tmp_path, plugin_venv)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.result is not None and result.result["result"] == "Audit module added."
    results = {b["tool_use_id"]: b for b in result.tool_results}
    assert sorted(results) == sorted(
        ["toolu_write_new", "toolu_read_welcome", "toolu_edit_welcome", "toolu_bash_sed",
         "toolu_edit_new"])
    assert result.tool_errors() == {}, results
    assert (project / BASH_FILE).read_text("utf-8").startswith("# signup-demo (audited)\n")
    assert sorted(git(project, "status", "--porcelain").splitlines()) == [
        f" M {BASH_FILE}", f" M {EDITED_FILE}", "?? .gaia/memory/", f"?? {MARKER}",
        f"?? {NEW_FILE}",
    ]

    # Every hook run: exit 0, nothing on stdout (stdout is parsed as hook output), no failure
    # logged in the plugin's data dir.
    posts = [r for r in result.hook_responses if r.get("hook_event") == "PostToolUse"]
    assert [(r["hook_name"], r["exit_code"], r["stdout"]) for r in posts] == [
        (f"PostToolUse:{tool}", 0, "") for tool in HOOK_TOOLS
    ], posts
    assert not (data / "logs" / "hooks.log").exists()
    assert plugin_data_dir(tmp_path / "work" / "claude-config") == data

    recorded = checkpoint.load(project / ".gaia" / "memory" / "checkpoints" / "dev-story.yaml")
    assert recorded.workflow == "dev-story"
    entries = {e.path: e for e in recorded.files_touched}
    assert sorted(entries) == sorted([NEW_FILE, EDITED_FILE, BASH_FILE])
    for rel, source in ((NEW_FILE, "Edit"), (EDITED_FILE, "Edit"), (BASH_FILE, "git")):
        assert (entries[rel].sha256, entries[rel].source) == (_sha(project / rel), source), rel
    assert (project / NEW_FILE).read_text("utf-8") == NEW_TEXT_EDITED

    runs = [r for r in result.hook_runs if r.event == "PostToolUse"]
    if claude.version <= (2, 1, 197):
        assert runs == []  # this version logs no hook completion lines (docs/claude-code-notes)
        return
    assert [(r.plugin, r.matcher, r.status) for r in runs] == [
        ("gaia@inline", tool, 0) for tool in HOOK_TOOLS
    ], runs
    durations = [r.duration_ms for r in runs]
    version = ".".join(str(p) for p in claude.version)
    saved = record_hook_durations(version, HOOK_TOOLS, durations)
    record_property("post_tool_use_hook_ms", durations)
    print(f"PostToolUse hook in CLI {version}: {durations} ms (saved to {saved})")


def test_no_active_workflow_records_nothing(
    claude: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path,
) -> None:
    result, project, data = _run(claude, plugin_root, tmp_path, plugin_venv, running=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.tool_errors() == {}, result.tool_results
    posts = [r for r in result.hook_responses if r.get("hook_event") == "PostToolUse"]
    assert [(r["hook_name"], r["exit_code"], r["stdout"]) for r in posts] == [
        (f"PostToolUse:{tool}", 0, "") for tool in HOOK_TOOLS
    ], posts
    assert (project / NEW_FILE).read_text("utf-8") == NEW_TEXT_EDITED  # the edits happened
    assert not (project / ".gaia" / "memory" / "checkpoints").exists()
    assert not (data / "logs" / "hooks.log").exists()
