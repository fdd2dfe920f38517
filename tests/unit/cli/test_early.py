"""What `gaia review-qa` starts before its module loads: which forms, which project."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from gaia_lib.cli import early
from gaia_lib.evidence import head_start


@pytest.mark.parametrize(("args", "project"), [
    (["E1-S1"], ""),
    (["review", "E1-S1", "--project", "../p"], "../p"),
    (["analyze", "E1-S1", "--project=/srv/p"], "/srv/p"),
    # an option's value is no subcommand
    (["--format", "json", "--base", "setup", "E1-S1"], ""),
])
def test_the_forms_that_run_the_suite_name_their_project(args: list[str], project: str) -> None:
    assert early.review_project(args) == project


@pytest.mark.parametrize("args", [
    ["setup", "E1-S1"],
    ["verdict", "E1-S1", "--project", "p"],
    ["finalize", "E1-S1"],
    ["E1-S1", "--help"],
    ["E1-S1", "--project"],  # no value: click says so
])
def test_the_other_forms_start_nothing(args: list[str]) -> None:
    assert early.review_project(args) is None


def test_every_review_qa_option_that_takes_a_value_is_known_as_one() -> None:
    from gaia_lib.cli import review_qa

    valued = {option for command in review_qa.cli.commands.values() for param in command.params
              if isinstance(param, click.Option) and not param.is_flag
              for option in param.opts}
    assert valued == early.VALUED | {"--project"}


def test_the_review_starts_its_head_start_for_the_project_it_reviews(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[Path] = []
    monkeypatch.setattr(head_start, "start", lambda project: started.append(project))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p").mkdir()
    with early.started("review-qa", ["E1-S1", "--project", "p"]):
        pass
    with early.started("review-qa", ["setup", "E1-S1"]), early.started("story", ["list"]):
        pass
    assert started == [(tmp_path / "p").resolve()]
