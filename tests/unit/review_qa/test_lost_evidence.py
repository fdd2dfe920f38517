from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gaia_lib.evidence.testcases import split_tests
from gaia_lib.review_qa import lost_evidence
from gaia_lib.review_qa.lost_evidence import Previous, id_digest, judge
from gaia_lib.story.acceptance import parse_acceptance
from gaia_lib.story.markdown import split_lines

WORDS = ("name", "body")


def _before(coverage: dict[str, dict[str, bool]], tests: list[str], number: int = 2) -> Previous:
    return Previous(number, coverage, frozenset(map(id_digest, tests)))


def test_an_ac_whose_checking_tests_are_gone_is_not_covered_by_an_old_neighbour() -> None:
    before = _before({"AC1": {"t::check": True, "t::near": False}}, ["t::check", "t::near"])
    judged = judge(before, {"AC1": [("t::near", WORDS)]}, {"t::near"})
    assert judged.excluded_for == {"AC1": {"t::near": (
        "was there in round 2 beside the test that checked it (t::check), gone since; it only "
        "shares the AC's words")}}
    assert judged.thinned == {}


def test_the_reason_names_three_gone_tests_and_counts_the_rest() -> None:
    checks = {f"t::c{i}": True for i in range(5)}
    before = _before({"AC1": checks}, [*checks, "t::near"])
    why = judge(before, {"AC1": [("t::near", WORDS)]}, {"t::near"}).excluded_for["AC1"]["t::near"]
    assert "was not counted for it beside the tests that were (t::c0, t::c1, t::c2 and 2 " \
        "more)" in why


def test_a_new_test_matching_by_words_counts_as_a_rewrite() -> None:
    before = _before({"AC1": {"t::check": True}}, ["t::check"])
    judged = judge(before, {"AC1": [("t::renamed", WORDS)]}, {"t::renamed"})
    assert judged.excluded_for == {"AC1": {}}
    assert judged.thinned == {}


def test_neighbours_that_did_not_count_then_count_not_however_they_match() -> None:
    """headers-polyfill: the P0 AC's one test deleted, the two `flatten` tests there beside it
    matched it by the `", "` its Then writes (a literal they assert) and the review approved
    with a warning. Tests that did not count for it beside the one that did are no test of it."""
    before = _before({"AC1": {"t::check": True}}, ["t::check", "t::near", "t::other"])
    now = {"AC1": [("t::near", WORDS), ("t::other", ("literal", "name"))]}
    judged = judge(before, now, {"t::near", "t::other"})
    why = "was there in round 2 and was not counted for it beside the test that was (t::check), " \
          "gone since"
    assert judged.excluded_for == {"AC1": {"t::near": why, "t::other": why}}
    assert judged.thinned == {}


def test_a_test_that_counted_then_and_is_still_there_keeps_the_ac_with_a_warning() -> None:
    # a redundant test removed: the other asserting test counted for it then too
    before = _before({"AC1": {"t::check": True, "t::other": True}},
                     ["t::check", "t::near", "t::other"])
    now = {"AC1": [("t::near", WORDS), ("t::other", ("literal", "name"))]}
    judged = judge(before, now, {"t::near", "t::other"})
    assert judged.excluded_for == {}
    assert judged.thinned == {"AC1": "AC1: t::check, counted for it in round 2, is gone; it now "
                                     "rests on t::near, t::other, there then too"}


def test_a_new_test_asserting_the_ac_is_no_thinning() -> None:
    before = _before({"AC1": {"t::check": True}}, ["t::check"])
    judged = judge(before, {"AC1": [("t::new", ("literal",))]}, {"t::new"})
    assert (judged.excluded_for, judged.thinned) == ({}, {})


def test_a_checking_test_still_there_is_no_loss() -> None:
    # it no longer matches (rewritten), but it was not deleted: the words-only test is no
    # neighbour left behind, and what went is a words-only test
    before = _before({"AC1": {"t::check": True, "t::gone": False, "t::near": False}},
                     ["t::check", "t::gone", "t::near"])
    judged = judge(before, {"AC1": [("t::near", WORDS)]}, {"t::check", "t::near"})
    assert judged.excluded_for == {}
    assert judged.thinned == {"AC1": (
        "AC1: t::gone, counted for it in round 2, is gone; it now rests on t::near, matched by "
        "words alone")}


def test_nothing_gone_is_nothing_to_say() -> None:
    before = _before({"AC1": {"t::near": False}}, ["t::near"])
    assert judge(before, {"AC1": [("t::near", WORDS)]}, {"t::near"}) == \
        lost_evidence.Judged({}, {})


def test_a_new_test_beside_the_old_ones_is_no_thinning() -> None:
    before = _before({"AC1": {"t::a": False, "t::b": False}}, ["t::a", "t::b"])
    now = {"AC1": [("t::b", WORDS), ("t::new", WORDS)]}
    assert judge(before, now, {"t::b", "t::new"}).thinned == {}


def test_an_ac_left_with_no_match_is_the_coverage_checks_gap_naming_what_is_gone() -> None:
    """natsort's P0 AC2 had four tests on the base, all deleted on the branch: its gap said
    only "AC2 has no test"; it names them now (no warning of its own: the gap is the finding)."""
    before = _before({"AC1": {"t::a": False}}, ["t::a"])
    assert judge(before, {"AC1": []}, set()) == lost_evidence.Judged(
        {}, {}, {"AC1": "t::a, counted for it in round 2, is gone"})
    before = _before({"AC2": {f"t::{n}": True for n in "abcd"}}, [f"t::{n}" for n in "abcd"])
    assert judge(before, {}, {"t::b"}).emptied == {
        "AC2": "t::a, t::c, t::d, counted for it in round 2, are gone"}
    assert lost_evidence.merged([judge(before, {}, set()), lost_evidence.Judged(
        {}, {}, {"AC2": "later"})]).emptied == {
        "AC2": "t::a, t::b, t::c and 1 more, counted for it in round 2, are gone"}


def test_an_acs_test_made_a_placeholder_is_named_by_its_gap_with_its_line() -> None:
    """python-semver's `test_should_bump_build`, AC9's one test, its check made a bare call:
    no longer matching AC9, it left a gap naming two unrelated nearest tests and not that its
    own test checks nothing now; the gap names it as it names a deleted one, with its line."""
    hollow = {"t::a": "line 20: asserts nothing real (expect(true))"}
    before = _before({"AC3": {"t::a": True}, "AC4": {"t::a": True, "t::b": True}},
                     ["t::a", "t::b"])
    judged = judge(before, {"AC4": [("t::b", WORDS)]}, {"t::a", "t::b"}, hollow=hollow)
    assert judged.emptied == {"AC3": "t::a, counted for it in round 2, is now a placeholder "
                                     "(line 20: asserts nothing real (expect(true)))"}
    # AC4, which another test checked then too, is warned of: its own placeholder is lost
    assert (judged.hollowed, judged.thinned, judged.excluded_for) == (
        {"AC3": (("t::a",), judged.emptied["AC3"])},
        {"AC4": "AC4: t::a, counted for it in round 2, is now a placeholder (line 20: asserts "
                "nothing real (expect(true))); it now rests on t::b, matched by words alone"},
        {})
    # beside a deleted one, each said; without `hollow` nothing of it is gone
    both = _before({"AC3": {"t::a": True, "t::c": True, "t::d": True}}, ["t::a", "t::c", "t::d"])
    assert judge(both, {}, {"t::a", "t::d"}, hollow={
        **hollow, "t::d": "line 31: empty body"}).emptied == {"AC3": (
            "t::c, counted for it in round 2, is gone; t::a, t::d, counted for it in round 2, "
            "are now placeholders (t::a at line 20: asserts nothing real (expect(true)); t::d "
            "at line 31: empty body)")}
    assert judge(before, {}, {"t::a", "t::b"}).emptied == {}
    # another version that had other tests says what is gone; the placeholder is said too
    base = judge(_before({"AC3": {"t::z": True}}, ["t::z"], 0), {}, {"t::a"})
    merged = lost_evidence.merged([base, judged])
    assert merged.emptied["AC3"] == (f"{base.emptied['AC3']}; {judged.emptied['AC3']}")
    assert merged.hollowed == {"AC3": (("t::a",), judged.emptied["AC3"])}
    assert lost_evidence.merged([judged, judged]).emptied == judged.emptied


def test_a_test_moved_to_a_file_outside_the_file_list_is_said_moved_not_gone() -> None:
    """columnize: the only test of a P0 AC cut from the File List's test file and pasted,
    unchanged, into a new one the File List does not name: the gap had said it "is gone"."""
    before = _before({"AC1": {"table_test.go::TestPlain": True},
                      "AC2": {"table_test.go::TestWidth": True, "table_test.go::TestWide": True}},
                     ["table_test.go::TestPlain", "table_test.go::TestWidth",
                      "table_test.go::TestWide"])
    present = {"table_test.go::TestWide"}
    outside = ["plain_test.go::TestPlain", "plain_test.go::TestWidth", "other_test.go::TestX"]
    judged = judge(before, {"AC2": [("table_test.go::TestWide", ("literal",))]}, present,
                   frozenset(), outside)
    assert judged.emptied == {"AC1": "table_test.go::TestPlain, counted for it in round 2, is "
                                     "now plain_test.go::TestPlain, outside the File List"}
    assert judged.thinned == {"AC2": "AC2: table_test.go::TestWidth, counted for it in round 2, "
                                     "is now plain_test.go::TestWidth, outside the File List; "
                                     "it now rests on table_test.go::TestWide, there then too"}
    # deleted, or a name two files outside it hold: gone, as before
    assert judge(before, {}, present, frozenset(), ["a_test.go::TestPlain",
                                                    "b_test.go::TestPlain"]).emptied["AC1"] \
        == "table_test.go::TestPlain, counted for it in round 2, is gone"


def test_a_deleted_test_is_not_said_moved_to_a_namesake_that_was_there_then() -> None:
    """itertools-ts: `stream.test.ts`'s `Stream Infinite Of Count Test` group, P0 AC1's one
    test, deleted; `async-stream.test.ts`, outside the File List, has long had a group of that
    name. The gap said the test "is now" that one: it is gone."""
    gone = "tests/stream.test.ts::Stream Of Count Test > "
    namesake = "tests/async-stream.test.ts::Stream Of Count Test > "
    before = _before({"AC1": {gone: True}}, [gone, namesake])
    judged = judge(before, {}, {namesake}, frozenset(), [namesake])
    assert judged.emptied == {"AC1": f"{gone}, counted for it in round 2, is gone"}
    # one new in that file since: moved there, as before
    fresh = _before({"AC1": {gone: True}}, [gone])
    assert judge(fresh, {}, {namesake}, frozenset(), [namesake]).emptied == {
        "AC1": f"{gone}, counted for it in round 2, is now {namesake}, outside the File List"}


def test_tests_whose_file_the_file_list_no_longer_names_are_said_so() -> None:
    """keyvaluecache: the File List's entry for the errors-as-misses tests misspelt
    (`ErrorsAreMissCache.test.ts`); the three tests of P0 AC9 were still in their file, read
    as outside the File List, and the gap said only "AC9 has no test"."""
    file = "src/__tests__/misses.test.ts"
    tests = [f"{file}::Misses > {name}" for name in ("logs", "resolves", "passes")]
    before = _before({"AC9": {t: True for t in tests}, "AC2": {"src/store.test.ts::put": True}},
                     [*tests, "src/store.test.ts::put"])
    present = {*tests, "src/store.test.ts::put"}
    judged = judge(before, {"AC2": [("src/store.test.ts::put", ("literal",))]}, present,
                   frozenset(), tests)
    assert judged.emptied == {"AC9": (
        f"{tests[0]}, {tests[2]}, {tests[1]}, counted for it in round 2, are in a file the "
        "File List no longer names")}
    assert judged.thinned == {}
    one = judge(_before({"AC9": {tests[0]: True}}, tests[:1]), {}, present, frozenset(),
                tests[:1])
    assert one.emptied == {"AC9": f"{tests[0]}, counted for it in round 2, is in a file the "
                                  "File List no longer names"}


def test_tests_of_a_file_no_longer_listed_and_not_read_are_said_unlisted_not_gone() -> None:
    """A package checked in as published, its compiled specs in `dist/`, which discovery does
    not walk: the File List's entry for `dist/date.spec.js` rewritten as the TypeScript source
    the package does not ship. Its file is there as it was, unread: its tests had read "are
    gone", and a neighbour's reason "gone since"."""
    spec = "dist/date.spec.js"
    tests = [f"{spec}::parse > {name}" for name in ("reads days", "reads months")]
    near = "dist/time.spec.js::parse times"
    before = _before({"AC3": {t: True for t in tests}, "AC4": {tests[0]: True}},
                     [*tests, near])
    judged = judge(before, {"AC4": [(near, WORDS)]}, {near}, unlisted={spec})
    assert judged.emptied == {"AC3": (
        f"{tests[0]}, {tests[1]}, counted for it in round 2, are in a file the File List no "
        "longer names")}
    assert judged.excluded_for["AC4"][near].endswith(
        f"beside the test that was ({tests[0]}), outside the File List since")
    # a file not named so is read as before: its tests are gone
    assert "are gone" in judge(before, {}, {near}).emptied["AC3"]


def test_unlisted_files_are_those_there_as_they_were_and_not_read(tmp_path: Path) -> None:
    from gaia_lib.review_qa import phases

    for rel in ("dist/date.spec.js", "dist/time.spec.js", "dist/week.spec.js"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(f"it('{rel}')\n")
    then = phases._file_hashes(tmp_path, ["dist/date.spec.js", "dist/time.spec.js",
                                          "dist/week.spec.js"])
    (tmp_path / "dist/week.spec.js").write_text("it('changed')\n")
    before = Previous(0, {}, frozenset(), "on main",
                      files={**then, "dist/gone.spec.js": "sha256:00", "dist/new.spec.js": ""})
    read = {"dist/time.spec.js": then["dist/time.spec.js"]}
    assert phases._unlisted(tmp_path, before, read) == {"dist/date.spec.js"}


def test_a_go_test_renamed_so_go_never_runs_it_is_said_so_not_gone() -> None:
    """columnize: `TestEmptyLinesOutput` renamed `testEmptyLinesOutput` in its own file (go
    test runs only `Test` and a capital): the warning had said it "is gone"."""
    before = _before({"AC5": {"rows_test.go::TestBlankRow": True, "rows_test.go::TestLead": True,
                              "rows_test.go::TestGone": True, "rows_test.go::TestKept": True}},
                     ["rows_test.go::TestBlankRow", "rows_test.go::TestLead",
                      "rows_test.go::TestGone", "rows_test.go::TestKept"])
    text = ("package rows\n\nfunc testBlankRow(t *testing.T) {}\n\n"
            "func _TestLead(t *testing.T) {}\n\nfunc TestKept(t *testing.T) {}\n")
    judged = judge(before, {"AC5": [("rows_test.go::TestKept", ("literal",))]},
                   {"rows_test.go::TestKept"}, frozenset(), (), {"rows_test.go": text})
    assert judged.thinned == {"AC5": (
        "AC5: rows_test.go::TestBlankRow, rows_test.go::TestGone, rows_test.go::TestLead, "
        "counted for it in round 2, are gone or moved: rows_test.go::TestBlankRow is now "
        "`testBlankRow`, a name `go test` does not run; rows_test.go::TestLead is now "
        "`_TestLead`, a name `go test` does not run; it now rests on rows_test.go::TestKept, "
        "there then too")}
    assert lost_evidence.renamed_unrun(["rows_test.go::TestBlankRow"], {
        "rows_test.go": "func TestBlankRowx(t *testing.T) {}\n"}) == {}


def test_a_neighbour_of_a_go_test_renamed_so_go_never_runs_it_says_it_renamed() -> None:
    """tablewriter: the test checking number alignment renamed `testNumberAlign` in its own
    file; the tests left matching the AC by words alone do not count, and their reason had
    said the renamed test was "gone since"."""
    checking, near = "table_test.go::TestNumberAlign", "table_test.go::TestNumLines"
    text = ("package table\n\nfunc testNumberAlign(t *testing.T) {}\n\n"
            "func TestNumLines(t *testing.T) {}\n")
    renamed = ("is now `testNumberAlign`, a name `go test` does not run")
    beside = _before({"AC6": {checking: True, near: False}}, [checking, near])
    judged = judge(beside, {"AC6": [(near, WORDS)]}, {near}, frozenset(), (),
                   {"table_test.go": text})
    assert judged.excluded_for == {"AC6": {near: (
        f"was there in round 2 beside the test that checked it ({checking}), which {renamed}; "
        "it only shares the AC's words")}}
    alone = _before({"AC6": {checking: True}}, [checking, near])
    judged = judge(alone, {"AC6": [(near, WORDS)]}, {near}, frozenset(), (),
                   {"table_test.go": text})
    assert judged.excluded_for == {"AC6": {near: (
        f"was there in round 2 and was not counted for it beside the test that was "
        f"({checking}), which {renamed}")}}


def test_a_python_test_renamed_so_pytest_never_runs_it_is_said_so_not_gone() -> None:
    """bitmath: `test_parse_non_strict_invalid_input` renamed `_test_parse_non_strict_invalid_
    input` in its own class (pytest and unittest run only names starting `test`): the gap had
    said it "is gone"."""
    gone = "tests/test_units.py::TestReading::test_refuses_an_unknown_unit"
    text = ("import unittest\n\n\nclass TestReading(unittest.TestCase):\n"
            "    def _test_refuses_an_unknown_unit(self):\n"
            "        with self.assertRaises(ValueError):\n"
            "            read('3 parsecs')\n\n"
            "    def test_reads_metres(self):\n"
            "        self.assertEqual(read('3 m'), 3)\n")
    assert lost_evidence.renamed_unrun([gone], {"tests/test_units.py": text}) == {
        gone: "is now `_test_refuses_an_unknown_unit`, a name pytest does not run"}
    # a name pytest runs is another test, not this one renamed
    assert lost_evidence.renamed_unrun([gone], {"tests/test_units.py": text.replace(
        "def _test_refuses", "def test_it_refuses")}) == {}


def test_an_ac_left_with_a_placeholder_rests_on_nothing() -> None:
    # goutils: the example checking Initials lost its output comment (go test no longer runs
    # it) and the test left beside it compares the result with itself
    before = _before({"AC9": {"t::ExampleInitials": True, "t::TestInitials": True}},
                     ["t::ExampleInitials", "t::TestInitials"])
    matches: dict[str, list[tuple[str, tuple[str, ...]]]] = {
        "AC9": [("t::TestInitials", ("literal", "name"))], "AC8": [("t::TestSwapCase", ("name",))]}
    now = lost_evidence.counting(matches, {"t::TestInitials": "is a placeholder"}, {})
    assert now == {"AC9": [], "AC8": [("t::TestSwapCase", ("name",))]}
    assert judge(before, now, {"t::TestInitials", "t::TestSwapCase"}).thinned == {}
    # a test left out for that AC alone still counts for another
    assert lost_evidence.counting(matches, set(), {"AC8": {"t::TestSwapCase": "asks only"}}) == \
        {"AC9": matches["AC9"], "AC8": []}


def test_an_example_that_no_longer_runs_is_not_said_to_be_gone() -> None:
    # goutils' ExampleInitials lost its output comment: still in its file, never run
    before = _before({"AC9": {"t::ExampleInitials": True, "t::TestInitials": True}},
                     ["t::ExampleInitials", "t::TestInitials"])
    now = {"AC9": [("t::TestInitials", ("literal",))]}
    judged = judge(before, now, {"t::TestInitials"}, {"t::ExampleInitials"})
    assert judged.thinned == {"AC9": "AC9: t::ExampleInitials, counted for it in round 2, no "
                                     "longer runs; it now rests on t::TestInitials, there then too"}
    assert "is gone" in judge(before, now, {"t::TestInitials"}).thinned["AC9"]


def test_saved_keeps_the_counted_tests_and_whether_each_asserts() -> None:
    per_ac = [{"ac_id": "AC1", "tests": ["t::a", "t::b"], "matches": [
        {"test": "t::a", "how": ["name", "literal"]}, {"test": "t::b", "how": ["body"]},
        {"test": "t::excluded", "how": ["id"]}]}]
    saved = lost_evidence.saved(per_ac, ["t::a", "t::b", "t::c"])
    assert saved["coverage"] == {"AC1": {"t::a": True, "t::b": False}}
    assert saved["tests"] == sorted(id_digest(t) for t in ("t::a", "t::b", "t::c"))
    assert all(len(d) == 12 for d in saved["tests"])


def _round(state: Path, number: int, inputs: str, **extra: object) -> None:
    (state / f"findings-round{number}.json").write_text(json.dumps(
        {"round": number, "findings": {}, "inputs": inputs, **extra}))


def test_previous_is_the_newest_round_of_other_files(tmp_path: Path) -> None:
    coverage = {"AC1": {"t::a": True}}
    _round(tmp_path, 1, "one", coverage=coverage, tests=[id_digest("t::a")])
    _round(tmp_path, 2, "two", coverage={}, tests=[])
    found = lost_evidence.previous(tmp_path, "two")  # round 2 again: compared with round 1
    assert found is not None and (found.round, dict(found.coverage)) == (1, coverage)
    assert found.tests == {id_digest("t::a")}
    newest = lost_evidence.previous(tmp_path, "three")
    assert newest is not None and newest.round == 2


def test_a_round_saved_without_its_coverage_compares_with_nothing(tmp_path: Path) -> None:
    _round(tmp_path, 1, "one", coverage={"AC1": {}}, tests=[])
    _round(tmp_path, 2, "two")
    (tmp_path / "findings-round3.json").write_text("{not json")
    assert lost_evidence.previous(tmp_path, "four") is None
    assert lost_evidence.previous(tmp_path / "none", "four") is None


def test_the_marker_changes_with_what_the_round_saved() -> None:
    one = _before({"AC1": {"t::a": True}}, ["t::a"])
    assert one.marker() == _before({"AC1": {"t::a": True}}, ["t::a"]).marker()
    assert one.marker() != _before({"AC1": {"t::a": False}}, ["t::a"]).marker()
    assert one.marker().startswith("2:")


def test_an_ac_left_with_no_test_keeps_what_it_was_judged_against() -> None:
    per_ac: list[dict[str, Any]] = [
        {"ac_id": "AC1", "tests": [], "matches": []},
              {"ac_id": "AC2", "tests": ["t::new"], "matches": [{"test": "t::new", "how": ["name"]}]}]
    carried = {"AC1": {"t::check": True, "t::near": False}, "AC2": {"t::old": True}}
    coverage = lost_evidence.saved(per_ac, ["t::near", "t::new"], carried)["coverage"]
    # AC2 is covered again (a new test): its own coverage is what the next round compares with
    assert coverage == {"AC1": {"t::check": True, "t::near": False}, "AC2": {"t::new": False}}


def test_the_base_branch_is_compared_with_like_a_round() -> None:
    criteria = parse_acceptance(split_lines(
        '- [ ] **AC1:** Given a valid email, when the user signs up, then it returns "created".\n'
        '- [ ] **AC2:** Given an email without an at sign, when the user signs up, then 422 is '
        'returned.\n'))
    then = split_tests("tests/test_signup.py", (
        'def test_a_valid_email_signs_up():\n    assert signup("a@b.co") == "created"\n\n\n'
        'def test_an_email_without_an_at_sign_is_refused():\n    assert signup("x") == 422\n'))
    before = lost_evidence.from_tests("on main", "E1-S1", criteria, then, ["tests/test_signup.py"])
    assert before is not None and before.label == "on main" and before.round == 0
    assert before.coverage == {
        "AC1": {"tests/test_signup.py::test_a_valid_email_signs_up": True},
        "AC2": {"tests/test_signup.py::test_an_email_without_an_at_sign_is_refused": True}}
    assert lost_evidence.from_tests("on main", "E1-S1", criteria, [], []) is None


def test_merged_keeps_every_exclusion_and_the_first_warning() -> None:
    one = lost_evidence.Judged({"AC1": {"t::a": "round"}}, {"AC2": "round says"})
    two = lost_evidence.Judged({"AC1": {"t::a": "base", "t::b": "base"}, "AC3": {"t::c": "base"}},
                               {"AC2": "base says", "AC4": "base says"})
    assert lost_evidence.merged([one, two]) == lost_evidence.Judged(
        {"AC1": {"t::a": "round", "t::b": "base"}, "AC3": {"t::c": "base"}},
        {"AC2": "round says", "AC4": "base says"})


def test_an_acs_only_example_that_no_longer_runs_leaves_a_gap_not_a_deletion() -> None:
    # go-cache: the Add AC's only test an example whose output comment was dropped; its gap
    # read "is gone" though the example is still in its file
    before = _before({"AC4": {"e::ExampleCache_Add": True}}, ["e::ExampleCache_Add"])
    judged = judge(before, {"AC4": []}, set(), {"e::ExampleCache_Add"})
    assert judged.emptied == {"AC4": "e::ExampleCache_Add, counted for it in round 2, no "
                                     "longer runs"}


@pytest.mark.parametrize(("lost", "since"), [
    ({"hollow": {"t::check": "line 12: skipped in source (it.skip)"}}, "a placeholder since"),
    ({"skipped": {"t::check": "reported skipped by the runner: later"}}, "skipped since"),
])
def test_an_acs_checking_test_made_a_placeholder_or_skipped_leaves_no_neighbour_covering_it(
        lost: dict[str, Any], since: str) -> None:
    """sqids' AC3: its own test skipped (or its check taken out), the AC stayed covered by a
    neighbour that matched it by words beside that test; so would a `pytest.skip()` as the
    test runs. A test that counted then and is a placeholder now, or that this run skipped,
    is lost as a deleted one is: the neighbour is no test of the AC."""
    before = _before({"AC3": {"t::check": True}}, ["t::check", "t::near"])
    near = {"AC3": [("t::near", WORDS)]}
    assert judge(before, near, {"t::check", "t::near"}, **lost).excluded_for == {"AC3": {
        "t::near": "was there in round 2 and was not counted for it beside the test that was "
                   f"(t::check), {since}"}}
    # counted beside it then, by words alone: no test of it either
    beside = _before({"AC3": {"t::check": True, "t::near": False}}, ["t::check", "t::near"])
    assert judge(beside, near, {"t::check", "t::near"}, **lost).excluded_for == {"AC3": {
        "t::near": f"was there in round 2 beside the test that checked it (t::check), {since}; "
                   "it only shares the AC's words"}}
    # neither: the test still checks it, nothing is lost
    assert judge(before, near, {"t::check", "t::near"}).excluded_for == {}


def test_a_skipped_test_beside_one_still_checking_the_ac_is_warned_of() -> None:
    """Another test that checked the AC still counts: a warning says what became of each
    test it lost, the skipped one by why it did not run."""
    skipped = {"t::check": "reported skipped by the runner: later"}
    both = _before({"AC3": {"t::check": True, "t::other": True, "t::gone": True}},
                   ["t::check", "t::other", "t::gone"])
    judged = judge(both, {"AC3": [("t::other", ("literal",))]}, {"t::check", "t::other"},
                   skipped=skipped)
    assert judged.thinned == {"AC3": (
        "AC3: t::check, t::gone, counted for it in round 2, are gone or skipped: t::check was "
        "skipped in this run (reported skipped by the runner: later); it now rests on "
        "t::other, there then too")}


def test_tests_made_placeholders_beside_a_neighbour_are_said_placeholders_not_moved() -> None:
    """A rate limiter's two waiting tests, each given a `t.Skip` in source, the AC left
    resting on a neighbour matching it by words: the warning had said they "are moved"."""
    tests = ["limit_test.go::TestWaitCancel", "limit_test.go::TestWaitDeadline"]
    before = _before({"AC9": {tests[0]: False, tests[1]: False, "limit_test.go::TestBurst": False}},
                     [*tests, "limit_test.go::TestBurst"])
    hollow = {tests[0]: "line 40: skipped in source (t.Skip: \"slow\")",
              tests[1]: "line 52: skipped in source (t.Skip: \"slow\")"}
    judged = judge(before, {"AC9": [("limit_test.go::TestBurst", WORDS)]},
                   {*tests, "limit_test.go::TestBurst"}, hollow=hollow)
    assert judged.thinned == {"AC9": (
        f"AC9: {tests[0]}, {tests[1]}, counted for it in round 2, are placeholders now: "
        f"{tests[0]} is now a placeholder (line 40: skipped in source (t.Skip: \"slow\")); "
        f"{tests[1]} is now a placeholder (line 52: skipped in source (t.Skip: \"slow\")); "
        "it now rests on limit_test.go::TestBurst, matched by words alone")}


def test_tests_skipped_alike_are_said_of_together_in_the_plural() -> None:
    """A Go test file given a build tag the review's command does not set: each of its tests
    that counted for the AC never ran, for the one reason; the warning had said they "was
    skipped in this run"."""
    why = "never run: the runner's report has no outcome for it"
    tests = ["limit_test.go::TestReserveMax", "limit_test.go::TestSetBurst"]
    before = _before({"AC6": {tests[0]: True, tests[1]: True, "once_test.go::ExampleOnce": True}},
                     [*tests, "once_test.go::ExampleOnce"])
    judged = judge(before, {"AC6": [("once_test.go::ExampleOnce", ("literal",))]},
                   {*tests, "once_test.go::ExampleOnce"}, skipped=dict.fromkeys(tests, why))
    assert judged.thinned == {"AC6": (
        f"AC6: {tests[0]}, {tests[1]}, counted for it in round 2, were skipped in this run "
        "(never run: the runner's report has no outcome for them); it now rests on "
        "once_test.go::ExampleOnce, there then too")}


def test_what_an_earlier_version_took_a_test_for_names_its_acs_and_where() -> None:
    """A caption reader's `test_position_kept`, counted for AC10 by its run in round 1, failed
    in round 2 and matched no AC by its words: what round 1 took it for is said."""
    test = "tests/test_cue.py::TestReading::test_position_kept"
    other = "tests/test_cue.py::TestReading::test_dots"
    round_one = Previous(1, {"AC2": {test: False}, "AC10": {test: False, other: True}},
                         frozenset({id_digest(test), id_digest(other)}))
    on_main = Previous(0, {"AC3": {other: True}}, frozenset({id_digest(other)}),
                       where="on main")
    order = [f"AC{n}" for n in range(1, 11)]
    assert lost_evidence.took_then([round_one, on_main], [test, other, "t::new"], order) == {
        test: "it counted for AC2, AC10 in round 1",
        other: "it counted for AC10 in round 1"}
    assert lost_evidence.took_then([on_main], [other], order) == {
        other: "it was matched to AC3 on main"}
