"""pytest plugins of the project's own that rewrite what a run says of its tests
(`outcome_hooks`): the rules on a module's text, and the modules a run loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.evidence import outcome_hooks
from gaia_lib.evidence.outcome_hooks import loaded_plugins, rewrites

WRAPPER = "import pytest\n\n\n@pytest.hookimpl(hookwrapper=True)\n"
NEW_WRAPPER = "import pytest\n\n\n@pytest.hookimpl(wrapper=True)\n"


def _found(text: str) -> list[tuple[int, str, str]]:
    return [(r.line, r.hook, r.what) for r in rewrites("tests/conftest.py", text)]


def test_a_hookwrapper_making_a_failed_report_read_passed_is_found_at_its_line() -> None:
    text = WRAPPER + """def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.failed:
        rep.outcome = "passed"
        rep.longrepr = None
"""
    assert _found(text) == [(9, "pytest_runtest_makereport",
                             "sets `rep.outcome` to 'passed'")]
    (found,) = rewrites("tests/conftest.py", text)
    assert found.message() == (
        "pytest_runtest_makereport sets `rep.outcome` to 'passed' (tests/conftest.py:9): it "
        "rewrites test outcomes, so the run's results cannot be trusted")


@pytest.mark.parametrize("body", [
    "    setattr(report, 'outcome', 'passed')\n",
    "    report.__setattr__('outcome', 'passed')\n",
    "    report.__dict__['outcome'] = 'passed'\n",
    "    vars(report).update(outcome='passed')\n",
    "    report.__dict__.update({'outcome': 'passed'})\n",
    "    report.outcome = OUTCOME\n",  # a value of its own: whatever it holds
    "    report.outcome = 'rerun'\n",  # junitxml records no outcome for a rerun report
    "    report.passed = True\n",
    "    for r in [report]:\n        r.outcome = 'passed'\n",
])
def test_every_way_of_setting_a_reports_outcome_is_found(body: str) -> None:
    text = f"def pytest_runtest_logreport(report):\n{body}"
    assert [hook for _, hook, _ in _found(text)] == ["pytest_runtest_logreport"]


def test_a_report_handed_to_a_helper_of_the_module_is_followed_into_it() -> None:
    text = WRAPPER + """def pytest_runtest_makereport(item, call):
    outcome = yield
    _mark(outcome.get_result())


def _mark(r):
    r.outcome = "passed"
"""
    assert _found(text) == [(11, "pytest_runtest_makereport (through _mark)",
                             "sets `r.outcome` to 'passed'")]


def test_a_function_made_a_hook_by_assignment_is_read_as_that_hook() -> None:
    text = """import pytest
from _pytest.runner import pytest_runtest_makereport as default


def _make(item, call):
    rep = default(item, call)
    rep.outcome = "passed"
    return rep


pytest_runtest_makereport = _make
"""
    assert _found(text) == [
        (7, "pytest_runtest_makereport", "sets `rep.outcome` to 'passed'"),
        (8, "pytest_runtest_makereport", "makes the reports itself (returns rep)")]


def test_new_style_wrappers_that_change_or_replace_the_report_or_swallow_the_failure() -> None:
    text = NEW_WRAPPER + """def pytest_runtest_makereport(item, call):
    rep = yield
    (yield).outcome = "passed"
    return pytest.TestReport.from_item_and_call(item, call)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    try:
        return (yield)
    except AssertionError:
        return None
"""
    assert _found(text) == [
        (7, "pytest_runtest_makereport", "sets `(yield).outcome` to 'passed'"),
        (8, "pytest_runtest_makereport",
         "returns a report of its own (pytest.TestReport.from_item_and_call(...)"),
        (13, "pytest_runtest_call", "catches what its tests raise and does not raise it again"),
    ]


def test_forced_results_and_a_dropped_exception_in_the_hooks_that_run_a_test() -> None:
    text = WRAPPER + """def pytest_runtest_call(item):
    outcome = yield
    outcome.force_result(None)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    call.excinfo = None
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_pyfunc_call(pyfuncitem):
    outcome = yield
    outcome._exception = None
"""
    assert [(line, what) for line, _, what in _found(text)] == [
        (7, "forces the hook's result (`outcome.force_result(...)`)"),
        (12, "sets `call.excinfo`: the exception a test raised is not the one reported"),
        (19, "sets the hook's `outcome._exception`")]


def test_hooks_that_run_the_tests_in_pytests_place() -> None:
    text = """from _pytest.runner import runtestprotocol


def pytest_pyfunc_call(pyfuncitem):
    return True


def pytest_runtest_protocol(item, nextitem):
    reports = runtestprotocol(item, nextitem=nextitem, log=False)
    item.ihook.pytest_runtest_logreport(report=reports[-1])
    return True


def pytest_collection_modifyitems(items):
    for item in items:
        item.runtest = lambda: None
"""
    assert [(line, what) for line, _, what in _found(text)] == [
        (5, "returns without calling the test function"),
        (9, "runs its tests in pytest's place and chooses the reports the run writes"),
        (16, "sets `item.runtest`: its test no longer runs")]


def test_replacing_what_pytest_or_unittest_run_and_check_with_is_found() -> None:
    text = """import unittest
from unittest import mock, TestCase
from _pytest import runner

unittest.TestCase.assertEqual = lambda *a, **k: None
TestCase.run = None
runner.call_and_report = None
mock.patch.object(unittest.TestCase, "assertTrue").start()


def pytest_configure(config):
    mp = pytest.MonkeyPatch()
    mp.setattr("unittest.TestCase.assertIn", lambda *a: None)
"""
    assert [(line, what) for line, _, what in _found(text)] == [
        (5, "replaces `unittest.TestCase.assertEqual`"),
        (6, "replaces `unittest.TestCase.run`"),
        (7, "replaces `_pytest.runner.call_and_report`"),
        (8, "replaces `unittest.TestCase.assertTrue`"),
        (13, "replaces `unittest.TestCase.assertIn`")]


HARMLESS = '''import asyncio
import inspect
import unittest

import pytest
from _pytest.assertion import truncate

truncate.DEFAULT_MAX_LINES = 9999
unittest.TestCase.maxDiff = None
pytest.shared = {}


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)
    item.rep_call = rep
    item.outcome = rep.outcome
    rep.sections.append(("log", "text"))
    rep.user_properties.append(("ticket", 1))
    rep.description = str(item.function.__doc__)
    if rep.when == "call" and rep.failed:
        rep.longrepr = f"{rep.longrepr}\\nsee the screenshot"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.failed and call.excinfo.errisinstance(FileNotFoundError):
        rep.outcome = "skipped"
        rep.wasxfail = "data missing"
    if rep.skipped and item.config.getoption("strict_data"):
        rep.outcome = "failed"


def pytest_runtest_makereport(item, call):
    if "incremental" in item.keywords and call.excinfo is not None:
        item.parent._previousfailed = item


def pytest_runtest_logreport(report):
    if report.failed:
        print(report.nodeid, report.outcome)


def pytest_report_teststatus(report, config):
    if report.when == "call" and report.passed:
        return "passed", "v", "PASSED"


def pytest_pyfunc_call(pyfuncitem):
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        asyncio.run(pyfuncitem.obj(**pyfuncitem.funcargs))
        return True


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    try:
        return (yield)
    except Exception:
        print("failed:", item.nodeid)
        raise


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    start = len(item.name)
    yield
    print(start)


def pytest_runtest_protocol(item, nextitem):
    from _pytest.runner import runtestprotocol
    runtestprotocol(item, nextitem=nextitem)
    return True


def pytest_collection_modifyitems(config, items):
    for item in items:
        item.add_marker(pytest.mark.slow)


@pytest.fixture
def screenshot(request):
    yield
    if request.node.rep_call.failed:
        print("screenshot")
'''


def test_hooks_that_read_keep_or_annotate_reports_rewrite_nothing() -> None:
    """The common hooks: a report kept for fixtures, sections and properties added, a
    failure's text extended, a failure made a skip (it covers nothing either way), a
    terminal status, an async runner calling the test, a wrapper that raises again."""
    assert _found(HARMLESS) == []


def test_a_module_that_does_not_parse_rewrites_nothing() -> None:
    assert _found("def pytest_runtest_makereport(:\n") == []


def test_the_plugins_a_module_a_command_or_a_packaging_file_names() -> None:
    assert outcome_hooks.plugins_named(
        'pytest_plugins = ["tests.fixtures.db", "tests.helpers"]\n'
        'pytest_plugins += ("tests.more",)\n') == ("tests.fixtures.db", "tests.helpers",
                                                   "tests.more")
    assert outcome_hooks.plugins_named('pytest_plugins = "tests.one"\n') == ("tests.one",)
    assert outcome_hooks.option_plugins(
        "python -m pytest -q -p no:cacheprovider -p tests.plug -ptests.other") == (
        "tests.plug", "tests.other")
    assert outcome_hooks.option_plugins(
        '[tool.pytest.ini_options]\naddopts = ["-p", "tests.plug", "-q"]\n') == ("tests.plug",)
    assert outcome_hooks.entry_point_plugins(
        "pyproject.toml", '[project.entry-points.pytest11]\nmine = "mypkg.plugin"\n\n'
        '[tool.x]\ny = "z"\n') == ("mypkg.plugin",)
    assert outcome_hooks.entry_point_plugins(
        "setup.cfg", "[options.entry_points]\npytest11 =\n    mine = mypkg.plugin:hooks\n") == (
        "mypkg.plugin",)
    assert outcome_hooks.entry_point_plugins(
        "setup.py", "setup(entry_points={'pytest11': ['mine = mypkg.plugin']})") == (
        "mypkg.plugin",)


def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_the_conftests_above_the_tests_and_the_plugins_they_name_are_loaded(
        tmp_path: Path) -> None:
    project = _write(tmp_path, {
        "conftest.py": "",
        "tests/conftest.py": 'pytest_plugins = ["tests.plugins.outcomes"]\n',
        "tests/plugins/__init__.py": "",
        "tests/plugins/outcomes.py": 'pytest_plugins = "helpers"\n',
        "tests/helpers.py": "",
        "tests/unit/test_a.py": 'pytest_plugins = ["tests.fromtest"]\n',
        "tests/fromtest.py": "",
        "docs/conftest.py": "# not above the tests: pytest never loads it for them\n",
        "src/mypkg/plugin.py": "",
        "tests/cli_plugin.py": "",
        "tests/ini_plugin.py": "",
        "pyproject.toml": '[project.entry-points.pytest11]\nmine = "mypkg.plugin"\n',
        "pytest.ini": "[pytest]\naddopts = -p tests.ini_plugin\n",
    })
    loaded = loaded_plugins(project, ["tests/unit/test_a.py"],
                            ["python -m pytest -p tests.cli_plugin"],
                            {"PYTEST_PLUGINS": "not.in.the.project"})
    assert sorted(loaded) == ["conftest.py", "src/mypkg/plugin.py", "tests/cli_plugin.py",
                              "tests/conftest.py", "tests/fromtest.py", "tests/helpers.py",
                              "tests/ini_plugin.py", "tests/plugins/outcomes.py"]
    assert loaded["tests/conftest.py"] == 'pytest_plugins = ["tests.plugins.outcomes"]\n'


def test_a_rewrite_in_any_loaded_module_is_found_and_one_elsewhere_is_not(
        tmp_path: Path) -> None:
    cheat = "def pytest_runtest_logreport(report):\n    report.outcome = 'passed'\n"
    project = _write(tmp_path, {"tests/test_a.py": "def test_a():\n    assert 0\n",
                                "tests/conftest.py": 'pytest_plugins = ["tests.cheat"]\n',
                                "tests/cheat.py": cheat, "other/conftest.py": cheat})
    found = outcome_hooks.run_rewrites(loaded_plugins(project, ["tests/test_a.py"]))
    assert [(r.file, r.line) for r in found] == [("tests/cheat.py", 2)]
