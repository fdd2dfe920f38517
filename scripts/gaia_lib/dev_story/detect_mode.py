"""Step 1's execution mode: FRESH, REWORK or RESUME, from the story alone.

Rules (upstream detect-mode.sh):
- status `backlog` or `ready-for-dev` -> FRESH (the story has not been started);
- status `in-progress` and a FAILED row in the story's Review Gate table -> REWORK (a review
  sent it back);
- any other status -> RESUME (work in progress continues from the checkpoint).
- A story without a status is malformed (exit 1); so is a path containing `..`.
The Review Gate rows come from the one story parser, so a `FAILED` word elsewhere in the story
(a finding, a note) never makes a REWORK.
"""

from __future__ import annotations

from pathlib import Path

from gaia_lib.core.errors import InvalidInput, MalformedFile
from gaia_lib.story.parser import Story, load_story

FRESH, REWORK, RESUME = "FRESH", "REWORK", "RESUME"
FRESH_STATES = frozenset({"backlog", "ready-for-dev"})


def mode_of(status: str, gate_statuses: tuple[str, ...]) -> str:
    """The rule itself, pure."""
    if status in FRESH_STATES:
        return FRESH
    if status == "in-progress" and any(s.upper() == "FAILED" for s in gate_statuses):
        return REWORK
    return RESUME


def detect(story: Story) -> str:
    if not story.status:
        raise MalformedFile(f"{story.path}: no status in the frontmatter", 1)
    rows = story.review_gate or ()
    return mode_of(story.status, tuple(r.status for r in rows))


def detect_path(raw_path: str) -> str:
    if ".." in raw_path:
        raise InvalidInput(f"path traversal rejected: {raw_path}", 1)
    return detect(load_story(Path(raw_path), exit_code=1))
