from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from gaia_lib.checkpoint import store as checkpoint_store
from gaia_lib.core import proc
from gaia_lib.core.config import ProjectConfig
from gaia_lib.evidence import (
    ac_coverage,
    coverage_report,
    execution,
    placeholders,
    runner_output,
    sut_mocking,
    testcases,
    then_literals,
)
from gaia_lib.review_qa import context, phases
from helpers.projects import Project
from helpers.qa_project import make_qa_project


def test_the_reads_a_run_cannot_change_are_made_while_the_suite_runs(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """The matching, the placeholder and the mocking checks read only test files and sources
    already read: the review makes them in a thread while its test run goes, and has them
    when the run ends. So are the File List sources' error handlers and the matched tests'
    presence-only reading, which the checks after the run judge against it."""
    make_qa_project(project, monkeypatch)
    tests = project.root / "tests" / "test_signup.py"
    tests.write_text(tests.read_text() + "\n\ndef test_ac2_placeholder():\n    assert True\n")
    seen: dict[str, str] = {}
    both = threading.Event()

    def during(name: str, real: Any) -> Any:
        def read(*args: Any, **kwargs: Any) -> Any:
            seen.setdefault(name, threading.current_thread().name)  # where first made
            if len(seen) == 5:
                both.set()
            return real(*args, **kwargs)
        return read

    real_execute = execution.execute

    def execute(*args: Any, **kwargs: Any) -> execution.Evidence:
        evidence = real_execute(*args, **kwargs)
        both.wait(30)  # a slow suite: the reads are made before it ends
        assert seen.get("matching") == "gaia-review-reads"  # none was made before the run
        return evidence

    monkeypatch.setattr(execution, "execute", execute)
    monkeypatch.setattr(placeholders, "placeholders", during("placeholders",
                                                             placeholders.placeholders))
    monkeypatch.setattr(sut_mocking, "mocked_tests", during("mocking", sut_mocking.mocked_tests))
    monkeypatch.setattr(ac_coverage, "analyze", during("matching", ac_coverage.analyze))
    coverage_report._handlers.cache_clear()  # remembered by text: none from another test
    monkeypatch.setattr(coverage_report, "_python_handlers",
                        during("handlers", coverage_report._python_handlers))
    monkeypatch.setattr(then_literals, "presence_only",
                        during("presence", then_literals.presence_only))
    s = context.setup(project.root, "E1-S1")
    phases.start_round(s)
    result = phases.analyze(s)
    assert seen == {"placeholders": "gaia-review-reads", "mocking": "gaia-review-reads",
                    "matching": "gaia-review-reads", "handlers": "gaia-review-reads",
                    "presence": "gaia-review-reads"}
    # and the analysis holds what they found
    placeholder = next(c for c in result.results["checks"] if c["name"] == "test-quality")
    assert [f["test"] for f in placeholder["findings"]] == [
        "tests/test_signup.py::test_ac2_placeholder"]


def _runs_recorded(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The test files each run of the review is given, as it runs them."""
    ran: list[list[str]] = []
    real_execute = execution.execute

    def execute(*args: Any, **kwargs: Any) -> execution.Evidence:
        ran.append(list(kwargs["story_tests"]))
        return real_execute(*args, **kwargs)

    monkeypatch.setattr(execution, "execute", execute)
    return ran


def test_the_patterns_of_then_literals_are_compiled_only_once_the_suite_runs() -> None:
    # the review's code before its run does not load then_literals (its patterns took longer
    # to compile than the rest of those imports); its reads, while the suite runs, do
    probe = ("import sys\nimport gaia_lib.review_qa.phases, gaia_lib.review_qa.checks\n"
             "print('gaia_lib.evidence.then_literals' in sys.modules)")
    scripts = str(Path(phases.__file__).resolve().parents[2])
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, env={**os.environ, "PYTHONPATH": scripts})
    assert done.stdout.strip() == "False", done.stderr


def test_what_only_the_analysis_after_the_run_uses_is_not_imported_before_it() -> None:
    # the rules, the round's findings, the report and the QA ledger's verdicts are no part of
    # choosing and starting the run: imported while it goes, not on the way to it
    later = ("gaia_lib.review_qa.rules", "gaia_lib.review_qa.priority_floor",
             "gaia_lib.review_qa.report", "gaia_lib.qa_gating.fingerprints",
             "gaia_lib.qa_gating.verdicts")
    probe = ("import sys\nimport gaia_lib.review_qa.phases, gaia_lib.review_qa.checks\n"
             f"print(sorted(set({later!r}) & set(sys.modules)))")
    scripts = str(Path(phases.__file__).resolve().parents[2])
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, env={**os.environ, "PYTHONPATH": scripts})
    assert done.stdout.strip() == "[]", done.stderr


def test_the_run_takes_the_file_lists_tests_and_those_naming_the_story(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """The run's files are chosen before any matching: the File List's test files, and every
    test file whose path or text names the story key (only their tests can be the story's).
    The story's test files the report names are still those the matching found."""
    make_qa_project(project, monkeypatch)
    project.write("tests/test_named_in_comment.py",
                  "# the welcome mail of E1-S1\n\ndef test_mail():\n    assert 1 + 1 == 2\n")
    project.write("tests/test_e1_s1_extra.py", "def test_more():\n    assert 2 * 2 == 4\n")
    project.write("tests/test_other_story.py",
                  "# E1-S10 and E2-S1 only\n\ndef test_else():\n    assert 3 == 3\n")
    ran = _runs_recorded(monkeypatch)
    s = context.setup(project.root, "E1-S1")
    phases.start_round(s)
    result = phases.analyze(s)
    assert ran == [["tests/test_e1_s1_extra.py", "tests/test_named_in_comment.py",
                    "tests/test_signup.py"]]
    assert result.results["story_test_files"] == ["tests/test_signup.py"]
    evidence = (s.state_dir() / "execution-evidence.json").read_text()
    assert "test_named_in_comment.py" in evidence and "test_other_story.py" not in evidence


def test_the_run_is_given_no_file_of_the_file_list_that_holds_no_test(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """A helper module beside the tests that the story claims (`tests/helpers.py`, a JS
    `__tests__/utils.ts`) declares no test: handed to the runner alone it fails the run (pytest
    collects nothing, vitest finds no test file), so the run is not given it."""
    make_qa_project(project, monkeypatch)
    project.write("tests/helpers.py", "def make_email():\n    return 'a@b.co'\n")
    story = next(project.impl.rglob("E1-S1-*.md"))
    story.write_text(story.read_text().replace("- `tests/test_signup.py`\n",
                                               "- `tests/test_signup.py`\n- `tests/helpers.py`\n"))
    ran = _runs_recorded(monkeypatch)
    s = context.setup(project.root, "E1-S1")
    phases.start_round(s)
    phases.analyze(s)
    assert ran == [["tests/test_signup.py"]]


def test_the_reads_wait_for_the_runs_process_to_start(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """Until the runner's process is up, the review's own thread is on the run's path: the
    reads made alongside begin only once the run has started."""
    make_qa_project(project, monkeypatch)
    events: list[str] = []
    real_run_tool = proc.run_tool

    def run_tool(*args: Any, on_start: Any = None, **kwargs: Any) -> proc.ToolResult:
        if on_start is None:  # git and the other tools: no run of the suite
            return real_run_tool(*args, **kwargs)

        def started() -> None:
            events.append("run started")
            on_start()
        return real_run_tool(*args, on_start=started, **kwargs)

    real_analyze = ac_coverage.analyze

    def analyze(*args: Any, **kwargs: Any) -> ac_coverage.CoverageResult:
        events.append("matching")
        return real_analyze(*args, **kwargs)

    monkeypatch.setattr(proc, "run_tool", run_tool)
    monkeypatch.setattr(ac_coverage, "analyze", analyze)
    s = context.setup(project.root, "E1-S1")
    phases.start_round(s)
    phases.analyze(s)
    assert events[:2] == ["run started", "matching"]


def test_a_test_one_tier_ran_is_not_never_run_for_another_tiers_report() -> None:
    """Two jest tiers handed the story's unit and e2e specs each run those their own config
    names: a test counts as never run only when no tier's report has it."""
    unit_case, e2e_case, lost_case = (
        testcases.TestCase(file, name, 1, "") for file, name in (
            ("src/a.spec.ts", "a > adds"), ("test/a.e2e-spec.ts", "a > GET /"),
            ("test/a.e2e-spec.ts", "a > lost")))
    named = ("src/a.spec.ts", "test/a.e2e-spec.ts")

    def suite(name: str, ran: testcases.TestCase) -> execution.Suite:
        # jest's full name: its groups and title, spaced
        outcome = runner_output.TestOutcome(ran.name.replace(" > ", " "), "passed",
                                            f"/p/{ran.file}")
        return execution.Suite(name, "jest", 0, 1.0, 1, 0, False, True, tests=(outcome,),
                               named=named, per_test=True)

    evidence = execution.Evidence("multi", "local", 2.0, False, False,
                                  (suite("tier_1", unit_case), suite("tier_2", e2e_case)), ())
    reads = SimpleNamespace(cases=[unit_case, e2e_case, lost_case], inherited={},
                            story_tests=list(named), texts={})
    assert phases._never_ran(evidence, cast(phases.Reads, reads)) == {
        lost_case.test_id: "never run: the runner's report has no outcome for it"}


def test_a_go_run_a_panic_ended_counts_the_tests_it_never_reached() -> None:
    """golang-set's run read "34 passed, 1 failed" where `Test_PowerSet` writing a nil map
    had ended the package's binary: the tests after it never ran, and are counted per tier."""
    cases = [testcases.TestCase("set_test.go", name, line, "")
             for line, name in ((10, "TestAdd"), (20, "TestPowerSet"), (30, "TestProduct"),
                                (40, "TestToSlice"))]
    package = "example.com/set"
    events = [{"Action": "pass", "Package": package, "Test": "TestAdd"},
              {"Action": "output", "Package": package, "Test": "TestPowerSet",
               "Output": "--- FAIL: TestPowerSet (0.00s)\n"},
              {"Action": "output", "Package": package, "Test": "TestPowerSet",
               "Output": "panic: assignment to entry in nil map [recovered]\n"},
              {"Action": "fail", "Package": package, "Test": "TestPowerSet"},
              {"Action": "fail", "Package": package}]
    parsed = runner_output.parse_go_test_json("\n".join(json.dumps(e) for e in events))
    ran = execution.Suite("tier_1", "go test -json .", 1, 1.0, parsed.passed, parsed.failed,
                          False, True, tests=parsed.tests, named=("set_test.go",),
                          per_test=True)
    reads = SimpleNamespace(cases=cases, inherited={}, story_tests=["set_test.go"], texts={})
    evidence = execution.Evidence("tier_1", "local", 1.0, False, False, (ran,), ())
    assert phases._never_reached(evidence, cast(phases.Reads, reads)) == {"tier_1": 2}
    stopped = dataclasses.replace(ran, stopped="set_test.go:5:2: undefined: x")
    assert phases._never_reached(dataclasses.replace(evidence, suites=(stopped,)),
                                 cast(phases.Reads, reads)) == {}


def test_a_go_run_cut_off_at_its_time_limit_counts_the_tests_it_never_reached() -> None:
    """A rate limiter's wait test hanging under a 30 s tier limit: the run line read "25
    passed, 0 failed, 1 still running" of 35, the nine tests after the hung one left out as
    if there were no more; they are counted, the one still running not among them."""
    cases = [testcases.TestCase("limit_test.go", name, line, "")
             for line, name in ((10, "TestBurst"), (20, "TestWaitForever"), (30, "TestZero"),
                                (40, "TestRefill"))]
    package = "example.com/rate"
    events = [{"Action": "pass", "Package": package, "Test": "TestBurst"},
              {"Action": "run", "Package": package, "Test": "TestWaitForever"},
              {"Action": "output", "Package": package, "Test": "TestWaitForever",
               "Output": "=== RUN   TestWaitForever\n"}]
    text = "\n".join(json.dumps(e) for e in events)
    tests = (*runner_output.go_finished(text), *runner_output.go_still_running(text))
    cut = execution.Suite("tier_1", "go test -json .", -9, 30.0, 1, 0, True, True, tests=tests,
                          named=("limit_test.go",), per_test=True)
    reads = SimpleNamespace(cases=cases, inherited={}, story_tests=["limit_test.go"], texts={})
    evidence = execution.Evidence("tier_1", "local", 30.0, False, False, (cut,), ())
    assert phases._never_reached(evidence, cast(phases.Reads, reads)) == {"tier_1": 2}


BATS_CASES = [testcases.TestCase("test/version-file-read.bats", name, 1, "")
              for name in ("reads simple version file", "fails for blank file")]


def _wrapper_run(suite: execution.Suite) -> dict[str, str]:
    """`_never_ran` for a run of `suite` (a tier that names none of the story's files: the
    project's own script, `test/run`) over the story's two bats tests."""
    evidence = execution.Evidence("tier_1", "local", 1.0, False, False, (suite,), ())
    reads = SimpleNamespace(cases=BATS_CASES, inherited={},
                            story_tests=["test/version-file-read.bats"], texts={})
    return phases._never_ran(evidence, cast(phases.Reads, reads))


def test_a_story_test_no_run_reported_never_counts_as_passed() -> None:
    """rbenv's `test/run test/local.bats` runs none of the story's tests: its TAP has outcomes
    of other tests only, and the story's are never run, not passed by default."""
    other = runner_output.TestOutcome("fails for blank file", "passed", None)
    ran = execution.Suite("tier_1", "test/run test/local.bats", 0, 1.0, 7, 0, False, True,
                          tests=(other,), per_test=True)
    assert _wrapper_run(ran) == {BATS_CASES[0].test_id:
                                 "never run: the run's report has no outcome for it"}


def test_a_run_that_reports_no_outcome_per_test_shows_none_of_the_story_tests_passed() -> None:
    """A command whose output the review cannot read per test (exit code only) says of no
    test that it passed; nor does a run cut off at its time limit that says nothing."""
    blind = execution.Suite("tier_1", "make test", 0, 1.0, 1, 0, False, True)
    assert set(_wrapper_run(blind).values()) == {
        "not known to have run: tier_1 reported no outcome per test, only its exit code"}
    hung = dataclasses.replace(blind, exit_code=124, timeout=True, runner="bats")
    assert set(_wrapper_run(hung).values()) == {
        "not known to have run: the run hit its time limit before bats reported any test"}
    named = dataclasses.replace(hung, runner="jest", named=("test/version-file-read.bats",))
    assert set(_wrapper_run(named).values()) == {
        "not known to have run: the run hit its time limit before jest reported any test"}
    pytest_tier = dataclasses.replace(blind, runner="pytest")  # takes no bats file
    assert _wrapper_run(pytest_tier) == {}


def test_a_run_that_wrote_no_per_test_report_shows_none_of_the_story_tests_passed() -> None:
    """A pytest run a conftest ended with `os._exit(0)` before any test: exit 0, its JUnit
    report never written. The story's files it was given name tests none of which is known to
    have run, whatever its exit code; with the review's progress log, those it did not log
    never ran."""
    named = execution.Suite("tier_1", "pytest test/x.py", 0, 1.0, 0, 0, False, True,
                            named=("test/version-file-read.bats",), runner="bats",
                            no_report="bats ended without writing its per-test report")
    why = ("not known to have run: tier_1 wrote no per-test report (bats ended without "
           "writing its per-test report)")
    assert _wrapper_run(named) == dict.fromkeys((c.test_id for c in BATS_CASES), why)
    # named nowhere (a tier run as configured): the same
    assert _wrapper_run(dataclasses.replace(named, named=())) == dict.fromkeys(
        (c.test_id for c in BATS_CASES), why)
    logged = dataclasses.replace(named, per_test=True, tests=(
        runner_output.TestOutcome("reads simple version file", "passed", None),))
    assert _wrapper_run(logged) == {BATS_CASES[1].test_id: (
        "never run: the run wrote no per-test report (bats ended without writing its per-test "
        "report), and the review's progress log of it has no outcome for it")}


def test_a_story_test_only_a_tier_placed_elsewhere_runs_was_not_run_here(
        tmp_path: Path) -> None:
    """The demo's integration test: tier_1 (local) runs `tests/unit`, tier_2 (CI only) its
    `tests/integration`: locally it was not run, and says so, rather than "no outcome"."""
    for directory in ("tests/unit", "tests/integration"):
        (tmp_path / directory).mkdir(parents=True)
    flow = testcases.TestCase("tests/integration/test_flow.py", "test_flow", 1, "")
    unit = testcases.TestCase("tests/unit/test_signup.py", "test_signup", 1, "")
    ran = execution.Suite("tier_1", "python -m pytest -q tests/unit", 0, 1.0, 1, 0, False,
                          True, tests=(runner_output.TestOutcome("test_signup", "passed",
                                                                 "tests/unit/test_signup.py"),),
                          per_test=True, runner="pytest")
    evidence = execution.Evidence("tier_1", "local", 1.0, False, False, (ran,), ())
    reads = SimpleNamespace(cases=[flow, unit], inherited={},
                            story_tests=[flow.file, unit.file], texts={})
    assert phases._never_ran(evidence, cast(phases.Reads, reads), tmp_path) == {
        flow.test_id: "not run here: no tier placed in 'local' runs it (tier_1 ran other test "
                      "paths)"}
    # a command naming no test path takes every file: the test had no outcome in it
    whole = dataclasses.replace(ran, command="python -m pytest -q")
    assert phases._never_ran(dataclasses.replace(evidence, suites=(whole,)),
                             cast(phases.Reads, reads), tmp_path) == {
        flow.test_id: "never run: the run's report has no outcome for it"}


def test_a_test_that_failed_or_was_skipped_is_named_where_its_ac_is_not_covered(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that errored in its fixture, or was skipped, executed none of the story's code:
    that says why it verifies nothing, not that it tests other code. It is still matched by
    its words, and its AC lists it with the reason it does not count (natsort's locale tests,
    failing on setup where a locale is missing, had vanished from their AC)."""
    make_qa_project(project, monkeypatch)
    project.write("tests/test_signup.py", '''import pytest

from app.signup import signup


@pytest.fixture
def mail_server():
    raise RuntimeError("no mail server")


def test_a_valid_email_creates_the_account(mail_server):
    assert signup("a@b.co") == "created"


@pytest.mark.skip(reason="later")
def test_an_invalid_email_is_rejected_with_422():
    assert signup("nope") == 422
''')
    s = context.setup(project.root, "E1-S1")
    phases.start_round(s)
    per_ac = {e["ac_id"]: e for e in phases.analyze(s).results["coverage"]["per_ac"]}
    assert not per_ac["AC1"]["matched"] and not per_ac["AC2"]["matched"]
    assert per_ac["AC1"]["excluded"] == {
        "tests/test_signup.py::test_a_valid_email_creates_the_account":
            'failed in this run (failed on setup with "RuntimeError: no mail server")'}
    assert per_ac["AC2"]["excluded"] == {  # the placeholder reason, where both hold
        "tests/test_signup.py::test_an_invalid_email_is_rejected_with_422":
            "is a placeholder, skipped in source (@pytest.mark.skip: \"later\")"}



def test_a_test_that_ran_none_of_the_story_code_is_named_where_its_ac_is_not_covered(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test whose words match AC1 but which never calls signup tests other code: it counts
    for no AC, and AC1 names it with that reason, rather than saying only "no test"."""
    make_qa_project(project, monkeypatch)
    project.write("tests/test_signup.py", '''from app.signup import signup


def test_a_valid_email_creates_the_account():
    assert "a@b.co".partition("@")[2] == "b.co"


def test_an_invalid_email_is_rejected_with_422():
    assert signup("nope") == 422
''')
    s = context.setup(project.root, "E1-S1")
    phases.start_round(s)
    results = phases.analyze(s).results
    per_ac = {e["ac_id"]: e for e in results["coverage"]["per_ac"]}
    assert (per_ac["AC1"]["matched"], per_ac["AC1"]["tests"]) == (False, [])
    assert per_ac["AC1"]["excluded"] == {
        "tests/test_signup.py::test_a_valid_email_creates_the_account":
            "never executes the story's code (app/signup.py)"}
    assert (per_ac["AC2"]["tests"], per_ac["AC2"]["excluded"]) == (
        ["tests/test_signup.py::test_an_invalid_email_is_rejected_with_422"], {})
    check = next(c for c in results["checks"] if c["name"] == "ac-coverage")
    assert [f["message"] for f in check["findings"]] == [
        "AC1 has no test (its only test does not count: tests/test_signup.py::"
        "test_a_valid_email_creates_the_account never executes the story's code "
        "(app/signup.py)) (tests/test_signup.py::test_ac1_valid_email_creates_account, "
        "matched to it on main, is gone) (priority P1)"]

def test_a_python_test_replaced_by_a_later_def_of_its_name_counts_for_nothing(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """Python keeps the last `def` of a name: a real check followed by a placeholder of the
    same name runs only the placeholder, and the real one, never collected, counts for no AC
    (nor does the placeholder). The other way round, the real one runs and counts."""
    make_qa_project(project, monkeypatch)
    real = 'def test_ac2_invalid_email_is_rejected():\n    assert signup("nope") == 422\n'
    fake = 'def test_ac2_invalid_email_is_rejected():\n    assert True\n'
    tests = project.root / "tests" / "test_signup.py"
    head = "from app.signup import signup\n\n\n"

    def excluded_for_ac2(first: str, second: str) -> tuple[bool, dict[str, str]]:
        tests.write_text(head + first + "\n\n" + second)
        s = context.setup(project.root, "E1-S1")
        phases.start_round(s)
        entry = next(e for e in phases.analyze(s, use_cache=False).results["coverage"]["per_ac"]
                     if e["ac_id"] == "AC2")
        return entry["matched"], entry["excluded"]

    matched, excluded = excluded_for_ac2(real, fake)
    name = "tests/test_signup.py::test_ac2_invalid_email_is_rejected"
    assert not matched and excluded[name] == (
        "never run: a later def of the same name replaces it (line 8)")
    assert excluded[name + " #2"].startswith("is a placeholder")
    matched, excluded = excluded_for_ac2(fake, real)
    assert matched and list(excluded) == [name]


def test_a_python_test_replaced_by_an_import_of_its_name_is_the_imported_one(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test module defining a test and then importing one of the same name from a module
    beside it (funcy's `test_decorator_access_args`, from `tests/py38_decorators.py`) runs
    the imported one under the test's id: the def, never collected, is no placeholder and
    counts for no AC, and the imported one's failure is put at the import's line, as is that
    of a test the module imports with no def of its own (funcy's `test_autocurry_posonly`)."""
    make_qa_project(project, monkeypatch)
    project.write("tests/__init__.py", "")
    project.write("tests/newer_signup.py", "from app.signup import signup\n\n\n"
                  "def test_ac2_invalid_email_is_rejected_with_422():\n"
                  "    assert signup('nope') == 400\n\n\n"
                  "def test_a_blank_email_is_rejected():\n"
                  "    assert signup('') == 400\n")
    project.write("tests/test_signup.py", (
        "from app.signup import signup\n\n\n"
        "def test_ac1_valid_email_creates_account():\n"
        "    assert signup('a@b.co') == 'created'\n\n\n"
        "def test_ac2_invalid_email_is_rejected_with_422():\n"
        "    pass  # the full version is imported below\n\n\n"
        "if True:\n"
        "    from .newer_signup import test_ac2_invalid_email_is_rejected_with_422  # noqa\n"
        "    from .newer_signup import test_a_blank_email_is_rejected  # noqa\n"))
    s = context.setup(project.root, "E1-S1")
    phases.start_round(s)
    results = phases.analyze(s, use_cache=False).results
    quality = next(c for c in results["checks"] if c["name"] == "test-quality")
    assert [(f["rule"], f["file"], f["line"]) for f in quality["findings"]] == [
        ("failed-test", "tests/test_signup.py", 14), ("failed-test", "tests/test_signup.py", 13)]
    entry = next(e for e in results["coverage"]["per_ac"] if e["ac_id"] == "AC2")
    assert entry["excluded"] == {
        "tests/test_signup.py::test_ac2_invalid_email_is_rejected_with_422":
            "its def never runs: a later import of the same name replaces it (line 13)"}


def test_a_placeholder_that_ran_none_of_the_code_is_named_where_its_ac_is_not_covered(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that returns before its checks ran none of the story's code: per-test coverage
    alone would take it for a test of other code and leave it out of its AC, which then said
    only "no test". Its AC names it, and why it does not count."""
    make_qa_project(project, monkeypatch)
    project.write("tests/test_signup.py", '''from app.signup import signup


def test_a_valid_email_creates_the_account():
    return
    assert signup("a@b.co") == "created"
''')
    s = context.setup(project.root, "E1-S1")
    phases.start_round(s)
    per_ac = {e["ac_id"]: e for e in phases.analyze(s).results["coverage"]["per_ac"]}
    assert not per_ac["AC1"]["matched"]
    assert list(per_ac["AC1"]["excluded"]) == [
        "tests/test_signup.py::test_a_valid_email_creates_the_account"]
    assert next(iter(per_ac["AC1"]["excluded"].values())).startswith("is a placeholder")


def test_the_placeholder_rules_read_the_module_a_js_test_takes_its_expect_from(
        tmp_path: Path) -> None:
    """A JS/TS test importing `expect` from its project's `check-helpers.ts`, which defines a
    do-nothing one, is a placeholder: the review reads that module beside the test files."""
    test = ("import { expect } from './check-helpers';\n\n"
            "it('strips', () => {\n  expect(strip({ a: 1 })).toEqual({});\n});\n")
    helper = "export const expect = (_x: any): any => ({ toEqual() {} });\n"
    (tmp_path / "test").mkdir()
    (tmp_path / "test" / "check-helpers.ts").write_text(helper)
    reads = phases.Reads.__new__(phases.Reads)
    reads.s = cast(Any, SimpleNamespace(project=tmp_path, config=ProjectConfig(None),
                                        stack="ts-dev"))
    rel = "test/strip.spec.ts"
    reads.__dict__.update(texts={rel: test}, cases=testcases.split_tests(rel, test),
                          coverage=SimpleNamespace(unattributed_tests=()), file_list=[rel])
    assert reads.helper_texts == {"test/check-helpers.ts": helper}
    assert [p.test_id for p in reads.placeholders] == [f"{rel}::strips"]


def _fsynced_names(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The names of the files fsynced (a write's temp file counts for its target's name)."""
    names: set[str] = set()
    real = os.fsync

    def fsync(fd: int) -> None:
        name = os.path.basename(os.readlink(f"/proc/self/fd/{fd}"))
        temp = re.fullmatch(r"\.(.+)\.[0-9]+\.[0-9a-f]{8}\.tmp", name)
        names.add(temp.group(1) if temp else name)
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return names


def test_the_step_1_checkpoint_is_made_durable_while_the_suite_runs(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its fsyncs wait for the disk: made once the run has started, not on the way to it,
    and before the analysis is recorded (the step-3 checkpoint replaces it)."""
    make_qa_project(project, monkeypatch)
    events: list[str] = []
    real_execute = execution.execute
    real_sync = checkpoint_store.sync_step
    real_step = checkpoint_store.record_step

    def execute(*args: Any, **kwargs: Any) -> execution.Evidence:
        on_start = kwargs["on_start"]

        def started() -> None:
            events.append("run started")
            on_start()

        return real_execute(*args, **{**kwargs, "on_start": started})

    def sync_step(*args: Any) -> None:
        events.append("step synced")
        real_sync(*args)

    def record_step(*args: Any, **kwargs: Any) -> None:
        events.append(f"step {args[3]} durable={kwargs.get('durable', True)}")
        real_step(*args, **kwargs)

    monkeypatch.setattr(execution, "execute", execute)
    monkeypatch.setattr(checkpoint_store, "sync_step", sync_step)
    monkeypatch.setattr(checkpoint_store, "record_step", record_step)
    phases.run(project.root, "E1-S1", use_cache=False)
    assert events == ["step 1 durable=False", "run started", "step synced", "step 3 durable=True",
                      "step 8 durable=True"]


def test_a_review_that_runs_nothing_still_makes_its_step_1_checkpoint_durable(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    make_qa_project(project, monkeypatch)
    synced: list[str] = []
    monkeypatch.setattr(checkpoint_store, "sync_step",
                        lambda project, workflow: synced.append(workflow))

    def no_run(*args: Any, **kwargs: Any) -> execution.Evidence:
        raise OSError(30, "Read-only file system")  # the review stops before its run

    monkeypatch.setattr(execution, "execute", no_run)
    with pytest.raises(OSError):
        phases.run(project.root, "E1-S1", use_cache=False)
    assert synced == ["qa-tests"]


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="names fds through /proc")
def test_the_review_fsyncs_its_user_state_not_its_derivable_evidence(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """The story, the checkpoint, the report and the round's saved findings and test cases
    survive a power loss; the runner's logs, the coverage settings, the analysis, the
    execution evidence, the cache entry and the review summary are written again by the
    next review, so they are renamed into place without an fsync (writes: durability)."""
    make_qa_project(project, monkeypatch)
    project.write("tests/test_signup.py", "from app.signup import signup\n\n\n"
                  "def test_ac1_valid_email_creates_account():\n"
                  "    assert signup(\"a@b.co\") == \"created\"\n")
    synced = _fsynced_names(monkeypatch)
    s, _, outcome = phases.run(project.root, "E1-S1", use_cache=False)
    assert outcome.gate_verdict == "PASSED"  # AC2 untested (P1: a warning) gets a test case
    state = sorted(p.name for p in s.state_dir().iterdir())
    for derivable in ("tier_1-stdout.log", "tier_1-stderr.log", "attribution.coveragerc",
                      "analysis-results.json", "analysis-results.md",
                      "execution-evidence.json", "llm-findings.json"):
        assert derivable in state and derivable not in synced, derivable
    assert not any(name.endswith(".json") and len(name) == 37 for name in synced)  # cache
    assert "review-summary-E1-S1.md" not in synced
    assert {"E1-S1-signup.md", "qa-tests.yaml", "qa-tests-E1-S1.md", "findings-round1.json",
            "qa-test-cases-E1-S1.json"} <= synced


def test_a_python_test_reads_the_constants_of_the_file_lists_sources_as_their_literals(
        tmp_path: Path) -> None:
    """python-ulid's `test_ulid` checks `len(ulid.bytes) == constants.BYTES_LEN`: the review
    reads the test with the literal `ulid/constants.py`, a File List source, gives it."""
    (tmp_path / "ulid").mkdir()
    (tmp_path / "tests").mkdir()
    (tmp_path / "ulid" / "constants.py").write_text("BYTES_LEN = 16\n")
    (tmp_path / "tests" / "test_ulid.py").write_text(
        "from ulid import constants\n\n\ndef test_ulid():\n"
        "    assert len(ULID().bytes) == constants.BYTES_LEN\n")
    reads = phases.Reads.__new__(phases.Reads)
    reads.s = cast(Any, SimpleNamespace(project=tmp_path, stack="python-dev"))
    rel = "tests/test_ulid.py"
    reads.__dict__.update(test_files=[testcases.read_test_file(tmp_path, rel)],
                          file_list=["ulid/constants.py", rel])
    [case] = reads.cases
    assert "assert len(ULID().bytes) == 16" in case.constants


def test_a_js_test_reads_the_constants_it_imports_from_the_file_lists_sources(
        tmp_path: Path) -> None:
    """A link cleaner's spec checks `expect(clean("")).toBe(EMPTY_LINK)`, the constant
    `src/defaults.ts`, a File List source, exports as `"about:blank"`: the then-literals check
    reads the test with that literal (a Then promising `about:blank` had drawn "no test
    asserts any of `about:blank`"); the test itself, which the matching reads, is as written."""
    (tmp_path / "src" / "__tests__").mkdir(parents=True)
    (tmp_path / "src" / "defaults.ts").write_text(
        'export const EMPTY_LINK = "about:blank";\nexport const LIMIT: number = 2048;\n')
    rel = "src/__tests__/clean.test.ts"
    (tmp_path / rel).write_text(
        'import { clean } from "..";\nimport { EMPTY_LINK } from "../defaults";\n\n'
        'describe("clean", () => {\n  it("blanks an empty link", () => {\n'
        '    expect(clean("")).toBe(EMPTY_LINK);\n  });\n});\n')
    reads = phases.Reads.__new__(phases.Reads)
    reads.s = cast(Any, SimpleNamespace(project=tmp_path, stack="ts-dev"))
    reads.__dict__.update(test_files=[testcases.read_test_file(tmp_path, rel)],
                          file_list=["src/defaults.ts", rel])
    [case] = reads.cases
    assert "toBe(EMPTY_LINK)" in case.body and not case.constants
    assert 'expect(clean("")).toBe("about:blank");' in reads.js_constants[case.test_id]


def test_a_js_test_reads_the_snapshot_stored_beside_its_file(tmp_path: Path) -> None:
    """htmlparser2's events tests compare with `src/__snapshots__/Parser.events.spec.ts.snap`:
    the review reads each test's entry there as what it asserts, and hashes the file with the
    test files (a changed snapshot is a changed analysis)."""
    spec = ("function runTest(input: string) {\n  expect(collect(input)).toMatchSnapshot();\n}\n"
            "describe('Events', () => {\n  it('keeps a lone ampersand', () => runTest('Q&A'));\n"
            "});\n")
    (tmp_path / "src" / "__snapshots__").mkdir(parents=True)
    (tmp_path / "src" / "events.spec.ts").write_text(spec)
    (tmp_path / "src" / "__snapshots__" / "events.spec.ts.snap").write_text(
        "exports[`Events > keeps a lone ampersand 1`] = `\"Q&A\"`;\n")
    reads = phases.Reads.__new__(phases.Reads)
    reads.s = cast(Any, SimpleNamespace(project=tmp_path, stack="ts-dev",
                                        story_path=tmp_path / "story.md"))
    rel = "src/events.spec.ts"
    reads.__dict__.update(test_files=[testcases.read_test_file(tmp_path, rel)], file_list=[rel],
                          found=SimpleNamespace(all_files=[rel]))
    assert reads.snapshots == {f"{rel}::Events > keeps a lone ampersand": '"Q&A"'}
    assert sorted(reads.file_hashes) == ["src/__snapshots__/events.spec.ts.snap", rel]


def test_a_round_is_the_story_test_files_helpers_too() -> None:
    """chrono-node: its story's tests hand their checks to `testSingleCase` of
    `test/test_util.ts`; that helper made to log failures instead of throwing them turned an
    APPROVE into a REQUEST_CHANGES, yet was "round 16 again, files unchanged". A helper the
    story's test files take their checks from is of the files a round reviews; a test file of
    another story is not."""
    def analysis(helper: str, other: str) -> dict[str, Any]:
        return {"file_hashes": {"test/en/ago.test.ts": "a", "test/test_util.ts": helper,
                                "test/fr/ago.test.ts": other, "src/parser.ts": "p"},
                "story_test_files": ["test/en/ago.test.ts"],
                "story_helpers": ["test/test_util.ts"], "file_list": ["src/parser.ts"],
                "test_cases": [], "unattributed_tests": []}

    first = phases.round_inputs(analysis("h1", "o1"))
    assert phases.round_inputs(analysis("h2", "o1")) != first
    assert phases.round_inputs(analysis("h1", "o2")) == first


def test_a_round_is_the_story_test_files_snapshots_too() -> None:
    """A snapshot file beside a story test file is what its `toMatchSnapshot()` tests assert:
    plugin hooks' `__snapshots__/SyncHooks.js.snap` deleted, four tests failing, had read
    "round 1 again: the story's files are unchanged since it"."""
    snap = "lib/__tests__/__snapshots__/SyncHooks.js.snap"

    def analysis(snapshot: str | None) -> dict[str, Any]:
        hashes = {"lib/__tests__/SyncHooks.js": "t", "lib/SyncHook.js": "s",
                  **({snap: snapshot} if snapshot else {})}
        return {"file_hashes": hashes, "story_test_files": ["lib/__tests__/SyncHooks.js"],
                "file_list": ["lib/SyncHook.js", "lib/__tests__/SyncHooks.js"],
                "test_cases": [], "unattributed_tests": []}

    first = phases.round_inputs(analysis("v1"))
    assert phases.round_inputs(analysis("v2")) != first
    assert phases.round_inputs(analysis(None)) != first
    assert phases.round_inputs(analysis("v1")) == first


def test_a_run_that_stopped_before_any_test_says_its_cause_once_not_per_test() -> None:
    """go-runewidth: one compile error in a test file of the story's package stopped `go
    test` before any test, and the error was repeated in each of 14 tests' reasons, each AC
    finding quoting it again. The cause is the test run line's; each test's reason points
    there, whether the run named the story's files or took them unnamed."""
    case = testcases.TestCase("convert_test.go", "TestSwapCase", 3, "")
    stopped = execution.Suite("tier_1", "go test ./...", 2, 1.0, 0, 0, False, True,
                              named=(case.file,), runner="go",
                              stopped="./count_test.go:11:18: cannot use \"x\" as int value")
    reads = SimpleNamespace(cases=[case], inherited={}, story_tests=[case.file], texts={})
    why = "never run: tier_1 stopped before running any test (the test run line says why)"
    for suite in (stopped, dataclasses.replace(stopped, named=())):
        evidence = execution.Evidence("tier_1", "local", 1.0, False, False, (suite,), ())
        assert phases._never_ran(evidence, cast(phases.Reads, reads)) == {case.test_id: why}


def test_a_go_test_whose_file_the_go_that_ran_does_not_build_never_ran() -> None:
    """A properties-file reader's File List names both twins of a test, one file built from
    Go 1.15 on and one before it, each declaring `TestMustGetParsedDuration`: the one outcome
    of that name had been read as both files' tests passing, and the never-built one counted
    for its AC."""
    built = testcases.TestCase("props_go1.15_test.go", "TestMustGetParsedDuration", 5, "")
    older = testcases.TestCase("props_pre_go1.15_test.go", "TestMustGetParsedDuration", 5, "")
    outcome = runner_output.TestOutcome("TestMustGetParsedDuration", "passed", "example.com/p")
    suite = execution.Suite("tier_1", "go test ./...", 0, 1.0, 1, 0, False, True,
                            tests=(outcome,), named=(built.file, older.file), per_test=True,
                            runner="go")
    evidence = execution.Evidence("tier_1", "local", 1.0, False, False, (suite,), ())
    reads = SimpleNamespace(cases=[built, older], inherited={},
                            story_tests=[built.file, older.file],
                            texts={built.file: "//go:build go1.15\n\npackage p\n",
                                   older.file: "//go:build !go1.15\n\npackage p\n"})
    assert phases._never_ran(evidence, cast(phases.Reads, reads), not_built=phases._not_built_here(
        evidence, cast(phases.Reads, reads), ("1.19.8", "linux", "amd64"))) == {
        older.test_id: "never run: its file is built only where `!go1.15` holds, and go "
                       "1.19.8 on linux/amd64 does not build it"}
    # where go was not found, nothing is said of it
    assert phases._never_ran(evidence, cast(phases.Reads, reads)) == {}
    # nor is the outcome of its name that test's: a failure is the built file's alone
    assert set(phases._not_built_here(evidence, cast(phases.Reads, reads),
                                      ("1.19.8", "linux", "amd64"))) == {older.test_id}


def test_the_outside_go_test_files_built_only_somewhere_are_read_with_their_limit(
        tmp_path: Path) -> None:
    # bitset: popcnt_cmp_test.go is built only before Go 1.9; popcnt_test.go everywhere
    (tmp_path / "popcnt_cmp_test.go").write_text(
        "// +build !go1.9\n// +build amd64,!appengine\n\npackage bitset\n")
    (tmp_path / "popcnt_test.go").write_text("package bitset\n")
    assert phases._build_limits(tmp_path, ["popcnt_cmp_test.go::TestA", "popcnt_cmp_test.go::TestB",
                                           "popcnt_test.go::TestC", "t.py::test_d"]) == {
        "popcnt_cmp_test.go": "its file is built only where `!go1.9 && amd64 && !appengine` "
                              "holds"}


def test_an_outside_go_test_file_the_go_that_ran_builds_is_read_without_a_limit(
        tmp_path: Path) -> None:
    """A rate limiter's module: its limiter tests' file says `//go:build go1.7`, which every
    go since 1.7 builds; the count of the tests outside a story of its other file had read
    "(its file is built only where `go1.7` holds)" beside them, run by go 1.19 like any."""
    (tmp_path / "limit_test.go").write_text("//go:build go1.7\n// +build go1.7\n\npackage rate\n")
    (tmp_path / "soak_test.go").write_text("//go:build integration\n\npackage rate\n")
    (tmp_path / "old_test.go").write_text("//go:build !go1.9\n\npackage rate\n")
    tests = ["limit_test.go::TestBurst", "soak_test.go::TestSoak", "old_test.go::TestOld"]
    assert phases._build_limits(tmp_path, tests, ("1.19.8", "linux", "amd64")) == {
        "soak_test.go": "its file is built only where `integration` holds",
        "old_test.go": "its file is built only where `!go1.9` holds"}
    # where go was not found, each limit is said
    assert set(phases._build_limits(tmp_path, tests)) == {
        "limit_test.go", "soak_test.go", "old_test.go"}


def test_analysis_results_md_says_the_test_files_found_per_stack() -> None:
    """dpath's analysis-results.md had read `test files discovered: {'python-dev': 13}`,
    a Python dict."""
    results = {"story_key": "E1-S1", "skill": "gaia-review-qa",
               "tests_discovered": {"python-dev": 13, "ts-dev": 4}}
    assert "- test files discovered: 13 (python-dev), 4 (ts-dev)\n" in \
        phases.render_analysis_md(results)
    assert "- test files discovered: none\n" in phases.render_analysis_md(
        {**results, "tests_discovered": {}})


@pytest.mark.parametrize(("command", "runner", "failed", "said"), [
    ("python -m pytest -q -x tests", "pytest", 1, "-x"),
    ("python -m pytest -qx tests", "pytest", 1, "-qx"),
    ("python -m pytest --maxfail=2 tests", "pytest", 1, "--maxfail=2"),
    ("npx jest --bail src", "jest", 1, "--bail"),
    ("go test -json -failfast ./...", "go", 1, "-failfast"),
    # `-rxs` reports the xfailed and skipped: its letters are `-r`'s value, no `-x`
    ("python -m pytest -rxs tests", "pytest", 1, None),
    ("python -m pytest -k exact tests", "pytest", 1, None),
    # a run that failed nothing stopped at no failure
    ("python -m pytest -x tests", "pytest", 0, None),
    ("npx vitest run -x", "vitest", 1, None),
])
def test_a_run_stopping_at_its_first_failure_is_read_from_its_command(
        command: str, runner: str, failed: int, said: str | None) -> None:
    suite = execution.Suite("tier_1", command, 1, 0.1, 1, failed, False, True, runner=runner)
    assert phases._stops_at_failure(suite) == said
