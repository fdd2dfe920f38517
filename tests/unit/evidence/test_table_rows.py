from __future__ import annotations

import pytest

from gaia_lib.evidence.table_rows import (
    compared_whole,
    gives_other,
    holds,
    reversed_case,
    rows_quoting,
    template_rows_quoting,
    template_tables,
    unquoted,
    writes,
)

PARSE = '''PARSE_TEST_CASES = (
    ("P2W", timedelta(weeks=2), D_WEEK, None),
    ("P23DT23H", timedelta(hours=23, days=23), D_DEFAULT, None),
    pytest.param("-P2W", timedelta(weeks=-2), D_WEEK, None, id="neg"),
)
'''


def test_the_row_quoting_a_value_is_the_innermost_data_row_around_it() -> None:
    assert rows_quoting(PARSE, "P23DT23H") == (
        '("P23DT23H", timedelta(hours=23, days=23), D_DEFAULT, None)',)
    assert rows_quoting(PARSE, "-P2W") == (
        'pytest.param("-P2W", timedelta(weeks=-2), D_WEEK, None, id="neg")'[len("pytest.param"):],)
    js = 'const cases = [\n  { input: "9e2", output: 900 },\n  ["9e+2", 900],\n];\n'
    assert rows_quoting(js, "9e2") == ('{ input: "9e2", output: 900 }',)
    assert rows_quoting(js, "9e+2") == ('["9e+2", 900]',)
    go = 'tests := []struct{ in string; out int }{\n\t{`1.2.3`, 3},\n}\n'
    assert rows_quoting(go, "1.2.3") == ("{`1.2.3`, 3}",)


def test_a_call_that_is_one_element_of_a_table_is_a_row() -> None:
    """gobwas/glob's `[]test{glob(true, "a.*", "a.b", '.'), ...}`: each call of the table's
    row maker is a row; so is the last one, and a Python list of such calls."""
    go = ('for _, test := range []test{\n\tglob(true, "a.*", "a.b", \'.\'),\n'
          '\tglob(false, "?at", "at"),\n} {\n\tcheck(t, test)\n}\n')
    assert rows_quoting(go, "a.*") == ('(true, "a.*", "a.b", \'.\')',)
    assert rows_quoting(go, "?at") == ('(false, "?at", "at")',)
    assert rows_quoting('[case("x", 1), case("y", 2)]', "y") == ('("y", 2)',)


def test_a_comment_after_a_row_says_nothing_of_the_next() -> None:
    """iso8601's parametrize table notes a row's issue after it
    (`),  # http://code.google.com/p/pyiso8601/issues/detail?id=6`): the next tuple is a row
    still, as it is after a JS row's `//` comment or one in quotes that only looks like one."""
    rows = ('[\n    ("2007-5-7T11:43:55.328Z", 328000),  # http://example.com/issues?id=6\n'
            '    ("2006-10-20T15:34:56.123Z", 123000),\n]\n')
    assert rows_quoting(rows, "2006-10-20T15:34:56.123Z") == (
        '("2006-10-20T15:34:56.123Z", 123000)',)
    js = '[\n  ["1,000", 1000], // issue 12\n  ["2,000", 2000],\n]\n'
    assert rows_quoting(js, "2,000") == ('["2,000", 2000]',)
    quoted = 'g(a, "see #5" if ok else b\n  ("x", 1))\n'  # no comment: `b`'s arguments
    assert rows_quoting(quoted, "x") == ()


@pytest.mark.parametrize("text", [
    'assert parse("P23DT23H") == timedelta(hours=23, days=23)\n',  # a call's argument
    # a call inside a struct row: the struct row is the case
    'rows := []row{\n\t{"a", parse("P23DT23H")},\n}\n',
    # a statement of a block, and a call handed to another call
    'func TestX(t *testing.T) {\n\tcheck(t, "P23DT23H", 5)\n}\n',
    'check(t, wrap("P23DT23H", 5), 6)\n',
    'expect(cases["P23DT23H"]).toBe(900);\n',  # an index
    'rows = [("P23DT23H-extra", 1)]\n',  # not a whole string
])
def test_a_value_outside_a_data_row_is_in_none(text: str) -> None:
    assert rows_quoting(text, "P23DT23H") == ()


@pytest.mark.parametrize(("row", "value", "found"), [
    ('("P23DT23H", timedelta(hours=23,days=23), D_DEFAULT)', "timedelta(hours=23, days=23)",
     True),
    ('{ input: "9e2", output: 900 }', "900", True),
    ('{ input: "9e2", output: 9000 }', "900", False),
    ('{ input: "9e2", output: 1.900 }', "900", False),
    ('("a", "PT1H24M42.65S")', "PT1H24M42.65S", True),
])
def test_a_row_holds_a_value_spaces_aside_and_whole(row: str, value: str, found: bool) -> None:
    assert holds(row, value) is found


def test_a_value_the_story_writes_as_a_string_literal_is_found_in_any_quotes() -> None:
    assert unquoted('"fooBar"') == "fooBar" and unquoted("`foo\\\\Bar`") == "foo\\\\Bar"
    assert unquoted('["foo", "Bar"]') == '["foo", "Bar"]'  # a list, not one string
    js = "test.each([\n  ['fooBar', ['foo', 'Bar']],\n  ['FOOBar', ['FOO', 'Bar']],\n])"
    assert rows_quoting(js, '"fooBar"') == ("['fooBar', ['foo', 'Bar']]",)
    assert writes(js, '"FOOBar"') and writes(js, "FOOBar")
    assert not writes(js, '"fooBa"') and not writes(js, '"ooBar"')  # only whole strings


@pytest.mark.parametrize(("row", "value", "found"), [
    ("['fooBar', ['foo', 'Bar']]", '["foo", "Bar"]', True),  # quotes of either kind
    ('toMatchInlineSnapshot(`\n  [\n    "foo",\n    "Bar",\n  ]\n`)', '["foo", "Bar"]',
     True),  # a snapshot's trailing comma
    ('["fooBar", ["foo", "Bar", "Baz"]]', '["foo", "Bar"]', False),
])
def test_a_row_holds_a_value_whatever_its_quotes_and_trailing_commas(
        row: str, value: str, found: bool) -> None:
    assert holds(row, value) is found


@pytest.mark.parametrize(("row", "given", "value", "other"), [
    ('["fooBar", ["fooBar"]]', '"fooBar"', '["foo", "Bar"]', True),  # a list for a list
    ('["fooBar", ["foo", "Bar"]]', '"fooBar"', '["foo", "Bar"]', False),  # the value itself
    ('["FooBAR", "foo-b-ar"]', '"FooBAR"', '"foo-bar"', True),  # a string for a string
    ('["FooBAR", ["Foo", "BAR"]]', '"FooBAR"', '"foo-bar"', False),  # a list: another kind
    ('("P1Y", Duration(0, 0, 0, 2))', "P1Y", "Duration(0, 0, 0, 1)", True),  # same callee
    ('("P1Y", timedelta(days=365))', "P1Y", "Duration(0, 0, 0, 1)", False),
    ('{ input: "9e2", output: { n: 1 } }', "9e2", "{ n: 900 }", True),  # an object
    # a pattern's brackets are no list: `[日-語]` is not given another list by `[]int{1}`
    ('{ Matchers{x}, "[abc]", 1, []int{1} }', "[abc]", "[日-語]", False),
    # the input's own first quoting is set aside, a later one is a value
    ('expect(split("fooBar")).toMatchInlineSnapshot(`["fooBar"]`)', '"fooBar"',
     '["foo", "Bar"]', True),
])
def test_a_row_gives_an_input_another_value_of_the_promised_kind(
        row: str, given: str, value: str, other: bool) -> None:
    assert gives_other(row, given, value) is other


TEMPLATE = """describe("splitByCase", () => {
  test.each`
    input                 | expected
    ${"fooBar"}           | ${["foo", "Bar"]}
    ${"foo_bar-baz/qux"}  | ${["foo", "bar", "baz", "qux"]}
    ${{ a: "}" }}         | ${[
      "x",
    ]}
  `("$input => $expected", ({ input, expected }) => {
    expect(splitByCase(input)).toEqual(expected);
  });
});
"""


def test_a_tagged_template_table_is_read_as_its_runner_reads_it() -> None:
    """unjs/scule 55: jest's and vitest's ``.each`input | expected ...` `` table, its rows
    the `${...}` cells in order, as many to a row as the header names columns (a cell of code
    over lines, a brace in its string, is still one)."""
    (table,) = template_tables(TEMPLATE)
    assert table.header == ("input", "expected")
    assert table.rows == (
        ('"fooBar"', '["foo", "Bar"]'),
        ('"foo_bar-baz/qux"', '["foo", "bar", "baz", "qux"]'),
        ('{ a: "}" }', '[\n      "x",\n    ]'),
    )
    assert TEMPLATE[table.start] == "`" and TEMPLATE[table.end - 1] == "`"
    assert TEMPLATE[table.end:].startswith('("$input')


def test_a_template_that_is_no_table_has_no_rows() -> None:
    assert template_tables('const s = `${a} | ${b}`;\n') == ()  # no `.each`
    assert template_tables("test.each`\n  a | b\n  ${1} | ${2}\n") == ()  # never closed
    (headless,) = template_tables("test.each`\n  ${1} | ${2}\n`('x', () => {});\n")
    assert headless.rows == ()


def test_a_tagged_template_row_quoting_a_value_holds_its_cells() -> None:
    assert template_rows_quoting(TEMPLATE, "fooBar") == ('"fooBar" | ["foo", "Bar"]',)
    assert holds(template_rows_quoting(TEMPLATE, "fooBar")[0], '["foo", "Bar"]')
    assert template_rows_quoting(TEMPLATE, "foo_bar") == ()  # a part of a cell's string
    assert len(template_rows_quoting(TEMPLATE, "foo")) == 2  # whole, in a cell's array
    assert template_rows_quoting(TEMPLATE, "x") == ('{ a: "}" } | [\n      "x",\n    ]',)
    # an array row is no template row, and the array reading is left as it was
    array = 'test.each([\n  ["fooBar", ["foo", "Bar"]],\n])("%s", f);\n'
    assert template_rows_quoting(array, "fooBar") == ()
    assert rows_quoting(array, "fooBar") == ('["fooBar", ["foo", "Bar"]]',)


@pytest.mark.parametrize(("check", "reverse"), [
    ("self.assertEqual('1 KB', format_size(1000 ** 1))", True),
    ("assert '1 KB' == format_size(1000)", True),
    ("assert format_size(1000) == '1 KB'", True),
    ("self.assertEqual(1000, parse_size('1 KB'))", False),
    ("assert parse_size('1 KB') == 1000", False),
    ("self.check_size(1000, '1 KB')", False),
    ("expect(parse('1 KB')).toBe(1000)", False),
    ("assert [parse_size(t) for t in ['1 KB']] == [1000]", False),
])
def test_a_check_holding_the_value_as_the_input_of_the_code_is_the_reverse_case(
        check: str, reverse: bool) -> None:
    """humanfriendly's `assertEqual('1 KB', format_size(1000 ** 1))` writes the input `1 KB`
    and the value `1000` of an AC reading sizes, but as the result and the input of
    formatting: the reverse of that AC's case."""
    assert reversed_case(check, "1 KB", "1000") is reverse


@pytest.mark.parametrize(("check", "compared"), [
    ("self.assertEqual('1 byte', format_size(1))", True),
    ("assert format_size(1) == '1 byte'", True),
    ("expect(formatSize(1)).toBe('1 byte')", True),
    ("assert parse_size('1 byte') == 1", False),
    ("self.assertEqual(1, parse_size('1 byte'))", False),
    ("assert format_size(1) != '1 byte'", False),
    ("self.assertNotEqual('1 byte', format_size(1))", False),
    ("expect(formatSize(1)).not.toBe('1 byte')", False),
    ("assert format_size(1) == '1 bytes'", False),
])
def test_a_check_compares_a_result_with_a_value_it_writes_outside_the_codes_call(
        check: str, compared: bool) -> None:
    """humanfriendly's `assertEqual('1 byte', format_size(1))` compares the result with
    `1 byte`; `parse_timespan('500 milliseconds')` hands its value to the code."""
    assert compared_whole(check, "1 byte") is compared


def test_a_check_helper_compares_what_it_is_handed() -> None:
    assert compared_whole("expect_plural(1, 'byte', None, '1 byte')", "1 byte")
    assert compared_whole("self.check_size('1 byte', 1)", "1 byte")
    assert not compared_whole("format_size(len('1 byte'))", "1 byte")
