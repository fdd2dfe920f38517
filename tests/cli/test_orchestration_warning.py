from __future__ import annotations

from pathlib import Path

from gaia_lib.dev_story.orchestration_warning import WARNING_TEXT
from helpers.projects import Project, gaia_env, run_gaia

ARGS = ("orchestration-warning", "--skill-class", "heavy-procedural", "--mode", "subagent")


def test_once_per_session_and_file_holds_the_text(project: Project) -> None:
    env = gaia_env(project.root, CLAUDE_CODE_SESSION_ID="abc")
    first = run_gaia(*ARGS, cwd=project.root, env=env)
    assert first.returncode == 0 and first.stdout.startswith("SURFACE-WARNING: ")
    path = Path(first.stdout.removeprefix("SURFACE-WARNING: ").strip())
    assert path.read_text() == WARNING_TEXT
    again = run_gaia(*ARGS, cwd=project.root, env=env)
    assert (again.returncode, again.stdout) == (0, "")


def test_team_mode_silent_and_bad_values_2(project: Project) -> None:
    team = run_gaia("orchestration-warning", "--skill-class", "heavy-procedural", "--mode",
                    "team", cwd=project.root)
    assert (team.returncode, team.stdout) == (0, "")
    for args in (("--skill-class", "x", "--mode", "team"), ("--mode", "team")):
        assert run_gaia("orchestration-warning", *args, cwd=project.root).returncode == 2
