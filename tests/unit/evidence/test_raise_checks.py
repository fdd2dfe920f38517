from __future__ import annotations

import pytest

from gaia_lib.evidence.raise_checks import unshown_raise, when_units

TYPE = frozenset({"typeerror"})
UNIT = when_units("`parse_duration` is called")


def test_the_units_a_when_clause_names_are_its_code_names_last_parts() -> None:
    assert when_units("`parse_duration` is called") == {"parseduration"}
    assert when_units("when `jwt.decode()` reads it with `Options`") == {"decode", "options"}
    assert when_units("when it is parsed") == frozenset()


@pytest.mark.parametrize(("body", "found"), [
    # isodate 48: the TypeError len(None) raises when the code returns None
    ("def test_typeerror():\n    with pytest.raises(TypeError):\n"
     "        len(parse_duration(date(2000, 1, 1)))\n",
     "with pytest.raises(TypeError): len(parse_duration(date(2000, 1, 1)))"),
    # isodate 13: the subtraction raises it
    ("def test_typeerror():\n    with pytest.raises(TypeError):\n"
     "        parse_duration('P1Y') - date(2000, 1, 1)\n",
     "with pytest.raises(TypeError): parse_duration('P1Y') - date(2000, 1, 1)"),
    # isodate 11: another exception expected beside the AC's
    ("def test_parseerror():\n    with pytest.raises((TypeError, ISO8601Error)):\n"
     "        parse_duration(101010)\n",
     "with pytest.raises((TypeError, ISO8601Error)): parse_duration(101010)"),
    ("    def test_it(self):\n        self.assertRaises((TypeError, KeyError), parse_duration, 1)\n",
     "self.assertRaises((TypeError, KeyError), parse_duration, 1)"),
    # a method at four spaces whose body a tab and four spaces indent (pysrt's `test_tags`):
    # Python reads the tab to column eight, and so does this reading
    ("    def test_it(self):\n\t    self.assertRaises((TypeError, KeyError), parse_duration, 1)\n",
     "self.assertRaises((TypeError, KeyError), parse_duration, 1)"),
])
def test_a_check_that_may_pass_on_something_else_raising_is_found(body: str, found: str) -> None:
    assert unshown_raise(body, TYPE, UNIT) == found


@pytest.mark.parametrize("body", [
    # the unit raises it, bare, assigned, awaited, consumed as a generator, or handed over
    "def test_t():\n    with pytest.raises(TypeError):\n        parse_duration(date(2000, 1, 1))\n",
    "def test_t():\n    with pytest.raises(TypeError, match='string'):\n"
    "        d = isodate.parse_duration(1)\n",
    "async def test_t():\n    with pytest.raises(TypeError):\n        await parse_duration(1)\n",
    "def test_t():\n    with pytest.raises(TypeError):\n        list(parse_duration(1))\n",
    "    def test_t(self):\n        self.assertRaises(TypeError, parse_duration, 1)\n",
    # one check shows it: the others (operators of the same code) do not undo it
    "def test_t():\n    with pytest.raises(TypeError):\n        parse_duration(date(2000, 1, 1))\n"
    "    with pytest.raises(TypeError):\n        len(parse_duration('P1Y')) - 1\n",
    # a domain exception no builtin raises, the unit nested
    "def test_t():\n    with pytest.raises(ISO8601Error):\n        str(parse_duration('x'))\n",
    # a check that never runs the unit says nothing either way
    "def test_t():\n    with pytest.raises(TypeError):\n        Duration(1) < 'a'\n",
    # another exception only
    "def test_t():\n    with pytest.raises(KeyError):\n        len(parse_duration(1))\n",
    "def test_t(:\n",  # does not parse
])
def test_a_check_showing_the_unit_raise_or_saying_nothing_is_not_found(body: str) -> None:
    assert unshown_raise(body, TYPE | {"iso8601error"}, UNIT) is None
