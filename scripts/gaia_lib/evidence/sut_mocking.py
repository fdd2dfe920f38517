"""Tests that mock the system under test: they replace the very code they claim to test.

The system under test (SUT) is the set of source files a test-automate plan targets (the
story's File List sources). A test file is checked line by line (comment lines skipped); a hit
is a finding, and the execution phase's verdict becomes REQUEST_CHANGES (`mocks_sut`). The QA
review asks the same of a story's tests (`mocked_tests`): a test that mocks the code under
test covers no AC.

Python (`mock.patch`, `mocker.patch`, `monkeypatch.setattr`, `patch.object`, `sys.modules`):
- a string target naming a SUT module itself (`patch("app.calc")`), or a name DEFINED at the
  top level of a SUT module (`patch("app.calc.add")`, `monkeypatch.setattr("app.calc.add", f)`);
- an object target that is a SUT module or a class/function imported from one, with a name
  defined there (`patch.object(calc, "add")`, `monkeypatch.setattr(Calc, "total", f)`), or
  imported from the package that holds it (`from isodate import Duration`, then
  `monkeypatch.setattr(Duration, "__eq__", f)`: the class the package hands out is the SUT's);
- a SUT module name as a `sys.modules` key (`patch.dict(sys.modules, {"app.calc": m})`);
- a plain assignment over a name defined in a SUT module (`calc.add = fake`,
  `app.calc.Calc.total = fake`): monkeypatching by hand;
- a name imported from a SUT module given a definition of the test file's own (`def
  resolve_pointer(doc, path, default): return default` in a test, `resolve_pointer = fake`):
  the checks after it call the stand-in; a name bound to real code under test is none (`add
  = staticmethod(add)` in a TestCase class, `= staticmethod(add_all)` of the same SUT,
  `classmethod(add)`, `partial(add, 1)`);
- any of these through the package that holds a SUT module, for a name that module defines
  (`monkeypatch.setattr(isodate, "parse_duration", f)`, `isodate.parse_duration = spy`,
  `patch("isodate.parse_duration")` for `isodate/isoduration.py`): the package hands the
  SUT's function out, and every test calling it through the package gets the stand-in.
- any of these for a name a SUT module imports that is the code under test too
  (`borrowed_names`, where the SUT looks it up): one another SUT module binds (`from .formats
  import Parser`, `formats.py` in the File List too), and a value of the project's own code
  (bound by an assignment, not a def or class: webcolors' `_normalization` takes
  `_HEX_COLOR_RE` from `_definitions`, so `patch.object(webcolors._normalization,
  "_HEX_COLOR_RE")` fakes the pattern `normalize_hex` validates with). A value has no side
  effect to isolate the unit from: a fake one only replaces what the code computes with.
A patch that keeps the real code is a spy, not a stand-in, and no finding: `wraps=` or
`side_effect=` the very attribute it patches (`patch.object(items.Items, "_relabel",
autospec=True, side_effect=items.Items._relabel)`, then `relabel.assert_called()`): the
original, read before the patch starts, still runs for every call, as a JS spy without a
`.mock...` does.
A stand-in that only raises (`side_effect=` an exception, `RuntimeError("boom")` or
`KeyError`, or a function of the test file whose body is one `raise`) is a fault put in the
code's way: a test owning such a patch mocks nothing unless its own code calls the patched
name itself (`calc.add(1, 2)`): jsonpatch's `broken` in `RemoveOperation._apply`'s place,
then `apply` rolling the document back, tests `apply`, which runs for real.
Patching a collaborator where the SUT looks it up (`patch("app.calc.requests")`, `requests`
being imported into app.calc, not defined there; a function or class of a project module
outside the File List, `from .http import fetch`) is the normal way to isolate the SUT and is
NOT a finding; nor is an attribute of a value the SUT module holds (`calc.logger.debug`,
`logger = logging.getLogger()`): that object's, a dependency's. A SUT module's dotted names:
its path without the suffix (`__init__` dropped), and every shorter tail of at least two
parts (`src.app.calc` -> `app.calc`), for the `src/`-layout. A call written over lines is
read whole, at its first line (`@mock.patch.object(` / `    mod, "name"` / `)`); a module
name beside `sys.modules` only on one line (a statement over lines may be a string of code).
Each finding says whether it puts a mock object in the name's place (`mock_object`: a patch
with no value of the test's, `new=Mock()`, `autospec=True`, `= MagicMock()`): setting a
constant of the SUT to a value is configuration (`mocked_tests`), a mock in its place is not.
A constant is a name in capitals (`RATE`), or a setting: a name the SUT module binds to a
literal alone (`format_string = "{value} {unit}"`, `format_plural = False`: `Sut.settings`),
which its code reads and holds no code of its own to fake.

JavaScript / TypeScript (jest, vitest):
- `jest.mock(spec)` / `vi.mock(spec)` (and `doMock`; vitest's `vi.mock(import(spec))` too)
  whose spec resolves to a SUT file
  (relative to the test file, or project-relative; extensions and `/index` ignored), or
  names the project's own package (`jest.mock('ts-dedent')` in ts-dedent, its name mapped to
  its sources by the test config), or a path inside it. A factory that keeps the real module
  and fakes some of its exports (`async (orig) => ({ ...(await orig()), defu: fake })`, the
  original from `importOriginal()`, `vi.importActual(...)` or `jest.requireActual(...)`)
  replaces only the exports its object names: one finding per export (`src/defu.ts:defu`),
  which a test outside whose lines it stands makes its own only when the test's code uses
  that export (`uses`: what the file imports it as, or its own name through a namespace);
  its tests of the other exports test the real code. Such a factory naming no export
  replaces nothing; one that spreads more than one object may replace any export, as does
  every other factory;
- the same mock of a barrel that hands out the code under test (`barrels`: `vi.mock("../src")`
  where `src/index.ts` has `export { parse as parseCookie } from "./cookie/parse.ts"`):
  it replaces each export the barrel hands out of it, or those its factory fakes when it
  keeps the real module; one finding per export (`src/cookie/parse.ts:parse`), a test's
  when its code uses that export (`uses`), under the barrel's name or its own. Its other
  exports are other code;
- `jest.spyOn(x, "name")` / `vi.spyOn(...)` followed by a `.mock...` replacement on the same
  line, where `x` was imported from a SUT file (a spy that keeps the real code is not a mock);
- a name imported from a SUT file declared again, or assigned, by the test file (`const
  parse = () => ({ foo: "1" })`, `function parse() {}` in a test).
Shell (bats): a test file that defines a function one of the SUT's shell sources (`.bash`,
`.sh`) defines (`assert_line() { return 0; }`, `function assert_line {`) replaces it. A shell
script run as a command (a shell shebang, no such suffix: rbenv's
`libexec/rbenv-version-file-read`) is replaced by a function of its name
(`rbenv-version-file-read() { echo 1.9.3; }`: the test's `run` calls it), by a file written at
a path ending in its name (`> "${RBENV_ROOT}/shims/rbenv-version-file-read"`, a fake
executable on PATH), and by a function of its own (`find_local_version_file() {`) that the
test file also calls itself; defined and not called, the script's own, in its own process,
runs.
Other languages have no module patching of this kind (Go, Java and the rest replace
collaborators by injection), so they yield no finding.
"""

from __future__ import annotations

import ast
import io
import json
import posixpath
import re
import tokenize
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from gaia_lib.core import pyast, reads
from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.core.pyast import module_names
from gaia_lib.evidence import js_imports, testcases, then_literals
from gaia_lib.evidence.testcases import TestCase

PY_SUFFIXES = (".py",)
SHELL_SUFFIXES = (".bash", ".sh")
TEST_SHELL_SUFFIXES = (".bats",)
# A shell function definition: `name() {`, `function name {`, `function name() {`.
_SHELL_FUNCTION = lazy_re(rf"^\s*{testcases.SHELL_FUNCTION_HEAD}\s*\{{?", re.M)
JS_SUFFIXES = (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts")
SUT_SUFFIXES = PY_SUFFIXES + JS_SUFFIXES + SHELL_SUFFIXES  # the sources a mock can replace
READ_LIMIT = 1_000_000  # bytes of one project module read for what it binds

_COMMENT = re.compile(r"^\s*(?:#|//|/\*|\*)")
_PY_STRING_TARGET = re.compile(r"\b(?:patch|setattr)\(\s*(['\"])([\w.]+)\1")
_PY_OBJECT_TARGET = re.compile(r"\b(?:patch\.object|setattr)\(\s*([\w.]+)\s*,\s*(['\"])(\w+)\2")
_PY_SYS_MODULES = re.compile(r"sys\.modules")
_PY_ASSIGN = re.compile(r"^\s*([\w.]+)\.(\w+)\s*=(?!=)")
_PY_QUOTED = lazy_re(r"(['\"])([\w.]+)\1")
# A name given its own definition: `def resolve_pointer(...):`, `parse = lambda s: {}`.
_PY_REDEFINED = re.compile(r"^\s*(?:(?:async\s+)?def\s+(\w+)\s*\(|(\w+)\s*(?::[^=\n]+)?=(?!=))")
_JS_REDEFINED = lazy_re(r"^\s*(?:(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=\n]+)?"
                        r"=(?![=>])|(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(|"
                        r"([A-Za-z_$][\w$]*)\s*=(?![=>]))")
_PY_IMPORT = re.compile(r"^\s*import\s+([\w.]+)(?:\s+as\s+(\w+))?\s*$")
_PY_FROM = re.compile(r"^\s*from\s+(\.*[\w.]*)\s+import\s+\(?([\w\s,]+?)\)?\s*$")
_JS_MODULE_MOCK = lazy_re(r"\b(?:jest|vi)\.(?:doMock|mock)\(\s*(?:import\(\s*)?"
                          r"(['\"`])([^'\"`]+)\1")
_JS_SPY = lazy_re(r"\b(?:jest|vi)\.spyOn\(\s*(\w+)\s*,\s*(['\"`])(\w+)\2\s*\)\s*\.mock\w*")


@dataclass(frozen=True)
class Finding:
    file: str
    line: int
    target: str  # what the test replaces: `app.calc.add`, `src/calc.ts`
    pattern: str  # the construct: `patch`, `patch.object`, `sys.modules`, `jest.mock`, ...
    # a partial module mock's: the names a test's code must use for the mock to be its
    # (module rules); (): every test's of its file
    uses: tuple[str, ...] = ()
    # a mock object put in the name's place (`patch.object(m, "RATE")`, `= Mock()`), not a
    # value of the test's: never configuration
    mock_object: bool = False
    # the stand-in only raises (`side_effect=RuntimeError("boom")`, a def whose body is a
    # `raise`): a fault put in the code's way, not a fake result (module rules)
    stand_in_raises: bool = False

    def as_json(self) -> dict[str, object]:
        return {"file": self.file, "line": self.line, "target": self.target,
                "pattern": self.pattern}


@dataclass(frozen=True)
class Sut:
    """One source file under test: its project-relative path and top-level names."""

    path: str
    names: frozenset[str]  # defined at its top level (Python), its functions (shell)
    command: str = ""  # a shell script run as a command (no .sh/.bash): its name
    # Python: the names it binds to a value alone (`logger = getLogger()`, a table, a regex),
    # its own or borrowed; and the names it imports that are the code under test too
    # (`borrowed`, module rules)
    values: frozenset[str] = frozenset()
    borrowed: frozenset[str] = frozenset()
    # Python: the names it binds to a literal alone (`format_string = "{value} {unit}"`)
    settings: frozenset[str] = frozenset()

    @property
    def own(self) -> frozenset[str]:
        """The names whose replacement, looked up in this module, replaces the code under
        test."""
        return self.names | self.borrowed

    def owns(self, inner: str) -> bool:
        """Is the dotted path `inner` inside this module (`add`, `Calc.total`) code under
        test? A path through a value the module holds (`logger.debug`) is that object's: a
        dependency's."""
        head, _, rest = inner.partition(".")
        return head in self.own and not (rest and head in self.values)


def top_level_names(tree: ast.Module, *, imported: bool = False) -> frozenset[str]:
    """Top-level functions, classes and assigned names of a parsed module (pure); with
    `imported`, also the names its top-level imports bind (what `from m import x` reaches)."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
        elif imported and isinstance(node, ast.Import | ast.ImportFrom):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return frozenset(names)


def python_names(source: str) -> frozenset[str]:
    """Top-level functions, classes and assigned names of a Python module (pure)."""
    try:
        return top_level_names(ast.parse(source))
    except (SyntaxError, ValueError):
        return frozenset()


def _bindings(tree: ast.Module) -> dict[str, ast.stmt]:
    """Each top-level name of a module with the statement that binds it last: a def or
    class, an assignment, an import."""
    bound: dict[str, ast.stmt] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound[node.name] = node
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            bound.update((t.id, node) for t in targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.Import | ast.ImportFrom):
            bound.update(((a.asname or a.name).split(".")[0], node) for a in node.names)
    return bound


def _parse(text: str) -> ast.Module | None:
    try:
        return pyast.module(text)
    except (SyntaxError, ValueError, RecursionError):
        return None


def _module_files(path: str, node: ast.ImportFrom) -> tuple[str, ...]:
    """The project files a `from ... import` of the module at `path` may name (pure): a
    relative import from its package, an absolute one from each root its dotted names
    give it (`src/pkg/mod.py` is `pkg.mod` under `src/`, and `src.pkg.mod` under the root)."""
    parts = [p for p in (node.module or "").split(".") if p]
    if node.level:
        package = list(PurePosixPath(path).parent.parts)
        if node.level - 1 > len(package):
            return ()
        bases = [package[:len(package) - (node.level - 1)]]
    else:
        stem = posixpath.splitext(path)[0].split("/")
        depth = len(stem) - (stem[-1] == "__init__")
        bases = [stem[:depth - len(name.split("."))] for name in module_names(path)]
    out = []
    for base in bases:
        joined = "/".join([*base, *parts])
        out += [f"{joined}.py", f"{joined}/__init__.py"] if parts else [f"{joined}/__init__.py"
                                                                        if joined else ""]
    return tuple(dict.fromkeys(p.lstrip("/") for p in out if p))


def borrowed_names(path: str, text: str, modules: Mapping[str, str],
                   sut_paths: Iterable[str] = ()) -> tuple[frozenset[str], frozenset[str]]:
    """(names, values): what the Python module `path` imports that is the code under test
    too (pure; module rules): a name another SUT module (`sut_paths`) binds, and a value
    (bound by assignment, not a def or class) of the project's own code; followed through
    the project modules that import it in turn. `modules`: project-relative path -> text of
    the project's modules the imports may name (`project_modules`)."""
    tree = _parse(text)
    if tree is None:
        return frozenset(), frozenset()
    under_test = set(sut_paths)
    names: set[str] = set()
    values: set[str] = set()
    for node in tree.body:
        if not isinstance(node, ast.ImportFrom):
            continue
        for alias in node.names:
            kind = _kind_of(path, node, alias.name, modules, under_test, 0)
            if kind is not None:
                names.add(alias.asname or alias.name)
                if kind == "value":
                    values.add(alias.asname or alias.name)
    return frozenset(names), frozenset(values)


def _kind_of(path: str, node: ast.ImportFrom, name: str, modules: Mapping[str, str],
             under_test: AbstractSet[str], depth: int) -> str | None:
    """"value" or "code" when the name a `from` import takes is the code under test (module
    rules), else None."""
    source = next((f for f in _module_files(path, node) if f in modules), None)
    tree = _parse(modules[source]) if source is not None else None
    if source is None or tree is None or depth > 3:
        return None
    binding = _bindings(tree).get(name)
    if isinstance(binding, ast.ImportFrom):  # handed on: where it comes from decides
        original = next((a.name for a in binding.names if (a.asname or a.name) == name), name)
        return _kind_of(source, binding, original, modules, under_test, depth + 1)
    if isinstance(binding, ast.Assign | ast.AnnAssign):
        return "value"
    if binding is not None and source in under_test:
        return "code"
    return None


def project_modules(project: Path, sources: Mapping[str, str] | Iterable[tuple[str, str]]
                    ) -> dict[str, str]:
    """The project's Python modules the Python `sources` import from (`from ... import`),
    and those these import from in turn (three steps at most), by project-relative path,
    with their texts: what `borrowed_names` reads. Reads files."""
    pairs = dict(sources.items() if isinstance(sources, Mapping) else sources)
    out: dict[str, str] = {}
    pending = [(path, text, 0) for path, text in pairs.items() if path.endswith(PY_SUFFIXES)]
    while pending:
        path, text, depth = pending.pop()
        tree = _parse(text) if depth <= 3 else None
        for node in tree.body if tree is not None else ():
            if not isinstance(node, ast.ImportFrom):
                continue
            for candidate in _module_files(path, node):
                if candidate in out or candidate in pairs:
                    continue
                read = reads.head_text(project / candidate, READ_LIMIT) \
                    if (project / candidate).is_file() else None
                if read is not None:
                    out[candidate] = read
                    pending.append((candidate, read, depth + 1))
    return out


def _values(tree: ast.Module) -> frozenset[str]:
    """The top-level names a module binds to a value alone (an assignment, no def or
    class of that name)."""
    return frozenset(name for name, node in _bindings(tree).items()
                     if isinstance(node, ast.Assign | ast.AnnAssign))


def _settings(tree: ast.Module) -> frozenset[str]:
    """The top-level names a module binds last to a literal alone: a string, a number, a
    bool or None (`format_plural = False`, `timeout = -1`)."""
    def literal(node: ast.expr | None) -> bool:
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            node = node.operand
        return isinstance(node, ast.Constant) and not isinstance(node.value, bytes) \
            and node.value is not Ellipsis
    return frozenset(name for name, node in _bindings(tree).items()
                     if isinstance(node, ast.Assign | ast.AnnAssign) and literal(node.value))


def _strip_js(path: str) -> str:
    stem = path
    for suffix in JS_SUFFIXES:
        if stem.endswith(suffix):
            stem = stem[: -len(suffix)]
            break
    return stem[: -len("/index")] if stem.endswith("/index") else stem


def _js_resolves(spec: str, test_file: str, sut_path: str) -> bool:
    if spec.startswith("."):
        joined = posixpath.normpath(posixpath.join(posixpath.dirname(test_file), spec))
    else:
        joined = posixpath.normpath(spec.lstrip("/"))
    return _strip_js(joined) == _strip_js(sut_path)


def _py_module_of(target: str, suts: Sequence[Sut]) -> tuple[Sut, str] | None:
    """(SUT, remainder) when `target` is a SUT module or something inside one: the module
    with the longest name that holds it (`pkg.mod.f` is in `pkg.mod`, not in the package
    `pkg` when both are under test)."""
    found: tuple[Sut, str] | None = None
    longest = -1
    for sut in suts:
        for name in module_names(sut.path):
            if len(name) > longest and (target == name or target.startswith(name + ".")):
                found, longest = (sut, target[len(name) + 1:]), len(name)
    return found


def _absolute(module: str, file: str) -> str:
    """A `from` import's module as an absolute name: a relative one (`.`, `.mod`, `..pkg`)
    from the package `file` sits in (`iso8601/test_x.py`: `from . import iso8601` is
    `iso8601.iso8601`)."""
    dots = len(module) - len(module.lstrip("."))
    if not dots:
        return module
    package = list(PurePosixPath(file).parent.parts)
    base = package[:len(package) - (dots - 1)] if dots - 1 <= len(package) else []
    return ".".join([*base, *filter(None, module[dots:].split("."))])


def _py_statements(lines: Sequence[str]) -> list[str]:
    """Python `lines` with a statement continued over lines read as one line: after a `\\`
    at a line's end, or inside an import's parentheses (`from m import (a,` / `b)`)."""
    out: list[str] = []
    pending = ""
    for line in lines:
        pending = f"{pending} {line.strip()}" if pending else line
        if pending.rstrip().endswith("\\"):
            pending = pending.rstrip()[:-1]
            continue
        if re.match(r"\s*from\s.*\bimport\s*\([^)]*$", pending):
            continue
        out.append(pending)
        pending = ""
    return [*out, pending] if pending else out


def _py_aliases(lines: Sequence[str], suts: Sequence[Sut], file: str = "",
                handed: bool = True) -> dict[str, tuple[Sut, str]]:
    """Local name -> (SUT, name inside it; "" for the module itself), from the imports (a
    relative one read from `file`'s package; one written over lines too); with `handed`,
    a name imported from the package that hands it out too (`_handed_out`)."""
    aliases: dict[str, tuple[Sut, str]] = {}
    for line in _py_statements(lines):
        match = _PY_IMPORT.match(line)
        if match:
            found = _py_module_of(match.group(1), suts)
            if found is not None and not found[1]:
                aliases[match.group(2) or match.group(1)] = found
            continue
        match = _PY_FROM.match(line)
        if not match:
            continue
        for item in match.group(2).split(","):
            bits = item.split()
            if not bits:
                continue
            imported, local = bits[0], bits[-1]
            module = _absolute(match.group(1), file)
            found = _py_module_of(f"{module}.{imported}" if module else imported, suts) or (
                _handed_out(module, imported, suts) if module and handed else None)
            if found is not None:
                aliases[local] = found
    return aliases


def _handed_out(package: str, name: str, suts: Sequence[Sut]) -> tuple[Sut, str] | None:
    """(SUT, `name`) where a SUT module inside `package` defines `name`, which the package
    hands out (`from isodate import Duration` for `isodate/duration.py`'s class)."""
    return next(((sut, name) for sut in suts if name in sut.names and any(
        module.startswith(package + ".") for module in module_names(sut.path))), None)


def _reexported(package: str, attr: str, suts: Sequence[Sut]) -> bool:
    """Is `attr` a name a SUT module inside `package` defines, which the package hands out
    (`isodate.parse_duration` for `isodate/isoduration.py`'s `parse_duration`)? Setting it
    on the package replaces it for every test calling it through the package."""
    return any(name.startswith(package + ".") and attr in sut.names
               for sut in suts for name in module_names(sut.path))


def _through_package(dotted: str, suts: Sequence[Sut]) -> bool:
    """Is `dotted` inside a class or function a SUT module defines, reached through the
    package that hands it out (`tenacity.wait_fixed.__call__` for `tenacity/wait.py`'s
    `wait_fixed`)? Replacing it there replaces it for every test."""
    parts = dotted.split(".")
    for cut in range(1, len(parts) - 1):
        handed = _handed_out(".".join(parts[:cut]), parts[cut], suts)
        if handed is not None:
            return handed[0].owns(".".join(parts[cut:]))
    return False


def _replaces(obj: str, attr: str, aliases: Mapping[str, tuple[Sut, str]],
              suts: Sequence[Sut], modules: Mapping[str, str] | None = None) -> bool:
    """Does setting `obj.attr` replace code defined in a SUT module? `modules`: the test
    file's plain imports, local name -> module (`import isodate as iso`)."""
    head = obj.split(".", maxsplit=1)[0]
    owner = aliases.get(obj) or _py_module_of(obj, suts)
    if owner is None and head in aliases:  # `calc.Calc.total`: through an imported alias
        sut, inner = aliases[head]
        owner = sut, ".".join(p for p in (inner, *obj.split(".")[1:]) if p)
    if owner is None:
        plain = (modules or {}).get(head, head) + obj[len(head):]  # `import app as a`
        return _reexported(plain, attr, suts) or _through_package(f"{plain}.{attr}", suts)
    sut, inner = owner
    return sut.owns(f"{inner}.{attr}" if inner else attr)


def _logical_lines(lines: Sequence[str]) -> list[tuple[int, str]]:
    """(first line's number, text) of each line of a Python file, a statement written over
    lines read as one at its first line (`@mock.patch.object(` / `    mod, "name"` / `)`),
    its whole-line comments left out. Lines that do not tokenize are read as they are."""
    spans: list[tuple[int, int]] = []
    try:
        start = None
        for token in tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline):
            if token.type in {tokenize.COMMENT, tokenize.NL, tokenize.INDENT,
                              tokenize.DEDENT, tokenize.ENDMARKER}:
                continue
            if token.type == tokenize.NEWLINE:
                if start is not None and token.start[0] > start:
                    spans.append((start, token.start[0]))
                start = None
            elif start is None:
                start = token.start[0]
    except (tokenize.TokenError, SyntaxError):
        spans = []
    out: list[tuple[int, str]] = []
    joined = {first: last for first, last in spans}
    number = 1
    while number <= len(lines):
        last = joined.get(number, number)
        parts = [lines[number - 1], *(line.strip() for line in lines[number:last]
                                     if not _COMMENT.match(line))]
        out.append((number, " ".join(parts)))
        number = last + 1
    return out


_MOCK_CALL = lazy_re(r"(?:\w*Mock|create_autospec|DEFAULT)$")


def _is_mock(node: ast.expr | None) -> bool:
    """A mock object: `Mock(...)`, `MagicMock()`, `mocker.AsyncMock()`,
    `create_autospec(...)`, `mock.DEFAULT` (patch's default: a MagicMock)."""
    if isinstance(node, ast.Call):
        node = node.func
    name = node.attr if isinstance(node, ast.Attribute) else (
        node.id if isinstance(node, ast.Name) else "")
    return bool(_MOCK_CALL.match(name))


_MOCK_KEYWORDS = frozenset({"new_callable", "autospec", "spec", "spec_set",
                            "return_value", "side_effect"})


def _patch_call(line: str, at: int) -> ast.Call | None:
    """The patch or setattr call starting at `at` in `line`; None where it does not parse."""
    opening = line.find("(", at)
    try:
        call = ast.parse(line[at:then_literals.closing(line, opening)].strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return None
    return call if isinstance(call, ast.Call) else None


def _raising_defs(text: str) -> frozenset[str]:
    """The functions a Python file defines, at any depth, whose body (a docstring aside) is
    one `raise` statement (`def broken(self, obj, journal): raise RuntimeError('boom')`)."""
    try:
        tree = pyast.module(text)
    except (SyntaxError, ValueError, RecursionError):
        return frozenset()
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            body = [b for b in node.body if not (isinstance(b, ast.Expr)
                                                 and isinstance(b.value, ast.Constant))]
            if len(body) == 1 and isinstance(body[0], ast.Raise):
                found.add(node.name)
    return frozenset(found)


_EXCEPTION_NAME = lazy_re(r"\w*(?:Error|Exception)")


def _raises_only(line: str, at: int, pattern: str, raising: frozenset[str]) -> bool:
    """Does the patch or setattr call starting at `at` in `line` put in a stand-in that only
    raises: `side_effect=` an exception (`RuntimeError("boom")`, `KeyError`), or a value that
    names a function of `raising` (module rules)? A call that does not parse: no."""
    call = _patch_call(line, at)
    if call is None:
        return False
    new = _replacement(call, pattern)
    if isinstance(new, ast.Name) and new.id in raising:
        return True
    effect = next((k.value for k in call.keywords if k.arg == "side_effect"), None)
    if isinstance(effect, ast.Call):
        effect = effect.func
    name = pyast.callee_name(effect) if effect is not None else ""
    return new is None and (bool(_EXCEPTION_NAME.fullmatch(name)) or name in raising)


def _puts_a_mock(line: str, at: int, pattern: str) -> bool:
    """Does the patch or setattr call starting at `at` in `line` put a mock object in place
    (`patch("m.f")`, `patch.object(m, "f")`: a MagicMock; `new=Mock()`; `autospec=True`),
    rather than a value of the test's? A call that does not parse: no."""
    call = _patch_call(line, at)
    if call is None:
        return False
    new = _replacement(call, pattern)
    if pattern in {"patch", "patch.object"} and (new is None or not _MOCK_KEYWORDS.isdisjoint(
            k.arg for k in call.keywords if k.arg)):
        return True
    return _is_mock(new)


def _replacement(call: ast.Call, pattern: str) -> ast.expr | None:
    """What a patch or setattr call puts in place: its argument after the target (`new`),
    None where it gives none (a patch then makes a MagicMock)."""
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    position = {"patch": 1, "patch.object": 2, "setattr": 2, "monkeypatch.setattr": 1}[pattern]
    return call.args[position] if len(call.args) > position else keywords.get(
        "new", keywords.get("value"))


def _spies(line: str, at: int, attr: str) -> bool:
    """Does the patch call starting at `at` in `line` keep the real code: `wraps=` or
    `side_effect=` a name or attribute ending in `attr`, the one it patches (module rules)? A
    call that does not parse: no."""
    call = _patch_call(line, at)
    return any(keyword.arg in ("wraps", "side_effect") and pyast.callee_name(keyword.value) == attr
               for keyword in (call.keywords if call is not None else ()))


def _binds_real_code(line: str, imported: Mapping[str, tuple[Sut, str]]) -> bool:
    """Is the assignment `line` a binding of real code under test: a function or class
    imported from a SUT module (`imported`), itself or through `staticmethod` /
    `classmethod` (a method of a class) or `functools.partial` (some of its arguments set)?
    Unidecode's TestCase classes share their tests through `unidecode =
    staticmethod(unidecode)` and `unidecode = staticmethod(unidecode_expect_ascii)`, called
    as `self.unidecode`: the code under test, under another name, is no stand-in."""
    try:
        statement = ast.parse(line.strip()).body[0]
    except (SyntaxError, ValueError, RecursionError, IndexError):
        return False
    value = statement.value if isinstance(statement, (ast.Assign, ast.AnnAssign)) else None
    if isinstance(value, ast.Call) and value.args:
        func = value.func
        wrapper = func.attr if isinstance(func, ast.Attribute) else (
            func.id if isinstance(func, ast.Name) else "")
        method = wrapper in ("staticmethod", "classmethod") and len(value.args) == 1 \
            and not value.keywords
        value = value.args[0] if method or wrapper == "partial" else None
    return isinstance(value, ast.Name) and bool(imported.get(value.id, (None, ""))[1])


def _assigned_mock(line: str) -> bool:
    """Is the value of the assignment `line` a mock object (`calc.RATE = Mock()`)?"""
    try:
        value = ast.parse(line.strip()).body[0]
    except (SyntaxError, ValueError, RecursionError, IndexError):
        return False
    return isinstance(value, ast.Assign) and _is_mock(value.value)


def _python(file: str, lines: Sequence[str], suts: Sequence[Sut]) -> list[Finding]:
    aliases = _py_aliases(lines, suts, file)
    # a def of a name the package hands out is no stand-in read so: marshmallow's schema
    # methods are named after the decorators it imports (`def post_load(self, ...)`)
    imported = _py_aliases(lines, suts, file, handed=False)
    modules = {m.group(2) or m.group(1): m.group(1)
               for m in map(_PY_IMPORT.match, _py_statements(lines)) if m is not None}
    found = []
    raising = _raising_defs("\n".join(lines))
    for number, line in _logical_lines(lines):
        if _COMMENT.match(line):
            continue
        for match in _PY_STRING_TARGET.finditer(line):
            target = match.group(2)
            inside = _py_module_of(target, suts)
            package, _, attr = target.rpartition(".")
            if ((inside is not None and (not inside[1] or inside[0].owns(inside[1]))) or (
                    inside is None and package and (_reexported(package, attr, suts)
                                                    or _through_package(target, suts)))) \
                    and not _spies(line, match.start(), attr):
                pattern = "monkeypatch.setattr" if "setattr" in match.group(0) else "patch"
                found.append(Finding(file, number, target, pattern,
                                     mock_object=_puts_a_mock(line, match.start(), pattern)))
        for match in _PY_OBJECT_TARGET.finditer(line):
            obj, attr = match.group(1), match.group(3)
            if _replaces(obj, attr, aliases, suts, modules) and not _spies(
                    line, match.start(), attr):
                pattern = "patch.object" if "patch.object" in match.group(0) else "setattr"
                found.append(Finding(file, number, f"{obj}.{attr}", pattern,
                                     mock_object=_puts_a_mock(line, match.start(), pattern),
                                     stand_in_raises=_raises_only(
                                         line, match.start(), pattern, raising)))
        assigned = _PY_ASSIGN.match(line)
        if assigned and _replaces(assigned.group(1), assigned.group(2), aliases, suts, modules):
            found.append(Finding(file, number, f"{assigned.group(1)}.{assigned.group(2)}",
                                 "assignment", mock_object=_assigned_mock(line)))
        redefined = _PY_REDEFINED.match(line)
        name = (redefined.group(1) or redefined.group(2)) if redefined else None
        if redefined and name in imported and imported[name][1] \
                and not (redefined.group(2) and _binds_real_code(line, imported)):
            # the imported function's name given a definition of the test's: its stand-in
            found.append(Finding(file, number, name, "local def" if redefined.group(1)
                                 else "local assignment"))
    # a module name beside `sys.modules` on its own line (a statement over lines may be a
    # string holding code that names both)
    for number, line in enumerate(lines, start=1):
        if _PY_SYS_MODULES.search(line) and not _COMMENT.match(line):
            for match in _PY_QUOTED.finditer(line):
                inside = _py_module_of(match.group(2), suts)
                if inside is not None and not inside[1]:
                    found.append(Finding(file, number, match.group(2), "sys.modules"))
    return sorted(found, key=lambda f: f.line)


def _js_imports(text: str, test_file: str, suts: Sequence[Sut]) -> dict[str, str]:
    """Local name -> SUT path, for bindings imported or required from a SUT file."""
    bound: dict[str, str] = {}
    for statement in js_imports.imports(text):
        for sut in suts:
            if _js_resolves(statement.spec, test_file, sut.path):
                bound.update(dict.fromkeys(statement.bound, sut.path))
    return bound


# Where a module mock's factory takes the real module: vitest's `importOriginal` (or
# `vi.importActual`), jest's `requireActual`.
_ORIGINAL = lazy_re(r"\b(?:vi\.importActual|(?:jest\.)?requireActual|importOriginal)\s*[<(]")
# The parameter a factory is handed the original's importer in: `async (orig) =>` (after a
# spec, or after vitest's `import(spec)`).
_FACTORY_PARAMETER = lazy_re(r"^\s*\)?\s*,\s*(?:async\s*)?(?:\(\s*([A-Za-z_$][\w$]*)|"
                             r"([A-Za-z_$][\w$]*)\s*=>)")
_KEY = lazy_re(r"\s*(?:async\s+|get\s+|set\s+)?\*?\s*(?:(['\"])([^'\"]+)\1|([A-Za-z_$][\w$]*))")


def _entries(inner: str) -> list[str]:
    """An object literal's entries: its text between braces, split at its own commas."""
    entries, depth, last = [], 0, 0
    for at, ch in enumerate(inner):
        depth += (ch in "([{") - (ch in ")]}")
        if ch == "," and depth == 0:
            entries.append(inner[last:at])
            last = at + 1
    return [e for e in [*entries, inner[last:]] if e.strip()]


def _faked_exports(arguments: str) -> tuple[str, ...] | None:
    """The exports a module mock's factory fakes when it keeps the real module (module
    rules), from the text after the mock's spec to its call's end; None when it may replace
    any of them."""
    parameter = _FACTORY_PARAMETER.match(arguments)
    importer = parameter and (parameter.group(1) or parameter.group(2))
    if not _ORIGINAL.search(arguments) and not (
            importer and re.search(rf"(?<![\w$.]){re.escape(importer)}\s*[<(]", arguments)):
        return None
    for opening in (at for at, ch in enumerate(arguments) if ch == "{"):
        entries = _entries(arguments[opening + 1:then_literals.closing(arguments, opening) - 1])
        spread = [e for e in entries if e.strip().startswith("...")]
        if spread:  # the first object spreading one is the module's (the outermost)
            if len(spread) > 1:
                return None
            keys = [_KEY.match(e) for e in entries if e not in spread]
            return tuple(dict.fromkeys(m.group(2) or m.group(3) for m in keys if m))
    return None


def _local_names(statements: Iterable[js_imports.Import], export: str) -> tuple[str, ...]:
    """What a test file calls a module's `export`: its own name (through a namespace, `m.x`)
    and every name the file imports it under (`x as y`, the default import)."""
    return tuple(dict.fromkeys([export, *(local for statement in statements
                                          for imported, local in statement.named
                                          if imported == export)]))


# barrel path -> exported name -> (source of the code under test, its name there; "" the
# whole module): `barrels.Handed` per barrel
Barrels = Mapping[str, Mapping[str, tuple[str, str]]]


def _through_barrel(file: str, number: int, kind: str, handed: Mapping[str, tuple[str, str]],
                    faked: tuple[str, ...] | None,
                    statements: Sequence[js_imports.Import]) -> list[Finding]:
    """What a mock of a barrel replaces of the code under test (module rules)."""
    return [Finding(file, number, ":".join(filter(None, handed[export])), kind,
                    _local_names(statements, export))
            for export in (handed if faked is None else faked) if export in handed]


def _javascript(file: str, text: str, suts: Sequence[Sut], package: str | None = None,
                barrels: Barrels | None = None) -> list[Finding]:
    bound = _js_imports(text, file, suts)
    statements = js_imports.imports(text)
    imported_at = {statement.line for statement in statements}
    lines = text.splitlines(keepends=True)
    found = []
    offset = 0
    for number, line in enumerate(lines, start=1):
        at, offset = offset, offset + len(line)
        if _COMMENT.match(line):
            continue
        for match in _JS_MODULE_MOCK.finditer(line):
            spec, kind = match.group(2), match.group(0).split("(")[0]
            mocked = [spec] if package and suts and (
                spec == package or spec.startswith(package + "/")) else [
                sut.path for sut in suts if _js_resolves(spec, file, sut.path)]
            barrel = None if mocked else next(
                (path for path in sorted(barrels or {}) if _js_resolves(spec, file, path)), None)
            if not mocked and barrel is None:
                continue
            opening = at + match.start() + len(kind)
            faked = _faked_exports(text[at + match.end():then_literals.closing(text, opening)])
            if barrel is not None:
                found += _through_barrel(file, number, kind, (barrels or {})[barrel], faked, [
                    s for s in statements if s.spec == spec
                    or _js_resolves(s.spec, file, barrel)])
                continue
            imported = [s for s in statements if s.spec == spec
                        or any(_js_resolves(s.spec, file, path) for path in mocked)]
            for target in mocked:
                if faked is None:
                    found.append(Finding(file, number, target, kind))
                found += [Finding(file, number, f"{target}:{export}", kind,
                                  _local_names(imported, export)) for export in faked or ()]
        redefined = _JS_REDEFINED.match(line)
        name = next(filter(None, redefined.groups()), "") if redefined else ""
        if redefined and name in bound and number not in imported_at \
                and not re.search(r"\b(?:require|import)\s*\(", line):
            # the imported name given a value of the test's own: its stand-in
            found.append(Finding(file, number, f"{bound[name]}:{name}",
                                 "local function" if redefined.group(2) else "local binding"))
        for match in _JS_SPY.finditer(line):
            if match.group(1) in bound:
                found.append(Finding(file, number, f"{bound[match.group(1)]}:{match.group(3)}",
                                     match.group(0).split("(")[0]))
    return found


def check(file: str, text: str, suts: Sequence[Sut], package: str | None = None,
          barrels: Barrels | None = None) -> list[Finding]:
    """Every place the test file `file` (project-relative) mocks one of `suts` (pure);
    `package`: the project's own npm package name, when it has one; `barrels`: what the
    project's barrels hand out of `suts` (`barrels.barrels`)."""
    lines = text.splitlines()
    if file.endswith(PY_SUFFIXES):
        return _python(file, lines, [s for s in suts if s.path.endswith(PY_SUFFIXES)])
    if file.endswith(JS_SUFFIXES):
        return _javascript(file, text, [s for s in suts if s.path.endswith(JS_SUFFIXES)],
                           package, barrels)
    if file.endswith(TEST_SHELL_SUFFIXES):
        return _shell(file, lines, [s for s in suts
                                    if s.path.endswith(SHELL_SUFFIXES) or s.command])
    return []


def shell_functions(text: str) -> frozenset[str]:
    """The functions a shell source defines (its comment lines aside)."""
    code = "\n".join(line for line in text.splitlines() if not _COMMENT.match(line))
    return frozenset(a or b for a, b in _SHELL_FUNCTION.findall(code))


# A file written at a path ending in a name: `> "${RBENV_ROOT}/shims/rbenv-local"`.
_WRITTEN_TO = lazy_re(r">>?\s*[\"']?(?:[^\s\"'<>|;&]*/)?([\w.-]+)[\"']?(?=\s|;|$)")
_SHELL_WORD = lazy_re(r"(?<![\w./$-])([\w:.-]+)(?![\w-])")


def _shell(file: str, lines: list[str], suts: Sequence[Sut]) -> list[Finding]:
    code = [(number, line) for number, line in enumerate(lines, start=1)
            if not _COMMENT.match(line)]
    defined = {number for number, line in code if _SHELL_FUNCTION.search(line)}
    # the words of its lines that define no function: what the tests run
    used = {word for number, line in code if number not in defined
            for word in _SHELL_WORD.findall(line)}
    found = []
    for number, line in code:
        for match in _SHELL_FUNCTION.finditer(line):
            name = match.group(1) or match.group(2)
            for sut in suts:
                # a script's own functions live in its process: a stand-in counts only when
                # the test calls it itself; one of its command name stands in for the script
                if name == sut.command or (name in sut.names and (
                        not sut.command or name in used)):
                    found.append(Finding(file, number, f"{sut.path}:{name}", "redefines"))
        for match in _WRITTEN_TO.finditer(line):
            for sut in suts:
                if sut.command and match.group(1) == sut.command:
                    found.append(Finding(file, number, sut.path,
                                         "a fake executable written in place"))
    return found


_SHELL_SHEBANG = lazy_re(r"^#!\s*(?:/usr)?/bin/(?:env\s+)?(?:ba|da|k|z)?sh\b")


def is_shell_script(path: str, text: str) -> bool:
    """A shell source: a `.sh` / `.bash` file, or one with a shell shebang (`#!/usr/bin/env
    bash`, `#!/bin/sh`), such as rbenv's `libexec/rbenv-version-file-read`."""
    return path.endswith(SHELL_SUFFIXES) or bool(_SHELL_SHEBANG.match(text))


def suts_of(sources: Mapping[str, str] | Iterable[tuple[str, str]],
            modules: Mapping[str, str] | None = None) -> list[Sut]:
    """SUT records from (path, text) pairs: Python sources get their top-level names, the
    names they hold values in, and what they import that is the code under test too
    (`borrowed_names`, from `modules`: the project's modules they import from, as
    `project_modules` reads them); shell sources their functions, a script with no .sh/.bash
    suffix its command name too."""
    pairs = sorted(dict(sources.items() if isinstance(sources, Mapping) else sources).items())
    python = {path for path, _ in pairs if path.endswith(PY_SUFFIXES)}
    known = {**(modules or {}), **dict(pairs)}
    out = []
    for path, text in pairs:
        if path in python:
            tree = _parse(text)
            borrowed, values = borrowed_names(path, text, known, python)
            out.append(Sut(path, top_level_names(tree) if tree else frozenset(),
                           values=(_values(tree) if tree else frozenset()) | values,
                           borrowed=borrowed,
                           settings=_settings(tree) if tree else frozenset()))
            continue
        shell = is_shell_script(path, text)
        out.append(Sut(path, shell_functions(text) if shell else frozenset(),
                       PurePosixPath(path).name if shell and not path.endswith(SHELL_SUFFIXES)
                       else ""))
    return out


def own_package(project: Path) -> str | None:
    """The project's npm package name (package.json `name`), when it declares one."""
    try:
        data = json.loads((project / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    name = data.get("name") if isinstance(data, dict) else None
    return name if isinstance(name, str) and name else None


_CONSTANT = lazy_re(r"[A-Z][A-Z0-9_]*")


def mocked_tests(cases: Iterable[TestCase], texts: Mapping[str, str], suts: Sequence[Sut],
                 package: str | None = None, barrels: Barrels | None = None
                 ) -> dict[str, Finding]:
    """Per test id, the first place it mocks the code under test (pure): a finding inside a
    test's own lines is that test's; one outside every test (a module-level `jest.mock`, a
    decorator on a test class, a fixture) is every test's of its file. A test setting a
    constant of the code under test to a value (`tabulate.PRESERVE_WHITESPACE = True`, or a
    setting the module binds to a literal, `bitmath.format_string = "{unit} {value}"`)
    configures it and does not count: a review judges suites written without this rule in
    mind; one putting a mock object in its place (`patch.object(calc, "RATE")`) mocks it."""
    by_file: dict[str, list[TestCase]] = {}
    for case in cases:
        by_file.setdefault(case.file, []).append(case)
    mocked: dict[str, Finding] = {}
    for file, tests in sorted(by_file.items()):
        found = [f for f in check(file, texts.get(file, ""), suts, package, barrels)
                 if f.mock_object or not _constant(
                     f.target.replace(":", ".").rsplit(".", 1)[-1], suts)]
        spans = [(case, *_span(case)) for case in tests]
        for item in found:
            owners = [case for case, first, last in spans if first <= item.line <= last]
            for case in owners or [case for case in tests if not item.uses
                                   or _uses(case.body, item.uses)]:
                if not (item.stand_in_raises and owners and not _calls_attribute(
                        case.body, item.target.rsplit(".", 1)[-1], item.line - case.line)):
                    mocked.setdefault(case.test_id, item)
    return mocked


def _constant(name: str, suts: Sequence[Sut]) -> bool:
    """A name in capitals, or one every SUT module binding it binds to a literal alone."""
    if _CONSTANT.fullmatch(name):
        return True
    owners = [sut for sut in suts if name in sut.own]
    return bool(owners) and all(name in sut.settings for sut in owners)


def _calls_attribute(body: str, attr: str, patch_at: int) -> bool:
    """Does a Python test's code call `attr` itself (`calc.add(1, 2)`, `add(1, 2)`), the
    patch's own line (`patch_at`, from its first line) aside?"""
    lines = body.splitlines()
    code = "\n".join(testcases.code_lines(
        [line for at, line in enumerate(lines) if at != patch_at]))
    return re.search(rf"(?<![\w$]){re.escape(attr)}\s*\(|\.{re.escape(attr)}\s*\(",
                     code) is not None


def _uses(body: str, names: Iterable[str]) -> bool:
    """Does a JS/TS test's code (its strings and comments aside) spell one of `names`?"""
    code = "\n".join(testcases.code_lines(body.splitlines()))
    return not set(re.findall(r"[A-Za-z_$][\w$]*", code)).isdisjoint(names)


_PY_DECLARATION = re.compile(r"\s*(?:async\s+)?def\s")


_PY_LEAD = re.compile(r"\s*(?:@|(?:async\s+)?def\s)")


def _span(case: TestCase) -> tuple[int, int]:
    """The lines a test's record holds: its leading decorators and comments (a Python
    decorator written over lines too), its declaration and its body; not the module-level
    table a pytest test's record holds before them (`testcases`: it stands elsewhere in the
    file, and a mock beside another test is not this one's)."""
    lines = case.body.splitlines() or [""]
    lead = 0
    if case.file.endswith(PY_SUFFIXES):
        declaration = next((at for at, line in enumerate(lines)
                            if _PY_DECLARATION.match(line)), 0)
        start = next((at for at, line in enumerate(lines) if _PY_LEAD.match(line)), 0)
        while start > 0 and lines[start - 1].lstrip().startswith("#"):
            start -= 1
        return case.line - (declaration - start), case.line + len(lines) - 1 - declaration
    for line in lines[:-1]:
        if not line.strip().startswith(("@", "#", "//", "/*", "*")):
            break
        lead += 1
    return case.line - lead, case.line - lead + len(lines) - 1
