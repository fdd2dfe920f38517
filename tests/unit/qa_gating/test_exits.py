from __future__ import annotations

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.qa_gating import exits, journal
from helpers.projects import Project
from helpers.qa_board import add


@pytest.fixture
def project(project: Project) -> Project:
    add(project, "E1-S1")  # an epic a command can act on
    return project


def test_close_needs_a_reason_and_cleans_it(project: Project) -> None:
    with pytest.raises(GaiaError, match="needs --reason"):
        exits.close_epic(project.root, "E1", "   ")
    closure, changed = exits.close_epic(project.root, "E1", "dropped\tafter # spike\n" + "x" * 300)
    assert changed and closure.closed
    assert closure.reason.startswith("dropped after spike x") and len(closure.reason) == 200
    assert exits.closed_epics(project.root) == frozenset({"E1"})


def test_closing_twice_or_reopening_an_open_epic_changes_nothing(project: Project) -> None:
    assert exits.close_epic(project.root, "E1", None, reopen=True)[1] is False
    exits.close_epic(project.root, "E1", "r")
    assert exits.close_epic(project.root, "E1", "again")[1] is False
    assert len(journal.entries(project.root)) == 1
    assert exits.close_epic(project.root, "E1", None, reopen=True)[1] is True
    assert exits.closed_epics(project.root) == frozenset()


def test_a_bad_epic_key_is_refused_before_any_write(project: Project) -> None:
    with pytest.raises(GaiaError, match="invalid epic key"):
        exits.close_epic(project.root, "../E1", "r")
    assert not journal.path(project.root).exists()


def test_an_epic_no_story_belongs_to_is_refused_and_e1_is_E1(project: Project) -> None:
    with pytest.raises(GaiaError, match=r"no story of epic E7 in this project \(epics: E1\)"):
        exits.close_epic(project.root, "E7", "typo")
    assert journal.entries(project.root) == []
    closure, _ = exits.close_epic(project.root, "e1", "shipped")
    assert closure.epic == "E1" and exits.closed_epics(project.root) == frozenset({"E1"})
