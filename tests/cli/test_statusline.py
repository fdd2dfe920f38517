from __future__ import annotations

import json

from helpers.projects import Project, run_gaia


def test_prints_line_and_persists_snapshot(project: Project) -> None:
    payload = {"model": {"display_name": "Sonnet"}, "workspace": {"project_dir": str(project.root)},
               "context_window": {"current_usage": {"input_tokens": 4000, "output_tokens": 500}}}
    result = run_gaia("statusline", cwd=project.root, stdin=json.dumps(payload))
    assert (result.returncode, result.stdout) == (0, "[Sonnet] gaia · ctx 4.5k\n")
    snapshot = project.root / ".gaia/memory/.context-window-snapshot.json"
    assert json.loads(snapshot.read_text()) == {"input_tokens": 4000, "output_tokens": 500}


def test_garbage_still_exits_0(project: Project) -> None:
    result = run_gaia("statusline", cwd=project.root, stdin="\x00garbage")
    assert (result.returncode, result.stdout) == (0, "gaia\n")
