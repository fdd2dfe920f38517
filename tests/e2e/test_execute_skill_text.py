"""The /gaia-test-automate-execute follower reads SKILL.md as written, and refuses a broken one.

No CLI here (the sessions are in test_test_automate_execute_session.py): SKILL.md is rendered
the way the CLI renders it (plugin root filled in, the `!` line replaced by a preflight JSON)
and read by `plan_of`; each mutation of the text must make it raise SkillTextError, so a
session on a broken skill fails instead of replaying fixed calls.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from e2e.skill_follower import SkillTextError
from e2e.test_automate_execute_follower import plan_of

ROOT = Path(__file__).resolve().parents[2]
SKILL = (ROOT / "skills/gaia-test-automate-execute/SKILL.md").read_text(encoding="utf-8")
SETUP = {"story_key": "E1-S1", "run_dir": ".gaia/state/test-automate/E1-S1/execution",
         "developer": "gaia:python-dev", "tests": []}


def rendered(text: str = SKILL, setup: dict[str, object] | None = None) -> str:
    text = text.replace("${CLAUDE_PLUGIN_ROOT}", "/plugin")
    bang = re.search(r"^!`([^`]*)`$", text, re.MULTILINE)
    assert bang is not None
    return text.replace(bang.group(0), json.dumps(setup or SETUP))


def test_the_skill_reads_as_dispatch_verify_record() -> None:
    plan = plan_of(rendered(), "E1-S1")
    assert plan.subagent_type == "gaia:python-dev"
    assert "E1-S1" in plan.prompt and f"{SETUP['run_dir']}/setup.json" in plan.prompt
    assert plan.commands == (
        "/plugin/bin/gaia /plugin/skills/gaia-test-automate-execute/scripts/verify.py E1-S1",
        "/plugin/bin/gaia /plugin/skills/gaia-test-automate-execute/scripts/record.py E1-S1")
    assert plan_of(rendered(setup={**SETUP, "developer": "gaia:go-dev"}), "E1-S1"
                   ).subagent_type == "gaia:go-dev"


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("Agent tool", "Task tool", "one Agent-tool step"),
        ("is the setup JSON's `developer`", "is the stack's developer", "not plugin:agent"),
        ("   > ", "   ", "no blockquoted prompt"),
        ("RUN_DIR is the setup JSON's `run_dir`", "RUN_DIR is the run directory",
         "which setup field RUN_DIR is"),
        ("`${CLAUDE_PLUGIN_ROOT}/bin/gaia ${CLAUDE_PLUGIN_ROOT}/skills/gaia-test-automate-"
         "execute/scripts/verify.py KEY`", "the verify script", None),
        ("## Steps", "## What to do", "no '## Steps' section"),
    ],
)
def test_a_broken_skill_is_refused_or_read_differently(old: str, new: str,
                                                       words: str | None) -> None:
    assert old in SKILL
    broken = rendered(SKILL.replace(old, new))
    if words is None:  # the verify command dropped: the plan no longer runs it
        plan = plan_of(broken, "E1-S1")
        assert not any("verify.py" in c for c in plan.commands)
        return
    with pytest.raises(SkillTextError, match=re.escape(words)):
        plan_of(broken, "E1-S1")
