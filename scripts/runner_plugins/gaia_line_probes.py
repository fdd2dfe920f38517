"""Line probes: which lines of a few named source files run, without a trace function.

A trace function (`sys.settrace`, what coverage.py's CTracer is) makes CPython 3.11 run every
frame of the process de-specialised, the test code and pytest included, and calls into the
tracer for every line it sees. Probes cost only where they are: each named file is compiled,
when it is imported, with one dictionary store before each statement (`__gaia_lines__[n] =
None`), so the rest of the process runs at full speed.

What a probe records, for the lines a tracer would report (coverage.py then maps each line to
its statement's first line, as it does a tracer's):
- a statement: just before it runs (a decorated one: each decorator's line too); an `elif` is
  the `if` it is, inside the `else`; a class's docstring (it sets `__doc__`);
- an `except T:` header: when an exception is matched against it (its type expression is
  wrapped in a store that yields the type), whether it matches or not, as a tracer sees it; a
  bare `except:` always matches: its header is recorded with its body;
- nothing else (a `match` statement's `case` lines are tried without running a statement:
  `probeable` refuses a file that has one, and the caller measures it with a tracer instead).
Only lines that carry code in the compiled original (its code objects' line tables) are kept,
and a statement's first line where its code starts on a later line of it (`if (` and its
condition below: coverage.py counts the condition's lines, the tracer's, for the `if`).

Instrumented code is remembered, where the caller names a directory for it, by the source's
bytes and everything else it depends on (`instrument_cached`): a review of a story whose code
has not changed reads it back instead of compiling the file twice again.

Loading: `install` patches `SourceFileLoader.get_code`, which every import of a `.py` source
goes through (`import`, `importlib.import_module`, `spec_from_file_location(...).loader`,
`runpy`); a named file is compiled from source with its probes, and no bytecode cache is read
or written for it. A module imported before `install` has no probes: `already_imported` names
those files, and the caller measures them with a tracer instead.

Stdlib only: it runs in the project's own Python. PYTEST_DONT_REWRITE: like the plugin that
imports it (and the head start's launcher before pytest starts), never rewritten by pytest,
whatever files a project's `python_files` names.
"""

from __future__ import annotations

import ast
import hashlib
import marshal
import os
import sys
import types
from collections.abc import Iterable, Iterator
from importlib.machinery import SourceFileLoader
from typing import Any

TABLE = "__gaia_lines__"  # a module global; dunder-named, so never name-mangled in a class
TABLES: dict[str, dict[int, None]] = {}  # real path -> the lines its probes recorded


def _probe(line: int) -> ast.stmt:
    target = ast.Subscript(value=ast.Name(id=TABLE, ctx=ast.Load()),
                           slice=ast.Constant(value=line), ctx=ast.Store())
    return _at(ast.Assign(targets=[target], value=ast.Constant(value=None)), line)


def _at(node: ast.stmt, line: int) -> ast.stmt:
    """`node` and everything in it placed on `line` (a probe sits on the line it records)."""
    for part in ast.walk(node):
        if "lineno" in part._attributes:
            part.lineno = part.end_lineno = line  # type: ignore[attr-defined]
            part.col_offset = part.end_col_offset = 0  # type: ignore[attr-defined]
    return node


def _is_docstring(node: ast.stmt) -> bool:
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str))


def _is_future(node: ast.stmt) -> bool:
    return isinstance(node, ast.ImportFrom) and node.module == "__future__"


def _prologue(path: str) -> ast.stmt:
    """`__gaia_lines__ = __import__("gaia_line_probes").TABLES[path]`: the module binds its own
    table before its first statement (a builtins entry would be every module's)."""
    load = ast.Call(func=ast.Name(id="__import__", ctx=ast.Load()),
                    args=[ast.Constant(value=__name__)], keywords=[])
    tables = ast.Attribute(value=load, attr="TABLES", ctx=ast.Load())
    value = ast.Subscript(value=tables, slice=ast.Constant(value=path), ctx=ast.Load())
    return _at(ast.Assign(targets=[ast.Name(id=TABLE, ctx=ast.Store())], value=value), 1)


class _Instrument(ast.NodeTransformer):
    def __init__(self, path: str) -> None:
        self.path = path

    def _body(self, body: list[ast.stmt], docstring: bool,
              prologue: ast.stmt | None = None) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        head: list[int] = []
        rest = list(body)
        if docstring and rest and _is_docstring(rest[0]):
            head.append(rest[0].lineno)  # a class's runs (it sets __doc__); kept if it has code
            out.append(rest.pop(0))  # stays first: it is the object's __doc__
        while rest and _is_future(rest[0]):  # must stay first too; recorded just after
            head.append(rest[0].lineno)
            out.append(rest.pop(0))
        if prologue is not None:
            out.append(prologue)
        out.extend(_probe(line) for line in head)
        for node in rest:
            # A decorated definition runs its decorators' lines before its own.
            for decorator in getattr(node, "decorator_list", ()):
                out.append(_probe(decorator.lineno))
            out.append(_probe(node.lineno))
            out.append(self.visit(node))
        return out

    def visit_Module(self, node: ast.Module) -> ast.Module:
        node.body = self._body(node.body, docstring=True, prologue=_prologue(self.path))
        return node

    def _scope(self, node: Any) -> Any:
        node.decorator_list = [self.visit(d) for d in node.decorator_list]
        node.body = self._body(node.body, docstring=True)
        return node

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _scope

    def generic_visit(self, node: ast.AST) -> ast.AST:
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                setattr(node, field, self._body(block, docstring=False))
        for handler in getattr(node, "handlers", None) or ():  # try / try*: except clauses
            self.visit(handler)
        return node

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> ast.ExceptHandler:
        node.body = self._body(node.body, docstring=False)
        if node.type is None:
            node.body.insert(0, _probe(node.lineno))
        else:
            # (__gaia_lines__.__setitem__(n, None), T)[1]: evaluated exactly when the
            # handler's type is, i.e. when an exception is matched against it.
            record = ast.Call(func=ast.Attribute(value=ast.Name(id=TABLE, ctx=ast.Load()),
                                                 attr="__setitem__", ctx=ast.Load()),
                              args=[ast.Constant(value=node.lineno), ast.Constant(value=None)],
                              keywords=[])
            pair = ast.Tuple(elts=[record, node.type], ctx=ast.Load())
            node.type = ast.copy_location(
                ast.Subscript(value=pair, slice=ast.Constant(value=1), ctx=ast.Load()),
                node.type)
            ast.fix_missing_locations(node)
        return node


def probeable(tree: ast.AST) -> bool:
    """Whether every line a tracer would report can be probed (no `match` statement)."""
    match = getattr(ast, "Match", None)
    return match is None or not any(isinstance(node, match) for node in ast.walk(tree))


def code_lines(code: types.CodeType) -> set[int]:
    """The lines of a compiled module and of every code object in it."""
    found: set[int] = set()
    stack = [code]
    while stack:
        current = stack.pop()
        if hasattr(current, "co_lines"):
            found.update(line for _, _, line in current.co_lines() if line is not None)
        else:  # 3.9: the line-number table
            import dis
            found.update(line for _, line in dis.findlinestarts(current))
        stack.extend(c for c in current.co_consts if isinstance(c, types.CodeType))
    return found


def statement_lines(tree: ast.AST, code: set[int]) -> set[int]:
    """`code`, and the first line of each statement whose own lines carry code below it: an
    `if (` whose condition starts on the next line has no instruction on its first line, where
    a tracer reports the condition's lines and coverage.py counts them for the `if`. A
    statement's own lines end where its body starts (a compound statement's header)."""
    found = set(code)
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt) or node.lineno in code:
            continue
        end = node.end_lineno or node.lineno
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
            end = min(end, max(node.lineno, body[0].lineno - 1))
        if any(line in code for line in range(node.lineno + 1, end + 1)):
            found.add(node.lineno)
    return found


def instrument(source: bytes | str, path: str) -> tuple[types.CodeType, set[int]]:
    """The module's code with its probes, and the lines it may record: those the original's
    code carries, and statements' first lines where their code starts below (`statement_lines`)."""
    tree = ast.parse(source, path)
    original = compile(tree, path, "exec", dont_inherit=True)
    probed = _Instrument(os.path.realpath(path)).visit(ast.parse(source, path))
    return (compile(probed, path, "exec", dont_inherit=True),
            statement_lines(tree, code_lines(original)))


MAX_CACHED = 256  # instrumented modules a cache directory keeps, the newest


def _own_digest() -> bytes:
    try:
        with open(__file__, "rb") as handle:
            return hashlib.sha256(handle.read()).digest()
    except OSError:  # never cached then: a key no entry has
        return os.urandom(16)


_OWN = _own_digest()


def instrument_cached(source: bytes, path: str, cache: str | None) -> tuple[types.CodeType,
                                                                            set[int]]:
    """`instrument`, remembered in the directory `cache` by the source's bytes, its path
    (as named and real: the probes name it), this Python's bytecode and this module's own
    text: a file unchanged since a run instrumented it is read back (`marshal`), not parsed
    and compiled twice again. An entry that cannot be read or written costs only the time;
    the newest MAX_CACHED entries are kept."""
    if not cache:
        return instrument(source, path)
    from importlib.util import MAGIC_NUMBER

    key = hashlib.sha256(b"\0".join((
        source, path.encode(), os.path.realpath(path).encode(), MAGIC_NUMBER, _OWN)))
    entry = os.path.join(cache, key.hexdigest())
    try:
        with open(entry, "rb") as handle:
            # the user's own data directory, trusted as Python's own bytecode cache is
            code, lines = marshal.load(handle)  # noqa: S302
        if isinstance(code, types.CodeType) and isinstance(lines, list):
            return code, set(lines)
    except (OSError, EOFError, ValueError, TypeError):
        pass
    code, found = instrument(source, path)
    try:
        os.makedirs(cache, exist_ok=True)
        temporary = f"{entry}.{os.getpid()}.tmp"
        with open(temporary, "wb") as handle:
            marshal.dump((code, sorted(found)), handle)
        os.replace(temporary, entry)
        _prune(cache)
    except OSError:
        pass
    return code, found


def _prune(cache: str) -> None:
    names = [name for name in os.listdir(cache) if not name.endswith(".tmp")]
    if len(names) <= MAX_CACHED:
        return
    by_age = sorted(names, key=lambda name: os.stat(os.path.join(cache, name)).st_mtime)
    for name in by_age[:len(names) - MAX_CACHED]:
        try:
            os.remove(os.path.join(cache, name))
        except OSError:
            pass


class Probes:
    """The named files, their line tables once imported, and the lines each may record;
    `cache`: where their instrumented code is remembered (`instrument_cached`)."""

    def __init__(self, paths: Iterable[str], cache: str | None = None) -> None:
        self.cache = cache
        self.paths = {os.path.realpath(p) for p in paths}
        self.names = frozenset(os.path.basename(p) for p in self.paths)
        self.tables = TABLES
        self.code_lines: dict[str, set[int]] = {}
        self._original: Any = None

    def install(self) -> None:
        self._original = original = SourceFileLoader.get_code
        probes = self

        def get_code(loader: SourceFileLoader, fullname: str) -> Any:
            path = _resolved(loader.get_filename(fullname), probes.names)
            if path not in probes.paths:
                return original(loader, fullname)
            code, lines = instrument_cached(loader.get_data(path),
                                            loader.get_filename(fullname), probes.cache)
            probes.code_lines[path] = lines
            probes.tables.setdefault(path, {})
            return code

        setattr(SourceFileLoader, "get_code", get_code)  # noqa: B010  (a method, patched)

    def uninstall(self) -> None:
        if self._original is not None:
            setattr(SourceFileLoader, "get_code", self._original)  # noqa: B010
            self._original = None

    def take(self) -> dict[str, set[int]]:
        """The lines each file recorded since the last `take`, and empty tables again."""
        out: dict[str, set[int]] = {}
        for path, table in list(self.tables.items()):
            if table:
                # Only the lines taken are removed: one a thread records meanwhile stays for
                # the next take (list() of int keys runs without letting another thread in).
                taken = list(table)
                for line in taken:
                    del table[line]
                out[path] = set(taken) & self.code_lines.get(path, set())
        return out

    def unprobed(self) -> list[str]:
        """The named files a module loaded without probes (another import hook compiled it,
        such as pytest's assertion rewriter for a registered module): not measured."""
        return sorted(path for path in set(_module_files(self.names)) & self.paths
                      if path not in self.code_lines)

    def already_imported(self) -> list[str]:
        """The named files some module already loaded (they can carry no probes)."""
        return sorted(path for path in _module_files(self.names) if path in self.paths)


def _resolved(name: str, names: frozenset[str]) -> str | None:
    """`name`'s real path when it can be one of the files called `names`, else None.

    Resolving every module's path costs a system call per path component, for hundreds of
    modules; only a file of one of those names, or a symbolic link (which may point at one),
    can resolve to a named file."""
    if os.path.basename(name) in names or os.path.islink(name):
        return os.path.realpath(name)
    return None


def _module_files(names: frozenset[str]) -> Iterator[str]:
    for module in list(sys.modules.values()):
        name = getattr(module, "__file__", None)
        if isinstance(name, str):
            path = _resolved(name, names)
            if path is not None:
                yield path
