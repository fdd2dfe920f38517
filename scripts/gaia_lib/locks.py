"""Inter-process locks for read-modify-write of shared state.

POSIX `flock` on a sidecar `<file>.lock` (standard library, so the edit hook can use it); the
`filelock` package only where `fcntl` does not exist (Windows).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gaia_lib.errors import LockTimeout

DEFAULT_TIMEOUT = 10.0

fcntl: Any
try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None


def lock_path_for(target: Path) -> Path:
    return target.with_name(target.name + ".lock")


@contextmanager
def locked(target: Path, timeout: float = DEFAULT_TIMEOUT, exit_code: int = 1) -> Iterator[None]:
    """Hold an exclusive lock on `target` (via `<target>.lock`) for the duration of the block."""
    lock_file = lock_path_for(target)
    lock_file.parent.mkdir(parents=True, exist_ok=True)
    if fcntl is None:  # pragma: no cover - Windows
        import filelock

        try:
            with filelock.FileLock(str(lock_file), timeout=timeout):
                yield
        except filelock.Timeout as exc:
            message = f"timed out after {timeout:g}s waiting for lock {lock_file}"
            raise LockTimeout(message, exit_code) from exc
        return
    fd = os.open(lock_file, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        deadline = time.monotonic() + timeout
        delay = 0.001
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise LockTimeout(
                        f"timed out after {timeout:g}s waiting for lock {lock_file}", exit_code
                    ) from None
                time.sleep(delay)
                delay = min(delay * 2, 0.05)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
