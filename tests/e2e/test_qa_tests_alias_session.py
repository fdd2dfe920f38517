"""`/gaia-qa-tests E1-S1`, the deprecated alias, routes to the review-qa skill in the real CLI.

What runs, in order:
- the prompt expands the alias skill (skills/gaia-qa-tests): the first model request carries
  `<command-name>/gaia:gaia-qa-tests</command-name>` and the alias body with the arguments
  substituted. Nothing of review-qa has run yet;
- the scripted model calls the Skill tool, which both CLI versions offer as `Skill` with input
  `{"skill": str, "args": str}` (only `skill` required);
- the CLI answers with the tool_result `Launching skill: <name>` and, in the same user message,
  a text block with the rendered review-qa SKILL.md, whose `!` setup line
  (`gaia review-qa setup E1-S1`) has run and left its JSON in place;
- the model ends the turn.

The Skill call needs the alias's `allowed-tools`: without a matching `Skill(...)` rule `-p`
mode refuses it with an error tool_result (`Execute skill: ...`). 2.1.197 matches the rule
against the literal `skill` input, so each spelling the model may use has its own rule; both
are exercised here. About 3 s per session.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from e2e.claude_cli import ClaudeCli, Session, run_session
from e2e.demo import demo_copy, seed_plugin_data, session_env
from e2e.fake_api import RecordedRequest, Text, ToolUse, Turn, tool_result_text

pytestmark = [pytest.mark.claude, pytest.mark.every_cli]

KEY = "E1-S1"
EVIDENCE = f".gaia/state/review/qa-tests/{KEY}"
CHECKPOINT = ".gaia/memory/checkpoints/qa-tests.yaml"  # written by `gaia review-qa setup`
SETUP_HEADING = "## Setup (already run)"
FINAL = "Stopping here."


def _setup_json(skill_text: str) -> dict[str, Any]:
    """The JSON the review-qa skill's `!` line left under its Setup heading."""
    start = skill_text.index(SETUP_HEADING) + len(SETUP_HEADING)
    setup: dict[str, Any] = json.loads(skill_text[start:skill_text.index("The JSON above")])
    return setup


def _last_message_blocks(request: RecordedRequest) -> list[dict[str, Any]]:
    content = request.messages[-1]["content"]
    assert isinstance(content, list), content
    return content


@pytest.mark.parametrize("skill", ["gaia:gaia-review-qa", "gaia-review-qa"])
def test_deprecated_alias_invokes_review_qa_skill(
    claude: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path, skill: str
) -> None:
    project = demo_copy(tmp_path / "demo")
    assert not (project / CHECKPOINT).exists()
    work = tmp_path / "work"
    seed_plugin_data(work / "claude-config", plugin_venv)
    script: list[Turn] = [
        [Text("`/gaia-qa-tests` is deprecated; it is now `/gaia-review-qa`."),
         ToolUse("Skill", {"skill": skill, "args": KEY}, id="toolu_skill")],
        [Text(FINAL)],
    ]
    result = run_session(claude, Session(
        prompt=f"/gaia-qa-tests {KEY}", script=script, plugin_root=plugin_root,
        project=project, work=work, env=session_env(plugin_venv.parent)))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.result is not None and result.result["result"] == FINAL
    assert result.tool_errors() == {}

    turns = [r for r in result.requests if r.is_agent_turn]
    assert [r.thread for r in turns] == ["main", "main"]
    first, second = turns

    # The alias was expanded, with its arguments; review-qa had not run yet.
    text = first.text()
    assert "<command-name>/gaia:gaia-qa-tests</command-name>" in text
    assert f"<command-args>{KEY}</command-args>" in text
    assert f"passing these\narguments unchanged: {KEY}" in text
    assert SETUP_HEADING not in text
    # The tool the alias names, with the input shape the script relies on.
    tool = next(t for t in first.body["tools"] if t["name"] == "Skill")
    schema = tool["input_schema"]
    assert (sorted(schema["properties"]), schema["required"]) == (["args", "skill"], ["skill"])

    # The Skill call was allowed and loaded review-qa, whose setup ran for the passed key.
    blocks = _last_message_blocks(second)
    assert blocks[0]["type"] == "tool_result" and blocks[0]["tool_use_id"] == "toolu_skill"
    assert not blocks[0].get("is_error"), blocks[0]
    assert tool_result_text(blocks[0]) == f"Launching skill: {skill}"
    base = f"Base directory for this skill: {plugin_root / 'skills' / 'gaia-review-qa'}\n"
    skill_text = next(str(b["text"]) for b in blocks[1:]
                      if b.get("type") == "text" and str(b.get("text", "")).startswith(base))
    setup = _setup_json(skill_text)
    assert (setup["story_key"], setup["status"], setup["evidence_dir"], setup["blocked"]) == (
        KEY, "review", EVIDENCE, None)
    assert (project / CHECKPOINT).is_file()
