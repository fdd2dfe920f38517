from __future__ import annotations

import subprocess
from pathlib import Path

from helpers.projects import Project, gaia_env, run_gaia


def yolo(project: Project, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return run_gaia("yolo-mode", *args, cwd=project.root, env=gaia_env(project.root, **env))


def test_default_is_interactive(project: Project) -> None:
    result = yolo(project)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", "")


def test_env_flags(project: Project) -> None:
    assert yolo(project, "is_yolo", GAIA_YOLO_FLAG="1").returncode == 0
    assert yolo(project, GAIA_YOLO_MODE="1").returncode == 0
    assert yolo(project, GAIA_YOLO_FLAG="true").returncode == 1
    assert yolo(project, GAIA_YOLO_FLAG="1", GAIA_YOLO_OVERRIDE="no").returncode == 1
    assert yolo(project, GAIA_YOLO_MODE="1", GAIA_CONTEXT="memory-save").returncode == 1


def test_set_is_yolo_clear_round_trip(project: Project) -> None:
    sentinel = project.root / ".gaia/state/.yolo-active"
    result = yolo(project, "set", CLAUDE_CODE_SESSION_ID="s1")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert sentinel.read_text() == "s1\n"
    assert yolo(project, CLAUDE_CODE_SESSION_ID="s1").returncode == 0
    assert yolo(project, GAIA_CONTEXT="memory-save").returncode == 1
    assert yolo(project, "clear").returncode == 0
    assert not sentinel.exists()
    assert yolo(project).returncode == 1
    assert yolo(project, "clear").returncode == 0


def test_stale_sentinel_from_another_session(project: Project) -> None:
    yolo(project, "set", CLAUDE_CODE_SESSION_ID="old")
    assert yolo(project, CLAUDE_SESSION_ID="new").returncode == 1
    assert not (project.root / ".gaia/state/.yolo-active").exists()


def test_state_dir_and_explicit_sentinel(project: Project) -> None:
    state = project.root / ".gaia/custom-state"
    assert yolo(project, "set", GAIA_STATE_DIR=str(state)).returncode == 0
    assert (state / ".yolo-active").exists()
    assert yolo(project, GAIA_STATE_DIR=str(state)).returncode == 0
    assert yolo(project).returncode == 1


def test_set_outside_scope_exit_1(project: Project, tmp_path: Path) -> None:
    result = yolo(project, "set", GAIA_YOLO_SENTINEL=str(tmp_path / "out" / "s"))
    assert result.returncode == 1
    assert result.stderr.startswith("yolo-mode: refusing to write")


def test_unknown_subcommand_exit_2(project: Project) -> None:
    result = yolo(project, "maybe")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "yolo-mode: unknown subcommand 'maybe'. Try '--help'.\n"
    assert yolo(project, "set", "extra").returncode == 2


def test_help(project: Project) -> None:
    result = yolo(project, "--help")
    assert result.returncode == 0 and result.stdout.startswith("usage: gaia yolo-mode")
