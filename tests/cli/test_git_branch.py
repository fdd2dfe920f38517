from __future__ import annotations

from pathlib import Path

import pytest

from helpers.delivery import World, make_world, sh_git


@pytest.fixture
def world(tmp_path: Path) -> World:
    return make_world(tmp_path, with_gh=False)


def test_created_then_resumed(world: World) -> None:
    first = world.gaia("git-branch", "E1-S1", "signup")
    assert (first.returncode, first.stdout) == (0, "created: feat/E1-S1-signup\n")
    assert first.stderr == "git-branch: created branch: feat/E1-S1-signup\n"
    world.commit_file("src/a.py", "x = 1\n", "work in progress")
    world.git("checkout", "-q", "main")

    again = world.gaia("git-branch", "E1-S1", "signup")
    assert (again.returncode, again.stdout) == (0, "already exists: feat/E1-S1-signup\n")
    assert "already exists — resuming it" in again.stderr
    # resumed, not recreated: the earlier commit is still the branch's tip
    assert world.git("branch", "--show-current") == "feat/E1-S1-signup\n"
    assert world.git("log", "-1", "--format=%s") == "work in progress\n"


def test_resume_refused_when_local_changes_would_be_overwritten(world: World) -> None:
    world.gaia("git-branch", "E1-S1", "signup")
    world.commit_file("src/a.py", "branch\n", "on branch")
    world.git("checkout", "-q", "main")
    (world.root / "src").mkdir(exist_ok=True)
    (world.root / "src/a.py").write_text("uncommitted\n")

    result = world.gaia("git-branch", "E1-S1", "signup")
    assert result.returncode == 1
    assert result.stderr.startswith("git-branch: git checkout failed:")
    assert len(result.stderr.splitlines()) == 1
    assert world.git("branch", "--show-current") == "main\n"
    assert (world.root / "src/a.py").read_text() == "uncommitted\n"


def test_branch_only_on_remote_is_checked_out(world: World, tmp_path: Path) -> None:
    other = tmp_path / "other"
    sh_git(tmp_path, "clone", "-q", str(world.remote), str(other))
    sh_git(other, "checkout", "-q", "-b", "feat/E1-S1-signup")
    (other / "remote.txt").write_text("from elsewhere\n")
    sh_git(other, "add", "remote.txt")
    sh_git(other, "commit", "-q", "-m", "remote work")
    sh_git(other, "push", "-q", "origin", "feat/E1-S1-signup")
    world.git("fetch", "-q", "origin")

    result = world.gaia("git-branch", "E1-S1", "signup")
    assert (result.returncode, result.stdout) == (
        0, "checked out from remote: feat/E1-S1-signup\n")
    assert (world.root / "remote.txt").read_text() == "from elsewhere\n"
    assert world.git("rev-parse", "--abbrev-ref", "@{upstream}") == "origin/feat/E1-S1-signup\n"


@pytest.mark.parametrize(("key", "slug"), [
    ("../E1-S1", "signup"), ("E1-S1;rm", "signup"), ("E1-S1/x", "signup"),
    ("E1-S1", "--force"), ("E1-S1", "a b"), ("E1-S1", "Signup"), ("E1-S1", "x..y"),
    ("E1-S1", "a/b"), ("E1-S1", "-"), ("E1-S1", "x" * 65), ("E1-S1", "sign\nup"),
])
def test_hostile_key_or_slug_refused_before_git(world: World, key: str, slug: str) -> None:
    before = world.git("for-each-ref")
    result = world.gaia("git-branch", "--", key, slug)
    assert result.returncode == 1
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("git-branch: invalid ")
    assert result.stdout == ""
    assert world.git("for-each-ref") == before



def test_missing_git_is_one_line_exit_1(world: World, tmp_path: Path) -> None:
    empty = tmp_path / "nothing-here"
    empty.mkdir()
    result = world.gaia("git-branch", "E1-S1", "signup", PATH=str(empty))
    assert result.returncode == 1
    assert result.stderr == "git-branch: Required tool git not found. Install git.\n"


def test_usage_error_exit_1(world: World) -> None:
    result = world.gaia("git-branch", "E1-S1")
    assert result.returncode == 1
    assert "see 'gaia git-branch --help'" in result.stderr
