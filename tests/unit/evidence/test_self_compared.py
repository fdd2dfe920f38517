from __future__ import annotations

import pytest

from gaia_lib.evidence.self_compared import self_compared_row

DESTR = {"destr"}


@pytest.mark.parametrize("body", [
    # unjs/destr's number table with its exponent rows' values made the code's own
    '  it("parses number", () => {\n    const testCases = [\n      { input: "9", output: 9 },\n'
    '      { input: "9e2", output: destr("9e2") },\n    ];\n'
    '    for (const testCase of testCases) {\n'
    '      expect(destr(testCase.input)).toStrictEqual(testCase.output);\n    }\n  });\n',
    # the same, as a pytest table: a tuple row, the check handed its input by name
    '@pytest.mark.parametrize("i,o", [("9", 9), ("9e2", destr("9e2"))])\n'
    'def test_num(i, o):\n    assert destr(i) == o\n',
    # an array row of it.each, reached as an attribute, its value written first
    'it.each([[mod.destr("9e2"), "9e2"]])("%s", (want, input) => {\n'
    '  expect(mod.destr(input)).toBe(want);\n});\n',
    # a dict row with quoted keys
    '@pytest.mark.parametrize("case", [{"input": "9e2", "output": destr("9e2")}])\n'
    'def test_num(case):\n    assert destr(case["input"]) == case["output"]\n',
])
def test_a_row_whose_expected_value_is_the_codes_own_result_is_found(body: str) -> None:
    found = self_compared_row(body, DESTR)
    assert found is not None and found.endswith('destr("9e2")'), found


@pytest.mark.parametrize("body", [
    # honest rows
    '@pytest.mark.parametrize("i,o", [("9", 9), ("9e2", 900)])\n'
    'def test_num(i, o):\n    assert destr(i) == o\n',
    # a round trip: the value made by one function for a check of another
    '@pytest.mark.parametrize("t,ms", [("1h", parse("1h"))])\n'
    'def test_format(t, ms):\n    assert format(ms) == t\n',
    # the code's call as the row's computed value beside its expected one (Go's style:
    # {Bytes(1), "1 B"}), the check comparing the two fields
    'func TestBytes(t *testing.T) {\n\ttests := []struct{ got, want string }{\n'
    '\t\t{destr("1"), "1"},\n\t}\n\tfor _, tc := range tests {\n'
    '\t\tif tc.got != tc.want {\n\t\t\tt.Error(tc)\n\t\t}\n\t}\n}\n',
    # a value in a string of the row is no input of it
    '@pytest.mark.parametrize("name,got,want", [("destr(1)", destr(1), 1)])\n'
    'def test_num(name, got, want):\n    assert got == want\n',
    # the call is a dict's key, not an element beside its input
    'def test_keys():\n    assert check({destr("b"): "b"}) == 1\n',
    # not a row: a call's arguments (`expect(destr("9")).toBe(destr("9"))` is the
    # presence-only rule's)
    'it("x", () => { expect(destr("9")).toBe(destr("9")); });\n',
    # a function that is not the code under test
    '@pytest.mark.parametrize("i,o", [("9e2", float("9e2"))])\n'
    'def test_num(i, o):\n    assert destr(i) == o\n',
])
def test_other_tables_are_not_read_as_comparing_the_code_with_itself(body: str) -> None:
    assert self_compared_row(body, DESTR | {"parse", "format"}) is None
