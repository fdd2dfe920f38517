from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from helpers.projects import gaia_env, run_gaia

PLACEHOLDERS = """describe("signup", () => {
  it("rejects", () => {
    expect(true).toBe(true);
  });
  it.skip("later", () => {
    expect(code()).toBe(1);
  });
  it("nothing", () => {})
});
"""


def test_hits_are_listed_in_upstreams_format_and_exit_1(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    (tests / "sub").mkdir(parents=True)
    (tests / "a.test.ts").write_text(PLACEHOLDERS)
    (tests / "sub" / "test_b.py").write_text("def test_b():\n    # assert True\n    assert True\n")
    (tests / "notes.txt").write_text("assert True\n")  # not a test-file extension
    done = run_gaia("placeholder-test-detector", "--dir", "tests", cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [
        "low_quality_test_generated|tests/a.test.ts:3|expect_boolean_literal",
        "low_quality_test_generated|tests/a.test.ts:5|it.skip",
        "low_quality_test_generated|tests/a.test.ts:8|empty_block",
        "low_quality_test_generated|tests/sub/test_b.py:3|assert_boolean_literal",
    ]
    assert done.stderr == ""


def test_a_clean_file_exits_0_silently(tmp_path: Path) -> None:
    (tmp_path / "test_ok.py").write_text("def test_ok():\n    assert add(1, 1) == 2\n")
    done = run_gaia("placeholder-test-detector", "--file", "test_ok.py", cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    for args in ([], ["--file", "missing.py"], ["--dir", "missing"],
                 ["--file", "a", "--dir", "b"]):
        done = run_gaia("placeholder-test-detector", *args, cwd=tmp_path)
        assert done.returncode == 2, args
        assert len(done.stderr.strip().splitlines()) == 1 and done.stdout == "", args
    (tmp_path / "test_bin.py").write_bytes(b"\xff\xfe assert True")
    done = run_gaia("placeholder-test-detector", "--file", "test_bin.py", cwd=tmp_path)
    assert done.returncode == 2 and "cannot read" in done.stderr


def test_help_names_the_upstream_script(tmp_path: Path) -> None:
    done = run_gaia("placeholder-test-detector", "--help", cwd=tmp_path)
    assert done.returncode == 0 and "placeholder-test-detector.sh" in done.stdout


def test_the_walk_and_the_patterns_are_upstreams(tmp_path: Path) -> None:
    """Only test-named files, none pruned (node_modules and hidden directories too), each path
    shown from the directory as given; a helper call with a space before its parenthesis and an
    empty callback with parameters are hits, an empty `async () => {}` is not (upstream's
    patterns)."""
    (tmp_path / "node_modules" / "x").mkdir(parents=True)
    (tmp_path / ".hidden").mkdir()
    (tmp_path / "a.test.ts").write_text(
        'assert_true (x)\ntest("y", (done) => { })\nit("z", async () => {})\n')
    (tmp_path / "node_modules" / "x" / "b.test.js").write_text("expect(true)\n")
    (tmp_path / ".hidden" / "c.spec.js").write_text("xit('later', () => {})\n")
    (tmp_path / "helper.js").write_text("expect(true)\n")  # no test file by its name
    (tmp_path / "conftest.py").write_text("assert True\n")
    done = run_gaia("placeholder-test-detector", "--dir", ".", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (1, "")
    assert sorted(done.stdout.splitlines()) == [
        "low_quality_test_generated|./.hidden/c.spec.js:1|xit",
        "low_quality_test_generated|./a.test.ts:1|assert_true_false_helper",
        "low_quality_test_generated|./a.test.ts:2|empty_block",
        "low_quality_test_generated|./node_modules/x/b.test.js:1|expect_boolean_literal",
    ]


def test_a_closed_output_pipe_keeps_exit_1(tmp_path: Path) -> None:
    """`gaia placeholder-test-detector --dir tests | head -0` under pipefail still fails: the
    reader going away drops the listing, never the exit code, and nothing lands on stderr."""
    tests = tmp_path / "tests"
    tests.mkdir()
    for n in range(400):  # more than a pipe buffer holds, so the writes meet the closed pipe
        (tests / f"test_{n:03}_with_a_long_name_to_fill_the_pipe.py").write_text(
            "def test_a():\n    assert True\n")
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "gaia_lib", "placeholder-test-detector", "--dir", "tests"],
            cwd=tmp_path, env=gaia_env(tmp_path), stdout=write_end, stderr=subprocess.PIPE,
            text=True, timeout=120)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (1, "")
