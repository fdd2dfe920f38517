"""The story and sprint status state machines: canonical states and allowed edges.

Pure data and pure functions; every status writer (`transition-story-status`, `sprint-state`)
checks its edge here, so the two commands can never disagree about what is legal.

Story edges follow upstream `lib/story-state-machine.sh`'s edge array (authoritative; its
header comment table is stale). A self-transition is always legal: callers treat it as a no-op.
"""

from __future__ import annotations

from gaia_lib.core.errors import GaiaError

STORY_STATES: tuple[str, ...] = (
    "backlog",
    "validating",
    "ready-for-dev",
    "in-progress",
    "blocked",
    "review",
    "done",
)

STORY_EDGES: frozenset[tuple[str, str]] = frozenset(
    {
        ("backlog", "ready-for-dev"),
        ("backlog", "validating"),
        ("backlog", "blocked"),
        # sprint-less backlog dev; dev-story itself halts a sprint-bound backlog story
        ("backlog", "in-progress"),
        ("validating", "ready-for-dev"),
        ("validating", "backlog"),
        ("validating", "blocked"),
        ("ready-for-dev", "backlog"),
        ("ready-for-dev", "in-progress"),
        ("ready-for-dev", "blocked"),
        ("in-progress", "review"),
        ("in-progress", "blocked"),
        # review -> done is further gated on the composite Review Gate (gaia_lib.transition)
        ("review", "done"),
        ("review", "blocked"),
        ("blocked", "backlog"),
        ("blocked", "ready-for-dev"),
        ("blocked", "in-progress"),
        ("blocked", "review"),
        ("blocked", "validating"),
        # done is terminal
    }
)

SPRINT_STATES: tuple[str, ...] = ("planned", "active", "review", "correction", "closed")

SPRINT_EDGES: frozenset[tuple[str, str]] = frozenset(
    {
        ("planned", "active"),
        ("active", "review"),  # gated: every sprint story done
        ("review", "closed"),  # gated: sprint-review Val sentinel
        ("review", "correction"),
        ("correction", "active"),
    }
)

EXIT_BAD_EDGE = 7  # transition-story-status's code for an illegal edge


def is_story_state(value: str) -> bool:
    return value in STORY_STATES


def is_sprint_state(value: str) -> bool:
    return value in SPRINT_STATES


def story_states_hint() -> str:
    """`backlog | validating | ...`: the enum as every error message shows it."""
    return " | ".join(STORY_STATES)


def sprint_states_hint() -> str:
    return " | ".join(SPRINT_STATES)


def allowed_targets(from_state: str) -> tuple[str, ...]:
    """Story states reachable from `from_state` in one step, in canonical order."""
    return tuple(to for to in STORY_STATES if (from_state, to) in STORY_EDGES)


def transition_problem(from_state: str, to_state: str) -> str | None:
    """Why `from_state -> to_state` is illegal for a story, or None when it is legal."""
    if not is_story_state(from_state):
        return f"unknown source state '{from_state}' (allowed: {story_states_hint()})"
    if not is_story_state(to_state):
        return f"unknown target state '{to_state}' (allowed: {story_states_hint()})"
    if from_state == to_state or (from_state, to_state) in STORY_EDGES:
        return None
    reachable = ", ".join(allowed_targets(from_state)) or "none: the state is terminal"
    path = story_path(from_state, to_state)
    route = f"; the way there: {' -> '.join(path[1:])}" if path and len(path) > 2 else ""
    return (
        f"invalid transition: {from_state} -> {to_state} is not in the allowed adjacency list"
        f" (from {from_state}: {reachable}){route}"
    )


def story_path(from_state: str, to_state: str) -> tuple[str, ...] | None:
    """The shortest walk of legal story edges from `from_state` to `to_state` (both ends
    included, in canonical order where walks tie), or None when there is none. It passes
    through `blocked` only where no other walk exists (back from in-progress or review): a
    way forward, not a detour through a halt."""
    for avoid in ({"blocked"} - {from_state, to_state}, set()):
        walks: dict[str, tuple[str, ...]] = {from_state: (from_state,)}
        frontier = [from_state]
        while frontier and to_state not in walks:
            following = []
            for state in frontier:
                for target in allowed_targets(state):
                    if target not in walks and target not in avoid:
                        walks[target] = (*walks[state], target)
                        following.append(target)
            frontier = following
        if to_state in walks:
            return walks[to_state]
    return None


def check_transition(from_state: str, to_state: str, exit_code: int = EXIT_BAD_EDGE) -> None:
    """Raise GaiaError(exit_code) unless the story edge is legal (self-transitions are)."""
    problem = transition_problem(from_state, to_state)
    if problem is not None:
        raise GaiaError(problem, exit_code)


def sprint_transition_problem(from_state: str, to_state: str) -> str | None:
    """Why a sprint-level edge is illegal, or None. Self-transitions are not edges here."""
    if not is_sprint_state(to_state):
        return f"unknown sprint state '{to_state}' (allowed: {sprint_states_hint()})"
    if (from_state, to_state) in SPRINT_EDGES:
        return None
    return f"illegal sprint-level transition: {from_state}→{to_state}"


def check_sprint_transition(from_state: str, to_state: str, exit_code: int = 1) -> None:
    problem = sprint_transition_problem(from_state, to_state)
    if problem is not None:
        raise GaiaError(problem, exit_code)
