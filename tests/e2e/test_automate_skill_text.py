"""/gaia-test-automate's SKILL.md as the scripted model reads it, without a CLI session: the
routing comes first, the planning steps call no Review Gate command, the Approval Gate has its
two commands, and a skill that loses a step the model needs fails to be followed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from e2e.skill_follower import SkillTextError, plan_of
from e2e.test_automate_follower import decided

REPO_ROOT = Path(__file__).resolve().parents[2]
SKILL = REPO_ROOT / "skills" / "gaia-test-automate" / "SKILL.md"
KEY = "E1-S1"
EVIDENCE = f".gaia/state/review/test-automate/{KEY}"


def _rendered(text: str, yolo: bool = False) -> str:
    """SKILL.md as the CLI renders it, the setup line replaced by a setup JSON."""
    text = text.replace("${CLAUDE_PLUGIN_ROOT}", "/plugin")
    bang = re.search(r"^!`([^`]*)`$", text, re.MULTILINE)
    assert bang is not None, "SKILL.md has no `!` setup line"
    setup = json.dumps({"story_key": KEY, "evidence_dir": EVIDENCE, "blocked": None,
                        "route": "plan", "yolo": yolo})
    return text.replace(bang.group(0), setup)


def test_routing_comes_before_the_planning_steps_and_names_the_commands() -> None:
    text = SKILL.read_text("utf-8")
    assert text.index("## Sub-commands") < text.index("## Steps")
    routing = text[text.index("## Sub-commands"):text.index("## Steps")]
    for flag in ("--status", "--add-scenario", "--scaffold"):
        assert f"/bin/gaia test-automate KEY {flag}" in routing
    assert "/gaia-test-automate-execute KEY" in routing


@pytest.mark.parametrize(("yolo", "decision"), [(False, "reject"), (True, "approve --yolo")])
def test_the_model_reads_four_commands_and_no_gate_call_before_the_approval_gate(
    yolo: bool, decision: str
) -> None:
    plan = decided(plan_of(_rendered(SKILL.read_text("utf-8"), yolo), KEY), "reject")
    scripts = "/plugin/skills/gaia-test-automate/scripts"
    assert plan.subagent_type == "gaia:test-automate"
    assert "plan-proposal.json" in plan.fork_prompt
    assert plan.analyze_command == f"/plugin/bin/gaia {scripts}/analyze.py {KEY}"
    assert list(plan.commands) == [
        f"/plugin/bin/gaia {scripts}/verdict.py {KEY} --llm-findings {EVIDENCE}/fork-findings.json",
        f"/plugin/bin/gaia {scripts}/finalize.py {KEY} --llm-findings "
        f"{EVIDENCE}/fork-findings.json --payload {EVIDENCE}/fork-report.md",
        f"/plugin/bin/gaia {scripts}/approve.py {KEY} --present",
        f"/plugin/bin/gaia {scripts}/approve.py {KEY} --decision {decision}",
    ]
    assert not any("review-gate" in c for c in plan.commands[:2])


@pytest.mark.parametrize(("old", "new"), [
    ("approve.py KEY --decision DECISION", "approve.py KEY"),
    ("findings JSON, unchanged, to", "findings JSON to"),
    ('subagent_type: "gaia:test-automate"', "the planner"),
])
def test_a_skill_that_loses_what_the_model_needs_cannot_be_followed(old: str, new: str) -> None:
    text = SKILL.read_text("utf-8")
    assert old in text, f"SKILL.md no longer holds {old!r}: update the mutation"
    with pytest.raises(SkillTextError):
        decided(plan_of(_rendered(text.replace(old, new)), KEY), "approve")
