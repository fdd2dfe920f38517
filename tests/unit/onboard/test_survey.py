from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gaia_lib.onboard import survey as sv


def _write(root: Path, rel: str, text: str = "") -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_python_project_gets_pytest_coverage_and_its_test_dir(tmp_path: Path) -> None:
    _write(tmp_path, "pyproject.toml", "[project]\nname='x'\n")
    _write(tmp_path, "src/x/core.py")
    _write(tmp_path, "tests/unit/test_core.py", "def test_a(): pass\n")
    _write(tmp_path, "tests/integration/test_flow.py", "def test_b(): pass\n")
    found = sv.survey(tmp_path)
    assert [s.stack for s in found.stacks] == ["python-dev"]
    primary = found.primary
    assert primary is not None and primary.where == "." and primary.test_files == 2
    assert primary.test_command == "python -m pytest -q"
    assert primary.coverage_command is not None and "coverage json" in primary.coverage_command
    assert found.test_dirs == ("tests",)


@pytest.mark.parametrize("venv", [".venv", "venv", "env"])
def test_a_python_project_with_its_own_venv_runs_its_tests_with_it(tmp_path: Path,
                                                                   venv: str) -> None:
    """A user who has not activated the project's environment gets the command that needs
    none; a directory named like one but holding no environment is nothing."""
    _write(tmp_path, "pyproject.toml", "[project]\nname='x'\n")
    _write(tmp_path, "tests/test_core.py", "def test_a(): pass\n")
    _write(tmp_path, f"{venv}/bin/python", "#!/bin/sh\n")
    bare = sv.survey(tmp_path).primary
    assert bare is not None and bare.test_command == "python -m pytest -q"  # no pyvenv.cfg
    _write(tmp_path, f"{venv}/pyvenv.cfg", "home = /usr/bin\n")
    primary = sv.survey(tmp_path).primary
    assert primary is not None and primary.test_command == f"{venv}/bin/python -m pytest -q"
    assert primary.coverage_command == (
        f"{venv}/bin/python -m coverage run --branch -m pytest -q; {venv}/bin/python -m "
        "coverage json -q -o coverage.json")
    assert primary.test_files == 1  # the environment's own files are no tests of the project


def test_a_venv_of_any_name_runs_the_tests_and_its_packages_are_no_test_files(
        tmp_path: Path) -> None:
    """ordered-set unpacked with its environment in `.venv-os`: init counted 8 test files and
    four test directories from the environment's site-packages (pip's, setuptools'), and ran
    the tests with a `python` that had no coverage.py."""
    _write(tmp_path, "setup.py", "from setuptools import setup\nsetup(name='x')\n")
    _write(tmp_path, "test/test_core.py", "def test_a(): pass\n")
    _write(tmp_path, ".venv-os/pyvenv.cfg", "home = /usr/bin\n")
    _write(tmp_path, ".venv-os/bin/python", "#!/bin/sh\n")
    _write(tmp_path, ".venv-os/lib/python3.11/site-packages/pip/_vendor/lib/tests.py",
           "def test_b(): pass\n")
    _write(tmp_path, ".venv-os/lib/python3.11/site-packages/tool/command/test.py")
    found = sv.survey(tmp_path)
    primary = found.primary
    assert primary is not None and primary.test_files == 1
    assert primary.test_command == ".venv-os/bin/python -m pytest -q"
    assert found.test_dirs == ("test",)


def test_a_shell_scripts_settings_before_its_runner_are_the_commands(tmp_path: Path) -> None:
    """A date parser's `npm test` runs `sh ./scripts/test.sh`, which installs packages
    globally and then runs `TZ=UTC npx jest "$@"`: its tests need UTC (two fail east of it),
    so the runner run alone keeps the setting; a script whose runner line sets none, or
    that init cannot read, gives the runner alone."""
    _write(tmp_path, "package.json", json.dumps({
        "scripts": {"test": "sh ./scripts/test.sh"}, "devDependencies": {"jest": "29.5.0"}}))
    _write(tmp_path, "scripts/test.sh", '#!/usr/bin/env bash\n'
           '# TZ=Europe/Paris npx jest\nnpm install -g full-icu\n'
           'if [ -n "$NODE_ICU_DATA" ]\nthen\n  export NODE_PATH=$modulesPath\n'
           '  TZ=UTC npx jest "$@"\nfi\n')
    _write(tmp_path, "src/dates.spec.js", 'it("parses", () => expect(1).toBe(1));\n')
    assert sv.commands_for("ts-dev", tmp_path, ()) == (
        "TZ=UTC npx jest",
        "TZ=UTC npx jest --coverage --coverageReporters=lcov --coverageReporters=json")
    _write(tmp_path, "scripts/test.sh", "#!/bin/sh\nnpx jest \"$@\"\n")
    assert sv.commands_for("ts-dev", tmp_path, ())[0] == "npx jest"
    (tmp_path / "scripts/test.sh").unlink()
    assert sv.commands_for("ts-dev", tmp_path, ())[0] == "npx jest"


@pytest.mark.parametrize(
    ("pkg", "test", "coverage"),
    [
        ({"scripts": {"test": "vitest run"}, "devDependencies": {"vitest": "^3", "@vitest/coverage-v8": "^3"}},
         "npm test", "npx vitest run --coverage --coverage.reporter=lcov --coverage.reporter=json "
         "--coverage.reportOnFailure"),
        ({"devDependencies": {"vitest": "^3"}}, "npx vitest run", None),
        ({"devDependencies": {"jest": "^29"}}, "npx jest",
         "npx jest --coverage --coverageReporters=lcov --coverageReporters=json"),
        ({"scripts": {"test": "echo \"Error: no test specified\" && exit 1"}}, None, None),
        ({"scripts": {"test": "mocha"}, "devDependencies": {"c8": "^9"}}, "npm test",
         "npx c8 --reporter=lcov npm test"),
        ({}, None, None),
        # No `test` script: a `test:*` script that runs the runner itself (a monorepo package).
        ({"scripts": {"test:types": "tsc", "test:lib": "jest --config ./jest.config.ts"}},
         "npm run test:lib",
         "npm run test:lib -- --coverage --coverageReporters=lcov --coverageReporters=json"),
        ({"scripts": {"test:unit": "vitest run"}, "devDependencies": {"vitest": "^3"}},
         "npm run test:unit", None),
        ({"scripts": {"test:e2e": "playwright test"}}, None, None),
        # A test script that chains other steps: the runner itself (ufo's, which needs pnpm).
        ({"scripts": {"test": "pnpm lint && vitest run --typecheck"},
          "devDependencies": {"vitest": "^4", "@vitest/coverage-v8": "^4"}},
         "npx vitest run", "npx vitest run --coverage --coverage.reporter=lcov "
                           "--coverage.reporter=json --coverage.reportOnFailure"),
        ({"scripts": {"test": "tsc && jest"}, "devDependencies": {"jest": "^29"}}, "npx jest",
         "npx jest --coverage --coverageReporters=lcov --coverageReporters=json"),
        # Of the runner's scripts a chaining test script runs, its first (vercel/ms's plain
        # one, not the edge runtime's, whose --no-coverage a coverage run cannot undo).
        ({"scripts": {"test": "pnpm run test:nodejs && pnpm run test:edge",
                      "test:edge": "jest --env @edge-runtime/jest-environment --no-coverage",
                      "test:nodejs": "jest --env node"}, "devDependencies": {"jest": "^30"}},
         "npm run test:nodejs",
         "npm run test:nodejs -- --coverage --coverageReporters=lcov --coverageReporters=json"),
        # ... one setting the environment its tests need (harrisiirak/cron-parser's time
        # zone), not the runner alone; of the runner's scripts, one measuring no coverage of
        # its own first, though the test script runs the other
        ({"scripts": {"test": "cross-env TZ=UTC npm run lint && npm run test:coverage",
                      "test:coverage": "cross-env TZ=UTC jest --coverage",
                      "test:unit": "cross-env TZ=UTC jest"},
          "devDependencies": {"jest": "^30", "cross-env": "^7"}},
         "npm run test:unit",
         "npm run test:unit -- --coverage --coverageReporters=lcov --coverageReporters=json"),
        # A test script that runs the runner in an environment it sets (duration-fns'
        # `TZ=UTC jest`) or with flags of its own: coverage through it, which keeps them.
        ({"scripts": {"test": "TZ=UTC jest"}, "devDependencies": {"jest": "29.4.1"}},
         "npm test", "npm test -- --coverage --coverageReporters=lcov --coverageReporters=json"),
        ({"scripts": {"test": "jest --config jest.unit.json"}, "devDependencies": {"jest": "^29"}},
         "npm test", "npm test -- --coverage --coverageReporters=lcov --coverageReporters=json"),
        ({"scripts": {"test": "npx jest"}, "devDependencies": {"jest": "^29"}}, "npm test",
         "npx jest --coverage --coverageReporters=lcov --coverageReporters=json"),
        ({"scripts": {"test": "TZ=UTC jest --coverage"}, "devDependencies": {"jest": "^29"}},
         "npm test", "npx jest --coverage --coverageReporters=lcov --coverageReporters=json"),
        # A test script left watching (lossless-json's `vitest watch src`) never ends: the
        # runner itself, run once.
        ({"scripts": {"test": "vitest watch src", "test-ci": "vitest run src"},
          "devDependencies": {"vitest": "3.2.4", "@vitest/coverage-v8": "3.2.4"}},
         "npx vitest run", "npx vitest run --coverage --coverage.reporter=lcov "
                           "--coverage.reporter=json --coverage.reportOnFailure"),
        ({"scripts": {"test": "jest --watchAll"}, "devDependencies": {"jest": "^29"}},
         "npx jest", "npx jest --coverage --coverageReporters=lcov --coverageReporters=json"),
        # ... unless no runner is known: the script, as the project runs it.
        ({"scripts": {"test": "lint; mocha"}}, "npm test", None),
        # A test script handing the run to a shell script of the package, whose steps the
        # review cannot read (one installing packages globally, then `TZ=UTC npx jest`): the
        # runner itself, as for a chain; the script, as the project runs it, where no runner
        # is known.
        ({"scripts": {"test": "sh ./scripts/test.sh"}, "devDependencies": {"jest": "29.5.0"}},
         "npx jest", "npx jest --coverage --coverageReporters=lcov --coverageReporters=json"),
        ({"scripts": {"test": "./bin/run-tests.sh --ci"}, "devDependencies": {"vitest": "^3"}},
         "npx vitest run", None),
        ({"scripts": {"test": "CI=1 bash test.sh"}, "devDependencies": {"jest": "^29"}},
         "npx jest", "npx jest --coverage --coverageReporters=lcov --coverageReporters=json"),
        ({"scripts": {"test": "sh ./scripts/test.sh"}}, "npm test", None),
        ({"scripts": {"test": "bash -c 'jest'"}, "devDependencies": {"jest": "^29"}},
         "npm test", "npx jest --coverage --coverageReporters=lcov --coverageReporters=json"),
    ],
)
def test_js_commands_come_from_package_json(pkg: dict[str, object], test: str | None,
                                            coverage: str | None) -> None:
    assert sv.js_commands(pkg) == (test, coverage)


def test_a_malformed_package_json_is_an_empty_one() -> None:
    assert sv.package_json("{not json") == {}
    assert sv.package_json("[1, 2]") == {}


def test_monorepo_lists_each_stack_with_commands_run_from_its_directory(tmp_path: Path) -> None:
    _write(tmp_path, "pyproject.toml", "[project]\nname='api'\n")
    _write(tmp_path, "tests/test_api.py", "def test_a(): pass\n")
    _write(tmp_path, "web/package.json", '{"devDependencies": {"vitest": "^3"}}')
    _write(tmp_path, "web/src/app.test.ts", "it('x', () => {})\n")
    found = sv.survey(tmp_path)
    assert [(s.stack, s.where) for s in found.stacks] == [("python-dev", "."), ("ts-dev", "web")]
    web = found.stacks[1]
    assert web.test_command == "cd web && npx vitest run"
    assert web.test_files == 1
    assert found.test_dirs == ("tests", "web/src")


def _tests_dir_project(root: Path, runner: str) -> None:
    _write(root, "package.json", json.dumps({"devDependencies": {runner: "^3"}}))
    _write(root, "src/sum.ts", "export const sum = (a: number, b: number) => a + b\n")
    _write(root, "src/__tests__/utils.ts", "export const two = () => 2\n")
    _write(root, "src/__tests__/sum.ts",
           "import { sum } from '../sum'\ndescribe('sum', () => {\n"
           "  it('adds', () => expect(sum(1, 1)).toBe(2))\n})\n")
    _write(root, "src/__tests__/named.test.ts", "test('x', () => {})\n")


def test_a_helper_under_tests_dirs_is_no_test_file_under_jest(tmp_path: Path) -> None:
    """jest's default `testMatch` runs every file under `__tests__/`: one declaring a test
    counts, a helper declaring none (`__tests__/utils.ts`) does not."""
    _tests_dir_project(tmp_path, "jest")
    found = sv.survey(tmp_path)
    assert [(s.stack, s.test_files) for s in found.stacks] == [("ts-dev", 2)]
    assert found.test_dirs == ("src/__tests__",)


def test_a_test_whose_title_opens_below_its_call_makes_a_test_file_under_jest(
        tmp_path: Path) -> None:
    """A formatter lays a test given a time limit out over lines, its title below `it(`
    (plugin hooks' snapshot tests): jest runs the file, so it counts, the helper still not."""
    _tests_dir_project(tmp_path, "jest")
    _write(tmp_path, "src/__tests__/hooks.js",
           "const { sum } = require('../sum')\n\ndescribe('SeriesHook', () => {\n\tit(\n"
           "\t\t'should run every tap in turn',\n\t\tasync () => {\n"
           "\t\t\texpect(sum(1, 2)).toBe(3)\n\t\t},\n\t\t15000\n\t)\n})\n")
    assert [(s.stack, s.test_files) for s in sv.survey(tmp_path).stacks] == [("ts-dev", 3)]


def test_vitest_runs_only_named_test_files_unless_its_config_names_tests_dirs(
        tmp_path: Path) -> None:
    """vitest's default `include` is `**/*.{test,spec}.?(c|m)[jt]s?(x)`: a file under
    `__tests__/` otherwise named is not run, test or helper; a config naming `__tests__`
    widens it, as jest's default is."""
    _tests_dir_project(tmp_path, "vitest")
    assert [(s.stack, s.test_files) for s in sv.survey(tmp_path).stacks] == [("ts-dev", 1)]
    _write(tmp_path, "vitest.config.ts",
           "export default { test: { include: ['src/__tests__/**/*.ts'] } }\n")
    assert [(s.stack, s.test_files) for s in sv.survey(tmp_path).stacks] == [("ts-dev", 2)]


@pytest.mark.parametrize(("pkg", "runner"), [
    ({"devDependencies": {"jest": "^29", "vitest": "^3"}}, "vitest"),
    ({"dependencies": {"jest": "^29"}}, "jest"),
    ({"scripts": {"test:lib": "jest --config ./jest.config.ts"}}, "jest"),
    ({"peerDependencies": {"vitest": "^3"}}, None),
    ({"scripts": {"test": "mocha"}}, None),
])
def test_js_runner_is_the_one_the_dependencies_or_a_test_script_name(
        pkg: dict[str, object], runner: str | None) -> None:
    assert sv.js_runner(pkg) == runner


def test_bats_only_repository_is_bash(tmp_path: Path) -> None:
    _write(tmp_path, "bin/tool.sh", "echo hi\n")
    _write(tmp_path, "test/tool.bats", "@test 'x' { true; }\n")
    found = sv.survey(tmp_path)
    assert [s.stack for s in found.stacks] == ["bash-dev"]
    assert found.stacks[0].test_command == "bats test"


def test_a_bats_project_whose_package_json_only_installs_bats_is_bash(tmp_path: Path) -> None:
    """bats-assert's shape: package.json (`"test": "bats test"`, devDependencies bats) and
    only `.bats` tests: bash-dev, not a TypeScript project with no tests. A JS project with
    its own tests beside bats files keeps its stack first."""
    _write(tmp_path, "package.json", json.dumps({"scripts": {"test": "bats test"},
                                                 "devDependencies": {"bats": "^1"}}))
    _write(tmp_path, "src/assert.bash", "assert() { :; }\n")
    _write(tmp_path, "test/assert.bats", "@test 'x' { true; }\n")
    found = sv.survey(tmp_path)
    assert [(s.stack, s.test_files) for s in found.stacks] == [("bash-dev", 1)]
    assert found.stacks[0].test_command == "bats test" and found.test_dirs == ("test",)
    _write(tmp_path, "src/index.test.js", "test('x', () => { expect(1).toBe(1) })\n")
    assert sv.survey(tmp_path).stacks[0].stack == "ts-dev"


def test_nothing_recognisable_finds_no_stack(tmp_path: Path) -> None:
    _write(tmp_path, "notes.txt", "hello\n")
    assert sv.survey(tmp_path).primary is None


@pytest.mark.parametrize(
    ("files", "dirs"),
    [
        (["tests/unit/a/test_x.py", "tests/test_y.py"], ("tests",)),
        (["pkg/test/foo_test.go"], ("pkg/test",)),
        (["src/lib/thing.test.ts"], ("src/lib",)),
        (["test_top.py"], (".",)),
        ([], ()),
    ],
)
def test_test_dirs_are_cut_at_the_first_conventional_name(files: list[str],
                                                          dirs: tuple[str, ...]) -> None:
    assert sv.test_dirs_of(files) == dirs


def test_test_dirs_are_every_package_of_a_go_module() -> None:
    # Go keeps each package's tests beside its code: twelve packages, twelve test directories
    packages = [f"{kind}/{name}" for kind in ("queues", "stacks", "trees")
                for name in ("array", "linked", "ring", "sorted")]
    assert sv.test_dirs_of([f"{pkg}/{pkg.split('/')[1]}_test.go" for pkg in packages]) \
        == tuple(sorted(packages))


def test_go_and_java_commands(tmp_path: Path) -> None:
    assert sv.commands_for("go-dev", tmp_path, ()) == (
        "go test ./...", "go test -coverprofile=coverage.out ./...")
    _write(tmp_path, "pom.xml", "<project/>")
    assert sv.commands_for("java-dev", tmp_path, ())[0] == "mvn -q test"


def test_a_src_layout_without_pythonpath_is_named(tmp_path: Path) -> None:
    _write(tmp_path, "pyproject.toml", "[project]\nname='x'\n")
    _write(tmp_path, "src/x/__init__.py")
    _write(tmp_path, "src/notapackage/data.txt")
    _write(tmp_path, "tests/test_x.py", "def test_a(): pass\n")
    assert sv.survey(tmp_path).src_packages == ("x",)
    _write(tmp_path, "pytest.ini", "[pytest]\npythonpath = src\n")
    assert sv.survey(tmp_path).src_packages == ()


def test_a_flat_layout_has_no_src_note(tmp_path: Path) -> None:
    _write(tmp_path, "pyproject.toml", "[project]\nname='x'\n")
    _write(tmp_path, "x/__init__.py")
    _write(tmp_path, "tests/test_x.py", "def test_a(): pass\n")
    assert sv.survey(tmp_path).src_packages == ()


def test_test_files_that_build_their_tests_in_load_tests_are_named(tmp_path: Path) -> None:
    (tmp_path / "setup.py").write_text("from setuptools import setup\nsetup()\n")
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_table.py").write_text(
        "import unittest\n\n\ndef load_tests(loader, tests, pattern):\n"
        "    return unittest.TestSuite()\n")
    (tests / "test_plain.py").write_text(
        "def test_x():\n    assert 1\n\n\n# def load_tests(loader, tests, pattern): not here\n"
        "class T:\n    def load_tests(self):\n        pass\n")
    found = sv.survey(tmp_path)
    assert found.load_tests == ("tests/test_table.py",)


def test_a_load_tests_gathering_its_own_classes_only_is_not_named(tmp_path: Path) -> None:
    """A `load_tests` that puts some of its module's TestCase classes into a suite (to leave
    an imported base class out under unittest) builds no test pytest does not collect."""
    _write(tmp_path, "setup.py", "from setuptools import setup\nsetup()\n")
    _write(tmp_path, "tests/test_render.py",
           "from unittest import TestCase, TestSuite\n"
           "from tests.test_base import TestBlocks\n\n\n"
           "class TestInline(TestBlocks):\n    def test_em(self):\n        self.assertTrue(1)\n\n\n"
           "def load_tests(loader, tests, pattern):\n"
           "    suite = TestSuite()\n"
           "    for cls in [TestInline]:\n"
           "        suite.addTests(loader.loadTestsFromTestCase(cls))\n"
           "    return suite\n")
    _write(tmp_path, "tests/test_docs.py",
           "import doctest\n\n\ndef load_tests(loader, tests, pattern):\n"
           "    tests.addTests(doctest.DocTestSuite('pkg.mod'))\n    return tests\n")
    found = sv.survey(tmp_path)
    assert found.load_tests == ("tests/test_docs.py",)


def test_the_test_files_a_vitest_config_includes_are_counted(tmp_path: Path) -> None:
    """yup's layout: its tests are `test/*.ts`, named by its vitest config's `include`, less
    what it excludes (a helper module, type tests)."""
    _write(tmp_path, "package.json", json.dumps({"devDependencies": {"vitest": "^3"}}))
    _write(tmp_path, "vitest.config.ts",
           "export default { test: { include: ['test/**/*.{js,ts}'],\n"
           "  exclude: ['test/helpers.ts', 'test/types/types.ts'] } }\n")
    declaring = "import { it } from 'vitest'\nit('works', () => {})\n"
    for rel in ("test/string.ts", "test/util/date.ts", "test/yup.js", "test/types/types.ts"):
        _write(tmp_path, rel, declaring)
    _write(tmp_path, "test/helpers.ts", "export const two = () => 2\n")
    _write(tmp_path, "test/fixtures.ts", "export const rows = []\n")  # included, no test
    _write(tmp_path, "src/string.ts", "export const s = 1\n")
    found = sv.survey(tmp_path)
    assert [(s.stack, s.test_files) for s in found.stacks] == [("ts-dev", 3)]
    assert found.test_dirs == ("test",)


def test_test_files_pytests_defaults_do_not_collect_are_named(tmp_path: Path) -> None:
    """jsonpointer's layout: its tests in a top-level `tests.py`, which `python -m pytest`
    (the command init writes) does not collect: it runs no test at all (exit 5)."""
    import subprocess
    import sys

    _write(tmp_path, "setup.py", "from setuptools import setup\nsetup()\n")
    _write(tmp_path, "tests.py", "import unittest\n\n\nclass T(unittest.TestCase):\n"
                                 "    def test_x(self):\n        self.assertTrue(1)\n")
    _write(tmp_path, "tests/test_other.py", "def test_y():\n    assert 1\n")
    found = sv.survey(tmp_path)
    assert found.uncollected == ("tests.py",)
    ran = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                         cwd=tmp_path, capture_output=True, text=True, check=False)
    assert "1 passed" in ran.stdout  # tests/test_other.py's only
    # the command it chooses sets python_files for it: both files' tests run
    assert found.primary is not None and found.primary.test_command == (
        'python -m pytest -q -o "python_files=test_*.py *_test.py tests.py"')
    ran = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o",
                          "python_files=test_*.py *_test.py tests.py"],
                         cwd=tmp_path, capture_output=True, text=True, check=False)
    assert "2 passed" in ran.stdout
    # a project whose pytest configuration names its own files is left to it
    _write(tmp_path, "setup.cfg", "[tool:pytest]\npython_files = tests.py test_*.py\n")
    again = sv.survey(tmp_path)
    assert again.uncollected == () and again.primary is not None
    assert again.primary.test_command == "python -m pytest -q"


def test_the_coverage_command_measures_a_project_whose_addopts_run_pytest_cov(
        tmp_path: Path) -> None:
    """dictdiffer's pytest.ini adds `--cov=dictdiffer` to every run: under `coverage run`,
    pytest-cov measured in its place, and the command's `coverage json` said no data was
    collected (0 of 388 lines)."""
    _write(tmp_path, "pytest.ini", "[pytest]\naddopts = --cov=lib -p no:cacheprovider\n")
    _write(tmp_path, "lib.py", "def add(a, b):\n    return a + b\n")
    _write(tmp_path, "tests/test_lib.py",
           "from lib import add\n\ndef test_add():\n    assert add(1, 2) == 3\n")
    _, coverage = sv.commands_for("python-dev", tmp_path, ("tests",))
    assert coverage is not None and " --no-cov;" in coverage
    subprocess.run(coverage.replace("python ", f"{sys.executable} "), shell=True, cwd=tmp_path,
                   env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
                   capture_output=True, timeout=120, check=False)
    report = json.loads((tmp_path / "coverage.json").read_text())
    assert report["files"]["lib.py"]["summary"]["covered_lines"] == 2



def test_a_compiled_test_the_jest_config_leaves_out_is_not_counted(tmp_path: Path) -> None:
    """A package shipping its TypeScript tests and their compiled copies: its jest config's
    `testRegex` names `.ts` files only, so jest never runs `tests/dates.test.js`; a package
    of its own below it keeps its tests, which that config does not govern."""
    _write(tmp_path, "package.json", json.dumps({
        "devDependencies": {"jest": "^29"},
        "jest": {"testRegex": "(\\.|/)(test|spec)\\.tsx?$"}}))
    _write(tmp_path, "src/tests/dates.test.ts", "it('abbreviates', () => {})\n")
    _write(tmp_path, "tests/dates.test.js", "it('abbreviates', function () {})\n")
    _write(tmp_path, "packages/cli/package.json", json.dumps({"devDependencies": {"jest": "^29"}}))
    _write(tmp_path, "packages/cli/run.test.js", "it('runs', () => {})\n")
    found = sv.survey(tmp_path)
    assert [(s.stack, s.test_files) for s in found.stacks] == [("ts-dev", 2)]
    assert found.test_dirs == ("packages/cli", "src/tests")


def test_the_tests_in_a_directory_jests_roots_name_are_counted_under_dist(
        tmp_path: Path) -> None:
    """A package shipping its specs compiled beside its code in `dist/`, its jest config's
    `roots` pointing there: jest runs both spec files, and init had said "0 test files", its
    walk never entering `dist/`. A `roots` entry naming no directory of the package adds
    nothing, nor does a `dist/` roots leave out."""
    _write(tmp_path, "package.json", json.dumps({
        "devDependencies": {"jest": "^29"},
        "jest": {"roots": ["<rootDir>/dist/", "<rootDir>/src/"]}}))
    _write(tmp_path, "dist/strings.js", "exports.pad = (s) => s;\n")
    _write(tmp_path, "dist/strings.spec.js", "it('pads', () => {})\n")
    _write(tmp_path, "dist/numbers.spec.js", "it('rounds', () => {})\n")
    found = sv.survey(tmp_path)
    assert [(s.stack, s.test_files) for s in found.stacks] == [("ts-dev", 2)]
    assert found.test_dirs == ("dist",)
    # a jest.config.js says so too
    _write(tmp_path, "package.json", json.dumps({"devDependencies": {"jest": "^29"}}))
    _write(tmp_path, "jest.config.js", "module.exports = {\n  roots: ['<rootDir>/dist'],\n};\n")
    assert [s.test_files for s in sv.survey(tmp_path).stacks] == [2]
    _write(tmp_path, "jest.config.js", "module.exports = {\n  roots: ['<rootDir>/src'],\n};\n")
    _write(tmp_path, "src/index.js", "module.exports = {};\n")
    assert [s.test_files for s in sv.survey(tmp_path).stacks] == [0]


def test_the_compiled_tests_a_jest_package_without_roots_ships_in_dist_are_counted(
        tmp_path: Path) -> None:
    """A package shipping only its build, its compiled unit specs in `dist/spec/unit/`, run by
    `jest spec/unit/` with no `roots`: jest looks in the whole package and runs both, and init
    had said "0 test files" and "test directories: (none found)". What its
    `testPathIgnorePatterns` leave out is no test file; vitest's default leaves `dist/` out."""
    _write(tmp_path, "package.json", json.dumps({
        "scripts": {"test:unit": "jest spec/unit/"},
        "devDependencies": {"jest": "^29"}, "jest": {"testEnvironment": "jsdom"}}))
    _write(tmp_path, "dist/src/relay.js", "exports.relay = () => true;\n")
    for name in ("relay", "route"):
        _write(tmp_path, f"dist/spec/unit/{name}.spec.js", f"it('{name}s', () => {{}})\n")
    found = sv.survey(tmp_path)
    assert [(s.stack, s.test_files) for s in found.stacks] == [("ts-dev", 2)]
    assert found.test_dirs == ("dist/spec",)
    _write(tmp_path, "package.json", json.dumps({
        "devDependencies": {"jest": "^29"},
        "jest": {"testPathIgnorePatterns": ["/node_modules/", "<rootDir>/dist/spec/unit/r"]}}))
    assert [s.test_files for s in sv.survey(tmp_path).stacks] == [0]
    _write(tmp_path, "package.json", json.dumps({"devDependencies": {"vitest": "^3"}}))
    assert [s.test_files for s in sv.survey(tmp_path).stacks] == [0]


def test_the_files_a_projects_python_files_names_are_counted(tmp_path: Path) -> None:
    """jsonpatch's `pytest.ini` says `python_files = tests.py property_tests.py`: both are
    its test files, and init had counted one (`python-dev (., 1 test file)`)."""
    _write(tmp_path, "setup.py", "from setuptools import setup\nsetup()\n")
    _write(tmp_path, "patching.py", "def apply(doc, ops):\n    return doc\n")
    for name in ("tests.py", "property_tests.py"):
        _write(tmp_path, name, "import unittest\n\n\nclass T(unittest.TestCase):\n"
                               "    def test_x(self):\n        self.assertTrue(1)\n")
    _write(tmp_path, "pytest.ini", "[pytest]\npython_files = tests.py property_tests.py\n")
    found = sv.survey(tmp_path)
    assert found.primary is not None and found.primary.test_files == 2
    assert found.test_dirs == (".",)


def test_the_modules_a_python_files_of_every_module_names_count_where_they_hold_tests(
        tmp_path: Path) -> None:
    """A `setup.cfg` whose `python_files = *.py` collects every module for its doctests:
    init had counted the package's code, `setup.py` and the docs' `conf.py` as test files
    (`python-dev (., 5 test files)`, test directories `., docs, logic`)."""
    _write(tmp_path, "setup.py", "from setuptools import setup\nsetup()\n")
    _write(tmp_path, "setup.cfg", "[tool:pytest]\npython_files = *.py\n"
                                  "addopts = --doctest-modules --ignore setup.py\n")
    _write(tmp_path, "docs/conf.py", "project = 'logic'\n")
    _write(tmp_path, "logic/__init__.py", "from logic.algebra import parse\n")
    _write(tmp_path, "logic/algebra.py", "def parse(text):\n    return text.split('&')\n")
    _write(tmp_path, "logic/test_algebra.py",
           "import unittest\nfrom logic import parse\n\n\nclass ParseTestCase(unittest.TestCase):\n"
           "    def test_parse(self):\n        assert parse('a&b') == ['a', 'b']\n")
    found = sv.survey(tmp_path)
    assert found.primary is not None and found.primary.test_files == 1
    assert found.test_dirs == ("logic",)


def test_a_src_layout_whose_tests_live_inside_its_package_is_not_named(tmp_path: Path) -> None:
    # hyperlink ships its tests in src/hyperlink/test/ and imports the package relatively:
    # pytest puts src/ on the path itself, so the tests run with no install
    _write(tmp_path, "setup.py", "from setuptools import setup\nsetup()\n")
    _write(tmp_path, "src/links/__init__.py")
    _write(tmp_path, "src/links/test/__init__.py")
    _write(tmp_path, "src/links/test/test_url.py", "from .. import Url\n\ndef test_a(): pass\n")
    assert sv.survey(tmp_path).src_packages == ()
    # one test file outside the package imports it by name, before pytest reaches src/
    _write(tmp_path, "tests/test_more.py", "import links\n\ndef test_b(): pass\n")
    assert sv.survey(tmp_path).src_packages == ("links",)


def test_tests_inside_a_src_package_under_importlib_mode_still_need_it_installed(
        tmp_path: Path) -> None:
    _write(tmp_path, "setup.py", "from setuptools import setup\nsetup()\n")
    _write(tmp_path, "src/links/__init__.py")
    _write(tmp_path, "src/links/test/__init__.py")
    _write(tmp_path, "src/links/test/test_url.py", "from .. import Url\n\ndef test_a(): pass\n")
    _write(tmp_path, "pytest.ini", "[pytest]\naddopts = --import-mode=importlib\n")
    assert sv.survey(tmp_path).src_packages == ("links",)
