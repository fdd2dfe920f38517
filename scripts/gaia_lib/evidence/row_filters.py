"""Tables filtered to nothing: a filter's condition evaluated over each row of a literal table.

A test run over a table that keeps no row (a `parametrize` list, a loop, `test.each`) runs no
check; `placeholders` asks this module whether a filter keeps any row.

Rules:
- A table is a name a file (or the test itself) gives a list or tuple of literals once and
  nothing changes after: no `append`, item assignment, `+=`, `global` / `del` in Python; one
  `const` in JS. A class's or a function's own name for it is another value.
- Python, a test's own table (`python_own_tables`): a statement of its body (not one under an
  `if`, a loop or a `with`) gives the name its literal, nothing else in the test binds it, and
  the test reads it only as what a loop or a comprehension runs over (or a loop's
  `enumerate(...)`, or `len(...)`), and only once when a row holds a list or a dict; a loop
  reads it from the line after. Any name the test binds (a fixture parameter, an assignment)
  is not its module's table.
- Python: a comprehension's condition is evaluated with `ast` over each row, using constants,
  the row's items (`c[0]`, `c[1:]`), comparisons (`is` / `is not` of equal values only for
  None, True, False or `...`: whether `c is "x"` holds where c is "x" is the interpreter's
  choice), `and` / `or` / `not`, `len(...)` and a string's pure methods (`_STR_METHODS`).
- Python, a branch in a loop over a table (`python_unmet_branches`): an `if` among the
  statements of the loop's body, or of a `try:` or `with` block among them (not a handler,
  an `else` or a `finally`), its condition on its own line, is read as a comprehension's is,
  for each row bound to the loop's target (`for c in cases:` / `if c.startswith("!"):`), or
  each row with its position over `enumerate(cases)` (from a literal start:
  `enumerate(cases, 1)`). A loop that binds its target again (an assignment, `with ... as`,
  `except ... as`, `case ... as`, an import) gives no verdict, nor, over rows a call may
  change (a list, a dict), a branch after another statement or in a `with` (its items run
  first). A dict's `.items()` is no table. A branch of the loop's own body that every row
  meets, whose only statement goes on to the next row (`if c: continue`, `break`, a bare
  `return`; no `else`), leaves the loop's statements after it never run
  (`python_skipping_branches`); so does, in any loop (`for`, `while`), such a jump as a
  statement of its own, or under a condition that holds whatever it reads: a truthy constant,
  or one or-ed with its own negation (`if hasattr(r, f) or not hasattr(r, f): continue`).
- Python, the rows of a module table a pytest test is parametrized by that it never checks
  (`python_unchecked_rows`, each alone on its lines; `testcases` leaves them out of the test's
  table): one marked to skip or to fail (`pytest.param(..., marks=pytest.mark.skip)`), and one
  whose literal cells, bound to the parameters, meet the condition of an `if` whose only
  statement is a bare `return`, taken before any check (its body's statements before it: a
  docstring and assignments calling nothing named for a check; `if text in ("P1D", "-P2W"):
  return`), or on which its one check, last, compares a value with itself (`assert r == (r
  if text in known else e)`), read as a comprehension's condition, the literals those
  assignments give names read too. A row the condition cannot be read for stays; where none
  left meets it, the test is read as those rows run it: without the `if`, its check as
  `assert r == e`, without a name given a literal only for the condition.
- JS / TS: `rows.filter(callback)` where the callback is an arrow or a `function` of one
  parameter, or of two, the second a name bound to the row's index (0, 1, ...: `(c, i) =>`,
  used or not), on one line or several (types of its parameters and return aside, its body an
  expression or a block: `const` bindings, each a name or a destructuring given a value of the
  row, then `return ...;`, a trailing comma after it), read by a small expression reader:
  literals, the callback's parameters (the row's destructured too) and its consts, `===` /
  `==` (not of two arrays or objects, equal or the same one) and the other comparisons, `&&` /
  `||` / `!`, `typeof`, members and a string's pure methods. Any other statement in its block
  (a `let`, a call, an `if`), a third parameter (the array), an index with a default or a
  pattern, or an `async` callback gives no verdict. A callback over several lines is written
  `() => false` on the filter's first line, the lines it spanned left blank
  (`js_unkept_filters`), so a test's lines keep their numbers.
- JS / TS, a branch in a loop over a table (`js_unmet_branches`): an `if` among the
  statements of the body of `for (const c of cases) {` or `cases.forEach((c) => {`, its
  condition read as a filter's for each row bound to the loop's name or pattern; over rows a
  statement may change (arrays, objects) only the first statement. One no row meets never
  runs; one every row meets whose only statement goes on to the next row (`continue`,
  `break`, `return`; `return` in `forEach`) leaves the statements after it never run.
- JS / TS, a table's cell that is no literal (`Number.MAX_VALUE`, `1_000`, a call) is read as
  a value not known: a condition reading it gives no verdict, one reading only other cells
  does.
- JS / TS, a condition of constants alone (`js_constant_condition`: an `if` of a test whose
  members were read as the literals it gave them, `"hello" === "hello"`) is read by the
  same reader, with no names bound.
- Anything else in a condition (a call of the code under test, a name bound elsewhere, a
  comparison that depends on JS type conversion) gives no verdict: the filter may keep a row.
Standard library only.
"""

from __future__ import annotations

import ast
import math
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

from gaia_lib.core import pyast
from gaia_lib.core.lazyre import compile as lazy_re

_Item = TypeVar("_Item")


class _Unknown(Exception):
    """A filter's condition this reading cannot evaluate for a row."""


# The pure methods of a row's strings a filter may call (`c[0].startswith("+")`).
_STR_METHODS = frozenset({"startswith", "endswith", "lower", "upper", "strip", "casefold",
                          "isdigit", "isalpha", "isalnum", "isupper", "islower", "isspace"})
_PY_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], object]] = {
    ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b,
    ast.Lt: lambda a, b: a < b, ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
    ast.Is: lambda a, b: a is b, ast.IsNot: lambda a, b: a is not b,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}


def _row_value(node: ast.expr, names: Mapping[str, object]) -> object:
    """The value of a filter's condition (or a part of it) for one row, its variables bound in
    `names`: constants, the row's items (`c[0]`, `c[1:]`), comparisons, `and` / `or` / `not`,
    `len(...)` and a string's pure methods; anything else raises `_Unknown`."""
    try:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            if node.id not in names:
                raise _Unknown(node.id)
            return names[node.id]
        if isinstance(node, (ast.Tuple, ast.List)):
            return tuple(_row_value(item, names) for item in node.elts)
        if isinstance(node, ast.Subscript):
            value = _row_value(node.value, names)
            index = node.slice
            if isinstance(index, ast.Slice):
                bounds = [None if part is None else _row_value(part, names)
                          for part in (index.lower, index.upper, index.step)]
                return value[slice(*bounds)]  # type: ignore[index]
            return value[_row_value(index, names)]  # type: ignore[index]
        if isinstance(node, ast.Compare):
            left = _row_value(node.left, names)
            for op, right_node in zip(node.ops, node.comparators, strict=True):
                right = _row_value(right_node, names)
                if isinstance(op, (ast.Is, ast.IsNot)) and left == right and not any(
                        value is None or value is True or value is False or value is Ellipsis
                        for value in (left, right)):
                    # an identity Python does not promise: `c is "x"` where c is "x"
                    raise _Unknown("is")
                if not _PY_COMPARE[type(op)](left, right):
                    return False
                left = right
            return True
        if isinstance(node, ast.BoolOp):
            value = None
            for item in node.values:
                value = _row_value(item, names)
                if bool(value) == isinstance(node.op, ast.Or):
                    return value
            return value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
            operand = _row_value(node.operand, names)
            return (not operand) if isinstance(node.op, ast.Not) else -operand  # type: ignore[operator]
        if isinstance(node, ast.Call) and not node.keywords:
            args = [_row_value(arg, names) for arg in node.args]
            if isinstance(node.func, ast.Name) and node.func.id == "len" and len(args) == 1:
                return len(args[0])  # type: ignore[arg-type]
            if isinstance(node.func, ast.Attribute) and node.func.attr in _STR_METHODS:
                owner = _row_value(node.func.value, names)
                if isinstance(owner, str):
                    return getattr(owner, node.func.attr)(*args)
    except (TypeError, ValueError, IndexError, KeyError, AttributeError) as failed:
        raise _Unknown(str(failed)) from failed
    raise _Unknown(ast.dump(node)[:40])


def _bind(target: ast.expr, row: object, names: dict[str, object]) -> None:
    """Bind a loop's target (`c`, `text, expected`) to one row, as Python unpacks it."""
    if isinstance(target, ast.Name):
        names[target.id] = row
    elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(row, (tuple, list)) \
            and len(row) == len(target.elts):
        for inner, item in zip(target.elts, row, strict=True):
            _bind(inner, item, names)
    else:
        raise _Unknown("unpacking")


def _rows_of(node: ast.expr, rows: Mapping[str, tuple[object, ...]]) -> tuple[object, ...]:
    """The rows of a table written as a literal or named for one (`rows`)."""
    if isinstance(node, ast.Name) and node.id in rows:
        return rows[node.id]
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError) as failed:
        raise _Unknown("not a literal") from failed
    if not isinstance(value, (list, tuple)):
        raise _Unknown("not a table")
    return tuple(value)


def keeps_no_row(node: ast.expr, rows: Mapping[str, tuple[object, ...]]) -> bool:
    """Whether `node` is a comprehension over a literal table (`rows`: the file's, by name)
    whose condition no row meets: `[c for c in CASES if c is None]` where no row is None."""
    if not isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)) or \
            len(node.generators) != 1:
        return False
    loop = node.generators[0]
    if not loop.ifs or loop.is_async:
        return False
    try:
        table = _rows_of(loop.iter, rows)
        for row in table:
            names: dict[str, object] = {}
            _bind(loop.target, row, names)
            if all(_row_value(condition, names) for condition in loop.ifs):
                return False
    except _Unknown:
        return False
    return bool(table)


def keeps_no_row_text(text: str, rows: Mapping[str, tuple[object, ...]]) -> bool:
    """`keeps_no_row` of an expression written as `text`."""
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        return False
    return keeps_no_row(tree.body, rows)


# --- JS/TS: a filter that no row of a literal table meets -------------------------------------

_JS_TOKEN = lazy_re(r"\s+|//[^\n]*|/\*.*?\*/|(?P<s>\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|"
                    r"`[^`$\\]*`)|(?P<n>\d+(?:\.\d+)?)|(?P<w>[A-Za-z_$][\w$]*)|"
                    r"(?P<p>===|!==|==|!=|<=|>=|&&|\|\||=>|[-!<>()\[\]{},:.;=|&?])", re.S)
_UNDEFINED = object()  # JS's undefined, beside null (None)
UNDEFINED = _UNDEFINED


def _js_tokens(text: str) -> list[tuple[str, str]]:
    """(kind, text) of the JS tokens of `text` (s: string, n: number, w: word, p: punctuation);
    raises `_Unknown` at anything else (a regex, a template's `${`)."""
    out, at = [], 0
    while at < len(text):
        found = _JS_TOKEN.match(text, at)
        if found is None:
            raise _Unknown(text[at:at + 10])
        kind = found.lastgroup
        if kind is not None:
            out.append((kind, found.group(kind)))
        at = found.end()
    return out


def _js_string(token: str) -> str:
    """A JS string literal's value; an escape other than a quote's or a backslash is not read."""
    inner = token[1:-1]
    if any(escaped not in "\\\"'`" for escaped in re.findall(r"\\(.)", inner, re.S)):
        raise _Unknown(token)  # (`"a\\B"` is an escaped backslash, then `B`)
    return re.sub(r"\\(.)", r"\1", inner)


class _Opaque:
    """A table's cell this reading cannot tell the value of (`Number.MAX_VALUE`, `1_000`, a
    call): a condition reading it gives no verdict."""


_OPAQUE = _Opaque()
OPAQUE: object = _OPAQUE  # a cell `js_table` cannot tell the value of
_CELL_END = frozenset({",", "]", "}", ")", ""})


class _JsReader:
    """A JS literal (arrays, objects, strings, numbers, true / false / null / undefined) or a
    filter's condition over one row, read from tokens; a table's (`opaque`) cell of anything
    else is read as a value not known (`_OPAQUE`)."""

    def __init__(self, tokens: list[tuple[str, str]], opaque: bool = False) -> None:
        self.tokens, self.at, self.opaque = tokens, 0, opaque

    def cell(self) -> object:
        """An item of an array or an object's value: a literal, or (`opaque`) the tokens up to
        the comma or bracket ending it, read as a value not known."""
        start = self.at
        try:
            value = self.literal()
            if not self.opaque or self.peek() in _CELL_END:
                return value
        except _Unknown:
            if not self.opaque:
                raise
        self.at, depth = start, 0
        while self.at < len(self.tokens) and not (depth == 0 and self.peek() in _CELL_END):
            depth += (self.peek() in ("(", "[", "{")) - (self.peek() in (")", "]", "}"))
            self.at += 1
        if self.at == start:
            raise _Unknown("an empty cell")
        return _OPAQUE

    def peek(self) -> str:
        return self.tokens[self.at][1] if self.at < len(self.tokens) else ""

    def take(self, expected: str | None = None) -> tuple[str, str]:
        if self.at >= len(self.tokens) or (expected is not None and self.peek() != expected):
            raise _Unknown(expected or "end")
        self.at += 1
        return self.tokens[self.at - 1]

    def literal(self) -> object:
        kind, text = self.take()
        if kind == "s":
            return _js_string(text)
        if kind == "n":
            return float(text)
        if kind == "w" and text in _JS_WORDS:
            return _JS_WORDS[text]
        if text == "-" and self.tokens[self.at:self.at + 1][:1] and self.tokens[self.at][0] == "n":
            return -float(self.take()[1])
        if text == "[":
            return tuple(self.listed("]", self.cell))
        if text == "{":
            return dict(self.listed("}", self.field))
        raise _Unknown(text)

    def field(self) -> tuple[str, object]:
        """`key: literal` in an object literal."""
        key_kind, key = self.take()
        if key_kind not in ("w", "s", "n"):
            raise _Unknown(key)
        self.take(":")
        return (_js_string(key) if key_kind == "s" else key), self.cell()

    def listed(self, close: str, item: Callable[[], _Item]) -> list[_Item]:
        """Comma-separated items up to `close` (a trailing comma allowed), `close` taken."""
        items = []
        while self.peek() != close:
            items.append(item())
            if self.peek() != close:
                self.take(",")
        self.take(close)
        return items

    # a condition, as a tree of tuples: ("v", value), ("name", n), (op, left, right), ...
    def condition(self, level: int = 0) -> tuple[Any, ...]:
        if level == len(_JS_BINARY):
            return self.unary()
        left = self.condition(level + 1)
        while self.peek() in _JS_BINARY[level]:
            op = self.take()[1]
            left = (op, left, self.condition(level + 1))
        return left

    def unary(self) -> tuple[Any, ...]:
        if self.peek() in ("!", "typeof", "-"):
            op = self.take()[1]
            return ("unary" + op, self.unary())
        node = self.primary()
        while self.peek() in (".", "[", "("):
            punctuation = self.take()[1]
            if punctuation == ".":
                kind, name = self.take()
                if kind != "w":
                    raise _Unknown(name)
                node = ("member", node, ("v", name))
            elif punctuation == "[":
                node = ("member", node, self.condition())
                self.take("]")
            else:
                node = ("call", node, tuple(self.listed(")", self.condition)))
        return node

    def primary(self) -> tuple[Any, ...]:
        if self.peek() == "(":
            self.take("(")
            node = self.condition()
            self.take(")")
            return node
        kind, text = self.tokens[self.at] if self.at < len(self.tokens) else ("", "")
        if kind == "w" and text not in _JS_WORDS:
            self.take()
            return ("name", text)
        return ("v", self.literal())


_JS_WORDS: dict[str, object] = {"true": True, "false": False, "null": None,
                                "undefined": _UNDEFINED}
_JS_BINARY = (("||",), ("&&",), ("===", "!==", "==", "!="), ("<", "<=", ">", ">="))
# A row's pure string and array methods a filter may call (`i.startsWith("+")`).
_JS_METHODS: dict[str, Callable[..., object]] = {
    "startsWith": str.startswith, "endsWith": str.endswith, "toLowerCase": str.lower,
    "toUpperCase": str.upper, "trim": str.strip}


def _js_truthy(value: object) -> bool:
    return not (value is None or value is _UNDEFINED or value is False or value == ""
                or (isinstance(value, float) and (value == 0 or math.isnan(value))))


def _js_type(value: object) -> str:
    return {str: "string", float: "number", bool: "boolean"}.get(type(value)) or (
        "undefined" if value is _UNDEFINED else "object")


def _js_value(node: tuple[Any, ...], names: Mapping[str, object]) -> Any:
    """The value of a filter's condition (`_JsReader.condition`) for one row, its parameters
    bound in `names`; `_Unknown` where JS's coercions or any other call would decide."""
    value = _js_read(node, names)
    if value is _OPAQUE:
        raise _Unknown("a value not known")
    return value


def _js_read(node: tuple[Any, ...], names: Mapping[str, object]) -> Any:
    """`_js_value`, a cell not known (`_OPAQUE`) left to it to refuse."""
    op = node[0]
    if op == "v":
        return node[1]
    if op == "name":
        if node[1] not in names:
            raise _Unknown(str(node[1]))
        return names[str(node[1])]
    if op in ("||", "&&"):
        left = _js_value(node[1], names)
        return left if _js_truthy(left) == (op == "||") else _js_value(node[2], names)
    if op == "unary!":
        return not _js_truthy(_js_value(node[1], names))
    if op == "unarytypeof":
        return _js_type(_js_value(node[1], names))
    if op == "unary-":
        value = _js_value(node[1], names)
        if not isinstance(value, float):
            raise _Unknown("-")
        return -value
    if op == "member":
        owner, key = _js_value(node[1], names), _js_value(node[2], names)
        if key == "length" and isinstance(owner, (str, tuple)):
            return float(len(owner))
        if isinstance(owner, (str, tuple)) and isinstance(key, float) and key.is_integer():
            return owner[int(key)] if 0 <= key < len(owner) else _UNDEFINED
        if isinstance(owner, dict) and isinstance(key, str):
            return owner.get(key, _UNDEFINED)
        if isinstance(owner, (str, tuple)) and key in (*_JS_METHODS, "includes"):
            return ("method", owner, key)
        raise _Unknown(str(key))
    if op == "call":
        method = _js_value(node[1], names)
        args = [_js_value(arg, names) for arg in node[2]]
        if not (isinstance(method, tuple) and len(method) == 3 and method[0] == "method"):
            raise _Unknown("call")
        _, owner, name = method
        if name == "includes" and len(args) == 1 and (isinstance(owner, tuple) or (
                isinstance(args[0], str))):
            if args[0] not in owner and _OPAQUE in owner:
                raise _Unknown("a value not known")
            return args[0] in owner
        if isinstance(owner, str) and all(isinstance(arg, str) for arg in args) and \
                len(args) == (1 if name in ("startsWith", "endsWith") else 0):
            return _JS_METHODS[name](owner, *args)
        raise _Unknown(str(name))
    left, right = _js_value(node[1], names), _js_value(node[2], names)
    same = type(left) is type(right) or (left is None and right is _UNDEFINED) or (
        left is _UNDEFINED and right is None)
    if op in ("===", "!=="):
        if isinstance(left, (tuple, dict)) and isinstance(right, (tuple, dict)):
            raise _Unknown(op)  # an object's identity, which equal rows do not tell
        return (type(left) is type(right) and left == right) == (op == "===")
    if op in ("==", "!="):
        if not same or isinstance(left, (tuple, dict)):
            raise _Unknown(op)  # a coercion, or an object's identity
        return (left == right or left in (None, _UNDEFINED)) == (op == "==")
    if not (isinstance(left, float) and isinstance(right, float)) and not (
            isinstance(left, str) and isinstance(right, str)):
        raise _Unknown(op)
    return _PY_COMPARE[{"<": ast.Lt, "<=": ast.LtE, ">": ast.Gt, ">=": ast.GtE}[op]](left, right)


def _js_skip_type(reader: _JsReader, stops: tuple[str, ...]) -> None:
    """Past a TS type (`: string`, `: Array<[string, number]>`, `: c is Case`) up to one of
    `stops` outside its brackets (left to take)."""
    depth = 0
    while reader.peek() and not (depth == 0 and reader.peek() in stops):
        token = reader.take()[1]
        depth += (token in ("(", "[", "{", "<")) - (token in (")", "]", "}", ">"))
        if depth < 0:
            raise _Unknown(token)


def _js_pattern(reader: _JsReader) -> Callable[[object], dict[str, object]]:
    """A name a value binds (`c`, `[input, output]`, `{ ok }`) read from `reader`: how it binds
    one value."""
    opening = reader.peek()
    if opening in ("[", "{"):
        reader.take()
        names: list[str] = []
        while reader.peek() not in ("]", "}"):
            kind, name = reader.take()
            if kind != "w" or name in _JS_WORDS:
                raise _Unknown(name)
            names.append(name)
            if reader.peek() not in ("]", "}"):
                reader.take(",")
        reader.take("]" if opening == "[" else "}")
    else:
        kind, name = reader.take()
        if kind != "w" or name in _JS_WORDS:
            raise _Unknown(name)
        names = [name]

    def bind(row: object) -> dict[str, object]:
        if opening == "[":
            if not isinstance(row, tuple):
                raise _Unknown("not an array")
            return {name: row[at] if at < len(row) else _UNDEFINED
                    for at, name in enumerate(names)}
        if opening == "{":
            if not isinstance(row, dict):
                raise _Unknown("not an object")
            return {name: row.get(name, _UNDEFINED) for name in names}
        return {names[0]: row}
    return bind


def _js_bind(reader: _JsReader) -> tuple[Callable[[object, int], dict[str, object]], bool]:
    """A filter's callback up to its body read from `reader`: how its parameters (`c`,
    `([input, output])`, `({ ok })`, then the row's index, `(c, i)`, types aside, and the
    callback's return type) bind one row at its position, and whether its body must be a
    block (a `function`)."""
    function = reader.peek() == "function"
    if function:
        reader.take()
        if reader.tokens[reader.at:reader.at + 1] and reader.tokens[reader.at][0] == "w":
            reader.take()  # its name
    parenthesised = function or reader.peek() == "("
    if parenthesised:
        reader.take("(")
    bind = _js_pattern(reader)
    index = None
    if parenthesised:
        if reader.peek() == ":":  # a type: `(c: Case)`
            _js_skip_type(reader, (")", ","))
        if reader.peek() == "," and reader.tokens[reader.at + 1:reader.at + 2] != [("p", ")")]:
            reader.take(",")
            kind, index = reader.take()  # the row's index: a name, not a pattern
            if kind != "w" or index in _JS_WORDS:
                raise _Unknown(index)
            if reader.peek() == ":":
                _js_skip_type(reader, (")", ","))
        if reader.peek() == ",":  # a trailing comma
            reader.take(",")
        reader.take(")")
        if reader.peek() == ":":  # its return type: `(c): boolean =>`
            _js_skip_type(reader, ("{",) if function else ("=>",))
    if not function:
        reader.take("=>")

    def bind_at(row: object, position: int) -> dict[str, object]:
        names = bind(row)
        if index is None:
            return names
        if index in names:
            raise _Unknown("one name twice")
        return names | {index: float(position)}
    return bind_at, function


def _js_block(reader: _JsReader) -> tuple[list[tuple[Callable[[object], dict[str, object]],
                                                      tuple[Any, ...]]], tuple[Any, ...]]:
    """A callback's block (`{ const p = c[0]; return p === "!"; }`) read from `reader`: its
    `const` bindings (how each binds its value, the value's expression) before its one
    `return`, and what it returns; anything else in it is not read."""
    reader.take("{")
    bindings = []
    while reader.peek() == "const":
        reader.take()
        bind = _js_pattern(reader)
        if reader.peek() == ":":
            _js_skip_type(reader, ("=",))
        reader.take("=")
        bindings.append((bind, reader.condition()))
        if reader.peek() == ";":
            reader.take(";")
    reader.take("return")
    condition = reader.condition()
    if reader.peek() == ";":
        reader.take(";")
    reader.take("}")
    return bindings, condition


def _js_keeps_no_row(predicate: str, rows: tuple[object, ...]) -> bool:
    """Whether the filter callback written as `predicate` (`([i]) => i.startsWith("+")`, an
    expression or a block, `function (c) { ... }`, `(c, i) => i > 5` of the row's index) keeps
    none of `rows`."""
    try:
        reader = _JsReader(_js_tokens(predicate))
        bind, function = _js_bind(reader)
        if function or reader.peek() == "{":
            bindings, condition = _js_block(reader)
        else:
            bindings, condition = [], reader.condition()
        if reader.peek() == ",":  # the argument list's trailing comma
            reader.take(",")
        if reader.peek():
            return False
        for position, row in enumerate(rows):
            names = bind(row, position)
            for bound, value in bindings:
                given = bound(_js_value(value, names))
                if given.keys() & names.keys():
                    raise _Unknown("declared again")
                names |= given
            if _js_truthy(_js_value(condition, names)):
                return False
        return bool(rows)
    except (_Unknown, ValueError, TypeError, RecursionError):
        return False


def js_table(text: str) -> tuple[object, ...] | None:
    """The rows of the JS array literal `text` (`[["a", 1], { b: 2 }]`, a `.each` table), each
    a tuple, a dict or a value, a cell of anything else (a call, a name) read as a value not
    known (`OPAQUE`); None where `text` is no array literal."""
    try:
        reader = _JsReader(_js_tokens(text), True)
        value = reader.literal()
    except (_Unknown, ValueError, RecursionError):
        return None
    return value if isinstance(value, tuple) and not reader.peek() else None


def js_holds(condition: str, names: Mapping[str, object]) -> bool | None:
    """Whether the JS `condition` holds with `names` bound to values (a row's cells,
    `UNDEFINED` for one it lacks), read as a filter's (rules above); None where it cannot be
    read."""
    try:
        reader = _JsReader(_js_tokens(condition))
        node = reader.condition()
        return None if reader.peek() else _js_truthy(_js_value(node, names))
    except (_Unknown, ValueError, TypeError, IndexError, RecursionError):
        return None


def js_constant_condition(text: str) -> bool | None:
    """Whether a JS condition of constants alone holds (`"hello" === "hello"`, `!false`,
    `2 > 1`), read as a filter's is (rules above); None when it names anything, or JS's
    coercions would decide."""
    try:
        reader = _JsReader(_js_tokens(text))
        node = reader.condition()
        return None if reader.peek() else _js_truthy(_js_value(node, {}))
    except (_Unknown, ValueError, TypeError, IndexError, RecursionError):
        return None


# A table a JS/TS file or test writes as a literal: `const cases = [` (its own `]` closing it).
_JS_TABLE = lazy_re(r"^([ \t]*)(?:export\s+)?const\s+([\w$]+)\s*(?::[^=\n]+)?=\s*\[", re.M)


def js_tables(text: str, top: bool) -> dict[str, tuple[object, ...]]:
    """The tables `text` writes as literals (`_JS_TABLE`; `top`: at its top level only) and
    never changes (`push`, `splice`, an item set), by name."""
    rows: dict[str, tuple[object, ...]] = {}
    for found in _JS_TABLE.finditer(text):
        name = found.group(2)
        if (top and found.group(1)) or re.search(
                rf"(?<![\w$.]){re.escape(name)}\s*(?:\.\s*(?:push|pop|shift|unshift|splice|sort|"
                rf"reverse|fill|copyWithin|length\s*=(?!=))\b|\[[^\]]*\]\s*(?:\.[\w$]+\s*)*"
                rf"[-+*/]?=(?!=))", text):
            continue
        start = found.end() - 1
        try:
            reader = _JsReader(_js_tokens(text[start:closing_bracket(text, start)]), True)
            value = reader.literal()
        except (_Unknown, ValueError, RecursionError):
            continue
        if isinstance(value, tuple) and not reader.peek():
            rows[name] = value
    return rows


def closing_bracket(text: str, opening: int) -> int:
    """The index past the bracket closing the one at `opening`, strings skipped (or the end)."""
    depth, at = 0, opening
    while at < len(text):
        char = text[at]
        if char in "\"'`":
            close = text.find(char, at + 1)
            while close > 0 and text[close - 1] == "\\":
                close = text.find(char, close + 1)
            if close < 0:
                return len(text)
            at = close
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0:
                return at + 1
        at += 1
    return len(text)


_JS_FILTER = lazy_re(r"(?<![\w$.])([\w$]+)\s*\.\s*filter\(")


def _js_tables_seen(text: str, rows: Mapping[str, tuple[object, ...]]
                    ) -> dict[str, tuple[object, ...]]:
    """The literal tables a JS/TS test (`text`) sees: its file's (`rows`) that it neither
    declares again nor takes as a parameter, and its own."""
    return {name: table for name, table in rows.items() if not re.search(
        rf"\b(?:const|let|var)\s+(?:[\[{{][^=\]}}]*)?(?<![\w$]){re.escape(name)}(?![\w$])|"
        rf"[(,]\s*{re.escape(name)}\s*[,)]|(?<![\w$.]){re.escape(name)}\s*=>", text)} | \
        js_tables(text, top=False)


def js_unkept_filters(lines: list[str], rows: Mapping[str, tuple[object, ...]]) -> list[str]:
    """A JS/TS test's lines with each filter that keeps no row of a literal table (its file's,
    `rows`, or its own) written `.filter(() => false)`, as the rules above read it. A callback
    over several lines (`(c) => {` ... `}`), or a table named on the line before its
    `.filter(`, is read too: the filter is then written on its first line, what follows its
    `)` on the last line brought up, and the lines between left blank (as many lines)."""
    text = "\n".join(lines)
    # a file's table the test declares again, or takes as a parameter, is another value
    tables = _js_tables_seen(text, rows)
    if not tables:
        return lines
    for found in reversed(list(_JS_FILTER.finditer(text))):
        if found.group(1) not in tables:
            continue
        end = closing_bracket(text, found.end() - 1)
        if text[end - 1:end] != ")" or not _js_keeps_no_row(text[found.end():end - 1],
                                                             tables[found.group(1)]):
            continue
        line_end = len(text) if (at := text.find("\n", end)) < 0 else at
        text = (text[:found.end()] + "() => false" + text[end - 1:line_end]
                + "\n" * text.count("\n", found.end(), end) + text[line_end:])
    out = text.split("\n")
    return lines if out == lines else out


def python_tables(text: str, top_names: list[str]) -> tuple[dict[str, tuple[object, ...]],
                                                              frozenset[str]]:
    """A Python file's tables (`placeholders.FileScope.rows`), and the names it gives a
    comprehension over one that keeps no row (`WEEK = [c for c in CASES if "W" in c[0]]`): a
    name given one value once at the top level (`top_names`: each top-level assignment's
    name) that nothing changes after (`append`, an item set, `+=`, `global`)."""
    try:
        tree = pyast.module(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}, frozenset()
    values: dict[str, ast.expr] = {}
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            target, value = statement.target, statement.value
        else:
            continue
        if isinstance(target, ast.Name) and top_names.count(target.id) == 1:
            values[target.id] = value
    rows: dict[str, tuple[object, ...]] = {}
    for name, value in values.items():
        if not _changed(name, text) and not isinstance(value, (ast.ListComp, ast.GeneratorExp)):
            try:
                table = ast.literal_eval(value)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                continue
            if isinstance(table, (list, tuple)):
                rows[name] = tuple(table)
    kept_none = frozenset(name for name, value in values.items() if keeps_no_row(value, rows))
    return rows, kept_none


def _changed(name: str, text: str) -> bool:
    """Whether a Python file's text may change what its top-level `name` holds: `append`, an
    item set, `+=`, `global`, `del`, or a class's or a function's own name."""
    return re.search(rf"(?<![\w.]){re.escape(name)}\s*(?:\.(?:append|extend|insert|pop|"
                     rf"remove|clear|sort|reverse)\b|\[[^\]]*\]\s*(?:[-+*/]?=(?!=))|"
                     rf"[-+*/|]=)|\b(?:global|nonlocal|del)\b[^\n]*\b{re.escape(name)}\b|"
                     # a class's or a function's own name, which a test there reads
                     rf"^[ \t]+{re.escape(name)}\s*(?::[^=\n]+)?=(?!=)",
                     text, re.M) is not None


def python_kept_tables(text: str, top_names: list[str]) -> frozenset[str]:
    """The names a Python file gives a list or tuple display once at its top level
    (`top_names`: each top-level assignment's name) that nothing changes after (`_changed`),
    whatever its cells hold (`PARSE_CASES = (("P1D", timedelta(1)), ...)`)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return frozenset()
    return frozenset(
        target.id for statement in tree.body if isinstance(statement, ast.Assign)
        and len(statement.targets) == 1 and isinstance(statement.value, (ast.List, ast.Tuple))
        for target in statement.targets if isinstance(target, ast.Name)
        and top_names.count(target.id) == 1 and not _changed(target.id, text))


def _frozen(value: object) -> bool:
    """Whether a literal's value holds nothing that can change (no list, dict or set)."""
    return not isinstance(value, (list, dict, set)) and (
        not isinstance(value, tuple) or all(_frozen(item) for item in value))


def _test_function(lines: list[str]) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, int] | None:
    """A Python test's function parsed from `lines` (its `def` and body), and how many lines
    were put before it to parse it (1 for a method's indented `def`); None when not read."""
    if not lines:
        return None
    nested = int(lines[0][:1] in (" ", "\t"))  # a method: its `def` indented
    try:  # a block's indentation may be any: `if 1:` holds an indented `def` as written
        tree = ast.parse("if 1:\n" * nested + "\n".join(lines))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    body = tree.body[0].body if nested and isinstance(tree.body[0], ast.If) else tree.body
    function = body[0] if body else None
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    return function, nested


def _binds(node: ast.AST) -> list[str]:
    """The names `node` binds: an assignment's or a loop's target, a parameter, a `def` or a
    `class`, an import, `except ... as`, `case ... as`, a `global` / `nonlocal` name."""
    if isinstance(node, ast.Name):
        return [] if isinstance(node.ctx, ast.Load) else [node.id]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, (ast.Global, ast.Nonlocal)):
        return list(node.names)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.alias):
        return [(node.asname or node.name).split(".")[0]]
    if isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name:
        return [node.name]
    return []


def _loop_rows(node: ast.expr, rows: Mapping[str, tuple[object, ...]]) -> tuple[object, ...]:
    """The rows a loop binds to its target, from a table (`_rows_of`) or its `enumerate(...)`
    (each row with its position, from a literal start: `enumerate(cases, 1)`)."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "enumerate"):
        return _rows_of(node, rows)
    starts = [*node.args[1:], *(keyword.value for keyword in node.keywords
                                if keyword.arg == "start")]
    if not node.args or len(node.args) + len(node.keywords) != 1 + len(starts) or \
            len(starts) > 1:
        raise _Unknown("enumerate")
    start = ast.literal_eval(starts[0]) if starts and isinstance(starts[0], ast.Constant) \
        else None if starts else 0
    if not isinstance(start, int) or isinstance(start, bool):
        raise _Unknown("start")
    return tuple((start + at, row) for at, row in enumerate(_rows_of(node.args[0], rows)))


def _nested_branches(body: list[ast.stmt], first: bool = True) -> Iterator[tuple[ast.If, bool]]:
    """Each `if` among `body`'s statements or those of a `try:` (its handlers `except` or
    `except*`) or `with` block among them (not its handlers, its `else` or `finally`), and
    whether nothing runs before it in the loop's body: a `with` runs its items before its
    block."""
    for position, statement in enumerate(body):
        alone = first and not position
        if isinstance(statement, ast.If):
            yield statement, alone
        elif isinstance(statement, ast.Try):
            yield from _nested_branches(statement.body, alone)
        elif sys.version_info >= (3, 11) and isinstance(statement, ast.TryStar):
            yield from _nested_branches(statement.body, alone)  # `except*` handlers
        elif isinstance(statement, (ast.With, ast.AsyncWith)):
            yield from _nested_branches(statement.body, False)


def python_own_tables(lines: list[str]) -> tuple[dict[str, tuple[int, tuple[object, ...]]],
                                                 frozenset[str] | None]:
    """A Python test's own tables (`lines`: its `def` and body), and every name it binds (a
    parameter, an assignment, a loop's target, ...), which hides its module's table of that
    name (None when its code is not read: it may bind any). Its own: a name a statement of its
    body (not one under an `if`, a loop or a `with`) gives a list or tuple of literals, bound
    nowhere else, read only as what a loop or a comprehension runs over (or a loop's
    `enumerate(...)`, or `len(...)`), and only once when a row holds a list or a dict (a loop
    before the filter may change it); by name, the index of the line after which it holds its
    rows, and its rows."""
    parsed = _test_function(lines)
    if parsed is None:
        return {}, None
    function, nested = parsed
    bound: dict[str, int] = {}
    reads: dict[str, int] = {}
    read_otherwise: set[str] = set()
    every = tuple(ast.walk(function))  # walked four times below
    iterated = {id(node.iter) for node in every
                if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension))}
    iterated |= {id(node.args[0]) for node in every  # `enumerate(cases)` looped
                 if isinstance(node, ast.Call) and id(node) in iterated
                 and isinstance(node.func, ast.Name) and node.func.id == "enumerate"
                 and node.args}
    measured = {id(node.args[0]) for node in every
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "len" and len(node.args) == 1}
    for node in every:
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            reads[node.id] = reads.get(node.id, 0) + 1
            if id(node) not in iterated and id(node) not in measured:
                read_otherwise.add(node.id)
            continue
        names = _binds(node) if node is not function else []
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            names *= 2  # never one of its own
        for name in names:
            bound[name] = bound.get(name, 0) + 1
    own: dict[str, tuple[int, tuple[object, ...]]] = {}
    for statement in function.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            target = statement.target
        else:
            continue
        if not isinstance(target, ast.Name) or bound.get(target.id) != 1 or \
                target.id in read_otherwise or statement.value is None:
            continue
        try:
            table = ast.literal_eval(statement.value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            continue
        # a row a loop may change (a list, a dict) before the filter reads it: read once only
        if isinstance(table, (list, tuple)) and (reads.get(target.id, 0) <= 1 or all(
                _frozen(row) for row in table)):
            own[target.id] = ((statement.end_lineno or statement.lineno) - 1 - nested,
                              tuple(table))
    return own, frozenset(bound)


def _python_loops(lines: list[str], rows: Mapping[str, tuple[object, ...]]
                  ) -> Iterator[tuple[ast.For, tuple[object, ...], int]]:
    """Each loop of a Python test (`lines`: its `def` and body) over a literal table (one
    written in place, the test's own, `python_own_tables`, or its module's, `rows`, where the
    test binds no name of it) that binds its target nowhere else: the loop, its rows, and
    how many lines come before the test's `def`."""
    own, bound = python_own_tables(lines)
    parsed = _test_function(lines)
    if parsed is None or bound is None:
        return
    function, nested = parsed
    module = {name: table for name, table in rows.items() if name not in bound}
    for loop in ast.walk(function):
        if not isinstance(loop, ast.For):
            continue
        at = loop.lineno - 1 - nested
        try:
            table = _loop_rows(loop.iter, module | {
                name: table for name, (after, table) in own.items() if after < at})
        except _Unknown:
            continue
        targets = {node.id for node in ast.walk(loop.target) if isinstance(node, ast.Name)}
        if table and "enumerate" not in bound and not any(
                set(_binds(node)) & targets or isinstance(node, (ast.Global, ast.Nonlocal))
                for statement in loop.body for node in ast.walk(statement)):
            yield loop, table, nested


def _python_met(loop: ast.For, table: tuple[object, ...], test: ast.expr) -> set[bool]:
    """Whether each row of `table`, bound to `loop`'s target, meets `test` (the values
    found); raises `_Unknown` where it cannot be read."""
    met = set()
    for row in table:
        names: dict[str, object] = {}
        _bind(loop.target, row, names)
        met.add(bool(_row_value(test, names)))
    return met


def python_unmet_branches(lines: list[str], rows: Mapping[str, tuple[object, ...]]
                          ) -> frozenset[int]:
    """The indices among `lines` (a Python test's `def` and body) of each `if` that no row of a
    literal table meets: a statement of the body of a loop over the table (`_python_loops`),
    its condition on one line and read for each row bound to the loop's
    target (`for c in cases:` / `if c.startswith("!"):`), with its position over
    `enumerate(...)`; an `if` in a `try:` or a `with` block of the body too. A loop that binds
    its target again, or a condition this reading cannot evaluate, gives none; a table whose
    rows a loop may change (a list, a dict) only for an `if` first in the loop (or first in a
    `try:` first in it)."""
    out: set[int] = set()
    for loop, table, nested in _python_loops(lines, rows):
        changeable = not all(_frozen(row) for row in table)
        for branch, alone in _nested_branches(loop.body):
            if (changeable and not alone) or branch.test.end_lineno != branch.lineno or \
                    branch.body[0].lineno == branch.lineno:
                continue
            try:
                if _python_met(loop, table, branch.test) == {False}:
                    out.add(branch.lineno - 1 - nested)
            except _Unknown:
                continue
    return frozenset(out)


def python_skipping_branches(lines: list[str], rows: Mapping[str, tuple[object, ...]]
                             ) -> dict[int, tuple[int, int]]:
    """Each `if` of a Python loop's body (`_python_loops`) that every row meets and whose only
    statement goes on to the next row (`if c: continue`, `break`, a bare `return`; its
    condition on one line, no `else`): its index among `lines`, with the first and last
    indices of the loop's statements after it, which never run. Over rows a loop may change
    (a list, a dict) only an `if` first in the loop. In any loop, the first statement of its
    body that always jumps so: a `continue` or `break` of its own, or such an `if` whose
    condition holds whatever it reads (`holds_whatever`)."""
    out: dict[int, tuple[int, int]] = {}
    for loop, table, nested in _python_loops(lines, rows):
        changeable = not all(_frozen(row) for row in table)
        for position, branch in enumerate(loop.body):
            after = loop.body[position + 1:]
            if not isinstance(branch, ast.If) or (changeable and position) or not after or \
                    branch.orelse or branch.test.end_lineno != branch.lineno or \
                    len(branch.body) != 1 or not isinstance(
                        branch.body[0], (ast.Continue, ast.Break, ast.Return)) or (
                    isinstance(branch.body[0], ast.Return) and branch.body[0].value is not None):
                continue
            try:
                if _python_met(loop, table, branch.test) == {True}:
                    out[branch.lineno - 1 - nested] = (
                        after[0].lineno - 1 - nested,
                        (after[-1].end_lineno or after[-1].lineno) - 1 - nested)
            except _Unknown:
                continue
    parsed = _test_function(lines)
    if parsed is None:
        return out
    function, nested = parsed
    for node in ast.walk(function):  # any loop: a jump always taken, whatever its rows
        if not isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            continue
        for position, statement in enumerate(node.body[:-1]):
            jump = statement if isinstance(statement, (ast.Continue, ast.Break)) else \
                statement.body[0] if isinstance(statement, ast.If) and not statement.orelse \
                and len(statement.body) == 1 and holds_whatever(statement.test) else None
            if not isinstance(jump, (ast.Continue, ast.Break, ast.Return)) or (
                    isinstance(jump, ast.Return) and jump.value is not None) or (
                    statement.lineno - 1 - nested) in out or (
                    isinstance(statement, ast.If)
                    and statement.test.end_lineno != statement.lineno):
                continue
            after = node.body[position + 1:]
            out[statement.lineno - 1 - nested] = (
                after[0].lineno - 1 - nested,
                (after[-1].end_lineno or after[-1].lineno) - 1 - nested)
            break
    return out


def holds_whatever(test: ast.expr) -> bool:
    """A condition true whatever it reads: a truthy constant, or one or-ed with its own
    negation (`hasattr(r, f) or not hasattr(r, f)`, `a == b or a != b`)."""
    if isinstance(test, ast.Constant):
        return bool(test.value)
    if not (isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or)):
        return False
    if any(holds_whatever(value) for value in test.values):
        return True
    shown = {ast.dump(value) for value in test.values}
    for value in test.values:
        if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not) and \
                ast.dump(value.operand) in shown:
            return True
        if isinstance(value, ast.Compare) and len(value.ops) == 1 and \
                type(value.ops[0]) in _NEGATED:
            negated = ast.Compare(value.left, [_NEGATED[type(value.ops[0])]()],
                                  value.comparators)
            if ast.dump(negated) in shown:
                return True
    return False


_NEGATED: dict[type[ast.cmpop], Callable[[], ast.cmpop]] = {
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is}


# A JS/TS loop over a table's rows, its block opened on its line: `for (const c of cases) {`,
# `cases.forEach((c) => {` (a `return` in its callback goes on to the next row, as `continue`
# does in the loop); and an `if` of its body, its condition from its `(`.
_JS_ROW_LOOP = lazy_re(r"^\s*(?:for\s*\(\s*const\s+(?P<of>.+?)\s+of\s+(?P<table>[\w$]+)\s*\)\s*"
                       r"\{|(?P<each>[\w$]+)\s*\.\s*forEach\s*\(\s*(?P<param>\(.*?\)|[\w$]+)"
                       r"\s*=>\s*\{)\s*$")
_JS_BRANCH = lazy_re(r"^\s*if\s*(?=\()")
_JS_NEXT_ROW = {"of": re.compile(r"(?:continue|break|return)\s*;?"),
                "each": re.compile(r"return\s*;?")}


_JS_LINE_TEXT = lazy_re(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`|//.*")


def _js_block_close(lines: list[str], index: int) -> int | None:
    """The index of the line closing the block whose `{` ends `lines[index]` (strings and
    comments aside), or None."""
    depth = 1
    for at in range(index + 1, len(lines)):
        for char in _JS_LINE_TEXT.sub("", lines[at]):
            depth += (char == "{") - (char == "}")
            if depth == 0:
                return at
    return None


def _js_meets(condition: str, bind: Callable[[object], dict[str, object]],
              table: tuple[object, ...]) -> bool | None:
    """Whether every row of `table` meets the JS `condition` (its names bound by `bind`),
    False when none does, None when some do or it cannot be read."""
    try:
        reader = _JsReader(_js_tokens(condition))
        node = reader.condition()
        if reader.peek():
            return None
        met = {_js_truthy(_js_value(node, bind(row))) for row in table}
    except (_Unknown, ValueError, TypeError, IndexError, RecursionError):
        return None
    return None if len(met) != 1 else met.pop()


def js_unmet_branches(lines: list[str], rows: Mapping[str, tuple[object, ...]]) -> list[str]:
    """A JS/TS test's lines (its blocks indented as their braces make them) with each `if` of
    the body of a loop over a literal table (`for (const c of cases) {`, `cases.forEach((c)
    => {`; its file's, `rows`, or its own) read for each row: one no row meets written `if
    (false)`, its block never run; one every row meets whose only statement goes on to the
    next row (`if (c.input) continue;`, `{ continue; }`, over lines too; `break`, `return`;
    in `forEach`, `return`) written `if (false) {`, the rest of the loop's body its block,
    closed with the loop's (`}}`): the statements after it never run. Its condition is read
    as a filter's (rules above), each row bound to the loop's name or pattern; only the
    statements of the loop's own body, and over rows a statement may change (arrays,
    objects) only its first. Each line keeps its number."""
    tables = _js_tables_seen("\n".join(lines), rows)
    if not tables:
        return lines
    out = list(lines)
    for index, line in enumerate(lines):
        loop = _JS_ROW_LOOP.match(line)
        if loop is None or (loop.group("table") or loop.group("each")) not in tables:
            continue
        kind = "of" if loop.group("of") else "each"
        table = tables[loop.group("table") or loop.group("each")]
        try:
            reader = _JsReader(_js_tokens(loop.group("of") or loop.group("param")))
            parenthesised = kind == "each" and reader.peek() == "("
            if parenthesised:
                reader.take("(")
            bind = _js_pattern(reader)
            if parenthesised:
                if reader.peek() == ":":
                    _js_skip_type(reader, (")",))
                reader.take(")")
            if reader.peek():
                continue
        except _Unknown:
            continue
        end = _js_block_close(lines, index)
        if end is None or lines[end].strip() not in ("}", "});", "})"):
            continue
        body = [at for at in range(index + 1, end)
                if lines[at].strip() and not lines[at].strip().startswith("//")]
        if not body:
            continue
        indent = min(len(lines[at]) - len(lines[at].lstrip()) for at in body)
        own = [at for at in body if len(lines[at]) - len(lines[at].lstrip()) == indent]
        changeable = any(isinstance(row, (tuple, dict)) for row in table)  # JS's arrays too
        for at in own[:1] if changeable else own:
            if _JS_BRANCH.match(lines[at]) is None:
                continue
            opening = lines[at].index("(")
            close = closing_bracket(lines[at], opening)
            met = _js_meets(lines[at][opening + 1:close - 1], bind, table)
            rest = lines[at][close:].strip()
            head = lines[at][:opening]
            if met is False:
                out[at] = f"{head}(false) {rest}"
                continue
            jump = _JS_NEXT_ROW[kind]
            closed = _js_block_close(lines, at) if rest == "{" else at
            inner = [line_ for line_ in body if at < line_ <= (closed or at)]
            if not met or not [line_ for line_ in own if line_ > (closed or at)]:
                continue
            if jump.fullmatch(rest) or (rest.startswith("{") and rest.endswith("}") and
                                        jump.fullmatch(rest[1:-1].strip())):
                out[at] = f"{head}(false) {{"
            elif len(inner) == 2 and jump.fullmatch(lines[inner[0]].strip()) and \
                    lines[inner[1]].strip() == "}":  # `if (c) {` / `continue;` / `}`
                out[at], out[inner[0]], out[inner[1]] = f"{head}(false) {{", "", ""
            else:
                continue
            out[end] = lines[end].replace("}", "}}", 1)
            break
    return out


# --- Python: a table's rows its test never checks ----------------------------------------------

_CHECK_CALL = re.compile(r"assert|expect|raises|warns|fail|check|verify|ensure|validat|must|"
                         r"should", re.I)
_SKIP_MARK = re.compile(r"\bmark\s*\.\s*(?:skip|xfail)\b(?!if)")


def _parametrize_names(decorator: ast.expr, table: str) -> list[str] | None:
    """The parameter names of a `parametrize(...)` decorator whose table is the name `table`
    (None for another decorator)."""
    if not (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)
            and decorator.func.attr == "parametrize" and len(decorator.args) >= 2
            and isinstance(decorator.args[1], ast.Name) and decorator.args[1].id == table):
        return None
    names = decorator.args[0]
    if isinstance(names, ast.Constant) and isinstance(names.value, str):
        return [name.strip() for name in names.value.split(",") if name.strip()]
    if isinstance(names, (ast.List, ast.Tuple)):
        written = [n.value for n in names.elts
                   if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        return written if len(written) == len(names.elts) else None
    return None


def _early_return(function: ast.FunctionDef | ast.AsyncFunctionDef
                  ) -> tuple[ast.stmt, ast.expr, dict[str, object], str,
                             dict[str, ast.stmt]] | None:
    """The condition on which a test checks nothing: an `if <c>: return` taken before any check,
    or its one check, last, comparing a value with itself on it (`assert r == (r if c else
    e)`). Its body's statements before it are its docstring and assignments calling nothing
    named for a check. With that statement, the literals those assignments give names (`known
    = ("P1D",)`), what the statement reads as where the condition does not hold ("" for the
    `if`; `assert r == e`), and the assignments by name."""
    own: dict[str, object] = {}
    given: dict[str, ast.stmt] = {}
    for position, statement in enumerate(function.body):
        if position == 0 and isinstance(statement, ast.Expr) and isinstance(
                statement.value, ast.Constant):
            continue
        if isinstance(statement, ast.If):
            jump = statement.body[0] if len(statement.body) == 1 else None
            if statement.orelse or not isinstance(jump, ast.Return) or not (
                    jump.value is None or (isinstance(jump.value, ast.Constant)
                                           and jump.value.value is None)):
                return None
            return statement, statement.test, own, "", given
        if isinstance(statement, ast.Assert) and statement is function.body[-1]:
            found = _self_compared_when(statement.test)
            return None if found is None else (statement, found[0], own, found[1], given)
        if not isinstance(statement, ast.Assign) or any(
                isinstance(node, ast.Call) and _CHECK_CALL.search(ast.unparse(node.func))
                for node in ast.walk(statement)):
            return None
        if len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
            given[statement.targets[0].id] = statement
            try:
                own[statement.targets[0].id] = ast.literal_eval(statement.value)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                own.pop(statement.targets[0].id, None)
    return None


def _self_compared_when(test: ast.expr) -> tuple[ast.expr, str] | None:
    """The condition on which `a == (a if c else e)` (either side, either branch) compares a
    value with itself, and the check it is where it does not hold (`assert a == e`)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Eq)):
        return None
    for value, choice in ((test.left, test.comparators[0]), (test.comparators[0], test.left)):
        if not isinstance(choice, ast.IfExp):
            continue
        for same, other, condition in ((choice.body, choice.orelse, choice.test), (
                choice.orelse, choice.body, ast.UnaryOp(ast.Not(), choice.test))):
            if ast.dump(same) == ast.dump(value):
                return condition, "assert " + ast.unparse(
                    ast.Compare(value, [ast.Eq()], [other]))
    return None


def python_unchecked_rows(table: str, name: str, test: str
                          ) -> tuple[list[tuple[int, int]], dict[int, str]]:
    """The rows of the module table `name` (its assignment's text, `table`) that the pytest
    test `test` (its decorators and `def`) parametrized by it never checks, as the first and
    last indices of their lines in `table` (each row alone on its lines): a row marked to skip
    or to fail (`pytest.param(..., marks=pytest.mark.skip)`, `xfail`), and one meeting the
    condition of an `if` whose bare `return` the test takes before any check (`if text in
    ("P1D", "-P2W"): return`) or on which its one check compares a value with itself
    (`_early_return`), read as a comprehension's condition is, the row's literal cells
    bound to the parameters (a condition reading another cell, or a name the test does not
    give a literal first, keeps the row). Second, where no row left meets it (each read so),
    the lines of `test` as the rows left read them, by index: that `if` gone (blank), the check
    as it is where the condition does not hold (`assert r == e`, unindented), and a name given
    a literal only for the condition gone."""
    try:
        rows_node = ast.parse(table).body[0]
        parsed = ast.parse(pyast.dedent(test))
    except (SyntaxError, ValueError, RecursionError, MemoryError, IndexError):
        return [], {}
    function = parsed.body[0] if parsed.body else None
    if not isinstance(rows_node, ast.Assign) or not isinstance(
            rows_node.value, (ast.List, ast.Tuple)) or not isinstance(
            function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return [], {}
    names = next((found for decorator in function.decorator_list
                  if (found := _parametrize_names(decorator, name)) is not None), None)
    if not names:
        return [], {}
    early = _early_return(function)
    untaken = early is not None  # no row left meets its condition
    params = {a.arg for a in (*function.args.posonlyargs, *function.args.args,
                              *function.args.kwonlyargs)}
    rows = rows_node.value.elts
    spans = [(row.lineno, row.end_lineno or row.lineno) for row in rows]
    out: list[tuple[int, int]] = []
    for at, row in enumerate(rows):
        first, last = spans[at]
        if any(other != at and not (o_last < first or o_first > last)
               for other, (o_first, o_last) in enumerate(spans)):
            untaken = False
            continue  # a row sharing a line with another
        marks = [word.value for word in row.keywords if word.arg == "marks"] if isinstance(
            row, ast.Call) else []
        if any(_SKIP_MARK.search(ast.unparse(mark)) for mark in marks):
            out.append((first - 1, last - 1))
            continue
        if early is None:
            continue
        cells = list(row.args) if isinstance(row, ast.Call) and row.func and ast.unparse(
            row.func).endswith("param") else [row] if len(names) == 1 else list(
            row.elts) if isinstance(row, (ast.Tuple, ast.List)) else None
        if cells is None or len(cells) != len(names):
            untaken = False
            continue
        bound = {key: value for key, value in early[2].items() if key not in params}
        for param, cell in zip(names, cells, strict=True):
            try:
                bound[param] = ast.literal_eval(cell)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                continue
        try:
            if _row_value(early[1], bound):
                out.append((first - 1, last - 1))
        except _Unknown:
            untaken = False
    if not untaken or early is None or not out:
        return out, {}
    statement, condition, _, kept, given = early
    reads = [node.id for node in ast.walk(function)
             if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)]
    only = {node.id for node in ast.walk(condition) if isinstance(node, ast.Name)}
    edits: dict[int, str] = {}
    for gone in [statement, *(given[n] for n in only if n in given and reads.count(n) == 1)]:
        edits.update({at: "" for at in range(gone.lineno - 1, gone.end_lineno or gone.lineno)})
    edits[statement.lineno - 1] = kept
    return out, edits
