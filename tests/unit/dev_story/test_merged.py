from __future__ import annotations

import pytest

from gaia_lib.dev_story import merged

R, F = "\x1e", "\x1f"


def log(*commits: tuple[str, str]) -> str:
    return "".join(f"{subject}{F}{body}{R}\n" for subject, body in commits)


def test_subject_wins_then_story_tag() -> None:
    assert merged.find_in_log(log(("feat(E1-S1): x (#3)", "")), "E1-S1") == "subject"
    assert merged.find_in_log(log(("Squash (#3)", "text\nStory: e1-s1\n")), "E1-S1") == \
        "story-tag"
    assert merged.find_in_log(log(("Squash (#3)", "mentions E1-S1 in prose\n")), "E1-S1") is None


@pytest.mark.parametrize(("text", "hit"), [
    ("E1-S1", True), ("e1-s1 done", True), ("feat/E1-S1-signup", True), ("[E1-S1]", True),
    ("E1-S12", False), ("E11-S1", False), ("XE1-S1", False), ("E1-S1_x", False),
])
def test_key_pattern_is_whole_word(text: str, hit: bool) -> None:
    assert bool(merged.key_pattern("E1-S1").search(text)) is hit


def test_story_tag_needs_the_whole_key() -> None:
    pattern = merged.story_tag_pattern("E1-S1")
    assert pattern.search("x\nStory:   E1-S1\n")
    assert not pattern.search("Story: E1-S10\n")
    assert not pattern.search("Backstory: E1-S1\n")
