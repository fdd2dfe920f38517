"""Runs end with every process they started: background, setsid and double-forked ones too."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gaia_lib.core import proc, reaper
from helpers.processes import alive_with, interruptible, survivors, unique_seconds

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="leftover checks read /proc")


def _run(script: str, timeout: float = 20.0, contain: bool = True) -> tuple[proc.ToolResult, float]:
    start = time.monotonic()
    result = proc.run_tool(["sh", "-c", script], timeout=timeout, contain=contain)
    return result, time.monotonic() - start


def test_a_background_sleep_neither_holds_the_run_nor_survives_it() -> None:
    secs = unique_seconds()
    result, elapsed = _run(f'sleep {secs} & echo "1 passed"')
    assert elapsed < 5, "the run waited for its background process"
    assert (result.returncode, result.stdout, result.timed_out) == (0, "1 passed\n", False)
    [(pid, command)] = result.killed  # `sleep`, or the shell's fork of itself before its exec
    # caught between its exec and its command line, it is named by its name alone
    assert (secs in command or command == "sleep") and pid > 0
    assert survivors(secs) == []


@pytest.mark.parametrize(
    "shape",
    ["setsid sleep {s} & echo started",  # left the process group (and the session)
     '(sh -c "sleep {s} &" &); echo started',  # double fork: the parent is gone at once
     "setsid sh -c 'setsid sleep {s} & sleep {s}' & echo started"],  # both, nested
)
def test_descendants_that_left_the_group_are_found_and_killed(shape: str) -> None:
    secs = unique_seconds()
    result, elapsed = _run(shape.format(s=secs))
    assert elapsed < 5
    assert result.returncode == 0 and result.stdout == "started\n"
    # A process caught between exec and its command line is named by its name alone
    # (`reaper.command_of`): `sleep`, as `sh` or `setsid` before their exec.
    assert result.killed and all(secs in command or command == "sleep"
                                 or command.startswith(("sh", "setsid"))
                                 for _, command in result.killed)
    assert survivors(secs) == []


def test_the_limit_bounds_the_run_and_kills_the_tree() -> None:
    secs = unique_seconds()
    result, elapsed = _run(f"setsid sleep {secs} & sleep {secs}", timeout=1.5)
    assert result.timed_out and result.returncode == proc.EXIT_TIMEOUT
    assert elapsed < 1.5 + 2.0, elapsed
    commands = [command for _, command in result.killed]
    # what the run left: not its leader, the run itself, whose end the limit is
    assert f"sh -c setsid sleep {secs} & sleep {secs}" not in commands
    assert len(commands) == 2 and all(secs in command for command in commands)
    assert survivors(secs) == []


def test_a_missing_tool_under_the_keeper_is_still_a_result() -> None:
    result = proc.run_tool(["gaia-no-such-tool-xyz"], contain=True)
    assert result.returncode == proc.EXIT_NOT_FOUND
    assert result.error == "not found: gaia-no-such-tool-xyz"


def test_contained_runs_keep_the_exit_code_and_stdin() -> None:
    result = proc.run_tool([sys.executable, "-c", "import sys; print(input()); sys.exit(5)"],
                           stdin_text="hello\n", contain=True)
    assert (result.returncode, result.stdout, result.killed) == (5, "hello\n", ())


def test_plain_runs_kill_the_rest_of_the_group_when_the_leader_ends() -> None:
    """Without the keeper a background member of the group is still killed, and a holder of
    the pipes that left the group is waited for only briefly."""
    secs = unique_seconds()
    result, elapsed = _run(f"sleep {secs} & echo done", contain=False)
    assert elapsed < 3 and result.stdout == "done\n"
    assert survivors(secs) == []


def test_the_keeper_becomes_a_subreaper_on_linux(tmp_path: Path) -> None:
    import json
    import os
    import subprocess

    read, write = os.pipe()
    keeper = Path(reaper.__file__)
    done = subprocess.run([sys.executable, "-I", str(keeper), str(write), "m", "--", "true"],
                          pass_fds=(write,), capture_output=True, check=False, timeout=30)
    os.close(write)
    with os.fdopen(read, "rb") as handle:
        report = json.loads(handle.read())
    assert done.returncode == 0
    assert report == {"exit": 0, "error": None, "timed_out": False, "subreaper": True,
                      "killed": []}


@pytest.mark.parametrize(
    ("report", "code"),
    [({"error": "not found: x", "timed_out": False, "exit": None}, 127),
     ({"error": "cannot run x: denied", "timed_out": False, "exit": None}, 126),
     ({"error": None, "timed_out": True, "exit": None}, 124),
     ({"error": None, "timed_out": False, "exit": -9}, 137),
     ({"error": None, "timed_out": False, "exit": 3}, 3)],
)
def test_keeper_exit_status(report: dict[str, object], code: int) -> None:
    assert reaper.exit_status(report) == code


def test_alive_with_sees_a_live_process() -> None:
    """The leftover check itself must be able to fail."""
    import subprocess

    secs = unique_seconds()
    child = subprocess.Popen(["sleep", secs])
    try:
        deadline = time.monotonic() + 10
        while not alive_with(secs) and time.monotonic() < deadline:
            time.sleep(0.01)  # until the fork has exec'd `sleep`
        assert alive_with(secs) == [child.pid]
    finally:
        child.kill()
        child.wait()
    assert alive_with(secs) == []


def test_a_limit_shorter_than_the_keepers_start_still_leaves_nothing() -> None:
    """SIGTERM may reach the keeper before it can handle it; the caller then sweeps the run
    by the mark in its processes' environment."""
    for _ in range(3):
        secs = unique_seconds()
        result, elapsed = _run(f"sleep {secs} & sleep {secs}", timeout=0.02)
        assert result.timed_out and elapsed < 4
        assert survivors(secs, settle=0.5) == []


# The keeper with SIGTERM landing as its spawn of the tool returns: the tool has started, its
# pid is not yet known (the handler's exception leaves the call before its result is kept).
_STOP_AS_SPAWN_RETURNS = """
import json, os, sys
sys.path.insert(0, sys.argv[1])
from gaia_lib.core import reaper
real = os.posix_spawnp
def spawned_then_stopped(*args, **kwargs):
    real(*args, **kwargs)
    raise reaper._Stop
os.posix_spawnp = spawned_then_stopped
print(json.dumps(reaper.keep(["sh", "-c", sys.argv[2]], "m" + sys.argv[3])))
"""


def test_sigterm_as_the_tool_starts_still_sweeps_the_run() -> None:
    secs = unique_seconds()
    scripts = str(Path(reaper.__file__).resolve().parents[2])
    done = subprocess.run([sys.executable, "-c", _STOP_AS_SPAWN_RETURNS, scripts,
                           f"sleep {secs} & sleep {secs}", secs],
                          capture_output=True, text=True, timeout=30, check=True)
    report = json.loads(done.stdout)
    assert report["timed_out"] is True and report["exit"] is None
    assert report["killed"], "the started tool was left running"
    assert survivors(secs, settle=0.5) == []


@pytest.mark.parametrize("report", [
    {"exit": 0, "error": None, "timed_out": False, "subreaper": True, "killed": []},
    {"exit": -9, "error": None, "timed_out": True, "subreaper": False, "killed": []},
    {"exit": None, "error": None, "timed_out": True, "subreaper": True, "killed": []},
    {"exit": None, "error": "not found: \u00e9t\u00e9 \"x\"\n", "timed_out": False,
     "subreaper": True, "killed": []},
    {"exit": 1, "error": None, "timed_out": False, "subreaper": True,
     "killed": [{"pid": 7, "command": 'sleep "9"\\x'}]},
])
def test_the_report_reads_back_as_the_json_module_writes_it(report: dict[str, object]) -> None:
    assert json.loads(reaper.encode(report)) == report
    assert reaper.encode(report) == json.dumps(report)


def test_the_keeper_starts_without_json_or_site_packages() -> None:
    # What the keeper imports before it starts the tool is on every contained run's path.
    assert proc._keeper_argv(1, "m", ("true",))[1:3] == ("-I", "-S")
    probe = (f"import runpy, sys; runpy.run_path({reaper.__file__!r}, run_name='keeper'); "
             "print(sorted({'json', 'site'} & set(sys.modules)))")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", probe], capture_output=True,
                          text=True, check=True)
    assert done.stdout.strip() == "[]"


# A caller of run_tool that waits on a contained run of `sleep` (argv[2] seconds) and says so.
_CALLER = """
import signal, sys
sys.path.insert(0, sys.argv[1])
from gaia_lib.core import proc
print("waiting", flush=True)
proc.run_tool(["sh", "-c", f"sleep {sys.argv[2]} & sleep {sys.argv[2]}"], timeout=120,
              contain=True)
"""


def _caller(secs: str) -> subprocess.Popen[str]:
    scripts = str(Path(reaper.__file__).resolve().parents[2])
    caller = subprocess.Popen([sys.executable, "-c", _CALLER, scripts, secs],
                              stdout=subprocess.PIPE, text=True, preexec_fn=interruptible)
    assert caller.stdout is not None and caller.stdout.readline() == "waiting\n"
    deadline = time.monotonic() + 20
    while len(_sleeps(secs)) < 2 and time.monotonic() < deadline:  # both sleeps started
        time.sleep(0.05)
    assert len(_sleeps(secs)) == 2
    return caller


def _sleeps(secs: str) -> list[int]:
    """The run's own `sleep` processes (the caller and the keeper name `secs` too)."""
    found = []
    for pid in alive_with(secs):
        try:
            if Path(f"/proc/{pid}/cmdline").read_bytes() == f"sleep\0{secs}\0".encode():
                found.append(pid)
        except OSError:
            continue
    return found


def test_an_interrupted_caller_stops_its_run_before_it_exits() -> None:
    # Ctrl-C reaches the caller only (the run has its own session): it stops the run itself.
    secs = unique_seconds()
    caller = _caller(secs)
    caller.send_signal(signal.SIGINT)
    assert caller.wait(timeout=30) != 0  # KeyboardInterrupt
    assert caller.stdout is not None
    caller.stdout.close()
    assert alive_with(secs) == [], "the run outlived its interrupted caller"


def test_a_caller_killed_outright_takes_its_run_with_it() -> None:
    # SIGKILL leaves the caller no say: the keeper learns of its death and sweeps the run.
    secs = unique_seconds()
    caller = _caller(secs)
    caller.kill()
    caller.wait(timeout=20)
    assert caller.stdout is not None
    caller.stdout.close()
    deadline = time.monotonic() + 10
    while alive_with(secs) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert alive_with(secs) == [], "the run outlived its killed caller"


def test_a_keeper_whose_caller_is_already_gone_runs_nothing(tmp_path: Path) -> None:
    read, write = os.pipe()
    marker = tmp_path / "ran"
    done = subprocess.run([sys.executable, "-I", str(Path(reaper.__file__)), str(write), "m",
                           "999999999", "--", "touch", str(marker)],
                          pass_fds=(write,), capture_output=True, check=False, timeout=30)
    os.close(write)
    with open(read, "rb") as handle:
        report = json.loads(handle.read())
    assert report["error"] == "the caller ended before the run started"
    assert done.returncode == 126 and not marker.exists()


# A tool that is its own keeper (`reaper.keep_self`): it forks at once; the child waits for
# the keeper's word, then becomes `sh -c SCRIPT`, where SCRIPT may report on its own process.
_SELF_KEPT = """
import os, sys
sys.path.insert(0, sys.argv[1])
from gaia_lib.core import reaper
let_go = reaper.keep_self(int(sys.argv[3]), sys.argv[4], int(sys.argv[5]))
reaper.wait_for_keeper(let_go)
os.execvp("sh", ["sh", "-c", sys.argv[2]])
"""


def _self_kept(script: str, timeout: float = 20.0) -> tuple[proc.ToolResult, float]:
    scripts = str(Path(reaper.__file__).resolve().parents[2])
    start = time.monotonic()
    started = proc.start_tool([sys.executable, "-c", _SELF_KEPT, scripts, script],
                              contain=True, keeps_itself=True)
    assert isinstance(started, proc.Started)
    return proc.finish_tool(started, timeout=timeout), time.monotonic() - start


def test_a_tool_that_keeps_itself_is_kept_as_under_the_keeper(tmp_path: Path) -> None:
    secs = unique_seconds()
    seen = tmp_path / "seen"
    # the tool reports its mark and whether it leads its own process group, then leaves a
    # double-forked sleep behind and exits 3
    result, elapsed = _self_kept(
        f'echo "$GAIA_PROCESS_TREE $$ $(ps -o pgid= -p $$)" > {seen}; '
        f'(sh -c "sleep {secs} &" &); echo started; exit 3')
    assert elapsed < 10
    assert (result.returncode, result.stdout, result.error) == (3, "started\n", None)
    mark, pid, group = seen.read_text().split()
    assert len(mark) == 16 and pid == group
    assert result.killed and all(secs in command or command == "sleep"
                                 or command.startswith("sh") for _, command in result.killed)
    assert survivors(secs) == []


def test_a_tool_that_keeps_itself_is_swept_at_the_time_limit() -> None:
    secs = unique_seconds()
    result, elapsed = _self_kept(f"setsid sleep {secs} & sleep {secs}", timeout=1.5)
    assert result.timed_out and result.returncode == proc.EXIT_TIMEOUT
    assert elapsed < 1.5 + 2.0, elapsed
    assert len(result.killed) == 2 and all(secs in c for _, c in result.killed)
    assert survivors(secs) == []


def test_a_tool_that_keeps_itself_runs_nothing_once_its_caller_is_gone(tmp_path: Path) -> None:
    read, write = os.pipe()
    marker = tmp_path / "ran"
    scripts = str(Path(reaper.__file__).resolve().parents[2])
    done = subprocess.run([sys.executable, "-c", _SELF_KEPT, scripts, f"touch {marker}",
                           str(write), "m", "999999999"],
                          pass_fds=(write,), capture_output=True, check=False, timeout=30)
    os.close(write)
    with open(read, "rb") as handle:
        report = json.loads(handle.read())
    assert report["error"] == "the caller ended before the run started"
    assert report["exit"] is None and report["subreaper"] is True
    assert done.returncode == 126 and not marker.exists()


# A caller that starts a tool keeping itself, which runs two sleeps, and says so.
_SELF_KEPT_CALLER = """
import sys
sys.path.insert(0, sys.argv[1])
from gaia_lib.core import proc
started = proc.start_tool([sys.executable, "-c", sys.argv[3], sys.argv[1],
                           f"sleep {sys.argv[2]} & sleep {sys.argv[2]}"],
                          contain=True, keeps_itself=True)
print("waiting", flush=True)
proc.finish_tool(started, timeout=120)
"""


def test_a_tool_that_keeps_itself_dies_with_its_caller() -> None:
    secs = unique_seconds()
    scripts = str(Path(reaper.__file__).resolve().parents[2])
    caller = subprocess.Popen([sys.executable, "-c", _SELF_KEPT_CALLER, scripts, secs,
                               _SELF_KEPT], stdout=subprocess.PIPE, text=True)
    assert caller.stdout is not None and caller.stdout.readline() == "waiting\n"
    deadline = time.monotonic() + 20
    while len(_sleeps(secs)) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(_sleeps(secs)) == 2
    caller.kill()
    caller.wait(timeout=20)
    caller.stdout.close()
    deadline = time.monotonic() + 10
    while _sleeps(secs) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _sleeps(secs) == [], "the run outlived its killed caller"


# A tool keeping itself whose run never execs: the child sleeps in Python, named by argv[2],
# once it has touched argv[3] to say the keeper let it go.
_SELF_KEPT_PYTHON = """
import sys, time
sys.path.insert(0, sys.argv[1])
from gaia_lib.core import reaper
let_go = reaper.keep_self(int(sys.argv[4]), sys.argv[5], int(sys.argv[6]))
reaper.wait_for_keeper(let_go)
open(sys.argv[3], "w").close()
time.sleep(float(sys.argv[2]))
"""


def test_a_tool_keeping_itself_is_found_by_its_mark_when_its_keeper_dies_unreported(
        tmp_path: Path) -> None:
    # the keeper killed outright writes no report: the caller sweeps by the mark, which the
    # tool carries from its start even though it never execs
    secs = unique_seconds()
    scripts = str(Path(reaper.__file__).resolve().parents[2])
    running = tmp_path / "running"
    started = proc.start_tool([sys.executable, "-c", _SELF_KEPT_PYTHON, scripts, secs,
                               str(running)], contain=True, keeps_itself=True)
    assert isinstance(started, proc.Started)
    # Killed before it lets the tool go, the keeper's tool ends unrun by itself and leaves
    # nothing to sweep: wait until the tool runs.
    deadline = time.monotonic() + 20
    while not running.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert running.exists() and len(alive_with(secs)) == 2  # keeper and tool
    os.kill(started.pid, signal.SIGKILL)
    result = proc.finish_tool(started, timeout=30)
    [(pid, command)] = result.killed
    assert pid != started.pid and command.startswith(f"{sys.executable} -c")
    assert survivors(secs) == []
