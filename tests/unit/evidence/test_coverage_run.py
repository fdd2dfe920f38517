from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_lib.evidence import coverage_run

LCOV = "SF:a.js\nDA:1,1\nDA:2,0\nLF:2\nLH:1\nend_of_record\n"


def test_stack_commands() -> None:
    assert coverage_run.stack_command("python-dev") == (
        "coverage run --branch -m pytest; coverage json -q -o coverage.json")
    assert coverage_run.stack_command("angular-dev") == (
        "jest --coverage --coverageReporters=lcov")
    assert coverage_run.stack_command("typescript-dev") == "nyc --reporter=lcov jest --ci"
    assert coverage_run.stack_command("go-dev") == (
        "go test -cover -coverprofile=coverage.out ./...")
    assert coverage_run.stack_command("bash-dev") is None  # bats has no coverage tool
    assert coverage_run.stack_command("cobol") is None
    assert coverage_run.stack_command(None) is None


def test_node_tools_run_from_the_projects_node_modules(tmp_path: Path) -> None:
    (tmp_path / "node_modules/.bin").mkdir(parents=True)
    for tool in ("nyc", "jest"):
        (tmp_path / "node_modules/.bin" / tool).write_text("")
    assert coverage_run.stack_command("typescript-dev", tmp_path) == (
        "node_modules/.bin/nyc --reporter=lcov node_modules/.bin/jest --ci")


def test_find_report_takes_the_first_known_file_a_run_wrote(tmp_path: Path) -> None:
    (tmp_path / "coverage").mkdir()
    (tmp_path / "coverage/lcov.info").write_text(LCOV)
    assert coverage_run.find_report(tmp_path) == (tmp_path / "coverage/lcov.info", "lcov")
    # the same second, whatever the file system keeps: what was there is no run's report
    before = coverage_run.stamps(tmp_path)
    assert coverage_run.find_report(tmp_path, before) is None
    (tmp_path / "coverage.out").write_text("mode: set\n")
    assert coverage_run.find_report(tmp_path, before) == (tmp_path / "coverage.out", "go-cover")
    (tmp_path / "coverage/lcov.info").write_text(LCOV + LCOV)  # rewritten: this run's
    assert coverage_run.find_report(tmp_path, before) == (
        tmp_path / "coverage/lcov.info", "lcov")


def test_run_finds_the_report_the_command_wrote(tmp_path: Path) -> None:
    ran = coverage_run.run(tmp_path, f"printf '{LCOV}' > lcov.info")
    assert (ran.ok, ran.report, ran.note) == (True, (tmp_path / "lcov.info", "lcov"), None)


def test_a_red_or_silent_command_says_why(tmp_path: Path) -> None:
    red = coverage_run.run(tmp_path, "exit 3")
    assert (red.ok, red.report, red.note) == (False, None, "coverage command exited 3")
    # what it said last says why (coverage.py when a config's `include` matches no file)
    empty = coverage_run.run(tmp_path, "echo '5 passed'; echo 'No data to report.' >&2; exit 1")
    assert empty.note == "coverage command exited 1: No data to report."
    silent = coverage_run.run(tmp_path, "true")
    assert silent.ok and silent.report is None
    assert silent.note is not None and silent.note.startswith("the coverage command wrote no")
    slow = coverage_run.run(tmp_path, "sleep 5", timeout=0.5)
    assert (slow.ok, slow.note) == (False, "coverage command timed out")


def test_the_python_coverage_command_init_writes_reports_a_project_with_a_failing_test(
        tmp_path: Path) -> None:
    # A project whose suite has a failing test (python-dotenv's permission tests, run as root)
    # still has coverage: test-automate's baseline and the review's branch evidence need it.
    import sys

    from gaia_lib.onboard import survey

    (tmp_path / "calc.py").write_text("def add(a, b):\n    return a + b\n\n\n"
                                      "def sub(a, b):\n    return a - b\n")
    (tmp_path / "test_calc.py").write_text(
        "from calc import add\n\n\ndef test_add():\n    assert add(1, 1) == 2\n\n\n"
        "def test_broken():\n    assert add(1, 1) == 3\n")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python").write_text(f'#!/bin/sh\nexec {sys.executable} "$@"\n')
    (bin_dir / "python").chmod(0o755)
    _, command = survey.commands_for("python-dev", tmp_path, ["."])
    assert command is not None
    ran = coverage_run.run(tmp_path, f"export PATH={bin_dir}:$PATH; {command}")
    assert ran.ok and ran.report == (tmp_path / "coverage.json", "coveragepy-json")


def test_coverage_pys_data_file_goes_where_the_caller_says(tmp_path: Path) -> None:
    # the review's evidence area: coverage.py's `.coverage` would land in the project's root
    import sys

    (tmp_path / "calc.py").write_text("print(1 + 1)\n")
    kept = tmp_path / "state" / "command.coverage"
    kept.parent.mkdir()
    ran = coverage_run.run(tmp_path, f"{sys.executable} -m coverage run calc.py && "
                                     f"{sys.executable} -m coverage json -q -o coverage.json",
                           data_file=kept)
    assert ran.ok and ran.report == (tmp_path / "coverage.json", "coveragepy-json")
    assert kept.is_file() and not (tmp_path / ".coverage").exists()


VITEST_SRC = "export function code(email) { return email.includes('@') ? 201 : 422; }\n"
VITEST_TEST = ('import { it, expect } from "vitest";\nimport { code } from "../src/codes.js";\n\n'
               'it("rejects a malformed address", () => {\n  expect(code("nope")).toBe(500);\n'
               '});\n')
VITEST_COVERAGE = ("node_modules/.bin/vitest run"
                   " --coverage --coverage.reporter=lcov --coverage.reportOnFailure")


def _vitest_project(root: Path, node_bin: Path, **files: str) -> Path:
    for rel, text in {"package.json": '{"type": "module"}\n', "src/codes.js": VITEST_SRC,
                      "test/codes.test.js": VITEST_TEST, **files}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    (root / "node_modules").symlink_to(node_bin.parent)
    return root


def test_a_failing_vitest_coverage_run_is_named_by_the_line_that_says_why(
        tmp_path: Path) -> None:
    """vitest colours its output and ends it on a separator (`⎯⎯⎯[1/1]⎯`), a config that
    does not build on its source's `}`: the note is the line that says why, colour codes
    dropped; a report an earlier run left is not this run's."""
    from helpers.node_runners import vitest4

    bare = _vitest_project(tmp_path / "bare", vitest4())
    (bare / "coverage").mkdir()
    (bare / "coverage/lcov.info").write_text(LCOV)
    missing = coverage_run.run(bare, VITEST_COVERAGE)
    assert (missing.ok, missing.report) == (False, None)
    assert missing.note == ("coverage command exited 1: MISSING DEPENDENCY Cannot find "
                            "dependency '@vitest/coverage-v8'")
    measured = vitest4(coverage=True)
    red = coverage_run.run(_vitest_project(tmp_path / "red", measured), VITEST_COVERAGE)
    assert red.report == (tmp_path / "red/coverage/lcov.info", "lcov")
    assert red.note == ("coverage command exited 1: AssertionError: expected 422 to be 500 "
                        "// Object.is equality")
    broken = _vitest_project(tmp_path / "broken", measured, **{
        "vitest.config.js": "export default {\n  test: {\n    include: [\"test/**\"\n  },\n};\n"})
    unbuilt = coverage_run.run(broken, VITEST_COVERAGE)
    assert (unbuilt.ok, unbuilt.report) == (False, None)
    assert unbuilt.note == ("coverage command exited 1: failed to load config: vitest.config.js:"
                            "4:3: [PARSE_ERROR] Expected `,` or `]` but found `}`")


def test_a_coverage_run_its_thresholds_fail_is_named_by_the_threshold_line(
        tmp_path: Path) -> None:
    """jest with the project's coverage thresholds: every test passes, the run exits 1 on
    `coverage threshold ... not met`, the line the note gives (not jest's last, `Ran all
    test suites.`)."""
    from helpers.node_runners import PACKAGES, installed

    node_bin = installed(PACKAGES, lambda root: (root / "node_modules/.bin/jest").exists())
    root = tmp_path / "p"
    for rel, text in {
            "package.json": json.dumps({"name": "p", "jest": {
                "coverageThreshold": {"global": {"branches": 100}}}}),
            "src/codes.js": "module.exports.code = (e) => (e.includes('@') ? 201 : 422);\n",
            "test/codes.test.js": "const { code } = require('../src/codes.js');\n"
                                  "it('accepts', () => { expect(code('a@b')).toBe(201); });\n",
    }.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    (root / "node_modules").symlink_to(node_bin.parent)
    ran = coverage_run.run(root, "node_modules/.bin/jest --coverage --coverageReporters=lcov")
    assert (ran.ok, ran.report) == (False, (root / "coverage/lcov.info", "lcov"))
    assert ran.note == ('coverage command exited 1: Jest: "global" coverage threshold for '
                        "branches (100%) not met: 50%")



def test_a_threshold_missed_in_jest_s_other_words_is_the_line_the_note_gives(
        tmp_path: Path) -> None:
    """cron-parser's jest says `Jest: Coverage for lines (96.61%) does not meet "global"
    threshold (99%)`, its scope in quotes, and ends on `Ran all test suites.`: the note gives
    the threshold."""
    said = 'Jest: Coverage for lines (96.61%) does not meet "global" threshold (99%)'
    ran = coverage_run.run(tmp_path, f"echo '{said}' >&2; echo 'Ran all test suites.' >&2; exit 1")
    assert ran.note == f"coverage command exited 1: {said}"


def test_a_report_the_run_made_where_there_was_none_is_kept_apart(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """rfc3986: a review of a story without a File List ran `gaia init`'s coverage_command
    and left an untracked coverage.json in the project. A report the run made, with the folder
    it made for it, is moved to `keep_in`; the project is left as it was."""
    monkeypatch.chdir(tmp_path)  # the write scope's project
    project, kept = tmp_path / "p", tmp_path / ".gaia/state/review/evidence"
    project.mkdir()
    made = coverage_run.run(project, "mkdir -p coverage/lcov-report && echo x > "
                            "coverage/lcov-report/index.html && printf '" + LCOV.replace(
                                "\n", "\\n") + "' > coverage/lcov.info", keep_in=kept)
    assert made.ok and made.report == (kept / "coverage/lcov.info", "lcov")
    assert (kept / "coverage/lcov.info").read_text() == LCOV
    assert (kept / "coverage/lcov-report/index.html").is_file()
    assert list(project.iterdir()) == []
    # a file in the root, and an earlier review's copy replaced
    again = coverage_run.run(project, "echo '{}' > coverage.json", keep_in=kept)
    assert again.report == (kept / "coverage.json", "coveragepy-json")
    assert not (project / "coverage.json").exists()


def test_a_report_the_project_had_stays_where_it_is(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    project, kept = tmp_path / "p", tmp_path / ".gaia/state/review/evidence"
    (project / "coverage").mkdir(parents=True)
    (project / "coverage.json").write_text("{}")
    rewritten = coverage_run.run(project, "echo '{\"a\": 1}' > coverage.json", keep_in=kept)
    assert rewritten.report == (project / "coverage.json", "coveragepy-json")
    # a folder the project had: the new report in it is moved, the folder stays
    inside = coverage_run.run(project, "rm coverage.json; printf 'SF:a\\n' > "
                              "coverage/lcov.info", keep_in=kept)
    assert inside.report == (kept / "lcov.info", "lcov")
    assert (project / "coverage").is_dir() and not (project / "coverage/lcov.info").exists()


def test_a_report_that_cannot_be_moved_is_read_where_the_run_left_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The evidence directory's path is a file: the move fails (OSError), the review goes on
    with the report in the project rather than ending in a traceback."""
    monkeypatch.chdir(tmp_path)
    project, kept = tmp_path / "p", tmp_path / ".gaia/state/review/evidence"
    project.mkdir()
    kept.parent.mkdir(parents=True)
    kept.write_text("not a folder")
    made = coverage_run.run(project, "echo '{}' > coverage.json", keep_in=kept)
    assert made.ok and made.report == (project / "coverage.json", "coveragepy-json")
    assert made.note is None
