from __future__ import annotations

import importlib

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
    import subprocess
    import sys

    probe = ("import sys; from gaia_lib.cli.main import main; "
             "codes = (main(['--version']), main(['nope']), main([])); "
             "print(codes, 'click' in sys.modules)")
    from helpers.projects import gaia_env

    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=60, env=gaia_env())
    assert done.stdout.splitlines()[-1] == "(0, 2, 2) False", done.stderr
