"""A scripted model that does what the rendered /gaia-test-automate SKILL.md tells it.

It is skill_follower.Follower (the same reading of the skill: the setup JSON, the one Agent
dispatch with its `subagent_type` and blockquoted prompt, the persist step, then every later
step's backticked launcher command in order), plus what the Approval Gate step needs:
- the decision command's DECISION is the scenario's decision; when the setup JSON says `yolo`,
  the decision is `approve` and `--yolo` is added, as step 6 says;
- `between_present_and_decision`: a scenario hook run once, after the `--present` command's
  result came back and before the decision command (a concurrent run rewriting the plan);
- in the planner's thread, the answer's JSON carries the plan content the planner's
  instructions ask for: `plan-proposal.json` from the evidence directory its prompt names, kept
  as it is, beside the scenario's findings.
A skill that loses a step, a placeholder or a file name fails as with Follower
(SkillTextError).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from e2e.fake_api import RecordedRequest, Turn
from e2e.skill_follower import Follower, Plan, SkillTextError, plan_of, skill_block

PROPOSAL = "plan-proposal.json"
DECISION = "DECISION"


def decided(plan: Plan, decision: str) -> Plan:
    """The plan's commands with the decision filled in (YOLO: approve, `--yolo` added)."""
    yolo = bool(plan.setup.get("yolo"))
    commands = []
    for command in plan.commands:
        if DECISION in command:
            command = command.replace(DECISION, "approve" if yolo else decision)
            command += " --yolo" if yolo else ""
        commands.append(command)
    if not any("--decision" in c for c in commands):
        raise SkillTextError("no Approval Gate command with `--decision DECISION` in the steps")
    return replace(plan, commands=tuple(commands))


@dataclass
class AutomateFollower(Follower):
    decision: str = "approve"
    between_present_and_decision: Callable[[], None] | None = None
    _hook_ran: bool = False

    def main(self, request: RecordedRequest) -> Turn:
        if self.plan is None:
            self.plan = decided(plan_of(skill_block(request), self.key), self.decision)
        index = self._main_step - 3  # steps 0-2: dispatch and the two persisting Writes
        upcoming = self.plan.commands[index] if 0 <= index < len(self.plan.commands) else ""
        if "--decision" in upcoming and self.between_present_and_decision and not self._hook_ran:
            self._hook_ran = True
            self.between_present_and_decision()
        return super().main(request)

    def qa(self, request: RecordedRequest) -> Turn:
        if PROPOSAL not in request.text():
            raise SkillTextError(f"the planner's prompt does not name {PROPOSAL}")
        assert self.plan is not None
        proposal = Path(self.project) / str(self.plan.setup["evidence_dir"]) / PROPOSAL
        if proposal.is_file():  # written by the analyze command the planner ran first
            content: Any = json.loads(proposal.read_text("utf-8"))
            self.findings = {**self.findings, "plan": content}
        return super().qa(request)
