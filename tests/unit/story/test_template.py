from __future__ import annotations

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.story import resolve, template
from gaia_lib.story.parser import load_story
from helpers.projects import Project


def test_new_story_reads_back_through_the_one_parser(project: Project) -> None:
    path = template.new_story(project.root, "E3-S7", "Refuse expired: codes!", priority="P0",
                              risk="high", points=5)
    assert path == project.impl / "epic-e3" / "stories" / "E3-S7-refuse-expired-codes.md"
    story = load_story(path)
    assert (story.key, story.title, story.epic, story.status) == (
        "E3-S7", "Refuse expired: codes!", "E3", "backlog")
    assert story.priority == "P0"
    assert [row.name for row in story.review_gate or ()] == list(template.GATE_ROWS)
    assert {row.status for row in story.review_gate or ()} == {"UNVERIFIED"}
    assert [ac.ac_id for ac in story.acceptance_criteria] == ["AC1"]
    assert resolve.find_story(project.root, "E3-S7") == path
    # the template's AC is a placeholder until someone writes it: reviews refuse to count it
    assert [ac.unfilled for ac in story.acceptance_criteria] == [True]


def test_new_story_joins_an_existing_epic_directory(project: Project) -> None:
    project.add_story("E1-S1")  # lives in epic-e1-core/stories/
    path = template.new_story(project.root, "E1-S2", "Second")
    assert path.parent == project.impl / "epic-e1-core" / "stories"


def test_an_existing_story_is_never_overwritten(project: Project) -> None:
    existing = project.add_story("E1-S1")
    before = existing.read_bytes()
    with pytest.raises(GaiaError) as caught:
        template.new_story(project.root, "E1-S1", "Again")
    assert caught.value.exit_code == 1 and "already exists" in caught.value.message
    assert existing.read_bytes() == before


@pytest.mark.parametrize(
    ("key", "title", "kwargs", "words"),
    [
        ("../E1-S1", "t", {}, "invalid story key"),
        ("E1-S1.md", "t", {}, "'E1-S1.md' is a file name, not a story key"),
        ("E1-S1", "", {}, "--title"),
        ("E1-S1", "bad\x1btitle", {}, "--title"),
        ("E1-S1", "t", {"priority": "P9"}, "--priority"),
        ("E1-S1", "t", {"risk": "huge"}, "--risk"),
        ("E1-S1", "t", {"epic": "epic/../x"}, "--epic"),
        ("E1-S9", "t", {"epic": "E2"}, "key E1-S9 names epic E1, not E2: drop --epic or give "
                                      "--epic E1"),
        ("e1s9", "t", {}, "key e1s9 names no epic (a key E<n>-S<m> does): give --epic E<n>"),
    ],
)
def test_bad_input_is_refused_before_anything_is_written(
    project: Project, key: str, title: str, kwargs: dict[str, str], words: str
) -> None:
    with pytest.raises(GaiaError) as caught:
        template.new_story(project.root, key, title, **kwargs)  # type: ignore[arg-type]
    assert words in caught.value.message
    assert not list(project.impl.rglob("*.md"))


def test_slug() -> None:
    assert template.slug("Sign up with an E-mail!") == "sign-up-with-an-e-mail"
    assert template.slug("???") == "story"


def test_a_long_title_is_cut_between_its_words() -> None:
    """chrono-node's story: the 62-character slug lost `fsets` of its last word, `of` left."""
    title = "English time-unit expressions: ago, later, within and casual offsets"
    assert template.slug(title) == "english-time-unit-expressions-ago-later-within-and-casual"
    assert template.slug("x" * 70) == "x" * template.SLUG_MAX


def test_a_priority_in_lower_case_is_that_priority(project: Project) -> None:
    path = template.new_story(project.root, "E3-S8", "Lower case", priority="p1")
    assert load_story(path).priority == "P1"


@pytest.mark.parametrize("typed", ["101", "-1", "abc", "2.5", ""])
def test_points_outside_0_to_100_are_a_bad_value(typed: str) -> None:
    with pytest.raises(GaiaError) as caught:
        template.points_value(typed)
    assert caught.value.exit_code == 1
    assert caught.value.message.startswith("invalid --points")


def test_points_in_range_are_read() -> None:
    assert [template.points_value(t) for t in ("0", " 8 ", "100")] == [0, 8, 100]
