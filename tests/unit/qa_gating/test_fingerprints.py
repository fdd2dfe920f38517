from __future__ import annotations

import json
from pathlib import Path

from gaia_lib.qa_gating import fingerprints as fp

BASE = {"category": "assertion", "severity": "warning", "file": "tests/test_signup.py",
        "line": 12, "message": "The test only checks 'status' is truthy", "ac_ref": "AC2"}


def test_rewording_and_moving_lines_keep_the_fingerprint() -> None:
    moved = {**BASE, "line": 40, "message": "Weak assertion: only truthiness of `status`",
             "severity": "critical", "ac_ref": "ac2"}
    assert fp.fingerprint(moved) == fp.fingerprint(BASE)


def test_a_different_ac_file_test_or_kind_is_a_new_finding() -> None:
    others = [{**BASE, "ac_ref": "AC3"}, {**BASE, "file": "tests/test_other.py"},
              {**BASE, "category": "coverage"},
              {**BASE, "test": "tests/test_signup.py::test_x"}]
    assert len({fp.fingerprint(f) for f in [BASE, *others]}) == 5


def test_free_floating_findings_differ_by_message_shape_only() -> None:
    one = {"rule": "ac-quality", "message": "AC 3 has no Given/When/Then"}
    renumbered = {"rule": "ac-quality", "message": "AC 7 has no Given/When/Then!"}
    other = {"rule": "ac-quality", "message": "AC 3 is ambiguous"}
    assert fp.fingerprint(one) == fp.fingerprint(renumbered)
    assert fp.fingerprint(one) != fp.fingerprint(other)


def test_compare_names_new_open_and_fixed() -> None:
    round1 = fp.collect([BASE, {**BASE, "ac_ref": "AC1", "message": "no test for AC1"}])
    round2 = fp.collect([{**BASE, "message": "still weak"},
                         {"category": "coverage", "file": "a.py", "message": "new gap"}])
    delta = fp.compare(2, round2, round1, 1)
    assert delta.counts() == "1 new, 1 open, 1 fixed"
    assert delta.fixed == ("assertion (AC1 tests/test_signup.py): no test for AC1",)
    text = fp.render(delta)
    assert "Compared with round 1: 1 new, 1 open, 1 fixed." in text
    assert "### Fixed since round 1 (1)\n\n- assertion (AC1 tests/test_signup.py): no test" in text
    first = fp.render(fp.compare(1, round1, None, None))
    assert "No earlier round's findings to compare with: 2 finding(s), all new." in first


def test_the_round_sections_lists_read_in_ac_number_order() -> None:
    """go-shellquote's round: `New (8)` listed AC5, AC8, AC7, AC2, ... (fingerprint order)."""
    gaps = [{"rule": "missing-ac-coverage", "file": "story.md", "ac_id": f"AC{n}",
             "message": f"AC{n} has no test"} for n in (5, 10, 8, 7, 2, 1)]
    later = fp.collect([*gaps, {"rule": "file-list-divergence", "file": "story.md",
                                "message": "diverge"}])
    text = fp.render(fp.compare(2, later, fp.collect([gaps[0]]), 1))
    new = text.split("### New (6)\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert [line.split(" ")[2] for line in new] == [
        "(story.md):", "(AC1", "(AC2", "(AC7", "(AC8", "(AC10"]


def test_the_previous_saved_round_is_found_past_gaps(tmp_path: Path) -> None:
    fp.saved_path(tmp_path, 1).write_text('{"round": 1, "findings": {"ab": "x"}}')
    fp.saved_path(tmp_path, 2).write_text("not json")
    assert fp.load_previous(tmp_path, 4) == (1, {"ab": "x"}, ())
    assert fp.load_previous(tmp_path, 1) == (None, None, ())


def test_a_round_no_reviewer_ran_in_fixes_none_of_the_reviewers_findings(tmp_path: Path) -> None:
    """Round 1 had a reviewer; round 2 was a terminal run: the reviewer's findings are not
    fixed by it, only not reviewed; a deterministic finding that is gone is fixed."""
    reviewer = {"category": "assertion", "ac_ref": "AC2", "message": "never checks the body"}
    checked = {"rule": "missing-ac-coverage", "ac_id": "AC3", "message": "AC3 has no test"}
    round1 = fp.collect([reviewer, checked])
    fp.saved_path(tmp_path, 1).write_text(json.dumps(
        fp.saved(1, round1, "in", "REQUEST_CHANGES", fp.collect([reviewer]))))
    number, previous, by_reviewer = fp.load_previous(tmp_path, 2)
    terminal = fp.compare(2, {}, previous, number, reviewed=False,
                          previous_reviewer=by_reviewer)
    assert (terminal.fixed, terminal.unreviewed) == (
        (fp.summary(checked),), (fp.summary(reviewer),))
    assert terminal.counts() == "0 new, 0 open, 1 fixed"
    assert "### Not reviewed this round (1)" in fp.render(terminal)
    reviewed = fp.compare(2, {}, previous, number, reviewed=True, previous_reviewer=by_reviewer)
    assert len(reviewed.fixed) == 2 and reviewed.unreviewed == ()


def test_analysis_findings_are_every_checks_findings() -> None:
    analysis = {"checks": [{"name": "a", "findings": [{"rule": "r", "message": "m"}]},
                           {"name": "b", "findings": []}, "junk"]}
    assert fp.analysis_findings(analysis) == [{"rule": "r", "message": "m"}]


def test_what_a_finding_is_about_in_its_file_tells_two_apart() -> None:
    gap = {"rule": "missing-ac-coverage", "file": "docs/E1-S1.md", "message": "AC3 has no test"}
    other = {**gap, "message": "AC4 has no test"}
    assert fp.fingerprint({**gap, "ac_id": "AC3"}) != fp.fingerprint({**other, "ac_id": "AC4"})
    handler = {"rule": "untested-error-path", "file": "app/x.py", "message": "never executed"}
    assert fp.fingerprint({**handler, "subject": "except KeyError in load"}) != fp.fingerprint(
        {**handler, "subject": "except OSError in save"})
    assert fp.fingerprint({**handler, "line": 3, "subject": "except in load"}) == fp.fingerprint(
        {**handler, "line": 9, "subject": "except in load"})
    # a finding about nothing more than its file keeps the fingerprint it always had
    assert fp.fingerprint(handler) == fp.fingerprint({**handler, "subject": ""})


def test_a_round_is_the_same_when_it_reviewed_the_same_files(tmp_path: Path) -> None:
    """One version of the story's files is one round, whatever its verdict or findings were."""
    found = {"ab12": "coverage (AC1): AC1 has no test"}
    fp.saved_path(tmp_path, 2).write_text(
        json.dumps(fp.saved(2, found, "sha256:in", "REQUEST_CHANGES")))
    assert fp.same_as(tmp_path, 2, "sha256:in")
    assert not fp.same_as(tmp_path, 2, "sha256:other")
    assert not fp.same_as(tmp_path, 1, "sha256:in")  # no such round saved
    # A round saved before rounds kept their inputs is never the same as a new review.
    fp.saved_path(tmp_path, 3).write_text(json.dumps({"round": 3, "findings": found}))
    assert not fp.same_as(tmp_path, 3, "sha256:in")


def test_a_long_message_is_clipped_at_a_word_not_inside_one() -> None:
    words = " ".join(f"word{n}" for n in range(60))
    shown = fp.summary({**BASE, "message": words})
    message = shown.split(": ", 1)[1]
    assert message.endswith(" …") and len(message) <= fp.SUMMARY_CHARS + 2
    assert all(w in words.split() for w in message[:-2].split())
    assert fp.summary(BASE).endswith("The test only checks 'status' is truthy")


def test_a_finding_whose_check_judged_nothing_this_round_is_not_fixed(tmp_path: Path) -> None:
    """Round 1's branch check found an untested handler; in round 2 the build failed and the
    check was skipped: the handler is unchecked, neither open nor fixed. A finding of a check
    that ran again and found nothing is fixed."""
    handler = {"rule": "untested-error-path", "file": "version.go", "subject": "err in Must",
               "message": "handler never executed"}
    gap = {"rule": "missing-ac-coverage", "ac_id": "AC2", "message": "AC2 has no test"}
    round1 = {"checks": [{"name": "branch-coverage", "status": "failed", "findings": [handler]},
                         {"name": "ac-coverage", "status": "failed", "findings": [gap]}]}
    assert fp.found_by(round1) == {fp.fingerprint(handler): "branch-coverage",
                                   fp.fingerprint(gap): "ac-coverage"}
    fp.saved_path(tmp_path, 1).write_text(json.dumps(fp.saved(
        1, fp.collect(fp.analysis_findings(round1)), "in", "REQUEST_CHANGES",
        checks=fp.found_by(round1))))
    round2 = {"checks": [{"name": "branch-coverage", "status": "skipped", "findings": []},
                         {"name": "ac-coverage", "status": "passed", "findings": []},
                         {"name": "test-execution", "status": "errored", "findings": []}]}
    idle = fp.unjudged(round2)
    assert idle == {"branch-coverage", "test-execution"}
    unchecked = [k for k, check in fp.found_in(tmp_path, 1).items() if check in idle]
    number, previous, _ = fp.load_previous(tmp_path, 2)
    delta = fp.compare(2, {}, previous, number, unchecked=unchecked)
    assert (delta.fixed, delta.unchecked) == ((fp.summary(gap),), (fp.summary(handler),))
    assert delta.counts() == "0 new, 0 open, 1 fixed"
    assert "### Not checked this round (1)" in fp.render(delta)
    # a round saved before rounds kept their checks: every gone finding is fixed, as before
    fp.saved_path(tmp_path, 3).write_text('{"round": 3, "findings": {"ab": "x"}}')
    assert fp.found_in(tmp_path, 3) == {} and fp.found_in(tmp_path, 9) == {}


def test_a_test_ids_title_is_kept_as_written_in_the_round_section() -> None:
    """entities' `it(\\`should decode special \\\\u${c}\\`, ...)`: the round section listed it as
    `should decode special //u${c}`, a title no test has; a title's `10:30` is its own too."""
    special = "src/index.spec.ts::Astral entities > should decode special \\\\u${c}"
    skipped = {"rule": "skipped-test", "file": "src/index.spec.ts", "test": special,
               "message": f"{special} was never run: its file failed to load"}
    assert fp.summary(skipped).startswith(f"skipped-test ({special}): ")
    at = {**skipped, "test": "src\\clock.spec.ts::opens at 10:30"}
    assert fp.summary(at).startswith("skipped-test (src/clock.spec.ts::opens at 10:30): ")
    slashed = {**skipped, "test": special.replace("\\\\u", "//u")}
    assert fp.fingerprint(slashed) != fp.fingerprint(skipped)


def test_a_finding_no_round_could_judge_stays_held_until_one_can(tmp_path: Path) -> None:
    """semver's AC1 test deleted in round 2 and still gone in round 3: round 1's weak-assertion
    on AC1 is untested in both (never fixed), and when a test of AC1 comes back in round 4 and
    the finding with it, it is still open, not new."""
    weak = {"rule": "weak-assertion", "ac_id": "AC1", "file": "tests/test_bump.py",
            "message": "no test of AC1 asserts any of `0` from its Then clause"}
    gap = {"rule": "missing-ac-coverage", "ac_id": "AC1", "message": "AC1 has no test"}
    rounds = {1: [weak], 2: [gap], 3: [gap], 4: [weak]}
    untested_then = {2: True, 3: True, 4: False}
    deltas = []
    for number, findings in rounds.items():
        current = fp.collect(findings)
        previous_round, previous, _ = fp.load_previous(tmp_path, number)
        acs = fp.acs_in(tmp_path, previous_round) if previous_round else {}
        untested = [k for k, ac in acs.items() if ac == "AC1" and untested_then.get(number)]
        kept = fp.held(previous or {}, current, untested)
        fp.saved_path(tmp_path, number).write_text(json.dumps(fp.saved(
            number, current, str(number), "x",
            acs={**{k: v for k, v in acs.items() if k in kept}, **fp.ac_of(findings)},
            kept=kept)))
        deltas.append(fp.compare(number, current, previous, previous_round, untested=untested))
    summary = fp.summary(weak)
    assert [d.untested for d in deltas[1:3]] == [(summary,), (summary,)]
    assert all(summary not in d.fixed for d in deltas)
    assert (deltas[3].new, deltas[3].open) == ((), (summary,))
    assert "### Not judged this round (1)" in fp.render(deltas[2])


def test_not_judged_says_a_placeholder_is_why_no_test_counts() -> None:
    # a date helper story's weeks-of-a-month AC: round 6 said its three tests were too many;
    # in round 7 `describe.skip` made each a placeholder, so none counts and nothing was fixed
    many = {"rule": "over-coverage", "ac_id": "AC3", "severity": "suggestion",
            "file": "stories/E3-S2.md", "message": "AC3 has 3 tests: check them for redundancy"}
    previous = fp.collect([many])
    delta = fp.compare(7, {}, previous, 6, untested=list(previous))
    why = fp.render(delta).split("### Not judged this round (1)\n\n")[1].split("\n")[0]
    assert "placeholder" in why and "skipped" in why


def test_a_finding_on_a_test_no_longer_there_is_gone_not_fixed() -> None:
    """prettytable's skipped `test_csv_output` deleted the round after: its placeholder finding
    is gone, not fixed, and said why; a finding naming no test is fixed as before."""
    skipped = {"rule": "placeholder-test", "test": "tests/test_t.py::TestCsv::test_csv",
               "file": "tests/test_t.py", "message": "skipped in source"}
    weak = {"rule": "weak-assertion", "ac_id": "AC10", "file": "tests/test_t.py",
            "message": "no test of AC10 asserts `pdf`"}
    assert fp.tests_of([skipped, weak]) == {fp.fingerprint(skipped): skipped["test"]}
    delta = fp.compare(2, {}, fp.collect([skipped, weak]), 1,
                       removed=fp.tests_of([skipped]))
    assert (delta.fixed, delta.gone) == ((fp.summary(weak),), (fp.summary(skipped),))
    assert "### Gone this round (1)\n\nTheir tests are no longer among the story's tests" in \
        fp.render(delta)
