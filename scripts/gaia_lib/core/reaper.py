"""The keeper of one tool run: it runs the tool and leaves nothing of it behind.

`proc.run_tool(..., contain=True)` starts it as its own small process,
`python -I -S reaper.py REPORT_FD MARK [PARENT] -- ARGV...` (standard library only, run by
path so nothing of gaia_lib nor of site-packages is imported; never on the edit hook's path,
which must not load ctypes).

Rules:
- On Linux the keeper first becomes a child subreaper (`prctl(PR_SET_CHILD_SUBREAPER)`): a
  descendant whose parent exits (a double fork, a daemon, `setsid cmd &`) is re-parented to the
  keeper instead of init, so it stays findable and is reaped here.
- Given its caller's pid (PARENT), the keeper dies with it: on Linux the caller's death sends
  it SIGTERM (`prctl(PR_SET_PDEATHSIG)`), which stops and sweeps the run as a time limit does
  (a review killed, or interrupted before it could stop the run, leaves nothing running); a
  caller already gone when the keeper starts gets no run at all (`error`).
- The tool runs in a process group of its own with MARK_ENV=MARK in its environment, which its
  descendants inherit unless they clear it.
- When the tool's leader exits, or the keeper receives SIGTERM (the caller's time limit), every
  process left of the run is killed with SIGKILL: the tool's process group, every descendant of
  the keeper (parent links in /proc), and every process whose environment carries the MARK.
  The sweep repeats until a scan finds nothing and the keeper has no child left (a process may
  fork while being killed, or be missed by a scan racing its fork), at most MAX_ROUNDS times;
  killed children are reaped.
- The report is one JSON object written to REPORT_FD: `exit` (the leader's exit code, negative
  for a signal; null when it was still running or could not start), `error` (why it could not
  start, else null), `timed_out`, `subreaper` (whether prctl succeeded) and `killed`
  (`[{"pid", "command"}]`, in the order killed): the run's leftovers, never its leader, which
  is the run itself (a time limit that ended it is `timed_out`, not a process left behind).
- The keeper's own exit status: the leader's exit code (128+signal when a signal ended it),
  124 after SIGTERM, 127 / 126 when the tool is missing / cannot run.
- A tool may start as its own keeper (`keep_self`, the review's head start: one Python start
  instead of two in a row on the way to the run): it is started as the keeper would be
  (contained, in a session of its own, its caller's pid given), with REPORT_FD MARK PARENT,
  and at its first lines it forks. The child returns and is the tool, the leader: a process
  group of its own, MARK_ENV=MARK in its environment, the report pipe closed. The parent is
  the keeper under the rules above (subreaper, the caller's death, the sweep, the report, the
  exit status) and never returns. The tool starts nothing until the keeper has become a
  subreaper and found its caller alive: it waits for that (`wait_for_keeper`) before it runs
  anything of the run's, and where the caller was gone it is killed unrun (`error`).
"""

from __future__ import annotations

import os
import signal
import sys
import time

MARK_ENV = "GAIA_PROCESS_TREE"
PR_SET_CHILD_SUBREAPER = 36
PR_SET_PDEATHSIG = 1
MAX_ROUNDS = 50
EXIT_TIMEOUT = 124


class _Stop(Exception):
    """Raised by the SIGTERM handler to leave the wait for the leader."""


def _prctl(option: int, value: int) -> bool:
    """Linux's prctl(option, value); False where the call does not exist or fails."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(option, value, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def become_subreaper() -> bool:
    """Adopt orphaned descendants (Linux); False where the call does not exist."""
    return _prctl(PR_SET_CHILD_SUBREAPER, 1)


def outlives(parent: int) -> bool:
    """Ask for SIGTERM when `parent` dies (Linux); True when it is already gone."""
    _prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM))
    return os.getppid() != parent


def _stat(pid: str) -> tuple[int, int, str] | None:
    """(parent pid, process group, state) from /proc/<pid>/stat; None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            data = handle.read().decode("ascii", "replace")
    except OSError:
        return None
    fields = data[data.rfind(")") + 2:].split()  # the command name may hold spaces and ')'
    if len(fields) < 3:
        return None
    return int(fields[1]), int(fields[2]), fields[0]


def _carries(pid: str, marker: bytes) -> bool:
    try:
        with open(f"/proc/{pid}/environ", "rb") as handle:
            return marker in handle.read().split(b"\0")
    except OSError:
        return False


def command_of(pid: int) -> str:
    """The process's command line (its name while it has none yet, between fork and exec)."""
    for name in ("cmdline", "comm"):
        try:
            with open(f"/proc/{pid}/{name}", "rb") as handle:
                raw = handle.read()
        except OSError:
            continue
        shown = " ".join(p.decode("utf-8", "replace") for p in raw.split(b"\0") if p).strip()
        if shown:
            return shown[:200]
    return ""


def leftovers(root: int, group: int, mark: str) -> list[int]:
    """Live processes of the run: the tool's group, `root`'s descendants, the MARK carriers.
    A `root` or `group` of 0 or less stands for none."""
    if not os.path.isdir("/proc"):
        return []
    needle = f"{MARK_ENV}={mark}".encode()
    table: dict[int, tuple[int, int, str]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            info = _stat(name)
            if info is not None:
                table[int(name)] = info
    found: set[int] = set()
    children: dict[int, list[int]] = {}
    for pid, (ppid, pgrp, state) in table.items():
        if state in ("Z", "X"):
            continue  # already dead: only waiting to be reaped
        children.setdefault(ppid, []).append(pid)
        if (group > 0 and pgrp == group) or (mark and _carries(str(pid), needle)):
            found.add(pid)
    stack = list(children.get(root, ())) if root > 0 else []
    while stack:
        pid = stack.pop()
        found.add(pid)
        stack.extend(children.get(pid, ()))
    found.discard(root)
    found.discard(os.getpid())
    return sorted(found)


def _reap() -> bool:
    """Reap every child that has ended; True while a child is still alive."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return False
        if pid == 0:
            return True


def sweep(root: int, group: int, mark: str, reap: bool = True) -> list[dict[str, object]]:
    """Kill everything `leftovers` finds until nothing is left; what was killed, in order.
    `reap=False` for a caller whose other children are none of the run's business."""
    killed: list[dict[str, object]] = []
    seen: set[int] = set()
    for _ in range(MAX_ROUNDS):
        targets = leftovers(root, group, mark)
        if not targets:
            # Done only when no child is left either: a process forked (and orphaned to us)
            # as /proc was listed can be missed by that scan, never by waitpid.
            if not reap or not _reap():
                break
            time.sleep(0.01)
            continue
        # Names first: a process being killed loses its command line.
        named = [(pid, command_of(pid)) for pid in targets if pid not in seen]
        for pid in targets:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        for pid, command in named:
            seen.add(pid)
            killed.append({"pid": pid, "command": command})
        time.sleep(0.01)
        if reap:
            _reap()
    if group > 0:  # whatever of the tool's group no scan saw
        try:
            os.killpg(group, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    if reap:
        _reap()
    return killed


def _stop(signum: int, frame: object) -> None:
    raise _Stop


def keep(argv: list[str], mark: str, parent: int = 0) -> dict[str, object]:
    """Run `argv` to its end (or until SIGTERM, or `parent`'s death), then sweep; the report
    (module docstring)."""
    report = _report(become_subreaper())
    signal.signal(signal.SIGTERM, _stop)
    if parent > 0 and outlives(parent):
        report["error"] = "the caller ended before the run started"
        return report
    env = {**os.environ, MARK_ENV: mark}
    # SIGTERM may land anywhere from here on, even as the spawn returns (the tool started,
    # its pid not yet known): every way out of this block goes through the sweep below, which
    # finds the tool by its parent, the keeper, and its mark when `leader` is still 0.
    leader = 0
    try:
        try:
            leader = os.posix_spawnp(argv[0], argv, env, setpgroup=0)
        except FileNotFoundError:
            report["error"] = f"not found: {argv[0]}"
            return report
        except OSError as exc:
            report["error"] = f"cannot run {argv[0]}: {exc.strerror}"
            return report
        _wait(report, leader)
    except _Stop:
        report["timed_out"] = True
    return _swept(report, leader, mark)


def _report(subreaper: bool) -> dict[str, object]:
    return {"exit": None, "error": None, "timed_out": False, "subreaper": subreaper,
            "killed": []}


def _wait(report: dict[str, object], leader: int) -> None:
    """Wait for the leader's end, reaping adopted orphans as they end too."""
    try:
        while True:
            pid, status = os.waitpid(-1, 0)
            if pid == leader:
                report["exit"] = _exit_code(status)
                return
    except ChildProcessError:  # pragma: no cover - the leader is our child until reaped
        pass


def _exit_code(status: int) -> int:
    """os.waitstatus_to_exitcode, which Python 3.8 (a project's, `keep_self`) lacks."""
    return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)


def _swept(report: dict[str, object], leader: int, mark: str) -> dict[str, object]:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # the sweep must finish
    report["killed"] = [k for k in sweep(os.getpid(), leader, mark) if k["pid"] != leader]
    return report


def keep_self(report_fd: int, mark: str, parent: int = 0) -> int:
    """Fork (module rules: a tool its own keeper). Returns in the child, the tool: the file
    descriptor `wait_for_keeper` reads. The parent keeps the run and exits with its status."""
    keeper = os.getpid()
    signal.signal(signal.SIGTERM, _stop)
    ready_r, ready_w = os.pipe()
    report = _report(False)
    leader = 0
    try:
        leader = os.fork()
        if leader == 0:
            return _tool(ready_r, ready_w, report_fd, mark)
        os.close(ready_r)
        try:  # as the child does too: whichever runs first, it is in its group at once
            os.setpgid(leader, leader)
        except OSError:
            pass
        report["subreaper"] = become_subreaper()
        if parent > 0 and outlives(parent):
            report["error"] = "the caller ended before the run started"
        else:
            os.write(ready_w, b"1")
            _wait(report, leader)
    except _Stop:
        if os.getpid() != keeper:  # the child, signalled before it could restore SIGTERM
            os._exit(EXIT_TIMEOUT)
        report["timed_out"] = True
    except OSError as exc:  # no fork: nothing started
        report["error"] = f"cannot run the tool: {exc.strerror}"
    os.close(ready_w)
    _write_report(report_fd, _swept(report, leader, mark))
    os._exit(exit_status(report))


def _tool(ready_r: int, ready_w: int, report_fd: int, mark: str) -> int:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.setpgid(0, 0)
    os.close(ready_w)
    os.close(report_fd)
    os.environ[MARK_ENV] = mark
    return ready_r


def wait_for_keeper(ready: int) -> None:
    """In `keep_self`'s child: wait until the keeper lets the run start; end this process at
    once where it does not (its caller gone, or the keeper itself)."""
    try:
        go = os.read(ready, 1)
    except OSError:
        go = b""
    os.close(ready)
    if not go:
        os._exit(EXIT_TIMEOUT)


def exit_status(report: dict[str, object]) -> int:
    if report["error"] is not None:
        return 127 if str(report["error"]).startswith("not found") else 126
    if report["timed_out"]:
        return EXIT_TIMEOUT
    code = report["exit"]
    assert isinstance(code, int)
    return 128 - code if code < 0 else code


def encode(report: dict[str, object]) -> str:
    """The report as JSON. The usual one (the tool started, nothing was left to kill) holds no
    string and is spelled here: importing `json` would cost the keeper's start-up about 7 ms,
    on the path of every contained run."""
    if report["error"] is None and not report["killed"]:
        code = report["exit"]
        exit_code = str(code) if isinstance(code, int) else "null"
        flags = ["true" if report[name] else "false" for name in ("timed_out", "subreaper")]
        return (f'{{"exit": {exit_code}, "error": null, "timed_out": {flags[0]}, '
                f'"subreaper": {flags[1]}, "killed": []}}')
    import json

    return json.dumps(report)


def main(args: list[str]) -> int:
    report_fd, mark, *rest = args
    parent = rest.pop(0) if rest and rest[0] != "--" else "0"
    separator, *argv = rest or [""]
    if separator != "--" or not argv or not parent.isdigit():
        print("usage: reaper.py REPORT_FD MARK [PARENT] -- ARGV...", file=sys.stderr)
        return 2
    report = keep(argv, mark, int(parent))
    _write_report(int(report_fd), report)
    return exit_status(report)


def _write_report(fd: int, report: dict[str, object]) -> None:
    data = encode(report).encode("utf-8")
    while data:
        data = data[os.write(fd, data):]
    os.close(fd)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
