from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

from gaia_lib.cli import main as cli


def test_no_arguments_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 2
    assert capsys.readouterr().err.startswith("usage: gaia <command>")


def test_unknown_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["no-such"]) == 2
    assert capsys.readouterr().err == "gaia: unknown command 'no-such' (gaia help lists the commands)\n"


def test_help_lists_every_command_with_its_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["help"]) == 0
    words = " ".join(capsys.readouterr().out.split())
    for name in cli.COMMANDS:
        summary = cli.load(name).short_help or ""
        assert len(summary.split()) >= 3, name
        assert f" {name} {' '.join(summary.split()[:3])}" in words, name


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from gaia_lib import __version__

    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"gaia {__version__}\n"


@pytest.mark.parametrize("name", sorted(cli.COMMANDS))
def test_every_registered_command_has_a_main_and_a_click_command(name: str) -> None:
    module = importlib.import_module(f"gaia_lib.cli.{cli.COMMANDS[name]}")
    assert callable(module.main)
    assert isinstance(module.cli, click.Command) and module.cli.name == name


@pytest.mark.parametrize("name", sorted(cli.COMMANDS))
def test_every_command_help_says_what_it_does_its_arguments_codes_and_upstream(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    command = cli.load(name)
    assert cli.main([name, "--help"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert (command.short_help or "").rstrip(".") in " ".join(out.split())
    assert f"gaia {name}" in out  # the usage lines: its arguments
    assert "Exit codes" in out
    declared = getattr(command, "upstream", None)
    assert (f"Replaces upstream `{declared}`." if declared
            else "A gaia command (no upstream script).") in out


def test_version_and_unknown_command_do_not_import_click() -> None:
    probe = ("import sys; from gaia_lib.cli.main import main; "
             "codes = (main(['--version']), main(['nope']), main([])); "
             "print(codes, 'click' in sys.modules)")
    from helpers.projects import gaia_env

    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=60, env=gaia_env())
    assert done.stdout.splitlines()[-1] == "(0, 2, 2) False", done.stderr


def _exit_run(body: str) -> subprocess.CompletedProcess[str]:
    """A process that ends through exit_process after `body`."""
    from helpers.projects import gaia_env

    program = "import atexit, sys, threading, time\nfrom gaia_lib.cli.main import exit_process\n"
    return subprocess.run([sys.executable, "-c", program + body], capture_output=True,
                          text=True, timeout=60, env=gaia_env())


def test_exit_process_runs_the_exit_functions_flushes_and_keeps_the_code(tmp_path: Path) -> None:
    marker = tmp_path / "saved"
    done = _exit_run(f"atexit.register(lambda: open({str(marker)!r}, 'w').write('data'))\n"
                     "sys.stdout.write('x' * 100000)\nsys.stderr.write('last words')\n"
                     "exit_process(3)\n")
    assert done.returncode == 3
    assert marker.read_text() == "data"  # as a coverage measurement saves its data
    assert len(done.stdout) == 100000
    assert done.stderr == "last words"


def test_exit_process_waits_for_a_thread_still_running(tmp_path: Path) -> None:
    marker = tmp_path / "written"
    done = _exit_run("def late():\n    time.sleep(0.3)\n"
                     f"    open({str(marker)!r}, 'w').write('late')\n"
                     "threading.Thread(target=late).start()\nexit_process(4)\n")
    assert done.returncode == 4
    assert marker.read_text() == "late"


def test_exit_process_with_output_that_cannot_be_flushed_exits_as_python_does() -> None:
    full = "sys.stdout = open('/dev/full', 'w')\nsys.stdout.write('x' * 10)\n"
    ours = _exit_run(full + "exit_process(5)\n")
    usual = _exit_run(full + "raise SystemExit(5)\n")
    assert usual.returncode == 120  # Python's own status for output lost at exit
    assert (ours.returncode, ours.stderr) == (usual.returncode, usual.stderr)


@pytest.mark.parametrize("entry", [["-m", "gaia_lib"],
                                   [str(Path(cli.__file__).parents[2] / "gaia_cli.py")]])
def test_output_whose_reader_went_away_ends_the_command_quietly(entry: list[str]) -> None:
    """`gaia help | head -1`: the reader closed the pipe before gaia wrote, and the command
    had ended in a `BrokenPipeError` traceback. It ends quietly, with the status a shell
    gives a process a closed pipe stops (141), and writes nothing more."""
    from helpers.projects import gaia_env

    read, write = os.pipe()
    os.close(read)  # the reader is gone before anything is written
    try:
        done = subprocess.run([sys.executable, *entry, "help"], stdout=write,
                              stderr=subprocess.PIPE, text=True, timeout=60, env=gaia_env())
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (cli.EXIT_PIPE_CLOSED, "")
