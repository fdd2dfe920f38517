"""The QA review report: rendering, payload validation and the prompt hash (seed 000, Phase 6).

Pure text functions. A reviewer's payload never speaks for gaia: the saved report's
`## Deterministic Analysis` is always gaia's own rendering of analysis-results.json, and its
`## LLM Semantic Review` lists the reviewer's findings as gaia judged them (a Critical outside
the rubric's two cases shown demoted, with why), then the reviewer's own text as written
(`with_gaia_sections`). The payload contract (both sections, the exact verdict line, the
`[INCOMPLETE]` marker, the resolver's verdict last, the prompt hash) is gate.payload's, shared
with /gaia-test-automate; this module renders the QA review's own sections.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import PurePosixPath
from typing import Any

from gaia_lib.evidence.outcomes import go_said_in_project
from gaia_lib.evidence.runner_output import code_span
from gaia_lib.evidence.testcases import shown, shown_apart
from gaia_lib.gate.payload import (  # the payload contract every review skill shares
    DETERMINISTIC_HEADING,
    INCOMPLETE_MARKER,
    LLM_HEADING,
    SEVERITIES,
    VERDICT_LINE_RE,
    assemble,
    payload_problems,
    prompt_hash,
    render_check_table,
    render_llm_section,
)
from gaia_lib.story import filelist

__all__ = ["CATEGORIES", "DETERMINISTIC_HEADING", "INCOMPLETE_MARKER", "LLM_HEADING",
           "SEVERITIES", "VERDICT_LINE_RE", "assemble",
           "payload_problems", "prompt_hash", "render_deterministic", "render_header",
           "render_llm_section", "render_matches", "render_run", "render_unattributed",
           "with_gaia_sections"]

CATEGORIES = ("coverage", "assertion", "selector", "error-path", "traceability", "ac-quality",
              "architecture", "fidelity", "integrity")


def _cell(value: Any) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def render_deterministic(analysis: Mapping[str, Any]) -> str:
    """The `## Deterministic Analysis` section from analysis-results.json."""
    out = render_check_table(analysis.get("checks", []))
    coverage = analysis.get("coverage", {})
    out += ["", f"AC coverage: {coverage.get('percent', 0.0)}% of "
            f"{len(coverage.get('per_ac', []))} acceptance criteria have at least one test.", "",
            "| AC | Priority | Matched | Tests | By |", "|----|----------|---------|-------|----|"]
    for entry in coverage.get("per_ac", []):
        out.append(f"| {entry['ac_id']} | {entry.get('priority') or '—'} | "
                   f"{'yes' if entry['matched'] else 'no'} | "
                   f"{entry['test_count']} | {entry.get('matched_by') or '—'} |")
    out += render_matches(coverage.get("per_ac", []))
    out += render_unmatched(analysis)
    out += render_code_coverage(analysis.get("checks", []))
    findings = [(c["name"], f) for c in analysis.get("checks", []) for f in c.get("findings", [])]
    if findings:
        out += ["", "Findings:"]
        for name, finding in findings:
            where = f"{finding.get('file', '')}:{finding.get('line', 0)}"
            out.append(f"- [{finding.get('severity', '')}] {name}/{finding.get('rule', '')} "
                       f"{where} — {finding.get('message', '')}")
    out += render_unattributed(analysis.get("unattributed_tests", []),
                               analysis.get("unattributed_story_keys", {}),
                               analysis.get("discovery_scope"),
                               analysis.get("unattributed_limits") or {})
    warnings = analysis.get("gate_warnings", [])
    if warnings:
        out += ["", "Story gate warnings:"]
        out += [f"- {filelist.warning_sentence(w)}" for w in warnings]
    return "\n".join(out) + "\n"


UNMATCHED_SHOWN = 10  # story tests counting for no AC that the report names; more are counted


def unmatched(per_ac: Iterable[Mapping[str, Any]], test_ids: Iterable[str],
              outside: Iterable[str]) -> list[str]:
    """The tests of `test_ids` not `outside` the story (its unattributed ones) that no AC of
    `per_ac` names: none counts them, none leaves them out with a reason, none has them as
    its nearest."""
    named = set(outside)
    for entry in per_ac:
        named.update(entry.get("tests", []), entry.get("excluded") or {},
                     (m.get("test") for m in entry.get("candidates") or []))
    return [test for test in test_ids if test not in named]


def render_unmatched(analysis: Mapping[str, Any]) -> list[str]:
    """The story's tests (attributed to it: every test found but `unattributed_tests`) that
    the list of tests per AC names nowhere: no AC counts them, none is left out with a
    reason, none is an uncovered AC's nearest. A reviewer looks there for what the ACs do
    not say, or for an AC the matching missed (portion's `test_or_ior` for its AC on `|`);
    without it they are in no line of the report. One whose checks only ask for a result
    (`unmatched_checks`: `assert f(x) == f(x)`) says so, and is listed first."""
    tests = unmatched(analysis.get("coverage", {}).get("per_ac", []),
                      [str(case["id"]) for case in analysis.get("test_cases", [])
                       if isinstance(case, Mapping)],
                      analysis.get("unattributed_tests", []))
    if not tests:
        return []
    # One test past the limit is named, not counted: "- and 1 more" takes its line and
    # hides it (pyrsistent's eleventh, found in no other line of the report).
    limit = UNMATCHED_SHOWN if len(tests) > UNMATCHED_SHOWN + 1 else len(tests)
    more = len(tests) - limit
    why = analysis.get("unmatched_checks") or {}
    return ["", f"The story's tests that count for no AC and are no AC's nearest ({len(tests)}):",
            *(f"- {code_span(shown(test))}" + (f" — {why[test]}" if test in why else "")
              for test in sorted(tests, key=lambda t: (t not in why, t))[:limit]),
            *([f"- and {more} more"] if more > 0 else [])]


def _share(part: int, whole: int) -> str:
    """`part of whole (n%)`, n rounded to the nearest whole percent, as coverage.py shows
    it: never 100 short of the whole, nor 0 above nothing (199 of 200 is 99%, 1 of 200 1%)."""
    if not whole:
        return f"{part} of {whole}"
    percent = min(max(round(100 * part / whole), 1 if part else 0), 99 if part < whole else 100)
    return f"{part} of {whole} ({percent}%)"


def render_code_coverage(checks: Sequence[Mapping[str, Any]]) -> list[str]:
    """What the branch-coverage check's report measured of the story's own code, file by
    file: its lines run and its branches taken, or that the run measured no branch (the
    review's line probes: `GAIA_COVERAGE_MODE=tracer` measures them, which a line after the
    list says where the review's own run measured: jsonpatch's tier `coverage_command` says
    `--branch`, and its report's "branches not measured" read as contradicting it), not a
    file without any; Go's statements run instead of lines, where its profile gives them (the figure
    `go test -cover` prints: a block's lines hold its comments and blank lines too); a Go
    source not built here, with what builds it (go-runewidth's `runewidth_windows.go` on
    Linux had been left out of the list without a word); a Go source of a package none of
    whose tests ran, not measured (golang-lru's `simplelru/lru.go`, run through the root
    package's tests, which `go test` measures alone, had been left out so too), and a JS/TS
    source no test loaded, which jest's and vitest's lcov leave out (inject-stylesheet's
    `src/index.ts`, never imported by its tests, likewise); the functions
    no test called whose branches the report does not count, as V8's lcov leaves them out
    (css-select's `querying.ts` read "14 of 14 (100%) branches taken" with half its lines
    never run), not one whose code holds no branch (`coverage_report.js_branchless`: a
    constructor calling `super("...")` alone has none to leave out), nor any where the report
    counts a branch of another function no test called, as istanbul does (kelektiv-cron's
    `_findDST`, a `while` alone, no branch to istanbul, had read "2 of them with no branch
    counted" beside 21 uncalled functions whose branches it counted)."""
    check = next((c for c in checks if c.get("name") == "branch-coverage"), None)
    if check is None or not check.get("measured"):
        return []
    measured = check["measured"]
    out = ["", f"The story's code as the tests ran it ({check.get('scope', 'coverage report')}):"]
    for entry in measured:
        if "not_built" in entry:  # a Go source its build constraint kept out of the run
            out.append(f"- {entry['file']}: not built here: {entry['not_built']}")
            continue
        if "not_measured" in entry:  # a Go source of a package whose tests did not run
            out.append(f"- {entry['file']}: not measured: {entry['not_measured']}")
            continue
        branches = (f", {_share(entry['branches_taken'], entry['branches'])} branches taken"
                    if entry.get("branches") else ", branches not measured"
                    if entry.get("branches_measured") is False else "")
        run = (f"{_share(entry['statements_covered'], entry['statements'])} statements"
               if "statements" in entry else
               f"{_share(entry['lines_covered'], entry['lines'])} lines")
        uncounted = entry.get("uncounted_functions") or []
        # every function never called is counted, those with a branch in the share too
        # (minisearch's `update`, whose `if` istanbul counted untaken, had been left out of
        # "6 of 25 functions never called"); the note says which the share leaves out
        uncalled = entry.get("uncalled_functions") or uncounted
        # a function whose code holds no branch has none the share leaves out: unsaid
        unrun = (f"; {len(uncalled)} of {entry['functions']} functions never called"
                 f" ({', '.join(uncalled[:5])}{', ...' if len(uncalled) > 5 else ''})"
                 + (f", none of {'its' if len(uncalled) == 1 else 'their'} branches counted"
                    if len(uncounted) == len(uncalled) else
                    f", {len(uncounted)} of them with no branch counted" if uncounted else "")
                 if uncalled else "")
        out.append(f"- {entry['file']}: {run}{branches}{unrun}")
    if str(check.get("scope", "")).endswith(PROBED_REPORT) and any(
            entry.get("branches_measured") is False for entry in measured):
        # the project's own coverage_command may say `--branch`: say whose run this was
        out += ["", "Branches: the review's own run measures lines alone; "
                "GAIA_COVERAGE_MODE=tracer measures branches as well, at several times the "
                "run's cost."]
    return out


# The report the review's own measured run writes (`attribution.CoverageSetup.report`)
PROBED_REPORT = "attribution-coverage.json"


def render_unattributed(tests: Sequence[str], owners: Mapping[str, Sequence[str]],
                        scope: Mapping[str, Any] | None = None,
                        limits: Mapping[str, str] | None = None) -> list[str]:
    """The tests the review did not count: each test that names another story, with its keys;
    the rest (outside the File List, naming no story) as a count per file, since on a real
    project they are the whole suite but the story's own files. Where discovery looked only
    in the File List's neighbourhood (`scope`, mode "file-list"), the count says which
    directories it covers: the suite's other test files were never read (cheerio's
    `src/*.spec.ts` beside a story of `src/api/`), not counted as none; a directory is named
    without the ones inside it, which it covers. A file go builds only
    somewhere says where (`limits`, by path: bitset's `popcnt_amd64_test.go`, built only
    before Go 1.9, had read as five more tests of the suite), unless the go that ran builds
    it (`phases._build_limits`)."""
    named = [test for test in tests if owners.get(test)]
    if named:
        out = ["", "Tests of other stories (not counted):"]
        out += [f"- {test} ({', '.join(owners[test])})" for test in named]
    else:
        out = []
    per_file: dict[str, int] = {}
    for test in tests:
        if not owners.get(test):
            path = test.split("::", 1)[0]
            per_file[path] = per_file.get(path, 0) + 1
    if per_file:
        total = sum(per_file.values())
        # a directory is looked at with all below it: one inside another listed is no more
        # of the project (js-search's `source`, `source/SearchIndex`, `source/Tokenizer` had
        # read as if its tests in `source/Sanitizer` were outside them); `.` only its own files
        given = list((scope or {}).get("dirs") or ())
        dirs = [d for d in given if not any(o != "." and d.startswith(o + "/") for o in given)]
        where = (f", in the directories looked at ({', '.join(dirs)})"
                 if (scope or {}).get("mode") == "file-list" and dirs else "")
        out += ["", f"Tests outside the story's File List, naming no story (not counted){where}: "
                    f"{total} in {len(per_file)} file(s):"]
        where_built = limits or {}
        out += [f"- {path}: {count}" + (f" ({where_built[path]})" if path in where_built else "")
                for path, count in sorted(per_file.items())]
    return out


def _item(value: Any) -> str:
    """One item of a list in words: quoted when it would not read as one item of a comma-joined
    list (a Then literal `, ` read `..., Headers, ,`), holds a comma or edge spaces, or is empty
    or punctuation alone."""
    text = str(value)
    plain = text == text.strip() and "," not in text and any(c.isalnum() for c in text)
    return text if plain else json.dumps(text, ensure_ascii=False)


def _words(value: Any) -> str:
    return ", ".join(map(_item, value)) if isinstance(value, list | tuple) else str(value)


def _how(record: Mapping[str, Any]) -> str:
    """A match record in words: its `how` and whatever reason / evidence it carries."""
    how = _words(record.get("how") or record.get("matched_by") or "unknown")
    detail = [f"{k}: {_words(v)}" for k, v in sorted(record.items())
              if k not in ("test", "how", "matched_by", "why") and v not in (None, "", [], ())]
    return how + (f" ({'; '.join(detail)})" if detail else "")


def render_matches(per_ac: Sequence[Mapping[str, Any]]) -> list[str]:
    """Per AC, each counted test and how it matched, each test that does not count, and for
    an AC no test counts for, the tests nearest it (which do not count either); a test named
    at run time by its title's text, unless another test's reads the same (`shown_apart`)."""
    out: list[str] = []
    listed = [(entry,
               entry.get("matches") or [{"test": t, "how": entry.get("matched_by")}
                                        for t in entry.get("tests", [])],
               entry.get("excluded") or {},
               [] if entry.get("matched") else entry.get("candidates") or [])
              for entry in per_ac]
    names = shown_apart([*(m.get("test", "?") for _, matches, _, nearest in listed
                           for m in [*matches, *nearest]),
                         *(test for _, _, excluded, _ in listed for test in excluded)])
    for entry, matches, excluded, nearest in listed:
        if not matches and not excluded and not nearest:
            continue
        if not out:
            out += ["", "Tests per AC:"]
        out.append(f"- {entry['ac_id']}:")
        out += [f"  - {code_span(names[m.get('test', '?')])} — matched by {_how(m)}"
                for m in matches]
        out += [f"  - {code_span(names[test])} — does not count: {why}"
                for test, why in sorted(excluded.items())]
        out += [f"  - {code_span(names[m.get('test', '?')])} — nearest, not counted"
                f"{f' ({why})' if (why := m.get('why')) else ''}"
                f"{f': resembles it by {_how(m)}' if m.get('score') != 0 else ''}"
                for m in nearest]
    return out


def render_header(key: str, title: str, prompt_hash_value: str, model: str | None,
                  temperature: float) -> str:
    """`model` / `temperature` only when a model reviewed (None: a terminal run, said so)."""
    head = f"# QA Review: {key} — {title}\n\n- Story: {key}\n- prompt_hash: {prompt_hash_value}\n"
    if model is None:
        return head + "- review: terminal run without a model; deterministic evidence only\n"
    return head + f"- model: {model}\n- temperature: {temperature:g}\n"


# A run whose command is no runner the review reads (`python -m nose2`, `make test`): its
# exit code alone is known, not that its output holds no counts (nose2's `Ran 65 tests`)
_NOT_READ = "no test counts read from its output: its command is no runner the review reads"


def render_run(evidence: Mapping[str, Any] | None, where: str,
               never_reached: Mapping[str, int] | None = None,
               failed_ids: Collection[str] = ()) -> str:
    """Header lines on the review's test run, one per suite: what passed, with its counts and
    time; what was skipped, and why; what failed or timed out, with the logs of its stdout
    and stderr kept in the evidence directory `where`, each test the runner reported
    failed with the first line of its failure, each test file pytest could not collect and
    each test in error (its setup raised: both counted apart from the failed tests, as
    pytest's summary counts them), and, of a run
    that timed out, each test it was still running: counted neither passed nor failed, as
    its runner reported neither. A failed or timed-out run's story tests it never reached
    (`never_reached`, per tier: a Go test's panic ended the package's binary, or the time
    limit came first) are counted beside the rest, `19 never ran`. A run counted by its exit
    code alone (its command is no runner the review reads: `python -m nose2`, `make test`) is
    said so, not said to give no counts: nose2's output ends `Ran 65 tests`, which the review
    does not read. A failed test of a title two tests share is named as the review names it
    (`failed_ids`, the tests its findings say failed: `... > should slice an iterable #2`),
    not as the runner does, which names the other as well (`_as_reviewed`)."""
    if not evidence or evidence.get("skipped"):
        return "- test run: none (no test tier ran)\n"
    out = []
    for suite in evidence.get("suites", []):
        if not isinstance(suite, Mapping):
            continue
        if suite.get("skip_reason"):
            out.append(f"- test run: {suite.get('name', '?')} skipped: {suite['skip_reason']}\n")
            continue
        # a run that exited 0 though its runner reported a test failed (a TestMain that
        # drops m.Run's result) did not pass either
        failed = suite.get("timeout") or suite.get("exit_code") not in (0, None) or (
            suite.get("fail_count") and not suite.get("counted_from"))
        if suite.get("no_report") and not suite.get("timeout"):
            out.append(_unreported_run(suite, where))
            out += [f"  - failed: {_failed_test(test)}\n" for test in _as_reviewed(
                [test for test in suite.get("failed_tests", []) if isinstance(test, Mapping)],
                failed_ids)]
            continue
        if not failed and not suite.get("counted_from") and not any(
                suite.get(k) for k in ("pass_count", "fail_count", "skip_count")):
            # `vitest run --exclude <its file> --passWithNoTests`: nothing to call passed
            out.append(f"- test run: {suite.get('name', '?')} exited 0 having run no test in "
                       f"{float(suite.get('duration_seconds', 0.0)):.1f} s\n")
            continue
        if not failed:
            counts = (f"exit 0; {_NOT_READ}" if suite.get("counted_from")
                      else f"{_passed(suite)}{_skipped(suite)}{_file_checks(suite)}")
            out.append(f"- test run: {suite.get('name', '?')} passed ({counts}) in "
                       f"{float(suite.get('duration_seconds', 0.0)):.1f} s{_narrowed(suite)}\n")
            continue
        state = "timed out" if suite.get("timeout") else f"exited {suite.get('exit_code')}"
        running = [test for test in suite.get("still_running", []) or []
                   if isinstance(test, Mapping)]
        logs = [str(suite[k]) for k in ("stdout_log", "stderr_log") if suite.get(k)]
        shown = f"; its output: {', '.join(f'{where}/{log}' for log in logs)}" if logs else ""
        if suite.get("stopped"):
            out.append(f"- test run: {suite.get('name', '?')} {state} before running any "
                       f"test: {suite['stopped']}{shown}\n")
            continue
        listed = _as_reviewed([test for test in suite.get("failed_tests", [])
                               if isinstance(test, Mapping)], failed_ids)
        # pytest's errors collecting a file are no failed tests: its summary says `1 error`
        uncollected = sum(bool(test.get("uncollected")) for test in listed)
        # a Go package go could not build is no test file (`runner_output.go_unbuilt`)
        unbuilt = sum(bool(test.get("uncollected")) and _a_go_package(test) for test in listed)
        unloaded = (f", {uncollected - unbuilt} test file(s) not collected"
                    if uncollected - unbuilt else "") + (
            f", {unbuilt} package(s) not built" if unbuilt else "")
        errors = suite.get("error_count", 0)
        counts = (_NOT_READ if suite.get("counted_from") else
                  f"{_passed(suite)}, "
                  f"{suite.get('fail_count', 0) - uncollected - errors} failed"
                  f"{_of_them(suite.get('subtest_fail_count', 0))}"
                  f"{f', {errors} error' + ('s' if errors > 1 else '') if errors else ''}"
                  f"{unloaded}"
                  f"{_skipped(suite)}"
                  f"{f', {len(running)} still running' if running else ''}"
                  f"{_never_reached(suite, never_reached)}"
                  f"{_file_checks(suite)}")
        # every test passed, and a hook npm ran after them failed (`posttest`: a lint)
        after = f": {suite['failed_after']}" if suite.get("failed_after") else ""
        out.append(f"- test run: {suite.get('name', '?')} {state} ({counts}){after}{shown}"
                   f"{_narrowed(suite)}\n")
        out += _uncollected(test for test in listed if test.get("uncollected"))
        out += [f"  - error: {_failed_test(test)}\n" if test.get("error") else
                f"  - failed: {_failed_test(test)}\n"
                for test in listed if not test.get("uncollected")]
        out += [f"  - still running: {code_span(_test_name(test))}\n" for test in running]
    return "".join(out)


def _never_reached(suite: Mapping[str, Any], never_reached: Mapping[str, int] | None) -> str:
    missed = (never_reached or {}).get(str(suite.get("name")), 0)
    return f", {missed} never ran" if missed else ""


def _uncollected(tests: Iterable[Mapping[str, Any]]) -> list[str]:
    """The run's test files it could not collect, those failing for one reason on one line
    (duration-fns with no jest transform: its four files, each said the same SyntaxError)."""
    files: dict[tuple[str, bool], list[str]] = {}
    for test in tests:
        files.setdefault((str(test.get("message") or ""), _a_go_package(test)), []).append(
            f"`{test.get('file')}`")
    return [f"  - {'not built' if package else 'not collected'}: {', '.join(names)}"
            f"{': ' + why if why else ''}\n" for (why, package), names in files.items()]


def _a_go_package(test: Mapping[str, Any]) -> bool:
    """Whether a run's test file it could not collect is a Go package go could not build
    (`runner_output.go_unbuilt`: named by its directory, `.`, or its import path): no file of
    a test runner's is named without a suffix."""
    return not PurePosixPath(str(test.get("file") or "")).suffix


def _passed(suite: Mapping[str, Any]) -> str:
    """A run's passed count (`23 passed (8 of them subtests)`): Go counts each subtest that
    passed as a test, so a story of 15 tests reads 23 without it; and each that failed, with
    its parent (`2 failed (1 of them a subtest)`: go-runewidth's one table row that failed
    read as two tests failed)."""
    return f"{suite.get('pass_count', 0) - suite.get('xpass_count', 0)} passed" + \
        _of_them(suite.get("subtest_pass_count", 0))


def _of_them(subtests: int) -> str:
    """` (8 of them subtests)`, ` (1 of them a subtest)`; "" for none."""
    if not subtests:
        return ""
    return f" ({subtests} of them {'subtests' if subtests > 1 else 'a subtest'})"


def _skipped(suite: Mapping[str, Any]) -> str:
    """A run's skipped tests for its counts (`, 2 skipped, 1 xfailed, 1 xpassed`): its
    expected failures apart from its skips, and those that passed apart from its passes
    (`_passed`), as pytest's summary counts them, and its todo tests as vitest's and jest's
    (`1 todo`); "" for none."""
    xfailed, xpassed = suite.get("xfail_count", 0), suite.get("xpass_count", 0)
    todo = suite.get("todo_count", 0)
    skipped = suite.get("skip_count", 0) - xfailed - todo
    return (f"{f', {skipped} skipped' if skipped else ''}"
            f"{f', {todo} todo' if todo else ''}"
            f"{f', {xfailed} xfailed' if xfailed else ''}"
            f"{f', {xpassed} xpassed' if xpassed else ''}"
            f"{_skipped_subtests(suite)}")


def _skipped_subtests(suite: Mapping[str, Any]) -> str:
    """`, 1 subtest skipped (`tests/test_x.py::T::test_y [tuple]`: why)`: the subtests skipped
    of tests that passed (a unittest `subTest` calling `skipTest`), which pytest counts among
    its skips; "" for none."""
    named = [s for s in suite.get("skipped_subtests", []) or [] if isinstance(s, Mapping)]
    if not named:
        return ""
    shown = "; ".join(f"{code_span(str(s.get('subtest')))}"
                      f"{': ' + str(s['reason']) if s.get('reason') else ''}" for s in named)
    return f", {len(named)} subtest{'s' if len(named) > 1 else ''} skipped ({shown})"


def _file_checks(suite: Mapping[str, Any]) -> str:
    """`; 2 of them no tests but pytest plugins' checks of the test file: ISORT skipped,
    PYCODESTYLE skipped`: what pytest counts among its tests that only checks a file's style
    (dictdiffer's `addopts = --isort --pycodestyle`: `62 passed, 2 skipped` for 62 tests
    that all passed); "" for none."""
    checks = [c for c in suite.get("file_checks", []) or [] if isinstance(c, Mapping)]
    if not checks:
        return ""
    named = ", ".join(f"{c.get('name')} {c.get('outcome')}" for c in checks)
    return (f"; {len(checks)} of them {'no tests' if len(checks) > 1 else 'no test'} but "
            f"pytest plugins' checks of the test file: {named}")


STORY_FILES_SHOWN = 3  # story test files a run line names; more are counted


def _narrowed(suite: Mapping[str, Any]) -> str:
    """What a run narrowed to the story's tests was given, for its header line: its counts are
    those files' tests, not the tier's whole suite (what it built of them is its runner's: a
    Go file a build tag leaves out runs none, its tests said never run). Empty for a tier that
    ran whole; a pytest run given the story's sources for their doctests names them too."""
    files = [str(f) for f in suite.get("story_files", []) or []]
    if not files:
        return ""
    doctests = [str(f) for f in suite.get("story_doctest_files", []) or []]
    also = "" if not doctests else (
        f" and the doctests of its {len(doctests)} sources" if len(doctests) > STORY_FILES_SHOWN
        else f" and the doctests of {', '.join(f'`{f}`' for f in doctests)}")
    if len(files) > STORY_FILES_SHOWN:
        return f"; narrowed to the story's {len(files)} test files{also}"
    return f"; narrowed to the story's test file{'s' if len(files) > 1 else ''} " \
           f"{', '.join(f'`{f}`' for f in files)}{also}"


def _test_name(test: Mapping[str, Any]) -> str:
    """`file::name`, as the report names every test (`describe > it` within its file)."""
    return "::".join(str(test[k]) for k in ("file", "name") if test.get(k))


def _unreported_run(suite: Mapping[str, Any], where: str) -> str:
    """The header line of a run that wrote no per-test report where its runner should have:
    that it did not, and why; its counts from the review's progress log (pytest), from its
    output, or none: then no test of it is known to have run."""
    counts = (f"{suite.get('pass_count', 0)} passed, {suite.get('fail_count', 0)} failed"
              f"{_skipped(suite)}")
    if suite.get("outcomes_from"):
        counts += " by the review's progress log of the run"
    elif suite.get("pass_count") or suite.get("fail_count"):
        counts += " by its output; no test of it is known to have run"
    else:
        counts = "no test of it is known to have run"
    logs = [str(suite[k]) for k in ("stdout_log", "stderr_log") if suite.get(k)]
    shown = f"; its output: {', '.join(f'{where}/{log}' for log in logs)}" if logs else ""
    return (f"- test run: {suite.get('name', '?')} exited {suite.get('exit_code')} without a "
            f"per-test report ({suite['no_report']}): {counts}{shown}{_narrowed(suite)}\n")


def _as_reviewed(listed: Sequence[Mapping[str, Any]], failed_ids: Collection[str]
                 ) -> list[Mapping[str, Any]]:
    """`listed` (the runner's failed tests, in its order), each named by the id the review
    gives it where its name is a title two tests share (`testcases`' twins, ` #2`): the
    failed ones of that title in `failed_ids`, in the order they are declared."""
    out: list[Mapping[str, Any]] = []
    used: dict[str, int] = {}
    for test in listed:
        name = _test_name(test)
        twins = sorted((i for i in failed_ids if i == name or (
            i.startswith(name + " #") and i[len(name) + 2:].isdigit())),
            key=lambda i: 1 if i == name else int(i[len(name) + 2:]))
        seen = used.get(name, 0)
        used[name] = seen + 1
        renamed = twins[seen] if seen < len(twins) and twins[seen] != name else None
        out.append({**test, "name": renamed.partition("::")[2] if test.get("file")
                    else renamed} if renamed else test)
    return out


def _failed_test(test: Mapping[str, Any]) -> str:
    """`file::name` (`_test_name`): its first line of failure, as the runner reported it, a
    Go test's file named from the project's root (`outcomes.go_said_in_project`)."""
    message = test.get("message")
    if message and str(test.get("file", "")).endswith("_test.go"):
        message = go_said_in_project(str(message), str(test["file"]))
    return code_span(_test_name(test)) + (f": {message}" if message else "")


REVIEWER_TEXT_HEADING = "### The reviewer's text, as written"


def with_gaia_sections(payload: str, analysis: Mapping[str, Any],
                       findings: Sequence[Mapping[str, Any]]) -> str:
    """A well-formed reviewer payload (`payload_problems` finds nothing) with gaia's sections
    in place of the reviewer's copies (module docstring); its last line, the verdict the
    reviewer proposed, is kept for `assemble` to compare."""
    lines = payload.strip().splitlines()
    start = next(i for i, line in enumerate(lines) if line.rstrip() == LLM_HEADING)
    said = [("#" + line) if line.startswith("#") else line for line in lines[start + 1:-1]]
    text = "\n".join(said).strip()
    out = render_deterministic(analysis) + "\n" + render_llm_section(findings)
    if text:
        out += f"\n{REVIEWER_TEXT_HEADING}\n\n{text}\n"
    return out + "\n" + lines[-1].rstrip() + "\n"
