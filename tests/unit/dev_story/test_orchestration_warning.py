from __future__ import annotations

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import orchestration_warning as notice
from helpers.projects import Project


def test_once_per_session(project: Project) -> None:
    env = {"CLAUDE_CODE_SESSION_ID": "s-1"}
    first = notice.surface(project.root, "heavy-procedural", "subagent", env)
    assert first is not None and first.read_text() == notice.WARNING_TEXT
    assert notice.surface(project.root, "heavy-procedural", "subagent", env) is None
    assert notice.surface(project.root, "conversational", "subagent", env) is None
    other = notice.surface(project.root, "conversational", "subagent",
                           {"CLAUDE_SESSION_ID": "s-2"})
    assert other is not None and other != first


@pytest.mark.parametrize(("cls", "mode"), [("heavy-procedural", "team"),
                                           ("reviewer", "subagent"),
                                           ("light-procedural", "subagent")])
def test_silent_cases_write_nothing(project: Project, cls: str, mode: str) -> None:
    assert notice.surface(project.root, cls, mode, {}) is None
    assert not list((project.root / ".gaia/memory/checkpoints").glob("*orchestration*"))


@pytest.mark.parametrize(("cls", "mode"), [("heavy", "subagent"), ("reviewer", "solo")])
def test_invalid_is_usage_2(project: Project, cls: str, mode: str) -> None:
    with pytest.raises(GaiaError) as caught:
        notice.surface(project.root, cls, mode, {})
    assert caught.value.exit_code == 2
