"""Line and branch coverage from the coverage tools' own reports, one record per source file.

Formats: coverage.py JSON (`coverage json`, with branch data; a report of lines alone, its
`meta.branch_coverage` false, marks each file's branches as not measured), lcov `.info` (SF /
DA / BRDA, and FN / FNDA: the functions it lists and whether any test called them),
Cobertura XML (coverage.py `coverage xml`, istanbul's cobertura reporter), JaCoCo XML and Go
cover profiles. `uncovered_error_branches` cross-references a source file with its record to
find error handlers (Python `except`, JS/TS/Java `catch`, Go `if err != nil {`) that no test ran:
the deterministic evidence behind an "untested error path" finding, with the exception each
hands its caller in place of what it caught (`raise ValueError(...)`; a Go err-check's `return
ConversionError{...}` or `return nil, ErrRange`, by Go's naming of error types and variables:
`_GO_RETURNED`; an unexported error variable of its file by the message it was made with,
`var invalidPath = errors.New("schema: invalid path")`: `_GO_ERROR_VAR`). A function no
test called
owns the branches up to the next function the report lists, and, for a JS/TS source, no
further than the line its brackets close on (`js_last_lines`): V8 lists not every function.
One whose code holds no branch (`js_branchless`) has none a report could leave out.

Pure: text in, frozen records out. Malformed, truncated, binary or oversized reports raise
`MalformedFile` (the caller's exit code, default 1); an unknown format or language raises
`InvalidInput`.
"""

from __future__ import annotations

import ast
import functools
import io
import json
import re
import tokenize
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from typing import Any

from gaia_lib.core import pyast
from gaia_lib.core.errors import InvalidInput, MalformedFile
from gaia_lib.core.lazyre import AnyPattern
from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.evidence.runner_output import report_text, xml_root

FORMATS = ("coveragepy-json", "lcov", "cobertura", "jacoco", "go-cover")


@dataclass(frozen=True)
class BranchArc:
    line: int  # the line the branch leaves from
    branch: str  # coverage.py: destination line (negative = exit); others: the branch's index
    taken: bool


@dataclass(frozen=True)
class FileCoverage:
    file: str  # as the report names it (repo-relative, package path or import path)
    covered_lines: tuple[int, ...]
    missed_lines: tuple[int, ...]
    branches: tuple[BranchArc, ...] = ()
    # False where the report says it measured no branch of any file (coverage.py's
    # `meta.branch_coverage`: a run of lines alone), not that the file has none
    branches_measured: bool = True
    # Go's own measure, as `go test -cover` and `go tool cover -func` give it: (statements
    # run, statements); None for the other formats, which count lines
    statements: tuple[int, int] | None = None
    # the functions an lcov report lists: (first line, name, called by any test)
    functions: tuple[tuple[int, str, bool], ...] = ()

    @property
    def branches_taken(self) -> int:
        return sum(arc.taken for arc in self.branches)

    @property
    def uncounted_functions(self) -> tuple[str, ...]:
        """The functions no test called and of which the report counts no branch: none lies
        between the function's first line and the next listed function's. V8's lcov
        (vitest's default provider) records no branch of a function never called, so its
        branch share is of the functions that ran alone (css-select's `querying.ts`: 14 of
        14 branches taken, its `findOne` and `getNextSiblings` never called)."""
        return self.uncounted_within({})

    def uncounted_within(self, last_lines: Mapping[int, int],
                         branchless: AbstractSet[int] = frozenset()) -> tuple[str, ...]:
        """`uncounted_functions`, a function ending at its last line where `last_lines` (first
        line -> last line, `js_last_lines`) knows it: a function the report does not list
        after it lends it no branch (solid-query's `onCleanup(() => ...)`, unlisted, had
        counted its branches in the callback above it, never called: "5 of them with no
        branch counted" where none of the six had one). A function starting on a line of
        `branchless` (`js_branchless`) has no branch to leave out."""
        starts = sorted({line for line, _, _ in self.functions})
        uncounted = []
        for line, name, called in self.functions:
            if called or line in branchless:
                continue
            end = next((start for start in starts if start > line), None)
            if line in last_lines:
                end = min(end, last_lines[line] + 1) if end else last_lines[line] + 1
            if not any(line <= arc.line and (end is None or arc.line < end)
                       for arc in self.branches):
                uncounted.append(name)
        return tuple(uncounted)


@dataclass(frozen=True)
class CoverageReport:
    format: str
    files: tuple[FileCoverage, ...]  # sorted by file
    sources: tuple[str, ...] = field(default=())  # Cobertura <source> roots, in report order

    def for_file(self, path: str) -> FileCoverage | None:
        """Exact match first, then the record whose path ends with `/path` (or vice versa)."""
        for record in self.files:
            if record.file == path:
                return record
        suffix = [
            r for r in self.files
            if r.file.endswith("/" + path) or path.endswith("/" + r.file)
        ]
        return suffix[0] if len(suffix) == 1 else None


@dataclass(frozen=True)
class ErrorBranch:
    file: str
    line: int  # the handler's header line (`except`, `catch`, `if err != nil {`)
    kind: str  # except | catch | err-check
    # The exceptions an `except` clause names (`except (KeyError, errors.Missing):` ->
    # KeyError, Missing); () for a bare one, a `catch` or an err-check. Read off the header:
    # not part of the branch's identity.
    caught: tuple[str, ...] = field(default=(), compare=False)
    # The top-level function or class the handler sits in (`enclosing_units`); () at module
    # level. Not part of the branch's identity either.
    units: tuple[str, ...] = field(default=(), compare=False)
    # The exceptions its body raises in their place (`except TypeError: raise ValueError(...)`
    # -> ValueError; `throw new RangeError(...)`; a Go err-check's `return ConversionError{`,
    # `_GO_RETURNED`): what reaches the caller. () when it raises none, or only the one it
    # caught again. Not part of the branch's identity.
    raised: tuple[str, ...] = field(default=(), compare=False)
    # Whether its body raises or throws at all (the error caught, or another, on some path):
    # one that raises nothing keeps what it caught from the caller, handling it (`except
    # ValueError: return False`). Not part of the branch's identity.
    hands_on: bool = field(default=True, compare=False)


# A raise or throw of anything: what a handler that hands an error on has.
_RAISES = lazy_re(r"\b(?:raise|throw)\b")
# A raise of a named exception (`raise ValueError(...)`, `raise errors.Missing from e`,
# `throw new RangeError(`), by its last name; a bare `raise` / `throw e` names none.
_RAISED = lazy_re(r"\b(?:raise|throw\s+new)\s+(?:\w+\.)*([A-Z]\w*)")


# Go's counterpart of a raise: an err-check returning a value of a named error type or a
# named error (`return ConversionError{Key: path}`, `return nil, &pkg.SyntaxError{...}`,
# `return 0, ErrRange`), by Go's naming of them (an error type's name ends in `Error`, an
# error variable's starts with `Err`); a call (`fmt.Errorf(`, `err.Error()`, a constructor
# `NewSyntaxError(`) names none.
_GO_RETURNED = lazy_re(r"\breturn\b[^\n]*?(?<![\w.])(?:\w+\.)?([A-Z]\w*Error|Err[A-Z]\w*)\b"
                       r"(?!\s*\()")


# A Go error variable its file declares with its message (`var invalidPath =
# errors.New("schema: invalid path")`, a line of a `var (...)` block alike).
_GO_ERROR_VAR = lazy_re(r"^[ \t]*(?:var[ \t]+)?([A-Za-z_]\w*)[ \t]*=[ \t]*errors\.New\([ \t]*"
                        r"\"((?:[^\"\\\n]|\\.)+)\"[ \t]*\)", re.M)


def _raised(body: Sequence[str], caught: Sequence[str], family: str = "",
            messages: Mapping[str, str] | None = None) -> tuple[str, ...]:
    raises = (_RAISED, _GO_RETURNED) if family == "go" else (_RAISED,)
    names = dict.fromkeys(found.group(1) for line in body for pattern in raises
                          for found in pattern.finditer(line))
    # an unexported error variable of the file is known by its message, which an AC quotes
    for line in body:
        returned = re.search(r"\breturn\b", line)
        for name in re.findall(r"(?<![\w.])([a-z_]\w*)\b(?!\s*[({.])",
                               line[returned.end():] if returned and messages else ""):
            if messages and name in messages:
                names[messages[name]] = None
    return tuple(name for name in names if name not in caught)


class _Builder:
    """Accumulates per-file hits; a line hit by any record/block counts as covered."""

    def __init__(self) -> None:
        self.lines: dict[str, dict[int, bool]] = {}
        self.arcs: dict[str, dict[tuple[int, str], bool]] = {}
        # a Go block's statements, by where it is (a profile may list a block once per
        # package that ran it): (statements, run by any)
        self.blocks: dict[str, dict[tuple[int, ...], tuple[int, bool]]] = {}
        # a function by its first line and name: called by any record
        self.functions: dict[str, dict[tuple[int, str], bool]] = {}

    def line(self, file: str, number: int, hit: bool) -> None:
        lines = self.lines.setdefault(file, {})
        lines[number] = lines.get(number, False) or hit

    def arc(self, file: str, number: int, branch: str, taken: bool) -> None:
        arcs = self.arcs.setdefault(file, {})
        arcs[(number, branch)] = arcs.get((number, branch), False) or taken
        self.lines.setdefault(file, {})

    def function(self, file: str, line: int, name: str, called: bool) -> None:
        functions = self.functions.setdefault(file, {})
        functions[(line, name)] = functions.get((line, name), False) or called

    def block(self, file: str, where: tuple[int, ...], statements: int, hit: bool) -> None:
        blocks = self.blocks.setdefault(file, {})
        blocks[where] = (statements, blocks.get(where, (0, False))[1] or hit)

    def build(self, fmt: str, sources: tuple[str, ...] = ()) -> CoverageReport:
        records = []
        for file in sorted(self.lines):
            lines = self.lines[file]
            arcs = self.arcs.get(file, {})
            blocks = self.blocks.get(file)
            statements = (sum(n for n, hit in blocks.values() if hit),
                          sum(n for n, _ in blocks.values())) if blocks is not None else None
            records.append(
                FileCoverage(
                    file=file,
                    covered_lines=tuple(sorted(n for n, hit in lines.items() if hit)),
                    missed_lines=tuple(sorted(n for n, hit in lines.items() if not hit)),
                    branches=tuple(
                        BranchArc(line=n, branch=b, taken=t)
                        for (n, b), t in sorted(arcs.items(), key=_arc_order)
                    ),
                    statements=statements,
                    functions=tuple((line, name, called) for (line, name), called
                                    in sorted(self.functions.get(file, {}).items())),
                )
            )
        return CoverageReport(format=fmt, files=tuple(records), sources=sources)


def combined(reports: Sequence[CoverageReport]) -> CoverageReport:
    """Several reports as one (`lcov`): a file two reports measure keeps a line or branch as
    covered or taken when either has it so (one stack's tier and another's, of different
    tools, or two tiers of one runner)."""
    builder = _Builder()
    for report in reports:
        for record in report.files:
            builder.lines.setdefault(record.file, {})
            for number in record.covered_lines:
                builder.line(record.file, number, True)
            for number in record.missed_lines:
                builder.line(record.file, number, False)
            for arc in record.branches:
                builder.arc(record.file, arc.line, arc.branch, arc.taken)
            for line, name, called in record.functions:
                builder.function(record.file, line, name, called)
    merged = builder.build("lcov")
    # a file's branches are measured where any report measured them
    measured = {record.file for report in reports for record in report.files
                if record.branches_measured}
    return replace(merged, files=tuple(replace(record, branches_measured=record.file in measured)
                                       for record in merged.files))


def to_lcov(report: CoverageReport) -> str:
    """`report` written as an lcov report that `parse_lcov` reads back to the same records (an
    lcov branch `block.branch` keeps its block; another tool's branch is block 0's)."""
    out = []
    for record in report.files:
        out.append(f"SF:{record.file}")
        hits = {**{n: 0 for n in record.missed_lines}, **{n: 1 for n in record.covered_lines}}
        out.extend(f"DA:{number},{hit}" for number, hit in sorted(hits.items()))
        for arc in record.branches:
            block, _, branch = arc.branch.partition(".") if "." in arc.branch \
                else ("0", "", arc.branch)
            out.append(f"BRDA:{arc.line},{block},{branch},{1 if arc.taken else 0}")
        out.extend(f"FN:{line},{name}" for line, name, _ in record.functions)
        out.extend(f"FNDA:{1 if called else 0},{name}" for _, name, called in record.functions)
        out.append("end_of_record")
    return "\n".join(out) + "\n"


def _arc_order(item: tuple[tuple[int, str], bool]) -> tuple[int, int, str]:
    (line, branch), _ = item
    numeric = int(branch) if re.fullmatch(r"-?\d+", branch) else 0
    return (line, numeric, branch)


def _int(value: Any, what: str, exit_code: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise MalformedFile(f"{what}: expected a number, got {value!r}"[:160], exit_code)
    try:
        return int(value)
    except ValueError:
        raise MalformedFile(f"{what}: expected a number, got {value!r}"[:160], exit_code) from None


# --- coverage.py JSON -------------------------------------------------------------------------


def parse_coveragepy_json(data: bytes | str, exit_code: int = 1) -> CoverageReport:
    what = "coverage.py JSON report"
    text = report_text(data, what, exit_code)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string")
        problem = "truncated" if cut else f"not valid JSON ({exc.msg})"
        raise MalformedFile(f"{what} is {problem}", exit_code) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("files"), dict):
        raise MalformedFile(f"{what} has no 'files' object", exit_code)
    builder = _Builder()
    for file, entry in doc["files"].items():
        if not isinstance(entry, dict):
            raise MalformedFile(f"{what}: entry for {file} is not an object", exit_code)
        for key, hit in (("executed_lines", True), ("missing_lines", False)):
            values = entry.get(key, [])
            if not isinstance(values, list):
                raise MalformedFile(f"{what}: {file}.{key} is not a list", exit_code)
            for number in values:
                builder.line(file, _int(number, f"{what}: {file}.{key}", exit_code), hit)
        builder.lines.setdefault(file, {})
        for key, taken in (("executed_branches", True), ("missing_branches", False)):
            arcs = entry.get(key, [])
            if not isinstance(arcs, list):
                raise MalformedFile(f"{what}: {file}.{key} is not a list", exit_code)
            for arc in arcs:
                if not isinstance(arc, list) or len(arc) != 2:
                    raise MalformedFile(f"{what}: {file}.{key} has a bad arc {arc!r}", exit_code)
                source = _int(arc[0], f"{what}: {file}.{key}", exit_code)
                target = _int(arc[1], f"{what}: {file}.{key}", exit_code)
                builder.arc(file, source, str(target), taken)
    report = builder.build("coveragepy-json")
    meta = doc.get("meta")
    if isinstance(meta, dict) and meta.get("branch_coverage") is False:
        return replace(report, files=tuple(replace(record, branches_measured=False)
                                           for record in report.files))
    return report


# --- lcov -------------------------------------------------------------------------------------


def _paired_functions(starts: Sequence[tuple[str, int]], calls: Mapping[str, Sequence[int]]
                      ) -> list[tuple[str, int, bool]]:
    """An lcov record's FN lines with whether each was called: the k-th function of a name
    with the k-th FNDA of that name where the record has as many of each, else (a tool that
    wrote one FNDA for them all) each called when any FNDA of the name counts a call."""
    alike = Counter(name for name, _ in starts)
    seen: dict[str, int] = {}
    out = []
    for name, first in starts:
        index = seen.get(name, 0)
        seen[name] = index + 1
        counts = calls.get(name, ())
        called = counts[index] > 0 if len(counts) == alike[name] else any(n > 0 for n in counts)
        out.append((name, first, called))
    return out


def parse_lcov(data: bytes | str, exit_code: int = 1) -> CoverageReport:
    """`SF:` opens a record, `end_of_record` closes it; DA, BRDA, FN and FNDA inside. BRDA's
    taken `-` means the branch's condition was never evaluated: not taken. FN names a function
    and its first line, FNDA its calls (`FNDA:<calls>,<name>`); a function FNDA does not name
    was not called. Functions of one name (V8 names the callbacks handed to the same call
    alike, vite's `__vite_ssr_import_2__.createComputed.__vite_ssr_import_2__.on.defer` at
    three lines of solid-query's `createBaseQuery.ts`) are paired with their FNDA lines in
    order, where there are as many: they had read as one function, called when any was, and
    "4 of 13 functions never called" where the report lists 6 of 15."""
    what = "lcov report"
    text = report_text(data, what, exit_code)
    builder = _Builder()
    current: str | None = None
    records = 0
    starts: list[tuple[str, int]] = []  # the open record's functions: (name, first line)
    calls: dict[str, list[int]] = {}  # the open record's FNDA: name -> calls, in order
    for number, raw_line in enumerate(text.splitlines(), start=1):
        line = raw_line.strip()
        where = f"{what} line {number}"
        if line.startswith("SF:"):
            if current is not None:
                raise MalformedFile(f"{where}: SF inside an unfinished record", exit_code)
            current = line[3:]
            if not current:
                raise MalformedFile(f"{where}: empty SF path", exit_code)
            builder.lines.setdefault(current, {})
        elif line == "end_of_record":
            if current is None:
                raise MalformedFile(f"{where}: end_of_record without SF", exit_code)
            for name, first, called in _paired_functions(starts, calls):
                builder.function(current, first, name, called)
            starts, calls = [], {}
            current = None
            records += 1
        elif line.startswith(("FN:", "FNDA:")):
            if current is None:
                raise MalformedFile(f"{where}: data outside a record", exit_code)
            tag, _, rest = line.partition(":")
            count, _, name = rest.partition(",")
            end, comma, named = name.partition(",")
            if tag == "FN" and comma and end.isdigit():  # lcov 2's `FN:<first>,<last>,<name>`
                name = named
            if not name:
                raise MalformedFile(f"{where}: malformed {tag}", exit_code)
            if tag == "FN":
                starts.append((name, _int(count, where, exit_code)))
            else:
                calls.setdefault(name, []).append(_int(count, where, exit_code))
        elif line.startswith(("DA:", "BRDA:")):
            if current is None:
                raise MalformedFile(f"{where}: data outside a record", exit_code)
            tag, _, rest = line.partition(":")
            if tag == "DA":
                parts = rest.split(",")
                if len(parts) < 2:
                    raise MalformedFile(f"{where}: malformed DA", exit_code)
                hits = _int(parts[1], where, exit_code)
                builder.line(current, _int(parts[0], where, exit_code), hits > 0)
            else:
                # BRDA:<line>,<block>,<branch>,<taken>; coverage.py's branch field may hold
                # commas ("jump to line 12"), so split the ends off and keep the middle.
                head, _, taken = rest.rpartition(",")
                parts = head.split(",", 2)
                if len(parts) < 3:
                    raise MalformedFile(f"{where}: malformed BRDA", exit_code)
                hits = 0 if taken == "-" else _int(taken, where, exit_code)
                builder.arc(
                    current,
                    _int(parts[0], where, exit_code),
                    f"{parts[1]}.{parts[2]}",
                    hits > 0,
                )
    if current is not None:
        raise MalformedFile(f"{what} is truncated: record for {current} never ended", exit_code)
    if records == 0:
        raise MalformedFile(f"{what} has no SF records", exit_code)
    return builder.build("lcov")


# --- Cobertura XML ----------------------------------------------------------------------------

_CONDITION_RE = lazy_re(r"\((\d+)/(\d+)\)")


def parse_cobertura(data: bytes | str, exit_code: int = 1) -> CoverageReport:
    """`class@filename` / `line@number,hits,branch,condition-coverage="50% (1/2)"`. Cobertura
    counts branches per line, not per arc: branch i is taken for i < covered."""
    what = "Cobertura XML report"
    root = xml_root(data, what, exit_code)
    if root.tag != "coverage":
        raise MalformedFile(f"{what} has root element <{root.tag}>, not <coverage>", exit_code)
    sources = tuple((s.text or "").strip() for s in root.iter("source"))
    builder = _Builder()
    for cls in root.iter("class"):
        file = cls.get("filename")
        if not file:
            raise MalformedFile(f"{what}: a <class> has no filename", exit_code)
        builder.lines.setdefault(file, {})
        # Method-level <line>s repeat the class-level ones; reading the class's own list suffices.
        lines = cls.find("lines")
        for line in lines.iter("line") if lines is not None else ():
            where = f"{what}: {file}"
            number = _int(line.get("number"), where, exit_code)
            hits = _int(line.get("hits", "0"), where, exit_code)
            builder.line(file, number, hits > 0)
            condition = line.get("condition-coverage")
            if line.get("branch") == "true" and condition:
                match = _CONDITION_RE.search(condition)
                if not match:
                    raise MalformedFile(f"{where}: bad condition-coverage {condition!r}", exit_code)
                covered, total = int(match.group(1)), int(match.group(2))
                for index in range(total):
                    builder.arc(file, number, str(index), index < covered)
    return builder.build("cobertura", sources)


# --- JaCoCo XML -------------------------------------------------------------------------------


def parse_jacoco(data: bytes | str, exit_code: int = 1) -> CoverageReport:
    """`package@name` / `sourcefile@name` / `line nr mi ci mb cb`; file = package/sourcefile.
    A line is covered when any of its instructions ran (ci > 0)."""
    what = "JaCoCo XML report"
    root = xml_root(data, what, exit_code)
    if root.tag != "report":
        raise MalformedFile(f"{what} has root element <{root.tag}>, not <report>", exit_code)
    builder = _Builder()
    for package in root.iter("package"):
        prefix = package.get("name", "")
        for source in package.iter("sourcefile"):
            name = source.get("name")
            if not name:
                raise MalformedFile(f"{what}: a <sourcefile> has no name", exit_code)
            file = f"{prefix}/{name}" if prefix else name
            builder.lines.setdefault(file, {})
            for line in source.iter("line"):
                where = f"{what}: {file}"
                number = _int(line.get("nr"), where, exit_code)
                mi, ci, mb, cb = (
                    _int(line.get(attr, "0"), where, exit_code) for attr in ("mi", "ci", "mb", "cb")
                )
                if mi or ci:
                    builder.line(file, number, ci > 0)
                for index in range(mb + cb):
                    builder.arc(file, number, str(index), index < cb)
    return builder.build("jacoco")


# --- Go cover profile -------------------------------------------------------------------------

_GO_BLOCK_RE = lazy_re(r"^(.+):(\d+)\.(\d+),(\d+)\.(\d+) (\d+) (\d+)$")


def parse_go_cover(data: bytes | str, exit_code: int = 1) -> CoverageReport:
    """`mode: set|count|atomic`, then `file:startLine.col,endLine.col numStmts count`. A line
    is covered when any block spanning it ran; Go profiles carry no branch data. Each file's
    statements run and statements (`FileCoverage.statements`) are Go's own figure, a block
    listed twice counted once: a block's lines hold its comments and blank lines too."""
    what = "Go cover profile"
    text = report_text(data, what, exit_code)
    lines = text.splitlines()
    if not lines[0].startswith("mode: "):
        raise MalformedFile(f"{what} does not start with 'mode:'", exit_code)
    builder = _Builder()
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        match = _GO_BLOCK_RE.match(line)
        if not match:
            cut = number == len(lines) and not text.endswith("\n")
            problem = "is truncated" if cut else "has a malformed block"
            raise MalformedFile(f"{what} {problem} (line {number})", exit_code)
        file = match.group(1)
        start, end, count = int(match.group(2)), int(match.group(4)), int(match.group(7))
        if end < start:
            raise MalformedFile(f"{what}: block ends before it starts (line {number})", exit_code)
        for covered_line in range(start, end + 1):
            builder.line(file, covered_line, count > 0)
        where = tuple(int(match.group(i)) for i in range(2, 6))
        builder.block(file, where, int(match.group(6)), count > 0)
    return builder.build("go-cover")


_PARSERS: Mapping[str, Callable[[bytes | str, int], CoverageReport]] = {
    "coveragepy-json": parse_coveragepy_json,
    "lcov": parse_lcov,
    "cobertura": parse_cobertura,
    "jacoco": parse_jacoco,
    "go-cover": parse_go_cover,
}


def parse(fmt: str, data: bytes | str, exit_code: int = 1) -> CoverageReport:
    parser = _PARSERS.get(fmt)
    if parser is None:
        raise InvalidInput(
            f"unknown coverage format '{fmt}' (one of: {', '.join(FORMATS)})", exit_code
        )
    return parser(data, exit_code)


# --- uncovered error handlers -----------------------------------------------------------------

_LANGUAGES = {
    "python": "python", "py": "python", "python-dev": "python",
    "javascript": "brace", "js": "brace", "typescript": "brace", "ts": "brace",
    "ts-dev": "brace", "angular-dev": "brace", "java": "brace", "java-dev": "brace",
    "kotlin": "brace",
    "go": "go", "go-dev": "go",
}


# The exceptions an `except` clause names: `except (KeyError, errors.Missing) as e:`, and
# an `except*` clause's (PEP 654: `except* (KeyError, OSError):`).
_EXCEPT_NAMES = lazy_re(r"\s*except\s*\*?\s*\(?\s*([\w.]+(?:\s*,\s*[\w.]+)*)")
# `except ImportError:` picks a fallback dependency (`contextlib2` on an old Python): no
# behaviour's error path, and never run on the Python the tests use. Nor is a package's
# fallback for its own version where its installed metadata is missing (`except
# PackageNotFoundError:` around `importlib.metadata.version`, pkg_resources'
# `DistributionNotFound`): which branch runs depends on how it was installed (munch's
# `__version__ = "0.0.0"` had been an untested error path "that may be about" an AC).
_FALLBACKS = frozenset({"ImportError", "ModuleNotFoundError", "PackageNotFoundError",
                        "DistributionNotFound"})


def _except_names(header: str) -> tuple[str, ...]:
    """The exceptions the `except` clause on line `header` names, by their last name."""
    match = _EXCEPT_NAMES.match(header)
    if match is None:
        return ()
    return tuple(n.strip().rsplit(".", 1)[-1] for n in match.group(1).split(",") if n.strip())


def _python_handlers(source: str) -> list[tuple[int, tuple[int, ...], tuple[str, ...]]]:
    """(except line, body lines, the exceptions it names) for each `except` clause (and
    `except*`), found by the parser (a source this Python cannot parse, newer syntax: by the
    tokenizer) so that strings and comments mentioning `except` are never mistaken for
    clauses; import fallbacks (`except ImportError:`) and installed-version fallbacks (`except
    PackageNotFoundError:`) are left out. A body runs to its last statement (the tokenizer's,
    to the next line of code at the clause's depth: the same statements)."""
    if "except" not in source:
        return []
    try:
        tree = pyast.module(source)
    except (SyntaxError, ValueError):
        return _tokenized_handlers(source)
    lines = source.split("\n")
    handlers = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler):
            caught = _except_names(lines[node.lineno - 1])
            if caught and set(caught) <= _FALLBACKS:
                continue
            end = node.end_lineno or node.lineno
            handlers.append((node.lineno, tuple(range(node.lineno + 1, end + 1)), caught))
    return sorted(handlers)


def _tokenized_handlers(source: str) -> list[tuple[int, tuple[int, ...], tuple[str, ...]]]:
    """`_python_handlers` by the tokenizer (each body up to the next line of code at its
    clause's depth)."""
    starts: list[tuple[int, int, str]] = []  # first token of each logical line: (row, col, text)
    at_line_start = True
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type in (tokenize.NEWLINE, tokenize.NL):
                at_line_start = tok.type == tokenize.NEWLINE or at_line_start
                continue
            if tok.type in (tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT,
                            tokenize.ENDMARKER):
                continue
            if at_line_start:
                starts.append((tok.start[0], tok.start[1], tok.string))
                at_line_start = False
    except (tokenize.TokenError, SyntaxError):
        return []  # source that does not tokenize is not analysed (no guessing)
    total = source.count("\n") + 1
    lines = source.split("\n")
    handlers = []
    for index, (row, col, text) in enumerate(starts):
        caught = _except_names(lines[row - 1]) if text == "except" else ()
        if text != "except" or (caught and set(caught) <= _FALLBACKS):
            continue
        end = total
        for later_row, later_col, _ in starts[index + 1:]:
            if later_col <= col:
                end = later_row - 1
                break
        handlers.append((row, tuple(range(row + 1, end + 1)), caught))
    return handlers


def _strip_code(source: str) -> str:
    """Blank out comments and string literals (keeping newlines and columns) so that brace
    matching and `catch` detection only see code."""
    out = []
    i, n = 0, len(source)
    while i < n:
        ch = source[i]
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif source.startswith("/*", i):
            j = source.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(c if c == "\n" else " " for c in source[i:j]))
            i = j
        elif ch in "\"'`":
            j = i + 1
            while j < n and source[j] != ch:
                j += 2 if source[j] == "\\" else 1
            j = min(j + 1, n)
            out.append("".join(c if c == "\n" else " " for c in source[i:j]))
            i = j
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _brace_blocks(code: str, pattern: AnyPattern
                  ) -> list[tuple[int, tuple[int, ...], tuple[str, ...]]]:
    """(header line, body lines, ()) for each match of `pattern` ending at an opening `{`."""
    blocks: list[tuple[int, tuple[int, ...], tuple[str, ...]]] = []
    for match in pattern.finditer(code):
        brace = code.find("{", match.end() - 1)
        if brace < 0:
            continue
        depth, pos = 0, brace
        while pos < len(code):
            if code[pos] == "{":
                depth += 1
            elif code[pos] == "}":
                depth -= 1
                if depth == 0:
                    break
            pos += 1
        header = code.count("\n", 0, match.start()) + 1
        open_line = code.count("\n", 0, brace) + 1
        close_line = code.count("\n", 0, pos) + 1
        blocks.append((header, tuple(range(open_line + 1, close_line + 1)), ()))
    return blocks


# `catch (e) {` / `catch {` (not a promise's `.catch(`); Go's gofmt'd `if err != nil {`.
_CATCH_RE = lazy_re(r"(?<![.\w])catch\s*(?:\([^)]*\)\s*)?\{")
_GO_ERR_RE = lazy_re(r"(?m)^[ \t]*(?:\}\s*else\s+)?if\s+(?:.*;\s*)?err\s*!=\s*nil\s*\{")


# A handler that only hands the error on, unchanged: `return err` (`return nil, err`), a bare
# `raise` (or `raise e` of `except ... as e`), `throw e` of `catch (e)`.
_GO_PASS_ON = lazy_re(r"return\s+(?:[^,()]+,\s*)*err;?")
_AS_NAME = lazy_re(r"\bas\s+(\w+)\s*:")
_CATCH_NAME = lazy_re(r"catch\s*\(\s*(?:final\s+)?(?:[\w.|\s]+\s)?(\w+)\s*\)")


def _propagates(family: str, header: str, body: list[str]) -> bool:
    """Does the handler only pass the error on? Its body's code (comments, blank lines and a
    brace block's closing brace left out) is one statement that returns or re-raises it: the
    error is handled, or not, where it is made or caught for good; this is plumbing."""
    code = " ".join(line.split("#", 1)[0].strip() if family == "python" else line.strip()
                    for line in body)
    code = code.rstrip("} ").strip()
    if family == "go":
        return _GO_PASS_ON.fullmatch(code) is not None
    if family == "python":
        named = _AS_NAME.search(header)
        return code == "raise" or (named is not None and code == f"raise {named.group(1)}")
    caught = _CATCH_NAME.search(header)
    return caught is not None and re.fullmatch(rf"throw\s+{caught.group(1)};?", code) is not None


Handler = tuple[int, tuple[int, ...], tuple[str, ...]]  # (header line, body lines, caught)


def _family(language: str) -> str:
    family = _LANGUAGES.get(language.lower())
    if family is None:
        raise InvalidInput(
            f"unknown language '{language}' for error-path analysis "
            f"(one of: {', '.join(sorted(_LANGUAGES))})"
        )
    return family


@functools.lru_cache(maxsize=64)
def _handlers(source_text: str, family: str) -> tuple[str, tuple[Handler, ...], str]:
    """(the code as read, its error handlers, their kind): the source's part of the analysis,
    which no test run changes (`error_handlers`)."""
    if family == "python":
        return source_text, tuple(_python_handlers(source_text)), "except"
    code = _strip_code(source_text)
    if family == "go":
        return code, tuple(_brace_blocks(code, _GO_ERR_RE)), "err-check"
    return code, tuple(_brace_blocks(code, _CATCH_RE)), "catch"


def error_handlers(source_text: str, language: str) -> tuple[Handler, ...]:
    """The source's error handlers, as `uncovered_error_branches` reads them: (header line,
    body lines, the exceptions a Python `except` names). Remembered by the source's text, so
    a review reads them while its suite runs and judges them against the run's coverage
    after it."""
    return _handlers(source_text, _family(language))[1]


def uncovered_error_branches(
    source_text: str, coverage_for_file: FileCoverage, language: str
) -> list[ErrorBranch]:
    """Error handlers none of whose measured lines ran.

    A handler counts as uncovered when no line of its body is covered and at least one is
    measured as missed (a handler the tool did not measure at all is no evidence either way).
    The body is the lines after the header; a one-line handler is judged by its header line.
    A handler that only passes the error on (`_propagates`: `return err`, a bare `raise`,
    `throw e`) is no error path of its own and is left out.
    """
    family = _family(language)
    code, handlers, kind = _handlers(source_text, family)
    messages = ({m.group(1): m.group(2) for m in _GO_ERROR_VAR.finditer(source_text)}
                if family == "go" else {})
    covered = set(coverage_for_file.covered_lines)
    missed = set(coverage_for_file.missed_lines)
    lines = code.split("\n")
    found = []
    for header, body, caught in handlers:
        if _propagates(family, lines[header - 1], [lines[n - 1] for n in body if n <= len(lines)]):
            continue
        measured_body = any(n in covered or n in missed for n in body)
        region = set(body) if measured_body else {header}
        if region & missed and not region & covered:
            said = [lines[n - 1] for n in body if n <= len(lines)]
            found.append(ErrorBranch(file=coverage_for_file.file, line=header, kind=kind,
                                     caught=caught, units=enclosing_units(lines, header, family),
                                     raised=_raised(said, caught, family, messages),
                                     hands_on=any(_RAISES.search(line) for line in said)))
    return sorted(found, key=lambda b: b.line)


# A top-level declaration, at the start of a line: Python's `def` / `class`; Go's `func`, a
# method's receiver type first (`func (d *Decoder) decode(`: Decoder, decode); the other brace
# languages' `function`, `class` (with Java's and Kotlin's modifiers) and `const name = `.
_DECLARATIONS = {
    "python": lazy_re(r"(?:async\s+)?(?:def|class)\s+(\w+)"),
    "go": lazy_re(r"func\s+(?:\(\s*(?:\w+\s+)?\*?(\w+)[^)]*\)\s*)?(\w+)"),
    "brace": lazy_re(r"(?:(?:export|default|declare|abstract|async|public|private|"
                        r"protected|internal|final|open|sealed|data)\s+)*"
                        r"(?:function\*?\s+(\w+)|class\s+(\w+)|(?:const|let|var)\s+(\w+)\s*=)"),
}


_PYTHON_DEF = lazy_re(r"([ \t]*)(?:async\s+)?def\s+(\w+)")


def declared(source: str, language: str) -> list[str]:
    """The names a source declares at its top level, in order (a Go method's own name before
    its receiver's type); [] for a language without declarations read here."""
    family = _LANGUAGES.get(language)
    if family is None:
        return []
    return list(dict.fromkeys(name for text in source.splitlines()
                              for name in _declared_on(text, family)))


def _declared_on(text: str, family: str) -> list[str]:
    """The names a line declares when it starts with a declaration (a Go method's own name
    before its receiver's type)."""
    match = _DECLARATIONS[family].match(text)
    names = [name for name in match.groups() if name] if match else []
    return names[::-1] if family == "go" else names


# istanbul's name for a function it could not name: `(anonymous_5)` for a class method that
# ts-jest's TypeScript output left unnamed (keyvaluecache's `clear()`)
_ANONYMOUS = lazy_re(r"\(anonymous_\d+\)")
# V8's name for a function that vite's transform (vitest) handed to an imported call: the
# import's variable and the call's path, `__vite_ssr_import_2__.createComputed.__vite_ssr_
# import_2__.on.defer`, no name of the source's (vitest's mocker writes `__vi_import_0__`)
_TRANSFORMED = lazy_re(r"__vite_ssr_\w+?__|__vi_import_\d+__")
# a re-export (`export { X } from "./x"`, `export * from`): TypeScript's CommonJS output gives
# each name a getter that istanbul lists as a function of that line, which the source has not
_REEXPORT = lazy_re(r"\s*export\s+(?:type\s+)?(?:\{|\*)")
# what a method, function or arrow declaration names on its first line, the member a
# function or arrow is assigned to (`moize.matchesArg = function (argMatcher) {`), or the
# property of an object literal it is the value of (`getTimeout: function() {`)
_NAMED_ON = lazy_re(
    r"\s*(?:(?:export|default|public|private|protected|static|async|override|get|set)\s+)*"
    r"(?:function\s*\*?\s*([A-Za-z_$][\w$]*)|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*="
    r"|([A-Za-z_$][\w$]*)\s*(?:<[^>]*>\s*)?\("
    r"|([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)\s*=\s*(?:async\s+)?"
    r"(?:function\b|\(|[A-Za-z_$][\w$]*\s*=>)"
    r"|([A-Za-z_$][\w$]*)\s*:\s*(?:async\s+)?(?:function\b|\([^()]*\)\s*=>"
    r"|[A-Za-z_$][\w$]*\s*=>))")
_NOT_NAMES = frozenset({"if", "for", "while", "switch", "catch", "return"})
# a class's accessor (`set tokenizer(value) {`, `static get size() {`): a getter and a setter
# of one property share its name, and are told apart by the word before it
_ACCESSOR_ON = lazy_re(r"\s*(?:(?:public|private|protected|static|override)\s+)*"
                       r"(get|set)\s+([A-Za-z_$][\w$]*)\s*\(")


def _declared_name(text: str, line: int) -> str:
    accessor = _ACCESSOR_ON.match(text)
    if accessor:
        return f"{accessor.group(1)} {accessor.group(2)}"
    found = _NAMED_ON.match(text)
    named = next((n for n in found.groups() if n), None) if found else None
    return named if named and named not in _NOT_NAMES else f"line {line}"


def source_functions(functions: Sequence[tuple[int, str, bool]], source: str
                     ) -> tuple[tuple[int, str, bool], ...]:
    """An lcov report's functions as the source reads them: the getters of a re-export line left out
    (keyvaluecache's `index.ts` read "2 of 3 functions never called" with no function in it),
    and a function istanbul calls `(anonymous_N)` named as its line declares it (`clear`,
    `constructor`) or by the member its line assigns it to (`moize.matchesArg = function (...)`,
    which moize's `index.ts` had read as `line 336`) or the property of an object literal it is
    the value of (`getTimeout: function() {`, which kelektiv-cron's `CronTime.prototype = {...}`
    had read as `line 174`), else `line N`; an accessor with the word that makes it one, `get
    tokenizer` and `set tokenizer` (js-search's `Search.js`, Babel's output of its class's
    getters and setters, had read "never called (indexStrategy, indexStrategy, sanitizer,
    sanitizer, ...)", each name twice). Only the first function of a line is the one its line
    declares: a later one there is a function inside it (`an inner function of wait`;
    minisearch's `const wait = (ms) => new Promise((resolve) => ...)` had read "never called
    (wait, wait)"). So is one V8 named after vite's variables for the imports it calls
    (solid-query's `(c) => {` handed to `createComputed(on(client, ...))` had read "never called
    (..., __vite_ssr_import_2__.createComputed.__vite_ssr_import_2__.on.defer)": `line 318`)."""
    lines = source.splitlines()
    out = []
    named_on: set[int] = set()
    for line, given, called in functions:
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        if _REEXPORT.match(text):
            continue
        name = given
        if _ANONYMOUS.fullmatch(given) or _TRANSFORMED.search(given):
            declared = _declared_name(text, line)
            # a line that declares nothing names each of its functions `line N` alike
            inner = line in named_on and declared != f"line {line}"
            name = f"an inner function of {declared}" if inner else declared
        named_on.add(line)
        out.append((line, name, called))
    return tuple(out)


def js_last_lines(source: str, firsts: Iterable[int]) -> dict[int, int]:
    """The last line of each JS/TS function starting at one of `firsts` (1-based): the line
    where the brackets its first line opens close again, strings and comments aside; a
    function whose brackets never close there (a template over lines) is left out. Each line's
    code is read as test files' are (`testcases.code_columns`)."""
    from gaia_lib.evidence.testcases import code_columns  # the JS/TS sources' reads only

    lines = source.splitlines()
    out: dict[int, int] = {}
    for first in set(firsts):
        depth, opened = 0, False
        for number in range(first, len(lines) + 1):
            for _, char in code_columns(lines[number - 1]):
                if char in "{([":
                    depth, opened = depth + 1, True
                elif char in "})]":
                    depth -= 1
            if opened and depth <= 0:
                out[first] = number
                break
    return out


# What istanbul or V8 counts as a branch in a JS/TS function's code, read wide (a `?.` too)
_JS_BRANCHING = lazy_re(r"(?<![\w$])(?:if|else|switch|case|for|while|do|catch)(?![\w$])"
                        r"|\?|&&|\|\|")
# A parameter's default value (`times = 1`): `=`, not `==`, `=>`, `<=`, `>=` or `!=`
_JS_DEFAULT = lazy_re(r"(?<![=!<>])=(?![=>])")


def js_branchless(source: str, last_lines: Mapping[int, int]) -> frozenset[int]:
    """The first lines of the JS/TS functions of `last_lines` (first line -> last line,
    `js_last_lines`) whose code holds nothing a coverage tool counts as a branch: no `if`,
    `else`, `switch`, `case`, loop, `catch`, `?`, `&&` or `||`, and no default value in the
    parameters its first `(` opens. Such a function never called has no branch a report
    could leave out (iterative's `StopIteration` constructor, `super("...")` alone, had read
    "1 of 3 functions never called (constructor), none of its branches counted" under an
    istanbul report that counts the branches of the functions no test called). Strings and
    comments aside (`testcases.code_lines`)."""
    from gaia_lib.evidence.testcases import code_lines  # the JS/TS sources' reads only

    code = code_lines(source.splitlines())
    out = set()
    for first, last in last_lines.items():
        text = "\n".join(code[first - 1:last])
        if _JS_BRANCHING.search(text):
            continue
        start = text.find("(")
        depth, params = 0, []
        for char in text[start:] if start >= 0 else "":
            depth += {"(": 1, ")": -1}.get(char, 0)
            params.append(char)
            if depth == 0:
                break
        if not _JS_DEFAULT.search("".join(params)):
            out.add(first)
    return frozenset(out)


def go_callers(lines: Sequence[str], name: str) -> list[str]:
    """The Go functions and methods of `lines` (a file) that call `name` (`p.implementation(is)`
    in `Get`, `Set` and `Delete`), by their own names, in the file's order; not `name`."""
    call = re.compile(rf"(?<![\w])(?:\.\s*)?{re.escape(name)}\s*\(")
    out: list[str] = []
    current: str | None = None
    for text in lines:
        if text[:1] and not text[0].isspace():
            # gofmt indents a body: a line at column 0 declares a function or ends one
            declared = _declared_on(text, "go") if text.startswith("func") else []
            current = declared[0] if declared else None
            if declared:
                continue
        if current and current != name and current not in out and call.search(text):
            out.append(current)
    return out


def go_declaration(lines: Sequence[str], line: int) -> str:
    """The Go function `line` (1-based) sits in, as Go names it: `cache.LoadFile` for a
    method (its receiver's type first), `Parse` for a function; "" at package level. A
    handler's name in the QA rounds: `enclosing_units` lists the method before its type and
    its callers after, which read as `LoadFile.cache` (go-cache's `SaveFile` and `LoadFile`)."""
    for text in reversed(lines[:line - 1]):
        if not text.strip() or text[0].isspace() or text.startswith(("//", "/*", "*", "}", ")")):
            continue
        match = _DECLARATIONS["go"].match(text)
        return ".".join(name for name in match.groups() if name) if match else ""
    return ""


def function_entered(text: str, header: int, covered: Iterable[int],
                     missed: Iterable[int]) -> bool:
    """Whether the tests ran any measured line of the Python function a handler at line
    `header` sits in, between its `def` and the handler (its `try` and the body it guards);
    True where none of them was measured, or the handler sits in no function: no evidence
    that the function never ran."""
    lines = text.splitlines()
    if not 0 < header <= len(lines):
        return True
    depth = len(lines[header - 1]) - len(lines[header - 1].lstrip())
    start = next((n for n in range(header - 1, 0, -1)
                  if (found := _PYTHON_DEF.match(lines[n - 1])) and len(found.group(1)) < depth),
                 None)
    if start is None:
        return True
    ran, unrun = set(covered), set(missed)
    measured = [n for n in range(start + 1, header) if n in ran or n in unrun]
    return not measured or any(n in ran for n in measured)


def _python_string_lines(lines: Sequence[str]) -> frozenset[int]:
    """The lines (1-based) of Python source `lines` that a string continues onto from the line
    before (a docstring's second line on); none where the source does not parse."""
    try:
        tree = ast.parse("\n".join(lines))
    except (SyntaxError, ValueError):
        return frozenset()
    return frozenset(number for node in ast.walk(tree)
                     if isinstance(node, ast.Constant | ast.JoinedStr) and node.end_lineno
                     for number in range(node.lineno + 1, node.end_lineno + 1))


def enclosing_units(lines: Sequence[str], line: int, family: str) -> tuple[str, ...]:
    """The names of what `line` (1-based) sits in, the narrowest first: a Python method or
    nested function, then the top-level declaration; a Go method, then its receiver's type,
    and where its name is unexported, the functions of the file calling it (`go_callers`:
    gojsonpointer's `implementation`, which `Get`, `Set` and `Delete` call, is about an AC
    naming `Get`).
    The top-level one is the nearest line above that starts at column 0 (not blank, a comment,
    a decorator or a closing bracket, nor, in Python, a line inside a string: a docstring's
    doctest continued at column 0, as semver's `Version.parse`, is no module-level code) when
    it declares a function or class; () when it is other module-level code."""
    inner: list[str] = []
    indent = len(lines[line - 1]) - len(lines[line - 1].lstrip()) if line <= len(lines) else 0
    strings = _python_string_lines(lines) if family == "python" else frozenset()
    for number in range(line - 1, 0, -1):
        text = lines[number - 1]
        if number in strings:
            continue
        if family == "python" and text[:1].isspace():
            method = _PYTHON_DEF.match(text)
            if method and len(method.group(1)) < indent and not inner:
                inner.append(method.group(2))
        if not text.strip() or text[0].isspace() or text.startswith(("#", "//", "/*", "*", "@",
                                                                     "}", ")", "]")):
            continue
        names = _declared_on(text, family)
        if family == "go" and names[:1] and names[0][:1].islower():
            names = [*names, *go_callers(lines, names[0])]
        return tuple(dict.fromkeys([*inner, *names])) if names else ()
    return ()
