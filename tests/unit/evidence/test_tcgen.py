from __future__ import annotations

import json

import pytest

from gaia_lib.core import schema
from gaia_lib.core.errors import InvalidInput, MalformedFile
from gaia_lib.evidence.tcgen import clauses, generate, tc_type
from gaia_lib.story.acceptance import AcceptanceCriterion


def ac(ac_id: str, text: str, given: str | None = None, when: str | None = None,
       then: str | None = None, line: int = 10) -> AcceptanceCriterion:
    return AcceptanceCriterion(ac_id=ac_id, text=text, given=given, when=when, then=then,
                               edge_case=ac_id.startswith("AC-EC"), checked=False, line=line)


AC1 = ac("AC1", "Given a valid email, when the user signs up, then the account is created.",
         "a valid email", "the user signs up", "the account is created.")
AC2 = ac("AC2", "Given an invalid email, when the form is submitted, then a 422 error is "
         "returned.", "an invalid email", "the form is submitted", "a 422 error is returned.")
AC3 = ac("AC3", "The system should be performant.")
EC1 = ac("AC-EC1", "If the email is empty, the request is rejected with 400.")
ACS = (AC1, AC2, AC3, EC1)


def test_one_row_per_uncovered_ac_in_story_order() -> None:
    rows = generate("E1-S1", ACS, {"AC-EC1", "AC2", "AC3"}, priority="P0")
    assert rows == [
        {
            "tc_id": "TC-E1-S1-1",
            "ac_ref": "AC2",
            "description": "Given an invalid email, when the form is submitted, then a 422 "
                           "error is returned",
            "given": "an invalid email",
            "when": "the form is submitted",
            "then": "a 422 error is returned",
            "type": "E2E",
            "priority": "P0",
        },
        {
            "tc_id": "TC-E1-S1-2",
            "ac_ref": "AC3",
            "description": "The system should be performant",
            "given": "the system in the state AC3 assumes",
            "when": "the behaviour AC3 describes is exercised",
            "then": "The system should be performant",
            "type": "Unit",
            "priority": "P0",
            "tags": ["ac-quality"],
        },
        {
            "tc_id": "TC-E1-S1-3",
            "ac_ref": "AC-EC1",
            "description": "If the email is empty, the request is rejected with 400",
            "given": "the system in the state AC-EC1 assumes",
            "when": "the email is empty",
            "then": "the request is rejected with 400",
            "type": "Integration",
            "priority": "P0",
            "tags": ["edge-case", "ac-quality"],
        },
    ]
    assert schema.errors(rows, "qa-test-cases") == []
    assert not any("TODO" in json.dumps(row) for row in rows)


def test_all_covered_gives_an_empty_list() -> None:
    assert generate("E1-S1", ACS, set()) == []
    assert generate("E1-S1", ACS, set(), existing=generate("E1-S1", ACS, {"AC1"})) == []


def test_rerun_with_the_previous_output_is_a_no_op() -> None:
    first = generate("E2-S7", ACS, {"AC1", "AC3"})
    assert generate("E2-S7", ACS, {"AC1", "AC3"}, existing=first) == first


def test_existing_rows_keep_their_ids_and_refined_text() -> None:
    first = generate("E1-S1", ACS, {"AC1", "AC2"})
    refined = [dict(first[0], then="the account row exists and a welcome mail is queued",
                    type="Integration"), first[1]]
    rows = generate("E1-S1", ACS, {"AC2", "AC3", "AC1"}, existing=refined)
    assert [(r["tc_id"], r["ac_ref"]) for r in rows] == [
        ("TC-E1-S1-1", "AC1"), ("TC-E1-S1-2", "AC2"), ("TC-E1-S1-3", "AC3"),
    ]
    assert rows[0]["then"] == "the account row exists and a welcome mail is queued"
    assert rows[0]["type"] == "Integration"
    assert schema.errors(rows, "qa-test-cases") == []


def test_numbers_of_dropped_rows_are_not_reused() -> None:
    first = generate("E1-S1", ACS, {"AC1", "AC2"})
    rows = generate("E1-S1", ACS, {"AC2", "AC3"}, existing=first)  # AC1 now covered
    assert [(r["tc_id"], r["ac_ref"]) for r in rows] == [
        ("TC-E1-S1-2", "AC2"), ("TC-E1-S1-3", "AC3"),
    ]


def test_ids_are_unique_and_every_uncovered_ac_has_one() -> None:
    many = tuple(ac(f"AC{i}", f"Given g{i}, when w{i}, then t{i}", f"g{i}", f"w{i}", f"t{i}")
                 for i in range(1, 13))
    rows = generate("E10-S20", many, {a.ac_id for a in many})
    assert len({r["tc_id"] for r in rows}) == 12
    assert {r["ac_ref"] for r in rows} == {a.ac_id for a in many}
    assert rows[-1]["tc_id"] == "TC-E10-S20-12"
    assert schema.errors(rows, "qa-test-cases") == []


@pytest.mark.parametrize(
    ("criterion", "expected"),
    [
        (AC1, ("a valid email", "the user signs up", "the account is created", False)),
        (ac("AC4", "When the cart is empty, checkout is disabled."),
         ("the system in the state AC4 assumes", "the cart is empty", "checkout is disabled",
          True)),
        (ac("AC5", "Given a user, then the badge shows.", given="a user", then="the badge shows"),
         ("a user", "the behaviour AC5 describes is exercised", "the badge shows", True)),
        (ac("AC6", ""), ("the system in the state AC6 assumes",
                         "the behaviour AC6 describes is exercised", "AC6", True)),
    ],
)
def test_clauses(criterion: AcceptanceCriterion, expected: tuple[str, str, str, bool]) -> None:
    assert clauses(criterion) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the user clicks Save on the settings page", "E2E"),
        ("the endpoint returns 404", "Integration"),
        ("the record is stored in the database", "Integration"),
        ("the parser returns a list", "Unit"),
        # a queue that carries work is a system's; a priority queue is a data structure
        ("the failed payment is put back on the job queue", "Integration"),
        ("the queue hands back its most urgent entry", "Unit"),
    ],
)
def test_tc_type(text: str, expected: str) -> None:
    assert tc_type(ac("AC1", text)) == expected


def test_whitespace_only_ac_text_still_validates() -> None:
    rows = generate("E1-S1", (ac("AC1", "   "),), {"AC1"})
    assert rows[0]["description"] == "AC1"
    assert schema.errors(rows, "qa-test-cases") == []


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"story_key": "E1/S1"}, InvalidInput, "invalid story key"),
        ({"uncovered": {"AC9"}}, InvalidInput, "uncovered AC AC9 is not in the story"),
        ({"priority": "P7"}, InvalidInput, "invalid priority 'P7'"),
        ({"existing": ["x"]}, MalformedFile, "every entry must be an object"),
        ({"existing": [{"tc_id": "TC-E1-S1-1"}]}, MalformedFile, "lacks tc_id or ac_ref"),
        ({"existing": [{"tc_id": "TC-1", "ac_ref": "AC1"}]}, MalformedFile, "malformed tc_id"),
        ({"existing": [{"tc_id": "TC-E2-S1-1", "ac_ref": "AC1"}]}, MalformedFile,
         "belongs to story E2-S1, not E1-S1"),
        ({"existing": [{"tc_id": "TC-E1-S1-1", "ac_ref": "AC1"},
                       {"tc_id": "TC-E1-S1-1", "ac_ref": "AC2"}]}, MalformedFile,
         "duplicate tc_id"),
    ],
)
def test_bad_input(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    args: dict[str, object] = {"story_key": "E1-S1", "acceptance_criteria": ACS,
                               "uncovered": {"AC1"}, "exit_code": 2}
    args.update(kwargs)
    with pytest.raises(error, match=message) as info:
        generate(**args)  # type: ignore[arg-type]
    assert getattr(info.value, "exit_code", None) == 2


def test_ac_id_outside_the_schema_pattern_is_refused() -> None:
    odd = ac("Scenario-1", "Given a, when b, then c", "a", "b", "c")
    with pytest.raises(InvalidInput, match="cannot be a test case reference"):
        generate("E1-S1", (odd,), {"Scenario-1"})


def test_any_path_safe_key_gets_test_cases_that_validate() -> None:
    rows = generate("PROJ-12", ACS, {"AC1"})
    assert rows[0]["tc_id"] == "TC-PROJ-12-1"
    assert schema.errors(rows, "qa-test-cases") == []
    again = generate("PROJ-12", ACS, {"AC1", "AC2"}, existing=rows)
    assert [r["tc_id"] for r in again] == ["TC-PROJ-12-1", "TC-PROJ-12-2"]


def test_a_long_ac_is_described_whole_as_upstream_writes_it() -> None:
    # upstream's qa-tc-generator: the description is the AC's text minus its trailing period
    words = " ".join(f"word{n}" for n in range(80))
    long_ac = AcceptanceCriterion("AC1", f"Given {words}, when it runs, then it ends.",
                                  words, "it runs", "it ends", False, True, 1)
    (row,) = generate("E1-S1", [long_ac], ["AC1"])
    assert row["description"] == f"Given {words}, when it runs, then it ends"


def test_a_row_takes_its_acs_own_priority_and_not_its_tag() -> None:
    """gojsonpointer's story is P0 and its `**AC4 (P1):**` had a row "P0" described as "(P1):
    Given a parsed pointer ...": the row takes the AC's own priority, the story's where it
    names none, and describes the AC without its tag."""
    own = ac("AC4", "(P1): Given a parsed pointer, when String prints it, then it gives the "
             "string back.", "a parsed pointer", "String prints it", "it gives the string back.")
    plain = ac("AC5", "[P2] The pointer prints as it was parsed.")
    rows = generate("E1-S1", [own, plain, AC1], ["AC4", "AC5", "AC1"], priority="P0",
                    ac_priorities={"AC4": "P1", "AC5": "P2"})
    assert [(r["ac_ref"], r["priority"]) for r in rows] == [
        ("AC4", "P1"), ("AC5", "P2"), ("AC1", "P0")]
    assert rows[0]["description"] == ("Given a parsed pointer, when String prints it, then it "
                                      "gives the string back")
    assert rows[1]["then"] == "The pointer prints as it was parsed"
