from __future__ import annotations

from helpers.projects import Project, run_gaia


def test_prints_status_only(project: Project) -> None:
    project.add_story(status="ready-for-dev")
    result = run_gaia("load-story", "E1-S1", cwd=project.root)
    assert (result.returncode, result.stdout) == (0, "ready-for-dev\n")


def test_unknown_hostile_missing(project: Project) -> None:
    for args in (("load-story", "E1-S9"), ("load-story", "../../E1-S1"), ("load-story",)):
        result = run_gaia(*args, cwd=project.root)
        assert result.returncode == 1 and result.stdout == ""
        assert len(result.stderr.splitlines()) == 1
