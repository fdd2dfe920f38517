"""How well the AC matcher agrees with a person's labels: precision and recall over AC-test pairs.

A labelled story is a story file, a test tree and a labels file (JSON):
`{"story": "story.md", "tests": {"<test id>": {"covers": ["AC1"], "near_miss": ["AC2"]}},
"unattributed": {"<test id>": ["E4-S1"]}}`. Every test of the story is listed under `tests`;
`covers` are the ACs it verifies, `near_miss` ACs it resembles but does not verify (they are
negatives like every unlisted pair, and are counted as labelled pairs). `unattributed` lists the
tests the attribution rule must set aside, with the other story keys each names.

Rules: a predicted pair (test, AC) is a true positive when the labels say the test covers the
AC, else a false positive (a prediction for a test missing from the labels is a false positive
too); a labelled pair not predicted is a false negative. Precision = TP / (TP + FP), recall =
TP / (TP + FN); each is 1.0 when its denominator is 0. Pure, except `load` which reads files.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from gaia_lib.core import paths
from gaia_lib.evidence import ac_coverage, discovery, testcases
from gaia_lib.story.acceptance import AcceptanceCriterion
from gaia_lib.story.parser import load_story

FIXTURE_SUFFIX = ".fixture"  # corpus files carry it so no tool collects or lints them


@dataclass(frozen=True)
class Labelled:
    name: str
    story_key: str
    criteria: tuple[AcceptanceCriterion, ...]
    file_list: tuple[str, ...]
    cases: tuple[testcases.TestCase, ...]
    covers: dict[str, tuple[str, ...]]  # test id -> the ACs it verifies
    near_misses: int
    unattributed: dict[str, tuple[str, ...]]

    @property
    def labelled_pairs(self) -> int:
        return sum(len(acs) for acs in self.covers.values()) + self.near_misses


@dataclass(frozen=True)
class Quality:
    true_positives: int
    false_positives: int
    false_negatives: int
    wrong: tuple[tuple[str, str], ...] = field(default=())  # (test, AC) predicted, not labelled
    missed: tuple[tuple[str, str], ...] = field(default=())  # (test, AC) labelled, not predicted

    @property
    def precision(self) -> float:
        found = self.true_positives + self.false_positives
        return self.true_positives / found if found else 1.0

    @property
    def recall(self) -> float:
        wanted = self.true_positives + self.false_negatives
        return self.true_positives / wanted if wanted else 1.0

    def __add__(self, other: Quality) -> Quality:
        return Quality(self.true_positives + other.true_positives,
                       self.false_positives + other.false_positives,
                       self.false_negatives + other.false_negatives,
                       self.wrong + other.wrong, self.missed + other.missed)


def pairs(result: ac_coverage.CoverageResult) -> set[tuple[str, str]]:
    return {(test, entry.ac_id) for entry in result.per_ac for test in entry.tests}


def compare(predicted: Iterable[tuple[str, str]],
            covers: Mapping[str, Sequence[str]]) -> Quality:
    got = set(predicted)
    wanted = {(test, ac) for test, acs in covers.items() for ac in acs}
    return Quality(len(got & wanted), len(got - wanted), len(wanted - got),
                   tuple(sorted(got - wanted)), tuple(sorted(wanted - got)))


@dataclass(frozen=True)
class AcVerdicts:
    """Per AC, what the review's coverage rests on, the matcher's against the labels': `right`
    (covered, by at least one labelled test), `empty` (no labelled test and none matched),
    `missed` (a labelled test covers it, none matched), `false` (matched, but by no
    labelled test: covered in the report, uncovered in truth)."""

    right: int = 0
    empty: int = 0
    missed: int = 0
    false: int = 0

    def __add__(self, other: AcVerdicts) -> AcVerdicts:
        return AcVerdicts(self.right + other.right, self.empty + other.empty,
                          self.missed + other.missed, self.false + other.false)

    @property
    def agreement(self) -> float:
        total = self.right + self.empty + self.missed + self.false
        return (self.right + self.empty) / total if total else 1.0


def ac_verdicts(result: ac_coverage.CoverageResult,
                covers: Mapping[str, Sequence[str]]) -> AcVerdicts:
    """`AcVerdicts` of `result` against the labels `covers` (test id -> ACs it verifies)."""
    counts = {"right": 0, "empty": 0, "missed": 0, "false": 0}
    for entry in result.per_ac:
        wanted = {test for test, acs in covers.items() if entry.ac_id in acs}
        if entry.matched:
            counts["right" if wanted & set(entry.tests) else "false"] += 1
        else:
            counts["missed" if wanted else "empty"] += 1
    return AcVerdicts(**counts)


def nearest_hits(result: ac_coverage.CoverageResult,
                 covers: Mapping[str, Sequence[str]]) -> tuple[int, int]:
    """(ACs the matcher leaves without a test although a labelled test covers them, how many
    of those name a labelled test among their nearest tests): where a reviewer reading the
    report's nearest tests would find the test the words missed."""
    left = found = 0
    for entry in result.per_ac:
        wanted = {test for test, acs in covers.items() if entry.ac_id in acs}
        if entry.matched or not wanted:
            continue
        left += 1
        found += bool(wanted & {m.test for m in entry.candidates})
    return left, found


def split_tree(root: Path, files: Iterable[str], suffix: str = "",
               code: Mapping[str, str] | None = None) -> list[testcases.TestCase]:
    """Test cases of `files` (paths relative to `root`, without `suffix`, which the stored
    files carry); `code`: the story's sources, as the review reads them
    (`testcases.split_tests`)."""
    cases = []
    for rel in sorted(files):
        text = (root / (rel + suffix)).read_text(encoding="utf-8")
        cases.extend(testcases.split_tests(rel, text, code))
    return cases


def load(labels_path: Path, tree: Path | None = None, stack: str = "python-dev") -> Labelled:
    """A labelled story: the labels file and the story beside it. Its tests: every file under
    the labels' directory ending in FIXTURE_SUFFIX, or, given a project `tree`, the test files
    a full review of that project discovers for `stack`."""
    base = labels_path.parent
    data = json.loads(labels_path.read_text(encoding="utf-8"))
    story = load_story(base / data["story"])
    file_list = tuple(c for c in map(paths.listed_path, story.file_list or ()) if c)
    if tree is None:
        root, suffix = base, FIXTURE_SUFFIX
        files = [p.relative_to(root).as_posix()[: -len(suffix)] for p in sorted(root.rglob("*"))
                 if p.is_file() and p.name.endswith(suffix)]
    else:
        root, suffix = tree, ""
        found = discovery.discover(tree, discovery.review_stacks(tree, stack), file_list,
                                   full=True)
        files = list(found.all_files)
    # the File List's sources that are no test file, as the review reads them
    # (`phases.Reads.code_under_test`); a stored story keeps none
    code = {rel: (root / rel).read_text(encoding="utf-8", errors="replace")
            for rel in file_list if rel not in files and (root / rel).is_file()} \
        if tree is not None else {}
    tests = data["tests"]
    return Labelled(
        name=base.name, story_key=story.key or "", criteria=story.acceptance_criteria,
        file_list=file_list, cases=tuple(split_tree(root, files, suffix, code)),
        covers={test: tuple(row["covers"]) for test, row in tests.items()},
        near_misses=sum(len(row.get("near_miss", [])) for row in tests.values()),
        unattributed={test: tuple(keys) for test, keys in data.get("unattributed", {}).items()},
    )


def measure(labelled: Labelled, executes: Mapping[str, bool] | None = None,
            units: ac_coverage.UnitRuns | None = None
            ) -> tuple[Quality, ac_coverage.CoverageResult]:
    """The matcher's quality on `labelled`; `executes` and `units`: the per-test coverage
    signals, where a run measured them (`ac_coverage.analyze`)."""
    result = ac_coverage.analyze(labelled.story_key, labelled.criteria, labelled.cases,
                                 file_list=labelled.file_list, executes=executes, units=units)
    return compare(pairs(result), labelled.covers), result
