"""`gaia qa-gate status`: the board's QA verdicts, as a person reads them.

One line per story of every open epic (or of `--epic E`):
`K<TAB>status<TAB>result<TAB>round R|-<TAB>report<TAB>mode<TAB>note`, the note being `holds` (a
done story whose verdict holds its dependents), `parked` (budget spent) or `-`. A closed epic
prints one line, `E<TAB>closed<TAB><date><TAB><reason>`, and none of its verdicts: a closed
epic makes no claim about progress.
"""

from __future__ import annotations

from pathlib import Path

from gaia_lib.core import config
from gaia_lib.qa_gating import board, budget, exits, holds, mode, record


def lines(project: Path, epic: str | None = None) -> list[str]:
    wanted = board.known_epic(project, epic) if epic is not None else None
    stories = [s for s in board.stories(project) if wanted is None or s.epic == wanted]
    closures = exits.closures(project)
    modes = mode.Modes.load(project)
    gate = holds.QaHolds(project, modes)
    limit = config.load(project, 1).qa.max_rounds
    out: list[str] = []
    for name in sorted({s.epic for s in stories} | ({wanted} if wanted else set()),
                       key=board.epic_order):
        closure = closures.get(name)
        if closure is not None and closure.closed:
            out.append(f"{name}\tclosed\t{closure.recorded[:10]}\t{closure.reason}")
            continue
        qa = record.load(project, name)
        for story in (s for s in stories if s.epic == name):
            row = qa.row(story.key)
            result = row.result if row is not None else "none"
            number = f"round {row.round}" if row is not None and row.round else "-"
            report = row.report if row is not None else "-"
            note = "-"
            if budget.Budget(story.key, budget.failed_rounds(qa.history(story.key)), limit,
                             result, None).spent:
                note = "parked"
            elif story.status == "done" and gate.hold(story.key) is not None:
                note = "holds"
            out.append("\t".join((story.key, story.status or "?", result, number, report,
                                  modes.for_story(story.key).mode, note)))
    return out
