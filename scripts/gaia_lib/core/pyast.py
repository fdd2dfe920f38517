"""A Python file's syntax tree, parsed once per text.

Several of a review's reads walk the same test file's tree (the placeholder rules, the row
filters, the mocking check) and its sources' (the branch-coverage check's error handlers): on
idna's story a third of the time spent parsing went to texts parsed before. `module` parses a
text once and hands every caller the same tree, so a caller must never change it (no
transformer, no attribute set on a node). A text that does not parse raises as `ast.parse`
does, each time (failures are not remembered). `test_parts` reads one test's text, which may
begin with the module table it is parametrized by; `callee_name` names what a call calls;
`dedent` moves a test's text left as Python reads its indentation, a tab to the next eighth
column; `module_names` gives the dotted names a source file is imported by: its whole path
(`src.app.calc`) and each tail of two parts or more (`app.calc`, for a `src/` layout), a
package by its directory (`pkg/__init__.py` is `pkg`).
Standard library only.
"""

from __future__ import annotations

import ast
import posixpath
import re
import textwrap
from functools import lru_cache

REMEMBERED = 64  # texts: the test files and sources of one story, with room to spare


@lru_cache(maxsize=REMEMBERED)
def module(text: str) -> ast.Module:
    """`ast.parse(text)`, the same tree for the same text (module rules)."""
    return ast.parse(text)


def test_parts(source: str) -> tuple[list[ast.stmt], ast.FunctionDef | ast.AsyncFunctionDef] | None:
    """The module-level statements a test's text holds (the tables it is parametrized by) and
    its function, the last one: a method's text after a module-level table is read in two
    parts. None for text that does not parse, or holds no function."""
    try:
        statements = ast.parse(textwrap.dedent(source)).body
    except (SyntaxError, ValueError):
        lines = source.splitlines()
        head = next((i for i, line in enumerate(lines)
                     if re.match(r"[ \t]+(?:@|def\s|async\s+def\s)", line)), 0)
        try:
            statements = [*ast.parse(textwrap.dedent("\n".join(lines[:head]))).body,
                          *ast.parse(textwrap.dedent("\n".join(lines[head:]))).body]
        except (SyntaxError, ValueError):
            return None
    functions = [s for s in statements if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef)]
    return (statements, functions[-1]) if functions else None


_LEADING = re.compile(r"^[ \t]+", re.MULTILINE)


def dedent(source: str) -> str:
    """`textwrap.dedent(source)`, its lines' leading tabs first expanded as Python's tokenizer
    reads them (to the next multiple of eight columns) where some of its lines are indented by
    a tab and others by a space: pysrt 1.1.2's `test_tags`, a method `    def` at four spaces
    whose body is indented `\t    `, has no prefix common to all its lines, so the method
    dedented the plain way did not parse (Python runs it: a tab is eight columns)."""
    leads = {line[0] for line in source.splitlines() if line[:1] in (" ", "\t") and line.strip()}
    if leads == {" ", "\t"}:
        source = _LEADING.sub(lambda found: found.group(0).expandtabs(8), source)
    return textwrap.dedent(source)


def callee_name(node: ast.expr) -> str:
    """A callee's own name: `f` of `f(...)`, `g` of `a.b.g(...)`; "" for any other."""
    return node.id if isinstance(node, ast.Name) else \
        node.attr if isinstance(node, ast.Attribute) else ""


def module_names(path: str) -> tuple[str, ...]:
    """The dotted names a Python source file is imported by (module docstring)."""
    stem = posixpath.splitext(path)[0]
    parts = [p for p in stem.split("/") if p]
    if parts and parts[-1] == "__init__":
        parts = parts[:-1]
    if not parts:
        return ()
    tails = [".".join(parts[i:]) for i in range(len(parts)) if len(parts) - i >= 2]
    return tuple(dict.fromkeys([".".join(parts), *tails]))
