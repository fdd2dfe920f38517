"""The test files a project's own JS runner config names, beyond the stack's usual names.

vitest runs what its config's `test.include` names (yup: `include: ['test/**/*.{js,ts}']`,
tests named `test/string.ts`), jest what `testMatch` names; the ts-dev stack's conventions
(`*.test.ts`, `__tests__/`) miss those. Rules:
- Read, never executed, from the project directory's `vitest.config.*` and `vite.config.*`
  (`.ts`, `.mts`, `.cts`, `.js`, `.mjs`, `.cjs`), `jest.config.*` (the same, and `.json`) and
  package.json's `"jest"` object; string literals only.
- vitest / vite: every `include: [...]` and `exclude: [...]` array of string literals outside
  the blocks that configure something other than which files are tests (`coverage`,
  `typecheck`, `benchmark`, `browser`, `optimizeDeps`, `deps`, `server`, `build`, `resolve`,
  `ssr`, `css`, `preview`, `worker`).
- jest: every `testMatch: [...]` array; a leading `<rootDir>/` is dropped. `testRegex` is not
  read.
- An included pattern is kept only when it names where tests are: it holds `test`, `spec` or
  `__tests__` (an `include` of sources, `src/**/*.ts`, is some other tool's).
- Patterns are globs relative to the project directory: `**`, `*`, `?`, `{a,b}`, `[...]` and
  the extglobs `?(..)`, `@(..)`, `*(..)`, `+(..)`; one holding `!(..)` is dropped.
- A file is a test file by them when an included pattern matches it and no excluded one does.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.stacks.adapters import expand_braces
from gaia_lib.stacks.adapters import glob_regex as stack_glob

CONFIG_STEMS = ("vitest.config", "vite.config", "jest.config")
CONFIG_SUFFIXES = (".ts", ".mts", ".cts", ".js", ".mjs", ".cjs", ".json")
OTHER_BLOCKS = ("coverage", "typecheck", "benchmark", "browser", "optimizeDeps", "deps",
                "server", "build", "resolve", "ssr", "css", "preview", "worker")
MAX_BYTES = 200_000

_OTHER_BLOCK = re.compile(rf"\b(?:{'|'.join(OTHER_BLOCKS)})\s*:\s*\{{")
_QUOTED = r"""(?:"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`[^`$]*`)"""
# an array of string literals (a glob's own `[jt]` inside its quotes is no end of it)
_ARRAY = re.compile(rf"\b(include|exclude|testMatch)\s*:\s*\[\s*((?:{_QUOTED}\s*(?:,\s*)?)*)\]")
_STRING = re.compile(r""""((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'|`([^`$]*)`""")
_TEST_PLACE = re.compile(r"test|spec|__tests__", re.IGNORECASE)


@dataclass(frozen=True)
class Patterns:
    include: tuple[re.Pattern[str], ...] = ()
    exclude: tuple[re.Pattern[str], ...] = ()

    def matches(self, rel: str) -> bool:
        """Whether the runner's config names `rel` (a POSIX path relative to the project)."""
        return (any(p.fullmatch(rel) for p in self.include)
                and not any(p.fullmatch(rel) for p in self.exclude))


def glob_regex(glob: str) -> re.Pattern[str] | None:
    """A runner's glob (module rules) as a regex over relative POSIX paths; None for one this
    reading does not take (`!(..)`)."""
    try:
        return stack_glob(glob)
    except (ValueError, re.error):
        return None


def _strings(array: str) -> list[str]:
    return [next(g for g in found.groups() if g is not None) for found in _STRING.finditer(array)]


def _without_other_blocks(text: str) -> str:
    """`text` with the blocks that configure other things blanked (module rules)."""
    out = list(text)
    for found in _OTHER_BLOCK.finditer(text):
        depth, at = 0, found.end() - 1
        while at < len(text):
            depth += {"{": 1, "}": -1}.get(text[at], 0)
            if depth == 0:
                break
            at += 1
        out[found.start():at + 1] = " " * (at + 1 - found.start())
    return "".join(out)


def _globs(pattern: str) -> list[str]:
    pattern = pattern.strip()
    if pattern.startswith("<rootDir>/"):
        pattern = pattern[len("<rootDir>/"):]
    return [p[2:] if p.startswith("./") else p for p in expand_braces(pattern)]


def from_texts(texts: dict[str, str]) -> Patterns:
    """The patterns the config files `texts` (file name -> text) name (module rules)."""
    include: list[str] = []
    exclude: list[str] = []
    for name, text in sorted(texts.items()):
        if name == "package.json" or name.endswith(".json"):
            try:
                data = json.loads(text)
            except ValueError:
                continue
            jest = data.get("jest") if name == "package.json" and isinstance(data, dict) \
                else data
            found = jest.get("testMatch") if isinstance(jest, dict) else None
            if isinstance(found, list):
                include += [p for p in found if isinstance(p, str)]
            continue
        for found in _ARRAY.finditer(_without_other_blocks(text)):
            key, values = found.group(1), _strings(found.group(2))
            (exclude if key == "exclude" else include).extend(values)
    kept = [g for p in include if _TEST_PLACE.search(p) for g in _globs(p)]
    return Patterns(tuple(r for r in map(glob_regex, kept) if r is not None),
                    tuple(r for p in exclude for g in _globs(p)
                          for r in (glob_regex(g),) if r is not None))


def read(project: Path) -> Patterns:
    """The patterns of the runner configs in `project` (module rules); none when it has none."""
    texts: dict[str, str] = {}
    names = [stem + suffix for stem in CONFIG_STEMS for suffix in CONFIG_SUFFIXES]
    for name in [*names, "package.json"]:
        path = project / name
        try:
            if path.is_file() and path.stat().st_size <= MAX_BYTES:
                texts[name] = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
    return from_texts(texts)
