"""/gaia-review-qa rounds under QA gating: report names, the round section, the recorder, the
failure budget and the reviewer's model, on a real pytest project (in-process command)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_lib.cli import review_qa as command
from gaia_lib.gate import ledger
from gaia_lib.qa_gating import record
from helpers.projects import Project
from helpers.qa_board import record_file

pytest_plugins = ["cli.test_review_qa"]  # the qa_project fixture

CRITICAL = [
    {"category": "assertion", "severity": "critical", "file": "tests/test_signup.py", "line": 8,
     "message": "AC2's test never checks the error body", "ac_ref": "AC2"},
    {"category": "coverage", "severity": "warning", "file": "tests/test_signup.py", "line": 4,
     "message": "AC1 has one happy-path test only", "ac_ref": "AC1"},
]


def _findings(tmp_path: Path, findings: list[dict[str, object]], name: str) -> str:
    path = tmp_path / name
    path.write_text(json.dumps({"findings": findings}))
    return str(path)


def test_round_two_writes_its_own_report_and_lists_what_was_fixed(
    qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert command.main(["E1-S1", "--llm-findings", _findings(tmp_path, CRITICAL, "r1.json")]) == 1
    capsys.readouterr()
    reworded = [{**CRITICAL[1], "line": 30, "message": "only one test covers AC1"}]
    assert command.main(["E1-S1", "--llm-findings", _findings(tmp_path, reworded, "r2.json"),
                         "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["report"].endswith("qa-tests-E1-S1-round2.md")
    reviews = sorted(p.name for p in qa_project.impl.rglob("qa-tests-E1-S1*.md"))
    assert reviews == ["qa-tests-E1-S1-round2.md", "qa-tests-E1-S1.md"]
    round2 = next(qa_project.impl.rglob("qa-tests-E1-S1-round2.md")).read_text()
    assert "- round: 2\n" in round2
    assert "Compared with round 1: 0 new, 1 open, 1 fixed." in round2
    assert "### Fixed since round 1 (1)\n\n- assertion (AC2 tests/test_signup.py): AC2's test " \
        "never checks the error body" in round2
    qa = record.load(qa_project.root, "E1")
    assert qa.current("E1-S1") == "pass"
    rows = [(r.round, r.result, Path(r.report).name, r.findings) for r in qa.history("E1-S1")]
    assert rows == [(1, "fail", "qa-tests-E1-S1.md", "2 new, 0 open, 0 fixed"),
                    (2, "pass", "qa-tests-E1-S1-round2.md", "0 new, 1 open, 1 fixed")]
    jsonl = [(r.round, r.verdict, Path(r.report).name, r.findings)
             for r in ledger.history(qa_project.root, "E1-S1", "QA Tests")]
    assert jsonl == [(1, "FAILED", "qa-tests-E1-S1.md", "2 new, 0 open, 0 fixed"),
                     (2, "PASSED", "qa-tests-E1-S1-round2.md", "0 new, 1 open, 1 fixed")]
    assert record_file(qa_project).is_file()


def test_the_third_failed_round_parks_the_story(
    qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    llm = _findings(tmp_path, CRITICAL, "r.json")
    for _ in range(2):
        assert command.main(["E1-S1", "--llm-findings", llm]) == 1
    capsys.readouterr()
    assert command.main(["E1-S1", "--llm-findings", llm]) == 1
    err = capsys.readouterr().err
    assert err.count("is parked") == 1
    assert "QA failed 3 round(s) in a row" in err and "qa-tests-E1-S1-round3.md" in err
    assert command.main(["E1-S1", "--llm-findings", llm]) == 3
    refusal = capsys.readouterr().err.strip().splitlines()
    assert len(refusal) == 1 and refusal[0].startswith("review-qa: refusing re-QA: E1-S1 is parked")
    assert not list(qa_project.impl.rglob("qa-tests-E1-S1-round4.md"))
    qa_project.write(".gaia/config/project-config.yaml",
                     (qa_project.root / ".gaia/config/project-config.yaml").read_text()
                     + "qa:\n  max_rounds: 4\n")
    assert command.main(["E1-S1"]) == 0  # raising the budget releases it


def test_the_reviewer_model_and_effort_come_from_config(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    config = qa_project.root / ".gaia/config/project-config.yaml"
    config.write_text(config.read_text() + "qa:\n  model: claude-sonnet-4-5\n  effort: high\n")
    assert command.main(["setup", "E1-S1"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["qa_model"], summary["qa_effort"], summary["round"]) == (
        "claude-sonnet-4-5", "high", 1)
    assert summary["report"].endswith("qa-tests-E1-S1.md")
    assert command.main(["E1-S1"]) == 0
    report = next(qa_project.impl.rglob("qa-tests-E1-S1.md")).read_text()
    assert "- model: claude-sonnet-4-5\n- temperature: 0\n- effort: high\n- round: 1\n" in report
