from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Sequence

import pytest

from gaia_lib.core import schema
from gaia_lib.evidence import execution, outcomes, runner_output
from gaia_lib.evidence.testcases import split_tests
from gaia_lib.review_qa import report as qa_report

GOOD = """## Deterministic Analysis

table

## LLM Semantic Review

### Critical

None.

**Verdict: APPROVE**
"""


@pytest.mark.parametrize(
    ("payload", "problems"),
    [
        (GOOD, []),
        (GOOD.replace("## Deterministic Analysis", "## Analysis"),
         ["missing '## Deterministic Analysis' section"]),
        (GOOD.replace("## LLM Semantic Review", "LLM review"),
         ["missing '## LLM Semantic Review' section"]),
        (GOOD.replace("**Verdict: APPROVE**", "Verdict: APPROVE"),
         ["last line is not '**Verdict: APPROVE|REQUEST_CHANGES|BLOCKED**'"]),
        (GOOD.replace("**Verdict: APPROVE**", "**Verdict: LGTM**"),
         ["last line is not '**Verdict: APPROVE|REQUEST_CHANGES|BLOCKED**'"]),
        (GOOD + "trailing words\n", ["last line is not '**Verdict: APPROVE|REQUEST_CHANGES|BLOCKED**'"]),
        ("", ["missing '## Deterministic Analysis' section", "missing '## LLM Semantic Review' section",
              "last line is not '**Verdict: APPROVE|REQUEST_CHANGES|BLOCKED**'"]),
    ],
)
def test_payload_problems(payload: str, problems: list[str]) -> None:
    assert qa_report.payload_problems(payload) == problems


def test_assemble_ends_with_the_resolvers_verdict_and_notes_a_disagreement() -> None:
    text, complete = qa_report.assemble("# QA Review: E1-S1", GOOD, "REQUEST_CHANGES")
    assert complete
    lines = text.rstrip("\n").splitlines()
    assert lines[-1] == "**Verdict: REQUEST_CHANGES**"
    assert "**Verdict: APPROVE**" not in text
    assert "Note: the payload proposed APPROVE; the verdict resolver decided REQUEST_CHANGES." in text


def test_assemble_marks_a_malformed_payload_incomplete() -> None:
    text, complete = qa_report.assemble("# QA Review: E1-S1", "just some prose", "BLOCKED")
    assert not complete
    assert text.startswith("[INCOMPLETE] The review payload was malformed: missing")
    assert "just some prose" in text
    assert text.rstrip("\n").splitlines()[-1] == "**Verdict: BLOCKED**"


def test_prompt_hash_is_sha256_of_prompt_then_analysis() -> None:
    expected = hashlib.sha256(b"system" + b'{"a": 1}').hexdigest()
    assert qa_report.prompt_hash("system", b'{"a": 1}') == f"sha256:{expected}"


def test_render_deterministic_lists_checks_acs_and_findings() -> None:
    analysis = {
        "checks": [
            {"name": "ac-coverage", "status": "failed", "findings": [
                {"file": "story.md", "line": 12, "severity": "critical", "rule": "missing-ac-coverage",
                 "message": "AC2 has no test", "blocking": True}]},
            {"name": "branch-coverage", "status": "skipped", "skip_reason": "no coverage report"},
        ],
        "coverage": {"percent": 50.0, "per_ac": [
            {"ac_id": "AC1", "matched": True, "test_count": 2, "matched_by": "id", "priority": "P0",
             "tests": ["tests/t.py::test_ac1", "tests/t.py::test_ac1_again"],
             "matches": [{"test": "tests/t.py::test_ac1", "how": "id"},
                         {"test": "tests/t.py::test_ac1_again", "how": "text",
                          "reason": "Then literal 422 asserted"}]},
            {"ac_id": "AC2", "matched": False, "test_count": 0, "matched_by": None,
             "excluded": {"tests/t.py::test_ac2": "is a placeholder, empty body"}}]},
        "unattributed_tests": ["tests/t.py::test_x"],
        "unattributed_story_keys": {"tests/t.py::test_x": ["E1-S3"]},
        "gate_warnings": ['{"warning":"file-list-divergence","reason":"divergence",'
                          '"missing_from_file_list":["src/a.py"],"extra_in_file_list":[]}'],
    }
    text = qa_report.render_deterministic(analysis)
    assert text.startswith("## Deterministic Analysis\n")
    assert "| ac-coverage | failed | 1 |" in text
    assert "| branch-coverage | skipped (no coverage report) | 0 |" in text
    assert "| AC1 | P0 | yes | 2 | id |" in text
    assert "| AC2 | — | no | 0 | — |" in text
    assert "  - `tests/t.py::test_ac1` — matched by id\n" in text
    assert ("  - `tests/t.py::test_ac1_again` — matched by text (reason: Then literal 422 "
            "asserted)") in text
    assert "  - `tests/t.py::test_ac2` — does not count: is a placeholder, empty body" in text
    assert "- [critical] ac-coverage/missing-ac-coverage story.md:12 — AC2 has no test" in text
    assert "- tests/t.py::test_x (E1-S3)" in text
    assert ("- The File List and the branch's changes diverge — changed on the branch but "
            "missing from the File List: src/a.py.") in text
    assert '{"warning"' not in text


def test_the_story_codes_lines_and_branches_as_run_are_shown_per_file() -> None:
    analysis = {"checks": [{"name": "branch-coverage", "status": "passed", "findings": [],
                            "scope": "tiers-coverage.lcov",
                            "measured": [{"file": "src/defu.ts", "lines": 32,
                                          "lines_covered": 32, "branches": 12,
                                          "branches_taken": 10},
                                         {"file": "src/plain.ts", "lines": 3,
                                          "lines_covered": 2, "branches": 0,
                                          "branches_taken": 0}]}],
                "coverage": {"percent": 0.0, "per_ac": []}}
    text = qa_report.render_deterministic(analysis)
    assert ("The story's code as the tests ran it (tiers-coverage.lcov):\n"
            "- src/defu.ts: 32 of 32 (100%) lines, 10 of 12 (83%) branches taken\n"
            "- src/plain.ts: 2 of 3 (67%) lines\n") in text
    # a Go profile's files by their statements, the figure `go test -cover` gives (httprouter's
    # path.go: 32 of its 44 statements, though its blocks' lines say 60 of 82)
    go = {"checks": [{"name": "branch-coverage", "status": "passed", "findings": [],
                      "scope": "tier_1-cover.out",
                      "measured": [{"file": "path.go", "lines": 82, "lines_covered": 60,
                                    "branches": 0, "branches_taken": 0, "statements": 44,
                                    "statements_covered": 32}]}],
          "coverage": {"percent": 0.0, "per_ac": []}}
    assert ("The story's code as the tests ran it (tier_1-cover.out):\n"
            "- path.go: 32 of 44 (73%) statements\n") in qa_report.render_deterministic(go)
    # rounded as coverage.py rounds, never to the whole short of it, nor to nothing above it
    edges = {"checks": [{"name": "branch-coverage", "status": "passed", "findings": [],
                         "scope": "coverage.json",
                         "measured": [{"file": "a.py", "lines": 200, "lines_covered": 199,
                                       "branches": 200, "branches_taken": 1}]}],
             "coverage": {"percent": 0.0, "per_ac": []}}
    assert "- a.py: 199 of 200 (99%) lines, 1 of 200 (1%) branches taken\n" in \
        qa_report.render_deterministic(edges)
    skipped = {"checks": [{"name": "branch-coverage", "status": "skipped",
                           "skip_reason": "no coverage report"}], "coverage": {}}
    assert "as the tests ran it" not in qa_report.render_deterministic(skipped)


def test_an_uncovered_acs_nearest_tests_are_shown_as_not_counted() -> None:
    nearest = {"test": "t.py::test_str", "how": ["name"], "score": 2.7, "evidence": ["str"]}
    why = {**nearest, "test": "t.py::test_repr", "why": "it counts for AC2"}
    # a test whose table denies the AC (score 0) resembles it by nothing: only why is said
    denies = {"test": "t.py::test_parse", "how": ["literal"], "score": 0.0, "evidence": ["P1D"],
              "why": "its table gives `P1D` another value than `1 day`: (\"P1D\", \"2 days\")"}
    lines = qa_report.render_matches([
        {"ac_id": "AC1", "matched": False, "tests": [],
         "candidates": [denies, nearest, why]},
        {"ac_id": "AC2", "matched": True, "tests": ["t.py::b"], "candidates": [nearest],
         "matches": [{"test": "t.py::b", "how": ["id"]}]}])
    assert lines == ["", "Tests per AC:", "- AC1:",
                     "  - `t.py::test_parse` — nearest, not counted (its table gives `P1D` "
                     "another value than `1 day`: (\"P1D\", \"2 days\"))",
                     "  - `t.py::test_str` — nearest, not counted: resembles it by name "
                     "(evidence: str; score: 2.7)",
                     "  - `t.py::test_repr` — nearest, not counted (it counts for AC2): "
                     "resembles it by name (evidence: str; score: 2.7)",
                     "- AC2:", "  - `t.py::b` — matched by id"]


def test_uncounted_tests_name_their_story_or_are_counted_per_file() -> None:
    lines = qa_report.render_unattributed(
        ["tests/a.py::test_x", "tests/b.py::test_1", "tests/b.py::test_2", "tests/c.py::test_3"],
        {"tests/a.py::test_x": ["E1-S3"], "tests/b.py::test_1": []})
    assert lines == ["", "Tests of other stories (not counted):", "- tests/a.py::test_x (E1-S3)",
                     "", "Tests outside the story's File List, naming no story (not counted): "
                     "3 in 2 file(s):", "- tests/b.py: 2", "- tests/c.py: 1"]
    assert qa_report.render_unattributed([], {}) == []


def test_uncounted_tests_say_which_directories_were_looked_at() -> None:
    """cheerio's story of `src/api/` had its neighbourhood read (`src/api`, `src/__tests__`):
    the count of tests outside it is not the whole suite, whose `src/*.spec.ts` went unread."""
    lines = qa_report.render_unattributed(
        ["src/api/css.spec.ts::a", "src/__tests__/xml.spec.ts::b"], {},
        {"mode": "file-list", "dirs": ["src/__tests__", "src/api"]})
    assert lines[1] == ("Tests outside the story's File List, naming no story (not counted), "
                        "in the directories looked at (src/__tests__, src/api): 2 in 2 file(s):")
    whole = qa_report.render_unattributed(["src/a.spec.ts::a"], {}, {"mode": "full",
                                                                      "dirs": ["."]})
    assert whole[1] == "Tests outside the story's File List, naming no story (not counted): " \
                       "1 in 1 file(s):"


def test_uncounted_tests_name_a_directory_without_the_ones_inside_it() -> None:
    """A directory is looked at with every directory below it: js-search's story had read
    "in the directories looked at (source, source/SearchIndex, source/Tokenizer)" above its
    tests of `source/Sanitizer`, which `source` holds."""
    lines = qa_report.render_unattributed(
        ["lib/Parser/Trim.test.js::a", "lib/Cache.test.js::b"], {},
        {"mode": "file-list", "dirs": [".", "lib", "lib/Index", "lib/Parser", "spec"]})
    assert lines[1] == ("Tests outside the story's File List, naming no story (not counted), "
                        "in the directories looked at (., lib, spec): 2 in 2 file(s):")


def test_the_matchers_records_read_as_words() -> None:
    lines = qa_report.render_matches([{"ac_id": "AC2", "matched": True, "tests": ["t.py::a"],
                                       "matches": [{"test": "t.py::a", "how": ["name", "raises"],
                                                    "score": 2.5, "evidence": ["ValueError"]}]}])
    assert lines[-1] == ("  - `t.py::a` — matched by name, raises (evidence: ValueError; "
                         "score: 2.5)")


def test_a_literal_that_is_punctuation_or_holds_a_comma_is_quoted_in_the_evidence() -> None:
    # headers-polyfill's AC said values are "joined by `, `": the evidence had read
    # `listtoheaders, header, Headers, ,`, its last literal lost among the separators
    lines = qa_report.render_matches([{"ac_id": "AC7", "matched": True, "tests": ["t.ts::a"],
                                       "matches": [{"test": "t.ts::a", "how": ["name", "literal"],
                                                    "score": 4.0,
                                                    "evidence": ["header", "Headers", ", ",
                                                                 "a, b"]}]}])
    assert lines[-1] == ('  - `t.ts::a` — matched by name, literal (evidence: header, Headers, '
                         '", ", "a, b"; score: 4.0)')


def test_match_records_without_matches_fall_back_to_matched_by() -> None:
    lines = qa_report.render_matches([{"ac_id": "AC1", "matched": True, "matched_by": "id",
                                       "tests": ["t.py::test_a"]}])
    assert lines == ["", "Tests per AC:", "- AC1:", "  - `t.py::test_a` — matched by id"]


def test_a_run_that_stopped_before_its_tests_is_said_so_not_counted() -> None:
    evidence = {"suites": [{"name": "tier_1", "exit_code": 4, "pass_count": 0,
                            "fail_count": 0, "stopped": "ModuleNotFoundError: No module named "
                            "'attr'", "stdout_log": "tier_1-stdout.log"}]}
    assert qa_report.render_run(evidence, "ev") == (
        "- test run: tier_1 exited 4 before running any test: ModuleNotFoundError: No module "
        "named 'attr'; its output: ev/tier_1-stdout.log\n")


def test_a_failed_run_counts_the_story_tests_it_never_reached() -> None:
    """golang-set's panic in `Test_PowerSet` left 19 of its 54 tests unrun: the run line read
    "34 passed, 1 failed", as if 35 tests were all there were."""
    evidence = {"suites": [{"name": "tier_1", "exit_code": 1, "pass_count": 34,
                            "fail_count": 1}]}
    assert qa_report.render_run(evidence, "ev", {"tier_1": 19}) == (
        "- test run: tier_1 exited 1 (34 passed, 1 failed, 19 never ran)\n")
    assert qa_report.render_run(evidence, "ev", {"tier_2": 3}) == (
        "- test run: tier_1 exited 1 (34 passed, 1 failed)\n")


def test_a_failed_test_of_a_shared_title_is_named_as_the_review_names_it() -> None:
    """Two groups both named `trim` each declare `removes blanks`; the second failed. The
    runner names it by the title the two share, and the run line had named the first, which
    passed: it names the one the review's findings say failed, ` #2`; where both failed,
    each in the order they are declared."""
    failed = {"file": "dist/text.spec.js", "name": "text > trim > removes blanks",
              "message": "expected 'a ' to be 'a'"}
    evidence = {"suites": [{"name": "tier_1", "exit_code": 1, "pass_count": 5,
                            "fail_count": 1, "failed_tests": [failed]}]}
    second = "dist/text.spec.js::text > trim > removes blanks #2"
    assert qa_report.render_run(evidence, "ev", None, {second}).splitlines()[1] == (
        f"  - failed: `{second}`: expected 'a ' to be 'a'")
    both = {"suites": [{**evidence["suites"][0], "fail_count": 2,
                        "failed_tests": [failed, failed]}]}
    assert [line.split("`")[1] for line in qa_report.render_run(
        both, "ev", None, {second, second.removesuffix(" #2")}).splitlines()[1:]] == [
        "dist/text.spec.js::text > trim > removes blanks", second]


def _run_line(junit: str, exit_code: int, stdout_log: str | None = None,
              runner: str | None = None) -> str:
    """The report's run line of a pytest run whose junit report is `junit`, as the review
    builds it: the runner's report read, the suite's evidence written, the line rendered."""
    parsed = runner_output.parse_junit_xml(junit)
    ran = execution.Suite("tier_1", "pytest", exit_code, 0.2, parsed.passed,
                          parsed.failed + parsed.errors, False, True,
                          skip_count=parsed.skipped, tests=parsed.tests, stdout_log=stdout_log,
                          runner=runner)
    return qa_report.render_run({"suites": [ran.as_json()]}, "ev")


def test_a_test_file_pytest_could_not_collect_is_named_by_its_path_not_as_a_failed_test(
        ) -> None:
    """portion 2.6.0's tests/test_dict.py with an unclosed parenthesis: pytest's summary says
    `1 error`, its junit report a testcase named `tests.test_dict`; the run line said `0
    passed, 1 failed` and `failed: `tests.test_dict``, a dotted name no test has."""
    junit = ('<testsuites><testsuite name="pytest" errors="1" failures="0" skipped="0" '
             'tests="1"><testcase classname="" name="tests.test_dict" time="0.000"><error '
             'message="collection failure">.venv/lib/python3.11/site-packages/_pytest/python.py'
             ':528: in importtestmodule\n    mod = import_path(\nE     File "/tmp/p/tests/'
             'test_dict.py", line 42\nE       def test_set(self:\nE                   ^\n'
             "E   SyntaxError: '(' was never closed</error></testcase></testsuite>"
             "</testsuites>")
    assert _run_line(junit, 2, stdout_log="tier_1-stdout.log") == (
        "- test run: tier_1 exited 2 (0 passed, 0 failed, 1 test file(s) not collected); its "
        "output: ev/tier_1-stdout.log\n"
        "  - not collected: `tests/test_dict.py`: SyntaxError: '(' was never closed "
        "(tests/test_dict.py:42)\n")


def test_the_storys_tests_no_ac_counts_are_named_not_left_out_of_the_report() -> None:
    """portion 2.6.0's IntervalDict story: `test_or_ior` (the `|` AC's test, missed) and
    `test_repr` (of no AC) counted for nothing and were named nowhere in the report; a
    test of the story outside its File List, named after its key, neither."""
    per = "tests/test_dict.py::TestIntervalDict::"
    ids = [per + name for name in ("test_set", "test_or_ior", "test_repr", "test_find",
                                   "test_copy", "test_clear")] + [
        "tests/test_io.py::test_e1_s1_lookup_after_from_string", "tests/test_io.py::test_to_string"]
    analysis: dict[str, object] = {
        "test_cases": [{"id": test} for test in ids],
        "unattributed_tests": ["tests/test_io.py::test_to_string"],
        "coverage": {"per_ac": [
            {"ac_id": "AC3", "matched": True, "tests": [per + "test_set"]},
            {"ac_id": "AC8", "matched": False, "tests": [],
             "excluded": {per + "test_find": "failed in this run"}},
            {"ac_id": "AC10", "matched": False, "tests": [],
             "candidates": [{"test": per + "test_copy", "why": "too little"}]}]}}
    assert qa_report.render_unmatched(analysis) == [
        "", "The story's tests that count for no AC and are no AC's nearest (4):",
        f"- `{per}test_clear`", f"- `{per}test_or_ior`", f"- `{per}test_repr`",
        "- `tests/test_io.py::test_e1_s1_lookup_after_from_string`"]
    assert qa_report.render_unmatched({**analysis, "unattributed_tests": ids}) == []
    # jsonpointer's review headed its two such tests "The story's tests no AC counts, nor
    # names as nearest", read at first as a sentence missing its verb
    # natsort's test made `assert natsorted(given) == natsorted(given)` matched no AC, and
    # was listed with no word of why: what its checks only ask comes first, said
    why = {per + "test_repr": "only checks that a result exists (assert repr(d) == repr(d))"}
    assert qa_report.render_unmatched({**analysis, "unmatched_checks": why})[1:3] == [
        "The story's tests that count for no AC and are no AC's nearest (4):",
        f"- `{per}test_repr` — only checks that a result exists (assert repr(d) == repr(d))"]


def test_one_test_past_the_unmatched_limit_is_named_not_counted() -> None:
    """pyrsistent's PDeque story left eleven tests counting for no AC: the report named ten
    and ended `- and 1 more`, a line as long as the test's name would have been, and that
    test was in no other line of it; twelve still end with a count."""
    ids = [f"tests/deque_test.py::test_{n:02d}" for n in range(qa_report.UNMATCHED_SHOWN + 2)]

    def listed(count: int) -> list[str]:
        return qa_report.render_unmatched({"test_cases": [{"id": t} for t in ids[:count]],
                                           "coverage": {"per_ac": []}})[2:]

    eleven = listed(qa_report.UNMATCHED_SHOWN + 1)
    assert eleven[-1] == f"- `{ids[qa_report.UNMATCHED_SHOWN]}`" and len(eleven) == 11
    twelve = listed(qa_report.UNMATCHED_SHOWN + 2)
    assert twelve[-1] == "- and 2 more" and len(twelve) == 11

def test_a_test_whose_setup_raised_is_in_error_as_pytest_counts_it_not_failed() -> None:
    """portion 2.6.0's tests/test_dict.py with a test whose fixture raises and one failing
    assertion: pytest says `1 failed, 1 error`; the run line said `2 failed`."""
    case = '<testcase classname="tests.test_dict" name="{}" time="0.000">{}</testcase>'
    junit = ("<testsuites><testsuite name=\"pytest\" errors=\"1\" failures=\"1\" tests=\"3\">"
             + case.format("test_find_with_fixture", '<error message="failed on setup with '
                           '&quot;RuntimeError: fixture could not build the dict&quot;">E  '
                           "RuntimeError</error>")
             + case.format("test_repr", '<failure message="AssertionError: assert \'{[0,3]: '
                           "0}' == '{}'\">E  AssertionError</failure>")
             + case.format("test_find", "") + "</testsuite></testsuites>")
    assert _run_line(junit, 1, runner="pytest") == (
        "- test run: tier_1 exited 1 (1 passed, 1 failed, 1 error)\n"
        "  - error: `tests/test_dict.py::test_find_with_fixture`: failed on setup with "
        "\"RuntimeError: fixture could not build the dict\"\n"
        "  - failed: `tests/test_dict.py::test_repr`: AssertionError: assert '{[0,3]: 0}' == "
        "'{}'\n")


def test_an_expected_failure_is_counted_as_pytest_counts_it_not_as_a_skip() -> None:
    """portion 2.6.0's test_set marked `xfail` and failing: pytest says `34 passed, 1
    xfailed`; the run line said `34 passed, 1 skipped`."""
    case = '<testcase classname="tests.test_dict.TestIntervalDict" name="{}" time="0.001">{}' \
           '</testcase>'
    junit = ('<testsuites><testsuite name="pytest" errors="0" failures="0" skipped="2" '
             'tests="4">' + case.format("test_set", '<skipped type="pytest.xfail" '
                                        'message="not yet" />')
             + case.format("test_repr", '<skipped type="pytest.skip" message="slow" />')
             + case.format("test_find", "") + case.format("test_copy", "")
             + "</testsuite></testsuites>")
    assert _run_line(junit, 0) == (
        "- test run: tier_1 passed (2 passed, 1 skipped, 1 xfailed) in 0.2 s\n")


def test_an_expected_failure_that_passed_is_counted_as_pytest_counts_it() -> None:
    """pyrsistent's test_reverse marked `xfail` and passing: pytest says `38 passed, 1
    skipped, 1 xpassed`; its JUnit report writes a pass, which the review's plugin marks with
    a property, and the run line said `39 passed, 1 skipped`."""
    case = '<testcase classname="tests.deque_test" name="{}" time="0.001">{}</testcase>'
    marked = (f'<properties><property name="{runner_output.XPASSED_PROPERTY}" '
              'value="later" /></properties>')
    junit = ('<testsuites><testsuite name="pytest" errors="0" failures="0" skipped="1" '
             'tests="4">' + case.format("test_reverse", marked)
             + case.format("test_rotate_left", '<skipped type="pytest.skip" message="no" />')
             + case.format("test_append", "") + case.format("test_extend", "")
             + "</testsuite></testsuites>")
    assert _run_line(junit, 0) == (
        "- test run: tier_1 passed (2 passed, 1 skipped, 1 xpassed) in 0.2 s\n")

def test_a_plugins_checks_of_a_test_file_are_named_apart_from_its_tests() -> None:
    """dictdiffer's pytest.ini adds `--isort --pycodestyle`: pytest counts the two checks of
    its test file among its tests, and the run line said `62 passed, 2 skipped` with none of
    the story's 62 tests skipped. The review's plugin marks them; the line names them."""
    case = '<testcase classname="tests.test_dictdiffer" name="{}" time="0.001">{}</testcase>'
    marked = (f'<properties><property name="{runner_output.FILE_CHECK_PROPERTY}" '
              'value="Item" /></properties>')
    cached = '<skipped type="pytest.skip" message="previously passed isort checks" />'
    junit = ('<testsuites><testsuite name="pytest" tests="4">'
             + case.format("ISORT", cached + marked) + case.format("PYCODESTYLE", marked)
             + case.format("test_addition", "") + case.format("test_deletion", "")
             + "</testsuite></testsuites>")
    assert _run_line(junit, 0, runner="pytest") == (
        "- test run: tier_1 passed (3 passed, 1 skipped; 2 of them no tests but pytest "
        "plugins' checks of the test file: ISORT skipped, PYCODESTYLE passed) in 0.2 s\n")


def test_a_test_that_passed_with_a_skipped_subtest_counts_as_passed_and_names_it() -> None:
    """simpleeval's container check with its `subTest("tuple")` skipped and its other subtests
    passing: pytest says `1 passed, 1 skipped, 3 subtests passed`, its JUnit report writes the
    test skipped, which the review's plugin marks; the line had said `1 passed, 1 skipped`."""
    case = '<testcase classname="tests.test_security.TestSandbox" name="{}" time="0.001">{}' \
        '</testcase>'
    marked = (f'<properties><property name="{runner_output.SUBTESTS_SKIPPED_PROPERTY}" '
              'value="[[&quot;[tuple]&quot;, &quot;tuples later&quot;]]" /></properties>'
              '<skipped type="pytest.skip" message="tuples later">tests/test_security.py:527: '
              'tuples later</skipped>')
    junit = ('<testsuites><testsuite name="pytest" skipped="1" tests="2">'
             + case.format("test_in_containers", marked)
             + case.format("test_direct", "") + "</testsuite></testsuites>")
    assert _run_line(junit, 0, runner="pytest") == (
        "- test run: tier_1 passed (2 passed, 1 subtest skipped "
        "(`tests/test_security.py::TestSandbox::test_in_containers [tuple]`: tuples later)) "
        "in 0.2 s\n")


def test_a_run_that_passed_is_said_with_its_counts_and_time() -> None:
    evidence = {"suites": [
        {"name": "tier_1", "exit_code": 0, "pass_count": 59, "fail_count": 0,
         "skip_count": 2, "duration_seconds": 1.94},
        {"name": "tier_2", "exit_code": 1, "pass_count": 3, "fail_count": 1,
         "duration_seconds": 0.5, "stderr_log": "tier_2-stderr.log"},
        {"name": "tier_3", "exit_code": 1, "pass_count": 8, "fail_count": 1, "skip_count": 2,
         "duration_seconds": 0.5,
         "failed_tests": [{"name": "mask > custom error message", "file": "test/api/mask.test.ts",
                           "message": "AssertionError: expected 'a' to be 'b'"},
                          {"name": "TestX"}]}]}
    assert qa_report.render_run(evidence, "ev") == (
        "- test run: tier_1 passed (59 passed, 2 skipped) in 1.9 s\n"
        "- test run: tier_2 exited 1 (3 passed, 1 failed); its output: ev/tier_2-stderr.log\n"
        "- test run: tier_3 exited 1 (8 passed, 1 failed, 2 skipped)\n"
        "  - failed: `test/api/mask.test.ts::mask > custom error message`: AssertionError: "
        "expected 'a' to be 'b'\n"
        "  - failed: `TestX`\n")


def test_a_run_narrowed_to_the_storys_tests_says_which_files_its_counts_are_of() -> None:
    """A review runs the story's test files, not the tier's whole suite (ufo: 124 of its 485
    tests): the run line must not read as the suite's result."""
    one = {"name": "tier_1", "exit_code": 0, "pass_count": 124, "fail_count": 0,
           "duration_seconds": 2.1, "story_files": ["test/utils.test.ts"]}
    three = {**one, "story_files": ["test/a.test.ts", "test/b.test.ts", "test/c.test.ts"]}
    many = {**one, "exit_code": 1, "fail_count": 1,
            "story_files": [f"test/{n}.test.ts" for n in "abcd"]}
    whole = {k: v for k, v in one.items() if k != "story_files"}
    assert qa_report.render_run({"suites": [one, three, many, whole]}, "ev") == (
        "- test run: tier_1 passed (124 passed) in 2.1 s; narrowed to the story's test file "
        "`test/utils.test.ts`\n"
        "- test run: tier_1 passed (124 passed) in 2.1 s; narrowed to the story's test files "
        "`test/a.test.ts`, `test/b.test.ts`, `test/c.test.ts`\n"
        "- test run: tier_1 exited 1 (124 passed, 1 failed); narrowed to the story's 4 test "
        "files\n"
        "- test run: tier_1 passed (124 passed) in 2.1 s\n")
    # a pytest run also given the story's sources for their doctests (`--doctest-modules`)
    doctests = {**one, "story_doctest_files": ["glom/mutation.py"]}
    several = {**many, "story_doctest_files": [f"app/{n}.py" for n in "abcd"]}
    assert qa_report.render_run({"suites": [doctests, several]}, "ev") == (
        "- test run: tier_1 passed (124 passed) in 2.1 s; narrowed to the story's test file "
        "`test/utils.test.ts` and the doctests of `glom/mutation.py`\n"
        "- test run: tier_1 exited 1 (124 passed, 1 failed); narrowed to the story's 4 test "
        "files and the doctests of its 4 sources\n")


def test_a_run_that_passed_having_run_no_test_is_not_said_to_have_passed() -> None:
    """`vitest run --exclude test/x.test.ts --passWithNoTests`: exit 0, and no test."""
    evidence = {"suites": [{"name": "tier_1", "exit_code": 0, "pass_count": 0, "fail_count": 0,
                            "duration_seconds": 2.8}]}
    assert qa_report.render_run(evidence, "ev") == (
        "- test run: tier_1 exited 0 having run no test in 2.8 s\n")


def test_a_run_that_exited_0_with_a_failed_test_is_not_said_as_passed() -> None:
    """A Go TestMain that drops m.Run's result exits 0 though a test failed: said with its
    failure, as any failed run is."""
    evidence = {"suites": [{"name": "tier_1", "exit_code": 0, "pass_count": 16, "fail_count": 1,
                            "duration_seconds": 2.5,
                            "failed_tests": [{"name": "TestParseTolerant",
                                              "file": "semver_test.go",
                                              "message": "semver_test.go:74: Error parsing"}]}]}
    assert qa_report.render_run(evidence, "ev") == (
        "- test run: tier_1 exited 0 (16 passed, 1 failed)\n"
        "  - failed: `semver_test.go::TestParseTolerant`: semver_test.go:74: Error parsing\n")


def test_a_run_counted_by_its_exit_code_is_not_said_as_one_test() -> None:
    """Nor said to give no counts: a nose2 run's output ends `Ran 65 tests`, which the review
    does not read; its command is no runner the review reads."""
    evidence = {"suites": [
        {"name": "tier_1", "exit_code": 0, "pass_count": 1, "fail_count": 0,
         "duration_seconds": 0.4, "counted_from": "exit code"},
        {"name": "tier_2", "exit_code": 2, "pass_count": 0, "fail_count": 1,
         "counted_from": "exit code"}]}
    assert qa_report.render_run(evidence, "ev") == (
        "- test run: tier_1 passed (exit 0; no test counts read from its output: its command "
        "is no runner the review reads) in 0.4 s\n"
        "- test run: tier_2 exited 2 (no test counts read from its output: its command is no "
        "runner the review reads)\n")


def test_a_run_without_its_per_test_report_says_so_not_that_it_passed() -> None:
    """pytest ended by a conftest's `os._exit(0)` (exit 0, no JUnit report): not `passed`; a
    run whose config turned the report off: not `before running any test`, its counts the
    review's progress log's, or its output's."""
    gone = "pytest ended without writing its JUnit XML report tier_1-junit.xml"
    off = ("pytest's junitxml plugin is turned off by `-p no:junitxml` in pytest.ini, so it "
           "wrote no JUnit XML report")
    evidence = {"suites": [
        {"name": "tier_1", "exit_code": 0, "pass_count": 0, "fail_count": 0, "no_report": gone,
         "stdout_log": "tier_1-stdout.log"},
        {"name": "tier_2", "exit_code": 1, "pass_count": 45, "fail_count": 1, "no_report": off,
         "outcomes_from": "progress log",
         "failed_tests": [{"name": "test_scheme", "file": "tests/test_n.py",
                           "message": "AssertionError: assert 'http' == 'htTp'"}]},
        {"name": "tier_3", "exit_code": 1, "pass_count": 45, "fail_count": 1,
         "no_report": off}]}
    assert qa_report.render_run(evidence, "ev") == (
        f"- test run: tier_1 exited 0 without a per-test report ({gone}): no test of it is "
        "known to have run; its output: ev/tier_1-stdout.log\n"
        f"- test run: tier_2 exited 1 without a per-test report ({off}): 45 passed, 1 failed "
        "by the review's progress log of the run\n"
        "  - failed: `tests/test_n.py::test_scheme`: AssertionError: assert 'http' == 'htTp'\n"
        f"- test run: tier_3 exited 1 without a per-test report ({off}): 45 passed, 1 failed "
        "by its output; no test of it is known to have run\n")


def test_a_run_that_timed_out_names_the_tests_still_running() -> None:
    """A test the time limit cut off is not one its runner reported failed: the counts say
    what the runner reported, each list names as many tests as its count says."""
    evidence = {"suites": [{"name": "tier_1", "exit_code": 124, "timeout": True,
                            "pass_count": 2, "fail_count": 1,
                            "failed_tests": [{"name": "TestFails", "file": "x_test.go",
                                              "message": "x_test.go:9: no"}],
                            "still_running": [{"name": "TestHangs", "file": "x_test.go"},
                                              {"name": "TestHangs/sub", "file": "x_test.go"}],
                            "stdout_log": "tier_1-stdout.log"},
                           {"name": "tier_2", "exit_code": 124, "timeout": True,
                            "pass_count": 0, "fail_count": 0}],
                "diagnostics": ["tier_1: timed out after 8s; still running: TestHangs"]}
    assert qa_report.render_run(evidence, "ev") == (
        "- test run: tier_1 timed out (2 passed, 1 failed, 2 still running); its output: "
        "ev/tier_1-stdout.log\n"
        "  - failed: `x_test.go::TestFails`: x_test.go:9: no\n"
        "  - still running: `x_test.go::TestHangs`\n"
        "  - still running: `x_test.go::TestHangs/sub`\n"
        "- test run: tier_2 timed out (0 passed, 0 failed)\n")


def test_a_skipped_tier_is_said_with_its_reason_not_as_passed() -> None:
    evidence = {"suites": [{"name": "tier_1", "exit_code": 0, "pass_count": 0, "fail_count": 0,
                            "skip_reason": "it runs none of the story's tests (pytest under "
                                           "api/)"}]}
    assert qa_report.render_run(evidence, "ev") == (
        "- test run: tier_1 skipped: it runs none of the story's tests (pytest under api/)\n")


def test_header_names_the_model_only_when_one_ran() -> None:
    with_model = qa_report.render_header("E1-S1", "T", "sha256:x", "claude-x", 0)
    assert "- model: claude-x\n- temperature: 0\n" in with_model
    terminal = qa_report.render_header("E1-S1", "T", "sha256:x", None, 0)
    assert "model:" not in terminal and "temperature" not in terminal
    assert "terminal run without a model" in terminal


def test_demoted_llm_finding_says_so() -> None:
    text = qa_report.render_llm_section([{"category": "assertion", "severity": "warning",
                                          "message": "weak", "demoted_from": "critical",
                                          "demotion_reason": "not on a boundary"}])
    assert "  - Demoted from Critical to Warning: not on a boundary" in text


def test_render_llm_section_groups_by_severity() -> None:
    text = qa_report.render_llm_section(
        [{"category": "assertion", "severity": "Warning", "message": "weak", "ac_ref": "AC3"}]
    )
    assert "### Critical\n\nNone." in text
    assert "### Warning\n\n- **assertion** (AC3): weak" in text


def test_a_reviewers_payload_never_speaks_for_gaia() -> None:
    """The reviewer's copy of the deterministic analysis (a made-up 100%) is replaced by gaia's
    own; its Critical that gaia demoted is shown demoted; its own text follows, as written."""
    made_up = ("## Deterministic Analysis\n\n| ac-coverage | passed | 0 |\n\nAC coverage: 100.0%\n\n"
               "## LLM Semantic Review\n\n### Critical\n\n- P0 AC5 has no test\n\n"
               "**Verdict: REQUEST_CHANGES**\n")
    analysis = {"checks": [{"name": "ac-coverage", "status": "failed", "findings": []}],
                "coverage": {"percent": 50.0, "per_ac": [
                    {"ac_id": "AC5", "priority": "P1", "matched": False, "test_count": 0}]}}
    judged = [{"severity": "warning", "category": "coverage", "ac_ref": "AC5",
               "message": "P0 AC5 has no test", "demoted_from": "critical",
               "demotion_reason": "AC5 is not a P0 or high-priority AC"}]
    text = qa_report.with_gaia_sections(made_up, analysis, judged)
    assert "100.0%" not in text and "AC coverage: 50.0% of 1" in text
    assert text.count("## Deterministic Analysis") == 1
    assert ("- **coverage** (AC5): P0 AC5 has no test\n  - Demoted from Critical to Warning: "
            "AC5 is not a P0 or high-priority AC") in text
    assert text.index("### Warning") < text.index(qa_report.REVIEWER_TEXT_HEADING) < text.index(
        "#### Critical\n\n- P0 AC5 has no test")
    assert text.rstrip().endswith("**Verdict: REQUEST_CHANGES**")
    assert qa_report.payload_problems(text) == []


def test_a_title_made_at_run_time_is_shown_without_the_code_that_makes_it() -> None:
    """unjs/ufo's `test(\\`joinURL(${t.input.map(...).join(", ")}) === ${...}\\`, ...)`: the
    report shows `${…}` for each interpolation, in each of its lists."""
    made = ('test/join.test.ts::joinURL > joinURL(${t.input.map((i) => JSON.stringify(i))'
            '.join(", ")}) === ${JSON.stringify(t.out)}')
    lines = qa_report.render_matches([
        {"ac_id": "AC1", "matched": True, "tests": [made],
         "matches": [{"test": made, "how": ["literal"]}],
         "excluded": {made + "#2": "is a placeholder"}}])
    assert lines[3:] == ["  - `test/join.test.ts::joinURL > joinURL(${…}) === ${…}` — matched by "
                         "literal",
                         "  - `test/join.test.ts::joinURL > joinURL(${…}) === ${…}#2` — does "
                         "not count: is a placeholder"]


def test_two_titles_made_at_run_time_that_would_read_the_same_are_shown_as_written() -> None:
    """entities' encode tests: `should default to XML encode ${input}` and, a few lines below in
    the same group, `should default to XML encode ${encodedXML}` (it decodes). Both shown as
    `${…}`, a reader saw one test listed twice under an AC and could not tell which was which."""
    group = "src/encode.spec.ts::Encode->decode test > "
    encodes, decodes = (group + "should default to XML encode ${input}",
                        group + "should default to XML encode ${encodedXML}")
    lone = group + "should HTML5 encode ${input}"
    lines = qa_report.render_matches([
        {"ac_id": "AC8", "matched": True, "tests": [encodes, decodes, lone],
         "matches": [{"test": t, "how": ["name"]} for t in (encodes, decodes, lone)]}])
    assert lines[3:] == [f"  - `{encodes}` — matched by name",
                         f"  - `{decodes}` — matched by name",
                         f"  - `{group}should HTML5 encode ${{…}}` — matched by name"]


def _go_run(pkg: str, outcomes: Sequence[tuple[str, str]]) -> execution.Suite:
    """A `go test -json` run of `pkg` whose tests end as `outcomes` ((action, test) pairs),
    read as the review reads it; the package fails with any of them."""
    events = [{"Action": action, "Package": pkg, "Test": test} for action, test in outcomes]
    failed = any(action == "fail" for action, _ in outcomes)
    events.append({"Action": "fail" if failed else "pass", "Package": pkg})
    parsed = runner_output.parse_go_test_json("\n".join(map(json.dumps, events)) + "\n")
    return execution.Suite("tier_1", "go test -json ./...", int(failed), 0.2, parsed.passed,
                           parsed.failed, False, True, tests=parsed.tests, runner="go")


def test_a_go_subtest_that_failed_is_said_among_the_failed_tests() -> None:
    """go-runewidth's left-truncation table run as subtests, one row's expected value wrong:
    `go test` reports the row and its parent failed, and the run line said `2 failed` of one
    wrong row."""
    ran = _go_run("github.com/mattn/go-runewidth", [
        ("pass", "TestTruncateLeft/source/4/"), ("fail", "TestTruncateLeft/あいうえお/5/"),
        ("fail", "TestTruncateLeft"), ("pass", "TestWrap")])
    assert qa_report.render_run({"suites": [ran.as_json()]}, "ev").splitlines()[0] == (
        "- test run: tier_1 exited 1 (2 passed (1 of them a subtest), 2 failed (1 of them a "
        "subtest))")
    # and the evidence that carries the count is one its schema takes
    evidence = execution.Evidence("tier_1", "local", 0.2, False, False, (ran,), ())
    assert schema.errors(evidence.as_json(), "execution-evidence") == []


def test_a_go_runs_subtests_are_said_among_its_passed_tests() -> None:
    """go-toml's story: 15 tests, 8 of them with a subtest each; `go test` counts 23 passed,
    and the run line said `23 passed` for a story of 15 tests."""
    pkg = "github.com/example/toml"
    events = [{"Action": "pass", "Package": pkg, "Test": "TestLocalDate_String"},
              {"Action": "pass", "Package": pkg, "Test": "TestLocalTime/with_nanoseconds"},
              {"Action": "pass", "Package": pkg, "Test": "TestLocalTime/no_fraction"},
              {"Action": "pass", "Package": pkg, "Test": "TestLocalTime"},
              {"Action": "fail", "Package": pkg, "Test": "TestDecodeError/line"},
              {"Action": "fail", "Package": pkg, "Test": "TestDecodeError"},
              {"Action": "fail", "Package": pkg}]
    parsed = runner_output.parse_go_test_json("\n".join(map(json.dumps, events)) + "\n")
    ran = execution.Suite("tier_1", "go test -json ./...", 1, 0.2, parsed.passed,
                          parsed.failed, False, True, tests=parsed.tests, runner="go")
    assert qa_report.render_run({"suites": [ran.as_json()]}, "ev").splitlines()[0] == (
        "- test run: tier_1 exited 1 (4 passed (2 of them subtests), 2 failed (1 of them a "
        "subtest))")
    passed = dataclasses.replace(ran, exit_code=0, fail_count=0, tests=parsed.tests[:4])
    assert qa_report.render_run({"suites": [passed.as_json()]}, "ev") == (
        "- test run: tier_1 passed (4 passed (2 of them subtests)) in 0.2 s\n")
    # another runner's test names with a slash are no subtests
    other = dataclasses.replace(passed, runner="pytest")
    assert "subtest" not in qa_report.render_run({"suites": [other.as_json()]}, "ev")


def test_a_run_whose_tests_passed_and_whose_posttest_hook_failed_says_what_failed() -> None:
    """card-validator 10.0.4's `npm test`: 283 passed, 0 failed, exit 2 from its `posttest`
    lint; the run line gave the exit and the counts alone, as if a test had failed."""
    suite = {"name": "tier_1", "exit_code": 2, "pass_count": 283, "fail_count": 0,
             "duration_seconds": 6.0, "stdout_log": "tier_1-stdout.log",
             "failed_after": "npm's `posttest` script (`npm run lint`) failed after the `test` "
                             "script passed: ESLint couldn't find a configuration file."}
    assert qa_report.render_run({"suites": [suite]}, "ev") == (
        "- test run: tier_1 exited 2 (283 passed, 0 failed): npm's `posttest` script (`npm run "
        "lint`) failed after the `test` script passed: ESLint couldn't find a configuration "
        "file.; its output: ev/tier_1-stdout.log\n")


def test_a_test_name_holding_backticks_stays_one_code_span() -> None:
    # vitest names such as "refetches when `stale`": a single backtick fence would close at
    # the name's own backtick and leave the rest of the line outside the code
    name = "src/__tests__/p.test.ts::p > refetches when `stale`"
    lines = qa_report.render_matches([{"ac_id": "AC7", "matched": True, "tests": [name],
                                       "matches": [{"test": name, "how": ["id"]}]}])
    assert lines[-1] == f"  - `` {name} `` — matched by id"


def _vitest_run(report: str) -> tuple[runner_output.RunnerCounts, str]:
    """A vitest JSON report read, and the run line the report writes of it (exit 1)."""
    parsed = runner_output.parse_vitest_json(report)
    ran = execution.Suite("tier_1", "vitest", 1, 0.2, parsed.passed,
                          parsed.failed + parsed.errors, False, True, tests=parsed.tests,
                          runner="vitest", skip_count=parsed.skipped)
    return parsed, qa_report.render_run({"suites": [ran.as_json()]}, "ev")


def test_a_vitest_file_that_failed_to_load_is_no_failed_test() -> None:
    """query-persist-client-core's test file with a stray parenthesis: vitest ran no test of
    it (`Tests  no tests`), and the run line said `0 passed, 1 failed` and `failed:` of the
    file, as if a test had failed."""
    report = json.dumps({"testResults": [{
        "name": "src/__tests__/p.test.ts", "status": "failed", "assertionResults": [],
        "message": "Transform failed with 1 error:\nsrc/__tests__/p.test.ts:60:79: ERROR: "
                   "Expected identifier but found \"(\""}]})
    _, line = _vitest_run(report)
    assert line == (
        "- test run: tier_1 exited 1 (0 passed, 0 failed, 1 test file(s) not collected)\n"
        "  - not collected: `src/__tests__/p.test.ts`: src/__tests__/p.test.ts:60:79: "
        "Expected identifier but found \"(\"\n")


def test_test_files_failing_to_load_for_one_reason_are_said_once() -> None:
    """duration-fns without a jest transform: each of its test files failed to load with the
    same SyntaxError, and the run line repeated it under each file; one failing otherwise
    keeps its own line."""
    import_error = "SyntaxError: Cannot use import statement outside a module"
    report = json.dumps({"testResults": [
        {"name": name, "status": "failed", "assertionResults": [], "message": message}
        for name, message in (("src/parse.test.ts", import_error),
                              ("src/format.test.ts", import_error),
                              ("src/x.test.ts", "src/x.test.ts:3:1: ERROR: Unexpected \"}\""),
                              ("src/clean.test.ts", import_error))]})
    _, line = _vitest_run(report)
    assert line == (
        "- test run: tier_1 exited 1 (0 passed, 0 failed, 4 test file(s) not collected)\n"
        "  - not collected: `src/parse.test.ts`, `src/format.test.ts`, `src/clean.test.ts`: "
        f"{import_error}\n"
        "  - not collected: `src/x.test.ts`: src/x.test.ts:3:1: Unexpected \"}\"\n")


def test_a_todo_test_is_counted_as_vitest_counts_it() -> None:
    """cheerio: vitest's summary says `1 todo`; the run line had counted it among the skips.
    Its outcome says the runner reported it todo."""
    report = json.dumps({"testResults": [{
        "name": "src/api/extract.spec.ts", "status": "failed", "assertionResults": [
            {"fullName": "extract > works", "title": "works", "status": "passed"},
            {"fullName": "extract > later", "title": "later", "status": "skipped"},
            {"fullName": "extract > fails", "title": "fails", "status": "failed",
             "failureMessages": ["Error: boom"]},
            {"fullName": "extract > to write", "title": "to write", "status": "todo"}]}]})
    parsed, line = _vitest_run(report)
    assert line.startswith(
        "- test run: tier_1 exited 1 (1 passed, 1 failed, 1 skipped, 1 todo)\n")
    assert [t.message for t in parsed.tests if t.outcome == runner_output.SKIPPED] == [
        None, "todo"]


def test_a_vitest_suite_failing_outside_its_tests_is_said_so() -> None:
    """css-what's list of malformed selectors emptied: vitest fails the `describe` left with
    no test (`No test found in suite Broken selectors`) while every test of the file passed,
    and its JSON report says only that the file failed: the run line read `exited 1 (2
    passed, 0 failed)`, no word of what failed."""
    report = json.dumps({"testResults": [{
        "name": "src/parse.spec.ts", "status": "failed", "message": "",
        "assertionResults": [
            {"title": t, "fullName": f"Parse {t}", "ancestorTitles": ["Parse"],
             "status": "passed", "failureMessages": []}
            for t in ("should ignore comments", "should read a tag")]}]})
    parsed, line = _vitest_run(report)
    assert line == (
        "- test run: tier_1 exited 1 (2 passed, 0 failed, 1 error)\n"
        f"  - error: `src/parse.spec.ts`: {runner_output.SUITE_FAILED}\n")
    # the test looping over the emptied list ran no row: its file loaded, a suite failed
    source = ('describe("Parse", () => {\n'
              '    describe("Broken selectors", () => {\n'
              '        for (const s of broken) {\n'
              '            it(`should not parse ${s}`, () => expect(() => parse(s)).toThrow());\n'
              '        }\n    });\n'
              '    it("should ignore comments", () => {});\n'
              '    it("should read a tag", () => {});\n});\n')
    cases = split_tests("src/parse.spec.ts", source)
    assert outcomes.never_ran(parsed.tests, cases, ["src/parse.spec.ts"]) == {
        "src/parse.spec.ts::Parse > Broken selectors > should not parse ${s}": (
            "never run: its file ran, but a suite of it failed outside its tests (a "
            "`describe` left with no test, a `beforeAll` that threw)")}


def test_a_go_failure_in_a_subpackage_is_said_at_its_file_from_the_projects_root() -> None:
    """golang-lru: the run line's failed test `simplelru/lru_test.go::TestLRU` was said at
    `lru_test.go:22`, the name of the root package's file of the same name."""
    suite = {"name": "tier_1", "exit_code": 1, "duration_seconds": 0.2, "pass_count": 12,
             "fail_count": 1, "failed_tests": [{"file": "simplelru/lru_test.go",
                                                "name": "TestLRU",
                                                "message": "lru_test.go:22: bad len: 128"}]}
    assert qa_report.render_run({"suites": [suite]}, "ev").splitlines()[1] == (
        "  - failed: `simplelru/lru_test.go::TestLRU`: simplelru/lru_test.go:22: bad len: 128")


def test_an_uncounted_go_file_built_only_somewhere_says_where() -> None:
    """bitset's two test files of the popcount assembly, built only before Go 1.9, had read as
    ten more tests of the suite left out of the story's."""
    limit = "its file is built only where `!go1.9 && amd64` holds"
    lines = qa_report.render_unattributed(
        ["popcnt_amd64_test.go::TestSliceCond", "popcnt_test.go::TestSlice"], {}, None,
        {"popcnt_amd64_test.go": limit})
    assert lines[2:] == [f"- popcnt_amd64_test.go: 1 ({limit})", "- popcnt_test.go: 1"]


def test_a_go_package_that_did_not_build_is_said_not_built_with_its_error() -> None:
    """A query-string encoder's root package left not compiling, its other package passing:
    the run line had read "1 passed, 0 failed" beside exit 2, nothing saying why."""
    stdout = "\n".join([
        '{"Action":"run","Package":"example.com/qs/num","Test":"TestParseNum"}',
        '{"Action":"pass","Package":"example.com/qs/num","Test":"TestParseNum","Elapsed":0}',
        '{"Action":"pass","Package":"example.com/qs/num","Elapsed":0.01}',
        "FAIL\texample.com/qs [build failed]", ""])
    stderr = ("# example.com/qs [example.com/qs.test]\n"
              "./encode_test.go:14:2: got declared but not used\n")
    parsed = runner_output.go_unbuilt(runner_output.parse_go_test_json(stdout), stdout, stderr)
    ran = execution.Suite("tier_1", "go test -json ./...", 2, 0.2, parsed.passed,
                          parsed.failed + parsed.errors, False, True, tests=parsed.tests,
                          runner="go")
    assert qa_report.render_run({"suites": [ran.as_json()]}, "ev") == (
        "- test run: tier_1 exited 2 (1 passed, 0 failed, 1 package(s) not built)\n"
        "  - not built: `example.com/qs`: ./encode_test.go:14:2: got declared but not used\n")
