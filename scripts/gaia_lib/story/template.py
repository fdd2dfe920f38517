"""The canonical story template (create-story v1.4.0) and `gaia story new`.

Rules:
- The file is the template's frontmatter (every key create-story requires, `status: backlog`,
  empty `depends_on`/`blocks`/`traces_to`) and its body sections in template order, with an
  empty Review Gate of the six canonical rows, all UNVERIFIED. The story parser reads it back
  with the same key, title, epic and status (a test holds it to that).
- Where it goes: `<implementation-artifacts>/<epic dir>/stories/<key>-<slug>.md`, the nested
  layout the resolver finds; the slug is the title's words, at most SLUG_MAX characters, cut
  between words (`slug`). The epic directory is an existing `epic-<e>-*` / `epic-<e>` one
  for the epic (lower-cased), else `epic-<e>`.
- The epic is `--epic`, else the key's `E<n>` prefix; a key without one needs `--epic`.
- A key ending in `.md` is a file name typed for a key: refused (exit 1).
- An existing story for the key is never overwritten (exit 1); the write is atomic and
  create-only, so two concurrent `story new` calls for one key cannot both succeed.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

from gaia_lib.core import keys, paths, writes
from gaia_lib.core.errors import GaiaError, InvalidInput, NotFound
from gaia_lib.story import resolve

PRIORITIES = ("P0", "P1", "P2")
RISKS = ("high", "medium", "low")
GATE_ROWS = ("Code Review", "QA Tests", "Security Review", "Test Automation", "Test Review",
             "Performance Review")
MAX_TITLE = 200


SLUG_MAX = 60


def slug(text: str) -> str:
    """The title's words, lower-cased and joined by `-`, at most SLUG_MAX characters, cut
    between words (`...-and-casual-offsets` loses `offsets`, not its end: `...-casual-of` read
    as another word); a first word longer than that is cut."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    kept = ""
    for word in words:
        joined = f"{kept}-{word}" if kept else word
        if len(joined) > SLUG_MAX:
            break
        kept = joined
    return kept or ("-".join(words)[:SLUG_MAX].strip("-") if words else "") or "story"


def _q(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def render(key: str, title: str, epic: str, *, priority: str = "P2", risk: str = "medium",
           points: int = 0, date: str | None = None, author: str = "gaia") -> str:
    """The story file's text (pure, apart from today's date when `date` is not given)."""
    day = date or datetime.date.today().isoformat()
    gate = "\n".join(f"| {name} | UNVERIFIED | — |" for name in GATE_ROWS)
    return f"""---
template: 'story'
version: 1.4.0
key: {_q(key)}
title: {_q(title)}
epic: {_q(epic)}
status: backlog
priority: {_q(priority)}
size: null
points: {points}
risk: {_q(risk)}
sprint_id: null
priority_flag: null
origin: null
origin_ref: null
depends_on: []
blocks: []
traces_to: []
date: {_q(day)}
author: {_q(author)}
---

# Story: {title}

> **Epic:** {epic}
> **Priority:** {priority}
> **Status:** backlog
> **Date:** {day}
> **Author:** {author}

## User Story

As a <role>, I want <capability>, so that <benefit>.

## Acceptance Criteria

- [ ] **AC1:** Given <context>, when <action>, then <expected result>.

## Tasks / Subtasks

- [ ] Task 1: <task> (AC: #1)

## Dev Notes

## Technical Notes

## Dependencies

## Test Scenarios

| # | Scenario | Input | Expected |
|---|----------|-------|----------|

### Project Structure Notes

### References

## Manual Test

Not required.

## Dev Agent Record

### Agent Model Used

### Debug Log References

### Completion Notes List

### File List

## Findings

| # | Type | Severity | Finding | Suggested Action |
|---|------|----------|---------|-----------------|
| — | — | — | — | — |

## Review Gate

| Review | Status | Report |
|--------|--------|--------|
{gate}

> Story moves to `done` only when ALL reviews show PASSED.

## Estimate

- **Points:** {points}
- **Developer:** unassigned

## Definition of Done

- [ ] All acceptance criteria verified and checked off
- [ ] All subtasks marked complete
- [ ] All tests pass
- [ ] No hardcoded secrets or credentials
"""


def epic_dir(project: Path, epic: str) -> Path:
    root = paths.implementation_artifacts(project)
    lower = epic.lower()
    if root.is_dir():
        for candidate in sorted(root.iterdir()):
            if candidate.is_dir() and (candidate.name == f"epic-{lower}"
                                       or candidate.name.startswith(f"epic-{lower}-")):
                return candidate
    return root / f"epic-{lower}"


def _epic_for(key: str, epic: str | None) -> str:
    """The story's epic: `--epic`, else the one its key names (`E1` of `E1-S9`). A key that
    names one epic cannot be filed under another: its board row and its QA record would
    disagree with its folder."""
    prefix = key.split("-", 1)[0]
    named = keys.EPIC_KEY_RE.fullmatch(prefix) is not None
    if epic:
        if keys.EPIC_KEY_RE.fullmatch(epic) is None:
            raise InvalidInput(f"invalid --epic '{epic[:40]}' (expected E<n>, e.g. E1)", 1)
        if named and prefix.upper() != epic.upper():
            raise InvalidInput(f"key {key} names epic {prefix}, not {epic}: drop --epic or "
                               f"give --epic {prefix}", 1)
        return epic
    if not named:
        raise InvalidInput(f"key {key} names no epic (a key E<n>-S<m> does): give --epic E<n>",
                           1)
    return prefix


MAX_POINTS = 100


def points_value(text: str) -> int:
    """`--points` as typed: a whole number 0-100 (exit 1 otherwise, like every other bad value
    of `story new`)."""
    value = text.strip()
    if not value.isdigit() or int(value) > MAX_POINTS:
        raise InvalidInput(f"invalid --points '{text[:20]}' (a whole number 0-{MAX_POINTS})", 1)
    return int(value)


def new_story(project: Path, key: str, title: str, *, epic: str | None = None,
              priority: str = "P2", risk: str = "medium", points: int = 0) -> Path:
    key = keys.story_key(key, 1)
    if key.lower().endswith(".md"):  # a file name typed for a key would make a second story
        raise InvalidInput(f"'{key}' is a file name, not a story key (drop the .md)", 1)
    title = " ".join(title.split())
    if not title or len(title) > MAX_TITLE or not title.isprintable():
        raise InvalidInput(f"--title must be 1-{MAX_TITLE} printable characters", 1)
    if priority.strip().upper() not in PRIORITIES:
        raise InvalidInput(f"invalid --priority '{priority[:20]}' ({', '.join(PRIORITIES)})", 1)
    priority = priority.strip().upper()  # `p0` is P0, as typed in a hurry
    if risk not in RISKS:
        raise InvalidInput(f"invalid --risk '{risk[:20]}' ({', '.join(RISKS)})", 1)
    chosen_epic = _epic_for(key, epic)
    try:
        existing = resolve.find_story(project, key)
    except NotFound:
        existing = None
    if existing is not None:
        raise GaiaError(f"story {key} already exists: {existing}", 1)
    target = epic_dir(project, chosen_epic) / "stories" / f"{key}-{slug(title)}.md"
    text = render(key, title, chosen_epic, priority=priority, risk=risk, points=points)
    try:
        writes.create_bytes(target, text.encode("utf-8"), project)
    except FileExistsError:
        raise GaiaError(f"story {key} already exists: {target}", 1) from None
    return target
