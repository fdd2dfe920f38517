"""Behavioural attribution (Python stack): do an AC's tests execute the story's own code?

Matching a test to an AC by name says what the test claims; running the story's tests under
coverage.py with per-test contexts (`dynamic_context = test_function`) says what it does. An AC
whose tests never execute a line of the story's File List sources is covered in name only.
`CoverageSetup` wraps a pytest run in coverage.py (the review's one test run: JUnit report,
branch coverage and per-test contexts from one process); `measure` runs the story's tests that
way when no test tier is configured; `attribute` is the pure rule.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaia_lib.core import proc, writes

RCFILE = """[run]
branch = True
dynamic_context = test_function
data_file = {data_file}
"""
RUN_TIMEOUT_SECONDS = 600
# One process exports both reports: the coverage JSON (branch evidence) and, per measured file,
# the labels of the contexts (tests) that executed any of its lines (attribution), in the shape
# of `coverage json --show-contexts` but one list per file (the per-line form runs to tens of
# MiB on a real suite).
EXPORT = """import json, os, sys
import coverage
cov = coverage.Coverage(config_file=sys.argv[1])
cov.load()
cov.json_report(outfile=sys.argv[2])
data = cov.get_data()
files = {}
for name in data.measured_files():
    labels = set()
    for found in data.contexts_by_lineno(name).values():
        labels.update(found)
    files[os.path.relpath(name)] = {"contexts": {"*": sorted(x for x in labels if x)}}
with open(sys.argv[3], "w", encoding="utf-8") as out:
    json.dump({"files": files}, out, sort_keys=True)
"""
MISSING_COVERAGE = "No module named coverage"


def _qualified(test_id: str) -> tuple[str, str]:
    """`tests/unit/test_x.py::TestA::test_b` -> ("test_x", "TestA.test_b")."""
    file, _, name = test_id.partition("::")
    stem = Path(file).stem
    return stem, name.replace("::", ".")


def label_matches(label: str, test_id: str) -> bool:
    """coverage.py labels a test_function context `module.qualname`; the module may carry its
    package path (`tests.unit.test_x`) depending on how pytest imported it."""
    stem, qualname = _qualified(test_id)
    wanted = f"{stem}.{qualname}"
    return label == wanted or label.endswith("." + wanted)


def files_by_context(report: Mapping[str, Any]) -> dict[str, set[str]]:
    """From `coverage json --show-contexts`: context label -> files it executed lines of."""
    found: dict[str, set[str]] = {}
    files = report.get("files", {}) if isinstance(report, Mapping) else {}
    for path, data in files.items():
        contexts = data.get("contexts", {}) if isinstance(data, Mapping) else {}
        for labels in contexts.values():
            for label in labels:
                if label:
                    found.setdefault(label, set()).add(str(path))
    return found


def attribute(per_ac: Iterable[tuple[str, Sequence[str]]], executed: Mapping[str, set[str]],
              sources: Iterable[str]) -> list[dict[str, Any]]:
    """Per AC: which of its tests executed any of `sources` (the File List's non-test files)."""
    source_set = set(sources)
    rows = []
    for ac_id, tests in per_ac:
        executing = sorted(
            test for test in tests
            if any(label_matches(label, test) and files & source_set
                   for label, files in executed.items())
        )
        rows.append({"ac_id": ac_id, "tests": list(tests), "tests_executing_story_code": executing,
                     "executes_story_code": bool(executing)})
    return rows


def interpreter_of(executable: str, cwd: Path) -> str | None:
    """The Python a `pytest` launcher script runs under: its shebang's interpreter."""
    found = shutil.which(executable, path=None) if "/" not in executable else None
    path = Path(found) if found else (cwd / executable)
    try:
        first = path.read_bytes()[:256].split(b"\n", 1)[0].decode("utf-8", "replace")
    except OSError:
        return None
    if not first.startswith("#!"):
        return None
    words = first[2:].split()
    if not words:
        return None
    if Path(words[0]).name == "env" and len(words) > 1:
        return words[1]
    return words[0]


@dataclass
class CoverageSetup:
    """One review's coverage.py session: rcfile, data file and exported JSON report in the
    evidence directory. `wrap` turns a pytest command into the same command under coverage."""

    state_dir: Path
    include: tuple[str, ...] = ()  # the story's sources: only they are measured
    measured: bool = field(default=False)
    python: str | None = field(default=None)

    @property
    def rcfile(self) -> Path:
        return self.state_dir / "attribution.coveragerc"

    @property
    def data_file(self) -> Path:
        return self.state_dir / "attribution.coverage"

    @property
    def report(self) -> Path:
        return self.state_dir / "attribution-coverage.json"

    @property
    def contexts(self) -> Path:
        return self.state_dir / "attribution-contexts.json"

    def reset(self) -> None:
        # Measuring only the story's sources keeps the run fast and the report small: a
        # whole-project report with per-test contexts runs to hundreds of MiB on a real suite.
        include = "".join(f"    {pattern}\n" for pattern in self.include)
        writes.write_text(self.rcfile, RCFILE.format(data_file=self.data_file)
                          + (f"include =\n{include}" if include else ""))
        writes.remove(self.data_file)
        writes.remove(self.report)
        writes.remove(self.contexts)
        self.measured = False

    def wrap(self, argv: Sequence[str], cwd: Path | None = None) -> list[str] | None:
        """`[python, -m, pytest, ...]` or `[pytest, ...]` -> the same run under coverage.py
        (appending to this session's data), or None when it is no pytest command. Whether its
        Python has coverage is not asked first (that costs a process): `lacks_coverage` tells
        from the run, and the caller runs the command as written instead."""
        here = cwd or Path.cwd()
        if len(argv) >= 3 and argv[1] == "-m" and argv[2] == "pytest":
            python, rest = argv[0], list(argv[3:])
        elif argv and Path(argv[0]).name in ("pytest", "py.test"):
            found = interpreter_of(argv[0], here)
            if found is None:
                return None
            python, rest = found, list(argv[1:])
        else:
            return None
        self.measured = True
        self.python = python
        return [python, "-m", "coverage", "run", "--append", f"--rcfile={self.rcfile}",
                "-m", "pytest", *rest]

    def lacks_coverage(self, result: proc.ToolResult) -> bool:
        """The wrapped run failed because its Python cannot import coverage: not measured."""
        if result.returncode != 0 and MISSING_COVERAGE in result.stderr:
            self.measured = False
            self.python = None
            return True
        return False

    def export(self, cwd: Path) -> tuple[Path | None, str | None]:
        """Write the coverage JSON report (branch evidence) and the contexts-by-file report
        (attribution); (the coverage report's path, or None and why)."""
        if self.python is None:
            return None, "no run was measured"
        for path in (self.report, self.contexts):
            writes.remove(path)
            writes.check_writable(path)  # the exporting process writes them
        exported = proc.run_tool([self.python, "-c", EXPORT, str(self.rcfile), str(self.report),
                                  str(self.contexts)], cwd=cwd, timeout=120)
        if not exported.ok or not self.report.is_file():
            writes.remove(self.contexts)
            return None, ("coverage export failed: "
                          f"{(exported.stderr or exported.stdout).strip()[-200:]}")
        return self.report, None


def load_report(path: Path | None) -> tuple[dict[str, Any] | None, str | None]:
    if path is None:
        return None, "no coverage report"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return None, f"coverage report unreadable: {exc}"
    return (data if isinstance(data, dict) else None), None


def measure(project: Path, state_dir: Path, python: str, tests: Sequence[str],
            include: Sequence[str] = ()) -> tuple[Path | None, str | None]:
    """Run the story's tests once under per-test contexts (no tier configured);
    (the JSON report's path, or None and why)."""
    setup = CoverageSetup(state_dir, tuple(include))
    setup.reset()
    argv = setup.wrap([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests], project)
    if argv is None:
        return None, f"{python} cannot run pytest"
    run = proc.run_tool(argv, cwd=project, timeout=RUN_TIMEOUT_SECONDS)
    if setup.lacks_coverage(run):
        return None, f"{python} cannot import coverage"
    if run.error or run.timed_out:
        return None, f"coverage run did not complete ({run.error or 'timed out'})"
    return setup.export(project)


def contexts_of(report: Path | None) -> Path | None:
    """The contexts-by-file report written beside a coverage report `export` produced."""
    if report is None:
        return None
    path = report.with_name("attribution-contexts.json")
    return path if path.is_file() else None
