from __future__ import annotations

from helpers.gitrepo import git
from helpers.projects import Project, run_gaia


def test_staged_files_and_args(project: Project) -> None:
    git(project.root, "init", "-q")
    project.write("svc/routes/users.ts", "x\n")
    git(project.root, "add", "svc/routes/users.ts")
    staged = run_gaia("conditional-check-hints", cwd=project.root)
    assert staged.returncode == 0
    assert staged.stdout.startswith("advisory: api-route change")
    assert staged.stderr == "step6b_gate: advisories=1\n"
    args = run_gaia("conditional-check-hints", "README.md", cwd=project.root)
    assert (args.stdout, args.stderr) == ("", "step6b_gate: advisories=0\n")


def test_non_git_is_still_0(project: Project) -> None:
    result = run_gaia("conditional-check-hints", cwd=project.root)
    assert (result.returncode, result.stderr) == (0, "step6b_gate: advisories=0\n")
