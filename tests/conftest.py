from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers.projects import Project, make_project


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """No test sees the developer's Claude/GAIA environment or writes to their data dir."""
    import os

    for var in list(os.environ):
        if var.startswith(("CLAUDE_", "GAIA_")) or var in (
            "PROJECT_PATH", "PROJECT_ROOT", "IMPLEMENTATION_ARTIFACTS", "TEST_ARTIFACTS",
            "CHECKPOINT_PATH", "REVIEW_GATE_LEDGER", "SPRINT_STATUS_YAML",
        ):
            monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("GAIA_DATA_DIR", str(tmp_path / "_gaia_data"))
    yield


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Project:
    """An empty GAIA project (`.gaia/` tree) set as the current project."""
    root = tmp_path / "proj"
    root.mkdir()
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(root))
    monkeypatch.chdir(root)
    return make_project(root)
