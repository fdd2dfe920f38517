from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.evidence import coverage_delta


def _cov(tmp_path: Path, name: str, pct: float) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"meta": {}, "totals": {"percent_covered": pct}}))
    return path


def _lcov(tmp_path: Path, name: str, hits: list[int]) -> Path:
    da = "".join(f"DA:{n},{h}\n" for n, h in enumerate(hits, 1))
    path = tmp_path / name
    path.write_text(f"TN:\nSF:src/a.ts\n{da}end_of_record\n")
    return path


def test_coveragepy_delta(tmp_path: Path) -> None:
    out = coverage_delta.delta(_cov(tmp_path, "b.json", 61.5), _cov(tmp_path, "c.json", 70.25))
    assert json.loads(out) == {"coverage_delta": 8.75, "baseline": 61.5, "current": 70.25}
    assert out == '{"coverage_delta":8.75,"baseline":61.5,"current":70.25}'


def test_lcov_delta_from_da_lines_and_summaries(tmp_path: Path) -> None:
    base = _lcov(tmp_path, "b.info", [1, 0, 0, 0])
    cur = tmp_path / "c.info"
    cur.write_text("SF:src/a.ts\nDA:1,1\nLH:3\nLF:4\nend_of_record\n")
    assert json.loads(coverage_delta.delta(base, cur)) == {
        "coverage_delta": 50, "baseline": 25, "current": 75}


def test_regression_is_negative_and_no_change_is_zero(tmp_path: Path) -> None:
    a, b = _cov(tmp_path, "a.json", 80), _cov(tmp_path, "b.json", 79.5)
    assert json.loads(coverage_delta.delta(a, b))["coverage_delta"] == -0.5
    assert json.loads(coverage_delta.delta(a, a))["coverage_delta"] == 0


def test_garbage_is_an_error_not_a_zero(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("{\"totals\": {}}")
    with pytest.raises(GaiaError, match="percent_covered"):
        coverage_delta.delta(junk, junk)
    with pytest.raises(GaiaError, match="cannot read"):
        coverage_delta.delta(tmp_path / "none", junk)
    with pytest.raises(GaiaError, match="--format"):
        coverage_delta.delta(junk, junk, "xml")
