"""Running a project's coverage command and finding the report it wrote.

Rules:
- The command is the project's `test_execution.coverage_command` (a shell line, run with
  `sh -c` in the project, contained, capped at COVERAGE_TIMEOUT_SECONDS), else the stack
  adapter's first coverage tool: a wrapper (nyc, c8) gets the stack's first runner command
  after it; a tool installed in the project's `node_modules/.bin` runs from there;
  coverage.py's `.coverage` data is turned into `coverage.json` by a following
  `coverage json`, since every consumer reads the JSON report.
- The report is the first of REPORT_FILES that exists; after a run, only one it wrote counts
  (not there before it, or changed since: `stamps`), failed or not: a report an earlier run
  left is never this run's.
- Given a `data_file`, coverage.py's data file (`.coverage`, in the directory the command
  runs in unless it says otherwise) is that one (COVERAGE_FILE, which coverage.py and
  pytest-cov read over any config): a review leaves none in the project.
- A command that fails is named with the line of its output that says why (`execution.
  runner_error`, colour codes dropped: vitest's `MISSING DEPENDENCY Cannot find dependency
  '@vitest/coverage-v8'`), else with what it said last (coverage.py's "No data to report.").
- Given a `log_dir` (the review's evidence directory), the run's stdout and stderr (bounded as
  every tool run's) are kept there as LOGS, whatever its outcome: a failed run's note is one
  line, and the logs hold the rest.
- Given a `keep_in` (the review's evidence directory), a report the run wrote where there was
  none is moved there, with the folder of the project's it sits in where the run made that
  folder too (`coverage/` of `coverage/lcov.info`): the review leaves the project as it found
  it, and the report is kept. A report that was there before, rewritten, stays where it is.
"""

from __future__ import annotations

import posixpath
import shlex
import shutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from gaia_lib.core import proc, writes
from gaia_lib.evidence.execution import runner_error
from gaia_lib.evidence.runner_output import threshold_missed, without_colour
from gaia_lib.stacks import adapters

REPORT_FILES = (  # where the stacks' coverage tools leave their reports, first hit wins
    ("coverage.json", "coveragepy-json"),
    ("build/coverage.json", "coveragepy-json"),
    ("lcov.info", "lcov"),
    ("coverage/lcov.info", "lcov"),
    ("coverage.xml", "cobertura"),
    ("build/coverage.xml", "cobertura"),
    ("target/site/jacoco/jacoco.xml", "jacoco"),
    ("build/reports/jacoco/test/jacocoTestReport.xml", "jacoco"),
    ("cover.out", "go-cover"),
    ("coverage.out", "go-cover"),
)
COVERAGE_TIMEOUT_SECONDS = 600
LOGS = ("coverage-command-stdout.log", "coverage-command-stderr.log")


@dataclass(frozen=True)
class Run:
    ok: bool
    report: tuple[Path, str] | None  # (path, format) of the report this run wrote
    note: str | None  # why it failed, when it did


Stamps = Mapping[str, tuple[int, int]]  # report file -> (mtime in ns, size)


def stamps(project: Path) -> dict[str, tuple[int, int]]:
    """What each of REPORT_FILES the project holds looks like now, to tell after a run which
    it wrote (`find_report`): no clock is compared, so neither a file system keeping whole
    seconds nor a report written the second before the run passes for the run's."""
    return {rel: stamp for rel, _ in REPORT_FILES
            for stamp in (stamps_of(project / rel),) if stamp is not None}


def find_report(project: Path, before: Stamps | None = None) -> tuple[Path, str] | None:
    """The first of REPORT_FILES the project holds; with `before` (`stamps` taken before a
    run), the first that run wrote: one that was not there, or has changed since."""
    for rel, fmt in REPORT_FILES:
        path = project / rel
        if path.is_file() and (before is None or stamps_of(path) != before.get(rel)):
            return path, fmt
    return None


def stamps_of(path: Path) -> tuple[int, int] | None:
    """(mtime in ns, size) of a file, None where there is none."""
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


WRAPPERS = frozenset({"nyc", "c8"})  # coverage tools that run another command


def local_argv(argv: tuple[str, ...], project: Path | None) -> tuple[str, ...]:
    if project is not None and argv and (project / "node_modules" / ".bin" / argv[0]).is_file():
        return (f"node_modules/.bin/{argv[0]}", *argv[1:])
    return argv


def stack_command(stack: str | None, project: Path | None = None) -> str | None:
    """The adapter's coverage command as a shell line, or None when the stack has none."""
    if not stack:
        return None
    try:
        adapter = adapters.get(stack)
    except adapters.UnknownStack:
        return None
    if not adapter.coverage:
        return None
    tool = adapter.coverage[0]
    argv = local_argv(tool.argv, project)
    if tool.tool in WRAPPERS and adapter.runners:
        argv = (*argv, *local_argv(adapter.runners[0].run_argv, project))
    line = shlex.join(argv)
    if tool.report_format == "coveragepy-json":  # reported when a test failed, too
        line += "; coverage json -q -o coverage.json"
    return line


def run(project: Path, command: str, timeout: float = COVERAGE_TIMEOUT_SECONDS,
        data_file: Path | None = None, log_dir: Path | None = None,
        keep_in: Path | None = None) -> Run:
    """Run the coverage shell line in `project`; the report it wrote (moved to `keep_in` where
    it made it: module rules), or why there is none."""
    if keep_in is None:
        return _run(project, command, timeout, data_file, log_dir)
    return _made_by(project, keep_in, lambda: _run(project, command, timeout, data_file,
                                                   log_dir))


def _run(project: Path, command: str, timeout: float, data_file: Path | None,
         log_dir: Path | None) -> Run:
    before = stamps(project)
    env = proc.tool_env()
    if data_file is not None:
        env["COVERAGE_FILE"] = str(data_file)
    result = proc.run_tool(["sh", "-c", command], cwd=project, timeout=timeout, contain=True,
                           env=env)
    if log_dir is not None:
        writes.make_dirs(log_dir)
        writes.write_text(log_dir / LOGS[0], result.stdout, durable=False)
        writes.write_text(log_dir / LOGS[1], result.stderr, durable=False)
    if not result.ok:
        why = "timed out" if result.timed_out else f"exited {result.returncode}"
        said = None
        output = without_colour(result.stdout + "\n" + result.stderr)
        if not result.timed_out and output.strip():
            # the line that says why, not the last one: vitest ends on a colour-coded
            # separator (`⎯⎯⎯[1/1]⎯`), a config that does not build on its source's `}`,
            # jest on `Ran all test suites.` below the threshold its coverage missed
            said = threshold_missed(output) or runner_error(result.stdout, result.stderr)
        note = f"coverage command {why}" + (f": {said}" if said else "")
        return Run(False, find_report(project, before), note)
    found = find_report(project, before)
    if found is None:
        return Run(True, None, "the coverage command wrote no known report "
                               f"({', '.join(rel for rel, _ in REPORT_FILES[:4])}, ...)")
    return Run(True, found, None)


def _made_by(project: Path, keep_in: Path, running: Callable[[], Run]) -> Run:
    """`running`'s run, its report moved to `keep_in` where the run made it (module rules)."""
    there = {rel: (project / rel).exists() for rel, _ in REPORT_FILES}
    folders = {rel.split("/")[0]: (project / rel.split("/")[0]).exists()
               for rel, _ in REPORT_FILES if "/" in rel}
    ran = running()
    if ran.report is None:
        return ran
    path, fmt = ran.report
    rel = path.relative_to(project).as_posix()
    if there.get(rel, True):
        return ran
    top = rel.split("/")[0]
    folder = "/" in rel and not folders.get(top, True)  # the run made the folder too
    moved = top if folder else rel
    target = keep_in / posixpath.basename(moved)
    try:
        writes.make_dirs(keep_in)
        if target.is_dir():  # an earlier review's
            shutil.rmtree(target)
        else:
            writes.remove(target)
        # the source is no write of the review's: the run made it, and this takes it back out
        shutil.move(str(project / moved), str(writes.check_writable(target)))
    except OSError as error:
        if path.exists():
            return ran
        return replace(ran, report=None, note=f"the coverage report could not be kept: {error}")
    return replace(ran, report=(keep_in / rel if folder else target, fmt))
