"""QA rounds in the real CLI: `/gaia-review-qa E1-S1` twice on one git copy of the demo project,
its tests changed in between (a QA round is the review of one version of the story's files).

Round 1's reviewer reports two findings (AC3 has no test, AC2's test only asserts that an error
was raised). Round 2's reviewer reports only the AC3 gap, reworded and on another line. Round 2
must:
- be announced by the skill's setup (`round: 2`, report `qa-tests-E1-S1-round2.md`) in the
  rendered skill the model receives;
- write its own report, `qa-tests-E1-S1-round2.md`, leaving round 1's untouched, whose round
  section lists the AC2 finding as fixed since round 1 and the AC3 one as still open;
- be recorded as round 2 in the epic's test-status.md and in the rounds ledger, with the counts.
The fake model follows the skill text, as in test_review_qa_session.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from e2e.claude_cli import ClaudeCli, SessionResult
from e2e.demo import demo_copy
from e2e.fake_api import tool_result_text
from e2e.skill_follower import Follower
from e2e.test_review_qa_session import EVIDENCE, GOOD_REPORT, KEY, review

pytestmark = pytest.mark.claude

IMPL = ".gaia/artifacts/implementation-artifacts"
AC3 = {"category": "coverage", "severity": "warning", "file": "tests/unit/test_signup.py",
       "line": 0, "message": "AC3 (duplicate address) has no test", "ac_ref": "AC3"}
AC2 = {"category": "assertion", "severity": "warning", "file": "tests/unit/test_signup.py",
       "line": 0, "message": "an AC2 test only asserts that an error was raised",
       "ac_ref": "AC2"}
ROUND1 = {"findings": [AC3, AC2]}
ROUND2 = {"findings": [{**AC3, "line": 42, "message": "still nothing tests a duplicate address"}]}


def _review(claude: ClaudeCli, plugin_root: Path, project: Path, work: Path, venv: Path,
            findings: dict[str, Any], tag: str) -> SessionResult:
    model = Follower(KEY, str(project), tag, findings, GOOD_REPORT, [])
    return review(claude, plugin_root, project, work, venv, model)


def _setup_json(result: SessionResult) -> dict[str, Any]:
    first = next(r for r in result.requests if r.thread == "main").text()
    value: dict[str, Any] = json.loads(first[first.index("## Setup (already run)") + 22:
                                             first.index("The JSON above")])
    return value


def _finalize(result: SessionResult, tag: str) -> str:
    assert result.returncode == 0, result.stdout + result.stderr
    block = next(b for b in result.tool_results if b["tool_use_id"] == f"toolu_cmd1_{tag}")
    assert not block.get("is_error"), tool_result_text(block)
    return tool_result_text(block)


def test_round_two_writes_its_own_report_listing_fixed_findings(
    claude: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path
) -> None:
    project = demo_copy(tmp_path / "demo")
    first = _review(claude, plugin_root, project, tmp_path / "run1", plugin_venv, ROUND1, "r1")
    assert _setup_json(first)["round"] == 1
    assert _finalize(first, "r1").splitlines()[1] == \
        f"report: {project / IMPL / f'qa-tests-{KEY}.md'}"
    round1 = (project / IMPL / f"qa-tests-{KEY}.md").read_bytes()
    # The developer strengthens AC2's test: the files changed, the next review is round 2.
    tests = project / "tests/unit/test_signup.py"
    tests.write_text(tests.read_text("utf-8") + "\n# AC2: the error's message is asserted\n",
                     "utf-8")

    second = _review(claude, plugin_root, project, tmp_path / "run2", plugin_venv, ROUND2, "r2")
    setup = _setup_json(second)
    assert (setup["round"], setup["report"]) == (2, f"{IMPL}/qa-tests-{KEY}-round2.md")
    report_path = project / IMPL / f"qa-tests-{KEY}-round2.md"
    assert _finalize(second, "r2").splitlines()[1] == f"report: {report_path}"
    assert (project / IMPL / f"qa-tests-{KEY}.md").read_bytes() == round1

    report = report_path.read_text("utf-8")
    assert "- round: 2\n" in report
    fixed = report[report.index("### Fixed since round 1"):]
    assert fixed.startswith("### Fixed since round 1 (1)\n\n- assertion (AC2 "
                            "tests/unit/test_signup.py): an AC2 test only asserts")
    still_open = report[report.index("### Still open"):report.index("### Fixed since")]
    assert "coverage (AC3 tests/unit/test_signup.py): still nothing tests a duplicate" \
        in still_open

    status = (project / IMPL / "epic-e1-account-signup" / "test-status.md").read_text()
    rows = [line for line in status.splitlines() if line.startswith(f"| {KEY} | ")]
    assert rows[0] == f"| {KEY} | fail | {IMPL}/qa-tests-{KEY}-round2.md | 2 |"
    assert [r.split(" | ")[1:3] for r in rows[1:]] == [["1", "fail"], ["2", "fail"]]
    assert rows[2].endswith(" fixed |") and "1 fixed" in rows[2]
    ledger = [json.loads(line) for line in
              (project / ".gaia/state/review-rounds.jsonl").read_text().splitlines()]
    assert [(r["round"], r["verdict"], Path(r["report"]).name) for r in ledger] == [
        (1, "FAILED", f"qa-tests-{KEY}.md"), (2, "FAILED", f"qa-tests-{KEY}-round2.md")]
    assert (project / EVIDENCE / "findings-round2.json").is_file()
