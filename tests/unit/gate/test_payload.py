"""gate.payload: the report contract both review skills persist through."""

from __future__ import annotations

from gaia_lib.gate import payload

GOOD = "## Deterministic Analysis\n\nx\n\n## LLM Semantic Review\n\ny\n\n**Verdict: APPROVE**\n"


def test_extra_problems_mark_a_complete_report_incomplete() -> None:
    text, complete = payload.assemble("# H", GOOD, "BLOCKED", ("no plan-content payload",))
    assert not complete
    assert text.splitlines()[0] == ("[INCOMPLETE] The review payload was malformed: no "
                                    "plan-content payload.")
    assert text.splitlines()[-1] == "**Verdict: BLOCKED**"
    assert "Note: the payload proposed APPROVE; the verdict resolver decided BLOCKED." in text


def test_the_check_table_escapes_cells_and_names_the_reason() -> None:
    rows = payload.render_check_table([
        {"name": "inventory", "status": "errored", "error_reason": "a|b", "findings": []},
        {"name": "fixture", "status": "failed", "findings": [{}, {}]}])
    assert rows == ["## Deterministic Analysis", "", "| Check | Status | Findings |",
                    "|-------|--------|----------|", "| inventory | errored (a\\|b) | 0 |",
                    "| fixture | failed | 2 |"]


def test_a_check_that_compared_says_with_what() -> None:
    """semver's round 14: AC3's tests deleted, its neighbour excluded as one that was there in
    round 13, yet the table read `round-coverage | passed | 0` with no word of round 13."""
    rows = payload.render_check_table([
        {"name": "round-coverage", "status": "passed", "findings": [],
         "compared_with": ["in round 14", "on main"]},
        {"name": "round-coverage", "status": "skipped", "skip_reason": "nothing saved",
         "findings": []},
        {"name": "round-coverage", "status": "failed", "findings": [{}],
         "compared_with": ["in round 2", "on main", "earlier on this branch"]}])
    assert rows[4:] == ["| round-coverage | passed (compared with the story's tests in round 14 "
                        "and on main) | 0 |", "| round-coverage | skipped (nothing saved) | 0 |",
                        "| round-coverage | failed (compared with the story's tests in round 2, "
                        "on main and earlier on this branch) | 1 |"]


def test_a_check_that_judged_by_less_than_its_name_says_by_what() -> None:
    """rfc3986: `branch-coverage | passed` above a code list saying `branches not measured`:
    the run measured lines alone, and the check found untested handlers by their lines."""
    rows = payload.render_check_table([
        {"name": "branch-coverage", "status": "passed", "findings": [],
         "judged_by": "by lines: the run measured no branch"},
        {"name": "branch-coverage", "status": "passed", "findings": []}])
    assert rows[4:] == ["| branch-coverage | passed (by lines: the run measured no branch) | 0 |",
                        "| branch-coverage | passed | 0 |"]
