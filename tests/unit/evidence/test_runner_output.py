from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from xml.sax.saxutils import escape

import pytest

from gaia_lib.core.errors import InvalidInput, MalformedFile
from gaia_lib.core.proc import run_tool
from gaia_lib.evidence import runner_output as ro
from helpers.evidence import copy_project, node_tools, run_python_project, sample
from helpers.tools import need

PYTEST_TESTS = (
    ("test_parse_quantity_reads_digits", "passed"),
    ("test_negative_quantity_is_clamped", "passed"),
    ("test_ratio_rejects_garbage", "passed"),
    ("test_known_failure", "failed"),
    ("test_skipped", "skipped"),
    ("test_fixture_error", "error"),
)
JS_TESTS = (
    ("parseQuantity reads digits", "passed"),
    ("parseQuantity clamps negatives", "passed"),
    ("parseQuantity known failure", "failed"),
    ("parseRatio returns -1 on division by zero", "passed"),
    ("parseRatio divides", "skipped"),
    ("parseRatio rejects division by zero", "skipped"),
)


def _summary(counts: ro.RunnerCounts) -> tuple[int, int, int, int]:
    return counts.passed, counts.failed, counts.skipped, counts.errors


# --- real tool runs -----------------------------------------------------------------------------


def test_pytest_junit_xml_from_a_real_run(tmp_path: Path) -> None:
    root = run_python_project(tmp_path)
    counts = ro.parse_junit_xml((root / "junit.xml").read_bytes())
    assert _summary(counts) == (3, 1, 1, 1)
    assert counts.total == 6
    assert tuple((t.name, t.outcome) for t in counts.tests) == PYTEST_TESTS
    assert {t.file for t in counts.tests} == {"tests/checks_parse.py"}
    assert [t.message for t in counts.tests if t.outcome == "failed"] == [
        "AssertionError: assert 2 == 3"]
    # where it failed: the assertion's line, not the test's `def` (webcolors' failed test was
    # reported at its declaration, 14 lines above its failing assert)
    assert [t.failed_at for t in counts.tests if t.outcome == "failed"] == [25]


def _doctest_messages(root: Path, module: str) -> list[tuple[str | None, str | None]]:
    """Each doctest of `module` (in `root`) run by pytest: its name and failure's message."""
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                    "--doctest-modules", module, "--junitxml=j.xml"], cwd=root,
                   capture_output=True, check=False)
    counts = ro.parse_junit_xml((root / "j.xml").read_bytes())
    return [(t.name, t.message) for t in counts.tests]


def test_a_failed_doctest_says_its_example_and_what_it_expected_and_got(
        tmp_path: Path) -> None:
    """pytest's report of a failed doctest starts with the docstring's numbered lines: its
    first line (`002 Doc.`) had been the failure's message."""
    (tmp_path / "m.py").write_text(
        'def f():\n    """Doc.\n\n    >>> f()\n    2\n    """\n    return 1\n\n\n'
        'def g():\n    """Doc.\n\n    >>> g()\n    >>> int("x")\n    3\n    """\n\n\n'
        'def h():\n    """Doc.\n\n    >>> h()\n    1\n    """\n')
    assert _doctest_messages(tmp_path, "m.py") == [
        ("m.f", "`>>> f()` at line 4: expected `2`, got `1`"),
        ("m.g", "`>>> int(\"x\")` at line 14 raised ValueError(\"invalid literal for int() with "
                "base 10: 'x'\")"),
        ("m.h", "`>>> h()` at line 22: expected `1`, got nothing")]
    assert ro.doctest_failure("AssertionError: assert 1 == 2\nt.py:3: AssertionError") is None


def test_a_failed_doctest_of_several_lines_says_what_it_expected_and_got(
        tmp_path: Path) -> None:
    """Where both outputs run over more than two lines, pytest reports a unified diff in place
    of `Expected:` and `Got:`: mpmath's `>>> print(c)` of a three-row interval matrix had been
    said by its example and line alone. A line both share is in both."""
    (tmp_path / "grid.py").write_text(
        'def rows():\n    """Rows.\n\n    >>> for r in rows(): print(r)\n    [1, 0]\n'
        '    [0, 1]\n    [2, 2]\n    """\n    return [[1, 0], [0, 1], [2, 3]]\n')
    assert _doctest_messages(tmp_path, "grid.py") == [
        ("grid.rows", "`>>> for r in rows(): print(r)` at line 4: expected `[1, 0] [0, 1] "
                      "[2, 2]`, got `[1, 0] [0, 1] [2, 3]`")]
    # long values: each from a little before where they first differ, so both are shown
    report = ("004     >>> print(table())\nDifferences (unified diff with -expected +actual):\n"
              "    @@ -1,3 +1,3 @@\n     name      price\n"
              "    -apple     0.3333333333333333333333\n    -pear      1.25\n"
              "    +apple     0.33333333333333331483\n    +pear      1.25\n\n"
              "/p/shop.py:4: DocTestFailure")
    assert ro.doctest_failure(report) == (
        "`>>> print(table())` at line 4: expected `…  0.3333333333333333333333 pear      "
        "1.25`, got `…  0.33333333333333331483 pear      1.25`")


SAME_FILE_HELPER = """import unittest


class TestParser(unittest.TestCase):
    def assert_parsed(self, text, expected):
        self.assertEqual(text.upper(), expected)

    def test_field(self):
        self.assert_parsed("foo", "BAR")


def parsed_is(text, expected):
    assert text.upper() == expected


def test_dotted():
    parsed_is("foo.bar", "FOO")
"""


def _failed_at_both(root: Path, module: str, text: str
                    ) -> tuple[dict[str, int | None], dict[str, int | None]]:
    """Each failed test of `text`, written as `tests/<module>.py`, and where pytest's JUnit
    report, then `python -m unittest -v`'s traceback, put its failure."""
    (root / "tests").mkdir()
    (root / "tests" / f"{module}.py").write_text(text)
    result = run_tool([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                       "--junitxml=junit.xml", f"tests/{module}.py"], cwd=root, timeout=120)
    assert result.returncode == 1, result.stderr
    junit = ro.parse_junit_xml((root / "junit.xml").read_bytes())
    result = run_tool([sys.executable, "-m", "unittest", "-v", f"tests.{module}"],
                      cwd=root, timeout=120)
    assert result.returncode == 1, result.stderr
    verbose = ro.parse_unittest_verbose(result.stderr)
    return ({t.name: t.failed_at for t in junit.tests},
            {t.name: t.failed_at for t in verbose.tests})


def test_a_failure_in_a_helper_of_the_test_file_is_put_at_the_test(tmp_path: Path) -> None:
    """jmespath's `test_field` calls its class's `assert_parsed_ast`, a few lines above it:
    the failure is put at the test's call, not at the helper's check every test shares."""
    junit, verbose = _failed_at_both(tmp_path, "test_parse", SAME_FILE_HELPER)
    assert junit == {"test_field": 9, "test_dotted": 17}
    # `python -m unittest -v` over the same file: its traceback read the same way
    assert verbose == {"test_field": 9}


HANDLED_ERROR_CHECKED = """import unittest


def load(text):
    raise OSError("bad line 3")


class TestLoad(unittest.TestCase):
    def test_error_names_its_line(self):
        try:
            load("x")
            self.fail("no error")
        except OSError as exc:
            self.assertEqual(str(exc), "bad line 9")
"""


def test_a_failed_check_in_an_except_block_is_put_at_the_check(tmp_path: Path) -> None:
    """polib's `test_unescaped_double_quote1` catches the `IOError` the parser raises and
    checks its message: made to fail, it had been put at the call that raised the handled
    error, the first traceback of pytest's chain, not at the failing `assertEqual`."""
    assert _failed_at_both(tmp_path, "test_load", HANDLED_ERROR_CHECKED) == (
        {"test_error_names_its_line": 14}, {"test_error_names_its_line": 14})


@pytest.mark.slow
def test_jest_json_from_a_real_run(tmp_path: Path) -> None:
    modules = node_tools()
    root = copy_project("js", tmp_path)
    result = run_tool(
        [str(modules / ".bin" / "jest"), "--rootDir", str(root), "--json",
         "--outputFile=jest.json", "--ci"],
        cwd=root, timeout=180,
    )
    assert result.returncode == 1, result.stderr  # one failing test
    counts = ro.parse_jest_json((root / "jest.json").read_bytes())
    assert _summary(counts) == (3, 1, 2, 0)
    assert tuple((t.name, t.outcome) for t in counts.tests) == JS_TESTS
    assert {t.file for t in counts.tests} == {str(root / "__tests__" / "parse.test.js")}
    assert [t.message for t in counts.tests if t.outcome == "failed"] == [
        "Error: expect(received).toBe(expected) // Object.is equality; Expected: 3; "
        "Received: 2; at line 15"]


def test_a_jest_file_whose_describe_threw_as_it_loaded_says_the_line(tmp_path: Path) -> None:
    """A router's `describe` registers a route twice in its body, which throws while jest loads
    the file: where (its line 5) is where the file's finding stands, not its first test's."""
    modules = node_tools()
    (tmp_path / "package.json").write_text('{"name": "router"}\n')
    (tmp_path / "router.test.js").write_text(
        'describe("routes", () => {\n'
        '  it("finds /a", () => { expect(1).toBe(1); });\n'
        '});\n'
        'describe("duplicates", () => {\n'
        '  throw new Error("Duplicate param name");\n'
        '});\n')
    run_tool([str(modules / ".bin" / "jest"), "--rootDir", str(tmp_path), "--json",
              "--outputFile=jest.json", "--ci"], cwd=tmp_path, timeout=180)
    counts = ro.parse_jest_json((tmp_path / "jest.json").read_bytes())
    (loaded,) = counts.tests
    assert (loaded.name, loaded.outcome, loaded.failed_at) == ("", ro.ERROR, 5)


@pytest.mark.slow
def test_vitest_json_from_a_real_run(tmp_path: Path) -> None:
    modules = node_tools()
    root = copy_project("js", tmp_path)
    result = run_tool(
        [str(modules / ".bin" / "vitest"), "run", "--globals", "--reporter=json",
         "--outputFile=vitest.json", "--root", str(root)],
        cwd=root, timeout=180,
    )
    assert result.returncode == 1, result.stderr
    counts = ro.parse_vitest_json((root / "vitest.json").read_bytes())
    assert _summary(counts) == (3, 1, 2, 0)
    assert tuple((t.name, t.outcome) for t in counts.tests) == JS_TESTS
    assert [t.message for t in counts.tests if t.outcome == "failed"] == [
        "AssertionError: expected 2 to be 3 // Object.is equality"]


@pytest.mark.slow
def test_bats_tap_from_a_real_run(tmp_path: Path) -> None:
    modules = node_tools()
    root = copy_project("bats", tmp_path)
    result = run_tool([str(modules / "bats" / "bin" / "bats"), "--tap", "parse.bats"],
                      cwd=root, timeout=120)
    assert result.returncode == 1, result.stderr
    counts = ro.parse_tap(result.stdout)
    assert _summary(counts) == (2, 1, 1, 0)
    assert [t.name for t in counts.tests] == [
        "echo prints its argument", "false fails", "known failure", "skipped case",
    ]
    assert counts.tests[-1].message == "not ready"  # bats' `skip "not ready"`


def _go_test_json(root: Path, tmp_path: Path, *flags: str,
                  exit_code: int = 1) -> ro.RunnerCounts:
    """`go test -json [flags] ./...` run for real in `root` (offline), parsed; it exits
    `exit_code` (its tests fail)."""
    go = need("go", "go is not installed; the committed sample is parsed below")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "GOCACHE": str(tmp_path / "gocache"),
           "GOFLAGS": "-mod=mod", "GOTOOLCHAIN": "local", "GOPATH": str(tmp_path / "gopath")}
    env["PATH"] = f"{Path(go).parent}:{env['PATH']}"
    result = run_tool([go, "test", "-json", *flags, "./..."], cwd=root, env=env, timeout=300)
    assert result.returncode == exit_code, result.stderr
    return ro.parse_go_test_json(result.stdout)


def _go_module(tmp_path: Path, name: str, test_file: str) -> Path:
    root = tmp_path / name
    root.mkdir()
    (root / "go.mod").write_text(f"module example.com/{name}\n\ngo 1.19\n")
    (root / f"{name}_test.go").write_text(test_file)
    return root


def test_go_test_json_from_a_real_run(tmp_path: Path) -> None:
    counts = _go_test_json(copy_project("go", tmp_path), tmp_path)
    assert _summary(counts) == (2, 1, 1, 0)
    assert [(t.name, t.outcome, t.file) for t in counts.tests] == [
        ("TestParseQuantityReadsDigits", "passed", "example.com/evcalc"),
        ("TestNegativeQuantityIsClamped", "passed", "example.com/evcalc"),
        ("TestKnownFailure", "failed", "example.com/evcalc"),
        ("TestSkipped", "skipped", "example.com/evcalc"),
    ]
    assert [t.message for t in counts.tests if t.outcome == "failed"] == [
        "parse_test.go:20: got 2, want 3"]


def test_a_go_failure_whose_got_and_want_differ_in_spaces_keeps_them(tmp_path: Path) -> None:
    """go-shellquote's `Join(["hello" "goodbye"]) = "hello goodbye", want "hello  goodbye"`:
    its spaces folded, got and want read the same."""
    root = tmp_path / "join"
    root.mkdir()
    (root / "go.mod").write_text("module example.com/join\n\ngo 1.19\n")
    (root / "join_test.go").write_text(
        'package join\n\nimport (\n\t"strings"\n\t"testing"\n)\n\n'
        "func TestJoin(t *testing.T) {\n"
        '\tif got, want := strings.Join([]string{"hello", "goodbye"}, " "), "hello  goodbye"; '
        "got != want {\n"
        '\t\tt.Errorf("Join = %q, want %q", got, want)\n\t}\n}\n')
    counts = _go_test_json(root, tmp_path)
    assert [t.message for t in counts.tests] == [
        'join_test.go:10: Join = "hello goodbye", want "hello  goodbye"']


PREFIX_UNDER_ITS_LOCATION = """package columns

import "testing"

func TestPrefix(t *testing.T) {
\twant, got := " a  b\\nc", "  a  b\\nc"
\tif got != want {
\t\tt.Errorf("\\nwant:\\n%s\\n\\ngot:\\n%s", want, got)
\t\tt.Error("second")
\t}
}
"""


def test_a_go_message_under_a_bare_location_is_read_under_it(tmp_path: Path) -> None:
    """A message starting with a newline (columnize's `t.Fatalf("\\nexpected:\\n%s\\n\\ngot:
    \\n%s", ...)`) leaves its location alone on its line: what failed is the lines under it, up
    to the test's next message, the spaces of a line kept as the test printed them (had read
    `columns_test.go:8:`, nothing said)."""
    counts = _go_test_json(_go_module(tmp_path, "columns", PREFIX_UNDER_ITS_LOCATION), tmp_path)
    assert [t.message for t in counts.tests] == [
        'columns_test.go:8: want: " a  b"; c; got: "  a  b"; c']


PRINTS_EACH_ROW = """package rows

import (
\t"fmt"
\t"testing"
)

var sizes = []struct {
\tname string
\tin   string
\twant int
}{{"three letters", "abc", 3}, {"none", "", 1}}

func TestSizes(t *testing.T) {
\tfor _, row := range sizes {
\t\tfmt.Println("Running:", row.name)
\t\tif got := len(row.in); got != row.want {
\t\t\tt.Errorf("%s: got %d, want %d", row.name, got, row.want)
\t\t}
\t}
}
"""


def test_a_go_failure_is_said_by_its_check_not_by_what_the_test_printed_first(
        tmp_path: Path) -> None:
    """jsonparser's table runners print `Running: <row>` before each row's check: a failed
    row's message was that print (`Running: read numeric value as number`), not the line of
    `t.Errorf` that failed, with its file and line."""
    counts = _go_test_json(_go_module(tmp_path, "rows", PRINTS_EACH_ROW), tmp_path)
    assert [t.message for t in counts.tests] == ["rows_test.go:18: none: got 0, want 1"]


PANICS_AFTER_PRINTING = """package crash

import (
\t"fmt"
\t"testing"
)

func TestCounts(t *testing.T) {
\tfmt.Println("Running: counts")
\tvar seen map[string]int
\tseen["a"]++
}
"""


def test_a_go_test_that_panics_is_said_by_its_panic_at_the_line_of_its_own_code(
        tmp_path: Path) -> None:
    """jsonparser's `TestGetInt` with a nil map written to: its finding sat at the test's
    `func` line, the stack's frame of the test itself naming the line that panicked; a test
    that printed first is said by its panic, not by what it printed."""
    counts = _go_test_json(_go_module(tmp_path, "crash", PANICS_AFTER_PRINTING), tmp_path)
    assert [(t.message, t.failed_at) for t in counts.tests] == [
        ("panic: assignment to entry in nil map [recovered]", 11)]


EXAMPLE_WRONG_OUTPUT = """package where

import "fmt"

func Example() {
\tfmt.Println("parse failed")
\tfmt.Println("at row", 1, "column", 11)
\t// Output:
\t// parse failed
\t// at row 1 column 12
}
"""


def test_a_failed_go_example_says_the_line_its_output_differs_on(tmp_path: Path) -> None:
    """go prints a failed example's whole output under `got:` and `want:`: its first line,
    `got:`, said nothing (go-toml's `ExampleDecodeError` with a column changed)."""
    counts = _go_test_json(_go_module(tmp_path, "where", EXAMPLE_WRONG_OUTPUT), tmp_path)
    assert [(t.name, t.message) for t in counts.tests] == [
        ("Example", 'output line 2: got "at row 1 column 11", want "at row 1 column 12"')]

CHECK_PRINTS_BLOCKS = """package grid

import (
\t"reflect"
\t"testing"
)

func same(t *testing.T, got, want interface{}) {
\tif !reflect.DeepEqual(got, want) {
\t\tt.Errorf("got:\\n[%v]\\nwant:\\n[%v]\\n", got, want)
\t}
}

func TestGrid(t *testing.T) {
\tsame(t, "+---+\\n| 1 |\\n| 22 |\\n+---+\\n", "+---+\\n| 1 |\\n| 2 |\\n+---+\\n")
}
"""


def test_a_go_check_printing_got_and_want_blocks_says_the_line_they_differ_on(
        tmp_path: Path) -> None:
    """tablewriter's `checkEqual` prints the table it got and the one it wanted, each under a
    label of its own line: the failure had been said as its first line alone,
    `grid_test.go:10: got:`."""
    counts = _go_test_json(_go_module(tmp_path, "grid", CHECK_PRINTS_BLOCKS), tmp_path)
    assert [(t.name, t.message) for t in counts.tests] == [
        ("TestGrid", 'grid_test.go:10: line 3: got "| 22 |", want "| 2 |"')]


PRINTS_WITHOUT_NEWLINE = """package glued

import (
\t"fmt"
\t"testing"
)

func TestPrintsThenPasses(t *testing.T) { fmt.Printf("no newline") }

func TestPrintsThenFails(t *testing.T) {
\tt.Errorf("got 3, want 4")
\tfmt.Printf("no newline")
}

func TestFailsAfterPrinting(t *testing.T) {
\tfmt.Printf("no newline")
\tt.Fail()
}

func TestPrintsThenSkips(t *testing.T) {
\tfmt.Printf("no newline")
\tt.Skip("later")
}

func TestSubtestPrints(t *testing.T) {
\tt.Run("a", func(t *testing.T) { fmt.Printf("no newline") })
\tt.Run("b", func(t *testing.T) {})
}

func TestPlain(t *testing.T) {}
"""


def test_a_go_test_printing_without_a_newline_keeps_its_result(tmp_path: Path) -> None:
    """Go before 1.20 glues a test's `--- PASS` line to text it printed without a newline
    (`no newline--- PASS: ...`) and writes no pass event for it: the test still has its
    result, and so does every other test of the stream."""
    counts = _go_test_json(_go_module(tmp_path, "glued", PRINTS_WITHOUT_NEWLINE), tmp_path)
    assert [(t.name, t.outcome, t.message) for t in counts.tests
            if not t.name.startswith("TestSubtestPrints")] == [
        ("TestPrintsThenPasses", "passed", None),
        ("TestPrintsThenFails", "failed", "glued_test.go:11: got 3, want 4"),
        ("TestFailsAfterPrinting", "failed", "no newline"),
        ("TestPrintsThenSkips", "skipped", "glued_test.go:22: later"),
        ("TestPlain", "passed", None)]
    assert {t.name: t.outcome for t in counts.tests if t.name.startswith("TestSubtest")} == {
        "TestSubtestPrints": "passed", "TestSubtestPrints/a": "passed",
        "TestSubtestPrints/b": "passed"}
    assert _summary(counts) == (5, 2, 1, 0)


def test_a_go_test_killed_by_gos_own_time_limit_is_in_error(tmp_path: Path) -> None:
    """`go test -timeout` panics in the test it was running: no end event for the test, but
    its package ends (failed). The tests before it keep their results; the one running is
    in error with go's line saying why."""
    root = _go_module(tmp_path, "slow", 'package slow\n\nimport (\n\t"testing"\n\t"time"\n)\n\n'
                      "func TestQuick(t *testing.T) {}\n\n"
                      "func TestSlow(t *testing.T) { time.Sleep(time.Minute) }\n")
    counts = _go_test_json(root, tmp_path, "-timeout", "2s")
    assert [(t.name, t.outcome, t.message) for t in counts.tests] == [
        ("TestQuick", "passed", None),
        ("TestSlow", "error", "panic: test timed out after 2s")]


def test_go_events_past_an_odd_line_still_count() -> None:
    """The events a stream holds are read whatever lines sit among them: text, a line cut or
    garbled, JSON that is no event."""
    lines = [json.dumps({"Action": "run", "Package": "p", "Test": "TestA"}),
             "# p", "{garbled", '{"Test": "TestA"}', '["not an event"]',
             '{"Action": "pass", "Package": 3, "Test": "TestA"}',
             json.dumps({"Action": "pass", "Package": "p", "Test": "TestA"}),
             json.dumps({"Action": "fail", "Package": "p", "Test": "TestB"}),
             json.dumps({"Action": "fail", "Package": "p"})]
    counts = ro.parse_go_test_json("\n".join(lines) + "\n")
    assert [(t.name, t.outcome) for t in counts.tests] == [("TestA", "passed"),
                                                           ("TestB", "failed")]


def test_a_testify_failure_says_what_it_compared() -> None:
    """testify prints its location alone (`clock_test.go:31: `) and the check in rows under
    it: the message is that line with its `Error:` row and what was expected and what came
    (go-toml's `LocalDate.String` check said only `localtime_test.go:19:`)."""
    rows = ["=== RUN   TestClockText\n", "    clock_test.go:31: \n",
            "        \tError Trace:\t/src/clock/clock_test.go:31\n",
            "        \tError:      \tNot equal: \n",
            "        \t            \texpected: \"7:05\"\n",
            "        \t            \tactual  : \"07:05\"\n",
            "        \t            \t\n",
            "        \t            \tDiff:\n",
            "        \t            \t-7:05\n",
            "        \tTest:       \tTestClockText\n",
            "    clock_test.go:32: \n",
            "        \tError:      \tShould be true\n",
            "--- FAIL: TestClockText (0.00s)\n"]
    lines = [json.dumps({"Action": "output", "Package": "p", "Test": "TestClockText",
                         "Output": row}) for row in rows]
    lines += [json.dumps({"Action": "fail", "Package": "p", "Test": "TestClockText"}),
              json.dumps({"Action": "fail", "Package": "p"})]
    counts = ro.parse_go_test_json("\n".join(lines) + "\n")
    assert [t.message for t in counts.tests] == [
        'clock_test.go:31: Not equal: expected: "7:05"; actual  : "07:05"']


def test_a_go_test_without_an_end_in_a_package_that_ended() -> None:
    """No end event and no end line: passed where its package passed (go says every test
    did), else in error, with its first line of output or that go gave it no result."""
    def stream(state: str, output: str | None) -> str:
        events = [{"Action": "run", "Package": "p", "Test": "TestA"},
                  *([{"Action": "output", "Package": "p", "Test": "TestA", "Output": output}]
                    if output else []),
                  {"Action": state, "Package": "p"}]
        return "".join(json.dumps(e) + "\n" for e in events)

    assert ro.parse_go_test_json(stream("pass", None)).tests == (
        ro.TestOutcome("TestA", ro.PASSED, "p"),)
    assert ro.parse_go_test_json(stream("fail", "boom\n")).tests == (
        ro.TestOutcome("TestA", ro.ERROR, "p", "boom"),)
    assert ro.parse_go_test_json(stream("fail", None)).tests == (
        ro.TestOutcome("TestA", ro.ERROR, "p", ro.NO_RESULT_OF_ITS_OWN),)


def _go_steps(*steps: str) -> list[dict[str, str]]:
    """`go test -json` events of package `p`, each written `<action> <test>`."""
    return [{"Action": step.split()[0], "Package": "p", "Test": step.split()[1]}
            for step in steps]


def test_a_go_test_paused_at_t_parallel_when_its_binary_exited_has_no_outcome() -> None:
    """A config loader's parallel tests pause at `t.Parallel()` until the serial tests end;
    a serial test whose code calls `log.Fatal` exits the test binary first. The paused ones
    never ran past that call (they had read as failures, "go test -json gave no result for
    it"); the one running when it exited is in error; a test continued since is too."""
    events = [*_go_steps("run TestParseInt", "pause TestParseInt", "run TestParseBool",
                         "pause TestParseBool", "cont TestParseBool", "run TestLoadMissing"),
              {"Action": "output", "Package": "p", "Test": "TestLoadMissing",
               "Output": "2026/01/02 10:00:00 config: no such file\n"},
              {"Action": "fail", "Package": "p"}]
    counts = ro.parse_go_test_json("".join(json.dumps(e) + "\n" for e in events))
    assert counts.tests == (
        ro.TestOutcome("TestParseBool", ro.ERROR, "p", ro.NO_RESULT_OF_ITS_OWN),
        ro.TestOutcome("TestLoadMissing", ro.ERROR, "p",
                       "2026/01/02 10:00:00 config: no such file"))
    passed = [*[e for e in events if e.get("Test") != "TestLoadMissing"][:-1],
              {"Action": "pass", "Package": "p"}]
    assert [t.outcome for t in ro.parse_go_test_json(
        "".join(json.dumps(e) + "\n" for e in passed)).tests] == [ro.PASSED, ro.PASSED]


def test_a_go_end_line_glued_to_output_gives_way_to_the_tests_own_event() -> None:
    events = [{"Action": "run", "Package": "p", "Test": "TestA"},
              {"Action": "output", "Package": "p", "Test": "TestA",
               "Output": "says --- PASS: TestA (0.00s) in its text\n"},
              {"Action": "fail", "Package": "p", "Test": "TestA"},
              {"Action": "fail", "Package": "p"}]
    counts = ro.parse_go_test_json("".join(json.dumps(e) + "\n" for e in events))
    assert [(t.name, t.outcome) for t in counts.tests] == [("TestA", "failed")]


SKIPS_AT_RUN_TIME = """package optionsroute

import "testing"

func TestAnswersOptions(t *testing.T) {
\tt.Log("set up the router")
\tif len(t.Name()) > 3 {
\t\tt.Skip("not on this machine")
\t}
\tt.Fatal("unreachable")
}

func TestSkipsSaying(t *testing.T) { t.SkipNow() }
"""


def test_a_go_test_skipped_at_run_time_says_why(tmp_path: Path) -> None:
    """httprouter's OPTIONS test made to skip under a condition only the run decides: the
    skip's reason is the last line the test printed, with its file and line (not what it
    logged first); a bare `t.SkipNow()` prints none."""
    counts = _go_test_json(_go_module(tmp_path, "optionsroute", SKIPS_AT_RUN_TIME), tmp_path,
                           exit_code=0)
    assert [(t.name, t.outcome, t.message) for t in counts.tests] == [
        ("TestAnswersOptions", "skipped", "optionsroute_test.go:8: not on this machine"),
        ("TestSkipsSaying", "skipped", None)]


# --- committed samples (real outputs, see fixtures/evidence/samples/README.md) ------------------


@pytest.mark.parametrize(
    ("fmt", "name", "summary"),
    [
        ("junit", "pytest-junit.xml", (3, 1, 1, 1)),
        ("jest", "jest.json", (3, 1, 2, 0)),
        ("vitest", "vitest.json", (3, 1, 2, 0)),
        ("tap", "bats.tap", (2, 1, 1, 0)),
        ("go-json", "go-test.jsonl", (2, 1, 1, 0)),
        ("surefire", "surefire/TEST-com.example.evcalc.ParseTest.xml", (2, 1, 1, 1)),
    ],
)
def test_committed_samples(fmt: str, name: str, summary: tuple[int, int, int, int]) -> None:
    counts = ro.parse(fmt, sample(name))
    assert counts.format == fmt
    assert _summary(counts) == summary


@pytest.mark.parametrize(
    ("fmt", "name", "failures"),
    [
        ("junit", "pytest-junit.xml",
         {"test_known_failure": "AssertionError: assert 2 == 3",
          "test_fixture_error": 'failed on setup with "RuntimeError: fixture setup fails"'}),
        ("jest", "jest.json",
         {"parseQuantity known failure":
          "Error: expect(received).toBe(expected) // Object.is equality; Expected: 3; "
          "Received: 2; at line 15"}),
        ("vitest", "vitest.json",
         {"parseQuantity known failure":
          "AssertionError: expected 2 to be 3 // Object.is equality"}),
        # bats' `quoting' written as markdown code, which a lone backtick breaks
        ("tap", "bats.tap", {"known failure": '`[ "$output" = "3" ]` failed'}),
        ("go-json", "go-test.jsonl", {"TestKnownFailure": "parse_test.go:20: got 2, want 3"}),
        ("surefire", "surefire/TEST-com.example.evcalc.ParseTest.xml",
         {"knownFailure": "expected: <3> but was: <2>",
          "errors": 'Cannot invoke "Object.toString()" because "missing" is null'}),
    ],
)
def test_a_failed_test_carries_its_first_line_of_failure(
        fmt: str, name: str, failures: dict[str, str]) -> None:
    counts = ro.parse(fmt, sample(name))
    assert {t.name: t.message for t in counts.tests
            if t.message is not None and t.outcome != ro.SKIPPED} == failures
    assert {t.name for t in counts.tests if t.outcome in (ro.FAILED, ro.ERROR)} == set(failures)


HELPER_FAILURE = """Error: \x1b[2mexpect(\x1b[22m\x1b[31mreceived\x1b[39m\x1b[2m).\x1b[22mtoBe\x1b[2m(\x1b[22m\x1b[32mexpected\x1b[39m\x1b[2m) // Object.is equality\x1b[22m

Expected: \x1b[32m13\x1b[39m
Received: \x1b[31m12\x1b[39m
    at check (/p/test/en/later.test.ts:119:42)
    at testCase (/p/test/util.ts:48:13)
    at Object.<anonymous> (/p/test/en/later.test.ts:116:5)
    at Object.asyncJestTest (/p/node_modules/jest-jasmine2/build/jasmineAsyncInstall.js:106:37)"""

DIFF_FAILURE = """Error: expect(received).toEqual(expected) // deep equality

- Expected  - 1
+ Received  + 1

  Object {
-   "day": 5,
+   "day": 6,
  }
    at /p/test/en/later.test.ts:30:20"""


def test_a_jest_failure_says_what_it_expected_and_received_and_on_which_line() -> None:
    """chrono-node: the check fails in a callback the test hands its `testSingleCase` helper,
    48 lines below the test's own; jest's first line names only the matcher."""
    assert ro.jest_failure_line(HELPER_FAILURE, "/p/test/en/later.test.ts") == (
        "Error: expect(received).toBe(expected) // Object.is equality; Expected: 13; "
        "Received: 12; at line 119")
    # a diff says its lines that differ; a frame in no file of the test's says no line
    assert ro.jest_failure_line(DIFF_FAILURE, "/p/test/en/later.test.ts") == (
        'Error: expect(received).toEqual(expected) // deep equality; Expected: "day": 5; '
        'Received: "day": 6; at line 30')
    assert ro.jest_failure_line(DIFF_FAILURE, "/p/test/other.test.ts") == (
        'Error: expect(received).toEqual(expected) // deep equality; Expected: "day": 5; '
        'Received: "day": 6')
    # another first line is kept as it is
    assert ro.jest_failure_line("TypeError: x is not a function\n    at /p/a.ts:3:1",
                                "/p/a.ts") == "TypeError: x is not a function"


def test_a_long_jest_failure_keeps_the_line_it_failed_on_whole() -> None:
    """A router's test expects registering a route to throw (`toThrowError(/Duplicate
    param name/)`) and the error thrown says more: the message, cut at its length, had ended
    `; at l`, the line it failed on lost; what it said is shortened instead, marked `…`."""
    text = ("Error: expect(received).toThrowError(expected)\n\n"
            "Expected pattern: /Duplicate param name/\n"
            "Received message: \"Duplicated parameter name, use another name instead of 'id' "
            "- get /users/:id/:id <--- 'id'\"\n\n"
            "    at Object.<anonymous> (/p/dist/router/node.test.js:318:12)")
    message = ro.jest_failure_line(text, "/p/dist/router/node.test.js")
    assert message is not None and len(message) <= ro.MESSAGE_CHARS
    assert message.startswith("Error: expect(received).toThrowError(expected); Expected "
                              "pattern: /Duplicate param name/; Received message: ")
    assert message.endswith("…; at line 318")
    # one that fits is kept whole
    short = text.replace("Duplicated parameter name, use another name instead of 'id' - ", "")
    assert ro.jest_failure_line(short, "/p/dist/router/node.test.js") == (
        "Error: expect(received).toThrowError(expected); Expected pattern: /Duplicate param "
        "name/; Received message: \"get /users/:id/:id <--- 'id'\"; at line 318")


def test_a_string_thrown_over_several_lines_closes_its_quote() -> None:
    """jest's time limit for a test throws its words and advice over two lines: the message had
    read `thrown: "Exceeded timeout of 5000 ms for a test.`, its quote never closed."""
    text = ('thrown: "Exceeded timeout of 5000 ms for a test.\n'
            "Add a timeout value to this test to increase the timeout, if this is a long-running "
            'test. See https://jestjs.io/docs/api#testname-fn-timeout."\n\n'
            "    at /p/dist/utils/url.test.js:12:3")
    assert ro.jest_failure_line(text, "/p/dist/utils/url.test.js") == (
        'thrown: "Exceeded timeout of 5000 ms for a test. …"')
    # a string thrown on one line is said as it is
    assert ro.jest_failure_line('thrown: "no route"\n\n    at x.js:1:1', "x.js") == (
        'thrown: "no route"')


def test_a_jest_snapshot_failure_with_no_stored_snapshot_says_so() -> None:
    """A plugin-hooks suite's `.snap` deleted: a run as in CI writes none, and jest's first
    line, the matcher alone, had been all the message said. jest 21 writes `Received value`
    under it, a later jest `Received: ...`: the missing snapshot is what failed."""
    for received in ("Received value\nObject {\n  \"sync\": Object {},\n}",
                     "Received: {\"sync\": {}}"):
        failure = ("Error: expect(value).toMatchSnapshot()\n\nNew snapshot was not written. The "
                   "update flag must be explicitly passed to write a new snapshot.\n\nThis is "
                   "likely because this test is run in a continuous integration (CI) "
                   f"environment in which snapshots are not written by default.\n\n{received}\n"
                   "    at Object.it (/p/lib/__tests__/SeriesHooks.js:21:19)")
        assert ro.jest_failure_line(failure, "/p/lib/__tests__/SeriesHooks.js") == (
            "Error: expect(value).toMatchSnapshot(); New snapshot was not written (no stored "
            "snapshot); at line 21")


def test_a_jest_mock_matcher_failure_says_the_calls_it_expected_and_received() -> None:
    """A memoizer's test checks its wrapped function ran once (`toHaveBeenCalledTimes(1)`):
    jest names the mock in the matcher's first line, `expect(jest.fn())`, and the message had
    stopped there, saying neither count nor line."""
    text = ("Error: expect(jest.fn()).toHaveBeenCalledTimes(expected)\n\n"
            "Expected number of calls: 1\nReceived number of calls: 2\n"
            "    at Object.toHaveBeenCalledTimes (/p/__tests__/memo.ts:21:28)\n"
            "    at Promise.then.completed (/p/node_modules/jest-circus/build/utils.js:298:28)")
    assert ro.jest_failure_line(text, "/p/__tests__/memo.ts") == (
        "Error: expect(jest.fn()).toHaveBeenCalledTimes(expected); Expected number of calls: "
        "1; Received number of calls: 2; at line 21")


def test_a_jest_throw_matcher_failure_says_what_was_thrown_or_that_nothing_was() -> None:
    """A schedule parser's test expecting a pattern to be taken (`.not.toThrow()`) while the
    parser refuses it: jest prints the thrown error's name and message under the matcher, and
    the failure had said the matcher alone; `.toThrow()` given no throw says so under it."""
    thrown = ('Error: expect(received).not.toThrow()\n\nError name:    "Error"\n'
              'Error message: "Unknown field: q"\n\n'
              "      at parse (lib/schedule.js:40:11)\n"
              "      at tests/schedule.test.js:18:5\n"
              "      at Object.<anonymous> (tests/schedule.test.js:19:11)")
    assert ro.jest_failure_line(thrown, "tests/schedule.test.js") == (
        'Error: expect(received).not.toThrow(); Error message: "Unknown field: q"; at line 18')
    none = ("Error: expect(received).toThrow()\n\nReceived function did not throw\n"
            "      at Object.<anonymous> (tests/schedule.test.js:25:11)")
    assert ro.jest_failure_line(none, "tests/schedule.test.js") == (
        "Error: expect(received).toThrow(); Received function did not throw; at line 25")


def test_a_failure_line_drops_colour_codes_blank_lines_and_the_space_around_it() -> None:
    assert ro.failure_line("\n  \x1b[31mAssertionError\x1b[39m: expected  2\t\n  at x") == \
        "AssertionError: expected  2"
    assert ro.failure_line("x" * 300) == "x" * ro.MESSAGE_CHARS
    assert ro.failure_line("\n \n") is None and ro.failure_line(None) is None


def test_a_pytest_comparison_it_shortened_alike_says_the_lines_of_its_diff() -> None:
    """Two rendered pages differing in one attribute, which pytest's first line cuts to the
    same text on both sides: the diff's first `-` and `+` lines say what differs. A first
    line whose sides differ is enough alone."""
    cut = ("assert '<page lang=\"...ody>\\n</page>' == '<page lang=\"...ody>\\n</page>'\n  \n"
           "  Skipping 40 identical trailing characters in diff, use -v to show\n"
           "  - <page lang=\"en\">\n  ?             ^^\n  + <page lang=\"de\">\n"
           "  ?             ^^\n      <hea")
    xml = ('<testsuites><testsuite tests="1" failures="1"><testcase classname="tests.test_page" '
           'name="test_lang" file="tests/test_page.py" line="3"><failure message="'
           + escape(cut, {'"': "&quot;", "\n": "&#10;"})
           + '">tests/test_page.py:5: AssertionError</failure></testcase></testsuite></testsuites>')
    [test] = ro.parse_junit_xml(xml).tests
    assert test.message == ("assert '<page lang=\"...ody>\\n</page>' == '<page lang=\"...ody>"
                            "\\n</page>'; - <page lang=\"en\">; + <page lang=\"de\">")
    plain = "assert 'en' == 'de'\n  \n  - de\n  + en"
    assert ro.pytest_failure_line(plain) == "assert 'en' == 'de'"


def test_surefire_outcomes_and_java_file() -> None:
    counts = ro.parse_surefire_xml(sample("surefire/TEST-com.example.evcalc.ParseTest.xml"))
    assert [(t.name, t.outcome, t.file) for t in counts.tests] == [
        ("readsDigits", "passed", "com/example/evcalc/ParseTest.java"),
        ("clampsNegatives", "passed", "com/example/evcalc/ParseTest.java"),
        ("errors", "error", "com/example/evcalc/ParseTest.java"),
        ("knownFailure", "failed", "com/example/evcalc/ParseTest.java"),
        ("skipped", "skipped", "com/example/evcalc/ParseTest.java"),
    ]


def test_merge_combines_surefire_files() -> None:
    one = ro.parse_surefire_xml(sample("surefire/TEST-com.example.evcalc.ParseTest.xml"))
    merged = ro.merge([one, one])
    assert (merged.format, _summary(merged), merged.total) == ("surefire", (4, 2, 2, 2), 10)
    mixed = ro.merge([one, ro.parse_tap(sample("bats.tap"))])
    assert mixed.format == "mixed"
    with pytest.raises(InvalidInput):
        ro.merge([])


# --- format details -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("classname", "expected"),
    [
        ("tests.unit.test_x", "tests/unit/test_x.py"),
        ("tests.unit.test_x.TestThing", "tests/unit/test_x.py"),
        ("test_x.TestThing.TestInner", "test_x.py"),
    ],
)
def test_pytest_file_from_classname(classname: str, expected: str) -> None:
    xml = f'<testsuite><testcase classname="{classname}" name="t"/></testsuite>'
    assert ro.parse_junit_xml(xml).tests[0].file == expected


def test_junit_file_attribute_wins() -> None:
    xml = '<testsuites><testsuite><testcase classname="a.B" name="t" file="x/y.py"/></testsuite></testsuites>'
    assert ro.parse_junit_xml(xml).tests == (
        ro.TestOutcome("t", "passed", "x/y.py", path=("B::t",)),)


@pytest.mark.parametrize(("classname", "shown"), [
    ("tests", "test_example"),  # jsonpointer's top-level tests.py, a module's function
    ("tests.SpecificationTests", "SpecificationTests::test_example"),
    ("tests.unit.test_x.TestOuter.TestInner", "TestOuter::TestInner::test_example"),
])
def test_a_pytest_test_in_a_class_is_shown_as_its_node_id_names_it(classname: str,
                                                                    shown: str) -> None:
    """A failed unittest method was reported as `tests.py > test_example`, its class lost."""
    xml = f'<testsuite><testcase classname="{classname}" name="test_example"/></testsuite>'
    (outcome,) = ro.parse_junit_xml(xml).tests
    assert (outcome.name, outcome.shown) == ("test_example", shown)


def test_tap_directives_and_diagnostics() -> None:
    tap = ("1..5\nok 1 - a\n# diag\nnot ok 2 b\nok 3 c # SKIP why\nnot ok 4 d # TODO later\n"
           "ok 5 e # skip (needs `curl')\n")
    counts = ro.parse_tap(tap)
    assert [(t.name, t.outcome) for t in counts.tests] == [
        ("a", "passed"), ("b", "failed"), ("c", "skipped"), ("d", "skipped"), ("e", "skipped"),
    ]
    # a skip's reason as given; a todo's
    assert [t.message for t in counts.tests[2:]] == ["why", "todo: later", "needs `curl`"]


def test_a_pytest_skip_keeps_its_reason_and_an_xfail_says_it_is_one(tmp_path: Path) -> None:
    """pytest's own words for each skip (an empty parameter list's `got empty parameter set`,
    a `skip` or `skipif` reason, an `importorskip`), from a real run's JUnit report."""
    (tmp_path / "test_s.py").write_text(
        "import pytest\n\n@pytest.mark.parametrize('x', [])\ndef test_empty(x):\n    assert x\n"
        "\n@pytest.mark.skip\ndef test_bare():\n    pass\n\n"
        "@pytest.mark.skipif(True, reason='not here')\ndef test_skipif():\n    pass\n\n"
        "@pytest.mark.xfail(reason='known bug')\ndef test_known():\n    assert 0\n\n"
        "@pytest.mark.xfail\ndef test_known_bare():\n    assert 0\n\n"
        "def test_inside():\n    pytest.importorskip('no_such_module_here')\n")
    result = run_tool([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                       "--junitxml=j.xml", "test_s.py"], cwd=tmp_path, timeout=120)
    assert result.returncode == 0, result.stdout
    counts = ro.parse_junit_xml((tmp_path / "j.xml").read_bytes())
    assert [(t.name, t.outcome, t.message) for t in counts.tests] == [
        ("test_empty[NOTSET]", "skipped", "got empty parameter set for (x)"),
        ("test_bare", "skipped", "unconditional skip"),
        ("test_skipif", "skipped", "not here"),
        ("test_known", "skipped", "xfail: known bug"),
        ("test_known_bare", "skipped", "xfail"),
        ("test_inside", "skipped", "could not import 'no_such_module_here': No module named "
                                   "'no_such_module_here'")]


def test_a_failed_bats_test_is_placed_in_its_file_from_bats_note() -> None:
    """TAP names no file; bats says a failed test's, also under a helper's frame: two tests of
    one name in two files are then told apart (the passing one names none)."""
    tap = ("1..3\nok 1 dup\nnot ok 2 dup\n"
           "# (from function `assert_equal' in file test/test_helper.bash, line 5,\n"
           "#  in test file test/E1-S1-dup.bats, line 6)\n"
           "#   `assert_equal 1 2' failed\n"
           "not ok 3 other\n# (in test file test/a.bats, line 9)\n#   `false' failed\n")
    counts = ro.parse_tap(tap)
    assert [(t.name, t.outcome, t.file, t.message) for t in counts.tests] == [
        ("dup", "passed", None, None),
        ("dup", "failed", "test/E1-S1-dup.bats", "`assert_equal 1 2` failed"),
        ("other", "failed", "test/a.bats", "`false` failed")]


def test_a_long_bats_comparison_shows_where_the_two_values_differ_in_closed_code() -> None:
    """rbenv's version-name test changed to expect another version: its failed command and
    both values run past the message's room. The command was cut through its code span (an
    open span ran on through the report) and the values' differing tail was cut off."""
    message = ("rbenv: version `1.2' is not installed (set by the RBENV_VERSION environment "
               "variable, or the version file at /home/user/project/.ruby-version)")
    tap = ("1..1\nnot ok 1 missing version\n"
           "# (from function `assert_equal' in file test/test_helper.bash, line 56,\n"
           "#  in test file test/version-name.bats, line 73)\n"
           f"#   `assert_failure \"{message.replace('`', chr(92) + '`')}\"' failed\n"
           f"# expected: {message}\n"
           f"# actual:   {message.replace('.ruby-version', '.tool-versions')}\n")
    [failed] = ro.parse_tap(tap).tests
    assert failed.message is not None and len(failed.message) <= ro.MESSAGE_CHARS + 4
    assert failed.message.startswith("``assert_failure \"rbenv: version \\`1.2' is")
    assert "…`` failed; expected `…" in failed.message
    assert failed.message.endswith("/home/user/project/.ruby-version)`; actual "
                                   "`…/home/user/project/.tool-versions)`")


@pytest.mark.parametrize("text, limit, clipped", [
    ("``a `b` c d e f g h i j k`` failed", 26, "``a `b` c d e f…`` failed"),
    ("`short` failed", 40, "`short` failed"),
    ("plain words running on", 10, "plain word"),
    ("`abc` failed", 8, "`abc` fa"),  # no room for the span's code: cut plainly
])
def test_a_line_led_by_a_code_span_is_clipped_inside_it(text: str, limit: int,
                                                         clipped: str) -> None:
    assert ro.clip_code(text, limit) == clipped


def test_go_build_failure_counts_as_an_error() -> None:
    stream = (
        '{"Action":"start","Package":"example.com/broken"}\n'
        "# example.com/broken\n"
        "./x.go:3:1: syntax error\n"
        '{"Action":"output","Package":"example.com/broken","Output":"FAIL\\n"}\n'
        '{"Action":"fail","Package":"example.com/broken","Elapsed":0}\n'
    )
    counts = ro.parse_go_test_json(stream)
    assert (_summary(counts), counts.tests) == ((0, 0, 0, 1), ())


def test_jest_suite_that_failed_to_load_counts_as_an_error() -> None:
    doc = {"testResults": [{"name": "/p/a.test.js", "status": "failed", "assertionResults": []}]}
    assert _summary(ro.parse_jest_json(json.dumps(doc))) == (0, 0, 0, 1)


@pytest.mark.parametrize(("message", "said"), [
    # vitest 4 (rolldown) on unjs/cookie-es's test file with a `});` left out
    ("Transform failed with 1 error:\n\n[PARSE_ERROR] Expected `}` but found `EOF`\n    ╭─[ "
     "test/cookie-parse.test.ts:99:5 ]\n    │\n  9 │ describe(\"cookie.parse(str)\", () => {\n"
     "    │                                     ┬  \n    │                                     "
     "╰── Opened here\n    │ \n 99 │ });\n    │     │ \n    │     ╰─ `}` expected\n────╯\n",
     "test/cookie-parse.test.ts:99:5: [PARSE_ERROR] Expected `}` but found `EOF`"),
    # vitest 2 (esbuild)
    ("Transform failed with 1 error:\n/tmp/v2/test/a.test.ts:5:0: ERROR: Unexpected end of file",
     "/tmp/v2/test/a.test.ts:5:0: Unexpected end of file"),
    # jest with ts-jest, on class-validator's spec with a `{` too many, its colours kept
    ("  \u25cf Test suite failed to run\n\n    \x1b[96mtest/functional/whitelist-validation.spec"
     ".ts\x1b[0m:\x1b[93m75\x1b[0m:\x1b[93m2\x1b[0m - \x1b[91merror\x1b[0m\x1b[90m TS1128: "
     "\x1b[0mDeclaration or statement expected.\n\n    \x1b[7m75\x1b[0m });\n",
     "test/functional/whitelist-validation.spec.ts:75:2: [TS1128] Declaration or statement "
     "expected."),
])
def test_a_suite_that_does_not_parse_fails_where_it_does_not(message: str, said: str) -> None:
    doc = {"testResults": [{"name": "/p/a.test.ts", "status": "failed", "message": message,
                            "assertionResults": []}]}
    assert [t.message for t in ro.parse_vitest_json(json.dumps(doc)).tests] == [said]


@pytest.mark.parametrize(("message", "said"), [
    # duration-fns' TypeScript tests under jest 29 with no jest config: babel-jest reads them
    ("  \u25cf Test suite failed to run\n\n    Jest encountered an unexpected token\n\n    Jest "
     "failed to parse a file.\n\n    Details:\n\n    /p/src/parse.test.ts:1\n    ({\"Object."
     "<anonymous>\":function(module,exports){import { parse } from './parse';\n    ^^^^^^\n\n"
     "    SyntaxError: Cannot use import statement outside a module\n\n      at Runtime."
     "createScriptFromCode (node_modules/jest-runtime/build/index.js:1505:14)\n",
     "Jest encountered an unexpected token; SyntaxError: Cannot use import statement outside "
     "a module"),
    # a file that declares no test
    ("  \u25cf Test suite failed to run\n\n    Your test suite must contain at least one test."
     "\n\n      at onResult (node_modules/@jest/core/build/TestScheduler.js:133:18)\n",
     "Your test suite must contain at least one test."),
    # a test file's `@jest-environment jsdom` docblock, jest-environment-jsdom not installed:
    # a heading of its own under jest's
    ("  \u25cf Test suite failed to run\n\n    \u25cf Validation Error:\n\n      Test environment "
     "jest-environment-jsdom cannot be found. Make sure the testEnvironment configuration "
     "option points to an existing node module.\n\n      Configuration Documentation:\n",
     "Test environment jest-environment-jsdom cannot be found. Make sure the testEnvironment "
     "configuration option points to an existing node module."),
])
def test_a_jest_suite_that_did_not_load_says_why_not_its_heading(message: str,
                                                                  said: str) -> None:
    doc = {"testResults": [{"name": "/p/src/parse.test.ts", "status": "failed",
                            "message": message, "assertionResults": []}]}
    assert [t.message for t in ro.parse_jest_json(json.dumps(doc)).tests] == [said]


def test_a_file_calling_test_functions_the_runner_does_not_define_says_what_defines_them(
) -> None:
    # headers-polyfill's tests call describe / it as globals; its package ships no vitest
    # config turning them on: every file failed to load with "describe is not defined"
    doc = {"testResults": [{"name": "/p/src/a.test.ts", "status": "failed",
                            "message": "describe is not defined", "assertionResults": []},
                           {"name": "/p/src/b.test.ts", "status": "failed",
                            "message": "Cannot find module './b'", "assertionResults": []}]}
    said = [t.message for t in ro.parse_vitest_json(json.dumps(doc)).tests]
    assert said == ["describe is not defined: the file calls `describe` without importing it; "
                    "vitest defines them only with `test.globals: true` in its config (or "
                    "`--globals`)", "Cannot find module './b'"]
    jest = {"testResults": [{"name": "/p/a.test.js", "status": "failed",
                             "message": "ReferenceError: it is not defined",
                             "assertionResults": []}]}
    assert ro.parse_jest_json(json.dumps(jest)).tests[0].message == (
        "ReferenceError: it is not defined: the file calls `it` without importing it; jest "
        "defines them unless its config sets `injectGlobals: false`")


def test_a_typescript_file_babel_jest_could_not_parse_says_what_reads_typescript() -> None:
    """itertools-ts ships its TypeScript tests and no jest config: babel-jest parsed them as
    JavaScript, and the one line said only "Unexpected token, expected "{"" at a return
    type. A JavaScript file's syntax error, or vitest's, is left as it was."""
    message = ("  \u25cf Test suite failed to run\n\n    SyntaxError: /p/tests/rows.test.ts: "
               'Unexpected token, expected "{" (12:20)\n\n    > 12 | function rows(): '
               "Array<number> {\n\n      at toParseError (node_modules/@babel/parser/src/"
               "parse-error.ts:96:45)\n")
    doc = {"testResults": [{"name": "/p/tests/rows.test.ts", "status": "failed",
                            "message": message, "assertionResults": []}]}
    said = ro.parse_jest_json(json.dumps(doc)).tests[0].message or ""
    assert said.startswith("/p/tests/rows.test.ts:12:21")  # Babel's column 20, counted from 0
    assert said.endswith(": babel-jest parsed this TypeScript file as JavaScript; jest reads "
                         "TypeScript with `preset: 'ts-jest'` in its config, or "
                         "`@babel/preset-typescript` in Babel's")
    plain = json.dumps(doc).replace("rows.test.ts", "rows.test.js")
    assert "ts-jest" not in (ro.parse_jest_json(plain).tests[0].message or "")
    assert "ts-jest" not in (ro.parse_vitest_json(json.dumps(doc)).tests[0].message or "")


def test_a_babel_parse_error_is_located_at_its_column_counted_from_one() -> None:
    """Babel counts a column from 0: the `:` of `function memo(key: string` is its 18th
    character, which Babel says as `(3:17)`; `file:line:col` counts from 1, as editors,
    TypeScript and rolldown do, and had pointed one character before it."""
    message = ("  \u25cf Test suite failed to run\n\n    SyntaxError: /p/__tests__/memo.ts: "
               'Unexpected token, expected "," (3:17)\n\n    > 3 | function memo(key: string'
               ") {\n")
    doc = {"testResults": [{"name": "/p/__tests__/memo.ts", "status": "failed",
                            "message": message, "assertionResults": []}]}
    said = ro.parse_jest_json(json.dumps(doc)).tests[0].message or ""
    assert said.startswith('/p/__tests__/memo.ts:3:18: Unexpected token, expected ","')
    assert "function memo(key: string"[18 - 1] == ":"


def test_a_javascript_file_jest_loaded_untransformed_says_what_compiles_it() -> None:
    """minisearch's jest config hands its `.js` tests to ts-jest, and its npm package ships no
    tsconfig.json: ts-jest left them as written and the one line said only that Node refused
    an `import`. The same refusal in a package under node_modules is left as it was."""
    said_lines = ["  \u25cf Test suite failed to run", "", "    Jest encountered an unexpected token",
                  "", "    Details:", "", "    /w/lib/src/index.test.js:2",
                  "    import Index from './Index'", "    ^^^^^^", "",
                  "    SyntaxError: Cannot use import statement outside a module", "",
                  "      at Runtime.createScriptFromCode (node_modules/jest-runtime/x.js:9:14)"]
    suite = dict(name="/w/lib/src/index.test.js", status="failed",
                 message="\n".join(said_lines), assertionResults=[])
    doc = {"testResults": [suite]}
    said = ro.parse_jest_json(json.dumps(doc)).tests[0].message or ""
    assert said == ("Jest encountered an unexpected token; SyntaxError: Cannot use import "
                    "statement outside a module: jest loaded `index.test.js` untransformed; "
                    "ts-jest compiles a .js file only with `allowJs: true` in tsconfig.json, "
                    "babel-jest only with a Babel config")
    dependency = json.dumps(doc).replace("/w/lib/src/index.test.js:2",
                                         "/w/lib/node_modules/esm-only/index.js:1")
    assert "allowJs" not in (ro.parse_jest_json(dependency).tests[0].message or "")
    assert "allowJs" not in (ro.parse_vitest_json(json.dumps(doc)).tests[0].message or "")


def test_a_jest_like_test_is_shown_with_its_groups_names_apart() -> None:
    """vitest's full name joins its groups' names and its own with a space: matching reads
    it; the review shows them with ` > ` between, as its test ids have them."""
    doc = {"testResults": [{"name": "/p/a.test.ts", "status": "failed", "assertionResults": [
        {"ancestorTitles": ["", "cookie.parse(str, options)", 'with "decode" option'],
         "fullName": ' cookie.parse(str, options) with "decode" option parse filter key',
         "status": "failed", "title": "parse filter key", "failureMessages": ["boom"]},
        {"fullName": "plain", "status": "passed"}]}]}
    tests = ro.parse_vitest_json(json.dumps(doc)).tests
    assert [(t.name, t.shown) for t in tests] == [
        (' cookie.parse(str, options) with "decode" option parse filter key',
         'cookie.parse(str, options) > with "decode" option > parse filter key'),
        ("plain", "plain")]


# --- malformed and hostile input --------------------------------------------------------------


@pytest.mark.parametrize("fmt", ro.FORMATS)
@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "is empty"),
        (b"   \n", "is empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "is binary"),
        (b"\xff\xfe\xfa garbage", "is not UTF-8"),
    ],
)
def test_unusable_bytes_are_refused(fmt: str, data: bytes, message: str) -> None:
    with pytest.raises(MalformedFile, match=message) as info:
        ro.parse(fmt, data, exit_code=3)
    assert info.value.exit_code == 3


@pytest.mark.parametrize(
    ("fmt", "name", "message"),
    [
        ("junit", "pytest-junit.xml", "is truncated"),
        ("surefire", "surefire/TEST-com.example.evcalc.ParseTest.xml", "is truncated"),
        ("jest", "jest.json", "truncated JSON"),
        ("vitest", "vitest.json", "truncated JSON"),
        ("go-json", "go-test.jsonl", "is truncated"),
        ("tap", "bats.tap", "is truncated"),
    ],
)
def test_truncated_real_output_is_refused(fmt: str, name: str, message: str) -> None:
    data = sample(name)
    with pytest.raises(MalformedFile, match=message):
        ro.parse(fmt, data[: len(data) // 2])


def test_go_stream_cut_at_a_line_boundary_is_truncated() -> None:
    lines = sample("go-test.jsonl").decode().splitlines(keepends=True)
    with pytest.raises(MalformedFile, match=re.escape("package example.com/evcalc has no final result")):
        ro.parse_go_test_json("".join(lines[:-1]))


def test_billion_laughs_is_refused_before_parsing() -> None:
    bomb = (
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
        + "".join(
            f' <!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">\n'
            for i in range(1, 10)
        )
        + ']>\n<testsuite><testcase classname="a" name="&lol9;"/></testsuite>\n'
    )
    with pytest.raises(MalformedFile, match="declares XML entities; refused"):
        ro.parse_junit_xml(bomb)


def test_external_entity_is_refused() -> None:
    xxe = '<!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]><testsuite name="&x;"/>'
    with pytest.raises(MalformedFile, match="declares XML entities"):
        ro.parse_junit_xml(xxe)


def test_oversized_output_is_refused_without_parsing() -> None:
    flood = b"<testsuite>" + b"<testcase classname='a' name='b'/>" * (50 * 1024 * 1024 // 34)
    assert len(flood) > 50_000_000
    with pytest.raises(MalformedFile, match="too large"):
        ro.parse_junit_xml(flood[:-7])


@pytest.mark.parametrize(
    ("fmt", "data", "message"),
    [
        ("junit", "<coverage/>", r"not a JUnit report \(root element <coverage>\)"),
        ("junit", "<testsuite><testcase></testsuite>", "invalid XML"),
        ("jest", "[]", "no testResults list"),
        ("jest", '{"testResults": [1]}', "not an object"),
        ("jest", '{"testResults": [{"assertionResults": [{"status": "weird"}]}]}',
         "unknown test status 'weird'"),
        ("vitest", "{not json}", "not valid JSON"),
        ("go-json", '{"Test": "x"}\n', "no test or package results"),
        ("go-json", '{"Action": "run", "Package": "p", "Test": "T"}\n',
         "package p has no final result"),
        ("go-json", "{broken\n{}\n", "no test or package results"),
        ("go-json", "just text\n", "no test or package results"),
        ("tap", "hello\nworld\n", "no plan and no test lines"),
        ("tap", "1..2\nBail out! database down\n", "bailed out: database down"),
    ],
)
def test_malformed_reports(fmt: str, data: str, message: str) -> None:
    with pytest.raises(MalformedFile, match=message):
        ro.parse(fmt, data)


def test_unknown_format() -> None:
    with pytest.raises(InvalidInput, match="unknown runner output format 'xunit'"):
        ro.parse("xunit", "x", exit_code=2)


def test_a_cut_go_stream_names_the_tests_still_running() -> None:
    events = [{"Action": "run", "Package": "p", "Test": "TestA"},
              {"Action": "pass", "Package": "p", "Test": "TestA"},
              {"Action": "run", "Package": "p", "Test": "TestB"},
              {"Action": "run", "Package": "p", "Test": "TestB/sub"},
              {"Action": "output", "Package": "p", "Test": "TestB", "Output": "..."}]
    text = "\n".join(json.dumps(e) for e in events) + "\nnot json\n{broken"
    assert ro.go_still_running(text) == (ro.TestOutcome("TestB", ro.ERROR, "p", ro.STILL_RUNNING),
                                         ro.TestOutcome("TestB/sub", ro.ERROR, "p",
                                                        ro.STILL_RUNNING))
    assert ro.go_still_running(b"") == ()
    assert ro.go_finished(text) == (ro.TestOutcome("TestA", ro.PASSED, "p"),)


def test_a_cut_go_stream_counts_a_test_whose_end_line_it_holds_as_ended() -> None:
    """A run cut off at its time limit while one parallel test slept: another had printed
    `--- PASS: TestParseBool (0.00s)`, the stream ending before the pass event `test2json`
    writes after that line. It passed; it had read as still running."""
    events = [*_go_steps("run TestSlowImport", "pause TestSlowImport", "run TestParseBool",
                         "pause TestParseBool", "cont TestSlowImport", "cont TestParseBool"),
              {"Action": "output", "Package": "p", "Test": "TestParseBool",
               "Output": "--- PASS: TestParseBool (0.00s)\n"}]
    text = "\n".join(json.dumps(e) for e in events) + "\n"
    assert ro.go_still_running(text) == (
        ro.TestOutcome("TestSlowImport", ro.ERROR, "p", ro.STILL_RUNNING),)
    assert ro.go_finished(text) == (ro.TestOutcome("TestParseBool", ro.PASSED, "p"),)


def test_a_cut_go_stream_says_what_it_finished_and_how() -> None:
    events = [{"Action": "run", "Package": "p", "Test": "TestA"},
              {"Action": "fail", "Package": "p", "Test": "TestA"},
              {"Action": "skip", "Package": "q", "Test": "TestB"},
              {"Action": "pass", "Package": "p"},  # a package's end: no test
              {"Action": "pass", "Package": "p", "Test": "TestC"}]
    text = "\n".join(json.dumps(e) for e in events) + "\n{broken"
    assert ro.go_finished(text.encode()) == (ro.TestOutcome("TestA", ro.FAILED, "p"),
                                             ro.TestOutcome("TestB", ro.SKIPPED, "q"),
                                             ro.TestOutcome("TestC", ro.PASSED, "p"))


def test_the_pytest_tests_a_progress_log_shows_still_running() -> None:
    log = ("> tests/a.py::test_one\n< tests/a.py::test_one\n> tests/a.py::test_two\n"
           "> tests/b.py::TestX::test_three[1]\n< tests/b.py::TestX::test_three[1]\n"
           "garbage line\n>\n")
    assert ro.pytest_still_running(log) == ("tests/a.py::test_two",)
    assert ro.pytest_still_running("") == ()


def test_the_pytest_tests_a_progress_log_shows_finished_with_their_outcomes() -> None:
    log = ("> tests/a.py::test_ok\n< tests/a.py::test_ok\n"
           "> tests/a.py::test_bad\n= failed tests/a.py::test_bad\n"
           "= error tests/a.py::test_bad\n< tests/a.py::test_bad\n"  # and its teardown
           "> tests/a.py::test_skip[x y]\n= skipped tests/a.py::test_skip[x y]\n"
           "< tests/a.py::test_skip[x y]\n"
           "> tests/b.py::TestX::test_f\n= failed tests/b.py::TestX::test_f\n"
           "< tests/b.py::TestX::test_f\n"
           "> tests/a.py::test_hangs\n= bogus tests/a.py::test_hangs\n")
    assert ro.pytest_finished(log) == (
        ro.TestOutcome("test_ok", ro.PASSED, "tests/a.py"),
        ro.TestOutcome("test_bad", ro.ERROR, "tests/a.py"),
        ro.TestOutcome("test_skip[x y]", ro.SKIPPED, "tests/a.py"),
        # as JUnit names a class's test, shown with its class
        ro.TestOutcome("test_f", ro.FAILED, "tests/b.py", path=("TestX::test_f",)))


def test_a_pytest_node_id_names_its_test_as_junit_does() -> None:
    junit = ro.parse("junit", '<testsuite><testcase classname="tests.b.TestX.TestY" '
                              'name="test_f[a::b]"/></testsuite>').tests[0]
    assert ro.pytest_test("tests/b.py::TestX::TestY::test_f[a::b]", ro.PASSED) == junit


def test_pytest_failure_lines_are_read_from_its_terminal_output() -> None:
    """Where pytest wrote no JUnit report, a failure's first line is its section's first
    `E` line, by the name the section is headed with."""
    text = ("=================================== FAILURES ===================================\n"
            "____________________________ test_normalize_scheme _____________________________\n"
            "\n    def test_normalize_scheme():\n>       assert 'http' == f('htTp')\n"
            "E       AssertionError: assert 'http' == 'htTp'\nE         \n"
            "E         - htTp\n\ntests/test_n.py:12: AssertionError\n"
            "_ TestMore.test_a_name_so_long_that_pytest_leaves_one_underscore_each_side[1] _\n"
            "E   assert 3 == 4\n"
            "_____________________ ERROR at setup of test_needs_db _____________________\n"
            "E       RuntimeError: no database\n"
            "=========================== short test summary info ============================\n"
            "FAILED tests/test_n.py::test_normalize_scheme - AssertionError: ass...\n")
    assert ro.pytest_failure_lines(text) == {
        "test_normalize_scheme": "AssertionError: assert 'http' == 'htTp'",
        "TestMore.test_a_name_so_long_that_pytest_leaves_one_underscore_each_side[1]":
            "assert 3 == 4",
        "test_needs_db": "RuntimeError: no database"}
    assert ro.pytest_failure_lines("....  [100%]\n4 passed in 0.01s\n") == {}  # none failed


def test_the_reviews_vitest_log_says_what_a_cut_off_run_had_run() -> None:
    """One line per test started or finished, the latest one standing: the finished with
    their outcomes, those still running in error; named as vitest's JSON report names them."""
    log = "\n".join([
        '{"event":"pass","file":"/p/test/a.test.ts","titles":["grp","one"]}',
        '{"event":"run","file":"/p/test/a.test.ts","titles":["grp","two"]}',
        '{"event":"skip","file":"/p/test/a.test.ts","titles":["later"]}',
        '{"event":"fail","file":"/p/test/a.test.ts","titles":["grp","two"]}',
        '{"event":"run","file":"/p/test/b.test.ts","titles":["hangs"]}',
        'not json', '{"event":"pass","titles":"no list"}', ""])
    done, running = ro.js_progress(log)
    assert [(t.name, t.outcome, t.file, t.path) for t in done] == [
        ("grp one", "passed", "/p/test/a.test.ts", ("grp", "one")),
        ("later", "skipped", "/p/test/a.test.ts", ("later",)),
        ("grp two", "failed", "/p/test/a.test.ts", ("grp", "two"))]
    assert [(t.shown, t.outcome, t.file) for t in running] == [
        ("hangs", "error", "/p/test/b.test.ts")]


def test_the_reviews_vitest_log_names_the_files_a_cut_off_run_was_still_in() -> None:
    """A file's own lines, its latest standing: started and not finished is still running,
    whatever its tests' lines say (vitest may not have sent those yet); its lines are no
    test's."""
    log = "\n".join([
        '{"event":"run","file":"/p/a.test.ts","task":"file"}',
        '{"event":"run","file":"/p/b.test.ts","task":"file"}',
        '{"event":"pass","file":"/p/a.test.ts","titles":["one"]}',
        '{"event":"pass","file":"/p/a.test.ts","task":"file"}',
        '{"event":"run","file":"/p/c.test.ts","task":"file"}',
        '{"event":"fail","file":"/p/c.test.ts","task":"file"}',
        '{"event":"run","file":null,"task":"file"}', "not json", ""])
    assert ro.js_files_running(log) == ("/p/b.test.ts",)
    done, running = ro.js_progress(log)
    assert [t.name for t in done] == ["one"] and running == ()


# `python -m unittest -v` on stderr, as webcolors' suite writes it (its names changed): a
# docstring's line under a test's, a skip, a failed subtest, an expected failure, an error.
UNITTEST_VERBOSE = """\
test_to_hex (tests.test_shades.ShadeTests.test_to_hex)
A shade's name gives its hex code. ... ok
test_to_rgb (tests.test_shades.ShadeTests.test_to_rgb) ... FAIL
test_later (tests.test_shades.ShadeTests.test_later) ... skipped 'not yet'
test_rows (tests.test_shades.ShadeTests.test_rows) ...
  test_rows (tests.test_shades.ShadeTests.test_rows) (i=2) ... FAIL
test_known (tests.test_shades.ShadeTests.test_known) ... expected failure
test_broken (tests.test_clip.ClipTests) ... ERROR

======================================================================
FAIL: test_to_rgb (tests.test_shades.ShadeTests.test_to_rgb)
----------------------------------------------------------------------
Traceback (most recent call last):
  File "/p/tests/test_shades.py", line 9, in test_to_rgb
    self.assertEqual(to_rgb("navy"), (0, 0, 127))
AssertionError: Tuples differ: (0, 0, 128) != (0, 0, 127)

======================================================================
FAIL: test_rows (tests.test_shades.ShadeTests.test_rows) (i=2)
----------------------------------------------------------------------
Traceback (most recent call last):
  File "/p/tests/test_shades.py", line 20, in test_rows
    self.assertLess(i, 2)
AssertionError: 2 not less than 2

----------------------------------------------------------------------
Ran 6 tests in 0.003s

FAILED (failures=2, errors=1, skipped=1, expected failures=1)
"""


def test_unittest_verbose_report_names_each_test_as_pytest_does() -> None:
    counts = ro.parse("unittest", UNITTEST_VERBOSE)
    assert (counts.passed, counts.failed, counts.skipped, counts.errors) == (1, 2, 2, 1)
    got = {(t.file, t.shown): (t.outcome, t.message) for t in counts.tests}
    assert got == {
        ("tests/test_shades.py", "ShadeTests::test_to_hex"): ("passed", None),
        ("tests/test_shades.py", "ShadeTests::test_to_rgb"): (
            "failed", "AssertionError: Tuples differ: (0, 0, 128) != (0, 0, 127)"),
        ("tests/test_shades.py", "ShadeTests::test_later"): ("skipped", "not yet"),
        ("tests/test_shades.py", "ShadeTests::test_rows"): (
            "failed", "AssertionError: 2 not less than 2"),
        ("tests/test_shades.py", "ShadeTests::test_known"): ("skipped", "xfail"),
        # before Python 3.11 the parentheses name the class alone
        ("tests/test_clip.py", "ClipTests::test_broken"): ("error", None),
    }
    assert {t.name: t.failed_at for t in counts.tests if t.failed_at} == {
        "test_to_rgb": 9, "test_rows": 20}


# Two strings differing: unittest's `assertEqual` writes the exception's line, then the two
# strings again with `?` lines marking where they differ (diff-match-patch's delta test).
UNITTEST_STRINGS_DIFFER = """\
test_text (tests.test_codec.CodecTests.test_text) ... FAIL

======================================================================
FAIL: test_text (tests.test_codec.CodecTests.test_text)
----------------------------------------------------------------------
Traceback (most recent call last):
  File "/p/tests/test_codec.py", line 12, in test_text
    self.assertEqual("over the crazy", text_of(diffs))
AssertionError: 'over the crazy' != 'over the lazy'
- over the crazy
?          ^^
+ over the lazy
?          ^


----------------------------------------------------------------------
Ran 1 test in 0.001s

FAILED (failures=1)
"""


def test_a_unittest_failure_s_message_is_its_exception_s_line_not_the_diff_under_it() -> None:
    """A failed `assertEqual` of two strings had been said to fail with `?          ^`, the
    last line of the diff unittest writes under the exception's line."""
    counts = ro.parse("unittest", UNITTEST_STRINGS_DIFFER)
    assert [(t.outcome, t.message, t.failed_at) for t in counts.tests] == [
        ("failed", "AssertionError: 'over the crazy' != 'over the lazy'", 12)]

# A module's doctests its `load_tests` adds (jsonpointer's tests.py): unittest names each on
# two lines, `name (where)` then `Doctest: dotted ... ok`, where for a module's function.
UNITTEST_DOCTESTS = """\
test_join (tests.JoinTests.test_join)
Joins two pointers. ... ok
pointers ()
Doctest: pointers ... ok
from_parts (pointers.Pointer)
Doctest: pointers.Pointer.from_parts ... ok
resolve (pointers)
Doctest: pointers.resolve ... FAIL

======================================================================
FAIL: resolve (pointers)
Doctest: pointers.resolve
----------------------------------------------------------------------
Traceback (most recent call last):
  File "/usr/lib/python3.11/doctest.py", line 2241, in runTest
    raise self.failureException(self.format_failure(new.getvalue()))
AssertionError: Failed doctest test for pointers.resolve
  File "/p/pointers.py", line 6, in resolve

----------------------------------------------------------------------
Ran 4 tests in 0.004s

FAILED (failures=1)
"""


def test_a_unittest_doctest_is_counted_under_the_id_pytest_gives_it() -> None:
    """jsonpointer under `python -m unittest tests -v`: unittest ran 27 tests, 5 of them
    doctests, and the run line said 24: a module function's doctest was dropped, a method's
    took the id of a test method that does not exist."""
    counts = ro.parse("unittest", UNITTEST_DOCTESTS)
    assert (counts.passed, counts.failed) == (3, 1)
    assert {(t.file, t.shown): (t.outcome, t.message) for t in counts.tests} == {
        ("tests.py", "JoinTests::test_join"): ("passed", None),
        ("pointers.py", "pointers"): ("passed", None),
        ("pointers.py", "pointers.Pointer.from_parts"): ("passed", None),
        ("pointers.py", "pointers.resolve"): (
            "failed", "AssertionError: Failed doctest test for pointers.resolve"),
    }


# `python -m unittest discover -v -k 'tests.test_calc.*'`: discovery imports every test
# module, and one it could not import (an optional package missing) has a stand-in test named
# after the module, listed after the story's tests, which `-k` does not filter out.
UNITTEST_UNIMPORTED = """\
test_adds (tests.test_calc.AddTest.test_adds) ... ok
test_refuses_text (tests.test_calc.AddTest.test_refuses_text) ... ok
tests.test_other (unittest.loader._FailedTest.tests.test_other) ... ERROR

======================================================================
ERROR: tests.test_other (unittest.loader._FailedTest.tests.test_other)
----------------------------------------------------------------------
ImportError: Failed to import test module: tests.test_other
Traceback (most recent call last):
  File "/usr/lib/python3.11/unittest/loader.py", line 362, in _get_module_from_name
    __import__(name)
  File "/p/tests/test_other.py", line 2, in <module>
    import yaml
ModuleNotFoundError: No module named 'yaml'


----------------------------------------------------------------------
Ran 3 tests in 0.001s

FAILED (errors=1)
"""


def test_a_module_unittest_could_not_import_is_a_file_not_collected_not_the_test_before_it(
        ) -> None:
    """The stand-in's `... ERROR` had been read as the outcome of the test on the line before
    it (its dotted name is no test method's), so a test that passed read "failed in this
    run"; the module is now a file its runner could not load, as pytest's collection error
    is, with the exception and where it was raised."""
    counts = ro.parse("unittest", UNITTEST_UNIMPORTED)
    got = {(t.file, t.name): (t.outcome, t.message) for t in counts.tests}
    assert got == {
        ("tests/test_calc.py", "test_adds"): ("passed", None),
        ("tests/test_calc.py", "test_refuses_text"): ("passed", None),
        ("tests/test_other.py", ""): (
            "error", "ModuleNotFoundError: No module named 'yaml' (tests/test_other.py:2)"),
    }
    unloaded = [t for t in counts.tests if ro.uncollected_file(t)]
    assert [ro.uncollected_file(t) for t in unloaded] == ["tests/test_other.py"]
    # before Python 3.11 the stand-in's parentheses name its class alone
    older = UNITTEST_UNIMPORTED.replace("_FailedTest.tests.test_other)", "_FailedTest)")
    assert {(t.file, t.name, t.outcome) for t in ro.parse("unittest", older).tests} == {
        (file, name, outcome) for (file, name), (outcome, _) in got.items()}


def test_a_unittest_test_that_wrote_to_stderr_has_its_outcome_on_the_line_after() -> None:
    """A test that warns (`DeprecationWarning`, a log line) while it runs: unittest writes
    its ` ... ` line, what the test wrote, then `ok` (or `FAIL`) alone on a line. The test
    had had no outcome, "never run: the runner's report has no outcome for it", and its AC
    no test."""
    report = ("test_sums (tests.test_calc.AddTest.test_sums) ... /p/calc.py:3: "
              "DeprecationWarning: add() of text is deprecated\n"
              "  warnings.warn(\"add() of text is deprecated\", DeprecationWarning)\n"
              "ok\n"
              "test_refuses (tests.test_calc.AddTest.test_refuses) ... WARNING:calc:refused\n"
              "FAIL\n"
              "test_later (tests.test_calc.AddTest.test_later) ... skipped 'not yet'\n"
              "test_plain (tests.test_calc.AddTest.test_plain) ... ok\n\n"
              "----------------------------------------------------------------------\n"
              "Ran 4 tests in 0.001s\n\nFAILED (failures=1, skipped=1)\n")
    counts = ro.parse("unittest", report)
    assert {t.name: t.outcome for t in counts.tests} == {
        "test_sums": "passed", "test_refuses": "failed", "test_later": "skipped",
        "test_plain": "passed"}
    # a line a test printed that reads `ok` after a test that had its outcome is no outcome
    printed = report.replace("test_plain (tests.test_calc.AddTest.test_plain) ... ok\n",
                             "test_plain (tests.test_calc.AddTest.test_plain) ... ok\nFAIL\n")
    assert {t.name: t.outcome for t in ro.parse("unittest", printed).tests}["test_plain"] \
        == "passed"
    # nor does an `ok` a failing test wrote itself hide the outcome unittest writes after it
    hiding = report.replace("WARNING:calc:refused\nFAIL\n", "WARNING:calc:refused\nok\nFAIL\n")
    assert {t.name: t.outcome for t in ro.parse("unittest", hiding).tests}["test_refuses"] \
        == "failed"


def test_a_unittest_report_without_its_verbose_lines_is_refused() -> None:
    with pytest.raises(MalformedFile):
        ro.parse("unittest", "......\nRan 6 tests in 0.001s\n\nOK\n")


def test_a_failed_vitest_snapshot_is_told_by_what_the_reporter_logged_of_it() -> None:
    """htmlparser2: vitest's JSON report says of a snapshot that no longer matches only
    "Snapshot `Events > keeps text 1` mismatched"; the review's reporter logs the stored and
    received values, and the message says where they first differ. A test the log says
    nothing of, and one failing another way, keep theirs."""
    file = "/p/src/events.spec.ts"
    report = json.dumps({"testResults": [{"name": file, "assertionResults": [
        {"ancestorTitles": ["Events"], "title": "keeps text", "fullName": "Events keeps text",
         "status": "failed", "failureMessages": [
             "Error: Snapshot `Events > keeps text 1` mismatched\n    at handle (x.ts:31:17)"]},
        {"ancestorTitles": ["Events"], "title": "reads a tag", "fullName": "Events reads a tag",
         "status": "failed", "failureMessages": [
             "Error: Snapshot `Events > reads a tag 1` mismatched"]},
        {"ancestorTitles": ["API"], "title": "backs out", "fullName": "API backs out",
         "status": "failed", "failureMessages": ["AssertionError: expected 'a' to be 'b'"]},
    ]}]})
    counts = ro.parse_vitest_json(report)
    progress = "\n".join([
        json.dumps({"event": "run", "file": file, "titles": ["Events", "keeps text"]}),
        "not json",
        json.dumps({"event": "fail", "file": file, "titles": ["Events", "keeps text"],
                    "snapshot": {"expected": '[\n  "text",\n  "Q&amp;A",\n]',
                                 "actual": '[\n  "text",\n  "Q&A",\n]'}}),
    ])
    said = {t.name: t.message for t in ro.snapshot_said(counts, progress).tests}
    assert said == {
        "Events keeps text": 'snapshot `Events > keeps text 1` differs at its line 3: stored '
                             '`"Q&amp;A",`, received `"Q&A",`',
        "Events reads a tag": "Error: Snapshot `Events > reads a tag 1` mismatched",
        "API backs out": "AssertionError: expected 'a' to be 'b'"}


def test_a_snapshot_never_stored_says_so() -> None:
    """vitest, run as in CI, fails a snapshot it has not got as "mismatched", its stored
    value `undefined`: a test file whose `.snap` was never committed."""
    assert ro.snapshot_difference("marks a tag 1", "undefined", '[\n  "open",\n]') == (
        "no snapshot `marks a tag 1` is stored (run as in CI, a snapshot is never written: "
        "commit the .snap file)")
    assert ro.snapshot_difference("x 1", '"a"\n"b"', '"a"') == (
        'snapshot `x 1` differs at its line 2: stored `"b"`, received `(nothing)`')
    assert ro.snapshot_difference("x 1", '"a"', '"a"') is None


def test_a_passed_test_whose_first_snapshot_went_unchecked_made_no_snapshot_check() -> None:
    """htmlparser2: with `toMatchSnapshot()` taken out of the `runTest` function, its 54 events
    tests passed and vitest reported their stored snapshots unchecked: each test's
    `<name> 1` is what its first snapshot check compares with, so none made one. A test
    whose second snapshot alone went unchecked still made its first; a failed one is judged
    by its failure; jest names a snapshot with its groups spaced."""
    file = "/p/src/events.spec.ts"

    def result(title: str, status: str = "passed") -> dict[str, object]:
        return {"ancestorTitles": ["Events"], "title": title,
                "fullName": f"Events {title}", "status": status, "failureMessages": []}

    report = {"testResults": [{"name": file, "assertionResults": [
        result("simple"), result("two views"), result("broken", "failed"), result("jest")]}],
        "snapshot": {"unchecked": 4, "uncheckedKeysByFile": [{"filePath": file, "keys": [
            "Events > simple 1", "Events > two views 2", "Events > broken 1",
            "Events jest 1"]}]}}
    marked = {t.name: t.unchecked_snapshot
              for t in ro.parse_vitest_json(json.dumps(report)).tests}
    assert marked == {"Events simple": "Events > simple 1", "Events two views": None,
                      "Events broken": None, "Events jest": "Events jest 1"}
    del report["snapshot"]
    assert {t.unchecked_snapshot for t in ro.parse_vitest_json(json.dumps(report)).tests} == {
        None}


def test_a_failed_jest_test_says_where_its_check_failed_and_what_its_diff_differs_in() -> None:
    """card-validator 10.0.4's parse-date test made to expect `{ month: "1", year: "04" }` of
    "104": the message said only jest's matcher line, and its finding sat at the test's `it(`
    two lines above the check that failed."""
    message = ('Error: expect(received).toEqual(expected) // deep equality\n\n- Expected  - 2\n'
               '+ Received  + 2\n\n  Object {\n-   "month": "1",\n-   "year": "04",\n'
               '+   "month": "10",\n+   "year": "4",\n  }\n    at Object.<anonymous> '
               '(/p/src/__tests__/lib/parse-date.ts:103:32)\n    at Promise.finally.completed '
               '(/p/node_modules/jest-circus/build/jestAdapterInit.js:1834:28)')
    doc = {"testResults": [{"name": "/p/src/__tests__/lib/parse-date.ts", "status": "failed",
                            "assertionResults": [{
                                "ancestorTitles": ["parse-date", "10-12"], "status": "failed",
                                "title": "splits after 10", "failureMessages": [message],
                                "fullName": "parse-date 10-12 splits after 10",
                                "location": {"line": 101, "column": 5}}]}]}
    [test] = ro.parse_jest_json(json.dumps(doc)).tests
    assert test.message == (
        'Error: expect(received).toEqual(expected) // deep equality; Expected: "month": "1", '
        '"year": "04"; Received: "month": "10", "year": "4"; at line 103')
    assert (test.line, test.failed_at) == (101, 103)


def test_a_failed_jest_check_of_an_array_says_each_side_whole() -> None:
    """minisearch's `returns scored results` made to expect the ids `[1, 2]` where the search
    gave `[1, 3]`: the message said "Expected: 2; Received: 3", the differing items alone, as
    if the ids were numbers. A nested array's diff is said as before, by its differing lines."""
    diff = ["Error: expect(received).toEqual(expected) // deep equality", "",
            "- Expected  - 1", "+ Received  + 1", "", "  Array [", "    1,", "-   2,",
            "+   3,", "  ]", "    at Object.<anonymous> (/w/src/index.test.js:23:50)"]
    assert ro.jest_failure_line("\n".join(diff)) == (
        "Error: expect(received).toEqual(expected) // deep equality; Expected: [1, 2]; "
        "Received: [1, 3]")
    nested = [*diff[:6], "    Array [", "      1,", "-     2,", "+     3,", "    ],", *diff[9:]]
    assert ro.jest_failure_line("\n".join(nested)) == (
        "Error: expect(received).toEqual(expected) // deep equality; Expected: 2; Received: 3")


def test_a_failed_vitest_1_spy_check_says_what_it_received_and_where_it_failed() -> None:
    """wonka 6.3.6 under vitest 1.6, its `toPromise` test made to expect the last value 4 of
    `fromArray([1, 2, 3])`: vitest 1 writes the failure's own line as the failed test's
    `location` (228, the `toHaveBeenCalledWith`; the `it(` is on 225) and no location for the
    tests that passed, and a bare message; the report said only what the spy should have been
    called with, at the test's `it(`."""
    message = ('expected "spy" to be called with arguments: [ 4 ]\x1b[90m\n\nReceived: \n\n'
               '\x1b[1m  1st spy call:\n\n\x1b[22m\x1b[2m  Array [\x1b[22m\n'
               '\x1b[32m-   4,\x1b[90m\n\x1b[31m+   3,\x1b[90m\n\x1b[2m  ]\x1b[22m\n'
               '\x1b[39m\x1b[90m\n\nNumber of calls: \x1b[1m1\x1b[22m\n\x1b[39m')
    passed = {"ancestorTitles": ["", "toPromise"], "status": "passed",
              "title": "resolves on the last value", "failureMessages": []}
    failed = {"ancestorTitles": ["", "toPromise"], "status": "failed",
              "title": "resolves for synchronous sources", "failureMessages": [message],
              "location": {"line": 228, "column": 16}}
    doc = {"testResults": [{"name": "/p/src/__tests__/sinks.test.ts", "status": "failed",
                            "assertionResults": [passed, failed]}]}
    [_, test] = ro.parse("vitest", json.dumps(doc)).tests
    assert test.message == ('expected "spy" to be called with arguments: [ 4 ]; '
                            'Expected: [4]; Received: [3]')
    assert (test.line, test.failed_at) == (None, 228)
    # vitest 2.1 and later, given `includeTaskLocation`, locate every test where it is declared
    located = [{**passed, "location": {"line": 198, "column": 3}},
               {**failed, "location": {"line": 225, "column": 3}}]
    doc["testResults"][0]["assertionResults"] = located
    [_, test] = ro.parse("vitest", json.dumps(doc)).tests
    assert (test.line, test.failed_at) == (225, None)
    # and when every test failed, by the stack its message carries
    stacked = {**located[1], "failureMessages": [
        message + "\n    at /p/src/__tests__/sinks.test.ts:228:16"]}
    doc["testResults"][0]["assertionResults"] = [stacked]
    [test] = ro.parse("vitest", json.dumps(doc)).tests
    assert (test.line, test.failed_at) == (225, 228)


def test_a_pytest_classname_split_at_the_wrong_dot_is_put_in_the_file_that_exists() -> None:
    report = ('<testsuites><testsuite><testcase classname="tests.TestDates.test" '
              'name="testMonday" /><testcase classname="tests.test_a.TestB" name="test_c" />'
              '</testsuite></testsuites>')
    files = {"tests/TestDates.py", "tests/test_a.py"}
    counts = ro.pytest_refiled(ro.parse("junit", report), files.__contains__)
    assert [(t.file, t.path) for t in counts.tests] == [
        ("tests/TestDates.py", ("test::testMonday",)), ("tests/test_a.py", ("TestB::test_c",))]


def test_a_failure_in_a_module_not_in_capwords_is_put_at_the_line_its_text_names() -> None:
    # parsedatetime's testPrefixes failing at tests/TestNlp.py:113 had been put at its `def`
    report = ('<testsuites><testsuite><testcase classname="tests.TestDates.test" '
              'name="testMonday"><failure message="AssertionError">self = ...\n'
              '&gt;       self.assertEqual(found, "on Monday")\n'
              'tests/TestDates.py:9: AssertionError</failure></testcase>'
              '</testsuite></testsuites>')
    assert [t.failed_at for t in ro.parse("junit", report).tests] == [9]


def test_an_exit_at_a_test_modules_import_is_that_module_left_uncollected() -> None:
    # toposort's test module ends in a bare `unittest.main()`: it parsed pytest's command line,
    # exited 2 and stopped pytest, whose report named only `pytest.py::internal`
    trace = ('Traceback (most recent call last):\n'
             '  File "/venv/lib/python3.11/site-packages/_pytest/main.py", line 333, in wrap\n'
             '    session.exitstatus = doit(config, session) or 0\n'
             '  File "/work/graph/test/test_order.py", line 80, in &lt;module&gt;\n'
             '    unittest.main()\n'
             '  File "/usr/lib/python3.11/argparse.py", line 2617, in exit\n'
             '    _sys.exit(status)\n'
             'SystemExit: 2')
    report = ('<testsuites><testsuite errors="1"><testcase classname="pytest" name="internal">'
              f'<error message="internal error">{trace}</error></testcase></testsuite>'
              '</testsuites>')
    counts = ro.pytest_refiled(ro.parse("junit", report), {"test/test_order.py"}.__contains__)
    [test] = counts.tests
    assert (counts.errors, ro.uncollected_file(test)) == (1, "test/test_order.py")
    assert test.message == ("SystemExit: 2 at `unittest.main()`, which stopped pytest while it "
                            "imported the module (test/test_order.py:80)")
    # a module outside the project keeps the traceback's path and says what it raised
    [kept] = ro.pytest_refiled(ro.parse("junit", report), lambda f: False).tests
    assert (kept.file, kept.message) == ("/work/graph/test/test_order.py",
                                         "SystemExit: 2 at `unittest.main()`")


def test_a_module_left_uncollected_is_one_under_xunit1_and_its_file_attribute_too() -> None:
    # a pytest configuration with `junit_family = xunit1` writes the file of each case, the
    # collection error of a module that does not parse too: it is that module's, no test's
    report = ('<testsuites><testsuite errors="1" tests="1"><testcase classname="" '
              'name="tests.test_levels" file="tests/test_levels.py" time="0.000">'
              '<error message="collection failure">E     def test_latest(:\n'
              'E                     ^\nE   SyntaxError: invalid syntax</error></testcase>'
              '</testsuite></testsuites>')
    [test] = ro.parse("junit", report).tests
    assert ro.uncollected_file(test) == "tests/test_levels.py"
    # a test of that family whose own name holds a dot is no module
    erred = ('<testsuites><testsuite errors="1" tests="1"><testcase classname="tests.test_levels" '
             'name="test_ratio[1.5]" file="tests/test_levels.py" line="4" time="0.001">'
             '<error message="failed on setup with &quot;KeyError&quot;">E   KeyError</error>'
             '</testcase></testsuite></testsuites>')
    [test] = ro.parse("junit", erred).tests
    assert ro.uncollected_file(test) is None


def test_a_failed_node_assert_comparison_says_what_differs_and_where() -> None:
    """A vitest test checking with Node's `assert.deepStrictEqual`, made to expect `a: 2` in
    a sorted object whose `a` is 1: the message had said only its first line, "Expected
    values to be strictly deep-equal:", a colon announcing a diff it left out."""
    message = ("AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:\n"
               "+ actual - expected ... Lines skipped\n\n  [\n    {\n      op: 'replace',\n"
               "      value: {\n+       a: 1,\n-       a: 2,\n        b: 1,\n...\n      }\n"
               "    }\n  ]\n    at /p/lib/order.test.js:17:20\n"
               "    at file:///p/node_modules/@vitest/runner/dist/chunk-hooks.js:155:11")
    failed = {"ancestorTitles": ["order", "byKey"], "status": "failed",
              "title": "puts keys in descending order", "failureMessages": [message],
              "location": {"line": 15, "column": 13}}
    doc = {"testResults": [{"name": "/p/lib/order.test.js", "status": "failed",
                            "assertionResults": [failed]}]}
    [test] = ro.parse("vitest", json.dumps(doc)).tests
    assert test.message == ("AssertionError [ERR_ASSERTION]: Expected values to be strictly "
                            "deep-equal; Expected: a: 2; Received: a: 1; at line 17")
    # two plain values: the line comparing them
    plain = ("AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n"
             "3 !== 4\n\n    at /p/lib/order.test.js:30:16")
    assert ro.jest_failure_line(plain, "/p/lib/order.test.js") == (
        "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal; 3 !== 4; "
        "at line 30")
