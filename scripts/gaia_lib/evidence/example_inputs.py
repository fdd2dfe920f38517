"""Tests that hand the code a plainer form of the input an AC's example is about (static, pure).

An AC may show what it promises by a call in backticks whose input is the point
(`parse('53 YeArS')` returns 1672552800000, for "a unit written in any letter case"). A test
asserting the same value for `parse('53 years')` shows the code reading lower case only:
it would pass code that ignores the AC.

Rules (`plainer_call`, for any language's test text):
- An example is a call in backticks anywhere in the AC with one string argument
  (`parse('53 YeArS')`, `normalize(" a  b ")`), quoted with ', " or `. What it is about:
  its letter case, when the string is not all lower case (`YeArS`, `HTTP`); its spacing,
  when the string has spaces at an end or two in a row.
- A test hands over a plainer form when it calls the same function (by its last name:
  `ms.parse(...)` is `parse`) with the string lower-cased (for the case) or with its spaces
  trimmed and collapsed (for the spacing), and none of its calls of that function is given
  a string that still has that feature (another mixed-case unit, `'5 DaYs'`, shows the case
  as well as the example would).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_STRING = r"(?P<q>['\"`])(?P<s>(?:(?!(?P=q)).)*)(?P=q)"
_EXAMPLE_RE = re.compile(r"`(?:[A-Za-z_$][\w$]*\s*\.\s*)*(?P<name>[A-Za-z_$][\w$]*)\s*\(\s*"
                         r"(?P<q>['\"])(?P<s>(?:(?!(?P=q))[^`])*)(?P=q)\s*\)`")


def _calls(source: str, name: str) -> Iterator[tuple[str, str]]:
    """(the call's text, its one string argument) for each call of `name` in `source`."""
    pattern = re.compile(r"(?<![\w$])" + re.escape(name) + r"\s*\(\s*" + _STRING + r"\s*\)")
    for found in pattern.finditer(source):
        yield " ".join(found.group().split()), found.group("s")


def _spaced(text: str) -> bool:
    return text != " ".join(text.split())


def examples(ac_text: str) -> tuple[tuple[str, str], ...]:
    """(function name, string) of each example in `ac_text` whose input is the point (module
    rules): its letter case or its spacing."""
    return tuple((m.group("name"), m.group("s")) for m in _EXAMPLE_RE.finditer(ac_text)
                 if m.group("s") != m.group("s").lower() or _spaced(m.group("s")))


def plainer_call(found: tuple[tuple[str, str], ...], test_source: str
                 ) -> tuple[str, str, str] | None:
    """(the test's call, the example it plains, what the example is about) for the first
    example of `found` (`examples`) that the test calls only in a plainer form (module
    rules); None otherwise."""
    for name, example in found:
        calls = list(_calls(test_source, name))
        if example != example.lower():
            shows = any(arg != arg.lower() for _, arg in calls)
            plain, about = example.lower(), "letter case"
        else:
            shows = any(_spaced(arg) for _, arg in calls)
            plain, about = " ".join(example.split()), "spacing"
        call = next((text for text, arg in calls if arg == plain), None)
        if call is not None and not shows:
            return call, f"{name}('{example}')", about
    return None
