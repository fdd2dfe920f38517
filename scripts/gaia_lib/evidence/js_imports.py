"""What a JavaScript / TypeScript file imports, and from where; what it re-exports, and what
it declares.

One reader for every check that asks which names a test file took from the code under test
(`sut_mocking`: a spy on an imported binding; test automation's module rule: a planned test
must use a name of the code it tests), and which names a module hands out (`barrels`).

Rules:
- ES imports: `import x from 'm'`, `import * as x from 'm'`, `import {a, b as c} from 'm'`,
  `import x, {a} from 'm'`, `import type {T} from 'm'`; CommonJS: `const x = require('m')`,
  `const {a, b: c} = require('m')` (`let` and `var` alike). A statement may span lines (a
  `{ ... }` list over several).
- `bound`: the local names a statement binds (`c` for `b as c` and for `b: c`); `spelled`:
  every name it spells (`b` and `c`: what the imported module calls it, and what the file
  does); `named`: each bound name as (what the module calls it, what the file does), `*` for
  the whole module (`* as x`, `const x = require(...)`), `default` for its default export.
- Comments are not read: a commented-out import imports nothing. A `//` or `/*` inside a
  string (`"//test"`, a template `https://host`) is the string's, no comment: blanking from
  it would cut the string open, and a template left open reads the rest of the file as its
  text. A quoted string ends with its line at most; a template may span lines.
- `line` is the 1-based line the statement starts on.
- Re-exports (`reexports`): `export {a, b as c} from 'm'`, `export {default as d} from 'm'`,
  `export * from 'm'`, `export * as ns from 'm'`; `named` pairs what `m` calls each name with
  what this module exports it as (`*` both for `export *`: every name of `m` under its own).
  A type-only one (`export type {T} from 'm'`, `export type * from 'm'`) hands out no code.
- Declared (`declared`): the top-level `function`, `class`, `const`, `let`, `var` and `enum`
  names, exported or not (`export default function f`, `declare const x` too); anywhere
  (`declared_anywhere`): every `function`, `class`, `const`, `let` and `var` name, a test's
  locals too (each hides, or binds, a name the file might take from elsewhere).
- Exported (`exported`): (the file's name, the name it exports it as) for each name it
  exports of its own: `export { a, b as c }` (no `from`), `export const|let|var|function|class
  a`, `export default a` (as `default`), CommonJS `exports.a =` and `module.exports.a =`.
- Constants (`constants`): a top-level `export const NAME = <literal>` given one string or
  number (`export const BLANK_URL = "about:blank";`), by name, the literal as written. A test
  file reading one of the story's own code through a relative import (`imported_constants`:
  `BLANK_URL` after `import { BLANK_URL } from "../constants"`, `c.BLANK_URL` after `import
  * as c from "../constants"`) compares with that literal: the then-literals check reads it
  so (`written_in`), as it reads a Python test's (`testcases.imported_constants`);
  sanitize-url's `expect(sanitizeUrl(x)).toBe(BLANK_URL)` had drawn "no test of AC6 asserts
  any of `about:blank`". The matching reads the test as written.
- A relative specifier names a project file (`module_candidates`): the path as written, then
  with a JS/TS suffix, then its directory's `index`, then, for a `.js` / `.mjs` / `.cjs` /
  `.jsx` written for a TypeScript source (TypeScript's ES modules import `./x.js` for
  `x.ts`), the source; none outside the project, none under a `node_modules` directory.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from gaia_lib.core.lazyre import compile as lazy_re

# A comment, or a string (kept whole, so that what it holds starts no comment): a quoted one
# within its line, a template across lines.
_COMMENT = lazy_re(r"'(?:\\.|[^'\\\n])*'|\"(?:\\.|[^\"\\\n])*\"|`(?:\\.|[^`\\])*`"
                   r"|//[^\n]*|/\*.*?\*/", re.S)
# A clause holds no quote: `import './side-effect'` binds nothing, and the next import stays
# its own statement.
_STATEMENT = lazy_re(r"\bimport\s+(?:type\s+)?([^;'\"]*?)\s+from\s+['\"]([^'\"]+)['\"]"
                     r"|\b(?:const|let|var)\s+([^=;'\"]+?)\s*=\s*require\(\s*['\"]([^'\"]+)"
                     r"['\"]\s*\)", re.S)
# An `export ... from`: its clause (`*`, `* as ns` or a `{ ... }` list) and its module.
_REEXPORT = lazy_re(r"\bexport\s+(type\s+)?(\*(?:\s+as\s+[A-Za-z_$][\w$]*)?|\{[^}'\"]*\})"
                    r"\s*from\s*['\"]([^'\"]+)['\"]")
_DECLARED = lazy_re(r"^(?:export[ \t]+(?:default[ \t]+)?)?(?:declare[ \t]+)?(?:async[ \t]+)?"
                    r"(?:function\*?|class|const|let|var|enum)[ \t]+([A-Za-z_$][\w$]*)", re.M)
_DECLARED_ANYWHERE = lazy_re(r"\b(?:const|let|var|function\*?|class)[ \t]+([A-Za-z_$][\w$]*)")
_NAME = re.compile(r"[A-Za-z_$][\w$]*")
# A file's own names it exports: a list without `from`, a declaration, a default, CommonJS.
_EXPORT_LIST = lazy_re(r"\bexport\s+(?!type\b)(\{[^}'\"]*\})(?!\s*from\b)")
_EXPORT_DECLARED = lazy_re(r"^export[ \t]+(?:declare[ \t]+)?(?:async[ \t]+)?"
                           r"(?:function\*?|class|const|let|var)[ \t]+([A-Za-z_$][\w$]*)", re.M)
_EXPORT_DEFAULT = lazy_re(r"^export[ \t]+default[ \t]+([A-Za-z_$][\w$]*)[ \t]*;?[ \t]*$",
                          re.M)
_EXPORTS_MEMBER = lazy_re(r"^(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=(?!=)", re.M)
_FILE_SUFFIXES = ("", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", "/index.ts", "/index.tsx",
                  "/index.js", "/index.jsx", "/index.mjs", "/index.cjs")
_TS_SOURCE = {".js": (".ts", ".tsx"), ".jsx": (".tsx",), ".mjs": (".mts",), ".cjs": (".cts",)}
_KEYWORDS = frozenset({"as", "type"})


# A top-level `export const NAME = <one string or number literal>` (a type annotation allowed)
_EXPORT_CONSTANT = lazy_re(r"^export[ \t]+const[ \t]+([A-Za-z_$][\w$]*)(?:[ \t]*:[^=\n]+)?"
                           r"[ \t]*=[ \t]*('(?:\\.|[^'\\\n])*'|\"(?:\\.|[^\"\\\n])*\""
                           r"|`[^`$\\\n]*`|-?\d[\w.]*)[ \t]*;?[ \t]*$", re.M)


@dataclass(frozen=True)
class Import:
    spec: str  # the module as written: `./calc`, `ts-dedent`
    bound: tuple[str, ...]
    spelled: tuple[str, ...]
    line: int
    named: tuple[tuple[str, str], ...] = field(default=(), compare=False)


def code_of(text: str) -> str:
    """`text` with its comments blanked (line breaks kept, so line numbers stay true)."""
    return _COMMENT.sub(lambda m: m.group(0) if m.group(0)[0] in "'\"`"
                        else re.sub(r"[^\n]", " ", m.group(0)), text)


def _named(clause: str, required: bool) -> tuple[tuple[str, str], ...]:
    """(what the module calls it, what the file does) per name a clause binds (module rules)."""
    pairs: dict[str, str] = {}  # local -> imported
    braced = False
    for part in re.findall(r"[{}]|[^,{}]+", clause):
        if part in "{}":
            braced = part == "{"
            continue
        words = [w for w in _NAME.findall(part) if w not in _KEYWORDS]
        if not words:
            continue
        if part.strip().startswith("*"):
            pairs.setdefault(words[-1], "*")
        elif not braced:  # `x` of `import x` is the default export, of `const x =` the module
            pairs.setdefault(words[0], "*" if required else "default")
        elif " as " in f" {part.strip()} ":
            pairs.setdefault(words[-1], words[0])  # `b as c`
        elif required and ":" in part:  # `{b: c}`
            local = _NAME.findall(part.split(":")[-1])[:1]
            pairs.update({name: words[0] for name in local if name not in pairs})
        else:
            pairs.setdefault(words[0], words[0])
    return tuple((imported, local) for local, imported in pairs.items())


def imports(text: str) -> list[Import]:
    """Every import and require statement of a file, in order (module rules)."""
    code = code_of(text)
    found = []
    for match in _STATEMENT.finditer(code):
        required = match.group(2) is None
        clause, spec = (match.group(3), match.group(4)) if required else (
            match.group(1), match.group(2))
        spelled = tuple(dict.fromkeys(w for w in _NAME.findall(clause) if w not in _KEYWORDS))
        named = _named(clause, required)
        found.append(Import(spec, tuple(local for _, local in named), spelled,
                            code.count("\n", 0, match.start()) + 1, named))
    return found


def without_imports(text: str) -> str:
    """The file's code with its comments and its import statements blanked: what it does with
    the names it imports."""
    return _STATEMENT.sub(" ", code_of(text))


def reexports(text: str) -> list[Import]:
    """Every `export ... from` of a file that hands out code, in order (module rules)."""
    code = code_of(text)
    found = []
    for match in _REEXPORT.finditer(code):
        if match.group(1):  # types only
            continue
        clause = match.group(2)
        named = (("*", "*"),) if clause == "*" else _named(clause, False)
        found.append(Import(match.group(3), tuple(local for _, local in named),
                            tuple(dict.fromkeys(n for pair in named for n in pair)),
                            code.count("\n", 0, match.start()) + 1, named))
    return found


def declared(text: str) -> list[str]:
    """The names a file declares at its top level (module rules), its comments aside."""
    return _DECLARED.findall(code_of(text))


def declared_anywhere(text: str) -> frozenset[str]:
    """The names a file declares at any depth (module rules), its comments aside."""
    return frozenset(_DECLARED_ANYWHERE.findall(code_of(text)))


def exported(text: str) -> list[tuple[str, str]]:
    """(the file's name, the name it is exported as) for each of its own names a file exports
    (module rules), its comments aside; a CommonJS `exports.a = ...` pairs `a` with `a`."""
    code = code_of(text)
    out = [(name, name) for name in _EXPORT_DECLARED.findall(code)]
    for clause in _EXPORT_LIST.findall(code):
        out += _named(clause, False)  # (the file's name, the exported one)
    out += [(name, "default") for name in _EXPORT_DEFAULT.findall(code)]
    out += [(name, name) for name in _EXPORTS_MEMBER.findall(code)]
    return out


def constants(text: str) -> dict[str, str]:
    """The constants a file exports, each given one literal, by name, the literal as written
    (module rules), its comments aside."""
    return dict(_EXPORT_CONSTANT.findall(code_of(text)))


def imported_constants(importer: str, text: str, code: Mapping[str, str]) -> dict[str, str]:
    """The constants of the story's own code (`code`: its sources, by project-relative path)
    that the file `importer`, whose text is `text`, imports by a relative specifier, by the
    name the file reads each by (module rules): `BLANK_URL`, or `c.BLANK_URL` for a module
    imported whole as `c`."""
    out: dict[str, str] = {}
    for statement in imports(text):
        home = next((rel for rel in module_candidates(importer, statement.spec) if rel in code),
                    None)
        if home is None:
            continue
        exported_here = constants(code[home])
        for imported, local in statement.named:
            if imported == "*":
                out.update({f"{local}.{name}": literal for name, literal in exported_here.items()})
            elif imported in exported_here:
                out[local] = exported_here[imported]
    return out


def written_in(body: str, names: Mapping[str, str]) -> str:
    """`body` with each of `names` it reads (a name, or `module.name`) written as its literal:
    what a check comparing with it compares with (module rules)."""
    for name, literal in names.items():
        written = literal.replace("\\", "\\\\")  # a replacement's backslashes are its own
        body = re.sub(rf"(?<![\w$.]){re.escape(name)}(?![\w$(])", written, body)
    return body


def module_candidates(importer: str, spec: str) -> tuple[str, ...]:
    """The project files, project-relative, a relative specifier of `importer` may name, in
    the order they are tried (module rules); () for a package or a path outside the
    project."""
    if not spec.startswith("."):
        return ()
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(importer), spec))
    if joined.startswith("..") or "node_modules" in PurePosixPath(joined).parts:
        return ()
    stem, suffix = posixpath.splitext(joined)
    return (*(joined + more for more in _FILE_SUFFIXES),
            *(stem + source for source in _TS_SOURCE.get(suffix, ())))
