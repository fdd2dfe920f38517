"""A reviewable Python project for the QA review tests: story E1-S1 in review, two ACs, both
tested, one commit of git history. `tests/cli/conftest.py` serves it as the `qa_project` fixture."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.projects import Project

PY = sys.executable

CONFIG = f"""project:
  stack: python-dev
test_execution:
  tier_1:
    placement: [local, ci_pre_merge]
    command: {PY} -m pytest -q -p no:cacheprovider tests
    timeout_seconds: 120
"""

TESTS = '''from app.signup import signup


def test_ac1_valid_email_creates_account():
    assert signup("a@b.co") == "created"


def test_ac2_invalid_email_is_rejected_with_422():
    assert signup("nope") == 422
'''

SOURCE = '''def signup(email):
    if "@" not in email:
        return 422
    return "created"
'''


def make_qa_project(project: Project, monkeypatch: pytest.MonkeyPatch) -> Project:
    """A reviewable Python project: story E1-S1 in review, two ACs, both tested, git history."""
    monkeypatch.setenv("PATH", f"{Path(PY).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    project.write(".gaia/config/project-config.yaml", CONFIG)
    project.write("app/__init__.py", "")
    project.write("app/signup.py", SOURCE)
    project.write("tests/test_signup.py", TESTS)
    project.write("conftest.py", "")
    project.add_story("E1-S1", file_list=["app/signup.py", "tests/test_signup.py"])
    git = ["git", "-c", "user.email=t@t", "-c", "user.name=t"]
    subprocess.run([*git, "init", "-q", "-b", "main"], cwd=project.root, check=True)
    subprocess.run([*git, "add", "-A"], cwd=project.root, check=True)
    subprocess.run([*git, "commit", "-qm", "base"], cwd=project.root, check=True)
    return project
