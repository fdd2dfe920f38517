"""The QA failure budget: `qa.max_rounds` (project config, default 3) failed rounds per story.

- A story's failed rounds are the `fail` rounds after its newest pass or waived round (a pass
  resets the count: the budget bounds rounds that are not converging).
- The budget is spent when the story's current result is `fail` and its failed rounds reach
  `qa.max_rounds`. The story is then parked: automated re-QA (`gaia review-qa`, the skill's
  setup) refuses to start with one line naming the rounds and the newest report.
- Parking is told ONCE: the first time a record spends the budget, the user gets one message
  naming how many rounds went by and the newest round's report (a journal record remembers it
  was told; a later, larger count tells again).
- Parking is computed, never stored as a state: raising `qa.max_rounds` releases it, and so do
  the exits (a passing re-QA, gate off, closing the epic).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import config, keys
from gaia_lib.core.errors import GaiaError
from gaia_lib.qa_gating import board, journal, names, record

EXIT_PARKED = 3  # review-qa's "no review possible"


def failed_rounds(history: Sequence[record.RoundRow]) -> int:
    count = 0
    for row in history:
        count = 0 if row.result in record.RELEASING else count + (row.result == "fail")
    return count


@dataclass(frozen=True)
class Budget:
    key: str
    failed: int
    max_rounds: int
    current: str
    report: str | None
    epic: str = ""  # the story's epic (board.story_epic)

    @property
    def spent(self) -> bool:
        return self.current == "fail" and self.failed >= self.max_rounds

    def message(self) -> str:
        newest = (f"the newest report is {self.report}" if self.report
                  else "no round recorded a report")
        return (f"{self.key} is parked: QA failed {self.failed} round(s) in a row, the budget "
                f"is {self.max_rounds} (qa.max_rounds); {newest}. Exits: "
                f"fix the code and raise qa.max_rounds to re-QA, `gaia qa-gate off --story "
                f"{self.key} --reason R`, or `gaia close-epic "
                f"{self.epic or keys.epic_of(self.key)} "
                f"--reason R`")


def status(project: Path, key: str, max_rounds: int | None = None) -> Budget:
    key = keys.story_key(key, 1)
    limit = max_rounds if max_rounds is not None else config.load(project, 1).qa.max_rounds
    epic = board.story_epic(project, key)
    qa = record.load(project, epic)
    return Budget(key, failed_rounds(qa.history(key)), limit, qa.current(key),
                  names.newest_report(project, key), epic)


def check_can_start(project: Path, key: str, exit_code: int = EXIT_PARKED) -> None:
    """Refuse an automated re-QA of a parked story (one line, the rounds and newest report)."""
    budget = status(project, key)
    if budget.spent:
        raise GaiaError(f"refusing re-QA: {budget.message()}", exit_code)


def notify_if_parked(project: Path, key: str, max_rounds: int | None = None) -> str | None:
    """The one parking message, the first time the budget is found spent at this count."""
    budget = status(project, key, max_rounds)
    if not budget.spent:
        return None
    told = journal.latest(project, "parked").get(budget.key)
    if told is not None and told.get("rounds") == budget.failed:
        return None
    journal.append(project, {"kind": "parked", "target": budget.key, "rounds": budget.failed,
                             "report": budget.report or ""})
    return budget.message()
