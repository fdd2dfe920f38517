from __future__ import annotations

import pytest

from gaia_lib.core.errors import MalformedFile
from gaia_lib.story.acceptance import canonical_id, parse_acceptance, split_gwt, split_id
from gaia_lib.story.markdown import split_lines

# (id, text, given, when, then, edge_case, checked, line)
Row = tuple[str, str, "str | None", "str | None", "str | None", bool, "bool | None", int]

SHAPES: list[tuple[str, str, list[Row]]] = [
    (
        "template checkbox with bold id",
        "- [ ] **AC1:** Given a valid email, when the user signs up, then the account is created.",
        [("AC1", "Given a valid email, when the user signs up, then the account is created.",
          "a valid email", "the user signs up", "the account is created", False, False, 1)],
    ),
    (
        "checked checkbox, plain id",
        "- [x] AC1: Given a, when b, then c.",
        [("AC1", "Given a, when b, then c.", "a", "b", "c", False, True, 1)],
    ),
    (
        "upper-case X checkbox",
        "- [X] AC3: Given a, when b, then c",
        [("AC3", "Given a, when b, then c", "a", "b", "c", False, True, 1)],
    ),
    (
        "bold id without checkbox",
        "- **AC1:** Given a, when b, then c.",
        [("AC1", "Given a, when b, then c.", "a", "b", "c", False, None, 1)],
    ),
    (
        "bold id with the colon outside the emphasis",
        "- **AC2**: Given a, when b, then c.",
        [("AC2", "Given a, when b, then c.", "a", "b", "c", False, None, 1)],
    ),
    (
        "plain id without checkbox",
        "- AC1: The export finishes in under 2s",
        [("AC1", "The export finishes in under 2s", None, None, None, False, None, 1)],
    ),
    (
        "em dash separator and star bullet",
        "* AC4 — Given x, when y, then z",
        [("AC4", "Given x, when y, then z", "x", "y", "z", False, None, 1)],
    ),
    (
        "numbered items carrying ids",
        "1. AC1: Given a, when b, then c.\n2. AC2: Given d, when e, then f.",
        [("AC1", "Given a, when b, then c.", "a", "b", "c", False, None, 1),
         ("AC2", "Given d, when e, then f.", "d", "e", "f", False, None, 2)],
    ),
    (
        "numbered items without ids get AC1.. by position",
        "1. Given a, when b, then c.\n2. The page loads",
        [("AC1", "Given a, when b, then c.", "a", "b", "c", False, None, 1),
         ("AC2", "The page loads", None, None, None, False, None, 2)],
    ),
    (
        "bulleted checkboxes without ids",
        "- [ ] Given a, when b, then c.\n- [x] Users can log out",
        [("AC1", "Given a, when b, then c.", "a", "b", "c", False, False, 1),
         ("AC2", "Users can log out", None, None, None, False, True, 2)],
    ),
    (
        "edge case ids do not take a primary position",
        "- [ ] AC1: Given a, when b, then c.\n"
        "- [ ] AC-EC1: handle empty input gracefully\n"
        "- [ ] Given d, when e, then f.",
        [("AC1", "Given a, when b, then c.", "a", "b", "c", False, False, 1),
         ("AC-EC1", "handle empty input gracefully", None, None, None, True, False, 2),
         ("AC2", "Given d, when e, then f.", "d", "e", "f", False, False, 3)],
    ),
    (
        "bold edge case id with gwt",
        "- [ ] **AC-EC2:** Given no input, when submitted, then a 400 is returned.",
        [("AC-EC2", "Given no input, when submitted, then a 400 is returned.",
          "no input", "submitted", "a 400 is returned", True, False, 1)],
    ),
    (
        "gwt split is case-insensitive",
        "- AC1: GIVEN a user WHEN they log in THEN a session starts",
        [("AC1", "GIVEN a user WHEN they log in THEN a session starts",
          "a user", "they log in", "a session starts", False, None, 1)],
    ),
    (
        "bold keywords",
        "- AC1: **Given** a, **When** b, **Then** c",
        [("AC1", "Given a, When b, Then c", "a", "b", "c", False, None, 1)],
    ),
    (
        "multi-line item",
        "- [ ] **AC1:** Given a valid email,\n  when the user signs up,\n  then the account is created.",
        [("AC1", "Given a valid email, when the user signs up, then the account is created.",
          "a valid email", "the user signs up", "the account is created", False, False, 1)],
    ),
    (
        "nested sub-items belong to their criterion",
        "- AC1: Given a form, when submitted, then it shows:\n  - a banner\n  - a toast\n- AC2: Done",
        [("AC1", "Given a form, when submitted, then it shows: a banner a toast",
          "a form", "submitted", "it shows: a banner a toast", False, None, 1),
         ("AC2", "Done", None, None, None, False, None, 4)],
    ),
    (
        "backticks, pipes and asterisks survive",
        "- [ ] AC1: Given `a | b` and 2 * 3, when `**kwargs` is passed, then `x|y` is *emitted*",
        [("AC1", "Given `a | b` and 2 * 3, when `**kwargs` is passed, then `x|y` is *emitted*",
          "`a | b` and 2 * 3", "`**kwargs` is passed", "`x|y` is *emitted*", False, False, 1)],
    ),
    (
        "when/then without given",
        "- AC1: When the cache is cold, then the first call misses",
        [("AC1", "When the cache is cold, then the first call misses",
          None, "the cache is cold", "the first call misses", False, None, 1)],
    ),
    (
        "gherkin scenarios in a fence",
        "```gherkin\nScenario: AC1: valid signup\n  Given a valid email\n  And a fresh database\n"
        "  When the user signs up\n  Then the account is created\n\n"
        "Scenario: rejects bad input\n  Given an invalid email\n  When the user signs up\n"
        "  Then a 422 is returned\n  But no account exists\n```",
        [("AC1", "valid signup", "a valid email and a fresh database", "the user signs up",
          "the account is created", False, None, 2),
         ("AC2", "rejects bad input", "an invalid email", "the user signs up",
          "a 422 is returned and no account exists", False, None, 8)],
    ),
    (
        "gherkin scenario without a title",
        "```\nScenario:\n  Given a\n  When b\n  Then c\n```",
        [("AC1", "Given a, when b, then c", "a", "b", "c", False, None, 2)],
    ),
    (
        "list items inside a non-gherkin fence are not criteria",
        "```markdown\n- [ ] AC9: not a criterion\n```\n- [ ] AC1: real",
        [("AC1", "real", None, None, None, False, False, 4)],
    ),
    (
        "sub-heading for edge cases stays in the section",
        "- [ ] AC1: Given a, when b, then c.\n\n### Edge Cases\n\n- [ ] AC-EC1: empty input",
        [("AC1", "Given a, when b, then c.", "a", "b", "c", False, False, 1),
         ("AC-EC1", "empty input", None, None, None, True, False, 5)],
    ),
    (
        "prose paragraphs are not criteria",
        "All criteria below are mandatory.\n\n- AC1: Given a, when b, then c",
        [("AC1", "Given a, when b, then c", "a", "b", "c", False, None, 3)],
    ),
    ("empty section", "\n\n", []),
]


@pytest.mark.parametrize(("body", "expected"), [(b, e) for _, b, e in SHAPES],
                         ids=[name for name, _, _ in SHAPES])
def test_every_ac_shape(body: str, expected: list[Row]) -> None:
    acs = parse_acceptance(split_lines(body))
    got = [(a.ac_id, a.text, a.given, a.when, a.then, a.edge_case, a.checked, a.line) for a in acs]
    assert got == expected


def test_a_code_span_keeps_its_spaces() -> None:
    """A backticked literal is the story's example verbatim: `x-request-id:   abc123  ` keeps
    its runs of spaces; the prose around it is squashed as before."""
    acs = parse_acceptance(split_lines(
        "- AC1: Given the line `x-request-id:   abc123  `,   when it is parsed,\n"
        "  then the value is `abc123`."))
    assert acs[0].text == ("Given the line `x-request-id:   abc123  `, when it is parsed, then "
                           "the value is `abc123`.")
    assert acs[0].given == "the line `x-request-id:   abc123  `"


def test_structured_property() -> None:
    acs = parse_acceptance(split_lines("- AC1: Given a, when b, then c\n- AC2: plain"))
    assert [a.structured for a in acs] == [True, False]


def test_duplicate_ids_name_both_lines() -> None:
    body = "- AC1: one\n- AC2: two\n- AC1: three"
    with pytest.raises(MalformedFile, match=r"^s\.md: duplicate acceptance criterion id AC1 "
                                            r"at lines 1 and 3$") as info:
        parse_acceptance(split_lines(body), "s.md", exit_code=2)
    assert info.value.exit_code == 2


def test_positional_id_colliding_with_explicit_id_is_a_duplicate() -> None:
    with pytest.raises(MalformedFile, match="duplicate acceptance criterion id AC1"):
        parse_acceptance(split_lines("- AC1: explicit\n- AC1 again, no: positional is AC2"))
    with pytest.raises(MalformedFile, match="id AC2 at lines 1 and 2"):
        parse_acceptance(split_lines("- AC2: explicit\n- no id, second position"))


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("AC1", "AC1"), ("ac12", "AC12"), ("AC-EC3", "AC-EC3"), ("ACEC3", "AC-EC3"),
     ("ac-ec4", "AC-EC4")],
)
def test_canonical_id(raw: str, expected: str) -> None:
    assert canonical_id(raw) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("**AC1:** Given x", ("AC1", "Given x")),
        ("AC10: x", ("AC10", "x")),
        ("AC1x: not an id", (None, "AC1x: not an id")),
        ("ACME ships", (None, "ACME ships")),
        ("AC-EC1 handles empty input", ("AC-EC1", "handles empty input")),
    ],
)
def test_split_id(text: str, expected: tuple[str | None, str]) -> None:
    assert split_id(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Given a, when b, then c.", ("a", "b", "c")),
        ("given a when b then c", ("a", "b", "c")),
        ("Given a,\n when b,\n then c", ("a", "b", "c")),
        ("The button is blue", (None, None, None)),
        ("Given only a context", (None, None, None)),
    ],
)
def test_split_gwt(text: str, expected: tuple[str | None, str | None, str | None]) -> None:
    assert split_gwt(text) == expected


@pytest.mark.timeout(20)
def test_pathological_texts_parse_in_linear_time() -> None:
    """A lazy Given/When/Then regex backtracks for hours on these; the scanner does not."""
    assert split_gwt("given " + "a when " * 200_000) == (None, None, None)
    body = "```\nScenario: x\nGiven a" + " " * 500_000 + "b\n```\n- AC2: " + "`a`**" * 100_000
    acs = parse_acceptance(split_lines(body))
    assert [a.ac_id for a in acs] == ["AC1", "AC2"]
    assert acs[0].given is not None and acs[0].given.startswith("a ")


@pytest.mark.parametrize("text", [
    "(P0): Given a cart, when it is paid, then it is locked.",
    "(P0) Given a cart, when it is paid, then it is locked.",
    "[P1] - Given a cart, when it is paid, then it is locked.",
    "[high]: Given a cart, when it is paid, then it is locked.",
])
def test_a_priority_tag_ahead_of_the_given_is_no_part_of_it(text: str) -> None:
    assert split_gwt(text) == ("a cart", "it is paid", "it is locked")


def test_a_bare_priority_after_the_id_is_no_part_of_the_ac() -> None:
    """`- [ ] **AC3 P2:** Given a rune, ...` (go-runewidth's classes AC, its priority written
    without brackets): the `P2:` is the AC's priority, its Given/When/Then the rest; a word
    that only starts like one (`P2P links`) is the AC's."""
    acs = parse_acceptance(split_lines(
        "## Acceptance Criteria\n\n"
        "- [ ] **AC3 P2:** Given a rune, when it is classified, then its class is told.\n"
        "- [ ] **AC4:** P1 - Given a string, when it is measured, then its width comes back.\n"
        "- [ ] **AC5:** P2P links are given a peer, when one joins, then it is listed.\n"))
    assert [(a.given, a.when, a.then) for a in acs] == [
        ("a rune", "it is classified", "its class is told"),
        ("a string", "it is measured", "its width comes back"),
        (None, None, None)]
    assert acs[0].statement == "Given a rune, when it is classified, then its class is told."


def test_a_tag_that_is_no_priority_still_hides_the_given() -> None:
    assert split_gwt("(draft) Given a, when b, then c.") == (None, None, None)


def test_only_the_templates_placeholders_make_an_ac_unfilled() -> None:
    from gaia_lib.story.acceptance import AcceptanceCriterion

    def ac(text: str) -> AcceptanceCriterion:
        return AcceptanceCriterion("AC1", text, None, None, None, False, None, 1)

    assert ac("Given <context>, when <action>, then <expected result>.").unfilled
    assert ac("Given a cart, when <action>, then the total grows.").unfilled
    assert not ac("Given a form, when the user types <script>, then it is escaped.").unfilled


def test_the_statement_leaves_out_a_leading_priority_tag() -> None:
    from gaia_lib.story.acceptance import AcceptanceCriterion

    tagged = AcceptanceCriterion("AC1", "(P0): Given a, when b, then c.", "a", "b", "c.",
                                 False, None, 1)
    assert tagged.statement == "Given a, when b, then c."
    plain = AcceptanceCriterion("AC2", "Given (P0) a, when b, then c.", None, None, None,
                                False, None, 1)
    assert plain.statement == plain.text
