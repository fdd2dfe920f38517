from __future__ import annotations

from helpers.projects import Project, run_gaia


def test_stdin_and_file(project: Project) -> None:
    result = run_gaia("cache-refresh-advisory", cwd=project.root,
                      stdin="src/app.py\nskills/x/SKILL.md\ntests/t.py\n")
    assert result.returncode == 0 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "step14b_advisory: plugin-cache refresh recommended — touched files: skills/x/SKILL.md",
        "step14b_gate: advisories=1"]
    listing = project.write("diff.txt", "docs/a.md\n")
    quiet = run_gaia("cache-refresh-advisory", "--diff-files", str(listing), cwd=project.root)
    assert (quiet.returncode, quiet.stderr) == (0, "step14b_gate: advisories=0\n")


def test_bad_flag_and_missing_file_are_2(project: Project) -> None:
    for args in (("--diff-files", "missing.txt"), ("--nope",)):
        assert run_gaia("cache-refresh-advisory", *args, cwd=project.root).returncode == 2
