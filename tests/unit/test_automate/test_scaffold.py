from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.evidence import placeholders, testcases
from gaia_lib.stacks import adapters as stacks
from gaia_lib.story.parser import load_story
from gaia_lib.test_automate import scaffold
from helpers.projects import Project

ACS = (
    "- [ ] AC1: Given a cart, when an item is added, then the \"total\" grows.\n"
    "- [ ] AC2: Given a coupon, when applied, then the total drops.\n"
    "- [ ] AC3: Given an empty cart, when checking out, then checkout is refused.\n"
)
MAPPED = "\n## Test Cases\n\n| TC | AC | Tier | File |\n|---|---|---|---|\n| TC-001 | AC2 | unit | t.py |\n"


@pytest.fixture()
def story_path(project: Project) -> Path:
    path = project.add_story("E4-S2", acs=ACS)
    path.write_text(path.read_text() + MAPPED)
    return path


def _flagged(stack: str, path: Path) -> bool:
    """The shared placeholder detector classifies every test in the skeleton as a placeholder;
    for stacks it cannot split into tests (Dart, C), the stack's placeholder patterns hit."""
    text = path.read_text()
    cases = testcases.split_tests(path.name, text)
    if cases:
        return all(placeholders.classify(case) is not None for case in cases)
    patterns = [re.compile(p) for p in stacks.get(stack).placeholder_patterns]
    return any(p.search(line) for line in text.splitlines() for p in patterns)


@pytest.mark.parametrize("stack", scaffold.SCAFFOLD_STACKS)
def test_one_flagged_skeleton_per_unmapped_ac_for_every_stack(
    project: Project, story_path: Path, stack: str
) -> None:
    out = project.root / "tests"
    before = story_path.read_bytes()
    lines = scaffold.scaffold(project.root, load_story(story_path), stack, out)
    written = sorted(p for p in out.iterdir())
    assert len(written) == 2  # AC1 and AC3; AC2 has a test case
    for path in written:
        assert _flagged(stack, path), path.name
    assert lines == ["scaffold: 2 skeleton(s) generated for E4-S2 under tests",
                     scaffold.GATE_LINE]
    assert story_path.read_bytes() == before  # the Review Gate is never touched


def test_python_skeletons_are_collected_and_reported_skipped_by_pytest(
    project: Project, story_path: Path
) -> None:
    out = project.root / "tests"
    scaffold.scaffold(project.root, load_story(story_path), "python-dev", out)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(out)],
                          cwd=project.root, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout
    assert "2 skipped" in done.stdout


def test_bats_skeletons_run_as_skipped(project: Project, story_path: Path) -> None:
    out = project.root / "test"
    scaffold.scaffold(project.root, load_story(story_path), "bash-dev", out)
    done = subprocess.run(["bats", "--tap", str(out)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout
    assert done.stdout.count("# skip") == 2


def test_existing_files_are_kept_not_overwritten(project: Project, story_path: Path) -> None:
    out = project.root / "tests"
    out.mkdir()
    mine = out / "test_e4_s2_ac1.py"
    mine.write_text("def test_mine(): assert 1 + 1 == 2\n")
    lines = scaffold.scaffold(project.root, load_story(story_path), "python-dev", out)
    assert mine.read_text() == "def test_mine(): assert 1 + 1 == 2\n"
    assert lines[0] == "kept (exists): tests/test_e4_s2_ac1.py"
    assert lines[1] == "scaffold: 1 skeleton(s) generated for E4-S2 under tests"


def test_unknown_stack_is_refused(project: Project, story_path: Path) -> None:
    with pytest.raises(GaiaError) as caught:
        scaffold.scaffold(project.root, load_story(story_path), "cobol-dev", project.root / "t")
    assert caught.value.exit_code == 2


def test_default_directory_is_the_first_allowlisted_tier(project: Project) -> None:
    env = project.root / ".gaia/artifacts/test-artifacts/test-environment.yaml"
    env.parent.mkdir(parents=True)
    env.write_text("tier_directories:\n  - spec/unit\n  - tests\n")
    assert scaffold.default_out_dir(project.root) == project.root / "spec/unit"
    env.unlink()
    assert scaffold.default_out_dir(project.root) == project.root / "tests"


def test_a_bats_skeleton_runs_nothing_an_ac_spells(project: Project) -> None:
    """An AC holding `$(...)`, backticks and quotes is a test name, never a command bats runs."""
    path = project.add_story("E4-S3", acs=(
        "- [ ] **AC1 (P0):** Given a file, when `touch \"$HOME\"` or $(touch pwned) runs, "
        "then it's `id`'d.\n"))
    out = project.root / "test"
    scaffold.scaffold(project.root, load_story(path), "bash-dev", out)
    done = subprocess.run(["bats", "--tap", str(out)], cwd=project.root, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("# skip") == 1 and not (project.root / "pwned").exists()
    assert "touch pwned" in done.stdout  # the AC's words are still the test's name
    assert "AC1: Given a file" in done.stdout  # its priority tag is no part of them
