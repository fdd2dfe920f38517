from __future__ import annotations

import pytest

from gaia_lib.evidence.table_columns import unread_blanked

# isodate's shared table: test_sub reads ressub, never resadd
MATH = '''MATH_TEST_CASES = (
    ("PT28M12.73S", "PT56M29.92S", "PT1H24M42.65S", "-PT28M17.19S", False),
    pytest.param("PT1S", "PT1S", "PT2S", "PT0S", None, id="same"),
)
@pytest.mark.parametrize("dur1, dur2, resadd, ressub, resge", MATH_TEST_CASES)
def test_sub(dur1, dur2, resadd, ressub, resge):
    dur1 = parse_duration(dur1)
    dur2 = parse_duration(dur2)
    assert dur1 - dur2 == parse_duration(ressub)
'''


def test_a_shared_tables_columns_the_test_never_reads_are_blanked() -> None:
    blanked = unread_blanked(MATH)
    assert '("PT28M12.73S", "PT56M29.92S", ..., "-PT28M17.19S", ...)' in blanked
    assert 'pytest.param("PT1S", "PT1S", ..., "PT0S", ..., id="same")' in blanked
    assert blanked.endswith(MATH[MATH.index("@pytest"):])  # the test itself as written


def test_an_inline_table_of_a_method_is_blanked_where_it_stands() -> None:
    source = ('    @pytest.mark.parametrize(("a", "b", "want"), [\n'
              '        ("x", 1, "X1"),\n        ["y", 2, "Y2"],\n    ])\n'
              '    def test_it(self, a, b, want):\n        assert up(a) == want\n')
    assert unread_blanked(source) == source.replace(", 1,", ", ...,").replace(", 2,", ", ...,")


@pytest.mark.parametrize("source", [
    # every column read
    MATH.replace("parse_duration(ressub)", "parse_duration(ressub) + resadd * resge"),
    # one name: the row is what the test reads, however it reads it
    '@pytest.mark.parametrize("case", [("a", 1)])\ndef test_it(case):\n    assert f(case[0])\n',
    # a table made by code, not written out
    '@pytest.mark.parametrize("a, b", make_rows())\ndef test_it(a, b):\n    assert f(a)\n',
    # a row of another length
    '@pytest.mark.parametrize("a, b", [("x",)])\ndef test_it(a, b):\n    assert f(a)\n',
    # no parametrize; text that does not parse
    "def test_it():\n    assert f(1) == 2\n",
    '@pytest.mark.parametrize("a, b", [("x", 1)]\ndef test_it(a, b):\n',
    # a name another decorator reads
    '@pytest.mark.parametrize("a, b", [("x", 1)])\n@pytest.mark.usefixtures(b)\n'
    'def test_it(a, b):\n    assert f(a)\n',
])
def test_tables_read_whole_are_left_as_they_are(source: str) -> None:
    assert unread_blanked(source) == source
