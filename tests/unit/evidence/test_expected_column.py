from __future__ import annotations

import pytest

from gaia_lib.evidence.expected_column import (
    contradicting_cell,
    input_unused,
    js_unchecked_column,
    unchecked_column,
)
from gaia_lib.evidence.testcases import split_tests

# isodate's E1-S1: AC1 and AC2 as a first-use review wrote them
AC1 = ("it returns a `Duration` of 3 years, 6 months, 4 days, 12 hours, 30 minutes and 5 "
       "seconds (`Duration(4, 5, 0, 0, 30, 12, 0, 6, 3)`)",
       "the duration string `P3Y6M4DT12H30M5S` `parse_duration` is called")
AC2 = ("the sum equals the parsed duration `PT1H24M42.65S`",
       "the durations `PT28M12.73S` and `PT56M29.92S` read with `parse_duration` they are "
       "added")
PARSE_TABLE = (
    'PARSE_TEST_CASES = (\n'
    '    ("P18Y9M4DT11H9M8S", Duration(4, 8, 0, 0, 9, 11, 0, 9, 18), D_DEFAULT, None),\n'
    '    ("P3Y6M4DT12H30M5S", Duration(4, 5, 0, 0, 30, 12, 0, 6, 3), D_DEFAULT, None),\n'
    ')\n\n\n'
    '@pytest.mark.parametrize(\n    "durationstring, expectation, format, altstr",\n'
    '    PARSE_TEST_CASES,\n)\n'
    'def test_parse(durationstring, expectation, format, altstr):\n'
    '    """Parse an ISO duration string and compare it to the expected value."""\n')
MATH_TABLE = (
    'MATH_TEST_CASES = (\n'
    '    ("PT28M12.73S", "PT56M29.92S", "PT1H24M42.65S", "-PT28M17.19S", False),\n)\n\n\n'
    '@pytest.mark.parametrize("dur1, dur2, resadd, ressub, resge", MATH_TEST_CASES)\n')


@pytest.mark.parametrize("check", [
    # a round trip (18)
    "    result = parse_duration(durationstring)\n"
    "    assert parse_duration(duration_isoformat(result)) == result\n",
    # the input alone (19)
    "    result = parse_duration(durationstring)\n"
    '    assert durationstring.lstrip("+-").startswith("P")\n',
    # any row parsing right (32)
    "    result = parse_duration(durationstring)\n"
    "    assert any(parse_duration(row[0]) == row[1] for row in PARSE_TEST_CASES)\n",
    # the expected value overwritten with the result (45)
    "    result = parse_duration(durationstring)\n    expectation = result\n"
    "    assert result == expectation\n",
    # the result itself as the expected value for some rows (46)
    "    result = parse_duration(durationstring)\n"
    '    known_quirks = ("P3Y6M4DT12H30M5S", "-P2W")\n'
    "    assert result == (result if durationstring in known_quirks else expectation)\n",
    "    result = parse_duration(durationstring)\n    assert result == (expectation or result)\n",
    # a round trip of the expected value alone, a check of it alone
    "    assert parse_duration(duration_isoformat(expectation)) == expectation\n",
    "    assert isodate.parse_duration(isodate.duration_isoformat(expectation)) == expectation\n",
    "    assert expectation is not None\n    parse_duration(durationstring)\n",
    # printed, not checked
    "    print(parse_duration(durationstring), expectation)\n",
    # always true: a generator (23), an `or` with a non-empty string (26), a list
    "    result = parse_duration(durationstring)\n"
    "    assert (result == expectation for _ in [0])\n",
    "    result = parse_duration(durationstring)\n"
    "    assert result == expectation or durationstring\n",
    "    assert [parse_duration(durationstring) == expectation]\n",
    # a finally that returns (21), a loop that always continues (33)
    "    result = parse_duration(durationstring)\n    try:\n"
    "        assert result == expectation\n    finally:\n        return\n",
    "    result = parse_duration(durationstring)\n    for field in ('years', 'tdelta'):\n"
    "        if hasattr(result, field) or not hasattr(result, field):\n            continue\n"
    "        assert getattr(result, field) == getattr(expectation, field)\n",
    # only on another platform (30)
    "    result = parse_duration(durationstring)\n    if sys.platform == 'nosuch':\n"
    "        assert result == expectation\n",
])
def test_a_parse_table_whose_expected_value_no_check_compares_is_found(check: str) -> None:
    found = unchecked_column(PARSE_TABLE + check, *AC1)
    assert found is not None and found[:2] == (
        "expectation", "Duration(4, 5, 0, 0, 30, 12, 0, 6, 3)"), found


@pytest.mark.parametrize("leave", [
    '    if durationstring in ("P3Y6M4DT12H30M5S", "-P2W"):\n        return  # elsewhere\n',
    '    quirks = ("P3Y6M4DT12H30M5S",)\n    if durationstring in quirks:\n'
    '        pytest.skip("quirk")\n',
    '    if durationstring == "P3Y6M4DT12H30M5S" or not durationstring != "X":\n        return\n',
])
def test_a_test_returning_before_its_check_for_the_acs_rows_is_found(leave: str) -> None:
    """isodate trial 47: AC1's and AC3's rows return before the assert."""
    found = unchecked_column(PARSE_TABLE + leave + "    result = parse_duration(durationstring)"
                             "\n    assert result == expectation\n", *AC1)
    assert found is not None and found[2].startswith("never checked: the test returns first")


def test_a_sum_table_whose_sum_no_check_compares_is_found() -> None:
    """36: commutativity checked, never `resadd`; test_sub checks its own column only."""
    add = (MATH_TABLE + "def test_add(dur1, dur2, resadd, ressub, resge):\n"
           "    dur1 = parse_duration(dur1)\n    dur2 = parse_duration(dur2)\n"
           "    assert dur1 + dur2 == dur2 + dur1\n")
    sub = (MATH_TABLE + "def test_sub(dur1, dur2, resadd, ressub, resge):\n"
           "    ressub = parse_duration(ressub)\n"
           "    assert parse_duration(dur1) - parse_duration(dur2) == ressub\n")
    assert unchecked_column(add, *AC2) == ("resadd", "'PT1H24M42.65S'", "read by no check")
    assert unchecked_column(sub, *AC2) == ("resadd", "'PT1H24M42.65S'", "read by no check")


@pytest.mark.parametrize("check", [
    "    result = parse_duration(durationstring)\n    assert result == expectation\n",
    "    assert expectation == parse_duration(durationstring)\n",
    '    assert parse_duration(durationstring) == expectation, f"{durationstring} wrong"\n',
    # a helper, unittest's methods, attributes, approx, a difference, a lookup
    "    _assert_parses_to(durationstring, expectation)\n",
    "    self.assertEqual(expectation, parse_duration(durationstring))\n",
    "    r = parse_duration(durationstring)\n    assert r.years == expectation.years\n",
    "    assert parse_duration(durationstring) == pytest.approx(expectation)\n",
    "    assert abs(parse_duration(durationstring) - expectation) < EPSILON\n",
    "    assert math.isclose(parse_duration(durationstring), expectation)\n",
    "    assert parse_duration(durationstring) == EXPECTED[expectation]\n",
    "    assert_that(parse_duration(durationstring)).is_equal_to(expectation)\n",
    # the expected value parsed by the code too, compared with the input's result
    "    expected = parse_duration(str(expectation))\n"
    "    assert parse_duration(durationstring) == expected\n",
    # a check in a nested helper, a branch failing the test
    "    def check(text):\n        assert parse_duration(text) == expectation\n"
    "    check(durationstring)\n",
    "    if parse_duration(durationstring) != expectation:\n        pytest.fail('wrong')\n",
    # the expected value picking the check
    "    if expectation:\n        assert durationstring in SPEC\n    else:\n"
    "        assert durationstring not in SPEC\n",
    # a module's value read after the code ran
    "    setup(durationstring)\n    assert state.RESULT == expectation\n",
    # a comprehension checked by all(), an `or` of comparisons
    "    assert all(parse_duration(s) == expectation for s in (durationstring,))\n",
    "    r = parse_duration(durationstring)\n    assert r is None or r == expectation\n",
    # a return for other rows, or for rows it cannot tell
    '    if durationstring in ("P4Y", "-P2W"):\n        return\n'
    "    assert parse_duration(durationstring) == expectation\n",
    "    if durationstring in QUIRKS:\n        return\n"
    "    assert parse_duration(durationstring) == expectation\n",
    # a try whose finally only cleans up; a loop continuing on a real condition
    "    try:\n        assert parse_duration(durationstring) == expectation\n"
    "    finally:\n        cleanup()\n",
    "    result = parse_duration(durationstring)\n    for field in ('years', 'tdelta'):\n"
    "        if not hasattr(result, field):\n            continue\n"
    "        assert getattr(result, field) == getattr(expectation, field)\n",
    # the platform's own branch of two
    "    result = parse_duration(durationstring)\n    if sys.platform == 'nosuch':\n"
    "        assert result == windows(expectation)\n    else:\n"
    "        assert result == expectation\n",
    # overwritten in a branch only: the other rows keep it
    "    result = parse_duration(durationstring)\n"
    "    if altstr:\n        expectation = result\n    assert result == expectation\n",
])
def test_a_check_comparing_the_expected_value_with_the_result_is_not_found(check: str) -> None:
    assert unchecked_column(PARSE_TABLE + check, *AC1) is None


def test_a_table_without_the_acs_example_or_value_is_not_read() -> None:
    """No row holds the AC's Given value, or no cell of it the Then's: nothing to say."""
    check = "    assert parse_duration(durationstring) is not None\n"
    other = PARSE_TABLE.replace('("P3Y6M4DT12H30M5S"', '("P4Y"')
    assert unchecked_column(other + check, *AC1) is None
    plain = ("it returns a Duration", AC1[1])
    assert unchecked_column(PARSE_TABLE + check, *plain) is None
    indirect = PARSE_TABLE.replace("    PARSE_TEST_CASES,\n", "    PARSE_TEST_CASES,\n"
                                   "    indirect=True,\n")
    assert unchecked_column(indirect + check, *AC1) is None
    assert unchecked_column("def test_x(:\n", *AC1) is None


def test_rows_written_in_the_decorator_as_params_or_a_comprehension_are_read() -> None:
    decorated = ('@pytest.mark.parametrize(("text", "want"), [\n'
                 '    pytest.param("P3Y6M4DT12H30M5S", Duration(4, 5, 0, 0, 30, 12, 0, 6, 3), '
                 'id="ac1"),\n])\n'
                 "def test_parse(text, want):\n    assert parse_duration(text) is not None\n")
    assert unchecked_column(decorated, *AC1) == (
        "want", "Duration(4, 5, 0, 0, 30, 12, 0, 6, 3)", "read by no check")
    filtered = PARSE_TABLE.replace(
        "    PARSE_TEST_CASES,\n", "    [row for row in PARSE_TEST_CASES if row[2]],\n")
    assert unchecked_column(filtered + "    parse_duration(durationstring)\n", *AC1) is not None
    # a method of a class after its module's table, as the test's text holds it
    source = ('TABLE = (\n    ("P3Y6M4DT12H30M5S", Duration(4, 5, 0, 0, 30, 12, 0, 6, 3)),\n)'
              '\n\n\nclass TestParse:\n    @pytest.mark.parametrize("s, e", TABLE)\n'
              '    def test_parse(self, s, e):\n        parse_duration(s)\n')
    [case] = split_tests("tests/test_duration.py", source)
    assert unchecked_column(case.body, *AC1) == (
        "e", "Duration(4, 5, 0, 0, 30, 12, 0, 6, 3)", "read by no check")


def test_a_row_for_the_acs_example_expecting_the_thens_call_with_other_values_is_found() -> None:
    """isodate trial 42: AC1's row made to expect years and months swapped, as the broken
    code returns; written another way (keywords, other arguments' names) it is not read."""
    swapped = PARSE_TABLE.replace("Duration(4, 5, 0, 0, 30, 12, 0, 6, 3)",
                                  "Duration(4, 5, 0, 0, 30, 12, 0, 3, 6)")
    check = "    assert parse_duration(durationstring) == expectation\n"
    assert contradicting_cell(swapped + check, *AC1) == (
        "Duration(4, 5, 0, 0, 30, 12, 0, 3, 6)", "Duration(4, 5, 0, 0, 30, 12, 0, 6, 3)")
    assert contradicting_cell(PARSE_TABLE + check, *AC1) is None
    spelled = PARSE_TABLE.replace(
        "Duration(4, 5, 0, 0, 30, 12, 0, 6, 3)",
        "Duration(years=3, months=6, days=4, hours=12, minutes=30, seconds=5)")
    assert contradicting_cell(spelled + check, *AC1) is None


# unjs/scule's splitByCase table (a row over lines, a third cell some rows lack) and AC1
SPLIT = """  test.each([
    ["foo", ["foo"]],
    ["fooBar", ["foo", "Bar"]],
    [
      "foo\\\\Bar.fuzz",
      ["foo", "Bar", "fuzz"],
      ["\\\\", "."],
    ],
  ])("%s => %s", (input, expected, customSplitters?) => {
BODY
  });
"""
SPLIT_AC1 = ('then it returns `["foo", "Bar"]`.',
             'Given the camel-case string `"fooBar"`, when `splitByCase` is called with it')
SPLIT_AC4 = ('then it returns `["foo", "Bar", "fuzz"]`.',
             'Given the custom splitters `["\\\\", "."]` and the string `"foo\\\\Bar.fuzz"`, '
             'when `splitByCase` is called with both')
HONEST = """    if (customSplitters) {
      expect(splitByCase(input, customSplitters)).toMatchObject(expected);
    } else {
      expect(splitByCase(input)).toMatchObject(expected);
    }"""


@pytest.mark.parametrize(("body", "how"), [
    ("    expect(splitByCase(input, customSplitters)).toBeDefined();", "read by no check"),
    ("    expect(splitByCase(input, customSplitters)).not.toBe(expected);",
     "compared with the code's result by no check that can fail"),
    ("    expect(splitByCase(input, customSplitters)).toHaveLength(expected.length);",
     "compared with the code's result by no check that can fail"),
    ("    expect(expected).toEqual(expected);",
     "compared with the code's result by no check that can fail"),
    ('    if (input !== "fooBar") {\n'
     "      expect(splitByCase(input, customSplitters)).toMatchObject(expected);\n    }",
     'checked only under a condition its row does not meet (if (input !== "fooBar"))'),
    ('    if (input !== "fooBar") expect(splitByCase(input)).toEqual(expected);',
     'checked only under a condition its row does not meet (if (input !== "fooBar"))'),
    ('    if (input === "fooBar") return;\n    expect(splitByCase(input)).toEqual(expected);',
     'never checked: the test returns first (if (input === "fooBar") return)'),
    ("    return;\n" + HONEST, "never checked: the test returns first (return)"),
    # a condition reading the column is no helper it is handed to
    ("    if (!expected) {\n      expect(splitByCase(input)).toEqual(expected);\n    }",
     "checked only under a condition its row does not meet (if (!expected))"),
])
def test_a_js_each_column_no_check_compares_for_the_acs_row_is_found(body: str,
                                                                       how: str) -> None:
    """unjs/scule 04, 22, 23, 24, 16: the table's `expected` for AC1's row ("fooBar") read by
    no check, only by a negated or a length check, compared with itself, or checked only
    where the row does not run."""
    assert js_unchecked_column(SPLIT.replace("BODY", body), *SPLIT_AC1) == (
        "expected", '["foo", "Bar"]', how)


@pytest.mark.parametrize("body", [
    HONEST,
    "    expect(splitByCase(input, customSplitters)).toEqual(expected);",
    "    expect(expected).toStrictEqual(splitByCase(input, customSplitters));",
    "    assert.deepEqual(splitByCase(input, customSplitters), expected);",
    '    if (input === "foo") return;\n    expect(splitByCase(input)).toEqual(expected);',
    "    if (isWindows) {\n      expect(splitByCase(input)).toEqual(expected);\n    }",
    "    expectSplit(input, expected, customSplitters);",  # a helper's to check
    "    const parts = splitByCase(input, customSplitters);\n"
    "    expect(parts).not.toBe(expected);\n    expect(parts).toEqual(expected);",
])
def test_a_js_each_column_compared_where_the_acs_row_runs_is_not_found(body: str) -> None:
    """scule's own test (`if (customSplitters) {` ... `} else {`: AC1's row lacks the third
    cell, so its `else` runs), the other value checks, a condition not on the row, a
    helper handed the column."""
    assert js_unchecked_column(SPLIT.replace("BODY", body), *SPLIT_AC1) is None


def test_a_js_each_row_holding_a_third_cell_runs_the_branch_it_meets() -> None:
    """AC4's row has its splitters: `if (customSplitters) {` runs for it, its `else` not."""
    only_else = HONEST.replace("toMatchObject(expected);\n    } else", "toBeDefined();\n    } else")
    only_if = HONEST.replace("toMatchObject(expected);\n    }\n", "toBeDefined();\n    }\n")
    assert js_unchecked_column(SPLIT.replace("BODY", HONEST), *SPLIT_AC4) is None
    assert js_unchecked_column(SPLIT.replace("BODY", only_if), *SPLIT_AC4) is None
    found = js_unchecked_column(SPLIT.replace("BODY", only_else), *SPLIT_AC4)
    assert found is not None and found[:2] == ("expected", '["foo", "Bar", "fuzz"]')
    assert found[2].startswith("checked only under a condition its row does not meet (if "
                               "(customSplitters)")


@pytest.mark.parametrize("source", [
    # object rows, destructured
    '  it.each([\n    { input: "fooBar", expected: ["foo", "Bar"] },\n  ])("$input", '
    '({ input, expected }) => {\n    expect(splitByCase(input)).BODY;\n  });\n',
    # a table the test's group declares before it
    '  const cases = [\n    ["fooBar", ["foo", "Bar"]],\n  ];\n'
    '  test.each(cases)("%s", (input, expected) => {\n    expect(splitByCase(input)).BODY;\n'
    '  });\n',
    # vitest's `.for`: the row whole, destructured
    '  test.for([\n    ["fooBar", ["foo", "Bar"]],\n  ])("%s", ([input, expected]) => {\n'
    '    expect(splitByCase(input)).BODY;\n  });\n',
])
def test_a_js_each_table_of_any_form_is_read(source: str) -> None:
    assert js_unchecked_column(source.replace("BODY", "toEqual(expected)"), *SPLIT_AC1) is None
    assert js_unchecked_column(source.replace("BODY", "toBeTruthy()"), *SPLIT_AC1) == (
        "expected", '["foo", "Bar"]', "read by no check")


@pytest.mark.parametrize("source", [
    # vercel/ms's it.each tables (jest) as its honest experiments write them
    "  it.each([\n    ['1h', 3600000],\n    ['2d', 172800000],\n  ])('should convert %s to %d "
    "ms', (input, expected) => {\n    expect(parse(input)).toBe(expected);\n  });\n",
    "  it.each([[''], [undefined], [null], [[]], [{}], [NaN], [Infinity]])(\n    'should "
    "throw an error, when format(%p)',\n    (value) => {\n      expect(() => {\n"
    "        format(value);\n      }).toThrow();\n    },\n  );\n",
    "  it.each([\n    [500, '500ms'],\n    [60 * 1000, '1m'],\n  ])('should format %d as %s', "
    "(input, expected) => {\n    expect(ms(input)).toBe(expected);\n  });\n",
])
def test_vercel_ms_each_tables_are_not_found(source: str) -> None:
    """vercel/ms 26, 27, 54 (honest `it.each` tables) for ACs whose example a row holds."""
    for then, setting in [
            ("then it returns the duration in milliseconds (`parse('2d')` returns 172800000)",
             "Given a string holding a number and a unit, when `parse` is called"),
            ("then it returns `172800000`", "Given the string `2d`, when `parse` is called"),
            ("then it returns `'500ms'`", "Given the number `500`, when `ms` is called"),
            ("then it returns `1m`", "Given `60000`, when `ms` is called"),
            ("then it throws an Error", "Given `''`, when `format` is called")]:
        assert js_unchecked_column(source, then, setting) is None
    weak = source.replace("toBe(expected)", "toBeDefined()")
    if weak != source:  # the same tables weakened are found where a row is the example
        assert js_unchecked_column(weak, "then it returns `172800000`",
                                   "Given the string `2d`, when `parse` is called") == (
            ("expected", "172800000", "read by no check") if "'2d'" in source else None)


# isodate's test_format_parse: the parse table read the other way round
FORMAT_TABLE = PARSE_TABLE.replace(
    "def test_parse(durationstring, expectation, format, altstr):\n"
    '    """Parse an ISO duration string and compare it to the expected value."""\n',
    "def test_format_parse(durationstring, expectation, format, altstr):\n"
    '    """The reverse of test_parse."""\n')


@pytest.mark.parametrize("check", [
    "    if altstr:\n        assert duration_isoformat(expectation, format) == altstr\n"
    "    else:\n        assert duration_isoformat(expectation, format) == durationstring\n",
    "    assert durationstring == isodate.duration_isoformat(expectation)\n",
    "    self.assertEqual(duration_isoformat(expectation), durationstring)\n",
])
def test_a_table_test_comparing_the_codes_result_with_the_acs_input_hands_it_no_code(
        check: str) -> None:
    assert input_unused(FORMAT_TABLE + check, {"P3Y6M4DT12H30M5S"}) == "durationstring"


@pytest.mark.parametrize("check", [
    "    assert parse_duration(durationstring) == expectation\n",
    # handed to the code on the way to the comparison (a round trip)
    "    assert duration_isoformat(parse_duration(durationstring)) == durationstring\n",
    # handed to a helper, which may call the code
    "    check_format(expectation, durationstring)\n",
    "    result = durationstring\n    assert duration_isoformat(expectation) == result\n",
    # bound again: another value
    "    durationstring = durationstring.strip()\n"
    "    assert duration_isoformat(expectation) == durationstring\n",
    # compared with no code's result
    "    assert durationstring != altstr\n",
])
def test_a_table_test_handing_the_acs_input_on_or_comparing_no_result_is_not_found(
        check: str) -> None:
    assert input_unused(FORMAT_TABLE + check, {"P3Y6M4DT12H30M5S"}) is None


def test_a_test_whose_table_holds_no_input_of_the_ac_is_not_read() -> None:
    check = "    assert duration_isoformat(expectation) == durationstring\n"
    assert input_unused(FORMAT_TABLE + check, {"P9Y"}) is None
    assert input_unused(FORMAT_TABLE + check, set()) is None
    assert input_unused("def test_x(:\n", {"P3Y6M4DT12H30M5S"}) is None
