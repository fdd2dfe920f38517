"""Coverage an AC keeps only because the tests that checked it are gone (QA rounds, seed 004).

Each QA round saves, beside its finding fingerprints, what its coverage rested on
(`saved`): per AC, the tests that counted for it and whether each asserted something of it
(matched by its id, a Then literal or an expected exception: `ASSERTING`) or only shared its
words; and a short digest of every test id the round read. A review compares itself with:
- the previous round, the newest saved round that reviewed other files (`previous`: a review
  of unchanged files is that round again, compared with the one before it);
- the story's tests in other versions git holds (`from_tests`): where its branch left the
  base, and as the branch's own commits had them (the review reads those files). These are
  matched to the ACs as they read now. A first review sees a committed deletion too. A version
  whose test files the previous round read as they are, every test of it among the round's,
  is that round's to speak for (`reviewed_in`): the round counted its tests with the run's
  signals, which a version read from git lacks (bitmath's story reviewed on master, then a
  test skipped: master's matching without the run had read it "matched to" an AC the run
  showed it never checked, and the AC's gap named it as that AC's test made a placeholder).
Each comparison is judged on its own and the exclusions merged (`merged`). An AC the lost rule
leaves with no test keeps, in its round's record, the coverage it was judged against (`saved`),
so the rounds after it stay judged against the tests that checked it.

Rules, per AC (`judge`):
- **lost**: the other version counted tests that asserted something of it, every one of them
  is gone (deleted or renamed), and no test matching it now asserts anything of it. The tests
  left that were there then, matching it by words alone, do not count for it:
  they were read beside the tests that checked it and are no test of it by themselves (the
  words a test shares with an AC are what the matcher can be fooled by; deleting an AC's
  tests must not leave it covered by a neighbour's). A new test matching it by words counts
  as any test does (a rewrite under new names). Naming the AC's id in a test that verifies it
  counts it again. So, however they match it, are the tests matching it now where every test
  that counted for it then is gone and each of them was there then and did not count for it:
  a neighbour asserting a value the AC's tests shared (headers-polyfill's `flatten` tests by
  the `", "` of "joined by ', '", its P0 AC's one test deleted, had kept it covered) is no
  test of it either.
- A test that counted for it then and is a placeholder now (`hollow`: its check taken out, a
  skip written in) or that this run skipped (`skipped`: `pytest.skip()` as it runs) is lost
  as a deleted one is, in both rules above and below: sqids' AC3, its own test skipped, had
  stayed covered by a neighbour matching it by words.
- **thinned**: otherwise, tests that counted for it then are gone and what matches it now is
  only tests that were there then, one of them counted for it then too: a warning naming
  what is gone, blocking nothing (a redundant test removed reads the same). Each lost test is
  said as what became of it, gone, moved, a placeholder now or skipped in this run, and
  never as another: two waiting tests each given a `t.Skip` had read "are moved: ... is now a
  placeholder"; several said alike are said once, their verb plural ("were skipped in this
  run" of a test file's tests a build tag kept from the run). So in the reason a neighbour
  does not count: a test moved, renamed to a name its runner does not run or no longer run
  is not "gone since" (tablewriter's `TestNumberAlign` made `testNumberAlign` had been).
- **emptied**: tests that counted for it then are gone and no test matches it now: the
  coverage check's gap, which names them (natsort's P0 AC read only "AC2 has no test" with
  its four tests on the base deleted on the branch). So with tests that counted for it then
  and are placeholders now (`hollow`) where nothing counts for it now: the gap names each with
  the line that makes it one, as it names a deleted one (python-semver's `test_should_bump_
  build`, its check made a bare call, no longer matched the AC, whose gap named two unrelated
  nearest tests and not that its own test checks nothing now).
- A test that failed in this run and matches no AC by its words is said, in its finding, to
  have been what the first version compared that took it for an AC took it for (`took_then`:
  pysrt's `test_vtt_positioning`, counted for AC10 by its run in round 1, had read "it matches
  no AC" once it failed).
Pure, but `previous`, which reads the saved rounds (the review reads git's versions).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gaia_lib.evidence.ac_coverage import CoverageResult
    from gaia_lib.evidence.testcases import TestCase
    from gaia_lib.story.acceptance import AcceptanceCriterion

ASSERTING = frozenset({"id", "literal", "exception"})
NAMED = 3  # gone tests a reason names before "and N more"
_ROUND_FILE = re.compile(r"findings-round([0-9]+)\.json")


def id_digest(test_id: str) -> str:
    """A test id as a round saves it: 12 hex digits of its sha256 (a suite's ids stay small)."""
    return hashlib.sha256(test_id.encode("utf-8")).hexdigest()[:12]


def asserts(how: Iterable[str]) -> bool:
    return bool(ASSERTING & set(how))


def saved(per_ac: Sequence[Mapping[str, Any]], test_ids: Iterable[str],
          carried: Mapping[str, Mapping[str, bool]] | None = None,
          files: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What a round saves: per AC its counted tests (`per_ac` rows of the analysis, each match
    with its `how`), each true when it asserts something of the AC; the tests it read; the
    hashes of the files it read (`files`, by path: `reviewed_in`). An AC
    the lost rule left with no test keeps the coverage it was judged against (`carried`):
    the next round is judged against the tests that checked it, not against its gap, or a
    change to any other file would count the neighbour again."""
    coverage = {}
    for row in per_ac:
        ac_id = str(row["ac_id"])
        counted = set(row.get("tests") or ())
        coverage[ac_id] = {
            str(m["test"]): asserts(m.get("how") or ()) for m in row.get("matches") or ()
            if isinstance(m, Mapping) and m.get("test") in counted}
        if not counted and ac_id in (carried or {}):
            coverage[ac_id] = {str(t): bool(a) for t, a in (carried or {})[ac_id].items()}
    return {"coverage": coverage, "tests": sorted({id_digest(t) for t in test_ids}),
            "files": dict(sorted((files or {}).items()))}


@dataclass(frozen=True)
class Previous:
    round: int  # 0: not a round, another version in git (`from_tests`)
    coverage: Mapping[str, Mapping[str, bool]]  # AC id -> counted test -> asserted it
    tests: frozenset[str]  # id_digest of every test the round read
    where: str = ""  # how a reason names it: "in round 2", "on main"
    commit: str = ""  # the commit of a version in git (`from_tests`) where it is one commit
    # the hashes of the test files it read, by path: a round's, or a version's in git, each
    # file in its newest version there ("" for one deleted there)
    files: Mapping[str, str] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return self.where or f"in round {self.round}"

    @property
    def took(self) -> str:
        """How a test was its AC's then: a round counted it; another version in git was only
        matched, without the run a review reads (tomlkit's test made a placeholder on the
        branch had read "counted for AC8 earlier on this branch", though no review had)."""
        return "counted for it" if self.round else "matched to it"

    def marker(self) -> str:
        """Which saved round, with what, a review was compared with (the cache checks it)."""
        data = json.dumps([self.round, self.coverage, sorted(self.tests)], sort_keys=True)
        return f"{self.round}:{hashlib.sha256(data.encode('utf-8')).hexdigest()[:16]}"


def previous(state_dir: Path, inputs: str) -> Previous | None:
    """The newest saved round whose inputs differ from `inputs` and that saved its coverage."""
    numbers = sorted((int(m.group(1)) for p in state_dir.glob("findings-round*.json")
                      if (m := _ROUND_FILE.fullmatch(p.name))), reverse=True)
    for number in numbers:
        try:
            value = json.loads((state_dir / f"findings-round{number}.json")
                               .read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(value, dict) or value.get("inputs") == inputs:
            continue
        coverage, tests = value.get("coverage"), value.get("tests")
        if not isinstance(coverage, dict) or not isinstance(tests, list):
            return None  # saved before rounds kept their coverage: nothing to compare with
        files = value.get("files")
        return Previous(number, {str(ac): {str(t): bool(a) for t, a in row.items()}
                                 for ac, row in coverage.items() if isinstance(row, dict)},
                        frozenset(map(str, tests)),
                        files={str(p): str(h) for p, h in files.items()}
                        if isinstance(files, dict) else {})
    return None


def reviewed_in(version: Previous, before: Previous | None) -> bool:
    """Whether a version in git (`from_tests`) is one the previous round (`before`) reviewed:
    its every test file read by the round as it is there, its every test among the round's.
    That round's record is then what its tests counted for, with the run's signals; the
    version's matching without them says no more of those same tests."""
    return bool(before is not None and before.round and version.files
                and all(before.files.get(rel, "") == digest
                        for rel, digest in version.files.items())
                and version.tests <= before.tests)


@dataclass(frozen=True)
class Judged:
    # AC id -> test -> why it does not count for that AC (the lost rule)
    excluded_for: Mapping[str, Mapping[str, str]]
    # AC id -> the warning's sentence (the thinned rule)
    thinned: Mapping[str, str]
    # AC id -> what of it is gone, for the gap's finding (the emptied rule)
    emptied: Mapping[str, str] = field(default_factory=dict)
    # AC id -> its tests then that `emptied` says are placeholders now (the gap names them so,
    # not again as tests that do not count), and the words that say so
    hollowed: Mapping[str, tuple[tuple[str, ...], str]] = field(default_factory=dict)


def _named(tests: Sequence[str]) -> str:
    shown = ", ".join(tests[:NAMED])
    return shown + (f" and {len(tests) - NAMED} more" if len(tests) > NAMED else "")


_PLACEHOLDER = "is now a placeholder"


def _plural(said: str) -> str:
    """What became of one test, said of several: "is" / "was" as "are" / "were", "is now a
    placeholder" as "are now placeholders", why it never ran as `outcomes.of_several` says it."""
    from gaia_lib.evidence import outcomes

    said = outcomes.of_several(said)
    if said.startswith(_PLACEHOLDER):
        return "are now placeholders" + said[len(_PLACEHOLDER):]
    for one, many in (("is ", "are "), ("was ", "were ")):
        if said.startswith(one):
            return many + said[len(one):]
    return said


def _went(gone: Sequence[str], unrun: AbstractSet[str], moved: Mapping[str, str],
          now: Mapping[str, str] | None = None) -> str:
    """What became of the `gone` tests, as the gap's and the warning's sentences say it
    (`moved`: a gone test -> what it is now, `moved_out`, `renamed_unrun`; `now`: a lost test
    still there -> what it is now, a placeholder or skipped in this run)."""
    now = now or {}
    became = {**moved, **now}
    if len(gone) == 1 and gone[0] in became:
        return became[gone[0]]
    if all(t in became for t in gone) and len({became[t] for t in gone}) == 1:  # said once
        return _plural(became[gone[0]])
    if became.keys() & set(gone):
        kinds = dict.fromkeys(sorted(
            (("placeholders now" if now[t].startswith(_PLACEHOLDER) else "skipped")
             if t in now else "moved" if t in moved else "gone" for t in gone),
            key=("gone", "moved", "placeholders now", "skipped").index))
        said = list(kinds)
        return (f"are {', '.join(said[:-1])} or {said[-1]}: " if len(said) > 1
                else f"are {said[0]}: ") + "; ".join(f"{t} {became[t]}" for t in gone
                                                     if t in became)
    if all(t in unrun for t in gone):
        return "no longer runs" if len(gone) == 1 else "no longer run"
    return ("is gone" if len(gone) == 1 else "are gone") if not unrun & set(gone) else \
        "are gone or no longer run"


def namesakes(before: Previous, present: AbstractSet[str], outside: Iterable[str]
              ) -> dict[str, list[str]]:
    """Per file, the tests outside the File List now (`outside`) named as a test of `before`
    gone since (not in `present`): where it might have moved to (`moved_out`), unless the
    file had it then too."""
    gone = {t.partition("::")[2] for row in before.coverage.values() for t in row
            if t not in present}
    out: dict[str, list[str]] = {}
    for test in outside:
        if test.partition("::")[2] in gone:
            out.setdefault(test.partition("::")[0], []).append(test)
    return out


def moved_out(gone_from: Iterable[str], unattributed: Iterable[str],
              there_then: AbstractSet[str] = frozenset()) -> dict[str, str]:
    """Of the story's tests of another version (`gone_from`), each whose name a test outside
    the File List now has, in another file (`simple_test.go::TestSimpleFormat` for
    `columnize_test.go::TestSimpleFormat`), with what it is now: moved, not deleted. A test
    that other version read too (`there_then`: their `id_digest`s) is where it was, no test
    moved there: itertools-ts's `async-stream.test.ts` has groups named as `stream.test.ts`'s,
    and a deleted `Stream Infinite Of Count Test` of the latter had read "is now" the
    former's."""
    elsewhere: dict[str, list[str]] = {}
    for test in unattributed:
        if id_digest(test) not in there_then:
            elsewhere.setdefault(test.partition("::")[2], []).append(test)
    return {test: f"is now {found[0]}, outside the File List" for test in gone_from
            if len(found := elsewhere.get(test.partition("::")[2], [])) == 1
            and found[0] != test}


# A Go function declaration and the names `go test` runs (`TestX`, not `Testx` nor `testX`)
_GO_FUNC = re.compile(r"^func\s+([A-Za-z_]\w*)\s*\(", re.M)
_GO_RUN_NAME = re.compile(r"^(?:Test|Benchmark|Example|Fuzz)(?![a-z])")
# A Python function or method, and the names pytest (and unittest's loader) runs: `test...`
_PY_FUNC = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)[ \t]*\(", re.M)


def renamed_unrun(gone_from: Iterable[str], texts: Mapping[str, str]) -> dict[str, str]:
    """Of the story's Go and Python tests of another version (`gone_from`), each whose file
    (`texts`, by path) now declares, under a name its runner does not run, a function named
    as it with something before it or its first letter's case changed (`testEmptyLinesOutput`,
    `_TestEmptyLinesOutput`, `xTestEmptyLinesOutput` for `TestEmptyLinesOutput`; `_test_x`,
    `xtest_x`, `Test_x` for `test_x`, pytest running only names starting `test`), with what
    it is now: still in its file, never run (columnize's `TestEmptyLinesOutput` made
    `testEmptyLinesOutput`, bitmath's `test_parse_non_strict_invalid_input` made
    `_test_parse_non_strict_invalid_input`, had read "is gone")."""
    out = {}
    for test in gone_from:
        file, _, name = test.partition("::")
        if file.endswith("_test.go") and "/" not in name and file in texts:
            found = [f for f in _GO_FUNC.findall(texts[file]) if not _GO_RUN_NAME.match(f)
                     and f.lower().endswith(name.lower()) and f != name]
            runner = "`go test`"
        elif file.endswith(".py") and "[" not in name and file in texts:
            name = name.rpartition("::")[2]  # a method: its class aside
            found = [f for f in _PY_FUNC.findall(texts[file]) if not f.startswith("test")
                     and f.lower().endswith(name.lower()) and f != name]
            runner = "pytest"
        else:
            continue
        if len(found) == 1:
            out[test] = f"is now `{found[0]}`, a name {runner} does not run"
    return out


def _hollowed(tests: Sequence[str], hollow: Mapping[str, str], before: Previous) -> str:
    """Tests that counted for an AC then and are placeholders now, as the gap names them:
    each with where it is one and why (`hollow`: test -> `line 20: ...`)."""
    what = "; ".join(f"{t} at {hollow[t]}" for t in tests) if len(tests) > 1 \
        else hollow[tests[0]]
    return (f"{_named(tests)}, {before.took} {before.label}, "
            f"{'is now a placeholder' if len(tests) == 1 else 'are now placeholders'} ({what})")


def _since(lost: Sequence[str], missing: AbstractSet[str], hollow: Mapping[str, str],
           unlisted: AbstractSet[str] = frozenset()) -> str:
    """What became of the tests an AC lost, as the reason a neighbour does not count says it:
    "gone since", "outside the File List since" (`unlisted`: still in a file it no longer
    names), "a placeholder since", "skipped since" (joined by "or" where they differ)."""
    kinds = dict.fromkeys("unlisted" if t in unlisted else "gone" if t in missing
                          else "placeholder" if t in hollow else "skipped" for t in lost)
    many = len(lost) > 1
    said = {"gone": "gone", "skipped": "skipped", "unlisted": "outside the File List",
            "placeholder": "placeholders" if many else "a placeholder"}
    return " or ".join(said[kind] for kind in kinds) + " since"


def judge(before: Previous, matches: Mapping[str, Sequence[tuple[str, Sequence[str]]]],
          present: AbstractSet[str], unrun: AbstractSet[str] = frozenset(),
          unattributed: Iterable[str] = (), texts: Mapping[str, str] | None = None,
          hollow: Mapping[str, str] | None = None,
          skipped: Mapping[str, str] | None = None,
          unlisted: AbstractSet[str] = frozenset()) -> Judged:
    """`matches`: per AC id, this round's (test, how) pairs the matcher gives it; `present`:
    every test id this round read; `unrun`: those of the others still in their file but no
    test the runner runs (a Go example without its output comment): the warning and the gap
    say they no longer run, not that they are gone; `unattributed`: the tests outside the File
    List this round read: one of a gone test's name in another file is where it went
    (`moved_out`), and the gap and the warning say so, not that it is gone (columnize's
    `TestSimpleFormat` moved to a file the File List does not name had read "is gone"); so
    with a Go test renamed in its file (`texts`, the story's test files by path:
    `renamed_unrun`); `hollow`: the tests read now that are placeholders, each with the line
    that makes it one and why (`line 20: ...`): one that counted for an AC then, with nothing
    counting for it now, is named by the gap as a deleted one is; `skipped`: the tests read
    now that this run skipped, each with why (the coverage check's gap names them already);
    `unlisted`: the files of `before`'s tests that are in the project as they were then and
    that this round did not read, the File List no longer naming them, in a tree discovery
    does not walk (hono's `dist/`): their tests are in a file the File List no longer names,
    not gone (its entry rewritten as the TypeScript source the package does not ship had read
    "are gone").
    A placeholder or skipped test that counted then is lost as a deleted one is."""
    # a test still there but outside the File List now (its file's entry misspelt or
    # dropped: keyvaluecache's AC9 had read "has no test", its tests unnamed) is no longer
    # the story's either
    outside = set(unattributed)
    missing = {t for row in before.coverage.values() for t in row
               if t not in present or t in outside}
    unread = {t for t in missing - outside if t.partition("::")[0] in unlisted}
    moved = {**moved_out(missing - outside - unread, unattributed, before.tests),
             **renamed_unrun(missing - unread, texts or {}),
             **{t: "is in a file the File List no longer names"
                for t in missing & (outside | unread)}}
    excluded: dict[str, dict[str, str]] = {}
    thinned: dict[str, str] = {}
    emptied: dict[str, str] = {}
    hollowed: dict[str, tuple[tuple[str, ...], str]] = {}
    # a test that counted then and is a placeholder now, or skipped in this run, is lost as a
    # deleted one is
    hollow, skipped = hollow or {}, skipped or {}
    emptied_now = {**{t: f"was skipped in this run ({why})" for t, why in skipped.items()},
                   **{t: f"is now a placeholder ({why})" for t, why in hollow.items()}}
    for ac_id, counted in sorted(before.coverage.items()):
        gone = sorted(t for t in counted if t in missing)
        now = list(matches.get(ac_id) or ())
        empty = sorted(t for t in counted if t in hollow and t not in missing)
        if empty and not now:
            hollowed[ac_id] = (tuple(empty), _hollowed(empty, hollow, before))
        if not now and (gone or empty):
            emptied[ac_id] = "; ".join([
                *([f"{_named(gone)}, {before.took} {before.label}, "
                   f"{_went(gone, unrun, moved)}"] if gone else []),
                *([hollowed[ac_id][1]] if empty else [])])
        lost = sorted({*gone, *empty, *(t for t in counted if t in skipped and t not in missing)})
        if not lost or not now:
            continue
        unlisted_lost = missing & (outside | unread)
        since = _since(lost, missing, hollow, unlisted_lost)
        if any((t in moved or t in unrun) and t not in unlisted_lost for t in lost):
            since = f"which {_went(lost, unrun, moved, emptied_now)}"  # not gone: what it is
        asserting = any(asserts(how) for _, how in now)
        old = [t for t, _ in now if id_digest(t) in before.tests]
        checked = [t for t, asserted in counted.items() if asserted]
        if len(lost) == len(counted) and old and len(old) == len(now) \
                and not set(old) & set(counted):
            # every test it counted then is gone, and what matches it now was there then and
            # did not count for it: read beside the tests that checked it, no test of it
            why = (f"was there {before.label} and was not {before.took} beside the "
                   f"test{'s' if len(lost) > 1 else ''} that {'were' if len(lost) > 1 else 'was'}"
                   f" ({_named(lost)}), {since}")
            excluded[ac_id] = {t: why for t in old}
        elif not asserting and checked and all(t in lost for t in checked):
            why = (f"was there {before.label} beside the "
                   f"test{'s' if len(checked) > 1 else ''} that checked it "
                   f"({_named(sorted(checked))}), {since}; it only shares the AC's words")
            excluded[ac_id] = {t: why for t in old}
        elif old and len(old) == len(now):
            thinned[ac_id] = (f"{ac_id}: {_named(lost)}, {before.took} {before.label}, "
                              f"{_went(lost, unrun, moved, emptied_now)}; it "
                              f"now rests on {_named(sorted(old))}, "
                              + ("there then too" if asserting else "matched by words alone"))
    return Judged(excluded, thinned, emptied, hollowed)


def from_tests(where: str, key: str, criteria: Sequence[AcceptanceCriterion],
               cases: Sequence[TestCase], file_list: Sequence[str],
               hollow: AbstractSet[str] = frozenset()) -> Previous | None:
    """The story's tests in another version (`cases`, read from git: where the branch left
    the base, "on main"; the branch's own commits, "earlier on this branch"), matched to the
    ACs as they read now: a branch that deletes the tests that checked an AC is judged
    against them at its first review too. The tests that were placeholders in it (`hollow`)
    counted for no AC, as a round's own do not. None when that version had none of them."""
    from gaia_lib.evidence import ac_coverage

    if not cases:
        return None
    result = ac_coverage.analyze(key, criteria, cases, file_list=file_list)
    return Previous(0, {ac_id: {test: asserts(how) for test, how in pairs if test not in hollow}
                        for ac_id, pairs in matches_of(result).items()},
                    frozenset(id_digest(c.test_id) for c in cases), where)


def matches_of(result: CoverageResult) -> dict[str, list[tuple[str, tuple[str, ...]]]]:
    """Per AC id, the (test, how) pairs the matcher gives it: what `judge` reads of a review
    and a comparison keeps of its version."""
    return {e.ac_id: [(m.test, m.how) for m in e.matches] for e in result.per_ac}


def counting(matches: Mapping[str, Sequence[tuple[str, Sequence[str]]]],
             excluded: AbstractSet[str] | Mapping[str, str],
             excluded_for: Mapping[str, Mapping[str, str]]
             ) -> dict[str, list[tuple[str, Sequence[str]]]]:
    """`matches` less the tests that do not count: for every AC (`excluded`: a placeholder, a
    skipped or failed test) or for that AC (`excluded_for`): what `judge` reads as an AC's
    coverage now. An AC left with only a placeholder rests on nothing, not on it (goutils'
    `TestInitials` made to compare a result with itself)."""
    return {ac_id: [(t, how) for t, how in pairs
                    if t not in excluded and t not in excluded_for.get(ac_id, {})]
            for ac_id, pairs in matches.items()}


def carried(compared: Sequence[Previous], judged: Sequence[Judged],
            uncovered: Iterable[str]) -> dict[str, dict[str, bool]]:
    """Of the ACs left with no test (`uncovered`), those the lost rule excluded tests of, each
    with the coverage it was judged against (of every comparison that excluded some): what
    its round's record keeps (`saved`)."""
    out: dict[str, dict[str, bool]] = {}
    for ac_id in uncovered:
        for before, one in zip(compared, judged, strict=True):
            if one.excluded_for.get(ac_id):
                out.setdefault(ac_id, {}).update(before.coverage[ac_id])
    return out


def took_then(compared: Sequence[Previous], tests: Iterable[str],
              order: Sequence[str] = ()) -> dict[str, str]:
    """Per test, what the first version it was compared with that took it for an AC took it
    for ("it counted for AC10 in round 1", "it was matched to AC2 on main"), its ACs in
    `order` (the story's)."""
    rank = {ac_id: at for at, ac_id in enumerate(order)}
    out: dict[str, str] = {}
    for test in tests:
        for before in compared:
            acs = sorted((ac_id for ac_id, counted in before.coverage.items() if test in counted),
                         key=lambda ac_id: (rank.get(ac_id, len(rank)), ac_id))
            if acs:
                verb = before.took.rpartition(" ")[0]  # "counted for", "matched to"
                out[test] = (f"it {'' if before.round else 'was '}{verb} {', '.join(acs)} "
                             f"{before.label}")
                break
    return out


def merged(judged: Sequence[Judged]) -> Judged:
    """Several comparisons (the previous round, the base) as one: every exclusion, the first
    warning of each AC."""
    excluded: dict[str, dict[str, str]] = {}
    thinned: dict[str, str] = {}
    emptied: dict[str, str] = {}
    hollowed: dict[str, tuple[tuple[str, ...], str]] = {}
    for one in judged:
        for ac_id, tests in one.excluded_for.items():
            excluded[ac_id] = {**tests, **excluded.get(ac_id, {})}
        for ac_id, message in one.thinned.items():
            thinned.setdefault(ac_id, message)
        for ac_id, message in one.emptied.items():
            said = hollowed.get(ac_id, ((), ""))
            if ac_id not in emptied:  # the first that said it
                emptied[ac_id] = message
                if ac_id in one.hollowed:
                    hollowed[ac_id] = one.hollowed[ac_id]
            elif ac_id in one.hollowed and not set(one.hollowed[ac_id][0]) <= set(said[0]):
                # placeholders now that the first did not see (its version had other tests)
                emptied[ac_id] = f"{emptied[ac_id]}; {one.hollowed[ac_id][1]}"
                hollowed[ac_id] = (tuple(sorted({*said[0], *one.hollowed[ac_id][0]})),
                                   f"{said[1]}; {one.hollowed[ac_id][1]}".lstrip("; "))
    return Judged(excluded, thinned, emptied, hollowed)
