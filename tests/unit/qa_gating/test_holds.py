from __future__ import annotations

import pytest

from gaia_lib.qa_gating import exits, holds, mode, record
from gaia_lib.qa_gating.record import Request
from gaia_lib.story import sprint
from gaia_lib.story.parser import load_story
from helpers.projects import Project
from helpers.qa_board import chain


@pytest.fixture
def files(project: Project) -> dict[str, object]:
    return dict(chain(project, {"E1-S1": "done", "E1-S2": "ready-for-dev"}))


def _deps(project: Project, files: dict[str, object]) -> sprint.DepsResult:
    story = load_story(files["E1-S2"])  # type: ignore[arg-type]
    return sprint.check_deps(project.root, story, qa_hold=holds.QaHolds(project.root))


@pytest.mark.parametrize(("result", "held"), [
    ("fail", True), ("pending", True), ("pass", False), ("waived", False)])
def test_fail_and_pending_hold_pass_and_waived_release(
    project: Project, files: dict[str, object], result: str, held: bool
) -> None:
    record.record(project.root, Request("E1-S1", result))
    deps = _deps(project, files)
    assert (bool(deps.held), deps.exit_code) == (held, 1 if held else 0)


def test_a_done_story_without_a_row_does_not_hold(project: Project, files: dict[str, object]) -> None:
    assert _deps(project, files).exit_code == 0


def test_the_refusal_names_the_row_and_the_exits(project: Project, files: dict[str, object]) -> None:
    record.record(project.root, Request("E1-S1", "fail", report="r/qa-tests-E1-S1-round2.md"))
    (key, reason), = _deps(project, files).held
    assert key == "E1-S1"
    assert reason.startswith("held by QA fail (round 2, report r/qa-tests-E1-S1-round2.md; row "
                             "in .gaia/artifacts/implementation-artifacts/epic-e1-core/"
                             "test-status.md)")
    for exit_text in ("gaia qa-record E1-S1 --result pass", "gaia qa-gate off --story E1-S1",
                      "gaia close-epic E1"):
        assert exit_text in reason


@pytest.mark.parametrize(("level", "target"), [("story", "E1-S1"), ("epic", "E1")])
def test_gate_off_releases_and_keeps_the_row(
    project: Project, files: dict[str, object], level: str, target: str
) -> None:
    record.record(project.root, Request("E1-S1", "fail", round=1))
    mode.set_mode(project.root, level, target, "off", "not worth gating")
    assert _deps(project, files).exit_code == 0
    assert record.load(project.root, "E1").current("E1-S1") == "fail"  # still recorded


def test_closing_releases_and_reopening_restores_exactly(
    project: Project, files: dict[str, object]
) -> None:
    record.record(project.root, Request("E1-S1", "fail", round=1))
    before = (project.impl / "epic-e1-core" / "test-status.md").read_bytes()
    exits.close_epic(project.root, "E1", "approach dropped")
    assert _deps(project, files).exit_code == 0
    exits.close_epic(project.root, "E1", None, reopen=True)
    assert [k for k, _ in _deps(project, files).held] == ["E1-S1"]
    assert (project.impl / "epic-e1-core" / "test-status.md").read_bytes() == before


def test_status_only_callers_pass_no_hold(project: Project, files: dict[str, object]) -> None:
    record.record(project.root, Request("E1-S1", "fail", round=1))
    story = load_story(files["E1-S2"])  # type: ignore[arg-type]
    assert sprint.check_deps(project.root, story, qa_hold=None).exit_code == 0
