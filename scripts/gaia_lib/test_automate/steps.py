"""/gaia-test-automate's planning phases and Approval Gate as steps: what the skill's entry
scripts (`skills/gaia-test-automate/scripts/<phase>.py`) and `gaia test-automate-plan <phase>`
both run.

Each step returns a StepOutput (stdout, exit code, stderr note); nothing here parses arguments.
- `setup` (parent): the sub-command routing first (`route`: status | add-scenario | scaffold |
  execute | plan), then Phase 1 + a clean run for `plan`; prints the setup JSON the skill
  renders (`yolo` says whether the Approval Gate may auto-approve). Exit 0.
- `analyze` (fork scope: writes only the evidence area): Phases 2-3A; prints the evidence
  summary JSON. Exit 0.
- `verdict` (parent, read-only): the resolver's verdict word; the deciding rule on stderr.
  Exit 0 whatever the verdict.
- `finalize` (parent): Phases 5-7; prints the verdict line, the report and plan paths, the
  plan_id and what comes next. Exit 0. Never touches the Review Gate or the plan-id ledger.
- `present` / `decide` (parent): the Approval Gate. Exit 0 recorded or aborted; 1 HALT
  (plan or story missing, plan_tamper_detected, BLOCKED plan, not presented); 4 YOLO cannot
  auto-approve (ask the user).
"""

from __future__ import annotations

import json
from pathlib import Path

from gaia_lib.core import paths, writes
from gaia_lib.core.steps import StepOutput, emit
from gaia_lib.gate import review_setup
from gaia_lib.test_automate import analysis, approval, context, planning

ROUTES = ("status", "add-scenario", "scaffold", "execute")


def setup(project: Path, key: str, *, route: str | None = None, yolo: bool = False
          ) -> StepOutput:
    """Phase 1, after the sub-command routing: a sub-command (`route`) runs no planning phase,
    so nothing is probed or cleared; the JSON only says where the skill goes."""
    if route is not None:
        found, _, _ = review_setup.find_review_story(project, key)
        return StepOutput(json.dumps({
            "story_key": found, "route": route, "blocked": None, "yolo": yolo,
            "evidence_dir": paths.relative_to_project(
                paths.review_state_dir(project, context.STATE_SKILL, found), project),
        }, indent=2, sort_keys=True))
    s = context.setup(project, key)
    planning.start_run(s)
    summary = {**s.summary(), "route": "plan", "yolo": yolo}
    return StepOutput(json.dumps(summary, indent=2, sort_keys=True))


def analyze(project: Path, key: str, *, use_cache: bool = True) -> StepOutput:
    with writes.scope("fork", project):  # the read-only allowlist, held by our own code
        s = context.setup(project, key)
        result = analysis.analyze(s, use_cache=use_cache)
    planning.record_analysis_checkpoint(s, result)
    return StepOutput(json.dumps({
        "analysis_results": str(result.analysis_path),
        "plan_proposal": str(result.state_dir / "plan-proposal.json"),
        "cached": result.cached,
        "cache_key": result.results["cache_key"],
        "uncovered": result.results["uncovered"],
        "proposed_tests": len(result.proposal["proposed_tests"]),
    }, indent=2, sort_keys=True))


def verdict(project: Path, key: str, *, llm_findings: Path | None = None) -> StepOutput:
    resolution = planning.current_verdict(context.setup(project, key), llm_findings)
    return StepOutput(resolution.verdict, 0, f"verdict: {resolution.reason}")


def finalize(project: Path, key: str, *, llm_findings: Path | None = None,
             payload: Path | None = None) -> StepOutput:
    s = context.setup(project, key)
    text, unread = None, None
    if payload is not None:
        try:
            text = payload.read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            unread = f"the report payload file {payload} cannot be read ({exc.strerror})"
    out = planning.finalize(s, llm_findings=llm_findings, payload=text, unread_payload=unread)
    nxt = (f"next: Approval Gate (approve.py {s.key} --present)" if out.enters_approval_gate
           else "next: stop — BLOCKED, the Approval Gate is not entered")
    return StepOutput("\n".join((
        f"Test automation plan {s.key}: {out.verdict}",
        f"report: {out.report_path}",
        f"plan: {out.plan_path}",
        f"plan_id: {out.plan_id}",
        nxt,
        f"reason: {out.reason}",
    )))


def present(project: Path, key: str) -> StepOutput:
    return StepOutput(approval.present(project, key))


def decide(project: Path, key: str, decision: str, *, yolo: bool = False) -> StepOutput:
    return StepOutput("\n".join(approval.decide(project, key, decision, yolo=yolo)))


__all__ = ["StepOutput", "analyze", "decide", "emit", "finalize", "present", "setup",
           "verdict"]
