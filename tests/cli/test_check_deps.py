from __future__ import annotations

import json

from gaia_lib.story import sprint
from helpers.projects import Project, run_gaia


def _story(project: Project, key: str, status: str, deps: str = "[]") -> str:
    return str(project.add_story(key, slug=f"s-{key.lower()}", status=status, depends_on=deps))


def test_codes_0_1_2(project: Project) -> None:
    _story(project, "E1-S1", "review")
    blocked = _story(project, "E1-S2", "ready-for-dev", "[E1-S1]")
    missing = _story(project, "E1-S3", "ready-for-dev", "[E1-S1, E7-S7]")
    free = _story(project, "E1-S4", "ready-for-dev")
    result = run_gaia("check-deps", blocked, cwd=project.root)
    assert result.returncode == 1 and result.stderr.splitlines() == [
        "check-deps: dependencies not in status: done", "  E1-S1: review"]
    assert run_gaia("check-deps", missing, cwd=project.root).returncode == 2
    assert run_gaia("check-deps", free, cwd=project.root).returncode == 0


def test_cycle_is_one_line(project: Project) -> None:
    _story(project, "E1-S1", "done", "[E1-S2]")
    path = _story(project, "E1-S2", "ready-for-dev", "[E1-S1]")
    result = run_gaia("check-deps", path, cwd=project.root)
    assert result.returncode == 1
    assert result.stderr == "check-deps: dependency cycle: E1-S2 -> E1-S1 -> E1-S2\n"


def test_bypass_is_recorded(project: Project) -> None:
    _story(project, "E1-S1", "review")
    path = _story(project, "E1-S2", "ready-for-dev", "[E1-S1]")
    result = run_gaia("check-deps", path, "--bypass-deps", cwd=project.root)
    assert result.returncode == 0
    assert result.stderr.splitlines()[-1] == ("check-deps: [BYPASS] dependency check bypassed "
                                              "for E1-S2 — depends_on entries not validated")
    record = json.loads(sprint.overrides_path(project.root).read_text())
    assert record["override_type"] == "dependency_check" and record["story_key"] == "E1-S2"


def test_usage_is_64(project: Project) -> None:
    for args in (("check-deps",), ("check-deps", "nope.md"), ("check-deps", "--bogus")):
        result = run_gaia(*args, cwd=project.root)
        assert result.returncode == 64 and len(result.stderr.splitlines()) == 1, args


def test_a_story_without_a_status_is_unparseable_not_free(project: Project) -> None:
    """Upstream's story-parse refuses a story with no status, and its check-deps exits 64:
    a malformed story must not pass the dependency gate."""
    _story(project, "E1-S1", "done")
    path = project.root / "E1-S2-nostatus.md"
    path.write_text('---\ntemplate: \'story\'\nkey: "E1-S2"\ndepends_on: ["E1-S1"]\n---\n\n'
                    "# Story\n")
    result = run_gaia("check-deps", str(path), cwd=project.root)
    assert (result.returncode, result.stderr) == (
        64, f"check-deps: {path}: no status in the frontmatter\n")


def test_a_depends_on_that_is_no_list_of_keys_is_unparseable_not_missing(
        project: Project) -> None:
    _story(project, "E1-S1", "done")
    for deps, said in (('[["E1-S1"]]', "depends_on holds a list where a key belongs"),
                       ("{a: 1}", "depends_on is a mapping, not a list of keys")):
        path = _story(project, "E1-S2", "ready-for-dev", deps)
        result = run_gaia("check-deps", path, cwd=project.root)
        assert (result.returncode, result.stderr) == (
            64, f"check-deps: cannot parse {path}: {said}\n")


def test_a_done_set_by_hand_over_an_unfinished_review_gate_is_not_done(project: Project) -> None:
    dep = project.add_story("E1-S1", slug="s-e1-s1", status="done")
    text = dep.read_text()
    # the status edited to done by hand: every review still UNVERIFIED but one
    dep.write_text(text.replace("| Code Review | PASSED |", "| Code Review | UNVERIFIED |")
                   .replace("| QA Tests | PASSED |", "| QA Tests | FAILED |"))
    path = _story(project, "E1-S2", "ready-for-dev", "[E1-S1]")
    result = run_gaia("check-deps", path, cwd=project.root)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "check-deps: dependencies not in status: done",
        "  E1-S1: done, but its Review Gate is not: Code Review, QA Tests not PASSED"]
    dep.write_text(text)  # every row PASSED: done
    assert run_gaia("check-deps", path, cwd=project.root).returncode == 0


def test_review_gate_rows_passed_by_hand_hold_like_unverified_ones(project: Project) -> None:
    """gaia records every verdict it sets (`review-gate history`): a row that reads PASSED
    over a recorded FAILED, or names a report that does not exist, was edited by hand."""
    dep = project.add_story("E1-S1", slug="s-e1-s1", status="done")
    path = _story(project, "E1-S2", "ready-for-dev", "[E1-S1]")
    # a table that predates gaia (no record, no report named) is taken as it reads
    assert run_gaia("check-deps", path, cwd=project.root).returncode == 0
    recorded = run_gaia("review-gate", "update", "--story", "E1-S1", "--gate", "Code Review",
                        "--verdict", "FAILED", "--report-missing-reason", "reviewed in a call",
                        cwd=project.root)
    assert recorded.returncode == 0, recorded.stderr
    dep.write_text(dep.read_text().replace("| Code Review | FAILED | — |",
                                           "| Code Review | PASSED | — |")
                   .replace("| Test Review | PASSED | — |",
                            "| Test Review | PASSED | reviews/handwritten.md |"))
    held = run_gaia("check-deps", path, cwd=project.root)
    hand = ("set by hand: no PASSED verdict is recorded for it, or its report does not exist "
            "(gaia review-gate history)")
    assert held.returncode == 1
    assert held.stderr.splitlines()[-1] == (
        f"  E1-S1: held: its Review Gate row(s) Code Review, Test Review read PASSED but were "
        f"{hand}")
    check = run_gaia("review-gate", "review-gate-check", "--story", "E1-S1", cwd=project.root)
    assert check.returncode == 2
    assert check.stdout.endswith("Review Gate: PENDING\nPending gates:\n"
                                 f"  - Code Review ({hand})\n  - Test Review ({hand})\n")
    project.write("reviews/handwritten.md", "# Test review\n")
    passed = run_gaia("review-gate", "update", "--story", "E1-S1", "--gate", "Code Review",
                      "--verdict", "PASSED", "--report-missing-reason", "re-reviewed",
                      cwd=project.root)
    assert passed.returncode == 0, passed.stderr
    assert run_gaia("check-deps", path, cwd=project.root).returncode == 0


def test_a_config_that_cannot_be_read_is_no_dependency_verdict(project: Project) -> None:
    _story(project, "E1-S1", "done")
    path = _story(project, "E1-S2", "ready-for-dev", "[E1-S1]")
    project.write(".gaia/config/project-config.yaml", "qa:\n  gate: [on\n")
    result = run_gaia("check-deps", path, cwd=project.root)
    assert result.returncode == 64  # not 1: a CI gate must tell it from "not done"
    assert result.stderr.startswith("check-deps: project config ") and \
        result.stderr.count("\n") == 1
