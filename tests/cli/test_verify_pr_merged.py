from __future__ import annotations

from pathlib import Path

import pytest

from helpers.delivery import World, make_world


@pytest.fixture
def world(tmp_path: Path) -> World:
    return make_world(tmp_path, with_gh=False)


def verify(world: World, key: str, target: str = "main") -> tuple[int, str, str]:
    result = world.gaia("verify-pr-merged", key, target)
    return result.returncode, result.stdout, result.stderr


def test_no_chain_exit_3(world: World) -> None:
    assert verify(world, "E1-S1", "--no-chain") == (
        3, "", "verify-pr-merged: no promotion chain configured — gate skipped\n")


def test_not_found_exit_2(world: World) -> None:
    code, out, err = verify(world, "E1-S1")
    assert (code, out) == (2, "")
    assert err.endswith("E1-S1 not found on main — gate fails; re-run the "
                        "commit/push/PR/CI/merge steps\n")


def test_subject_case_insensitive(world: World) -> None:
    world.commit_file("a.txt", "a\n", "fix(e1-s1): squash rewrote the key (#4)")
    assert verify(world, "E1-S1")[0] == 0


def test_a_commit_of_gaias_tracking_files_alone_is_no_merge(world: World) -> None:
    """`docs: write story E1-S1` (the story file, its status) names the key but merges none of
    the story's work; the work's own commit does."""
    world.commit_file(".gaia/artifacts/implementation-artifacts/epic-e1/stories/E1-S1-x.md",
                      "story\n", "docs: write story E1-S1")
    world.commit_file(".gaia/memory/sprint-status.yaml", "s\n", "chore(E1-S1): status")
    assert verify(world, "E1-S1")[0] == 2
    world.commit_file("src/a.py", "a = 1\n", "feat(E1-S1): wire a (#3)")
    assert verify(world, "E1-S1")[0] == 0


def test_story_tag_in_body(world: World) -> None:
    world.commit_file("a.txt", "a\n", "Squashed work (#5)\n\nStory: E1-S1\n")
    code, _, err = verify(world, "E1-S1")
    assert code == 0
    assert "found via Story: tag on main" in err


@pytest.mark.parametrize("subject", ["feat(E1-S12): other story", "feat(E11-S1): other",
                                     "feat(XE1-S1): other", "E1-S1x"])
def test_word_boundary(world: World, subject: str) -> None:
    world.commit_file("a.txt", "a\n", subject)
    assert verify(world, "E1-S1")[0] == 2


def test_merge_subject_naming_the_branch_counts(world: World) -> None:
    world.commit_file("a.txt", "a\n", "Merge pull request #3 from acme/feat/E1-S1-signup")
    assert verify(world, "E1-S1")[0] == 0


def test_unknown_branch_exit_2(world: World) -> None:
    code, _, err = verify(world, "E1-S1", "release")
    assert code == 2
    assert "no branch 'release'" in err


def test_merge_seen_only_after_fetch(world: World, tmp_path: Path) -> None:
    from helpers.delivery import sh_git

    other = tmp_path / "other"
    sh_git(tmp_path, "clone", "-q", str(world.remote), str(other))
    (other / "b.txt").write_text("b\n")
    sh_git(other, "add", "b.txt")
    sh_git(other, "commit", "-q", "-m", "feat(E1-S1): landed elsewhere (#9)")
    sh_git(other, "push", "-q", "origin", "main")
    assert verify(world, "E1-S1")[0] == 0


@pytest.mark.parametrize(("key", "target"), [("E1-S1.*", "main"), ("E1..S1", "main"),
                                             ("E1-S1", "--output=/tmp/x"), ("E1-S1", "a b")])
def test_hostile_input_exit_1(world: World, key: str, target: str) -> None:
    result = world.gaia("verify-pr-merged", "--", key, target)
    assert result.returncode == 1
    assert len(result.stderr.splitlines()) == 1



def test_missing_target_is_usage_exit_1(world: World) -> None:
    result = world.gaia("verify-pr-merged", "E1-S1")
    assert (result.returncode, result.stdout) == (1, "")
    assert "usage: gaia verify-pr-merged <story_key> <target_branch|--no-chain>" in result.stderr
