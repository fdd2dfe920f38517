"""The execution phase's coverage-delta gate (seed 001): coverage before, after, and the delta.

Rules:
- The coverage command: `test_execution.coverage_command` in project-config.yaml, else the
  stack adapter's (`evidence/coverage_run.py`). With neither, the gate is skipped (the seed's
  graceful degrade): no delta goes to the resolver and the result says why.
- BEFORE the tests are written the command runs once and its report is kept as
  `coverage-baseline.<ext>`; AFTER the tests ran green it runs again -> `coverage-current.<ext>`
  (ext: json for coverage.py, lcov, xml, out). Both reports keep the format they were written in.
- The delta (`coverage-delta.json`: `gaia coverage-delta`'s fields, `coverage_delta`,
  `baseline`, `current`, with `measured`, the files it was taken over) is the line coverage of
  the code under test, covered / measured lines: the story's File List sources (its entries
  that are not test files, by the stack's naming or by holding tests) that either report
  measures (a Go profile names them by import path: `services/router/tree.go` of a module
  `github.com/julienschmidt/httprouter` in `services/router` is
  `github.com/julienschmidt/httprouter/tree.go`); where neither measures one of them,
  every measured file that is not a test file. A test file's own lines never count: new tests
  that execute nothing of the story would otherwise grow the total by their own lines. When a
  report is missing or unreadable, or measures none of that code, the delta file still exists,
  with `coverage_delta: null` and the reason, so the resolver says BLOCKED instead of a silent
  pass.
- Code under test that every line of was covered before the tests and still is after them
  (`fully_covered: true`) leaves nothing to grow: a delta of 0 there says nothing about the
  new tests, so the delta does not go to the resolver (`execute.resolve_run`), and the verdict
  rests on the other checks (green, no placeholder, no mock of the code under test, each
  planned file calling it); the report says so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from gaia_lib.core import paths, writes
from gaia_lib.core.errors import GaiaError
from gaia_lib.evidence import coverage_report, coverage_run, gomod, testcases

EXTENSION = {"coveragepy-json": "json", "lcov": "lcov", "cobertura": "xml", "jacoco": "xml",
             "go-cover": "out"}
DELTA_FILE = "coverage-delta.json"
FULL = 100.0


@dataclass(frozen=True)
class Capture:
    ok: bool  # the command exited 0 (the suite was green)
    path: Path | None  # the kept report
    format: str | None
    note: str | None

    def as_json(self, project: Path) -> dict[str, Any]:
        return {"ok": self.ok, "format": self.format, "note": self.note,
                "report": self.path.relative_to(project).as_posix() if self.path else None}


def command(configured: str | None, stack: str | None, project: Path | None = None
            ) -> str | None:
    return configured or coverage_run.stack_command(stack, project)


def capture(project: Path, line: str, run_dir: Path, name: str) -> Capture:
    """Run the coverage command and keep its report as `<name>.<ext>` in `run_dir`."""
    ran = coverage_run.run(project, line)
    if ran.report is None:
        return Capture(ran.ok, None, None, ran.note)
    source, fmt = ran.report
    kept = run_dir / f"{name}.{EXTENSION[fmt]}"
    writes.write_bytes(kept, source.read_bytes(), project)
    return Capture(ran.ok, kept, fmt, ran.note)


def _relative(name: str, project: Path | None) -> str:
    """A report's file name, relative to the project where it names an absolute path in it."""
    path = Path(name)
    if project is not None and path.is_absolute():
        return paths.relative_to_project(path, project)
    return path.as_posix()


def under_test(reports: Sequence[coverage_report.CoverageReport], sources: Sequence[str],
               is_test: Callable[[str], bool], project: Path | None = None) -> set[str]:
    """The files of the reports the delta is taken over (module docstring)."""
    names = {_relative(f.file, project) for report in reports for f in report.files}
    wanted = {PurePosixPath(s).as_posix() for s in sources
              if not is_test(s)
              and not (project is not None and testcases.holds_tests(project, s))}
    if project is not None:  # a Go profile names a file by its import path (`gomod`)
        go = [w for w in wanted if w.endswith(".go")]
        known = gomod.modules(project, go) if go else ()
        wanted |= {found for w in go if (found := gomod.import_path(w, known))}
    story = {n for n in names if n in wanted or any(n.endswith("/" + w) for w in wanted)}
    return story or {n for n in names if not is_test(n)}


def _percent(report: coverage_report.CoverageReport, files: set[str],
             project: Path | None) -> float:
    measured = [f for f in report.files if _relative(f.file, project) in files]
    covered = sum(len(f.covered_lines) for f in measured)
    total = covered + sum(len(f.missed_lines) for f in measured)
    return 100.0 * covered / total if total else 0.0


def delta_document(before: Capture, after: Capture, sources: Sequence[str] = (),
                   is_test: Callable[[str], bool] = lambda _: False,
                   project: Path | None = None) -> dict[str, Any]:
    """The delta's JSON object for two captures (module docstring), or a null delta with the
    reason. `sources`: the story's File List; `is_test`: the stack's test-file rule."""
    if before.path is None or after.path is None or before.format is None:
        missing = "baseline" if before.path is None else "current"
        why = (before if before.path is None else after).note or "no report"
        return {"coverage_delta": None, "error": f"no {missing} coverage report: {why}"}
    if before.format != after.format:
        return {"coverage_delta": None,
                "error": f"baseline is {before.format}, current is {after.format}"}
    try:
        reports = [coverage_report.parse(before.format, before.path.read_bytes()),
                   coverage_report.parse(after.format, after.path.read_bytes())]
    except (GaiaError, OSError) as exc:
        return {"coverage_delta": None, "error": str(exc)}
    files = under_test(reports, sources, is_test, project)
    if not any(f.covered_lines or f.missed_lines for report in reports for f in report.files
               if _relative(f.file, project) in files):
        return {"coverage_delta": None,
                "error": "the coverage reports measure none of the code under test"}
    base, cur = (_percent(report, files, project) for report in reports)
    document = {"coverage_delta": round(cur - base, 4), "baseline": round(base, 4),
                "current": round(cur, 4), "measured": sorted(files)}
    if base >= FULL and cur >= FULL:
        document["fully_covered"] = True  # nothing left to grow: the gate cannot judge
    return document
