from __future__ import annotations

from helpers.projects import Project, run_gaia
from helpers.status_world import make_world, sprint_yaml


def test_fresh_start_activates_planned_sprint(project: Project) -> None:
    files = make_world(project, {"E1-S1": "ready-for-dev"})
    files["E1-S1"].write_text(files["E1-S1"].read_text().replace("sprint_id: null",
                                                                 'sprint_id: "sprint-7"'))
    files["yaml"].write_text(sprint_yaml({"E1-S1": "ready-for-dev"}, status="planned"))
    result = run_gaia("update-status", "E1-S1", cwd=project.root)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "mode=FRESH\ntransitioned=yes\n"
    assert ("update-status: auto-activated sprint sprint-7: planned → active (first dev-story "
            "transition)") in result.stderr.splitlines()
    assert "status: active" in files["yaml"].read_text()
    again = run_gaia("update-status", "E1-S1", cwd=project.root)
    assert again.stdout == "mode=RESUME\ntransitioned=no\n"


def test_sprint_bound_backlog_is_7(project: Project) -> None:
    files = make_world(project, {"E1-S1": "backlog"})
    files["E1-S1"].write_text(files["E1-S1"].read_text().replace("sprint_id: null",
                                                                 'sprint_id: "sprint-7"'))
    result = run_gaia("update-status", "E1-S1", cwd=project.root)
    assert result.returncode == 7 and len(result.stderr.splitlines()) == 1


def test_bad_keys(project: Project) -> None:
    for args in (("update-status",), ("update-status", "E1-S1;x")):
        assert run_gaia(*args, cwd=project.root).returncode == 1
