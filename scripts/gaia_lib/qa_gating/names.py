"""The one chooser of a QA review's next round and its report name (seed 004, item 4).

Rule: the next round is the story's highest recorded round (test-status.md, see record) + 1,
then advanced past any report already on disk, as far as it takes (`record.free_round`), so
neither a re-review, nor a reviewer that wrote a report and recorded nothing, nor a review
after the record was rolled back (a `git checkout` of test-status.md leaving later rounds'
reports) is sent to an occupied name. Round 1 keeps
the plain name `qa-tests-KEY.md`; round R is `qa-tests-KEY-roundR.md` (gate.reports spells the
names; nothing else does: a test scans the code for other literals). Every surface that hands
out a QA report path asks `next_report`: `gaia resolve-review-report-path --type qa-tests`,
review-qa setup (its `round` and `report`) and finalize, and the dev-story hand-off.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import keys
from gaia_lib.gate import reports
from gaia_lib.qa_gating import board, record


@dataclass(frozen=True)
class NextReport:
    round: int
    path: Path


def next_round(project: Path, key: str, highest: int | None = None) -> int:
    """The round the next QA review of `key` is (module docstring)."""
    key = keys.story_key(key)
    number = (record.current_highest(project, key) if highest is None else highest) + 1
    return record.free_round(project, key, number)


def next_report(project: Path, key: str) -> NextReport:
    number = next_round(project, key)
    return NextReport(number, record.conventional_report(project, key, number))


def newest_report(project: Path, key: str) -> str | None:
    """The report of the story's newest recorded round (what describes the code as it is)."""
    history = record.load(project, board.story_epic(project, key)).history(key)
    for row in reversed(history):
        if row.report != record.NO_CELL:
            return row.report
    return None


def review_report_path(project: Path, key: str, rtype: str) -> Path:
    """Where a review of type `rtype` writes its report now: QA reviews (`qa-tests`) at the
    chosen round's name, every other review at its plain name (`reviews/` created)."""
    key = keys.story_key(key)
    rtype = reports.review_type(rtype)
    number = next_round(project, key) if rtype == record.REPORT_TYPE else 1
    return reports.review_report_path(project, key, rtype, create=True, round_number=number)
