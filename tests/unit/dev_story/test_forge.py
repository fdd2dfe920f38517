from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.dev_story.forge import ForgeError, GhForge, classify
from helpers.delivery import World, make_world


@pytest.mark.parametrize(("stderr", "kind"), [
    ("To get started with GitHub CLI, please run:  gh auth login", "auth"),
    ("X Pull request a/b#1 is not mergeable: the merge commit cannot be cleanly created.",
     "conflict"),
    ("X Pull request a/b#1 is not mergeable: the base branch policy prohibits the merge.",
     "protected"),
    ("GraphQL: Could not resolve to a PullRequest with the number of 9.", "not_found"),
    ("HTTP 502: Bad Gateway", "error"),
])
def test_classify(stderr: str, kind: str) -> None:
    assert classify(stderr) == kind


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> World:
    world = make_world(tmp_path)
    for name, value in world.env().items():
        monkeypatch.setenv(name, value)
    world.gaia("git-branch", "E1-S1", "signup")
    world.commit_file("src/a.py", "x = 1\n", "feat(E1-S1): a")
    world.git("push", "-q", "origin", "feat/E1-S1-signup")
    return world


def test_gh_round_trip(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    gh = GhForge(world.root)
    assert gh.find_open_pr("feat/E1-S1-signup", "main") is None
    created = gh.create_pr(base="main", head="feat/E1-S1-signup", title="t", body="b\n")
    assert (created.number, created.url) == (1, "https://github.com/acme/demo/pull/1")
    assert gh.find_open_pr("feat/E1-S1-signup", "main") == created
    viewed = gh.view_pr(1)
    assert (viewed.state, viewed.base, viewed.head) == ("OPEN", "main", "feat/E1-S1-signup")
    monkeypatch.setenv("FAKE_GH_CI", "pending,fail,none")
    assert [c.bucket for c in gh.checks(1) or []] == ["pending", "pass"]
    assert [c.bucket for c in gh.checks(1) or []] == ["fail", "pass"]
    assert gh.checks(1) is None
    gh.merge_pr(1, strategy="squash", body="Story: E1-S1", delete_branch=False)
    assert gh.view_pr(1).state == "MERGED"


def test_gh_failures_are_typed(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    gh = GhForge(world.root)
    with pytest.raises(ForgeError) as missing:
        gh.view_pr(42)
    assert missing.value.kind == "not_found"
    monkeypatch.setenv("FAKE_GH_AUTH", "fail")
    with pytest.raises(ForgeError) as auth:
        gh.checks(1)
    assert auth.value.kind == "auth"
    with pytest.raises(ForgeError) as absent:
        GhForge(world.root, executable="gh-not-installed").view_pr(1)
    assert absent.value.kind == "missing"
    with pytest.raises(ForgeError, match="unknown merge strategy"):
        gh.merge_pr(1, strategy="octopus", body="", delete_branch=False)
