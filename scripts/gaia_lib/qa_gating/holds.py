"""Dependents wait: the QA hold `gaia check-deps`, `gaia sprint-state check-deps` and dev-story's
Step 1 apply through `story.sprint.check_deps(..., qa_hold=QaHolds(project))`.

A dependency that is `done` still holds its dependents when ALL of:
- its QA gating mode resolves to `on` (see mode: story > epic > project > default on);
- its epic is not closed (a closed epic's verdicts are not reported and hold nothing);
- its current QA result (the `## QA status` row) is `fail` or `pending`.
`pass` and `waived` release, and so does no row at all (a story that reached `done` passed its
Review Gate, which is GAIA's gate). Any other word in the Result cell holds (it is not a
verdict that releases). The refusal names the holding row, where it is recorded, and the exits.
Whatever its QA mode, a `done` dependency whose Review Gate rows read PASSED with no PASSED
verdict recorded for them (edited by hand: `gate.table.unrecorded_passes`) holds too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from gaia_lib.core import keys, paths
from gaia_lib.core.errors import GaiaError
from gaia_lib.gate import table as gate
from gaia_lib.qa_gating import board, exits, mode, record
from gaia_lib.story import resolve
from gaia_lib.story.parser import load_story


@dataclass(frozen=True)
class Hold:
    key: str
    result: str
    round: int | None
    report: str
    where: str  # test-status.md, project-relative
    epic: str = ""  # the story's epic (board.story_epic)

    def describe(self) -> str:
        shown = f"round {self.round}" if self.round is not None else "no round"
        return (f"held by QA {self.result} ({shown}, report {self.report}; row in {self.where}). "
                # it is done (only a done dependency is held): a pass is recorded, not reviewed
                f"Exits: re-QA until it passes (record the passing verdict: gaia qa-record "
                f"{self.key} --result pass --report R), gaia qa-gate off "
                f"--story {self.key} --reason R, or gaia close-epic "
                f"{self.epic or keys.epic_of(self.key)} "
                f"--reason R")


@dataclass
class QaHolds:
    """The hold of each dependency, with the journal, config and records read once."""

    project: Path
    modes: mode.Modes | None = None
    closed_epics: frozenset[str] | None = None
    records: dict[str, record.QaRecord] = field(default_factory=dict)

    def hold(self, key: str) -> Hold | None:
        if self.modes is None:
            self.modes = mode.Modes.load(self.project)
            self.closed_epics = exits.closed_epics(self.project)
        epic = board.story_epic(self.project, key)
        if self.closed_epics and epic in self.closed_epics:
            return None
        if not self.modes.for_story(key).gates:
            return None
        if epic not in self.records:
            self.records[epic] = record.load(self.project, epic)
        row = self.records[epic].row(key)
        if row is None or not mode.holds_result(row.result):
            return None
        where = paths.relative_to_project(board.record_path(self.project, epic),
                                          self.project)
        return Hold(key, row.result, row.round, row.report, where, epic)

    def __call__(self, key: str) -> str | None:
        found = self.hold(key)
        if found is not None:
            return found.describe()
        hand = self.hand_set(key)
        if hand:
            return (f"held: its Review Gate row(s) {', '.join(hand)} read PASSED but were "
                    f"{gate.HAND_SET}")
        return None

    def hand_set(self, key: str) -> tuple[str, ...]:
        """The dependency's Review Gate rows that read PASSED with no PASSED verdict recorded
        (`gate.unrecorded_passes`): a `done` over them is no more done than over UNVERIFIED."""
        try:
            rows = load_story(resolve.find_story(self.project, key)).review_gate or ()
        except GaiaError:
            return ()
        return gate.unrecorded_passes(self.project, key, rows)
