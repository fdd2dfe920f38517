from __future__ import annotations

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import update_status
from gaia_lib.story import sprint
from helpers.projects import Project
from helpers.status_world import make_world, sprint_yaml


def _bind(path_text: str, sprint_id: str) -> str:
    return path_text.replace("sprint_id: null", f'sprint_id: "{sprint_id}"')


def _world(project: Project, status: str, sprint_status: str, sprint_id: str = "sprint-7"):
    files = make_world(project, {"E1-S1": status})
    story = files["E1-S1"]
    story.write_text(_bind(story.read_text(), sprint_id))
    files["yaml"].write_text(sprint_yaml({"E1-S1": status}, status=sprint_status))
    return files


def test_fresh_story_starts_and_planned_sprint_activates(project: Project) -> None:
    files = _world(project, "ready-for-dev", "planned")
    started = update_status.start(project.root, "E1-S1")
    assert (started.mode, started.transitioned) == ("FRESH", True)
    assert started.notes[-1] == ("auto-activated sprint sprint-7: planned → active "
                                 "(first dev-story transition)")
    assert sprint.load(files["yaml"]).status == "active"
    assert "status: in-progress" in files["E1-S1"].read_text()


def test_active_sprint_is_left_alone(project: Project) -> None:
    files = _world(project, "ready-for-dev", "active")
    before = files["yaml"].read_text()
    started = update_status.start(project.root, "E1-S1")
    assert not any("auto-activated" in n for n in started.notes)
    assert sprint.load(files["yaml"]).status == "active"
    assert files["yaml"].read_text() == before.replace('status: "ready-for-dev"',
                                                       'status: "in-progress"')


def test_other_sprint_is_not_activated(project: Project) -> None:
    files = _world(project, "ready-for-dev", "planned", sprint_id="sprint-9")
    update_status.start(project.root, "E1-S1")
    assert sprint.load(files["yaml"]).status == "planned"


def test_resume_does_not_transition(project: Project) -> None:
    files = _world(project, "in-progress", "planned")
    started = update_status.start(project.root, "E1-S1")
    assert (started.mode, started.transitioned, started.notes) == ("RESUME", False, [])
    assert sprint.load(files["yaml"]).status == "planned"


def test_sprint_bound_backlog_halts_without_writing(project: Project) -> None:
    files = _world(project, "backlog", "planned")
    before = files["E1-S1"].read_text()
    with pytest.raises(GaiaError) as caught:
        update_status.start(project.root, "E1-S1")
    assert caught.value.exit_code == 7 and "gaia-sprint-plan" in caught.value.message
    assert files["E1-S1"].read_text() == before


def test_sprintless_backlog_starts(project: Project) -> None:
    files = make_world(project, {"E1-S1": "backlog"}, sprint=False)
    started = update_status.start(project.root, "E1-S1")
    assert started.transitioned and "status: in-progress" in files["E1-S1"].read_text()


def test_hostile_key_refused(project: Project) -> None:
    with pytest.raises(GaiaError) as caught:
        update_status.start(project.root, "../E1-S1")
    assert caught.value.exit_code == 1


@pytest.mark.parametrize("status", ["review", "done", "blocked", "validating"])
def test_other_statuses_are_refused(project: Project, status: str) -> None:
    files = make_world(project, {"E1-S1": status}, sprint=False)
    before = files["E1-S1"].read_text()
    with pytest.raises(GaiaError) as caught:
        update_status.start(project.root, "E1-S1")
    assert caught.value.exit_code == 7 and files["E1-S1"].read_text() == before
