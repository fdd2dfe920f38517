"""The execution phase's coverage-delta gate (seed 001): coverage before, after, and the delta.

Rules:
- The coverage command: `test_execution.coverage_command` in project-config.yaml, else the
  stack adapter's (`evidence/coverage_run.py`). With neither, the gate is skipped (the seed's
  graceful degrade): no delta goes to the resolver and the result says why.
- BEFORE the tests are written the command runs once and its report is kept as
  `coverage-baseline.<ext>`; AFTER the tests ran green it runs again -> `coverage-current.<ext>`
  (ext: json for coverage.py, lcov, xml, out). Both reports keep the format they were written in.
- The delta is `gaia coverage-delta`'s JSON line (`coverage-delta.json`): coverage.py JSON and
  lcov through `evidence/coverage_delta.py`; the other formats as covered / measured lines from
  their parsed report, the same percentage rule. When a report is missing or unreadable the
  delta file still exists, with `coverage_delta: null` and the reason, so the resolver says
  BLOCKED instead of a silent pass.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib.core import writes
from gaia_lib.core.errors import GaiaError
from gaia_lib.evidence import coverage_delta, coverage_report, coverage_run

EXTENSION = {"coveragepy-json": "json", "lcov": "lcov", "cobertura": "xml", "jacoco": "xml",
             "go-cover": "out"}
DELTA_FORMAT = {"coveragepy-json": "coveragepy", "lcov": "lcov"}
DELTA_FILE = "coverage-delta.json"


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


def _percent(path: Path, fmt: str) -> float:
    parsed = coverage_report.parse(fmt, path.read_bytes())
    covered = sum(len(f.covered_lines) for f in parsed.files)
    measured = covered + sum(len(f.missed_lines) for f in parsed.files)
    if not measured:
        raise GaiaError(f"{path}: no measured lines", 1)
    return 100.0 * covered / measured


def delta_document(before: Capture, after: Capture) -> dict[str, Any]:
    """`coverage-delta`'s JSON object for two captures, or a null delta with the reason."""
    if before.path is None or after.path is None or before.format is None:
        missing = "baseline" if before.path is None else "current"
        why = (before if before.path is None else after).note or "no report"
        return {"coverage_delta": None, "error": f"no {missing} coverage report: {why}"}
    if before.format != after.format:
        return {"coverage_delta": None,
                "error": f"baseline is {before.format}, current is {after.format}"}
    try:
        if before.format in DELTA_FORMAT:
            value: dict[str, Any] = json.loads(
                coverage_delta.delta(before.path, after.path, DELTA_FORMAT[before.format]))
            return value
        base, cur = _percent(before.path, before.format), _percent(after.path, after.format)
    except (GaiaError, OSError) as exc:
        return {"coverage_delta": None, "error": str(exc)}
    return {"coverage_delta": round(cur - base, 4), "baseline": round(base, 4),
            "current": round(cur, 4)}


