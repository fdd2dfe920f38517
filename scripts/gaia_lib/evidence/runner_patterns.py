"""The test files a project's own JS runner config names, beyond the stack's usual names.

vitest runs what its config's `test.include` names (yup: `include: ['test/**/*.{js,ts}']`,
tests named `test/string.ts`), jest what `testMatch` or `testRegex` names; the ts-dev stack's
conventions (`*.test.ts`, `__tests__/`) miss those. Rules:
- Read, never executed, from the project directory's `vitest.config.*` and `vite.config.*`
  (`.ts`, `.mts`, `.cts`, `.js`, `.mjs`, `.cjs`), `jest.config.*` (the same, and `.json`),
  package.json's `"jest"` object, and the config files its scripts give jest or vitest
  (`jest --config ./test/jest-e2e.json`, `-c`, `--config=`; inside the project); string
  literals only. A config's patterns are read from the project directory, where its scripts
  run (NestJS's `test/jest-e2e.json`, `"testRegex": ".e2e-spec.ts$"`, names
  `test/app.e2e-spec.ts`).
- vitest / vite: every `include: [...]` and `exclude: [...]` array of string literals outside
  the blocks that configure something other than which files are tests (`coverage`,
  `typecheck`, `benchmark`, `browser`, `optimizeDeps`, `deps`, `server`, `build`, `resolve`,
  `ssr`, `css`, `preview`, `worker`).
- jest: every `testMatch: [...]` array (a leading `<rootDir>/` is dropped), and `testRegex`,
  one regular expression or an array of them, searched in the file's path as jest does (in
  its absolute path: here `/` and the path from the project directory); one Python's regular
  expressions cannot read (`(?<name>`) is dropped.
- An included pattern is kept only when it names where tests are: it holds `test`, `spec` or
  `__tests__` (an `include` of sources, `src/**/*.ts`, is some other tool's). A `testRegex`
  always names tests, but one a plain source's path would match (`.*\\.ts$`: `SOURCE_PATHS`)
  leaves which files they are to jest's `roots`: it is dropped.
- jest's `roots` (a leading `<rootDir>/` dropped) are kept as the directories jest looks in
  (`Patterns.roots`): init walks one whose name its walk skips elsewhere (`onboard.survey`).
  So are jest's `testPathIgnorePatterns` (`Patterns.ignored`), regular expressions searched in
  a file's path (`<rootDir>` read as the project directory: `/` and the path from it): without
  `roots`, jest looks in the whole package, `dist/` too, but where one of them is found.
- jest's `collectCoverageFrom` globs (`Patterns.coverage_from`, a `!` one dropped): the files
  its coverage report measures, none else (framebus's `src/**/*.ts`, sources its npm package
  does not ship: its report is empty whatever runs).
- Patterns are globs relative to the project directory: `**`, `*`, `?`, `{a,b}`, `[...]` and
  the extglobs `?(..)`, `@(..)`, `*(..)`, `+(..)`; one holding `!(..)` is dropped.
- A key may be quoted (`"testMatch": [...]`, as in a config written as JSON).
- A file is a test file by them when an included pattern matches it (or a `testRegex` is found
  in its path) and no excluded pattern does.
- Without such a config, the runner's defaults: a file under `__tests__/` not named
  `*.test.*` / `*.spec.*` (wonka's `src/__tests__/compliance.ts`, shared checks the test files
  import) is run by jest's default `testMatch` when it declares a test, never by vitest's
  default `include` (`**/*.{test,spec}.?(c|m)[jt]s?(x)`) unless a vitest or vite config names
  `__tests__`. The runner is the one the nearest package.json's dependencies or
  devDependencies name (vitest before jest; jest's rule when none).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib.core import paths
from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.stacks.adapters import expand_braces
from gaia_lib.stacks.adapters import glob_regex as stack_glob

CONFIG_STEMS = ("vitest.config", "vite.config", "jest.config")
CONFIG_SUFFIXES = (".ts", ".mts", ".cts", ".js", ".mjs", ".cjs", ".json")
OTHER_BLOCKS = ("coverage", "typecheck", "benchmark", "browser", "optimizeDeps", "deps",
                "server", "build", "resolve", "ssr", "css", "preview", "worker")
MAX_BYTES = 200_000

_OTHER_BLOCK = lazy_re(rf"\b(?:{'|'.join(OTHER_BLOCKS)})\s*:\s*\{{")
_QUOTED = r"""(?:"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`[^`$]*`)"""
# an array of string literals (a glob's own `[jt]` inside its quotes is no end of it)
_ARRAY = lazy_re(rf"\b(include|exclude|testMatch)['\"]?\s*:\s*"
                 rf"\[\s*((?:{_QUOTED}\s*(?:,\s*)?)*)\]")
# jest's `roots: ['<rootDir>/dist/']`
_ROOTS = lazy_re(rf"\broots['\"]?\s*:\s*\[\s*((?:{_QUOTED}\s*(?:,\s*)?)*)\]")
# jest's `testPathIgnorePatterns: ['/node_modules/', '<rootDir>/dist/']`
_IGNORED = lazy_re(rf"\btestPathIgnorePatterns['\"]?\s*:\s*\[\s*((?:{_QUOTED}\s*(?:,\s*)?)*)\]")
# jest's `collectCoverageFrom: ['src/**/*.ts']`
_COVERAGE_FROM = lazy_re(rf"\bcollectCoverageFrom['\"]?\s*:\s*\[\s*((?:{_QUOTED}\s*(?:,\s*)?)*)\]")
# jest's `testRegex: '...'` or `testRegex: ['...', ...]`
_TEST_REGEX = lazy_re(rf"\btestRegex['\"]?\s*:\s*"
                      rf"(\[\s*(?:{_QUOTED}\s*(?:,\s*)?)*\]|{_QUOTED})")
# Paths of plain sources: a testRegex that finds one leaves which files are tests to `roots`.
SOURCE_PATHS = ("/src/index.ts", "/index.js", "/lib/main.mjs")
_ESCAPE = lazy_re(r"\\(.)")
_STRING = lazy_re(r""""((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'|`([^`$]*)`""")
_TEST_PLACE = lazy_re(r"test|spec|__tests__", re.IGNORECASE)


@dataclass(frozen=True)
class Patterns:
    include: tuple[re.Pattern[str], ...] = ()
    exclude: tuple[re.Pattern[str], ...] = ()
    searched: tuple[re.Pattern[str], ...] = ()  # jest's testRegex, searched in "/" + path
    roots: tuple[str, ...] = ()  # jest's roots, relative to the project (`dist`)
    ignored: tuple[re.Pattern[str], ...] = ()  # jest's testPathIgnorePatterns, in "/" + path
    coverage_from: tuple[str, ...] = ()  # jest's collectCoverageFrom globs (`src/**/*.ts`)

    def collects(self, rel: str) -> bool:
        """Whether jest's `collectCoverageFrom` names `rel`; True where it names nothing."""
        regexes = [r for r in map(glob_regex, self.coverage_from) if r is not None]
        return not regexes or any(r.fullmatch(rel) for r in regexes)

    def ignores(self, rel: str) -> bool:
        """Whether jest's `testPathIgnorePatterns` leave `rel` out (module rules)."""
        return any(p.search("/" + rel) for p in self.ignored)

    def matches(self, rel: str) -> bool:
        """Whether the runner's config names `rel` (a POSIX path relative to the project)."""
        return ((any(p.fullmatch(rel) for p in self.include)
                 or any(p.search("/" + rel) for p in self.searched))
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


def _regex(source: str) -> re.Pattern[str] | None:
    """A jest `testRegex` as Python reads it; None for one that Python cannot read or that a
    plain source's path matches (module rules)."""
    try:
        found = re.compile(source)
    except re.error:
        return None
    return None if any(found.search(path) for path in SOURCE_PATHS) else found


def from_texts(texts: dict[str, str]) -> Patterns:
    """The patterns the config files `texts` (file name -> text) name (module rules)."""
    include: list[str] = []
    exclude: list[str] = []
    regexes: list[str] = []
    roots: list[str] = []
    ignored: list[str] = []
    coverage_from: list[str] = []
    for name, text in sorted(texts.items()):
        if name == "package.json" or name.endswith(".json"):
            try:
                data = json.loads(text)
            except ValueError:
                continue
            jest = data.get("jest") if name == "package.json" and isinstance(data, dict) \
                else data
            if not isinstance(jest, dict):
                continue
            listed = jest.get("roots")
            roots += [p for p in listed if isinstance(p, str)] if isinstance(listed, list) else []
            left = jest.get("testPathIgnorePatterns")
            ignored += [p for p in left if isinstance(p, str)] if isinstance(left, list) else []
            measured = jest.get("collectCoverageFrom")
            coverage_from += [p for p in measured if isinstance(p, str)] \
                if isinstance(measured, list) else []
            matched, searched = jest.get("testMatch"), jest.get("testRegex")
            searched = [searched] if isinstance(searched, str) else searched
            include += [p for p in matched if isinstance(p, str)] \
                if isinstance(matched, list) else []
            regexes += [p for p in searched if isinstance(p, str)] \
                if isinstance(searched, list) else []
            continue
        bare = _without_other_blocks(text)
        for found in _ARRAY.finditer(bare):
            key, values = found.group(1), _strings(found.group(2))
            (exclude if key == "exclude" else include).extend(values)
        for found in _ROOTS.finditer(bare):
            roots += _strings(found.group(1))
        for found in _IGNORED.finditer(bare):
            ignored += [_ESCAPE.sub(r"\1", value) for value in _strings(found.group(1))]
        for found in _COVERAGE_FROM.finditer(bare):
            coverage_from += _strings(found.group(1))
        for found in _TEST_REGEX.finditer(bare):  # a JS string's escapes read as JS does
            regexes += [_ESCAPE.sub(r"\1", value) for value in _strings(found.group(1))]
    kept = [g for p in include if _TEST_PLACE.search(p) for g in _globs(p)]
    return Patterns(tuple(r for r in map(glob_regex, kept) if r is not None),
                    tuple(r for p in exclude for g in _globs(p)
                          for r in (glob_regex(g),) if r is not None),
                    tuple(r for r in map(_regex, regexes) if r is not None),
                    tuple(dict.fromkeys(root for p in roots for root in (_root(p),) if root)),
                    tuple(r for p in ignored
                          for r in (_ignored_regex(p),) if r is not None),
                    tuple(g for p in coverage_from if not p.strip().startswith("!")
                          for g in _globs(p)))


def _ignored_regex(source: str) -> re.Pattern[str] | None:
    """A jest `testPathIgnorePatterns` entry as Python reads it, `<rootDir>` as the project
    directory (`<rootDir>/dist/` -> `^/dist/`); None for one Python cannot read."""
    rooted = source.startswith("<rootDir>")
    try:
        return re.compile("^/" + source[len("<rootDir>"):].lstrip("/") if rooted else source)
    except re.error:
        return None


def _root(listed: str) -> str:
    """A jest `roots` entry as a directory relative to the project (`<rootDir>/dist/` ->
    `dist`); "" for the project itself (`<rootDir>`, `.`)."""
    root = listed.strip().removeprefix("<rootDir>").strip("/")
    root = root.removeprefix("./").rstrip("/")
    return "" if root == "." else root


# a script's `jest ... --config <path>` (or `-c`, `--config=`), vitest's too
_SCRIPT_CONFIG = lazy_re(r"\b(?:jest|vitest)\b[^&|;]*?\s(?:--config[= ]|-c\s+)['\"]?([^\s'\"]+)")


def given_config(command: str) -> str | None:
    """The config file a command gives jest or vitest (`--config`, `-c`), relative to where
    it runs; None for none, or one outside it."""
    for match in _SCRIPT_CONFIG.finditer(command):
        rel = paths.listed_path(match.group(1))
        if rel is not None:
            return rel
    return None


def read_config(project: Path, rel: str) -> Patterns | None:
    """The patterns of the one config file `rel` (module rules); None when it names no test
    file this reading takes (unreadable, or no pattern read)."""
    texts: dict[str, str] = {}
    _read_into(texts, project, rel)
    found = from_texts(texts) if texts else None
    return found if found is not None and (found.include or found.searched) else None


def script_configs(package: str) -> list[str]:
    """The config files package.json's scripts give jest or vitest (`package`: its text), as
    paths relative to the project; none outside it."""
    try:
        scripts = json.loads(package).get("scripts")
    except (ValueError, AttributeError):
        return []
    if not isinstance(scripts, dict):
        return []
    return sorted({rel for command in scripts.values() if isinstance(command, str)
                   for rel in (given_config(command),) if rel is not None})


def read(project: Path) -> Patterns:
    """The patterns of the runner configs in `project` (module rules); none when it has none."""
    texts: dict[str, str] = {}
    names = [stem + suffix for stem in CONFIG_STEMS for suffix in CONFIG_SUFFIXES]
    for name in [*names, "package.json"]:
        _read_into(texts, project, name)
    for name in script_configs(texts.get("package.json", "")):
        _read_into(texts, project, name)
    return from_texts(texts)


def _read_into(texts: dict[str, str], project: Path, name: str) -> None:
    path = project / name
    try:
        if path.is_file() and path.stat().st_size <= MAX_BYTES:
            texts[name] = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return


NAMED_JS_TEST = re.compile(r"\.(?:test|spec)\.[^/]+$")


def js_runs(rel: str, runner: str | None, widened: bool, declares_tests: bool) -> bool:
    """Does the runner run `rel`, a file the ts-dev globs name, as a test file (pure; the
    module rules)? `widened`: the project's vitest or vite config names `__tests__`;
    `declares_tests`: the file declares a test."""
    if NAMED_JS_TEST.search(rel) or "/__tests__/" not in f"/{rel}":
        return True
    if runner == "vitest" and not widened:
        return False
    return declares_tests


_VITEST_CONFIGS = tuple(f"{name}.config.{ext}" for name in ("vitest", "vite")
                        for ext in ("ts", "mts", "cts", "js", "mjs", "cjs"))


def names_tests_dirs(here: Path) -> bool:
    """Does a vitest or vite config in `here` name `__tests__` (an `include` of its own)?"""
    for name in _VITEST_CONFIGS:
        try:
            if "__tests__" in (here / name).read_text(encoding="utf-8", errors="replace"):
                return True
        except OSError:
            continue
    return False


def dependencies(pkg: Mapping[str, Any]) -> dict[str, Any]:
    """A package.json mapping's dependencies and devDependencies (not its peer or optional
    ones: those its users supply)."""
    deps: dict[str, Any] = {}
    for section in ("dependencies", "devDependencies"):
        value = pkg.get(section)
        if isinstance(value, dict):
            deps.update(value)
    return deps


def deps_runner(pkg: Mapping[str, Any]) -> str | None:
    """The runner a package.json mapping's dependencies name, vitest before jest (pure)."""
    deps = dependencies(pkg)
    return "vitest" if "vitest" in deps else "jest" if "jest" in deps else None


def run_by_default(project: Path, rel: str) -> bool:
    """Does the runner of the nearest package.json above `rel` run it, a file the ts-dev globs
    name, by its defaults (module rules)? A file under `__tests__/` is taken as declaring a
    test: only vitest's default leaves one out whatever it holds."""
    if NAMED_JS_TEST.search(rel) or "/__tests__/" not in f"/{rel}":
        return True
    here = (project / rel).parent
    while True:
        try:
            data = json.loads((here / "package.json").read_text(encoding="utf-8",
                                                                  errors="replace"))
        except (OSError, ValueError):
            data = None
        if data is not None or here == project or project not in here.parents:
            break
        here = here.parent
    runner = deps_runner(data) if isinstance(data, dict) else None
    return js_runs(rel, runner, names_tests_dirs(here), True)
