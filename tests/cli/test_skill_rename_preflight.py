from __future__ import annotations

from helpers.projects import Project, run_gaia


def test_lists_references_and_exits_0(project: Project) -> None:
    project.write("skills/a/SKILL.md", "name: old-skill\n")
    result = run_gaia("skill-rename-preflight", "--old", "old-skill", "--new", "new-skill",
                      "--repo-root", str(project.root), cwd=project.root)
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        "stale-reference: skills/a/SKILL.md:1: name: old-skill",
        "preflight: 1 stale reference(s) to 'old-skill' (rename to 'new-skill')"]


def test_bad_arguments_are_2(project: Project) -> None:
    for args in (("--old", "a"), ("--old", "a", "--new", "a"),
                 ("--old", "a", "--new", "b", "--repo-root", "nope")):
        assert run_gaia("skill-rename-preflight", *args, cwd=project.root).returncode == 2
