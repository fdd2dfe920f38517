from __future__ import annotations

import os
from pathlib import Path

import pytest

from gaia_lib.core.errors import Ambiguous, InvalidInput, NotFound
from gaia_lib.story.resolve import find_story, resolve_story, story_candidates
from helpers.projects import Project


def test_each_layout_resolves(project: Project) -> None:
    for key, layout in (("E1-S1", "nested"), ("E1-S2", "per-story"), ("E1-S3", "flat")):
        path = project.add_story(key, layout=layout)
        assert find_story(project.root, key) == path


def test_per_story_beats_nested_beats_flat_with_shadow_warnings(project: Project) -> None:
    flat = project.add_story(layout="flat", slug="old")
    nested = project.add_story(layout="nested")
    res = resolve_story(project.root, "E1-S1")
    assert (res.path, res.tier) == (nested, 1)
    assert res.warnings == (f"WARNING: legacy-flat shadow ignored — {flat}",)
    per_story = project.add_story(layout="per-story")
    res = resolve_story(project.root, "E1-S1")
    assert (res.path, res.tier) == (per_story, 0)
    assert res.warnings == (
        f"WARNING: nested shadow ignored — {nested}",
        f"WARNING: legacy-flat shadow ignored — {flat}",
    )
    assert story_candidates(project.root, "E1-S1") == [per_story, nested, flat]


def test_flat_only_warns_legacy(project: Project) -> None:
    flat = project.add_story(layout="flat")
    res = resolve_story(project.root, "E1-S1")
    assert res.warnings == (f"WARNING: legacy-flat path — {flat} (migrate to the nested layout)",)


def test_key_boundary(project: Project) -> None:
    project.add_story("E1-S10", layout="nested")
    project.add_story("E1-S10", layout="flat")
    project.add_story("E1-S10", layout="per-story")
    with pytest.raises(NotFound):
        find_story(project.root, "E1-S1")
    s1 = project.add_story("E1-S1", layout="nested")
    assert find_story(project.root, "E1-S1") == s1
    assert story_candidates(project.root, "E1-S1") == [s1]


@pytest.mark.parametrize("layout", ["nested", "per-story", "flat"])
def test_ambiguity_in_the_winning_tier(project: Project, layout: str) -> None:
    a = project.add_story(layout=layout, slug="a")
    b = project.add_story(layout=layout, slug="b")
    with pytest.raises(Ambiguous) as info:
        find_story(project.root, "E1-S1")
    assert info.value.exit_code == 2
    assert str(a) in info.value.message and str(b) in info.value.message
    assert "matched key E1-S1 — resolve ambiguity" in info.value.message


def test_ambiguity_in_a_shadowed_tier_does_not_matter(project: Project) -> None:
    project.add_story(layout="flat", slug="a")
    project.add_story(layout="flat", slug="b")
    nested = project.add_story(layout="nested")
    assert find_story(project.root, "E1-S1") == nested


def test_not_found_message(project: Project) -> None:
    root = project.impl
    with pytest.raises(NotFound) as info:
        find_story(project.root, "E2-S5")
    assert info.value.exit_code == 1
    assert info.value.message == (
        f"story file not found for key E2-S5 — searched {root}/epic-*/E2-S5-*/story.md, "
        f"{root}/epic-*/stories/E2-S5-*.md and {root}/E2-S5-*.md"
    )


def test_a_key_spelled_in_another_case_is_not_found_and_named(project: Project) -> None:
    project.add_story(layout="nested")
    with pytest.raises(NotFound) as info:
        find_story(project.root, "e1-s1")
    assert info.value.message.endswith(
        "e1-s1-*.md (keys are case-sensitive: did you mean E1-S1?)")


def test_missing_root(tmp_path: Path) -> None:
    with pytest.raises(NotFound, match="implementation-artifacts root not found"):
        find_story(tmp_path, "E1-S1")
    assert story_candidates(tmp_path, "E1-S1") == []


def test_env_root_override_relative_to_project(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    project.add_story(layout="nested")
    other = project.write("alt/E1-S1-elsewhere.md", "---\n---\n")
    monkeypatch.setenv("IMPLEMENTATION_ARTIFACTS", "alt")
    assert find_story(project.root, "E1-S1") == other


def test_legacy_docs_root(tmp_path: Path) -> None:
    legacy = Project(tmp_path)
    path = legacy.write("docs/implementation-artifacts/epic-e1/stories/E1-S1-x.md", "---\n---\n")
    assert find_story(tmp_path, "E1-S1") == path


def test_layout_details_that_do_not_match(project: Project) -> None:
    project.write(".gaia/artifacts/implementation-artifacts/notepic/stories/E1-S1-a.md", "")
    project.write(".gaia/artifacts/implementation-artifacts/epic-e1/stories/deeper/E1-S1-a.md", "")
    project.write(".gaia/artifacts/implementation-artifacts/epic-e1/stories/E1-S1-a.txt", "")
    project.write(".gaia/artifacts/implementation-artifacts/epic-e1/E1-S1-a/notes.md", "")
    project.write(".gaia/artifacts/implementation-artifacts/epic-e1/E1-S1-a.md", "")
    (project.impl / "epic-e1" / "stories" / "E1-S1-dir.md").mkdir()
    assert story_candidates(project.root, "E1-S1") == []


def test_symlinks_outside_the_root_are_not_followed(project: Project, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    (outside / "stories").mkdir(parents=True)
    (outside / "stories" / "E1-S1-x.md").write_text("---\n---\n")
    (outside / "E1-S1-y.md").write_text("---\n---\n")
    (project.impl / "epic-evil").symlink_to(outside, target_is_directory=True)
    (project.impl / "E1-S1-link.md").symlink_to(outside / "E1-S1-y.md")
    epic = project.impl / "epic-e1"
    (epic / "E1-S1-a").mkdir(parents=True)
    (epic / "E1-S1-a" / "story.md").symlink_to(outside / "E1-S1-y.md")
    (epic / "stories").symlink_to(outside / "stories", target_is_directory=True)
    assert story_candidates(project.root, "E1-S1") == []
    with pytest.raises(NotFound) as raised:
        find_story(project.root, "E1-S1")
    # the message says why the files it saw are not the story's
    assert str(raised.value).endswith(
        f"({project.impl}/E1-S1-link.md links to a file outside {project.impl}: not followed)")


def test_symlinks_inside_the_root_are_fine(project: Project) -> None:
    real = project.add_story(layout="nested")
    link = project.impl / "E1-S1-alias.md"
    link.symlink_to(real)
    assert story_candidates(project.root, "E1-S1") == [real, link]


def test_symlink_loops_do_not_hang_or_crash(project: Project) -> None:
    (project.impl / "epic-loop").symlink_to(project.impl / "epic-loop")
    (project.impl / "E1-S1-loop.md").symlink_to(project.impl / "E1-S1-loop.md")
    epic = project.impl / "epic-e1"
    epic.mkdir()
    (epic / "stories").symlink_to(epic, target_is_directory=True)  # a cycle inside the root
    (epic / "E1-S1-x").symlink_to(epic / "E1-S1-x")
    assert story_candidates(project.root, "E1-S1") == []


def test_unreadable_directory_is_skipped(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    nested = project.add_story(layout="nested")
    project.add_story("E1-S1", layout="per-story")
    real_scandir = os.scandir

    def scandir(path: os.PathLike[str]) -> object:
        if Path(path).name == "epic-e1-core":
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    assert story_candidates(project.root, "E1-S1") == [nested]


@pytest.mark.parametrize("key", ["../x", "E1-S1/..", "E1-S1\x00", "..", "-E1-S1", "E1-S1 ", "", "*"])
def test_hostile_keys_are_refused_before_any_path(project: Project, key: str) -> None:
    with pytest.raises(InvalidInput) as info:
        find_story(project.root, key)
    assert info.value.exit_code == 1
    with pytest.raises(InvalidInput):
        story_candidates(project.root, key)
