"""pytest plugin: the QA review's one test run measures coverage from inside pytest.

Loaded by `-p gaia_coverage_plugin` (its directory on PYTHONPATH) in the project's own Python,
so it may use only that Python's packages: pytest and coverage.py. It names each test's context
by its node id, and at the end saves the data and writes the two reports the review reads: the
coverage JSON (branch evidence) and, per measured file, the node ids of the tests that executed
any of its lines, with the node ids of every test the measured run ran under `tests`
(behavioural attribution: a test listed there and under no file executed none of the measured
code).

What is measured (a tracer makes every Python line it sees several times slower, so it runs
only where a test's code can run):
- from the first conftest's load to the end of collection: the project's code from its first
  import (module bodies, conftests, plugins' set-up); pytest's own start-up is not measured;
- each test's setup, call and teardown phases (fixtures, the test body, session fixtures torn
  down after the last test), every thread a test or fixture starts, for as long as it runs;
- not pytest's bookkeeping: between phases, and the reports of subtests inside a test
  (makereport / logreport: the terminal and JUnit writers); nothing after the last test (the
  terminal summary, other plugins' imports at exit).
Pausing takes the main thread's trace function off (`sys.settrace(None)`) and puts the same one
back: other threads' tracers never stop, and coverage.py's own state is not touched. A
coverage.py that measures without a trace function (sys.monitoring) is never paused.

Environment: GAIA_COVERAGE_RCFILE (coverage config: branch, include), GAIA_COVERAGE_DATA (the
data file), GAIA_COVERAGE_REPORT and GAIA_COVERAGE_CONTEXTS (the two outputs). Data already in
the data file is kept (several tiers append). Without coverage.py the tests run unmeasured and
one line in the terminal summary says so; a measurement problem never fails the test run.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import pytest

_state: dict[str, Any] = {}


def _say(message: str) -> None:
    """Shown in the run's terminal summary (pytest captures stderr while conftests load)."""
    _state.setdefault("messages", []).append(f"gaia_coverage_plugin: {message}")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for line in _state.get("messages", []):
        terminalreporter.write_line(line)


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: Any, parser: Any, args: Any) -> None:
    rcfile = os.environ.get("GAIA_COVERAGE_RCFILE")
    if not rcfile or "cov" in _state:
        return
    try:
        import coverage
    except ImportError:
        _say("coverage.py is not importable here: the tests run unmeasured")
        return
    # The data file is named here, not only in the rcfile: a COVERAGE_FILE in the caller's
    # environment (common in CI) would otherwise override the config and mix in its data.
    cov = coverage.Coverage(config_file=rcfile, data_file=os.environ.get("GAIA_COVERAGE_DATA"))
    try:
        cov.load()  # append to an earlier tier's data
    except Exception:  # unreadable old data: start afresh
        cov.erase()
    cov.start()
    _state["cov"] = cov
    _state["measuring"] = True


def _measure(on: bool) -> None:
    """Resume (True) or pause (False) measuring the main thread (module docstring)."""
    if "cov" not in _state or _state.get("measuring") == on:
        return
    if on:
        sys.settrace(_state.pop("tracer", None))
    else:
        _state["tracer"] = sys.gettrace()
        sys.settrace(None)
    _state["measuring"] = on


def _measured_phase() -> Any:
    """The body of a phase's wrapper (old-style hookwrapper: every pytest the plugin may meet
    has it): measure while the phase's own hooks run."""
    _measure(True)
    try:
        yield
    finally:
        _measure(False)


def _bookkeeping() -> Any:
    """The body of a report hook's wrapper: not measured, then back to how it was."""
    was = _state.get("measuring")
    _measure(False)
    try:
        yield
    finally:
        if was:
            _measure(True)


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: Any) -> None:
    _measure(False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: Any) -> Any:
    if "cov" in _state:
        _state.setdefault("ran", set()).add(item.nodeid)
        _state["cov"].switch_context(item.nodeid)
    yield from _measured_phase()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: Any) -> Any:
    yield from _measured_phase()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: Any) -> Any:
    yield from _measured_phase()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Any:
    yield from _bookkeeping()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_logreport(report: Any) -> Any:
    yield from _bookkeeping()


def pytest_runtest_logfinish(nodeid: str, location: Any) -> None:
    if "cov" in _state:
        _state["cov"].switch_context("")


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: Any) -> None:
    """The last test is done: stop measuring before the terminal summary and the exit."""
    if "cov" in _state:
        _measure(True)  # the trace function back in place for coverage.py to stop
        _state["cov"].stop()


def pytest_unconfigure(config: Any) -> None:
    _measure(True)
    cov = _state.pop("cov", None)
    if cov is None:
        return
    cov.stop()  # a no-op after pytest_sessionfinish (a run that fails early never gets there)
    try:
        cov.save()
        cov.json_report(outfile=os.environ["GAIA_COVERAGE_REPORT"])
        data = cov.get_data()
        files = {}
        for name in data.measured_files():
            labels: set[str] = set()
            for found in data.contexts_by_lineno(name).values():
                labels.update(found)
            files[os.path.relpath(name)] = {"contexts": {"*": sorted(x for x in labels if x)}}
        path = os.environ["GAIA_COVERAGE_CONTEXTS"]
        ran = set(_state.pop("ran", ()))
        try:  # an earlier tier's tests, run in this review
            with open(path, encoding="utf-8") as previous:
                ran.update(json.load(previous).get("tests", []))
        except (OSError, ValueError, AttributeError):
            pass
        with open(path, "w", encoding="utf-8") as out:
            json.dump({"files": files, "tests": sorted(ran)}, out, sort_keys=True)
    except Exception as exc:  # reported, never fatal to the run
        _say(f"no coverage report: {exc}")
