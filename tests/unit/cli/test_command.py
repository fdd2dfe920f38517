"""cli/command.py: every click usage error maps to the declaring command's own exit code and words."""

from __future__ import annotations

import os
import subprocess
import sys

import click
import pytest

from gaia_lib.cli.command import Choice, command, group, run
from gaia_lib.core.errors import GaiaError, NotFound
from helpers.projects import REPO_ROOT

DOC = """`gaia demo`: a demo command.

    gaia demo --story K [--format json|text] [PATH]

Exit codes: 0 ok; {code} usage.
"""


def _demo(code: int) -> click.Command:
    @command("demo", doc=DOC.format(code=code), usage_code=code, upstream="demo.sh")
    @click.option("--story", required=True, metavar="K")
    @click.option("--format", "fmt", type=Choice(("json", "text")), default="json")
    @click.argument("path", required=False)
    def cli(story: str, fmt: str, path: str | None) -> int:
        if story == "missing":
            raise NotFound(f"no story {story}", 5)
        if story == "boom":
            raise GaiaError("generic failure")
        print(f"{story} {fmt} {path}")
        return 0

    return cli


def _demo_group(code: int) -> click.Group:
    @group("grp", doc=DOC.format(code=code), usage_code=code, missing="usage: gaia grp {a|b}",
           unknown="unknown subcommand: {name}")
    def cli() -> None:
        """Subcommands."""

    @cli.command("a", help="Subcommand a.")
    @click.option("--story", required=True)
    def a(story: str) -> int:
        print(story)
        return 0

    @cli.command("b", usage_code=64, help="Subcommand b, with its own usage code.")
    @click.argument("story_path")
    def b(story_path: str) -> int:
        return 0

    return cli


CASES = [
    (["--story", "E1-S1", "--bogus"], "demo: unrecognized arguments: --bogus (see 'gaia demo "
     "--help')\n"),
    (["--story"], "demo: argument --story: expected one argument"),
    ([], "demo: the following arguments are required: --story"),
    (["--story", "E1-S1", "--format", "xml"], "demo: argument --format: invalid choice: 'xml' "
     "(choose from 'json', 'text')"),
    (["--story", "E1-S1", "p", "extra"], "demo: unrecognized arguments: extra"),
]


@pytest.mark.parametrize("code", [1, 2, 64])
@pytest.mark.parametrize(("argv", "start"), CASES)
def test_usage_errors_exit_with_the_commands_code_in_one_line(
    code: int, argv: list[str], start: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(_demo(code), argv) == code
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(start) and err.count("\n") == 1


@pytest.mark.parametrize("code", [1, 2, 64])
def test_group_usage_errors_missing_and_unknown_subcommand(
    code: int, capsys: pytest.CaptureFixture[str]
) -> None:
    cli = _demo_group(code)
    assert run(cli, []) == code
    assert capsys.readouterr().err.startswith("grp: usage: gaia grp {a|b}")
    assert run(cli, ["frob"]) == code
    assert capsys.readouterr().err.startswith("grp: unknown subcommand: frob")
    assert run(cli, ["a", "--nope"]) == code
    assert capsys.readouterr().err.startswith("grp: unrecognized arguments: --nope")


def test_a_subcommand_keeps_its_own_usage_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(_demo_group(1), ["b"]) == 64
    assert capsys.readouterr().err.startswith(
        "grp: the following arguments are required: story_path")


def test_default_group_runs_its_default_when_the_first_argument_is_not_a_subcommand(
    capsys: pytest.CaptureFixture[str]
) -> None:
    @group("rq", doc=DOC.format(code=2), usage_code=2, default="whole")
    def cli() -> None:
        """Subcommands."""

    @cli.command("whole")
    @click.argument("key", required=False)
    @click.option("--flag", is_flag=True)
    def whole(key: str | None, flag: bool) -> int:
        print(f"whole {key} {flag}")
        return 0

    @cli.command("phase")
    @click.argument("key")
    def phase(key: str) -> int:
        print(f"phase {key}")
        return 0

    assert run(cli, ["E1-S1", "--flag"]) == 0
    assert capsys.readouterr().out == "whole E1-S1 True\n"
    assert run(cli, ["--flag", "E2-S2"]) == 0
    assert capsys.readouterr().out == "whole E2-S2 True\n"
    assert run(cli, []) == 0
    assert capsys.readouterr().out == "whole None False\n"
    assert run(cli, ["phase", "E1-S1"]) == 0
    assert capsys.readouterr().out == "phase E1-S1\n"
    assert run(cli, ["--help"]) == 0
    assert "phase" in capsys.readouterr().out
    # help first, whatever follows it: the group's help, not an unknown option
    assert run(cli, ["--help", "--project", "."]) == 0
    out, err = capsys.readouterr()
    assert "phase" in out and err == ""


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_is_stdout_and_exit_0(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(_demo(64), [flag]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith("Usage: gaia demo")
    assert "A demo command" in out and "Exit codes: 0 ok; 64 usage." in out
    assert "Replaces upstream `demo.sh`." in out
    assert "    gaia demo --story K [--format json|text] [PATH]\n" in out  # kept verbatim


def test_usage_replaces_clicks_usage_line(capsys: pytest.CaptureFixture[str]) -> None:
    @command("own", doc=DOC.format(code=1), usage_code=1, usage="usage: gaia own <x>")
    def cli() -> int:
        return 0

    assert run(cli, ["--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: gaia own <x>\n")


def test_flag_equals_value_is_the_same_as_two_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(_demo(1), ["--story=E1-S1", "--format=text", "p"]) == 0
    assert run(_demo(1), ["--story", "E1-S1", "--format", "text", "p"]) == 0
    first, second = capsys.readouterr().out.splitlines()
    assert first == second == "E1-S1 text p"


def test_gaia_errors_keep_their_own_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(_demo(64), ["--story", "missing"]) == 5
    assert capsys.readouterr().err == "demo: no story missing\n"
    assert run(_demo(64), ["--story", "boom"]) == 1
    assert capsys.readouterr().err == "demo: generic failure\n"


def test_an_unexpected_exception_is_70_without_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    monkeypatch.setenv("GAIA_DATA_DIR", str(tmp_path))

    @command("bug", doc=DOC.format(code=2), usage_code=2)
    def cli() -> int:
        raise ZeroDivisionError("oops")

    assert run(cli, []) == 70
    err = capsys.readouterr().err
    assert err.startswith("bug: internal error: ZeroDivisionError('oops')")
    assert "Traceback" not in err and err.count("\n") == 1


def _complete(**env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gaia_lib"], capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT / "scripts"), **env},
    )


def test_shell_completion_script_and_command_names() -> None:
    script = _complete(_GAIA_COMPLETE="bash_source")
    assert script.returncode == 0
    assert "_gaia_completion()" in script.stdout and "complete " in script.stdout
    offered = _complete(_GAIA_COMPLETE="bash_complete", COMP_WORDS="gaia verd", COMP_CWORD="1")
    assert offered.returncode == 0
    assert offered.stdout.splitlines() == ["plain,verdict-resolver"]
    sub = _complete(_GAIA_COMPLETE="bash_complete", COMP_WORDS="gaia review-gate up",
                    COMP_CWORD="2")
    assert sub.stdout.splitlines() == ["plain,update"]
