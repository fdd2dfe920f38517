from __future__ import annotations

from helpers.projects import Project, run_gaia


def test_modes(project: Project) -> None:
    fresh = project.add_story("E1-S1", status="ready-for-dev")
    rework = project.add_story("E1-S2", slug="b", status="in-progress")
    rework.write_text(rework.read_text().replace("| Code Review | UNVERIFIED", "| Code Review | FAILED"))
    resume = project.add_story("E1-S3", slug="c", status="in-progress")
    for path, mode in ((fresh, "FRESH"), (rework, "REWORK"), (resume, "RESUME")):
        result = run_gaia("detect-mode", str(path), cwd=project.root)
        assert (result.returncode, result.stdout) == (0, mode + "\n")


def test_errors_are_exit_1(project: Project) -> None:
    nostatus = project.write("n.md", "---\nkey: E1-S1\n---\n")
    for args in (("detect-mode",), ("detect-mode", "x/../y.md"), ("detect-mode", "nope.md"),
                 ("detect-mode", str(nostatus))):
        result = run_gaia(*args, cwd=project.root)
        assert result.returncode == 1 and result.stdout == "", args
