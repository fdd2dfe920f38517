"""The rows of a pytest parametrize table, each joined to the instance the run reported of it
(static, pure; Python tests read with `ast`).

pytest runs each row of `@pytest.mark.parametrize(names, rows)` as an instance of its own,
`test_x[<id>]`, and reports each one's outcome. A row's id is pytest's (`row_ids`): the
row's own `pytest.param(..., id="...")`; else its place's string in `ids=[...]`; else its
cells' ids joined by `-`, a cell's id its value's text where it is a literal string (its
non-ASCII and control characters escaped, as pytest escapes them), number, `True`, `False`
or `None`, and its parameter's name and the row's index (`expected_datetime4`) where it is
a literal tuple, list, dict or set, or a call of anything but a builtin (an object pytest
cannot name). A row holding anything else (a name: a class would be named by its
`__name__`; an f-string; an operation) has no id known. A table not read row by row: one
of several parametrize decorators (their ids are joined), `indirect` parameters, `ids=`
anything but a literal list (a function names the rows), rows made by a comprehension or
not written in place or as a module-level table the test's text holds; rows whose ids come
out alike (pytest adds suffixes, which its versions write differently) have none known.

An AC's example rows (`example_instances`) are the rows with a cell its Given or When writes
(`expected_column.quoted_values`, `cell_values`: the AC's `2006-10-20T15:34:56.123Z`). Their
instances, each with its outcome, are what the run says of the AC's example in that test:
iso8601's test_parse_valid_date runs forty rows, and the one for the fractional-seconds AC
passing says that AC is checked, whichever other row fails. None where no row holds the
AC's example (the test is of the AC as a whole: its name, its checks) or one that does has
no instance of its id in the run. A value of the AC's example every row holding which the
runner skipped (`skipped_example`: `pytest.param("-P2W", ..., marks=pytest.mark.skip)`) was
checked by none of them.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from gaia_lib.core import pyast
from gaia_lib.evidence.expected_column import (
    argnames,
    cell_values,
    parametrize_calls,
    quoted_values,
)
from gaia_lib.evidence.runner_output import ERROR, FAILED, SKIPPED

# builtins whose result pytest names by its value, not by the parameter's name
_VALUE_CALLS = frozenset({"str", "bytes", "int", "float", "complex", "bool", "repr", "format",
                          "chr", "ord", "len", "abs", "round", "min", "max", "sum", "hex",
                          "oct", "bin", "getattr", "type", "compile", "re.compile"})


def row_ids(test_source: str) -> list[tuple[list[ast.expr], str | None]] | None:
    """Each row of the test's one parametrize table, in order: its cells and the id pytest
    gives its instance (None where that is not known); None for a test not read row by row
    (module rules)."""
    parsed = pyast.test_parts(test_source)
    if parsed is None:
        return None
    calls, assigned = parametrize_calls(*parsed)
    if len(calls) != 1:
        return None
    arguments = calls[0]
    names = argnames(arguments.get("argnames"))
    values = _table(assigned, arguments.get("argvalues"))
    given = _given_ids(arguments.get("ids"))
    if "indirect" in arguments or not names or values is None or given is None:
        return None
    rows: list[tuple[list[ast.expr], str | None]] = []
    for index, row in enumerate(values):
        own: str | None = None
        if isinstance(row, ast.Call) and pyast.callee_name(row.func) == "param":
            cells = list(row.args)
            if any(isinstance(cell, ast.Starred) for cell in cells):
                return None
            written = next((k.value for k in row.keywords if k.arg == "id"), None)
            if written is not None:
                if not (isinstance(written, ast.Constant) and isinstance(written.value, str)):
                    return None
                own = _escaped(written.value)
        elif len(names) == 1:
            cells = [row]
        elif isinstance(row, ast.Tuple | ast.List) and not any(
                isinstance(cell, ast.Starred) for cell in row.elts):
            cells = list(row.elts)
        else:
            return None
        if len(cells) != len(names):
            return None
        if own is None and index < len(given) and given[index] is not None:
            own = given[index]
        if own is None:
            ids = [_cell_id(cell, name, index) for cell, name in zip(cells, names, strict=True)]
            own = None if None in ids else "-".join(i for i in ids if i is not None)
        rows.append((cells, own))
    counts = Counter(own for _, own in rows)
    return [(cells, own if own is not None and counts[own] == 1 else None)
            for cells, own in rows]


def example_instances(test_source: str, setting: str,
                      instances: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...] | None:
    """The instances (id, outcome) the run reported of the rows holding the AC's example
    (its Given and When: `setting`), in the table's order; None where no row holds it, or
    one that does has no known id or no instance of it in `instances` (module rules)."""
    rows = _example_rows(test_source, setting, instances)
    return None if rows is None else tuple((own, outcome) for _, own, outcome in rows)


def skipped_example(test_source: str, setting: str,
                    instances: Sequence[tuple[str, str]]) -> str | None:
    """The first of the AC's example values (`example_instances`) every row holding which the
    runner skipped (`pytest.param("-P2W", ..., marks=pytest.mark.skip)`): the test's other
    rows ran, so the runner does not report it skipped, but none of them is the AC's example.
    None where each value has a row that ran, or the rows are not known."""
    rows = _example_rows(test_source, setting, instances)
    ran: dict[str, bool] = {}
    for values, _, outcome in rows or ():
        for value in values:
            ran[value] = ran.get(value, False) or outcome != SKIPPED
    return next((value for value, any_ran in ran.items() if not any_ran), None)


def _example_rows(test_source: str, setting: str, instances: Sequence[tuple[str, str]]
                  ) -> list[tuple[list[str], str, str]] | None:
    """Each row holding a value of the AC's example: those values (sorted), its id, the
    outcome the run reported for it (a rerun row's worst); None as `example_instances`."""
    given = quoted_values(setting)
    rows = row_ids(test_source) if given else None
    if not rows:
        return None
    reported: dict[str, str] = {}
    for instance, outcome in instances:
        if instance not in reported or outcome in (FAILED, ERROR):
            reported[instance] = outcome
    mine = [(sorted(set().union(*(cell_values(cell) & given for cell in cells))), own)
            for cells, own in rows]
    mine = [(values, own) for values, own in mine if values]
    if not mine or any(own is None or own not in reported for _, own in mine):
        return None
    return [(values, own, reported[own]) for values, own in mine if own is not None]


def _table(assigned: Mapping[str, ast.expr], node: ast.expr | None) -> list[ast.expr] | None:
    """A table's rows, written in place or as a module-level table the test's text holds
    (`assigned`: the module's tables by name)."""
    if isinstance(node, ast.Name):
        node = assigned.get(node.id)
    if not isinstance(node, ast.List | ast.Tuple):
        return None
    return list(node.elts)


def _given_ids(node: ast.expr | None) -> list[str | None] | None:
    """The ids `ids=[...]` gives the rows, in order (None: pytest makes that row's); [] for
    no `ids=`; None for one not read (a function, a name)."""
    if node is None:
        return []
    if not isinstance(node, ast.List | ast.Tuple):
        return None
    out: list[str | None] = []
    for element in node.elts:
        value = _literal(element)
        if value is None and not (isinstance(element, ast.Constant) and element.value is None):
            return None
        if value is None:
            out.append(None)
            continue
        named = _value_id(value)
        if named is None:
            return None  # pytest refuses it
        out.append(named)
    return out


def _cell_id(cell: ast.expr, name: str, index: int) -> str | None:
    """A cell's part of its row's id: its value's where pytest names it by its value, its
    parameter's name and the row's index where it is an object pytest cannot name, None
    where it is not known which (module rules)."""
    if isinstance(cell, ast.Tuple | ast.List | ast.Dict | ast.Set):
        return f"{name}{index}"
    if isinstance(cell, ast.Call):
        if _dotted(cell.func) in _VALUE_CALLS:
            return None
        return f"{name}{index}"
    value = _literal(cell)
    if value is None:
        return "None" if isinstance(cell, ast.Constant) and cell.value is None else None
    return _value_id(value)


def _literal(node: ast.expr) -> Any:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def _value_id(value: Any) -> str | None:
    """pytest's id for a value it names by itself (`_idval_from_value`)."""
    if isinstance(value, str):
        return _escaped(value)
    if isinstance(value, bytes):
        return value.decode("ascii", "backslashreplace")
    if isinstance(value, bool | int | float | complex):
        return str(value)
    return None


def _escaped(text: str) -> str:
    """A string as pytest writes it in an id (`ascii_escaped`)."""
    return text.encode("unicode_escape").decode("ascii")


def _dotted(node: ast.expr) -> str:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))
