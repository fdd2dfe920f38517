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


def test_arguments_it_cannot_use_are_one_line_and_exit_0(project: Project) -> None:
    """Upstream's preflight is advisory: it always exits 0."""
    for args, why in ((("--old", "a"), "--old and --new are required"),
                      (("--old", "a", "--new", "a"), "--old and --new are the same name"),
                      (("--old", "a", "--new", "b", "--repo-root", "nope"),
                       "--repo-root nope is not a directory")):
        result = run_gaia("skill-rename-preflight", *args, cwd=project.root)
        assert (result.returncode, result.stdout) == (0, ""), args
        assert result.stderr == f"skill-rename-preflight: {why}; nothing checked\n"
    assert run_gaia("skill-rename-preflight", "--bogus", cwd=project.root).returncode == 2
