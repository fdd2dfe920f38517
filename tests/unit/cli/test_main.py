from __future__ import annotations

import importlib

import pytest

from gaia_lib.cli import main as cli


def test_no_arguments_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 2
    assert capsys.readouterr().err.startswith("usage: gaia <command>")


def test_unknown_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["no-such"]) == 2
    assert capsys.readouterr().err == "gaia: unknown command 'no-such' (gaia help lists the commands)\n"


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["help"]) == 0
    out = capsys.readouterr().out
    for name in cli.COMMANDS:
        assert f"  {name}\n" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from gaia_lib import __version__

    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"gaia {__version__}\n"


@pytest.mark.parametrize("name", sorted(cli.COMMANDS))
def test_every_registered_command_has_a_main(name: str) -> None:
    module = importlib.import_module(f"gaia_lib.cli.{cli.COMMANDS[name]}")
    assert callable(module.main)
