from __future__ import annotations

from pathlib import Path

import pytest

from helpers.delivery import World, make_world
from helpers.http_remote import http_remote


@pytest.fixture
def world(tmp_path: Path) -> World:
    world = make_world(tmp_path, with_gh=False)
    world.gaia("git-branch", "E1-S1", "signup")
    world.commit_file("src/a.py", "x = 1\n", "feat(E1-S1): wire a")
    return world


def test_push_sets_upstream(world: World) -> None:
    result = world.gaia("git-push")
    assert (result.returncode, result.stdout) == (0, "")
    assert result.stderr == "git-push: pushed feat/E1-S1-signup -> origin\n"
    assert world.git("rev-parse", "--abbrev-ref", "@{upstream}") == "origin/feat/E1-S1-signup\n"


@pytest.mark.parametrize("branch", ["main", "staging", "master"])
def test_protected_branch_refused(world: World, branch: str) -> None:
    world.git("checkout", "-q", "-B", branch)
    result = world.gaia("git-push")
    assert result.returncode == 1
    assert result.stderr == (f"git-push: refuse to push from protected branch '{branch}' — "
                             "feature branches only\n")
    heads = world.git("ls-remote", "--heads", "origin")
    assert heads.count("refs/heads/") == 1  # only the initial main


def test_promotion_chain_branch_is_protected(world: World) -> None:
    world.project.write(".gaia/config/project-config.yaml",
                        "ci_cd:\n  promotion_chain:\n    - branch: develop\n")
    world.git("checkout", "-q", "-b", "develop")
    result = world.gaia("git-push")
    assert result.returncode == 1
    assert "protected branch 'develop'" in result.stderr
    assert "develop" not in world.git("ls-remote", "--heads", "origin")


def test_rejected_push_is_one_line_and_not_retried(world: World, tmp_path: Path) -> None:
    count = tmp_path / "hook-runs"
    hook = world.remote / "hooks" / "pre-receive"
    hook.write_text(f'#!/bin/sh\necho run >> "{count}"\necho "policy: no pushes today" >&2\n'
                    "exit 1\n")
    hook.chmod(0o755)
    result = world.gaia("git-push")
    assert result.returncode == 1
    assert result.stderr == ("git-push: push of feat/E1-S1-signup to origin rejected: "
                             "! [remote rejected] feat/E1-S1-signup -> feat/E1-S1-signup "
                             "(pre-receive hook declined)\n")
    assert count.read_text() == "run\n"
    assert "feat/E1-S1-signup" not in world.git("ls-remote", "--heads", "origin")


def test_auth_error_is_loud_and_never_retried(world: World) -> None:
    with http_remote("401") as remote:
        world.git("remote", "set-url", "origin", remote.url)
        result = world.gaia("git-push")
    assert result.returncode == 1
    assert result.stderr.startswith(
        "git-push: authentication failed pushing feat/E1-S1-signup to origin — check the "
        "remote's credentials (no retry): ")
    assert len(result.stderr.splitlines()) == 1
    assert remote.connections == 1


def test_network_error_is_retried_once_then_gives_up(world: World) -> None:
    with http_remote("drop") as remote:
        world.git("remote", "set-url", "origin", remote.url)
        result = world.gaia("git-push", GAIA_GIT_PUSH_BACKOFF="0.2")
    assert result.returncode == 1
    assert result.stderr.startswith("git-push: push of feat/E1-S1-signup to origin failed "
                                    "twice on network errors — giving up: ")
    assert remote.connections == 2


@pytest.mark.parametrize("remote", ["--upload-pack=touch /tmp/x", "a b", "../x", "-"])
def test_hostile_remote_name_refused(world: World, remote: str) -> None:
    result = world.gaia("git-push", "--", remote)
    assert result.returncode == 1
    assert result.stderr.startswith("git-push: invalid remote name")


def test_unknown_remote(world: World) -> None:
    result = world.gaia("git-push", "upstream")
    assert result.returncode == 1
    assert result.stderr == ("git-push: no remote named 'upstream' "
                             "(git remote add upstream <url>)\n")


def test_detached_head_refused(world: World) -> None:
    world.git("checkout", "-q", "--detach")
    result = world.gaia("git-push")
    assert result.returncode == 1
    assert "cannot determine current branch" in result.stderr
