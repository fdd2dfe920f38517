"""dev/demo-dev-story.sh end to end, offline: this checkout's gaia, real git, a bare origin."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from helpers.projects import REPO_ROOT, SCRIPTS_DIR, gaia_env

DEMO = REPO_ROOT / "dev" / "demo-dev-story.sh"


def launcher(tmp_path: Path) -> Path:
    path = tmp_path / "bin" / "gaia"
    path.parent.mkdir(parents=True)
    path.write_text(f'#!/bin/sh\nPYTHONPATH="{SCRIPTS_DIR}" exec "{sys.executable}" '
                    '-m gaia_lib "$@"\n')
    path.chmod(0o755)
    return path


def demo(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    gaia = tmp_path / "bin" / "gaia"
    env = gaia_env(GAIA_BIN=str(gaia if gaia.exists() else launcher(tmp_path)))
    return subprocess.run(["bash", str(DEMO), *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)


def test_demo_runs_the_deterministic_steps(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    result = demo(tmp_path, "--out", str(out))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ready-for-dev\n" in result.stdout and "FRESH\n" in result.stdout  # load, mode
    assert "[BYPASS] dependency check bypassed for E1-S2" in result.stdout
    assert "- { item: tests, status: PASSED" in result.stdout  # dod-check ran the real pytest
    assert "created: feat/E1-S2-email-confirmation" in result.stdout
    assert "feat(E1-S2): wire Confirm the email address" in result.stdout
    assert ("HALT: forbidden sentinel STUB in src/signup/confirmation.py:29"
            in result.stdout)
    assert "pushed feat/E1-S2-email-confirmation -> origin" in result.stdout
    assert "## Diff Stat" in result.stdout
    heads = subprocess.run(["git", "ls-remote", "--heads", str(tmp_path / "demo.origin.git")],
                           capture_output=True, text=True, check=True).stdout
    assert "refs/heads/feat/E1-S2-email-confirmation" in heads
    body = (tmp_path / "demo.logs" / "pr-body.out").read_text()
    assert body.startswith("## Acceptance Criteria\n\n- AC1: Given a new account")
    assert "## Definition of Done\n\n- build: SKIPPED\n- tests: PASSED\n" in body


def test_demo_usage_and_non_empty_out(tmp_path: Path) -> None:
    bad = demo(tmp_path, "--bogus")
    assert (bad.returncode, bad.stderr) == (
        2, "usage: bash dev/demo-dev-story.sh [--out DIR] [--story KEY]\n")
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "x").write_text("x")
    refused = demo(tmp_path, "--out", str(taken))
    assert refused.returncode == 1
    assert "exists and is not empty" in refused.stderr
