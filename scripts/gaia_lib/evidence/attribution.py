"""Behavioural attribution (Python stack): do an AC's tests execute the story's own code?

Matching a test to an AC by name says what the test claims; running the story's tests under
coverage.py with per-test contexts (`dynamic_context = test_function`) says what it does. An AC
whose tests never execute a line of the story's File List sources is covered in name only.
`measure` runs the tools (through the subprocess funnel) and `attribute` is the pure rule.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from gaia_lib.core import proc, writes

RCFILE = """[run]
branch = True
dynamic_context = test_function
data_file = {data_file}
"""
RUN_TIMEOUT_SECONDS = 600


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


def measure(project: Path, state_dir: Path, coverage_tool: str,
            tests: Sequence[str]) -> tuple[dict[str, Any] | None, str | None]:
    """Run the story's tests under per-test contexts; (coverage JSON report, or None and why)."""
    rcfile = state_dir / "attribution.coveragerc"
    report_path = state_dir / "attribution-coverage.json"
    writes.write_text(rcfile, RCFILE.format(data_file=state_dir / "attribution.coverage"))
    writes.remove(report_path)
    run = proc.run_tool([coverage_tool, "run", f"--rcfile={rcfile}", "-m", "pytest", "-q",
                         "-p", "no:cacheprovider", *tests], cwd=project,
                        timeout=RUN_TIMEOUT_SECONDS)
    if run.error or run.timed_out:
        return None, f"coverage run did not complete ({run.error or 'timed out'})"
    exported = proc.run_tool([coverage_tool, "json", f"--rcfile={rcfile}", "--show-contexts",
                              "-o", str(report_path)], cwd=project, timeout=120)
    if not exported.ok or not report_path.is_file():
        return None, f"coverage json failed: {(exported.stderr or exported.stdout).strip()[:200]}"
    try:
        data = json.loads(report_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return None, f"coverage report unreadable: {exc}"
    return (data if isinstance(data, dict) else None), None
