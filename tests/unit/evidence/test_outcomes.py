from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gaia_lib.evidence import gomod, outcomes, runner_output
from gaia_lib.evidence.testcases import TestCase, split_tests
from helpers.tools import need

JUNIT = """<testsuite>
<testcase classname="tests.unit.test_a" name="test_skipped"><skipped/></testcase>
<testcase classname="tests.unit.test_a" name="test_param[1]"/>
<testcase classname="tests.unit.test_a" name="test_param[2]"><skipped/></testcase>
<testcase classname="tests.unit.test_a.TestK" name="test_xfail"><skipped type="pytest.xfail"/></testcase>
<testcase classname="tests.unit.test_a" name="test_ran"/>
</testsuite>"""

CASES = [TestCase("tests/unit/test_a.py", n, 1, "") for n in
         ("test_skipped", "test_param", "TestK::test_xfail", "test_ran", "test_never_reported")]


def test_a_skipped_test_did_not_run_for_the_runners_own_reason() -> None:
    """An empty `@pytest.mark.parametrize` list: pytest's words, not a list of kinds of skip;
    an xfail says it is one; a skip whose report gives no reason, what kinds there are."""
    tests = [runner_output.TestOutcome("test_e[NOTSET]", "skipped", "tests/t.py",
                                       "got empty parameter set for (x)"),
             runner_output.TestOutcome("test_x", "skipped", "tests/t.py", "xfail: known bug"),
             runner_output.TestOutcome("test_y", "skipped", "tests/t.py", "xfail"),
             runner_output.TestOutcome("test_t", "skipped", "tests/t.py", "todo"),
             runner_output.TestOutcome("test_z", "skipped", "tests/t.py")]
    cases = [TestCase("tests/t.py", n, 1, "") for n in ("test_e", "test_x", "test_y",
                                                         "test_t", "test_z")]
    assert outcomes.not_run(tests, cases) == {
        "tests/t.py::test_e": "reported skipped by the runner: got empty parameter set for (x)",
        "tests/t.py::test_x": "reported xfail by the runner: known bug",
        "tests/t.py::test_y": "reported xfail by the runner",
        "tests/t.py::test_t": "reported todo by the runner",
        "tests/t.py::test_z": "reported skipped by the runner (skip / xfail / todo)"}


def test_skipped_and_xfail_tests_did_not_run() -> None:
    counts = runner_output.parse("junit", JUNIT)
    assert sorted(outcomes.not_run(counts.tests, CASES)) == [
        "tests/unit/test_a.py::TestK::test_xfail", "tests/unit/test_a.py::test_skipped"]


def test_a_same_named_test_in_another_file_is_not_confused() -> None:
    counts = runner_output.parse("junit", JUNIT)
    other = [TestCase("tests/unit/test_b.py", "test_skipped", 1, "")]
    assert outcomes.not_run(counts.tests, other) == {}


def _mixin_runs(junit: str) -> tuple[list[runner_output.TestOutcome], list[TestCase],
                                      dict[str, tuple[str, str]]]:
    """A JUnit report's outcomes, and a mixin's `test_update` and `test_pop` run by
    `LRUTest` and `TTLTest` (its cases, and the ids they run under)."""
    cases = [TestCase("tests/__init__.py", f"CacheMixin::{n}", 1, "") for n in
             ("test_update", "test_pop")]
    aliases = {c.test_id: (f"tests/test_lru.py::LRUTest::{c.name.split('::')[1]}",
                           f"tests/test_ttl.py::TTLTest::{c.name.split('::')[1]}") for c in cases}
    return list(runner_output.parse("junit", junit).tests), cases, aliases


def test_a_mixins_test_did_not_run_when_no_class_inheriting_it_ran_it() -> None:
    junit = """<testsuite>
<testcase classname="tests.test_lru.LRUTest" name="test_update"><skipped/></testcase>
<testcase classname="tests.test_ttl.TTLTest" name="test_update"><skipped/></testcase>
<testcase classname="tests.test_lru.LRUTest" name="test_pop"><skipped/></testcase>
<testcase classname="tests.test_ttl.TTLTest" name="test_pop"/>
</testsuite>"""
    tests, cases, aliases = _mixin_runs(junit)
    assert list(outcomes.not_run(tests, cases, aliases)) == [
        "tests/__init__.py::CacheMixin::test_update"]
    assert outcomes.not_run(tests, cases) == {}  # unknown by its own id: not known skipped


def test_a_test_some_of_whose_runs_were_skipped_names_them() -> None:
    """A parametrised row marked skip beside one that ran; a mixin's test skipped under one
    class and run under the other (addict's); one skipped under both is `not_run`'s."""
    junit = """<testsuite>
<testcase classname="tests.test_lru.LRUTest" name="test_update"><skipped message="later"/></testcase>
<testcase classname="tests.test_ttl.TTLTest" name="test_update"/>
<testcase classname="tests.test_lru.LRUTest" name="test_pop"><skipped/></testcase>
<testcase classname="tests.test_ttl.TTLTest" name="test_pop"><skipped/></testcase>
</testsuite>"""
    tests, cases, aliases = _mixin_runs(junit)
    assert outcomes.partly_skipped(tests, cases, aliases) == {
        "tests/__init__.py::CacheMixin::test_update": (2, (("LRUTest::test_update", "later"),))}
    counts = runner_output.parse("junit", JUNIT)
    assert outcomes.partly_skipped(counts.tests, CASES) == {
        "tests/unit/test_a.py::test_param": (2, (("test_param[2]", "no reason given"),))}


def test_jest_full_names_and_absolute_paths() -> None:
    tests = [runner_output.TestOutcome("codes rejects x", "skipped", "/abs/proj/src/c.test.ts"),
             runner_output.TestOutcome("codes accepts y", "passed", "/abs/proj/src/c.test.ts")]
    cases = [TestCase("src/c.test.ts", "codes > rejects x", 3, ""),
             TestCase("src/c.test.ts", "codes > accepts y", 6, "")]
    assert list(outcomes.not_run(tests, cases)) == ["src/c.test.ts::codes > rejects x"]


def test_go_packages_match_the_case_directory() -> None:
    tests = [runner_output.TestOutcome("TestSkip", "skipped", "example.com/m/signup")]
    cases = [TestCase("signup/codes_test.go", "TestSkip", 3, "")]
    assert list(outcomes.not_run(tests, cases)) == ["signup/codes_test.go::TestSkip"]


def test_a_vitest_full_name_with_an_unnamed_suite_still_meets_its_test() -> None:
    """vitest reports `" mask custom error message"` (an empty file-level suite joined in)."""
    tests = [runner_output.TestOutcome(" mask  custom error message", "failed",
                                       "/abs/test/api/mask.test.ts", "expected error")]
    cases = [TestCase("test/api/mask.test.ts", "mask > custom error message", 3, "")]
    assert outcomes.failed(tests, cases) == {
        "test/api/mask.test.ts::mask > custom error message": "failed in this run "
                                                               "(expected error)"}


def test_the_rows_of_a_table_test_are_that_test() -> None:
    """`it.each(...)("keeps %s and fills %#")` runs as one test per row, named by the
    template: a skipped or failing row is the table test's."""
    cases = [TestCase("test/x.test.ts", "table > keeps %s and fills %#", 3, ""),
             TestCase("test/x.test.ts", "adds $a to $b", 9, ""),
             TestCase("test/x.test.ts", "%s", 12, "")]
    tests = [runner_output.TestOutcome("table keeps a and fills 0", "skipped", "test/x.test.ts"),
             runner_output.TestOutcome("table keeps b and fills 1", "skipped", "test/x.test.ts"),
             runner_output.TestOutcome("adds 1 to 2", "failed", "test/x.test.ts", "boom"),
             runner_output.TestOutcome("adds 2 to 3", "passed", "test/x.test.ts"),
             runner_output.TestOutcome("plain", "failed", "test/x.test.ts")]
    assert list(outcomes.not_run(tests, cases)) == ["test/x.test.ts::table > keeps %s and fills %#"]
    assert outcomes.failed(tests, cases) == {
        "test/x.test.ts::adds $a to $b": "failed in this run (row `adds 1 to 2`: boom)"}


def _row(title: str, outcome: str, *groups: str, message: str | None = None
         ) -> runner_output.TestOutcome:
    """A row as vitest's and jest's JSON report it: its full name its groups' names and its
    title joined by spaces (vitest's with the file's unnamed group first), its groups and title
    apart."""
    return runner_output.TestOutcome(" ".join(("", *groups, title)), outcome,
                                     "/abs/test/scule.test.ts", message, (*groups, title))


def test_a_rows_title_ending_in_an_arrays_brackets_is_its_tables() -> None:
    """unjs/scule 31 and 08: `test.each([["fooBar", ["foo", "Bar"]], ["", []]])("%s => %s")`
    in `describe("splitByCase")`; vitest's `%s` of an array ends each row's title in its
    brackets (no parametrised id) and of `""` is nothing. A failed row fails the table test,
    said by its title; every row skipped (`describe.skip`) is the test skipped."""
    cases = [TestCase("test/scule.test.ts", "splitByCase > %s => %s", 16, ""),
             TestCase("test/scule.test.ts", "pascalCase > %s => %s", 40, "")]
    tests = [_row(" => []", "passed", "splitByCase"),
             _row("fooBar => [ 'foo', 'Bar' ]", "failed", "splitByCase",
                  message="expected [ 'fooBar' ] to match object [ 'foo', 'Bar' ]"),
             _row("foo => Foo", "passed", "pascalCase")]
    assert outcomes.failed(tests, cases) == {
        "test/scule.test.ts::splitByCase > %s => %s":
            "failed in this run (row `fooBar => [ 'foo', 'Bar' ]`: expected [ 'fooBar' ] to "
            "match object [ 'foo', 'Bar' ])"}
    skipped = [_row(" => []", "skipped", "splitByCase"),
               _row("fooBar => [ 'foo', 'Bar' ]", "skipped", "splitByCase"),
               _row("foo => Foo", "passed", "pascalCase")]
    assert list(outcomes.not_run(skipped, cases)) == ["test/scule.test.ts::splitByCase > %s => %s"]
    assert outcomes.instances(skipped, cases) == {
        "test/scule.test.ts::pascalCase > %s => %s": (("foo => Foo", "passed"),),
        "test/scule.test.ts::splitByCase > %s => %s": (
            ("=> []", "skipped"), ("fooBar => [ 'foo', 'Bar' ]", "skipped"))}


def test_a_literal_title_ending_in_brackets_meets_its_outcome() -> None:
    tests = [_row("keeps [a, b]", "failed", "list", message="boom")]
    cases = [TestCase("test/scule.test.ts", "list > keeps [a, b]", 3, "")]
    assert outcomes.failed(tests, cases) == {
        "test/scule.test.ts::list > keeps [a, b]": "failed in this run (boom)"}
    assert outcomes.instances(tests, cases) == {}  # no parametrised id: its title's own


def test_the_rows_of_table_tests_in_nested_and_templated_groups_are_their_tests() -> None:
    """Each of jest's and vitest's markers (`%s %i %d %o %j %#`, `$field`) stands for its
    row's text, in a group of groups and in a `describe.each` group's template; the rows of
    another group, or of a group the template does not make, are not the test's."""
    cases = [TestCase("test/scule.test.ts", "case > split > %s/%i/%d gives %o (%j) #%#", 3, ""),
             TestCase("test/scule.test.ts", "mode %s > $input => $expected", 9, "")]
    tests = [_row("a/1/2 gives { a: 1 } ({\"a\":1}) #0", "failed", "case", "split",
                  message="boom"),
             _row("a/1/2 gives {} ({}) #0", "failed", "case", "join"),
             _row("'x' => 'y'", "skipped", "mode strict"),
             _row("'z' => 'w'", "skipped", "mode loose"),
             _row("'x' => 'y'", "failed", "other strict")]
    assert outcomes.failed(tests, cases) == {
        "test/scule.test.ts::case > split > %s/%i/%d gives %o (%j) #%#":
            'failed in this run (row `a/1/2 gives { a: 1 } ({"a":1}) #0`: boom)'}
    assert list(outcomes.not_run(tests, cases)) == [
        "test/scule.test.ts::mode %s > $input => $expected"]


def test_a_row_another_test_names_exactly_or_more_fully_is_that_tests() -> None:
    """In one group, `it("keeps a => b")` and `it.each(rows)("keeps %s")` beside
    `it.each(rows)("%s")`: a title written out is its test's alone, and a row two templates
    make is the one writing more of it out's. A template all markers with no group makes no
    test's name."""
    cases = [TestCase("t/x.test.ts", "g > keeps a => b", 3, ""),
             TestCase("t/x.test.ts", "g > keeps %s", 6, ""),
             TestCase("t/x.test.ts", "g > %s", 9, ""),
             TestCase("t/x.test.ts", "%s", 12, "")]
    tests = [runner_output.TestOutcome(f"g {title}", "failed", "t/x.test.ts", title, ("g", title))
             for title in ("keeps a => b", "keeps c", "other")]
    tests.append(runner_output.TestOutcome("plain", "failed", "t/x.test.ts", "plain", ("plain",)))
    assert outcomes.failed(tests, cases) == {
        "t/x.test.ts::g > keeps a => b": "failed in this run (keeps a => b)",
        "t/x.test.ts::g > keeps %s": "failed in this run (row `keeps c`: keeps c)",
        "t/x.test.ts::g > %s": "failed in this run (row `other`: other)"}


def test_a_go_test_in_the_modules_root_is_in_the_package_no_other_directory_ends() -> None:
    """radix_test.go at the root: its package is the module path, whatever go.mod names it;
    a same-named test of a subdirectory's package is not it."""
    tests = [runner_output.TestOutcome("TestKeys", "skipped", "github.com/armon/go-radix"),
             runner_output.TestOutcome("TestKeys", "failed", "github.com/armon/go-radix/sub"),
             runner_output.TestOutcome("TestLen", "failed", "github.com/armon/go-radix")]
    cases = [TestCase("radix_test.go", "TestKeys", 3, ""),
             TestCase("radix_test.go", "TestLen", 9, ""),
             TestCase("sub/sub_test.go", "TestKeys", 3, "")]
    assert outcomes.not_run(tests, cases) == {
        "radix_test.go::TestKeys": "reported skipped by the runner (skip / xfail / todo)"}
    assert list(outcomes.failed(tests, cases)) == ["radix_test.go::TestLen",
                                                   "sub/sub_test.go::TestKeys"]


def test_a_story_test_file_the_review_read_no_test_in_is_counted_from_the_runner() -> None:
    cases = [TestCase("tests/test_a.py", "test_one", 1, "")]
    ran = [runner_output.TestOutcome("test_one", "passed", "tests/test_a.py"),
           runner_output.TestOutcome("test_gen[0]", "passed", "tests/test_gen.py"),
           runner_output.TestOutcome("test_gen[1]", "failed", "tests/test_gen.py"),
           runner_output.TestOutcome("test_other", "passed", "tests/test_gen.py"),
           runner_output.TestOutcome("superstruct coerce changed", "passed", "/p/test/index.test.ts"),
           runner_output.TestOutcome("TestX", "passed", "example.com/pkg")]  # a package: no file to count
    files = ["tests/test_a.py", "tests/test_gen.py", "test/index.test.ts", "pkg/x_test.go"]
    assert outcomes.unread(ran, cases, files) == {
        "test/index.test.ts": 1, "tests/test_gen.py": 2}


def test_tests_a_story_file_makes_in_a_loop_beside_those_written_out_are_counted() -> None:
    """A serializer's spec: a describe block makes tests in a loop over a table of cases in a
    way the review does not read (a helper of another module calling `test`) beside tests
    written out. The review read the written ones only; the rows the runner reported (at the
    loop's line) were said nowhere, so the report's run line counted tests no AC list
    showed."""
    cases = [TestCase("src/index.test.ts", "round trip > revives registered classes", 80, ""),
             TestCase("src/index.test.ts", "dedupe=true", 120, ""),
             TestCase("src/index.test.ts", "rows of %s", 140, "")]

    def ran(title: str, groups: tuple[str, ...], line: int, outcome: str = "passed"
            ) -> runner_output.TestOutcome:
        return runner_output.TestOutcome(" ".join((*groups, title)), outcome,
                                         "/p/src/index.test.ts", path=(*groups, title),
                                         line=line)

    reported = [ran("revives registered classes", ("round trip",), 80),
                ran("dedupe=true", (), 120),
                ran("rows of a", (), 140), ran("rows of b", (), 140),
                ran("works for maps", ("round trip",), 60),
                ran("works for sets", ("round trip",), 60, "skipped")]
    assert outcomes.unread(reported, cases, ["src/index.test.ts"]) == {"src/index.test.ts": 2}
    # the finding points at the loop the runner says made them, not at the file's first line
    assert outcomes.unread_lines(reported, cases, ["src/index.test.ts"]) == {
        "src/index.test.ts": 60}
    everything = [*reported[:4]]
    assert outcomes.unread(everything, cases, ["src/index.test.ts"]) == {}


def test_a_test_that_failed_or_errored_in_the_run_is_named_with_its_first_failure() -> None:
    junit = """<testsuite>
<testcase classname="tests.unit.test_a" name="test_fails"><failure message="assert 1 == 2"/></testcase>
<testcase classname="tests.unit.test_a" name="test_param[1]"/>
<testcase classname="tests.unit.test_a" name="test_param[2]"><error message="boom"/></testcase>
<testcase classname="tests.unit.test_a" name="test_ran"/>
</testsuite>"""
    cases = [TestCase("tests/unit/test_a.py", n, 1, "")
             for n in ("test_fails", "test_param", "test_ran", "test_never_reported")]
    found = outcomes.failed(runner_output.parse("junit", junit).tests, cases)
    assert sorted(found) == ["tests/unit/test_a.py::test_fails",
                             "tests/unit/test_a.py::test_param"]
    assert found["tests/unit/test_a.py::test_fails"].startswith("failed in this run (")


def test_a_parametrised_python_test_says_which_of_its_cases_failed() -> None:
    """tomlkit's `test_load_from_file_object` over thirteen example files, one of which
    (`pyproject`) failed: the finding said the test failed, not which case; the run line
    alone named it. Four failing cases are named three and one more."""
    names = ("0.5.0", "pyproject", "table_names")
    junit = "<testsuite>" + "".join(
        f'<testcase classname="tests.test_api" name="test_load[{n}]">'
        + ('<failure message="assert 1 == 2"/>' if n == "pyproject" else "") + "</testcase>"
        for n in names) + "</testsuite>"
    cases = [TestCase("tests/test_api.py", "test_load", 1, "")]
    assert outcomes.failed(runner_output.parse("junit", junit).tests, cases) == {
        "tests/test_api.py::test_load": "failed in this run (case `pyproject`: assert 1 == 2)"}
    many = [runner_output.TestOutcome(f"test_load[{n}]", "failed", "tests/test_api.py", "no")
            for n in "abcd"]
    assert outcomes.failed(many, cases) == {"tests/test_api.py::test_load": (
        "failed in this run (cases `a`, `b`, `c` and 1 more: no)")}


def test_a_mixins_test_that_failed_under_one_of_its_classes_says_which() -> None:
    """A base class's test run by two test classes, one for the plain mapping and one for a
    subclass of it, failed under the subclass's class alone: the finding had said the test
    failed, as if under both; it says under which, and which passed it. Failed under both,
    it says nothing of classes."""
    def junit(failed: tuple[str, ...]) -> str:
        return "<testsuite>" + "".join(
            f'<testcase classname="test_store.{k}" name="test_merge_keeps_kind">'
            + ('<failure message="AssertionError: not a SubStore"/>' if k in failed else "")
            + "</testcase>" for k in ("StoreTests", "SubStoreTests")) + "</testsuite>"
    cases = [TestCase("test_store.py", "SharedTests::test_merge_keeps_kind", 1, "")]
    aliases = {cases[0].test_id: ("test_store.py::StoreTests::test_merge_keeps_kind",
                                  "test_store.py::SubStoreTests::test_merge_keeps_kind")}
    one = runner_output.parse("junit", junit(("SubStoreTests",))).tests
    assert outcomes.failed(one, cases, aliases) == {
        "test_store.py::SharedTests::test_merge_keeps_kind": (
            "failed in this run (under `SubStoreTests`, passed under `StoreTests`: "
            "AssertionError: not a SubStore)")}
    both = runner_output.parse("junit", junit(("StoreTests", "SubStoreTests"))).tests
    assert outcomes.failed(both, cases, aliases) == {
        "test_store.py::SharedTests::test_merge_keeps_kind": (
            "failed in this run (AssertionError: not a SubStore)")}


def test_a_go_test_whose_every_subtest_was_skipped_did_not_run() -> None:
    """Said so, not "reported skipped": go reports the test itself passed, as the run's count
    says (columnize's `TestMergeConfig`, `t.Skip` in its `t.Run`: "15 passed, 4 skipped")."""
    tests = [runner_output.TestOutcome("TestFirst", "passed", "example.com/m"),
             runner_output.TestOutcome("TestFirst/one", "skipped", "example.com/m"),
             runner_output.TestOutcome("TestMixed", "passed", "example.com/m"),
             runner_output.TestOutcome("TestMixed/one", "skipped", "example.com/m"),
             runner_output.TestOutcome("TestMixed/two", "passed", "example.com/m"),
             runner_output.TestOutcome("TestFirstly/one", "skipped", "example.com/m")]
    cases = [TestCase("o_test.go", n, 1, "") for n in ("TestFirst", "TestMixed", "TestPlain")]
    assert outcomes.not_run(tests, cases) == {
        "o_test.go::TestFirst": "reported passed by the runner with every subtest skipped: none "
                                "of its checks ran"}



def test_the_subtests_of_a_go_test_the_runner_skipped_are_named_as_its_source_writes_them() -> None:
    """`go test` reports a subtest `TestX/name` with its spaces as underscores; a test whose
    every subtest was skipped is `not_run`'s, one with none skipped has none."""
    body = ('func TestRows(t *testing.T) {\n\tfor _, tc := range []struct{ name string }{\n'
            '\t\t{name: "peek keeps order"},\n\t\t{name: "contains keeps order"},\n\t} {\n'
            '\t\tt.Run(tc.name, func(t *testing.T) {})\n\t}\n}\n')
    cases = [TestCase("o_test.go", "TestRows", 1, body),
             TestCase("o_test.go", "TestAll", 9, body.replace("TestRows", "TestAll"))]
    tests = [runner_output.TestOutcome("TestRows", "passed", "example.com/m"),
             runner_output.TestOutcome("TestRows/peek_keeps_order", "skipped", "example.com/m"),
             runner_output.TestOutcome("TestRows/contains_keeps_order", "passed",
                                       "example.com/m"),
             runner_output.TestOutcome("TestAll", "passed", "example.com/m"),
             runner_output.TestOutcome("TestAll/peek_keeps_order", "skipped", "example.com/m"),
             runner_output.TestOutcome("TestAll/contains_keeps_order", "skipped",
                                       "example.com/m")]
    assert outcomes.skipped_subtests(tests, cases) == {
        "o_test.go::TestRows": ("peek keeps order",)}
    assert outcomes.skipped_subtests(tests[:1], cases) == {}

def test_a_skipped_subtests_reason_and_line_are_what_the_runner_said() -> None:
    """ksuid's `TestCompressedSet` runs scenarios as function values, one skipping at line 265
    of its file: the reason and that line are the runner's (`set_test.go:265: ...`); a skip
    said in another file has no line of this one, a bare skip no reason."""
    body = ('func TestSet(t *testing.T) {\n\tfor _, tc := range []struct{ name string }{\n'
            '\t\t{name: "a"}, {name: "b"}, {name: "c"}, {name: "d"},\n\t} {\n'
            '\t\tt.Run(tc.name, func(t *testing.T) {})\n\t}\n}\n')
    cases = [TestCase("pkg/set_test.go", "TestSet", 1, body)]
    tests = [runner_output.TestOutcome("TestSet", "passed", "example.com/m/pkg"),
             runner_output.TestOutcome("TestSet/a", "skipped", "example.com/m/pkg",
                                       message="set_test.go:265: needs a bigger set"),
             runner_output.TestOutcome("TestSet/b", "skipped", "example.com/m/pkg",
                                       message="helpers_test.go:9: later"),
             runner_output.TestOutcome("TestSet/c", "skipped", "example.com/m/pkg"),
             runner_output.TestOutcome("TestSet/d", "passed", "example.com/m/pkg")]
    assert outcomes.skipped_subtest_reasons(tests, cases) == {
        "pkg/set_test.go::TestSet/a": ("pkg/set_test.go:265: needs a bigger set", 265),
        "pkg/set_test.go::TestSet/b": ("pkg/helpers_test.go:9: later", None)}


def test_a_skipped_subtest_of_a_positional_table_row_is_named_as_the_runner_names_it() -> None:
    """goutils' check of empty strings: a table of `{"swap case", SwapCase("")}` rows run by
    `t.Run(c.name, ...)`, one of them skipped: the source writes no `name:`, the runner's name
    still says which subtest checked nothing."""
    body = ('func TestEmpty(t *testing.T) {\n\tfor _, c := range []struct{ name, got string }{\n'
            '\t\t{"wrap", Wrap("", 3)},\n\t\t{"swap case", SwapCase("")},\n\t} {\n'
            '\t\tt.Run(c.name, func(t *testing.T) {\n\t\t\tif c.name == "swap case" {\n'
            '\t\t\t\tt.Skip("later")\n\t\t\t}\n\t\t})\n\t}\n}\n')
    cases = [TestCase("e_test.go", "TestEmpty", 1, body)]
    tests = [runner_output.TestOutcome("TestEmpty", "passed", "example.com/m"),
             runner_output.TestOutcome("TestEmpty/wrap", "passed", "example.com/m"),
             runner_output.TestOutcome("TestEmpty/swap_case", "skipped", "example.com/m")]
    assert outcomes.skipped_subtests(tests, cases) == {"e_test.go::TestEmpty": ("swap_case",)}


# golang-lru's Peek and Contains tests as one table run by `t.Run(tc.name, ...)`, its peek row
# made to expect 2, and a subtest of its own beside them
LRU_TABLE = """package lru

import "testing"

func TestNoRecentness(t *testing.T) {
	tests := []struct {
		name string
		want int
	}{
		{name: "peek returns the value", want: 2},
		{name: "contains reports the key", want: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := 1; got != tc.want {
				t.Errorf("got %d, want %d", got, tc.want)
			}
		})
	}
	t.Run("empty cache", func(t *testing.T) {})
}
"""


def _go_test_json(tmp_path: Path, name: str, test_file: str
                  ) -> tuple[runner_output.TestOutcome, ...]:
    """`go test -json ./...` run for real over a module of one test file `<name>_test.go`
    whose tests fail, its outcomes as the runner reports them."""
    from gaia_lib.core.proc import run_tool

    go = need("go", "go is not installed")
    root = tmp_path / name
    root.mkdir()
    (root / "go.mod").write_text(f"module example.com/{name}\n\ngo 1.19\n")
    (root / f"{name}_test.go").write_text(test_file)
    env = {"PATH": f"{Path(go).parent}:/usr/bin:/bin", "HOME": str(tmp_path),
           "GOCACHE": str(tmp_path / "gocache"), "GOFLAGS": "-mod=mod",
           "GOTOOLCHAIN": "local", "GOPATH": str(tmp_path / "gopath")}
    result = run_tool([go, "test", "-json", "./..."], cwd=root, env=env, timeout=300)
    assert result.returncode == 1, result.stderr
    return runner_output.parse_go_test_json(result.stdout).tests


ROUTER_PANICS = """package router

import "testing"

func TestRouterParams(t *testing.T) {}

func TestRouterMethods(t *testing.T) {
\tvar handled map[string]bool
\thandled["GET"] = true
}

func TestRouterRedirects(t *testing.T) {}

func TestRouterNotFound(t *testing.T) {}
"""


def test_the_go_tests_a_panic_kept_from_running_say_so(tmp_path: Path) -> None:
    """httprouter's method test made to write to a nil map: the panic ends the package's test
    binary, and the tests after it have no outcome. They never ran because of the panic, which
    is what a reader needs, not that the report left them out."""
    cases = split_tests("router_test.go", ROUTER_PANICS)
    tests = _go_test_json(tmp_path, "router", ROUTER_PANICS)
    why = ("never run: the run ended when TestRouterMethods panicked (panic: assignment to "
           "entry in nil map [recovered])")
    assert outcomes.never_ran(tests, cases, ["router_test.go"]) == {
        "router_test.go::TestRouterRedirects": why, "router_test.go::TestRouterNotFound": why}


CONFIG_EXITS = """package config

import (
\t"log"
\t"testing"
)

func load(path string) string {
\tif path == "" {
\t\tlog.Fatal("config: no path given")
\t}
\treturn path
}

func TestParsePort(t *testing.T) {
\tt.Parallel()
\tif load("a") != "a" {
\t\tt.Error("wrong")
\t}
}

func TestLoadEmpty(t *testing.T) {
\tload("")
}

func TestLoadNamed(t *testing.T) {}
"""


def test_the_go_tests_a_binary_exiting_kept_from_running_say_so(tmp_path: Path) -> None:
    """A config loader's serial test whose code calls `log.Fatal`: the test binary exits
    while it runs, the parallel test before it paused at `t.Parallel()` and the serial one
    after it never ran. They had read as failed ("go test -json gave no result for it") and
    as "no outcome for it"; both never ran because the binary exited during that test."""
    cases = split_tests("config_test.go", CONFIG_EXITS)
    tests = _go_test_json(tmp_path, "config", CONFIG_EXITS)
    assert [(t.name, t.outcome) for t in tests] == [("TestLoadEmpty", runner_output.ERROR)]
    why = outcomes.never_ran(tests, cases, ["config_test.go"])
    assert sorted(why) == ["config_test.go::TestLoadNamed", "config_test.go::TestParsePort"]
    assert all(text.startswith("never run: the test binary exited while TestLoadEmpty ran (")
               and text.endswith("config: no path given)") for text in why.values())


def test_a_go_package_of_a_module_in_a_subdirectory_is_its_directory() -> None:
    """httprouter kept in `services/router`: `go test -json` names its tests' package
    `github.com/julienschmidt/httprouter`, which no suffix of `services/router` matches, and
    every test read as never run. By its go.mod the package is that directory, and a test
    of it is its file's; a file and a package of no known module stay as reported."""
    router = gomod.Module("github.com/julienschmidt/httprouter", "services/router")
    tests = (runner_output.TestOutcome("TestRouter", "passed", "github.com/julienschmidt/httprouter"),
             runner_output.TestOutcome("TestOther", "passed", "example.com/other"),
             runner_output.TestOutcome("test_a", "passed", "tests/test_a.py"))
    placed = outcomes.in_directories(tests, (router,))
    assert [t.file for t in placed] == ["services/router", "example.com/other", "tests/test_a.py"]
    cases = [TestCase("services/router/router_test.go", "TestRouter", 48, "")]
    assert outcomes.never_ran(tests, cases, ["services/router/router_test.go"]) == {
        "services/router/router_test.go::TestRouter":
            "never run: the runner's report has no outcome for it"}
    assert outcomes.never_ran(placed, cases, ["services/router/router_test.go"]) == {}
    assert outcomes.in_files(placed, cases)[0].file == "services/router/router_test.go"


def test_a_go_tests_subtests_are_its_instances_as_a_real_run_reports_them(
        tmp_path: Path) -> None:
    """`go test -json` reports each row of a table run by `t.Run(tc.name, ...)` and each
    `t.Run("...")` as `TestX/name` (spaces as `_`): each is one of the test's instances, by
    the name its source writes, with its outcome."""
    cases = split_tests("lru_test.go", LRU_TABLE)
    tests = outcomes.in_files(_go_test_json(tmp_path, "lru", LRU_TABLE), cases)
    assert outcomes.instances(tests, cases) == {"lru_test.go::TestNoRecentness": (
        ("empty cache", "passed"), ("peek returns the value", "failed"),
        ("contains reports the key", "passed"))}
    assert outcomes.failed(tests, cases) == {
        "lru_test.go::TestNoRecentness": "failed in this run (lru_test.go:16: got 1, want 2)"}


def test_a_named_file_whose_test_has_no_outcome_never_ran() -> None:
    """Go leaves out a file behind a build tag, or a `Testlower` name; pytest a function its
    config does not collect: the report has no outcome for them."""
    tests = [runner_output.TestOutcome("TestRan", "passed", "example.com/m"),
             runner_output.TestOutcome("test_ran", "passed", "tests/test_a.py")]
    cases = [TestCase("a_test.go", "TestRan", 1, ""),
             TestCase("tagged_test.go", "TestTagged", 1, ""),
             TestCase("tests/test_a.py", "test_ran", 1, ""),
             TestCase("tests/test_a.py", "test_uncollected", 5, ""),
             TestCase("tests/test_other.py", "test_not_named", 1, "")]
    named = ["a_test.go", "tagged_test.go", "tests/test_a.py"]
    assert sorted(outcomes.never_ran(tests, cases, named)) == [
        "tagged_test.go::TestTagged", "tests/test_a.py::test_uncollected"]
    assert outcomes.never_ran(tests, cases, []) == {}


def test_a_js_test_never_ran_when_no_outcome_of_its_file_ends_with_its_literal_title() -> None:
    """A group's name may be made at run time (`describe(Service.name, ...)`): a title written
    as a string, or a file with no outcome at all, says a test never ran
    (`if (process.env.X) it("...")` registers nothing); a title made by code says nothing."""
    tests = [runner_output.TestOutcome("Service rejects x", "passed", "/p/src/c.test.ts")]
    cases = [TestCase("src/c.test.ts", "rejects x", 3, '  it("rejects x", () => {'),
             TestCase("src/c.test.ts", "codes > rejects ${name}", 5,
                      "  it(`rejects ${name}`, () => {"),
             TestCase("src/c.test.ts", "codes > accepts y", 7,
                      "  if (process.env.RUN) it('accepts y', () => {"),
             TestCase("src/c.test.ts", "t.input + 'z'", 9, "  it(t.input + 'z', () => {"),
             TestCase("src/d.test.ts", "codes > keeps ${x}", 3, "  it(`keeps ${x}`, () => {"),
             # a backtick is text in a title quoted otherwise (cookie-es's `allowMultiple`)
             TestCase("src/c.test.ts", "codes > keeps `many` set", 11,
                      '  if (Date.now() < 0) { it("keeps `many` set", () => {')]
    files = ["src/c.test.ts", "src/d.test.ts"]
    assert sorted(outcomes.never_ran(tests, cases, files)) == [
        "src/c.test.ts::codes > accepts y", "src/c.test.ts::codes > keeps `many` set",
        "src/d.test.ts::codes > keeps ${x}"]
    ran = [*tests, runner_output.TestOutcome("codes keeps `many` set", "passed", "/p/src/c.test.ts")]
    assert "src/c.test.ts::codes > keeps `many` set" not in outcomes.never_ran(ran, cases, files)



def test_a_js_table_test_whose_template_names_no_outcome_of_its_file_never_ran() -> None:
    """`it.each(cases)("... (%o)")` over a table empty at run time runs no row: no outcome of
    its file, which ran, is a name its template makes. A marker stands for any text (vitest's
    `%o` over lines, an empty `%s`), a template literal's `${...}` for its code's value; a
    title all markers, with an escape or with code the markers do not span says nothing."""
    def case(title: str, declared: str) -> TestCase:
        return TestCase("test/d.test.ts", f"defu > {title}", 3, f"  {declared} => {{")

    tests = [runner_output.TestOutcome("defu merges {\n  a: 1\n} into { b: 2 }", "passed",
                                       "/p/test/d.test.ts"),
             runner_output.TestOutcome("defu fills  an empty object", "passed",
                                       "/p/test/d.test.ts"),
             runner_output.TestOutcome("defu adds 3 to 1 (row 1)", "passed", "/p/test/d.test.ts")]
    cases = [case("should copy only missing properties defaults (%o)",
                  'it.each(cases)("should copy only missing properties defaults (%o)", (a)'),
             case("merges %o into %o", 'it.each(rows)("merges %o into %o", (a, b)'),
             case("fills %s an empty object", "it.each(rows)('fills %s an empty object', (a)"),
             case("adds $b to $a (row $#)", 'it.each`...`("adds $b to $a (row $#)", (a)'),
             case("keeps ${a + b} in %$", "it.each(rows)(`keeps ${a + b} in %$`, (a)"),
             case("%s", 'it.each(rows)("%s", (a)'),
             case("splits \\n %s", 'it.each(rows)("splits \\n %s", (a)'),
             case("wraps ${f({a})} %s", "it.each(rows)(`wraps ${f({a})} %s`, (a)")]
    assert outcomes.never_ran(tests, cases, ["test/d.test.ts"]) == {
        "test/d.test.ts::defu > should copy only missing properties defaults (%o)":
            "never run: the runner's report has no outcome for it",
        "test/d.test.ts::defu > keeps ${a + b} in %$":
            "never run: the runner's report has no outcome for it"}

COLLECTION_ERROR = """<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests">
<testsuite name="pytest" errors="1" failures="0" skipped="0" tests="1">
<testcase classname="" name="tests.test_syntax" time="0.000">
<error message="collection failure">_pytest/python.py:528: in importtestmodule
    mod = import_path(
E     File "/p/tests/test_syntax.py", line 3
E       def test_days(:
E                     ^
E   SyntaxError: invalid syntax</error></testcase></testsuite></testsuites>"""


def test_a_test_in_a_module_the_runner_could_not_collect_says_why() -> None:
    """pytest names the module it could not import; the error, with where it is (the
    syntax error's line, or the module's own frame of the import error)."""
    counts = runner_output.parse_junit_xml(COLLECTION_ERROR)
    assert [(o.name, o.outcome, o.message) for o in counts.tests] == [
        ("tests.test_syntax", "error", "SyntaxError: invalid syntax (tests/test_syntax.py:3)")]
    cases = split_tests("tests/test_syntax.py", "def test_days():\n    assert days() == 1\n")
    assert outcomes.never_ran(counts.tests, cases, ["tests/test_syntax.py"]) == {
        "tests/test_syntax.py::test_days": "never run: its file could not be collected "
                                           "(SyntaxError: invalid syntax (tests/test_syntax.py:3))"}
    imported = COLLECTION_ERROR.replace('E     File "/p/tests/test_syntax.py", line 3\n', "").replace(
        "E       def test_days(:\nE                     ^\nE   SyntaxError: invalid syntax",
        "tests/test_syntax.py:1: in &lt;module&gt;\n    import nope\n"
        "E   ModuleNotFoundError: No module named 'nope'")
    (outcome,) = runner_output.parse_junit_xml(imported).tests
    assert outcome.message == "ModuleNotFoundError: No module named 'nope' (tests/test_syntax.py:1)"


def test_a_collection_error_stops_the_run_before_the_other_files_tests() -> None:
    # pytest stops at a collection error: a test of another file never ran because of it
    counts = runner_output.parse_junit_xml(COLLECTION_ERROR)
    cases = split_tests("tests/test_other.py", "def test_hours():\n    assert hours() == 1\n")
    assert outcomes.never_ran(counts.tests, cases, ["tests/test_other.py"]) == {
        "tests/test_other.py::test_hours": "never run: the run stopped at the collection "
                                           "error of tests/test_syntax.py"}
    # with a test of another file reported, the run went on: that file's tests have no
    # outcome for some other reason
    went_on = COLLECTION_ERROR.replace(
        "</testsuite>", '<testcase classname="tests.test_more" name="test_x" time="0"/>'
                        "</testsuite>")
    assert outcomes.never_ran(runner_output.parse_junit_xml(went_on).tests, cases,
                              ["tests/test_other.py"]) == {
        "tests/test_other.py::test_hours": "never run: the runner's report has no outcome "
                                           "for it"}


MODULE_SKIPPED = """<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests">
<testsuite name="pytest" errors="0" failures="0" skipped="1" tests="1">
<testcase classname="" name="tests.test_colors" time="0.000">
<skipped message="collection skipped">('/p/tests/test_colors.py', 12, 'unittest.case.SkipTest: \
whole module disabled')</skipped></testcase></testsuite></testsuites>"""


def test_a_test_of_a_module_skipped_whole_was_skipped_and_says_why() -> None:
    counts = runner_output.parse_junit_xml(MODULE_SKIPPED.replace("\\\n", ""))
    assert [(o.name, o.outcome, o.message) for o in counts.tests] == [
        ("tests.test_colors", "skipped", "whole module disabled")]
    cases = split_tests("tests/test_colors.py", "def test_hex():\n    assert hex() == 1\n")
    assert outcomes.never_ran(counts.tests, cases, ["tests/test_colors.py"]) == {
        "tests/test_colors.py::test_hex": "reported skipped by the runner: its whole file "
                                          "(whole module disabled)"}


def test_a_module_importorskip_skipped_says_what_it_could_not_import() -> None:
    """`pytest.importorskip("hypothesis")` at a module's top, the package not installed:
    pytest's reason holds quotes (`could not import 'hypothesis': ...`), and its tests had
    read "reported skipped by the runner: its whole file" with no reason."""
    skipped = MODULE_SKIPPED.replace("\\\n", "").replace(
        "'unittest.case.SkipTest: whole module disabled'",
        "\"Skipped: could not import 'hypothesis': No module named 'hypothesis'\"")
    counts = runner_output.parse_junit_xml(skipped)
    assert [(o.name, o.outcome, o.message) for o in counts.tests] == [
        ("tests.test_colors", "skipped",
         "could not import 'hypothesis': No module named 'hypothesis'")]
    # a text that is no such tuple gives no reason rather than a wrong one
    garbled = skipped.replace("('/p/tests/test_colors.py', 12, ", "(")
    assert [o.message for o in runner_output.parse_junit_xml(garbled).tests] == [None]


def test_a_unittest_classs_tests_a_cut_off_run_finished_ran_as_its_junit_report_says() -> None:
    """The plugin's progress log names a class's test by its node id (`tests.py::Spec::
    test_eol`): read as JUnit names it, the tests the run finished ran, the one it was still
    running failed, and only the one it never reached never ran."""
    source = ("import unittest\n\n\nclass Spec(unittest.TestCase):\n"
              "    def test_eol(self):\n        self.assertTrue(1)\n\n"
              "    def test_hangs(self):\n        self.assertTrue(1)\n\n"
              "    def test_unreached(self):\n        self.assertTrue(1)\n")
    cases = split_tests("tests.py", source)
    log = ("> tests.py::Spec::test_eol\n< tests.py::Spec::test_eol\n"
           "> tests.py::Spec::test_hangs\n")
    hung = [runner_output.pytest_test(nodeid, runner_output.ERROR, runner_output.STILL_RUNNING)
            for nodeid in runner_output.pytest_still_running(log)]
    ran = [*runner_output.pytest_finished(log), *hung]
    assert [c.test_id for c in cases] == ["tests.py::Spec::test_eol", "tests.py::Spec::test_hangs",
                                          "tests.py::Spec::test_unreached"]
    assert list(outcomes.reported(ran, cases)) == ["tests.py::Spec::test_eol",
                                                   "tests.py::Spec::test_hangs"]
    assert list(outcomes.never_ran(ran, cases, ["tests.py"])) == ["tests.py::Spec::test_unreached"]
    # cut off by the time limit, not failed by its runner: it did not finish
    assert outcomes.failed(ran, cases) == {"tests.py::Spec::test_hangs": (
        "did not finish in this run (still running when the run hit its time limit)")}
    # a test in error for any other reason failed
    crashed = [runner_output.pytest_test("tests.py::Spec::test_hangs", runner_output.ERROR,
                                         "fixture 'db' not found")]
    assert outcomes.failed(crashed, cases) == {
        "tests.py::Spec::test_hangs": "failed in this run (fixture 'db' not found)"}


def test_a_go_tests_package_is_named_by_the_file_declaring_it() -> None:
    """`go test -json` names a test's package; the review names a test by its file: the
    `_test.go` file of the discovered test (a subtest's test's), in that package's directory."""
    cases = [*split_tests("semver_test.go", "package semver\n\n"
                          "func TestParse(t *testing.T) {}\n\nfunc TestTwice(t *testing.T) {}\n"),
             *split_tests("ext_test.go", "package semver_test\n\nfunc TestTwice(t *testing.T) {}\n"),
             *split_tests("sub/x_test.go", "package sub\n\nfunc TestParse(t *testing.T) {}\n"),
             TestCase("tests/test_a.py", "test_a", 1, "")]
    ran = [runner_output.TestOutcome("TestParse", runner_output.FAILED, "example.com/semver", "no"),
           runner_output.TestOutcome("TestParse/case", runner_output.FAILED, "example.com/semver"),
           runner_output.TestOutcome("TestParse", runner_output.PASSED, "example.com/semver/sub"),
           # two files of the package declare it (its own and its `_test` package's)
           runner_output.TestOutcome("TestTwice", runner_output.FAILED, "example.com/semver"),
           # no discovered test declares it
           runner_output.TestOutcome("TestOther", runner_output.FAILED, "example.com/semver"),
           runner_output.TestOutcome("test_a", runner_output.FAILED, "tests/test_a.py")]
    assert [(t.name, t.file, t.message) for t in outcomes.in_files(ran, cases)] == [
        ("TestParse", "semver_test.go", "no"), ("TestParse/case", "semver_test.go", None),
        ("TestParse", "sub/x_test.go", None), ("TestTwice", "example.com/semver", None),
        ("TestOther", "example.com/semver", None), ("test_a", "tests/test_a.py", None)]


def test_a_go_test_failed_by_its_subtest_says_the_subtests_failure() -> None:
    cases = split_tests("ord_test.go", "package ord\n\nfunc TestTable(t *testing.T) {}\n")
    ran = [runner_output.TestOutcome("TestTable/two", runner_output.FAILED, "example.com/ord",
                                     "ord_test.go:9: got 2st"),
           runner_output.TestOutcome("TestTable", runner_output.FAILED, "example.com/ord")]
    assert outcomes.failed(ran, cases) == {
        "ord_test.go::TestTable": "failed in this run (ord_test.go:9: got 2st)"}


def test_a_parametrised_tests_instances_are_its_rows_in_the_runners_order() -> None:
    """isodate trial 15: a row of test_parse skipped, the others passed; a test without
    instances has none."""
    tests = [runner_output.TestOutcome("test_parse[P2W-expectation0]", "passed", "tests/t.py"),
             runner_output.TestOutcome("test_parse[-P2W-expectation1]", "skipped",
                                       "tests/t.py", "tz"),
             runner_output.TestOutcome("test_plain", "passed", "tests/t.py")]
    cases = [TestCase("tests/t.py", n, 1, "") for n in ("test_parse", "test_plain")]
    assert outcomes.instances(tests, cases) == {"tests/t.py::test_parse": (
        ("P2W-expectation0", "passed"), ("-P2W-expectation1", "skipped"))}


def test_a_table_tests_rows_under_a_group_named_by_code_are_its() -> None:
    """`describe(Service.name, () => { it.each(rows)("keeps %s values") })`: the review reads
    no group, the runner names one; a title writing out enough of itself is met under it,
    and a group the review read must be the row's innermost one."""
    cases = [TestCase("t/x.test.ts", "keeps %s values", 3, ""),
             TestCase("t/x.test.ts", "inner > %s", 9, "")]
    tests = [runner_output.TestOutcome("Service keeps 1 values", "skipped", "t/x.test.ts",
                                       path=("Service", "keeps 1 values")),
             runner_output.TestOutcome("Service inner x", "skipped", "t/x.test.ts",
                                       path=("Service", "inner", "x")),
             runner_output.TestOutcome("inner Service y", "passed", "t/x.test.ts",
                                       path=("inner", "Service", "y"))]
    assert outcomes.not_run(tests, cases) == {
        "t/x.test.ts::keeps %s values": "reported skipped by the runner (skip / xfail / todo)"}


TWIN_TABLES = '''import { describe, test, expect } from "vitest";
import { splitByCase } from "../src";

describe("splitByCase", () => {
  test.each([
    ["FooBarBaz", ["Foo", "Bar", "Baz"]],
    ["WWW-authenticate", ["WWW", "authenticate"]],
  ])("%s => %s", (input, expected) => {
    expect(splitByCase(input)).toMatchObject(expected);
  });

  test.skip.each([
    ["fooBar", ["foo", "Bar"]],
  ])("%s => %s", (input, expected) => {
    expect(splitByCase(input, ["-"])).toMatchObject(expected);
  });
});
'''


def test_two_tables_of_one_template_in_one_group_are_told_apart_by_their_rows_lines() -> None:
    """unjs/scule's splitByCase: two `test.each(...)("%s => %s")` in one group, the second
    skipped. The runner says on which line each row was declared (jest's and vitest's
    `location`: the call of its name, after its table): the skipped rows are the second
    table's alone, so it did not run and the first did; a failed row fails its own table.
    Without lines, each table holds the rows of both, as before."""
    cases = split_tests("test/scule.test.ts", TWIN_TABLES)
    assert [(c.test_id, c.line) for c in cases] == [
        ("test/scule.test.ts::splitByCase > %s => %s", 5),
        ("test/scule.test.ts::splitByCase > %s => %s #2", 12)]
    rows = [("FooBarBaz => [ 'Foo', 'Bar', 'Baz' ]", "passed", 8),
            ("WWW-authenticate => [ 'WWW', 'authenticate' ]", "failed", 8),
            ("fooBar => [ 'foo', 'Bar' ]", "skipped", 14)]
    tests = [runner_output.TestOutcome(f"splitByCase {title}", outcome, "test/scule.test.ts",
                                       "boom" if outcome == "failed" else None,
                                       ("splitByCase", title), line=line)
             for title, outcome, line in rows]
    assert list(outcomes.not_run(tests, cases)) == [
        "test/scule.test.ts::splitByCase > %s => %s #2"]
    assert list(outcomes.failed(tests, cases)) == ["test/scule.test.ts::splitByCase > %s => %s"]
    assert outcomes.instances(tests, cases)["test/scule.test.ts::splitByCase > %s => %s #2"] == (
        ("fooBar => [ 'foo', 'Bar' ]", "skipped"),)
    # a line in no test's source (a helper that makes tests) tells nothing: both hold all
    elsewhere = [replace(test, line=40) for test in tests]
    assert outcomes.not_run(elsewhere, cases) == {}
    assert sorted(outcomes.failed(elsewhere, cases)) == [
        "test/scule.test.ts::splitByCase > %s => %s", "test/scule.test.ts::splitByCase > %s => %s #2"]
    unplaced = [replace(test, line=None) for test in tests]
    assert outcomes.not_run(unplaced, cases) == {}


GET_QUERY = """import { describe, expect, test } from "vitest";
import { getQuery } from "../src";

describe("getQuery", () => {
  const tests = {
    "http://foo.com/?param=": { param: "" },
    "http://foo.com/?toString=foo": { toString: "foo" },
  };

  for (const t in tests) {
    test(t, () => {
      expect(getQuery(t)).toMatchObject(tests[t]);
    });
  }

  test("keeps an empty query", () => {
    expect(getQuery("/")).toEqual({});
  });
});
"""


def test_a_js_test_named_by_its_code_has_the_rows_declared_on_its_line() -> None:
    """ufo's `getQuery` loop, `test(t, ...)` over a table's keys: the runner names each row
    by the URL the code made its title (`getQuery > http://foo.com/?param=`), which no
    name the source writes matches, so its failed row failed no test of the review's (the
    run failed, no test said which). vitest says each row was declared on the line of that
    `test(` call: those rows are the test's, a failed one fails it, by its title; all of
    them skipped, it did not run. The group's test written out keeps its own outcome."""
    file = "test/query.test.ts"
    looped, written = split_tests(file, GET_QUERY)
    assert (looped.name, looped.line) == ("getQuery > t", 11)
    rows = [("http://foo.com/?param=", "passed", 11),
            ("http://foo.com/?toString=foo", "failed", 11),
            ("keeps an empty query", "passed", 16)]
    tests = [runner_output.TestOutcome(f"getQuery {title}", outcome, f"/p/{file}",
                                       "boom" if outcome == "failed" else None,
                                       ("getQuery", title), line=line)
             for title, outcome, line in rows]
    assert outcomes.failed(tests, [looped, written]) == {
        looped.test_id: "failed in this run (row `http://foo.com/?toString=foo`: boom)"}
    skipped = [replace(t, outcome="skipped", message=None) if t.line == 11 else t
               for t in tests]
    assert list(outcomes.not_run(skipped, [looped, written])) == [looped.test_id]
    assert outcomes.failed(skipped, [looped, written]) == {}
    # without the lines a runner may not report, nothing names its rows, as before
    assert outcomes.failed([replace(t, line=None) for t in tests], [looped, written]) == {}


def test_a_row_of_a_table_read_as_tests_has_its_own_outcome() -> None:
    """cron-parser's compactField table of array rows, a test a row (`testcases`): jest's
    outcome for a row (`compactField empty array`) is that row's test's alone, so a failed
    row fails its test and no other, and a row the runner skipped is the one not run."""
    source = """describe("compactField", () => {
  test.each([
    ['empty array', [], []],
    ['single element array', [1], [{ start: 1, count: 1 }]],
    ['with chars', ['L'], [{ start: 'L', count: 1 }]],
  ])('%s', (_title, values, expected) => {
    expect(compactField(values)).toEqual(expected);
  });
});
"""
    cases = split_tests("tests/compact.test.ts", source)
    tests = [runner_output.TestOutcome(f"compactField {title}", outcome, "tests/compact.test.ts",
                                       "boom" if outcome == "failed" else None,
                                       ("compactField", title), line=6)
             for title, outcome in (("empty array", "passed"), ("single element array", "failed"),
                                    ("with chars", "skipped"))]
    assert list(outcomes.failed(tests, cases)) == [
        "tests/compact.test.ts::compactField > single element array"]
    assert list(outcomes.not_run(tests, cases)) == [
        "tests/compact.test.ts::compactField > with chars"]


def test_the_tests_a_focused_group_keeps_from_running_say_so() -> None:
    """ts-dedent's spec with `describe.only` on its first group: jest runs that group's tests
    and reports the others skipped, with no reason. The group's line is in no test's own text:
    it is read in the file's. A commented-out `describe.only`, or one in a file the caller
    has no text of, focuses nothing."""
    spec = "src/__tests__/index.spec.ts"
    text = ("import dedent from '..';\n\n"
            "describe.only('dedent tag', () => {\n"
            "  it('should work with empty string', () => {\n"
            "    expect(dedent``).toEqual('');\n  });\n});\n\n"
            "describe('dedent() function', () => {\n"
            "  it('should work with tabs', () => {\n    expect(1).toBe(1);\n  });\n});\n")
    cases = [TestCase(spec, "dedent tag > should work with empty string", 4,
                      "  it('should work with empty string', () => {\n"
                      "    expect(dedent``).toEqual('');\n  });\n"),
             TestCase(spec, "dedent() function > should work with tabs", 10,
                      "  it('should work with tabs', () => {\n    expect(1).toBe(1);\n  });\n"),
             TestCase("b.spec.ts", "keeps only the last", 3,
                      "it('keeps only the last', () => {\n});\n")]
    tests = [runner_output.TestOutcome("dedent tag should work with empty string", "passed",
                                       "/p/" + spec),
             runner_output.TestOutcome("dedent() function should work with tabs", "skipped",
                                       "/p/" + spec),
             runner_output.TestOutcome("keeps only the last", "skipped", "/p/b.spec.ts")]
    texts = {spec: text, "b.spec.ts": "// describe.only('x', () => {})\n"
                                      "it('keeps only the last', () => {\n});\n"}
    assert outcomes.focused(cases, texts) == {spec: ("describe.only", 3)}
    assert outcomes.focused(cases) == {}
    assert outcomes.not_run(tests, cases, texts=texts) == {
        "b.spec.ts::keeps only the last": "reported skipped by the runner (skip / xfail / todo)",
        f"{spec}::dedent() function > should work with tabs":
            "not run: `describe.only` on line 3 of its file runs only the focused tests (jest "
            "and vitest skip the rest)"}


def test_the_tests_a_focus_picked_at_run_time_keeps_from_running_say_so() -> None:
    """A serializer's spec runs a table of cases through `let run = test; if (only) run =
    test.only;`: one case marked `only: true` made jest report every other test of the file
    skipped, with no reason, which the review had said were skipped by "skip / xfail /
    todo", none of which the file has. The file's `test.only` taken as a value is why."""
    spec = "src/index.test.ts"
    text = ("describe('round trip', () => {\n"
            "  for (const [name, { only }] of Object.entries(cases)) {\n"
            "    let run = test;\n"
            "    if (only) {\n"
            "      run = test.only;\n"
            "    }\n"
            "    run(name, () => {});\n"
            "  }\n"
            "  it('revives registered classes', () => {\n"
            "    expect(1).toBe(1);\n  });\n});\n")
    cases = [TestCase(spec, "round trip > revives registered classes", 9,
                      "  it('revives registered classes', () => {\n"
                      "    expect(1).toBe(1);\n  });\n")]
    tests = [runner_output.TestOutcome("round trip revives registered classes", "skipped",
                                       "/p/" + spec),
             runner_output.TestOutcome("round trip works for symbols", "passed", "/p/" + spec)]
    assert outcomes.focused(cases, {spec: text}) == {spec: ("test.only", 5)}
    assert outcomes.not_run(tests, cases, texts={spec: text}) == {
        f"{spec}::round trip > revives registered classes":
            "not run: `test.only` on line 5 of its file runs only the focused tests (jest and "
            "vitest skip the rest)"}
    called_elsewhere = text.replace("run = test.only;", "run = test;  // test.only(x) once")
    assert outcomes.focused(cases, {spec: called_elsewhere}) == {}


def test_the_tests_a_focused_test_keeps_from_running_say_so() -> None:
    """ts-dedent 2.3.0 with `it.only` left on one test of its spec: jest reports the file's
    other tests skipped, with no reason; the focused test is why, not a skip of their own.
    A file without a focused test keeps the runner's words; a commented-out `it.only` and a
    name that only says "only" focus nothing."""
    spec = "src/__tests__/index.spec.ts"
    cases = [TestCase(spec, "dedent tag > should work with empty string", 15,
                      "  it.only('should work with empty string', () => {\n"
                      "    expect(dedent``).toEqual('');\n  });\n"),
             TestCase(spec, "dedent tag > should work with tabs", 19,
                      "  it('should work with tabs', () => {\n    expect(1).toBe(1);\n  });\n"),
             TestCase("b.spec.ts", "keeps only the last", 3,
                      "// it.only('x')\nit('keeps only the last', () => {\n});\n")]
    tests = [runner_output.TestOutcome("dedent tag should work with empty string", "passed",
                                       "/p/" + spec),
             runner_output.TestOutcome("dedent tag should work with tabs", "skipped",
                                       "/p/" + spec),
             runner_output.TestOutcome("keeps only the last", "skipped", "/p/b.spec.ts")]
    assert outcomes.focused(cases) == {spec: ("it.only", 15)}
    assert outcomes.not_run(tests, cases) == {
        "b.spec.ts::keeps only the last": "reported skipped by the runner (skip / xfail / todo)",
        f"{spec}::dedent tag > should work with tabs":
            "not run: `it.only` on line 15 of its file runs only the focused tests (jest and "
            "vitest skip the rest)"}


def test_a_test_every_outcome_of_which_left_its_snapshot_unchecked_made_no_check() -> None:
    """htmlparser2's events tests, the `toMatchSnapshot()` of the function they call
    removed: the run left each test's first stored snapshot unchecked. Named by the test it
    is of."""
    text = ("describe('Events', () => {\n  it('simple', () => runTest('<h1>'));\n"
            "  it('lowercase', () => runTest('<H1>'));\n});\n")
    cases = split_tests("src/events.spec.ts", text)
    ran = [runner_output.TestOutcome("Events simple", runner_output.PASSED,
                                     "src/events.spec.ts", path=("Events", "simple"),
                                     unchecked_snapshot="Events > simple 1"),
           runner_output.TestOutcome("Events lowercase", runner_output.PASSED,
                                     "src/events.spec.ts", path=("Events", "lowercase"))]
    assert outcomes.unchecked_snapshots(ran, cases) == {
        "src/events.spec.ts::Events > simple": "Events > simple 1"}


def test_a_go_failure_is_at_the_line_its_message_names_in_the_tests_file() -> None:
    """goutils' TestUncapitalize made to expect `This is a.Test`: `go test` says
    `wordutils_test.go:131: ...`, and the finding is at that line, not the test's first; a
    table row's failure is its subtest's line; a line of another file is none of the test's."""
    cases = [TestCase("words_test.go", "TestLower", 124, ""),
             TestCase("words_test.go", "TestEmpty", 10, ""),
             TestCase("words_test.go", "TestHelped", 40, "")]
    tests = [runner_output.TestOutcome("TestLower", "failed", "example.com/m",
                                       "words_test.go:131: Lower(A) = A, want a"),
             runner_output.TestOutcome("TestEmpty/wrap", "failed", "example.com/m",
                                       "words_test.go:27: wrap of \"\" = \"x\""),
             runner_output.TestOutcome("TestEmpty", "failed", "example.com/m"),
             runner_output.TestOutcome("TestHelped", "failed", "example.com/m",
                                       "check_test.go:8: got 1, want 2")]
    assert outcomes.failed_lines(tests, cases) == {"words_test.go::TestLower": 131,
                                                   "words_test.go::TestEmpty": 27}


# go-runewidth with a console test of its Windows code, in the story's File List beside the
# POSIX tests: `go test` on Linux builds neither that file nor its test.
CONSOLE_GO = """//go:build windows && !appengine
// +build windows,!appengine

package runewidth

import "testing"

func TestConsoleIsEastAsian(t *testing.T) {
\tif IsEastAsian() != (codePage() == 932) {
\t\tt.Error("code page 932 is East Asian")
\t}
}
"""


def test_a_go_test_of_a_file_built_elsewhere_says_what_builds_it() -> None:
    """A Go test with no outcome whose file carries a build constraint says it (its
    `//go:build` line, else the GOOS or GOARCH its name ends in): it was most likely left out
    of this machine's build, which "the runner's report has no outcome for it" alone left a
    reader to guess. A file with no constraint keeps the plain reason."""
    ran = [runner_output.TestOutcome("TestIsEastAsian", "passed", "github.com/mattn/go-runewidth")]
    bare = CONSOLE_GO.split("\n", 3)[3]
    texts = {"runewidth_windows_test.go": CONSOLE_GO, "console_arm64_test.go": bare,
             "console_test.go": bare}
    cases = [case for path, text in texts.items() for case in split_tests(path, text)]
    why = outcomes.never_ran(ran, cases, list(texts), texts=texts)
    plain = "never run: the runner's report has no outcome for it"
    assert why == {
        "runewidth_windows_test.go::TestConsoleIsEastAsian":
            f"{plain} (its file is built only where `windows && !appengine` holds)",
        "console_arm64_test.go::TestConsoleIsEastAsian":
            f"{plain} (its name's `_arm64` builds it only for arm64)",
        "console_test.go::TestConsoleIsEastAsian": plain}


def test_a_go_failure_in_a_subpackage_names_its_file_from_the_projects_root() -> None:
    """golang-lru: `go test` said `lru_test.go:22: bad len: 128` of `simplelru`'s TestLRU,
    and the report repeated it, sending a reader to the root package's `lru_test.go`."""
    cases = split_tests("simplelru/lru_test.go",
                        "package simplelru\n\nfunc TestLRU(t *testing.T) {}\n")
    ran = [runner_output.TestOutcome("TestLRU", runner_output.FAILED, "simplelru/lru_test.go",
                                     "lru_test.go:22: bad len: 128")]
    assert outcomes.failed(ran, cases) == {
        "simplelru/lru_test.go::TestLRU": "failed in this run (simplelru/lru_test.go:22: bad "
                                          "len: 128)"}
    # a test of the root package, or a message naming no file, is said as `go test` said it
    assert outcomes.go_said_in_project("lru_test.go:9: got 2", "lru_test.go") == \
        "lru_test.go:9: got 2"
    assert outcomes.go_said_in_project("panic: nil map", "simplelru/lru_test.go") == \
        "panic: nil map"


def test_a_failed_method_is_not_said_of_a_method_of_that_name_in_another_class() -> None:
    """dictdiffer's `DiffPatcherTests::test_remove_set` failed; `DictDifferTests` of the same
    file has a `test_remove_set` too, which passed and is no failed test."""
    junit = """<testsuite>
<testcase classname="tests.test_sets.DiffTests" name="test_remove_set"/>
<testcase classname="tests.test_sets.PatchTests" name="test_remove_set">
<failure message="AssertionError: assert {1, 2} == {1}">tests/test_sets.py:12: AssertionError</failure>
</testcase>
<testcase classname="tests.test_sets" name="test_plain"/>
</testsuite>"""
    tests = runner_output.parse("junit", junit).tests
    cases = [TestCase("tests/test_sets.py", "DiffTests::test_remove_set", 3, ""),
             TestCase("tests/test_sets.py", "PatchTests::test_remove_set", 10, ""),
             TestCase("tests/test_sets.py", "test_plain", 20, "")]
    assert list(outcomes.failed(tests, cases)) == ["tests/test_sets.py::PatchTests::test_remove_set"]
    ran = outcomes.reported(tests, cases)
    assert [o.outcome for o in ran["tests/test_sets.py::DiffTests::test_remove_set"]] == ["passed"]
    assert len(ran["tests/test_sets.py::test_plain"]) == 1


def test_the_runs_of_a_test_called_through_a_name_bound_to_test_are_its_own() -> None:
    """superjson's `testFunc(testName, ...)` over `Object.entries(cases)`: jest reports each
    run under its key, declared on the call's line; the runs are that test's (the review
    had said the runner ran 33 tests it could not read)."""
    text = """describe("stringify & parse", () => {
  const cases = {
    "works for Maps": { input: new Map() },
    "works for symbols": { input: Symbol.for("a") },
  };
  for (const [testName, { input }] of Object.entries(cases)) {
    let testFunc = test;
    testFunc(testName, () => {
      expect(parse(stringify(input))).toEqual(input);
    });
  }
});
"""
    cases = split_tests("src/index.test.ts", text)
    runs = [runner_output.TestOutcome(f"stringify & parse {title}", "passed",
                                      "src/index.test.ts", None, ("stringify & parse", title),
                                      line=8)
            for title in ("works for Maps", "works for symbols")]
    assert {test: len(found) for test, found in outcomes.reported(runs, cases).items()} == {
        "src/index.test.ts::stringify & parse > testName": 2}
    assert outcomes.unread(runs, cases, ["src/index.test.ts"]) == {}


def test_a_js_title_with_an_escape_meets_the_outcomes_its_runner_names_without_it() -> None:
    """A link checker's spec: `` it(`refuses ${scheme} links led by non-\\w characters`) `` in
    a `describe.each(["ftp", "file"])` group, and `it("keeps \\"quoted\\" paths")`. vitest
    names them as JavaScript reads the strings (`non-w`, `"quoted"`); read as written, the
    rows had been tests the review cannot read, and a failed row a failure of no test."""
    source = ('describe("links", () => {\n'
              '  describe.each(["ftp", "file"])("%s", (scheme) => {\n'
              '    it(`refuses ${scheme} links led by non-\\w characters`, () => {\n'
              '      expect(check(`&*${scheme}:x`)).toBe(false);\n'
              '    });\n'
              '  });\n'
              '  it("keeps \\"quoted\\" paths", () => {\n'
              '    expect(check("/a\\"b")).toBe(true);\n'
              '  });\n'
              '});\n')
    cases = split_tests("src/links.test.ts", source)
    assert [c.name for c in cases] == [
        "links > %s > refuses ${scheme} links led by non-\\w characters",
        'links > keeps \\"quoted\\" paths']

    def ran(title: str, groups: tuple[str, ...], line: int, outcome: str = "passed",
            message: str | None = None) -> runner_output.TestOutcome:
        return runner_output.TestOutcome(" ".join((*groups, title)), outcome,
                                         "/p/src/links.test.ts", message,
                                         path=(*groups, title), line=line)

    reported = [ran("refuses ftp links led by non-w characters", ("links", "ftp"), 3),
                ran("refuses file links led by non-w characters", ("links", "file"), 3,
                    "failed", "expected true to be false"),
                ran('keeps "quoted" paths', ("links",), 7)]
    assert outcomes.unread(reported, cases, ["src/links.test.ts"]) == {}
    assert outcomes.failed(reported, cases) == {
        "src/links.test.ts::links > %s > refuses ${scheme} links led by non-\\w characters":
            "failed in this run (row `file > refuses file links led by non-w characters`: "
            "expected true to be false)"}


def test_a_collection_error_under_xunit1_says_the_same_of_the_tests_it_kept_from_running() -> None:
    """`junit_family = xunit1` writes the module's file on its collection error: its tests,
    and those of the files after it, never ran because of it, not for want of an outcome."""
    xunit1 = COLLECTION_ERROR.replace('name="tests.test_syntax"',
                                      'name="tests.test_syntax" file="tests/test_syntax.py"')
    counts = runner_output.parse_junit_xml(xunit1)
    cases = [*split_tests("tests/test_syntax.py", "def test_days():\n    assert days() == 1\n"),
             *split_tests("tests/test_other.py", "def test_hours():\n    assert hours() == 1\n")]
    assert outcomes.never_ran(counts.tests, cases,
                              ["tests/test_syntax.py", "tests/test_other.py"]) == {
        "tests/test_syntax.py::test_days": "never run: its file could not be collected "
                                           "(SyntaxError: invalid syntax (tests/test_syntax.py:3))",
        "tests/test_other.py::test_hours": "never run: the run stopped at the collection "
                                           "error of tests/test_syntax.py"}


MADE_BY_METACLASS = '''import unittest

EXAMPLES = {"{a}": "1", "{b}": "2"}


class Examples(type):
    def __new__(cls, name, bases, attrs):
        def make(template, expected):
            def test(self):
                self.assertEqual(expand(template, {"a": 1, "b": 2}), expected)
            return test
        for i, (template, expected) in enumerate(EXAMPLES.items()):
            attrs["test_example_%d" % i] = make(template, expected)
        return type.__new__(cls, name, bases, attrs)


class TestTemplate(unittest.TestCase, metaclass=Examples):
    def test_plain(self):
        self.assertEqual(expand("x", {}), "x")
'''


def test_a_failed_test_a_metaclass_made_is_a_failed_test_of_its_file() -> None:
    """uritemplate's `TestURITemplate` gets `test_level1_examples` and others from its
    metaclass's tables: one made to fail was named on the run line, and no finding said it
    failed (0 critical). It is a failed test by the runner's id, at the line it failed on;
    a failure of a test read from the file is that test's, as before."""
    path = "tests/test_template.py"
    cases = split_tests(path, MADE_BY_METACLASS)
    assert [c.name for c in cases] == ["TestTemplate::test_plain"]
    ran = [runner_output.TestOutcome("test_plain", "failed", path, "AssertionError: no",
                                     path=("TestTemplate::test_plain",), failed_at=20),
           runner_output.TestOutcome("test_example_0", "passed", path,
                                     path=("TestTemplate::test_example_0",)),
           runner_output.TestOutcome("test_example_1", "failed", path,
                                     "AssertionError: '2' != '3'",
                                     path=("TestTemplate::test_example_1",), failed_at=11)]
    assert outcomes.unread_failed(ran, cases) == {
        f"{path}::TestTemplate::test_example_1":
            ("failed in this run (AssertionError: '2' != '3')", 11)}
    assert list(outcomes.failed(ran, cases)) == [f"{path}::TestTemplate::test_plain"]


# A run of a module's two packages, the root's tests not compiling: Go before 1.24 prints the
# root's failure as a line of text and its compile errors on stderr, no event of either.
_TWO_PACKAGES_ONE_UNBUILT = "\n".join([
    '{"Action":"run","Package":"example.com/qs/num","Test":"TestParseNum"}',
    '{"Action":"pass","Package":"example.com/qs/num","Test":"TestParseNum","Elapsed":0}',
    '{"Action":"pass","Package":"example.com/qs/num","Elapsed":0.01}',
    "FAIL\texample.com/qs [build failed]", ""])
_UNBUILT_STDERR = ("# example.com/qs [example.com/qs.test]\n"
                   "./encode_test.go:14:2: got declared but not used\n"
                   "./encode_test.go:20:2: want declared but not used\n")


def test_the_go_tests_of_a_package_that_did_not_build_say_so() -> None:
    """A query-string encoder's test left with an unused variable: go builds none of its
    package's tests, and the run read "1 passed, 0 failed", those tests with no outcome and
    no reason. The package is an error of the run, with go's first compile error, and each
    of its tests never ran because of it; the other package's did."""
    counts = runner_output.go_unbuilt(runner_output.parse_go_test_json(
        _TWO_PACKAGES_ONE_UNBUILT), _TWO_PACKAGES_ONE_UNBUILT, _UNBUILT_STDERR)
    assert (counts.passed, counts.failed, counts.errors) == (1, 0, 1)
    unbuilt = counts.tests[-1]
    assert (unbuilt.name, unbuilt.file, unbuilt.message) == (
        "", "example.com/qs", "./encode_test.go:14:2: got declared but not used")
    assert runner_output.uncollected_file(unbuilt) == "example.com/qs"
    cases = [TestCase("encode_test.go", "TestEncode", 9, ""),
             TestCase("num/num_test.go", "TestParseNum", 5, "")]
    assert outcomes.never_ran(counts.tests, cases, ["encode_test.go", "num/num_test.go"]) == {
        "encode_test.go::TestEncode": "never run: its package did not build "
                                      "(./encode_test.go:14:2: got declared but not used)"}
    # a run whose packages all built is read as it was
    built = runner_output.parse_go_test_json(_TWO_PACKAGES_ONE_UNBUILT)
    assert runner_output.go_unbuilt(built, "ok\texample.com/qs\t0.01s\n", "") == built


# The same run under Go 1.24 and later, as its `go test -json` writes a build failure: the
# compiler's lines as `build-output` events of the import path that failed, the package's
# `FAIL ... [build failed]` as an output event, and its `fail` event naming that import path
# (`FailedBuild`), nothing on stderr (the shape of Go's own test of it, test_json_build).
_TWO_PACKAGES_ONE_UNBUILT_GO124 = "\n".join([
    '{"ImportPath":"example.com/qs [example.com/qs.test]","Action":"build-output",'
    '"Output":"# example.com/qs [example.com/qs.test]\\n"}',
    '{"ImportPath":"example.com/qs [example.com/qs.test]","Action":"build-output",'
    '"Output":"./encode_test.go:14:2: declared and not used: got\\n"}',
    '{"ImportPath":"example.com/qs [example.com/qs.test]","Action":"build-fail"}',
    '{"Action":"start","Package":"example.com/qs"}',
    '{"Action":"output","Package":"example.com/qs","Output":"FAIL\\texample.com/qs '
    '[build failed]\\n"}',
    '{"Action":"fail","Package":"example.com/qs","Elapsed":0,'
    '"FailedBuild":"example.com/qs [example.com/qs.test]"}',
    '{"Action":"start","Package":"example.com/qs/num"}',
    '{"Action":"run","Package":"example.com/qs/num","Test":"TestParseNum"}',
    '{"Action":"pass","Package":"example.com/qs/num","Test":"TestParseNum","Elapsed":0}',
    '{"Action":"pass","Package":"example.com/qs/num","Elapsed":0.01}', ""])


def test_a_go_package_that_did_not_build_is_read_from_go_1_24_events() -> None:
    """Go 1.24 reports a build failure in events, no text line: the package had been one
    error of the run with no name, its tests "never run: the runner's report has no outcome
    for it". It is the unbuilt package, with the compile error its events carry, counted
    once; the dev-story TDD gate reads the same packages and compiler lines."""
    stream = _TWO_PACKAGES_ONE_UNBUILT_GO124
    counts = runner_output.go_unbuilt(runner_output.parse_go_test_json(stream), stream, "")
    assert (counts.passed, counts.failed, counts.errors) == (1, 0, 1)
    unbuilt = counts.tests[-1]
    assert (unbuilt.name, unbuilt.file, unbuilt.message) == (
        "", "example.com/qs", "./encode_test.go:14:2: declared and not used: got")
    assert runner_output.go_unbuilt_packages(stream) == {
        "example.com/qs": "./encode_test.go:14:2: declared and not used: got"}
    assert runner_output.go_build_output(stream) == (
        "# example.com/qs [example.com/qs.test]\n"
        "./encode_test.go:14:2: declared and not used: got\n")
    # before 1.24: the text line, the compile error on stderr
    assert runner_output.go_unbuilt_packages(_TWO_PACKAGES_ONE_UNBUILT) == {
        "example.com/qs": None}


def test_two_tests_of_one_title_are_told_apart_by_the_runners_order() -> None:
    """A compiled spec shipped without its TypeScript source: two groups both named `trim`
    each declare `removes blanks`, and jest, mapping its `location`s through the spec's
    source map, reports them on lines of the source it does not ship. The second failed; the
    first passed: the failure is the second's alone, not both tests'."""
    body = 'it("removes blanks", () => {\n    expect(trim(" a ")).toBe("a");\n});'
    cases = [TestCase("dist/text.spec.js", "text > trim > removes blanks", 12, body),
             TestCase("dist/text.spec.js", "text > trim > keeps inner blanks", 16, body),
             TestCase("dist/text.spec.js", "text > trim > removes blanks", 40, body, twin=1)]

    def ran(title: str, outcome: str, line: int) -> runner_output.TestOutcome:
        return runner_output.TestOutcome(
            f"text trim {title}", outcome, "/p/dist/text.spec.js",
            message="expected 'a ' to be 'a'" if outcome == "failed" else None,
            path=("text", "trim", title), line=line)

    reported = [ran("removes blanks", "passed", 21), ran("keeps inner blanks", "passed", 27),
                ran("removes blanks", "failed", 66)]
    assert sorted(outcomes.failed(reported, cases)) == [
        "dist/text.spec.js::text > trim > removes blanks #2"]
    flipped = [replace(reported[0], outcome="failed", message="expected 'a ' to be 'a'"),
               reported[1], replace(reported[2], outcome="passed", message=None)]
    assert sorted(outcomes.failed(flipped, cases)) == [
        "dist/text.spec.js::text > trim > removes blanks"]
    # where the runner's lines are the file's own, they still decide
    placed = [replace(reported[0], line=40), reported[1], replace(reported[2], line=12)]
    assert sorted(outcomes.failed(placed, cases)) == [
        "dist/text.spec.js::text > trim > removes blanks"]


def test_unread_tests_another_test_file_declares_are_said_to_be_its() -> None:
    """A helper test module of plugin hooks declares `describe("HookTester", ...)` at its
    top: every test file requiring it runs that test as its own, where the review reads no
    case of it. They are the helper's, read there; tests of the file's own still unread
    are not said to be the helper's."""
    helper = "lib/__tests__/HookTester.js"
    series = "lib/__tests__/AsyncSeriesHooks.js"
    sync = "lib/__tests__/SyncHooks.js"
    cases = [*split_tests(helper, 'describe("HookTester", () => {\n  it("should run", () => {'
                                  '});\n});\n'),
             *split_tests(series, 'require("./HookTester");\ndescribe("AsyncSeriesHook", '
                                  '() => {\n  it("runs in turn", () => { expect(1).toBe(1); '
                                  '});\n});\n'),
             *split_tests(sync, 'require("./HookTester");\n')]

    def ran(file: str, *path: str) -> runner_output.TestOutcome:
        return runner_output.TestOutcome(" ".join(path), "passed", file, path=path)

    run = [ran(helper, "HookTester", "should run"), ran(series, "HookTester", "should run"),
           ran(series, "AsyncSeriesHook", "runs in turn"), ran(sync, "HookTester", "should run"),
           ran(sync, "SyncHook", "should have to correct behavior")]
    files = [helper, series, sync]
    assert outcomes.unread(run, cases, files) == {series: 1, sync: 2}
    assert outcomes.unread_declared_elsewhere(run, cases, files) == {series: helper}
