from __future__ import annotations

import pytest

from gaia_lib.evidence.ac_coverage import ac_refs, analyze, story_refs
from gaia_lib.evidence.testcases import TestCase
from gaia_lib.story.acceptance import AcceptanceCriterion


def ac(ac_id: str, given: str | None, when: str | None, then: str | None,
       text: str = "") -> AcceptanceCriterion:
    body = text or f"Given {given}, when {when}, then {then}."
    return AcceptanceCriterion(ac_id, body, given, when, then, ac_id.startswith("AC-EC"), False, 1)


CRITERIA = (
    ac("AC1", "a valid email", "the user signs up", "the account is created"),
    ac("AC2", "an invalid email", "the user signs up", "a 422 error is returned"),
    ac("AC3", "a duplicate email", "the user signs up", "the signup is rejected as duplicate"),
    ac("AC-EC1", "an empty email", "the user signs up", "a validation message is shown"),
)


def case(name: str, body: str = "", file: str = "tests/test_signup.py") -> TestCase:
    return TestCase(file, name, 1, f"def {name}():\n{body}")


@pytest.mark.parametrize(
    ("text", "refs"),
    [
        ("test_ac1_creates", {"AC1"}),
        ("AC2 and ac-3", {"AC2", "AC3"}),
        ("test_ac_ec1_empty", {"AC-EC1"}),
        ("AC-EC12", {"AC-EC12"}),
        ("back1 trac2 ac10", {"AC10"}),
        ("no refs here", set()),
    ],
)
def test_ac_refs(text: str, refs: set[str]) -> None:
    assert ac_refs(text) == refs


def test_story_refs() -> None:
    assert story_refs("test_e1_s3_x and E2-S10") == {"E1-S3", "E2-S10"}


def test_matching_by_id_and_text_and_cross_story_attribution() -> None:
    cases = [
        case("test_ac1_valid_email_creates_account"),
        case("test_ac1_again"),
        case("test_invalid_email_returns_422_error"),  # no id: matched by AC2's words
        case("test_duplicate", "    # belongs to E1-S3 AC3\n"),  # another story's test
        case("test_helper_function_works"),
    ]
    result = analyze("E1-S1", CRITERIA, cases)
    by_id = {c.ac_id: c for c in result.per_ac}
    assert by_id["AC1"].matched and by_id["AC1"].test_count == 2 and by_id["AC1"].matched_by == "id"
    assert by_id["AC2"].matched and by_id["AC2"].matched_by == "text"
    assert by_id["AC2"].tests == ("tests/test_signup.py::test_invalid_email_returns_422_error",)
    assert not by_id["AC3"].matched and by_id["AC3"].test_count == 0
    assert not by_id["AC-EC1"].matched and by_id["AC-EC1"].edge_case
    assert [u.test for u in result.unattributed_tests] == ["tests/test_signup.py::test_duplicate"]
    assert result.unattributed_tests[0].story_keys == ("E1-S3",)
    assert result.coverage_percent == 50.0
    assert result.uncovered(edge_case=False) == ("AC3",)
    assert result.uncovered(edge_case=True) == ("AC-EC1",)


def test_a_test_naming_its_own_story_and_another_still_counts() -> None:
    cases = [case("test_e1_s1_ac3_regression_of_e1_s3")]
    result = analyze("E1-S1", CRITERIA, cases)
    assert result.per_ac[2].matched and not result.unattributed_tests


def test_ids_of_unknown_acs_do_not_count() -> None:
    result = analyze("E1-S1", CRITERIA, [case("test_ac9_something")])
    assert not any(c.matched for c in result.per_ac)


def test_no_criteria_means_zero_coverage() -> None:
    assert analyze("E1-S1", (), [case("test_ac1")]).coverage_percent == 0.0


def test_output_is_independent_of_input_order() -> None:
    cases = [case("test_ac1_a"), case("test_ac2_b", file="tests/a.py"), case("test_ac1_c")]
    assert analyze("E1-S1", CRITERIA, cases) == analyze("E1-S1", CRITERIA, list(reversed(cases)))
