"""The one subprocess funnel. No other module starts processes.

Argument lists only (never a shell string built from input), a timeout that kills the whole
process group, bounded captured output, and a result object instead of an exception when the
tool is missing, crashes or hangs. Standard library only.

Two entry points with one contract:
- `run_tool`: the general one (working directory, stdin), built on `subprocess`.
- `run_quick`: for the edit hook's hot path, where importing `subprocess` (and the `signal`,
  `threading` and `selectors` it pulls in) would cost more than the tool run itself. It spawns
  with `os.posix_spawnp` in a new session and reads both pipes with `select.poll`. It has no
  working-directory option: callers pass the tool's own flag (`git -C DIR`). Elsewhere (no
  posix_spawn) it falls back to `run_tool`.
"""

from __future__ import annotations

import os
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    import subprocess
    from collections.abc import Mapping, Sequence
    from pathlib import Path
    from typing import IO

DEFAULT_MAX_OUTPUT = 1 << 20  # bytes kept per stream; the rest is counted and dropped
KILL_GRACE_SECONDS = 2.0
EXIT_TIMEOUT = 124  # what `timeout(1)` reports; execution evidence keeps the convention
EXIT_NOT_FOUND = 127
SIGTERM, SIGKILL = 15, 9  # POSIX numbers: `import signal` costs the hot path an enum import


class ToolResult:
    """What happened when a tool ran. `error` is set when it could not start (127 / 126)."""

    __slots__ = ("argv", "duration", "error", "returncode", "stderr", "stdout", "timed_out",
                 "truncated")

    def __init__(self, argv: tuple[str, ...], returncode: int, stdout: str, stderr: str,
                 duration: float, timed_out: bool = False, truncated: bool = False,
                 error: str | None = None) -> None:
        self.argv = argv
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr
        self.duration = duration
        self.timed_out = timed_out
        self.truncated = truncated
        self.error = error

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out and self.error is None

    def __repr__(self) -> str:
        return (f"ToolResult(argv={self.argv!r}, returncode={self.returncode}, "
                f"timed_out={self.timed_out}, error={self.error!r})")


def _signal_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """TERM the whole group, wait briefly, then KILL it: grandchildren must not outlive a run."""
    import subprocess

    _signal_group(proc.pid, SIGTERM)
    try:
        proc.wait(timeout=KILL_GRACE_SECONDS)
    except subprocess.TimeoutExpired:
        pass
    # Members that ignore TERM (or outlived the leader) still hold the pipes: KILL them all.
    _signal_group(proc.pid, SIGKILL)
    try:
        proc.wait(timeout=5.0)
    except subprocess.TimeoutExpired:  # pragma: no cover - unkillable (uninterruptible sleep)
        pass


class _Capture:
    """Drain one pipe on a thread, keeping the first `limit` bytes: a flood cannot exhaust
    memory."""

    def __init__(self, stream: IO[bytes], limit: int) -> None:
        import threading

        self.stream = stream
        self.limit = limit
        self.chunks: list[bytes] = []
        self.kept = 0
        self.dropped = 0
        self.thread = threading.Thread(target=self._drain, daemon=True)
        self.thread.start()

    def _drain(self) -> None:
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
    import subprocess

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
    except OSError as exc:
        return ToolResult(args, 126, "", "", 0.0, error=f"cannot run {args[0]}: {exc.strerror}")
    assert proc.stdout is not None and proc.stderr is not None
    out, err = _Capture(proc.stdout, max_output), _Capture(proc.stderr, max_output)
    if stdin_text is not None and proc.stdin is not None:
        try:
            proc.stdin.write(stdin_text.encode("utf-8"))
            proc.stdin.close()
        except OSError:
            pass
    timed_out = False
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        _kill_group(proc)
    # A grandchild that escaped the group may hold the pipes open: bound the drain.
    out.thread.join(timeout=5.0)
    err.thread.join(timeout=5.0)
    for stream in (proc.stdout, proc.stderr):
        try:
            stream.close()
        except OSError:
            pass
    returncode = EXIT_TIMEOUT if timed_out else proc.returncode
    return ToolResult(args, returncode, out.text(), err.text(), time.monotonic() - start,
                      timed_out=timed_out, truncated=bool(out.dropped or err.dropped))


def _find_executable(name: str, env: Mapping[str, str]) -> str | None:
    if os.sep in name:
        return name if os.access(name, os.X_OK) else None
    for directory in env.get("PATH", os.defpath).split(os.pathsep):
        candidate = os.path.join(directory or ".", name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


class Spawned:
    """A process started by `spawn_quick` whose output `finish_quick` collects."""

    __slots__ = ("args", "err_r", "out_r", "pid", "start")

    def __init__(self, args: tuple[str, ...], pid: int, out_r: int, err_r: int,
                 start: float) -> None:
        self.args = args
        self.pid = pid
        self.out_r = out_r
        self.err_r = err_r
        self.start = start


def spawn_quick(argv: Sequence[str], *, env: Mapping[str, str] | None = None
                ) -> Spawned | ToolResult:
    """Start `argv` in a new session with piped output; a ToolResult when it cannot start.

    Split from `finish_quick` so a caller can do other work while the tool runs."""
    args = tuple(str(a) for a in argv)
    full_env = dict(os.environ if env is None else env)
    start = time.monotonic()
    executable = _find_executable(args[0], full_env)
    if executable is None:
        return ToolResult(args, EXIT_NOT_FOUND, "", "", 0.0, error=f"not found: {args[0]}")
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        pid = os.posix_spawn(
            executable, args, full_env, setsid=True,
            file_actions=[(os.POSIX_SPAWN_DUP2, null, 0), (os.POSIX_SPAWN_DUP2, out_w, 1),
                          (os.POSIX_SPAWN_DUP2, err_w, 2)],
        )
    except OSError as exc:
        for fd in (out_r, out_w, err_r, err_w, null):
            os.close(fd)
        return ToolResult(args, 126, "", "", 0.0, error=f"cannot run {args[0]}: {exc.strerror}")
    for fd in (out_w, err_w, null):
        os.close(fd)
    return Spawned(args, pid, out_r, err_r, start)


def finish_quick(spawned: Spawned | ToolResult, *, timeout: float = 10.0,
                 max_output: int = DEFAULT_MAX_OUTPUT) -> ToolResult:
    """Read a spawned tool's output to the end (bounded), kill its group on timeout, reap it.
    `timeout` counts from the spawn."""
    if isinstance(spawned, ToolResult):
        return spawned
    import select

    out_r, err_r = spawned.out_r, spawned.err_r
    kept: dict[int, list[bytes]] = {out_r: [], err_r: []}
    sizes = {out_r: 0, err_r: 0}
    truncated = False
    poller = select.poll()
    for fd in kept:
        poller.register(fd, select.POLLIN)
    open_fds = set(kept)
    deadline = spawned.start + timeout
    timed_out = False
    while open_fds:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            timed_out = True
            break
        for fd, _ in poller.poll(remaining * 1000):
            chunk = os.read(fd, 65536)
            if not chunk:
                poller.unregister(fd)
                open_fds.discard(fd)
                continue
            room = max_output - sizes[fd]
            if room < len(chunk):
                truncated = True
            if room > 0:
                kept[fd].append(chunk[:room])
                sizes[fd] += min(room, len(chunk))
    if timed_out:
        _signal_group(spawned.pid, SIGTERM)
        _signal_group(spawned.pid, SIGKILL)
    _, status = os.waitpid(spawned.pid, 0)
    for fd in kept:
        os.close(fd)
    returncode = EXIT_TIMEOUT if timed_out else os.waitstatus_to_exitcode(status)
    return ToolResult(spawned.args, returncode,
                      b"".join(kept[out_r]).decode("utf-8", errors="replace"),
                      b"".join(kept[err_r]).decode("utf-8", errors="replace"),
                      time.monotonic() - spawned.start, timed_out=timed_out,
                      truncated=truncated)


def run_quick(
    argv: Sequence[str],
    *,
    timeout: float = 10.0,
    env: Mapping[str, str] | None = None,
    max_output: int = DEFAULT_MAX_OUTPUT,
) -> ToolResult:
    """`run_tool` without `subprocess`: same result contract, no cwd, no stdin (see module doc)."""
    if not hasattr(os, "posix_spawn"):  # pragma: no cover - non-POSIX
        return run_tool(argv, timeout=timeout, env=env, max_output=max_output)
    return finish_quick(spawn_quick(argv, env=env), timeout=timeout, max_output=max_output)


def which(name: str, extra_dirs: Sequence[Path] = ()) -> Path | None:
    """Locate an executable in `extra_dirs` (e.g. node_modules/.bin), then on PATH; never run it."""
    import shutil
    from pathlib import Path

    for directory in extra_dirs:
        candidate = Path(directory) / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which(name)
    return Path(found) if found else None
