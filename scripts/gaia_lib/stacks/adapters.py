"""The nine canonical stacks: one adapter record each (ARCHITECTURE rule 8).

A stack adapter says everything the plugin needs to know about a stack: its developer persona
file, the marker files that identify it (and where it sits in the detection order), the
test-discovery globs of the Stack Toolkit Table, the test runner(s) with install hints and
their listing / run commands, the optional branch-coverage tool and its report format, and the
patterns that mark a placeholder test. Data only, plus small pure helpers; no subprocess.

Globs use `**` for "any number of directories" and are matched against project-relative POSIX
paths. The table's `src/test/**` forms are widened to `**/src/test/**` so modules of a
multi-module build are found too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePosixPath

from gaia_lib.core.errors import GaiaError


@dataclass(frozen=True)
class Marker:
    """One detection signal. `contains`: the file must also match this regex (case-insensitive).
    `depth` > 0: the file may sit up to that many directories below the root."""

    file: str
    contains: str | None = None
    depth: int = 0


@dataclass(frozen=True)
class Runner:
    tool: str  # the executable probed with `command -v` / node_modules/.bin
    install_hint: str
    run_argv: tuple[str, ...]
    list_argv: tuple[str, ...] | None = None  # lists tests without running them
    node: bool = False  # may live in node_modules/.bin


@dataclass(frozen=True)
class CoverageTool:
    tool: str
    argv: tuple[str, ...]
    report_format: str  # name of the parser that reads its report
    package: str | None = None  # an npm package with no binary: found in node_modules/<package>


@dataclass(frozen=True)
class StackAdapter:
    key: str  # canonical name: "python-dev"
    language: str
    persona_file: str  # agents/<persona_file>
    markers: tuple[Marker, ...]  # empty: only chosen explicitly (bash-dev)
    test_globs: tuple[str, ...]
    runners: tuple[Runner, ...]  # any one of them satisfies the stack
    coverage: tuple[CoverageTool, ...]
    placeholder_patterns: tuple[str, ...]  # regexes over test-file lines

    @property
    def coverage_formats(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.report_format for c in self.coverage))

    @property
    def tools(self) -> tuple[str, ...]:
        """Every executable worth probing for this stack: runners first, then coverage."""
        names = [r.tool for r in self.runners] + [c.tool for c in self.coverage
                                                   if c.package is None]
        return tuple(dict.fromkeys(names))

    def is_test_file(self, rel_path: str) -> bool:
        return any(glob_regex(g).fullmatch(rel_path) for g in self.test_globs)

    def speaks(self, rel_path: str) -> bool:
        """Is the file in the language of this stack's test files (by its extension)?"""
        suffix = PurePosixPath(rel_path).suffix
        return bool(suffix) and any(PurePosixPath(g).suffix == suffix for g in self.test_globs)


class UnknownStack(GaiaError):
    """A stack name outside the canonical vocabulary."""


def expand_braces(pattern: str) -> tuple[str, ...]:
    """`*.{test,spec}.{ts,js}` -> the four plain globs (the table is written with braces)."""
    match = re.search(r"\{([^{}]*)\}", pattern)
    if match is None:
        return (pattern,)
    head, tail = pattern[: match.start()], pattern[match.end() :]
    out: list[str] = []
    for option in match.group(1).split(","):
        out.extend(expand_braces(head + option + tail))
    return tuple(out)


_EXTGLOB_COUNT = {"?": "?", "*": "*", "+": "+", "@": ""}  # `?(x)`: zero or one x, ...


@lru_cache(maxsize=256)
def glob_regex(pattern: str) -> re.Pattern[str]:
    """Compile a `**`-aware glob: `**/` spans zero or more directories, `*` stays in one, `?`
    is one character, `[jt]` / `[!_]` a class; the extglobs `?(a|b)`, `@(..)`, `*(..)` and
    `+(..)` as in a JS runner's globs. ValueError for `!(..)`, which this does not read."""
    out = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:[^/]+/)*")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif ch in "?*+@!" and pattern.startswith("(", i + 1):
            close = pattern.find(")", i)
            if ch == "!" or close < 0:
                raise ValueError(f"unsupported glob: {pattern}")
            options = "|".join(re.escape(o).replace(r"\*", "[^/]*")
                               for o in pattern[i + 2:close].split("|"))
            out.append(f"(?:{options}){_EXTGLOB_COUNT[ch]}")
            i = close + 1
        elif ch == "*":
            out.append("[^/]*")
            i += 1
        elif ch == "?":
            out.append("[^/]")
            i += 1
        elif ch == "[" and pattern.find("]", i + 1) > 0:
            close = pattern.find("]", i + 1)
            body = pattern[i + 1:close].replace("\\", "\\\\")
            out.append(f"[{'^' if body.startswith('!') else ''}{body.lstrip('!^')}]")
            i = close + 1
        else:
            out.append(re.escape(ch))
            i += 1
    return re.compile("".join(out))


def _globs(*patterns: str) -> tuple[str, ...]:
    expanded: list[str] = []
    for pattern in patterns:
        expanded.extend(expand_braces(pattern))
    return tuple(dict.fromkeys(expanded))


_NPM = "npm install --save-dev {0}  (then it is found in node_modules/.bin)"
_COMMON_PLACEHOLDERS = (
    r"\bTODO\b",
    r"\bFIXME\b",
    r"(?i)not\s+(yet\s+)?implemented",
)
_JS_PLACEHOLDERS = (
    r"\b(?:it|test|describe)\.(?:todo|skip)\s*\(",
    r"\bx(?:it|describe|test)\s*\(",
    r"expect\(\s*true\s*\)\.toBe\(\s*true\s*\)",
    r"expect\([^)]*\)\.toBeDefined\(\)\s*;?\s*$",
)


def _placeholders(*specific: str) -> tuple[str, ...]:
    return (*specific, *_COMMON_PLACEHOLDERS)


STACKS: dict[str, StackAdapter] = {
    s.key: s
    for s in (
        StackAdapter(
            key="ts-dev",
            language="TypeScript / JavaScript",
            persona_file="typescript-dev.md",
            markers=(Marker("tsconfig.json"), Marker("package.json")),
            test_globs=_globs(
                "**/*.{test,spec}.{ts,tsx,js,jsx}", "**/__tests__/**/*.{ts,tsx,js,jsx}"
            ),
            runners=(
                Runner(
                    "jest", _NPM.format("jest"), ("jest", "--ci"), ("jest", "--listTests"), True
                ),
                Runner(
                    "vitest", _NPM.format("vitest"), ("vitest", "run"), ("vitest", "list"), True
                ),
            ),
            coverage=(
                CoverageTool("nyc", ("nyc", "--reporter=lcov"), "lcov"),
                CoverageTool("c8", ("c8", "--reporter=lcov"), "lcov"),
                CoverageTool("@vitest/coverage-v8",
                             ("vitest", "run", "--coverage", "--coverage.reporter=lcov"), "lcov",
                             package="@vitest/coverage-v8"),
                CoverageTool("@vitest/coverage-istanbul",
                             ("vitest", "run", "--coverage", "--coverage.provider=istanbul",
                              "--coverage.reporter=lcov"), "lcov",
                             package="@vitest/coverage-istanbul"),
                # jest's own coverage (`jest --coverage`) instruments through this package,
                # which every jest install carries
                CoverageTool("babel-plugin-istanbul",
                             ("jest", "--coverage", "--coverageReporters=lcov"), "lcov",
                             package="babel-plugin-istanbul"),
            ),
            placeholder_patterns=_placeholders(*_JS_PLACEHOLDERS),
        ),
        StackAdapter(
            key="java-dev",
            language="Java",
            persona_file="java-dev.md",
            markers=(Marker("pom.xml"), Marker("build.gradle"), Marker("build.gradle.kts")),
            test_globs=_globs("**/src/test/**/*Test.java"),
            runners=(
                Runner(
                    "mvn", "install Apache Maven (https://maven.apache.org)", ("mvn", "-q", "test")
                ),
                Runner(
                    "gradle", "install Gradle or commit the ./gradlew wrapper", ("gradle", "test")
                ),
            ),
            coverage=(CoverageTool("jacoco", ("mvn", "-q", "jacoco:report"), "jacoco"),),
            placeholder_patterns=_placeholders(
                r"@(?:Disabled|Ignore)\b",
                r"assertTrue\(\s*true\s*\)",
                r"fail\(\s*\"(?i:not implemented|todo)",
            ),
        ),
        StackAdapter(
            key="python-dev",
            language="Python",
            persona_file="python-dev.md",
            # Upstream's three, and the setuptools files many published libraries still have
            # instead (simplejson ships setup.py and setup.cfg, no pyproject.toml).
            markers=(Marker("requirements.txt"), Marker("pyproject.toml"), Marker("Pipfile"),
                     Marker("setup.py"), Marker("setup.cfg")),
            # pytest's own patterns, the unittest / Django module names `tests.py`, `test.py`,
            # unittest modules in CapWords (parsedatetime's `tests/TestNlp.py`), and, in a test
            # directory, unittest's own discovery pattern `test*.py` (pytimeparse's
            # `pytimeparse/tests/testtimeparse.py`; not a `testing.py` of a package's code).
            test_globs=_globs("**/test_*.py", "**/*_test.py", "**/tests.py", "**/test.py",
                              "**/Test[A-Z]*.py", "**/tests/test*.py", "**/test/test*.py"),
            runners=(
                Runner(
                    "pytest",
                    "pip install pytest  (or add it to your dev dependencies)",
                    ("pytest", "-q"),
                    ("pytest", "--collect-only", "-q"),
                ),
            ),
            coverage=(
                CoverageTool(
                    "coverage", ("coverage", "run", "--branch", "-m", "pytest"), "coveragepy-json"
                ),
            ),
            placeholder_patterns=_placeholders(
                r"^\s*pass\s*$",
                r"^\s*\.\.\.\s*$",
                r"\bassert\s+True\b",
                r"pytest\.(?:skip|xfail)\(",
                r"@pytest\.mark\.(?:skip|xfail)\b",
                r"raise\s+NotImplementedError",
            ),
        ),
        StackAdapter(
            key="go-dev",
            language="Go",
            persona_file="go-dev.md",
            markers=(Marker("go.mod"),),
            test_globs=_globs("**/*_test.go"),
            runners=(
                Runner(
                    "go",
                    "install Go (https://go.dev/dl)",
                    ("go", "test", "./..."),
                    ("go", "test", "-list", ".*", "./..."),
                ),
            ),
            coverage=(
                CoverageTool(
                    "go",
                    ("go", "test", "-cover", "-coverprofile=coverage.out", "./..."),
                    "go-cover",
                ),
            ),
            placeholder_patterns=_placeholders(
                r"\bt\.Skip(?:Now|f)?\(", r"\bpanic\(\s*\"(?i:todo|not implemented)"
            ),
        ),
        StackAdapter(
            key="flutter-dev",
            language="Dart / Flutter",
            persona_file="flutter-dev.md",
            markers=(Marker("pubspec.yaml"),),
            test_globs=_globs("test/**/*_test.dart"),
            runners=(
                Runner(
                    "flutter",
                    "install the Flutter SDK (https://docs.flutter.dev/get-started/install)",
                    ("flutter", "test"),
                ),
            ),
            coverage=(CoverageTool("flutter", ("flutter", "test", "--coverage"), "lcov"),),
            placeholder_patterns=_placeholders(
                r"\bskip:\s*(?:true|['\"])", r"expect\(\s*true\s*,\s*isTrue\s*\)"
            ),
        ),
        StackAdapter(
            key="mobile-dev",
            language="Swift / Kotlin (native mobile)",
            persona_file="mobile-dev.md",
            markers=(Marker("Podfile"), Marker("AndroidManifest.xml", depth=4)),
            test_globs=_globs(
                "**/*Tests.swift", "**/src/test/**/*Test.kt", "**/src/androidTest/**/*Test.kt"
            ),
            runners=(
                Runner(
                    "xcodebuild",
                    "install Xcode and its command line tools (xcode-select --install)",
                    ("xcodebuild", "test"),
                ),
                Runner(
                    "gradle", "install Gradle or commit the ./gradlew wrapper", ("gradle", "test")
                ),
            ),
            coverage=(
                CoverageTool("gradle", ("gradle", "jacocoTestReport"), "jacoco"),
            ),
            placeholder_patterns=_placeholders(
                r"\bXCTSkip\b",
                r"XCTAssertTrue\(\s*true\s*\)",
                r"@Ignore\b",
                r"assertTrue\(\s*true\s*\)",
            ),
        ),
        StackAdapter(
            key="angular-dev",
            language="TypeScript (Angular)",
            persona_file="angular-dev.md",
            markers=(Marker("angular.json"),),
            test_globs=_globs("**/*.{spec,test}.{ts,js}"),
            runners=(
                Runner(
                    "jest", _NPM.format("jest"), ("jest", "--ci"), ("jest", "--listTests"), True
                ),
                Runner(
                    "ng", _NPM.format("@angular/cli"), ("ng", "test", "--watch=false"), None, True
                ),
            ),
            coverage=(
                CoverageTool(
                    "jest",
                    ("jest", "--coverage", "--coverageReporters=lcov"),
                    "lcov",
                ),
            ),
            placeholder_patterns=_placeholders(*_JS_PLACEHOLDERS),
        ),
        StackAdapter(
            key="bash-dev",
            language="Bash",
            persona_file="bash-dev.md",
            markers=(),  # *.sh is in nearly every repo: bash is chosen explicitly only
            test_globs=_globs("**/*.bats", "test/**/*.bats"),
            runners=(
                Runner(
                    "bats",
                    "install bats-core (https://bats-core.readthedocs.io), e.g. apt install bats",
                    ("bats", "-r", "."),
                    ("bats", "--count", "-r", "."),
                ),
            ),
            coverage=(),
            placeholder_patterns=_placeholders(
                r"^\s*skip\b", r"^\s*true\s*$", r"\[\s*1\s*-eq\s*1\s*\]"
            ),
        ),
        StackAdapter(
            key="embedded-dev",
            language="C / C++ (embedded)",
            persona_file="embedded-dev.md",
            markers=(
                Marker("sdkconfig"),
                Marker("idf_component.yml"),
                Marker("platformio.ini"),
                # A bare CMakeLists.txt is any C/C++ project; only an RTOS/IDF one is embedded.
                Marker("CMakeLists.txt", contains=r"freertos|IDF_PATH|zephyr"),
            ),
            test_globs=_globs("test/**/*_test.{c,cpp}", "**/*_test.{c,cpp}"),
            runners=(
                Runner(
                    "ctest",
                    "install CMake (ships ctest)",
                    ("ctest", "--output-on-failure"),
                    ("ctest", "-N"),
                ),
                Runner("pio", "pip install platformio", ("pio", "test")),
            ),
            coverage=(
                CoverageTool("gcovr", ("gcovr", "--xml", "coverage.xml"), "cobertura"),
                CoverageTool("lcov", ("lcov", "--capture", "--directory", "."), "lcov"),
            ),
            placeholder_patterns=_placeholders(
                r"\bTEST_IGNORE(?:_MESSAGE)?\s*\(",
                r"TEST_ASSERT_TRUE\(\s*1\s*\)",
                r"\bGTEST_SKIP\(",
            ),
        ),
    )
}

CANONICAL = tuple(STACKS)

# First hit wins. Angular before TS (angular.json sits beside tsconfig.json); Flutter before
# mobile (a Flutter app carries an AndroidManifest.xml); embedded before the generic markers;
# mobile before TS so native apps with JS tooling are not classified ts-dev.
DETECTION_ORDER = (
    "angular-dev",
    "flutter-dev",
    "embedded-dev",
    "go-dev",
    "java-dev",
    "python-dev",
    "mobile-dev",
    "ts-dev",
)


# Persona names are accepted wherever a stack token is: `typescript-dev` is `ts-dev`.
PERSONA_ALIASES: dict[str, str] = {
    s.persona_file.removesuffix(".md"): s.key
    for s in STACKS.values()
    if s.persona_file.removesuffix(".md") != s.key
}


def canonical(name: str) -> str:
    """`name` as a canonical stack key when it is a persona alias; otherwise unchanged."""
    return PERSONA_ALIASES.get(name, name)


def get(name: str, exit_code: int = 2) -> StackAdapter:
    """The adapter for a canonical stack name or a persona name; anything else is refused."""
    adapter = STACKS.get(canonical(name))
    if adapter is None:
        shown = name.encode("unicode_escape").decode("ascii")[:60]
        raise UnknownStack(
            f"unsupported stack: {shown} (expected one of: {', '.join(CANONICAL)})", exit_code
        )
    return adapter


# A runner a tier may run that is no stack's probed runner, and the stack whose test files it
# runs: `python -m unittest`, whose verbose report the review reads (a test of its file with
# no outcome in it never ran: toposort's tier stopped at import had its tests counted).
_ALSO_RUN_BY = {"unittest": "python-dev"}


def runs_file(tool: str, rel_path: str) -> bool:
    """Is `rel_path` in the language of the test files of a stack whose runner `tool` is
    (pytest, unittest: `.py`; jest, vitest: JS and TS; go: `.go`; bats: `.bats`)?"""
    if tool in _ALSO_RUN_BY:
        return STACKS[_ALSO_RUN_BY[tool]].speaks(rel_path)
    return any(adapter.speaks(rel_path) for adapter in STACKS.values()
               if any(runner.tool == tool for runner in adapter.runners))


def _find_within(root: Path, name: str, depth: int) -> Path | None:
    level = [root]
    for _ in range(depth + 1):
        nxt: list[Path] = []
        for directory in level:
            candidate = directory / name
            if candidate.is_file():
                return candidate
            try:
                nxt.extend(
                    p
                    for p in sorted(directory.iterdir())
                    if p.is_dir() and not p.is_symlink() and p.name not in (".git", "node_modules")
                )
            except OSError:
                continue
        level = nxt
    return None


def marker_hit(root: Path, marker: Marker) -> bool:
    found = _find_within(root, marker.file, marker.depth)
    if found is None:
        return False
    if marker.contains is None:
        return True
    try:
        text = found.read_text(encoding="utf-8", errors="replace")[:200_000]
    except OSError:
        return False
    return re.search(marker.contains, text, re.IGNORECASE) is not None


# Directory names that hold a project's tests (`src/test`: Maven's and Gradle's layout).
TEST_DIR_NAMES = ("tests", "test", "__tests__", "spec", "specs", "e2e", "src/test", "androidTest")


def names_test_file(rel: str) -> bool:
    """Whether some stack's test globs name `rel` (`test_x.py`, `x.test.ts`, `x_test.go`)."""
    return any(adapter.is_test_file(rel) for adapter in STACKS.values())


def detect(root: Path) -> str | None:
    """The stack whose markers appear first in DETECTION_ORDER under `root`, or None."""
    for key in DETECTION_ORDER:
        if any(marker_hit(root, m) for m in STACKS[key].markers):
            return key
    return None
