"""The AC-to-test coverage analyzer (Phase 3A): which tests cover which acceptance criterion.

A test covers an AC when it names the AC's id (`AC2`, `ac2`, `AC-EC1`, `ac_ec1` in its name,
docstring or a comment above it) or, failing any id, when its name shares most of its words
with the AC's Given/When/Then text. A test that names a different story's key (E1-S3) and not
this one belongs to that story: it is never counted, and is reported in `unattributed_tests`.
Coverage is the share of ACs with at least one test; the count is not a weight.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gaia_lib.evidence.testcases import TestCase
from gaia_lib.story.acceptance import AcceptanceCriterion

_AC_REF = re.compile(r"(?<![A-Za-z0-9])ac[-_ ]?(?P<ec>ec[-_]?)?(?P<num>[0-9]+)(?![0-9])", re.I)
_STORY_REF = re.compile(r"(?<![A-Za-z0-9])e(?P<e>[0-9]+)[-_]s(?P<s>[0-9]+)(?![0-9])", re.I)
_WORD = re.compile(r"[A-Za-z][a-z]+|[A-Z]+(?![a-z])|[0-9]+")
_STOPWORDS = frozenset({
    "a", "an", "the", "and", "or", "of", "to", "in", "on", "for", "with", "by", "is", "are", "be",
    "it", "its", "as", "at", "from", "that", "this", "then", "when", "given", "should", "must",
    "can", "test", "tests", "user", "system", "returns", "return",
})
TEXT_MATCH_MIN_WORDS = 2
TEXT_MATCH_MIN_SHARE = 0.6


@dataclass(frozen=True)
class AcCoverage:
    ac_id: str
    matched: bool
    test_count: int
    tests: tuple[str, ...]  # test ids, sorted
    matched_by: str | None  # "id" | "text" | None
    edge_case: bool
    structured: bool


@dataclass(frozen=True)
class UnattributedTest:
    test: str
    story_keys: tuple[str, ...]


@dataclass(frozen=True)
class CoverageResult:
    per_ac: tuple[AcCoverage, ...]
    unattributed_tests: tuple[UnattributedTest, ...]

    @property
    def coverage_percent(self) -> float:
        if not self.per_ac:
            return 0.0
        covered = sum(1 for ac in self.per_ac if ac.matched)
        return round(100.0 * covered / len(self.per_ac), 1)

    def uncovered(self, *, edge_case: bool | None = None) -> tuple[str, ...]:
        return tuple(
            ac.ac_id
            for ac in self.per_ac
            if not ac.matched and (edge_case is None or ac.edge_case == edge_case)
        )


def _words(text: str) -> set[str]:
    found = set()
    for word in _WORD.findall(text.replace("_", " ")):
        lowered = word.lower()
        if len(lowered) > 3 and lowered.endswith("s"):
            lowered = lowered[:-1]  # plural folding: "accounts" ~ "account"
        if lowered not in _STOPWORDS:
            found.add(lowered)
    return found


def ac_refs(text: str) -> set[str]:
    """The canonical AC ids a test text names: `test_ac2_x` -> {"AC2"}, `ac_ec1` -> {"AC-EC1"}."""
    refs = set()
    for match in _AC_REF.finditer(text):
        refs.add(("AC-EC" if match.group("ec") else "AC") + str(int(match.group("num"))))
    return refs


def story_refs(text: str) -> set[str]:
    return {f"E{int(m.group('e'))}-S{int(m.group('s'))}" for m in _STORY_REF.finditer(text)}


def _name_words(case: TestCase) -> set[str]:
    name = case.name.rsplit("::", 1)[-1]
    return _words(re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name))


def analyze(
    story_key: str, criteria: Sequence[AcceptanceCriterion], cases: Iterable[TestCase]
) -> CoverageResult:
    """Match `cases` to `criteria`. Pure and deterministic: output order follows the story."""
    known = {ac.ac_id for ac in criteria}
    ac_words = {ac.ac_id: _words(" ".join(filter(None, (ac.given, ac.when, ac.then))) or ac.text)
                for ac in criteria}
    hits: dict[str, dict[str, str]] = {ac.ac_id: {} for ac in criteria}
    unattributed: list[UnattributedTest] = []
    for case in sorted(cases, key=lambda c: (c.file, c.line, c.name)):
        haystack = f"{case.file}\n{case.name}\n{case.body}"
        others = story_refs(haystack) - {story_key}
        if others and story_key not in story_refs(haystack):
            unattributed.append(UnattributedTest(case.test_id, tuple(sorted(others))))
            continue
        named = ac_refs(f"{case.name}\n{case.body}") & known
        if named:
            for ac_id in named:
                hits[ac_id][case.test_id] = "id"
            continue
        words = _name_words(case)
        if len(words) < TEXT_MATCH_MIN_WORDS:
            continue
        best: list[str] = []
        best_share = 0.0
        for ac in criteria:
            shared = words & ac_words[ac.ac_id]
            share = len(shared) / len(words)
            if len(shared) >= TEXT_MATCH_MIN_WORDS and share >= TEXT_MATCH_MIN_SHARE:
                if share > best_share:
                    best, best_share = [ac.ac_id], share
                elif share == best_share:
                    best.append(ac.ac_id)
        for ac_id in best:
            hits[ac_id].setdefault(case.test_id, "text")
    per_ac = []
    for ac in criteria:
        tests = hits[ac.ac_id]
        how = None
        if tests:
            how = "id" if "id" in tests.values() else "text"
        per_ac.append(AcCoverage(ac.ac_id, bool(tests), len(tests), tuple(sorted(tests)), how,
                                 ac.edge_case, ac.structured))
    return CoverageResult(tuple(per_ac), tuple(unattributed))
