from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gaia_lib.cli import review_qa as command
from gaia_lib.core import engine
from gaia_lib.gate import ledger
from gaia_lib.qa_gating import record
from gaia_lib.review_qa import context
from gaia_lib.review_qa import phases as review_qa
from gaia_lib.story.parser import load_story
from helpers.evidence import node_tools
from helpers.gitrepo import git
from helpers.projects import Project, gaia_env, run_gaia
from helpers.qa_board import record_file
from helpers.qa_project import CONFIG, PY, SOURCE, TESTS
from helpers.tools import need, python_without


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
    # fr-traceability's Suggestion: the story traces to no FR. Its code is on main, which no
    # commit naming the story changed: no branch to compare the File List with, which the
    # report says, and no divergence warning naming every listed file
    assert out[4] == "summary: 2 of 2 ACs have a test; findings: 0 critical, 0 warning, " \
        "1 suggestion"
    integrity = _check(qa_project, "integrity")
    assert integrity["status"] == "passed" and integrity["findings"] == []
    text = report.read_text()
    assert "The File List was not compared with the branch's changes: no story branch to " \
        "compare the File List with: HEAD is main" in text
    assert text.rstrip().splitlines()[-1] == "**Verdict: APPROVE**"
    assert "## Deterministic Analysis" in text and "## LLM Semantic Review" in text
    assert _gate_row(qa_project) == ("PASSED", ".gaia/artifacts/implementation-artifacts/qa-tests-E1-S1.md")
    evidence = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/execution-evidence.json").read_text())
    assert evidence["suites"][0]["pass_count"] == 2 and evidence["suites"][0]["fail_count"] == 0
    cases = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/qa-test-cases-E1-S1.json").read_text())
    assert cases == []
    # seed 000: test-artifacts/epic-{slug}/stories/{key}-{slug}/qa-tests.md
    mirror = (qa_project.root / ".gaia/artifacts/test-artifacts/epic-e1-core/stories/"
              "E1-S1-signup/qa-tests.md")
    assert mirror.read_text() == text
    found = run_gaia("resolve-test-artifact-per-story", "qa-tests", "E1-S1", "--existing-only",
                     cwd=qa_project.root)
    assert (found.returncode, found.stdout) == (0, f"{mirror}\n")


def _p0_story_with(project: Project, *criteria: str) -> None:
    """Story E1-S1 made P0, with `criteria` (AC lines) added to its ACs."""
    story = next(project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace('priority: "P1"', 'priority: "P0"').replace(
        "## Tasks / Subtasks", "\n".join(criteria) + "\n\n## Tasks / Subtasks"))


def test_uncovered_ac_on_a_p0_story_requests_changes_whatever_the_llm_says(
    qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _p0_story_with(qa_project,
                   "- [ ] **AC3:** Given a taken email, when the user signs up, then a 409 is "
                   "returned.")
    assert command.main(["E1-S1", "--llm-findings", _findings(tmp_path, [], "llm.json"), "--format",
                         "json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["verdict"] == "REQUEST_CHANGES"
    assert result["gate_verdict"] == "FAILED"
    cases = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/qa-test-cases-E1-S1.json").read_text())
    assert [c["ac_ref"] for c in cases] == ["AC3"] and cases[0]["tc_id"] == "TC-E1-S1-1"


@pytest.mark.parametrize("line", [
    "- [ ] **AC3 (P0):** Given a taken email, when the user signs up, then a 409 is returned.",
    "- [ ] **AC3:** [P0] Given a taken email, when the user signs up, then a 409 is returned.",
    "- [ ] **AC3:** The signup of a taken email is refused with a conflict (P0).",
])
def test_a_p0_ac_without_a_test_blocks_however_it_is_written(
    qa_project: Project, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    # A P1 story whose AC3 says P0: a tag ahead of the Given, or no Given/When/Then at all,
    # must not turn its missing test into a warning.
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace("## Tasks / Subtasks",
                                               line + "\n\n## Tasks / Subtasks"))
    assert command.main(["E1-S1"]) == 1
    out = capsys.readouterr().out
    assert "reason: check 'ac-coverage' failed with a blocking finding" in out
    assert "\nsummary: 2 of 3 ACs have a test; findings: 1 critical, " in out
    findings = _check(qa_project, "ac-coverage")["findings"]
    assert isinstance(findings, list)
    assert [(f["severity"], f["blocking"], f["message"]) for f in findings] == [
        ("critical", True, "AC3 has no test (priority P0)")]


def test_an_uncovered_ac_names_its_nearest_tests_and_they_do_not_count(
    qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One test resembles AC3 and AC4 alike ("taken or banned"): it matches neither, both list
    # it where a reviewer should look, and both stay gaps of a P0 story.
    _p0_story_with(qa_project,
                   "- [ ] **AC3:** Given a taken email, when the user signs up, then a 409 is "
                   "returned.",
                   "- [ ] **AC4:** Given a banned email, when the user signs up, then a 403 is "
                   "returned.")
    qa_project.write("tests/test_signup.py", TESTS + '''

def test_taken_or_banned_email():
    assert signup("a@b.co")
''')
    assert command.main(["E1-S1", "--llm-findings", _findings(tmp_path, [], "llm.json"), "--format",
                         "json"]) == 1
    assert json.loads(capsys.readouterr().out)["verdict"] == "REQUEST_CHANGES"
    state = qa_project.root / ".gaia/state/review/qa-tests/E1-S1"
    per_ac = {e["ac_id"]: e for e in json.loads(
        (state / "analysis-results.json").read_text())["coverage"]["per_ac"]}
    nearest = "tests/test_signup.py::test_taken_or_banned_email"
    for ac_id in ("AC3", "AC4"):
        assert per_ac[ac_id]["matched"] is False and per_ac[ac_id]["tests"] == []
        assert [c["test"] for c in per_ac[ac_id]["candidates"]] == [nearest]
    assert per_ac["AC1"]["candidates"] == []
    report = next(qa_project.impl.rglob("qa-tests-E1-S1*.md")).read_text()
    for other in ("AC3", "AC4"):  # each AC's nearest test says why it is not its test
        assert f"  - `{nearest}` — nearest, not counted (it resembles {other} as much, so " \
            "it counts for neither): resembles it by name" in report
    # the blocking finding itself says which test came near and why it does not count
    assert (f"AC3 has no test (nearest, not counted: {nearest}: it resembles AC4 as much, "
            "so it counts for neither) (priority P0)") in report
    assert (f"AC4 has no test (nearest, not counted: {nearest}: it resembles AC3 as much, "
            "so it counts for neither) (priority P0)") in report


def test_llm_cannot_promote_a_finding_into_a_blocker(qa_project: Project,
                                                     tmp_path: Path) -> None:
    """A Critical outside the rubric's two cases is demoted to Warning, and the report says so."""
    llm = tmp_path / "llm.json"
    llm.write_text(json.dumps({"findings": [{"category": "assertion", "severity": "Critical",
                                             "file": "tests/test_signup.py", "line": 4,
                                             "message": "asserts nothing", "ac_ref": "AC1"}]}))
    assert command.main(["E1-S1", "--llm-findings", str(llm)]) == 0
    state = qa_project.root / ".gaia/state/review/qa-tests/E1-S1"
    stored = json.loads((state / "llm-findings.json").read_text())["findings"][0]
    assert stored["severity"] == "warning" and stored["demoted_from"] == "critical"
    report = (qa_project.root / ".gaia/artifacts/implementation-artifacts/qa-tests-E1-S1.md")
    assert "Demoted from Critical to Warning" in report.read_text()


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
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "QA review E1-S1: BLOCKED"
    # no round: the row is as the last tested review left it, and the lines say so
    assert out[2] == ("gate: QA Tests unchanged (UNVERIFIED: nothing was tested, no QA round) "
                      "(Review Gate: PENDING)")
    # no AC has a test that ran, whatever its words match (htmlparser2 without node_modules
    # read "10 of 10 ACs have a test")
    assert re.fullmatch(r"summary: no test ran for any of the \d+ ACs; findings: \d+ critical, "
                        r"\d+ warning, \d+ suggestion; nothing was tested", out[4])


def test_a_tier_whose_python_has_no_pytest_blocks(
    qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The tool probe finds a `pytest` on PATH (another Python's), but the tier's own
    # interpreter, a real one that sees no site-packages, cannot import it.
    bare = tmp_path / "bare-python"
    bare.write_text(f'#!/bin/sh\nexec {PY} -S -I "$@"\n')
    bare.chmod(0o755)
    _tier_command(qa_project, f"{bare} -m pytest -q tests", 60)
    assert command.main(["E1-S1"]) == 3
    out = capsys.readouterr().out
    assert out.startswith("QA review E1-S1: BLOCKED")
    reason = str(_check(qa_project, "tool-probe")["error_reason"])
    assert reason.startswith("the test run could not start — ") and \
        "No module named pytest" in reason and "install pytest in that interpreter" in reason
    assert _gate_row(qa_project)[0] == "UNVERIFIED"  # untested: the row is left as it was
    # the ACs with tests are unverified, not untested: no gap (critical) is counted for them
    gaps = _check(qa_project, "ac-coverage")["findings"]
    assert isinstance(gaps, list)
    assert [(f["rule"], f["message"].partition(":")[0]) for f in gaps] == [
        ("unrun-ac-coverage", "AC1 is unverified"), ("unrun-ac-coverage", "AC2 is unverified")]


def test_without_coverage_py_a_python_test_naming_none_of_the_code_counts_for_no_ac(
    qa_project: Project, tmp_path: Path
) -> None:
    """The tier's Python has no coverage.py, so no run measures what each test executed: a
    test whose code names nothing of the story's sources is read as the other stacks' are,
    and counts for no AC, however its name matches (with coverage.py the run shows it
    executing none of them: the same verdict)."""
    stub = python_without("coverage", tmp_path)
    _tier_command(qa_project, f"{stub} -m pytest -q -p no:cacheprovider tests", 120)
    qa_project.write("tests/test_signup.py", TESTS.replace(
        'assert signup("nope") == 422', 'assert len("nope") == 4'))
    assert command.main(["E1-S1"]) == 0  # the story's priority is not P0: a warning
    assert _check(qa_project, "behavioural-attribution")["status"] == "skipped"
    assert _check(qa_project, "ac-coverage")["status"] == "failed"
    per_ac = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC1"]["tests"] == ["tests/test_signup.py::test_ac1_valid_email_creates_account"]
    assert per_ac["AC2"]["matched"] is False
    assert per_ac["AC2"]["excluded"] == {
        "tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422": (
            "names nothing of the story's code (what app/signup.py declares): it tests other "
            "code")}


def test_a_test_whose_call_a_cache_answered_still_counts_for_its_ac(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    """wcwidth's `_wcmatch_version` is under `lru_cache`: a test calling it with an earlier
    call's arguments runs none of its lines, so the run measures it executing none of the
    story's code. That says nothing against it: its AC keeps it (a P0 story: no gap)."""
    _p0_story(qa_project)
    qa_project.write("app/signup.py", "import functools\n\n\n@functools.lru_cache(maxsize=8)\n"
                     + SOURCE)
    qa_project.write("tests/test_signup.py", TESTS.replace(
        "\n\ndef test_ac1", '\n\nWARM = signup("nope")  # the cache answers test_ac2\n\n\n'
        "def test_ac1"))
    assert command.main(["E1-S1"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "QA review E1-S1: APPROVE"
    per_ac = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC2"]["tests"] == ["tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422"]


def test_a_test_running_the_code_in_a_new_interpreter_still_counts_for_its_ac(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    """jsonpatch's command-line tests run its program through a helper that starts
    `subprocess.run([sys.executable, "-c", ...])`: the code runs in that process, which the
    run's per-test measure does not see, and the report had said such a test "never executes
    the story's code". Its AC keeps it (a P0 story: no gap)."""
    _p0_story(qa_project)
    qa_project.write("tests/test_signup.py", TESTS.replace(
        '    assert signup("nope") == 422\n',
        '    result = run_python("from app.signup import signup; print(signup(\'nope\'))")\n'
        '    assert result.stdout.strip() == "422"\n') + (
        "\n\ndef run_python(code):\n"
        "    import os\n    import subprocess\n    import sys\n"
        "    env = dict(os.environ, PYTHONPATH=os.getcwd())\n"
        "    return subprocess.run([sys.executable, '-c', code], capture_output=True,\n"
        "                          text=True, env=env)\n"))
    assert command.main(["E1-S1"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "QA review E1-S1: APPROVE"
    per_ac = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC2"]["tests"] == ["tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422"]


def test_the_report_names_each_failed_test_with_its_first_line_of_failure(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    qa_project.write("app/signup.py", SOURCE.replace("return 422", "return 400"))
    assert command.main(["E1-S1"]) == 1
    text = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert "- test run: tier_1 exited 1 (1 passed, 1 failed); its output: " in text
    # the counts are of the story's test file, the one the run was narrowed to
    assert "; narrowed to the story's test file `tests/test_signup.py`\n" in text
    assert "\n  - failed: `tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422`: " \
        "AssertionError: assert 400 == 422\n" in text
    evidence = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/"
                           "execution-evidence.json").read_text())
    assert evidence["suites"][0]["failed_tests"] == [{
        "name": "test_ac2_invalid_email_is_rejected_with_422", "file": "tests/test_signup.py",
        "message": "AssertionError: assert 400 == 422"}]


def test_the_doctests_of_the_storys_sources_run_where_the_project_collects_doctests(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    """glom's pytest runs `--doctest-modules`: the review's run, narrowed to the story's test
    files, ran none of its sources' doctests, and one that failed went unseen."""
    qa_project.write("pytest.ini", "[pytest]\naddopts = --doctest-modules\n")
    qa_project.write("app/signup.py", SOURCE.replace(
        "def signup(email):\n",
        'def signup(email):\n    """Sign up.\n\n    >>> signup("x@y.z")\n    \'welcome\'\n'
        '    """\n'))
    assert command.main(["E1-S1"]) == 1
    text = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert "- test run: tier_1 exited 1 (2 passed, 1 failed); its output: " in text
    assert ("; narrowed to the story's test file `tests/test_signup.py` and the doctests of "
            "`app/signup.py`\n") in text
    assert ("\n  - failed: `app/signup.py::app.signup.signup`: `>>> signup(\"x@y.z\")` at "
            "line 4: expected `'welcome'`, got `'created'`\n") in text


def test_a_failed_story_test_is_a_critical_finding_though_its_ac_has_another_test(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    """AC2's first test fails, its second passes: AC2 is covered, but the review does not
    read as clean: the failed test is a blocking finding, with its first line of failure."""
    qa_project.write("app/signup.py", SOURCE.replace("return 422", "return 400"))
    qa_project.write("tests/test_signup.py", TESTS + (
        '\n\ndef test_ac2_invalid_email_is_a_client_error():\n'
        '    assert signup("nope") >= 400\n'))
    assert command.main(["E1-S1"]) == 1
    assert "\nsummary: 2 of 2 ACs have a test; findings: 1 critical, " in capsys.readouterr().out
    findings = _check(qa_project, "test-quality")["findings"]
    assert isinstance(findings, list)
    assert [(f["severity"], f["blocking"], f["rule"], f["test"], f["message"])
            for f in findings] == [(
        "critical", True, "failed-test",
        "tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422",
        "tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422 failed in this run "
        "(AssertionError: assert 400 == 422); it covers no AC until it passes")]


def test_a_story_test_file_whose_tests_are_made_at_run_time_is_said_to_be_unread(
    qa_project: Project
) -> None:
    qa_project.write("tests/test_generated.py", """from app.signup import signup


def _check(email, expected):
    def check():
        assert signup(email) == expected
    return check


for number, (email, expected) in enumerate([("a@b.co", "created"), ("nope", 422)]):
    globals()[f"test_generated_{number}"] = _check(email, expected)
""")
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace(
        "- `tests/test_signup.py`\n", "- `tests/test_signup.py`\n- `tests/test_generated.py`\n"))
    assert command.main(["E1-S1"]) == 0
    findings = _check(qa_project, "test-discovery")["findings"]
    assert isinstance(findings, list)
    assert [(f["file"], f["rule"], f["message"]) for f in findings] == [(
        "tests/test_generated.py", "unread-tests",
        "the runner ran 2 test(s) in this file that the review cannot read (made at run "
        "time, e.g. in a loop over fixtures): no AC is matched to them")]


@pytest.mark.parametrize(("where", "text"), [
    (".gaia/artifacts/planning-artifacts/test-plan.md",
     "# Test plan\n\nUnit tests live in `tests/unit/`.\n"),
    (".gaia/artifacts/test-artifacts/test-environment.yaml",  # as gaia init writes it
     "tier_directories:\n  - \"tests/unit\"\n"),
])
def test_a_test_outside_the_documented_test_directories_is_an_architecture_warning(
    qa_project: Project, where: str, text: str
) -> None:
    qa_project.write(where, text)
    assert command.main(["E1-S1"]) == 0  # a warning: nothing blocks
    check = _check(qa_project, "test-architecture")
    assert check["status"] == "failed"
    findings = check["findings"]
    assert isinstance(findings, list)
    assert [(f["file"], f["severity"], f["blocking"], f["message"]) for f in findings] == [
        ("tests/test_signup.py", "warning", False,
         "tests/test_signup.py is outside the documented test directories (tests/unit)")]
    qa_project.write(where, text.replace("tests/unit", "tests"))
    assert command.main(["E1-S1"]) == 0
    assert _check(qa_project, "test-architecture")["status"] == "passed"


def test_a_helper_module_beside_the_tests_is_no_test_file_of_the_architecture_check(
        qa_project: Project) -> None:
    """A File List's helper module in the test directory declares no test: the location check
    names the test files only."""
    qa_project.write(".gaia/artifacts/test-artifacts/test-environment.yaml",
                     "tier_directories:\n  - \"tests/unit\"\n")
    qa_project.write("tests/helpers.py", "def make_email(name):\n    return name + '@b.co'\n")
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace("- `app/signup.py`\n",
                                               "- `app/signup.py`\n- `tests/helpers.py`\n"))
    assert command.main(["E1-S1"]) == 0
    findings = _check(qa_project, "test-architecture")["findings"]
    assert isinstance(findings, list)
    assert [f["file"] for f in findings] == ["tests/test_signup.py"]


def test_a_required_tier_without_a_command_blocks_rather_than_approves(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    _tier_command(qa_project, "", 60)
    assert command.main(["E1-S1"]) == 3
    out = capsys.readouterr().out
    assert out.startswith("QA review E1-S1: BLOCKED")
    assert "reason: check 'tool-probe' errored -> BLOCKED: the test run could not start — " \
        "tier_1 has no command (test_execution.tier_1.command)" in out
    assert _gate_row(qa_project)[0] == "UNVERIFIED"  # untested: the row is left as it was


def test_a_tier_whose_command_is_not_installed_blocks(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    _tier_command(qa_project, "no-such-runner-xyz run tests", 60)
    assert command.main(["E1-S1"]) == 3
    reason = str(_check(qa_project, "tool-probe")["error_reason"])
    assert "`no-such-runner-xyz run tests` exited 127" in reason


def test_a_test_importing_a_missing_module_is_no_missing_runner(qa_project: Project) -> None:
    qa_project.write("conftest.py", "import pytest_not_here\n")
    assert command.main(["E1-S1"]) == 1
    checks = _analysis(qa_project)["checks"]
    assert isinstance(checks, list) and "tool-probe" not in {c["name"] for c in checks}


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        ([], 2, "review-qa: usage: gaia review-qa STORY_KEY (in Claude Code: /gaia-review-qa "
                  "STORY_KEY)"),
        (["E9-S9"], 3, "review-qa: story file not found for key E9-S9"),
        (["e1-s1"], 3, "review-qa: story file not found for key e1-s1 (keys are "
                       "case-sensitive: did you mean E1-S1?)"),
        (["../E1-S1"], 2, "review-qa: invalid story key '../E1-S1'"),
        (["E1-S1 "], 2, "review-qa: invalid story key"),
        (["E1-S1", "--bogus"], 2, "review-qa: unrecognized arguments: --bogus"),
        (["-E1-S1"], 2, "review-qa: unrecognized arguments: -E1-S1 "),  # as typed, not `-E`
        (["E1-S1", "--context", "bogus"], 2,
         "review-qa: --context: unknown execution context 'bogus' (one of local, "),
        (["analyze", "E1-S1", "--context", "bogus"], 2,
         "review-qa: --context: unknown execution context 'bogus'"),
    ],
)
def test_bad_input_is_one_line_and_an_exit_code(
    qa_project: Project, capsys: pytest.CaptureFixture[str], argv: list[str], code: int,
    message: str
) -> None:
    assert command.main(argv) == code
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1


def test_an_unknown_context_in_the_environment_is_a_usage_error_too(
    qa_project: Project, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CI variable mistyped exits as the mistyped flag does (2), before anything runs."""
    monkeypatch.setenv("GAIA_EXECUTION_CONTEXT", "ci-premerge-typo")
    assert command.main(["E1-S1"]) == 2
    assert capsys.readouterr().err.startswith(
        "review-qa: GAIA_EXECUTION_CONTEXT: unknown execution context 'ci-premerge-typo' (one "
        "of local, ")
    monkeypatch.setenv("GAIA_EXECUTION_CONTEXT", "ci-pre-merge")  # the dashed spelling is fine
    assert command.main(["E1-S1"]) == 0


def test_a_directory_that_is_no_gaia_project_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert command.main(["E1-S1", "--project", str(tmp_path)]) == 3
    assert capsys.readouterr().err == (
        f"review-qa: story file not found for key E1-S1 ({tmp_path} has no .gaia/: run "
        "`gaia init` there, or pass --project DIR)\n")
    missing = tmp_path / "nowhere"
    assert command.main(["E1-S1", "--project", str(missing)]) == 3
    assert capsys.readouterr().err == (
        f"review-qa: story file not found for key E1-S1 ({missing} is not a directory)\n")


def test_story_not_in_review_is_refused_with_the_seed_message(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    qa_project.add_story("E1-S2", slug="later", status="ready-for-dev")
    assert command.main(["E1-S2"]) == 3
    assert capsys.readouterr().err == (
        "review-qa: story E1-S2 is in 'ready-for-dev' status — must be in 'review' status for "
        "QA tests\n"
    )


@pytest.mark.parametrize("damage", ["no section", "a row missing"])
def test_a_story_that_cannot_take_a_verdict_is_refused_before_anything_runs(
    qa_project: Project, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    text = story.read_text()
    # card-validator's story written by hand had no gate: the error says the command that
    # seeds one
    if damage == "no section":
        story.write_text(text[:text.index("## Review Gate")])
        message = (f"is missing the '## Review Gate' section (`gaia init-review-gate {story}` "
                   "adds it)")
    else:
        story.write_text(text.replace("| Test Review | UNVERIFIED | — |\n", ""))
        message = ("is missing canonical gate row 'Test Review' in '## Review Gate' (`gaia "
                   f"init-review-gate {story}` writes the six rows anew)")
    assert command.main(["E1-S1"]) == 3
    err = capsys.readouterr().err
    assert err.startswith(f"review-qa: story file '{story}' ") and message in err
    assert err.count("\n") == 1
    # No test ran, no evidence, no report, no round was used up.
    assert not (qa_project.root / ".gaia/state/review").exists()
    assert not list(qa_project.impl.glob("qa-tests-E1-S1*.md"))
    assert not (qa_project.root / ".gaia/state/review-rounds.jsonl").exists()


def test_a_file_list_check_that_could_not_run_is_said_in_the_report(qa_project: Project) -> None:
    shutil.rmtree(qa_project.root / ".git")
    assert command.main(["E1-S1"]) == 0
    text = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert ("Story gate warnings:\n- The File List was not compared with the branch's changes: "
            "git diff unavailable — divergence check skipped (not in a git repository).") in text


@pytest.mark.parametrize(("file_list", "named", "why"), [
    # go-shellquote's story with its File List emptied: its 12 tests all passed, every AC
    # "has no test"
    ([], "", "the File List names no test file"),
    (["app/signup.py"], "", "the File List names no test file"),  # its source only
    (["app/signup.py", "tests/test_signup.py"], "e1_s3_",
     "the tests of the File List's tests/test_signup.py name other stories"),
    # the File List names the story's test file, but it is not there (deleted, renamed)
    (["app/signup.py", "tests/test_signup_flow.py"], "",
     "the File List's test file tests/test_signup_flow.py does not exist"),
    # portion 2.6.0's story with its `### File List` heading misspelt: there is no section, not
    # a File List naming no test file
    (None, "", "the story has no File List section"),
    # ... and with its directories listed for its files: `portion/`, `tests/`
    (["app/", "tests/"], "", "the File List names directories (app/, tests/), not the test "
     "files in them"),
    # css-select's story listing `src/helpers/*.spec.ts` for its two spec files: "does not
    # exist" beside the files the pattern matched
    (["app/signup.py", "tests/test_*.py"], "", "the File List names a pattern "
     "(tests/test_*.py), not the test files it matches"),
])
def test_tests_found_that_none_is_the_storys_are_said_why_and_what_to_do(
        qa_project: Project, capsys: pytest.CaptureFixture[str], file_list: list[str] | None,
        named: str, why: str) -> None:
    story = qa_project.add_story("E1-S1", priority="P0", file_list=file_list or [])
    if file_list is None:
        story.write_text(story.read_text().replace("### File List", "### Files"))
    qa_project.write("tests/test_signup.py", TESTS.replace("def test_", f"def test_{named}"))
    assert command.main(["E1-S1"]) == 1
    assert "findings: 2 critical, " in capsys.readouterr().out
    analysis = _analysis(qa_project)
    assert analysis["unattributed_tests"] == [
        f"tests/test_signup.py::test_{named}ac1_valid_email_creates_account",
        f"tests/test_signup.py::test_{named}ac2_invalid_email_is_rejected_with_422"]
    findings = _check(qa_project, "ac-coverage")["findings"]
    assert isinstance(findings, list)
    said = (f"No test is the story's: {why} and no test names E1-S1, so none of the 2 tests "
            "found (in 1 file(s)) counts for an AC. List the story's test files in the File "
            "List, or name its tests after E1-S1.")
    assert [(f["rule"], f["severity"], f["message"]) for f in findings] == [
        ("no-story-tests", "warning", said),
        *(("missing-ac-coverage", "critical", f"{ac} has no test (no test found is the "
           "story's: see no-story-tests) (priority P0)") for ac in ("AC1", "AC2"))]
    assert said in (qa_project.impl / "qa-tests-E1-S1.md").read_text()


def _planned_p0(qa_project: Project) -> Path:
    """The story E1-S1 planned P0, committed: its file."""
    story = qa_project.add_story("E1-S1", priority="P0",
                                 file_list=["app/signup.py", "tests/test_signup.py"])
    subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qam",
                    "E1-S1 planned P0"], cwd=qa_project.root, check=True)
    return story


def test_a_priority_lowered_on_the_branch_is_not_lowered_for_the_review(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """The story was planned P0 (committed); its AC2 test deleted and its priority edited to P2
    in the same change: AC2's gap still blocks, and the report says the priority was kept."""
    story = _planned_p0(qa_project)
    story.write_text(story.read_text().replace('priority: "P0"', 'priority: "P2"', 1))
    qa_project.write("tests/test_signup.py", TESTS.split("\n\n\ndef test_ac2")[0] + "\n")
    assert command.main(["E1-S1"]) == 1
    assert "QA review E1-S1: REQUEST_CHANGES" in capsys.readouterr().out
    checks = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/"
                         "analysis-results.json").read_text())["checks"]
    findings = [(f["rule"], f["severity"], f["message"]) for c in checks for f in c["findings"]]
    # main as the story was first committed, with AC2's test (the commit named by its hash)
    assert [message for rule, severity, message in findings
            if (rule, severity) == ("missing-ac-coverage", "critical")
            and message.startswith("AC2 has no test (tests/test_signup.py::"
                                   "test_ac2_invalid_email_is_rejected_with_422, matched to it "
                                   "on main at the story's first commit (")
            and message.endswith("), is gone) (priority P0)")]
    # reviewed on main itself, the edit never committed: no branch lowered it
    assert ("priority-lowered", "warning", "AC2's priority was lowered in the story file's "
            "uncommitted edits (P0 -> P2): the review keeps P0, the priority the story was "
            "planned with") in findings


def test_a_priority_lowering_committed_since_a_review_is_not_said_uncommitted(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """A story planned P0, its priority edited to P2 on main and reviewed (the edit
    uncommitted: a priority-lowered warning), then the edit committed in a commit naming no
    story, its files unchanged: the review again is no cached analysis saying "uncommitted
    edits" of a story file with none (a service's settings story had read so after its edit
    was committed)."""
    story = _planned_p0(qa_project)
    story.write_text(story.read_text().replace('priority: "P0"', 'priority: "P2"', 1))
    command.main(["E1-S1"])
    findings = _check(qa_project, "integrity")["findings"]
    assert isinstance(findings, list)
    lowered = [f["message"] for f in findings if f["rule"] == "priority-lowered"]
    assert lowered and all("in the story file's uncommitted edits" in m for m in lowered)
    subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm",
                    "lower the priority", "--", str(story)], cwd=qa_project.root, check=True)
    capsys.readouterr()
    command.main(["E1-S1"])
    findings = _check(qa_project, "integrity")["findings"]
    assert isinstance(findings, list)
    lowered = [f["message"] for f in findings if f["rule"] == "priority-lowered"]
    # committed on main since the story's first commit: said so, never "uncommitted"
    assert lowered and all(" on main since the story's first commit (" in m for m in lowered)


def test_a_priority_taken_out_in_a_commit_on_main_is_not_lowered_for_the_review(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """A story planned P0 on main, no branch of its own; a later commit on main takes every
    priority out and deletes AC2's test: AC2's gap still blocks, at the P0 the story was
    planned with (a version-constraints story reviewed on master had been approved, its P0
    AC untested, the story at HEAD taken for the one it was planned as)."""
    story = _planned_p0(qa_project)
    story.write_text(story.read_text().replace('priority: "P0"\n', "", 1))
    qa_project.write("tests/test_signup.py", TESTS.split("\n\n\ndef test_ac2")[0] + "\n")
    subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qam",
                    "no priorities"], cwd=qa_project.root, check=True)
    assert command.main(["E1-S1"]) == 1
    assert "QA review E1-S1: REQUEST_CHANGES" in capsys.readouterr().out
    checks = [_check(qa_project, name)["findings"] for name in ("integrity", "ac-coverage")]
    assert all(isinstance(found, list) for found in checks)
    findings = [(f["rule"], f["severity"], f["message"])
                for found in checks if isinstance(found, list) for f in found]
    assert [m for rule, severity, m in findings
            if (rule, severity) == ("missing-ac-coverage", "critical") and m.startswith("AC2 ")]
    lowered = [m for rule, _, m in findings if rule == "priority-lowered"]
    assert lowered and all(m.startswith(f"AC{n}'s priority was lowered on main since the "
                                        "story's first commit (") and
                           m.endswith(" (P0 -> none): the review keeps P0, the priority the "
                                      "story was planned with")
                           for n, m in enumerate(lowered, start=1))


def _ac3_created_reviewed(project: Project, tests: str,
                          capsys: pytest.CaptureFixture[str]) -> list[str]:
    """A P0 AC3 promising "created" added, `tests` appended to the story's test file, the
    review run: it must request changes, AC3 its one gap; the ac-coverage findings."""
    _p0_story_with(project,
                   '- [ ] **AC3:** Given a valid email, when the user signs up, then "created" '
                   "is returned.")
    project.write("tests/test_signup.py", TESTS + tests)
    assert command.main(["E1-S1"]) == 1
    assert "summary: 2 of 3 ACs have a test; findings: 1 critical" in capsys.readouterr().out
    findings = _check(project, "ac-coverage")["findings"]
    assert isinstance(findings, list)
    return [f["message"] for f in findings]


def test_a_python_test_checking_nothing_of_what_the_code_returns_covers_no_ac_promising_it(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    # python-ulid's test_ulid_min_input: `constructor(value)` over a table, no assert; it fails
    # only where the code raises, so it reads nothing of the "created" the AC promises
    assert _ac3_created_reviewed(qa_project, '''

import pytest


@pytest.mark.parametrize(("call", "email"), [(signup, "a@b.co"), (signup, "c@d.co")])
def test_ac3_signup_of_valid_emails(call, email):
    call(email)
''', capsys) == [
        "AC3 has no test (its only test does not count: tests/test_signup.py::"
        "test_ac3_signup_of_valid_emails calls the code and checks nothing of what it returns "
        "(call(email)), not `created` from AC3's Then clause) (priority P0)"]


def test_a_value_compared_with_itself_before_a_comment_covers_no_ac(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    # python-ulid's `assert uuid.version == 4  # a lint note` made `uuid.version ==
    # uuid.version`: the comment after it had hidden that it compares a value with itself
    assert _ac3_created_reviewed(qa_project, '''

def test_ac3_signup_of_a_valid_email():
    result = signup("a@b.co")
    assert result == result  # the same object
''', capsys) == [
        "AC3 has no test (its only test does not count: tests/test_signup.py::"
        "test_ac3_signup_of_a_valid_email only checks that a value equals itself (assert "
        "result == result), not `created` from AC3's Then clause) (priority P0)"]


def test_a_story_with_a_test_of_its_own_is_not_said_to_have_none(qa_project: Project) -> None:
    """A test the File List claims is the story's: the rest of the suite is outside it as
    ever, and no gap blames the File List."""
    qa_project.write("tests/test_other.py", "def test_other():\n    assert 1 + 1 == 2\n")
    assert command.main(["E1-S1"]) == 0
    assert _analysis(qa_project)["unattributed_tests"] == ["tests/test_other.py::test_other"]
    assert _check(qa_project, "ac-coverage")["findings"] == []


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


def test_a_file_the_branch_changes_outside_the_file_list_is_seen_by_a_cached_analysis(
        qa_project: Project) -> None:
    # Nothing the analysis hashes changes; git's view of the branch does.
    setup = context.setup(qa_project.root, "E1-S1")
    first = review_qa.analyze(setup, run_tests=False)
    assert not any("app/extra.py" in w for w in first.results["gate_warnings"])
    qa_project.write("app/extra.py", "X = 1\n")
    again = review_qa.analyze(setup, run_tests=False)
    assert not again.cached
    assert any("app/extra.py" in w for w in again.results["gate_warnings"])
    assert review_qa.analyze(setup, run_tests=False).cached  # and cached again from then on


def test_a_listed_file_the_branch_deleted_is_said_deleted_not_mistyped(
        qa_project: Project) -> None:
    """pysrt's review with `tests/test_srttime.py` deleted on the story's branch: its warning
    asked "did you mean 'tests/test_srtfile.py'?", another test file of its directory."""
    qa_project.write("tests/test_signon.py", "def test_on():\n    assert 1 + 1 == 2\n")
    qa_project.write("tests/test_signin.py", "def test_in():\n    assert 2 + 2 == 4\n")
    qa_project.add_story("E1-S1", file_list=["app/signup.py", "tests/test_signup.py",
                                             "tests/test_signon.py"])
    git = ["git", "-c", "user.email=t@t", "-c", "user.name=t"]
    for step in (["add", "-A"], ["commit", "-qm", "more tests"], ["checkout", "-qb", "e1-s1"],
                 ["rm", "-q", "tests/test_signon.py"], ["commit", "-qm", "E1-S1: drop one"]):
        subprocess.run([*git, *step], cwd=qa_project.root, check=True)
    found = json.dumps(review_qa.analyze(context.setup(qa_project.root, "E1-S1"),
                                         run_tests=False).results)
    assert "File List entry 'tests/test_signon.py' does not exist on disk: the branch deleted " \
        "it" in found
    assert "did you mean" not in found


def test_an_analysis_cached_by_other_plugin_code_is_not_served(
        qa_project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    # The same version number, other code (an update that kept the number): a miss.
    setup = context.setup(qa_project.root, "E1-S1")
    assert not review_qa.analyze(setup, run_tests=False).cached
    assert review_qa.analyze(setup, run_tests=False).cached
    monkeypatch.setattr(engine, "fingerprint", lambda: "other code")
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
    out = capsys.readouterr().out
    assert out.startswith("QA review E1-S1: BLOCKED")
    # the reviewer's output was unusable: no QA round, no budget spent, the row as it was
    assert "gate: QA Tests unchanged (UNVERIFIED: the reviewer's output could not be used, " \
           "no QA round)" in out
    state = qa_project.root / ".gaia/state/review/qa-tests/E1-S1"
    text = (state / "qa-tests-E1-S1-incomplete.md").read_text()
    assert text.startswith("[INCOMPLETE]")
    assert text.rstrip().splitlines()[-1] == "**Verdict: BLOCKED**"
    assert not (qa_project.impl / "qa-tests-E1-S1.md").exists()
    assert _gate_row(qa_project)[0] == "UNVERIFIED"
    assert _rounds(qa_project) == []


def test_unusable_reviewer_findings_spend_no_qa_round_and_no_budget(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """Findings the reviewer wrote where the skill keeps them, and then findings that are no
    JSON (`NaN`, a number too large for a float): BLOCKED each time, never a crash, and a
    passing story is neither failed nor parked by its reviewer's output."""
    assert command.main(["E1-S1"]) == 0
    state = qa_project.root / ".gaia/state/review/qa-tests/E1-S1"
    kept = state / "fork-findings.json"
    kept.write_text('{"findings": []}')
    assert command.main(["E1-S1", "--llm-findings", str(kept)]) == 0  # the round's input kept
    assert kept.read_text() == '{"findings": []}'
    for bad in ("NaN", "1e309", "NaN", "Infinity"):
        kept.write_text('{"findings": [{"category": "assertion", "severity": "warning", '
                        f'"file": "tests/test_signup.py", "line": {bad}, "message": "m"}}]}}')
        capsys.readouterr()
        assert command.main(["E1-S1", "--llm-findings", str(kept)]) == 3
        said = capsys.readouterr()
        assert "is not JSON" in said.out and "none of the failure budget spent" in said.err
    assert [(r[0], r[1]) for r in _rounds(qa_project)] == [("1", "PASSED")]
    assert _gate_row(qa_project)[0] == "PASSED"
    assert command.main(["E1-S1"]) == 0  # not parked


def _rounds(project: Project) -> list[list[str]]:
    result = run_gaia("review-gate", "history", "--story", "E1-S1", "--gate", "QA Tests",
                      cwd=project.root)
    assert result.returncode == 0, result.stderr
    return [line.split("\t") for line in result.stdout.splitlines()]


def test_each_review_of_a_changed_story_is_a_round_and_an_unchanged_one_is_not(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert command.main(["E1-S1"]) == 0
    qa_project.write("tests/test_signup.py", TESTS + "\n# touched\n")
    assert command.main(["E1-S1"]) == 0
    rounds = _rounds(qa_project)
    assert [r[0] for r in rounds] == ["1", "2"] and {r[1] for r in rounds} == {"PASSED"}
    capsys.readouterr()
    # Reviewed again with nothing changed: round 2 again, no third round, no budget spent.
    assert command.main(["E1-S1", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["round"] == 2 and out["report"].endswith("qa-tests-E1-S1-round2.md")
    assert out["analysis_cached"] is True
    assert out["notes"] == ["round 2 again: the story's files are unchanged since it, so no "
                            "new QA round was recorded (this review's verdict replaces the "
                            "round's)"]
    assert [r[0] for r in _rounds(qa_project)] == ["1", "2"]
    assert [r.round for r in record.load(qa_project.root, "E1").history("E1-S1")] == [1, 2]
    assert not list(qa_project.impl.rglob("qa-tests-E1-S1-round3.md"))
    assert "- round: 2 (reviewed again, files unchanged)\n" in \
        (qa_project.impl / "qa-tests-E1-S1-round2.md").read_text()
    # Another execution context that runs the same tier: the same round, whatever that run
    # reported; no budget is spent on where it ran.
    capsys.readouterr()
    command.main(["E1-S1", "--context", "ci_pre_merge", "--format", "json"])
    assert json.loads(capsys.readouterr().out)["round"] == 2
    assert [r.round for r in record.load(qa_project.root, "E1").history("E1-S1")] == [1, 2]
    # A context running other tiers than the last (a whole integration tier beside the
    # story's unit tests, here): still the same files, the same round.
    config = qa_project.root / ".gaia/config/project-config.yaml"
    config.write_text(config.read_text() + (
        "  tier_2:\n    placement: [ci_pre_merge]\n"
        f"    command: {sys.executable} -m pytest -q -p no:cacheprovider tests\n"))
    command.main(["E1-S1", "--context", "ci_pre_merge", "--format", "json"])
    assert json.loads(capsys.readouterr().out)["round"] == 2
    assert [r.round for r in record.load(qa_project.root, "E1").history("E1-S1")] == [1, 2]
    # Another story's new test file in the same test directory is none of this story's files.
    qa_project.write("tests/test_e1_s2_welcome.py", "def test_e1_s2_welcome():\n    assert 1\n")
    command.main(["E1-S1", "--format", "json"])
    assert json.loads(capsys.readouterr().out)["round"] == 2
    # A context that runs no tier tested nothing: never round 2 again (it would overwrite a
    # tested round's verdict), a round of its own.
    # It is BLOCKED (exit 3): a CI step gating on exit 0 never passes a review that ran nothing.
    assert command.main(["E1-S1", "--context", "ci_post_merge", "--format", "json"]) == 3
    blocked = json.loads(capsys.readouterr().out)
    assert (blocked["round"], blocked["verdict"], blocked["gate_verdict"]) == (
        2, "BLOCKED", "PASSED")  # no round of its own: round 2's verdict stands
    assert blocked["reason"] == (
        "check 'test-execution' errored -> BLOCKED: no test tier is placed in context "
        "'ci_post_merge': nothing was tested (set a tier's placement in "
        ".gaia/config/project-config.yaml: "
        f"{Path(__file__).resolve().parents[2] / 'knowledge/review-qa/test-tiers.md'})")
    history = record.load(qa_project.root, "E1").history("E1-S1")
    assert [(r.round, r.result) for r in history][:2] == [(1, "pass"), (2, "pass")]


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


def test_setup_does_not_wait_for_the_tool_versions(
    qa_project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The `--version` runs go on in the background while the review reads the project and
    runs its tests; whether the runner is installed is known at once."""
    release = tmp_path / "release"
    fake = tmp_path / "bin" / "pytest"
    fake.parent.mkdir()
    fake.write_text(f"#!/bin/sh\nfor i in $(seq 40); do [ -e {release} ] && break; sleep 0.1; "
                    f"done\nif [ -e {release} ]; then echo 'pytest 9.9.9'; "
                    "else echo 'pytest 0.0.0'; fi\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake.parent}{os.pathsep}{os.environ['PATH']}")
    setup = context.setup(qa_project.root, "E1-S1")
    assert setup.blocked_reason is None
    release.touch()  # only now can the version run finish
    assert setup.probe.tool_versions["pytest"] == "9.9.9"


def test_a_review_reads_the_project_once(qa_project: Project,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The reads that name the run's tests serve the analysis that weighs the run: one
    story-gate git diff, each test file read once; the matcher runs again only to weigh the
    run's per-test coverage (`executes`), never a third time: the story's tests on the base
    branch (`Reads.base_before`), all of them still there, are not matched again."""
    calls: dict[str, int] = {}

    def counted(module: object, name: str) -> None:
        real = getattr(module, name)

        def wrapper(*args: object, **kwargs: object) -> object:
            calls[name] = calls.get(name, 0) + 1
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, wrapper)

    from gaia_lib.evidence import ac_coverage, testcases
    from gaia_lib.review_qa import checks

    counted(checks, "gate_evidence")
    counted(ac_coverage, "analyze")
    counted(testcases, "read_test_file")
    setup = context.setup(qa_project.root, "E1-S1")
    result = review_qa.analyze(setup, use_cache=False)
    assert calls == {"gate_evidence": 1, "analyze": 2, "read_test_file": 1}
    assert "behavioural_attribution" in result.results  # the test run did happen


def test_a_cached_analysis_names_the_files_as_it_read_them(qa_project: Project) -> None:
    """A test run that edits a test file (here: adds a test, once) leaves the review's reads
    behind; the next review must see the new test, not a cache entry that hashed the edited
    file against an analysis of the old one."""
    qa_project.write("conftest.py", """\
from pathlib import Path


def pytest_sessionfinish(session):
    path = Path(__file__).parent / "tests" / "test_signup.py"
    text = path.read_text()
    if "test_ac1_added_during_the_run" not in text:
        path.write_text(text + "\\n\\ndef test_ac1_added_during_the_run():\\n"
                        "    assert signup('c@d.co') == 'created'\\n")
""")
    added = "tests/test_signup.py::test_ac1_added_during_the_run"
    first = review_qa.analyze(context.setup(qa_project.root, "E1-S1"))
    assert added not in [c["id"] for c in first.results["test_cases"]]
    second = review_qa.analyze(context.setup(qa_project.root, "E1-S1"))
    assert not second.cached
    assert added in [c["id"] for c in second.results["test_cases"]]


def test_tests_running_another_copy_of_the_story_code_say_which_copy(
        qa_project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """iniconfig's src layout, its tests importing the copy pytest installs in site-packages:
    each test "never executes the story's code", which said nothing of why. Now each says
    the file the run imported the story's module from."""
    shutil.rmtree(qa_project.root / "app")
    qa_project.write("src/app/__init__.py", "")
    qa_project.write("src/app/signup.py", SOURCE)
    qa_project.add_story("E1-S1", file_list=["src/app/signup.py", "tests/test_signup.py"])
    copy = tmp_path / "site" / "app" / "signup.py"
    copy.parent.mkdir(parents=True)
    (copy.parent / "__init__.py").write_text("")
    copy.write_text(SOURCE)
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "site"))
    result = review_qa.analyze(context.setup(qa_project.root, "E1-S1"), use_cache=False)
    per_ac = {e["ac_id"]: e for e in result.results["coverage"]["per_ac"]}
    assert per_ac["AC1"]["excluded"] == {
        "tests/test_signup.py::test_ac1_valid_email_creates_account":
            "never executes the story's code (src/app/signup.py): the run imported "
            f"src/app/signup.py's module from {copy.resolve()}, another copy"}


def test_a_test_that_never_runs_the_story_code_counts_for_no_ac_not_even_the_one_it_names(
        qa_project: Project) -> None:
    """`test_ac2_...` names AC2 but never calls signup: the run says so, and AC2 is left
    without a test (a P0 story's AC would block), the test listed as not counting and why."""
    qa_project.write("tests/test_signup.py", TESTS.replace(
        '    assert signup("nope") == 422', '    assert int("422") == 422  # never calls signup'))
    setup = context.setup(qa_project.root, "E1-S1")
    result = review_qa.analyze(setup, use_cache=False)
    per_ac = {e["ac_id"]: e for e in result.results["coverage"]["per_ac"]}
    idle = "tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422"
    assert (per_ac["AC2"]["matched"], per_ac["AC2"]["tests"]) == (False, [])
    assert per_ac["AC2"]["excluded"] == {
        idle: "never executes the story's code (app/signup.py)"}
    assert per_ac["AC1"]["tests"] == ["tests/test_signup.py::test_ac1_valid_email_creates_account"]
    check = next(c for c in result.results["checks"] if c["name"] == "ac-coverage")
    assert [f["ac_id"] for f in check["findings"]] == ["AC2"]
    rows = {r["ac_id"]: r["executes_story_code"] for r in result.results["behavioural_attribution"]}
    assert rows == {"AC1": True}


MODULE_PATTERN_SOURCE = '''import re

EMAIL = r"[^@]+@[^@]+"


def signup(email):
    if not re.fullmatch(EMAIL, email):
        return 422
    return "created"
'''

MODULE_PATTERN_TESTS = '''import re
import unittest

from app import signup


class TestSignup(unittest.TestCase):
    def test_ac1_valid_email_creates_account(self):
        self.assertEqual(signup.signup("a@b.co"), "created")

    def test_ac2_invalid_email_is_rejected_with_422(self):
        self.assertIsNone(re.fullmatch(signup.EMAIL, "nope"))
'''


def test_a_unittest_test_of_a_pattern_its_module_made_at_import_keeps_its_ac(
        qa_project: Project) -> None:
    """pytimeparse's `test_mins` checks `re.match(timeparse.MINS, '32min').groupdict()`: no
    line of timeparse.py runs then. Its AC had no test, "never executes the story's code",
    and the behavioural-attribution check warned that the AC's tests never run it."""
    qa_project.write("app/signup.py", MODULE_PATTERN_SOURCE)
    qa_project.write("tests/test_signup.py", MODULE_PATTERN_TESTS)
    result = review_qa.analyze(context.setup(qa_project.root, "E1-S1"), use_cache=False)
    per_ac = {e["ac_id"]: e for e in result.results["coverage"]["per_ac"]}
    assert per_ac["AC2"]["tests"] == [
        "tests/test_signup.py::TestSignup::test_ac2_invalid_email_is_rejected_with_422"]
    check = next(c for c in result.results["checks"] if c["name"] == "behavioural-attribution")
    assert check["findings"] == []


@pytest.mark.parametrize(("edits", "message"), [
    ([('key: "E1-S1"', 'key: "E9-S9"')], "found as E1-S1 but its frontmatter says key 'E9-S9'"),
    ([("status: review\n", ""), ("> **Status:** review\n", "")],
     "story E1-S1 has no status — must be in 'review' status"),
    # jsonmerge's story with `priority: "P5"` was approved with three ACs untested: its ACs
    # took an unranked priority, so each gap was a warning
    ([('priority: "P1"', 'priority: "P5"')],
     "story E1-S1's priority 'P5' is none the review ranks"),
])
def test_a_story_that_cannot_be_reviewed_is_refused_before_its_tests_run(
    qa_project: Project, capsys: pytest.CaptureFixture[str], edits: list[tuple[str, str]],
    message: str
) -> None:
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    text = story.read_text()
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    story.write_text(text)
    assert command.main(["E1-S1"]) == 3
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    state = qa_project.root / ".gaia/state/review/qa-tests/E1-S1"
    assert not state.exists() or not list(state.glob("tier_*"))  # no test ran
    assert not list(qa_project.impl.glob("qa-tests-E1-S1*.md"))  # no report


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
    assert check["findings"][0]["message"] == (
        "No acceptance criteria found in story: its `## Acceptance Criteria` section lists none")


def test_setup_starts_a_clean_round(qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    evidence = qa_project.root / ".gaia/state/review/qa-tests/E1-S1"
    evidence.mkdir(parents=True)
    (evidence / "fork-findings.json").write_text('{"findings": []}')
    (evidence / "fork-report.md").write_text("stale")
    last_run = ["tier_1-stdout.log", "tier_1-junit.xml", "attribution-coverage.json"]
    for name in [*last_run, "findings-round1.json", "qa-test-cases-E1-S1.json"]:
        (evidence / name).write_text("{}")
    assert command.main(["setup", "E1-S1"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["evidence_dir"] == ".gaia/state/review/qa-tests/E1-S1"
    assert summary["blocked"] is None and summary["stack"] == "python-dev"
    assert not (evidence / "fork-findings.json").exists() and not (evidence / "fork-report.md").exists()
    # The last run's outputs go; what rounds keep (their findings, the stable TC ids) stays.
    assert sorted(p.name for p in evidence.iterdir() if p.is_file()) == [
        "findings-round1.json", "qa-test-cases-E1-S1.json"]


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
    assert "reason: check 'tool-probe' errored -> BLOCKED: test runner not installed — " in out
    assert _gate_row(qa_project)[0] == "UNVERIFIED"  # untested: the row is left as it was


def test_a_review_blocked_before_its_run_counts_no_test_as_run(
    qa_project: Project, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """pytest missing, the review is BLOCKED at its tool probe and starts no run: its report
    had counted both tested ACs ("2 of 2 ACs have a test"), while a run stopped before its
    tests (a `pretest` hook failing) read every AC unverified. Nothing ran either way: each AC
    is unverified, its tests never run, and no AC is a gap."""
    monkeypatch.setenv("PATH", "/usr/bin:/bin")  # no pytest: the probe blocks the review
    assert command.main(["E1-S1"]) == 3
    out = capsys.readouterr().out
    assert out.startswith("QA review E1-S1: BLOCKED")
    assert "summary: no test ran for any of the 2 ACs; findings: 0 critical, 2 warning" in out
    coverage = _analysis(qa_project)["coverage"]
    assert isinstance(coverage, dict)
    assert coverage["percent"] == 0.0
    rows = coverage["per_ac"]
    assert [(r["ac_id"], r["matched"]) for r in rows] == [("AC1", False), ("AC2", False)]
    assert all(r["excluded"] for r in rows) and all(
        why.startswith("never run: the test run could not start (test runner not installed")
        for r in rows for why in r["excluded"].values())
    findings = _check(qa_project, "ac-coverage")["findings"]
    assert isinstance(findings, list)
    assert [(f["rule"], f["severity"]) for f in findings] == [
        ("unrun-ac-coverage", "warning"), ("unrun-ac-coverage", "warning")]


def test_reviews_that_could_not_test_are_no_qa_rounds(
    qa_project: Project, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A missing runner is the machine's problem, not the story's: each such review is BLOCKED
    (exit 3) with its own report, but it is no QA round: the round numbers, the QA Tests row
    and the QA status stay as the last tested review left them, and no budget is spent. Once
    the runner is there, an unchanged story is that tested round again."""
    assert command.main(["E1-S1", "--format", "json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert (first["round"], first["verdict"]) == (1, "APPROVE")
    path = os.environ["PATH"]
    monkeypatch.setenv("PATH", "/usr/bin:/bin")  # no pytest
    for _ in range(4):
        assert command.main(["E1-S1", "--format", "json"]) == 3
        out = json.loads(capsys.readouterr().out)
        assert (out["verdict"], out["round"], out["gate_verdict"]) == ("BLOCKED", 1, "PASSED")
        assert out["report"].endswith(".gaia/state/review/qa-tests/E1-S1/"
                                      "qa-tests-E1-S1-untested.md")
        assert "no QA round recorded" in out["notes"][0]
    assert "- round: none (nothing was tested" in Path(out["report"]).read_text()
    assert _gate_row(qa_project)[0] == "PASSED"
    board = record.load(qa_project.root, "E1")
    assert [(r.round, r.result) for r in board.history("E1-S1")] == [(1, "pass")]
    assert board.current("E1-S1") == "pass"
    assert not list(qa_project.impl.rglob("qa-tests-E1-S1-round*.md"))
    monkeypatch.setenv("PATH", path)
    assert command.main(["E1-S1", "--format", "json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["round"] == 1 and again["notes"][0].startswith("round 1 again")
    assert not Path(out["report"]).exists()  # a tested review leaves no stale untested one


def test_a_story_test_changed_outside_the_file_list_makes_a_new_round(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """portion 2.6.0's IntervalDict story with a test added to tests/test_io.py under a
    comment naming E1-S1: the test is the story's and ran, yet matching no AC its file was no
    file of the story's, and the review was "round 3 again: the story's files are unchanged"."""
    keyed = ('from app.signup import signup\n\n\n# E1-S1: the address is kept as typed\n'
             'def test_address_is_kept():\n    assert signup("A@B.co") == "{}"\n')
    qa_project.write("tests/test_other.py", keyed.format("created"))
    assert command.main(["E1-S1", "--format", "json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert "tests/test_other.py::test_address_is_kept" not in \
        _analysis(qa_project)["unattributed_tests"]  # type: ignore[operator]
    qa_project.write("tests/test_other.py", keyed.format("created") + "    assert True\n")
    assert command.main(["E1-S1", "--format", "json"]) in (0, 1)
    second = json.loads(capsys.readouterr().out)
    assert (first["round"], second["round"]) == (1, 2)


def test_a_review_where_another_tier_ran_tests_is_a_round(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    """tier_1's runner is missing but tier_2 ran the tests: something was tested, so the
    BLOCKED verdict is a round of its own, recorded and counted."""
    qa_project.write(".gaia/config/project-config.yaml", CONFIG.replace(
        "  tier_1:", "  tier_0:\n    placement: [local]\n    command: no-such-runner-xyz run\n"
        "    required: true\n  tier_1:"))
    assert command.main(["E1-S1", "--format", "json"]) == 3
    out = json.loads(capsys.readouterr().out)
    assert (out["verdict"], out["round"], out["gate_verdict"]) == ("BLOCKED", 1, "FAILED")
    assert [(r.round, r.result) for r in record.load(qa_project.root, "E1").history("E1-S1")] \
        == [(1, "fail")]


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
    # They took turns: the first recorded round 1, each later one found nothing changed and
    # recorded round 1 again (a race would have opened a second round or lost the first).
    history = run_gaia("review-gate", "history", "--story", "E1-S1", "--gate", "QA Tests",
                       cwd=qa_project.root, env=env)
    assert [line.split("\t")[0] for line in history.stdout.splitlines()] == ["1"]
    assert [r.round for r in record.load(qa_project.root, "E1").history("E1-S1")] == [1]


# --- honest coverage (issue 8 section 2) and one run (section 3) ---------------------------


def _analysis(project: Project) -> dict[str, object]:
    path = project.root / ".gaia/state/review/qa-tests/E1-S1/analysis-results.json"
    data: dict[str, object] = json.loads(path.read_text())
    return data


def _check(project: Project, name: str) -> dict[str, object]:
    checks = _analysis(project)["checks"]
    assert isinstance(checks, list)
    return next(c for c in checks if c["name"] == name)


def _p0_story(project: Project) -> None:
    story = next(project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace('priority: "P1"', 'priority: "P0"'))


@pytest.mark.parametrize("tiers", [True, False])
def test_zero_tests_on_a_p0_story_is_a_blocking_gap(qa_project: Project, tiers: bool) -> None:
    _p0_story(qa_project)
    (qa_project.root / "tests/test_signup.py").unlink()
    if not tiers:
        qa_project.write(".gaia/config/project-config.yaml", "project:\n  stack: python-dev\n")
    assert command.main(["E1-S1"]) == 1
    coverage = _check(qa_project, "ac-coverage")
    assert coverage["status"] == "failed"
    findings = coverage["findings"]
    assert isinstance(findings, list)
    assert {f["severity"] for f in findings} == {"critical"} and all(f["blocking"] for f in findings)
    assert all(f["line"] > 1 for f in findings)  # the AC's own line in the story


def test_a_placeholder_test_covers_nothing_and_is_a_finding(qa_project: Project) -> None:
    _p0_story(qa_project)
    qa_project.write("tests/test_signup.py", TESTS.replace(
        'assert signup("nope") == 422', "assert True"))
    assert command.main(["E1-S1"]) == 1
    quality = _check(qa_project, "test-quality")
    assert quality["status"] == "failed"
    findings = quality["findings"]
    assert isinstance(findings, list) and len(findings) == 1
    found = findings[0]
    assert found["rule"] == "placeholder-test" and found["line"] == 9 and not found["blocking"]
    per_ac = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC2"]["matched"] is False
    assert "placeholder" in per_ac["AC2"]["excluded"]["tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422"]
    report = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert "does not count: is a placeholder, asserts nothing real (assert True)" in report



ACCOUNT_SOURCE = SOURCE + '''

class Account:
    def __init__(self, email):
        self.email = email

    def __eq__(self, other):
        return isinstance(other, Account) and other.email == self.email
'''


def test_a_value_asked_to_equal_itself_is_no_placeholder_where_the_code_defines_eq(
        qa_project: Project) -> None:
    """hyperlink 21.0.0's URL story: `test_identicalEqual` (`self.assertEqual(u, u)`, its URL
    class defining `__eq__`) was a placeholder whose checks "cannot fail". They run the
    story's `__eq__`; without one of the story's, the same check is still a placeholder."""
    qa_project.write("tests/test_signup.py", TESTS + '''

class TestAccount(unittest.TestCase):
    def test_an_account_equals_itself(self):
        account = Account("a@b.co")
        self.assertEqual(account, account)
'''.replace("from app.signup import signup", "import unittest\n\nfrom app.signup import "
              "Account, signup"))
    placeholder_ids = _placeholder_tests(qa_project, ACCOUNT_SOURCE)
    assert "tests/test_signup.py::TestAccount::test_an_account_equals_itself" not in placeholder_ids
    placeholder_ids = _placeholder_tests(qa_project, ACCOUNT_SOURCE.replace("__eq__", "same_as"))
    assert "tests/test_signup.py::TestAccount::test_an_account_equals_itself" in placeholder_ids


def _placeholder_tests(project: Project, source: str) -> set[str]:
    project.write("app/signup.py", source)
    command.main(["E1-S1", "--format", "json"])
    return {str(f["message"]).split(" ")[0]
            for f in _check(project, "test-quality")["findings"]  # type: ignore[attr-defined]
            if f["rule"] == "placeholder-test"}


PRICES = SOURCE + '''

def price(plan):
    if plan != "pro":
        raise ValueError(f"{plan} is not a plan")
    return 49
'''
PRICE_AC = ("- [ ] **AC3:** Given a plan name such as `pro`, when its price is asked for, then "
            "it gives `49`; a name no plan has is refused with a `ValueError` saying it is not "
            "a plan.")
REFUSAL_TEST = '''

def test_ac3_price_of_an_unknown_plan():
    with pytest.raises(ValueError, match="is not a plan"):
        price("gold")
'''


@pytest.mark.parametrize("result_check", ["assert True", 'assert price("pro") == 49'])
def test_an_ac_kept_only_by_its_refusal_test_is_a_gap_of_its_result(
    qa_project: Project, capsys: pytest.CaptureFixture[str], result_check: str
) -> None:
    # webcolors: the name AC's name-to-hex tests made `assert True`, its unknown-name test
    # kept it covered; what a name gives was tested by nothing.
    _p0_story_with(qa_project, PRICE_AC)
    qa_project.write("app/signup.py", PRICES)
    qa_project.write("tests/test_signup.py", "import pytest\n" + TESTS.replace(
        "import signup", "import price, signup") + REFUSAL_TEST
        + f"\n\ndef test_ac3_price_of_pro():\n    {result_check}\n")
    honest = "49" in result_check
    assert command.main(["E1-S1"]) == (0 if honest else 1)
    out = capsys.readouterr().out
    findings = _check(qa_project, "ac-coverage")["findings"]
    assert isinstance(findings, list)
    partial = [f for f in findings if f["rule"] == "partial-ac-coverage"]
    if honest:
        assert partial == [] and "QA review E1-S1: APPROVE" in out
        return
    assert "reason: check 'ac-coverage' failed with a blocking finding" in out
    assert [(f["severity"], f["blocking"], f["ac_id"], f["message"]) for f in partial] == [(
        "critical", True, "AC3", "AC3 is tested only where it refuses: its Then promises a "
        "result and an error, and each of its tests (tests/test_signup.py::"
        "test_ac3_price_of_an_unknown_plan) expects the error; none checks the result "
        "(priority P0)")]
    analysis = _analysis(qa_project)
    assert "AC3" in analysis["critical_allowed"]["coverage"]  # type: ignore[index]


ENV_GUARDED_AC2 = TESTS.replace(
    "from app.signup import signup",
    "import os\n\nfrom app.signup import signup").replace(
    '    assert signup("nope") == 422', '    if os.getenv("SIGNUP_SLOW"):\n        assert signup("nope") == 422')


@pytest.mark.parametrize("where", ["unset", "environment", "command"])
def test_checks_under_a_variable_the_run_does_not_set_cover_nothing(
        qa_project: Project, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    """The run passes the guarded test without running its check: it covers no AC, unless
    the review's environment or the tier command sets the variable."""
    _p0_story(qa_project)
    monkeypatch.delenv("SIGNUP_SLOW", raising=False)
    if where == "environment":
        monkeypatch.setenv("SIGNUP_SLOW", "1")
    if where == "command":
        qa_project.write(".gaia/config/project-config.yaml",
                         CONFIG.replace("command: ", "command: env SIGNUP_SLOW=1 "))
    qa_project.write("tests/test_signup.py", ENV_GUARDED_AC2)
    assert command.main(["E1-S1"]) == (1 if where == "unset" else 0)
    per_ac = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC2"]["matched"] is (where != "unset")
    if where == "unset":
        report = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
        assert "its checks run only when SIGNUP_SLOW is set, and the run does not set it" in report


MOCKED_AC2 = '''from unittest import mock

from app.signup import signup


def test_ac1_valid_email_creates_account():
    assert signup("a@b.co") == "created"


def test_ac2_invalid_email_is_rejected_with_422():
    assert signup("a@b.co") == "created"
    with mock.patch("app.signup.signup", return_value=422) as fake:
        assert fake("nope") == 422
'''


def test_a_test_mocking_the_code_under_test_covers_nothing_and_is_a_finding(
        qa_project: Project) -> None:
    # It runs the real code too (so per-test coverage sees it executing the story's source),
    # then checks a fake in its place.
    _p0_story(qa_project)
    qa_project.write("tests/test_signup.py", MOCKED_AC2)
    assert command.main(["E1-S1"]) == 1
    findings = _check(qa_project, "test-quality")["findings"]
    assert isinstance(findings, list)
    assert [(f["rule"], f["line"], f["blocking"]) for f in findings] == [("mocks-sut", 12, False)]
    per_ac = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC1"]["matched"] is True and per_ac["AC2"]["matched"] is False
    assert "mocks the code under test (patch of app.signup.signup)" in per_ac["AC2"]["excluded"][
        "tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422"]


PATTERN_SOURCE = '''from app.patterns import _EMAIL


def signup(email):
    if not _EMAIL.match(email):
        return 422
    return "created"
'''

FAKE_PATTERN = '''from unittest import mock

import app.signup
from app.signup import signup


def test_ac1_valid_email_creates_account():
    assert signup("a@b.co") == "created"


@mock.patch.object(
    app.signup, "_EMAIL"
)
def test_ac2_invalid_email_is_rejected_with_422(fake):
    fake.match.return_value = None
    assert signup("nope") == 422
'''


def test_a_fake_of_a_value_the_story_code_imports_from_the_project_covers_nothing(
        qa_project: Project) -> None:
    """The story's source takes its pattern from a project module outside the File List; a
    fake pattern in its place answers what the test asserts (webcolors' `_HEX_COLOR_RE`)."""
    _p0_story(qa_project)
    qa_project.write("app/patterns.py", "import re\n\n_EMAIL = re.compile(r'[^@]+@[^@]+')\n")
    qa_project.write("app/signup.py", PATTERN_SOURCE)
    qa_project.write("tests/test_signup.py", FAKE_PATTERN)
    assert command.main(["E1-S1"]) == 1
    findings = _check(qa_project, "test-quality")["findings"]
    assert isinstance(findings, list)
    assert [(f["rule"], f["line"]) for f in findings] == [("mocks-sut", 11)]
    per_ac = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC2"]["matched"] is False
    assert "mocks the code under test (patch.object of app.signup._EMAIL)" in per_ac["AC2"][
        "excluded"]["tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422"]


def test_a_test_the_runner_skips_covers_nothing(qa_project: Project) -> None:
    _p0_story(qa_project)
    qa_project.write("tests/test_signup.py", "import pytest\n" + TESTS.replace(
        "def test_ac2", "@pytest.mark.skipif(True, reason='flaky')\ndef test_ac2"))
    assert command.main(["E1-S1"]) == 1
    findings = _check(qa_project, "test-quality")["findings"]
    assert isinstance(findings, list) and [f["rule"] for f in findings] == ["skipped-test"]
    per_ac = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC1"]["matched"] is True and per_ac["AC2"]["matched"] is False
    evidence = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/execution-evidence.json").read_text())
    assert evidence["suites"][0]["skip_count"] == 1


def test_a_test_the_runner_never_runs_covers_nothing(qa_project: Project) -> None:
    """pytest collects no `Test*` class with an `__init__`: its AC2 test has no outcome in
    the run's report, and would fail if it ran."""
    _p0_story(qa_project)
    qa_project.write("tests/test_signup.py", TESTS.replace(
        "def test_ac2_invalid_email_is_rejected_with_422():\n    assert signup(\"nope\") == 422",
        "class TestRejects:\n    def __init__(self):\n        pass\n\n"
        "    def test_ac2_invalid_email_is_rejected_with_422(self):\n"
        "        assert signup(\"nope\") == 200"))
    assert command.main(["E1-S1"]) == 1
    findings = _check(qa_project, "test-quality")["findings"]
    assert isinstance(findings, list) and [f["message"] for f in findings] == [
        "tests/test_signup.py::TestRejects::test_ac2_invalid_email_is_rejected_with_422 was "
        "never run: the runner's report has no outcome for it; it covers no AC (it matches "
        "AC2, where it does not count)"]
    per_ac = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC1"]["matched"] is True and per_ac["AC2"]["matched"] is False


_AC2_TEST = 'def test_ac2_invalid_email_is_rejected_with_422():\n    assert signup("nope") == 422'


@pytest.mark.parametrize(("weakened", "why"), [
    # only asks for a result
    (_AC2_TEST.replace("== 422", "is not None"),
     "only checks that a result exists (assert signup(\"nope\") is not None), not `422` "
     "from AC2's Then clause"),
    # AC2's 422 written as signup("nope") in the test's own table: it passes whatever
    # signup returns for "nope"
    ('@pytest.mark.parametrize("email,code", [("nope", signup("nope"))])\n'
     'def test_ac2_invalid_email_is_rejected_with_422(email, code):\n'
     '    assert signup(email) == code',
     "its table's expected value is the code's own result (signup(\"nope\")): it compares "
     "the code with itself"),
    # AC2's example is about an address in upper case (below); the test's is lower case
    (_AC2_TEST.replace("nope", "bad address"),
     "calls signup(\"bad address\"), a plainer form of AC2's example `signup('BAD "
     "Address')`: it shows none of its letter case"),
])
def test_a_test_checking_no_promised_value_covers_no_ac_promising_one(
        qa_project: Project, weakened: str, why: str) -> None:
    _p0_story(qa_project)
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace(
        "then a 422 error is returned.",
        "then a 422 error is returned (`signup('BAD Address')` returns 422)."))
    qa_project.write("tests/test_signup.py",
                     "import pytest\n" + TESTS.replace(_AC2_TEST, weakened))
    assert command.main(["E1-S1"]) == 1
    per_ac = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC1"]["matched"] is True and per_ac["AC2"]["matched"] is False
    assert per_ac["AC2"]["excluded"] == {
        "tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422": why}
    findings = _check(qa_project, "ac-coverage")["findings"]
    assert isinstance(findings, list)
    assert [(f["severity"], f["blocking"]) for f in findings] == [("critical", True)]


def test_a_table_row_giving_an_acs_input_another_value_is_named_where_to_look(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    # AC2 promises `Refusal(422)` for `a.b`; the test's row gives `a.b` a Refusal(400): it
    # states what AC2 denies, counts for no AC2, and is the first test AC2's gap names
    _p0_story(qa_project)
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace(
        "Given an invalid email, when the user signs up, then a 422 error is returned.",
        "Given the address `a.b`, when the user signs up, then `Refusal(422)` is returned."))
    qa_project.write("tests/test_signup.py", "import pytest\n" + TESTS.replace(
        _AC2_TEST,
        'def Refusal(code):\n    return code\n\n\n'
        '@pytest.mark.parametrize("email, refusal", [("a.b", Refusal(400))])\n'
        'def test_invalid_email(email, refusal):\n'
        '    assert signup(email) in (refusal, 422)'))
    assert command.main(["E1-S1"]) == 1
    assert "REQUEST_CHANGES" in capsys.readouterr().out
    (candidate, *_) = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}[  # type: ignore[index]
        "AC2"]["candidates"]
    assert candidate == {
        "test": "tests/test_signup.py::test_invalid_email", "how": ["literal"], "score": 0.0,
        "evidence": ["a.b"],
        "why": "its table gives `a.b` another value than `Refusal(422)`: (\"a.b\", "
               "Refusal(400))"}


_AC2_TABLE = ('@pytest.mark.parametrize("email,code", [("a@b.co", "created"), ("nope", 422)])\n'
              'def test_ac2_invalid_email_is_rejected_with_422(email, code):\n')


@pytest.mark.parametrize(("check", "how"), [
    # the expected value overwritten with the result (isodate trial 45)
    ("    result = signup(email)\n    code = result\n    assert result == code",
     "compared with the code's result by no check that can fail"),
    # a property of the code instead of the table's value (isodate trial 36)
    ("    assert signup(email) == signup(email.strip())", "read by no check"),
])
def test_a_table_test_comparing_no_result_with_the_acs_value_covers_no_ac_promising_it(
        qa_project: Project, check: str, how: str) -> None:
    _p0_story(qa_project)
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace(
        "Given an invalid email,", "Given the invalid email `nope`,"))
    qa_project.write("tests/test_signup.py", "import pytest\n" + TESTS.replace(
        _AC2_TEST, _AC2_TABLE + check))
    assert command.main(["E1-S1"]) == 1
    per_ac = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC1"]["matched"] is True and per_ac["AC2"]["matched"] is False
    assert per_ac["AC2"]["excluded"] == {
        "tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422":
            f"its table's `code` (422 for AC2's example) is {how}: it checks no value AC2 "
            "promises"}
    # compared with the result, the same table covers AC2
    qa_project.write("tests/test_signup.py", "import pytest\n" + TESTS.replace(
        _AC2_TEST, _AC2_TABLE + "    assert signup(email) == code"))
    assert command.main(["E1-S1"]) == 0


def test_a_table_whose_rows_for_an_acs_example_the_runner_skipped_covers_no_such_ac(
        qa_project: Project) -> None:
    """isodate trial 15: AC2's row wrapped in pytest.param(..., marks=pytest.mark.skip); the
    test's other row ran, so the runner reports it passed."""
    _p0_story(qa_project)
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace(
        "Given an invalid email,", "Given the invalid email `nope`,"))
    skipped = _AC2_TABLE.replace('("nope", 422)',
                                 'pytest.param("nope", 422, marks=pytest.mark.skip)')
    qa_project.write("tests/test_signup.py", "import pytest\n" + TESTS.replace(
        _AC2_TEST, skipped + "    assert signup(email) == code"))
    assert command.main(["E1-S1"]) == 1
    per_ac = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC1"]["matched"] is True and per_ac["AC2"]["matched"] is False
    assert per_ac["AC2"]["excluded"] == {
        "tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422":
            "the runner skipped its rows for AC2's example `nope`: they checked nothing"}


def test_a_test_some_of_whose_runs_the_runner_skipped_says_which(qa_project: Project) -> None:
    """addict's review: a base class's test skipped (`self.skipTest`) under one of the two
    classes running it and passed under the other still counted, as it ran, but its skip was
    said nowhere; so is a parametrised row the runner skipped that no AC's example is in."""
    qa_project.write("tests/test_signup.py", """import unittest

import pytest

from app.signup import signup


class Signups:
    strict = False

    def test_ac1_valid_email_creates_account(self):
        if self.strict:
            self.skipTest("strict mode has its own check")
        self.assertEqual(signup("a@b.co"), "created")


class LenientSignupTests(Signups, unittest.TestCase):
    strict = False


class StrictSignupTests(Signups, unittest.TestCase):
    strict = True


@pytest.mark.parametrize("email", ["nope", pytest.param("no-at", marks=pytest.mark.skip(
    reason="later"))])
def test_ac2_invalid_email_is_rejected_with_422(email):
    assert signup(email) == 422
""")
    assert command.main(["E1-S1"]) == 0
    per_ac = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC1"]["matched"] is True and per_ac["AC2"]["matched"] is True
    findings = _check(qa_project, "test-quality")["findings"]
    assert isinstance(findings, list)
    assert sorted((f["rule"], f["line"], f["message"]) for f in findings) == [
        ("skipped-test", 11, "tests/test_signup.py::Signups::test_ac1_valid_email_creates_account "
         "was skipped by the runner in 1 of its 2 runs (StrictSignupTests::"
         "test_ac1_valid_email_creates_account: strict mode has its own check); it counts for "
         "what its other runs checked"),
        ("skipped-test", 27, "tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422 "
         "was skipped by the runner in 1 of its 2 runs (test_ac2_invalid_email_is_rejected_with_"
         "422[no-at]: later); it counts for what its other runs checked")]


def test_check_statuses_follow_the_taxonomy(qa_project: Project) -> None:
    # a check of the result, but not of the 422 AC2 promises (`assert signup('nope')` alone
    # only asks for a result to exist: AC2 would have no test at all)
    qa_project.write("tests/test_signup.py", TESTS.replace(
        'assert signup("nope") == 422', "assert signup('nope') >= 400"))
    command.main(["E1-S1"])
    for check in _analysis(qa_project)["checks"]:  # type: ignore[attr-defined]
        if check["status"] == "passed":
            assert check["findings"] == [], check
        if check["status"] == "failed":
            assert check["findings"], check
        if check["status"] == "skipped":
            assert check["skip_reason"], check
    assert _check(qa_project, "then-literals")["status"] == "failed"  # 422 never asserted


ERROR_SOURCE = SOURCE + '''

def parse_age(text):
    try:
        return int(text)
    except ValueError:
        return None


def load_settings(path):
    try:
        with open(path) as handle:
            return handle.read()
    except OSError:
        return ""
'''


def _handler_findings(project: Project, tests: str, ac3: str, ac4: str
                      ) -> tuple[dict[str, object], dict[str, dict[str, object]]]:
    """Review ERROR_SOURCE with `tests` and two more ACs: the branch-coverage check and its
    findings for the ValueError and the OSError handler (neither runs)."""
    project.write("app/signup.py", ERROR_SOURCE)
    project.write("tests/test_signup.py", tests)
    story = next(project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace("## Tasks / Subtasks", (
        f"- [ ] **AC3:** {ac3}\n- [ ] **AC4:** {ac4}\n\n## Tasks / Subtasks")))
    command.main(["E1-S1", "--format", "json"])
    branch = _check(project, "branch-coverage")
    lines = ERROR_SOURCE.splitlines()
    by_line = {f["line"]: f for f in branch["findings"]}  # type: ignore[attr-defined]
    return branch, {name: by_line[lines.index(f"    except {name}:") + 1]
                    for name in ("ValueError", "OSError")}


def test_an_untested_handler_blocks_only_for_an_error_path_ac_on_a_user_input_boundary(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    # Rule (b): the ValueError handler is tied to AC3 (an age typed into the form: a user-input
    # boundary), the OSError handler to AC4 (a settings file: none). Neither handler runs.
    branch, found = _handler_findings(qa_project, TESTS + '''

def test_ac3_age_is_read():
    from app.signup import parse_age
    assert parse_age("42") == 42


def test_ac4_settings_are_read(tmp_path):
    from app.signup import load_settings
    (tmp_path / "s.ini").write_text("x")
    assert load_settings(tmp_path / "s.ini") == "x"
''', "Given an age typed into the form, when it is not a number, then the ValueError is "
        "caught and no age is kept.", "Given a settings file, when it cannot be read, then "
        "the OSError is caught and the defaults are used.")
    assert json.loads(capsys.readouterr().out)["verdict"] == "REQUEST_CHANGES"
    assert (found["ValueError"]["severity"], found["ValueError"]["blocking"]) == (
        "critical", True)
    assert str(found["ValueError"]["message"]).endswith("user-input boundary: AC3")
    assert (found["OSError"]["severity"], found["OSError"]["blocking"]) == ("warning", False)
    assert str(found["OSError"]["message"]).endswith("error-path ACs: AC4")
    assert branch["critical_acs"] == ["AC3"]


def test_an_untested_handler_no_ac_names_blocks_no_ac(qa_project: Project) -> None:
    # No AC names ValueError, OSError, parse_age or load_settings: each handler may be about
    # any error-path AC, and is evidence against none (tenacity's `except
    # AttributeError` in a logging helper had blocked a story through "the failed attempt").
    branch, found = _handler_findings(
        qa_project, TESTS, "Given an age typed into the form, when it is not a number, then "
        "no age is kept and an error is shown.", "Given a settings file, when it cannot be "
        "read, then the failure is logged and the defaults are used.")
    for name in ("ValueError", "OSError"):
        assert (found[name]["severity"], found[name]["blocking"]) == ("warning", False)
        assert str(found[name]["message"]).endswith(
            "it may be about AC2, AC3, AC4: no error-path AC names what it catches or the code "
            "it is in; no story test entered the function it sits in")
    assert branch.get("critical_acs") is None


def test_an_untested_handler_is_tied_to_the_acs_naming_the_function_it_sits_in(
        qa_project: Project) -> None:
    # No AC names ValueError or OSError: each handler goes to the AC naming its function, so
    # the settings file's handler is no gap on AC3's user-input boundary.
    branch, found = _handler_findings(
        qa_project, TESTS, "Given an age typed into the form, when parse_age reads text that "
        "is not a number, then no age is kept and an error is shown.", "Given a settings file, "
        "when load_settings cannot read it, then the failure is logged and the defaults are "
        "used.")
    assert str(found["ValueError"]["message"]).endswith("user-input boundary: AC3")
    assert found["OSError"]["severity"] == "warning"
    assert str(found["OSError"]["message"]).endswith(
        "error-path ACs: AC4; no story test entered the function it sits in")
    assert branch["critical_acs"] == ["AC3"]


def test_a_run_that_stops_before_its_tests_is_named_in_the_report(qa_project: Project) -> None:
    qa_project.write("conftest.py", "import not_installed_pkg\n")
    assert command.main(["E1-S1"]) == 1
    state = qa_project.root / ".gaia/state/review/qa-tests/E1-S1"
    evidence = json.loads((state / "execution-evidence.json").read_text())
    assert evidence["suites"][0]["stopped"] == (
        "while loading conftest.py: ModuleNotFoundError: No module named 'not_installed_pkg'")
    assert "coverage: the test run stopped before its tests ran: no coverage report" in \
        evidence["diagnostics"]
    report = next(qa_project.impl.glob("qa-tests-E1-S1*.md")).read_text()
    assert "before running any test: while loading conftest.py: ModuleNotFoundError: No " \
        "module named 'not_installed_pkg'" in report


@pytest.mark.parametrize("importer", ["conftest.py", "tests/test_signup.py"])
def test_a_declared_package_not_installed_blocks_the_review_and_spends_no_round(
        qa_project: Project, capsys: pytest.CaptureFixture[str], importer: str) -> None:
    # The project declares its test requirement; this machine has not installed it: pytest
    # stops loading a conftest, or collects none of a test module, and no test runs.
    qa_project.write("requirements-dev.txt", "pytest>=7\nnot-installed-pkg==1.2  # fixtures\n")
    path = qa_project.root / importer
    old = path.read_text() if path.is_file() else ""
    qa_project.write(importer, "import not_installed_pkg  # noqa: F401\n" + old)
    assert command.main(["E1-S1", "--format", "json"]) == 3
    out = json.loads(capsys.readouterr().out)
    assert (out["verdict"], out["round"]) == ("BLOCKED", 0)  # no round yet, none taken
    assert out["reason"].startswith(
        "check 'tool-probe' errored -> BLOCKED: the test run could not start — "
        f"not_installed_pkg, imported by {importer}, is not installed where the tests run, "
        "though requirements-dev.txt declares it: install the project's test requirements")
    assert out["summary"].startswith("no test ran for any of the 2 ACs")
    assert not (qa_project.root / ".gaia/state/review-rounds.jsonl").exists()
    assert not list(qa_project.impl.rglob("qa-tests-E1-S1-round*.md"))


def test_a_story_test_file_a_declared_package_keeps_from_loading_blocks_beside_passed_tests(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """theme-product-form's `listeners.test.js` could not load without its declared peer
    package while the other file's tests passed: the review had been REQUEST_CHANGES, its
    ACs "without a test". A run that goes on past a file it cannot collect does the same."""
    qa_project.write("requirements-dev.txt", "pytest>=7\nnot-installed-pkg==1.2\n")
    qa_project.write("pytest.ini", "[pytest]\naddopts = --continue-on-collection-errors\n")
    qa_project.write("tests/test_signup_extra.py", "import not_installed_pkg  # noqa: F401\n\n\n"
                     "def test_ac2_extra():\n    assert not_installed_pkg.ok\n")
    qa_project.add_story("E1-S1", file_list=["app/signup.py", "tests/test_signup.py",
                                             "tests/test_signup_extra.py"])
    assert command.main(["E1-S1", "--format", "json"]) == 3
    out = json.loads(capsys.readouterr().out)
    assert (out["verdict"], out["round"]) == ("BLOCKED", 0)
    assert "not_installed_pkg, imported by tests/test_signup_extra.py, is not installed where " \
        "the tests run, though requirements-dev.txt declares it" in out["reason"]


def test_an_import_declared_nowhere_stays_the_projects_failure(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    qa_project.write("requirements-dev.txt", "pytest>=7\n")
    qa_project.write("conftest.py", "import not_installed_pkg  # noqa: F401\n")
    assert command.main(["E1-S1", "--format", "json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert (out["verdict"], out["round"]) == ("REQUEST_CHANGES", 1)


def test_the_suite_runs_once_and_gives_every_kind_of_evidence(qa_project: Project) -> None:
    qa_project.write("conftest.py", "def pytest_sessionstart(session):\n"
                                    "    with open('runs.log', 'a') as f:\n"
                                    "        f.write('run\\n')\n")
    assert command.main(["E1-S1"]) == 0
    assert (qa_project.root / "runs.log").read_text() == "run\n"
    assert _check(qa_project, "behavioural-attribution")["status"] == "passed"
    assert _check(qa_project, "branch-coverage")["status"] in ("passed", "failed")
    # the run's line probes measure no branch: the check says it judged by lines
    assert _check(qa_project, "branch-coverage")["judged_by"] == (
        "by lines: the run measured no branch")
    state = qa_project.root / ".gaia/state/review/qa-tests/E1-S1"
    evidence = json.loads((state / "execution-evidence.json").read_text())
    suite = evidence["suites"][0]
    assert "coverage" in suite["command"] and "--junitxml" in suite["command"]
    assert "2 passed" in (state / suite["stdout_log"]).read_text()
    assert (state / suite["stderr_log"]).is_file()


def test_a_failing_run_names_its_logs_in_the_report(qa_project: Project) -> None:
    qa_project.write("app/signup.py", SOURCE.replace("return 422", "return 400"))
    assert command.main(["E1-S1"]) == 1
    report = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert "tier_1-stdout.log" in report and "tier_1-stderr.log" in report


def test_a_second_review_of_an_unchanged_story_is_served_from_the_cache(
        qa_project: Project) -> None:
    _, first, outcome = review_qa.run(qa_project.root, "E1-S1")
    assert first is not None and not first.cached and outcome.gate_verdict == "PASSED"
    _, second, _ = review_qa.run(qa_project.root, "E1-S1")  # gate row recorded in between
    assert second is not None and second.cached
    qa_project.write("tests/test_signup.py", TESTS + "\n# touched\n")
    _, third, _ = review_qa.run(qa_project.root, "E1-S1")
    assert third is not None and not third.cached


def test_a_review_measuring_branches_is_not_served_the_analysis_of_lines_alone(
        qa_project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """portion 2.6.0's IntervalDict story reviewed again with GAIA_COVERAGE_MODE=tracer: the
    run measured its branches, yet the analysis of the probes' run (lines alone) was served
    from the cache and the report said so. The same run again keeps the cache."""
    def measured() -> dict[str, object]:
        files = _check(qa_project, "branch-coverage")["measured"]
        assert isinstance(files, list) and len(files) == 1 and isinstance(files[0], dict)
        return files[0]

    _, first, _ = review_qa.run(qa_project.root, "E1-S1")
    assert first is not None and not first.cached
    assert measured()["branches_measured"] is False
    monkeypatch.setenv("GAIA_COVERAGE_MODE", "tracer")
    _, traced, _ = review_qa.run(qa_project.root, "E1-S1")
    assert traced is not None and not traced.cached
    branches = measured()
    assert "branches_measured" not in branches and branches["branches"] != 0
    _, again, _ = review_qa.run(qa_project.root, "E1-S1")
    assert again is not None and again.cached


def test_a_review_process_keeps_its_rules_patterns_for_the_next(qa_project: Project,
                                                                 tmp_path: Path) -> None:
    """`gaia review-qa` as a process: it loads the kept patterns before its rules are imported
    and keeps the new ones at its end (`core.regex_cache`; a process that did not load keeps
    nothing); the next review finds nothing new to keep; a command that reads no story's tests
    neither loads nor keeps."""
    import subprocess

    from gaia_lib.core import regex_cache

    if not regex_cache.supported():
        pytest.skip("the cache reads CPython 3.11 to 3.13's `re`")
    data = tmp_path / "data"
    env = gaia_env(qa_project.root, GAIA_DATA_DIR=str(data))
    review = [sys.executable, "-m", "gaia_lib", "review-qa", "E1-S1"]
    other = [sys.executable, "-m", "gaia_lib", "verdict-resolver", "--help"]
    assert subprocess.run(other, cwd=qa_project.root, env=env, capture_output=True,
                          check=False).returncode == 0
    assert not (data / "cache").exists() or not list((data / "cache").glob("regex-*"))
    assert subprocess.run(review, cwd=qa_project.root, env=env, capture_output=True,
                          check=False).returncode == 0
    (kept,) = (data / "cache").glob("regex-*")
    first = kept.stat().st_mtime_ns, kept.read_bytes()
    assert len(first[1]) > 100_000  # hundreds of patterns
    assert subprocess.run(review, cwd=qa_project.root, env=env, capture_output=True,
                          check=False).returncode == 0
    assert (kept.stat().st_mtime_ns, kept.read_bytes()) == first


def test_terminal_run_header_has_no_model(qa_project: Project, tmp_path: Path) -> None:
    assert command.main(["E1-S1"]) == 0
    text = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert "- model:" not in text and "terminal run without a model" in text
    llm = tmp_path / "llm.json"
    llm.write_text(json.dumps({"findings": []}))
    assert command.main(["E1-S1", "--llm-findings", str(llm)]) == 0
    # the same files reviewed again, now by the model: round 1 again, its report replaced
    text = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert f"- model: {review_qa.MODEL}" in text and "- temperature: 0" in text
    assert "- round: 1 (reviewed again, files unchanged)" in text


@pytest.mark.parametrize("content", ["not json", '{"verdict": "APPROVE"}'])
def test_a_findings_file_that_is_no_findings_list_blocks_the_review(
        qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        content: str) -> None:
    # Read as "no findings" it would approve; the reviewer's output is untrustworthy instead.
    llm = tmp_path / "llm.json"
    llm.write_text(content)
    assert command.main(["E1-S1", "--llm-findings", str(llm)]) == 3
    out = capsys.readouterr().out
    assert "QA review E1-S1: BLOCKED" in out
    assert f"reason: the reviewer's findings file {llm} " in out
    text = (qa_project.root / ".gaia/state/review/qa-tests/E1-S1/qa-tests-E1-S1-incomplete.md"
            ).read_text()
    assert text.startswith("[INCOMPLETE]") and text.rstrip().endswith("**Verdict: BLOCKED**")
    assert command.main(["verdict", "E1-S1", "--llm-findings", str(llm)]) == 0
    assert capsys.readouterr().out.strip() == "BLOCKED"


def test_a_findings_file_that_does_not_exist_is_a_usage_error(
        qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert command.main(["E1-S1", "--llm-findings", str(tmp_path / "none.json")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "none.json" in err[0] and "does not exist" in err[0]
    assert not (qa_project.impl / "qa-tests-E1-S1.md").exists()


def test_the_coverage_report_the_review_rewrites_keeps_the_cache(qa_project: Project) -> None:
    """No measured run (the story lists no sources): the project's coverage_command runs and
    writes coverage.json (a new timestamp each time), which the review keeps in its evidence
    directory, leaving the project as it was; the cache still hits."""
    qa_project.write(".gaia/config/project-config.yaml", CONFIG + (
        f"  coverage_command: {PY} -m coverage run -m pytest -q -p no:cacheprovider tests"
        f" && {PY} -m coverage json -q -o coverage.json\n"))
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace("- `app/signup.py`\n", ""))
    kept = qa_project.root / ".gaia/state/review/qa-tests/E1-S1/coverage-command/coverage.json"
    _, first, _ = review_qa.run(qa_project.root, "E1-S1")
    stamp = json.loads(kept.read_text())["meta"]["timestamp"]
    assert not (qa_project.root / "coverage.json").exists()
    _, second, _ = review_qa.run(qa_project.root, "E1-S1")
    again = json.loads(kept.read_text())["meta"]["timestamp"]
    assert first is not None and second is not None
    assert stamp != again and not first.cached and second.cached
    assert _check(qa_project, "branch-coverage")["scope"] == (
        ".gaia/state/review/qa-tests/E1-S1/coverage-command/coverage.json")
    assert not (qa_project.root / "coverage.json").exists()


def test_a_coverage_report_the_project_keeps_stays_where_it_is(qa_project: Project) -> None:
    """A coverage.json the project had before the review is its own: the coverage_command
    rewrites it in place, and the review reads it there."""
    qa_project.write(".gaia/config/project-config.yaml", CONFIG + (
        f"  coverage_command: {PY} -m coverage run -m pytest -q -p no:cacheprovider tests"
        f" && {PY} -m coverage json -q -o coverage.json\n"))
    qa_project.write("coverage.json", "{}")
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace("- `app/signup.py`\n", ""))
    review_qa.run(qa_project.root, "E1-S1")
    assert json.loads((qa_project.root / "coverage.json").read_text())["meta"]["timestamp"]
    assert not (qa_project.root / ".gaia/state/review/qa-tests/E1-S1/coverage-command").exists()


@pytest.mark.parametrize("context", ["local", "ci_pre_merge"])
def test_a_run_that_ran_no_test_leaves_nothing_in_the_project(
        qa_project: Project, capsys: pytest.CaptureFixture[str], context: str) -> None:
    """The story's test file does not parse (local), or the tier collects nothing (a CI
    context runs it whole): the measured run ran no test, and says so, not that coverage.py
    may be missing; the coverage_command (as `gaia init` writes it), which runs the same tests,
    is not run; nothing of coverage.py's is left in the project's root."""
    config = CONFIG + (f"  coverage_command: {PY} -m coverage run --branch -m pytest -q; "
                       f"{PY} -m coverage json -q -o coverage.json\n")
    if context == "local":
        qa_project.write("tests/test_signup.py", TESTS + "\ndef test_broken(:\n    pass\n")
    else:
        config = config.replace("-p no:cacheprovider tests", "-p no:cacheprovider app")
    qa_project.write(".gaia/config/project-config.yaml", config)
    command.main(["E1-S1", "--context", context, "--format", "json"])
    capsys.readouterr()
    evidence = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/"
                           "execution-evidence.json").read_text())
    assert not any("is coverage.py installed" in d for d in evidence["diagnostics"])
    if context == "local":
        assert ("coverage: the test run ran no test (its collection failed or found none): "
                "nothing was measured") in evidence["diagnostics"]
    assert _check(qa_project, "branch-coverage")["skip_reason"] == (
        "the coverage_command was not run: the test run ran no test, and it runs the same tests"
        if context == "local" else "the coverage_command was not run: tier_1 ran no test "
        "(pytest collected no test), and it runs the same tests")
    assert not (qa_project.root / ".coverage").exists()
    assert not (qa_project.root / "coverage.json").exists()
    if context != "local":  # pytest's exit 5 said as such, not by its summary line
        assert "- test run: tier_1 exited 5 before running any test: pytest collected no " \
               "test;" in (qa_project.impl / "qa-tests-E1-S1.md").read_text()


UNITTEST_SIGNUP_TESTS = (
    "import unittest\n\nfrom app.signup import signup\n\n\n"
    "class SignupTests(unittest.TestCase):\n"
    "    def test_ac1_valid_email_creates_account(self):\n"
    "        self.assertEqual(signup('a@b.co'), 'created')\n\n"
    "    def test_ac2_invalid_email_is_rejected_with_422(self):\n"
    "        self.assertEqual(signup('nope'), 422)\n")


def test_a_unittest_tier_s_coverage_names_the_run_that_measured_it(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """jsonpointer with `python -m unittest tests` as its tier: unittest ran 27 tests, 5 of
    them the doctests its `load_tests` adds, unmeasured; the story's code "as the tests ran
    it" was the review's own pytest run of the story's 22 tests, which the report did not
    say."""
    qa_project.write("tests/__init__.py", "")
    qa_project.write("tests/test_signup.py", UNITTEST_SIGNUP_TESTS)
    _tier_command(qa_project, f"{PY} -m unittest discover -s tests -t .", 120)
    command.main(["E1-S1"])
    capsys.readouterr()
    report = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert "- test run: tier_1 passed (2 passed)" in report
    assert ("The story's code as the tests ran it (.gaia/state/review/qa-tests/E1-S1/"
            "attribution-coverage.json; measured by the review's own pytest run of the "
            "story's tests, not by tier_1 (unittest)):\n- app/signup.py: ") in report


def test_a_module_unittest_discovery_could_not_import_is_named_and_fails_no_story_test(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m unittest discover -v`, narrowed to the story's module, still imports the
    modules of its file name (`-p`): another story's `tests/legacy/test_signup.py`, importing
    a package not installed, has a stand-in test listed after the story's, whose `ERROR` had
    been read as the story's last test's outcome, a passing test "failed in this run". The
    module is named as not collected; the run's exit is unittest's, so the verdict is the
    failed suite's; with the package declared by the project the review is BLOCKED, as for
    pytest's collection error, and says that not every test could run (it had said the run
    could not start and no test ran). A module of another name is not imported at all."""
    qa_project.write("tests/__init__.py", "")
    qa_project.write("tests/test_signup.py", UNITTEST_SIGNUP_TESTS)
    absent = ("import unittest\n\nimport gaia_absent_exporter\n\n\n"
              "class ExportTests(unittest.TestCase):\n"
              "    def test_exports(self):\n"
              "        self.assertTrue(gaia_absent_exporter.ready)\n")
    qa_project.write("tests/test_zexport.py", absent)
    _tier_command(qa_project, f"{PY} -m unittest discover -v -s tests -t .", 120)
    assert command.main(["E1-S1"]) == 0
    assert "tier_1 passed (2 passed)" in (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    qa_project.write("tests/legacy/__init__.py", "")
    qa_project.write("tests/legacy/test_signup.py", absent)
    assert command.main(["E1-S1"]) == 1
    capsys.readouterr()
    report = max(qa_project.impl.glob("qa-tests-E1-S1*.md"),
                 key=lambda path: path.stat().st_mtime_ns).read_text()
    assert "tier_1 exited 1 (2 passed, 0 failed, 1 test file(s) not collected)" in report
    assert ("  - not collected: `tests/legacy/test_signup.py`: ModuleNotFoundError: No module "
            "named 'gaia_absent_exporter' (tests/legacy/test_signup.py:3)") in report
    assert "failed in this run" not in report
    qa_project.write("requirements-dev.txt", "gaia-absent-exporter\n")
    assert command.main(["E1-S1"]) == 3
    out = capsys.readouterr().out
    assert ("reason: check 'tool-probe' errored -> BLOCKED: the test run could not run all "
            "its tests — gaia_absent_exporter, imported by tests/legacy/test_signup.py, is not "
            "installed where the tests run, though requirements-dev.txt declares it") in out
    # its tests that ran passed: not "no test ran", nor "nothing was tested"
    assert "gate: QA Tests unchanged (FAILED: not every test could run, no QA round)" in out
    assert "summary: not every test of the 2 ACs could run; findings: " in out
    assert "nothing was tested" not in out and "could not start" not in out


def test_a_test_left_at_a_returned_unittest_skip_covers_no_ac(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """polib's `test_save_as_mofile` returns `unittest.skip(...)` where `msgfmt` is not on
    PATH: the call makes a decorator and skips nothing, the test passes having checked
    nothing, and its AC had counted it. Where the run saw it return a value, it covers no
    AC; either way the call is warned of."""
    qa_project.write("tests/test_signup.py", TESTS.replace(
        "def test_ac2_invalid_email_is_rejected_with_422():\n",
        "def test_ac2_invalid_email_is_rejected_with_422():\n"
        "    import shutil\n    import unittest\n\n"
        "    if shutil.which('gaia-absent-msgfmt') is None:\n"
        "        return unittest.skip('msgfmt not found')\n"))
    command.main(["E1-S1"])
    assert "summary: 1 of 2 ACs have a test" in capsys.readouterr().out
    report = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    test = "tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422"
    assert (f"  - `{test}` — does not count: left at `return unittest.skip('msgfmt not "
            "found')` in this run (the run saw it return a value), which skips nothing: none "
            "of its checks after that return ran") in report
    assert "AC2 has no test (its only test does not count: " in report
    assert f"test-quality/skips-nothing tests/test_signup.py:13 — {test} calls a skip " in report


def test_a_test_a_run_stopping_at_its_first_failure_never_reached_says_so(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """A tier running `pytest -x`: its first test failed and pytest stopped, and the next
    had read "never run: the runner's report has no outcome for it", nothing saying why."""
    qa_project.write("tests/test_signup.py", TESTS.replace('== "created"', '== "made"'))
    _tier_command(qa_project, f"{PY} -m pytest -q -x -p no:cacheprovider tests", 120)
    assert command.main(["E1-S1"]) == 1
    capsys.readouterr()
    report = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert ("  - `tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422` — does not "
            "count: never run: the run stops at its first failure (-x), and a test before it "
            "failed") in report


def _tier_command(project: Project, command: str, limit: int) -> None:
    project.write(".gaia/config/project-config.yaml", CONFIG.replace(
        f"command: {PY} -m pytest -q -p no:cacheprovider tests", f"command: {command}"
    ).replace("timeout_seconds: 120", f"timeout_seconds: {limit}"))


def _review_with_evidence(project: Project, timeout: float) -> tuple[float, dict[str, object]]:
    import time

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "scripts"),
           "CLAUDE_PROJECT_DIR": str(project.root)}
    start = time.monotonic()
    result = run_gaia("review-qa", "E1-S1", "--format", "json", cwd=project.root, env=env,
                      timeout=timeout)
    elapsed = time.monotonic() - start
    assert "Traceback" not in result.stderr and result.returncode != 70, result.stderr
    evidence = project.root / ".gaia/state/review/qa-tests/E1-S1/execution-evidence.json"
    return elapsed, json.loads(evidence.read_text())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="leftover checks read /proc")
def test_a_tier_that_leaves_a_background_process_neither_hangs_nor_leaks(
    qa_project: Project,
) -> None:
    from helpers.processes import survivors, unique_seconds

    secs = unique_seconds()
    _tier_command(qa_project, f'sleep {secs} & echo "1 passed"', 8)
    elapsed, evidence = _review_with_evidence(qa_project, timeout=120)
    assert elapsed < 8 + 30, "the review waited for the tier's background process"
    suite = evidence["suites"][0]  # type: ignore[index]
    assert suite["timeout"] is False and suite["exit_code"] == 0 and suite["pass_count"] == 1
    assert suite["duration_seconds"] < 5
    assert suite["killed_count"] == 1
    # `sleep ...`; the shell's fork of itself when it is killed before its exec; or, caught
    # inside the exec (its name already `sleep`, its arguments not yet in place), its name
    [killed] = suite["killed_processes"]
    assert (secs in killed["command"] or killed["command"] == "sleep") and killed["pid"] > 0
    assert any("killed 1 process(es) the run left behind" in d
               for d in evidence["diagnostics"])  # type: ignore[attr-defined]
    assert survivors(secs) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="leftover checks read /proc")
def test_a_tier_over_its_limit_ends_at_the_limit_with_its_whole_tree(qa_project: Project) -> None:
    from helpers.processes import survivors, unique_seconds

    secs = unique_seconds()
    limit = 3
    _tier_command(qa_project, f"(sh -c 'setsid sleep {secs} &' &); sleep {secs}", limit)
    elapsed, evidence = _review_with_evidence(qa_project, timeout=120)
    suite = evidence["suites"][0]  # type: ignore[index]
    assert suite["timeout"] is True and suite["exit_code"] == 124
    assert limit <= suite["duration_seconds"] < limit + 2.5
    assert elapsed < limit + 30, "the review outlived its tier's limit by far"
    commands = [p["command"] for p in suite["killed_processes"]]
    assert commands.count(f"sleep {secs}") >= 1 and suite["killed_count"] == len(commands)
    assert survivors(secs) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="leftover checks read /proc")
def test_a_tier_that_timed_out_is_not_run_again_for_coverage(qa_project: Project) -> None:
    # The coverage_command runs the same tests: after the tier's timeout it would hang as long
    # as its own limit allows (600 s), for a review that is BLOCKED anyway.
    from helpers.processes import survivors, unique_seconds

    secs = unique_seconds()
    _tier_command(qa_project, f"sleep {secs}", 3)
    config = qa_project.root / ".gaia/config/project-config.yaml"
    again = unique_seconds()
    config.write_text(config.read_text() + f"  coverage_command: sleep {again}\n")
    story = next(qa_project.impl.rglob("E1-S1-*.md"))  # no source to measure in the run
    story.write_text(story.read_text().replace("- `app/signup.py`\n", ""))
    elapsed, evidence = _review_with_evidence(qa_project, timeout=40)
    assert evidence["suites"][0]["timeout"] is True  # type: ignore[index]
    assert elapsed < 3 + 30, "the coverage_command ran after the tier's timeout"
    assert survivors(secs) == [] and survivors(again) == []
    text = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert text.rstrip().endswith("**Verdict: BLOCKED**")
    assert _check(qa_project, "branch-coverage")["skip_reason"] == (
        "the coverage_command was not run: tier_1 timed out, and it runs the same tests")


JS_SOURCE = """export function decode(value) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
"""
JS_TEST = """import { it, expect } from "vitest";
import { decode } from "../src/decode.js";

it("AC1 decodes an encoded value", () => {
  expect(decode("a%20b")).toBe("a b");
});

it("AC2 returns a malformed value as it is", () => {
  expect(decode("%1")).toBe("%1");
});
"""
COVERAGE_COMMAND = ("vitest run --coverage --coverage.reporter=lcov --coverage.reporter=json "
                    "--coverage.reportOnFailure")


def _vitest_project(project: Project, node_bin: Path) -> Project:
    """cookie-es in small: a vitest 4 project (its node_modules `node_bin`'s), the story's
    decode() with a catch its AC2 test runs, and the project's coverage_command."""
    project.write(".gaia/config/project-config.yaml", (
        "project:\n  stack: ts-dev\ntest_execution:\n  tier_1:\n    placement: [local]\n"
        "    command: npx vitest run\n    timeout_seconds: 300\n    required: true\n"
        f"  coverage_command: npx {COVERAGE_COMMAND}\n"))
    project.write("package.json", '{"name": "decode", "type": "module"}\n')
    project.write(".gitignore", "node_modules\ncoverage\n")
    project.write("src/decode.js", JS_SOURCE)
    project.write("test/decode.test.js", JS_TEST)
    project.write("test/other.test.js", JS_TEST.replace('"%1")).toBe("%1")', '"b")).toBe("b")'))
    (project.root / "node_modules").symlink_to(node_bin.parent)
    project.add_story("E1-S1", priority="P0", file_list=["src/decode.js", "test/decode.test.js"],
                      acs=("- [ ] **AC1:** Given an encoded value, when it is decoded, then "
                           '"a%20b" becomes "a b".\n'
                           "- [ ] **AC2:** Given a malformed value, when decoding it fails, "
                           "then the value is returned as it is.\n"))
    for step in (("init", "-q", "-b", "main"), ("add", "-A"), ("commit", "-qm", "base")):
        git(project.root, *step)
    return project


def test_a_coverage_report_an_earlier_run_left_is_not_this_reviews(project: Project) -> None:
    """cookie-es: coverage/lcov.info written by a coverage run of other tests, then
    @vitest/coverage-v8 uninstalled. The review's run measures nothing and says why; the
    left report is not read as its own (decode's catch, which the story's test runs, was
    reported never executed)."""
    from helpers.node_runners import vitest4

    measured = vitest4(coverage=True)
    _vitest_project(project, measured)
    earlier = subprocess.run([str(measured / "vitest"), "run", "--coverage",
                              "--coverage.reporter=lcov", "test/other.test.js"],
                             cwd=project.root, capture_output=True, text=True, timeout=120)
    assert earlier.returncode == 0, earlier.stdout + earlier.stderr
    assert "SF:src/decode.js" in (project.root / "coverage/lcov.info").read_text()
    (project.root / "node_modules").unlink()  # the provider uninstalled: vitest alone
    (project.root / "node_modules").symlink_to(vitest4().parent)
    assert command.main(["E1-S1"]) == 0
    branch = _check(project, "branch-coverage")
    assert (branch["status"], branch["findings"]) == ("skipped", [])
    assert branch["skip_reason"] == (
        "no branch-coverage tool installed (looked for nyc, c8, @vitest/coverage-v8, "
        "@vitest/coverage-istanbul, babel-plugin-istanbul): untested-error-path findings "
        "cannot be confirmed; coverage/lcov.info, left by an earlier run, was not read")
    assert "The story's code as the tests ran it" not in (
        project.impl / "qa-tests-E1-S1.md").read_text()


def test_a_tier_that_ran_no_test_is_not_run_again_for_coverage(project: Project) -> None:
    """The story's test file does not load: the coverage_command would run the same tests,
    fail as they did and leave its coverage/ in the project. It is not run, and the branch
    check says why."""
    from helpers.node_runners import vitest4

    _vitest_project(project, vitest4(coverage=True))
    project.write("test/decode.test.js", JS_TEST.replace("it(", "it((", 1))
    assert command.main(["E1-S1"]) == 1
    assert not (project.root / "coverage").exists()
    skipped = _check(project, "branch-coverage")["skip_reason"]
    assert isinstance(skipped, str) and skipped.startswith(
        "the coverage_command was not run: tier_1 ran no test (test/decode.test.js did not "
        "load: "), skipped
    assert skipped.endswith("), and it runs the same tests")


def test_a_js_run_cut_off_before_its_report_counts_none_of_its_tests(project: Project) -> None:
    """vitest (as jest) writes its report when it ends: a run killed at its time limit
    reported no test's outcome, so none of the tests it was handed covers an AC (a hung
    test's run had counted every AC covered), and the review is BLOCKED."""
    from helpers.node_runners import vitest4

    _vitest_project(project, vitest4(coverage=True))
    config_file = project.root / ".gaia/config/project-config.yaml"
    config_file.write_text(config_file.read_text().replace("timeout_seconds: 300",
                                                           "timeout_seconds: 6"))
    project.write("test/decode.test.js", JS_TEST.replace(
        'expect(decode("%1")).toBe("%1");', 'while (true) {}'))
    assert command.main(["E1-S1", "--format", "json"]) == 3
    per_ac = {e["ac_id"]: e for e in json.loads(
        (project.root / ".gaia/state/review/qa-tests/E1-S1/analysis-results.json").read_text(
        ))["coverage"]["per_ac"]}
    assert [per_ac[ac]["matched"] for ac in ("AC1", "AC2")] == [False, False]
    # a test that blocks vitest's worker: not even the review's reporter heard of a test
    assert set(per_ac["AC1"]["excluded"].values()) == {
        "not known to have run: the run hit its time limit before vitest reported any test"}


def test_a_vitest_run_cut_off_names_the_hung_test_and_counts_those_it_finished(
        project: Project) -> None:
    """AC2's test awaits a promise that never settles: vitest writes no report, but the
    review's reporter logged each test as it went. AC1's test passed and counts; the hung
    one is named, still running, and covers nothing; the review is BLOCKED (a required tier
    timed out)."""
    from helpers.node_runners import vitest4

    _vitest_project(project, vitest4(coverage=True))
    config_file = project.root / ".gaia/config/project-config.yaml"
    config_file.write_text(config_file.read_text().replace("timeout_seconds: 300",
                                                           "timeout_seconds: 8"))
    hanging = JS_TEST.replace('it("AC2 returns a malformed value as it is", () => {',
                              'it("AC2 returns a malformed value as it is", async () => {\n'
                              '  await new Promise(() => {});')
    project.write("test/decode.test.js", hanging.rstrip().removesuffix("});")
                  + "}, 1_000_000_000);\n")
    assert command.main(["E1-S1", "--format", "json"]) == 3
    state = project.root / ".gaia/state/review/qa-tests/E1-S1"
    hung = "test/decode.test.js::AC2 returns a malformed value as it is"
    assert f"tier_1: timed out after 8s; still running: {hung}" in json.loads(
        (state / "execution-evidence.json").read_text())["diagnostics"]
    per_ac = {e["ac_id"]: e for e in json.loads(
        (state / "analysis-results.json").read_text())["coverage"]["per_ac"]}
    assert per_ac["AC1"]["matched"] is True
    assert per_ac["AC2"]["matched"] is False
    assert per_ac["AC2"]["excluded"][hung] == (
        "did not finish in this run (still running when the run hit its time limit)")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="leftover checks read /proc")
def test_ctrl_c_stops_the_review_and_its_run_with_one_line_and_130(qa_project: Project) -> None:
    import signal
    import subprocess
    import time

    from helpers.processes import alive_with, interruptible, survivors, unique_seconds

    secs = unique_seconds()
    _tier_command(qa_project, f"sleep {secs}", 120)
    review = subprocess.Popen([sys.executable, "-m", "gaia_lib", "review-qa", "E1-S1"],
                              cwd=qa_project.root, env=gaia_env(qa_project.root),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              preexec_fn=interruptible)
    deadline = time.monotonic() + 30
    while not any(_is_sleep(pid, secs) for pid in alive_with(secs)):
        assert time.monotonic() < deadline, "the tier never started"
        time.sleep(0.05)
    review.send_signal(signal.SIGINT)  # what a terminal's Ctrl-C sends to the foreground job
    out, err = review.communicate(timeout=30)
    assert (review.returncode, out, err) == (130, "", "review-qa: interrupted\n")
    assert survivors(secs) == []


def _is_sleep(pid: int, secs: str) -> bool:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes() == f"sleep\0{secs}\0".encode()
    except OSError:
        return False


def test_analyze_records_the_phase_3a_checkpoint_and_finalize_keeps_its_key(
    qa_project: Project, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seed 000: `checkpoint write --workflow qa-tests --step 3 --file <results> --var
    cache_key=<hash>`, so `checkpoint validate` sees the analysis drift."""
    from gaia_lib.cli import checkpoint as checkpoint_cmd

    cp = qa_project.root / ".gaia/memory/checkpoints/qa-tests.yaml"
    evidence = qa_project.root / ".gaia/state/review/qa-tests/E1-S1"
    assert command.main(["setup", "E1-S1"]) == 0
    monkeypatch.setenv("GAIA_WRITE_SCOPE", "fork")  # the review fork: checkpoints are not its
    assert command.main(["analyze", "E1-S1"]) == 0
    assert "step: 1\n" in cp.read_text()
    monkeypatch.delenv("GAIA_WRITE_SCOPE")
    assert command.main(["analyze", "E1-S1"]) == 0  # a terminal or CI run: the parent
    key = json.loads((evidence / "analysis-results.json").read_text())["cache_key"]
    text = cp.read_text()
    assert "step: 3\n" in text and f'cache_key: "{key}"' in text
    assert '  - path: ".gaia/state/review/qa-tests/E1-S1/analysis-results.json"' in text
    capsys.readouterr()
    assert checkpoint_cmd.main(["validate", "--workflow", "qa-tests"]) == 0
    assert command.main(["finalize", "E1-S1"]) == 0
    text = cp.read_text()
    assert "step: 8\n" in text and f'cache_key: "{key}"' in text
    (evidence / "analysis-results.json").write_text("{}")
    capsys.readouterr()
    assert checkpoint_cmd.main(["validate", "--workflow", "qa-tests"]) == 1
    assert capsys.readouterr().err == (
        "checkpoint: drift: .gaia/state/review/qa-tests/E1-S1/analysis-results.json\n")


# ------------------------------------------------------------------ QA gating: rounds
# Report names, the round section, the recorder, the failure budget and the reviewer's model.

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
    qa_project.write("app/signup.py", SOURCE.replace("return 422", "return 400"))  # AC2 fails
    assert command.main(["E1-S1", "--llm-findings", _findings(tmp_path, CRITICAL, "r1.json")]) == 1
    capsys.readouterr()
    qa_project.write("app/signup.py", SOURCE)  # fixed
    reworded = [{**CRITICAL[1], "line": 30, "message": "only one test covers AC1"}]
    assert command.main(["E1-S1", "--llm-findings", _findings(tmp_path, reworded, "r2.json"),
                         "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["report"].endswith("qa-tests-E1-S1-round2.md")
    reviews = sorted(p.name for p in qa_project.impl.rglob("qa-tests-E1-S1*.md"))
    assert reviews == ["qa-tests-E1-S1-round2.md", "qa-tests-E1-S1.md"]
    round2 = next(qa_project.impl.rglob("qa-tests-E1-S1-round2.md")).read_text()
    assert "- round: 2\n" in round2
    # the deterministic fr-traceability finding stays open in both rounds; AC2's test failed
    # in round 1 (a finding of its own), so AC2 had no test that counted: fixed with it
    # (round 1's uncommitted edit was to a file the File List names: no divergence in either
    # round)
    assert "Compared with round 1: 0 new, 2 open, 3 fixed." in round2
    fixed = round2.split("### Fixed since round 1 (3)\n\n")[1].split("\n\n")[0].splitlines()
    assert fixed[0] == ("- assertion (AC2 tests/test_signup.py): AC2's test never checks the "
                        "error body")  # in reading order: by kind, then AC
    assert [line.split(" ")[1] for line in fixed] == ["assertion", "failed-test",
                                                       "missing-ac-coverage"]
    qa = record.load(qa_project.root, "E1")
    assert qa.current("E1-S1") == "pass"
    rows = [(r.round, r.result, Path(r.report).name, r.findings) for r in qa.history("E1-S1")]
    assert rows == [(1, "fail", "qa-tests-E1-S1.md", "5 new, 0 open, 0 fixed"),
                    (2, "pass", "qa-tests-E1-S1-round2.md", "0 new, 2 open, 3 fixed")]
    jsonl = [(r.round, r.verdict, Path(r.report).name, r.findings)
             for r in ledger.history(qa_project.root, "E1-S1", "QA Tests")]
    assert jsonl == [(1, "FAILED", "qa-tests-E1-S1.md", "5 new, 0 open, 0 fixed"),
                     (2, "PASSED", "qa-tests-E1-S1-round2.md", "0 new, 2 open, 3 fixed")]
    assert record_file(qa_project).is_file()


def test_a_finding_on_an_ac_whose_test_failed_is_not_fixed_but_held(
    qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """semver's bump_minor broken in round 2: AC2's only test failed, so nothing judged AC2's
    tests, yet round 1's weak-assertion finding on AC2 was listed as fixed, and came back as
    new in round 3 once the code was mended. It is held: not judged in round 2, open in 3."""
    weak = [{**CRITICAL[0], "severity": "warning"}]
    assert command.main(["E1-S1", "--llm-findings", _findings(tmp_path, weak, "r1.json")]) == 0
    qa_project.write("app/signup.py", SOURCE.replace("return 422", "return 400"))  # AC2 fails
    assert command.main(["E1-S1", "--llm-findings", _findings(tmp_path, [], "r2.json")]) == 1
    round2 = next(qa_project.impl.rglob("qa-tests-E1-S1-round2.md")).read_text()
    assert "### Fixed since round 1 (0)" in round2
    held = round2.split("### Not judged this round (1)\n\n")[1].split("\n\n")[1]
    assert held.startswith("- assertion (AC2 tests/test_signup.py): ")
    qa_project.write("app/signup.py", SOURCE)  # mended: AC2's test counts again
    assert command.main(["E1-S1", "--llm-findings", _findings(tmp_path, weak, "r3.json")]) == 0
    capsys.readouterr()
    round3 = next(qa_project.impl.rglob("qa-tests-E1-S1-round3.md")).read_text()
    still = round3.split("### Still open")[1].split("###")[0]
    assert "- assertion (AC2 tests/test_signup.py)" in still
    assert "- assertion (AC2" not in round3.split("### New")[1].split("###")[0]


def test_a_finding_on_an_ac_is_not_fixed_by_a_round_that_read_no_ac(
    qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """headers-polyfill's story with its `## Acceptance Criteria` heading renamed: the round
    read no AC, yet listed every finding of the round before about an AC (its weak
    assertions, its over-covered ACs) as fixed. Nothing judged them: not judged, held."""
    weak = [{**CRITICAL[0], "severity": "warning"}]
    assert command.main(["E1-S1", "--llm-findings", _findings(tmp_path, weak, "r1.json")]) == 0
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace("## Acceptance Criteria",
                                               "## Acceptance criteria list"))
    assert command.main(["E1-S1", "--llm-findings", _findings(tmp_path, [], "r2.json")]) == 1
    capsys.readouterr()
    round2 = next(qa_project.impl.rglob("qa-tests-E1-S1-round2.md")).read_text()
    fixed = round2.split("### Fixed since round 1")[1].split("###")[0]
    assert "(AC2 " not in fixed
    held = round2.split("### Not judged this round (1)\n\n")[1]
    assert "the story's acceptance criteria could not be read" in held.split("\n\n")[0]
    assert held.split("\n\n")[1].startswith("- assertion (AC2 tests/test_signup.py): ")


def test_a_finding_on_a_test_deleted_since_is_gone_not_fixed(
    qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """prettytable's `test_csv_output` marked skip in one round and deleted in the next: the
    skipped test's placeholder finding read "Fixed since round 1", though nothing was
    mended, the test left. It is listed as gone; a finding on a test still there that no
    longer holds is fixed as before."""
    skipped = TESTS + '''

import pytest


@pytest.mark.skip(reason="flaky on one platform")
def test_ac2_unknown_domain_is_rejected_with_422():
    assert signup("a@nowhere") == 422


@pytest.mark.skip(reason="slow")
def test_ac1_mixed_case_email_creates_account():
    assert signup("A@b.co") == "created"
'''
    qa_project.write("tests/test_signup.py", skipped)
    llm = _findings(tmp_path, [], "r.json")
    command.main(["E1-S1", "--llm-findings", llm])
    deleted = skipped.split("\n\n@pytest.mark.skip(reason=\"flaky")[0] + '''


def test_ac1_mixed_case_email_creates_account():
    assert signup("A@b.co") == "created"
'''
    qa_project.write("tests/test_signup.py", deleted)
    command.main(["E1-S1", "--llm-findings", llm])
    capsys.readouterr()
    round2 = next(qa_project.impl.rglob("qa-tests-E1-S1-round2.md")).read_text()
    fixed = round2.split("### Fixed since round 1")[1].split("###")[0]
    assert "test_ac2_unknown_domain_is_rejected_with_422" not in fixed
    assert "test_signup.py::test_ac1_mixed_case_email_creates_account" in fixed
    gone = round2.split("### Gone this round (1)\n\n")[1].split("\n\n")
    assert gone[0].startswith("Their tests are no longer among the story's tests")
    assert "test_signup.py::test_ac2_unknown_domain_is_rejected_with_422" in gone[1]


def test_an_over_covered_ac_is_not_fixed_by_skipping_one_of_its_tests(
    qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """prettytable's AC with two tests, one then marked skip: the over-coverage suggestion
    read "Fixed since round 1", though both tests are still there. It is not judged (held);
    deleting the second test fixes it."""
    twice = TESTS + '''


def test_ac1_mixed_case_email_creates_account():
    assert signup("A@b.co") == "created"
'''
    qa_project.write("tests/test_signup.py", twice)
    llm = _findings(tmp_path, [], "r.json")
    command.main(["E1-S1", "--llm-findings", llm])
    qa_project.write("tests/test_signup.py", twice.replace(
        "\n\ndef test_ac1_mixed", "\n\nimport pytest\n\n\n@pytest.mark.skip(reason=\"slow\")\n"
        "def test_ac1_mixed"))
    command.main(["E1-S1", "--llm-findings", llm])
    qa_project.write("tests/test_signup.py", TESTS)
    command.main(["E1-S1", "--llm-findings", llm])
    capsys.readouterr()
    round2 = next(qa_project.impl.rglob("qa-tests-E1-S1-round2.md")).read_text()
    assert "over-coverage" not in round2.split("### Fixed since round 1")[1].split("###")[0]
    held = round2.split("### Not judged this round")[1].split("###")[0]
    assert "- over-coverage (AC1 " in held
    round3 = next(qa_project.impl.rglob("qa-tests-E1-S1-round3.md")).read_text()
    assert "- over-coverage (AC1 " in round3.split("### Fixed since round 2")[1].split("###")[0]


def test_an_ac_rewritten_in_given_when_then_is_fixed_though_no_test_counts_for_it(
    qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """prettytable's AC2 written without Given/When/Then, then rewritten, while no test counted
    for it: the ac-quality finding stayed "Not judged" round after round, though it is about
    the AC's words, which every round reads, not about its tests. It is fixed."""
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    written = story.read_text()
    gwt = "Given an invalid email, when the user signs up, then a 422 error is returned."
    story.write_text(written.replace(gwt, "An invalid email: a 422 error."))
    qa_project.write("tests/test_signup.py", TESTS.split("\n\n\ndef test_ac2")[0] + "\n")
    llm = _findings(tmp_path, [], "r.json")
    command.main(["E1-S1", "--llm-findings", llm])
    story.write_text(story.read_text().replace("An invalid email: a 422 error.", gwt))
    command.main(["E1-S1", "--llm-findings", llm])
    capsys.readouterr()
    round2 = next(qa_project.impl.rglob("qa-tests-E1-S1-round2.md")).read_text()
    fixed = round2.split("### Fixed since round 1")[1].split("###")[0]
    assert "- ac-quality (AC2 " in fixed
    assert "### Not judged this round" not in round2


def test_the_third_failed_round_parks_the_story(
    qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    llm = _findings(tmp_path, CRITICAL, "r.json")
    # Three attempts at a fix, each still failing AC2 (an unchanged story is no new round).
    for status in ("400", "401"):
        qa_project.write("app/signup.py", SOURCE.replace("return 422", f"return {status}"))
        assert command.main(["E1-S1", "--llm-findings", llm]) == 1
    capsys.readouterr()
    qa_project.write("app/signup.py", SOURCE.replace("return 422", "return 402"))
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
    qa_project.write("app/signup.py", SOURCE)
    assert command.main(["E1-S1"]) == 0  # raising the budget releases it


def test_the_reviewer_model_and_effort_come_from_config(
    qa_project: Project, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = qa_project.root / ".gaia/config/project-config.yaml"
    config.write_text(config.read_text() + "qa:\n  model: claude-sonnet-4-5\n  effort: high\n")
    assert command.main(["setup", "E1-S1"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["qa_model"], summary["qa_effort"], summary["round"]) == (
        "claude-sonnet-4-5", "high", 1)
    assert summary["report"].endswith("qa-tests-E1-S1.md")
    assert command.main(["E1-S1", "--llm-findings", _findings(tmp_path, [], "none.json")]) == 0
    report = next(qa_project.impl.rglob("qa-tests-E1-S1.md")).read_text()
    assert "- model: claude-sonnet-4-5\n- temperature: 0\n- effort: high\n- round: 1\n" in report


def test_the_runs_per_test_coverage_decides_matches_words_alone_cannot(qa_project: Project) -> None:
    # AC2's only test resembles it (422, "invalid email") but never calls the story's code;
    # AC1's only test says little ("accounts creation") but runs signup: the measured run decides both.
    qa_project.write("tests/test_signup.py", '''from app.signup import signup


def test_accounts_creation():
    assert signup("a@b.co")


def test_invalid_email_returns_422():
    assert int("422") == 422  # never calls signup
''')
    setup = context.setup(qa_project.root, "E1-S1")
    words_only = review_qa.analyze(setup, use_cache=False, run_tests=False).results
    assert [e["matched"] for e in words_only["coverage"]["per_ac"]] == [False, True]
    measured = review_qa.analyze(setup, use_cache=False).results
    per_ac = {e["ac_id"]: e for e in measured["coverage"]["per_ac"]}
    assert not per_ac["AC2"]["matched"]
    assert per_ac["AC1"]["tests"] == ["tests/test_signup.py::test_accounts_creation"]


def test_a_test_that_ran_none_of_the_functions_an_ac_names_does_not_cover_it(
        qa_project: Project) -> None:
    # The third test speaks AC1's words but runs only `rename`: the measured run, which names
    # the functions each test ran, says it checks no signup (a test whose body was rewritten
    # and its name kept).
    qa_project.write("app/signup.py", SOURCE + '''

def close_account(name):
    return "closed"


def rename(name):
    return name.title()
''')
    qa_project.add_story("E1-S1", file_list=["app/signup.py", "tests/test_signup.py"], acs=(
        "- [ ] **AC1:** Given a valid email, when signup is called, then the account is "
        "created.\n"
        "- [ ] **AC2:** Given an account, when close_account is called, then it is closed.\n"))
    qa_project.write("tests/test_signup.py", '''from app.signup import close_account, rename, signup


def test_signup_creates_the_account():
    assert signup("a@b.co") == "created"


def test_close_account():
    assert close_account("ann") == "closed"


def test_valid_email_account_is_created():
    assert rename("ann") == "Ann"
''')
    setup = context.setup(qa_project.root, "E1-S1")
    words_only = review_qa.analyze(setup, use_cache=False, run_tests=False).results
    renamed = "tests/test_signup.py::test_valid_email_account_is_created"
    assert renamed in words_only["coverage"]["per_ac"][0]["tests"]
    measured = review_qa.analyze(setup, use_cache=False).results
    per_ac = {e["ac_id"]: e["tests"] for e in measured["coverage"]["per_ac"]}
    assert per_ac == {"AC1": ["tests/test_signup.py::test_signup_creates_the_account"],
                      "AC2": ["tests/test_signup.py::test_close_account"]}


def test_two_gaps_in_one_story_are_two_findings_across_rounds(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    # Both gaps are findings of one rule in one file (the story): round 2, with AC3 tested,
    # has one fixed and one still open, not one finding that stayed.
    _p0_story_with(qa_project,
                   "- [ ] **AC3:** Given a taken email, when the user signs up, then a 409 is "
                   "returned.",
                   "- [ ] **AC4:** Given a banned domain, when the user signs up, then a 403 is "
                   "returned.")
    assert command.main(["E1-S1"]) == 1
    qa_project.write("tests/test_signup.py", TESTS + (
        "\n\ndef test_ac3_taken_email_is_refused_with_409():\n"
        "    assert signup('taken@b.co') in ('created', 409)\n"))
    assert command.main(["E1-S1"]) == 1
    capsys.readouterr()
    round2 = next(qa_project.impl.rglob("qa-tests-E1-S1-round2.md")).read_text()
    fixed = round2.split("### Fixed since round 1", 1)[1].split("\n#", 1)[0]
    still = round2.split("### Still open", 1)[1].split("\n#", 1)[0]
    assert "AC3 has no test" in fixed and "AC4" not in fixed
    assert "AC4 has no test" in still and "AC3 has no test" not in still


def test_an_ac_still_the_templates_placeholder_blocks_the_review(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    text = story.read_text()
    story.write_text(text.replace(
        "**AC2:** Given an invalid email, when the user signs up, then a 422 error is returned.",
        "**AC2:** Given <context>, when <action>, then <expected result>."))
    assert command.main(["E1-S1", "--format", "json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["reason"] == "check 'ac-parse' failed with a blocking finding -> REQUEST_CHANGES"
    analysis = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/"
                           "analysis-results.json").read_text())
    check = next(c for c in analysis["checks"] if c["name"] == "ac-parse")
    assert [(f["rule"], f["blocking"]) for f in check["findings"]] == [
        ("unfilled-acceptance-criterion", True)]


def test_a_test_that_fails_in_the_run_covers_no_ac(qa_project: Project) -> None:
    """AC2's only test fails: AC2 is not verified, and the round says it has no test that
    counts (not 'fixed'), naming the failure."""
    qa_project.write("tests/test_signup.py", TESTS.replace(
        'assert signup("nope") == 422', 'assert signup("nope") == 400'))
    result = review_qa.analyze(context.setup(qa_project.root, "E1-S1"), use_cache=False)
    per_ac = {e["ac_id"]: e for e in result.results["coverage"]["per_ac"]}
    failing = "tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422"
    assert (per_ac["AC2"]["matched"], per_ac["AC1"]["matched"]) == (False, True)
    assert per_ac["AC2"]["excluded"][failing].startswith("failed in this run (")
    assert "422 == 400" in per_ac["AC2"]["excluded"][failing]


def test_an_ambiguous_key_names_the_story_files_it_matched(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    second = qa_project.add_story("E1-S1", slug="copy", status="review")
    assert command.main(["E1-S1"]) == 3
    err = capsys.readouterr().err
    assert "multiple story files matched key E1-S1: " in err and str(second) in err
    assert len(err.strip().splitlines()) == 1


def test_a_read_only_checkout_is_a_review_that_could_not_run(
        qa_project: Project, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """CI on a read-only checkout: one line naming the file it could not write, exit 3 (no
    review), not an internal error."""
    import errno

    from gaia_lib.core import writes

    def read_only(path: object, *args: object, **kwargs: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(path))

    monkeypatch.setattr(writes, "write_bytes", read_only)
    assert command.main(["E1-S1"]) == 3
    err = capsys.readouterr().err
    assert err.startswith("review-qa: cannot write ") and err.endswith(
        ": Read-only file system\n") and err.count("\n") == 1


def test_a_run_cut_off_at_its_time_limit_names_the_hung_test_which_covers_nothing(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """AC2's test hangs: the tier's time limit kills the run before pytest writes its report.
    The review says which test was still running (the plugin's progress log), and that test
    covers no AC; AC1's tests, finished before (a function and a unittest class's method),
    count as passed; a test the run never reached covers nothing either."""
    qa_project.write(".gaia/config/project-config.yaml",
                     CONFIG.replace("timeout_seconds: 120", "timeout_seconds: 8"))
    qa_project.write("tests/test_signup.py", TESTS.replace(
        '    assert signup("nope") == 422',
        '    import time\n    time.sleep(60)\n    assert signup("nope") == 422').replace(
        "def test_ac2_invalid_email_is_rejected_with_422",
        "class SignupTests(unittest.TestCase):\n    def test_ac1_valid_email_is_accepted(self):\n"
        '        self.assertEqual(signup("c@d.co"), "created")\n\n\n'
        "def test_ac2_invalid_email_is_rejected_with_422").replace(
        "from app.signup", "import unittest\n\nfrom app.signup")
        + '\n\ndef test_ac2_invalid_email_is_refused():\n    assert signup("x") == 422\n')
    assert command.main(["E1-S1", "--format", "json"]) == 3  # a required tier timed out
    capsys.readouterr()
    state = qa_project.root / ".gaia/state/review/qa-tests/E1-S1"
    evidence = json.loads((state / "execution-evidence.json").read_text())
    hung = "tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422"
    assert f"tier_1: timed out after 8s; still running: {hung}" in evidence["diagnostics"]
    per_ac = {e["ac_id"]: e for e in json.loads(
        (state / "analysis-results.json").read_text())["coverage"]["per_ac"]}
    assert per_ac["AC2"]["matched"] is False
    assert per_ac["AC2"]["excluded"][hung] == (
        "did not finish in this run (still running when the run hit its time limit)")
    unreached = "tests/test_signup.py::test_ac2_invalid_email_is_refused"
    assert per_ac["AC2"]["excluded"][unreached] == "never run: the run hit its time limit first"
    assert per_ac["AC1"]["tests"] == [
        "tests/test_signup.py::SignupTests::test_ac1_valid_email_is_accepted",
        "tests/test_signup.py::test_ac1_valid_email_creates_account"]
    assert not per_ac["AC1"].get("excluded")
    suite = evidence["suites"][0]
    assert (suite["timeout"], suite["pass_count"], suite["fail_count"]) == (True, 2, 0)
    # the hung test is one still running, not a failure its runner reported: the counts, the
    # lists and the report's header agree
    assert "failed_tests" not in suite
    assert suite["still_running"] == [{"name": "test_ac2_invalid_email_is_rejected_with_422",
                                       "file": "tests/test_signup.py"}]
    text = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert "- test run: tier_1 timed out (2 passed, 0 failed, 1 still running, 1 never ran); " \
        "its output: " in text
    assert f"\n  - still running: `{hung}`\n" in text and "  - failed: " not in text
    assert "killed_processes" not in suite  # the run killed at its limit left nothing behind
    # The tests started and one hung: the project's to fix, so a QA round, and a failed one.
    assert [(r[0], r[1]) for r in _rounds(qa_project)] == [("1", "FAILED")]
    assert _gate_row(qa_project)[0] == "FAILED"


def test_an_acs_by_column_says_how_a_counted_test_matched(qa_project: Project) -> None:
    """A placeholder named by the AC's id does not count, so it does not say how the AC is
    covered either: the test matched by its words that still counts does."""
    qa_project.write("tests/test_signup.py", TESTS.replace(
        "def test_ac1_valid_email_creates_account", "def test_valid_email_creates_account")
        + "\n\ndef test_ac1_placeholder():\n    assert True\n")
    assert command.main(["E1-S1"]) == 0
    analysis = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/"
                           "analysis-results.json").read_text())
    ac1 = analysis["coverage"]["per_ac"][0]
    assert ac1["tests"] == ["tests/test_signup.py::test_valid_email_creates_account"]
    assert ac1["matched_by"] != "id" and ac1["matched_by"] == ac1["matches"][0]["how"][0]


def test_an_earlier_runs_report_directory_is_cleared_with_its_round(qa_project: Project) -> None:
    # jest's own coverage directory from a round whose tier asked for it: never beside this
    # round's evidence
    state = qa_project.root / ".gaia/state/review/qa-tests/E1-S1"
    stale = qa_project.write(".gaia/state/review/qa-tests/E1-S1/tier_1-coverage/lcov.info",
                             "SF:app/signup.py\nend_of_record\n")
    assert command.main(["E1-S1"]) == 0
    assert not stale.exists()
    assert (state / "tier_1-junit.xml").is_file()  # this round's own output


def _go_project(project: Project, module: str) -> None:
    """A Go module `module` whose one test tier runs `go test ./...`."""
    project.write(".gaia/config/project-config.yaml", "project:\n  stack: go-dev\n"
                  "test_execution:\n  tier_1:\n    placement: [local]\n"
                  "    command: go test ./...\n    timeout_seconds: 300\n")
    project.write("go.mod", f"module {module}\n\ngo 1.19\n")


def _first_commit(project: Project) -> None:
    """The project's files as the first commit of its repository's main branch."""
    git(project.root, "init", "-q", "-b", "main")
    git(project.root, "add", "-A")
    git(project.root, "commit", "-qm", "base")


def test_a_go_test_named_for_an_ac_that_calls_none_of_the_story_code_covers_nothing(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """No run measures what each Go test executes: a test whose code names nothing the
    story's sources declare (nor a helper of its file that does) tests other code, whatever
    AC id its name carries, and the source beside them declaring what it calls is named as
    the file the File List may have left out; one that reaches the code through its file's
    helper counts."""
    need("go", "go is not installed")
    monkeypatch.chdir(project.root)
    _go_project(project, "example.com/humanize")
    project.write("ordinals.go", 'package humanize\n\nimport "strconv"\n\n'
                  "// Ordinal gives x as an ordinal.\nfunc Ordinal(x int) string {\n"
                  '\treturn strconv.Itoa(x) + "st"\n}\n')
    project.write("ordinals_test.go", 'package humanize\n\nimport (\n\t"strings"\n\t"testing"\n)'
                  '\n\nfunc ordinal(x int) string { return Ordinal(x) }\n\n'
                  "// AC1\nfunc TestOrdinalAC1(t *testing.T) {\n"
                  '\tif ordinal(1) != "1st" {\n\t\tt.Fatal("want 1st")\n\t}\n}\n\n'
                  "// AC2\nfunc TestOrdinalAC2(t *testing.T) {\n"
                  '\tif strings.ToUpper(Suffix(2)) != "ND" {\n\t\tt.Fatal("want ND")\n\t}\n}\n')
    project.write("suffix.go", 'package humanize\n\n// Suffix gives x\'s ordinal suffix.\n'
                  'func Suffix(x int) string {\n\treturn "nd"\n}\n')
    project.write("README.md", "# humanize\n")  # no code: it declares nothing
    project.add_story("E1-S1", priority="P0", file_list=["ordinals.go", "ordinals_test.go",
                                                         "README.md"], acs=(
        '- [ ] **AC1:** Given 1, when `Ordinal()` formats it, then it returns "1st".\n'
        '- [ ] **AC2:** Given 2, when `Ordinal()` formats it, then it returns a suffixed '
        'number.\n'))
    _first_commit(project)
    assert command.main(["E1-S1"]) == 1
    per_ac = {e["ac_id"]: e for e in _analysis(project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC1"]["tests"] == ["ordinals_test.go::TestOrdinalAC1"]
    assert per_ac["AC2"]["matched"] is False
    assert per_ac["AC2"]["excluded"] == {"ordinals_test.go::TestOrdinalAC2": (
        "names nothing of the story's code (what ordinals.go declares): it tests other code; "
        "it names what suffix.go declares, which the File List does not name: if the story "
        "changed it, add it to the File List")}



def test_a_source_the_go_run_did_not_build_is_not_named_as_the_file_to_add(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """bitset's popcount tests call a function three files declare, two of them built only
    before Go 1.9: the review had said to add all three to the File List. The run's cover
    profile shows which of them go built; only that one is named."""
    need("go", "go is not installed")
    monkeypatch.chdir(project.root)
    _go_project(project, "example.com/humanize")
    project.write("ordinals.go", 'package humanize\n\n// Ordinal gives 1 as an ordinal.\n'
                  'func Ordinal() string {\n\treturn "1st"\n}\n')
    project.write("ordinals_test.go", 'package humanize\n\nimport "testing"\n\n'
                  "func TestOrdinalSuffix(t *testing.T) {\n"
                  '\tif Suffix(2) != "nd" {\n\t\tt.Fatal("want nd")\n\t}\n}\n')
    project.write("suffix.go", '//go:build go1.9\n\npackage humanize\n\n'
                  'func Suffix(x int) string {\n\treturn "nd"\n}\n')
    project.write("suffix_old.go", '// +build !go1.9\n\npackage humanize\n\n'
                  'func Suffix(x int) string {\n\treturn "nd"\n}\n')
    project.add_story("E1-S1", priority="P0", file_list=["ordinals.go", "ordinals_test.go"],
                      acs='- [ ] **AC1:** Given 2, when `Suffix()` reads it, then it returns '
                          '"nd".\n')
    _first_commit(project)
    command.main(["E1-S1"])
    per_ac = {e["ac_id"]: e for e in _analysis(project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC1"]["excluded"] == {"ordinals_test.go::TestOrdinalSuffix": (
        "names nothing of the story's code (what ordinals.go declares): it tests other code; "
        "it names what suffix.go declares, which the File List does not name: if the story "
        "changed it, add it to the File List")}


def test_a_go_module_in_a_subdirectory_is_reviewed_by_its_files(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """httprouter kept in `services/router` of a larger repository (its tier `cd`s there):
    `go test -json` names its package by the import path its go.mod declares, and its
    profile its files so, neither of which ends with `services/router`. Every test passed, yet
    each read as never run and the story's code as unmeasured: the review asked for changes
    to a story whose tests all pass. By the go.mod they are the story's files."""
    need("go", "go is not installed")
    monkeypatch.chdir(project.root)
    project.write(".gaia/config/project-config.yaml", "project:\n  stack: go-dev\n"
                  "test_execution:\n  tier_1:\n    placement: [local]\n"
                  "    command: cd services/ord && go test ./...\n    timeout_seconds: 300\n")
    project.write("services/ord/go.mod", "module github.com/someone/ordinals\n\ngo 1.19\n")
    project.write("services/ord/ordinals.go", 'package ordinals\n\nimport "strconv"\n\n'
                  "// Ordinal gives x as an ordinal.\nfunc Ordinal(x int) string {\n"
                  '\treturn strconv.Itoa(x) + "st"\n}\n')
    project.write("services/ord/ordinals_test.go", 'package ordinals\n\nimport "testing"\n\n'
                  "// AC1\nfunc TestOrdinalAC1(t *testing.T) {\n"
                  '\tif Ordinal(1) != "1st" {\n\t\tt.Fatal("want 1st")\n\t}\n}\n')
    project.add_story("E1-S1", priority="P0", file_list=[
        "services/ord/ordinals.go", "services/ord/ordinals_test.go"], acs=(
        '- [ ] **AC1:** Given 1, when `Ordinal()` formats it, then it returns "1st".\n'))
    _first_commit(project)
    assert command.main(["E1-S1"]) == 0
    analysis = _analysis(project)
    per_ac = {e["ac_id"]: e for e in analysis["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC1"]["tests"] == ["services/ord/ordinals_test.go::TestOrdinalAC1"]
    measured = _check(project, "branch-coverage")["measured"]
    assert isinstance(measured, list)
    assert [(m["file"], m["statements_covered"], m["statements"]) for m in measured] == [
        ("services/ord/ordinals.go", 1, 1)]


def _go_story_with_a_failing_test(project: Project) -> None:
    """A Go story in package `ord` (example.com/humanize/ord) whose code is broken: its table
    test's row `2` fails, and AC1 keeps a passing test too."""
    _go_project(project, "example.com/humanize")
    project.write("ord/ordinals.go", 'package ord\n\nimport "strconv"\n\n'
                  "// Ordinal gives x as an ordinal.\nfunc Ordinal(x int) string {\n"
                  '\treturn strconv.Itoa(x) + "st"\n}\n')
    project.write("ord/ordinals_test.go", 'package ord\n\nimport "testing"\n\n'
                  "// AC1\nfunc TestOrdinalFirst(t *testing.T) {\n"
                  '\tif Ordinal(1) != "1st" {\n\t\tt.Fatal("want 1st")\n\t}\n}\n\n'
                  "// AC1\nfunc TestOrdinalSuffixes(t *testing.T) {\n"
                  '\tfor in, want := range map[int]string{2: "2nd"} {\n'
                  "\t\tt.Run(want, func(t *testing.T) {\n"
                  "\t\t\tif got := Ordinal(in); got != want {\n"
                  '\t\t\t\tt.Errorf("Ordinal(%d) = %q, want %q", in, got, want)\n'
                  "\t\t\t}\n\t\t})\n\t}\n}\n")
    project.add_story("E1-S1", priority="P2", file_list=["ord/ordinals.go",
                                                         "ord/ordinals_test.go"], acs=(
        '- [ ] **AC1:** Given 1 or 2, when `Ordinal()` formats it, then it returns "1st" or '
        '"2nd".\n'))
    _first_commit(project)


def test_a_failed_go_test_is_named_by_its_file_as_everywhere_else(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """`go test -json` names a failed test's package (example.com/humanize/ord): the report's
    failed list and the evidence name it by its file, as the rest of the review does."""
    need("go", "go is not installed")
    monkeypatch.chdir(project.root)
    _go_story_with_a_failing_test(project)
    assert command.main(["E1-S1"]) == 1
    evidence = json.loads((project.root / ".gaia/state/review/qa-tests/E1-S1/"
                           "execution-evidence.json").read_text())
    assert evidence["suites"][0]["failed_tests"] == [
        {"name": "TestOrdinalSuffixes/2nd", "file": "ord/ordinals_test.go",
         "message": 'ordinals_test.go:17: Ordinal(2) = "2st", want "2nd"'},
        {"name": "TestOrdinalSuffixes", "file": "ord/ordinals_test.go"}]
    text = (project.impl / "qa-tests-E1-S1.md").read_text()
    # the message's file said from the project's root, as the test's own name says it
    assert "\n  - failed: `ord/ordinals_test.go::TestOrdinalSuffixes/2nd`: " \
        "ord/ordinals_test.go:17: " \
        'Ordinal(2) = "2st", want "2nd"\n  - failed: `ord/ordinals_test.go::TestOrdinalSuffixes`\n' \
        in text
    assert "example.com/humanize" not in text


def test_a_failed_go_story_test_is_a_critical_finding_as_a_failed_pytest_one_is(
        project: Project, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A story test that fails in the review's run: its AC still has a passing test, but the
    review does not read as clean: the failure is a blocking finding at the line go test says
    it failed on (its subtest's, line 17), not the test's first (13)."""
    need("go", "go is not installed")
    monkeypatch.chdir(project.root)
    _go_story_with_a_failing_test(project)
    assert command.main(["E1-S1"]) == 1
    out = capsys.readouterr().out
    assert "\nsummary: 1 of 1 ACs have a test; findings: 1 critical, " in out
    findings = _check(project, "test-quality")["findings"]
    assert isinstance(findings, list)
    assert [(f["file"], f["line"], f["severity"], f["blocking"], f["rule"], f["message"])
            for f in findings] == [(
        "ord/ordinals_test.go", 17, "critical", True, "failed-test",
        "ord/ordinals_test.go::TestOrdinalSuffixes failed in this run (ord/ordinals_test.go:17: "
        'Ordinal(2) = "2st", want "2nd"); it covers no AC until it passes')]


def test_a_go_subtest_the_runner_skipped_covers_no_ac_and_is_reported(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """golang-lru's table of two rows run by `t.Run(tc.name, ...)`, its peek row skipped by
    `t.Skip` as it runs: `go test` reports the test passed, and `TestRows/peek_...` skipped.
    The review reads the test without that row (its name and code): the peek AC has no test,
    and the skipped subtest is named, at the line of its `t.Skip` with its reason (ksuid's
    scenario skipped at line 265 had stood at its test's line, 8, saying no reason)."""
    need("go", "go is not installed")
    monkeypatch.chdir(project.root)
    _go_project(project, "example.com/lru")
    project.write("lru.go", "package lru\n\n// Cache keeps one value.\ntype Cache struct{ v int }"
                  "\n\n// Peek reads the value.\nfunc (c *Cache) Peek() int { return c.v }\n\n"
                  "// Contains reports whether a value is kept.\n"
                  "func (c *Cache) Contains() bool { return c.v != 0 }\n")
    project.write("lru_test.go", 'package lru\n\nimport "testing"\n\n'
                  "func TestLooks(t *testing.T) {\n\ttests := []struct {\n\t\tname string\n"
                  "\t\tlook func(c *Cache) bool\n\t}{\n"
                  '\t\t{name: "peek returns the kept value", '
                  "look: func(c *Cache) bool { return c.Peek() == 7 }},\n"
                  '\t\t{name: "contains reports a kept value", '
                  "look: func(c *Cache) bool { return c.Contains() }},\n\t}\n"
                  "\tfor _, tc := range tests {\n\t\tt.Run(tc.name, func(t *testing.T) {\n"
                  '\t\t\tif tc.name[:4] == "peek" {\n\t\t\t\tt.Skip("later")\n\t\t\t}\n'
                  "\t\t\tif !tc.look(&Cache{v: 7}) {\n"
                  '\t\t\t\tt.Errorf("%s: no", tc.name)\n\t\t\t}\n\t\t})\n\t}\n}\n')
    project.add_story("E1-S1", priority="P0", file_list=["lru.go", "lru_test.go"], acs=(
        "- [ ] **AC1:** Given a cache keeping a value, when it is read with `Peek`, then the "
        "kept value is returned.\n"
        "- [ ] **AC2:** Given a cache keeping a value, when `Contains` is asked, then it "
        "reports a kept value.\n"))
    _first_commit(project)
    assert command.main(["E1-S1"]) == 1
    per_ac = {e["ac_id"]: e for e in _analysis(project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC2"]["tests"] == ["lru_test.go::TestLooks"]
    assert per_ac["AC1"]["matched"] is False
    findings = _check(project, "test-quality")["findings"]
    assert isinstance(findings, list)
    assert [(f["line"], f["rule"], f["message"]) for f in findings] == [(
        16, "skipped-test", "lru_test.go::TestLooks/peek returns the kept value was reported "
        "skipped by the runner (a subtest): lru_test.go:16: later; it covers no AC")]


def test_a_go_subtest_that_can_report_no_failure_covers_no_ac_and_is_reported(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """golang-lru's Resize test split into `t.Run("downsize", ...)` and `t.Run("upsize",
    ...)`, the downsize subtest's body emptied: `go test` reports it passed. The review reads
    the test without it (the downsize AC has no test) and names it a placeholder at its line."""
    need("go", "go is not installed")
    monkeypatch.chdir(project.root)
    _go_project(project, "example.com/lru")
    project.write("lru.go", "package lru\n\n// Cache holds up to n values.\n"
                  "type Cache struct{ n, held int }\n\n"
                  "// Shrink resizes the cache down, returning how many values it evicts.\n"
                  "func (c *Cache) Shrink(n int) int { e := c.held - n; c.n = n; return e }\n\n"
                  "// Grow resizes the cache up, returning how many values it evicts.\n"
                  "func (c *Cache) Grow(n int) int { c.n = n; return 0 }\n")
    project.write("lru_test.go", 'package lru\n\nimport "testing"\n\n'
                  "func TestResize(t *testing.T) {\n"
                  '\tt.Run("shrink evicts the oldest values", func(t *testing.T) {\n'
                  "\t\t// TODO\n\t})\n\n"
                  '\tt.Run("grow evicts nothing", func(t *testing.T) {\n'
                  "\t\tif got := (&Cache{n: 1, held: 1}).Grow(2); got != 0 {\n"
                  '\t\t\tt.Errorf("Grow evicted %d", got)\n\t\t}\n\t})\n}\n')
    project.add_story("E1-S1", priority="P0", file_list=["lru.go", "lru_test.go"], acs=(
        "- [ ] **AC1:** Given a cache holding two values, when it shrinks to one with `Shrink`, "
        "then the oldest values are evicted.\n"
        "- [ ] **AC2:** Given a cache holding one value, when it grows to two with `Grow`, "
        "then nothing is evicted.\n"))
    _first_commit(project)
    assert command.main(["E1-S1"]) == 1
    per_ac = {e["ac_id"]: e for e in _analysis(project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC2"]["tests"] == ["lru_test.go::TestResize"]
    assert per_ac["AC1"]["matched"] is False
    findings = _check(project, "test-quality")["findings"]
    assert isinstance(findings, list)
    assert [(f["line"], f["rule"], f["message"]) for f in findings] == [(
        6, "placeholder-test", "lru_test.go::TestResize/shrink evicts the oldest values is a "
        "placeholder: a subtest whose function can report no failure (no t.Error, t.Fatal or "
        "t.Fail call that can run); it covers no AC")]


def test_a_go_example_alone_in_its_file_that_lost_its_output_is_said_to_no_longer_run(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """go-cache: the Add AC's example kept in a file of its own (`example_test.go`, package
    `cache_test`), its `// Output:` comment then dropped: `go test` compiles it and runs
    nothing. The next round read the example as deleted ("is gone") and named no
    placeholder, as its file held no test left to read it by."""
    need("go", "go is not installed")
    monkeypatch.chdir(project.root)
    _go_project(project, "example.com/kv")
    project.write("kv.go", "package kv\n\n// Store keeps values by key.\n"
                  "type Store map[string]int\n\n// Add keeps v under k unless k is kept.\n"
                  "func (s Store) Add(k string, v int) bool {\n\tif _, ok := s[k]; ok {\n"
                  "\t\treturn false\n\t}\n\ts[k] = v\n\treturn true\n}\n")
    project.write("kv_test.go", 'package kv\n\nimport "testing"\n\n'
                  "func TestAddKeepsTheFirstValue(t *testing.T) {\n\ts := Store{}\n"
                  '\ts.Add("a", 1)\n\tif s.Add("a", 2) || s["a"] != 1 {\n'
                  '\t\tt.Fatal("the second Add replaced the first value")\n\t}\n}\n')
    example = ('package kv_test\n\nimport (\n\t"fmt"\n\n\tkv "example.com/kv"\n)\n\n'
               "func ExampleStore_Add() {\n\ts := kv.Store{}\n"
               '\tfmt.Println(s.Add("a", 1), s.Add("a", 2))\n'
               "\t// Output: true false\n}\n")
    project.write("example_test.go", example)
    project.add_story("E1-S1", priority="P1", file_list=["kv.go", "kv_test.go",
                                                         "example_test.go"], acs=(
        "- [ ] **AC1:** Given a store, when `Add` keeps a value under a key already kept, "
        "then it returns false and keeps the first value.\n"
        "- [ ] **AC2:** Given an empty store, when `Add` keeps a value, then the example "
        "`ExampleStore_Add` prints `true false`.\n"))
    _first_commit(project)
    command.main(["E1-S1"])
    per_ac = {e["ac_id"]: e for e in _analysis(project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert "example_test.go::ExampleStore_Add" in per_ac["AC2"]["tests"]
    project.write("example_test.go", example.replace("\t// Output: true false\n", ""))
    command.main(["E1-S1"])
    findings = _check(project, "test-quality")["findings"]
    assert isinstance(findings, list)
    assert [(f["file"], f["rule"]) for f in findings] == [
        ("example_test.go", "placeholder-test")]
    assert "ExampleStore_Add" in findings[0]["message"]
    report = (project.impl / "qa-tests-E1-S1-round2.md").read_text()
    assert "is gone" not in report

COOKIE_TEST = """import { describe, it, expect } from "vitest";
import { parse, parseCookie } from "../src";
MOCK
describe("parse", () => {
  it("AC1: reads a cookie", () => {
    expect(parse("foo=bar")).toEqual({ foo: "bar" });
  });

  it("AC2: keeps the first of duplicate cookies", () => {
    expect(parseCookie("foo=%1;bar=bar;foo=boo")).toMatchObject({ foo: "%1", bar: "bar" });
  });
});
"""


def _cookie_project(project: Project, mock: str) -> None:
    """A vitest project whose story's code, src/cookie/parse.ts, its tests reach through the
    barrel src/index.ts (as `parse` and `parseCookie`), `mock` (lines) atop its test file."""
    project.write(".gaia/config/project-config.yaml", "project:\n  stack: typescript-dev\n"
                  "test_execution:\n  tier_1:\n    placement: [local]\n"
                  "    command: node_modules/.bin/vitest run\n    timeout_seconds: 300\n")
    project.write("package.json", '{"name": "cookie", "private": true, "type": "module"}\n')
    project.write("src/cookie/parse.ts", (
        "export function parse(str: string): Record<string, string> {\n"
        "  const out: Record<string, string> = {};\n"
        '  for (const pair of str.split(";")) {\n'
        '    const [key, value] = pair.split("=");\n'
        "    if (!(key in out)) out[key] = value;\n  }\n  return out;\n}\n"))
    project.write("src/index.ts",
                  'export { parse, parse as parseCookie } from "./cookie/parse.ts";\n')
    project.write("test/parse.test.ts", COOKIE_TEST.replace("MOCK", mock))
    (project.root / "node_modules").symlink_to(node_tools(), target_is_directory=True)
    project.add_story("E1-S1", file_list=["src/cookie/parse.ts", "test/parse.test.ts"], acs=(
        '- [ ] **AC1:** Given "foo=bar", when `parse()` reads it, then foo is "bar".\n'
        "- [ ] **AC2:** Given a cookie sent twice, when `parse()` reads it, then the first "
        "value is kept.\n"))
    _first_commit(project)


def test_a_vitest_test_of_the_story_code_through_a_barrel_counts(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """unjs/cookie-es: src/index.ts re-exports the story's `parse` as `parseCookie`. A test
    calling `parseCookie` tests the story's code."""
    monkeypatch.chdir(project.root)
    _cookie_project(project, "")
    assert command.main(["E1-S1"]) == 0
    per_ac = {e["ac_id"]: e for e in _analysis(project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC1"]["matched"] is True
    assert per_ac["AC2"]["matched"] is True, per_ac["AC2"]


def test_a_vitest_test_mocking_the_story_code_through_a_barrel_covers_nothing(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its `vi.mock("../src", ...)` keeps the real barrel and fakes `parseCookie`, the story's
    `parse`: the AC2 test checks the fake, as one mocking src/cookie/parse.ts would."""
    monkeypatch.chdir(project.root)
    _cookie_project(project, 'import { vi } from "vitest";\n\nvi.mock("../src", async (orig) => '
                    '({ ...(await orig()), parseCookie: () => ({ foo: "%1", bar: "bar" }) }));\n')
    command.main(["E1-S1"])
    findings = _check(project, "test-quality")["findings"]
    assert isinstance(findings, list)
    assert [(f["rule"], f["line"]) for f in findings] == [("mocks-sut", 5)]
    per_ac = {e["ac_id"]: e for e in _analysis(project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC1"]["matched"] is True and per_ac["AC2"]["matched"] is False
    assert "vi.mock of src/cookie/parse.ts:parse" in per_ac["AC2"]["excluded"][
        "test/parse.test.ts::parse > AC2: keeps the first of duplicate cookies"]


def _launchers_in(root: Path) -> list[int]:
    """Processes of a review's head start (`evidence.head_start`) running in `root`."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if (entry.name.isdigit() and b"gaia_head_start" in (entry / "cmdline").read_bytes()
                    and Path(os.readlink(entry / "cwd")) == root):
                found.append(int(entry.name))
        except OSError:  # gone meanwhile, or not ours to read
            continue
    return found


def test_the_review_hands_its_run_to_the_python_it_started_first(qa_project: Project) -> None:
    qa_project.write("tests/test_signup.py", TESTS + (
        "\n\ndef test_ac1_records_its_process():\n"
        "    from pathlib import Path\n"
        "    Path('cmdline').write_bytes(Path('/proc/self/cmdline').read_bytes())\n"
        "    assert signup('c@d.co') == 'created'\n"))
    result = run_gaia("review-qa", "E1-S1", cwd=qa_project.root)
    assert result.returncode in (0, 1), result.stderr
    assert (qa_project.root / "cmdline").read_bytes().split(b"\0")[:3] == [
        PY.encode(), b"-m", b"gaia_head_start"]
    evidence = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/"
                           "execution-evidence.json").read_text())
    assert evidence["suites"][0]["pass_count"] == 3
    assert _launchers_in(qa_project.root) == []


def test_a_review_that_runs_nothing_leaves_no_head_start_running(qa_project: Project) -> None:
    qa_project.add_story("E1-S2", slug="later", status="ready-for-dev")
    result = run_gaia("review-qa", "E1-S2", cwd=qa_project.root)
    assert result.returncode == 3 and "must be in 'review' status" in result.stderr
    assert _launchers_in(qa_project.root) == []
    # started before the command's own code loads (`cli.early`), stopped on a usage error too
    result = run_gaia("review-qa", "E1-S1", "--format", "xml", cwd=qa_project.root)
    assert result.returncode == 2 and "--format" in result.stderr
    assert _launchers_in(qa_project.root) == []


# --- a run the project's own pytest plugins rewrite -----------------------------------------

FORCES_PASS = '''import pytest


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.failed:
        rep.outcome = "passed"
        rep.longrepr = None
'''

KEEPS_REPORTS = '''import pytest


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)
    rep.sections.append(("note", "kept for the fixtures"))
'''


def test_a_conftest_making_failed_tests_read_passed_requests_changes(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """The code is broken, and the real pytest run says every test passed: a conftest
    rewrote the failed reports. The review names it and does not approve."""
    qa_project.write("app/signup.py", SOURCE.replace("return 422", "return 400"))
    qa_project.write("tests/conftest.py", FORCES_PASS)
    assert command.main(["E1-S1"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[3] == "reason: check 'run-integrity' failed with a blocking finding -> " \
        "REQUEST_CHANGES"
    evidence = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/"
                           "execution-evidence.json").read_text())
    assert evidence["suites"][0]["fail_count"] == 0  # what the rewritten run says
    integrity = _check(qa_project, "run-integrity")
    assert integrity["status"] == "failed"
    findings = integrity["findings"]
    assert isinstance(findings, list) and len(findings) == 1
    found = findings[0]
    assert (found["file"], found["line"], found["severity"], found["blocking"]) == (
        "tests/conftest.py", 9, "critical", True)
    assert "rewrites test outcomes, so the run's results cannot be trusted" in found["message"]
    report = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert "run-integrity/rewrites-test-outcomes tests/conftest.py:9" in report


def test_a_conftest_keeping_reports_for_its_fixtures_is_trusted(qa_project: Project) -> None:
    qa_project.write("tests/conftest.py", KEEPS_REPORTS)
    assert command.main(["E1-S1"]) == 0
    integrity = _check(qa_project, "run-integrity")
    assert (integrity["status"], integrity["findings"]) == ("passed", [])


def test_a_conftest_changed_after_a_review_is_not_served_the_cached_analysis(
        qa_project: Project) -> None:
    """The story's files are unchanged, its tests pass either way and git's view of the
    branch is the same (the base commit amended): only the conftest differs, and it is part
    of what the analysis was made of."""
    qa_project.write("tests/conftest.py", KEEPS_REPORTS)
    git(qa_project.root, "add", "-A")
    git(qa_project.root, "commit", "-q", "--amend", "--no-edit")
    assert command.main(["E1-S1"]) == 0
    qa_project.write("tests/conftest.py", FORCES_PASS)
    git(qa_project.root, "commit", "-q", "--amend", "--no-edit", "-a")
    assert command.main(["E1-S1"]) == 1
    assert _check(qa_project, "run-integrity")["status"] == "failed"


def test_only_the_reads_thread_imports_while_the_run_goes(qa_project: Project,
                                                          tmp_path: Path) -> None:
    """CPython 3.11's import locks can deadlock when threads import at once (a review that
    never ended, Ctrl-C or not). While the reads' thread imports, no other thread may:
    every module first imported while it is at work is imported by it."""
    import subprocess

    log = tmp_path / "imports.jsonl"
    recorder = (
        "import json, sys, threading\n"
        "class Recorder:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.startswith('gaia_lib'):\n"
        "            reads = [t for t in threading.enumerate() if t.name == 'gaia-review-reads']\n"
        "            with open(sys.argv[1], 'a') as f:\n"
        "                f.write(json.dumps([threading.current_thread().name, name,\n"
        "                                    bool(reads)]) + '\\n')\n"
        "        return None\n"
        "sys.meta_path.insert(0, Recorder())\n"
        "from gaia_lib.cli.main import main\n"
        "sys.exit(main(sys.argv[2:]))\n")
    done = subprocess.run([sys.executable, "-c", recorder, str(log), "review-qa", "E1-S1"],
                          cwd=qa_project.root, env=gaia_env(qa_project.root),
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in log.read_text().splitlines()]
    first = next(i for i, (thread, _, _) in enumerate(events) if thread == "gaia-review-reads")
    during = [e for e in events[first:] if e[2]]  # the reads' thread alive
    assert during and {thread for thread, _, _ in during} == {"gaia-review-reads"}, during
    assert not [e for e in events if e[0] == "gaia-review-history"]


def test_a_base_branch_that_does_not_exist_is_refused_not_replaced_by_main(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    """semver's story branch reviewed with `--base nosuch`: the review compared the File List
    and the story's tests with main instead and said nothing of it. A base git has no commit
    for, as itself or on origin, is a usage error (2), before any round is opened."""
    git(qa_project.root, "checkout", "-q", "-b", "story/E1-S1")  # main: its one commit
    assert command.main(["E1-S1", "--base", "nosuch"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("review-qa: --base nosuch: no branch, tag or commit of that name")
    assert "\n" not in err and "origin/nosuch" in err
    assert not list(qa_project.impl.rglob("qa-tests-E1-S1*.md"))
    assert command.main(["analyze", "E1-S1", "--base", "nosuch"]) == 2
    capsys.readouterr()
    assert command.main(["E1-S1", "--base", "main"]) == 0


def test_a_divergence_is_not_fixed_by_a_round_that_had_no_base_to_compare_with(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    """semver reviewed again in a clone holding only the story branch: git had no main to diff
    the File List against, and round 1's divergence was listed as fixed. It is not checked."""
    git(qa_project.root, "checkout", "-q", "-b", "story/E1-S1")
    qa_project.write("app/emails.py", "DOMAIN = 'b.co'\n")  # not in the File List
    assert command.main(["E1-S1"]) == 0
    git(qa_project.root, "branch", "-m", "main", "trunk")  # no main, master or origin now
    qa_project.write("tests/test_signup.py", TESTS + "\n# the same tests, a new round\n")
    assert command.main(["E1-S1"]) == 0
    capsys.readouterr()
    round2 = next(qa_project.impl.rglob("qa-tests-E1-S1-round2.md")).read_text()
    assert "file-list-divergence" not in round2.split("### Fixed since round 1")[1].split(
        "### Not")[0]
    unchecked = round2.split("### Not checked this round (1)\n\n")[1].split("\n\n")[1]
    assert unchecked.startswith("- file-list-divergence (")
    assert "app/emails.py" in unchecked


def test_an_ordering_ac_whose_tests_compare_without_order_draws_a_weak_assertion(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    """natsort's `natsorted` tests rewritten to `assert sorted(result) == sorted(expected)`
    passed with its order reversed: a real review of an AC promising an order warns, at
    the check, and the test comparing the result as it comes back silences it."""
    _p0_story_with(qa_project, '- [ ] **AC3:** Given emails "B@x.co" and "a@x.co", when they '
                               'are listed, then they are lower-cased and sorted ascending '
                               '("a@x.co" first).')
    qa_project.write("app/listing.py",
                     "def listed(emails):\n    return sorted(e.lower() for e in emails)\n")
    blind = ('from app.listing import listed\n\n\ndef test_ac3_emails_are_listed_sorted():\n'
             '    result = listed(["B@x.co", "a@x.co"])\n'
             '    assert sorted(result) == sorted(["a@x.co", "b@x.co"])\n')
    qa_project.write("tests/test_listing.py", blind)
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace(
        "- `tests/test_signup.py`", "- `tests/test_signup.py`\n- `app/listing.py`\n"
        "- `tests/test_listing.py`"))
    assert command.main(["E1-S1"]) == 0
    capsys.readouterr()
    findings = _check(qa_project, "then-literals")["findings"]
    assert isinstance(findings, list)
    [found] = [f for f in findings if f.get("subject") == "order"]
    assert (found["file"], found["line"], found["message"]) == (
        "tests/test_listing.py", 6,
        "every test of AC3 compares its result without its order (assert sorted(result) == "
        'sorted(["a@x.co", "b@x.co"])): none shows the order its Then clause promises')
    qa_project.write("tests/test_listing.py", blind.replace(
        'sorted(result) == sorted(["a@x.co", "b@x.co"])', 'result == ["a@x.co", "b@x.co"]'))
    assert command.main(["E1-S1"]) == 0
    findings = _check(qa_project, "then-literals")["findings"]
    assert isinstance(findings, list) and not [f for f in findings if f.get("subject") == "order"]


def test_a_story_test_matching_no_ac_that_only_checks_a_result_exists_says_so(
    qa_project: Project
) -> None:
    """natsort's test rewritten to compare `natsorted(given)` with itself matched no AC: no
    AC's rule judged it, and the report's list of such tests named it without a word of
    why. A real review says what its checks only ask."""
    qa_project.write("tests/test_signup.py", TESTS + (
        "\n\ndef test_unrelated_mailbox_quota():\n"
        '    assert signup("x@y.z") == signup("x@y.z")\n'))
    assert command.main(["E1-S1"]) == 0
    test = "tests/test_signup.py::test_unrelated_mailbox_quota"
    assert _analysis(qa_project)["unmatched_checks"] == {
        test: "only checks that the code's result equals itself (assert signup(\"x@y.z\") == "
              'signup("x@y.z"))'}
    report = next(qa_project.root.rglob("qa-tests-E1-S1.md")).read_text()
    assert (f"- `{test}` — only checks that the code's result equals itself (assert "
            'signup("x@y.z") == signup("x@y.z"))') in report


def test_a_listed_test_class_runs_the_tests_of_the_base_it_imports_from_beside_it(
        qa_project: Project) -> None:
    """rfc3986's `tests/test_uri.py` holds `class TestURIReferenceParsesURIs(base.
    BaseTestParsesURIs)`, whose tests sit in `tests/base.py`, a module the story does not list:
    pytest runs them under the listed file, so they are the story's tests."""
    _p0_story(qa_project)
    qa_project.write("tests/__init__.py", "")
    qa_project.write("tests/base.py", (
        "from app.signup import signup\n\n\n"
        "class BaseRejectsChecks:\n"
        "    def test_ac2_invalid_email_is_rejected_with_422(self):\n"
        "        assert signup(\"nope\") == 422\n"))
    qa_project.write("tests/test_signup.py", TESTS.replace(_AC2_TEST, (
        "class TestRejects(base.BaseRejectsChecks):\n    pass")).replace(
        "from app.signup import signup\n", "from app.signup import signup\n\nfrom . import base\n"))
    assert command.main(["E1-S1"]) == 0
    per_ac = {e["ac_id"]: e for e in _analysis(qa_project)["coverage"]["per_ac"]}  # type: ignore[index]
    assert per_ac["AC2"]["tests"] == ["tests/base.py::BaseRejectsChecks::"
                                      "test_ac2_invalid_email_is_rejected_with_422"]
    suite = json.loads((qa_project.root / ".gaia/state/review/qa-tests/E1-S1/"
                        "execution-evidence.json").read_text())["suites"][0]
    assert suite["story_files"] == ["tests/test_signup.py"]


def test_a_skip_the_run_reports_of_a_test_that_is_not_the_storys_is_no_finding(
        qa_project: Project) -> None:
    """rfc3986's story with its File List heading misspelt ran the whole suite, and its two IRI
    tests, skipped where the optional `idna` is not installed, drew "was reported skipped by
    the runner ...; it covers no AC": tests of no story's, which no AC could take."""
    story = qa_project.add_story("E1-S1", priority="P0")
    story.write_text(story.read_text().replace("### File List", "### Files"))
    qa_project.write("tests/test_encode.py", (
        "import pytest\n\ntry:\n    import no_such_codec\nexcept ImportError:\n"
        "    no_such_codec = None\n\n\n"
        "@pytest.mark.skipif(no_such_codec is None, reason=\"needs no_such_codec\")\n"
        "def test_encode_with_the_codec():\n    assert no_such_codec.encode(\"x\") == b\"x\"\n"))
    assert command.main(["E1-S1"]) == 1
    findings = _check(qa_project, "test-quality")["findings"]
    assert isinstance(findings, list)
    assert [f["message"] for f in findings if "test_encode" in f["message"]] == []


def test_a_conftest_fixture_the_storys_tests_take_changed_makes_a_new_round(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """rfc3986's `tests/conftest.py` hands two story tests their `invalid_uri`: with it made to
    raise, the review failed them (round 12); with it mended, their outcomes changed and the
    review was "round 12 again: the story's files are unchanged since it"."""
    fixture = ('import pytest\n\n\n@pytest.fixture\ndef bad_email():\n    {}\n')
    qa_project.write("tests/conftest.py", fixture.format('raise RuntimeError("broke")'))
    qa_project.write("tests/test_signup.py", TESTS.replace(
        "def test_ac2_invalid_email_is_rejected_with_422():\n    assert signup(\"nope\") == 422",
        "def test_ac2_invalid_email_is_rejected_with_422(bad_email):\n"
        "    assert signup(bad_email) == 422"))
    assert command.main(["E1-S1", "--format", "json"]) == 1
    first = json.loads(capsys.readouterr().out)
    qa_project.write("tests/conftest.py", fixture.format('return "nope"'))
    assert command.main(["E1-S1", "--format", "json"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert (first["round"], second["round"]) == (1, 2)


def test_tests_another_file_inherits_from_a_module_beside_it_are_counted_outside_the_story(
        qa_project: Project) -> None:
    """rfc3986's report counted 65 tests in `tests/test_uri.py` outside the File List where
    pytest runs 84: the 19 its classes inherit from `tests/base.py` were left out."""
    qa_project.write("tests/__init__.py", "")
    qa_project.write("tests/base.py", (
        "class BaseParsing:\n    def test_parses_a_host(self):\n        assert 1 + 1 == 2\n\n"
        "    def test_parses_a_port(self):\n        assert 2 + 2 == 4\n"))
    qa_project.write("tests/test_other.py", (
        "from . import base\n\n\nclass TestOtherParsing(base.BaseParsing):\n    pass\n\n\n"
        "def test_own():\n    assert 3 == 3\n"))
    assert command.main(["E1-S1"]) == 0
    text = (qa_project.impl / "qa-tests-E1-S1.md").read_text()
    assert re.search(r"Tests outside the story's File List, naming no story \(not counted\), "
                     r"in the directories looked at \([^()]*\btests\b[^()]*\): 3 in 1 "
                     r"file\(s\):\n- tests/test_other\.py: 3\n", text), text
    # ... and among the tests found that none is the story's, when it has no File List
    story = next(qa_project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace("### File List", "### Files"))
    assert command.main(["E1-S1"]) in (0, 1)
    findings = _check(qa_project, "ac-coverage")["findings"]
    assert isinstance(findings, list)
    assert "none of the 5 tests found (in 2 file(s))" in findings[0]["message"]


def test_an_over_covered_ac_names_its_tests(qa_project: Project) -> None:
    """The rubric's over-coverage suggestion ("AC2 has 4 tests") named none of them: a reader
    had to find them in the per-AC list to weigh whether they are redundant."""
    qa_project.write("tests/test_signup.py", TESTS + (
        "\n\ndef test_ac2_no_at_sign_is_rejected_with_422():\n"
        "    assert signup('a.b') == 422\n"))
    assert command.main(["E1-S1"]) == 0
    findings = _check(qa_project, "over-coverage")["findings"]
    assert isinstance(findings, list) and len(findings) == 1
    assert findings[0]["message"] == (
        "AC2 has 2 tests (test_ac2_invalid_email_is_rejected_with_422, "
        "test_ac2_no_at_sign_is_rejected_with_422): check them for redundancy (coverage "
        "counts an AC once)")


HOOKS_TEST = """const { runSeries } = require("../lib/series");

describe("runSeries", () => {
  it("AC1: runs every tap in turn", async () => {
    expect(await runSeries([() => 1, () => 2])).toEqual([1, 2]);
  });
});
"""

# as a formatter lays out a test given a time limit: its title below `it(`
HOOKS_LAID_OUT = """const { runSeries } = require("../lib/series");

describe("runSeries with no tap", () => {
\tit(
\t\t"AC2: gives an empty list",
\t\tasync () => {
\t\t\texpect(await runSeries([])).toEqual([]);
\t\t},
\t\t15000
\t);
});
"""


def test_a_story_test_file_whose_test_titles_open_below_their_call_is_run_and_said_unread(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """tapable's `SyncHooks.js` writes its snapshot tests `it(\\n\\t\\t"should ...",`: jest
    runs them, and the review's run had left the file out ("narrowed to the story's 9 test
    files" of 11), its tests never run and nothing said."""
    monkeypatch.chdir(project.root)
    for rel, text in {
        ".gaia/config/project-config.yaml": "project:\n  stack: typescript-dev\n"
        "test_execution:\n  tier_1:\n    placement: [local]\n"
        "    command: node_modules/.bin/jest\n    timeout_seconds: 300\n",
        "package.json": '{"name": "hooks", "private": true}\n',
        "lib/series.js": "exports.runSeries = async (taps) => {\n  const out = [];\n"
        "  for (const tap of taps) out.push(await tap());\n  return out;\n};\n",
        "__tests__/series.js": HOOKS_TEST, "__tests__/empty.js": HOOKS_LAID_OUT,
    }.items():
        project.write(rel, text)
    (project.root / "node_modules").symlink_to(node_tools(), target_is_directory=True)
    project.add_story("E1-S1", file_list=["lib/series.js", "__tests__/series.js",
                                          "__tests__/empty.js"], acs=(
        "- [ ] **AC1:** Given two taps, when `runSeries()` runs them, then it gives their "
        "values in turn.\n"
        "- [ ] **AC2:** Given no tap, when `runSeries()` runs, then it gives an empty list.\n"))
    _first_commit(project)
    command.main(["E1-S1"])
    evidence = json.loads((project.root / ".gaia/state/review/qa-tests/E1-S1/"
                           "execution-evidence.json").read_text())
    assert evidence["suites"][0]["pass_count"] == 2
    findings = _check(project, "test-discovery")["findings"]
    assert isinstance(findings, list)
    assert [(f["file"], f["line"], f["rule"], f["message"]) for f in findings] == [(
        "__tests__/empty.js", 4, "unread-tests",
        "the runner ran 1 test(s) in this file that the review cannot read (test calls whose "
        "title opens on the line below the call, as at line 4, or tests made at run time): "
        "no AC is matched to them")]
