from __future__ import annotations

from pathlib import Path

import pytest

from helpers.delivery import World, make_world
from helpers.projects import run_gaia

HALT = ("HALT: forbidden sentinel {s} in {p}:{n} — add a Finding row or pass "
        "--allow-stub=<reason> to /gaia-dev-story")


@pytest.fixture
def world(tmp_path: Path) -> World:
    world = make_world(tmp_path, with_gh=False)
    world.commit_file("src/legacy.py", "a = 1\n# FIXME: old debt on main\nb = 2\n", "legacy")
    world.git("push", "-q", "origin", "main")
    world.git("checkout", "-q", "-b", "feat/E1-S1-signup")
    return world


def scan(world: World, *args: str) -> tuple[int, str, str]:
    result = world.gaia("forbidden-sentinel-scan", "--base-ref", "main", *args)
    return result.returncode, result.stdout, result.stderr


def test_clean_branch_passes(world: World) -> None:
    world.commit_file("src/signup.py", "def signup():\n    return stub_user()\n", "clean")
    assert scan(world) == (0, "", "")


def test_sentinel_in_production_code_halts_with_its_line(world: World) -> None:
    world.commit_file("src/signup.py", "def signup():\n    pass\n    # STUB: wire later\n",
                      "stub")
    world.commit_file("src/pay.py", "x = MOCK\n", "mock")
    code, out, err = scan(world)
    assert (code, out) == (1, "")
    assert err.splitlines() == [HALT.format(s="MOCK", p="src/pay.py", n=1),
                                HALT.format(s="STUB", p="src/signup.py", n=3)]


def test_only_lines_the_branch_adds_count(world: World) -> None:
    world.commit_file("src/legacy.py", "a = 1\n# FIXME: old debt on main\nb = 2\nc = 3\n",
                      "touch legacy")
    assert scan(world)[0] == 0


@pytest.mark.parametrize("path", [
    "tests/test_x.py", "pkg/tests/helper.py", "src/__tests__/a.js", "docs/guide.txt",
    ".github/workflows/ci.yml", ".gaia/memory/notes.txt", "src/app.test.ts",
    "src/app_test.go", "test_x.py", "README.md", "checks.bats", "src/fixtures/data.py",
])
def test_exempt_paths(world: World, path: str) -> None:
    world.commit_file(path, "XXX STUB MOCK FIXME\n", "exempt")
    assert scan(world)[0] == 0


@pytest.mark.parametrize("text", ["stub = 1\n", "STUBBED = 1\n", "MOCK_DATA = {}\n",
                                  "xxx = 0\n", "FIXMEPLEASE\n"])
def test_whole_words_case_sensitive(world: World, text: str) -> None:
    world.commit_file("src/a.py", text, "near misses")
    assert scan(world)[0] == 0


def test_allow_stub_with_story_id_is_echoed(world: World) -> None:
    world.commit_file("src/a.py", "STUB\n", "stub")
    reason = "E1-S9: payment stub until the sandbox exists"
    code, out, err = scan(world, "--allow-stub", reason)
    assert (code, out) == (0, reason + "\n")
    assert "scan bypassed" in err
    assert scan(world, "--allow-stub", "AI-2026-11-30-2: tracked")[0] == 0


@pytest.mark.parametrize("reason", ["just trust me", "E1-S9 no colon", "AI-26-1-1-1: x", ""])
def test_allow_stub_without_an_id_is_refused(world: World, reason: str) -> None:
    code, out, err = scan(world, "--allow-stub", reason)
    assert (code, out) == (1, "")
    assert err.startswith("forbidden-sentinel-scan: --allow-stub reason must cite a story ID "
                          "(Ex-Sx) or AI ID (AI-YYYY-MM-DD-N) — got:")


def test_unknown_base_is_an_error_not_a_pass(world: World) -> None:
    result = world.gaia("forbidden-sentinel-scan", "--base-ref", "nope")
    assert result.returncode == 1
    assert result.stderr == ("forbidden-sentinel-scan: unknown base ref 'nope': not a commit "
                             "in this repository\n")


def test_hostile_base_refused(world: World) -> None:
    result = world.gaia("forbidden-sentinel-scan", "--base-ref=--output=/tmp/pwned")
    assert result.returncode == 1
    assert result.stderr.startswith("forbidden-sentinel-scan: invalid ref name")


def test_missing_base_ref_is_usage_exit_1(world: World) -> None:
    result = world.gaia("forbidden-sentinel-scan")
    assert result.returncode == 1
    assert "missing required flag: --base-ref <branch>" in result.stderr


def test_project_in_a_subdirectory_of_the_repository(tmp_path: Path) -> None:
    world = make_world(tmp_path, with_gh=False)
    world.git("checkout", "-q", "-b", "feat/E1-S1-signup")
    world.commit_file("app/src/pay.py", "x = 1\n# FIXME later\n", "nested")
    sub = world.root / "app"
    result = run_gaia("forbidden-sentinel-scan", "--base-ref", "main", cwd=sub,
                      env=world.env(CLAUDE_PROJECT_DIR=str(sub)))
    assert result.returncode == 1
    assert result.stderr.splitlines() == [HALT.format(s="FIXME", p="app/src/pay.py", n=2)]
