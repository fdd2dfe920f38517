from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.core.errors import InvalidInput
from gaia_lib.gate import reports
from gaia_lib.gate.reports import ArtifactHome
from gaia_lib.story import resolve
from helpers.projects import Project


def test_review_report_path_per_story_creates_reviews(project: Project) -> None:
    story = project.add_story("E1-S1", layout="per-story")
    path = reports.review_report_path(project.root, "E1-S1", "qa-tests")
    assert path == story.parent / "reviews" / "qa-tests-E1-S1.md"
    assert path.parent.is_dir()


@pytest.mark.parametrize("layout", ["nested", "flat", None])
def test_review_report_path_flat_otherwise(project: Project, layout: str | None) -> None:
    if layout:
        project.add_story("E1-S1", layout=layout)
    assert reports.review_report_path(project.root, "E1-S1", "code-review") == \
        project.impl / "code-review-E1-S1.md"


@pytest.mark.parametrize("layout", ["per-story", "nested", "flat"])
def test_review_report_path_of_a_story_file_the_caller_has_is_the_one_found(
        project: Project, layout: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The gate summary names six rows' reports: the story file it holds is the one the key
    finds, and it is not looked for again."""
    story = project.add_story("E1-S1", layout=layout)
    found = reports.review_report_path(project.root, "E1-S1", "qa-tests", False)
    monkeypatch.setattr(resolve, "find_story", lambda *_: pytest.fail("looked for"))
    assert reports.review_report_path(project.root, "E1-S1", "qa-tests", False,
                                      story_path=story) == found


def test_review_report_path_validates_before_paths(project: Project) -> None:
    with pytest.raises(InvalidInput, match="invalid story key"):
        reports.review_report_path(project.root, "../E1-S1", "qa-tests")
    with pytest.raises(InvalidInput, match=r"invalid --type '\.\./x'"):
        reports.review_report_path(project.root, "E1-S1", "../x")


def test_artifact_home(project: Project) -> None:
    assert reports.artifact_home(project.root, "E1-S1") == ArtifactHome("epic-E1", "E1-S1")
    (project.impl / "epic-e1-core" / "stories" / "E1-S1-signup").mkdir(parents=True)
    assert reports.artifact_home(project.root, "E1-S1") == \
        ArtifactHome("epic-e1-core", "E1-S1-signup")
    project.add_story("E2-S1", layout="per-story")
    assert reports.artifact_home(project.root, "E2-S1") == \
        ArtifactHome("epic-e2-core", "E2-S1-signup")
    # E1-S1 must never match E1-S10
    (project.impl / "epic-e1-core" / "stories" / "E1-S10-other").mkdir(parents=True)
    assert reports.artifact_home(project.root, "E1-S10").story_dir == "E1-S10-other"


def test_test_artifact_read_precedence(project: Project) -> None:
    ta = project.root / ".gaia/artifacts/test-artifacts"
    new = ta / "epic-E1" / "E1-S1" / "atdd.md"
    assert reports.test_artifact_read_path(project.root, "atdd", "E1-S1") == new
    assert reports.test_artifact_read_path(project.root, "atdd", "E1-S1", True) is None
    flat = project.write(".gaia/artifacts/test-artifacts/atdd-E1-S1.md", "flat")
    assert reports.test_artifact_read_path(project.root, "atdd", "E1-S1", True) == flat
    legacy = project.write(".gaia/artifacts/test-artifacts/epic-E1/stories/E1-S1/atdd.md", "l")
    assert reports.test_artifact_read_path(project.root, "atdd", "E1-S1") == legacy
    project.write(".gaia/artifacts/test-artifacts/epic-E1/E1-S1/atdd.md", "new")
    assert reports.test_artifact_read_path(project.root, "atdd", "E1-S1") == new


def test_test_artifact_write_path_creates_dir(project: Project) -> None:
    path = reports.test_artifact_write_path(project.root, "qa-tests", "E1-S1")
    assert path == project.root / ".gaia/artifacts/test-artifacts/epic-E1/E1-S1/qa-tests.md"
    assert path.parent.is_dir()
    with pytest.raises(InvalidInput, match="unknown type 'plan'"):
        reports.test_artifact_write_path(project.root, "plan", "E1-S1")


def test_display(tmp_path: Path) -> None:
    assert reports.display(tmp_path / "a" / "b.md", tmp_path) == "a/b.md"
    assert reports.display(Path("/elsewhere/b.md"), tmp_path) == "/elsewhere/b.md"


@pytest.mark.parametrize(
    ("layout", "expected"),
    [
        ("nested", "epic-e1-core/stories/E1-S1-signup/qa-tests.md"),
        ("per-story", "epic-e1-core/stories/E1-S1-signup/qa-tests.md"),
        ("flat", "epic-E1/stories/E1-S1-signup/qa-tests.md"),
        (None, "epic-E1/stories/E1-S1/qa-tests.md"),
    ],
)
def test_review_mirror_follows_seed_000_layout(project: Project, layout: str | None,
                                               expected: str) -> None:
    if layout is not None:
        project.add_story("E1-S1", layout=layout)
    ta = project.root / ".gaia/artifacts/test-artifacts"
    assert reports.mirror_path(project.root, "qa-tests", "E1-S1") == ta / expected


def test_the_mirror_is_read_after_the_write_path(project: Project) -> None:
    story = project.add_story("E1-S1", layout="nested")
    mirror = reports.mirror_path(project.root, "qa-tests", "E1-S1", story)
    assert reports.test_artifact_read_path(project.root, "qa-tests", "E1-S1", True) is None
    project.write(str(mirror.relative_to(project.root)), "mirror")
    assert reports.test_artifact_read_path(project.root, "qa-tests", "E1-S1", True) == mirror
    new = project.write(".gaia/artifacts/test-artifacts/epic-E1/E1-S1/qa-tests.md", "new")
    assert reports.test_artifact_read_path(project.root, "qa-tests", "E1-S1", True) == new
