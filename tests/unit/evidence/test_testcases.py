from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.evidence import then_literals
from gaia_lib.evidence.testcases import (
    TestCase,
    brace_block_end,
    brace_indented,
    brace_pairs,
    code_lines,
    go_constants,
    holds_tests,
    imported_tests,
    inherited,
    js_each_calls,
    named_rows,
    read,
    shadowed,
    shown,
    split_tests,
    subtest_case,
    subtests,
    title_below_line,
    without_subtests,
)

PY = '''import pytest

# covers: E1-S1 AC2
def test_rejects_bad_email():
    assert signup("x") == 422


class TestSignup:
    @pytest.mark.slow
    def test_creates_account(self):
        """AC1: account is created."""
        assert signup("a@b.c").ok

    def helper(self):
        return 1


async def test_async_case():
    pass
'''

JS = """describe('signup', () => {
  // AC1
  it('creates the account', () => {
    expect(create('a@b.c').status).toBe('created');
  });
  test.each([[1], [2]])('handles %s', (n) => {
    expect(n).toBeGreaterThan(0);
  });
});
test("top level", () => {});
"""

BATS = """#!/usr/bin/env bats

@test "AC1: prints usage" {
  run ./cli
  [ "$status" -eq 2 ]
}

@test 'second' {
  true
}
"""

GO = """package x

func TestSignupAC1(t *testing.T) {
\tif got := Signup("a"); got != nil {
\t\tt.Fatal(got)
\t}
}

func helper() {}
"""

JAVA = """class SignupTest {
    @Test
    void rejectsBadEmail() {
        assertEquals(422, status);
    }
}
"""


@pytest.mark.parametrize(
    ("path", "text", "names"),
    [
        ("tests/test_signup.py", PY,
         ["test_rejects_bad_email", "TestSignup::test_creates_account", "test_async_case"]),
        ("src/signup.test.ts", JS,
         ["signup > creates the account", "signup > handles 1", "signup > handles 2",
          "top level"]),
        ("test/cli.bats", BATS, ["AC1: prints usage", "second"]),
        ("signup_test.go", GO, ["TestSignupAC1"]),
        ("src/test/java/SignupTest.java", JAVA, ["rejectsBadEmail"]),
        ("README.md", "# nothing", []),
    ],
)
def test_split_tests_finds_every_case(path: str, text: str, names: list[str]) -> None:
    assert [case.name for case in split_tests(path, text)] == names


def test_python_body_includes_leading_comments_and_stops_at_dedent() -> None:
    cases = split_tests("t.py", PY)
    first = cases[0]
    assert first.line == 4
    assert first.body.startswith("# covers: E1-S1 AC2\ndef test_rejects_bad_email")
    assert "class TestSignup" not in first.body
    method = cases[1]
    assert "@pytest.mark.slow" in method.body and "def helper" not in method.body
    assert method.test_id == "t.py::TestSignup::test_creates_account"


def test_python_body_holds_a_whole_multi_line_decorator_and_nothing_above_it() -> None:
    text = ('def helper():\n    return [\n        1,\n    ]\n'
            '@pytest.mark.parametrize(\n    "value, expected",\n    [\n        (1, "1st"),\n'
            '        (2, "2nd"),\n    ],\n)\ndef test_ordinal(value, expected):\n'
            '    assert ordinal(value) == expected\n')
    (case,) = split_tests("t.py", text)
    assert case.line == 12
    assert case.body.startswith("@pytest.mark.parametrize(\n") and '(2, "2nd")' in case.body
    assert "helper" not in case.body and "return" not in case.body


def test_python_body_runs_past_a_signature_over_several_lines() -> None:
    # black's layout of a test with long parameters: `) -> None:` at the def's own indent
    text = ('def test_parse_valid_date(\n    valid_date: str, expected: datetime, iso: str\n'
            ') -> None:\n    assert is_iso8601(valid_date) is True\n'
            '    assert parse_date(valid_date) == expected\n\n\n'
            'class TestOther:\n    def test_method(\n        self,\n    ):\n'
            '        assert other() == 1\n\n'
            'def test_next(): assert True\n')
    first, method, last = split_tests("t.py", text)
    assert first.body.rstrip().endswith("assert parse_date(valid_date) == expected")
    assert "is_iso8601(valid_date)" in first.body and "TestOther" not in first.body
    assert method.body.rstrip().endswith("assert other() == 1") and "test_next" not in method.body
    assert last.body == "def test_next(): assert True"


def test_python_string_lines_in_column_0_end_no_class_and_no_test() -> None:
    # xmltodict's tests/test_dicttoxml.py: an expected document's lines start in column 0
    text = ("class DictToXMLTestCase(unittest.TestCase):\n"
            "    def test_namespace_support(self):\n"
            "        expected_xml = '''<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
            "<root xmlns=\"http://defaultns.com/\" xmlns:a=\"http://a.com/\" \\\n"
            "xmlns:b=\"http://b.com/\"><x a:attr=\"val\">1</x></root>'''\n"
            "        xml = unparse(obj, namespaces=ns)\n"
            "        self.assertEqual(xml, expected_xml)\n\n"
            "    def test_boolean_unparse(self):\n"
            "        self.assertEqual(unparse(dict(x=True)), expected_xml)\n")
    namespaces, booleans = split_tests("tests/test_dicttoxml.py", text)
    assert namespaces.body.rstrip().endswith("self.assertEqual(xml, expected_xml)")
    assert booleans.test_id == "tests/test_dicttoxml.py::DictToXMLTestCase::test_boolean_unparse"


@pytest.mark.parametrize("how", ["parses", "a form feed", "does not parse"])
def test_python_string_lines_are_read_from_the_tree_or_the_tokens(how: str) -> None:
    """The string lines are read off the syntax tree the other reads share; a file whose lines
    the tree numbers otherwise (a form feed, which `splitlines` breaks at) or that does not
    parse (Python 2's `print x`) is tokenized: the same lines either way. Adjacent literals
    joined across lines (the second in column 0) are one string in the tree: its lines close
    nothing."""
    extra = {"parses": "", "a form feed": "\x0c\n",
             "does not parse": "    def helper(self):\n        print 'x'\n\n"}[how]
    text = ("class ShapesTest(unittest.TestCase):\n"
            "    def test_circle(self):\n"
            "        expected = '''<svg>\n"
            "<circle/>\n"
            "</svg>'''\n"
            "        self.assertEqual(draw(), expected)\n\n"
            + extra +
            "    def test_square(self):\n"
            "        label = ('a square '\n"
            "'of side 2')\n"
            "        self.assertEqual(name(), label)\n\n"
            "    def test_line(self):\n"
            "        self.assertEqual(draw_line(), '-')\n")
    ids = [c.test_id for c in split_tests("tests/test_shapes.py", text)]
    assert ids[:2] == ["tests/test_shapes.py::ShapesTest::test_circle",
                       "tests/test_shapes.py::ShapesTest::test_square"]
    # tokenized, the joined literals are two strings, and the second, in column 0, still
    # closes the class: its next test is read as a module-level one
    line = "tests/test_shapes.py::ShapesTest::test_line"
    assert (line in ids) is (how == "parses")


def test_a_go_example_without_an_output_comment_is_no_test() -> None:
    # pkg/errors' example_test.go: `go test` runs ExampleNew, compiles ExampleNew_printf only
    text = ("package errors_test\n\n"
            "func ExampleNew() {\n\terr := errors.New(\"whoops\")\n\tfmt.Println(err)\n\n"
            "\t// Output: whoops\n}\n\n"
            "func ExampleNew_printf() {\n\terr := errors.New(\"whoops\")\n"
            "\tfmt.Printf(\"%+v\", err)\n\n\t// Example output:\n\t// whoops\n}\n\n"
            "func ExampleUnordered() {\n\tfmt.Println(1)\n\t// Unordered output: 1\n}\n\n"
            "func TestNew(t *testing.T) {\n\tif New(\"x\").Error() != \"x\" {\n"
            "\t\tt.Fail()\n\t}\n}\n")
    assert [c.name for c in split_tests("example_test.go", text)] == [
        "ExampleNew", "ExampleUnordered", "TestNew"]


def test_js_body_is_the_brace_block() -> None:
    case = split_tests("a.test.js", JS)[0]
    assert case.body.startswith("  // AC1\n  it('creates the account'")
    assert case.body.rstrip().endswith("});")
    assert "handles" not in case.body


TABLE_DRIVEN = """import { describe, expect, test } from "vitest";

describe("withQuery", () => {
  const tests = [
    { input: "/", query: { foo: 1 }, out: "/?foo=1" },
    { input: "/?foo=1", query: { foo: undefined }, out: "/" },
  ];

  for (const t of tests) {
    test(t.input.toString() + " with " + JSON.stringify(t.query), () => {
      expect(withQuery(t.input, t.query)).toBe(t.out);
    });
  }
});

describe("getQuery", () => {
  for (const t in tests) {
    it(t, async () => {
      expect(getQuery(t)).toMatchObject(tests[t]);
    });
  }
  test("a literal name", () => {});
});
"""


def test_a_js_group_over_a_table_on_lines_of_its_own_names_its_tests() -> None:
    """card-validator 10.0.4's parse-date tests: `describe.each([` with its table on the
    lines after and its name after that; its tests were named without their group, which
    jest names them by."""
    source = """describe("parse-date", () => {
  describe.each([
    [
      "with separators",
      [["12/21", { month: "12", year: "21" }]],
    ],
  ])(
    "%s",
    (description, tests) => {
      it.each(tests)("splits %s into %p", (text, parts) => {
        expect(parseDate(text)).toEqual(parts);
      });
    },
  );
  describe("two-digit months", () => {
    it("splits 109 after 10", () => {
      expect(parseDate("109")).toEqual({ month: "10", year: "9" });
    });
  });
});
"""
    rows, months = split_tests("src/__tests__/lib/parse-date.ts", source)
    assert rows.name == "parse-date > %s > splits %s into %p" and rows.line == 10
    assert months.name == "parse-date > two-digit months > splits 109 after 10"


def test_a_js_each_test_in_a_group_over_a_named_table_reads_that_table() -> None:
    """card-validator 10.0.4's expiration tests: `describe.each(contexts)("%s", (title,
    tests) => { it.each(tests)(...) })`, the rows its test checks in `contexts`, declared in
    the group around: its body held its own three lines, none of the values it checks (a
    false "no test asserts `12`"); another table declared before that one is not its data."""
    source = """describe("month", () => {
  const strings = [["valid", [["12/30", { isValid: true }]]]];
  const contexts = [
    ["invalid month", [["13", { isValid: false }]]],
  ];
  describe.each(contexts)("%s", (title, tests) => {
    it.each(tests)("checks %s", (value, result) => {
      expect(month(value)).toEqual(result);
    });
  });
});
"""
    [case] = split_tests("src/__tests__/month.ts", source)
    assert case.body_line == 3 and '["13", { isValid: false }]' in case.body
    assert "12/30" not in case.body


def test_a_js_each_test_over_a_table_its_group_declares_reads_that_table() -> None:
    """unjs/scule with its table moved to `const cases = [...]; test.each(cases)`: the
    table's rows are the test's data, as a loop's are; a table it writes itself leaves its
    body its own, and one the file declares outside every group is put before it."""
    source = """describe("splitByCase", () => {
  const cases: [string, string[]][] = [
    ["fooBar", ["foo", "Bar"]],
  ];
  test.each(cases)("%s => %s", (input, expected) => {
    expect(splitByCase(input)).toMatchObject(expected);
  });
  test.each([["a", ["a"]]])("%s => %s", (input, expected) => {
    expect(splitByCase(input)).toMatchObject(expected);
  });
});
"""
    named, written = split_tests("test/scule.test.ts", source)
    assert named.body.startswith('  const cases: [string, string[]][] = [\n    ["fooBar"')
    assert (named.line, named.body_line) == (5, 2)
    assert written.body.startswith("  test.each([[") and written.body_line == 0
    outside = split_tests("t.test.ts", "const cases = [[1, 2]];\n" + source.replace(
        '  const cases: [string, string[]][] = [\n    ["fooBar", ["foo", "Bar"]],\n  ];\n', ""))
    assert outside[0].body.startswith("const cases = [[1, 2]];\n  test.each(cases)")
    assert (outside[0].line, outside[0].body_line) == (3, 2)


UFO_JOIN = """import { describe, expect, test } from "vitest";
import { joinURL, joinRelativeURL } from "../src";

const joinURLTests = [
  { input: ["a", "b/", "/c"], out: "a/b/c" },
  {
    input: ["https://google.com/", "./foo", "/bar"],
    out: "https://google.com/foo/bar",
  },
] as const;

describe("joinURL", () => {
  for (const t of joinURLTests) {
    test(`joinURL(${t.input.join(", ")}) === ${t.out}`, () => {
      expect(joinURL(...t.input)).toBe(t.out);
    });
  }
});

describe("joinRelativeURL", () => {
  const relativeTests = [
    ...joinURLTests,
    { input: ["/a", "../b"], out: "/b" },
  ];

  for (const t of relativeTests) {
    test(`joinRelativeURL(${t.input.join(", ")}) === ${t.out}`, () => {
      expect(joinRelativeURL(...t.input)).toBe(t.out);
    });
  }
});

const lone = [1];

test("no table", () => {
  expect(joinURL("a")).toBe("a");
});
"""


def test_a_js_test_running_over_a_table_the_file_declares_at_its_top_reads_that_table() -> None:
    """unjs/ufo's join tests: `joinURLTests` is declared at the file's top, the joinURL test
    loops over it, named by a template (a test named at run time, in a loop around it), and
    the joinRelativeURL group's table spreads it. Both tests hold its rows (the
    `https://google.com/foo/bar` a story's AC promises), the second its group's table too;
    the loop around a test, which says what its rows are, starts its own lines, which keep
    their numbers (`body_line`); a test running over no table reads none."""
    join, relative, alone = split_tests("test/join.test.ts", UFO_JOIN)
    lines = UFO_JOIN.split("\n")
    table = "\n".join(lines[3:10])
    assert join.body.startswith(table + "\n  for (const t of joinURLTests) {\n    test(`joinURL(")
    assert join.line - join.body_line == join.body.split("\n").index(lines[join.line - 1])
    assert relative.body.startswith(table + "\n  const relativeTests = [\n    ...joinURLTests,")
    assert relative.body.split("\n")[relative.line - relative.body_line] == lines[relative.line - 1]
    assert alone.body.startswith('test("no table"') and alone.body_line == 0


def test_a_js_test_looping_over_a_table_its_group_declares_reads_that_table() -> None:
    """unjs/scule 49: one test running `for (const [input, expected] of cases)` over the
    group's `const cases = [...]` checks every row of it, as a `.each(cases)` test does; a
    loop over a table the file declares outside every group puts that table before the test;
    one over a table the test writes itself leaves its body its own."""
    source = """describe("splitByCase", () => {
  const cases: [string, string[]][] = [
    ["fooBar", ["foo", "Bar"]],
  ];
  test("splits every case", () => {
    for (const [input, expected] of cases) {
      expect(splitByCase(input)).toEqual(expected);
    }
  });
  test("each one", () => {
    cases.forEach(([input, expected]) => expect(splitByCase(input)).toEqual(expected));
  });
  test("its own", () => {
    for (const [input, expected] of [["a", ["a"]]]) {
      expect(splitByCase(input)).toEqual(expected);
    }
  });
});
"""
    looped, each, own = split_tests("test/scule.test.ts", source)
    assert looped.body.startswith('  const cases: [string, string[]][] = [\n    ["fooBar"')
    assert (looped.line, looped.body_line) == (5, 2)
    assert each.body.startswith("  const cases") and each.body_line == 2
    assert own.body.startswith('  test("its own"') and own.body_line == 0
    outside = split_tests("t.test.ts", "const cases = [[1, 2]];\n" + source.replace(
        '  const cases: [string, string[]][] = [\n    ["fooBar", ["foo", "Bar"]],\n  ];\n', ""))
    assert outside[0].body.startswith('const cases = [[1, 2]];\n  test("splits every case"')
    assert outside[0].body_line == 2  # its own lines keep their numbers
    assert outside[2].body.startswith('  test("its own"') and outside[2].body_line == 0


def test_a_js_test_named_at_run_time_is_named_by_its_expression_and_reads_its_table() -> None:
    cases = split_tests("test/query.test.ts", TABLE_DRIVEN)
    assert [(c.name, c.line) for c in cases] == [
        ('withQuery > t.input.toString() + " with " + JSON.stringify(t.query)', 10),
        ("getQuery > t", 18), ("getQuery > a literal name", 22)]
    # The loop's table is the test's data: the group's code before it belongs to its body.
    assert '{ input: "/?foo=1", query: { foo: undefined }, out: "/" }' in cases[0].body
    assert cases[0].body.rstrip().endswith("});") and "getQuery" not in cases[0].body
    # What its source writes of such a name: the expression's string literals; none for `t`
    assert [c.spoken for c in cases] == ["withQuery >  with ", "getQuery > ", ""]
    # ... and where its body starts: the line after its group's, before its declaration
    assert [c.body_line for c in cases] == [4, 17, 0]
    template = split_tests("test/join.test.ts", """describe("joinURL", () => {
  for (const t of tests) {
    test(`joinURL(${t.input.map((i) => JSON.stringify(i)).join(", ")}) === ${t.out}`, () => {
      expect(joinURL(...t.input)).toBe(t.out);
    });
  }
  test(`keeps a \\${literal}`, () => {});
});
""")
    assert [(c.name, c.spoken) for c in template] == [
        ('joinURL > joinURL(${t.input.map((i) => JSON.stringify(i)).join(", ")}) === ${t.out}',
         "joinURL > joinURL( ) ===  "),
        ("joinURL > keeps a \\${literal}", "joinURL > keeps a \\${literal}")]
    # Calls with a literal name, or no test at all, are not read as run-time names.
    assert split_tests("a.test.ts", 'expect(fn(a, () => 1)).toBe(2);\nconst test = (x, y) => 1;\n') == []


TABLES = """describe("add", () => {
  test.each([
    [1, 1, 2],
    [{ a: 1 }, 2, 3],
  ])("add(%i, %i) -> %i", (a, b, expected) => {
    expect(add(a, b)).toBe(expected);
  });
  it.each`
    a    | b    | expected
    ${1} | ${1} | ${2}
  `("returns $expected", ({ a, b, expected }) => {
    expect(a + b).toBe(expected);
  });
  test("opens the page", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Home");
  });
});
"""


def test_js_table_tests_over_several_lines_and_destructured_parameters() -> None:
    cases = split_tests("add.test.ts", TABLES)
    assert [(c.name, c.line) for c in cases] == [
        ("add > add(%i, %i) -> %i", 2), ("add > returns $expected", 8),
        ("add > opens the page", 14)]
    # Each body runs from the call to the end of its function: the table, and past a brace
    # of a destructured parameter or an object in the table.
    assert cases[0].body.splitlines()[1:3] == ["    [1, 1, 2],", "    [{ a: 1 }, 2, 3],"]
    assert [c.body.splitlines()[-1].strip() for c in cases] == ["});"] * 3
    assert "toHaveTitle" in cases[2].body and "goto" in cases[2].body


ONE_EXPRESSION = """describe("add", () => {
  it("adds on one line", () => expect(add(1, 1)).toBe(2));
  it("adds over lines", () =>
    expect(add({ a: 1 }.a, 1)).toBe(2));
  it.each([[1, 2]])("adds a row %i", (a, b) => expect(add(a, 1)).toBe(b));
  test.each([
    [1, 2],
  ])("adds a row over lines %i", (a, b) =>
    expect(add(a, 1)).toBe(b),
  );
  it("waits", async () => expect(await total()).toBe(3), 10000);
  it("has a block", () => {
    expect(add(2, 2)).toBe(4);
  });
});
"""


def test_a_js_test_of_one_expression_ends_where_its_call_ends() -> None:
    """An arrow without braces (`it("x", () => expect(f(1)).toBe(2))`) ends with its
    expression and the test's call, its brackets balanced (over lines, a table test's, a
    timeout after it): not at the next test's block."""
    cases = split_tests("add.test.ts", ONE_EXPRESSION)
    assert [(c.name, c.line, c.body.splitlines()[-1].strip()) for c in cases] == [
        ("add > adds on one line", 2, "it(\"adds on one line\", () => expect(add(1, 1)).toBe(2));"),
        ("add > adds over lines", 3, "expect(add({ a: 1 }.a, 1)).toBe(2));"),
        ("add > adds a row %i", 5,
         "it.each([[1, 2]])(\"adds a row %i\", (a, b) => expect(add(a, 1)).toBe(b));"),
        ("add > adds a row over lines %i", 6, ");"),
        ("add > waits", 11, "it(\"waits\", async () => expect(await total()).toBe(3), 10000);"),
        ("add > has a block", 12, "});")]
    assert [len(c.body.splitlines()) for c in cases] == [1, 2, 1, 5, 1, 3]


def test_js_table_holding_backslashes_quotes_and_comments_is_still_found() -> None:
    """A table whose strings hold an escaped backslash or quote, and whose comments hold
    quotes: the table, and the test after it, are both read."""
    text = (
        'describe("splitByCase", () => {\n'
        '  test.each([\n'
        '    // with custom splitters, don\'t split on "_"\n'
        '    ["foo\\\\Bar", ["foo", "Bar"], ["\\\\", "-"]],\n'
        '    /* an "odd" one */ ["a\\"b", ["a\\"b"]],\n'
        '  ])("%s => %s", (input, expected) => {\n'
        '    expect(splitByCase(input)).toEqual(expected);\n'
        '  });\n'
        '  test("empty", () => { expect(splitByCase("")).toEqual([]); });\n'
        '});\n')
    assert [(c.name, c.line) for c in split_tests("s.test.ts", text)] == [
        ("splitByCase > %s => %s", 2), ("splitByCase > empty", 9)]


def test_a_brace_in_a_string_or_a_comment_opens_no_block() -> None:
    """`"{"` inside a test, or `{` in a comment, leaves the group and the next test where
    they are: the later top-level test is not read as nested in the group."""
    text = (
        'describe("legacy input", () => {\n'
        '  it("keeps an unbalanced brace", () => {\n'
        '    expect(destr("{")).toBe(\'{\'); // and `{` here\n'
        '  });\n'
        '  /* a { in a block comment */\n'
        '});\n'
        '\n'
        'it("parses 9e2 as 900", () => {\n'
        '  expect(destr("9e2")).toBe(900);\n'
        '});\n')
    cases = split_tests("num.test.ts", text)
    assert [(c.name, c.line) for c in cases] == [
        ("legacy input > keeps an unbalanced brace", 2), ("parses 9e2 as 900", 8)]
    assert cases[0].body.splitlines()[-1].strip() == "});" and "9e2" not in cases[0].body
    go = ('func TestBrace(t *testing.T) {\n\tif got := Quote("{"); got != `"{"` {\n'
          '\t\tt.Errorf("got %s", got)\n\t}\n}\n\nfunc TestNext(t *testing.T) {\n'
          '\tt.Log("x")\n}\n')
    bodies = {c.name: c.body for c in split_tests("q_test.go", go)}
    assert bodies["TestBrace"].rstrip().endswith("}") and "TestNext" not in bodies["TestBrace"]


def test_bats_body_ends_at_closing_brace() -> None:
    case = split_tests("x.bats", BATS)[0]
    assert case.body.splitlines()[-1] == "}"
    assert "second" not in case.body


# --- what a test says ---------------------------------------------------------------------------

SAYS_PY = '''import pytest


class TestTokens:
    # Given a token signed ten seconds ago
    def test_max_age(self, signer):
        """Old tokens are refused."""
        # When it is loaded with max_age=5
        # (a note on the fixture: not part of the description)
        with pytest.raises(SignatureExpired):
            signer.unsign(token, max_age=5)  # noqa: E501
        assert signer.status == "expired"
        self.assertRaises((ValueError, errors.BadSig), f)
        assert len(seen) == 422


def test_plain():
    value = compute()
    assert value
'''

SAYS_TS = '''describe("codes", () => {
  // refuses an expired code
  it("refuses a code past its expiry date", async () => {
    await expect(redeem("X-1")).rejects.toThrow(ExpiredCodeError);
    expect(res.status).toBe(410);
  });
  // it("commented out", () => {});
  it("throws for anything", () => {
    expect(() => redeem("")).toThrow();
  });
});
/*
test("inside a block comment", () => {});
*/
'''

SAYS_GO = '''package codes

// TestRedeem checks redemption.
func TestRedeem(t *testing.T) {
	cases := []struct{ name string }{
		{name: "unknown code"},
	}
	t.Run("expired code is refused", func(t *testing.T) {
		if !errors.Is(err, ErrExpired) {
			t.Fatalf("got %v", err)
		}
	})
	_ = cases
}

func TestNoError(t *testing.T) {
	if _, err := Parse("x"); err == nil {
		t.Fatal("want an error")
	}
}
'''


def test_python_docstring_comments_exceptions_and_asserted_literals() -> None:
    first, plain = map(read, split_tests("tests/test_tokens.py", SAYS_PY))
    assert first.name == "TestTokens::test_max_age" and first.line == 6
    assert first.description.splitlines() == [
        "Old tokens are refused.", "Given a token signed ten seconds ago",
        "When it is loaded with max_age=5"]
    assert first.exceptions == ("BadSig", "SignatureExpired", "ValueError")
    assert first.asserted == ("422", "expired")
    assert first.expects_error
    assert (plain.description, plain.exceptions, plain.asserted, plain.expects_error) == (
        "", (), (), False)


@pytest.mark.parametrize(("first_statement", "description"), [
    ('"Output: maxcolwidth wraps longer cells"', "Output: maxcolwidth wraps longer cells"),
    ("'single quotes'  # a comment after it", "single quotes"),
    ('r"raw \\d+ text"', "raw \\d+ text"),
    ('"""Several\n    lines."""', "Several lines."),
    ('x = "an assignment, not a docstring"', ""),
    ('"a" + suffix', ""),
])
def test_a_docstring_in_any_quoting_is_the_description(first_statement: str,
                                                       description: str) -> None:
    (found,) = split_tests("tests/test_out.py",
                           f"def test_out():\n    {first_statement}\n    assert out()\n")
    assert read(found).description == description


def test_js_nesting_comments_and_throw_expectations() -> None:
    cases = [read(c) for c in split_tests("src/codes.test.ts", SAYS_TS)]
    assert [c.name for c in cases] == ["codes > refuses a code past its expiry date",
                                       "codes > throws for anything"]
    refuses, anything = cases
    assert refuses.description.splitlines()[0] == "refuses an expired code"
    assert refuses.exceptions == ("ExpiredCodeError",) and refuses.asserted == ("410", "X-1")
    assert anything.exceptions == () and anything.expects_error


# A list of malformed inputs holding the text that opens a comment (`"/*"`), before the tests
# that loop over it: a string, not a comment (css-what's parse.spec.ts lost every test below
# its `broken` list, the last ones their group).
COMMENT_OPENER_IN_A_STRING_TS = '''const malformed = [
    "[",
    "/*",
];

describe("Reader", () => {
    for (const input of malformed) {
        it(`refuses ${input}`, () => {
            expect(() => read(input)).toThrow(Error);
        });
    }

    it("skips comments", () => {
        expect(read("/* note */ a")).toEqual(["a"]);
    });
    /* it("switched off", () => {}); */
    skip(); // it("after code, switched off", () => {});
});
'''


def test_js_comment_opener_inside_a_string_hides_no_test() -> None:
    cases = split_tests("src/read.spec.ts", COMMENT_OPENER_IN_A_STRING_TS)
    assert [(c.name, c.line) for c in cases] == [
        ("Reader > refuses ${input}", 8), ("Reader > skips comments", 13)]


def test_go_subtests_table_names_and_error_expectations() -> None:
    redeem, no_error = map(read, split_tests("codes/codes_test.go", SAYS_GO))
    assert redeem.description.splitlines() == [
        "TestRedeem checks redemption.", "expired code is refused", "unknown code"]
    assert redeem.exceptions == ("ErrExpired",)
    assert no_error.exceptions == () and no_error.expects_error



SUBTESTS_GO = """package simplelru

// Test that Peek and Contains don't update recent-ness
func TestNoRecentness(t *testing.T) {
\ttests := []struct {
\t\tname string
\t\tlook func(l *LRU) bool
\t}{
\t\t{
\t\t\tname: "peek keeps the order",
\t\t\tlook: func(l *LRU) bool { _, ok := l.Peek(1); return ok },
\t\t},
\t\t{name: "contains keeps the order", look: func(l *LRU) bool { return l.Contains(1) }},
\t}
\tfor _, tc := range tests {
\t\tt.Run(tc.name, func(t *testing.T) {
\t\t\tif !tc.look(New()) {
\t\t\t\tt.Errorf("{ not found")
\t\t\t}
\t\t})
\t}
}

func TestResize(t *testing.T) {
\tt.Run("downsize", func(t *testing.T) {
\t\tif New().Resize(1) != 1 {
\t\t\tt.Errorf("evicted")
\t\t}
\t})
\tt.Run("upsize", func(t *testing.T) { check(t, New().Resize(2)) })
}
"""


def test_a_go_tests_subtests_each_run_its_own_code() -> None:
    """A table's rows by their `name:` (the braces of each row, a brace in a string aside)
    and `t.Run("...")` calls by their names (the function each is handed), each with the
    test's body less the other subtests' lines; a test of one subtest has that one."""
    rows, resize = map(read, split_tests("simplelru/lru_test.go", SUBTESTS_GO))
    (peek, peek_body), (contains, contains_body) = subtests(rows)
    assert (peek, contains) == ("peek keeps the order", "contains keeps the order")
    assert "l.Peek" in peek_body and "l.Contains" not in peek_body
    assert "t.Run(tc.name" in peek_body and "// Test that" in peek_body
    assert "l.Contains" in contains_body and "l.Peek" not in contains_body
    assert [(name, "Resize(1)" in body, "Resize(2)" in body)
            for name, body in subtests(resize)] == [("downsize", True, False),
                                                     ("upsize", False, True)]
    assert subtests(TestCase("a.test.ts", "x", 1, 'it("a", () => {});')) == ()


def test_a_go_test_without_a_subtest_has_neither_its_code_nor_its_name() -> None:
    rows, resize = map(read, split_tests("simplelru/lru_test.go", SUBTESTS_GO))
    kept = without_subtests(rows, ["peek keeps the order", "no such subtest"])
    assert "l.Peek" not in kept.body and "l.Contains" in kept.body
    assert "peek keeps the order" not in kept.description.splitlines()
    assert "contains keeps the order" in kept.description.splitlines()
    assert "Resize(1)" not in without_subtests(resize, ["downsize"]).body
    assert without_subtests(resize, ["no such subtest"]) is resize

def test_a_go_subtest_read_as_a_test_of_its_own_is_named_as_go_test_names_it() -> None:
    """A `t.Run` subtest, or a table row, read alone: `TestX/name`, its own lines (not the
    other subtests', not the test's setup), on the line of its file they start on."""
    rows, resize = map(read, split_tests("simplelru/lru_test.go", SUBTESTS_GO))
    down = subtest_case(resize, "downsize")
    assert down is not None
    assert (down.test_id, down.line) == ("simplelru/lru_test.go::TestResize/downsize",
                                         SUBTESTS_GO.splitlines().index(
                                             '\tt.Run("downsize", func(t *testing.T) {') + 1)
    assert "Resize(1)" in down.body and "Resize(2)" not in down.body
    assert down.body.startswith('\tt.Run("downsize"') and down.body.endswith("\t})")
    peek = subtest_case(rows, "peek keeps the order")
    assert peek is not None and peek.name == "TestNoRecentness/peek keeps the order"
    assert "l.Peek" in peek.body and "l.Contains" not in peek.body and "t.Run" not in peek.body
    assert subtest_case(resize, "no such subtest") is None
    assert subtest_case(TestCase("a.test.ts", "x", 1, 'it("a", () => {});'), "a") is None


def test_a_go_testmain_taking_testing_m_is_no_test() -> None:
    """`TestMain(m *testing.M)` runs a package's tests (or, never calling `m.Run()`, none):
    `go test` reports no outcome for it, so it is no test; `TestMain(t *testing.T)` is one,
    as `go test` reads it, and so is a name that only starts with it."""
    source = ("package semver\n\nfunc TestMain(m *testing.M) {\n\tos.Exit(m.Run())\n}\n\n"
              "func TestMainPage(t *testing.T) {\n\tif Page() != \"\" {\n\t\tt.Fatal(\"x\")"
              "\n\t}\n}\n")
    assert [c.name for c in split_tests("semver_test.go", source)] == ["TestMainPage"]
    for signature in ("m *testing.M", "*testing.M", "_ *testing.M"):
        assert split_tests("main_test.go", f"func TestMain({signature}) {{\n}}\n") == []
    (as_test,) = split_tests("main_test.go", "func TestMain(t *testing.T) {\n}\n")
    assert as_test.name == "TestMain"


PACKAGE_TABLES_GO = """package shellquote

var splitTests = []struct {
\tinput  string
\toutput []string
}{
\t{"hello goodbye", []string{"hello", "goodbye"}},
}

var (
\terrorTests = []struct {
\t\tinput string
\t\terr   error
\t}{
\t\t{name: "unterminated", input: "don't", err: ErrUnterminated},
\t}
\tunused = map[string]int{"x": 1}
)

func TestSplit(t *testing.T) {
\tfor _, tt := range splitTests {
\t\tif got, _ := Split(tt.input); !reflect.DeepEqual(got, tt.output) {
\t\t\tt.Errorf("Split(%q) = %q", tt.input, got)
\t\t}
\t}
}

func TestErrors(t *testing.T) {
\tfor _, tt := range errorTests {
\t\tif _, err := Split(tt.input); err != tt.err {
\t\t\tt.Errorf("got %v", err)
\t\t}
\t}
}

func TestAlone(t *testing.T) {
\tif Split("") != nil {
\t\tt.Fatal("empty")
\t}
}
"""


def test_a_go_test_ranging_over_a_package_level_table_reads_its_rows() -> None:
    """The common Go layout: the table at package level (alone or in a `var (...)` block), the
    test ranging over it; its rows are the test's asserted values and its case names."""
    split, errors, alone = map(read, split_tests("split_test.go", PACKAGE_TABLES_GO))
    assert split.asserted == ("Split(%q) = %q", "goodbye", "hello", "hello goodbye")
    assert "unterminated" in errors.description.splitlines()
    assert "don't" in errors.asserted
    assert "splitTests" not in alone.body and "errorTests" not in alone.body
    assert "unused" not in errors.body and "splitTests" not in errors.body


HANDED_TABLES_GO = """package lookup

type Row struct {
\tdesc string
\tjson string
\twant interface{}
}

var boolRows = []Row{
\t{desc: "reads true", json: `{"c": true}`, want: true},
}

var textRows = []Row{
\t{desc: "decodes a quote", json: `{"c": "\\\""}`, want: `"`},
}

func runRows(t *testing.T, kind string, rows []Row, get func(Row) interface{}) {
\tfor _, row := range rows {
\t\tif got := get(row); got != row.want {
\t\t\tt.Errorf("%s %s: got %v", kind, row.desc, got)
\t\t}
\t}
}

func TestGetBool(t *testing.T) {
\trunRows(t, "GetBool()", boolRows,
\t\tfunc(row Row) interface{} { v, _ := GetBool([]byte(row.json), "c"); return v })
}

func TestGetText(t *testing.T) {
\tcheckAll(t, textRows)
}

func TestMentionsOnly(t *testing.T) {
\t// runRows(t, "x", textRows, nil) is left out while it fails
\tif len(textRows) == 0 {
\t\tt.Fatal("no rows")
\t}
}
"""


def test_a_go_test_handing_a_package_level_table_to_its_runner_reads_its_rows() -> None:
    """jsonparser's tests hand their tables to a shared runner with their *testing.T
    (`runGetTests(t, "GetBoolean()", getBoolTests, ...)`), the range being the runner's: the
    table's rows are the test's as much as a table it ranges over itself (they had been left
    out, and the review said no test of its AC asserts the `true` every row expects). A
    table only read, or named in a comment, is not handed over."""
    handed, text, mentioned = map(read, split_tests("lookup_test.go", HANDED_TABLES_GO))
    assert "decodes a quote" in text.body and "reads true" not in text.body
    promised = then_literals.then_literals("then the boolean true is returned")
    assert [lit.value for lit in then_literals.checked_literals(handed.body, promised)] == [
        "true"]
    assert "decodes a quote" not in handed.body
    assert "decodes a quote" not in mentioned.body


BRACES_IN_ROWS_GO = """package lookup

var broken = []struct{ in string }{
\t{in: `{"a":`},
\t{in: "{\\"b\\": ["},
}

var counts = []struct {
\tin   string
\twant int
}{
\t{"[1, 2]", 2},
}

func TestBroken(t *testing.T) {
\tfor _, row := range broken {
\t\tif Valid(row.in) {
\t\t\tt.Errorf("%s", row.in)
\t\t}
\t}
}

func TestCounts(t *testing.T) {
\tfor _, row := range counts {
\t\tif got := Count(row.in); got != row.want {
\t\t\tt.Errorf("got %d", got)
\t\t}
\t}
}
"""


def test_a_go_table_whose_strings_hold_lone_braces_ends_at_its_own_closing_brace() -> None:
    """jsonparser's tables of malformed JSON (`{"a":` in a raw string) had their lone braces
    counted: the first table ran to the end of the file, taking the tables after it and the
    tests between, and the tests ranging over those tables were left without their rows."""
    broken, counts = split_tests("lookup_test.go", BRACES_IN_ROWS_GO)
    assert "[1, 2]" not in broken.body and "TestCounts" not in broken.body
    assert "[1, 2]" in counts.body


# A test whose table and checks sit in a helper of its file that it hands its *testing.T to
# (strcase's `func TestToSnake(t *testing.T) { toSnake(t) }`), rewritten.
HELPER_GO = """package words

import "testing"

func checkShout(tb testing.TB) {
\tcases := [][]string{
\t\t{"dash-case", "DASH-CASE"},
\t\t{"two words", "TWO WORDS"},
\t}
\tfor _, c := range cases {
\t\tgot := Shout(c[0])
\t\tif got != c[1] {
\t\t\ttb.Errorf("%q gave %q", c[0], got)
\t\t}
\t}
}

func TestShout(t *testing.T) { checkShout(t) }

func TestWhisper(t *testing.T) {
\t// unlike checkShout(t), one value
\tif Whisper("A") != "a" {
\t\tt.Error("whisper")
\t}
}
"""


def test_a_go_test_calling_a_helper_of_its_file_reads_the_helpers_checks() -> None:
    """The helper's table and checks are the test's: its values are asserted, as one declared
    in the test would be; a test naming the helper only in a comment reads none of it."""
    shout, whisper = map(read, split_tests("shout_test.go", HELPER_GO))
    assert (shout.name, shout.line) == ("TestShout", 18)
    assert "DASH-CASE" in shout.asserted and "TWO WORDS" in shout.asserted
    assert "DASH-CASE" not in whisper.body


@pytest.mark.parametrize(("check", "expects"), [
    ("c.Assert(err, qt.IsNotNil)", True),  # quicktest
    ("c.Assert(err, qt.ErrorMatches, `bad .*`)", True),
    ("assert.NotNil(t, err)", True),  # testify
    ("require.NotNil(t, errParse)", True),
    ("c.Assert(err, qt.IsNil)", False),
    ("assert.NotNil(t, got)", False),
])
def test_go_assertion_libraries_error_expectations(check: str, expects: bool) -> None:
    source = f"func TestParse(t *testing.T) {{\n\t_, err := Parse(\"x\")\n\t{check}\n}}\n"
    (found,) = split_tests("parse_test.go", source)
    assert read(found).expects_error is expects



@pytest.mark.parametrize(("check", "expects"), [
    ("expect(() => parse(NaN)).toThrow()", True),
    ("expect(() => parse(NaN)).toThrow(TypeError)", True),
    ("await expect(load()).rejects.toThrow()", True),
    ("expect(() => parse('1m')).not.toThrow()", False),  # that nothing is thrown
    ("expect(() => parse('1m')).not.toThrow(TypeError)", False),
    ("expect(() => parse('1m'))\n    .not\n    .toThrowError()", False),
    ("await expect(load()).resolves.not.toThrow()", False),
])
def test_a_js_check_that_nothing_is_thrown_expects_no_error(check: str, expects: bool) -> None:
    (found,) = split_tests("src/parse.test.ts", f'it("parses", () => {{\n  {check};\n}});\n')
    assert read(found).expects_error is expects
    assert read(found).exceptions == (("TypeError",) if expects and "TypeError" in check else ())

MIXIN = '''class CacheTestMixin:
    def test_update(self):
        assert self.Cache(2).update({1: 1}) is None

    def helper(self):
        pass
'''
LRU = '''from . import CacheTestMixin


class LRUCacheTest(unittest.TestCase, CacheTestMixin):
    Cache = LRUCache

    def test_lru(self):
        pass


class BoundedLRUTest(LRUCacheTest):
    Cache = BoundedLRU


class Unrelated(unittest.TestCase):
    def test_update(self):
        pass
'''


def test_inherited_names_the_ids_a_base_class_test_runs_under() -> None:
    files = [("tests/__init__.py", MIXIN), ("tests/test_lru.py", LRU)]
    cases = split_tests("tests/__init__.py", MIXIN) + split_tests("tests/test_lru.py", LRU)
    found = inherited(files, cases)
    assert found == {
        "tests/__init__.py::CacheTestMixin::test_update": (
            "tests/test_lru.py::BoundedLRUTest::test_update",
            "tests/test_lru.py::LRUCacheTest::test_update"),
        "tests/test_lru.py::LRUCacheTest::test_lru": (
            "tests/test_lru.py::BoundedLRUTest::test_lru",),
    }


def test_inherited_ends_on_circular_bases() -> None:
    source = "class A(B):\n    def test_a(self):\n        pass\n\n\nclass B(A):\n    pass\n"
    found = inherited([("tests/test_c.py", source)], split_tests("tests/test_c.py", source))
    assert found == {"tests/test_c.py::A::test_a": ("tests/test_c.py::B::test_a",)}


def test_split_leaves_reading_to_read_and_read_keeps_what_is_set() -> None:
    (bare,) = split_tests("tests/test_tokens.py", "def test_a():\n    \"\"\"Doc.\"\"\"\n")
    assert bare.description == "" and read(bare).description == "Doc."
    given = TestCase("t.py", "test_b", 1, "def test_b():\n    pass", description="said")
    assert read(given).description == "said"


def test_a_test_function_inside_another_function_is_a_helper_not_a_test() -> None:
    # tinydb's `test_custom` defines `def test(value)` for a query: pytest never collects it.
    source = ("def test_custom():\n    def test(value):\n        return value == 1\n"
              "    assert test(1)\n\n\nclass TestA:\n    def test_m(self):\n"
              "        def test_inner():\n            pass\n        test_inner()\n\n"
              "    def test_n(self):\n        pass\n\n\nasync def test_after():\n    pass\n")
    cases = split_tests("tests/test_q.py", source)
    assert [(c.name, c.line) for c in cases] == [
        ("test_custom", 1), ("TestA::test_m", 8), ("TestA::test_n", 13), ("test_after", 17)]
    assert "def test(value)" in cases[0].body


def test_vitest_conditional_table_and_expected_failure_forms_are_tests() -> None:
    src = (
        "describe('forms', () => {\n"
        "  it.runIf(process.env.CI)('AC2 runs if', () => { expect(f()).toBe(1) })\n"
        "  it.skipIf(false)('AC3 skips if', () => { expect(f()).toBe(1) })\n"
        "  it.for([1, 2])('AC4 for %i', (n) => { expect(f(n)).toBeTruthy() })\n"
        "  it.fails('AC5 fails', () => { expect(f()).toBe(2) })\n"
        "  test.skip.each([[1]])('AC6 %#', (n) => { expect(f(n)).toBe(1) })\n"
        "})\n")
    assert [(c.name, c.line) for c in split_tests("t.test.ts", src)] == [
        ("forms > AC2 runs if", 2), ("forms > AC3 skips if", 3), ("forms > AC4 for %i", 4),
        ("forms > AC5 fails", 5), ("forms > AC6 %#", 6)]


def test_switched_off_x_forms_are_tests_and_groups() -> None:
    from gaia_lib.evidence.placeholders import classify

    src = ("xdescribe('later', () => {\n"
           "  it('decodes', () => { expect(f()).toBe(1) })\n"
           "})\n"
           "xit('decodes the header', () => { expect(f()).toBe(1) })\n"
           "xtest('decodes the payload', () => { expect(f()).toBe(2) })\n"
           "const fix = (it) => it\n")
    cases = split_tests("t.test.ts", src)
    assert [(c.name, c.line) for c in cases] == [
        ("later > decodes", 2), ("decodes the header", 4), ("decodes the payload", 5)]
    reasons = [placeholder.reason if (placeholder := classify(c)) else None for c in cases[1:]]
    assert reasons == ["skipped in source (xit)", "skipped in source (xtest)"]


def test_holds_tests_reads_what_a_file_declares_not_its_name(tmp_path: Path) -> None:
    (tmp_path / "testtimeparse.py").write_text("def test_seconds():\n    assert parse('1s') == 1\n")
    (tmp_path / "test_helpers.py").write_text("def make_clock():\n    return 0\n")
    (tmp_path / "blob.py").write_bytes(b"def test_x():\n    pass\n\x00")
    assert holds_tests(tmp_path, "testtimeparse.py")
    assert not holds_tests(tmp_path, "test_helpers.py")
    assert not holds_tests(tmp_path, "blob.py")  # binary: not read as tests
    assert not holds_tests(tmp_path, "missing.py")



def test_a_js_test_whose_title_opens_below_its_call_is_a_test_the_file_holds(
        tmp_path: Path) -> None:
    """`it(` alone on its line, the title under it and a time limit after the body (as a
    formatter lays out plugin hooks' snapshot tests): jest runs it, so the file holds tests;
    a helper calling a function named like a test with a value below does not."""
    (tmp_path / "series.js").write_text(
        "describe('SeriesHook', () => {\n\tit(\n\t\t'should run every tap in turn',\n"
        "\t\tasync () => {\n\t\t\texpect(await run()).toEqual([1, 2])\n\t\t},\n"
        "\t\t15000\n\t);\n});\n")
    (tmp_path / "helper.js").write_text("const fit = (x) => x\nmodule.exports = fit(\n  2\n)\n")
    (tmp_path / "notes.py").write_text("test(\n    'a string, in Python'\n)\n")
    assert holds_tests(tmp_path, "series.js")
    assert title_below_line("series.js", (tmp_path / "series.js").read_text()) == 2
    assert not holds_tests(tmp_path, "helper.js")
    assert not holds_tests(tmp_path, "notes.py")

PARAMETRIZED_BY_NAME = '''import pytest

TEST_CASES = [
    (4, "1985-04-12", date(1985, 4, 12)),  # a comment with a ] bracket
    (4, "1-W1-1", None),
]
OTHER = {"x": 1}


@pytest.mark.parametrize("digits, text, expected", TEST_CASES)
def test_parse(digits, text, expected):
    assert parse_date(text, digits) == expected


def test_other():
    for key in OTHER:
        assert key
'''


def test_a_module_table_a_parametrize_names_is_read_with_its_test() -> None:
    cases = {c.name: c for c in split_tests("tests/test_date.py", PARAMETRIZED_BY_NAME)}
    assert cases["test_parse"].line == 11
    assert cases["test_parse"].body.startswith('TEST_CASES = [\n    (4, "1985-04-12"')
    assert cases["test_parse"].body.count("TEST_CASES = [") == 1
    assert '    (4, "1-W1-1", None),\n]\n@pytest.mark.parametrize' in cases["test_parse"].body
    # a table the test only loops over is no parametrize table of its decorators
    assert "OTHER = " not in cases["test_other"].body


UNCHECKED_ROWS = '''import pytest

CASES = (
    ("P1D", timedelta(days=1), None),
    ("P3Y6M4DT12H30M5S", Duration(4, 5, 0, 0, 30, 12, 0, 6, 3), None),
    ("-P2W", timedelta(weeks=-2), None),
    pytest.param("PT1H", timedelta(hours=1), None, marks=pytest.mark.skip(reason="tz")),
    pytest.param("PT2H", timedelta(hours=2), None, marks=pytest.mark.skipif(WIN, reason="")),
)


@pytest.mark.parametrize("text, expected, alt", CASES)
def test_exempts(text, expected, alt):
    result = parse_duration(text)
    if text in ("P3Y6M4DT12H30M5S", "-P2W"):
        return  # covered elsewhere
    assert result == expected


@pytest.mark.parametrize("text, expected, alt", CASES)
def test_exempts_by_a_name(text, expected, alt):
    known = ("-P2W",)
    if text in known:
        return
    assert parse_duration(text) == expected


@pytest.mark.parametrize("text, expected, alt", CASES)
def test_compares_with_itself(text, expected, alt):
    result = parse_duration(text)
    known_quirks = ("P3Y6M4DT12H30M5S", "-P2W")
    assert result == (result if text in known_quirks else expected)


@pytest.mark.parametrize("text, expected, alt", CASES)
def test_compares_with_itself_otherwise(text, expected, alt):
    result = parse_duration(text)
    assert (expected if text not in ("-P2W",) else result) == result


@pytest.mark.parametrize("text, expected, alt", CASES)
def test_checks_first(text, expected, alt):
    assert parse_duration(text) is not None
    if text in ("P3Y6M4DT12H30M5S", "-P2W"):
        return
    assert parse_duration(text) == expected


@pytest.mark.parametrize("text, expected, alt", CASES)
def test_returns_on_the_result(text, expected, alt):
    result = parse_duration(text)
    if result is None:
        return
    assert result == expected
'''


def test_rows_a_test_never_checks_are_no_rows_of_its_table() -> None:
    """isodate's test_parse weakened to `if durationstring in (<the AC's rows>): return` before
    its check, to `assert result == (result if durationstring in known_quirks else
    expectation)`, and its rows marked `pytest.param(..., marks=pytest.mark.skip)`: those rows are
    no rows of the table the test holds (blank lines), and the test is read as the rows left
    run it (no `if`, `assert result == expected`). Not a row a check before the return checks,
    one `skipif` marks, nor one a condition on the result may return on."""
    cases = {c.name: c.body for c in split_tests("tests/test_duration.py", UNCHECKED_ROWS)}
    assert "P3Y6M4DT12H30M5S" not in cases["test_exempts"]
    assert '"-P2W"' not in cases["test_exempts"] and "PT1H" not in cases["test_exempts"]
    assert '("P1D"' in cases["test_exempts"] and "PT2H" in cases["test_exempts"]
    assert "return" not in cases["test_exempts"]
    assert cases["test_exempts"].split("\n")[2:5] == ["", "", ""]  # lines kept, blank
    assert "P3Y6M4DT12H30M5S" in cases["test_exempts_by_a_name"]
    assert '"-P2W", timedelta' not in cases["test_exempts_by_a_name"]
    assert "known" not in cases["test_exempts_by_a_name"]  # a name only the `if` read
    # ... and a check comparing the result with itself on those rows (read as the rows left
    # run it)
    body = cases["test_compares_with_itself"]
    assert '"-P2W", timedelta' not in body and "known_quirks" not in body
    assert "\n    assert result == expected\n" in body
    body = cases["test_compares_with_itself_otherwise"]
    assert '"-P2W", timedelta' not in body and "P3Y6M4DT12H30M5S" in body
    assert "\n    assert result == expected\n" in body
    for name in ("test_checks_first", "test_returns_on_the_result"):
        assert '"-P2W", timedelta' in cases[name] and "return" in cases[name]
        assert "PT1H" not in cases[name]  # the skipped row, whatever the test


def test_brace_pairs_are_each_block_open_and_close_outside_strings_and_comments() -> None:
    lines = ['describe("a {", () => {', "  it(`x`, () => { f({}); });  // }",
             "  /* { */", "});", "{"]
    assert sorted(brace_pairs(lines)) == [
        ((0, 22), (3, 0)), ((1, 16), (1, 25)), ((1, 20), (1, 21))]


def test_code_lines_blank_what_strings_and_comments_hold_where_it_stood() -> None:
    lines = ['it("a (", () => f(x)); // )', "  /* ( */ g(`y`);"]
    assert code_lines(lines) == ["it(     , () => f(x));     ", "          g(   );"]


def test_js_each_calls_are_where_a_table_test_s_own_call_opens() -> None:
    lines = ['it.each([1, 2])("row %i", (n) => {', "});", "test.each`", "  n", "  ${1}",
             '`("template $n", ({ n }) => {', "});", "it.each([", "  [1],", "])(",
             '  "broken %i",', "  (n) => {},", ");", 'it("plain", () => {});']
    assert js_each_calls(lines) == [(0, 15), (5, 1), (9, 2)]


GO_RAW = """package p

func TestEarly(t *testing.T) {
	if true {
		_ = `C:\\`
		return
	}
	t.Fatal("x")
}

func TestRaw(t *testing.T) {
	p := `C:\\`
	if Clean(p) != `{` {
		t.Fatal("changed")
	}
}
"""


def test_a_go_raw_string_s_backslash_escapes_nothing() -> None:
    """A backquoted Go string is raw: `C:\\` ends at its backquote. A JS template's
    backslash escapes its backquote."""
    lines = GO_RAW.splitlines()
    assert sorted(brace_pairs(lines, go=True)) == [
        ((2, 29), (8, 0)), ((3, 9), (6, 1)), ((10, 27), (15, 0)), ((12, 20), (14, 1))]
    assert brace_block_end(lines, 2, go=True) == 8
    assert brace_block_end(lines, 3, go=True) == 6
    cases = {case.name: case for case in split_tests("p/raw_test.go", GO_RAW)}
    assert cases["TestEarly"].body.splitlines()[-1] == "}"
    assert "TestRaw" not in cases["TestEarly"].body
    assert cases["TestRaw"].body.endswith('t.Fatal("changed")\n\t}\n}')
    js = ["const s = `a\\`{`;", "f({});"]
    assert brace_pairs(js) == [((1, 2), (1, 3))]


def test_two_tests_of_one_name_are_two_tests() -> None:
    """scule's trainCase group holds two `test.each(...)("%s => %s", ...)` tables: one id for
    both let a skipped first table take the second, real one, with it."""
    text = ('describe("trainCase", () => {\n'
            '  test.skip.each([["f", "F"]])("%s => %s", (i, e) => {\n'
            '    expect(trainCase(i)).toBe(e);\n  });\n'
            '  test.each([["FOO_BAR", "Foo-Bar"]])("%s => %s", (i, e) => {\n'
            '    expect(trainCase(i, { normalize: true })).toBe(e);\n  });\n});\n')
    first, second = split_tests("t/scule.test.ts", text)
    assert (first.test_id, first.line) == ("t/scule.test.ts::trainCase > %s => %s", 2)
    assert (second.test_id, second.line) == ("t/scule.test.ts::trainCase > %s => %s #2", 5)
    assert first.name == second.name  # as the runner names both
    assert shadowed([first, second]) == {}  # both run


def test_a_python_test_a_later_def_of_its_name_replaces_never_runs() -> None:
    text = ("def test_x():\n    assert f() == 1\n\n\nclass TestA:\n    def test_x(self):\n"
            "        assert f() == 2\n\n\ndef test_x():\n    assert True\n")
    cases = split_tests("tests/test_a.py", text)
    assert [c.test_id for c in cases] == [
        "tests/test_a.py::test_x", "tests/test_a.py::TestA::test_x",
        "tests/test_a.py::test_x #2"]
    assert shadowed(cases) == {"tests/test_a.py::test_x": (
        "never run: a later def of the same name replaces it (line 10)")}


def test_a_python_test_a_later_import_of_its_name_replaces_never_runs() -> None:
    """A module may define a test for older Pythons and import the newer one of the same
    name (funcy's tests): pytest collects the import. One imported before the def, a
    method of that name, and a name imported inside a function replace nothing."""
    text = ("import sys\nfrom .older import test_y\n\n\ndef test_x():\n    assert f()\n\n\n"
            "def test_y():\n    assert g()\n\n\nclass TestA:\n    def test_x(self):\n"
            "        assert h()\n\n\ndef helper():\n    from .other import test_z\n\n\n"
            "def test_z():\n    assert k()\n\n\nif sys.version_info >= (3, 8):\n"
            "    from .py38 import test_x  # noqa\n")
    cases = split_tests("tests/test_a.py", text)
    assert shadowed(cases, {"tests/test_a.py": text}) == {"tests/test_a.py::test_x": (
        "its def never runs: a later import of the same name replaces it (line 27)")}
    assert shadowed(cases) == {}
    assert imported_tests({"tests/test_a.py": text, "tests/helpers.py": "import os\n"}) == {
        "tests/test_a.py::test_y": 2, "tests/test_a.py::test_x": 27}


def test_brace_indented_moves_in_only_the_lines_their_braces_hold() -> None:
    flat = ["it('x', () => {", "if (false) {", "f({", "b: '}',", "});", "}", "if (c)",
            "g();", "h();", "});"]
    assert brace_indented(flat) == [
        "it('x', () => {", "  if (false) {", "    f({", "      b: '}',", "    });", "  }",
        "  if (c)", "    g();", "  h();", "});"]
    chained = ["it('y', async () => {", "  await load()", "    .then(() => {",
               "      setTimeout(() => {", "        g();", "      }, 10);", "    })",
               "    .catch(() => undefined);", "});"]
    assert brace_indented(chained) == chained  # indented as its braces nest: as it is


@pytest.mark.parametrize(("test_id", "expected"), [
    ("t.ts::joinURL(${t.input.map((i) => `${i}`).join(\", \")}) === ${t.out}",
     "t.ts::joinURL(${…}) === ${…}"),
    ("t.ts::adds ${a} and ${b}", "t.ts::adds ${…} and ${…}"),
    ("t.ts::price is $5 {net}", "t.ts::price is $5 {net}"),
    ("t.ts::left open ${a", "t.ts::left open ${a"),
    # itertools-ts: `it("", ...)` in a `describe.each` group had read "...Test >  is a ..."
    ("t.ts::Stream Reduce Test > ", 't.ts::Stream Reduce Test > ""'),
    ("t.ts::Stream Reduce Test > ${a} > ", 't.ts::Stream Reduce Test > ${…} > ""'),
])
def test_a_title_made_at_run_time_is_shown_with_its_interpolations_elided(
        test_id: str, expected: str) -> None:
    assert shown(test_id) == expected


WITH_QUERY = """describe("withQuery", () => {
  const tests = [
    { input: "/?test", query: { foo: "0" }, out: "/?test&foo=0" },
    { input: "/?x=1,2,3", query: { y: "1,2,3" }, out: "/?x=1,2,3&y=1,2,3" },
    {
      input: "/",
      query: { param: { a: { nested: { object: 123 } } } },
      out: "/?param=%7B%22a%22:%7B%22nested%22%7D",
    },
  ];

  for (const t of tests) {
    test(t.input.toString() + " with " + JSON.stringify(t.query), () => {
      expect(withQuery(t.input, t.query)).toBe(t.out);
    });
  }
  test("keeps the hash", () => {
    expect(withQuery("/#a", { b: 1 })).toBe("/?b=1#a");
  });
});
"""


def test_a_js_test_named_at_run_time_from_its_rows_is_named_by_each_rows_values() -> None:
    """ufo's `withQuery` loop names each run `t.input + " with " + JSON.stringify(t.query)`:
    each row's name is what those two fields hold in it (a string whole, commas and all; an
    object to its closing brace), not the `out` the row expects. A test named in its source
    has no such rows. A `.each` table named by the template `"$input with $query"` names its
    runs by the same fields."""
    looped, written = split_tests("test/query.test.ts", WITH_QUERY)
    assert named_rows(looped) == (
        '"/?test" { foo: "0" }',
        '"/?x=1,2,3" { y: "1,2,3" }',
        '"/" { param: { a: { nested: { object: 123 } } } }',
    )
    assert named_rows(written) == ()
    each = WITH_QUERY.replace(
        """  for (const t of tests) {
    test(t.input.toString() + " with " + JSON.stringify(t.query), () => {
      expect(withQuery(t.input, t.query)).toBe(t.out);
    });
  }""", """  test.each(tests)("$input with $query", ({ input, query, out }) => {
    expect(withQuery(input, query)).toBe(out);
  });""")
    assert each != WITH_QUERY
    templated, _ = split_tests("test/query.test.ts", each)
    assert named_rows(templated) == named_rows(looped)
    # what the source says of such a name is its template's text, not the fields it fills in
    assert templated.spoken == "withQuery >   with  "


ROUND_TRIPS = """import SuperJSON from "./";

describe("stringify & parse", () => {
  const cases: Record<string, { input: () => unknown; only?: boolean }> = {
    "works for Maps": {
      input: () => new Map([["a", 1]]),
    },
    'works for symbols, issue #12': {
      input: () => Symbol.for("a"),
      only: false,
    },
  };

  for (const [testName, { input, only }] of Object.entries(cases)) {
    let testFunc = test;

    if (only) {
      testFunc = test.only;
    }

    testFunc(testName, () => {
      const value = input();
      expect(SuperJSON.parse(SuperJSON.stringify(value))).toEqual(value);
    });
  }
});
"""


def test_a_js_test_called_through_a_name_bound_to_test_is_a_test_named_by_its_table_keys(
        ) -> None:
    """superjson's table loop calls `testFunc(testName, ...)`, `testFunc` bound to `test` (or
    to `test.only` for a row marked `only`): its 33 runs went unread, leaving two ACs they
    verify without a test. It is one test named at run time, read from the call (its body as
    the file writes it), each run named by a key of the object table it loops over."""
    (looped,) = split_tests("src/index.test.ts", ROUND_TRIPS)
    assert (looped.name, looped.line) == ("stringify & parse > testName", 21)
    assert "testFunc(testName, () => {" in looped.body
    assert named_rows(read(looped)) == ("works for Maps", "works for symbols, issue #12")
    # a name bound to anything else is no test
    assert split_tests("src/index.test.ts", ROUND_TRIPS.replace(
        "let testFunc = test;", "let testFunc = run;")) == []


def test_a_js_test_whose_quoted_title_the_code_adds_to_is_named_at_run_time() -> None:
    """ufo's `withQuery` loop with its titles renamed `test("case " + tests.indexOf(t), ...)`:
    the runner names each row `case 0`, `case 1`, so the test is named by the expression
    that makes its name, not by the quoted start `case ` (which no row is called: the
    review said the test never ran). A quoted title whole, and a group's title, read as
    written."""
    source = WITH_QUERY.replace('test(t.input.toString() + " with " + JSON.stringify(t.query),',
                                'test("case " + tests.indexOf(t),')
    assert source != WITH_QUERY
    looped, written = split_tests("test/query.test.ts", source)
    assert looped.name == 'withQuery > "case " + tests.indexOf(t)'
    assert looped.spoken == "withQuery > case "
    assert "expect(withQuery(t.input, t.query)).toBe(t.out);" in looped.body
    assert written.name == "withQuery > keeps the hash"
    added, = split_tests("a.test.ts", 'describe("x " + n, () => {\n  it("a, b" + "c", () => {'
                                      "\n    expect(f()).toBe(1);\n  });\n});\n")
    assert added.name == 'x  > "a, b" + "c"'


def test_a_each_tests_name_template_says_its_text_not_the_placeholders_rows_fill_in() -> None:
    """ufo's joinURL table as `test.each(joinURLTests)("joinURL($input) === $out", ...)`: the
    words `input` and `out` are fields each row fills in, not what the test says (they made
    the test's name half unexplained by the AC it checks); likewise jest's and vitest's
    printf placeholders, on a one-line table or one spanning lines. A name with none is read
    as written."""
    cases = split_tests("test/join.test.ts", """describe("joinURL", () => {
  test.each(joinURLTests)("joinURL($input) === $out", ({ input, out }) => {
    expect(joinURL(...input)).toBe(out);
  });
  test.each([[1, 2]])("add(%i) gives %d, 100%% sure", (a, b) => {});
  test.each([
    [1, 2],
  ])("adds %s", (a, b) => {});
  test.each(rows)("keeps the hash", (row) => {});
});
""")
    assert [c.spoken for c in cases] == [
        "joinURL > joinURL( ) ===  ", "joinURL > add( ) gives  , 100  sure", "joinURL > adds  ",
        ""]


CONSTANTS_READ = '''import unittest

EXPECTED = "Ge "
CASES = [
    ("a", "b"),
]
lower = "x"


class Base(unittest.TestCase):
    TEST_UNICODE = u"\\u9769"
    TEST_ASCII = 'Ge '


class CommandLineTests(Base):
    TEST_ASCII = 'Ge'
    MOVING = 1

    def setUp(self):
        self.MOVING = 2

    def test_file(self):
        out = run(self.TEST_UNICODE)
        self.assertEqual(out, self.TEST_ASCII)
        self.assertEqual(rc, self.MOVING)

    def test_module(self):
        self.assertEqual(run(), EXPECTED)
        for given, want in CASES:
            self.assertEqual(run(given), want)
        self.assertEqual(run(), lower)

    def test_local(self):
        EXPECTED = "other"
        self.assertEqual(run(), EXPECTED)

    def test_plain(self):
        self.assertEqual(run(), "x")
'''


def test_a_python_test_reading_its_files_constants_has_them_in_place() -> None:
    """Unidecode's command-line tests compare their output with `self.TEST_ASCII`, a class
    attribute: `constants` is the body with the literals of the constants it reads written in
    place (its own class's before its base's), not one assigned again nor a local."""
    cases = {c.name.rpartition("::")[2]: c for c in split_tests("tests/test_u.py",
                                                                   CONSTANTS_READ)}
    file = cases["test_file"]
    assert "self.assertEqual(out, 'Ge')" in file.constants
    assert 'out = run(u"\\u9769")' in file.constants
    assert "self.assertEqual(rc, self.MOVING)" in file.constants  # set again in setUp
    assert "self.TEST_ASCII" in file.body  # the body is as written
    module = cases["test_module"].constants
    assert 'self.assertEqual(run(), "Ge ")' in module
    assert 'for given, want in [\n    ("a", "b"),\n]:' in module
    assert "self.assertEqual(run(), lower)" in module  # no constant by its name
    assert cases["test_local"].constants == ""  # its own EXPECTED
    assert cases["test_plain"].constants == ""
    # a file Python cannot read gives none
    broken = split_tests("tests/test_u.py", CONSTANTS_READ + "\ndef (:\n")
    assert all(not case.constants for case in broken)


ULID_CONSTANTS = """MILLISECS_IN_SECS = 1000
TIMESTAMP_LEN = 6
RANDOMNESS_LEN = 10
BYTES_LEN = TIMESTAMP_LEN + RANDOMNESS_LEN

TIMESTAMP_REPR_LEN = 10
RANDOMNESS_REPR_LEN = 16
REPR_LEN = TIMESTAMP_REPR_LEN + RANDOMNESS_REPR_LEN
"""
ULID_BASE32 = """from ulid import constants

ENCODE: str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""
ULID_TESTS = """from ulid import base32
from ulid import constants
from ulid.constants import TIMESTAMP_LEN as TS
from ulid import ULID


@freeze_time()
def test_ulid() -> None:
    ulid = ULID()
    assert len(ulid.bytes) == constants.BYTES_LEN
    assert len(str(ulid)) == constants.REPR_LEN
    assert all(c in base32.ENCODE for c in str(ulid))


def test_timestamp_bytes() -> None:
    assert len(ULID().milliseconds.to_bytes(TS, "big")) == 6
"""


GO_CONSTANTS_READ = """package jp

const (
	DOC_MEMBERS = 3
	DOC = `{
ROOT = 9
}`
	level = iota
)

const greeting string = "hi"

func TestWhole(t *testing.T) {
	got := Whole(DOC)
	if len(got) != DOC_MEMBERS {
		t.Errorf("want every member")
	}
}

func TestGreets(t *testing.T) {
	if Greet() != greeting || Reject() != errStart {
		t.Error("wrong text")
	}
}

func TestLocal(t *testing.T) {
	DOC_MEMBERS := 4
	if Count() != DOC_MEMBERS {
		t.Error("count")
	}
}
"""


def test_a_go_test_reading_a_package_constant_has_its_literal_in_place() -> None:
    """gojsonpointer's whole-document test compares a length with a name its file's `const (
    ... )` block gives a number: `constants` is the body with that number in place. A
    constant of a File List source in the same directory is read too (its package); not a
    multi-line raw string, an `iota`, nor a name the test declares again."""
    code = {"pointer.go": 'package jp\n\nconst errStart = `must start with "/"`\n',
            "other/far.go": "package far\n\nconst greeting = \"far\"\n"}
    cases = {c.name.rpartition("::")[2]: c
             for c in split_tests("pointer_test.go", GO_CONSTANTS_READ, code)}
    whole = cases["TestWhole"]
    assert "if len(got) != 3 {" in whole.constants
    assert "Whole(DOC)" in whole.constants  # a raw string over lines is no literal here
    assert "DOC_MEMBERS" in whole.body  # the body is as written
    assert 'Greet() != "hi" || Reject() != `must start with "/"`' in cases["TestGreets"].constants
    assert cases["TestLocal"].constants == ""
    assert "ROOT" not in go_constants(GO_CONSTANTS_READ)
    assert "level" not in go_constants(GO_CONSTANTS_READ)


def test_a_python_test_reading_a_constant_of_the_storys_code_has_its_literal_in_place() -> None:
    """python-ulid's `test_ulid` checks `len(ulid.bytes) == constants.BYTES_LEN` after `from
    ulid import constants`, and `ulid/constants.py`, a File List source, gives `BYTES_LEN`
    the sum `TIMESTAMP_LEN + RANDOMNESS_LEN`: the test checks 16, as if it wrote it. Also a
    name imported by itself (`from ulid.constants import TIMESTAMP_LEN as TS`); not without
    the story's sources."""
    code = {"ulid/constants.py": ULID_CONSTANTS, "ulid/base32.py": ULID_BASE32,
            "ulid/__init__.py": "from ulid import constants\n"}
    ulid, stamp = split_tests("tests/test_ulid.py", ULID_TESTS, code)
    assert "assert len(ulid.bytes) == 16" in ulid.constants
    assert "assert len(str(ulid)) == 26" in ulid.constants
    assert 'all(c in "0123456789ABCDEFGHJKMNPQRSTVWXYZ" for c in' in ulid.constants
    assert 'to_bytes(6, "big")' in stamp.constants
    assert "constants.BYTES_LEN" in ulid.body  # the body is as written
    assert all(not case.constants for case in split_tests("tests/test_ulid.py", ULID_TESTS))
    # under a src/ layout too; a constant the module gives a value twice is none
    again = ULID_CONSTANTS + "REPR_LEN = 27\n"
    ulid, _ = split_tests("tests/test_ulid.py", ULID_TESTS, {"src/ulid/constants.py": again})
    assert "== 16" in ulid.constants and "constants.REPR_LEN" in ulid.constants


ROWS = """describe("compactField", () => {
  test.each([
    ['empty array', [], []],  // the first case
    ['single element array', [1], [{ start: 1, count: 1 }]],
    ["it's \\"quoted\\"", [1, 2, 3], [{ start: 1, end: 3, count: 3, step: 1 }]],
  ] as [string, any[], any[]][])('%s', (_title, values, expected) => {
    expect(compactField(values)).toEqual(expected);
  });
});
"""


def test_a_each_table_of_array_rows_is_one_test_a_row_named_as_the_runner_names_it() -> None:
    """cron-parser's compactField tests merged into `test.each([['empty array', [], []], ...])
    ('%s', ...)`: jest reports each row as a test of its own (`compactField > empty array`).
    Each is read so: named by its row, its body the table's with the other rows gone (their
    lines kept empty: the declaration and the function keep their numbers), so that one row's
    values are no evidence of another's case."""
    cases = split_tests("tests/compact.test.ts", ROWS)
    assert [c.name for c in cases] == [
        "compactField > empty array", "compactField > single element array",
        'compactField > it\'s "quoted"']
    assert {c.line for c in cases} == {2} and not any(c.spoken for c in cases)
    empty, single, quoted = cases
    assert "'empty array', [], []" in empty.body and "single element" not in empty.body
    assert "[{ start: 1, count: 1 }]" in single.body and "[], []" not in single.body
    assert "count: 3" in quoted.body and "count: 1" not in quoted.body
    lines = ROWS.split("\n")
    assert all(c.body.count("\n") == lines.index("  });", 5) - 1 for c in cases)
    assert all(c.body.split("\n")[4:] == lines[5:lines.index("  });", 5) + 1] for c in cases)


@pytest.mark.parametrize(("title", "rows", "names"), [
    ("%# %i + %d = %s", "[1, 2, '3'], [-4, 0, 'x']", ["0 1 + 2 = 3", "1 -4 + 0 = x"]),
    ("%s is %s", "[true, null], [1.5, undefined]", ["true is null", "1.5 is undefined"]),
    ("`%s`", "[`a`, 1], [`b`, 2]", ["`a`", "`b`"]),
])
def test_a_row_s_name_fills_each_placeholder_with_its_cell_in_order(
        title: str, rows: str, names: list[str]) -> None:
    cases = split_tests("t.test.js", f"test.each([{rows}])({title!r}, (a, b, c) => {{}});\n")
    assert [c.name for c in cases] == names


@pytest.mark.parametrize(("title", "rows"), [
    ("%s", "['one', 1]"),  # a table of one row
    ("%s => %s", "['a', ['a']], ['b', ['b']]"),  # an array printed as the runner formats it
    ("%p", "['a'], ['b']"),  # a placeholder jest and vitest print apart
    ("%d", "[1.5], [2]"),  # `%d` of a decimal
    ("%s", "['a\\n'], ['b']"),  # an escape other than a quote's
    ("%s", "[`${x}`], ['b']"),  # code in a template
    ("%s %s", "['a'], ['b']"),  # a placeholder past the row's cells
    ("%s", "['a'], ...more"),  # a spread
    ("%s", "{ a: 1 }, { a: 2 }"),  # object rows
    ("no placeholder", "['a'], ['b']"),
])
def test_a_table_whose_rows_names_are_not_certain_stays_one_test(title: str, rows: str) -> None:
    cases = split_tests("t.test.js", f"test.each([{rows}])({title!r}, (a, b) => {{}});\n")
    assert [c.name for c in cases] == [title]


LOOPED_SIBLINGS = """describe("round trip", () => {
  const rows = [{ text: "a & b", xml: "a &amp; b" }];

  for (const { text, xml } of rows) {
    const encoded = encodeXML(text);
    it(`decodes ${encoded}`, () => expect(decodeXML(encoded)).toBe(text));
    it("keeps emoji", () => {
      expect(encodeHTML("\\u{1F604}")).toBe("&#x1f604;");
    });
    it(`encodes ${text}`, () => expect(encoded).toBe(xml));
  }
});
"""


def test_a_looped_test_reads_its_groups_table_and_setup_but_no_other_tests_checks() -> None:
    """entities' encode tests: seven tests in one loop over a table, `should HTML5 encode
    ${input}` the sixth; its body held the five before it, their `decodeXML` checks too."""
    cases = {c.name: c for c in split_tests("t.test.ts", LOOPED_SIBLINGS)}
    last = cases["round trip > encodes ${text}"]
    assert "const rows = [" in last.body and "const encoded = encodeXML(text);" in last.body
    assert "decodeXML" not in last.body and "encodeHTML" not in last.body
    # the lines after the ones left out keep their numbers
    own = last.body.splitlines()[last.line - last.body_line]
    assert own.strip().startswith("it(`encodes ${text}`")


def test_a_js_test_with_no_function_of_its_own_ends_with_its_call() -> None:
    """keyvaluecache: an `it.todo("evicts ...")` among the LRU cache's tests had run on to the
    next test's block, its body holding that test's `set`, `get` and `delete` checks, so the
    todo read as the nearest test of ACs it never touches. A call holding no function (a todo,
    a test handed a named check) ends with its call; one holding a function keeps its block."""
    text = (
        'describe("MemoryStore", () => {\n'
        '  it.todo("drops the oldest entry once full");\n'
        "\n"
        '  it("forgets a removed key", async () => {\n'
        '    await store.put("k", "v");\n'
        '    await store.remove("k");\n'
        '    expect(await store.read("k")).toBeUndefined();\n'
        "  });\n"
        '  test("reads a key back", checkReadBack);\n'
        '  it("names {braces} in its title",\n'
        "    function () {\n"
        "      expect(1).toBe(1);\n"
        "    });\n"
        "});\n")
    cases = {c.name: c.body.strip() for c in split_tests("src/store.test.ts", text)}
    assert cases["MemoryStore > drops the oldest entry once full"] == (
        'it.todo("drops the oldest entry once full");')
    assert cases["MemoryStore > reads a key back"] == 'test("reads a key back", checkReadBack);'
    assert cases["MemoryStore > forgets a removed key"].endswith("});")
    assert "toBe(1)" in cases["MemoryStore > names {braces} in its title"]
