from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gaia_lib.onboard import init as onboarding
from gaia_lib.onboard import readiness
from gaia_lib.onboard.survey import StackSurvey
from helpers.projects import go_module_needing_absent


def _on_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **scripts: str) -> Path:
    """A PATH of one directory holding the given executables (name -> shell script body)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    for name, body in scripts.items():
        script = bin_dir / name
        script.write_text(f"#!/bin/sh\n{body}\n")
        script.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    return bin_dir


def _python_stack(where: str = ".") -> StackSurvey:
    return StackSurvey("python-dev", where, "python -m pytest -q", None, 1)


def test_the_notes_name_each_missing_module_and_what_it_costs() -> None:
    assert readiness.python_notes(["coverage"], "/v/bin/python", "api") == [
        "note: coverage.py is not importable by `python` (/v/bin/python) in api: the review's "
        "test run will measure no line coverage (pip install coverage)"]
    both = readiness.python_notes(["coverage", "pytest"], "/p", ".")
    assert [n.split(" is not")[0] for n in both] == ["note: pytest", "note: coverage.py"]
    assert readiness.python_notes([], "/p", ".") == []


def test_a_python_without_pytest_or_coverage_is_noted(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    # A real interpreter that sees no site-packages: neither pytest nor coverage.py; a `pytest`
    # executable beside it (another Python's) does not count.
    _on_path(monkeypatch, tmp_path, python=f'exec {sys.executable} -S -I "$@"',
             pytest=f'exec {sys.executable} -m pytest "$@"')
    found = readiness.notes(tmp_path, [_python_stack()])
    assert [n.split(" is not")[0] for n in found] == ["note: pytest", "note: coverage.py"]
    assert all(str(tmp_path / "bin" / "python") in n for n in found)


def test_the_projects_own_venv_is_the_python_checked(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    """The command runs `.venv/bin/python`: a `python` on PATH that has both modules says
    nothing of it; the environment's own interpreter lacking them is what the notes name."""
    _on_path(monkeypatch, tmp_path, python=f'exec {sys.executable} "$@"')
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    own = tmp_path / ".venv" / "bin" / "python"
    own.write_text(f'#!/bin/sh\nexec {sys.executable} -S -I "$@"\n')
    own.chmod(0o755)
    stack = StackSurvey("python-dev", ".", ".venv/bin/python -m pytest -q", None, 1)
    found = readiness.notes(tmp_path, [stack])
    assert [n.split(" is not")[0] for n in found] == ["note: pytest", "note: coverage.py"]
    assert all(str(own) in n for n in found)


def test_a_python_with_both_gives_no_note(monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    _on_path(monkeypatch, tmp_path, python=f'exec {sys.executable} "$@"')
    assert readiness.notes(tmp_path, [_python_stack()]) == []


def test_a_src_layout_is_noted_only_where_the_python_cannot_find_its_package(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # the `python` first on PATH is the one the review runs: a package it finds (installed
    # with `pip install -e .`, here on its PYTHONPATH) needs no note
    (tmp_path / "src" / "shop").mkdir(parents=True)
    (tmp_path / "src" / "shop" / "__init__.py").write_text("")
    _on_path(monkeypatch, tmp_path, python=f'exec {sys.executable} "$@"')
    monkeypatch.delenv("PYTHONPATH", raising=False)
    assert readiness.notes(tmp_path, [_python_stack()], ("shop",)) == [
        "note: src layout (shop): the tests import it only once the project is installed "
        "(`pip install -e .`) or with PYTHONPATH=src in the environment gaia runs in"]
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "src"))
    assert readiness.notes(tmp_path, [_python_stack()], ("shop",)) == []


def test_a_src_layout_package_found_outside_src_is_noted(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    """A copy of the package installed on its own (a tool the tests need depends on it) is
    what the tests import: they would run it, never the project's `src/`."""
    for where in ("src", "site"):
        (tmp_path / where / "inifile").mkdir(parents=True)
        (tmp_path / where / "inifile" / "__init__.py").write_text("")
    _on_path(monkeypatch, tmp_path, python=f'exec {sys.executable} "$@"')
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "site"))
    (note,) = readiness.notes(tmp_path, [_python_stack()], ("inifile",))
    assert note == (
        f"note: src layout (inifile): `python` ({tmp_path / 'bin' / 'python'}) in . imports "
        f"inifile from {tmp_path / 'site' / 'inifile'}, not from src/inifile: the tests would "
        "run that installed copy, not the project's code (install the project there: `pip "
        "install -e .`, or set PYTHONPATH=src in the environment gaia runs in)")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path / "src"))
    assert readiness.notes(tmp_path, [_python_stack()], ("inifile",)) == []


def test_no_python_on_path_or_a_broken_one_is_said(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    _on_path(monkeypatch, tmp_path)
    (note,) = readiness.notes(tmp_path, [_python_stack("api")])
    assert note.startswith("note: no `python` on PATH: the Python tests in api cannot run")
    _on_path(monkeypatch, tmp_path, python="echo 'boom: no such thing' >&2; exit 3")
    (note,) = readiness.notes(tmp_path, [_python_stack()])
    assert note.endswith("for pytest and coverage.py: boom: no such thing")


def test_a_js_project_without_node_modules_is_told_to_install(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    _on_path(monkeypatch, tmp_path, npx="exit 0")  # npx alone would download the runner
    (tmp_path / "package.json").write_text('{"devDependencies": {"vitest": "^3"}}')
    stack = StackSurvey("ts-dev", ".", "npx vitest run", None, 3)
    (note,) = readiness.notes(tmp_path, [stack])
    assert note.startswith("note: no node_modules in .: install the project's dependencies")
    runner = tmp_path / "node_modules" / ".bin" / "vitest"
    runner.parent.mkdir(parents=True)
    runner.write_text("#!/bin/sh\n")
    runner.chmod(0o755)
    _installed(tmp_path, "@vitest/coverage-v8")
    assert readiness.notes(tmp_path, [stack]) == []


def _installed(root: Path, package: str) -> None:
    manifest = root / "node_modules" / package / "package.json"
    manifest.parent.mkdir(parents=True)
    manifest.write_text('{"version": "1.0.0"}')


def _jest_installed(root: Path) -> None:
    """jest in `root`'s node_modules, with the istanbul plugin it measures coverage with."""
    jest = root / "node_modules" / ".bin" / "jest"
    jest.parent.mkdir(parents=True)
    jest.write_text("#!/bin/sh\n")
    jest.chmod(0o755)
    _installed(root, "babel-plugin-istanbul")  # jest's own coverage


def test_a_test_script_whose_first_command_is_missing_is_noted(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    # memoize-one's `"test": "yarn jest"` on a machine without yarn: the review's first run
    # would stop with `yarn: not found`
    _on_path(monkeypatch, tmp_path)
    (tmp_path / "package.json").write_text(
        '{"scripts": {"test": "CI=1 yarn jest"}, "devDependencies": {"jest": "^29"}}')
    _jest_installed(tmp_path)
    stack = StackSurvey("ts-dev", ".", "npm test", None, 3)
    assert readiness.notes(tmp_path, [stack]) == [
        "note: the test command `npm test` runs `CI=1 yarn jest`, and `yarn` is not installed "
        "here (not on PATH, not in ./node_modules/.bin): install it, or set test_execution's "
        "command to the runner itself (`npx jest`, `npx vitest run`)"]
    _on_path(monkeypatch, tmp_path, yarn="exit 0")
    assert readiness.notes(tmp_path, [stack]) == []


def test_jests_roots_naming_a_directory_not_there_get_a_note(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A package shipping its specs compiled in `dist/` with the jest config of its
    repository, whose `roots` name a `src/` the package lacks: every `npx jest` stops on
    `Directory .../src in the roots[0] option was not found` before any test, and init said
    nothing of it. Once `roots` name `dist/`, no note."""
    _on_path(monkeypatch, tmp_path)
    (tmp_path / "dist").mkdir()
    _jest_installed(tmp_path)
    said = ("note: jest's `roots` in . name `src/`, not there: jest stops before any test "
            "(`Directory ... in the roots option was not found`); point `roots` at the "
            "directories that hold the tests")
    # the project itself, as `<rootDir>` alone names it, is there
    for root, notes in (("<rootDir>/src/", [said]), ("<rootDir>/dist/", []), ("<rootDir>", [])):
        (tmp_path / "package.json").write_text(
            '{"devDependencies": {"jest": "^29"}, "jest": {"roots": ["' + root + '"]}}')
        assert readiness.notes(tmp_path, [StackSurvey("ts-dev", ".", "npx jest", None, 0)]) \
            == notes


def test_a_test_script_running_a_runner_not_yet_installed_gets_the_install_note_alone(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """entities 7.0.0 unpacked, before `npm install`: its `"test:vi": "vitest run"` was also
    noted as a missing tool, with advice to run `npx vitest run`, which needs the same install."""
    _on_path(monkeypatch, tmp_path, npm="exit 0")
    (tmp_path / "package.json").write_text(
        '{"scripts": {"test:vi": "vitest run"}, "devDependencies": {"vitest": "^3.2.4"}}')
    (note,) = readiness.notes(tmp_path, [StackSurvey("ts-dev", ".", "npm run test:vi", None, 4)])
    assert note.startswith("note: no node_modules in .: install the project's dependencies")


def test_a_missing_runner_executable_carries_its_install_hint(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    _on_path(monkeypatch, tmp_path)
    stack = StackSurvey("go-dev", "svc", "go test ./...", None, 2)
    (tmp_path / "svc").mkdir()
    (note,) = readiness.notes(tmp_path, [stack])
    assert note.startswith("note: go-dev needs a test runner (go)") and note.endswith(
        "(not found for svc)")
    _on_path(monkeypatch, tmp_path, go="exit 0")
    assert readiness.notes(tmp_path, [stack]) == []


def test_init_prints_the_notes_and_still_writes_the_config(monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    repo = tmp_path / "shop"
    (repo / "tests").mkdir(parents=True)
    (repo / "pyproject.toml").write_text("[project]\nname='shop'\n")
    (repo / "tests" / "test_cart.py").write_text("def test_cart(): pass\n")
    _on_path(monkeypatch, tmp_path, python=f'exec {sys.executable} -S -I "$@"')
    outcome = onboarding.init(repo)
    lines = list(onboarding.describe(outcome, repo))
    notes = [i for i, line in enumerate(lines) if line.startswith("note: pytest is not")]
    wrote = [i for i, line in enumerate(lines) if line.startswith("wrote: ")]
    assert notes and wrote and notes[0] < wrote[0]
    assert (repo / ".gaia/config/project-config.yaml").is_file()


def test_a_runner_without_a_coverage_tool_is_noted(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    _on_path(monkeypatch, tmp_path)
    (tmp_path / "package.json").write_text('{"devDependencies": {"vitest": "^2"}}')
    runner = tmp_path / "node_modules" / ".bin" / "vitest"
    runner.parent.mkdir(parents=True)
    runner.write_text("#!/bin/sh\n")
    runner.chmod(0o755)
    stack = StackSurvey("ts-dev", ".", "npx vitest run", None, 3)
    (note,) = readiness.notes(tmp_path, [stack])
    assert note.startswith("note: no coverage tool is installed for . (looked for nyc, c8, "
                           "@vitest/coverage-v8, @vitest/coverage-istanbul")
    assert note.endswith("(e.g. npm i -D @vitest/coverage-v8 for vitest)")
    _installed(tmp_path, "@vitest/coverage-v8")
    assert readiness.notes(tmp_path, [stack]) == []


@pytest.mark.parametrize(("hook", "note"), [
    # ts-dedent 2.3.0: `npm test` runs `pretest` (`npm run lint`) first, whose eslint finds no
    # config in the package: npm stops there, and the review's run had no test to judge
    ('"pretest": "npm run lint"',
     "note: the test command `npm test` runs the `pretest` script first (`npm run lint`): "
     "where that fails, no test runs and the review has none to judge; to review the tests "
     "alone, set test_execution's command to the runner itself (`npx jest`, `npx vitest "
     "run`)"),
    # card-validator 10.0.4: `npm test` runs `posttest` (`npm run lint`) once jest passed,
    # and its eslint finds no config either: the run fails with every test passed
    ('"posttest": "npm run lint"',
     "note: the test command `npm test` runs the `posttest` script after its tests (`npm "
     "run lint`): where that fails, the run fails though every test passed, and the review "
     "asks for changes; to review the tests alone, set test_execution's command to the "
     "runner itself (`npx jest`, `npx vitest run`)"),
])
def test_a_test_script_npm_runs_a_hook_around_is_noted(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path, hook: str,
                                                       note: str) -> None:
    _on_path(monkeypatch, tmp_path)
    (tmp_path / "package.json").write_text(
        '{"scripts": {' + hook + ', "test": "jest", "lint": "eslint ."}, '
        '"devDependencies": {"jest": "^30"}}')
    jest = tmp_path / "node_modules" / ".bin" / "jest"
    jest.parent.mkdir(parents=True)
    jest.write_text("#!/bin/sh\n")
    jest.chmod(0o755)
    _installed(tmp_path, "babel-plugin-istanbul")
    stack = StackSurvey("ts-dev", ".", "npm test", None, 1)
    assert readiness.notes(tmp_path, [stack]) == [note]
    assert readiness.notes(tmp_path, [StackSurvey("ts-dev", ".", "npx jest", None, 1)]) == []


def test_a_package_a_conftest_imports_that_the_python_lacks_is_noted(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """natsort's tests/conftest.py imports hypothesis at its top: in an environment without it
    pytest stops loading that conftest and no test runs, which init said nothing of."""
    (tmp_path / "shop").mkdir()
    (tmp_path / "shop" / "__init__.py").write_text("")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "conftest.py").write_text(
        "import locale\nimport hypothesis\nimport pytest\nfrom shop.compat import dumb\n"
        "from . import helpers\n\ndef load():\n    import never_at_the_top\n")
    (tmp_path / ".venv" / "lib").mkdir(parents=True)
    (tmp_path / ".venv" / "lib" / "conftest.py").write_text("import not_the_projects\n")
    assert readiness.conftest_imports(tmp_path) == {
        "locale": "tests/conftest.py", "hypothesis": "tests/conftest.py",
        "pytest": "tests/conftest.py"}
    # an interpreter that sees no site-packages has neither hypothesis nor pytest
    _on_path(monkeypatch, tmp_path, python=f'exec {sys.executable} -S -I "$@"')
    found = readiness.notes(tmp_path, [_python_stack()])
    assert found[-1] == (
        f"note: hypothesis, imported by tests/conftest.py, is not importable by `python` "
        f"({tmp_path / 'bin' / 'python'}) in .: pytest loads that conftest before any test, so "
        "no test runs (install the project's test requirements: pip install hypothesis)")
    assert [n.split(" is not")[0] for n in found[:-1]] == ["note: pytest", "note: coverage.py"]



def test_a_module_beside_the_conftest_it_imports_is_the_projects_own(tmp_path: Path) -> None:
    """A conftest importing a helper module of its own directory (`tests/versioning.py`, put
    on the path by pytest or the configuration's `pythonpath`) needs no package installed:
    init had told to `pip install` a PyPI name that is the project's file."""
    (tmp_path / "tests" / "unit").mkdir(parents=True)
    (tmp_path / "tests" / "versioning.py").write_text("def coerce(text):\n    return text\n")
    (tmp_path / "tests" / "conftest.py").write_text(
        "import hypothesis\nfrom versioning import coerce\n")
    (tmp_path / "tests" / "unit" / "conftest.py").write_text("import versioning\n")
    assert readiness.conftest_imports(tmp_path) == {
        "hypothesis": "tests/conftest.py", "versioning": "tests/unit/conftest.py"}


def test_a_plugin_the_pytest_configuration_needs_that_the_python_lacks_is_noted(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """dictdiffer's pytest.ini adds `--isort --pydocstyle --cov=dictdiffer` to every run and
    its setup.py declares the three plugins: without pytest-pydocstyle pytest stops at the
    option before any test, which init said nothing of (the review then said BLOCKED)."""
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\naddopts = --isort --pydocstyle --cov=lib --doctest-glob='*.rst'\n")
    (tmp_path / "setup.py").write_text(
        "from setuptools import setup\n"
        "tests_require = ['pytest-isort', 'pytest-pydocstyle>=2.2', 'pytest-cov']\n"
        "setup(name='lib', tests_require=tests_require)\n")
    assert readiness.addopts_plugins(tmp_path) == {
        "pytest_isort": "--isort", "pytest_pydocstyle": "--pydocstyle", "pytest_cov": "--cov"}
    # an interpreter with pytest, coverage and pytest-cov (the dev environment's) and no
    # pytest-isort nor pytest-pydocstyle
    _on_path(monkeypatch, tmp_path, python=f'exec {sys.executable} "$@"')
    found = readiness.notes(tmp_path, [_python_stack()])
    assert found == [
        f"note: pytest-{name} is not importable by `python` ({tmp_path / 'bin' / 'python'}) in "
        f".: the project's pytest configuration adds --{name}, which it defines, to every run, "
        "so pytest stops before any test (install the project's test requirements: pip install "
        f"pytest-{name})" for name in ("isort", "pydocstyle")]


def _bin(root: Path, *tools: str) -> None:
    for tool in tools:
        exe = root / "node_modules" / ".bin" / tool
        exe.parent.mkdir(parents=True, exist_ok=True)
        exe.write_text("#!/bin/sh\n")
        exe.chmod(0o755)


def test_a_lint_script_chaining_tools_not_installed_is_noted(monkeypatch: pytest.MonkeyPatch,
                                                             tmp_path: Path) -> None:
    """cheerio 1.1.0 installed without its lint toolchain: init wrote `lint_cmd: npm run lint`,
    whose `npm run lint:es && ...` starts eslint and prettier, neither installed, and the
    Definition of Done's lint row could only fail. tsc is there; its build runs `tshy`, not."""
    _on_path(monkeypatch, tmp_path, npm="exit 0")
    (tmp_path / "package.json").write_text(
        '{"scripts": {"lint": "npm run lint:es && npm run lint:prettier && npm run lint:ts",'
        ' "lint:es": "eslint .", "lint:prettier": "npm run format:prettier:raw -- --check",'
        ' "format:prettier:raw": "prettier \'**/*.{ts,md,json,yml}\'",'
        ' "lint:ts": "tsc --noEmit", "build": "tshy", "test": "vitest run"}}')
    _bin(tmp_path, "tsc", "vitest")
    dod = onboarding.build_and_lint("ts-dev", {"lint": "x", "build": "y"})
    assert readiness.dod_tool_notes(tmp_path, dod, ".") == [
        "note: build_cmd `npm run build` (its scripts and those they run) starts `tshy`, not "
        "installed here (not on PATH, not in ./node_modules/.bin): the Definition of Done's "
        "build row fails until it is installed, or build_cmd is changed",
        "note: lint_cmd `npm run lint` (its scripts and those they run) starts `eslint`, "
        "`prettier`, not installed here (not on PATH, not in ./node_modules/.bin): the "
        "Definition of Done's lint row fails until they are installed, or lint_cmd is changed"]
    _bin(tmp_path, "eslint", "prettier", "tshy")
    assert readiness.dod_tool_notes(tmp_path, dod, ".") == []


def test_build_and_lint_tools_are_not_noted_before_any_install(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    # with no node_modules at all, the note to install the dependencies is the one to give
    _on_path(monkeypatch, tmp_path, npm="exit 0")
    (tmp_path / "package.json").write_text('{"scripts": {"lint": "eslint ."}}')
    assert readiness.dod_tool_notes(tmp_path, {"lint_cmd": "npm run lint"}, ".") == []


def test_a_script_calling_itself_is_followed_a_bounded_number_of_times(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _on_path(monkeypatch, tmp_path, npm="exit 0")
    (tmp_path / "package.json").write_text(
        '{"scripts": {"lint": "npm run lint && eslint ."}}')
    (tmp_path / "node_modules").mkdir()
    (note,) = readiness.dod_tool_notes(tmp_path, {"lint_cmd": "npm run lint"}, ".")
    assert "starts `eslint`, not installed" in note


def test_the_hooks_npm_runs_around_a_build_are_followed_and_shell_words_are_no_tools(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """duration-fns 3.0.2: `prebuild` tests and lints before `tsc && npm run flowgen`, whose
    script is a shell `for` loop over flowgen."""
    _on_path(monkeypatch, tmp_path, npm="exit 0", sh="exit 0")
    (tmp_path / "package.json").write_text(
        '{"scripts": {"test": "TZ=UTC jest", "lint": "eslint src",'
        ' "prebuild": "npm run test && npm run lint", "build": "tsc && npm run flowgen",'
        ' "flowgen": "for f in $(ls dist); do sh -c \\"flowgen $f\\"; done;",'
        ' "postbuild": "size-limit"}}')
    _bin(tmp_path, "jest", "tsc")
    (tmp_path / "src").mkdir()  # what its lint is given
    (note,) = readiness.dod_tool_notes(tmp_path, {"build_cmd": "npm run build"}, ".")
    assert "starts `eslint`, `size-limit`, not installed" in note


GJSON_LIST = (  # `go list -e -deps -test ./...` in gjson 1.14.4 as Debian ships it, offline
    'go: github.com/tidwall/match@v1.1.1: Get "https://proxy.golang.org/github.com/tidwall/'
    'match/@v/v1.1.1.mod": dial tcp: lookup proxy.golang.org on 10.0.0.53:53: no such host\n'
    "go: downloading github.com/tidwall/pretty v1.2.0\n")


def test_a_module_go_cannot_fetch_is_named_with_why() -> None:
    assert readiness.go_module_notes(GJSON_LIST, ".") == [
        "note: go cannot fetch github.com/tidwall/match, which go.mod in . requires "
        '(go: github.com/tidwall/match@v1.1.1: Get "https://proxy.golang.org/github.com/tidwall/'
        'match/@v/v1.1.1.mod": dial tcp: lookup proxy.golang.org on 10.0.0.53:53: no such '
        "host): every `go test` stops before any test until it is in the module cache (`go mod "
        "download` where the module proxy is reachable, or `go mod vendor`)"]
    # its own code failing to compile is the project's, no note of init's
    assert readiness.go_module_notes("# example.com/lib\n./lib.go:3:1: syntax error\n", ".") == []



def test_a_module_only_some_packages_import_is_said_of_those() -> None:
    """kr/text's go.mod (go 1.19) requiring github.com/creack/pty, which only its mc package
    imports, with no module proxy: the note said every `go test` stops before any test, yet
    the review's `go test .` of the root package ran all its tests."""
    output = ("mc/mc.go:18:2: missing go.sum entry for module providing package "
              "github.com/creack/pty (imported by github.com/kr/text/mc); to add:\n"
              "\tgo get github.com/kr/text/mc\n")
    [note] = readiness.go_module_notes(output, ".")
    assert "every `go test` of a package that loads it (mc/mc.go imports it) stops" in note


def test_a_module_replaced_by_a_directory_not_there_is_named_so() -> None:
    """mergo's go.mod replacing gopkg.in/yaml.v2 by a local copy of Debian's package, the copy
    gone: there is nothing to fetch, so "until it is in the module cache (`go mod download`
    ...)" sent its user to a command that cannot help."""
    output = ("go: gopkg.in/yaml.v2@v2.3.0 (replaced by ../deps/yaml.v2): reading "
              "../deps/yaml.v2/go.mod: open /p/deps/yaml.v2/go.mod: no such file or directory\n")
    assert readiness.go_module_notes(output, ".") == [
        "note: go cannot read gopkg.in/yaml.v2, which go.mod in . replaces by ../deps/yaml.v2, "
        "a directory that is not there (go: gopkg.in/yaml.v2@v2.3.0 (replaced by "
        "../deps/yaml.v2): reading ../deps/yaml.v2/go.mod: open /p/deps/yaml.v2/go.mod: no such "
        "file or directory): every `go test` stops before any test until it is (restore it, or "
        "drop the replace directive where the module proxy is reachable)"]

def test_init_notes_a_required_module_real_go_cannot_fetch(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    # real go, with no module proxy to ask (as a machine offline has none)
    monkeypatch.setenv("GOPROXY", "off")
    lib = go_module_needing_absent(tmp_path / "lib")
    stack = StackSurvey("go-dev", "lib", "go test ./...", None, 1)
    assert readiness.notes(tmp_path, [stack]) == [
        "note: go cannot fetch example.com/gaia-absent, which go.mod in lib requires (lib.go:3:8: "
        "module lookup disabled by GOPROXY=off): every `go test` of a package that loads it "
        "(lib.go imports it) stops before any test until it is in the module cache (`go mod download` where the module proxy is reachable, or "
        "`go mod vendor`)"]
    (lib / "lib.go").write_text("package lib\n\nfunc broken( {\n")  # the project's own error
    (lib / "go.mod").write_text("module example.com/lib\n\ngo 1.19\n\n"
                                "require example.com/gaia-absent v1.0.0 // unused\n")
    assert readiness.notes(tmp_path, [stack]) == []


_GRAPH_TESTS = '''import unittest

from graph import order


class OrderTest(unittest.TestCase):
    def test_levels(self):
        self.assertEqual(list(order({1: {2}})), [{2}, {1}])


unittest.main()
'''


def test_a_test_module_calling_unittest_main_at_its_top_level_is_noted(tmp_path: Path) -> None:
    # toposort 1.10's test module ends in a bare `unittest.main()`: pytest, importing it to
    # collect it, stopped with an internal error, and init had said nothing of it
    (tmp_path / "test").mkdir()
    (tmp_path / "test" / "test_graph.py").write_text(_GRAPH_TESTS)
    guarded = _GRAPH_TESTS.replace("\nunittest.main()", '\nif __name__ == "__main__":\n'
                                                        "    unittest.main()")
    (tmp_path / "test" / "test_guarded.py").write_text(guarded)
    assert readiness.bare_main_notes(tmp_path, ".") == [
        "note: test/test_graph.py:11 calls `unittest.main()` at its top level: pytest imports "
        "the module to collect it, and the call exits, so no test runs (put it under `if "
        '__name__ == "__main__":`)']
    assert readiness.bare_main("from unittest import main as run\nrun()\n") == 2
    assert readiness.bare_main("def main():\n    pass\n\nmain()\n") is None


def test_a_lint_script_given_paths_the_package_does_not_have_is_noted(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """hono 1.3.0's npm package: `lint` is `eslint --ext .ts src .eslintrc.js`, and the
    package ships neither `src/` nor its eslint config: the Definition of Done's lint row
    could only fail. An option's value (`.ts`) is none of its paths, a glob is not read, and
    a config file an option names is one."""
    _on_path(monkeypatch, tmp_path, npm="exit 0")
    (tmp_path / "package.json").write_text(
        '{"scripts": {"lint": "eslint --ext .ts src .eslintrc.js && npm run lint:types",'
        ' "lint:types": "tsc -p tsconfig.json --noEmit", "build": "tsc --outDir dist",'
        ' "format": "prettier --check \'src/**/*.ts\' dist"}}')
    (tmp_path / "dist").mkdir()
    dod = {"lint_cmd": "npm run lint", "build_cmd": "npm run build"}
    assert readiness.dod_tool_notes(tmp_path, dod, ".") == [
        "note: lint_cmd `npm run lint` (its scripts and those they run) is given `src`, "
        "`.eslintrc.js`, `tsconfig.json`, not in ./: the Definition of Done's lint row fails "
        "until they are there, or lint_cmd is changed"]
    assert readiness.absent_paths(tmp_path, "npm run format") == []
    for made in ("src", ".eslintrc.js", "tsconfig.json"):
        (tmp_path / made).write_text("")
    assert readiness.dod_tool_notes(tmp_path, dod, ".") == []
