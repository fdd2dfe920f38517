from __future__ import annotations

import pytest

from gaia_lib.core.errors import ScopeViolation
from gaia_lib.evidence.execution import Evidence, Suite
from gaia_lib.test_automate import execute
from gaia_lib.test_automate.preflight import Halt
from helpers import ta_project as ta
from helpers.projects import Project


@pytest.fixture
def tp(project: Project, monkeypatch: pytest.MonkeyPatch) -> Project:
    return ta.make_ta_project(project, monkeypatch)


def test_land_test_writes_inside_the_tier_directories(tp: Project) -> None:
    ctx = execute.load(tp.root, ta.KEY)
    assert ctx.dirs == ("tests",)
    written = execute.land_test(ctx, ta.TEST_FILE, ta.GOOD_TEST)
    assert written.read_text() == ta.GOOD_TEST


@pytest.mark.parametrize("rel", ["app/test_divide.py", "test_top.py", "tests_other/test_x.py"])
def test_land_test_refuses_a_path_outside_the_tier_directories(tp: Project, rel: str) -> None:
    ctx = execute.load(tp.root, ta.KEY)
    with pytest.raises(ScopeViolation, match="outside the 'action' write scope"):
        execute.land_test(ctx, rel, ta.GOOD_TEST)
    assert not (tp.root / rel).exists()


def test_land_test_never_overwrites(tp: Project) -> None:
    ctx = execute.load(tp.root, ta.KEY)
    with pytest.raises(FileExistsError):
        execute.land_test(ctx, "tests/test_calc.py", "x = 1\n")
    assert (tp.root / "tests/test_calc.py").read_text() == ta.EXISTING_TEST


def test_a_halt_names_the_first_reason_and_counts_the_rest() -> None:
    halted = execute.Halted([Halt("plan_drift", "a changed"), Halt("plan_drift", "b changed")])
    assert (halted.message, halted.exit_code) == ("HALT: plan_drift: a changed (+1 more)", 1)


def _suite(exit_code: int = 0, passed: int = 1, failed: int = 0, timeout: bool = False) -> Suite:
    return Suite("tier_1", "pytest", exit_code, 0.1, passed, failed, timeout, True)


def _evidence(*suites: Suite, skipped: bool = False) -> Evidence:
    return Evidence("tier_1", "local", 0.1, skipped, False, suites, ("why",) if skipped else ())


@pytest.mark.parametrize(
    ("evidence", "missing", "state"),
    [
        (_evidence(_suite()), (), "success"),
        (_evidence(_suite()), ("tests/test_x.py",), "failed"),
        (_evidence(skipped=True), (), "failed"),
        (_evidence(_suite(exit_code=1, passed=0, failed=1)), (), "failed"),
        (_evidence(_suite(exit_code=124, passed=0, timeout=True)), (), "failed"),
        (_evidence(_suite(passed=0)), (), "failed"),  # green but nothing ran
        (_evidence(_suite(), _suite(exit_code=1)), (), "failed"),
    ],
    ids=["green", "not-written", "no-tier", "red", "timeout", "nothing-passed", "one-red-tier"],
)
def test_execution_succeeds_only_when_every_planned_test_ran_green(
        evidence: Evidence, missing: tuple[str, ...], state: str) -> None:
    assert execute._execution_state(evidence, missing)[0] == state


def test_what_the_run_says_names_skipped_tests_and_a_runner_that_could_not_start() -> None:
    from dataclasses import replace

    skipping = replace(_suite(), skip_count=2)
    assert execute._execution_state(_evidence(skipping), ()) == (
        "success", "every planned test that ran is green; 2 skipped (not run)")
    assert execute._execution_state(_evidence(_suite()), ()) == (
        "success", "every planned test ran green")
    stopped = replace(_suite(exit_code=1, passed=0),
                      stopped="/usr/bin/python3: No module named pytest",
                      command="python -m pytest -q")
    state, why = execute._execution_state(_evidence(stopped), ())
    assert state == "failed" and why.startswith("tier_1 could not run its tests: ")


def test_blocking_failures_use_the_resolver_vocabulary() -> None:
    from gaia_lib.gate.verdict import BLOCKING_FAILURES

    assert set(execute.BLOCKING.values()) <= BLOCKING_FAILURES


def test_the_report_says_why_coverage_was_not_measured() -> None:
    measured = {"delta": {"coverage_delta": 1.5, "baseline": 80.0, "current": 81.5}}
    assert execute.coverage_line(measured) == "- Coverage: 80.0% -> 81.5% (delta 1.5)"
    none = {"skipped": "no coverage command configured (test_execution.coverage_command)"}
    assert execute.coverage_line(none) == ("- Coverage: not measured: no coverage command configured "
                                   "(test_execution.coverage_command)")
    empty = {"delta": {"coverage_delta": None}, "baseline": {"ok": False, "note": (
        "coverage command exited 1: No data to report.")}, "current": {"ok": True, "note": None}}
    assert execute.coverage_line(empty) == ("- Coverage: not measured (before: coverage command "
                                    "exited 1: No data to report.)")


def test_an_interrupted_verify_leaves_no_verdict_for_record(
        tp: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """A green verify, then a verify stopped while its tests run: the earlier run's verdict
    files are gone, so record has nothing to pass off as this run's."""
    from gaia_lib.core.errors import NotFound

    execute.setup(tp.root, ta.KEY)
    (tp.root / ta.TEST_FILE).write_text(ta.GOOD_TEST)
    assert execute.verify(tp.root, ta.KEY)["verdict"] == "APPROVE"
    run_dir = execute.run_dir(tp.root, ta.KEY)
    assert (run_dir / execute.RESULT_FILE).is_file()

    def interrupted(*_args: object, **_kwargs: object) -> Evidence:
        raise KeyboardInterrupt

    from gaia_lib.evidence import execution

    monkeypatch.setattr(execution, "execute", interrupted)
    with pytest.raises(KeyboardInterrupt):
        execute.verify(tp.root, ta.KEY)
    assert not (run_dir / execute.RESULT_FILE).exists()
    assert not (run_dir / execute.ACTION_FILE).exists()
    with pytest.raises(NotFound, match="run the verify step first"):
        execute.finalize(tp.root, ta.KEY)
