"""The one subprocess funnel. No other module imports `subprocess`.

Argument lists only (never a shell string built from input), a timeout that kills the whole
process group, bounded captured output, and a result object instead of an exception when the
tool is missing, crashes or hangs. Standard library only.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

DEFAULT_MAX_OUTPUT = 1 << 20  # bytes kept per stream; the rest is counted and dropped
KILL_GRACE_SECONDS = 2.0
EXIT_TIMEOUT = 124  # what `timeout(1)` reports; execution evidence keeps the convention
EXIT_NOT_FOUND = 127


@dataclass(frozen=True)
class ToolResult:
    argv: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str
    duration: float
    timed_out: bool = False
    truncated: bool = False
    error: str | None = None  # spawn failure (not found, not executable); returncode is 127/126

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out and self.error is None


class _Capture(threading.Thread):
    """Drain one pipe, keeping the first `limit` bytes: a flooding tool cannot exhaust memory."""

    def __init__(self, stream: IO[bytes], limit: int) -> None:
        super().__init__(daemon=True)
        self.stream = stream
        self.limit = limit
        self.chunks: list[bytes] = []
        self.kept = 0
        self.dropped = 0

    def run(self) -> None:
        try:
            while chunk := self.stream.read1(65536):  # type: ignore[attr-defined]
                room = self.limit - self.kept
                if room > 0:
                    self.chunks.append(chunk[:room])
                    self.kept += min(room, len(chunk))
                self.dropped += max(0, len(chunk) - max(room, 0))
        except (OSError, ValueError):
            pass

    def text(self) -> str:
        return b"".join(self.chunks).decode("utf-8", errors="replace")


def _signal_group(pgid: int, sig: signal.Signals) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """TERM the whole group, wait briefly, then KILL it: grandchildren must not outlive a run."""
    _signal_group(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=KILL_GRACE_SECONDS)
    except subprocess.TimeoutExpired:
        pass
    # Members that ignore TERM (or outlived the leader) still hold the pipes: KILL them all.
    _signal_group(proc.pid, signal.SIGKILL)
    try:
        proc.wait(timeout=5.0)
    except subprocess.TimeoutExpired:  # pragma: no cover - unkillable (uninterruptible sleep)
        pass


def run_tool(
    argv: Sequence[str],
    *,
    cwd: str | os.PathLike[str] | None = None,
    timeout: float | None = 60.0,
    env: Mapping[str, str] | None = None,
    stdin_text: str | None = None,
    max_output: int = DEFAULT_MAX_OUTPUT,
) -> ToolResult:
    """Run `argv` and report what happened. Never raises for a tool's misbehaviour."""
    args = tuple(str(a) for a in argv)
    start = time.monotonic()
    full_env = dict(os.environ if env is None else env)
    try:
        proc = subprocess.Popen(
            args,
            cwd=cwd,
            env=full_env,
            stdin=subprocess.PIPE if stdin_text is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except FileNotFoundError as exc:
        missing = exc.filename if exc.filename else args[0]
        return ToolResult(args, EXIT_NOT_FOUND, "", "", 0.0, error=f"not found: {missing}")
    except (PermissionError, OSError) as exc:
        return ToolResult(args, 126, "", "", 0.0, error=f"cannot run {args[0]}: {exc.strerror}")
    assert proc.stdout is not None and proc.stderr is not None
    out, err = _Capture(proc.stdout, max_output), _Capture(proc.stderr, max_output)
    out.start()
    err.start()
    if stdin_text is not None and proc.stdin is not None:
        try:
            proc.stdin.write(stdin_text.encode("utf-8"))
            proc.stdin.close()
        except (BrokenPipeError, OSError):
            pass
    timed_out = False
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        _kill_group(proc)
    # A grandchild that escaped the group may hold the pipes open: bound the drain.
    out.join(timeout=5.0)
    err.join(timeout=5.0)
    for stream in (proc.stdout, proc.stderr):
        try:
            stream.close()
        except OSError:
            pass
    returncode = EXIT_TIMEOUT if timed_out else proc.returncode
    return ToolResult(
        argv=args,
        returncode=returncode,
        stdout=out.text(),
        stderr=err.text(),
        duration=time.monotonic() - start,
        timed_out=timed_out,
        truncated=bool(out.dropped or err.dropped),
    )


def which(name: str, extra_dirs: Sequence[Path] = ()) -> Path | None:
    """Locate an executable in `extra_dirs` (e.g. node_modules/.bin), then on PATH; never run it."""
    import shutil

    for directory in extra_dirs:
        candidate = directory / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which(name)
    return Path(found) if found else None
