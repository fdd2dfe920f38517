from __future__ import annotations

import os

import pytest

from gaia_lib.checkpoint import active
from gaia_lib.core.errors import GaiaError, MalformedFile, ScopeViolation
from helpers.projects import Project


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("dev-story E1-S2\n", active.Active("dev-story", "E1-S2")),
        ("  review-qa  \n", active.Active("review-qa", None)),
        ("custom-sync PROJ-12", active.Active("custom-sync", "PROJ-12")),
        ("", None),
        ("   \n", None),
    ],
)
def test_parse(line: str, expected: active.Active | None) -> None:
    assert active.parse(line) == expected


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("dev-story E1-S1 extra", "expected '<workflow> <story key>'"),
        ("dev-story ../../etc", "expected '<workflow> <story key>'"),
        ("dev-story .hidden", "expected '<workflow> <story key>'"),
        ("../../etc", "path traversal"),
        ("not-a-workflow E1-S1", "workflow"),
    ],
)
def test_parse_refuses_other_shapes(line: str, why: str) -> None:
    with pytest.raises(GaiaError, match=why):
        active.parse(line)


def test_mark_read_clear_round_trip(project: Project) -> None:
    root = project.root
    assert active.read(root) is None
    assert active.clear(root) is False
    marked = active.mark(root, "dev-story", "E1-S2")
    assert (root / ".gaia" / "state" / "active-workflow").read_text() == "dev-story E1-S2\n"
    assert active.read(root) == marked == active.Active("dev-story", "E1-S2")
    assert active.clear(root) is True
    assert active.read(root) is None
    assert not os.path.lexists(active.marker_path(root))


def test_mark_refuses_a_bad_key_and_writes_nothing(project: Project) -> None:
    with pytest.raises(MalformedFile, match="invalid story key"):
        active.mark(project.root, "dev-story", "../E1")
    assert active.read(project.root) is None


def test_the_fork_scope_cannot_mark(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAIA_WRITE_SCOPE", "fork")
    with pytest.raises(ScopeViolation):
        active.mark(project.root, "dev-story", "E1-S2")
    assert active.read(project.root) is None


def test_an_unreadable_marker_is_an_error(project: Project) -> None:
    (project.root / ".gaia" / "state" / "active-workflow").write_bytes(b"\xff\xfe dev-story\n")
    with pytest.raises(MalformedFile, match="cannot read"):
        active.read(project.root)
