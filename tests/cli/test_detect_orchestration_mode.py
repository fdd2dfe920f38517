from __future__ import annotations

import subprocess
from pathlib import Path

from helpers.projects import Project, gaia_env, run_gaia

TEAM = "orchestration:\n  mode: team\n"


def detect(project: Project, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return run_gaia("detect-orchestration-mode", *args, cwd=project.root,
                    env=gaia_env(project.root, **env))


def test_subagent_by_default(project: Project) -> None:
    result = detect(project)
    assert (result.returncode, result.stdout, result.stderr) == (0, "subagent\n", "")


def test_team_needs_both_switches(project: Project) -> None:
    project.write(".gaia/config/project-config.yaml", TEAM)
    assert detect(project).stdout == "subagent\n"
    assert detect(project, CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS="true").stdout == "subagent\n"
    assert detect(project, CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS="1").stdout == "team\n"


def test_flag_alone_is_not_enough(project: Project) -> None:
    project.write(".gaia/config/project-config.yaml", "orchestration:\n  mode: subagent\n")
    assert detect(project, CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS="1").stdout == "subagent\n"


def test_explicit_config_and_env_flag(project: Project, tmp_path: Path) -> None:
    cfg = tmp_path / "cfg.yaml"
    cfg.write_text(TEAM)
    assert detect(project, "--config", str(cfg), "--env-flag", "MY_TEAMS",
                  MY_TEAMS="1").stdout == "team\n"
    assert detect(project, "--config", str(cfg), MY_TEAMS="1").stdout == "subagent\n"


def test_legacy_config_location(project: Project) -> None:
    project.write("config/project-config.yaml", TEAM)
    assert detect(project, CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS="1").stdout == "team\n"


def test_malformed_config_falls_back_with_a_note(project: Project) -> None:
    project.write(".gaia/config/project-config.yaml", "orchestration: [oops\n")
    result = detect(project, CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS="1")
    assert (result.returncode, result.stdout) == (0, "subagent\n")
    assert result.stderr.startswith("detect-orchestration-mode: project config")
    assert result.stderr.endswith("; using subagent\n")


def test_bad_flags_exit_2(project: Project) -> None:
    assert detect(project, "--bogus").returncode == 2
    result = detect(project, "--env-flag", "A;rm")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "detect-orchestration-mode: --env-flag must be a variable name, not 'A;rm'\n"
    )
