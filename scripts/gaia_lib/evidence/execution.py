"""Phase 3A.1: run the project's test tiers and record execution evidence.

Tiers come from `test_execution` in project-config.yaml; a tier runs when its placement includes
the active context (`--context`, else GAIA_EXECUTION_CONTEXT, else `local`). Pass/fail counts
come from the runner's own machine output: the command is extended with the runner's own report
flags (pytest `--junitxml`, jest `--json --outputFile`, vitest `--reporter=json --outputFile`,
`go test -json`, `bats --tap`, Surefire XML under target/, `python -m unittest`'s `-v`, read
from its stderr) and that report is parsed; jest's and
vitest's with where each test is declared (jest `--testLocationInResults`; vitest 2 and later
`includeTaskLocation`, which the review's reporter sets: vitest 1 and 2.0 refuse the flag),
which tells apart two tables whose rows share their titles (`outcomes`); a jest before 22,
which refuses that flag (`Unrecognized option "testLocationInResults"`: tapable 1.1.2's jest 21
had left its review BLOCKED, "fix test_execution.tier_1.command", its `npm test` as it should
be), runs without it, as the one installed where the tier runs says (`_jest_locates`), its
tests told apart by their order alone. Any other
command (a script of the project's that runs bats, rbenv's `test/run`) runs with
`BATS_FORMATTER=tap`, which bats honours, and output that is TAP is read as bats'
(`runner_output.is_tap`); only output in no format falls back to its exit code, and gives no
outcome per test, unless the runner refused an option that command gives
(`refused_in_command`: `npm test -- --bogusFlag`, jest's `Unrecognized option "bogusFlag".`),
which ran no test: a misconfigured tier, as `runner_missing` says. `npm test` and `npm run
<script>` (yarn's and pnpm's too) count as the runner
their package.json script runs when it runs one alone (`"test": "vitest run"`): its flags follow
a `--` (`pnpm run <name>` takes them without); any other script (`pnpm lint && vitest run`) runs
as configured. Locally a story-scoped run passes the story's test files to runners that accept
paths (pytest, jest, vitest, bats), a `python -m unittest` tier that discovers gets a `-k`
filter per story test module (`scope_unittest`), and `go test` runs the story's Go tests
alone: its package patterns (`./...`) become the directories of the story's `_test.go` files,
with `-run` naming exactly the test functions they declare (`scope_go`; as configured when the
command has its own `-run`, or names an import path); any other command is never rewritten.
A tier written `cd DIR && COMMAND` (a stack in a subdirectory, as `gaia init` writes it) runs
COMMAND in DIR, the story's tests under DIR named relative to it (a pytest tier measured as below
still names the story's sources, in both its reports, from the project root). Locally, a tier
whose runner takes test files gets only the story's tests it runs (pytest `.py`, jest / vitest JS
and TS, bats `.bats`, go `_test.go`; a jest / vitest tier given a `--config`, in its command or
its npm script, only those that config names: `configured_files`), and a tier that runs none of them
(another stack's, another directory's, another config's) is skipped with that reason rather than
run whole for a story it does not test. CI contexts run the tier as configured. A bridge
(`test_execution_bridge`) replaces direct runs.

One run, all evidence: given a `coverage` setup, a pytest tier runs with the review's coverage
plugin (line probes or coverage.py's tracer, per test, inside the same pytest process that
writes the JUnit report), so the review needs no second run for coverage or attribution; asked
to `measure` (the review), a go, vitest or jest tier writes its own coverage report in the same
run (`_coverage_flags`: go's profile, vitest's and jest's lcov; not where the project's config
sets coverage thresholds, which a run of the story's tests alone would fail: there the
story-scoped run turns coverage off, `_thresholds_off`), which the review
reads instead of running the `coverage_command` (`Evidence.run_coverage`; the reports of
several tiers, a pytest tier's and a vitest tier's alike, read as one, `merge_reports`). Every
run's stdout and stderr (bounded by the subprocess funnel) are kept beside the report as
`<tier>-stdout.log` / `<tier>-stderr.log`.

A tier written `npx NAME ...` runs NAME from the project's node_modules/.bin (or the PATH)
without npx (`without_npx`), which would fetch a package it cannot find.

A tier's `timeout_seconds` bounds its whole run, output included; the tier (and a bridge) runs
contained (`proc.run_tool(contain=True)`): when it ends or times out, every process it started is
killed, including background and detached ones, and the suite records them (`killed_count`,
`killed_processes` with pid and command, plus a diagnostic line). A timed-out tier is exit 124,
`timeout: true`; where the run says what it did (Go's `-json` events, bats' TAP with its
`bats-exec-test` processes, or the progress log of the review's pytest plugin or of its vitest
or jest reporter, `JS_REPORTERS`), the tests it
finished are its outcomes and counts, and those it was still running are named in its
diagnostic and its evidence (`still_running`: counted neither passed nor failed, as its runner
reported neither) and are its outcomes in error: a test that never finished verifies nothing.
Elsewhere it has no counts. A runner that ends in error without writing its report (a conftest
that cannot import, a bad option, a vitest.config.ts that does not parse) ran no test: no counts
either, and `stopped` holds the first line of its output that says why (`runner_error`, colour
codes dropped, a line too long cut in its middle, `at_most`; a compile error with where it
is, bash's in a bats file too), which the report quotes; a pytest that collected no test
(exit 5) says that, and why where pytest's default `python_files` misses the project's test
files and the run named none (`pytest_config.uncollected_by_default`: jsonpointer's
`tests.py`). A pytest run of the story's tests alone turns pytest-cov off where it would
measure (`--no-cov`: the project's `--cov-fail-under` is the whole suite's); a run it measures
writes its data file in the review's directory (COVERAGE_FILE), not the project. The outcomes
of a run name the project's files relative to it
(`project_relative`: jest and vitest report them absolute), as the review names a test.
A pytest run narrowed to the story's test files where doctests are collected (`--doctest-modules`
in the command or the project's `addopts`) is also given the story's Python sources that hold
one (`>>>`), as the project's own run collects them: a narrowed run had run none (glom's
`mutation.py` and `reduction.py`, 11 doctests); the run's evidence names them apart
(`story_doctest_files`), as they hold no test a story's AC is matched to.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import json
import os
import posixpath
import re
import shlex
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from gaia_lib.core import paths, proc, writes
from gaia_lib.core.config import ProjectConfig, Tier, normalise_context
from gaia_lib.core.errors import GaiaError, InvalidInput
from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.evidence import (
    attribution,
    discovery,
    plugins,
    runner_options,
    runner_output,
    runner_patterns,
    uninstalled,
)
from gaia_lib.stacks import adapters as stacks
from gaia_lib.stacks import pytest_config, toolprobe

if TYPE_CHECKING:
    from gaia_lib.evidence.head_start import HeadStart

CONTEXTS = ("local", "ci_pre_merge", "ci_post_merge", "deployment", "post_deploy")
COUNT_PASSED = re.compile(r"(?<![0-9])([0-9]+) passed")
COUNT_FAILED = lazy_re(r"(?<![0-9])([0-9]+) failed")


@dataclass(frozen=True)
class Suite:
    name: str
    command: str
    exit_code: int
    duration_seconds: float
    pass_count: int
    fail_count: int
    timeout: bool
    required: bool
    skip_reason: str | None = None
    skip_count: int = 0
    # Why the runner ran no test: it ended in error without writing its report (an import
    # error in a conftest, a bad option), with the first error line of its output.
    stopped: str | None = None
    stdout_log: str | None = None
    stderr_log: str | None = None
    tests: tuple[runner_output.TestOutcome, ...] = ()  # per-test outcomes (not serialised)
    killed: tuple[tuple[int, str], ...] = ()  # (pid, command) of leftovers killed at the end
    # A coverage report its runner wrote in the same run, and its format (not serialised)
    coverage: tuple[Path, str] | None = None
    # The story's test files (project-relative) the run named, and whether `tests` came from
    # the runner's own per-test report (not serialised): what `outcomes.never_ran` weighs
    named: tuple[str, ...] = ()
    # The story's sources (project-relative) the run was given for their doctests
    doctests: tuple[str, ...] = ()
    per_test: bool = False
    runner: str | None = None  # the runner it ran (`runner_for`), None: a command of its own
    # Its counts are its exit code's (1 passed or 1 failed): its output gave none
    exit_code_only: bool = False
    # Why a run that ran has no per-test report where its runner should have written one
    # (missing: pytest's junitxml turned off, a conftest's `os._exit`; unreadable): no test
    # of it has an outcome of the runner's own (`tests` then holds what the review's pytest
    # plugin logged, if anything)
    no_report: str | None = None
    # A run whose tests all passed and that npm then failed in a `post<script>` hook
    # (`posttest`: a lint that fails): the hook and its first error line; its exit is the hook's;
    # or that missed coverage thresholds, or had a module unittest could not import
    failed_after: str | None = None

    def _in_error(self, test: runner_output.TestOutcome) -> bool:
        """A pytest test in error, not failed: its setup or teardown raised (`failed on
        setup with ...`), as pytest's summary counts it apart; not a module it could not
        collect, nor a test the time limit cut off; and a jest / vitest file failed outside
        its tests (`suite_failed`): no test of it failed."""
        return test.suite_failed or (
            self.runner == "pytest" and test.outcome == runner_output.ERROR
            and bool(test.name) and runner_output.uncollected_file(test) is None
            and not runner_output.still_running(test))

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "command": self.command,
            "exit_code": self.exit_code,
            "duration_seconds": round(self.duration_seconds, 3),
            "pass_count": self.pass_count,
            "fail_count": self.fail_count,
            "timeout": self.timeout,
            "required": self.required,
        }
        if self.skip_reason is not None:
            data["skip_reason"] = self.skip_reason
        if self.named:  # a run narrowed to the story's tests ran no other test of its tier
            data["story_files"] = list(self.named)
        if self.doctests:
            data["story_doctest_files"] = list(self.doctests)
        if self.skip_count:
            data["skip_count"] = self.skip_count
        xfailed = sum(t.outcome == runner_output.SKIPPED
                      and (t.message or "").startswith(runner_output.XFAIL) for t in self.tests)
        if xfailed:  # pytest counts them apart (`1 xfailed`), and so does the report
            data["xfail_count"] = xfailed
        # pytest and go have no todo: a skip whose reason is `todo` (dictdiffer's
        # `@pytest.mark.skip(reason="todo")`) is a skip, as pytest's summary counts it
        todo = sum(t.outcome == runner_output.SKIPPED and (t.message or "").partition(":")[0]
                   == runner_output.TODO for t in self.tests) \
            if self.runner not in ("pytest", "go") else 0
        if todo:  # vitest and jest count them apart from skips (`1 todo`)
            data["todo_count"] = todo
        xpassed = sum(t.xpassed for t in self.tests)
        if xpassed:  # passed, yet pytest counts them apart too (`1 xpassed`)
            data["xpass_count"] = xpassed
        skipped_subtests = [{"subtest": f"{f'{t.file}::' if t.file else ''}{t.shown} {label}",
                             "reason": why}
                            for t in self.tests for label, why in t.skipped_subtests]
        if skipped_subtests:  # of tests that passed: pytest counts each among its skips
            data["skipped_subtests"] = skipped_subtests
        checks = [t for t in self.tests if t.file_check]
        if checks:  # counted by pytest among its tests, and named apart by the report
            data["file_checks"] = [{"name": t.name, "outcome": t.outcome} for t in checks]
        errors = sum(map(self._in_error, self.tests))
        if errors:  # and its tests in error apart from those failed (`1 failed, 1 error`)
            data["error_count"] = errors
        for outcome, key in ((runner_output.PASSED, "subtest_pass_count"),
                             (runner_output.FAILED, "subtest_fail_count")):
            subtests = sum(t.outcome == outcome and "/" in t.name for t in self.tests) \
                if self.runner == "go" else 0
            if subtests:  # `go test` counts each subtest as a test, and its parent too
                data[key] = subtests
        if self.stopped is not None:
            data["stopped"] = self.stopped
        if self.exit_code_only:
            data["counted_from"] = "exit code"
        if self.failed_after is not None:
            data["failed_after"] = self.failed_after
        if self.no_report is not None:
            data["no_report"] = self.no_report
            if self.per_test:
                data["outcomes_from"] = "progress log"
        for key in ("stdout_log", "stderr_log"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        # named as the review names a test (`TestOutcome.shown`); a test the time limit cut
        # off is no failure its runner reported: it is one still running, and not counted
        failed = [t for t in self.tests if t.outcome in FAILING
                  and not runner_output.still_running(t)][:FAILED_SHOWN]
        if failed:
            # a module pytest could not collect is named by its file, and said to be one
            data["failed_tests"] = [
                {k: v for k, v in (("name", t.shown),
                                   ("file", t.file or runner_output.uncollected_file(t)),
                                   ("message", t.message),
                                   ("uncollected", runner_output.uncollected_file(t) and True),
                                   ("error", self._in_error(t) or None))
                 if v is not None} for t in failed]
        running = [t for t in self.tests if runner_output.still_running(t)]
        if running:
            data["still_running"] = [{k: v for k, v in (("name", t.shown), ("file", t.file))
                                      if v is not None} for t in running]
        if self.killed:
            data["killed_count"] = len(self.killed)
            data["killed_processes"] = [{"pid": pid, "command": command}
                                        for pid, command in self.killed]
        return data


@dataclass(frozen=True)
class Evidence:
    tier: str  # tier name, "multi", "none" or "bridge"
    context: str
    wall_clock_seconds: float
    skipped: bool
    bridge_used: bool
    suites: tuple[Suite, ...]
    diagnostics: tuple[str, ...] = field(default_factory=tuple)
    coverage_report: Path | None = None  # coverage.py JSON with contexts, when one run made it
    # The coverage reports of several tiers, as one (`merge_reports`)
    merged_coverage: tuple[Path, str] | None = None

    @property
    def tests(self) -> tuple[runner_output.TestOutcome, ...]:
        return tuple(t for suite in self.suites for t in suite.tests)

    @property
    def run_coverage(self) -> tuple[Path, str] | None:
        """The coverage report this run wrote: the reports of several tiers as one (whatever
        their tools), else the one written (coverage.py's, `go test`'s profile, an lcov)."""
        if self.merged_coverage is not None:
            return self.merged_coverage
        if self.coverage_report is not None:
            return self.coverage_report, "coveragepy-json"
        return next((suite.coverage for suite in self.suites if suite.coverage), None)

    def with_tests(self, name: Callable[[tuple[runner_output.TestOutcome, ...]],
                                        tuple[runner_output.TestOutcome, ...]]) -> Evidence:
        """This evidence with each suite's outcomes as `name` gives them (a Go test named
        by its file rather than its package: `outcomes.in_files`)."""
        return dataclasses.replace(self, suites=tuple(
            dataclasses.replace(suite, tests=name(suite.tests)) for suite in self.suites))

    def as_json(self) -> dict[str, Any]:
        extra = {"coverage_report": self.coverage_report.name} if self.coverage_report else {}
        return {**extra,
            "tier": self.tier,
            "context": self.context,
            "wall_clock_seconds": round(self.wall_clock_seconds, 3),
            "skipped": self.skipped,
            "bridge_used": self.bridge_used,
            "suites": [s.as_json() for s in self.suites],
            "diagnostics": list(self.diagnostics),
        }


def active_context(explicit: str | None = None) -> str:
    raw = explicit or os.environ.get("GAIA_EXECUTION_CONTEXT") or "local"
    context = normalise_context(raw)
    if context not in CONTEXTS:
        raise InvalidInput(f"unknown execution context '{raw}' (one of {', '.join(CONTEXTS)})")
    return context


@dataclass(frozen=True)
class Invocation:
    argv: tuple[str, ...]
    report_format: str | None  # runner_output format name, None = exit code only
    report_path: Path | None  # None: the report is the runner's stdout
    accepts_paths: bool
    coverage: tuple[Path, str] | None = None  # a coverage report the run writes, its format
    # The story's test files (relative to the run's directory) the run names, so that each
    # of their tests should have an outcome in its report
    named: tuple[str, ...] = ()
    # The progress log the review's vitest or jest reporter keeps of the run (`JS_PROGRESS`)
    progress: Path | None = None
    # The story's sources (relative to the run's directory) given for their doctests
    doctests: tuple[str, ...] = ()


def _runner_of(argv: Sequence[str]) -> str | None:
    names = [Path(a).name for a in argv[:4]]
    for name in names:
        if name in ("pytest", "py.test"):
            return "pytest"
        if name in ("jest", "vitest", "bats", "mvn", "gradle"):
            return name
    if "-m" in argv and "pytest" in argv:
        return "pytest"
    if "-m" in argv and argv[argv.index("-m") + 1:argv.index("-m") + 2] == ["unittest"]:
        return "unittest"
    if names[:2] == ["go", "test"]:
        return "go"
    return None


# The runners that take test files as arguments: a story-scoped run names the story's.
PATH_RUNNERS = frozenset({"pytest", "jest", "vitest", "bats"})
# A package.json script that starts by running vitest or jest itself.
# What a script sets before its program: `TZ=UTC jest`, `cross-env TZ=UTC jest`,
# `NODE_OPTIONS="--experimental-vm-modules" npx jest` (npm runs a script with sh, and the
# flags a run adds go after it all).
ENV_PREFIX = r"\s*(?:cross-env\s+)?(?:[A-Za-z_][A-Za-z0-9_]*=(?:\"[^\"]*\"|'[^']*'|\S*)\s+)*"
SCRIPT_RUNNER = lazy_re(ENV_PREFIX + r"(?:npx\s+)?(vitest|jest)(?=\s|$)")
PACKAGE_MANAGERS = ("npm", "yarn", "pnpm")


def _path_runner(arg: str) -> bool:
    """Whether an argument is the name (or path) of a runner that takes test files."""
    return Path(arg).name.replace("py.test", "pytest") in PATH_RUNNERS


def npm_script(argv: Sequence[str], workdir: Path) -> str | None:
    """The package.json script `npm test` / `npm run <name>` (or yarn's, pnpm's) runs, when the
    command passes it nothing yet and it is one plain command, after the environment it sets
    (`ENV_PREFIX`); else None."""
    if len(argv) < 2 or Path(argv[0]).name not in PACKAGE_MANAGERS or "--" in argv:
        return None
    if argv[1] in ("test", "t") and len(argv) == 2:
        name = "test"
    elif argv[1] in ("run", "run-script") and len(argv) == 3:
        name = argv[2]
    else:
        return None
    try:
        scripts = json.loads((workdir / "package.json").read_text(encoding="utf-8"))["scripts"]
        script = scripts[name]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(script, str):
        return None
    prefix = re.match(ENV_PREFIX, script)
    if proc.plain_argv(script[prefix.end() if prefix else 0:]) is None:
        return None
    return script


def npm_script_runner(argv: Sequence[str], workdir: Path) -> str | None:
    """The runner (vitest, jest) that `npm test` / `npm run <name>` (or yarn's, pnpm's) runs,
    when the package's script runs it alone and the command passes the script nothing yet;
    else None."""
    script = npm_script(argv, workdir)
    match = SCRIPT_RUNNER.match(script) if script is not None else None
    return match.group(1) if match else None


def configured_files(command: str, workdir: Path) -> runner_patterns.Patterns | None:
    """The test files the config a jest / vitest tier names with `--config` (itself, or in the
    npm script it runs: NestJS's `npm run test:e2e`, `jest --config ./test/jest-e2e.json`)
    lets it run (`runner_patterns`); None for a tier given no config, or one whose patterns
    are not read (the runner's own defaults then decide)."""
    argv = proc.plain_argv(command) or []
    given = runner_patterns.given_config(npm_script(argv, workdir) or command)
    return runner_patterns.read_config(workdir, given) if given is not None else None


# A tier for a stack in a subdirectory, as `gaia init` writes it: `cd web && npm test`.
_IN_DIRECTORY = re.compile(r"\s*cd\s+([\w.@+/-]+)\s*&&\s*(\S.*)", re.DOTALL)


def in_directory(command: str, workdir: Path) -> tuple[str, str] | None:
    """`cd DIR && COMMAND` where DIR is a directory inside the project and COMMAND one plain
    command: (DIR as a project-relative POSIX path, COMMAND); else None (a shell runs the
    command as written)."""
    found = _IN_DIRECTORY.fullmatch(command)
    if found is None or not proc.plain_argv(found.group(2)):
        return None
    sub = paths.listed_path(found.group(1))
    if sub is None or sub == "." or not (workdir / sub).is_dir():
        return None
    return sub, found.group(2).strip()


# A command that sets the environment of the program it starts, as sh reads it: `TZ=UTC npx
# jest` (values quoted or plain words).
_SETTINGS = re.compile(r"\s*((?:[A-Za-z_][A-Za-z0-9_]*=(?:\"[^\"]*\"|'[^']*'|[^\s\"']*)\s+)+)"
                       r"(\S.*)", re.DOTALL)


def settings_of(command: str) -> tuple[dict[str, str], str]:
    """A tier command's leading `NAME=value` settings and the plain command they are for:
    `TZ=UTC npx jest` runs jest with TZ set, as sh would, its report flags and the story's
    tests added, for a vitest or jest tier (`run_tier`): any-date-parser's tests need UTC,
    which its test script sets before `npx jest`, and the command written so had run as
    sh's, no test's outcome read. ({}, command) where it sets none, or where sh alone can
    run what it says (shell syntax after them, a `$` in a value)."""
    found = _SETTINGS.fullmatch(command)
    rest = found.group(2).strip() if found else ""
    words = proc.plain_argv("env " + found.group(1)) if found and proc.plain_argv(rest) else None
    if not words:
        return {}, command
    return dict(word.split("=", 1) for word in words[1:]), rest


def runner_for(command: str, workdir: Path) -> str | None:
    """The runner a tier's command runs (pytest, jest, vitest, go, bats, mvn, gradle; an npm
    script that runs vitest or jest alone counts as it); None for anything else."""
    argv = proc.plain_argv(command)
    if not argv:
        return None
    return _runner_of(argv) or npm_script_runner(argv, workdir)


def scope_to_story(argv: Sequence[str], story_tests: Sequence[str],
                   workdir: Path, runner: str | None = None) -> tuple[list[str], list[str]]:
    """Narrow a tier to the story's tests: path arguments of the configured command (those
    after the runner's name or npm's `--`; `npm test`, `pnpm test` name a script, not a test
    directory) are replaced by the story tests that live under them. An option's value is no
    path argument (`vitest run --dir test`, `--exclude test/x.test.ts`, `pytest --rootdir .`:
    `runner_options`, for the `runner` the command runs) and is kept with its option. When
    none do, the tier runs as configured (its tests are not the story's, and a run of nothing
    proves nothing)."""
    own = len(argv) - 1 if argv and Path(argv[0]).name in PACKAGE_MANAGERS else 0
    runner_at = next((i for i, a in enumerate(argv) if a == "--" or _path_runner(a)), own)
    configured = [runner_at + 1 + i
                  for i in runner_options.arguments(runner, argv[runner_at + 1:])
                  if (workdir / argv[runner_at + 1 + i]).exists()]
    if not configured:
        return list(argv), list(story_tests)
    given = [posixpath.normpath(argv[i]) for i in configured]  # `./tests/` is `tests`
    chosen = [t for t in story_tests
              if any(c in (".", t) or t.startswith(c + "/") for c in given)]
    if not chosen:
        return list(argv), []
    return [a for i, a in enumerate(argv) if i not in configured], chosen


# What vitest never looks in for tests (its default `exclude`), and what a glob reads as other
# than itself (escaped, so that a path excludes that one file)
_VITEST_SKIPS = frozenset({"node_modules", "dist", ".git", ".gaia", ".idea", ".cache", ".output",
                           ".temp", "cypress"})
_GLOB_SPECIAL = lazy_re(r"([*?\[\]{}()!+@\\])")
WALK_SECONDS = 10.0


def vitest_also_runs(filters: Sequence[str], files: Iterable[str]) -> list[str]:
    """The files of `files` (project-relative) a vitest run given the story's test files as
    `filters` runs besides them: vitest runs each test file whose path, lower-cased, holds a
    filter lower-cased (`src/a.spec.ts` runs `fixtures/src/a.spec.ts` too). Pure."""
    wanted = set(filters)
    lowered = [f.lower() for f in filters]
    return sorted(f for f in files if f not in wanted and any(w in f.lower() for w in lowered))


def _story_files_alone(runner: str | None, argv: Sequence[str], paths: Sequence[str],
                       workdir: Path) -> list[str]:
    """The flags that keep a run given the story's test files from running any other file:
    jest reads each path as a pattern (`src/a.test.js` matches `fixtures/src/a.test.js`) unless
    told they are paths (`--runTestsByPath`, which would also run them where the command's own
    `--testPathPattern` leaves them out: not given then); vitest has no such flag, so each
    other file its filters select is excluded by name (`vitest_also_runs`)."""
    if not paths:
        return []
    if runner == "jest":  # a pattern of the command's own narrows the run: none then
        own = ("--runTestsByPath", "--testPathPattern", "--testPathPatterns")
        return [] if any(a.split("=")[0] in own for a in argv) else ["--runTestsByPath"]
    if runner != "vitest":
        return []
    files, _ = discovery.walk(workdir, time.monotonic() + WALK_SECONDS, _VITEST_SKIPS)
    return ["--exclude=" + _GLOB_SPECIAL.sub(r"\\\1", f) for f in vitest_also_runs(paths, files)]


# The review's vitest reporter, and the variable naming the log it appends to.
# The review's reporters that log each test as it starts and ends (`runner_output.js_progress`)
JS_REPORTERS = {runner: os.path.join(plugins.PLUGIN_DIR, file) for runner, file in (
    ("vitest", "gaia_vitest_progress.mjs"), ("jest", "gaia_jest_progress.cjs"))}
JS_PROGRESS = "GAIA_JS_PROGRESS"


# A Go test function, and the `go test` flags that take a value as the next argument.
# what `-run` selects: tests, examples (run when they have an `// Output:` comment) and fuzz
# targets (their seed corpus)
_GO_TEST_FUNC = lazy_re(r"^func\s+(Test\w*|Fuzz\w*|Example\w*)\s*\(\s*(?:\w+\s+"
                        r"\*testing\.[TF]\s*)?\)", re.MULTILINE)
_GO_VALUE_FLAGS = frozenset({
    "run", "skip", "bench", "benchtime", "count", "covermode", "coverpkg", "coverprofile",
    "cpu", "parallel", "timeout", "tags", "p", "o", "exec", "mod", "ldflags", "gcflags",
    "shuffle", "fuzz", "fuzztime", "list", "vet", "outputdir", "cpuprofile", "memprofile",
    "blockprofile", "mutexprofile", "trace", "modfile", "overlay", "pkgdir", "toolexec",
    "asmflags", "buildmode", "compiler", "gccgoflags", "installsuffix", "pgo",
    "blockprofilerate", "memprofilerate", "mutexprofilefraction", "fuzzminimizetime", "C"})


def _go_packages(args: Sequence[str]) -> list[str] | None:
    """The package patterns among `go test`'s arguments (`./...`, `./pkg`, `.`); None when one
    is something else (an import path), or `-C DIR` runs it in another directory, which the
    story scoping does not read."""
    patterns: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg.lstrip("-").split("=")[0] == "C":
            return None
        elif arg.startswith("-"):
            skip = "=" not in arg and arg.lstrip("-") in _GO_VALUE_FLAGS
        elif arg == "." or arg.startswith(("./", "../")):
            patterns.append(arg)
        else:
            return None
    return patterns


def _go_covers(pattern: str, directory: str) -> bool:
    base = pattern[:-4] if pattern.endswith("/...") else pattern
    base = base.rstrip("/") or "."
    if base == directory:
        return True
    return pattern.endswith("/...") and (base == "." or directory.startswith(base + "/"))


def _go_dir(rel: str) -> str:
    """A Go file's package directory as a `go test` argument (`.`, `./pkg`)."""
    parent = PurePosixPath(rel).parent.as_posix()
    return "." if parent in ("", ".") else f"./{parent}"


# `python -m unittest discover`'s options that take a value, by their short and long names
_DISCOVER_VALUES = {"-s": "start", "--start-directory": "start", "-p": "pattern",
                    "--pattern": "pattern", "-t": "top", "--top-level-directory": "top"}
_DISCOVER_FLAGS = frozenset({"-v", "--verbose", "-q", "--quiet", "-b", "--buffer", "-f",
                             "--failfast", "-c", "--catch", "--locals", "--durations"})


def scope_unittest(argv: Sequence[str], story_tests: Sequence[str]
                   ) -> tuple[list[str], list[str]]:
    """Narrow a `python -m unittest` tier to the story's test files, and those files: a run
    that discovers (`discover`, its `-s` / `-p` / `-t` or their places as arguments, or no
    argument at all, which discovers from `.`) gets a `-k MODULE.*` for each story test file
    it would discover (under its start directory, named as its pattern asks, a module name
    from its top-level directory): unittest still imports every test module it finds, and
    runs the story's alone; where the story's files share one file name and `discover` is
    written (whose `-p` sets the pattern), `-p <that name>` too, and it imports those alone
    (a module of another story that cannot import had failed the story's run). A run naming
    its own modules or tests, or filtering with its own `-k`, runs as configured; so does one
    that would discover none of the story's files (a run of nothing proves nothing). Pure."""
    at = argv.index("-m") + 2
    rest = list(argv[at:])
    if "-k" in rest or any(a.startswith("-k") and a != "-k" for a in rest):
        return list(argv), []
    places = {"start": ".", "pattern": "test*.py", "top": ""}
    given: list[str] = []
    i = 1 if rest[:1] == ["discover"] else 0
    while i < len(rest):
        arg = rest[i]
        name, eq, value = arg.partition("=")
        if name in _DISCOVER_VALUES:
            if not eq:
                if i + 1 >= len(rest):
                    return list(argv), []
                value, i = rest[i + 1], i + 1
            places[_DISCOVER_VALUES[name]] = value
        elif arg.startswith("-"):
            if arg not in _DISCOVER_FLAGS:
                return list(argv), []  # an option this reading does not know: as configured
        else:
            given.append(arg)
        i += 1
    if (given and rest[:1] != ["discover"]) or len(given) > 3:
        return list(argv), []  # modules, classes or tests named: the project's own choice
    for key, value in zip(("start", "pattern", "top"), given, strict=False):
        places[key] = value
    start = posixpath.normpath(places["start"])
    top = posixpath.normpath(places["top"] or start)
    if posixpath.relpath(start, top).startswith(".."):
        return list(argv), []
    kept, filters = [], []
    for test in story_tests:
        path = posixpath.normpath(test)
        inside = posixpath.relpath(path, start)
        if (not path.endswith(".py") or inside.startswith("..")
                or not fnmatch.fnmatch(posixpath.basename(path), places["pattern"])):
            continue
        parts = posixpath.relpath(path, top)[:-3].split("/")
        if all(part.isidentifier() for part in parts):
            kept.append(test)
            filters += ["-k", ".".join(parts) + ".*"]
    if not kept:
        return list(argv), []
    names = {posixpath.basename(test) for test in kept}
    if rest[:1] == ["discover"] and len(given) < 2 and len(names) == 1:
        # one file name: discovery imports the files of that name alone, not every test
        # module (one that cannot import, not the story's, had failed the run)
        filters += ["-p", names.pop()]
    return [*argv, *filters], kept


def scope_go(argv: Sequence[str], story_tests: Sequence[str], workdir: Path) -> list[str]:
    """`go test` narrowed to the story's Go tests: the configured package patterns (`./...`)
    replaced by the directories of the story's `_test.go` files under them, and `-run`
    matching exactly the test functions, examples and fuzz targets those files declare. As
    configured when the command picks its tests itself (`-run`), names a package that is no
    directory pattern, or covers none of the story's Go tests (a run of nothing proves
    nothing)."""
    declared = go_story_tests(argv, story_tests, workdir)
    if not declared:
        return list(argv)
    packages = _go_packages(argv[2:]) or []
    names = {name for found in declared.values() for name in found}
    dirs = {_go_dir(rel) for rel in declared}
    kept = [a for a in argv if a not in packages]
    return [*kept, "-run", f"^({'|'.join(sorted(names))})$", *sorted(dirs)]


def go_story_tests(argv: Sequence[str], story_tests: Sequence[str],
                   workdir: Path) -> dict[str, list[str]]:
    """The story's `_test.go` files `scope_go` runs, each with the test functions it declares:
    those under the command's package patterns that declare any (a file of helpers alone is
    not run). Empty where the command runs as configured."""
    packages = _go_packages(argv[2:])
    if not packages or any(a.lstrip("-").split("=")[0] == "run" for a in argv[2:]):
        return {}
    declared: dict[str, list[str]] = {}
    for rel in story_tests:
        if not rel.endswith("_test.go"):
            continue
        if not any(_go_covers(p, _go_dir(rel)) for p in packages):
            continue
        try:
            found = _GO_TEST_FUNC.findall((workdir / rel).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
        if found:
            declared[rel] = found
    return declared


# A JS project's own coverage thresholds: a run of some of its tests must not fail on them.
_THRESHOLDS = lazy_re(r"\bthresholds?\b|coverageThreshold")


def _configs_set_thresholds(workdir: Path) -> bool:
    """Does the project's vitest / vite / jest configuration (or package.json's `"jest"`
    object) set coverage thresholds? (A text search: a config that mentions them is read as
    setting them. Not a package.json script's `--coverageThreshold`: the tier's command is not
    that script.)"""
    names = [p for pattern in ("vitest.config.*", "vite.config.*", "vitest.workspace.*",
                               "jest.config.*") for p in workdir.glob(pattern)]
    texts: list[str] = []
    for path in names:
        try:
            texts.append(path.read_text(encoding="utf-8", errors="replace"))
        except OSError:
            continue
    try:
        package = json.loads((workdir / "package.json").read_text(encoding="utf-8",
                                                                 errors="replace"))
    except (OSError, ValueError):
        package = None
    if isinstance(package, dict) and "jest" in package:
        texts.append(json.dumps(package["jest"]))
    return any(_THRESHOLDS.search(text) for text in texts)


def _asks_coverage(argv: Sequence[str]) -> bool:
    """Whether a command asks its runner for coverage itself (`--coverage`, `-cover`)."""
    return any(a.lstrip("-").startswith("cover") for a in argv[1:])


def _coverage_flags(runner: str | None, argv: Sequence[str], report_dir: Path, name: str,
                    workdir: Path) -> tuple[tuple[Path, str] | None, list[str]]:
    """(the coverage report a run will write and its format, the flags that ask for it), for
    the runners that measure in the same run:
    - go: `-coverprofile=<tier>-cover.out` (go-cover), unless the command names its own;
    - vitest, with @vitest/coverage-v8 or -istanbul in the project's node_modules: coverage
      on, lcov only (`lcovonly`: no HTML), reported when a test fails too, into
      `<tier>-coverage/` (istanbul named as the provider when it is the one installed);
    - jest (coverage is built in): `--coverage`, lcov only, into `<tier>-coverage/`.
    Nothing for a command that already asks for coverage, nor for a JS project whose
    configuration sets coverage thresholds (a run of the story's tests alone would fail
    them); nor for any other runner."""
    asked = _asks_coverage(argv)
    if runner == "go":
        if any(a.lstrip("-").startswith("coverprofile") for a in argv):
            return None, []
        profile = report_dir / f"{name}-cover.out"
        return (profile, "go-cover"), [f"-coverprofile={profile}"]
    if runner not in ("vitest", "jest") or asked or _configs_set_thresholds(workdir):
        return None, []
    out = report_dir / f"{name}-coverage"
    if runner == "jest":
        return (out / "lcov.info", "lcov"), [
            "--coverage", "--coverageReporters=lcovonly", f"--coverageDirectory={out}"]
    # the vitest coverage providers: the ts-dev stack's coverage tools that are npm packages
    providers = [c.package for c in stacks.get("ts-dev").coverage
                 if c.package and c.package.startswith("@vitest/")]
    installed = [p for p in providers if (workdir / "node_modules" / p).is_dir()]
    if not installed:
        return None, []
    # vitest writes no report for a run with a failing test unless told to
    flags = ["--coverage.enabled=true", "--coverage.reporter=lcovonly",
             "--coverage.reportOnFailure=true", f"--coverage.reportsDirectory={out}"]
    if installed == ["@vitest/coverage-istanbul"]:
        flags.append("--coverage.provider=istanbul")
    return (out / "lcov.info", "lcov"), flags


def _thresholds_off(runner: str | None, argv: Sequence[str], paths: Sequence[str],
                    workdir: Path) -> list[str]:
    """The flags that keep a run of some of a JS project's tests from failing the coverage
    thresholds its configuration sets for the whole suite (collecting coverage there, e.g.
    vitest's `coverage.enabled: true`): coverage off for that run. None for a whole-suite run
    or a command that asks for coverage itself."""
    if not paths or runner not in ("vitest", "jest") or not _configs_set_thresholds(workdir):
        return []
    if _asks_coverage(argv):
        return []
    return ["--coverage.enabled=false"] if runner == "vitest" else ["--coverage=false"]


_PYTEST_COV_OFF = ("--no-cov",)

# The first jest whose command line takes `--testLocationInResults` (jest-cli 22.0.0).
JEST_LOCATES_FROM = 22


def _jest_locates(workdir: Path) -> bool:
    """Does the jest a run in `workdir` starts take `--testLocationInResults`: the version of
    the `jest-cli` (else `jest`) package Node resolves from there, the nearest `node_modules`
    up; True where none says (a jest installed elsewhere is taken to be a current one)."""
    for directory in (workdir.resolve(), *workdir.resolve().parents):
        for package in ("jest-cli", "jest"):
            installed = toolprobe.probe_package(package, directory)
            if installed.found:
                major = re.match(r"(\d+)\.", installed.version or "")
                return major is None or int(major.group(1)) >= JEST_LOCATES_FROM
    return True


def _pytest_cov_off(argv: Sequence[str], paths: Sequence[str], workdir: Path) -> list[str]:
    """`--no-cov` for a run of some of a project's pytest tests that pytest-cov measures (its
    `--cov`, in the command or the configuration's `addopts`): the project's `--cov-fail-under`
    (or coverage.py's `fail_under`) is for the whole suite, and failed a story's run whose
    every test passed; the review measures the story's coverage itself. None for a
    whole-suite run."""
    return list(_PYTEST_COV_OFF) if paths and pytest_config.pytest_cov_in(workdir, argv) else []


_DOCTEST_BYTES = 512 * 1024  # how much of a source is read for a doctest


def _story_doctests(argv: Sequence[str], paths: Sequence[str], sources: Sequence[str],
                    workdir: Path) -> list[str]:
    """The story's sources a pytest run narrowed to `paths` is given for their doctests
    (module docstring): none unless it was narrowed and collects doctests."""
    if not paths or "--doctest-modules" not in [
            *pytest_config.addopts(pytest_config.configs(workdir)), *argv]:
        return []
    found = []
    for rel in sources:
        try:
            with (workdir / rel).open("rb") as handle:
                if b">>>" in handle.read(_DOCTEST_BYTES) and rel not in paths:
                    found.append(rel)
        except OSError:
            continue
    return found


def plan_invocation(command: str, report_dir: Path, name: str,
                    story_tests: Sequence[str] = (), workdir: Path | None = None, *,
                    measure: bool = False, story_sources: Sequence[str] = ()) -> Invocation:
    """How to run one tier so that its runner writes a machine-readable report, and with
    `measure` a coverage report of the same run where the runner can (`_coverage_flags`);
    `story_sources`: the story's sources, relative to the run's directory, a pytest run
    narrowed to the story's tests is given where it collects their doctests."""
    argv = proc.plain_argv(command)
    if argv is None:
        # Shell syntax in the project's own configured command: run it as written.
        return Invocation(("sh", "-c", command), None, None, False)
    if not argv:
        raise InvalidInput(f"tier {name} has an empty command")
    runner = _runner_of(argv)
    if runner is None:
        runner = npm_script_runner(argv, workdir or Path.cwd())
        # What follows `--` is the script's (pnpm 9 passes a `--` after `run <name>` on as
        # an argument, and reads options after `pnpm test` as its own without one).
        if runner is not None and not (Path(argv[0]).name == "pnpm"
                                       and argv[1] in ("run", "run-script")):
            argv = [*argv, "--"]
    paths: list[str] = []
    if story_tests and runner in PATH_RUNNERS:
        argv, paths = scope_to_story(argv, story_tests, workdir or Path.cwd(), runner)
    if runner == "pytest":
        report = report_dir / f"{name}-junit.xml"
        off = _pytest_cov_off(argv, paths, workdir or Path.cwd())
        doctests = _story_doctests(argv, paths, story_sources, workdir or Path.cwd())
        return Invocation((*argv, f"--junitxml={report}", *off, *paths, *doctests), "junit",
                          report, True, named=tuple(paths), doctests=tuple(doctests))
    cover, extra = _coverage_flags(runner, argv, report_dir, name, workdir or Path.cwd()) \
        if measure else (None, [])
    extra = (extra or _thresholds_off(runner, argv, paths, workdir or Path.cwd())) \
        + _story_files_alone(runner, argv, paths, workdir or Path.cwd())
    if runner == "jest":
        report = report_dir / f"{name}-jest.json"
        # the default reporter, so the kept stdout log shows what failed, and the review's,
        # whose log says what a run cut off at its time limit had run (`_cut_off`); before
        # `--json`, as `--reporters` takes every word up to the next option for its own
        located = ("--testLocationInResults",) if _jest_locates(workdir or Path.cwd()) else ()
        return Invocation((*argv, "--reporters=default", f"--reporters={JS_REPORTERS['jest']}",
                           "--json", f"--outputFile={report}", *located,
                           *extra, *paths), runner,
                          report, True, cover, tuple(paths),
                          report_dir / f"{name}-jest-progress.jsonl")
    if runner == "vitest":  # vitest refuses jest's --json: its own reporter flag
        report = report_dir / f"{name}-vitest.json"
        at = next((i for i, a in enumerate(argv[:4]) if Path(a).name == "vitest"), None)
        if at is not None and argv[at + 1:at + 2] not in (
                ["run"], ["watch"], ["dev"], ["related"], ["bench"]):
            argv = [*argv[:at + 1], "run", *argv[at + 1:]]  # never watch mode
        # the default reporter too, so the kept stdout log shows what failed; the review's,
        # whose log says what a run cut off at its time limit had run (`_cut_off`)
        return Invocation((*argv, "--reporter=default", "--reporter=json",
                           f"--outputFile.json={report}", f"--reporter={JS_REPORTERS['vitest']}",
                           *extra, *paths), runner, report, True, cover, tuple(paths),
                          report_dir / f"{name}-vitest-progress.jsonl")
    if runner == "go":
        named: tuple[str, ...] = ()
        if story_tests:
            # the files whose tests `-run` names, not a file of helpers beside them
            named = tuple(go_story_tests(argv, story_tests, workdir or Path.cwd()))
            argv = scope_go(argv, story_tests, workdir or Path.cwd())
        return Invocation((argv[0], argv[1], "-json", *extra, *argv[2:]), "go-json", None,
                          False, cover, named)
    if runner == "bats":
        tap = ("--tap",) if "--tap" not in argv and "-t" not in argv else ()
        bats_paths = [p for p in paths if p.endswith(".bats")]
        return Invocation((*argv, *tap, *bats_paths), "tap", None, True, named=tuple(bats_paths))
    if runner in ("mvn", "gradle"):
        return Invocation(tuple(argv), "surefire", None, False)
    if runner == "unittest":  # its verbose report names each test and its outcome
        verbose = {"-v", "--verbose"} & set(argv)
        argv, kept = scope_unittest(argv, story_tests) if story_tests else (list(argv), [])
        return Invocation((*argv, *(() if verbose else ("-v",))), "unittest", None, False,
                          named=tuple(kept))
    return Invocation(tuple(argv), None, None, False)


def _surefire_reports(workdir: Path, since: float) -> list[Path]:
    found: list[Path] = []
    for pattern in ("**/target/surefire-reports/TEST-*.xml", "**/build/test-results/**/TEST-*.xml"):
        found.extend(p for p in workdir.glob(pattern) if p.stat().st_mtime >= since - 1)
    return sorted(found)


def _counts_from_text(stdout: str, exit_code: int) -> tuple[int, int]:
    """The `N passed` / `N failed` an output says; where it says none (`_counted`), one pass
    or one failure by its exit code."""
    passed = sum(int(m) for m in COUNT_PASSED.findall(stdout))
    failed = sum(int(m) for m in COUNT_FAILED.findall(stdout))
    if _counted(stdout):
        return passed, failed
    return (0, 1) if exit_code != 0 else (1, 0)


def _counted(stdout: str) -> bool:
    """Whether an output says how many tests passed or failed (a count other than 0)."""
    return any(int(m) for pattern in (COUNT_PASSED, COUNT_FAILED) for m in pattern.findall(stdout))


def _keep_logs(report_dir: Path, name: str, result: proc.ToolResult) -> tuple[str, str]:
    """The run's (bounded) stdout and stderr, kept in the evidence directory."""
    logs = (f"{name}-stdout.log", f"{name}-stderr.log")
    writes.make_dirs(report_dir)
    writes.write_text(report_dir / logs[0], result.stdout, durable=False)
    writes.write_text(report_dir / logs[1], result.stderr, durable=False)
    return logs


def _cut_off(invocation: Invocation, result: proc.ToolResult, progress: Path | None,
             ) -> tuple[tuple[runner_output.TestOutcome, ...],
                        tuple[runner_output.TestOutcome, ...], tuple[str, ...]] | None:
    """What a run cut off at its time limit had run, with its outcomes, and what it was still
    running, each of those an error outcome (a test that never finished verifies nothing),
    with the runner's own names for those (pytest's node ids, the class kept; vitest's and
    jest's `file::describe > it`): from `go test -json`'s events, or from the progress log
    the review's pytest plugin, vitest or jest reporter keeps. None where the run says
    neither. A bats run's
    TAP has the results of the tests it finished; the tests it was running are read from its
    processes' commands (`runner_output.bats_still_running`)."""
    why = runner_output.STILL_RUNNING
    if invocation.report_format == "tap":  # bats streams a result as each test ends
        hung = runner_output.bats_still_running(command for _, command in result.killed)
        return (runner_output.tap_finished(result.stdout), hung,
                tuple(f"{t.file.rpartition('/')[2]}::{t.name}" if t.file else t.name
                      for t in hung))
    if invocation.report_format == "go-json":
        hung = runner_output.go_still_running(result.stdout)
        return runner_output.go_finished(result.stdout), hung, tuple(t.name for t in hung)
    if invocation.report_format in JS_REPORTERS and invocation.progress is not None:
        logged = _js_logged(invocation.progress, why)
        if logged is None:
            return None
        done, hung = logged
        # a log of no test: the runner had reported none (`_files_running` names vitest's)
        return (done, hung, tuple(f"{t.file}::{t.shown}" for t in hung)) if done or hung \
            else None
    if progress is None:
        return None
    try:
        text = progress.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    running = tuple(n for n in runner_output.pytest_still_running(text) if "::" in n)
    return (runner_output.pytest_finished(text),
            tuple(runner_output.pytest_test(nodeid, runner_output.ERROR, why)
                  for nodeid in running), running)


# Runners that write a snapshot a test asks for and has not got (and fill an inline
# snapshot into the test file) unless they run as in CI, where a missing snapshot fails: a
# run that checks the story must change none of its files, and a snapshot written by the
# check itself cannot fail it.
SNAPSHOT_RUNNERS = ("vitest", "jest")


def with_node_bin(env: dict[str, str], *dirs: Path) -> dict[str, str]:
    """`env` with the `node_modules/.bin` of `dirs` after its PATH: a runner the tool probe
    found there (PATH first, then node_modules/.bin) is the one the run starts (`npm i -D
    bats`, a bare `vitest run` command)."""
    found = [str(d / "node_modules" / ".bin") for d in dict.fromkeys(dirs)
             if (d / "node_modules" / ".bin").is_dir()]
    if found:
        env = {**env, "PATH": os.pathsep.join(filter(None, (env.get("PATH"), *found)))}
    return env


def without_npx(argv: Sequence[str], *dirs: Path) -> tuple[str, ...]:
    """`npx NAME ARGS` as the command npx would run from the project's `node_modules/.bin`
    (of `dirs`, in order), or as the bare NAME the PATH holds: never npx itself, which
    downloads a package it cannot find (`npx vitset run`, a typo, would fetch whatever the
    registry holds under that name). Any other command, or npx with options of its own
    before the name, as given."""
    if not argv or Path(argv[0]).name != "npx" or len(argv) < 2 or argv[1].startswith("-"):
        return tuple(argv)
    name = argv[1]
    local = next((d / "node_modules" / ".bin" / name for d in dict.fromkeys(dirs)
                  if (d / "node_modules" / ".bin" / name).is_file()), None)
    return (str(local) if local is not None else name, *argv[2:])


def named_tests(invocation: Invocation, located: tuple[str, str] | None) -> tuple[str, ...]:
    """The story's test files a run named, project-relative (a tier run in a directory of the
    project names them relative to it)."""
    return _in_project(invocation.named, located)


def _in_project(files: Sequence[str], located: tuple[str, str] | None) -> tuple[str, ...]:
    return tuple(f"{located[0]}/{t}" if located is not None else t for t in files)


def project_relative(tests: Sequence[runner_output.TestOutcome], roots: Sequence[str]
                     ) -> tuple[runner_output.TestOutcome, ...]:
    """`tests` with the project's own paths (under its `roots`, as given and as resolved)
    written relative to it, as the review names files: jest's and vitest's absolute test
    files, and the file a message starts with (esbuild's `/abs/x.test.ts:5:0: ...`); a path
    inside a message's words is the test's, left as it is (pure)."""
    return tuple(dataclasses.replace(t, file=relative_text(t.file, roots),
                                     message=relative_text(t.message, roots)) for t in tests)


def project_roots(project: Path) -> tuple[str, str]:
    """The project's directory as given and as resolved: the two ways a runner may write a
    path under it (`project_relative`, `relative_text`)."""
    return str(project), str(project.resolve())


def relative_text(text: str | None, roots: Sequence[str]) -> str | None:
    """`text` with the path it starts with written relative to the project (of `roots`, as
    given and as resolved) when that path is under it (pure)."""
    prefixes = sorted({root.rstrip("/") + "/" for root in roots}, key=len, reverse=True)
    under = next((p for p in prefixes if text and text.startswith(p)), None)
    return text[len(under):] if text and under else text


def run_tier(tier: Tier, workdir: Path, report_dir: Path,
             story_tests: Sequence[str] = (),
             coverage: attribution.CoverageSetup | None = None,
             measure: bool = False, *,
             on_start: Callable[[], object] | None = None,
             head: HeadStart | None = None,
             story_sources: Sequence[str] = ()) -> tuple[Suite, list[str]]:
    """Run one tier; return its suite record and diagnostics. Never raises for test failures.
    With `coverage`, a pytest tier runs under coverage.py (its data appended to the setup's);
    with `measure`, the other runners that can write a coverage report in the same run do
    (`plan_invocation`); `on_start` is called once its runner has started. A measured pytest
    run that `head` fits is handed to it (`evidence.head_start`) instead of started."""
    diagnostics: list[str] = []
    if not tier.command:
        return Suite(tier.name, "", 0, 0.0, 0, 0, False, tier.required,
                     skip_reason=NO_COMMAND), diagnostics
    command, here, tests = tier.command, workdir, list(story_tests)
    sources = list(story_sources)
    located = in_directory(tier.command, workdir)
    if located is not None:  # run in its directory, the story's tests relative to it
        sub, command = located
        here = workdir / sub
        tests = [t[len(sub) + 1:] for t in story_tests if t.startswith(sub + "/")]
        sources = [t[len(sub) + 1:] for t in story_sources if t.startswith(sub + "/")]
    settings, plain = settings_of(command)
    # a vitest or jest tier's own environment: a pytest run's PYTHONPATH is the review's too
    # (its plugin's directory), which a setting would replace
    settings = settings if runner_for(plain, here) in ("jest", "vitest") else {}
    command = plain if settings else command
    runner = runner_for(command, here)
    if story_tests and runner in (*PATH_RUNNERS, "go"):  # the runners a story scopes
        tests = [t for t in tests if stacks.runs_file(runner, t)]
        if not tests:  # another stack's tier, or another directory's: none of this story's
            where = f"under {located[0]}/" if located is not None else "at the project root"
            return Suite(tier.name, tier.command, 0, 0.0, 0, 0, False, tier.required,
                         skip_reason=f"it runs none of the story's tests ({runner} {where})"
                         ), diagnostics
        config = configured_files(command, here) if runner in ("jest", "vitest") else None
        if config is not None:  # its own config's tests only (jest finds no other: exit 1)
            tests = [t for t in tests if config.matches(t)]
            if not tests:
                return Suite(tier.name, tier.command, 0, 0.0, 0, 0, False, tier.required,
                             skip_reason="it runs none of the story's tests (its runner's "
                                         "--config names none of them)"), diagnostics
    invocation = plan_invocation(command, report_dir, tier.name, tests, here,
                                 measure=measure, story_sources=sources)
    env = None
    if coverage is not None and invocation.report_format == "junit":
        wrapped = coverage.wrap(invocation.argv)
        if wrapped is not None:
            invocation = dataclasses.replace(invocation, argv=tuple(wrapped))
            env = coverage.env()
    for stale in (invocation.report_path, invocation.coverage and invocation.coverage[0],
                  invocation.progress):
        if stale:
            writes.make_dirs(stale.parent)
            writes.remove(stale)  # a stale report must not pass for this run's
    run_env = dict(with_node_bin(proc.tool_env() if env is None else env, here, workdir))
    run_env.update(settings)
    if invocation.progress is not None:
        run_env[JS_PROGRESS] = str(invocation.progress)
    if runner in SNAPSHOT_RUNNERS:
        run_env["CI"] = run_env.get("CI") or "true"
    if invocation.report_format is None:  # a script of the project's that may run bats
        run_env["BATS_FORMATTER"] = "tap"
    if runner == "pytest" and "--no-cov" not in invocation.argv \
            and pytest_config.pytest_cov_in(here, invocation.argv):
        # pytest-cov's data file in the evidence directory, not a `.coverage` left in the
        # project (which the File List check then read as a change of the story's)
        run_env["COVERAGE_FILE"] = str(report_dir / f"{tier.name}-pytest-cov.coverage")
    started = time.time()
    argv = without_npx(invocation.argv, here, workdir)
    if head is not None and env is not None and head.fits(argv, here):
        result = head.go(argv, run_env, timeout=float(tier.timeout_seconds), on_start=on_start)
    else:
        result = proc.run_tool(argv, cwd=here, timeout=float(tier.timeout_seconds), env=run_env,
                               contain=True, on_start=on_start)
    stdout_log, stderr_log = _keep_logs(report_dir, tier.name, result)
    shown = shlex.join([*(f"{name}={value}" for name, value in settings.items()),
                        *invocation.argv])
    if result.error is not None:
        diagnostics.append(f"{tier.name}: {result.error}")
    if result.killed:
        diagnostics.append(killed_note(tier.name, result.killed))
    if invocation.report_format is None and runner_output.is_tap(result.stdout):
        invocation = dataclasses.replace(invocation, report_format="tap")
    if result.timed_out:
        measured = coverage if env is not None else None  # the plugin ran: its log is there
        cut = _cut_off(invocation, result, measured.progress if measured else None)
        ran, hung, running = cut or ((), (), _files_running(invocation))
        running = tuple(relative_text(name, project_roots(workdir)) or name for name in running)
        diagnostics.append(f"{tier.name}: timed out after {tier.timeout_seconds}s" + (
            "; still running: " + ", ".join(running[:5]) if running else ""))
        return Suite(tier.name, shown, proc.EXIT_TIMEOUT, result.duration,
                     sum(t.outcome == runner_output.PASSED for t in ran),
                     sum(t.outcome in (runner_output.FAILED, runner_output.ERROR) for t in ran),
                     True, tier.required,
                     skip_count=sum(t.outcome == runner_output.SKIPPED for t in ran),
                     stdout_log=stdout_log, stderr_log=stderr_log, killed=result.killed,
                     tests=project_relative(ran + hung, project_roots(workdir)),
                     named=named_tests(invocation, located), per_test=cut is not None,
                     doctests=_in_project(invocation.doctests, located),
                     runner=runner), diagnostics
    stopped = no_report = None
    missing_script = _MISSING_SCRIPT.search(result.stdout + "\n" + result.stderr)
    unwritten = invocation.report_path is not None and not invocation.report_path.is_file()
    # what the review's pytest plugin saw run, where the runner's own report is missing
    logged = _logged(coverage.progress, result.stdout) if (
        unwritten and coverage is not None and env is not None) else ()
    ran_some = bool(logged) or _counted(result.stdout)
    read = None if result.returncode != 0 and (
        result.returncode in NOT_STARTED or missing_script or (unwritten and not ran_some)
    ) else _read_counts(invocation, result, here, started)
    counts: runner_output.RunnerCounts | tuple[int, int] = (0, 0)
    if read is None:
        stopped = (result.error or (missing_script and " ".join(missing_script.group(0).split()))
                   or runner_error(result.stdout, result.stderr, workdir))
        diagnostics.append(f"{tier.name}: the runner stopped before running its tests (exit "
                           f"{result.returncode}, no report): {stopped}")
    elif isinstance(read, str) and result.returncode != 0 and not ran_some:
        stopped = runner_error(result.stdout, result.stderr, workdir)
        diagnostics.append(f"{tier.name}: the runner failed without a readable report (exit "
                           f"{result.returncode}; {read}): {stopped}")
    elif invocation.report_format is None and result.returncode != 0 \
            and not _counted(result.stdout) and (
                refused := refused_in_command(result.stdout, result.stderr,
                                              invocation.argv)) is not None:
        stopped, counts = refused, (0, 0)  # a command run as written (`npm test -- --x`)
        diagnostics.append(f"{tier.name}: the runner refused its command line (exit "
                           f"{result.returncode}): {stopped}")
    elif isinstance(read, str):  # it ran, and wrote no per-test report
        no_report = _why_no_report(runner, invocation, here) if unwritten else read
        if logged:
            counts = runner_output.counted("progress", logged)
        elif _counted(result.stdout):
            counts = _counts_from_text(result.stdout, result.returncode)
        diagnostics.append(f"{tier.name}: no per-test report: {no_report}; " + (
            "each test's outcome is read from the review's progress log of the run" if logged
            else "no test of it has an outcome of its own" + (
                " (its counts are its output's)" if _counted(result.stdout) else "")))
    else:
        counts = read
        if result.returncode != 0 and invocation.report_format is not None and not (
                isinstance(counts, runner_output.RunnerCounts) and counts.tests):
            # it failed and reported no test (a Go package that does not build: `go test
            # -json` says `[build failed]`): none of its tests ran; pytest's exit 5 says why
            # itself (its last line, `1 warning in 0.02s`, says nothing of it)
            stopped = (_collected_none(workdir, invocation.named) if runner == "pytest"
                       and result.returncode == PYTEST_NO_TESTS
                       else runner_error(result.stdout, result.stderr, workdir))
            diagnostics.append(f"{tier.name}: the runner failed reporting no test (exit "
                               f"{result.returncode}): {stopped}")
            counts = (0, 0)
    passed, failed = (counts.passed, counts.failed + counts.errors) if isinstance(
        counts, runner_output.RunnerCounts) else counts
    outcomes = project_relative(counts.tests, project_roots(workdir)) \
        if isinstance(counts, runner_output.RunnerCounts) else ()
    skipped = counts.skipped if isinstance(counts, runner_output.RunnerCounts) else 0
    wrote = invocation.coverage
    if wrote is not None and not (wrote[0].is_file() and wrote[0].stat().st_size):
        wrote = None
    return Suite(tier.name, shown, result.returncode, result.duration, passed, failed, False,
                 tier.required, skip_count=skipped, stdout_log=stdout_log,
                 stderr_log=stderr_log, tests=outcomes, killed=result.killed,
                 stopped=stopped, coverage=wrote,
                 named=named_tests(invocation, located),
                 doctests=_in_project(invocation.doctests, located),
                 per_test=isinstance(counts, runner_output.RunnerCounts),
                 runner=runner, exit_code_only=stopped is None and no_report is None
                 and not isinstance(counts, runner_output.RunnerCounts)
                 and not _counted(result.stdout), no_report=no_report,
                 failed_after=_after_tests(result, passed, failed, workdir)), diagnostics


def _after_tests(result: proc.ToolResult, passed: int, failed: int, workdir: Path) -> str | None:
    """What failed a run after its tests, none of which failed (pure): the `post<script>`
    hook npm ran once the script before it exited 0 (`posttest` after `npm test`), with the
    first line of its output that says what went wrong (`_post_hook_output`, then stderr: an
    eslint error's file, line and message; sanitize-url's failed lint had been said by vite's
    config warning its tests printed before it); else the project's coverage
    thresholds, missed (pytest-cov's `Required test coverage of 100% not reached`, jest's,
    vitest's: the run had read "exited 1 (2 passed, 0 failed)"); else a module unittest's
    discovery could not import beside the tests it ran (`_unittest_unloaded`: its `-k`
    narrowing keeps the stand-in test of each module it failed to import, Markdown's
    `test_apis` without `yaml`, whose run had read "exited 1 (27 passed, 0 failed)" and
    nothing more); None where none of these did."""
    if result.returncode == 0 or failed or not passed:
        return None
    output = runner_output.without_colour(result.stdout + "\n" + result.stderr)
    plain = runner_output.without_colour(result.stdout)
    hook = _failed_post_hook(plain)
    if hook is None:
        return runner_output.threshold_missed(output) or _unittest_unloaded(result.stderr)
    # what the hook printed, not the tests before it (vite's config warning on stderr, a
    # test's console output): its stdout from npm's banner for it on, and the run's stderr
    said = runner_error(_post_hook_output(plain), result.stderr, workdir)
    return f"{hook}: {said}"[:300]


def _logged(progress: Path, stdout: str) -> tuple[runner_output.TestOutcome, ...]:
    """The tests the review's pytest plugin logged (`attribution.CoverageSetup.progress`)
    finishing, with their outcomes, and those it started and never finished (in error: the
    run ended in them); a failed one with its first line of failure where pytest's output
    gives one (`runner_output.pytest_failure_lines`); () where it logged none."""
    try:
        text = progress.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ()
    said = runner_output.pytest_failure_lines(stdout)
    done = tuple(dataclasses.replace(t, message=said.get(t.shown.replace("::", ".")))
                 if t.outcome in FAILING else t for t in runner_output.pytest_finished(text))
    ended = tuple(runner_output.pytest_test(nodeid, runner_output.ERROR, RUN_ENDED)
                  for nodeid in runner_output.pytest_still_running(text) if "::" in nodeid)
    return done + ended


def _js_logged(progress: Path, why: str
                   ) -> tuple[tuple[runner_output.TestOutcome, ...],
                              tuple[runner_output.TestOutcome, ...]] | None:
    """What the review's vitest or jest reporter logged of a run (`runner_output.js_progress`):
    the tests it finished, with their outcomes, and those it was still running, each in error
    for `why`; None where it wrote no log."""
    try:
        text = progress.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    done, running = runner_output.js_progress(text)
    return done, tuple(dataclasses.replace(t, message=why) for t in running)


def _files_running(invocation: Invocation) -> tuple[str, ...]:
    """The test files a cut-off vitest run was still in, as the review's reporter logged
    them (`runner_output.js_files_running`): what can be said of a run whose worker had
    not yet sent a word of its tests (see the reporter)."""
    if invocation.report_format != "vitest" or invocation.progress is None:
        return ()
    try:
        text = invocation.progress.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ()
    return tuple(f"{file} (vitest had not yet said which of its tests)"
                 for file in runner_output.js_files_running(text))


RUN_ENDED = "the run ended while it ran"
_REPORT_KINDS = {"junit": "JUnit XML", "jest": "JSON", "vitest": "JSON"}
# A pytest option or config line that turns its junitxml plugin off.
_NO_JUNITXML = lazy_re(r"-p\s*no:junitxml\b")


def _why_no_report(runner: str | None, invocation: Invocation, workdir: Path) -> str:
    """Why a run that ran wrote no report where its command asked for one: pytest's
    junitxml plugin turned off (`-p no:junitxml` in its command, PYTEST_ADDOPTS or the
    project's pytest configuration, named), else that it did not write it."""
    kind = _REPORT_KINDS.get(invocation.report_format or "", "per-test")
    name = invocation.report_path.name if invocation.report_path else ""
    if runner == "pytest":
        said = {"its command": " ".join(invocation.argv),
                "PYTEST_ADDOPTS": os.environ.get("PYTEST_ADDOPTS", ""),
                **{config: _text_of(workdir / config) for config in (
                    "pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg")}}
        where = next((where for where, text in said.items() if _NO_JUNITXML.search(text)), None)
        if where is not None:
            return (f"pytest's junitxml plugin is turned off by `-p no:junitxml` in {where}, "
                    "so it wrote no JUnit XML report")
    return f"{runner or 'the runner'} ended without writing its {kind} report {name}".rstrip()


def _text_of(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


# The lines that say why a runner stopped, the most telling first: pytest's `E   Module
# NotFoundError: ...`; a `SyntaxError: ...` / `Error: Cannot find module` line, a CLI's
# `error: ...`.
# A runner refusing an option of its command line (vitest's `Unknown option`, jest's
# `Unrecognized CLI Parameter`, pytest's `unrecognized arguments`, go's `flag provided but
# not defined`): the tier is misconfigured, and no test of the story ran.
_REFUSED_OPTION = lazy_re(r"unknown option|unrecognized (?:arguments|option|cli parameter)|"
                          r"flag provided but not defined|no such option", re.I)
_GO_JSON_ERROR = re.compile(r'[\w./-]+\.go:\d+(?::\d+)?: (?:\\"|[^"\\\n])+')
_ERROR_LINES = (re.compile(rf"^.*(?:{_REFUSED_OPTION.pattern}).*$", re.MULTILINE | re.IGNORECASE),
                re.compile(r"^E\s{2,}\S.*$", re.MULTILINE),
                # jest's `● Validation Error:` heading, with the line that says what
                re.compile(r"^\s*●\s+\S.*\n(?:[ \t]*\n)*[ \t]*\S.*$", re.MULTILINE),
                # a Go compiler's `file.go:12:3: message`, whole where it prints it as text
                # (its quotes too: `imported and not used: "fmt"`, Go 1.20's `"fmt" imported
                # and not used`), and up to the end of the string inside `go test -json`'s
                # output events, its escaped quotes read as quotes
                re.compile(r"^[\w./-]+\.go:\d+(?::\d+)?: \S.*$", re.MULTILINE),
                _GO_JSON_ERROR,
                # go's own error about a module it could not fetch or verify (`go: <module>@
                # <version>: missing go.sum entry; to add it:`), not the hint printed under it
                re.compile(r"^go: [\w.~/-]+@v[\w.+-]+(?: \([^()\n]+\))?: .*$", re.MULTILINE),
                # vitest's own line for a package it loads for the config (its test
                # `environment`, `happy-dom` or `jsdom`), not the `Failed to start forks
                # worker` error it raises after it
                re.compile(r"^[ \t]*MISSING DEPENDENCY[ \t]+\S.*$", re.MULTILINE),
                # a JS/TS compile error where it is (vite's rolldown or esbuild: a config
                # or a test file that does not parse), not the `Build failed with 1 error:`
                # line above it
                *runner_output.LOCATED_ERRORS,
                # eslint's stylish report: a file's path, then its problems, `12:21  error
                # Insert `;`  prettier/prettier` (its warnings before it skipped)
                re.compile(r"^(?P<where>\S[^\n]*\.\w+)\n(?:[ \t]+\d+:\d+[ \t]+warning[ \t].*\n)*"
                           r"[ \t]+(?P<line>\d+:\d+)[ \t]+error[ \t]+(?P<what>\S.*)$",
                           re.MULTILINE),
                re.compile(r"^(?:\S*(?:Error|Exception)\b:?.*|(?:\w+ )?error:.*)$",
                           re.MULTILINE | re.IGNORECASE),
                # else a line saying what a tool could not do (eslint's "ESLint couldn't find
                # an eslint.config.* file."), not the help or log pointer it ends with
                re.compile(r"^.*\b(?:couldn't|could not|cannot|can't|unable to)\b.*$",
                           re.MULTILINE | re.IGNORECASE))


# vitest given test files its config's `include` (less its `exclude`) matches none of: it
# ran nothing, whatever other error lines (a source map vite could not read) came before
_NO_TEST_FILES = lazy_re(r"^No test files found, exiting with code \d+$", re.MULTILINE)
_INCLUDED = lazy_re(r"^include: (.+)$", re.MULTILINE)
_GIVEN = lazy_re(r"^filter: (.+)$", re.MULTILINE)
_EXCLUDED = lazy_re(r"^exclude: (.+)$", re.MULTILINE)
# an exclude pattern naming a directory wherever it is, `**/dist/**`
_EXCLUDED_DIR = lazy_re(r"^\*\*/([^*?/{}\[\]]+)/\*\*$")


def _found_no_test_file(output: str) -> str | None:
    """vitest's line saying it found no test file, with the config's `include` it printed
    under it (pure); None where it did not say so. Where every file it was given (its
    `filter:` line) lies in a directory one pattern of its `exclude:` line names wherever it
    is (`**/dist/**`, one of vitest's defaults: a package's compiled tests in `dist/`), that
    pattern is what left them out, and is said instead."""
    found = _NO_TEST_FILES.search(output)
    if found is None:
        return None
    excluded = _excluded_dir(output, found.end())
    if excluded is not None:
        return at_most(f"{found.group(0)}: the files it was given lie in {excluded[0]}/, "
                       f"which its exclude ({excluded[1]}) leaves out")
    include = _INCLUDED.search(output, found.end())
    return at_most(found.group(0) + (
        f": none of the files it was given matches its config's include "
        f"({include.group(1).strip()}) less its exclude" if include else ""))


def _excluded_dir(output: str, start: int) -> tuple[str, str] | None:
    """(directory, pattern): the first pattern of vitest's `exclude:` line naming a
    directory (`**/dist/**`) that every file of its `filter:` line lies in (pure)."""
    given, excluded = _GIVEN.search(output, start), _EXCLUDED.search(output, start)
    if given is None or excluded is None:
        return None
    files = [PurePosixPath(f.strip()) for f in given.group(1).split(", ") if f.strip()]
    for pattern in (p.strip() for p in excluded.group(1).split(", ")):
        named = _EXCLUDED_DIR.match(pattern)
        if named and files and all(named.group(1) in f.parts[:-1] for f in files):
            return named.group(1), pattern
    return None


# What a refusal names after its words: a dashed option (`unrecognized arguments: --bogus`)
# or jest's quoted name (`Unrecognized option "bogusFlag".`)
_REFUSED_NAME = re.compile(r"(?<![\w-])-{1,2}([A-Za-z][\w-]*)|[\"'`]-{0,2}([A-Za-z][\w-]*)[\"'`]")


def refused_in_command(stdout: str, stderr: str, argv: Sequence[str]) -> str | None:
    """The line of a run's output where its runner refuses an option the command line gives
    (`_REFUSED_OPTION`, and an option it names is one of `argv`'s: jest 21's `Unrecognized
    option "bogusFlag".` for `npm test -- --bogusFlag`, a tier run as written, with no report
    of the review's), else None: a test's own output quoting some other refusal is not the
    run's. Such a run ran no test: its tier is misconfigured (`runner_missing`)."""
    given = {a.lstrip("-").split("=", 1)[0] for a in argv if a.startswith("-")}
    for line in runner_output.without_colour(stdout + "\n" + stderr).splitlines():
        refusal = _REFUSED_OPTION.search(line)
        if refusal is None:
            continue
        names = {a or b for a, b in _REFUSED_NAME.findall(line[refusal.end():])}
        if names & given:
            return line.strip()[:200]
    return None


def runner_error(stdout: str, stderr: str, project: Path | None = None) -> str:
    """The first line of a run's output that says what went wrong (pure; stdout before
    stderr; an error's line before one saying what a tool could not do), at most 200
    characters; else its last non-empty line; else that it printed
    nothing. Colour codes (vitest's) are dropped first. A compile error is said where it is
    (`file:line:col: ...`; bash's in a bats file, `x.bats:31: syntax error ...`, its file
    relative to `project`); a config vite could not load, with that it could not; a run npm
    stopped in a `pre<script>` hook (`pretest` running a lint that fails), with that hook; a
    conftest pytest could not import, with that conftest (`while loading tests/conftest.py:
    ModuleNotFoundError: ...`: the error is the conftest's, whatever it raised); vitest
    finding no test file among those it was given, with its config's include, or the
    exclude pattern naming the directory they all lie in (`**/dist/**`), before any other
    error line (`_found_no_test_file`); unittest failing to load a name it was given,
    with the exception that stopped it (`_unittest_unloaded`); vitest missing a package its
    config needs, with its `MISSING DEPENDENCY` line (`Cannot find dependency 'happy-dom'`),
    not the worker error after it. A `go test -json` run's last line is the last its events
    print (`runner_output.go_printed`: a TestMain's `log.Fatal(err)` message, without log's
    date and time), not an event's JSON nor go's `FAIL <package>` line."""
    stdout, stderr = runner_output.without_colour(stdout), runner_output.without_colour(stderr)
    found_none = _found_no_test_file(stdout + "\n" + stderr)
    if found_none is not None:
        return found_none
    said = _unittest_unloaded(stderr) or _telling_line(stdout, stderr)
    if project is not None:
        said = relative_text(said, project_roots(project)) or said
    hook = _stopped_in_hook(stdout)
    if hook is not None:
        return f"{hook}: {said}"
    conftest = _CONFTEST_NOT_LOADED.search(stdout + "\n" + stderr)
    if conftest is not None:  # the error is the conftest's, not the story's tests'
        where = conftest.group(1)
        if project is not None:
            where = relative_text(where, project_roots(project)) or where
        return at_most(f"while loading {where}: {said}")
    config = _CONFIG_NOT_LOADED.search(stdout + "\n" + stderr)
    if config is None:
        return said
    name = PurePosixPath(config.group(1)).name
    where = said.partition(":")[0]  # a located error names it already
    return at_most(f"failed to load config{'' if where.endswith(name) else ' from ' + name}: "
                   f"{said}")


# npm's (and pnpm's) banner before each package.json script it runs: `> name@1.0.0 pretest`
# (pnpm adds the directory; a package.json without a name or version, `> pretest`), then the
# script's command, `> npm run lint`
_NPM_BANNER = lazy_re(r"^> (?:\S+@\S* )?(\S+)[^\n]*\n> (.+)$", re.MULTILINE)


def _stopped_in_hook(stdout: str) -> str | None:
    """The `pre<script>` hook a run stopped in (pure), said with its command: npm ran it (its
    banner is in the output) and never the script it comes before (`npm test` runs `pretest`
    first, and stops there when it fails: no test ran, and the failure is the hook's, a lint
    that fails, not the runner's); None where no hook stopped the run."""
    ran = [(found.group(1), found.group(2).strip()) for found in _NPM_BANNER.finditer(stdout)]
    names = {name for name, _ in ran}
    return next((f"npm's `{name}` script (`{command}`) failed before the `{name[3:]}` script "
                 "ran" for name, command in ran
                 if name.startswith("pre") and len(name) > 3 and name[3:] not in names), None)


def _post_hook_output(stdout: str) -> str:
    """`stdout` from npm's banner for the `post<script>` hook it ran last on (pure): what that
    hook printed there; all of it where npm ran no such hook."""
    ran = list(_NPM_BANNER.finditer(stdout))
    names = {found.group(1) for found in ran}
    return next((stdout[found.start():] for found in reversed(ran)
                 if found.group(1).startswith("post") and len(found.group(1)) > 4
                 and found.group(1)[4:] in names), stdout)


def _failed_post_hook(stdout: str) -> str | None:
    """The `post<script>` hook a run ended in (pure), said with its command: npm runs it only
    once the script it follows exited 0 (`npm test` runs `posttest` after every test passed),
    so a run that ran it and exited non-zero failed in it; None where npm ran no such hook."""
    ran = [(found.group(1), found.group(2).strip()) for found in _NPM_BANNER.finditer(stdout)]
    names = {name for name, _ in ran}
    return next((f"npm's `{name}` script (`{command}`) failed after the `{name[4:]}` script "
                 "passed" for name, command in reversed(ran)
                 if name.startswith("post") and len(name) > 4 and name[4:] in names), None)


# pytest's line before the traceback of a conftest it could not import
_CONFTEST_NOT_LOADED = lazy_re(r"^ImportError while loading conftest '([^']+)'", re.MULTILINE)
# vite's (and so vitest's) line before the error a config it could not load raised
_CONFIG_NOT_LOADED = lazy_re(r"^failed to load config from (\S+)$", re.MULTILINE)


# unittest's stand-in for a name it could not load, `ERROR: test (unittest.loader._FailedTest.
# test)`, and its block up to the blank line after it: what it raised is the block's last
# exception line (an `ImportError: Failed to import test module: x` comes before the cause)
_UNITTEST_UNLOADED = lazy_re(r"^ERROR: (?P<name>\S+) \(unittest\.loader\._FailedTest[^)\n]*\)\n"
                             r"-{10,}\n(?P<block>(?:[^\n]*\S[^\n]*\n?)+)", re.MULTILINE)
_RAISED_LINE = lazy_re(r"^[A-Za-z_][\w.]*(?:Error|Exception|Exit)\b:?.*$", re.MULTILINE)


def _unittest_unloaded(stderr: str) -> str | None:
    """What unittest said it could not load and why (pure): `unittest could not load test:
    AttributeError: module '__main__' has no attribute 'test'` (toposort's module, whose bare
    `unittest.main()` runs again inside the `python -m unittest` importing it), not its
    stand-in test's `ERROR:` line; None where it loaded everything."""
    found = _UNITTEST_UNLOADED.search(stderr)
    raised = _RAISED_LINE.findall(found.group("block")) if found else []
    if found is None or not raised:
        return None
    return at_most(f"unittest could not load {found.group('name')}: {' '.join(raised[-1].split())}")


def _telling_line(stdout: str, stderr: str) -> str:
    for pattern in _ERROR_LINES:
        for text in (stdout, stderr):
            found = pattern.search(text)
            if found and "where" in pattern.groupindex:
                return runner_output.located(found)
            if found and pattern is _GO_JSON_ERROR:  # a JSON string's `\"` is a quote
                return at_most(" ".join(found.group(0).replace('\\"', '"').split()))
            if found:  # pytest's `E` column is its layout, not the error's words
                return at_most(" ".join(re.sub(r"^E\s+", "", found.group(0)).split()))
    # a `go test -json` stream: what its events print, not their JSON
    printed = runner_output.go_printed(stdout)
    lines = [line for line in ("\n".join(printed) if printed is not None else stdout).splitlines()
             + stderr.splitlines() if line.strip()]
    return at_most(" ".join(lines[-1].split())) if lines else "it printed nothing"


SAID_AT_MOST = 200  # characters of a runner's line the evidence keeps


def at_most(text: str, limit: int = SAID_AT_MOST) -> str:
    """`text` whole where it fits `limit` characters, else its start (two thirds) and its
    end around ` … `, each cut at a space where it has one (the end, else at a `/`): the
    start says what failed (a package vitest cannot find), the end often the cause (go's
    `go: <module>: reading <file>: open <file>: no such file or directory`, which a cut at
    200 characters had left as `open /tmp/go/rwdep`)."""
    if len(text) <= limit:
        return text
    room = limit - len(" … ")
    head, tail = text[:room * 2 // 3], text[len(text) - (room - room * 2 // 3):]
    if " " in head:
        head = head[:head.rindex(" ")]
    if " " in tail:
        tail = tail[tail.index(" ") + 1:]
    elif "/" in tail:  # one long path: from one of its directories on
        tail = tail[tail.index("/"):]
    return f"{head} … {tail}"


# `python -m pytest` run by an interpreter that has no pytest says only this, on stderr.
_NO_RUNNER_MODULE = re.compile(r"^\S*python[\w.]*: No module named (\S+)$")
# A package manager asked to run a script package.json does not have (npm and pnpm; yarn).
_MISSING_SCRIPT = re.compile(r'Missing script:\s*"?[^"\s]+"?|Command "[^"]+" not found')
# go refusing to build anything without its build cache (`GOCACHE=off`, no $HOME to put it in)
_GO_NO_CACHE = re.compile(r"build cache is (?:disabled by GOCACHE=off|required, but could not "
                          r"be located)")
# a test binary go built for another GOOS / GOARCH, which this machine cannot execute
_GO_FOREIGN = re.compile(r"^fork/exec \S+\.test(?:\.exe)?: exec format error$")
FAILING = (runner_output.FAILED, runner_output.ERROR)
FAILED_SHOWN = 20  # failed tests the evidence names, with their first line of failure
NOT_STARTED = (proc.EXIT_NOT_FOUND, 126)  # the shell's "not found" / "cannot execute"
PYTEST_NO_TESTS = 5  # pytest's exit status when it collected no test
PYTEST_COLLECTED_NONE = "pytest collected no test"
NO_COMMAND = "tier has no command"


def _collected_none(workdir: Path, named: Sequence[str]) -> str:
    """pytest's exit 5, with why where its default `python_files` is why (module rules): a
    file given by its path is collected whatever its name, so only a run that named none."""
    if named:
        return PYTEST_COLLECTED_NONE
    files, _ = discovery.walk(workdir, time.monotonic() + WALK_SECONDS)
    python = stacks.get("python-dev")
    missed = pytest_config.uncollected_by_default([f for f in files if python.is_test_file(f)],
                                                  pytest_config.configs(workdir))
    if not missed:
        return PYTEST_COLLECTED_NONE
    shown = ", ".join(missed[:3]) + (f" and {len(missed) - 3} more" if len(missed) > 3 else "")
    return (f"{PYTEST_COLLECTED_NONE}: its default python_files "
            f"({', '.join(pytest_config.DEFAULT_PYTHON_FILES)}) takes none of {shown}; name "
            "the file in the tier's command or set python_files in the project's pytest "
            "configuration")


def runner_missing(suite: Suite) -> str | None:
    """Why a suite's runner could not start at all, else None (pure): its command was not
    found (exit 127: the runner or the tool in front of it is not installed), it has none
    (a tier configured without a command), the script an `npm run` names does not exist, or
    the interpreter of a `python -m <module>` command has no such module, or the runner
    refused an option of its command line (`_REFUSED_OPTION`; one the command does not
    write comes from the project's own configuration: pytest's `addopts`, an npm script,
    and is the project's failure; so is the review's own `--no-cov`, written for a `--cov`
    of that configuration and refused with it where pytest-cov is not installed; pytest's
    `python -m pytest: error:` prog is no option), or go found no build cache to build in
    (`GOCACHE=off`, an old CI habit; no $HOME: x-time's run had asked for changes, every AC
    untested), or built the test binary for another system (`GOOS=windows` exported to
    cross-compile: `exec format error`). A module the tests import missing, a
    config of the project's the runner cannot load (a conftest, a vitest.config.ts that does
    not parse: the project's code, as its tests are), or any other error, is the project's
    failure, not a missing runner."""
    if suite.skip_reason == NO_COMMAND:
        return f"{suite.name} has no command (test_execution.{suite.name}.command)"
    if suite.timeout or suite.skip_reason is not None:
        return None
    if suite.exit_code == proc.EXIT_NOT_FOUND:
        return f"`{suite.command}` exited 127: {suite.stopped or 'command not found'}"
    if suite.stopped and _GO_NO_CACHE.search(suite.stopped):
        return (f"`{suite.command}`: {suite.stopped} (go builds nothing without its build "
                "cache: set GOCACHE to a writable directory)")
    if suite.stopped and _GO_FOREIGN.match(suite.stopped):
        return (f"`{suite.command}`: {suite.stopped} (go built the tests for another system: "
                "unset GOOS and GOARCH, or set them to this machine's)")
    if suite.stopped and _MISSING_SCRIPT.fullmatch(suite.stopped):
        return (f"`{suite.command}`: {suite.stopped} (the tier names a script its package.json "
                "does not define)")
    refusal = _REFUSED_OPTION.search(suite.stopped or "")
    if suite.stopped and refusal is not None:
        said = suite.stopped[refusal.end():]  # what it refused, not its prog's `-m`
        refused = [option for option in re.findall(r"(?<![\w-])(-{1,2}[A-Za-z][\w-]*)", said)
                   if option not in _PYTEST_COV_OFF]  # the review's, for the config's --cov
        if refused and not any(option in suite.command for option in refused):
            return None  # the project's own configuration's (pytest's addopts, a script)
        return (f"`{suite.command}`: the runner refused its command line ({suite.stopped}); "
                f"fix test_execution.{suite.name}.command")
    found = _NO_RUNNER_MODULE.match(suite.stopped or "")
    if found is None:
        return None
    argv = proc.command_words(suite.command)  # the command as the run spelled it (shlex.join)
    if argv is None:
        return None
    module = argv[argv.index("-m") + 1] if "-m" in argv[:-1] else None
    if found.group(1) != module:
        return None
    return (f"{suite.stopped} (the tier runs `{' '.join(argv[:3])}`: install {module} in that "
            "interpreter's environment, or activate the environment that has it)")


def cannot_run(suite: Suite, project: Path) -> str | None:
    """Why a suite could not run its tests, the machine's to fix and not the project's, else
    None: its runner could not start (`runner_missing`), or no test ran because a package the
    tests import, which the project declares, is not installed (`uninstalled`)."""
    return runner_missing(suite) or uninstalled.why_blocked(
        suite.stopped, suite.tests, suite.pass_count, project)


def ran_no_test(suite: Suite, project: Path) -> str | None:
    """Why a suite that ran ran no test at all, else None: its runner stopped before its
    tests (`stopped`), or every entry of its report is a test file that failed to load
    (vitest's and jest's nameless entry for a file with a syntax error), named relative to
    `project` with the first line of why."""
    if suite.stopped:
        return suite.stopped
    if suite.pass_count or suite.skip_count or not suite.tests or any(
            t.name or t.outcome != runner_output.ERROR for t in suite.tests):
        return None
    first = suite.tests[0]
    file = paths.relative_to_project(Path(first.file), project) if first.file else "a test file"
    return f"{file} did not load" + (f": {first.message}" if first.message else "")


def killed_note(name: str, killed: Sequence[tuple[int, str]]) -> str:
    """The diagnostic line for processes a tier left behind (pure)."""
    listed = "; ".join(f"{pid} {command}" for pid, command in killed[:10])
    more = f"; and {len(killed) - 10} more" if len(killed) > 10 else ""
    return f"{name}: killed {len(killed)} process(es) the run left behind: {listed}{more}"


def _read_counts(invocation: Invocation, result: proc.ToolResult, workdir: Path, started: float
                 ) -> runner_output.RunnerCounts | tuple[int, int] | str:
    """The run's per-test report, read; where its runner should have written one and it is
    missing or unreadable, why (a sentence); a command of no runner's, its output's counts."""
    fmt = invocation.report_format
    try:
        if fmt == "surefire":
            reports = _surefire_reports(workdir, started)
            if reports:
                return runner_output.merge(
                    [runner_output.parse("surefire", p.read_bytes()) for p in reports]
                )
        elif fmt is not None:
            data: bytes | str
            if invocation.report_path is not None:
                if not invocation.report_path.is_file():
                    return f"the runner wrote no report at {invocation.report_path.name}"
                data = invocation.report_path.read_bytes()
            else:  # unittest writes its report on stderr
                data = result.stderr if fmt == "unittest" else result.stdout
            counts = runner_output.parse(fmt, data)
            if fmt == "go-json":  # a package go could not build says so as text alone
                counts = runner_output.go_unbuilt(counts, result.stdout, result.stderr)
            if fmt == "junit":
                counts = runner_output.pytest_refiled(counts, lambda f: (workdir / f).is_file())
            if fmt == "vitest" and invocation.progress is not None and counts.failed:
                # what its snapshots' failures compared (`runner_output.snapshot_said`)
                progress = _text_of(invocation.progress)
                return runner_output.snapshot_said(counts, progress) if progress else counts
            return counts
    except (GaiaError, OSError) as exc:
        return f"its {fmt} report is unreadable ({exc})"
    return _counts_from_text(result.stdout, result.returncode)


def run_bridge(config: ProjectConfig, key: str, context: str, workdir: Path) -> Evidence:
    path = config.bridge.run_tests_path or ""
    start = time.monotonic()
    result = proc.run_tool([path, "--story-key", key, "--context", context], cwd=workdir,
                           timeout=3600, contain=True)
    diagnostics = [f"bridge: {result.error}"] if result.error else []
    if result.killed:
        diagnostics.append(killed_note("bridge", result.killed))
    suites: list[Suite] = []
    try:
        payload = json.loads(result.stdout)
        for raw in payload.get("suites", []) if isinstance(payload, dict) else []:
            suites.append(Suite(
                str(raw.get("name") or "bridge"), str(raw.get("command") or path),
                int(raw.get("exit_code", 0)), float(raw.get("duration_seconds", 0)),
                int(raw.get("pass_count", 0)), int(raw.get("fail_count", 0)),
                bool(raw.get("timeout", False)), bool(raw.get("required", True)),
            ))
    except (ValueError, TypeError, AttributeError):
        diagnostics.append("bridge: output is not the expected JSON; recorded from its exit code")
    if not suites:
        passed, failed = _counts_from_text(result.stdout, result.returncode)
        suites.append(Suite("bridge", path, result.returncode, result.duration, passed, failed,
                            result.timed_out, True))
    return Evidence("bridge", context, time.monotonic() - start, False, True, tuple(suites),
                    tuple(diagnostics))


def execute(config: ProjectConfig, key: str, workdir: Path, report_dir: Path, *,
            context: str, story_tests: Sequence[str] = (),
            coverage: attribution.CoverageSetup | None = None,
            measure: bool = False, on_start: Callable[[], object] | None = None,
            head: HeadStart | None = None, story_sources: Sequence[str] = ()) -> Evidence:
    """Run every tier placed in `context` (story-scoped when local) and collect the evidence.
    With `coverage`, pytest tiers also yield a coverage.py report with per-test contexts; with
    `measure`, go, vitest and jest tiers write their own (`Evidence.run_coverage`).
    `on_start` is called when a tier's runner has started (`proc.run_tool`); `head` may be
    the first measured pytest tier's (`run_tier`); `story_sources`: the story's sources, whose
    doctests a narrowed pytest run collecting them is given."""
    bridge_path = config.bridge.run_tests_path
    if config.bridge.enabled and bridge_path and os.access(bridge_path, os.X_OK):
        return run_bridge(config, key, context, workdir)
    if not config.has_test_execution or not config.tiers:
        return Evidence("none", context, 0.0, True, False, (),
                        ("INFO: no test_execution tiers configured; execution skipped",))
    tiers = config.tiers_for(context)
    if not tiers:
        return Evidence("none", context, 0.0, True, False, (),
                        (f"INFO: no tier is placed in context '{context}'; execution skipped",))
    scoped = story_tests if context == "local" else ()
    start = time.monotonic()
    suites: list[Suite] = []
    diagnostics: list[str] = []
    if coverage is not None:
        coverage.reset()
    for tier in tiers:
        suite, notes = run_tier(tier, workdir, report_dir, scoped, coverage, measure,
                                on_start=on_start, head=head,
                                story_sources=story_sources if scoped else ())
        suites.append(suite)
        diagnostics.extend(notes)
    report = None
    if coverage is not None and coverage.measured:
        report, why = coverage.collect()
        if report is None:
            if any(suite.stopped for suite in suites):
                why = "the test run stopped before its tests ran: no coverage report"
            elif any(suite.timeout for suite in suites):
                why = "the test run timed out before it wrote its coverage report"
            diagnostics.append(f"coverage: {why}")
    name = tiers[0].name if len(tiers) == 1 else "multi"
    written = [*([(report, "coveragepy-json")] if report else []),
               *(suite.coverage for suite in suites if suite.coverage)]
    return Evidence(name, context, time.monotonic() - start, False, False, tuple(suites),
                    tuple(diagnostics), report, merge_reports(written, report_dir))


def merge_reports(found: Sequence[tuple[Path, str]], report_dir: Path
                  ) -> tuple[Path, str] | None:
    """Where the run wrote two or more coverage reports (NestJS's unit and e2e jest configs;
    a monorepo's pytest tier and its vitest tier), those reports as one lcov file,
    `tiers-coverage.lcov` (`coverage_report.combined`): a line or branch any of them hit is
    hit. None with fewer than two, or fewer than two that read (the first report then stands,
    and says itself what is wrong with it)."""
    if len(found) < 2:
        return None
    from gaia_lib.evidence import coverage_report  # read only where a run wrote several

    parsed = []
    for path, fmt in found:
        try:
            parsed.append(coverage_report.parse(fmt, path.read_bytes()))
        except (GaiaError, OSError):
            continue
    if len(parsed) < 2:
        return None
    merged = report_dir / "tiers-coverage.lcov"
    writes.write_text(merged, coverage_report.to_lcov(coverage_report.combined(parsed)),
                      durable=False)
    return merged, "lcov"
