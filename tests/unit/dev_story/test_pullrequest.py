from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import pullrequest
from gaia_lib.dev_story.forge import Check, ForgeError, PullRequest
from helpers.delivery import make_world


def checks(*buckets: str) -> list[Check]:
    return [Check(f"c{i}", bucket) for i, bucket in enumerate(buckets)]


@pytest.mark.parametrize(("buckets", "verdict"), [
    ((), "passed"), (("pass", "skipping"), "passed"), (("pass", "pending"), "pending"),
    (("pending", "fail"), "failed"), (("cancel",), "failed"),
])
def test_judge(buckets: tuple[str, ...], verdict: str) -> None:
    assert pullrequest.judge(checks(*buckets)).verdict == verdict


def test_judge_names_the_failed_checks_sorted() -> None:
    state = pullrequest.judge([Check("lint", "fail"), Check("build", "cancel"),
                               Check("unit", "pass")])
    assert state.detail == "build, lint"


def test_pr_title() -> None:
    assert pullrequest.pr_title("E1-S1", "feat(E1-S1): wire x") == "feat(E1-S1): wire x"
    assert pullrequest.pr_title("E1-S1", "Wire x\nnow") == "E1-S1: Wire x now"
    with pytest.raises(GaiaError):
        pullrequest.pr_title("E1-S1", " \n ")


class ScriptedForge:
    """Checks follow a script (a ForgeError entry is raised); time is a fake clock."""

    name = "scripted"

    def __init__(self, script: Sequence[list[Check] | None | ForgeError]) -> None:
        self.script = script
        self.polls = 0

    def checks(self, number: int) -> list[Check] | None:
        step = self.script[min(self.polls, len(self.script) - 1)]
        self.polls += 1
        if isinstance(step, ForgeError):
            raise step
        return step


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def run_wait(forge: ScriptedForge, minutes: float = 15) -> tuple[Clock, list[str]]:
    clock, lines = Clock(), list[str]()
    pullrequest.wait(forge, 1, minutes, lines.append, sleep=clock.sleep,  # type: ignore[arg-type]
                     clock=clock)
    return clock, lines


def test_wait_polls_every_interval_until_pass() -> None:
    forge = ScriptedForge([checks("pending"), checks("pending"), checks("pass")])
    clock, _ = run_wait(forge)
    assert (forge.polls, clock.now) == (3, 60.0)


def test_wait_times_out_at_the_deadline() -> None:
    forge = ScriptedForge([checks("pending")])
    with pytest.raises(GaiaError, match="timed out after 1 minutes"):
        run_wait(forge, minutes=1)
    assert forge.polls == 3  # t=0, 30, 60


def test_error_streak_resets_on_a_good_poll() -> None:
    error = ForgeError("gh pr checks failed: HTTP 502", "error")
    forge = ScriptedForge([error] * 4 + [checks("pending")] + [error] * 4 + [checks("pass")])
    run_wait(forge)
    assert forge.polls == 10


def test_auth_error_stops_at_once() -> None:
    forge = ScriptedForge([ForgeError("gh auth login", "auth")])
    with pytest.raises(ForgeError):
        run_wait(forge)
    assert forge.polls == 1


def test_no_checks_waits_out_the_grace() -> None:
    forge = ScriptedForge([None])
    clock, lines = run_wait(forge)
    assert clock.now == pullrequest.NO_CHECKS_GRACE
    assert lines[-1] == "no CI checks reported for this PR — nothing to wait for"


class MergeForge:
    name = "merge"

    def __init__(self, pr: PullRequest) -> None:
        self.pr = pr
        self.merged: list[tuple[int, str, str, bool]] = []

    def view_pr(self, number: int) -> PullRequest:
        return self.pr

    def merge_pr(self, number: int, *, strategy: str, body: str, delete_branch: bool) -> None:
        self.merged.append((number, strategy, body, delete_branch))


def test_merge_strategy_from_the_chain(tmp_path: Path) -> None:
    world = make_world(tmp_path, with_gh=False)
    world.project.write(".gaia/config/project-config.yaml",
                        "ci_cd:\n  promotion_chain:\n    - branch: main\n"
                        "      merge_strategy: rebase\n")
    world.git("checkout", "-q", "-b", "feat/E1-S1-x")
    forge = MergeForge(PullRequest(4, "u", "OPEN", "main", "feat/E1-S1-x"))
    line, _ = pullrequest.merge(forge, world.root, world.root, 4, "E1-S1", None,  # type: ignore[arg-type]
                                True)
    assert line == "merged:rebase"
    assert forge.merged == [(4, "rebase", "Story: E1-S1", True)]


def test_closed_pr_is_not_merged(tmp_path: Path) -> None:
    world = make_world(tmp_path, with_gh=False)
    forge = MergeForge(PullRequest(4, "u", "CLOSED", "main", "feat/E1-S1-x"))
    with pytest.raises(GaiaError, match="PR #4 is closed"):
        pullrequest.merge(forge, world.root, world.root, 4, "E1-S1", None, True)  # type: ignore[arg-type]
    assert forge.merged == []
