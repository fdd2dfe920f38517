"""Tests for gaia_lib.evidence.uninstalled: a run stopped by a declared package not installed."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from gaia_lib.evidence import runner_output, uninstalled
from helpers.projects import go_module_needing_absent


@pytest.mark.parametrize("text, package", [
    ("while loading tests/conftest.py: ModuleNotFoundError: No module named 'hypothesis'",
     "hypothesis"),
    ("ModuleNotFoundError: No module named 'hypothesis.strategies' (tests/test_a.py:3)",
     "hypothesis"),
    ("failed to load config from vitest.config.ts: Error: Cannot find package "
     "'@vitejs/plugin-vue' imported from /p/vitest.config.ts", "@vitejs/plugin-vue"),
    ("Cannot find module 'lodash/merge' from 'test/merge.test.ts'", "lodash"),
    ('Error: Failed to resolve import "@scope/pkg/sub" from "test/a.test.ts". Does the file '
     'exist?', "@scope/pkg"),
    ("Error: Failed to load url chai (resolved id: chai) in /p/test/a.test.ts", "chai"),
    ("Cannot find module './fixtures/data' from 'test/a.test.ts'", None),
    ("Cannot find module '/abs/path/x.js'", None),
    ("Cannot find package 'node:fs'", None),
    ("AssertionError: assert 1 == 2", None),
])
def test_the_package_an_import_error_names(text: str, package: str | None) -> None:
    assert uninstalled.missing_package(text) == package


def _project(tmp_path: Path, requirements: str) -> Path:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "requirements.txt").write_text(requirements)
    return tmp_path


def test_a_conftest_that_stopped_on_a_declared_package_is_the_machines(tmp_path: Path) -> None:
    project = _project(tmp_path, "hypothesis>=6\n")
    why = uninstalled.why_blocked(
        "while loading tests/conftest.py: ModuleNotFoundError: No module named 'hypothesis'",
        (), 0, project)
    assert why == ("hypothesis, imported by tests/conftest.py, is not installed where the "
                   "tests run, though tests/requirements.txt declares it: install the "
                   "project's test requirements (while loading tests/conftest.py: "
                   "ModuleNotFoundError: No module named 'hypothesis')")


def _uncollected(module: str, package: str) -> runner_output.TestOutcome:
    file = module.replace(".", "/") + ".py"
    return runner_output.TestOutcome(
        module, runner_output.ERROR, None,
        f"ModuleNotFoundError: No module named '{package}' ({file}:1)")


def test_modules_pytest_could_not_collect_are_read_when_no_test_ran(tmp_path: Path) -> None:
    project = _project(tmp_path, "freezegun\n")
    tests = (_uncollected("tests.test_a", "freezegun"),)
    why = uninstalled.why_blocked(None, tests, 0, project)
    assert why is not None and why.startswith("freezegun, imported by tests/test_a.py, is not")
    # a test that failed beside it: the run is judged as it ran
    ran = runner_output.TestOutcome("test_b", runner_output.FAILED, "tests/test_b.py")
    assert uninstalled.why_blocked(None, (*tests, ran), 0, project) is None
    # ... but tests that all passed beside it say nothing of the file's tests, which never ran
    # (theme-product-form's listeners tests, a declared peer package not installed)
    passed = runner_output.TestOutcome("test_c", runner_output.PASSED, "tests/test_c.py")
    why = uninstalled.why_blocked(None, (*tests, passed), 1, project)
    assert why is not None and why.startswith("freezegun, imported by tests/test_a.py, is not")
    # ... and a package declared nowhere stays the project's failure
    other = (_uncollected("tests.test_a", "yaml"), passed)
    assert uninstalled.why_blocked(None, other, 1, project) is None


def test_a_module_unittest_discovery_could_not_import_is_read_as_pytest_s(
        tmp_path: Path) -> None:
    """`python -m unittest discover -v` narrowed with `-k` to the story's module: the
    story's tests passed, and another module, importing a declared package not installed,
    could not be imported. Its stand-in test had been dropped and the run read as failed."""
    project = _project(tmp_path, "PyYAML>=6\n")
    stderr = ("test_adds (tests.test_calc.AddTest.test_adds) ... ok\n"
              "tests.test_other (unittest.loader._FailedTest.tests.test_other) ... ERROR\n\n"
              + "=" * 70 + "\nERROR: tests.test_other (unittest.loader._FailedTest."
              "tests.test_other)\n" + "-" * 70 + "\n"
              "ImportError: Failed to import test module: tests.test_other\n"
              "Traceback (most recent call last):\n"
              '  File "/p/tests/test_other.py", line 2, in <module>\n'
              "    import yaml\n"
              "ModuleNotFoundError: No module named 'yaml'\n\n\n" + "-" * 70 + "\n"
              "Ran 2 tests in 0.001s\n\nFAILED (errors=1)\n")
    counts = runner_output.parse("unittest", stderr)
    why = uninstalled.why_blocked(None, counts.tests, counts.passed, project)
    assert why == ("yaml, imported by tests/test_other.py, is not installed where the tests "
                   "run, though tests/requirements.txt declares it: install the project's "
                   "test requirements (ModuleNotFoundError: No module named 'yaml' "
                   "(tests/test_other.py:2))")


def test_a_test_file_importorskip_skipped_for_a_declared_package_is_the_machines(
        tmp_path: Path) -> None:
    """`pytest.importorskip("hypothesis")` at a story test file's top, hypothesis declared and
    not installed: its tests were skipped, counted for no AC, and the review had asked for
    changes. A package declared nowhere, or a test that failed beside it, is judged as run."""
    project = _project(tmp_path, "hypothesis>=6\n")
    skipped = runner_output.TestOutcome(
        "tests.test_props", runner_output.SKIPPED, None,
        "could not import 'hypothesis': No module named 'hypothesis'")
    passed = runner_output.TestOutcome("test_c", runner_output.PASSED, "tests/test_c.py")
    why = uninstalled.why_blocked(None, (skipped, passed), 1, project)
    assert why == ("hypothesis, imported by tests/test_props.py, is not installed where the "
                   "tests run, though tests/requirements.txt declares it: install the "
                   "project's test requirements (while loading tests/test_props.py: could not "
                   "import 'hypothesis': No module named 'hypothesis')")
    (tmp_path / "other").mkdir()
    assert uninstalled.why_blocked(None, (skipped, passed), 1, _project(
        tmp_path / "other", "pytest\n")) is None
    failed = runner_output.TestOutcome("test_d", runner_output.FAILED, "tests/test_c.py")
    assert uninstalled.why_blocked(None, (skipped, passed, failed), 1, project) is None
    # a skip of the project's own, for any other reason, is no such file
    own = runner_output.TestOutcome("tests.test_props", runner_output.SKIPPED, None,
                                    "needs a server")
    assert uninstalled.why_blocked(None, (own, passed), 1, project) is None


def test_a_package_declared_nowhere_is_the_projects_failure(tmp_path: Path) -> None:
    project = _project(tmp_path, "pytest\n")
    stopped = "while loading tests/conftest.py: ModuleNotFoundError: No module named 'hypothesis'"
    assert uninstalled.why_blocked(stopped, (), 0, project) is None



@pytest.mark.parametrize("under, said", [
    ("src", "under src/ and is not importable where the tests run: install the project there "
            "(`pip install -e .`) or set PYTHONPATH=src"),
    ("", "at its root, not on the path of the tests' run: run `python -m pytest` from the "
         "root, install the project (`pip install -e .`) or set PYTHONPATH=."),
])
def test_the_projects_own_package_not_importable_is_the_machines(tmp_path: Path, under: str,
                                                                 said: str) -> None:
    """A library whose tests import it (`from unitkit import Quantity`) run where it is not
    on the path: under `src/`, without the project installed or PYTHONPATH=src; at the root,
    its tests in a `tests/` without `__init__.py` run by a bare `pytest`. Every test file
    uncollected, the review had asked for changes to code that was never run."""
    project = _project(tmp_path, "pytest\n")
    (project / under / "unitkit").mkdir(parents=True)
    (project / under / "unitkit" / "__init__.py").write_text("")
    tests = (_uncollected("tests.test_quantity", "unitkit"),)
    assert uninstalled.why_blocked(None, tests, 0, project) == (
        f"unitkit, imported by tests/test_quantity.py, is the project's own package {said} "
        "(ModuleNotFoundError: No module named 'unitkit' (tests/test_quantity.py:1))")
    # a package of no layout of the project's, declared nowhere: the project's failure
    other = (_uncollected("tests.test_quantity", "pint"),)
    assert uninstalled.why_blocked(None, other, 0, project) is None
    if not under:  # a module the root package lacks is the code's
        lacking = (_uncollected("tests.test_quantity", "unitkit.extra"),)
        assert uninstalled.why_blocked(None, lacking, 0, project) is None


def test_the_projects_own_distribution_not_installed_is_the_machines(tmp_path: Path) -> None:
    """A flat-layout library whose `__init__.py` reads its version from its installed
    metadata (`importlib.metadata.version("heapkit")`), its tests run without `pip
    install -e .`: every test file uncollected, the review had asked for changes to code that
    was never run."""
    project = _project(tmp_path, "pytest\n")
    (project / "heapkit").mkdir()
    (project / "heapkit" / "__init__.py").write_text("")
    error = ("importlib.metadata.PackageNotFoundError: No package metadata was found for "
             "heapkit (tests/test_queue.py:7)")
    tests = (runner_output.TestOutcome("tests.test_queue", runner_output.ERROR, None, error),)
    assert uninstalled.why_blocked(None, tests, 0, project) == (
        "heapkit, imported by tests/test_queue.py, reads the metadata of the project's "
        "own distribution, which is not installed where the tests run: install the project "
        f"there (`pip install -e .`) ({error})")
    # the metadata of a distribution the project does not hold: the project's failure
    other = (runner_output.TestOutcome("tests.test_queue", runner_output.ERROR, None,
                                       error.replace("heapkit", "sortedcontainers")),)
    assert uninstalled.why_blocked(None, other, 0, project) is None


def test_a_vitest_config_that_could_not_load_a_declared_plugin(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text('{"devDependencies": {"@vitejs/plugin-vue": "5"}}')
    # vitest 3.2's startup error, as the review reads it
    stopped = ("failed to load config from vitest.config.ts: Error: Cannot find module "
               "'@vitejs/plugin-vue'")
    why = uninstalled.why_blocked(stopped, (), 0, tmp_path)
    assert why is not None and why.startswith(
        "@vitejs/plugin-vue, imported by vitest.config.ts, is not installed where the tests "
        "run, though package.json declares it")


def test_a_vitest_environment_declared_and_not_installed_is_the_machines(tmp_path: Path) -> None:
    """A vitest config's `environment: "jsdom"`, jsdom in devDependencies and not installed:
    vitest stops before any test, saying `MISSING DEPENDENCY Cannot find dependency 'jsdom'`.
    The run had been REQUEST_CHANGES, every AC without a test."""
    (tmp_path / "package.json").write_text('{"devDependencies": {"jsdom": "^26.0.0", '
                                           '"vitest": "^4.0.0"}}')
    why = uninstalled.why_blocked("MISSING DEPENDENCY Cannot find dependency 'jsdom'", (), 0,
                                  tmp_path)
    assert why is not None and why.startswith(
        "jsdom is not installed where the tests run, though package.json declares it")


@pytest.mark.parametrize("stopped", [
    # duration-fns' jest.config.js (`preset: 'ts-jest'`) with node_modules/ts-jest gone
    "● Validation Error: Preset ts-jest not found.",
    # ... a config naming it as a transform instead
    "● Validation Error: Module ts-jest in the transform option was not found.",
])
def test_a_jest_config_naming_a_declared_preset_not_installed(tmp_path: Path,
                                                              stopped: str) -> None:
    (tmp_path / "package.json").write_text('{"devDependencies": {"jest": "29.4.1", '
                                           '"ts-jest": "29.0.5"}}')
    why = uninstalled.why_blocked(stopped, (), 0, tmp_path)
    assert why is not None and why.startswith(
        "ts-jest is not installed where the tests run, though package.json declares it")


def test_a_jest_test_environment_declared_and_not_installed_is_the_machines(
        tmp_path: Path) -> None:
    """package.json's jest config says `"testEnvironment": "jsdom"`, its devDependencies
    `jest-environment-jsdom`, and node_modules lacks it: jest stops before any test. The run
    had been REQUEST_CHANGES, every AC without a test."""
    (tmp_path / "package.json").write_text(
        '{"devDependencies": {"jest": "^30.0.0", "jest-environment-jsdom": "^30.0.0"}, '
        '"jest": {"testEnvironment": "jsdom"}}')
    stopped = ("● Validation Error: Test environment jest-environment-jsdom cannot be found. "
               "Make sure the testEnvironment configuration option points to an existing "
               "node module.")
    why = uninstalled.why_blocked(stopped, (), 0, tmp_path)
    assert why is not None and why.startswith(
        "jest-environment-jsdom is not installed where the tests run, though package.json "
        "declares it")


def test_a_jest_config_naming_a_file_of_the_project_is_no_package() -> None:
    assert uninstalled.missing_package("● Validation Error: Module <rootDir>/jest/transform.js "
                                       "in the transform option was not found.") is None


GO_MOD = """module example.com/jsonq

go 1.12

require (
\tgithub.com/tidwall/match v1.1.1
\tgithub.com/tidwall/pretty v1.2.0 // indirect
)

require golang.org/x/text v0.3.0
"""


@pytest.mark.parametrize("stopped, module", [
    ("go: github.com/tidwall/match@v1.1.1: module lookup disabled by GOPROXY=off",
     "github.com/tidwall/match"),
    ("jsonq_test.go:9:2: missing go.sum entry for module providing package "
     "golang.org/x/text/unicode/norm (imported by example.com/jsonq); to add:",
     "golang.org/x/text"),
    # go 1.17 on, a pruned module graph: the error is at the importing file's position
    ('can\'t load test package: jsonq.go:3:8: golang.org/x/text@v0.3.0: Get "https://proxy.'
     'golang.org/golang.org/x/text/@v/v0.3.0.zip": dial tcp: lookup proxy.golang.org: no such '
     'host', "golang.org/x/text"),
    ("go: downloading golang.org/x/text v0.3.0\njsonq.go:3:8: module lookup disabled by "
     "GOPROXY=off", "golang.org/x/text"),
])
def test_a_go_run_that_could_not_fetch_a_required_module_is_the_machines(
        tmp_path: Path, stopped: str, module: str) -> None:
    """gjson on a machine with no module proxy, the replace directives pointing its two
    required modules at local copies dropped: `go test` stopped on the first one, and the
    review had been REQUEST_CHANGES with every AC's tests "never run". The module is one its
    go.mod requires (a package path names it by a prefix): the machine's to fix, BLOCKED."""
    (tmp_path / "go.mod").write_text(GO_MOD)
    why = uninstalled.why_blocked(stopped, (), 0, tmp_path)
    assert why is not None and why.startswith(
        f"{uninstalled.missing_package(stopped)} is not installed where the tests run, though "
        "go.mod declares it")
    assert module in why
    # a module go.mod does not require: an import the code added, the project's to fix
    assert uninstalled.why_blocked(
        "go: example.org/other@v0.1.0: module lookup disabled by GOPROXY=off", (), 0,
        tmp_path) is None


def test_a_module_an_older_go_mod_requires_quoted_is_declared(tmp_path: Path) -> None:
    """kr/text as Debian ships it: a go.mod of the older syntax, its paths in quotes and no
    `go` line, requiring a module the machine cannot fetch. `go test` stopped before any test
    and the review had been REQUEST_CHANGES, every AC's tests never run: the module is
    declared, quoted, so the run is the machine's to fix, BLOCKED."""
    (tmp_path / "go.mod").write_text('module "example.com/text"\n\n'
                                     'require "github.com/creack/pty" v1.1.9\n')
    stopped = ("go: github.com/creack/pty@v1.1.9: missing go.sum entry; to add it:\n"
               "\tgo mod download github.com/creack/pty\n")
    why = uninstalled.why_blocked(stopped, (), 0, tmp_path)
    assert why is not None and why.startswith(
        "github.com/creack/pty is not installed where the tests run, though go.mod declares it")


def test_the_module_real_go_test_could_not_fetch_is_read_from_its_output(tmp_path: Path) -> None:
    """A module whose go.mod says go 1.19 (a pruned graph): offline, `go test` names the module
    it could not fetch at the importing file's line, not in a `go: <module>@<version>:` line;
    the review had read that as the project's own compile error. Real go, with a proxy that
    refuses every connection and with none at all."""
    go_module_needing_absent(tmp_path)
    for proxy in ("http://127.0.0.1:9", "off"):
        env = {**os.environ, "GOPROXY": proxy, "GOFLAGS": "-mod=readonly"}
        run = subprocess.run(["go", "test", "-json", "./..."], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode != 0
        assert uninstalled.missing_package(run.stderr) == "example.com/gaia-absent", run.stderr
        why = uninstalled.why_blocked(run.stderr, (), 0, tmp_path)
        assert why is not None and why.startswith(
            "example.com/gaia-absent is not installed where the tests run, though go.mod "
            "declares it")


def test_a_plugin_option_of_the_projects_addopts_whose_declared_plugin_is_absent(
        tmp_path: Path) -> None:
    """dictdiffer's pytest.ini adds `--pydocstyle` to every run and its setup.py declares
    pytest-pydocstyle in a list it names: without the plugin pytest stops at the option."""
    (tmp_path / "setup.py").write_text(
        "from setuptools import setup\n"
        "checks = ['pytest-isort>=1.2', 'pytest-pydocstyle>=2.2; python_version>\"3.5\"']\n"
        "setup(name='lib', extras_require={'tests': checks})\n")
    stopped = "__main__.py: error: unrecognized arguments: --pydocstyle"
    why = uninstalled.why_blocked(stopped, (), 0, tmp_path)
    assert why is not None and why.startswith(
        "pytest-pydocstyle, the pytest plugin defining --pydocstyle of the project's pytest "
        "configuration, is not installed where the tests run, though setup.py declares it")
    # an option no declared plugin is named for is the project's failure
    assert uninstalled.why_blocked(
        "__main__.py: error: unrecognized arguments: --strict-typos", (), 0, tmp_path) is None


def test_a_go_module_replaced_by_a_directory_not_there_is_the_machines(tmp_path: Path) -> None:
    """mergo's go.mod pointing gopkg.in/yaml.v2 at a local copy of Debian's package (no module
    proxy on the machine), the copy then gone: `go test` says `go: <module>@<version> (replaced
    by <dir>): reading <dir>/go.mod: ... no such file or directory` before any test, and the
    review had read it as the project's failure (REQUEST_CHANGES, a QA round spent). Real go."""
    project = go_module_needing_absent(tmp_path / "lib")
    # mergo's go.mod says go 1.13, an unpruned graph: go reads every go.mod before any package
    go_mod = project / "go.mod"
    go_mod.write_text(go_mod.read_text().replace("go 1.19", "go 1.13")
                      + "\nreplace example.com/gaia-absent => ../gone\n")
    env = {**os.environ, "GOPROXY": "off", "GOFLAGS": "-mod=mod"}
    run = subprocess.run(["go", "test", "-json", "./..."], cwd=project, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and "(replaced by ../gone)" in run.stderr, run.stderr
    assert uninstalled.missing_package(run.stderr) == "example.com/gaia-absent", run.stderr
    why = uninstalled.why_blocked(run.stderr, (), 0, project)
    assert why is not None and why.startswith(
        "example.com/gaia-absent is not installed where the tests run, though go.mod declares it")


def test_the_projects_own_go_package_looked_for_in_gopath_is_the_machines(tmp_path: Path) -> None:
    """A rate limiter's module reviewed where the shell exports `GO111MODULE=off` (GOPATH
    mode, as Debian's gocode tree was once built): go read no go.mod, looked for the module's
    own package in GOPATH and stopped before any test; the review had asked for changes, every
    AC untested, a QA round spent. The package is the project's own: the machine's, BLOCKED."""
    (tmp_path / "go.mod").write_text("module example.com/limits\n")
    (tmp_path / "rate").mkdir()
    stopped = ('rate/once_test.go:13:2: cannot find package "example.com/limits/rate" in any '
               "of:")
    assert uninstalled.why_blocked(stopped, (), 0, tmp_path) == (
        "example.com/limits/rate, imported by rate/once_test.go, is the project's own package "
        "(go.mod declares the module example.com/limits), which go looked for outside it: go "
        "ran without modules; unset GO111MODULE=off (`cannot find package` at "
        "rate/once_test.go:13)")
    # a package of no module of the project's: an import the code added, the project's
    assert uninstalled.why_blocked(
        'rate/once_test.go:14:2: cannot find package "example.org/other" in any of:', (), 0,
        tmp_path) is None


BABEL_REFUSED = (  # jest 29.5 transforming a spec with @babel/core 7.21.0 installed
    '[BABEL] /p/src/add.spec.js: Requires Babel "^7.22.0 || ^8.0.0-0", but was loaded with '
    '"7.21.0". If you are sure you have a compatible version of @babel/core, it is likely that '
    "something in your build process is loading the wrong version. Inspect the stack trace of "
    "this error to look for the first entry that doesn't mention \"@babel/core\" or "
    '"babel-core" to see what is calling Babel. (While processing: "/p/node_modules/@babel/'
    'plugin-syntax-import-attributes/lib/index.js")')


def test_babel_refusing_the_core_installed_is_the_machines(tmp_path: Path) -> None:
    """any-date-parser 1.5.4's devDependencies installed as declared: its pinned @babel/core
    7.21.0 under jest 29.5's preset, whose plugin asks for 7.22; every spec failed to load and
    the review had asked for changes, every AC without a test."""
    report = ('{"numTotalTests": 0, "success": false, "testResults": [{"name": '
              '"/p/src/add.spec.js", "status": "failed", "assertionResults": [], "message": '
              + json.dumps("  ● Test suite failed to run\n\n    " + BABEL_REFUSED
                           + "\n\n      at Object.assertVersion (node_modules/...)") + "}]}")
    counts = runner_output.parse("jest", report)
    why = uninstalled.why_blocked(None, counts.tests, counts.passed, tmp_path)
    # the runner's report keeps the start of a file's error, not the plugin it names last
    assert why is not None and why.startswith(
        "@babel/core 7.21.0 is installed where the tests run, but a Babel plugin requires "
        "Babel ^7.22.0 || ^8.0.0-0: install versions of the project's test packages that fit "
        "one another")
    # a run stopped with the whole error names the plugin
    why = uninstalled.why_blocked(BABEL_REFUSED, (), 0, tmp_path)
    assert why is not None and why.startswith(
        "@babel/core 7.21.0 is installed where the tests run, but "
        "@babel/plugin-syntax-import-attributes requires Babel ^7.22.0 || ^8.0.0-0")
    # a spec that ran and failed beside it: the run is judged as it ran
    failed = runner_output.TestOutcome("adds", runner_output.FAILED, "src/b.spec.js")
    assert uninstalled.why_blocked(None, (*counts.tests, failed), 0, tmp_path) is None


def test_a_long_error_quoted_keeps_its_cause_and_the_sentence_its_bracket(
        tmp_path: Path) -> None:
    """A table renderer's module, its width library replaced by a copy of Debian's package in
    a directory since removed: go's line names the module, the directory twice and, last, why.
    Cut at 300 characters, the sentence had ended at `open .../go.mod:`, its cause and its
    closing bracket gone."""
    (tmp_path / "go.mod").write_text(
        "module example.com/tables\n\ngo 1.12\n\nrequire example.com/width v0.0.9\n\n"
        "replace example.com/width => /srv/build/deps/share/gocode/src/example.com/width\n")
    where = "/srv/build/deps/share/gocode/src/example.com/width"
    stopped = (f"go: example.com/width@v0.0.9 (replaced by {where}): reading "
               f"../../build/deps/share/gocode/src/example.com/width/go.mod: open "
               f"{where}/go.mod: no such file or directory")
    why = uninstalled.why_blocked(stopped, (), 0, tmp_path)
    assert why is not None and len(why) <= 300
    assert why.startswith("example.com/width is not installed where the tests run, though "
                          "go.mod declares it: install the project's test requirements "
                          "(go: example.com/width@v0.0.9 (replaced by ")
    assert why.endswith("/go.mod: no such file or directory)") and " ... " in why, why
