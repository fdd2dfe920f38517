from __future__ import annotations

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story.init_review_gate import canonical_block, init, reseed
from helpers.projects import REVIEW_GATE_BLOCK, Project


def test_block_matches_the_template() -> None:
    assert canonical_block() == REVIEW_GATE_BLOCK


def test_existing_gate_is_replaced_and_moved_to_the_end() -> None:
    text = ("# Story\n\n## Review Gate\n\n| Review | Status | Report |\n|--|--|--|\n"
            "| Code Review | PASSED | r.md |\n\n## Estimate\n\n3 days\n\n\n")
    out = reseed(text)
    assert out == "# Story\n\n## Estimate\n\n3 days\n\n" + canonical_block()
    assert out.count("## Review Gate") == 1 and "PASSED |" not in out


def test_rerun_is_byte_identical(project: Project) -> None:
    path = project.add_story(review_gate=False)
    assert init(path, project.root) is True
    first = path.read_bytes()
    assert init(path, project.root) is False
    assert path.read_bytes() == first and first.endswith(canonical_block().encode())


def test_fenced_heading_is_not_a_section() -> None:
    text = "# S\n\n```md\n## Review Gate\n```\n"
    assert reseed(text).startswith(text.rstrip("\n"))


def test_missing_or_malformed_story_is_2(project: Project) -> None:
    bad = project.write("bad.md", "---\nkey: [\n---\n")
    for path in (project.root / "nope.md", project.root, bad):
        with pytest.raises(GaiaError) as caught:
            init(path, project.root)
        assert caught.value.exit_code == 2
    assert bad.read_text() == "---\nkey: [\n---\n"
