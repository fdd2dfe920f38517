from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import check_deps
from gaia_lib.story import sprint
from helpers.projects import Project


def _story(project: Project, key: str, status: str, deps: str = "[]") -> str:
    return str(project.add_story(key, slug=f"s-{key.lower()}", status=status, depends_on=deps))


def test_all_done_is_0(project: Project) -> None:
    _story(project, "E1-S1", "done")
    outcome = check_deps.check(project.root, _story(project, "E1-S2", "ready-for-dev", "[E1-S1]"))
    assert outcome.exit_code == 0 and outcome.messages() == []


def test_not_done_is_1_and_lists_status(project: Project) -> None:
    _story(project, "E1-S1", "review")
    outcome = check_deps.check(project.root, _story(project, "E1-S2", "ready-for-dev", "[E1-S1]"))
    assert outcome.exit_code == 1
    assert outcome.messages() == ["dependencies not in status: done", "  E1-S1: review"]


def test_missing_wins_with_2(project: Project) -> None:
    _story(project, "E1-S1", "review")
    path = _story(project, "E1-S2", "ready-for-dev", "[E1-S1, E9-S9]")
    outcome = check_deps.check(project.root, path)
    assert outcome.exit_code == 2 and "  E9-S9: no story file" in outcome.messages()


def test_cycle_is_named_and_exit_1(project: Project) -> None:
    _story(project, "E1-S1", "done", "[E1-S3]")
    _story(project, "E1-S3", "done", "[E1-S2]")
    path = _story(project, "E1-S2", "ready-for-dev", "[E1-S1]")
    outcome = check_deps.check(project.root, path)
    assert outcome.result.exit_code == 0  # every dependency is done ...
    assert outcome.exit_code == 1  # ... but they lead back to the story
    assert outcome.messages() == ["dependency cycle: E1-S2 -> E1-S1 -> E1-S3 -> E1-S2"]


def test_bypass_records_override_and_passes(project: Project) -> None:
    _story(project, "E1-S1", "review")
    path = _story(project, "E1-S2", "ready-for-dev", "[E1-S1]")
    outcome = check_deps.check(project.root, path, bypass=True)
    assert outcome.exit_code == 0
    assert outcome.messages()[-1] == ("[BYPASS] dependency check bypassed for E1-S2 — "
                                      "depends_on entries not validated")
    lines = sprint.overrides_path(project.root).read_text().splitlines()
    record = json.loads(lines[-1])
    assert record["story_key"] == "E1-S2" and record["reason"] == check_deps.BYPASS_REASON
    assert record["unmet_dependencies"] == [{"key": "E1-S1", "status": "review"}]


def test_bypass_with_nothing_to_bypass_records_nothing(project: Project) -> None:
    _story(project, "E1-S1", "done")
    outcome = check_deps.check(project.root, _story(project, "E1-S2", "ready-for-dev",
                                                    "[E1-S1]"), bypass=True)
    assert outcome.exit_code == 0 and not outcome.bypassed
    assert not sprint.overrides_path(project.root).exists()


def test_bad_story_paths_are_usage_64(project: Project) -> None:
    bad = project.write("bad.md", "---\nkey: [\n---\n")
    for raw in (str(project.root / "nope.md"), str(bad)):
        with pytest.raises(GaiaError) as caught:
            check_deps.check(project.root, raw)
        assert caught.value.exit_code == 64


def test_the_verdict_is_the_shared_function(project: Project,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """check-deps never re-implements the rule: QA gating changes land here too."""
    path = _story(project, "E1-S2", "ready-for-dev")
    held = sprint.DepsResult("E1-S2", (), (("E1-S1", "held by QA verdict FAILED"),))
    passed: list[object] = []

    def shared(_project: Path, _story: object, *, qa_hold: object) -> sprint.DepsResult:
        passed.append(qa_hold)
        return held

    monkeypatch.setattr(sprint, "check_deps", shared)
    outcome = check_deps.check(project.root, path)
    assert outcome.exit_code == 1 and "  E1-S1: held by QA verdict FAILED" in outcome.messages()
    assert [type(h).__name__ for h in passed] == ["QaHolds"]  # QA gating's hold is applied
