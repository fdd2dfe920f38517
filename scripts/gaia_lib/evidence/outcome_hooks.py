"""pytest plugins of the project's own that rewrite what a run says of its tests.

A review trusts a pytest run's per-test outcomes (its JUnit report) and its exit code. Both
are made from the reports pytest's hooks pass along, and a `conftest.py` is a plugin: its
hook implementations can change them (`rep.outcome = "passed"` on a failed report), so that a
broken story's tests all read as passed. A review must not believe such a run: each place is
a finding (`rewrites`), read from the module's syntax tree, never by importing it.

What counts as rewriting (a test's outcome made to read as something it was not, or its
failure made to vanish), in any function named after a pytest hook (`pytest_*`, a plugin
class's method too, or named by `hookimpl(specname=...)`), and in the module's functions such
a hook hands a report to:
- setting a report's `outcome` to anything but `"failed"` or `"skipped"` (a value of the
  hook's own: `"passed"`, `"rerun"`, a name), or its `passed`, `failed` or `skipped`, by
  assignment, `setattr`, `__setattr__` or through its `__dict__` / `vars()`. A report is the
  hook's `report` / `rep` parameter, what `outcome.get_result()` returns, what a `wrapper=True`
  implementation of a report-making hook gets from its `yield`, what `runtestprotocol(...)`
  returns, a report made by `TestReport(...)` / `TestReport.from_item_and_call(...)`, and
  any name such a value is handed to. Making a report read failed or skipped hides no failure
  from a review (a skipped test covers nothing), and is not a finding;
- in a hook that runs a test or makes its report (`RUN_HOOKS`): `force_result(...)` on an
  old-style hookwrapper's outcome, or setting its `_result` / `_exception` / `_excinfo`
  (the report replaced, or the test's exception dropped); a `wrapper=True` implementation
  catching what its `yield` raises without raising again (`pytest.fail`, `skip`, `xfail`
  count as raising); a `wrapper=True` `pytest_runtest_makereport` returning anything but the
  report its `yield` gave; setting a `CallInfo`'s `excinfo` (`call.excinfo = None`: the
  report is then made as a pass);
- a plain (not wrapper) `pytest_runtest_makereport` or `pytest_report_from_serializable`
  returning a value: it makes the run's reports itself;
- a plain `pytest_runtest_protocol` returning a value (pytest's own protocol then never
  runs) without handing its test to `runtestprotocol(...)` with its logging on: the
  reports the run writes are those it chooses (a rerun-until-pass loop, a test never run);
- a plain `pytest_pyfunc_call` returning a value (the test function is then not called by
  pytest) that never calls the test function (`pyfuncitem.obj`), or calls it inside a `try`
  whose handler does not raise: its tests pass without running, or whatever they raise;
- setting an item's `runtest` (`item.runtest = lambda: None`): its test no longer runs;
- replacing what pytest or unittest run tests and checks with (assignment, `setattr`,
  `monkeypatch.setattr`, `mock.patch` / `patch.object`, anywhere in the module): an
  attribute of `_pytest.*`, `pluggy`, pytest's report and call classes (`TestReport`,
  `CallInfo`, ...), or of `unittest.TestCase` / its module whose name starts with `assert`,
  `fail`, `run`, `_call`, `debug` or is `__call__` (`unittest.TestCase.assertEqual = ...`).
  Setting `unittest.TestCase.maxDiff` is configuration, and not a finding.
Not rewriting, and never a finding: a hook that only reads a report, keeps it for fixtures
(`item.rep_call = rep`, `setattr(item, "rep_" + rep.when, rep)`), adds to its `sections`,
`user_properties`, `extra` or `longrepr` text, or a `pytest_report_teststatus` that chooses
how the terminal shows a test (the review reads the JUnit report, not the terminal).

Where (`loaded_plugins`, which reads the files): the `conftest.py` files pytest loads for the
run's test files (in each one's directory and every one above it, up to the project root),
and the project's own modules named as plugins, followed from module to module: a
`pytest_plugins = [...]` of a conftest, a plugin or a test file; `-p NAME` in a tier command,
the pytest configuration files at the root (`addopts` in pytest.ini, pyproject.toml,
setup.cfg, tox.ini) or PYTEST_ADDOPTS; the names in PYTEST_PLUGINS; and the project's own
`pytest11` entry points (pyproject.toml, setup.cfg, setup.py), which pytest loads when the
project is installed. A dotted name is looked for as `a/b.py` or `a/b/__init__.py` under the
project root, `src/`, and the declaring file's directory and those above it: a module
elsewhere (an installed plugin) is not the project's to answer for.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from gaia_lib.core import pyast, reads
from gaia_lib.core.lazyre import compile as lazy_re

READ_LIMIT = 1_000_000  # bytes of one conftest or plugin module
CONFIG_FILES = ("pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini")
ENTRY_POINT_FILES = ("pyproject.toml", "setup.cfg", "setup.py")

# The hooks that run a test or make its report: where a hookwrapper's forced result, or a
# swallowed exception, decides the test's outcome.
RUN_HOOKS = frozenset({
    "pytest_runtest_protocol", "pytest_runtest_setup", "pytest_runtest_call",
    "pytest_runtest_teardown", "pytest_pyfunc_call", "pytest_runtest_makereport",
    "pytest_report_from_serializable",
})
# The hooks whose result is a report: a plain implementation returning one makes it.
REPORT_MAKERS = frozenset({"pytest_runtest_makereport", "pytest_report_from_serializable"})
VISIBLE = frozenset({"failed", "skipped"})  # outcomes that make a test count for less
PASS_FIELDS = frozenset({"passed", "failed", "skipped"})  # a report's outcome properties
REPORT_PARAMS = frozenset({"report", "rep"})
REPORT_CLASSES = frozenset({"TestReport", "CollectReport", "BaseReport", "CallInfo"})
# calls whose value is a report (or reports): a wrapper's `outcome.get_result()`, pytest's
# own report makers, a report made by its class
REPORT_CALLS = frozenset({"get_result", "runtestprotocol", "call_and_report",
                          "from_item_and_call", "pytest_runtest_makereport", "TestReport",
                          "CollectReport", "BaseReport"})
# The `_pytest` modules on the way from a test to its reported outcome; its others (the
# assertion message's truncation, `_pytest.assertion.truncate.DEFAULT_MAX_LINES`) are not.
OUTCOME_MODULES = frozenset({"runner", "reports", "junitxml", "skipping", "python",
                             "python_api", "raises", "unittest", "outcomes", "main"})
PYTEST_CHECKS = frozenset({"raises", "approx", "fail", "warns", "deprecated_call"})
RAISING_CALLS = frozenset({"fail", "skip", "xfail", "exit"})  # pytest's, all raise
TEST_FUNCTION_ATTRS = frozenset({"obj", "function", "_obj", "runtest"})
_UNITTEST_RUNNING = lazy_re(r"assert|fail|run|_call|debug|__call__$")
_PYTEST_P = re.compile(r"(?<![\w-])-p(?:\s*=\s*|\s*[\"']\s*,\s*[\"']\s*|\s+|(?=\w))"
                       r"(?!no:)([A-Za-z_][\w.]*)")
_PYPROJECT_EP = re.compile(r"^\[(?:project\.entry-points|tool\.poetry\.plugins)\.[\"']?pytest11"
                           r"[\"']?\]\s*$(.*?)(?=^\[|\Z)", re.M | re.S)
_SETUP_CFG_EP = lazy_re(r"^pytest11\s*=\s*\n((?:[ \t]+\S.*\n?)+)", re.M)
_SETUP_PY_EP = lazy_re(r"[\"']pytest11[\"']\s*:\s*\[([^\]]*)\]")
_EP_VALUE = lazy_re(r"=\s*[\"']?([A-Za-z_][\w.]*)")


@dataclass(frozen=True)
class Rewrite:
    """One place a plugin module rewrites what a run says of its tests."""

    file: str  # project-relative
    line: int
    hook: str  # the hook (`pytest_runtest_makereport`), or `module` for a patch at any level
    what: str  # what it does, in words: "sets `rep.outcome` to \"passed\""

    def message(self) -> str:
        where = "" if self.hook == "module" else f"{self.hook} "
        return (f"{where}{self.what} ({self.file}:{self.line}): it rewrites test outcomes, "
                "so the run's results cannot be trusted")


# --- the rules (pure) -------------------------------------------------------------------


def _decorator_flags(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, str | None]:
    """("plain" | "old" | "new", specname) from a `hookimpl(...)` decorator."""
    kind, spec = "plain", None
    for decorator in node.decorator_list:
        if not isinstance(decorator, ast.Call):
            continue
        for keyword in decorator.keywords:
            value = keyword.value
            truthy = isinstance(value, ast.Constant) and bool(value.value)
            if keyword.arg == "hookwrapper" and truthy:
                kind = "old"
            elif keyword.arg == "wrapper" and truthy:
                kind = "new"
            elif keyword.arg == "specname" and isinstance(value, ast.Constant) \
                    and isinstance(value.value, str):
                spec = value.value
    return kind, spec


def _dotted(node: ast.expr) -> str:
    """`a.b.c` of an attribute chain of names; "" for anything else."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return ""
    return ".".join([node.id, *reversed(parts)])


def _walk(node: ast.AST) -> Iterator[ast.AST]:
    """`ast.walk` of a function's body, nested functions and classes left out (each is read
    as a function of its own)."""
    stack = list(ast.iter_child_nodes(node))
    while stack:
        item = stack.pop()
        yield item
        if not isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
                          | ast.Lambda):
            stack.extend(ast.iter_child_nodes(item))


def _targets(node: ast.AST) -> list[tuple[ast.expr, ast.expr | None]]:
    """(target, value) of an assignment; value None when unpacked from a tuple or augmented."""
    if isinstance(node, ast.Assign):
        out: list[tuple[ast.expr, ast.expr | None]] = []
        for target in node.targets:
            if isinstance(target, ast.Tuple | ast.List):
                out += [(t, None) for t in target.elts]
            else:
                out.append((target, node.value))
        return out
    if isinstance(node, ast.AnnAssign) and node.value is not None:
        return [(node.target, node.value)]
    if isinstance(node, ast.AugAssign):
        return [(node.target, None)]
    if isinstance(node, ast.NamedExpr):
        return [(node.target, node.value)]
    return []


@dataclass
class _Names:
    """What a hook's names hold: reports, reports its `yield` gave, an old-style wrapper's
    outcome."""

    reports: set[str]
    yielded: set[str]
    outcomes: set[str]
    yield_is_report: bool = False  # a `wrapper=True` report maker: its `yield` gives one
    makers: frozenset[str] = REPORT_CALLS  # what a call returning a report is called here


def _yield_of(value: ast.expr | None) -> bool:
    return isinstance(value, ast.Yield | ast.YieldFrom) or (
        isinstance(value, ast.Await) and isinstance(value.value, ast.Yield))


def _bind(fn: ast.FunctionDef | ast.AsyncFunctionDef, hook: str, kind: str,
          seeded: Iterable[str], makers: frozenset[str] = REPORT_CALLS) -> _Names:
    """The names of `fn` holding reports (module rules), to a fixed point; `makers`: the
    names a call returning a report goes by in its module (an import's alias too)."""
    params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)]
    names = _Names({p for p in params if p in REPORT_PARAMS} | set(seeded), set(), set(),
                   kind == "new" and hook in REPORT_MAKERS, makers)
    changed = True
    while changed:
        changed = False
        for node in _walk(fn):
            for name, into in _bindings(node, hook, kind, names):
                if name not in into:
                    into.add(name)
                    changed = True
    names.reports |= names.yielded
    return names


def _bindings(node: ast.AST, hook: str, kind: str, names: _Names) -> list[tuple[str, set[str]]]:
    """The names `node` binds to a report, a yielded report or a wrapper's outcome."""
    if isinstance(node, ast.For | ast.AsyncFor):
        over = node.iter.elts if isinstance(node.iter, ast.List | ast.Tuple) else [node.iter]
        if isinstance(node.target, ast.Name) and any(_is_report(e, names) for e in over):
            return [(node.target.id, names.reports)]
        return []
    out: list[tuple[str, set[str]]] = []
    for target, value in _targets(node):
        if not isinstance(target, ast.Name) or value is None:
            continue
        if _yield_of(value):
            if kind == "old":
                out.append((target.id, names.outcomes))
            elif names.yield_is_report:
                out.append((target.id, names.yielded))
        elif isinstance(value, ast.Name) and value.id in names.yielded:
            out.append((target.id, names.yielded))
        elif _is_report(value, names):
            out.append((target.id, names.reports))
    return out


def _is_report(expr: ast.expr, names: _Names) -> bool:
    """Does `expr` hold a report (module rules)?"""
    if isinstance(expr, ast.Name):
        return expr.id in names.reports or expr.id in names.yielded
    if isinstance(expr, ast.Subscript | ast.Await):
        return _is_report(expr.value, names)
    if isinstance(expr, ast.Yield):
        return names.yield_is_report
    return isinstance(expr, ast.Call) and pyast.callee_name(expr.func) in names.makers


def _said(value: ast.expr | None) -> str:
    if value is None:
        return "a value of its own"
    try:
        text = ast.unparse(value)
    except (ValueError, AttributeError, RecursionError):
        return "a value of its own"
    return text if len(text) <= 40 else text[:37] + "..."


def _field_set(target: ast.expr, field: str, value: ast.expr | None) -> str | None:
    """What setting `field` of the report `target` to `value` does, when it rewrites."""
    if field in PASS_FIELDS:
        return f"sets `{_said(target)}.{field}`"
    if field == "outcome" and not (isinstance(value, ast.Constant) and value.value in VISIBLE):
        return f"sets `{_said(target)}.outcome` to {_said(value)}"
    return None


def _report_writes(node: ast.AST, names: _Names) -> Iterator[tuple[int, str]]:
    """(line, what) for each place `node` sets a report's outcome fields."""
    for target, value in _targets(node):
        if isinstance(target, ast.Attribute) and _is_report(target.value, names):
            said = _field_set(target.value, target.attr, value)
            if said:
                yield target.lineno, said
        owner = _dict_owner(target.value, names) if isinstance(target, ast.Subscript) else None
        if owner is not None and isinstance(target, ast.Subscript) \
                and isinstance(target.slice, ast.Constant) and isinstance(target.slice.value, str):
            said = _field_set(owner, target.slice.value, value)
            if said:
                yield target.lineno, said
    if not isinstance(node, ast.Call):
        return
    callee = pyast.callee_name(node.func)
    args = list(node.args)
    if callee == "__setattr__" and isinstance(node.func, ast.Attribute) \
            and _is_report(node.func.value, names):
        args = [node.func.value, *args]  # `rep.__setattr__("outcome", v)`
    if callee in {"setattr", "__setattr__"} and len(args) >= 3 \
            and _is_report(args[0], names) and isinstance(args[1], ast.Constant) \
            and isinstance(args[1].value, str):
        said = _field_set(args[0], args[1].value, args[2])
        if said:
            yield node.lineno, said
    owner = _dict_owner(node.func.value, names) if callee == "update" and isinstance(
        node.func, ast.Attribute) else None
    if owner is not None:
        fields: list[tuple[str, ast.expr | None]] = [
            (k.arg, k.value) for k in node.keywords if k.arg]
        for arg in node.args:
            if isinstance(arg, ast.Dict):
                fields += [(k.value, v) for k, v in zip(arg.keys, arg.values, strict=False)
                           if isinstance(k, ast.Constant) and isinstance(k.value, str)]
        for field, value in fields:
            said = _field_set(owner, field, value)
            if said:
                yield node.lineno, said


def _dict_owner(expr: ast.expr, names: _Names) -> ast.expr | None:
    """The report whose attributes `expr` is: `rep` of `rep.__dict__` or `vars(rep)`."""
    if isinstance(expr, ast.Attribute) and expr.attr == "__dict__" \
            and _is_report(expr.value, names):
        return expr.value
    if isinstance(expr, ast.Call) and pyast.callee_name(expr.func) == "vars" and expr.args \
            and _is_report(expr.args[0], names):
        return expr.args[0]
    return None


def _raises(handler: ast.ExceptHandler) -> bool:
    """Does an except handler raise again (or call pytest's fail / skip / xfail / exit)?"""
    for node in ast.walk(handler):
        if isinstance(node, ast.Raise):
            return True
        if isinstance(node, ast.Call) and pyast.callee_name(node.func) in RAISING_CALLS:
            return True
    return False


def _swallows(fn: ast.AST, runs: Callable[[ast.AST], bool]) -> Iterator[int]:
    """Lines of each `try` of `fn` whose body does what `runs` says (a predicate on a node)
    and one of whose handlers does not raise (`except*`, Python 3.11's TryStar, too)."""
    for node in _walk(fn):
        if not isinstance(node, ast.Try) and type(node).__name__ != "TryStar":
            continue
        body: list[ast.stmt] = getattr(node, "body", [])
        handlers: list[ast.ExceptHandler] = getattr(node, "handlers", [])
        if any(runs(inner) for part in body for inner in ast.walk(part)) \
                and any(not _raises(handler) for handler in handlers):
            yield getattr(node, "lineno", 1)


def _calls_test_function(node: ast.AST) -> bool:
    """A call of the test function: `pyfuncitem.obj(...)`, `testfunction(...)`."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    return (isinstance(func, ast.Attribute) and func.attr in TEST_FUNCTION_ATTRS) or \
        (isinstance(func, ast.Name) and func.id == "testfunction")


def _names_test_function(fn: ast.AST) -> bool:
    return any((isinstance(node, ast.Attribute) and node.attr in TEST_FUNCTION_ATTRS)
               or (isinstance(node, ast.Name) and node.id == "testfunction")
               for node in _walk(fn))


def _returns_value(fn: ast.AST) -> list[ast.Return]:
    return [node for node in _walk(fn) if isinstance(node, ast.Return)
            and node.value is not None
            and not (isinstance(node.value, ast.Constant) and node.value.value is None)]


def _hook_rules(fn: ast.FunctionDef | ast.AsyncFunctionDef, hook: str, kind: str,
                names: _Names) -> Iterator[tuple[int, str]]:
    """(line, what) for the rules that depend on the hook (module rules)."""
    if hook in RUN_HOOKS:
        for node in _walk(fn):
            if kind == "old" and isinstance(node, ast.Call) and \
                    pyast.callee_name(node.func) == "force_result":
                yield node.lineno, f"forces the hook's result (`{_said(node.func)}(...)`)"
            for target, _ in _targets(node):
                if isinstance(target, ast.Attribute) and target.attr in {
                        "_result", "_exception", "_excinfo"} and isinstance(
                        target.value, ast.Name) and target.value.id in names.outcomes:
                    yield target.lineno, f"sets the hook's `{target.value.id}.{target.attr}`"
                if isinstance(target, ast.Attribute) and target.attr == "excinfo":
                    yield target.lineno, (f"sets `{_said(target)}`: the exception a test "
                                          "raised is not the one reported")
        if kind == "new":
            for line in _swallows(fn, lambda n: isinstance(n, ast.Yield | ast.YieldFrom)):
                yield line, "catches what its tests raise and does not raise it again"
    if kind == "new" and hook == "pytest_runtest_makereport":
        for node in _returns_value(fn):
            value = node.value
            if not (_yield_of(value) or (isinstance(value, ast.Name)
                    and value.id in names.yielded)):
                yield node.lineno, f"returns a report of its own ({_said(value)})"
    if kind != "plain":
        return
    returned = _returns_value(fn)
    if hook in REPORT_MAKERS and returned:
        yield returned[0].lineno, f"makes the reports itself (returns {_said(returned[0].value)})"
    if hook == "pytest_runtest_protocol" and returned:
        protocols = [node for node in _walk(fn) if isinstance(node, ast.Call)
                     and pyast.callee_name(node.func) == "runtestprotocol"]
        quiet = [node for node in protocols if any(
            k.arg == "log" and not (isinstance(k.value, ast.Constant) and k.value.value)
            for k in node.keywords)]
        if not protocols or quiet:
            yield (quiet or returned)[0].lineno, (
                "runs its tests in pytest's place and chooses the reports the run writes"
                if quiet else "returns without pytest's protocol running its tests")
    if hook == "pytest_pyfunc_call" and returned:
        if not _names_test_function(fn):
            yield returned[0].lineno, "returns without calling the test function"
        for line in _swallows(fn, _calls_test_function):
            yield line, "catches what the test function raises and does not raise it again"


def _functions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def _imports(tree: ast.Module) -> dict[str, str]:
    """Local name -> the dotted name it is bound to (`from _pytest import runner`:
    runner -> _pytest.runner; `import unittest as u`: u -> unittest)."""
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    head = alias.name.split(".")[0]
                    bound[head] = head
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return bound


def _machinery(dotted: str, attr: str) -> bool:
    """Is `dotted.attr` something pytest or unittest run tests and checks with (module
    rules)?"""
    parts = dotted.split(".")
    if parts[0] == "pluggy" or (parts[-1] in REPORT_CLASSES and parts[0] in {"pytest",
                                                                            "_pytest"}):
        return True
    if parts[0] == "_pytest":
        return (len(parts) == 1 and attr in OUTCOME_MODULES) or \
            (len(parts) > 1 and parts[1] in OUTCOME_MODULES)
    if parts == ["pytest"]:
        return attr in PYTEST_CHECKS
    if parts[0] == "unittest" and (len(parts) == 1 or parts[-1] in {
            "TestCase", "case", "IsolatedAsyncioTestCase"}):
        return bool(_UNITTEST_RUNNING.match(attr))
    return False


def _resolved(expr: ast.expr, imports: Mapping[str, str]) -> str:
    dotted = _dotted(expr)
    if not dotted:
        return ""
    head, _, rest = dotted.partition(".")
    base = imports.get(head, head if head in {"_pytest", "pytest", "pluggy", "unittest"}
                       else "")
    return f"{base}.{rest}" if base and rest else base


def _patches(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """(line, what) for each replacement of pytest's or unittest's running machinery:
    assigned, or set by `setattr`, `monkeypatch.setattr`, `mock.patch(...)` or
    `patch.object(...)`."""
    imports = _imports(tree)
    for node in ast.walk(tree):
        for target, _ in _targets(node):
            if isinstance(target, ast.Attribute):
                owner = _resolved(target.value, imports)
                if owner and _machinery(owner, target.attr):
                    yield target.lineno, f"replaces `{owner}.{target.attr}`"
        if not isinstance(node, ast.Call) or not node.args:
            continue
        callee, first = pyast.callee_name(node.func), node.args[0]
        if callee in {"setattr", "patch"} and isinstance(first, ast.Constant) \
                and isinstance(first.value, str):  # "unittest.TestCase.assertEqual"
            owner, _, attr = first.value.rpartition(".")
            if owner and _machinery(owner, attr):
                yield node.lineno, f"replaces `{first.value}`"
        elif (callee in {"setattr", "__setattr__"} or (callee == "object" and
              _dotted(node.func).endswith("patch.object"))) and len(node.args) >= 2:
            name = node.args[1]
            owner = _resolved(first, imports)
            if owner and isinstance(name, ast.Constant) and isinstance(name.value, str) \
                    and _machinery(owner, name.value):
                yield node.lineno, f"replaces `{owner}.{name.value}`"


def _aliased_hooks(tree: ast.Module, helpers: Mapping[str, ast.FunctionDef | ast.AsyncFunctionDef]
                   ) -> Iterator[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str, str]]:
    """(function, hook, kind) of each module function made a hook by assignment:
    `pytest_runtest_makereport = _make` or `= pytest.hookimpl(hookwrapper=True)(_make)`."""
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        hooks = [t.id for t in node.targets if isinstance(t, ast.Name)
                 and t.id.startswith("pytest_")]
        value, kind = node.value, "plain"
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Call) and value.args:
            for keyword in value.func.keywords:
                if isinstance(keyword.value, ast.Constant) and keyword.value.value:
                    kind = {"hookwrapper": "old", "wrapper": "new"}.get(keyword.arg or "", kind)
            value = value.args[0]
        if isinstance(value, ast.Name) and value.id in helpers:
            for hook in hooks:
                yield helpers[value.id], hook, kind


def rewrites(file: str, text: str) -> list[Rewrite]:
    """Every place the plugin module `file` (project-relative) rewrites what a run says of
    its tests (module rules; pure). A module that does not parse rewrites nothing: pytest
    cannot load it either, and the run fails."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return []
    helpers = {node.name: node for node in tree.body
               if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}
    makers = REPORT_CALLS | {local for local, dotted in _imports(tree).items()
                             if dotted.rsplit(".", 1)[-1] in REPORT_CALLS}
    found: dict[tuple[int, str], Rewrite] = {}

    def read(fn: ast.FunctionDef | ast.AsyncFunctionDef, hook: str, kind: str,
             seeded: Iterable[str], via: str, depth: int) -> None:
        names = _bind(fn, hook, kind, seeded, makers)
        said = hook if not via else f"{hook} (through {via})"
        for node in _walk(fn):
            for line, what in _report_writes(node, names):
                found.setdefault((line, what), Rewrite(file, line, said, what))
            for target, _ in _targets(node):
                if isinstance(target, ast.Attribute) and target.attr == "runtest":
                    what = f"sets `{_said(target)}`: its test no longer runs"
                    found.setdefault((target.lineno, what),
                                     Rewrite(file, target.lineno, said, what))
            # a module function the hook hands a report to: read with that parameter a report
            if depth < 3 and isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in helpers and node.func.id != fn.name:
                helper = helpers[node.func.id]
                params = [a.arg for a in (*helper.args.posonlyargs, *helper.args.args)]
                handed = {params[i] for i, arg in enumerate(node.args)
                          if i < len(params) and _is_report(arg, names)}
                handed |= {k.arg for k in node.keywords
                           if k.arg and _is_report(k.value, names)}
                if handed:
                    read(helper, hook, "plain", handed, helper.name, depth + 1)
        if not via:
            for line, what in _hook_rules(fn, hook, kind, names):
                found.setdefault((line, what), Rewrite(file, line, said, what))

    for fn in _functions(tree):
        kind, spec = _decorator_flags(fn)
        hook = spec or fn.name
        if hook.startswith("pytest_"):
            read(fn, hook, kind, (), "", 0)
    for fn, hook, kind in _aliased_hooks(tree, helpers):
        read(fn, hook, kind, (), "", 0)
    for line, what in _patches(tree):
        found.setdefault((line, what), Rewrite(file, line, "module", what))
    return sorted(found.values(), key=lambda r: (r.file, r.line, r.what))


def plugins_named(text: str) -> tuple[str, ...]:
    """The module names a module's `pytest_plugins = ...` (or `+=`) declares, at its top
    level (pure): a string, or a list or tuple of strings."""
    if "pytest_plugins" not in text:
        return ()
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return ()
    out: list[str] = []
    for node in tree.body:
        if not isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign) or node.value is None:
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if not any(isinstance(t, ast.Name) and t.id == "pytest_plugins" for t in targets):
            continue
        try:
            literal = ast.literal_eval(node.value)
        except (ValueError, SyntaxError, TypeError, RecursionError):
            continue
        items = [literal] if isinstance(literal, str) else (
            list(literal) if isinstance(literal, list | tuple) else [])
        out += [item for item in items if isinstance(item, str)]
    return tuple(dict.fromkeys(out))


def option_plugins(text: str) -> tuple[str, ...]:
    """The plugins a command line or a configuration file names with `-p NAME` (pure;
    `-p no:NAME` disables one and names none)."""
    return tuple(dict.fromkeys(_PYTEST_P.findall(text)))


def entry_point_plugins(name: str, text: str) -> tuple[str, ...]:
    """The modules a packaging file (`pyproject.toml`, `setup.cfg`, `setup.py`) registers
    as `pytest11` entry points (pure)."""
    if name == "pyproject.toml":
        blocks = [m.group(1) for m in _PYPROJECT_EP.finditer(text)]
    elif name == "setup.cfg":
        blocks = [m.group(1) for m in _SETUP_CFG_EP.finditer(text)]
    else:
        blocks = [m.group(1) for m in _SETUP_PY_EP.finditer(text)]
    return tuple(dict.fromkeys(m.group(1).split(":")[0] for block in blocks
                               for m in _EP_VALUE.finditer(block)))


# --- where (reads the files) ------------------------------------------------------------


def _read(path: Path) -> str:
    return reads.head_text(path, READ_LIMIT) or ""


def _module_file(project: Path, name: str, bases: Iterable[PurePosixPath]) -> str | None:
    """The project file a dotted module name is, under one of `bases` (module docstring)."""
    parts = name.split(".")
    if not all(part.isidentifier() for part in parts):
        return None
    for base in bases:
        for rel in (base.joinpath(*parts[:-1], parts[-1] + ".py"),
                    base.joinpath(*parts, "__init__.py")):
            if (project / rel).is_file():
                return rel.as_posix()
    return None


def _above(rel: str) -> list[PurePosixPath]:
    """A file's directory and every one above it, nearest first, up to the project root."""
    return list(PurePosixPath(rel).parents)


def loaded_plugins(project: Path, tests: Iterable[str], commands: Iterable[str] = (),
                   environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """Project-relative path -> text of each plugin module of the project's own that a pytest
    run of `tests` loads (module docstring): the conftests above them, and the modules named
    as plugins, followed to every module they name in turn."""
    environ = environ or {}
    tests = sorted(set(tests))
    dirs = sorted({d for test in tests for d in _above(test)}, key=lambda d: len(d.parts))
    root_bases = [PurePosixPath("."), PurePosixPath("src")]
    pending = [(d / "conftest.py").as_posix() for d in dirs
               if (project / d / "conftest.py").is_file()]
    named = [*option_plugins(" ".join(commands)),
             *option_plugins(environ.get("PYTEST_ADDOPTS", "")),
             *(n.strip() for n in environ.get("PYTEST_PLUGINS", "").split(",") if n.strip())]
    named += [name for config in CONFIG_FILES if (project / config).is_file()
              for name in option_plugins(_read(project / config))]
    named += [name for packaging in ENTRY_POINT_FILES if (project / packaging).is_file()
              for name in entry_point_plugins(packaging, _read(project / packaging))]
    pending += [found for name in named
                for found in (_module_file(project, name, [*root_bases, *dirs]),) if found]
    out: dict[str, str] = {}
    # the test files declare plugins too; they are read, not flagged (not plugins themselves)
    declaring = [(test, _read(project / test)) for test in tests if test.endswith(".py")]
    while pending or declaring:
        if pending:
            rel = pending.pop(0)
            if rel in out:
                continue
            text = out[rel] = _read(project / rel)
        else:
            rel, text = declaring.pop(0)
        for name in plugins_named(text):
            found = _module_file(project, name, [*_above(rel), *root_bases])
            if found and found not in out:
                pending.append(found)
    return dict(sorted(out.items()))


def run_rewrites(plugins: Mapping[str, str]) -> list[Rewrite]:
    """Every rewrite in `plugins` (path -> text, as `loaded_plugins` gives them; pure)."""
    return [found for rel, text in sorted(plugins.items()) for found in rewrites(rel, text)]
