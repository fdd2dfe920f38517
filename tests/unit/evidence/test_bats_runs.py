"""Real bats runs (the bats installed on the PATH): a tier that runs bats through a script of
the project's, a run cut off at its time limit, a test file that does not parse, a failed
assertion's message."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest

from gaia_lib.core import writes
from gaia_lib.core.config import Tier
from gaia_lib.evidence import execution

pytestmark = pytest.mark.skipif(shutil.which("bats") is None, reason="bats is not installed")

# rbenv's test/run: bats over the files it is given, TAP only in CI
RUN = '#!/usr/bin/env bash\nset -e\nexec bats ${CI:+--tap} "${@:-test}"\n'
STORY = """#!/usr/bin/env bats

@test "reads simple version file" {
  run echo 1.9.3
  [ "$output" = "1.9.3" ]
}

@test "fails for blank file" {
  run false
  [ "$status" -eq 1 ]
}
"""
OTHER = '@test "sets the local version" {\n  true\n}\n\n@test "unsets it" {\n  true\n}\n'


def _run(tmp_path: Path, command: str, files: dict[str, str], story_tests: Sequence[str] = (),
         timeout: int = 120) -> tuple[execution.Suite, list[str]]:
    project = tmp_path / "proj"
    for rel, text in files.items():
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        (project / rel).write_text(text)
    (project / "test" / "run").parent.mkdir(parents=True, exist_ok=True)
    (project / "test" / "run").write_text(RUN)
    (project / "test" / "run").chmod(0o755)
    reports = project / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    tier = Tier("tier_1", 1, ("local",), command, timeout)
    with writes.scope("fork", project):
        return execution.run_tier(tier, project, reports, story_tests)


def test_a_script_that_runs_bats_is_read_from_its_tap(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`test/run test/local.bats` runs bats on another file: the review reads each test's
    outcome from its TAP (asked for through BATS_FORMATTER, whatever the environment says),
    not one pass from its exit code; the story's tests have none."""
    monkeypatch.setenv("BATS_FORMATTER", "junit")
    suite, _ = _run(tmp_path, "test/run test/local.bats",
                    {"test/version-file-read.bats": STORY, "test/local.bats": OTHER},
                    ["test/version-file-read.bats"])
    assert suite.per_test and suite.runner is None
    assert (suite.pass_count, suite.fail_count) == (2, 0)
    assert sorted(t.name for t in suite.tests) == ["sets the local version", "unsets it"]


def test_a_script_that_runs_bats_reports_a_skip_at_run_time(tmp_path: Path) -> None:
    """A test skipped by a helper at run time (`needs_ruby() { skip; }`) is reported skipped."""
    skipping = STORY.replace('  run echo 1.9.3\n', '  needs_ruby\n  run echo 1.9.3\n') \
        + '\nneeds_ruby() {\n  skip "ruby not installed"\n}\n'
    suite, _ = _run(tmp_path, "test/run test/version-file-read.bats",
                    {"test/version-file-read.bats": skipping})
    assert [(t.name, t.outcome) for t in suite.tests] == [
        ("reads simple version file", "skipped"), ("fails for blank file", "passed")]
    assert (suite.pass_count, suite.skip_count) == (1, 1)


def test_a_bats_run_cut_off_keeps_what_it_finished_and_names_the_test_it_was_running(
        tmp_path: Path) -> None:
    hanging = STORY + '\n@test "waits forever" {\n  sleep 60\n}\n\n@test "after" {\n  true\n}\n'
    suite, notes = _run(tmp_path, "bats test", {"test/version-file-read.bats": hanging},
                        ["test/version-file-read.bats"], timeout=5)
    assert suite.timeout and suite.per_test
    assert [(t.name, t.outcome, t.file) for t in suite.tests] == [
        ("reads simple version file", "passed", None), ("fails for blank file", "passed", None),
        ("waits forever", "error", "test/version-file-read.bats")]
    assert (suite.pass_count, suite.fail_count) == (2, 0)
    assert any(n.endswith("still running: version-file-read.bats::waits forever")
               for n in notes)


def test_a_bats_file_that_does_not_parse_is_said_where_it_does_not(tmp_path: Path) -> None:
    broken = STORY.replace('  [ "$status" -eq 1 ]\n', '  [ "$status" -eq 1 ]\n  if [ x ]; then\n')
    suite, _ = _run(tmp_path, "bats test", {"test/version-file-read.bats": broken},
                    ["test/version-file-read.bats"])
    assert suite.stopped is not None
    assert suite.stopped.startswith("test/version-file-read.bats:")
    assert "syntax error near unexpected token `}`" in suite.stopped


def test_a_failed_assertion_says_what_it_expected_and_got_as_markdown_code(
        tmp_path: Path) -> None:
    """bats quotes the failed command `like this' (backticks of its own inside): the message
    writes it as one code span, with the `expected:` and `actual:` lines under it."""
    failing = STORY.replace(
        '  [ "$output" = "1.9.3" ]\n',
        '  assert_failure "rbenv: invalid version in \\`my-version\'"\n') + (
        '\nassert_failure() {\n  echo "expected: $1" >&2\n  echo "actual:   $output" >&2\n'
        '  return 1\n}\n')
    suite, _ = _run(tmp_path, "bats test", {"test/version-file-read.bats": failing},
                    ["test/version-file-read.bats"])
    [failed] = [t for t in suite.tests if t.outcome == "failed"]
    assert failed.message == (
        "``assert_failure \"rbenv: invalid version in \\`my-version'\"`` failed; "
        "expected ``rbenv: invalid version in `my-version'``; actual `1.9.3`")
