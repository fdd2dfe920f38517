from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.delivery import World, make_world, sh_git
from helpers.projects import run_gaia
from helpers.tools import need


def pushed_world(tmp_path: Path, **kwargs: bool) -> World:
    world = make_world(tmp_path, **kwargs)
    world.gaia("git-branch", "E1-S1", "signup")
    world.commit_file("src/a.py", "x = 1\n", "feat(E1-S1): wire a")
    assert world.gaia("git-push").returncode == 0
    return world


@pytest.fixture
def world(tmp_path: Path) -> World:
    return pushed_world(tmp_path)


def state(world: World) -> dict[str, dict[str, str]]:
    prs: dict[str, dict[str, str]] = json.loads(
        Path(world.extra_env["FAKE_GH_STATE"]).read_text())["prs"]
    return prs


def test_plain_title_gets_key_prefix_and_chain_base(world: World) -> None:
    result = world.gaia("pr-create", "E1-S1", "Validate signup")
    assert result.stdout == "created:https://github.com/acme/demo/pull/1\n"
    pr = state(world)["1"]
    assert (pr["title"], pr["baseRefName"], pr["headRefName"]) == (
        "E1-S1: Validate signup", "main", "feat/E1-S1-signup")
    assert pr["body"].endswith("Story: E1-S1\n")


def test_a_title_of_dash_is_stdins_first_line_and_never_runs_as_shell(world: World) -> None:
    """`gaia commit-msg STORY | gaia pr-create KEY -`: a title holding `$(...)` and a backtick
    is the PR's title as it is written."""
    title = 'feat(E1-S1): wire "$(touch pwned)" and `id` keys'
    result = run_gaia("pr-create", "E1-S1", "-", cwd=world.root, env=world.env(),
                      stdin=f"{title}\n\nbody lines\n")
    assert result.returncode == 0, result.stderr
    assert state(world)["1"]["title"] == title and not (world.root / "pwned").exists()
    empty = run_gaia("pr-create", "E1-S1", "-", cwd=world.root, env=world.env(), stdin="")
    assert (empty.returncode, empty.stderr) == (
        1, "pr-create: title '-': stdin holds no title line\n")


def test_base_defaults_to_staging_without_chain(tmp_path: Path) -> None:
    world = pushed_world(tmp_path, chain=False)
    sh_git(world.root, "push", "-q", "origin", "main:staging")
    assert world.gaia("pr-create", "E1-S1", "feat(E1-S1): wire a").returncode == 0
    assert state(world)["1"]["baseRefName"] == "staging"
    assert state(world)["1"]["title"] == "feat(E1-S1): wire a"


def test_unpushed_branch_fails_and_keeps_commits(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.gaia("git-branch", "E1-S2", "other")
    world.commit_file("src/b.py", "y = 2\n", "local only")
    result = world.gaia("pr-create", "E1-S2", "Other")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith("pr-create: PR creation failed: gh pr create failed:")
    assert "local commits are preserved" in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert world.git("log", "-1", "--format=%s") == "local only\n"


def test_missing_gh(tmp_path: Path) -> None:
    world = pushed_world(tmp_path, with_gh=False)
    result = world.gaia("pr-create", "E1-S1", "x")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == ("pr-create: Required tool gh not found. Install the GitHub CLI "
                             "(gh) or complete this step manually.\n")


def test_unauthenticated_gh(world: World) -> None:
    result = world.gaia("pr-create", "E1-S1", "x", FAKE_GH_AUTH="fail")
    assert result.returncode == 1
    assert result.stderr.startswith("pr-create: gh pr list failed:")
    assert len(result.stderr.splitlines()) == 1
    assert state_missing(world)


def state_missing(world: World) -> bool:
    return not Path(world.extra_env["FAKE_GH_STATE"]).exists()


def test_protected_branch_refused(world: World) -> None:
    world.git("checkout", "-q", "main")
    result = world.gaia("pr-create", "E1-S1", "x")
    assert result.returncode == 1
    assert "refuse to open a PR from protected branch 'main'" in result.stderr
    assert state_missing(world)


def test_staged_secret_refused(world: World) -> None:
    (world.root / ".env").write_text("TOKEN=1\n")
    world.git("add", "-f", ".env")
    result = world.gaia("pr-create", "E1-S1", "x")
    assert result.returncode == 1
    assert result.stderr == "pr-create: aborting: staged file looks like an env file: .env\n"
    assert state_missing(world)


def test_bad_inputs_exit_1(world: World, tmp_path: Path) -> None:
    assert world.gaia("pr-create", "E1-S1;x", "t").returncode == 1
    unreadable = world.gaia("pr-create", "E1-S1", "t", "--body-file", str(tmp_path / "no"))
    assert unreadable.returncode == 1
    assert "--body-file path is not readable" in unreadable.stderr
    assert world.gaia("pr-create", "E1-S1", "t", "--base", "--evil").returncode == 1
    assert world.gaia("pr-create", "E1-S1").returncode == 1
    assert state_missing(world)


def test_title_starting_with_a_dash_stays_a_title(world: World) -> None:
    result = world.gaia("pr-create", "E1-S1", "--", "--help me")
    assert result.returncode == 0, result.stderr
    assert state(world)["1"]["title"] == "E1-S1: --help me"


def test_real_gh_without_a_github_remote(tmp_path: Path) -> None:
    # What a user whose origin is not on GitHub meets: the real gh refuses, one line says why.
    world = pushed_world(tmp_path, with_gh=False)
    (world.bin_dir / "gh").symlink_to(need("gh", "the real gh CLI is not installed"))
    result = world.gaia("pr-create", "E1-S1", "x", GH_TOKEN="not-a-token",
                        GH_CONFIG_DIR=str(tmp_path / "gh-config"))
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith("pr-create: gh pr list failed: this repository has no "
                                    "GitHub remote gh can use (gh: none of the git remotes")
    assert len(result.stderr.splitlines()) == 1
    assert world.git("log", "-1", "--format=%s") == "feat(E1-S1): wire a\n"
