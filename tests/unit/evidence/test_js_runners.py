"""vitest 3 and 4, jest and bats, and pnpm and yarn running vitest, really installed (npm, into a
cache directory shared by test sessions), run by the execution layer with each runner's own
machine-output flags, and vitest (with @vitest/coverage-v8) and jest measuring coverage in the
same run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from gaia_lib.core import config, writes
from gaia_lib.core.config import Tier
from gaia_lib.evidence import attribution, coverage_report, execution, outcomes
from gaia_lib.evidence.testcases import split_tests
from helpers.node_runners import PACKAGES, installed, vitest4

SCRIPT_RUNNERS = ("pnpm@9.15.0", "yarn@1.22.22")

VITEST_TEST = '''import { describe, it, expect } from "vitest";
import { code } from "./codes.js";

describe("codes", () => {
  it("rejects a malformed address with 422", () => {
    expect(code("nope")).toBe(422);
  });
  it("accepts a valid address", () => {
    expect(code("a@b.co")).toBe(201);
  });
  it.skip("rejects a taken address with 409", () => {
    expect(code("taken@b.co")).toBe(409);
  });
  it.todo("rate limits signups");
  it("fails on purpose", () => {
    expect(code("a@b.co")).toBe(500);
  });
});
'''
VITEST_SRC = 'export function code(email) { return email.includes("@") ? 201 : 422; }\n'
JEST_TEST = VITEST_TEST.replace('import { describe, it, expect } from "vitest";\n', "") \
    .replace('import { code } from "./codes.js";', 'const { code } = require("./codes.js");')
JEST_SRC = 'module.exports.code = (email) => (email.includes("@") ? 201 : 422);\n'


@pytest.fixture(scope="session")
def node_bin() -> Path:
    """node_modules/.bin with vitest 3, jest and bats."""
    bats = Path("node_modules") / "bats" / "bin" / "bats"  # npm links no .bin entry for it
    return installed(PACKAGES, lambda root: all(
        (root / "node_modules" / ".bin" / tool).exists() for tool in ("vitest", "jest"))
        and (root / bats).exists() and (root / "node_modules/@vitest/coverage-v8").is_dir())


@pytest.fixture(scope="session")
def vitest4_bin() -> Path:
    """node_modules/.bin with vitest 4 (a major release of its own: a root of its own)."""
    return vitest4()


def _run(tmp_path: Path, command: str, files: dict[str, str], story_tests: Sequence[str] = (),
         node_modules: Path | None = None, measure: bool = False, timeout: int = 300
         ) -> tuple[execution.Suite, list[str]]:
    """`command` run as a tier over a project of `files` (its node_modules a link to
    `node_modules` when given), scoped to `story_tests`, for at most `timeout` seconds."""
    project = tmp_path / "proj"
    for rel, text in files.items():
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        (project / rel).write_text(text)
    if node_modules is not None:
        (project / "node_modules").symlink_to(node_modules)
    reports = project / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    tier = Tier("tier_1", 1, ("local",), command, timeout)
    with writes.scope("fork", project):
        return execution.run_tier(tier, project, reports, story_tests, measure=measure)


def _check(suite: execution.Suite, path: str, text: str) -> None:
    assert (suite.pass_count, suite.fail_count, suite.skip_count) == (2, 1, 2)
    assert suite.exit_code != 0
    skipped = outcomes.not_run(suite.tests, split_tests(path, text))
    assert sorted(skipped) == [f"{path}::codes > rate limits signups",
                               f"{path}::codes > rejects a taken address with 409"]


def test_vitest_3_runs_with_its_own_json_reporter(node_bin: Path, tmp_path: Path) -> None:
    suite, notes = _run(tmp_path, f"{node_bin / 'vitest'} run", {
        "package.json": '{"type": "module"}\n', "src/codes.js": VITEST_SRC,
        "src/codes.test.js": VITEST_TEST})
    assert notes == []
    assert "--reporter=json" in suite.command and " --json" not in suite.command
    assert "--outputFile.json=" in suite.command
    _check(suite, "src/codes.test.js", VITEST_TEST)
    assert suite.stdout_log is not None
    evidence = tmp_path / "proj" / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    assert "fails on purpose" in (evidence / suite.stdout_log).read_text() + (
        evidence / str(suite.stderr_log)).read_text()


def test_vitest_4_runs_with_its_own_json_reporter(vitest4_bin: Path, tmp_path: Path) -> None:
    suite, notes = _run(tmp_path, f"{vitest4_bin / 'vitest'} run", {
        "package.json": '{"type": "module"}\n', "src/codes.js": VITEST_SRC,
        "src/codes.test.js": VITEST_TEST})
    assert notes == []
    _check(suite, "src/codes.test.js", VITEST_TEST)
    assert execution.ran_no_test(suite, tmp_path / "proj") is None


def test_a_vitest_test_file_that_does_not_load_ran_no_test(vitest4_bin: Path,
                                                           tmp_path: Path) -> None:
    """A syntax error in the story's test file: vitest reports the file failed and no test;
    nothing of it ran, which is what a second run of the same tests would meet too."""
    suite, _ = _run(tmp_path, f"{vitest4_bin / 'vitest'} run", {
        "package.json": '{"type": "module"}\n', "src/codes.js": VITEST_SRC,
        "src/codes.test.js": VITEST_TEST.replace("describe(", "describe((", 1)},
        ["src/codes.test.js"])
    assert suite.stopped is None and (suite.pass_count, suite.fail_count) == (0, 1)
    why = execution.ran_no_test(suite, tmp_path / "proj")
    assert why is not None and why.startswith("src/codes.test.js did not load: "), why


def test_vitest_without_run_is_never_watch_mode(node_bin: Path, tmp_path: Path) -> None:
    suite, _ = _run(tmp_path, str(node_bin / "vitest"), {
        "package.json": '{"type": "module"}\n', "src/codes.js": VITEST_SRC,
        "src/codes.test.js": VITEST_TEST})
    assert " run " in suite.command
    assert suite.pass_count == 2


@pytest.fixture(scope="session")
def script_runners_bin() -> Path:
    """node_modules/.bin with pnpm and yarn (npm comes with node)."""
    return installed(SCRIPT_RUNNERS, lambda root: all(
        (root / "node_modules" / ".bin" / tool).exists() for tool in ("pnpm", "yarn")))


@pytest.mark.parametrize(("manager", "flags"), [
    ("npm test", "npm test -- --reporter=default --reporter=json"),
    ("pnpm test", "pnpm test -- --reporter=default --reporter=json"),
    ("pnpm run test", "pnpm run test --reporter=default --reporter=json"),
    ("yarn test", "yarn test -- --reporter=default --reporter=json"),
])
def test_a_package_script_running_vitest_gets_the_report_flags(
        node_bin: Path, script_runners_bin: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, manager: str, flags: str) -> None:
    # A package script `vitest run` run by each manager, in a project with a `test/` directory:
    # the story-scoped run passes vitest's flags and the story's test file to the script.
    monkeypatch.setenv("PATH", f"{script_runners_bin}{os.pathsep}{os.environ['PATH']}")
    other = VITEST_TEST.replace("fails on purpose", "not the story's").replace(
        "toBe(500)", "toBe(201)")
    files = {"package.json": '{"type": "module", "scripts": {"test": "vitest run"}}\n',
             "src/codes.js": VITEST_SRC, "test/codes.test.js": VITEST_TEST.replace(
                 "./codes.js", "../src/codes.js"),
             "test/other.test.js": other.replace("./codes.js", "../src/codes.js")}
    suite, notes = _run(tmp_path, manager, files, ["test/codes.test.js"], node_bin.parent)
    assert notes == []
    assert suite.command.startswith(flags)
    assert suite.command.endswith(" test/codes.test.js")
    _check(suite, "test/codes.test.js", VITEST_TEST)  # the other file did not run


def _run_in_zone(tmp_path: Path, node_bin: Path, package_json: str, command: str
                 ) -> execution.Suite:
    """`command` run over a project whose story test checks the CODES_ZONE its tier or script
    sets (and fails once on purpose), scoped to that test; no note expected."""
    env_test = JEST_TEST.replace('describe("codes", () => {', 'describe("codes", () => {\n'
                                 '  it("runs where its tier or script says", () => {\n'
                                 '    expect(process.env.CODES_ZONE).toBe("UTC");\n  });')
    files = {"package.json": package_json, "src/codes.js": JEST_SRC,
             "src/codes.test.js": env_test,
             "src/other.test.js": 'test("not the story\'s", () => expect(1).toBe(2));\n'}
    suite, notes = _run(tmp_path, command, files, ["src/codes.test.js"], node_bin.parent)
    assert notes == []
    assert suite.command.endswith(" src/codes.test.js")
    assert (suite.pass_count, suite.fail_count, suite.skip_count) == (3, 1, 2)
    return suite


def test_a_package_script_setting_its_environment_runs_jest_with_the_report_flags(
        node_bin: Path, tmp_path: Path) -> None:
    """harrisiirak/cron-parser's `"test:unit": "cross-env TZ=UTC jest"`, in sh's spelling: the
    script runs jest with the environment its tests need, the review's flags and the story's
    test file after it all."""
    suite = _run_in_zone(
        tmp_path, node_bin, '{"name": "p", "scripts": {"test:unit": "CODES_ZONE=UTC jest"}}\n',
        "npm run test:unit")
    assert suite.command.startswith("npm run test:unit -- --reporters=default")


def test_a_tier_command_setting_its_environment_runs_jest_with_the_report_flags(
        node_bin: Path, tmp_path: Path) -> None:
    """A date parser's tests need UTC, which its test script sets before `npx jest`; its tier
    written `TZ=UTC npx jest` had run as sh's, no test's outcome read ("its command is no
    runner the review reads"): it runs jest in that environment, with the review's flags and
    the story's test file, and says so."""
    suite = _run_in_zone(tmp_path, node_bin, '{"name": "p"}\n', "CODES_ZONE=UTC npx jest")
    assert suite.command.startswith("CODES_ZONE=UTC ") and " --json " in suite.command
    # another runner's tier runs as sh's, as before: a pytest run's PYTHONPATH is the review's
    # too, which a setting would replace
    other, _ = _run(tmp_path / "other", "CODES_ZONE=UTC sh -c 'exit 0'", {"x.txt": ""})
    assert other.command.startswith("sh -c ") and other.exit_code == 0


@pytest.mark.parametrize(("command", "settings", "rest"), [
    ("TZ=UTC npx jest", {"TZ": "UTC"}, "npx jest"),
    ('NODE_OPTIONS="--max-old-space-size=4096" TZ=UTC jest --ci',
     {"NODE_OPTIONS": "--max-old-space-size=4096", "TZ": "UTC"}, "jest --ci"),
    ("npx jest", {}, "npx jest"),
    ("TZ=$ZONE npx jest", {}, "TZ=$ZONE npx jest"),
    ("TZ=UTC npx jest && eslint .", {}, "TZ=UTC npx jest && eslint ."),
])
def test_a_tier_commands_settings_are_read_as_sh_reads_them(
        command: str, settings: dict[str, str], rest: str) -> None:
    assert execution.settings_of(command) == (settings, rest)


def test_a_jest_run_whose_posttest_hook_fails_says_so_after_its_passing_tests(
        node_bin: Path, tmp_path: Path) -> None:
    """card-validator 10.0.4's `"posttest": "npm run lint"`, whose package ships no eslint
    config: every test passed, and the run's exit is the hook's; the run says which."""
    files = {"package.json": '{"name": "p", "scripts": {"test": "jest", "posttest": '
                             '"npm run lint", "lint": "node lint.js"}}\n',
             "lint.js": 'console.error("Linter could not find its config.");\n'
                        'process.exit(2);\n',
             "src/codes.js": JEST_SRC,
             "src/codes.test.js": 'const { code } = require("./codes.js");\n'
                                  'test("accepts an address", () => '
                                  'expect(code("a@b.co")).toBe(201));\n'}
    suite, _ = _run(tmp_path, "npm test", files, ["src/codes.test.js"], node_bin.parent)
    assert (suite.pass_count, suite.fail_count, suite.exit_code) == (1, 0, 2)
    assert suite.as_json()["failed_after"] == (
        "npm's `posttest` script (`npm run lint`) failed after the `test` script passed: "
        "Linter could not find its config.")
    # a test that fails ends the run before npm's hook: no hook is said
    files["src/codes.test.js"] += 'test("fails", () => expect(code("x")).toBe(201));\n'
    failing, _ = _run(tmp_path / "b", "npm test", files, ["src/codes.test.js"], node_bin.parent)
    assert failing.fail_count == 1 and "failed_after" not in failing.as_json()


@pytest.mark.parametrize("measure", [False, True])
def test_a_story_scoped_vitest_run_does_not_fail_the_suites_coverage_thresholds(
        node_bin: Path, tmp_path: Path, measure: bool) -> None:
    """The project collects coverage on every run and sets a threshold the whole suite meets;
    the story's test file alone misses it, and vitest would exit 1 with every test passed."""
    other = 'import { it, expect } from "vitest";\nimport { code } from "../src/codes.js";\n' \
        'it("accepts", () => { expect(code("a@b.co")).toBe(201); });\n'
    story = other.replace('"accepts"', '"rejects"').replace('"a@b.co")).toBe(201)',
                                                          '"nope")).toBe(422)')
    config = ('import { defineConfig } from "vitest/config";\nexport default defineConfig({test: '
              '{coverage: {enabled: true, provider: "v8", reporter: ["text"], '
              'thresholds: {lines: 100}}}});\n')
    files = {"package.json": '{"type": "module"}\n', "vitest.config.js": config,
             "src/codes.js": 'export function code(email) {\n  if (email.includes("@")) {\n'
                             '    return 201;\n  }\n  return 422;\n}\n',
             "test/story.test.js": story, "test/other.test.js": other}
    suite, notes = _run(tmp_path, f"{node_bin / 'vitest'} run", files, ["test/story.test.js"],
                        node_bin.parent, measure=measure)
    assert notes == []
    assert "--coverage.enabled=false" in suite.command
    assert (suite.exit_code, suite.pass_count, suite.fail_count) == (0, 1, 0)
    # the whole suite, run as configured, meets the threshold: it is the scoped run's doing
    whole = subprocess.run([str(node_bin / "vitest"), "run"], cwd=tmp_path / "proj",
                           capture_output=True, text=True, timeout=300)
    assert whole.returncode == 0, whole.stdout + whole.stderr
    alone = subprocess.run([str(node_bin / "vitest"), "run", "test/story.test.js"],
                           cwd=tmp_path / "proj", capture_output=True, text=True, timeout=300)
    assert alone.returncode == 1 and "threshold" in alone.stdout + alone.stderr


def test_a_story_scoped_jest_run_does_not_fail_the_suites_coverage_thresholds(
        node_bin: Path, tmp_path: Path) -> None:
    other = 'const { code } = require("../src/codes.js");\n' \
        'it("accepts", () => { expect(code("a@b.co")).toBe(201); });\n'
    story = other.replace('"accepts"', '"rejects"').replace('"a@b.co")).toBe(201)',
                                                          '"nope")).toBe(422)')
    files = {"package.json": '{"name": "p", "jest": {"collectCoverage": true, '
                             '"coverageThreshold": {"global": {"lines": 100}}}}\n',
             "src/codes.js": 'module.exports.code = (email) => {\n  if (email.includes("@")) {\n'
                             '    return 201;\n  }\n  return 422;\n};\n',
             "test/story.test.js": story, "test/other.test.js": other}
    suite, notes = _run(tmp_path, f"{node_bin / 'jest'} --ci", files, ["test/story.test.js"])
    assert notes == []
    assert "--coverage=false" in suite.command
    assert (suite.exit_code, suite.pass_count, suite.fail_count) == (0, 1, 0)
    alone = subprocess.run([str(node_bin / "jest"), "--ci", "test/story.test.js"],
                           cwd=tmp_path / "proj", capture_output=True, text=True, timeout=300)
    assert alone.returncode == 1 and "threshold" in alone.stdout + alone.stderr


def test_npx_runs_the_projects_own_runner_and_never_fetches_one(
        node_bin: Path, tmp_path: Path) -> None:
    """`npx vitest run` starts node_modules/.bin/vitest; a misspelt `npx vitset run` is a
    command not found (exit 127, the runner never started), not a download from the
    registry whose 404 would read as a failed test run."""
    files = {"package.json": '{"type": "module"}\n', "src/codes.js": VITEST_SRC,
             "src/codes.test.js": VITEST_TEST}
    suite, notes = _run(tmp_path / "a", "npx vitest run", files, node_modules=node_bin.parent)
    assert notes == [] and suite.command.startswith("npx vitest run ")
    _check(suite, "src/codes.test.js", VITEST_TEST)
    suite, notes = _run(tmp_path / "b", "npx vitset run", files, node_modules=node_bin.parent)
    assert (suite.exit_code, suite.pass_count, suite.fail_count) == (127, 0, 0)
    assert suite.stopped == "not found: vitset"
    assert not list((tmp_path / "b").rglob("_npx"))  # npx's download cache was never used


def _story_and_other(source: str, src: str) -> dict[str, str]:
    """A project whose story test file is test/codes.test.js, beside a test of another story
    that fails."""
    other = source.replace("fails on purpose", "not the story's").replace(
        "toBe(201)", "toBe(0)")
    return {"src/codes.js": src,
            "test/codes.test.js": source.replace("./codes.js", "../src/codes.js"),
            "test/other.test.js": other.replace("./codes.js", "../src/codes.js")}


@pytest.mark.parametrize(("options", "kept"), [
    ("--dir test", "--dir test"), ("--dir=test test", "--dir=test"),
    ("-r . --dir test", "-r . --dir test"),
    ("--exclude test/other.test.js --passWithNoTests",
     "--exclude test/other.test.js --passWithNoTests")])
def test_a_story_scoped_vitest_run_keeps_its_options_values(
        node_bin: Path, tmp_path: Path, options: str, kept: str) -> None:
    """`vitest run --dir test` scoped to the story's test file keeps `test` as --dir's value
    (without it vitest took the next flag for the value and crashed)."""
    files = {"package.json": '{"type": "module"}\n', **_story_and_other(VITEST_TEST, VITEST_SRC)}
    suite, notes = _run(tmp_path, f"{node_bin / 'vitest'} run {options}", files,
                        ["test/codes.test.js"])
    assert notes == [] and suite.stopped is None
    assert f" {kept} --reporter=default " in suite.command
    _check(suite, "test/codes.test.js", VITEST_TEST)  # the other file did not run


@pytest.mark.parametrize(("runner", "files"), [
    ("vitest", {"package.json": '{"type": "module"}\n',
                "vitest.config.js": 'export default {test: {globalSetup: ["./setup.js"]}};\n',
                "setup.js": "export default function () { process.exit(0); }\n"}),
    ("jest", {"package.json": '{"name": "p", "jest": {"globalSetup": "./setup.js"}}\n',
              "setup.js": "module.exports = async () => { process.exit(0); };\n"}),
])
def test_a_js_run_that_ends_before_writing_its_report_shows_no_test_ran(
        node_bin: Path, tmp_path: Path, runner: str, files: dict[str, str]) -> None:
    """A global setup that ends the process (`process.exit(0)`): the runner exits 0 and never
    writes its JSON report. No test of it has an outcome, and it says why."""
    test, src = (VITEST_TEST, VITEST_SRC) if runner == "vitest" else (JEST_TEST, JEST_SRC)
    suite, notes = _run(tmp_path, str(node_bin / runner),
                        {**files, "src/codes.js": src, "src/codes.test.js": test},
                        ["src/codes.test.js"])
    assert (suite.exit_code, suite.pass_count, suite.fail_count) == (0, 0, 0)
    assert suite.stopped is None and not suite.per_test and suite.tests == ()
    assert suite.no_report == (f"{runner} ended without writing its JSON report "
                               f"tier_1-{runner}.json")
    # vitest's workers may outlive its main process's exit by a moment on a busy machine: the
    # run's end then kills them, and says so in a note of its own
    assert [note for note in notes if not note.startswith("tier_1: killed ")] == [
        f"tier_1: no per-test report: {suite.no_report}; no test of it has an outcome of its "
        "own"]


def test_a_tier_that_excludes_the_storys_test_file_never_ran_its_tests(
        node_bin: Path, tmp_path: Path) -> None:
    """`vitest run --exclude <the story's file> --passWithNoTests`: vitest runs nothing and
    passes; none of the story's tests ran (the option kept its value: vitest did not crash)."""
    files = {"package.json": '{"type": "module"}\n', **_story_and_other(VITEST_TEST, VITEST_SRC)}
    suite, notes = _run(tmp_path, f"{node_bin / 'vitest'} run --exclude test/codes.test.js "
                        "--passWithNoTests", files, ["test/codes.test.js"])
    assert notes == [] and suite.stopped is None and suite.exit_code == 0
    assert suite.named == ("test/codes.test.js",) and suite.tests == ()
    cases = split_tests("test/codes.test.js", VITEST_TEST)
    assert set(outcomes.never_ran(suite.tests, cases, suite.named)) == {
        case.test_id for case in cases}


@pytest.mark.parametrize("runner", ["vitest", "jest"])
def test_a_story_scoped_run_runs_no_other_file_whose_path_ends_like_the_storys(
        node_bin: Path, tmp_path: Path, runner: str) -> None:
    """entities 7.0.0's `src/escape.spec.ts` beside a `fixtures/src/escape.spec.ts` that fails:
    vitest reads the story's path as a part of a path, jest as a pattern, and each ran both
    files; the story's run failed with a test that is not the story's."""
    test, src = (VITEST_TEST, VITEST_SRC) if runner == "vitest" else (JEST_TEST, JEST_SRC)
    look_alike = test.replace("toBe(201)", "toBe(0)")
    files = {"package.json": '{"type": "module"}\n' if runner == "vitest" else '{"name": "p"}\n',
             "src/codes.js": src, "src/codes.test.js": test,
             "fixtures/src/codes.js": src, "fixtures/src/codes.test.js": look_alike}
    suite, notes = _run(tmp_path, str(node_bin / runner), files, ["src/codes.test.js"])
    assert notes == [] and suite.stopped is None
    assert {t.file for t in suite.tests} == {"src/codes.test.js"}
    _check(suite, "src/codes.test.js", test)


@pytest.mark.parametrize(("options", "kept"), [
    ("-c jest.config.js test", "-c jest.config.js"), ("--roots test --ci", "--roots test --ci"),
    ("--rootDir . --testPathIgnorePatterns other --ci",
     "--rootDir . --testPathIgnorePatterns other --ci")])
def test_a_story_scoped_jest_run_keeps_its_options_values(
        node_bin: Path, tmp_path: Path, options: str, kept: str) -> None:
    files = {"package.json": '{"name": "p"}\n', "jest.config.js": "module.exports = {};\n",
             **_story_and_other(JEST_TEST, JEST_SRC)}
    suite, notes = _run(tmp_path, f"{node_bin / 'jest'} {options}", files,
                        ["test/codes.test.js"])
    assert notes == [] and suite.stopped is None
    assert f" {kept} --reporters=default " in suite.command
    _check(suite, "test/codes.test.js", JEST_TEST)


# The hung test keeps its worker busy for 150 ms first: vitest's worker sends its updates
# at most every 100 ms, and one put off that long can stay unsent for good (its timer fires
# at exactly 100 ms, which `now - last > ms` refuses); a timer made late always sends.
HANGING = VITEST_TEST.replace('  it("fails on purpose"', '''  it("waits forever", async () => {
    for (const end = Date.now() + 150; Date.now() < end;);
    await new Promise(() => {});
  }, 1_000_000_000);
  it("fails on purpose"''')


@pytest.mark.slow
@pytest.mark.parametrize("runner", ["vitest 3", "vitest 4", "jest"])
def test_a_js_run_cut_off_says_what_it_had_run_and_names_the_test_still_running(
        node_bin: Path, vitest4_bin: Path, tmp_path: Path, runner: str) -> None:
    """A story test that never settles: vitest and jest write their JSON report only when
    they end, so the run cut off at its time limit reads the log of the review's reporter:
    the tests it finished have their outcomes, and the one still running is named, in error
    (jest reports an `it.skip` only with its file: never run)."""
    if runner == "jest":
        command, files = f"{node_bin / 'jest'} --ci", {
            "package.json": '{"name": "p"}\n', "src/codes.js": JEST_SRC,
            "src/codes.test.js": HANGING.replace(
                'import { describe, it, expect } from "vitest";\n', "").replace(
                'import { code } from "./codes.js";', 'const { code } = require("./codes.js");')}
    else:
        bin_dir = node_bin if runner == "vitest 3" else vitest4_bin
        command, files = f"{bin_dir / 'vitest'} run", {
            "package.json": '{"type": "module"}\n', "src/codes.js": VITEST_SRC,
            "src/codes.test.js": HANGING}
    # long enough for jest to start and finish the tests before the hanging one on a busy
    # machine: the run is cut off by the hanging test, whatever the limit
    suite, notes = _run(tmp_path, command, files, ["src/codes.test.js"], timeout=20)
    assert suite.timeout and suite.per_test
    skip = [] if runner == "jest" else [
        ("codes > rejects a taken address with 409", "skipped", "src/codes.test.js")]
    assert [(t.shown, t.outcome, t.file) for t in suite.tests] == [
        ("codes > rejects a malformed address with 422", "passed", "src/codes.test.js"),
        ("codes > accepts a valid address", "passed", "src/codes.test.js"), *skip,
        ("codes > rate limits signups", "skipped", "src/codes.test.js"),
        ("codes > waits forever", "error", "src/codes.test.js")]
    assert suite.tests[-1].message == "still running when the run hit its time limit"
    assert (suite.pass_count, suite.fail_count, suite.skip_count) == (2, 0, 1 + len(skip))
    assert ("tier_1: timed out after 20s; still running: src/codes.test.js::codes > waits "
            "forever") in notes
    # the test after it never ran; the ones before ran, and a skipped one did not
    cases = split_tests("src/codes.test.js", files["src/codes.test.js"])
    assert sorted(outcomes.never_ran(suite.tests, cases, suite.named)) == [
        "src/codes.test.js::codes > fails on purpose", *(
            ["src/codes.test.js::codes > rejects a taken address with 409"] if not skip else [])]


def test_a_vitest_run_cut_off_before_its_worker_said_which_test_names_the_file(
        tmp_path: Path) -> None:
    """vitest's worker can hold its tests' updates back for good while a test hangs (see the
    review's reporter): the log then has the file's start only; no test's outcome is known,
    and the note names the file.
    A stand-in for vitest writes that log, as the reporter does, since when vitest loses an
    update is a matter of a millisecond."""
    project = tmp_path / "proj"
    (project / "src").mkdir(parents=True)
    (project / "package.json").write_text('{"type": "module"}\n')
    (project / "src" / "codes.test.js").write_text(VITEST_TEST)
    stand_in = tmp_path / "bin" / "vitest"
    stand_in.parent.mkdir()
    # a shell script: it starts at once, where a Python one started under subprocess coverage
    # on a busy machine could miss the 2 s limit before writing its line
    stand_in.write_text('#!/bin/sh\n'
                        'printf \'{"event": "run", "file": "%s/src/codes.test.js", '
                        '"task": "file"}\\n\' "$(pwd)" >> "$GAIA_JS_PROGRESS"\n'
                        'exec sleep 60\n')
    stand_in.chmod(0o755)
    reports = project / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    tier = Tier("tier_1", 1, ("local",), f"{stand_in} run", 2)
    with writes.scope("fork", project):
        suite, notes = execution.run_tier(tier, project, reports, ["src/codes.test.js"])
    assert suite.timeout and not suite.per_test and suite.tests == ()
    assert ("tier_1: timed out after 2s; still running: src/codes.test.js (vitest had not "
            "yet said which of its tests)") in notes


def _measured(suite: execution.Suite) -> tuple[int, ...]:
    """The lines of src/codes.js the run's own coverage report says ran."""
    assert suite.coverage is not None, "the run wrote no coverage report"
    path, fmt = suite.coverage
    record = coverage_report.parse(fmt, path.read_text()).for_file("src/codes.js")
    assert record is not None
    return record.covered_lines


def test_vitest_measures_coverage_in_the_same_run(node_bin: Path, tmp_path: Path) -> None:
    # @vitest/coverage-v8 in the project's node_modules: the one run writes an lcov report
    suite, notes = _run(tmp_path, f"{node_bin / 'vitest'} run", {
        "package.json": '{"type": "module"}\n', "src/codes.js": VITEST_SRC,
        "src/codes.test.js": VITEST_TEST}, node_modules=node_bin.parent, measure=True)
    assert notes == []
    _check(suite, "src/codes.test.js", VITEST_TEST)  # the same outcomes, measured
    assert _measured(suite) == (1,)


def test_jest_measures_coverage_in_the_same_run(node_bin: Path, tmp_path: Path) -> None:
    suite, notes = _run(tmp_path, f"{node_bin / 'jest'} --ci", {
        "package.json": '{"name": "p"}\n', "src/codes.js": JEST_SRC,
        "src/codes.test.js": JEST_TEST}, measure=True)
    assert notes == []
    _check(suite, "src/codes.test.js", JEST_TEST)
    assert _measured(suite) == (1,)


BATS = """@test "rejects a malformed address" {
  run sh -c 'exit 22'
  [ "$status" -eq 22 ]
}

@test "skipped for now" {
  skip "later"
  false
}

@test "fails on purpose" {
  [ 1 -eq 2 ]
}
"""


def test_bats_runs_with_tap_and_reports_its_skips(node_bin: Path, tmp_path: Path) -> None:
    bats = node_bin.parent / "bats" / "bin" / "bats"
    suite, notes = _run(tmp_path, f"{bats} test", {"test/signup.bats": BATS})
    assert notes == []
    assert "--tap" in suite.command
    assert (suite.pass_count, suite.fail_count, suite.skip_count) == (1, 1, 1)
    assert suite.exit_code != 0


NEST_LIKE = {
    "package.json": ('{"name": "p", "scripts": {"test": "jest", '
                     '"test:e2e": "jest --config ./test/jest-e2e.json"}, '
                     '"jest": {"rootDir": "src", "testRegex": ".*\\\\.spec\\\\.js$"}}\n'),
    "test/jest-e2e.json": '{"rootDir": ".", "testRegex": "\\\\.e2e-spec\\\\.js$"}\n',
    "src/codes.js": JEST_SRC,
    "src/codes.spec.js": JEST_TEST.replace("fails on purpose", "unit").replace("500", "201"),
    "test/codes.e2e-spec.js": JEST_TEST.replace("./codes.js", "../src/codes.js"),
}


def test_each_jest_tier_runs_the_story_tests_its_own_config_names(
        node_bin: Path, tmp_path: Path) -> None:
    """NestJS's layout: `npm test` runs the unit specs under src/, `npm run test:e2e` the e2e
    specs its `--config` names. Handed the unit spec alone, the e2e tier (where jest would
    find no test and fail) is skipped, saying why; handed both, it runs its own."""
    both = ["src/codes.spec.js", "test/codes.e2e-spec.js"]
    e2e, notes = _run(tmp_path / "a", "npm run test:e2e", NEST_LIKE, both, node_bin.parent)
    assert notes == [] and e2e.command.endswith(" test/codes.e2e-spec.js")
    assert {Path(t.file or "").name for t in e2e.tests} == {"codes.e2e-spec.js"}
    assert (e2e.pass_count, e2e.fail_count) == (2, 1)
    skipped, _ = _run(tmp_path / "b", "npm run test:e2e", NEST_LIKE, both[:1], node_bin.parent)
    assert skipped.skip_reason == ("it runs none of the story's tests (its runner's --config "
                                   "names none of them)")
    unit, _ = _run(tmp_path / "c", "npm test", NEST_LIKE, both, node_bin.parent)
    assert {Path(t.file or "").name for t in unit.tests} == {"codes.spec.js"}
    assert (unit.pass_count, unit.fail_count) == (3, 0)


BRANCHY_SRC = ("module.exports.code = (email) => {\n  if (email.includes('@')) {\n"
               "    return 201;\n  }\n  return 422;\n};\n")


def test_the_coverage_reports_of_two_jest_tiers_are_read_as_one(
        node_bin: Path, tmp_path: Path) -> None:
    """The unit tier takes one branch of the story's code, the e2e tier the other: the review
    reads both tiers' lcov reports as one (a line or branch either tier hit is hit), not the
    first tier's alone (which would call the e2e-tested branch untested)."""
    project = tmp_path / "proj"
    files = {**NEST_LIKE, "src/codes.js": BRANCHY_SRC,
             "test/jest-e2e.json": ('{"rootDir": "..", "testRegex": "\\\\.e2e-spec\\\\.js$", '
                                    '"collectCoverageFrom": ["src/**/*.js"]}\n'),
             "src/codes.spec.js": ('const { code } = require("./codes.js");\n'
                                   'it("accepts", () => { expect(code("a@b.co")).toBe(201); });\n'),
             "test/codes.e2e-spec.js": ('const { code } = require("../src/codes.js");\n'
                                        'it("rejects", () => { expect(code("x")).toBe(422); });\n')}
    files["package.json"] = files["package.json"].replace(
        '"rootDir": "src"', '"rootDir": "src", "collectCoverageFrom": ["**/*.js"]')
    for rel, text in files.items():
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        (project / rel).write_text(text)
    (project / "node_modules").symlink_to(node_bin.parent)
    cfg = config.parse("test_execution:\n"
                       "  tier_1: {placement: [local], command: npm test}\n"
                       "  tier_2: {placement: [local], command: npm run test:e2e}\n")
    reports = project / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    with writes.scope("fork", project):
        evidence = execution.execute(cfg, "E1-S1", project, reports, context="local",
                                     story_tests=["src/codes.spec.js", "test/codes.e2e-spec.js"],
                                     measure=True)
    assert [(s.pass_count, s.fail_count) for s in evidence.suites] == [(1, 0), (1, 0)]
    first = evidence.suites[0].coverage
    assert first is not None and evidence.run_coverage == (
        reports / "tiers-coverage.lcov", "lcov")

    def untaken(path: Path) -> list[int]:
        record = coverage_report.parse("lcov", path.read_text()).for_file("src/codes.js")
        assert record is not None
        return [arc.line for arc in record.branches if not arc.taken]

    assert untaken(first[0]) == [2] and untaken(reports / "tiers-coverage.lcov") == []


def test_a_pytest_tiers_coverage_and_a_jest_tiers_are_read_as_one(
        node_bin: Path, tmp_path: Path) -> None:
    """A monorepo story with code in its Python API and its JS web app: the pytest tier's
    coverage.py report and the jest tier's lcov are read as one report, so the review judges
    the error paths of both (the first report alone measured none of web/'s code)."""
    project = tmp_path / "proj"
    files = {"api/app.py": "def add(a, b):\n    if a < 0:\n        raise ValueError(a)\n"
                           "    return a + b\n",
             "api/conftest.py": "",
             "api/tests/test_app.py": "from app import add\n\ndef test_adds():\n"
                                      "    assert add(1, 2) == 3\n",
             "web/package.json": '{"name": "web", "jest": {"collectCoverageFrom": '
                                 '["src/**/*.js"]}}\n',
             "web/src/codes.js": BRANCHY_SRC,
             "web/src/codes.test.js": ('const { code } = require("./codes.js");\n'
                                       'it("accepts", () => { expect(code("a@b.co")).toBe(201); '
                                       '});\n')}
    for rel, text in files.items():
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        (project / rel).write_text(text)
    (project / "web" / "node_modules").symlink_to(node_bin.parent)
    cfg = config.parse("test_execution:\n"
                       f"  tier_1: {{placement: [local], command: 'cd api && {sys.executable} "
                       "-m pytest -q -p no:cacheprovider'}\n"
                       "  tier_2: {placement: [local], command: cd web && npx jest}\n")
    state = project / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    with writes.scope("fork", project):
        evidence = execution.execute(
            cfg, "E1-S1", project, state, context="local",
            story_tests=["api/tests/test_app.py", "web/src/codes.test.js"],
            coverage=attribution.CoverageSetup(state, ("api/app.py",), project), measure=True)
    assert [(s.pass_count, s.fail_count) for s in evidence.suites] == [(1, 0), (1, 0)]
    assert evidence.coverage_report is not None
    assert evidence.run_coverage == (state / "tiers-coverage.lcov", "lcov")
    merged = coverage_report.parse("lcov", (state / "tiers-coverage.lcov").read_text())
    api, web = merged.for_file("api/app.py"), merged.for_file("web/src/codes.js")
    assert api is not None and api.missed_lines == (3,)  # the raise no test reached
    assert web is not None and 5 in web.missed_lines  # `return 422`: no test reached it



TABLES_TEST = '''import { describe, it, expect } from "vitest";
import { defu } from "./defu.js";

const cases = [[{ a: 1 }, { a: 2, b: 2 }, { a: 1, b: 2 }]];
const none = [];

describe("defu", () => {
  it.each(none)("should copy only missing properties defaults (%o)", (input, defaults, expected) => {
    expect(defu(input, defaults)).toEqual(expected);
  });
  it.each(cases.slice(0, 0))("sliced away: %o and %o", (input, defaults, expected) => {
    expect(defu(input, defaults)).toEqual(expected);
  });
  it.each(cases.filter(() => process.env.SLOW))("only when slow: $0", (input, defaults) => {
    expect(defu(input, defaults)).toBeTruthy();
  });
  it.each(none)("a plain title over an empty table", (input, defaults, expected) => {
    expect(defu(input, defaults)).toEqual(expected);
  });
  it.each(cases)("merges %o into %o (row %#)", (input, defaults, expected) => {
    expect(defu(input, defaults)).toEqual(expected);
  });
  it.each([{ input: {}, note: "" }])("fills an empty object $note", ({ input }) => {
    expect(defu(input, { a: 1 })).toEqual({ a: 1 });
  });
  it.each([["", {}]])("fills %s an empty object", (note, input) => {
    expect(defu(input, { a: 1 })).toEqual({ a: 1 });
  });
});

describe.each(none)("group %s", () => {
  it.each(cases)("merges inside an empty group %o", (input, defaults, expected) => {
    expect(defu(input, defaults)).toEqual(expected);
  });
});
'''
DEFU_SRC = "export function defu(input, defaults) {\n  return { ...defaults, ...input };\n}\n"


@pytest.mark.parametrize("vitest", ["node_bin", "vitest4_bin"])
def test_a_table_test_over_a_table_empty_at_run_time_never_ran(
        vitest: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    """vitest runs no row of `it.each` over a table empty at run time (`[]`, `.slice(0, 0)`,
    a `.filter` on an unset variable) and reports nothing of it: its template names no
    outcome of the file, which did run. The rows that ran are met by their names, vitest's
    `%o` of an object, an empty `%s` (two spaces) and `$note` (`''`) among them."""
    bin_dir: Path = request.getfixturevalue(vitest)
    suite, notes = _run(tmp_path, f"{bin_dir / 'vitest'} run", {
        "package.json": '{"type": "module"}\n', "src/defu.js": DEFU_SRC,
        "src/defu.test.js": TABLES_TEST})
    assert notes == [] and suite.pass_count == 3
    cases = split_tests("src/defu.test.js", TABLES_TEST)
    assert len(cases) == 8
    assert sorted(outcomes.never_ran(suite.tests, cases, ["src/defu.test.js"])) == [
        "src/defu.test.js::defu > a plain title over an empty table",
        "src/defu.test.js::defu > only when slow: $0",
        "src/defu.test.js::defu > should copy only missing properties defaults (%o)",
        "src/defu.test.js::defu > sliced away: %o and %o",
        "src/defu.test.js::group %s > merges inside an empty group %o"]


# unjs/cookie-es's vitest.config.ts with a comma left out
UNPARSED_CONFIG = '''import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    coverage: {
      reporter: ["text", "clover", "json"]
      exclude: ["src/index.ts"],
    },
  },
});
'''


@pytest.mark.parametrize(("vitest", "said"), [
    # vite 6 bundles a config with esbuild
    ("node_bin", 'failed to load config: vitest.config.ts:7:6: Expected "}" but found "exclude"'),
    # vite 8 with rolldown
    ("vitest4_bin", "failed to load config: vitest.config.ts:7:7: [PARSE_ERROR] Expected `,` "
                    "or `}` but found `Identifier`"),
])
def test_a_vitest_config_that_does_not_parse_is_said_where_it_does_not(
        vitest: str, said: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    """Not the `Error: Build failed with 1 error:` that stands over it. The config is the
    project's, as a conftest is: its runner is there, and the review's verdict is the
    project's failure, not a tier that cannot start (`runner_missing`)."""
    bin_dir: Path = request.getfixturevalue(vitest)
    suite, notes = _run(tmp_path, f"{bin_dir / 'vitest'} run", {
        "package.json": '{"type": "module"}\n', "vitest.config.ts": UNPARSED_CONFIG,
        "src/codes.js": VITEST_SRC, "src/codes.test.js": VITEST_TEST}, ["src/codes.test.js"])
    assert (suite.stopped, suite.pass_count, suite.fail_count) == (said, 0, 0)
    # esbuild's service process may still be there when vite gives up (then killed, and said,
    # under whatever command line it shows by then)
    assert [note for note in notes if not ("left behind" in note and "esbuild" in note)] == [
        f"tier_1: the runner stopped before running its tests (exit 1, no report): {said}"]
    assert execution.runner_missing(suite) is None


@pytest.mark.parametrize(("vitest", "message"), [
    ("node_bin", "src/codes.test.ts:18:0: Unexpected end of file"),  # esbuild's, made relative
    ("vitest4_bin", "src/codes.test.ts:17:5: [PARSE_ERROR] Expected `}` but found `EOF`"),
])
def test_a_test_file_that_does_not_parse_fails_where_it_does_not(
        vitest: str, message: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    """vitest reports the file failed with `Transform failed with 1 error:` over the error
    and where it is: the failure is that line, the file the project's own."""
    bin_dir: Path = request.getfixturevalue(vitest)
    suite, _ = _run(tmp_path, f"{bin_dir / 'vitest'} run", {
        "package.json": '{"type": "module"}\n', "src/codes.js": VITEST_SRC,
        "src/codes.test.ts": VITEST_TEST.replace("});\n", "", 1)}, ["src/codes.test.ts"])
    # a file that failed to load, no failed test: the run line says it was not collected
    assert suite.as_json()["failed_tests"] == [{"name": "", "file": "src/codes.test.ts",
                                                "message": message, "uncollected": True}]


def test_a_jest_test_file_that_does_not_parse_fails_where_it_does_not(
        node_bin: Path, tmp_path: Path) -> None:
    """jest (babel-jest) says the suite failed to run over a `SyntaxError: <file>: ... (l:c)`:
    the failure is that line, the file the project's own; its tests never ran because of it."""
    broken = JEST_TEST.replace("});\n", "", 1)
    suite, _ = _run(tmp_path, f"{node_bin / 'jest'} --ci", {
        "package.json": '{"name": "p"}\n', "src/codes.js": JEST_SRC,
        "src/codes.test.js": broken}, ["src/codes.test.js"])
    (failed,) = suite.as_json()["failed_tests"]
    assert failed["name"] == "" and failed["file"] == "src/codes.test.js"
    assert re.fullmatch(r"src/codes\.test\.js:\d+:\d+: Unexpected token.*", failed["message"])
    cases = split_tests("src/codes.test.js", broken)
    reasons = set(outcomes.never_ran(suite.tests, cases, ["src/codes.test.js"]).values())
    assert reasons == {f"never run: its file failed to load ({failed['message']})"}


def test_a_failed_vitest_test_is_named_as_the_review_names_a_test(
        vitest4_bin: Path, tmp_path: Path) -> None:
    """Its file project-relative, ` > ` between its group's name and its own, as its test id
    has them (vitest's own full name joins them with a space, its file absolute)."""
    suite, _ = _run(tmp_path, f"{vitest4_bin / 'vitest'} run", {
        "package.json": '{"type": "module"}\n', "src/codes.js": VITEST_SRC,
        "src/codes.test.js": VITEST_TEST})
    assert suite.as_json()["failed_tests"] == [{
        "name": "codes > fails on purpose", "file": "src/codes.test.js",
        "message": "AssertionError: expected 201 to be 500 // Object.is equality"}]
    assert [c.test_id for c in split_tests("src/codes.test.js", VITEST_TEST)
            if c.name.endswith("on purpose")] == ["src/codes.test.js::codes > fails on purpose"]


# Each kind of table test jest and vitest run row by row, in groups of groups and in
# `describe.each` groups: `%s` of an array (vitest 1 and jest write `[ 'a', 'b' ]`, vitest 3
# `a,b`) and of `""`, `%i %d %o %j %#`, `$field`s of object rows and of a tagged template.
EACH_TEST = '''import { describe, it, test, expect } from "vitest";
import { split } from "./split.js";

describe("split", () => {
  test.each([
    ["", []],
    ["a-b", ["a", "b"]],
    ["a_b", ["a", "b"]],
  ])("%s => %s", (input, expected) => {
    expect(split(input)).toEqual(expected);
  });
  describe("counts", () => {
    it.each([[1, 2, 3], [2, 2, 4]])("add(%i, %d) is %i", (a, b, sum) => {
      expect(a + b).toBe(sum);
    });
    it.each([{ input: "a-b", parts: 2 }, { input: "c", parts: 1 }])("$input has $parts parts", ({ input, parts }) => {
      expect(split(input).length).toBe(parts);
    });
    it.each`
      input    | parts
      ${"a-b"} | ${2}
      ${"x"}   | ${1}
    `("tagged $input has $parts", ({ input, parts }) => {
      expect(split(input).length).toBe(parts);
    });
  });
  it.each([[{ x: 1 }, [1]]])("objects %o and %j", (a, b) => {
    expect(split("a-b")).toEqual(["a", "b"]);
  });
  it.each([["x"], ["y"]])("row %# is %s", (v) => {
    expect(split(v)).toEqual([v]);
  });
});

describe.each([["dash", "-"], ["under", "_"]])("joined by %s", (name, sep) => {
  it.each([["a", "b"]])("%s and %s", (a, b) => {
    expect(split(a + sep + b)).toEqual([a, b]);
  });
});

describe.skip("skipped", () => {
  it.each([[1], [2]])("value %i is kept", (v) => {
    expect(split(String(v))).toEqual([String(v)]);
  });
});
'''
EACH_SRC = 'export function split(text) { return text === "" ? [] : text.split("-"); }\n'


@pytest.mark.parametrize("runner", ["vitest", "jest"])
def test_each_row_a_runner_reports_is_its_table_tests(
        runner: str, node_bin: Path, tmp_path: Path) -> None:
    """unjs/scule 08 and 31: every row a table test's template made is that test's, joined by
    its groups (the `describe.each` group's template too): a failed row fails it, said by the
    row's title; every row skipped (`describe.skip`) is the test skipped; the rows that ran
    are the test's instances, in the table's order. A table of array rows whose every title
    is certain is a test a row (cron-parser's compactField table), each joined by its title
    as written."""
    if runner == "jest":
        test = EACH_TEST.replace('import { describe, it, test, expect } from "vitest";\n', "") \
            .replace('import { split } from "./split.js";',
                     'const { split } = require("./split.js");')
        files = {"package.json": '{"name": "p"}\n', "src/split.test.js": test,
                 "src/split.js": 'module.exports.split = (text) => '
                                 '(text === "" ? [] : text.split("-"));\n'}
        array = "[ 'a', 'b' ]"
    else:
        test = EACH_TEST
        files = {"package.json": '{"type": "module"}\n', "src/split.test.js": test,
                 "src/split.js": EACH_SRC}
        array = "a,b"
    command = f"{node_bin / runner}" + (" run" if runner == "vitest" else " --ci")
    suite, _ = _run(tmp_path, command, files, ["src/split.test.js"])
    assert (suite.pass_count, suite.fail_count, suite.skip_count) == (12, 2, 2)
    cases = split_tests("src/split.test.js", test)
    rows = {test_id: len(found)
            for test_id, found in outcomes.reported(suite.tests, cases).items()}
    assert rows == {
        "src/split.test.js::split > %s => %s": 3,
        # a table of array rows whose titles are certain: a test a row (`testcases`)
        "src/split.test.js::split > counts > add(1, 2) is 3": 1,
        "src/split.test.js::split > counts > add(2, 2) is 4": 1,
        "src/split.test.js::split > counts > $input has $parts parts": 2,
        "src/split.test.js::split > counts > tagged $input has $parts": 2,
        "src/split.test.js::split > objects %o and %j": 1,
        "src/split.test.js::split > row 0 is x": 1,
        "src/split.test.js::split > row 1 is y": 1,
        "src/split.test.js::joined by %s > %s and %s": 2,
        "src/split.test.js::skipped > value 1 is kept": 1,
        "src/split.test.js::skipped > value 2 is kept": 1}
    failed = outcomes.failed(suite.tests, cases)
    assert sorted(failed) == ["src/split.test.js::joined by %s > %s and %s",
                              "src/split.test.js::split > %s => %s"]
    assert failed["src/split.test.js::split > %s => %s"].startswith(
        f"failed in this run (row `a_b => {array}`: ")
    assert failed["src/split.test.js::joined by %s > %s and %s"].startswith(
        "failed in this run (row `joined by under > a and b`: ")
    assert list(outcomes.not_run(suite.tests, cases)) == [
        "src/split.test.js::skipped > value 1 is kept",
        "src/split.test.js::skipped > value 2 is kept"]
    assert outcomes.instances(suite.tests, cases)["src/split.test.js::split > %s => %s"] == (
        ("=>" if runner == "vitest" else "=> []", "passed"), (f"a-b => {array}", "passed"),
        (f"a_b => {array}", "failed"))


# unjs/scule's trainCase: two tables of one template in one group, the second skipped
TWIN_TABLES_TEST = '''import { describe, test, expect } from "vitest";
import { split } from "./split.js";

describe("split", () => {
  test.each([
    ["a-b", ["a", "b"]],
    ["c", ["c"]],
  ])("%s => %s", (input, expected) => {
    expect(split(input)).toEqual(expected);
  });

  test.skip.each([
    ["d-e", ["d", "e"]],
  ])("%s => %s", (input, expected) => {
    expect(split(input)).toEqual(expected);
  });
});
'''


@pytest.mark.parametrize(("runner", "bin_fixture"), [
    ("vitest", "node_bin"), ("vitest", "vitest4_bin"), ("jest", "node_bin")])
def test_two_tables_of_one_template_in_one_group_are_each_their_own_rows(
        runner: str, bin_fixture: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    """The runner says where each row was declared (jest's `--testLocationInResults`, the
    `includeTaskLocation` the review's vitest reporter sets): the skipped table's rows are
    its own, so it did not run, and the other did, all of its rows."""
    bin_dir: Path = request.getfixturevalue(bin_fixture)
    if runner == "jest":
        test = TWIN_TABLES_TEST.replace(
            'import { describe, test, expect } from "vitest";\n', "").replace(
            'import { split } from "./split.js";', 'const { split } = require("./split.js");')
        files = {"package.json": '{"name": "p"}\n', "src/split.test.js": test,
                 "src/split.js": 'module.exports.split = (text) => text.split("-");\n'}
    else:
        test = TWIN_TABLES_TEST
        files = {"package.json": '{"type": "module"}\n', "src/split.test.js": test,
                 "src/split.js": EACH_SRC}
    command = f"{bin_dir / runner}" + (" run" if runner == "vitest" else " --ci")
    suite, _ = _run(tmp_path, command, files, ["src/split.test.js"])
    assert (suite.pass_count, suite.fail_count, suite.skip_count) == (2, 0, 1)
    assert all(test.line is not None for test in suite.tests)
    cases = split_tests("src/split.test.js", test)
    assert list(outcomes.not_run(suite.tests, cases)) == [
        "src/split.test.js::split > %s => %s #2"]
    assert {test_id: len(found) for test_id, found in
            outcomes.reported(suite.tests, cases).items()} == {
        "src/split.test.js::split > %s => %s": 2, "src/split.test.js::split > %s => %s #2": 1}
