from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import skill_rename_preflight as preflight


def test_whole_token_references_sorted(tmp_path: Path) -> None:
    (tmp_path / "skills/a").mkdir(parents=True)
    (tmp_path / "skills/a/SKILL.md").write_text("run /gaia-dev\nsee gaia-dev-story\n(gaia-dev)\n")
    (tmp_path / "README.md").write_text("gaia-dev is old\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src/x.md").write_text("gaia-dev\n")  # not a scanned directory
    assert preflight.references(tmp_path, "gaia-dev") == [
        "stale-reference: README.md:1: gaia-dev is old",
        "stale-reference: skills/a/SKILL.md:1: run /gaia-dev",
        "stale-reference: skills/a/SKILL.md:3: (gaia-dev)",
    ]


@pytest.mark.parametrize(("old", "new"), [("a", "a"), ("../x", "y"), ("Bad", "b")])
def test_bad_names_are_2(old: str, new: str) -> None:
    with pytest.raises(GaiaError) as caught:
        preflight.check_names(old, new)
    assert caught.value.exit_code == 2
