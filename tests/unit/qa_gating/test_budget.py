from __future__ import annotations

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.qa_gating import budget, record, verdicts
from gaia_lib.qa_gating.record import Request, RoundRow
from helpers.projects import Project
from helpers.qa_board import add


@pytest.fixture
def board(project: Project) -> Project:
    add(project, "E1-S1", status="review")
    return project


def _rows(*results: str) -> list[RoundRow]:
    return [RoundRow("E1-S1", n, r, "-", "-") for n, r in enumerate(results, 1)]


def test_failed_rounds_count_since_the_newest_pass_or_waiver() -> None:
    assert budget.failed_rounds(_rows("fail", "fail")) == 2
    assert budget.failed_rounds(_rows("fail", "pass", "fail")) == 1
    assert budget.failed_rounds(_rows("fail", "waived")) == 0


def _fail(project: Project, number: int) -> verdicts.Outcome:
    return verdicts.record_verdict(project.root, Request(
        "E1-S1", "fail", report=f"r/qa-tests-E1-S1-round{number}.md"))


def test_the_third_failure_parks_the_story_with_one_message(board: Project) -> None:
    assert [_fail(board, n).parked for n in (1, 2)] == [None, None]
    message = _fail(board, 3).parked
    assert message is not None
    assert "QA failed 3 round(s) in a row, the budget is 3" in message
    assert "r/qa-tests-E1-S1-round3.md" in message  # the newest report, not round 1's
    assert budget.notify_if_parked(board.root, "E1-S1") is None  # told once
    with pytest.raises(GaiaError, match="refusing re-QA: E1-S1 is parked") as err:
        budget.check_can_start(board.root, "E1-S1")
    assert err.value.exit_code == 3


def test_a_story_parked_without_reports_says_so_in_words() -> None:
    parked = budget.Budget("E1-S1", 3, 3, "fail", None)
    assert "; no round recorded a report. Exits: " in parked.message()
    assert "; the newest report is r/x.md. Exits: " in \
        budget.Budget("E1-S1", 3, 3, "fail", "r/x.md").message()


def test_raising_the_budget_releases_a_parked_story(board: Project) -> None:
    for n in (1, 2, 3):
        _fail(board, n)
    board.write(".gaia/config/project-config.yaml", "qa:\n  max_rounds: 4\n")
    budget.check_can_start(board.root, "E1-S1")
    assert not budget.status(board.root, "E1-S1").spent
    assert _fail(board, 4).parked is not None  # the raised budget, spent again, tells again


def test_a_pass_releases_and_resets(board: Project) -> None:
    for n in (1, 2, 3):
        _fail(board, n)
    record.record(board.root, Request("E1-S1", "pass", round=4))
    assert budget.status(board.root, "E1-S1").failed == 0
    budget.check_can_start(board.root, "E1-S1")
