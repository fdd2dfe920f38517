from __future__ import annotations

import sys
import time
from pathlib import Path

from gaia_lib import proc


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
    marker = tmp_path / "grandchild-alive"
    script = f"""
import os, signal, subprocess, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
child = subprocess.Popen([sys.executable, "-c",
    "import signal, time, pathlib\\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\\n"
    "time.sleep(4)\\n"
    "pathlib.Path({str(marker)!r}).write_text('x')\\n"])
print("started", flush=True)
time.sleep(60)
"""
    start = time.monotonic()
    result = proc.run_tool([sys.executable, "-c", script], timeout=0.5)
    elapsed = time.monotonic() - start
    assert result.timed_out and result.returncode == proc.EXIT_TIMEOUT
    assert result.stdout == "started\n"
    assert elapsed < 8
    time.sleep(4.5)
    assert not marker.exists(), "a grandchild survived the timeout"


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
