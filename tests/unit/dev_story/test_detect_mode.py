from __future__ import annotations

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import detect_mode
from helpers.projects import Project


@pytest.mark.parametrize(("status", "gates", "mode"), [
    ("backlog", (), "FRESH"),
    ("ready-for-dev", ("FAILED",), "FRESH"),
    ("in-progress", ("UNVERIFIED", "FAILED"), "REWORK"),
    ("in-progress", ("UNVERIFIED", "PASSED"), "RESUME"),
    ("in-progress", (), "RESUME"),
    ("review", ("FAILED",), "RESUME"),
    ("blocked", ("FAILED",), "RESUME"),
])
def test_mode_rule(status: str, gates: tuple[str, ...], mode: str) -> None:
    assert detect_mode.mode_of(status, gates) == mode


def test_failed_outside_the_gate_table_is_not_rework(project: Project) -> None:
    path = project.add_story(status="in-progress")
    text = path.read_text().replace("| — | — | — | — | — |",
                                    "| 1 | bug | high | FAILED login | fix |")
    path.write_text(text)
    assert detect_mode.detect_path(str(path)) == "RESUME"
    path.write_text(text.replace("| QA Tests | UNVERIFIED |", "| QA Tests | FAILED |"))
    assert detect_mode.detect_path(str(path)) == "REWORK"


def test_no_status_and_traversal_are_exit_1(project: Project) -> None:
    path = project.write("s.md", "---\nkey: E1-S1\n---\n")
    for raw in (str(path), "a/../b.md"):
        with pytest.raises(GaiaError) as caught:
            detect_mode.detect_path(raw)
        assert caught.value.exit_code == 1
