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


def test_a_file_without_the_story_template_is_no_story(project: Project) -> None:
    """Upstream's sprint-state reads only `template: 'story'` files: a note named like a story
    is not found, for load-story and sprint-state get alike."""
    path = project.add_story(status="ready-for-dev")
    path.write_text(path.read_text().replace("template: 'story'\n", ""))
    for args in (("load-story", "E1-S1"), ("sprint-state", "get", "--story", "E1-S1")):
        result = run_gaia(*args, cwd=project.root)
        assert (result.returncode, result.stdout) == (1, ""), args
        assert "has no template: 'story' frontmatter" in result.stderr
        assert len(result.stderr.splitlines()) == 1
