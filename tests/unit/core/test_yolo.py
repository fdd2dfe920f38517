from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.core import yolo
from gaia_lib.core.errors import ScopeViolation
from helpers.projects import Project


@pytest.mark.parametrize(
    ("env", "sentinel", "expected", "rule"),
    [
        ({}, None, False, "default"),
        ({"GAIA_YOLO_FLAG": "1"}, None, True, "GAIA_YOLO_FLAG=1"),
        ({"GAIA_YOLO_MODE": "1"}, None, True, "GAIA_YOLO_MODE=1"),
        ({"GAIA_YOLO_FLAG": "true"}, None, False, "default"),
        ({"GAIA_YOLO_MODE": "0"}, None, False, "default"),
        ({"GAIA_YOLO_FLAG": ""}, None, False, "default"),
        ({"GAIA_YOLO_FLAG": "1", "GAIA_YOLO_OVERRIDE": "no"}, None, False, "GAIA_YOLO_OVERRIDE=no"),
        ({"GAIA_YOLO_FLAG": "1", "GAIA_CONTEXT": "memory-save"}, "", False, "memory-save context"),
        ({"GAIA_YOLO_OVERRIDE": "no"}, "", False, "GAIA_YOLO_OVERRIDE=no"),
        ({}, "", True, "sentinel"),
        ({"CLAUDE_CODE_SESSION_ID": "s1"}, "s1\n", True, "sentinel"),
        ({"CLAUDE_SESSION_ID": "s1"}, "s1\n", True, "sentinel"),
        ({"CLAUDE_CODE_SESSION_ID": "s2"}, "", True, "sentinel"),
        ({}, "s1\n", True, "sentinel"),
        ({"CLAUDE_CODE_SESSION_ID": "s2"}, "s1\n", False, "stale sentinel"),
    ],
)
def test_precedence_table(
    env: dict[str, str], sentinel: str | None, expected: bool, rule: str
) -> None:
    decision = yolo.decide(env, sentinel)
    assert (decision.yolo, decision.rule) == (expected, rule)
    assert decision.stale_sentinel is (rule == "stale sentinel")


def test_sentinel_path_precedence(tmp_path: Path) -> None:
    project = tmp_path / "p"
    assert yolo.sentinel_path({}, project) == project / ".gaia/state/.yolo-active"
    assert yolo.sentinel_path({"GAIA_STATE_DIR": "/s"}, project) == Path("/s/.yolo-active")
    assert yolo.sentinel_path(
        {"GAIA_STATE_DIR": "/s", "GAIA_YOLO_SENTINEL": "/x/y"}, project
    ) == Path("/x/y")


def test_set_then_is_yolo_then_clear(project: Project) -> None:
    env = {"CLAUDE_CODE_SESSION_ID": "abc"}
    path = yolo.set_yolo(project.root, env)
    assert path == project.root / ".gaia/state/.yolo-active"
    assert path.read_text() == "abc\n"
    assert yolo.is_yolo(project.root, env).yolo is True
    yolo.clear_yolo(project.root, env)
    assert not path.exists()
    assert yolo.is_yolo(project.root, env).yolo is False
    yolo.clear_yolo(project.root, env)  # clearing twice is fine


def test_stale_sentinel_is_removed(project: Project) -> None:
    path = yolo.set_yolo(project.root, {"CLAUDE_CODE_SESSION_ID": "old"})
    decision = yolo.is_yolo(project.root, {"CLAUDE_CODE_SESSION_ID": "new"})
    assert decision.yolo is False
    assert not path.exists()


def test_set_outside_the_write_scope_is_refused(project: Project, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere" / ".yolo-active"
    with pytest.raises(ScopeViolation):
        yolo.set_yolo(project.root, {"GAIA_YOLO_SENTINEL": str(outside)})
    assert not outside.exists()


def test_external_sentinel_still_counts(project: Project, tmp_path: Path) -> None:
    outside = tmp_path / "marker"
    outside.write_text("")
    assert yolo.is_yolo(project.root, {"GAIA_YOLO_SENTINEL": str(outside)}).yolo is True
