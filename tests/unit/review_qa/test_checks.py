"""The pure rules of the review's checks (the checks themselves run in the CLI tests)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from types import SimpleNamespace

from gaia_lib.core import writes
from gaia_lib.evidence import (
    attribution,
    coverage_report,
    outcomes,
    placeholders,
    runner_output,
    sut_mocking,
    sut_names,
)
from gaia_lib.evidence.ac_coverage import AcCoverage, CoverageResult, Match
from gaia_lib.evidence.testcases import TestCase
from gaia_lib.review_qa import checks
from gaia_lib.review_qa import report as qa_report
from gaia_lib.stacks.toolprobe import StackProbe, ToolProbe
from gaia_lib.story.acceptance import AcceptanceCriterion


def _ac(ac_id: str, text: str) -> AcceptanceCriterion:
    return AcceptanceCriterion(ac_id, text, None, None, None, False, None, 1)


def test_an_untested_handler_goes_to_the_acs_naming_the_narrowest_unit_it_sits_in() -> None:
    acs = [_ac("AC1", "Given a NullUUID, when UnmarshalText reads bad text, then an error"),
           _ac("AC2", "Given a NullUUID, when Scan reads nil, then no error"),
           _ac("AC3", "Given a config file, when it cannot be read, then the OSError is shown")]
    # An exception an AC names first; then the method; then its type; else every AC.
    assert checks.tie(("OSError",), acs, ("UnmarshalText", "NullUUID"))[0] == ["AC3"]
    assert checks.tie((), acs, ("UnmarshalText", "NullUUID"))[0] == ["AC1"]
    assert checks.tie((), acs, ("MarshalText", "NullUUID"))[0] == ["AC1", "AC2"]
    assert checks.tie((), acs, ("load",))[0] == ["AC1", "AC2", "AC3"]
    # An exception no AC names: every AC but those promising another exception by name.
    assert checks.tie(("KeyError",), acs)[0] == ["AC1", "AC2"]


def test_a_word_joined_to_another_by_a_hyphen_names_no_unit() -> None:
    """A properties-file reader's getters AC says "a must-have getter (`MustGet`, ...)": the
    untested `if err != nil` in the loader's `must(p, err)` helper was said to be behind it,
    by the word "must" of "must-have"."""
    acs = [_ac("AC8", "Given a missing key, when it is read with a must-have getter, then it "
                      "fails with an error"),
           _ac("AC5", "Given a reference to itself, when loaded, then it fails with an error")]
    assert checks.tie((), acs, ("must",)) == (["AC8", "AC5"], False)
    # written as a name, the AC still names it
    named = _ac("AC2", "Given a bad file, when `must` is handed its error, then it panics")
    assert checks.tie((), [*acs, named], ("must",)) == (["AC2"], True)
    assert checks.tie((), [_ac("AC1", "Given a file, when must runs, then an error")],
                      ("must",)) == (["AC1"], True)


def test_an_ac_listing_names_and_leaving_the_list_open_names_each_of_their_family() -> None:
    """A properties-file reader's AC: "a must-have getter (`MustGet`, `MustGetInt`, ...)
    fails": the untested `if err != nil` in `MustGetUint` was said to be about every other
    error-path AC (a broken escape, a circular reference) and not this one, which names two
    other functions of its file."""
    getters = _ac("AC8", "Given a missing key, when it is read with a getter (`MustGet`, "
                         "`MustGetInt`, ...), then it fails with an error")
    escapes = _ac("AC2", "Given a broken escape, when loaded, then it is refused as an error")
    declared = frozenset({"MustGet", "MustGetInt", "MustGetUint", "Set"})
    assert checks.tie((), [escapes, getters], ("MustGetUint", "Properties"), (),
                      declared) == (["AC8"], True)
    # one not of the family is not named by it, and the AC naming others of its file is not
    # about it
    assert checks.tie((), [escapes, getters], ("Set", "Properties"), (), declared) == \
        (["AC2"], False)
    # a list not left open names only what it lists
    closed = _ac("AC8", "Given a missing key, when `MustGet` or `MustGetInt` is used, "
                        "then it fails with an error")
    assert checks.tie((), [escapes, closed], ("MustGetUint",), (), declared) == \
        (["AC2"], False)
    # names sharing too little are no family
    assert checks.tie((), [_ac("AC1", "Given bad input, when `Load`, `Lex`, ... run, then "
                                      "an error")], ("Lookup",)) == (["AC1"], False)


def test_an_untested_handler_is_not_about_an_ac_promising_another_exception() -> None:
    """natsort's story promises a `TypeError` for input it cannot compare; its code's
    untested handlers were each made a blocker for that AC: one turning a TypeError from a
    bad flag into a ValueError, one catching a ValueError in a path splitter."""
    acs = [_ac("AC4", "Given input it cannot compare, when the sort receives bytes and str, "
                      "then a `TypeError` is raised naming `bytes`"),
           _ac("AC7", "Given a flag that is not one of the enum, when a key is made, "
                      "then a ValueError is raised")]
    assert checks.tie(("TypeError",), acs[:1], ("natsort_keygen",), ("ValueError",))[0] \
        == []
    assert checks.tie(("TypeError",), acs, ("natsort_keygen",), ("ValueError",))[0] \
        == ["AC7"]
    assert checks.tie(("ValueError",), acs[:1], ("path_splitter",))[0] == []
    # The exception it catches still ties it when it raises none of its own.
    assert checks.tie(("TypeError",), acs, ("natsorted",))[0] == ["AC4"]
    # A handler naming no exception (a bare `except:`, a `catch`) is about every AC, and so
    # is one catching every exception
    assert checks.tie((), acs[:1], ("path_splitter",))[0] == ["AC4"]
    assert checks.tie(("Exception",), acs, ("path_splitter",))[0] == ["AC4", "AC7"]


def test_an_untested_handler_in_a_unit_only_a_happy_path_ac_names_is_about_no_error_ac() -> None:
    """tenacity's wait strategies: `except OverflowError` in the jittered exponential wait's
    `__call__` went untested and became a blocker of the AC about a wait function given the
    failed attempt's arguments, while the AC naming that wait promises no error at all."""
    jitter = _ac("AC7", "Given `backoff_with_jitter` with a cap, when the delay of an attempt "
                        "is computed, then it is the doubled delay plus up to one second")
    plain = _ac("AC10", "Given a function of the call state as the wait, when it is called, "
                        "then it receives the arguments and the outcome of the failed attempt")
    units = ("__call__", "backoff_with_jitter")
    assert checks.tie(("OverflowError",), [plain], units, (), frozenset(), [jitter])[0] \
        == []
    # a unit no AC names still leaves it to every error-path AC
    assert checks.tie(("OverflowError",), [plain], ("__call__", "callback_name"), (),
                             frozenset(), [jitter])[0] == ["AC10"]
    # and an error-path AC naming the unit keeps it before the other AC
    loud = _ac("AC3", "Given `backoff_with_jitter`, when the power overflows, then an "
                      "error is logged")
    assert checks.tie(("OverflowError",), [plain, loud], units, (), frozenset(),
                             [jitter])[0] == ["AC3"]


def test_an_ac_lacking_one_clause_is_said_to_lack_that_clause() -> None:
    """voluptuous's Clamp AC had a Given and a When and no "then": the review said it had no
    Given/When/Then structure at all."""
    clamp = _ac("AC6", "(P1): Given a Clamp, when 12 is validated it becomes 10")
    assert checks.unstructured_said(clamp) == \
        'AC6 has no Then clause: unparseable AC (write what it promises after "then")'
    assert checks.unstructured_said(_ac("AC1", "Clamp pulls values back")) == \
        "AC1 has no Given/When/Then structure: unparseable AC"


def test_an_untested_handler_is_not_about_an_ac_naming_another_unit_of_its_file() -> None:
    """voluptuous's story of its `Range`, `Clamp` and `Length` validators listed the module
    holding every validator: `except TypeError` in `IsDir`, turned into its own error, was
    tied to "Given a `Range` with only `min`"."""
    source = "class Range(object):\n    pass\n\n\ndef IsDir(v):\n    pass\n"
    declared = frozenset(coverage_report.declared(source, "python"))
    assert declared == {"Range", "IsDir"}
    acs = [_ac("AC3", "Given a `Range` with only `min`, when a value past it is validated, "
                      "then it is rejected"),
           _ac("AC9", "Given a value that has no length, when it is validated, then it is "
                      "rejected")]
    assert checks.tie(("TypeError",), acs, ("IsDir",), ("DirInvalid",), declared)[0] \
        == ["AC9"]
    # `except TypeError: check = True` in `In`: the AC promising `MultipleInvalid` "instead of
    # a `TypeError`" is not about it
    no_order = _ac("AC5", "Given a `Range` schema, when `None` is validated, then "
                          "`MultipleInvalid` is raised instead of a `TypeError`")
    assert checks.tie(("TypeError",), [no_order], ("__call__", "In"), (), declared)[0] == []
    # the AC naming the unit the handler sits in keeps it, as before
    assert checks.tie(("TypeError",), acs, ("__call__", "Range"), ("RangeInvalid",),
                             declared)[0] == ["AC3"]


def test_an_ac_raising_an_exception_not_named_error_promises_another_exception() -> None:
    """rfc3986's story promises `PasswordForbidden` for a password in the URI; with its AC8
    tests failing, `except exceptions.InvalidAuthority:` in its component check went
    untested and was made a blocker of that password AC alone, the only error AC whose
    exception's name does not end in Error."""
    acs = [_ac("AC4", "Given a validator after `forbid_use_of_password()`, when a URI holding "
                      "a password is validated, then `PasswordForbidden` is raised"),
           _ac("AC8", "Given `check_validity_of(\"host\")`, when the host is invalid, then "
                      "an `InvalidComponentsError` is raised"),
           _ac("AC9", "Given a bad zone id, when it is validated, then it raises "
                      "`BadZone`, and a `Warning` is shown")]
    assert checks.tie(("InvalidAuthority",), acs,
                             ("subauthority_component_is_valid",))[0] == []
    # one that names it is still about it
    assert checks.tie(("PasswordForbidden",), acs, ("check_password",))[0] == ["AC4"]



def test_a_test_of_other_code_is_named_on_the_ac_its_words_match_with_why() -> None:
    """The matcher's `idle` tests (its words match the AC, the run shows it ran none of the
    story's code) never count; the AC names them with their reason, as it does the tests it
    matched that do not count."""
    s = SimpleNamespace(story=SimpleNamespace(priority="P0", acceptance_criteria=[
        _ac("AC1", "Given a valid email, then the account is created"),
        _ac("AC2", "Given an invalid email, then 422")]))
    result = CoverageResult((
        AcCoverage("AC1", False, 0, (), None, False, True, idle=("t.py::test_creates",)),
        AcCoverage("AC2", True, 1, ("t.py::test_ac2",), "id", False, True)), ())
    why = "never executes the story's code (app/signup.py)"
    rows = checks.effective_coverage(s, result, {"t.py::test_creates": why,  # type: ignore[arg-type]
                                                 "t.py::test_ac2": why})
    assert [(r["ac_id"], r["matched"], r["tests"], r["excluded"]) for r in rows] == [
        ("AC1", False, [], {"t.py::test_creates": why}),
        ("AC2", False, [], {"t.py::test_ac2": why})]

def test_a_placeholder_is_named_on_its_ac_as_a_placeholder() -> None:
    """unjs/cookie-es's AC3 test weakened to `expect(true).toBe(true)`: it also only checks
    that something exists, but the reason it counts for no AC at all (it cannot fail) is the
    one its AC names, as the placeholder finding beside it does."""
    ac = AcceptanceCriterion(
        "AC3", "Given a percent-encoded cookie value, when it is parsed, then the value is "
        "URL-decoded, and a value that cannot be decoded (`%1`) is returned as is.",
        "a percent-encoded cookie value", "it is parsed", "the value is URL-decoded, and a "
        "value that cannot be decoded (`%1`) is returned as is.", False, None, 39)
    s = SimpleNamespace(story=SimpleNamespace(priority="P0", acceptance_criteria=[ac]))
    test = "test/cookie-parse.test.ts::cookie.parse(str) > should URL-decode values"
    body = '  it("should URL-decode values", () => {\n    expect(true).toBe(true);\n  });\n'
    result = CoverageResult((AcCoverage("AC3", True, 1, (test,), "name", False, True),), ())
    placeholder = "is a placeholder, its checks never run or cannot fail (expect(true)." \
        "toBe(true))"
    weak = checks.presence_only_tests([ac], result, {test: body})
    assert weak["AC3"][test].startswith("only checks that a value equals itself")
    (row,) = checks.effective_coverage(s, result, {test: placeholder}, weak)  # type: ignore[arg-type]
    assert (row["matched"], row["excluded"]) == (False, {test: placeholder})


def test_a_nearest_test_that_counts_for_no_ac_says_so_not_that_it_counts_for_another() -> None:
    """portion 2.6.0's IntervalDict story with `test_with_single_values` skipped in source: the
    matcher still names it nearest to the lookup-by-interval AC because it "counts for AC1,
    which its words fit better", yet the skipped test counts for no AC at all."""
    s = SimpleNamespace(story=SimpleNamespace(priority="P1", acceptance_criteria=[
        _ac("AC1", "Given an IntervalDict, when a point is looked up, then its value"),
        _ac("AC2", "Given an IntervalDict, when it is indexed by an interval, then a new one")]))
    skipped, other = "t.py::test_with_single_values", "t.py::test_update_with_mapping"
    result = CoverageResult((
        AcCoverage("AC1", True, 1, (skipped,), "name", False, True),
        AcCoverage("AC2", False, 0, (), None, False, True, candidates=(
            Match(skipped, 1.1, ("name",), ("interval",),
                  "it counts for AC1, which its words fit better"),
            Match(other, 1.9, ("name",), ("interval",),
                  "it counts for AC3, which its words fit better")))), ())
    why = "is a placeholder, skipped in source (@pytest.mark.skip)"
    _, row = checks.effective_coverage(s, result, {skipped: why})  # type: ignore[arg-type]
    assert [(c["test"], c["why"]) for c in row["candidates"]] == [
        (skipped, f"it counts for no AC: {why}"),
        (other, "it counts for AC3, which its words fit better")]


def test_a_nearest_test_left_out_of_each_ac_it_matched_counts_for_no_ac() -> None:
    """goutils' TestCapitalizeFully made to check only that the result is not empty: it does
    not count for AC6 (its Then promises `Test Is`), so AC10's nearest test "counts for AC6"
    no more: it counts for no AC, with why."""
    s = SimpleNamespace(story=SimpleNamespace(priority="P1", acceptance_criteria=[
        _ac("AC6", "Given mixed case words, when fully capitalized, then `Test Is`"),
        _ac("AC10", "Given an empty string, when capitalized, then an empty string"),
        _ac("AC7", "Given words, when uncapitalized, then `this is`")]))
    fully = "words_test.go::TestCapitalizeFully"
    result = CoverageResult((
        AcCoverage("AC6", True, 1, (fully,), "name", False, True),
        AcCoverage("AC10", False, 0, (), None, False, True, candidates=(
            Match(fully, 1.7, ("name",), ("capitalized",),
                  "it counts for AC6, which its words fit better"),))), ())
    weak = {"AC6": {fully: "only checks that a result exists (if x == \"\" {)"}}
    _, row = checks.effective_coverage(s, result, {}, weak)  # type: ignore[arg-type]
    assert [(c["test"], c["why"]) for c in row["candidates"]] == [
        (fully, "it counts for no AC: only checks that a result exists (if x == \"\" {)")]
    # one that still counts for another AC keeps the matcher's word
    result = CoverageResult((*result.per_ac, AcCoverage("AC7", True, 1, (fully,), "name",
                                                        False, True)), ())
    _, row, _ = checks.effective_coverage(s, result, {}, weak)  # type: ignore[arg-type]
    assert row["candidates"][0]["why"] == "it counts for AC6, which its words fit better"


def test_tests_a_run_never_reached_for_one_reason_are_one_finding_per_file() -> None:
    """portion 2.6.0's IntervalDict story with a conftest importing a module its venv lacks:
    pytest stopped before any test, and each of the 35 tests of tests/test_dict.py was a
    warning of its own repeating that one reason. Past three tests of one file left unrun for
    one reason, the file gets one warning naming how many and the first of them; a test
    skipped for a reason of its own keeps its own."""
    why = "never run: the run stopped before its tests ran (while loading tests/conftest.py: " \
          "ModuleNotFoundError: No module named 'intervaltools')"
    names = ["test_with_single_values", "test_with_intervals", "test_set", "test_delete_value",
             "test_delete_missing_value"]
    tests = {f"tests/test_dict.py::TestIntervalDict::{name}": 7 + 12 * i
             for i, name in enumerate(names)}
    skipped = {**dict.fromkeys(tests, why), "tests/test_io.py::test_to_data": "skipped: slow"}
    found = checks.placeholder_check([], skipped, {**tests, "tests/test_io.py::test_to_data": 9})
    assert [(f["file"], f["line"], f["message"]) for f in found["findings"]] == [
        ("tests/test_dict.py", 7, f"5 tests of tests/test_dict.py were {why}; they count for no "
         "AC until they run (TestIntervalDict::test_with_single_values, TestIntervalDict::test_with_intervals, "
         "TestIntervalDict::test_set and 2 more)"),
        ("tests/test_io.py", 9, "tests/test_io.py::test_to_data was skipped: slow; it covers no "
         "AC")]
    three = checks.placeholder_check([], dict.fromkeys(list(tests)[:3], why), tests)
    assert [f["test"] for f in three["findings"]] == sorted(list(tests)[:3])


def test_tests_a_runners_report_has_no_outcome_for_are_said_of_together_in_the_plural(
        ) -> None:
    """A rate limiter's test file given a build tag the tier does not set: its tests never
    ran, and their one warning had read "27 tests ... were never run: the runner's report has
    no outcome for it"."""
    why = ("never run: the runner's report has no outcome for it (its file is built only "
           "where `integration` holds)")
    tests = {f"rate/limit_test.go::Test{name}": 10 * i
             for i, name in enumerate(("Burst", "Refill", "Zero", "Wait"), 1)}
    found = checks.placeholder_check([], dict.fromkeys(tests, why), tests)
    assert [f["message"] for f in found["findings"]] == [
        "4 tests of rate/limit_test.go were never run: the runner's report has no outcome for "
        "them (its file is built only where `integration` holds); they count for no AC until "
        "they run (TestBurst, TestRefill, TestZero and 1 more)"]


def test_a_test_the_runner_skipped_names_the_acs_it_matches_as_a_placeholder_does() -> None:
    """A rate limiter's long-running test skipped under `go test -short`, the one test of an
    AC: its warning read "it covers no AC", not which AC it was the test of, where a
    placeholder's names the ACs it matches."""
    test = "rate/limit_test.go::TestLongRun"
    why = "reported skipped by the runner: limit_test.go:271: skipping in short mode"
    found = checks.placeholder_check([], {test: why}, {test: 269},
                                     matches={test: ["AC4"]})
    assert [f["message"] for f in found["findings"]] == [
        f"{test} was {why}; it covers no AC (it matches AC4, where it does not count)"]


def test_expected_failures_count_for_no_ac_while_they_are_expected_to_fail() -> None:
    """A unittest file with four `@expectedFailure` tests (each a FIXME of the library's):
    they ran, and had been said to count for no AC "until they run"."""
    why = "reported xfail by the runner"
    tests = {f"logic/test_algebra.py::AlgebraTestCase::test_known_{i}": 30 + 10 * i
             for i in range(4)}
    found = checks.placeholder_check([], dict.fromkeys(tests, why), tests)
    assert [f["message"] for f in found["findings"]] == [
        f"4 tests of logic/test_algebra.py were {why}; they count for no AC while they are "
        "expected to fail (AlgebraTestCase::test_known_0, AlgebraTestCase::test_known_1, "
        "AlgebraTestCase::test_known_2 and 1 more)"]


def test_tests_left_unrun_by_a_panic_are_not_said_to_cover_nothing() -> None:
    """gjson: a failing `assert` helper panicked, `go test` ended the binary there, and the
    five tests after it, `TestGroup` (the only test of a P1 AC) among them, were one warning
    ending "none covers an AC": read as tests that did not matter. They count for no AC until
    they run."""
    why = ("never run: the run ended when TestToFromStr panicked (panic: assert failed "
           "[recovered])")
    tests = {f"gjson_test.go::{name}": 2471 + 20 * i for i, name in enumerate(
        ["TestGroup", "TestJSONString", "TestIndexAtSymbol", "TestDeepModifier", "TestIssue"])}
    [found] = checks.placeholder_check([], dict.fromkeys(tests, why), tests)["findings"]
    assert found["message"] == (
        f"5 tests of gjson_test.go were {why}; they count for no AC until they run (TestGroup, "
        "TestJSONString, TestIndexAtSymbol and 2 more)")


def test_a_test_only_denying_the_value_an_ac_promises_checks_none_of_it() -> None:
    """neverthrow 8.0.0's fromThrowable error-handler test weakened to
    `expect(result._unsafeUnwrapErr()).not.toBe({ message: 'error' })`, its only check: a
    fresh object is never the very value `toBe` compares, so it passes whatever the handler
    builds, yet the value it denies was read as the AC's `{ message: 'error' }` checked, and
    the test kept covering AC3 of a P0 story. A check that a result is not the promised value
    checks none of it; the value itself checked (`toEqual`) is a real test, and so is the
    denial where the Then promises a difference."""
    ac = AcceptanceCriterion(
        "AC3", "Given an error handler passed when wrapping, when the wrapped function throws, "
        "then the Err holds what the handler built from the error (for example "
        "`{ message: 'error' }`).", "an error handler passed when wrapping",
        "the wrapped function throws", "the Err holds what the handler built from the error "
        "(for example `{ message: 'error' }`).", False, None, 39)
    test = "tests/index.test.ts::Result.fromThrowable > Accepts an error handler as a second argument"
    result = CoverageResult((AcCoverage("AC3", True, 1, (test,), "name", False, True),), ())

    def body(check: str) -> str:
        return ("  it('Accepts an error handler as a second argument', () => {\n"
                "    const safeThrower = Result.fromThrowable(thrower, toMessageObject)\n"
                "    const result = safeThrower()\n"
                f"    {check}\n  }})\n")

    denied = "expect(result._unsafeUnwrapErr()).not.toBe({ message: 'error' })"
    weak = checks.presence_only_tests([ac], result, {test: body(denied)})
    assert weak["AC3"][test] == (
        f"only checks that a result is not one other value ({checks._code(denied)}), not "
        "`{ message: 'error' }` "
        "from AC3's Then clause")
    checked = "expect(result._unsafeUnwrapErr()).toEqual({ message: 'error' })"
    assert checks.presence_only_tests([ac], result, {test: body(checked)}) == {}
    differs = dataclasses.replace(ac, text=ac.text.replace("holds what", "never holds what"),
                                  then="the Err is not equal to `{ message: 'error' }`")
    assert checks.presence_only_tests([differs], result, {test: body(denied)}) == {}


RFC3986_AC1 = AcceptanceCriterion(
    "AC1", "Given a scheme in mixed case such as `HTTP`, when `normalize_scheme` is called, "
    "then it returns the scheme in lower case (`http`).", "a scheme in mixed case such as "
    "`HTTP`", "`normalize_scheme` is called", "it returns the scheme in lower case (`http`).",
    False, None, 37)


def test_a_python_test_only_asking_for_a_result_covers_no_ac_promising_a_value() -> None:
    """rfc3986's AC1 with its test weakened (the code broken) to `assert f(x)`, `is not None`,
    `f(x) == f(x)`, a comparison in the message, `isinstance` or `!= "ftp"`: `http` in
    backticks was read as a name the Then mentions, not a value it promises, so each test
    covered AC1 of a P0 story and the review approved. Each now only checks that a result
    exists, as the AC's own value checked is a real test."""
    test = "tests/test_normalizers.py::test_normalize_scheme"
    result = CoverageResult((AcCoverage("AC1", True, 1, (test,), "name", False, True),), ())
    for check in ('assert normalize_scheme("htTp")', 'assert normalize_scheme("HTTP") is not None',
                  'assert normalize_scheme("HTTP") == normalize_scheme("HTTP")',
                  'assert normalize_scheme("HTTP"), normalize_scheme("HTTP") == "http"',
                  'assert isinstance(normalize_scheme("HTTP"), str)',
                  'assert normalize_scheme("HTTP") != "ftp"'):
        body = f"def test_normalize_scheme():\n    {check}\n"
        weak = checks.presence_only_tests([RFC3986_AC1], result, {test: body})
        said = ("the code's result equals itself" if " == normalize" in check else
                "a result is not one other value" if " != " in check else
                "a result is of the type it names" if "isinstance" in check else
                "a result exists")
        assert weak["AC1"][test].startswith(f"only checks that {said} ({checks._code(check)})"), \
            check
        assert weak["AC1"][test].endswith("not `http` from AC1's Then clause")
    body = 'def test_normalize_scheme():\n    assert normalize_scheme("HTTP") == "http"\n'
    assert checks.presence_only_tests([RFC3986_AC1], result, {test: body}) == {}


TOMLKIT_AC9 = AcceptanceCriterion(
    "AC9", "Given a TOML file opened as a text file object, when `tomlkit.load(fp)` is called, "
    "then it returns a `TOMLDocument`.", "a TOML file opened as a text file object",
    "`tomlkit.load(fp)` is called", "it returns a `TOMLDocument`.", False, None, 47)


NICKNAME_AC = AcceptanceCriterion(
    "AC1", "Given a name with a nickname in brackets, when it is parsed, then the nickname is "
    "`Sam`.", "a name with a nickname in brackets", "it is parsed", "the nickname is `Sam`.",
    False, None, 12)

# A unittest file whose base class gives its tests a short check of its own around assertEqual
# (nameparser's `self.m(hn.first, "Ben", hn)`).
OWN_CHECK_FILE = (
    "import unittest\n\n\n"
    "class NameBase(unittest.TestCase):\n"
    "    def m(self, actual, expected, name):\n"
    "        try:\n"
    "            self.assertEqual(actual, expected, repr(name))\n"
    "        except UnicodeDecodeError:\n"
    "            self.assertEqual(actual, expected)\n\n\n"
    "class NicknameCases(NameBase):\n"
    "    def test_nickname_in_brackets(self):\n"
    "        name = Person(\"Samuel (Sam) Jones\")\n"
    "        self.m(name.nickname, \"Sam\", name)\n")


def test_a_call_of_a_check_the_test_file_defines_is_a_check() -> None:
    """nameparser's tests check through `self.m(actual, expected, hn)`, a method of their base
    class around `assertEqual`: the review said each "calls the code and checks nothing of
    what it returns (HumanName('Franklin, Benjamin (Ben)'))" and left three P0 ACs without a
    test (REQUEST_CHANGES). A call of a helper of the file that checks is a check; one of a
    helper that checks nothing is not."""
    test = "tests.py::NicknameCases::test_nickname_in_brackets"
    result = CoverageResult((AcCoverage("AC1", True, 1, (test,), "name", False, True),), ())
    body = OWN_CHECK_FILE.split("class NicknameCases(NameBase):\n")[1]
    checking = placeholders.python_checking_helpers({"tests.py": OWN_CHECK_FILE})
    assert "m" in checking["tests.py"]
    assert checks.presence_only_tests([NICKNAME_AC], result, {test: body}, None, checking) == {}
    plain = OWN_CHECK_FILE.replace("self.assertEqual(actual, expected, repr(name))", "pass") \
        .replace("self.assertEqual(actual, expected)", "pass")
    weak = checks.presence_only_tests([NICKNAME_AC], result, {test: body}, None,
                                      placeholders.python_checking_helpers({"tests.py": plain}))
    assert weak["AC1"][test].startswith("calls the code and checks nothing of what it returns")


# A unittest class whose helper expects the reader to refuse its input: `self.fail()` in its
# `try`, the error it expects caught (json5's `check_fail`).
REFUSING_FILE = (
    "import unittest\n\n\n"
    "class ReaderTests(unittest.TestCase):\n"
    "    def check_fail(self, text, err=None):\n"
    "        try:\n"
    "            reader.loads(text)\n"
    "            self.fail()\n"
    "        except ValueError as e:\n"
    "            if err is not None:\n"
    "                self.assertEqual(err, str(e))\n\n"
    "    def test_stray_comma(self):\n"
    "        self.check_fail('[ ,]')\n")
REFUSED_AC = AcceptanceCriterion(
    "AC1", "Given text that is not valid, when it is read, then a `ValueError` is raised.",
    "text that is not valid", "it is read", "a `ValueError` is raised.", False, None, 5)


def test_a_test_calling_its_files_helper_that_expects_an_error_asserts_that_error() -> None:
    """json5's tests check that the reader refuses text through `self.check_fail(text)`, a
    method of their class whose `try` ends in `self.fail()` and whose `except ValueError`
    takes the error: "no test of AC2 asserts any of `ValueError`" was said of tests each of
    which fails unless the `ValueError` is raised."""
    test = "tests/reader_test.py::ReaderTests::test_stray_comma"
    body = REFUSING_FILE.split("    def test_stray_comma(self):\n")[1]
    rows = [{"ac_id": "AC1", "matched": True, "tests": [test]}]
    texts = {"tests/reader_test.py": REFUSING_FILE}
    expecting = placeholders.python_expected_errors(texts)
    assert expecting == {"tests/reader_test.py": {"check_fail": frozenset({"ValueError"})}}
    per_ac, check = checks.literal_evidence([REFUSED_AC], rows, {test: body}, {test: 13},
                                            py_raises=expecting)
    assert per_ac[0]["asserted"] == ["ValueError"]
    assert check["findings"] == []
    # a helper that catches the error and goes on, failing nowhere, expects none
    lenient = {"tests/reader_test.py": REFUSING_FILE.replace("            self.fail()\n", "")}
    assert placeholders.python_expected_errors(lenient) == {}
    _, check = checks.literal_evidence([REFUSED_AC], rows, {test: body}, {test: 13},
                                       py_raises=placeholders.python_expected_errors(lenient))
    assert [f["message"][:40] for f in check["findings"]] == [
        "no test of AC1 asserts any of `ValueErro"]



# A unittest test of its own expecting the refusal the old way: its `try` ends in a check that
# cannot pass, `self.assertFalse(True)`, and its `except ValueError` takes the error.
REFUSING_TEST = (
    "    def testFromDelta(self):\n"
    "        self.assertEqual([], self.codec.from_delta('', ''))\n"
    "        try:\n"
    "            self.codec.from_delta('ab', '=3')\n"
    "            self.assertFalse(True)\n"
    "        except ValueError:\n"
    "            pass\n")


def test_a_test_whose_try_cannot_pass_asserts_the_error_its_except_takes() -> None:
    """diff-match-patch's `testDiffDelta` checks that a delta longer than its text is refused
    by a `try` ending in `self.assertFalse(True)` whose `except ValueError` takes the error:
    "no test of AC6 asserts any of `ValueError`" was said of a test that fails unless the
    `ValueError` is raised."""
    test = "tests/codec_test.py::CodecTest::testFromDelta"
    rows = [{"ac_id": "AC1", "matched": True, "tests": [test]}]
    for ending in ("self.assertFalse(True)", "self.fail()", "assert False",
                   "raise AssertionError('no error')"):
        body = REFUSING_TEST.replace("self.assertFalse(True)", ending)
        per_ac, check = checks.literal_evidence([REFUSED_AC], rows, {test: body}, {test: 1})
        assert per_ac[0]["asserted"] == ["ValueError"], ending
        assert check["findings"] == []
    # a try that goes on when nothing is raised expects nothing
    lenient = REFUSING_TEST.replace("self.assertFalse(True)", "self.assertFalse(False)")
    _, check = checks.literal_evidence([REFUSED_AC], rows, {test: lenient}, {test: 1})
    assert [f["message"][:40] for f in check["findings"]] == [
        "no test of AC1 asserts any of `ValueErro"]

CATALOG_SPEC = """import { Catalog } from './Catalog';

describe('Catalog', function() {
  var catalog;

  var expectFound = function(results, expected) {
    expect(results.length).toBe(expected.length);
  };

  beforeEach(function() {
    catalog = new Catalog();
  });

  it('finds numbers as text', function() {
    catalog.add({ id: 1, year: 1984 });
    expectFound(catalog.find('1984'), [1]);
  });
});
"""
YEAR_AC = AcceptanceCriterion(
    "AC1", "Given a record with a number, when it is indexed, then it can be found by its text "
    "(`1984`).", "a record with a number", "it is indexed",
    "it can be found by its text (`1984`).", False, None, 5)


def test_what_a_js_test_hands_a_check_its_describe_defines_is_asserted() -> None:
    """js-search's `Search.test.js` had drawn "no test of AC4 asserts any of `167`, `true`,
    `false`, `0`": its tests hand each to `validateSearchResults(search.search('167'),
    [doc])`, a function of the `describe` around them whose body checks; what a JS test
    hands a function of its file that checks is what it asserts, and not where it checks
    nothing."""
    test = "src/catalog.test.js::Catalog > finds numbers as text"
    body = CATALOG_SPEC.split("it('finds numbers as text', function() {\n")[1].split("  });")[0]
    rows = [{"ac_id": "AC1", "matched": True, "tests": [test]}]
    texts = {"src/catalog.test.js": CATALOG_SPEC}
    per_ac, check = checks.literal_evidence([YEAR_AC], rows, {test: body}, {test: 15}, texts)
    assert per_ac[0]["asserted"] == ["1984"]
    assert check["findings"] == []
    quiet = {"src/catalog.test.js": CATALOG_SPEC.replace(
        "expect(results.length).toBe(expected.length);", "console.log(results);")}
    _, check = checks.literal_evidence([YEAR_AC], rows, {test: body}, {test: 15}, quiet)
    assert [f["message"][:35] for f in check["findings"]] == [
        "no test of AC1 asserts any of `1984"]


ENCODING_AC = AcceptanceCriterion(
    "AC2", "Given a version in different forms, when it is parsed, then the results compare "
    "equal, and bytes without an encoding are refused with `TypeError`.",
    "a version in different forms", "it is parsed", "the results compare equal, and bytes "
    "without an encoding are refused with `TypeError`.", False, None, 2)


def test_a_test_asserting_the_thens_literal_but_not_counted_for_its_ac_is_named() -> None:
    """unidiff: "no test of AC2 asserts any of `TypeError`" spoke of the tests counted for
    AC2 as of every test, while `test_missing_encoding`, which asserts it, counts for none:
    the warning names it, and that it is not counted for AC2."""
    equal = "tests/test_v.py::test_forms_compare_equal"
    missing = "tests/test_v.py::test_missing_encoding"
    bodies = {equal: "def test_forms_compare_equal():\n"
                     "    assert parse(b'1.2.3', encoding='ascii') == parse('1.2.3')\n",
              missing: "def test_missing_encoding():\n"
                       "    with pytest.raises(TypeError):\n        parse(b'1.2.3')\n"}
    rows = [{"ac_id": "AC2", "matched": True, "tests": [equal]}]
    _, check = checks.literal_evidence([ENCODING_AC], rows, bodies, {equal: 1, missing: 5})
    assert [(f["line"], f["message"]) for f in check["findings"]] == [(1, (
        "no test counted for AC2 asserts any of `TypeError` from its Then clause; "
        "tests/test_v.py::test_missing_encoding, which asserts `TypeError`, is not counted "
        "for AC2"))]
    # with no such test, the warning is as it was
    del bodies[missing]
    _, check = checks.literal_evidence([ENCODING_AC], rows, bodies, {equal: 1})
    assert [f["message"] for f in check["findings"]] == [
        "no test of AC2 asserts any of `TypeError` from its Then clause"]


ORDER_AC = AcceptanceCriterion(
    "AC3", "Given a list of plain values, when I sort it, then text holding numbers is "
    "ordered the way people count: `\"1\"`, `\"2\"`, `\"10\"`.",
    "a list of plain values", "I sort it",
    "text holding numbers is ordered the way people count: `\"1\"`, `\"2\"`, `\"10\"`.",
    False, None, 3)


def test_a_test_the_story_does_not_claim_is_not_named_for_a_thens_literal() -> None:
    """svelte-jsoneditor's sorting story, whose AC3 promises `"1"`, `"2"`, `"10"`: its
    warning named `stringUtils > should parse a string`, a test of a file outside the
    story's File List, as asserting `"2"` and "not counted for AC3"; a test the story does
    not claim tests none of its ACs. Its own test that asserts one is named still."""
    counted, other = "lib/order.test.js::order > sorts", "lib/text.test.js::text > parses"
    own = "lib/order.test.js::order > keeps quoted numbers"
    bodies = {counted: "assert.deepStrictEqual(order([2, 1]), [1, 2])",
              other: "assert.strictEqual(parse('\"2\"'), '\"2\"')"}
    warned = {}
    for named in ((), (own,)):
        bodies.update({test: 'assert.deepStrictEqual(order(["10", "2"]), ["2", "10"])'
                       for test in named})
        _, check = checks.literal_evidence(
            [ORDER_AC], [{"ac_id": "AC3", "matched": True, "tests": [counted]}], bodies, {},
            outside={other})
        warned[named] = [f["message"] for f in check["findings"]]
    literals = '`"1"`, `"2"`, `"10"` from its Then clause'
    assert warned == {(): [f"no test of AC3 asserts any of {literals}"], (own,): [
        f"no test counted for AC3 asserts any of {literals}; {own}, which asserts `\"2\"`, "
        '`"10"`, is not counted for AC3']}


def test_a_string_the_then_quotes_is_asserted_in_the_tests_own_quotes() -> None:
    """The same AC3 and the test counted for it, `sorts numbers as text` asserting
    `['1', '2', '10']`: the review warned that no test of AC3 asserts `"1"`, `"2"` or
    `"10"`, reading the Then's quotes as part of the value; `'2'` is the text 2 too."""
    test = "lib/order.test.js::order > sorts numbers as text"
    body = "assert.deepStrictEqual(order(['10', '2', '1']), ['1', '2', '10'])"
    per_ac, check = checks.literal_evidence(
        [ORDER_AC], [{"ac_id": "AC3", "matched": True, "tests": [test]}], {test: body}, {})
    assert (per_ac[0]["asserted"], check["findings"]) == (['"1"', '"10"', '"2"'], [])


def test_what_a_test_hands_a_check_its_file_defines_is_asserted() -> None:
    """The same tests then drew "no test of AC1 asserts any of `Sam` from its Then clause":
    what a test hands its file's own check (`self.m(name.nickname, "Sam", name)`) is what
    it asserts; what it hands a helper that checks nothing is not."""
    test = "tests.py::NicknameCases::test_nickname_in_brackets"
    body = OWN_CHECK_FILE.split("class NicknameCases(NameBase):\n")[1]
    rows = [{"ac_id": "AC1", "matched": True, "tests": [test]}]
    checking = placeholders.python_checking_helpers({"tests.py": OWN_CHECK_FILE})
    per_ac, check = checks.literal_evidence([NICKNAME_AC], rows, {test: body}, {test: 11},
                                            py_checks=checking)
    assert per_ac[0]["asserted"] == ["Sam"]
    assert check["findings"] == []
    _, check = checks.literal_evidence([NICKNAME_AC], rows, {test: body}, {test: 11},
                                       py_checks={"tests.py": frozenset({"other"})})
    assert [f["message"][:34] for f in check["findings"]] == ["no test of AC1 asserts any of `Sam"]


def test_a_type_check_of_the_type_the_then_names_is_no_presence_only_check() -> None:
    """tomlkit's AC9 ("then it returns a `TOMLDocument`") and its one test, `assert
    isinstance(load(fp), TOMLDocument)`: the review said it "only checks that a result
    exists ..., not `TOMLDocument` from AC9's Then clause", the very type it checks, and left
    AC9 without a test. A check of another type still only asks for a result."""
    test = "tests/test_api.py::test_load_from_file_object"
    judged = {check: checks.presence_only_tests(
        [TOMLKIT_AC9], CoverageResult((AcCoverage("AC9", True, 1, (test,), "name", False, True),),
                                      ()),
        {test: f"def test_load(path):\n    with open(path) as fp:\n        {check}\n"})
        for check in ("assert isinstance(load(fp), TOMLDocument)",
                      "assert isinstance(load(fp), (tomlkit.TOMLDocument, dict))",
                      "self.assertIsInstance(load(fp), TOMLDocument)",
                      "assert type(load(fp)) is TOMLDocument",
                      "assert isinstance(load(fp), dict)")}
    weak = judged.pop("assert isinstance(load(fp), dict)")
    assert [check for check, found in judged.items() if found] == []
    assert weak["AC9"][test].endswith("not `TOMLDocument` from AC9's Then clause")


def test_a_python_test_an_unchanged_input_passes_covers_no_ac_promising_a_change() -> None:
    """rfc3986's AC1 (`HTTP` -> `http`) with the code broken to hand the scheme back as it
    came: a test of an input already lower case, one lower-casing the result itself, one
    taking either value, each approved the story. Each now shows none of the change; a test
    of the AC's own example counts, and an AC promising no change keeps such a test."""
    test = "tests/test_normalizers.py::test_normalize_scheme"
    result = CoverageResult((AcCoverage("AC1", True, 1, (test,), "name", False, True),), ())
    for check in ('assert normalize_scheme("http") == "http"',
                  'assert normalize_scheme("HTTP").lower() == "http"',
                  'assert normalize_scheme("HTTP") in ("http", "HTTP")',
                  'self.assertEqual(normalizers.normalize_scheme("http"), "http")'):
        body = f"def test_normalize_scheme(self):\n    {check}\n"
        unchanged = checks.unchanged_input_tests([RFC3986_AC1], result, {test: body})
        assert unchanged["AC1"][test] == (
            f"its checks hold with the input handed back unchanged ({checks._code(check)}): "
            "it shows "
            "none of the change AC1 promises (`HTTP` -> `http`)"), check
    honest = 'def test_normalize_scheme():\n    assert normalize_scheme("HTTP") == "http"\n'
    assert checks.unchanged_input_tests([RFC3986_AC1], result, {test: honest}) == {}
    kept = dataclasses.replace(RFC3986_AC1, given="a scheme already lower case (`http`)")
    body = 'def test_normalize_scheme():\n    assert normalize_scheme("http") == "http"\n'
    assert checks.unchanged_input_tests([kept], result, {test: body}) == {}
    js = "test/scheme.test.js::normalizes"
    js_result = CoverageResult((AcCoverage("AC1", True, 1, (js,), "name", False, True),), ())
    assert checks.unchanged_input_tests([RFC3986_AC1], js_result, {js: body}) == {}

def test_a_js_test_that_only_calls_the_code_covers_no_ac_promising_a_value() -> None:
    """vercel/ms's AC3 (`NaN` for `parse('foo')`) with its expects removed, the calls kept:
    the test passes whatever `parse` returns. A Python test, or an AC promising no value, is
    not judged by it."""
    ac = AcceptanceCriterion("AC3", "Given a string with no duration, when `parse` is called, "
                             "then it returns `NaN`", "a string with no duration",
                             "`parse` is called", "it returns `NaN`", False, None, 3)
    test = "src/parse.test.ts::parse(string) > should return NaN if invalid"
    body = "  it('should return NaN if invalid', () => {\n    parse('foo');\n  });\n"
    result = CoverageResult((AcCoverage("AC3", True, 1, (test,), "name", False, True),), ())
    assert checks.unchecked_tests([ac], result, {test: body}, frozenset({"parse"})) == {
        "AC3": {test: "calls the code and checks nothing of what it returns or throws "
                      "(parse('foo'))"}}
    assert checks.unchecked_tests([ac], result, {test: body}, frozenset({"format"})) == {}
    plain = dataclasses.replace(ac, then="it is accepted")
    assert checks.unchecked_tests([plain], result, {test: body}, frozenset({"parse"})) == {}
    throws = dataclasses.replace(ac, then="an Error is thrown")  # a throw: no value, judged
    swallowed = "  it('x', () => {\n    try { parse(NaN) } catch {}\n  });\n"
    assert list(checks.unchecked_tests([throws], result, {test: swallowed},
                                       frozenset({"parse"}))) == ["AC3"]

def test_a_table_comparing_the_code_with_itself_covers_no_ac_promising_a_value() -> None:
    """unjs/destr's AC5 (`9e2` gives 900) with its table's row made `destr("9e2")`: the row
    passes whatever destr gives. A Python table alike, by the Python names; an AC promising
    no value is not judged by it."""
    ac = AcceptanceCriterion("AC5", "Given a numeric string such as \"9e2\", when `destr` "
                             "parses it, then the number 900 is returned",
                             "a numeric string such as \"9e2\"", "`destr` parses it",
                             "the number 900 is returned", False, None, 5)
    js, py = "test/index.test.ts::destr > parses number", "tests/test_n.py::test_num"
    bodies = {js: '  it("parses number", () => {\n    const rows = [{ input: "9e2", '
                  'output: destr("9e2") }];\n    for (const r of rows) expect(destr(r.input))'
                  '.toBe(r.output);\n  });\n',
              py: '@pytest.mark.parametrize("i,o", [("9e2", destr("9e2"))])\n'
                  'def test_num(i, o):\n    assert destr(i) == o\n'}
    result = CoverageResult((AcCoverage("AC5", True, 2, (js, py), "name", False, True),), ())
    names = sut_names.Names({".js": frozenset({"destr"}), ".py": frozenset({"destr"})})
    why = ('its table\'s expected value is the code\'s own result (destr("9e2")): it compares '
           'the code with itself')
    assert checks.self_compared_tests([ac], result, bodies, names) == {"AC5": {js: why, py: why}}
    js_only = sut_names.Names({".js": frozenset({"destr"})})
    assert checks.self_compared_tests([ac], result, bodies, js_only) == {"AC5": {js: why}}
    plain = dataclasses.replace(ac, then="it is parsed")
    assert checks.self_compared_tests([plain], result, bodies, names) == {}

def test_a_raise_check_that_may_pass_on_something_else_covers_no_ac_promising_it() -> None:
    """isodate's AC5 (a TypeError from `parse_duration` for a non-string) tested by
    `len(parse_duration(date(2000, 1, 1)))`: len(None) raises it too. An AC whose When names
    no unit, or a JS test, is not judged so."""
    ac = AcceptanceCriterion("AC5", "Given a value that is not a string, when "
                             "`parse_duration` is called, then a `TypeError` is raised",
                             "a value that is not a string", "`parse_duration` is called",
                             "a `TypeError` is raised", False, None, 5)
    test = "tests/test_duration.py::test_typeerror"
    body = ("def test_typeerror():\n    with pytest.raises(TypeError):\n"
            "        len(parse_duration(date(2000, 1, 1)))\n")
    result = CoverageResult((AcCoverage("AC5", True, 1, (test,), "name", False, True),), ())
    assert checks.unshown_raise_tests([ac], result, {test: body}) == {"AC5": {test: (
        "its check (with pytest.raises(TypeError): len(parse_duration(date(2000, 1, 1)))) may "
        "pass on something other than the code AC5 names raising it")}}
    plain = dataclasses.replace(ac, when="it is parsed")
    assert checks.unshown_raise_tests([plain], result, {test: body}) == {}
    js = "test/d.test.ts::throws"
    js_result = CoverageResult((AcCoverage("AC5", True, 1, (js,), "name", False, True),), ())
    assert checks.unshown_raise_tests([ac], js_result, {js: body}) == {}

def test_a_check_of_what_a_result_is_not_covers_an_ac_promising_a_difference() -> None:
    """parse's AC7: an offset "compares unequal to objects that are not offsets", which
    `assert utc != "spam"` checks."""
    ac = AcceptanceCriterion("AC7", "Given an offset, when compared, then it compares unequal "
                             "to `spam`", "an offset", "compared",
                             "it compares unequal to `spam` and returns `None`", False, None, 3)
    test = "tests/test_bugs.py::test_tz_compare_to_None"
    result = CoverageResult((AcCoverage("AC7", True, 1, (test,), "name", False, True),), ())
    body = 'def test_tz_compare_to_None():\n    assert utc != "other"\n'
    assert checks.presence_only_tests([ac], result, {test: body}) == {}
    rows = [{"ac_id": "AC7", "matched": True, "tests": [test]}]
    plain = dataclasses.replace(ac, then="it is kept")
    _, check = checks.literal_evidence([plain], rows, {test: body}, {test: 1})
    assert [f["message"][:40] for f in check["findings"]] == [
        "every test of AC7 only checks that a res"]
    _, check = checks.literal_evidence([dataclasses.replace(ac, then="it differs")], rows,
                                       {test: body}, {test: 1})
    assert check["findings"] == []

def test_a_weak_assertion_names_the_then_literals_as_the_ac_spells_them() -> None:
    """A name the Then writes in backticks and a lone `-` are no promised values: not named,
    and a Then promising nothing else gives no weak assertion."""
    ac = AcceptanceCriterion("AC3", "Given no zone, when parsed, then the default is None, "
                             "and the sign is `-`", "no zone", "parsed",
                             "the default is None, `offset` is kept and the sign is `-`",
                             False, None, 4)
    rows = [{"ac_id": "AC3", "matched": True, "tests": ["t.py::test_parse"]}]
    _, check = checks.literal_evidence([ac], rows, {"t.py::test_parse": "assert parse(x)"},
                                       {"t.py::test_parse": 7})
    (found,) = check["findings"]
    assert found["message"] == "no test of AC3 asserts any of `None` from its Then clause"
    named = AcceptanceCriterion("AC4", "Then `dataUpdatedAt` is set to the time", None, None,
                                "`dataUpdatedAt` is set to the time, or `-`", False, None, 5)
    rows = [{"ac_id": "AC4", "matched": True, "tests": ["t.ts::sets it"]}]
    per_ac, check = checks.literal_evidence([named], rows,
                                            {"t.ts::sets it": "expect(at).toBe(now)"},
                                            {"t.ts::sets it": 3})
    assert check["findings"] == [] and per_ac[0]["literals"] == []


def test_a_none_in_backticks_is_asserted_by_assert_is_none() -> None:
    """pytimeparse: "then it returns `None` instead of a number" warned that no test of AC10
    asserts `None`, though its test checks the result with `assertIsNone(...)`."""
    ac = AcceptanceCriterion("AC10", "Given a sign inside it, when parsed, then it returns "
                             "`None` instead of a number", "a sign inside it", "parsed",
                             "it returns `None` instead of a number", False, None, 9)
    test = "pkg/tests/testspan.py::TestSpan::test_inner_sign"
    rows = [{"ac_id": "AC10", "matched": True, "tests": [test]}]
    for body, warned in (("        self.assertIsNone(span('4 m - 2 s'))\n", []),
                         ("        self.assertEqual(span('4 m'), 240)\n",
                          ["no test of AC10 asserts any of `None` from its Then clause"])):
        _, check = checks.literal_evidence([ac], rows, {test: body}, {test: 3})
        assert [f["message"] for f in check["findings"]] == warned


def test_a_go_test_asserts_what_it_hands_a_checking_helper_of_another_test_file() -> None:
    """xstrings: `TestToCamelCase` hands its table to `runTestCases`, which `util_test.go`
    defines and which fails the test on a wrong result; "no test of AC3 asserts any of
    `HttpServer`, `GolangIsGreat`" was false, and the converter it hands was taken for a
    value the kebab AC promises ("asserts any of `ToSnakeCase`")."""
    from gaia_lib.evidence import placeholders

    util = ("package words\n\nfunc runCases(t *testing.T, convert func(string) string,\n"
            "\tcases map[string]string) {\n\tfor in, want := range cases {\n"
            "\t\tif got := convert(in); got != want {\n\t\t\tt.Fatalf(\"%q: %q\", in, got)\n"
            "\t\t}\n\t}\n}\n")
    body = ('func TestToTitle(t *testing.T) {\n\trunCases(t, ToTitle, map[string]string{\n'
            '\t\t"snake_case": "SnakeCase",\n\t})\n}\n')
    logged = util.replace("t.Fatalf", "t.Logf")
    test = "words_test.go::TestToTitle"
    title = AcceptanceCriterion("AC3", "Given words, when `ToTitle` joins them, then "
                                "snake_case gives `SnakeCase`", "words", "`ToTitle` joins them",
                                "snake_case gives `SnakeCase`", False, None, 4)
    kebab = AcceptanceCriterion("AC2", "Given words, when joined, then the result is what "
                                "`ToTitle` gives", "words", "joined",
                                "the result is what `ToTitle` gives", False, None, 5)
    rows = [{"ac_id": ac, "matched": True, "tests": [test]} for ac in ("AC3", "AC2")]
    for texts, warned in (({"util_test.go": util}, []),
                          ({"util_test.go": logged}, ["AC3", "AC2"])):
        helpers = placeholders.go_checking_helpers({**texts, "words_test.go": body})
        _, check = checks.literal_evidence([title, kebab], rows, {test: body}, {test: 1},
                                           go_checks=helpers)
        assert [f["ac_id"] for f in check["findings"]] == warned


def test_a_weak_assertion_is_at_the_test_the_matcher_scored_highest() -> None:
    """httprouter: AC3's weak-assertion warning sat at `TestRouterOPTIONS`, a weak match
    that sorts first, not at the AC's own test: it is at the strongest match now."""
    ac = AcceptanceCriterion("AC3", "Given a route with a parameter, when it is served, then "
                             "the handler reads `42` from it", "a route with a parameter",
                             "it is served", "the handler reads `42` from it", False, None, 4)
    weak, own = "router_test.go::TestRouterOPTIONS", "router_test.go::TestRouterParams"
    rows = [{"ac_id": "AC3", "matched": True, "tests": [weak, own],
             "matches": [{"test": weak, "score": 2.1}, {"test": own, "score": 9.4}]}]
    _, check = checks.literal_evidence([ac], rows, {weak: "", own: ""}, {weak: 240, own: 310})
    assert [(f["file"], f["line"]) for f in check["findings"]] == [("router_test.go", 310)]
    plain = [{"ac_id": "AC3", "matched": True, "tests": [weak, own]}]  # no scores: the first
    _, check = checks.literal_evidence([ac], plain, {weak: "", own: ""}, {weak: 240, own: 310})
    assert [f["line"] for f in check["findings"]] == [240]


def test_a_capitalised_function_the_tests_call_is_no_value_the_then_promises() -> None:
    """httprouter: AC3's Then names `ParamsFromContext`, an exported Go function its test
    calls; it was read as an enum-like value no test asserts (a weak-assertion warning on a
    test that checks the parameters it returns). An error type a test builds is still one."""
    ac = AcceptanceCriterion("AC3", "Given a route with a named parameter, when it is served, "
                             "then `ParamsFromContext` gives the handler its value",
                             "a route with a named parameter", "it is served",
                             "`ParamsFromContext` gives the handler its value", False, None, 4)
    test = "router_test.go::TestRouterParamsFromContext"
    body = ('\tps := ParamsFromContext(req.Context())\n'
            '\tif ps.ByName("name") != "gopher" {\n\t\tt.Fatal("wrong value")\n\t}\n')
    rows = [{"ac_id": "AC3", "matched": True, "tests": [test]}]
    per_ac, check = checks.literal_evidence([ac], rows, {test: body}, {test: 30})
    assert check["findings"] == [] and per_ac[0]["literals"] == []
    uncalled = {test: '\tif ps.ByName("name") != "gopher" {\n\t\tt.Fatal("x")\n\t}\n'}
    assert [f["message"] for f in checks.literal_evidence([ac], rows, uncalled, {test: 30})[1][
        "findings"]] == ["no test of AC3 asserts any of `ParamsFromContext` from its Then clause"]
    error = AcceptanceCriterion("AC4", "Given a bad route, when it is added, then a "
                                "`ValueError` is raised", "a bad route", "it is added",
                                "a `ValueError` is raised", False, None, 5)
    built = {test: "\tside_effect = ValueError('bad')\n\tadd(route)\n"}
    rows = [{"ac_id": "AC4", "matched": True, "tests": [test]}]
    assert checks.literal_evidence([error], rows, built, {test: 30})[0][0]["literals"] == [
        "ValueError"]


def test_a_then_literal_the_tests_write_as_a_key_names_which_items_not_a_value() -> None:
    """Cerberus: "fields whose rules are `readonly` are removed" warned that no test of AC7
    asserts `readonly`, a rule's name its test writes in its schema (`{'readonly': True}`):
    it says which fields, the value promised is their removal."""
    ac = AcceptanceCriterion("AC7", "Given purging set, when a document is normalized, then "
                             "fields whose rules are `readonly` are removed", "purging set",
                             "a document is normalized",
                             "fields whose rules are `readonly` are removed", False, None, 4)
    test = "tests/test_norm.py::test_purge"
    rows = [{"ac_id": "AC7", "matched": True, "tests": [test]}]
    # a mapping's key or a keyword argument's name; a test never writing it leaves it a value
    for body, literals in (("    schema = {'stamp': {'readonly': True}}\n"
                            "    assert 'stamp' not in normalize(schema, {'stamp': 1})\n", []),
                           ("    v = Checker(readonly=True)\n    assert v.ok\n", []),
                           ("    assert normalize(doc) == {}\n", ["readonly"])):
        per_ac, check = checks.literal_evidence([ac], rows, {test: body}, {test: 3})
        assert per_ac[0]["literals"] == literals
        assert [f["rule"] == "weak-assertion" and "readonly" in f["message"]
                for f in check["findings"]] == ([True] if literals else [])


def test_a_test_comparing_with_a_constant_asserts_its_literal() -> None:
    """python-ulid's `test_ulid` checks `len(ulid.bytes) == constants.BYTES_LEN`, 16 as
    `ulid/constants.py` gives it: it asserts the 16 of AC1's Then, no weak assertion."""
    ac = AcceptanceCriterion("AC1", "Given no arguments, when a new ULID is created, then it "
                             "is 16 bytes long, its string form is 26 characters", "no arguments",
                             "a new ULID is created",
                             "it is 16 bytes long, its string form is 26 characters",
                             False, None, 4)
    test = "tests/test_ulid.py::test_ulid"
    body = ("    assert len(ulid.bytes) == constants.BYTES_LEN\n"
            "    assert len(str(ulid)) == constants.REPR_LEN\n")
    rows = [{"ac_id": "AC1", "matched": True, "tests": [test]}]
    _, check = checks.literal_evidence([ac], rows, {test: body}, {test: 30})
    assert [f["message"] for f in check["findings"]] == [
        "no test of AC1 asserts any of `16`, `26` from its Then clause"]
    read = body.replace("constants.BYTES_LEN", "16").replace("constants.REPR_LEN", "26")
    per_ac, check = checks.literal_evidence([ac], rows, {test: body}, {test: 30}, None,
                                            {test: read})
    assert check["findings"] == [] and per_ac[0]["asserted"] == ["16", "26"]


def test_a_go_test_comparing_with_a_named_error_constant_asserts_its_name() -> None:
    """xid: `if err != ErrInvalidID {` checks the `ErrInvalidID` its AC's Then promises; the
    constant's reading wrote its literal (`"xid: invalid ID"`) in the name's place, and the
    review warned that no test of the AC asserts `ErrInvalidID`."""
    ac = AcceptanceCriterion("AC4", "Given a token, when it is parsed, then text that is no "
                             "token is refused with `ErrBadToken`", "a token", "it is parsed",
                             "text that is no token is refused with `ErrBadToken`",
                             False, None, 12)
    test = "token_test.go::TestParseRefusesGarbage"
    body = ('func TestParseRefusesGarbage(t *testing.T) {\n'
            '\tif _, err := Parse("??"); err != ErrBadToken {\n'
            '\t\tt.Errorf("Parse(??) err=%v, want %v", err, ErrBadToken)\n\t}\n}\n')
    read = body.replace("ErrBadToken", '"token: bad token"')
    rows = [{"ac_id": "AC4", "matched": True, "tests": [test]}]
    per_ac, check = checks.literal_evidence([ac], rows, {test: body}, {test: 20}, None,
                                            {test: read})
    assert check["findings"] == [] and per_ac[0]["asserted"] == ["ErrBadToken"]


def test_a_test_whose_stored_snapshot_holds_a_literal_asserts_it() -> None:
    """htmlparser2: `legacy entities fail` hands `M&M` to a function comparing the parser's
    events with the test's snapshot, which holds the text `M&M`; the review warned that no
    test of AC6 asserts `M&M`. The stored snapshot is what the test asserts."""
    ac = AcceptanceCriterion("AC6", "Given text with entities, when it is parsed, then text "
                             "that only starts like an entity (`Q&A`) is kept as written",
                             "text with entities", "it is parsed",
                             "text that only starts like an entity (`Q&A`) is kept as written",
                             False, None, 42)
    test = "src/events.spec.ts::Events > keeps a lone ampersand"
    body = '    it("keeps a lone ampersand", () => runTest("Q&A"));\n'
    rows = [{"ac_id": "AC6", "matched": True, "tests": [test]}]
    _, check = checks.literal_evidence([ac], rows, {test: body}, {test: 140})
    assert [f["message"] for f in check["findings"]] == [
        "no test of AC6 asserts any of `Q&A` from its Then clause"]
    stored = '[\n  {\n    "$event": "text",\n    "data": [\n      "Q&A",\n    ],\n  },\n]'
    per_ac, check = checks.literal_evidence([ac], rows, {test: body}, {test: 140}, None, None,
                                            {test: stored})
    assert check["findings"] == [] and per_ac[0]["asserted"] == ["Q&A"]

def test_a_check_of_the_type_the_then_names_is_more_than_a_result_existing() -> None:
    """tomlkit's AC9 ("then it returns a `TOMLDocument`"): another test of the story builds a
    `TOMLDocument()`, so the name is code, no literal; its one test, `assert
    isinstance(load(fp), TOMLDocument)`, drew "every test of AC9 only checks that a result
    exists", though it checks the very type promised. A check of another type still does."""
    ac = TOMLKIT_AC9
    load = "tests/test_api.py::test_load_from_file_object"
    build = "tests/test_toml_file.py::test_default_eol"
    bodies = {load: "    with open(path) as fp:\n        assert isinstance(load(fp), TOMLDocument)",
              build: "    doc = TOMLDocument()\n    doc.append('a', 1)\n    f.write(doc)"}
    rows = [{"ac_id": "AC9", "matched": True, "tests": [load]}]
    _, check = checks.literal_evidence([ac], rows, bodies, {load: 91})
    assert check["findings"] == []
    other = {**bodies, load: "    with open(path) as fp:\n        assert isinstance(load(fp), dict)"}
    _, check = checks.literal_evidence([ac], rows, other, {load: 91})
    assert [f["message"] for f in check["findings"]] == [
        "every test of AC9 only checks that a result is of the type it names"
        " (assert isinstance(load(fp), dict)):"
        " none shows its Then clause holds"]


def test_an_ac_whose_every_test_only_checks_that_a_result_exists_draws_a_warning() -> None:
    """defu's AC1 test weakened to `toBeDefined()`: its Then names no value to look for, yet
    a test that only asks for a result to exist shows nothing of it. One real check among
    the AC's tests is enough; a check that an error is thrown is a real one."""
    ac = AcceptanceCriterion("AC1", "Given options and defaults, when merged, then the options "
                             "win", "options and defaults", "merged", "the options win",
                             False, None, 4)
    weak = {"t.ts::merges": "  const r = defu(a, b);\n  expect(r).toBeDefined();"}
    rows = [{"ac_id": "AC1", "matched": True, "tests": ["t.ts::merges"]}]
    _, check = checks.literal_evidence([ac], rows, weak, {"t.ts::merges": 7})
    assert [(f["file"], f["line"], f["severity"], f["rule"], f["message"])
            for f in check["findings"]] == [
        ("t.ts", 7, "warning", "weak-assertion", "every test of AC1 only checks that a result "
         "exists (expect(r).toBeDefined()): none shows its Then clause holds")]
    real = {**weak, "t.ts::wins": "  expect(defu({ a: 1 }, { a: 2 })).toEqual({ a: 1 });",
            "t.ts::throws": "  expect(() => defu(null)).toThrow();"}
    for others in (["t.ts::wins"], ["t.ts::throws"]):
        rows = [{"ac_id": "AC1", "matched": True, "tests": ["t.ts::merges", *others]}]
        _, check = checks.literal_evidence([ac], rows, real, {})
        assert check["findings"] == []


def test_a_then_promising_only_that_input_is_taken_is_shown_by_nothing_thrown() -> None:
    """A schedule AC whose Then says a pattern "is accepted without an error": its tests,
    each `expect(() => new Schedule("0,10 * * * * *")).not.toThrow()`, show exactly that;
    they had drawn "every test of AC1 only checks that nothing is thrown ...: none shows its
    Then clause holds". A Then promising what the code gives still draws the warning."""
    test = "tests/schedule.test.js::schedule > should take lists"
    bodies = {test: "\t\texpect(function() {\n\t\t\tnew Schedule('0,10 * * * * *');\n"
                    "\t\t}).not.toThrow();"}
    rows = [{"ac_id": "AC1", "matched": True, "tests": [test]}]
    for then, rules in (("it is accepted without an error", []),
                        ("it gives the next run after now", ["weak-assertion"])):
        ac = AcceptanceCriterion("AC1", f"Given a pattern of lists, when a schedule is made "
                                 f"of it, then {then}", "a pattern of lists",
                                 "a schedule is made of it", then, False, None, 4)
        found = checks.literal_evidence([ac], rows, bodies, {test: 12})[1]["findings"]
        assert [f["rule"] for f in found] == rules, then


def test_a_weak_assertion_about_a_check_is_at_that_check_as_a_placeholder_is() -> None:
    """unjs/cookie-es's AC4 test weakened to `expect(cookies).toBeDefined()`: the finding
    quotes that check, and points at its line, not the `it(` four lines above it."""
    ac = AcceptanceCriterion("AC4", "Given a header with duplicate cookies of the same name, "
                             "when it is parsed, then the duplicates are ignored and the "
                             "first value is kept.", "a header with duplicate cookies of the "
                             "same name", "it is parsed", "the duplicates are ignored and the "
                             "first value is kept.", False, None, 40)
    test = "test/cookie-parse.test.ts::cookie.parse(str) > should ignore duplicate cookies"
    body = ('  it("should ignore duplicate cookies", () => {\n    // the last one wins\n'
            '    const cookies = parse("foo=%1;bar=bar;foo=boo");\n\n'
            '    expect(cookies).toBeDefined();\n  });\n')
    text = "\n" * 43 + body + '  it("should return array", () => {\n' \
        "    expect(cookies).toBeDefined();\n  });\n"
    rows = [{"ac_id": "AC4", "matched": True, "tests": [test]}]
    _, check = checks.literal_evidence([ac], rows, {test: body}, {test: 44},
                                       {"test/cookie-parse.test.ts": text})
    assert [(f["file"], f["line"]) for f in check["findings"]] == [
        ("test/cookie-parse.test.ts", 48)]


def test_a_test_checking_only_an_error_it_catches_covers_no_ac() -> None:
    """remeda's tests weakened to `try { chunk(...) } catch (e) { expect(e)... }`: they pass
    whether or not anything is thrown, so they show neither AC5's RangeError nor AC2's
    batches; a test that checks a value it computes still counts."""
    caught = ('test("x", () => {\n  try { chunk(["a"], 0); } catch (e) {'
              ' expect(e).toBeInstanceOf(RangeError); }\n});')
    real = 'test("y", () => {\n  expect(chunk(["a"], 1)).toEqual([["a"]]);\n});'
    result = SimpleNamespace(per_ac=[SimpleNamespace(ac_id="AC2", tests=["t.ts::x", "t.ts::y"]),
                                     SimpleNamespace(ac_id="AC5", tests=["t.ts::x"])])
    assert checks.caught_only_tests(result, {"t.ts::x": caught, "t.ts::y": real}) == {  # type: ignore[arg-type]
        "t.ts::x": "checks only an error it catches (expect(e).toBeInstanceOf(RangeError)): "
                   "with nothing thrown it passes (no expect.assertions(n), fail() or toThrow)"}


def test_a_python_test_checking_only_an_error_it_catches_is_told_python_s_checks() -> None:
    """A Python test is told what pytest or unittest would have checked the throw with, not
    jest's `expect.assertions(n)` and `toThrow`."""
    caught = ("def test_x():\n    try:\n        merge(a, b, strict=True)\n"
              "    except TypeError as e:\n        assert 'a/b' in str(e)\n")
    result = SimpleNamespace(per_ac=[SimpleNamespace(ac_id="AC9", tests=["tests/t.py::test_x"])])
    assert checks.caught_only_tests(result, {"tests/t.py::test_x": caught}) == {  # type: ignore[arg-type]
        "tests/t.py::test_x": "checks only an error it catches (assert 'a/b' in str(e)): with "
                              "nothing thrown it passes (no pytest.raises, assertRaises, or a "
                              "fail() or raise in its try, its else or after it)"}


def test_a_branch_check_without_a_coverage_tool_names_the_tools_it_looked_for(
        tmp_path: Path) -> None:
    probe = StackProbe("ts-dev", (ToolProbe("vitest", True, "/x/vitest", "node_modules", "2"),),
                       (ToolProbe("c8", False, None, "none", None),
                        ToolProbe("@vitest/coverage-v8", False, None, "none", None)), None)
    s = SimpleNamespace(project=tmp_path, probe=probe)
    result = checks.branch_evidence(s, [])  # type: ignore[arg-type]
    assert result["status"] == "skipped"
    assert result["skip_reason"] == (
        "no branch-coverage tool installed (looked for c8, @vitest/coverage-v8): "
        "untested-error-path findings cannot be confirmed")


def test_a_coverage_report_an_earlier_run_left_is_not_read(tmp_path: Path) -> None:
    """cookie-es: coverage/lcov.info from a run of other tests, then @vitest/coverage-v8
    uninstalled. The review's own run wrote no report: the left one is not taken for it
    (its catch handler, which the story's tests do run, read as never executed)."""
    for rel, text in {
            "src/parse.ts": "export function decode(s: string) {\n  try {\n    return "
                            "decodeURIComponent(s);\n  } catch {\n    return s;\n  }\n}\n",
            "coverage/lcov.info": "SF:src/parse.ts\nDA:1,1\nDA:3,1\nDA:5,0\nLF:3\nLH:2\n"
                                  "end_of_record\n"}.items():
        (tmp_path / rel).parent.mkdir(exist_ok=True)
        (tmp_path / rel).write_text(text)
    probe = StackProbe("ts-dev", (ToolProbe("vitest", True, "/x/vitest", "node_modules", "4"),),
                       (ToolProbe("@vitest/coverage-v8", False, None, "none", None),), None)
    s = SimpleNamespace(project=tmp_path, probe=probe,
                        story=SimpleNamespace(file_list=["src/parse.ts"]))
    result = checks.branch_evidence(s, [])  # type: ignore[arg-type]
    assert (result["status"], result["findings"]) == ("skipped", [])
    assert result["skip_reason"] == (
        "no branch-coverage tool installed (looked for @vitest/coverage-v8): untested-error-path "
        "findings cannot be confirmed; coverage/lcov.info, left by an earlier run, was not read")
    # a provider installed, and a coverage_command that wrote nothing: the same
    installed = dataclasses.replace(probe, coverage=(
        ToolProbe("@vitest/coverage-v8", True, "/x", "node_modules", "4"),))
    s.probe = installed
    result = checks.branch_evidence(s, [], "the coverage command wrote no known report")  # type: ignore[arg-type]
    assert result["skip_reason"] == ("the coverage command wrote no known report; "
                                     "coverage/lcov.info, left by an earlier run, was not read")


def test_a_failed_coverage_command_s_output_is_kept_and_named(tmp_path: Path) -> None:
    """cron-parser's coverage command fails on its thresholds after jest's long output: the
    note says why in one line and names the logs, in the evidence directory, that hold the
    rest; a command that passes keeps its logs unnamed."""
    state = tmp_path / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    said = 'Jest: Coverage for lines (96.61%) does not meet "global" threshold (99%)'
    probe = StackProbe("ts-dev", (), (ToolProbe("jest", True, "/x/jest", "node_modules",
                                                "29"),), None)
    s = SimpleNamespace(project=tmp_path, probe=probe, state_dir=lambda: state,
                        config=SimpleNamespace(coverage_command=(
                            f"echo 'PASS tests/a.test.ts'; echo '{said}' >&2; exit 1")))
    with writes.scope("fork", tmp_path):
        report, note = checks.produce_coverage(s)  # type: ignore[arg-type]
    logs = ".gaia/state/review/qa-tests/E1-S1/coverage-command"
    assert (report, note) == (None, f"coverage_command exited 1: {said} (its output: "
                                    f"{logs}-stdout.log, {logs}-stderr.log)")
    assert (state / "coverage-command-stdout.log").read_text() == "PASS tests/a.test.ts\n"
    assert (state / "coverage-command-stderr.log").read_text() == said + "\n"
    s.config.coverage_command = "echo fine"
    with writes.scope("fork", tmp_path):
        assert checks.produce_coverage(s)[1] == (  # type: ignore[arg-type]
            "the coverage_command wrote no known report (coverage.json, build/coverage.json, "
            "lcov.info, coverage/lcov.info, ...)")
    assert (state / "coverage-command-stdout.log").read_text() == "fine\n"


GO_SOURCE = """package version

func Must(v *Version, err error) *Version {
	if err != nil {
		panic(err)
	}
	return v
}
"""


def _story(tmp_path: Path, *files: str) -> SimpleNamespace:
    (tmp_path / "version.go").write_text(GO_SOURCE)
    return SimpleNamespace(project=tmp_path, story=SimpleNamespace(file_list=list(files)))


def test_a_coverage_report_of_none_of_the_file_lists_files_judges_nothing(
        tmp_path: Path) -> None:
    """A Go build that failed leaves a profile of no block: the check is skipped, naming what
    it could not judge, not passed."""
    empty = tmp_path / "tier_1-cover.out"
    empty.write_text("mode: set\n")
    s = _story(tmp_path, "version.go", "version_test.go", "README.md")
    (tmp_path / "version_test.go").write_text("package version\n")
    result = checks.branch_evidence(s, [], report=(empty, "go-cover"))  # type: ignore[arg-type]
    assert result["status"] == "skipped" and result["findings"] == []
    assert result["skip_reason"] == (
        "tier_1-cover.out measured none of the File List's files (version.go): "
        "untested-error-path findings cannot be confirmed")
    # a File List of no file in a language the check reads: nothing to judge either
    result = checks.branch_evidence(_story(tmp_path, "README.md"), [],  # type: ignore[arg-type]
                                    report=(empty, "go-cover"))
    assert result["status"] == "skipped"
    assert result["skip_reason"].startswith("the File List names no file in a language")
    # ... while a profile of the story's file is judged: its `err != nil` branch never ran
    ran = tmp_path / "ran.out"
    ran.write_text("mode: set\nexample.com/version/version.go:3.44,4.16 1 1\n"
                   "example.com/version/version.go:4.16,6.3 1 0\n"
                   "example.com/version/version.go:7.2,7.10 1 1\n")
    result = checks.branch_evidence(s, [], report=(ran, "go-cover"))  # type: ignore[arg-type]
    assert result["status"] == "failed"
    assert [(f["file"], f["line"]) for f in result["findings"]] == [("version.go", 4)]
    # and what it measured of the story's code, file by file
    assert result["measured"] == [{"file": "version.go", "lines": 5, "lines_covered": 3,
                                   "branches": 0, "branches_taken": 0, "statements": 3,
                                   "statements_covered": 2}]



def test_a_go_handler_is_named_by_its_method_as_go_names_it(tmp_path: Path) -> None:
    """go-cache: the unrun `if err != nil` of `(c *cache) SaveFile` read as `err-check in
    SaveFile.cache` in the QA rounds' lists, the method before its type: Go says
    `cache.SaveFile`. A function keeps its own name."""
    (tmp_path / "store.go").write_text(
        "package store\n\ntype cache struct{}\n\n"
        "func (c *cache) SaveFile(name string) error {\n\terr := write(name)\n"
        "\tif err != nil {\n\t\tc.close()\n\t\treturn err\n\t}\n\treturn nil\n}\n\n"
        "func Open(name string) error {\n\terr := write(name)\n\tif err != nil {\n"
        "\t\tlog(err)\n\t\treturn err\n\t}\n\treturn nil\n}\n")
    profile = tmp_path / "cover.out"
    profile.write_text("mode: set\nexample.com/store/store.go:5.46,7.16 2 1\n"
                       "example.com/store/store.go:7.16,10.3 2 0\n"
                       "example.com/store/store.go:11.2,11.12 1 1\n"
                       "example.com/store/store.go:14.32,16.16 2 1\n"
                       "example.com/store/store.go:16.16,19.3 2 0\n"
                       "example.com/store/store.go:20.2,20.12 1 1\n")
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(file_list=["store.go"]))
    result = checks.branch_evidence(s, [], report=(profile, "go-cover"))  # type: ignore[arg-type]
    assert [(f["line"], f["subject"]) for f in result["findings"]] == [
        (7, "err-check in cache.SaveFile"), (16, "err-check in Open")]

def test_a_handler_is_not_about_an_ac_quoting_a_message_another_story_source_writes(
        tmp_path: Path) -> None:
    """go-funk: `MustSet`'s unrun `if err != nil { panic(err) }` in assign.go was said to "may
    be about" the AC of `Fill`'s error, whose quoted `Cannot fill '[]string' with 'int'` only
    fill.go writes. A message the handler's own file writes still ties its AC."""
    (tmp_path / "put.go").write_text(
        "package kv\n\nfunc MustPut(m Map, key string) {\n\terr := Put(m, key)\n"
        "\tif err != nil {\n\t\tpanic(err)\n\t}\n}\n")
    (tmp_path / "pad.go").write_text(
        'package kv\n\nimport "fmt"\n\nfunc Pad(s string, n int) (string, error) {\n'
        '\tif len(s) > n {\n\t\treturn "", fmt.Errorf("cannot pad %q to %d runes", s, n)\n'
        "\t}\n\treturn s, nil\n}\n")
    profile = tmp_path / "cover.out"
    profile.write_text("mode: set\nexample.com/kv/put.go:3.35,5.16 2 1\n"
                       "example.com/kv/put.go:5.16,7.3 1 0\n"
                       "example.com/kv/pad.go:5.43,6.17 1 1\n"
                       "example.com/kv/pad.go:6.17,8.3 1 1\n"
                       "example.com/kv/pad.go:9.2,9.15 1 1\n")
    acs = [_ac("AC1", "Given a missing map, when a key is put, then an error is returned"),
           _ac("AC2", 'Given a long text, when it is padded, then it fails with '
                      '`cannot pad "abcdef" to 3 runes`')]
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(
        file_list=["put.go", "pad.go", "put_test.go"]))
    result = checks.branch_evidence(s, acs, report=(profile, "go-cover"))  # type: ignore[arg-type]
    assert [(f["file"], f["line"], f["message"].split("; ", 1)[1])
            for f in result["findings"]] == [
        ("put.go", 5, "it may be about AC1: no error-path AC names what it catches or the code "
                      "it is in")]
    # the message written in the handler's own file: its AC stays one it may be about
    (tmp_path / "put.go").write_text((tmp_path / "put.go").read_text()
                                     + '\nvar tooLong = "cannot pad %q to %d runes"\n')
    result = checks.branch_evidence(s, acs, report=(profile, "go-cover"))  # type: ignore[arg-type]
    assert result["findings"][0]["message"].endswith("it may be about AC1, AC2: no error-path "
                                                     "AC names what it catches or the code it "
                                                     "is in")


def test_a_go_profile_of_a_module_in_a_subdirectory_measures_the_story_code(
        tmp_path: Path) -> None:
    """httprouter kept in `services/router`: its profile names `path.go` by its import path
    (`github.com/julienschmidt/httprouter/path.go`), which `services/router/path.go` neither
    ends with nor is the end of, and the report measured none of the story's code. Its go.mod
    says which file it is."""
    (tmp_path / "services" / "router").mkdir(parents=True)
    (tmp_path / "services" / "router" / "go.mod").write_text(
        "module github.com/julienschmidt/httprouter\n")
    (tmp_path / "services" / "router" / "path.go").write_text(GO_SOURCE)
    profile = tmp_path / "tier_1-cover.out"
    profile.write_text("mode: set\ngithub.com/julienschmidt/httprouter/path.go:3.44,4.16 1 1\n"
                       "github.com/julienschmidt/httprouter/path.go:7.2,7.10 1 0\n")
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(
        file_list=["services/router/path.go"]))
    result = checks.branch_evidence(s, [], report=(profile, "go-cover"))  # type: ignore[arg-type]
    assert result["measured"] == [{"file": "services/router/path.go", "lines": 3,
                                   "lines_covered": 2, "branches": 0, "branches_taken": 0,
                                   "statements": 2, "statements_covered": 1}]


def test_a_go_source_built_elsewhere_is_said_not_built_not_left_out(tmp_path: Path) -> None:
    """go-runewidth's File List names `runewidth_windows.go` (`//go:build windows &&
    !appengine`) beside the POSIX code: on Linux go builds neither it nor its blocks, and the
    report listed the files it measured as if that were all the story's code. It says the
    file was not built here, and why; a file with no constraint the profile lacks says
    nothing new."""
    (tmp_path / "go.mod").write_text("module example.com/width\n")
    (tmp_path / "width.go").write_text(GO_SOURCE)
    (tmp_path / "width_windows.go").write_text(
        "//go:build windows && !appengine\n\npackage width\n\nfunc console() int { return 1 }\n")
    (tmp_path / "width_other.go").write_text("package width\n\nfunc other() int { return 2 }\n")
    profile = tmp_path / "tier_1-cover.out"
    profile.write_text("mode: set\nexample.com/width/width.go:3.44,4.16 1 1\n")
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(
        file_list=["width.go", "width_windows.go", "width_other.go"]))
    result = checks.branch_evidence(s, [], report=(profile, "go-cover"))  # type: ignore[arg-type]
    assert [entry["file"] for entry in result["measured"]] == ["width.go", "width_windows.go"]
    assert qa_report.render_code_coverage([result])[-1] == (
        "- width_windows.go: not built here: its file is built only where "
        "`windows && !appengine` holds")


def test_functions_v8_never_counted_are_named_beside_the_branch_share(tmp_path: Path) -> None:
    """css-select's `querying.ts` read "43 of 88 (49%) lines, 14 of 14 (100%) branches
    taken": V8's lcov has no branch of the two functions no test called. The line names them,
    and says their branches are not in the share."""
    walk = ("export function findAll(n: number): number {\n  return n > 0 ? n : 0;\n}\n"
            "export function findOne(n: number): number {\n  return n < 0 ? -n : n;\n}\n")
    lcov = ("SF:src/walk.ts\nFN:1,findAll\nFN:4,findOne\nFNDA:2,findAll\n"
            "FNDA:0,findOne\nDA:1,2\nDA:2,2\nDA:4,0\nDA:5,0\n"
            "BRDA:1,0,0,2\nBRDA:2,1,0,1\nBRDA:2,1,1,1\nend_of_record\n")
    assert _lcov_lines(tmp_path, {"src/walk.ts": walk}, lcov)[-1] == (
        "- src/walk.ts: 2 of 4 (50%) lines, 3 of 3 (100%) branches taken; 1 of 2 functions "
        "never called (findOne), none of its branches counted")


def _lcov_lines(tmp_path: Path, sources: dict[str, str], lcov: str) -> list[str]:
    """The report's lines on the story's code (`sources`, its File List) as `lcov` measured
    it."""
    for rel, text in sources.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    (tmp_path / "lcov.info").write_text(lcov)
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(file_list=list(sources)))
    result = checks.branch_evidence(s, [],  # type: ignore[arg-type]
                                    report=(tmp_path / "lcov.info", "lcov"))
    return qa_report.render_code_coverage([result])


def test_an_uncalled_function_with_no_branch_is_not_said_to_leave_branches_out(
        tmp_path: Path) -> None:
    """A compiled module of a package's errors and lookups, under jest's istanbul lcov: the
    error's constructor and a one-line arrow function were never called, and neither holds a
    branch. The line had said "2 of 3 functions never called (constructor, exports.keys),
    none of their branches counted", as if the share of branches left some out: it says they
    were never called, and nothing of their branches."""
    errors = ['"use strict";', "class NotFound extends Error {", "    constructor() {",
              '        super("no such key");', "    }", "}", "exports.NotFound = NotFound;",
              "function lookup(store, key) {", "    return key in store ? store[key] : null;",
              "}", "exports.lookup = lookup;", "exports.keys = (store) => Object.keys(store);"]
    # istanbul: the constructor (line 3) and `keys` (line 12) never called
    functions = {3: ("(anonymous_0)", 0), 8: ("lookup", 3), 12: ("(anonymous_2)", 0)}
    lcov = ["SF:dist/errors.js", *(f"FN:{line},{name}" for line, (name, _) in functions.items()),
            *(f"FNDA:{hits},{name}" for name, hits in functions.values()),
            "DA:4,0", "DA:9,3", "DA:12,0", "BRDA:9,0,0,2", "BRDA:9,0,1,1", "end_of_record"]
    assert _lcov_lines(tmp_path, {"dist/errors.js": "\n".join(errors) + "\n"},
                       "\n".join(lcov) + "\n")[-1] == (
        "- dist/errors.js: 1 of 3 (33%) lines, 2 of 2 (100%) branches taken; 2 of 3 functions "
        "never called (constructor, exports.keys)")


def test_a_js_source_no_test_loaded_is_said_not_measured(tmp_path: Path) -> None:
    """A File List of `src/index.ts` (the package's entry, re-exporting two wrappers) and
    `src/lib/merge.ts`, whose tests import the second alone: jest's lcov holds no record of
    the entry. It had been left out of the list of the story's code as the tests ran it,
    which then read as though every source had run."""
    (tmp_path / "src" / "lib").mkdir(parents=True)
    (tmp_path / "src" / "index.ts").write_text(
        'import { merge } from "./lib/merge";\nexport const mergeAll = (a: object[]) => '
        "a.reduce(merge, {});\n")
    (tmp_path / "src" / "lib" / "merge.ts").write_text(
        "export function merge(a: object, b: object): object {\n  return { ...a, ...b };\n}\n")
    lcov = tmp_path / "lcov.info"
    lcov.write_text("SF:src/lib/merge.ts\nFN:1,merge\nFNDA:3,merge\nDA:1,3\nDA:2,3\n"
                    "end_of_record\n")
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(
        file_list=["src/index.ts", "src/lib/merge.ts", "src/lib/merge.test.ts"]))
    result = checks.branch_evidence(s, [], report=(lcov, "lcov"))  # type: ignore[arg-type]
    assert qa_report.render_code_coverage([result])[-2:] == [
        "- src/index.ts: not measured: no story test loaded it, and the coverage report holds "
        "only the modules the tests load",
        "- src/lib/merge.ts: 2 of 2 (100%) lines"]


def test_functions_never_called_are_all_counted_those_with_branches_too(tmp_path: Path) -> None:
    """minisearch's `SearchableMap.ts` read "6 of 25 functions never called (clear, forEach,
    keys, values, from, ...)": its `update`, never called either, was left out because
    istanbul counted its `if` untaken in the branch share. Every function never called is
    counted, and the line says how many of them the share leaves out."""
    source = ["export function put(n: number): number {", "  return n;", "}",
              "export function drop(n: number): number {", "  if (n > 0) { return n; }",
              "  return 0;", "}", "export function empty(): void {", "  return;", "}"]
    calls = {"put": (1, 2), "drop": (4, 0), "empty": (8, 0)}
    records = (["SF:src/bag.ts"] + [f"FN:{at},{name}" for name, (at, _) in calls.items()]
               + [f"FNDA:{hits},{name}" for name, (_, hits) in calls.items()]
               + ["DA:2,2", "DA:5,0", "DA:6,0", "DA:9,0", "BRDA:5,0,0,0", "BRDA:5,0,1,0",
                  "end_of_record"])
    bag = tmp_path / "src" / "bag.ts"
    bag.parent.mkdir()
    bag.write_text("\n".join(source) + "\n")
    (tmp_path / "lcov.info").write_text("\n".join(records) + "\n")
    story = SimpleNamespace(project=tmp_path, story=SimpleNamespace(file_list=["src/bag.ts"]))
    result = checks.branch_evidence(story, [],  # type: ignore[arg-type]
                                    report=(tmp_path / "lcov.info", "lcov"))
    assert qa_report.render_code_coverage([result])[-1] == (
        "- src/bag.ts: 1 of 4 (25%) lines, 0 of 2 (0%) branches taken; 2 of 3 functions "
        "never called (drop, empty)")
    # a loop is no branch to istanbul, which counted `drop`'s: a `while` alone, never run,
    # had read "1 of them with no branch counted", as if the share left its branches out
    bag.write_text("\n".join([*source[:7], "export function empty(): void {",
                               "  while (bag.length) { bag.pop(); }", "}"]) + "\n")
    result = checks.branch_evidence(story, [],  # type: ignore[arg-type]
                                    report=(tmp_path / "lcov.info", "lcov"))
    assert qa_report.render_code_coverage([result])[-1].endswith(
        "2 of 3 functions never called (drop, empty)")


def test_functions_read_as_the_typescript_source_declares_them(tmp_path: Path) -> None:
    """keyvaluecache's jest run (ts-jest, istanbul) listed `index.ts` as "2 of 3 functions
    never called ((anonymous_0), (anonymous_2))", the getters of its re-exports, and a
    class's `clear()` as `(anonymous_5)`. The re-exports are no function of the source, and
    the method is named."""
    sources = {
        "src/index.ts": 'export { Wrapping } from "./Wrapping";\nexport {\n  Store,\n} from "./Store";\n',
        "src/Store.ts": "export class Store {\n  get(key: string) {\n    return key;\n  }\n\n"
                        "  clear() {\n    this.items = [];\n  }\n}\n"}
    for rel, text in sources.items():
        (tmp_path / rel).parent.mkdir(exist_ok=True)
        (tmp_path / rel).write_text(text)
    lcov = tmp_path / "lcov.info"
    lcov.write_text("SF:src/index.ts\nFN:1,(anonymous_0)\nFN:2,(anonymous_1)\n"
                    "FNDA:0,(anonymous_0)\nFNDA:3,(anonymous_1)\nDA:1,1\nDA:2,1\n"
                    "end_of_record\nSF:src/Store.ts\nFN:2,(anonymous_0)\nFN:6,(anonymous_1)\n"
                    "FNDA:2,(anonymous_0)\nFNDA:0,(anonymous_1)\nDA:3,2\nDA:7,0\n"
                    "end_of_record\n")
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(file_list=list(sources)))
    result = checks.branch_evidence(s, [], report=(lcov, "lcov"))  # type: ignore[arg-type]
    assert qa_report.render_code_coverage([result])[-2:] == [
        "- src/index.ts: 2 of 2 (100%) lines",
        "- src/Store.ts: 1 of 2 (50%) lines; 1 of 2 functions never called (clear)"]


def test_tests_a_stopped_run_never_ran_are_one_finding_across_files() -> None:
    """keyvaluecache's jest run stopped at its missing ts-jest preset before any test: the
    15 tests of its four files gave eight skipped-test warnings (one per test of a file of
    three, one for a file of four or five), where jest not installed at all gave none. The
    run's one cause is one finding; tests of one file skipped for their own reason keep
    theirs."""
    why = f"never run: tier_1 {checks.RUN_STOPPED} (the test run line says why)"
    files = {"src/__tests__/memory.test.ts": 5, "src/__tests__/prefix.test.ts": 3,
             "src/__tests__/misses.test.ts": 3}
    skipped = {f"{file}::case {n}": why for file, count in files.items()
               for n in range(count)}
    lines = {test: 10 + int(test[-1]) for test in skipped}
    found = checks.skipped_findings(skipped, lines)
    assert [(f["file"], f["line"], f["message"]) for f in found] == [(
        "src/__tests__/memory.test.ts", 10,
        f"11 tests of 3 files were {why}; they count for no AC until they run "
        "(src/__tests__/memory.test.ts::case 0, src/__tests__/memory.test.ts::case 1, "
        "src/__tests__/memory.test.ts::case 2 and 8 more)")]
    own = {"src/__tests__/prefix.test.ts::case 0": "reported skipped",
           "src/__tests__/misses.test.ts::case 0": "reported skipped"}
    assert len(checks.skipped_findings(own, lines)) == 2


def test_tests_never_run_are_counted_whole_though_one_was_said_to_mock_the_code() -> None:
    """dpath's run without pytest ran none of its 50 tests: the warning said "49 tests of 6
    files were never run", leaving out the one already said to mock `dpath.search`. It is
    counted with the rest, and neither named there nor warned of twice; a skip-marked
    placeholder is still not counted again among the runner's skips."""
    why = f"never run: tier_1 {checks.RUN_STOPPED} (the test run line says why)"
    tests = {"tests/test_get.py::test_get": 3, "tests/test_get.py::test_values_through": 9,
             "tests/test_set.py::test_set": 4, "tests/test_set.py::test_set_new": 8,
             "tests/test_set.py::test_set_list": 12}
    mock = sut_mocking.Finding("tests/test_get.py", 8, "pkg.search", "patch")
    found = checks.placeholder_check([], dict.fromkeys(tests, why), tests,
                                     {"tests/test_get.py::test_values_through": mock})
    assert [f["message"] for f in found["findings"] if f["rule"] == "skipped-test"] == [
        f"5 tests of 2 files were {why}; they count for no AC until they run "
        "(tests/test_get.py::test_get, tests/test_set.py::test_set, "
        "tests/test_set.py::test_set_new and 2 more)"]
    one = {"tests/test_get.py::test_get": why, "tests/test_get.py::test_values_through": why}
    found = checks.placeholder_check([], one, tests,
                                     {"tests/test_get.py::test_values_through": mock})
    assert [f.get("test") for f in found["findings"] if f["rule"] == "skipped-test"] == [
        "tests/test_get.py::test_get"]
    marked = placeholders.Placeholder("tests/test_set.py::test_set", "tests/test_set.py", 4,
                         "skipped in source (pytest.mark.skip)")
    found = checks.placeholder_check([marked], {"tests/test_set.py::test_set":
                                                "reported skipped by the runner: later"},
                                     tests)
    assert [f["rule"] for f in found["findings"]] == ["placeholder-test"]


def test_tests_a_run_stopped_at_a_compile_error_never_ran_point_at_the_error() -> None:
    """go-units: a misspelt method in its ulimit test file (`u.Strin()`, line 124) stopped
    `go test` before any test, and the warning for the file's ten unrun tests pointed at its
    first test (line 17), 107 lines above the error the run line names. It stands at the
    error's line where the stop line names a position in that file, at the first test's
    where it names none or another file's."""
    why = f"never run: tier_1 {checks.RUN_STOPPED} (the test run line says why)"
    skipped = {f"pkg/limit_test.go::TestLimit{n}": why for n in range(5)}
    lines = {test: 17 + 10 * int(test[-1]) for test in skipped}
    stop = "./limit_test.go:124:12: u.Strin undefined (type *Limit has no field or method Strin)"
    at = checks.stop_positions([stop], [t.partition("::")[0] for t in skipped])
    assert at == {"pkg/limit_test.go": 124}
    (found,) = checks.skipped_findings(skipped, lines, stopped_at=at)
    assert (found["file"], found["line"]) == ("pkg/limit_test.go", 124)
    assert checks.skipped_findings(dict(list(skipped.items())[:2]), lines,
                                   stopped_at=at)[0]["line"] == 124
    # another file's error, or none, leaves it at the first test
    assert checks.stop_positions(["./other_test.go:3:1: syntax error"], at) == {}
    assert checks.stop_positions(["go: cannot find main module"], at) == {}
    assert checks.skipped_findings(skipped, lines)[0]["line"] == 17
    # a reason of the test's own is not the run's stop
    own = {test: "reported skipped by the runner" for test in skipped}
    assert checks.skipped_findings(own, lines, stopped_at=at)[0]["line"] == 17


def test_tests_of_a_file_that_failed_to_load_point_at_where_it_failed() -> None:
    """hono: a `describe` registering a route twice threw as jest loaded the file (its line
    88): the warning for the file's unrun tests pointed at its first test (line 7)."""
    why = "never run: its file failed to load (Duplicate param name)"
    skipped = {f"dist/router.test.js::routes > get /{n}": why for n in range(6)}
    lines = {test: 7 + int(test[-1]) for test in skipped}
    unloaded = outcomes.unloaded_lines([
        runner_output.TestOutcome("", runner_output.ERROR, "dist/router.test.js", failed_at=88),
        runner_output.TestOutcome("get /0", runner_output.FAILED, "dist/url.test.js",
                                  failed_at=12)])
    assert unloaded == {"dist/router.test.js": 88}
    (found,) = checks.skipped_findings(skipped, lines, stopped_at=unloaded)
    assert (found["file"], found["line"]) == ("dist/router.test.js", 88)


def test_an_empty_coverage_report_judges_nothing(tmp_path: Path) -> None:
    """jest run with a testMatch that finds no test writes an empty lcov.info: nothing was
    measured, so the check is skipped (it was errored, and the review BLOCKED on it rather
    than on the story's tests, which never ran)."""
    empty = tmp_path / "coverage" / "lcov.info"
    empty.parent.mkdir()
    empty.write_text("\n")
    s = _story(tmp_path, "version.go")
    result = checks.branch_evidence(s, [], report=(empty, "lcov"))  # type: ignore[arg-type]
    assert (result["status"], result["skip_reason"]) == (
        "skipped", "the coverage report coverage/lcov.info is empty: the run measured nothing")
    empty.write_text("TN:\nSF:version.go\n")  # no end_of_record: malformed, not empty
    assert checks.branch_evidence(s, [], report=(empty, "lcov"))[  # type: ignore[arg-type]
        "status"] == "errored"


def test_an_empty_coverage_report_says_the_jest_config_collects_none_of_the_file_list(
        tmp_path: Path) -> None:
    """A package shipping its compiled code in `dist/`, its jest config collecting coverage
    from `src/**/*.ts` it does not ship: the run passed and its lcov.info is empty, which the
    check had said without the cause (framebus's). A config collecting one of them, or none
    naming any, says nothing more."""
    empty = tmp_path / "coverage" / "lcov.info"
    empty.parent.mkdir()
    empty.write_text("\n")
    (tmp_path / "package.json").write_text(json.dumps({
        "devDependencies": {"jest": "^29"},
        "jest": {"collectCoverageFrom": ["src/**/*.ts", "!src/**/*.d.ts"]}}))
    s = _story(tmp_path, "dist/src/relay.js", "dist/spec/unit/relay.spec.js")
    result = checks.branch_evidence(s, [], report=(empty, "lcov"))  # type: ignore[arg-type]
    assert result["skip_reason"] == (
        "the coverage report coverage/lcov.info is empty: the run measured nothing: jest's "
        "`collectCoverageFrom` (`src/**/*.ts`) names none of the File List's files")
    s = _story(tmp_path, "src/relay.ts")
    assert checks.branch_evidence(s, [], report=(empty, "lcov"))[  # type: ignore[arg-type]
        "skip_reason"].endswith("the run measured nothing")


TWO_HANDLERS = """def parse_date(text):
    try:
        year = int(text[:4])
    except Exception:
        raise ParseError(text)
    try:
        month = int(text[5:7])
    except Exception:
        raise ParseError(text)
    return year, month
"""


def test_two_handlers_of_one_kind_in_one_function_are_two_findings(tmp_path: Path) -> None:
    """The QA rounds know a handler by its kind, what it catches and its function: the
    second `except Exception` of `parse_date` is told apart (`#2`), not folded into the
    first as one finding."""
    assert _untested_handlers(tmp_path, "iso.py", TWO_HANDLERS, [1, 2, 3, 6, 7, 10],
                              [4, 5, 8, 9]) == [
        (4, "except Exception in parse_date"), (8, "except Exception in parse_date #2")]


def _untested_handlers(tmp_path: Path, name: str, source: str, executed: list[int],
                       missing: list[int]) -> list[tuple[int, str]]:
    """(line, subject) of each untested handler the check finds in the one source `name`,
    measured by a coverage.py JSON report of those lines."""
    (tmp_path / name).write_text(source)
    report = tmp_path / "coverage.json"
    report.write_text(json.dumps({"files": {name: {"executed_lines": executed,
                                                   "missing_lines": missing}}}))
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(file_list=[name]))
    result = checks.branch_evidence(s, [], report=(report, "coveragepy-json"))  # type: ignore[arg-type]
    return [(f["line"], f["subject"]) for f in result["findings"]]


def test_a_handler_in_a_method_is_named_class_first(tmp_path: Path) -> None:
    """tenacity's QA rounds listed `except OverflowError in __call__.wait_exponential`, the
    method before its class, a path no Python name has: it is `wait_exponential.__call__`."""
    source = ("class doubling:\n    def __call__(self, n):\n        try:\n"
              "            return 2 ** n\n        except OverflowError:\n            return 60\n")
    assert _untested_handlers(tmp_path, "backoff.py", source, [1, 2, 3, 4], [5, 6]) == [
        (5, "except OverflowError in doubling.__call__")]


def test_an_untested_handlers_finding_says_what_it_catches_and_where(tmp_path: Path) -> None:
    """Cerberus 1.3.4's normalization story, its File List naming the whole validator module:
    the findings read `validator.py:1359 — except handler never executed by the tests`, two
    of them Critical, and only the file told they sat in the `max` and `min` rules, no part
    of the story. The finding names the handler as the QA rounds do."""
    source = ("class Checker:\n    def _check_ceiling(self, ceiling, value):\n        try:\n"
              "            return value > ceiling\n        except TypeError:\n"
              "            return False\n")
    (tmp_path / "checker.py").write_text(source)
    report = tmp_path / "coverage.json"
    report.write_text(json.dumps({"files": {"checker.py": {"executed_lines": [1, 2],
                                                           "missing_lines": [3, 4, 5, 6]}}}))
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(file_list=["checker.py"]))
    result = checks.branch_evidence(s, [], report=(report, "coveragepy-json"))  # type: ignore[arg-type]
    assert [f["message"] for f in result["findings"]] == [
        "except TypeError handler in Checker._check_ceiling never executed by the tests; no "
        "story test entered the function it sits in"]


SCHEME_REGISTRY = """def add_scheme(name, port=None):
    name = name.lower()
    if port is not None:
        try:
            port = int(port)
        except (ValueError, TypeError):
            raise ValueError(port)
    return name, port


def host_text(host):
    try:
        return host.encode("ascii")
    except UnicodeEncodeError:
        return host
"""


def test_an_untested_handler_in_a_function_no_story_test_entered_says_so(
        tmp_path: Path) -> None:
    """hyperlink 21.0.0's URL story, its File List naming the whole `_url.py`: the review
    said the `except (ValueError, TypeError)` of `register_scheme` was never executed by the
    tests, which the suite's own scheme-registration tests, outside the story's files, do
    run. The run is the story's tests: the finding says that none of them entered the
    function, and says nothing of the kind for a function they ran (`parse_host`)."""
    (tmp_path / "schemes.py").write_text(SCHEME_REGISTRY)
    report = tmp_path / "coverage.json"
    report.write_text(json.dumps({"files": {"schemes.py": {
        "executed_lines": [1, 11, 12, 13], "missing_lines": [2, 3, 4, 5, 6, 7, 8, 14, 15]}}}))
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(file_list=["schemes.py"]))
    result = checks.branch_evidence(s, [], report=(report, "coveragepy-json"))  # type: ignore[arg-type]
    assert [f["message"] for f in result["findings"]] == [
        "except ValueError/TypeError handler in add_scheme never executed by the tests; no "
        "story test entered the function it sits in",
        "except UnicodeEncodeError handler in host_text never executed by the tests"]


COERCING_CHECKER = """class Checker:
    def _coerce(self, field, value, coerce):
        try:
            return coerce(value)
        except Exception:
            self.fail(field)

    def _check_ceiling(self, ceiling, value):
        try:
            return value > ceiling
        except TypeError:
            return False

    def _check_parse(self, value):
        try:
            return int(value)
        except TypeError:
            return None
"""


def test_a_handler_tied_by_its_exception_alone_in_a_function_no_test_entered_blocks_nothing(
        tmp_path: Path) -> None:
    """Cerberus 1.3.4's normalization story, an AC "Given a coercion that raises (a
    ValueError, a TypeError or any other exception), ... fails at the field's path": the
    untested `except TypeError` of the `max` and `min` rules, functions none of its tests
    entered, were two Critical findings that made the review REQUEST_CHANGES. A handler in
    a function the tests ran (`_check_parse`) is still Critical, and so is one in a function
    no test entered that the AC names (`_check_ceiling`, below)."""
    (tmp_path / "checker.py").write_text(COERCING_CHECKER)
    report = tmp_path / "coverage.json"
    report.write_text(json.dumps({"files": {"checker.py": {
        "executed_lines": [1, 2, 3, 4, 8, 14, 15, 16], "missing_lines": [5, 6, 9, 10, 11, 12,
                                                                        17, 18]}}}))
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(file_list=["checker.py"]))
    ac = _ac("AC3", "Given a coercion that raises (a ValueError, a TypeError or any other "
                    "exception), when a document is validated, then validation fails with an "
                    "error at the field's path")
    result = checks.branch_evidence(s, [ac], report=(report, "coveragepy-json"))  # type: ignore[arg-type]
    assert [(f["line"], f["severity"]) for f in result["findings"]] == [
        (5, "warning"), (11, "warning"), (17, "critical")]
    assert result["findings"][1]["message"] == (
        "except TypeError handler in Checker._check_ceiling never executed by the tests; "
        "error-path ACs: AC3, by what it catches alone: no story test entered the function "
        "it sits in")
    named = _ac("AC3", ac.text.replace("when a document", "when `_check_ceiling` of a document"))
    result = checks.branch_evidence(s, [named], report=(report, "coveragepy-json"))  # type: ignore[arg-type]
    assert [f["severity"] for f in result["findings"]][1:] == ["critical", "critical"]


def test_function_entered_reads_the_lines_between_the_def_and_the_handler() -> None:
    """Measured lines of the function before its handler decide; none measured, or no
    function around the handler, is no evidence that it never ran."""
    assert not coverage_report.function_entered(COERCING_CHECKER, 11, [8], [9, 10])
    assert coverage_report.function_entered(COERCING_CHECKER, 11, [8, 10], [9])
    assert coverage_report.function_entered(COERCING_CHECKER, 11, [8], [])
    assert coverage_report.function_entered("try:\n    x = 1\nexcept KeyError:\n    pass\n", 3, [], [2])


def test_a_file_lists_test_file_is_no_code_of_the_storys(tmp_path: Path) -> None:
    """portion 2.6.0's IntervalDict story whose File List named only `tests/test_dict.py`:
    the coverage report measured the test file (every line of it runs when it runs) and the
    report said "The story's code as the tests ran it: tests/test_dict.py: 246 of 246 (100%)
    lines", the check passed. A test file is measured as no code of the story's."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests/test_dict.py").write_text("def test_get():\n    assert 1\n")
    (tmp_path / "portion").mkdir()
    (tmp_path / "portion/dict.py").write_text("def get(d, k):\n    return d[k]\n")
    report = tmp_path / "coverage.json"
    report.write_text('{"files": {"tests/test_dict.py": {"executed_lines": [1, 2], '
                      '"missing_lines": []}, "portion/dict.py": {"executed_lines": [1, 2], '
                      '"missing_lines": []}}}')
    tests_only = SimpleNamespace(project=tmp_path,
                                 story=SimpleNamespace(file_list=["tests/test_dict.py"]))
    result = checks.branch_evidence(tests_only, [],  # type: ignore[arg-type]
                                    report=(report, "coveragepy-json"))
    assert (result["status"], result.get("measured")) == ("skipped", None)
    assert result["skip_reason"] == (
        "the File List names no source file, only tests (tests/test_dict.py): "
        "untested-error-path findings cannot be confirmed")
    both = SimpleNamespace(project=tmp_path, story=SimpleNamespace(
        file_list=["portion/dict.py", "tests/test_dict.py"]))
    result = checks.branch_evidence(both, [],  # type: ignore[arg-type]
                                    report=(report, "coveragepy-json"))
    assert [m["file"] for m in result["measured"]] == ["portion/dict.py"]


def test_a_run_of_lines_alone_says_the_storys_branches_were_not_measured(tmp_path: Path) -> None:
    """portion 2.6.0's IntervalDict review: the probes measure lines only (the report's
    `meta.branch_coverage` is false) and the report said "portion/dict.py: 185 of 185 (100%)
    lines", as it says of a file without a branch, while coverage.py's tracer finds 86 in it,
    3 never taken."""
    (tmp_path / "portion").mkdir()
    (tmp_path / "portion/dict.py").write_text("def get(d, k):\n    if k in d:\n"
                                              "        return d[k]\n    return None\n")
    report = tmp_path / "attribution-coverage.json"
    files = '{"portion/dict.py": {"executed_lines": [1, 2, 3, 4], "missing_lines": []}}'
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(file_list=["portion/dict.py"]))
    said = []
    for branch in ("false", "true"):
        report.write_text(f'{{"meta": {{"branch_coverage": {branch}}}, "files": {files}}}')
        result = checks.branch_evidence(s, [], report=(report, "coveragepy-json"))  # type: ignore[arg-type]
        said.append(qa_report.render_code_coverage([result])[2])
    assert said == ["- portion/dict.py: 4 of 4 (100%) lines, branches not measured",
                    "- portion/dict.py: 4 of 4 (100%) lines"]


def test_lines_alone_measured_by_the_reviews_own_run_say_how_to_measure_branches(
        tmp_path: Path) -> None:
    """jsonpatch's review: its tier's coverage_command runs `coverage run --branch`, and the
    report said "jsonpatch.py: 822 of 823 (99%) lines, branches not measured" without a word
    on why: the review's own probed run measures lines alone. A report of the project's own
    coverage_command without branches says nothing more (its command is the user's)."""
    (tmp_path / "patching.py").write_text("def apply(d, ops):\n    if ops:\n"
                                          "        return d\n    return None\n")
    files = '{"patching.py": {"executed_lines": [1, 2, 3, 4], "missing_lines": []}}'
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(file_list=["patching.py"]))
    said = {}
    for name in (attribution.REPORT_NAME, "coverage.json"):
        report = tmp_path / name
        report.write_text(f'{{"meta": {{"branch_coverage": false}}, "files": {files}}}')
        result = checks.branch_evidence(s, [], report=(report, "coveragepy-json"))  # type: ignore[arg-type]
        said[name] = qa_report.render_code_coverage([result])[2:]
    assert said == {
        attribution.REPORT_NAME: [
            "- patching.py: 4 of 4 (100%) lines, branches not measured", "",
            "Branches: the review's own run measures lines alone; GAIA_COVERAGE_MODE=tracer "
            "measures branches as well, at several times the run's cost."],
        "coverage.json": ["- patching.py: 4 of 4 (100%) lines, branches not measured"]}


def test_a_presence_only_test_holding_the_values_in_a_column_it_never_reads_counts_not() -> None:
    """scule's titleCase table with its check weakened to `toBeDefined()`: the promised value
    sits in the `expected` column, which no check reads. A table whose values the presence
    check does use (`validate(v)` must not throw) still checks them."""
    ac = AcceptanceCriterion("AC6", "Given a string, when titleCase converts it, then "
                             '"foo-bar" becomes "Foo Bar"', "a string", "titleCase converts it",
                             '"foo-bar" becomes "Foo Bar"', False, None, 1)
    weakened = ('  test.each([\n    ["foo-bar", "Foo Bar"],\n  ])("%s => %s", '
                "(input, expected) => {\n    expect(titleCase(input)).toBeDefined();\n  });\n")
    used = ("  it.each(['foo-bar'])('accepts %s', (v) => {\n"
            "    expect(() => titleCase(v)).not.toThrow();\n  });\n")
    accepts = AcceptanceCriterion("AC7", 'Given a string, when titleCase converts it, then '
                                  '"foo-bar" is accepted', "a string", "titleCase converts it",
                                  '"foo-bar" is accepted', False, None, 2)
    result = SimpleNamespace(per_ac=[SimpleNamespace(ac_id="AC6", tests=("t::weak",)),
                                     SimpleNamespace(ac_id="AC7", tests=("t::used",))])
    found = checks.presence_only_tests([ac, accepts], result,  # type: ignore[arg-type]
                                       {"t::weak": weakened, "t::used": used})
    assert found == {"AC6": {"t::weak": (
        "only checks that a result exists (expect(titleCase(input)).toBeDefined()), not "
        "`foo-bar`, `Foo Bar` from AC6's Then clause (its table's `expected` is read by no "
        "check)")}}


def test_a_check_that_the_code_accepts_its_input_checks_no_result_a_then_promises() -> None:
    """destr's number test weakened to `expect(() => destr(c.input)).not.toThrow()` over its
    rows: it hands the code `"9"` and `"-9"`, but asks only that it runs, not that it returns
    the number 9, -9 or 900 AC5's Then promises, as `toBeDefined()` asks only for a result.
    A Then promising only that the code accepts its input is what such a check verifies."""
    returns = AcceptanceCriterion(
        "AC5", 'Given a numeric string such as "9" or "9e2", when destr parses it, then the '
        "number 9, -9 or 900 is returned.", 'a numeric string such as "9" or "9e2"',
        "destr parses it", "the number 9, -9 or 900 is returned.", False, None, 1)
    accepts = AcceptanceCriterion(
        "AC6", 'Given a numeric string, when destr parses it, then "9" and "-9" are parsed '
        "without an error.", "a numeric string", "destr parses it",
        '"9" and "-9" are parsed without an error.', False, None, 2)
    body = ('  it("parses number", () => {\n'
            '    const testCases = [\n      { input: "9", output: 9 },\n'
            '      { input: "-9", output: -9 },\n      { input: "9e2", output: 900 },\n    ];\n'
            "    for (const testCase of testCases) {\n"
            "      expect(() => destr(testCase.input)).not.toThrow();\n    }\n  });\n")
    result = SimpleNamespace(per_ac=[SimpleNamespace(ac_id="AC5", tests=("t::n",)),
                                     SimpleNamespace(ac_id="AC6", tests=("t::n",))])
    found = checks.presence_only_tests([returns, accepts], result,  # type: ignore[arg-type]
                                       {"t::n": body})
    assert found == {"AC5": {"t::n": (
        "only checks that nothing is thrown (expect(() => destr(testCase.input)).not.toThrow()), "
        "not `9`, `-9`, `900` from AC5's Then clause")}}


_TOLERANT = """func TestParseTolerant(t *testing.T) {
\tfor _, test := range tolerantFormatTests {
CHECKS
\t}
}
var tolerantFormatTests = []formatTest{
\t{Version{1, 2, 3, nil, nil}, "v1.2.3"},
\t{Version{1, 2, 0, []PRVersion{prstr("alpha")}, nil}, "1.2.0-alpha"},
\t{Version{1, 2, 3, nil, nil}, "\t1.2.3 "},
\t{Version{1, 2, 0, nil, nil}, "1.2"},
}"""


def test_a_go_test_checking_only_its_error_checks_no_value_inside_its_inputs() -> None:
    """blang/semver's TestParseTolerant cut down to its error guard (or with its value check
    made a tautology beside it): the rows it hands ParseTolerant hold AC3's `1.2.3` and
    `1.2.0` only inside other strings (`"v1.2.3"`, `"1.2.0-alpha"`), the inputs the code
    turns into them; the column holding what it should return is read by no check. A check
    that the code accepts what it is given checks the values it is given whole; one under a
    condition never true (`if "1.2.3" != "1.2.3" {`) checks none."""
    ac = AcceptanceCriterion(
        "AC3", "Given a loosely written version such as `v1.2.3`, `1.2` or `01.02.03`, when "
        "`ParseTolerant` is called, then it returns the normalized version `1.2.3`, `1.2.0` "
        "or `1.2.3`.", "a loosely written version such as `v1.2.3`, `1.2` or `01.02.03`",
        "`ParseTolerant` is called",
        "it returns the normalized version `1.2.3`, `1.2.0` or `1.2.3`.", False, None, 1)
    bodies = {name: _TOLERANT.replace("CHECKS", checks_) for name, checks_ in {
        "t::err": "\t\tif _, err := ParseTolerant(test.result); err != nil {\n"
                  "\t\t\tt.Fatal(err)\n\t\t}",
        "t::blank": "\t\tgot, err := ParseTolerant(test.result)\n\t\tif err != nil {\n"
                    "\t\t\tt.Errorf(\"Error parsing %q: %q\", test.result, err)\n\t\t}\n"
                    "\t\t_ = got",
        "t::literals": "\t\tv, err := ParseTolerant(test.result)\n\t\tif err != nil {\n"
                       "\t\t\tt.Fatalf(\"Error parsing %q: %q\", test.result, err)\n\t\t}\n"
                       "\t\tif \"1.2.3\" != \"1.2.3\" {\n"
                       "\t\t\tt.Errorf(\"expected %q but got %q\", test.v, v)\n\t\t}",
        "t::real": "\t\tif v, err := ParseTolerant(test.result); err != nil {\n"
                   "\t\t\tt.Errorf(\"Error parsing %q: %q\", test.result, err)\n"
                   "\t\t} else if comp := v.Compare(test.v); comp != 0 {\n"
                   "\t\t\tt.Errorf(\"expected %q but got %q\", test.v, v)\n\t\t}",
    }.items()}
    # the code handed a promised value whole, and accepting it: that value is checked where
    # the Then promises that it is accepted, not what the code returns for it
    bodies["t::handed"] = bodies["t::err"].replace('"\t1.2.3 "', '"1.2.3"')
    accepts = AcceptanceCriterion(
        "AC4", "Given a version such as `1.2.3` or `1.2.0`, when `ParseTolerant` is called, "
        "then it accepts `1.2.3` and `1.2.0` without an error.", "a version",
        "`ParseTolerant` is called", "it accepts `1.2.3` and `1.2.0` without an error.", False,
        None, 2)
    result = SimpleNamespace(per_ac=[SimpleNamespace(ac_id="AC3", tests=tuple(bodies)),
                                     SimpleNamespace(ac_id="AC4", tests=tuple(bodies))])
    found = checks.presence_only_tests([ac, accepts], result, bodies)  # type: ignore[arg-type]
    assert sorted(found["AC3"]) == ["t::blank", "t::err", "t::handed", "t::literals"]
    assert sorted(found["AC4"]) == ["t::blank", "t::err", "t::literals"]
    assert found["AC3"]["t::err"] == (
        "only checks that ParseTolerant returns no error (if _, err := ParseTolerant("
        "test.result); err != nil {), not `1.2.3`, `1.2.0` from AC3's Then clause")


def test_a_go_test_whose_only_live_check_is_its_error_says_no_error_is_returned() -> None:
    """gojsonpointer's array test with its value check put under `if true != true`: what it
    still checks is that `Get` returns no error, said so, not that "a result exists" (it reads
    no result)."""
    ac = AcceptanceCriterion(
        "AC6", "Given an array, when `Get` resolves an index, then it returns `red` or `blue`.",
        "an array", "`Get` resolves an index", "it returns `red` or `blue`.", True, None, 1)
    body = ('\tfor i := range ins {\n\t\tgot, err := p.Get(ins[i])\n\t\tif err != nil {\n'
            '\t\t\tt.Errorf("Get(%v) error %v", ins[i], err)\n\t\t}\n'
            '\t\tif true != true {\n\t\t\tt.Errorf("got %v", got)\n\t\t}\n\t}\n')
    result = SimpleNamespace(per_ac=[SimpleNamespace(ac_id="AC6", tests=("p_test.go::TestA",))])
    found = checks.presence_only_tests([ac], result,  # type: ignore[arg-type]
                                       {"p_test.go::TestA": body})
    assert found == {"AC6": {"p_test.go::TestA": (
        "only checks that p.Get returns no error (if err != nil {), not `red`, `blue` from "
        "AC6's Then clause")}}


GO_PEEK = """func TestLRU_Peek(t *testing.T) {
	l, err := NewLRU(2, nil)
	if err != nil {
		t.Fatalf("err: %v", err)
	}

	l.Add(1, 1)
	l.Add(2, 2)
	if v, ok := l.Peek(1); !ok || v != 1 {
		CHECK("1 should be set to 1: %v, %v", v, ok)
	}
}
"""


def test_a_go_test_whose_result_checks_only_log_checks_no_result_a_then_promises() -> None:
    """golang-lru's Peek test with its `t.Errorf` turned into `t.Logf`, and with its check
    through a helper that calls `t.Helper()` and only logs: it fails only where `NewLRU` does,
    so it reads nothing of the value AC1's Then promises `Peek` returns, though that Then
    names no value to look for. Its own `t.Errorf`, a helper that can fail, a helper not
    read (its checks may sit there) or a Then promising no result keep it."""
    returns = AcceptanceCriterion(
        "AC1", "Given a full cache, when a key is read with `Peek`, then its value is returned "
        "and the key is not made recently used.", "a full cache", "a key is read with `Peek`",
        "its value is returned and the key is not made recently used.", False, None, 1)
    runs = AcceptanceCriterion(
        "AC2", "Given a size of 2, when `NewLRU` is called, then it succeeds.", "a size of 2",
        "`NewLRU` is called", "it succeeds.", False, None, 2)
    helped = GO_PEEK.replace(
        '\tif v, ok := l.Peek(1); !ok || v != 1 {\n\t\tCHECK("1 should be set to 1: %v, %v", '
        "v, ok)\n\t}\n", "\tassertPeek(t, l, 1, 1)\n")
    bodies = {"a_test.go::logged": GO_PEEK.replace("CHECK", "t.Logf"),
              "a_test.go::errored": GO_PEEK.replace("CHECK", "t.Errorf"),
              "a_test.go::helped": helped, "b/b_test.go::helped": helped}
    result = SimpleNamespace(per_ac=[SimpleNamespace(ac_id="AC1", tests=tuple(bodies)),
                                     SimpleNamespace(ac_id="AC2", tests=tuple(bodies))])
    found = checks.presence_only_tests([returns, runs], result,  # type: ignore[arg-type]
                                       bodies, {".": frozenset({"assertPeek"})})
    why = ("only checks that the code accepts what it is given (if err != nil {): it reads "
           "nothing of what AC1's Then promises the code gives")
    assert found == {"AC1": {"a_test.go::logged": why, "a_test.go::helped": why}}


def test_a_presence_only_test_over_a_named_table_checks_none_of_its_values() -> None:
    """webcolors' normalize_hex table weakened to checks of a result's truth, the expected
    column written where a message goes: the table's rows are checked by nothing."""
    ac = AcceptanceCriterion("AC1", "Given `#09C`, when normalize_hex is called, then it "
                             "returns `#0099cc`", "`#09C`", "normalize_hex is called",
                             "it returns `#0099cc`", False, None, 1)
    table = ('    def test_normalize_hex(self):\n        test_pairs = (\n'
             '            ("#0099cc", "#0099cc"),\n            ("#09C", "#0099cc"),\n'
             '        )\n        for raw, normalized in test_pairs:\n            CHECK\n')
    bodies = {"t::message": table.replace(
                  "CHECK", "assert webcolors.normalize_hex(raw), normalized == "
                  "webcolors.normalize_hex(raw)"),
              "t::truth": table.replace(
                  "CHECK", "self.assertTrue(normalized, webcolors.normalize_hex(raw))"),
              "t::real": table.replace(
                  "CHECK", "assert normalized == webcolors.normalize_hex(raw)")}
    result = SimpleNamespace(per_ac=[SimpleNamespace(ac_id="AC1", tests=tuple(bodies))])
    found = checks.presence_only_tests([ac], result, bodies)  # type: ignore[arg-type]
    assert sorted(found["AC1"]) == ["t::message", "t::truth"]


def test_a_story_test_that_failed_in_the_run_is_a_finding() -> None:
    """Critical and blocking where a required tier reported it, a Warning elsewhere; at its
    declaration, with why it failed."""
    failed = {"semver_test.go::TestIncrements": 'failed in this run (semver_test.go:336: got '
                                                '"1.2.5")',
              "e2e/x_test.go::TestSlow": "failed in this run"}
    check = checks.placeholder_check((), {}, {"semver_test.go::TestIncrements": 330},
                                     failed=failed, required={"semver_test.go::TestIncrements"})
    assert check["status"] == "failed"
    assert [(f["file"], f["line"], f["severity"], f["rule"], f["blocking"], f["message"])
            for f in check["findings"]] == [
        ("e2e/x_test.go", 1, "warning", "failed-test", False,
         "e2e/x_test.go::TestSlow failed in this run; it covers no AC until it passes (its tier "
         "is not required)"),
        ("semver_test.go", 330, "critical", "failed-test", True,
         'semver_test.go::TestIncrements failed in this run (semver_test.go:336: got "1.2.5"); '
         "it covers no AC until it passes")]
    assert checks.placeholder_check((), {}, {})["status"] == "passed"


def test_a_failed_test_no_ac_matches_is_said_to_match_none() -> None:
    """An id encoder's `encoding > simple` failed, and no AC had matched it, failing or not:
    "it covers no AC until it passes" read as if passing would make it count. A failed test
    an AC matches still covers none until it passes."""
    failed = {"src/ids.test.ts::encoding > simple": "failed in this run (Expected: \"x7Kq\")",
              "src/ids.test.ts::limits > gives up": "failed in this run"}
    check = checks.placeholder_check((), {}, {}, failed=failed,
                                     matches={"src/ids.test.ts::limits > gives up": ["AC4"]})
    assert [f["message"].rpartition("; ")[2] for f in check["findings"]] == [
        "it matches no AC (its tier is not required)",
        "it covers no AC until it passes (its tier is not required)"]


def test_a_failed_test_an_earlier_round_counted_says_what_it_was_then() -> None:
    """A caption reader's `test_position_kept` counted for AC10 in round 1, its run matching
    it; failed in round 2, it is matched by its words alone, which match no AC: "it matches no
    AC" had read as if no review had ever taken it for one."""
    test = "tests/test_cue.py::TestReading::test_position_kept"
    check = checks.placeholder_check((), {}, {test: 40}, failed={test: "failed in this run"},
                                     matches={}, required={test},
                                     took_then={test: "it counted for AC10 in round 1"})
    assert [f["message"] for f in check["findings"]] == [
        f"{test} failed in this run; it matches no AC by its words alone, though it counted "
        "for AC10 in round 1"]


def test_an_expect_with_no_matcher_beside_real_checks_is_a_warning_at_its_line() -> None:
    """duration-fns' `non-integer values from strings` with its `.toThrow()` taken out of six
    checks, one `.not.toThrow()` left: the review said nothing, and the story was APPROVE."""
    test = "src/parse.test.ts::parse() > malformed > non-integer values from strings"
    unfinished = [placeholders.Unfinished(test, "src/parse.test.ts", 52, 6,
                                          "expect(() => parse('P1.5Y'))")]
    check = checks.placeholder_check((), {}, {test: 51}, unfinished=unfinished)
    assert [(f["file"], f["line"], f["severity"], f["rule"], f["blocking"], f["message"])
            for f in check["findings"]] == [
        ("src/parse.test.ts", 52, "warning", "unfinished-expect", False,
         f"{test} calls `expect(...)` with no matcher after it 6 times (expect(() => "
         "parse('P1.5Y'))): such a call checks nothing, whatever it is given")]


def test_a_skip_decorators_maker_called_in_a_tests_body_is_a_warning_at_its_line() -> None:
    """polib's `test_save_as_mofile`, `return unittest.skip(...)` where `msgfmt` is missing:
    it had passed, checking nothing, with nothing said; the test still counts, as whether it
    returned there in this run its file cannot tell."""
    test = "tests/test_mofile.py::MoFileTests::test_save_as_mofile"
    found = [placeholders.Unfinished(test, "tests/test_mofile.py", 16, 1,
                                     'return unittest.skip("msgfmt not found")')]
    check = checks.placeholder_check((), {}, {test: 13}, skipping_nothing=found)
    assert [(f["file"], f["line"], f["severity"], f["rule"], f["blocking"], f["message"])
            for f in check["findings"]] == [
        ("tests/test_mofile.py", 16, "warning", "skips-nothing", False,
         f"{test} calls a skip decorator's maker in its body once (return unittest.skip("
         '"msgfmt not found")): it makes a decorator and skips nothing, so where the test '
         "returns there it passes having checked nothing (call `self.skipTest(...)` or "
         "`pytest.skip(...)`)")]


def test_a_failed_test_is_found_where_its_failure_was_raised() -> None:
    """webcolors' `test_normalize_hex` failed on its assert in a loop, line 31; the finding
    pointed at its `def`, line 17."""
    test = "tests/test_normalization.py::NormalizationTests::test_normalize_hex"
    check = checks.placeholder_check((), {}, {test: 17}, failed={test: "failed in this run"},
                                     failed_at={test: 31}, required={test})
    assert [(f["file"], f["line"]) for f in check["findings"]] == [
        ("tests/test_normalization.py", 31)]


def test_a_story_yielding_no_ac_says_where_its_acs_went() -> None:
    """httprouter's story with its heading renamed `## Acceptance criteria list`: the review
    said only "No acceptance criteria found in story", at line 1, over ten AC items. It names
    the first AC item that sits under another heading, at its line; else an empty section at
    its heading; else that there is none."""
    items = "- [ ] **AC1 (P0):** Given a route, when it is served, then it answers.\n"
    renamed = f"---\nkey: E52-S1\n---\n\n# Story\n\n## Acceptance criteria list\n\n{items}"
    assert checks.why_no_criteria(renamed) == (
        9, "No acceptance criteria found in story: AC1 sits under `## Acceptance criteria "
           "list`, not under `## Acceptance Criteria`")
    empty = f"# Story\n\n## Acceptance Criteria\n\n## Dev Notes\n\n```\n{items}```\n"
    assert checks.why_no_criteria(empty) == (
        3, "No acceptance criteria found in story: its `## Acceptance Criteria` section lists "
           "none")
    assert checks.why_no_criteria("# Story\n\nText.\n") == (
        1, "No acceptance criteria found in story: it has no `## Acceptance Criteria` section")


def test_a_failed_table_test_counts_for_an_ac_whose_own_rows_passed() -> None:
    """iso8601 2.1.0: test_parse_valid_date's `Z` row (AC1's example) made to expect hour 16
    fails; AC5's fractional-seconds row passed, so the test still covers AC5, and not AC1,
    nor AC3, whose example no row holds (it is AC3's test as a whole)."""
    acs = [AcceptanceCriterion(ac_id, f"{given}, {when}, then ...", given, when, "...", False,
                               None, 1) for ac_id, given, when in (
        ("AC1", "Given a timestamp ending in `Z`, such as `2006-10-20T15:34:56Z`", "when parsed"),
        ("AC3", "Given a timestamp without a zone", "when it is parsed"),
        ("AC5", "Given fractional seconds such as `2006-10-20T15:34:56.123Z`", "when parsed"))]
    table = ('@pytest.mark.parametrize("valid_date,expected_datetime,isoformat", [\n'
             '    ("2006-10-20T15:34:56.123+02:30", datetime(2006, 10, 20, 15, 34, 56, 123000, '
             'FixedOffset(2, 30, "+02:30")), None),\n'
             '    ("2006-10-20T15:34:56Z", datetime(2006, 10, 20, 16, 34, 56, 0, UTC),\n'
             '     "2006-10-20T15:34:56+00:00"),\n'
             '    ("2006-10-20T15:34:56.123Z", datetime(2006, 10, 20, 15, 34, 56, 123000, UTC),\n'
             '     "2006-10-20T15:34:56.123000+00:00"),\n])\n'
             'def test_parse_valid_date(valid_date, expected_datetime, isoformat):\n'
             '    assert parse_date(valid_date) == expected_datetime\n')
    test, other = "t.py::test_parse_valid_date", "t.py::test_other"
    result = CoverageResult(tuple(AcCoverage(ac.ac_id, True, 1, (test, other), "body", False,
                                             True) for ac in acs), ())
    why = "failed in this run (assert 15 == 16)"
    ran = {test: (("2006-10-20T15:34:56.123+02:30-expected_datetime0-None", "passed"),
                  ("2006-10-20T15:34:56Z-expected_datetime1-2006-10-20T15:34:56+00:00",
                   "failed"),
                  ("2006-10-20T15:34:56.123Z-expected_datetime2-2006-10-20T15:34:56.123000"
                   "+00:00", "passed"))}
    cases = [TestCase("t.py", "test_parse_valid_date", 1, table)]
    per_ac, by_ac = checks.failed_tests("E1-S1", acs, result, cases, {test: why, other: why},
                                        ran)
    # AC1's own row failed, named; AC3 fails with the test
    assert per_ac == {"AC1": {test: f"{why}; its row for AC1: `2006-10-20T15:34:56Z-expected_"
                                    "datetime1-2006-10-20T15:34:56+00:00`"},
                      "AC3": {test: why}}
    # a test whose rows the run did not report one by one fails every AC, as before
    assert by_ac == {test}
    check = checks.placeholder_check((), {}, {}, failed={test: why},
                                     rows_cover={test: ["AC5"]})
    assert check["findings"][0]["message"] == (
        f"{test} {why}; until it passes it covers only AC5, whose own rows passed "
        "(its tier is not required)")


# golang-lru's TestLRU_Peek and TestLRU_Contains as one table, each a row run by
# `t.Run(tc.name, ...)`
LRU_TABLE = """// Test that Peek and Contains don't update recent-ness
func TestLRU_NoRecentness(t *testing.T) {
	tests := []struct {
		name string
		look func(l *LRU, key interface{}) (interface{}, bool)
		want interface{}
	}{
		{
			name: "peek returns the value without updating recent-ness",
			look: func(l *LRU, key interface{}) (interface{}, bool) { return l.Peek(key) },
			want: 1,
		},
		{
			name: "contains reports the key without updating recent-ness",
			look: func(l *LRU, key interface{}) (interface{}, bool) { return nil, l.Contains(key) },
			want: nil,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, _ := NewLRU(2, nil)
			l.Add(1, 1)
			l.Add(2, 2)
			v, ok := tc.look(l, 1)
			if !ok || v != tc.want {
				t.Errorf("1 should be present with %v: %v, %v", tc.want, v, ok)
			}
			l.Add(3, 3)
			if l.Contains(1) {
				t.Errorf("should not have updated recent-ness of 1")
			}
		})
	}
}
"""


def test_a_failed_go_table_test_counts_for_an_ac_whose_own_row_passed() -> None:
    """golang-lru's E1-S3: the peek row (AC1's) failing leaves the contains row (AC2's)
    passed: the test still covers AC2; with no row matched to an AC alone it fails it."""
    from gaia_lib.evidence import ac_coverage
    from gaia_lib.evidence.testcases import split_tests

    acs = [AcceptanceCriterion(ac_id, f"Given {g}, when {w}, then {t}", g, w, t, False, None, 1)
           for ac_id, g, w, t in (
               ("AC1", "a full cache of size 2", "a key is read with `Peek`",
                "its value is returned and the key is not made recently used: adding a third "
                "key evicts it"),
               ("AC2", "a full cache of size 2", "`Contains` is asked about a key",
                "it reports the key present without making it recently used: adding a third "
                "key evicts it"))]
    cases = split_tests("simplelru/lru_test.go", "package simplelru\n\n" + LRU_TABLE)
    (test,) = [case.test_id for case in cases]
    files = ["simplelru/lru.go", "simplelru/lru_test.go"]
    result = ac_coverage.analyze("E1-S3", acs, cases, file_list=files)
    assert [entry.tests for entry in result.per_ac] == [(test,), (test,)]
    why = "failed in this run (lru_test.go:160: 1 should be present with 2: 1, true)"
    peek, contains = ("peek returns the value without updating recent-ness",
                      "contains reports the key without updating recent-ness")
    per_ac, by_ac = checks.failed_tests("E1-S3", acs, result, cases, {test: why}, {
        test: ((peek, "failed"), (contains, "passed"))}, files)
    assert (per_ac, by_ac) == ({"AC1": {test: f"{why}; its subtest for AC1: `{peek}`"}},
                               frozenset({test}))
    per_ac, _ = checks.failed_tests("E1-S3", acs, result, cases, {test: why}, {
        test: ((peek, "passed"), (contains, "failed"))}, files)
    assert per_ac == {"AC2": {test: f"{why}; its subtest for AC2: `{contains}`"}}
    # every subtest passed: the test failed by a check of its own, outside them
    per_ac, by_ac = checks.failed_tests("E1-S3", acs, result, cases, {test: why}, {
        test: ((peek, "passed"), (contains, "passed"))}, files)
    assert (per_ac, by_ac) == ({}, frozenset())
    # the rows' names say nothing of either AC: the test is each AC's as a whole
    unnamed = [dataclasses.replace(case, body=case.body.replace(peek, "first").replace(
        contains, "second")) for case in cases]
    per_ac, _ = checks.failed_tests("E1-S3", acs, result, unnamed, {test: why}, {
        test: (("first", "failed"), ("second", "passed"))}, files)
    assert per_ac == {"AC1": {test: why}, "AC2": {test: why}}


def test_a_plugin_rewriting_outcomes_is_a_blocking_critical_at_its_line() -> None:
    cheat = ("def pytest_runtest_logreport(report):\n"
             "    if report.failed:\n        report.outcome = 'passed'\n")
    keeps = ("import pytest\n\n\n@pytest.hookimpl(hookwrapper=True)\n"
             "def pytest_runtest_makereport(item, call):\n    outcome = yield\n"
             "    item.rep_call = outcome.get_result()\n")
    found = checks.run_integrity_check({"conftest.py": keeps, "tests/conftest.py": cheat})
    assert found["status"] == "failed"
    (finding,) = found["findings"]
    assert (finding["file"], finding["line"], finding["severity"], finding["blocking"],
            finding["rule"]) == ("tests/conftest.py", 3, "critical", True,
                                 "rewrites-test-outcomes")
    assert checks.run_integrity_check({"conftest.py": keeps}) == {
        "name": "run-integrity", "status": "passed", "findings": []}
    assert checks.run_integrity_check(None)["status"] == "skipped"  # no pytest run


def test_checks_of_pytest_runs_say_so_when_skipped_for_a_story_of_another_stack() -> None:
    """css-select's vitest story read "the story has no Python test file: no pytest run to
    read" and "per-test contexts are read for the Python stack only": true, and no word of
    what each check reads or of the story's own stack."""
    assert checks.run_integrity_check(None)["skip_reason"] == (
        "it reads the conftests and plugins a pytest run loads, and no pytest run takes the "
        "story's tests (no Python test file)")
    rows, found = checks.attribution_evidence(
        SimpleNamespace(stack="ts-dev"), [], ["src/a.ts"], None, None, {})  # type: ignore[arg-type]
    assert (rows, found["status"], found["skip_reason"]) == (
        [], "skipped", "which test ran which line of the story's code is measured in a pytest "
        "run only; the story is ts-dev's")


def test_a_js_each_test_whose_expected_column_is_compared_by_no_check_counts_not() -> None:
    """unjs/scule 22: splitByCase's table checked only by `.not.toBe(expected)`, which holds
    for any array; the same table checked by `toMatchObject(expected)` counts."""
    ac = AcceptanceCriterion("AC1", 'Given the camel-case string `"fooBar"`, when `splitByCase` '
                             'is called with it, then it returns `["foo", "Bar"]`.',
                             'the camel-case string `"fooBar"`', "`splitByCase` is called with it",
                             'it returns `["foo", "Bar"]`.', False, None, 1)
    table = ('  test.each([\n    ["fooBar", ["foo", "Bar"]],\n  ])("%s => %s", '
             "(input, expected) => {\n    expect(splitByCase(input)).CHECK;\n  });\n")
    result = SimpleNamespace(per_ac=[SimpleNamespace(
        ac_id="AC1", tests=("test/a.test.ts::weak", "test/a.test.ts::honest"))])
    found = checks.unchecked_column_tests([ac], result, {  # type: ignore[arg-type]
        "test/a.test.ts::weak": table.replace("CHECK", "not.toBe(expected)"),
        "test/a.test.ts::honest": table.replace("CHECK", "toMatchObject(expected)")})
    assert found == {"AC1": {"test/a.test.ts::weak": (
        "its table's `expected` ([\"foo\", \"Bar\"] for AC1's example) is compared with the "
        "code's result by no check that can fail: it checks no value AC1 promises")}}


def test_a_finding_quotes_a_tests_code_on_one_line_never_cutting_a_name() -> None:
    long = ("expect(splitByCase(input, customSplitters))\n      .toMatchObject("
            "splitByCase(input, customSplitters));")
    quoted = checks._code(long)
    assert quoted == "expect(splitByCase(input, customSplitters)) .toMatchObject( ..."
    assert checks._code("expect(f(x)).toBeDefined()") == "expect(f(x)).toBeDefined()"
    # a cut between names keeps all it can
    assert checks._code("a" * 70) == "a" * 60 + " ..."


GO_SUBTESTS = """package simplelru

func TestLRU_Resize(t *testing.T) {
\tt.Run("downsize", func(t *testing.T) {
\t\tSKIP
\t\tl, _ := NewLRU(2, nil)
\t\tl.Add(1, 1)
\t\tl.Add(2, 2)
\t\tif evicted := l.Resize(1); evicted != 1 {
\t\t\tt.Errorf("1 element should have been evicted: %v", evicted)
\t\t}
\t})
\tt.Run("upsize", func(t *testing.T) {
\t\tl, _ := NewLRU(1, nil)
\t\tif evicted := l.Resize(2); evicted != 0 {
\t\t\tt.Errorf("0 elements should have been evicted: %v", evicted)
\t\t}
\t})
}

func TestLRU_NoRecentness(t *testing.T) {
\tt.Run("peek returns the value without updating recent-ness", func(t *testing.T) {
\t\t// TODO
\t})
\tt.Run("contains reports the key without updating recent-ness", func(t *testing.T) {
\t\tl, _ := NewLRU(2, nil)
\t\tl.Add(1, 1)
\t\tl.Add(2, 2)
\t\tl.Contains(1)
\t\tl.Add(3, 3)
\t\tif l.Contains(1) {
\t\t\tt.Errorf("Contains should not have updated recent-ness of 1")
\t\t}
\t})
}
"""


def test_a_go_test_whose_subtest_for_an_ac_checks_nothing_does_not_count_for_it() -> None:
    """golang-lru's TestLRU_Resize split into `downsize` and `upsize` subtests, `downsize`
    skipped: its name and `upsize` still read as the resize AC's, but the resize down that AC
    promises ran no check. A subtest that checks nothing read as another AC's (the emptied
    `peek ...` of a test whose `contains ...` checks the Contains AC) leaves the test's
    AC alone; a test whose subtests all ran keeps every AC."""
    from gaia_lib.evidence import ac_coverage
    from gaia_lib.evidence.testcases import split_tests, without_subtests

    criteria = [
        _ac("AC1", "Given a full cache of size 2, when a key is read with `Peek`, then its "
                   "value is returned and the key is not made recently used."),
        _ac("AC2", "Given a full cache of size 2, when `Contains` is asked about a key, then "
                   "it reports the key present without making it recently used."),
        _ac("AC3", "Given a cache of size 2 holding two keys, when it is resized to 1 with "
                   "`Resize`, then it returns 1 and the oldest entry is evicted; resized back "
                   "to 2, it returns 0."),
    ]
    file = "simplelru/lru_test.go"

    def found(source: str, checkless: dict[str, tuple[str, ...]],
              skipped: dict[str, tuple[str, ...]]) -> dict[str, dict[str, str]]:
        cases = split_tests(file, source)
        read = [without_subtests(c, checkless.get(c.test_id, ())) for c in cases]
        result = ac_coverage.analyze("E1-S3", criteria, read, file_list=[file])
        return checks.checkless_subtest_tests("E1-S3", criteria, result, cases, checkless,
                                              skipped, [file])

    resize, recentness = f"{file}::TestLRU_Resize", f"{file}::TestLRU_NoRecentness"
    skipped_down = GO_SUBTESTS.replace("SKIP", 't.Skip("downsizing is broken")')
    assert found(skipped_down, {resize: ("downsize",), recentness: ("peek returns the value "
                 "without updating recent-ness",)}, {resize: ("downsize",)}) == {
        "AC3": {resize: "runs its check of AC3 in its subtest `downsize`, which checks nothing "
                        "(the runner skipped it)"}}
    down = GO_SUBTESTS.split('\tt.Run("downsize"')[1].split('\tt.Run("upsize"')[0]
    emptied = GO_SUBTESTS.replace(down, ', func(t *testing.T) {\n\t\t// TODO\n\t})\n')
    assert found(emptied, {resize: ("downsize",)}, {}) == {
        "AC3": {resize: "runs its check of AC3 in its subtest `downsize`, which checks nothing "
                        "(its function can report no failure)"}}
    ran = GO_SUBTESTS.replace("SKIP", "")
    assert found(ran, {recentness: ("peek returns the value without updating recent-ness",)},
                 {}) == {}
    assert found(ran, {}, {}) == {}


def test_a_reason_its_uncounted_tests_share_is_said_once(tmp_path: Path) -> None:
    """goutils with another test file that does not compile: each test of an AC never ran for
    the same reason, the compiler's error, which a gap says once, not once per test."""
    stopped = ("never run: the run stopped before its tests ran (./strings_test.go:40:12: "
               "cannot use \"s\" as int value)")
    wrap, example = "words_test.go::TestWrapWords", "words_test.go::ExampleWrap"
    s = SimpleNamespace(story_path=tmp_path / "story.md", project=tmp_path,
                        story=SimpleNamespace(text="## File List\n", acceptance_criteria=[
                            _ac("AC1", "Given words, when wrapped, then lines break")]))
    per_ac = [{"ac_id": "AC1", "matched": False, "tests": [], "priority": "P0",
               "edge_case": False, "structured": True,
               "excluded": {wrap: stopped, example: stopped,
                            "words_test.go::TestWrapSkipped": "is a placeholder, t.Skip"}}]
    check = checks.coverage_check(s, per_ac)  # type: ignore[arg-type]
    assert [f["message"] for f in check["findings"]] == [
        f"AC1 has no test (its only tests do not count: {example}, {wrap}: each {stopped}; "
        "words_test.go::TestWrapSkipped is a placeholder, t.Skip) (priority P0)"]


def test_a_reason_shared_by_many_uncounted_tests_names_a_few_and_counts_the_rest(
        tmp_path: Path) -> None:
    """minisearch's test file, loaded untransformed, ran none of its tests: AC1's gap named
    every one of the 55 its words had matched, one line of several thousand characters."""
    failed = "never run: its file failed to load (SyntaxError: Cannot use import statement)"
    tests = [f"src/index.test.js::index > search > case {n:02d}" for n in range(7)]
    s = SimpleNamespace(story_path=tmp_path / "story.md", project=tmp_path,
                        story=SimpleNamespace(text="## File List\n", acceptance_criteria=[
                            _ac("AC1", "Given documents, when searched, then each is scored")]))
    per_ac = [{"ac_id": "AC1", "matched": False, "tests": [], "priority": "P0",
               "edge_case": False, "structured": True,
               "excluded": dict.fromkeys(tests, failed)}]
    check = checks.coverage_check(s, per_ac)  # type: ignore[arg-type]
    assert [f["message"] for f in check["findings"]] == [
        f"AC1 has no test (its only tests do not count: {tests[0]}, {tests[1]}, {tests[2]} "
        f"and 4 more: each {failed}) (priority P0)"]


def test_a_placeholder_that_matches_an_ac_says_which() -> None:
    """superjson's `it.skip('works with complex prop values')` matched the AC of allowed error
    properties, where it did not count; its warning said only "it covers no AC", so the
    reader had to find in the AC lists which AC it was written for."""
    skipped = placeholders.Placeholder("src/index.test.ts::errors > keeps a map property",
                                       "src/index.test.ts", 926,
                                       "skipped in source (it.skip)")
    todo = placeholders.Placeholder("src/index.test.ts::foreign objects > are undefined",
                                    "src/index.test.ts", 846, "skipped in source (it.todo)")
    found = checks.placeholder_check([skipped, todo], {}, {},
                                     matches={skipped.test_id: ("AC5",)})["findings"]
    assert [f["message"] for f in found] == [
        f"{skipped.test_id} is a placeholder: skipped in source (it.skip); it covers no AC "
        "(it matches AC5, where it does not count)",
        f"{todo.test_id} is a placeholder: skipped in source (it.todo); it covers no AC"]


def test_a_placeholder_titled_with_the_empty_string_is_named_with_its_title_quoted() -> None:
    """itertools-ts: `it("", ...)` in a `describe.each` group read "...Test >  is a
    placeholder" (the title empty, a trailing ` > `); its id, for the runner, is unchanged."""
    empty = placeholders.Placeholder("tests/stream.test.ts::Stream Reduce Test > ",
                                     "tests/stream.test.ts", 384, "it checks nothing")
    (found,) = checks.placeholder_check([empty], {}, {})["findings"]
    assert found["message"] == ('tests/stream.test.ts::Stream Reduce Test > "" is a placeholder: '
                                "it checks nothing; it covers no AC")
    assert found["test"] == empty.test_id


def test_a_gap_whose_only_match_is_a_todo_names_its_nearest_counted_tests_too(
        tmp_path: Path) -> None:
    """superjson: the AC of two independent instances had an `it.todo` as its one matched
    test, and the test of instances that do not share their classes as its nearest (counted
    for another AC); the gap said only "its only tests do not count: <the todo>", while the
    AC's list in the same report named the nearest test."""
    todo = "src/index.test.ts::parse > when given a foreign object > has undefined behaviour"
    near = "src/index.test.ts::instances do not share registrations"
    s = SimpleNamespace(story_path=tmp_path / "story.md", project=tmp_path,
                        story=SimpleNamespace(text="## File List\n", acceptance_criteria=[
                            _ac("AC10", "Given two instances, when one registers, then not both")]))
    per_ac = [{"ac_id": "AC10", "matched": False, "tests": [], "priority": "P0",
               "edge_case": False, "structured": True,
               "excluded": {todo: "is a placeholder (skipped in source (it.todo))"},
               "candidates": [{"test": todo, "why": ""},
                              {"test": near, "why": "it counts for AC1, which its words fit "
                                                    "better"}]}]
    check = checks.coverage_check(s, per_ac)  # type: ignore[arg-type]
    assert [f["message"] for f in check["findings"]] == [
        f"AC10 has no test (the test matching it does not count: {todo} is a placeholder "
        f"(skipped in source (it.todo)); nearest, not counted: {near}: it counts for AC1, "
        "which its words fit better) (priority P0)"]


def test_an_uncovered_acs_look_alike_titles_made_at_run_time_are_named_as_written(
        tmp_path: Path) -> None:
    """entities' AC of encoding, its two tests skipped: `should default to XML encode ${input}`
    and `... ${encodedXML}` would both read `should default to XML encode ${…}`."""
    group = "src/encode.spec.ts::Encode->decode test > "
    encodes, decodes = (group + "should default to XML encode ${input}",
                        group + "should default to XML encode ${encodedXML}")
    s = SimpleNamespace(story_path=tmp_path / "story.md", project=tmp_path,
                        story=SimpleNamespace(text="## File List\n", acceptance_criteria=[
                            _ac("AC8", "Given text, when it is encoded, then it decodes back")]))
    per_ac = [{"ac_id": "AC8", "matched": False, "tests": [], "priority": "P1",
               "edge_case": False, "structured": True,
               "excluded": {t: "is a placeholder, it.skip" for t in (encodes, decodes)}}]
    check = checks.coverage_check(s, per_ac)  # type: ignore[arg-type]
    assert [f["message"] for f in check["findings"]] == [
        f"AC8 has no test (its only tests do not count: {decodes}, {encodes}: each is a "
        "placeholder, it.skip) (priority P1)"]


def test_a_test_that_made_no_snapshot_check_and_has_none_of_its_own_checks_nothing() -> None:
    """htmlparser2: `runTest` made to compare nothing left 54 events tests passing while
    checking nothing (vitest left their stored snapshots unchecked): they count for no AC,
    one warning for the file. A test with a check of its own keeps an obsolete snapshot."""
    tests = {f"src/events.spec.ts::Events > case {n}": 40 + n for n in range(5)}
    bodies = {test: f'    it("case", () => runTest("<h{n}>"));' for n, test in enumerate(tests)}
    own = "src/events.spec.ts::Events > case 4"
    bodies[own] = '    it("case", () => {\n        expect(parse("<h4>")).toHaveLength(1);\n'
    unchecked = checks.unchecked_snapshot_tests(
        {test: f"{test.partition('::')[2]} 1" for test in tests}, bodies)
    assert sorted(unchecked) == sorted(set(tests) - {own})
    thrown = {own: '    it("case", () => {\n        if (!parse("<h4>")) throw new Error("x");\n'}
    assert checks.unchecked_snapshot_tests({own: "Events > case 4 1"}, thrown) == {}
    assert unchecked["src/events.spec.ts::Events > case 0"] == (
        "the runner compared nothing with `Events > case 0 1`, stored for it, and it has no "
        "check of its own")
    [found] = checks.placeholder_check((), {}, tests, unchecked=unchecked)["findings"]
    assert (found["rule"], found["line"], found["message"]) == (
        "unchecked-snapshot", 40,
        "4 tests of src/events.spec.ts were run without checking anything: no check in the "
        "test itself, and no snapshot stored under its name compared (the check that stored "
        "them no longer runs); they count for no AC until they run (Events > case 0, Events > "
        "case 1, "
        "Events > case 2 and 1 more)")


def test_an_uncovered_acs_gap_names_its_tests_that_are_gone(tmp_path: Path) -> None:
    """natsort's P0 AC2, its four tests deleted on the branch: the gap said only "AC2 has no
    test"; it says which tests it had (`lost_evidence`'s emptied rule, `gone`)."""
    s = SimpleNamespace(story_path=tmp_path / "story.md", project=tmp_path,
                        story=SimpleNamespace(text="## File List\n", acceptance_criteria=[
                            _ac("AC2", "Given signed numbers, when sorted with REAL, then ...")]))
    gone = "t.py::test_signed, t.py::test_float, matched to it on main, are gone"
    per_ac = [{"ac_id": "AC2", "matched": False, "tests": [], "priority": "P0",
               "edge_case": False, "structured": True, "gone": gone}]
    check = checks.coverage_check(s, per_ac)  # type: ignore[arg-type]
    assert [(f["severity"], f["message"]) for f in check["findings"]] == [
        ("critical", f"AC2 has no test ({gone}) (priority P0)")]


def test_an_acs_test_made_a_placeholder_is_named_once_by_its_gap(tmp_path: Path) -> None:
    """A gap naming the test that counted for its AC then as a placeholder now (`gone`, with
    its line: `lost_evidence`'s emptied rule) does not name it again among the tests that do
    not count nor as its nearest."""
    s = SimpleNamespace(story_path=tmp_path / "story.md", project=tmp_path,
                        story=SimpleNamespace(text="## File List\n", acceptance_criteria=[
                            _ac("AC3", "Given a version, when bumped, then it is 2.0.0")]))
    test = "t.py::test_bump"
    gone = f"{test}, counted for it in round 1, is now a placeholder (line 4: empty body)"
    per_ac = [{"ac_id": "AC3", "matched": False, "tests": [], "priority": "P0",
               "edge_case": False, "structured": True, "gone": gone,
               "gone_placeholders": [test],
               "excluded": {test: "is a placeholder, empty body"},
               "candidates": [{"test": test, "why": "it counts for no AC: is a placeholder"}]}]
    check = checks.coverage_check(s, per_ac)  # type: ignore[arg-type]
    assert [f["message"] for f in check["findings"]] == [f"AC3 has no test ({gone}) (priority P0)"]


def test_every_test_of_an_ordering_ac_comparing_without_order_is_a_weak_assertion() -> None:
    """natsort's AC8 ("... sort together with the same numbers in ASCII digits"), its test
    rewritten to `assert sorted(result) == sorted(expected)`: it passes whatever order
    `natsorted` returns. The warning quotes that check at its line; a test comparing the
    result as it comes back, or an AC promising no order, draws none."""
    ac = AcceptanceCriterion("AC8", "Given non-ASCII digits, when `natsorted` is called, then "
                             "they sort together with the same numbers in ASCII digits",
                             "non-ASCII digits", "`natsorted` is called",
                             "they sort together with the same numbers in ASCII digits",
                             False, None, 8)
    test = "tests/test_natsorted.py::test_unicode_digits"
    body = ("def test_unicode_digits():\n    result = natsorted(given)\n"
            "    assert sorted(result) == sorted(expected)\n")
    text = "import pytest\n\n\n" + body
    rows = [{"ac_id": "AC8", "matched": True, "tests": [test]}]
    _, check = checks.literal_evidence([ac], rows, {test: body}, {test: 4},
                                       {"tests/test_natsorted.py": text})
    assert [(f["line"], f["subject"], f["message"]) for f in check["findings"]] == [
        (6, "order", "every test of AC8 compares its result without its order (assert "
                     "sorted(result) == sorted(expected)): none shows the order its Then "
                     "clause promises")]
    kept = body.replace("sorted(result) == sorted(expected)", "result == expected")
    assert checks.literal_evidence([ac], rows, {test: kept}, {test: 4})[1]["findings"] == []
    unordered = dataclasses.replace(ac, then="they are read as numbers")
    assert checks.literal_evidence([unordered], rows, {test: body}, {test: 4})[1][
        "findings"] == []


def test_every_test_of_a_key_order_ac_comparing_objects_is_a_weak_assertion() -> None:
    """svelte-jsoneditor's AC1 ("... its keys come back sorted in descending order"): its
    tests compare with `assert.deepStrictEqual(result, { ... })`, which sees no key order, and
    passed with the expected order reversed."""
    ac = dataclasses.replace(_ac("AC1", "Given an object, when its keys are sorted "
                                 "descending, then they come back in descending order"),
                             then="its keys come back sorted in descending order")
    test = "src/sort.test.js::sortObjectKeys > sorts descending"
    body = ("test('sorts descending', () => {\n"
            "  assert.deepStrictEqual(sortObjectKeys(o, [], -1), { b: 2, a: 1 })\n})\n")
    rows = [{"ac_id": "AC1", "matched": True, "tests": [test]}]
    _, check = checks.literal_evidence([ac], rows, {test: body}, {test: 4},
                                       {"src/sort.test.js": "\n\n\n" + body})
    assert [(f["line"], f["subject"], f["message"]) for f in check["findings"]] == [
        (5, "order", "every test of AC1 compares its result without its order (assert."
                     "deepStrictEqual(sortObjectKeys(o, [], -1), { b: 2, a: ...): none shows the "
                     "order its Then clause promises")]
    keyed = body.replace("assert.deepStrictEqual(sortObjectKeys(o, [], -1), { b: 2, a: 1 })",
                         "assert.deepStrictEqual(Object.keys(sortObjectKeys(o, [], -1)), "
                         "['b', 'a'])")
    assert checks.literal_evidence([ac], rows, {test: keyed}, {test: 4})[1]["findings"] == []


def test_an_over_coverage_finding_names_tests_as_the_report_shows_them() -> None:
    """css-what: the AC8 list read `Parse > Broken selectors > should not parse — ${…}`, and
    its over-coverage suggestion the same test as `... — ${selector}`, the code of its name."""
    named = checks._named(["src/parse.spec.ts::Parse > Broken > should not parse — ${selector}",
                           "src/parse.spec.ts::Parse > should ignore comments"])
    assert named == " (Parse > Broken > should not parse — ${…}, Parse > should ignore comments)"


def test_an_over_coverage_finding_names_a_table_test_once() -> None:
    """@mswjs/interceptors: an `it.each` over three ports was named row by row, "AC1 has 6
    tests (keeps the explicit port 80 in the URL, ... port 8080 ..., ... port 9090 ...)"."""
    rows = [f"src/url.test.ts::keeps the port {port} in the URL" for port in (80, 8080, 9090)]
    named = checks._named([*rows, "src/url.test.ts::returns a URL"],
                          {**dict.fromkeys(rows, 171), "src/url.test.ts::returns a URL": 6})
    assert named == " (keeps the port 80 in the URL (3 rows of one table), returns a URL)"


def test_an_over_coverage_finding_names_two_tests_of_one_name_by_their_files() -> None:
    """golang-lru: its package and its `simplelru` subpackage each hold a `TestLRU`; the
    eviction AC's suggestion read `AC1 has 2 tests (TestLRU, TestLRU)`, one test to a reader."""
    named = checks._named(["lru_test.go::TestLRU", "simplelru/lru_test.go::TestLRU",
                           "lru_test.go::TestLRUAdd"])
    assert named == " (lru_test.go::TestLRU, simplelru/lru_test.go::TestLRU, TestLRUAdd)"


def test_an_over_coverage_finding_names_a_test_by_its_file_where_another_ac_has_its_name() -> None:
    """environ-config: `tests/test_loading.py::test_default` (loading through the class) counted
    for AC1 and `tests/test_settings.py::TestSettings::test_default` (a default used) for AC3;
    both suggestions read `test_default`, one name for two tests, each the other AC's too."""
    story = {"tests/test_loading.py::test_default": 40,
             "tests/test_loading.py::test_env": 52,
             "tests/test_settings.py::TestSettings::test_default": 88,
             "tests/test_settings.py::TestSettings::test_factory_default": 101}
    named = checks._named(["tests/test_settings.py::TestSettings::test_default",
                           "tests/test_settings.py::TestSettings::test_factory_default"], story)
    assert named == " (tests/test_settings.py::TestSettings::test_default, test_factory_default)"
    named = checks._named(["tests/test_loading.py::test_default",
                           "tests/test_loading.py::test_env"], story)
    assert named == " (tests/test_loading.py::test_default, test_env)"


def test_a_go_source_of_a_package_whose_tests_did_not_run_is_said_not_measured(
        tmp_path: Path) -> None:
    """golang-lru's File List named `simplelru/lru.go` beside the root package's `lru.go`, and
    only the root's tests: `go test` measured the root package alone, and the report listed
    `lru.go` as if it were all the story's code. A file of a package the profile measured,
    though it lacks it, still says nothing new."""
    files = {"go.mod": "module example.com/cache\n", "cache.go": GO_SOURCE,
             "cache_other.go": "package cache\n\nfunc other() int { return 2 }\n",
             "inner/list.go": GO_SOURCE.replace("package version", "package inner"),
             "tier_1-cover.out": "mode: set\nexample.com/cache/cache.go:3.44,4.16 1 1\n"}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text)
    listed = SimpleNamespace(file_list=[name for name in files if name.endswith(".go")])
    setup = SimpleNamespace(project=tmp_path, story=listed)
    result = checks.branch_evidence(setup, [],  # type: ignore[arg-type]
                                    report=(tmp_path / "tier_1-cover.out", "go-cover"))
    assert [entry["file"] for entry in result["measured"]] == ["cache.go", "inner/list.go"]
    assert qa_report.render_code_coverage([result])[-1] == (
        "- inner/list.go: not measured: no story test of its package (inner) ran, and "
        "`go test` measures only the package it tests")


def test_an_acs_tests_that_could_not_run_leave_it_unverified_not_untested(
        tmp_path: Path) -> None:
    """The demo reviewed with a Python that has no pytest: BLOCKED, and its tested P0 ACs
    had read "AC1 has no test (its only tests do not count: ... never run ...)", four
    criticals where two ACs have no test at all. An AC whose tests only the run that could
    not start left out is unverified (a warning); one with no test is still a gap; and where
    the run started, the same tests never reached leave a gap as before."""
    s = SimpleNamespace(story_path=tmp_path / "story.md", project=tmp_path,
                        story=SimpleNamespace(text="## File List\n", acceptance_criteria=[
                            _ac("AC1", "Given an email, when signing up, then an account"),
                            _ac("AC3", "Given a taken email, when signing up, then 409")]))
    never = f"never run: tier_1 {checks.RUN_STOPPED} (the test run line says why)"
    per_ac = [{"ac_id": "AC1", "matched": False, "tests": [], "priority": "P0",
               "edge_case": False, "structured": True,
               "excluded": {"tests/test_signup.py::test_valid_email": never}},
              {"ac_id": "AC3", "matched": False, "tests": [], "priority": "P0",
               "edge_case": False, "structured": True}]
    unrun = checks.coverage_check(s, per_ac, unrunnable=True)  # type: ignore[arg-type]
    assert [(f["rule"], f["severity"], f["blocking"], f["message"])
            for f in unrun["findings"]] == [
        ("unrun-ac-coverage", "warning", False,
         f"AC1 is unverified: its tests could not run (tests/test_signup.py::test_valid_email "
         f"{never}) (priority P0)"),
        ("missing-ac-coverage", "critical", True, "AC3 has no test (priority P0)")]
    started = checks.coverage_check(s, per_ac)  # type: ignore[arg-type]
    assert [(f["rule"], f["severity"]) for f in started["findings"]] == [
        ("missing-ac-coverage", "critical"), ("missing-ac-coverage", "critical")]


def test_the_acs_whose_priority_was_lowered_are_said_in_the_storys_order(
        tmp_path: Path) -> None:
    """A story of ten ACs, every priority taken out: the warnings go AC1, AC2, ..., AC10, as
    the story has them (they had read AC1, AC10, AC2, ... by their ids' letters)."""
    from gaia_lib.review_qa import priority_floor
    from gaia_lib.story.parser import parse_story

    criteria = "\n".join(f"- [ ] **AC{n}:** Given a, when b, then c." for n in range(1, 11))
    path = tmp_path / "E1-S1.md"
    story = parse_story(f"---\nkey: E1-S1\nstatus: review\n---\n\n# Story: T\n\n"
                        f"## Acceptance Criteria\n\n{criteria}\n", path)
    lowered = {f"AC{n}": priority_floor.Lowered(f"AC{n}", "P1", "none") for n in range(1, 11)}
    found = checks.integrity_check(SimpleNamespace(  # type: ignore[arg-type]
        story=story, story_path=path, project=tmp_path), [], lowered)["findings"]
    assert [f["message"].split("'")[0] for f in found] == [f"AC{n}" for n in range(1, 11)]


def test_an_acs_tests_whose_file_did_not_load_in_a_run_that_could_not_run_are_unverified(
        tmp_path: Path) -> None:
    """jest's setup file requires a declared package that is not installed: the review is
    BLOCKED, and each test file failed to load; the expiry AC, whose test is in one, had read
    "has no test", critical. Where the run started, the same load failure is a gap still."""
    s = SimpleNamespace(story_path=tmp_path / "story.md", project=tmp_path,
                        story=SimpleNamespace(text="## File List\n", acceptance_criteria=[
                            _ac("AC1", "Given a time limit, when it passes, then it is dropped")]))
    unloaded = "never run: its file failed to load (Cannot find module 'core-js' from 'setup.js')"
    per_ac = [{"ac_id": "AC1", "matched": False, "tests": [], "priority": "P0",
               "edge_case": False, "structured": True,
               "excluded": {"__tests__/expiry.ts::expiry > drops it": unloaded}}]
    unrun = checks.coverage_check(s, per_ac, unrunnable=True)  # type: ignore[arg-type]
    assert [(f["rule"], f["severity"]) for f in unrun["findings"]] == [
        ("unrun-ac-coverage", "warning")]
    started = checks.coverage_check(s, per_ac)  # type: ignore[arg-type]
    assert [(f["rule"], f["severity"]) for f in started["findings"]] == [
        ("missing-ac-coverage", "critical")]


def test_an_acs_tests_that_could_not_run_beside_a_skipped_one_leave_it_unverified(
        tmp_path: Path) -> None:
    """A memoizer's error AC: two tests the run that could not start never reached, and one
    `it.skip` of the project's own. It had read "has no test", critical, where every other AC
    whose tests could not run read unverified: its two tests are still to run."""
    s = SimpleNamespace(story_path=tmp_path / "story.md", project=tmp_path,
                        story=SimpleNamespace(text="## File List\n", acceptance_criteria=[
                            _ac("AC2", "Given a throwing function, when called, then it throws")]))
    never = f"never run: tier_1 {checks.RUN_STOPPED} (the test run line says why)"
    skipped = "is a placeholder, skipped in source (it.skip)"
    per_ac = [{"ac_id": "AC2", "matched": False, "tests": [], "priority": "P0",
               "edge_case": False, "structured": True,
               "excluded": {"__tests__/memo.ts::fail > rethrows": never,
                            "__tests__/memo.ts::fail > rejects": never,
                            "__tests__/memo.ts::fail > forgets a rejection": skipped}}]
    unrun = checks.coverage_check(s, per_ac, unrunnable=True)  # type: ignore[arg-type]
    assert [(f["rule"], f["severity"], f["blocking"], f["message"])
            for f in unrun["findings"]] == [
        ("unrun-ac-coverage", "warning", False,
         "AC2 is unverified: its tests could not run (__tests__/memo.ts::fail > forgets a "
         f"rejection {skipped}; __tests__/memo.ts::fail > rejects, __tests__/memo.ts::fail > "
         f"rethrows: each {never}) (priority P0)")]


def test_findings_name_a_test_titled_at_run_time_as_the_ac_lists_show_it() -> None:
    """moize's `limits the args to ${limit}`, one `it` per limit in a `forEach`: its AC's row
    showed `limits the args to ${…}`, its failed-test finding the code that makes the title.
    Each finding's message now names it as the lists do; the finding's `test` keeps its id;
    two titles that would show alike keep the code that tells them apart."""
    made = "m.ts::maxArgs > limits the args to ${limit}"
    twins = ["x.ts::encode ${input}", "x.ts::encode ${encoded}"]
    found = [checks.check("test-quality", "failed", [
        checks.finding("m.ts", 9, "critical", "failed-test",
                       f"{made} failed in this run (m.ts:9: expected 3); it covers no AC "
                       "until it passes", True, test=made),
        checks.finding("x.ts", 2, "warning", "skipped-test",
                       f"{twins[0]} was reported skipped by the runner; it covers no AC",
                       False, test=twins[0])])]
    shown = checks.tests_shown(found, [made, *twins, "m.ts::plain"])
    assert [(f["message"], f["test"]) for f in shown[0]["findings"]] == [
        ("m.ts::maxArgs > limits the args to ${…} failed in this run (m.ts:9: expected 3); "
         "it covers no AC until it passes", made),
        (f"{twins[0]} was reported skipped by the runner; it covers no AC", twins[0])]


CATALOGUE = """def is_file(value):
    try:
        return exists(value)
    except (TypeError, ValueError):
        return False


def append(entries, entry):
    try:
        check(entries, entry)
    except ValueError:
        log(entry)
        raise
    entries.append(entry)
"""


def test_a_handler_keeping_the_error_from_the_caller_is_about_no_ac_saying_it_is_raised(
        tmp_path: Path) -> None:
    """polib's `_is_file`: `except (TypeError, ValueError): return False` was tied by its
    `ValueError` to "then a `ValueError` is raised" (a duplicate appended), which it keeps
    from the caller. A handler raising again (`append`'s) is still that AC's."""
    (tmp_path / "catalogue.py").write_text(CATALOGUE)
    report = tmp_path / "coverage.json"
    report.write_text(json.dumps({"files": {"catalogue.py": {
        "executed_lines": [1, 2, 3, 8, 9, 10, 14], "missing_lines": [4, 5, 11, 12, 13]}}}))
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(file_list=["catalogue.py"]))
    ac = AcceptanceCriterion(
        "AC5", "Given a catalogue checking duplicates, when the user appends an entry already "
               "there, then a `ValueError` is raised", "a catalogue checking duplicates",
        "the user appends an entry already there", "a `ValueError` is raised", False, None, 1)
    result = checks.branch_evidence(s, [ac], report=(report, "coveragepy-json"))  # type: ignore[arg-type]
    assert [(f["line"], f["severity"], f["message"].split("; ", 1)[-1])
            for f in result["findings"]] == [
        (4, "warning", "except TypeError/ValueError handler in is_file never executed by the "
                       "tests"),
        (11, "warning", "error-path ACs: AC5")]
    # an AC whose Then says the error is handled is what the first handler does
    handled = dataclasses.replace(ac, then="the `ValueError` is caught and it is no file",
                                  text=ac.text.replace("a `ValueError` is raised",
                                                       "the `ValueError` is caught"))
    result = checks.branch_evidence(s, [handled], report=(report, "coveragepy-json"))  # type: ignore[arg-type]
    assert [f["message"].split("; ", 1)[-1] for f in result["findings"]] == [
        "error-path ACs: AC5", "error-path ACs: AC5"]


AMOUNTS = """def parse_amount(text):
    try:
        return int(text)
    except ValueError:
        pass
    return from_words(text)
"""


def test_a_handler_raising_nothing_tied_for_want_of_a_name_says_which_acs_it_is_not_on(
        tmp_path: Path) -> None:
    """A parser's `except ValueError: pass` (the text is no plain number: read it as words),
    beside an AC promising a `ValueError` and one saying a bad amount is refused: it is not on
    the first's path, as it raises nothing, and is tied to the second for want of a name. Its
    finding had said that no error-path AC names what it catches, where AC5 names it."""
    (tmp_path / "amounts.py").write_text(AMOUNTS)
    report = tmp_path / "coverage.json"
    report.write_text(json.dumps({"files": {"amounts.py": {
        "executed_lines": [1, 2, 3, 6], "missing_lines": [4, 5]}}}))
    s = SimpleNamespace(project=tmp_path, story=SimpleNamespace(file_list=["amounts.py"]))
    raised = AcceptanceCriterion(
        "AC5", "Given an amount that is no number, when it is read strictly, then a "
               "`ValueError` is raised", "an amount that is no number", "it is read strictly",
        "a `ValueError` is raised", False, None, 1)
    refused = AcceptanceCriterion(
        "AC6", "Given a form field for an amount, when the user types something else, then "
               "the field is refused as invalid", "a form field for an amount",
        "the user types something else", "the field is refused as invalid", False, None, 2)
    result = checks.branch_evidence(s, [raised, refused], report=(report, "coveragepy-json"))  # type: ignore[arg-type]
    assert [(f["line"], f["message"].split("; ", 1)[-1]) for f in result["findings"]] == [
        (4, "it may be about AC6: it raises nothing, so it is not on the path of AC5, whose "
            "Then says what it catches is raised, and no other error-path AC names what it "
            "catches or the code it is in")]


GO_IGNORED = """func TestIgnored(t *testing.T) {
	data := map[string][]string{"Foo.Bar": {"baz"}}
	d := NewDecoder()
	d.IgnoreUnknownKeys(true)
	err := d.Decode(&s, data)
	if err != nil {
		t.Fatal(err)
	}
}
"""


def test_a_test_accepting_the_input_an_ac_spares_from_its_failure_checks_that_case() -> None:
    """gorilla/schema's `TestInvalidPathIgnoreUnknownKeys`: a key no field matches, read with
    unknown keys ignored, and its one check that no error comes. AC5's Then promises a failure
    "unless the reader is told to ignore unknown keys": that check is the spared case's, where
    it had read "only checks that d.Decode returns no error". An AC promising the failure
    with no case spared still says so."""
    then = ("reading fails and says so (`schema: invalid path \"Foo.Bar\"`), unless the reader "
            "is told to ignore unknown keys")
    spared = AcceptanceCriterion("AC5", f"Given a key no field matches, when it is read, then "
                                 f"{then}", "a key no field matches", "it is read", then, False,
                                 None, 1)
    always = dataclasses.replace(spared, ac_id="AC6", then=then.split(", unless")[0])
    test = "decoder_test.go::TestIgnored"
    result = SimpleNamespace(per_ac=[SimpleNamespace(ac_id="AC5", tests=(test,)),
                                     SimpleNamespace(ac_id="AC6", tests=(test,))])
    found = checks.presence_only_tests([spared, always], result,  # type: ignore[arg-type]
                                       {test: GO_IGNORED})
    assert list(found) == ["AC6"]
    assert found["AC6"][test] == ("only checks that d.Decode returns no error (if err != nil {),"
                                  " not `schema: invalid path \"Foo.Bar\"` from AC6's Then "
                                  "clause")
