"""The project's own tools run in the caller's Python settings, not the launcher's.

`bin/gaia` sets PYTHONPATH (and PYTHONPYCACHEPREFIX) for the plugin's library. A src-layout
project whose developer runs `PYTHONPATH=src gaia review-qa KEY` must still have its tests
import `app`: the review's test run gets the caller's PYTHONPATH back."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.projects import REPO_ROOT, Project
from helpers.qa_project import SOURCE, TESTS

pytestmark = pytest.mark.slow

CONFIG = f"""project:
  stack: python-dev
test_execution:
  tier_1:
    placement: [local, ci_pre_merge]
    command: {sys.executable} -m pytest -q -p no:cacheprovider tests
    timeout_seconds: 120
"""


def _src_layout(project: Project) -> None:
    project.write(".gaia/config/project-config.yaml", CONFIG)
    project.write("src/app/__init__.py", "")
    project.write("src/app/signup.py", SOURCE)
    project.write("tests/test_signup.py", TESTS)
    project.add_story("E1-S1", file_list=["src/app/signup.py", "tests/test_signup.py"])
    git = ["git", "-c", "user.email=t@t", "-c", "user.name=t"]
    subprocess.run([*git, "init", "-q", "-b", "main"], cwd=project.root, check=True)
    subprocess.run([*git, "add", "-A"], cwd=project.root, check=True)
    subprocess.run([*git, "commit", "-qm", "base"], cwd=project.root, check=True)


def _review(project: Project, plugin_venv: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("CLAUDE", "GAIA_", "PYTHON", "COV_CORE", "COVERAGE"))}
    env.update(GAIA_DATA_DIR=str(plugin_venv.parent), CLAUDE_PROJECT_DIR=str(project.root),
               **extra)
    return subprocess.run(["sh", str(REPO_ROOT / "bin" / "gaia"), "review-qa", "E1-S1"],
                          cwd=project.root, env=env, capture_output=True, text=True,
                          timeout=600, check=False)


def test_a_src_layout_project_reviewed_with_its_own_pythonpath(
        project: Project, plugin_venv: Path) -> None:
    _src_layout(project)
    done = _review(project, plugin_venv, PYTHONPATH="src")
    assert (done.returncode, done.stdout.splitlines()[0]) == (0, "QA review E1-S1: APPROVE"), done.stderr[-2000:]


def test_without_its_pythonpath_the_same_project_fails_its_test_tier(
        project: Project, plugin_venv: Path) -> None:
    # The control: the tier really depends on PYTHONPATH, so the test above can fail. Its
    # tests cannot import the project's own src package: the environment's to fix, BLOCKED.
    _src_layout(project)
    done = _review(project, plugin_venv)
    assert (done.returncode, done.stdout.splitlines()[0]) == (3, "QA review E1-S1: BLOCKED")
    assert "app, imported by tests/test_signup.py, is the project's own package under src/" \
        in done.stdout and "PYTHONPATH=src" in done.stdout
