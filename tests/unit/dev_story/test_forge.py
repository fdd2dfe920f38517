from __future__ import annotations

import os
from pathlib import Path

import pytest

from gaia_lib.dev_story.forge import ForgeError, GhForge, classify, parse_checks_table
from helpers.delivery import World, make_world, sh_git
from helpers.tools import need


@pytest.mark.parametrize(("stderr", "kind"), [
    ("To get started with GitHub CLI, please run:  gh auth login", "auth"),
    ("gh: To use GitHub CLI in automation, set the GH_TOKEN environment variable.", "auth"),
    ("gh: To use GitHub CLI in a GitHub Actions workflow, set the GH_TOKEN environment "
     "variable. Example:", "auth"),
    ("X Pull request a/b#1 is not mergeable: the merge commit cannot be cleanly created.",
     "conflict"),
    ("X Pull request a/b#1 is not mergeable: the base branch policy prohibits the merge.",
     "protected"),
    ("GraphQL: Could not resolve to a PullRequest with the number of 9.", "not_found"),
    ("HTTP 502: Bad Gateway", "error"),
    ("none of the git remotes configured for this repository point to a known GitHub host. To "
     "tell gh about a new GitHub host, please use `gh auth login`", "no_forge"),
    ("error connecting to api.github.com\ncheck your internet connection", "network"),
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


def test_gh_without_checks_json_reads_the_table(world: World,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    gh = GhForge(world.root)
    gh.create_pr(base="main", head="feat/E1-S1-signup", title="t", body="b\n")
    monkeypatch.setenv("FAKE_GH_OLD", "1")
    monkeypatch.setenv("FAKE_GH_CI", "pending,cancel,pass,none")
    assert [(c.name, c.bucket) for c in gh.checks(1) or []] == [("tests", "pending"),
                                                                  ("lint", "pass")]
    assert [c.bucket for c in gh.checks(1) or []] == ["fail", "pass"]
    assert [c.bucket for c in gh.checks(1) or []] == ["pass", "pass"]
    assert gh.checks(1) is None


def test_parse_checks_table_skips_headers_and_blanks() -> None:
    text = ("NAME\tSTATUS\tELAPSED\tURL\tDESCRIPTION\n\nbuild\tpass\t1m2s\thttps://x\t\n"
            "deploy\tskipping\t0\thttps://y\tnot on main\nodd line without tabs\n")
    assert [(c.name, c.bucket) for c in parse_checks_table(text)] == [("build", "pass"),
                                                                       ("deploy", "skipping")]


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


# --- the real gh's own words ------------------------------------------------------------------
# CI installs Debian's gh (GAIA_REQUIRE_TOOLS names it). No test here reaches GitHub: each case
# fails before or at the first connection, which is what a user without a forge meets.


@pytest.fixture
def real_gh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    need("gh", "the real gh CLI is not installed")
    # Nothing of the machine's own gh or git setup may reach these cases: no token or host in
    # any GH_*/GITHUB_* variable, no config, state or git config from the real home.
    for name in list(os.environ):
        if name.startswith(("GH_", "GITHUB_", "XDG_", "GIT_")):
            monkeypatch.delenv(name)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GH_CONFIG_DIR", str(tmp_path / "gh-config"))
    repo = tmp_path / "repo"
    repo.mkdir()
    sh_git(repo, "init", "-q", "-b", "main")
    return repo


def test_real_gh_with_a_local_remote_is_no_forge(real_gh: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # Logged in (a token is enough to get past gh's auth check), but origin is a bare repo.
    monkeypatch.setenv("GH_TOKEN", "not-a-token")
    sh_git(real_gh, "remote", "add", "origin", str(tmp_path / "origin.git"))
    with pytest.raises(ForgeError) as error:
        GhForge(real_gh).view_pr(1)
    assert error.value.kind == "no_forge", error.value.message
    assert error.value.message.startswith("gh pr view failed: this repository has no GitHub "
                                          "remote gh can use (gh: none of the git remotes")
    assert "\n" not in error.value.message


@pytest.mark.parametrize("ci_env", [{}, {"CI": "1"}, {"CI": "true", "GITHUB_ACTIONS": "true"}],
                         ids=["terminal", "ci", "github-actions"])
def test_real_gh_not_logged_in_is_auth(real_gh: Path, ci_env: dict[str, str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # gh words its not-logged-in help differently under CI and GitHub Actions; all are auth.
    monkeypatch.delenv("CI", raising=False)
    for name, value in ci_env.items():
        monkeypatch.setenv(name, value)
    sh_git(real_gh, "remote", "add", "origin", "https://github.com/acme/demo.git")
    with pytest.raises(ForgeError) as error:
        GhForge(real_gh).view_pr(1)
    assert (error.value.kind, error.value.message) == (
        "auth", "gh pr view failed: gh is not logged in for this repository's host: run "
        "`gh auth login` or set GH_TOKEN")


def test_real_gh_unreachable_host_is_network(real_gh: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # `.invalid` never resolves (RFC 6761), so this fails at the lookup, offline or not.
    sh_git(real_gh, "remote", "add", "origin", "https://ghe.invalid/acme/demo.git")
    monkeypatch.setenv("GH_HOST", "ghe.invalid")
    monkeypatch.setenv("GH_ENTERPRISE_TOKEN", "not-a-token")
    with pytest.raises(ForgeError) as error:
        GhForge(real_gh, timeout=60).checks(1)
    assert (error.value.kind, error.value.message) == (
        "network", "gh pr checks failed: error connecting to ghe.invalid")
