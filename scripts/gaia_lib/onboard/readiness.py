"""Can the test commands `gaia init` chose run on this machine? One note per tool that is missing.

Checked once, when init writes the config (the review's own tool probe checks again at every
run); a note never stops init: the config is right for the project, the machine may not be yet.
Rules, per stack the survey found:
- Python, whose command is `python -m pytest`: the `python` first on PATH (or the project's
  own virtual environment's, where the command names it: `survey.project_python`), run in
  the stack's directory, must import pytest (the review's one test run is a pytest run;
  pytest runs unittest suites too) and coverage.py (without it the review's run measures no
  line coverage). A `pytest` executable elsewhere on PATH, another Python's, does not count:
  it is not what the command runs. No `python` on PATH, or a check that fails to run, is a
  note too. Likewise the packages of a src layout the project's pytest configuration does
  not put on the path (`survey.unplaced_src_packages`): the tests import them only once the
  project is installed in that Python (`pip install -e .`) or with PYTHONPATH=src; a note
  when it cannot find them, and one when it finds one outside `src`: a copy installed on its
  own, as pytest installs iniconfig, is what the tests would import and run, never the
  project's code (iniconfig 2.3.1's tests ran site-packages' copy, none of `src/` measured).
  And the packages a `conftest.py` of the stack imports at its top level that are no module
  of the project (`conftest_imports`): pytest loads every conftest
  before any test, so one it cannot import stops the whole run (natsort's `import
  hypothesis`): a note naming them and the conftest. And the pytest plugins the project's
  pytest configuration needs: an option `--X` of its `addopts` where the project declares
  `pytest-X` (`stacks.declared`), whose module `pytest_X` that Python cannot find (dictdiffer's
  `--pydocstyle` without pytest-pydocstyle: pytest stops at the option, and the review says
  BLOCKED). And each test module whose top level calls `unittest.main()` unguarded
  (`bare_main_notes`): pytest's import of it runs the call, which exits (toposort 1.10).
- Every other stack: one of its runners (vitest or jest in the stack's `node_modules/.bin`, go,
  mvn or gradle, flutter, bats) found where the tool probe looks; the note carries the runner's
  install hint. A runner npm would download on the fly (`npx vitest` with no local install) is
  missing: the review never lets npx install one.
- A stack whose runner is installed but none of the coverage tools the review looks for
  (a vitest project without `@vitest/coverage-v8` or `-istanbul`, nor c8 or nyc): the note
  names the tools it looked for; the review's runs measure no coverage then.
- An npm script the test command runs (`npm test`, `npm run test:unit`) whose first command is
  neither on PATH nor in the stack's `node_modules/.bin` (`yarn jest` with no yarn installed):
  the note names it, and the command that would run the tests without it; not where it is a
  package the project declares and has no `node_modules` at all (`vitest run` before `npm
  install`): the note of the missing `node_modules` is what to do then.
- A jest config whose `roots` name a directory the stack's directory does not have: jest
  stops with a validation error before any test (iterative 1.9.2's package.json points them
  at a `src/` its package does not ship; its compiled specs are in `dist/`): the note names
  them.
- An npm script the test command runs that npm runs a `pre<name>` hook before (`pretest`:
  `npm run lint`): where the hook fails, npm stops before the tests (ts-dedent 2.3.0, whose
  package ships no eslint config): the note names the hook and the command that runs the
  tests alone. Likewise a `post<name>` hook (`posttest`: `npm run lint`), which npm runs once
  every test passed: where it fails, so does the run (card-validator 10.0.4, whose package
  ships no eslint config either).
- Go, with `go` on PATH and a go.mod that requires modules: `go list -deps -test ./...` in
  the stack's directory (what `go test` loads first, fetching what it lacks) must not stop at
  a module it cannot fetch (`go: github.com/tidwall/match@v1.1.1: ... no such host`, a Debian
  package's go.mod without its replace directives on a machine with no module proxy), read as
  a review reads a test run's output (`evidence.uninstalled`): the note names the module and
  go's line, as every `go test` then stops before any test (the review says BLOCKED); where
  go names the file importing it (a go 1.17+ go.mod's pruned graph), every `go test` of a
  package loading it, that file named: the others run. Its own packages' compile errors are
  the project's, not noted.
- The build and lint commands init writes for the Definition of Done (`npm run build`, `npm run
  lint`: `init.build_and_lint`): each program their scripts start, following the `npm run
  NAME` and `npm test` they chain (cheerio 1.1.0's `lint` is `npm run lint:es && npm run
  lint:prettier && npm run lint:ts`) and the `pre<name>` and `post<name>` hooks npm runs
  around each (duration-fns 3.0.2's `prebuild` lints), that is neither on PATH nor in the
  stack's `node_modules/.bin` (`eslint`, `tshy`, `pnpm`; not the shell's own words, `for`,
  `cd`): one note per command naming them, as the
  Definition of Done's row fails until they are installed; not before any `node_modules`
  (the note of the missing `node_modules` says what to do then). Likewise the files and
  directories a linter or the TypeScript compiler those scripts start is given that the
  package does not have (hono 1.3.0's `eslint --ext .ts src .eslintrc.js`, a package shipping
  neither `src/` nor its eslint config: the row could only fail): as written, not a glob, not
  an option's value but a config or project file's (`-c`, `--config`, `-p`, `--project`).
"""

from __future__ import annotations

import ast
import re
import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path

from gaia_lib.core import proc
from gaia_lib.evidence import runner_patterns, uninstalled
from gaia_lib.onboard import survey
from gaia_lib.onboard.survey import StackSurvey
from gaia_lib.stacks import adapters, declared, pytest_config, toolprobe

CHECK_SECONDS = 20.0
# Prints the names of the modules the interpreter cannot find, without importing any of them:
# pytest, coverage and the packages of a src layout named after them (`sys.argv`).
# Then, one a line, each of those it finds as `name<TAB>the directory it imports it from`.
_FIND = ("import importlib.util as u, os, sys\n"
         "names = ('pytest', 'coverage', *sys.argv[1:])\n"
         "specs = {n: u.find_spec(n) for n in names}\n"
         "print(' '.join(n for n in names if specs[n] is None))\n"
         "for n, spec in specs.items():\n"
         "    if spec is not None and spec.origin and os.path.isabs(spec.origin):\n"
         "        print(n + '\\t' + os.path.dirname(spec.origin))")
_PYTHON_NEEDS = {
    "pytest": "the review's test run needs it (pip install pytest; it runs unittest suites too)",
    "coverage": "the review's test run will measure no line coverage (pip install coverage)",
}


def python_notes(missing: Sequence[str], python: str, where: str,
                 src_packages: Sequence[str] = (),
                 conftests: Mapping[str, str] | None = None,
                 plugins: Mapping[str, str] | None = None,
                 elsewhere: Mapping[str, str] | None = None) -> list[str]:
    """The notes for the modules `python` (run in `where`) could not find (pure): pytest,
    coverage.py, the packages of a src layout its pytest configuration does not put on
    the path (`src_packages`), which the tests import only once the project is installed,
    those a conftest imports (`conftests`: package -> the conftest importing it) and the
    plugins its pytest configuration's options need (`plugins`: module -> option); and the
    src layout's packages it finds outside `src` (`elsewhere`: package -> the directory it
    imports it from), whose copy the tests would run in place of the project's."""
    notes = [f"note: {'coverage.py' if name == 'coverage' else name} is not importable by "
             f"`python` ({python}) in {where}: {_PYTHON_NEEDS[name]}"
             for name in _PYTHON_NEEDS if name in missing]
    unplaced = [name for name in src_packages if name in missing]
    if unplaced:
        notes.append(f"note: src layout ({', '.join(unplaced)}): the tests import it only once "
                     "the project is installed (`pip install -e .`) or with PYTHONPATH=src in "
                     "the environment gaia runs in")
    for name, origin in (elsewhere or {}).items():
        notes.append(f"note: src layout ({name}): `python` ({python}) in {where} imports {name} "
                     f"from {origin}, not from src/{name}: the tests would run that installed "
                     "copy, not the project's code (install the project there: `pip install -e "
                     ".`, or set PYTHONPATH=src in the environment gaia runs in)")
    needed = {name: conftest for name, conftest in (conftests or {}).items()
              if name in missing and name not in _PYTHON_NEEDS and name not in unplaced}
    for conftest in sorted(set(needed.values())):
        names = sorted(name for name, where_from in needed.items() if where_from == conftest)
        notes.append(f"note: {', '.join(names)}, imported by {conftest}, "
                     f"{'is' if len(names) == 1 else 'are'} not importable by `python` "
                     f"({python}) in {where}: pytest loads that conftest before any test, so no "
                     f"test runs (install the project's test requirements: pip install "
                     f"{' '.join(names)})")
    for module, option in (plugins or {}).items():
        if module in missing:
            plugin = module.replace("_", "-")
            notes.append(f"note: {plugin} is not importable by `python` ({python}) in "
                         f"{where}: the project's pytest configuration adds {option}, which it "
                         "defines, to every run, so pytest stops before any test (install the "
                         f"project's test requirements: pip install {plugin})")
    return notes


def addopts_plugins(here: Path) -> dict[str, str]:
    """The pytest plugins the pytest configuration at `here` needs: for each option `--X` of
    its `addopts` whose plugin `pytest-X` the project declares, the plugin's module
    (`pytest_X`) -> the option (`--cov=dictdiffer`: pytest_cov -> `--cov`)."""
    packages = declared.declared(here)
    found: dict[str, str] = {}
    for option in pytest_config.addopts(pytest_config.configs(here)):
        named = re.match(r"--([A-Za-z][\w-]*)", option)
        if named and declared.pytest_plugin(named.group(1), packages):
            found[f"pytest_{named.group(1).replace('-', '_')}"] = f"--{named.group(1)}"
    return found


_SKIPPED_DIRS = frozenset({".git", ".venv", "venv", "node_modules", ".tox", ".nox", "build",
                           "dist", "site-packages", ".gaia"})
CONFTESTS_READ = 20  # conftest.py files read at most


def conftest_imports(here: Path) -> dict[str, str]:
    """The top-level packages the `conftest.py` files under `here` import at their top level
    (`import hypothesis`, `from hypothesis import given`), each with the first conftest
    importing it (relative to `here`), less the project's own modules (a package or module of
    that name at `here`, under `here/src` or beside the conftest, as a `tests/helpers.py` its
    `tests/conftest.py` imports: pytest puts that directory on the path, or the configuration's
    `pythonpath` does) and relative imports."""
    found: dict[str, str] = {}
    conftests = sorted(p for p in here.rglob("conftest.py")
                       if not _SKIPPED_DIRS & set(p.relative_to(here).parts))[:CONFTESTS_READ]
    for path in conftests:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
        except (SyntaxError, ValueError, OSError):
            continue
        for node in tree.body:
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import) else
                     [node.module] if isinstance(node, ast.ImportFrom) and node.module
                     and not node.level else [])
            for name in names:
                top = name.split(".")[0]
                if not any((base / top).is_dir() or (base / f"{top}.py").is_file()
                           for base in (here, here / "src", path.parent)):
                    found.setdefault(top, path.relative_to(here).as_posix())
    return found


TEST_MODULES_READ = 200  # Python test modules read at most for a bare `unittest.main()`


def bare_main(text: str) -> int | None:
    """The line of a top-level `unittest.main()` (or `main()` imported from unittest) in
    Python module text, one no `if` guards (pure): importing the module runs it; None where
    there is none or the text does not parse."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    mains = {alias.asname or alias.name for node in tree.body
             if isinstance(node, ast.ImportFrom) and node.module == "unittest"
             for alias in node.names if alias.name == "main"}
    for node in tree.body:
        call = node.value if isinstance(node, ast.Expr) else None
        if not isinstance(call, ast.Call):
            continue
        func = call.func
        if (isinstance(func, ast.Attribute) and func.attr == "main"
                and isinstance(func.value, ast.Name) and func.value.id == "unittest") \
                or (isinstance(func, ast.Name) and func.id in mains):
            return node.lineno
    return None


def bare_main_notes(here: Path, where: str) -> list[str]:
    """A note per test module under `here` whose top level calls `unittest.main()`: pytest
    imports it to collect its tests, and the call parses pytest's command line and exits, so
    pytest stops with an internal error before any test (toposort 1.10's
    `test/test_toposort.py`)."""
    modules = sorted(p for pattern in ("test_*.py", "*_test.py") for p in here.rglob(pattern)
                     if not _SKIPPED_DIRS & set(p.relative_to(here).parts))
    out = []
    for path in modules[:TEST_MODULES_READ]:
        try:
            line = bare_main(path.read_text(encoding="utf-8", errors="replace"))
        except OSError:
            continue
        if line is not None:
            rel = path.relative_to(here).as_posix()
            out.append(f"note: {rel if where == '.' else f'{where}/{rel}'}:{line} calls "
                       "`unittest.main()` at its top level: pytest imports the module to "
                       "collect it, and the call exits, so no test runs (put it under `if "
                       "__name__ == \"__main__\":`)")
    return out


def _python(root: Path, where: str, src_packages: Sequence[str]) -> list[str]:
    own = survey.project_python(root / where)
    found = (root / where / own) if own != "python" else proc.which("python")
    if found is None:
        return [f"note: no `python` on PATH: the Python tests in {where} cannot run here "
                "(activate the project's environment before running gaia)"]
    conftests = conftest_imports(root / where)
    plugins = addopts_plugins(root / where)
    result = proc.run_tool([str(found), "-c", _FIND, *src_packages, *conftests, *plugins],
                           cwd=root / where, timeout=CHECK_SECONDS)
    if result.returncode != 0:
        why = (result.error or result.stderr.strip().splitlines()[-1:] or ["no output"])[0]
        return [f"note: could not check `python` ({found}) for pytest and coverage.py: {why}"]
    missing, *found_at = result.stdout.splitlines() or [""]
    src = (root / where / "src").resolve()
    elsewhere = {name: origin for name, _, origin in (line.partition("\t") for line in found_at)
                 if name in src_packages and origin
                 and not Path(origin).resolve().is_relative_to(src)}
    return python_notes(missing.split(), str(found), where, src_packages, conftests,
                        plugins, elsewhere)


_REQUIRE = re.compile(r"^\s*require\b", re.MULTILINE)
# go's `go: m@v1.0.0 (replaced by ../dir): reading ../dir/go.mod: ...`: the directory named
_REPLACED = re.compile(r"@v[\w.+-]+ \(replaced by ([^()\n]+)\): ")
# go's error at the importing file (`mc/mc.go:18:2: missing go.sum entry ...`): that file
_IMPORTER = re.compile(r"([\w./-]+\.go):\d+:\d+: ")


def go_module_notes(output: str, where: str) -> list[str]:
    """The note for the module `go list`'s `output` says it could not fetch (pure): the one
    a test run's output would name (`uninstalled.missing_package`), with go's line."""
    module = uninstalled.missing_package(output)
    if module is None:
        return []
    line = next((ln.strip() for ln in output.splitlines() if module in ln
                 and not ln.startswith("go: downloading")), "")
    why = next((ln.strip() for ln in output.splitlines() if ": module lookup disabled" in ln),
               line)
    why = why.removeprefix("can't load test package: ")
    replaced = _REPLACED.search(line)
    if replaced:  # nothing to fetch: go.mod points the module at a directory not there
        return [f"note: go cannot read {module}, which go.mod in {where} replaces by "
                f"{replaced.group(1)}, a directory that is not there ({why[:200]}): every `go "
                "test` stops before any test until it is (restore it, or drop the replace "
                "directive where the module proxy is reachable)"]
    importer = _IMPORTER.match(why)
    # go 1.17 on prunes the module graph: only the packages loading the module stop (kr/text's
    # `go test .` ran while its mc/mc.go could not load github.com/creack/pty)
    stops = (f"every `go test` of a package that loads it ({importer.group(1)} imports it)"
             if importer else "every `go test`")
    return [f"note: go cannot fetch {module}, which go.mod in {where} requires ({why[:200]}): "
            f"{stops} stops before any test until it is in the module cache (`go mod "
            "download` where the module proxy is reachable, or `go mod vendor`)"]


def _go_modules(here: Path, where: str) -> list[str]:
    try:
        gomod = (here / "go.mod").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    if not _REQUIRE.search(gomod) or proc.which("go") is None:
        return []  # nothing to fetch; a missing go has its own note
    result = proc.run_tool(["go", "list", "-deps", "-test", "./..."], cwd=here,
                           timeout=CHECK_SECONDS)
    return go_module_notes(result.stderr, where) if result.returncode != 0 else []


def coverage_notes(probe: toolprobe.StackProbe, where: str) -> list[str]:
    """The note for a stack whose runner is installed but none of its coverage tools (pure)."""
    if not probe.coverage or probe.branch_coverage:
        return []
    tools = ", ".join(p.tool for p in probe.coverage)
    example = " (e.g. npm i -D @vitest/coverage-v8 for vitest)" if probe.stack == "ts-dev" else ""
    return [f"note: no coverage tool is installed for {where} (looked for {tools}): the "
            "review's runs will measure no coverage, and its untested-error-path check is "
            f"skipped{example}"]


def pre_script_note(here: Path, test_command: str) -> list[str]:
    """The note for an npm script npm runs a `pre<name>` hook before (module docstring)."""
    hook = survey.npm_pre_script(here, test_command)
    if hook is None:
        return []
    return [f"note: the test command `{test_command}` runs the `{hook[0]}` script first "
            f"(`{hook[1]}`): where that fails, no test runs and the review has none to judge; "
            "to review the tests alone, set test_execution's command to the runner itself "
            "(`npx jest`, `npx vitest run`)"]


def post_script_note(here: Path, test_command: str) -> list[str]:
    """The note for an npm script npm runs a `post<name>` hook after (module docstring)."""
    hook = survey.npm_pre_script(here, test_command, "post")
    if hook is None:
        return []
    return [f"note: the test command `{test_command}` runs the `{hook[0]}` script after its "
            f"tests (`{hook[1]}`): where that fails, the run fails though every test passed, "
            "and the review asks for changes; to review the tests alone, set test_execution's "
            "command to the runner itself (`npx jest`, `npx vitest run`)"]


def roots_note(here: Path, where: str) -> list[str]:
    """The note for a jest config whose `roots` name directories `here` does not have
    (module docstring)."""
    absent = [root for root in runner_patterns.read(here).roots if not (here / root).is_dir()]
    if not absent:
        return []
    return [f"note: jest's `roots` in {where} name {', '.join(f'`{r}/`' for r in absent)}, "
            f"not there: jest stops before any test (`Directory ... in the roots option was "
            "not found`); point `roots` at the directories that hold the tests"]


def _script_tool_note(here: Path, test_command: str, where: str) -> list[str]:
    """The note for an npm script whose first command this machine lacks (module docstring)."""
    script = survey.npm_script(here, test_command)
    tool = survey.first_command(script) if script else None
    if not tool or proc.which(tool) or (here / "node_modules" / ".bin" / tool).exists():
        return []
    if not (here / "node_modules").is_dir() and tool in survey.declared(here):
        return []  # one of its own packages, none installed: the node_modules note says so
    return [f"note: the test command `{test_command}` runs `{script}`, and `{tool}` is not "
            f"installed here (not on PATH, not in {where}/node_modules/.bin): install it, or "
            "set test_execution's command to the runner itself (`npx jest`, "
            "`npx vitest run`)"]


# an `npm run NAME` (`npm test`) a script chains, its own arguments (`-- --check`) aside
_NPM_CALL = re.compile(survey.NPM_SCRIPT.pattern + r"(?=\s|$)")
_NESTING = 4  # `npm run` scripts followed into one another at most (a loop ends there)


# Words a script's command can start with that are the shell's own, not programs to install
_SHELL_WORDS = frozenset({"for", "do", "done", "if", "then", "else", "elif", "fi", "while",
                          "until", "case", "esac", "cd", "export", "echo", "exit", "set",
                          "true", "false", "test", "exec"})


def script_commands(here: Path, command: str, depth: int = 0) -> list[str]:
    """The commands the npm script `command` runs (`npm run NAME`, with the `preNAME` and
    `postNAME` hooks npm runs around it), one per command of its chains, in order, following
    the `npm run` calls they chain into those scripts' own."""
    pre, post = (survey.npm_pre_script(here, command, when) for when in ("pre", "post"))
    scripts = [*(pre[1:] if pre else ()), survey.npm_script(here, command) or "",
               *(post[1:] if post else ())]
    found: list[str] = []
    for part in (p.strip() for script in scripts for p in survey.CHAINED.split(script)):
        called = _NPM_CALL.match(part)
        if called:
            found += script_commands(here, called.group(0), depth + 1) if depth < _NESTING \
                else []
        elif part:
            found.append(part)
    return found


# What a command of a script may run its program through: `npx eslint`, `pnpm exec rimraf`,
# `yarn tsc`, `shx rm`
_LAUNCHERS = (("npx",), ("pnpm", "exec"), ("yarn",), ("shx",))


def program_words(part: str) -> list[str]:
    """One command of a script as words from its program on (pure): the `NAME=value`
    settings before it and the launcher it runs through (`_LAUNCHERS`) aside; [] for one whose
    quotes do not close."""
    try:
        words = shlex.split(part)
    except ValueError:
        return []
    while words and re.fullmatch(r"[A-Za-z_]\w*=\S*", words[0]):
        words = words[1:]
    for launcher in _LAUNCHERS:
        if tuple(words[:len(launcher)]) == launcher and len(words) > len(launcher):
            return words[len(launcher):]
    return words


def _missing_tools(here: Path, command: str) -> list[str]:
    """The programs the npm script `command` starts (`script_commands`) that this machine
    lacks, each once."""
    missing: list[str] = []
    for part in script_commands(here, command):
        tool = survey.first_command(part)
        if tool and tool not in _SHELL_WORDS and not proc.which(tool) \
                and not (here / "node_modules" / ".bin" / tool).exists():
            missing.append(tool)
    return list(dict.fromkeys(missing))


# The linters and compilers whose paths a Definition of Done command is read for, the options
# of theirs that take a value, and those whose value is a file to read
_PATH_TAKERS = frozenset({"eslint", "tslint", "prettier", "stylelint", "tsc"})
_VALUE_OPTIONS = frozenset({
    "--ext", "-f", "--format", "--rule", "--parser", "--plugin", "--env", "--global",
    "--ignore-pattern", "-o", "--output-file", "--max-warnings", "--cache-location",
    "--resolve-plugins-relative-to", "--rulesdir", "--parser-options", "-t", "-e", "--exclude",
    "-r", "--rules-dir", "--formatters-dir", "--out", "--log-level", "--loglevel", "--target",
    "--module", "--outDir", "--rootDir", "--lib", "--jsx"})
_FILE_OPTIONS = frozenset({"-c", "--config", "-p", "--project", "--ignore-path"})


def absent_paths(here: Path, command: str) -> list[str]:
    """The paths the linters and compilers the npm script `command` starts are given that
    `here` does not have (module docstring), each once, as written."""
    found: list[str] = []
    for part in script_commands(here, command):
        words = program_words(part)
        if not words or words[0] not in _PATH_TAKERS:
            continue
        given, taking = [], None
        for word in words[1:]:
            if taking is not None:
                if taking in _FILE_OPTIONS:
                    given.append(word)
                taking = None
            elif word.startswith("-"):
                option = word.split("=", 1)[0]
                if "=" in word and option in _FILE_OPTIONS:
                    given.append(word.split("=", 1)[1])
                elif "=" not in word and option in _VALUE_OPTIONS | _FILE_OPTIONS:
                    taking = option
            else:
                given.append(word)
        found += [g for g in given if not re.search(r"[*?{}\[\]!$]", g)
                  and not g.startswith("/") and not (here / g).exists()]
    return list(dict.fromkeys(found))


def dod_tool_notes(here: Path, commands: Mapping[str, str], where: str) -> list[str]:
    """The notes for the build and lint commands whose scripts start programs this machine
    lacks, or give a linter paths the package does not have (`commands`: config key ->
    command, as `init.build_and_lint` gives them)."""
    installed = (here / "node_modules").is_dir()
    out = []
    for key, command in commands.items():
        tools = _missing_tools(here, command) if installed else []
        if tools:
            one = len(tools) == 1
            out.append(f"note: {key} `{command}` (its scripts and those they run) starts "
                       f"{', '.join(f'`{tool}`' for tool in tools)}, not installed here (not on "
                       f"PATH, not in {where}/node_modules/.bin): the Definition of Done's "
                       f"{key.removesuffix('_cmd')} row fails until "
                       f"{'it is' if one else 'they are'} installed, or {key} is changed")
        absent = absent_paths(here, command)
        if absent:
            out.append(f"note: {key} `{command}` (its scripts and those they run) is given "
                       f"{', '.join(f'`{p}`' for p in absent)}, not in {where}/: the Definition "
                       f"of Done's {key.removesuffix('_cmd')} row fails until "
                       f"{'it is' if len(absent) == 1 else 'they are'} there, or {key} is "
                       "changed")
    return out


def notes(root: Path, stacks: Sequence[StackSurvey], src_packages: Sequence[str] = (),
          dod: Mapping[str, str] | None = None) -> list[str]:
    """The notes for every stack the survey found (module docstring); `src_packages`: a src
    layout's packages its pytest configuration does not put on the path; `dod`: the build and
    lint commands init writes, run in the first stack's directory."""
    out: list[str] = []
    if stacks and dod:
        out += dod_tool_notes(root / stacks[0].where, dod, stacks[0].where)
    for found in stacks:
        if found.test_command is None:
            continue
        if found.stack == "python-dev":
            out += _python(root, found.where, src_packages)
            out += bare_main_notes(root / found.where, found.where)
            continue
        here = root / found.where
        if found.stack == "go-dev":
            out += _go_modules(here, found.where)
        out += _script_tool_note(here, found.test_command, found.where)
        out += roots_note(here, found.where) if found.stack == "ts-dev" else []
        out += pre_script_note(here, found.test_command)
        out += post_script_note(here, found.test_command)
        probe = toolprobe.locate_stack(adapters.get(found.stack), here)
        if not probe.install_hint:
            out += coverage_notes(probe, found.where)
            continue
        if (here / "package.json").is_file() and not (here / "node_modules").is_dir():
            out.append(f"note: no node_modules in {found.where}: install the project's "
                       "dependencies (npm install, pnpm install or yarn) before a review; it "
                       "runs the project's own test runner and never lets npx download one")
        else:
            out.append(f"note: {probe.install_hint} (not found for {found.where})")
    return out
