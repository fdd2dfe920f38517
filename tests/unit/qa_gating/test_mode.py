from __future__ import annotations

import json

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.qa_gating import journal, mode, record
from gaia_lib.qa_gating.record import Request
from helpers.projects import Project
from helpers.qa_board import add


@pytest.fixture
def board(project: Project) -> Project:
    add(project, "E1-S1")
    add(project, "E1-S2", status="in-progress")
    add(project, "E2-S1")
    return project


def _mode(project: Project, **kwargs: str) -> str:
    return mode.resolve(project.root, **kwargs).describe()


def test_silence_is_gating_on_by_default(board: Project) -> None:
    assert _mode(board, story="E1-S1") == \
        "on (default: dependents wait for a story's QA verdict)"


def test_the_config_answers_for_the_project(board: Project) -> None:
    board.write(".gaia/config/project-config.yaml", "qa:\n  gate: off\n")
    assert _mode(board, story="E1-S1") == "off (project config qa.gate: off)"
    assert not mode.resolve(board.root, story="E1-S1").gates


def test_the_story_beats_the_epic_which_beats_the_project(board: Project) -> None:
    board.write(".gaia/config/project-config.yaml", "qa:\n  gate: off\n")
    mode.set_mode(board.root, "project", "project", "on", "release train")
    assert _mode(board, story="E1-S1") == "on (project: release train)"
    mode.set_mode(board.root, "epic", "E1", "off", "spike epic")
    assert _mode(board, story="E1-S1") == "waived (epic E1: spike epic)"
    assert _mode(board, story="E2-S1") == "on (project: release train)"
    mode.set_mode(board.root, "story", "E1-S1", "on", "payment path")
    assert _mode(board, story="E1-S1") == "on (story E1-S1: payment path)"
    assert _mode(board, story="E1-S2") == "waived (epic E1: spike epic)"
    mode.set_mode(board.root, "story", "E1-S1", "inherit", None)
    assert _mode(board, story="E1-S1") == "waived (epic E1: spike epic)"
    assert _mode(board, epic="E1") == "waived (epic E1: spike epic)"


def test_every_change_records_who_when_and_why(
    board: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GAIA_USER", "ada")
    mode.set_mode(board.root, "epic", "E1", "off", "  docs   epic ")
    entry = json.loads(journal.path(board.root).read_text().splitlines()[-1])
    assert {k: entry[k] for k in ("kind", "level", "target", "mode", "reason", "by")} == {
        "kind": "mode", "level": "epic", "target": "E1", "mode": "off", "reason": "docs epic",
        "by": "ada"}
    assert entry["recorded"].endswith("Z")


@pytest.mark.parametrize(("setting", "reason"), [("off", None), ("on", "  "), ("off", "a|b")])
def test_on_and_off_need_a_reason(board: Project, setting: str, reason: str | None) -> None:
    with pytest.raises(GaiaError):
        mode.set_mode(board.root, "epic", "E1", setting, reason)
    assert not journal.path(board.root).exists()


def test_activation_backfills_done_stories_that_would_hold(board: Project) -> None:
    # The project's config kept gating off while E1-S1 failed and finished.
    board.write(".gaia/config/project-config.yaml", "qa:\n  gate: off\n")
    record.record(board.root, Request("E1-S1", "fail", round=1))
    record.record(board.root, Request("E1-S2", "pending"))  # not done: left alone
    change = mode.set_mode(board.root, "epic", "E1", "on", "gating from now on")
    assert change.backfilled == ["E1-S1"]
    qa = record.load(board.root, "E1")
    assert (qa.current("E1-S1"), qa.row("E1-S1").round) == ("waived", None)  # type: ignore[union-attr]
    assert [(w.story, w.reason) for w in qa.waivers] == [("E1-S1", "finished before gating")]
    assert [(r.round, r.result) for r in qa.history("E1-S1")] == [(1, "fail")]  # kept
    assert qa.current("E1-S2") == "pending"


def test_turning_gating_back_on_after_an_off_takes_that_exit_back(board: Project) -> None:
    # E1-S1 failed while gated; the off was an exit past that fail, not "before gating".
    record.record(board.root, Request("E1-S1", "fail", round=1))
    mode.set_mode(board.root, "story", "E1-S1", "off", "legacy parser, accepted")
    assert mode.set_mode(board.root, "story", "E1-S1", "on", "back on").backfilled == []
    mode.set_mode(board.root, "epic", "E1", "off", "spike")
    assert mode.set_mode(board.root, "epic", "E1", "inherit", None).backfilled == []
    qa = record.load(board.root, "E1")
    assert qa.current("E1-S1") == "fail" and not qa.waivers


def test_a_story_that_was_gated_all_along_is_not_backfilled(board: Project) -> None:
    record.record(board.root, Request("E1-S1", "fail", round=1))
    mode.set_mode(board.root, "story", "E1-S1", "on", "explicitly on")
    change = mode.set_mode(board.root, "epic", "E1", "on", "epic on")
    assert change.backfilled == []
    assert record.load(board.root, "E1").current("E1-S1") == "fail"
