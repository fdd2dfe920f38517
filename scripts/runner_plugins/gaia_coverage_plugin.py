"""pytest plugin: the QA review's one test run measures coverage from inside pytest.

Loaded by `-p gaia_coverage_plugin` (its directory on PYTHONPATH) in the project's own Python,
so it may use only that Python's packages: pytest and coverage.py. It names each test's context
by its node id, and at the end saves the data and writes the two reports the review reads: the
coverage JSON (branch evidence) and, per measured file, the node ids of the tests that executed
any of its lines (`contexts`) and, per top-level function or class of it and per method of
its classes (`units`: a class only when it has a method; not the dunder methods), those that
ran a line of its body (of a method's, for a class: defining it at import is no test's
doing), with the node ids of every test the measured run ran under `tests` (behavioural
attribution: a test listed there and under no file executed none of the measured code).

Two ways to measure, the same outputs:
- probes (GAIA_COVERAGE_PROBES=1, the review's default; gaia_line_probes.py): the story's
  sources are compiled at import with a dictionary store before each statement and nothing else
  is touched, so the run costs about what a plain one does. Lines only: an `except` none of
  whose lines ran is the uncovered error path. Used when every source can be probed, none is
  imported before the plugin starts and none is a file pytest's assertion rewriter compiles
  itself (one the project's `python_files` names: boolean.py's `python_files = *.py` takes its
  code too; one named on the command line, as a source is for its doctests in a run narrowed
  to the story: mpmath's `matrices.py` had read as run by none of its tests); otherwise the run
  falls back to the tracer, line data only.
- the tracer (coverage.py's own, with branches when the rcfile asks): a trace function makes
  every Python line the process runs several times slower, so it runs only where a test's code
  can run.

What is measured, either way:
- from the first conftest's load to the end of collection: the project's code from its first
  import (module bodies, conftests, plugins' set-up); pytest's own start-up is not measured: a
  source imported before (pytest imports iniconfig itself, and a `-p` plugin of the project's
  addopts is imported first) had its import's lines run all the same, its top-level
  statements and its classes' (`_import_lines`), which are counted as run, in no test's context
  (iniconfig 2.3.1's `__init__.py` had read 42 of 77 lines run, its imports, classes and
  `def`s as never run); not with branches, whose arcs at import are not known;
- each test's setup, call and teardown phases (fixtures, the test body, session fixtures torn
  down after the last test), every thread a test or fixture starts, for as long as it runs;
- not pytest's bookkeeping: the reports of a test and of subtests inside it (makereport /
  logreport: the terminal and JUnit writers); nothing after the last test (the terminal
  summary, other plugins' imports at exit). The tracer also pauses between phases.
Pausing takes the main thread's trace function off (`sys.settrace(None)`) and puts the same one
back: other threads' tracers never stop, and coverage.py's own state is not touched. A
coverage.py that measures without a trace function (sys.monitoring) is never paused. Probes are
never off: what they record during bookkeeping or after the last test is dropped.

Environment: GAIA_COVERAGE_RCFILE (coverage config: branch, include), GAIA_COVERAGE_DATA (the
data file), GAIA_COVERAGE_REPORT and GAIA_COVERAGE_CONTEXTS (the two outputs),
GAIA_COVERAGE_PROGRESS (a line per test started, `> <node id>`, per phase that did not pass,
`= <failed|error|skipped> <node id>`, and per test finished, `< <node id>`: what a run killed
at its time limit was running, and what it had run),
GAIA_COVERAGE_PROBES (1: measure the rcfile's `include` files with probes), GAIA_COVERAGE_CACHE
(where the probes' instrumented code is remembered, `gaia_line_probes.instrument_cached`),
GAIA_COVERAGE_ROOT
(the directory both reports name files relative to, where pytest runs in a subdirectory of the
project: `cd api && pytest`; else the run's own directory). Data already in
the data file is kept (several tiers append). Without coverage.py the tests run unmeasured and
one line in the terminal summary says so; reports that cannot be written (coverage.py's "No
data to report." where no test ran) say why on stderr, the summary being out by then; a
measurement problem never fails the test run. Tests that ran and ran no line of the measured
files get a coverage report of no file and their contexts report (each listed under `tests`,
under no file): they executed none of the story's code (iniconfig 2.3.1's tests, importing the
copy of iniconfig pytest installs in site-packages, had left no report, and the review had
said the run was not measured by coverage.py). A measured file whose module the run imported
from another file (a copy installed in site-packages shadowing a src layout's package) is
named with that file in the contexts report (`imported_elsewhere`: measured file -> the
file the module came from, both relative to the root where inside it): why its lines never
ran. Its module is named by its path from the root, or from `src/` or `lib/` under it
(`src/inifile/__init__.py` is `inifile`); never by a shorter tail, which another module may
own (`src/pkg/json.py` is no `json`).

A test that returned a value other than None (pytest's `PytestReturnNotNoneWarning`, and from
Python 3.11 unittest's `DeprecationWarning` for a `TestCase` method) is listed in the contexts
report (`returned`: node ids): a test that returns `unittest.skip(...)`, which skips nothing,
ran none of its checks after that return in this run.

PYTEST_DONT_REWRITE: pytest rewrites the asserts of a module named by `-p`, and warns (an error
under a project's `filterwarnings = error`) when it finds one already imported, as the head
start's launcher imports this one; the review's own code, not a test's, is never rewritten.
"""

from __future__ import annotations

import ast
import json
import os
import sys
from collections.abc import Set as AbstractSet
from typing import Any

import pytest

_state: dict[str, Any] = {}


def _say(message: str) -> None:
    """Shown in the run's terminal summary (pytest captures stderr while conftests load)."""
    _state.setdefault("messages", []).append(f"gaia_coverage_plugin: {message}")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for line in _state.get("messages", []):
        terminalreporter.write_line(line)


def _included(rcfile: str) -> list[str] | None:
    """The rcfile's `include` as real paths, or None when one is a pattern, not a file."""
    import configparser

    parser = configparser.ConfigParser()
    try:
        parser.read(rcfile, encoding="utf-8")
        lines = parser.get("run", "include", fallback="").split()
    except (configparser.Error, OSError):
        return None
    if not lines or any(ch in line for line in lines for ch in "*?["):
        return None
    return [os.path.realpath(line) for line in lines]


def _parsed(path: str) -> ast.Module | None:
    """A source file's syntax tree, parsed once per run; None when it cannot be read or
    parsed."""
    trees = _state.setdefault("trees", {})
    if path not in trees:
        try:
            with open(path, "rb") as handle:
                trees[path] = ast.parse(handle.read(), path)
        except (OSError, SyntaxError, ValueError):
            trees[path] = None
    tree: ast.Module | None = trees[path]
    return tree


def _rewritten(path: str, globs: list[str]) -> bool:
    """Does pytest's assertion rewriter compile `path`, a file its `python_files` globs name (as
    pytest matches them: a glob without a separator against the file's name)?"""
    import fnmatch

    for glob in globs:
        name = path if os.sep in glob else os.path.basename(path)
        pattern = glob if os.sep not in glob or os.path.isabs(glob) else f"*{os.sep}{glob}"
        if fnmatch.fnmatch(name, pattern):
            return True
    return False


def _start_probes(rcfile: str, rewritten: list[str],
                  named: AbstractSet[str] = frozenset()) -> bool:
    """Measure with probes (module docstring); False when this run cannot. `rewritten`: the
    `python_files` globs whose files pytest's assertion rewriter compiles ([] when it is off);
    `named`: the real paths of the files the command line names, which it compiles too."""
    paths = _included(rcfile)
    if paths is None or sys.version_info < (3, 9):
        return False
    if any(_rewritten(path, rewritten) or path in named for path in paths):
        return False
    try:
        import coverage  # noqa: F401  (the report needs it; an import error shows now)
    except ImportError:
        _say("coverage.py is not importable here: the tests run unmeasured")
        _state["unmeasured"] = True
        return True
    import gaia_line_probes

    for path in paths:
        tree = _parsed(path)
        if tree is None:
            continue  # never imported, or its import fails the run as it would anyway
        if not gaia_line_probes.probeable(tree):
            return False
    probes = gaia_line_probes.Probes(paths, os.environ.get("GAIA_COVERAGE_CACHE") or None)
    if probes.already_imported():
        return False
    probes.install()
    _state.update(probes=probes, lines={}, touched={}, test=None)
    return True


def _body_lines(node: Any) -> range:
    """The lines of a function's body: what runs when it is called, not when it is defined."""
    end = getattr(node, "end_lineno", None) or node.lineno
    return range(node.body[0].lineno, end + 1)


def _units_of(path: str) -> tuple[dict[int, tuple[str, ...]], set[str]]:
    """A module's top-level functions and classes, and its classes' methods but the dunder
    ones (`Job.until` as `until`: what a story names as code; `__init__` runs in every test
    that builds one) and those named as a top-level function or class is: each line of a
    function's body (or of a method's: its class's and its own) -> the units' names, and
    every unit's name; remembered per file. Empty when the file cannot be read or parsed."""
    known = _state.setdefault("units_of", {})
    if path not in known:
        tree = _parsed(path)
        table: dict[int, tuple[str, ...]] = {}
        names: set[str] = set()
        functions = (ast.FunctionDef, ast.AsyncFunctionDef)
        top = tree.body if tree is not None else []
        # the module's own names are its functions and classes: a method of the same name
        # (`Scheduler.get_jobs` beside `get_jobs()`) is another unit, not what the name says
        own = {node.name for node in top if isinstance(node, (*functions, ast.ClassDef))}
        for node in top:
            bodies: list[tuple[Any, tuple[str, ...]]]
            if isinstance(node, functions):
                bodies = [(node, (node.name,))]
            elif isinstance(node, ast.ClassDef):
                bodies = [(n, (node.name, n.name) if not n.name.startswith("__")
                           and n.name not in own else (node.name,))
                          for n in node.body if isinstance(n, functions)]
            else:
                continue
            for body, owners in bodies:  # a class without a method runs nothing of its own
                names.update(owners)
                for line in _body_lines(body):
                    table[line] = tuple(dict.fromkeys((*table.get(line, ()), *owners)))
        known[path] = (table, names)
    found: tuple[dict[int, tuple[str, ...]], set[str]] = known[path]
    return found


def _credit(path: str, numbers: Any, labels: Any) -> None:
    """The tests (`labels`) that ran these lines of `path` ran the units holding them."""
    table = _units_of(path)[0]
    units = _state.setdefault("units", {}).setdefault(path, {})
    for name in {name for n in numbers if n in table for name in table[n]}:
        units.setdefault(name, set()).update(labels)


def _settle(keep: bool) -> None:
    """Probes: the lines recorded since the last call, to the current test (or to no test),
    or dropped (`keep` false: bookkeeping, after the last test)."""
    probes = _state.get("probes")
    if probes is None:
        return
    found = probes.take()
    if not keep:
        return
    lines, touched, test = _state["lines"], _state["touched"], _state["test"]
    for path, numbers in found.items():
        lines.setdefault(path, set()).update(numbers)
        if test is not None:
            touched.setdefault(path, set()).add(test)
            _credit(path, numbers, (test,))


def _rewriters_globs(early_config: Any) -> list[str]:
    """The `python_files` globs pytest's assertion rewriter compiles the files of; [] where it
    is off (`--assert=plain`)."""
    try:
        if getattr(early_config.known_args_namespace, "assertmode", "rewrite") != "rewrite":
            return []
        return [str(glob) for glob in early_config.getini("python_files") or []]
    except (AttributeError, ValueError):
        return []


def _named_files(early_config: Any, args: Any) -> set[str]:
    """The real paths of the files the command line names (`src/calc.py`,
    `tests/test_calc.py::test_add`): pytest's assertion rewriter compiles each one it imports
    (an initial path); none where the rewriter is off."""
    try:
        if getattr(early_config.known_args_namespace, "assertmode", "rewrite") != "rewrite":
            return set()
    except AttributeError:
        return set()
    named = set()
    for arg in args or ():
        path = str(arg).split("::", 1)[0]
        if not path.startswith("-") and path.endswith(".py") and os.path.isfile(path):
            named.add(os.path.realpath(path))
    return named


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: Any, parser: Any, args: Any) -> None:
    rcfile = os.environ.get("GAIA_COVERAGE_RCFILE")
    if not rcfile or "cov" in _state or "probes" in _state or "unmeasured" in _state:
        return
    if os.environ.get("GAIA_COVERAGE_PROBES") == "1" and _start_probes(
            rcfile, _rewriters_globs(early_config), _named_files(early_config, args)):
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
    _state["early"] = _imported_already(rcfile)


def _imported_already(rcfile: str) -> list[str]:
    """The rcfile's `include` files some module was already imported from: their import ran
    before the measurement began (module docstring)."""
    paths = set(_included(rcfile) or ())
    found = {os.path.realpath(name) for module in list(sys.modules.values())
             for name in (getattr(module, "__file__", None),) if isinstance(name, str)}
    return sorted(paths & found)


def _import_lines(path: str) -> set[int]:
    """The lines a module's import runs: its top-level statements, and those of its classes'
    bodies, decorators included; not a function's body, nor a compound statement's, nor a
    docstring (no statement to coverage.py)."""
    tree = _parsed(path)
    lines: set[int] = set()

    def visit(body: list[Any]) -> None:
        for node in body:
            if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                    and isinstance(node.value.value, str)):
                lines.add(node.lineno)
            lines.update(d.lineno for d in getattr(node, "decorator_list", ()))
            if isinstance(node, ast.ClassDef):
                visit(node.body)

    if tree is not None:
        visit(tree.body)
    return lines


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
    _settle(True)
    try:
        return (yield)
    finally:
        _settle(False)
        if was:
            _measure(True)


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: Any) -> None:
    _measure(False)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: Any) -> Any:
    if "cov" in _state or "probes" in _state:
        _state.setdefault("ran", set()).add(item.nodeid)
    if "cov" in _state:
        _state["cov"].switch_context(item.nodeid)
    if "probes" in _state:
        _settle(True)  # collection, or between tests: no test's
        _state["test"] = item.nodeid
    yield from _measured_phase()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: Any) -> Any:
    yield from _measured_phase()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: Any) -> Any:
    # A test that passed while a subtest of it was skipped and another ran (a unittest
    # `subTest` calling `skipTest`): pytest's JUnit report writes the whole test skipped (the
    # subtest's report lands on its test case), though pytest's summary counts it passed. A
    # property names the skipped subtests (gaia_lib.evidence.runner_output.
    # SUBTESTS_SKIPPED_PROPERTY), so the review reads the test as run; given before the
    # teardown's report, whose properties the JUnit writer takes.
    seen = _state.get("subtests", {}).pop(item.nodeid, None)
    if seen is not None and seen["skipped"] and seen["ran"] and seen["passed"]:
        item.user_properties.append(("gaia_subtests_skipped", json.dumps(seen["skipped"])))
    # the subtests that failed: pytest's JUnit report gives their failure under the test's
    # name alone (SUBTESTS_FAILED_PROPERTY)
    if seen is not None and seen["failed"]:
        item.user_properties.append(("gaia_subtests_failed", json.dumps(seen["failed"])))
    yield from _measured_phase()


def _subtest_label(context: Any) -> str:
    """A subtest as pytest's summary names it: `[msg] (k=v, ...)`."""
    return " ".join([*([f"[{context.msg}]"] if context.msg is not None else []),
                     *([f"({', '.join(f'{k}={v!r}' for k, v in context.kwargs.items())})"]
                       if context.kwargs else [])]) or "(<subtest>)"


def _subtest_reported(report: Any) -> None:
    """Note a test's subtests' outcomes for `pytest_runtest_teardown`: a subtest's report
    (pytest's `SubtestReport`, which has a `context`) comes before its test's own."""
    if report.when != "call":
        return
    subtests = _state.setdefault("subtests", {})
    context = getattr(report, "context", None)
    if context is None:  # the test's own call, after its subtests'
        if report.nodeid in subtests:
            subtests[report.nodeid]["passed"] = bool(report.passed)
        return
    seen = subtests.setdefault(report.nodeid, {"skipped": [], "ran": False, "passed": False,
                                               "failed": []})
    if report.failed:
        seen["failed"].append(_subtest_label(context))
    if report.skipped and getattr(report, "wasxfail", None) is None:
        label = _subtest_label(context)
        longrepr = report.longrepr
        why = str(longrepr[2]).removeprefix("Skipped: ") if isinstance(longrepr, tuple) \
            and len(longrepr) == 3 else ""
        seen["skipped"].append([label, why])
    else:
        seen["ran"] = True


def _file_check(item: Any) -> bool:
    """An item a plugin collects from a Python file that is neither a test function nor a
    doctest: it checks the file itself (pytest-isort's ISORT, pytest-pycodestyle's
    PYCODESTYLE), and is no test."""
    if isinstance(item, pytest.Function) or type(item).__name__ == "DoctestItem":
        return False
    return str(getattr(item, "path", "")).endswith(".py")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Any:
    made = yield from _bookkeeping()
    report = made.get_result() if made is not None else None
    # A plugin's check of a file is a JUnit test case like any: a property says it is none
    # (gaia_lib.evidence.runner_output.FILE_CHECK_PROPERTY), so the review names it apart.
    if call.when == "setup" and _file_check(item):
        item.user_properties.append(("gaia_file_check", type(item).__name__))
    # An expected failure that passed (non-strict) is a plain pass in the JUnit report: a
    # property says so (gaia_lib.evidence.runner_output.XPASSED_PROPERTY), so the review
    # counts it apart as pytest's summary does (`1 xpassed`).
    if report is not None and report.when == "call" and report.passed and \
            getattr(report, "wasxfail", None) is not None:
        item.user_properties.append(("gaia_xpassed", report.wasxfail or ""))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_logreport(report: Any) -> Any:
    _subtest_reported(report)
    # a phase that did not pass: a failed call failed, a failed setup or teardown is in error
    if report.outcome != "passed":
        outcome = "failed" if report.when == "call" and report.failed else (
            "error" if report.failed else "skipped")
        _progress("=", f"{outcome} {report.nodeid}")
    yield from _bookkeeping()


def _progress(mark: str, nodeid: str) -> None:
    """One line per test started (`>`), phase that did not pass (`=`) and test finished
    (`<`) in GAIA_COVERAGE_PROGRESS: what a run that is killed for its time limit was running
    and what it had run (its JUnit report is never written)."""
    target = os.environ.get("GAIA_COVERAGE_PROGRESS")
    if not target or _state.get("progress_failed"):
        return
    handle: Any = _state.get("progress")
    if handle is None:
        try:
            # kept open for the run: one line-buffered append per test, closed at exit
            handle = _state["progress"] = open(  # noqa: SIM115
                target, "a", encoding="utf-8", buffering=1)
        except OSError:
            _state["progress_failed"] = True
            return
    handle.write(f"{mark} {nodeid}\n")


def pytest_runtest_logstart(nodeid: str, location: Any) -> None:
    _progress(">", nodeid)


# what pytest and unittest warn of a test that returned a value (module docstring)
_RETURNED = ("PytestReturnNotNoneWarning",)
_RETURNED_SAID = "return a value that is not None from a test case"


@pytest.hookimpl(optionalhook=True)  # pytest 6 on: an older one has no such hook
def pytest_warning_recorded(warning_message: Any, when: str, nodeid: str,
                            location: Any) -> None:
    category = getattr(getattr(warning_message, "category", None), "__name__", "")
    if when == "runtest" and nodeid and (
            category in _RETURNED or _RETURNED_SAID in str(warning_message.message)):
        _state.setdefault("returned", set()).add(nodeid)


def pytest_runtest_logfinish(nodeid: str, location: Any) -> None:
    _progress("<", nodeid)
    if "cov" in _state:
        _state["cov"].switch_context("")
    if "probes" in _state:
        _settle(True)
        _state["test"] = None


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: Any) -> None:
    """The last test is done: stop measuring before the terminal summary and the exit."""
    if "probes" in _state:
        _settle(True)
        _state["done"] = True
    if "cov" in _state:
        _measure(True)  # the trace function back in place for coverage.py to stop
        _state["cov"].stop()


def _root() -> str:
    return os.environ.get("GAIA_COVERAGE_ROOT") or os.getcwd()


def _json_report(cov: Any) -> None:
    """coverage.py's JSON report, its files named relative to the root (it names them relative
    to the run's directory)."""
    import coverage

    path = os.environ["GAIA_COVERAGE_REPORT"]
    try:
        cov.json_report(outfile=path)
    except coverage.exceptions.NoDataError:
        if not _state.get("ran"):
            raise  # no test ran: nothing was measured, nor could be
        # tests ran and none ran a line of the measured files: a report of no file says so
        with open(path, "w", encoding="utf-8") as handle:
            json.dump({"meta": {"format": 3, "version": coverage.__version__,
                                "branch_coverage": bool(cov.get_option("run:branch")),
                                "show_contexts": False},
                       "files": {}, "totals": {"covered_lines": 0, "num_statements": 0,
                                               "percent_covered": 100.0,
                                               "missing_lines": 0, "excluded_lines": 0}},
                      handle)
        return
    root = _root()
    if os.path.realpath(root) == os.path.realpath(os.getcwd()):
        return
    with open(path, encoding="utf-8") as handle:
        report = json.load(handle)
    report["files"] = {os.path.relpath(os.path.abspath(name), root): entry
                       for name, entry in report.get("files", {}).items()}
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(report, handle)


def _probed_report() -> dict[str, set[str]]:
    """Probes: the lines into the data file, the coverage JSON from it; the tests per file."""
    import coverage

    probes = _state.pop("probes")
    _settle("done" not in _state)  # a run that fails early never reaches sessionfinish
    probes.uninstall()
    for path in probes.unprobed():
        sys.stderr.write(f"gaia_coverage_plugin: not measured (loaded by another import "
                         f"hook): {os.path.relpath(path)}\n")
    cov = coverage.Coverage(config_file=os.environ["GAIA_COVERAGE_RCFILE"],
                            data_file=os.environ.get("GAIA_COVERAGE_DATA"), branch=False)
    try:
        cov.load()  # append to an earlier tier's data
    except Exception:  # unreadable old data: start afresh
        cov.erase()
    data = cov.get_data()
    data.add_lines({path: sorted(lines) for path, lines in _state["lines"].items()})
    cov.save()
    _json_report(cov)
    touched: dict[str, set[str]] = _state["touched"]
    return touched


def _traced_report(cov: Any) -> dict[str, set[str]]:
    """The tracer: save, the coverage JSON; the tests per file from the data's contexts."""
    cov.stop()  # a no-op after pytest_sessionfinish (a run that fails early never gets there)
    if _state.get("early") and not cov.get_option("run:branch"):
        # imported before the measurement began: its import's lines ran, in no test's context
        data = cov.get_data()
        data.set_context("")
        data.add_lines({path: sorted(_import_lines(path)) for path in _state["early"]})
    cov.save()
    _json_report(cov)
    data = cov.get_data()
    touched: dict[str, set[str]] = {}
    for name in data.measured_files():
        labels = touched.setdefault(name, set())
        for line, found in data.contexts_by_lineno(name).items():
            tests = [x for x in found if x]
            labels.update(tests)
            _credit(name, (line,), tests)
    return touched


def _module_names(path: str) -> list[str]:
    """The dotted names a measured file (relative to the root) is imported by (module
    docstring)."""
    parts = path[:-3].split(os.sep) if path.endswith(".py") else []
    if parts and parts[-1] == "__init__":
        parts = parts[:-1]
    if not parts or any(not part.isidentifier() for part in parts):
        return []
    names = [".".join(parts)]
    if parts[0] in ("src", "lib") and len(parts) > 1:
        names.append(".".join(parts[1:]))
    return names


def _imported_elsewhere() -> dict[str, str]:
    """Measured file -> the file its module was imported from instead (module docstring)."""
    root = _root()
    out: dict[str, str] = {}
    for path in _included(os.environ.get("GAIA_COVERAGE_RCFILE", "")) or ():
        relative = os.path.relpath(path, root)
        files = [os.path.realpath(where) for name in _module_names(relative)
                 for where in (getattr(sys.modules.get(name), "__file__", None),)
                 if isinstance(where, str)]
        if files and path not in files:  # imported by none of its names from itself
            inside = not os.path.relpath(files[0], root).startswith(os.pardir)
            out[relative] = os.path.relpath(files[0], root) if inside else files[0]
    return out


def pytest_unconfigure(config: Any) -> None:
    _measure(True)
    cov = _state.pop("cov", None)
    if cov is None and "probes" not in _state:
        return
    try:
        touched = _traced_report(cov) if cov is not None else _probed_report()
        credited = _state.get("units", {})
        files: dict[str, Any] = {}
        for name, labels in touched.items():
            units = {unit: set(credited.get(name, {}).get(unit, ()))
                     for unit in _units_of(name)[1]}
            files[os.path.relpath(name, _root())] = {"contexts": {"*": set(labels)},
                                                     "units": units}
        path = os.environ["GAIA_COVERAGE_CONTEXTS"]
        ran = set(_state.pop("ran", ()))
        try:  # an earlier tier's tests, run in this review
            with open(path, encoding="utf-8") as previous:
                earlier = json.load(previous)
            ran.update(earlier.get("tests", []))
            for name, entry in earlier.get("files", {}).items():
                mine = files.setdefault(name, {"contexts": {"*": set()}, "units": {}})
                mine["contexts"]["*"].update(entry["contexts"]["*"])
                for unit, labels in entry.get("units", {}).items():
                    mine["units"].setdefault(unit, set()).update(labels)
        except (OSError, ValueError, AttributeError, KeyError, TypeError):
            pass
        listed = {name: {"contexts": {"*": sorted(entry["contexts"]["*"])},
                         "units": {unit: sorted(labels)
                                   for unit, labels in entry["units"].items()}}
                  for name, entry in files.items()}
        written: dict[str, Any] = {"files": listed, "tests": sorted(ran)}
        if elsewhere := _imported_elsewhere():
            written["imported_elsewhere"] = elsewhere
        if returned := _state.get("returned"):
            written["returned"] = sorted(returned)
        with open(path, "w", encoding="utf-8") as out:
            json.dump(written, out, sort_keys=True)
    except Exception as exc:  # reported, never fatal to the run; the summary is written
        sys.stderr.write(f"gaia_coverage_plugin: no coverage report: {exc}\n")
