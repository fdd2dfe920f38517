from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from gaia_lib.core import proc


def test_captures_output_and_exit_code(tmp_path: Path) -> None:
    result = proc.run_tool(
        [sys.executable, "-c", "import sys; print('out'); print('err', file=sys.stderr); sys.exit(3)"],
        cwd=tmp_path,
    )
    assert (result.returncode, result.stdout, result.stderr) == (3, "out\n", "err\n")
    assert not result.ok and not result.timed_out and result.error is None


def test_missing_tool_is_a_result_not_an_exception() -> None:
    result = proc.run_tool(["gaia-no-such-tool-xyz", "--version"])
    assert result.returncode == proc.EXIT_NOT_FOUND
    assert result.error is not None and "not found" in result.error


def test_timeout_kills_the_whole_process_group_even_when_term_is_ignored(tmp_path: Path) -> None:
    # The grandchild beats on a file until it dies; the run prints "started" only once the beat
    # is there, so the test holds however slowly a loaded machine starts Python.
    beat = tmp_path / "grandchild-beat"
    script = f"""
import os, pathlib, signal, subprocess, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
subprocess.Popen([sys.executable, "-c",
    "import signal, time, pathlib\\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\\n"
    "n = 0\\n"
    "while True:\\n"
    "    n += 1\\n"
    "    pathlib.Path({str(beat)!r}).write_text(str(n))\\n"
    "    time.sleep(0.05)\\n"])
while not pathlib.Path({str(beat)!r}).exists():
    time.sleep(0.05)
print("started", flush=True)
time.sleep(120)
"""
    start = time.monotonic()
    result = proc.run_tool([sys.executable, "-c", script], timeout=6)
    elapsed = time.monotonic() - start
    assert result.timed_out and result.returncode == proc.EXIT_TIMEOUT
    assert result.stdout == "started\n"
    assert elapsed < 6 + proc.KILL_GRACE_SECONDS + 5
    last = beat.read_text()
    time.sleep(0.5)
    assert beat.read_text() == last, "a grandchild survived the timeout"


def test_flooding_output_is_bounded(tmp_path: Path) -> None:
    result = proc.run_tool(
        [sys.executable, "-c", "import sys\nfor _ in range(200): sys.stdout.write('y' * 100000)"],
        max_output=1000,
    )
    assert result.returncode == 0
    assert len(result.stdout) == 1000 and result.truncated


def test_stdin_is_delivered() -> None:
    result = proc.run_tool(
        [sys.executable, "-c", "import sys; print(sys.stdin.read().upper())"], stdin_text="abc"
    )
    assert result.stdout == "ABC\n"


def test_arguments_are_never_shell_interpreted(tmp_path: Path) -> None:
    result = proc.run_tool(
        [sys.executable, "-c", "import sys; print(sys.argv[1])", "$(touch pwned); `id`"], cwd=tmp_path
    )
    assert result.stdout == "$(touch pwned); `id`\n"
    assert not (tmp_path / "pwned").exists()


def test_which_prefers_extra_dirs(tmp_path: Path) -> None:
    tool = tmp_path / "mytool"
    tool.write_text("#!/bin/sh\n")
    tool.chmod(0o755)
    assert proc.which("mytool", [tmp_path]) == tool
    assert proc.which("gaia-no-such-tool-xyz") is None


def test_run_quick_has_the_same_contract(tmp_path: Path) -> None:
    result = proc.run_quick(
        [sys.executable, "-c", "import sys; print('out'); print('err', file=sys.stderr); sys.exit(3)"]
    )
    assert (result.returncode, result.stdout, result.stderr) == (3, "out\n", "err\n")
    assert not result.timed_out and result.error is None
    missing = proc.run_quick(["gaia-no-such-tool-xyz"])
    assert missing.returncode == proc.EXIT_NOT_FOUND and missing.error == "not found: gaia-no-such-tool-xyz"


def test_run_quick_times_out_and_kills_the_group(tmp_path: Path) -> None:
    beat = tmp_path / "beat"
    child = (
        "import pathlib, sys, time\n"
        "n = 0\n"
        "while True:\n"
        "    n += 1\n"
        "    pathlib.Path(sys.argv[1]).write_text(str(n))\n"
        "    time.sleep(0.05)\n"
    )
    script = (
        "import pathlib, subprocess, sys, time\n"
        "subprocess.Popen([sys.executable, '-c', sys.argv[1], sys.argv[2]])\n"
        "while not pathlib.Path(sys.argv[2]).exists(): time.sleep(0.05)\n"
        "print('started', flush=True)\n"
        "time.sleep(120)\n"
    )
    start = time.monotonic()
    result = proc.run_quick([sys.executable, "-c", script, child, str(beat)], timeout=6)
    assert result.timed_out and result.returncode == proc.EXIT_TIMEOUT
    assert result.stdout == "started\n"
    assert time.monotonic() - start < 6 + proc.KILL_GRACE_SECONDS + 5
    last = beat.read_text()
    time.sleep(0.5)
    assert beat.read_text() == last, "a grandchild survived the timeout"


def test_run_quick_bounds_output() -> None:
    result = proc.run_quick(
        [sys.executable, "-c", "import sys\nfor _ in range(50): sys.stdout.write('y' * 100000)"],
        max_output=500,
    )
    assert result.returncode == 0 and len(result.stdout) == 500 and result.truncated


def test_importing_proc_does_not_import_subprocess() -> None:
    import subprocess as sp

    code = ("import sys; sys.path.insert(0, sys.argv[1]); import gaia_lib.core.proc; "
            "print(sorted(m for m in ('subprocess', 'threading', 'signal', 'dataclasses', "
            "'typing', 'pathlib') if m in sys.modules))")
    out = sp.run([sys.executable, "-I", "-S", "-c", code, str(Path(proc.__file__).parents[2])],
                 capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_tool_env_gives_the_callers_python_settings_back() -> None:
    launched = {"PATH": "/bin", "GAIA_LAUNCHED": "1", "PYTHONPATH": "/plugin/scripts",
                "PYTHONPYCACHEPREFIX": "/data/pycache", "GAIA_CALLER_PYTHONPATH": "src"}
    # The caller had PYTHONPATH=src and no PYTHONPYCACHEPREFIX: exactly that comes back.
    assert proc.tool_env(launched) == {"PATH": "/bin", "PYTHONPATH": "src",
                                       "npm_config_yes": "false"}
    # Outside the launcher nothing else is touched.
    plain = {"PATH": "/bin", "PYTHONPATH": "x"}
    assert proc.tool_env(plain) == {**plain, "npm_config_yes": "false"}


def test_npx_may_not_install_a_missing_package_unless_the_caller_says_so() -> None:
    # Without a terminal, or with CI set, npx would fetch and run whatever a typo resolves to.
    assert proc.tool_env({"CI": "true"})["npm_config_yes"] == "false"
    assert proc.tool_env({"npm_config_yes": "true"})["npm_config_yes"] == "true"


def test_a_tool_run_under_the_launcher_sees_the_callers_pythonpath(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAIA_LAUNCHED", "1")
    monkeypatch.setenv("PYTHONPATH", "/plugin/scripts")
    monkeypatch.setenv("GAIA_CALLER_PYTHONPATH", "/the/callers/path")
    show = "import os; print(os.environ.get('PYTHONPATH'), 'GAIA_LAUNCHED' in os.environ)"
    for result in (proc.run_tool([sys.executable, "-c", show]),
                   proc.run_quick([sys.executable, "-c", show], timeout=30)):
        assert result.stdout == "/the/callers/path False\n"


@pytest.mark.parametrize(("command", "argv"), [
    ("python -m pytest -q", ["python", "-m", "pytest", "-q"]),
    ("pytest 'tests/a b.py'", ["pytest", "tests/a b.py"]),
    ("pytest --opt=1", ["pytest", "--opt=1"]),
    ("", []),
    ("pytest | tee log", None),          # a pipe
    ("pytest tests/*.py", None),         # a glob
    # quoted, a glob is a word: init's `-o python_files` for files pytest's defaults pass over
    ('pytest -q -o "python_files=test_*.py tests.py"',
     ["pytest", "-q", "-o", "python_files=test_*.py tests.py"]),
    ("pytest -k 'a or (b)'", ["pytest", "-k", "a or (b)"]),
    ('echo "$HOME"', None),              # double quotes still expand
    ('echo "a" | tee log', None),        # a pipe after a quoted word
    ("cd web && npm test", None),        # a list
    ("echo $HOME", None),                # an expansion
    ("pytest 'unclosed", None),          # quotes that do not balance
    ("CI=1 vitest run", None),           # an assignment only sh applies
])
def test_plain_argv_is_the_command_only_when_no_shell_is_needed(
        command: str, argv: list[str] | None) -> None:
    assert proc.plain_argv(command) == argv


@pytest.mark.parametrize(("command", "program"), [
    ("python -m pytest", "python"),
    ("PYTHONPATH=src COV=1 python -m pytest", "python"),
    ("cd web && npm test", "cd"),
    ("A=1", None),
    ("", None),
    ("pytest 'unclosed", None),
    ("--opt=1 pytest", "--opt=1"),  # an option is no assignment: sh would run it
])
def test_program_word_skips_leading_assignments(command: str, program: str | None) -> None:
    assert proc.program_word(command) == program


@pytest.mark.parametrize("contain", [False, True])
def test_on_start_is_called_once_the_tool_runs_and_never_when_it_cannot(
        tmp_path: Path, contain: bool) -> None:
    marker = tmp_path / "running"
    seen: list[bool] = []

    def started() -> None:
        seen.append(True)
        marker.write_text("")

    # the tool waits for the marker the callback writes: the callback came while it ran
    script = ("import pathlib, sys, time\n"
              f"p = pathlib.Path({str(marker)!r})\n"
              "for _ in range(500):\n"
              "    if p.exists(): sys.exit(7)\n"
              "    time.sleep(0.01)\n")
    result = proc.run_tool([sys.executable, "-c", script], timeout=30, contain=contain,
                           on_start=started)
    assert (seen, result.returncode) == ([True], 7)
    missing = proc.run_tool(["gaia-no-such-tool-xyz"], on_start=lambda: seen.append(False))
    assert missing.returncode == proc.EXIT_NOT_FOUND and seen == [True]


@pytest.mark.parametrize("contain", [False, True])
def test_a_started_tool_runs_when_finished_its_time_counted_from_then(contain: bool) -> None:
    started = proc.start_tool(
        [sys.executable, "-c", "import sys; print(sys.stdin.readline().strip()[::-1])"],
        stdin=True, contain=contain)
    assert isinstance(started, proc.Started)
    time.sleep(1.2)  # longer than its time limit: none of it counts
    result = proc.finish_tool(started, timeout=1.0, stdin_text="olleh\n")
    assert (result.returncode, result.stdout, result.timed_out) == (0, "hello\n", False)
    assert result.duration < 1.0


def test_input_sent_before_finishing_is_read_and_a_gone_tool_is_no_error() -> None:
    started = proc.start_tool(
        [sys.executable, "-c", "import sys; print(sys.stdin.readline().strip()[::-1])"],
        stdin=True, contain=True)
    assert isinstance(started, proc.Started)
    proc.send_input(started, b"olleh\n")
    result = proc.finish_tool(started, timeout=30)
    assert (result.returncode, result.stdout) == (0, "hello\n")
    gone = proc.start_tool([sys.executable, "-c", "pass"], stdin=True)
    assert isinstance(gone, proc.Started)
    gone.process.wait()
    proc.send_input(gone, b"x" * 200_000)  # more than a pipe holds, nobody reading: dropped
    assert proc.finish_tool(gone, timeout=30).returncode == 0


def test_a_tool_that_cannot_start_is_a_result_from_start_tool() -> None:
    result = proc.start_tool(["gaia-no-such-tool-xyz"], contain=False)
    assert isinstance(result, proc.ToolResult) and result.returncode == proc.EXIT_NOT_FOUND


def test_a_started_tool_stopped_unread_is_gone_with_its_children(tmp_path: Path) -> None:
    pidfile = tmp_path / "child.pid"
    started = proc.start_tool([sys.executable, "-c", (
        "import subprocess, sys, time\n"
        "c = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
        f"open({str(pidfile)!r}, 'w').write(str(c.pid))\n"
        "time.sleep(60)\n")], contain=True)
    assert isinstance(started, proc.Started)
    deadline = time.monotonic() + 30
    while not pidfile.is_file() or not pidfile.read_text():
        assert time.monotonic() < deadline
        time.sleep(0.05)
    child = int(pidfile.read_text())
    proc.stop_tool(started)
    assert started.process.poll() is not None
    with pytest.raises(ProcessLookupError):
        os.kill(child, 0)
