from __future__ import annotations

import pytest

from gaia_lib.review_qa import rules


@pytest.mark.parametrize(("text", "story", "expected"), [
    ("Given x, when y, then z (P0)", "P2", "P0"),
    ("[P1] Given x, when y, then z", "P0", "P1"),
    ("Given x, when y, then z. Priority: high", None, "HIGH"),
    ("Given x, when y, then z", "p1", "P1"),
    ("Given x, when y, then z", None, None),
    # go-runewidth's `**AC3 P2:** Given ...`: the bare tag ahead of its Given is its own
    ("P2: Given a rune, when it is classified, then its class is told", "P0", "P2"),
    ("P1 - Given x, when y, then z", "P0", "P1"),
    ("P2P links: given x, when y, then z", "P0", "P0"),
])
def test_priority_is_the_acs_own_else_the_storys(text: str, story: str | None,
                                                 expected: str | None) -> None:
    assert rules.ac_priority(text, story) == expected


@pytest.mark.parametrize(("priority", "edge", "expected"), [
    ("P0", False, ("critical", True)),
    ("HIGH", False, ("critical", True)),
    ("P1", False, ("warning", False)),
    (None, False, ("warning", False)),
    ("P0", True, ("warning", False)),  # an edge case is never Critical (EC-9)
])
def test_ac_gap_severity(priority: str | None, edge: bool, expected: tuple[str, bool]) -> None:
    assert rules.ac_gap(priority, edge) == expected


def test_a_failed_story_test_blocks_only_in_a_required_tier() -> None:
    assert rules.failed_test(True) == ("critical", True)
    assert rules.failed_test(False) == ("warning", False)


@pytest.mark.parametrize(("text", "evidence", "expected"), [
    ("Given an invalid email, when the user submits the form, then 422", True,
     ("critical", True)),
    ("Given an invalid email, when the user submits the form, then 422", False,
     ("warning", False)),
    ("Given a disk failure, when the nightly job runs, then it retries", True,
     ("warning", False)),  # error path, but no user-input boundary
    ("Given a valid email, when the user submits the form, then an account", True,
     ("warning", False)),  # boundary, but no error path
    ("Given a bad code, when the user types it, then it is rejected", True, ("critical", True)),
    ("Given a code typed into the box, when it is sent, then it is rejected", True,
     ("critical", True)),
    ("Given a schema that is a type, when data is validated, then it fails with an error", True,
     ("warning", False)),  # a data type is no user typing
    ("Given defaults supplied by the user as JSON text that is invalid, when they are parsed, "
     "then an empty set of defaults is used", True, ("critical", True)),
    ("Given a config file written by the installer that is invalid, when it is parsed, then an "
     "error is logged", True, ("warning", False)),  # written by a program, not a person
])
def test_error_path_severity(text: str, evidence: bool, expected: tuple[str, bool]) -> None:
    assert rules.error_path_gap(text, evidence) == expected


@pytest.mark.parametrize(("text", "error_path"), [
    ("Given a missing key, when it is popped, then a KeyError is raised", True),
    ("Given bad input, when it is parsed, then the result is a ParseError", True),
    ("Given a closed stream, when it is read, then it throws", True),
    ("Given an empty cache, when it is read, then the request is rejected", True),
    ("Given a key, when it is stored, then the mirror holds it", False),  # no "error" inside
    ("Given a key, when it is stored, then its value can be read back", False),
    # a 4xx/5xx status the words around it name; a count of days is none (isodate's AC6)
    ("Given a missing page, when it is requested, then the server returns 404", True),
    ("Given an expired token, when it is sent, then a 401 response comes back", True),
    ("Given a duration of years and months, when it is converted to a timedelta from a start "
     "date, then its length depends on that date: one year, two months and ten days from 25 "
     "February 1998 is 434 days, from 25 February 2000 it is 435.", False),
    # rfc3986's AC10, a URI meeting every rule: the happy path, where an error is promised
    # not to come (an untested handler was tied to it)
    ("Given a validator combining every rule, when `validate` is given a URI that meets every "
     "rule, then no error is raised.", False),
    ("Given a good URI, when it is validated, then it does not raise", False),
    # tenacity's exponential wait: a delay raised to its minimum is increased, nothing thrown
    ("Given `wait_exponential` with a minimum, when the delay is computed, then it doubles with "
     "each attempt and is raised to the minimum while below it", False),
    ("Given a negative count, when it is set, then a ValueError is raised to the caller", True),
    # decimal's exact sums and banker's rounding: a number's inaccuracy, no error raised (an
    # untested JSON handler was said to "may be about" them)
    ("Given two amounts, when they are added, then the sum is exact, with no floating-point "
     "error", False),
    ("Given a half-way amount, when it is rounded the banker's way, then it goes to the even "
     "neighbour, so rounding errors do not pile up", False),
    ("Given a sum, when it is printed, then no round-off error shows", False),
    ("Given a bad amount, when it is parsed, then a rounding error is no excuse: an error is "
     "returned", True),
    # one negation does not hide the error the AC promises beside it
    ("Given a bad host, when it is validated, then no URI is returned and an error is raised",
     True),
])
def test_error_path_acs(text: str, error_path: bool) -> None:
    assert rules.is_error_path(text) is error_path


def test_over_coverage_and_traceability_and_architecture() -> None:
    per_ac = [{"ac_id": "AC1", "test_count": 3}, {"ac_id": "AC2", "test_count": 1}]
    assert rules.over_covered(per_ac) == [("AC1", 3)]
    assert rules.untraced_frs(["FR-1", "FR-2"], ["# covers FR-2"]) == ["FR-1"]
    assert rules.outside_documented(["tests/unit/a.py", "src/b_test.py"], ["tests"]) == [
        "src/b_test.py"]
    assert rules.outside_documented(["src/b_test.py"], []) == []
    # as paths: `./tests/` is tests; `.` (gaia init's choice for Go) holds every file
    assert rules.outside_documented(["tests/a.py", "testsuite/b.py"], ["./tests/"]) == [
        "testsuite/b.py"]
    assert rules.outside_documented(["split_test.go", "sub/x_test.go"], ["."]) == []


def test_llm_criticals_outside_the_rubric_are_demoted() -> None:
    findings = [
        {"category": "coverage", "severity": "Critical", "ac_ref": "AC1", "message": "gap"},
        {"category": "coverage", "severity": "critical", "ac_ref": "AC2", "message": "gap"},
        {"category": "assertion", "severity": "Critical", "ac_ref": "AC1", "message": "weak"},
        {"category": "error-path", "severity": "Critical", "ac_ref": "AC3", "message": "uncaught"},
        {"category": "selector", "severity": "Warning", "message": "brittle"},
    ]
    out = rules.demote_llm_findings(findings, {"coverage": ["AC1"], "error-path": ["AC3"]})
    assert [f["severity"] for f in out] == ["Critical", "warning", "warning", "Critical",
                                           "Warning"]
    assert [bool(f.get("demoted_from")) for f in out] == [False, True, True, False, False]
    assert "AC2" in out[1]["demotion_reason"]


def test_match_records_carry_whatever_the_matcher_records() -> None:
    from dataclasses import dataclass

    from gaia_lib.review_qa.checks import match_record

    @dataclass(frozen=True)
    class Match:
        test: str
        how: str
        reason: str
        score: float
        words: tuple[str, ...]

    @dataclass(frozen=True)
    class Entry:
        matched_by: str | None
        matches: tuple[object, ...] = ()

    entry = Entry("text", (Match("t.py::a", "body", "asserts 422", 0.9, ("422",)),
                           {"test_id": "t.py::b", "how": "id", "why": {"nested": 1}}))
    assert match_record(entry, "t.py::a") == {"test": "t.py::a", "how": "body",
                                              "reason": "asserts 422", "score": 0.9,
                                              "words": ["422"]}
    assert match_record(entry, "t.py::b") == {"test": "t.py::b", "how": "id"}
    assert match_record(Entry("id"), "t.py::c") == {"test": "t.py::c", "how": "id"}


def test_the_rows_of_one_table_test_are_one_test_for_over_coverage() -> None:
    """@mswjs/interceptors: an `it.each` of three ports beside one other test drew "AC1 has 4
    tests ... check them for redundancy", as if the rows of one table repeated each other."""
    rows = [f"src/url.test.ts::keeps the port {port} in the URL" for port in (80, 8080, 9090)]
    per_ac = [{"ac_id": "AC1", "test_count": 4, "tests": [*rows, "src/url.test.ts::basic"]},
              {"ac_id": "AC5", "test_count": 3, "tests": rows}]
    declared_at = {**dict.fromkeys(rows, 171), "src/url.test.ts::basic": 6}
    assert rules.over_covered(per_ac, declared_at) == [("AC1", 2)]
    assert rules.declarations([*rows, "src/other.test.ts::x"], declared_at) == [
        rows, ["src/other.test.ts::x"]]
