"""The SessionStart bootstrap inside the real CLI, starting from an empty CLAUDE_PLUGIN_DATA.

`gaia bootstrap` is an async SessionStart hook, and a `-p` session cancels async hooks when it
ends (docs/claude-code-notes.md). So the session's first Bash call waits, up to 150 s, until
the venv's ready marker and `hook-python` exist, then one more second for the CLAUDE_ENV_FILE
exports, which the hook writes right after. The second Bash call then shows what later Bash
calls see: the exported GAIA_PLUGIN_ROOT / GAIA_PLUGIN_DATA and `gaia` on PATH.

The build installs the pinned requirements with pip from the package registry (and any local
wheels PIP_FIND_LINKS names); it takes about 6 s per CLI version here. `--allowedTools Bash` lets the polling
loop run without a permission prompt.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from e2e.claude_cli import ClaudeCli, Session, run_session
from e2e.demo import REPO_ROOT, demo_copy, plugin_data_dir, ready_venvs, session_env
from e2e.fake_api import Text, ToolUse, Turn, tool_result_text

pytestmark = [pytest.mark.claude, pytest.mark.every_cli]

WAIT_SECONDS = 150


def _script(data: Path) -> list[Turn]:
    wait = (f"timeout {WAIT_SECONDS} sh -c 'until [ -f {data}/hook-python ] && "
            f"ls {data}/venv-*/.gaia-ready >/dev/null 2>&1; do sleep 0.5; done' "
            "&& sleep 1 && echo venv-ready")
    show = ('printf "root=%s\\ndata=%s\\n" "$GAIA_PLUGIN_ROOT" "$GAIA_PLUGIN_DATA"; '
            "command -v gaia")
    return [
        [Text("Waiting for the plugin to finish its set-up."),
         ToolUse("Bash", {"command": wait, "description": "Wait for the gaia venv",
                          "timeout": (WAIT_SECONDS + 30) * 1000}, id="toolu_wait")],
        [ToolUse("Bash", {"command": show, "description": "Show the gaia environment"},
                 id="toolu_show")],
        [Text("The plugin is ready.")],
    ]


def test_session_start_builds_the_venv_and_exports_the_paths(
    claude: ClaudeCli, plugin_root: Path, tmp_path: Path
) -> None:
    project = demo_copy(tmp_path / "demo")
    work = tmp_path / "work"
    data = plugin_data_dir(work / "claude-config")
    assert not data.exists()
    # GAIA_DATA_DIR points elsewhere: the hook must build where CLAUDE_PLUGIN_DATA says.
    env = session_env(tmp_path / "not-the-plugin-data")
    for var in ("PIP_FIND_LINKS", "PIP_CERT", "PIP_DEFAULT_TIMEOUT", "SSL_CERT_FILE"):
        if os.environ.get(var):  # the machine's pip settings reach the hook's venv build
            env[var] = os.environ[var]
    result = run_session(claude, Session(
        prompt="Is the gaia plugin ready?", script=_script(data), plugin_root=plugin_root,
        project=project, work=work, output_format="stream-json",
        extra_args=["--allowedTools", "Bash"], env=env, timeout=WAIT_SECONDS + 60,
    ))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.result is not None and result.result["result"] == "The plugin is ready."
    assert result.tool_errors() == {}

    results = {b["tool_use_id"]: (bool(b.get("is_error")), tool_result_text(b))
               for b in result.tool_results}
    assert results["toolu_wait"] == (False, "venv-ready"), results
    assert results["toolu_show"] == (False, "\n".join([
        f"root={REPO_ROOT}", f"data={data}", f"{REPO_ROOT}/bin/gaia",
    ])), results

    venvs = ready_venvs(data)
    assert [v.parent for v in venvs] == [data]
    python = (data / "hook-python").read_text().strip()
    assert Path(python).is_file()
    assert python.startswith(f"{venvs[0]}/bin/python"), python  # the edit hook's interpreter
    assert not (tmp_path / "not-the-plugin-data").exists()
    starts = [r for r in result.hook_responses if r.get("hook_event") == "SessionStart"]
    assert [(r["hook_name"], r["exit_code"]) for r in starts] == [("SessionStart:startup", 0)]
