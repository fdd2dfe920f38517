from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_lib.core import writes
from gaia_lib.test_automate import coverage_gate
from gaia_lib.test_automate.coverage_gate import Capture


def _lcov(hit: int, found: int) -> str:
    return f"SF:a.js\nLF:{found}\nLH:{hit}\nend_of_record\n"


def _coveragepy(percent: float) -> str:
    return json.dumps({"totals": {"percent_covered": percent}})


def _go(covered: int, missed: int) -> str:
    lines = ["mode: set"]
    lines += [f"example.com/m/a.go:{i}.1,{i}.5 1 1" for i in range(1, covered + 1)]
    lines += [f"example.com/m/a.go:{i}.1,{i}.5 1 0" for i in range(100, 100 + missed)]
    return "\n".join(lines) + "\n"


def _cap(tmp_path: Path, name: str, text: str, fmt: str, ok: bool = True) -> Capture:
    path = tmp_path / name
    path.write_text(text)
    return Capture(ok, path, fmt, None)


@pytest.mark.parametrize(
    ("fmt", "before", "after", "delta"),
    [
        ("lcov", _lcov(5, 10), _lcov(8, 10), 30),
        ("coveragepy-json", _coveragepy(50.0), _coveragepy(50.0), 0),
        ("coveragepy-json", _coveragepy(60.0), _coveragepy(55.5), -4.5),
        ("go-cover", _go(1, 3), _go(3, 1), 50),
    ],
)
def test_delta_per_format(tmp_path: Path, fmt: str, before: str, after: str,
                          delta: float) -> None:
    doc = coverage_gate.delta_document(_cap(tmp_path, "b", before, fmt),
                                       _cap(tmp_path, "c", after, fmt))
    assert doc["coverage_delta"] == delta


def test_a_missing_or_mismatched_report_is_a_null_delta_with_the_reason(tmp_path: Path) -> None:
    good = _cap(tmp_path, "c", _lcov(1, 2), "lcov")
    missing = coverage_gate.delta_document(Capture(False, None, None, "coverage command exited 2"),
                                           good)
    assert missing == {"coverage_delta": None,
                       "error": "no baseline coverage report: coverage command exited 2"}
    mixed = coverage_gate.delta_document(_cap(tmp_path, "b", _coveragepy(1), "coveragepy-json"),
                                         good)
    assert mixed["coverage_delta"] is None and "baseline is coveragepy-json" in mixed["error"]
    broken = coverage_gate.delta_document(_cap(tmp_path, "b", "garbage", "lcov"), good)
    assert broken["coverage_delta"] is None and "no line coverage" in broken["error"]


def test_capture_keeps_the_report_under_its_own_name(tmp_path: Path) -> None:
    run_dir = tmp_path / ".gaia" / "state" / "run"
    with writes.scope("parent", tmp_path):
        got = coverage_gate.capture(tmp_path, f"printf '{_lcov(1, 2)}' > lcov.info", run_dir,
                                    "coverage-baseline")
    assert got.ok and got.format == "lcov" and got.path == run_dir / "coverage-baseline.lcov"
    assert got.path.read_text() == _lcov(1, 2)
    assert got.as_json(tmp_path)["report"] == ".gaia/state/run/coverage-baseline.lcov"


def test_the_configured_command_wins_over_the_stack() -> None:
    assert coverage_gate.command("make cov", "python-dev") == "make cov"
    assert coverage_gate.command(None, "go-dev") == (
        "go test -cover -coverprofile=coverage.out ./...")
    assert coverage_gate.command(None, "bash-dev") is None
