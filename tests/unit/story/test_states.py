from __future__ import annotations

import itertools

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.story import states

# The full story adjacency matrix: every (from, to) pair that is legal besides self-edges.
LEGAL = {
    ("backlog", "ready-for-dev"), ("backlog", "validating"), ("backlog", "blocked"),
    ("backlog", "in-progress"),
    ("validating", "ready-for-dev"), ("validating", "backlog"), ("validating", "blocked"),
    ("ready-for-dev", "backlog"), ("ready-for-dev", "in-progress"), ("ready-for-dev", "blocked"),
    ("in-progress", "review"), ("in-progress", "blocked"),
    ("review", "done"), ("review", "blocked"),
    ("blocked", "backlog"), ("blocked", "ready-for-dev"), ("blocked", "in-progress"),
    ("blocked", "review"), ("blocked", "validating"),
}
ALL_PAIRS = list(itertools.product(states.STORY_STATES, repeat=2))


def test_canonical_states_in_upstream_order() -> None:
    assert states.STORY_STATES == (
        "backlog", "validating", "ready-for-dev", "in-progress", "blocked", "review", "done",
    )


@pytest.mark.parametrize(("frm", "to"), ALL_PAIRS)
def test_every_pair_of_the_matrix(frm: str, to: str) -> None:
    legal = frm == to or (frm, to) in LEGAL
    assert (states.transition_problem(frm, to) is None) is legal
    if legal:
        states.check_transition(frm, to)
    else:
        with pytest.raises(GaiaError) as err:
            states.check_transition(frm, to)
        assert err.value.exit_code == 7
        assert f"invalid transition: {frm} -> {to} is not in the allowed adjacency list" in (
            err.value.message
        )


def test_an_illegal_transition_names_the_way_there() -> None:
    """A new user moving a fresh story straight to review is told the walk, not only the next
    steps; a terminal state has no way out, and a walk never detours through blocked."""
    assert states.transition_problem("backlog", "review") == (
        "invalid transition: backlog -> review is not in the allowed adjacency list (from "
        "backlog: validating, ready-for-dev, in-progress, blocked); the way there: "
        "in-progress -> review")
    assert states.transition_problem("done", "review") == (
        "invalid transition: done -> review is not in the allowed adjacency list (from done: "
        "none: the state is terminal)")
    assert states.story_path("validating", "review") == (
        "validating", "backlog", "in-progress", "review")
    assert states.story_path("review", "blocked") == ("review", "blocked")


@pytest.mark.parametrize(("frm", "to"), ALL_PAIRS)
def test_every_way_there_walks_legal_edges(frm: str, to: str) -> None:
    path = states.story_path(frm, to)
    if frm == "done" and to != "done":
        assert path is None
        return
    assert path is not None and (path[0], path[-1]) == (frm, to)
    assert all(edge in LEGAL for edge in itertools.pairwise(path))
    backwards = frm != to and frm in ("in-progress", "review") and to in (
        "backlog", "validating", "ready-for-dev", "in-progress")
    assert ("blocked" in path[1:-1]) is backwards  # the only way back is through blocked


def test_edge_table_is_exactly_the_matrix() -> None:
    assert states.STORY_EDGES == LEGAL


@pytest.mark.parametrize(
    ("frm", "to", "message"),
    [
        ("doing", "review", "unknown source state 'doing'"),
        ("review", "PASSED", "unknown target state 'PASSED'"),
        ("", "done", "unknown source state ''"),
    ],
)
def test_unknown_states_name_the_value_and_the_enum(frm: str, to: str, message: str) -> None:
    problem = states.transition_problem(frm, to)
    assert problem is not None
    assert message in problem
    assert "backlog | validating | ready-for-dev | in-progress | blocked | review | done" in problem


def test_custom_exit_code() -> None:
    with pytest.raises(GaiaError) as err:
        states.check_transition("done", "review", exit_code=1)
    assert err.value.exit_code == 1
    assert "none: the state is terminal" in err.value.message


@pytest.mark.parametrize(
    ("frm", "expected"),
    [
        ("backlog", ("validating", "ready-for-dev", "in-progress", "blocked")),
        ("review", ("blocked", "done")),
        ("done", ()),
        ("nonsense", ()),
    ],
)
def test_allowed_targets(frm: str, expected: object) -> None:
    assert states.allowed_targets(frm) == expected


def test_no_review_to_in_progress_edge() -> None:
    assert states.transition_problem("review", "in-progress") is not None


SPRINT_LEGAL = {
    ("planned", "active"), ("active", "review"), ("review", "closed"),
    ("review", "correction"), ("correction", "active"),
}


@pytest.mark.parametrize(("frm", "to"), list(itertools.product(states.SPRINT_STATES, repeat=2)))
def test_sprint_matrix(frm: str, to: str) -> None:
    legal = (frm, to) in SPRINT_LEGAL
    assert (states.sprint_transition_problem(frm, to) is None) is legal
    if not legal:
        with pytest.raises(GaiaError) as err:
            states.check_sprint_transition(frm, to)
        assert err.value.exit_code == 1
        assert err.value.message == f"illegal sprint-level transition: {frm}→{to}"


def test_sprint_unknown_target() -> None:
    assert states.sprint_transition_problem("active", "done") == (
        "unknown sprint state 'done' (allowed: planned | active | review | correction | closed)"
    )
    assert states.is_sprint_state("closed") and not states.is_sprint_state("done")
    assert states.is_story_state("done") and not states.is_story_state("closed")
