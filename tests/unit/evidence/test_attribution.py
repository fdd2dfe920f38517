from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gaia_lib.core import writes
from gaia_lib.evidence import attribution


@pytest.mark.parametrize(
    ("label", "test_id", "matches"),
    [
        ("test_signup.test_ac1", "tests/unit/test_signup.py::test_ac1", True),
        ("tests.unit.test_signup.test_ac1", "tests/unit/test_signup.py::test_ac1", True),
        ("test_signup.TestA.test_b", "tests/test_signup.py::TestA::test_b", True),
        ("test_signup.test_ac10", "tests/unit/test_signup.py::test_ac1", False),
        ("other_test_signup.test_ac1", "tests/unit/test_signup.py::test_ac1", False),
        ("test_other.test_ac1", "tests/unit/test_signup.py::test_ac1", False),
        # the review's pytest plugin labels contexts by node id
        ("tests/unit/test_signup.py::test_ac1", "tests/unit/test_signup.py::test_ac1", True),
        ("tests/unit/test_signup.py::test_ac1[422]", "tests/unit/test_signup.py::test_ac1", True),
        ("test_signup.py::TestA::test_b", "pkg/test_signup.py::TestA::test_b", True),
        ("tests/unit/test_signup.py::test_ac10", "tests/unit/test_signup.py::test_ac1", False),
        ("tests/unit/test_other.py::test_ac1", "tests/unit/test_signup.py::test_ac1", False),
        # relative to another rootdir, either id may be the other's tail after a "/"
        ("other/tests/unit/test_x.py::test_y", "tests/unit/test_x.py::test_y", True),
        ("other/tests/unit/test_x.py::test_y", "nit/test_x.py::test_y", False),
    ],
)
def test_a_label_names_a_test(label: str, test_id: str, matches: bool) -> None:
    assert attribution.LabelIndex([label]).names(test_id) is matches


LABELS = ["test_signup.test_ac1", "tests/unit/test_signup.py::test_ac1[422]",
          "test_signup.py::TestA::test_b", "other/tests/unit/test_x.py::test_y", "x.test_z"]


def test_the_label_index_finds_a_test_among_many_labels() -> None:
    index = attribution.LabelIndex(LABELS)
    named = ["tests/unit/test_signup.py::test_ac1", "pkg/test_signup.py::TestA::test_b",
             "tests/unit/test_x.py::test_y", "a/tests/x.py::test_z"]
    unnamed = ["tests/unit/test_signup.py::test_ac2", "tests/unit/test_other.py::test_ac1",
               "tests/unit/test_y.py::test_x"]
    assert [t for t in named + unnamed if index.names(t)] == named


def test_files_by_context_ignores_the_empty_context() -> None:
    report = {"files": {
        "src/a.py": {"contexts": {"1": [""], "3": ["t.test_x", "t.test_y"]}},
        "src/b.py": {"contexts": {"2": ["t.test_y"]}},
    }}
    assert attribution.files_by_context(report) == {
        "t.test_x": {"src/a.py"}, "t.test_y": {"src/a.py", "src/b.py"},
    }
    assert attribution.files_by_context({}) == {}


def _contexts(executed: dict[str, list[str]], ran: list[str] | None) -> dict[str, object]:
    """A contexts report: per file, the labels of the tests that ran its lines."""
    files: dict[str, dict[str, dict[str, list[str]]]] = {}
    for label, paths in executed.items():
        for path in paths:
            files.setdefault(path, {"contexts": {"1": []}})["contexts"]["1"].append(label)
    return {"files": files, **({"tests": ran} if ran is not None else {})}


def test_attribute_reports_tests_that_never_run_story_code() -> None:
    report = _contexts({"test_s.test_ac1": ["src/app.py"], "test_s.test_ac2": ["src/other.py"]},
                       None)
    rows = attribution.attribute(
        [("AC1", ["tests/test_s.py::test_ac1"]), ("AC2", ["tests/test_s.py::test_ac2"])],
        report, ["src/app.py"],
    )
    assert [(r["ac_id"], r["executes_story_code"]) for r in rows] == [("AC1", True), ("AC2", False)]
    assert rows[0]["tests_executing_story_code"] == ["tests/test_s.py::test_ac1"]


def test_attribute_judges_no_ac_whose_tests_the_run_never_ran() -> None:
    ran = ["tests/test_s.py::test_a", "tests/test_lru.py::LRUTest::test_update"]
    report = _contexts({ran[0]: ["src/other.py"], ran[1]: ["src/app.py"]}, ran)
    per_ac = [("AC1", ["tests/test_s.py::test_a"]), ("AC2", ["tests/test_x.py::test_never_run"]),
              ("AC3", ["tests/__init__.py::CacheMixin::test_update"])]
    rows = attribution.attribute(per_ac, report, ["src/app.py"])
    assert [r["executes_story_code"] for r in rows] == [False, None, None]
    # A mixin's test is known by the ids it runs under in the classes inheriting it.
    aliases = {"tests/__init__.py::CacheMixin::test_update": (ran[1],)}
    rows = attribution.attribute(per_ac, report, ["src/app.py"], aliases)
    assert [r["executes_story_code"] for r in rows] == [False, None, True]
    assert attribution.executes(report, [per_ac[2][1][0]], ["src/app.py"], aliases) == {
        "tests/__init__.py::CacheMixin::test_update": True}
    assert attribution.executes(report, [per_ac[2][1][0]], ["src/app.py"]) == {}


def test_executes_knows_only_the_tests_the_measured_run_ran() -> None:
    report = {
        "files": {"app/signup.py": {"contexts": {"*": ["tests/test_s.py::test_a[1]"]}},
                  "app/other.py": {"contexts": {"*": ["tests/test_s.py::test_b"]}}},
        "tests": ["tests/test_s.py::test_a[1]", "tests/test_s.py::test_b"],
    }
    ids = ["tests/test_s.py::test_a", "tests/test_s.py::test_b", "tests/test_s.py::test_c"]
    # test_b ran but touched only a file outside the story's sources; test_c never ran
    assert attribution.executes(report, ids, ["app/signup.py"]) == {
        "tests/test_s.py::test_a": True, "tests/test_s.py::test_b": False}
    # without the list of tests that ran, no test is known not to execute the sources
    assert attribution.executes({"files": report["files"]}, ids, ["app/signup.py"]) == {
        "tests/test_s.py::test_a": True}
    assert attribution.executes(None, ids, ["app/signup.py"]) == {}


def test_units_run_names_per_measured_test_the_story_units_whose_body_it_ran() -> None:
    report = {
        "files": {"app/more.py": {"contexts": {"*": ["tests/test_m.py::TestChunked::test_a[1]"]},
                                  "units": {"chunked": ["tests/test_m.py::TestChunked::test_a[1]",
                                                        "tests/test_m.py::Mixin::test_b"],
                                            "last": []}},
                  "app/other.py": {"contexts": {"*": ["tests/test_m.py::test_c"]},
                                   "units": {"helper": ["tests/test_m.py::test_c"]}}},
        "tests": ["tests/test_m.py::TestChunked::test_a[1]", "tests/test_m.py::Mixin::test_b",
                  "tests/test_m.py::test_c"],
    }
    ids = ["tests/test_m.py::TestChunked::test_a", "tests/test_base.py::Base::test_b",
           "tests/test_m.py::test_c", "tests/test_m.py::test_never_ran"]
    # test_b is defined in a base class and runs as Mixin's; app/other.py is no story source
    aliases = {"tests/test_base.py::Base::test_b": ["tests/test_m.py::Mixin::test_b"]}
    found = attribution.units_run(report, ids, ["app/more.py"], aliases)
    assert found is not None
    defined, ran = found
    assert defined == {"chunked", "last"}
    assert ran == {"tests/test_m.py::TestChunked::test_a": {"chunked"},
                   "tests/test_base.py::Base::test_b": {"chunked"},
                   "tests/test_m.py::test_c": set()}
    # An older report without units, or none at all, says nothing.
    without = {"files": {"app/more.py": {"contexts": {"*": []}}}, "tests": report["tests"]}
    assert attribution.units_run(without, ids, ["app/more.py"]) is None
    assert attribution.units_run(None, ids, ["app/more.py"]) is None


# --- the review's pytest plugin: what one measured run records -------------------------------

APP = '''\
def add(a, b):
    return a + b


def in_fixture_setup():
    return "setup"


def in_fixture_teardown():
    return "teardown"


def in_a_thread():
    return "thread"


def at_session_teardown():
    return "session"


def in_a_report_hook():
    return "report"


def in_the_terminal_summary():
    return "summary"


def in_a_server_thread():
    return "served"


class Counter:
    start = 0  # runs when the module is imported, in no test

    def __init__(self):
        self.start = Counter.start

    def bump(self):
        return self.start + 1

    def reset(self):
        self.start = 0
'''

CONFTEST = '''\
import queue
import threading

import pytest

import app


@pytest.fixture(scope="session")
def server():
    """A thread started by the first test that uses it, serving later tests."""
    requests, answers = queue.Queue(), queue.Queue()

    def serve():  # polls: it runs Python code while pytest does its bookkeeping too
        while True:
            try:
                request = requests.get(timeout=0.001)
            except queue.Empty:
                continue
            if not request:
                return
            answers.put(app.in_a_server_thread())

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield lambda: (requests.put(True), answers.get(timeout=10))[1]
    requests.put(False)
    thread.join()


@pytest.fixture(scope="session")
def session_resource():
    yield
    app.at_session_teardown()


@pytest.fixture
def resource():
    app.in_fixture_setup()
    yield
    app.in_fixture_teardown()


def pytest_runtest_logreport(report):
    app.in_a_report_hook()


def pytest_terminal_summary(terminalreporter):
    app.in_the_terminal_summary()
'''

TEST_APP = '''\
import threading
import unittest

import app


def test_adds(resource, session_resource, server):
    worker = threading.Thread(target=app.in_a_thread)
    worker.start()
    worker.join()
    assert app.add(1, 2) == 3


def test_adds_again(server):
    assert app.add(2, 2) == 4
    assert app.Counter().bump() == 1
    assert server() == "served"  # the thread has outlived several pauses


class TestSubtests(unittest.TestCase):
    def test_each_number(self):
        for n in (1, 2):
            with self.subTest(n=n):  # each subtest's report is pytest's bookkeeping
                self.assertEqual(app.add(n, 0), n)
'''


def _measure_app(root: Path) -> tuple[Path, Path]:
    """Measure tests/test_app.py's run over app.py: (its coverage report, the state dir)."""
    state = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    with writes.scope("fork", root):
        report, why = attribution.measure(root, state, sys.executable, ["tests/test_app.py"],
                                          ["app.py"])
    assert report is not None, why
    return report, state


def _measured(tmp_path: Path) -> tuple[dict[str, Any], dict[str, Any], dict[str, int]]:
    """Run the project above under the plugin: (coverage JSON for app.py, contexts JSON,
    the line of each function's body)."""
    root = tmp_path / "proj"
    (root / "tests").mkdir(parents=True)
    (root / "app.py").write_text(APP)
    (root / "conftest.py").write_text(CONFTEST)
    (root / "tests" / "test_app.py").write_text(TEST_APP)
    report, state = _measure_app(root)
    body = {line.split("(")[0][4:]: number + 1
            for number, line in enumerate(APP.splitlines(), start=1) if line.startswith("def ")}
    contexts = json.loads((state / "attribution-contexts.json").read_text())
    return json.loads(report.read_text())["files"]["app.py"], contexts, body


@pytest.mark.parametrize("mode", ["probes", "tracer"])
def test_the_run_measures_tests_fixtures_threads_and_session_teardown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
    """Measured: module import, each test's setup, call and teardown, every thread a test or
    fixture starts for as long as it runs (a server thread serving a later test), session
    fixtures torn down after the last test. Not measured: pytest's bookkeeping (report hooks)
    and what runs after the last test. The same with probes and with the tracer."""
    monkeypatch.setenv(attribution.MODE_VAR, mode)
    data, contexts, body = _measured(tmp_path)
    executed, missing = set(data["executed_lines"]), set(data["missing_lines"])
    for name in ("add", "in_fixture_setup", "in_fixture_teardown", "in_a_thread",
                 "at_session_teardown", "in_a_server_thread"):
        assert body[name] in executed, name
    assert 1 in executed  # `def add` ran when the test module imported app
    assert {body["in_a_report_hook"], body["in_the_terminal_summary"]} <= missing
    # Branches are measured by the tracer only (none here); probes measure lines.
    assert data["summary"].get("num_branches") == (0 if mode == "tracer" else None)
    assert contexts["files"]["app.py"]["contexts"]["*"] == [
        "tests/test_app.py::TestSubtests::test_each_number", "tests/test_app.py::test_adds",
        "tests/test_app.py::test_adds_again"]
    # Per top-level unit and method, the tests that ran its body (a method's: its class's
    # too); a unit no test ran is listed with none. Defining a function or a class (the
    # import) is no test's; a dunder method is its class's only.
    units = contexts["files"]["app.py"]["units"]
    assert units["add"] == contexts["files"]["app.py"]["contexts"]["*"]
    assert units["in_fixture_setup"] == ["tests/test_app.py::test_adds"]
    assert units["Counter"] == units["bump"] == ["tests/test_app.py::test_adds_again"]
    assert units["reset"] == [] and "__init__" not in units
    assert units["in_a_report_hook"] == units["in_the_terminal_summary"] == []



def test_a_method_named_as_a_module_function_is_its_class_s_unit_only(tmp_path: Path) -> None:
    """schedule's `Scheduler.get_jobs` beside its module-level `get_jobs()`: a test that runs
    the method (through `get_next_run`) ran the class, not the function an AC names; a method
    of its own name (`Job.until`) is a unit of its own."""
    root = tmp_path / "proj"
    (root / "tests").mkdir(parents=True)
    (root / "app.py").write_text(
        "class Scheduler:\n    def get_jobs(self):\n        return []\n\n"
        "    def until(self):\n        return self.get_jobs()\n\n\n"
        "def get_jobs():\n    return Scheduler().get_jobs()\n")
    (root / "tests" / "test_app.py").write_text(
        "import app\n\n\ndef test_until():\n    assert app.Scheduler().until() == []\n\n\n"
        "def test_get_jobs():\n    assert app.get_jobs() == []\n")
    _, state = _measure_app(root)
    units = json.loads((state / "attribution-contexts.json").read_text())["files"]["app.py"][
        "units"]
    assert units == {"Scheduler": ["tests/test_app.py::test_get_jobs",
                                   "tests/test_app.py::test_until"],
                     "until": ["tests/test_app.py::test_until"],
                     "get_jobs": ["tests/test_app.py::test_get_jobs"]}


def _adding_project(tmp_path: Path, other: str) -> Path:
    """A project whose app.py defines `add` (lines 1-2) and then `other` (from line 5)."""
    root = tmp_path / "proj"
    (root / "tests").mkdir(parents=True)
    (root / "app.py").write_text(f"def add(a, b):\n    return a + b\n\n\n{other}")
    return root


@pytest.mark.parametrize("mode", ["probes", "tracer"])
def test_a_second_tier_adds_its_tests_to_the_first_tiers_contexts_and_units(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
    """Two measured runs of one review (two tiers) write one contexts report: each file's and
    each unit's tests are the union of both runs'."""
    monkeypatch.setenv(attribution.MODE_VAR, mode)
    root = _adding_project(tmp_path, "def neg(a):\n    return -a\n")
    (root / "tests" / "test_add.py").write_text(
        "import app\n\n\ndef test_add():\n    assert app.add(1, 2) == 3\n")
    (root / "tests" / "test_neg.py").write_text(
        "import app\n\n\ndef test_neg():\n    assert app.neg(1) == -1\n")
    state = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    with writes.scope("fork", root):
        setup = attribution.CoverageSetup(state, ("app.py",))
        setup.reset()
        for tier in ("tests/test_add.py", "tests/test_neg.py"):
            argv = setup.wrap([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               tier])
            assert argv is not None
            done = subprocess.run(argv, cwd=root, env=setup.env(), capture_output=True,
                                  text=True, check=False)
            assert done.returncode == 0, done.stdout + done.stderr
    contexts = json.loads(setup.contexts.read_text())
    assert contexts["tests"] == ["tests/test_add.py::test_add", "tests/test_neg.py::test_neg"]
    assert contexts["files"]["app.py"]["contexts"]["*"] == contexts["tests"]
    assert contexts["files"]["app.py"]["units"] == {"add": ["tests/test_add.py::test_add"],
                                                   "neg": ["tests/test_neg.py::test_neg"]}


@pytest.mark.parametrize("mode", ["probes", "tracer"])
def test_a_project_s_pytest_cov_is_off_in_the_measured_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
    """A project whose `addopts` runs pytest-cov (`--cov=app --cov-fail-under=100`): the
    measured run of the story's tests is the review's own, with pytest-cov off (`--no-cov`),
    so no second tracer runs beside the review's and no `.coverage` is left in the project."""
    monkeypatch.setenv(attribution.MODE_VAR, mode)
    root = _adding_project(tmp_path, "def sub(a, b):\n    return a - b\n")
    (root / "tests" / "test_app.py").write_text(
        "from app import add\n\n\ndef test_adds():\n    assert add(1, 2) == 3\n")
    (root / "setup.cfg").write_text("[tool:pytest]\naddopts = --cov=app --cov-fail-under=100\n"
                                    "pythonpath = .\n")
    report, _ = _measure_app(root)
    measured = json.loads(report.read_text())["files"]["app.py"]
    assert 2 in measured["executed_lines"] and 6 in measured["missing_lines"]
    assert not (root / ".coverage").exists()


def test_a_source_imported_before_the_measurement_has_its_import_counted_as_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin the project's addopts load (`-p`) imports the story's module before the
    measurement begins, as pytest imports iniconfig itself: its imports, class and `def`
    lines ran all the same, and are not said unrun; a body no test called still is. (The
    review's default run: lines alone.)"""
    monkeypatch.setenv(attribution.MODE_VAR, "probes")
    root = _adding_project(tmp_path, "class Reader:\n    kind = 'ini'\n\n"
                                     "    @property\n    def name(self):\n"
                                     "        return self.kind\n")
    (root / "earlyplug.py").write_text("import app  # noqa: F401\n")
    (root / "pytest.ini").write_text("[pytest]\npythonpath = .\naddopts = -p earlyplug\n")
    (root / "tests" / "test_app.py").write_text(
        "from app import add\n\n\ndef test_adds():\n    assert add(1, 2) == 3\n")
    monkeypatch.setenv("PYTHONPATH", str(root))
    report, state = _measure_app(root)
    measured = json.loads(report.read_text())["files"]["app.py"]
    assert measured["missing_lines"] == [10]  # `return self.kind`: no test read the name
    assert measured["executed_lines"] == [1, 2, 5, 6, 8, 9]
    contexts = json.loads((state / "attribution-contexts.json").read_text())
    assert contexts["files"]["app.py"]["units"]["Reader"] == []


def test_tests_that_ran_none_of_the_measured_files_get_a_report_of_no_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests import a copy of the story's package installed elsewhere (a tool the tests
    need depends on it), never `src/`: the run is measured, and its report says it ran none
    of the story's code, each test listed as run, under no file."""
    root = tmp_path / "proj"
    for where in ("proj/src", "site"):
        (tmp_path / where / "inifile").mkdir(parents=True)
        (tmp_path / where / "inifile" / "__init__.py").write_text(
            "def read(text):\n    return text.split('=')\n")
    (root / "tests").mkdir()
    (root / "tests" / "test_app.py").write_text(
        "from inifile import read\n\n\ndef test_reads():\n    assert read('a=1') == ['a', '1']\n")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "site"))
    state = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    with writes.scope("fork", root):
        report, why = attribution.measure(root, state, sys.executable, ["tests/test_app.py"],
                                          ["src/inifile/__init__.py"])
    assert report is not None, why
    assert json.loads(report.read_text())["files"] == {}
    contexts = json.loads((state / "attribution-contexts.json").read_text())
    # and why: the file the run imported the package from, another copy of it
    copy = str((tmp_path / "site" / "inifile" / "__init__.py").resolve())
    assert contexts == {"files": {}, "tests": ["tests/test_app.py::test_reads"],
                        "imported_elsewhere": {"src/inifile/__init__.py": copy}}
    assert attribution.imported_elsewhere(contexts) == {"src/inifile/__init__.py": copy}
    assert attribution.imported_elsewhere({"files": {}}) == {}


def test_tests_that_returned_a_value_are_listed(tmp_path: Path) -> None:
    """A test returning `unittest.skip(...)` (a decorator: it skips nothing) passes having
    run none of its checks after that return; pytest warns of a test function that returned a
    value, unittest of a `TestCase` method (Python 3.11 on): the report lists both, and not a
    test that returned nothing."""
    root = tmp_path / "proj"
    (root / "tests").mkdir(parents=True)
    (root / "app.py").write_text("def add(a, b):\n    return a + b\n")
    (root / "tests" / "test_app.py").write_text(
        "import unittest\n\nfrom app import add\n\n\n"
        "class AddTests(unittest.TestCase):\n"
        "    def test_left_early(self):\n"
        "        if add(1, 1) == 2:\n"
        "            return unittest.skip('no tool')\n"
        "        self.assertEqual(add(1, 2), 3)\n\n"
        "    def test_adds(self):\n"
        "        self.assertEqual(add(1, 2), 3)\n\n\n"
        "def test_function_left_early():\n"
        "    return unittest.skip('no tool')\n")
    state = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    with writes.scope("fork", root):
        report, why = attribution.measure(root, state, sys.executable, ["tests/test_app.py"],
                                          ["app.py"])
    assert report is not None, why
    contexts = json.loads((state / "attribution-contexts.json").read_text())
    returned = ["tests/test_app.py::test_function_left_early"] + (
        ["tests/test_app.py::AddTests::test_left_early"] if sys.version_info >= (3, 11) else [])
    assert sorted(contexts["returned"]) == sorted(returned)
    assert attribution.returned(contexts) == frozenset(returned)
    assert attribution.returned({"files": {}}) == frozenset()


EXCLUDING_PYPROJECT = """[tool.pytest.ini_options]
pythonpath = ["."]

[tool.coverage.report]
exclude_lines = ["pragma: no cover", "raise err"]
"""


@pytest.mark.parametrize("mode", ["probes", "tracer"])
def test_the_project_s_excluded_lines_stay_out_of_the_story_s_figures(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
    """python-box's pyproject.toml excludes `raise err` from coverage: its own report gave
    ConfigBox 191 of 200 lines where the review's rcfile, which replaces the project's, gave
    191 of 204. The review's report leaves out the lines the project's configuration does."""
    monkeypatch.setenv(attribution.MODE_VAR, mode)
    root = _adding_project(tmp_path, "def need(value):\n    try:\n        return int(value)\n"
                                     "    except ValueError as err:\n        raise err\n")
    (root / "tests" / "test_app.py").write_text(
        "from app import add, need\n\n\ndef test_adds():\n    assert add(need('1'), 2) == 3\n")
    (root / "pyproject.toml").write_text(EXCLUDING_PYPROJECT)
    report, _ = _measure_app(root)
    measured = json.loads(report.read_text())["files"]["app.py"]
    assert measured["excluded_lines"] == [9]
    assert measured["missing_lines"] == [8]  # the `except` line runs only on a bad value
    assert measured["summary"]["num_statements"] == 6
