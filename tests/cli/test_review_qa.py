from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gaia_lib.cli import review_qa as command
from gaia_lib.review_qa import context
from gaia_lib.review_qa import phases as review_qa
from gaia_lib.story.parser import load_story
from helpers.projects import Project, run_gaia

PY = sys.executable

CONFIG = f"""project:
  stack: python-dev
test_execution:
  tier_1:
    placement: [local, ci_pre_merge]
    command: {PY} -m pytest -q -p no:cacheprovider tests
    timeout_seconds: 120
"""

TESTS = '''from app.signup import signup


def test_ac1_valid_email_creates_account():
    assert signup("a@b.co") == "created"


def test_ac2_invalid_email_is_rejected_with_422():
    assert signup("nope") == 422
'''

SOURCE = '''def signup(email):
    if "@" not in email:
        return 422
    return "created"
'''


@pytest.fixture
def qa_project(project: Project, monkeypatch: pytest.MonkeyPatch) -> Project:
    """A reviewable Python project: story E1-S1 in review, two ACs, both tested, git history."""
    monkeypatch.setenv("PATH", f"{Path(PY).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    project.write(".gaia/config/project-config.yaml", CONFIG)
    project.write("app/__init__.py", "")
    project.write("app/signup.py", SOURCE)
    project.write("tests/test_signup.py", TESTS)
    project.write("conftest.py", "")
    project.add_story("E1-S1", file_list=["app/signup.py", "tests/test_signup.py"])
    git = ["git", "-c", "user.email=t@t", "-c", "user.name=t"]
    subprocess.run([*git, "init", "-q", "-b", "main"], cwd=project.root, check=True)
    subprocess.run([*git, "add", "-A"], cwd=project.root, check=True)
    subprocess.run([*git, "commit", "-qm", "base"], cwd=project.root, check=True)
    return project


def _gate_row(project: Project, gate: str = "QA Tests") -> tuple[str, str]:
    story = load_story(next(project.impl.rglob("E1-S1-*.md")))
    assert story.review_gate is not None
    row = next(r for r in story.review_gate if r.name == gate)
    return row.status, row.report


def test_fully_covered_story_is_approved_and_the_gate_passes(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    assert command.main(["E1-S1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "QA review E1-S1: APPROVE"
    report = qa_project.impl / "qa-tests-E1-S1.md"
    assert out[1] == f"report: {report}"
    text = report.read_text()
    assert text.rstrip().splitlines()[-1] == "**Verdict: APPROVE**"
    assert "## Deterministic Analysis" in text and "## LLM Semantic Review" in text
    assert _gate_row(qa_project) == ("PASSED", ".gaia/artifacts/implementation-artifacts/qa-tests-E1-S1.md")
    evidence = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/execution-evidence.json").read_text())
    assert evidence["suites"][0]["pass_count"] == 2 and evidence["suites"][0]["fail_count"] == 0
    cases = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/qa-test-cases-E1-S1.json").read_text())
    assert cases == []
    mirror = qa_project.root / ".gaia/artifacts/test-artifacts/epic-E1/E1-S1/qa-tests.md"
    assert mirror.read_text() == text


def test_uncovered_ac_on_a_p0_story_requests_changes_whatever_the_llm_says(
    qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace('priority: "P1"', 'priority: "P0"').replace(
        "## Tasks / Subtasks",
        "- [ ] **AC3:** Given a taken email, when the user signs up, then a 409 is returned.\n\n"
        "## Tasks / Subtasks"))
    llm = tmp_path / "llm.json"
    llm.write_text(json.dumps({"findings": []}))
    assert command.main(["E1-S1", "--llm-findings", str(llm), "--format", "json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["verdict"] == "REQUEST_CHANGES"
    assert result["gate_verdict"] == "FAILED"
    cases = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/qa-test-cases-E1-S1.json").read_text())
    assert [c["ac_ref"] for c in cases] == ["AC3"] and cases[0]["tc_id"] == "TC-E1-S1-1"


def test_critical_llm_finding_requests_changes(qa_project: Project, tmp_path: Path) -> None:
    llm = tmp_path / "llm.json"
    llm.write_text(json.dumps({"findings": [{"category": "assertion", "severity": "Critical",
                                             "file": "tests/test_signup.py", "line": 4,
                                             "message": "asserts nothing"}]}))
    assert command.main(["E1-S1", "--llm-findings", str(llm)]) == 1


def test_failing_required_tests_request_changes(qa_project: Project) -> None:
    qa_project.write("app/signup.py", SOURCE.replace("return 422", "return 400"))
    assert command.main(["E1-S1"]) == 1
    assert _gate_row(qa_project)[0] == "FAILED"


def test_missing_test_runner_blocks_and_names_the_install(
    qa_project: Project, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    setup = context.setup(qa_project.root, "E1-S1")
    assert setup.blocked_reason is not None and "pip install pytest" in setup.blocked_reason
    assert command.main(["E1-S1"]) == 3
    assert capsys.readouterr().out.startswith("QA review E1-S1: BLOCKED")


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        ([], 2, "review-qa: usage: /gaia-review-qa [story-key]"),
        (["E9-S9"], 3, "review-qa: story file not found for key E9-S9"),
        (["../E1-S1"], 3, "review-qa: invalid story key '../E1-S1'"),
        (["E1-S1", "--bogus"], 2, "review-qa: unrecognized arguments: --bogus"),
    ],
)
def test_bad_input_is_one_line_and_an_exit_code(
    qa_project: Project, capsys: pytest.CaptureFixture[str], argv: list[str], code: int,
    message: str
) -> None:
    assert command.main(argv) == code
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1


def test_story_not_in_review_is_refused_with_the_seed_message(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    qa_project.add_story("E1-S2", slug="later", status="ready-for-dev")
    assert command.main(["E1-S2"]) == 3
    assert capsys.readouterr().err == (
        "review-qa: story E1-S2 is in 'ready-for-dev' status — must be in 'review' status for "
        "QA tests\n"
    )


def test_analysis_is_byte_identical_across_runs_apart_from_timestamps(qa_project: Project) -> None:
    setup = context.setup(qa_project.root, "E1-S1")
    first = review_qa.analyze(setup, use_cache=False, run_tests=False)
    one = first.analysis_path.read_text()
    second = review_qa.analyze(setup, use_cache=False, run_tests=False)
    two = second.analysis_path.read_text()

    def strip(text: str) -> dict[str, object]:
        data: dict[str, object] = json.loads(text)
        for name in review_qa.TIMESTAMP_FIELDS:
            data.pop(name)
        return data

    assert strip(one) == strip(two)
    assert json.dumps(strip(one), sort_keys=True) == json.dumps(strip(two), sort_keys=True)


def test_cache_hits_and_is_revalidated_when_a_test_changes(qa_project: Project) -> None:
    setup = context.setup(qa_project.root, "E1-S1")
    assert not review_qa.analyze(setup, run_tests=False).cached
    assert review_qa.analyze(setup, run_tests=False).cached
    qa_project.write("tests/test_signup.py", TESTS + "\n# touched\n")
    assert not review_qa.analyze(setup, run_tests=False).cached


def test_analyze_writes_only_the_evidence_area(qa_project: Project) -> None:
    before = {p for p in qa_project.root.rglob("*") if ".gaia/state/review" not in p.as_posix()}
    setup = context.setup(qa_project.root, "E1-S1")
    review_qa.analyze(setup, run_tests=False)
    after = {p for p in qa_project.root.rglob("*") if ".gaia/state/review" not in p.as_posix()}
    assert after == before


def test_malformed_fork_payload_is_incomplete_and_blocked(
    qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    setup = context.setup(qa_project.root, "E1-S1")
    review_qa.analyze(setup)
    payload = tmp_path / "payload.md"
    payload.write_text("Looks great to me!\n\n**Verdict: APPROVE**\n")
    assert command.main(["finalize", "E1-S1", "--payload", str(payload)]) == 0
    assert capsys.readouterr().out.startswith("QA review E1-S1: BLOCKED")
    text = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert text.startswith("[INCOMPLETE]")
    assert text.rstrip().splitlines()[-1] == "**Verdict: BLOCKED**"
    assert _gate_row(qa_project)[0] == "FAILED"


def test_each_review_is_recorded_as_a_round(qa_project: Project) -> None:
    assert command.main(["E1-S1"]) == 0
    assert command.main(["E1-S1"]) == 0
    result = run_gaia("review-gate", "history", "--story", "E1-S1", "--gate", "QA Tests",
                      cwd=qa_project.root)
    assert result.returncode == 0, result.stderr
    rounds = [line.split("\t") for line in result.stdout.splitlines()]
    assert [r[0] for r in rounds] == ["1", "2"] and {r[1] for r in rounds} == {"PASSED"}


def test_the_real_command_runs_as_a_process(qa_project: Project) -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "scripts"),
           "CLAUDE_PROJECT_DIR": str(qa_project.root)}
    result = run_gaia("review-qa", "E1-S1", "--format", "json", cwd=qa_project.root, env=env)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["verdict"] == "APPROVE"


def test_binary_and_non_utf8_test_files_are_findings_not_crashes(qa_project: Project) -> None:
    qa_project.write("tests/test_blob.py", "x")
    (qa_project.root / "tests" / "test_blob.py").write_bytes(b"def test_x():\x00\xff\xfe\n")
    (qa_project.root / "tests" / "test_latin.py").write_bytes(b"# caf\xe9\ndef test_y():\n    pass\n")
    setup = context.setup(qa_project.root, "E1-S1")
    result = review_qa.analyze(setup, full=True, run_tests=False)
    discovery_check = next(c for c in result.results["checks"] if c["name"] == "test-discovery")
    flagged = sorted(f["file"] for f in discovery_check["findings"])
    assert flagged == ["tests/test_blob.py", "tests/test_latin.py"]
    assert {f["rule"] for f in discovery_check["findings"]} == {"unreadable-test-file"}
    assert result.results["coverage"]["percent"] == 100.0


def test_tests_that_never_run_the_story_code_are_reported(qa_project: Project) -> None:
    qa_project.write("tests/test_signup.py", TESTS.replace(
        '    assert signup("nope") == 422', '    assert 422 == 422  # never calls signup'))
    setup = context.setup(qa_project.root, "E1-S1")
    result = review_qa.analyze(setup, use_cache=False)
    check = next(c for c in result.results["checks"] if c["name"] == "behavioural-attribution")
    assert check["status"] == "failed"
    assert [f["message"] for f in check["findings"]] == [
        "the tests of AC2 never execute the story's code (app/signup.py)"]
    rows = {r["ac_id"]: r["executes_story_code"] for r in result.results["behavioural_attribution"]}
    assert rows == {"AC1": True, "AC2": False}


def test_story_without_acceptance_criteria_requests_changes(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    text = story.read_text()
    start, end = text.index("## Acceptance Criteria"), text.index("## Tasks / Subtasks")
    story.write_text(text[:start] + "## Acceptance Criteria\n\n" + text[end:])
    assert command.main(["E1-S1", "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out)["reason"].startswith("check 'ac-parse' failed")
    analysis = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/analysis-results.json").read_text())
    check = next(c for c in analysis["checks"] if c["name"] == "ac-parse")
    assert check["status"] == "failed"
    assert check["findings"][0]["message"] == "No acceptance criteria found in story"


def test_setup_starts_a_clean_round(qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    evidence = qa_project.root / ".gaia/state/review/qa-tests/E1-S1"
    evidence.mkdir(parents=True)
    (evidence / "fork-findings.json").write_text('{"findings": []}')
    (evidence / "fork-report.md").write_text("stale")
    assert command.main(["setup", "E1-S1"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["evidence_dir"] == ".gaia/state/review/qa-tests/E1-S1"
    assert summary["blocked"] is None and summary["stack"] == "python-dev"
    assert not (evidence / "fork-findings.json").exists() and not (evidence / "fork-report.md").exists()


def test_a_new_round_never_reuses_the_last_rounds_evidence(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    assert command.main(["E1-S1"]) == 0
    evidence = qa_project.root / ".gaia/state/review/qa-tests/E1-S1"
    assert (evidence / "analysis-results.json").is_file()
    assert command.main(["setup", "E1-S1"]) == 0
    for name in review_qa.ROUND_FILES:
        assert not (evidence / name).exists(), name
    assert (evidence / "qa-test-cases-E1-S1.json").is_file()  # stable TC ids survive


def test_finalize_after_a_blocked_setup_computes_the_evidence_itself(
    qa_project: Project, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", "/usr/bin:/bin")  # no pytest: setup reports the runner missing
    assert command.main(["setup", "E1-S1"]) == 0
    assert json.loads(capsys.readouterr().out)["blocked"].startswith("test runner not installed")
    assert command.main(["finalize", "E1-S1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("QA review E1-S1: BLOCKED")
    assert "reason: check 'tool-probe' errored -> BLOCKED" in out
    assert _gate_row(qa_project)[0] == "FAILED"


def test_concurrent_reviews_of_one_story_lose_nothing(qa_project: Project) -> None:
    import concurrent.futures

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "scripts"),
           "CLAUDE_PROJECT_DIR": str(qa_project.root)}

    def review(_: int) -> int:
        return run_gaia("review-qa", "E1-S1", cwd=qa_project.root, env=env).returncode

    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        codes = list(pool.map(review, range(4)))
    assert codes == [0, 0, 0, 0]
    report = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert report.rstrip().splitlines()[-1] == "**Verdict: APPROVE**"
    assert _gate_row(qa_project)[0] == "PASSED"
    history = run_gaia("review-gate", "history", "--story", "E1-S1", "--gate", "QA Tests",
                       cwd=qa_project.root, env=env)
    assert [line.split("\t")[0] for line in history.stdout.splitlines()] == ["1", "2", "3", "4"]
