"""Python checks of an exception that do not show the code under test raising it (static, pure).

`pytest.raises(TypeError)` passes whatever raises the TypeError inside it. A test of "a value
that is not a string raises TypeError" whose block is `len(parse_duration(date(2000, 1, 1)))`
passes when the code returns None for it (len(None) raises), and one whose block is
`parse_duration("P1Y") - date(2000, 1, 1)` passes on the subtraction alone.

Rules (`unshown_raise`, for a Python test's text; `promised`: the exceptions the AC names,
lower case; `names`: the units its When clause names as code, `when_units`):
- A check is `with pytest.raises(E...)` / `with self.assertRaises(E...)` (and their `...Regex`
  forms) over a block, or the call form `pytest.raises(E, f, *args)` /
  `self.assertRaises(E, f, *args)`. It is about the AC when it expects one of `promised`.
- It shows the AC's unit raising it when it expects nothing else and the unit is what
  raises: the call form hands it the unit; a block has a statement that is a call of it,
  bare, awaited or assigned (`parse_duration(x)`, `d = Duration(x)`, `mod.parse(x)`), or
  consumed whole as a generator's results are (`list(croniter_range(...))`, `next(...)`).
- It does not show it when it runs the unit but the exception may come from something else:
  it also expects another exception (`(ISO8601Error, TypeError)`: it passes on that one), or
  it calls the unit only inside another call or an operation and expects only exceptions
  any value can raise there (`TypeError`, `ValueError`, ...: `len(parse_duration(x))`
  passes when the unit returns None, `parse_duration(x) - date(...)` on the subtraction).
  A check that calls none of the units (`v < "0.1.0"`, `list(croniter_range(...))` of
  another unit) says nothing either way.
- A test with a check that shows it is left alone; one with only checks that do not is
  returned with its first; any other, or text that does not parse, is None.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Set as AbstractSet

from gaia_lib.core import pyast

_RAISES = frozenset({"raises", "assertRaises", "assertRaisesRegex", "assertRaisesRegexp"})


def _parsed(text: str) -> ast.Module | None:
    for candidate in (text, text[m.start():] if (m := re.search(r"^[ \t]*(?:@|def |async def )",
                                                                text, re.M)) else ""):
        try:
            return ast.parse(pyast.dedent(candidate))
        except SyntaxError:
            continue
    return None


def _key(node: ast.expr) -> str:
    return re.sub(r"[^a-z0-9]", "", pyast.callee_name(node).lower())


def _expected(node: ast.expr) -> set[str]:
    if isinstance(node, ast.Tuple):
        return {pyast.callee_name(item).lower() for item in node.elts}
    return {pyast.callee_name(node).lower()}


def _raises_call(node: ast.AST) -> ast.Call | None:
    if isinstance(node, ast.Call) and pyast.callee_name(node.func) in _RAISES and node.args:
        return node
    return None


_CONSUMERS = frozenset({"list", "tuple", "set", "frozenset", "dict", "sorted", "next"})
_ANY_VALUE_RAISES = frozenset({"typeerror", "valueerror", "attributeerror", "keyerror",
                               "indexerror", "lookuperror", "exception", "runtimeerror"})


def when_units(when: str) -> frozenset[str]:
    """The units a When clause names as code (`parse_duration`, `jwt.decode`: `decode`), as
    keys (lower case, letters and digits)."""
    return frozenset(re.sub(r"[^a-z0-9]", "", name.rsplit(".", 1)[-1].lower())
                     for name in re.findall(r"`([A-Za-z_][\w.]*)(?:\(\))?`", when))


def _direct(statement: ast.stmt, names: AbstractSet[str]) -> bool:
    value: ast.expr | None = None
    if isinstance(statement, ast.Expr | ast.Assign | ast.AnnAssign):
        value = statement.value
    if isinstance(value, ast.Await):
        value = value.value
    # what a generator gives runs only as it is consumed: `list(croniter_range(...))`
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and \
            value.func.id in _CONSUMERS and len(value.args) == 1:
        value = value.args[0]
    return isinstance(value, ast.Call) and _key(value.func) in names


def _calls(statement: ast.stmt, names: AbstractSet[str]) -> bool:
    return any(isinstance(node, ast.Call) and _key(node.func) in names
               for node in ast.walk(statement))


def unshown_raise(test_source: str, promised: AbstractSet[str],
                  names: AbstractSet[str]) -> str | None:
    """The first check of the test about an exception in `promised` that does not show the
    AC's unit raising it, when none of its checks shows it (module rules)."""
    tree = _parsed(test_source)
    if tree is None or not promised or not names:
        return None
    text = pyast.dedent(test_source)
    unshown: list[str] = []
    for node in ast.walk(tree):
        checks: list[tuple[ast.Call, bool, bool]] = []  # (check, unit raises, unit runs)
        if isinstance(node, ast.With | ast.AsyncWith):
            for item in node.items:
                call = _raises_call(item.context_expr)
                if call is not None and len(call.args) == 1:
                    checks.append((call, any(_direct(s, names) for s in node.body),
                                   any(_calls(s, names) for s in node.body)))
        elif isinstance(node, ast.Call) and (call := _raises_call(node)) and len(call.args) > 1:
            runs = _key(call.args[1]) in names
            checks.append((call, runs, runs))
        for call, raises, runs in checks:
            expected = _expected(call.args[0])
            if not expected & promised or not runs:
                continue
            if raises and expected <= promised:
                return None
            if not expected <= promised or expected <= _ANY_VALUE_RAISES:
                unshown.append(" ".join((ast.get_source_segment(text, node) or "").split()))
    return unshown[0] if unshown else None
