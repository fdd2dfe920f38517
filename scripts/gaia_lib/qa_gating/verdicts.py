"""Recording a QA verdict end to end: the recorder, then the one parking message.

Every QA verdict goes through `record_verdict`: `gaia qa-record`, `/gaia-review-qa`'s finalize
and `gaia review-gate update --gate "QA Tests"` (a Review Gate verdict maps PASSED -> pass,
FAILED -> fail, UNVERIFIED -> pending, which is roundless). After a `fail`, the failure budget
is checked and, the first time it is spent, the parking message is returned (see budget).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import config, paths
from gaia_lib.qa_gating import budget, record

GATE_RESULT = {"PASSED": "pass", "FAILED": "fail", "UNVERIFIED": "pending"}
QA_GATE = record.QA_GATE


@dataclass(frozen=True)
class Outcome:
    recorded: record.Recorded
    parked: str | None  # the one parking message, when this record spent the budget


def record_verdict(project: Path, request: record.Request) -> Outcome:
    # The budget a fail is weighed against is read first: a config that cannot be read
    # refuses the record before anything is written (a retry would record the round twice).
    limit = config.load(project, 1).qa.max_rounds if request.result == "fail" else None
    recorded = record.record(project, request)
    parked = (budget.notify_if_parked(project, recorded.key, limit)
              if recorded.result == "fail" else None)
    return Outcome(recorded, parked)


def record_gate_verdict(project: Path, key: str, gate_verdict: str, report: str | None, *,
                        round_number: int | None = None,
                        findings: str | None = None) -> Outcome:
    result = GATE_RESULT[gate_verdict]
    number = None if result == "pending" else round_number
    return record_verdict(project, record.Request(key, result, report=report, round=number,
                                                  findings=findings))


def describe(outcome: Outcome, project: Path) -> str:
    """`recorded: K = R (round N)  ->  <file>` (the round part only when there is one)."""
    rec = outcome.recorded
    number = f" (round {rec.round})" if rec.round is not None else ""
    return f"recorded: {rec.key} = {rec.result}{number}  ->  " \
        f"{paths.relative_to_project(rec.path, project)}"
