from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gaia_lib.cli.verdict_resolver import main
from helpers.projects import run_gaia


def write(tmp_path: Path, name: str, value: Any) -> str:
    path = tmp_path / name
    path.write_text(value if isinstance(value, str) else json.dumps(value), encoding="utf-8")
    return str(path)


@pytest.fixture
def docs(tmp_path: Path) -> dict[str, str]:
    return {
        "ok": write(tmp_path, "ok.json", {"schema_version": "1.0", "checks": []}),
        "errored": write(tmp_path, "err.json",
                         {"schema_version": "1.0", "checks": [{"name": "t", "status": "errored"}]}),
        "llm": write(tmp_path, "llm.json", {"findings": []}),
        "critical": write(tmp_path, "crit.json", {"findings": [{"severity": "Critical"}]}),
        "red": write(tmp_path, "red.json", {"suites": [{"name": "u", "exit_code": 1}]}),
        "zero": write(tmp_path, "cov.json", {"coverage_delta": 0}),
        "action": write(tmp_path, "act.json", {"plan": "present", "execution": "success"}),
    }


def test_approve(docs: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--analysis-results", docs["ok"], "--llm-findings", docs["llm"]]) == 0
    assert capsys.readouterr() == ("APPROVE\n", "")  # one word, nothing else (2>&1 users)
    assert main(["--analysis-results", docs["ok"], "--llm-findings", docs["llm"],
                 "--explain"]) == 0
    out, err = capsys.readouterr()
    assert out == "APPROVE\n"
    assert err == "verdict-resolver: no errored check, blocking failure or critical finding -> APPROVE\n"


def test_analysis_alias_and_skill_logged(
    docs: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--skill", "gaia-review-qa", "--analysis", docs["errored"],
                 "--llm-findings", docs["llm"]]) == 0
    assert capsys.readouterr() == ("BLOCKED\n", "")
    assert main(["--skill", "gaia-review-qa", "--analysis", docs["errored"],
                 "--llm-findings", docs["llm"], "--explain"]) == 0
    out, err = capsys.readouterr()
    assert out == "BLOCKED\n"
    assert err.splitlines() == [
        "verdict-resolver: skill=gaia-review-qa",
        "verdict-resolver: check 't' errored -> BLOCKED",
    ]


@pytest.mark.parametrize(
    ("extra", "expected", "diagnostic"),
    [
        (["--execution-evidence", "red"], "REQUEST_CHANGES",
         "required test suite failed (non-zero exit) -> REQUEST_CHANGES"),
        (["--coverage-delta", "zero"], "REQUEST_CHANGES",
         "coverage_delta=0 (zero coverage delta) -> REQUEST_CHANGES"),
    ],
)
def test_optional_evidence_flags(
    docs: dict[str, str], capsys: pytest.CaptureFixture[str], extra: list[str], expected: str,
    diagnostic: str,
) -> None:
    argv = ["--analysis-results", docs["ok"], "--llm-findings", docs["llm"],
            extra[0], docs[extra[1]], "--explain"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert out == f"{expected}\n"
    assert err == f"verdict-resolver: {diagnostic}\n"


def test_missing_files_are_blocked_not_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "nope.json")
    assert main(["--analysis-results", missing, "--llm-findings", missing, "--explain"]) == 0
    out, err = capsys.readouterr()
    assert out == "BLOCKED\n"
    assert err == (
        f"verdict-resolver: malformed analysis-results.json: file not found or unreadable: "
        f"{missing}\n"
    )


def test_llm_findings_critical(docs: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--analysis-results", docs["ok"], "--llm-findings", docs["critical"]]) == 0
    assert capsys.readouterr().out == "REQUEST_CHANGES\n"


def test_action_mode_needs_no_llm_findings(
    docs: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--action-mode", "--analysis-results", docs["action"]]) == 0
    assert capsys.readouterr().out == "APPROVE\n"


def test_action_mode_reads_the_coverage_delta(
    docs: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--action-mode", "--analysis-results", docs["action"],
                 "--coverage-delta", docs["zero"], "--explain"]) == 0
    assert capsys.readouterr() == (
        "REQUEST_CHANGES\n",
        "verdict-resolver: coverage_delta=0 (zero coverage delta) -> REQUEST_CHANGES\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "verdict-resolver: missing required --analysis-results <path>\n"),
        (["--analysis-results", "a.json"], "verdict-resolver: missing required --llm-findings <path>\n"),
        (["--action-mode"], "verdict-resolver: missing required --analysis-results <path>\n"),
    ],
)
def test_caller_errors_exit_1(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 1
    out, err = capsys.readouterr()
    assert (out, err) == ("", message)


@pytest.mark.parametrize("argv", [["--bogus"], ["--analysis-results"], ["--skill"]])
def test_bad_flags_exit_1_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("verdict-resolver: ") and err.count("\n") == 1


def test_real_process(docs: dict[str, str], tmp_path: Path) -> None:
    result = run_gaia("verdict-resolver", "--analysis-results", docs["ok"], "--llm-findings",
                      docs["critical"], cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "REQUEST_CHANGES\n")
    assert "Traceback" not in result.stderr
