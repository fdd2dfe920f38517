"""The one subprocess funnel. No other module starts processes.

Argument lists only (never a shell string built from input), a timeout that kills the whole
process group, bounded captured output, and a result object instead of an exception when the
tool is missing, crashes or hangs. Standard library only.

Rules of `run_tool`:
- The time limit bounds the whole call, reading the output included. At the limit the group
  gets SIGTERM, and SIGKILL KILL_GRACE_SECONDS later; the result says `timed_out`, code 124.
- When the tool's leader ends, the rest of its process group is killed: a background process
  (`server &`) never outlives the run nor keeps the caller reading; a holder of the pipes that
  left the group is waited for at most LEFTOVER_GRACE_SECONDS.
- `contain=True` (test tiers, bridges, coverage runs: commands from the project) runs the tool
  under the keeper, `core.reaper`, a small separate process that becomes a child subreaper on
  Linux and, when the tool ends or the limit is reached, kills every process of the run,
  including those that left the group (setsid, double fork); `ToolResult.killed` lists them.
- The run ends with its caller: a caller interrupted while it waits (Ctrl-C, a signal raised
  as an exception) stops the run (the keeper's sweep, else TERM then KILL to the group)
  before the exception goes on; a caller killed outright is outlived only by the keeper,
  which its death signals (`core.reaper`), and which then sweeps the run.
- A project's tool never gets `npx` installing what the project lacks (`tool_env`).

Two entry points with one contract:
- `run_tool`: the general one (working directory, stdin), built on `subprocess`. Its two
  halves are entry points too: `start_tool` starts the tool and returns, `finish_tool` later
  writes its stdin and reads it to its end, its time limit counted from then (or `stop_tool`
  ends it unread), for a tool started before it is told what to do (the review's head start,
  `evidence.head_start`).
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
    import select
    import subprocess
    from collections.abc import Callable, Mapping, Sequence
    from pathlib import Path

DEFAULT_MAX_OUTPUT = 1 << 20  # bytes kept per stream; the rest is counted and dropped
KILL_GRACE_SECONDS = 2.0  # after the time limit: TERM, then KILL what is left
LEFTOVER_GRACE_SECONDS = 1.0  # after the leader ended: how long escaped holders of the pipes
POLL_SLICE_SECONDS = 0.1  # how often a quiet run is checked for its leader's end
EXIT_TIMEOUT = 124  # what `timeout(1)` reports; execution evidence keeps the convention
EXIT_NOT_FOUND = 127
SIGTERM, SIGKILL = 15, 9  # POSIX numbers: `import signal` costs the hot path an enum import


class ToolResult:
    """What happened when a tool ran. `error` is set when it could not start (127 / 126)."""

    __slots__ = ("argv", "duration", "error", "killed", "returncode", "stderr", "stdout",
                 "timed_out", "truncated")

    def __init__(self, argv: tuple[str, ...], returncode: int, stdout: str, stderr: str,
                 duration: float, timed_out: bool = False, truncated: bool = False,
                 error: str | None = None,
                 killed: tuple[tuple[int, str], ...] = ()) -> None:
        self.argv = argv
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr
        self.duration = duration
        self.timed_out = timed_out
        self.truncated = truncated
        self.error = error
        self.killed = killed  # (pid, command) of each leftover process the run's end killed

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


class _Sink:
    """Keeps the first `limit` bytes of a stream, counting the rest: a flood cannot exhaust
    memory."""

    __slots__ = ("chunks", "dropped", "kept", "limit")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.chunks: list[bytes] = []
        self.kept = 0
        self.dropped = 0

    def add(self, chunk: bytes) -> None:
        room = self.limit - self.kept
        if room > 0:
            self.chunks.append(chunk[:room])
            self.kept += min(room, len(chunk))
        self.dropped += max(0, len(chunk) - max(room, 0))

    def text(self) -> str:
        return b"".join(self.chunks).decode("utf-8", errors="replace")


def _keeper_argv(report_fd: int, mark: str, args: tuple[str, ...]) -> tuple[str, ...]:
    import sys

    keeper = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reaper.py")
    return (sys.executable, "-I", "-S", keeper, str(report_fd), mark, str(os.getpid()), "--",
            *args)


def _killed_from(report: str) -> tuple[tuple[tuple[int, str], ...], str | None]:
    """(killed processes, start error) from the keeper's JSON report (see core.reaper)."""
    from gaia_lib.core import jsonio

    try:
        data = jsonio.loads(report)
    except ValueError:
        return (), None
    if not isinstance(data, dict):
        return (), None
    killed = tuple(
        (int(k["pid"]), str(k["command"])) for k in data.get("killed") or ()
        if isinstance(k, dict) and isinstance(k.get("pid"), int)
    )
    error = data.get("error")
    return killed, error if isinstance(error, str) else None


# What bin/gaia sets for itself and remembers of its caller (see the launcher's "run" part).
LAUNCHED = "GAIA_LAUNCHED"
CALLER_VARS = ("PYTHONPATH", "PYTHONPYCACHEPREFIX")


NPX_INSTALLS = "npm_config_yes"


def tool_env(base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment a project's tool runs in: `base` (default: ours) with the caller's own
    PYTHONPATH and PYTHONPYCACHEPREFIX back where bin/gaia replaced them (set as the caller had
    them, absent where the caller had none), and the launcher's markers dropped. Outside the
    launcher (no GAIA_LAUNCHED) `base` is returned as it is. Either way `npx` may not install
    a package the project lacks (`npm_config_yes=false`, unless the caller set it): without a
    terminal, or with CI set, it would fetch and run whatever the name resolves to."""
    env = dict(os.environ if base is None else base)
    env.setdefault(NPX_INSTALLS, "false")
    if env.pop(LAUNCHED, None) is None:
        return env
    for var in CALLER_VARS:
        kept = env.pop(f"GAIA_CALLER_{var}", None)
        if kept is None:
            env.pop(var, None)
        else:
            env[var] = kept
    return env


# A configured command (a tier, build_cmd) is one argument list unless it uses the shell:
# these characters mean a pipe, a redirection, a list, a glob or an expansion to sh.
SHELL_SYNTAX = r"[|&;<>()$`*?\[\]~]|\n"
ASSIGNMENT = r"[A-Za-z_][A-Za-z0-9_]*="  # `NAME=value` before a program sets its environment


def command_words(command: str) -> list[str] | None:
    """A command's words as sh would split them; None when its quotes do not balance."""
    import shlex  # late: the edit hook imports this module and never splits a command

    try:
        return shlex.split(command)
    except ValueError:
        return None


# What sh reads literally: a single-quoted string, and a double-quoted one holding no `$`,
# backquote or backslash (sh expands those inside double quotes)
QUOTED_LITERALLY = r"'[^']*'|\"[^\"$`\\]*\""


def plain_argv(command: str) -> list[str] | None:
    """`command` as an argument list to run without a shell, or None when only sh can run it
    as written: shell syntax (`SHELL_SYNTAX`) outside what sh reads literally (a quoted glob,
    `-o "python_files=test_*.py tests.py"`, is a word, not a glob), unbalanced quotes, or a
    leading `NAME=value`."""
    import re

    if re.search(SHELL_SYNTAX, re.sub(QUOTED_LITERALLY, "''", command)):
        return None
    words = command_words(command)
    if words and re.match(ASSIGNMENT, words[0]):
        return None
    return words


def program_word(command: str) -> str | None:
    """The first word of `command` that is not a `NAME=value` assignment: the program sh
    starts for it (or a shell keyword). None when there is none or the quotes do not balance."""
    import re

    for word in command_words(command) or ():
        if not re.match(ASSIGNMENT, word):
            return word
    return None


def run_tool(
    argv: Sequence[str],
    *,
    cwd: str | os.PathLike[str] | None = None,
    timeout: float | None = 60.0,
    env: Mapping[str, str] | None = None,
    stdin_text: str | None = None,
    max_output: int = DEFAULT_MAX_OUTPUT,
    contain: bool = False,
    on_start: Callable[[], object] | None = None,
) -> ToolResult:
    """Run `argv` and report what happened. Never raises for a tool's misbehaviour.

    `timeout` bounds the whole call, reading the output included: a background process that
    keeps the pipes open cannot hold it. When the tool's leader ends, what is left of its
    process group is killed. With `contain` (POSIX), the tool runs under the keeper
    (`core.reaper`), which also finds and kills descendants that left the group (setsid,
    double fork) and reports them in `killed`. Without `env`, the tool gets `tool_env()`.
    `on_start` is called once the process has started (the keeper's, with `contain`), never
    when it could not start."""
    start = time.monotonic()
    started = start_tool(argv, cwd=cwd, env=env, stdin=stdin_text is not None, contain=contain)
    if isinstance(started, ToolResult):
        return started
    if on_start is not None:
        on_start()
    return finish_tool(started, timeout=timeout, stdin_text=stdin_text, max_output=max_output,
                       since=start)


class Started:
    """A tool `start_tool` started, whose output nobody reads yet: `finish_tool` runs it to
    its end, `stop_tool` ends it unread."""

    __slots__ = ("args", "contained", "mark", "process", "report_r")

    def __init__(self, args: tuple[str, ...], process: subprocess.Popen[bytes],
                 contained: bool, report_r: int, mark: str) -> None:
        self.args = args
        self.process = process
        self.contained = contained
        self.report_r = report_r
        self.mark = mark

    @property
    def pid(self) -> int:
        """The started process's pid (the keeper's, when contained)."""
        return self.process.pid


def start_tool(
    argv: Sequence[str],
    *,
    cwd: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
    stdin: bool = False,
    contain: bool = False,
    keeps_itself: bool = False,
) -> Started | ToolResult:
    """Start `argv` as `run_tool` would (its rules) and return at once: a `Started` to hand to
    `finish_tool` (or `stop_tool`), or the `ToolResult` of a tool that could not start. With
    `stdin`, its stdin is a pipe that `finish_tool` writes (else /dev/null). A tool may write
    more than a pipe holds before it is read: start only one that waits to be told to go.
    With `contain` and `keeps_itself`, the tool is its own keeper (`reaper.keep_self`, the
    head start's launcher): started directly, with the run's mark in its environment, given
    the keeper's REPORT_FD MARK PARENT after its own arguments."""
    import subprocess

    args = tuple(str(a) for a in argv)
    full_env = tool_env() if env is None else dict(env)
    contained = contain and os.name == "posix"
    report_r = report_w = -1
    mark = ""
    launch = args
    if contained:
        report_r, report_w = os.pipe()
        mark = os.urandom(8).hex()
        if keeps_itself:
            from gaia_lib.core.reaper import MARK_ENV

            # marked from its start, as the keeper's spawn marks a tool: a process of the run
            # that never execs (the launcher running pytest itself) is found by it too
            full_env[MARK_ENV] = mark
            launch = (*args, str(report_w), mark, str(os.getpid()))
        else:
            launch = _keeper_argv(report_w, mark, args)
    try:
        process = subprocess.Popen(
            launch,
            cwd=cwd,
            env=full_env,
            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            pass_fds=(report_w,) if contained else (),
        )
    except FileNotFoundError as exc:
        if contained:
            os.close(report_r)
        missing = exc.filename if exc.filename else args[0]
        return ToolResult(args, EXIT_NOT_FOUND, "", "", 0.0, error=f"not found: {missing}")
    except OSError as exc:
        if contained:
            os.close(report_r)
        return ToolResult(args, 126, "", "", 0.0, error=f"cannot run {args[0]}: {exc.strerror}")
    finally:
        if contained:
            os.close(report_w)
    return Started(args, process, contained, report_r, mark)


def send_input(started: Started, data: bytes) -> None:
    """Write `data` to a started tool's stdin (`start_tool(..., stdin=True)`) now, without
    waiting for it to be read: for less than a pipe holds (a line), before `finish_tool`
    (without `stdin_text`) runs it to its end. A tool already gone reads nothing: its result
    says why."""
    stdin = started.process.stdin
    assert stdin is not None
    view = memoryview(data)
    try:
        while view:
            view = view[os.write(stdin.fileno(), view):]
    except BrokenPipeError:
        pass


def finish_tool(
    started: Started,
    *,
    timeout: float | None = 60.0,
    stdin_text: str | None = None,
    max_output: int = DEFAULT_MAX_OUTPUT,
    since: float | None = None,
) -> ToolResult:
    """Run a started tool to its end under `run_tool`'s rules: `stdin_text` written to its
    stdin (which is then closed), the time limit and the duration counted from `since` (a
    `time.monotonic()` reading; default: now)."""
    import select
    import subprocess

    start = time.monotonic() if since is None else since
    proc, contained, report_r, args = (started.process, started.contained, started.report_r,
                                       started.args)
    assert proc.stdout is not None and proc.stderr is not None
    out, err, report = _Sink(max_output), _Sink(max_output), _Sink(DEFAULT_MAX_OUTPUT)
    sinks = {proc.stdout.fileno(): out, proc.stderr.fileno(): err}
    if contained:
        sinks[report_r] = report
    poller = select.poll()
    for fd in sinks:
        poller.register(fd, select.POLLIN)
    pending = b""
    stdin_fd = -1
    if stdin_text is not None and proc.stdin is not None:
        pending = stdin_text.encode("utf-8")
        stdin_fd = proc.stdin.fileno()
        os.set_blocking(stdin_fd, False)
        poller.register(stdin_fd, select.POLLOUT)
    elif proc.stdin is not None:
        _close_stdin(proc)
    deadline = None if timeout is None else start + timeout
    try:
        timed_out = _collect(proc, poller, sinks, deadline, stdin_fd, pending, contained)
    except BaseException:
        # Interrupted (Ctrl-C, a signal turned exception): the run stops with us, now.
        _stop_run(proc, contained)
        for stream in (proc.stdout, proc.stderr):
            stream.close()
        if contained:
            os.close(report_r)
        raise
    try:
        proc.wait(timeout=5.0)
    except subprocess.TimeoutExpired:  # pragma: no cover - unkillable (uninterruptible sleep)
        _signal_group(proc.pid, SIGKILL)
    for stream in (proc.stdout, proc.stderr):
        stream.close()
    if contained:
        os.close(report_r)
    killed, start_error = _killed_from(report.text()) if contained else ((), None)
    if contained and not report.kept:
        # The keeper died before its report (killed at once by a tiny limit): sweep the run
        # by the mark its processes carry.
        from gaia_lib.core import reaper

        killed = tuple((int(str(k["pid"])), str(k["command"]))
                       for k in reaper.sweep(0, 0, started.mark, reap=False))
    if start_error is not None:
        code = EXIT_NOT_FOUND if start_error.startswith("not found") else 126
        return ToolResult(args, code, "", "", time.monotonic() - start, error=start_error)
    returncode = EXIT_TIMEOUT if timed_out else proc.returncode
    return ToolResult(args, returncode, out.text(), err.text(), time.monotonic() - start,
                      timed_out=timed_out, truncated=bool(out.dropped or err.dropped),
                      killed=killed)


def stop_tool(started: Started) -> None:
    """End a started tool unread, and everything it started (the keeper's sweep, when
    contained), waiting at most KILL_GRACE_SECONDS for it to go."""
    _stop_run(started.process, started.contained)
    for stream in (started.process.stdin, started.process.stdout, started.process.stderr):
        if stream is not None:
            try:
                stream.close()
            except OSError:
                pass
    if started.contained:
        os.close(started.report_r)


def _collect(proc: subprocess.Popen[bytes], poller: select.poll, sinks: dict[int, _Sink],
             deadline: float | None, stdin_fd: int, pending: bytes, contained: bool) -> bool:
    """Read the run's pipes (and feed its stdin) until they close, the time limit passing
    first; whether it did."""
    timed_out = False
    give_up: float | None = None  # when the pipes stop being worth waiting for
    while sinks:
        now = time.monotonic()
        if deadline is not None and not timed_out and now >= deadline:
            timed_out = True
            if contained:
                _signal_pid(proc.pid, SIGTERM)  # the keeper sweeps the whole run
            else:
                _signal_group(proc.pid, SIGTERM)
            give_up = now + KILL_GRACE_SECONDS
        elif give_up is None and proc.poll() is not None:
            # The leader (or the keeper, after its sweep) ended: anything still holding the
            # pipes is a leftover of the run.
            _signal_group(proc.pid, SIGKILL)
            give_up = now + LEFTOVER_GRACE_SECONDS
        if give_up is not None and now >= give_up:
            _signal_group(proc.pid, SIGKILL)  # members that ignored TERM
            break
        limits = [POLL_SLICE_SECONDS]
        if deadline is not None and not timed_out:
            limits.append(deadline - now)
        if give_up is not None:
            limits.append(give_up - now)
        for fd, _ in poller.poll(max(0.0, min(limits)) * 1000):
            if fd == stdin_fd:
                pending = _feed(stdin_fd, pending)
                if not pending:
                    poller.unregister(stdin_fd)
                    _close_stdin(proc)
                    stdin_fd = -1
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if chunk:
                sinks[fd].add(chunk)
            else:
                poller.unregister(fd)
                del sinks[fd]
    if stdin_fd != -1:
        _close_stdin(proc)
    return timed_out


def _stop_run(proc: subprocess.Popen[bytes], contained: bool) -> None:
    """Stop a run its caller gave up on: the keeper sweeps it (SIGTERM), else its group gets
    TERM; whatever is left after KILL_GRACE_SECONDS gets KILL, and the process started is
    waited for again (on a loaded machine a killed process takes its time to go: not
    reaped, it would outlive its stop as a zombie)."""
    if contained:
        _signal_pid(proc.pid, SIGTERM)
    else:
        _signal_group(proc.pid, SIGTERM)
    import contextlib  # late: the interrupted path only

    with contextlib.suppress(BaseException):  # still running, or interrupted again
        proc.wait(timeout=KILL_GRACE_SECONDS)
    _signal_group(proc.pid, SIGKILL)  # whatever is left
    with contextlib.suppress(BaseException):
        proc.wait(timeout=KILL_GRACE_SECONDS)


def _signal_pid(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _feed(fd: int, pending: bytes) -> bytes:
    """Write what the pipe takes now; the rest waits for the next POLLOUT."""
    try:
        return pending[os.write(fd, pending):]
    except BlockingIOError:
        return pending
    except OSError:
        return b""  # the tool closed its stdin: it wants no more


def _close_stdin(proc: subprocess.Popen[bytes]) -> None:
    try:
        if proc.stdin is not None:
            proc.stdin.close()
    except OSError:
        pass


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
    full_env = tool_env() if env is None else dict(env)
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
