from __future__ import annotations

import pytest

from helpers.projects import Project
from helpers.qa_project import make_qa_project


@pytest.fixture
def qa_project(project: Project, monkeypatch: pytest.MonkeyPatch) -> Project:
    """A reviewable Python project (helpers/qa_project.py), set as the current project."""
    return make_qa_project(project, monkeypatch)
