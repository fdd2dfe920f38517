"""Reading the start of a project file as text.

A project file read for what it says (a configuration, a test, a story's head) is read up to
a limit, so one huge or endless file (a FIFO, /dev/zero behind a symlink) cannot stall a run
or fill memory; bytes that are not UTF-8 are replaced, never an error. A file that cannot be
read at all is None: the caller decides whether that is "nothing said" or a failure.
"""

from __future__ import annotations

from pathlib import Path


def head_text(path: Path, limit: int) -> str | None:
    """The first `limit` bytes of `path` as text (undecodable bytes replaced), or None when
    it cannot be opened or read."""
    try:
        with path.open("rb") as handle:
            return handle.read(limit).decode("utf-8", errors="replace")
    except OSError:
        return None
