"""A pytest table's rows joined to the instances a real pytest run reports of them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gaia_lib.core.proc import run_tool
from gaia_lib.evidence import outcomes, runner_output
from gaia_lib.evidence.param_rows import example_instances, row_ids, skipped_example
from gaia_lib.evidence.testcases import split_tests

# iso8601 2.1.0's test_parse_valid_date, three of its forty rows: the `Z` row's hour made
# wrong (16), so that row fails
VALID = '''import datetime

import iso8601
import pytest


@pytest.mark.parametrize(
    "valid_date,expected_datetime,isoformat",
    [
        (
            "2006-10-20T15:34:56.123+02:30",
            datetime.datetime(2006, 10, 20, 15, 34, 56, 123000, iso8601.FixedOffset(2, 30, "+02:30")),
            None,
        ),
        (
            "2006-10-20T15:34:56Z",
            datetime.datetime(2006, 10, 20, 16, 34, 56, 0, iso8601.UTC),
            "2006-10-20T15:34:56+00:00",
        ),
        (
            "2006-10-20T15:34:56.123Z",
            datetime.datetime(2006, 10, 20, 15, 34, 56, 123000, iso8601.UTC),
            "2006-10-20T15:34:56.123000+00:00",
        ),  # a comment
    ],
)
def test_parse_valid_date(valid_date, expected_datetime, isoformat):
    parsed = iso8601.parse_date(valid_date)
    assert parsed.hour == expected_datetime.hour
    assert parsed.microsecond == expected_datetime.microsecond
'''
# a stand-in for iso8601's parser: enough of it for the rows above
ISO8601 = '''import datetime
import re

UTC = datetime.timezone.utc


def FixedOffset(hours, minutes, name):
    return datetime.timezone(datetime.timedelta(hours=hours, minutes=minutes), name)


def parse_date(text):
    m = re.match(r"(\\d+)-(\\d+)-(\\d+)T(\\d+):(\\d+):(\\d+)(?:\\.(\\d+))?(Z|[+-]\\d\\d:\\d\\d)", text)
    micro = int((m.group(7) or "0").ljust(6, "0"))
    zone = UTC if m.group(8) == "Z" else FixedOffset(int(m.group(8)[1:3]),
                                                     int(m.group(8)[4:]), m.group(8))
    return datetime.datetime(*map(int, m.group(1, 2, 3, 4, 5, 6)), micro, zone)
'''
AC5 = "Given a timestamp with fractional seconds such as `2006-10-20T15:34:56.123Z`, when it " \
      "is parsed"
AC1 = "Given a full timestamp ending in `Z`, such as `2006-10-20T15:34:56Z`, when it is parsed " \
      "with `parse_date`"


def _run(tmp_path: Path, source: str) -> list[runner_output.TestOutcome]:
    (tmp_path / "iso8601.py").write_text(ISO8601)
    (tmp_path / "test_rows.py").write_text(source)
    result = run_tool([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                       "--junitxml=j.xml", "test_rows.py"], cwd=tmp_path, timeout=120)
    assert result.returncode in (0, 1), result.stdout
    return list(runner_output.parse_junit_xml((tmp_path / "j.xml").read_bytes()).tests)


def _instances(tmp_path: Path, source: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The test's text as the review reads it, and its instances as the run reported them."""
    (case,) = [c for c in split_tests("test_rows.py", source) if c.name.startswith("test_")]
    found = outcomes.instances(_run(tmp_path, source), [case])
    return case.body, found[case.test_id]


def test_the_acs_example_row_is_judged_by_its_own_outcome_in_a_real_run(tmp_path: Path) -> None:
    """iso8601 2.1.0: the `Z` row failing leaves the fractional-seconds row passed."""
    body, ran = _instances(tmp_path, VALID)
    assert sorted(outcome for _, outcome in ran) == ["failed", "passed", "passed"]
    assert example_instances(body, AC5, ran) == (
        ("2006-10-20T15:34:56.123Z-expected_datetime2-2006-10-20T15:34:56.123000+00:00",
         "passed"),)
    assert example_instances(body, AC1, ran) == (
        ("2006-10-20T15:34:56Z-expected_datetime1-2006-10-20T15:34:56+00:00", "failed"),)
    # no row holds the AC's example: the test is the AC's as a whole
    assert example_instances(body, "Given a timestamp with an offset, when it is parsed",
                             ran) is None
    assert example_instances(body, "Given `1999-01-01T00:00:00Z`, when it is parsed", ran) \
        is None
    # a row whose instance the run did not report
    assert example_instances(body, AC5, ran[:2]) is None


# every kind of cell pytest names by its value, by the parameter's name and index, and the
# ids a row or the decorator gives
KINDS = '''import datetime
import pytest


@pytest.mark.parametrize("text, value, extra", [
    ("caf\\u00e9", 1, None),
    ("tab\\there", -2.5, True),
    (b"raw", (1, 2), {"a": 1}),
    pytest.param("own", [3], datetime.date(2020, 1, 2), id="its own id"),
    ("", 0, False),
])
def test_kinds(text, value, extra):
    assert text is not None
'''
GIVEN = '''import pytest


@pytest.mark.parametrize("n", [1, 2, pytest.param(3, id="three"), 4], ids=["one", None, "x", "four"])
def test_given(n):
    assert n
'''


@pytest.mark.parametrize("source", [KINDS, GIVEN])
def test_each_rows_id_is_the_one_pytest_reports(tmp_path: Path, source: str) -> None:
    body, ran = _instances(tmp_path, source)
    ids = row_ids(body)
    assert ids is not None and [own for _, own in ids] == [own for own, _ in ran]


@pytest.mark.parametrize("change", [
    # a name may be a class (named by its `__name__`) or a value
    ('("", 0, False)', '("", 0, SOMETHING)'),
    # two rows alike: pytest's suffixes are its version's
    ('("", 0, False)', '("own", 1, None)'),
])
def test_a_row_whose_id_is_not_certain_has_none(change: tuple[str, str]) -> None:
    source = KINDS.replace(*change).replace('pytest.param("own", [3], datetime.date(2020, 1, 2), '
                                            'id="its own id")', '("own", 1, None)')
    ids = row_ids(source)
    assert ids is not None and ids[-1][1] is None
    assert ids[0][1] == "caf\\xe9-1-None"


@pytest.mark.parametrize("decorators", [
    '@pytest.mark.parametrize("n", [1, 2], ids=str)\n',  # ids a function makes
    '@pytest.mark.parametrize("n", [1, 2], indirect=True)\n',
    '@pytest.mark.parametrize("n", [x for x in range(2)])\n',
    '@pytest.mark.parametrize("n", [1, 2])\n@pytest.mark.parametrize("m", [3])\n',
    "",
])
def test_a_table_not_read_row_by_row_gives_no_rows(decorators: str) -> None:
    assert row_ids(f"import pytest\n\n\n{decorators}def test_n(n):\n    assert n\n") is None


def test_a_module_level_table_is_read() -> None:
    source = ('TABLE = [("P2W", 14), ("-P2W", -14)]\n\n\n'
              '@pytest.mark.parametrize("text, days", TABLE)\ndef test_weeks(text, days):\n'
              '    assert parse(text).days == days\n')
    assert [own for _, own in row_ids(source) or ()] == ["P2W-14", "-P2W--14"]
    ran = (("P2W-14", "failed"), ("-P2W--14", "passed"))
    assert example_instances(source, "Given `-P2W`, when it is parsed", ran) == (
        ("-P2W--14", "passed"),)


# isodate's E1-S1: AC3's example row skipped
AC3_SETTING = "a negative week duration `-P2W` `parse_duration` is called"
WEEKS = ('@pytest.mark.parametrize("text, want", [\n    ("P2W", timedelta(weeks=2)),\n'
         '    pytest.param("-P2W", timedelta(weeks=-2), marks=pytest.mark.skip),\n])\n'
         "def test_parse(text, want):\n    assert parse_duration(text) == want\n")


def test_rows_for_the_acs_example_all_skipped_by_the_runner_are_found() -> None:
    """isodate trial 15: the -P2W row wrapped in pytest.param(..., marks=skip)."""
    ran = (("P2W-want0", "passed"), ("-P2W-want1", "skipped"))
    assert skipped_example(WEEKS, AC3_SETTING, ran) == "-P2W"
    # its row ran
    assert skipped_example(WEEKS, AC3_SETTING, (("P2W-want0", "passed"),
                                                ("-P2W-want1", "passed"))) is None
    # another row skipped
    assert skipped_example(WEEKS, AC3_SETTING, (("P2W-want0", "skipped"),
                                                ("-P2W-want1", "passed"))) is None


def test_rows_are_paired_with_instances_by_their_ids() -> None:
    # in another order than the table's (a plugin reordering the run): the row's own id
    ran = (("-P2W-want1", "skipped"), ("P2W-want0", "passed"))
    assert skipped_example(WEEKS, AC3_SETTING, ran) == "-P2W"
    # the AC's row has no instance in the run
    assert skipped_example(WEEKS, AC3_SETTING, (("P2W-want0", "passed"),)) is None


def test_a_tables_given_ids_pair_its_rows_and_two_decorators_are_not_read() -> None:
    ran = (("a", "passed"), ("b", "skipped"))
    with_ids = WEEKS.replace("])\ndef", "], ids=['a', 'b'])\ndef")
    assert skipped_example(with_ids, AC3_SETTING, ran) == "-P2W"
    own_ids = WEEKS.replace("marks=pytest.mark.skip", "marks=pytest.mark.skip, id='b'").replace(
        '("P2W", timedelta(weeks=2))', 'pytest.param("P2W", timedelta(weeks=2), id="a")')
    assert skipped_example(own_ids, AC3_SETTING, ran) == "-P2W"
    stacked = '@pytest.mark.parametrize("n", [1])\n' + WEEKS
    assert skipped_example(stacked, AC3_SETTING, ran) is None
