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


def test_a_story_without_a_key_is_identified_by_its_lookup(tmp_path: Path) -> None:
    path = tmp_path / "E1-S2-a.md"
    path.write_text(story_text("E1-S2").replace('key: "E1-S2"\n', ""))
    with editing(path, "E1-S2") as story:
        assert story.key is None
