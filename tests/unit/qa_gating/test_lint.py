from __future__ import annotations

from gaia_lib.qa_gating import exits, lint, mode, record
from gaia_lib.qa_gating.record import Request
from helpers.projects import Project
from helpers.qa_board import add, chain


def _codes(project: Project) -> list[str]:
    return [f.code for f in lint.lint(project.root)]


def test_cycles_are_named_once_from_their_smallest_key() -> None:
    graph = {"E1-S3": ["E1-S2"], "E1-S2": ["E1-S3"], "E1-S1": [], "E1-S4": ["E1-S4"]}
    assert lint.cycles(graph) == [["E1-S2", "E1-S3"], ["E1-S4"]]
    assert lint.cycles({"E1-S1": ["E1-S2"], "E1-S2": []}) == []


def test_a_healthy_board_is_clean(project: Project) -> None:
    chain(project, {"E1-S1": "done", "E1-S2": "in-progress", "E1-S3": "backlog"})
    assert lint.lint(project.root) == []


def test_the_deadlock_names_the_holding_rows_and_the_exits(project: Project) -> None:
    chain(project, {"E1-S1": "done", "E1-S2": "backlog", "E1-S3": "backlog"})
    add(project, "E1-S4", status="done")
    add(project, "E1-S5", status="ready-for-dev", deps=("E1-S4",))
    record.record(project.root, Request("E1-S1", "fail", round=1))
    record.record(project.root, Request("E1-S4", "pending"))
    (finding,) = lint.lint(project.root)
    assert finding.code == "QG1"
    assert finding.line().startswith(
        "QG1 deadlock: nothing is ready and nothing is in flight; E1-S1(qa:fail) "
        "E1-S4(qa:pending) hold every remaining story. Exits: re-QA")
    assert "gaia qa-gate off" in finding.text and "gaia close-epic" in finding.text


def test_no_deadlock_while_something_is_in_flight_or_the_gate_is_off(project: Project) -> None:
    chain(project, {"E1-S1": "done", "E1-S2": "backlog"})
    record.record(project.root, Request("E1-S1", "fail", round=1))
    assert _codes(project) == ["QG1"]
    mode.set_mode(project.root, "story", "E1-S1", "off", "waive it")
    assert _codes(project) == []
    add(project, "E2-S1", status="in-progress")
    mode.set_mode(project.root, "story", "E1-S1", "inherit", None)
    assert _codes(project) == []  # E2-S1 is in flight: not a deadlock


def test_a_dependency_cycle_and_its_never_ready_dependents(project: Project) -> None:
    add(project, "E1-S1", status="backlog", deps=("E1-S2",))
    add(project, "E1-S2", status="backlog", deps=("E1-S1",))
    add(project, "E1-S3", status="backlog", deps=("E1-S2",))
    texts = [f.line() for f in lint.lint(project.root)]
    assert texts == [
        "QG2 cycle: E1-S1 -> E1-S2 -> E1-S1",
        "QG4 never ready: E1-S1: E1-S2 is in a dependency cycle",
        "QG4 never ready: E1-S2: E1-S1 is in a dependency cycle",
        "QG4 never ready: E1-S3: E1-S2 is in a dependency cycle",
    ]


def test_never_ready_through_a_missing_story_or_a_closed_epic(project: Project) -> None:
    add(project, "E1-S1", status="backlog", deps=("E9-S9",))
    add(project, "E1-S2", status="backlog", deps=("E1-S1",))
    add(project, "E2-S1", status="backlog")
    add(project, "E1-S3", status="backlog", deps=("E2-S1",))
    exits.close_epic(project.root, "E2", "dropped")
    assert [f.line() for f in lint.lint(project.root)] == [
        "QG4 never ready: E1-S1: E9-S9 does not exist",
        "QG4 never ready: E1-S2: E1-S1 can never become ready",
        "QG4 never ready: E1-S3: E2-S1 is unfinished in closed epic E2",
    ]


def test_a_spent_budget_is_reported_and_a_closed_epic_is_not(project: Project) -> None:
    add(project, "E1-S1", status="review")
    for number in (1, 2, 3):
        record.record(project.root, Request("E1-S1", "fail", round=number))
    assert _codes(project) == ["QG3"]
    exits.close_epic(project.root, "E1", "dropped")
    assert _codes(project) == []
