"""Checks that cannot see an order, and the ACs that promise one.

A test of an AC whose Then promises an order ("sorted", "in order", "ascending", "the same
numbers sort together") checks that order only where it compares the result as it comes
back. A check that puts the result in order first, or compares it as a set or a multiset,
passes whatever order the code returns: natsort's `natsorted` test rewritten to `assert
sorted(result) == sorted(expected)` still passed with the code's order reversed.

Rules:
- `promises_an_order`: the Then speaks of an order or of sorting (`order`, `ordered`, `sort`,
  `sorted`, `ascending`, `descending`, `reversed`), as a word of its own.
- A check is order-blind (`_blind`) when what it compares is a view without order:
  - Python: both sides of `assert A == B` (or `assertEqual(A, B)`) put in order or made a
    set, `sorted(...)`, `set(...)`, `frozenset(...)`, `Counter(...)`, with no `key=` (a key
    is the code's order under test: `sorted(a, key=precedence_key)`), or one side so and the
    other a set written out (`{1, 2}`); `sorted(versions) == [v1, v2]` is no such check, the
    sort being how a test checks the order the code's comparison gives. `assertCountEqual(`,
    `assertItemsEqual(`, `assertSetEqual(` are.
  - JS/TS: `expect(...)` of a value sorted by JavaScript's default order (`[...x].sort()`,
    `x.sort()`: no comparator of the code's) or made a `new Set(...)`;
    `.toEqual(expect.arrayContaining(...))`; jest-extended's `toIncludeSameMembers(`.
  - Go: testify's `ElementsMatch` (`assert.` or `require.`).
- `promises_key_order`: the Then promises an order and speaks of keys or properties (`key`,
  `keys`, `property`, `properties`): the order of an object's or a mapping's keys.
- Where it does, a check comparing the result with an object or a mapping written out is
  order-blind too (`_keys_blind`): jest's and vitest's `toEqual({...})`, `toStrictEqual(`,
  `toMatchObject(`, node's `assert.deepStrictEqual(x, {...})` / `deepEqual(`, Python's
  `assert d == {"a": 1}`, `assertEqual(d, {...})`, `assertDictEqual(`: each compares keys
  in any order (svelte-jsoneditor's object-key sorting tests passed with the expected order
  reversed). `Object.keys(x)` compared with an array, or `list(d)` with a list, sees it.
- `order_blind`: the first check of a test whose every check is order-blind (its assertion
  statements, `then_literals.check_statements`; a Go `t.Errorf` / `t.Fatal` under an `if` is
  a check of what that guard compares, which can see an order); None where any check can see
  an order, or the test has none.

Pure functions.
"""

from __future__ import annotations

import re

from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.evidence import row_filters, then_literals

_PROMISE = lazy_re(r"\b(?:order|ordered|orders|ordering|sort|sorts|sorted|sorting|ascending|"
                   r"descending|reversed?)\b", re.IGNORECASE)
_WRAPPED = lazy_re(r"(?:sorted|set|frozenset|(?:collections\s*\.\s*)?Counter)\s*\((?s:.*)\)")
_SET_WRITTEN = lazy_re(r"\{(?s:[^:]*)\}")  # a set literal (a dict's has a colon)
_PY_COMPARED = lazy_re(r"^\s*assert\s+(?P<check>(?s:.+?))\s*$"
                       r"|^\s*(?:self\s*\.\s*)?assert(?:Equals?)\s*\((?P<args>(?s:.*))\)\s*$")
_ALWAYS_FREE = lazy_re(
    r"^\s*(?:self\s*\.\s*)?assert(?:CountEqual|ItemsEqual|SetEqual)\s*\("
    r"|^\s*expect\s*\(\s*(?:new\s+Set\s*\(|\[\s*\.\.\.[^\]]*\]\s*\.\s*sort\s*\(\s*\)"
    r"|[\w$.]+(?:\([^()]*\))?\s*\.\s*sort\s*\(\s*\)\s*\))"
    r"|^\s*expect\s*\((?s:.*)\)\s*\.\s*(?:toEqual|toStrictEqual)\s*\(\s*expect\s*\.\s*"
    r"arrayContaining\s*\("
    r"|^\s*expect\s*\((?s:.*)\)\s*\.\s*toIncludeSameMembers\s*\("
    r"|^\s*(?:assert|require)\s*\.\s*ElementsMatchf?\s*\(")


_QUOTES = "\"'"
_KEY_WORDS = lazy_re(r"\b(?:keys?|propert(?:y|ies))\b", re.IGNORECASE)
# a JS check of deep equality: `expect(x).toEqual(`, `assert.deepStrictEqual(` (its arguments)
_JS_DEEP_EXPECT = lazy_re(r"^\s*expect\s*\((?s:.*)\)\s*\.\s*(?:toEqual|toStrictEqual|"
                          r"toMatchObject)\s*\(\s*\{")
_JS_DEEP_ASSERT = lazy_re(r"^\s*assert\s*\.\s*(?:deepStrictEqual|deepEqual)\s*\("
                          r"(?P<args>(?s:.*))\)\s*;?\s*$")
_DICT_WRITTEN = lazy_re(r"\{(?s:.*:.*)\}|\{\s*\}|dict\s*\((?s:.*)\)")
_PY_DICT_EQUAL = lazy_re(r"^\s*(?:self\s*\.\s*)?assertDictEqual\s*\(")


def promises_an_order(then: str) -> bool:
    """Whether a Then clause promises an order (module rules)."""
    return _PROMISE.search(then) is not None


def promises_key_order(then: str) -> bool:
    """Whether a Then clause promises the order of an object's keys (module rules)."""
    return promises_an_order(then) and _KEY_WORDS.search(then) is not None


def order_blind(test_source: str, keys: bool = False) -> str | None:
    """The first check of a test whose every check is order-blind (module rules), else None;
    with `keys` (`promises_key_order`), a deep comparison with an object written out is too."""
    if then_literals.GO_FAIL_RE.search(test_source):
        return None
    checks = [check.strip() for check in then_literals.check_statements(test_source)]
    if not checks or not all(_blind(check) or (keys and _keys_blind(check))
                             for check in checks):
        return None
    return checks[0]


def _keys_blind(check: str) -> bool:
    """Whether a check compares with an object or a mapping written out, which sees no order
    of keys (module rules)."""
    if _JS_DEEP_EXPECT.match(check) or _PY_DICT_EQUAL.match(check):
        return True
    deep = _JS_DEEP_ASSERT.match(check)
    if deep is not None:
        args = [a.strip() for a in then_literals.top_level_parts(deep.group("args"), ",",
                                                                  _QUOTES)]
        return any(arg.startswith("{") for arg in args[:2])
    sides = _sides(check)
    return any(_DICT_WRITTEN.fullmatch(side) is not None for side in sides)


def _sides(check: str) -> list[str]:
    """The two sides a Python check compares (`assert A == B`, `assertEqual(A, B)`), or []."""
    compared = _PY_COMPARED.match(check)
    if compared is None:
        return []
    if compared.group("args") is not None:
        sides = list(then_literals.top_level_parts(compared.group("args"), ",", _QUOTES))
    else:  # `assert A == B, message`: `A `, `` and ` B` between the two `=` of `==`
        condition = next(then_literals.top_level_parts(compared.group("check"), ",", _QUOTES))
        parts = list(then_literals.top_level_parts(condition, "=", _QUOTES))
        sides = [parts[0], parts[2]] if len(parts) == 3 and not parts[1] else []
    return [side.strip() for side in sides[:2]] if len(sides) >= 2 else []


def _blind(check: str) -> bool:
    if _ALWAYS_FREE.match(check):
        return True
    sides = _sides(check)
    if not sides:
        return False
    a, b = sides
    wrapped = [_unordered_view(side) for side in (a, b)]
    written = [_SET_WRITTEN.fullmatch(side) is not None for side in (a, b)]
    return (wrapped[0] and (wrapped[1] or written[1])) or (wrapped[1] and written[0])


def _unordered_view(side: str) -> bool:
    """`sorted(x)`, `set(x)`, `frozenset(x)`, `Counter(x)` whole, with no `key=` given."""
    return _WRAPPED.fullmatch(side) is not None and "key=" not in side.replace(" ", "") and \
        row_filters.closing_bracket(side, side.index("(")) == len(side)
