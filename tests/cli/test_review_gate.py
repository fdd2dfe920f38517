from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pytest

from gaia_lib.cli.review_gate import main
from helpers.projects import Project, run_gaia


def _recorded_today(line: str, expected: str) -> bool:
    """`line` is `expected` with the date it was recorded: today's, or yesterday's when the
    record was made just before midnight (a suite running across it)."""
    today = datetime.datetime.now(datetime.timezone.utc).date()
    return line in {expected.format(date=d.isoformat())
                    for d in (today, today - datetime.timedelta(days=1))}
UNVERIFIED_GATES = {
    "Code Review": "UNVERIFIED", "QA Tests": "UNVERIFIED", "Security Review": "UNVERIFIED",
    "Test Automation": "UNVERIFIED", "Test Review": "UNVERIFIED",
    "Performance Review": "UNVERIFIED",
}


@pytest.fixture
def story(project: Project) -> Path:
    return project.add_story("E1-S1", layout="per-story")


@pytest.fixture
def proof(project: Project) -> dict[str, str]:
    report = project.write("reports/qa.md", "# QA\n")
    green = project.write("ev/green.json", json.dumps({"suites": [{"pass_count": 3, "fail_count": 0}]}))
    red = project.write("ev/red.json", json.dumps({"suites": [{"fail_count": 2}], "exit_code": 1}))
    return {"report": str(report), "green": str(green), "red": str(red)}


def gate_call(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_status_json(story: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = gate_call(capsys, "status", "--story", "E1-S1")
    assert (code, err) == (0, "")
    assert out == json.dumps({"story": "E1-S1", "gates": UNVERIFIED_GATES},
                             separators=(",", ":"), ensure_ascii=False) + "\n"


def test_check_lists_non_passed_on_stderr(story: Path, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REVIEW_GATE_PROOF_OF_EXECUTION", "off")
    for gate in ("Code Review", "QA Tests", "Security Review", "Test Automation"):
        assert main(["update", "--story", "E1-S1", "--gate", gate, "--verdict", "PASSED"]) == 0
    code, out, err = gate_call(capsys, "check", "--story", "E1-S1")
    assert (code, out, err) == (1, "", "Test Review\nPerformance Review\n")
    for gate in ("Test Review", "Performance Review"):
        assert main(["update", "--story", "E1-S1", "--gate", gate, "--verdict", "PASSED"]) == 0
    assert gate_call(capsys, "check", "--story", "E1-S1") == (0, "", "")


def test_review_gate_check_exit_codes(story: Path, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REVIEW_GATE_PROOF_OF_EXECUTION", "off")
    code, out, err = gate_call(capsys, "review-gate-check", "--story", "E1-S1")
    assert (code, err) == (2, "")
    assert out.endswith("\nReview Gate: PENDING\nPending gates:\n  - Code Review\n  - QA Tests\n"
                        "  - Security Review\n  - Test Automation\n  - Test Review\n"
                        "  - Performance Review\n")
    before = story.read_bytes()
    main(["update", "--story", "E1-S1", "--gate", "Test Review", "--verdict", "FAILED"])
    code, out, _ = gate_call(capsys, "review-gate-check", "--story", "E1-S1")
    assert code == 1 and out.endswith("Review Gate: BLOCKED\nBlocking gates:\n  - Test Review\n")
    after = story.read_bytes()
    for gate in ("Code Review", "QA Tests", "Security Review", "Test Automation", "Test Review",
                 "Performance Review"):
        main(["update", "--story", "E1-S1", "--gate", gate, "--verdict", "PASSED"])
    code, out, _ = gate_call(capsys, "review-gate-check", "--story", "E1-S1")
    assert code == 0 and out.endswith("\n\nReview Gate: COMPLETE\n")
    assert before != after  # the check itself never writes: only updates changed the file


def test_review_gate_check_is_read_only(story: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listing = sorted(p for p in story.parent.parent.rglob("*"))
    data = story.read_bytes()
    gate_call(capsys, "review-gate-check", "--story", "E1-S1")
    assert story.read_bytes() == data
    assert sorted(p for p in story.parent.parent.rglob("*")) == listing


def test_update_with_proof_stores_report_and_round(
    project: Project, story: Path, proof: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = gate_call(capsys, "update", "--story", "E1-S1", "--gate", "QA Tests",
                               "--verdict", "PASSED", "--report", proof["report"],
                               "--execution-evidence", proof["green"])
    assert (code, out, err) == (0, "", "")
    assert "| QA Tests | PASSED | reports/qa.md |\n" in story.read_text()
    code, out, _ = gate_call(capsys, "history", "--story", "E1-S1", "--gate", "QA Tests")
    assert code == 0 and _recorded_today(out, "1\tPASSED\treports/qa.md\t{date}\n")
    summary = story.parent / "reviews" / "review-summary.md"
    # the link reads as the project-relative path, and points there from the summary's own
    # directory: portion 2.6.0's summary linked `.gaia/artifacts/...` from inside .gaia/artifacts
    said = re.search(r"## QA Tests\n\*\*Verdict:\*\* PASSED\n\*\*Report:\*\* "
                     r"\[reports/qa\.md\]\(([^)]+)\)", summary.read_text())
    assert said is not None and said.group(1).startswith("../")
    assert (summary.parent / said.group(1)).resolve() == (project.root / "reports/qa.md").resolve()
    table = re.search(r"\| QA Tests \| PASSED \| \[link\]\(([^)]+)\) \|", summary.read_text())
    assert table is not None and table.group(1) == said.group(1)


def test_update_refuses_passed_on_red_evidence(
    story: Path, proof: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    before = story.read_bytes()
    code, out, err = gate_call(capsys, "update", "--story", "E1-S1", "--gate", "QA Tests",
                               "--verdict", "PASSED", "--report", proof["report"],
                               "--execution-evidence", proof["red"])
    assert (code, out) == (1, "")
    assert err == (
        "review-gate: proof-of-execution: refusing PASSED verdict for 'QA Tests' — "
        "execution-evidence reports exit_code=1 (red suite). Either fix the failing tests and "
        "re-capture evidence, or record verdict=FAILED.\n"
    )
    assert story.read_bytes() == before
    assert gate_call(capsys, "update", "--story", "E1-S1", "--gate", "QA Tests", "--verdict",
                     "FAILED", "--report", proof["report"], "--execution-evidence",
                     proof["red"])[0] == 0


def test_update_without_proof_is_refused(story: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = gate_call(capsys, "update", "--story", "E1-S1", "--gate", "Code Review",
                             "--verdict", "FAILED")
    assert code == 1
    assert err == ("review-gate: proof-of-execution: FAILED verdict for gate 'Code Review' "
                   "requires --report <path> or --report-missing-reason <reason>\n")
    assert gate_call(capsys, "update", "--story", "E1-S1", "--gate", "Code Review", "--verdict",
                     "FAILED", "--report-missing-reason", "reviewer crashed") == (0, "", "")
    assert "| Code Review | FAILED | — |" in story.read_text()
    # UNVERIFIED needs no proof and is not a round
    assert gate_call(capsys, "update", "--story", "E1-S1", "--gate", "Code Review", "--verdict",
                     "UNVERIFIED")[0] == 0
    _, out, _ = gate_call(capsys, "history", "--story", "E1-S1", "--gate", "Code Review")
    assert _recorded_today(out, "1\tFAILED\t—\t{date}\n")


def test_update_round_flag_replaces_that_round(
    story: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REVIEW_GATE_PROOF_OF_EXECUTION", "off")
    for verdict in ("FAILED", "FAILED", "PASSED"):
        main(["update", "--story", "E1-S1", "--gate", "QA Tests", "--verdict", verdict])
    main(["update", "--story", "E1-S1", "--gate", "QA Tests", "--verdict", "PASSED",
          "--round", "2"])
    _, out, _ = gate_call(capsys, "history", "--story", "E1-S1", "--gate", "QA Tests")
    assert [line.split("\t")[:2] for line in out.splitlines()] == [
        ["1", "FAILED"], ["2", "PASSED"], ["3", "PASSED"]]
    code, _, err = gate_call(capsys, "update", "--story", "E1-S1", "--gate", "QA Tests",
                             "--verdict", "UNVERIFIED", "--round", "4")
    assert (code, err) == (1, "review-gate: --round is refused with UNVERIFIED: a round is a "
                              "review that happened\n")
    code, _, err = gate_call(capsys, "update", "--story", "E1-S1", "--gate", "QA Tests",
                             "--verdict", "PASSED", "--round", "0")
    assert (code, err) == (1, "review-gate: invalid --round '0' (a positive integer)\n")


def test_plan_id_gate_goes_to_ledger_not_table(
    project: Project, story: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = story.read_bytes()
    args = ["--story", "E1-S1", "--gate", "test-automate-plan", "--plan-id", "plan-1"]
    assert gate_call(capsys, "update", *args, "--verdict", "PASSED") == (0, "", "")
    assert story.read_bytes() == before
    ledger = project.root / ".gaia/state/.review-gate-ledger"
    assert ledger.read_text() == "E1-S1\ttest-automate-plan\tplan-1\tPASSED\n"
    code, out, _ = gate_call(capsys, "status", *args)
    assert (code, out) == (0, '{"story":"E1-S1","gate":"test-automate-plan","plan_id":"plan-1",'
                              '"verdict":"PASSED"}\n')
    _, out, _ = gate_call(capsys, "status", "--story", "E1-S1", "--gate", "test-automate-plan",
                          "--plan-id", "other")
    assert json.loads(out)["verdict"] == "UNVERIFIED"
    _, out, _ = gate_call(capsys, "history", "--story", "E1-S1", "--gate", "test-automate-plan")
    assert _recorded_today(out, "1\tPASSED\t—\t{date}\n")


def test_ledger_flag_and_env(project: Project, story: Path, tmp_path: Path,
                             capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    flag = tmp_path / "flag-ledger"
    args = ["--story", "E1-S1", "--gate", "manual-test", "--plan-id", "m1"]
    assert main(["update", *args, "--verdict", "FAILED", "--ledger", str(flag)]) == 0
    assert flag.read_text() == "E1-S1\tmanual-test\tm1\tFAILED\n"
    env = tmp_path / "env-ledger"
    monkeypatch.setenv("REVIEW_GATE_LEDGER", str(env))
    assert main(["update", *args, "--verdict", "PASSED"]) == 0
    assert env.read_text() == "E1-S1\tmanual-test\tm1\tPASSED\n"
    capsys.readouterr()
    _, out, _ = gate_call(capsys, "status", *args, "--ledger", str(flag))
    assert json.loads(out)["verdict"] == "FAILED"


def test_sprint_scope_is_ledger_only(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert gate_call(capsys, "update", "--sprint", "S7", "--gate", "sprint-review", "--verdict",
                     "PASSED") == (0, "", "")
    ledger = project.root / ".gaia/state/.review-gate-ledger"
    assert ledger.read_text() == "sprint:S7\tsprint-review\tsprint-review-S7\tPASSED\n"
    _, out, _ = gate_call(capsys, "status", "--sprint", "S7", "--gate", "sprint-review")
    assert out == ('{"story":"sprint:S7","gate":"sprint-review","plan_id":"sprint-review-S7",'
                   '"verdict":"PASSED"}\n')
    code, _, err = gate_call(capsys, "check", "--sprint", "S7")
    assert (code, err) == (1, "review-gate: check subcommand requires a story file; "
                              "--sprint-scoped checks should query the ledger via status\n")
    code, _, err = gate_call(capsys, "review-gate-check", "--sprint", "S7")
    assert code == 1 and "composite checks are not defined" in err


def test_update_crlf_story_keeps_other_bytes(
    project: Project, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REVIEW_GATE_PROOF_OF_EXECUTION", "off")
    path = project.add_story("E1-S1", layout="flat")
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    before = path.read_bytes()
    assert main(["update", "--story", "E1-S1", "--gate", "Security Review", "--verdict",
                 "FAILED"]) == 0
    assert path.read_bytes() == before.replace(b"| Security Review | UNVERIFIED | \xe2\x80\x94 |",
                                               b"| Security Review | FAILED | \xe2\x80\x94 |")
    assert (project.impl / "review-summary-E1-S1.md").is_file()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "review-gate: usage: gaia review-gate {check|update|status|review-gate-check|"),
        (["frobnicate"], "review-gate: unknown subcommand: frobnicate"),
        (["status"], "review-gate: status requires --story <key> or --sprint <id>"),
        (["status", "--story", "E9-S9"], "review-gate: no story file found for key 'E9-S9'"),
        (["status", "--story", "../etc"], "review-gate: invalid story key '../etc'"),
        (["update", "--story", "E1-S1"], "review-gate: update requires --gate <name>"),
        (["update", "--story", "E1-S1", "--gate", "QA Tests"],
         "review-gate: update requires --verdict <PASSED|FAILED|UNVERIFIED>"),
        (["update", "--story", "E1-S1", "--gate", "QA tests", "--verdict", "PASSED"],
         "review-gate: invalid gate name 'QA tests' — allowed: Code Review, QA Tests"),
        (["update", "--story", "E1-S1", "--gate", "QA Tests", "--verdict", "APPROVE"],
         "review-gate: invalid verdict 'APPROVE' — allowed: UNVERIFIED, PASSED, FAILED"),
        (["update", "--story", "E1-S1", "--gate", "story-validation", "--verdict", "PASSED"],
         "review-gate: gate 'story-validation' requires --plan-id"),
        (["status", "--story", "E1-S1", "--plan-id", "a;b"],
         "review-gate: invalid --plan-id value 'a;b'"),
        (["status", "--story", "E1-S1", "--bogus", "x"], "review-gate: unrecognized arguments"),
        (["history", "--story", "E1-S1"], "review-gate: history requires --gate <name>"),
        (["status", "--sprint", "S1"], "review-gate: status with --sprint requires --gate <name>"),
    ],
)
def test_errors_exit_1_one_line(
    story: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = gate_call(capsys, *argv)
    assert (code, out) == (1, "")
    assert err.startswith(message) and err.count("\n") == 1


def test_missing_section_and_row(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    from helpers.projects import story_text

    project.write(".gaia/artifacts/implementation-artifacts/E1-S1-a.md",
                  story_text(review_gate=False))
    code, _, err = gate_call(capsys, "status", "--story", "E1-S1")
    assert code == 1 and "is missing the '## Review Gate' section" in err


def test_real_process_no_traceback(project: Project, story: Path) -> None:
    result = run_gaia("review-gate", "review-gate-check", "--story", "E1-S1", cwd=project.root)
    assert result.returncode == 2 and result.stdout.startswith("| Review | Status | Report |\n")
    bad = run_gaia("review-gate", "update", "--story", "E1-S1", "--gate", "X", "--verdict", "Y",
                   cwd=project.root)
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert bad.stderr.startswith("review-gate: invalid gate name 'X'")
