"""A review compares an AC's coverage with the previous QA round's (`lost_evidence`): deleting
the tests that checked an AC must not leave it covered by a test that only shares its words."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from gaia_lib.cli import review_qa as command
from helpers.gitrepo import git
from helpers.projects import Project

ACS = """- [ ] **AC1 (P0):** Given a valid email address, when the user signs up, then the account is "created".
- [ ] **AC2:** Given an email address without an at sign, when the user signs up, then 422 is returned.
"""
CHECKED = '''

def test_a_valid_address_creates_the_account():
    assert signup("a@b.co") == "created"
'''
SOURCE = '''def normalised(email):
    return email.strip().lower()


def signup(email):
    if "@" not in email:
        return 422
    return "created"
'''
TESTS = '''from app.signup import normalised, signup


def test_a_valid_email_address_signs_up_in_lower_case():
    assert normalised(" A@B.co") == "a@b.co"


def test_an_address_without_an_at_sign_is_refused():
    assert signup("nope") == 422
'''


@pytest.fixture
def story(qa_project: Project) -> Project:
    path = next(qa_project.impl.rglob("E1-S1-*.md"))
    text = path.read_text()
    start = text.index("- [ ] **AC1")
    end = text.index("\n\n", start)
    path.write_text(text[:start] + ACS.rstrip("\n") + text[end:])
    qa_project.write("app/signup.py", SOURCE)
    qa_project.write("tests/test_signup.py", TESTS + CHECKED)
    git(qa_project.root, "commit", "-qam", "the story's tests")
    return qa_project


def _review(capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, object]]:
    code = command.main(["E1-S1", "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def _check(project: Project, name: str) -> dict[str, Any]:
    path = project.root / ".gaia/state/review/qa-tests/E1-S1/analysis-results.json"
    return next(c for c in json.loads(path.read_text())["checks"] if c["name"] == name)


def _ac1(project: Project) -> dict[str, Any]:
    path = project.root / ".gaia/state/review/qa-tests/E1-S1/analysis-results.json"
    per_ac = json.loads(path.read_text())["coverage"]["per_ac"]
    return next(row for row in per_ac if row["ac_id"] == "AC1")


def _first_commit(project: Project) -> str:
    """The commit that added the story file, as a review names it (seven digits)."""
    story_file = next(project.impl.rglob("E1-S1-*.md")).relative_to(project.root)
    return subprocess.run(["git", "log", "--diff-filter=A", "--format=%H", "--", str(story_file)],
                          cwd=project.root, check=True, capture_output=True,
                          text=True).stdout.strip()[:7]


def test_deleting_the_tests_that_checked_a_p0_ac_is_a_gap_not_a_neighbours_coverage(
        story: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert _review(capsys)[0] == 0
    assert sorted(_ac1(story)["tests"]) == [
        "tests/test_signup.py::test_a_valid_address_creates_the_account",
        "tests/test_signup.py::test_a_valid_email_address_signs_up_in_lower_case"]
    story.write("tests/test_signup.py", TESTS)
    code, out = _review(capsys)
    assert (code, out["verdict"], out["round"]) == (1, "REQUEST_CHANGES", 2)
    row = _ac1(story)
    assert row["tests"] == []
    why = row["excluded"]["tests/test_signup.py::test_a_valid_email_address_signs_up_in_lower_case"]
    assert why == ("was there in round 1 beside the test that checked it "
                   "(tests/test_signup.py::test_a_valid_address_creates_the_account), gone "
                   "since; it only shares the AC's words")
    report = Path(str(out["report"])).read_text()
    assert "AC1 has no test (its only test does not count: " in report
    assert "[critical] ac-coverage/missing-ac-coverage" in report
    # the same files again: round 2 again, served from the cache (compared with round 1)
    code, out = _review(capsys)
    assert (code, out["round"], out["analysis_cached"]) == (1, 2, True)
    # another file changed: a new round, judged against the test that checked AC1, not
    # against round 2's gap
    story.write("app/signup.py", SOURCE + "# a comment\n")
    code, out = _review(capsys)
    assert (code, out["verdict"], out["round"]) == (1, "REQUEST_CHANGES", 3)
    assert "was there in round 2 beside the test that checked it (tests/test_signup.py::" \
        "test_a_valid_address_creates_the_account)" in str(_ac1(story)["excluded"])
    # the check written again under another name counts: a rewrite, not a deletion
    story.write("tests/test_signup.py", TESTS + CHECKED.replace(
        "a_valid_address_creates", "signing_up_makes"))
    code, out = _review(capsys)
    assert (code, out["verdict"], out["round"]) == (0, "APPROVE", 4)


def test_skipping_the_test_that_checked_a_p0_ac_is_a_gap_not_a_neighbours_coverage(
        story: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """sqids' AC3: its own test skipped, the AC stayed covered by a neighbour matching it by
    words beside it. A test that counted then and is a placeholder now is lost as a deleted
    one is: AC1 (P0) has no test, and the review asks for changes."""
    assert _review(capsys)[0] == 0
    skipped = CHECKED.replace("\ndef test_a_valid", "\n@pytest.mark.skip\ndef test_a_valid")
    story.write("tests/test_signup.py", "import pytest\n" + TESTS + skipped)
    code, out = _review(capsys)
    assert (code, out["verdict"], out["round"]) == (1, "REQUEST_CHANGES", 2)
    row = _ac1(story)
    assert row["tests"] == []
    assert row["excluded"][
        "tests/test_signup.py::test_a_valid_address_creates_the_account"].startswith(
        "is a placeholder, skipped in source")
    assert row["excluded"][
        "tests/test_signup.py::test_a_valid_email_address_signs_up_in_lower_case"] == (
        "was there in round 1 beside the test that checked it (tests/test_signup.py::"
        "test_a_valid_address_creates_the_account), a placeholder since; it only shares the "
        "AC's words")
    # skipped as it runs, no placeholder in its source: the same
    story.write("tests/test_signup.py", "import pytest\n" + TESTS + CHECKED.replace(
        "    assert signup", "    if signup:\n        pytest.skip('later')\n    assert signup"))
    code, out = _review(capsys)
    assert (code, out["verdict"], out["round"]) == (1, "REQUEST_CHANGES", 3)
    row = _ac1(story)
    assert row["tests"] == []
    assert row["excluded"][
        "tests/test_signup.py::test_a_valid_email_address_signs_up_in_lower_case"] == (
        "was there in round 2 beside the test that checked it (tests/test_signup.py::"
        "test_a_valid_address_creates_the_account), skipped since; it only shares the AC's "
        "words")


def test_a_test_removed_where_none_checked_the_ac_leaves_it_covered_with_a_warning(
        story: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """AC1 rests on two tests that match it by words alone; one goes: it stays covered by the
    other (no test checked it before either), and the round-coverage check says which test is
    gone and what is left."""
    extra = ('\n\ndef test_a_valid_email_address_account_is_kept_trimmed():\n'
             '    assert normalised(" a@b.co ") == "a@b.co"\n')
    story.write("tests/test_signup.py", TESTS + extra)
    # in place of the story's tests: no commit of it ever had the test that checked AC1
    git(story.root, "commit", "-qa", "--amend", "-m", "two tests of AC1")
    assert _review(capsys)[0] == 0
    assert len(_ac1(story)["tests"]) == 2
    story.write("tests/test_signup.py", TESTS)
    code, out = _review(capsys)
    assert (code, out["verdict"], out["round"]) == (0, "APPROVE", 2)
    assert _ac1(story)["tests"] == [
        "tests/test_signup.py::test_a_valid_email_address_signs_up_in_lower_case"]
    check = _check(story, "round-coverage")
    # the commits since the story's first are the files round 1 reviewed: round 1 speaks
    # for them
    assert (check["status"], check["compared_with"]) == ("failed", [
        "in round 1", f"on main at the story's first commit ({_first_commit(story)})"])
    assert [(f["rule"], f["severity"], f["blocking"], f["message"]) for f in check["findings"]] \
        == [("thinned-ac-coverage", "warning", False,
             "AC1: tests/test_signup.py::test_a_valid_email_address_account_is_kept_trimmed, "
             "counted for it in round 1, is gone; it now rests on "
             "tests/test_signup.py::test_a_valid_email_address_signs_up_in_lower_case, matched "
             "by words alone")]


def test_the_first_review_compares_with_the_base_branch(
        story: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """A branch that deletes the test that checked AC1 is judged against main's tests at its
    first review: no QA round is needed to see the deletion."""
    assert _review(capsys)[0] == 0
    check = _check(story, "round-coverage")
    first = _first_commit(story)
    assert (check["status"], check["compared_with"]) == (
        "passed", [f"on main at the story's first commit ({first})", "in the commits since"])
    git(story.root, "checkout", "-qb", "story/E1-S1")
    story.write("tests/test_signup.py", TESTS)
    git(story.root, "commit", "-qam", "drop the failing test")
    # a fresh state: no round to compare with, only the base
    shutil.rmtree(story.root / ".gaia/state/review")
    code, out = _review(capsys)
    assert (code, out["verdict"], out["round"]) == (1, "REQUEST_CHANGES", 2)
    assert _ac1(story)["excluded"] == {
        "tests/test_signup.py::test_a_valid_email_address_signs_up_in_lower_case":
        "was there on main beside the test that checked it (tests/test_signup.py::"
        "test_a_valid_address_creates_the_account), gone since; it only shares the AC's words"}


def test_with_no_git_and_no_round_there_is_nothing_to_compare_with(
        story: Project, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.rmtree(story.root / ".git")
    assert _review(capsys)[0] == 0
    check = _check(story, "round-coverage")
    assert (check["status"], check["skip_reason"]) == (
        "skipped", "no earlier QA round of other files saved its coverage, and the base "
        "branch has none of the story's tests")


def test_a_base_test_file_over_the_readers_bound_is_not_compared_with(
        story: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """The review reads no test file over 1 MiB (`testcases.MAX_TEST_FILE_BYTES`); git's
    output of one is cut there: read, it would be half a file."""
    story.write("tests/test_signup.py", TESTS + CHECKED + "# " + "x" * (1 << 20) + "\n")
    git(story.root, "commit", "-qam", "a large test file")
    git(story.root, "checkout", "-qb", "story/E1-S1")
    story.write("tests/test_signup.py", TESTS)
    git(story.root, "commit", "-qam", "drop the failing test")
    code, out = _review(capsys)
    assert (code, out["verdict"]) == (0, "APPROVE")
    # the branch's own version of the file is read; main's is not
    assert _check(story, "round-coverage")["compared_with"] == ["earlier on this branch"]


def _first_review_excludes_the_neighbour(story: Project, capsys: pytest.CaptureFixture[str],
                                         where: str) -> None:
    """The first review requests changes: the test left beside AC1's deleted check, seen
    `where`, does not count for it."""
    code, out = _review(capsys)
    assert (code, out["verdict"], out["round"]) == (1, "REQUEST_CHANGES", 1)
    assert _ac1(story)["excluded"] == {
        "tests/test_signup.py::test_a_valid_email_address_signs_up_in_lower_case":
        f"was there {where} beside the test that checked it (tests/test_signup.py::"
        "test_a_valid_address_creates_the_account), gone since; it only shares the AC's words"}


def test_a_test_the_branch_committed_and_deleted_before_any_review_is_seen(
        story: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """A new story: main has none of its tests; the branch committed the test that checked
    AC1, then a commit deleted it. The first review is judged against the branch's commits."""
    git(story.root, "rm", "-q", "tests/test_signup.py")
    git(story.root, "commit", "-qm", "main without the story's tests")
    git(story.root, "checkout", "-qb", "story/E1-S1")
    story.write("tests/test_signup.py", TESTS + CHECKED)
    git(story.root, "add", "tests/test_signup.py")
    git(story.root, "commit", "-qm", "the story's tests")
    story.write("tests/test_signup.py", TESTS)
    git(story.root, "commit", "-qam", "drop the failing test")
    _first_review_excludes_the_neighbour(story, capsys, "earlier on this branch")
    assert _check(story, "round-coverage")["compared_with"] == ["earlier on this branch"]


def test_a_deletion_committed_on_the_base_branch_itself_is_seen(
        story: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """A developer working on main with no branch of the story's own: the story committed,
    then a commit on main deletes the test that checked AC1. The first review compares with
    main at the story's first commit and the commits since, not with main as it now is (where
    the test is already gone)."""
    story.write("tests/test_signup.py", TESTS)
    git(story.root, "commit", "-qam", "drop the failing test")
    _first_review_excludes_the_neighbour(story, capsys, "in the commits since")
    assert _check(story, "round-coverage")["compared_with"] == [
        f"on main at the story's first commit ({_first_commit(story)})", "in the commits since"]


def test_a_placeholder_gone_since_the_base_thins_no_ac(
        story: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """A test that checks nothing counted for no AC on the base either: deleting it is no
    thinned coverage (jsonparser's `TestArrayOutOfBounds`, which only runs its code, deleted:
    the review had said AC5's test "matched to it on master at the story's first commit ...
    is gone", a test it had itself called a placeholder that covers no AC)."""
    hollow = ('\n\ndef test_a_valid_email_address_creates_the_account_quietly():\n'
              '    signup("a@b.co")\n    assert True\n')
    story.write("tests/test_signup.py", TESTS + CHECKED + hollow)
    git(story.root, "commit", "-qa", "--amend", "-m", "the story's tests and a placeholder")
    assert _review(capsys)[0] == 0
    story.write("tests/test_signup.py", TESTS + CHECKED)
    git(story.root, "commit", "-qam", "drop the placeholder")
    code, out = _review(capsys)
    assert (code, out["verdict"], out["round"]) == (0, "APPROVE", 2)
    check = _check(story, "round-coverage")
    assert [f["message"] for f in check["findings"]] == []


def test_an_acs_test_made_a_placeholder_is_named_by_its_gap(
        story: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """AC2's one test made a bare call (python-semver's `test_should_bump_build`,
    sanitize-url's `expect(true).toBe(true)`): its gap says that test, counted for it in the
    round before (at a first review: matched to it in git), is a placeholder now, at its line,
    not only "has no test" or its nearest tests."""
    assert _review(capsys)[0] == 0
    hollow = TESTS.replace('    assert signup("nope") == 422', '    signup("nope")')
    story.write("tests/test_signup.py", hollow + CHECKED)
    test = "tests/test_signup.py::test_an_address_without_an_at_sign_is_refused"
    why = ("is now a placeholder (line 8: it checks nothing but that its code raises no "
           "exception: no assertion, no `raises`, `fail` or raise, no helper that checks)")

    def gap() -> list[str]:
        return [f["message"] for f in _check(story, "ac-coverage")["findings"]
                if f.get("ac_id") == "AC2"]

    nearest = ("AC2 has no test (nearest, not counted: tests/test_signup.py::test_a_valid_email"
               "_address_signs_up_in_lower_case: it counts for AC1, which its words fit better)")
    code, out = _review(capsys)
    assert (code, out["round"]) == (0, 2)  # AC2 is P1: a warning
    assert gap() == [f"{nearest} ({test}, counted for it in round 1, {why}) (priority P1)"]
    # no round to compare with: the commits since the story's first, where the test checked
    # AC2 (at that first commit, the test it had then is gone)
    shutil.rmtree(story.root / ".gaia/state/review")
    _review(capsys)
    assert gap() == [f"{nearest} (tests/test_signup.py::test_ac2_invalid_email_is_rejected_"
                     f"with_422, matched to it on main at the story's first commit "
                     f"({_first_commit(story)}), is gone; {test}, matched to it in the commits "
                     f"since, {why}) (priority P1)"]


def test_a_deleted_test_is_not_said_moved_to_a_namesake_the_base_already_had(
        story: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """itertools-ts: `async-stream.test.ts`, outside the File List, has long had a group named
    as the deleted `stream.test.ts` one. Compared with the base, the gap said the deleted test
    "is now" that namesake; it is gone. A namesake new on the branch is where it moved, as
    before."""
    namesake = "def test_a_valid_address_creates_the_account():\n    assert len('ab') == 2\n"
    story.write("tests/test_profile.py", namesake)
    git(story.root, "add", "tests/test_profile.py")
    git(story.root, "commit", "-q", "--amend", "-m", "the story's tests, and another file's")
    git(story.root, "checkout", "-qb", "story/E1-S1")
    story.write("tests/test_signup.py", TESTS[TESTS.index("def test_an_"):].join(
        ("from app.signup import signup\n\n\n", "")))
    git(story.root, "commit", "-qam", "drop AC1's tests")
    code, out = _review(capsys)
    assert code == 1
    report = Path(str(out["report"])).read_text()
    assert ("AC1 has no test (tests/test_signup.py::test_a_valid_address_creates_the_account, "
            "tests/test_signup.py::test_a_valid_email_address_signs_up_in_lower_case, matched "
            "to it on main, are gone)") in report
    assert "is now tests/test_profile.py" not in report


SIZE_ACS = """- [ ] **AC1 (P0):** Given a size written in kibibytes, when it is parsed, then a size of that many kibibytes is returned.
- [ ] **AC2:** Given a size whose unit is written in the wrong case (`"2 KIB"`), when it is parsed, then a `ValueError` is raised.
"""
SIZES = '''class KiB:
    def __init__(self, amount):
        self.amount = amount

    def __eq__(self, other):
        return isinstance(other, KiB) and other.amount == self.amount


def parse(text):
    amount, _, unit = text.partition(" ")
    if unit != "KiB":
        raise ValueError(f"unknown unit {unit!r}")
    return KiB(float(amount))
'''
SIZE_TESTS = '''import pytest

from app.sizes import KiB, parse


def test_parse_returns_a_size_written_in_kibibytes():
    assert parse("2 KiB") == KiB(2)


def test_parse_refuses_a_unit_written_in_the_wrong_case():
    with pytest.raises(ValueError):
        parse("2 KIB")
'''


def test_a_base_version_a_round_reviewed_as_it_is_is_compared_as_that_round_counted_it(
        qa_project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    """bitmath: a story committed on master, reviewed there (round 1: the run shows the test
    refusing `"2 KIB"` never runs `KiB`, so AC2 has no test), then that test skipped. Master's
    tests are the very files round 1 reviewed: the matching of them without the run ("matched
    to it on master") is no more what they checked than round 1's, and AC2's gap had said
    that test, matched to it on main, is now a placeholder, as if AC2 had had a test."""
    path = next(qa_project.impl.rglob("E1-S1-*.md"))
    text = path.read_text().replace("app/signup.py", "app/sizes.py").replace(
        "tests/test_signup.py", "tests/test_sizes.py")
    start = text.index("- [ ] **AC1")
    path.write_text(text[:start] + SIZE_ACS.rstrip("\n") + text[text.index("\n\n", start):])
    qa_project.write("app/sizes.py", SIZES)
    qa_project.write("tests/test_sizes.py", SIZE_TESTS)
    git(qa_project.root, "rm", "-q", "app/signup.py", "tests/test_signup.py")
    git(qa_project.root, "add", "-A")
    git(qa_project.root, "commit", "-q", "--amend", "-m", "the story and its tests")
    assert _review(capsys)[0] == 0
    test = "tests/test_sizes.py::test_parse_refuses_a_unit_written_in_the_wrong_case"

    def ac2() -> dict[str, Any]:
        path = qa_project.root / ".gaia/state/review/qa-tests/E1-S1/analysis-results.json"
        per_ac = json.loads(path.read_text())["coverage"]["per_ac"]
        return next(row for row in per_ac if row["ac_id"] == "AC2")

    assert ac2()["tests"] == []
    assert [c["test"] for c in ac2()["candidates"]] == [test]
    qa_project.write("tests/test_sizes.py", SIZE_TESTS.replace(
        "\ndef test_parse_refuses", "\n@pytest.mark.skip\ndef test_parse_refuses"))
    code, out = _review(capsys)
    assert (code, out["round"]) == (0, 2)
    assert "gone" not in ac2()
    assert _check(qa_project, "round-coverage")["compared_with"] == ["in round 1"]
