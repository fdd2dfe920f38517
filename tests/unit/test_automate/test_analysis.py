"""test_automate.analysis' rules that need no project run: where a proposed test goes, how gap
findings become checks, what the cache key covers."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.test_automate import analysis, gaps


@pytest.mark.parametrize(("tier", "dirs", "made", "expected"), [
    ("unit", ["tests/integration", "tests/unit"], [], "tests/unit"),
    ("e2e", ["tests/integration", "tests/unit"], [], "tests/integration"),
    ("unit", [], ["tests/unit"], "tests/unit"),
    ("integration", [], ["tests/unit"], "tests"),
])
def test_a_proposed_test_goes_to_its_tier_directory(tmp_path: Path, tier: str,
                                                    dirs: list[str], made: list[str],
                                                    expected: str) -> None:
    for rel in made:
        (tmp_path / rel).mkdir(parents=True)
    assert analysis.tier_dir(tmp_path, tier, dirs) == expected


def test_a_critical_gap_fails_its_check_and_blocks_a_warning_does_not() -> None:
    found = [gaps.GapFinding("missing-fixture", "critical", "tests/t.py", 3, "AC1", "no fx"),
             gaps.GapFinding("unmocked-network", "warning", "tests/t.py", 1, "", "axios")]
    checks = {c["name"]: c for c in analysis.gap_checks(found)}
    assert [c["name"] for c in analysis.gap_checks(found)] == ["fixture", "untestable",
                                                                "mocking"]
    assert checks["fixture"]["status"] == "failed"
    assert checks["fixture"]["findings"] == [{
        "file": "tests/t.py", "line": 3, "severity": "critical", "rule": "missing-fixture",
        "message": "no fx", "blocking": True, "ac": "AC1"}]
    assert (checks["mocking"]["status"], checks["mocking"]["findings"][0]["blocking"]) == (
        "passed", False)
    assert (checks["untestable"]["status"], checks["untestable"]["findings"]) == ("passed", [])


def test_the_runner_config_blob_names_each_config_file_by_its_hash(tmp_path: Path) -> None:
    assert analysis.runner_config_blob(tmp_path) == ""
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    first = analysis.runner_config_blob(tmp_path)
    assert first.startswith("pytest.ini:")
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = -q\n")
    assert analysis.runner_config_blob(tmp_path) != first


def test_file_hashes_skip_missing_entries_and_sort(tmp_path: Path) -> None:
    (tmp_path / "b.py").write_text("b")
    (tmp_path / "a.py").write_text("a")
    hashes = analysis.file_hashes(tmp_path, ["b.py", "missing.py", "a.py", "a.py"])
    assert list(hashes) == ["a.py", "b.py"]
    assert hashes["a.py"] == analysis.sha256_hex(b"a")
