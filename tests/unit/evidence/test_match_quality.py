"""The matcher against the labelled corpus (tests/fixtures/matching/): floors that fail on a
regression, and the attribution rule checked against every corpus's labels."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from gaia_lib.evidence import ac_coverage, match_quality
from gaia_lib.evidence.match_quality import Quality, compare
from gaia_lib.story.parser import load_story

CORPUS = Path(__file__).resolve().parents[2] / "fixtures" / "matching"
STORIES = sorted(CORPUS.glob("*/labels.json"))
# Measured when the floors were set: precision 0.865, recall 0.914 over 63 labelled pairs.
PRECISION_FLOOR = 0.85
RECALL_FLOOR = 0.9
PER_STORY_FLOOR = 0.75


def test_compare_counts_pairs() -> None:
    quality = compare({("t1", "AC1"), ("t1", "AC2"), ("t3", "AC1")},
                      {"t1": ["AC1"], "t2": ["AC2"], "t3": []})
    assert (quality.true_positives, quality.false_positives, quality.false_negatives) == (1, 2, 1)
    assert quality.wrong == (("t1", "AC2"), ("t3", "AC1")) and quality.missed == (("t2", "AC2"),)
    assert quality.precision == pytest.approx(1 / 3) and quality.recall == pytest.approx(0.5)


def test_nearest_hits_count_the_uncovered_acs_whose_nearest_tests_name_a_labelled_one() -> None:
    near = ac_coverage.Match("t2", 1.0, ("name",), ("x",))
    result = ac_coverage.CoverageResult((
        ac_coverage.AcCoverage("AC1", True, 1, ("t1",), "name", False, True),
        ac_coverage.AcCoverage("AC2", False, 0, (), None, False, True, (), (near,)),
        ac_coverage.AcCoverage("AC3", False, 0, (), None, False, True, (), (near,)),
        ac_coverage.AcCoverage("AC4", False, 0, (), None, False, True),
    ), ())
    covers = {"t1": ["AC1"], "t2": ["AC2"], "t3": ["AC3"]}
    # AC2 and AC3 are left uncovered though labelled; only AC2's nearest names its test.
    # AC4 has no labelled test: nothing was missed there.
    assert match_quality.nearest_hits(result, covers) == (2, 1)


def test_each_acs_coverage_is_judged_as_the_verdict_rests_on_it() -> None:
    result = ac_coverage.CoverageResult((
        ac_coverage.AcCoverage("AC1", True, 2, ("t1", "t9"), "name", False, True),  # right
        ac_coverage.AcCoverage("AC2", True, 1, ("t9",), "name", False, True),  # false
        ac_coverage.AcCoverage("AC3", False, 0, (), None, False, True),  # missed
        ac_coverage.AcCoverage("AC4", False, 0, (), None, False, True),  # rightly empty
        ac_coverage.AcCoverage("AC5", True, 1, ("t2",), "name", False, True),  # false
    ), ())
    covers = {"t1": ["AC1"], "t2": ["AC3"], "t9": []}
    verdicts = match_quality.ac_verdicts(result, covers)
    assert verdicts == match_quality.AcVerdicts(right=1, empty=1, missed=1, false=2)
    assert verdicts.agreement == 2 / 5
    assert (verdicts + verdicts).right == 2 and match_quality.AcVerdicts().agreement == 1.0


def test_empty_denominators_score_one() -> None:
    assert Quality(0, 0, 0).precision == 1.0 and Quality(0, 0, 0).recall == 1.0
    assert (Quality(1, 1, 0) + Quality(1, 0, 2)).recall == 0.5


def test_the_corpus_covers_three_stacks_and_sixty_pairs() -> None:
    loaded = [match_quality.load(path) for path in STORIES]
    suffixes = {Path(c.file).suffix for labelled in loaded for c in labelled.cases}
    assert {".py", ".ts", ".go"} <= suffixes
    assert sum(labelled.labelled_pairs for labelled in loaded) >= 60
    assert sum(labelled.near_misses for labelled in loaded) >= 20
    for labelled in loaded:  # every test the labels name exists, and vice versa
        ours = {c.test_id for c in labelled.cases} - set(labelled.unattributed)
        assert ours == set(labelled.covers), labelled.name


@pytest.mark.parametrize("labels", STORIES, ids=lambda p: p.parent.name)
def test_attribution_sets_aside_exactly_the_labelled_tests(labels: Path) -> None:
    labelled = match_quality.load(labels)
    _quality, result = match_quality.measure(labelled)
    assert {u.test: u.story_keys for u in result.unattributed_tests} == labelled.unattributed


@pytest.mark.parametrize("labels", STORIES, ids=lambda p: p.parent.name)
def test_each_corpus_story_stays_above_the_per_story_floor(labels: Path) -> None:
    quality, _result = match_quality.measure(match_quality.load(labels))
    assert quality.precision >= PER_STORY_FLOOR, quality.wrong
    assert quality.recall >= PER_STORY_FLOOR, quality.missed


def test_precision_and_recall_over_the_corpus_stay_above_their_floors() -> None:
    total = Quality(0, 0, 0)
    for labels in STORIES:
        total = total + match_quality.measure(match_quality.load(labels))[0]
    assert total.precision >= PRECISION_FLOOR, total.wrong
    assert total.recall >= RECALL_FLOOR, total.missed


def test_the_executes_signal_reaches_the_matcher() -> None:
    # the tests matched by words, shown executing none of the story's code, match nothing
    labelled = match_quality.load(STORIES[0])
    _quality, result = match_quality.measure(labelled)
    worded = {m.test for e in result.per_ac for m in e.matches if m.how != ("id",)}
    assert worded
    _quality, idle = match_quality.measure(labelled, dict.fromkeys(worded, False))
    assert not {m.test for e in idle.per_ac for m in e.matches if m.how != ("id",)}


BENCH_LABELS = Path(__file__).resolve().parents[3] / "bench" / "matching"


@pytest.mark.parametrize("labels", sorted(BENCH_LABELS.glob("*/labels*.json")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bench_labels_name_only_their_storys_acs(labels: Path) -> None:
    data = json.loads(labels.read_text(encoding="utf-8"))
    known = {ac.ac_id for ac in load_story(labels.parent / data["story"]).acceptance_criteria}
    used = {ac for row in data["tests"].values() for ac in (*row["covers"], *row["near_miss"])}
    assert used <= known, sorted(used - known)
    assert data["tests"], "a labels file lists every test of its story's files"


@pytest.mark.parametrize("second", sorted(BENCH_LABELS.glob("*/labels-second.json")),
                         ids=lambda p: p.parent.name)
def test_a_second_labelling_labels_the_same_tests(second: Path) -> None:
    first = json.loads(second.with_name("labels.json").read_text(encoding="utf-8"))["tests"]
    again = json.loads(second.read_text(encoding="utf-8"))["tests"]
    assert set(again) == set(first)


def test_acs_written_as_plain_sentences_keep_what_they_promise() -> None:
    """The corpus with every AC's Given / When / Then keywords taken out ("a revoked session
    token, it is sent ..., the request is rejected with status 401"), as a team writes ACs that
    follow no template: an AC with no Then clause promises what its statement says, weighed as
    a Then is. Read as promising nothing, the corpus measured 0.821 precision (7 false pairs)
    where its ACs in Given / When / Then measure 0.865."""
    total = Quality(0, 0, 0)
    for path in STORIES:
        labelled = match_quality.load(path)
        plain = tuple(dataclasses.replace(
            ac, text=re.sub(r"\b(?:[Gg]iven|when|then)\s+", "", ac.text), given=None,
            when=None, then=None) for ac in labelled.criteria)
        quality, _ = match_quality.measure(dataclasses.replace(labelled, criteria=plain))
        total += quality
    assert total.precision >= PRECISION_FLOOR and total.recall >= RECALL_FLOOR, total
