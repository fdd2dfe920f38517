"""Which discovered tests the runner did not really run: its own per-test outcomes, joined to
the test cases the review discovered.

Rule: a discovered test is *not run* when the runner reported it (skipped, xfail, todo,
pending: `runner_output` folds them all into `skipped`) and never reported it passed or failed
in the same run; it *failed* when the runner reported it, or any of its cases, failed or in
error; parametrised instances (`test_x[1]`) are one test, and so are the rows a JS/TS table
test's name template makes (`it.each(...)("adds %i", ...)` reported as `adds 1`, `adds 2`).
A runner outcome names a test by its own name (pytest's function, jest's "describe test" full
name, Go's `TestX`) and, where the format records one, a file (pytest's module, jest's
absolute path, Go's package); both must agree with the discovered case. A test a base class
defines (a mixin's) is reported under the ids it runs under in the classes inheriting it: it
did not run when none of those ran it. Pure.

`instances` gives a parametrised test's instances, id and outcome, in the runner's order:
which of its table's rows ran (`expected_column.skipped_rows` reads them).

A story test file in which the review read no test although the runner ran some there
(`unread`: tests made at run time, `fixtures.forEach(f => it(f.name, ...))`) holds tests no
AC can be matched to: said, never silently counted as a file without tests.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace
from pathlib import PurePosixPath

from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.evidence.runner_output import ERROR, FAILED, SKIPPED, TestOutcome, still_running
from gaia_lib.evidence.testcases import TestCase

_PARAMS = re.compile(r"\[.*\]$")
# A reported location naming a file (Go's names its package: a directory).
_FILE_SUFFIXES = (".py", ".js", ".ts", ".jsx", ".tsx", ".mjs", ".cjs")


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


def _template(name: str) -> re.Pattern[str] | None:
    """The runner's names a table test's template makes (`adds %i and %i` -> `adds 1 and 2`),
    as a pattern; None for a plain name."""
    if _TEMPLATE_MARK.search(name) is None or len(re.findall(r"\w", _TEMPLATE_MARK.sub(
            "", name))) < 3:  # a name all markers (`%s`) would stand for any test
        return None
    parts, last = [], 0
    for mark in _TEMPLATE_MARK.finditer(name):
        parts.append(re.escape(name[last:mark.start()]))
        parts.append("%" if mark.group(0) == "%%" else ".+?")
        last = mark.end()
    return re.compile("".join(parts) + re.escape(name[last:]), re.S)


def reported(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
             aliases: Mapping[str, Sequence[str]] | None = None
             ) -> dict[str, list[TestOutcome]]:
    """test_id -> the runner's outcomes for it (its parametrised instances, the rows of a
    table test, the ids an inherited test runs under), for the cases above."""
    seen: dict[str, list[TestOutcome]] = {}
    by_name: dict[str, list[TestOutcome]] = {}  # a suite of hundreds: look names up, not scan
    listed = list(outcomes)
    for outcome in listed:
        by_name.setdefault(_spaced(_PARAMS.sub("", outcome.name)), []).append(outcome)
    directories = {str(PurePosixPath(case.file).parent) for case in cases}
    for case in cases:
        runs_as = [(case.file, case.name)] + [
            (alias.partition("::")[0], alias.partition("::")[2])
            for alias in (aliases or {}).get(case.test_id, ())]
        for file, test_name in runs_as:
            for name in _names(test_name):
                template = _template(name)
                found = by_name.get(name, ()) if template is None else [
                    o for o in listed if template.fullmatch(_spaced(_PARAMS.sub("", o.name)))]
                for outcome in found:
                    if _same_file(file, outcome.file, directories):
                        seen.setdefault(case.test_id, []).append(outcome)
    return seen


def _skipped(found: Sequence[TestOutcome]) -> str:
    """Why a test every outcome of which is a skip did not run: in the runner's own words
    where its report gives them (pytest's `got empty parameter set for (x)`, a skip's reason,
    `xfail: known bug`), else what kinds of skip there are."""
    said = next((o.message for o in found if o.message), None)
    if said is None:
        return "reported skipped by the runner (skip / xfail / todo)"
    kind, colon, reason = said.partition(": ")
    if kind in ("xfail", "todo") and (colon or said == kind):
        return f"reported {kind} by the runner" + (f": {reason}" if reason else "")
    return f"reported skipped by the runner: {said}"


def not_run(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
            aliases: Mapping[str, Sequence[str]] | None = None) -> dict[str, str]:
    """test_id -> why it did not run ("reported skipped by the runner: <its reason>", its
    reason the runner's where its report gives one: `_skipped`), for the cases above;
    a test a base class defines is reported under the ids it runs under (`aliases`,
    `testcases.inherited`): it did not run when none of them did. A Go test all of whose
    subtests (`TestX/case`) were reported skipped ran none of its checks either, though the
    runner reports the parent passed."""
    listed = list(outcomes)
    out = {test_id: _skipped(found)
           for test_id, found in sorted(reported(listed, cases, aliases).items())
           if {o.outcome for o in found} == {SKIPPED}}
    directories = {str(PurePosixPath(case.file).parent) for case in cases}
    for case in cases:
        if not case.file.endswith("_test.go") or case.test_id in out:
            continue
        subtests = {o.outcome for o in listed if o.name.startswith(case.name + "/")
                    and _same_file(case.file, o.file, directories)}
        if subtests == {SKIPPED}:
            out[case.test_id] = "reported skipped by the runner (every subtest skipped)"
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


def never_ran(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase], files: Iterable[str],
              aliases: Mapping[str, Sequence[str]] | None = None) -> dict[str, str]:
    """test_id -> why it never ran, for the cases of `files`: story test files a run named and
    whose per-test report it wrote, which yet has no outcome for the test (a build constraint
    leaves its file out, the runner does not collect its name, the command deselects it).
    pytest names a module it could not collect (the test never ran: its file's error says
    why), jest and vitest a file that failed to load (likewise), and pytest one it skipped
    whole (`raise unittest.SkipTest(...)` at its top: the test was skipped, for the reason
    given); where pytest reports nothing but collection errors it stopped there, and a test
    of another file never ran because of the first of them."""
    named = set(files)
    mine = [case for case in cases if case.file in named]
    if not mine:
        return {}
    listed = list(outcomes)
    seen = reported(listed, mine, aliases)
    directories = {str(PurePosixPath(case.file).parent) for case in mine}
    why = "never run: the runner's report has no outcome for it"
    # a module the runner could not collect, or skipped whole (pytest: an error or a skip
    # named after the module)
    uncollected = {o.name: o.message or "it could not be imported" for o in listed
                   if o.outcome == ERROR and not o.file and "." in o.name}
    skipped_whole = {o.name: o.message or "" for o in listed
                     if o.outcome == SKIPPED and not o.file and "." in o.name}
    # a JS/TS test file that failed to load (a syntax or compile error, a missing import):
    # one error named after the file alone
    unloaded = [(o.file, o.message) for o in listed
                if o.outcome == ERROR and not o.name.strip() and o.file]
    # only collection errors reported: pytest stopped the run there, before any test
    stopped = next(iter(uncollected), None) if all(
        o.outcome == ERROR and not o.file and "." in o.name for o in listed) else None
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
        if failed_load is not False:
            out[case.test_id] = "never run: its file failed to load" + (
                f" ({failed_load})" if failed_load else "")
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
        if case.file.endswith(_EXACT_NAMES):
            out[case.test_id] = why
            continue
        in_file = [_spaced(o.name) for o in listed
                   if o.file and _same_file(case.file, o.file, directories)]
        title = _written_title(case)
        if not in_file or (title is not None and not any(title.fullmatch(name)
                                                         for name in in_file)):
            out[case.test_id] = why
    return out


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
    running it when its time limit killed it (it did not finish)."""
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
            out[test_id] = "failed in this run" + (f" ({message})" if message else "")
        elif bad:
            out[test_id] = f"did not finish in this run ({bad[0].message})"
    return out


def instances(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
              aliases: Mapping[str, Sequence[str]] | None = None
              ) -> dict[str, tuple[tuple[str, str], ...]]:
    """test_id -> (its id in brackets, outcome) of each parametrised instance, in the
    runner's order (pytest's: its table's), for the tests every outcome of which names one
    (`test_parse[-P2W-expectation11]`)."""
    out: dict[str, tuple[tuple[str, str], ...]] = {}
    for test_id, found in reported(outcomes, cases, aliases).items():
        ids = [(_PARAMS.search(o.name), o.outcome) for o in dict.fromkeys(found)]
        if ids and all(found_id is not None for found_id, _ in ids):
            out[test_id] = tuple((m.group()[1:-1], outcome) for m, outcome in ids if m)
    return dict(sorted(out.items()))


def unread(outcomes: Iterable[TestOutcome], cases: Sequence[TestCase],
           files: Iterable[str]) -> dict[str, int]:
    """file -> how many tests the runner reported in it, for each of `files` (the story's
    test files) in which no test case was discovered at all."""
    read = {case.file for case in cases}
    reported: dict[str, set[str]] = {}
    listed = list(outcomes)
    for file in files:
        if file in read:
            continue
        names = {_PARAMS.sub("", o.name) for o in listed  # a file that failed to load:
                 if o.name and o.file and o.file.endswith(_FILE_SUFFIXES)  # no name, no test
                 and _same_file(file, o.file)}
        if names:
            reported[file] = names
    return {file: len(names) for file, names in sorted(reported.items())}

