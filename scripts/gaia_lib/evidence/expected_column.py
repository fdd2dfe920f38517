"""Whether a parametrized Python test compares the table's expected value for an AC's example
with what the code returns (static, pure; Python tests read with `ast`).

A pytest table pairs each input with the value the code should give for it. A test that
parses the row's input and then checks a round trip (`parse(format(r)) == r`), the input
alone (`assert s.startswith("P")`), another row (`any(... for row in TABLE)`), another
property of the code (`d1 + d2 == d2 + d1`) or the expected value overwritten with the result
(`expectation = result`) passes whatever the code gives: the value the AC promises sits in
its table and no check reads it against the code. Rules (`unchecked_column`):
- The AC's rows: the table's rows (`@pytest.mark.parametrize("a, b", TABLE)`, the table
  written in the decorator or a module-level assignment the test's text holds; `pytest.param(
  ...)` rows by their values; a comprehension over a named table by that table's rows) with a
  cell the AC's Given or When writes (`P3Y6M4DT12H30M5S`: a string equal to a value it quotes
  or puts in backticks, code equal to code it puts in backticks). The promised columns: the
  cells of those rows that its Then writes so (`Duration(4, 5, 0, 0, 30, 12, 0, 6, 3)`,
  `PT1H24M42.65S`, a number or true/false/None its Then has) and its Given or When does not.
  No AC row, no promised column, or `indirect` parameters: the test is not read.
- A promised column is compared with the code's result by a check that holds it in one
  operand and, in another, something it does not alone make: another parameter, a fixture,
  a module's value (`tags.FLAG` read after the code ran), a call of code on neither (a
  round trip of the expected value alone, `parse(format(e)) == e`, is none). Checks:
  `assert` (its message aside), a comparison or a difference in one (`abs(r - e) < tol`), a
  call in one (`math.isclose(r, e)`; `pytest.approx(e)` as an operand), a call made as a
  statement (`self.assertEqual(e, r)`, a helper `check(r, e)`, `assert_that(r).is_equal_to(
  e)`; not `print`/logging; unittest's message arguments aside), `pytest.raises(e)` around
  code, an `if` comparing them (what `pytest.fail` follows) or one on the expected value
  choosing the assert (`if expected: assert v in spec`); the checks of functions and
  classes the test defines too (a schema's method checking what it is handed). A value is
  followed through names bound from it (`expected = parse(expectation)`), attributes and
  subscripts (`e.years`, `lookup[e]`); a name bound again at the test's top level is what it
  was bound to last (`expectation = result` leaves no expected value), one bound in a branch
  or loop keeps both. A comparison one of whose operands is the other on some rows (`r == (r if q
  else e)`, `r == (e or r)`) compares the code with itself there and counts for nothing; so
  do checks always true: a comprehension alone (`assert (r == e for _ in [0])`, `assert [r ==
  e]`; one `all()` or `any()` reads is read), an `or` with a bare value (`r == e or s`).
- A test that returns (or calls `pytest.skip`) at its top level by an `if` true for every
  AC row, before its checks (`if s in ("P3Y6M4DT12H30M5S", "-P2W"): return`; the condition
  read from the rows' literal cells and the literals the test binds), checks nothing of the
  AC's example. So is a check after an `if` always true (`if a or not a: continue`) in its
  block, in a `try` whose `finally` returns (it discards the AssertionError), or under an
  `if` on the platform alone that is false where the review ran the tests (`if sys.platform
  == "win32":`; its `else` ran).
- None of the promised columns so compared: the test checks no value the AC promises
  (`unchecked_column` gives the first, with how it is used: read by no check, compared by
  no check that can fail, or never checked for a return before the checks).

A table test reading the AC's rows the other way round (`input_unused`): the one column whose
cells hold what the AC's Given or When writes (`P3Y6M4DT12H30M5S`) is never handed to code,
only compared, in an `assert` or a unittest check, with a call of code on the other columns
(`duration_isoformat(expectation) == durationstring`, isodate's format test over the parse
table). It checks what the code gives for the AC's promised value, not for its input: the
reverse of the AC's case. A column bound again, handed to any call (the code, a helper) or
read otherwise is not judged; an `if` on it (`if altstr:`) hands it to nothing.

JS / TS (`js_unchecked_column`), a `.each` table test (`test.each([...])("%s", (input,
expected, seps?) => {`, `it.for(...)`, a table its text declares: `test.each(cases)`): each row
is bound to its function's parameters (an array row's cells spread over them for `.each`, else
the row whole; a destructuring parameter, `({ input, expected })`, `([a, b])`, binds its
names; a cell a row lacks is `undefined`; `row_filters.js_table` reads the rows, a cell of
anything but literals a value not known). The AC's rows and the promised parameters are found
as Python's are. A promised parameter is compared with the code's result by a value check
(`expect(x).toBe(expected)` and `toEqual`, `toStrictEqual`, `toMatchObject`, `toMatch`,
`toContain`, `toBeCloseTo`, `toThrow`, ...; `assert.equal(x, expected)`, `deepEqual`, ...)
that reads it on one side and not on the other; not negated (`.not.toBe(expected)`), not its
length alone (`toHaveLength(expected.length)`), not a presence check (`toBeDefined()`). The
check must run for an AC row: not after a `return` at the function's top level (nor an `if`
that returns, true for the row), not under an `if` false for the row (its condition read with
the row's cells, `row_filters.js_holds`: `if (input !== "fooBar")`), nor in the `else` of one
true for it; a condition that cannot be read may hold. A parameter handed to a call other
than a check's (`expectSplit(input, expected)`: a helper) is not judged. Code that never runs
(a function never called, an unawaited `setTimeout`) is `placeholders`' to read.

A row for the AC's example whose expected value is the call its Then writes with other
values (`contradicting_cell`: `Duration(4, 5, 0, 0, 30, 12, 0, 3, 6)` where the Then writes
`Duration(4, 5, 0, 0, 30, 12, 0, 6, 3)`; same callee and argument names, literal arguments)
checks another value than the one promised, whatever its check.
"""

from __future__ import annotations

import ast
import json
import os
import platform
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from gaia_lib.core import pyast
from gaia_lib.evidence import row_filters, testcases, then_literals

_QUOTED = re.compile(r"`([^`\n]+)`|\"([^\"\n]+)\"|(?<!\w)'([^'\n]+)'(?!\w)|“([^”\n]+)”")
# calls made as statements that only report (not a check)
_NO_CHECK = re.compile(r"^(?:print|pprint|log\w*|debug|info|warning|warn|error|exception|"
                       r"critical|breakpoint|setattr|delattr|append|extend|add|update)$")
# unittest checks of one value: their other arguments are a message
_ONE_VALUE = re.compile(r"^assert(?:True|False|IsNone|IsNotNone|_)$")


def unchecked_column(test_source: str, then: str,
                     setting: str) -> tuple[str, str, str] | None:
    """The first column of the test's table holding a value the AC's Then promises for the
    AC's own rows that no check compares with the code's result (module rules), with that
    cell as written and how the column is used (`read by no check`, compared by no check
    that can fail, or never checked for a return); None where one is so compared, or the
    test is not read."""
    parsed = pyast.test_parts(test_source)
    if parsed is None:
        return None
    module, function = parsed
    promised = quoted_values(then) - quoted_values(setting)
    promised |= {lit.value for lit in then_literals.then_literals(then, setting)
                 if lit.kind in (then_literals.NUMBER, then_literals.STATUS,
                                 then_literals.KEYWORD)}
    given = quoted_values(setting)
    if not promised or not given:
        return None
    columns: dict[str, str] = {}  # name -> its first promised cell
    examples: list[dict[str, ast.expr]] = []  # the AC's rows, by parameter
    for table in _tables(module, function):
        if table is None:
            continue
        names, rows = table
        for row in rows:
            cells = [cell_values(node) for node in row]
            if len(cells) != len(names) or not any(cell & given for cell in cells):
                continue
            examples.append(dict(zip(names, row, strict=True)))
            for name, written, node in zip(names, cells, row, strict=True):
                if written & promised and not written & given:
                    columns.setdefault(name, ast.unparse(node))
    params = {a.arg for a in (*function.args.posonlyargs, *function.args.args,
                              *function.args.kwonlyargs)}
    columns = {name: value for name, value in columns.items() if name in params}
    reader = _Reader(function, set(columns), examples)
    if not columns or reader.compared():
        return None
    name, cell = next(iter(columns.items()))
    if reader.left is not None:
        return name, cell, f"never checked: the test returns first ({reader.left[:50]})"
    read = any(isinstance(node, ast.Name) and node.id == name
               for statement in function.body for node in ast.walk(statement))
    return name, cell, ("compared with the code's result by no check that can fail" if read
                        else "read by no check")


def contradicting_cell(test_source: str, then: str, setting: str) -> tuple[str, str] | None:
    """A cell of a row for the AC's example (as `unchecked_column` finds them) written as the
    call its Then writes, same callee and argument names, literal arguments, with other
    values (`Duration(4, 5, 0, 0, 30, 12, 0, 3, 6)` for `Duration(4, 5, 0, 0, 30, 12, 0, 6,
    3)`), where no cell of the row is the promised value: (that cell, the promised call)."""
    parsed = pyast.test_parts(test_source)
    given = quoted_values(setting)
    if parsed is None or not given:
        return None
    promised = [call for value in quoted_values(then) - given
                for call in [_literal_call(value)] if call is not None]
    if not promised:
        return None
    module, function = parsed
    for table in _tables(module, function):
        if table is None:
            continue
        for row in table[1]:
            cells = [cell_values(node) for node in row]
            if not any(cell & given for cell in cells) or any(
                    _code(ast.unparse(call)) in cell for cell in cells for call in promised):
                continue
            for node in row:
                for call in promised:
                    if isinstance(node, ast.Call) and _form(node) == _form(call) \
                            and _literal_args(node) is not None:
                        return ast.unparse(node), ast.unparse(call)
    return None


def input_unused(test_source: str, given: AbstractSet[str]) -> str | None:
    """The parameter of the test's table that holds the AC's input (a cell `given` holds) in
    the rows that hold it, where the test hands it to no code and compares it with the
    code's result (module rules: `format(expectation) == durationstring` in a test whose rows
    hold the duration string an AC says is parsed); None where the test hands it on, checks
    it otherwise, or is not read."""
    parsed = pyast.test_parts(test_source)
    if parsed is None or not given:
        return None
    module, function = parsed
    inputs: set[str] = set()
    for table in _tables(module, function):
        if table is None:
            return None
        names, rows = table
        for row in rows:
            if len(row) == len(names):
                inputs |= {name for name, node in zip(names, row, strict=True)
                           if cell_values(node) & given}
    params = {a.arg for a in (*function.args.posonlyargs, *function.args.args,
                              *function.args.kwonlyargs)}
    inputs &= params
    if len(inputs) != 1:
        return None
    name = inputs.pop()
    parents = {child: node for node in ast.walk(function)
               for child in ast.iter_child_nodes(node)}
    compared = False
    for node in ast.walk(function):
        if not (isinstance(node, ast.Name) and node.id == name):
            continue
        if not isinstance(node.ctx, ast.Load):
            return None  # bound again: what it holds is another value
        parent = parents.get(node)
        if isinstance(parent, ast.Compare) and isinstance(parents.get(parent), ast.Assert):
            operands: list[ast.expr] = [parent.left, *parent.comparators]
        elif isinstance(parent, ast.Call) and node in parent.args and _called(
                parent.func).startswith("assert"):
            operands = list(parent.args)  # `self.assertEqual(format(e), name)`
        elif isinstance(parent, ast.Compare | ast.If | ast.BoolOp | ast.UnaryOp):
            continue  # a condition on it (`if altstr:`) hands it to nothing
        else:
            return None  # handed to the code, a helper, or read some other way
        # `assert code(other) == name`: the code's result checked against it
        compared = compared or any(isinstance(other, ast.Call) and not _reads(other, name)
                                   for other in operands if other is not node)
    return name if compared else None


def _reads(node: ast.expr, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(node))


def _literal_call(text: str) -> ast.Call | None:
    try:
        node = ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError):
        return None
    return node if isinstance(node, ast.Call) and _literal_args(node) is not None else None


def _literal_args(call: ast.Call) -> list[Any] | None:
    try:
        return [ast.literal_eval(a) for a in (*call.args, *(k.value for k in call.keywords))]
    except (ValueError, TypeError, SyntaxError, RecursionError):
        return None


def _form(call: ast.Call) -> tuple[str, int, tuple[str | None, ...]]:
    """A call's callee, positional count and keyword names."""
    return ast.unparse(call.func), len(call.args), tuple(k.arg for k in call.keywords)


def quoted_values(text: str) -> set[str]:
    """The values a clause quotes or puts in backticks, as strings and as code without
    spaces."""
    out: set[str] = set()
    for match in _QUOTED.finditer(text):
        value = next(g for g in match.groups() if g is not None).strip()
        out |= {value, _code(value)}
    out.discard("")
    return out


def _code(text: str) -> str:
    try:
        return re.sub(r"\s+", "", ast.unparse(ast.parse(text, mode="eval")))
    except (SyntaxError, ValueError):
        return ""


def cell_values(node: ast.expr) -> set[str]:
    """How a table cell may be written in an AC: a string's value, code without spaces."""
    if isinstance(node, ast.Constant):
        if isinstance(node.value, str):
            return {node.value}
        if node.value is None or isinstance(node.value, bool):
            return {str(node.value), {None: "null", True: "true", False: "false"}[node.value]}
        return {str(node.value), _code(ast.unparse(node))}
    return {_code(ast.unparse(node))}


def _tables(module: Sequence[ast.stmt], function: ast.FunctionDef | ast.AsyncFunctionDef
            ) -> Iterator[Any]:
    """Each parametrize decorator's names and rows (each row's cells); None for a table not
    read (`indirect` parameters, rows not written as a literal table)."""
    calls, assigned = parametrize_calls(module, function)
    for arguments in calls:
        if "indirect" in arguments:
            yield None
            continue
        names = argnames(arguments.get("argnames"))
        values = arguments.get("argvalues")
        for _ in range(3):  # a named table, or a comprehension over one
            if isinstance(values, ast.Name) and values.id in assigned:
                values = assigned[values.id]
            elif isinstance(values, ast.ListComp | ast.GeneratorExp) and len(
                    values.generators) == 1:
                values = values.generators[0].iter
        if not names or not isinstance(values, ast.List | ast.Tuple):
            yield None
            continue
        rows: list[Any] = []
        for row in values.elts:
            if isinstance(row, ast.Call) and _called(row.func) == "param":
                rows.append(list(row.args))
            elif len(names) == 1:
                rows.append([row])
            elif isinstance(row, ast.Tuple | ast.List):
                rows.append(list(row.elts))
        yield names, rows


def parametrize_calls(module: Sequence[ast.stmt],
                      function: ast.FunctionDef | ast.AsyncFunctionDef
                      ) -> tuple[list[dict[str, ast.expr]], dict[str, ast.expr]]:
    """The arguments of each of `function`'s parametrize decorators, in order, by name
    (`argnames` and `argvalues` however passed, and its other keywords: `ids`, `indirect`),
    and the module's tables a name can stand for: its top-level assignments, by name (the
    last, where a name is bound twice)."""
    assigned = {target.id: statement.value for statement in module
                if isinstance(statement, ast.Assign) for target in statement.targets
                if isinstance(target, ast.Name)}
    calls: list[dict[str, ast.expr]] = []
    for decorator in function.decorator_list:
        if isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute) \
                and decorator.func.attr == "parametrize":
            arguments = dict(zip(("argnames", "argvalues"), decorator.args, strict=False))
            arguments.update({k.arg: k.value for k in decorator.keywords if k.arg})
            calls.append(arguments)
    return calls, assigned


def argnames(node: ast.expr | None) -> list[str]:
    """A parametrize call's argument names (`"a, b"` or `["a", "b"]`); [] for any other."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [name.strip() for name in node.value.split(",") if name.strip()]
    if isinstance(node, ast.List | ast.Tuple) and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts):
        return [str(e.value).strip() for e in node.elts if isinstance(e, ast.Constant)]
    return []


def _called(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else func.id \
        if isinstance(func, ast.Name) else ""


_OTHER = "·other"  # a value the expected one does not alone make: a call of code on neither


class _Reader:
    """Where a test's promised parameters go (module rules): each name's sources, the
    parameters (and calls on none) its value is made from."""

    def __init__(self, function: ast.FunctionDef | ast.AsyncFunctionDef,
                 promised: set[str], examples: Sequence[Mapping[str, ast.expr]] = ()) -> None:
        self.promised = promised
        self.function = function
        self.examples = examples
        self.literals: dict[str, Any] = {}  # names the test binds to a literal
        self.left: str | None = None  # the `if` the test returns by for the AC's rows
        args = function.args
        self.sources: dict[str, frozenset[str]] = {
            a.arg: frozenset({a.arg}) for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)
            if a.arg not in ("self", "cls")}

    def compared(self) -> bool:
        return any(self._statements(self.function.body, branch=False))

    def _statements(self, body: Iterable[ast.stmt], branch: bool) -> Iterator[bool]:
        for statement in body:
            if self.left is not None:
                return
            yield from self._statement(statement, branch)
            if not branch and isinstance(statement, ast.If) and self._leaves(statement):
                self.left = ast.unparse(statement.test)
            if isinstance(statement, ast.If) and _always(statement.test) and isinstance(
                    statement.body[-1], ast.Continue | ast.Break | ast.Return):
                return  # what follows in this block never runs (`if a or not a: continue`)

    def _leaves(self, statement: ast.If) -> bool:
        """Whether the test returns (or skips) by this `if` for every row of the AC's
        example, before any check (`if s in ("P3Y6M4DT12H30M5S", "-P2W"): return`)."""
        last = statement.body[-1]
        skips = isinstance(last, ast.Expr) and isinstance(last.value, ast.Call) and _called(
            last.value.func) in ("skip", "skipTest")
        if not (isinstance(last, ast.Return) or skips):
            return False
        return bool(self.examples) and all(
            _holds(statement.test, row, self.literals) is True for row in self.examples)

    def _statement(self, statement: ast.stmt, branch: bool) -> Iterator[bool]:
        if isinstance(statement, ast.Assign) and not branch and len(statement.targets) == 1 \
                and isinstance(statement.targets[0], ast.Name):
            try:
                self.literals[statement.targets[0].id] = ast.literal_eval(statement.value)
            except (ValueError, TypeError, SyntaxError, RecursionError):
                self.literals.pop(statement.targets[0].id, None)
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                self._bind(target, self._of(statement.value), branch)
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            self._bind(statement.target, self._of(statement.value), branch)
        elif isinstance(statement, ast.AugAssign):
            self._bind(statement.target, self._of(statement.value), True)
        elif isinstance(statement, ast.Assert):
            yield self._checks(statement.test)
        elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            yield self._call_checks(statement.value)
        elif isinstance(statement, ast.For | ast.AsyncFor):
            self._bind(statement.target, self._of(statement.iter), True)
            yield from self._statements(statement.body, True)
            yield from self._statements(statement.orelse, True)
        elif isinstance(statement, ast.With | ast.AsyncWith):
            for item in statement.items:
                expr = item.context_expr
                if isinstance(expr, ast.Call) and _called(expr.func) in (
                        "raises", "assertRaises", "assertRaisesRegex") and self._promised(
                        self._of(expr)):
                    yield True
                if item.optional_vars is not None:
                    self._bind(item.optional_vars, self._of(expr), branch)
            yield from self._statements(statement.body, branch)
        elif isinstance(statement, ast.If | ast.While):
            # `if expected: assert v in spec else: assert v not in spec`: the value picks the check
            yield self._checks(statement.test) or (
                self._promised(self._of(statement.test)) and any(
                    isinstance(node, ast.Assert) for part in (statement.body, statement.orelse)
                    for child in part for node in ast.walk(child)))
            here = _on_this_machine(statement.test) if isinstance(statement, ast.If) else None
            for part, runs in ((statement.body, here is not False),
                               (statement.orelse, here is not True)):
                for found in self._statements(part, True):
                    yield found and runs
        elif isinstance(statement, ast.Try):
            # a `finally` that returns (or leaves a loop) discards the AssertionError
            discards = any(isinstance(node, ast.Return | ast.Break | ast.Continue)
                           for part in statement.finalbody for node in ast.walk(part))
            for part in (statement.body, *(h.body for h in statement.handlers),
                         statement.orelse):
                for found in self._statements(part, True):
                    yield found and not discards
            yield from self._statements(statement.finalbody, True)
        elif isinstance(statement, ast.ClassDef):  # a schema's methods checking what they get
            yield from self._statements(statement.body, True)
        elif isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
            for a in (*statement.args.args, *statement.args.kwonlyargs):
                self.sources[a.arg] = frozenset({_OTHER})
            yield from self._statements(statement.body, True)

    def _bind(self, target: ast.expr, sources: frozenset[str], branch: bool) -> None:
        for node in ast.walk(target):
            if isinstance(node, ast.Name):
                kept = self.sources.get(node.id, frozenset()) if branch else frozenset()
                self.sources[node.id] = kept | sources

    def _of(self, node: ast.expr) -> frozenset[str]:
        """The parameters `node`'s value is made from; a call given none of the promised
        ones adds `_OTHER` (the code's own result)."""
        if isinstance(node, ast.Name):  # a module's name: what the code holds
            return self.sources.get(node.id, frozenset({_OTHER}))
        if isinstance(node, ast.Call):
            inner = frozenset().union(*(self._of(part) for part in _parts(node)
                                        if not self._module(part)))
            return inner if self._promised(inner) else inner | {_OTHER}
        if isinstance(node, ast.Lambda):
            return frozenset()
        return frozenset().union(*(self._of(child) for child in ast.iter_child_nodes(node)
                                   if isinstance(child, ast.expr)))

    def _module(self, node: ast.expr) -> bool:
        """A name the test does not bind (a module, a class: `isodate` of `isodate.parse(e)`),
        which gives a call it receives nothing of its own."""
        return isinstance(node, ast.Name) and node.id not in self.sources

    def _promised(self, sources: frozenset[str]) -> bool:
        return bool(sources & self.promised)

    def _against(self, a: frozenset[str], b: frozenset[str]) -> bool:
        """One holds a promised value, the other something it does not alone make."""
        return self._promised(a) and bool(b - self.promised)

    def _checks(self, test: ast.expr) -> bool:
        """Whether a checked expression compares a promised value with something else: a
        comparison (or a difference, `abs(r - e) < tol`), a check's call (`all(...)` of a
        comprehension's element), `and`/`not` of them, an `or` all of whose other parts
        are comparisons or calls. A comprehension alone is no check (a generator is always
        true), nor is an `or` with a bare value (`r == e or s`: true for any non-empty s)."""
        if isinstance(test, ast.Compare):
            operands = [test.left, *test.comparators]
            if any(_itself_in(a, b) for a in operands for b in operands if a is not b):
                return False  # the code compared with itself on some rows
            made = [self._of(operand) for operand in operands]
            return any(self._against(a, b) for i, a in enumerate(made)
                       for j, b in enumerate(made) if i != j) or any(
                self._against(self._of(n.left), self._of(n.right))
                or self._against(self._of(n.right), self._of(n.left))
                for operand in operands for n in ast.walk(operand) if isinstance(n, ast.BinOp))
        if isinstance(test, ast.BoolOp):
            if isinstance(test.op, ast.Or) and not all(
                    isinstance(value, ast.Compare | ast.Call | ast.BoolOp | ast.UnaryOp)
                    for value in test.values):
                return False
            return any(self._checks(value) for value in test.values)
        if isinstance(test, ast.UnaryOp):
            return self._checks(test.operand)
        if isinstance(test, ast.Call):
            return self._call_checks(test)
        return False

    def _call_checks(self, call: ast.Call) -> bool:
        name = _called(call.func)
        if _NO_CHECK.match(name):
            return False
        parts = list(_parts(call))
        if name.startswith("assert") and isinstance(call.func, ast.Attribute):
            # a unittest method: its message arguments aside
            parts = [call.func.value, *call.args[:1 if _ONE_VALUE.match(name) else 2]]
        made = [self._of(part) for part in parts]
        return any(self._against(a, b) for i, a in enumerate(made)
                   for j, b in enumerate(made) if i != j) or any(
            self._checks(arg.elt if isinstance(arg, ast.ListComp | ast.GeneratorExp | ast.SetComp)
                         else arg) for arg in call.args)


def _on_this_machine(test: ast.expr) -> bool | None:
    """What a condition on the platform alone (`sys.platform == "win32"`,
    `sys.platform.startswith("win")`, `os.name == "nt"`, `platform.system() == "Windows"`,
    `not` of one) is here, where the review ran the tests; None for any other."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _on_this_machine(test.operand)
        return None if inner is None else not inner
    known = {"sys.platform": sys.platform, "os.name": os.name,
             "platform.system()": platform.system()}
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(
            test.ops[0], ast.Eq | ast.NotEq) and ast.unparse(test.left) in known and isinstance(
            test.comparators[0], ast.Constant):
        same = known[ast.unparse(test.left)] == test.comparators[0].value
        return same if isinstance(test.ops[0], ast.Eq) else not same
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Attribute) \
            and test.func.attr == "startswith" and ast.unparse(test.func.value) in known \
            and len(test.args) == 1 and isinstance(test.args[0], ast.Constant) \
            and isinstance(test.args[0].value, str):
        return known[ast.unparse(test.func.value)].startswith(test.args[0].value)
    return None


def _always(test: ast.expr) -> bool:
    """A condition true whatever it reads: `a or not a`, `True`."""
    if isinstance(test, ast.Constant):
        return bool(test.value)
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        dumped = {ast.dump(value) for value in test.values}
        return any(isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not)
                   and ast.dump(value.operand) in dumped for value in test.values) or any(
            _always(value) for value in test.values)
    return False


def _holds(test: ast.expr, row: Mapping[str, ast.expr], literals: Mapping[str, Any]
           ) -> bool | None:
    """What `test` is for a row (its parameters' cells, literals only: `s in ("a", "b")`,
    `s == "a"`, `and`/`or`/`not` of them); None where it cannot be told."""
    def value(node: ast.expr) -> Any:
        if isinstance(node, ast.Name) and node.id in row:
            return ast.literal_eval(row[node.id])
        if isinstance(node, ast.Name) and node.id in literals:
            return literals[node.id]
        return ast.literal_eval(node)

    try:
        if isinstance(test, ast.Compare) and len(test.ops) == 1:
            left, right = value(test.left), value(test.comparators[0])
            op = test.ops[0]
            if isinstance(op, ast.In | ast.NotIn):
                return (left in right) == isinstance(op, ast.In)
            if isinstance(op, ast.Eq | ast.NotEq):
                return bool(left == right) == isinstance(op, ast.Eq)
        if isinstance(test, ast.BoolOp):
            found = [_holds(part, row, literals) for part in test.values]
            if None in found:
                return None
            return all(found) if isinstance(test.op, ast.And) else any(found)
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            inner = _holds(test.operand, row, literals)
            return None if inner is None else not inner
    except (ValueError, TypeError, SyntaxError, RecursionError):
        return None
    return None


def _parts(call: ast.Call) -> Iterator[ast.expr]:
    """A call's receiver (`r` of `r.equals(e)`, `assert_that(r)` of `.is_equal_to(e)`) and its
    arguments."""
    if isinstance(call.func, ast.Attribute):
        yield call.func.value
    for arg in call.args:
        yield arg.value if isinstance(arg, ast.Starred) else arg
    for keyword in call.keywords:
        if keyword.arg not in ("msg", "message"):
            yield keyword.value


def _itself_in(whole: ast.expr, other: ast.expr) -> bool:
    """Whether one branch of `whole` (`x if q else y`, `x or y`) is `other` itself."""
    dumped = ast.dump(other)
    if isinstance(whole, ast.IfExp):
        return dumped in (ast.dump(whole.body), ast.dump(whole.orelse))
    if isinstance(whole, ast.BoolOp):
        return any(ast.dump(value) == dumped for value in whole.values)
    return False


# --- JS / TS: a `.each` table's expected column -----------------------------------------------

# The table test's own table opens after `test.each(` / `it.for(` (`describe.each` is a group)
_JS_EACH = re.compile(r"(?<![\w$.])(?:it|test)(?:\.(?:only|skip|concurrent|sequential))*"
                      r"\.(?P<kind>each|for)\s*\(")
# ... then its name and its function: `("%s => %s", (a, b) => {`, `function (a, b) {`
_JS_FUNCTION = re.compile(r"\s*\(\s*(?:\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|"
                          r"`(?:[^`\\]|\\.)*`)\s*,\s*(?:async\s*)?(?:function\b\s*[\w$]*\s*)?\(")
_JS_ARROW = re.compile(r"\s*(?::[^=>{]+)?(?:=>)?\s*")
# A check that compares a value with another (`.not` before it: one that it differs)
_JS_VALUE_MATCHER = re.compile(
    r"toBe|toEqual|toStrictEqual|toMatchObject|toMatch|toContain|toContainEqual|toBeCloseTo|"
    r"toThrow|toThrowError|toHaveReturnedWith|toHaveBeenCalledWith|toHaveBeenLastCalledWith|"
    r"toHaveProperty|equal|equals|eql|deepEqual|strictEqual|deepStrictEqual")
_JS_EXPECT = re.compile(r"(?<![\w$.])expect\s*\(")
_JS_ASSERT = re.compile(r"(?<![\w$.])assert\s*\.\s*(?P<how>equal|deepEqual|strictEqual|"
                        r"deepStrictEqual|sameMembers|sameDeepMembers)\s*\(")
_JS_CHAIN = re.compile(r"\s*(?:\.\s*(?P<word>[A-Za-z_$][\w$]*)|(?P<call>\())")
# A block's head a check may sit under: an `if` (`else if`), an `else`; a top-level return
_JS_IF_HEAD = re.compile(r"^\s*(?:\}\s*)?(?P<else>else\s+)?if\s*\((?P<cond>.*)\)\s*$", re.S)
_JS_ELSE_HEAD = re.compile(r"^\s*(?:\}\s*)?else\s*$")
_JS_RETURN = re.compile(r"^\s*return\b")


def js_unchecked_column(test_source: str, then: str,
                        setting: str) -> tuple[str, str, str] | None:
    """The parameter of a JS/TS `.each` test's function that receives, for the AC's own rows,
    a value its Then promises and that no check compares with the code's result where that
    row runs (module rules, JS), with that cell as written and how it is used; None where one
    is so compared, it is handed to a helper, or the test is not read."""
    table = _js_each_table(test_source)
    promised = quoted_values(then) - quoted_values(setting)
    given = quoted_values(setting)
    if table is None or not promised or not given:
        return None
    rows, body = table
    examples = [names for names in rows
                if any(_js_cell(value) & given for value in names.values())]
    columns: dict[str, str] = {}
    for names in examples:
        for name, value in names.items():
            written = _js_cell(value)
            if written & promised and not written & given:
                columns.setdefault(name, json.dumps(_plain(value), ensure_ascii=False))
    if not columns:
        return None
    code = "\n".join(testcases.code_lines(body.split("\n")))  # strings blanked, as long
    for name in columns:
        if _js_handed_on(code, name):
            return None
    for name, cell in columns.items():
        compared = [at for at, how in _js_checks(body, code, name) if how == "compared"]
        if any(_js_runs(body, code, at, names) for names in examples for at in compared):
            return None
        if not compared:
            read = re.search(rf"(?<![\w$.]){re.escape(name)}(?![\w$])", code)
            return name, cell, ("compared with the code's result by no check that can fail"
                                if read else "read by no check")
        guard = next(_js_guard(body, code, at, names) for names in examples for at in compared)
        return name, cell, (f"never checked: the test returns first ({guard[:50]})"
                            if re.search(r"\breturn\b", guard) else
                            f"checked only under a condition its row does not meet "
                            f"({guard[:50]})")
    return None


def _js_each_table(source: str) -> tuple[list[dict[str, object]], str] | None:
    """A `.each` test's rows, each bound to its function's parameter names (a row's cells
    spread over them for `.each` of arrays, else the row whole, destructured where the
    parameter is a pattern; a cell it lacks `UNDEFINED`), and its function's body; None
    where the table or the function is not read."""
    code = "\n".join(testcases.code_lines(source.split("\n")))
    found = _JS_EACH.search(code)
    if found is None:
        return None
    end = then_literals.closing(code, found.end() - 1)
    argument = source[found.end():end - 1].strip().rstrip(",").strip()
    rows = row_filters.js_table(argument) if argument.startswith("[") else \
        row_filters.js_tables(source, top=False).get(argument)
    function = _JS_FUNCTION.match(source, end)
    if not rows or function is None:
        return None
    close = then_literals.closing(code, function.end() - 1)
    params = [_js_param(part) for part in _top_level(source[function.end():close - 1])]
    arrow = _JS_ARROW.match(source, close)
    body = source[arrow.end() if arrow else close:]
    spread = found.group("kind") == "each"
    bound = []
    for row in rows:
        values = row if spread and isinstance(row, tuple) else (row,)
        names: dict[str, object] = {}
        for at, (name, keys) in enumerate(params):
            value = values[at] if at < len(values) else row_filters.UNDEFINED
            if keys is None:
                names[name] = value
                continue
            for position, (key, local) in enumerate(keys):
                names[local] = (value.get(key, row_filters.UNDEFINED) if isinstance(value, dict)
                                else value[position] if isinstance(value, tuple) and
                                position < len(value) else row_filters.UNDEFINED)
        bound.append(names)
    return bound, body


# not `table_rows.elements`: a parameter list, split outside a type's `<...>` too (`Map<K, V>`)
def _top_level(text: str) -> list[str]:
    """`text` split at its commas outside brackets (a function's parameter list)."""
    parts, depth, start = [], 0, 0
    for at, char in enumerate(text):
        depth += (char in "([{<") - (char in ")]}>")
        if char == "," and depth == 0:
            parts.append(text[start:at])
            start = at + 1
    parts.append(text[start:])
    return [part.strip() for part in parts if part.strip()]


def _js_param(text: str) -> tuple[str, list[tuple[str, str]] | None]:
    """A parameter's name (`input`, `seps?: string[]`, `n = 1`), or, for a pattern (`{ input,
    expected: want }`, `[a, b]`), its text and each (key, local name) it binds (an array's
    keys are positions)."""
    text = text.strip().removeprefix("...")
    if text[:1] in "{[":
        inner = text[1:row_filters.closing_bracket(text, 0) - 1]
        keys = []
        for part in _top_level(inner):
            key, _, local = part.partition(":") if text[0] == "{" else (part, "", part)
            local = re.split(r"[=:]", local or key)[0].strip()
            keys.append((key.split("=")[0].strip(), local))
        return text, keys
    return re.split(r"[?:=]", text)[0].strip(), None


def _js_cell(value: object) -> set[str]:
    """How a JS table cell may be written in an AC, as `_cell` for Python's."""
    if value is row_filters.OPAQUE or value is row_filters.UNDEFINED:
        return set()
    plain = _plain(value)
    out = {_code(repr(plain))}
    if isinstance(plain, str):
        out.add(plain)
    elif isinstance(plain, bool) or plain is None:
        out |= {str(plain), json.dumps(plain)}
    elif isinstance(plain, (int, float)):
        out.add(str(plain))
    out.discard("")
    return out


def _plain(value: object) -> object:
    """A JS table's value as Python writes it: arrays as lists, integral numbers as ints."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None if value is row_filters.UNDEFINED or value is row_filters.OPAQUE else value


def _js_reads(text: str, name: str) -> bool:
    """`text` reads `name`'s value, not only its length (`expected.length`)."""
    return re.search(rf"(?<![\w$.]){re.escape(name)}(?![\w$])(?!\s*\.\s*length\b)", text) \
        is not None


def _js_handed_on(code: str, name: str) -> bool:
    """`name` is an argument of a call other than a check's (`expectSplit(input, expected)`):
    a helper that may compare it."""
    for call in re.finditer(r"(?<![\w$.])(?!(?:expect|assert|if|for|while|switch|return|"
                            r"typeof|await|catch|function)\b)([A-Za-z_$][\w$]*)\s*\(", code):
        end = then_literals.closing(code, call.end() - 1)
        if _js_reads(code[call.end():end - 1], name) and not code[:call.start()].rstrip().endswith(
                ("function", "=>")):
            return True
    return False


def _js_checks(source: str, code: str, name: str) -> Iterator[tuple[int, str]]:
    """(where it starts, "compared" or "weak") of each check of `source` (`code`: its strings
    blanked) reading `name`: compared with another value by a value check (`_JS_VALUE_MATCHER`,
    not negated, the other side not `name` too), else weak."""
    for found in (*_JS_EXPECT.finditer(code), *_JS_ASSERT.finditer(code)):
        end = then_literals.closing(code, found.end() - 1)
        if found.group(0).startswith("assert"):
            sides = _top_level(source[found.end():end - 1])[:2]
            if not any(_js_reads(side, name) for side in sides):
                continue
            yield found.start(), "compared" if len(sides) == 2 and sum(
                _js_reads(side, name) for side in sides) == 1 else "weak"
            continue
        subject, words, matcher, argument = source[found.end():end - 1], [], "", ""
        at = end
        while (link := _JS_CHAIN.match(code, at)) is not None:
            if link.group("word"):
                words.append(link.group("word"))
                at = link.end()
                continue
            close = then_literals.closing(code, link.end() - 1)
            matcher, argument = (words[-1] if words else ""), source[link.end():close - 1]
            at = close
        if not _js_reads(subject, name) and not _js_reads(argument, name):
            continue
        compared = (_JS_VALUE_MATCHER.fullmatch(matcher) is not None and "not" not in words
                    and _js_reads(subject, name) != _js_reads(argument, name)
                    and bool(subject.strip()) and bool(argument.strip()))
        yield found.start(), "compared" if compared else "weak"


def _js_heads(source: str, code: str, at: int) -> tuple[list[tuple[str, str]], list[str]]:
    """The heads of the blocks `at` sits in, outermost first (`if (x) `, `} else `, `() => `),
    each with the head of the block closed just before it at its level (an `else`'s `if`),
    and the statements before `at` at the body's own level (a block's whole)."""
    stack: list[tuple[str, str, int]] = []  # (head, the sibling before it, where it opens)
    closed: dict[int, str] = {}  # per depth, the head of the block that last closed there
    statements: list[str] = []
    start = 0
    for position in range(at):
        char = code[position]
        if char == "{":
            depth = len(stack)
            stack.append((source[start:position], closed.pop(depth, ""), position))
            start = position + 1
        elif char == "}":
            if stack:
                head, _, opened = stack.pop()
                if len(stack) == 1:
                    statements.append(head + source[opened:position + 1])
                closed = {at: head for at, head in closed.items() if at < len(stack)}
                closed[len(stack)] = head
            start = position + 1
        elif char == ";":
            if len(stack) == 1:
                statements.append(source[start:position])
            start = position + 1
    heads = [(head, sibling) for head, sibling, _ in stack[1:]]  # past the function's own
    braceless = source[start:at].strip()
    if _JS_IF_HEAD.match(braceless):
        heads.append((braceless, ""))
    return heads, statements


def _js_runs(source: str, code: str, at: int, names: Mapping[str, object]) -> bool:
    """Whether the check at `at` may run for the row bound in `names`: no `if` it sits under
    is false for it (an `else` under one true), and no return is taken before it at the
    body's top level (`return;`, `if (input === "a") return;`)."""
    return not _js_guard(source, code, at, names)


def _js_guard(source: str, code: str, at: int, names: Mapping[str, object]) -> str:
    """What keeps the check at `at` from running for the row in `names` (`_js_runs`), or ""."""
    heads, statements = _js_heads(source, code, at)
    for statement in statements:
        text = " ".join(statement.split())
        if _JS_RETURN.match(text):
            return text
        guarded = re.match(r"^if\s*\((.*)\)\s*(?:\{\s*)?return\b", text)
        if guarded and row_filters.js_holds(guarded.group(1), names) is True:
            return text
    for head, sibling in heads:
        text = " ".join(head.split())
        branch = _JS_IF_HEAD.match(text)
        before = _JS_IF_HEAD.match(" ".join(sibling.split()))
        # an `else` (`else if`) runs where the `if` before it does not hold
        if (branch is None or branch.group("else")) and (
                branch is not None or _JS_ELSE_HEAD.match(text)) and before is not None and \
                row_filters.js_holds(before.group("cond"), names) is True:
            return f"{' '.join(sibling.split())} ... {text}"
        if branch is not None and row_filters.js_holds(branch.group("cond"), names) is False:
            return text
    return ""
