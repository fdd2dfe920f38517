from __future__ import annotations

import json
import os
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest

from gaia_lib.core import config, proc, schema, writes
from gaia_lib.core.errors import InvalidInput
from gaia_lib.evidence import attribution, coverage_report, execution, runner_output
from helpers.evidence import copy_project, node_tools
from helpers.tools import need, python_without

PY = sys.executable


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "tests").mkdir(parents=True)
    (root / "tests" / "test_ok.py").write_text(
        "def test_ac1_passes():\n    assert 1 + 1 == 2\n\ndef test_ac2_passes():\n    assert True\n"
    )
    (root / "tests" / "test_bad.py").write_text("def test_ac3_fails():\n    assert 1 == 2\n")
    (root / ".gaia").mkdir()
    return root


def _config(body: str) -> config.ProjectConfig:
    return config.parse(textwrap.dedent(body))


def _local_tier(command: str, timeout_seconds: int | None = None) -> config.ProjectConfig:
    """A config of one required tier, run locally, with `command` (and a time limit)."""
    limit = f"\n    timeout_seconds: {timeout_seconds}" if timeout_seconds else ""
    return config.parse(f'test_execution:\n  tier_1:\n    placement: [local]\n'
                        f'    command: "{command}"{limit}\n')


def _planned_argv(argv: list[str], out: Path) -> list[str]:
    """A planned command line as a test writes it: `REPORT` for vitest's reporter options,
    `JEST` for jest's, `OUT` for the report directory."""
    options = {"REPORT": ["--reporter=default", "--reporter=json",
                          f"--outputFile.json={out / 'tier_1-vitest.json'}",
                          f"--reporter={execution.JS_REPORTERS['vitest']}"],
               "JEST": ["--reporters=default", f"--reporters={execution.JS_REPORTERS['jest']}",
                        "--json", f"--outputFile={out / 'tier_1-jest.json'}",
                        "--testLocationInResults"]}
    return [part for a in argv
            for part in options.get(a, [a.replace("OUT", str(out))])]


def _tests_package(tmp_path: Path, name: str, text: str) -> Path:
    """A project `proj` under `tmp_path` whose `tests` package holds one file, `name`."""
    root = tmp_path / "proj"
    (root / "tests").mkdir(parents=True)
    (root / "tests" / "__init__.py").write_text("")
    (root / "tests" / name).write_text(text)
    return root


def _run(root: Path, cfg: config.ProjectConfig, context: str = "local",
         story_tests: tuple[str, ...] = (), measure: bool = False,
         story_sources: tuple[str, ...] = ()) -> execution.Evidence:
    report_dir = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    with writes.scope("fork", root):
        return execution.execute(cfg, "E1-S1", root, report_dir, context=context,
                                 story_tests=story_tests, measure=measure,
                                 story_sources=story_sources)


def test_pytest_counts_come_from_its_junit_report(tmp_path: Path) -> None:
    root = _project(tmp_path)
    cfg = _config(f"""
        test_execution:
          tier_1:
            placement: [local, ci_pre_merge]
            command: {PY} -m pytest -q -p no:cacheprovider tests
    """)
    evidence = _run(root, cfg)
    suite = evidence.suites[0]
    assert (evidence.tier, evidence.skipped, evidence.bridge_used) == ("tier_1", False, False)
    assert (suite.pass_count, suite.fail_count, suite.exit_code) == (2, 1, 1)
    assert "--junitxml=" in suite.command and not suite.timeout and suite.required
    assert execution.ran_no_test(suite, root) is None


def test_a_runner_that_stops_before_its_tests_says_why_and_counts_nothing(
        tmp_path: Path) -> None:
    # A conftest importing a package that is not installed: pytest exits 4 with no report.
    root = _project(tmp_path)
    (root / "conftest.py").write_text("import not_installed_pkg\n")
    evidence = _run(root, _local_tier(f"{PY} -m pytest -q -p no:cacheprovider tests"))
    suite = evidence.suites[0]
    assert (suite.exit_code, suite.pass_count, suite.fail_count) == (4, 0, 0)
    assert suite.stopped == ("while loading conftest.py: ModuleNotFoundError: No module named "
                             "'not_installed_pkg'")
    assert suite.as_json()["stopped"] == suite.stopped
    assert execution.ran_no_test(suite, root) == suite.stopped
    assert evidence.diagnostics == (
        "tier_1: the runner stopped before running its tests (exit 4, no report): "
        "while loading conftest.py: ModuleNotFoundError: No module named 'not_installed_pkg'",)


@pytest.mark.parametrize(("stdout", "stderr", "said"), [
    ("collected 0 items\nE   ImportError: cannot import name 'x'\nE   more\n", "",
     "ImportError: cannot import name 'x'"),
    ("", "node:internal\nError: Cannot find module 'vitest'\n    at Module\n",
     "Error: Cannot find module 'vitest'"),
    ("usage: pytest\npytest: error: unrecognized arguments: --bogus\n", "",
     "pytest: error: unrecognized arguments: --bogus"),
    ("", "something went sideways\n\n", "something went sideways"),
    ("", "", "it printed nothing"),
    # a runner that colours its output (vitest): the colour codes are no words of the line
    ("\x1b[2minclude: \x1b[22m**/*.test.ts\x1b[39m\n\x1b[31m\nNo test files found, exiting "
     "with code 1\x1b[39m\n", "", "No test files found, exiting with code 1"),
    ("\x1b[31mError: Cannot find module 'x'\x1b[39m\n", "", "Error: Cannot find module 'x'"),
    # jest's heading and the line under it, not the documentation link it ends with
    ("", "\u25cf Validation Error:\n\n  Test environment jest-environment-nope cannot be "
         "found.\n\n  Configuration Documentation:\n  https://jestjs.io/docs/configuration.html\n",
     "\u25cf Validation Error: Test environment jest-environment-nope cannot be found."),
    # a Go compiler's line, inside `go test -json`'s output events
    ('{"Action":"output","Output":"./parse.go:17:20: too many return values\\n"}\n'
     "FAIL\tevcalc [build failed]\n", "", "./parse.go:17:20: too many return values"),
    # go 1.19 on httprouter's tests once a deleted test left an import unused: the compiler's
    # line on stderr as text, its quoted package name kept
    ("FAIL\tgithub.com/julienschmidt/httprouter [build failed]\n",
     "# github.com/julienschmidt/httprouter [github.com/julienschmidt/httprouter.test]\n"
     "./router_test.go:9:2: imported and not used: \"fmt\"\n",
     './router_test.go:9:2: imported and not used: "fmt"'),
    # ... as a later go words it, the quote first; and inside a `-json` build-output event
    ("", './router_test.go:9:2: "fmt" imported and not used\n',
     './router_test.go:9:2: "fmt" imported and not used'),
    ('{"ImportPath":"example.com/r [example.com/r.test]","Action":"build-output","Output":'
     '"./router_test.go:9:2: \\"fmt\\" imported and not used\\n"}\n', "",
     './router_test.go:9:2: "fmt" imported and not used'),
    # vitest 4 (unjs/cookie-es) on a vitest.config.ts that does not parse: the error where it
    # is, not the `Build failed with 1 error:` over it
    ("", "failed to load config from /tmp/cookie-es/vitest.config.ts\n\n\x1b[31m⎯⎯⎯⎯⎯⎯⎯\x1b[39m"
         "\x1b[1m\x1b[41m Startup Error \x1b[49m\x1b[22m\x1b[31m⎯⎯⎯⎯⎯⎯⎯⎯\x1b[39m\nError: Build "
         "failed with 1 error:\n\n[PARSE_ERROR] Expected `,` or `}` but found `Identifier`\n"
         "   ╭─[ vitest.config.ts:7:7 ]\n   │\n 5 │     coverage: {\n   │               ┬  \n"
         "   │               ╰── Opened here\n   │ \n 7 │       exclude: [\"src/index.ts\"]\n"
         "   │       ───┬───  \n   │          ╰───── `,` or `}` expected\n───╯\n\n"
         "    at aggregateBindingErrorsIntoJsError (file:///tmp/cookie-es/node_modules/vite/"
         "node_modules/rolldown/dist/shared/error-z4CTM_u3.mjs:110:18)\n  errors: "
         "[Getter/Setter]\n}\n",
     "failed to load config: vitest.config.ts:7:7: [PARSE_ERROR] Expected `,` or `}` but "
     "found `Identifier`"),
    # ... on one that imports a package not installed: rolldown's warning above is no error
    ("", "vitest.config.ts (2:17) [UNRESOLVED_IMPORT] Could not resolve 'not-installed-plugin' "
         "in vitest.config.ts\n   ╭─[ vitest.config.ts:2:18 ]\n   │\n 2 │ import nope from "
         "\"not-installed-plugin\";\n   │                  ───────────┬──────────  \n   │"
         "                             ╰──────────── Module not found, treating it as an "
         "external dependency\n───╯\n\nfailed to load config from /tmp/cookie-es/vitest.config"
         ".ts\n\n\x1b[31m⎯⎯⎯⎯⎯⎯⎯\x1b[39m\x1b[1m\x1b[41m Startup Error \x1b[49m\x1b[22m\x1b[31m"
         "⎯⎯⎯⎯⎯⎯⎯⎯\x1b[39m\nError [ERR_MODULE_NOT_FOUND]: Cannot find package "
         "'not-installed-plugin' imported from /tmp/cookie-es/node_modules/.vite-temp/"
         "vitest.config.ts.timestamp-1796403966637-7eff08c1159aa.mjs\n    at packageResolve "
         "(node:internal/modules/esm/resolve:873:9)\n",
     "failed to load config from vitest.config.ts: Error [ERR_MODULE_NOT_FOUND]: Cannot find "
     "package 'not-installed-plugin' imported … /vitest.config.ts.timestamp-1796403966637-"
     "7eff08c1159aa.mjs"),
    # `npm test` of ts-dedent 2.3.0: its `pretest` lint fails (no eslint config shipped) and
    # npm stops before jest: the hook is said, with what eslint could not do (not its last
    # line, a pointer to its chat)
    ("\n> ts-dedent@2.3.0 pretest\n> npm run lint\n\n\n> ts-dedent@2.3.0 lint\n> eslint .\n\n",
     "\nOops! Something went wrong! :(\n\nESLint: 10.16.0\n\nESLint couldn't find an "
     "eslint.config.* file.\n\nIf you still have problems after following the migration "
     "guide, please stop by\nhttps://eslint.org/chat/help to chat with the team.\n",
     "npm's `pretest` script (`npm run lint`) failed before the `test` script ran: "
     "ESLint couldn't find an eslint.config.* file."),
    # ... and where package.json has no name or version, npm's banner is the script's name
    # alone
    ("\n> pretest\n> npm run lint\n\n\n> lint\n> eslint .\n\n",
     "ESLint couldn't find a configuration file.\n",
     "npm's `pretest` script (`npm run lint`) failed before the `test` script ran: "
     "ESLint couldn't find a configuration file."),
    # kr/text's go.mod requiring a module go.sum lacks, no module proxy: go's own error, not
    # the hint it prints under it (`go mod download ...`, which reads as the command that ran)
    ("", "go: github.com/creack/pty@v1.1.9: missing go.sum entry; to add it:\n"
         "\tgo mod download github.com/creack/pty\n",
     "go: github.com/creack/pty@v1.1.9: missing go.sum entry; to add it:"),
    # vitest 4 with `environment: "jsdom"` in its config and jsdom not installed: its own
    # line naming the package, not the worker error it raises after it
    ("\n RUN  v4.1.0 /p\n\n Test Files  no tests\n",
     "\x1b[41m MISSING DEPENDENCY \x1b[49m Cannot find dependency 'jsdom'\n\n Unhandled Error \n"
     "Error: [vitest-pool]: Failed to start forks worker for test files /p/test/a.test.ts.\n"
     " ❯ node_modules/vitest/dist/chunks/cli-api.js:3532:94\n\n"
     "Caused by: Error: Cannot find package 'jsdom' imported from /p/node_modules/vitest/"
     "dist/chunks/index.js\n",
     "MISSING DEPENDENCY Cannot find dependency 'jsdom'"),
    # the hook ran and so did the script: the failure is the script's
    ("\n> p@1.0.0 pretest\n> tsc\n\n\n> p@1.0.0 test\n> jest\n\nError: boom\n", "",
     "Error: boom"),
    # `python -m unittest -v test.test_order` of a module ending in a bare `unittest.main()`
    # (toposort's): unittest's stand-in test for the name it could not load, with what raised
    ("", "test (unittest.loader._FailedTest.test) ... ERROR\n\n" + "=" * 70 + "\nERROR: test "
         "(unittest.loader._FailedTest.test)\n" + "-" * 70 + "\nAttributeError: module "
         "'__main__' has no attribute 'test'\n\n" + "-" * 70 + "\nRan 1 test in 0.000s\n\n"
         "FAILED (errors=1)\n",
     "unittest could not load test: AttributeError: module '__main__' has no attribute 'test'"),
    # ... and a module importing a package not installed: the cause, after unittest's own line
    ("", "ERROR: test_order (unittest.loader._FailedTest.test_order)\n" + "-" * 70 + "\n"
         "ImportError: Failed to import test module: test_order\nTraceback (most recent call "
         "last):\n  File \"/w/test_order.py\", line 1, in <module>\n    import graphlib2\n"
         "ModuleNotFoundError: No module named 'graphlib2'\n\n\n" + "-" * 70 + "\n",
     "unittest could not load test_order: ModuleNotFoundError: No module named 'graphlib2'"),
    # `go test -json` of a package whose TestMain stops on `log.Fatal(err)` before any test
    # (a golden file it reads is gone): the line the package printed, without log's date and
    # time, not the last event's JSON nor go's `FAIL <package>` line
    ('{"Time":"2026-01-02T03:04:05Z","Action":"start","Package":"example.com/conf"}\n'
     '{"Time":"2026-01-02T03:04:05Z","Action":"output","Package":"example.com/conf",'
     '"Output":"2026/01/02 03:04:05 open testdata/help.golden: no such file or directory\\n"}\n'
     '{"Time":"2026-01-02T03:04:05Z","Action":"output","Package":"example.com/conf",'
     '"Output":"FAIL\\texample.com/conf\\t0.01s\\n"}\n'
     '{"Time":"2026-01-02T03:04:05Z","Action":"fail","Package":"example.com/conf",'
     '"Elapsed":0.01}\n', "",
     "open testdata/help.golden: no such file or directory"),
])
def test_the_line_that_says_why_a_runner_stopped(stdout: str, stderr: str, said: str) -> None:
    assert execution.runner_error(stdout, stderr) == said


def test_a_conftest_that_does_not_import_is_named_where_the_run_stopped(tmp_path: Path) -> None:
    # portion 2.6.0 with a conftest importing a module its venv lacks: pytest stops before any
    # test, and the error is the conftest's, not the story's test file's
    stderr = (f"ImportError while loading conftest '{tmp_path}/tests/conftest.py'.\n"
              "tests/conftest.py:1: in <module>\n    import intervaltools\n"
              "E   ModuleNotFoundError: No module named 'intervaltools'\n")
    assert execution.runner_error("", stderr, tmp_path) == (
        "while loading tests/conftest.py: ModuleNotFoundError: No module named 'intervaltools'")


def test_vitest_finding_no_test_file_is_said_before_an_earlier_error_line() -> None:
    # headers-polyfill with `include: ['src/*.test.ts']` and the story's tests one folder down:
    # the run line had said vite's unreadable source map, not that no test file was found
    stderr = ("\x1b[33m[vite] (ssr) Failed to load source map for /p/lib/index.d.mts.\x1b[39m\n"
              "Error: An error occurred while trying to read the map file at index.d.mts.map\n"
              "Error: ENOENT: no such file or directory, open '/p/lib/index.d.mts.map'\n"
              "\x1b[31mNo test files found, exiting with code 1\n\x1b[39m\n"
              "filter: src/transformers/a.test.ts, src/transformers/b.test.ts\n"
              "include: src/*.test.ts\n"
              "exclude:  **/node_modules/**, **/dist/**\n")
    assert execution.runner_error("\n> p@1.0.0 test\n> vitest\n", stderr) == (
        "No test files found, exiting with code 1: none of the files it was given matches its "
        "config's include (src/*.test.ts) less its exclude")


def test_vitest_finding_no_test_file_under_an_excluded_directory_names_that_exclude() -> None:
    # a package's compiled tests in dist/, no config of its own: vitest's default exclude
    # leaves them out, though its include matches them
    stderr = ("\x1b[31mNo test files found, exiting with code 1\n\x1b[39m\n"
              "filter: dist/esm/queue/metrics.test.js, dist/esm/queue/scaling.test.js\n"
              "include: **/*.{test,spec}.?(c|m)[jt]s?(x)\n"
              "exclude:  **/node_modules/**, **/dist/**, **/.{idea,git,cache}/**\n")
    assert execution.runner_error("", stderr) == (
        "No test files found, exiting with code 1: the files it was given lie in dist/, which "
        "its exclude (**/dist/**) leaves out")


def test_local_runs_are_story_scoped_ci_runs_are_not(tmp_path: Path) -> None:
    root = _project(tmp_path)
    cfg = _config(f"""
        test_execution:
          tier_1:
            placement: [local, ci-pre-merge]
            command: {PY} -m pytest -q -p no:cacheprovider
    """)
    local = _run(root, cfg, "local", ("tests/test_ok.py",))
    assert (local.suites[0].pass_count, local.suites[0].fail_count) == (2, 0)
    assert local.suites[0].exit_code == 0
    # the evidence says which of the tier's tests the counts are of
    assert local.suites[0].as_json()["story_files"] == ["tests/test_ok.py"]
    ci = _run(root, cfg, "ci_pre_merge", ("tests/test_ok.py",))
    assert (ci.suites[0].pass_count, ci.suites[0].fail_count) == (2, 1)
    assert "story_files" not in ci.suites[0].as_json()  # the tier ran whole


def _monorepo(tmp_path: Path) -> Path:
    """A Python stack under api/ (one passing, one failing test file) and a TS stack under web/
    (its test file only: no runner is installed, and none is needed to skip it)."""
    root = tmp_path / "mono"
    (root / "api" / "tests").mkdir(parents=True)
    (root / "api" / "tests" / "test_ok.py").write_text("def test_ok():\n    assert True\n")
    (root / "api" / "tests" / "test_bad.py").write_text("def test_bad():\n    assert False\n")
    (root / "web" / "src").mkdir(parents=True)
    (root / "web" / "src" / "a.test.ts").write_text("test('a', () => {})\n")
    (root / ".gaia").mkdir()
    return root


def test_a_tier_in_a_subdirectory_runs_there_scoped_to_the_storys_tests(tmp_path: Path) -> None:
    root = _monorepo(tmp_path)
    cfg = _config(f"""
        test_execution:
          tier_1:
            placement: [local, ci_pre_merge]
            command: cd api && {PY} -m pytest -q -p no:cacheprovider
    """)
    local = _run(root, cfg, "local", ("api/tests/test_ok.py",)).suites[0]
    assert (local.pass_count, local.fail_count, local.exit_code) == (1, 0, 0)
    assert "--junitxml=" in local.command and local.command.endswith(" tests/test_ok.py")
    whole = _run(root, cfg, "ci_pre_merge", ("api/tests/test_ok.py",)).suites[0]
    assert (whole.pass_count, whole.fail_count) == (1, 1)  # CI: the tier as configured


def test_a_tier_that_runs_none_of_the_storys_tests_is_skipped_locally(tmp_path: Path) -> None:
    # The Python tier, for a story whose tests are the web stack's: skipped, not run whole
    # (its failing test is no finding of this story); CI runs it as configured.
    root = _monorepo(tmp_path)
    for command in (f"cd api && {PY} -m pytest -q -p no:cacheprovider",
                    f"{PY} -m pytest -q -p no:cacheprovider api"):
        cfg = _config(f"""
            test_execution:
              tier_1:
                placement: [local, ci_pre_merge]
                command: {command}
        """)
        suite = _run(root, cfg, "local", ("web/src/a.test.ts",)).suites[0]
        assert suite.skip_reason is not None and suite.exit_code == 0, command
        assert suite.skip_reason.startswith("it runs none of the story's tests (pytest ")
        assert _run(root, cfg, "ci_pre_merge", ("web/src/a.test.ts",)).suites[0].fail_count == 1
    # A story with tests of both stacks: the Python tier gets its own only.
    cfg = _config(f"""
        test_execution:
          tier_1:
            placement: [local]
            command: {PY} -m pytest -q -p no:cacheprovider
    """)
    both = _run(root, cfg, "local", ("api/tests/test_ok.py", "web/src/a.test.ts")).suites[0]
    assert (both.pass_count, both.fail_count) == (1, 0)
    assert "a.test.ts" not in both.command


@pytest.mark.parametrize(("command", "found"), [
    ("cd web && npm test", ("web", "npm test")),
    ("cd ./web/ &&  npx vitest run", ("web", "npx vitest run")),
    ("cd api && python -m pytest -q && echo done", None),  # more shell after it
    ("cd ../elsewhere && pytest", None),  # outside the project
    ("cd missing && pytest", None),  # no such directory
    ("cd . && pytest", None),
    ("pytest -q", None),
])
def test_a_tier_in_a_directory_is_read_only_when_plain(
        tmp_path: Path, command: str, found: tuple[str, str] | None) -> None:
    (tmp_path / "web").mkdir()
    (tmp_path / "api").mkdir()
    assert execution.in_directory(command, tmp_path) == found


def test_placement_as_scalar_and_unplaced_context_is_skipped(tmp_path: Path) -> None:
    root = _project(tmp_path)
    cfg = _config(f"""
        test_execution:
          tier_1:
            placement: ci_post_merge
            command: {PY} -m pytest -q
    """)
    evidence = _run(root, cfg, "local")
    assert evidence.skipped and evidence.tier == "none" and evidence.suites == ()
    assert "no tier is placed in context 'local'" in evidence.diagnostics[0]


def test_no_test_execution_block_is_a_graceful_skip(tmp_path: Path) -> None:
    evidence = _run(_project(tmp_path), _config("project: {stack: python-dev}\n"))
    assert evidence.skipped and evidence.as_json()["suites"] == []


def test_timeout_kills_the_run_and_is_recorded(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / "tests" / "test_hang.py").write_text("import time\ndef test_hang():\n    time.sleep(60)\n")
    cfg = _config(f"""
        test_execution:
          tier_1:
            placement: [local]
            command: {PY} -m pytest -q tests/test_hang.py
            timeout_seconds: 1
    """)
    evidence = _run(root, cfg)
    suite = evidence.suites[0]
    assert suite.timeout and suite.exit_code == 124
    assert suite.duration_seconds < 10
    assert any("timed out after 1s" in d for d in evidence.diagnostics)


def test_a_go_run_that_times_out_names_the_tests_still_running(tmp_path: Path) -> None:
    need("go", "go is not installed")
    root = tmp_path / "hang"
    (root / ".gaia").mkdir(parents=True)
    (root / "go.mod").write_text("module example.com/hang\n\ngo 1.19\n")
    (root / "hang_test.go").write_text(
        'package hang\n\nimport (\n\t"fmt"\n\t"testing"\n\t"time"\n)\n\n'
        "func TestQuick(t *testing.T) {}\n\n"
        'func TestSkips(t *testing.T) { t.Skip("later") }\n\n'
        'func TestFails(t *testing.T) { t.Error("no") }\n\n'
        # its `--- PASS` line glued to what it printed (Go before 1.20: no pass event)
        'func TestPrints(t *testing.T) { fmt.Print("no newline") }\n\n'
        "func TestHangs(t *testing.T) { time.Sleep(time.Minute) }\n")
    evidence = _run(root, _local_tier("go test ./...", timeout_seconds=15))
    suite = evidence.suites[0]
    assert suite.timeout and suite.per_test
    assert "tier_1: timed out after 15s; still running: TestHangs" in evidence.diagnostics
    # what it finished before: its outcomes and counts
    assert (suite.pass_count, suite.fail_count, suite.skip_count) == (2, 1, 1)
    assert [(t.name, t.outcome) for t in suite.tests] == [
        ("TestQuick", "passed"), ("TestSkips", "skipped"), ("TestFails", "failed"),
        ("TestPrints", "passed"), ("TestHangs", "error")]
    # the evidence's counts and lists agree: the test the time limit cut off is no failure
    # the runner reported, but the one it was still running
    data = suite.as_json()
    assert (data["pass_count"], data["fail_count"]) == (2, 1)
    assert data["failed_tests"] == [{"name": "TestFails", "file": "example.com/hang",
                                     "message": "hang_test.go:13: no"}]
    assert data["still_running"] == [{"name": "TestHangs", "file": "example.com/hang"}]


def test_missing_runner_is_recorded_not_raised(tmp_path: Path) -> None:
    cfg = _config("""
        test_execution:
          tier_1:
            placement: [local]
            command: gaia-no-such-runner --all
    """)
    evidence = _run(_project(tmp_path), cfg)
    suite = evidence.suites[0]
    # It ran no test: no counts are made up, and what stopped it is kept.
    assert suite.exit_code == 127 and (suite.pass_count, suite.fail_count) == (0, 0)
    assert suite.stopped == "not found: gaia-no-such-runner"
    assert any("not found" in d for d in evidence.diagnostics)
    assert execution.runner_missing(suite) is not None


def test_a_shell_command_that_is_not_found_ran_no_test(tmp_path: Path) -> None:
    cfg = _config("""
        test_execution:
          tier_1:
            placement: [local]
            command: "gaia-no-such-runner run && echo done"
    """)
    suite = _run(_project(tmp_path), cfg).suites[0]
    assert suite.exit_code == 127 and (suite.pass_count, suite.fail_count) == (0, 0)
    assert suite.stopped is not None and "gaia-no-such-runner" in suite.stopped
    assert execution.runner_missing(suite) is not None


def test_an_npm_script_that_does_not_exist_is_a_runner_that_cannot_start(
        tmp_path: Path) -> None:
    need("npm", "runs the tier's npm script")
    root = _project(tmp_path)
    (root / "package.json").write_text('{"name": "x", "scripts": {"test": "vitest run"}}\n')
    cfg = _config("""
        test_execution:
          tier_1:
            placement: [local]
            command: npm run test:nope
    """)
    suite = _run(root, cfg).suites[0]
    assert suite.exit_code == 1 and (suite.pass_count, suite.fail_count) == (0, 0)
    assert suite.stopped == 'Missing script: "test:nope"'
    why = execution.runner_missing(suite)
    assert why is not None and "does not define" in why


def test_tier_without_command_is_a_skipped_suite(tmp_path: Path) -> None:
    cfg = _config("test_execution:\n  tier_1:\n    placement: [local]\n")
    suite = _run(_project(tmp_path), cfg).suites[0]
    assert suite.skip_reason == "tier has no command"
    # A required tier that cannot run blocks the review rather than pass without a test run.
    assert execution.runner_missing(suite) == "tier_1 has no command (test_execution.tier_1.command)"


def test_shell_commands_run_as_written_and_count_from_text(tmp_path: Path) -> None:
    cfg = _config("""
        test_execution:
          tier_1:
            placement: [local]
            command: "echo '3 passed, 1 failed' && exit 1"
    """)
    suite = _run(_project(tmp_path), cfg).suites[0]
    assert suite.command.startswith("sh -c")
    assert (suite.pass_count, suite.fail_count, suite.exit_code) == (3, 1, 1)
    assert not suite.exit_code_only and "counted_from" not in suite.as_json()


@pytest.mark.parametrize(("command", "counts"), [("echo all good", (1, 0, 0)),
                                                 ("echo 0 failed; exit 2", (0, 1, 2))])
def test_output_with_no_counts_is_counted_by_its_exit_code_and_says_so(
        tmp_path: Path, command: str, counts: tuple[int, int, int]) -> None:
    """One pass or one failure, as the exit code says; the evidence says they are no test
    counts, so the report does not read them as one test."""
    suite = _run(_project(tmp_path), _local_tier(command)).suites[0]
    assert (suite.pass_count, suite.fail_count, suite.exit_code) == counts
    assert suite.exit_code_only and suite.as_json()["counted_from"] == "exit code"


def test_bridge_replaces_direct_runs(tmp_path: Path) -> None:
    root = _project(tmp_path)
    bridge = root / "run-tests.sh"
    bridge.write_text("#!/bin/sh\necho '{\"suites\": [{\"name\": \"unit\", \"command\": \"x\", "
                      "\"exit_code\": 0, \"duration_seconds\": 1, \"pass_count\": 5, "
                      "\"fail_count\": 0}]}'\n")
    bridge.chmod(0o755)
    cfg = _config(f"""
        test_execution:
          tier_1: {{placement: [local], command: "false"}}
        test_execution_bridge:
          bridge_enabled: true
          run_tests_path: {bridge}
    """)
    evidence = _run(root, cfg)
    assert evidence.bridge_used and evidence.tier == "bridge"
    assert evidence.suites[0].pass_count == 5
    json.dumps(evidence.as_json())


@pytest.mark.parametrize(
    ("command", "fmt", "has_report_file"),
    [
        ("pytest -q", "junit", True),
        ("python -m pytest", "junit", True),
        ("npx jest", "jest", True),
        ("vitest run", "vitest", True),
        ("go test ./...", "go-json", False),
        ("bats test", "tap", False),
        ("mvn -q test", "surefire", False),
        ("make check", None, False),
    ],
)
def test_plan_invocation_knows_each_runners_report(
    tmp_path: Path, command: str, fmt: str | None, has_report_file: bool
) -> None:
    invocation = execution.plan_invocation(command, tmp_path, "tier_1")
    assert invocation.report_format == fmt
    assert (invocation.report_path is not None) == has_report_file


SCRIPTS = {"test": "vitest --typecheck", "test:unit": "jest --ci", "lint": "eslint .",
           "both": "pnpm lint && vitest run"}


@pytest.mark.parametrize(("command", "argv"), [
    # vitest never in watch mode, whoever starts it.
    ("npx vitest", ["npx", "vitest", "run", "REPORT", "test/q.test.ts"]),
    ("npx vitest run test", ["npx", "vitest", "run", "REPORT", "test/q.test.ts"]),
    ("vitest --typecheck", ["vitest", "run", "--typecheck", "REPORT", "test/q.test.ts"]),
    # An npm script that runs the runner alone gets its flags after `--`; `test` is the
    # script's name, not the test directory beside package.json.
    ("npm test", ["npm", "test", "--", "REPORT", "test/q.test.ts"]),
    ("npm run test:unit", ["npm", "run", "test:unit", "--", "JEST", "--runTestsByPath",
                           "test/q.test.ts"]),
    # Any other command runs as configured: never rewritten, never given paths.
    ("npm run lint", ["npm", "run", "lint"]),
    ("npm run both", ["npm", "run", "both"]),
    ("npm test -- --silent", ["npm", "test", "--", "--silent"]),
    # yarn and `pnpm test` after a `--` too; `pnpm run <name>` without (it would pass it on).
    ("pnpm test", ["pnpm", "test", "--", "REPORT", "test/q.test.ts"]),
    ("pnpm run test:unit", ["pnpm", "run", "test:unit", "JEST", "--runTestsByPath",
                            "test/q.test.ts"]),
    ("yarn run test:unit", ["yarn", "run", "test:unit", "--", "JEST", "--runTestsByPath",
                            "test/q.test.ts"]),
    ("pnpm run both", ["pnpm", "run", "both"]),
    ("make test", ["make", "test"]),
])
def test_a_story_scoped_invocation_keeps_the_command_working(
        tmp_path: Path, command: str, argv: list[str]) -> None:
    (tmp_path / "package.json").write_text(json.dumps({"scripts": SCRIPTS}))
    (tmp_path / "test").mkdir()
    out = tmp_path / "out"
    planned = execution.plan_invocation(command, out, "tier_1", ["test/q.test.ts"], tmp_path)
    assert list(planned.argv) == _planned_argv(argv, out)


@pytest.mark.parametrize(("installed", "located"), [
    # jest 21 refuses `--testLocationInResults` (`Unrecognized option`): the run goes
    # without it, as a package of plugin hooks still testing with jest 21 would need
    ({"jest-cli": "21.2.1", "jest": "21.2.1"}, False),
    ({"jest": "21.2.1"}, False),
    ({"jest-cli": "22.0.0"}, True),
    ({"jest-cli": "29.7.0", "jest": "29.7.0"}, True),
    ({}, True),  # none installed beside it: a jest of the PATH, taken to be a current one
])
def test_a_jest_run_asks_where_tests_are_only_of_a_jest_that_knows_the_flag(
        tmp_path: Path, installed: dict[str, str], located: bool) -> None:
    (tmp_path / "package.json").write_text(json.dumps({"scripts": {"test": "jest"}}))
    for package, version in installed.items():
        (tmp_path / "node_modules" / package).mkdir(parents=True)
        (tmp_path / "node_modules" / package / "package.json").write_text(
            json.dumps({"name": package, "version": version}))
    planned = execution.plan_invocation("npm test", tmp_path / "out", "tier_1",
                                        ["lib/__tests__/SyncHook.js"], tmp_path)
    assert ("--testLocationInResults" in planned.argv) is located
    assert "--json" in planned.argv and planned.argv[-1] == "lib/__tests__/SyncHook.js"


@pytest.mark.parametrize(("command", "argv"), [
    # an option's value is kept with its option, however it names a path of the project
    ("vitest run --dir test", ["vitest", "run", "--dir", "test", "REPORT", "test/q.test.ts"]),
    ("vitest run --exclude test/q.test.ts --passWithNoTests",
     ["vitest", "run", "--exclude", "test/q.test.ts", "--passWithNoTests", "REPORT",
      "test/q.test.ts"]),
    ("vitest run -r . -c vitest.config.ts test",
     ["vitest", "run", "-r", ".", "-c", "vitest.config.ts", "REPORT", "test/q.test.ts"]),
    ("vitest run --root=. test", ["vitest", "run", "--root=.", "REPORT", "test/q.test.ts"]),
    ("jest --roots test --rootDir . -c jest.config.js",
     ["jest", "--roots", "test", "--rootDir", ".", "-c", "jest.config.js", "JEST",
      "--runTestsByPath", "test/q.test.ts"]),
    # an array option takes every word up to the next option; `=` only its own
    ("jest --selectProjects unit test", ["jest", "--selectProjects", "unit", "test", "JEST",
                                         "--runTestsByPath", "test/q.test.ts"]),
    # a pattern of its own narrows the run: the story's paths are read as patterns too
    # (`--runTestsByPath` would run them whatever the pattern says)
    ("jest --testPathPattern=unit test", ["jest", "--testPathPattern=unit", "JEST",
                                          "test/q.test.ts"]),
    ("pytest --rootdir . -c vitest.config.ts --ignore test/slow ./test/",
     ["pytest", "--rootdir", ".", "-c", "vitest.config.ts", "--ignore", "test/slow",
      "--junitxml=OUT/tier_1-junit.xml", "test/q.test.ts"]),
    ("bats -r --output test test", ["bats", "-r", "--output", "test", "--tap"]),
    # the project's root as a path argument holds every test
    ("pytest -q .", ["pytest", "-q", "--junitxml=OUT/tier_1-junit.xml", "test/q.test.ts"]),
])
def test_a_story_scoped_invocation_keeps_every_options_value(
        tmp_path: Path, command: str, argv: list[str]) -> None:
    """Only the runner's own path arguments are replaced by the story's tests: `--dir test`
    is no test directory to drop (vitest would take the next word for its value and crash)."""
    (tmp_path / "test" / "slow").mkdir(parents=True)
    (tmp_path / "test" / "q.test.ts").write_text("")
    (tmp_path / "vitest.config.ts").write_text("")
    (tmp_path / "jest.config.js").write_text("")
    out = tmp_path / "out"
    planned = execution.plan_invocation(command, out, "tier_1", ["test/q.test.ts"], tmp_path)
    assert list(planned.argv) == _planned_argv(argv, out)


@pytest.mark.parametrize(("script", "runner"), [
    ("vitest run", "vitest"),
    ("npx jest --ci", "jest"),
    # the environment it sets first (npm runs the script with sh; a run's flags go last):
    # harrisiirak/cron-parser's `"test:unit": "cross-env TZ=UTC jest"`
    ("CI=1 vitest run", "vitest"),
    ("cross-env TZ=UTC jest", "jest"),
    ('NODE_OPTIONS="--experimental-vm-modules --no-warnings" npx jest', "jest"),
    # Only sh runs these as written: shell syntax, unbalanced quotes; or no runner at all
    ("vitest run && eslint .", None),
    ("TZ=UTC vitest run; eslint .", None),
    ('vitest run "test', None),
    ("cross-env TZ=UTC mocha", None),
    ("JEST=1 node run.js", None),
])
def test_an_npm_script_runs_its_runner_alone_only_as_a_plain_command(
        tmp_path: Path, script: str, runner: str | None) -> None:
    (tmp_path / "package.json").write_text(json.dumps({"scripts": {"test": script}}))
    assert execution.npm_script_runner(["npm", "test"], tmp_path) == runner


def test_unknown_context_is_rejected(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAIA_EXECUTION_CONTEXT", "production")
    with pytest.raises(InvalidInput, match="unknown execution context"):
        execution.active_context()
    assert execution.active_context("ci-pre-merge") == "ci_pre_merge"


def test_a_runner_flooding_its_output_is_bounded_not_fatal(tmp_path: Path) -> None:
    cfg = _config(f"""
        test_execution:
          tier_1:
            placement: [local]
            command: {PY} -c "import sys; sys.stdout.write('x' * 30_000_000)"
    """)
    suite = _run(_project(tmp_path), cfg).suites[0]
    assert suite.exit_code == 0 and (suite.pass_count, suite.fail_count) == (1, 0)


def _measured_run(root: Path, python: str,
                  test: str = "from app import add\n\ndef test_adds():\n    assert add(1, 2) == 3\n",
                  conftest: str = "") -> execution.Evidence:
    (root / "app.py").write_text("def add(a, b):\n    if a < 0:\n        raise ValueError(a)\n"
                                 "    return a + b\n")
    (root / "tests" / "test_app.py").write_text(test)
    (root / "conftest.py").write_text(conftest)
    cfg = _config(f"""
        test_execution:
          tier_1:
            placement: [local]
            command: {python} -m pytest -q -p no:cacheprovider tests/test_app.py
    """)
    state = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    with writes.scope("fork", root):
        return execution.execute(cfg, "E1-S1", root, state, context="local",
                                 coverage=attribution.CoverageSetup(state, ("app.py",)))


@pytest.mark.parametrize("mode", ["probes", "tracer"])
def test_a_pytest_tier_under_coverage_gives_junit_coverage_and_contexts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
    monkeypatch.setenv(attribution.MODE_VAR, mode)
    root = _project(tmp_path)
    evidence = _measured_run(root, PY)
    suite = evidence.suites[0]
    assert (suite.pass_count, suite.fail_count) == (1, 0)
    assert " -p gaia_coverage_plugin " in suite.command and "--junitxml=" in suite.command
    assert evidence.coverage_report is not None
    report = json.loads(evidence.coverage_report.read_text())
    assert list(report["files"]) == ["app.py"]  # only the story's sources are measured
    summary = report["files"]["app.py"]["summary"]
    assert (summary["covered_lines"], summary["missing_lines"]) == (3, 1)
    # Branches are the tracer's only.
    assert summary.get("missing_branches") == (1 if mode == "tracer" else None)
    contexts = json.loads((evidence.coverage_report.parent / "attribution-contexts.json")
                          .read_text())
    assert contexts["files"]["app.py"]["contexts"]["*"] == ["tests/test_app.py::test_adds"]


def test_a_source_the_projects_python_files_names_is_measured(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A `setup.cfg` with `python_files = *.py` (every module collected, for its doctests):
    pytest's assertion rewriter compiles the story's source itself, where probes cannot go;
    the run is measured by the tracer instead, and had measured nothing ("No data to
    report")."""
    monkeypatch.setenv(attribution.MODE_VAR, "probes")
    root = _project(tmp_path)
    (root / "setup.cfg").write_text("[tool:pytest]\npython_files = *.py\n")
    evidence = _measured_run(root, PY)
    assert evidence.suites[0].pass_count == 1 and evidence.coverage_report is not None
    contexts, _ = attribution.load_report(attribution.contexts_of(evidence.coverage_report))
    assert contexts is not None and list(contexts["files"]) == ["app.py"]
    test_id = "tests/test_app.py::test_adds"
    assert attribution.executes(contexts, [test_id], ["app.py"]) == {test_id: True}


def test_a_source_named_on_the_command_line_for_its_doctests_is_measured(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A project whose `addopts` collect doctests: the run narrowed to the story names its
    source too, and pytest's assertion rewriter compiles what the command line names, where
    probes cannot go; the run is measured by the tracer instead, and had read the source as
    run by no test (`not measured (loaded by another import hook)`)."""
    monkeypatch.setenv(attribution.MODE_VAR, "probes")
    root = _project(tmp_path)
    (root / "pytest.ini").write_text("[pytest]\naddopts = --doctest-modules\n")
    (root / "app.py").write_text('def add(a, b):\n    """Add.\n\n    >>> add(2, 3)\n    5\n'
                                 '    """\n    return a + b\n')
    (root / "tests" / "test_app.py").write_text(
        "from app import add\n\ndef test_adds():\n    assert add(1, 2) == 3\n")
    cfg = _local_tier(f"{PY} -m pytest -q -p no:cacheprovider")
    state = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    with writes.scope("fork", root):
        evidence = execution.execute(
            cfg, "E1-S1", root, state, context="local", story_tests=("tests/test_app.py",),
            story_sources=("app.py",), coverage=attribution.CoverageSetup(state, ("app.py",)))
    suite = evidence.suites[0]
    assert suite.command.endswith("tests/test_app.py app.py") and suite.pass_count == 2
    assert evidence.coverage_report is not None
    contexts, _ = attribution.load_report(attribution.contexts_of(evidence.coverage_report))
    assert contexts is not None and list(contexts["files"]) == ["app.py"]
    test_id = "tests/test_app.py::test_adds"
    assert attribution.executes(contexts, [test_id], ["app.py"]) == {test_id: True}


@pytest.mark.parametrize("mode", ["probes", "tracer"])
def test_a_pytest_tier_in_a_subdirectory_is_measured_with_the_projects_paths(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str) -> None:
    # `cd api && pytest`: the story's sources are named from the project root (api/app.py),
    # pytest runs in api/ and names its tests from there; both reports still name api/app.py.
    monkeypatch.setenv(attribution.MODE_VAR, mode)
    root = _monorepo(tmp_path)
    (root / "api" / "app.py").write_text("def add(a, b):\n    if a < 0:\n"
                                         "        raise ValueError(a)\n    return a + b\n")
    (root / "api" / "tests" / "test_app.py").write_text(
        "from app import add\n\ndef test_adds():\n    assert add(1, 2) == 3\n")
    (root / "api" / "conftest.py").write_text("")
    cfg = _config(f"""
        test_execution:
          tier_1:
            placement: [local]
            command: cd api && {PY} -m pytest -q -p no:cacheprovider
    """)
    state = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    with writes.scope("fork", root):
        evidence = execution.execute(
            cfg, "E1-S1", root, state, context="local", story_tests=["api/tests/test_app.py"],
            coverage=attribution.CoverageSetup(state, ("api/app.py",), root))
    suite = evidence.suites[0]
    assert (suite.pass_count, suite.fail_count) == (1, 0)
    assert " -p gaia_coverage_plugin " in suite.command
    assert evidence.coverage_report is not None
    report = json.loads(evidence.coverage_report.read_text())
    assert list(report["files"]) == ["api/app.py"]
    assert report["files"]["api/app.py"]["summary"]["missing_lines"] == 1
    contexts, _ = attribution.load_report(attribution.contexts_of(evidence.coverage_report))
    assert contexts is not None and list(contexts["files"]) == ["api/app.py"]
    test_id = "api/tests/test_app.py::test_adds"
    assert attribution.executes(contexts, [test_id], ["api/app.py"]) == {test_id: True}


def test_a_measured_pytest_run_marks_an_expected_failure_that_passed(tmp_path: Path) -> None:
    """pyrsistent's test_reverse marked `xfail` passes: pytest's JUnit report writes a pass;
    the review's plugin gives it a property, so the suite counts it apart (`1 xpassed`)."""
    evidence = _measured_run(_project(tmp_path), PY, textwrap.dedent("""\
        import pytest
        from app import add

        def test_adds():
            assert add(1, 2) == 3

        @pytest.mark.xfail(reason="later")
        def test_known():
            assert add(1, 1) == 2

        @pytest.mark.xfail(reason="known")
        def test_broken():
            assert add(1, 1) == 3
        """))
    suite = evidence.suites[0]
    assert [(t.name, t.outcome, t.xpassed) for t in suite.tests] == [
        ("test_adds", "passed", False), ("test_known", "passed", True),
        ("test_broken", "skipped", False)]
    data = suite.as_json()
    assert (data["pass_count"], data["xpass_count"], data["xfail_count"]) == (2, 1, 1)

def test_a_measured_pytest_run_names_a_plugins_checks_of_a_file_apart(tmp_path: Path) -> None:
    """dictdiffer's pytest.ini runs pytest-isort and pytest-pycodestyle on every file: each
    adds an item per test file (`ISORT`, `PYCODESTYLE`, skipped when its cache says the file
    passed before), which pytest counts among its tests. The review's plugin marks them."""
    conftest = textwrap.dedent("""\
        import pytest

        class StyleItem(pytest.Item):
            def runtest(self):
                if self.name == "CACHED":
                    pytest.skip("file previously passed style checks")

        class StyleFile(pytest.File):
            def collect(self):
                yield StyleItem.from_parent(self, name="STYLE")
                yield StyleItem.from_parent(self, name="CACHED")

        def pytest_collect_file(parent, file_path):
            if file_path.name.startswith("test_") and file_path.suffix == ".py":
                return StyleFile.from_parent(parent, path=file_path)
        """)
    evidence = _measured_run(_project(tmp_path), PY, conftest=conftest)
    suite = evidence.suites[0]
    assert sorted((t.name, t.outcome, t.file_check) for t in suite.tests) == [
        ("CACHED", "skipped", True), ("STYLE", "passed", True),
        ("test_adds", "passed", False)]
    assert suite.as_json()["file_checks"] == [{"name": "STYLE", "outcome": "passed"},
                                              {"name": "CACHED", "outcome": "skipped"}]
    # the evidence file the review writes holds them (its schema had refused the key)
    jsonschema.validate(evidence.as_json(), schema.load_schema("execution-evidence"))


def test_a_measured_pytest_run_reads_a_test_with_a_skipped_subtest_as_passed(
        tmp_path: Path) -> None:
    """A unittest test whose `subTest("tuple")` calls `skipTest` while its other subtests pass
    (simpleeval's container checks, one container type skipped): pytest's summary counts it
    passed (`1 passed, 1 skipped, 2 subtests passed`), its JUnit report writes it skipped, and
    the review had said the test "does not count: reported skipped by the runner". The
    review's plugin names the skipped subtest; a test skipped whole stays skipped."""
    evidence = _measured_run(_project(tmp_path), PY, textwrap.dedent("""\
        import unittest
        from app import add

        class TestAdd(unittest.TestCase):
            def test_adds_in_containers(self):
                for kind in ("list", "tuple", "set"):
                    with self.subTest(kind):
                        if kind == "tuple":
                            self.skipTest("tuples later")
                        self.assertEqual(add(1, 2), 3)

            def test_negative(self):
                self.skipTest("not yet")
        """))
    suite = evidence.suites[0]
    assert [(t.name, t.outcome, t.skipped_subtests) for t in suite.tests] == [
        ("test_adds_in_containers", "passed", (("[tuple]", "tuples later"),)),
        ("test_negative", "skipped", ())]
    data = suite.as_json()
    assert (data["pass_count"], data.get("skip_count")) == (1, 1)
    assert data["skipped_subtests"] == [
        {"subtest": "tests/test_app.py::TestAdd::test_adds_in_containers [tuple]",
         "reason": "tuples later"}]
    jsonschema.validate(evidence.as_json(), schema.load_schema("execution-evidence"))


def test_a_measured_pytest_run_names_the_subtest_that_failed(tmp_path: Path) -> None:
    """json5's table tests: one `subTest(text=..., position=...)` failing, pytest's JUnit
    report gives the failure under the test's name alone, and the review had said which test
    failed but not which of its subtests; pytest's own summary line names it. The review's
    plugin names the failed subtests, the first of them in the failure."""
    evidence = _measured_run(_project(tmp_path), PY, textwrap.dedent("""\
        import unittest
        from app import add

        class TestAdd(unittest.TestCase):
            def test_adds(self):
                for a, b, total in ((1, 2, 3), (2, 2, 5), (3, 3, 7)):
                    with self.subTest(a=a, total=total):
                        self.assertEqual(add(a, b), total)
        """))
    assert [(t.name, t.outcome, t.message) for t in evidence.suites[0].tests] == [
        ("test_adds", "failed", "subtest (a=2, total=5) and 1 more: AssertionError: 4 != 5")]


def test_a_measured_pytest_run_cut_off_says_what_it_had_run(tmp_path: Path) -> None:
    """The run hits its time limit in its last test: the review's plugin logged each test it
    finished, and how (a failure, a fixture error, a skip, an xfail), so those are the suite's
    outcomes and counts; the test still running is in error."""
    root = _project(tmp_path)
    (root / "app.py").write_text("def add(a, b):\n    return a + b\n")
    (root / "conftest.py").write_text("")
    (root / "tests" / "test_app.py").write_text(textwrap.dedent("""\
        import time
        import pytest
        from app import add

        @pytest.fixture
        def broken():
            raise RuntimeError("no database")

        def test_adds():
            assert add(1, 2) == 3

        def test_wrong():
            assert add(1, 2) == 4

        def test_needs_db(broken):
            pass

        @pytest.mark.skip(reason="later")
        def test_later():
            pass

        @pytest.mark.xfail(reason="known")
        def test_known():
            assert add(1, 1) == 3

        def test_hangs():
            time.sleep(60)
        """))
    cfg = _config(f"""
        test_execution:
          tier_1:
            placement: [local]
            command: {PY} -m pytest -q -p no:cacheprovider tests/test_app.py
            timeout_seconds: 6
    """)
    state = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    with writes.scope("fork", root):
        evidence = execution.execute(cfg, "E1-S1", root, state, context="local",
                                     story_tests=["tests/test_app.py"],
                                     coverage=attribution.CoverageSetup(state, ("app.py",)))
    suite = evidence.suites[0]
    assert suite.timeout and suite.per_test and suite.named == ("tests/test_app.py",)
    assert [(t.name, t.outcome) for t in suite.tests] == [
        ("test_adds", "passed"), ("test_wrong", "failed"), ("test_needs_db", "error"),
        ("test_later", "skipped"), ("test_known", "skipped"), ("test_hangs", "error")]
    assert (suite.pass_count, suite.fail_count, suite.skip_count) == (1, 2, 2)


NO_JUNITXML = "[pytest]\naddopts = -p no:junitxml\n"
EXITS_EARLY = "def pytest_collection_finish(session):\n    import os\n\n    os._exit(0)\n"


@pytest.mark.parametrize("measured", [False, True])
def test_a_pytest_run_that_ends_before_writing_its_report_shows_no_test_ran(
        tmp_path: Path, measured: bool) -> None:
    """A conftest ends the process (`os._exit(0)`) when collection finishes: pytest exits 0
    and never writes its JUnit report. No test of it has an outcome, and it says why; its
    exit code counts for no test (the review counted it one pass)."""
    root = _project(tmp_path)
    if measured:
        evidence = _measured_run(root, PY, conftest=EXITS_EARLY)
    else:
        (root / "conftest.py").write_text(EXITS_EARLY)
        evidence = _run(root, _local_tier(f"{PY} -m pytest -q -p no:cacheprovider tests"))
    suite = evidence.suites[0]
    assert (suite.exit_code, suite.pass_count, suite.fail_count) == (0, 0, 0)
    assert suite.stopped is None and not suite.per_test and suite.tests == ()
    assert suite.no_report == "pytest ended without writing its JUnit XML report " \
                              "tier_1-junit.xml"
    assert suite.as_json()["no_report"] == suite.no_report
    assert "counted_from" not in suite.as_json()
    assert f"tier_1: no per-test report: {suite.no_report}; no test of it has an outcome " \
           "of its own" in evidence.diagnostics


def test_a_pytest_run_whose_config_turns_junitxml_off_says_so(tmp_path: Path) -> None:
    """`addopts = -p no:junitxml` in pytest.ini: the tests ran (one failed) and pytest wrote
    no JUnit report. Not a run that stopped before its tests: one with no outcome per test,
    its counts its output's, and the configuration that turned the report off named."""
    root = _project(tmp_path)
    (root / "pytest.ini").write_text(NO_JUNITXML)
    evidence = _run(root, _local_tier(f"{PY} -m pytest -q -p no:cacheprovider tests"))
    suite = evidence.suites[0]
    assert suite.exit_code == 1 and suite.stopped is None
    assert (suite.pass_count, suite.fail_count) == (2, 1) and not suite.per_test
    assert suite.no_report == ("pytest's junitxml plugin is turned off by `-p no:junitxml` in "
                               "pytest.ini, so it wrote no JUnit XML report")


def test_a_measured_pytest_run_without_its_report_reads_the_reviews_progress_log(
        tmp_path: Path) -> None:
    """The same under the review's plugin: each test's outcome is the one its progress log
    recorded, a failure with its first line as pytest's output shows it."""
    root = _project(tmp_path)
    (root / "pytest.ini").write_text(NO_JUNITXML)
    evidence = _measured_run(root, PY, "from app import add\n\ndef test_adds():\n"
                                       "    assert add(1, 2) == 3\n\n"
                                       "class TestMore:\n    def test_wrong(self):\n"
                                       "        assert add(1, 2) == 4\n")
    suite = evidence.suites[0]
    assert suite.exit_code == 1 and suite.stopped is None and suite.per_test
    assert suite.no_report is not None and "pytest.ini" in suite.no_report
    assert [(t.shown, t.outcome, t.message) for t in suite.tests] == [
        ("test_adds", "passed", None),
        ("TestMore::test_wrong", "failed", "assert 3 == 4")]
    assert suite.as_json()["outcomes_from"] == "progress log"


def test_a_python_without_coverage_runs_the_tier_as_configured(tmp_path: Path) -> None:
    """The tier's Python cannot import coverage.py: the tests run once, unmeasured, with the
    real counts, and the evidence says why there is no coverage report."""
    root = _project(tmp_path)
    evidence = _measured_run(root, str(python_without("coverage", tmp_path)))
    suite = evidence.suites[0]
    assert (suite.pass_count, suite.fail_count, suite.exit_code) == (1, 0, 0)
    assert evidence.coverage_report is None
    assert any("wrote no coverage report" in d for d in evidence.diagnostics)
    state = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    assert "coverage.py is not importable" in (state / str(suite.stdout_log)).read_text()


# --- go test: the story's tests alone, and its coverage profile in the same run ---------------


@pytest.mark.parametrize(("command", "story", "expected"), [
    # the configured packages become the story tests' directories, -run their functions
    ("go test ./...", ["parse_test.go"], ["go", "test", "-run", "^(TestA|TestB)$", "."]),
    ("go test -tags it -v ./...", ["pkg/sub/x_test.go"],
     ["go", "test", "-tags", "it", "-v", "-run", "^(ExampleX|FuzzX|TestX)$", "./pkg/sub"]),
    ("go test ./pkg/...", ["pkg/x_test.go", "cmd/y_test.go"],
     ["go", "test", "-run", "^(TestX)$", "./pkg"]),
    # a flag's value is no package (`go help build`, `go help testflag`)
    ("go test -pgo off -failfast -memprofilerate 1 ./...", ["parse_test.go"],
     ["go", "test", "-pgo", "off", "-failfast", "-memprofilerate", "1", "-run",
      "^(TestA|TestB)$", "."]),
    # as configured: its own -run, an import path, no Go test of the story under its packages
    ("go test -run TestA ./...", ["parse_test.go"], ["go", "test", "-run", "TestA", "./..."]),
    ("go test example.com/m/...", ["parse_test.go"], ["go", "test", "example.com/m/..."]),
    ("go test ./cmd/...", ["pkg/x_test.go"], ["go", "test", "./cmd/..."]),
    ("go test -C pkg ./...", ["pkg/x_test.go"], ["go", "test", "-C", "pkg", "./..."]),
    ("go test ./...", ["README.md"], ["go", "test", "./..."]),
])
def test_go_test_is_scoped_to_the_story_s_test_functions(
        tmp_path: Path, command: str, story: list[str], expected: list[str]) -> None:
    sources = {"parse_test.go": "func TestA(t *testing.T) {}\nfunc TestB(t *testing.T) {}\n"
                                "func helper(t *testing.T) {}\n",
               "pkg/sub/x_test.go": "func TestX(t *testing.T) {}\nfunc ExampleX() {}\n"
                                    "func FuzzX(f *testing.F) {}\n"
                                    "func TestMain(m *testing.M) {}\n",
               "pkg/x_test.go": "func TestX(t *testing.T) {}\n",
               "cmd/y_test.go": "func TestY(t *testing.T) {}\n"}
    for rel, text in sources.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(f"package p\n\nimport \"testing\"\n\n{text}")
    assert execution.scope_go(command.split(), story, tmp_path) == expected


@pytest.mark.parametrize(("command", "story", "named"), [
    ("go test ./...", ["parse_test.go", "pkg/x_test.go", "README.md"],
     ("parse_test.go", "pkg/x_test.go")),
    # a file of test helpers in the story's package declares no test: the run is not its
    ("go test ./...", ["parse_test.go", "helpers_test.go"], ("parse_test.go",)),
    ("go test ./pkg/...", ["parse_test.go", "pkg/x_test.go"], ("pkg/x_test.go",)),
    ("go test -run TestA ./...", ["parse_test.go"], ()),  # its own -run: not the story's
    ("python -m pytest -q tests", ["tests/test_a.py", "src/a.py"], ("tests/test_a.py",)),
    ("python -m pytest -q other", ["tests/test_a.py"], ()),  # runs as configured
    ("bats test", ["test/a.bats", "libexec/x"], ("test/a.bats",)),
])
def test_an_invocation_names_the_story_test_files_it_runs(
        tmp_path: Path, command: str, story: list[str], named: tuple[str, ...]) -> None:
    for rel in ("parse_test.go", "pkg/x_test.go", "tests/test_a.py", "other/test_b.py",
                "test/a.bats"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("package p\n\nfunc TestA(t *testing.T) {}\n"
                                    if rel.endswith(".go") else "")
    (tmp_path / "helpers_test.go").write_text("package p\n\nfunc check(t *testing.T) {}\n")
    planned = execution.plan_invocation(command, tmp_path / "out", "tier_1", story, tmp_path)
    assert planned.named == named


def test_go_test_writes_its_coverage_profile_unless_the_command_names_one(
        tmp_path: Path) -> None:
    plain = execution.plan_invocation("go test ./...", tmp_path, "tier_1", measure=True)
    assert plain.argv[:4] == ("go", "test", "-json", f"-coverprofile={tmp_path}/tier_1-cover.out")
    assert plain.coverage == (tmp_path / "tier_1-cover.out", "go-cover")
    own = execution.plan_invocation("go test -coverprofile=c.out ./...", tmp_path, "tier_1",
                                    measure=True)
    assert own.coverage is None and own.argv == ("go", "test", "-json", "-coverprofile=c.out",
                                                  "./...")
    # unasked (qa-test-runner, the TDD and DoD runs), the run is only the tests
    unasked = execution.plan_invocation("go test ./...", tmp_path, "tier_1")
    assert unasked.coverage is None and unasked.argv == ("go", "test", "-json", "./...")


@pytest.mark.parametrize(("command", "files", "wanted"), [
    ("npx jest", {}, ["--coverage", "--coverageReporters=lcovonly"]),
    ("npx vitest run", {"node_modules/@vitest/coverage-v8/package.json": "{}"},
     ["--coverage.enabled=true", "--coverage.reporter=lcovonly",
      "--coverage.reportOnFailure=true"]),
    ("npx vitest run", {"node_modules/@vitest/coverage-istanbul/package.json": "{}"},
     ["--coverage.enabled=true", "--coverage.reporter=lcovonly",
      "--coverage.reportOnFailure=true", "--coverage.provider=istanbul"]),
    # no provider installed, the command's own coverage, the project's thresholds: nothing
    ("npx vitest run", {}, []),
    ("npx vitest run --coverage", {"node_modules/@vitest/coverage-v8/package.json": "{}"}, []),
    ("npx jest", {"jest.config.js": "module.exports = {coverageThreshold: {global: {}}}"}, []),
    ("npx jest", {"package.json": '{"jest": {"coverageThreshold": {"global": {}}}}'}, []),
    # a script's own flag is not the tier's command's (dayjs' `npm test`): measured
    ("npx jest", {"package.json": '{"scripts": {"test": "jest --coverageThreshold={}"}}'},
     ["--coverage", "--coverageReporters=lcovonly"]),
    ("npx vitest run", {"node_modules/@vitest/coverage-v8/package.json": "{}",
                        "vitest.config.ts": "export default {test: {coverage: {thresholds: "
                                            "{lines: 90}}}}"}, []),
])
def test_js_runners_measure_in_the_same_run_when_they_can(
        tmp_path: Path, command: str, files: dict[str, str], wanted: list[str]) -> None:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    invocation = execution.plan_invocation(command, tmp_path / "ev", "tier_1",
                                           workdir=tmp_path, measure=True)
    flags = [a for a in invocation.argv if a.startswith("--coverage")
             and "irectory=" not in a and a != command.split()[-1]]
    assert flags == wanted
    if wanted:
        assert f"{tmp_path / 'ev' / 'tier_1-coverage'}" in " ".join(invocation.argv)
        assert invocation.coverage == (tmp_path / "ev" / "tier_1-coverage" / "lcov.info", "lcov")
    else:
        assert invocation.coverage is None


GO_TIER = _local_tier("go test ./...", timeout_seconds=300)


def _go_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The Go fixture project, copied, with `go` run for real (offline: no module download)."""
    need("go", "go is not installed: the go runner is run for real here")
    monkeypatch.setenv("GOFLAGS", "-mod=mod")
    monkeypatch.setenv("GOTOOLCHAIN", "local")
    root = copy_project("go", tmp_path)
    (root / ".gaia").mkdir()
    return root


def test_a_story_scoped_go_run_runs_its_tests_alone_and_measures_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _go_project(tmp_path, monkeypatch)
    (root / "other_test.go").write_text(
        'package evcalc\n\nimport "testing"\n\nfunc TestOther(t *testing.T) { t.Fatal("no") }\n')
    cfg = GO_TIER
    evidence = _run(root, cfg, story_tests=("parse_test.go",), measure=True)
    suite = evidence.suites[0]
    # parse_test.go's four tests (2 pass, 1 fails, 1 skips); other_test.go's never ran
    assert (suite.pass_count, suite.fail_count, suite.skip_count) == (2, 1, 1)
    assert "TestOther" not in suite.command and "-run" in suite.command
    assert suite.as_json()["story_files"] == ["parse_test.go"]
    assert evidence.run_coverage is not None
    path, fmt = evidence.run_coverage
    record = coverage_report.parse(fmt, path.read_text()).for_file("parse.go")
    # the error path (`not a number`) is the line no story test ran
    assert record is not None and record.covered_lines and record.missed_lines
    # the profile of an earlier run never passes for this one's
    path.write_text("mode: set\n")
    assert _run(root, cfg, story_tests=("parse_test.go",), measure=True).run_coverage
    assert path.read_text() != "mode: set\n"


def test_a_story_scoped_go_run_runs_its_examples_and_fuzz_seeds_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`-run` selects examples and fuzz targets as well as tests: a story's `Example...`
    with an `// Output:` comment and its `Fuzz...` seed corpus run, and their outcomes are
    in the report (left out of `-run`, they read as never run)."""
    root = _go_project(tmp_path, monkeypatch)
    (root / "example_test.go").write_text(
        'package evcalc\n\nimport (\n\t"fmt"\n\t"testing"\n)\n\n'
        'func ExampleTwo() {\n\tfmt.Println(2)\n\t// Output: 2\n}\n\n'
        'func FuzzSeeds(f *testing.F) {\n\tf.Add("1")\n'
        '\tf.Fuzz(func(t *testing.T, s string) {})\n}\n')
    cfg = GO_TIER
    suite = _run(root, cfg, story_tests=("example_test.go",), measure=True).suites[0]
    assert "^(ExampleTwo|FuzzSeeds)$" in suite.command
    assert sorted((t.name, t.outcome) for t in suite.tests) == [
        ("ExampleTwo", "passed"), ("FuzzSeeds", "passed"), ("FuzzSeeds/seed#0", "passed")]


def test_a_go_test_printing_without_a_newline_leaves_every_test_counted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A story test that prints without a newline (`fmt.Printf`): Go before 1.20 glues its
    `--- PASS` line to that text and writes no pass event for it. The run is still counted
    test by test from `go test -json`, not from its exit code."""
    root = _go_project(tmp_path, monkeypatch)
    (root / "prints_test.go").write_text(
        'package evcalc\n\nimport (\n\t"fmt"\n\t"testing"\n)\n\n'
        'func TestPrints(t *testing.T) { fmt.Printf("parsed %d", 2) }\n\n'
        "func TestQuiet(t *testing.T) {}\n")
    evidence = _run(root, GO_TIER, story_tests=("prints_test.go",))
    suite = evidence.suites[0]
    assert (suite.exit_code, suite.pass_count, suite.fail_count) == (0, 2, 0)
    assert suite.per_test and not suite.exit_code_only
    assert [(t.name, t.outcome) for t in suite.tests] == [("TestPrints", "passed"),
                                                           ("TestQuiet", "passed")]
    assert not any("unreadable" in d for d in evidence.diagnostics)


def test_a_go_package_that_does_not_build_ran_none_of_its_tests(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`go test -json` of a package that does not compile reports no test, only `[build
    failed]`: the run stopped before its tests, and says so with the compiler's line (not
    "1 failed", which would leave every story test counted as run)."""
    root = _go_project(tmp_path, monkeypatch)
    source = root / "parse.go"
    source.write_text(source.read_text().replace("return value, nil", "return value, nil, 0"))
    cfg = GO_TIER
    suite = _run(root, cfg, story_tests=("parse_test.go",), measure=True).suites[0]
    assert suite.exit_code != 0 and (suite.pass_count, suite.fail_count) == (0, 0)
    assert suite.stopped is not None and suite.stopped.startswith("./parse.go:") \
        and "too many return values" in suite.stopped


def test_a_runner_in_node_modules_bin_is_the_one_the_run_starts(tmp_path: Path) -> None:
    """The tool probe finds a runner on PATH, then in node_modules/.bin (`npm i -D bats`): a
    bare command naming it runs it from there, and PATH still wins."""
    root = _project(tmp_path)
    tool = root / "node_modules" / ".bin" / "gaia-probe-runner"
    tool.parent.mkdir(parents=True)
    tool.write_text("#!/bin/sh\necho from-node-modules\n")
    tool.chmod(0o755)
    cfg = _config("""
        test_execution:
          tier_1:
            placement: [local]
            command: gaia-probe-runner
    """)
    suite = _run(root, cfg).suites[0]
    logs = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    assert suite.exit_code == 0
    assert (logs / "tier_1-stdout.log").read_text() == "from-node-modules\n"
    on_path = tmp_path / "bin" / "gaia-probe-runner"
    on_path.parent.mkdir()
    on_path.write_text("#!/bin/sh\necho from-path\n")
    on_path.chmod(0o755)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PATH", f"{on_path.parent}:{os.environ['PATH']}")
        _run(root, cfg)
    assert (logs / "tier_1-stdout.log").read_text() == "from-path\n"


VITEST_TIER = _config("""
    test_execution:
      tier_1:
        placement: [local]
        command: vitest run
        timeout_seconds: 180
""")


def _vitest_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                    files: dict[str, str]) -> Path:
    """A project of `files` (path -> text) with the node tools' vitest in its node_modules,
    run outside CI (the review sets CI itself)."""
    monkeypatch.delenv("CI", raising=False)
    root = tmp_path / "proj"
    (root / ".gaia").mkdir(parents=True)
    (root / "node_modules").symlink_to(node_tools(), target_is_directory=True)
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


@pytest.mark.slow
def test_a_vitest_run_writes_no_snapshot_and_a_missing_one_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The run checks the story: it must change none of its files, and a snapshot the check
    itself writes could not fail it (vitest runs as in CI, where a missing snapshot fails)."""
    source = ('import { it, expect } from "vitest"\n'
              'it("saves the file", () => { expect({ a: 1 }).toMatchSnapshot() })\n'
              'it("shows inline", () => { expect("x").toMatchInlineSnapshot() })\n')
    root = _vitest_project(tmp_path, monkeypatch, {"test/snap.test.ts": source})
    suite = _run(root, VITEST_TIER, story_tests=("test/snap.test.ts",)).suites[0]
    assert (suite.pass_count, suite.fail_count) == (0, 2)
    assert (root / "test" / "snap.test.ts").read_text() == source
    assert not (root / "test" / "__snapshots__").exists()


@pytest.mark.slow
def test_a_failed_vitest_snapshot_says_where_it_differs_or_that_none_is_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """htmlparser2: a test whose stored events no longer match, and a test file whose `.snap`
    was never committed, each failed with vitest's "Snapshot `Events > keeps text 1`
    mismatched" alone: the message now says the first line that differs, or that none is
    stored."""
    root = _vitest_project(tmp_path, monkeypatch, {
        "test/events.test.ts": 'import { describe, it, expect } from "vitest"\n'
                               'describe("Events", () => {\n'
                               '  it("keeps text", () => {\n'
                               '    expect(["text", "Q&A"]).toMatchSnapshot()\n'
                               '  })\n'
                               '})\n',
        "test/__snapshots__/events.test.ts.snap":
            "// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html\n\n"
            'exports[`Events > keeps text 1`] = `\n[\n  "text",\n  "Q&amp;A",\n]\n`;\n',
        "test/tokens.test.ts": 'import { it, expect } from "vitest"\n'
                               'it("marks a tag", () => { expect(["open", 1]).toMatchSnapshot() })\n'})
    suite = _run(root, VITEST_TIER,
                 story_tests=("test/events.test.ts", "test/tokens.test.ts")).suites[0]
    said = {t.name: t.message for t in suite.tests}
    assert said["Events keeps text"] == (
        'snapshot `Events > keeps text 1` differs at its line 3: stored `"Q&amp;A",`, '
        'received `"Q&A",`')
    assert said["marks a tag"] == (
        "no snapshot `marks a tag 1` is stored (run as in CI, a snapshot is never written: "
        "commit the .snap file)")


@pytest.mark.slow
def test_a_vitest_test_that_made_no_snapshot_check_is_marked_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """htmlparser2: its events tests hand their input to `runTest`, which compares the events
    with the test's snapshot; with that comparison taken out of it they all pass, and vitest
    reports their stored snapshots unchecked. The run's outcomes say so of each."""
    root = _vitest_project(tmp_path, monkeypatch, {
        "test/events.test.ts": 'import { describe, it, expect } from "vitest"\n'
                               'function runTest(input: string) { return input.split("") }\n'
                               'describe("Events", () => {\n'
                               '  it("keeps text", () => { runTest("Q&A") })\n'
                               '  it("reads a tag", () => {\n'
                               '    expect(runTest("<a>")).toMatchSnapshot()\n'
                               '  })\n'
                               '})\n',
        "test/__snapshots__/events.test.ts.snap":
            "// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html\n\n"
            'exports[`Events > keeps text 1`] = `\n[\n  "Q",\n]\n`;\n\n'
            'exports[`Events > reads a tag 1`] = `\n[\n  "<",\n  "a",\n  ">",\n]\n`;\n'})
    suite = _run(root, VITEST_TIER, story_tests=("test/events.test.ts",)).suites[0]
    assert (suite.pass_count, suite.fail_count) == (2, 0)
    assert {t.name: t.unchecked_snapshot for t in suite.tests} == {
        "Events keeps text": "Events > keeps text 1", "Events reads a tag": None}


def test_npx_is_replaced_by_the_runner_it_would_start(tmp_path: Path) -> None:
    web = tmp_path / "web"
    (web / "node_modules" / ".bin").mkdir(parents=True)
    (web / "node_modules" / ".bin" / "vitest").write_text("#!/bin/sh\n")
    (tmp_path / "node_modules" / ".bin").mkdir(parents=True)
    (tmp_path / "node_modules" / ".bin" / "jest").write_text("#!/bin/sh\n")
    local = str(web / "node_modules" / ".bin" / "vitest")
    assert execution.without_npx(["npx", "vitest", "run"], web, tmp_path) == (local, "run")
    # the workspace root's, then the bare name for the PATH (not found there: exit 127)
    assert execution.without_npx(["npx", "jest"], web, tmp_path) == (
        str(tmp_path / "node_modules" / ".bin" / "jest"),)
    assert execution.without_npx(["npx", "vitset", "run"], web, tmp_path) == ("vitset", "run")
    # npx options of its own, or another command: as given
    assert execution.without_npx(["npx", "-y", "vitest"], web) == ("npx", "-y", "vitest")
    assert execution.without_npx(["pytest", "-q"], web) == ("pytest", "-q")


def test_a_runner_refusing_an_option_of_the_tier_command_cannot_start(tmp_path: Path) -> None:
    """A misconfigured tier (an option the runner does not know) ran no test of the story:
    a runner that cannot start, not a failed run."""
    cfg = _config(f"""
        test_execution:
          tier_1:
            placement: [local]
            command: "{sys.executable} -m pytest --no-such-option"
    """)
    suite = _run(_project(tmp_path), cfg).suites[0]
    assert suite.exit_code == 4 and (suite.pass_count, suite.fail_count) == (0, 0)
    assert suite.stopped is not None and "unrecognized arguments: --no-such-option" in suite.stopped
    why = execution.runner_missing(suite)
    assert why is not None and why.endswith("fix test_execution.tier_1.command")


JEST_21_REFUSAL = ("import sys\nsys.stderr.write('[\\u25cf Unrecognized CLI Parameter:\\n\\n'\n"
                   "    '  Unrecognized option \"bogusFlag\".\\n\\n  CLI Options Documentation:\\n'\n"
                   "    '  http://facebook.github.io/jest/docs/cli.html\\n]\\n')\nsys.exit(1)\n")


def test_a_tier_run_as_written_whose_runner_refuses_its_option_cannot_start(
        tmp_path: Path) -> None:
    """`npm test -- --bogusFlag` runs as written (the review reads no report of it): jest 21
    refusing the option, the review had asked for changes, every P0 AC "not known to have
    run". The refusal of an option the command gives is the tier's misconfiguration."""
    root = _project(tmp_path)
    (root / "fake_jest.py").write_text(JEST_21_REFUSAL)
    suite = _run(root, _local_tier(f"{PY} fake_jest.py --bogusFlag")).suites[0]
    assert (suite.exit_code, suite.pass_count, suite.fail_count) == (1, 0, 0)
    assert suite.stopped == 'Unrecognized option "bogusFlag".'
    assert execution.runner_missing(suite) == (
        f"`{PY} fake_jest.py --bogusFlag`: the runner refused its command line (Unrecognized "
        'option "bogusFlag".); fix test_execution.tier_1.command')
    # a refusal of an option the command does not give (a test's own output) is no stop
    assert execution.refused_in_command("", "error: unknown option '--verbose'\n",
                                        ["make", "test", "--bogusFlag"]) is None
    assert execution.refused_in_command("", "error: unrecognized arguments: --bogus\n",
                                        ["tox", "--", "--bogus"]) == (
        "error: unrecognized arguments: --bogus")


@pytest.mark.parametrize("said", [
    "build cache is disabled by GOCACHE=off, but required as of Go 1.12",
    "build cache is required, but could not be located: GOCACHE is not defined and neither "
    "$XDG_CACHE_HOME nor $HOME are defined",
])
def test_go_without_its_build_cache_is_a_runner_that_cannot_start(said: str) -> None:
    """A rate limiter's review run where the shell exports `GOCACHE=off` (an old CI habit):
    go builds nothing, the story's tests never ran, and the review had asked for changes,
    every AC untested, a QA round spent. The machine's, as a runner not installed is."""
    suite = execution.Suite("tier_1", "go test -json ./...", 1, 0.1, 0, 0, False, True,
                            stopped=said)
    why = execution.runner_missing(suite)
    assert why is not None and said in why and "GOCACHE" in why
    # a test file that does not compile is the project's
    broken = replace(suite, stopped="rate/rate_test.go:5:2: undefined: x")
    assert execution.runner_missing(broken) is None


def test_go_tests_built_for_another_system_are_a_runner_that_cannot_start() -> None:
    """A rate limiter's review run in a shell that exports `GOOS=windows` to cross-compile:
    go built the test binary for Windows and this machine could not execute it; the review
    had asked for changes, every AC untested, a QA round spent."""
    said = "fork/exec /tmp/go-build36/b001/rate.test.exe: exec format error"
    suite = execution.Suite("tier_1", "go test -json ./...", 1, 0.1, 0, 0, False, True,
                            stopped=said)
    assert execution.runner_missing(suite) == (
        f"`go test -json ./...`: {said} (go built the tests for another system: unset GOOS "
        "and GOARCH, or set them to this machine's)")


def test_an_option_the_projects_own_config_adds_refused_is_the_projects_failure(
        tmp_path: Path) -> None:
    """pytest's `addopts` names an option no plugin defines: the tier's command is right,
    the project's configuration is not; its run failed (REQUEST_CHANGES), it was not
    misconfigured for the review (BLOCKED, "fix test_execution...")."""
    root = _project(tmp_path)
    (root / "pytest.ini").write_text("[pytest]\naddopts = --no-such-option\n")
    suite = _run(root, _local_tier(f"{sys.executable} -m pytest -q")).suites[0]
    assert suite.stopped is not None and "unrecognized arguments: --no-such-option" in suite.stopped
    assert execution.runner_missing(suite) is None


def test_a_measured_run_that_collected_no_test_says_so_not_that_coverage_may_be_missing(
        tmp_path: Path) -> None:
    """The story's test file does not parse: pytest reports its collection error and runs no
    test, so nothing was measured, coverage.py installed or not."""
    root = _project(tmp_path)
    evidence = _measured_run(root, PY, "def test_adds(:\n    pass\n")
    state = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    assert evidence.suites[0].exit_code == 2 and evidence.coverage_report is None
    assert not attribution.CoverageSetup(state, ("app.py",)).ran_a_test()
    assert "coverage: the test run ran no test (its collection failed or found none): " \
           "nothing was measured" in evidence.diagnostics
    # and the plugin says why it wrote no report where the run's output is kept
    assert "gaia_coverage_plugin: no coverage report" in (
        state / str(evidence.suites[0].stderr_log)).read_text()


def test_a_pytest_tier_that_collects_no_test_says_so(tmp_path: Path) -> None:
    """Exit 5: pytest collected nothing (its default python_files misses `tests.py`); its
    last line (`1 warning in 0.02s`, `no tests ran in 0.01s`) says nothing of why."""
    root = _project(tmp_path)
    (root / "tests.py").write_text("def test_x():\n    assert 1\n")
    cfg = _config(f"test_execution:\n  tier_1:\n    placement: [ci_pre_merge]\n"
                  f"    command: {PY} -m pytest -q -p no:cacheprovider --ignore=tests\n")
    suite = _run(root, cfg, context="ci_pre_merge").suites[0]
    assert (suite.exit_code, suite.pass_count, suite.stopped) == (5, 0, (
        "pytest collected no test: its default python_files (test_*.py, *_test.py) takes none "
        "of tests.py; name the file in the tier's command or set python_files in the "
        "project's pytest configuration"))
    # the project's own python_files is its rule: pytest's default is not why then
    (root / "pytest.ini").write_text("[pytest]\npython_files = check_*.py\n")
    suite = _run(root, cfg, context="ci_pre_merge").suites[0]
    assert (suite.exit_code, suite.stopped) == (5, "pytest collected no test")


def test_vitest_also_runs_each_test_file_whose_path_holds_a_story_file() -> None:
    """vitest reads `src/escape.spec.ts` as a part of a path, case aside (entities 7.0.0 beside
    a fixture tree of its own)."""
    files = ["src/escape.spec.ts", "src/escape.ts", "fixtures/src/escape.spec.ts",
             "old/SRC/Escape.spec.ts", "src/escape.spec.tsx", "src/decode.spec.ts"]
    assert execution.vitest_also_runs(["src/escape.spec.ts", "src/decode.spec.ts"], files) == [
        "fixtures/src/escape.spec.ts", "old/SRC/Escape.spec.ts", "src/escape.spec.tsx"]


@pytest.mark.parametrize(("command", "story", "expected"), [
    # no argument discovers from `.`: module names from the project's root
    ("python -m unittest", ["tests/test_a.py", "src/a.py"],
     (["-k", "tests.test_a.*"], ["tests/test_a.py"])),
    # `-s tests` is the top-level directory too: modules are named from it
    ("python -m unittest discover -s tests -v", ["tests/test_a.py", "tests/sub/test_b.py"],
     (["-k", "test_a.*", "-k", "sub.test_b.*"], ["tests/test_a.py", "tests/sub/test_b.py"])),
    # one file name: discovery imports the files of that name alone (`-p`)
    ("python -m unittest discover -s tests -t .", ["tests/test_a.py"],
     (["-k", "tests.test_a.*", "-p", "test_a.py"], ["tests/test_a.py"])),
    ("python -m unittest discover -s tests", ["tests/test_a.py", "tests/sub/test_a.py"],
     (["-k", "test_a.*", "-k", "sub.test_a.*", "-p", "test_a.py"],
      ["tests/test_a.py", "tests/sub/test_a.py"])),
    # the start, pattern and top-level directory as arguments (a pattern given so is left
    # alone), and `--pattern=`
    ("python -m unittest discover tests *_test.py .", ["tests/a_test.py", "tests/test_b.py"],
     (["-k", "tests.a_test.*"], ["tests/a_test.py"])),
    ("python -m unittest discover --pattern=check_*.py", ["check_a.py", "tests/test_b.py"],
     (["-k", "check_a.*", "-p", "check_a.py"], ["check_a.py"])),
    # a file outside the start directory, or not a module name, is not discovered
    ("python -m unittest discover -s tests", ["other/test_a.py", "tests/test-b.py"], None),
    # the project's own choice of tests, its own filter, an option not known here
    ("python -m unittest tests.test_a", ["tests/test_a.py"], None),
    ("python -m unittest discover -k slow", ["tests/test_a.py"], None),
    ("python -m unittest -kslow", ["tests/test_a.py"], None),
    ("python -m unittest discover --newflag", ["tests/test_a.py"], None),
    ("python -m unittest discover -s", ["tests/test_a.py"], None),
])
def test_a_unittest_tier_is_narrowed_to_the_story_modules_it_discovers(
        command: str, story: list[str], expected: tuple[list[str], list[str]] | None) -> None:
    argv = command.split()
    if expected is None:
        assert execution.scope_unittest(argv, story) == (argv, [])
    else:
        assert execution.scope_unittest(argv, story) == ([*argv, *expected[0]], expected[1])


def test_a_story_scoped_unittest_run_runs_the_story_modules_alone(tmp_path: Path) -> None:
    """webcolors' review ran its whole unittest suite for a story of two of its test files:
    discovered as before, only the story's modules' tests run; another module's failing
    test is neither run nor reported."""
    root = tmp_path / "proj"
    (root / "tests").mkdir(parents=True)
    (root / "tests" / "__init__.py").write_text("")
    (root / "tests" / "test_mine.py").write_text(
        "import unittest\n\n\nclass MineTests(unittest.TestCase):\n"
        "    def test_adds(self):\n        self.assertEqual(1 + 1, 2)\n")
    (root / "tests" / "test_theirs.py").write_text(
        "import unittest\n\n\nclass TheirTests(unittest.TestCase):\n"
        "    def test_breaks(self):\n        self.assertEqual(1, 2)\n")
    # another module that cannot import: not imported at all
    (root / "tests" / "test_yaml_io.py").write_text("import gaia_absent_yaml\n")
    (root / ".gaia").mkdir()
    suite = _run(root, _local_tier(f"{PY} -m unittest discover -s tests -t ."),
                 story_tests=("tests/test_mine.py",)).suites[0]
    assert suite.command.endswith(
        "discover -s tests -t . -k 'tests.test_mine.*' -p test_mine.py -v")
    assert (suite.pass_count, suite.fail_count, suite.exit_code) == (1, 0, 0)
    assert {(t.file, t.shown, t.outcome) for t in suite.tests} == {
        ("tests/test_mine.py", "MineTests::test_adds", "passed")}
    both = config.parse(f'test_execution:\n  tier_1:\n    placement: [local, ci_pre_merge]\n'
                        f'    command: "{PY} -m unittest discover -s tests -t ."\n')
    ci = _run(root, both, context="ci_pre_merge", story_tests=("tests/test_mine.py",)).suites[0]
    # as configured where the tier is not local: the other module's failure, and the one
    # that could not import
    assert (ci.pass_count, ci.fail_count) == (1, 2)
    assert [t.file for t in ci.tests if runner_output.uncollected_file(t)] == [
        "tests/test_yaml_io.py"]


def test_a_unittest_tier_reports_each_tests_outcome(tmp_path: Path) -> None:
    """webcolors' suite run by `python -m unittest`: its tests ran and passed, yet with only
    its exit code none of them counted for an AC ("not known to have run"). Run with `-v`,
    its report on stderr names each test and its outcome."""
    root = _tests_package(tmp_path, "test_shades.py", textwrap.dedent('''\
        import unittest


        class ShadeTests(unittest.TestCase):
            def test_lowercases(self):
                """A shade is written in lower case."""
                self.assertEqual("#abc".lower(), "#abc")

            def test_pads(self):
                self.assertEqual("#0a".zfill(4), "#0a0")

            @unittest.skip("not yet")
            def test_names(self):
                self.fail("never")
    '''))
    (root / ".gaia").mkdir()
    suite = _run(root, _local_tier(f"{PY} -m unittest")).suites[0]
    assert suite.command.endswith("-m unittest -v")
    assert (suite.pass_count, suite.fail_count, suite.skip_count, suite.exit_code) == (1, 1, 1, 1)
    assert not suite.exit_code_only
    assert {(t.file, t.shown, t.outcome) for t in suite.tests} == {
        ("tests/test_shades.py", "ShadeTests::test_lowercases", "passed"),
        ("tests/test_shades.py", "ShadeTests::test_pads", "failed"),
        ("tests/test_shades.py", "ShadeTests::test_names", "skipped")}


def test_a_long_runner_line_keeps_its_end_where_go_says_the_cause() -> None:
    """go-runewidth's tests with the Debian copy of its dependency moved away: `go` chains
    what it was doing before the cause (`go: <module> (replaced by <dir>): reading <file>:
    open <file>: no such file or directory`), a line longer than the 200 characters said: its
    start and its end are kept, the middle cut at a space."""
    where = "/srv/deps/usr/share/gocode/src/github.com/rivo/uniseg"
    stderr = (f"go: github.com/rivo/uniseg@v0.2.0 (replaced by {where}): reading "
              f"{where}/go.mod: open {where}/go.mod: no such file or directory\n") * 2
    said = execution.runner_error("", stderr)
    assert len(said) <= 200
    assert said.startswith("go: github.com/rivo/uniseg@v0.2.0 (replaced by ")
    assert said.endswith(" … no such file or directory")


def test_a_story_s_pytest_run_is_not_failed_by_the_suite_s_coverage_threshold(
        tmp_path: Path) -> None:
    """A project whose pytest configuration runs pytest-cov with `--cov-fail-under=100`: a run
    of the story's one test file measured half the package and failed (exit 1, 2 passed), and
    the review asked for changes to a story whose every test passed. pytest-cov is turned off
    for a story's run (the review measures coverage itself); the whole suite's run keeps the
    project's threshold, its data file kept apart."""
    root = _project(tmp_path)
    (root / "tests" / "test_bad.py").unlink()
    (root / "app").mkdir()
    (root / "app" / "__init__.py").write_text("")
    (root / "app" / "calc.py").write_text("def add(a, b):\n    return a + b\n")
    (root / "app" / "words.py").write_text("def shout(s):\n    return s.upper()\n")
    (root / "tests" / "test_calc.py").write_text(
        "from app.calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n")
    (root / "tests" / "test_ok.py").write_text(
        "from app.words import shout\n\n\ndef test_shout():\n    assert shout('a') == 'A'\n")
    (root / "pyproject.toml").write_text(
        "[tool.pytest.ini_options]\naddopts = \"--cov=app --cov-fail-under=100\"\n"
        "pythonpath = [\".\"]\n")
    cfg = _local_tier(f"{PY} -m pytest -q -p no:cacheprovider tests")
    story = _run(root, cfg, story_tests=("tests/test_ok.py",)).suites[0]
    assert (story.exit_code, story.pass_count, story.fail_count) == (0, 1, 0)
    assert "--no-cov" in story.command
    whole = _run(root, cfg).suites[0]
    assert (whole.exit_code, whole.pass_count) == (0, 2)  # the suite meets it
    assert "--no-cov" not in whole.command
    # its data file is kept with the evidence, not left in the project for the File List
    # check to read as the story's change
    assert not (root / ".coverage").exists()
    assert (root / ".gaia/state/review/qa-tests/E1-S1/tier_1-pytest-cov.coverage").is_file()
    # the whole suite missing it fails, and says why: not "exited 1 (3 passed, 0 failed)"
    (root / "app" / "calc.py").write_text("def add(a, b):\n    return a + b\n\n\n"
                                          "def sub(a, b):\n    return a - b\n")
    short = _run(root, cfg).suites[0]
    assert (short.exit_code, short.pass_count, short.fail_count) == (1, 2, 0)
    assert short.failed_after == ("FAIL Required test coverage of 100% not reached. Total "
                                  "coverage: 83.33%")


def test_a_narrowed_pytest_run_collecting_doctests_runs_the_storys_sources_doctests(
        tmp_path: Path) -> None:
    """glom runs `pytest --doctest-modules` over its package, and its `mutation.py` holds
    doctests: a run narrowed to the story's test files had run none of them (`29 passed`)."""
    root = _project(tmp_path)
    (root / "tests" / "test_bad.py").unlink()
    (root / "app").mkdir()
    (root / "app" / "__init__.py").write_text("")
    (root / "app" / "calc.py").write_text(
        'def add(a, b):\n    """Add.\n\n    >>> add(2, 3)\n    5\n    """\n    return a + b\n')
    (root / "app" / "plain.py").write_text("def one():\n    return 1\n")
    cfg = _local_tier(f"{PY} -m pytest -q -p no:cacheprovider --doctest-modules")
    sources = ("app/calc.py", "app/plain.py")
    suite = _run(root, cfg, story_tests=("tests/test_ok.py",), story_sources=sources).suites[0]
    assert (suite.exit_code, suite.pass_count, suite.fail_count) == (0, 3, 0)
    assert suite.command.endswith("tests/test_ok.py app/calc.py")  # no doctest in plain.py
    assert suite.as_json()["story_doctest_files"] == ["app/calc.py"]
    assert "app/calc.py::app.calc.add" in {f"{t.file}::{t.name}" for t in suite.tests}
    # a doctest that fails says which example, what it expected and what it got
    (root / "app" / "calc.py").write_text(
        'def add(a, b):\n    """Add.\n\n    >>> add(2, 3)\n    6\n    """\n    return a + b\n')
    suite = _run(root, cfg, story_tests=("tests/test_ok.py",), story_sources=sources).suites[0]
    (failed,) = [t for t in suite.tests if t.outcome == runner_output.FAILED]
    assert failed.message == "`>>> add(2, 3)` at line 4: expected `6`, got `5`"
    # the project's addopts collect them just as well; a run not narrowed, or one that does
    # not collect doctests, is given no source
    (root / "pytest.ini").write_text("[pytest]\naddopts = --doctest-modules\n")
    plain = _local_tier(f"{PY} -m pytest -q -p no:cacheprovider")
    suite = _run(root, plain, story_tests=("tests/test_ok.py",), story_sources=sources).suites[0]
    assert suite.as_json()["story_doctest_files"] == ["app/calc.py"]
    (root / "pytest.ini").unlink()
    suite = _run(root, plain, story_tests=("tests/test_ok.py",), story_sources=sources).suites[0]
    assert "story_doctest_files" not in suite.as_json() and "app/" not in suite.command
    assert _run(root, cfg, story_sources=sources).suites[0].doctests == ()


def test_a_unittest_module_and_class_not_in_capwords_are_found_in_their_file(
        tmp_path: Path) -> None:
    # parsedatetime's tests/TestNlp.py holds `class test(unittest.TestCase)`: its JUnit
    # classname `tests.TestNlp.test` had been read as the file tests/TestNlp/test.py
    root = _tests_package(tmp_path, "TestWords.py", "import unittest\n\n\n"
                          "class test(unittest.TestCase):\n"
                          "    def testFindsNoon(self):\n"
                          "        self.assertEqual('at noon'.split()[1], 'noon')\n")
    cfg = _config(f"""
        test_execution:
          tier_1:
            placement: [local]
            command: {PY} -m pytest -q -p no:cacheprovider
    """)
    suite = _run(root, cfg, story_tests=("tests/TestWords.py",)).suites[0]
    assert [(t.file, t.path, t.outcome) for t in suite.tests] == [
        ("tests/TestWords.py", ("test::testFindsNoon",), "passed")]


def test_a_pytest_skip_whose_reason_is_todo_is_counted_a_skip() -> None:
    """pytest has no todo: `@pytest.mark.skip(reason="todo")` is one of its `2 skipped`, not
    vitest's `1 todo`."""
    skips = (runner_output.TestOutcome("test_swap", "skipped", "tests/t.py", "todo"),
             runner_output.TestOutcome("test_revert", "skipped", "tests/t.py", "flaky"))
    suite = execution.Suite(name="tier_1", command="pytest", exit_code=0, duration_seconds=0.1,
                            pass_count=3, fail_count=0, timeout=False, required=True,
                            skip_count=2, tests=skips, runner="pytest")
    data = suite.as_json()
    assert data["skip_count"] == 2 and "todo_count" not in data
    vitest = replace(suite, command="vitest run", runner="vitest")
    assert vitest.as_json()["todo_count"] == 1  # vitest's `it.todo` is counted apart


def test_a_posttest_lint_that_failed_is_said_by_its_own_error_not_the_tests_output(
        tmp_path: Path) -> None:
    """`"test": "vitest", "posttest": "npm run lint"`: every test passed, vite warned on
    stderr of the config it loaded, and eslint's stylish report failed the run on stdout. The
    run had been said to fail after its tests with vite's warning."""
    stdout = ("\n> links@1.0.0 test\n> vitest\n\n RUN  v4.1.0 /p\n\n Tests  12 passed (12)\n\n"
              "> links@1.0.0 posttest\n> npm run lint\n\n\n> links@1.0.0 lint\n> eslint .\n\n"
              f"{tmp_path}/src/links.ts\n"
              "   3:1   warning  Unexpected console statement  no-console\n"
              "  14:9   error    'unused' is assigned a value but never used  no-unused-vars\n\n"
              "✖ 2 problems (1 error, 1 warning)\n\n")
    stderr = ("(!) Your Vite config uses features that are unsupported.\n"
              "Set `VITE_CONFIG_NATIVE_IGNORE_WARNING=true` to suppress this warning.\n")
    ran = proc.ToolResult(("npm", "test"), 1, stdout, stderr, 1.0)
    assert execution._after_tests(ran, 12, 0, tmp_path) == (
        "npm's `posttest` script (`npm run lint`) failed after the `test` script passed: "
        "src/links.ts:14:9: 'unused' is assigned a value but never used no-unused-vars")


def test_a_module_unittest_could_not_import_beside_the_tests_it_ran_is_said(
        tmp_path: Path) -> None:
    """`python -m unittest discover tests -k 'test_render.*'`: the story's four tests passed,
    and discovery failed to import another module (a package it imports is not installed),
    whose stand-in test `-k` does not filter out. The run had read "exited 1 (4 passed, 0
    failed)" and nothing of why."""
    stderr = ("test_cli (unittest.loader._FailedTest.test_cli) ... ERROR\n"
              "test_bold (test_render.TestRender.test_bold) ... ok\n"
              "test_code (test_render.TestRender.test_code) ... ok\n"
              "test_link (test_render.TestRender.test_link) ... ok\n"
              "test_list (test_render.TestRender.test_list) ... ok\n\n"
              "======================================================================\n"
              "ERROR: test_cli (unittest.loader._FailedTest.test_cli)\n"
              "----------------------------------------------------------------------\n"
              "ImportError: Failed to import test module: test_cli\n"
              "Traceback (most recent call last):\n"
              '  File "/p/tests/test_cli.py", line 4, in <module>\n'
              "    import click\n"
              "ModuleNotFoundError: No module named 'click'\n\n\n"
              "----------------------------------------------------------------------\n"
              "Ran 5 tests in 0.010s\n\nFAILED (errors=1)\n")
    ran = proc.ToolResult(("python", "-m", "unittest"), 1, "", stderr, 0.1)
    assert execution._after_tests(ran, 4, 0, tmp_path) == (
        "unittest could not load test_cli: ModuleNotFoundError: No module named 'click'")


def test_pytest_cov_not_installed_for_the_configs_cov_is_its_plugin_not_the_tier_command(
        tmp_path: Path) -> None:
    """tox.ini's `addopts` has pytest-cov measure (`--cov=textwidth`) and the project
    declares pytest-cov, which is not installed: pytest 9 refuses those options and the
    review's own `--no-cov`, under its `python -m pytest` prog. Neither that prog's `-m` nor
    `--no-cov` is an option of the tier's command: the plugin is missing, not the command
    misconfigured."""
    (tmp_path / "tox.ini").write_text("[pytest]\naddopts = --cov-append --cov=textwidth\n")
    (tmp_path / "requirements-tests.txt").write_text("pytest\npytest-cov\n")
    stopped = ("python -m pytest: error: unrecognized arguments: --cov-append "
               "--cov=textwidth --no-cov")
    suite = execution.Suite(
        name="tier_1", command=".venv/bin/python -m pytest -p gaia_coverage_plugin -q "
        "--junitxml=out.xml --no-cov tests/test_width.py", exit_code=4, duration_seconds=0.3,
        pass_count=0, fail_count=0, timeout=False, required=True, stopped=stopped)
    assert execution.runner_missing(suite) is None
    why = execution.cannot_run(suite, tmp_path)
    assert why is not None and why.startswith("pytest-cov, the pytest plugin defining --cov ")
    assert "requirements-tests.txt declares it" in why
    # an option the tier's command writes itself is still the command's
    own = replace(suite, command=suite.command.replace(" -q", " -q --cov=textwidth"))
    assert (execution.runner_missing(own) or "").endswith("fix test_execution.tier_1.command")
