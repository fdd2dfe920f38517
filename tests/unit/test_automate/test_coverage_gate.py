from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_lib.core import writes
from gaia_lib.test_automate import coverage_gate
from gaia_lib.test_automate.coverage_gate import Capture


def _lcov(hit: int, found: int, name: str = "a.js") -> str:
    lines = [f"DA:{n},{1 if n <= hit else 0}" for n in range(1, found + 1)]
    return "\n".join([f"SF:{name}", *lines, f"LF:{found}", f"LH:{hit}", "end_of_record"]) + "\n"


def _coveragepy(**files: tuple[int, int]) -> str:
    """coverage.py's JSON: per file (`a_py` for a.py, `tests__t_py` for tests/t.py), its
    executed and missing line counts."""
    def name(key: str) -> str:
        return key.replace("__", "/").replace("_py", ".py")
    return json.dumps({"files": {name(k): {
        "executed_lines": list(range(1, hit + 1)),
        "missing_lines": list(range(hit + 1, hit + missed + 1))}
        for k, (hit, missed) in files.items()}})


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
        ("coveragepy-json", _coveragepy(a_py=(5, 5)), _coveragepy(a_py=(5, 5)), 0),
        ("coveragepy-json", _coveragepy(a_py=(6, 4)), _coveragepy(a_py=(5, 5)), -10),
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
    mixed = coverage_gate.delta_document(_cap(tmp_path, "b", _coveragepy(a_py=(1, 1)),
                                              "coveragepy-json"),
                                         good)
    assert mixed["coverage_delta"] is None and "baseline is coveragepy-json" in mixed["error"]
    broken = coverage_gate.delta_document(_cap(tmp_path, "b", "garbage", "lcov"), good)
    assert broken == {"coverage_delta": None, "error": "lcov report has no SF records"}
    tests_only = _cap(tmp_path, "t", _lcov(2, 2, "tests/a.test.js"), "lcov")
    assert coverage_gate.delta_document(tests_only, tests_only, is_test=_is_test) == {
        "coverage_delta": None, "error": "the coverage reports measure none of the code under test"}


def _is_test(path: str) -> bool:
    return path.startswith("tests/")


def test_new_tests_grow_no_coverage_by_their_own_lines(tmp_path: Path) -> None:
    """Tests that execute nothing of the story: the total grows by the new test file's own
    lines, the code under test does not."""
    before = _cap(tmp_path, "b", _coveragepy(a_py=(5, 5), tests__old_py=(4, 0)),
                  "coveragepy-json")
    after = _cap(tmp_path, "c", _coveragepy(a_py=(5, 5), tests__old_py=(4, 0),
                                            tests__new_py=(30, 0)), "coveragepy-json")
    doc = coverage_gate.delta_document(before, after, is_test=_is_test)
    assert doc == {"coverage_delta": 0, "baseline": 50.0, "current": 50.0, "measured": ["a.py"]}


def test_the_story_sources_are_the_code_under_test(tmp_path: Path) -> None:
    """Another module's growth is not the story's: with the File List naming a.py, only a.py
    counts (its test files never do); a File List naming nothing measured: every source."""
    before = _cap(tmp_path, "b", _coveragepy(a_py=(2, 8), b_py=(1, 9)), "coveragepy-json")
    after = _cap(tmp_path, "c", _coveragepy(a_py=(2, 8), b_py=(9, 1)), "coveragepy-json")
    story = coverage_gate.delta_document(before, after, ["a.py", "tests/test_a.py"], _is_test)
    assert (story["coverage_delta"], story["measured"]) == (0, ["a.py"])
    grown = coverage_gate.delta_document(before, after, ["b.py"], _is_test)
    assert (grown["coverage_delta"], grown["measured"]) == (80, ["b.py"])
    elsewhere = coverage_gate.delta_document(before, after, ["docs/x.md"], _is_test)
    assert (elsewhere["coverage_delta"], elsewhere["measured"]) == (40, ["a.py", "b.py"])


def test_a_go_module_in_a_subdirectory_has_its_story_sources_found_by_import_path(
        tmp_path: Path) -> None:
    """httprouter kept in `services/router`: its profile names `tree.go` by its import path,
    which no File List entry ends with; the delta was taken over every file of the profile
    (here `path.go`'s growth too), not the story's `tree.go`."""
    (tmp_path / "services/router").mkdir(parents=True)
    (tmp_path / "services/router/go.mod").write_text(
        "module github.com/julienschmidt/httprouter\n\ngo 1.7\n")
    mod = "github.com/julienschmidt/httprouter"

    def profile(path_hits: int) -> str:
        return (f"mode: set\n{mod}/tree.go:10.2,12.3 2 1\n{mod}/tree.go:14.2,16.3 2 0\n"
                f"{mod}/path.go:5.2,7.3 2 {path_hits}\n")
    before = _cap(tmp_path, "b", profile(0), "go-cover")
    after = _cap(tmp_path, "c", profile(1), "go-cover")
    doc = coverage_gate.delta_document(before, after, ["services/router/tree.go"],
                                       lambda p: p.endswith("_test.go"), tmp_path)
    assert (doc["coverage_delta"], doc["measured"]) == (0, [f"{mod}/tree.go"])


def test_a_file_list_file_holding_tests_is_no_code_under_test(tmp_path: Path) -> None:
    """pytimeparse's `testtimeparse.py` (collected by the project's own `python_files`) holds
    unittest tests the stack's naming does not call a test file: its lines never count."""
    (tmp_path / "b.py").write_text("class TestB(unittest.TestCase):\n"
                                   "    def test_x(self):\n        pass\n")
    (tmp_path / "a.py").write_text("def a():\n    return 1\n")
    before = _cap(tmp_path, "b", _coveragepy(a_py=(2, 8), b_py=(1, 9)), "coveragepy-json")
    after = _cap(tmp_path, "c", _coveragepy(a_py=(2, 8), b_py=(9, 1)), "coveragepy-json")
    doc = coverage_gate.delta_document(before, after, ["a.py", "b.py"], _is_test, tmp_path)
    assert (doc["coverage_delta"], doc["measured"]) == (0, ["a.py"])


def test_absolute_report_paths_are_read_relative_to_the_project(tmp_path: Path) -> None:
    src = tmp_path / "src" / "a.js"
    before = _cap(tmp_path, "b", _lcov(1, 4, str(src)) + _lcov(1, 4, "/elsewhere/z.js"),
                  "lcov")
    after = _cap(tmp_path, "c", _lcov(3, 4, str(src)) + _lcov(1, 4, "/elsewhere/z.js"), "lcov")
    doc = coverage_gate.delta_document(before, after, ["src/a.js"], project=tmp_path)
    assert (doc["coverage_delta"], doc["measured"]) == (50, ["src/a.js"])


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
