"""The QA review's phases as commands: what `gaia review-qa <phase>` and the skill's entry
scripts (`skills/gaia-review-qa/scripts/<phase>.py`) both run.

Each step takes the project and the story key, does one phase, and returns a `StepOutput`:
the text for stdout, an optional note for stderr, and the exit code. The caller prints it;
nothing here parses arguments or exits, so a terminal, CI and the skill get the same result.

Rules:
- `setup` (parent): Phase 1 and a clean round; prints the setup JSON the skill renders. Exit 0.
- `analyze` (fork): the evidence; runs under the `fork` write scope, so it can write only the
  evidence area whatever scope its caller had. Prints the evidence summary JSON. Exit 0.
- `verdict` (parent, read-only): the resolver's verdict for the story's current evidence
  (this round's analysis, plus the fork's findings when given); prints the one word and, on
  stderr, the rule that decided. Without an analysis of this round it is computed first, as
  finalize would. Exit 0 whatever the verdict: a verdict is data.
- `finalize` (parent): the resolver's verdict, the report, the gate row and round; prints the
  verdict line, the report path, the gate line and the reason. Exit 0.
A story that cannot be reviewed raises GaiaError with the phase's code (1 not found / wrong
status, 2 ambiguous key), as upstream's phase scripts do.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from gaia_lib.core import writes
from gaia_lib.core.steps import StepOutput, emit
from gaia_lib.evidence import head_start

if TYPE_CHECKING:
    from gaia_lib.review_qa.phases import Outcome

PHASES = ("setup", "analyze", "verdict", "finalize")
__all__ = ["PHASES", "StepOutput", "analyze", "emit", "finalize", "outcome_notes", "outcome_text",
           "setup", "verdict"]


def setup(project: Path, key: str) -> StepOutput:
    from gaia_lib.review_qa import context, phases

    s = context.setup(project, key)
    phases.start_round(s)
    return StepOutput(json.dumps(s.summary(), indent=2, sort_keys=True))


def analyze(project: Path, key: str, *, full: bool = False, base: str | None = None,
            context_name: str | None = None, use_cache: bool = True) -> StepOutput:
    if base is not None:  # a base git has no commit for is refused, not replaced by main
        from gaia_lib.story import filelist
        filelist.named_base(project, base)
    # The run's Python starts first, and imports pytest while this one imports the review.
    with head_start.begin(project) as head:
        from gaia_lib.review_qa import context, phases

        with writes.scope("fork", project):  # the read-only allowlist, held by our own code
            s = context.setup(project, key)
            result = phases.analyze(s, full=full, base=base, context=context_name,
                                    use_cache=use_cache, head=head)
    # Outside a fork (a terminal, CI) the Phase 3A checkpoint is recorded now; inside one
    # (GAIA_WRITE_SCOPE=fork, as analyze.py sets it) finalize records it in the parent.
    phases.record_analysis_checkpoint(s, result)
    per_ac = result.results["coverage"]["per_ac"]
    return StepOutput(json.dumps({
        "analysis_results": str(result.analysis_path),
        "execution_evidence": str(result.evidence_path) if result.evidence_path.is_file()
        else None,
        "cached": result.cached,
        "coverage_percent": result.results["coverage"]["percent"],
        "uncovered": [e["ac_id"] for e in per_ac if not e["matched"]],
        "test_cases": len(result.test_cases),
    }, indent=2, sort_keys=True))


def verdict(project: Path, key: str, *, llm_findings: Path | None = None) -> StepOutput:
    from gaia_lib.gate import verdict as rules
    from gaia_lib.review_qa import context, phases

    s = context.setup(project, key)
    phases.ensure_analysis(s)
    findings = None
    if llm_findings is not None:  # judged as finalize judges them, without writing anything
        analysis = s.state_dir() / "analysis-results.json"
        judged, unreadable = phases.judged_findings(phases.json_object(analysis.read_bytes()),
                                                    llm_findings)
        if unreadable:  # finalize would mark the review incomplete: BLOCKED
            return StepOutput("BLOCKED", 0, f"verdict: {unreadable} -> BLOCKED")
        findings = rules.Document(str(llm_findings), {"findings": judged})
    resolution = phases.resolve_current(s, findings)
    return StepOutput(resolution.verdict, 0, f"verdict: {resolution.reason}")


def finalize(project: Path, key: str, *, llm_findings: Path | None = None,
             payload: Path | None = None) -> StepOutput:
    from gaia_lib.review_qa import context, phases

    s = context.setup(project, key)
    text = None
    if payload is not None:
        try:
            text = payload.read_text(encoding="utf-8", errors="replace")
        except OSError:  # never written: as untrustworthy as a malformed one ([INCOMPLETE])
            text = ""
    outcome = phases.finalize(s, llm_findings=llm_findings, payload=text)
    return StepOutput(outcome_text(s.key, outcome), 0, outcome_notes(outcome))


def outcome_notes(outcome: Outcome) -> str | None:
    """stderr after a review: the gate's note, then QA gating's (the parking message)."""
    lines = [f"note: {outcome.gate_note}"] if outcome.gate_note else []
    lines += [f"qa gating: {note}" for note in outcome.notes]
    return "\n".join(lines) or None


def outcome_text(key: str, outcome: Outcome) -> str:
    """The lines a finished review prints (the whole review and `finalize` alike): the
    verdict, the report, the gate, the reason, and the AC coverage and findings a verdict
    line alone hides (an APPROVE with warnings open)."""
    # A review that tested nothing records no round: the row is the last tested review's,
    # and the ACs its words matched were never run. Nor does one whose reviewer gave nothing
    # usable.
    gate = (f"gate: QA Tests unchanged ({outcome.gate_verdict}: {outcome.no_round}, no QA "
            f"round) (Review Gate: {outcome.composite})" if outcome.no_round else
            f"gate: QA Tests -> {outcome.gate_verdict} (Review Gate: {outcome.composite})")
    summary = (f"{outcome.summary}; {outcome.no_round}" if outcome.untested
               else outcome.summary)
    return "\n".join((
        f"QA review {key}: {outcome.verdict}",
        f"report: {outcome.report_path}",
        gate,
        f"reason: {outcome.reason}",
        f"summary: {summary}",
    ))
