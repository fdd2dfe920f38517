"""Where things live: the plugin root, the per-user data dir, the project and its `.gaia/` tree.

Standard library only: the edit hook imports this module.
"""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ENV_VARS = (
    "GAIA_PROJECT_DIR",
    "CLAUDE_PROJECT_DIR",
    "CLAUDE_PROJECT_ROOT",
    "PROJECT_PATH",
    "PROJECT_ROOT",
)


def plugin_root() -> Path:
    """The plugin root, found from this file: the env var is absent in Bash tool calls."""
    return Path(__file__).resolve().parents[2]


def data_dir() -> Path:
    """Per-user writable state (venv, logs). Never inside the plugin root: updates replace it."""
    for var in ("CLAUDE_PLUGIN_DATA", "GAIA_DATA_DIR"):
        value = os.environ.get(var)
        if value:
            return Path(value)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "gaia"


def _find_upwards(start: Path, marker: str) -> Path | None:
    for candidate in (start, *start.parents):
        if (candidate / marker).exists():
            return candidate
    return None


def project_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The project: --project, the environment, the nearest `.gaia/` or git top, else cwd."""
    if explicit:
        return Path(explicit).resolve()
    for var in PROJECT_ENV_VARS:
        value = os.environ.get(var)
        if value:
            return Path(value).resolve()
    cwd = Path.cwd().resolve()
    return _find_upwards(cwd, ".gaia") or _find_upwards(cwd, ".git") or cwd


def gaia_dir(project: Path) -> Path:
    return project / ".gaia"


def _env_dir(var: str, project: Path) -> Path | None:
    value = os.environ.get(var)
    if not value:
        return None
    path = Path(value)
    return path if path.is_absolute() else project / path


def _artifacts_root(project: Path, name: str, env_var: str) -> Path:
    """`.gaia/artifacts/<name>` (canonical), else the legacy `docs/<name>` when only it exists."""
    override = _env_dir(env_var, project)
    if override is not None:
        return override
    canonical = gaia_dir(project) / "artifacts" / name
    legacy = project / "docs" / name
    if not canonical.is_dir() and legacy.is_dir():
        return legacy
    return canonical


def implementation_artifacts(project: Path) -> Path:
    return _artifacts_root(project, "implementation-artifacts", "IMPLEMENTATION_ARTIFACTS")


def test_artifacts(project: Path) -> Path:
    return _artifacts_root(project, "test-artifacts", "TEST_ARTIFACTS")


def planning_artifacts(project: Path) -> Path:
    return _artifacts_root(project, "planning-artifacts", "PLANNING_ARTIFACTS")


def state_dir(project: Path) -> Path:
    return gaia_dir(project) / "state"


def memory_dir(project: Path) -> Path:
    return gaia_dir(project) / "memory"


def checkpoints_dir(project: Path) -> Path:
    return _env_dir("CHECKPOINT_PATH", project) or memory_dir(project) / "checkpoints"


def review_state_dir(project: Path, skill: str, key: str) -> Path:
    """The fork's evidence area for one story: `.gaia/state/review/<skill>/<key>/`."""
    return state_dir(project) / "review" / skill / key


def project_config(project: Path) -> Path:
    """`.gaia/config/project-config.yaml`, else the legacy `config/project-config.yaml`."""
    canonical = gaia_dir(project) / "config" / "project-config.yaml"
    legacy = project / "config" / "project-config.yaml"
    if not canonical.is_file() and legacy.is_file():
        return legacy
    return canonical


def relative_to_project(path: Path, project: Path) -> str:
    """Repo-relative POSIX form when inside the project, else the absolute path."""
    try:
        return path.resolve().relative_to(project.resolve()).as_posix()
    except ValueError:
        return str(path)
