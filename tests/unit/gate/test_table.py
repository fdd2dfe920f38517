from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gaia_lib.core.errors import Ambiguous, InvalidInput, MalformedFile, NotFound
from gaia_lib.gate import table as gate
from gaia_lib.gate.table import Composite, composite
from gaia_lib.story.parser import GateRow, load_story
from helpers.projects import Project, story_text

G = gate.CANONICAL_GATES


def rows(*statuses: str) -> list[GateRow]:
    return [GateRow(name, status, "—", i + 10) for i, (name, status) in enumerate(
        zip(G, statuses, strict=True))]


ALL_PASSED = ("PASSED",) * 6


@pytest.mark.parametrize(
    ("statuses", "expected"),
    [
        (ALL_PASSED, Composite("COMPLETE", (), ())),
        (("FAILED", "UNVERIFIED", "PASSED", "PASSED", "FAILED", "PASSED"),
         Composite("BLOCKED", ("Code Review", "Test Review"), ("QA Tests",))),
        (("PASSED", "UNVERIFIED", "PASSED", "NOT STARTED", "PASSED", "passed"),
         Composite("PENDING", (), ("QA Tests", "Test Automation", "Performance Review"))),
        (("UNVERIFIED",) * 6, Composite("PENDING", (), G)),
    ],
    ids=["complete", "failed-dominates", "pending-incl-noncanonical", "all-unverified"],
)
def test_composite(statuses: tuple[str, ...], expected: Composite) -> None:
    assert composite(rows(*statuses)) == expected


def test_composite_missing_row_is_pending_and_first_row_counts() -> None:
    some = [*rows(*ALL_PASSED)[:5], GateRow("Code Review", "FAILED", "—", 99)]
    assert composite(some) == Composite("PENDING", (), ("Performance Review",))


def test_render_check_outputs_and_codes() -> None:
    text, code = gate.render_check(rows("PASSED", "FAILED", "UNVERIFIED", "PASSED", "PASSED",
                                        "PASSED"))
    assert code == 1
    assert text == (
        "| Review | Status | Report |\n|--------|--------|--------|\n"
        "| Code Review | PASSED | — |\n| QA Tests | FAILED | — |\n"
        "| Security Review | UNVERIFIED | — |\n| Test Automation | PASSED | — |\n"
        "| Test Review | PASSED | — |\n| Performance Review | PASSED | — |\n"
        "\nReview Gate: BLOCKED\nBlocking gates:\n  - QA Tests\n"
    )
    text, code = gate.render_check(rows(*ALL_PASSED))
    assert code == 0 and text.endswith("\nReview Gate: COMPLETE\n")
    text, code = gate.render_check(rows("PASSED", "UNVERIFIED", *ALL_PASSED[2:]))
    assert code == 2 and text.endswith("\nReview Gate: PENDING\nPending gates:\n  - QA Tests\n")


@pytest.mark.parametrize(
    ("evidence", "refused"),
    [
        ({"suites": [{"pass_count": 4, "fail_count": 0}], "exit_code": 0}, None),
        ({"suites": [{"pass_count": 0}, {"pass_count": 1}]}, None),
        # nothing ran and passed: no proof of a passing run
        ({"suites": []}, "shows no test that ran and passed"),
        ({}, "shows no test that ran and passed"),
        ({"suites": [{"pass_count": 0, "fail_count": 0}]}, "shows no test that ran and passed"),
        ({"exit_code": 2}, "reports exit_code=2 (red suite)"),
        ({"suites": [{"fail_count": 1}, {"fail_count": 2}]}, "reports fail_count=3 across suites"),
        ({"skipped": True}, "reports skipped:true (suite did not run)"),
        ([1, 2], "is not a JSON object"),
    ],
)
def test_evidence_refusal(evidence: object, refused: str | None) -> None:
    reason = gate.evidence_refusal("QA Tests", evidence, "ev.json")
    if refused is None:
        assert reason is None
    else:
        assert reason is not None and refused in reason
        assert reason.startswith("proof-of-execution: refusing PASSED verdict for 'QA Tests'")


def test_check_proof_rules(tmp_path: Path) -> None:
    report = tmp_path / "r.md"
    report.write_text("# r\n")
    green = tmp_path / "ev.json"
    green.write_text(json.dumps({"suites": [{"pass_count": 2, "fail_count": 0}]}))
    red = tmp_path / "red.json"
    red.write_text(json.dumps({"exit_code": 1}))
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    gate.check_proof("QA Tests", "UNVERIFIED", None, None, None)
    gate.check_proof("Code Review", "PASSED", str(report), None, None)
    gate.check_proof("Code Review", "FAILED", None, None, "reviewer crashed")
    gate.check_proof("QA Tests", "PASSED", str(report), str(green), None)
    gate.check_proof("QA Tests", "FAILED", str(report), str(red), None)
    gate.check_proof("QA Tests", "PASSED", None, str(green), "report lost")
    cases = [
        # the reason explains a missing report, never a test gate's missing run
        (("QA Tests", "PASSED", None, None, "no runner"), "is a test-execution gate"),
        (("Code Review", "PASSED", None, None, None), "requires --report <path>"),
        (("Code Review", "PASSED", str(tmp_path / "x.md"), None, None), "does not exist on disk"),
        (("Test Review", "PASSED", str(report), None, None), "is a test-execution gate"),
        (("Test Review", "PASSED", str(report), str(tmp_path / "x.json"), None),
         "--execution-evidence"),
        (("QA Tests", "PASSED", str(report), str(red), None), "exit_code=1"),
        (("QA Tests", "PASSED", str(report), str(bad), None), "is not valid JSON"),
    ]
    for args, message in cases:
        with pytest.raises(InvalidInput, match="proof-of-execution") as info:
            gate.check_proof(*args)
        assert message in info.value.message and info.value.exit_code == 1


def test_proof_required(monkeypatch: pytest.MonkeyPatch) -> None:
    assert gate.proof_required(None)
    assert not gate.proof_required("plan-1")
    monkeypatch.setenv("REVIEW_GATE_PROOF_OF_EXECUTION", "off")
    assert not gate.proof_required(None)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: gate.check_gate("Code review", None), "invalid gate name 'Code review' — allowed: "
         "Code Review, QA Tests, Security Review, Test Automation, Test Review, Performance Review"),
        (lambda: gate.check_gate("manual-test", None), "gate 'manual-test' requires --plan-id"),
        (lambda: gate.check_verdict("passed"),
         "invalid verdict 'passed' — allowed: UNVERIFIED, PASSED, FAILED"),
        (lambda: gate.check_plan_id(""), "--plan-id requires a value"),
        (lambda: gate.check_plan_id("a b;rm"), "invalid --plan-id value 'a b;rm'"),
    ],
)
def test_vocabulary_errors(call: object, message: str) -> None:
    with pytest.raises(InvalidInput) as info:
        call()  # type: ignore[operator]
    assert info.value.message.startswith(message) and info.value.exit_code == 1


def test_vocabulary_accepts() -> None:
    gate.check_gate("QA Tests", None)
    gate.check_gate("test-automate-plan", "p-1")
    gate.check_verdict("FAILED")
    assert gate.check_plan_id("3f2a.b:c+d-e_") == "3f2a.b:c+d-e_"


def test_rewrite_row_touches_only_that_row_and_keeps_crlf(project: Project) -> None:
    text = story_text().replace("\n", "\r\n")
    path = project.write(".gaia/artifacts/implementation-artifacts/E1-S1-signup.md", "x")
    path.write_bytes(text.encode())
    row = next(r for r in load_story(path).review_gate or () if r.name == "QA Tests")
    data = gate.rewrite_row(path.read_bytes(), row, "PASSED", "reports/qa.md")
    expected = text.replace("| QA Tests | UNVERIFIED | — |\r\n",
                            "| QA Tests | PASSED | reports/qa.md |\r\n")
    assert data == expected.encode()


def test_rewrite_row_refuses_a_moved_row() -> None:
    with pytest.raises(MalformedFile, match="not on line 1"):
        gate.rewrite_row(b"| Code Review | x | y |\n", GateRow("QA Tests", "x", "y", 1), "PASSED",
                         "—")


def test_report_cell(project: Project) -> None:
    root = project.root
    assert gate.report_cell(None, root) == "—"
    assert gate.report_cell(str(root / "r" / "qa.md"), root) == "r/qa.md"
    assert gate.report_cell("/elsewhere/a|b.md", root) == "/elsewhere/a\\|b.md"
    with pytest.raises(InvalidInput):
        gate.report_cell("a\nb.md", root)


def test_find_gate_story_filters_template(project: Project) -> None:
    path = project.add_story("E1-S1")
    assert gate.find_gate_story(project.root, "E1-S1") == path
    # a non-story sibling matching the glob is not a candidate story
    project.write(".gaia/artifacts/implementation-artifacts/E1-S1-notes.md",
                  "---\ntemplate: notes\n---\n# notes\n")
    assert gate.find_gate_story(project.root, "E1-S1") == path


def test_find_gate_story_errors(project: Project) -> None:
    with pytest.raises(NotFound, match="no story file found for key 'E1-S1'") as info:
        gate.find_gate_story(project.root, "E1-S1")
    assert info.value.exit_code == 1
    project.write(".gaia/artifacts/implementation-artifacts/E1-S1-notes.md",
                  "---\ntemplate: notes\n---\n")
    with pytest.raises(NotFound, match="none have template: 'story'"):
        gate.find_gate_story(project.root, "E1-S1")
    project.add_story("E1-S1", layout="flat")
    project.add_story("E1-S1", layout="nested")
    with pytest.raises(Ambiguous, match="multiple story files matched key E1-S1") as amb:
        gate.find_gate_story(project.root, "E1-S1")
    assert amb.value.exit_code == 1


def test_find_gate_story_collapses_symlink_shims(project: Project) -> None:
    real = project.add_story("E1-S1", layout="nested")
    os.symlink(real, project.impl / "E1-S1-signup.md")
    assert gate.find_gate_story(project.root, "E1-S1") == real


def test_canonical_rows_errors(project: Project) -> None:
    no_gate = project.write(".gaia/artifacts/implementation-artifacts/E1-S1-a.md",
                            story_text(review_gate=False))
    with pytest.raises(MalformedFile, match="missing the '## Review Gate' section"):
        gate.load_rows(no_gate)
    short = project.write(".gaia/artifacts/implementation-artifacts/E1-S2-a.md",
                          story_text("E1-S2").replace("| Test Review | UNVERIFIED | — |\n", ""))
    with pytest.raises(MalformedFile, match="missing canonical gate row 'Test Review'"):
        gate.load_rows(short)


def test_summary_text_is_deterministic_and_flags_missing_reports() -> None:
    table = rows("PASSED", "FAILED", *("UNVERIFIED",) * 4)
    links = [f"r/{i}.md" for i in range(6)]
    text = gate.summary_text("E1-S1", "2026-11-01", table, links,
                             [False, True, False, False, False, False])
    assert text == gate.summary_text("E1-S1", "2026-11-01", table, links,
                                     [False, True, False, False, False, False])
    assert text.startswith("---\nstory_key: E1-S1\ndate: 2026-11-01\noverall_status: FAILED\n")
    assert "**Report:** MISSING — `r/1.md` not on disk (verdict FAILED written without evidence)" \
        in text
    assert "- **QA Tests** (FAILED) — MISSING: `r/1.md`" in text
    assert "| Code Review | PASSED | [link](r/0.md) |" in text
    assert text.endswith("**Overall Status:** FAILED\n")
    pending = gate.summary_text("E1-S1", "d", rows("PASSED", *("UNVERIFIED",) * 5), links,
                                [False] * 6)
    assert "overall_status: INCOMPLETE" in pending and "Proof-of-Execution" not in pending


def test_summary_path_by_layout(project: Project) -> None:
    per_story = project.add_story("E1-S1", layout="per-story")
    nested = project.add_story("E1-S2", layout="nested")
    assert gate.summary_path(project.root, per_story, "E1-S1") == \
        per_story.parent / "reviews" / "review-summary.md"
    assert gate.summary_path(project.root, nested, "E1-S2") == \
        project.impl / "review-summary-E1-S2.md"


def test_record_table_verdict_rows_round_and_summary(project: Project) -> None:
    path = project.add_story("E1-S1", layout="per-story")
    before = path.read_text()
    done = gate.record_table_verdict(project.root, path, "E1-S1", "Code Review", "PASSED",
                                     "r.md", recorded="2026-11-01")
    assert done.round is not None and done.round.round == 1
    assert path.read_text() == before.replace("| Code Review | UNVERIFIED | — |",
                                              "| Code Review | PASSED | r.md |")
    assert done.summary == path.parent / "reviews" / "review-summary.md"
    assert "## Code Review\n**Verdict:** PASSED\n**Report:** MISSING" in done.summary.read_text()
    reset = gate.record_table_verdict(project.root, path, "E1-S1", "Code Review", "UNVERIFIED",
                                      "—", recorded="2026-11-02")
    assert reset.round is None
    assert "| Code Review | UNVERIFIED | — |" in path.read_text()


def test_the_summary_links_only_reports_that_exist_or_were_named(project: Project) -> None:
    """A review not run yet has no report: the summary says so instead of linking where its
    report would go; a recorded report is linked."""
    path = project.add_story("E1-S1", layout="per-story")
    (path.parent / "reviews").mkdir()
    (path.parent / "reviews" / "code-review-E1-S1.md").write_text("# Code review\n")
    done = gate.record_table_verdict(project.root, path, "E1-S1", "Code Review", "PASSED",
                                     str(path.parent / "reviews" / "code-review-E1-S1.md"),
                                     recorded="2026-11-01")
    assert done.summary is not None
    text = done.summary.read_text()
    assert "## Code Review\n**Verdict:** PASSED\n**Report:** [" in text
    assert "## QA Tests\n**Verdict:** UNVERIFIED\n**Report:** — (no report yet)" in text
    assert "| QA Tests | UNVERIFIED | — |" in text
