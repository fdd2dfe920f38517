"""Scripted sessions of the real CLI against the fake Messages API (no network, no account).

Each session takes about one second once the CLI is cached.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from e2e.claude_cli import ClaudeCli, Session, SessionResult, run_session
from e2e.fake_api import Text, ToolUse, Turn, tool_result_text
from helpers.projects import make_project

pytestmark = [pytest.mark.claude, pytest.mark.every_cli]


def _write_session(plugin_root: Path, tmp_path: Path, output_format: str = "json") -> Session:
    project = make_project(tmp_path / "proj").root
    target = project / "notes" / "hello.txt"
    script: list[Turn] = [
        [Text("Writing the file."),
         ToolUse("Write", {"file_path": str(target), "content": "hello from the script\n"},
                 id="toolu_write_1")],
        [Text("All done.")],
    ]
    return Session(
        prompt="Write notes/hello.txt", script=script, plugin_root=plugin_root,
        project=project, work=tmp_path / "work", output_format=output_format,
    )


def _post_tool_use_hooks(plugin_root: Path) -> list[object]:
    hooks_file = plugin_root / "hooks" / "hooks.json"
    if not hooks_file.is_file():
        return []
    entries: list[object] = json.loads(hooks_file.read_text("utf-8"))["hooks"].get(
        "PostToolUse", []
    )
    return entries


def _assert_wrote(result: SessionResult, project: Path) -> None:
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.result is not None, result.stdout
    assert result.result["is_error"] is False
    assert result.result["result"] == "All done."
    assert result.result["num_turns"] == 2
    assert (project / "notes" / "hello.txt").read_text() == "hello from the script\n"


def test_scripted_write_session(claude: ClaudeCli, plugin_root: Path, tmp_path: Path) -> None:
    session = _write_session(plugin_root, tmp_path)
    result = run_session(claude, session)

    _assert_wrote(result, session.project)
    # The CLI reported the Write back to the model: one agent-loop request per scripted turn.
    assert [r.route for r in result.requests if r.is_agent_turn] == ["/v1/messages"] * 2
    assert [b["tool_use_id"] for b in result.tool_results] == ["toolu_write_1"]
    block = result.tool_results[0]
    assert not block.get("is_error")
    assert str(session.project / "notes" / "hello.txt") in tool_result_text(block)


def test_post_tool_use_hook_runs_after_write(
    claude: ClaudeCli, plugin_root: Path, tmp_path: Path, record_property: Callable[[str, object], None]
) -> None:
    """The plugin's PostToolUse hook runs after the Write and exits 0.

    `hook_response` stream events (every version) give the exit code; the debug log's
    completion line gives the plugin id and the duration, on CLIs newer than 2.1.197 (that
    version logs no completion line).
    """
    if not _post_tool_use_hooks(plugin_root):
        pytest.skip("hooks/hooks.json defines no PostToolUse hook yet")
    session = _write_session(plugin_root, tmp_path, output_format="stream-json")
    result = run_session(claude, session)
    _assert_wrote(result, session.project)

    responses = [r for r in result.hook_responses if r.get("hook_event") == "PostToolUse"]
    assert responses, result.stdout
    assert [(r["hook_name"], r["exit_code"]) for r in responses] == [
        ("PostToolUse:Write", 0)
    ] * len(responses), responses

    runs = [r for r in result.hook_runs if r.event == "PostToolUse"]
    if claude.version <= (2, 1, 197):
        assert runs == []
        return
    assert runs, "no PostToolUse completion line in the debug log"
    assert {(r.plugin, r.matcher, r.status) for r in runs} == {("gaia@inline", "Write", 0)}
    slowest = max(r.duration_ms for r in runs)
    record_property("post_tool_use_hook_ms", slowest)
    print(f"PostToolUse hook on CLI {claude.requested}: {slowest} ms")
