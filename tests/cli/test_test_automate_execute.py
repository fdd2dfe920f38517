"""`gaia test-automate-execute`: the execution phase on a real project with real pytest and
coverage.py (tests/helpers/ta_project.py). The planned test is written by each test itself, as
the developer agent would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import ta_project as ta
from helpers.projects import Project, run_gaia


@pytest.fixture
def tp(project: Project, monkeypatch: pytest.MonkeyPatch) -> Project:
    return ta.make_ta_project(project, monkeypatch)


def step(root: Path, name: str) -> tuple[int, str, str]:
    done = run_gaia("test-automate-execute", ta.KEY, name, cwd=root, timeout=300)
    return done.returncode, done.stdout, done.stderr


def story(root: Path) -> Path:
    return next((root / ".gaia/artifacts/implementation-artifacts").rglob("E1-S1-*.md"))


def row(root: Path) -> str:
    line = next(x for x in story(root).read_text().splitlines()
                if x.startswith("| Test Automation |"))
    return line.split("|")[2].strip()


def run_all(root: Path, test_text: str) -> tuple[dict[str, object], str]:
    code, out, err = step(root, "preflight")
    assert code == 0, err
    planned = json.loads(out)
    assert [t["test_file"] for t in planned["tests"]] == [ta.TEST_FILE]
    (root / ta.TEST_FILE).write_text(test_text)
    code, out, err = step(root, "verify")
    assert code == 0, err
    result = json.loads(out)
    assert err == f"verdict: {result['reason']}\n"
    code, out, err = step(root, "record")
    assert code == 0, err
    return result, out


def test_green_tests_that_grow_coverage_pass_the_gate(tp: Project) -> None:
    root = tp.root
    code, out, err = step(root, "preflight")
    assert code == 0, err
    planned = json.loads(out)
    assert planned["developer"] == "gaia:python-dev"
    assert planned["tests"][0]["ac_text"].startswith("Given a zero divisor")
    assert planned["baseline"]["ok"] is True and planned["baseline"]["format"] == "coveragepy-json"
    run_dir = root / planned["run_dir"]
    assert (run_dir / "coverage-baseline.json").is_file()
    (root / ta.TEST_FILE).write_text(ta.GOOD_TEST)
    code, out, err = step(root, "verify")
    result = json.loads(out)
    assert result["verdict"] == "APPROVE", result
    assert result["execution"]["state"] == "success" and result["execution"]["passed"] == 2
    delta = result["coverage"]["delta"]
    assert delta["coverage_delta"] > 0 and delta["current"] == 100
    assert json.loads((run_dir / "coverage-delta.json").read_text()) == delta
    assert row(root) == "UNVERIFIED"  # verify never writes the row
    code, out, err = step(root, "record")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "test automation E1-S1: APPROVE"
    assert lines[2] == "gate: Test Automation -> PASSED (Review Gate: PENDING)"
    assert row(root) == "PASSED"
    report = root / lines[1].removeprefix("report: ")
    assert "Verdict: **APPROVE**" in report.read_text()
    assert "phase: executed" in ta.plan_path(root).read_text()
    # the gate row's report cell names the execution report
    assert "test-automate-execution.md" in next(
        x for x in story(root).read_text().splitlines() if x.startswith("| Test Automation |"))


@pytest.mark.parametrize(
    ("text", "verdict", "flag", "reason"),
    [
        (ta.PLACEHOLDER_TEST, "REQUEST_CHANGES", "placeholders", "placeholders=true"),
        (ta.SUT_MOCK_TEST, "REQUEST_CHANGES", "mocks_sut", "mocks_sut=true"),
        (ta.FAILING_TEST, "BLOCKED", None, "execution=failed"),
        (ta.NO_NEW_COVERAGE_TEST, "REQUEST_CHANGES", None, "zero coverage delta"),
    ],
    ids=["placeholder", "sut-mocking", "failing", "no-coverage-growth"],
)
def test_tests_that_are_not_clean_green_and_growing_leave_the_row(
        tp: Project, text: str, verdict: str, flag: str | None, reason: str) -> None:
    root = tp.root
    before = story(root).read_bytes()
    result, out = run_all(root, text)
    assert result["verdict"] == verdict and reason in str(result["reason"])
    if flag:
        assert result["flags"][flag] is True  # type: ignore[index]
    assert out.splitlines()[0] == f"test automation E1-S1: {verdict}"
    assert "gate: Test Automation unchanged (UNVERIFIED)" in out
    suffix = verdict.lower().replace("_", "-")
    assert out.splitlines()[1].endswith(f"/test-automate-execution-{suffix}.md")
    assert story(root).read_bytes() == before
    assert "phase: plan" in ta.plan_path(root).read_text()


UNRELATED_TEST = '''def test_ac2_divide_by_zero_raises():
    numbers = [3, 1, 2]
    numbers.sort()
    assert numbers == [1, 2, 3]
'''


@pytest.mark.parametrize(("text", "verdict"), [(UNRELATED_TEST, "REQUEST_CHANGES"),
                                               (ta.GOOD_TEST, "APPROVE")],
                         ids=["executes-nothing-of-the-story", "grows-the-story-code"])
def test_a_new_test_files_own_lines_are_no_coverage_growth(tp: Project, text: str,
                                                           verdict: str) -> None:
    """A coverage command that measures the tests too (as `gaia init` writes it): a new test
    that executes nothing of the story grows the total by its own lines, not the story's."""
    config = tp.root / ".gaia/config/project-config.yaml"
    config.write_text(config.read_text().replace(" --source=app", ""))
    result, _ = run_all(tp.root, text)
    assert result["verdict"] == verdict
    delta = result["coverage"]["delta"]  # type: ignore[index]
    assert delta["measured"] == ["app/calc.py"]
    assert (delta["coverage_delta"] > 0) is (verdict == "APPROVE")


def test_a_later_run_that_does_not_approve_keeps_the_passed_rows_proof(tp: Project) -> None:
    root = tp.root
    run_all(root, ta.GOOD_TEST)
    assert row(root) == "PASSED"
    proof = ta.plan_path(root).parent / "test-automate-execution.md"
    approved = proof.read_text()
    (root / ta.TEST_FILE).write_text(ta.FAILING_TEST)  # the executed plan's test, broken
    assert step(root, "verify")[0] == 0
    code, out, _ = step(root, "record")
    assert code == 0 and out.splitlines()[0] == "test automation E1-S1: BLOCKED"
    assert "gate: Test Automation unchanged (PASSED)" in out
    assert proof.read_text() == approved and "Verdict: **APPROVE**" in approved
    assert "Verdict: **BLOCKED**" in (proof.parent / "test-automate-execution-blocked.md"
                                      ).read_text()


def test_a_tier_whose_python_lacks_pytest_is_a_missing_runner_not_a_red_suite(
        tp: Project) -> None:
    config = tp.root / ".gaia/config/project-config.yaml"
    text = config.read_text()
    assert f"command: {ta.PY} -m pytest" in text
    config.write_text(text.replace(f"command: {ta.PY} -m pytest", f"command: {ta.PY} -S -m pytest"))
    assert step(tp.root, "preflight")[0] == 0
    (tp.root / ta.TEST_FILE).write_text(ta.GOOD_TEST)
    code, out, _ = step(tp.root, "verify")
    result = json.loads(out)
    assert (code, result["verdict"]) == (0, "BLOCKED")
    assert result["flags"]["blocking_failure"] == "runner_unavailable"
    why = result["execution"]["why"]
    assert why.startswith("tier_1 could not run its tests: ") and "No module named pytest" in why


def test_sut_mocking_finding_names_the_line(tp: Project) -> None:
    result, _ = run_all(tp.root, ta.SUT_MOCK_TEST)
    mocks = result["inspection"]["sut_mocks"]  # type: ignore[index]
    assert mocks == [{"file": ta.TEST_FILE, "line": 5, "pattern": "setattr",
                      "target": "calc.divide"}]


def _tamper(root: Path) -> None:
    path = ta.plan_path(root)
    path.write_text(path.read_text().replace("test_ac2_divide_by_zero_raises", "test_other"))


def _mismatch(root: Path) -> None:
    ta.write_plan(root, ledger_verdict=None)  # same plan id, then a newer ledger record
    from gaia_lib.core import writes
    from gaia_lib.gate import ledger

    with writes.scope("parent", root):
        ledger.append_verdict(ledger.ledger_for(root, None), ta.KEY, "test-automate-plan",
                              "sha256:" + "0" * 64, "PASSED")


def _drift(root: Path) -> None:
    (root / "app/calc.py").write_text(ta.SOURCE + "\n\ndef extra():\n    return 1\n")


def _ac_edited(root: Path) -> None:
    """The story's AC2 says something else than the approved plan was made for."""
    path = story(root)
    text = path.read_text()
    assert "then ValueError is raised" in text
    path.write_text(text.replace("then ValueError is raised", "then ZeroDivisionError is raised"))


def _ac_removed(root: Path) -> None:
    path = story(root)
    path.write_text("\n".join(line for line in path.read_text().splitlines()
                              if "**AC2:**" not in line) + "\n")


def _out_of_scope(root: Path) -> None:
    from gaia_lib.test_automate.plan import ProposedTest

    ta.write_plan(root, tests=(ProposedTest("app/test_divide.py", "t", "AC2"),))


def _clobber(root: Path) -> None:
    (root / ta.TEST_FILE).write_text("# a person's test\n")


def _unapproved(root: Path) -> None:
    ta.write_plan(root, approve=False, ledger_verdict=None)


def _no_plan(root: Path) -> None:
    ta.plan_path(root).unlink()


@pytest.mark.parametrize(
    ("break_it", "reason"),
    [
        (_tamper, "plan_tamper_detected"),
        (_unapproved, "plan_tamper_detected"),
        (_mismatch, "plan_id_mismatch"),
        (_drift, "plan_drift"),
        (_ac_edited, "plan_drift: AC2's text changed since the plan was made"),
        (_ac_removed, "plan_drift: the story no longer has AC2"),
        (_out_of_scope, "target_path_out_of_scope"),
        (_clobber, "would_clobber_existing_test"),
        (_no_plan, "plan_missing"),
    ],
)
def test_each_halt_exits_1_and_writes_nothing(tp: Project, break_it: object,
                                              reason: str) -> None:
    root = tp.root
    break_it(root)  # type: ignore[operator]
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    code, out, err = step(root, "preflight")
    assert (code, out) == (1, "")
    assert err.startswith(f"test-automate-execute: HALT: {reason}") and err.count("\n") == 1
    after = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    assert after == before


def test_steps_out_of_order_are_one_line_errors(tp: Project) -> None:
    code, out, err = step(tp.root, "verify")
    assert (code, out) == (1, "")
    assert "run the preflight step first" in err and err.count("\n") == 1
    code, _, err = step(tp.root, "record")
    assert code == 1 and "run the verify step first" in err


def test_record_refuses_a_run_whose_tests_changed_since_verify(tp: Project) -> None:
    """verify approved; the test is then turned into `assert True`: record must not pass the
    old run off as the new file's, and the row stays as it was."""
    root = tp.root
    assert step(root, "preflight")[0] == 0
    (root / ta.TEST_FILE).write_text(ta.GOOD_TEST)
    code, out, _ = step(root, "verify")
    assert code == 0 and json.loads(out)["verdict"] == "APPROVE"
    (root / ta.TEST_FILE).write_text(ta.PLACEHOLDER_TEST)
    before = story(root).read_bytes()
    code, out, err = step(root, "record")
    assert (code, out) == (1, "")
    assert err == (f"test-automate-execute: {ta.TEST_FILE} changed since the verify step ran: "
                   "run verify again\n")
    assert story(root).read_bytes() == before and row(root) == "UNVERIFIED"


def test_a_plan_changed_after_preflight_blocks_verify(tp: Project) -> None:
    root = tp.root
    assert step(root, "preflight")[0] == 0
    (root / ta.TEST_FILE).write_text(ta.GOOD_TEST)
    _drift(root)
    code, out, _ = step(root, "verify")
    result = json.loads(out)
    assert (code, result["verdict"], result["flags"]["blocking_failure"]) == (
        0, "BLOCKED", "plan_drift")


@pytest.mark.parametrize(("args", "words"), [
    ([ta.KEY], "required: step"), ([ta.KEY, "run"], "invalid choice"), ([ta.KEY, "verify", "--x"], "--x")])
def test_usage_errors_exit_2(tp: Project, args: list[str], words: str) -> None:
    done = run_gaia("test-automate-execute", *args, cwd=tp.root)
    assert done.returncode == 2 and words in done.stderr and done.stderr.count("\n") == 1


def test_without_tiers_or_coverage_command_the_stack_adapter_runs(tp: Project) -> None:
    """No test_execution block: the python-dev adapter's runner and coverage tool do the work."""
    root = tp.root
    (root / ".gaia/config/project-config.yaml").write_text("project:\n  stack: python-dev\n")
    code, out, err = step(root, "preflight")
    assert code == 0, err
    assert json.loads(out)["coverage_command"] == (
        "coverage run --branch -m pytest; coverage json -q -o coverage.json")
    (root / ta.TEST_FILE).write_text(ta.GOOD_TEST)
    result = json.loads(step(root, "verify")[1])
    assert result["verdict"] == "APPROVE", result
    assert result["coverage"]["delta"]["coverage_delta"] > 0


def test_a_test_that_breaks_the_existing_suite_requests_changes(tp: Project) -> None:
    """Alone the new file runs green; with the suite, pytest refuses two `test_calc` modules
    (no packages): the coverage run after is red where the one before was green."""
    from gaia_lib.test_automate.plan import ProposedTest

    root = tp.root
    ta.write_plan(root, tests=(ProposedTest("tests/unit/test_calc.py", "t", "AC2", "unit",
                                            "app/calc.py", "divide"),))
    assert step(root, "preflight")[0] == 0
    (root / "tests/unit").mkdir()
    (root / "tests/unit/test_calc.py").write_text(ta.GOOD_TEST)
    result = json.loads(step(root, "verify")[1])
    assert result["execution"]["state"] == "success"
    assert result["flags"]["breaks_suite"] is True
    assert (result["verdict"], result["reason"]) == (
        "REQUEST_CHANGES", "action: breaks_suite=true -> REQUEST_CHANGES")
    assert result["coverage"]["current"]["ok"] is False


def test_status_and_scaffold_count_the_tests_an_executed_plan_landed(tp: Project) -> None:
    root = tp.root
    run_all(root, ta.GOOD_TEST)
    done = run_gaia("test-automate", ta.KEY, "--status", cwd=root)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    ac2 = next(line for line in lines if line.startswith("AC2"))
    assert ac2.split()[-1] == ta.TEST_FILE and "not yet automated" not in ac2
    assert "Summary: 1/2 generated (50%) | 1 pending automation" in lines
    scaffold = run_gaia("test-automate", ta.KEY, "--scaffold", cwd=root)
    assert scaffold.returncode == 0, scaffold.stderr
    assert scaffold.stdout.splitlines()[-2] == (
        f"scaffold: 1 skeleton(s) generated for {ta.KEY} under tests")  # AC1's only


def test_a_scaffold_skeleton_at_a_planned_path_is_replaced_not_clobbered(tp: Project) -> None:
    """--scaffold after approval writes the plan's own path: the execution replaces the
    skeleton; a skeleton someone edited is a person's test again."""
    from gaia_lib.test_automate.plan import ProposedTest

    root = tp.root
    planned = "tests/test_e1_s1_ac2.py"  # the scaffold's name, as planning proposes it
    ta.write_plan(root, tests=(ProposedTest(planned, "test_e1_s1_ac2", "AC2", "unit",
                                            "app/calc.py", "divide"),))
    done = run_gaia("test-automate", ta.KEY, "--scaffold", "--stack", "python-dev", cwd=root)
    assert done.returncode == 0, done.stderr
    skeleton = (root / planned).read_text()
    assert "pytest.skip(" in skeleton
    (root / planned).write_text(skeleton + "# started by hand\n")
    code, _, err = step(root, "preflight")
    assert code == 1 and "HALT: would_clobber_existing_test" in err
    (root / planned).write_text(skeleton)
    code, out, err = step(root, "preflight")
    assert code == 0, err
    assert [t["test_file"] for t in json.loads(out)["tests"]] == [planned]
    (root / planned).write_text(ta.GOOD_TEST)
    code, out, err = step(root, "verify")
    assert json.loads(out)["verdict"] == "APPROVE", out


def test_an_execution_resumes_with_its_own_files_and_baseline(tp: Project) -> None:
    """A verify that found a placeholder; the developer fixes the file; preflight again
    resumes the same plan (no clobbering halt, the first baseline) and the fix is judged."""
    root = tp.root
    code, out, err = step(root, "preflight")
    assert code == 0, err
    first = json.loads(out)
    (root / ta.TEST_FILE).write_text(ta.PLACEHOLDER_TEST)
    code, out, _ = step(root, "verify")
    assert json.loads(out)["verdict"] == "REQUEST_CHANGES"
    code, out, err = step(root, "preflight")
    assert code == 0, err
    again = json.loads(out)
    assert again == {**first, "resumed": True}  # the baseline measured before the tests
    (root / ta.TEST_FILE).write_text(ta.GOOD_TEST)
    code, out, err = step(root, "verify")
    result = json.loads(out)
    assert result["verdict"] == "APPROVE", result
    assert result["coverage"]["delta"]["coverage_delta"] > 0


def test_a_red_run_names_its_failing_test_and_why(tp: Project) -> None:
    """The developer fixing a red run reads which test failed and its first line of failure
    in the verify output and the report, not only in the evidence file."""
    result, out = run_all(tp.root, ta.FAILING_TEST)
    why = str(result["execution"]["why"])  # type: ignore[index]
    assert why.startswith("tier_1 is red (exit 1, 1 failed): test_ac2_divide_by_zero_raises (")
    assert why.endswith("(ValueError: division by zero)")
    report = tp.root / out.splitlines()[1].removeprefix("report: ")
    assert why in report.read_text()


def test_code_already_fully_covered_leaves_the_verdict_to_the_other_checks(
        tp: Project) -> None:
    """Every line of the code under test ran before the planned tests were written: a delta
    of 0 says nothing of them, so a clean green run is approved (it could never pass
    otherwise) and the report says why; a placeholder is still refused."""
    root = tp.root
    (root / "tests" / "test_more_calc.py").write_text(
        "from app.calc import divide\n\n\ndef test_divides():\n    assert divide(6, 3) == 2\n\n\n"
        "def test_zero():\n    try:\n        divide(1, 0)\n    except ValueError:\n"
        "        return\n    raise AssertionError('no error')\n")
    result, out = run_all(root, ta.GOOD_TEST)
    delta = result["coverage"]["delta"]  # type: ignore[index]
    assert (delta["baseline"], delta["current"], delta["fully_covered"]) == (100, 100, True)
    assert result["verdict"] == "APPROVE"
    report = (root / out.splitlines()[1].removeprefix("report: ")).read_text()
    assert "fully covered before these tests, so the coverage gate cannot judge them" in report
    code, _, err = step(root, "preflight")
    assert code == 0, err
    (root / ta.TEST_FILE).write_text(ta.PLACEHOLDER_TEST)
    code, out, _ = step(root, "verify")
    assert json.loads(out)["verdict"] == "REQUEST_CHANGES"


NOT_COLLECTED_TEST = '''from app.calc import divide


def check_ac2_divide_by_zero_raises():
    assert divide(1, 0) == 12345
'''


def test_a_planned_file_whose_tests_never_ran_lands_nothing(tp: Project) -> None:
    # Two planned files, the suite green: the second holds a function pytest never collects.
    from gaia_lib.test_automate.plan import ProposedTest

    root = tp.root
    ta.write_plan(root, tests=(
        ProposedTest(ta.TEST_FILE, "test_ac2_divide_by_zero_raises", "AC2", "unit",
                     "app/calc.py", "divide"),
        ProposedTest("tests/test_divide_more.py", "test_ac2_divide_by_zero_raises_again",
                     "AC2", "unit", "app/calc.py", "divide")))
    assert step(root, "preflight")[0] == 0
    (root / ta.TEST_FILE).write_text(ta.GOOD_TEST)
    (root / "tests/test_divide_more.py").write_text(NOT_COLLECTED_TEST)
    result = json.loads(step(root, "verify")[1])
    assert result["verdict"] == "BLOCKED"
    assert result["execution"]["state"] == "failed"
    assert result["execution"]["why"] == (
        "planned test file(s) none of whose tests ran and passed (not collected by the runner, "
        "or skipped): tests/test_divide_more.py")


def test_an_approved_plan_proposing_no_test_lands_nothing(tp: Project) -> None:
    root = tp.root
    ta.write_plan(root, tests=())
    code, out, err = step(root, "preflight")
    assert code == 0, err
    assert json.loads(out)["tests"] == []
    result = json.loads(step(root, "verify")[1])
    assert result["verdict"] == "BLOCKED"
    assert result["execution"]["why"] == "the approved plan proposes no test: nothing to land"
    assert step(root, "record")[0] == 0
    assert row(root) == "UNVERIFIED"


def test_a_baseline_that_fails_halts_the_preflight_until_it_is_fixed(tp: Project) -> None:
    """coverage.py missing from the project's Python: no baseline, so no growth could ever be
    measured. The preflight says so before any test is written; fixed, it starts afresh."""
    root = tp.root
    config = root / ".gaia/config/project-config.yaml"
    good = config.read_text()
    config.write_text(good.replace("-m coverage run", "-m no_such_coverage_tool run"))
    code, out, err = step(root, "preflight")
    assert (code, out) == (1, "")
    assert err.startswith("test-automate-execute: HALT: coverage_baseline_failed: ")
    assert "fix the coverage command" in err and "\n" not in err.rstrip("\n")
    assert not list(root.rglob("setup.json"))
    config.write_text(good)
    code, out, err = step(root, "preflight")
    assert code == 0, err
    planned = json.loads(out)
    assert planned["baseline"]["ok"] is True and "resumed" not in planned
