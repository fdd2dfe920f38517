from __future__ import annotations

import pytest

from gaia_lib.evidence.table_rows import holds, rows_quoting

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


@pytest.mark.parametrize("text", [
    'assert parse("P23DT23H") == timedelta(hours=23, days=23)\n',  # a call's argument
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
