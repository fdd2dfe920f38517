from __future__ import annotations

import json

from helpers.projects import Project, run_gaia


def _usage(n: int) -> str:
    return json.dumps({"cwd": ".", "workspace": {"project_dir": "."},
                       "context_window": {"current_usage": {"input_tokens": n}}})


def test_statusline_feeds_the_token_column(project: Project) -> None:
    run_gaia("statusline", cwd=project.root, stdin=_usage(1000))
    run_gaia("emit-step-boundary", "1", "load-story", "E1-S1", cwd=project.root)
    run_gaia("statusline", cwd=project.root, stdin=_usage(1800))
    run_gaia("emit-step-boundary", "2", "update-status", "E1-S1", cwd=project.root)
    result = run_gaia("step-timings", "E1-S1", cwd=project.root)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[2].startswith("| 1 | load-story | ") and lines[2].endswith(" | ~800 |")
    assert lines[3] == "| 2 | update-status | — | — |"


def test_without_statusline_tokens_are_na(project: Project) -> None:
    for step, name in (("1", "load-story"), ("2", "update-status")):
        run_gaia("emit-step-boundary", step, name, "E1-S1", cwd=project.root)
    lines = run_gaia("step-timings", "E1-S1", cwd=project.root).stdout.splitlines()
    assert lines[2].endswith(" | n/a |")


def test_bad_key_is_1(project: Project) -> None:
    for args in (("step-timings",), ("step-timings", "../E1-S1")):
        result = run_gaia(*args, cwd=project.root)
        assert result.returncode == 1 and result.stdout == ""
