"""Split test files into individual test cases (name, line, body), per language.

Pure text processing, no imports of the code under test: the coverage analyzer matches ACs
against these records. Unknown extensions yield no cases.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class TestCase:
    __test__ = False  # a record, not a pytest test class

    file: str  # repo-relative POSIX path
    name: str  # the test's own name or description, with enclosing describe/class names
    line: int  # 1-based line of the test's declaration
    body: str  # leading comments/decorators + the declaration + its body

    @property
    def test_id(self) -> str:
        return f"{self.file}::{self.name}"


_PY_DEF = re.compile(r"^(?P<indent>[ \t]*)(?:async[ \t]+)?def[ \t]+(?P<name>test\w*)[ \t]*\(")
_PY_CLASS = re.compile(r"^(?P<indent>[ \t]*)class[ \t]+(?P<name>\w+)")
_JS_TEST = re.compile(
    r"\b(?P<kind>it|test|describe)(?:\.(?:only|skip|todo|concurrent|each\([^)]*\)))*[ \t]*\("
    r"[ \t]*(?P<q>['\"`])(?P<name>(?:\\.|(?!(?P=q)).)*)(?P=q)"
)
_BATS_TEST = re.compile(r"^@test[ \t]+(?P<q>['\"])(?P<name>.*)(?P=q)[ \t]*\{")
_GO_TEST = re.compile(r"^func[ \t]+(?P<name>(?:Test|Example|Fuzz)\w*)[ \t]*\(")
_JVM_TEST = re.compile(r"^\s*(?:public\s+|internal\s+)?(?:void|fun)\s+`?(?P<name>[^`(]+?)`?\s*\(")
_DART_TEST = re.compile(r"\b(?:test|testWidgets)\(\s*(?P<q>['\"])(?P<name>.*?)(?P=q)")
_SWIFT_TEST = re.compile(r"\bfunc[ \t]+(?P<name>test\w*)[ \t]*\(")
_C_TEST = re.compile(
    r"^(?:TEST(?:_F|_P)?\(\s*(?P<suite>\w+)\s*,\s*(?P<case>\w+)\s*\)"
    r"|(?:static\s+)?void\s+(?P<fn>test_?\w*)\s*\()"
)

BRACE_LANGUAGES = {".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs", ".java", ".kt", ".dart",
                   ".swift", ".c", ".cc", ".cpp", ".go"}


def _leading_comments(lines: list[str], index: int) -> int:
    """Index of the first comment/decorator line directly above `index`: they document a test."""
    start = index
    while start > 0:
        prev = lines[start - 1].strip()
        if prev.startswith(("#", "//", "@", "/*", "*", "--")) and not prev.startswith("@test"):
            start -= 1
        else:
            break
    return start


def _brace_block_end(lines: list[str], index: int) -> int:
    """Last line of the brace block opened at or after `index` (heuristic: strings not parsed)."""
    depth = 0
    opened = False
    for i in range(index, len(lines)):
        for ch in lines[i]:
            if ch == "{":
                depth += 1
                opened = True
            elif ch == "}":
                depth -= 1
                if opened and depth <= 0:
                    return i
        if not opened and i > index + 3:
            return index
    return len(lines) - 1


def _python_cases(path: str, lines: list[str]) -> Iterator[TestCase]:
    classes: list[tuple[int, str]] = []
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        while classes and indent <= classes[-1][0]:
            classes.pop()
        klass = _PY_CLASS.match(line)
        if klass:
            classes.append((len(klass.group("indent")), klass.group("name")))
            continue
        match = _PY_DEF.match(line)
        if not match:
            continue
        def_indent = len(match.group("indent"))
        end = i + 1
        while end < len(lines):
            text = lines[end]
            if text.strip() and len(text) - len(text.lstrip()) <= def_indent:
                break
            end += 1
        start = _leading_comments(lines, i)
        prefix = "::".join(name for _, name in classes)
        name = f"{prefix}::{match.group('name')}" if prefix else match.group("name")
        yield TestCase(path, name, i + 1, "\n".join(lines[start:end]))


def _js_cases(path: str, lines: list[str]) -> Iterator[TestCase]:
    describes: list[tuple[int, str]] = []  # (end line, name)
    for i, line in enumerate(lines):
        while describes and i > describes[-1][0]:
            describes.pop()
        for match in _JS_TEST.finditer(line):
            end = _brace_block_end(lines, i)
            if match.group("kind") == "describe":
                describes.append((end, match.group("name")))
                continue
            names = [name for _, name in describes] + [match.group("name")]
            start = _leading_comments(lines, i)
            yield TestCase(path, " > ".join(names), i + 1, "\n".join(lines[start : end + 1]))


def _line_pattern_cases(
    path: str, lines: list[str], pattern: re.Pattern[str]
) -> Iterator[TestCase]:
    for i, line in enumerate(lines):
        match = pattern.search(line)
        if not match:
            continue
        groups = match.groupdict()
        if groups.get("suite"):
            name = f"{groups['suite']}.{groups['case']}"
        else:
            name = groups.get("name") or groups.get("fn") or ""
        if not name:
            continue
        end = _brace_block_end(lines, i)
        start = _leading_comments(lines, i)
        yield TestCase(path, name.strip(), i + 1, "\n".join(lines[start : end + 1]))


def _jvm_cases(path: str, lines: list[str]) -> Iterator[TestCase]:
    for i, line in enumerate(lines):
        if not line.strip().startswith("@Test"):
            continue
        for j in range(i, min(i + 4, len(lines))):
            match = _JVM_TEST.match(lines[j])
            if match:
                end = _brace_block_end(lines, j)
                start = _leading_comments(lines, i)
                yield TestCase(path, match.group("name").strip(), j + 1,
                               "\n".join(lines[start : end + 1]))
                break


def _bats_cases(path: str, lines: list[str]) -> Iterator[TestCase]:
    for i, line in enumerate(lines):
        match = _BATS_TEST.match(line)
        if not match:
            continue
        end = i + 1
        while end < len(lines) and lines[end].rstrip() != "}":
            end += 1
        start = _leading_comments(lines, i)
        yield TestCase(path, match.group("name"), i + 1, "\n".join(lines[start : end + 1]))


def split_tests(path: str, text: str) -> list[TestCase]:
    """Every test case declared in `text`, the file at repo-relative `path`."""
    lines = text.splitlines()
    lower = path.lower()
    suffix = lower[lower.rfind(".") :] if "." in lower else ""
    if suffix == ".py":
        return list(_python_cases(path, lines))
    if suffix in (".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs"):
        return list(_js_cases(path, lines))
    if suffix == ".bats":
        return list(_bats_cases(path, lines))
    if suffix == ".go":
        return list(_line_pattern_cases(path, lines, _GO_TEST))
    if suffix in (".java", ".kt"):
        return list(_jvm_cases(path, lines))
    if suffix == ".dart":
        return list(_line_pattern_cases(path, lines, _DART_TEST))
    if suffix == ".swift":
        return list(_line_pattern_cases(path, lines, _SWIFT_TEST))
    if suffix in (".c", ".cc", ".cpp"):
        return list(_line_pattern_cases(path, lines, _C_TEST))
    return []
