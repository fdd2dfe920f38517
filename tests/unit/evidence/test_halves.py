from __future__ import annotations

import pytest

from gaia_lib.evidence import halves
from gaia_lib.evidence.testcases import TestCase, split_tests
from gaia_lib.story.acceptance import AcceptanceCriterion, split_gwt

# webcolors' name AC: a result, then a refusal.
NAME_AC = ("- [ ] **AC2:** Given a color name such as `navy`, when it is converted to a hex code "
           "or to an integer RGB triplet, then it gives `#000080` or `(0, 0, 128)`; a name that "
           "the chosen specification does not define is refused with a `ValueError` saying it "
           "is not defined as a named color.")

UNNAMED = '''
@pytest.mark.parametrize(
    ["name", "spec"], [("goldenrod", "html4"), ("glue", "css21"), ("breen", "css3")]
)
def test_name_to_hex_unnamed(name: str, spec: str):
    """
    A name which does not correspond to a color, or does not correspond to a
    color in the given specification, raises ValueError.

    """
    with pytest.raises(ValueError, match="is not defined as a named color"):
        webcolors.name_to_hex(name, spec=spec)
'''
TO_HEX = '''
def test_name_to_hex():
    assert webcolors.name_to_hex("navy") == "#000080"
'''
PLACEHOLDER = '''
def test_name_to_hex():
    assert True
'''


def _ac(line: str) -> AcceptanceCriterion:
    ac_id, _, body = line.removeprefix("- [ ] **").partition(":** ")
    return AcceptanceCriterion(ac_id, body, *split_gwt(body), False, False, 1)


def _cases(file: str, source: str) -> list[TestCase]:
    return split_tests(file, source)


def test_an_ac_kept_only_by_its_refusal_test_is_refusal_only() -> None:
    tests = _cases("tests/test_conversion.py", UNNAMED)
    assert halves.refusal_only(_ac(NAME_AC), tests, {"valueerror"})


def test_a_test_of_the_result_beside_it_tests_the_other_half() -> None:
    tests = _cases("tests/test_conversion.py", UNNAMED + TO_HEX)
    assert not halves.refusal_only(_ac(NAME_AC), tests, {"valueerror"})


def test_a_placeholder_of_the_result_checks_no_error_but_is_no_test_here_either() -> None:
    # the review leaves placeholders out before asking; read alone, `assert True` is a check
    # that expects no error, so it is never taken for a refusal test
    assert not halves.checks_refusal_only(_cases("t.py", PLACEHOLDER)[0])


def test_no_test_is_no_partial_gap_but_a_whole_one_reported_elsewhere() -> None:
    assert not halves.refusal_only(_ac(NAME_AC), [], {"valueerror"})


@pytest.mark.parametrize("then", [
    # marshmallow: the error and what it says is one promise, checked whole by `raises(match=)`
    "then the ValidationError carries that message with its placeholders filled in: the "
    "rejected input and the validator's own settings, such as its bounds",
    # pyjwt: the refusal comes first
    "then an `iat` later than the current time is rejected with `ImmatureSignatureError`, and "
    "an `iat` given as a string of digits is accepted",
    # no refusal at all
    "then it gives `#000080` or `(0, 0, 128)`",
])
def test_a_then_of_one_half_or_opening_with_its_refusal_is_never_refusal_only(then: str) -> None:
    ac = _ac(f"- [ ] **AC1:** Given a value, when it is checked, {then}.")
    assert not halves.refusal_only(ac, _cases("tests/test_conversion.py", UNNAMED),
                                   {"valueerror", "validationerror", "immaturesignatureerror"})


@pytest.mark.parametrize(("file", "source", "only"), [
    ("a.test.ts", "it('refuses gold', () => {\n  expect(() => price('gold')).toThrow(PlanError)\n})\n",
     True),
    ("a.test.ts", "it('prices', () => {\n  expect(() => price('gold')).toThrow(PlanError)\n"
     "  expect(price('pro')).toBe(49)\n})\n", False),
    ("a_test.go", "func TestPriceUnknown(t *testing.T) {\n\t_, err := Price(\"gold\")\n"
     "\tif err == nil {\n\t\tt.Fatal(\"want an error\")\n\t}\n}\n", True),
    ("test_a.py", "def test_price():\n    self.assertRaises(ValueError, price, 'gold')\n", True),
    ("a_test.go", "func TestPrice(t *testing.T) {\n\tgot, err := Price(\"pro\")\n"
     "\tif err != nil {\n\t\tt.Fatal(err)\n\t}\n\tif got != 49 {\n\t\tt.Errorf(\"got %d\", got)\n"
     "\t}\n}\n", False),
    # checks not read (none found): no evidence of a refusal-only test
    ("test_a.py", "def test_price():\n    price('pro')\n", False),
])
def test_a_test_checks_the_refusal_only_when_every_check_expects_an_error(
        file: str, source: str, only: bool) -> None:
    (case,) = _cases(file, source)
    assert halves.checks_refusal_only(case) is only


@pytest.mark.parametrize(("then", "opens"), [
    ("it gives `#000080`; a name it does not know is refused with a `ValueError`", True),
    ("the slug is returned, and an empty text raises a `ValueError`", True),
    ("a malformed time is refused, while a valid one is kept", False),
    ("it is returned", True),
    ("ok", False),
])
def test_a_then_opens_with_a_result_when_its_first_clause_speaks_of_no_failure(
        then: str, opens: bool) -> None:
    ac = _ac(f"- [ ] **AC1:** Given a value, when it is read, then {then}.")
    assert halves.opens_with_result(ac) is opens
