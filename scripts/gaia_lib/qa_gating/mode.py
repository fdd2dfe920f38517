"""QA gating mode: resolved in one place, set and cleared only through `gaia qa-gate`.

Resolution for a story (the first level with a word answers; silence inherits):
1. the story's own record (`gaia qa-gate on|off --story K`),
2. its epic's record (`--epic E`),
3. the project's record (`--project`), then project config `qa.gate: on|off`,
4. the default: on (GAIA holds a story's dependents until it is done, and done needs a
   COMPLETE Review Gate, so nothing changes for a project that never says anything).
An `off` record answers `waived <reason>`: the QA rows stay recorded and reported, they stop
holding. Config `qa.gate: off` answers `off`. Only `on` gates.

A story holds its dependents only while its result is not pass, waived or none (see holds).

Setting: every change is a journal record with who, when and why (`--reason` is required for
on and off); `inherit` clears a level's word. Activation never holds the board retroactively:
a change that turns gating on for a story the project's config kept ungated (`qa.gate: off`)
backfills it, when it is already `done` with a result that would hold (fail, pending), as
`waived` (roundless, no report) with the reason "finished before gating". A story that was
ungated by an `off` record is not backfilled: that off was an exit taken past a verdict, and
turning gating back on takes it back (its fail holds again, as it did before the off).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaia_lib.core import config, keys
from gaia_lib.core.errors import UsageError
from gaia_lib.qa_gating import board, journal, record

LEVELS = ("story", "epic", "project")
SETTINGS = ("on", "off", "inherit")
BACKFILL_REASON = "finished before gating"
PROJECT = "project"
MAX_REASON = record.MAX_REASON


def holds_result(result: str) -> bool:
    """A current result that holds dependents when gating is on: not pass, waived or none."""
    return result not in record.RELEASING and result != "none"


@dataclass(frozen=True)
class Mode:
    mode: str  # on | off | waived
    reason: str
    level: str  # story | epic | project | config | default
    target: str

    @property
    def gates(self) -> bool:
        return self.mode == "on"

    def describe(self) -> str:
        where = {"story": f"story {self.target}", "epic": f"epic {self.target}",
                 "project": "project", "config": "project config qa.gate",
                 "default": "default"}[self.level]
        return f"{self.mode} ({where}: {self.reason})"


@dataclass
class Modes:
    """Every level's word, read once (the journal and the config)."""

    records: dict[str, dict[str, Any]]
    qa: config.QaSettings

    @classmethod
    def load(cls, project: Path) -> Modes:
        return cls(journal.latest(project, "mode"), config.load(project, 1).qa)

    def _word(self, target: str, level: str) -> Mode | None:
        entry = self.records.get(target)
        if entry is None or entry.get("mode") not in ("on", "off"):
            return None
        reason = str(entry.get("reason") or "")
        return Mode("on" if entry["mode"] == "on" else "waived", reason, level, target)

    def for_project(self) -> Mode:
        found = self._word(PROJECT, "project")
        if found is not None:
            return found
        if self.qa.gate_configured:
            return Mode("on" if self.qa.gate == "on" else "off", self.qa.gate, "config",
                        PROJECT)
        return Mode("on", "dependents wait for a story's QA verdict", "default", PROJECT)

    def for_epic(self, epic: str) -> Mode:
        return self._word(epic, "epic") or self.for_project()

    def for_story(self, key: str) -> Mode:
        return self._word(key, "story") or self.for_epic(keys.epic_of(key))

    def at(self, level: str, target: str) -> Mode:
        if level == "story":
            return self.for_story(target)
        return self.for_epic(target) if level == "epic" else self.for_project()


def resolve(project: Path, *, story: str | None = None, epic: str | None = None) -> Mode:
    modes = Modes.load(project)
    if story is not None:
        return modes.for_story(keys.story_key(story, 1))
    if epic is not None:
        return modes.for_epic(board.epic_key(epic))
    return modes.for_project()


@dataclass
class Change:
    level: str
    target: str
    setting: str
    before: Mode
    after: Mode
    backfilled: list[str] = field(default_factory=list)


def _scope(level: str, target: str, project: Path) -> list[board.BoardStory]:
    every = board.stories(project)
    if level == "story":
        return [s for s in every if s.key == target]
    if level == "epic":
        return [s for s in every if s.epic == target]
    return every


def target_of(level: str, story: str | None, epic: str | None) -> str:
    if level == "story" and story is not None:
        return keys.story_key(story, 1)
    if level == "epic" and epic is not None:
        return board.epic_key(epic)
    return PROJECT


def set_mode(project: Path, level: str, target: str, setting: str,
             reason: str | None) -> Change:
    """Record a level's word (module docstring); returns what changed and what was backfilled."""
    if setting not in SETTINGS or level not in LEVELS:
        raise UsageError(f"unknown setting {setting!r} or level {level!r}", 1)
    text = " ".join((reason or "").split())
    if setting != "inherit" and not text:
        raise UsageError(f"qa-gate {setting} needs --reason (who turned it {setting}, and why, "
                         "is recorded)", 1)
    if "|" in text or len(text) > MAX_REASON:
        raise UsageError(f"--reason may not contain '|' or exceed {MAX_REASON} characters", 1)
    if level == "epic":  # a typo must not waive an epic that does not exist
        target = board.known_epic(project, target)
    elif level == "story":
        target = board.known_story(project, target)
    before_modes = Modes.load(project)
    scope = _scope(level, target, project)
    before = {s.key: before_modes.for_story(s.key) for s in scope}
    journal.append(project, {"kind": "mode", "level": level, "target": target,
                             "mode": setting, "reason": text})
    after_modes = Modes.load(project)
    change = Change(level, target, setting, before_modes.at(level, target),
                    after_modes.at(level, target))
    for story in scope:
        if before[story.key].mode != "off" or not after_modes.for_story(story.key).gates:
            continue  # gated already, or ungated by an off record (an exit taken back)
        if story.status != "done":
            continue
        if not holds_result(record.load(project, story.epic).current(story.key)):
            continue
        record.record(project, record.Request(story.key, "waived", reason=BACKFILL_REASON,
                                              roundless=True))
        change.backfilled.append(story.key)
    return change
