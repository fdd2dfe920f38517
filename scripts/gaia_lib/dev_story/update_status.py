"""Step 2 and 2a: move the story to `in-progress`, then auto-activate a planned sprint.

Rules:
- The mode comes from `detect_mode`: REWORK and RESUME leave the status alone (the story is
  already in progress). FRESH moves the story to `in-progress` through the one gated
  transition (`qa_gating.transition`), with its exit codes.
- Only `ready-for-dev`, `in-progress` and sprint-less `backlog` stories are developed; any
  other status is refused (exit 7), nothing written.
- A sprint-bound (`sprint_id` set) story still in `backlog` is refused (exit 7): the
  backlog -> ready-for-dev activation belongs to sprint planning's Val gate, not to dev-story.
  A sprint-less backlog story is the one sanctioned backlog -> in-progress case.
- Step 2a: after the transition, when sprint-status.yaml holds the story's sprint and its
  status is `planned`, the sprint moves to `active` (`sprint-state transition --sprint S
  --to active`, the same function) and the note `auto-activated sprint S: planned → active
  (first dev-story transition)` is returned. An already active sprint, another sprint, a
  missing yaml or a story without a sprint is skipped silently.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from gaia_lib.core import keys
from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import detect_mode
from gaia_lib.qa_gating import transition
from gaia_lib.story import resolve, sprint
from gaia_lib.story.parser import Story, load_story

EXIT_SPRINT_BOUND_BACKLOG = 7
DEV_STATES = frozenset({"backlog", "ready-for-dev", "in-progress"})


@dataclass
class Started:
    key: str
    mode: str
    transitioned: bool
    notes: list[str] = field(default_factory=list)


def activate_sprint_if_planned(project: Path, story: Story) -> str | None:
    """Step 2a. Returns the log line when the sprint was activated, else None."""
    if not story.sprint_id:
        return None
    target = sprint.yaml_path(project)
    if not target.is_file():
        return None
    current = sprint.load(target)
    if current.sprint_id != story.sprint_id or current.status != "planned":
        return None
    sprint.transition_sprint(project, story.sprint_id, "active")
    return (f"auto-activated sprint {story.sprint_id}: planned → active "
            "(first dev-story transition)")


def start(project: Path, raw_key: str) -> Started:
    key = keys.story_key(raw_key, 1)
    story = load_story(resolve.find_story(project, key), 4)
    mode = detect_mode.detect(story)
    if story.status not in DEV_STATES:
        raise GaiaError(
            f"{key} is '{story.status}': dev-story starts only from ready-for-dev or in-progress "
            "(or a sprint-less backlog story)", EXIT_SPRINT_BOUND_BACKLOG)
    result = Started(key, mode, False)
    if mode != detect_mode.FRESH:
        return result
    if story.status == "backlog" and story.sprint_id:
        raise GaiaError(
            f"{key} is sprint-bound ({story.sprint_id}) but still in backlog: run "
            f"/gaia-sprint-plan (Step 4a) or /gaia-validate-story {key} first",
            EXIT_SPRINT_BOUND_BACKLOG)
    done = transition.transition_story(project, transition.Request(key=key, to="in-progress"))
    result.notes.extend(done.notes)
    result.transitioned = not done.noop
    note = activate_sprint_if_planned(project, story)  # sprint_id is not changed by a move
    if note:
        result.notes.append(note)
    return result
