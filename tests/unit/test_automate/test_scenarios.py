from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gaia_lib.core import writes
from gaia_lib.core.errors import GaiaError
from gaia_lib.story.parser import load_story
from gaia_lib.test_automate import scenarios
from helpers.projects import Project, gaia_env


def test_two_adds_get_consecutive_ids_in_both_places(project: Project) -> None:
    story = project.add_story("E1-S1")
    first = scenarios.add_scenario(project.root, story, description="retry after timeout",
                                   tier="unit", priority="P1", today="2026-11-30")
    second = scenarios.add_scenario(project.root, story, description="a | pipe",
                                    tier="e2e", priority="P0", expected="refused")
    assert (first.id, second.id) == ("CS-001", "CS-002")
    rows = load_story(story).custom_scenarios
    assert [(r.cs, r.tier, r.description) for r in rows] == [
        ("CS-001", "unit", "retry after timeout"), ("CS-002", "e2e", "a | pipe")]
    index = scenarios.load_index(project.root)
    assert [e["id"] for e in index] == ["CS-001", "CS-002"]
    assert index[0] == {"id": "CS-001", "story_key": "E1-S1", "description": "retry after timeout",
                        "tier": "unit", "priority": "P1", "file_path": "", "created_date": "2026-11-30",
                        "expected": ""}


def test_an_expected_value_keeps_its_inner_white_space(project: Project) -> None:
    story = project.add_story("E1-S1")
    scenarios.add_scenario(project.root, story, description="  blank input  ", tier="unit",
                           priority="P2", expected="timeparse('   ') is None")
    (entry,) = scenarios.load_index(project.root)
    assert (entry["description"], entry["expected"]) == ("blank input",
                                                         "timeparse('   ') is None")


def test_ids_continue_past_the_highest_in_either_source(project: Project) -> None:
    story = project.add_story("E1-S1")
    story.write_text(story.read_text() + "\n## Custom Scenarios\n\n| CS | Tier | Description | File |\n"
                     "|----|------|-------------|------|\n| CS-041 | unit | old | — |\n")
    added = scenarios.add_scenario(project.root, story, description="new", tier="unit", priority="P2")
    assert added.id == "CS-042"
    assert [r.cs for r in load_story(story).custom_scenarios] == ["CS-041", "CS-042"]


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [({"tier": "smoke"}, "--tier"), ({"priority": "P7"}, "--priority"),
     ({"description": ""}, "--description"), ({"description": "a\x1bb"}, "--description"),
     ({"description": "x" * 301}, "--description"),
     # a second line is refused, not folded into the first
     ({"description": "two\nlines | pipe"}, "--description"),
     ({"expected": "None\nor 0"}, "--expected")],
)
def test_bad_input_writes_nothing(project: Project, kwargs: dict[str, str], words: str) -> None:
    story = project.add_story("E1-S1")
    before = story.read_bytes()
    args = {"description": "d", "tier": "unit", "priority": "P1", **kwargs}
    with pytest.raises(GaiaError) as caught:
        scenarios.add_scenario(project.root, story, **args)
    assert words in caught.value.message
    assert story.read_bytes() == before
    assert not scenarios.index_path(project.root).exists()


def test_a_failed_story_write_restores_the_index(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    story = project.add_story("E1-S1")
    scenarios.add_scenario(project.root, story, description="one", tier="unit", priority="P1")
    index = scenarios.index_path(project.root)
    before = index.read_bytes(), story.read_bytes()
    real = writes.write_text

    def failing(path, text, project_dir=None):
        if Path(path) == story:
            raise OSError(28, "No space left on device")
        return real(path, text, project_dir)

    monkeypatch.setattr(writes, "write_text", failing)
    with pytest.raises(OSError):
        scenarios.add_scenario(project.root, story, description="two", tier="unit", priority="P1")
    assert (index.read_bytes(), story.read_bytes()) == before


def test_concurrent_adds_lose_nothing(project: Project) -> None:
    story = project.add_story("E1-S1")
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "gaia_lib", "test-automate", "E1-S1", "--add-scenario",
             "--description", f"scenario {n}", "--tier", "unit", "--priority", "P2"],
            cwd=project.root, env=gaia_env(project.root), stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True)
        for n in range(8)
    ]
    outs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    ids = sorted(out.strip() for out, _ in outs)
    assert ids == [f"CS-{n:03d}" for n in range(1, 9)]
    assert sorted(r.cs for r in load_story(story).custom_scenarios) == ids
    assert sorted(e["id"] for e in scenarios.load_index(project.root)) == ids


def test_add_row_creates_the_section_and_header_when_missing() -> None:
    s = scenarios.Scenario("CS-001", "E1-S1", "d", "unit", "P1", "", "2026-01-01", "")
    assert scenarios.add_row("# Story\n", s) == (
        "# Story\n\n## Custom Scenarios\n\n| CS | Tier | Description | File |\n"
        "|----|------|-------------|------|\n| CS-001 | unit | d | — |\n")
    heading_only = scenarios.add_row("## Custom Scenarios\n\n## Next\n", s)
    assert heading_only.startswith("## Custom Scenarios\n\n| CS | Tier |")
    assert heading_only.endswith("| CS-001 | unit | d | — |\n\n## Next\n")
