from __future__ import annotations

import pytest

from gaia_lib.evidence.example_inputs import examples, plainer_call

MS_AC4 = ("Given a unit written in any letter case, when `parse` is called, then the unit is "
          "matched case-insensitively (`parse('53 YeArS')` returns 1672552800000)")


def test_an_example_is_a_call_whose_string_has_a_case_or_spacing_to_show() -> None:
    assert examples(MS_AC4) == (("parse", "53 YeArS"),)
    assert examples('then `normalize(" a  b ")` gives `a b`, `ms.parse("HTTP")` too') == (
        ("normalize", " a  b "), ("parse", "HTTP"))
    # plain inputs are examples of something else: `parse('2d')` returns 172800000
    assert examples("then `parse('2d')` returns 172800000 and `f(2)` is 4") == ()


@pytest.mark.parametrize(("body", "expected"), [
    # vercel/ms's case-insensitive test with its units made lower case
    ("it('should be case-insensitive', () => {\n  expect(parse('53 years')).toBe(1672552800000);"
     "\n});\n", ("parse('53 years')", "parse('53 YeArS')", "letter case")),
    ('def test_units():\n    assert ms.parse("53 years") == 1672552800000\n',
     ('parse("53 years")', "parse('53 YeArS')", "letter case")),
])
def test_a_test_calling_only_the_plainer_form_is_found(
        body: str, expected: tuple[str, str, str]) -> None:
    assert plainer_call(examples(MS_AC4), body) == expected


@pytest.mark.parametrize("body", [
    # the example itself
    "expect(parse('53 YeArS')).toBe(1672552800000);",
    # another mixed-case input shows the case as well, beside the plain one
    "expect(parse('53 years')).toBe(1672552800000);\nexpect(parse('5 DaYs')).toBe(432000000);",
    # all upper case is a case too
    "expect(parse('53 YEARS')).toBe(1672552800000);",
    # another input altogether: not this example's plainer form
    "expect(parse('2 days')).toBe(172800000);",
])
def test_a_test_showing_the_case_or_calling_other_inputs_is_not_found(body: str) -> None:
    assert plainer_call(examples(MS_AC4), body) is None


def test_a_spacing_example_is_plained_by_trimming_and_collapsing() -> None:
    found = examples("then `clean('  a  b ')` returns `a b`")
    assert plainer_call(found, 'assert clean("a b") == "a b"') == (
        'clean("a b")', "clean('  a  b ')", "spacing")
    assert plainer_call(found, 'assert clean(" a b") == "a b"') is None
