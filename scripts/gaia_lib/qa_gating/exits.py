"""The three exits past a recorded QA fail (or pending), none pretending to be another:

1. Re-QA: a fresh review round that passes, recorded through the recorder. The only exit that
   CLEARS a failure (the status row becomes pass; the failed rounds stay in the ledger).
2. Gate off: `gaia qa-gate off --story K | --epic E --reason R` (see mode). The row stays and is
   still reported; it stops holding.
3. Close the epic: `gaia close-epic E --reason R`. A closed epic makes no claim about progress:
   its verdicts stop being reported (status, lint) and stop holding. Nothing is erased: the
   rows, rounds and reports stay as they are, and `--reopen` restores the gate exactly where it
   was (closing only adds a journal record; reopening adds another).

Closing needs a reason (cleaned: one line, at most 200 characters); closing a closed epic or
reopening an open one changes nothing and says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core.errors import UsageError
from gaia_lib.qa_gating import board, journal

MAX_REASON = 200


@dataclass(frozen=True)
class Closure:
    epic: str
    closed: bool
    reason: str
    recorded: str
    by: str


def closures(project: Path) -> dict[str, Closure]:
    """epic -> its newest closure record (open epics may have a `closed: false` one)."""
    return {
        epic: Closure(epic, bool(entry.get("closed")), str(entry.get("reason") or ""),
                      str(entry.get("recorded") or ""), str(entry.get("by") or ""))
        for epic, entry in journal.latest(project, "closure").items()
    }


def closed_epics(project: Path) -> frozenset[str]:
    return frozenset(epic for epic, c in closures(project).items() if c.closed)


def close_epic(project: Path, epic: str, reason: str | None, reopen: bool = False) -> tuple[
        Closure, bool]:
    """Close (or reopen) `epic`; returns (the record in force, whether anything changed)."""
    epic = board.known_epic(project, epic)
    text = " ".join((reason or "").replace("#", " ").split())[:MAX_REASON]
    if not reopen and not text:
        raise UsageError("close-epic needs --reason (why the epic no longer matters)", 1)
    current = closures(project).get(epic)
    is_closed = current is not None and current.closed
    if is_closed == (not reopen):  # already as asked
        return current or Closure(epic, False, "", "", ""), False
    entry = journal.append(project, {"kind": "closure", "target": epic, "closed": not reopen,
                                     "reason": text})
    return Closure(epic, not reopen, text, entry["recorded"], entry["by"]), True
