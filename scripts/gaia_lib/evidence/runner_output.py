"""Test runners' own machine output -> pass/fail/skip/error counts and per-test outcomes.

Formats: JUnit XML (pytest `--junitxml`, Maven Surefire `TEST-*.xml`), jest / vitest `--json`,
`go test -json` event streams, TAP (`bats --tap`) and `python -m unittest -v`'s report
(`parse_unittest_verbose`). Pure: text or bytes in, a frozen
`RunnerCounts` out. Anything that is not a complete, well-formed report of its format (empty,
truncated, binary, oversized, XML with entity declarations) raises `MalformedFile` with one line
naming the problem; callers turn that into an `errored` check, never a crash. A `go test
-json` stream is read event by event: a line in it that is no event is skipped, never the
stream (`_go_stream`); only a package without its end, or no result at all, refuses it.

A jest / vitest file that failed to load fails with the compile error where it is
(`located_error`: `file.ts:9:5: [PARSE_ERROR] ...`), not the line over it that only counts
errors (`Transform failed with 1 error:`); with no such error, with what jest says under its
heading `● Test suite failed to run`, not the heading (`suite_failure_line`). A TypeScript
file's load error under jest that Babel's parser raised says what reads TypeScript
(`typescript_hint`): babel-jest parses types only with Babel's TypeScript preset. A
project's JavaScript file whose `import` Node refused under jest says what compiles it
(`import_hint`): ts-jest leaves a .js file as written without `allowJs`.

pytest's internal error raised at a test module's top level (a bare `unittest.main()` exiting
at import) is that module left uncollected, at the line of it that raised (`_internal_error`,
`pytest_refiled`), not an error of a test named `pytest.py::internal`.

A failed test's message is its first line of failure as the runner wrote it, less colour
codes and the whitespace around it (`failure_line`): what is inside is the difference a
reader looks for. jest's first line names only its matcher (`Error: expect(received).toBe(
expected) // Object.is equality`): its `Expected: 13` and `Received: 12` lines follow it, and
a mock's matcher, `expect(jest.fn()).toHaveBeenCalledTimes(expected)`, its `Expected number of
calls: 2` and `Received number of calls: 1` as well (moize's failing `limits the args to 3` had
said the matcher alone), a snapshot matcher with no stored snapshot that it says `New
snapshot was not written` (tapable's deleted `.snap`: its four tests had said only
`expect(value).toMatchSnapshot()`), a throw matcher's what was thrown, `Error message:
"Unknown alias: l"` under `.not.toThrow()`, or that nothing was, `Received function did not
throw` under `.toThrow()` (kelektiv-cron's `(* * * L * *)` made to expect no throw had said
the matcher alone, not what its pattern was refused with), and
the line of the test's file the failure was raised on (`at line 119`, the first frame in that
file: a check in a callback the test hands a helper is not on the test's own line; the failed
test's finding is put there too, `TestOutcome.failed_at`), kept whole where the message is
long: what it said is shortened, marked `…` (a `toThrowError` failure whose thrown message
was long had ended `; at l`, `_located`); a `toEqual` diff says the lines
that differ, each side's joined (`Expected: "month": "1", "year": "04"; Received: "month":
"10", "year": "4"`, `jest_failure_line`); vitest's spy matcher names only the arguments it
wanted (`expected "spy" to be called with arguments: [ 4 ]`): its diff says what it got
(`Expected: [4]; Received: [3]`); a diff of one array of plain values says each side whole
(`Expected: [1, 2]; Received: [1, 3]`, not the differing items alone). Node's `assert`
announces its diff on its first line (`AssertionError [ERR_ASSERTION]: Expected values to be
strictly deep-equal:`): its `+ actual - expected` diff says the lines that differ as jest's
does (`Expected: a: 2; Received: a: 1`), two plain values their comparison (`1 !== 2`), and
the line it failed on (`_node_assert_line`). vitest 1 and 2.0
write a failed test's `location` as where it failed, and none for the other tests: the
failure is put there (`_failures_located`), not taken for where the test is declared.
bats' is its line saying what failed, its `quoting' written as markdown code (`bash_quotes`:
a lone backtick would run on as code through the report), with the `expected:` and `actual:`
lines an assertion printed under it.
Where pytest shortened both sides of a failed `==` to the same text (two long strings
differing inside what it left out: `assert '<html lang="...ody>\\n</html>' == '<html
lang="...ody>\\n</html>'`), its diff's first `-` and `+` lines follow its first line
(`pytest_failure_line`), which alone had read as two equal values (dominate's document test
rendering `lang="fr"` where it wants `lang="en"`).
vitest's JSON report says of a failed snapshot only `Snapshot `<name> 1` mismatched`: the
review's reporter logs the stored and the received value, and the message says where they first
differ, or that no snapshot is stored (`snapshot_said`).

A pytest test that passed while a subtest of it was skipped and another ran (a unittest
`subTest` calling `skipTest`) passed, as pytest's summary counts it (`1 passed, 1 skipped, 3
subtests passed`), with those subtests named (`TestOutcome.skipped_subtests`): its JUnit report
writes the whole test skipped, and the review's plugin marks it (`SUBTESTS_SKIPPED_PROPERTY`).

Exit codes: `MalformedFile` carries the caller's `exit_code` (default 1).
"""

from __future__ import annotations

import ast
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gaia_lib.core.errors import InvalidInput, MalformedFile
from gaia_lib.core.lazyre import compile as lazy_re

# A report larger than this is refused unread: real per-story runs are far smaller, and a
# flood (a runner echoing a huge payload) must not cost minutes of parsing.
MAX_INPUT_BYTES = 32 * 1024 * 1024

PASSED, FAILED, SKIPPED, ERROR = "passed", "failed", "skipped", "error"
FORMATS = ("junit", "surefire", "jest", "vitest", "go-json", "tap", "unittest")

_DTD_SUBSET_RE = re.compile(rb"<!DOCTYPE[^>\[]*\[", re.IGNORECASE)
_ENTITY_RE = re.compile(rb"<!ENTITY", re.IGNORECASE)


@dataclass(frozen=True)
class TestOutcome:
    name: str
    outcome: str  # passed | failed | skipped | error
    file: str | None  # the test's source file (or Go package) when the format records it
    message: str | None = None  # a failed test's first line of failure (`failure_line`)
    # the names of its groups and its own, where the format records them apart (jest's and
    # vitest's `ancestorTitles` and `title`); `name` is the runner's own full name, which
    # matching reads (`outcomes`)
    path: tuple[str, ...] = ()
    # the line of its file it was declared on, where the format records one (jest's and
    # vitest's `location`: the review asks for it): the call of a table test's name, so two
    # tables whose rows share their titles are told apart (`outcomes`)
    line: int | None = None
    # the line of its file a failure was raised on, where the report says it: pytest's JUnit
    # failure text (`tests/test_x.py:31: AssertionError`), unittest's traceback (its last
    # frame in the test's file); a finding of the failure points there
    failed_at: int | None = None
    # a passed jest / vitest test's first snapshot, `<its name> 1`, where the run reported it
    # unchecked (`snapshot.uncheckedKeysByFile`): stored for it, yet no snapshot check of the
    # test compared anything with it, so the test made none (`_unchecked_snapshots`)
    unchecked_snapshot: str | None = None
    # a jest / vitest file the run failed while no test of it failed (`SUITE_FAILED`): an
    # error of the file, no test's, and no file left uncollected either
    suite_failed: bool = False
    # a pytest test marked as an expected failure that passed (non-strict: pytest's
    # `1 xpassed`, a pass in its JUnit report but for the property the review's plugin adds)
    xpassed: bool = False
    # no test but a pytest plugin's check of its file (pytest-isort's `ISORT`), as the
    # review's plugin marks it (`FILE_CHECK_PROPERTY`): pytest counts it among its tests
    file_check: bool = False
    # a passed pytest test's subtests the runner skipped, (`[tuple]`, the skip's reason), as
    # the review's plugin marks them (`SUBTESTS_SKIPPED_PROPERTY`)
    skipped_subtests: tuple[tuple[str, str], ...] = ()

    @property
    def shown(self) -> str:
        """Its name as the review writes a test's: its groups' names and its own with ` > `
        between them (`describe > it`), else the runner's name."""
        return " > ".join(self.path) if self.path else self.name


_ANSI = lazy_re(r"\x1b\[[0-9;]*[A-Za-z]")
# pytest's junit entry for a test module it could not collect: classname "", name the
# module's dotted path, `<error message="collection failure">` and the traceback.
PYTEST_COLLECTION_FAILURE = "collection failure"
MESSAGE_CHARS = 200
# What a jest / vitest file failed of when every test of it ran and none failed: its JSON
# report says only that the file failed (vitest's `No test found in suite ...` of a
# `describe` left with no test, a `beforeAll` / `afterAll` that threw), its output says why.
SUITE_FAILED = ("a suite of it failed outside its tests (a `describe` with no test, a "
                "`beforeAll` or `afterAll` that threw): the run's output says which")


def names_a_module(outcome: TestOutcome) -> bool:
    """An entry pytest names after a module's dotted path (`tests.test_dict`), not a test:
    one with no file, or with that very file, as `junit_family = xunit1` writes its `file`
    attribute (`tests/test_dict.py`)."""
    return "." in outcome.name and outcome.file in (None, "",
                                                    outcome.name.replace(".", "/") + ".py")


def uncollected_file(outcome: TestOutcome) -> str | None:
    """The file of a module pytest reports it could not collect (an error named after the
    module's dotted path, with no file: `tests.test_dict` -> `tests/test_dict.py`, or with
    that very file, as `junit_family = xunit1` writes its `file` attribute), or of a jest or
    vitest suite that failed to load (an error named by its file alone: no test of it ran,
    none failed); None for any other outcome."""
    if outcome.outcome == ERROR and names_a_module(outcome):
        return outcome.name.replace(".", "/") + ".py"
    if outcome.outcome == ERROR and not outcome.name and outcome.file \
            and not outcome.suite_failed:
        return outcome.file
    return None


# A coverage tool's line saying the project's thresholds were not met: jest's `coverage
# threshold for branches (100%) not met` or `Coverage for lines (96.61%) does not meet
# "global" threshold (99%)`, vitest's, c8's and nyc's `does not meet global threshold`,
# pytest-cov's `Required test coverage of 90% not reached`.
_THRESHOLD_MISSED = lazy_re(r"^.*(?:coverage threshold\b.*\bnot met|does not meet "
                            r"(?:\"?\w+\"? )?threshold|required test coverage of .* not "
                            r"reached).*$", re.MULTILINE | re.IGNORECASE)


def threshold_missed(output: str) -> str | None:
    """The line of a run's output (colour codes dropped) saying the project's coverage
    thresholds were not met, on one line and at most 200 characters; None where none does."""
    found = _THRESHOLD_MISSED.search(output)
    return " ".join(found.group(0).split())[:200] if found else None


def without_colour(text: str) -> str:
    """`text` without its terminal colour codes (`\x1b[31m`)."""
    return _ANSI.sub("", text)


# A compile error located in its source, which the line above it only counts (`Transform
# failed with 1 error:`, `Build failed with 1 error:`): rolldown's (vite 8, vitest 4)
# `[PARSE_ERROR] Expected ...` with `╭─[ file.ts:7:7 ]` under it, esbuild's (vite 5, vitest
# 2) `file.ts:7:6: ERROR: Expected ...`; jest's: ts-jest's TypeScript diagnostic
# (`file.ts:75:2 - error TS1128: Declaration or statement expected.`, under "Test suite
# failed to run"), babel-jest's (`SyntaxError: /abs/file.js: Unexpected token (75:2)`); and
# bash's, in a bats file or a helper it loads (`# /abs/x.bats: line 31: syntax error near
# unexpected token ...`, under TAP's `#`), which bats follows with a line that only counts
# the tests it ran (`Executed 1 instead of expected 12`).
LOCATED_ERRORS = (
    re.compile(r"^\[(?P<code>[A-Z][A-Z_]*)\] (?P<what>\S.*)\n[ \t]*╭─\[ ?"
               r"(?P<where>[^\]\n]+?:\d+:\d+) ?\]", re.MULTILINE),
    re.compile(r"^(?P<where>\S+?:\d+:\d+): ERROR: (?P<what>\S.*)$", re.MULTILINE),
    re.compile(r"^[ \t]*(?P<where>\S+?:\d+:\d+) - error (?P<code>TS\d+): (?P<what>\S.*)$",
               re.MULTILINE),
    re.compile(r"^[ \t]*SyntaxError: (?P<file>\S+?): (?P<what>\S.*?) "
               r"\((?P<line>\d+):(?P<col>\d+)\)$", re.MULTILINE),
    re.compile(r"^(?:#\s*)?(?P<where>\S+?): line (?P<line>\d+): (?P<what>syntax error\b.*)$",
               re.MULTILINE),
)


def located(found: re.Match[str]) -> str:
    """`file:line:col: what` for a `LOCATED_ERRORS` match, at most MESSAGE_CHARS characters,
    its column counted from 1 as editors and the other tools count it: Babel counts from 0
    (`Unexpected token, expected "," (3:19)` at the 20th character), and moize's
    `function method(one: string` had been located one character before its `:`."""
    groups = found.groupdict()
    code, line = groups.get("code"), groups.get("line")
    what = f"[{code}] {found['what']}" if code else bash_quotes(found["what"])
    if groups.get("file"):  # babel's: the file, then the line and its column counted from 0
        where = f"{groups['file']}:{line}:{int(groups['col']) + 1}"
    else:
        where = f"{groups['where']}:{line}" if line else groups["where"]
    return " ".join(f"{where}: {what}".split())[:MESSAGE_CHARS]


def code_span(text: str) -> str:
    """`text` as one markdown code span, whatever backticks it holds: fenced by one more
    backtick than its longest run of them, padded where it starts or ends with one."""
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


# bash's and bats' own quoting, `like this': a lone backtick a markdown reader takes for the
# start of code running on to the next one. bats quotes the failed command whole, backticks
# of its own inside (`assert_failure "in \`my-version'"' failed).
_BATS_FAILED = lazy_re(r"^`(?P<command>.*)'(?P<rest> failed\b.*)$")
_BASH_QUOTED = lazy_re(r"`([^`'\n]*)'")


def bash_quotes(text: str) -> str:
    """`text` with bash's and bats' `quoted' words as markdown code spans (`code_span`)."""
    failed = _BATS_FAILED.match(text)
    if failed:
        return code_span(failed["command"]) + _BASH_QUOTED.sub(
            lambda m: code_span(m[1]), failed["rest"])
    return _BASH_QUOTED.sub(lambda m: code_span(m[1]), text)


def located_error(text: str) -> str | None:
    """The first compile error `text` locates in a source file (`LOCATED_ERRORS`), colour
    codes dropped, as `located` writes it; None when it locates none."""
    text = _ANSI.sub("", text)
    found = [m for m in (p.search(text) for p in LOCATED_ERRORS) if m is not None]
    return located(min(found, key=lambda m: m.start())) if found else None


def failure_line(text: object) -> str | None:
    """The first non-blank line of a failure message, colour codes dropped, its ends stripped,
    at most MESSAGE_CHARS characters; None when there is none. Its inner whitespace is kept:
    got and want may differ only in it (`= "hello goodbye", want "hello  goodbye"`)."""
    if not isinstance(text, str):
        return None
    for line in _ANSI.sub("", text).splitlines():
        if line.strip():
            return line.strip()[:MESSAGE_CHARS]
    return None


# pytest's first line of a failed comparison of two values: `assert <left> == <right>`
_PYTEST_COMPARED = lazy_re(r"^assert (?P<left>.+) == (?P<right>.+)$")
# a line of the diff pytest writes under it, of what differs: `- <html lang="en">`, `+ ...`
_PYTEST_DIFF_LINE = lazy_re(r"^[-+] \S")


def pytest_failure_line(text: object) -> str | None:
    """A pytest failure message as one line: `failure_line`, and where pytest shortened the
    two sides of a failed `==` alike (`assert '<html lang="...ody>\\n</html>' == '<html
    lang="...ody>\\n</html>'`, what differs inside what it left out) the first line of each
    side of its diff under it (`- <html lang="en">; + <html lang="fr">`)."""
    first = failure_line(text)
    compared = _PYTEST_COMPARED.match(first) if first is not None else None
    if first is None or compared is None or compared["left"] != compared["right"] \
            or not isinstance(text, str):
        return first
    diff = [line.strip() for line in _ANSI.sub("", text).splitlines()
            if _PYTEST_DIFF_LINE.match(line.strip())]
    said = [next((line for line in diff if line.startswith(sign)), "") for sign in "-+"]
    return "; ".join((first, *(line for line in said if line)))[:MESSAGE_CHARS]


# jest's heading of a file that failed to load, over the lines that say why
_JEST_SUITE_HEAD = lazy_re(r"^●\s*Test suite failed to run$")
# a heading of its own under it (`● Validation Error:`), over the line that says why
_JEST_SUB_HEAD = lazy_re(r"^●.*:$")
# an error's own line further down (`SyntaxError: Cannot use import statement outside a module`)
_ERROR_SAID = lazy_re(r"^(?:[A-Z]\w*)?Error: \S")


def suite_failure_line(text: object) -> str | None:
    """Why a jest or vitest file failed to load, as one line: under jest's heading `● Test suite
    failed to run`, which only says that it did, the first line that says why (`Your test suite
    must contain at least one test.`, `Jest encountered an unexpected token`), past a heading
    of its own (`● Validation Error:`, over `Test environment jest-environment-jsdom cannot be
    found.`: a test file's `@jest-environment jsdom` docblock naming a package not installed
    had been said as that heading alone), and the error it names further down where it does
    (`SyntaxError: Cannot use import statement outside a module`: babel-jest given
    TypeScript, no transform configured); else `failure_line`."""
    if not isinstance(text, str):
        return None
    lines = [line.strip() for line in _ANSI.sub("", text).splitlines() if line.strip()]
    if not lines or not _JEST_SUITE_HEAD.match(lines[0]) or len(lines) == 1:
        return failure_line(text)
    why = next((line for line in lines[1:] if not _JEST_SUB_HEAD.match(line)), lines[1])
    error = next((line for line in lines[2:] if _ERROR_SAID.match(line)), None)
    return "; ".join((why, error) if error and error != why else (why,))[:MESSAGE_CHARS]


# jest's first line of a failed matcher: `Error: expect(received).toBe(expected) // ...`, and
# of a mock's, named as jest names the mock: `expect(jest.fn()).toHaveBeenCalledTimes(expected)`
_JEST_MATCHER = lazy_re(r"^(?:Error: )?expect\((?:jest\.fn\(\)|[^()]+)\)\.")
# what it printed under it: `Expected: 13`, `Received: 12`, `Expected substring: "a"`; a throw
# matcher's `Error message: "Unknown alias: l"` (`.not.toThrow()` given a throw) and `Received
# function did not throw` (`.toThrow()` given none)
_JEST_SAID = lazy_re(r"^(?:(?:Expected|Received)[\w ]*|Error message): \S"
                     r"|^Received function did not throw$")
# a snapshot matcher with no stored snapshot, in a run that writes none (CI's, the review's):
# `New snapshot was not written. The update flag must be explicitly passed ...`
_JEST_NO_SNAPSHOT = lazy_re(r"^New snapshot was not written\b")
# a frame of its stack: `at fn (/abs/file.ts:119:42)` or `at /abs/file.ts:119:42`
_JEST_FRAME = lazy_re(r"^at (?:.*? \()?(?P<path>[^()]+?):(?P<line>\d+):\d+\)?$")
# vitest's spy matcher's line names what it wanted alone (`expected "spy" to be called with
# arguments: [ 4 ]`): the calls it got are in the diff under it
_SPY_CALLED_WITH = lazy_re(r"\bcalled with arguments\b")
# Node's `assert` comparing two values (`assert.deepStrictEqual`, `assert.strictEqual`): its
# first line only announces what it shows under it, a `+ actual - expected` diff or `1 !== 2`
_NODE_ASSERT = lazy_re(r"^(?:AssertionError(?: \[ERR_ASSERTION\])?: )?Expected values to be "
                       r"(?:strictly |loosely )?(?:deep-)?equal:$")


def jest_failure_line(text: object, file: str | None = None) -> str | None:
    """A jest failure message as one line (module rules): `failure_line`, and under a
    matcher's first line what it said it expected and received (a diff's lines that differ,
    `_jest_diff`) and the line of `file` (the test's file as the report names it) it failed
    on."""
    first = failure_line(text)
    if first is not None and first.startswith('thrown: "') and first.count('"') % 2:
        # a string thrown over several lines (jest's own `Exceeded timeout of 5000 ms for a
        # test.` and its advice under it): its first line, the quote it opens closed
        return f'{first[:MESSAGE_CHARS - 3]} …"'
    if first is not None and isinstance(text, str) and _SPY_CALLED_WITH.search(first):
        return "; ".join((first, *_jest_diff(text)))[:MESSAGE_CHARS]
    if first is not None and isinstance(text, str) and _NODE_ASSERT.match(first):
        return _node_assert_line(first, text, file)
    if first is None or not isinstance(text, str) or not _JEST_MATCHER.match(first):
        return first
    lines = [line.strip() for line in _ANSI.sub("", text).splitlines()]
    said = ["New snapshot was not written (no stored snapshot)" for line in lines
            if _JEST_NO_SNAPSHOT.match(line)][:1] or [
        line for line in lines if _JEST_SAID.match(line)][:2] or _jest_diff(text)
    return _located((first, *said), jest_failed_at(text, file))


def _node_assert_line(first: str, text: str, file: str | None) -> str:
    """A failed Node `assert` comparison as one line: its first line without the colon that
    announces the rest, what its diff says differs (its `-` lines expected, its `+` lines
    actual) or, for two plain values, the line comparing them (`1 !== 2`), and the line of
    `file` it failed on."""
    lines = [line.strip() for line in _ANSI.sub("", text).splitlines()]
    said = _jest_diff(text) or next(
        ([line] for line in lines[1:] if line and not _JEST_FRAME.match(line)), [])
    return _located((first.rstrip(":"), *said), jest_failed_at(text, file))


def _located(said: Iterable[str], where: int | None) -> str:
    """What a failure said, joined by `; `, then `at line N` where the line is known, in at
    most MESSAGE_CHARS characters: what it said is shortened, marked `…`, never the line."""
    joined = "; ".join(said)
    if not where:
        return joined[:MESSAGE_CHARS]
    tail = f"; at line {where}"
    room = MESSAGE_CHARS - len(tail)
    return (joined if len(joined) <= room else f"{joined[:room - 1].rstrip()}…") + tail


def jest_failed_at(text: object, file: str | None) -> int | None:
    """The line of `file` (the test's own) a jest failure was raised on: its stack's first
    frame in that file, named as `file` is or relative to the root it ran in (a file that
    failed to load: `at router.test.js:5:9`); None where no frame is in it."""
    if not isinstance(text, str) or not file:
        return None
    return next((int(found.group("line")) for line in _ANSI.sub("", text).splitlines()
                 if (found := _JEST_FRAME.match(line.strip()))
                 and (found.group("path") == file
                      or file.endswith("/" + found.group("path").removeprefix("./")))),
                None)


# a diff's header: `- Expected  - 2` / `+ Received  + 2`, Node's `+ actual - expected`
_JEST_DIFF_HEAD = lazy_re(r"^(?:[-+] (?:Expected|Received)\b|\+ actual - expected\b)")
DIFF_SHOWN = 80  # characters of a diff's expected or received lines a message keeps


def _jest_diff(text: str) -> list[str]:
    """What a `toEqual` diff says differs (pure): its expected lines (`-`) and received lines
    (`+`) under its header, each side as one `Expected: ...` / `Received: ...` of their
    contents joined; [] for a message without such lines."""
    lines = _ANSI.sub("", text).splitlines()
    whole = _jest_flat_array(lines)
    if whole:
        return [f"{label}: [{', '.join(items)[:DIFF_SHOWN]}]"
                for label, items in zip(("Expected", "Received"), whole, strict=True)]
    sides: dict[str, list[str]] = {"-": [], "+": []}
    for line in lines:
        if line[:2] in ("- ", "+ ") and not _JEST_DIFF_HEAD.match(line):
            sides[line[0]].append(line[1:].strip().rstrip(","))
    return [f"{label}: {', '.join(sides[mark])[:DIFF_SHOWN]}"
            for mark, label in (("-", "Expected"), ("+", "Received")) if sides[mark]]


def _jest_flat_array(lines: Sequence[str]) -> tuple[list[str], list[str]] | None:
    """Each side of a diff of one array of plain values (`  Array [`, its items, `  ]`), whole:
    its unchanged items with its own (pure). Its differing items alone had read as whole
    values: minisearch's `toEqual([1, 2])` given `[1, 3]` said "Expected: 2; Received: 3".
    None for any other diff (an object's, a nested array's), whose differing lines are said."""
    heads = [at for at, line in enumerate(lines) if line.strip() == "Array [" and line[0] == " "]
    if len(heads) != 1:
        return None
    expected: list[str] = []
    received: list[str] = []
    for line in lines[heads[0] + 1:]:
        if line[:1] == " " and line.strip() == "]":
            return (expected, received) if expected != received else None
        item = line[1:].strip().rstrip(",")
        if line[:1] not in (" ", "-", "+") or not item or item[-1] in "[{" or item[0] in "]}":
            return None
        if line[0] != "+":
            expected.append(item)
        if line[0] != "-":
            received.append(item)
    return None


@dataclass(frozen=True)
class RunnerCounts:
    format: str
    passed: int
    failed: int
    skipped: int
    errors: int
    tests: tuple[TestOutcome, ...]

    @property
    def total(self) -> int:
        return self.passed + self.failed + self.skipped + self.errors


def _counts(fmt: str, tests: Iterable[TestOutcome], extra_errors: int = 0) -> RunnerCounts:
    items = tuple(tests)
    return RunnerCounts(
        format=fmt,
        passed=sum(t.outcome == PASSED for t in items),
        failed=sum(t.outcome == FAILED for t in items),
        skipped=sum(t.outcome == SKIPPED for t in items),
        errors=sum(t.outcome == ERROR for t in items) + extra_errors,
        tests=items,
    )


def counted(fmt: str, tests: Iterable[TestOutcome]) -> RunnerCounts:
    """`tests` counted by their outcomes, as a report of `fmt` gives them."""
    return _counts(fmt, tests)


def report_text(data: bytes | str, what: str, exit_code: int) -> str:
    """Size-check and decode a machine report (`what` names it in errors; shared with
    coverage_report): empty, binary or non-UTF-8 input is refused, never guessed at."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > MAX_INPUT_BYTES:
        raise MalformedFile(
            f"{what} is too large ({len(raw)} bytes; limit {MAX_INPUT_BYTES})", exit_code
        )
    if not raw.strip():
        raise MalformedFile(f"{what} is empty", exit_code)
    if b"\x00" in raw:
        raise MalformedFile(f"{what} is binary, not a text report", exit_code)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MalformedFile(f"{what} is not UTF-8 text (byte {exc.start})", exit_code) from None


def xml_root(data: bytes | str, what: str, exit_code: int = 1) -> ET.Element:
    """Parse an XML report safely; shared with coverage_report.

    Entity declarations (and DOCTYPEs with an internal subset, where they live) are refused
    before expat sees them: no billion-laughs expansion. A DOCTYPE naming only an external DTD
    is accepted because JaCoCo always writes one; expat never fetches it.
    """
    text = report_text(data, what, exit_code)
    raw = text.encode("utf-8")
    if _ENTITY_RE.search(raw) or _DTD_SUBSET_RE.search(raw):
        raise MalformedFile(f"{what} declares XML entities; refused", exit_code)
    try:
        return ET.fromstring(raw)  # noqa: S314 - see the entity check above
    except ET.ParseError as exc:
        # expat reports a document cut short with one of these; anything else is just broken.
        cut = any(m in str(exc) for m in ("no element found", "unclosed token", "unclosed CDATA"))
        problem = "truncated" if cut else f"invalid XML ({exc})"
        raise MalformedFile(f"{what} is {problem}", exit_code) from None


def _json_value(data: bytes | str, what: str, exit_code: int) -> Any:
    text = report_text(data, what, exit_code)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        # A string running to the end of the input is a cut too: JSON strings hold no newline.
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise MalformedFile(f"{what} is truncated JSON", exit_code) from None
        raise MalformedFile(
            f"{what} is not valid JSON (line {exc.lineno} column {exc.colno}: {exc.msg})",
            exit_code,
        ) from None


# --- JUnit XML (pytest, Surefire) -------------------------------------------------------------


def _pytest_file(classname: str) -> str | None:
    """`tests.unit.test_x.TestCase` -> `tests/unit/test_x.py` (classes are CapWords)."""
    parts = classname.split(".")
    parts = parts[:len(parts) - len(_pytest_classes(classname))]
    return "/".join(parts) + ".py" if parts and parts[0] else None


def _pytest_classes(classname: str) -> tuple[str, ...]:
    """The classes a pytest classname ends with (`tests.test_x.TestCase` -> `TestCase`)."""
    parts = classname.split(".")
    classes: list[str] = []
    while len(parts) > 1 and parts[-1][:1].isupper():
        classes.insert(0, parts.pop())
    return tuple(classes)


def pytest_refiled(counts: RunnerCounts, is_file: Callable[[str], bool]) -> RunnerCounts:
    """`counts` with each test whose JUnit classname was split at the wrong dot put in its
    real file: the split takes CapWords parts for classes, and a unittest module or class
    need not be named so (parsedatetime's `tests/TestNlp.py` holds a class `test`: its
    classname `tests.TestNlp.test` was read as the file `tests/TestNlp/test.py`, and its
    four passed tests as never run). Where the file read is not one (`is_file`, a path
    relative to the project), the longest run of leading parts naming a file is taken for
    the module and the rest for its classes; a test no split puts in a file is kept as read."""
    tests = []
    for test in counts.tests:
        file = test.file
        if file is not None and file.startswith("/") and test.outcome == ERROR:
            tests.append(_internal_refiled(test, file, is_file))
            continue
        if file is None or not file.endswith(".py") or is_file(file):
            tests.append(test)
            continue
        classes = test.path[0].split("::")[:-1] if test.path else []
        parts = [*file[:-3].split("/"), *classes]
        split = next((k for k in range(len(parts) - 1, 0, -1)
                      if is_file("/".join(parts[:k]) + ".py")), None)
        if split is None:
            tests.append(test)
            continue
        tests.append(replace(
            test, file="/".join(parts[:split]) + ".py",
            path=("::".join((*parts[split:], test.name)),)))
    return _counts(counts.format, tests)


def _internal_refiled(test: TestOutcome, path: str, is_file: Callable[[str], bool]
                      ) -> TestOutcome:
    """pytest's internal error raised at a module's top level (`_internal_error`) as a module
    it could not collect, where the module is the project's (the longest tail of its
    absolute path that `is_file` finds): `test/test_toposort.py` read as `test.test_toposort`,
    as a collection failure is named (`uncollected_file`), its message saying where; a module
    outside the project is kept as read."""
    parts = path.lstrip("/").split("/")
    rel = next(("/".join(parts[k:]) for k in range(1, len(parts))
                if is_file("/".join(parts[k:]))), None)
    if rel is None:
        return test
    return replace(test, name=rel[:-3].replace("/", "."), file=None,
                   message=f"{test.message}, which stopped pytest while it imported the module "
                           f"({rel}:{test.failed_at})")


def _java_file(classname: str) -> str | None:
    """`com.example.CalcTest$Inner` -> `com/example/CalcTest.java` (relative to the test root)."""
    outer = classname.split("$", 1)[0]
    return outer.replace(".", "/") + ".java" if outer else None


def _collection_place(text: str, module: str) -> str | None:
    """Where a module pytest could not import failed, as `tests/test_x.py:4`: a syntax error's
    `File "/abs/tests/test_x.py", line 4`, else the last frame in the module itself
    (`tests/test_y.py:1: in <module>`)."""
    rel = module.replace(".", "/") + ".py"
    spot = re.findall(r'^E\s+File "([^"]+)", line (\d+)', text, re.M)
    if spot and spot[-1][0].endswith(rel):
        return f"{rel}:{spot[-1][1]}"
    frames = re.findall(rf"^({re.escape(rel)}):(\d+): in ", text, re.M)
    return f"{frames[-1][0]}:{frames[-1][1]}" if frames else None


# pytest's junit entry for an exception its own machinery did not catch (`INTERNALERROR>`):
# classname "pytest", name "internal", `<error message="internal error">` and the traceback.
# A test module that exits at import (a bare `unittest.main()` at its end, which parses
# pytest's own command line and calls `sys.exit`) stops pytest so, before any test runs.
PYTEST_INTERNAL_ERROR = "internal error"
_MODULE_FRAME = lazy_re(r'^\s*File "([^"<]+\.py)", line (\d+), in <module>\n\s*(\S[^\n]*)$',
                        re.MULTILINE)


def _internal_module_frame(text: str) -> tuple[str, int, str] | None:
    """The last frame of an internal error's traceback that runs a module's top level, outside
    the installed packages (the test module pytest was importing): its file as the traceback
    writes it, its line and its code; None where no such frame is."""
    frames = [found for found in _MODULE_FRAME.finditer(text)
              if "/site-packages/" not in found.group(1)]
    if not frames:
        return None
    path, line, code = frames[-1].groups()
    return path, int(line), code.strip()


def _internal_error(case: ET.Element) -> TestOutcome | None:
    """pytest's internal error as an outcome of the module whose top level raised it, its
    file as the traceback writes it (absolute: `pytest_refiled` makes it the project's) and
    its message the exception's line with the code that raised it (`SystemExit: 2 at
    `unittest.main()``); None for any other entry, or where no module's top level raised."""
    error = case.find("error")
    if case.get("classname") != "pytest" or case.get("name") != "internal" or error is None \
            or error.get("message") != PYTEST_INTERNAL_ERROR:
        return None
    text = error.text or ""
    frame = _internal_module_frame(text)
    if frame is None:
        return None
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    raised = failure_line(lines[-1]) if lines else None
    return TestOutcome(name="internal", outcome=ERROR, file=frame[0],
                       message=f"{raised or PYTEST_INTERNAL_ERROR} at {code_span(frame[2])}",
                       failed_at=frame[1])


def _junit_message(case: ET.Element) -> str | None:
    for child in case:
        if child.tag in ("failure", "error"):
            if child.get("message") == PYTEST_COLLECTION_FAILURE:
                # pytest's own words for a module it could not import; the exception it
                # raised is the last `E ` line of the traceback, and where, its file's line
                raised = [line[1:].strip() for line in (child.text or "").splitlines()
                          if line.startswith("E ") and line[1:].strip()]
                said = failure_line(raised[-1] if raised else child.text)
                place = _collection_place(child.text or "", case.get("name", ""))
                return f"{said} ({place})" if said and place else said
            return (doctest_failure(child.text or "")
                    or pytest_failure_line(child.get("message")) or failure_line(child.text))
        if child.tag == "skipped" and child.get("message") == "collection skipped":
            return _module_skip_reason(child.text or "")
    return None


# pytest's report of a failed doctest: the docstring's lines numbered up to the example that
# failed, then what it expected and got, or the exception it raised, and `<file>:<line>:
# DocTestFailure` (or `UnexpectedException`) last
_DOCTEST_EXAMPLE = lazy_re(r"^\d{3,} +>>> ?(.*)$", re.M)
_DOCTEST_END = lazy_re(r":(\d+): (DocTestFailure|UnexpectedException)\s*\Z")
_DOCTEST_EXPECTED = lazy_re(r"^Expected:\n((?: {4}.*\n?)+)Got(?: nothing|:\n((?: {4}.*\n?)+))",
                            re.M)
_DOCTEST_RAISED = lazy_re(r"^UNEXPECTED EXCEPTION: (.+)$", re.M)
# pytest's default `--doctest-report udiff`, where both outputs run over more than two lines:
# a unified diff, its hunks' lines indented, `-` the expected, `+` what it got, ` ` both
_DOCTEST_UDIFF = lazy_re(r"^Differences \(unified diff with -expected \+actual\):\n"
                         r"((?: {4}.*\n?)+)", re.M)


def doctest_failure(text: str) -> str | None:
    """What a failed doctest's report says, as one line (pure): the example that failed and
    its line, then what it expected and got (`>>> total([])` at line 44: expected `0`, got
    `None`; read from the unified diff pytest reports where both run over more than two lines:
    mpmath's `>>> print(c)` of a three-row matrix had been said without them; values longer
    than COMPARED_CHARS shown from a little before where they first differ, `_around`, so
    that both fit) or what it raised; the report's first line, the docstring's numbered top, had
    been the message. None for any other failure."""
    end = _DOCTEST_END.search(text)
    examples = _DOCTEST_EXAMPLE.findall(text)
    if end is None or not examples:
        return None
    said = f"`>>> {examples[-1].strip()}` at line {end.group(1)}"
    if end.group(2) == "UnexpectedException":
        raised = _DOCTEST_RAISED.search(text)
        return f"{said} raised {raised.group(1).strip() if raised else 'an exception'}"[
            :MESSAGE_CHARS]
    compared = _DOCTEST_EXPECTED.search(text)
    diff = _DOCTEST_UDIFF.search(text)
    if compared is not None:
        expected = " ".join(line.strip() for line in compared.group(1).splitlines())
        got = " ".join(line.strip() for line in (compared.group(2) or "").splitlines())
    elif diff is not None:
        lines = [line[4:] for line in diff.group(1).splitlines() if not line[4:].startswith("@@")]
        expected = " ".join(line[1:].strip() for line in lines if line[:1] in " -")
        got = " ".join(line[1:].strip() for line in lines if line[:1] in " +")
    else:
        return said[:MESSAGE_CHARS]
    if got:  # long values: each from a little before where they first differ
        at = _first_difference(expected, got)
        expected, got = _around(expected, at), _around(got, at)
    return (f"{said}: expected `{expected}`, got " + (f"`{got}`" if got else "nothing"))[
        :MESSAGE_CHARS]


def _module_skip_reason(text: str) -> str | None:
    """Why pytest skipped a module whole, from its JUnit text, the repr of its (file, line,
    "Kind: reason") (`pytest.importorskip`'s `Skipped: could not import 'x': No module named
    'x'`, whose quotes had left the reason unread); None where it gives none."""
    try:
        given = ast.literal_eval(text.strip())
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    if not isinstance(given, tuple) or len(given) != 3 or not isinstance(given[2], str):
        return None
    return re.sub(r"^[\w.]+: ", "", given[2]).strip() or None


# How a skip's message says it was an expected failure (pytest's `<skipped
# type="pytest.xfail">`), before its reason: `xfail: known bug`.
XFAIL = "xfail"
# A jest / vitest `it.todo` (and a TAP `# todo`): skipped, as its runner counts it apart
TODO = "todo"
# The property the review's pytest plugin gives a passed test marked as an expected failure
# (scripts/runner_plugins/gaia_coverage_plugin.py): pytest's JUnit report writes it a pass.
XPASSED_PROPERTY = "gaia_xpassed"
# The property it gives an item a plugin collects from a Python file that is no test function
# nor doctest (pytest-isort's ISORT, pytest-pycodestyle's PYCODESTYLE): a check of the file.
FILE_CHECK_PROPERTY = "gaia_file_check"
# The property it gives a test that passed while a subtest of it was skipped and another ran
# (a unittest `subTest` calling `skipTest`): pytest's JUnit report writes the whole test
# skipped, its summary counts it passed (`1 passed, 1 skipped, 3 subtests passed`). Its value:
# the skipped subtests as JSON, each its label and the skip's reason: `[["[tuple]", "later"]]`.
SUBTESTS_SKIPPED_PROPERTY = "gaia_subtests_skipped"
# The property it gives a test a subtest of which failed: pytest's JUnit report writes the
# failure under the test's name alone. Its value: the failed subtests' labels as JSON, as
# pytest's summary names them (`["(text='124', position=2)"]`); the failure says the first.
SUBTESTS_FAILED_PROPERTY = "gaia_subtests_failed"


def _skip_reason(case: ET.Element) -> str | None:
    """Why the runner skipped a test, as its report gives it (pytest's `got empty parameter
    set for (x)`, a `skip` / `skipif` reason, `unconditional skip`), `xfail: <reason>` for an
    expected failure; None where it gives none."""
    skipped = case.find("skipped")
    if skipped is None:
        return None
    reason = failure_line(skipped.get("message")) or None
    if skipped.get("type") == "pytest.xfail":
        return f"{XFAIL}: {reason}" if reason else XFAIL
    return reason


def _junit_outcome(case: ET.Element) -> str:
    # Surefire writes flakyFailure/rerunFailure children for a test that passed on a rerun.
    tags = {child.tag for child in case}
    if "error" in tags:
        return ERROR
    if "failure" in tags:
        return FAILED
    if "skipped" in tags:
        return SKIPPED
    return PASSED


def _junit(data: bytes | str, fmt: str, what: str, exit_code: int) -> RunnerCounts:
    root = xml_root(data, what, exit_code)
    if root.tag not in ("testsuites", "testsuite"):
        raise MalformedFile(
            f"{what} is not a JUnit report (root element <{root.tag}>)", exit_code
        )
    derive = _java_file if fmt == "surefire" else _pytest_file
    tests = []
    for case in root.iter("testcase"):
        internal = _internal_error(case) if fmt == "junit" else None
        if internal is not None:
            tests.append(internal)
            continue
        classname = case.get("classname", "")
        name = case.get("name", "")
        file = case.get("file") or (derive(classname) if classname else None)
        outcome = _junit_outcome(case)
        skipped_subtests = _skipped_subtests(case) if outcome == SKIPPED else ()
        if skipped_subtests:  # the test ran and passed: its skip is a subtest's
            outcome = PASSED
        # pytest keeps a test's classes in its classname (`tests.SpecificationTests`): the
        # review names it `SpecificationTests::test_example`, as pytest's node id does
        classes = _pytest_classes(classname) if fmt == "junit" else ()
        message = _junit_message(case) if outcome in (FAILED, ERROR) or not classname else \
            _skip_reason(case) if outcome == SKIPPED else None
        failed_subtests = _failed_subtests(case) if outcome == FAILED else ()
        if failed_subtests:  # which subtest failed, as pytest's own summary line says it
            more = f" and {len(failed_subtests) - 1} more" if len(failed_subtests) > 1 else ""
            message = f"subtest {failed_subtests[0]}{more}" + (f": {message}" if message
                                                                else "")
        tests.append(TestOutcome(name=name, outcome=outcome, file=file, message=message,
                                 path=("::".join((*classes, name)),) if classes else (),
                                 failed_at=_junit_failed_at(
                                     case, (file,) if file is None or case.get("file")
                                     or fmt != "junit" else _pytest_splits(classname, file))
                                 if outcome in (FAILED, ERROR) else None,
                                 xpassed=outcome == PASSED and any(
                                     prop.get("name") == XPASSED_PROPERTY
                                     for prop in case.iter("property")),
                                 file_check=any(prop.get("name") == FILE_CHECK_PROPERTY
                                                for prop in case.iter("property")),
                                 skipped_subtests=skipped_subtests))
    return _counts(fmt, tests)


def _json_property(case: ET.Element, name: str) -> Any:
    """The JSON value of a test case's property `name`; None without one, or one no JSON."""
    for prop in case.iter("property"):
        if prop.get("name") == name:
            try:
                return json.loads(prop.get("value") or "")
            except ValueError:
                return None
    return None


def _skipped_subtests(case: ET.Element) -> tuple[tuple[str, str], ...]:
    """The subtests a test case's `SUBTESTS_SKIPPED_PROPERTY` names, (label, reason) each; ()
    without one (or with one that is no JSON list of such pairs)."""
    value = _json_property(case, SUBTESTS_SKIPPED_PROPERTY)
    if isinstance(value, list) and value and all(
            isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v)
            for v in value):
        return tuple((label, why) for label, why in value)
    return ()


def _failed_subtests(case: ET.Element) -> tuple[str, ...]:
    """The subtests a test case's `SUBTESTS_FAILED_PROPERTY` names; () without one (or with
    one that is no JSON list of labels)."""
    value = _json_property(case, SUBTESTS_FAILED_PROPERTY)
    return tuple(value) if isinstance(value, list) and all(isinstance(v, str) for v in value) \
        else ()


def _pytest_splits(classname: str, file: str) -> tuple[str, ...]:
    """The files a pytest classname may name, `file` (as read) first, then each run of its
    leading parts (`a.B.c` -> `a/B/c.py`, `a/B.py`, `a.py`): a module or class not in
    CapWords is split at the wrong dot (`pytest_refiled`), and its failure's line is in
    the file the failure text names."""
    parts = classname.split(".")
    splits = ("/".join(parts[:k]) + ".py" for k in range(len(parts), 0, -1))
    return (file, *(split for split in splits if split != file))


# The line pytest writes between the tracebacks of a chain of exceptions
_CHAINED = lazy_re(r"^(?:During handling of the above exception, another exception occurred|"
                   r"The above exception was the direct cause of the following exception):$",
                   re.MULTILINE)


def _junit_failed_at(case: ET.Element, files: Sequence[str | None]) -> int | None:
    """The line of the test's own body pytest's failure text says its failure came from: the
    first `<file>:<line>: ` line, as pytest starts the traceback at the test function (the
    frames after it are the test's calls into other code, a helper of its own file's too:
    jmespath's `test_field` failing in `assert_parsed_ast`, defined six lines above it, had
    been put at the helper's `assertEqual`, the line every test calling it shares). Of a
    chain of exceptions (`During handling of the above exception, another exception
    occurred:`), the last one's traceback, the failure itself: an `except IOError:` whose
    `assertEqual` fails is put at that check, not at the call that raised the error it
    handles."""
    text = "".join(child.text or "" for child in case if child.tag in ("failure", "error"))
    text = _CHAINED.split(text)[-1]
    for file in files:
        found = re.search(rf"^{re.escape(file)}:(\d+): ", text, re.MULTILINE) if file else None
        if found:
            return int(found.group(1))
    return None


def parse_junit_xml(data: bytes | str, exit_code: int = 1) -> RunnerCounts:
    """pytest `--junitxml` (any junit_family) or any JUnit-style report."""
    return _junit(data, "junit", "JUnit XML report", exit_code)


def parse_surefire_xml(data: bytes | str, exit_code: int = 1) -> RunnerCounts:
    """One Maven Surefire `TEST-<class>.xml` file; combine several with `merge`."""
    return _junit(data, "surefire", "Surefire XML report", exit_code)


# --- jest / vitest --json ---------------------------------------------------------------------

_JEST_OUTCOMES = {
    "passed": PASSED,
    "failed": FAILED,
    "pending": SKIPPED,
    "skipped": SKIPPED,
    "todo": SKIPPED,
    "disabled": SKIPPED,
}


def _jest_like(data: bytes | str, fmt: str, exit_code: int) -> RunnerCounts:
    what = f"{fmt} JSON report"
    doc = _json_value(data, what, exit_code)
    if not isinstance(doc, dict) or not isinstance(doc.get("testResults"), list):
        raise MalformedFile(f"{what} has no testResults list", exit_code)
    tests: list[TestOutcome] = []
    failures_located = fmt == "vitest" and _failures_located(doc["testResults"])
    for suite in doc["testResults"]:
        if not isinstance(suite, dict):
            raise MalformedFile(f"{what} has a testResults entry that is not an object", exit_code)
        file = suite.get("name") if isinstance(suite.get("name"), str) else None
        assertions = suite.get("assertionResults", [])
        if not isinstance(assertions, list):
            raise MalformedFile(f"{what} has an assertionResults that is not a list", exit_code)
        # A suite that failed to load (syntax error, missing import, a TypeScript compile
        # error) has no assertions at all: one error named after its file alone, with where
        # its source is wrong when the message says (under a line that only counts errors)
        if not assertions and suite.get("status") == "failed":
            said = suite.get("message")
            said = said if isinstance(said, str) else ""
            # where in the file the load failed: a `describe` whose body threw names its line
            tests.append(TestOutcome(name="", outcome=ERROR, file=file, message=import_hint(
                fmt, said, typescript_hint(fmt, file, said, globals_hint(
                    fmt, located_error(said) or suite_failure_line(said)))),
                failed_at=jest_failed_at(said, file)))
        if assertions and suite.get("status") == "failed" and all(
                isinstance(item, dict) and item.get("status") != "failed"
                for item in assertions):
            said = suite.get("message")
            tests.append(TestOutcome(name="", outcome=ERROR, file=file, suite_failed=True,
                                     message=suite_failure_line(said) if isinstance(said, str)
                                     and said.strip() else SUITE_FAILED))
        for item in assertions:
            if not isinstance(item, dict):
                raise MalformedFile(f"{what} has an assertion that is not an object", exit_code)
            status = item.get("status")
            outcome = _JEST_OUTCOMES.get(status) if isinstance(status, str) else None
            if outcome is None:
                raise MalformedFile(f"{what} has an unknown test status {status!r}", exit_code)
            name = item.get("fullName") or item.get("title") or ""
            messages = item.get("failureMessages")
            message = (jest_failure_line(messages[0], file) if outcome == FAILED
                       and isinstance(messages, list) and messages else
                       TODO if status == "todo" else None)
            titles = item.get("ancestorTitles")
            path = tuple(str(t) for t in titles if str(t).strip()) \
                if isinstance(titles, list) else ()
            title = item.get("title")
            location = item.get("location")
            line = location.get("line") if isinstance(location, dict) else None
            line = line if type(line) is int and line > 0 else None
            failed_at = jest_failed_at(messages[0], file) if outcome == FAILED and message \
                and isinstance(messages, list) else None
            if failures_located and outcome == FAILED:  # where it failed, not where declared
                line, failed_at = None, failed_at or line
            tests.append(TestOutcome(name=str(name), outcome=outcome, file=file,
                                     message=message, path=(*path, title) if isinstance(
                                         title, str) and title.strip() else (),
                                     line=line, failed_at=failed_at))
    return _counts(fmt, _unchecked_snapshots(tests, doc.get("snapshot")))


def _failures_located(suites: list[Any]) -> bool:
    """Whether a vitest report's `location`s say where tests failed, not where they were
    declared: vitest 1 and 2.0 (which refuse `includeTaskLocation`) write one for a failed test
    alone, its failure's first frame (wonka's failed `toPromise` check on line 228 of a test
    declared on 225), and their failure messages carry no stack to read it from; later ones
    write where each test is declared, passed or not, and a failure's stack with its message
    (so a report whose tests all failed is told by the stack)."""
    items = [item for suite in suites if isinstance(suite, dict)
             for item in (suite.get("assertionResults") or ()) if isinstance(item, dict)]
    return not any(item.get("status") != "failed" and isinstance(item.get("location"), dict)
                   for item in items) and not any(
        isinstance(said, str) and any(_JEST_FRAME.match(line.strip())
                                      for line in _ANSI.sub("", said).splitlines())
        for item in items for said in (item.get("failureMessages") or ()))


# A test file's load error when the runner does not define its test functions as globals
_NO_GLOBAL = lazy_re(r"^(?:ReferenceError: )?(describe|it|test|expect|suite|vi|jest|"
                     r"beforeAll|beforeEach|afterAll|afterEach) is not defined$")
_GLOBALS_ON = {"vitest": "vitest defines them only with `test.globals: true` in its config "
                         "(or `--globals`)",
               "jest": "jest defines them unless its config sets `injectGlobals: false`"}


def globals_hint(fmt: str, message: str | None) -> str | None:
    """A load error saying a test function is not defined (`describe is not defined`: the
    headers-polyfill package ships tests that call vitest's globals, and no config turning
    them on) with what defines them, so the reader looks at the runner's config, not the
    test."""
    found = _NO_GLOBAL.match(message or "")
    if found is None or fmt not in _GLOBALS_ON:
        return message
    return (f"{message}: the file calls `{found.group(1)}` without importing it; "
            f"{_GLOBALS_ON[fmt]}")


# Babel's parser in a load error's stack: the file was parsed as JavaScript, by babel-jest
_BABEL_PARSED = lazy_re(r"[\\/]@babel[\\/]parser[\\/]")
_TYPESCRIPT_FILE = lazy_re(r"\.[cm]?tsx?$")


def typescript_hint(fmt: str, file: str | None, said: str, message: str | None) -> str | None:
    """A jest load error of a TypeScript file that Babel's parser raised (itertools-ts's
    `function rows(): Array<...> {`, "Unexpected token, expected "{"", its package shipping no
    jest config) with what reads TypeScript, so the reader looks at jest's config, not at the
    line: babel-jest strips types only where Babel's TypeScript preset is configured."""
    if fmt != "jest" or message is None or not file or not _TYPESCRIPT_FILE.search(file) \
            or not _BABEL_PARSED.search(said):
        return message
    return (f"{message}: babel-jest parsed this TypeScript file as JavaScript; jest reads "
            "TypeScript with `preset: 'ts-jest'` in its config, or `@babel/preset-typescript` "
            "in Babel's")


# Node's refusal of an ES module's syntax in a file jest loads as CommonJS
_IMPORT_REFUSED = lazy_re(r"SyntaxError: Cannot use import statement outside a module")
# the file jest names under `Details:`: `/abs/src/a.test.js:3`
_DETAILS_FILE = lazy_re(r"Details:\s*\n\s*(?P<path>\S+?):\d+\s*$", re.MULTILINE)
_JAVASCRIPT_FILE = lazy_re(r"\.[cm]?jsx?$")


def import_hint(fmt: str, said: str, message: str | None) -> str | None:
    """A jest load error where Node refused the `import` of one of the project's JavaScript
    files (not one under node_modules) with what compiles it, so the reader looks at the
    transform's config, not at the line: minisearch's jest config hands `.js` files to
    ts-jest, which leaves them as written, `import` and all, unless tsconfig.json says
    `allowJs: true` (its npm package ships no tsconfig.json), and the one line said only
    "Jest encountered an unexpected token; SyntaxError: Cannot use import statement outside a
    module"."""
    found = _DETAILS_FILE.search(_ANSI.sub("", said))
    if fmt != "jest" or message is None or not found or not _IMPORT_REFUSED.search(said):
        return message
    parts = re.split(r"[\\/]", found.group("path"))
    if "node_modules" in parts or not _JAVASCRIPT_FILE.search(parts[-1]):
        return message
    return (f"{message}: jest loaded `{parts[-1]}` untransformed; ts-jest "
            "compiles a .js file only with `allowJs: true` in tsconfig.json, babel-jest only "
            "with a Babel config")


def snapshot_names(titles: Sequence[str]) -> tuple[str, str]:
    """The names a test of `titles` (its groups' and its own) stores its snapshots under,
    before their count (`<name> 1`, `<name> 2`): vitest joins the titles with ` > `, jest
    with a space."""
    return " > ".join(titles), " ".join(titles)


def _unchecked_snapshots(tests: list[TestOutcome], summary: object) -> list[TestOutcome]:
    """`tests` with each passed one whose first snapshot the run left unchecked marked so
    (`TestOutcome.unchecked_snapshot`): the report's `snapshot.uncheckedKeysByFile` names the
    stored snapshots no check of the run compared with, and a test's first snapshot check
    compares with `<its name> 1` (`snapshot_names`), so a test whose `<name> 1` is unchecked
    made no snapshot check."""
    listed = summary.get("uncheckedKeysByFile") if isinstance(summary, dict) else None
    unchecked: dict[str, set[str]] = {}
    for entry in listed if isinstance(listed, list) else ():
        keys = entry.get("keys") if isinstance(entry, dict) else None
        if isinstance(entry, dict) and isinstance(entry.get("filePath"), str) and isinstance(
                keys, list):
            unchecked.setdefault(entry["filePath"], set()).update(map(str, keys))
    if not unchecked:
        return tests

    def marked(test: TestOutcome) -> TestOutcome:
        left = unchecked.get(test.file or "", set())
        key = next((key for key in (f"{name} 1" for name in snapshot_names(test.path))
                    if key in left), None) if test.outcome == PASSED and test.path else None
        return replace(test, unchecked_snapshot=key) if key else test

    return [marked(test) for test in tests]


def parse_jest_json(data: bytes | str, exit_code: int = 1) -> RunnerCounts:
    return _jest_like(data, "jest", exit_code)


def parse_vitest_json(data: bytes | str, exit_code: int = 1) -> RunnerCounts:
    """vitest's `--reporter=json` writes the jest-compatible shape."""
    return _jest_like(data, "vitest", exit_code)


# --- go test -json ----------------------------------------------------------------------------

_GO_FINAL = {"pass": PASSED, "fail": FAILED, "skip": SKIPPED}
# A test's end as `go test` prints it, anywhere in a line of output: Go before 1.20 glues it
# to text the test printed without a newline (`fmt.Printf("x")` -> `x--- PASS: TestX (0.00s)`),
# and its `test2json` then sees no end line and writes no pass / fail / skip event for it; and
# a stream cut off at a time limit may hold a parallel test's end line without the event
# `test2json` writes after it (goji/param's `TestBool`, `--- PASS: TestBool (0.00s)` its last
# line, had read as "still running when the run hit its time limit").
_GO_GLUED_END = lazy_re(r"--- (PASS|FAIL|SKIP): (\S+) \(")
NO_RESULT_OF_ITS_OWN = "go test -json gave no result for it, and its package failed"


@dataclass
class _GoStream:
    """What a `go test -json` stream says, as far as it can be read (`_go_stream`)."""

    final: dict[tuple[str, str], str]  # (package, test) -> outcome, in the order they ended
    started: dict[tuple[str, str], None]  # in the order they started
    said: dict[tuple[str, str], str]  # a test's first line of its own output
    said_last: dict[tuple[str, str], str]  # its last: a skip's reason (`t.Skip("why")`)
    package_state: dict[str, str]  # a package's own end: pass / fail / skip
    packages_seen: set[str]
    panicked_at: dict[tuple[str, str], int]  # the line of its own code a test panicked on
    # paused at `t.Parallel()` and not continued since: it waits for the serial tests to end
    paused: set[tuple[str, str]] = field(default_factory=set)

    def unfinished(self) -> list[tuple[str, str]]:
        return [key for key in self.started if key not in self.final]


def _go_events(text: str) -> Iterator[dict[str, Any]]:
    """Each line of `text` that reads as a `go test -json` event (a JSON object with an
    Action), in order; any other line is skipped."""
    for line in text.splitlines():
        if not line.lstrip().startswith("{"):
            continue
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if isinstance(event, dict) and isinstance(event.get("Action"), str):
            yield event


def _go_stream(text: str) -> _GoStream:
    """Every event of a `go test -json` stream that reads as one: a line that is no event
    (build output go passes through as text, a line cut or garbled, an event without an
    Action or with a malformed Package or Test) is skipped, never the stream. A test's end is
    its own pass / fail / skip event, else the end line its output printed, alone or glued to
    printed text (`_GO_GLUED_END`; its own event, where there is one, wins)."""
    stream = _GoStream({}, {}, {}, {}, {}, set(), {})
    glued: set[tuple[str, str]] = set()
    testify: set[tuple[str, str]] = set()  # the tests whose testify rows are being read
    continued: dict[tuple[str, str], int] = {}  # a message read on its lines: their indent
    examples: dict[tuple[str, str], list[str]] = {}  # a failed example's `got:` / `want:`
    blocks: dict[tuple[str, str], list[str | None]] = {}  # a test's `got:` / `want:` blocks
    frames: set[tuple[str, str]] = set()  # a panic's stack at the test's own function
    for event in _go_events(text):
        action, package, test = event["Action"], event.get("Package", ""), event.get("Test")
        if not isinstance(package, str) or (test is not None and not isinstance(test, str)):
            continue
        if package:
            stream.packages_seen.add(package)
        if not test:
            if action in _GO_FINAL:
                stream.package_state[package] = action
            continue
        key = (package, test)
        if action == "run":
            stream.started[key] = None
        elif action == "pause":
            stream.paused.add(key)
        elif action == "cont":
            stream.paused.discard(key)
        elif action in _GO_FINAL:
            if key in glued:  # its own event after all: it ends where that says
                glued.discard(key)
                del stream.final[key]
            stream.final[key] = _GO_FINAL[action]
        elif action == "output":
            output = event.get("Output")
            output = output if isinstance(output, str) else ""
            for found in _GO_GLUED_END.finditer(output):
                ended = (package, found.group(2))
                if ended not in stream.final:
                    stream.final[ended] = _GO_FINAL[found.group(1).lower()]
                    glued.add(ended)
            said_line = _go_failure(output)
            if said_line:
                if key not in stream.said or _said_by_a_check(stream.said[key], said_line):
                    stream.said[key] = said_line
                stream.said_last[key] = said_line
            if key in stream.said:
                _testify_said(stream, key, output, testify)
                _continued_said(stream, key, output, continued)
            _panic_frame(stream, key, output, frames)
            if key[1].startswith("Example") and stream.said.get(key) == "got:":
                examples.setdefault(key, []).append(output)
            _got_block(stream.said.get(key, ""), key, output, blocks)
    for key, printed in examples.items():
        stream.said[key] = _example_differs("".join(printed)) or stream.said[key]
    for key, block in blocks.items():
        stream.said[key] = _blocks_differ(block) or stream.said[key]
    return stream


# A check's message that prints what it got and what it wanted as blocks of lines under
# labels of their own (`x_test.go:27: got:`, the value's lines, `want:`, its lines)
_GO_GOT_LABEL = lazy_re(r"^(?P<at>\S+\.go:\d+: )got:$")


def _got_block(said: str, key: tuple[str, str], output: str,
               blocks: dict[tuple[str, str], list[str | None]]) -> None:
    """Collect the lines of a test's first message where it is a `got:` label alone
    (`_GO_GOT_LABEL`), from that line to the test's next message or go's framing (a `None`
    closes them)."""
    if not _GO_GOT_LABEL.match(said) or (key in blocks and blocks[key][-1] is None):
        return
    ended = _GO_FRAMING.match(output) or (
        key in blocks and (_GO_LOCATION_LINE.match(output) or not output[:1].isspace()))
    blocks.setdefault(key, []).append(None if ended else output)


def _blocks_differ(printed: Sequence[str | None]) -> str | None:
    """A test's `got:` message (`_got_block`) read as the first line where what it got and
    what it wanted differ, after its location (`table_test.go:27: line 6: got "| -3 |", want
    "|  -3|"`: tablewriter's `checkEqual` prints both tables under `got:` and `want:`, and the
    failure had been said as `table_test.go:27: got:` alone); None where it cannot be read so."""
    lines = "".join(line for line in printed if line is not None).splitlines()
    found = _GO_GOT_LABEL.match(lines[0].strip()) if lines else None
    if found is None:
        return None
    indent = len(lines[0]) - len(lines[0].lstrip()) + 4
    under = [line[indent:] if line[:indent].isspace() else line.strip() for line in lines[1:]]
    differs = _example_differs("\n".join(["got:", *under]))
    return f"{found.group('at')}{differs.removeprefix('output ')}"[:MESSAGE_CHARS] \
        if differs else None


def _said_by_a_check(first: str, line: str) -> bool:
    """Whether `line` of a failed test's output says what failed better than its `first`: a
    check of `testing` prints its file and line (`x_test.go:12: got 3`), and a panic its
    `panic: ...` line; text the test printed itself does neither (jsonparser's table runners
    print `Running: <row>` before each row's check), so the first such line wins over
    unlocated text before it."""
    return not _GO_LOCATION_LINE.match(first) and not first.startswith("panic: ") and bool(
        _GO_LOCATION_LINE.match(line) or line.startswith("panic: "))


# A frame's place in a Go stack: `\t/src/x/parser_test.go:1324 +0x33`
_GO_FRAME_PLACE = lazy_re(r"^\t(?:\S*/)?[^/\s]+\.go:(?P<line>\d+)(?: \+0x[0-9a-f]+)?\s*$")


def _panic_frame(stream: _GoStream, key: tuple[str, str], output: str,
                 frames: set[tuple[str, str]]) -> None:
    """A test that panicked (`panic: ...` said) panicked at the line its own function's frame
    names in the stack (`example.com/p.TestGetInt(0x...)` then `\t/src/p/p_test.go:1324
    +0x33`; a subtest's function literal, `TestX.func1(`, is in the test's file too): the
    frames above it are the code it called and go's own."""
    if key in frames:
        frames.discard(key)
        place = _GO_FRAME_PLACE.match(output)
        if place:
            stream.panicked_at.setdefault(key, int(place.group("line")))
    elif stream.said.get(key, "").startswith("panic: ") and re.match(
            rf"(?:\S+\.)?{re.escape(key[1].split('/')[0])}(?:\.func\d+)*\(", output):
        frames.add(key)


def _example_differs(printed: str) -> str | None:
    """What a failed Go example printed (`got:` its output, `want:` its `// Output:`) read
    as the first line where the two differ (`output line 4: got "row 1 column 11", want "row
    1 column 12"`); None where it cannot be read so."""
    lines = printed.splitlines()
    if "want:" not in lines[1:]:
        return None
    cut = lines.index("want:", 1)
    got, want = lines[1:cut], lines[cut + 1:]
    for at in range(max(len(got), len(want))):
        one = got[at] if at < len(got) else None
        other = want[at] if at < len(want) else None
        if one != other:
            shown = [json.dumps(line) if line is not None else "nothing" for line in (one, other)]
            return f"output line {at + 1}: got {shown[0]}, want {shown[1]}"[:MESSAGE_CHARS]
    return None


# testify prints where a check failed alone on its line (`x_test.go:19: `) and what failed
# under it, one tab-aligned row each: `Error Trace:`, `Error: Not equal: `, then unlabelled
# rows (`expected: "a"`, `actual  : "b"`), a blank row, `Diff:`, `Test:`, `Messages:`.
_GO_BARE_LOCATION = lazy_re(r"^\S+\.go:\d+:$")
_TESTIFY_ROW = lazy_re(r"^\s*\t(?:(?P<label>[A-Z][\w ]*?):)?\s*\t(?P<text>.*?)\s*$")


def _testify_said(stream: _GoStream, key: tuple[str, str], output: str,
                  testify: set[tuple[str, str]]) -> None:
    """A test whose first line is a bare location (`_GO_BARE_LOCATION`) says what failed in
    testify's rows under it: its `Error:` row and the unlabelled rows that follow (what was
    expected and what came), up to a blank row, are added to that line (`x_test.go:19: Not
    equal: expected: "a"; actual  : "b"`)."""
    row = _TESTIFY_ROW.match(output)
    if row is None or not _GO_BARE_LOCATION.match(stream.said[key].split(" ", 1)[0]):
        testify.discard(key)
        return
    label, text = row.group("label"), row.group("text")
    if label == "Error" and key not in testify and " " not in stream.said[key]:
        testify.add(key)
    elif label is not None or not text or key not in testify:
        testify.discard(key)
        return
    joint = " " if stream.said[key].endswith(":") else "; "
    stream.said[key] = f"{stream.said[key]}{joint}{text}"[:MESSAGE_CHARS]


# A new message of a test (`    x_test.go:12: ...`), not a line under the one before
_GO_LOCATION_LINE = lazy_re(r"^\s*\S+\.go:\d+:")


def _continued_said(stream: _GoStream, key: tuple[str, str], output: str,
                    continued: dict[tuple[str, str], int]) -> None:
    """A test whose first line is a bare location and no testify row under it
    (`t.Fatalf("\\nexpected:\\n%s\\n\\ngot:\\n%s", want, got)` prints `x_test.go:262: `, then
    its text indented under it) says what failed in the lines under that location: each
    non-blank one is added to it (`x_test.go:262: expected: a  b; got: a b`), up to the
    test's next message or go's framing. Go indents those lines four spaces past the
    location's line; past that, a line's spaces are its own (got and want may differ only
    in them), and a line with spaces at an end is shown quoted (`expected: " a  b"`)."""
    said = stream.said[key]
    if _GO_BARE_LOCATION.match(said) and output.strip() == said:
        # the location's own line: its text comes under it, indented past it
        continued[key] = len(output) - len(output.lstrip()) + 4
        return
    if key not in continued:
        return
    indent = continued[key]
    if _TESTIFY_ROW.match(output) or _GO_LOCATION_LINE.match(output) \
            or _GO_FRAMING.match(output) or not output[:1].isspace():
        del continued[key]
        return
    glued = _GO_GLUED_END.search(output)
    line = _ANSI.sub("", output[:glued.start()] if glued else output).rstrip("\r\n")
    text = line[indent:] if line[:indent].isspace() else line.strip()
    if text.strip():
        shown = json.dumps(text) if text != text.strip() else text
        joint = " " if said.endswith(":") else "; "
        stream.said[key] = f"{said}{joint}{shown}"[:MESSAGE_CHARS]


def parse_go_test_json(data: bytes | str, exit_code: int = 1) -> RunnerCounts:
    """`go test -json` events (`_go_stream`: a line that is no event is skipped, never the
    whole stream; a test's pass, fail and skip events are what count). A failed test's message
    is the first line of its own output that a check of `testing` printed (`x_test.go:12: ...`),
    or its `panic: ...` line, else its first line (`_said_by_a_check`); one printing what it
    got and wanted as blocks under `got:` and `want:` is said by the line they differ on
    (`_blocks_differ`), as a failed example is; one that panicked is
    located at the line of its own code the stack names (`_panic_frame`); a skipped one's the
    last (`t.Skip("why")` prints its
    reason as the test stops: `x_test.go:12: why`), None where it printed none. A package that fails
    without any test result (build error, panic in init) counts as one error. A test started
    and never ended in a package that did end (killed by go's own `-timeout`, a crash) is in
    error with its first line of output, or passed where its package passed; but one paused
    at `t.Parallel()` and never continued, in a package that failed, has no outcome: it never
    ran past that call, the test binary ending while the serial tests ran (goji/param's 27
    parallel tests, when a serial one's `log.Fatal` exited it, had read as 27 failures, "go
    test -json gave no result for it"). A package with no end of its own means the stream was
    cut off."""
    what = "go test -json output"
    stream = _go_stream(report_text(data, what, exit_code))
    # Every package ends with its own pass/fail/skip event; a missing one means a cut stream.
    open_packages = sorted(stream.packages_seen - stream.package_state.keys())
    if open_packages:
        raise MalformedFile(
            f"{what} is truncated: package {open_packages[0]} has no final result", exit_code
        )
    if not stream.final and not stream.package_state:
        raise MalformedFile(f"{what} has no test or package results", exit_code)
    final = dict(stream.final)
    for package, name in stream.unfinished():
        passed = stream.package_state.get(package) == "pass"
        if passed or (package, name) not in stream.paused:
            final[(package, name)] = PASSED if passed else ERROR
    with_tests = {package for package, _ in final}
    broken = sum(1 for pkg, state in stream.package_state.items()
                 if state == "fail" and pkg not in with_tests)
    tests = [
        TestOutcome(name=name, outcome=outcome, file=package or None,
                    message=(stream.said.get((package, name)) or (
                        NO_RESULT_OF_ITS_OWN if outcome == ERROR else None))
                    if outcome in (FAILED, ERROR) else
                    _go_skip_reason(stream.said_last.get((package, name)))
                    if outcome == SKIPPED else None,
                    failed_at=stream.panicked_at.get((package, name))
                    if outcome in (FAILED, ERROR) else None)
        for (package, name), outcome in final.items()  # stream order
    ]
    return _counts("go-json", tests, extra_errors=broken)


# Go's line for a package it could not build or set up (`FAIL\t<pkg> [build failed]`), text
# before Go 1.24's `go test -json`, no event of the stream
_GO_UNBUILT = lazy_re(r"^FAIL\s+(\S+)\s+\[(?:build|setup) failed\]$", re.M)
# the line go prints on stderr above a package's compile errors: `# <pkg> [<pkg>.test]`
_GO_BUILD_HEADER = lazy_re(r"^# (\S+)(?: \[\S+\])?$")


def go_unbuilt_packages(stdout: str) -> dict[str, str | None]:
    """The packages a `go test -json` run (`stdout`) says go could not build, in its order,
    each with the first compile error its events give (else None; pure): before Go 1.24 a
    line of text, `FAIL <pkg> [build failed]` (`[setup failed]`), the errors on stderr;
    from Go 1.24 a package's `fail` event naming what failed to build (`"FailedBuild": "<pkg>
    [<pkg>.test]"`), the errors in the `build-output` events of that import path, after
    their `# <pkg>` header (the text line is then an event's `Output`, no line of its own)."""
    return _go_unbuilt(stdout)[0]


def _go_unbuilt(stdout: str) -> tuple[dict[str, str | None], set[str]]:
    """`go_unbuilt_packages`, and those of them a `fail` event of the package said (Go 1.24
    on: `parse_go_test_json` counts such a package, failed with no test result, an error)."""
    found: dict[str, str | None] = dict.fromkeys(_GO_UNBUILT.findall(stdout))
    evented: set[str] = set()
    said: dict[str, str] = {}
    for event in _go_build_events(stdout):
        path, output = event.get("ImportPath"), event.get("Output")
        if event.get("Action") == "build-output" and isinstance(path, str) \
                and isinstance(output, str) and output.strip() \
                and not output.startswith("# ") and path not in said:
            said[path] = output.strip()
        failed, package = event.get("FailedBuild"), event.get("Package")
        if event.get("Action") == "fail" and isinstance(failed, str) \
                and isinstance(package, str) and not event.get("Test"):
            found[package] = said.get(failed)
            evented.add(package)
    return found, evented


def go_build_output(stdout: str) -> str:
    """What Go 1.24 and later print building a `go test -json` run's packages, as its
    `build-output` events carry it (the compiler's lines, which older Go prints on stderr);
    "" where there is none (pure)."""
    return "".join(event["Output"] for event in _go_build_events(stdout)
                   if event.get("Action") == "build-output"
                   and isinstance(event.get("Output"), str))


def _go_build_events(stdout: str) -> Iterator[dict[str, Any]]:
    """The events of a `go test -json` run that speak of its build (Go 1.24 on: `build-output`,
    and a package's `fail` naming the build that failed, `FailedBuild`), parsed; only their
    lines are (the stream's other events are `parse_go_test_json`'s)."""
    for line in stdout.splitlines():
        if not line.startswith("{") or (
                '"build-output"' not in line and '"FailedBuild"' not in line):
            continue
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if isinstance(event, dict):
            yield event


def go_unbuilt(counts: RunnerCounts, stdout: str, stderr: str) -> RunnerCounts:
    """`counts` of a `go test -json` run (`stdout`) with an error for each package Go says it
    could not build (`go_unbuilt_packages`) and reported no test of: no test's, named after
    the package (as a JS file that failed to load is after its file), its message the first
    compile error go gave for it, in its events or on `stderr` (`./update_test.go:13:5: err
    declared but not used`), else that it did not build. None of that package's tests ran: a
    run of the story's two packages, one of them unbuilt, had read "11 passed, 0 failed", its
    other tests with no outcome and no reason."""
    reported = {test.file for test in counts.tests}
    unbuilt, evented = _go_unbuilt(stdout)
    added = [TestOutcome(name="", outcome=ERROR, file=package,
                         message=said or _go_build_error(stderr, package)
                         or f"{package} [build failed]")
             for package, said in unbuilt.items() if package not in reported]
    if not added:
        return counts
    # the errors counted beside the tests, but those the added packages now are
    beside = counts.errors - sum(test.outcome == ERROR for test in counts.tests) - sum(
        test.file in evented for test in added)
    return _counts(counts.format, (*counts.tests, *added), extra_errors=beside)


def _go_build_error(stderr: str, package: str) -> str | None:
    """The first line go printed under `package`'s header on `stderr` (`# <pkg>`)."""
    lines = stderr.splitlines()
    for at, line in enumerate(lines):
        header = _GO_BUILD_HEADER.match(line)
        if header is not None and header.group(1) == package:
            return next((text.strip() for text in lines[at + 1:] if text.strip()
                         and not text.startswith("# ")), None)
    return None


# Where a test's own line says where it was written (`x_test.go:12: `): what `t.Skip` prints.
_GO_LOGGED = lazy_re(r"[\w.-]+\.go:\d+: \S.*$")


def _go_skip_reason(said: str | None) -> str | None:
    """A skipped test's last line of its own output from where it names its file and line
    (`t.Skip("later")` after `fmt.Printf("x")` with no newline: Go before 1.20 prints `x
    x_test.go:22: later`), else as it is."""
    if said is None:
        return None
    found = _GO_LOGGED.search(said)
    return found.group(0) if found else said


def _go_text(data: bytes | str) -> str:
    return data.decode("utf-8", "replace") if isinstance(data, bytes) else data


def go_still_running(data: bytes | str) -> tuple[TestOutcome, ...]:
    """The tests a cut-off `go test -json` stream started and never finished, in the order
    they started, each in error (`STILL_RUNNING`) in its package: what was running when a
    run timed out."""
    return tuple(TestOutcome(test, ERROR, package or None, STILL_RUNNING)
                 for package, test in _go_stream(_go_text(data)).unfinished())


def go_finished(data: bytes | str) -> tuple[TestOutcome, ...]:
    """The tests a cut-off `go test -json` stream finished, with their outcomes, in the
    order they finished: what a run that timed out had run."""
    stream = _go_stream(_go_text(data))
    return tuple(TestOutcome(name=name, outcome=outcome, file=package or None,
                             message=stream.said.get((package, name))
                             if outcome == FAILED else None)
                 for (package, name), outcome in stream.final.items())


def pytest_test(nodeid: str, outcome: str, message: str | None = None) -> TestOutcome:
    """A pytest node id's test as its JUnit report names it: the file the id's, the name its
    function's with its parameters (`tests/b.py::TestX::test_f[1]` -> `test_f[1]` in
    `tests/b.py`; JUnit keeps a class in its classname, which names only the file here, and
    is shown with it: `TestX::test_f[1]`)."""
    file, _, rest = nodeid.partition("::")
    head, bracket, params = rest.partition("[")  # a parameter id may hold `::` itself
    classes, _, function = head.rpartition("::")
    name = function + bracket + params
    return TestOutcome(name=name, outcome=outcome, file=file, message=message,
                       path=(f"{classes}::{name}",) if classes else ())


def pytest_finished(text: str) -> tuple[TestOutcome, ...]:
    """The tests a progress log shows finished (`< id`), each with its outcome: passed
    unless a phase of it did not pass (`= failed|error|skipped id`; an error outweighs a
    failure, and either a skip); named as JUnit names them (`pytest_test`)."""
    worst: dict[str, str] = {}
    rank = {PASSED: 0, SKIPPED: 1, FAILED: 2, ERROR: 3}
    done: dict[str, None] = {}
    for line in text.splitlines():
        mark, _, rest = line.partition(" ")
        if mark == "=":
            outcome, _, nodeid = rest.partition(" ")
            if outcome in rank and rank[outcome] > rank[worst.get(nodeid, PASSED)]:
                worst[nodeid] = outcome
        elif mark == "<" and "::" in rest:
            done[rest] = None
    return tuple(pytest_test(nodeid, worst.get(nodeid, PASSED)) for nodeid in done)


def pytest_still_running(text: str) -> tuple[str, ...]:
    """The pytest node ids a progress log (`> id` started, `< id` finished: the review's
    plugin writes it) shows started and never finished: what a killed run was running."""
    started: dict[str, None] = {}
    for line in text.splitlines():
        mark, _, nodeid = line.partition(" ")
        if mark == ">" and nodeid:
            started[nodeid] = None
        elif mark == "<":
            started.pop(nodeid, None)
    return tuple(started)


# pytest's heading of a failed test's section in its FAILURES (ERRORS) part:
# `____ TestX.test_f[1] ____`, `____ ERROR at setup of test_g ____`.
_PYTEST_FAILURE_HEAD = lazy_re(r"^_+ (?:ERROR at \w+ of )?(\S.*?) _+$", re.MULTILINE)


def pytest_failure_lines(text: str) -> dict[str, str]:
    """The first line of each failure pytest's terminal output shows (its first `E   `
    line), by the name its section heads it with (`TestX.test_f[1]`: classes and function
    joined by dots)."""
    text = without_colour(text)
    heads = list(_PYTEST_FAILURE_HEAD.finditer(text))
    out: dict[str, str] = {}
    for at, head in enumerate(heads):
        section = text[head.end():heads[at + 1].start() if at + 1 < len(heads) else len(text)]
        first = re.search(r"^E\s+(\S.*)$", section, re.MULTILINE)
        if first and head.group(1) not in out:
            out[head.group(1)] = first.group(1).strip()[:MESSAGE_CHARS]
    return out


_VITEST_EVENTS = {"pass": PASSED, "fail": FAILED, "skip": SKIPPED}


def _js_events(text: str) -> Iterator[tuple[tuple[str | None, tuple[str, ...]], dict[str, Any]]]:
    """The test events of the review's vitest or jest reporter's log, each with its test's
    (file, titles); a line that is none is skipped."""
    for line in text.splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        titles = event.get("titles") if isinstance(event, dict) else None
        file = event.get("file") if isinstance(event, dict) else None
        if not isinstance(titles, list) or not titles or not all(
                isinstance(t, str) for t in titles) or not isinstance(file, str | None):
            continue
        yield (file, tuple(titles)), event


def js_progress(text: str) -> tuple[tuple[TestOutcome, ...], tuple[TestOutcome, ...]]:
    """What the review's vitest or jest reporter (`runner_plugins/gaia_vitest_progress.mjs`,
    `gaia_jest_progress.cjs`) logged of a run, a JSON line per test started (`run`) or
    finished (`pass`, `fail`, `skip`): the tests it finished, with their outcomes, in the
    order they finished, and those it started and never finished (in error: a test that never
    finished verifies nothing), named as the runner's JSON report names them (its groups'
    titles and its own, spaced, under its file). Tolerant: a line it cannot read is
    skipped."""
    last: dict[tuple[str | None, tuple[str, ...]], str] = {}
    for key, event in _js_events(text):
        last.pop(key, None)  # in the order of its latest event
        last[key] = str(event.get("event"))

    def outcome(key: tuple[str | None, tuple[str, ...]], state: str) -> TestOutcome:
        return TestOutcome(" ".join(key[1]), state, key[0], path=key[1])

    return (tuple(outcome(key, _VITEST_EVENTS[event]) for key, event in last.items()
                  if event in _VITEST_EVENTS),
            tuple(outcome(key, ERROR) for key, event in last.items() if event == "run"))


# vitest's JSON report's whole word on a failed snapshot: `Error: Snapshot `<name> 1` mismatched`
_SNAPSHOT_MISMATCH = lazy_re(r"^(?:Error: )?Snapshot `(?P<name>.*)` mismatched$")
# a snapshot never stored, as vitest hands it to its reporter
_NO_SNAPSHOT = "undefined"


def snapshot_difference(name: str, expected: str, actual: str) -> str | None:
    """What a failed snapshot says, in one line: that none named `name` is stored (vitest
    hands a missing one over as `undefined`: the review runs as CI does, where a missing
    snapshot fails rather than being written), else the first line where the stored value and
    the received one differ; None where they differ in no line (one was cut)."""
    if expected == _NO_SNAPSHOT:
        return (f"no snapshot `{name}` is stored (run as in CI, a snapshot is never written: "
                "commit the .snap file)")
    stored, received = expected.splitlines(), actual.splitlines()
    for index in range(max(len(stored), len(received))):
        was = stored[index].strip() if index < len(stored) else ""
        now = received[index].strip() if index < len(received) else ""
        if was != now:
            return (f"snapshot `{name}` differs at its line {index + 1}: stored "
                    f"`{was or '(nothing)'}`, received `{now or '(nothing)'}`")[:MESSAGE_CHARS]
    return None


def snapshot_said(counts: RunnerCounts, progress: str) -> RunnerCounts:
    """`counts` (vitest's JSON report) with each failed snapshot's message made to say what
    differs (`snapshot_difference`), from what the review's vitest reporter logged of it (a
    `fail` line's `snapshot`: {"expected", "actual"}). Tolerant: a line it cannot read, or a
    test it logged nothing of, keeps its message."""
    said: dict[tuple[str | None, tuple[str, ...]], tuple[str, str]] = {}
    for key, event in _js_events(progress):
        snap = event.get("snapshot")
        if isinstance(snap, dict) and isinstance(snap.get("expected"), str) and isinstance(
                snap.get("actual"), str):
            said[key] = (snap["expected"], snap["actual"])

    def told(test: TestOutcome) -> TestOutcome:
        found = _SNAPSHOT_MISMATCH.match(test.message or "")
        values = said.get((test.file, test.path))
        better = snapshot_difference(found.group("name"), *values) if found and values else None
        return replace(test, message=better) if better else test

    return replace(counts, tests=tuple(map(told, counts.tests))) if said else counts


def js_files_running(text: str) -> tuple[str, ...]:
    """The test files the review's vitest reporter logged as started and not finished
    (`{"event": "run", "file": ..., "task": "file"}` its latest line for the file), in the
    order they started: where a hung run's log names no test still running, vitest's worker
    had not yet sent its tests' updates (see the reporter), and the file is what can be said."""
    started: dict[str, bool] = {}
    for line in text.splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if isinstance(event, dict) and event.get("task") == "file" and isinstance(
                event.get("file"), str):
            started[event["file"]] = event.get("event") == "run"
    return tuple(file for file, running in started.items() if running)


# The lines `go test` itself prints around a test's own (`=== RUN`, `--- FAIL: ...`).
_GO_FRAMING = lazy_re(r"^\s*(?:=== (?:RUN|PAUSE|CONT|NAME)|--- (?:PASS|FAIL|SKIP))\b")


def _go_failure(output: object) -> str | None:
    """A line of a test's own output (`x_test.go:12: got 3, want 4`), not go's framing, nor
    the end line glued to it (`_GO_GLUED_END`)."""
    if not isinstance(output, str) or _GO_FRAMING.match(output):
        return None
    glued = _GO_GLUED_END.search(output)
    return failure_line(output[:glued.start()] if glued else output)


# go's own line ending a package (`FAIL\t<package>\t0.01s`, `ok ...`, `FAIL`, `exit status 1`).
_GO_PACKAGE_END = lazy_re(r"^(?:(?:FAIL|ok)(?:\s+\S+(?:\s+\S+)?)?|exit status \d+)$")
# The date and time the `log` package writes before a message (`2026/01/02 03:04:05 `).
_GO_LOG_STAMP = lazy_re(r"^\d{4}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? ")


def go_printed(text: str) -> list[str] | None:
    """The non-empty lines a `go test -json` stream's events print (their `Output`), less
    go's framing and its own line ending a package (`FAIL\t<package>\t0.01s`) where any other
    is left, each without the date and time `log` writes before it: what a package that
    stopped before its tests said (a TestMain's `log.Fatal(err)`); None where no line of `text`
    is such an event."""
    printed: list[str] | None = None
    for event in _go_events(text):
        printed = printed if printed is not None else []
        output = event.get("Output")
        if isinstance(output, str) and output.strip():
            printed += [_GO_LOG_STAMP.sub("", said.strip())
                        for said in output.splitlines() if said.strip()]
    if printed is None:
        return None
    own = [said for said in printed
           if not _GO_FRAMING.match(said) and not _GO_PACKAGE_END.match(said)]
    return own or printed


# --- TAP (bats --tap) -------------------------------------------------------------------------

_TAP_PLAN_RE = lazy_re(r"^1\.\.(\d+)")
_TAP_RESULT_RE = lazy_re(r"^(not ok|ok)\b\s*(\d+)?\s*(?:-\s*)?(.*)$")
_TAP_DIRECTIVE_RE = lazy_re(r"\s+#\s*(skip|todo)\b.*$", re.IGNORECASE)
# A failed test's diagnostics, less bats' note of where it is (`# (in test file x.bats, ...)`,
# `# (from function `f' in file h.bash, line 5,` then `#  in test file x.bats, line 6)`).
_TAP_DIAGNOSTIC_RE = lazy_re(r"^#\s+(?!\(?(?:in test file|from function)\b)(\S.*)$")
# bats' note of the failed test's own file: the file of an outcome TAP does not name.
_TAP_TEST_FILE_RE = lazy_re(r"^#.*\bin test file (\S.*?), line \d+")


# What bats-assert (`expected : x`) and hand-written helpers (rbenv's `expected: x`) print
# under a failed comparison: the difference a reader looks for.
_TAP_COMPARED_RE = lazy_re(r"^#\s*(expected|actual)\s*:\s*(.*?)\s*$")
COMPARED_CHARS = 60


def _tap_tests(text: str) -> tuple[int | None, list[TestOutcome]]:
    """The plan and the results of a TAP stream, as far as it goes."""
    planned: int | None = None
    tests: list[TestOutcome] = []
    first: str | None = None  # the failed test's own line, as its message starts
    compared: dict[str, str] = {}
    for line in text.splitlines():
        last_failed = bool(tests) and tests[-1].outcome == FAILED
        where = _TAP_TEST_FILE_RE.match(line)
        if where and last_failed and tests[-1].file is None:
            tests[-1] = replace(tests[-1], file=where.group(1))
            continue
        pair = _TAP_COMPARED_RE.match(line)
        if pair and last_failed and first is not None:
            compared.setdefault(pair.group(1), pair.group(2))
            tests[-1] = replace(tests[-1], message=_tap_message(first, compared))
            continue
        said = _TAP_DIAGNOSTIC_RE.match(line)
        if said and last_failed and tests[-1].message is None:
            first = bash_quotes(failure_line(said.group(1)) or "")
            tests[-1] = replace(tests[-1], message=first)
            continue
        plan = _TAP_PLAN_RE.match(line)
        if plan:
            planned = int(plan.group(1))
            continue
        if line.startswith("Bail out!"):
            raise MalformedFile(f"TAP output bailed out: {line[9:].strip()[:80]}")
        result = _TAP_RESULT_RE.match(line)
        if not result:
            continue  # diagnostics (`# ...`), YAML blocks and test output
        status, _number, rest = result.groups()
        directive = _TAP_DIRECTIVE_RE.search(rest)
        name = rest[: directive.start()] if directive else rest
        # skip and todo (expected to fail) never count against the run
        outcome = SKIPPED if directive else PASSED if status == "ok" else FAILED
        tests.append(TestOutcome(name=name.strip(), outcome=outcome, file=None,
                                 message=_tap_reason(directive.group(0)) if directive else None))
        first, compared = None, {}
    return planned, tests


def _tap_reason(directive: str) -> str | None:
    """A TAP skip's reason as given (`# skip (needs network)` -> `needs network`); a todo's,
    `todo: <reason>`; None for a bare skip."""
    kind, _, reason = directive.strip().lstrip("#").strip().partition(" ")
    reason = reason.strip()
    if reason.startswith("(") and reason.endswith(")"):
        reason = reason[1:-1].strip()
    if kind.lower() == "todo":
        return f"todo: {reason}" if reason else "todo"
    return bash_quotes(reason)[:MESSAGE_CHARS] or None


def _tap_message(first: str, compared: Mapping[str, str]) -> str:
    """A failed test's first line with what it expected and what it got, once each: each
    value whole up to COMPARED_CHARS, else the stretch from a little before where the two
    first differ (`…n `1.2' is not…` against `…n `1.3' is not…`); the first line clipped
    inside its code span, never through it (a span left open runs on through the report)."""
    values = [compared[k] for k in ("expected", "actual") if k in compared]
    at = _first_difference(*values) if len(values) == 2 else 0
    shown = "".join(f"; {k} {code_span(_around(compared[k], at))}"
                    for k in ("expected", "actual") if k in compared)
    return clip_code(first, MESSAGE_CHARS - len(shown)) + shown if shown else first


BEFORE_DIFFERENCE = 20  # characters shown before where an expected and an actual value differ


def _first_difference(one: str, other: str) -> int:
    """Where two values first differ (the shorter one's length where one begins the other)."""
    return next((i for i, (a, b) in enumerate(zip(one, other, strict=False)) if a != b),
                min(len(one), len(other)))


def _around(value: str, at: int) -> str:
    """`value` whole when it is short, else COMPARED_CHARS of it from a little before `at`,
    with `…` where it is cut."""
    if len(value) <= COMPARED_CHARS:
        return value
    start = max(0, at - BEFORE_DIFFERENCE)  # both values from the same place
    cut = value[start:start + COMPARED_CHARS]
    return ("…" if start else "") + cut + ("…" if start + COMPARED_CHARS < len(value) else "")


_LEADING_SPAN = lazy_re(r"^(?P<fence>`+)(?P<pad> ?)(?P<code>.*?)(?P=pad)(?P=fence)(?P<rest>[^`]*)$",
                        re.DOTALL)
MIN_CLIPPED = 10  # characters of a code span worth keeping; else the line is cut plainly


def clip_code(text: str, limit: int) -> str:
    """`text` in at most `limit` characters; a line that is one code span and the words after
    it (bats' ``` ``assert_failure "…"`` failed ```) loses the end of the span's code, marked
    `…`, its fences kept (pure)."""
    if len(text) <= limit:
        return text
    found = _LEADING_SPAN.match(text)
    if found is None:
        return text[:limit]
    fence, pad, rest = found.group("fence"), found.group("pad"), found.group("rest")
    room = limit - 2 * (len(fence) + len(pad)) - len(rest) - 1
    if room < MIN_CLIPPED:
        return text[:limit]
    return f"{fence}{pad}{found.group('code')[:room].rstrip()}…{pad}{fence}{rest}"


def parse_tap(data: bytes | str, exit_code: int = 1) -> RunnerCounts:
    """TAP 12/13 as `bats --tap` writes it: `1..N`, `ok 1 name`, `not ok 2 name`,
    `ok 3 name # skip (reason)`. Fewer results than the plan announced means truncation.
    TAP names no file; a failed test's is read from bats' `in test file x.bats, line N`. Its
    message is bats' line saying what failed, its `quoting' as code (`bash_quotes`), with the
    `expected:` and `actual:` lines an assertion printed under it."""
    what = "TAP output"
    text = report_text(data, what, exit_code)
    try:
        planned, tests = _tap_tests(text)
    except MalformedFile as exc:
        raise MalformedFile(str(exc), exit_code) from None
    if planned is None and not tests:
        raise MalformedFile(f"{what} has no plan and no test lines", exit_code)
    if planned is not None and len(tests) < planned:
        raise MalformedFile(
            f"{what} is truncated: plan 1..{planned} but {len(tests)} result(s)", exit_code
        )
    return _counts("tap", tests)


def is_tap(text: str) -> bool:
    """Whether a run's output is a TAP stream: a plan line (`1..N`) with a result line after
    it (a command that runs bats through a script of its own: bats writes TAP when its
    output is no terminal)."""
    plan = re.search(r"^1\.\.\d+\s*$", text, re.MULTILINE)
    return plan is not None and re.search(r"^(?:not )?ok\b", text[plan.end():],
                                          re.MULTILINE) is not None


def tap_finished(text: str) -> tuple[TestOutcome, ...]:
    """The results a TAP stream cut off (at a time limit) had written: the tests it finished."""
    try:
        return tuple(_tap_tests(text)[1])
    except MalformedFile:
        return ()


# The message of a test a run was still running when its time limit killed it.
STILL_RUNNING = "still running when the run hit its time limit"


def still_running(test: TestOutcome) -> bool:
    """Whether `test` is one a run was still running when its time limit killed it: in error
    (it verifies nothing), though its runner never reported it failed."""
    return test.outcome == ERROR and test.message == STILL_RUNNING

# bats runs each test in a process of its own: `bats-exec-test [flags] FILE test_<name> N ...`,
# its name encoded (a space as `_`, any other character not a letter, digit, `_` or `-` as
# `-XX`, its code in hex; in a name of only those, `_` and `-` escaped as `-5f`, `-2d`).
_BATS_EXEC_TEST = lazy_re(r"(?:^|/|\s)bats-exec-test\s(?:.*?\s)?(\S+\.bats)\s+test_(\S+)")


def bats_still_running(commands: Iterable[str]) -> tuple[TestOutcome, ...]:
    """The tests a bats run was still running, read from the commands of its processes
    (`bats-exec-test`), each an error outcome under its file and `@test` name."""
    found: dict[tuple[str, str], None] = {}
    for command in commands:
        running = _BATS_EXEC_TEST.search(command)
        if running:
            name = re.sub(r"-([0-9a-f]{2})", lambda m: chr(int(m[1], 16)),
                          running[2].replace("_", " "))
            found[(running[1], name)] = None
    return tuple(TestOutcome(name, ERROR, file, STILL_RUNNING) for file, name in found)


# `python -m unittest -v` writes, on stderr, one line per test: `test_f (pkg.mod.Class.test_f)`
# (Python 3.11 and later; `(pkg.mod.Class)` before), its docstring's first line on the next
# line where it has one, then ` ... ok` (`FAIL`, `ERROR`, `skipped 'why'`, `expected failure`,
# `unexpected success`); a failed subtest on an indented line of its own,
# `  test_f (pkg.mod.Class.test_f) (i=2) ... FAIL`. Then a section per failure or error,
# `FAIL: test_f (pkg.mod.Class.test_f)`, its traceback ending with the exception's line.
# A module discovery could not import has a stand-in test named after the module,
# `tests.test_x (unittest.loader._FailedTest.tests.test_x) ... ERROR` (`_unittest_module`).
_UNITTEST_TEST = lazy_re(r"^(?P<sub>\s+)?(?P<name>\w[\w.]*) \((?P<where>[\w.]+)\)")
_UNITTEST_OUTCOME = (r"(?P<said>ok|FAIL|ERROR|skipped(?: (?P<why>.*))?|expected failure|"
                     r"unexpected success)\s*$")
_UNITTEST_RESULT = lazy_re(r" \.\.\. " + _UNITTEST_OUTCOME)
# A test that wrote to stderr while it ran (a warning, a log line) has its outcome on a line
# of its own after what it wrote: `test_f (m.C.test_f) ... m.py:3: DeprecationWarning: ...`,
# then `ok`.
_UNITTEST_LATE_RESULT = lazy_re("^" + _UNITTEST_OUTCOME)
_UNITTEST_SECTION = lazy_re(r"^(?:FAIL|ERROR|UNEXPECTED SUCCESS): (\w[\w.]*) \(([\w.]+)\)")
_UNITTEST_STAND_IN = "unittest.loader._FailedTest"
_UNITTEST_RULE = lazy_re(r"^(?:=+|-+)\s*$")
# A doctest a module's `load_tests` adds is named on two lines, `from_parts (mod.Cls)` (or
# `f (mod)`, `mod ()`: which part is the module the line does not say), then
# `Doctest: mod.Cls.from_parts ... ok`; its section's heading takes the same two lines.
_UNITTEST_DOCTEST = lazy_re(r"^Doctest: (?P<dotted>[\w.]+)")
_UNITTEST_SAID = {"ok": PASSED, "FAIL": FAILED, "ERROR": ERROR, "unexpected success": FAILED,
                  "expected failure": SKIPPED}


def _unittest_module(name: str, where: str) -> str | None:
    """The module unittest's stand-in test `name (where)` is of, where it is one: the module
    its discovery could not import (`tests.test_x (unittest.loader._FailedTest.tests.test_x)`,
    before Python 3.11 `(unittest.loader._FailedTest)`); None for any other test."""
    return name if where.startswith(_UNITTEST_STAND_IN) else None


def _unittest_id(name: str, where: str) -> str | None:
    """The pytest node id of unittest's `name (where)`: the module's file from the directory
    the run started in, the class, the method (`test_f (tests.test_x.Cls.test_f)` ->
    `tests/test_x.py::Cls::test_f`); a module its discovery could not import, its file alone
    (`tests/test_x.py`: an error with no test's name, as `uncollected_file` reads it); None
    for any other name of unittest's own, or one no test method has (a dotted one)."""
    module = _unittest_module(name, where)
    if module is not None:
        return module.replace(".", "/") + ".py"
    if "." in name:
        return None
    dotted = where[:-len(name) - 1] if where.endswith("." + name) else where
    module, _, cls = dotted.rpartition(".")
    if not module or module.startswith("unittest."):
        return None
    return f"{module.replace('.', '/')}.py::{cls}::{name}"


def _doctest_id(dotted: str) -> str:
    """The pytest node id of the doctest unittest names `dotted`, as `--doctest-modules` gives
    it: the module's file, then the dotted name (`mod.Cls.from_parts` ->
    `mod.py::mod.Cls.from_parts`). The module is the name up to its first capitalised part (a
    class, by Python's naming convention), else all of it but the function's name; a name of
    one part is a module's own docstring (`mod` -> `mod.py::mod`)."""
    parts = dotted.split(".")
    cls = next((i for i, part in enumerate(parts) if i and part[:1].isupper()), None)
    module = parts[:cls] if cls else parts[:-1] or parts
    return f"{'/'.join(module)}.py::{dotted}"


_UNITTEST_FRAME = lazy_re(r'^\s*File "(?P<path>[^"]+)", line (?P<line>\d+), in ')


def _unittest_failed_at(nodeid: str, said: Sequence[str]) -> int | None:
    """The line of the test's file its traceback's first frame there is on: the test's own,
    as unittest starts the traceback at the test method (a helper of the same file it calls
    comes after it, as pytest's `_junit_failed_at` reads it), in the last traceback of a
    chain of exceptions (the failure itself, `_CHAINED`)."""
    file = "/" + nodeid.partition("::")[0]
    said = said[max((at + 1 for at, line in enumerate(said) if _CHAINED.match(line.strip())),
                    default=0):]
    frames = [m for m in map(_UNITTEST_FRAME.match, said) if m is not None
              and ("/" + m["path"].replace("\\", "/")).endswith(file)]
    return int(frames[0]["line"]) if frames else None


# The line naming the exception a traceback ends with, and its message's first line:
# `AssertionError: 'a' != 'b'`, `KeyError`; not the lines of a message under it (the diff
# unittest writes under two strings that differ: `- a`, `? ^`, `+ b`).
_EXCEPTION_LINE = lazy_re(r"^[A-Za-z_][\w.]*(?::\s|:?$)")


def _exception_said(said: Sequence[str]) -> str:
    """The exception's line of a traceback's lines (`_EXCEPTION_LINE`, the first after its last
    frame and that frame's code); else its last line that is no frame (a doctest's traceback
    ends on the frame of the function its docstring is of)."""
    frames = [at for at, one in enumerate(said) if _UNITTEST_FRAME.match(one)]
    if frames:
        after = said[frames[-1] + 1:]
        named = [one for one in after[1:] if _EXCEPTION_LINE.match(one)] or \
            [one for one in after[:1] if _EXCEPTION_LINE.match(one)]
        if named:
            return named[0]
    told = [one for one in said if not _UNITTEST_FRAME.match(one)] or said
    return told[-1]


def _unittest_messages(lines: Sequence[str]) -> dict[str, tuple[str, int | None]]:
    """Each failed or errored test's message: the exception's line of its section's traceback
    (`_exception_said`: `AssertionError: 2 not less than 2`, not the diff unittest writes under
    it), between the rule under its heading and the next rule; and the line of its file it was
    raised on (`_unittest_failed_at`)."""
    messages: dict[str, tuple[str, int | None]] = {}
    test: str | None = None
    said: list[str] | None = None  # the traceback's lines, once its rule is passed
    for line in lines:
        head = _UNITTEST_SECTION.match(line)
        if head:
            test, said = _unittest_id(head[1], head[2]), None
        elif said is None and (doctest := _UNITTEST_DOCTEST.match(line)):
            test = _doctest_id(doctest["dotted"])
        elif _UNITTEST_RULE.match(line):
            if test is not None and said is None and line.startswith("-"):
                said = []
                continue
            if test is not None and said and test not in messages:
                messages[test] = (_exception_said(said)[:MESSAGE_CHARS],
                                  _unittest_failed_at(test, said))
            test, said = None, None
        elif said is not None and line.strip():
            said.append(line.strip())
    return messages


def parse_unittest_verbose(data: bytes | str, exit_code: int = 1) -> RunnerCounts:
    """`python -m unittest -v`'s report (its stderr): one outcome per test, named by its
    pytest node id (`_unittest_id`); a test with a failed subtest failed, an expected failure
    is skipped (`xfail`), as pytest reports it. A report with no test line is refused."""
    text = without_colour(report_text(data, "unittest report", exit_code))
    lines = text.splitlines()
    end = next((i for i, line in enumerate(lines) if line.startswith("=" * 20)), len(lines))
    rank = {PASSED: 0, SKIPPED: 1, FAILED: 2, ERROR: 3}
    found: dict[str, tuple[str, str | None]] = {}
    current: str | None = None
    waiting = False  # the current test's line said ` ... ` and what it wrote, no outcome
    for line in lines[:end]:
        test = _UNITTEST_TEST.match(line)
        doctest = _UNITTEST_DOCTEST.match(line)
        if doctest:
            current = _doctest_id(doctest["dotted"])
        elif test:
            nodeid = _unittest_id(test["name"], test["where"])
            if not test["sub"]:
                current = nodeid
            elif nodeid is not None and nodeid != current:
                continue
        result = _UNITTEST_RESULT.search(line)
        if result is None and waiting:
            # the worst such line counts (`rank`): one the test itself wrote (`ok`) cannot
            # hide the outcome unittest writes after it
            result = _UNITTEST_LATE_RESULT.match(line)
        if doctest or test:
            waiting = result is None and " ... " in line
        if current is None or result is None:
            continue
        said = result["said"]
        outcome = SKIPPED if said.startswith("skipped") else _UNITTEST_SAID[said]
        why = (result["why"] or "").strip("'\"") or None if outcome == SKIPPED \
            and said != "expected failure" else XFAIL if said == "expected failure" else None
        before = found.get(current)
        if before is None or rank[outcome] > rank[before[0]]:
            found[current] = (outcome, why)
    if not found:
        raise MalformedFile("unittest report names no test (was it run with -v?)", exit_code)
    messages = _unittest_messages(lines[end:])
    return _counts("unittest", (
        replace(pytest_test(nodeid, outcome, _unittest_said(nodeid, messages) or why),
                failed_at=messages.get(nodeid, ("", None))[1])
        for nodeid, (outcome, why) in found.items()))


def _unittest_said(nodeid: str, messages: Mapping[str, tuple[str, int | None]]) -> str | None:
    """A failed test's message; a module unittest could not import (a node id that is a file
    alone) with where it raised, as pytest's collection error says it (`ModuleNotFoundError:
    No module named 'yaml' (tests/test_x.py:2)`)."""
    if nodeid not in messages:
        return None
    said, line = messages[nodeid]
    return f"{said} ({nodeid}:{line})" if "::" not in nodeid and line else said


# --- dispatch ---------------------------------------------------------------------------------

_PARSERS: Mapping[str, Callable[[bytes | str, int], RunnerCounts]] = {
    "junit": parse_junit_xml,
    "surefire": parse_surefire_xml,
    "jest": parse_jest_json,
    "vitest": parse_vitest_json,
    "go-json": parse_go_test_json,
    "tap": parse_tap,
    "unittest": parse_unittest_verbose,
}


def parse(fmt: str, data: bytes | str, exit_code: int = 1) -> RunnerCounts:
    parser = _PARSERS.get(fmt)
    if parser is None:
        raise InvalidInput(
            f"unknown runner output format '{fmt}' (one of: {', '.join(FORMATS)})", exit_code
        )
    return parser(data, exit_code)


def merge(results: Sequence[RunnerCounts]) -> RunnerCounts:
    """Combine several reports of one run (e.g. one Surefire file per test class)."""
    if not results:
        raise InvalidInput("no runner reports to merge")
    formats = sorted({r.format for r in results})
    tests = [t for r in results for t in r.tests]
    merged = _counts(formats[0] if len(formats) == 1 else "mixed", tests)
    extra = sum(r.errors for r in results) - merged.errors
    return _counts(merged.format, tests, extra_errors=extra)
