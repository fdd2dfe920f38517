"""Finding processes by a unique command-line marker in /proc (Linux), for leftover checks."""

from __future__ import annotations

import os
import time
import uuid


def unique_seconds() -> str:
    """A sleep duration no other process uses, so /proc can tell ours apart: `9xx.<random>`."""
    return f"{900 + uuid.uuid4().int % 99}.{uuid.uuid4().int % 10**6:06d}"


def alive_with(marker: str) -> list[int]:
    """Pids of live (not zombie) processes whose command line contains `marker`."""
    found: list[int] = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as handle:
                cmdline = handle.read().replace(b"\0", b" ").decode("utf-8", "replace")
            with open(f"/proc/{name}/stat", "rb") as handle:
                state = handle.read().decode("ascii", "replace").rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if marker in cmdline and state not in ("Z", "X"):
            found.append(int(name))
    return found


def survivors(marker: str, settle: float = 0.3) -> list[int]:
    """`alive_with` after a moment for a kill in flight to land."""
    time.sleep(settle)
    return alive_with(marker)


def interruptible() -> None:
    """A `preexec_fn` giving the child SIGINT's default action, as a terminal's foreground job
    has: a test run in the background (`cmd &`, nohup) passes SIGINT on ignored, and a Python
    started with it ignored keeps it so and never raises KeyboardInterrupt."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
