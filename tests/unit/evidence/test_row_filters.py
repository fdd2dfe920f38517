"""Filters evaluated over literal tables: which keep no row, which may keep one."""

from __future__ import annotations

import pytest

from gaia_lib.evidence import row_filters

CASES = '''\
CASES = [("+1", 1), ("-2", -2), ("3", 3)]
EMPTY_WEEK = [c for c in CASES if "W" in c[0]]
SOME = [c for c in CASES if c[1] > 0]
GROWN = [("a", 1)]
GROWN.append(("W", 2))
'''


def test_python_tables_reads_literal_tables_and_the_names_given_an_empty_filter() -> None:
    rows, kept_none = row_filters.python_tables(
        CASES, ["CASES", "EMPTY_WEEK", "SOME", "GROWN"])
    assert rows["CASES"] == (("+1", 1), ("-2", -2), ("3", 3))
    assert "GROWN" not in rows  # changed after its assignment: not a literal table
    assert kept_none == frozenset({"EMPTY_WEEK"})


@pytest.mark.parametrize(("comprehension", "keeps_none"), [
    ("[c for c in CASES if c is None]", True),
    ("[c for c in CASES if len(c[0]) > 5]", True),
    ("[c for c in CASES if c[0].startswith('+')]", False),
    ("[c for c in CASES if not c[1]]", True),
    ("[c for c in CASES if compute(c)]", False),   # a call it cannot evaluate: no verdict
    ("[c for c in OTHER if c is None]", False),    # not a table it knows
])
def test_a_comprehension_keeps_no_row_only_when_every_row_fails_its_condition(
        comprehension: str, keeps_none: bool) -> None:
    rows = {"CASES": (("+1", 1), ("-2", -2), ("3", 3))}
    assert row_filters.keeps_no_row_text(comprehension, rows) is keeps_none


def test_js_filters_that_keep_no_row_are_written_to_keep_nothing() -> None:
    text = 'const cases = [["1", 1], ["2", 2]];\n'
    rows = row_filters.js_tables(text, top=True)
    assert rows == {"cases": (("1", 1.0), ("2", 2.0))}
    lines = ['test.each(cases.filter(([i]) => i.startsWith("+")))("%s", (i, n) => {',
             '  expect(parse(i)).toBe(n);', '});']
    assert row_filters.js_unkept_filters(lines, rows)[0] == (
        'test.each(cases.filter(() => false))("%s", (i, n) => {')
    kept = ['test.each(cases.filter(([i]) => i === "1"))("%s", (i, n) => {']
    assert row_filters.js_unkept_filters(kept, rows) == kept
