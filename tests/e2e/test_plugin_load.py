"""The plugin loads in the real Claude Code CLI: validator, runtime loader, marketplace install.

Runs against every version in `claude_cli.CLI_VERSIONS` (2.1.332 and 2.1.197; `latest` too with
GAIA_TEST_CLI_LATEST=1): marked `every_cli`, see `conftest`. Everything is
offline and isolated in a temp CLAUDE_CONFIG_DIR; each CLI call takes well under a second once
the CLI is cached (the first npm install is described in `claude_cli`).

The expected skills, agents and hook events are computed from the repository, so a skill or
agent that exists on disk but does not load fails here.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from e2e.claude_cli import (
    ClaudeCli,
    component_mismatches,
    parse_details_inventory,
    plugin_inventory,
    reported_components,
)

pytestmark = [pytest.mark.claude, pytest.mark.every_cli]

PASSED = "✔ Validation passed"
SHIPPED_SKILLS = frozenset({"gaia-review-qa", "gaia-qa-tests"})
SHIPPED_AGENTS = frozenset({
    "qa", "tdd-reviewer", "validator", "angular-dev", "bash-dev", "embedded-dev", "flutter-dev",
    "go-dev", "java-dev", "mobile-dev", "python-dev", "typescript-dev",
})
SHIPPED_HOOKS = frozenset({"PostToolUse", "SessionStart"})

# What a git clone of the repository would not contain; the marketplace install copies the
# source folder as it is, so a working tree's venv and caches would otherwise be copied too.
_NOT_SHIPPED = (
    ".git", ".venv", "node_modules", "__pycache__", ".pytest_cache", ".mypy_cache",
    ".ruff_cache", ".tmp", ".coverage", "htmlcov",
)


def _manifest(root: Path, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((root / ".claude-plugin" / name).read_text("utf-8"))
    return data


def _plugin_entry(listing: str, plugin_id: str) -> dict[str, Any]:
    entries = json.loads(listing)
    matches = [e for e in entries if e.get("id") == plugin_id]
    assert len(matches) == 1, f"{plugin_id} not listed exactly once: {entries}"
    entry: dict[str, Any] = matches[0]
    return entry


def test_manifests_agree(plugin_root: Path) -> None:
    plugin = _manifest(plugin_root, "plugin.json")
    market = _manifest(plugin_root, "marketplace.json")
    assert plugin["name"] == "gaia"
    assert "hooks" not in plugin  # hooks/hooks.json loads by default; declaring it breaks 2.1.197
    assert [p["name"] for p in market["plugins"]] == ["gaia"]
    assert market["plugins"][0]["source"] == "./"
    assert market["plugins"][0]["version"] == plugin["version"]
    assert (plugin_root / "LICENSE").read_text("utf-8").startswith("MIT License")
    # Anything else inside .claude-plugin/ is silently not loaded.
    assert sorted(p.name for p in (plugin_root / ".claude-plugin").iterdir()) == [
        "marketplace.json", "plugin.json",
    ]


def test_validate_strict_on_repo_root(claude: ClaudeCli, config_dir: Path, plugin_root: Path) -> None:
    # With both manifests present the CLI validates marketplace.json for a directory.
    proc = claude.run("plugin", "validate", "--strict", ".", config_dir=config_dir, cwd=plugin_root)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Validating marketplace manifest" in proc.stdout
    assert PASSED in proc.stdout


def test_validate_strict_on_plugin_manifest(
    claude: ClaudeCli, config_dir: Path, plugin_root: Path
) -> None:
    proc = claude.run(
        "plugin", "validate", "--strict", ".claude-plugin/plugin.json",
        config_dir=config_dir, cwd=plugin_root,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Validating plugin manifest" in proc.stdout
    assert PASSED in proc.stdout


def test_validate_marketplace_root(claude: ClaudeCli, config_dir: Path, plugin_root: Path) -> None:
    proc = claude.run("plugin", "validate", str(plugin_root), config_dir=config_dir)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"Validating marketplace manifest: {plugin_root}/.claude-plugin/marketplace.json" in (
        proc.stdout
    )
    assert PASSED in proc.stdout


def test_runtime_loader_reports_no_errors(
    claude: ClaudeCli, config_dir: Path, plugin_root: Path
) -> None:
    proc = claude.run(
        "--plugin-dir", str(plugin_root), "plugin", "list", "--json", config_dir=config_dir
    )
    assert proc.returncode == 0, proc.stderr
    entry = _plugin_entry(proc.stdout, "gaia@inline")
    assert entry.get("errors", []) == []
    assert entry["enabled"] is True
    assert entry["version"] == _manifest(plugin_root, "plugin.json")["version"]


def test_validator_provides_every_component(
    claude: ClaudeCli, config_dir: Path, plugin_root: Path
) -> None:
    """`validate --json` lists what loads (on 2.1.197, `plugin details` stands in)."""
    reported = reported_components(claude, plugin_root, config_dir)
    assert component_mismatches(plugin_inventory(plugin_root), reported) == [], reported.source
    assert reported.skills >= SHIPPED_SKILLS, reported.source
    assert reported.agents >= SHIPPED_AGENTS, reported.source
    assert reported.hook_events == SHIPPED_HOOKS, reported.source


def test_component_check_catches_what_does_not_load(
    claude: ClaudeCli, config_dir: Path, tmp_path: Path
) -> None:
    """A manifest `agents` list replaces the default folder, so agents/x.md silently drops out."""
    root = tmp_path / "plugin"
    (root / ".claude-plugin").mkdir(parents=True)
    (root / ".claude-plugin" / "plugin.json").write_text(json.dumps({
        "name": "gaia", "version": "0.1.0", "description": "d", "author": {"name": "a"},
        "license": "MIT", "agents": ["./other/y.md"],
    }))
    for rel, text in {
        "skills/a/SKILL.md": "---\ndescription: a\n---\nbody\n",
        "agents/x.md": "---\nname: x\ndescription: x\n---\nbody\n",
        "other/y.md": "---\nname: y\ndescription: y\n---\nbody\n",
    }.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    reported = reported_components(claude, root, config_dir)
    problems = component_mismatches(plugin_inventory(root), reported)
    assert "agent x is defined but not loaded" in problems
    assert not any(p.startswith("skill") for p in problems)


def test_details_inventory_matches_repo(
    claude: ClaudeCli, config_dir: Path, plugin_root: Path
) -> None:
    proc = claude.run(
        "--plugin-dir", str(plugin_root), "plugin", "details", "gaia@inline",
        config_dir=config_dir,
    )
    assert proc.returncode == 0, proc.stderr
    expected = plugin_inventory(plugin_root)
    found = parse_details_inventory(proc.stdout)
    # Named explicitly too: a component deleted from the repository must fail here, not
    # shrink the expectation computed from the repository.
    assert found["skills"] >= SHIPPED_SKILLS
    assert found["agents"] >= SHIPPED_AGENTS
    assert found["hooks"] == SHIPPED_HOOKS
    assert found["skills"] == expected.skills
    assert found["agents"] == expected.agent_files
    assert found["hooks"] == expected.hook_events


def test_local_marketplace_install(
    claude: ClaudeCli, config_dir: Path, plugin_root: Path, tmp_path: Path
) -> None:
    """`marketplace add` + `install` from a copy of the repo as a clone would have it."""
    source = tmp_path / "gaia-src"
    shutil.copytree(plugin_root, source, symlinks=True, ignore=shutil.ignore_patterns(*_NOT_SHIPPED))
    market = _manifest(plugin_root, "marketplace.json")["name"]

    added = claude.run("plugin", "marketplace", "add", str(source), config_dir=config_dir)
    assert added.returncode == 0, added.stdout + added.stderr
    assert f"Successfully added marketplace: {market}" in added.stdout

    installed = claude.run("plugin", "install", f"gaia@{market}", config_dir=config_dir)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert f"Successfully installed plugin: gaia@{market}" in installed.stdout

    listing = claude.run("plugin", "list", "--json", config_dir=config_dir)
    assert listing.returncode == 0, listing.stderr
    entry = _plugin_entry(listing.stdout, f"gaia@{market}")
    assert entry["enabled"] is True
    assert entry.get("errors", []) == []
    version = _manifest(plugin_root, "plugin.json")["version"]
    assert entry["version"] == version
    copy = Path(entry["installPath"])
    assert copy == config_dir / "plugins" / "cache" / market / "gaia" / version
    assert (copy / ".claude-plugin" / "plugin.json").is_file()
    settings = json.loads((config_dir / "settings.json").read_text("utf-8"))
    assert settings["enabledPlugins"] == {f"gaia@{market}": True}
