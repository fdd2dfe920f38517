"""Deadlock and liveness lint of the board (`gaia qa-gate lint`, `gaia sprint-state lint`).

Stories of closed epics are left out (a closed epic makes no claim about progress). States:
`in-progress`, `review` and `validating` are in flight; `backlog` and `ready-for-dev` are
startable, and READY when every dependency exists, is `done` and is not held by its QA verdict
(see holds); `done` is finished; anything else (`blocked`, unreadable) is stuck.

Findings, each one line, sorted by code then text:
- QG1 deadlock: nothing is ready, nothing is in flight, something is unfinished, and a waiting
  story has a dependency held by QA. Names every QA row holding a remaining story (`K(qa:R)`)
  and the three exits (seed 004's F19).
- QG2 cycle: a dependency cycle, named from its smallest key (`E1-S2 -> E1-S3 -> E1-S2`).
- QG3 budget spent: a story whose QA failure budget is spent (parked) and whose QA row still
  holds, with its rounds and newest report (once an exit is taken, `qa-gate off` or closing
  the epic, it holds nothing and is no finding).
- QG4 never ready: an unfinished story that can never become ready: it depends on a missing
  story, on a story in a cycle (or is in one), on an unfinished story of a closed epic, or on a
  story that itself can never become ready.
Exit 0 when there is no finding, 1 otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import config
from gaia_lib.qa_gating import board, budget, exits, holds, names, record

IN_FLIGHT = frozenset({"in-progress", "review", "validating"})
STARTABLE = frozenset({"backlog", "ready-for-dev"})
EXITS = ("re-QA until it passes (gaia review-qa K, recorded by gaia qa-record), "
         "gaia qa-gate off --story K | --epic E --reason R, or gaia close-epic E --reason R")


@dataclass(frozen=True, order=True)
class Finding:
    code: str
    text: str

    def line(self) -> str:
        return f"{self.code} {self.text}"


def cycles(graph: Mapping[str, Sequence[str]]) -> list[list[str]]:
    """Every elementary dependency cycle once, rotated to start at its smallest key (pure)."""
    found: set[tuple[str, ...]] = set()

    def walk(start: str, node: str, trail: list[str]) -> None:
        for dep in graph.get(node, ()):
            if dep == start:
                found.add(tuple(trail))
            elif dep not in trail and dep > start and dep in graph:
                walk(start, dep, [*trail, dep])

    for start in sorted(graph):
        walk(start, start, [start])
    return [list(c) for c in sorted(found)]


def lint_board(stories: Sequence[board.BoardStory], hold: Callable[[str], holds.Hold | None],
               closed: frozenset[str], parked: Sequence[budget.Budget]) -> list[Finding]:
    """The findings of the module docstring (pure over its inputs)."""
    by_key = {s.key: s for s in stories}
    live = [s for s in stories if s.epic not in closed]
    graph = {s.key: list(s.depends_on) for s in live}
    findings: list[Finding] = []
    in_cycle: set[str] = set()
    for cycle in cycles(graph):
        in_cycle.update(cycle)
        findings.append(Finding("QG2", "cycle: " + " -> ".join([*cycle, cycle[0]])))
    for spent in parked:
        if spent.key in by_key and by_key[spent.key].epic not in closed:
            findings.append(Finding("QG3", f"budget spent: {spent.message()}"))

    def dead_dep(dep: str) -> str | None:
        target = by_key.get(dep)
        if target is None:
            return f"{dep} does not exist"
        if dep in in_cycle:
            return f"{dep} is in a dependency cycle"
        if target.epic in closed and target.status != "done":
            return f"{dep} is unfinished in closed epic {target.epic}"
        return None

    never: dict[str, str] = {}
    changed = True
    while changed:  # to a fixed point: never-ready spreads to dependents
        changed = False
        for story in live:
            if story.status == "done" or story.key in never:
                continue
            reason = next((r for d in story.depends_on if (r := dead_dep(d)) is not None), None)
            if reason is None and story.key in in_cycle:
                reason = "it is in a dependency cycle"
            if reason is None:
                reason = next((f"{d} can never become ready" for d in story.depends_on
                               if d in never), None)
            if reason is not None:
                never[story.key] = reason
                changed = True
    findings += [Finding("QG4", f"never ready: {key}: {why}") for key, why in sorted(never.items())]

    def satisfied(dep: str) -> bool:
        target = by_key.get(dep)
        return target is not None and target.status == "done" and hold(dep) is None

    unfinished = [s for s in live if s.status != "done"]
    ready = [s for s in live if s.status in STARTABLE and all(map(satisfied, s.depends_on))]
    flying = [s for s in live if s.status in IN_FLIGHT]
    holding: set[str] = set()
    for story in unfinished:
        for dep in story.depends_on:
            found = hold(dep) if dep in by_key and by_key[dep].status == "done" else None
            if found is not None:
                holding.add(f"{dep}(qa:{found.result})")
    if unfinished and not ready and not flying and holding:
        findings.append(Finding(
            "QG1", "deadlock: nothing is ready and nothing is in flight; "
            f"{' '.join(sorted(holding))} hold every remaining story. Exits: {EXITS}"))
    return sorted(findings)


def lint(project: Path) -> list[Finding]:
    stories = board.stories(project)
    closed = exits.closed_epics(project)
    gate = holds.QaHolds(project)
    limit = config.load(project, 1).qa.max_rounds
    parked = []
    for epic in sorted({s.epic for s in stories} - closed):
        qa = record.load(project, epic)
        for story in (s for s in stories if s.epic == epic):
            history = qa.history(story.key)
            spent = budget.Budget(story.key, budget.failed_rounds(history), limit,
                                  qa.current(story.key),
                                  names.newest_report(project, story.key) if history else None)
            if spent.spent and gate.hold(story.key) is not None:
                parked.append(spent)
    return lint_board(stories, gate.hold, closed, parked)
