"""The evidence checks of a QA review (seed 000, Phase 2, 3A and 4), one function each.

Each returns an analysis-results check or an evidence block; `review_qa` assembles them.
Status taxonomy (seed 000), the same for every check:
  passed  - it ran and found nothing;
  failed  - it ran and found something: each finding says `blocking` true or false, and the
            verdict blocks only on a blocking one;
  errored - it could not run to completion (crash, unreadable report, wall-clock cap);
  skipped - it does not apply here; `skip_reason` says why.
Severities come from `rules` (the rubric as code). Every finding carries a real line (1-based:
the AC, the File List entry, the test's declaration; a finding about one check of a test, the
check's own line, as a placeholder's); a finding about a whole file is line 1.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from gaia_lib.core import paths, writes
from gaia_lib.core.errors import GaiaError
from gaia_lib.core.lazyre import compile as lazy_re

# then_literals is imported where used: its patterns, compiled as it loads, would take longer
# than the rest of the review's imports before its run (the reads load it while the suite runs)
from gaia_lib.evidence import allowlist, attribution, coverage_run, gomod, outcomes, runner_patterns
from gaia_lib.evidence.testcases import TestCase, TestFile, shown, shown_apart
from gaia_lib.stacks import adapters as stacks
from gaia_lib.story import filelist, markdown
from gaia_lib.story.acceptance import AcceptanceCriterion, split_id

if TYPE_CHECKING:
    # only named in annotations: a review imports them while its suite runs (phases.Reads),
    # or after it (the coverage report's reader)
    from gaia_lib.evidence import (
        ac_coverage,
        coverage_report,
        sut_mocking,
        sut_names,
        then_literals,
    )
    from gaia_lib.evidence.placeholders import Placeholder, Unfinished
    from gaia_lib.review_qa import priority_floor
    from gaia_lib.review_qa.context import Setup

def _uncollected(s: Setup) -> str:
    """Why an empty coverage report measured nothing where jest's `collectCoverageFrom` (read
    from the project's config) names none of the File List's sources ("" otherwise)."""
    patterns = runner_patterns.read(s.project)
    listed = [rel for rel in (paths.listed_path(entry) for entry in s.story.file_list or ())
              if rel is not None and Path(rel).suffix in LANGUAGE_OF_SUFFIX]
    if not patterns.coverage_from or not listed or any(map(patterns.collects, listed)):
        return ""
    globs = ", ".join(f"`{g}`" for g in patterns.coverage_from)
    return f": jest's `collectCoverageFrom` ({globs}) names none of the File List's files"


LANGUAGE_OF_SUFFIX = {".py": "python", ".js": "js", ".jsx": "js", ".ts": "ts", ".tsx": "ts",
                      ".java": "java", ".kt": "kotlin", ".go": "go"}


def finding(file: str, line: int, severity: str, rule: str, message: str,
            blocking: bool, **about: str) -> dict[str, Any]:
    """A deterministic finding. `about` names what it is about beyond its file, so that two
    findings of one rule in one file stay two across QA rounds (`fingerprints`): `ac_id`, the
    `test` id, or a `subject` (a File List entry, an FR, a handler)."""
    return {"file": file, "line": max(1, line), "severity": severity, "rule": rule,
            "message": message, "blocking": blocking, **about}


def check(name: str, status: str, findings: list[dict[str, Any]] | None = None,
           **extra: Any) -> dict[str, Any]:
    check: dict[str, Any] = {"name": name, "status": status, "findings": findings or []}
    check.update({k: v for k, v in extra.items() if v is not None})
    return check


def ran(name: str, findings: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A check that ran to completion: `failed` when it found anything, else `passed`."""
    return check(name, "failed" if findings else "passed", findings, **extra)


def tests_shown(checks: list[dict[str, Any]], test_ids: Iterable[str]
                ) -> list[dict[str, Any]]:
    """`checks` with each finding's message naming the tests it names as the report's AC
    lists show them (`shown_apart`: a JS/TS title made at run time, `limits the args to
    ${limit}`, as `limits the args to ${…}`); the finding's `test` keeps the id. moize's
    test made in a `forEach` had read one way in its AC's row, another in its finding."""
    shown = {test: text for test, text in shown_apart(
        test for test in test_ids if "${" in test).items() if text != test}
    if not shown:
        return checks
    ordered = sorted(shown, key=len, reverse=True)  # a longer id holding a shorter one first

    def said(message: str) -> str:
        for test in ordered:
            message = message.replace(test, shown[test])
        return message

    return [{**c, "findings": [{**f, "message": said(f["message"])}
                               if isinstance(f.get("message"), str) else f
                               for f in c.get("findings") or []]} if c.get("findings") else c
            for c in checks]


def line_of(text: str, needle: str, default: int = 1) -> int:
    """1-based line of the first line containing `needle` (default when absent)."""
    for number, line in enumerate(text.splitlines(), start=1):
        if needle and needle in line:
            return number
    return default


def gate_evidence(s: Setup, base: str | None
                  ) -> tuple[list[str], list[dict[str, Any]], bool]:
    """Story gate: File List divergence (warnings, and a warning finding of the integrity
    check; a comparison git could not make is a warning only: nothing was found) and File List
    entries missing on disk: (warnings, the integrity check's findings so far, whether git
    compared the File List at all: a round that could not holds no divergence fixed)."""
    warnings: list[str] = []  # upstream's one-line JSON reports, verbatim
    result = filelist.check(s.story.file_list, s.project, base or s.config.pr_base or "main",
                            s.key, unbranched_note=True)
    if result.divergence is not None:
        warnings.append(result.divergence.to_json())
    if result.note:  # said, so a skipped comparison never reads as one that found nothing
        warnings.append(f"The File List was not compared with the branch's changes: "
                        f"{result.note}.")
    findings = []
    rel_story = paths.relative_to_project(s.story_path, s.project)
    if result.divergence is not None:  # found, so the check cannot read `passed` beside it
        findings.append(finding(rel_story, line_of(s.story.text, "File List"), "warning",
                                filelist.WARNING,
                                _read_from(filelist.warning_sentence(
                                    result.divergence.to_json()), result.against), False))
    for entry in s.story.file_list or ():
        problem = paths.listed_problem(entry, s.project, s.story.file_list or (),
                                       frozenset(result.changed),
                                       uncommitted=result.uncommitted)
        if problem is not None:
            findings.append(finding(rel_story, line_of(s.story.text,
                                                       paths.listed_path(entry) or entry),
                                     "warning", "integrity", problem, False, subject=entry))
    return warnings, findings, result.compared


def _read_from(sentence: str, against: str | None) -> str:
    """A divergence's sentence naming where the branch's changes were read, when not from its
    fork point (`filelist.CheckResult.against`)."""
    if against is None:
        return sentence
    return f"{sentence.removesuffix('.')} (the branch's changes read from {against})."


def integrity_check(s: Setup, gate_findings: Sequence[dict[str, Any]],
                    lowered: Mapping[str, priority_floor.Lowered]) -> dict[str, Any]:
    """The integrity check: the story gate's findings (`gate_evidence`) and a warning for each
    AC whose priority the branch lowered (`lowered`: `priority_floor`; the review keeps the
    earlier one), in the story's order of ACs (AC2 before AC10)."""
    rel_story = paths.relative_to_project(s.story_path, s.project)
    lines = {ac.ac_id: ac.line for ac in s.story.acceptance_criteria}
    return ran("integrity", [*gate_findings, *(
        finding(rel_story, lines.get(ac_id, 1), "warning", "priority-lowered",
                f"{ac_id}'s priority was lowered {low.where} ({low.kept} -> {low.now}): the "
                f"review keeps {low.kept}, the priority the story was planned with", False,
                ac_id=ac_id)
        for ac_id, low in sorted(lowered.items(), key=lambda item: lines.get(item[0], 0)))])


NO_CRITERIA = "No acceptance criteria found in story"


def why_no_criteria(text: str) -> tuple[int, str]:
    """Where and why a story yields no AC (pure): AC items under another `##` heading than
    `## Acceptance Criteria` (a renamed heading, `## Acceptance criteria list`), named with
    the first one's line and that heading; else an `## Acceptance Criteria` section that lists
    none, at its heading; else that there is no such section. Read as the story parser reads
    its sections and items (`story.markdown`: fenced code is content)."""
    lines = markdown.split_lines(text)
    level_two = [h for h in markdown.headings(lines) if h.level == 2]

    def criteria(heading: markdown.Heading | None) -> bool:
        return heading is not None and markdown.normalize_title(heading.title) == \
            "acceptance criteria"

    for item in markdown.list_items(lines):
        ac_id, _ = split_id(item.text)
        heading = next((h for h in reversed(level_two) if h.line < item.line), None)
        if ac_id is not None and not criteria(heading):
            under = f"under `## {heading.title}`" if heading else "under no `##` heading"
            return item.line, (f"{NO_CRITERIA}: {ac_id} sits {under}, not under "
                               "`## Acceptance Criteria`")
    section = next((h for h in level_two if criteria(h)), None)
    if section is not None:
        return section.line, f"{NO_CRITERIA}: its `## Acceptance Criteria` section lists none"
    return 1, f"{NO_CRITERIA}: it has no `## Acceptance Criteria` section"


def unstructured_said(ac: AcceptanceCriterion) -> str:
    """Why an AC is not read as Given/When/Then: the clauses its words lack, where it has some
    (an AC with a Given and a When but no "then" was said to have no structure at all)."""
    missing = [word for word in ("When", "Then")  # a Given may be left out
               if not re.search(rf"\b{word}\b", ac.statement, re.IGNORECASE)]
    if len(missing) != 1:
        return f"{ac.ac_id} has no Given/When/Then structure: unparseable AC"
    said = "what it promises" if missing == ["Then"] else "what is done"
    return (f"{ac.ac_id} has no {missing[0]} clause: unparseable AC (write {said} after "
            f"\"{missing[0].lower()}\")")


def ac_parse_check(s: Setup) -> dict[str, Any]:
    rel_story = paths.relative_to_project(s.story_path, s.project)
    criteria = s.story.acceptance_criteria
    if not criteria:
        line, why = why_no_criteria(s.story.text)
        return check("ac-parse", "failed", [finding(
            rel_story, line, "critical", "no-acceptance-criteria", why, True)])
    findings = [
        finding(rel_story, ac.line, "critical", "unfilled-acceptance-criterion",
                f"{ac.ac_id} is still the story template's placeholder ({ac.text[:60]}): "
                "write what it accepts", True, ac_id=ac.ac_id)
        for ac in criteria if ac.unfilled
    ] + [
        finding(rel_story, ac.line, "warning", "ac-quality", unstructured_said(ac), False,
                ac_id=ac.ac_id)
        for ac in criteria if not ac.structured
    ]
    return ran("ac-parse", findings)


def unowned_tests(key: str, cases: Sequence[TestCase], file_list: Sequence[str],
                  unattributed: Sequence[ac_coverage.UnattributedTest],
                  missing: Sequence[str] = (), *, sectionless: bool = False,
                  folders: Sequence[str] = (), inherited: Sequence[str] = ()) -> str | None:
    """Why no test found is the story's, and how to make its tests so, when tests were found
    and every one is outside it (`ac_coverage`'s attribution: its File List names none of
    their files and none names the story key); None otherwise. Without it every AC reads
    "has no test" beside a passing run of them all. `missing`: the File List's entries that
    name no file on disk; one named as a test file is what it lists in vain. `sectionless`:
    the story has no File List section at all, which is said so (not that its File List
    names no test file); `folders`: its entries that are directories (`tests/`), which name
    no test file: the File List lists files, and the message says so, as it does of a
    pattern (`src/helpers/*.spec.ts`), which names no file either. `inherited`: the ids
    the test files found run the tests of a module beside them under, found too."""
    outside = {u.test for u in unattributed}
    if not cases or any(case.test_id not in outside for case in cases):
        return None
    files = sorted({case.file for case in cases})
    listed = [f for f in files if f in set(file_list)]
    others = sorted({k for u in unattributed for k in u.story_keys})
    naming = sum(1 for u in unattributed if u.story_keys)
    gone = [entry for entry in missing if stacks.names_test_file(entry)]
    patterns = [entry for entry in missing if paths.is_pattern(entry)]
    why = (f"the tests of the File List's {', '.join(listed)} name other stories"
           if listed else f"the File List names a pattern ({patterns[0]}), not the test files "
           "it matches" if len(patterns) == 1 else f"the File List names patterns "
           f"({', '.join(patterns)}), not the test files they match" if patterns
           else f"the File List's test file {', '.join(gone)} does not exist"
           if len(gone) == 1 else f"the File List's test files {', '.join(gone)} do not exist"
           if gone else "the story has no File List section" if sectionless
           else f"the File List names directories ({', '.join(folders)}), not the test files "
                "in them" if folders else "the File List names no test file")
    also = f"; {naming} name other stories ({', '.join(others)})" if naming and not listed \
        else ""
    return (f"No test is the story's: {why} and no test names {key}, so none of the "
            f"{len(cases) + len(inherited)} tests found (in "
            f"{len(set(files) | {t.partition('::')[0] for t in inherited})} file(s){also}) "
            "counts for an AC. List "
            f"the story's test files in the File List, or name its tests after {key}.")


NEAREST_SAID = 2  # nearest tests an uncovered AC's finding names, with why they do not count


def coverage_check(s: Setup, per_ac: Sequence[Mapping[str, Any]],
                   unowned: str | None = None,
                   refusal_only: AbstractSet[str] = frozenset(),
                   unrunnable: bool = False) -> dict[str, Any]:
    """Uncovered ACs, severity by `rules.ac_gap` (a high-priority primary AC blocks, an edge
    case never does). Placeholder tests and tests the runner skipped do not cover (they are in
    `excluded`). Zero tests is no exception: every AC is then a gap, and a story with a
    high-priority primary AC is blocked. An AC without Given/When/Then is reported as
    unparseable (ac-parse), not as uncovered (EC-14), unless the gap would block: a
    high-priority AC no test covers blocks however it is written (its wording is no way
    around the gate). Where tests were found but none is the story's (`unowned`, from
    `unowned_tests`), each gap says so and a warning at the File List says why and what to
    do; else a gap names its nearest tests (at most NEAREST_SAID) and why each does not
    count, so "no test" is never all it says where a test came near. An AC whose Then
    promises a result and a refusal, each test counting for it expecting the error
    (`refusal_only`: AC ids, `evidence.halves`), is tested in part: its main promise is a gap
    of the same severity (partial-ac-coverage). A gap whose tests in an earlier round or on
    the base are all gone (`gone`, the review's `lost_evidence` emptied rule) names them, and
    so those that are placeholders now (`gone_placeholders`, named there with their lines,
    not again among the tests that do not count or the nearest). One test that does not
    count is said as one ("its only test does not count: ..."): svelte-jsoneditor's AC7, its
    tests deleted, had said "its only tests do not count" of the one test left matching it.
    Where the test run could not start (`unrunnable`: its runner or a package it needs is
    missing, which blocks the review), an AC with a test that does not count only because that
    run never reached it has tests: it is unverified until they run, a warning
    (unrun-ac-coverage), not a gap (a BLOCKED review of the demo without pytest had counted
    its three tested P0 ACs among four critical "has no test"), a placeholder beside it said
    too (moize's AC8, three tests never run beside an `it.skip`, had read "AC8 has no test",
    critical, where its other ACs read unverified); so is a test whose file did not load in
    such a run (moize's every file, its setup file requiring core-js, which was not
    installed: "AC1 has no test", critical), and every test of a review its tool probe
    blocked before any run (`RUN_UNSTARTED`: its report had counted them as coverage)."""
    from gaia_lib.review_qa import rules  # not before the run: `phases` imports it as it goes
    rel_story = paths.relative_to_project(s.story_path, s.project)
    lines = {ac.ac_id: ac.line for ac in s.story.acceptance_criteria}
    findings = []
    if unowned:
        findings.append(finding(rel_story, line_of(s.story.text, "File List"), "warning",
                                "no-story-tests", unowned, False))
    names = shown_apart([*(t for e in per_ac for t in e["tests"]),
                         *(t for e in per_ac for t in e.get("excluded") or {}),
                         *(m["test"] for e in per_ac for m in e.get("candidates") or ())])
    for entry in per_ac:
        if entry["matched"] and entry["ac_id"] in refusal_only:
            severity, blocking = rules.ac_gap(entry["priority"], entry["edge_case"])
            tests = ", ".join(names[t] for t in entry["tests"])
            findings.append(finding(
                rel_story, lines[entry["ac_id"]], severity, "partial-ac-coverage",
                f"{entry['ac_id']} is tested only where it refuses: its Then promises a result "
                f"and an error, and each of its tests ({tests}) expects the error; none checks "
                f"the result (priority {entry['priority'] or 'unset'})", blocking,
                ac_id=entry["ac_id"]))
        if entry["matched"]:
            continue
        severity, blocking = rules.ac_gap(entry["priority"], entry["edge_case"])
        if not entry["structured"] and not blocking:
            continue
        kind = "edge-case " if entry["edge_case"] else ""
        # its tests then that are placeholders now: `gone` names them, with their lines
        said = set(entry.get("gone_placeholders") or ()) if not unowned else set()
        excluded = {t: why for t, why in (entry.get("excluded") or {}).items()
                    if t not in said}
        nearest = [m for m in entry.get("candidates") or ()
                   if m.get("why") and m["test"] not in excluded
                   and m["test"] not in said][:NEAREST_SAID]
        if (unrunnable and excluded and not nearest and not unowned
                and any(cause in reason for reason in excluded.values()
                        for cause in NEVER_REACHED)):
            findings.append(finding(
                rel_story, lines[entry["ac_id"]], rules.WARNING, "unrun-ac-coverage",
                f"{kind}{entry['ac_id']} is unverified: its tests could not run "
                f"({_by_reason(excluded, names)}) (priority {entry['priority'] or 'unset'})",
                False, ac_id=entry["ac_id"]))
            continue
        said_nearest = "nearest, not counted: " + "; ".join(
            f"{names[m['test']]}: {m['why']}" for m in nearest)
        # a todo matched beside a nearer counted test: both said, as the AC's list says them
        # one test said as one: "its only test does not count: X was there ..."
        noun, verb = ("test", "does") if len(excluded) == 1 else ("tests", "do")
        why = (f" (the {noun} matching it {verb} not count: " + _by_reason(excluded, names)
               + "; " + said_nearest + ")" if nearest and not unowned else
               f" (its only {noun} {verb} not count: " + _by_reason(excluded, names) + ")"
               ) if excluded else (
            " (no test found is the story's: see no-story-tests)" if unowned else
            " (" + said_nearest + ")" if nearest else "")
        if entry.get("gone") and not unowned:  # its tests then, deleted or renamed (the
            # emptied rule of `lost_evidence`); where no test is the story's, that is why
            why = f"{why} ({entry['gone']})"
        findings.append(finding(rel_story, lines[entry["ac_id"]], severity,
                                 "missing-ac-coverage",
                                 f"{kind}{entry['ac_id']} has no test{why} (priority "
                                 f"{entry['priority'] or 'unset'})", blocking,
                                 ac_id=entry["ac_id"]))
    return ran("ac-coverage", findings)


def _by_reason(excluded: Mapping[str, str], names: Mapping[str, str]) -> str:
    """Tests that do not count, each reason said once: `A is a placeholder, ...; B, C: each
    never run: tier_1 stopped before running any test (...)` (a build that
    failed gave goutils' every gap its error once per test). A reason's tests are named up to
    NAMED_AT_MOST, the rest counted (`A, B, C and 52 more: each never run`): minisearch's test
    file that failed to load had its AC1 gap name all 55 of its tests."""
    reasons: dict[str, list[str]] = {}
    for test, reason in sorted(excluded.items()):
        reasons.setdefault(reason, []).append(names[test])
    return "; ".join(
        f"{tests[0]} {reason}" if len(tests) == 1 else
        f"{', '.join(tests[:NAMED_AT_MOST])}"
        f"{f' and {len(tests) - NAMED_AT_MOST} more' if len(tests) > NAMED_AT_MOST else ''}"
        f": each {reason}" for reason, tests in reasons.items())


def round_coverage_check(s: Setup, compared: Sequence[str],
                         thinned: Mapping[str, str]) -> dict[str, Any]:
    """What the previous QA round's coverage, or the base branch's tests, had that this review
    lacks (`lost_evidence`; `compared`: what it was compared with, "in round 2", "on main"):
    an AC whose tests then are gone and that rests on older tests matching it by words alone is
    a warning at the AC (an AC whose checking tests are all gone is a gap: the coverage
    check's). Skipped when there was nothing to compare with."""
    if not compared:
        return check("round-coverage", "skipped",
                     skip_reason="no earlier QA round of other files saved its coverage, and "
                                 "the base branch has none of the story's tests")
    rel_story = paths.relative_to_project(s.story_path, s.project)
    lines = {ac.ac_id: ac.line for ac in s.story.acceptance_criteria}
    return ran("round-coverage", [
        finding(rel_story, lines.get(ac_id, 1), "warning", "thinned-ac-coverage", message,
                False, ac_id=ac_id)
        for ac_id, message in sorted(thinned.items(), key=lambda item: lines.get(item[0], 0))
        if ac_id in lines], compared_with=list(compared))


# Why a test does not count for one AC (None: it counts); a check's judge gives one per AC it
# judges, else None.
WhyNot = Callable[[str], str | None]


QUOTED_CODE = 60  # characters of a test's code a finding quotes


def _code(code: str) -> str:
    """A test's code as a finding quotes it: on one line, and past QUOTED_CODE characters
    cut before the name it would break (`toMatchObject(sp` is no code) with an ellipsis."""
    code = " ".join(code.split())
    if len(code) <= QUOTED_CODE:
        return code
    cut = code[:QUOTED_CODE]
    name = re.search(r"[\w$]+$", cut) if re.match(r"[\w$]", code[QUOTED_CODE]) else None
    if name and name.start() > QUOTED_CODE // 2:
        cut = cut[:name.start()]
    return cut.rstrip() + " ..."


def _judged(criteria: Sequence[AcceptanceCriterion], result: ac_coverage.CoverageResult,
            judge: Callable[[AcceptanceCriterion], WhyNot | None],
            suffixes: tuple[str, ...] = ()) -> dict[str, dict[str, str]]:
    """Per AC `judge` applies to (`judge(ac)`, once per AC), its matched tests (of files
    ending in one of `suffixes`, when given) with why each does not count for it."""
    by_id = {ac.ac_id: ac for ac in criteria}
    out: dict[str, dict[str, str]] = {}
    for entry in result.per_ac:
        ac = by_id.get(entry.ac_id)
        why = judge(ac) if ac is not None else None
        if why is None:
            continue
        for test in entry.tests:
            if suffixes and not test.partition("::")[0].endswith(suffixes):
                continue
            reason = why(test)
            if reason:
                out.setdefault(entry.ac_id, {})[test] = reason
    return out


def presence_only_tests(criteria: Sequence[AcceptanceCriterion],
                        result: ac_coverage.CoverageResult,
                        bodies: Mapping[str, str],
                        noop: Mapping[str, frozenset[str]] | None = None,
                        checking: Mapping[str, frozenset[str]] | None = None
                        ) -> dict[str, dict[str, str]]:
    """Per AC whose Then clause promises values: its tests whose every check only asks for a
    result to exist (`then_literals.presence_only`) and whose checks hold none of them
    (`then_literals.checked_literals`: a loop's rows whose results they only ask to be there
    are checked by nothing),
    or hold them only in a table column no check reads (`then_literals.ignored_parameter`:
    scule's `(input, expected) => expect(titleCase(input)).toBeDefined()`, a loop's `for raw,
    normalized in test_pairs:` reading no `normalized`), with why. Such a test passes
    whatever the code returns: it verifies nothing the AC promises. A check that a result
    is not one value (`assert f(x) != "ftp"`) verifies an AC whose Then promises a difference
    (`then_literals.promises_a_difference`: "compares unequal to a string"); one that the code
    accepts what it is given (`expect(() => f("9")).not.toThrow()`, a Go error guard), the
    values given it only where the Then promises no result (`then_literals.promises_a_result`:
    not "then the number 9 is returned").
    A test whose every check only asks the code to accept what it is given checks the case
    a Then promising a failure spares (`then_literals.spares_a_case`: "reading fails ...,
    unless the reader is told to ignore unknown keys"; gorilla/schema's
    `TestInvalidPathIgnoreUnknownKeys` had read "only checks that ... returns no error").
    Per AC whose Then promises what the code returns or gives but names no value ("its value
    is returned"): its tests whose every check only asks the code to accept what it is given
    (`then_literals.accepts_only`: a Go test whose checks of the result log, `if v != 1 {
    t.Logf(...) }`, or were taken out, its `if err != nil { t.Fatal(err) }` left; one whose
    check helpers only log, `noop`: per Go package, `placeholders.go_noop_helpers`). Such a
    test reads nothing the code returns: it fails only where the code fails to run.
    A Python test's call of a helper its file defines that checks (`checking`: per test file,
    `placeholders.python_checking_helpers`) is a check, whatever the helper is named."""
    from gaia_lib.evidence import then_literals

    def accepts_only(test: str) -> str | None:
        return then_literals.accepts_only(bodies.get(test, ""), frozenset(
            (noop or {}).get(str(PurePosixPath(test.partition("::")[0]).parent), ())))

    def accepting(ac: AcceptanceCriterion) -> WhyNot | None:
        def why(test: str) -> str | None:
            check = accepts_only(test)
            return (f"only checks that the code accepts what it is given ({_code(check)}): "
                    f"it reads nothing of what {ac.ac_id}'s Then promises the code gives"
                    ) if check else None
        return why

    def judge(ac: AcceptanceCriterion) -> WhyNot | None:
        literals = then_literals.then_literals(ac.then, ac.setting) if ac.then else ()
        if not literals and ac.then and then_literals.promises_a_result(ac.then):
            return accepting(ac)
        if not literals or not ac.then:
            return None
        values = ", ".join(lit.shown for lit in literals)
        # a Then promising a difference is verified by a check that a result is not one value
        other = not then_literals.promises_a_difference(ac.then)
        # a check that the code accepts its input (`.not.toThrow()`) checks the values given
        # it only where the Then promises no result of it
        accepted = not then_literals.promises_a_result(ac.then)

        def why(test: str) -> str | None:
            body = bodies.get(test, "")
            check = then_literals.presence_only(body, other)
            if check and then_literals.spares_a_case(ac.then or "") and accepts_only(test):
                return None  # it checks the case the Then spares its failure: accepted input
            if not check:
                # a Python test with no check at all fails only where the code raises: no
                # value the Then promises the code gives is read
                file = test.partition("::")[0]
                call = (then_literals.python_calls_only(
                            body, (checking or {}).get(file, frozenset()))
                        if not then_literals.promises_acceptance(ac.then or "")
                        and file.endswith(".py") else None)
                return (f"calls the code and checks nothing of what it returns "
                        f"({_code(call)}), not {values} from {ac.ac_id}'s Then clause"
                        ) if call else None
            unread = then_literals.ignored_parameter(body)
            if not unread and then_literals.checked_literals(body, literals, accepted, other):
                return None
            column = f" (its table's `{unread}` is read by no check)" if unread else ""
            return (f"only checks that {then_literals.presence_said(check, body)} "
                    f"({_code(check)}), "
                    f"not {values} from {ac.ac_id}'s Then clause{column}")
        return why

    return _judged(criteria, result, judge)


def unchecked_tests(criteria: Sequence[AcceptanceCriterion],
                    result: ac_coverage.CoverageResult, bodies: Mapping[str, str],
                    names: AbstractSet[str]) -> dict[str, dict[str, str]]:
    """Per AC whose Then clause promises values or a throw (`ac_coverage.then_raises`): its
    JS/TS tests that only call the code under test (`names`) and check nothing
    (`then_literals.js_calls_only`: `parse('foo');` where the expect was, `try { format(NaN)
    } catch {}` where the `toThrow` was), with why. Such a test passes whatever the code
    returns; one that does not swallow a throw fails where the code throws as promised."""
    from gaia_lib.evidence import ac_coverage, then_literals
    from gaia_lib.evidence.sut_mocking import JS_SUFFIXES  # loaded by the review's reads

    def why(test: str) -> str | None:
        call = then_literals.js_calls_only(bodies.get(test, ""), names)
        return (f"calls the code and checks nothing of what it returns or throws "
                f"({_code(call)})") if call else None

    return _judged(criteria, result, lambda ac: why if ac.then and (
        then_literals.then_literals(ac.then, ac.setting)
        or ac_coverage.then_raises(ac, frozenset())) else None, JS_SUFFIXES)


def self_compared_tests(criteria: Sequence[AcceptanceCriterion],
                        result: ac_coverage.CoverageResult, bodies: Mapping[str, str],
                        names: sut_names.Names) -> dict[str, dict[str, str]]:
    """Per AC whose Then clause promises values: its tests with a data row whose expected
    value is the code under test's own result for that row's input
    (`self_compared.self_compared_row`: `{ input: "9e2", output: destr("9e2") }` checked by
    `expect(destr(testCase.input))`), with why. Such a row passes whatever the code gives, and
    stands where a value the AC promises could be checked."""
    from gaia_lib.evidence import self_compared, sut_names, then_literals  # the reads load them

    def why(test: str) -> str | None:
        found = self_compared.self_compared_row(
            bodies.get(test, ""), names.of(sut_names.family(test.partition("::")[0])))
        return (f"its table's expected value is the code's own result ({_code(found)}): it "
                f"compares the code with itself") if found else None

    return _judged(criteria, result, lambda ac: why if ac.then and then_literals.then_literals(
        ac.then, ac.setting) else None)


def unchecked_column_tests(criteria: Sequence[AcceptanceCriterion],
                           result: ac_coverage.CoverageResult,
                           bodies: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """Per AC whose Then writes a value its pytest table holds for the AC's own rows: its
    Python tests that compare that column with no result of the code
    (`expected_column.unchecked_column`: a round trip `parse(format(r)) == r`, `d1 + d2 == d2
    + d1`, `expectation = result` before the assert), or whose row for it expects the
    Then's call with other values (`expected_column.contradicting_cell`), with why; so too
    its JS/TS `.each` tests whose function compares the parameter receiving that value with
    no result of the code where the AC's row runs (`expected_column.js_unchecked_column`:
    `.not.toBe(expected)`, `toHaveLength(expected.length)`, a check under `if (input !==
    "fooBar")`). Such a test passes whatever the code gives for the AC's example, or checks
    another value."""
    from gaia_lib.evidence import expected_column
    from gaia_lib.evidence.sut_mocking import JS_SUFFIXES  # loaded by the review's reads

    def judge(ac: AcceptanceCriterion) -> WhyNot | None:
        then, setting = ac.then, ac.setting
        if not then or not setting:
            return None

        def why(test: str) -> str | None:
            body = bodies.get(test, "")
            if test.partition("::")[0].endswith(JS_SUFFIXES):
                found = expected_column.js_unchecked_column(body, then, setting)
                return None if not found else (
                    f"its table's `{found[0]}` ({_code(found[1])} for {ac.ac_id}'s example) is "
                    f"{found[2]}: it checks no value {ac.ac_id} promises")
            other = expected_column.contradicting_cell(body, then, setting)
            if other:
                return (f"its table expects {_code(other[0])} for {ac.ac_id}'s example, not the "
                        f"{_code(other[1])} its Then promises")
            found = expected_column.unchecked_column(body, then, setting)
            if not found:
                return None
            column, cell, how = found
            return (f"its table's `{column}` ({_code(cell)} for {ac.ac_id}'s example) is {how}: "
                    f"it checks no value {ac.ac_id} promises")
        return why

    return _judged(criteria, result, judge, (".py", *JS_SUFFIXES))


def skipped_row_tests(criteria: Sequence[AcceptanceCriterion],
                      result: ac_coverage.CoverageResult, bodies: Mapping[str, str],
                      instances: Mapping[str, Sequence[tuple[str, str]]]
                      ) -> dict[str, dict[str, str]]:
    """Per AC whose Given writes a value its pytest table holds: its Python tests whose every
    row for that value the runner skipped (`param_rows.skipped_example`, from the run's
    `instances`: `pytest.param("-P2W", ..., marks=pytest.mark.skip)`), with why. The test's
    other rows ran, so the runner does not report it skipped; none of them is the AC's
    example."""
    from gaia_lib.evidence import param_rows

    def judge(ac: AcceptanceCriterion) -> WhyNot | None:
        setting = ac.setting
        if not setting:
            return None

        def why(test: str) -> str | None:
            found = param_rows.skipped_example(bodies.get(test, ""), setting,
                                               instances.get(test, ()))
            return (f"the runner skipped its rows for {ac.ac_id}'s example `{_code(found)}`: "
                    "they checked nothing") if found else None
        return why

    return _judged(criteria, result, judge)


def failed_tests(story_key: str, criteria: Sequence[AcceptanceCriterion],
                 result: ac_coverage.CoverageResult, cases: Sequence[TestCase],
                 failed: Mapping[str, str], instances: Mapping[str, Sequence[tuple[str, str]]],
                 file_list: Sequence[str] = ()
                 ) -> tuple[dict[str, dict[str, str]], frozenset[str]]:
    """The tests that failed in the run (`failed`: test -> why), per AC they do not count for,
    and those of them judged AC by AC: a test whose cases the run reported one by one
    (`instances`) fails an AC only by the cases that are the AC's, where it has some:
    - a pytest table test, by the rows holding the AC's example
      (`param_rows.example_instances`): iso8601's test_parse_valid_date failing on its
      `2006-10-20T15:34:56Z` row still checks the fractional-seconds AC by its own row,
      which passed;
    - a Go test, by its subtests (a `t.Run("...")`, a table row run by `t.Run(tc.name, ...)`)
      matched to the AC each read as a test of its own (`testcases.subtest_case`): golang-lru's
      table of a peek row and a contains row failing on the peek row still checks contains.
    It fails an AC none of its cases is matched to (it is the AC's test as a whole: its name,
    its checks), as any other failed test fails every AC it is matched to (those are not
    judged AC by AC: the second part leaves them out), and so does a test none of whose cases
    failed (a Go test's own check, after its subtests, failed)."""
    from gaia_lib.evidence import ac_coverage, param_rows, testcases
    from gaia_lib.evidence.runner_output import ERROR, FAILED

    # a Go test none of whose subtests failed failed by its own checks, outside them
    read = frozenset(test for test in failed if instances.get(test)
                     and test.partition("::")[0].endswith((".py", "_test.go"))
                     and any(outcome in (FAILED, ERROR) for _, outcome in instances[test]))
    if not read:
        return {}, read
    by_id = {case.test_id: case for case in cases}
    # each Go subtest read alone, matched as the tests are (`checkless_subtest_tests`)
    subtests: list[TestCase] = []
    of: dict[str, tuple[str, str]] = {}  # a subtest read alone -> its test, its outcome
    for test in sorted(read):
        case = by_id.get(test)
        if case is None or not case.file.endswith("_test.go"):
            continue
        for name, outcome in instances[test]:
            sub = testcases.subtest_case(case, name)
            if sub is not None:
                of[sub.test_id] = (test, outcome)
                subtests.append(sub)
    # a matching of its own, not `result` again: what a word weighs depends on every test read
    # (`ac_coverage.read`), and the subtests are among them
    alone = {entry.ac_id: entry.tests for entry in ac_coverage.analyze(
        story_key, criteria, [*cases, *subtests], file_list=file_list).per_ac} \
        if subtests else {}
    by_ac = {ac.ac_id: ac for ac in criteria}
    out: dict[str, dict[str, str]] = {}
    for entry in result.per_ac:
        ac = by_ac.get(entry.ac_id)
        for test in entry.tests:
            if test not in read:
                continue
            python = test.partition("::")[0].endswith(".py")
            if python:
                rows = param_rows.example_instances(
                    by_id[test].body if test in by_id else "", ac.setting, instances[test]
                ) if ac is not None and ac.setting else None
            else:
                rows = tuple((sub.partition("::")[2].partition("/")[2], of[sub][1])
                             for sub in alone.get(entry.ac_id, ())
                             if sub in of and of[sub][0] == test) or None
            if rows is None:
                out.setdefault(entry.ac_id, {})[test] = failed[test]
                continue
            bad = [name for name, outcome in rows if outcome in (FAILED, ERROR)]
            if bad:  # which of them failed: the test's failure may be another row's
                kind = ("row" if python else "subtest") + ("s" if len(bad) > 1 else "")
                out.setdefault(entry.ac_id, {})[test] = (
                    f"{failed[test]}; its {kind} for {entry.ac_id}: "
                    + ", ".join(f"`{name}`" for name in bad[:3])
                    + (f" and {len(bad) - 3} more" if len(bad) > 3 else ""))
    return out, read


def checkless_subtest_tests(story_key: str, criteria: Sequence[AcceptanceCriterion],
                            result: ac_coverage.CoverageResult, cases: Sequence[TestCase],
                            checkless: Mapping[str, Sequence[str]],
                            skipped: Mapping[str, Sequence[str]],
                            file_list: Sequence[str] = ()) -> dict[str, dict[str, str]]:
    """Per AC: its Go tests (`result`, read without the subtests that check nothing) one of
    whose subtests that check nothing (`checkless`: per test, their names as its source
    writes them; those in `skipped` the runner skipped, the others can report no failure) is
    matched to that AC read as a test of its own (`testcases.subtest_case`: `TestX/name`,
    its own lines), with why. The part of the test written for the AC checked nothing: its
    other subtests and its name say the test is about the AC, not that the AC is checked
    (`TestLRU_Resize`'s `downsize` skipped, its `upsize` passing: the resize down the AC
    promises is untested)."""
    from gaia_lib.evidence import ac_coverage, testcases

    by_test = {case.test_id: case for case in cases}
    subtests: dict[str, tuple[str, str]] = {}  # a subtest read alone -> its test, its name
    own: list[TestCase] = []
    for test, names in checkless.items():
        case = by_test.get(test)
        for name in names:
            sub = testcases.subtest_case(case, name) if case is not None else None
            if sub is not None:
                subtests[sub.test_id] = (test, name)
                own.append(sub)
    if not own:
        return {}
    alone = ac_coverage.analyze(story_key, criteria, [*cases, *own], file_list=file_list)
    counted = {entry.ac_id: frozenset(entry.tests) for entry in result.per_ac}
    out: dict[str, dict[str, str]] = {}
    for entry in alone.per_ac:
        for test, name in (subtests[t] for t in entry.tests if t in subtests):
            if test in counted.get(entry.ac_id, ()):
                how = ("the runner skipped it" if name in skipped.get(test, ())
                       else "its function can report no failure")
                out.setdefault(entry.ac_id, {})[test] = (
                    f"runs its check of {entry.ac_id} in its subtest `{name}`, which checks "
                    f"nothing ({how})")
    return out


def plainer_input_tests(criteria: Sequence[AcceptanceCriterion],
                        result: ac_coverage.CoverageResult,
                        bodies: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """Per AC whose example call's input is the point (`example_inputs.examples`:
    `parse('53 YeArS')` for a unit in any letter case): its tests that hand the code only a
    plainer form of it (`parse('53 years')`: `example_inputs.plainer_call`), with why. Code
    that reads lower case alone passes such a test: it shows none of what the example is
    for."""
    from gaia_lib.evidence import example_inputs

    def judge(ac: AcceptanceCriterion) -> WhyNot | None:
        found = example_inputs.examples(ac.text)
        if not found:
            return None

        def why(test: str) -> str | None:
            plainer = example_inputs.plainer_call(found, bodies.get(test, ""))
            if not plainer:
                return None
            call, example, about = plainer
            return (f"calls {_code(call)}, a plainer form of {ac.ac_id}'s example `{example}`: "
                    f"it shows none of its {about}")
        return why

    return _judged(criteria, result, judge)


def unshown_raise_tests(criteria: Sequence[AcceptanceCriterion],
                        result: ac_coverage.CoverageResult,
                        bodies: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """Per AC whose Then names an exception and whose When names the unit that acts
    (`raise_checks.when_units`): its Python tests whose every check of that exception runs
    the unit but may pass on something else raising it (`raise_checks.unshown_raise`: another
    exception beside it, `len(parse_duration(x))` for a TypeError), with why."""
    from gaia_lib.evidence import ac_coverage, raise_checks

    def judge(ac: AcceptanceCriterion) -> WhyNot | None:
        promised = ac_coverage.promised_exceptions(ac)
        units = raise_checks.when_units(ac.when or "")
        if not promised or not units:
            return None

        def why(test: str) -> str | None:
            check = raise_checks.unshown_raise(bodies.get(test, ""), promised, units)
            return (f"its check ({check[:70]}) may pass on something other than the code "
                    f"{ac.ac_id} names raising it") if check else None
        return why

    return _judged(criteria, result, judge, (".py",))


def unchanged_input_tests(criteria: Sequence[AcceptanceCriterion],
                          result: ac_coverage.CoverageResult,
                          bodies: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """Per AC that promises to change its example (a value its Given or When gives that none
    its Then promises is: `HTTP` -> `http`): its Python tests whose every check holds with
    the input handed back unchanged (`unchanged_input.passes_unchanged`: `assert
    f("http") == "http"`, `assert f("HTTP").lower() == "http"`, `assert f("HTTP") in
    ("http", "HTTP")`), with why. Code that changes nothing passes such a test: it shows none
    of the change the AC promises."""
    from gaia_lib.evidence import then_literals, unchanged_input

    def judge(ac: AcceptanceCriterion) -> WhyNot | None:
        if not ac.then or not ac.setting:
            return None
        promised = then_literals.then_literals(ac.then, ac.setting)
        values = {lit.value for lit in promised}
        given = [lit for lit in then_literals.then_literals(ac.setting)
                 if lit.value not in values]
        if not promised or not given:
            return None
        change = f"{given[0].shown} -> {', '.join(lit.shown for lit in promised)}"

        def why(test: str) -> str | None:
            check = unchanged_input.passes_unchanged(bodies.get(test, ""))
            if not check:
                return None
            check = " ".join(check.split())
            return (f"its checks hold with the input handed back unchanged ({_code(check)}): "
                    f"it shows none of the change {ac.ac_id} promises ({change})")
        return why

    return _judged(criteria, result, judge, (".py",))


def caught_only_tests(result: ac_coverage.CoverageResult,
                      bodies: Mapping[str, str]) -> dict[str, str]:
    """The matched tests whose every check sits in a `catch` / `except` of a try that passes
    when nothing is thrown (`placeholders.caught_only`), with why: such a test passes
    whether or not the code fails, so it shows neither the failure an AC promises nor any
    value one promises; it counts for no AC. The why names what its language would have
    checked the throw with: a Python test's `pytest.raises`, `assertRaises` or a `fail()` /
    `raise` when nothing is thrown, not jest's `expect.assertions(n)` and `toThrow`."""
    from gaia_lib.evidence import placeholders  # loaded by the review's reads already

    out: dict[str, str] = {}
    for test in dict.fromkeys(t for entry in result.per_ac for t in entry.tests):
        check = placeholders.caught_only(bodies.get(test, ""))
        if check:
            missing = ("pytest.raises, assertRaises, or a fail() or raise in its try, its else "
                       "or after it" if test.split("::")[0].endswith(".py")
                       else "expect.assertions(n), fail() or toThrow")
            out[test] = (f"checks only an error it catches ({_code(check)}): with nothing thrown "
                         f"it passes (no {missing})")
    return out


def effective_coverage(s: Setup, result: ac_coverage.CoverageResult,
                       excluded: Mapping[str, str],
                       excluded_for: Mapping[str, Mapping[str, str]] | None = None,
                       lowered: Mapping[str, priority_floor.Lowered] | None = None
                       ) -> list[dict[str, Any]]:
    """Per AC: the matcher's tests less the ones that do not count (`excluded`: test id ->
    why; `excluded_for`: per AC id, those that do not count for that AC), with the AC's
    priority (the one it was planned with where the branch lowered it: `lowered`); `matched`
    says whether any test still counts. Its `excluded` names, with their
    reason, the tests that do not count, and those its words match that the run shows ran
    none of the story's code (the matcher's `idle`: tests of other code). A test that counts
    for no AC is named with that reason, not one for this AC: `expect(true).toBe(true)` is a
    placeholder (it cannot fail), more than a check that a result exists. A nearest test
    (`candidates`) that counts for no AC says so, with why, not the matcher's word that it
    counts for another AC: a skipped test counts for none, nor does one left out of each AC
    the matcher gave it (goutils' `TestCapitalizeFully` made to check only for a non-empty
    result: it counts for no AC, not "for AC6")."""
    from gaia_lib.review_qa import rules  # not before the run: `phases` imports it as it goes
    by_id = {ac.ac_id: ac for ac in s.story.acceptance_criteria}
    # the tests left out of every AC the matcher gave them, each with the first reason why
    left_for = {e.ac_id: (excluded_for or {}).get(e.ac_id, {}) for e in result.per_ac}
    counts = {t for e in result.per_ac for t in e.tests if t not in left_for[e.ac_id]}
    nowhere: dict[str, str] = {}
    for e in result.per_ac:
        for t, why in left_for[e.ac_id].items():
            if t in e.tests and t not in counts:
                nowhere.setdefault(t, why)
    nowhere.update(excluded)
    rows = []
    for entry in result.per_ac:
        left_out = {**(excluded_for or {}).get(entry.ac_id, {}), **excluded}
        counted = [t for t in entry.tests if t not in left_out]
        ac = by_id[entry.ac_id]
        # how the strongest test that still counts matched (not one left out: a placeholder
        # named by the AC's id)
        top = max((m for m in getattr(entry, "matches", ()) or () if m.test in counted),
                  key=lambda m: (m.score, m.test), default=None)
        matched_by = (top.how[0] if top is not None and top.how else entry.matched_by) \
            if counted else None
        rows.append({
            "ac_id": entry.ac_id, "matched": bool(counted), "test_count": len(counted),
            "tests": counted, "matched_by": matched_by,
            "edge_case": entry.edge_case, "structured": entry.structured,
            "priority": kept.kept if (kept := (lowered or {}).get(entry.ac_id)) else
            rules.ac_priority(ac.text, s.story.priority),
            "excluded": {t: left_out[t] for t in sorted({*entry.tests, *getattr(
                entry, "idle", ())}) if t in left_out},
            "matches": [match_record(entry, t) for t in counted],
            "candidates": [] if counted else [
                {"test": m.test, **_plain_fields(dataclasses.asdict(m)),
                 **({"why": f"it counts for no AC: {nowhere[m.test]}"}
                    if m.test in nowhere else {})}
                for m in getattr(entry, "candidates", ())],
        })
    return rows


def match_record(entry: Any, test_id: str) -> dict[str, Any]:
    """How one test matched its AC: whatever the matcher records for it (a `matches` list of
    records, mappings or dataclasses, naming the test as `test` or `test_id`, with `how`,
    `reason`, ...), else the AC-level `matched_by`. Only plain values are kept."""
    for record in getattr(entry, "matches", None) or ():
        if isinstance(record, Mapping):
            names = (record.get("test"), record.get("test_id"))
        else:  # a dataclass or plain object: read the name before converting the record
            names = (getattr(record, "test", None), getattr(record, "test_id", None))
        if test_id not in names:
            continue
        if dataclasses.is_dataclass(record) and not isinstance(record, type):
            data: Mapping[str, Any] = dataclasses.asdict(record)
        elif isinstance(record, Mapping):
            data = record
        else:
            data = getattr(record, "__dict__", {})
        if test_id in (data.get("test"), data.get("test_id")):
            return {"test": test_id, "how": entry.matched_by or "unknown",
                    **_plain_fields(data)}
    return {"test": test_id, "how": entry.matched_by or "unknown"}


def _plain_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """A match record's fields but the test's name, JSON-plain (`_plain`), None ones and empty
    strings dropped (a counted test has no `why`)."""
    return {k: _plain(v) for k, v in data.items()
            if k not in ("test", "test_id") and _plain(v) not in (None, "")}


def _plain(value: Any) -> Any:
    """A JSON-plain form of a match record's value: scalars, and lists of scalars (the
    matcher's `how` / `evidence` tuples); None for anything else."""
    if isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, list | tuple) and all(isinstance(v, str | int | float | bool)
                                               for v in value):
        return list(value)
    return None


def placeholder_check(found: Sequence[Placeholder], runner_skipped: Mapping[str, str],
                      lines: Mapping[str, int],
                      mocking: Mapping[str, sut_mocking.Finding] | None = None, *,
                      failed: Mapping[str, str] | None = None,
                      failed_at: Mapping[str, int] | None = None,
                      stopped_at: Mapping[str, int] | None = None,
                      required: AbstractSet[str] = frozenset(),
                      rows_cover: Mapping[str, Sequence[str]] | None = None,
                      unchecked: Mapping[str, str] | None = None,
                      unfinished: Sequence[Unfinished] = (),
                      skipping_nothing: Sequence[Unfinished] = (),
                      matches: Mapping[str, Sequence[str]] | None = None,
                      took_then: Mapping[str, str] | None = None,
                      partly_skipped: Mapping[str, tuple[int, Sequence[tuple[str, str]]]]
                      | None = None) -> dict[str, Any]:
    """Story tests that failed in the review's run (`failed`: test id -> why), placeholder
    tests (each naming the ACs it matches where it does not count: `matches`, test id ->
    those ACs), tests the runner skipped and tests that mock the code under test: they verify
    nothing of it, so they cover nothing (but a failed table test, or Go test of subtests,
    the ACs whose own rows or subtests passed: `rows_cover`, test id -> those ACs;
    `failed_tests`), at the line its failure was raised on where the runner said it
    (`failed_at`), else its own, and tests that ran without checking anything
    (`unchecked`: `unchecked_snapshot_tests`), one Warning per file for more than
    `SKIPPED_ONE_BY_ONE` of them, and tests calling `expect(...)` with no matcher beside
    their other checks (`unfinished`: those calls check nothing; the test still counts for
    what its other checks verify), and Python tests calling a skip decorator's maker in their
    body (`skipping_nothing`: `return unittest.skip(...)` skips nothing, and where the test
    returns so it passes having checked nothing; it still counts unless the run saw it return
    a value: `phases._returned_early`). A failed test no AC matches, failed or not (`matches`
    given, the test not in it), is said to match none, not to cover none until it passes:
    sqids' `encoding > simple`, which no AC matched, had read as if passing would make it
    count; but one an earlier version took for an AC (`took_then`: test id -> "it counted for
    AC10 in round 1", `lost_evidence.took_then`) is said to match none by its words alone, as a
    failed test is matched, and what it was then: pysrt's `test_vtt_positioning`, counted for
    AC10 by its run in round 1, had read "it matches no AC" once it failed. A failed test is
    Critical
    and blocks when a required tier's run reported it (`required`; `rules.failed_test`); the
    rest are Warnings here, the gap they leave ac-coverage's to judge. A test some of whose
    runs the runner skipped while another ran (`partly_skipped`: test id -> its runs, each
    skipped run's name and why; `outcomes.partly_skipped`) is a Warning naming them: it
    counts for what its other runs checked (addict's test skipped under one of the two
    classes running it had been said nowhere)."""
    from gaia_lib.review_qa import rules  # not before the run: `phases` imports it as it goes
    findings = []
    for test, why in sorted((failed or {}).items()):
        severity, blocking = rules.failed_test(test in required)
        still = (rows_cover or {}).get(test, ())
        cases = "subtests" if test.partition("::")[0].endswith(".go") else "rows"
        then = (took_then or {}).get(test)
        covers = (f"until it passes it covers only {', '.join(still)}, whose own {cases} "
                  "passed" if still else
                  f"it matches no AC by its words alone, though {then}" if then
                  and matches is not None and test not in matches else
                  "it matches no AC" if matches is not None
                  and test not in matches else "it covers no AC until it passes")
        at = (failed_at or {}).get(test) or lines.get(test, 1)
        findings.append(finding(test.partition("::")[0], at, severity,
                                "failed-test", f"{test} {why}; {covers}"
                                + ("" if blocking else " (its tier is not required)"),
                                blocking, test=test))
    findings += [finding(p.file, p.line, "warning", "placeholder-test",
                         f"{shown(p.test_id)} is a placeholder: {p.reason}; "
                         "it covers no AC"
                         + (f" (it matches {', '.join(acs)}, where it does not count)"
                            if (acs := (matches or {}).get(p.test_id)) else ""), False,
                         test=p.test_id)
                 for p in found]
    findings += [finding(u.file, u.line, "warning", "unfinished-expect",
                         f"{u.test_id} calls `expect(...)` with no matcher after it "
                         f"{'once' if u.count == 1 else f'{u.count} times'} ({u.shown}): "
                         "such a call checks nothing, whatever it is given", False,
                         test=u.test_id)
                 for u in unfinished]
    findings += [finding(u.file, u.line, "warning", "skips-nothing",
                         f"{u.test_id} calls a skip decorator's maker in its body "
                         f"{'once' if u.count == 1 else f'{u.count} times'} ({u.shown}): it "
                         "makes a decorator and skips nothing, so where the test returns "
                         "there it passes having checked nothing (call `self.skipTest(...)` "
                         "or `pytest.skip(...)`)", False, test=u.test_id)
                 for u in skipping_nothing]
    said = {p.test_id for p in found}
    findings += [finding(test.partition("::")[0], lines.get(test, 1), "warning", "skipped-test",
                         f"{test} was skipped by the runner in {len(runs)} of its {total} runs "
                         f"({'; '.join(f'{name}: {why}' for name, why in runs)}); it counts "
                         "for what its other runs checked", False, test=test)
                 for test, (total, runs) in sorted((partly_skipped or {}).items())
                 if test not in said]
    for test, mock in sorted((mocking or {}).items()):
        if test not in said:
            findings.append(finding(mock.file, mock.line, "warning", "mocks-sut",
                                    f"{test} replaces the code under test ({mock.pattern} of "
                                    f"{mock.target}): it checks the fake, and covers no AC",
                                    False, test=test))
            said.add(test)
    # a test the run never ran is counted with the rest even where said already (a mock of
    # the code under test); one the runner skipped is not: its skip is what it was said for
    findings += skipped_findings({t: why for t, why in runner_skipped.items()
                                  if t not in said or not why.startswith("reported skipped")},
                                 lines, stopped_at=stopped_at, said=said, matches=matches)
    findings += skipped_findings({t: UNCHECKED for t in (unchecked or {}) if t not in said},
                                 lines, "unchecked-snapshot", "tests that checked nothing")
    return ran("test-quality", findings)


# A JS/TS test's own check: `expect(`, `expect.assertions(`, `assert(`, `assert.equal(`,
# `.should`, a `throw` of its own (`if (!ok) throw new Error(...)`)
_OWN_CHECK = lazy_re(r"(?<![\w$.])(?:(?:expect|assert)\s*[.(]|throw\b)|\.should\b")
UNCHECKED = ("run without checking anything: no check in the test itself, and no snapshot "
             "stored under its name compared (the check that stored them no longer runs)")


def unchecked_snapshot_tests(unchecked: Mapping[str, str], bodies: Mapping[str, str]
                             ) -> dict[str, str]:
    """The tests that ran without checking anything: the runner left the first snapshot
    stored for each unchecked (`outcomes.unchecked_snapshots`: it made no snapshot check),
    and its body has no check of its own (`_OWN_CHECK`; its checks sat in a function
    it calls: htmlparser2's `runTest`, its `toMatchSnapshot()` removed, left 54 tests that
    check nothing). test id -> why, naming that snapshot. A test checking something itself
    keeps an obsolete snapshot and its checks."""
    return {test: f"the runner compared nothing with `{key}`, stored for it, and it has no "
                  "check of its own"
            for test, key in sorted(unchecked.items())
            if not _OWN_CHECK.search(bodies.get(test, ""))}


SKIPPED_ONE_BY_ONE = 3  # tests of one file, skipped for one reason, named each in a finding
# why every test of a run that stopped before running any did not run (`phases._stopped`):
# the run's one cause, not each file's
RUN_STOPPED = "stopped before running any test"
# why a test the run could not reach did not run: the run stopped, or its file did not load,
# as each file does where a package the run's setup loads is missing (moize's `jest.init.js`
# requiring core-js): `coverage_check`'s unverified ACs of a review that could not run
RUN_UNSTARTED = "the test run could not start"
FILE_UNLOADED = "its file failed to load"
NEVER_REACHED = (RUN_STOPPED, RUN_UNSTARTED, FILE_UNLOADED,
                 "its file could not be collected")


# a position a runner's stop line names: go's `./ulimit_test.go:124:12: u.Strin undefined`
_STOP_POSITION = lazy_re(r"(?:^|[\s(])(?:\./)?(?P<path>[\w.@+-]+(?:/[\w.@+-]+)*\.\w+)"
                         r":(?P<line>\d+)(?::\d+)?:")


def stop_positions(stopped: Iterable[str], files: Iterable[str]) -> dict[str, int]:
    """The line of each of `files` (project-relative) that a run's stop line names (pure):
    the position a compiler gives its error at (`./ulimit_test.go:124:12: ...`), read as the
    file whose path ends in it; the first position said of a file wins."""
    out: dict[str, int] = {}
    named = sorted(set(files))
    for text in stopped:
        for found in _STOP_POSITION.finditer(text):
            path = found.group("path")
            for file in named:
                if file not in out and (file == path or file.endswith(f"/{path}")):
                    out[file] = int(found.group("line"))
    return out


def skipped_findings(skipped: Mapping[str, str], lines: Mapping[str, int],
                     rule: str = "skipped-test", subject: str = "tests not run",
                     stopped_at: Mapping[str, int] | None = None,
                     said: AbstractSet[str] = frozenset(),
                     matches: Mapping[str, Sequence[str]] | None = None
                     ) -> list[dict[str, Any]]:
    """A Warning per test the runner skipped or never ran (`skipped`: test id -> why), but
    one per file for more than `SKIPPED_ONE_BY_ONE` of its tests left unrun for one reason (a
    conftest that does not import, a file that does not collect: the reason is the run's, and
    35 findings saying it once each bury the rest of the report), at its first test's line,
    naming how many and the first of them, which count for no AC until they run, expected
    failures while they are expected to fail (not "none
    covers an AC": gjson's AC9 test, never run after another test panicked, had read as one
    that covers nothing anyway). Tests of several files left unrun because the run stopped
    before any test (`RUN_STOPPED`) are one finding for all of them: keyvaluecache's missing
    ts-jest preset gave eight, one per file or test, where the runner not installed at all
    gave none. Such a finding stands at the line the run's stop line names in its file
    (`stopped_at`: file -> line; a compile error's), not its first test's: go-units' test file
    that did not build had pointed at its first test, 107 lines above the error; so does one
    of tests whose file failed to load where the runner names the line (hono's `describe`
    that threw as jest loaded it, at line 88, had pointed at its first test, line 7). A test with
    a finding of its own already (`said`: a placeholder, a mock of the code under test) is
    counted among its group's tests, never named nor given a finding here: dpath's run
    without pytest had said "49 tests of 6 files were never run" of its 50, none of which
    ran, leaving out the one said to mock `dpath.search`. A reason worded for one test is said
    of the group in the plural (`outcomes.of_several`). A test said one by one names the ACs
    it matches where it does not count (`matches`), as a placeholder's finding does: x-time's
    one test of an AC, skipped under `go test -short`, had read only "it covers no AC"."""
    stopped_at = stopped_at or {}
    groups: dict[tuple[str, str], list[str]] = {}
    for test, why in sorted(skipped.items()):
        groups.setdefault((test.partition("::")[0], why), []).append(test)
    out = []
    stopped: dict[str, list[str]] = {}
    for (_, why), tests in groups.items():
        if RUN_STOPPED in why:
            stopped.setdefault(why, []).extend(tests)
    for why, tests in stopped.items():
        files = {t.partition("::")[0] for t in tests}
        if len(files) < 2:
            continue
        for file in files:
            del groups[(file, why)]
        if all(t in said for t in tests):
            continue  # each said already: nothing left to say of them
        tests.sort(key=lambda t: (t.partition("::")[0], lines.get(t, 1), t))
        unsaid = [t for t in tests if t not in said]
        named = ", ".join(unsaid[:SKIPPED_ONE_BY_ONE])
        more = f" and {len(tests) - len(unsaid[:SKIPPED_ONE_BY_ONE])} more" \
            if len(tests) > SKIPPED_ONE_BY_ONE else ""
        at = next(((f, stopped_at[f]) for f in sorted(files) if f in stopped_at),
                  (unsaid[0].partition("::")[0], lines.get(unsaid[0], 1)))
        out.append(finding(*at, "warning", rule,
                           f"{len(tests)} tests of {len(files)} files were "
                           f"{outcomes.of_several(why)}; they count "
                           f"for no AC until they run ({named}{more})", False,
                           subject=subject))
    for (file, why), tests in groups.items():
        if all(t in said for t in tests):
            continue  # each said already: nothing left to say of them
        stop = stopped_at.get(file) if RUN_STOPPED in why or FILE_UNLOADED in why else None
        if len(tests) <= SKIPPED_ONE_BY_ONE:
            out += [finding(file, stop or lines.get(t, 1), "warning", rule,
                            f"{t} was {why}; it covers no AC"
                            + (f" (it matches {', '.join(acs)}, where it does not count)"
                               if (acs := (matches or {}).get(t)) else ""), False, test=t)
                    for t in tests if t not in said]
            continue
        tests.sort(key=lambda t: (lines.get(t, 1), t))
        unsaid = [t for t in tests if t not in said][:SKIPPED_ONE_BY_ONE]
        named = ", ".join(t.partition("::")[2] for t in unsaid)
        out.append(finding(file, stop or lines.get(unsaid[0], 1), "warning", rule,
                           f"{len(tests)} tests of {file} were {outcomes.of_several(why)}; "
                           "they count for no AC "
                           f"{_until(why)} ({named} and {len(tests) - len(unsaid)} "
                           "more)", False,
                           subject=subject))
    return sorted(out, key=lambda f: (f["file"], f.get("test", ""), f.get("subject", "")))


def _until(why: str) -> str:
    """When tests left out for `why` would count: expected failures ran, and count for no AC
    while they are expected to fail (boolean.py's four `@expectedFailure` tests had been said
    to count "until they run"); the others once they run."""
    return "while they are expected to fail" if why.startswith("reported xfail") \
        else "until they run"


def run_integrity_check(plugins: Mapping[str, str] | None) -> dict[str, Any]:
    """The project's own pytest plugins that rewrite what the run says of its tests
    (`outcome_hooks`: a conftest setting a failed report's outcome to "passed", a hookwrapper
    forcing the result, a `pytest_pyfunc_call` that never calls the test): the run's results
    cannot be trusted, so the review cannot pass the story on them. Each place is a blocking
    Critical (`rules.untrusted_run`), named file:line. `plugins`: path -> text, as the run
    loads them (`outcome_hooks.loaded_plugins`); None where no pytest run takes the story's
    tests (no Python test file): skipped."""
    from gaia_lib.evidence import outcome_hooks
    from gaia_lib.review_qa import rules  # not before the run: `phases` imports it as it goes

    if plugins is None:
        return check("run-integrity", "skipped",
                     skip_reason="it reads the conftests and plugins a pytest run loads, and "
                                 "no pytest run takes the story's tests (no Python test file)")
    severity, blocking = rules.untrusted_run()
    return ran("run-integrity", [
        finding(found.file, found.line, severity, "rewrites-test-outcomes", found.message(),
                blocking, subject=f"{found.hook}: {found.what}")
        for found in outcome_hooks.run_rewrites(plugins)])


def literal_evidence(criteria: Sequence[AcceptanceCriterion],
                     per_ac_rows: Sequence[Mapping[str, Any]], bodies: Mapping[str, str],
                     lines: Mapping[str, int], texts: Mapping[str, str] | None = None,
                     constants: Mapping[str, str] | None = None,
                     snapshots: Mapping[str, str] | None = None,
                     go_checks: Mapping[str, Mapping[str, str]] | None = None,
                     py_checks: Mapping[str, frozenset[str]] | None = None,
                     py_raises: Mapping[str, Mapping[str, frozenset[str]]] | None = None,
                     outside: AbstractSet[str] = frozenset()
                     ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Per AC: the Then clause's literals (not a capitalised name the story's tests call: a
    function, `ParamsFromContext`; nor a lower-case name its tests write as a key of their
    set-up, or an environment variable's they set, and never check, `then_literals.
    named_as_key`: `readonly`, `SERVICE_HOST`) and whether any
    attributed test asserts one (a weak-assertion warning when none does, at the declaration
    of the test the matcher scored highest for it, else its first, naming the story's tests
    that assert one without counting for it, never a test the story does not claim:
    `outside`, the tests of files outside its File List, which test no AC of it), a string
    the Then writes in double quotes asserted in any quotes (`then_literals.quoted_in`:
    `'2'` is the `"2"` it promises), a test comparing
    with a constant asserting its literal (`constants`: per test, its body with them written
    in place, `testcases.TestCase.constants`: python-ulid's `len(ulid.bytes) ==
    constants.BYTES_LEN` asserts 16; it asserts the constant's name still, as written: xid's
    `if err != ErrInvalidID {` asserts the `ErrInvalidID` a Then promises), a test whose
    result a stored snapshot holds asserting
    what that snapshot holds (`snapshots`: per test, `evidence.snapshots.of_tests`: htmlparser2's
    `runTest("M&M")` compares the events with a `.snap` entry holding "M&M"), a Go test
    asserting what it hands a checking helper of its package (`go_checks`: per package,
    `placeholders.go_checking_helpers`; xstrings' `runTestCases(t, ToCamelCase, _M{...})`,
    defined in another `_test.go` file), the function it hands one (`ToCamelCase`) being code
    the Then names, not a value, a Python test asserting what it hands a helper of its file
    that checks (`py_checks`: per test file, `placeholders.python_checking_helpers`;
    nameparser's `self.m(hn.nickname, "Ben", hn)`), and the error a helper of its file
    expects (`py_raises`: per test file, `placeholders.python_expected_errors`; json5's
    `self.check_fail(text)` fails unless `ValueError` is raised) and the error its own `try`
    catches where the `try` ends in a check that cannot pass
    (`placeholders.own_expected_errors`: diff-match-patch's `self.assertFalse(True)` before
    `except ValueError:`), a JS test asserting what it hands a function of its file that
    checks (in its file's text, `texts`:
    `then_literals.js_check_calls`; js-search's `validateSearchResults(search.search('167'),
    [doc])`, defined in the `describe` around it); for an AC whose
    Then names no value, a warning when every test of it only checks that a result exists
    (`then_literals.presence_only`: `expect(r).toBeDefined()`, `assert r is not None`), at
    the check it quotes (in its file's text, `texts`), a check that the code takes its input
    (`then_literals.accepts_only`: `expect(() => f(x)).not.toThrow()`, a Go error guard)
    being the whole of what a Then promising only that promises
    (`then_literals.promises_acceptance`, not `promises_a_result`: cron's "then it is accepted
    without an error", whose tests' `.not.toThrow()` had drawn "every test of AC1 only checks
    that nothing is thrown ...: none shows its Then clause holds"); for an AC whose Then
    promises an order,
    a warning when every test of it compares the result without its order
    (`order_checks.order_blind`: `assert sorted(r) == sorted(e)`, `assertCountEqual`)."""
    from gaia_lib.evidence import order_checks, placeholders, then_literals

    per_ac = []
    findings = []
    by_id = {ac.ac_id: ac for ac in criteria}
    # a capitalised name the story's tests call (`ParamsFromContext(ctx)`: an exported Go
    # function) is code the Then names, not an enum-like value it promises; an error type
    # aside (`ValueError("x")` built in a test is still promised)
    called = {name for body in bodies.values() for name in _CAPITAL_CALL.findall(body)
              if not name.endswith(("Error", "Exception", "Warning"))}
    helper_checks = {test_id: then_literals.go_helper_checks(body, helpers)
                     for test_id, body in bodies.items() if test_id.partition("::")[0]
                     .endswith("_test.go") and (helpers := (go_checks or {}).get(
                         str(PurePosixPath(test_id.partition("::")[0]).parent)))}
    called.update(name for _, handed in helper_checks.values() for name in handed)
    for entry in per_ac_rows:
        ac = by_id[entry["ac_id"]]
        literals = tuple(
            then_literals.as_keyword(lit)
            for lit in (then_literals.then_literals(ac.then, ac.setting) if ac.then else ())
            if not (lit.kind in (then_literals.ENUM, then_literals.STRING)
                    and lit.value in called)
            and not then_literals.named_as_key(lit, (bodies.get(t, "") for t in entry["tests"])))
        def asserts(test_id: str, literals: tuple[then_literals.Literal, ...]) -> set[str]:
            """The values of `literals` that `test_id` asserts."""
            asserted: set[str] = set()
            # its body as written, and with its constants' literals in place of their names:
            # a check of `ErrInvalidID` asserts the name the Then promises, whose literal
            # (`"xid: invalid ID"`) the constants' reading writes in its place
            for said in {bodies.get(test_id, ""), (constants or {}).get(test_id) or ""}:
                asserted.update(lit.value
                                for lit in then_literals.asserted_literals(said, literals))
                asserted.update(lit.value for lit in then_literals.quoted_in(
                    then_literals.assertion_spans(said), literals))
            if snapshots and test_id in snapshots:
                asserted.update(lit.value for lit in
                                then_literals.asserted_in([snapshots[test_id]], literals))
            file = test_id.partition("::")[0]
            if file in (py_checks or {}):
                asserted.update(lit.value for lit in then_literals.asserted_in(
                    then_literals.python_check_calls(bodies.get(test_id, ""),
                                                     (py_checks or {})[file]), literals))
            if file.endswith(".py"):
                # its own `try` ending in a check that cannot pass expects what it catches
                expected = placeholders.own_expected_errors(bodies.get(test_id, ""))
                asserted.update(lit.value for lit in literals if lit.value in expected)
            for helper, errors in (py_raises or {}).get(file, {}).items():
                if re.search(rf"(?<![\w.])(?:self\.|cls\.)?{re.escape(helper)}\s*\(",
                             bodies.get(test_id, "")):
                    asserted.update(lit.value for lit in literals if lit.value in errors)
            if test_id in helper_checks:
                asserted.update(lit.value for lit in then_literals.checked_in(
                    helper_checks[test_id][0], literals))
            if not file.endswith((".py", ".go")) and (texts or {}).get(file):
                asserted.update(lit.value for lit in then_literals.asserted_in(
                    then_literals.js_check_calls(bodies.get(test_id, ""), (texts or {})[file]),
                    literals))
            return asserted

        asserted = {value for test_id in entry["tests"] for value in asserts(test_id, literals)}
        values = [lit.value for lit in literals]
        per_ac.append({"ac_id": ac.ac_id, "literals": values,
                       "asserted": sorted(asserted), "tests": list(entry["tests"])})
        if entry["matched"] and literals and not asserted:
            first = _strongest(entry)
            findings.append(finding(first.partition("::")[0], lines.get(first, 1), "warning",
                                     "weak-assertion",
                                     _unasserted_said(ac.ac_id, literals, {
                                         test_id: found for test_id in bodies
                                         if test_id not in entry["tests"]
                                         and test_id not in outside
                                         and (found := asserts(test_id, literals))}),
                                     False, ac_id=ac.ac_id))
        elif entry["matched"] and not literals:
            # no value to look for: still, a test must check more than that a result exists
            other = not then_literals.promises_a_difference(ac.then or "")
            # a type the Then names is a literal no more where the tests build it
            # (`TOMLDocument()`), but a check of it is still more than that a result exists
            named = {lit.value for lit in then_literals.then_literals(ac.then, ac.setting)
                     } if ac.then else set()
            # a Then promising only that the code takes its input ("then it is accepted
            # without an error") is shown by a check that nothing is thrown
            accepting = (then_literals.promises_acceptance(ac.then or "")
                         and not then_literals.promises_a_result(ac.then or ""))
            present = [None if then_literals.checks_a_named_type(bodies.get(t, ""), named)
                       or (accepting and then_literals.accepts_only(bodies.get(t, "")))
                       else then_literals.presence_only(bodies.get(t, ""), other)
                       for t in entry["tests"]]
            if present and all(present):
                file, at = _at_check(entry["tests"][0], str(present[0]), bodies, lines, texts)
                findings.append(finding(
                    file, at, "warning", "weak-assertion",
                    f"every test of {ac.ac_id} only checks that "
                    f"{then_literals.presence_said(str(present[0]))} "
                    f"({_code(str(present[0]))}): none shows its Then clause holds", False,
                    ac_id=ac.ac_id))
        if entry["matched"] and order_checks.promises_an_order(ac.then or ""):
            keys = order_checks.promises_key_order(ac.then or "")
            blind = [order_checks.order_blind(bodies.get(t, ""), keys) for t in entry["tests"]]
            if blind and all(blind):
                file, at = _at_check(entry["tests"][0], str(blind[0]), bodies, lines, texts)
                findings.append(finding(
                    file, at, "warning", "weak-assertion",
                    f"every test of {ac.ac_id} compares its result without its order "
                    f"({_code(str(blind[0]))}): none shows the order its Then clause "
                    "promises", False, ac_id=ac.ac_id, subject="order"))
    return per_ac, ran("then-literals", findings)


ASSERTING_NAMED = 2  # tests not counted for an AC that assert its Then's literals, named


def _unasserted_said(ac_id: str, literals: Sequence[then_literals.Literal],
                     elsewhere: Mapping[str, AbstractSet[str]]) -> str:
    """The warning that no test counted for an AC asserts any of its Then's `literals`, and
    the tests that do assert some of them without counting for it (`elsewhere`: test -> the
    values it asserts), named (ASSERTING_NAMED of them, the rest counted): unidiff's "no test
    of AC2 asserts any of `TypeError`" had spoken of the tests counted for AC2 as if of every
    test, while `test_missing_encoding`, which asserts it, counts for none. They are the
    story's own tests: svelte-jsoneditor's sorting AC3 had named a test of `stringUtils`, a
    file the story does not claim, as "not counted for AC3"."""
    shown = ", ".join(lit.shown for lit in literals)
    if not elsewhere:
        return f"no test of {ac_id} asserts any of {shown} from its Then clause"
    tests = sorted(elsewhere)
    named = ", ".join(tests[:ASSERTING_NAMED]) + (
        f" and {len(tests) - ASSERTING_NAMED} more" if len(tests) > ASSERTING_NAMED else "")
    values = {value for found in elsewhere.values() for value in found}
    which = ", ".join(lit.shown for lit in literals if lit.value in values)
    one = len(tests) == 1
    return (f"no test counted for {ac_id} asserts any of {shown} from its Then clause; "
            f"{named}, which {'asserts' if one else 'assert'} {which}, "
            f"{'is' if one else 'are'} not counted for {ac_id}")


def _at_check(test: str, quoted: str, bodies: Mapping[str, str], lines: Mapping[str, int],
              texts: Mapping[str, str] | None) -> tuple[str, int]:
    """The file and line of the check `quoted` of `test` (its declaration's line where the
    file's text does not hold it)."""
    from gaia_lib.evidence import then_literals

    file, start = test.partition("::")[0], lines.get(test, 1)
    return file, then_literals.check_line((texts or {}).get(file, ""), start,
                                          start + len(bodies.get(test, "").splitlines()),
                                          quoted)


# A capitalised name called (`ParamsFromContext(`, `httprouter.New(`), not constructed as a
# composite literal (`Params{`)
_CAPITAL_CALL = re.compile(r"(?<![\w$])([A-Z][A-Za-z0-9_]*)\s*\(")


def _strongest(entry: Mapping[str, Any]) -> str:
    """The AC's test the matcher scored highest (its likeliest own test: a weak match of
    another unit's test may sort first by name), else its first."""
    scored = [(float(m.get("score") or 0.0), m["test"]) for m in entry.get("matches") or ()
              if m.get("test") in entry["tests"]]
    return min(scored, key=lambda pair: (-pair[0], pair[1]))[1] if scored \
        else str(entry["tests"][0])


def produce_coverage(s: Setup) -> tuple[tuple[Path, str] | None, str | None]:
    """Run the project's `coverage_command` so branch evidence is current: (the report this
    run of it wrote, if any: one it found from before is not its; a note when it failed or
    wrote none, naming the logs of its output it keeps there when it failed). coverage.py's
    data file goes to the evidence area, not the project's root, and so does a report the
    command made where there was none (`coverage_run.run`'s `keep_in`)."""
    command = s.config.coverage_command
    if not command or not s.probe.branch_coverage:
        return None, None
    data_file = s.state_dir() / "coverage-command.coverage"
    writes.make_dirs(data_file.parent)  # the command's own process writes it
    writes.remove(data_file)  # an earlier review's: its command's data, not this one's
    ran = coverage_run.run(s.project, command, data_file=data_file, log_dir=s.state_dir(),
                           keep_in=s.state_dir() / "coverage-command")
    note = ran.note and ran.note.replace("coverage command", "coverage_command", 1)
    if note and ran.report and not ran.ok:  # a red run's report: what it reached
        note += "; branch evidence may be incomplete"
    if note and not ran.ok:
        where = paths.relative_to_project(s.state_dir(), s.project)
        note += f" (its output: {', '.join(f'{where}/{log}' for log in coverage_run.LOGS)})"
    return ran.report, note


# An exception an AC names: a capitalised word ending as Python's and JavaScript's do.
_EXCEPTION_NAME = re.compile(r"\b[A-Z]\w*(?:Error|Exception)\b")
# An exception an AC says is raised, whatever its name ends with: rfc3986's "then
# `PasswordForbidden` is raised", "raises `BadZone`".
_RAISED_NAME = re.compile(r"`[A-Z]\w*`\s+(?:is|are)\s+(?:raised|thrown)"
                          r"|\b(?:raises|throws)\s+(?:an?\s+)?`[A-Z]\w*`")
# What catches every error names none in particular (`except Exception:`).
_ANY_ERROR = frozenset({"Exception", "BaseException", "Error", "Throwable"})


# Names in backticks listed and then left open (`MustGet`, `MustGetInt`, ...): examples of
# the family of names starting with what they share.
_OPEN_LIST = re.compile(r"`[A-Za-z_]\w*`(?:\s*,\s*`[A-Za-z_]\w*`)+\s*,?\s*(?:\.\.\.|…)")


def _families(text: str) -> list[str]:
    """What the names of each list an AC leaves open share at their start (`MustGet` for
    "`MustGet`, `MustGetInt`, ..."): a unit whose name starts so is one of them. A share
    under three characters names no family."""
    shared = (os.path.commonprefix(re.findall(r"`(\w+)`", match.group(0)))
              for match in _OPEN_LIST.finditer(text))
    return [prefix for prefix in shared if len(prefix) >= 3]


# What a Then says of an error the code deals with itself: "the ValueError is caught".
_HANDLED = r"(?:caught|catch(?:es)?|handled|handles|ignored|swallowed|suppressed|logged)"


def _then_raises(ac: AcceptanceCriterion, exceptions: Sequence[str]) -> bool:
    """Whether the AC's Then names one of `exceptions` as reaching the caller: not one it says
    is caught or handled within four words ("the ValueError is caught and no age is kept"),
    nor one it says is no longer raised (`then_literals.without_replaced`)."""
    from gaia_lib.evidence import then_literals

    then = then_literals.without_replaced(ac.then or "")
    near = r"(?:\W+\w+){0,4}?\W+"
    return any(re.search(rf"\b{re.escape(name)}\b", then) and not re.search(
        rf"\b{re.escape(name)}\b{near}{_HANDLED}\b|\b{_HANDLED}{near}{re.escape(name)}\b",
        then, re.I) for name in exceptions)


# A string literal of a source ("...", '...', Go's and JS's `...`), and a format verb in it
# (`%s`, `%-8v`, `%q`; Python's `{}` / `{name}`), which stands for any text.
_STRING_LITERAL = lazy_re(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`([^`]*)`')
_FORMAT_VERB = lazy_re(r"%[-+# 0-9.*]*[a-zA-Z]|\{[^{}\s]*\}")
# The fixed text a literal must have beside its verbs to be a message ("%s: %v" is none).
MESSAGE_MIN_FIXED = 8


def _message_patterns(source: str) -> list[re.Pattern[str]]:
    """Each string literal of `source` with enough fixed text to be a message, as a pattern
    its verbs match any text in."""
    out = []
    for found in _STRING_LITERAL.finditer(source):
        literal = next(part for part in found.groups() if part is not None)
        pieces = _FORMAT_VERB.split(literal)
        if sum(len(piece.strip()) for piece in pieces) >= MESSAGE_MIN_FIXED:
            out.append(re.compile(".+?".join(re.escape(piece) for piece in pieces)))
    return out


def messages_elsewhere(error_acs: Sequence[AcceptanceCriterion], sources: Mapping[str, str],
                       rel: str) -> frozenset[str]:
    """The error-path ACs whose Then quotes as code a message (`Cannot fill '[]string' with
    'int'`) that a string of another of the story's sources writes (`"Cannot fill '%s' with
    '%s'"` in `fill.go`) and none of `rel`'s does: that message is that code's, and a handler
    in `rel` is not about it (go-funk's `if err != nil { panic(err) }` in `MustSet`, in
    `assign.go`, had been said to "may be about" the AC of `Fill`'s error). `sources`: each
    File List source's text by its path."""
    patterns = {path: _message_patterns(text) for path, text in sources.items()}
    out = set()
    for ac in error_acs:
        quoted = [span for span in re.findall(r"`([^`\n]+)`", ac.then or ac.text)
                  if len(span) >= MESSAGE_MIN_FIXED]
        def writes(path: str, spans: Sequence[str] = quoted) -> bool:
            return any(pattern.fullmatch(span) for pattern in patterns.get(path, ())
                       for span in spans)
        if quoted and not writes(rel) and any(writes(path) for path in sources if path != rel):
            out.add(ac.ac_id)
    return frozenset(out)


def tie(caught: Sequence[str], error_acs: Sequence[AcceptanceCriterion],
        units: Sequence[str] = (), raised: Sequence[str] = (),
        declared: AbstractSet[str] = frozenset(),
        other_acs: Sequence[AcceptanceCriterion] = (),
        elsewhere: AbstractSet[str] = frozenset()) -> tuple[list[str], bool]:
    """The error-path ACs an uncovered handler is about: those naming the exception it hands
    the caller, the one its body raises in place of what it caught (`raised`: `except
    TypeError: raise ValueError(...)` is about "a ValueError is raised", not "a TypeError is
    raised", which it keeps from the caller), else the one its `except` clause catches
    (`caught`: `except KeyError:` and "a KeyError is raised"), else
    those naming, spelled as its code spells it, the function or class it sits in, the
    narrowest that an AC names (`units`: a Go method before its receiver's type; a handler in
    `class Email` and "Given an Email validator"; not a word of the AC's that a hyphen joins
    to another, which is prose: properties' "a must-have getter" had tied its loader's
    `must` helper to the getters' AC; a list of names the AC leaves open, "`MustGet`,
    `MustGetInt`, ...", names each unit starting with what they share, `MustGetUint`, which
    had been left to every other error-path AC: `_families`), else every one (a `catch`, an
    `err != nil` check says no more) but, for a handler naming its exception, those ACs that
    promise another exception by name (`...Error`, or a name said to be raised: rfc3986's
    "`PasswordForbidden` is raised"): natsort's `except ValueError:` in a path splitter is
    not about "a `TypeError` is raised" for input it cannot compare. `except Exception:`
    names none in particular. Nor is it, in that last case, about an AC naming as code
    (`Range`) another function or class its file declares (`declared`): voluptuous's
    `except TypeError` in `IsDir` was tied to "Given a `Range` with only `min`"), nor about
    an AC whose error message another source of the story writes and the handler's file does
    not (`elsewhere`: `messages_elsewhere`). An exception
    an AC names as what is no longer raised ("instead of a `TypeError`") is none it names.
    A unit that no error-path AC names but one of the story's other ACs does (`other_acs`)
    is that AC's, which promises no error: the handler is about none (tenacity's `except
    OverflowError` in `wait_exponential_jitter`, which "Given `wait_exponential_jitter`"
    speaks of, was tied to every error-path AC, a blocker of one about a wait function).
    With them, whether an AC names what ties it (the exception, or the unit the handler sits
    in): a handler tied to every error-path AC for want of a name is no evidence that it is on
    any one AC's path. (A handler that raises nothing is asked about no AC whose Then names
    what it catches: `branch_evidence`.)"""
    from gaia_lib.evidence import then_literals

    delivered = tuple(raised) or tuple(name for name in caught if name not in _ANY_ERROR)
    # what an AC says the code raises no longer is no exception it names
    promised = {ac.ac_id: then_literals.without_replaced(ac.text) for ac in error_acs}
    def naming(names: Sequence[str], acs: Iterable[AcceptanceCriterion],
               of_family: bool = False) -> list[str]:
        # a word a hyphen joins to another is prose ("a must-have getter"), no code's name;
        # a unit is named by a list of its kind the AC leaves open too (`of_family`)
        return [ac.ac_id for ac in acs
                if any(re.search(rf"(?<!\w-)\b{re.escape(name)}\b(?!-\w)",
                                 promised.get(ac.ac_id, ac.text))
                       or (of_family and any(name.startswith(prefix)
                                             for prefix in _families(ac.text)))
                       for name in names)]

    named = naming(delivered, error_acs)
    if named:
        return named, True
    for unit in units:
        named = naming((unit,), error_acs, True)
        if named or naming((unit,), other_acs, True):  # the narrowest unit an AC names decides
            return named, bool(named)
    others = [name for name in declared if name not in units]
    return [ac.ac_id for ac in error_acs if ac.ac_id not in elsewhere and (not delivered
            or not (_EXCEPTION_NAME.search(promised[ac.ac_id])
                    or _RAISED_NAME.search(promised[ac.ac_id])))
            and not any(re.search(rf"`{re.escape(name)}\b", ac.text) for name in others)], False


def branch_evidence(s: Setup, criteria: Sequence[AcceptanceCriterion],
                    note: str | None = None,
                    report: tuple[Path, str] | None = None, *,
                    measured_by: str | None = None) -> dict[str, Any]:
    """Uncovered error handlers in the story's source files, tied to its error-path ACs.

    `report`: the coverage report this review's own test run, or its `coverage_command`,
    wrote; no other is read: a report the project holds from an earlier run (a coverage run
    of other tests, before a provider was uninstalled) says nothing of this one, and the
    skip reason names it as not read; `measured_by` says which run wrote it where no tier's
    did (the review's own pytest run, beside a `python -m unittest` tier), after its path in
    `scope`. Each uncovered handler is tied to the error-path ACs
    it is about (`tie`: those naming the exception it catches, else the function or
    class it sits in, else all but those quoting a message another story source writes:
    `messages_elsewhere`). A handler that raises nothing is on the path of no AC whose Then
    says what it catches is raised (`_then_raises`); tied to the others for want of a name,
    its finding says so, naming those set aside, not that no error-path AC names what it
    catches (bitmath's `except ValueError: pass`, beside two ACs promising a `ValueError`).
    Severity by `rules.error_path_gap`: Critical (blocking) only when one of those ACs sits on
    a user-input boundary; `critical_acs` lists them. With no report and no coverage tool
    installed the check is skipped, naming the tools the stack looks for; so is it when the
    report measured none of the File List's files (a build that failed, a report of other
    code) or is empty (jest's lcov.info of a run that ran no test, or of one whose
    `collectCoverageFrom` names none of the File List's sources, which the reason then says:
    framebus's `src/**/*.ts`, sources its npm package does not ship): nothing was judged, so
    nothing passed. A File List's test files are no code of the story's: neither measured nor
    read for handlers (a File List of tests alone is skipped, said so)."""
    from gaia_lib.review_qa import rules  # not before the run: `phases` imports it as it goes
    # `measured`, when it ran: each File List source the report measured, with its lines and
    # branches run (the report's own summary of the story's code), each Go source go did
    # not build here, with what builds it (`not_built`: `gomod.build_limit`), each Go
    # source of a package no test of which ran (`not_measured`), and each JS/TS source no
    # test loaded, which jest's and vitest's lcov leave out (`not_measured`: inject-
    # stylesheet's `src/index.ts` had been left out of the list without a word)
    if report is None:
        earlier = coverage_run.find_report(s.project)
        unread = (f"; {paths.relative_to_project(earlier[0], s.project)}, left by an earlier "
                  "run, was not read") if earlier else ""
        if not s.probe.branch_coverage:
            # which tools would do, so the reader knows what to install
            tools = ", ".join(p.tool for p in s.probe.coverage)
            looked = f" (looked for {tools})" if tools else ""
            return check("branch-coverage", "skipped",
                          skip_reason=f"no branch-coverage tool installed{looked}: "
                                      f"untested-error-path findings cannot be confirmed{unread}")
        return check("branch-coverage", "skipped",
                      skip_reason=(note or "the review's test run wrote no branch-coverage "
                                           "report") + unread)
    path, fmt = report
    from gaia_lib.evidence import coverage_report

    try:
        data = path.read_bytes()
        if not data.strip():  # a run that ran no test (jest's empty lcov.info): no measure
            return check("branch-coverage", "skipped", skip_reason=(
                f"the coverage report {paths.relative_to_project(path, s.project)} is empty: "
                "the run measured nothing" + _uncollected(s)))
        parsed = coverage_report.parse(fmt, data)
    except (GaiaError, OSError) as exc:
        return check("branch-coverage", "errored", error_reason=str(exc))
    error_acs = [ac for ac in criteria if rules.is_error_path(ac.text)]
    boundary = {ac.ac_id for ac in error_acs
                if rules.error_path_gap(ac.text, True)[0] == rules.CRITICAL}
    critical: set[str] = set()
    findings = []
    # the story's sources, by path: whose strings write the messages its ACs quote
    sources = {rel: (s.project / rel).read_text(encoding="utf-8", errors="replace")
               for rel in (paths.listed_path(entry) for entry in s.story.file_list or ())
               if rel is not None and Path(rel).suffix in LANGUAGE_OF_SUFFIX
               and not stacks.names_test_file(rel) and (s.project / rel).is_file()}
    listed: list[str] = []  # the File List's files on disk in a language the check reads
    measured = 0
    sizes: list[dict[str, Any]] = []  # each measured file's lines and branches, as run
    for entry in s.story.file_list or ():
        rel = paths.listed_path(entry)
        if rel is None:
            continue
        language = LANGUAGE_OF_SUFFIX.get(Path(rel).suffix)
        source = s.project / rel
        if language is None or not source.is_file():
            continue
        listed.append(rel)
        # a test file is no code of the story's: its lines run when it runs, and its own
        # `except` clauses are no error path of the story's
        if stacks.names_test_file(rel):
            continue
        record = parsed.for_file(rel)
        if record is None and fmt == "go-cover":  # a profile names a file by its import path
            go_path = gomod.import_path(rel, gomod.modules(s.project, [rel]))
            record = parsed.for_file(go_path) if go_path else None
            limit = None if record is not None else gomod.build_limit(
                rel, source.read_text(encoding="utf-8", errors="replace"))
            if limit:  # go left it out of this machine's build: none of it could run
                sizes.append({"file": rel, "not_built": limit})
            elif go_path and not any(PurePosixPath(r.file).parent == PurePosixPath(go_path)
                                     .parent for r in parsed.files):
                # no file of its package measured: `go test` measures the package it tests
                sizes.append({"file": rel, "not_measured": (
                    f"no story test of its package ({PurePosixPath(rel).parent}) ran, and "
                    "`go test` measures only the package it tests")})
        if record is None and fmt == "lcov" and language in ("js", "ts"):
            # jest and vitest measure the modules the tests load, unless their config lists
            # others: a source no test loaded is in no record, none of its lines run
            sizes.append({"file": rel, "not_measured": (
                "no story test loaded it, and the coverage report holds only the modules the "
                "tests load")})
        if record is None:
            continue
        measured += 1
        text = source.read_text(encoding="utf-8", errors="replace")
        if record.functions:
            record = dataclasses.replace(record, functions=coverage_report.source_functions(
                record.functions, text))
        last_lines = coverage_report.js_last_lines(
            text, [line for line, _, _ in record.functions]) if language in ("js", "ts") else {}
        uncounted = record.uncounted_within(last_lines)
        # of those, the ones whose code holds a branch: the share may leave theirs out; none
        # where the report counts a branch of another function no test called: it counts
        # them all (istanbul's), and one without any holds none it counts (a loop is none
        # to istanbul: cron's `_findDST`, a `while` alone, had read "no branch counted")
        unshared = () if len(uncounted) < sum(not called for _, _, called in record.functions
                                              ) else record.uncounted_within(
            last_lines, coverage_report.js_branchless(text, last_lines))
        lines_total = len(record.covered_lines) + len(record.missed_lines)
        sizes.append({"file": rel, "lines": lines_total,
                      "lines_covered": len(record.covered_lines),
                      "branches": len(record.branches),
                      "branches_taken": record.branches_taken,
                      **({} if record.branches_measured else {"branches_measured": False}),
                      **({"functions": len(record.functions),
                          "uncounted_functions": list(unshared),
                          "uncalled_functions": [name for _, name, called in record.functions
                                                 if not called]}
                         if uncounted else {}),
                      **({"statements": record.statements[1],
                          "statements_covered": record.statements[0]}
                         if record.statements is not None else {})})
        seen: dict[str, int] = {}  # handlers of one kind and unit in this file, so far
        declared = frozenset(coverage_report.declared(text, language))
        elsewhere = messages_elsewhere(error_acs, sources, rel)
        for branch in coverage_report.uncovered_error_branches(text, record, language):
            subject = _handler(branch, text)
            seen[subject] = seen.get(subject, 0) + 1
            if seen[subject] > 1:  # the second `except Exception` in one function is another
                subject = f"{subject} #{seen[subject]}"
            others = [ac for ac in criteria if ac not in error_acs]
            # a handler raising nothing keeps what it caught from the caller: it is about no AC
            # whose Then says that exception is raised (polib's `except (TypeError,
            # ValueError): return False` in `_is_file`, tied to "then a `ValueError` is
            # raised"), while one naming it handled ("the ValueError is caught"), or in its
            # Given, still may be
            about = error_acs if branch.hands_on else [
                ac for ac in error_acs if not _then_raises(ac, branch.caught)]
            # those set aside do name what it catches: the rest are tied for want of a name
            kept_from = [ac.ac_id for ac in error_acs if ac not in about]
            tied, by_name = tie(branch.caught, about, branch.units, branch.raised, declared,
                                others, elsewhere)
            # an exception's name ties a handler in a function no story test entered by that
            # name alone (Cerberus' `except TypeError` in the `max` rule, to "a coercion that
            # raises a TypeError"); an AC naming the function still does
            unentered = language == "python" and not coverage_report.function_entered(
                text, branch.line, record.covered_lines, record.missed_lines)
            apart = (by_name and unentered
                     and not tie((), about, branch.units, (), declared, others)[1])
            # Critical rests on a name tying the handler to the AC: one tied to every
            # error-path AC for want of one may be on none's path (tenacity's logging helper)
            on_boundary = ([ac_id for ac_id in tied if ac_id in boundary]
                           if by_name and not apart else [])
            if on_boundary:
                critical.update(on_boundary)
                findings.append(finding(
                    rel, branch.line, rules.CRITICAL, "untested-error-path",
                    f"{_handler_said(branch, text)} never executed by the tests; error-path ACs "
                    f"on a user-input boundary: {', '.join(on_boundary)}", True,
                    subject=subject))
            else:
                said = (f"; error-path ACs: {', '.join(tied)}, by what it catches alone: no "
                        "story test entered the function it sits in" if apart else
                        f"; error-path ACs: {', '.join(tied)}" if by_name else
                        f"; it may be about {', '.join(tied)}: it raises nothing, so it is not "
                        f"on the path of {', '.join(kept_from)}, whose "
                        f"{'Thens say' if len(kept_from) > 1 else 'Then says'} what it "
                        "catches is raised, and no other error-path AC names what it catches "
                        "or the code it is in" if kept_from else
                        f"; it may be about {', '.join(tied)}: no error-path AC names what it "
                        "catches or the code it is in") if tied else ""
                if unentered and not apart:
                    # the run is the story's tests: a suite's other tests may well run it
                    # (hyperlink's register_scheme, tested outside the story's files)
                    said += "; no story test entered the function it sits in"
                findings.append(finding(rel, branch.line, rules.WARNING, "untested-error-path",
                                        f"{_handler_said(branch, text)} never executed by the "
                                        f"tests{said}", False, subject=subject))
    rel_report = paths.relative_to_project(path, s.project)
    scope = rel_report + (f"; {measured_by}" if measured_by else "")
    if not measured:
        # nothing was judged: a report of no line of the story's code (its build failed, or
        # it measures other files) is no evidence that the error paths are tested
        named = [rel for rel in listed  # its sources, where it lists any beside its tests
                 if not stacks.names_test_file(rel)] or listed
        shown = ", ".join(named[:4]) + (", ..." if len(named) > 4 else "")
        why = ("the File List names no source file, only tests" + f" ({shown})"
               if listed and all(stacks.names_test_file(rel) for rel in listed) else
               f"{rel_report} measured none of the File List's files ({shown})" if listed
               else "the File List names no file in a language the check reads")
        return check("branch-coverage", "skipped", scope=scope,
                     skip_reason=f"{why}: untested-error-path findings cannot be confirmed"
                                 + (f"; {note}" if note else ""))
    if note:
        findings.append(finding(rel_report, 1, "warning", "coverage-command", note, False))
    # a run that measured lines alone finds an untested handler by its lines, not its branches
    by_lines = bool(sizes) and all(entry.get("branches_measured") is False for entry in sizes
                                   if "not_built" not in entry
                                   and "not_measured" not in entry)
    return ran("branch-coverage", findings, scope=scope,
               critical_acs=[ac.ac_id for ac in error_acs if ac.ac_id in critical] or None,
               measured=sizes,
               **({"judged_by": "by lines: the run measured no branch"} if by_lines else {}))


def attribution_evidence(s: Setup, per_ac: Sequence[Mapping[str, Any]],
                         sources: Sequence[str], report: Mapping[str, Any] | None,
                         why: str | None, lines: Mapping[str, int],
                         aliases: Mapping[str, Sequence[str]] | None = None
                         ) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Python stack: per AC, whether its tests execute the story's sources (the File List's
    Python files that are no tests: `phases.Reads.sources`), from a coverage.py JSON report
    with per-test contexts (`report`; None: `why` says why not). An AC none of whose tests the
    run ran (known by their own ids or the ids they run under: `aliases`) is not judged."""
    if s.stack != "python-dev":  # no other runner says which test ran which line
        return [], check("behavioural-attribution", "skipped",
                         skip_reason="which test ran which line of the story's code is "
                                     f"measured in a pytest run only; the story is {s.stack}'s")
    if not sources:
        return [], check("behavioural-attribution", "skipped",
                         skip_reason="the story's File List names no Python source")
    if not any(e["matched"] for e in per_ac):
        return [], check("behavioural-attribution", "skipped",
                         skip_reason="no test covers any AC: there is nothing to attribute")
    if report is None:
        return [], check("behavioural-attribution", "skipped", skip_reason=why or "no report")
    rows = attribution.attribute(
        [(e["ac_id"], e["tests"]) for e in per_ac if e["matched"]], report, sources, aliases)
    findings = [
        finding(row["tests"][0].partition("::")[0], lines.get(row["tests"][0], 1), "warning",
                "no-behavioural-coverage",
                f"the tests of {row['ac_id']} never execute the story's code "
                f"({', '.join(sorted(sources))})", False, ac_id=row["ac_id"])
        for row in rows if row["executes_story_code"] is False
    ]
    return rows, ran("behavioural-attribution", findings)


def test_dirs_documents(project: Path) -> tuple[Path, ...]:
    """The documents that say where a project's tests belong, in the order they are read: the
    plan documents, then the tier allowlist (test-environment.yaml, which `gaia init` writes)."""
    planning = paths.planning_artifacts(project)
    return (planning / "test-plan.md", planning / "architecture.md",
            allowlist.default_path(project))


def phase4_evidence(s: Setup, test_files: Sequence[TestFile]) -> dict[str, Any]:
    """Test pyramid counts, locations against the plan documents (test-plan.md,
    architecture.md; else test-environment.yaml's tier directories), FR references in
    tests."""
    from gaia_lib.review_qa import rules  # not before the run: `phases` imports it as it goes
    pyramid = {"unit": 0, "integration": 0, "e2e": 0, "other": 0}
    for tf in test_files:
        parts = set(Path(tf.path).parts)
        if parts & {"e2e", "end-to-end", "playwright", "cypress"}:
            pyramid["e2e"] += 1
        elif parts & {"integration", "it"}:
            pyramid["integration"] += 1
        elif parts & {"unit"}:
            pyramid["unit"] += 1
        else:
            pyramid["other"] += 1
    *plans, environment = test_dirs_documents(s.project)
    documented: list[str] = []
    for path in plans:
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            documented += re.findall(r"`((?:[\w.-]+/)*tests?/[\w./-]*)`", text)
    if not documented:  # the tier directories gaia init found and recorded
        try:
            documented = allowlist.load(environment)
        except GaiaError:
            documented = []
    documented = sorted(set(d.rstrip("/") for d in documented))
    outside = rules.outside_documented((tf.path for tf in test_files), documented)
    fr_refs = {fr: sorted(tf.path for tf in test_files if fr in tf.text)
               for fr in s.story.traces_to}
    return {"pyramid": pyramid, "documented_test_dirs": documented,
            "tests_outside_documented_dirs": outside, "fr_references": fr_refs,
            "figma": "checked" if s.story.figma else "skipped"}


def _handler(branch: coverage_report.ErrorBranch, text: str) -> str:
    """A handler as the QA rounds know it: its kind, what it catches and the unit it sits in
    (its line moves with every edit above it); a second such handler in that unit is `#2`.
    A Python unit is named as Python names it, the class or function first and the method or
    nested function in it after (`wait_exponential.__call__`; `units` holds the narrowest
    first); a Go one as Go does (`cache.LoadFile`: `go_declaration`), from the file's `text`."""
    caught, unit = _handler_parts(branch, text)
    return f"{branch.kind}{caught} in {unit}"


def _handler_said(branch: coverage_report.ErrorBranch, text: str) -> str:
    """A handler as its finding names it, what it catches and where, so that the reader needs
    not open the file to see whose code it is (`except TypeError handler in
    Validator._validate_max`): Cerberus' normalization story was told of two bare `except
    handler`s, both in validation rules the story is not about."""
    caught, unit = _handler_parts(branch, text)
    return f"{branch.kind}{caught} handler in {unit}"


def _handler_parts(branch: coverage_report.ErrorBranch, text: str) -> tuple[str, str]:
    """` TypeError` (what a handler catches, "" for a bare one) and the unit it sits in."""
    from gaia_lib.evidence import coverage_report

    caught = f" {'/'.join(branch.caught)}" if branch.caught else ""
    language = LANGUAGE_OF_SUFFIX.get(PurePosixPath(branch.file).suffix)
    if language == "go":
        return caught, coverage_report.go_declaration(text.splitlines(), branch.line) or "package"
    units = branch.units[::-1] if language == "python" else branch.units
    return caught, ".".join(units) or "module"


NAMED_AT_MOST = 3  # tests an over-coverage finding names


def _named(tests: Sequence[str], declared_at: Mapping[str, int] | None = None) -> str:
    """` (a, b and 2 more)`: an AC's tests by their own names (the part after the file), as
    the report shows them (`shown_apart`: a JS/TS name's `${...}` as `${…}`). A name two of
    the story's tests share (`TestLRU` in a Go module's package and in its subpackage; a
    `test_default` in two files, each counted for another AC: the story's tests are those
    `declared_at` knows) keeps its file, so a suggestion never names two tests, or another
    AC's test, by one name. A table test is named once, by its first row (`keeps port 80 (3
    rows of one table)`), as `rules.over_covered` counts it."""
    from gaia_lib.review_qa import rules  # not before the run: `phases` imports it as it goes
    if not tests:
        return ""
    known = declared_at or {}
    story = dict.fromkeys([*tests, *known])
    everyone = [group[0] for group in rules.declarations(story, known)]
    seen = shown_apart(story)
    groups = rules.declarations(tests, known)
    firsts = [group[0] for group in groups]
    taken = Counter(seen[test].rsplit("::", 1)[-1] for test in everyone)
    short = [seen[test].rsplit("::", 1)[-1] for test in firsts]
    names = [(seen[test] if taken[name] > 1 else name)
             + (f" ({len(group)} rows of one table)" if len(group) > 1 else "")
             for test, name, group in zip(firsts, short, groups, strict=True)]
    shown = ", ".join(names[:NAMED_AT_MOST])
    more = f" and {len(names) - NAMED_AT_MOST} more" if len(names) > NAMED_AT_MOST else ""
    return f" ({shown}{more})"


def rubric_checks(s: Setup, per_ac: Sequence[Mapping[str, Any]],
                  phase4: Mapping[str, Any], story_tests: Sequence[str],
                  declared_at: Mapping[str, int]) -> list[dict[str, Any]]:
    """The rubric's deterministic findings: over-coverage (tests counted by declaration,
    `declared_at`: test id -> line) and FR traceability (Suggestions), story tests outside
    the documented test directories (architecture, Warning)."""
    from gaia_lib.review_qa import rules  # not before the run: `phases` imports it as it goes
    rel_story = paths.relative_to_project(s.story_path, s.project)
    lines = {ac.ac_id: ac.line for ac in s.story.acceptance_criteria}
    tests_of = {str(e["ac_id"]): [str(t) for t in e.get("tests") or ()] for e in per_ac}
    over = [finding(rel_story, lines.get(ac_id, 1), rules.SUGGESTION, "over-coverage",
                    f"{ac_id} has {count} tests{_named(tests_of.get(ac_id, []), declared_at)}: "
                    "check them for redundancy (coverage counts an AC once)", False, ac_id=ac_id)
            for ac_id, count in rules.over_covered(per_ac, declared_at)]
    fr_refs = phase4.get("fr_references", {})
    untraced = [fr for fr in s.story.traces_to if not fr_refs.get(fr)]
    trace = [finding(rel_story, line_of(s.story.text, fr), rules.SUGGESTION, "fr-traceability",
                     f"no test mentions {fr} (the story traces to it): name it in a test "
                     "comment or description", False, subject=fr)
             for fr in untraced]
    documented = phase4.get("documented_test_dirs", [])
    outside = rules.outside_documented(story_tests, documented)
    arch = [finding(path, 1, rules.WARNING, "test-architecture",
                    f"{path} is outside the documented test directories "
                    f"({', '.join(documented)})", False)
            for path in outside]
    if not s.story.traces_to:
        trace_check = check("fr-traceability", "skipped",
                            skip_reason="the story has no traces_to")
    else:
        trace_check = ran("fr-traceability", trace)
    if not documented:
        arch_check = check("test-architecture", "skipped",
                           skip_reason="no test directories documented in test-plan.md, "
                                       "architecture.md or test-environment.yaml")
    else:
        arch_check = ran("test-architecture", arch)
    return [ran("over-coverage", over), trace_check, arch_check]
