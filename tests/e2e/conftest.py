"""Fixtures for the tests that drive the real Claude Code CLI (marker `claude`).

A test asking for `claude` runs once per CLI version it covers: every pinned version
(`CLI_VERSIONS`) for the tests marked `every_cli` (the plugin loading, the hooks, the CLI
features the skills rely on, one whole /gaia-review-qa session), the newest pinned one
(and `latest` when asked for) for the other workflow sessions. What differs between CLI versions
is how they load and drive a plugin, which the `every_cli` tests check; a second run of every
long workflow session on the older CLI checked the same skill text again at twice the cost.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from e2e.claude_cli import (
    CLI_VERSIONS,
    NEWEST_TESTED,
    OLDEST_SUPPORTED,
    ClaudeCli,
    CliUnavailable,
    install_cli,
)
from e2e.demo import build_plugin_venv

REPO_ROOT = Path(__file__).resolve().parents[2]


# The versions a test not marked `every_cli` runs on: all but the oldest pinned one.
WORKFLOW_VERSIONS = tuple(v for v in CLI_VERSIONS if v != OLDEST_SUPPORTED)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "claude" in metafunc.fixturenames:
        every = metafunc.definition.get_closest_marker("every_cli") is not None
        metafunc.parametrize("claude", CLI_VERSIONS if every else WORKFLOW_VERSIONS,
                             indirect=True, scope="session")


@pytest.fixture(scope="session")
def claude(request: pytest.FixtureRequest) -> ClaudeCli:
    """The real CLI, in the version the test is parametrized with (`pytest_generate_tests`).
    A missing npm fails the test: CI must provide it, and a silent skip would hide that the
    plugin was never loaded."""
    version = str(request.param)
    try:
        return ClaudeCli(version, install_cli(version))
    except CliUnavailable as exc:
        pytest.fail(str(exc), pytrace=False)


@pytest.fixture(scope="session")
def newest() -> ClaudeCli:
    """The newest pinned CLI only: for the mutation tests, one session each."""
    try:
        return ClaudeCli(NEWEST_TESTED, install_cli(NEWEST_TESTED))
    except CliUnavailable as exc:
        pytest.fail(str(exc), pytrace=False)


@pytest.fixture
def config_dir(tmp_path: Path) -> Path:
    """A fresh CLAUDE_CONFIG_DIR per test."""
    path = tmp_path / "claude-config"
    path.mkdir()
    return path


@pytest.fixture
def plugin_root() -> Path:
    """The repository root is the plugin root (and the marketplace root)."""
    return REPO_ROOT


@pytest.fixture(scope="session")
def plugin_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The plugin's private venv, built once per test run by `bin/gaia bootstrap`; sessions
    link it into their CLAUDE_PLUGIN_DATA (`demo.seed_plugin_data`)."""
    data = tmp_path_factory.mktemp("plugin-data")
    try:
        return build_plugin_venv(data)
    except RuntimeError as exc:
        pytest.fail(str(exc), pytrace=False)
