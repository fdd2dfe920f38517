"""The CLI helper's installer, isolation and output parsers (no real CLI needed)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from e2e.claude_cli import (
    ClaudeCli,
    CliUnavailable,
    HookRun,
    Inventory,
    Reported,
    component_mismatches,
    install_cli,
    isolated_env,
    parse_details_inventory,
    parse_hook_runs,
    parse_version,
    plugin_inventory,
)

# Captured from `claude --plugin-dir X plugin details gaia@inline` (2.1.197 and 2.1.332 agree).
DETAILS = """gaia 0.1.0
  Description: The GAIA story workflow.
  Source: gaia@inline

Component inventory
  Skills (2)  gaia-dev-story, gaia-review-qa
  Agents (2)  qa, file-agent
  Hooks (2)  PostToolUse, SessionStart  (harness-only — no model context cost)
  MCP servers (0)
  LSP servers (0)
"""

# Captured from a 2.1.332 --debug-file log.
DEBUG_LOG = (
    '2026-11-29T21:52:02.383Z [DEBUG] Hooks: SessionStart:startup [python3 "/p/scripts/h.py"] '
    "(plugin gaia@inline) finished with status 0 (102ms)\n"
    "2026-11-29T21:52:02.442Z [DEBUG] Hooks: checkForNewResponses returning 0 responses\n"
    "2026-11-29T21:52:02.629Z [DEBUG] Hooks: PostToolUse:Write [python3 /p/scripts/h.py] "
    "(plugin gaia@inline) finished with status 2 (92ms)\n"
)

FAKE_NPM = """#!/bin/sh
# Records its call, then lays out node_modules/.bin/claude like the real package does.
echo "$@" >> "$NPM_CALLS"
[ -n "$NPM_FAIL" ] && { echo "npm error 404 Not Found" >&2; exit 1; }
prefix="$3"
mkdir -p "$prefix/node_modules/pkg/bin" "$prefix/node_modules/.bin"
printf '#!/bin/sh\\necho "9.9.9 (Claude Code)"\\n' > "$prefix/node_modules/pkg/bin/claude.exe"
chmod +x "$prefix/node_modules/pkg/bin/claude.exe"
ln -s ../pkg/bin/claude.exe "$prefix/node_modules/.bin/claude"
"""


def test_parse_details_inventory() -> None:
    assert parse_details_inventory(DETAILS) == {
        "skills": {"gaia-dev-story", "gaia-review-qa"},
        "agents": {"qa", "file-agent"},
        "hooks": {"PostToolUse", "SessionStart"},
    }
    assert parse_details_inventory("  Skills (0)  \n  Agents (0)")["skills"] == frozenset()


def test_parse_hook_runs() -> None:
    assert parse_hook_runs(DEBUG_LOG) == [
        HookRun("SessionStart", "startup", 'python3 "/p/scripts/h.py"', "gaia@inline", 0, 102),
        HookRun("PostToolUse", "Write", "python3 /p/scripts/h.py", "gaia@inline", 2, 92),
    ]
    assert parse_hook_runs("Hook output does not start with {, treating as plain text") == []


def test_parse_version() -> None:
    assert parse_version("2.1.332 (Claude Code)\n") == (2, 1, 332)
    with pytest.raises(ValueError, match="no version"):
        parse_version("Claude Code")


def test_plugin_inventory_reads_the_repo_layout(tmp_path: Path) -> None:
    (tmp_path / "skills" / "gaia-dev-story").mkdir(parents=True)
    (tmp_path / "skills" / "gaia-dev-story" / "SKILL.md").write_text("---\nname: dev\n---\n")
    (tmp_path / "skills" / "notes").mkdir()  # no SKILL.md: not a skill
    (tmp_path / "agents").mkdir()
    (tmp_path / "agents" / "qa.md").write_text("---\nname: 'qa-reviewer'  # shown\n---\nbody\n")
    (tmp_path / "agents" / "plain.md").write_text("no frontmatter\n")
    (tmp_path / "hooks").mkdir()
    (tmp_path / "hooks" / "hooks.json").write_text(
        '{"hooks": {"PostToolUse": [], "SessionStart": []}}'
    )
    inventory = plugin_inventory(tmp_path)
    assert inventory.skills == {"gaia-dev-story"}
    assert inventory.agent_files == {"qa", "plain"}
    assert inventory.agent_names == {"qa-reviewer", "plain"}
    assert inventory.hook_events == {"PostToolUse", "SessionStart"}
    assert plugin_inventory(tmp_path / "missing").hook_events == frozenset()


def test_isolated_env_drops_claude_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "real-key")
    monkeypatch.setenv("CLAUDE_PLUGIN_ROOT", "/x")
    monkeypatch.setenv("GAIA_DATA_DIR", "/gaia-data")
    env = isolated_env(tmp_path, {"ANTHROPIC_BASE_URL": "http://127.0.0.1:1"})
    assert "ANTHROPIC_API_KEY" not in env and "CLAUDE_PLUGIN_ROOT" not in env
    assert env["CLAUDE_CONFIG_DIR"] == str(tmp_path)
    assert env["ANTHROPIC_BASE_URL"] == "http://127.0.0.1:1"
    assert env["GAIA_DATA_DIR"] == "/gaia-data"
    assert env["DISABLE_TELEMETRY"] == env["CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC"] == "1"


@pytest.fixture
def fake_npm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    npm = bin_dir / "npm"
    npm.write_text(FAKE_NPM)
    npm.chmod(npm.stat().st_mode | stat.S_IXUSR)
    calls = tmp_path / "npm-calls"
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}/usr/bin{os.pathsep}/bin")
    monkeypatch.setenv("NPM_CALLS", str(calls))
    monkeypatch.setenv("GAIA_CLAUDE_CLI_CACHE", str(tmp_path / "cache"))
    return calls


def test_install_once_then_reuse(fake_npm: Path, tmp_path: Path) -> None:
    binary = install_cli("2.1.197")
    assert binary == tmp_path / "cache" / "2.1.197" / "node_modules" / ".bin" / "claude"
    assert ClaudeCli("2.1.197", binary).version == (9, 9, 9)
    assert install_cli("2.1.197") == binary
    calls = fake_npm.read_text().splitlines()
    assert len(calls) == 1
    assert calls[0].startswith("install --prefix ")
    assert calls[0].endswith(" @anthropic-ai/claude-code@2.1.197")
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == ["2.1.197", "2.1.197.lock"]


def test_failed_install_names_npm_error_and_leaves_nothing(
    fake_npm: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NPM_FAIL", "1")
    with pytest.raises(CliUnavailable, match=r"@latest` failed \(exit 1\): npm error 404"):
        install_cli("latest")
    assert sorted(p.name for p in (tmp_path / "cache").iterdir()) == ["latest.lock"]


def test_missing_npm_is_a_clear_failure(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("GAIA_CLAUDE_CLI_CACHE", str(tmp_path / "cache"))
    with pytest.raises(CliUnavailable, match="npm not found on PATH"):
        install_cli("latest")


def test_version_spec_is_validated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GAIA_CLAUDE_CLI_CACHE", str(tmp_path / "cache"))
    with pytest.raises(CliUnavailable, match="unsupported Claude Code version spec"):
        install_cli("../evil")


def test_component_mismatches_names_both_directions() -> None:
    expected = Inventory(
        skills=frozenset({"a", "b"}), agent_files=frozenset({"qa-file"}),
        agent_names=frozenset({"qa"}), hook_events=frozenset({"PostToolUse"}),
    )
    by_name = Reported("validate --json", frozenset({"a", "c"}), frozenset({"qa"}),
                       frozenset({"PostToolUse"}), agents_by="name")
    assert component_mismatches(expected, by_name) == [
        "skill b is defined but not loaded",
        "skill c is loaded but not defined",
    ]
    by_file = Reported("plugin details", frozenset({"a", "b"}), frozenset({"qa"}),
                       frozenset(), agents_by="file")
    assert component_mismatches(expected, by_file) == [
        "agent qa-file is defined but not loaded",
        "agent qa is loaded but not defined",
        "hook event PostToolUse is defined but not loaded",
    ]


def test_only_every_cli_tests_run_on_the_oldest_version() -> None:
    """The plugin-loading tests run on every pinned CLI; a workflow session on the newest."""
    import subprocess
    import sys

    from e2e.claude_cli import CLI_VERSIONS, NEWEST_TESTED, OLDEST_SUPPORTED

    here = Path(__file__).parent
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         str(here / "test_plugin_load.py"), str(here / "test_qa_rounds_session.py")],
        capture_output=True, text=True, cwd=here.parents[1], timeout=120, check=False)
    ids = [line for line in listed.stdout.splitlines() if "::" in line]
    loader = "test_plugin_load.py::test_runtime_loader_reports_no_errors"
    rounds = "test_qa_rounds_session.py::test_round_two_writes_its_own_report_listing_fixed_findings"
    assert [i for i in ids if loader in i] == [f"tests/e2e/{loader}[{v}]" for v in CLI_VERSIONS]
    assert OLDEST_SUPPORTED in CLI_VERSIONS and NEWEST_TESTED in CLI_VERSIONS
    assert [i for i in ids if rounds in i] == [f"tests/e2e/{rounds}[{v}]" for v in CLI_VERSIONS
                                               if v != OLDEST_SUPPORTED], listed.stdout
