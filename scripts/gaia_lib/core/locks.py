"""Inter-process locks for read-modify-write of shared state.

POSIX `flock` on a sidecar `<file>.lock` (standard library, so the edit hook can use it); the
`filelock` package only where `fcntl` does not exist (Windows). `locked` is a plain context
manager class: `contextlib` and `pathlib` would cost the edit hook more than the lock itself.

Rules:
- A story file has ONE lock, `story_lock(path)`: `<real path of the story>.lock`, so a flat
  symlink shim and the file it points to share it. Every read-modify-write of a story file holds
  it for the whole read, check and write: status transitions, Review Gate rows, findings, the
  File List, QA rounds, dev-story's task checkboxes. Its wait is GAIA_STORY_LOCK_TIMEOUT
  seconds (default 10) unless the command documents its own.
- A change that spans several files takes its locks in this ONE global order, releasing in
  reverse, so two commands can never wait for each other (no deadlock):
    1. story files (several: sorted by real path);
    2. the project's story-status lock, `.gaia/memory/.story-status.lock` (epics-and-stories,
       its per-epic shards and the story-index files are written only under it);
    3. sprint-status.yaml;
    4. leaf files, never held while taking another lock: the rounds and plan-id ledgers, the
       lifecycle event log, checkpoints, dependency overrides.
  A holder of a later lock never asks for an earlier one.
"""

from __future__ import annotations

import os
import time

from gaia_lib.core.errors import LockTimeout

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

DEFAULT_TIMEOUT = 10.0
STORY_LOCK_TIMEOUT_ENV = "GAIA_STORY_LOCK_TIMEOUT"

_fcntl: Any
try:
    import fcntl as _fcntl
except ImportError:  # pragma: no cover - Windows
    _fcntl = None


def lock_path_for(target: str | os.PathLike[str]) -> str:
    return os.fspath(target) + ".lock"


class locked:  # lower case: used like a function, `with locked(path):`
    """Hold an exclusive lock on `target` (via `<target>.lock`) for the duration of the block."""

    def __init__(self, target: str | os.PathLike[str], timeout: float = DEFAULT_TIMEOUT,
                 exit_code: int = 1) -> None:
        self.lock_file = lock_path_for(target)
        self.timeout = timeout
        self.exit_code = exit_code
        self._fd: int | None = None
        self._fallback: Any = None

    def _timed_out(self) -> LockTimeout:
        return LockTimeout(
            f"timed out after {self.timeout:g}s waiting for lock {self.lock_file}", self.exit_code
        )

    def __enter__(self) -> None:
        os.makedirs(os.path.dirname(self.lock_file) or ".", exist_ok=True)
        if _fcntl is None:  # pragma: no cover - Windows
            import filelock

            self._fallback = filelock.FileLock(self.lock_file, timeout=self.timeout)
            try:
                self._fallback.acquire()
            except filelock.Timeout as exc:
                raise self._timed_out() from exc
            return
        fd = os.open(self.lock_file, os.O_RDWR | os.O_CREAT, 0o644)
        deadline = time.monotonic() + self.timeout
        delay = 0.001
        while True:
            try:
                _fcntl.flock(fd, _fcntl.LOCK_EX | _fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    os.close(fd)
                    raise self._timed_out() from None
                time.sleep(delay)
                delay = min(delay * 2, 0.05)
        self._fd = fd

    def __exit__(self, *exc: object) -> None:
        if self._fallback is not None:  # pragma: no cover - Windows
            self._fallback.release()
            return
        if self._fd is not None:
            try:
                _fcntl.flock(self._fd, _fcntl.LOCK_UN)
            finally:
                os.close(self._fd)
                self._fd = None


def story_lock_timeout() -> float:
    raw = os.environ.get(STORY_LOCK_TIMEOUT_ENV, "")
    try:
        value = float(raw) if raw else DEFAULT_TIMEOUT
    except ValueError:
        return DEFAULT_TIMEOUT
    return value if value > 0 else DEFAULT_TIMEOUT


def story_lock(story_path: str | os.PathLike[str], exit_code: int = 1,
               timeout: float | None = None) -> locked:
    """THE lock for one story file (see the module docstring); rank 1 in the global order."""
    wait = story_lock_timeout() if timeout is None else timeout
    return locked(os.path.realpath(story_path), wait, exit_code)
