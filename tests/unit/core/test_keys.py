from __future__ import annotations

import pytest

from gaia_lib.core import keys
from gaia_lib.core.errors import InvalidInput


@pytest.mark.parametrize("raw", ["E1-S1", "E12-S345", "E0-S0"])
def test_story_key_accepts_canonical_keys(raw: str) -> None:
    assert keys.story_key(raw) == raw


# Upstream accepts any key its globs can use; gaia accepts those that are one safe path component.
@pytest.mark.parametrize("raw", ["e1-s1", "E1-S", "E1_S1", "PROJ-12", "E1-S1.2", "story_7", "_x",
                                 "a.b-c_d", "E1"])
def test_story_key_accepts_every_path_safe_key(raw: str) -> None:
    assert keys.story_key(raw) == raw


@pytest.mark.parametrize(
    "raw",
    ["", "../x", "E1-S1/..", "E1-S1\x00", "E1-S1\n", " E1-S1", "E1-S1 ", "E１-S1", "é1-S1",
     "../../etc/passwd", "E1-S1/../../x", ".", "..", ".hidden", "-E1-S1", "E1..S1", "E1-S1..",
     "E1-S*", "E1-S1;rm", "E1\\S1", "E1-S1\x7f", "E1:S1"],
)
def test_story_key_rejects_hostile_or_malformed_keys(raw: str) -> None:
    with pytest.raises(InvalidInput, match="invalid story key") as info:
        keys.story_key(raw, exit_code=2)
    assert info.value.exit_code == 2
    assert "\n" not in info.value.message and "\x00" not in info.value.message


def test_only_the_usual_form_is_recognised_inside_other_names() -> None:
    assert keys.is_canonical_story_key("E1-S10")
    assert not keys.is_canonical_story_key("E1-login")  # a valid key, but not recognisable
    assert keys.is_story_key("E1-login")


def test_epic_of() -> None:
    assert keys.epic_of("E12-S3") == "E12"


@pytest.mark.parametrize("raw", ["dev-story", "qa-tests", "gaia-dev-story", "a"])
def test_workflow_name_accepts(raw: str) -> None:
    assert keys.workflow_name(raw) == raw


@pytest.mark.parametrize("raw", ["", ".hidden", "a/b", "..", "UPPER", "x" * 65, "-lead"])
def test_workflow_name_rejects(raw: str) -> None:
    with pytest.raises(InvalidInput):
        keys.workflow_name(raw)


def test_story_keys_have_a_length_limit() -> None:
    longest = "E123456789-S123456789"
    assert len(longest) == keys.MAX_KEY_LENGTH
    assert keys.story_key(longest) == longest
    for raw in ("E1-S" + "1" * 5000, "E1234567890-S1"):
        assert not keys.is_story_key(raw)
        with pytest.raises(InvalidInput, match="at most 21 characters") as info:
            keys.story_key(raw, exit_code=3)
        assert info.value.exit_code == 3
        assert len(info.value.message) < 200


def test_a_rejected_key_is_shown_as_typed_with_control_characters_escaped() -> None:
    with pytest.raises(InvalidInput) as raised:
        keys.story_key("\u00c91-S1")
    assert "invalid story key '\u00c91-S1' (ASCII letters" in raised.value.message
    with pytest.raises(InvalidInput) as raised:
        keys.story_key("E1\x1b[2J-S1\n")
    assert "'E1\\x1b[2J-S1\\n'" in raised.value.message
