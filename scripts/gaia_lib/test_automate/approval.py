"""The /gaia-test-automate Approval Gate (parent): present the plan, collect the decision, record
it against the plan's id (seed 001, Approval Gate steps 1-6).

Rules:
- Pre-conditions (step 1): the plan file (resolve-test-artifact-per-story test-automate-plan KEY
  --existing-only) and the story file exist, else HALT "Cannot proceed with approval gate —
  plan file or story file not found. Re-run Review Phase 1."; a frontmatter without a parseable
  plan_id HALTs `plan_tamper_detected`; a BLOCKED plan (the stub) never enters the gate.
  Nothing is written on any HALT.
- Present (step 2): the plan's proposed tests (AC, TC, tier, target path, description) and
  narrative; a REQUEST_CHANGES plan is headed "plan changes recommended". The plan_id shown is
  recorded in the evidence directory (`presented.json`): the decision is checked against it.
- Decide (step 3): approve -> PASSED, reject -> FAILED, abort -> nothing recorded. A decision
  without a presentation of this run is refused, and a decision uses the presentation up (a
  second decision needs the plan presented again); a rejected plan_id is never approved
  afterwards (a new plan is). YOLO auto-approves only when the tier
  allowlist (test-env-allowlist over test-artifacts/test-environment.yaml) exists and holds
  every proposed test path; otherwise it refuses with exit 4 ("allowlist source absent —
  cannot auto-approve." / the paths outside), so the user is asked.
- Tamper (step 4): immediately before recording, the plan is re-read; an on-disk plan_id that
  differs from the presented one, or a plan that is not the hash of its own content, HALTs
  `plan_tamper_detected` (exit 1) and nothing is recorded.
- Record (step 5): `review-gate update --story KEY --gate test-automate-plan --verdict V
  --plan-id ID` (the plan-id ledger and the rounds ledger), then the plan's approval block is
  patched atomically under the plan's lock and re-read to verify (test_automate.plan.approve).
  After an approval the composite Review Gate is printed, informationally.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import paths, writes
from gaia_lib.core.errors import GaiaError, MalformedFile, NotFound
from gaia_lib.evidence import allowlist
from gaia_lib.gate import ledger, reports, verdict
from gaia_lib.gate import table as gate
from gaia_lib.gate.review_setup import find_review_story
from gaia_lib.test_automate import plan as plans
from gaia_lib.test_automate.context import PLAN_TYPE, STATE_SKILL

DECISIONS = {"approve": gate.PASSED, "reject": gate.FAILED, "abort": None}
EXIT_ASK_USER = 4
NOT_FOUND = ("Cannot proceed with approval gate — plan file or story file not found. "
             "Re-run Review Phase 1.")
UNPARSEABLE = ("plan_tamper_detected — cannot parse plan_id from plan file frontmatter. "
               "Re-run Review Phase 1.")
TAMPERED = ("plan_tamper_detected — plan_id changed between presentation and verdict. The "
            "on-disk plan was overwritten (possibly by a concurrent invocation). Re-run Review "
            "Phase 1.")
NO_ALLOWLIST = "allowlist source absent — cannot auto-approve."
CHOICES = "[a] Approve (PASSED) | [r] Reject (FAILED) | [x] Abort"


class AskUser(GaiaError):
    """YOLO cannot decide alone: the user must approve explicitly."""


@dataclass(frozen=True)
class Gate:
    project: Path
    key: str
    story_path: Path
    plan_path: Path
    plan: plans.Plan

    def presented_path(self) -> Path:
        return paths.review_state_dir(self.project, STATE_SKILL, self.key) / "presented.json"


def load(project: Path, raw_key: str) -> Gate:
    """Step 1: the plan and the story, validated (module docstring)."""
    try:
        key, story_path, _ = find_review_story(project, raw_key)
    except NotFound:
        raise NotFound(NOT_FOUND, 1) from None
    found = reports.test_artifact_read_path(project, PLAN_TYPE, key, existing_only=True)
    if found is None:
        raise NotFound(NOT_FOUND, 1)
    try:
        current = plans.load(found)
    except MalformedFile:
        raise GaiaError(UNPARSEABLE, 1) from None
    if not current.plan_id:
        raise GaiaError(UNPARSEABLE, 1)
    if current.verdict == verdict.BLOCKED:
        raise GaiaError(f"the plan for {key} is BLOCKED: the Approval Gate is not entered; fix "
                        "what the review report names and re-run /gaia-test-automate", 1)
    return Gate(project, key, story_path, found, current)


def render(g: Gate) -> str:
    """Step 2's presentation (pure)."""
    p = g.plan
    lines = ["plan changes recommended"] if p.verdict == verdict.REQUEST_CHANGES else []
    lines += [f"Test automation plan for {g.key} (verdict: {p.verdict})",
              f"plan: {paths.relative_to_project(g.plan_path, g.project)}",
              f"plan_id: {p.plan_id}", "", "Proposed tests:"]
    lines += [f"  {t.ac}  {t.tc or '—'}  {t.tier}  {t.test_file}"
              + (f"  — {t.description}" if t.description else "") for t in p.proposed_tests]
    if not p.proposed_tests:
        lines.append("  (none: no AC without a test)")
    if p.narrative:
        lines += ["", p.narrative]
    lines += ["", f"Decide: {CHOICES}"]
    return "\n".join(lines)


def present(project: Path, raw_key: str) -> str:
    g = load(project, raw_key)
    with writes.scope("parent", project):
        writes.write_json(g.presented_path(), {"plan_id": g.plan.plan_id,
                                               "plan": paths.relative_to_project(g.plan_path,
                                                                                 project)})
    return render(g)


def presented_id(g: Gate) -> str:
    try:
        value = json.loads(g.presented_path().read_text("utf-8"))
    except (OSError, ValueError):
        value = None
    if not isinstance(value, dict) or not isinstance(value.get("plan_id"), str):
        raise GaiaError(f"the plan for {g.key} has not been presented in this run: present it "
                        "first (approve.py KEY --present)", 1)
    return str(value["plan_id"])


def _used(g: Gate) -> None:
    """One presentation, one decision: the next decision needs the plan presented again."""
    with writes.scope("parent", g.project):
        writes.remove(g.presented_path())


def outside_allowlist(project: Path, tests: tuple[plans.ProposedTest, ...]) -> list[str]:
    """Proposed test paths outside the tier allowlist; AskUser when there is no allowlist."""
    source = allowlist.default_path(project)
    if not source.is_file():
        raise AskUser(NO_ALLOWLIST, EXIT_ASK_USER)
    try:
        dirs = allowlist.load(source)
    except NotFound as exc:  # a file naming no directory allows nothing: the user decides
        raise AskUser(f"{exc.message} — cannot auto-approve.", EXIT_ASK_USER) from None
    return [t.test_file for t in tests if not allowlist.inside(t.test_file, dirs)]


def decide(project: Path, raw_key: str, decision: str, *, yolo: bool = False) -> list[str]:
    """Steps 3-5; returns the lines to print (module docstring)."""
    g = load(project, raw_key)
    shown = presented_id(g)
    wanted = DECISIONS[decision]
    if wanted == gate.PASSED and g.plan.approval.verdict == gate.FAILED and \
            g.plan.approval.verdict_plan_id == g.plan.plan_id:
        raise GaiaError(f"plan_id={g.plan.plan_id} was rejected: re-run /gaia-test-automate "
                        f"{g.key} to generate a new plan", 1)
    if wanted is None:
        _used(g)
        if g.plan.approval.verdict == gate.PASSED and g.plan.approval.verdict_plan_id == \
                g.plan.plan_id:  # an abort records nothing: an earlier approval still stands
            return [f"Aborted. No verdict recorded for {g.key}; the plan's earlier approval "
                    f"(PASSED for plan_id={g.plan.plan_id}) stands, so the execution phase "
                    "can still run; reject it to stop that."]
        return [f"Aborted. No verdict recorded for {g.key}; the execution phase will not run."]
    if yolo:
        if wanted != gate.PASSED:
            raise GaiaError("--yolo auto-approves only: use it with --decision approve", 2)
        outside = outside_allowlist(project, g.plan.proposed_tests)
        if outside:
            raise AskUser("proposed test path(s) outside the tier allowlist — cannot "
                          f"auto-approve: {', '.join(outside)}", EXIT_ASK_USER)
    current = plans.load(g.plan_path)  # step 4: re-read right before recording
    if current.plan_id != shown or not plans.self_checks(current):
        raise GaiaError(TAMPERED, 1)
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    _used(g)
    with writes.scope("parent", project):
        gate.record_plan_verdict(project, ledger.ledger_for(project, None), g.key, plans.GATE,
                                 current.plan_id, wanted,
                                 report=paths.relative_to_project(g.plan_path, project),
                                 recorded=today)
        try:
            plans.approve(g.plan_path, wanted, shown, project)
        except GaiaError as exc:
            if "plan_tamper_detected" in exc.message:
                raise GaiaError(TAMPERED, 1) from None
            raise
    if wanted == gate.FAILED:
        return [f"Plan rejected. Verdict FAILED recorded for plan_id={current.plan_id}. The "
                "execution phase will NOT be invoked. Re-run /gaia-test-automate to generate a "
                "new plan."]
    how = " (YOLO: every proposed test is inside the tier allowlist)" if yolo else ""
    lines = [f"Plan approved{how}. Verdict PASSED recorded for plan_id={current.plan_id}. "
             "Ready for execution-phase execution (/gaia-test-automate-execute "
             f"{g.key})."]
    try:
        text, _ = gate.render_check(gate.load_rows(g.story_path))
        lines += ["", text.rstrip()]
    except GaiaError as exc:  # informational only: never halts the gate
        lines += ["", f"Review Gate check unavailable: {exc.message}"]
    return lines
