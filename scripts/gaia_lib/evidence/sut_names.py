"""What the code under test is called by, and whether a test's code names any of it (static).

A test that names nothing of the code under test tests some other code: it proves none of the
story's ACs, whatever its name says. Two users: the QA review, per test, where no run measured
which code each test executed (every stack but Python); test automation's execution phase, per
planned file.

Rules:
- The names, per language family (`declared`): what the sources declare (Python `def` and
  `class`; Go `func`, methods, `type`, `var`, `const`, and each name a grouped one
  declares, `const (` ... `)`, at the group's own indentation: xid's `ErrInvalidID strErr =
  "xid: invalid ID"` in a `const (` block is its code, and a test checking `err !=
  ErrInvalidID` had been said to name nothing of it; JS/TS top-level `function`, `class`,
  `const`, `let`, `var`, `enum`, exported or not), a Python module's own name and the packages
  it is in (`jmespath.search(...)` reaches `jmespath/functions.py`), a Go package's name; how
  an import names each JS/TS source (its stem, or its directory for an `index`); and for shell
  (bats) the commands the sources are (`libexec/rbenv-local` is run as `rbenv-local` or
  `rbenv local`) and the functions they define.
- A test's code names the code under test (`names_any`) when, its comments and import lines
  aside, it spells one of those names, or a name its file imports one under
  (`from app.calc import add as plus`, `import dedent from '../index'`, `const {a: b} =
  require('./m')`), or a helper its file defines that does, directly or through other such
  helpers, up to MAX_HELPER_DEPTH deep (Go's `bigComma(i)` returning `BigComma(...)`;
  Python's module functions and TestCase helper methods: Unidecode's command-line tests call
  `run(argv)`, whose `get_cmd()` runs `from unidecode.util import main; main()` in a new
  interpreter, where no run measured per test sees it).
- A JS/TS test reaches the code under test through a project module it imports that imports
  a module of it (`with_facades`): that module's names count too, and so do the test's own
  names for it. The module may reach it through other project modules it imports, up to
  MAX_FACADE_DEPTH imports deep, each resolved to its file (chrono-node's tests import
  `../../src/`, whose `index.ts` imports `./locales/en`, whose index imports
  `./configuration`, which imports the story's parsers: every `chrono.parse` runs them), and
  then only what it declares itself or the whole module (`* as chrono`, its default), not a
  name it hands on from other code (`export { isPlainObject } from "./_utils"`); the
  imported module's own imports also count by name alone (`./queryCache` is the story's
  `src/queryCache.ts`); through a barrel
  it imports that re-exports it (`barrels`: `export { parse as parseCookie } from
  "./cookie/parse.ts"`): the names the barrel hands it out under, and the test's own for
  them (`import { parseCookie as pc }`), count too; and through what its file's `beforeAll`
  / `beforeEach` hooks assign where a hook names the code under test (`app`, built from
  `AppModule` in a NestJS e2e test): a test using such a name names it, and so does one
  calling a helper of its block that uses one (js-search's `assertIdf(term, n)`, a `var
  assertIdf = function (...) {` reading the `search` its `beforeEach` builds).
- A helper, binding or hook-built name reaches only the tests that see it: a JS/TS one
  declared at the file's top level, or in a block that holds the test (its `describe`); a
  hook's assignment to an outer `let` is the block's that holds the hook. A name a test
  declares or assigns in its own body is its own, no helper of the file (`const result =
  defu(...)` in one test makes no other test's `result` a way to `defu`), and a test's own
  `const result` hides an outer one, as its own `const parse = () => ({...})` hides the code
  under test's `parse`: a fake of it (the test names the code only if the fake's code
  does). A Go function's `:=` names are its own likewise: only a package-level `var` binds a
  name for the file (the blank `_` binds none).
- A name spelled only to discard it names nothing: Go's `_ = Join` (`var _ = Join`, `_, _ =
  a, b`), JS/TS `void parse` or a bare `parse;` statement, Python a bare `parse` expression
  statement (`_discarded`). It keeps an import used and calls nothing: a test whose local
  fake holds `_ = Join` tests the fake.
- Not judged (None): a language family the sources declare nothing readable in.
- A memoised function of the code under test (`memoised`: a Python `def` under
  `functools.lru_cache`, `functools.cache` or cachetools' `cached`) runs none of its lines
  for a call its cache answers: a test that calls it again with an earlier test's arguments
  (wcwidth's `_wcmatch_version('4.1.0')`) executes no line of the story's code all the same.
  What each test executed says nothing against such a test (`names_memoised`): one whose own
  code spells such a function's name, other than as a module it reaches into (wcwidth's
  `wcwidth.__version__` names the module `wcwidth`, not its memoised function `wcwidth`) or in
  a string or comment.
- A value the code under test makes when it is imported (`import_time`: a Python top-level
  name an assignment binds, `NS_DUMB = 1 << 31`, and a top-level class whose body defines no
  function, natsort's `class ns(enum.IntEnum)` of flags and aliases) runs none of its lines
  when a test reads it: a test that calls nothing but Python's builtins and spells such a name
  (`reads_import_time`: natsort's `assert alg == value_or_alias` over a table of `(ns.FLOAT,
  ns.F)`, ...) checks those values, and what it executed says nothing against it. So does one
  reading it through its module (pytimeparse's `timeparse.MINS`, a regular expression) and
  calling, besides builtins, only unittest's assertions (`self.assertEqual(`), the standard
  library's modules (`re.match(`), methods of what those return (`.groupdict()`) and str's
  tests of a string (`name.startswith("_")`). A dunder the code binds (`__all__`,
  `__version__`) counts only read through its module (toposort's `toposort.__all__` against
  the public names of `dir(toposort)`): spelled bare it is the test module's own. A test
  calling anything else (a fake, `mocker.Mock(...)`, handed `alg=ns.IGNORECASE`) is judged by
  what it ran.
- A test that starts a new Python interpreter (`starts_python`: its code, or a helper of its
  file it calls, directly or through other such helpers, spells `sys.executable`: jsonpatch's
  command-line tests call `self.run_script(...)`, whose `run_python` hands `-c "import
  jsonpatch_cli; ..."` to `subprocess.run([sys.executable, ...])`) runs the code under test
  in that process, where no run measured per test sees it: what it executed in its own says
  nothing against it.
- Where a test names none of it, the sources beside the File List's (`beside`: its sources'
  directories, the same language families, no test file, MAX_BESIDE at most) that declare a
  name the test spells (`declaring_named`) are what it tests: a File List that left out the
  file the story changed (`src/utils.ts` declaring `joinURL`) is told which file to add.
"""

from __future__ import annotations

import ast
import builtins
import functools
import io
import keyword
import posixpath
import re
import sys
import tokenize
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from gaia_lib.core import pyast
from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.evidence import barrels, js_imports, sut_mocking, testcases, then_literals

_PY_DECLARED = lazy_re(r"^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+(\w+)", re.M)
_GO_DECLARED = lazy_re(r"^(?:func[ \t]+(?:\([^)]*\)[ \t]*)?|type[ \t]+|var[ \t]+|"
                          r"const[ \t]+)(\w+)", re.M)
_GO_PACKAGE = lazy_re(r"^package[ \t]+(\w+)", re.M)
# A grouped declaration, `const (` ... `)` (or `var`, `type`), and the names its lines declare
# at its own indentation (deeper lines continue a value: a composite literal's fields)
_GO_GROUP = lazy_re(r"^(?:const|var|type)[ \t]*\((?P<body>.*?)^\)", re.M | re.S)
_GO_GROUP_LINE = lazy_re(r"^(?P<indent>[ \t]+)(?P<names>[A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*)"
                         r"(?![\w.(:])", re.M)
_SKIPPED_LINE = {
    ".py": lazy_re(r"^\s*(?:#|from\s|import\s)"),
    ".go": lazy_re(r"^\s*(?://|/\*|\*|import\b|package\b|\)|\"[^\"]*\"\s*$|\w+\s+\"[^\"]*\"\s*$)"),
    ".sh": lazy_re(r"^\s*#"),
}
# A caching decorator, any others, then the `def` it memoises (module rules).
_PY_MEMOISED = lazy_re(r"^[ \t]*@(?:functools\.|cachetools\.)?(?:lru_cache|cache|cached)\b"
                       r"[^\n]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)", re.M)
_IMPORTED_AS = lazy_re(r"\b([\w.]+)\s+as\s+(\w+)")
_SHELL_SUFFIXES = ("", ".sh", ".bash")


@dataclass(frozen=True)
class Names:
    """Per language family (.py, .go, .js, .sh), the names the code under test is called by;
    `modules`: how an import names each JS/TS source."""

    by_family: Mapping[str, frozenset[str]]
    modules: frozenset[str] = frozenset()

    def of(self, family_name: str) -> frozenset[str]:
        return self.by_family.get(family_name, frozenset())


def family(rel: str) -> str:
    """The language family a file's names are kept under: .py, .go, .js (JS and TS), .sh
    (shell scripts and the bats tests that run them)."""
    suffix = PurePosixPath(rel).suffix
    if suffix in sut_mocking.JS_SUFFIXES:
        return ".js"
    if suffix in _SHELL_SUFFIXES or suffix == ".bats":
        return ".sh"
    return suffix


def _module_names(rel: str) -> set[str]:
    path = PurePosixPath(rel)
    return {path.stem} | ({path.parent.name} if path.stem == "index" else set())


def _spec_module(spec: str) -> str:
    """The module an import specifier names, as `_module_names` names a source: its last part
    less a JS/TS file suffix (`./queryCache.js` -> queryCache). A dotted name keeps its dots:
    NestJS's `./app.module` is no `./app.controller`."""
    name = PurePosixPath(spec).name
    suffix = PurePosixPath(name).suffix
    return name[:-len(suffix)] if suffix in _JS_SUFFIXES else name


_JS_SUFFIXES = frozenset({".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts"})


def _declaring_kind(rel: str, text: str) -> str | None:
    """The family whose names `rel` declares; None for a file that declares none (a README,
    a JSON file, a shell file that is no script)."""
    kind = family(rel)
    if kind == ".sh":
        return kind if text.startswith("#!") or PurePosixPath(rel).suffix in (".sh", ".bash") \
            else None
    return kind if kind in (".py", ".go", ".js") else None


def declaring(sources: Mapping[str, str]) -> list[str]:
    """The sources that declare names of the code under test (`declared` reads them)."""
    return [rel for rel, text in sources.items() if _declaring_kind(rel, text)]


MAX_BESIDE = 200  # files read beside the File List's sources; a bigger directory is cut
MAX_BESIDE_BYTES = 512 * 1024  # a bigger file is generated or data: not read


def beside(project: Path, sources: Mapping[str, str], is_test: Callable[[str], bool]
           ) -> dict[str, str]:
    """The readable source files in `sources`' directories, of the language families they
    declare names in, that are neither one of them nor a test file (`is_test`), by path, in
    name order."""
    chosen = set(sources)
    families = {_declaring_kind(rel, text) for rel, text in sources.items()} - {None}
    out: dict[str, str] = {}
    for folder in sorted({posixpath.dirname(rel) for rel in chosen}):
        try:
            entries = sorted((project / folder).iterdir())
        except OSError:
            continue
        for path in entries:
            rel = posixpath.join(folder, path.name) if folder else path.name
            if len(out) >= MAX_BESIDE:
                return out
            if rel in chosen or is_test(rel) or family(rel) not in families \
                    or not path.is_file() or path.stat().st_size > MAX_BESIDE_BYTES:
                continue
            try:
                text = path.read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            if _declaring_kind(rel, text):
                out[rel] = text
    return out


def each_declared(project: Path, sources: Mapping[str, str]) -> dict[str, Names]:
    """Per source, the names it declares (`declared` of it alone), without the packages it
    is in: every module of a package is in them, so a test naming `tomlkit.item` names what
    `items.py` declares, not what each of tomlkit's modules does; a package's `__init__.py`
    declares its package still."""
    return {rel: declared(project, {rel: text}, packages=False) for rel, text in sources.items()}


def declaring_named(file: str, code: str, others: Mapping[str, Names],
                    file_text: str | None = None) -> list[str]:
    """The files of `others` (`beside`, `each_declared`) declaring a name that `code`, a test
    of test file `file`, names (`names_any`): what it tests, where it names nothing of the
    story's code."""
    return [rel for rel, names in others.items() if names_any(file, code, names, file_text)]


def declared(project: Path, sources: Mapping[str, str], packages: bool = True) -> Names:
    """The names of the code under test, from its sources' texts (module rules); with
    `packages`, the packages its Python modules are in too."""
    names: dict[str, set[str]] = {".py": set(), ".go": set(), ".js": set(), ".sh": set()}
    modules: set[str] = set()
    for rel, text in sources.items():
        kind = _declaring_kind(rel, text)
        if kind == ".js":
            names[".js"].update(js_imports.declared(text))
            modules.update(_module_names(rel))
        elif kind == ".py":
            names[".py"].update(_PY_DECLARED.findall(text))
            stem = PurePosixPath(rel).stem
            names[".py"].add(PurePosixPath(rel).parent.name if stem == "__init__" else stem)
            for parent in PurePosixPath(rel).parents if packages else ():  # its packages
                if parent.name and (project / parent / "__init__.py").is_file():
                    names[".py"].add(parent.name)
        elif kind == ".go":
            names[".go"].update(_GO_DECLARED.findall(text))
            names[".go"].update(_go_grouped(text))
            names[".go"].update(_GO_PACKAGE.findall(text)[:1])
        elif kind == ".sh":
            names[".sh"].add(PurePosixPath(rel).name.removesuffix(".sh").removesuffix(".bash"))
            names[".sh"].update(sut_mocking.shell_functions(text))
    return Names({kind: frozenset(found - {"", "_"}) for kind, found in names.items()},
                 frozenset(modules))


def _go_grouped(text: str) -> set[str]:
    """The names a Go source's grouped declarations declare (module rules): each line of a
    `const (`, `var (` or `type (` block at the block's own indentation."""
    found: set[str] = set()
    for block in _GO_GROUP.finditer(text):
        lines = list(_GO_GROUP_LINE.finditer(block.group("body")))
        own = min((len(line.group("indent")) for line in lines), default=0)
        found.update(name.strip() for line in lines if len(line.group("indent")) == own
                     for name in line.group("names").split(","))
    return found


def memoised(sources: Mapping[str, str]) -> Names:
    """The Python functions of `sources` a cache answers a repeated call of (module rules)."""
    found = {name for rel, text in sources.items() if _declaring_kind(rel, text) == ".py"
             for name in _PY_MEMOISED.findall(text)}
    return Names({".py": frozenset(found)}) if found else Names({})


def _code_tokens(code: str) -> list[tokenize.TokenInfo] | None:
    """Python code's tokens but its layout and comments; None where it does not tokenize."""
    try:
        return [t for t in tokenize.generate_tokens(io.StringIO(pyast.dedent(code)).readline)
                if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT,
                                  tokenize.INDENT, tokenize.DEDENT)]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None


def names_memoised(code: str, memo: Names) -> bool:
    """Whether Python test code `code` spells a memoised function of `memo` (module rules)."""
    known = memo.of(".py")
    tokens = _code_tokens(code) if known else None
    if tokens is None:
        return False
    return any(token.type == tokenize.NAME and token.string in known
               and (i + 1 == len(tokens) or tokens[i + 1].string != ".")
               for i, token in enumerate(tokens))


# `sys.executable`, the word a test's code (or a helper's) spells to start a new interpreter
_NEW_INTERPRETER = Names({".py": frozenset({"executable"})})
_SYS_EXECUTABLE = lazy_re(r"\bsys\s*\.\s*executable\b")


def starts_python(file: str, code: str, file_text: str | None = None) -> bool:
    """Whether Python test code `code` of test file `file` starts a new Python interpreter
    (module rules); `file_text`: its whole file, for the helpers it defines."""
    whole = code if file_text is None else file_text
    return family(file) == ".py" and _SYS_EXECUTABLE.search(whole) is not None and bool(
        names_any(file, code, _NEW_INTERPRETER, file_text))


def import_time(sources: Mapping[str, str]) -> Names:
    """The Python names of `sources` made when their module is imported (module rules)."""
    found: set[str] = set()
    for rel, text in sources.items():
        if _declaring_kind(rel, text) != ".py":
            continue
        try:
            tree = pyast.module(text)  # the tree the other reads of the source parse
        except (SyntaxError, ValueError):
            continue
        for node in tree.body:
            if isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                found.update(t.id for t in targets if isinstance(t, ast.Name))
            elif isinstance(node, ast.ClassDef) and not any(
                    isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                    for item in node.body):
                found.add(node.name)
    # how a test reaches them through their module: `timeparse.MINS`, `pkg.VALUE`
    modules = frozenset(PurePosixPath(rel).parent.name if PurePosixPath(rel).stem == "__init__"
                        else PurePosixPath(rel).stem for rel in sources if rel.endswith(".py"))
    return Names({".py": frozenset(found)}, modules) if found else Names({})


def reads_import_time(code: str, made: Names) -> bool:
    """Whether Python test code `code` spells a name of `made` (`import_time`), not as an
    attribute of something else, and calls nothing but builtins outside its decorators
    (module rules)."""
    known = made.of(".py")
    tokens = _code_tokens(code) if known else None
    if tokens is None:
        return False
    spelled = False
    depth = 0
    # a decorator runs at collection (`pytest.mark.parametrize(`: no call of the test's, its
    # table's values are); a signature's annotations (`alg: NSType`) read no value
    decorator = signature = False
    for i, token in enumerate(tokens):
        before = tokens[i - 1].string if i else ""
        if token.string == "@" and depth == 0:
            decorator = True
        elif token.string == "def" and depth == 0:
            decorator, signature = False, True
        elif token.string == ":" and depth == 0:
            signature = False
        if token.type == tokenize.OP and token.string in "([{":
            depth += 1
        elif token.type == tokenize.OP and token.string in ")]}":
            depth -= 1
        if token.type != tokenize.NAME or signature:
            continue
        owner = tokens[i - 2].string if before == "." and i >= 2 else ""
        # `owner` alone, not an attribute itself (`other.timeparse.MINS`)
        rooted = i < 3 or tokens[i - 3].string != "."
        # a dunder spelled bare is the test module's own (`__name__`, its own `__all__`)
        if token.string in known and ((before != "." and not token.string.startswith("__"))
                                      or (owner in made.modules and rooted)):
            spelled = True
        called = i + 1 < len(tokens) and tokens[i + 1].string == "("
        if called and not decorator and not keyword.iskeyword(token.string) and not (
                token.string in _BUILTINS if before != "." else _checks_or_stdlib(
                    owner, token.string, rooted)):
            return False
    return spelled


def _checks_or_stdlib(owner: str, method: str, rooted: bool) -> bool:
    """Whether `owner.method(` calls none of the code under test: a unittest assertion
    (`self.assertEqual(`), a function of a standard library module (`re.match(`), or a method
    of what a call returned (`).groupdict(`: that call was judged first), or str's own
    tests of a string (`name.startswith(`, `.isupper(`)."""
    if owner == ")":
        return True
    return rooted and ((owner == "self" and method.startswith(("assert", "fail")))
                       or owner in sys.stdlib_module_names or method in _STR_TESTS)


_BUILTINS = frozenset(dir(builtins))
# str's own tests of a string (`name.startswith("_")` over the names `dir()` gives): no code
# under test defines them for its objects, as it may `format`, `split` or `replace`
_STR_TESTS = frozenset(name for name in dir(str) if name.startswith(("is", "startswith",
                                                                        "endswith")))


def with_facades(project: Path, tests: Mapping[str, str], names: Names,
                 reexported: Mapping[str, barrels.Handed] | None = None,
                 sources: Collection[str] = ()) -> Names:
    """`names` and what a story's JS/TS tests reach the code under test through: the names of
    a project module they import that itself imports a module of the code under test (a
    `QueryClient` over the story's `queryCache.ts`), directly or through the project modules
    it imports, to the files `sources` (the code under test's, project-relative); and what
    they import from a barrel of `reexported` (`barrels.barrels`) that hands out the code
    under test, under the barrel's name and their own (`import { parseCookie as pc } from
    "../src"`; a namespace import, every name it hands out). A module that imports none of
    it (`../src/_utils`) is other code."""
    if not names.modules:
        return names
    extra: set[str] = set()
    graph: dict[str, tuple[str, ...]] = {}  # a module's project imports, each read once
    for test_file, text in tests.items():
        if family(test_file) != ".js":
            continue
        for statement in js_imports.imports(text):
            module = barrels.local_module(project, test_file, statement.spec)
            handed = (reexported or {}).get(module or "", {})
            for imported, local in statement.named:
                if imported == "*":
                    extra.update(handed)
                elif imported in handed:
                    extra.update((imported, local))
            if module is None or _spec_module(statement.spec) in names.modules:
                continue
            try:
                source = (project / module).read_text(encoding="utf-8", errors="replace")
            except OSError:  # unreadable: it is no way to the code under test we can see
                continue
            if any(_spec_module(inner.spec) in names.modules
                   for inner in js_imports.imports(source) if inner.spec.startswith(".")):
                extra.update(statement.spelled)
                extra.update(js_imports.declared(source))
            elif _reaches(project, module, frozenset(sources), graph):
                # through a chain, only what the module itself declares, or the whole of it
                # (`* as chrono`, its default): not a name it hands on from other code
                own = set(js_imports.declared(source))
                extra.update(local for imported, local in statement.named
                             if imported in ("*", "default") or imported in own)
                extra.update(own)
    if not extra:
        return names
    by_family = dict(names.by_family)
    by_family[".js"] = names.of(".js") | frozenset(extra)
    return Names(by_family, names.modules)


def _reaches(project: Path, module: str, sources: frozenset[str],
             graph: dict[str, tuple[str, ...]]) -> bool:
    """Whether project module `module` imports a file of `sources`, itself or through the
    project modules it imports, up to MAX_FACADE_DEPTH imports deep (module rules); `graph`
    keeps each module's project imports as read."""
    if not sources:
        return False
    level, seen = {module}, {module}
    for _ in range(MAX_FACADE_DEPTH):
        following: set[str] = set()
        for rel in level:
            if rel not in graph:
                graph[rel] = _project_imports(project, rel)
            following.update(graph[rel])
        if following & sources:
            return True
        level = following - seen
        seen |= level
    return False


def _project_imports(project: Path, module: str) -> tuple[str, ...]:
    """The project files `module`'s relative imports and re-exports name."""
    try:
        text = (project / module).read_text(encoding="utf-8", errors="replace")
    except OSError:  # unreadable: no way to the code under test we can see
        return ()
    found = [barrels.local_module(project, module, statement.spec)
             for statement in (*js_imports.imports(text), *js_imports.reexports(text))
             if statement.spec.startswith(".")]
    return tuple(dict.fromkeys(rel for rel in found if rel is not None))


def _shell_names(text: str, known: Iterable[str]) -> bool:
    """Does shell code run one of `known`: a command as written, or one named
    `<tool>-<sub>` as `<tool> <sub>` (the way `rbenv` runs `libexec/rbenv-local`)."""
    for name in known:
        parts = [re.escape(p) for p in name.split("-", 1)]
        spelled = parts[0] if len(parts) == 1 else f"{parts[0]}[- ]{parts[1]}"
        if re.search(rf"(?<![\w./-]){spelled}(?![\w-])", text):
            return True
    return False


def _imported(file: str, file_text: str, known: frozenset[str], names: Names) -> set[str]:
    """The names `file` imports the code under test under."""
    kind = family(file)
    if kind == ".js":
        found: set[str] = set()
        for statement in js_imports.imports(file_text):
            spec = statement.spec
            if spec.startswith("."):  # `..` from src/__tests__ is src/, an index's directory
                spec = posixpath.normpath(posixpath.join(posixpath.dirname(file), spec))
            if _spec_module(spec) in names.modules:
                found.update(statement.spelled)
        return found
    if kind == ".py":
        return {alias for line in file_text.splitlines()
                if re.match(r"^\s*(?:from|import)\s", line)
                for name, alias in _IMPORTED_AS.findall(line)
                if name.rpartition(".")[2] in known}
    return set()


# A helper a test file defines: JS/TS `function name(`, `class Name`, `const name = (...) =>`
# or `var name = function(`, shell `name() {`; Go's functions and methods: testcases.go_functions.
_HELPER = {
    ".js": lazy_re(r"^[ \t]*(?:export[ \t]+)?(?:async[ \t]+)?(?:function\*?|class)[ \t]+"
                      r"([A-Za-z_$][\w$]*)|^[ \t]*(?:const|let|var)[ \t]+([A-Za-z_$][\w$]*)"
                      r"[ \t]*=[ \t]*(?:async[ \t]*)?(?:function\b\*?|"
                      r"(?:\([^)]*\)|[A-Za-z_$][\w$]*)[ \t]*=>)", re.M),
    ".sh": lazy_re(r"^[ \t]*(?:function[ \t]+)?([A-Za-z_][\w-]*)[ \t]*\(\)[ \t]*\{", re.M),
}
# A name a test file binds to a value (`const adapter = createEntityAdapter()`, `let cache:
# QueryCache`, `cache = new QueryCache()` in a beforeEach, Go's package-level `var p =
# NewParser()`): the tests that see it and use it reach what its type or value names.
_BINDING = {
    ".js": lazy_re(r"\b(?:const|let|var)[ \t]+([A-Za-z_$][\w$]*)[ \t]*((?::[^=;\n]+)?"
                      r"(?:=[^;\n]+)?)|^[ \t]*([A-Za-z_$][\w$]*)[ \t]*(=[^=;\n][^;\n]*)", re.M),
    ".go": lazy_re(r"^var[ \t]+(?!_\b)([A-Za-z_]\w*)([^\n]+)", re.M),  # `_` binds nothing
}
MAX_HELPER_DEPTH = 3
# How many imports deep a project module a JS/TS test imports may reach the code under test
# (`_reaches`): a package's index, its locale's index, the configuration, the parser.
MAX_FACADE_DEPTH = 4


def _code_only(kind: str, code: str) -> str:
    """Go and JS/TS `code` less what its strings and comments say (a test's title, a failure
    message naming the function it should have called: `t.Errorf("ChangeCounts(%q) = ...")`),
    what a template literal computes kept (`${parse(x)}`). A Python or shell test's strings
    are kept: they run the code under test by its name (`[sys.executable, "-m", "dotenv"]`,
    `mock.patch("app.mod.fn")`, bats' `run bash -c "rbenv local"`)."""
    if kind not in (".go", ".js"):
        return code
    computed = testcases.template_code(code) if kind == ".js" else []
    return "\n".join([*testcases.code_lines(code.split("\n")), *computed])


# A statement that only discards what it names (module rules). Go's `_ = x` is one wherever
# it stands; a JS/TS or Python bare name at a line's start only where the line before ends a
# statement (`foo(\n  parse\n)` passes it, `x =\n  parse;` assigns it).
_NAME = r"[A-Za-z_$][\w$]*(?:[ \t]*\.[ \t]*[A-Za-z_$][\w$]*)*"
_DISCARD = {
    ".go": lazy_re(rf"(?:^|(?<=[;{{}}]))[ \t]*(?:var[ \t]+)?_(?:[ \t]*,[ \t]*_)*[ \t]*=[ \t]*"
                      rf"{_NAME}(?:[ \t]*,[ \t]*{_NAME})*[ \t]*(?=[;}}]|$)", re.M),
    ".js": lazy_re(rf"(?<![\w$.])void[ \t]+{_NAME}[ \t]*(?=[;}})]|$)"
                      rf"|(?P<bare>(?:^|(?<=[;{{}}]))[ \t]*{_NAME}[ \t]*;)", re.M),
    ".py": lazy_re(rf"(?P<bare>^[ \t]*{_NAME}[ \t]*;?[ \t]*(?:#.*)?$)", re.M),
}
# The end of a line whose statement goes on below: an operator, an opening bracket, a comma,
# a keyword that takes an operand (Python's `:` ends a block's header, its `{` opens a dict)
_GOES_ON = {
    ".js": lazy_re(r"(?:[-+*/%&|^!~<>=?:,.(\[]|\b(?:return|typeof|void|await|yield|new|"
                      r"delete|in|of|instanceof))[ \t]*$"),
    ".py": lazy_re(r"(?:[-+*/%&|^~<>=,.(\[{\\@]|\b(?:and|or|not|in|is|lambda|await))[ \t]*"
                      r"(?:#[^'\"\n]*)?$"),
}


def _discarded(kind: str, code: str) -> str:
    """`code` less its statements that only discard a name (module rules), each blanked."""
    pattern = _DISCARD.get(kind)
    if pattern is None:
        return code

    def blanked(match: re.Match[str]) -> str:
        before = code[:match.start()]
        if "bare" in match.re.groupindex and match.group("bare") \
                and not before.rsplit("\n", 1)[-1].strip():  # at its line's start
            above = before.rstrip()
            if above and _GOES_ON[kind].search(above.rsplit("\n", 1)[-1]):
                return match.group(0)  # an operand of the statement above, no statement
        return " " * len(match.group(0))

    return pattern.sub(blanked, code)


def _words(kind: str, code: str) -> set[str]:
    if kind == ".js":
        return set(re.findall(r"[A-Za-z_$][\w$]*", _discarded(
            kind, _code_only(kind, js_imports.without_imports(code)))))
    skipped = _SKIPPED_LINE.get(kind)
    kept = [line for line in code.splitlines() if skipped is None or not skipped.match(line)]
    return set(re.findall(r"[\w-]+" if kind == ".sh" else r"\w+",
                          _discarded(kind, _code_only(kind, "\n".join(kept)))))


def _names(kind: str, code: str, spelled: frozenset[str]) -> bool:
    if kind == ".sh":
        return _shell_names("\n".join(line for line in code.splitlines()
                                      if not _SKIPPED_LINE[".sh"].match(line)), spelled) \
            or bool(_words(kind, code) & spelled)
    return bool(_words(kind, code) & spelled)


Scope = tuple[int, int]  # the offsets of a block's `{` and `}`; the file's: -1 and its length
Body = tuple[str, str, Scope]  # a helper's or binding's name, its code, where it is seen


@functools.lru_cache(maxsize=16)
def _blocks(file_text: str) -> tuple[Scope, ...]:
    """Each brace block of a JS/TS file, braces in its strings and comments aside."""
    code = "\n".join(testcases.code_lines(file_text.split("\n")))
    opened: list[int] = []
    pairs = []
    for at, ch in enumerate(code):
        if ch == "{":
            opened.append(at)
        elif ch == "}" and opened:
            pairs.append((opened.pop(), at))
    return tuple(pairs)


def _around(blocks: Iterable[Scope], at: int, whole: Scope) -> Scope:
    """The innermost of `blocks` that holds offset `at` (`whole`: none does)."""
    return max((b for b in blocks if b[0] < at < b[1]), default=whole)


@functools.lru_cache(maxsize=16)
def _bodies(kind: str, file_text: str) -> tuple[Body, ...]:
    """The helpers and bindings `file_text` defines, each with its code and (JS/TS) the block
    that sees it (module rules); elsewhere, the whole file sees each."""
    pattern = _HELPER.get(kind)
    whole: Scope = (-1, len(file_text))
    js = kind == ".js"
    blocks = _blocks(file_text) if js else ()
    hooks = [(hook.start(), then_literals.closing(file_text, hook.end() - 1))
             for hook in _SET_UP_HOOK.finditer(file_text)] if js else []
    lines = file_text.splitlines()
    bodies: list[Body] = [(name, rest, whole) for name, _, rest in (
        testcases.go_functions(file_text) if kind == ".go" else ())]
    if kind == ".py":
        return tuple(_python_functions(file_text))
    for match in pattern.finditer(file_text) if pattern is not None else ():
        name = next(g for g in match.groups() if g)
        start = file_text.count("\n", 0, match.start())
        # a class body's brace follows its name, a function body's its parameters
        is_class = "class" in match.group(0).split()
        end = testcases.brace_block_end(lines, start, js=js and not is_class)
        # its code after its name: parameters and body (one line, or many)
        after = file_text[match.end():].split("\n", end - start + 1)[:end - start + 1]
        bodies.append((name, "\n".join(after), _around(blocks, match.start(), whole)))
    binding = _BINDING.get(kind)
    for match in binding.finditer(file_text) if binding is not None else ():
        assigned = match.re.groups > 2 and not match.group(1)  # JS's `name = ...` alone
        name, value = (match.group(3), match.group(4)) if assigned else (
            match.group(1), match.group(2))
        seen_at = match.start()
        if assigned:  # an assignment in a hook is the hook's block's
            seen_at = next((first for first, last in hooks if first < seen_at < last), seen_at)
        if name and value:
            bodies.append((name, value, _around(blocks, seen_at, whole)))
    return tuple(bodies)


def _python_functions(file_text: str) -> list[Body]:
    """Each function a Python file defines, at any depth (a module's helper, a TestCase's
    helper method called as `self.check(...)`), with its code; a file that does not parse
    defines none."""
    try:
        tree = ast.parse(file_text)
    except (SyntaxError, ValueError, RecursionError):
        return []
    lines = file_text.splitlines()
    whole: Scope = (-1, len(file_text))
    return [(node.name, "\n".join(lines[node.lineno - 1:node.end_lineno]), whole)
            for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


# A Python function of the file called by its own name, or as a method of the test's class
# (`self.check(...)`): `subprocess.run(...)` calls no helper `run` of the file.
_PY_OWN_CALL = lazy_re(r"(?:(?<![\w.])|(?<![\w.])(?:self|cls)\.)(\w+)\s*\(")


def _calls(kind: str, code: str, helpers: Iterable[str]) -> bool:
    """Does Python `code` (its import and comment lines aside) call one of `helpers`?"""
    skipped = _SKIPPED_LINE[kind]
    kept = "\n".join(line for line in code.splitlines() if not skipped.match(line))
    return not set(_PY_OWN_CALL.findall(kept)).isdisjoint(helpers)


def _seen(scope: Scope, seen_from: tuple[int, ...] | None) -> bool:
    return seen_from is None or any(scope[0] < at < scope[1] for at in seen_from)


def _reaching_helpers(kind: str, file_text: str, spelled: frozenset[str],
                      seen_from: tuple[int, ...] | None = None) -> frozenset[str]:
    """The helpers `file_text` defines that name the code under test, directly or through
    another such helper (`bigComma(i)` returning `BigComma(big.NewInt(i))`); with
    `seen_from`, those a test at one of these offsets sees (None: every one)."""
    if _HELPER.get(kind) is None and kind not in (".go", ".py"):
        return frozenset()
    bodies: dict[str, list[str]] = {}
    for name, text, scope in _bodies(kind, file_text):
        if _seen(scope, seen_from):
            bodies.setdefault(name, []).append(text)
    reaching: set[str] = set()
    for _ in range(MAX_HELPER_DEPTH):
        known = spelled | reaching
        grown = {name for name, texts in bodies.items() if name not in reaching
                 and any(_names(kind, text, spelled) or _calls(kind, text, reaching)
                         if kind == ".py" else _names(kind, text, known) for text in texts)}
        if not grown:
            break
        reaching |= grown
    return frozenset(reaching)


def _seen_from(code: str, whole: str) -> tuple[int, ...] | None:
    """Where in its file the test `code` stands (each place, for twins); None when it is the
    whole file or no part of it."""
    if code == whole:
        return None
    found: list[int] = []
    at = whole.find(code) if code else -1
    while at >= 0:
        found.append(at)
        at = whole.find(code, at + 1)
    return tuple(found) or None


def names_any(file: str, code: str, names: Names, file_text: str | None = None) -> bool | None:
    """Whether `code` (a test's body, or a whole test file) of test file `file` names the code
    under test (module rules), or a helper of its file that does; None when its language
    family has no names to look for. `file_text`: the whole file, for the names its imports
    bind and the helpers it defines (default: `code`)."""
    kind = family(file)
    known = names.of(kind)
    if not known:
        return None
    whole = code if file_text is None else file_text
    spelled = known | _imported(file, whole, known, names)
    # what a JS/TS test's own code declares: its locals, which hide the file's names
    own = js_imports.declared_anywhere(code) if kind == ".js" else frozenset()
    if _names(kind, code, spelled - own):
        return True
    if kind == ".py":
        return _calls(kind, code, _reaching_helpers(kind, whole, spelled))
    if kind != ".js":
        return _names(kind, code, _reaching_helpers(kind, whole, spelled))
    seen_from = _seen_from(code, whole)
    if _words(kind, code) & (_set_up_from(whole, spelled, seen_from) - own):
        return True
    return _names(kind, code, _reaching_helpers(kind, whole, spelled, seen_from) - own)


# A JS/TS set-up hook, and a name assigned in it (`app = moduleFixture.create...`).
_SET_UP_HOOK = lazy_re(r"\bbefore(?:All|Each)\s*\(")
_ASSIGNED = lazy_re(r"(?<![\w$.])([A-Za-z_$][\w$]*)\s*=(?![=>])")


def _set_up_from(file_text: str, spelled: frozenset[str],
                 seen_from: tuple[int, ...] | None = None) -> frozenset[str]:
    """The names a JS/TS file's `beforeAll` / `beforeEach` hooks assign where a hook names the
    code under test (`spelled`): NestJS's e2e tests use the `app` their hook builds from
    `AppModule`, and reach the code under test through it; with `seen_from`, those of the
    hooks in a block that holds a test at one of these offsets (None: every hook's)."""
    found: set[str] = set()
    for hook in _SET_UP_HOOK.finditer(file_text):
        opening = hook.end() - 1
        body = file_text[opening:then_literals.closing(file_text, opening)]
        if _words(".js", body) & spelled and (seen_from is None or _seen(
                _around(_blocks(file_text), hook.start(), (-1, len(file_text))), seen_from)):
            found.update(_ASSIGNED.findall(body))
    return frozenset(found)
