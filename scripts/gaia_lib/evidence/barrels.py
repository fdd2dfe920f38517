"""What a project's barrel modules hand out of the code under test (JS/TS, static).

A barrel (`src/index.ts`) re-exports other modules: `export { parse as parseCookie } from
"./cookie/parse.ts"`. A test that imports `parseCookie` from it calls the story's `parse`
(`sut_names`), and a `vi.mock("../src", ...)` that replaces `parseCookie` replaces the
story's code (`sut_mocking`).

Rules:
- A relative specifier names a project file (`local_module`): the first of
  `js_imports.module_candidates` (the path as written, then with a JS/TS suffix, then its
  directory's `index`, then the TypeScript source of a `./x.js`) that is a file; none over
  MAX_MODULE_BYTES.
- The barrels read (`barrels`): the project files a JS/TS test imports that are no source of
  the code under test; from each, the files its `export ... from` lines name, up to MAX_DEPTH
  re-exports deep (`src/index.ts` -> `src/cookie/index.ts` -> `src/cookie/parse.ts`). Only
  `export ... from` lines are followed: a module that imports the code under test and
  exports what it built is a facade (`sut_names.with_facades`).
- What a barrel hands out: per name it exports, the source of the code under test and that
  source's name for it (`parseCookie` -> (`src/cookie/parse.ts`, `parse`); `default` for
  `export { default as b }`; "" for a whole module, `export * as ns`). `export *` hands out
  every name the source declares (`js_imports.declared`), or every name the inner barrel
  hands out, under its own name, a default export aside. A barrel that hands out none of the
  code under test is left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from gaia_lib.evidence import js_imports, sut_mocking

# exported name -> (the source of the code under test, its name there; "" the whole module)
Handed = Mapping[str, tuple[str, str]]

MAX_MODULE_BYTES = 1 << 20
MAX_DEPTH = 3


def local_module(project: Path, importer: str, spec: str) -> str | None:
    """The project file a relative JS/TS specifier of `importer` names (module rules:
    `../queryClient` -> src/queryClient.ts), project-relative; None for a package."""
    for candidate in js_imports.module_candidates(importer, spec):
        path = project / candidate
        if path.is_file() and path.stat().st_size <= MAX_MODULE_BYTES:
            return candidate
    return None


def _read(project: Path, rel: str) -> str | None:
    try:
        return (project / rel).read_text(encoding="utf-8", errors="replace")
    except OSError:  # unreadable: no way to the code under test we can see
        return None


def _handed(project: Path, module: str, sources: Mapping[str, str], depth: int,
            seen: frozenset[str]) -> dict[str, tuple[str, str]]:
    """What `module` hands out of `sources` through its `export ... from` lines."""
    text = _read(project, module)
    out: dict[str, tuple[str, str]] = {}
    for statement in js_imports.reexports(text or ""):
        target = local_module(project, module, statement.spec)
        if target is None or target in seen:
            continue
        if target in sources:
            inner = {name: (target, name) for name in js_imports.declared(sources[target])}
        elif depth < MAX_DEPTH:
            inner = _handed(project, target, sources, depth + 1, seen | {target})
        else:
            continue
        for original, exported in statement.named:
            if exported == "*":
                out.update({k: v for k, v in inner.items() if k != "default"})
            elif original == "*":
                if target in sources:  # a namespace of a barrel is many sources: not followed
                    out[exported] = (target, "")
            elif target in sources or original in inner:
                out[exported] = inner.get(original, (target, original))
    return out


def barrels(project: Path, tests: Mapping[str, str], sources: Mapping[str, str]
            ) -> dict[str, Handed]:
    """Per barrel a JS/TS test of `tests` imports, what it hands out of the code under test
    (`sources`, project-relative path -> text) (module rules)."""
    found: dict[str, Handed] = {}
    if not any(rel.endswith(sut_mocking.JS_SUFFIXES) for rel in sources):
        return found  # nothing a barrel could hand out: no module is read
    read: set[str] = set()
    for test_file, text in sorted(tests.items()):
        if not test_file.endswith(sut_mocking.JS_SUFFIXES):
            continue
        for statement in js_imports.imports(text):
            module = local_module(project, test_file, statement.spec)
            if module is None or module in sources or module in read:
                continue
            read.add(module)
            handed = _handed(project, module, sources, 1, frozenset({module}))
            if handed:
                found[module] = handed
    return found
