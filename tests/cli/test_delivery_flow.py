"""The whole delivery tail as real processes: real git, a bare `origin`, the fake `gh` that
really merges in that bare repository."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.delivery import World, make_world
from helpers.projects import gaia_env, run_gaia

STORY = ".gaia/artifacts/implementation-artifacts/epic-e1-core/stories/E1-S1-signup.md"


@pytest.fixture
def world(tmp_path: Path) -> World:
    return make_world(tmp_path)


def test_branch_commit_scan_push_pr_ci_merge_verify(world: World, tmp_path: Path) -> None:
    branch = world.gaia("git-branch", "E1-S1", "signup")
    assert (branch.returncode, branch.stdout) == (0, "created: feat/E1-S1-signup\n")

    world.commit_file("src/app/signup.py", "def signup(email):\n    return '@' in email\n",
                      "wip")
    message = world.gaia("commit-msg", STORY)
    assert (message.returncode, message.stdout) == (
        0, "feat(E1-S1): wire Validate signup email\n")
    world.git("commit", "-q", "--amend", "-m", message.stdout.strip())

    scan = world.gaia("forbidden-sentinel-scan", "--base-ref", "main")
    assert (scan.returncode, scan.stdout, scan.stderr) == (0, "", "")

    pushed = world.gaia("git-push")
    assert pushed.returncode == 0, pushed.stderr
    assert pushed.stderr == "git-push: pushed feat/E1-S1-signup -> origin\n"
    assert "feat/E1-S1-signup" in world.git("ls-remote", "--heads", "origin")

    body = world.gaia("pr-body", STORY)
    assert body.returncode == 0, body.stderr
    assert "src/app/signup.py | 2 ++" in body.stdout
    body_file = tmp_path / "body.md"
    body_file.write_text(body.stdout)

    created = world.gaia("pr-create", "E1-S1", message.stdout.strip(), "--body-file",
                         str(body_file))
    assert (created.returncode, created.stdout) == (
        0, "created:https://github.com/acme/demo/pull/1\n"), created.stderr
    again = world.gaia("pr-create", "E1-S1", message.stdout.strip())
    assert again.stdout == "existing:1:https://github.com/acme/demo/pull/1\n"

    waited = world.gaia("ci-wait", "1", FAKE_GH_CI="pending,pending,pass")
    assert (waited.returncode, waited.stdout) == (0, "passed\n"), waited.stderr
    assert waited.stderr.count("CI checks in progress (1 pending") == 2

    before = world.gaia("verify-pr-merged", "E1-S1", "main")
    assert before.returncode == 2, before.stderr

    merged = world.gaia("merge", "1", "E1-S1")
    assert (merged.returncode, merged.stdout) == (0, "merged:squash\n"), merged.stderr
    assert "feat(E1-S1): wire Validate signup email (#1)" in world.remote_log()
    assert "Story: E1-S1" in world.remote_log()
    assert "feat/E1-S1-signup" not in world.git("ls-remote", "--heads", "origin")

    after = world.gaia("verify-pr-merged", "E1-S1", "main")
    assert after.returncode == 0, after.stderr
    assert after.stderr.endswith("merge commit for E1-S1 found on main — gate passes\n")
    assert world.gaia("verify-pr-merged", "E1-S12", "main").returncode == 2
    assert world.gaia("merge", "1", "E1-S1").stdout == "already_merged\n"

    calls = [json.loads(line) for line in Path(world.extra_env["FAKE_GH_LOG"]).read_text()
             .splitlines()]
    assert ["pr", "checks", "1", "--json=name,state,bucket"] in calls
    sent = json.loads(Path(world.extra_env["FAKE_GH_STATE"]).read_text())["prs"]["1"]["body"]
    assert sent == body.stdout


NOTICE_LINES = ["skipped (non-git CWD) — git ops require an in-tree repo",
                "[NOTICE] non-git workspace — promotion gates skipped (CWD outside any git tree)"]


@pytest.mark.parametrize("args", [
    ("git-branch", "E1-S1", "signup"), ("promotion-chain-guard",), ("git-push",),
    ("forbidden-sentinel-scan", "--base-ref", "main"), ("pr-create", "E1-S1", "t"),
    ("ci-wait", "1"), ("merge", "1", "E1-S1"), ("verify-pr-merged", "E1-S1", "main"),
])
def test_non_git_directory_skips_the_tail_with_the_notice(tmp_path: Path,
                                                         args: tuple[str, ...]) -> None:
    plain = tmp_path / "plain"
    (plain / ".gaia/config").mkdir(parents=True)
    (plain / ".gaia/config/project-config.yaml").write_text(
        "ci_cd:\n  promotion_chain:\n    - branch: main\n")
    result = run_gaia(*args, cwd=plain, env=gaia_env(plain))
    assert (result.returncode, result.stdout) == (0, "")
    assert result.stderr.splitlines() == [f"{args[0]}: {NOTICE_LINES[0]}", NOTICE_LINES[1]]
    assert sorted(p.name for p in plain.iterdir()) == [".gaia"]  # nothing written
