"""The columns of a pytest table that its test never reads (static, pure).

Several tests often share one module-level table (`MATH_TEST_CASES` with columns `dur1, dur2,
resadd, ressub, resge`), each reading the columns it checks: `test_sub` reads `ressub`, never
`resadd`. A value in a column a test never reads is nothing that test checks, so the matcher
reads a test's table without it (`unread_blanked`): the sum `PT1H24M42.65S` in `resadd` is
no evidence that `test_sub` checks an AC promising that sum.

Rules:
- Read for a Python test with a `@pytest.mark.parametrize` of two or more names (one string
  of comma-separated names, or a list / tuple of strings) over a literal list or tuple of
  rows, written in the decorator or as a module-level name the test's text gives before its
  decorators (`testcases`: a table it names comes first). A row is a tuple or list of as many
  items as there are names, or a `pytest.param(...)` of as many positional values.
- A name is unread when neither the test's body (after its signature) nor its other
  decorators spell it as a word; its items in every row are then written `...`. A row of
  another length, or a table that is no literal, is left as it is; so is any text that does
  not parse.
"""

from __future__ import annotations

import ast
import re
import textwrap

_PARAMETRIZE_RE = re.compile(r"^[ \t]*@pytest\.mark\.parametrize\(", re.MULTILINE)
_BLANK = "..."


def _names(node: ast.expr) -> list[str] | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [name.strip() for name in node.value.split(",") if name.strip()]
    if isinstance(node, ast.List | ast.Tuple):
        names = [item.value for item in node.elts
                 if isinstance(item, ast.Constant) and isinstance(item.value, str)]
        return [name.strip() for name in names] if len(names) == len(node.elts) else None
    return None


def _row_items(row: ast.expr, width: int) -> list[ast.expr] | None:
    if isinstance(row, ast.Tuple | ast.List) and len(row.elts) == width:
        return list(row.elts)
    if isinstance(row, ast.Call) and isinstance(row.func, ast.Attribute) and \
            row.func.attr == "param" and len(row.args) == width:
        return list(row.args)
    return None


def _offsets(text: str) -> list[int]:
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def _spans(table: ast.expr, width: int, unread: list[int], lines: list[int], indent: int,
           ) -> list[tuple[int, int]]:
    """The text spans (start, end) of the unread items of every row of `table`."""
    if not isinstance(table, ast.List | ast.Tuple):
        return []
    spans = []
    for row in table.elts:
        items = _row_items(row, width) or []
        for i in unread if items else ():
            item = items[i]
            if item.end_lineno is None or item.end_col_offset is None:
                continue
            spans.append((lines[item.lineno - 1] + item.col_offset + indent,
                          lines[item.end_lineno - 1] + item.end_col_offset + indent))
    return spans


def unread_blanked(body: str) -> str:
    """`body` (a test's text, `testcases.TestCase.body`) with the items of its table's unread
    columns written `...` (module rules); `body` itself where nothing is unread."""
    found = _PARAMETRIZE_RE.search(body)
    if found is None:
        return body
    prefix, rest = body[:found.start()], body[found.start():]
    indent = len(rest) - len(rest.lstrip(" \t"))
    dedented = textwrap.dedent(rest)
    try:
        tree = ast.parse(dedented)
    except SyntaxError:
        return body
    function = tree.body[0] if tree.body else None
    if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
        return body
    decorator = next((d for d in function.decorator_list if isinstance(d, ast.Call)
                      and isinstance(d.func, ast.Attribute) and d.func.attr == "parametrize"
                      and len(d.args) >= 2), None)
    names = _names(decorator.args[0]) if decorator is not None else None
    if decorator is None or names is None or len(names) < 2:
        return body
    said = "\n".join([*(ast.get_source_segment(dedented, stmt) or "" for stmt in function.body),
                      *(ast.get_source_segment(dedented, d) or ""
                        for d in function.decorator_list if d is not decorator)])
    unread = [i for i, name in enumerate(names)
              if not re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", said)]
    if not unread:
        return body
    table = decorator.args[1]
    if isinstance(table, ast.Name):
        try:
            module = ast.parse(prefix)
        except SyntaxError:
            return body
        given = next((stmt.value for stmt in module.body if isinstance(stmt, ast.Assign)
                      and any(isinstance(t, ast.Name) and t.id == table.id
                              for t in stmt.targets)), None)
        if given is None:
            return body
        spans = _spans(given, len(names), unread, _offsets(prefix), 0)
    else:
        # the decorator's own table: positions in the dedented text, each line `indent` in
        spans = [(start + found.start(), end + found.start())
                 for start, end in _spans(table, len(names), unread, _offsets(rest), indent)]
    for start, end in sorted(spans, reverse=True):
        body = body[:start] + _BLANK + body[end:]
    return body
