"""Checks that an unchanged input passes: a Python test whose every check holds when the code
it calls hands back what it was given.

An AC that promises to change its example (Given `HTTP`, Then `http`) is verified only by a
check that code doing nothing would fail. `assert normalize_scheme("http") == "http"`,
`assert normalize_scheme("HTTP").lower() == "http"` and `assert normalize_scheme("HTTP") in
("http", "HTTP")` all pass with `def normalize_scheme(s): return s`. Rules (`passes_unchanged`,
Python tests read with `ast`; anything else is left unread, None):
- Each call of the code (any call but the builtins and string methods below) is taken to return
  its first positional argument, which must itself be read (a literal, or a value so made); a
  call without one leaves the check unread.
- A check is one that a value is one given: `assert <a> == <b>`, `assert <a> in <b>`, or
  unittest's `assertEqual` / `assertIn` (its message aside), with a call of the code on one
  side (directly, or through a name bound to one) and none on the other (two results of the
  code compared say nothing of what either is); any other check (`!=`, `is not None`, a
  truth test: what a result is not, or that it is there) leaves the test unread. Its sides
  are read from literals, tuples, lists, sets, comparisons, `in`, `and` / `or` / `not`, the
  string methods that only re-case, trim or test an end (`lower`, `upper`, `casefold`,
  `strip`, `startswith`, ...), and `len`, `str`, `int`, `float`, `bool`, `sorted`, `list`,
  `tuple`, `set`.
- A name bound by a plain `name = <expr>` before the check is read through it; a name bound
  any other way (a parameter, a fixture, a loop, a second binding) leaves the check unread.
- The test is one when it has a check, every statement of its body is a docstring, such a
  binding or a check, and every check holds: a `with`, a loop, a branch, `pytest.raises` or a
  call of a helper at statement level (a check of its own) leaves it unread.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping
from typing import Any

from gaia_lib.core import pyast

_UNREAD = object()  # a value this reading cannot make

_BUILTINS: Mapping[str, Callable[..., Any]] = {
    "len": len, "str": str, "int": int, "float": float, "bool": bool, "sorted": sorted,
    "list": list, "tuple": tuple, "set": set}
_STRING_METHODS = frozenset({
    "lower", "upper", "casefold", "strip", "lstrip", "rstrip", "title", "capitalize",
    "swapcase", "startswith", "endswith"})
_COMPARE: Mapping[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge, ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b, ast.Is: operator.is_, ast.IsNot: operator.is_not}
# unittest's checks that a value is one given, as the expression each asserts
_UNITTEST: Mapping[str, Callable[[list[Any]], Any]] = {
    "assertEqual": lambda a: a[0] == a[1], "assertEquals": lambda a: a[0] == a[1],
    "assertIn": lambda a: a[0] in a[1]}


def passes_unchanged(test_source: str) -> str | None:
    """The first check of a Python test whose every check holds when each call of the code
    returns its input unchanged (module rules); None where it has another, or one not read."""
    function = _test_function(test_source)
    if function is None:
        return None
    names: dict[str, Any] = {}
    bound: set[str] = {a.arg for a in (*function.args.posonlyargs, *function.args.args,
                                       *function.args.kwonlyargs)}
    checks: list[str] = []
    made: set[str] = set()  # the names bound to what a call of the code returned
    for index, statement in enumerate(function.body):
        if index == 0 and isinstance(statement, ast.Expr) and isinstance(
                statement.value, ast.Constant) and isinstance(statement.value.value, str):
            continue  # the docstring
        if isinstance(statement, ast.Pass):
            continue
        if isinstance(statement, ast.Assign):
            if len(statement.targets) != 1 or not isinstance(statement.targets[0], ast.Name):
                return None
            name = statement.targets[0].id
            value = _value(statement.value, names)
            if name in bound:  # a second binding: which one a check reads is not followed
                names.pop(name, None)
            elif value is not _UNREAD:
                names[name] = value
                if _of_code(statement.value, made):
                    made.add(name)
            bound.add(name)
            continue
        holds = _check(statement, names, made)
        if holds is not True:
            return None
        checks.append(ast.get_source_segment(pyast.dedent(test_source), statement)
                      or ast.unparse(statement))
    return checks[0] if checks else None


def _test_function(source: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    try:
        tree = ast.parse(pyast.dedent(source))
    except (SyntaxError, ValueError):
        return None
    functions = [node for node in tree.body
                 if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]
    return functions[-1] if functions else None


def _check(statement: ast.stmt, names: Mapping[str, Any], made: set[str]) -> bool | None:
    """Whether a check that a result of the code is a value given holds with the input
    handed back unchanged; None for a statement that is no such check, or one not read."""
    if isinstance(statement, ast.Assert):
        test = statement.test
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1
                and isinstance(test.ops[0], ast.Eq | ast.In)
                and _of_code(test.left, made) != _of_code(test.comparators[0], made)):
            return None
        value = _value(test, names)
        return None if value is _UNREAD else bool(value)
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)):
        return None
    call = statement.value
    if not (isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name)
            and call.func.value.id == "self" and call.func.attr in _UNITTEST
            and len(call.args) >= 2
            and _of_code(call.args[0], made) != _of_code(call.args[1], made)):
        return None
    args = [_value(arg, names) for arg in call.args[:2]]
    if any(arg is _UNREAD for arg in args):
        return None
    try:
        return bool(_UNITTEST[call.func.attr](args))
    except Exception:  # a check this reading cannot make (a type's own comparison)
        return None


def _of_code(node: ast.expr, made: set[str]) -> bool:
    """Whether `node` holds a call of the code, or a name bound to what one returned."""
    for part in ast.walk(node):
        if isinstance(part, ast.Name) and part.id in made:
            return True
        if isinstance(part, ast.Call) and _code_call(part.func) and not (
                isinstance(part.func, ast.Name) and part.func.id in _BUILTINS) and not (
                isinstance(part.func, ast.Attribute) and part.func.attr in _STRING_METHODS):
            return True
    return False


def _value(node: ast.expr, names: Mapping[str, Any]) -> Any:
    """What `node` is with each call of the code returning its first argument; _UNREAD where
    this reading cannot say."""
    try:
        return _evaluate(node, names)
    except Exception:  # an operation the values do not support: not read
        return _UNREAD


def _evaluate(node: ast.expr, names: Mapping[str, Any]) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return names.get(node.id, _UNREAD)
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        items = [_evaluate(item, names) for item in node.elts]
        if any(item is _UNREAD for item in items):
            return _UNREAD
        return {ast.Tuple: tuple, ast.List: list, ast.Set: set}[type(node)](items)
    if isinstance(node, ast.Compare):
        left = _evaluate(node.left, names)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = _evaluate(right_node, names)
            if left is _UNREAD or right is _UNREAD:
                return _UNREAD
            if not _COMPARE[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.BoolOp):
        values = [_evaluate(value, names) for value in node.values]
        if any(value is _UNREAD for value in values):
            return _UNREAD
        return all(values) if isinstance(node.op, ast.And) else any(values)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        operand = _evaluate(node.operand, names)
        return _UNREAD if operand is _UNREAD else not operand
    if isinstance(node, ast.Call) and not node.keywords:
        return _called(node, names)
    return _UNREAD


def _called(node: ast.Call, names: Mapping[str, Any]) -> Any:
    args = [_evaluate(arg, names) for arg in node.args]
    if any(arg is _UNREAD for arg in args) or any(isinstance(a, ast.Starred) for a in node.args):
        return _UNREAD
    func = node.func
    if isinstance(func, ast.Name) and func.id in _BUILTINS:
        return _BUILTINS[func.id](*args)
    if isinstance(func, ast.Attribute) and func.attr in _STRING_METHODS and not (
            isinstance(func.value, ast.Name) and func.value.id not in names):
        owner = _evaluate(func.value, names)
        if isinstance(owner, str | bytes):
            return getattr(owner, func.attr)(*args)
        return _UNREAD
    if _code_call(func) and args:
        return args[0]  # the code hands back what it was given
    return _UNREAD


def _code_call(func: ast.expr) -> bool:
    """A call of the code: a name, or a dotted name (`normalizers.normalize_scheme`)."""
    while isinstance(func, ast.Attribute):
        func = func.value
    return isinstance(func, ast.Name) and func.id != "self"
