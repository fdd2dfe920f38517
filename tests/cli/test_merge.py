from __future__ import annotations

from pathlib import Path

import pytest

from helpers.delivery import World, make_world, sh_git


def open_pr(tmp_path: Path, base: str | None = None) -> World:
    world = make_world(tmp_path)
    world.gaia("git-branch", "E1-S1", "signup")
    world.commit_file("src/a.py", "x = 1\n", "feat(E1-S1): wire a")
    world.commit_file("src/b.py", "y = 2\n", "feat(E1-S1): wire b")
    world.gaia("git-push")
    extra = ("--base", base) if base else ()
    assert world.gaia("pr-create", "E1-S1", "feat(E1-S1): wire signup", *extra).returncode == 0
    return world


@pytest.fixture
def world(tmp_path: Path) -> World:
    return open_pr(tmp_path)


def test_merge_commit_strategy(world: World) -> None:
    result = world.gaia("merge", "1", "E1-S1", "--strategy", "merge", "--no-delete-branch")
    assert (result.returncode, result.stdout) == (0, "merged:merge\n"), result.stderr
    log = world.remote_log()
    assert "Merge pull request #1 from acme/demo/feat/E1-S1-signup" in log
    assert len(sh_git(world.remote, "log", "-1", "--format=%P", "main").split()) == 2
    assert "feat/E1-S1-signup" in sh_git(world.remote, "branch")  # kept
    assert world.gaia("verify-pr-merged", "E1-S1", "main").returncode == 0


def test_rebase_strategy(world: World) -> None:
    result = world.gaia("merge", "1", "E1-S1", "--strategy", "rebase")
    assert result.stdout == "merged:rebase\n"
    subjects = sh_git(world.remote, "log", "--format=%s", "-3", "main").splitlines()
    assert subjects[:2] == ["feat(E1-S1): wire b", "feat(E1-S1): wire a"]


def test_conflict(world: World, tmp_path: Path) -> None:
    other = tmp_path / "other"
    sh_git(tmp_path, "clone", "-q", str(world.remote), str(other))
    (other / "src").mkdir(exist_ok=True)
    (other / "src/a.py").write_text("x = 'conflict'\n")
    sh_git(other, "add", "src/a.py")
    sh_git(other, "commit", "-q", "-m", "conflicting change on main")
    sh_git(other, "push", "-q", "origin", "main")
    before = sh_git(world.remote, "rev-parse", "main")

    result = world.gaia("merge", "1", "E1-S1")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == ("merge: Merge conflict detected. Resolve conflicts locally, push, "
                             "and resume with /gaia-resume.\n")
    assert sh_git(world.remote, "rev-parse", "main") == before


def test_branch_protection(world: World) -> None:
    result = world.gaia("merge", "1", "E1-S1", FAKE_GH_MERGE="protected")
    assert result.returncode == 1
    assert result.stderr.startswith("merge: Branch protection blocked the merge:")
    assert world.gaia("verify-pr-merged", "E1-S1", "main").returncode == 2


def test_pr_target_outside_the_chain(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    sh_git(world.root, "push", "-q", "origin", "main:staging")
    world.gaia("git-branch", "E1-S1", "signup")
    world.commit_file("src/a.py", "x = 1\n", "feat(E1-S1): wire a")
    world.gaia("git-push")
    world.gaia("pr-create", "E1-S1", "t", "--base", "staging")
    result = world.gaia("merge", "1", "E1-S1")
    assert result.returncode == 1
    assert result.stderr == ("merge: aborting: PR target 'staging' != promotion_chain[0].branch "
                             "'main'\n")


def test_bad_inputs(world: World) -> None:
    bad = world.gaia("merge", "1", "E1-S1", "--strategy", "octopus")
    assert (bad.returncode, bad.stderr) == (
        1, "merge: Invalid merge_strategy 'octopus'. Allowed: merge, squash, rebase.\n")
    assert world.gaia("merge", "1", "../E1").returncode == 1
    assert world.gaia("merge", "one", "E1-S1").returncode == 1
    missing = world.gaia("merge", "7", "E1-S1")
    assert missing.returncode == 1
    assert "Could not resolve to a PullRequest" in missing.stderr
