"""Step 1's story contract: the ten variables upstream story-parse.sh prints for `eval`.

Rules:
- The story is read by the one story parser (`story.parser`); nothing here re-reads YAML.
- The ten variables, in this order: STORY_KEY (`key` > `story_key`), STATUS, RISK (`risk` >
  `risk_level`), EPIC_KEY (`epic` > `epic_key`), TYPE (`template`), DEPENDS_ON (comma list),
  SUBTASK_COUNT / SUBTASK_CHECKED (checkboxes under `## Tasks / Subtasks`, subtasks included),
  AC_COUNT (every AC shape the one AC parser knows), STORY_PATH (the path as given).
- Shell form: `NAME='value'` lines, single-quoted so `eval` never runs a value; JSON form: one
  object with the same names, sorted keys.
- A path containing `..` is refused before it is opened (exit 1); a missing file is exit 1; a
  malformed story, or one without `key`/`status`, is exit 2 (upstream's codes).
"""

from __future__ import annotations

import json
from pathlib import Path

from gaia_lib.core.errors import InvalidInput, MalformedFile, NotFound
from gaia_lib.stacks.persona import shell_quote
from gaia_lib.story.parser import Story, load_story

EXIT_USAGE = 1
EXIT_MALFORMED = 2
NAMES = ("STORY_KEY", "STATUS", "RISK", "EPIC_KEY", "TYPE", "DEPENDS_ON", "SUBTASK_COUNT",
         "SUBTASK_CHECKED", "AC_COUNT", "STORY_PATH")


def variables(story: Story, shown_path: str) -> dict[str, str]:
    """The ten variables, in contract order."""
    tasks = story.tasks
    values = (
        story.key or "",
        story.status or "",
        story.risk or "",
        story.epic or "",
        story.template or "",
        ",".join(story.depends_on),
        str(len(tasks)),
        str(sum(1 for t in tasks if t.checked)),
        str(len(story.acceptance_criteria)),
        shown_path,
    )
    return dict(zip(NAMES, values, strict=True))


def shell_lines(values: dict[str, str]) -> list[str]:
    return [f"{name}={shell_quote(value)}" for name, value in values.items()]


def as_json(values: dict[str, str]) -> str:
    return json.dumps(values, sort_keys=True, ensure_ascii=False)


def load_checked(raw_path: str) -> Story:
    """The story at `raw_path` with key and status present; upstream's exit codes on failure."""
    if ".." in raw_path:
        raise InvalidInput(f"path traversal rejected: {raw_path}", EXIT_USAGE)
    try:
        story = load_story(Path(raw_path), exit_code=EXIT_MALFORMED)
    except NotFound as exc:
        raise NotFound(exc.message, EXIT_USAGE) from None
    if not story.key:
        raise MalformedFile("missing required frontmatter field: key (or alias story_key)",
                            EXIT_MALFORMED)
    if not story.status:
        raise MalformedFile("missing required frontmatter field: status", EXIT_MALFORMED)
    return story
