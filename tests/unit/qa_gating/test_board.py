"""The board QA gating reads: every story of the project in every layout, its epic."""

from __future__ import annotations

from gaia_lib.qa_gating import board, lint, status
from helpers.projects import Project, story_text
from helpers.qa_board import add


def test_stories_of_another_key_form_are_on_the_board_under_their_declared_epic(
        project: Project) -> None:
    """`AUTH-12` (epic E1 in its frontmatter) and `e1.s2_x` are stories like E1-S2: listed
    after the E<n>-S<n> ones, so status and lint see every story; a file that only looks like
    one (a report, a note without a matching key) is not."""
    add(project, "E1-S10")
    add(project, "E1-S2")
    impl = ".gaia/artifacts/implementation-artifacts"
    project.write(f"{impl}/epic-e1-core/stories/AUTH-12-login.md",
                  story_text("AUTH-12").replace('epic: "AUTH"', 'epic: "E1"'))
    project.write(f"{impl}/e1.s2_x-flat.md", story_text("e1.s2_x"))
    project.write(f"{impl}/qa-tests-AUTH-12.md", "# QA review: AUTH-12\n")
    project.write(f"{impl}/NOTE-1-misnamed.md", story_text("NOTE-2"))
    listed = [(s.key, s.epic) for s in board.stories(project.root)]
    assert listed == [("E1-S2", "E1"), ("E1-S10", "E1"), ("AUTH-12", "E1"),
                      ("e1.s2_x", "e1.s2_x")]
    assert lint.lint(project.root) == []


def test_status_lists_epics_of_every_form_and_reads_an_epic_in_lower_case(
        project: Project) -> None:
    """A story keyed AUTH-3 whose frontmatter names no E<n> epic is its own epic, AUTH: the
    board lists it after E1 (it used to stop the command: an epic sorted as a number), and
    `--epic e1` is E1."""
    add(project, "E1-S1")
    impl = ".gaia/artifacts/implementation-artifacts"
    project.write(f"{impl}/AUTH-3-login.md",
                  story_text("AUTH-3").replace('epic: "AUTH"\n', ""))
    listed = [line.split("\t")[0] for line in status.lines(project.root)]
    assert listed == ["E1-S1", "AUTH-3"]
    assert [line.split("\t")[0] for line in status.lines(project.root, "e1")] == ["E1-S1"]
    assert [line.split("\t")[0] for line in status.lines(project.root, "AUTH")] == ["AUTH-3"]


def test_a_story_key_of_the_e_form_decides_its_epic_and_another_key_takes_the_declared_one(
) -> None:
    assert board.epic_of_story("E2-S1", "E7") == "E2"  # the key says; a stray epic: is not read
    assert board.epic_of_story("AUTH-12", "E1") == "E1"
    assert board.epic_of_story("AUTH-12", "auth") == "AUTH"  # not an E<n> epic: the key's own
    assert board.epic_of_story("AUTH-12", None) == "AUTH"
    assert board.epic_of_story("story_7", None) == "story_7"
