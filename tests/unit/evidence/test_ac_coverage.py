from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from gaia_lib.evidence import ac_coverage
from gaia_lib.evidence.ac_coverage import (
    AcCoverage,
    CoverageResult,
    UnitRuns,
    _compounds,
    _of_other_code,
    ac_refs,
    alternatives,
    analyze,
    attribution,
    file_unit_parts,
    file_units_run,
    group_unit,
    prints_only,
    promises_values,
    read,
    subject_of,
    subject_prefixes,
    suite_subject,
    then_raises,
)
from gaia_lib.evidence.testcases import TestCase, split_tests
from gaia_lib.story.acceptance import AcceptanceCriterion, parse_acceptance
from gaia_lib.story.markdown import split_lines

FILE = "tests/test_signup.py"


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


def case(name: str, body: str = "", file: str = FILE) -> TestCase:
    """A Python test `name` with `body`, extracted as the review extracts it."""
    (found,) = split_tests(file, f"def {name}():\n{body or '    pass'}\n")
    return found


def py_cases(source: str, file: str = FILE) -> list[TestCase]:
    """Real extraction, as the review does it: description, exceptions, asserted literals."""
    return split_tests(file, source)


def review(criteria: tuple[AcceptanceCriterion, ...], source: str) -> CoverageResult:
    """The matcher over the tests of `source`, a Python test file the story's File List claims."""
    return analyze("E1-S1", criteria, py_cases(source), file_list=[FILE])


def by_id(result: CoverageResult) -> dict[str, AcCoverage]:
    return {c.ac_id: c for c in result.per_ac}


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


CLAIMED = frozenset({FILE})


@pytest.mark.parametrize(
    ("test", "ours", "others"),
    [
        # the story key in the path or the name: ours, wherever the file is
        (TestCase("tests/e1_s1/test_x.py", "test_a", 1, ""), True, ()),
        (TestCase("tests/other.py", "test_e1_s1_a", 1, ""), True, ()),
        # naming another story: never ours, even in a file the File List claims
        (TestCase(FILE, "test_a", 1, "", description="covers: E1-S3 AC1"), False, ("E1-S3",)),
        (TestCase(FILE, "test_e1_s3_a", 1, ""), False, ("E1-S3",)),
        # naming both: it names this story, so it is ours
        (TestCase(FILE, "test_e1_s1_regression_of_e1_s3", 1, ""), True, ()),
        # no key: ours only in a File-List file
        (TestCase(FILE, "test_a", 1, ""), True, ()),
        (TestCase("tests/test_other.py", "test_a", 1, ""), False, ()),
    ],
)
def test_attribution_rule(test: TestCase, ours: bool, others: tuple[str, ...]) -> None:
    assert attribution(test, "E1-S1", CLAIMED) == (ours, others)


def test_unattributed_tests_are_listed_with_their_owners_and_never_counted() -> None:
    cases = [
        case("test_ac1_valid_email_creates_account", file="tests/test_other.py"),
        *py_cases("# E1-S3\ndef test_ac2_x():\n    pass\n", file="tests/test_other.py"),
        case("test_e1_s1_ac3_duplicate", file="tests/test_other.py"),
    ]
    result = analyze("E1-S1", CRITERIA, cases, file_list=[FILE])
    assert [(u.test, u.story_keys) for u in result.unattributed_tests] == [
        ("tests/test_other.py::test_ac1_valid_email_creates_account", ()),
        ("tests/test_other.py::test_ac2_x", ("E1-S3",)),
    ]
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC3"]


def test_another_storys_key_in_a_comment_sets_the_test_aside() -> None:
    source = "# covers: E1-S3 AC1\ndef test_ac1_welcome():\n    assert True\n"
    result = analyze("E1-S1", CRITERIA, py_cases(source), file_list=[FILE])
    assert [(u.test, u.story_keys) for u in result.unattributed_tests] == [
        (f"{FILE}::test_ac1_welcome", ("E1-S3",))]
    assert not any(c.matched for c in result.per_ac)


def test_matching_by_id() -> None:
    cases = [case("test_ac1_valid_email_creates_account"), case("test_ac1_again"),
             case("test_ac9_unknown_ac")]
    result = analyze("E1-S1", CRITERIA, cases, file_list=[FILE])
    ac1 = by_id(result)["AC1"]
    assert ac1.test_count == 2 and ac1.matched_by == "id"
    assert {m.how for m in ac1.matches} == {("id",)}
    assert result.coverage_percent == 25.0
    assert result.uncovered(edge_case=False) == ("AC2", "AC3")
    assert result.uncovered(edge_case=True) == ("AC-EC1",)


def test_an_id_in_the_file_name_or_docstring_counts() -> None:
    cases = [TestCase("tests/E1-S1-AC2.test.ts", "rejects", 1, "it('rejects', () => {})"),
             TestCase(FILE, "test_x", 1, "", description="AC-EC1: empty email")]
    result = analyze("E1-S1", CRITERIA, cases, file_list=[FILE])
    assert by_id(result)["AC2"].matched_by == "id" and by_id(result)["AC-EC1"].matched_by == "id"


SIGNUP = '''
def test_invalid_email_returns_422():
    with pytest.raises(SignupError) as err:
        signup("nope")
    assert err.value.code == 422


def test_duplicate_signup_is_rejected():
    signup("a@b.co")
    with pytest.raises(DuplicateEmail):
        signup("a@b.co")


def test_helper_formats_names():
    assert fmt("ann") == "Ann"
'''


def test_matching_by_words_literals_and_exceptions_records_how() -> None:
    criteria = (*CRITERIA[:2],
                ac("AC3", "a duplicate email", "the user signs up",
                   "the signup is rejected with DuplicateEmail"), CRITERIA[3])
    result = analyze("E1-S1", criteria, py_cases(SIGNUP), file_list=[FILE])
    found = by_id(result)
    assert found["AC2"].tests == (f"{FILE}::test_invalid_email_returns_422",)
    assert "literal" in found["AC2"].matches[0].how and "422" in found["AC2"].matches[0].evidence
    assert found["AC3"].tests == (f"{FILE}::test_duplicate_signup_is_rejected",)
    assert "exception" in found["AC3"].matches[0].how
    assert "DuplicateEmail" in found["AC3"].matches[0].evidence
    assert not found["AC1"].matched and not found["AC-EC1"].matched  # the helper test: nothing


def test_a_weak_equal_resemblance_to_several_acs_is_evidence_for_none() -> None:
    criteria = (
        ac("AC1", "a cart", "the shopper applies a coupon", "the total is discounted"),
        ac("AC2", "a cart", "the shopper removes a coupon", "the total is restored"),
        ac("AC3", "a cart", "the shopper checks out", "an order is placed"),
    )
    result = analyze("E1-S1", criteria, [case("test_coupon_total")], file_list=[FILE])
    assert not any(c.matched for c in result.per_ac)


def test_one_test_with_strong_evidence_for_two_acs_covers_both() -> None:
    criteria = (
        ac("AC1", "a cart", "the shopper applies a coupon", "the total is discounted by 10%"),
        ac("AC2", "a cart with a coupon", "the shopper checks out", "the receipt shows COUPON10"),
        ac("AC3", "an empty cart", "the shopper checks out", "checkout is refused"),
    )
    source = '''
def test_coupon_discount_appears_on_receipt():
    """Applying a coupon discounts the total, and the receipt shows it."""
    cart = Cart([item(100)])
    cart.apply_coupon("COUPON10")
    assert cart.total == 90
    assert "COUPON10" in checkout(cart).receipt
'''
    result = review(criteria, source)
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC1", "AC2"]


def test_a_one_word_name_matches_when_the_word_is_distinctive_and_the_body_agrees() -> None:
    criteria = (
        ac("AC1", "a token", "it is revoked", "requests with it are rejected with status 401"),
        ac("AC2", "a token", "it is refreshed", "a new token is issued"),
        ac("AC3", "a token", "its owner logs out", "the token is deleted"),
    )
    source = '''
def test_revocation():
    token = issue()
    revoke(token)
    assert get("/me", token).status_code == 401
'''
    result = review(criteria, source)
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC1"]


def test_stems_abbreviations_and_compounds_link_words() -> None:
    criteria = (
        ac("AC1", "a signed-in user", "they log out", "the session is revoked"),
        ac("AC2", "a password", "it is longer than the maximum length", "it is refused"),
        ac("AC3", "a user", "they open settings", "the profile page is shown"),
    )
    cases = [case("test_logout_revokes_session"), case("test_max_len_password_refused")]
    result = analyze("E1-S1", criteria, cases, file_list=[FILE])
    assert by_id(result)["AC1"].tests == (f"{FILE}::test_logout_revokes_session",)
    assert by_id(result)["AC2"].tests == (f"{FILE}::test_max_len_password_refused",)
    assert not by_id(result)["AC3"].matched


def test_an_acronym_in_a_test_name_meets_the_words_an_ac_spells_it_out_with() -> None:
    criteria = (
        ac("AC1", "a full cache", "an item is added", "the least recently used item is evicted"),
        ac("AC2", "a cache with a time-to-live", "an item outlives it", "the item expires"),
        ac("AC3", "a cache", "it is cleared", "it holds no items"),
    )
    source = '''
def test_lru_eviction():
    cache = Cache(2)
    cache[1], cache[2] = 1, 2
    cache[1]
    cache[3] = 3
    assert 2 not in cache


def test_ttl_expiry():
    cache = Cache(2, ttl=1)
    cache[1] = 1
    tick()
    assert 1 not in cache

'''
    result = review(criteria, source)
    # "evicted" or "expires" alone is too little; with the acronym each test says enough.
    assert by_id(result)["AC1"].tests == (f"{FILE}::test_lru_eviction",)
    assert by_id(result)["AC2"].tests == (f"{FILE}::test_ttl_expiry",)
    assert not by_id(result)["AC3"].matched


def test_a_short_capitalised_code_name_the_tests_call_is_an_identifier() -> None:
    # "And" and "Or" are stop words as English; the tests call And(...) and Or(...).
    criteria = (
        ac("AC1", "validators combined with And or Or", "data is validated",
           "And needs every validator to pass and Or needs one"),
        ac("AC2", "a dictionary schema", "a dictionary is validated", "its keys are checked"),
        ac("AC3", "a schema", "it is exported", "a JSON document describes it"),
    )
    source = '''
def test_and():
    assert And(int, positive).validate(3) == 3


def test_or():
    assert Or(int, dict).validate({}) == {}


def test_dict_keys():
    assert Schema({"a": int}).validate({"a": 1}) == {"a": 1}
'''
    result = review(criteria, source)
    assert by_id(result)["AC1"].tests == (f"{FILE}::test_and", f"{FILE}::test_or")
    # Not called by any test: a capitalised word is no code name.
    uncalled = source.replace("And(", "all_of(").replace("Or(", "any_of(")
    result = analyze("E1-S1", criteria, py_cases(uncalled), file_list=[FILE])
    assert not by_id(result)["AC1"].matched


def test_a_plain_word_the_tests_call_as_a_function_is_one_acs_identifier() -> None:
    criteria = (
        ac("AC1", "several dictionaries", "merge is called",
           "one dictionary holding all their entries is returned"),
        ac("AC2", "a dictionary and a function", "valmap is applied",
           "a dictionary of the function's results is returned"),
        ac("AC3", "a dictionary", "it is copied", "the copy is equal to it"),
    )
    source = '''
def test_merge():
    assert merge({1: 1}, {2: 2}) == {1: 1, 2: 2}


def test_valmap():
    assert valmap(inc, {1: 1}) == {1: 2}
'''
    result = review(criteria, source)
    assert by_id(result)["AC1"].tests == (f"{FILE}::test_merge",)
    assert by_id(result)["AC2"].tests == (f"{FILE}::test_valmap",)
    # A method is the unit of the test named after it (`test_valmap` calling `d.valmap()`);
    # otherwise it names nothing: `test_valmap` calling `d.keymap()` has the word alone.
    methods = source.replace("merge({", "d.merge({").replace("valmap(inc", "d.valmap(inc")
    result = analyze("E1-S1", criteria, py_cases(methods), file_list=[FILE])
    assert by_id(result)["AC2"].tests == (f"{FILE}::test_valmap",)
    other = source.replace("merge({", "d.merge({").replace("valmap(inc", "d.keymap(inc")
    result = analyze("E1-S1", criteria, py_cases(other), file_list=[FILE])
    assert not by_id(result)["AC2"].matched


def test_a_test_class_named_after_one_acs_identifier_names_its_tests_unit() -> None:
    criteria = (
        ac("AC1", "an iterable and a predicate", "split_at is called",
           "the items are split at each item satisfying it"),
        ac("AC2", "an iterable and a list of sizes", "split_into is called",
           "lists of those sizes are returned"),
        ac("AC3", "an iterable", "it is reversed", "the items come last to first"),
    )
    source = '''
class SplitAtTests(TestCase):
    def test_basic(self):
        self.assertEqual(list(mi.split_at("abcb", lambda c: c == "b")), [["a"], ["c"], []])

    def test_no_match(self):
        self.assertEqual(list(mi.split_at("ac", lambda c: c == "b")), [["a", "c"]])


class TestSplitInto(TestCase):
    def test_basic(self):
        self.assertEqual(list(mi.split_into("abc", [1, 2])), [["a"], ["b", "c"]])
'''
    result = review(criteria, source)
    # Each class tests one function; its tests' own names only say what about it.
    assert by_id(result)["AC1"].tests == (f"{FILE}::SplitAtTests::test_basic",
                                          f"{FILE}::SplitAtTests::test_no_match")
    assert by_id(result)["AC2"].tests == (f"{FILE}::TestSplitInto::test_basic",)
    assert not by_id(result)["AC3"].matched
    # A class named after what no AC names says nothing.
    renamed = source.replace("SplitAtTests", "HelpersTests")
    result = analyze("E1-S1", criteria, py_cases(renamed), file_list=[FILE])
    assert not by_id(result)["AC1"].matched


EDITS = (
    ac("AC1", "a record", "a rename edit is applied to a field", "the field carries its new name"),
    ac("AC2", "a record", "a drop edit is applied to a field", "the field is gone"),
    ac("AC3", "an edit written as JSON text", "it is read",
       "its steps are applied as a list's would be, by apply_edit as by Edit.parse"),
)


def test_a_class_named_after_what_one_then_names_in_passing_does_not_outbid_the_tests_name(
) -> None:
    # One class holds the tests of every kind of edit; only AC3's Then names its function,
    # in passing. Each test's own name says which edit it checks.
    criteria = EDITS
    source = '''
class ApplyEditTestCase(TestCase):
    def test_rename_field(self):
        res = records.apply_edit({"a": 1}, [{"kind": "rename", "from": "a", "to": "b"}])
        self.assertEqual(res, {"b": 1})

    def test_drop(self):
        res = records.apply_edit({"a": 1}, [{"kind": "drop", "field": "a"}])
        self.assertEqual(res, {})
'''
    result = review(criteria, source)
    # the class names AC3's function, but neither test's own name is about AC3
    assert not by_id(result)["AC3"].matched
    assert by_id(result)["AC1"].candidates[0].test.endswith("::test_rename_field")
    # where AC3's When acts through it, the class says which function its tests run
    acting = (*criteria[:2], ac("AC3", "a list of edits", "`apply_edit` is called",
                                "the record is returned changed"))
    result = analyze("E1-S1", acting, py_cases(source), file_list=[FILE])
    assert by_id(result)["AC3"].tests == (f"{FILE}::ApplyEditTestCase::test_drop",
                                          f"{FILE}::ApplyEditTestCase::test_rename_field")


def test_an_ac_saying_a_units_words_in_its_prose_speaks_of_that_unit() -> None:
    # `apply_edit` is written only by AC3, but AC1 and AC2 say "an edit is applied": tests
    # named after the function are theirs too when the rest of the name is theirs
    criteria = EDITS
    source = '''
def test_apply_edit_rename_field():
    res = records.apply_edit({"a": 1}, [{"kind": "rename", "from": "a", "to": "b"}])
    assert res == {"b": 1}

def test_apply_edit_drop_field():
    res = records.apply_edit({"a": 1}, [{"kind": "drop", "field": "a"}])
    assert res == {}

def test_apply_edit_from_json_text():
    res = records.apply_edit({"a": 1}, '[{"kind": "drop", "field": "a"}]')
    assert res == {}
'''
    result = review(criteria, source)
    assert by_id(result)["AC1"].tests == (f"{FILE}::test_apply_edit_rename_field",)
    assert by_id(result)["AC2"].tests == (f"{FILE}::test_apply_edit_drop_field",)
    assert by_id(result)["AC3"].tests == (f"{FILE}::test_apply_edit_from_json_text",)


ULIMITS = (
    ac("AC1", "a limit with a single value, such as `nofile=1024`", "`ParseLimit` reads it",
       "the hard limit is the same as the soft limit"),
    ac("AC2", "a soft and a hard value, such as `nofile=512:1024`", "`ParseLimit` reads it",
       "the soft limit is the first and the hard limit the second"),
    ac("AC3", "more than two colon-separated values, such as `nofile=1024:1:50`",
       "`ParseLimit` reads it", "it returns an error saying only soft[:hard] is allowed"),
    ac("AC4", "a limit", "`String` is called", "it is written back as name=soft:hard"),
)

ULIMIT_TESTS = """package limits

import "testing"

func TestParseLimitValid(t *testing.T) {
\tl, err := ParseLimit("nofile=512:1024")
\tif err != nil || l.Soft != 512 || l.Hard != 1024 {
\t\tt.Fatal("bad parse")
\t}
}

func TestParseLimitTooManyValueArgs(t *testing.T) {
\tif _, err := ParseLimit("nofile=1024:1:50"); err == nil {
\t\tt.Fatalf("expected error on more than two value arguments")
\t}
}
"""


def test_a_test_calling_the_acs_function_with_its_own_example_input_is_its_test() -> None:
    # Their names say little the ACs say; each hands `ParseLimit` one AC's own example.
    result = analyze("E1-S1", ULIMITS, split_tests("limit_test.go", ULIMIT_TESTS),
                     file_list=["limit_test.go"])
    assert by_id(result)["AC2"].tests == ("limit_test.go::TestParseLimitValid",)
    assert by_id(result)["AC3"].tests == ("limit_test.go::TestParseLimitTooManyValueArgs",)
    assert not by_id(result)["AC1"].matched and not by_id(result)["AC4"].matched
    # an example both ACs quote is neither's own case
    shared = (ac("AC1", "two values, such as `nofile=512:1024`", "`ParseLimit` reads them",
                 "the soft limit comes first"), *ULIMITS[1:])
    result = analyze("E1-S1", shared, split_tests("limit_test.go", ULIMIT_TESTS),
                     file_list=["limit_test.go"])
    assert not by_id(result)["AC2"].matched


def test_an_example_the_ac_sets_an_option_to_is_its_case_only_under_that_option() -> None:
    criteria = (
        ac("AC1", 'a person built from keyword arguments with `nickname="Ace"`',
           "`make_person` is called", "the nickname reads back unchanged"),
        ac("AC2", "a person built with a title", "`make_person` is called",
           "the title is kept"),
    )
    source = '''
def test_constructor_first():
    p = make_person(first="Ace")
    assert p.first == "Ace"

def test_constructor_nick():
    p = make_person(nickname="Ace")
    assert p.nickname == "Ace"
'''
    # "Ace" given as the first name is another option's input
    assert by_id(review(criteria, source))["AC1"].tests == (f"{FILE}::test_constructor_nick",)


def test_a_short_name_written_as_a_call_in_backticks_is_code_the_ac_names() -> None:
    # hyperlink: `add(name, value)`, three letters, had been no identifier, and the test
    # named after the method it calls (`test_queryAdd` calling `.add(...)`) matched nothing
    criteria = (
        ac("AC1", "a URL", "`add(name, value)` is called", "the pair is appended after the others"),
        ac("AC2", "a URL whose query repeats a name", "`remove(name)` is called",
           "every pair of that name is gone"),
        ac("AC3", "a URL", "`child(segment)` is called", "the segment ends its path"),
    )
    source = '''
class TestURL(TestCase):
    def test_queryAdd(self):
        self.assertEqual("http://a/?x=1", URL.from_text("http://a/").add("x", "1").to_text())

    def test_queryRemove(self):
        self.assertEqual("http://a/", URL.from_text("http://a/?x=1&x=2").remove("x").to_text())
'''
    result = review(criteria, source)
    assert by_id(result)["AC1"].tests == (f"{FILE}::TestURL::test_queryAdd",)
    assert by_id(result)["AC2"].tests == (f"{FILE}::TestURL::test_queryRemove",)
    assert not by_id(result)["AC3"].matched
    # a short word outside code names nothing: "when one is added" is prose
    assert "add" not in ac_coverage.identifiers_named(
        ac("AC1", "a URL", "one pair is added", "it is appended"))


def test_a_function_most_of_the_tests_call_is_the_module_under_test_not_an_identifier() -> None:
    criteria = (
        ac("AC1", "a title with accents", "it is made a slug", "the accents are dropped"),
        ac("AC2", "a title with spaces", "it is made a slug", "each space becomes a hyphen"),
        ac("AC3", "the command line tool", "slugify is run with a title",
           "the slug is printed"),
    )
    source = '''
class TestSlugify(TestCase):
    def test_accents(self):
        self.assertEqual(slugify("café"), "cafe")

    def test_spaces(self):
        self.assertEqual(slugify("a b"), "a-b")


def test_command_line_prints_the_slug(capsys):
    main(["a b"])
    assert capsys.readouterr().out == "a-b\\n"
'''
    result = review(criteria, source)
    # Only AC3 says "slugify", but every test of the title's rules calls it.
    assert by_id(result)["AC3"].tests == (f"{FILE}::test_command_line_prints_the_slug",)


def test_a_function_several_acs_name_is_the_module_under_test_not_an_identifier() -> None:
    criteria = (
        ac("AC1", "fractional days or hours", "the delta is added to a datetime",
           "the fraction is carried into the smaller units"),
        ac("AC2", "two datetimes", "relativedelta is given both",
           "the difference between them is returned in years, months and days"),
        ac("AC3", "a relativedelta with a weekday", "it is added to a date",
           "the date moves to that weekday"),
    )
    source = '''
def test_relativedelta_fractional_days():
    assert datetime(2000, 1, 1) + relativedelta(days=1.5) == datetime(2000, 1, 2, 12)
'''
    # Every test is named after relativedelta: it would tip the test to the ACs naming it.
    result = review(criteria, source)
    assert by_id(result)["AC1"].tests == (f"{FILE}::test_relativedelta_fractional_days",)
    assert not by_id(result)["AC2"].matched
    assert not by_id(result)["AC3"].matched


def test_asserting_another_status_code_contradicts_the_ac() -> None:
    criteria = (
        ac("AC1", "a revoked token", "it is sent with a request", "the request answers 401"),
        ac("AC2", "a user", "they sign up", "a welcome mail is sent"),
    )
    source = '''
def test_fresh_token_request():
    assert get("/me", fresh()).status_code == 200


def test_revoked_token_request():
    assert get("/me", revoked()).status_code == 401
'''
    result = review(criteria, source)
    assert by_id(result)["AC1"].tests == (f"{FILE}::test_revoked_token_request",)


def test_expecting_a_different_exception_contradicts_the_ac() -> None:
    criteria = (
        ac("AC1", "an expired token", "it is loaded", "TokenExpired is raised"),
        ac("AC2", "a tampered token", "it is loaded", "BadSignature is raised"),
    )
    source = '''
def test_token_loaded_with_tampered_signature():
    with pytest.raises(BadSignature):
        load(tamper(token()))
'''
    result = review(criteria, source)
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC2"]


@pytest.mark.parametrize("error", ["TOMLDecodeError", "OSError", "HTTPError", "JSONDecodeError"])
def test_an_exception_named_with_an_acronym_first_is_the_acs_exception(error: str) -> None:
    """tomli's `assertRaises(tomllib.TOMLDecodeError)` covers "then it raises
    TOMLDecodeError"; before, the AC named no exception it could be matched by."""
    criteria = (ac("AC1", 'the document "val=."', "it is parsed",
                   f"it raises {error} with the message \"Invalid value\""),
                ac("AC2", "a float parser returning a dict", "it is parsed",
                   "a ValueError is raised"))
    source = f'''
def test_line_and_col(self):
    with self.assertRaises(tomllib.{error}) as exc_info:
        tomllib.loads("val=.")
    self.assertEqual(str(exc_info.exception), "Invalid value (at line 1, column 5)")
'''
    assert by_id(review(criteria, source))["AC1"].tests == (f"{FILE}::test_line_and_col",)


@pytest.mark.parametrize("then", [
    "None is returned instead of raising ParseError",
    "None is returned without raising a `ParseError`",
    "it doesn't raise ParseError but returns None",
    "no ParseError is raised and None is returned",
    "ParseError is not raised; None is returned",
])
def test_a_test_expecting_the_exception_the_ac_says_is_not_raised_covers_nothing(
        then: str) -> None:
    # The old test of the strict parser shares the AC's words and expects ParseError: it
    # checks the opposite of what the lenient function promises.
    criteria = (
        ac("AC1", "a valid date string", "parse_date_or_default is called",
           "the same datetime as parse_date is returned"),
        ac("AC2", "an invalid date string", "parse_date_or_default is called", then),
    )
    source = '''
def test_parse_invalid_date_or_default():
    with pytest.raises(ParseError):
        parse_date("not a date")


def test_lenient_parse_of_an_invalid_date_returns_none():
    assert parse_date_or_default("not a date") is None
'''
    result = review(criteria, source)
    assert by_id(result)["AC2"].tests == (
        f"{FILE}::test_lenient_parse_of_an_invalid_date_returns_none",)


def test_a_builtin_exception_alone_is_no_evidence_for_an_ac() -> None:
    # ValueError is what any bad input raises: a test expecting it for another reason (an
    # index of the wrong length) does not verify the AC's ValueError; one whose own words
    # name the AC's subject does.
    criteria = (
        ac("AC1", "a table and maxcolwidths", "it is rendered", "long cells wrap"),
        ac("AC2", "a negative maxcolwidths value", "tabulate is called",
           "a ValueError is raised"),
    )
    source = '''
def test_list_of_lists_with_supplied_index():
    "Output: a table with a supplied index of the wrong length"
    with raises(ValueError):
        tabulate([[1], [2]], showindex=[1], tablefmt="plain")


def test_negative_maxcolwidths_are_refused():
    with raises(ValueError):
        tabulate([["a"]], maxcolwidths=-1)
'''
    result = review(criteria, source)
    assert by_id(result)["AC2"].tests == (f"{FILE}::test_negative_maxcolwidths_are_refused",)


def test_a_distinctive_exception_alone_still_covers_its_ac() -> None:
    criteria = (
        ac("AC1", "a token", "it is loaded after max_age", "SignatureExpired is raised"),
        ac("AC2", "a token", "it is dumped", "the payload is serialized"),
    )
    source = '''
def test_old():
    with pytest.raises(SignatureExpired):
        load(token())
'''
    result = review(criteria, source)
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC1"]


ENCODER = (
    ac("AC1", "an item_sort_key function", "a dict is dumped",
       "its items are written in the order that key gives"),
    ac("AC2", "custom separators", "an object is dumped",
       "the item separator goes between items and the key separator between key and value"),
    ac("AC3", "for_json", "an object that has a for_json method is dumped",
       "the method's result is written as JSON in its place"),
    ac("AC4", "tuple_as_array turned off", "a tuple is dumped",
       "a TypeError is raised because it is not JSON serializable"),
)

ENCODER_TESTS = '''
class TestEncoder(TestCase):
    def test_for_json_encodes_list(self):
        self.assertRoundTrip(ForJsonList(), ForJsonList().for_json())

    def test_item_sort_key_value(self):
        a = {'a': 1, 'b': 0}
        self.assertEqual('{"b": 0, "a": 1}', json.dumps(a, item_sort_key=lambda kv: kv[1]))

    def test_circular_default(self):
        json.dumps([set()], default=default_iterable)
        self.assertRaises(TypeError, json.dumps, [set()])
'''


def test_a_test_named_after_a_unit_by_its_first_words_covers_that_units_ac() -> None:
    # `test_<unit>_<what it checks>`: for_json is the unit, though "json" is in every AC.
    result = analyze("E1-S1", ENCODER, py_cases(ENCODER_TESTS), file_list=[FILE])
    assert by_id(result)["AC3"].tests == (f"{FILE}::TestEncoder::test_for_json_encodes_list",)
    # The words of the unit's name (item, key) are no evidence for another AC.
    assert by_id(result)["AC1"].tests == (f"{FILE}::TestEncoder::test_item_sort_key_value",)
    assert not by_id(result)["AC2"].matched


def test_the_call_that_expects_an_exception_is_not_body_evidence_again() -> None:
    # `assertRaises(TypeError, ...)` once counted as the words "raises", "type", "error" too,
    # which made a test about circular references a strong match for the TypeError AC.
    result = analyze("E1-S1", ENCODER, py_cases(ENCODER_TESTS), file_list=[FILE])
    assert not by_id(result)["AC4"].matched


def test_a_builtin_exception_agrees_when_the_body_does_the_acs_setup() -> None:
    # The name says nothing ("bogus call"), but the body passes the AC's parameters and expects
    # its ValueError: that is evidence.
    criteria = (
        ac("AC1", "a minimum_unit that is also suppressed", "precisedelta is called",
           "a ValueError is raised"),
        ac("AC2", "units to suppress", "precisedelta is called",
           "those units are not represented"),
        ac("AC3", "a timedelta", "naturaldelta is called", "it returns a fuzzy duration"),
        ac("AC4", "a datetime in the past", "naturaltime is called",
           "it returns the relative time"),
        ac("AC5", "today's date", "naturalday is called", "it returns today"),
    )
    source = '''
def test_bogus_call():
    assert humanize.precisedelta(None) == "None"
    with pytest.raises(ValueError):
        humanize.precisedelta(1, minimum_unit="years", suppress=["years"])
'''
    result = review(criteria, source)
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC1"]


@pytest.mark.parametrize(("then", "expected", "raises"), [
    ("it is converted to UpperCamelCase", set(), False),
    ("the result is a UserProfile", {"valueerror"}, False),
    ("SignatureExpired", {"signatureexpired"}, True),
    ("an InvalidTokenError", set(), True),
    ("ErrInvalidSemVer is returned", set(), True),
    ("it throws", set(), True),
    # an exception the clause says is not raised is no promise of one
    ("None is returned instead of raising ParseError", set(), False),
    ("it does not raise a ValueError", set(), False),
    ("a ValueError is raised for a value that is not callable", set(), True),
    # nor is one it says is not thrown at all, nor one something else threw (neverthrow's
    # `fromThrowable`: "no exception escapes and I get an Err holding the thrown error")
    ("it does not throw", set(), False),
    ("it returns the value and nothing is thrown", set(), False),
    ("no exception escapes and I get an Err holding the thrown error", set(), False),
    ("the raised exception is wrapped in an Err", set(), False),
    ("it does not throw for valid input and throws a RangeError otherwise", set(), True),
    ("an error is thrown", set(), True),
    # one naming no exception it is instead of (python-box's "the default is returned instead
    # of raising": its nearest tests read "not the error the AC promises")
    ("the default is returned instead of raising", set(), False),
    ("0 is returned rather than an error.", set(), False),
    ("it returns 0 rather than an error, and raises KeyError for a bad key", set(), True),
])
def test_a_then_clause_promises_an_exception_only_when_it_names_one(
        then: str, expected: set[str], raises: bool) -> None:
    assert then_raises(ac("AC1", "x", "y", then), expected) is raises


def test_a_camel_case_word_in_the_then_clause_does_not_rule_out_a_passing_test() -> None:
    # "UpperCamelCase" is not an exception: test_camelize, which expects none, covers AC1.
    criteria = (
        ac("AC1", "an underscored word", "camelize is called",
           "it is converted to UpperCamelCase, or lowerCamelCase when asked"),
        ac("AC2", "a CamelCase word", "underscore is called",
           "it is converted to lowercase words joined by underscores"),
        ac("AC3", "a singular noun", "pluralize is called", "its plural is returned"),
        ac("AC4", "a plural noun", "singularize is called", "its singular is returned"),
        ac("AC5", "a word with underscores", "dasherize is called",
           "the underscores become dashes"),
    )
    source = '''
@pytest.mark.parametrize(("camel", "underscore"), CAMEL_TO_UNDERSCORE)
def test_camelize(camel, underscore):
    assert camel == inflection.camelize(underscore)
'''
    result = review(criteria, source)
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC1"]


def test_tests_that_never_run_the_story_code_lose_word_evidence_not_ids() -> None:
    cases = [case("test_invalid_email_returns_422_error"), case("test_ac1_creates")]
    executes = {f"{FILE}::test_invalid_email_returns_422_error": True}
    kept = analyze("E1-S1", CRITERIA, cases, file_list=[FILE], executes=executes)
    dropped = analyze("E1-S1", CRITERIA, cases, file_list=[FILE],
                      executes={t: False for t in executes})
    assert by_id(kept)["AC2"].matched and not by_id(dropped)["AC2"].matched
    assert by_id(dropped)["AC1"].matched_by == "id"



def test_a_test_that_never_runs_the_story_code_is_named_on_the_acs_its_words_match() -> None:
    """Never counted, it is named (`idle`) on the ACs its words alone would match, so the
    review says why they have no test; one named by an AC's id is counted there, the review
    leaving it out (`phases.idle_tests`). Its measured units (none) rule out no AC: AC1's
    `chunked`, which another test ran, still names it."""
    cases = [case("test_invalid_email_returns_422_error"), case("test_ac1_creates")]
    dropped = analyze("E1-S1", CRITERIA, cases, file_list=[FILE],
                      executes={t.test_id: False for t in cases})
    assert [(c.ac_id, c.tests, c.idle) for c in dropped.per_ac] == [
        ("AC1", (f"{FILE}::test_ac1_creates",), ()),
        ("AC2", (), (f"{FILE}::test_invalid_email_returns_422_error",)),
        ("AC3", (), ()), ("AC-EC1", (), ())]
    assert not by_id(dropped)["AC2"].candidates
    runs = UnitRuns(frozenset({"chunked", "last", "split_at", "windowed"}),
                    {SHORTER: frozenset(), LAST: frozenset({"chunked", "last"}),
                     SPLIT: frozenset({"split_at"})})
    idle = analyze("E1-S1", CHUNKS, py_cases(CHUNK_TESTS), file_list=[FILE], units=runs,
                   executes={SHORTER: False, LAST: True, SPLIT: True})
    assert by_id(idle)["AC1"].idle == (SHORTER,) and SHORTER not in by_id(idle)["AC1"].tests
    # one its words only bring near an AC (no match): named on that AC alone
    (near,) = [case("test_accounts")]
    assert by_id(analyze("E1-S1", CRITERIA, [near], file_list=[FILE]))["AC1"].candidates
    unmeasured = analyze("E1-S1", CRITERIA, [near], file_list=[FILE],
                         executes={near.test_id: False})
    assert [(c.ac_id, c.idle) for c in unmeasured.per_ac if c.idle] == [("AC1", (near.test_id,))]

CHUNKS = (
    ac("AC1", "an iterable and a size", "chunked is called",
       "lists of that size are returned, the last one shorter"),
    ac("AC2", "an iterable and a predicate", "split_at is called",
       "the items are split at each item satisfying it"),
    ac("AC3", "an iterable", "it is windowed", "overlapping windows are returned"),
)
CHUNK_TESTS = '''
def test_chunked_last_list_is_shorter():
    assert list(chunked([1, 2, 3], 2)) == [[1, 2], [3]]


def test_last_returns_the_last_item_of_lists():
    assert last([[1, 2], [3]]) == [3]


def test_split_at_odd_items():
    assert list(split_at([1, 2, 3], is_odd)) == [[], [2], []]
'''
SHORTER = f"{FILE}::test_chunked_last_list_is_shorter"
LAST = f"{FILE}::test_last_returns_the_last_item_of_lists"
SPLIT = f"{FILE}::test_split_at_odd_items"


def test_a_test_that_ran_none_of_the_units_an_ac_names_does_not_cover_it() -> None:
    # `last` shares AC1's words ("last", "lists"), but the run shows it ran no `chunked`.
    words_only = review(CHUNKS, CHUNK_TESTS)
    assert by_id(words_only)["AC1"].tests == (SHORTER, LAST)
    runs = UnitRuns(frozenset({"chunked", "last", "split_at", "windowed"}),
                    {SHORTER: frozenset({"chunked"}), LAST: frozenset({"last"}),
                     SPLIT: frozenset({"split_at"})})
    measured = analyze("E1-S1", CHUNKS, py_cases(CHUNK_TESTS), file_list=[FILE], units=runs)
    assert by_id(measured)["AC1"].tests == (SHORTER,)
    assert by_id(measured)["AC2"].tests == (SPLIT,)
    # A test the run did not measure is judged by its words alone.
    unmeasured = UnitRuns(runs.defined, {SHORTER: frozenset({"chunked"})})
    kept = analyze("E1-S1", CHUNKS, py_cases(CHUNK_TESTS), file_list=[FILE], units=unmeasured)
    assert by_id(kept)["AC1"].tests == (SHORTER, LAST)
    # Left without its test, AC1 names `last`'s as nearest, and why it does not count.
    windowed = CHUNK_TESTS.replace(
        "def test_chunked_last_list_is_shorter():\n"
        "    assert list(chunked([1, 2, 3], 2)) == [[1, 2], [3]]\n",
        "def test_windowed():\n    assert list(windowed([1, 2, 3], 2)) == [(1, 2), (2, 3)]\n")
    other = f"{FILE}::test_windowed"
    runs = UnitRuns(runs.defined, {other: frozenset({"windowed", "chunked"}),
                                   LAST: frozenset({"last"}), SPLIT: frozenset({"split_at"})})
    left = by_id(analyze("E1-S1", CHUNKS, py_cases(windowed), file_list=[FILE], units=runs))
    assert [(m.test, m.why) for m in left["AC1"].candidates] == [
        (LAST, "the run shows it never runs `chunked`, which the AC names")]


WRONG_CASE = ac("AC1", "a reading whose unit is written in the wrong case (`\"20 CELSIUS\"`)",
                "it is parsed strictly", "a `ValueError` is raised")
IN_KELVINS = ac("AC2", "a reading in kelvins (`\"300 K\"`)", "it is parsed",
                "a `Kelvin` of that many degrees is returned")
READINGS = (WRONG_CASE, IN_KELVINS)
READING_TESTS = (
    "def test_parse_strictly_raises_for_a_unit_written_in_the_wrong_case():\n"
    "    with pytest.raises(ValueError):\n"
    '        parse("20 CELSIUS")\n\n\n'
    "def test_parse_kelvins():\n"
    '    assert parse("300 K") == Kelvin(300)\n')


def test_a_unit_the_run_never_ran_is_said_as_the_ac_spells_it_where_it_spells_it_otherwise(
) -> None:
    # The AC names `Celsius` only as the wrong-cased input it writes, `"20 CELSIUS"`: the
    # reason its test does not count says the AC's spelling, not that the AC names `Celsius`
    # (which the kelvins' test runs, converting).
    capitals = f"{FILE}::test_parse_strictly_raises_for_a_unit_written_in_the_wrong_case"
    kelvins = f"{FILE}::test_parse_kelvins"
    runs = UnitRuns(frozenset({"parse", "Celsius", "Kelvin"}),
                    {capitals: frozenset({"parse"}), kelvins: frozenset({"parse", "Kelvin", "Celsius"})})
    left = by_id(analyze("E1-S1", READINGS, py_cases(READING_TESTS), file_list=[FILE],
                         units=runs))
    assert [(m.test, m.why) for m in left["AC1"].candidates] == [
        (capitals, "the run shows it never runs `Celsius`, which the AC names as `CELSIUS`")]


def test_a_method_called_by_a_functions_name_is_not_said_never_run() -> None:
    """A queue module with a function `sift(heap)` and a method `Queue.sift(name)` of the same
    name: the run counts the method with its class, so the test calling `q.sift('c')` is
    measured running no `sift`. Its reason had said it "never runs `sift`", which its code
    calls; it says the run never counts it so, and why."""
    repair = ac("AC1", "an entry whose priority was changed in place",
                "`sift(name)` is called for it", "it is back on top when it is the most urgent")
    order = ac("AC2", "a queue of entries", "the top is asked for",
               "the most urgent entry is returned")
    tests = ("def test_sift_repairs_a_changed_entry():\n"
             "    value = [3]\n"
             "    q = Queue(a=[1], c=value)\n"
             "    value[0] = 0\n"
             "    q.sift('c')\n"
             "    assert q.top() == 'c'\n\n\n"
             "def test_top():\n    assert Queue(a=1, b=2).top() == 'a'\n")
    sifted = f"{FILE}::test_sift_repairs_a_changed_entry"
    runs = UnitRuns(frozenset({"sift", "Queue", "top"}),
                    {sifted: frozenset({"Queue", "top"}),
                     f"{FILE}::test_top": frozenset({"Queue", "top"})})
    left = by_id(analyze("E1-S1", (repair, order), py_cases(tests), file_list=[FILE],
                         units=runs))
    assert [(m.test, m.why) for m in left["AC1"].candidates] == [
        (sifted, "the run never counts it as running `sift`, which the AC names, though its "
                 "code calls `.sift(...)`: the run counts a method by its name only where no "
                 "function of its module has that name")]



QUEUES = (
    ac("AC1", "a queue with a `limit` that is full", "items are pushed at one end",
       "as many items are dropped from the other end"),
    ac("AC2", "a queue", "`push(x)` is called", "a new queue ends with x"),
)
QUEUE_TESTS = '''
def test_push_with_limit():
    assert ring([1, 2], limit=2).push(3) == ring([2, 3])


def test_limit_is_read_only():
    with pytest.raises(AttributeError):
        ring([], limit=2).limit = 3
'''
WITH_LIMIT = f"{FILE}::test_push_with_limit"
READ_ONLY = f"{FILE}::test_limit_is_read_only"


def test_a_test_handing_a_unit_as_a_keyword_argument_is_not_said_never_to_run_it() -> None:
    """pyrsistent's `pdeque([1, 2], maxlen=2).append(3)`: the `maxlen` an AC's Given names is
    also a property no such test reads, which another test runs; handing `maxlen=` sets it,
    so the run does not show the test skipping the code the AC names."""
    runs = UnitRuns(frozenset({"ring", "push", "limit"}),
                    {WITH_LIMIT: frozenset({"ring", "push"}),
                     READ_ONLY: frozenset({"ring", "limit"})})
    measured = by_id(analyze("E1-S1", QUEUES, py_cases(QUEUE_TESTS), file_list=[FILE],
                             units=runs))
    assert WITH_LIMIT in measured["AC1"].tests
    assert all(not m.why.startswith("the run shows it never runs")
               for m in measured["AC1"].candidates)


def test_a_test_running_only_other_acs_units_covers_no_ac_naming_a_unit_none_ran() -> None:
    """AC2 names `split_at`, which no measured test ran: a test named after it, measured
    running only AC1's `chunked`, checks `chunked`; one measured running none of the story's
    units (its code in a subprocess) is left to its words."""
    decoy = CHUNK_TESTS.replace(
        "def test_split_at_odd_items():\n    assert list(split_at([1, 2, 3], is_odd)) == "
        "[[], [2], []]\n",
        'def test_split_at_odd_items():\n    """Split at each odd item."""\n'
        "    assert list(chunked([1, 2, 3], 2)) == [[1, 2], [3]]\n")
    words_only = by_id(review(CHUNKS, decoy))
    assert words_only["AC2"].tests == (SPLIT,)
    defined = frozenset({"chunked", "last", "split_at", "windowed"})
    runs = UnitRuns(defined, {SHORTER: frozenset({"chunked"}), LAST: frozenset({"last"}),
                              SPLIT: frozenset({"chunked"})})
    measured = by_id(analyze("E1-S1", CHUNKS, py_cases(decoy), file_list=[FILE], units=runs))
    assert measured["AC2"].tests == () and measured["AC1"].tests == (SHORTER,)
    apart = UnitRuns(defined, {SHORTER: frozenset({"chunked"}), LAST: frozenset({"last"}),
                               SPLIT: frozenset()})
    kept = by_id(analyze("E1-S1", CHUNKS, py_cases(decoy), file_list=[FILE], units=apart))
    assert kept["AC2"].tests == (SPLIT,)

HEX_ACS = (
    ac("AC1", "a three-digit hex code such as `#09C`", "`normalize_hex` is called",
       "it returns the six-digit lower-case code `#0099cc`"),
    ac("AC2", "a hex code", "`hex_to_name` is called", "the color's name is returned"),
    ac("AC3", "a hex code", "`hex_to_rgb` is called", "the integer triplet is returned"),
)
HEX_TESTS = '''
def test_normalize_hex_three_digit_lowercase():
    """Hexadecimal normalization: three-digit codes become six lower-case digits."""
    assert normalize_integer_triplet((270, -20, 128)) == (255, 0, 128)


def test_hex_to_name():
    assert hex_to_name("#daa520") == "goldenrod"


def test_hex_to_rgb():
    assert hex_to_rgb("#000080") == (0, 0, 128)
'''


def test_a_test_that_never_ran_a_unit_most_tests_run_does_not_cover_an_ac_naming_it() -> None:
    # Most tests run `normalize_hex` (the other conversions call it), so running it says
    # nothing of which AC a test checks; never running it, a test named after it checks
    # another function: it is no test of "when `normalize_hex` is called"
    named = f"{FILE}::test_normalize_hex_three_digit_lowercase"
    ran = {named: frozenset({"normalize_integer_triplet"}),
           f"{FILE}::test_hex_to_name": frozenset({"hex_to_name", "normalize_hex"}),
           f"{FILE}::test_hex_to_rgb": frozenset({"hex_to_rgb", "normalize_hex"})}
    defined = frozenset({"normalize_hex", "normalize_integer_triplet", "hex_to_name",
                         "hex_to_rgb"})
    assert by_id(review(HEX_ACS, HEX_TESTS))["AC1"].tests == (named,)
    measured = analyze("E1-S1", HEX_ACS, py_cases(HEX_TESTS), file_list=[FILE],
                       units=UnitRuns(defined, ran))
    assert not by_id(measured)["AC1"].matched
    ran[named] = frozenset({"normalize_hex"})
    measured = analyze("E1-S1", HEX_ACS, py_cases(HEX_TESTS), file_list=[FILE],
                       units=UnitRuns(defined, ran))
    assert by_id(measured)["AC1"].tests == (named,)


def test_one_reading_serves_both_matchings_of_a_review() -> None:
    """A review matches before its run (to choose the tests) and after it (with what the run
    measured): the second matching, from the first one's reading, is the matching from scratch."""
    runs = UnitRuns(frozenset({"chunked", "last", "split_at", "windowed"}),
                    {SHORTER: frozenset({"chunked"}), LAST: frozenset({"last"}),
                     SPLIT: frozenset({"split_at"})})
    cases = py_cases(CHUNK_TESTS)
    reading = read("E1-S1", CHUNKS, cases, file_list=[FILE])
    assert analyze("E1-S1", CHUNKS, cases, file_list=[FILE], reading=reading) == \
        analyze("E1-S1", CHUNKS, cases, file_list=[FILE])
    for signals in ({"units": runs}, {"executes": {SHORTER: True, LAST: False}}):
        fresh = analyze("E1-S1", CHUNKS, cases, file_list=[FILE], **signals)
        assert analyze("E1-S1", CHUNKS, cases, file_list=[FILE], reading=reading,
                       **signals) == fresh
        assert fresh != analyze("E1-S1", CHUNKS, cases, file_list=[FILE])  # the signals count
    with pytest.raises(ValueError, match="another story"):
        analyze("E1-S2", CHUNKS, cases, file_list=[FILE], reading=reading)
    with pytest.raises(ValueError, match="another story"):
        analyze("E1-S1", CHUNKS[:1], cases, file_list=[FILE], reading=reading)


def test_the_matching_after_the_run_weighs_no_evidence_the_first_one_weighed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """What a test says of an AC is scored once per reading: a matching with the run's
    signals scores again only what they change (an AC whose named unit the test ran)."""
    cases = py_cases(CHUNK_TESTS)
    reading = read("E1-S1", CHUNKS, cases, file_list=[FILE])
    scored: list[str] = []
    real = ac_coverage._score

    def counting(case: TestCase, *args: Any) -> Any:
        scored.append(case.test_id)
        return real(case, *args)

    monkeypatch.setattr(ac_coverage, "_score", counting)
    first = analyze("E1-S1", CHUNKS, cases, file_list=[FILE], reading=reading)
    made = len(scored)
    assert made > 0
    executes = {SHORTER: True, LAST: True, SPLIT: True}
    again = analyze("E1-S1", CHUNKS, cases, file_list=[FILE], reading=reading,
                    executes=executes)
    assert len(scored) == made  # nothing scored twice
    assert again == analyze("E1-S1", CHUNKS, cases, file_list=[FILE], executes=executes)
    assert first == analyze("E1-S1", CHUNKS, cases, file_list=[FILE])
    # An AC promising values and an error: a run showing SHORTER running `chunked`, a unit
    # the AC names, weighs SHORTER's evidence for it anew (it may now check the values half).
    both = (ac("AC1", "an iterable and a size", "chunked is called",
               "lists of that size are returned, and a negative size raises ValueError"),
            *CHUNKS[1:])
    reading = read("E1-S1", both, cases, file_list=[FILE])
    analyze("E1-S1", both, cases, file_list=[FILE], reading=reading)
    del scored[:]
    runs = UnitRuns(frozenset({"chunked", "last", "split_at", "windowed"}),
                    {SHORTER: frozenset({"chunked"}), LAST: frozenset({"last"}),
                     SPLIT: frozenset({"split_at"})})
    measured = analyze("E1-S1", both, cases, file_list=[FILE], reading=reading, units=runs)
    assert set(scored) == {SHORTER}
    assert measured == analyze("E1-S1", both, cases, file_list=[FILE], units=runs)


@pytest.mark.parametrize(("when", "named"), [
    ("chunked is called", True),
    ("`last` gives it", True),
    ("last() is asked", True),
    ("calling last", True),
    ("windowed, last or split_at is applied", True),
    ("it is wrapped with last", True),
    ("last returns a list", True),
    # the word in its own sense: no unit
    ("the last list is asked for", False),
    ("I ask for the list of names it holds, the last of them", False),
])
def test_a_unit_named_like_a_plain_word_is_named_only_as_code(when: str, named: bool) -> None:
    """`last` (or webcolors' `names`) is an English word: an AC's sentence names the unit only
    where it speaks of it as code, not where it says the word in its own sense."""
    runs = UnitRuns(frozenset({"chunked", "last", "split_at", "windowed"}),
                    {SHORTER: frozenset({"chunked"}), LAST: frozenset({"last"}),
                     SPLIT: frozenset({"split_at"})})
    criterion = ac("AC1", "an iterable of lists", when, "the lists are returned")
    assert ("last" in runs.named_in(criterion)) is named or when == "chunked is called"
    assert ("chunked" in runs.named_in(criterion)) is (when == "chunked is called")


def test_a_unit_most_tests_run_decides_nothing_but_one_most_acs_name_does() -> None:
    # Most tests run `chunked` (the module under test): running it says nothing of which AC
    # a test checks, so AC1's tests are judged by their words; but `last`'s test, which never
    # ran it, checks nothing of "when chunked is called".
    everywhere = UnitRuns(frozenset({"chunked", "last", "split_at"}),
                          {SHORTER: frozenset({"chunked"}), LAST: frozenset({"last"}),
                           SPLIT: frozenset({"chunked", "split_at"})})
    result = analyze("E1-S1", CHUNKS, py_cases(CHUNK_TESTS), file_list=[FILE], units=everywhere)
    assert by_id(result)["AC1"].tests == (SHORTER,)
    ran_it = UnitRuns(everywhere.defined, {**everywhere.by_test,
                                           LAST: frozenset({"chunked", "last"})})
    result = analyze("E1-S1", CHUNKS, py_cases(CHUNK_TESTS), file_list=[FILE], units=ran_it)
    assert by_id(result)["AC1"].tests == (SHORTER, LAST)
    # Two of three ACs name `iterable` (as code), a unit `last`'s test never runs: that test
    # checks neither of them (a story adding a function every AC names, and an old test in
    # the same file that never calls it).
    coded = (ac("AC1", "an `iterable` and a size", "chunked is called",
                "lists of that size are returned, the last one shorter"),
             ac("AC2", "an `iterable` and a predicate", "split_at is called",
                "the items are split at each item satisfying it"), CHUNKS[2])
    named = UnitRuns(frozenset({"chunked", "iterable"}),
                     {SHORTER: frozenset({"chunked", "iterable"}), LAST: frozenset(),
                      SPLIT: frozenset()})
    result = analyze("E1-S1", coded, py_cases(CHUNK_TESTS), file_list=[FILE], units=named)
    assert by_id(result)["AC1"].tests == (SHORTER,)


REDUCERS = (
    ac("AC1", "a reducer built with `createReducer` and a case for an action type",
       "an action of that type is reduced", "the case reducer returns the next state"),
    ac("AC2", "a slice built with `createSlice` whose extraReducers add a case for an outside "
       "action type", "an action of that type is reduced",
       "the slice's state is updated by the case reducer"),
    ac("AC3", "any action creator", "it is called with a number", "the payload is that number"),
)
REDUCER_TESTS = """describe('createReducer', () => {
  it('updates the state for an outside action type by its case reducer', () => {
    const reducer = createReducer(0, (b) => b.addCase('inc', (s) => s + 1))
    expect(reducer(0, { type: 'inc' })).toBe(1)
  })
})
"""
SLICE_TESTS = """describe('createSlice', () => {
  it('updates state for an outside action type', () => {
    const slice = createSlice({ name: 'n', initialState: 0, extraReducers: (b) => b })
    expect(slice.reducer(0, { type: 'inc' })).toBe(1)
  })
})
"""


def _reducer_review(reducer_file: str, slice_file: str) -> dict[str, tuple[str, ...]]:
    cases = split_tests(reducer_file, REDUCER_TESTS) + split_tests(slice_file, SLICE_TESTS)
    result = analyze("E1-S1", REDUCERS, cases, file_list=[reducer_file, slice_file])
    return {c.ac_id: tuple(t.split("::")[0] for t in c.tests) for c in result.per_ac}


def test_a_test_file_named_after_a_unit_an_ac_names_as_code_holds_that_units_tests() -> None:
    # The createReducer test shares AC2's words; in a file named after createReducer it is
    # no test of the AC whose Given names `createSlice` (a unit another test file is named
    # after). In files named after nothing, words and calls decide: the createReducer test
    # resembles AC2 by its words and AC1 by what it calls (`createReducer`), clear for
    # neither; AC2's own test verifies it with more than twice its evidence, so it is a second
    # test there, and AC1, left without a test, takes it (`_second_tests`).
    assert _reducer_review("src/createReducer.test.ts", "src/createSlice.test.ts")["AC2"] == (
        "src/createSlice.test.ts",)
    assert _reducer_review("src/a.test.ts", "src/b.test.ts") == {
        "AC1": ("src/a.test.ts",), "AC2": ("src/b.test.ts",), "AC3": ()}


def test_the_units_test_files_are_named_after() -> None:
    cases = [case("test_one", file="tests/test_chunked.py"),
             case("test_two", file="tests/test_split_at.py"),
             case("test_three", file="tests/tests.py")]
    runs = file_units_run(cases)
    assert runs is not None and runs.defined == {"chunked", "split_at"}
    assert runs.by_test == {"tests/test_chunked.py::test_one": {"chunked"},
                            "tests/test_split_at.py::test_two": {"split_at"}}
    assert file_units_run(cases[:1]) is None  # one unit: nothing to tell apart
    # An AC names such a unit only as code, singular or plural; a plain word names none.
    named = UnitRuns(frozenset({"ordinals", "number"}), {}, from_files=True)
    assert named.named_in(ac("AC1", "a count given to `Ordinal`", "it is formatted",
                             "a number with its suffix")) == {"ordinals"}
    assert named.named_in(ac("AC2", "a number", "it is formatted", "commas")) == frozenset()



MERGE_NON_POINTER = """package mergo_test

import (
	"testing"

	"github.com/imdario/mergo"
)

func TestMergeNonPointer(t *testing.T) {
	if got := mergo.Merge(pair{}, pair{}); got != mergo.ErrNonPointerAgument {
		t.Errorf("want ErrNonPointerAgument, got %v", got)
	}
}
"""
MERGE_EMPTY_VALUE = """package mergo_test

import (
	"testing"

	"github.com/imdario/mergo"
)

func TestIssue131MergeWithOverwriteWithEmptyValue(t *testing.T) {
	dst := pair{Name: "dst"}
	if err := mergo.Merge(&dst, pair{}, mergo.WithOverwriteWithEmptyValue); err != nil {
		t.Error(err)
	}
	if dst.Name != "" {
		t.Errorf("dst.Name not overwritten by the empty value: %q", dst.Name)
	}
}
"""
MERGE_ZERO_TIME = """package mergo_test

import (
	"testing"
	"time"

	"github.com/imdario/mergo"
)

func TestOverwriteZeroSrcTime(t *testing.T) {
	dst := stamped{time.Now()}
	if err := mergo.MergeWithOverwrite(&dst, stamped{}); err != nil {
		t.FailNow()
	}
	if !dst.At.IsZero() {
		t.Errorf("the zero source time did not overwrite the destination's time: %v", dst.At)
	}
}
"""
NON_POINTER_AC = ac("AC2", "a destination that is not a pointer", "`Merge` is called",
                    "the error `ErrNonPointerAgument` is returned")


def test_a_test_calling_the_unit_another_test_file_is_named_after_runs_it() -> None:
    """mergo: `TestIssue131...` in issue131_test.go calls `mergo.Merge(...)`, the unit of
    merge_test.go, with the option AC1 names and checks its outcome; read from the files'
    names alone it was said never to run `Merge`, and AC1 was left without its test."""
    criteria = (ac("AC1", "a source whose string field is empty",
                   "`Merge` is called with `WithOverwriteWithEmptyValue`",
                   "the empty value overwrites the destination's set value"), NON_POINTER_AC)
    cases = (split_tests("merge_test.go", MERGE_NON_POINTER)
             + split_tests("issue131_test.go", MERGE_EMPTY_VALUE))
    runs = file_units_run(cases)
    assert runs is not None
    assert runs.by_test["issue131_test.go::TestIssue131MergeWithOverwriteWithEmptyValue"] == {
        "issue131", "merge"}
    found = by_id(analyze("E1-S1", criteria, cases,
                          file_list=["merge_test.go", "issue131_test.go"]))
    assert found["AC1"].tests == ("issue131_test.go::TestIssue131MergeWithOverwriteWithEmptyValue",)
    assert found["AC2"].tests == ("merge_test.go::TestMergeNonPointer",)


def test_where_no_run_was_measured_a_test_is_not_said_to_be_shown_skipping_the_code() -> None:
    """mergo's review ran `go test`, which measures no test's units: a test left out of an AC
    for the units read from file names had been "the run shows it never runs the code the AC
    names", a run that showed nothing of the kind."""
    criteria = (ac("AC1", "a destination time that is set and a zero source time",
                   "`Merge` is called with `WithOverride`",
                   "the zero source time overwrites the destination's time"), NON_POINTER_AC)
    cases = (split_tests("merge_test.go", MERGE_NON_POINTER)
             + split_tests("issue52_test.go", MERGE_ZERO_TIME))
    found = by_id(analyze("E1-S1", criteria, cases,
                          file_list=["merge_test.go", "issue52_test.go"]))
    nearest = found["AC1"].candidates[0]
    assert (nearest.test, nearest.why) == (
        "issue52_test.go::TestOverwriteZeroSrcTime",
        "no run was measured, and it neither calls `merge`, which the AC names, nor sits in a "
        "test file named after it")



def test_a_class_a_test_builds_is_no_unit_it_runs_for_its_file_name() -> None:
    """A wrapper cache's test builds the inner cache another test file is named after (`new
    LruStore()`) and checks the wrapper: what it builds is its fixture, not a unit it tests
    (as read it had moved keyvaluecache's prefixing test to another AC)."""
    wrapper = split_tests("src/PrefixStore.test.ts", """
describe("PrefixStore", () => {
  it("prefixes keys", async () => {
    const inner = new LruStore();
    const store = new PrefixStore(inner, "p:");
    await store.set("k", "v");
    expect(await inner.get("p:k")).toBe("v");
  });
});
""")
    inner = split_tests("src/LruStore.test.ts", """
describe("LruStore", () => {
  it("evicts", () => {
    const store = new LruStore({ max: 1 });
    store.set("a", 1);
    expect(store.get("a")).toBe(1);
  });
});
""")
    runs = file_units_run(wrapper + inner)
    assert runs is not None
    assert runs.by_test[wrapper[0].test_id] == {"PrefixStore"}


VALIDATORS = (
    ac("AC1", "a Range validator", "a number is validated",
       "a number outside its bounds is rejected"),
    ac("AC2", "an Equal validator", "a value is validated", "a different value is rejected"),
    ac("AC3", "a OneOf validator", "a value is validated", "a value not among the choices fails"),
)
VALIDATOR_TESTS = '''
def test_range_rejects_a_number_outside_its_bounds():
    with pytest.raises(ValidationError):
        Range(1, 2)(3)


def test_number_outside_bounds_is_rejected():
    with pytest.raises(ValidationError):
        Equal(2)(3)


def test_oneof_rejects_a_value_not_among_the_choices():
    with pytest.raises(ValidationError):
        OneOf([1, 2])(3)
'''
RANGE_T = f"{FILE}::test_range_rejects_a_number_outside_its_bounds"
BOUNDS_T = f"{FILE}::test_number_outside_bounds_is_rejected"
ONEOF_T = f"{FILE}::test_oneof_rejects_a_value_not_among_the_choices"


def test_a_unit_every_ac_says_as_a_word_counts_only_spelled_as_in_code() -> None:
    # Every AC says "validator", the name of the base class `Validator` (which the Range test
    # ran too): as a word it names no unit, so each AC still names its own validator, and the
    # test that shares AC1's words but ran only `Equal` is no test of `Range`.
    assert by_id(review(VALIDATORS, VALIDATOR_TESTS))["AC1"].tests == (BOUNDS_T, RANGE_T)
    runs = UnitRuns(frozenset({"Validator", "Range", "Equal", "OneOf"}),
                    {RANGE_T: frozenset({"Range", "Validator"}), BOUNDS_T: frozenset({"Equal"}),
                     ONEOF_T: frozenset({"OneOf"})})
    measured = analyze("E1-S1", VALIDATORS, py_cases(VALIDATOR_TESTS), file_list=[FILE],
                       units=runs)
    assert by_id(measured)["AC1"].tests == (RANGE_T,)
    assert by_id(measured)["AC3"].tests == (ONEOF_T,)
    # A unit one AC names in any case still counts there: "an optional key" names `Optional`.
    optional = (*VALIDATORS[:2], ac("AC3", "an optional key", "it is absent", "no error"))
    assert UnitRuns(frozenset({"Optional"}), {ONEOF_T: frozenset({"Optional"})}).named_in(
        optional[2]) == {"Optional"}


PRINTING = (
    ac("AC1", "a Range validator", "a number is validated", "one outside its bounds fails"),
    ac("AC2", "a Range validator", "it is printed", "its repr shows its bounds"),
)
PRINTING_TESTS = '''
def test_range_repr():
    assert repr(Range(1, 2)) == "<Range(min=1, max=2)>"
'''


def test_a_test_of_how_an_object_prints_covers_only_an_ac_about_printing() -> None:
    # Named after `Range`, but it checks the repr: AC1 promises nothing about how it prints.
    result = by_id(review(PRINTING, PRINTING_TESTS))
    assert (result["AC1"].tests, result["AC2"].tests) == ((), (f"{FILE}::test_range_repr",))
    assert not by_id(review(PRINTING[:1], PRINTING_TESTS))["AC1"].matched


@pytest.mark.parametrize(("name", "printing"), [
    ("tests/t.py::test_range_repr", True), ("tests/t.py::T::testRelativeDeltaRepr", True),
    ("tests/t.py::test_str_and_repr", True), ("tests/t.py::test_reprocess_queue", False),
    ("tests/t.py::test_range", False), ("src/a.test.ts > Range > repr shows it", False),
])
def test_which_tests_check_how_an_object_prints(name: str, printing: bool) -> None:
    assert prints_only(name) is printing


MULTI = (
    ac("AC1", "a multi-value dict", "pop, poplast or popall is called for a key",
       "its values are removed and returned"),
    ac("AC2", "a multi-value dict", "values are added with add or addlist",
       "they are kept after the key's existing values"),
    ac("AC3", "a multi-value dict", "it is copied", "every pair is kept in order"),
)
MULTI_TESTS = '''
def test_poplast():
    omd = OMD([(1, 2), (1, 3)])
    assert omd.poplast(1) == 3


def test_pop_all():
    omd = OMD([(1, 2), (1, 3)])
    assert omd.popall(1) == [2, 3]


def test_clear():
    omd = OMD([(1, 2)])
    omd.clear()
    assert not omd
'''


def test_a_test_named_after_a_method_it_calls_is_that_methods_test() -> None:
    # `test_poplast` calls `omd.poplast()`, `test_pop_all` `omd.popall()`: each is the test of
    # the method AC1 names among three; `clear`, which no AC names, makes no test AC1's.
    result = by_id(review(MULTI, MULTI_TESTS))
    assert result["AC1"].tests == (f"{FILE}::test_pop_all", f"{FILE}::test_poplast")
    assert not result["AC2"].matched and not result["AC3"].matched


QUERY_ACS = (
    ac("AC1", "a URL and a predicate", "filterQuery is called",
       "only the parameters the predicate accepts are kept"),
    ac("AC2", "a URL with a query string", "getQuery is called",
       "an object of its parameters is returned"),
    ac("AC3", "a relative path", "it is resolved", "the base URL is joined to it"),
)
QUERY_TESTS = """describe("filterQuery", () => {
  for (const t of tests) {
    test(t.input + ' filter "bar"', () => {
      expect(filterQuery(t.input, predicate)).toBe(t.out);
    });
  }
});

describe("getQuery", () => {
  for (const t in tests) {
    test(t, () => {
      expect(getQuery(t)).toMatchObject(tests[t]);
    });
  }
});
"""


JOIN_ACS = (
    ac("AC1", "a query string with or without the leading `?`", "it is parsed with `parseQuery`",
       "an object of decoded values is returned, and a key given several times gives an array "
       "of its values"),
    ac("AC2", "a query object", "it is turned into a string with `stringifyQuery`",
       "its pairs are encoded and joined with `&`, and keys whose value is undefined are "
       "left out"),
    ac("AC3", "a URL and a query object", "`withQuery` is called",
       "the object's keys are merged into the URL's existing query, replacing the values of "
       "keys it already has"),
    ac("AC4", "several URL segments", "they are joined with `joinURL`",
       "exactly one slash separates each pair of segments"),
)
JOIN_TESTS = """describe("joinURL", () => {
  for (const t of tests) {
    test(`joinURL(${t.input.map((i) => JSON.stringify(i)).join(", ")}) === ${JSON.stringify(t.out)}`, () => {
      expect(joinURL(...t.input)).toBe(t.out);
    });
  }
});

describe("joinRelativeURL", () => {
  for (const t of tests) {
    test(`joinRelativeURL(${t.input.map((i) => JSON.stringify(i)).join(", ")}) === ${JSON.stringify(t.out)}`, () => {
      expect(joinRelativeURL(...t.input)).toBe(t.out);
    });
  }
});

describe("withQuery", () => {
  for (const t of tests) {
    test(t.input.toString() + " with " + JSON.stringify(t.query), () => {
      expect(withQuery(t.input, t.query)).toBe(t.out);
    });
  }
});
"""


LOOKUP_ACS = (
    ac("AC1", "a settings file that holds the key", "the file is read with `loadConfig`",
       "the promise resolves to the stored value"),
    ac("AC2", "a path where no file exists", "`loadConfig` reads it",
       'the promise is rejected with "no such file"'),
    ac("AC3", "a settings file that holds the key", "the file is read with `loadConfigSync`",
       "the stored value is returned"),
    ac("AC4", "a path where no file exists", "`loadConfigSync` reads it",
       'it throws "no such file"'),
)
LOOKUP_TESTS = """describe('SettingsReader', () => {
  describe('loadConfig', () => {
    test('returns what the file stores', async () => {
      const value = await SettingsReader.loadConfig('app.cfg');
      expect(value).toEqual({ theme: 'dark' });
    });

    test('fails for a missing file', async () => {
      await expect(SettingsReader.loadConfig('gone.cfg')).rejects.toThrow('no such file');
    });
  });

  describe('loadConfigSync', () => {
    test('returns what the file stores', () => {
      expect(SettingsReader.loadConfigSync('app.cfg')).toEqual({ theme: 'dark' });
    });

    test('fails for a missing file', () => {
      expect(() => SettingsReader.loadConfigSync('gone.cfg')).toThrow('no such file');
    });
  });
});
"""


def test_a_code_named_group_two_acs_name_is_the_unit_of_its_tests() -> None:
    """A class's group holding a group per method (`SettingsReader > loadConfig > ...`),
    each method named by two ACs: the group names the unit its tests run, so the words of
    the test's own sentence choose among that unit's ACs, and the other method's ACs, whose
    words are the same, are another unit's."""
    file = "tests/SettingsReader.test.ts"
    result = by_id(analyze("E1-S1", LOOKUP_ACS, ts_cases(LOOKUP_TESTS, file), file_list=[file]))
    group = f"{file}::SettingsReader > "
    assert result["AC1"].tests == (f"{group}loadConfig > returns what the file stores",)
    assert result["AC2"].tests == (f"{group}loadConfig > fails for a missing file",)
    assert result["AC3"].tests == (f"{group}loadConfigSync > returns what the file stores",)
    assert result["AC4"].tests == (f"{group}loadConfigSync > fails for a missing file",)


def test_the_code_in_a_name_made_at_run_time_is_no_words_of_it() -> None:
    """`${JSON.stringify(t.out)}` in a template name, or `JSON.stringify(t.query)` in an
    expression, is how the runner prints the row, not what the test is about: no test is the
    stringify AC's."""
    cases = [*ts_cases(JOIN_TESTS, "test/join.test.ts"),
             *ts_cases(QUERY_TESTS, "test/query.test.ts")]
    result = by_id(analyze("E1-S1", JOIN_ACS, cases,
                           file_list=["test/join.test.ts", "test/query.test.ts"]))
    assert not result["AC2"].matched
    assert result["AC3"].tests == ('test/join.test.ts::withQuery > t.input.toString() + " with " '
                                   "+ JSON.stringify(t.query)",)
    assert result["AC4"].tests == ("test/join.test.ts::joinURL > joinURL(${t.input.map((i) => "
                                   'JSON.stringify(i)).join(", ")}) === ${JSON.stringify(t.out)}',)


def test_a_code_named_group_names_the_unit_of_the_tests_in_it() -> None:
    # Each group of a file of several is named after one AC's function: its table-driven
    # test, whose own name is an expression, is that function's test.
    result = by_id(analyze("E1-S1", QUERY_ACS, ts_cases(QUERY_TESTS, "test/query.test.ts"),
                           file_list=["test/query.test.ts"]))
    assert result["AC1"].tests == ('test/query.test.ts::filterQuery > t.input + \' filter "bar"\'',)
    assert result["AC2"].tests == ("test/query.test.ts::getQuery > t",)
    # One group around every test of its file names the file's unit, not each test's.
    alone = QUERY_TESTS.split("\n\n")[1]
    single = by_id(analyze("E1-S1", QUERY_ACS, ts_cases(alone, "test/get.test.ts"),
                           file_list=["test/get.test.ts"]))
    assert not single["AC2"].matched


@pytest.mark.parametrize(("name", "suite"), [
    ("getQuery > t", "getquery"), ("a > withQuery > case 1", "withquery"),
    ("parse() > reads it", "parse"), ("logout > revokes it", ""),
    ("API requests > rejects it", ""), ("ChunkedTests::test_odd", "chunked"),
    ("test_odd", ""),
    # a note in parentheses, mocha's `#` or `.` before a method (cron-parser's groups renamed
    # `parseFile (async)` / `parseFileSync (sync)`): the same unit
    ("CronFileParser > parseFile (async) > reads it", "parsefile"),
    ("#parseFile > reads it", "parsefile"), (".parseFileSync (sync) > throws", "parsefilesync"),
    ("file reading (async) > reads it", ""), ("parse (async) > reads it", ""),
    # a type's method, as an AC spells it (neverthrow's `ResultAsync.combine` group)
    ("Utils > `ResultAsync.combine` > combines them", "resultasynccombine"),
    ("Utils > Result.combine > combines them", "resultcombine"),
])
def test_the_unit_a_tests_class_or_group_is_named_after(name: str, suite: str) -> None:
    assert suite_subject(name) == suite


def test_no_criteria_means_zero_coverage() -> None:
    assert analyze("E1-S1", (), [case("test_ac1")], file_list=[FILE]).coverage_percent == 0.0


def test_output_is_independent_of_input_order() -> None:
    cases = [*py_cases(SIGNUP), case("test_ac1_a"), case("test_ac2_b", file="tests/a.py"),
             case("test_ac1_c")]
    forward = analyze("E1-S1", CRITERIA, cases, file_list=[FILE, "tests/a.py"])
    assert forward == analyze("E1-S1", CRITERIA, list(reversed(cases)),
                              file_list=["tests/a.py", FILE])


def test_a_word_spelled_alike_breaks_a_tie_that_a_shared_stem_makes() -> None:
    criteria = (
        ac("AC1", "a schema with .includes(s)", "a string is parsed", "strings lacking s fail"),
        ac("AC2", "base64 input, large strings included", "it is parsed", "well-formed input passes"),
        ac("AC3", "a schema with .trim()", "a string is parsed", "the output is trimmed"),
        ac("AC4", "an email schema", "an address is parsed", "malformed addresses fail"),
        ac("AC5", "a uuid schema", "an id is parsed", "malformed ids fail"),
        *(ac(f"AC{6 + i}", f"a {kind} schema", "input is parsed", f"bad {kind} input fails")
          for i, kind in enumerate(("ipv4", "cidr", "jwt", "emoji", "regex"))),
    )
    source = "def test_includes():\n    assert check('abc') == 'abc'\n"
    result = review(criteria, source)
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC1"]


def test_a_shared_stem_alone_is_too_little_for_a_weak_match() -> None:
    criteria = (
        ac("AC1", "an address", "it is parsed", "valid addresses pass"),
        ac("AC2", "a phone number", "it is formatted", "it has a leading plus"),
    )
    result = analyze("E1-S1", criteria, [case("test_hash_validation")], file_list=[FILE])
    assert not any(c.matched for c in result.per_ac)


def test_executing_the_story_code_backs_a_distinctive_but_weak_match() -> None:
    # "accounts creation" points at AC1 alone, but spelled unlike it (a plural, and a
    # derivation of "created"): too weak on words alone
    weak = case("test_accounts_creation", '    assert signup("a@b.co")')
    words_only = analyze("E1-S1", CRITERIA[:2], [weak], file_list=[FILE])
    ran = analyze("E1-S1", CRITERIA[:2], [weak], file_list=[FILE],
                  executes={weak.test_id: True})
    assert not by_id(words_only)["AC1"].matched
    assert by_id(ran)["AC1"].tests == (weak.test_id,)
    assert not by_id(ran)["AC2"].matched


def test_executing_the_story_code_does_not_stand_in_for_a_name_the_ac_barely_explains() -> None:
    # AC1's words are a third of this name: executing the story's code (as nearly every story
    # test does) cannot make that a match
    busy = case("test_created_accounts_retry_backoff_jitter_window", '    assert signup("a@b.co")')
    ran = analyze("E1-S1", CRITERIA[:2], [busy], file_list=[FILE],
                  executes={busy.test_id: True})
    assert ran.coverage_percent == 0.0


def test_executing_the_story_code_never_makes_an_equal_resemblance_a_match() -> None:
    # "user signs up with email" is every AC's: no AC is the test's clear best, execution or not
    vague = case("test_user_signs_up_with_email", '    assert signup("a@b.co")')
    ran = analyze("E1-S1", CRITERIA, [vague], file_list=[FILE],
                  executes={vague.test_id: True})
    assert ran.coverage_percent == 0.0


@pytest.mark.parametrize(
    ("name", "subject"),
    [
        ("TestSetMetadata", "setmetadata"),
        ("TestSigner::test_max_age", "maxage"),
        ("test_naturaldelta", "naturaldelta"),
        ("signup > rejects a bad email", ""),  # a sentence names no unit
    ],
)
def test_the_unit_a_test_is_named_after(name: str, subject: str) -> None:
    assert subject_of(name) == subject


VERSION_ACS = (
    ac("AC1", "a version", "its parts are read", "Major, Minor and Patch return each part"),
    ac("AC2", "a version", "SetMetadata is called", "a version with that metadata is returned"),
    ac("AC3", "metadata with characters outside [0-9A-Za-z-]", "it is set",
       "ErrInvalidMetadata is returned"),
)
GO_FILE = "version_test.go"
SET_METADATA = '''func TestSetMetadata(t *testing.T) {
\ttests := []struct {
\t\tv1, metadata string
\t\texpectedErr  error
\t}{
\t\t{"1.2.3", "**", ErrInvalidMetadata},
\t\t{"1.2.3", "meta", nil},
\t}
\tfor _, tc := range tests {
\t\tv, _ := NewVersion(tc.v1)
\t\tif _, err := v.SetMetadata(tc.metadata); err != tc.expectedErr {
\t\t\tt.Errorf("got err=%s", err)
\t\t}
\t}
}
'''


def test_a_test_named_after_the_unit_an_ac_names_covers_it_and_its_asserted_error_too() -> None:
    # Named after SetMetadata (AC2 alone names it); its table asserts AC3's error as a value:
    # it verifies both, and neither rivals the other.
    result = analyze("E1-S1", VERSION_ACS, py_cases(SET_METADATA, GO_FILE), file_list=[GO_FILE])
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC2", "AC3"]
    assert by_id(result)["AC2"].matches[0].evidence[0] == "setmetadata"


def test_an_identifier_several_acs_name_names_no_single_ac() -> None:
    shared = (VERSION_ACS[0], VERSION_ACS[1],
              ac("AC3", "a version", "SetMetadata is called twice", "the last metadata wins"))
    case_ = case("test_set_metadata", "    assert v.set_metadata('x')")
    assert analyze("E1-S1", shared, [case_], file_list=[FILE]).coverage_percent == 0.0



LOOK_ACS = (
    ac("AC1", "a full cache of size 2", "a key is read with `Peek`",
       "its value is returned and the key is not made recently used: adding a third key "
       "evicts it"),
    ac("AC2", "a full cache of size 2", "`Contains` is asked about a key",
       "it reports the key present without making it recently used: adding a third key "
       "evicts it"),
)
LOOK_TABLE = '''// Test that Peek and Contains don't update recent-ness
func TestLRU_NoRecentness(t *testing.T) {
\ttests := []struct {
\t\tname string
\t\tlook func(l *LRU, key interface{}) (interface{}, bool)
\t\twant interface{}
\t}{
\t\t{
\t\t\tname: "peek returns the value without updating recent-ness",
\t\t\tlook: func(l *LRU, key interface{}) (interface{}, bool) { return l.Peek(key) },
\t\t\twant: 1,
\t\t},
\t\t{
\t\t\tname: "contains reports the key without updating recent-ness",
\t\t\tlook: func(l *LRU, key interface{}) (interface{}, bool) { return nil, l.Contains(key) },
\t\t\twant: nil,
\t\t},
\t}
\tfor _, tc := range tests {
\t\tt.Run(tc.name, func(t *testing.T) {
\t\t\tl, _ := NewLRU(2, nil)
\t\t\tl.Add(1, 1)
\t\t\tl.Add(2, 2)
\t\t\tv, ok := tc.look(l, 1)
\t\t\tif !ok || v != tc.want {
\t\t\t\tt.Errorf("1 should be present with %v: %v, %v", tc.want, v, ok)
\t\t\t}
\t\t\tl.Add(3, 3)
\t\t\tif l.Contains(1) {
\t\t\t\tt.Errorf("should not have updated recent-ness of 1")
\t\t\t}
\t\t})
\t}
}
'''


def test_each_named_subtest_of_a_go_table_test_is_read_on_its_own() -> None:
    """golang-lru's Peek and Contains tests as one table, a row each run by `t.Run(tc.name,
    ...)`: read whole, the rows' names resemble both ACs, and the Contains AC alone was
    covered. Each row read by its own name and code (no other row's) covers its AC; without
    the peek row, the Peek AC has no test."""
    file = "simplelru/lru_test.go"
    result = analyze("E1-S3", LOOK_ACS, py_cases(LOOK_TABLE, file), file_list=[file])
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC1", "AC2"]
    start = LOOK_TABLE.index("\t\t{\n\t\t\tname: \"peek")
    without = LOOK_TABLE[:start] + LOOK_TABLE[LOOK_TABLE.index("\t\t{\n\t\t\tname: \"contains"):]
    result = analyze("E1-S3", LOOK_ACS, py_cases(without, file), file_list=[file])
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC2"]


ADDED_QUERY_ACS = (
    ac("AC1", "a URL that already has a query", "parameters are added with `withQuery`",
       "new parameters are appended after the existing ones (`/?test&foo=0`) and an existing "
       "parameter is replaced by its new value (`/?foo=2`)"),
    ac("AC2", "a parameter set to undefined", "it is added with `withQuery`",
       "the parameter is removed from the URL; a parameter set to null is kept as a bare key "
       "(`/?foo`)"),
    ac("AC3", "parameter values with spaces and reserved characters",
       "they are added with `withQuery`",
       "spaces are encoded as `+` (`/?email=some+email.com`) and an ampersand is "
       "percent-encoded (`%26`)"),
    ac("AC4", "a parameter whose value is a list", "it is added with `withQuery`",
       "the key is repeated once per value (`/?param=3&param=`)"),
    ac("AC5", "a parameter whose value is a nested object", "it is added with `withQuery`",
       "the object is written as encoded JSON"),
)
WITH_QUERY = '''import { describe, expect, test } from "vitest";
import { filterQuery, getQuery, withQuery } from "../src";

describe("withQuery", () => {
  const tests = [
    { input: "", query: {}, out: "" },
    { input: "/", query: {}, out: "/" },
    { input: "?test", query: {}, out: "?test" },
    { input: "/?test", query: {}, out: "/?test" },
    { input: "/?test", query: { foo: "0" }, out: "/?test&foo=0" },
    { input: "/?test", query: { foo: 0 }, out: "/?test&foo=0" },
    { input: "/?test", query: { foo: 1 }, out: "/?test&foo=1" },
    { input: "/?test", query: { test: undefined }, out: "/" },
    { input: "/?foo=1", query: { foo: 2 }, out: "/?foo=2" },
    {
      input: "/?foo=1",
      query: { foo: true, bar: false },
      out: "/?foo=true&bar=false",
    },
    { input: "/?foo=1", query: { foo: undefined }, out: "/" },
    { input: "/?foo=1", query: { foo: null }, out: "/?foo" },
    {
      input: "/",
      query: { email: "some email.com" },
      out: "/?email=some+email.com",
    },
    {
      input: "/",
      query: { "key with space": "spaced value" },
      out: "/?key+with+space=spaced+value",
    },
    {
      input: "/",
      query: { str: "&", str2: "%26" },
      out: "/?str=%26&str2=%2526",
    },
    { input: "/?x=1,2,3", query: { y: "1,2,3" }, out: "/?x=1,2,3&y=1,2,3" },
    { input: "http://a.com?v=1", query: { x: 2 }, out: "http://a.com?v=1&x=2" },
    {
      input: "/",
      query: { json: '{"test":["content"]}' },
      out: "/?json=%7B%22test%22:%5B%22content%22%5D%7D",
    },
    { input: "/", query: { param: ["3", ""] }, out: "/?param=3&param=" },
    { input: "/", query: { param: ["", "3"] }, out: "/?param=&param=3" },
    {
      input: "/",
      query: { param: { a: { nested: { object: 123 } } } },
      out: "/?param=%7B%22a%22:%7B%22nested%22:%7B%22object%22:123%7D%7D%7D",
    },
    {
      input: "/",
      query: { param: { a: [{ obj: 1 }, { obj: 2 }] } },
      out: "/?param=%7B%22a%22:%5B%7B%22obj%22:1%7D,%7B%22obj%22:2%7D%5D%7D", // {"a":[{"obj":1},{"obj":2}]}
    },
    {
      input: "/",
      query: { param: { a: [{ obj: [1, 2, 3] }] } },
      out: "/?param=%7B%22a%22:%5B%7B%22obj%22:%5B1,2,3%5D%7D%5D%7D", // {"a":[{"obj":[1,2,3]}]}
    },
    {
      input: "/",
      query: { a: "X", "b[]": [], c: "Y" },
      out: "/?a=X&c=Y",
    },
  ];

  for (const t of tests) {
    test(t.input.toString() + " with " + JSON.stringify(t.query), () => {
      expect(withQuery(t.input, t.query)).toBe(t.out);
    });
  }
});
'''


def test_each_row_of_a_js_test_named_at_run_time_from_its_table_is_read_on_its_own() -> None:
    """ufo's `withQuery` loop, each run named `t.input + " with " + JSON.stringify(t.query)`:
    the nested-object AC gives no value its table could assert, and read whole the test
    resembled it by its code's words alone. The runs named by the rows of nested objects
    (`{ param: { a: { nested: { object: 123 } } } }`) and of a JSON value say it: the test
    covers it, as every other AC by its literals. Without those rows it does not."""
    file = "test/query.test.ts"
    test_id = f"{file}::withQuery > {WITH_QUERY.split('test(')[1].split(', () =>')[0]}"
    result = analyze("E1-S2", ADDED_QUERY_ACS, py_cases(WITH_QUERY, file), file_list=[file])
    assert {c.ac_id: c.tests for c in result.per_ac if c.matched} == {
        f"AC{n}": (test_id,) for n in range(1, 6)}
    json = WITH_QUERY.index('    {\n      input: "/",\n      query: { json:')
    lists = WITH_QUERY.index('    { input: "/", query: { param: ["3", ""] }')
    nested = WITH_QUERY.index('    {\n      input: "/",\n      query: { param: { a: { nested')
    end = WITH_QUERY.index('    {\n      input: "/",\n      query: { a: "X"')
    unnamed = WITH_QUERY[:json] + WITH_QUERY[lists:nested] + WITH_QUERY[end:]
    assert "nested" not in unnamed and "json:" not in unnamed
    result = analyze("E1-S2", ADDED_QUERY_ACS, py_cases(unnamed, file), file_list=[file])
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC1", "AC2", "AC3", "AC4"]
    # the same table as `test.each(tests)("$input with $query", ...)`: its runs named alike
    loop = WITH_QUERY[WITH_QUERY.index("  for (const t of tests) {"):WITH_QUERY.index("});\n")]
    each = WITH_QUERY.replace(loop, """  test.each(tests)("$input with $query", ({ input, query, out }) => {
    expect(withQuery(input, query)).toBe(out);
  });
""")
    result = analyze("E1-S2", ADDED_QUERY_ACS, py_cases(each, file), file_list=[file])
    assert "AC5" in [c.ac_id for c in result.per_ac if c.matched]
    result = analyze("E1-S2", ADDED_QUERY_ACS, py_cases(each.replace(
        WITH_QUERY[json:lists], "").replace(WITH_QUERY[nested:end], ""), file), file_list=[file])
    assert "AC5" not in [c.ac_id for c in result.per_ac if c.matched]


GET_QUERY = """import { describe, expect, test } from "vitest";
import { getQuery } from "../src";

describe("getQuery", () => {
  const tests = {
    "http://foo.com/foo?test=123&unicode=%E5%A5%BD": {
      test: "123",
      unicode: "好",
    },
    "http://foo.com/?param=3&param=": { param: ["3", ""] },
    "http://foo.com/?toString=foo": { toString: "foo" },
  };

  for (const t in tests) {
    test(t, () => {
      expect(getQuery(t)).toMatchObject(tests[t]);
    });
  }
});
"""
URL_ACS = (
    ac("AC1", "a URL and query parameters", "the parameters are added",
       "they are appended (`/?test` with `foo: 0` becomes `/?test&foo=0`)"),
    ac("AC2", "a URL with a query string", "its query is read",
       "its values are decoded (`%E5%A5%BD` reads as `好`)"),
    ac("AC3", "segments", "they are joined",
       "`https://google.com/`, `./foo` and `/bar` give `https://google.com/foo/bar`"),
    ac("AC4", "a URL and a fragment", "the fragment is set on the URL",
       "it replaces the URL's fragment (`https://example.com#bar` with `foo` becomes "
       "`https://example.com#foo`)"),
    ac("AC5", "a URL with a query string", "the query is filtered",
       "only the parameters the predicate accepts remain (`/foo?bar=1` without `bar` becomes "
       "`/foo`)"),
)


def test_a_one_word_value_other_acs_values_hold_is_no_distinctive_literal() -> None:
    """ufo's `getQuery` table asserts `{ toString: "foo" }`: `foo`, the fragment a URL is
    given in the fragment AC, is a word of the values three other ACs write (`/?test&foo=0`,
    `./foo`, `/foo?bar=1`), as common in URL examples as in the tests. The test covered the
    fragment AC by it; it covers the query-reading AC only. Where fewer other ACs' values
    hold the word (a name two ACs happen to write), it is the fragment AC's own literal."""
    file = "test/query.test.ts"
    result = by_id(analyze("E1-S1", URL_ACS, py_cases(GET_QUERY, file), file_list=[file]))
    assert [a for a, c in result.items() if c.matched] == ["AC2"]
    weights = ac_coverage._literal_weights(URL_ACS)
    assert dict((lit.value, w) for lit, w in weights[3])["foo"] < 1.0
    fewer = ac_coverage._literal_weights(URL_ACS[:4])
    assert dict((lit.value, w) for lit, w in fewer[3])["foo"] == 1.5


NUMBER_ACS = (
    ac("AC1", "an integer", "ordinal is called",
       'it returns its ordinal: "1st", "2nd", "3rd", "11th", "101st"'),
    ac("AC2", "an integer", "apnumber is called", "it is spelled out"),
    ac("AC-EC1", "NaN or an infinite value", "a formatter is called",
       'it returns "NaN", "+Inf" or "-Inf" instead of failing'),
)
ORDINAL = '''@pytest.mark.parametrize(
    "value, expected",
    [("1", "1st"), ("2", "2nd"), ("3", "3rd"), ("11", "11th"), ("101", "101st"),
     (math.nan, "NaN"), (math.inf, "+Inf"), (-math.inf, "-Inf")],
)
def test_ordinal(value, expected):
    assert humanize.ordinal(value) == expected
'''


def test_a_test_asserting_every_literal_an_ac_promises_covers_it_beside_its_own_ac() -> None:
    # test_ordinal is AC1's; its table also asserts all AC-EC1 promises ("NaN" is a value,
    # not an exception: the AC says no error is raised)
    result = analyze("E1-S1", NUMBER_ACS, py_cases(ORDINAL), file_list=[FILE])
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC1", "AC-EC1"]
    partial = ORDINAL.replace('(-math.inf, "-Inf")', '(-math.inf, "-inf")')
    result = analyze("E1-S1", NUMBER_ACS, py_cases(partial), file_list=[FILE])
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC1"]


PALETTE_ACS = (
    ac("AC1", "a value that is not a list", "a palette is made from it",
       'making it fails with "colours is not a list"'),
    ac("AC2", "an empty list of colours", "a palette is made from it",
       'making it fails with "colours is empty"'),
    ac("AC3", "the colour 300", "a palette is made from it",
       'making it fails with "got 300 expected 0-255"'),
)
PALETTE_TESTS = """describe('Palette', () => {
  test.each([
    ['red', 'colours is not a list'],
    [[], 'colours is empty'],
    [[300], 'got 300 expected 0-255'],
  ])('rejects bad colours %p', (colours, message) => {
    expect(() => new Palette(colours)).toThrow(message);
  });
});
"""


def test_a_table_holding_each_acs_whole_promise_in_a_row_covers_each_of_them() -> None:
    """One `.each` row per AC, each holding the message its AC promises and compared with what
    the code throws: the rows are three cases, not three readings competing for the test."""
    file = "tests/palette.test.ts"
    result = by_id(analyze("E1-S1", PALETTE_ACS, ts_cases(PALETTE_TESTS, file),
                           file_list=[file]))
    test = f"{file}::Palette > rejects bad colours %p"
    assert [result[a].tests for a in ("AC1", "AC2", "AC3")] == [(test,)] * 3
    # without its row, an AC is no case of the table
    gone = PALETTE_TESTS.replace("    [[], 'colours is empty'],\n", "")
    result = by_id(analyze("E1-S1", PALETTE_ACS, ts_cases(gone, file), file_list=[file]))
    assert not result["AC2"].matched and result["AC1"].tests == (test,)


RUN_ACS = (
    ac("AC1", "an empty list of hours", "the hours are grouped with `groupRuns`",
       "the result is an empty list"),
    ac("AC2", "the hours 4, 6 and 8 after a single hour", "the hours are grouped",
       "they become one range from 4 to 8 with a step of 2"),
)
RUN_TESTS = """describe('Timetable', () => {
  describe('groupRuns', () => {
    test('empty input', () => {
      expect(Timetable.groupRuns([])).toEqual([]);
    });
  });

  describe('toJSON', () => {
    test('writes every field', () => {
      const expected = {
        hours: { range: false, step: 1, values: [4, 6, 8, 10] },
        days: { range: true, step: 1, values: [2, 3] },
        single: { hour: 5 },
      };
      const table = new Timetable(expected.hours.values, expected.days.values, 5);
      expect(table.toJSON()).toEqual(expected);
    });
  });
});
"""


def test_numbers_and_body_words_alone_are_no_strong_evidence() -> None:
    """A test of another method whose expected object happens to hold the numbers an AC writes
    (4, 8 and 2) and the words of its body ("range", "step", "single"), its name silent on the AC and
    nothing distinctive asserted, resembles the AC: it is no test of it."""
    file = "tests/Timetable.test.ts"
    result = by_id(analyze("E1-S1", RUN_ACS, ts_cases(RUN_TESTS, file), file_list=[file]))
    assert not result["AC2"].matched
    assert result["AC1"].tests == (f"{file}::Timetable > groupRuns > empty input",)


def ts_cases(source: str, file: str = "src/entities.test.ts") -> list[TestCase]:
    return split_tests(file, source)


ENTITY_CRITERIA = (
    ac("AC1", "a collection", "an entity is added", "it is stored under its id"),
    ac("AC2", "a collection", "an entity is removed", "it is gone from the id list"),
    ac("AC3", "the operations used on a draft", "one runs as a mutating helper",
       "it makes the same change"),
    ac("AC4", "a collection kept sorted by a comparer", "entities are added, removed, upserted or "
       "updated", "the id list follows the comparer's order"),
    ac("AC5", "selectors for the collection", "they are called", "they return the ids"),
    ac("AC6", "a batch of entities", "it is upserted", "known ones are merged"),
)


def test_alternatives_share_one_ac_among_the_words_it_lists() -> None:
    assert alternatives(ENTITY_CRITERIA[3]) == {
        "add": 0.25, "remov": 0.25, "upsert": 0.25, "upd": 0.25}
    assert alternatives(ENTITY_CRITERIA[0]) == {}
    two = ac("AC1", "a name or a title", "it is read", "it is trimmed")
    assert alternatives(two) == {}  # two alternatives are a choice, not a list


def test_a_word_an_ac_writes_only_inside_a_hyphenated_compound_is_one_of_its_parts() -> None:
    """"an immutable-update draft" names one thing, a kind of draft: "update" alone is half of
    it. A part the AC also writes on its own ("sort key") keeps its weight; a compound of
    code (`--max-length`) is an option, shared as options are."""
    draft = ac("AC7", "the adapter's operations used inside reducers",
               "one is run as a mutating helper on an immutable-update draft",
               "it makes the same change")
    assert alternatives(draft) == {"immut": 0.5, "upd": 0.5}
    sorted_ = ac("AC9", "a collection created with a sort comparer", "an id changes",
                 "the id list is re-sorted")
    assert "sort" not in alternatives(sorted_)
    assert alternatives(ac("AC1", "the `read-only` flag", "it is set", "nothing is written")) == {}


ENTITY_UPDATE_TESTS = """describe('Unsorted State Adapter', () => {
  it('should let you add one entity to the state', () => {
    const withOneEntity = adapter.addOne(state, TheGreatGatsby)
    expect(withOneEntity).toEqual({ ids: [TheGreatGatsby.id],
      entities: { [TheGreatGatsby.id]: TheGreatGatsby } })
  })
  it('should let you update an entity in the state', () => {
    const withOne = adapter.addOne(state, TheGreatGatsby)
    const changes = { title: 'A New Hope' }
    const withUpdates = adapter.updateOne(withOne, { id: TheGreatGatsby.id, changes })
    expect(withUpdates).toEqual({ ids: [TheGreatGatsby.id],
      entities: { [TheGreatGatsby.id]: { ...TheGreatGatsby, ...changes } } })
  })
  it('can be used mutably when wrapped in createNextState', () => {
    const result = createNextState(state, (draft) => { adapter.addOne(draft, TheGreatGatsby) })
    expect(result).toEqual({ ids: [TheGreatGatsby.id],
      entities: { [TheGreatGatsby.id]: TheGreatGatsby } })
  })
})
"""


def test_a_test_named_after_a_part_of_a_compound_is_not_that_compounds_test() -> None:
    """@reduxjs/toolkit's `should let you update an entity in the state` calls `updateOne` on a
    plain state: its "update" was the draft AC's only by "an immutable-update draft", which the
    mutable-use test (`createNextState`) keeps."""
    criteria = (
        ac("AC1", "an entity collection", "one entity is added",
           "it is stored under its id and its id joins the id list"),
        ac("AC3", "an entity in the collection", "a partial change is applied to it",
           "only the given fields are overwritten and the rest are kept"),
        ac("AC7", "the adapter's operations used inside reducers",
           "one is run as a mutating helper on an immutable-update draft",
           "it makes the same change as when called directly"),
    )
    file = "src/entities/tests/unsorted_state_adapter.test.ts"
    result = by_id(analyze("E1-S1", criteria, ts_cases(ENTITY_UPDATE_TESTS, file),
                           file_list=[file]))
    assert result["AC7"].tests == (
        f"{file}::Unsorted State Adapter > can be used mutably when wrapped in createNextState",)


SLICE_TESTS = """describe('createSlice', () => {
  describe('when passing slice', () => {
    const { actions } = createSlice({ reducers: { increment: (state) => state + 1 },
      initialState: 0, name: 'cool' })
    it('should create increment action', () => {
      expect(actions.hasOwnProperty('increment')).toBe(true)
    })
  })
  describe('when passing extra reducers', () => {
    it('should call extra reducers when their actions are dispatched', () => {
      const slice = createSlice({ name: 'user', initialState: {}, reducers: {},
        extraReducers: { [addMore.type]: (state, action) => { state.user = action.payload } } })
      expect(slice.reducer(undefined, addMore('x'))).toEqual({ user: 'x' })
    })
  })
})
"""


def test_words_joined_across_a_code_name_are_no_word_a_test_spells() -> None:
    """redux-toolkit's `should create increment action` had been the extra-reducers AC's test
    by "just as they would in `createReducer`": "in create" joined, stemmed as "increment"."""
    criteria = (
        ac("AC8", "`createSlice({ name, initialState, reducers })`", "the slice is created",
           "`slice.actions` holds one action creator per key of `reducers`, of type "
           "`<name>/<key>`"),
        ac("AC9", "`createSlice` with `extraReducers`",
           "the slice reducer receives actions defined outside the slice",
           "those reducers update the slice's state just as they would in `createReducer`"),
    )
    file = "src/tests/createSlice.test.ts"
    result = by_id(analyze("E1-S1", criteria, ts_cases(SLICE_TESTS, file), file_list=[file]))
    assert result["AC9"].tests == (f"{file}::createSlice > when passing extra reducers > "
                                   "should call extra reducers when their actions are dispatched",)


MUTATION_CRITERIA = (
    ac("AC2", "`onSuccess`, `onError` and `onSettled` passed to `useMutation`",
       "`mutate` is called several times in a row",
       "each callback runs once for every call and receives that call's own result: "
       "`onSuccess` its data, `onError` its error, and `onSettled` the data or the error"),
    ac("AC3", "callbacks passed to a single `mutate` or `mutateAsync` call in addition to those "
       "passed to `useMutation`", "the mutation settles",
       "the hook's callbacks run first, the call's own callbacks after them, and the promise "
       "from `mutateAsync` resolves with the data or rejects with the error only after both"),
    ac("AC4", "a callback passed to `useMutation` that itself throws or rejects",
       "the mutation settles", "the hook ends in the error state: a failing `onSuccess` turns "
       "the mutation into a failure and `onError` receives the callback's error, while a "
       "failing `onError` or `onSettled` leaves the error thrown by the mutation function"),
    ac("AC5", "a mutation configured with a number of retries and a retry delay",
       "its mutation function fails", "it is called again after the delay until it succeeds "
       "or the retries are used up, and only then does the mutation end in error; while it is "
       "retrying the hook stays loading and reports the failure count"),
)
MUTATION_TESTS = """describe('useMutation', () => {
  it('should be able to call `onError` and `onSettled` after each failed mutate', async () => {
    const onErrorMock = jest.fn()
    const onSettledMock = jest.fn()
    const { mutate } = useMutation(() => Promise.reject(new Error('oops')), {
      onError: (error) => { onErrorMock(error.message) },
      onSettled: (_data, error) => { onSettledMock(error?.message) },
    })
    mutate(); mutate(); mutate()
    await waitFor(() => { expect(onErrorMock).toHaveBeenCalledTimes(3) })
    await waitFor(() => { expect(onSettledMock).toHaveBeenCalledTimes(3) })
  })
})
"""


def test_a_test_writing_code_names_some_acs_name_is_none_of_the_others() -> None:
    """react-query's `should be able to call `onError` and `onSettled` after each failed
    mutate` names the hook's callbacks, which the callbacks AC names: the per-call callbacks
    AC ("after them") and the retry AC ("fails", "after the delay") name neither, and took it
    by its words."""
    file = "src/__tests__/useMutation.test.tsx"
    result = by_id(analyze("E1-S1", MUTATION_CRITERIA, ts_cases(MUTATION_TESTS, file),
                           file_list=[file]))
    assert not result["AC3"].matched and not result["AC5"].matched


def test_other_code_puts_aside_the_acs_naming_none_of_a_sentences_code_names() -> None:
    identifiers = [{"onerror": 1.0, "onsettled": 1.0}, {"mutateasync": 2.0}, {}, {}]
    assert _of_other_code("should call `onError` after each failed mutate", identifiers) == {
        1, 2, 3}
    assert _of_other_code("should call onSettled", identifiers) == {1, 2, 3}  # camelCase too
    assert _of_other_code("should retry a failed mutation", identifiers) == frozenset()
    # a name most ACs name is the story's subject: it puts none aside
    assert _of_other_code("calls `mutate`", [{"mutate": 1.0}] * 3 + [{}]) == frozenset()


def test_an_ac_listing_command_line_options_shares_it_among_them() -> None:
    cli = ac("AC2", "the command line tool",
             "it is run with options such as --max-length, --separator FROM->TO or the --stopwords",
             "they become the matching settings")
    shares = alternatives(cli)
    assert shares["maximum"] == shares["length"] == shares["separ"] == shares["stopword"] == 1 / 3
    assert "tool" not in shares
    two = ac("AC3", "the tool", "it is run with --max-length or --separator", "it works")
    assert alternatives(two) == {}  # two options are a choice, not a list


def test_a_command_line_ac_naming_an_option_does_not_take_its_test() -> None:
    criteria = (
        ac("AC1", "a maximum length", "text is slugified", "the slug is cut to that length"),
        ac("AC2", "the command line tool",
           "it is run with options such as --max-length, --separator, --stopwords or --regex",
           "the options become the matching slugify settings"),
    )
    source = ("def test_max_length():\n    txt = 'jaja---lol-méméméoo--a'\n"
              "    r = slugify(txt, max_length=9)\n    assert r == 'jaja-lol'\n")
    result = analyze("E1-S1", criteria, split_tests("tests/test_slug.py", source),
                     file_list=["tests/test_slug.py"])
    assert [a.ac_id for a in result.per_ac if a.matched] == ["AC1"]


def test_an_ac_listing_an_operation_among_others_does_not_take_its_test() -> None:
    # AC4 holds for any of four operations: "add" says little about it, much about AC1
    source = "it('should add one entity to the collection', () => {\n  expect(x).toBe(1)\n})\n"
    result = analyze("E1-S1", ENTITY_CRITERIA, ts_cases(source),
                     file_list=["src/entities.test.ts"])
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC1"]


def test_a_describe_group_and_its_test_each_say_what_they_verify() -> None:
    # The group says "mutably, on a draft" (AC3); each test in it says which operation
    plain = "".join(f"  it('{name}', () => {{\n    expect(run(s)).toBe(1)\n  }})\n" for name in (
        "keeps the comparer's order", "should upsert a batch", "selectors return the ids",
        "should merge known entities"))
    source = (
        "describe('Adapter', () => {\n" + plain +
        "  describe('can be used mutably when wrapped in a draft', () => {\n"
        "    it('addOne', () => {\n      expect(add(draft)).toBe(1)\n    })\n"
        "    it('removeOne', () => {\n      expect(remove(draft)).toBe(1)\n    })\n"
        "  })\n"
        "})\n")
    result = analyze("E1-S1", ENTITY_CRITERIA, ts_cases(source),
                     file_list=["src/entities.test.ts"])
    grouped = {c.ac_id: sorted(t.split(" > ")[-1] for t in c.tests if "mutably" in t)
               for c in result.per_ac}
    assert grouped == {"AC1": ["addOne"], "AC2": ["removeOne"], "AC3": ["addOne", "removeOne"],
                       "AC4": [], "AC5": [], "AC6": []}


def test_a_code_name_inside_a_tests_sentence_weighs_as_one_word() -> None:
    # "wrapped in createNextState": create, next and state name one function, not three
    # words the draft AC leaves unexplained (its share of the group's name stays enough)
    source = (
        "describe('Adapter', () => {\n"
        "  describe('can be used mutably when wrapped in createNextState', () => {\n"
        "    it('removeOne', () => {\n      expect(remove(draft)).toBe(1)\n    })\n"
        "  })\n"
        "})\n")
    criteria = (
        ac("AC1", "a collection", "an entity is added", "it is stored in the state by id"),
        ac("AC2", "a collection", "an entity is removed", "it is gone from the state"),
        ac("AC3", "the operations used on a draft state", "one runs as a mutating helper",
           "it makes the same change"),
        ac("AC4", "selectors for the collection", "they are called", "they return the ids"),
    )
    result = analyze("E1-S1", criteria, ts_cases(source), file_list=["src/entities.test.ts"])
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC2", "AC3"]


def test_a_tests_name_that_is_one_identifier_keeps_its_parts_as_words() -> None:
    assert _compounds("test_create_next_state", set()) == ()
    assert _compounds("TestCreateNextState", set()) == ()
    assert _compounds("Adapter > wrapped in createNextState > setAll",
                      set()) == (frozenset({"cre", "next", "stat"}),)


def test_a_verb_as_the_test_spells_it_meets_the_acs_passive_form() -> None:
    # "creating accounts" ~ "the account is created": an inflection, not another word (a
    # plural alone, "accounts" ~ "account", is not enough: see the test above)
    words_only = analyze("E1-S1", CRITERIA[:2], [case("test_creating_accounts")],
                         file_list=[FILE])
    assert by_id(words_only)["AC1"].tests == (f"{FILE}::test_creating_accounts",)


@pytest.mark.parametrize("assertion", ["self.assertEqual(compare(a, b), 0)",
                                       "expect(compare(a, b)).toEqual(0)"])
def test_the_assertion_librarys_names_are_no_body_words(assertion: str) -> None:
    criteria = (
        ac("AC1", "two values", "they are compared", "equal values compare equal"),
        ac("AC2", "a list", "it is sorted", "the order is kept"),
    )
    weak = case("test_compares_values", f"    {assertion}")
    result = analyze("E1-S1", criteria, [weak], file_list=[FILE])
    (match,) = by_id(result)["AC1"].matches
    assert "compare" in match.evidence and "equal" not in match.evidence


def test_a_test_expecting_the_error_an_ac_names_verifies_that_failure_not_the_success() -> None:
    # It resembles AC1 (parsing a specifier's parts) as much as AC2, but what it checks is
    # AC2's InvalidRequirement: the success AC, which describes no failure, is not its
    criteria = (
        ac("AC1", "a dependency specifier with a name and a url", "it is parsed as a requirement",
           "its name and url are available and the parts left out are empty"),
        ac("AC2", "a malformed dependency specifier", "it is parsed as a requirement",
           "an InvalidRequirement error is raised"),
        ac("AC3", "a parsed requirement", "it is printed", "str gives the text back"),
    )
    source = ("def test_error_when_empty_name_and_url():\n"
              "    with pytest.raises(InvalidRequirement):\n"
              "        Requirement(name='', url='')\n")
    result = review(criteria, source)
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC2"]


MS_ACS = (
    ac("AC1", "a string holding a number and a unit", "`parse` is called",
       "it returns the duration in milliseconds"),
    ac("AC2", "a string that holds no duration", "`parse` is called", "it returns NaN"),
    ac("AC3", "an empty string or a non-string", "`parse` is called", "it throws an Error"),
    ac("AC4", "units in any case", "`parse` is called",
       "they are read alike and nothing throws"),
)
MS_FILE = "src/parse.test.ts"


def _ms(source: str) -> dict[str, AcCoverage]:
    return by_id(analyze("E1-S1", MS_ACS, split_tests(MS_FILE, source), file_list=[MS_FILE]))


def test_a_test_whose_every_check_expects_a_throw_covers_no_ac_promising_a_value() -> None:
    """ms: `should throw an error, when parse(NaN)` resembles "it returns NaN" by its words,
    but expects only a throw: it checks AC3's failure, not AC2's value."""
    throws = _ms('''describe("parse(invalid inputs)", () => {
  it("should throw an error, when parse(NaN)", () => {
    expect(() => parse(NaN)).toThrow();
  });
});
''')
    assert "NaN" not in " ".join(throws["AC2"].tests)
    mixed = _ms('''it("returns NaN for a string with no duration, throws for NaN", () => {
  expect(parse("foo")).toBeNaN();
  expect(() => parse(NaN)).toThrow();
});
''')
    assert mixed["AC2"].tests  # a check of the value beside the throw: still AC2's


def test_a_test_checking_nothing_is_thrown_contradicts_an_ac_promising_a_throw() -> None:
    """ms: with the real throw tests gone, `should not throw an error` covered "it throws an
    Error"; it agrees with an AC saying nothing throws."""
    source = '''describe("parse(invalid inputs)", () => {
  it("should not throw an error for an empty string or a non-string", () => {
    expect(() => parse("")).not.toThrow();
  });
});
'''
    assert not _ms(source)["AC3"].tests
    assert not _ms(source.replace("toThrow", "toThrowError"))["AC3"].tests
    agreed = _ms('''it("units in any case are read alike", () => {
  expect(() => parse("53 YeArS")).not.toThrow();
});
''')
    assert [m.evidence[-1] for m in agreed["AC4"].matches] == ["nothing thrown"]

def test_a_test_named_for_another_acs_option_setting_matches_an_ac_without_it_only_by_value(
        ) -> None:
    """vercel/ms: `format(number, { long: true }) > should support milliseconds` resembled
    the short form's AC1 by "format", "milliseconds" and its numbers; its name sets AC2's
    `long: true`, which AC1 never writes: AC1 needs a value of its own asserted."""
    file = "src/format.test.ts"
    criteria = (
        ac("AC1", "a number of milliseconds", "`format` is called",
           "it returns the short form with a unit (`format(60000)` returns `1m`, "
           "`format(-500)` returns `-500ms`)"),
        ac("AC2", "the option `long: true`", "`format` is called",
           "the unit is written out (`format(60000, { long: true })` returns `1 minute`)"),
    )
    long_form = ('describe("format(number, { long: true })", () => {\n'
                 '  it("should support milliseconds", () => {\n'
                 "    expect(format(500, { long: true })).toBe('500 ms');\n"
                 "    expect(format(-500, { long: true })).toBe('-500 ms');\n  });\n});\n")

    def covering(source: str) -> dict[str, tuple[str, ...]]:
        return {c.ac_id: c.tests for c in analyze(
            "E1-S2", criteria, split_tests(file, source), file_list=[file]).per_ac}

    assert covering(long_form)["AC1"] == ()
    # the same test's short form does match AC1
    short = long_form.replace(", { long: true }", "").replace("500 ms", "500ms")
    assert covering(short)["AC1"] == (f"{file}::format(number) > should support milliseconds",)
    # and a long-form test asserting AC1's own value still covers it
    asserted = long_form.replace("'-500 ms'", "'-500ms'")
    assert covering(asserted)["AC1"] == (
        f"{file}::format(number, {{ long: true }}) > should support milliseconds",)


ISODATE_ACS = (
    ac("AC1", "the duration string `P3Y6M4DT12H30M5S`", "`parse_duration` is called",
       "it returns a `Duration` of 3 years and 6 months "
       "(`Duration(4, 5, 0, 0, 30, 12, 0, 6, 3)`)"),
    ac("AC2", "a duration without years or months such as `P23DT23H`",
       "`parse_duration` is called", "it returns a plain `timedelta(hours=23, days=23)`"),
    ac("AC3", "a negative week duration `-P2W`", "`parse_duration` is called",
       "it returns `timedelta(weeks=-2)`"),
)
ISODATE_TABLE = (
    'PARSE_TEST_CASES = (\n'
    '    ("P3Y6M4DT12H30M5S", Duration(4, 5, 0, 0, 30, 12, 0, 6, 3), D_DEFAULT, None),\n'
    '    ("P23DT23H", timedelta(hours=23, days=23), D_DEFAULT, None),\n'
    '    ("-P2W", timedelta(weeks=-2), D_WEEK, None),\n)\n\n\n'
    '@pytest.mark.parametrize("durationstring, expectation, format, altstr", '
    'PARSE_TEST_CASES)\n'
    'def test_parse(durationstring, expectation, format, altstr):\n'
    '    """Parse an ISO duration string and compare it to the expected value."""\n'
    '    assert parse_duration(durationstring) == expectation\n')


def test_a_table_row_holding_an_acs_input_and_its_promised_value_covers_it() -> None:
    """isodate: one parametrized test's rows are three ACs' own cases, each an input beside
    the value its AC promises for it: the test covers all three."""
    covered = by_id(review(ISODATE_ACS, ISODATE_TABLE))
    assert [covered[i].tests for i in ("AC1", "AC2", "AC3")] == [(f"{FILE}::test_parse",)] * 3
    match = covered["AC2"].matches[0]
    assert "P23DT23H -> timedelta(hours=23, days=23)" in match.evidence


def test_a_table_row_giving_an_acs_input_another_value_denies_the_ac() -> None:
    """isodate 42: AC1's row made to expect the years and months swapped (the code broken
    alike): the test states what AC1 denies, counts for it by no other evidence, and is the
    first test the uncovered AC names, with why."""
    swapped = ISODATE_TABLE.replace("12, 0, 6, 3)", "12, 0, 3, 6)")
    covered = by_id(review(ISODATE_ACS, swapped))
    assert covered["AC1"].tests == () and covered["AC3"].tests == (f"{FILE}::test_parse",)
    first = covered["AC1"].candidates[0]
    assert (first.test, first.how, first.score, first.why) == (
        f"{FILE}::test_parse", ("literal",), 0.0,
        "its table gives `P3Y6M4DT12H30M5S` another value than `Duration(4, 5, 0, 0, 30, 12, "
        "0, 6, 3)`: (\"P3Y6M4DT12H30M5S\", Duration(4, 5, 0, 0, 30, 12, 0, 3, 6), ..., ...)")
    # (`...`: the columns test_parse never reads, `format` and `altstr`)


def test_a_shared_table_gives_its_acs_inputs_only_to_the_tests_checking_its_values() -> None:
    """isodate 37: test_add, test_sub and test_ge share MATH_TEST_CASES; only test_add reads
    its `resadd` column, the sum AC2 promises. With test_add deleted, test_sub still covered
    AC2: its rows quote AC2's durations (which it subtracts)."""
    criteria = (
        ac("AC1", "a duration string", "`parse_duration` is called", "it returns a Duration"),
        ac("AC2", "the durations `PT28M12.73S` and `PT56M29.92S` read with `parse_duration`",
           "they are added", "the sum equals the parsed duration `PT1H24M42.65S`"),
    )
    table = ('MATH_TEST_CASES = (\n    ("PT28M12.73S", "PT56M29.92S", "PT1H24M42.65S", '
             '"-PT28M17.19S"),\n)\n\n\n')
    test = ('@pytest.mark.parametrize("dur1, dur2, resadd, ressub", MATH_TEST_CASES)\n'
            'def test_{0}(dur1, dur2, resadd, ressub):\n'
            '    dur1 = parse_duration(dur1)\n    dur2 = parse_duration(dur2)\n'
            '    assert dur1 {1} dur2 == parse_duration({2})\n\n\n')
    sub = test.format("sub", "-", "ressub")
    assert by_id(review(criteria, table + sub))["AC2"].tests == ()
    add = test.format("add", "+", "resadd")
    assert by_id(review(criteria, table + add + sub))["AC2"].tests == (f"{FILE}::test_add",)


def test_an_ac_no_test_matches_lists_its_nearest_tests_which_do_not_count() -> None:
    # "str and repr" resembles both text ACs equally: it matches neither, and each lists it
    criteria = (
        ac("AC1", "a requirement string", "it is parsed", "its name is available"),
        ac("AC2", "a parsed requirement", "it is turned into text",
           "str gives it back and repr shows <Requirement>"),
        ac("AC3", "a marker", "it is turned into text",
           "str uses double quotes and repr shows <Marker>"),
    )
    source = ("def test_parses_name():\n    assert Requirement('a').name == 'a'\n\n"
              "def test_str_and_repr():\n    assert str(x) == 'a'\n\n"
              "def test_text():\n    assert x\n\n"
              "def test_parsed_text():\n    assert x\n")
    result = review(criteria, source)
    coverage = by_id(result)
    assert coverage["AC1"].tests == (f"{FILE}::test_parses_name",)
    assert coverage["AC1"].candidates == ()  # matched: nothing to point at
    for ac_id in ("AC2", "AC3"):
        assert not coverage[ac_id].matched and coverage[ac_id].tests == ()
        nearest = [m.test for m in coverage[ac_id].candidates]
        assert f"{FILE}::test_str_and_repr" in nearest
        assert f"{FILE}::test_parses_name" not in nearest  # what it asserts is AC1's
        scores = [m.score for m in coverage[ac_id].candidates]
        assert scores == sorted(scores, reverse=True)
    # each says why it does not count: its name says it checks the text printed, which
    # both ACs speak of ("str gives it back"), so it resembles each as much as the other
    assert [m.why for m in coverage["AC2"].candidates if m.test.endswith("str_and_repr")] == \
        ["it resembles AC3 as much, so it counts for neither"]
    assert [m.why for m in coverage["AC3"].candidates if m.test.endswith("str_and_repr")] == \
        ["it resembles AC2 as much, so it counts for neither"]
    assert result.coverage_percent == pytest.approx(33.3)


def test_a_nearest_test_says_why_it_does_not_count() -> None:
    """Counted for another AC its words fit better, or too little evidence (the figure and the
    bar it missed): what a reviewer needs to rename it or write the missing test."""
    criteria = (
        ac("AC1", "a valid email", "the user signs up",
           "the account is created and a welcome email is sent"),
        ac("AC2", "an invalid email", "the user signs up", "a 422 error is returned"),
        ac("AC3", "a banned domain", "the user signs up", "a 403 is returned"),
    )
    source = ("def test_invalid_email_is_rejected_and_no_account_created():\n"
              "    assert signup('x').status == 422\n\n"
              "def test_welcome():\n    assert x\n\n"
              "def test_domain():\n    assert x\n")
    coverage = by_id(review(criteria, source))
    assert [(m.test.split("::")[1], m.why) for m in coverage["AC1"].candidates] == [
        ("test_invalid_email_is_rejected_and_no_account_created",
         "it counts for AC2, which its words fit better"),
        ("test_welcome", "too little of the AC in it (evidence 1.4, a match needs 1.6)")]
    assert [(m.test.split("::")[1], m.why) for m in coverage["AC3"].candidates] == [
        ("test_domain", "too little of the AC in it (evidence 1.4, a match needs 1.6)")]


def test_a_nearest_test_counted_elsewhere_says_whether_its_words_fit_there_better() -> None:
    """bitmath's `test_kib_power`, nearest AC8 at 6.27 and counted for AC7 at 5.25, had read
    "it counts for AC7, which its words fit better": said so only where its evidence for an
    AC it counts for is as much as for this one; else the two figures."""
    criteria = (ac("AC7", "a size", "it is shown", "its text is `1.0 KiB`"),
                ac("AC8", "a size", "its unit is asked for", "the unit is `KiB`"))
    counted = {0: ac_coverage._Score(total=5.25)}
    assert ac_coverage._counts_for(criteria, counted, ac_coverage._Score(total=6.27)) == (
        "it counts for AC7, though its evidence for this AC is more (6.27 against 5.25)")
    assert ac_coverage._counts_for(criteria, counted, ac_coverage._Score(total=5.25)) == (
        "it counts for AC7, which its words fit better")



def test_an_ac_no_test_resembles_points_at_the_tests_calling_what_it_names() -> None:
    # tinydb's CachingMiddleware: every test is test_caching_*, every AC speaks of the cache;
    # no word tells them apart, but a test calling `flush()` is where its AC's test would be.
    criteria = (
        ac("AC1", "a `CachingMiddleware` over a storage", "fewer writes than its size are made",
           "nothing is flushed to the storage manually or otherwise"),
        ac("AC2", "unflushed writes in a `CachingMiddleware`", "`flush()` is called",
           "the cache reaches the storage"),
        ac("AC3", "a `CachingMiddleware` with writes cached", "the database is closed",
           "the cache is flushed and the storage closed"),
    )
    source = ("def test_caching_write_many(storage):\n    storage.write(doc)\n"
              "    assert storage.memory is None\n\n"
              "def test_caching_flush_manually(storage):\n    storage.write(doc)\n"
              "    storage.flush()\n    assert storage.memory\n\n"
              "def test_caching_read():\n    db = TinyDB(storage=CachingMiddleware(S))\n"
              "    assert db.all() == []\n")
    coverage = by_id(review(criteria, source))
    assert not coverage["AC2"].matched
    [nearest] = coverage["AC2"].candidates
    assert (nearest.test, nearest.how, nearest.evidence, nearest.why) == (
        f"{FILE}::test_caching_flush_manually", ("calls",), ("flush",),
        "only its code calls what the AC names; its words say nothing of the AC")
    # What most ACs name (the module under test) points nowhere.
    assert all(m.evidence != ("cachingmiddleware",) for m in coverage["AC3"].candidates)


def test_a_test_ruled_out_for_an_ac_is_not_near_it() -> None:
    # AC1 promises a ValueError; a test that expects none is not where AC1's test is
    criteria = (
        ac("AC1", "a negative width", "the table is rendered", "a ValueError is raised"),
        ac("AC2", "a width", "the table is rendered", "cells wrap"),
    )
    source = "def test_negative_width_table():\n    assert render(-1) == ''\n"
    result = review(criteria, source)
    assert by_id(result)["AC1"].candidates == ()


WHOLE_NAME = (
    ac("AC1", "a .env file", "`set_key` writes a key and a value",
       "the key is stored in the file with its value"),
    ac("AC2", "a .env file path defining a key that is not yet set", "the file is loaded",
       "the key is set with its value and the call returns True"),
    ac("AC3", "a .env file", "`get_key` reads a key", "its value is returned"),
)
WHOLE_NAME_TESTS = '''
def test_set_key(dotenv_path):
    dotenv_path.write_text("")
    result = set_key(dotenv_path, "a", "b")
    assert result == (True, "a", "b")
    assert dotenv_path.read_text() == "a='b'\\n"
'''


def test_a_test_named_wholly_after_one_acs_identifier_says_nothing_of_its_words_elsewhere(
) -> None:
    # `test_set_key` is AC1's `set_key`: that AC2 says a variable "is set" is no second reading
    # of its name; only an assertion of AC2's could make it AC2's test too.
    result = by_id(review(WHOLE_NAME, WHOLE_NAME_TESTS))
    assert result["AC1"].tests == (f"{FILE}::test_set_key",)
    assert not result["AC2"].matched
    # With no AC naming `set_key`, the same words make it AC2's test.
    plain = (WHOLE_NAME[1], WHOLE_NAME[2])
    assert by_id(review(plain, WHOLE_NAME_TESTS))["AC2"].tests == (f"{FILE}::test_set_key",)


OTHER_UNIT = (
    ac("AC1", "a .env file", "`load_dotenv` is called",
       "each variable it defines is set in the environment"),
    ac("AC2", "a search that starts in the current directory", "`find_dotenv` looks for the file",
       "it returns the path of the first file found in that directory or a parent"),
    ac("AC3", "a .env file", "`dotenv_values` reads it", "a dictionary of its values is returned"),
    ac("AC4", "a .env file", "`set_key` writes a key", "the value is stored quoted"),
    ac("AC5", "a .env file", "`get_key` reads a key", "its value is returned"),
    ac("AC6", "a .env file", "`unset_key` removes a key", "its line is gone"),
)
OTHER_UNIT_TESTS = '''
def test_load_dotenv_in_current_dir(tmp_path):
    (tmp_path / ".env").write_text("a=b")
    os.chdir(tmp_path)
    dotenv.load_dotenv()
    assert os.environ["a"] == "b"


def test_find_dotenv_found(tmp_path):
    path = tmp_path / ".env"
    path.write_text("")
    assert dotenv.find_dotenv(usecwd=True) == str(path)
'''


def test_a_test_named_after_one_unit_is_no_test_of_an_ac_of_another() -> None:
    # `test_load_dotenv_in_current_dir` runs `load_dotenv`: that AC2, about `find_dotenv`,
    # speaks of the current directory too (strong evidence, next to AC1's) makes it no test of
    # `find_dotenv`
    result = by_id(review(OTHER_UNIT, OTHER_UNIT_TESTS))
    assert result["AC1"].tests == (f"{FILE}::test_load_dotenv_in_current_dir",)
    assert result["AC2"].tests == (f"{FILE}::test_find_dotenv_found",)


UNIT_ASPECTS = (
    ac("AC1", "a function wrapped with `curry`", "it is called with only some of its arguments",
       "a function waiting for the rest is returned"),
    ac("AC2", "a curried function", "it is inspected",
       "it reports the wrapped function's name, docstring and module"),
    ac("AC3", "a function wrapped with `memoize`", "it is called again with the same arguments",
       "the stored result is returned"),
    ac("AC4", "a dictionary and a function", "`valmap` is applied",
       "a new dictionary of the mapped values is returned"),
    ac("AC5", "several functions", "they are chained with `compose`",
       "the value flows through each function in turn"),
)
UNIT_ASPECTS_TESTS = '''
def test_curry_docstring():
    def foo(a, b):
        """Add two numbers."""
        return a + b
    f = curry(foo)
    assert f.__doc__ == foo.__doc__


def test_curry_simple():
    add = curry(lambda a, b: a + b)
    assert add(1)(2) == 3
'''


def test_the_rest_of_a_name_after_its_unit_is_another_acs_side_of_that_unit() -> None:
    # `test_curry_docstring` starts with AC1's `curry`, but its docstring is AC2's, whose
    # curried function is the same unit: the test is AC2's, and AC1's only by its first word
    result = by_id(review(UNIT_ASPECTS, UNIT_ASPECTS_TESTS))
    assert result["AC1"].tests == (f"{FILE}::test_curry_simple",)
    assert result["AC2"].tests == (f"{FILE}::test_curry_docstring",)


SHARED_ASSERTION = (
    ac("AC1", "a Predicate validator naming a method of the value", "a value is validated",
       'it is returned when the method gives a truthy result and otherwise rejected with a '
       'ValidationError ("Invalid input.")'),
    ac("AC2", "a NoneOf validator with forbidden values", "a value is validated",
       'a value not among them is returned and one among them is rejected with a '
       'ValidationError ("Invalid input.")'),
)
SHARED_ASSERTION_TESTS = '''
def test_noneof():
    none_of = validate.NoneOf([1, 2])
    assert none_of(3) == 3
    with pytest.raises(ValidationError) as excinfo:
        none_of(1)
    assert excinfo.value.args[0] == "Invalid input."
'''


def test_beside_the_ac_a_test_is_named_wholly_after_only_an_assertion_of_its_own_agrees(
) -> None:
    # `test_noneof` is AC2's `NoneOf`; the message and the exception it checks are AC1's too,
    # so they are no assertion of AC1's own: it is no weak match of AC1's.
    result = by_id(review(SHARED_ASSERTION, SHARED_ASSERTION_TESTS))
    assert result["AC2"].tests == (f"{FILE}::test_noneof",)
    assert not result["AC1"].matched
    # An assertion AC2 does not share still makes it AC1's test too.
    own = (ac("AC1", "a Predicate validator naming a method of the value", "a value is validated",
              'a falsy result is rejected with a ValidationError ("Invalid input.") and a '
              'missing method with "Not callable."'), SHARED_ASSERTION[1])
    source = SHARED_ASSERTION_TESTS + '    assert str(excinfo.value) == "Not callable."\n'
    assert by_id(review(own, source))["AC1"].tests == (f"{FILE}::test_noneof",)


ON_ITS_OWN = (
    ac("AC1", "a schedule spec", "it is parsed",
       'its fields read "0 30 * * * *", "0 0 12 * * *", "0 15 10 * * 1-5" and "0 0 0 1 * *"'),
    ac("AC2", "a schedule", "the next activation after a time is computed",
       "it falls on the following matching minute across leap years"),
    ac("AC3", "a schedule in a time zone", "the next activation after a time is computed",
       "daylight saving transitions are skipped or repeated as the clock does"),
)
ON_ITS_OWN_TESTS = '''
def test_next_over_leap_years_and_daylight_saving():
    for spec, when, expected in [
        ("0 30 * * * *", "2012-02-28", "2012-02-29"),
        ("0 0 12 * * *", "2012-03-11", "2012-03-11"),
        ("0 15 10 * * 1-5", "2012-11-04", "2012-11-05"),
        ("0 0 0 1 * *", "2012-12-31", "2013-01-01"),
    ]:
        assert fields(spec) == spec
        assert next_after(spec, when) == expected
'''


def test_an_ac_matched_by_assertions_alone_sets_no_bar_for_those_the_name_speaks_of() -> None:
    # The table asserts AC1's four specs (far the most evidence) though the name is silent on
    # AC1; the name speaks of AC2 (leap years) and AC3 (daylight saving) alike: all three.
    result = by_id(review(ON_ITS_OWN, ON_ITS_OWN_TESTS))
    test = f"{FILE}::test_next_over_leap_years_and_daylight_saving"
    assert [result[a].tests for a in ("AC1", "AC2", "AC3")] == [(test,)] * 3


@pytest.mark.parametrize(("file", "parts"), [
    ("version_test.go", ["version"]), ("tests/test_version.py", ["version"]),
    ("src/tests/queryCache.test.tsx", ["query", "cache"]), ("VersionTest.java", ["version"]),
    ("tests.py", []), ("src/a.spec.ts", ["a"]),
])
def test_the_unit_a_test_file_is_named_after(file: str, parts: list[str]) -> None:
    assert file_unit_parts(file) == parts


def test_a_name_that_starts_with_its_files_unit_names_what_follows() -> None:
    assert subject_prefixes("TestVersionMetadata", "version_test.go") == (
        "versionmetadata", "metadata", "version")
    assert subject_prefixes("TestVersionMetadata", "constraint_test.go") == (
        "versionmetadata", "version")
    # ... its unit in the plural too (`Constraints` in constraint_test.go)
    assert subject_prefixes("TestConstraintsString", "constraint_test.go")[:2] == (
        "constraintsstring", "string")


@pytest.mark.parametrize(("name", "subjects"), [
    # ufo's joinURL table under a group renamed "joining URL segments": the title made at run
    # time, `joinURL(${...}) === ${...}`, calls the unit it checks
    ("joining URL segments > joinURL( ) ===  ", ("joinurl",)),
    ('format > parse("1h") returns 3600000', ("parse",)),
    ("parse > returns (nothing) for an empty string", ()),  # a word before a bracket
    ("parse > returns 1", ()),
])
def test_a_sentence_that_starts_with_a_call_names_the_unit_it_calls(
        name: str, subjects: tuple[str, ...]) -> None:
    assert subject_prefixes(name, "test/join.test.ts") == subjects


ACCESSORS = (
    ac("AC1", "a version with a prerelease", "`Prerelease` is read",
       "the text after the hyphen is returned"),
    ac("AC2", "a version with build metadata", "`Metadata` is read",
       "the text after the plus is returned"),
    ac("AC3", "two versions, one with metadata", "they are compared",
       "the metadata is ignored"),
)
ACCESSOR_TESTS = """package version

func TestVersionMetadata(t *testing.T) {
	v, _ := NewVersion("1.2.3+build")
	if v.Metadata() != "build" {
		t.Fatalf("metadata: %s", v.Metadata())
	}
}
"""


def test_a_go_test_named_after_its_files_type_and_a_method_is_that_methods_test() -> None:
    # `TestVersionMetadata` in version_test.go is the test of `Metadata` (AC2), though three
    # ACs say "metadata": the file's unit, Version, leads its name.
    cases = split_tests("version_test.go", ACCESSOR_TESTS)
    result = by_id(analyze("E1-S1", ACCESSORS, cases, file_list=["version_test.go"]))
    assert result["AC2"].tests == ("version_test.go::TestVersionMetadata",)
    assert not result["AC1"].matched and not result["AC3"].matched
    # In a file named for another unit, the name says "version metadata", no AC's alone, but
    # the code calls `Metadata()`, which AC2 alone names as code: AC2 by name and calls.
    cases = split_tests("other_test.go", ACCESSOR_TESTS)
    result = by_id(analyze("E1-S1", ACCESSORS, cases, file_list=["other_test.go"]))
    assert result["AC2"].matches[0].how[:2] == ("name", "calls")
    assert not result["AC1"].matched and not result["AC3"].matched
    # Without that call, words alone: no AC's.
    cases = split_tests("other_test.go", ACCESSOR_TESTS.replace("Metadata()", "Build()"))
    result = by_id(analyze("E1-S1", ACCESSORS, cases, file_list=["other_test.go"]))
    assert not result["AC2"].matched


def test_a_test_calling_the_function_an_ac_names_as_code_leans_to_that_ac() -> None:
    """`test_bump_clean_versions` says nothing of `next_major()` but calls it: the call tips a
    weak resemblance shared with the parsing AC towards the AC that names it as code."""
    criteria = (
        ac("AC1", "a version string", "it is parsed",
           "its major, minor and patch parts are integers"),
        ac("AC2", "a clean version", "`next_major()` is called",
           "the major part is bumped and the minor and patch parts are reset to zero"),
    )
    source = (
        "def test_bump_clean_versions():\n"
        "    v = Version('1.0.0+build').next_major()\n"
        "    assert v.major == 2 and v.minor == 0 and v.patch == 0\n"
    )
    found = by_id(review(criteria, source))
    assert found["AC2"].tests == (f"{FILE}::test_bump_clean_versions",)
    assert "calls" in found["AC2"].matches[0].how and not found["AC1"].matched


def test_a_test_in_a_file_named_after_a_compound_unit_is_that_units_test() -> None:
    """pflag's `TestSS` in string_slice_test.go tests StringSlice: its file names the unit (one
    file per type) where its own name names none; a one-word file name names the module."""
    criteria = (
        ac("AC1", "a `StringSlice` flag", "it is given a comma-separated list",
           "each item is kept"),
        ac("AC2", "an `IntSlice` flag", "it is given a comma-separated list",
           "each item is read as a number"),
    )
    source = ('package pflag\n\nfunc TestSS(t *testing.T) {\n\tf := setUp()\n'
              '\tif err := f.Parse(args); err != nil {\n\t\tt.Fatal(err)\n\t}\n}\n')

    def tests_of(file: str) -> dict[str, tuple[str, ...]]:
        result = analyze("E1-S1", criteria, split_tests(file, source), file_list=[file])
        return {c.ac_id: c.tests for c in result.per_ac}

    assert tests_of("string_slice_test.go") == {"AC1": ("string_slice_test.go::TestSS",),
                                                "AC2": ()}
    assert tests_of("slice_test.go") == {"AC1": (), "AC2": ()}


def test_a_test_named_after_a_member_of_a_family_an_ac_lists_is_named_for_that_ac() -> None:
    """cast's `TestToUint8E` tests "the E variant of a function (ToIntE, ToStringE, ToTimeE
    ...)": a member of the family the AC lists (to ... e), though not one it names; the number
    AC's `ToInt`, `ToUint`, `ToFloat64` share only the prefix `To`, which every function of the
    module has, and name no family."""
    criteria = (
        ac("AC1", "a number", "it is cast with ToInt, ToUint, ToFloat64 or another number function",
           "the number is returned in that type"),
        ac("AC2", "a value with no obvious conversion",
           "it is cast with the E variant of a function (ToIntE, ToStringE, ToTimeE ...)",
           "an error is returned"),
        ac("AC3", "a slice", "it is cast with ToSlice, ToIntSlice or ToBoolSlice",
           "a slice of the wanted type is returned"),
    )
    source = ('package cast\n\nfunc TestToUint8E(t *testing.T) {\n'
              '\tv, err := ToUint8E(8)\n\tif err != nil || v != 8 {\n\t\tt.Fatal(err)\n\t}\n}\n\n'
              'func TestToFloat32(t *testing.T) {\n'
              '\tif ToFloat32(8) != 8 {\n\t\tt.Fatal()\n\t}\n}\n\n'
              'func TestToStringSlice(t *testing.T) {\n'
              '\tif len(ToStringSlice(nil)) != 0 {\n\t\tt.Fatal()\n\t}\n}\n')
    result = analyze("E1-S1", criteria, split_tests("cast_test.go", source),
                     file_list=["cast_test.go"])
    found = {c.ac_id: c.tests for c in result.per_ac}
    assert found["AC2"] == ("cast_test.go::TestToUint8E",)
    assert found["AC3"] == ("cast_test.go::TestToStringSlice",)
    assert "cast_test.go::TestToFloat32" not in found["AC1"] + found["AC2"] + found["AC3"]


@pytest.mark.parametrize(
    ("text", "families"),
    [
        ("when ToIntE, ToStringE or ToTimeE is called", ((("to",), ("e",)),)),
        ("when ToSlice, ToIntSlice or ToBoolSlice is called", ((("to",), ("slice",)),)),
        ("when ToStringMap, ToStringMapInt or ToStringMapBool is called",
         ((("to", "string", "map"), ()),)),
        ("when ToInt, ToUint or ToFloat64 is called", ()),  # `To` alone: the module's prefix
        ("when ToIntE or ToStringE is called", ()),  # two members make no family
    ],
)
def test_families(text: str, families: tuple[object, ...]) -> None:
    from gaia_lib.evidence.ac_coverage import families as families_of

    assert families_of(ac("AC1", None, None, None, text)) == families


def test_a_strong_match_on_mere_stems_yields_to_a_rival_spelled_alike() -> None:
    """form-core's "should run onChange validation when pushing an array field's value": the
    AC about pushing to an array has more evidence (pushed ~ "pushing", changes ~ "onChange"),
    the AC about change validators run on pushing has the test's own words; the second is it.
    Measured figures of that test, through the decision rule."""
    from gaia_lib.evidence.ac_coverage import _decide, _Score

    pushed = _Score(total=3.84, claim=3.0, explained=0.61, alike=0.89)
    validated = _Score(total=3.37, claim=3.15, explained=0.9, alike=2.65)
    assert _decide([pushed, validated]) == [1]
    # a rival spelled alike but not twice as much leaves the strong match standing
    assert _decide([pushed, _Score(total=3.37, claim=3.15, explained=0.9, alike=1.5)]) == [0]
    # nor does it yield where its assertions agree
    asserted = _Score(total=3.84, claim=3.0, explained=0.61, alike=0.89, asserts=True)
    assert 0 in _decide([asserted, validated])


def test_a_second_strong_match_needs_the_tests_name_or_assertions() -> None:
    """A test strongly matched to its best AC and, at >= 0.7 of that, to a second by words
    of its set-up that its name does not use: the second is no match."""
    from gaia_lib.evidence.ac_coverage import _decide, _Score

    best = _Score(total=5.0, claim=4.0, explained=0.8, alike=2.0)
    set_up = _Score(total=4.0, claim=1.0, explained=0.1, alike=1.5)
    assert _decide([best, set_up]) == [0]
    # named by the test too, or asserted, the second AC stays covered
    named = _Score(total=4.0, claim=1.0, explained=0.3, alike=1.5)
    assert _decide([best, named]) == [0, 1]
    asserted = _Score(total=4.0, claim=1.0, explained=0.1, alike=1.5, asserts=True)
    assert _decide([best, asserted]) == [0, 1]


def test_a_go_test_named_in_the_plural_is_named_after_the_function_the_ac_calls() -> None:
    """go-humanize's `TestCommas` tests `Comma()`, its words shared with the ACs of `Commaf()`
    and `BigComma()`: Go names a table test in the plural. Before, it covered no AC."""
    criteria = (
        ac("AC1", "an int64", "`Comma()` is called", "thousands are separated by commas"),
        ac("AC2", "a float64", "`Commaf()` is called",
           'its integer part is grouped by commas and its decimals are kept'),
        ac("AC3", "a *big.Int", "`BigComma()` is called",
           "it is grouped by commas and the value passed in is not mutated"))
    rows = "".join(f'\t\t{{"{n}", Comma({n}), "{n}"}},\n' for n in (0, 10, 100, 1000))
    go = ('package humanize\n\nimport "testing"\n\n'
          f'func TestCommas(t *testing.T) {{\n\ttestList{{\n{rows}\t}}.validate(t)\n}}\n\n'
          'func TestCommafs(t *testing.T) {\n\ttestList{\n'
          '\t\t{"1000.5", Commaf(1000.5), "1,000.5"},\n\t}.validate(t)\n}\n\n'
          'func TestBigCommas(t *testing.T) {\n\ttestList{\n'
          '\t\t{"0", BigComma(big.NewInt(0)), "0"},\n\t}.validate(t)\n}\n')
    cases = split_tests("comma_test.go", go)
    result = analyze("E1-S1", criteria, cases, file_list=["comma.go", "comma_test.go"])
    assert by_id(result)["AC1"].tests == ("comma_test.go::TestCommas",)
    assert by_id(result)["AC2"].tests == ("comma_test.go::TestCommafs",)
    assert by_id(result)["AC3"].tests == ("comma_test.go::TestBigCommas",)


MEMOIZE = (
    ac("AC1", "a function wrapped with `memoizeOne`",
       "the memoized function is called twice with the same arguments",
       "the underlying function runs only once"),
    ac("AC2", "a memoized function", "it is called with new arguments",
       "the memoize cache is invalidated and the underlying function runs again"),
)
MEMOIZE_TESTS = """describe('standard behaviour', () => {
  it('should not execute the memoized function if the arguments have not changed', () => {
    const memoized = memoizeOne(add);
    memoized(1, 2);
    memoized(1, 2);
    expect(add).toHaveBeenCalledTimes(1);
  });

  it('should invalidate a memoize cache if new arguments are provided', () => {
    const memoized = memoizeOne(add);
    memoized(1, 2);
    memoized(2, 2);
    expect(add).toHaveBeenCalledTimes(2);
  });
});
"""


def test_a_test_files_name_outbids_no_ac_its_tests_have_evidence_for() -> None:
    # `memoize-one.spec.ts` names memoizeOne, which AC1 spells as code: every test there
    # carries that name, so it names AC1 only for a test no other AC has evidence for
    file = "test/memoize-one.spec.ts"
    result = analyze("E1-S1", MEMOIZE, split_tests(file, MEMOIZE_TESTS), file_list=[file])
    assert {c.ac_id: [t.split(" > ")[-1] for t in c.tests] for c in result.per_ac} == {
        "AC1": ["should not execute the memoized function if the arguments have not changed"],
        "AC2": ["should invalidate a memoize cache if new arguments are provided"]}


CASE_ACS = (
    ac("AC1", "a PascalCase string `FooBAR`", "`kebabCase` is called",
       "it returns lower-case words joined by hyphens (`foo-bar`)"),
    ac("AC2", "a string with `/` separators such as `foo/Bar`", "`kebabCase` is called",
       "the separators become hyphens (`foo-bar`)"),
    ac("AC3", "`FooBarBaz`", "`snakeCase` is called", "it returns `foo_bar_baz`"),
    ac("AC4", "an upper-case snake string `FOO_BAR`", "`snakeCase` is called",
       "it returns `foo_bar`"),
)
CASE_TESTS = """describe("kebabCase", () => {
  test.each([
    ["FooBAR", "foo-bar"],
    ["foo/Bar", "foo-bar"],
  ])("%s => %s", (input, expected) => {
    expect(kebabCase(input)).toMatchObject(expected);
  });
});

describe("snakeCase", () => {
  test.each([
    ["FooBarBaz", "foo_bar_baz"],
    ["FOO_BAR", "foo_bar"],
  ])("%s => %s", (input, expected) => {
    expect(snakeCase(input)).toMatchObject(expected);
  });
});

describe("lowerFirst", () => {
  test.each([
    ["FooBAR", "fooBAR"],
    ["foo-bar", "foo-bar"],
  ])("%s => %s", (input, expected) => {
    expect(lowerFirst(input)).toMatchObject(expected);
  });
});

describe("trainCase", () => {
  test("names the type", () => {
    expect(trainCase("FooBar")).toEqual({ type: "foo_bar", value: 1 });
  });
});
"""


def test_a_test_of_the_unit_an_ac_calls_asserting_its_promised_value_covers_it() -> None:
    """One `describe()` group per function of the module: a table of the function two ACs
    call, holding the value each promises, covers both, however their words differ; a
    table of another function holding the same value (lowerFirst keeps `foo-bar`) covers
    neither. Each row is a test of its own (`testcases`): each of kebabCase's holds `foo-bar`,
    which both its ACs promise; snakeCase's rows hold one AC's value each."""
    cases = split_tests("test/scule.test.ts", CASE_TESTS)
    runs = file_units_run(cases)
    assert runs is not None
    assert runs.by_test["test/scule.test.ts::kebabCase > FooBAR => foo-bar"] == {
        "scule", "kebabCase"}
    result = analyze("E1-S2", CASE_ACS, cases, file_list=["test/scule.test.ts"])
    got = {c.ac_id: tuple(t.split("::")[1] for t in c.tests) for c in result.per_ac}
    kebab = ("kebabCase > FooBAR => foo-bar", "kebabCase > foo/Bar => foo-bar")
    assert got == {"AC1": kebab, "AC2": kebab, "AC3": ("snakeCase > FooBarBaz => foo_bar_baz",),
                   "AC4": ("snakeCase > FOO_BAR => foo_bar",)}


def test_a_unit_test_naming_a_promised_value_only_as_code_is_no_evidence_for_it() -> None:
    # Both ACs call kebabCase; the table holds AC2's `foo-bar` as a value, and AC1's
    # `expected` only as the name of its parameter: AC2's test, not AC1's
    acs = (ac("AC1", "a string", "`kebabCase` is called", "it returns `expected`"),
           ac("AC2", "a string with `/` separators", "`kebabCase` is called",
              "it returns `foo-bar`"))
    cases = split_tests("test/scule.test.ts", CASE_TESTS)
    result = analyze("E1-S2", acs, cases, file_list=["test/scule.test.ts"])
    got = {c.ac_id: tuple(t.split("::")[1] for t in c.tests) for c in result.per_ac}
    assert got == {"AC1": (), "AC2": ("kebabCase > FooBAR => foo-bar",
                                      "kebabCase > foo/Bar => foo-bar")}


def test_a_word_quoted_inside_a_longer_string_is_no_value_the_code_writes() -> None:
    # The message quotes `foo-bar` inside itself: the test writes a message, not AC1's value
    acs = (ac("AC1", "a PascalCase string", "`kebabCase` is called", "it returns `foo-bar`"),
           ac("AC2", "an empty string", "`kebabCase` is called", "a warning is logged"))
    source = CASE_TESTS + """
describe("kebabCase", () => {
  test("empty input", () => {
    kebabCase("");
    expect(getLog()).toBe('Pass a string such as `foo-bar`, not an empty one');
  });
});
"""
    cases = split_tests("test/scule.test.ts", source)
    result = analyze("E1-S2", acs, cases, file_list=["test/scule.test.ts"])
    assert "test/scule.test.ts::kebabCase > empty input" not in by_id(result)["AC1"].tests


PREPARE_ACS = (
    ac("AC1", "an action creator made with `createAction(type)` and no prepare callback",
       "it is called with one argument", "it returns an action whose payload is that argument"),
    ac("AC2", "an action creator made with `createAction(type, prepare)`",
       "it is called", "the action carries the payload, meta and error the prepare callback returned"),
    ac("AC3", "a slice", "it is created", "its reducer handles its actions"),
)
PREPARE_TESTS = """describe('createAction', () => {
  describe('when passing a prepare callback returning a payload, meta and error', () => {
    it('should use the payload returned from the prepare callback', () => {
      const creator = createAction('A_TYPE', (a: string) => ({ payload: a, meta: 1, error: true }))
      expect(creator('x').payload).toEqual('x')
    })
  })
})
"""


def test_a_sentence_read_apart_from_its_groups_is_strong_evidence_for_its_best_ac_only() -> None:
    # Alone, "should use the payload returned from the prepare callback" is AC1's as much as
    # AC2's; its group ("... returning a payload, meta and error") says it is AC2's.
    file = "src/tests/createAction.test.ts"
    result = by_id(analyze("E1-S1", PREPARE_ACS, split_tests(file, PREPARE_TESTS),
                           file_list=[file]))
    assert [len(result[a].tests) for a in ("AC1", "AC2", "AC3")] == [0, 1, 0]


SPLIT_ACS = (
    ac("AC1", "an iterable and sizes", "`split_into` is called",
       "lists of those sizes are returned, and a negative size raises a ValueError"),
    ac("AC2", "an iterable and a size n", "`chunked` is called",
       "a ValueError is raised when n is negative"),
)
SPLIT_TESTS = """class SplitIntoTests(TestCase):
    def test_basic(self):
        self.assertEqual(list(split_into([1, 2, 3], [2, 1])), [[1, 2], [3]])


class ChunkedTests(TestCase):
    def test_even(self):
        self.assertEqual(list(chunked([1, 2], 1)), [[1], [2]])
"""


def test_promises_values_reads_a_then_with_an_outcome_beside_its_error() -> None:
    assert promises_values(SPLIT_ACS[0])
    assert not promises_values(SPLIT_ACS[1])  # "when n is negative" is the error's condition
    assert not promises_values(ac("AC3", "a key", "it is popped", "a KeyError is raised"))


def test_a_test_named_for_the_unit_checks_the_values_beside_its_error() -> None:
    # AC1 promises lists and, for a negative size, an error: SplitIntoTests checks the
    # lists, expecting none; ChunkedTests expects none where AC2 promises only the error
    result = analyze("E1-S1", SPLIT_ACS, split_tests("tests/test_more.py", SPLIT_TESTS),
                     file_list=["tests/test_more.py"])
    got = {c.ac_id: [t.split("::", 1)[1] for t in c.tests] for c in result.per_ac}
    assert got == {"AC1": ["SplitIntoTests::test_basic"], "AC2": []}


CLASS_ACS = (
    ac("AC1", "an iterable and a predicate", "`split_at` is called",
       "the items are split into lists at each item satisfying the predicate"),
    ac("AC2", "an iterable and a width", "`windowed` is called",
       "overlapping windows are returned as tuples"),
)
CLASS_TESTS = """class SplitAtTests(TestCase):
    def test_basic(self):
        self.assertEqual(list(mi.split_at('abcb', lambda c: c == 'b')), [['a'], ['c'], []])


class AdjacentTests(TestCase):
    def test_items_satisfying_the_predicate_split(self):
        self.assertEqual(list(mi.adjacent(lambda c: c == 'b', 'ab')), [(True, 'a'), (True, 'b')])


class WindowedTests(TestCase):
    def test_basic(self):
        self.assertEqual(list(mi.windowed('abc', 2)), [('a', 'b'), ('b', 'c')])


class PaddedTests(TestCase):
    def test_basic(self):
        self.assertEqual(list(mi.padded('a', None, 2)), ['a', None])


class CollapseTests(TestCase):
    def test_split_lists_at_predicate_items(self):
        parts = mi.split_at(mi.collapse([['a', 'b']]), lambda c: c == 'b')
        self.assertEqual(list(parts), [['a'], []])
"""


def test_a_test_class_named_after_a_function_it_calls_stands_for_the_unit_it_runs() -> None:
    """One class per function (`AdjacentTests` calling `mi.adjacent`): a test there runs
    `adjacent`, not the `split_at` AC1 names, whatever its words; a test of another class
    that calls `split_at` runs it too."""
    cases = split_tests("tests/test_more.py", CLASS_TESTS)
    runs = file_units_run(cases)
    assert runs is not None
    assert runs.by_test["tests/test_more.py::AdjacentTests::test_items_satisfying_the_predicate_split"] \
        == {"more", "adjacent"}
    assert runs.by_test["tests/test_more.py::CollapseTests::test_split_lists_at_predicate_items"] \
        == {"more", "collapse", "split_at"}
    result = analyze("E1-S1", CLASS_ACS, cases, file_list=["tests/test_more.py"])
    got = {c.ac_id: [t.split("::", 1)[1] for t in c.tests] for c in result.per_ac}
    assert got["AC1"] == ["CollapseTests::test_split_lists_at_predicate_items",
                          "SplitAtTests::test_basic"]


def test_a_unit_named_by_a_plain_word_the_ac_calls_decides_without_a_run() -> None:
    # "when windowed is called" names the function `windowed` (a class's, no run measured):
    # PaddedTests, sharing AC2's words, runs `padded`, not `windowed`
    acs = (CLASS_ACS[0], ac("AC2", "an iterable and a width", "windowed is called",
                            "overlapping windows padded with None are returned"))
    tests = CLASS_TESTS + """

class PaddedWindowTests(TestCase):
    def test_windows_padded_with_none(self):
        self.assertEqual(list(mi.padded('a', None, 2)), ['a', None])


class WindowPaddingTests(TestCase):
    def test_windows_padded_with_none(self):
        self.assertEqual(list(mi.windowed('a', 2)), [('a', None)])
"""
    result = analyze("E1-S1", acs, split_tests("tests/test_more.py", tests),
                     file_list=["tests/test_more.py"])
    got = {c.ac_id: [t.split("::", 1)[1] for t in c.tests] for c in result.per_ac}
    assert got["AC2"] == ["WindowPaddingTests::test_windows_padded_with_none"]


def test_a_test_running_the_unit_checks_the_values_beside_its_error() -> None:
    # WindowedTests runs `windowed` (its class's function, no run measured): it checks the
    # windows AC2 promises beside the error for a negative width, and expects no error
    acs = (CLASS_ACS[0], ac("AC2", "an iterable and a width", "windowed is called",
                            "overlapping windows are returned as tuples, and a negative "
                            "width raises a ValueError"))
    tests = CLASS_TESTS + """

class WindowedTupleTests(TestCase):
    def test_overlapping_windows_as_tuples(self):
        self.assertEqual(list(mi.windowed('abc', 2)), [('a', 'b'), ('b', 'c')])
"""
    result = analyze("E1-S1", acs, split_tests("tests/test_more.py", tests),
                     file_list=["tests/test_more.py"])
    got = {c.ac_id: [t.split("::", 1)[1] for t in c.tests] for c in result.per_ac}
    assert got["AC2"] == ["WindowedTupleTests::test_overlapping_windows_as_tuples"]


ROUND_TRIP_ACS = (
    ac("AC1", "a JSON document", "each example pointer of the specification is resolved",
       "the value at that location is returned"),
    ac("AC2", 'a pointer string that does not start with "/"', "a pointer is created from it",
       "it is rejected with a JsonPointerException"),
    ac("AC3", "a list in the document", "a segment past the end of the list is resolved",
       "the lookup is rejected with a JsonPointerException"),
    ac("AC4", "a pointer to a member that does not exist and a default value",
       "the pointer is resolved with that default", "the default is returned"),
    ac("AC5", "a pointer", "it makes a round trip through its parts and back",
       "the rebuilt pointer equals the original and keeps the same path"),
)
TO_LAST_TEST = """class ToLastTests(unittest.TestCase):
    def test_path(self):
        ptr = JsonPointer('/a/0/b')
        last, nxt = ptr.to_last({'a': [{'b': 1}]})
        self.assertEqual(nxt, 'b')
"""


@pytest.mark.parametrize(("then", "covered"), [
    ("the rebuilt pointer equals the original and keeps the same path", []),
    # an AC that speaks of the class's unit, by any of its words, keeps the word match
    ("the rebuilt pointer equals the original and keeps the same path up to its last part",
     ["ToLastTests::test_path"]),
])
def test_a_test_of_a_unit_no_ac_speaks_of_matches_none_by_its_words(
        then: str, covered: list[str]) -> None:
    # ToLastTests checks `to_last`, which the story never mentions: its name's "path" is no
    # test of the round trip (a round-trip test made a placeholder had still approved)
    acs = (*ROUND_TRIP_ACS[:4], ac("AC5", "a pointer",
                                  "it makes a round trip through its parts and back", then))
    result = analyze("E1-S1", acs, split_tests("tests.py", TO_LAST_TEST),
                     file_list=["tests.py"])
    assert [t.split("::", 1)[1] for t in by_id(result)["AC5"].tests] == covered


INDEX_ACS = (
    ac("AC1", "an index of stored records", "`lookup(query)` is called",
       "every matching record is returned once with its `key` and a `rank`"),
    ac("AC2", "an index", "the query is empty or matches nothing",
       "`lookup` returns an empty list and throws no error"),
    ac("AC3", "a `limit` option", "looking up", "at most `limit` records come back"),
)
DROP_TESTS = """describe("Index", () => {
  describe("drop", () => {
    it("takes the record out of the index", () => {
      idx.drop(records[0])
      expect(idx.lookup("tower").map(({ key }) => key)).toEqual([3])
    })
    it("returns an empty list with no error when the record was already dropped twice before",
       () => {
      idx.drop(records[1])
      expect(idx.size).toEqual(0)
    })
    describe("when the record changed since", () => {
      it("keeps the other records' entries", () => {
        idx.drop(records[1])
        expect(idx.lookup("bridge").length).toEqual(1)
      })
    })
  })
  describe("lookup", () => {
    it("returns each matching record with its key and rank", () => {
      expect(idx.lookup("tower")).toEqual([{ key: 3, rank: 1.5 }])
    })
  })
})
"""


def test_a_test_grouped_under_a_unit_no_ac_speaks_of_is_no_check_of_what_it_observes_with(
        ) -> None:
    """minisearch's `describe("remove")` tests check a removal by searching afterwards
    (`expect(ms.search("vita").map(({ id }) => id))`): they had counted for the search AC,
    whose `search` they call in a check and whose `id` they read. A JS/TS test's nearest
    group named after a unit it calls that no AC speaks of reads as a Python test's class
    does (`_other_unit`), and what a function an AC names returns, or a name its Then only
    mentions (`key`), is no check of that AC, nor are its words, unless they say mostly that
    AC's (NAMED_APART: the second test's name says AC2's words among more of its own); the
    `lookup` group's test still counts."""
    result = analyze("E1-S1", INDEX_ACS, split_tests("src/index.test.ts", DROP_TESTS),
                     file_list=["src/index.test.ts"])
    assert [t.split("::", 1)[1] for t in by_id(result)["AC1"].tests] == [
        "Index > lookup > returns each matching record with its key and rank"]
    assert by_id(result)["AC2"].tests == by_id(result)["AC3"].tests == ()


GET_SCHEMA_TESTS = """class TestMerge(unittest.TestCase):
    def test_merge_by_key_appends_new_items(self):
        merger = Merger({"mergeStrategy": "byKey"})
        self.assertEqual(merger.merge([{"k": 1}], [{"k": 2}]), [{"k": 1}, {"k": 2}])

    def test_head_replaces_base(self):
        self.assertEqual(Merger({}).merge(1, 2), 2)


class TestGetSchema(unittest.TestCase):
    def test_merge_by_key_items(self):
        merger = Merger({"mergeStrategy": "byKey"})
        schema = merger.get_schema()
        self.assertEqual(schema["type"], "array")
"""


def test_a_test_of_an_accessor_no_ac_names_with_its_verb_matches_none_by_its_words() -> None:
    """jsonmerge's `TestGetSchema` tests check the schema `get_schema` builds, not a merge;
    the story's ACs speak of schemas, never of getting one, and its tests named like the
    merge tests (`test_merge_by_id`) had counted for the merging AC. An accessor's name
    (`get_`, `set`, `is` or `has` and more words) is spoken of by all its words."""
    acs = (ac("AC1", "a schema whose array merges items by key", "two documents are merged",
              "the items with the same key are merged into one and new items are appended"),
           ac("AC2", "a schema naming no strategy", "two documents are merged",
              "the head replaces the base"))
    result = analyze("E1-S1", acs, split_tests("tests.py", GET_SCHEMA_TESTS),
                     file_list=["tests.py"])
    assert [t.split("::", 1)[1] for t in by_id(result)["AC1"].tests] == [
        "TestMerge::test_merge_by_key_appends_new_items"]


SET_TESTS = """def test_add_counts_distinct_elements():
    s = Set()
    s.add(1)
    s.add(1)
    assert s.size() == 1


def test_union_of_sets_counts_distinct_elements_of_both():
    a = Set()
    a.add(1)
    a.add(2)
    b = Set()
    b.add(2)
    b.add(3)
    # 2 is added to both: each distinct element is counted once
    assert a.union(b).size() == 3


def test_difference_holds_first_only():
    first, second = Set(), Set()
    for item in (1, 2):
        first.add(item)
    second.add(2)
    assert first.difference(second).size() == 1
"""


SET_ACS = (ac("AC1", "a new set", "elements are added to it with `add`",
               "`size` counts each distinct element once"),
           ac("AC2", "two sets", "their union is taken",
              "the result holds the elements of both, each counted once"),
           ac("AC3", "two sets", "their difference is taken",
              "the result holds the elements of the first only"))


def test_a_test_of_another_ac_is_no_test_of_the_broad_ac_whose_set_up_it_shares() -> None:
    """golang-set's `Test_SetUnion` builds its sets with `NewSet` and `Add` and counts them:
    it had counted for the AC of adding (the story's broad AC, which most of its tests
    resemble) beside the union AC its own name says. A test counted for the broad AC and for
    another its own words say more of counts for the other alone; the adding test keeps it."""
    acs = SET_ACS
    result = by_id(analyze("E1-S1", acs, split_tests("tests/test_set.py", SET_TESTS),
                           file_list=["tests/test_set.py"]))
    assert [t.split("::", 1)[1] for t in result["AC1"].tests] == [
        "test_add_counts_distinct_elements"]
    assert [t.split("::", 1)[1] for t in result["AC2"].tests] == [
        "test_union_of_sets_counts_distinct_elements_of_both"]
    assert ac_coverage.broadest([3, 1, 1]) == 0
    assert ac_coverage.broadest([2, 2, 1]) is None  # no AC alone leads
    assert ac_coverage.broadest([0, 0]) is None


def test_a_nearest_test_counted_for_the_broad_ac_first_is_said_to_count_for_the_others() -> None:
    """The union test counts for the union AC alone once the broad AC of adding is taken from
    it; nearest an AC no test covers, why it does not count names the ACs it counts for then,
    not those its evidence chose first ("it counts for AC1, AC2": AC1 did not count it)."""
    acs = (*SET_ACS, ac("AC4", "two sets sharing elements", "they are compared",
                        "the elements of both are counted"))
    result = by_id(analyze("E1-S1", acs, split_tests("tests/test_set.py", SET_TESTS),
                           file_list=["tests/test_set.py"]))
    assert "tests/test_set.py::test_union_of_sets_counts_distinct_elements_of_both" not in \
        result["AC1"].tests
    assert [(m.test.split("::", 1)[1], m.why) for m in result["AC4"].candidates] == [
        ("test_union_of_sets_counts_distinct_elements_of_both",
         "it counts for AC2, which its words fit better")]


def test_a_test_class_naming_no_unit_is_read_apart_from_its_methods_name() -> None:
    # TestSlugifyUnicode says what its tests share (AC1's unicode), test_max_length what this
    # one checks (AC2): each read on its own, as a describe() group and its it() are
    acs = (ac("AC1", "that unicode is allowed", "text is slugified",
              "accented letters are kept as they are"),
           ac("AC2", "a maximum length", "text is slugified",
              "the slug is cut to at most that many characters"))
    source = """class TestSlugifyUnicode(unittest.TestCase):
    def test_max_length(self):
        r = slugify('jaja lol', allow_unicode=True, max_length=4)
        self.assertEqual(r, 'jaja')
"""
    result = analyze("E1-S1", acs, split_tests("test.py", source), file_list=["test.py"])
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC1", "AC2"]


DATE_ACS = (
    ac("AC1", 'a calendar date in extended ("1985-04-12") or basic ("19850412") form',
       "`parse_date` is called", "it returns date(1985, 4, 12)"),
    ac("AC2", 'a week date "1985-W15-5"', "`parse_date` is called",
       "it returns date(1985, 4, 12)"),
    ac("AC3", 'a malformed date such as "1-W1-1"', "`parse_date` is called",
       "an ISO8601Error is raised"),
    ac("AC4", 'a date and the format "%Y-W%V-%u"', "`date_isoformat` is called",
       'it returns "1985-W15-5"'),
)
DATE_TESTS = '''import pytest

TEST_CASES = [
    ("1985-04-12", date(1985, 4, 12)),
    ("19850412", date(1985, 4, 12)),
    ("1-W1-1", None),
]


@pytest.mark.parametrize("text, expected", TEST_CASES)
def test_parse(text, expected):
    if expected is None:
        with pytest.raises(ISO8601Error):
            parse_date(text)
    else:
        assert parse_date(text) == expected


def test_format():
    assert date_isoformat(date(1985, 4, 12), "%Y-W%V-%u") == "1985-W15-5"
'''


def test_a_table_of_the_unit_holding_an_acs_example_covers_it_beside_its_error_rows() -> None:
    """One parametrized table of `parse_date`, by name: its value rows hold AC1's example
    inputs, its error rows AC3's. The run measured which unit each test ran. AC2's week date
    is in no row: no test of it."""
    cases = split_tests("tests/test_date.py", DATE_TESTS)
    units = UnitRuns(frozenset({"parse_date", "date_isoformat"}),
                     {"tests/test_date.py::test_parse": frozenset({"parse_date"}),
                      "tests/test_date.py::test_format": frozenset({"date_isoformat"})})
    result = analyze("E1-S2", DATE_ACS, cases, file_list=["tests/test_date.py"], units=units)
    got = {c.ac_id: tuple(t.split("::")[1] for t in c.tests) for c in result.per_ac}
    assert got == {"AC1": ("test_parse",), "AC2": (), "AC3": ("test_parse",),
                   "AC4": ("test_format",)}


def test_a_data_table_holding_a_value_only_one_ac_writes_agrees_with_it() -> None:
    """go-version's `TestComparePreReleases` is named after `Compare`, which the comparison
    AC names; its table holds `1.2-beta.3` and `1.2-alpha`, which only the prerelease AC
    writes: it checks that AC too. `1.2-beta`, which both ACs write, decides nothing."""
    criteria = (
        ac("AC1", "two versions", "they are compared with `Compare`",
           "a release is greater than any prerelease of it (1.2-beta before 1.2)"),
        ac("AC2", "two prereleases of the same release", "they are compared",
           "their dot-separated identifiers are compared one by one "
           "(1.2-beta before 1.2-beta.3, 1.2-alpha before 1.2-beta)"),
    )
    source = ('package version\n\nfunc TestComparePreReleases(t *testing.T) {\n'
              '\tcases := []struct {\n\t\tv1, v2 string\n\t\texpected int\n\t}{\n'
              '\t\t{"1.2-beta", "1.2-beta.3", -1},\n\t\t{"1.2-alpha", "1.2-beta", -1},\n\t}\n'
              '\tfor _, tc := range cases {\n'
              '\t\tif Must(tc.v1).Compare(Must(tc.v2)) != tc.expected {\n'
              '\t\t\tt.Fatal(tc.v1)\n\t\t}\n\t}\n}\n')
    result = analyze("E1-S1", criteria, split_tests("version_test.go", source),
                     file_list=["version_test.go"])
    found = {c.ac_id: c.tests for c in result.per_ac}
    assert found["AC2"] == ("version_test.go::TestComparePreReleases",)
    assert "1.2-beta.3" in result.per_ac[1].matches[0].evidence


def test_the_unit_a_tests_file_names_counts_for_the_ac_its_own_name_explains_best() -> None:
    """packaging's `test_requirements.py::test_str_and_repr`: its name says what two parallel
    ACs say (a requirement's string and repr, a marker's), its file which unit it runs. The
    unit counts for the AC that names it, where the test's own words explain that AC as well
    as any other; it decides nothing for an AC its name explains less."""
    criteria = (
        ac("AC1", "a parsed `Requirement`", "it is turned into a string or its repr is taken",
           "the string gives back the requirement"),
        ac("AC2", "a parsed `Marker`", "it is turned into a string or its repr is taken",
           "the string gives back the marker"),
        ac("AC3", "a `Requirement` with extras", "its extras are read",
           "they are returned sorted"),
    )
    source = ('def test_str_and_repr():\n    r = Requirement("name")\n'
              '    assert str(r) == "name"\n    assert repr(r) == "<Requirement(\'name\')>"\n\n\n'
              'def test_extras_sorted():\n    r = Requirement("name[b,a]")\n'
              '    assert r.extras == {"a", "b"}\n')
    result = analyze("E1-S1", criteria, split_tests("tests/test_requirements.py", source),
                     file_list=["tests/test_requirements.py"])
    found = {c.ac_id: c.tests for c in result.per_ac}
    assert found["AC1"] == ("tests/test_requirements.py::test_str_and_repr",)
    assert found["AC2"] == ()
    assert "requirement" in result.per_ac[0].matches[0].evidence
    assert found["AC3"] == ("tests/test_requirements.py::test_extras_sorted",)


def test_the_outer_unit_counts_only_where_the_tests_own_words_explain_the_ac_best() -> None:
    """The corpus's `logout > revokes the session token`: the logout edge-case AC names the
    unit `logout` (its file's and group's), but the test's own words explain the log-out AC
    better; the unit is no evidence for the edge case. Nor for a test named after an
    identifier already. The words of its outer units are not its own: `getQuery > t` says
    nothing of its own (`test_a_code_named_group_names_the_unit_of_the_tests_in_it`)."""
    from gaia_lib.evidence.ac_coverage import _of_outer_unit, _outer_units, _Said, _Score

    case = TestCase("src/__tests__/logout.test.ts", "logout > revokes the session token", 1, "")
    assert _outer_units(case) == {"logout"}
    said = _Said(frozenset(), frozenset(), frozenset(), {}, (), outer=_outer_units(case))
    log_out = _Score(total=1.76, claim=1.76, explained=1.0, own=1.0)
    edge = _Score(total=3.26, claim=3.26, explained=0.71, own=0.56)
    scores = _of_outer_unit([log_out, edge], said, [{}, {"logout": 2.0}])
    assert scores[1] is edge  # unchanged: another AC explains more of the test's name
    scores = _of_outer_unit([log_out, edge], said, [{"logout": 1.0}, {"logout": 1.0}])
    assert scores[0].total == pytest.approx(2.76) and scores[1] is edge
    assert log_out.total == 1.76  # a cached score is never changed
    named = _Score(total=2.0, claim=2.0, explained=1.0, own=1.0, named_unit=True)
    assert _of_outer_unit([named], said, [{"logout": 2.0}])[0] is named
    assert _outer_units(TestCase("tests/test_cachedmethod.py", "CachedMethodTest::test_dict", 1,
                                 "")) == {"cachedmethod"}
    from gaia_lib.evidence.ac_coverage import _outer_words
    from gaia_lib.evidence.words import forms, normalise

    def words_of(text: str) -> set[str]:
        return set(normalise(forms(text), set()))

    assert _outer_words(case, set()) == words_of("logout")
    mixin = TestCase("tests/test_cached.py", "DecoratorTestMixin::test_decorator", 1, "")
    assert _outer_words(mixin, set()) == words_of("cached mixin")  # the method says decorator


def test_an_acs_words_are_held_at_its_length_among_the_storys_acs() -> None:
    """python-slugify's `test_custom_separator`: its name is the short custom-separator AC's,
    its body's arguments (`max_length`, `word_boundary`, `save_order`) the words of a long AC
    about truncation, which shares `separator` too. Summed, the long AC's many words outbid the
    short one's few; held at its length (BM25's), the AC its name speaks of covers it."""
    from gaia_lib.evidence.ac_coverage import lengths

    criteria = (
        ac("AC1", "a text longer than the maximum length and a separator",
           "it is slugified with a maximum length at word boundaries, saving the order",
           "the slug is cut at a word boundary, never longer than the maximum length, and it "
           "ends in no separator or partial word"),
        ac("AC2", "a custom separator", "a text is slugified", "its words are joined by it"),
        ac("AC3", "unicode text", "it is slugified", "its letters are kept"),
        ac("AC4", "stop words", "a text is slugified", "those words are removed"),
    )
    source = ('def test_custom_separator():\n    txt = "jaja lol mememeoo a"\n'
              '    r = slugify(txt, max_length=20, word_boundary=True, save_order=True, '
              'separator="ZZZZZZ")\n'
              '    assert r == "jajaZZZZZZlolZZZZZZmememeooZZZZZZa"\n')
    found = by_id(review(criteria, source))
    assert found["AC2"].tests == (f"{FILE}::test_custom_separator",)
    assert found["AC1"].tests == ()
    # the mean length weighs 1; longer, less; an alternative among k counts 1/k
    assert lengths([{"a": 1, "b": 1}, {"c": 1, "d": 1}], [{}, {}]) == [1.0, 1.0]
    long, short = lengths([{"a": 1, "b": 1, "c": 1}, {"d": 1}], [{}, {}])
    assert long == pytest.approx(1 / 1.1) and short == pytest.approx(1 / 0.9)
    assert lengths([{"a": 1, "b": 1}, {"c": 1, "d": 1}], [{"a": 0.5, "b": 0.5}, {}])[0] > 1.0


@pytest.mark.parametrize("piece", ["x", "aB"])
def test_a_long_word_in_an_ac_is_read_in_one_pass(piece: str) -> None:
    """A pasted token or blob in an AC (a word of 100,000 characters): the matcher's patterns
    start only where a word starts, so reading it takes one pass, not one per character (a
    pass per character took 10 s for 16,000 characters and grew with the square)."""
    import threading

    word = piece * (100_000 // len(piece))
    long = ac("AC9", f"the token {word}", f"`{word[:40]}` is read", "no ValueError is raised")
    done: list[CoverageResult] = []
    worker = threading.Thread(target=lambda: done.append(review(
        (*CRITERIA, long), "def test_ac1_account_is_created():\n    assert signup(\"a@b.co\")\n")),
        daemon=True)
    worker.start()
    worker.join(timeout=60)  # one pass: well under a second; one per character: hours
    assert done, "the matcher did not finish reading the AC"
    assert [e.ac_id for e in done[0].per_ac if e.matched] == ["AC1"]


SCULE_FILE = "test/scule.test.ts"
ROW_ACS = (
    ac("AC1", 'the camel-case string `"fooBar"`', "`splitByCase` is called with it",
       'it returns `["foo", "Bar"]`'),
    ac("AC2", 'a run of upper-case letters followed by a word, `"FOOBar"`',
       "`splitByCase` is called with it", 'the run stays one part: `["FOO", "Bar"]`'),
    ac("AC3", 'the string `"foo123-bar"`', "`splitByCase` is called with it",
       'it returns `["foo123", "bar"]`'),
)
ROW_TABLE = (
    'import { splitByCase } from "../src";\n\n'
    'describe("splitByCase", () => {\n  test.each([\n'
    '    ["fooBar", ["foo", "Bar"]],\n    ["FOOBar", ["FOO", "Bar"]],\n'
    '    ["foo123-bar", ["foo123", "bar"]],\n    ["FooBarBaz", ["Foo", "Bar", "Baz"]],\n'
    '  ])("%s => %s", (input, expected) => {\n'
    '    expect(splitByCase(input)).toMatchObject(expected);\n  });\n});\n')


def by_row(source: str) -> dict[str, AcCoverage]:
    return by_id(analyze("E1-S1", ROW_ACS, split_tests(SCULE_FILE, source),
                         file_list=[SCULE_FILE]))


def test_a_js_table_row_holding_an_acs_string_input_and_its_value_covers_it() -> None:
    """unjs/scule: one `test.each` table's rows are three ACs' cases, each AC writing its
    input as a string literal (`"fooBar"`) and the list it promises."""
    covered = by_row(ROW_TABLE)
    test = f"{SCULE_FILE}::splitByCase > %s => %s"
    assert [covered[i].tests for i in ("AC1", "AC2", "AC3")] == [(test,)] * 3
    assert '"fooBar" -> ["foo", "Bar"]' in covered["AC1"].matches[0].evidence


def test_a_table_without_an_acs_input_is_no_evidence_of_it_whatever_it_shares() -> None:
    """scule 01: AC1's row deleted, the other rows still hold its words and values (`foo`,
    `Bar`, `FOOBar` ~ `fooBar`): the table checks other inputs, not AC1's; the test is AC1's
    nearest, saying why."""
    covered = by_row(ROW_TABLE.replace('    ["fooBar", ["foo", "Bar"]],\n', ""))
    assert covered["AC1"].tests == () and covered["AC2"].tests != ()
    assert [(m.test, m.why) for m in covered["AC1"].candidates] == [
        (f"{SCULE_FILE}::splitByCase > %s => %s",
         "its code never writes the AC's input `\"fooBar\"`")]


def test_a_row_or_a_check_giving_an_acs_input_another_list_denies_the_ac() -> None:
    """scule 33 (the row agrees with a broken `["fooBar"]`) and 21 (the same, as an inline
    snapshot): the test states what AC1 denies."""
    wrong_row = ROW_TABLE.replace('["fooBar", ["foo", "Bar"]]', '["fooBar", ["fooBar"]]')
    assert by_row(wrong_row)["AC1"].tests == ()
    assert by_row(wrong_row)["AC1"].candidates[0].why.startswith(
        "its table gives `\"fooBar\"` another value than `[\"foo\", \"Bar\"]`")
    snapshot = ('describe("splitByCase", () => {\n'
                '  test("fooBar", () => {\n'
                '    expect(splitByCase("fooBar")).toMatchInlineSnapshot(`\n'
                '      [\n        "{0}",\n{1}      ]\n    `);\n  }});\n}});\n')
    wrong = snapshot.replace("{0}", "fooBar").replace("{1}", "").replace("}}", "}")
    right = snapshot.replace("{0}", "foo").replace("{1}", '        "Bar",\n').replace("}}", "}")
    assert by_row(wrong)["AC1"].tests == ()
    assert by_row(right)["AC1"].tests == (f"{SCULE_FILE}::splitByCase > fooBar",)
    # a whole table is no one check: AC1's input in one row, its value in another's
    apart = ROW_TABLE.replace('["fooBar", ["foo", "Bar"]]',
                              '["fooBar", ["fooBar"]],\n    ["foo Bar", ["foo", "Bar"]]')
    assert by_row(apart)["AC1"].tests == ()


def test_plain_tests_of_other_inputs_do_not_cover_an_ac_by_shared_values() -> None:
    """scule 73-75: AC1's own test made a placeholder; the test of `"FOOBar"` shares `Bar`
    and the words of `fooBar`, and is AC2's test only."""
    tests = ('describe("splitByCase", () => {\n'
             '  test("keeps an upper-case run as one part", () => {\n'
             '    expect(splitByCase("FOOBar")).toEqual(["FOO", "Bar"]);\n  });\n'
             '  test("keeps digits in their word", () => {\n'
             '    expect(splitByCase("foo123-bar")).toEqual(["foo123", "bar"]);\n  });\n});\n')
    covered = by_row(tests)
    assert covered["AC1"].tests == ()
    assert covered["AC2"].tests == (f"{SCULE_FILE}::splitByCase > keeps an upper-case run as one "
                                    "part",)


def test_an_ac_written_without_backticks_pairs_its_one_quoted_input_with_its_list() -> None:
    """scule 80-82: the same ACs in plain double quotes (`Given the camel-case string
    "fooBar", ... then it returns ["foo", "Bar"]`): the table covers them by their rows, and
    a deleted row leaves its AC without a test as the backticked AC is left."""
    plain = tuple(dataclasses.replace(
        a, given=(a.given or "").replace("`", ""), when=(a.when or "").replace("`", ""),
        then=(a.then or "").replace("`", "")) for a in ROW_ACS)
    assert ac_coverage._example_pairs(plain[0]) == (('"fooBar"', '["foo", "Bar"]'),)
    # two strings in its Given: examples of a kind, not one case
    two = dataclasses.replace(plain[0], given='a string such as "fooBar" or "fooBaz"')
    assert ac_coverage._example_pairs(two) == ()

    def covered(source: str) -> dict[str, AcCoverage]:
        return by_id(analyze("E1-S1", plain, split_tests(SCULE_FILE, source),
                             file_list=[SCULE_FILE]))

    test = f"{SCULE_FILE}::splitByCase > %s => %s"
    assert [covered(ROW_TABLE)[i].tests for i in ("AC1", "AC2", "AC3")] == [(test,)] * 3
    deleted = covered(ROW_TABLE.replace('    ["fooBar", ["foo", "Bar"]],\n', ""))
    assert deleted["AC1"].tests == () and deleted["AC2"].tests == (test,)


def test_a_table_declared_in_the_group_holding_an_acs_row_covers_it() -> None:
    """scule 54: the rows moved to a `const cases` the group declares, `test.each(cases)`:
    each AC's row is still its case, however little else the test says of it."""
    moved = ROW_TABLE.replace("  test.each([\n", "  const cases = [\n").replace(
        '  ])("%s => %s"', '  ];\n  test.each(cases)("%s => %s"')
    covered = by_row(moved)
    assert all(covered[i].tests for i in ("AC1", "AC2", "AC3"))


SCULE_WHEN = "`splitByCase` is called with it"
SCULE_ACS = (
    ac("AC1", 'the camel-case string `"fooBar"`', SCULE_WHEN, 'it returns `["foo", "Bar"]`'),
    ac("AC2", 'the mixed-separator string `"foo_bar-baz/qux"`', SCULE_WHEN,
       'it splits at `_`, `-` and `/` and returns `["foo", "bar", "baz", "qux"]`'),
    ac("AC3", 'a run of upper-case letters followed by a word, `"FOOBar"`', SCULE_WHEN,
       'the run stays one part: `["FOO", "Bar"]`'),
    ac("AC4", 'the custom splitters `["\\\\", ".", "-"]` and the string `"foo\\\\Bar.fuzz-FIZz"`',
       "`splitByCase` is called with both", 'it returns `["foo", "Bar", "fuzz", "FI", "Zz"]`'),
)
# unjs/scule's test file beside its splitByCase group: a group per function
SCULE_GROUPS = "".join(f'''
describe("{unit}", () => {{
  test.each([
    ["", ""],
    ["foo_bar", "x"],
  ])("%s => %s", (input, expected) => {{
    expect({unit}(input)).toMatchObject(expected);
  }});
}});
''' for unit in ("pascalCase", "camelCase", "kebabCase", "snakeCase"))
SPLIT_CUSTOM = '''  test("custom splitters", () => {
    expect(splitByCase("foo\\\\Bar.fuzz-FIZz", ["\\\\", ".", "-"])).toEqual(
      ["foo", "Bar", "fuzz", "FI", "Zz"]);
  });
'''
SPLIT_TEMPLATE = '''describe("splitByCase", () => {
  test.each`
    input                | expected
    ${"fooBar"}          | ${["foo", "Bar"]}
    ${"foo_bar-baz/qux"} | ${["foo", "bar", "baz", "qux"]}
    ${"FOOBar"}          | ${["FOO", "Bar"]}
  `("$input => $expected", ({ input, expected }) => {
    expect(splitByCase(input)).toEqual(expected);
  });
''' + SPLIT_CUSTOM + "});\n"


def split_review(source: str, criteria: tuple[AcceptanceCriterion, ...] = SCULE_ACS
                 ) -> dict[str, AcCoverage]:
    """The matcher over scule's test file with `source` as its splitByCase group."""
    return by_id(analyze("E1-S1", criteria, split_tests("test/scule.test.ts",
                                                        source + SCULE_GROUPS),
                         file_list=["test/scule.test.ts"]))


def test_a_tagged_template_tables_cells_are_the_values_it_checks() -> None:
    """unjs/scule 55: the splitByCase table rewritten as ``test.each`input | expected ...` ``
    holds the three ACs' cases as its array form does: its cells are code, not one string."""
    covered = split_review(SPLIT_TEMPLATE)
    table = "test/scule.test.ts::splitByCase > $input => $expected"
    assert [table in covered[i].tests for i in ("AC1", "AC2", "AC3")] == [True] * 3
    # a table of other values covers none of them
    other = SPLIT_TEMPLATE.replace('"fooBar"', '"a"').replace('"foo_bar-baz/qux"', '"b"') \
        .replace('"FOOBar"', '"c"').replace('["foo", "Bar"]', '["a"]').replace(
            '["foo", "bar", "baz", "qux"]', '["b"]').replace('["FOO", "Bar"]', '["c"]')
    assert not any(table in split_review(other)[i].tests for i in ("AC1", "AC2", "AC3"))


def test_a_tagged_template_tables_line_pairs_an_acs_input_with_its_value() -> None:
    """A tagged-template table's line is a row: an input the AC gives beside the value it
    promises, the AC's own case, as an array row is."""
    acs = (ac("AC1", "the duration string `1h`", "`ms` is called with it",
              "it returns `3600000`"),
           ac("AC2", "the duration string `2d`", "`ms` is called with it",
              "it returns `172800000`"))
    source = '''describe("ms", () => {
  it.each`
    input    | expected
    ${"1h"}  | ${3600000}
    ${"2d"}  | ${172800000}
  `("ms($input) is $expected", ({ input, expected }) => {
    expect(ms(input)).toBe(expected);
  });
});
'''
    covered = by_id(analyze("E1-S1", acs, split_tests("test/ms.test.ts", source),
                            file_list=["test/ms.test.ts"]))
    assert "1h -> 3600000" in covered["AC1"].matches[0].evidence
    assert "2d -> 172800000" in covered["AC2"].matches[0].evidence
    swapped = source.replace("${3600000}", "${1}").replace("${172800000}", "${3600000}")
    evidence = by_id(analyze("E1-S1", acs, split_tests("test/ms.test.ts", swapped),
                             file_list=["test/ms.test.ts"]))["AC1"].matches
    assert not any("1h -> 3600000" in m.evidence for m in evidence)


def snapshot_test(value: str, parts: tuple[str, ...]) -> str:
    """A scule test checking splitByCase(value) by an inline snapshot of `parts`, as vitest
    writes one."""
    lines = "".join(f'        "{part}",\n' for part in parts)
    return (f'  test("{value}", () => {{\n'
            f'    expect(splitByCase("{value}")).toMatchInlineSnapshot(`\n'
            f"      [\n{lines}      ]\n    `);\n  }});\n")


def test_an_inline_snapshot_asserts_the_value_its_text_writes() -> None:
    """unjs/scule 48: per-AC tests checking `toMatchInlineSnapshot(`[ "foo", "Bar", ]`)`
    assert the value the snapshot's text writes, as `toEqual(["foo", "Bar"])` would: each
    covers its AC; a snapshot of another value does not."""
    def group(first: tuple[str, ...]) -> str:
        return ('describe("splitByCase", () => {\n' + snapshot_test("fooBar", first)
                + snapshot_test("FOOBar", ("FOO", "Bar")) + SPLIT_CUSTOM + "});\n")

    covered = split_review(group(("foo", "Bar")))
    assert "test/scule.test.ts::splitByCase > fooBar" in covered["AC1"].tests
    assert "test/scule.test.ts::splitByCase > FOOBar" in covered["AC3"].tests
    wrong = split_review(group(("fooBar",)))  # scule 21: the snapshot of the broken value
    assert "test/scule.test.ts::splitByCase > fooBar" not in wrong["AC1"].tests


SPLIT_TABLE = '''describe("splitByCase", () => {
  test.each([
    ["", []],
    ["fooBar", ["foo", "Bar"]],
    ["foo_bar-baz/qux", ["foo", "bar", "baz", "qux"]],
    ["foo--bar-Baz", ["foo", "", "bar", "Baz"]],
    ["FOOBar", ["FOO", "Bar"]],
  ])("%s => %s", (input, expected) => {
    expect(splitByCase(input)).toMatchObject(expected);
  });
''' + SPLIT_CUSTOM + "});\n"
EMPTY_AC = ac("AC5", 'the empty string `""`', SCULE_WHEN, "it returns the empty array `[]`")


def test_a_row_pairing_an_acs_empty_input_with_its_empty_result_is_its_case() -> None:
    """unjs/scule, E1-S1 as first written: AC5 promises `[]` for `""`. The table's row
    `["", []]` is its case; an empty value alone is no evidence: with that row deleted, the
    empty strings left in its table (`["foo", "", "bar", "Baz"]`) and in the other groups'
    (`["", ""]`) cover nothing."""
    table = "test/scule.test.ts::splitByCase > %s => %s"
    covered = split_review(SPLIT_TABLE, (*SCULE_ACS, EMPTY_AC))
    assert covered["AC5"].tests == (table,)
    assert '"" -> []' in covered["AC5"].matches[0].evidence
    deleted = split_review(SPLIT_TABLE.replace('    ["", []],\n', ""), (*SCULE_ACS, EMPTY_AC))
    assert deleted["AC5"].tests == ()
    assert deleted["AC1"].tests == covered["AC1"].tests  # the other ACs' cases are unchanged


DURATION_ACS = (
    ac("AC1", "the text `2m`", "it is read as a duration", "it returns `120` seconds"),
    ac("AC2", "the text `3 fortnights`", "it is read as a duration",
       "it returns `3628800` seconds"),
    ac("AC3", "text with an unknown unit such as `7q`", "it is read as a duration",
       "a `BadDuration` error is raised"),
)
DURATION_TESTS = '''class DurationTests(unittest.TestCase):
    def test_read_duration(self):
        """Test read_duration()."""
        self.assertEqual(120, read_duration('2m'))
        self.assertEqual(3628800, read_duration('3 fortnights'))
        with self.assertRaises(BadDuration):
            read_duration('7q')
'''


def test_a_test_checking_values_and_an_error_covers_the_value_acs_its_checks_hold() -> None:
    """humanfriendly's test_parse_size checks `parse_size('1 KB')` is 1000 and that `1q`
    raises InvalidSize, in one unittest method. Expecting the error one AC names made it an
    error test, and the ACs whose Then promises a value were dropped, though its checks hold
    each one's input and value: every value AC was left without a test."""
    covered = by_id(review(DURATION_ACS, DURATION_TESTS))
    test = "tests/test_signup.py::DurationTests::test_read_duration"
    assert covered["AC1"].tests == (test,)
    assert covered["AC2"].tests == (test,)
    assert covered["AC3"].tests == (test,)


SIZE_ACS = (
    ac("AC1", "a size of `2000` bytes", "it is shown", "it reads `2 KB`"),
    ac("AC2", "the text `2 KB`", "it is read as a size", "it returns `2000` bytes"),
)
SHOW_SIZE_TEST = '''class SizeTests(unittest.TestCase):
    def test_show_size(self):
        self.assertEqual('2 KB', show_size(2000))
'''


def test_a_check_holding_an_acs_input_as_the_result_of_its_value_is_no_case_of_it() -> None:
    """humanfriendly 10.0: test_format_size's `assertEqual('1 KB', format_size(1000 ** 1))`
    writes `1 KB` and `1000`, so it held the case of E1-S1's AC4 (the text `1 KB` is parsed
    as `1000` bytes) and covered it, though it formats 1000: a test of formatting alone
    stood for the parsing AC. The check reads the other way round; it covers the formatting
    AC."""
    covered = by_id(review(SIZE_ACS, SHOW_SIZE_TEST))
    assert covered["AC1"].tests == ("tests/test_signup.py::SizeTests::test_show_size",)
    assert covered["AC2"].tests == ()


def test_a_single_digit_an_ac_promises_for_its_input_is_its_case() -> None:
    """humanfriendly 10.0, E1-S2's AC4: the text `5s` is parsed as `5` seconds, and
    test_parse_timespan checks `assertEqual(5, parse_timespan('5s'))` beside the error AC5's
    `assertRaises(InvalidTimespan)`. A promised number counted for the AC's case only with two
    digits or more, so the check held nothing of AC4 and the test counted for AC5 alone."""
    criteria = (
        ac("AC1", "the text `7d`", "it is read as a duration", "it returns `7` days"),
        ac("AC2", "text with an unknown unit such as `7q`", "it is read as a duration",
           "a `BadDuration` error is raised"),
    )
    source = '''class DurationTests(unittest.TestCase):
    def test_read_duration(self):
        """Test read_duration()."""
        self.assertEqual(7, read_duration('7d'))
        self.assertEqual(2, read_duration('2d'))
        with self.assertRaises(BadDuration):
            read_duration('7q')
'''
    covered = by_id(review(criteria, source))
    test = "tests/test_signup.py::DurationTests::test_read_duration"
    assert covered["AC1"].tests == (test,)
    assert covered["AC2"].tests == (test,)
    assert not by_id(review(criteria, source.replace("7, read_duration('7d')",
                                                     "1, read_duration('1d')")))["AC1"].tests


COUNT_ACS = (
    ac("AC1", "a count of one and the word `apple`", "it is counted",
       "the result is `1 apple`"),
    ac("AC2", "a count of three and the irregular plural `geese`", "it is counted",
       "the result is `3 geese`"),
    ac("AC3", "a count of zero", "it is counted", "the result is `no apples`"),
)
COUNT_TEST = '''def test_counted():
    """Test counted()."""
    assert counted(1, 'apple') == '1 apple'
    assert counted(2, 'apple') == '2 apples'
    assert counted(3, 'goose', 'geese') == '3 geese'
    assert counted(0, 'apple') == 'no apples'
'''


def test_a_test_checking_each_acs_promised_value_covers_each() -> None:
    """humanfriendly 10.0: test_pluralization checks `pluralize(1, 'word') == '1 word'` and
    `pluralize(2, 'box', 'boxes') == '2 boxes'`, the values E1-S3's AC1 and AC2 promise
    (neither AC writing an input a check could hold). The test counted for the AC its words
    fit best alone, and AC2, a P0, had no test. A check comparing the code's result with a
    value only one AC promises, written whole, checks that AC; the same value as the code's
    input, or denied, does not."""
    covered = by_id(review(COUNT_ACS, COUNT_TEST))
    test = "tests/test_signup.py::test_counted"
    assert [covered[a].tests for a in ("AC1", "AC2", "AC3")] == [(test,)] * 3
    fed = COUNT_TEST.replace("counted(3, 'goose', 'geese') == '3 geese'",
                             "counted('3 geese') == 3")
    assert by_id(review(COUNT_ACS, fed))["AC2"].tests == ()
    denied = COUNT_TEST.replace("== '3 geese'", "!= '3 geese'")
    assert by_id(review(COUNT_ACS, denied))["AC2"].tests == ()


def test_a_test_handing_each_case_to_a_check_helper_covers_each_acs_case() -> None:
    """humanfriendly 10.0, refactored honestly: test_parse_size's checks through a helper
    method (`self.check_size(1000, '1 KB')`, defined beside it in the class) and
    test_pluralization's through a module-level one (`expect_plural(2, 'box', 'boxes',
    '2 boxes')`) were read as no checks: a helper call was no check statement, so each AC's
    case and value went unseen and the review asked for changes. A call of a helper named
    as a check holds a case as a check does."""
    methods = '''class DurationTests(unittest.TestCase):
    def check_duration(self, expected, text):
        self.assertEqual(expected, read_duration(text))

    def test_read_duration(self):
        """Test read_duration()."""
        self.check_duration(120, '2m')
        self.check_duration(3628800, '3 fortnights')
        with self.assertRaises(BadDuration):
            read_duration('7q')
'''
    covered = by_id(review(DURATION_ACS, methods))
    test = "tests/test_signup.py::DurationTests::test_read_duration"
    assert [covered[a].tests for a in ("AC1", "AC2", "AC3")] == [(test,)] * 3
    helper = '''def test_counted():
    """Test counted()."""
    expect_counted(1, 'apple', None, '1 apple')
    expect_counted(2, 'apple', None, '2 apples')
    expect_counted(3, 'goose', 'geese', '3 geese')
    expect_counted(0, 'apple', None, 'no apples')


def expect_counted(count, word, plural, expected):
    assert counted(count, word, plural) == expected
'''
    counted = by_id(review(COUNT_ACS, helper))
    assert [counted[a].tests for a in ("AC1", "AC2", "AC3")] == [("tests/test_signup.py::test_counted",)] * 3


_SCHEDULE_ACS = tuple(ac(i, None, None, None, text) for i, text in (
    ("AC1", "Given a schedule file with a comment, two settings and three job lines, when the "
            "file is read asynchronously with `readSchedule`, then the result holds the two "
            "settings and three jobs and no problems, and each job can give its next start "
            "time."),
    ("AC2", 'Given a path where no file exists, when `readSchedule` reads it, then the returned '
            'promise is rejected with the error "No such schedule".'),
    ("AC3", "Given the same valid schedule file, when it is read synchronously with "
            "`readScheduleSync`, then the result holds the two settings and three jobs and no "
            "problems, and each job can give its next start time."),
    ("AC4", 'Given a path where no file exists, when `readScheduleSync` reads it, then it '
            'throws the error "No such schedule".'),
    ("AC5", "Given a schedule file where one line is not a valid job, when it is read with "
            "`readScheduleSync`, then the setting `MODE` is `fast`, the two valid lines are "
            "kept as jobs, and the broken line is recorded under problems keyed by its own "
            "text."),
))
_SCHEDULE_TESTS = """
describe('Schedules', () => {
  describe('readSchedule', () => {
    test('reads and parses a valid schedule file', async () => {
      const result = await Schedules.readSchedule('fixtures/jobs.txt');
      expect(Object.keys(result.settings)).toHaveLength(2);
      expect(Object.keys(result.problems)).toHaveLength(0);
      expect(result.jobs).toHaveLength(3);
      for (const job of result.jobs) {
        expect(job.next()).toBeInstanceOf(Date);
      }
    });
    test('rejects a missing file', async () => {
      await expect(Schedules.readSchedule('./none.txt')).rejects.toThrow('No such schedule');
    });
  });
  describe('readScheduleSync', () => {
    test('reads a valid schedule file synchronously', () => {
      const result = Schedules.readScheduleSync('fixtures/jobs.txt');
      expect(Object.keys(result.settings)).toHaveLength(2);
      expect(Object.keys(result.problems)).toHaveLength(0);
      expect(result.jobs).toHaveLength(3);
      for (const job of result.jobs) {
        expect(job.next()).toBeInstanceOf(Date);
      }
    });
    test('throws for a missing file', () => {
      expect(() => Schedules.readScheduleSync('./none.txt')).toThrow('No such schedule');
    });
%s  });
});
"""
_BROKEN_LINE_TEST = """
    test('records each broken line under its text', () => {
      const result = Schedules.readScheduleSync('./broken.txt');
      expect(result.settings).toEqual({ MODE: 'fast' });
      expect(result.jobs).toHaveLength(2);
      expect(Object.keys(result.problems)).toHaveLength(1);
      expect(result.problems).toHaveProperty('not a job');
    });
"""


def _schedules(tests: str) -> dict[str, tuple[str, ...]]:
    file = "tests/schedules.test.ts"
    result = analyze("E1-S1", _SCHEDULE_ACS, split_tests(file, _SCHEDULE_TESTS % tests),
                     file_list=[file])
    return {c.ac_id: tuple(t.split(" > ")[-1] for t in c.tests) for c in result.per_ac}


def test_an_ac_left_without_a_test_takes_a_test_another_ac_has_a_far_better_one_for() -> None:
    """cron-parser's `reads and parses a valid crontab file synchronously` resembled the
    invalid-line AC as much as the synchronous-read AC it verifies; the invalid-line test
    verifies that AC with three times its evidence: a second test there, no rival. It moves
    to the AC left without a test, and counts for the other no more."""
    covered = _schedules(_BROKEN_LINE_TEST)
    assert covered["AC3"] == ("reads a valid schedule file synchronously",)
    assert covered["AC5"] == ("records each broken line under its text",)
    assert covered["AC1"] == ("reads and parses a valid schedule file",)


def test_a_test_resembling_two_acs_no_other_test_covers_is_evidence_for_neither() -> None:
    """Without the invalid-line test nothing outdoes it there: its equal resemblance to both
    ACs stays evidence for none, and both are left without a test."""
    covered = _schedules("")
    assert covered["AC3"] == () and covered["AC5"] == ()
    assert covered["AC4"] == ("throws for a missing file",)


_SPAN_ACS = (
    ac('AC1',
       'units written one after another without spaces ("2h32m", "3d2h32m", "1w3d2h32m", "5hr34m56s")',
       '`timeparse(expression)` is called',
       'it returns the sum of the parts in seconds as an `int`'),
    ac('AC2',
       'a whole number of a single unit ("32m", "172 hours", "5 days", "1 sec")',
       '`timeparse` is called',
       "the number is multiplied by the unit's length: 1 for a second, 60 for a minute, 3600 for an hour, 86400 for a day, 604800 for a week"),
    ac('AC3',
       'a unit spelled as a letter, an abbreviation or a word, singular or plural ("h", "hr", "hrs", "hour", "hours"; "m", "min", "mins", "minute", "minutes"; "s", "sec", "secs", "second", "seconds"; "d", "day", "days"; "wk", "week", "weeks")',
       'the expression is parsed',
       'every spelling of a unit gives the same value'),
    ac('AC4',
       'parts separated by spaces or by commas ("1w 3d 2h 32m", "1 w 3 d 2 h 32 m", "5 hours, 34 minutes, 56 seconds")',
       '`timeparse` is called',
       'the separators are ignored and the parts are summed'),
    ac('AC5',
       'a decimal number of minutes, hours, days or weeks ("1.2 minutes", "1.24 days", "5.6 weeks")',
       '`timeparse` is called',
       'the result is a whole number of seconds returned as an `int`'),
    ac('AC6',
       'seconds with a decimal part ("1.75 s", "4:13:02.266", "2 days, 4:13:02.266")',
       '`timeparse` is called',
       'the result is a `float` that keeps the fraction'),
    ac('AC7',
       'a clock time ("4:13" minutes and seconds, ":13" seconds alone, "4:13:02" hours, minutes and seconds, "2:04:13:02" with days), or a number of days followed by a comma and a clock time ("2 days, 4:13:02")',
       '`timeparse` is called',
       "each field is read at its position's unit"),
    ac('AC8',
       "`granularity='minutes'`",
       'a clock time with exactly one colon and no decimal point is parsed ("4:32")',
       "it is read as hours and minutes; a clock time with two colons or a decimal point, or any clock time with the default `granularity='seconds'`, keeps the minutes-and-seconds reading"),
    ac('AC9',
       'an expression preceded by "-" or "+", optionally followed by spaces ("-32m", "+ 32 m 1 s")',
       '`timeparse` is called',
       '"-" negates the result and "+" leaves it unchanged'),
    ac('AC10',
       'a sign placed inside the expression rather than before it ("32 m - 1 s", "32 m + 1 s")',
       '`timeparse` is called',
       'it returns `None` instead of a number'),
)
_SPAN_TESTS = """import unittest
from .. import timeparse


class TestSpans(unittest.TestCase):
    def test_timeparse_multipliers(self):
        '''Each unit's length.'''
        self.assertEqual(timeparse.timeparse('2 min'), 120)
        self.assertEqual(timeparse.timeparse('1 hours'), 3600)
        self.assertEqual(timeparse.timeparse('1 day'), 86400)

    def test_timeparse_signs(self):
        '''Signs before a span.'''
        self.assertEqual(timeparse.timeparse('- 4 m 2 s'), -242)
        self.assertIsNone(timeparse.timeparse('4 m + 2 s'))

    def test_timeparse_bare_seconds(self):
        '''Bare seconds, without minutes.'''
        self.assertEqual(timeparse.timeparse(':07'), 7)
        self.assertEqual(timeparse.timeparse('-:07'), -7)

    def test_timeparse_32(self):
        '''timeparse test case 32.'''
        self.assertEqual(timeparse.timeparse('2.5 week'), 1512000)
        self.assertEqual(timeparse.timeparse('+2.5 week'), 1512000)
        self.assertEqual(timeparse.timeparse('-2.5 week'), -1512000)

    def test_timeparse_7(self):
        '''timeparse test case 7.'''
        self.assertEqual(timeparse.timeparse('3:07'), 187)
        self.assertEqual(timeparse.timeparse('+3:07'), 187)
        self.assertEqual(timeparse.timeparse('-3:07'), -187)

    def test_timeparse_granularity_1(self):
        '''Minute-level granularity applies.'''
        self.assertEqual(timeparse.timeparse('4:32', granularity='minutes'), 272*60)
"""


def test_a_nearest_test_another_ac_took_as_its_spare_says_it_counts_there() -> None:
    """pytimeparse: beside AC4 the report said `test_timeparse_32` "resembles AC1, AC2, AC9,
    AC10 as much, so it counts for none of them", while AC9, left without a test, had taken
    it (`_second_tests`): the reason is the AC it counts for."""
    file = "pkg/tests/testspans.py"
    result = analyze("E1-S1", _SPAN_ACS, split_tests(file, _SPAN_TESTS), file_list=[file])
    by_ac = {c.ac_id: c for c in result.per_ac}
    assert by_ac["AC9"].tests == (f"{file}::TestSpans::test_timeparse_32",)
    whys = {m.test.rpartition("::")[2]: m.why for m in by_ac["AC4"].candidates}
    assert whys["test_timeparse_32"] == "it counts for AC9, which no other test covers"


_RUN_ACS = tuple(ac(i, None, None, None, text) for i, text in (
    ("AC1", "Given an empty list of numbers, when the numbers are compacted with `compactRuns`, "
            "then the result is an empty list."),
    ("AC2", "Given the consecutive numbers 4, 5 and 6, when the numbers are compacted, then "
            "the result is one run from 4 to 6 with a length of 3."),
    ("AC3", "Given the letters `X` and `Y` among the numbers, when the numbers are compacted, "
            "then each letter is kept as its own entry after the runs."),
))
_RUN_TESTS = """
describe('Runs', () => {
  describe('%s', () => {
    test('empty input', () => {
      expect(compactRuns([])).toEqual([]);
    });
    test('three consecutive numbers', () => {
      expect(compactRuns([4, 5, 6])).toEqual([{ start: 4, end: 6, length: 3 }]);
    });
  });
  describe('constructor', () => {
    test('creates runs', () => {
      expect(new Runs([1]).size).toBe(1);
    });
  });
});
"""


ROWS_ACS = (
    ac("AC1", "several path segments with and without leading or trailing slashes",
       "they are joined with `joinURL`",
       "exactly one slash separates each part (`a`, `b/`, `/c` give `a/b/c`)"),
    ac("AC2", "a base URL with protocol and host and relative segments", "they are joined",
       "the origin is kept and the segments follow it (`https://google.com/foo/bar`)"),
    ac("AC3", "segments that climb with `../`", "they are joined with `joinRelativeURL`",
       "parent directories are resolved (`/a/b/c` and `../../d` give `/a/d`), and a relative "
       "path that climbs past its start keeps the leading `../`"),
)
ROWS_TESTS = """import { describe, expect, test } from "vitest";
import { joinURL, joinRelativeURL } from "../src";

const joinURLTests = [
  { input: ["a", "b/", "/c"], out: "a/b/c" },
  { input: ["/", "./foo"], out: "/foo" },
  {
    input: ["https://google.com/", "./foo", "/bar"],
    out: "https://google.com/foo/bar",
  },
] as const;

describe("joinURL", () => {
  for (const t of joinURLTests) {
    test(`joinURL(${t.input.join(", ")}) === ${t.out}`, () => {
      expect(joinURL(...t.input)).toBe(t.out);
    });
  }
});

describe("joinRelativeURL", () => {
  const relativeTests = [
    ...joinURLTests,
    { input: ["/a", "../b"], out: "/b" },
    { input: ["/a/b/c", "../../d"], out: "/a/d" },
    { input: ["../a", "../../../b"], out: "../../b" },
  ];

  for (const t of relativeTests) {
    test(`joinRelativeURL(${t.input.join(", ")}) === ${t.out}`, () => {
      expect(joinRelativeURL(...t.input)).toBe(t.out);
    });
  }
});
"""


@pytest.mark.parametrize("group", ["compactRuns", "Runs.compactRuns"])
def test_a_group_named_after_the_unit_most_acs_speak_of_names_no_one_ac(group: str) -> None:
    """cron-parser's `describe('compactField')`, which only one AC names while every AC says
    "when the values are compacted": the module under test, as `CronFieldCollection.
    compactField` (no code name) was read; each test's own words choose its AC."""
    file = "tests/runs.test.ts"
    result = by_id(analyze("E1-S1", _RUN_ACS, split_tests(file, _RUN_TESTS % group),
                           file_list=[file]))
    assert result["AC1"].tests == (f"{file}::Runs > {group} > empty input",)
    assert result["AC2"].tests == (f"{file}::Runs > {group} > three consecutive numbers",)


def test_a_table_test_covers_each_ac_a_row_of_it_holds_even_beside_one_of_short_values() -> None:
    """unjs/ufo's joinURL table: one row is AC1's (`a`, `b/`, `/c` give `a/b/c`, values too
    short to weigh much), another AC2's (`https://google.com/foo/bar`). Two rows, two cases:
    the test named after joinURL is AC1's, and AC2's by its row (the joinRelativeURL test
    beside it is AC3's); without that row it is AC1's alone."""
    cases = split_tests("test/join.test.ts", ROWS_TESTS)
    result = by_id(analyze("E1-S3", ROWS_ACS, cases, file_list=["test/join.test.ts"]))
    assert result["AC1"].matched and result["AC2"].matched and result["AC3"].matched
    without = ROWS_TESTS.replace('''  {
    input: ["https://google.com/", "./foo", "/bar"],
    out: "https://google.com/foo/bar",
  },
''', "")
    result = by_id(analyze("E1-S3", ROWS_ACS, split_tests("test/join.test.ts", without),
                           file_list=["test/join.test.ts"]))
    assert result["AC1"].matched and not result["AC2"].matched


PARSE_ACS = (
    ac("AC1", "an absolute URL with a protocol, host and query such as `http://test.com?foo=bar`",
       "it is parsed with `parseURL`", "the protocol `http:`, the host `test.com`, an empty "
       "pathname and the search `?foo=bar` are returned as separate parts"),
    ac("AC2", "a Windows file URL such as `file:///C:/home/user`", "it is parsed",
       "the host is empty and the pathname keeps the drive letter, `C:/home/user`"),
    ac("AC3", "a host string with a port such as `localhost:3000`",
       "it is split with `parseHost`", "the hostname is `localhost` and the port is `3000`; a "
       "host without a port has no port"),
    ac("AC4", "a path or URL that ends in a file name", "`parseFilename` reads it",
       "it returns the file name such as `filename.ext`"),
)
PARSE_TESTS = """import { describe, expect, test } from "vitest";
import { parseURL, parseHost, parseFilename } from "../src";

describe("parseURL", () => {
  const tests = [
    {
      input: "http://test.com?foo=bar",
      out: { host: "test.com", pathname: "", protocol: "http:", search: "?foo=bar" },
    },
    {
      input: "file:///C:/home/user",
      out: { host: "", pathname: "C:/home/user", protocol: "file:", search: "" },
    },
    {
      input: "https://domain.test:3000#owo",
      out: { host: "domain.test:3000", pathname: "", protocol: "https:", hash: "#owo" },
    },
  ];

  for (const t of tests) {
    test(t.input.toString(), () => {
      expect(structuredClone(parseURL(t.input))).toEqual(t.out);
    });
  }
});

describe("parseFilename", () => {
  test("works", () => {
    expect(parseFilename("/path/to/filename.ext")).toEqual("filename.ext");
  });
});

describe("parseHost", () => {
  const tests = [
    { input: "localhost:3000", out: { hostname: "localhost", port: "3000" } },
    { input: "google.com", out: { hostname: "google.com", port: undefined } },
  ];

  for (const t of tests) {
    test(t.input, () => {
      expect(parseHost(t.input)).toStrictEqual(t.out);
    });
  }
});
"""


def test_an_ac_of_another_unit_is_no_tests_by_one_value_its_rows_share() -> None:
    """unjs/ufo: the parseURL table test, named by its input (`t.input.toString()`) inside
    `describe("parseURL")`, holds a row `https://domain.test:3000#owo`. Its own name read apart
    from its group says nothing, and `3000` is one value of the parseHost AC's (`localhost:3000`
    gives `localhost` and `3000`): no check of it. With the parseHost tests deleted that AC has
    no test; with them, theirs."""
    file_list = ["test/parse.test.ts"]
    result = by_id(analyze("E1-S1", PARSE_ACS, split_tests("test/parse.test.ts", PARSE_TESTS),
                           file_list=file_list))
    assert result["AC1"].matched and result["AC2"].matched
    assert result["AC3"].tests == ("test/parse.test.ts::parseHost > t.input",)
    without = PARSE_TESTS[:PARSE_TESTS.index('describe("parseHost"')]
    result = by_id(analyze("E1-S1", PARSE_ACS, split_tests("test/parse.test.ts", without),
                           file_list=file_list))
    assert result["AC1"].matched and result["AC2"].matched and not result["AC3"].matched


GLOB_ACS = (
    ac("AC1", "a pattern using the wildcards `*` and `?`, compiled with `'.'` as a separator",
       "`Match` is called",
       "`a.*` matches `a.b` but not `a.b.c`, and `?at` matches `cat` but not `at`"),
    ac("AC2", "a pattern holding alternatives in braces", "`Match` is called",
       "`{abc,def}ghi` matches `defghi` and `{a,ab}{bc,f}` matches `abc`"),
)
GLOB_CHECK = '''\t} {
\t\tg := MustCompile(test.pattern, test.delimiters...)
\t\tif g.Match(test.match) != test.should {
\t\t\tt.Errorf("pattern %q matching %q should be %v", test.pattern, test.match, test.should)
\t\t}
\t}
}
'''
GLOB_TESTS = f'''package glob

import "testing"

func TestTable(t *testing.T) {{
\tfor _, test := range []test{{
\t\tglob(true, "a.*", "a.b", '.'),
\t\tglob(false, "a.*", "a.b.c", '.'),
\t\tglob(true, "?at", "cat"),
\t\tglob(true, "?at", "fat"),
{GLOB_CHECK}
func TestMore(t *testing.T) {{
\tfor _, test := range []test{{
\t\tglob(true, "{{abc,def}}ghi", "defghi"),
\t\tglob(true, "{{a,ab}}{{bc,f}}", "abc"),
{GLOB_CHECK}'''


def test_the_examples_a_then_states_as_matches_are_pairs_of_values() -> None:
    assert ac_coverage._stated(
        "`a.*` matches `a.b` but not `a.b.c` when `'.'` is a separator, `?at` matches `cat`, "
        "and `{*.google.*,yandex.*}` with `'.'` as separator matches `yandex.com` and "
        "`www.google.com`; `sta` does not match `stagnation`, `?x` matches only `x`") == (
        ("a.*", "a.b"), ("a.*", "a.b.c"), ("?at", "cat"),
        ("{*.google.*,yandex.*}", "yandex.com"), ("{*.google.*,yandex.*}", "www.google.com"),
        ("sta", "stagnation"))
    assert ac_coverage._stated("it returns `a` and `b`, then `x` is kept") == ()


def test_a_table_row_holding_the_pattern_and_text_an_ac_says_match_is_its_case() -> None:
    """gobwas/glob's TestGlob: a table of `glob(should, pattern, text)` calls, named after
    nothing the ACs say. A row holding a pattern and a text an AC states as matching (or
    not: `a.*` against `a.b.c`) is that AC's case; a row matching the pattern with a text
    the AC does not name (`?at`, `fat`) denies nothing. Without those rows, no test."""
    file = "glob_test.go"
    result = analyze("E1-S1", GLOB_ACS, split_tests(file, GLOB_TESTS), file_list=[file])
    assert [(c.ac_id, c.tests) for c in result.per_ac] == [
        ("AC1", ("glob_test.go::TestTable",)), ("AC2", ("glob_test.go::TestMore",))]
    other = GLOB_TESTS.replace('"a.b", \'.\'', '"a.c", \'.\'').replace(
        '"a.b.c", \'.\'', '"a.x", \'.\'').replace('"cat"', '"bat"')
    result = analyze("E1-S1", GLOB_ACS, split_tests(file, other), file_list=[file])
    assert [(c.ac_id, c.tests) for c in result.per_ac] == [
        ("AC1", ()), ("AC2", ("glob_test.go::TestMore",))]


def test_a_row_holding_an_acs_own_case_outweighs_the_unit_its_file_is_named_after() -> None:
    """gobwas/glob: its ACs say "when `Match` is called", and `match/match_test.go` makes
    `match` a unit; no run was measured, so TestGlob's unit is a guess from its file's name
    (`glob`). Its rows holding each AC's own examples make it those ACs' test all the same;
    a test of `match` holding none of them covers neither."""
    other = ('package match\n\nimport "testing"\n\nfunc TestMatchIndex(t *testing.T) {\n'
             '\tif NewText("xyz").Index("zxyz") != 1 {\n\t\tt.Fatal("want 1")\n\t}\n}\n')
    cases = [*split_tests("glob_test.go", GLOB_TESTS), *split_tests("match/match_test.go", other)]
    result = analyze("E1-S1", GLOB_ACS, cases,
                     file_list=["glob_test.go", "match/match_test.go"])
    assert [(c.ac_id, c.tests) for c in result.per_ac] == [
        ("AC1", ("glob_test.go::TestTable",)), ("AC2", ("glob_test.go::TestMore",))]


def test_a_tests_name_and_assertion_outweigh_a_rival_its_body_alone_puts_ahead() -> None:
    """Unidecode's `test_errors_invalid` (its evidence as measured): its comment that the
    error is "not chained ... another exception occurred" is the strict mode's AC's words and
    puts that AC a little ahead (3.38, 2.04 of it the body's); its name and the error it
    expects are the invalid mode's AC (3.30, all of it its own words and assertion). It
    covers the invalid mode's AC."""
    from gaia_lib.evidence.ac_coverage import _decide, _Score

    strict = _Score(total=3.38, claim=1.34, explained=0.14, alike=0.34, asserts=True)
    invalid = _Score(total=3.30, claim=3.30, explained=0.86, alike=2.30, asserts=True)
    assert _decide([strict, invalid]) == [1]
    # no assertion of it agreeing, a word its name shares by chance ("order" of "byte order
    # mark" for `test_columns_in_any_order`) decides nothing
    assert _decide([strict, dataclasses.replace(invalid, asserts=False)]) == []
    # a rival far ahead keeps the test
    assert _decide([dataclasses.replace(strict, total=4.5), invalid]) == [0]


UNIDECODE_ERRORS_ACS = (
    ac("AC4", "the same text", "it is transliterated with `errors='strict'`",
       "an `UnidecodeError` is raised whose index is the position of the character, 5, and "
       "which is not chained to another exception"),
    ac("AC6", "an errors mode that does not exist, such as `invalid`",
       "text with such a character is transliterated", "an `UnidecodeError` is raised"),
)
UNIDECODE_ERRORS_PY = '''class BaseTestUnidecode:
    def test_errors_strict(self):
        with self.assertRaises(UnidecodeError) as e:
            o = self.unidecode("test \\U000f0000 test", errors='strict')

        self.assertEqual(5, e.exception.index)

        # This checks that the exception is not chained (i.e. you don't get the
        # "During handling of the above exception, another exception occurred")
        self.assertIsNone(e.exception.__context__)

    def test_errors_invalid(self):
        with self.assertRaises(UnidecodeError) as e:
            self.unidecode("test \\U000f0000 test", errors='invalid')

        # This checks that the exception is not chained (i.e. you don't get the
        # "During handling of the above exception, another exception occurred")
        self.assertIsNone(e.exception.__context__)
'''


LIMIT_ACS = (
    ac("AC1", "a limit written as a name and two values, such as `quota=100:300`",
       "`ParseLimit` reads it", "its lower bound is the first value and its upper the second"),
    ac("AC2", "a limit with one value, such as `quota=300`", "`ParseLimit` reads it",
       "its upper bound is the same as its lower bound"),
)
LIMIT_TESTS = """package limits

import "testing"

func TestParseLimitPair(t *testing.T) {
\tif l, _ := ParseLimit("quota=100:300"); l.Low != 100 || l.High != 300 {
\t\tt.Fatalf("got %v", l)
\t}
}
"""


def test_a_name_value_pair_inside_a_longer_value_is_no_setting_of_the_name() -> None:
    """go-units: `TestParseUlimitValid` parses `"nofile=512:1024"`, and the review said of it,
    as AC2's (`nofile=1024`) nearest test, "its code sets `nofile=512`, never the AC's
    `1024`": the value there is `512:1024`, not 512. A literal that goes on after a colon is
    part of a longer value, and sets nothing."""
    cases = split_tests("limit_test.go", LIMIT_TESTS)
    found = by_id(analyze("E1-S1", LIMIT_ACS, cases, file_list=["limit_test.go"]))
    said = [m.why for m in found["AC2"].candidates]
    assert not any("sets `quota=100`" in why for why in said), said
    # the same name set to another whole value still says so
    other = LIMIT_TESTS.replace('"quota=100:300"', '"quota=100"')
    again = by_id(analyze("E1-S1", LIMIT_ACS, split_tests("limit_test.go", other),
                          file_list=["limit_test.go"]))
    assert any("its code sets `quota=100`, never the AC's `300`" in m.why
               for m in again["AC2"].candidates)


def test_a_test_setting_an_option_only_otherwise_than_the_ac_is_no_test_of_it() -> None:
    """Unidecode: `test_errors_invalid` calls `unidecode(..., errors='invalid')` and says, as
    the strict-mode test does, that the error is not chained: it resembled AC4, which sets
    `errors='strict'`, enough to cover it, so AC4 stayed covered with its own test's check
    weakened. A test setting the AC's option only to other literals checks the code set
    otherwise: at most a nearest test of the AC, saying so."""
    strict = f"{FILE}::BaseTestUnidecode::test_errors_strict"
    invalid = f"{FILE}::BaseTestUnidecode::test_errors_invalid"
    found = by_id(review(UNIDECODE_ERRORS_ACS, UNIDECODE_ERRORS_PY))
    assert (found["AC4"].tests, found["AC6"].tests) == ((strict,), (invalid,))
    # its own test gone, AC4 is left uncovered, the invalid-mode test its nearest, and why
    without = UNIDECODE_ERRORS_PY.split("    def test_errors_invalid")[0].replace(
        "test_errors_strict", "test_errors_invalid").replace("'strict'", "'invalid'")
    alone = by_id(review(UNIDECODE_ERRORS_ACS, without))["AC4"]
    assert not alone.matched
    assert [m.test for m in alone.candidates] == [invalid]
    assert "its code sets `errors='invalid'`, never the AC's `strict`" in \
        alone.candidates[0].why
    # a mode given by a name, not a literal, says nothing of which it is
    named = without.replace("errors='invalid'", "errors=mode")
    assert by_id(review(UNIDECODE_ERRORS_ACS, named))["AC4"].tests == (invalid,)
    # a value the AC's Then sets the option to as well is one of its cases
    both = (dataclasses.replace(UNIDECODE_ERRORS_ACS[0], text=UNIDECODE_ERRORS_ACS[0].text
                                + " The same holds with `errors='invalid'`."),
            UNIDECODE_ERRORS_ACS[1])
    assert by_id(review(both, without))["AC4"].tests == (invalid,)


def ac_text(ac_id: str, text: str) -> AcceptanceCriterion:
    return AcceptanceCriterion(ac_id, text, None, None, None, False, False, 1)


# neverthrow 8.0.0: `Result` and `ResultAsync` share method names; the ACs speak of the
# asynchronous result's.
ASYNC_RESULT_ACS = (
    ac_text("AC1",
            "Given an asynchronous result holding a value, when I map it with a synchronous "
            "or an asynchronous function, then awaiting gives an Ok with the mapped value "
            "(`12` becomes `'12'`), and an asynchronous error passes through map untouched "
            "without calling the function."),
    ac_text("AC2",
            "Given an asynchronous result holding an error, when I transform the error with "
            "`mapErr`, then awaiting gives the transformed error (`Error: Wrong format`), and"
            " a success passes through without calling the function."),
    ac_text("AC3",
            "Given an asynchronous result holding a value, when I chain a next step with "
            "`andThen` returning either a result or an asynchronous result, then the next "
            "step's outcome becomes the chain's outcome, and after an error the step is never"
            " called."),
    ac_text("AC4",
            "Given a side step that itself can fail, when I run it with `andThrough`, then a "
            "success keeps the original value (`12`) while a failure of the step becomes the "
            "chain's error (`oh no!`)."),
)
SYNC_RESULT_TESTS = """describe('Result.Ok', () => {
  it('Maps to a ResultAsync', async () => {
    const okVal = ok(12)
    const flattened = okVal.asyncAndThen((_number) => okAsync({ data: 'why not' }))
    expect(flattened).toBeInstanceOf(ResultAsync)
    const newResult = await flattened
    expect(newResult.isOk()).toBe(true)
    expect(newResult._unsafeUnwrap()).toStrictEqual({ data: 'why not' })
  })

  describe('asyncAndThrough', () => {
    it('Calls the passed function but returns an original ok as Async', async () => {
      const okVal = ok(12)
      const passedFn = jest.fn((_number) => okAsync(undefined))
      const teedAsync = okVal.asyncAndThrough(passedFn)
      expect(teedAsync).toBeInstanceOf(ResultAsync)
      const teed = await teedAsync
      expect(teed.isOk()).toBe(true)
      expect(passedFn).toHaveBeenCalledTimes(1)
      expect(teed._unsafeUnwrap()).toStrictEqual(12)
    })
  })
})

describe('Result.Err', () => {
  it('Transforms error into ResultAsync within `asyncAndThen`', async () => {
    const errVal = err('Wrong format')
    const asyncMapper = jest.fn((_val) => okAsync('Very Nice!'))
    const promise = errVal.asyncAndThen(asyncMapper)
    expect(promise).toBeInstanceOf(ResultAsync)
    const newResult = await promise
    expect(newResult.isErr()).toBe(true)
    expect(asyncMapper).not.toHaveBeenCalled()
  })
})
"""
ASYNC_MAP_TESTS = """  describe('map', () => {
    it('Maps a value using a synchronous function', async () => {
      const asyncVal = okAsync(12)
      const mapSyncFn = jest.fn((v) => v.toString())
      const mapped = asyncVal.map(mapSyncFn)
      const newVal = await mapped
      expect(newVal._unsafeUnwrap()).toBe('12')
    })
  })
"""
ASYNC_MAP_ERR_TESTS = """  describe('mapErr', () => {
    it('Maps an error using a synchronous function', async () => {
      const asyncErr = errAsync('Wrong format')
      const mapErrSyncFn = jest.fn((str) => 'Error: ' + str)
      const mappedErr = asyncErr.mapErr(mapErrSyncFn)
      const newVal = await mappedErr
      expect(newVal._unsafeUnwrapErr()).toBe('Error: Wrong format')
    })
  })
"""


def async_result_tests(*groups: str) -> str:
    return f"{SYNC_RESULT_TESTS}\ndescribe('ResultAsync', () => {{\n{''.join(groups)}}})\n"


@pytest.mark.parametrize(
    ("group", "unit"),
    [("Result.Ok", "Result"), ("`Result.fromThrowable`", "Result"), ("ResultAsync", "ResultAsync"),
     ("Utils", ""), ("combines lists", "")],
)
def test_group_unit_is_a_code_name_or_a_dotted_names_owner(group: str, unit: str) -> None:
    (found,) = ts_cases(f"describe('{group}', () => {{\n  it('x', () => {{\n"
                        "    expect(f()).toBe(1)\n  })\n})\n", "tests/index.test.ts")
    assert group_unit(found) == unit


def test_a_test_of_a_narrower_unit_is_no_test_of_an_ac_about_the_wider_one() -> None:
    """`Result.Ok > Maps to a ResultAsync` runs `Result`'s `asyncAndThen`: the AC mapping "an
    asynchronous result" is `ResultAsync`'s (a group of the story's tests), whose words hold
    `Result`'s and more. With `ResultAsync`'s map tests deleted, AC1 has no test."""
    file = "tests/index.test.ts"
    both = by_id(analyze("E1-S3", ASYNC_RESULT_ACS,
                         ts_cases(async_result_tests(ASYNC_MAP_TESTS, ASYNC_MAP_ERR_TESTS), file),
                         file_list=[file]))
    assert both["AC1"].tests == (f"{file}::ResultAsync > map > Maps a value using a synchronous "
                                 "function",)
    assert both["AC2"].tests == (f"{file}::ResultAsync > mapErr > Maps an error using a "
                                 "synchronous function",)
    gone = by_id(analyze("E1-S3", ASYNC_RESULT_ACS,
                         ts_cases(async_result_tests(ASYNC_MAP_ERR_TESTS), file),
                         file_list=[file]))
    assert not gone["AC1"].matched


def test_an_ac_naming_the_narrower_unit_as_code_keeps_its_tests() -> None:
    """An AC that names `Result` itself ("its `Result` counterpart") speaks of it on its own:
    the `Result.Ok` group's tests may cover it."""
    criteria = (ac_text("AC1", "Given an asynchronous result, when I map it with `Result`'s "
                               "asyncAndThen, then it returns a ResultAsync."),
                ASYNC_RESULT_ACS[1])
    found = ts_cases(async_result_tests(ASYNC_MAP_TESTS), "tests/index.test.ts")
    units = {group_unit(c) for c in found} - {""}
    assert ac_coverage._of_a_wider_unit("Result", units, criteria, [{"result": 1.0}, {}]) \
        == frozenset({1})


# neverthrow 8.0.0: `combine` keeps the first error, `combineWithAllErrors` every one.
COMBINE_ACS = (
    ac("AC1", "a list of results that all succeeded", "I combine them",
       "I get one Ok holding every value in the original order"),
    ac("AC2", "a list with more than one failure", "I combine it with `combine`",
       "I get an Err holding only the first error (`boooom!`), and later errors are ignored"),
    ac("AC3", "a list with more than one failure", "I combine it with `combineWithAllErrors`",
       "I get an Err holding every error in order (`boooom!` then `ahhhhh!`)"),
    ac("AC4", "results whose values have different types (a string, a number, a boolean)",
       "I combine them", "the Ok keeps each value at its position with its own type"),
    ac("AC5", "results whose values are themselves arrays", "I combine them",
       "the arrays stay nested as single elements and are never flattened or concatenated"),
    ac("AC6", "a list of asynchronous results",
       "I combine it with `ResultAsync.combine` or `ResultAsync.combineWithAllErrors`",
       "I get an asynchronous result that resolves the same way the synchronous combine "
       "does, including for mocked objects"),
)


def combine_tests(function: str, checks: str | None) -> str:
    """neverthrow's `describe` of one of its combining functions: its Ok test, and its Err
    test checking `checks` (none: deleted)."""
    err_test = "" if checks is None else f"""      it('Combines a list of results into an Err value', () => {{
        const resultList: Result<number, string>[] = [
          ok(123), err('boooom!'), ok(456), err('ahhhhh!'),
        ]
        const result = Result.{function}(resultList)
        expect(result.isErr()).toBe(true)
        expect(result._unsafeUnwrapErr()).{checks}
      }})
"""
    return f"""  describe('`Result.{function}`', () => {{
    describe('Synchronous `{function}`', () => {{
      it('Combines a list of results into an Ok value', () => {{
        const resultList = [ok(123), ok(456), ok(789)]
        const result = Result.{function}(resultList)
        expect(result.isOk()).toBe(true)
        expect(result._unsafeUnwrap()).toEqual([123, 456, 789])
      }})
{err_test}    }})
  }})
"""


def test_a_test_calling_one_of_two_variants_is_no_test_of_the_other() -> None:
    """neverthrow's `Result.combine` error test resembled the AC of `combineWithAllErrors` as
    much as `combine`'s (both promise an Err holding `boooom!`): it calls `combine`, never
    `combineWithAllErrors`, and covers the AC of `combine`. With `combineWithAllErrors`'s
    own error test deleted, its AC has no test."""
    file = "tests/index.test.ts"
    combine = combine_tests("combine", "toBe('boooom!')")

    def covered(every: str | None) -> dict[str, AcCoverage]:
        source = f"describe('Utils', () => {{\n{combine}{combine_tests('combineWithAllErrors', every)}}})\n"
        return by_id(analyze("E1-S2", COMBINE_ACS, ts_cases(source, file), file_list=[file]))

    both = covered("toEqual(['boooom!', 'ahhhhh!'])")
    assert both["AC2"].tests == (f"{file}::Utils > `Result.combine` > Synchronous `combine` > "
                                 "Combines a list of results into an Err value",)
    assert both["AC3"].tests == (f"{file}::Utils > `Result.combineWithAllErrors` > Synchronous "
                                 "`combineWithAllErrors` > Combines a list of results into an "
                                 "Err value",)
    assert not covered(None)["AC3"].matched


def test_a_check_that_the_result_is_not_the_promised_value_is_no_test_of_it() -> None:
    """neverthrow's `combineWithAllErrors` error test checking `.not.toBe(['boooom!',
    'ahhhhh!'])` (a fresh array: it passes whatever the code returns) beside its check that
    the result is an Err: no test of the AC promising those errors; its nearest test says
    why."""
    file = "tests/index.test.ts"
    first = combine_tests("combine", "toBe('boooom!')")
    every = combine_tests("combineWithAllErrors", "not.toBe(['boooom!', 'ahhhhh!'])")
    source = f"describe('Utils', () => {{\n{first}{every}}})\n"
    found = by_id(analyze("E1-S2", COMBINE_ACS, ts_cases(source, file), file_list=[file]))
    assert not found["AC3"].matched
    assert any("is not `ahhhhh!`" in near.why for near in found["AC3"].candidates)
    # a Then promising a difference is checked so
    differs = (*COMBINE_ACS[:2], ac("AC3", "a list with more than one failure",
                                    "I combine it with `combineWithAllErrors`",
                                    "the Err differs from (`boooom!` then `ahhhhh!`)"),
               *COMBINE_ACS[3:])
    kept = by_id(analyze("E1-S2", differs, ts_cases(source, file), file_list=[file]))
    assert not any("is not `" in near.why for near in kept["AC3"].candidates)


ASYNC_COMBINE_AC = ac("AC6", "a list of asynchronous results",
                      "I combine it with `ResultAsync.combine`",
                      "I get an asynchronous result that resolves the same way the "
                      "synchronous combine does")
ERR_ASYNC_GROUP = """describe('ResultAsync', () => {
  describe('errAsync', () => {
    it('Creates a ResultAsync that resolves to an Err', async () => {
      const err = errAsync('bad')
      expect(err).toBeInstanceOf(ResultAsync)
      const res = await err
      expect(res.isErr()).toBe(true)
      expect(res._unsafeUnwrapErr()).toEqual('bad')
    })
  })
})
"""
ASYNC_COMBINE_GROUP = """describe('Utils', () => {
  describe('`ResultAsync.combine`', () => {
    it('Combines a list of async results into an Ok value', async () => {
      const asyncResultList = [okAsync(123), okAsync(456), okAsync(789)]
      const result = await ResultAsync.combine(asyncResultList)
      expect(result.isOk()).toBe(true)
      expect(result._unsafeUnwrap()).toEqual([123, 456, 789])
    })
  })
})
"""


def test_a_test_of_a_function_no_ac_names_is_no_test_of_an_ac_of_another() -> None:
    """neverthrow's `ResultAsync > errAsync > Creates a ResultAsync that resolves to an
    Err` calls `errAsync`, which no AC names: its words ("asynchronous", "resolves") are the
    AC of `ResultAsync.combine`'s, a function it never calls. With the combine tests skipped,
    that AC has no test; with them, the test in `Utils > ResultAsync.combine` covers it (it
    runs `ResultAsync`, the type its group's method belongs to)."""
    file = "tests/index.test.ts"
    criteria = (*COMBINE_ACS[:2], ASYNC_COMBINE_AC)
    sync = f"describe('Sync', () => {{\n{combine_tests('combine', 'toBe(1)')}}})\n"
    alone = by_id(analyze("E1-S2", criteria, ts_cases(sync + ERR_ASYNC_GROUP, file),
                          file_list=[file]))
    assert not alone["AC6"].matched
    both = by_id(analyze("E1-S2", criteria,
                         ts_cases(sync + ASYNC_COMBINE_GROUP + ERR_ASYNC_GROUP, file),
                         file_list=[file]))
    assert both["AC6"].tests == (f"{file}::Utils > `ResultAsync.combine` > Combines a list of "
                                 "async results into an Ok value",)


def test_a_group_named_after_a_types_method_runs_that_type() -> None:
    runs = file_units_run(ts_cases(ASYNC_COMBINE_GROUP + ERR_ASYNC_GROUP, "tests/index.test.ts"))
    assert runs is not None
    assert runs.by_test["tests/index.test.ts::Utils > `ResultAsync.combine` > Combines a list "
                        "of async results into an Ok value"] == {"ResultAsync", "index"}


@pytest.mark.parametrize(
    ("calls", "ruled_out"),
    [({"combine"}, {1}), ({"combinewithallerrors"}, {0}),
     ({"combine", "combinewithallerrors"}, set()),
     # an unrelated call (set-up) rules nothing out; nor does calling none of them
     ({"parse"}, set()), ({"ok"}, set())],
)
def test_of_another_call_rules_out_only_a_variant_of_what_the_test_calls(
        calls: set[str], ruled_out: set[int]) -> None:
    named = [frozenset({"combine"}), frozenset({"combinewithallerrors"}),
             frozenset({"parse"}), frozenset()]
    found = ac_coverage._of_another_call(calls, named)
    assert found & {0, 1} == ruled_out
    assert 2 not in found


def test_of_another_call_by_a_group_named_after_what_the_test_calls() -> None:
    named = [frozenset({"combine"}), frozenset({"parse"}), frozenset()]
    # its group names `errAsync`, which it calls: every AC acting through others is out
    assert ac_coverage._of_another_call({"errasync", "expect"}, named, "errasync") == {0, 1}
    # a group named after what it does not call says nothing
    assert ac_coverage._of_another_call({"expect"}, named, "errasync") == frozenset()


def test_called_in_setting_reads_the_called_name_of_code_in_the_given_and_when() -> None:
    criterion = ac("AC6", "a list of asynchronous results", "I combine it with "
                   "`ResultAsync.combine` or `parse()`, or `--flag`",
                   "it resolves like `combineWithAllErrors`")
    assert ac_coverage.called_in_setting(criterion) == {"combine", "parse"}


OK_ASYNC_TESTS = """  describe('okAsync', () => {
    it('Creates a ResultAsync that resolves to an Ok', async () => {
      const val = okAsync(12)
      expect(val).toBeInstanceOf(ResultAsync)
      const res = await val
      expect(res.isOk()).toBe(true)
      expect(res._unsafeUnwrap()).toEqual(12)
    })
  })
"""


def test_a_group_named_as_code_no_ac_names_is_no_sentence_of_its_own() -> None:
    """`ResultAsync > okAsync > ...`: read alone, the group `okAsync` says "ok" and
    "asynchronous", all of "an asynchronous result ... gives an Ok"; it names a function no
    AC names, not what its tests check. With the map tests deleted, AC1 has no test."""
    file = "tests/index.test.ts"
    gone = by_id(analyze("E1-S3", ASYNC_RESULT_ACS,
                         ts_cases(async_result_tests(ASYNC_MAP_ERR_TESTS, OK_ASYNC_TESTS), file),
                         file_list=[file]))
    assert not gone["AC1"].matched
    kept = by_id(analyze("E1-S3", ASYNC_RESULT_ACS, ts_cases(async_result_tests(
        ASYNC_MAP_TESTS, ASYNC_MAP_ERR_TESTS, OK_ASYNC_TESTS), file), file_list=[file]))
    assert kept["AC1"].tests == (f"{file}::ResultAsync > map > Maps a value using a synchronous "
                                 "function",)


NEAREST_VALUE_ACS = (
    ac("AC6", "a sorted list of values",
       "`findNearestValueInList` looks for the value after a given one",
       "it returns the next greater value, or null when there is none"),
    ac("AC7", "a sorted list of values and a step",
       "the field's range is listed", "every value is in the list"),
)
NEAREST_VALUE_TS = """describe('CronField', () => {
  describe('findNearestValueInList', () => {
    test('returns the next greater value when reverse=false', () => {
      expect(CronField.findNearestValueInList([1, 2, 3], 1, false)).toBe(2);
    });

    test('returns the previous smaller value when reverse=true', () => {
      expect(CronField.findNearestValueInList([1, 2, 3], 3, true)).toBe(2);
    });
  });
});
"""


def test_a_test_named_for_the_other_side_of_what_an_ac_says_is_no_test_of_it() -> None:
    """cron-parser: with its next-value tests weakened to `toBeDefined()`, the AC "it returns
    the next greater value" stayed covered by `returns the previous smaller value when
    reverse=true`, through the `findNearestValueInList` group both sit in. A test whose name
    says `previous` and `smaller`, where the AC says only `next` and `greater`, checks the other
    side; with both sides in its name, it may check the AC's."""
    file = "tests/CronField.test.ts"
    nxt = f"{file}::CronField > findNearestValueInList > returns the next greater value when " \
          "reverse=false"
    prev = f"{file}::CronField > findNearestValueInList > returns the previous smaller value " \
           "when reverse=true"

    def covering(source: str) -> tuple[str, ...]:
        return {c.ac_id: c.tests for c in analyze(
            "E1-S2", NEAREST_VALUE_ACS, split_tests(file, source), file_list=[file]).per_ac
                }["AC6"]

    assert covering(NEAREST_VALUE_TS) == (nxt,)
    start = NEAREST_VALUE_TS.index("    test('returns the next")
    only_previous = NEAREST_VALUE_TS[:start] + NEAREST_VALUE_TS[
        NEAREST_VALUE_TS.index("    test('returns the previous"):]
    assert covering(only_previous) == ()
    both = only_previous.replace("the previous smaller value when reverse=true",
                                 "the previous smaller or next greater value")
    assert covering(both) == (prev.replace("value when reverse=true", "or next greater value"),)


LRU_ADD = ac("AC3", "a cache of size 1", "`Add` stores a key",
             "it returns false when nothing was evicted, and true when adding a second key "
             "evicts the first")
LRU_ADD_ACS = (
    LRU_ADD,
    ac("AC5", "a full cache of size 2", "`PeekOrAdd` is called with a key it holds",
       "it returns the key's previous value, reports it contained and evicts nothing"),
)
LRU_PEEK = '''package lru

func TestLRUPeek(t *testing.T) {
\tl, err := New(2)
\tif err != nil {
\t\tt.Fatalf("err: %v", err)
\t}

\tl.Add(1, 1)
\tl.Add(2, 2)
\tif v, ok := l.Peek(1); !ok || v != 1 {
\t\tt.Errorf("1 should be set to 1: %v, %v", v, ok)
\t}
}
'''


def test_a_test_named_after_a_method_its_code_calls_is_not_the_test_of_a_longer_one() -> None:
    """golang-lru's TestLRUPeek calls `l.Peek`; the PeekOrAdd AC writes `peek` only inside
    `PeekOrAdd`, which the test never calls: the test is Peek's, and the AC was covered by it
    alone once TestLRUPeekOrAdd was emptied. A test of the same name calling `PeekOrAdd` is
    the AC's; to an AC saying "peek" in its own words, the word brings the test near."""
    file = "lru_test.go"
    result = analyze("E1-S1", LRU_ADD_ACS, py_cases(LRU_PEEK, file), file_list=[file])
    assert [c.ac_id for c in result.per_ac if c.matched] == []
    assert result.per_ac[1].candidates == ()  # not even near
    calling = LRU_PEEK.replace("l.Peek(1)", "l.PeekOrAdd(1, 1)")
    result = analyze("E1-S1", LRU_ADD_ACS, py_cases(calling, file), file_list=[file])
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC5"]
    said = (LRU_ADD_ACS[0], ac("AC5", "a full cache of size 2",
                               "`PeekOrAdd` is called to peek at a key it holds",
                               "it returns the key's previous value, reports it contained "
                               "and evicts nothing"))
    result = analyze("E1-S1", said, py_cases(LRU_PEEK, file), file_list=[file])
    assert [m.test for m in result.per_ac[1].candidates] == [f"{file}::TestLRUPeek"]


LRU_ACS = (
    ac("AC1", "a cache of size 128", "256 keys are added with `Add`",
       "`Len` is 128, the 128 oldest keys are no longer found by `Get` and the 128 newest are"),
    ac("AC2", "a cache created with `NewWithEvict` and a callback",
       "adding keys pushes entries out",
       "the callback is called once for each evicted entry with its key and value: 128 times "
       "after 256 keys were added to a cache of 128"),
    LRU_ADD,
    ac("AC6", "keys in the cache", "a key is removed with `Remove`",
       "`Get` no longer finds it; and when the cache is cleared with `Purge`, then `Len` is 0"),
)
LRU_ALL = '''package lru

func TestLRU(t *testing.T) {
\tevictCounter := 0
\tonEvicted := func(k interface{}, v interface{}) {
\t\tevictCounter++
\t}
\tl, err := NewWithEvict(128, onEvicted)
\tif err != nil {
\t\tt.Fatalf("err: %v", err)
\t}
\tfor i := 0; i < 256; i++ {
\t\tl.Add(i, i)
\t}
\tif l.Len() != 128 {
\t\tt.Fatalf("bad len: %v", l.Len())
\t}
\tif evictCounter != 128 {
\t\tt.Fatalf("bad evict count: %v", evictCounter)
\t}
\tfor i := 128; i < 192; i++ {
\t\tl.Remove(i)
\t}
\tl.Purge()
\tif l.Len() != 0 {
\t\tt.Fatalf("bad len: %v", l.Len())
\t}
}
'''


def test_a_check_comparing_a_number_the_then_states_with_what_it_names_covers_the_ac() -> None:
    """golang-lru's TestLRU, named after the package, checks `l.Len() != 128` and
    `evictCounter != 128`: the length AC ("`Len` is 128") and the callback AC ("called ...
    for each evicted entry: 128 times") were left without a test, their words only in its
    code. A check comparing the Then's number with code its words name, and no other Then
    writing that number names, covers the AC; without those checks, neither is covered."""
    file = "lru_test.go"

    def covered(source: str) -> list[str]:
        result = analyze("E1-S1", LRU_ACS, py_cases(source, file), file_list=[file])
        return [c.ac_id for c in result.per_ac if c.matched]

    assert covered(LRU_ALL) == ["AC1", "AC2", "AC6"]
    unchecked = LRU_ALL.replace("\tif evictCounter != 128 {\n\t\tt.Fatalf(\"bad evict count: "
                                "%v\", evictCounter)\n\t}\n", "")
    assert covered(unchecked) == ["AC1", "AC6"]
    # a check whose words name both Thens writing 128 (the length and the cache) is neither's
    both = unchecked.replace("if l.Len() != 128", "if cacheLen(l) != 128")
    assert covered(both) == ["AC6"]
    # nor is a number inside a message the Then quotes
    quoted = (LRU_ACS[0], dataclasses.replace(
        LRU_ACS[1], then='the callback logs "evicted 128 entries" for each evicted entry'),
        *LRU_ACS[2:])
    result = analyze("E1-S1", quoted, py_cases(LRU_ALL, file), file_list=[file])
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC1", "AC6"]
    # a number of one digit, compared by chance, is no Then's value
    small = tuple(dataclasses.replace(a, then=(a.then or "").replace("128", "8")) for a in LRU_ACS)
    result = analyze("E1-S1", small, py_cases(unchecked.replace("128", "8"), file),
                     file_list=[file])
    assert [c.ac_id for c in result.per_ac if c.matched] == ["AC6"]


FROM_THROWABLE_ACS = (
    ac("AC1", "a function that throws", "it is wrapped with `fromThrowable` and called",
       "no exception escapes and I get an Err holding the thrown error"),
    ac("AC2", "a function that returns a value", "it is wrapped with `fromThrowable` and called",
       "I get an Ok holding the value"),
)
FROM_THROWABLE_TS = """describe('fromThrowable', () => {
  it('Creates a function that returns an err when the inner function throws', () => {
    const thrower = (): string => { throw new Error('boom') }
    const safe = fromThrowable(thrower, () => 'error')
    expect(() => safe()).not.toThrow()
    expect(safe()._unsafeUnwrapErr()).toBe('error')
  })
  it('Creates a function that returns an ok when the inner function does not throw', () => {
    const safe = fromThrowable((): number => 12, () => 'error')
    expect(safe()._unsafeUnwrap()).toBe(12)
  })
})
"""


def test_an_ac_saying_no_exception_escapes_is_covered_by_a_test_that_nothing_throws() -> None:
    """neverthrow's `fromThrowable`: "no exception escapes and I get an Err holding the thrown
    error" was read as promising an exception ("thrown"), so its honest test, which checks
    that nothing throws and that an Err comes back, read as contradicting it and the AC was
    left without a test."""
    file = "src/result.test.ts"
    found = {c.ac_id: c.tests for c in analyze(
        "E1-S1", FROM_THROWABLE_ACS, split_tests(file, FROM_THROWABLE_TS),
        file_list=[file]).per_ac}
    assert found == {
        "AC1": (f"{file}::fromThrowable > Creates a function that returns an err when the "
                "inner function throws",),
        "AC2": (f"{file}::fromThrowable > Creates a function that returns an ok when the "
                "inner function does not throw",)}


IDS_ACS = (
    ac("AC1", "a generator built with no options", "numbers are turned into a public id",
       "the same numbers always give the same short id (1, 2 and 3 give `o2fXhV`)"),
    ac("AC2", "an id the generator produced", "the caller asks which numbers it stands for",
       "the original numbers come back in their order"),
    ac("AC9", "code written against the older API",
       "it calls `encrypt` and `decrypt` instead of `encode` and `decode`",
       "it gets the ids and numbers the current names give"),
)
IDS_TESTS = '''
class TestEncryption:
    def test_default_salt(self):
        assert Hashids().encrypt(1, 2, 3) == 'o2fXhV'


class TestEncoding:
    def test_default_salt(self):
        assert Hashids().encode(1, 2, 3) == 'o2fXhV'

    def test_shout(self):
        assert Hashids().encrypt(1, 2, 3).upper() == 'O2FXHV'


class TestDecoding:
    def test_default_salt(self):
        assert Hashids().decode('o2fXhV') == (1, 2, 3)
'''


def test_a_check_of_what_a_function_only_one_ac_names_returns_is_that_acs_test_too() -> None:
    """hashids' old-name tests (`assert Hashids().encrypt(1, 2, 3) == 'o2fXhV'`) check the
    value an AC promises and the function only the old-names AC names: they are tests of
    both. The AC's contrast (`encode`, "instead of") is no case of it, and a call whose result
    the check only passes on (`.encrypt(...).upper()`) is not what it checks."""
    file = "test/test_ids.py"
    result = analyze("E1-S1", IDS_ACS, py_cases(IDS_TESTS, file), file_list=[file])
    found = by_id(result)
    assert found["AC9"].tests == (f"{file}::TestEncryption::test_default_salt",)
    assert f"{file}::TestEncryption::test_default_salt" in found["AC1"].tests
    # a function more than half of the story's tests call is the module's way in
    most = IDS_TESTS.replace(".encode(", ".encrypt(")
    result = analyze("E1-S1", IDS_ACS, py_cases(most, file), file_list=[file])
    assert by_id(result)["AC9"].tests == ()
UNIDECODE_CLI_ACS = (
    ac("AC1", "a file written in a named encoding such as Shift JIS",
       "`unidecode -e sjis FILE` is run", "the file's ASCII transliteration (`Ge `) is printed "
       "and the command exits with status 0"),
    ac("AC2", "a file written in the system's default encoding",
       "`unidecode FILE` is run without `-e`", "its transliteration is printed"),
    ac("AC3", "text piped to the command's standard input",
       "`unidecode` is run without a file", "the transliteration of that text is printed"),
    ac("AC4", "a file that is not valid in the named encoding",
       "`unidecode -e utf8 FILE` is run", "the message `Unable to decode input line` is "
       "written to standard error and the command exits with status 1"),
)
UNIDECODE_CLI_PY = '''class TestUnidecodeUtility(unittest.TestCase):

    TEST_UNICODE = u'\\u9769'
    TEST_ASCII = 'Ge '

    def test_encoding_error(self):
        f = temp(self.TEST_UNICODE.encode('sjis'))
        out, err, rc = run(['-e', 'utf8', f.name])
        self.assertRegex(err, '^Unable to decode input line ')
        self.assertEqual(rc, 1)

    def test_file_specified_encoding(self):
        f = temp(self.TEST_UNICODE.encode('sjis'))
        out, err, rc = run(['-e', 'sjis', f.name])
        self.assertEqual(out, self.TEST_ASCII)
        self.assertEqual(rc, 0)

    def test_file_default_encoding(self):
        f = temp(self.TEST_UNICODE.encode(locale.getpreferredencoding()))
        out, err, rc = run([f.name])
        self.assertEqual(out, self.TEST_ASCII)
        self.assertEqual(rc, 0)

    def test_file_stdin(self):
        cmd = get_cmd()
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        out, err = p.communicate(self.TEST_UNICODE.encode(locale.getpreferredencoding()))
        self.assertEqual(out.decode('ascii'), self.TEST_ASCII)

    def test_commandline(self):
        out, err, rc = run(['-e', 'sjis', '-c', self.TEST_UNICODE.encode('sjis')])
        self.assertEqual(out, self.TEST_ASCII + '\\n')
        self.assertEqual(rc, 0)
'''


def test_a_value_a_test_compares_with_through_a_class_constant_confirms_its_own_ac() -> None:
    """Unidecode's command-line tests compare their output with `self.TEST_ASCII`, `'Ge '`,
    the value AC1 promises: `test_file_specified_encoding`, whose other evidence fits AC1
    best, checks it, as if it wrote `'Ge '` (its name alone says too little of AC1). The
    others read the same constant: it keeps `test_file_default_encoding` on AC2, and without
    AC1's own test the stdin and `-c` tests, whose names say nothing of AC1, cover none of
    it."""
    klass = f"{FILE}::TestUnidecodeUtility"
    found = by_id(review(UNIDECODE_CLI_ACS, UNIDECODE_CLI_PY))
    assert (found["AC1"].tests, found["AC2"].tests) == (
        (f"{klass}::test_file_specified_encoding",), (f"{klass}::test_file_default_encoding",))
    start = UNIDECODE_CLI_PY.index("    def test_file_specified_encoding")
    end = UNIDECODE_CLI_PY.index("    def test_file_default_encoding")
    without = UNIDECODE_CLI_PY[:start] + UNIDECODE_CLI_PY[end:]
    assert not by_id(review(UNIDECODE_CLI_ACS, without))["AC1"].matched
    # a value the class sets again is no constant's
    moved = UNIDECODE_CLI_PY.replace("    def test_encoding_error(self):",
                                     "    def setUp(self):\n        self.TEST_ASCII = 'x'\n\n"
                                     "    def test_encoding_error(self):")
    assert not by_id(review(UNIDECODE_CLI_ACS, moved))["AC1"].matched


ULID_ACS = (
    ac("AC1", "no arguments", "a new ULID is created", "it is 16 bytes long, its string form "
       "is 26 characters of the Crockford base32 alphabet, and its timestamp is the current "
       "time"),
    ac("AC2", "ULIDs created one after another as time moves on", "they are sorted",
       "they come out in the order they were created, as strings, integers and bytes alike"),
)
ULID_PY = '''from ulid import base32
from ulid import constants
from ulid import ULID


@freeze_time()
def test_ulid() -> None:
    ulid = ULID()

    t = time.time()
    now = utcnow()

    assert len(ulid.bytes) == constants.BYTES_LEN
    assert len(str(ulid)) == constants.REPR_LEN

    assert all(c in base32.ENCODE for c in str(ulid))
    assert isinstance(ulid.to_uuid(), uuid.UUID)

    assert isinstance(ulid.timestamp, float)
    assert ulid.timestamp == pytest.approx(t)

    assert isinstance(ulid.datetime, datetime)
    datetimes_almost_equal(ulid.datetime, now)


@pytest.mark.parametrize("tick", [1, 60, 3600, 86400])
def test_ulid_monotonic_sorting(tick: int) -> None:
    ulids = []
    initial_time = utcnow()
    with freeze_time(initial_time) as frozen_time:
        for i in range(1, 11):
            ulids.append(ULID())
            frozen_time.move_to(initial_time + timedelta(seconds=i * tick))

    assert_sorted(ulids)
    assert_sorted([str(v) for v in ulids])
    assert_sorted([int(v) for v in ulids])
'''
ULID_CODE = {
    "ulid/constants.py": "TIMESTAMP_LEN = 6\nRANDOMNESS_LEN = 10\n"
                         "BYTES_LEN = TIMESTAMP_LEN + RANDOMNESS_LEN\n\n"
                         "TIMESTAMP_REPR_LEN = 10\nRANDOMNESS_REPR_LEN = 16\n"
                         "REPR_LEN = TIMESTAMP_REPR_LEN + RANDOMNESS_REPR_LEN\n",
    "ulid/base32.py": 'ENCODE: str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"\n',
}


def test_a_value_a_test_compares_with_through_a_constant_of_the_storys_code_is_its_then() -> None:
    """python-ulid's `test_ulid` checks `len(ulid.bytes) == constants.BYTES_LEN` and
    `len(str(ulid)) == constants.REPR_LEN`, constants of `ulid/constants.py`, a File List
    source, that make 16 and 26: the 16 bytes and 26 characters AC1 promises. Read so, it
    covers AC1; without the story's sources, it says too little of it."""
    ulid = "tests/test_ulid.py::test_ulid"
    files = ["tests/test_ulid.py", *ULID_CODE]
    cases = split_tests("tests/test_ulid.py", ULID_PY, ULID_CODE)
    found = by_id(analyze("E1-S1", ULID_ACS, cases, file_list=files))
    assert found["AC1"].tests == (ulid,)
    plain = split_tests("tests/test_ulid.py", ULID_PY)
    assert not by_id(analyze("E1-S1", ULID_ACS, plain, file_list=files))["AC1"].matched


SQL_FORMAT_ACS = (
    ac("AC1", "a SQL statement", "it is formatted with `keyword_case` \"upper\"",
       "only its keywords change case (`select * from bar` becomes `SELECT * FROM bar`)"),
    ac("AC2", "a SQL statement", "it is formatted with `identifier_case`",
       "its identifiers change case and its keywords do not"),
    ac("AC3", "a statement with comments", "it is formatted with `strip_comments`",
       "the comments are removed and the line breaks they ended are kept"),
    ac("AC4", "a statement", "it is formatted with `output_format` \"python\"",
       "it is returned as a Python assignment; any other format is refused with a "
       "`SQLParseError`"),
)
SQL_FORMAT_PY = '''class TestFormat:
    def test_keywordcase(self):
        sql = 'select * from bar; -- select foo\\n'
        res = sqlparse.format(sql, keyword_case='upper')
        assert res == 'SELECT * FROM bar; -- select foo\\n'

    def test_identifiercase(self):
        sql = 'select * from bar; -- select foo\\n'
        res = sqlparse.format(sql, identifier_case='upper')
        assert res == 'select * from BAR; -- select foo\\n'
        res = sqlparse.format(sql.upper(), identifier_case='lower')
        assert res == 'SELECT * FROM bar; -- SELECT FOO\\n'

    def test_strip_comments_single(self):
        sql = 'select *-- statement starts here\\nfrom foo'
        res = sqlparse.format(sql, strip_comments=True)
        assert res == 'select *\\nfrom foo'

    def test_strip_ws(self):
        f = lambda sql: sqlparse.format(sql, strip_whitespace=True)
        s = 'select\\n* from      foo\\n\\twhere  ( 1 = 2 )\\n'
        assert f(s) == 'select * from foo where (1 = 2)'


class TestOutputFormat:
    def test_python(self):
        sql = 'select * from foo;'
        f = lambda sql: sqlparse.format(sql, output_format='python')
        assert f(sql) == "sql = 'select * from foo;'"


def test_format_json_ops():
    sql = "select foo->'bar', foo->'bar';"
    formatted = sqlparse.format(sql, reindent=True)
    assert formatted == "select foo->'bar',\\n       foo->'bar';"
'''


def test_a_class_or_name_after_the_function_every_ac_uses_names_no_ac() -> None:
    """sqlparse: `TestFormat` and `test_format_json_ops` are named after `format`, which four
    ACs use as "when it is formatted" and one as "any other format": the module's way in. With
    the output-format tests deleted, that AC stayed covered by every other formatting test.
    A class or a name's first word naming the unit most ACs speak of names none of them."""
    found = by_id(review(SQL_FORMAT_ACS, SQL_FORMAT_PY))
    assert found["AC4"].tests == (f"{FILE}::TestOutputFormat::test_python",)
    assert found["AC3"].tests == (f"{FILE}::TestFormat::test_strip_comments_single",)
    without = SQL_FORMAT_PY.split("class TestOutputFormat")[0] + "def test_format_json_ops" + \
        SQL_FORMAT_PY.split("def test_format_json_ops")[1]
    assert not by_id(review(SQL_FORMAT_ACS, without))["AC4"].matched


def test_a_test_passing_a_sibling_option_checks_that_option() -> None:
    """sqlparse: with the `keyword_case` tests deleted, `test_identifiercase` still covered the
    keyword AC: it asserts `SELECT * FROM bar`, the AC's own example, as the result of
    `identifier_case='lower'` on an upper-cased statement; and `test_strip_ws`, passing
    `strip_whitespace=True`, covered the `strip_comments` AC by its name's "strip". A test
    passing an option that shares a word with one the AC names, and never the AC's, checks
    that other option: at most the AC's nearest test, saying so."""
    keyword = SQL_FORMAT_PY.split("    def test_identifiercase")[0].split("    def test_keywordcase")[0]
    without = keyword + "    def test_identifiercase" + SQL_FORMAT_PY.split(
        "    def test_identifiercase")[1]
    found = by_id(review(SQL_FORMAT_ACS, without))
    assert not found["AC1"].matched
    assert found["AC2"].tests == (f"{FILE}::TestFormat::test_identifiercase",)
    assert "its code passes `identifier_case`, an option the AC does not name" in \
        found["AC1"].candidates[0].why
    comments = without.replace("strip_comments", "keep_comments")
    assert not by_id(review(SQL_FORMAT_ACS, comments.replace(
        "def test_keep_comments_single", "def test_kept")))["AC3"].matched
    # the AC's own option passed beside it: the test is the AC's
    both = without.replace("identifier_case='lower')", "identifier_case='lower', "
                           "keyword_case='upper')")
    assert by_id(review(SQL_FORMAT_ACS, both))["AC1"].tests == (
        f"{FILE}::TestFormat::test_identifiercase",)


_CLOCK_ACS = (
    ac("AC1", "a job scheduled every day at a clock time such as \"10:30\"",
       "it is scheduled", "its next run is at 10:30; a malformed time is refused with a "
       "`ScheduleValueError`"),
    ac("AC2", "a daily job at a clock time in a named timezone", "its next run is computed",
       "it is that wall-clock time in that zone, also across daylight-saving changes"),
)
_CLOCK_TESTS = '''
class SchedulerTests(unittest.TestCase):
    def test_at_time(self):
        assert every().day.at("10:30").do(job).next_run.hour == 10
        assert every().day.at("10:30").do(job).next_run.minute == 30
        self.assertRaises(ScheduleValueError, every().day.at, "59:59")

    def test_tz_daily_half_hour_offset(self):
        with mock_datetime(2022, 4, 8, 10, 0):
            next = every().day.at("10:30", "America/New_York").do(job).next_run
            assert next.hour == 16
            assert next.minute == 30
'''


def test_a_check_of_another_times_minute_asserts_no_clock_time_the_then_states() -> None:
    """schedule 1.2.2, its `test_at_time` deleted: `test_tz_daily_half_hour_offset` (10:30 in
    New York, 16:30 in Berlin) compares its minute with 30, and its comments and set-up say
    10 and 30: it counted as asserting the daily AC's "next run is at 10:30", and the AC
    stayed covered. The time is one value: the timezone test is the timezone AC's only."""
    covered = {c.ac_id: tuple(t.rsplit("::", 1)[-1] for t in c.tests)
               for c in review(_CLOCK_ACS, _CLOCK_TESTS).per_ac}
    assert covered["AC1"] == ("test_at_time",)
    assert "test_tz_daily_half_hour_offset" in covered["AC2"]


_STOPWORD_ACS = (
    ac("AC1", "text with capital letters, punctuation or runs of spaces", "it is slugified",
       "the slug is lower case and each run of other characters becomes a single hyphen"),
    ac("AC2", "a list of stopwords", "text is slugified",
       "every occurrence of those words is left out whatever its case"),
    ac("AC3", "a custom separator", "text is slugified",
       "its words are joined by that separator instead of a hyphen"),
)
_STOPWORD_TESTS = '''
class TestSlugify(unittest.TestCase):
    def test_multiple_stopword_occurances(self):
        txt = 'the quick brown fox jumps over the lazy dog in the night'
        r = slugify(txt, stopwords=['the'])
        self.assertEqual(r, 'quick-brown-fox-jumps-over-lazy-dog-in-night')

    def test_smart_truncate_no_max_length(self):
        txt = '1,000 reasons you are #1'
        r = smart_truncate(txt)
        self.assertEqual(r, txt)
'''


def test_a_word_the_test_misspells_is_the_acs_word() -> None:
    """python-slugify 6.1.1's `test_multiple_stopword_occurances` verifies "every occurrence
    of those words is left out": its "occurances" met no word of the AC, and "multiple
    stopword" alone explained too little of its name to count."""
    covered = {c.ac_id: tuple(t.rsplit("::", 1)[-1] for t in c.tests)
               for c in review(_STOPWORD_ACS, _STOPWORD_TESTS).per_ac}
    assert covered["AC2"] == ("test_multiple_stopword_occurances",)


# mapstructure 1.5.0: the weak-typing AC's Given names the settings its conversions rest on.
MAPSTRUCTURE_ACS = (
    ac("AC1", 'a map with string keys and a pointer to a struct',
       'Decode is called',
       'each exported field receives the value of the key equal to its name ignoring case: strings, booleans, integers of every size, unsigned integers, floats, interface{} fields and pointer fields (a *string from a string) are set, a number of one kind fills a field of another numeric kind (a float 42 into an int; a json.Number into an int, uint, uint64 or float, or kept as a json.Number), keys without a matching field are ignored and unexported fields are never touched'),
    ac("AC2", 'a struct with composite fields',
       'a map is decoded into it',
       'a nested struct or pointer to a struct (allocated when nil) is filled from a nested map, a pointer to a map or a struct value of the same type; a map field is filled from a map with its keys and values converted (including maps of structs); slice and array fields are filled from slices, arrays or pointers to them (including lists of maps into slices or arrays of structs); an interface{} field that already holds a pointer to a struct is filled in place; and the decode target itself may also be a map, a slice, or an interface{} holding a struct or a pointer to one'),
    ac("AC5", 'a struct value or pointer',
       'it is decoded into a map (map[string]interface{} or a map of a specific value type)',
       'every exported field becomes an entry keyed by its field name or tag name, carrying nested structs, slices and maps along, fields tagged `omitempty` are left out while they hold their zero value (a tag of only `,omitempty` keeps the field name as key); a struct can also be decoded into another struct type with the same fields, pointer fields into plain fields, and nil slices and maps in the source come out as nil in the target'),
    ac("AC6", 'weakly typed input (WeaklyTypedInput in DecoderConfig, WeakDecode or WeakDecodeMetadata)',
       "a value's type differs from its field's type",
       'it is converted: booleans to 1/0 numbers or "1"/"0" strings, numbers to strings and to booleans (non-zero is true), strings to numbers and booleans ("1" is true, an empty string gives zero or false), byte slices and byte arrays to strings and strings to byte slices, a single value into a one-element slice or array, a map into a slice or array (an empty map gives an empty slice), and a list of maps merged into one map; without weak typing these conversions are reported as errors and only numeric-to-numeric conversions take place'),
    ac("AC7", 'input that does not fit the result',
       'it is decoded',
       'an error is returned: a value of an unconvertible type gives a mapstructure *Error whose messages name the field ("\'Vstring\' expected type \'string\', got unconvertible type \'int\', value: \'42\'"), a negative number for an unsigned field overflows ("cannot parse \'Vuint\', -42 overflows uint"), a single value or a map where a slice, array or other map is expected fails, and a result that is not a pointer gives "result must be a pointer"; with ErrorUnused any input key that sets no field (including one naming an unexported field) is an error, and with ErrorUnset any struct field left without a value is an error'),
)
MAPSTRUCTURE_GO = '''func TestArray(t *testing.T) {
\tinputStringArray := map[string]interface{}{
\t\t"vfoo": "foo",
\t\t"vbar": [2]string{"foo", "bar"},
\t}
\toutputStringArray := &Array{"foo", [2]string{"foo", "bar"}}
\ttestArrayInput(t, inputStringArray, outputStringArray)
}

func TestSliceToMap(t *testing.T) {
\tinput := []map[string]interface{}{{"foo": "bar"}, {"bar": "baz"}}
\tvar result map[string]interface{}
\terr := WeakDecode(input, &result)
\tif err != nil {
\t\tt.Fatalf("got an error: %s", err)
\t}
}

func TestInvalidArray(t *testing.T) {
	input := map[string]interface{}{
		"vfoo": "foo",
		"vbar": 42,
	}
	result := Array{}
	err := Decode(input, &result)
	if err == nil {
		t.Errorf("expected failure")
	}
}

func TestWeakDecode(t *testing.T) {
	input := map[string]interface{}{
		"foo": "4",
		"bar": "value",
	}
	var result struct {
		Foo int
		Bar string
	}
	if err := WeakDecode(input, &result); err != nil {
		t.Fatalf("err: %s", err)
	}
	if result.Foo != 4 {
		t.Fatalf("bad: %#v", result)
	}
}

func TestSliceOfStruct(t *testing.T) {
\tinput := []map[string]interface{}{{"vfoo": "one"}, {"vfoo": "two"}}
\tvar result []Basic
\tif err := Decode(input, &result); err != nil {
\t\tt.Fatalf("got an error: %s", err)
\t}
}
'''


def test_a_test_never_using_the_code_an_acs_given_names_is_no_test_of_it() -> None:
    """mapstructure: `TestArray` decodes a map holding an array with `Decode`, no weak typing
    at all, and its words (array, input, map) made it a test of the weak-typing AC, whose
    Given names `WeaklyTypedInput` and `WeakDecode`. A test writing none of the code an AC's
    Given names, where some of it is that AC's alone and at most half of the tests write it,
    runs the code without it: at most a nearest test of the AC, saying so."""
    from gaia_lib.evidence.ac_coverage import _score

    def scores(file: str) -> dict[str, Any]:
        reading = read("E1-S1", MAPSTRUCTURE_ACS, split_tests(file, MAPSTRUCTURE_GO),
                       file_list=[file])
        weak = reading.crits[3]
        assert weak.conditions == {"weakdecode"}
        return {case.name: (_score(case, said, weak, reading.weight),
                            _score(case, said, dataclasses.replace(weak, conditions=frozenset()),
                                   reading.weight))
                for case, said in zip(reading.ours, reading.said, strict=True)}

    found = scores("mapstructure_test.go")
    ruled, unruled = found["TestArray"]
    assert ruled.contradicted and "never writes `WeakDecode`" in ruled.denies
    assert not unruled.contradicted and "array" in unruled.evidence
    assert ruled.evidence == unruled.evidence  # what it shares with the AC, for the report
    assert not found["TestWeakDecode"][0].contradicted  # it calls `WeakDecode`
    assert not found["TestSliceToMap"][0].contradicted
    # the same test in a file named after the setting sets it up by its file
    assert not scores("weaklytypedinput_test.go")["TestArray"][0].contradicted
    result = by_id(analyze("E1-S1", MAPSTRUCTURE_ACS, split_tests(
        "mapstructure_test.go", MAPSTRUCTURE_GO), file_list=["mapstructure_test.go"]))
    assert result["AC6"].tests == ("mapstructure_test.go::TestWeakDecode",)


def test_an_acs_given_names_as_conditions_only_its_own_compound_code_names() -> None:
    """`_conditions`: a code name of two or more words only this AC names and that some,
    at most half, of the tests write as code; a capitalised English word (`CamelCase` of
    "Given a CamelCase word") that the tests write only inside strings is no code; and every
    name the Given and When write as code is a way to set the case up (`load_dotenv`)."""
    from gaia_lib.evidence.ac_coverage import _conditions, _written

    plain, weak = MAPSTRUCTURE_ACS[0], MAPSTRUCTURE_ACS[3]
    written = [_written(body, strings=False) for body in (
        "WeakDecode(input, &result)", "Decode(input, &result)", "Decode(x, &y)")]
    (_, none), (own, setup) = _conditions((plain, weak), [set(), set()], written)
    assert none == frozenset() and own == {"weakdecode"}
    assert {"weaklytypedinput", "decoderconfig", "weakdecodemetadata"} <= setup
    # written by more than half of the tests: the module's way in
    assert _conditions((weak,), [set()], written[:1])[0] == (frozenset(), frozenset())
    # named by another AC too: no condition of this one's
    assert _conditions((plain, weak), [{"weakdecode"}, set()], written)[1][0] == frozenset()
    camel = ac("AC4", "a CamelCase word", "underscore is called", "it is converted")
    tests = [_written('assert underscore("CamelCase") == "camel_case"', strings=False),
             _written("assert camelize(x) == y", strings=False), frozenset()]
    assert _conditions((camel,), [set()], tests) == [(frozenset(), frozenset())]
    # a name its When writes as code is a way in too (`WeakDecode` of a When "`Decode` is
    # called" set up by a test calling `Decode`)
    called = dataclasses.replace(weak, when="`Decode` is called")
    (own, setup), = _conditions((called,), [set()], written)
    assert own == {"weakdecode"} and "decode" in setup


# python-dateutil 2.9.0.post0: its tests are named in the domain's words, its ACs in the
# product's; what a test passes by keyword says which AC's Given it sets up.
DATEUTIL_ACS = (
    ac("AC1", "relative amounts such as years, months or days",
       "the delta is added to or subtracted from a date",
       "the date moves by those amounts, and a day the resulting month lacks falls back to "
       "that month's last day"),
    ac("AC2", "absolute fields such as day or hour", "the delta is applied to a date",
       "those fields are replaced rather than added to, and a day past the month's end "
       "becomes its last day"),
    ac("AC3", "a weekday, optionally with an nth occurrence", "the delta is applied",
       "the date moves to that weekday (backwards for a negative n), and stays put if it "
       "already falls on it"),
    ac("AC6", "fractional weeks, days, hours, minutes or seconds",
       "the delta is applied to a datetime or normalized",
       "the fractional part is carried into the smaller units"),
)
DATEUTIL_PY = '''class RelativeDeltaTest(unittest.TestCase):
    now = datetime(2003, 9, 17, 20, 54, 47, 282310)
    today = date(2003, 9, 17)

    def testNextFriday(self):
        self.assertEqual(self.today+relativedelta(weekday=FR),
                         date(2003, 9, 19))

    def testLastDayOfFebruary(self):
        self.assertEqual(date(2021, 2, 1) + relativedelta(day=31),
                         date(2021, 2, 28))

    def testNextMonthPlusOneWeek(self):
        self.assertEqual(self.now+relativedelta(months=+1, weeks=+1),
                         datetime(2003, 10, 24, 20, 54, 47, 282310))
'''
DATEUTIL_FILE = "tests/test_relativedelta.py"


def review_file(criteria: tuple[AcceptanceCriterion, ...], source: str,
                file: str) -> CoverageResult:
    """The matcher over the tests of `source`, the test file `file` the File List claims."""
    return analyze("E1-S1", criteria, py_cases(source, file), file_list=[file])


def test_a_checked_call_passing_what_only_one_acs_given_speaks_of_sets_up_its_case() -> None:
    """dateutil: `testNextFriday` checks `self.today + relativedelta(weekday=FR)`, and said
    nothing the weekday AC says (a Friday is a weekday, no shared word); `testLastDayOf
    February` passes `day=31`, an absolute field ("such as day or hour"), not the relative
    `days` of AC1. A Python check of a call passing by keyword a word only one AC's Given
    writes, in that very form, sets up that AC's case; one of the alternatives a Given lists
    ("fractional weeks, days, hours ...") weighs its share and decides nothing alone."""
    from gaia_lib.evidence.ac_coverage import _given_words

    words_of = _given_words(DATEUTIL_ACS)
    assert "weekday" in words_of[2] and {"day", "hour"} <= words_of[1]
    assert "days" not in words_of[0] | words_of[3]  # AC1's and AC6's Givens both write it
    assert "weeks" in words_of[3]
    found = by_id(review_file(DATEUTIL_ACS, DATEUTIL_PY, DATEUTIL_FILE))
    friday = f"{DATEUTIL_FILE}::RelativeDeltaTest::testNextFriday"
    february = f"{DATEUTIL_FILE}::RelativeDeltaTest::testLastDayOfFebruary"
    assert found["AC3"].tests == (friday,)
    assert found["AC2"].tests == (february,)
    # `weeks=+1`, one of AC6's five alternatives, makes no fractional test
    assert f"{DATEUTIL_FILE}::RelativeDeltaTest::testNextMonthPlusOneWeek" not in \
        found["AC6"].tests
    # passed outside any check it says nothing
    unchecked = DATEUTIL_PY.replace(
        "self.assertEqual(self.today+relativedelta(weekday=FR),\n"
        "                         date(2003, 9, 19))",
        "delta = relativedelta(weekday=FR)\n        self.assertTrue(delta)")
    assert friday not in by_id(review_file(DATEUTIL_ACS, unchecked, DATEUTIL_FILE))[
        "AC3"].tests
_WEEKS_ACS = (
    DATEUTIL_ACS[0],
    DATEUTIL_ACS[3],
    ac("AC7", "a delta with days", "its weeks are read",
       "they are the whole weeks in those days, and when weeks are set, then the days change "
       "so that the leftover days are kept"),
)
_WEEKS_PY = '''class RelativeDeltaWeeksPropertyGetterTest(unittest.TestCase):
    """Test the weeks property getter"""

    def test_one_day(self):
        rd = relativedelta(days=1)
        self.assertEqual(rd.days, 1)
        self.assertEqual(rd.weeks, 0)

    def test_minus_one_day(self):
        rd = relativedelta(days=-1)
        self.assertEqual(rd.days, -1)
        self.assertEqual(rd.weeks, 0)

    def test_leap_day(self):
        rd = relativedelta(days=-1)
        self.assertEqual(rd.days, -1)
        self.assertEqual(rd.weeks, 0)
'''


def test_a_number_or_sign_a_tests_name_writes_is_its_example_not_its_subject() -> None:
    """dateutil: `RelativeDeltaWeeksPropertyGetterTest::test_one_day` was the weeks AC's test
    and `test_minus_one_day` beside it, checking the same with -1, none: "minus", a word no
    AC writes, weighed as a subject the AC leaves unexplained (its name's share the AC
    explains fell below the bar). A number or a sign a test's name writes and no AC does
    (`minus`, `eight`, `zero`) states the example's value: it leaves nothing unexplained."""
    from gaia_lib.evidence import words
    from gaia_lib.evidence.ac_coverage import _score, read

    assert {"minus", "plus", "zero", "eight"} <= words.VALUE_WORDS
    assert words.stem("three") in words.VALUE_WORDS
    reading = read("E1-S1", _WEEKS_ACS, py_cases(_WEEKS_PY, DATEUTIL_FILE),
                   file_list=[DATEUTIL_FILE])
    one, minus, leap = (_score(case, said, reading.crits[2], reading.weight).explained
                        for case, said in zip(reading.ours, reading.said, strict=True))
    assert one > 0 and minus == pytest.approx(one)
    assert leap < one  # a word of another subject no AC writes ("leap") still weighs
    assert reading.weight("minus", unknown=True) == 0.0
    assert reading.weight("leap", unknown=True) > 0.0


def test_a_word_run_together_from_an_acs_word_and_another_is_read_as_both() -> None:
    """cachetools: `CachedMethodTest::test_typedmethod_dict` checks `get_typedmethod`, whose
    key is typed, for the AC "... values of different types that compare equal (1 and 1.0)
    share an entry unless a typed key is used"; `typedmethod`, a word no AC spells, weighed
    as a subject the AC leaves unexplained. A word run together from a word an AC spells and
    another (four letters or more each) is read as the two words; one no AC word starts or
    ends is left as it is."""
    from gaia_lib.evidence.ac_coverage import _respell
    from gaia_lib.evidence.words import canonical, forms

    raw_ac = [forms("Given a function decorated with `cached`, when it is called repeatedly "
                    "with equal arguments, then values that compare equal share an entry "
                    "unless a typed key is used.")]
    raw_said = [(forms("test_typedmethod_dict"), forms(""), forms("")),
                (forms("test_weakref"), forms(""), forms(""))]
    _respell(raw_ac, raw_said)
    typed, weak = raw_said[0][0], raw_said[1][0]
    token = canonical("typed")
    assert token is not None and typed.get(token) == {"typed"}
    assert canonical("typedmethod") not in typed
    assert canonical("weakref") in weak  # no word of the AC's at either end


_COLOR_ACS = (
    ac("AC1", "a color name such as `navy`",
       "it is converted to a hex code or to an integer RGB triplet",
       "it gives `#000080` or `(0, 0, 128)`"),
    ac("AC2", "a hex code or an integer RGB triplet", "its color name is asked for",
       "the name is returned (`#daa520` is `goldenrod`)"),
)
_COLOR_TESTS = '''
@pytest.mark.parametrize(["name", "hex_value"], [("navy", "#000080"), ("goldenrod", "#daa520")])
def test_name_to_hex(name, hex_value):
    """Conversion of color names to hex."""
    assert hex_value == webcolors.name_to_hex(name)


@pytest.mark.parametrize(["hex_value", "name"], [("#000080", "navy"), ("#daa520", "goldenrod")])
def test_hex_to_name(hex_value, name):
    """Conversion from hex to color name succeeds."""
    assert name == webcolors.hex_to_name(hex_value)


@pytest.mark.parametrize(["triplet", "hex_value"], [((0, 0, 128), "#000080")])
def test_rgb_to_hex(triplet, hex_value):
    """Conversion from integer RGB triplet to hex succeeds."""
    assert hex_value == webcolors.rgb_to_hex(triplet)


@pytest.mark.parametrize(["hex_value", "triplet"], [("#000080", (0, 0, 128))])
def test_hex_to_rgb(hex_value, triplet):
    """Conversion from hex to integer RGB triplet succeeds."""
    assert triplet == webcolors.hex_to_rgb(hex_value)
'''


def test_a_test_converting_the_other_way_round_checks_no_ac_stating_this_way() -> None:
    """webcolors: every word of "a hex code ... its color name is asked for" is in
    `test_name_to_hex` too, and the hex and RGB tests assert the name AC's `#000080` and
    `(0, 0, 128)`: with the name-to-hex test deleted, the name AC kept `test_rgb_to_hex` and
    `test_hex_to_rgb`, and with the hex-to-name test deleted the naming AC kept
    `test_name_to_hex`. Where a story's tests convert both ways round, a test converts from
    the thing before its name's `to`: an AC converting the other way round is not its AC."""
    found = by_id(review(_COLOR_ACS, _COLOR_TESTS))
    assert found["AC1"].tests == (f"{FILE}::test_name_to_hex",)
    assert found["AC2"].tests == (f"{FILE}::test_hex_to_name",)
    no_name_to_hex = _COLOR_TESTS.replace("def test_name_to_hex", "def xtest_name_to_hex")
    without = by_id(review(_COLOR_ACS, no_name_to_hex))["AC1"]
    assert not without.matched
    assert any("the AC the other way round" in c.why for c in without.candidates)
    no_hex_to_name = _COLOR_TESTS.replace("def test_hex_to_name", "def xtest_hex_to_name")
    assert not by_id(review(_COLOR_ACS, no_hex_to_name))["AC2"].matched


_CLIP_ACS = (
    ac("AC1", "a hex color code", "it is normalized",
       "it becomes six lowercase digits (`#09C` becomes `#0099cc`)"),
    ac("AC2", "integer RGB values out of range", "they are normalized",
       "integers are clipped to 0-255 (`-20` becomes `0`, `270` becomes `255`)"),
    ac("AC3", "a color name", "it is converted to an integer RGB triplet",
       "it gives `(0, 0, 128)` for `navy`"),
)
_CLIP_TESTS = '''
@pytest.mark.parametrize(["raw", "normalized"], [("#09C", "#0099cc"), ("#0099CC", "#0099cc")])
def test_normalize_hex(raw, normalized):
    """Hexadecimal normalization normalizes valid hex color codes to 6 digits, lowercase."""
    assert normalized == webcolors.normalize_hex(raw)


@pytest.mark.parametrize(["raw", "normalized"], [(255, 255), (-20, 0), (270, 255)])
def test_normalize_integer_rgb(raw, normalized):
    """Integer normalization clips to 0-255."""
    assert normalized == webcolors.normalize_integer_rgb(raw)


@pytest.mark.parametrize(["hex_value", "triplet"], [("#fff", (255, 255, 255)), ("#000", (0, 0, 0))])
def test_hex_to_rgb(hex_value, triplet):
    """Conversion from hex to integer RGB triplet succeeds."""
    result = webcolors.hex_to_rgb(hex_value)
    assert isinstance(result, webcolors.IntegerRGB)
    assert triplet == result
'''


def test_what_an_example_becomes_asserted_of_other_inputs_is_no_evidence() -> None:
    """webcolors: with the clipping tests emptied, the AC "integers are clipped to 0-255
    (`-20` becomes `0`, `270` becomes `255`)" kept `test_hex_to_rgb`, which asserts 255 and 0
    of `#fff` and `#000`: the example's values of other inputs. What an example a Then states
    (`X` becomes `Y`) becomes is evidence in a test writing one of the examples' inputs."""
    found = by_id(review(_CLIP_ACS, _CLIP_TESTS))
    assert found["AC2"].tests == (f"{FILE}::test_normalize_integer_rgb",)
    assert found["AC1"].tests == (f"{FILE}::test_normalize_hex",)
    without = _CLIP_TESTS.replace("def test_normalize_integer_rgb", "def xtest_normalize_integer_rgb")
    assert not by_id(review(_CLIP_ACS, without))["AC2"].matched


_SPEC_ACS = (
    ac("AC1", "a hex code", "its color name is asked for",
       "the name is returned; a value with no name in the chosen specification is refused "
       "with a `ValueError` saying it has no defined color name"),
    ac("AC2", "a specification other than html4, css2, css21 and css3",
       "a conversion is asked for with it",
       "a `ValueError` saying it is not a supported specification is raised"),
)
_SPEC_TESTS = '''
def test_hex_to_name_unnamed_in_spec():
    """A hex code which does not correspond to a named color in the given specification
    raises ValueError."""
    with pytest.raises(ValueError, match="has no defined color name"):
        webcolors.hex_to_name("#daa520", spec=webcolors.HTML4)


@pytest.mark.parametrize("spec", ["css1", "css4", "html5"])
def test_hex_to_name_unsupported_spec(spec):
    """Using an unsupported specification raises ValueError."""
    with pytest.raises(ValueError, match="not a supported specification"):
        webcolors.hex_to_name("#ffffff", spec=spec)
'''


def test_a_test_expecting_the_error_with_another_message_checks_another_error() -> None:
    """webcolors: with the unsupported-specification tests deleted, that AC ("a `ValueError`
    saying it is not a supported specification") kept the tests of an unnamed color in a
    given specification: the same `ValueError`, the word "specification", but
    `match="has no defined color name"`. A test whose expected messages share no word with
    the message an AC says its error carries checks another error: at most a nearest test."""
    found = by_id(review(_SPEC_ACS, _SPEC_TESTS))
    assert found["AC2"].tests == (f"{FILE}::test_hex_to_name_unsupported_spec",)
    without = by_id(review(_SPEC_ACS, _SPEC_TESTS.replace(
        "def test_hex_to_name_unsupported_spec", "def xtest_hex_to_name_unsupported_spec")))
    assert not without["AC2"].matched
    assert any('the error it expects says "has no defined color name"' in c.why
               for c in without["AC2"].candidates)


_BATS_FILE = "test/pin-read.bats"
_BATS_ACS = (
    ac("AC1", "a pin file holding `..` or a version with a path segment such as `a/b`",
       "it is read", 'the read fails with "tool: invalid version in `pin`" so no directory '
       "outside `versions/` is selected"),
    ac("AC2", "a pin file holding `1.2.3`", "it is read", "it prints `1.2.3`"),
)
_BATS_TESTS = """load helper

@test "fails for invalid file" {
  run tool-pin-read "non-existent"
  assert_failure ""
}

@test "disallows path segments in version string" {
  echo "a/b" > pin
  run tool-pin-read pin
  assert_failure "tool: invalid version in \\`pin'"
}

@test "reads simple pin file" {
  echo "1.2.3" > pin
  run tool-pin-read pin
  assert_success "1.2.3"
}
"""


def test_a_bats_test_expecting_its_failure_to_print_nothing_checks_another_failure() -> None:
    """rbenv: "fails for invalid file" (a file that does not exist, `assert_failure ""`)
    was counted for the AC whose read fails with "invalid version in ..." by the word
    `invalid`; with the path-segment test skipped, that P0 AC still read as tested. A test
    asserting its failure prints nothing checks another failure than one saying something."""
    found = by_id(analyze("E1-S1", _BATS_ACS, split_tests(_BATS_FILE, _BATS_TESTS),
                          file_list=[_BATS_FILE]))
    assert found["AC1"].tests == (f"{_BATS_FILE}::disallows path segments in version string",)
    near = {c.test: c.why for c in found["AC1"].candidates}
    invalid = f"{_BATS_FILE}::fails for invalid file"
    assert invalid not in found["AC1"].tests
    if invalid in near:
        assert "it expects the failure to print nothing" in near[invalid]


def test_a_test_sentence_led_by_a_name_spelled_as_code_is_named_after_it() -> None:
    """rbenv: "RBENV_DIR has precedence over PWD" is the test of the AC whose Given names
    `RBENV_DIR`; a sentence names no unit, so only its plain words counted (`dir`, `rbenv`,
    every test's), too few for any AC. A sentence's leading code name is what it is about,
    as a leading call is (`parse("1h") returns ...`)."""
    acs = (ac("AC1", "`TOOL_DIR` names a directory", "`tool pin-file` runs",
              "the search starts there and falls back to the working directory"),
           ac("AC2", "a pin file in the current directory", "`tool pin-file` runs",
              "it prints the path of that file"))
    tests = """load helper

@test "TOOL_DIR has precedence over PWD" {
  mkdir -p widget project && touch widget/.pin project/.pin
  cd project
  TOOL_DIR="$TEST_DIR/widget" run tool-pin-file
  assert_success "$TEST_DIR/widget/.pin"
}

@test "in current directory" {
  touch .pin
  run tool-pin-file
  assert_success "$TEST_DIR/.pin"
}
"""
    assert ac_coverage.subject_prefixes("TOOL_DIR has precedence over PWD") == ("tooldir",)
    assert ac_coverage.subject_prefixes("the TOOL_DIR wins") == ()
    found = by_id(analyze("E1-S1", acs, split_tests(_BATS_FILE, tests), file_list=[_BATS_FILE]))
    assert found["AC1"].tests == (f"{_BATS_FILE}::TOOL_DIR has precedence over PWD",)
    assert "tooldir" in found["AC1"].matches[0].evidence


_OWNER_ACS = (
    ac("AC1", "a function that may throw", "I wrap it with `fromThrowable` and the call returns "
       "normally", "I get an Ok holding the function's own return value"),
    ac("AC2", "an async function that throws before it returns a promise, or whose promise "
       "rejects", "I wrap it with `ResultAsync.fromThrowable` and call it",
       "awaiting gives an Err holding the error instead of a rejected promise, and a call that "
       "succeeds gives an Ok with its value"),
)
_OWNER_TESTS = '''
describe('Result.fromThrowable', () => {
  it('Creates a function that returns an err when the inner function throws', () => {
    const thrower = (): string => {
      throw new Error()
    }
    const safeThrower = Result.fromThrowable(thrower)
    const result = safeThrower()

    expect(result).toBeInstanceOf(Err)
    expect(result._unsafeUnwrapErr()).toBeInstanceOf(Error)
  })
})
'''


def test_a_test_of_the_member_of_another_owner_checks_another_function() -> None:
    """neverthrow: `Result.fromThrowable`'s "returns an err when the inner function throws"
    had the words of the AC on `ResultAsync.fromThrowable` ("returns", "throws", "error").
    A test using an AC's member with another owner only (`Result.fromThrowable`), never with
    the AC's, checks another function: at most a nearest test, saying so."""
    cases = split_tests("tests/index.test.ts", _OWNER_TESTS)
    found = by_id(analyze("E1-S1", _OWNER_ACS, cases, file_list=["tests/index.test.ts"]))
    assert not found["AC2"].matched
    assert any("its code uses `Result.fromThrowable`, not the AC's "
               "`ResultAsync.fromThrowable`" in c.why for c in found["AC2"].candidates)
    own = _OWNER_TESTS.replace("Result.fromThrowable", "ResultAsync.fromThrowable")
    mine = by_id(analyze("E1-S1", _OWNER_ACS, split_tests("tests/index.test.ts", own),
                         file_list=["tests/index.test.ts"]))
    assert not any("not the AC's" in c.why for c in mine["AC2"].candidates)


def test_a_test_expecting_another_error_is_the_acs_nearest_saying_so() -> None:
    """isodate: `test_parseerror` made to expect any `Exception` for the AC promising an
    ISO8601Error: it covers the AC no more, and the AC's gap names it with why (not only
    "no test", nor only an unrelated test)."""
    acs = (ac("AC1", 'a duration string such as "P3Y6M4DT12H30M5S"', "it is parsed",
              "the result holds 3 years, 6 months and 4 days"),
           ac("AC2", 'a string that is not an ISO 8601 duration, such as "T10:10:10"',
              "it is parsed", "an ISO8601Error is raised"))
    source = ('def test_parse():\n    """Parse an ISO duration string."""\n'
              '    assert parse_duration("P3Y6M4DT12H30M5S") == Duration(4, 0, 0, 0, 0, 0, 0, '
              '6, 3)\n\n\n'
              'def test_parseerror():\n    """Test for unparseable duration string."""\n'
              '    with pytest.raises({error}):\n        parse_duration("T10:10:10")\n')
    file = "tests/test_duration.py"
    honest = by_id(analyze("E1-S1", acs, split_tests(file, source.format(error="ISO8601Error")),
                           file_list=[file]))
    assert honest["AC2"].tests == (f"{file}::test_parseerror",)
    covered = by_id(analyze("E1-S1", acs, split_tests(file, source.format(error="Exception")),
                            file_list=[file]))
    assert covered["AC2"].tests == ()
    assert [(m.test, m.why) for m in covered["AC2"].candidates] == [
        (f"{file}::test_parseerror", "it expects Exception, not the error the AC promises")]


def test_an_ac_naming_the_base_error_as_code_promises_it() -> None:
    """css-what: the AC on malformed selectors says `parse` throws an `Error`; the test looping
    over them expects `toThrow(Error)`, and had been set aside as expecting "Error, not the
    error the AC promises": the bare name written as code is the error it promises."""
    acs = (ac("AC1", "a selector list", "it is parsed", "it gives one array of tokens for "
              "each selector of the list"),
           ac("AC2", "a malformed selector (an unclosed `[`, a trailing comma)",
              "it is parsed", "`parse` throws an `Error`"))
    source = ('import { parse } from "./parse.js";\n'
              'const malformed = ["[", "a,"];\n'
              'describe("Parse", () => {\n'
              '    it("splits a list", () => {\n'
              '        expect(parse("a, b")).toHaveLength(2);\n'
              '    });\n'
              '    for (const selector of malformed) {\n'
              '        it(`should not parse — ${selector}`, () => {\n'
              '            expect(() => parse(selector)).toThrow(Error);\n'
              '        });\n'
              '    }\n'
              '});\n')
    file = "src/parse.spec.ts"
    found = by_id(analyze("E1-S1", acs, split_tests(file, source), file_list=[file]))
    assert found["AC2"].tests == (f"{file}::Parse > should not parse — ${{selector}}",)
    assert not any("not the error the AC promises" in c.why for c in found["AC2"].candidates)


_IDS_ACS = (
    ac("AC1", None, None, None, text=(
        "Given a generator built with no options, when a caller turns one or several whole "
        "numbers into a public id, then it gets back a short string of letters and digits "
        "that is always the same for the same numbers in the same order (the numbers 1, 2 and "
        "3 always give `o2fXhV`, the number 12345 gives `j0gW`), and different numbers give "
        "different ids.")),
    ac("AC2", "a public id that the generator produced",
       "the caller asks which numbers it stands for",
       "the original numbers come back as a tuple in their original order (`o2fXhV` gives "
       "`(1, 2, 3)`), a single number coming back as a one-element tuple"),
    ac("AC3", "a project-specific salt string passed when the generator is created",
       "numbers are turned into ids and back",
       "the ids are different from the ones an unsalted generator makes (1, 2 and 3 give "
       "`neHrCa` with the salt `Arbitrary string`), so outsiders cannot guess them, and a "
       "generator with the same salt reads them back to the same numbers"),
)
_IDS_TESTS = '''
class TestDecoding(object):
    def test_default_salt(self):
        assert Hashids().decode('o2fXhV') == (1, 2, 3)

    def test_multiple_numbers(self):
        h = Hashids()
        assert h.decode('vJvi7On9cXGtD') == (683, 94108, 123, 5)
        assert h.decode('o2fXhV') == (1, 2, 3)
        assert h.decode('xGhmsW') == (2, 4, 6)
'''


def test_a_check_holding_the_input_and_what_the_then_says_it_gives_is_the_acs_case() -> None:
    """hashids: the decoding AC's Then says "`o2fXhV` gives `(1, 2, 3)`", and
    `assert Hashids().decode('o2fXhV') == (1, 2, 3)` had been the salt AC's by "salt" of
    `test_default_salt`, `test_multiple_numbers` no AC's: `o2fXhV`, which the encoding AC
    writes too, decided nothing. One check holding an example's input and what the Then says
    it gives is the AC's own case."""
    found = by_id(review(_IDS_ACS, _IDS_TESTS))
    assert found["AC2"].tests == (f"{FILE}::TestDecoding::test_default_salt",
                                  f"{FILE}::TestDecoding::test_multiple_numbers")
    assert found["AC3"].tests == ()
    # the other way round (`encode(1, 2, 3) == 'o2fXhV'`) is no case of it
    encoding = by_id(review(_IDS_ACS, _IDS_TESTS.replace(
        "decode('o2fXhV') == (1, 2, 3)", "encode(1, 2, 3) == 'o2fXhV'")))
    assert f"{FILE}::TestDecoding::test_default_salt" not in encoding["AC2"].tests


def test_a_sign_alone_is_no_input_of_the_thens_examples() -> None:
    """glob: "`*` gives `Any`, `**` gives `Super`" in the compiler AC's Then is in every row
    of the lexer's table of tokens: a sign alone is no example's input (`_worded`)."""
    assert ac_coverage._worded((("*", "Any"), ("o2fXhV", "(1, 2, 3)"), ("??", "Single"))) == (
        ("o2fXhV", "(1, 2, 3)"),)


_ALIGN_ACS = (
    ac("AC4", "a field typed `f`, `e`, `g`, `%` or `F`", "a string is parsed",
       "`f` reads a fixed-point number that must contain a decimal point (the leading digit may "
       "be left out, as in `.121` or `-.31415`, while `12` does not match), `e` reads a number "
       "with an exponent in either case as well as `nan` and `inf` with an optional sign in any "
       "case, `g` reads any of these general number forms, `%` reads a percentage and returns "
       "the value divided by 100, all of them as `float`, and `F` returns a `decimal.Decimal`"),
    ac("AC6", "a format spec with an alignment `<`, `>` or `^` (optionally preceded by a fill "
       "character), the sign-aware `=` alignment, a leading `0`, a width and/or a precision",
       "a string is parsed",
       "the padding (spaces, the given fill character or leading zeros) is stripped from the "
       "value before it is converted, centre alignment simply strips both sides, and an "
       "alignment with a width the value already exceeds still matches the whole value"),
)
_ALIGN_TESTS = '''
def test_center():
    # pull center-aligned text out of string
    r = parse.parse("hello {:^} world", "hello  there     world")
    assert r.fixed == ("there",)
'''


def test_a_word_spelled_the_american_way_is_the_acs_british_one() -> None:
    """parse: the alignment AC says "centre alignment", and `test_center` (its comment "pull
    center-aligned text") said no word of it: the American spelling of an AC's word is that
    word (`words.spelling_of`)."""
    found = by_id(review(_ALIGN_ACS, _ALIGN_TESTS))
    assert found["AC6"].tests == (f"{FILE}::test_center",)
    british = by_id(review(_ALIGN_ACS, _ALIGN_TESTS.replace("center", "centre")))
    assert british["AC6"].tests == (f"{FILE}::test_center".replace("center", "centre"),)


_EXPORT_ACS = (
    ac("AC5", "a dictionary schema", "a dictionary is validated",
       "each key is matched against the schema's keys (exact names before types) and its value "
       "validated against that key's value schema, and a missing required key, an unexpected "
       "key or a forbidden key that is present fails validation with an error naming the "
       "key(s)"),
    ac("AC6", "a dictionary schema set to ignore extra keys",
       "data containing keys the schema does not mention is validated",
       "validation succeeds and those keys are dropped from the result, unless a catch-all key "
       "in the schema accepts them"),
    ac("AC10", "a schema", "it is exported as a JSON Schema (draft-07)",
       "its types, required and optional properties, allowed values, alternatives, patterns, "
       "defaults, titles, descriptions and referenced sub-schemas are expressed in the "
       "document"),
)
_EXPORT_TESTS = '''
def test_ignore_extra_keys():
    assert Schema({"key": 5}, ignore_extra_keys=True).validate(
        {"key": 5, "bad": 4}
    ) == {"key": 5}


def test_dict_forbidden_keys():
    with raises(SchemaForbiddenKeyError):
        Schema({Forbidden("b"): object}).validate({"b": "bye"})


def test_json_schema_forbidden_key_ignored():
    s = Schema({Forbidden("forbidden"): str, "test": str})
    assert s.json_schema("my-id") == {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": "my-id",
        "properties": {"test": {"type": "string"}},
        "required": ["test"],
        "additionalProperties": False,
        "type": "object",
    }
'''


def test_a_method_a_test_is_named_after_is_the_unit_an_ac_names_in_words() -> None:
    """schema: `test_json_schema_forbidden_key_ignored` calls `s.json_schema(...)`, and had
    been the dictionary AC's by "forbidden key": the export AC says "exported as a JSON
    Schema", no code. Two neighbouring words of one AC's prose naming, joined, the method a
    test named after it calls are that AC's unit (`_functions_named`)."""
    found = by_id(review(_EXPORT_ACS, _EXPORT_TESTS))
    assert found["AC10"].tests == (f"{FILE}::test_json_schema_forbidden_key_ignored",)
    (match,) = found["AC10"].matches
    assert match.how[0] == "name" and match.evidence[0] == "jsonschema"  # named after its unit
    assert f"{FILE}::test_json_schema_forbidden_key_ignored" not in found["AC5"].tests
    assert ac_coverage._neighbours_joined(_EXPORT_ACS[2].text) >= {"json_schema"}
    # a word of a backticked name and the prose beside it are no two neighbouring words
    assert "json_schema" not in ac_coverage._neighbours_joined("a `JSON` schema")


_LEGACY_ACS = (
    *_IDS_ACS,
    ac("AC9", "code written against the library's older API",
       "it calls `encrypt` and `decrypt` instead of `encode` and `decode`",
       "it gets exactly the same ids and numbers as the current names give, with the same "
       "handling of bad input, while a `DeprecationWarning` tells the caller that these names "
       "will be removed"),
)
_LEGACY_TESTS = '''
class TestEncoding(object):
    def test_salt(self):
        h = Hashids(salt='Arbitrary string')
        assert h.encode(683, 94108, 123, 5) == 'QWyf8yboH7KT2'
        assert h.encode(1, 2, 3) == 'neHrCa'


class TestEncryption(object):
    def test_salt(self):
        h = Hashids(salt='Arbitrary string')
        assert h.encrypt(683, 94108, 123, 5) == 'QWyf8yboH7KT2'
        assert h.encrypt(1, 2, 3) == 'neHrCa'
'''


def test_a_class_named_by_the_noun_of_a_method_it_calls_is_named_after_that_method() -> None:
    """hashids: `TestEncryption::test_salt` calls `h.encrypt(...)`, which only the old-names
    AC names, and was the salt AC's alone (the old-names AC 3.4 beside the salt AC's 7.9). A
    class named by the noun of the one method its tests call (`Encryption`, `encrypt`) is
    named after that method; and `TestEncoding`, named after `encode`, is no test of the AC
    naming `encode` only as what its case is not ("instead of `encode`")."""
    found = by_id(review(_LEGACY_ACS, _LEGACY_TESTS))
    assert found["AC9"].tests == (f"{FILE}::TestEncryption::test_salt",)
    assert f"{FILE}::TestEncoding::test_salt" in found["AC3"].tests
    assert ac_coverage._nominalised("encryption", {"hashids", "encrypt"}) == "encrypt"
    assert ac_coverage._nominalised("encryption", {"encrypt", "encrypts"}) == ""  # which one?


_MONTHS_ACS = (
    ac("AC1", "a timedelta or a number of seconds", "naturaldelta is called",
       'it returns a fuzzy human-readable duration such as "16 minutes", "a day" or "1 year, '
       '4 months"'),
    ac("AC2", "months turned off (months=False)",
       "a delta longer than a month is humanized",
       "it is told in years and days, never in months"),
    ac("AC4", "a delta shorter than a second", "it is humanized",
       'it reads "a moment" (naturaldelta) or "now" (naturaltime) by default, and with '
       'minimum_unit set to milliseconds or microseconds it is told in those units ("4 '
       'milliseconds", "4 milliseconds ago")'),
    ac("AC6", "a date more than about five months away", "naturaldate is called",
       'it is shown like naturalday with the year appended ("Jun 05 2007")'),
)
_MONTHS_TESTS = '''
@pytest.mark.parametrize(
    "test_input, expected",
    [
        (dt.timedelta(days=7), "7 days"),
        (dt.timedelta(days=31), "31 days"),
        (dt.timedelta(days=230), "230 days"),
        (dt.timedelta(days=400), "1 year, 35 days"),
    ],
)
def test_naturaldelta_nomonths(test_input: dt.timedelta, expected: str) -> None:
    assert humanize.naturaldelta(test_input, months=False) == expected
'''


def test_a_check_setting_the_option_to_the_literal_the_given_writes_sets_up_its_case() -> None:
    """humanize: "Given months turned off (months=False)" writes the setting bare, and
    `test_naturaldelta_nomonths`, whose check calls `naturaldelta(test_input, months=False)`,
    had been no AC's ("nomonths" is no word of it; `months`, a word the naturaldate AC's Given
    writes too, is no keyword of its alone). The literal only this AC's Given sets an option to, passed so in a
    check, sets up the AC's case."""
    found = by_id(review(_MONTHS_ACS, _MONTHS_TESTS))
    assert found["AC2"].tests == (f"{FILE}::test_naturaldelta_nomonths",)
    assert "months=false" in found["AC2"].matches[0].evidence
    other = by_id(review(_MONTHS_ACS, _MONTHS_TESTS.replace("months=False", "months=True")))
    assert f"{FILE}::test_naturaldelta_nomonths" not in other["AC2"].tests


_ULID_ACS = (
    ac("AC1", "no arguments", "a new ULID is created",
       "it is 16 bytes long, its string form is 26 characters of the Crockford base32 "
       "alphabet, and its timestamp is the current time"),
    ac("AC4", 'a value of the wrong length, type or alphabet (such as '
       '"notavalidulidnotavalidulid")', "a ULID is built from it",
       "a ValueError or TypeError is raised"),
    ac("AC8", 'the smallest and the largest values a ULID can hold '
       '("00000000000000000000000000" and "7ZZZZZZZZZZZZZZZZZZZZZZZZZ")',
       "a ULID is built from them", "it is accepted"),
)
_ULID_MIN_INPUT = '''
@pytest.mark.parametrize(
    ("constructor", "value"),
    [
        (ULID, b"\\x00" * 16),
        (ULID.from_timestamp, 0),
        (ULID.from_bytes, b"\\x00" * 16),
        (ULID.from_str, "0" * 26),
        (ULID.from_hex, "0" * 32),
    ],
)
def test_ulid_min_input(constructor: Callable[[Params], ULID], value: Params) -> None:
    constructor(value)
'''


def test_a_test_checking_nothing_agrees_with_no_value_a_then_promises() -> None:
    """python-ulid's `test_ulid_min_input` only hands the code its table's values
    (`b"\\x00" * 16`, `"0" * 26`): it checks that they are accepted (AC8), not that a new
    ULID "is 16 bytes long" and "26 characters" (AC1), whose literals its table holds."""
    found = by_id(review(_ULID_ACS, _ULID_MIN_INPUT))
    assert found["AC8"].tests == (f"{FILE}::test_ulid_min_input",)
    assert found["AC1"].tests == ()
    # the same table, checked, is the creation AC's
    checked = _ULID_MIN_INPUT.replace("    constructor(value)",
                                      "    assert len(constructor(value).bytes) == 16")
    assert f"{FILE}::test_ulid_min_input" in by_id(review(_ULID_ACS, checked))["AC1"].tests


_XML_ACS = (
    ac("AC1", "an XML document held in a string", "it is read with `parse`",
       "it becomes a dictionary keyed by the root element's name (`<a>data</a>` gives "
       "`{'a': 'data'}`)"),
    ac("AC3", "an element's text", "the document is read",
       "whitespace around the text is trimmed; with `force_cdata=True` the text is always put "
       "under the `#text` key"),
    ac("AC9", "a dictionary", "it is written as XML with `unparse`",
       "each key becomes an element holding its value, the `#text` key becomes the element's "
       "text, and reading the result back with `parse` gives the same dictionary"),
)
_XML_TESTS = '''
def test_comments():
    xml = "<a><b><!-- b comment --><c>1</c></b></a>"
    expected = {'a': {'b': {'#comment': 'b comment', 'c': {'#text': '1'}}}}
    assert parse(xml, process_comments=True) == expected


def test_simple_cdata():
    obj = {'a': {'#text': 'b'}}
    assert obj == parse(unparse(obj))
'''


def test_a_name_another_ac_acts_through_is_no_literal_of_a_then_using_it_on_the_way() -> None:
    """xmltodict: the `unparse` AC's Then reads the result back "with `parse`", the function
    the reading AC acts through, which every reading test calls and asserts on
    (`test_comments`: `parse(xml, process_comments=True) == expected`); that `parse` had given
    thirteen of them to the `unparse` AC. A test calling `unparse` still asserts it."""
    found = by_id(review(_XML_ACS, _XML_TESTS))
    assert f"{FILE}::test_comments" not in found["AC9"].tests
    assert f"{FILE}::test_simple_cdata" in found["AC9"].tests


# isodate (first-use review, c09): its parse table, read by a parse test and by a format test
# that hands the code each row's expected value and compares the result with the row's string
REVERSE_FILE = "tests/test_duration.py"
REVERSE_ACS = (
    ac("AC1", 'a duration string such as "P3Y6M4DT12H30M5S"', "it is parsed",
       "the result holds 3 years, 6 months, 4 days, 12 hours, 30 minutes and 5 seconds"),
    ac("AC2", "a duration", "it is formatted",
       'it gives its ISO 8601 string ("P3Y7M23DT5H25M0.33S")'),
)
REVERSE_TESTS = (
    "PARSE_TEST_CASES = (\n"
    '    ("P3Y6M4DT12H30M5S", Duration(4, 5, 0, 0, 30, 12, 0, 6, 3), D_DEFAULT, None),\n'
    '    ("P3Y7M23DT5H25M0.33S", Duration(23, 0.33, 0, 0, 25, 5, 0, 7, 3), D_DEFAULT, None),\n'
    ")\n\n\n"
    '@pytest.mark.parametrize("durationstring, expectation, format, altstr", PARSE_TEST_CASES)\n'
    "def test_parse(durationstring, expectation, format, altstr):\n"
    '    """Parse an ISO duration string and compare it to the expected value."""\n'
    "    assert parse_duration(durationstring) == expectation\n\n\n"
    '@pytest.mark.parametrize("durationstring, expectation, format, altstr", PARSE_TEST_CASES)\n'
    "def test_format_parse(durationstring, expectation, format, altstr):\n"
    '    """Create an ISO string from a duration: the reverse of test_parse."""\n'
    "    if altstr:\n"
    "        assert duration_isoformat(expectation, format) == altstr\n"
    "    else:\n"
    "        assert duration_isoformat(expectation, format) == durationstring\n")


def test_a_table_test_comparing_the_result_with_the_acs_input_is_no_test_of_that_ac() -> None:
    """Its rows hold AC1's string beside its duration, but it formats the duration and
    compares the result with the string: it checks the reverse of AC1's case."""
    def covered(source: str) -> dict[str, AcCoverage]:
        return by_id(analyze("E1-S1", REVERSE_ACS, split_tests(REVERSE_FILE, source),
                             file_list=[REVERSE_FILE]))
    parse, format_parse = (f"{REVERSE_FILE}::test_parse", f"{REVERSE_FILE}::test_format_parse")
    both = covered(REVERSE_TESTS)
    assert both["AC1"].tests == (parse,)
    # its input, quoted in the Given and written bare as a value, is one case: named once
    assert [e for e in both["AC1"].matches[0].evidence if e.endswith("-> 12")] == [
        "P3Y6M4DT12H30M5S -> 12"]
    assert format_parse in both["AC2"].tests
    alone = covered(REVERSE_TESTS[:REVERSE_TESTS.index("@pytest")] + REVERSE_TESTS[
        REVERSE_TESTS.index("@pytest", REVERSE_TESTS.index("def test_parse")):])
    assert alone["AC1"].tests == ()
    assert [(m.test, m.why) for m in alone["AC1"].candidates] == [
        (format_parse, "it hands the code none of the AC's input `P3Y6M4DT12H30M5S`: it "
                       "compares the code's result with it, the reverse case")]


# isodate's first-use story: its nine ACs, priorities aside
ISODATE_STORY_ACS = parse_acceptance(split_lines(
    '- [ ] **AC1 (P0):** Given a duration string such as "P3Y6M4DT12H30M5S", when it is parsed, then the result holds 3 years, 6 months, 4 days, 12 hours, 30 minutes and 5 seconds.'
    "\n"
    '- [ ] **AC2 (P0):** Given a string that is not an ISO 8601 duration, such as "T10:10:10", when it is parsed, then an ISO8601Error is raised.'
    "\n"
    '- [ ] **AC3 (P1):** Given a duration, when it is formatted, then it gives its ISO 8601 string ("P3Y7M23DT5H25M0.33S"), with a leading minus sign for a negative duration and "P0D" for an empty one.'
    "\n"
    '- [ ] **AC4 (P1):** Given two durations, when they are added or subtracted, then the result is their sum or difference ("P5Y7M1DT9H45M16.72S" plus "PT27M24.68S" is "P5Y7M1DT10H12M41.4S").'
    "\n"
    '- [ ] **AC5 (P0):** Given a date and a duration of years and months, when they are added, then the calendar is respected: 29 February 2000 plus one year is 28 February 2001.'
    "\n"
    '- [ ] **AC6 (P1):** Given a duration of years and months, when it is converted to a timedelta from a start date, then its length depends on that date: one year, two months and ten days from 25 February 1998 is 434 days, from 25 February 2000 it is 435.'
    "\n"
    '- [ ] **AC7 (P2):** Given two durations of the same length, such as one year and one month and 13 months, when they are compared, then they are equal and hash the same.'
    "\n"
    '- [ ] **AC8 (P2):** Given a duration and a value that is neither a duration, a date nor a number, when they are added, subtracted or multiplied, then a TypeError is raised.'
    "\n"
    '- [ ] **AC9 (P2):** Given a duration and a whole number, when they are multiplied, then each part of the duration is multiplied (one year and one month times 3 is three years and three months).'
    "\n"
))


def test_a_python_test_expecting_no_error_is_no_strong_match_of_an_ac_promising_only_one(
        ) -> None:
    """isodate: the format test's name and docstring say "parse" and "ISO string" as the
    parse-error AC2 does, nearly as much as they say AC3's "formatted", and it expects no
    error. A Python test checks a raise only by expecting it: its words alone make it no test
    of an AC promising nothing but the error."""
    source = REVERSE_TESTS.replace(
        "Create an ISO string from a duration: the reverse of test_parse.",
        "Take duration/timedelta object and create ISO string from it. This is the reverse "
        "test to test_parse.").replace(
        '("P3Y7M23DT5H25M0.33S", Duration(23, 0.33, 0, 0, 25, 5, 0, 7, 3), D_DEFAULT, None)',
        '("P23DT23H", timedelta(hours=23, days=23), D_DEFAULT, None)') + (
        "\n\ndef test_parseerror():\n"
        '    """Test for unparseable duration string."""\n'
        "    with pytest.raises(ISO8601Error):\n"
        '        parse_duration("T10:10:10")\n') + "".join(
        # the rest of its file: tests of the other ACs, none saying "parse"
        f"\n\ndef test_{name}():\n    assert {check}\n" for name, check in (
            ("add", "Duration(years=1) + Duration(months=2) == Duration(years=1, months=2)"),
            ("sub", "Duration(years=2) - Duration(years=1) == Duration(years=1)"),
            ("neg", "-Duration(days=1) == Duration(days=-1)"),
            ("repr", "repr(Duration(days=1)).startswith('isodate')"),
            ("hash", "hash(Duration(months=13)) == hash(Duration(years=1, months=1))"),
            ("mul", "Duration(years=1) * 3 == Duration(years=3)"),
            ("totimedelta", "Duration(years=1).totimedelta(date(1998, 2, 25)).days == 365"),
            ("equal", "Duration(years=1, months=1) == Duration(months=13)"),
            ("typeerror", "pytest.raises(TypeError, lambda: Duration(years=1) + 'x')"),
            ("calc_date", "date(2000, 2, 29) + Duration(years=1) == date(2001, 2, 28)")))
    found = by_id(analyze("E1-S1", ISODATE_STORY_ACS, split_tests(REVERSE_FILE, source),
                          file_list=[REVERSE_FILE]))
    assert found["AC2"].tests == (f"{REVERSE_FILE}::test_parseerror",)
    assert f"{REVERSE_FILE}::test_format_parse" in found["AC3"].tests


# go-runewidth 0.0.14: the AC of East Asian widths names the option as Go writes it.
RUNEWIDTH_ACS = tuple(ac(f"AC{n}", *clauses) for n, clauses in enumerate((
    ("a single rune", "its width is asked for with `RuneWidth`", "a wide one takes 2 cells"),
    ("a `Condition` with `EastAsianWidth` set", "a rune of ambiguous width is measured",
     "it takes 2 cells instead of 1"),
    ("the environment", "the package decides whether the locale is East Asian",
     "`ja_JP.UTF-8` is East Asian and `C` is not")), start=1))
RUNEWIDTH_GO = "\n".join((
    "package runewidth",
    'func TestRuneWidthNarrow(t *testing.T) { if RuneWidth(0x61) != 1 { t.Error("a") } }',
    'func TestLocaleIsEastAsian(t *testing.T) { if isEastAsian("C") { t.Fatal("C") } }',
    "func TestStarIsWide(t *testing.T) {",
    "\tc := NewCondition()",
    "\tc.EastAsianWidth = true",
    '\tif c.RuneWidth(0x2606) != 2 { t.Error("star") }',
    "}"))


def test_a_nearest_test_not_using_the_givens_code_names_it_as_the_ac_writes_it() -> None:
    """The report's reason for a nearest test that never sets up what the AC's Given names
    writes the name as the AC does (`EastAsianWidth`), not as the matcher keys it
    (`eastasianwidth`, which no Go code spells)."""
    result = by_id(analyze("E1-S1", RUNEWIDTH_ACS,
                           split_tests("runewidth_test.go", RUNEWIDTH_GO),
                           file_list=["runewidth_test.go"]))
    why = {m.test.partition("::")[2]: m.why for m in result["AC2"].candidates}
    assert why["TestLocaleIsEastAsian"] == (
        "its code never writes `EastAsianWidth`, the code the AC's Given names")


# A TOML encoder's tests: a type of the file whose `MarshalText` the file declares, encoded by a
# test that never writes the method's name.
TEXT_FORM_ACS = (
    ac("AC1", "a struct of plain values", "it is encoded",
       "each value is written as `key = value`"),
    ac("AC2", "a type with its own text form (`MarshalText`)", "it is encoded",
       "that text is written as a quoted string, and an empty one is an error"),
    ac("AC3", "a value TOML cannot hold, such as a channel", "it is encoded",
       "an error is returned"))
TEXT_FORM_GO = "\n".join((
    "package toml",
    "type silent string",
    "func (s silent) MarshalText() ([]byte, error) { return nil, nil }",
    "func TestEncodePlain(t *testing.T) {",
    "\tvar buf bytes.Buffer",
    "\tif err := NewEncoder(&buf).Encode(struct{ N int }{1}); err != nil {",
    "\t\tt.Error(err)",
    "\t}",
    "}",
    "func TestEncodeEmptyText(t *testing.T) {",
    "\tvar buf bytes.Buffer",
    "\terr := NewEncoder(&buf).Encode(struct{ Text silent }{})",
    "\tif err == nil {",
    '\t\tt.Fatal("no error for an empty text form")',
    "\t}",
    "}",
    "func TestSilentText(t *testing.T) {",
    '\tif b, _ := silent("x").MarshalText(); b != nil {',
    '\t\tt.Error("a silent text form is nil")',
    "\t}",
    "}",
    "func TestEncodeChannel(t *testing.T) {",
    "\tif err := NewEncoder(os.Stderr).Encode(make(chan int)); err == nil {",
    '\t\tt.Fatal("err is nil")',
    "\t}",
    "}"))


def test_a_test_not_writing_the_givens_code_is_said_not_to_write_it() -> None:
    """A test whose code never writes the name the AC's Given names may still run it: a value
    of a type whose `MarshalText` its file declares, handed to the encoder, runs that method.
    The reason the test is no test of the AC says what the rule read, that its code never
    writes the name, not that it never uses it (BurntSushi/toml's `TestEncodeEmpty`, encoding
    such a type, had read "its code never uses `MarshalText`")."""
    from gaia_lib.evidence.ac_coverage import _score

    reading = read("E1-S1", TEXT_FORM_ACS, split_tests("encode_test.go", TEXT_FORM_GO),
                   file_list=["encode_test.go"])
    text_form = reading.crits[1]
    denies = {case.name: _score(case, said, text_form, reading.weight).denies
              for case, said in zip(reading.ours, reading.said, strict=True)}
    assert denies["TestEncodeEmptyText"] == (
        "its code never writes `MarshalText`, the code the AC's Given names")
    assert denies["TestSilentText"] == ""


def test_an_input_only_one_ac_writes_handed_to_the_code_a_check_calls_is_its_case() -> None:
    """pytimeparse's numbered tests (`test_timeparse_3`, a docstring repeating the number)
    say nothing but what they check: `assertEqual(timeparse('3d2h32m'), 268320)` hands the
    code an input only the AC of units run together writes, `'4:13'` one only the clock AC
    writes. Each is that AC's case, as a row of a data table holding it is."""
    criteria = (
        ac("AC1", 'units written together ("2h32m", "3d2h32m")', "`timeparse` is called",
           "it returns the sum of the parts in seconds"),
        ac("AC2", 'a clock time ("4:13", "4:13:02")', "`timeparse` is called",
           "each field is read at its position's unit"),
        ac("AC3", 'a whole number of one unit ("32m", "5 days")', "`timeparse` is called",
           "the number is multiplied by the unit's length"),
    )
    source = '''
def test_timeparse_3():
    """timeparse test case 3."""
    assert timeparse('3d2h32m') == 268320

def test_timeparse_7():
    """timeparse test case 7."""
    assert timeparse('-4:13') == -253
    assert timeparse('4:13') == 253

def test_timeparse_20():
    """timeparse test case 20."""
    assert timeparse('10 days') == 864000
'''
    result = by_id(review(criteria, source))
    assert result["AC1"].tests == ("tests/test_signup.py::test_timeparse_3",)
    assert result["AC2"].tests == ("tests/test_signup.py::test_timeparse_7",)
    assert result["AC3"].tests == ()  # `10 days` is none of its inputs


def test_an_identifier_written_with_an_ellipsis_names_each_of_its_shape() -> None:
    """javascript-utilities' dates: AC2 speaks of "the same `isLessThanOne…Ago`" AC1 lists.
    Each `describe('isLessThanOneMinuteAgo')` was named for AC1 alone, and its "returns false
    for dates in the future" tests counted for AC1, leaving AC2 (P0) without a test."""
    criteria = (
        ac("AC1", "a date in the past", "`isLessThanOneMinuteAgo` or `isLessThanOneHourAgo` "
           "checks it against now", "it is true when the date lies less than that unit "
           "before now"),
        ac("AC2", "a date in the future, or one a unit or more before now",
           "the same `isLessThanOne…Ago` checks it", "it is false"),
        ac("AC3", "a date", "it is formatted", "its month name is spelled out"),
    )
    source = """describe('isLessThanOneMinuteAgo', () => {
  it('returns true for dates less than a minute ago', () => {
    expect(isLessThanOneMinuteAgo(new Date(now - 1000), now)).toBe(true);
  });
  it('returns false for dates in the future', () => {
    expect(isLessThanOneMinuteAgo(new Date(now + 1000), now)).toBe(false);
  });
});

describe('isLessThanOneHourAgo', () => {
  it('returns false for dates in the future', () => {
    expect(isLessThanOneHourAgo(new Date(now + 1000), now)).toBe(false);
  });
});
"""
    file = "src/dates.test.ts"
    result = analyze("E1-S1", criteria, split_tests(file, source), file_list=[file])
    assert by_id(result)["AC1"].tests == (
        f"{file}::isLessThanOneMinuteAgo > returns true for dates less than a minute ago",)
    assert by_id(result)["AC2"].tests == (
        f"{file}::isLessThanOneHourAgo > returns false for dates in the future",
        f"{file}::isLessThanOneMinuteAgo > returns false for dates in the future")
    # written out with three dots, alike; an ellipsis no identifier fits names none
    dotted = tuple(dataclasses.replace(c, text=c.text.replace("…", "...")) for c in criteria)
    assert by_id(analyze("E1-S1", dotted, split_tests(file, source), file_list=[file])
                 )["AC2"].tests == by_id(result)["AC2"].tests
    assert ac_coverage.elided_names(criteria[1], {"islessthanoneminuteago", "isago"}) == {
        "islessthanoneminuteago"}
    # a star between snake_case parts is one too (prettytable's `get_*_string`), not a glob's
    starred = ac("AC4", "a table", "`get_formatted_string` is called", "it returns what the "
                 "matching `get_*_string` method returns; `a*b` is kept")
    assert ac_coverage.elided_names(starred, {"getcsvstring", "getstring", "axb"}) == {
        "getcsvstring"}


@pytest.mark.parametrize(("given", "named"), [
    # boolean.py: "not" and "and" in prose name no class `NOT` or `AND`; "a symbol" does name
    # `Symbol`, case aside
    ("a character that is not allowed and a symbol", {"Symbol"}),
    ("`NOT` applied to a symbol", {"NOT", "Symbol"}),  # written as the code spells it
    ("an expression of NOT and OR", {"NOT", "OR"}),
])
def test_a_unit_named_as_a_small_english_word_is_named_only_as_its_code_spells_it(
        given: str, named: set[str]) -> None:
    """boolean.py's AC3, "Given a character that is not allowed", had been read as naming the
    class `NOT`; its one test, which never runs `NOT`, then covered it by nothing, and a P0
    AC read as untested. A unit whose name is a stop word (`NOT`, `AND`, `OR`) is named by an
    AC only as its code spells it."""
    ac = AcceptanceCriterion("AC3", f"Given {given}, when it is parsed, then an error",
                             given, "it is parsed", "an error", False, None, 1)
    runs = UnitRuns(frozenset({"NOT", "AND", "OR", "Symbol"}),
                    {"t.py::test_x": frozenset({"NOT", "AND", "OR", "Symbol"})})
    assert runs.named_in(ac) == named


def test_a_nearest_test_resembling_another_ac_by_a_margin_more_is_said_to_resemble_it_more(
        ) -> None:
    """A JSON reader's test of its raw number scanner, nearest for the AC on refused
    documents at 1.04 and for the AC on reading a value as a kind at 3.04: it had been said
    to resemble the second "as much" as the first."""
    criteria = [ac(f"AC{n}", "a document", "it is parsed", "it is read") for n in (1, 2, 3)]
    near = ac_coverage._Score(total=1.04, claim=1.0)
    bests = [near, ac_coverage._Score(total=3.04, claim=1.0),
             ac_coverage._Score(total=1.2, claim=1.0)]
    assert ac_coverage._why_not(0, bests, criteria, {}, set(), set()) == (
        "it resembles AC2 more and AC3 as much, so it counts for none of them")
    assert ac_coverage._why_not(0, [near, bests[1], ac_coverage._Score()], criteria, {},
                                set(), set()) == "it resembles AC2 more, so it counts for neither"
    assert ac_coverage._why_not(2, bests, criteria, {}, set(), set()) == (
        "it resembles AC2 more and AC1 as much, so it counts for none of them")
