"""test_automate.approval's presentation and YOLO allowlist rule (the gate's recording runs as
real processes in tests/cli/test_test_automate_planning.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.test_automate import approval
from gaia_lib.test_automate import plan as plans

TESTS = (plans.ProposedTest("tests/unit/test_a.py", "test_a", "AC1", "unit", tc="TC-1",
                            description="the first"),
         plans.ProposedTest("tests/e2e/test_b.py", "test_b", "AC2", "e2e"))


def _gate(tmp_path: Path, verdict: str, tests: tuple[plans.ProposedTest, ...] = TESTS
          ) -> approval.Gate:
    plan = plans.Plan("E1-S1", (), tests, verdict=verdict, narrative="Two tests.").with_id()
    return approval.Gate(tmp_path, "E1-S1", tmp_path / "story.md", tmp_path / "plan.md", plan)


def test_the_presentation_lists_every_proposed_test_and_the_choices(tmp_path: Path) -> None:
    g = _gate(tmp_path, "APPROVE")
    assert approval.render(g).splitlines() == [
        "Test automation plan for E1-S1 (verdict: APPROVE)", "plan: plan.md",
        f"plan_id: {g.plan.plan_id}", "", "Proposed tests:",
        "  AC1  TC-1  unit  tests/unit/test_a.py  — the first",
        "  AC2  —  e2e  tests/e2e/test_b.py", "", "Two tests.", "",
        "Decide: [a] Approve (PASSED) | [r] Reject (FAILED) | [x] Abort"]


def test_request_changes_heads_the_presentation(tmp_path: Path) -> None:
    assert approval.render(_gate(tmp_path, "REQUEST_CHANGES")).splitlines()[0] == \
        "plan changes recommended"
    assert "(none: no AC without a test)" in approval.render(_gate(tmp_path, "APPROVE", ()))


def test_yolo_needs_the_allowlist_and_names_paths_outside_it(tmp_path: Path) -> None:
    with pytest.raises(approval.AskUser) as refused:
        approval.outside_allowlist(tmp_path, TESTS)
    assert (refused.value.message, refused.value.exit_code) == (approval.NO_ALLOWLIST, 4)
    env = tmp_path / ".gaia/artifacts/test-artifacts/test-environment.yaml"
    env.parent.mkdir(parents=True)
    env.write_text("tier_directories:\n  - tests/unit\n")
    assert approval.outside_allowlist(tmp_path, TESTS) == ["tests/e2e/test_b.py"]
    env.write_text("tier_directories:\n  - tests/unit\n  - tests/e2e\n")
    assert approval.outside_allowlist(tmp_path, TESTS) == []
