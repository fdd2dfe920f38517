"""Read-modify-write of one story file: under its one lock, re-read, identity checked.

Rules:
- `editing(path, key)` holds `locks.story_lock(path)` (rank 1 in the global lock order, see
  `core.locks`) for the whole block and yields the story as it is NOW: a caller never writes
  from a copy read before the lock, so no writer can undo another's change.
- The story's own key (frontmatter `key`, alias `story_key`) must be the key it was looked up
  by; a file found as E1-S2 that says `key: E9-S9` is refused (MalformedFile, the caller's exit
  code) before anything is written; one found by a key its own extends (`E1` finding
  `E1-S2-a.md`) is refused naming its key. A story without a key of its own is identified by
  its file name, as the lookup did.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gaia_lib.core import locks
from gaia_lib.core.errors import MalformedFile
from gaia_lib.story.parser import Story, load_story


def check_identity(story: Story, key: str, exit_code: int = 1) -> None:
    """Refuse a story whose own key disagrees with the key it was found by. A key the story's
    own extends (`E69` finding `E69-S1-....md`, whose key is `E69-S1`) was a key too short,
    not a file to fix: the message names the story's key."""
    if story.key is not None and story.key != key:
        shown = story.key.encode("unicode_escape").decode("ascii")[:40]
        if story.key.startswith(f"{key}-"):
            raise MalformedFile(
                f"no story file has key {key}: {story.path} matched it as a prefix, but it is "
                f"story {shown}'s (did you mean {shown}?)",
                exit_code,
            )
        raise MalformedFile(
            f"{story.path}: found as {key} but its frontmatter says key '{shown}'; "
            "refusing to write it (fix the key or the file name)",
            exit_code,
        )


@contextmanager
def editing(path: Path, key: str, exit_code: int = 1, timeout: float | None = None,
            lock_exit_code: int | None = None) -> Iterator[Story]:
    """Hold the story's lock and yield it freshly parsed and identity-checked. A lock wait
    longer than `timeout` raises LockTimeout with `lock_exit_code` (default `exit_code`)."""
    lock_code = exit_code if lock_exit_code is None else lock_exit_code
    with locks.story_lock(path, lock_code, timeout):
        story = load_story(path, exit_code)
        check_identity(story, key, exit_code)
        yield story
