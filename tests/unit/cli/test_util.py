from __future__ import annotations

from collections.abc import Sequence

import pytest

from gaia_lib.cli.util import ArgParser, entry


def test_usage_error_uses_the_commands_code(capsys: pytest.CaptureFixture[str]) -> None:
    def run(argv: Sequence[str]) -> int:
        parser = ArgParser("gaia demo", usage_code=64)
        parser.add_argument("--story", required=True)
        parser.parse_args(argv)
        return 0

    assert entry("gaia demo", run, ["--bogus"]) == 64
    err = capsys.readouterr().err
    assert err.startswith("gaia demo: ") and err.count("\n") == 1


def test_help_exits_zero_and_prints_usage(capsys: pytest.CaptureFixture[str]) -> None:
    def run(argv: Sequence[str]) -> int:
        ArgParser("gaia demo").parse_args(argv)
        return 0

    assert entry("gaia demo", run, ["--help"]) == 0
    assert "usage: gaia demo" in capsys.readouterr().out
