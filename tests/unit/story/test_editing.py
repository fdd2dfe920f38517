from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.core.errors import MalformedFile
from gaia_lib.story.editing import editing
from helpers.projects import story_text


def test_editing_yields_the_story_read_under_its_lock(tmp_path: Path) -> None:
    path = tmp_path / "E1-S2-a.md"
    path.write_text(story_text("E1-S2"))
    with editing(path, "E1-S2") as story:
        assert story.key == "E1-S2"
        assert Path(str(path) + ".lock").exists()


def test_a_story_whose_key_disagrees_with_its_lookup_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "E1-S2-a.md"
    path.write_text(story_text("E9-S9"))
    with pytest.raises(MalformedFile, match="found as E1-S2 but its frontmatter says key 'E9-S9'") \
            as info:
        with editing(path, "E1-S2", exit_code=4):
            pytest.fail("the block must not run")  # pragma: no cover
    assert info.value.exit_code == 4


def test_a_key_too_short_names_the_story_it_found(tmp_path: Path) -> None:
    """`gaia review-qa E69` on jsonmerge found E69-S1's file by the `E69-` prefix and told the
    user to "fix the key or the file name", though the file was right and the key short."""
    path = tmp_path / "E69-S1-merging-arrays-by-id.md"
    path.write_text(story_text("E69-S1"))
    with pytest.raises(MalformedFile, match=r"no story file has key E69: .* it is story "
                       r"E69-S1's \(did you mean E69-S1\?\)") as info:
        with editing(path, "E69", exit_code=3):
            pytest.fail("the block must not run")  # pragma: no cover
    assert info.value.exit_code == 3
    assert "fix the key or the file name" not in str(info.value)


def test_a_story_without_a_key_is_identified_by_its_lookup(tmp_path: Path) -> None:
    path = tmp_path / "E1-S2-a.md"
    path.write_text(story_text("E1-S2").replace('key: "E1-S2"\n', ""))
    with editing(path, "E1-S2") as story:
        assert story.key is None
