from __future__ import annotations

from pathlib import Path

import pytest

from helpers.delivery import World, make_world


@pytest.fixture
def world(tmp_path: Path) -> World:
    world = make_world(tmp_path)
    world.gaia("git-branch", "E1-S1", "signup")
    world.commit_file("src/a.py", "x = 1\n", "feat(E1-S1): wire a")
    world.gaia("git-push")
    assert world.gaia("pr-create", "E1-S1", "feat(E1-S1): wire a").returncode == 0
    return world


def wait(world: World, script: str, *args: str) -> tuple[int, str, str]:
    result = world.gaia("ci-wait", "1", *args, FAKE_GH_CI=script)
    return result.returncode, result.stdout, result.stderr


def test_pending_then_pass(world: World) -> None:
    code, out, err = wait(world, "pending,pending,pending,pass")
    assert (code, out) == (0, "passed\n")
    assert err.count("CI checks in progress") == 3
    assert err.splitlines()[-1].startswith("ci-wait: all CI checks passed")


@pytest.mark.parametrize("bucket", ["fail", "cancel"])
def test_failed_or_cancelled_check(world: World, bucket: str) -> None:
    code, out, err = wait(world, f"pending,{bucket}")
    assert (code, out) == (1, "")
    assert err.splitlines()[-1] == ("ci-wait: CI check(s) failed: tests. Fix the issue, push "
                                    "again, and resume with /gaia-resume.")


def test_timeout(world: World) -> None:
    code, out, err = wait(world, "pending", "--timeout", "0.01")
    assert (code, out) == (1, "")
    assert err.splitlines()[-1] == ("ci-wait: CI checks timed out after 0.01 minutes. Resume "
                                    "with /gaia-resume after checks complete.")


def test_transient_errors_then_pass(world: World) -> None:
    code, out, err = wait(world, "error,error,pass")
    assert (code, out) == (0, "passed\n")
    assert "transient polling error (attempt 2/5)" in err


def test_five_consecutive_errors_give_up(world: World) -> None:
    code, out, err = wait(world, "error")
    assert (code, out) == (1, "")
    assert err.splitlines()[-1].startswith("ci-wait: CI polling failed 5 consecutive times. "
                                           "Last error: gh pr checks failed: HTTP 502")


def test_no_checks_reported_passes_after_the_grace(world: World) -> None:
    code, out, err = wait(world, "none", "--timeout", "0.005")
    assert (code, out) == (0, "passed\n")
    assert "no CI checks reported for this PR" in err


def test_auth_failure_is_immediate(world: World) -> None:
    result = world.gaia("ci-wait", "1", FAKE_GH_AUTH="fail")
    assert result.returncode == 1
    assert "gh auth login" in result.stderr or "gh pr checks failed" in result.stderr
    assert "transient" not in result.stderr


@pytest.mark.parametrize("args", [("x",), ("0",), ("1;2",), ("1", "--timeout", "soon"),
                                  ("1", "--timeout", "-1"), ()])
def test_bad_arguments_exit_1(world: World, args: tuple[str, ...]) -> None:
    result = world.gaia("ci-wait", *args)
    assert (result.returncode, result.stdout) == (1, "")
    assert len(result.stderr.splitlines()) == 1
