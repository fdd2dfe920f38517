"""The active-workflow marker: `.gaia/state/active-workflow` names the running workflow and story.

Rules:
- The marker's first line is `<workflow> <story key>` (or `<workflow>` alone); the workflow is
  one of the checkpoint names (`store.check_workflow`), the key is letters, digits, `-`, `_`,
  `.` (at most 64). Anything after the first line is ignored.
- A workflow that edits project files writes it in its setup (`mark`, parent write scope) and
  removes it in its finalize (`clear`); `/gaia-dev-story` does both.
- No marker, or an empty one: no workflow is running, and the edit hook records NOTHING. An
  edit made outside a workflow never lands in any workflow's checkpoint.
- A marker that is not this shape is an error (`MalformedFile`, exit 1), never guessed at.
- `read` is on the edit hook's hot path: standard library and light `gaia_lib` modules only.
"""

from __future__ import annotations

import os

from gaia_lib.core.errors import MalformedFile

MARKER = ("state", "active-workflow")
MAX_LINE = 256
_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")


class Active:
    """The running workflow and its story (None when the marker names no story)."""

    __slots__ = ("key", "workflow")

    def __init__(self, workflow: str, key: str | None) -> None:
        self.workflow = workflow
        self.key = key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Active) and (self.workflow, self.key) == (
            other.workflow,
            other.key,
        )

    def __hash__(self) -> int:
        return hash((self.workflow, self.key))

    def __repr__(self) -> str:
        return f"Active(workflow={self.workflow!r}, key={self.key!r})"

    def line(self) -> str:
        return self.workflow if self.key is None else f"{self.workflow} {self.key}"


def marker_path(project: str | os.PathLike[str]) -> str:
    return os.path.join(os.fspath(project), ".gaia", *MARKER)


def is_key(raw: str) -> bool:
    return 0 < len(raw) <= 64 and raw[0] != "." and all(c in _KEY_CHARS for c in raw)


def parse(first_line: str, what: str = "active-workflow") -> Active | None:
    """The marker's first line as an Active; None when it is blank. Pure."""
    from gaia_lib.checkpoint import store

    words = first_line.split()
    if not words:
        return None
    if len(words) > 2 or (len(words) == 2 and not is_key(words[1])):
        raise MalformedFile(
            f"{what}: expected '<workflow> <story key>', got {first_line[:80]!r}", 1
        )
    return Active(store.check_workflow(words[0]), words[1] if len(words) == 2 else None)


def read_line(project: str | os.PathLike[str]) -> str | None:
    """The marker's first line, unchecked; None when there is none or it is blank. Cheap: the
    edit hook calls it before anything else, then `parse` once `git status` is running."""
    path = marker_path(project)
    try:
        with open(path, encoding="utf-8") as handle:
            first = handle.readline(MAX_LINE).strip()
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise MalformedFile(f"cannot read {path}: {exc}", 1) from None
    return first or None


def read(project: str | os.PathLike[str]) -> Active | None:
    """The running workflow, or None when no workflow is active."""
    first = read_line(project)
    return None if first is None else parse(first, marker_path(project))


def mark(project: str | os.PathLike[str], workflow: str, key: str | None) -> Active:
    """Write the marker (atomically, under the active write scope)."""
    from gaia_lib.checkpoint import store
    from gaia_lib.core import writes

    if key is not None and not is_key(key):
        raise MalformedFile(f"invalid story key for the active-workflow marker: {key[:80]!r}", 1)
    active = Active(store.check_workflow(workflow), key)
    path = marker_path(project)
    writes.make_dirs(os.path.dirname(path), project)
    writes.write_text(path, active.line() + "\n", project)
    return active


def clear(project: str | os.PathLike[str]) -> bool:
    """Remove the marker; False when there was none."""
    from gaia_lib.core import writes

    path = marker_path(project)
    if not os.path.lexists(path):
        return False
    writes.remove(path, project)
    return True
