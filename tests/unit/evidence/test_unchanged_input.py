"""Checks that an unchanged input passes (`unchanged_input.passes_unchanged`)."""

from __future__ import annotations

import pytest

from gaia_lib.evidence.unchanged_input import passes_unchanged


def _test(*lines: str, head: str = "def test_it():") -> str:
    return "\n".join([head, *(f"    {line}" for line in lines)]) + "\n"


@pytest.mark.parametrize("lines", [
    ['assert normalize_scheme("http") == "http"'],
    ['"""Already lower case."""', 'assert normalize_scheme("http") == "http"'],
    ['assert normalize_scheme("HTTP").lower() == "http"'],
    ['assert normalize_scheme("HTTP").strip().casefold() == "http"'],
    ['assert normalize_scheme("HTTP") in ("http", "HTTP")'],
    ['assert "http" == normalizers.normalize_scheme("http")'],
    ['result = normalize_scheme("http")', 'assert result == "http"'],
    ['raw = "http"', 'assert normalize_scheme(raw) == raw'],
    ['assert len(parse_items([1, 2])) == 2'],
    ['self.assertEqual(normalize_scheme("http"), "http")'],
    ['self.assertIn(normalize_scheme("HTTP"), ["http", "HTTP"], "either case")'],
    ['assert f("a") == "a"', 'assert f("b") == "b"'],
])
def test_a_test_whose_every_check_holds_for_code_that_changes_nothing(lines: list[str]) -> None:
    checks = [line for line in lines if line.startswith(("assert", "self."))]
    assert passes_unchanged(_test(*lines)) == checks[0]


@pytest.mark.parametrize("lines", [
    ['assert normalize_scheme("HTTP") == "http"'],  # the change itself
    ['assert f("a") == "a"', 'assert f("B") == "b"'],  # one check of a change
    ['assert normalize_scheme(x) == x.lower()'],  # a parameter: not read
    ['assert normalize_scheme("http") != "ftp"'],  # only what it is not
    ['assert normalize_scheme("http") is not None'],
    ['assert normalize_scheme("http")'],  # a truth test
    ['assert f("a") == g("a")'],  # two results of the code compared
    ['assert f("a") == f("a")'],
    ['assert "a" == "a"'],  # no code: a placeholder's business
    ['assert make_scheme() == "http"'],  # nothing handed over
    ['with pytest.raises(ValueError):', '    f("x")', 'assert f("a") == "a"'],
    ['check(f("a"))', 'assert f("a") == "a"'],  # a helper's check of its own
    ['r = f("a")', 'r = g(r)', 'assert r == "a"'],  # bound twice
    ['for raw in ("a", "b"):', '    assert f(raw) == raw'],
    ['assert f("a", key=1) == "a"'],
    ['assert uri_reference("http://x").normalize() == "http://x"'],  # a method of a result
    ['self.assertTrue(is_valid("a"))'],
    ['self.assertNotEqual(f("a"), "b")'],
])
def test_a_test_with_a_check_code_that_changes_nothing_fails_or_one_not_read(
        lines: list[str]) -> None:
    assert passes_unchanged(_test(*lines)) is None


def test_what_is_not_one_python_test_is_not_read() -> None:
    assert passes_unchanged("it('x', () => { expect(f('a')).toBe('a'); });") is None
    assert passes_unchanged("def test_it(:\n    assert f('a') == 'a'\n") is None
    assert passes_unchanged(_test("pass")) is None  # no check at all
    decorated = _test('assert f("a") == "a"', head="@pytest.mark.slow\ndef test_it():")
    assert passes_unchanged(decorated) == 'assert f("a") == "a"'
    method = "    def test_it(self):\n        self.assertEqual(f('a'), 'a')\n"
    assert passes_unchanged(method) == "self.assertEqual(f('a'), 'a')"
