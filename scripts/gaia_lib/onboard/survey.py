"""What `gaia init` finds in an existing repository: stacks, test and coverage commands, test dirs.

Rules (each pure over the files it is shown, except `survey`, which reads the tree):
- Stacks: the root's own stack first (marker files, detection order), then any stack whose
  markers sit in a package directory up to two levels down (a monorepo), as the QA review's
  discovery counts them. Bash has no marker: `.bats` files make it a stack, the first one when
  the marked stacks have no test file of their own (a bats project's package.json).
- Test command, per stack, from what the project itself declares before any default:
  Python: `python -m pytest` (coverage: `coverage run -m pytest`, then `coverage json` even
  when a test failed: the coverage of a project with a failing test is still its coverage),
  run by the project's own virtual environment where the stack's directory holds one
  (`.venv`, `venv` or `env` with a `pyvenv.cfg` and `bin/python`: `.venv/bin/python -m
  pytest`), so a review needs no activated environment;
  TypeScript/JavaScript: package.json `scripts.test` as `npm test` when it is one command,
  else a `test:*` script that runs vitest or jest itself as `npm run test:lib` (after the
  environment it sets, `cross-env TZ=UTC jest`; flags after `--`; of several, one measuring
  no coverage of its own first, then the first the `test` script runs), else the runner named
  in its dependencies (vitest before jest) as `npx vitest run` / `npx jest` (also for a test script
  that chains other steps, `pnpm lint && vitest run`, or hands the run to a shell script of the
  package, `sh ./scripts/test.sh`: the review runs the tests, whose outcomes it reads from the
  runner alone, and the steps may need tools this machine lacks or change it; the settings
  that script puts before the runner are kept, `TZ=UTC npx jest`); coverage
  through the runner's own coverage flag when a coverage provider is a dependency
  (@vitest/coverage-v8 or -istanbul, c8, nyc, or jest's built-in), reported when a test fails
  too (vitest's `--coverage.reportOnFailure`; jest always reports), through the test script
  (`npm test -- --coverage ...`) where it runs the runner alone with an environment or flags
  of its own (`TZ=UTC jest`), which `npx jest` would lose;
  Go: `go test ./...` (coverage `-coverprofile=coverage.out`); Java: `mvn test` / `./gradlew
  test` / `gradle test`; Dart/Flutter: `flutter test` (`--coverage`); Bash: `bats <test dir>`.
  A stack in a subdirectory runs its command from there (`cd web && npm test`).
- Test files, per stack: those its discovery globs name, as the runner would run them. A
  TypeScript/JavaScript file under `__tests__/` not named `*.test.*` / `*.spec.*`
  (`__tests__/utils.ts`): jest's default `testMatch` runs every file there, so it counts
  when it declares a test (`it(`, `test(`: a helper declaring none is one the project's jest
  config leaves out, else jest fails on it); vitest's default `include`
  (`**/*.{test,spec}.?(c|m)[jt]s?(x)`) never runs it, so it does not count, unless the
  project's vitest or vite config names `__tests__` (an `include` of its own): then as
  under jest. The runner is the one `js_runner` names (jest's rule when none is known).
  A Python file named by the project's pytest `python_files` alone counts when it declares a
  test (boolean.py's `python_files = *.py` collects its code, `setup.py` and `docs/conf.py`
  too: none of them is a test file).
  And the files the runner's own config names (`evidence.runner_patterns`: vitest's
  `include`, `test/**/*.{js,ts}` in yup; jest's `testMatch`), less what it excludes. A
  directory a jest config's `roots` names is walked though the walk skips its name elsewhere
  (iterative ships its compiled specs in `dist/`, where its `roots` point: init had said "0
  test files" of the two jest runs). Without `roots`, jest looks in its whole package, which
  holds the build's output too: a jest package's `dist/` and `build/` are walked, less what
  its `testPathIgnorePatterns` leave out (framebus ships its compiled unit specs in
  `dist/spec/unit/`, which `jest spec/unit/` runs: init had said "0 test files" and found no
  test directory); vitest's default `exclude` leaves `dist/` out.
  Where that config names its test files, the runner runs those alone: a file only the
  conventions name, in the config's own package (no package.json between it and the config's
  directory), is none (a package shipping `src/tests/dates.test.ts` and its compiled copy
  `tests/dates.test.js`, whose jest `testRegex` `(\\.|/)(test|spec)\\.tsx?$` names `.ts`
  files only).
- Test directories: the directories holding the discovered test files, each cut at its first
  conventional test-directory name (`tests/unit/x` -> `tests`), every one of them, sorted: a
  Go module keeps its tests beside each package's code, and a directory left out would be one
  test automation may not write into and whose tests a review says are outside the documented
  test directories (gods' nineteen, `trees/btree` among them).
- unittest's `load_tests` (Python): test files that build their tests in it, which pytest does
  not follow (their tests never run under it); init says so. Not one whose `load_tests` only
  gathers the test classes of its module's namespace (`loader.loadTestsFromTestCase(cls)`
  into a `TestSuite`, as Markdown's `test_md_in_html.py` does to leave an imported class out
  under unittest): pytest collects those classes itself, so no test of it is lost.
- Default collection (Python): test files pytest's default `python_files` (`test_*.py`,
  `*_test.py`) does not collect (unittest's and Django's `tests.py`, `test.py`), where no
  pytest configuration sets `python_files`: `python -m pytest` runs none of their tests; init
  says so.
- Src layout (Python): packages under `src/` (a directory with `__init__.py`) that the
  project's pytest configuration does not put on the path (`pythonpath` naming `src` in
  pyproject.toml, pytest.ini, setup.cfg or tox.ini): the tests import them only once the
  project is installed (`pip install -e .`) or with PYTHONPATH=src; init says so where the
  `python` first on PATH cannot find them (`readiness`). Not when every Python test file
  sits inside a package under `src/` (`src/hyperlink/test/`): pytest puts `src` on the path
  itself then (`unplaced_src_packages`).
"""

from __future__ import annotations

import ast
import json
import re
import shlex
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import dropwhile
from pathlib import Path, PurePosixPath
from typing import Any

from gaia_lib.evidence import discovery, execution, runner_patterns, testcases
from gaia_lib.stacks import adapters as stacks
from gaia_lib.stacks import pytest_config, toolprobe

SURVEY_DEADLINE_SECONDS = 30.0
# The ts-dev stack's coverage tools: vitest's providers (npm packages with no binary) and the
# tools that wrap any test command (c8, nyc).
_JS_COVERAGE = stacks.get("ts-dev").coverage
VITEST_PROVIDERS = tuple(c.package for c in _JS_COVERAGE if c.package)
COVERAGE_WRAPPERS = tuple(c.tool for c in _JS_COVERAGE if not c.package)


@dataclass(frozen=True)
class StackSurvey:
    stack: str  # canonical key
    where: str  # project-relative directory the stack lives in ("." for the root)
    test_command: str | None
    coverage_command: str | None
    test_files: int


@dataclass(frozen=True)
class Survey:
    stacks: tuple[StackSurvey, ...]
    test_dirs: tuple[str, ...]
    timed_out: bool
    src_packages: tuple[str, ...] = ()  # under src/, not on pytest's path by its config
    load_tests: tuple[str, ...] = ()  # Python test files whose tests unittest's load_tests builds
    uncollected: tuple[str, ...] = ()  # Python test files pytest's default python_files misses

    @property
    def primary(self) -> StackSurvey | None:
        return self.stacks[0] if self.stacks else None


def in_directory(where: str, command: str) -> str:
    """`command` run in the stack's directory."""
    return command if where == "." else f"cd {shlex.quote(where)} && {command}"


def package_json(text: str) -> Mapping[str, Any]:
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


CHAINED = re.compile(r"&&|\|\||;|\|")  # a script of several commands
_SHELLS = ("sh", "bash", "dash", "zsh")


def _shell_script_settings(root: Path, script: str) -> str:
    """The `NAME=value` settings the shell script an npm test script hands its run to puts
    before the runner (`TZ=UTC npx jest "$@"` in any-date-parser's `scripts/test.sh`: its
    tests need UTC), as written; "" for none, or a script not read."""
    file = shell_script_file(script)
    if file is None:
        return ""
    try:
        text = (root / file).read_text(encoding="utf-8", errors="replace")
    except (OSError, ValueError):
        return ""
    for line in text.splitlines():
        found = execution.SCRIPT_RUNNER.match(line)
        if found and not line.lstrip().startswith("#"):
            try:
                settings = shlex.split(line[:found.start(1)])
            except ValueError:
                return ""
            return " ".join(shlex.quote(word) for word in settings
                            if re.fullmatch(r"[A-Za-z_]\w*=[^$`]*", word))
    return ""


def shell_script_file(script: str) -> str | None:
    """The shell script file an npm script hands its run to (pure): `./scripts/test.sh` of
    `sh ./scripts/test.sh`, `test.sh` of `CI=1 bash test.sh`, `./bin/run-tests.sh` of
    `./bin/run-tests.sh --ci`; None for any other script (`bash -c '...'`). Its steps are the
    file's, which the review does not read, as a chain's are several."""
    try:
        words = shlex.split(script)
    except ValueError:
        return None
    words = list(dropwhile(lambda w: re.fullmatch(r"[A-Za-z_]\w*=\S*", w) is not None, words))
    if words and words[0] in _SHELLS:
        return words[1] if len(words) > 1 and not words[1].startswith("-") else None
    return words[0] if words and words[0].endswith(".sh") else None


_COVERAGE_FLAG = re.compile(r"(?<!\S)--(?:no-)?coverage(?![\w-])")


def _runner_script(scripts: Mapping[str, Any], test_script: object = None
                   ) -> tuple[str, str] | None:
    """A `test:*` script that runs vitest or jest itself (`"test:lib": "jest --config
    ./jest.config.ts"` in a package with no `test` script; after the environment it sets,
    `cross-env TZ=UTC jest`): (its name, the runner), one that sets no coverage of its own
    first (`--coverage`, `--no-coverage`: the review measures coverage apart, and a test run
    failing the project's thresholds would fail its tier), then the first the `test` script
    runs (`pnpm run test:nodejs && pnpm run test:edge`: the first of its steps, the plain
    one), else the first by name."""
    named = test_script if isinstance(test_script, str) else ""
    order = sorted(scripts, key=lambda name: (
        isinstance(scripts[name], str) and _COVERAGE_FLAG.search(scripts[name]) is not None,
        (0, found.start()) if (found := re.search(rf"(?<![\w:.-]){re.escape(name)}(?![\w:.-])",
                                                  named)) else (1, 0), name))
    for name in order:
        command = scripts[name]
        match = execution.SCRIPT_RUNNER.match(command) if isinstance(command, str) else None
        if name.startswith("test:") and match:
            return name, match.group(1)
    return None


def npm_script(here: Path, command: str) -> str | None:
    """The package.json script `command` runs (`npm test`, `npm run NAME`), else None."""
    found = NPM_SCRIPT.fullmatch(command.strip())
    return _script_named(here, found.group(1) or "test") if found else None


def npm_pre_script(here: Path, command: str, when: str = "pre") -> tuple[str, str] | None:
    """The `pre<name>` hook npm runs before the script `command` runs (`pretest` before
    `npm test`), or with `when="post"` the `post<name>` hook it runs after (`posttest`), as
    (its name, its command); None where package.json has none."""
    found = NPM_SCRIPT.fullmatch(command.strip())
    if found is None:
        return None
    name = when + (found.group(1) or "test")
    script = _script_named(here, name)
    return (name, script) if script else None


NPM_SCRIPT = re.compile(r"npm (?:test|run ([\w:.-]+))")


def _script_named(here: Path, name: str) -> str | None:
    """The package.json script `name`, else None."""
    try:
        pkg = package_json((here / "package.json").read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return None
    scripts = pkg.get("scripts")
    script = scripts.get(name) if isinstance(scripts, dict) else None
    return script.strip() if isinstance(script, str) and script.strip() else None


def first_command(script: str) -> str | None:
    """The program an npm script starts with, past `VAR=value` settings (`yarn` in
    `CI=1 yarn jest`); None for a shell construct it cannot tell."""
    for word in script.split():
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=\S*", word):
            continue
        return word if re.fullmatch(r"[\w@./-]+", word) and "/" not in word else None
    return None


def declared(here: Path) -> dict[str, Any]:
    """The dependencies and devDependencies of the package.json in `here` ({} without one)."""
    try:
        text = (here / "package.json").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    return runner_patterns.dependencies(package_json(text))


def _sets_its_own(script: str) -> bool:
    """Whether a test script that runs the runner itself gives it what a coverage run through
    `npx <runner>` would lose (pure): an environment (`TZ=UTC jest`: duration-fns, whose
    date tests fail in another time zone) or flags of its own (`jest --config x.json`), and
    no coverage setting (a run failing the project's thresholds would fail the command)."""
    found = execution.SCRIPT_RUNNER.match(script)
    if found is None or _COVERAGE_FLAG.search(script):
        return False
    rest = script[found.end():].split()
    return bool(script[:found.start(1)].replace("npx", "").strip()) or rest not in ([], ["run"])


def _watches(script: str) -> bool:
    """Whether a test script starts its runner in watch mode (pure): `vitest watch src`
    (lossless-json's), `vitest dev`, `jest --watch`, `--watchAll`."""
    found = execution.SCRIPT_RUNNER.match(script)
    if found is None or CHAINED.search(script):
        return False
    rest = script[found.end():].split()
    return (bool(rest) and found.group(1) == "vitest" and rest[0] in ("watch", "dev")) or any(
        arg in ("--watch", "--watchAll") for arg in rest)


def js_runner(pkg: Mapping[str, Any]) -> str | None:
    """The test runner a package.json mapping runs its tests with (pure): the one its
    dependencies name (vitest before jest), else the one a `test:*` script runs itself, else
    None."""
    scripts = pkg.get("scripts")
    named = _runner_script(scripts, scripts.get("test")) if isinstance(scripts, dict) else None
    return runner_patterns.deps_runner(pkg) or (named[1] if named else None)


def js_test_files(root: Path, where: str, files: Sequence[str]) -> list[str]:
    """Of `files` (project-relative, named by the ts-dev globs), those the stack's runner in
    `where` runs as test files (`runner_patterns.js_runs`)."""
    here = root / where
    try:
        pkg = package_json((here / "package.json").read_text(encoding="utf-8",
                                                             errors="replace"))
    except OSError:
        pkg = {}
    runner, widened = js_runner(pkg), runner_patterns.names_tests_dirs(here)
    return [rel for rel in files if runner_patterns.js_runs(
        rel, runner, widened,
        not runner_patterns.NAMED_JS_TEST.search(rel) and testcases.holds_tests(root, rel))]


def _prefix(where: str) -> str:
    return "" if where in ("", ".") else where.rstrip("/") + "/"


def governed_by(root: Path, where: str, rel: str) -> bool:
    """Is `rel` (project-relative) in the package of `where`'s runner config: under `where`,
    with no package.json in a directory between them?"""
    prefix = _prefix(where)
    if not rel.startswith(prefix):
        return False
    parents = PurePosixPath(rel[len(prefix):]).parents
    return not any((root / prefix / str(d) / "package.json").is_file()
                   for d in list(parents)[:-1])


def configured_tests(root: Path, where: str, files: Sequence[str]) -> list[str]:
    """Of `files` (project-relative), the TypeScript / JavaScript ones the runner config in
    `where` names as tests (`evidence.runner_patterns`: vitest's `include`, jest's
    `testMatch`, relative to `where`) that declare a test: a helper it also names would fail
    the run, so the project's config leaves it out some other way."""
    named = runner_patterns.read(root / where)
    prefix = _prefix(where)
    ts = stacks.get("ts-dev")
    return [rel for rel in files if rel.startswith(prefix) and ts.speaks(rel)
            and named.matches(rel[len(prefix):]) and testcases.holds_tests(root, rel)]


def js_commands(pkg: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """(test command, coverage command) for a package.json mapping (pure). The runner and
    the coverage tools come from its dependencies and devDependencies only: a peer or
    optional dependency is one the package's users supply, not what its own tests run.
    `stacks.toolprobe._package_json_deps` reads all four kinds, for another question (is a
    runner that is not installed listed at all, so `npm install` would bring it)."""
    deps = runner_patterns.dependencies(pkg)
    scripts = pkg.get("scripts")
    scripts = scripts if isinstance(scripts, dict) else {}
    runner = runner_patterns.deps_runner(pkg)
    test_script = scripts.get("test")
    # npm init's placeholder script fails on purpose: it is no test command.
    declared = isinstance(test_script, str) and "no test specified" not in test_script
    # A runner left watching never ends: the review's run would wait out its time limit.
    declared = declared and not _watches(str(test_script))
    named = _runner_script(scripts, test_script)
    prefix = None  # how to pass the runner flags: through the named script when it is one
    chained = declared and (CHAINED.search(str(test_script)) is not None
                            or shell_script_file(str(test_script)) is not None)
    if declared and str(test_script).strip() and not (chained and runner is not None):
        test = "npm test"
        if not chained and _sets_its_own(str(test_script)):
            prefix = "npm test --"
    elif named is not None:
        test, prefix = f"npm run {named[0]}", f"npm run {named[0]} --"
        runner = runner or named[1]
    elif runner == "vitest":
        test = "npx vitest run"
    elif runner == "jest":
        test = "npx jest"
    else:
        test = None
    wrapper = next((name for name in COVERAGE_WRAPPERS if name in deps), None)
    if runner == "vitest" and any(name in deps for name in VITEST_PROVIDERS):
        coverage = (f"{prefix or 'npx vitest run'} --coverage --coverage.reporter=lcov "
                    "--coverage.reporter=json --coverage.reportOnFailure")
    elif runner == "jest":
        coverage = (f"{prefix or 'npx jest'} --coverage --coverageReporters=lcov "
                    "--coverageReporters=json")
    elif wrapper is not None and test is not None:
        coverage = f"npx {wrapper} --reporter=lcov {test}"
    else:
        coverage = None
    return test, coverage


def _java_commands(root: Path) -> tuple[str | None, str | None]:
    if (root / "pom.xml").is_file():
        return "mvn -q test", "mvn -q test jacoco:report"
    if (root / "gradlew").is_file():
        return "./gradlew test", "./gradlew test jacocoTestReport"
    return "gradle test", "gradle test jacocoTestReport"


def project_python(root: Path) -> str:
    """The Python a stack rooted at `root` runs its tests with: its own virtual environment's
    (`toolprobe.VENV_DIRS`, relative to `root`), else the `python` first on PATH."""
    return next((f"{venv.name}/bin/python" for venv in toolprobe.project_venvs(root)
                 if (venv / "bin" / "python").exists()), "python")


def commands_for(stack: str, root: Path, test_dirs: Sequence[str],
                 uncollected: Sequence[str] = ()) -> tuple[str | None, str | None]:
    """(test command, coverage command) for one stack rooted at `root`; a Python one sets
    python_files for the test files pytest's defaults pass over (`uncollected`:
    `pytest_config.python_files_option`), and its coverage command turns off the pytest-cov
    the project's `addopts` runs (`--cov=dictdiffer`: pytest-cov measures in place of
    `coverage run`, whose report then says no data was collected)."""
    if stack == "python-dev":
        python = project_python(root)
        pytest = " ".join(filter(None, ("-m pytest -q",
                                        pytest_config.python_files_option(uncollected))))
        no_cov = " --no-cov" if pytest_config.pytest_cov_in(root, ["-m", "pytest"]) else ""
        # `;`, not `&&`: a failing test still leaves the lines that ran to report
        return (f"{python} {pytest}",
                f"{python} -m coverage run --branch {pytest}{no_cov}; {python} -m coverage "
                "json -q -o coverage.json")
    if stack in ("ts-dev", "angular-dev"):
        try:
            text = (root / "package.json").read_text(encoding="utf-8", errors="replace")
        except OSError:
            text = ""
        pkg = package_json(text)
        test, coverage = js_commands(pkg)
        scripts = pkg.get("scripts")
        script = scripts.get("test") if isinstance(scripts, dict) else None
        settings = _shell_script_settings(root, script) if isinstance(script, str) else ""
        if settings and test and test.startswith("npx "):
            return f"{settings} {test}", coverage and f"{settings} {coverage}"
        return test, coverage
    if stack == "go-dev":
        return "go test ./...", "go test -coverprofile=coverage.out ./..."
    if stack == "java-dev":
        return _java_commands(root)
    if stack == "flutter-dev":
        return "flutter test", "flutter test --coverage"
    if stack == "bash-dev":
        target = test_dirs[0] if test_dirs else "test"
        return f"bats {shlex.quote(target)}", None
    return None, None


def test_dirs_of(files: Sequence[str]) -> tuple[str, ...]:
    """The test directories holding `files`, each cut at its first conventional name (pure)."""
    names = {name for name in stacks.TEST_DIR_NAMES if "/" not in name}
    found: set[str] = set()
    for rel in files:
        parts = PurePosixPath(rel).parts[:-1]
        cut = next((i for i, part in enumerate(parts) if part in names), None)
        if cut is not None:
            found.add(PurePosixPath(*parts[: cut + 1]).as_posix())
        elif parts:
            found.add(PurePosixPath(*parts).as_posix())
        else:
            found.add(".")
    return tuple(sorted(found))


def _where(root: Path, adapter: stacks.StackAdapter) -> str:
    """The shallowest directory (root first, then two levels down) holding the stack's markers."""
    if any(stacks.marker_hit(root, m) for m in adapter.markers):
        return "."
    level = [root]
    for _ in range(discovery.MONOREPO_DEPTH):
        children = sorted(
            (p for d in level for p in _subdirs(d)), key=lambda p: p.as_posix()
        )
        for child in children:
            if stacks.detect(child) == adapter.key:
                return child.relative_to(root).as_posix()
        level = children
    return "."


def _subdirs(directory: Path) -> list[Path]:
    try:
        return [p for p in directory.iterdir()
                if p.is_dir() and not p.is_symlink() and p.name not in discovery.SKIP_DIRS
                and not p.name.startswith(".")]
    except OSError:
        return []


def _inside_src_package(root: Path, test_file: str) -> bool:
    """Whether a test file sits in a package under `src/`: every directory from its own up
    to `src/<package>` holds an `__init__.py`, so `src` is the first directory above it
    without one."""
    parts = PurePosixPath(test_file).parts
    if len(parts) < 3 or parts[0] != "src":
        return False
    return all((root.joinpath(*parts[:end]) / "__init__.py").is_file()
               for end in range(2, len(parts)))


def unplaced_src_packages(root: Path, test_files: Sequence[str] = ()) -> tuple[str, ...]:
    """The packages of a src layout that pytest's own configuration does not make importable.

    None when its configuration puts `src` on the path, and none when every Python test file
    (`test_files`) sits inside a package under `src/` (hyperlink's `src/hyperlink/test/`):
    pytest's default import mode puts the first directory above a test file's package,
    `src`, on the path before it imports the file, unless the configuration asks for
    `--import-mode=importlib`."""
    src = root / "src"
    if not src.is_dir():
        return ()
    packages = tuple(sorted(d.name for d in _subdirs(src) if (d / "__init__.py").is_file()))
    if not packages:
        return ()
    texts = pytest_config.configs(root)
    if pytest_config.pythonpath_has_src(texts):
        return ()
    inside = bool(test_files) and all(_inside_src_package(root, f) for f in test_files)
    if inside and not any("import-mode=importlib" in text for text in texts.values()):
        return ()
    return packages


BUILD_OUTPUTS = ("dist", "build")  # skipped by the walk, looked in by jest without `roots`


def _in_skipped_roots(root: Path, where: str, deadline: float) -> list[str]:
    """The files (project-relative) under the directories a jest config in `where` names as
    its `roots` whose path holds a name the walk skips (`dist`), or, a jest package's config
    naming none, under its `dist/` and `build/` that its `testPathIgnorePatterns` keep: jest
    looks there all the same (module rules)."""
    patterns = runner_patterns.read(root / where)
    named_dirs = list(patterns.roots)
    if not named_dirs and _runner(root / where) == "jest":
        named_dirs = list(BUILD_OUTPUTS)
    out: list[str] = []
    for named in named_dirs:
        directory = root / where / named
        if not set(PurePosixPath(named).parts) & discovery.SKIP_DIRS or ".." in named \
                or not directory.is_dir() or directory.is_symlink():
            continue
        found, _ = discovery.walk(directory, deadline)
        out += [f"{_prefix(where)}{named}/{rel}" for rel in found
                if not patterns.ignores(f"{named}/{rel}")]
    return out


def _runner(here: Path) -> str | None:
    """The runner `here`'s package.json runs its tests with (`js_runner`); None without one."""
    try:
        text = (here / "package.json").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return js_runner(package_json(text))


def survey(root: Path, *, deadline_seconds: float = SURVEY_DEADLINE_SECONDS) -> Survey:
    primary = stacks.detect(root)
    if primary is None:  # a monorepo without a root marker: the first stack found below
        adapters = [a for a in discovery.review_stacks(root, "bash-dev") if a.key != "bash-dev"]
    else:
        adapters = discovery.review_stacks(root, primary)
    deadline = time.monotonic() + deadline_seconds
    files, timed_out = discovery.walk(root, deadline)
    if any(a.key == "ts-dev" for a in adapters):
        files = sorted({*files, *_in_skipped_roots(root, _where(root, stacks.get("ts-dev")),
                                                   deadline)})
    collected = discovery.python_files(root)
    per_stack = {a.key: [f for f in files if a.is_test_file(f) or (
        a.speaks("a.py") and pytest_config.collects(f, collected)
        and testcases.holds_tests(root, f))] for a in adapters}
    if "ts-dev" in per_stack:  # as its runner runs them: a helper under `__tests__/` is none
        where = _where(root, stacks.get("ts-dev"))
        conventional = js_test_files(root, where, per_stack["ts-dev"])
        named = runner_patterns.read(root / where)
        if named.include or named.searched:  # the config's names replace the conventions
            conventional = [rel for rel in conventional
                            if not governed_by(root, where, rel) or named.matches(
                                rel[len(_prefix(where)):])]
        per_stack["ts-dev"] = sorted({*conventional, *configured_tests(root, where, files)})
    bats = [f for f in files if f.endswith(".bats")]
    if bats and (not adapters or primary is None or not any(per_stack.values())):
        # bash has no marker file: its tests are its marker; a package.json that only
        # installs bats (bats-assert's `npm test` is `bats test`) marks no tested stack
        adapters = [stacks.get("bash-dev"), *(a for a in adapters if per_stack[a.key])]
        per_stack["bash-dev"] = bats
    all_tests = sorted({f for found in per_stack.values() for f in found})
    dirs = test_dirs_of(all_tests)
    surveyed = []
    missed = pytest_config.uncollected_by_default(per_stack.get("python-dev", []),
                                                  pytest_config.configs(root))
    for adapter in adapters:
        where = _where(root, adapter)
        stack_dirs = test_dirs_of(per_stack[adapter.key])
        test, coverage = commands_for(adapter.key, root / where, stack_dirs,
                                      missed if where == "." else ())
        surveyed.append(StackSurvey(
            adapter.key, where, in_directory(where, test) if test else None,
            in_directory(where, coverage) if coverage else None, len(per_stack[adapter.key]),
        ))
    python = any(s.stack == "python-dev" and s.where == "." for s in surveyed)
    return Survey(tuple(surveyed), dirs, timed_out,
                  unplaced_src_packages(root, per_stack.get("python-dev", [])) if python
                  else (),
                  tuple(builds_its_tests(root, per_stack.get("python-dev", []))),
                  missed if python else ())


_LOAD_TESTS = re.compile(rb"^def load_tests\s*\(", re.MULTILINE)
LOAD_TESTS_BYTES = 256 * 1024  # how much of a test file is read for it


def builds_its_tests(root: Path, test_files: Sequence[str]) -> list[str]:
    """The Python test files that build their tests in unittest's `load_tests` protocol
    (`def load_tests(loader, tests, pattern)` at module level), which pytest does not follow:
    it collects what the module defines, and the tests the function builds never run."""
    found = []
    for rel in test_files:
        try:
            with (root / rel).open("rb") as handle:
                head = handle.read(LOAD_TESTS_BYTES)
        except OSError:
            continue
        if _LOAD_TESTS.search(head) and not _gathers_its_classes_only(head):
            found.append(rel)
    return sorted(found)


# What a `load_tests` may call and still build no test beyond the classes of its module.
_GATHERING_CALLS = frozenset({"TestSuite", "loadTestsFromTestCase", "addTest", "addTests",
                              "makeSuite"})


def _gathers_its_classes_only(source: bytes) -> bool:
    """Whether the module's `load_tests` loads test classes (`loadTestsFromTestCase`) and calls
    nothing but that, `TestSuite` and a suite's `addTest(s)`: it then builds its suite from test
    classes of the module's namespace, which pytest collects itself. A file that does not parse
    is not vouched for."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return False
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "load_tests":
            names = [func.id if isinstance(func, ast.Name) else
                     func.attr if isinstance(func, ast.Attribute) else ""
                     for func in (call.func for call in ast.walk(node)
                                  if isinstance(call, ast.Call))]
            return "loadTestsFromTestCase" in names and set(names) <= _GATHERING_CALLS
    return False
