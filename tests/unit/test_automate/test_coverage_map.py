from __future__ import annotations

from pathlib import Path

from gaia_lib.story.parser import load_story
from gaia_lib.test_automate import coverage_map
from helpers.projects import Project

ACS = (
    "- [ ] AC1: Given a cart, when an item is added, then the total grows.\n"
    "- [x] **AC2:** Given a coupon, when applied, then the total drops.\n"
    "- [ ] AC3: Given an empty cart, when checking out, then checkout is refused.\n"
)
TABLES = """
## Test Cases

| TC | AC | Tier | File |
|----|----|------|------|
| TC-001 | AC1 | unit | tests/unit/foo.test.ts |
| TC-002 | AC2 | integration | tests/int/bar.spec.ts |

## Custom Scenarios

| CS | Tier | Description | File |
|----|------|-------------|------|
| CS-001 | unit | edge case for retry | tests/unit/cs-001.test.ts |
"""


def _story(project: Project) -> Path:
    path = project.add_story("E28-S66", acs=ACS)
    path.write_text(path.read_text() + TABLES)
    return path


def test_status_prints_the_seed_layout(project: Project) -> None:
    story = load_story(_story(project))
    (project.root / "tests/unit").mkdir(parents=True)
    (project.root / "tests/unit/cs-001.test.ts").write_text("")
    assert coverage_map.status(project.root, story, []) == (
        "Coverage map for E28-S66\n"
        "AC1    TC-001   unit         tests/unit/foo.test.ts\n"
        "AC2    TC-002   integration  tests/int/bar.spec.ts\n"
        "AC3    —        —            (not yet automated)\n"
        "\n"
        "Summary: 2/3 generated (67%) | 1 pending automation\n"
        "\n"
        "Custom scenarios:\n"
        "CS-001  unit  edge case for retry  tests/unit/cs-001.test.ts\n"
    )


def test_index_entries_win_and_stale_paths_are_marked(project: Project) -> None:
    story = load_story(_story(project))
    index = [
        {"id": "CS-001", "story_key": "E28-S66", "tier": "e2e", "description": "retry",
         "file_path": "tests/gone.test.ts"},
        {"id": "CS-009", "story_key": "E1-S1", "tier": "unit", "description": "other story",
         "file_path": ""},
    ]
    out = coverage_map.status(project.root, story, index)
    assert out.endswith("Custom scenarios:\nCS-001  e2e  retry  tests/gone.test.ts (file not found)\n")
    assert "CS-009" not in out


def test_no_scenarios_no_block_and_no_acs_is_zero_percent(project: Project) -> None:
    path = project.add_story("E1-S1", acs="")
    out = coverage_map.status(project.root, load_story(path), [])
    assert out == "Coverage map for E1-S1\n\nSummary: 0/0 generated (0%) | 0 pending automation\n"


def test_a_test_case_may_name_two_acs() -> None:
    from gaia_lib.story.acceptance import AcceptanceCriterion
    from gaia_lib.story.parser import TestCaseRow

    class S:
        test_cases = (TestCaseRow("TC-007", "AC1, AC2", "unit", "t.py"),)
        acceptance_criteria = tuple(
            AcceptanceCriterion(a, "x", None, None, None, False, None, 1) for a in ("AC1", "AC2"))

    assert [r.tc for r in coverage_map.rows(S())] == ["TC-007", "TC-007"]  # type: ignore[arg-type]
