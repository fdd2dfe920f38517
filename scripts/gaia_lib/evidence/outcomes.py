"""Which discovered tests the runner did not really run: its own per-test outcomes, joined to
the test cases the review discovered.

Rule: a discovered test is *not run* when the runner reported it (skipped, xfail, todo,
pending: `runner_output` folds them all into `skipped`) and never reported it passed or failed
in the same run; it *failed* when the runner reported it, or any of its cases, failed or in
error; parametrised instances (`test_x[1]`) are one test, and so are the rows a JS/TS table
test's name template makes (`it.each(...)("adds %i", ...)` reported as `adds 1`, `adds 2`).
A runner outcome names a test by its own name (pytest's function, jest's "describe test" full
name, Go's `TestX`) and, where the format records one, a file (pytest's module, jest's
absolute path, Go's package); both must agree with the discovered case. A JS/TS row is met
by its title whole (vitest's and jest's `%s` of an array ends it in brackets, no
parametrised id; of `""` it is nothing) and, where the report records its groups apart
(jest's and vitest's `ancestorTitles`), group by group: `%s => %s` in
`describe("splitByCase")` makes that group's rows only, and a `describe.each` group's
template its groups' names. An outcome a name written out makes is that test's alone; one
two templates make, the one writing more of its name out's. A table test that failed says
which of its rows failed, by their titles (unjs/scule 31: the row `fooBar => [ 'foo',
'Bar' ]`); one every row of which was skipped did not run (unjs/scule 08: `describe.skip`
over it). Two tables of one template in one group (`testcases`' twins) are told apart by
the line the runner says each row was declared on (jest's and vitest's `location`, which the
review asks for: `execution`): a row is the table's whose source holds that line; where the
report has no line (vitest 1), or it is in no test's source (a helper that makes tests), each
holds the rows of both. Two tests of one title written out, each declared once, whose
outcomes the lines do not tell apart (jest maps them through a compiled spec's source map to
lines of a source the package does not ship) are told apart by the runner's order, which is
the order they are declared in (`_in_order`). A test a base class defines (a mixin's) is
reported under the ids it runs under in the classes inheriting it: it did not run when none
of those ran it; where it failed under some of them and passed under others, its failure
says under which (addict's
`test_ror_operator`, run by `DictTests` and `ChildDictTests`, failed under the second alone
and had been said to fail, its passing run unsaid). Pure.

`unread_failed` gives the Python tests the runner reported failed that no discovered case is:
tests a metaclass, a decorator or a loop makes from a table of the file (uritemplate's
`RFCTemplateExamples` makes `test_level1_examples` and others in its `TestURITemplate`),
which no reading of the file names, by the runner's own id: a failure of such a test is
still a failed test of its file.

`instances` gives a parametrised test's instances, id and outcome, in the runner's order:
which of its table's rows ran (`expected_column.skipped_rows` reads them); a JS/TS table
test's, each row's title as its template made it.

A JS/TS file with a focused test (`it.only`, `test.only`, jest's `fit`) runs that test alone:
the runner reports its other tests skipped, with no reason; they did not run because of it,
and are said so (ts-dedent 2.3.0: one `it.only` left in its spec, 22 tests reported skipped).

A JS/TS title is met as the runner names it: a backslash escape its source writes is the
character it stands for (`` it(`rejects non-\\w prefixes`) `` runs as `rejects non-w prefixes`,
`"keeps \\"a\\""` as `keeps "a"`, `\\n` a line break, `\\u00e9` an `é`). Read as written, such
a title had met none of its outcomes: its rows were said to be tests the review cannot read,
and its failure was said of no test.

A story test file in which the review read no test although the runner ran some there
(`unread`: tests made at run time, `fixtures.forEach(f => it(f.name, ...))`) holds tests no
AC can be matched to: said, never silently counted as a file without tests. Where another
test file declares them all by their groups and title (`unread_declared_elsewhere`: a helper's
top-level `describe`, run by each file requiring it), they are said to be that file's.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace
from pathlib import PurePosixPath

from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.evidence import gomod, testcases
from gaia_lib.evidence.runner_output import (
    ERROR,
    FAILED,
    PASSED,
    SKIPPED,
    TestOutcome,
    code_span,
    names_a_module,
    still_running,
)
from gaia_lib.evidence.testcases import TestCase

_PARAMS = re.compile(r"\[.*\]$")
# A reported location naming a file (Go's names its package: a directory).
_FILE_SUFFIXES = (".py", ".js", ".ts", ".jsx", ".tsx", ".mjs", ".cjs")


# A JS string's or template literal's escape: `\n`, `\x41`, `\u00e9`, `\u{1F600}`, a line
# continuation, or any other character standing for itself (`\w` is `w`, `\"` a quote).
_JS_ESCAPE = re.compile(
    r"\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4})|u\{([0-9A-Fa-f]+)\}|(\r?\n)|(.))", re.S)
_JS_ESCAPED = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def _as_run(name: str) -> str:
    """A JS/TS test's name as its runner makes it: each escape its source writes read
    (module docstring)."""
    def read(found: re.Match[str]) -> str:
        code = found.group(1) or found.group(2) or found.group(3)
        if code:
            return chr(int(code, 16)) if int(code, 16) <= 0x10FFFF else found.group(0)
        if found.group(4):
            return ""  # a line continuation
        return _JS_ESCAPED.get(found.group(5), found.group(5))

    return _JS_ESCAPE.sub(read, name) if "\\" in name else name


def _names(name: str) -> set[str]:
    parts = [_spaced(p) for p in re.split(r"::| > ", name) if p.strip()]
    last = parts[-1] if parts else name
    return {last, " ".join(parts), ".".join(parts)}


def _spaced(name: str) -> str:
    """A name with its runs of white space as one space, none at its ends: vitest joins an
    unnamed file-level suite into the full name (`" mask custom error message"`)."""
    return " ".join(name.split())


def _same_file(case_file: str, reported: str | None,
               directories: AbstractSet[str] = frozenset()) -> bool:
    if not reported:
        return True
    reported = reported.replace("\\", "/")
    if reported == case_file or reported.endswith("/" + case_file) \
            or case_file.endswith("/" + reported):
        return True
    if reported.endswith(_FILE_SUFFIXES):
        return False
    directory = str(PurePosixPath(case_file).parent)
    return package_dir(reported, {*directories, directory}) == directory


def package_dir(package: str, directories: AbstractSet[str]) -> str | None:
    """The directory of a Go package import path among `directories` (project-relative): the
    longest one the path ends with, else the module's root (`.`, the module path) when it is
    one of them, else None."""
    ending = [d for d in directories if d != "." and (package == d or package.endswith("/" + d))]
    if ending:
        return max(ending, key=len)
    return "." if "." in directories else None


# A JS/TS table test's name template: jest's and vitest's printf markers (`%#` and `%$` the
# row's index), `$field`s (`$0` an array row's, `$#` jest's index).
_TEMPLATE_MARK = re.compile(r"%[sdifjoOpc#$%]|\$#|\$\{?\w+(?:\.\w+)*\}?")


@functools.lru_cache(maxsize=1024)  # each title of a case, met by every outcome of a run
def _made_by(name: str) -> re.Pattern[str]:
    """The names a template makes, as a pattern over `_spaced` names: a marker stands for any
    text (an empty `%s` too: `splitByCase  => []`), white space for any."""
    parts, last = [], 0
    for mark in [*_TEMPLATE_MARK.finditer(name), None]:
        text = name[last:mark.start() if mark else len(name)]
        parts.append(r"\s*".join(re.escape(word) for word in re.split(r"\s+", text)))
        if mark:
            parts.append("%" if mark.group(0) == "%%" else ".*?")
            last = mark.end()
    return re.compile("".join(parts), re.S)


def _template(name: str) -> re.Pattern[str] | None:
    """The runner's names a table test's template makes (`adds %i and %i` -> `adds 1 and 2`),
    as a pattern; None for a plain name, or one all markers (`%s`: it would stand for any
    test, where its groups are not read apart)."""
    if _TEMPLATE_MARK.search(name) is None or len(re.findall(r"\w", _TEMPLATE_MARK.sub(
            "", name))) < 3:
        return None
    return _made_by(name)


def _fixed(name: str) -> float:
    """How much of a test's name its source writes out, the text of its template less its
    markers: a name with none (`math.inf`) names its outcomes exactly."""
    if _TEMPLATE_MARK.search(name) is None:
        return math.inf
    return len(re.findall(r"\w", _TEMPLATE_MARK.sub("", name)))


def _of_path(parts: Sequence[str], path: Sequence[str]) -> bool:
    """Whether a runner's outcome whose groups and own title are `path` (jest's and vitest's
    `ancestorTitles` and `title`) is of the test named by `parts` (its groups' names and its
    own, each written out or a template: `describe.each`, `it.each`). Groups named by code
    (`describe(Service.name, ...)`) are not read: the outer groups of `path` `parts` lacks
    are those, where its own title writes out enough of itself (`_template`) to be its."""
    parts, path = [p for p in parts if p.strip()], [t for t in path if t.strip()]  # `describe("")`
    if not parts or len(parts) > len(path) \
            or (len(parts) < len(path) and _template(parts[-1]) is None):
        return False
    return all(_made_by(part).fullmatch(_spaced(title)) is not None
               if _TEMPLATE_MARK.search(part) else _spaced(part) == _spaced(title)
               for part, title in zip(parts, path[len(path) - len(parts):], strict=True))


def reported(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
             aliases: Mapping[str, Sequence[str]] | None = None
             ) -> dict[str, list[TestOutcome]]:
    """test_id -> the runner's outcomes for it (its parametrised instances, the rows of a
    table test, the ids an inherited test runs under), for the cases above. A JS/TS row's
    title is read whole (a `%s` of an array ends it in `[ 'foo', 'Bar' ]`, no parametrised
    id) and, where the report records its groups apart (`_of_path`), group by group: a
    template makes only its own group's names (`%s => %s` in `describe("splitByCase")`), and
    a group's template too (`describe.each`). An outcome a name written out makes is that
    test's alone, and one two templates make is the one writing more of it out's (`adds %i`
    beside `%s`). A pytest outcome recording its classes (`DiffPatcherTests::test_remove_set`)
    is the test of exactly that class and name where the file has one, not every test of its
    name in another class (dictdiffer's `DictDifferTests::test_remove_set` had been said to
    fail with it)."""
    by_name: dict[str, list[TestOutcome]] = {}  # a suite of hundreds: look names up, not scan
    listed = list(outcomes)
    for outcome in listed:
        for key in dict.fromkeys((_spaced(outcome.name), _spaced(_PARAMS.sub("", outcome.name)))):
            by_name.setdefault(key, []).append(outcome)
    spaced = {id(o): {_spaced(o.name), _spaced(_PARAMS.sub("", o.name))} for o in listed}
    with_path = [o for o in listed if o.path]
    without_path = [o for o in listed if not o.path]
    by_group: dict[str | None, list[TestOutcome]] = {}  # its innermost group's name
    for outcome in with_path:
        groups = [_spaced(t) for t in outcome.path[:-1] if t.strip()]
        by_group.setdefault(groups[-1] if groups else None, []).append(outcome)
    directories = {str(PurePosixPath(case.file).parent) for case in cases}
    joined: dict[int, dict[str, float]] = {}  # outcome -> test_id -> how much its name fixes
    exact: dict[int, set[str]] = {}  # outcome -> the tests whose classes and name are its
    seen: dict[str, dict[int, TestOutcome]] = {}
    for case in cases:
        runs_as = [(case.file, case.name)] + [
            (alias.partition("::")[0], alias.partition("::")[2])
            for alias in (aliases or {}).get(case.test_id, ())]
        runs_as = [(file, _as_run(name) if file.endswith(_FILE_SUFFIXES)
                    and not file.endswith(".py") else name) for file, name in runs_as]
        for file, test_name in runs_as:
            found: list[TestOutcome] = []
            for name in _names(test_name):
                template = _template(name)
                found += by_name.get(name, ()) if template is None else [
                    o for o in without_path if any(template.fullmatch(n) for n in spaced[id(o)])]
            parts = test_name.split(" > ")
            # a template all markers with no group to narrow it would make any test's name
            if any(_TEMPLATE_MARK.search(part) for part in parts) \
                    and (len(parts) > 1 or _fixed(test_name) > 0):
                groups = [part for part in parts[:-1] if part.strip()]
                # a group written out: only its outcomes can be the test's, whatever groups
                # named by code are around it
                anywhere = _TEMPLATE_MARK.search(groups[-1]) is not None if groups \
                    else _template(parts[-1]) is not None
                near = with_path if anywhere else by_group.get(
                    _spaced(groups[-1]) if groups else None, [])
                found += [o for o in near if _of_path(parts, o.path)]
            # a JS/TS title made by code (`test(t, ...)` in a loop over a table): the rows
            # the runner says were declared on its line (`location`), whatever they are named
            if not found and file == case.file and _made_by_code(case):
                found = [o for o in with_path if o.line == case.line]
            fixed = _fixed(test_name)
            for outcome in {id(o): o for o in found}.values():
                if _same_file(file, outcome.file, directories):
                    seen.setdefault(case.test_id, {})[id(outcome)] = outcome
                    mine = joined.setdefault(id(outcome), {})
                    mine[case.test_id] = max(mine.get(case.test_id, 0), fixed)
                    if _of_class(outcome, file, test_name):
                        exact.setdefault(id(outcome), set()).add(case.test_id)
    spans = {case.test_id: (case.line, case.line + case.body.count("\n")) for case in cases}
    owners = _in_order({key: _owners(o, joined[key], spans) for held in seen.values()
                        for key, o in held.items()},
                       {id(o): index for index, o in enumerate(listed)},
                       {case.test_id: case for case in cases})
    out: dict[str, list[TestOutcome]] = {}
    for test_id, held in seen.items():
        kept = [o for key, o in held.items()
                if test_id in owners[key]
                and test_id in exact.get(key, {test_id})]
        if kept:
            out[test_id] = kept
    return out


def _in_order(owners: Mapping[int, set[str]], order: Mapping[int, int],
              cases: Mapping[str, TestCase]) -> dict[int, set[str]]:
    """`owners` (outcome -> the tests it is of), where outcomes tie between JS/TS tests of one
    title written out, each declared once (twins, no table), and as many outcomes as tests:
    the runner's first outcome is the first test's, its second the second's, as jest and
    vitest report a file's tests in the order they are declared. Their `location` lines had
    told them apart only where they are the file's own: jest maps them through a source map
    to a source the package may not ship (iterative's compiled `dist/index.spec.js`, its two
    `slice > should slice an iterable` declared on lines 73 and 137, reported on 104 and 198
    of its `src/index.spec.ts`), and one failing had been said of both."""
    tied: dict[frozenset[str], list[int]] = {}
    for key, tests in owners.items():
        if len(tests) > 1 and all(
                test_id in cases and not cases[test_id].file.endswith(".py")
                and cases[test_id].file.endswith(_FILE_SUFFIXES)
                and _TEMPLATE_MARK.search(cases[test_id].name) is None for test_id in tests):
            tied.setdefault(frozenset(tests), []).append(key)
    out = dict(owners)
    for twins, keys in tied.items():
        if len(keys) == len(twins):
            declared = sorted(twins, key=lambda test_id: (cases[test_id].line, test_id))
            for key, test_id in zip(sorted(keys, key=lambda key: order.get(key, 0)), declared,
                                    strict=True):
                out[key] = {test_id}
    return out


def _of_class(outcome: TestOutcome, file: str, test_name: str) -> bool:
    """Whether a pytest outcome's classes and name (its JUnit classname's classes, recorded
    as `Class::name`) are those of a Python test named `test_name`, parameters aside."""
    return file.endswith(".py") and len(outcome.path) == 1 and "::" in outcome.path[0] \
        and _PARAMS.sub("", outcome.path[0]) == test_name


def _made_by_code(case: TestCase) -> bool:
    """Whether a JS/TS test's own title is made by its code at run time (`test(t, ...)`,
    `test(t.input + " with " + t.query, ...)`, `testFunc(testName, ...)` of a name bound to
    `test`): neither quoted as written nor a template."""
    if not case.file.endswith(_FILE_SUFFIXES) or case.file.endswith(".py"):
        return False
    title = case.name.rsplit(" > ", 1)[-1]
    return bool(title.strip()) and _TEMPLATE_MARK.search(title) is None \
        and re.search(r"(?<![\w$])[A-Za-z_$][\w$.]*\s*\(\s*" + re.escape(title),
                      case.body) is not None


def _owners(outcome: TestOutcome, joined: Mapping[str, float],
            spans: Mapping[str, tuple[int, int]]) -> set[str]:
    """The tests an outcome its name joins to `joined` (test_id -> how much of the name each
    writes out) is of: those writing the most of it out, and of them, where the runner says
    on which line the test was declared and the source of one of them holds that line, the
    one declared nearest before it (two tables of one template in one group: each row's
    line is its own table's)."""
    best = max(joined.values())
    owners = {test_id for test_id, fixed in joined.items() if fixed == best}
    if outcome.line is None or len(owners) < 2:
        return owners
    holding = [test_id for test_id in owners if test_id in spans
               and spans[test_id][0] <= outcome.line <= spans[test_id][1]]
    if not holding:
        return owners  # declared where no test's source is (a helper that makes tests)
    return {max(holding, key=lambda test_id: spans[test_id][0])}


def _skipped(found: Sequence[TestOutcome]) -> str:
    """Why a test every outcome of which is a skip did not run: in the runner's own words
    where its report gives them (pytest's `got empty parameter set for (x)`, a skip's reason,
    `xfail: known bug`), else what kinds of skip there are."""
    said = next((o.message for o in found if o.message), None)
    if said is None:
        return _NO_REASON
    kind, colon, reason = said.partition(": ")
    if kind in ("xfail", "todo") and (colon or said == kind):
        return f"reported {kind} by the runner" + (f": {reason}" if reason else "")
    return f"reported skipped by the runner: {said}"


_NO_REASON = "reported skipped by the runner (skip / xfail / todo)"
# A JS/TS test declared focused: jest's and vitest's `it.only` / `test.only` (`.each` too) and
# jest's `fit`; the runner then skips every other test of its file, and reports them skipped.
_FOCUSED = lazy_re(r"(?<![\w.$])(?:(?:it|test)\.only|fit)\b(?=[ \t]*[(.])")
# A group of them focused (`describe.only(...)`, `fdescribe`; mocha's `context` / `suite`):
# read in the file's text, as a group's line is in no test's own
_FOCUSED_GROUP = lazy_re(
    r"^[ \t]*(?:(?:describe|context|suite)\.only|fdescribe)\b(?=[ \t]*[(.])", re.M)
# ... or picked at run time: `test.only` taken as a value, not called (`run = test.only;`,
# `const t = only ? it.only : it`), as a loop over a table of cases does for one marked
# `only: true`; read in the file's text, outside comments
_FOCUS_VALUE = lazy_re(r"(?<![\w.$])(?:it|test|describe)\.only\b(?![ \t]*[(.\w])")
_COMMENT_START = ("//", "/*", "*")


def focused(cases: Sequence[TestCase], texts: Mapping[str, str] | None = None
            ) -> dict[str, tuple[str, int]]:
    """file -> (the marker, the line) of the first test of a JS/TS file declared focused
    (`_FOCUSED`, read in each test's declaration: its first line after its leading comments),
    or of its first focused group (`_FOCUSED_GROUP`, read in its text from `texts`, where the
    caller has it), whichever comes first, else of a focus its text picks at run time
    (`_FOCUS_VALUE`), for the files that have one (pure)."""
    out: dict[str, tuple[str, int]] = {}
    for case in sorted(cases, key=lambda case: (case.file, case.line)):
        if case.file in out or case.file.endswith(_EXACT_NAMES):
            continue
        declaration = next((line for line in case.body.splitlines()
                            if line.strip() and not line.lstrip().startswith(_COMMENT_START)),
                           "")
        found = _FOCUSED.search(declaration)
        if found:
            out[case.file] = (found.group(0), case.line)
    for file in sorted({case.file for case in cases} & set(texts or ())):
        if file.endswith(_EXACT_NAMES):
            continue
        text = (texts or {})[file]
        group = _FOCUSED_GROUP.search(text)
        if group is not None:
            line = text.count("\n", 0, group.start()) + 1
            if file not in out or line < out[file][1]:
                out[file] = (group.group(0).strip(), line)
        if file not in out:
            picked = next((m for m in _FOCUS_VALUE.finditer(text) if not text[
                text.rfind("\n", 0, m.start()) + 1:m.start()].lstrip().startswith(
                    _COMMENT_START)), None)
            if picked is not None:
                out[file] = (picked.group(0), text.count("\n", 0, picked.start()) + 1)
    return out


# Said of a Go test whose subtests were all skipped: the runner reports the test itself passed
# (as the run's count has it), so it is not said skipped, but none of its checks ran
# (columnize's `TestMergeConfig` with `t.Skip` in its `t.Run` had read "reported skipped").
EVERY_SUBTEST_SKIPPED = ("reported passed by the runner with every subtest skipped: none of its "
                         "checks ran")


def not_run(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
            aliases: Mapping[str, Sequence[str]] | None = None,
            texts: Mapping[str, str] | None = None) -> dict[str, str]:
    """test_id -> why it did not run ("reported skipped by the runner: <its reason>", its
    reason the runner's where its report gives one: `_skipped`), for the cases above;
    a test a base class defines is reported under the ids it runs under (`aliases`,
    `testcases.inherited`): it did not run when none of them did. A Go test all of whose
    subtests (`TestX/case`) were reported skipped ran none of its checks either, though the
    runner reports the parent passed. A JS/TS test reported skipped with no reason in a file
    with a focused test or group (`focused`: `it.only`, `describe.only` in its text from
    `texts`) did not run because of it: said so."""
    listed = list(outcomes)
    out = {test_id: _skipped(found)
           for test_id, found in sorted(reported(listed, cases, aliases).items())
           if {o.outcome for o in found} == {SKIPPED}}
    focusing = focused(cases, texts)
    for case in cases:  # a focused test elsewhere in its file is why, not a skip of its own
        where = focusing.get(case.file)
        if out.get(case.test_id) == _NO_REASON and where and where[1] != case.line:
            out[case.test_id] = (f"not run: `{where[0]}` on line {where[1]} of its file runs "
                                 "only the focused tests (jest and vitest skip the rest)")
    directories = {str(PurePosixPath(case.file).parent) for case in cases}
    for case in cases:
        if not case.file.endswith("_test.go") or case.test_id in out:
            continue
        subtests = {o.outcome for o in listed if o.name.startswith(case.name + "/")
                    and _same_file(case.file, o.file, directories)}
        if subtests == {SKIPPED}:
            out[case.test_id] = EVERY_SUBTEST_SKIPPED
    return dict(sorted(out.items()))


def partly_skipped(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
                   aliases: Mapping[str, Sequence[str]] | None = None
                   ) -> dict[str, tuple[int, tuple[tuple[str, str], ...]]]:
    """test_id -> (how many runs the runner reported of it, each skipped run's name and why)
    of a Python test some of whose runs were skipped while another ran: a parametrised row
    marked skip, a class of a base class's test that skips it (`self.skipTest` under one
    subclass: addict's). The test ran, and counts for what its other runs checked; the
    skipped ones checked nothing. A run is named as the runner names it (`B::test_x`,
    `test_p[2]`); a test every run of which was skipped is `not_run`'s."""
    out: dict[str, tuple[int, tuple[tuple[str, str], ...]]] = {}
    for test_id, found in reported(outcomes, cases, aliases).items():
        kinds = {o.outcome for o in found}
        if not test_id.partition("::")[0].endswith(".py") or SKIPPED not in kinds \
                or kinds == {SKIPPED}:
            continue
        skipped = {(o.path[0] if len(o.path) == 1 and "::" in o.path[0] else o.name,
                    o.message or "no reason given") for o in found if o.outcome == SKIPPED}
        out[test_id] = (len(found), tuple(sorted(skipped)))
    return dict(sorted(out.items()))


# Where a runner reports each test under the name its source declares (pytest's functions,
# Go's `TestX`, bats' `@test` strings): a test of these files the report leaves out never ran.
# A JS/TS test never ran when its file has no outcome at all, or when its title is written as
# a string, literal (`it("keeps x", ...)`) or a name template (`it.each(rows)("adds %i", ...)`,
# `` it(`keeps ${x}`, ...) ``), and no outcome of its file ends with it or a name it makes (a
# table empty at run time makes none): its groups' names may be made at run time
# (`describe(Service.name, ...)`), its own is read as written.
_EXACT_NAMES = (".py", "_test.go", ".bats")


# A template's markers, and a template literal's `${...}` code, whole (`${a + b}`) or not at all.
_TITLE_MARK = lazy_re(r"\$\{[^{}]*\}|(?!\$\{)(?:" + _TEMPLATE_MARK.pattern + ")")


def _written_title(case: TestCase) -> re.Pattern[str] | None:
    """A JS/TS test's own title when its declaration writes it as a string, literal or a name
    template: the full names ending with it or a name it makes, as a pattern over `_spaced`
    names. A marker stands for any text (an empty `%s`, vitest's `%o` of an object over
    lines) and white space for any: a name it made is never missed. None for a title made by
    code (`t.input + 'z'`), all markers (`%s`), with an escape (`\\n`) or with code the
    markers do not span (`${f({a})}`)."""
    title = case.name.rsplit(" > ", 1)[-1]
    words = _TITLE_MARK.sub("", title)
    quoted = re.search(r"(['\"`])" + re.escape(title) + r"\1", case.body)
    # a backtick is text in a title quoted otherwise (`"... when \`allowMultiple\` is set"`)
    if not title.strip() or "\\" in title or quoted is None \
            or re.search(r"\$\{" if quoted.group(1) != "`" else r"\$\{|`", words) \
            or (words != title and len(re.findall(r"\w", words)) < 3):
        return None
    parts, last = [], 0
    for mark in [*_TITLE_MARK.finditer(title), None]:
        text = title[last:mark.start() if mark else len(title)]
        parts.append(r"\s*".join(re.escape(word) for word in re.split(r"\s+", text)))
        if mark:
            parts.append("%" if mark.group(0) == "%%" else ".*?")
            last = mark.end()
    return re.compile(r"(?:.*\s)?" + "".join(parts), re.S)


_NO_OUTCOME = "has no outcome for it"
# why a test a run's per-test report leaves out never ran, where nothing else says why
NO_OUTCOME = f"never run: the runner's report {_NO_OUTCOME}"


def of_several(why: str) -> str:
    """Why a test never ran (`never_ran`), said of several tests at once: the report "has no
    outcome for them" (x-time's 27 tests of a build-tagged file had read "... for it")."""
    return why.replace(_NO_OUTCOME, "has no outcome for them")


def never_ran(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase], files: Iterable[str],
              aliases: Mapping[str, Sequence[str]] | None = None, *,
              texts: Mapping[str, str] | None = None) -> dict[str, str]:
    """test_id -> why it never ran, for the cases of `files`: story test files a run named and
    whose per-test report it wrote, which yet has no outcome for the test (a build constraint
    leaves its file out, the runner does not collect its name, the command deselects it).
    pytest names a module it could not collect (the test never ran: its file's error says
    why), jest and vitest a file that failed to load (likewise), and pytest one it skipped
    whole (`raise unittest.SkipTest(...)` at its top: the test was skipped, for the reason
    given); where pytest reports nothing but collection errors it stopped there, and a test
    of another file never ran because of the first of them. A Go test that panicked (its
    first line of failure `panic: ...`) ended its package's test binary: a test of that
    package with no outcome never ran because of it; so did one of a package whose binary
    exited while a test ran (its outcome in error: goji/param's serial `TestBadInputs`, whose
    code called `log.Fatal`, and the 31 tests it kept from running, paused at `t.Parallel()`
    or after it), and one of a package go could not build
    (`runner_output.go_unbuilt`: an error named after the package) never ran because its
    package did not build, with go's first compile error. A Go test with no outcome whose file
    (its text in `texts`) go builds only somewhere says where (`gomod.build_limit`: go-
    runewidth's `runewidth_windows_test.go`, on Linux, had only "no outcome for it")."""
    named = set(files)
    mine = [case for case in cases if case.file in named]
    if not mine:
        return {}
    listed = list(outcomes)
    seen = reported(listed, mine, aliases)
    directories = {str(PurePosixPath(case.file).parent) for case in mine}
    why = NO_OUTCOME
    # a module the runner could not collect, or skipped whole (pytest: an error or a skip
    # named after the module)
    uncollected = {o.name: o.message or "it could not be imported" for o in listed
                   if o.outcome == ERROR and names_a_module(o)}
    skipped_whole = {o.name: o.message or "" for o in listed
                     if o.outcome == SKIPPED and names_a_module(o)}
    # a JS/TS test file that failed to load (a syntax or compile error, a missing import):
    # one error named after the file alone
    unloaded = [(o.file, o.message) for o in listed
                if o.outcome == ERROR and not o.name.strip() and o.file and not o.suite_failed]
    # a file whose suite failed outside its tests (`runner_output.SUITE_FAILED`) loaded and
    # ran its other tests: one of it the runner has no outcome for was in that suite
    suite_failed = [o.file for o in listed if o.suite_failed and o.file]
    # only collection errors reported: pytest stopped the run there, before any test
    stopped = next(iter(uncollected), None) if all(
        o.outcome == ERROR and names_a_module(o) for o in listed) else None
    panicked = [o for o in listed if o.outcome in (FAILED, ERROR) and o.file
                and (o.message or "").startswith("panic: ")]
    # a Go test in error ran when its package's test binary ended (`runner_output`: started,
    # no end of its own, its package failed), a `log.Fatal` or `os.Exit` in it or its code
    exited = [o for o in listed if o.outcome == ERROR and o.file and o.name]
    out: dict[str, str] = {}
    for case in mine:
        if case.test_id in seen:
            continue
        module = case.file.removesuffix(".py").replace("/", ".")

        def of_module(found: Mapping[str, str], module: str = module) -> str | None:
            return next((m for name, m in found.items()
                         if module == name or module.endswith("." + name)), None)

        broken = of_module(uncollected)
        if broken is not None:
            out[case.test_id] = f"never run: its file could not be collected ({broken})"
            continue
        failed_load = next((m for f, m in unloaded if _same_file(case.file, f, directories)),
                           False)
        if failed_load is not False:  # a Go test's package is what did not build
            out[case.test_id] = ("never run: its package did not build"
                                 if case.file.endswith("_test.go")
                                 else "never run: its file failed to load") + (
                f" ({failed_load})" if failed_load else "")
            continue
        if any(_same_file(case.file, f, directories) for f in suite_failed):
            out[case.test_id] = ("never run: its file ran, but a suite of it failed outside "
                                 "its tests (a `describe` left with no test, a `beforeAll` "
                                 "that threw)")
            continue
        skip = of_module(skipped_whole)
        if skip is not None:
            out[case.test_id] = "reported skipped by the runner: its whole file" + (
                f" ({skip})" if skip else "")
            continue
        if stopped is not None and case.file.endswith(".py"):
            out[case.test_id] = (f"never run: the run stopped at the collection error of "
                                 f"{stopped.replace('.', '/')}.py")
            continue
        ended = next((o for o in panicked if case.file.endswith("_test.go")
                      and _same_file(case.file, o.file, directories)), None)
        if ended is not None:
            out[case.test_id] = (f"never run: the run ended when {ended.name} panicked "
                                 f"({ended.message})")
            continue
        ended = next((o for o in exited if case.file.endswith("_test.go")
                      and _same_file(case.file, o.file, directories)), None)
        if ended is not None:
            out[case.test_id] = (f"never run: the test binary exited while {ended.name} ran"
                                 + (f" ({ended.message})" if ended.message else ""))
            continue
        limit = gomod.build_limit(case.file, (texts or {}).get(case.file, "")) \
            if case.file.endswith(".go") else None
        unreported = f"{why} ({limit})" if limit else why
        if case.file.endswith(_EXACT_NAMES):
            out[case.test_id] = unreported
            continue
        in_file = [_spaced(o.name) for o in listed
                   if o.file and _same_file(case.file, o.file, directories)]
        title = _written_title(case)
        if not in_file or (title is not None and not any(title.fullmatch(name)
                                                         for name in in_file)):
            out[case.test_id] = unreported
    return out


def in_directories(outcomes: Iterable[TestOutcome], known: Sequence[gomod.Module]
                   ) -> tuple[TestOutcome, ...]:
    """`outcomes` with each Go package import path (`go test -json`'s) replaced by the
    package's directory in the project, by the module its go.mod declares
    (`gomod.directory_of`): `github.com/julienschmidt/httprouter` run in `services/router`
    is `services/router`, which no suffix of its import path says. A file, or a package of
    no known module, is kept as reported."""
    out = []
    for outcome in outcomes:
        directory = gomod.directory_of(outcome.file, known) if outcome.file and not \
            outcome.file.endswith((*_FILE_SUFFIXES, ".go")) else None
        out.append(replace(outcome, file=directory) if directory is not None else outcome)
    return tuple(out)


def in_files(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase]
             ) -> tuple[TestOutcome, ...]:
    """`outcomes` with each Go test's package (`go test -json` names a test's package,
    `example.com/m/pkg`) replaced by the `_test.go` file of the discovered test declaring it
    (a subtest's, `TestX/case`, its test's): named as the review names a test,
    `x_test.go::TestX`. An outcome no discovered test declares, or two do (a test of the
    package's and one of its `_test` package), keeps its package; any other, as reported."""
    go_cases = [case for case in cases if case.file.endswith("_test.go")]
    directories = {str(PurePosixPath(case.file).parent) for case in go_cases}
    by_name: dict[str, list[TestCase]] = {}
    for case in go_cases:
        by_name.setdefault(case.name, []).append(case)
    out = []
    for outcome in outcomes:
        files = {case.file for case in by_name.get(outcome.name.partition("/")[0], ())
                 if _same_file(case.file, outcome.file, directories)} if outcome.file \
            and not outcome.file.endswith((*_FILE_SUFFIXES, ".go")) else set()
        out.append(replace(outcome, file=files.pop()) if len(files) == 1 else outcome)
    return tuple(out)


def failed(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
           aliases: Mapping[str, Sequence[str]] | None = None) -> dict[str, str]:
    """test_id -> why it verifies nothing yet: the runner reported it (or one of its
    parametrised cases) failed or in error in this run, with the first line of the failure
    (a Go test failed by its subtest, `TestX/case`, with the subtest's); or the run was still
    running it when its time limit killed it (it did not finish). A JS/TS table test says
    which of its rows failed, by the names its template made them (`_rows`): a reader finds
    the row the failure is of."""
    listed = list(outcomes)
    by_id = {case.test_id: case for case in cases}
    directories = {str(PurePosixPath(case.file).parent) for case in cases}
    out: dict[str, str] = {}
    for test_id, found in sorted(reported(listed, cases, aliases).items()):
        bad = [o for o in found if o.outcome in (FAILED, ERROR)]
        failing = [o for o in bad if not still_running(o)]
        if failing:
            case = by_id[test_id]
            subtests = [o for o in listed if case.file.endswith("_test.go")
                        and o.name.startswith(case.name + "/") and o.outcome in (FAILED, ERROR)
                        and _same_file(case.file, o.file, directories)]
            message = next((o.message for o in [*failing, *subtests] if o.message), None)
            if message and case.file.endswith("_test.go"):
                message = go_said_in_project(message, case.file)
            rows = _rows(case, failing) or _py_cases(case, failing) or _py_classes(
                case, failing, found)
            said = ": ".join(part for part in (rows, message) if part)
            out[test_id] = "failed in this run" + (f" ({said})" if said else "")
        elif bad:
            out[test_id] = f"did not finish in this run ({bad[0].message})"
    return out


def unchecked_snapshots(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
                        aliases: Mapping[str, Sequence[str]] | None = None) -> dict[str, str]:
    """test_id -> its first stored snapshot, where the runner reported it passed and left
    that snapshot unchecked (`TestOutcome.unchecked_snapshot`), every outcome of it so: the
    run made no snapshot check of it."""
    out: dict[str, str] = {}
    for test_id, found in reported(outcomes, cases, aliases).items():
        keys = [o.unchecked_snapshot for o in found]
        if found and all(keys):
            out[test_id] = str(keys[0])
    return out


def unread_failed(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
                  aliases: Mapping[str, Sequence[str]] | None = None
                  ) -> dict[str, tuple[str, int | None]]:
    """test id -> (why, the line its failure was raised on) of each Python test the runner
    reported failed or in error that none of `cases` is (module docstring), its id the
    runner's (`tests/test_x.py::TestX::test_made`)."""
    listed = list(outcomes)
    met = {id(o) for found in reported(listed, cases, aliases).values() for o in found}
    out: dict[str, tuple[str, int | None]] = {}
    for o in listed:
        if o.outcome in (FAILED, ERROR) and id(o) not in met and o.file \
                and o.file.endswith(".py") and not still_running(o):
            test_id = f"{o.file}::{o.path[-1] if o.path else o.name}"
            said = f" ({o.message})" if o.message else ""
            out.setdefault(test_id, (f"failed in this run{said}", o.failed_at))
    return out


def unloaded_lines(outcomes: Iterable[TestOutcome]) -> dict[str, int]:
    """file -> the line a test file that failed to load failed at, where its runner says it
    (a `describe` whose body threw as jest loaded the file: its stack's frame in the file)."""
    return {o.file: o.failed_at for o in outcomes
            if o.outcome == ERROR and not o.name.strip() and o.file and o.failed_at}


def failed_lines(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
                 aliases: Mapping[str, Sequence[str]] | None = None) -> dict[str, int]:
    """test_id -> the line of its file its failure was raised on, where the runner said it
    (`TestOutcome.failed_at`): the first of its failed outcomes that says one. A Go test's
    is where its first failure line says it was, in its own file (`x_test.go:131: got ...`,
    its subtest's for a test its subtest failed): `go test` prints no other."""
    listed = list(outcomes)
    by_id = {case.test_id: case for case in cases}
    directories = {str(PurePosixPath(case.file).parent) for case in cases}
    out: dict[str, int] = {}
    for test_id, found in reported(listed, cases, aliases).items():
        bad = [o for o in found if o.outcome in (FAILED, ERROR)]
        line = next((o.failed_at for o in bad if o.failed_at), None)
        case = by_id[test_id]
        if line is None and case.file.endswith("_test.go") and bad:
            subtests = [o for o in listed if o.name.startswith(case.name + "/")
                        and o.outcome in (FAILED, ERROR)
                        and _same_file(case.file, o.file, directories)]
            line = next((at for o in [*bad, *subtests]
                         if (at := _go_said_at(o.message, case.file))), None)
        if line:
            out[test_id] = line
    return out


# Where a Go test's failure line says it was raised: `wordutils_test.go:131: got ...`.
_GO_SAID_AT = lazy_re(r"^(?P<file>[\w.-]+\.go):(?P<line>\d+):")


def go_said_in_project(message: str, file: str) -> str:
    """A Go failure `message` of the test in `file`, the file it starts with written from the
    project's root: `go test` names it within the test's package directory
    (`lru_test.go:22: bad len` of `simplelru/lru_test.go`), which read in the report sends a
    reader to another package's file of the same name. A message naming no file, or a test
    in the root package, is kept."""
    found = _GO_SAID_AT.match(message)
    directory = PurePosixPath(file).parent
    if found is None or str(directory) in ("", "."):
        return message
    return f"{directory / found.group('file')}{message[found.end('file'):]}"


def _go_said_at(message: str | None, file: str) -> int | None:
    """The line a Go failure `message` names, where it names the test's own `file` (a check
    function of another file, not marked with `t.Helper()`, names its own)."""
    found = _GO_SAID_AT.match(message or "")
    return int(found.group("line")) if found and found.group("file") == \
        PurePosixPath(file).name else None


def _table_test(case: TestCase) -> bool:
    """Whether `case` is a JS/TS table test: its own title or a group's a template its rows'
    titles are made by (`it.each(rows)("adds %i", ...)`, `describe.each(rows)("with %s")`)."""
    return case.file.endswith(_FILE_SUFFIXES) and not case.file.endswith(".py") \
        and _TEMPLATE_MARK.search(case.name) is not None


def _row_title(case: TestCase, outcome: TestOutcome) -> str:
    """A row's title as its runner made it, from the first of the test's names that is a
    template (its own, `fooBar => [ 'foo', 'Bar' ]`; a `describe.each` group's, `joined by
    under > a and b`), where the report records its groups apart; else its full name."""
    if not outcome.path:
        return _spaced(outcome.name)
    parts = case.name.split(" > ")
    made = next((i for i, part in enumerate(parts) if _TEMPLATE_MARK.search(part)),
                len(parts) - 1 if _made_by_code(case) else 0)
    return " > ".join(_spaced(title) for title in outcome.path[
        max(len(outcome.path) - len(parts) + made, 0):])


# A table's failed rows named in full, at most
_ROWS_SHOWN = 3


def _rows(case: TestCase, failing: Sequence[TestOutcome]) -> str | None:
    """Which rows of a JS/TS table test (its own title a template) failed, by the titles the
    runner gave them, each as code: row 'a'; rows 'a', 'b'; rows 'a', 'b', 'c' and 2 more.
    None for any other test."""
    if not (_table_test(case) or _made_by_code(case)):
        return None
    titles = list(dict.fromkeys(_row_title(case, o) for o in failing))
    shown = ", ".join(code_span(title) for title in titles[:_ROWS_SHOWN])
    more = f" and {len(titles) - _ROWS_SHOWN} more" if len(titles) > _ROWS_SHOWN else ""
    return ("row " if len(titles) == 1 else "rows ") + shown + more


def _py_cases(case: TestCase, failing: Sequence[TestOutcome]) -> str | None:
    """Which parametrised cases of a Python test failed, by the ids pytest gave them in
    brackets, each as code: case `pyproject`; cases `a`, `b`, `c` and 2 more (tomlkit's
    `test_load_from_file_object[pyproject]`, one case of thirteen, had been said to fail
    whole). None for a test no failing outcome of which names a case."""
    if not case.file.endswith(".py"):
        return None
    ids = list(dict.fromkeys(m.group()[1:-1] for o in failing
                             if (m := _PARAMS.search(o.name)) is not None))
    if not ids or len(ids) < len(failing):
        return None
    shown = ", ".join(code_span(each) for each in ids[:_ROWS_SHOWN])
    more = f" and {len(ids) - _ROWS_SHOWN} more" if len(ids) > _ROWS_SHOWN else ""
    return ("case " if len(ids) == 1 else "cases ") + shown + more


def _py_classes(case: TestCase, failing: Sequence[TestOutcome],
                found: Sequence[TestOutcome]) -> str | None:
    """Under which of the classes running it a Python test a base class defines failed, where
    another passed it, by the classes pytest names (`under `ChildDictTests`, passed under
    `DictTests``). None where it failed under every class that ran it, or ran under one."""
    if not case.file.endswith(".py"):
        return None
    def under(outcomes: Iterable[TestOutcome]) -> list[str]:
        return list(dict.fromkeys(klass for o in outcomes if o.path
                                  and (klass := o.path[-1].rpartition("::")[0])))
    bad = under(failing)
    good = [klass for klass in under(o for o in found if o.outcome == PASSED)
            if klass not in bad]
    if not bad or not good:
        return None
    return (f"under {', '.join(code_span(k) for k in bad)}, "
            f"passed under {', '.join(code_span(k) for k in good)}")


def instances(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
              aliases: Mapping[str, Sequence[str]] | None = None
              ) -> dict[str, tuple[tuple[str, str], ...]]:
    """test_id -> (its id in brackets, outcome) of each parametrised instance, in the
    runner's order (pytest's: its table's), for the tests every outcome of which names one
    (`test_parse[-P2W-expectation11]`), of a Python file; for a JS/TS table test
    (`_table_test`), each row's title as its template made it, and outcome; for a Go test,
    each of its subtests the runner reported (`_subtests_run`)."""
    out: dict[str, tuple[tuple[str, str], ...]] = {}
    by_id = {case.test_id: case for case in cases}
    listed = list(outcomes)
    out.update(_subtests_run(listed, cases))
    for test_id, found in reported(listed, cases, aliases).items():
        if _table_test(by_id[test_id]):
            out[test_id] = tuple((_row_title(by_id[test_id], o), o.outcome)
                                  for o in dict.fromkeys(found))
            continue
        if not by_id[test_id].file.endswith(".py"):  # brackets ending another's name: its own
            continue
        ids = [(_PARAMS.search(o.name), o.outcome) for o in dict.fromkeys(found)]
        if ids and all(found_id is not None for found_id, _ in ids):
            out[test_id] = tuple((m.group()[1:-1], outcome) for m, outcome in ids if m)
    return dict(sorted(out.items()))


def _subtests_run(listed: Sequence[TestOutcome], cases: Sequence[TestCase]
                  ) -> dict[str, tuple[tuple[str, str], ...]]:
    """test_id -> each subtest of a Go test (`testcases.subtests`: a `t.Run("...")` call, a
    table row's `name: "..."`) by the name its source writes, and the outcome the runner
    reported for it (`TestX/evicts_oldest`), in `testcases.subtests`' order (its `t.Run("...")`
    calls, then its table's rows); a subtest the runner did not report is left out, one it
    reported twice (a rerun) has its worst outcome."""
    out: dict[str, tuple[tuple[str, str], ...]] = {}
    for case, reported in _go_subtests_reported(listed, cases):
        found: dict[str, str] = {}
        for name, outcome in reported:
            found[name] = outcome if found.get(name) not in (FAILED, ERROR) else found[name]
        ran = tuple((name, found[_go_subtest_name(name)]) for name, _ in testcases.subtests(case)
                    if _go_subtest_name(name) in found)
        if ran:
            out[case.test_id] = ran
    return out


def skipped_subtests(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase]
                     ) -> dict[str, tuple[str, ...]]:
    """test_id -> the subtests of a Go test (`testcases.subtests`, by the names its source
    writes; one it does not write, by the name the runner gives it) the runner reported
    skipped (`TestX/peek_returns_the_value`: `go test` writes a
    subtest's spaces as underscores) while another of its subtests ran: the test passed, but
    those ran none of their checks. A test all of whose subtests were skipped is `not_run`'s.
    A subtest the runner reported twice (a rerun) is read by its last outcome."""
    out: dict[str, tuple[str, ...]] = {}
    for case, reported in _go_subtests_reported(list(outcomes), cases):
        found = dict(reported)
        if set(found.values()) == {SKIPPED}:
            continue
        written = testcases.subtests(case)
        names = tuple(name for name, _ in written
                      if found.get(_go_subtest_name(name)) == SKIPPED)
        # a subtest whose name the source does not write (a positional table row's
        # `{"initials", ...}` run by `t.Run(c.name, ...)`): as the runner names it
        read = {_go_subtest_name(name) for name, _ in written}
        names += tuple(name for name, outcome in found.items()
                       if outcome == SKIPPED and name not in read and "/" not in name)
        if names:
            out[case.test_id] = names
    return dict(sorted(out.items()))


def skipped_subtest_reasons(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase]
                            ) -> dict[str, tuple[str, int | None]]:
    """`file::TestX/name` of each subtest `skipped_subtests` names -> what the runner said of
    its skip (`x_test.go:21: later`, the file written from the project's root) and the line of
    the test's file that says it (None where it names another file); a skip said without a
    reason is left out. ksuid's `TestCompressedSet` runs its scenarios as function values,
    one of which skips at line 265: the finding had stood at the test's line, 8, saying no
    reason."""
    listed = list(outcomes)
    by_id = {case.test_id: case for case in cases}
    directories = {str(PurePosixPath(case.file).parent) for case in cases}
    out: dict[str, tuple[str, int | None]] = {}
    for test, names in skipped_subtests(listed, cases).items():
        case = by_id[test]
        for name in names:
            reported = f"{case.name}/{_go_subtest_name(name)}"
            said = next((o.message for o in reversed(listed) if o.name == reported
                         and o.outcome == SKIPPED and o.message
                         and _same_file(case.file, o.file, directories)), None)
            if said:
                out[f"{test}/{name}"] = (go_said_in_project(said, case.file),
                                         _go_said_at(said, case.file))
    return out


def _go_subtests_reported(listed: Sequence[TestOutcome], cases: Sequence[TestCase]
                          ) -> Iterator[tuple[TestCase, list[tuple[str, str]]]]:
    """Each Go test with the outcomes the runner reported of its subtests (`TestX/
    evicts_oldest`, of the test's file), each as (the subtest's name as reported, its
    outcome), in the run's order, a rerun subtest's each time; a test none of whose subtests
    was reported is left out."""
    directories = {str(PurePosixPath(case.file).parent) for case in cases}
    for case in cases:
        if not case.file.endswith("_test.go"):
            continue
        reported = [(o.name[len(case.name) + 1:], o.outcome) for o in listed
                    if o.name.startswith(case.name + "/")
                    and _same_file(case.file, o.file, directories)]
        if reported:
            yield case, reported


def _go_subtest_name(name: str) -> str:
    """A subtest's name as `go test` reports it: its spaces as underscores (`testing`'s
    `rewrite`)."""
    return re.sub(r"\s", "_", name)


def unread(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
           files: Iterable[str]) -> dict[str, int]:
    """file -> how many tests the runner reported in it that the review read no test case
    for, for each of `files` (the story's test files): all of a file's where no test case
    was discovered in it at all; in a JS/TS file where some were, those no case's outcomes
    (`reported`) hold (a loop calling `test` under another name beside tests written out)."""
    return {file: len({_PARAMS.sub("", o.name) for o in found})
            for file, found in _unread(outcomes, cases, files).items()}


def unread_lines(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
                 files: Iterable[str]) -> dict[str, int]:
    """file -> the first line the runner says one of its `unread` tests was declared on
    (jest's and vitest's `location`: the loop making them), for the files it says one of."""
    return {file: min(lines) for file, found in _unread(outcomes, cases, files).items()
            if (lines := [o.line for o in found if o.line])}


def unread_declared_elsewhere(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
                              files: Iterable[str]) -> dict[str, str]:
    """file -> the one other test file where every test the runner reported in it and the
    review read no case for is declared, by its groups and title (`TestOutcome.path`): a
    helper module's `describe`, which each test file loading it runs as its own (tapable's
    `HookTester.js`, whose `HookTester > should run` ran in every file requiring it), for
    the `unread` files that are so."""
    homes: dict[str, set[str]] = {}
    for case in cases:
        homes.setdefault(case.name, set()).add(case.file)
    out = {}
    for file, found in _unread(outcomes, cases, files).items():
        where = [homes.get(" > ".join(o.path), set()) - {file} for o in found if o.path]
        if len(where) == len(found) and all(where) and len(set().union(*where)) == 1:
            out[file] = next(iter(set().union(*where)))
    return out


def _unread(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
            files: Iterable[str]) -> dict[str, list[TestOutcome]]:
    read = {case.file for case in cases}
    out: dict[str, list[TestOutcome]] = {}
    listed = list(outcomes)
    held: set[int] | None = None  # the outcomes some read case holds, joined once
    for file in files:
        in_file = [o for o in listed  # a file that failed to load: no name, no test
                   if o.name and o.file and o.file.endswith(_FILE_SUFFIXES)
                   and _same_file(file, o.file)]
        if file in read:
            if file.endswith(".py") or not in_file:
                continue
            if held is None:
                held = {id(o) for found in reported(listed, cases).values() for o in found}
            in_file = [o for o in in_file if id(o) not in held]
        if in_file:
            out[file] = in_file
    return dict(sorted(out.items()))

