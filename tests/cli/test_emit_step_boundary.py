from __future__ import annotations

import json

from helpers.projects import Project, run_gaia


def test_event_and_privacy(project: Project) -> None:
    ok = run_gaia("emit-step-boundary", "4", "plan", "E1-S1", "--tokens",
                  '{"input_tokens": 12, "output_tokens": 3}', cwd=project.root)
    dropped = run_gaia("emit-step-boundary", "5", "tdd-red", "E1-S1", "--tokens",
                       '{"input_tokens": "my secret prompt"}', cwd=project.root)
    assert ok.returncode == dropped.returncode == 0 and ok.stdout == ""
    log = project.root / ".gaia/memory/lifecycle-events.jsonl"
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[0]["data"] == {"step_name": "plan",
                                 "tokens": {"input_tokens": 12, "output_tokens": 3}}
    assert events[1]["data"] == {"step_name": "tdd-red"} and "secret" not in log.read_text()


def test_bad_arguments_are_1(project: Project) -> None:
    for args in (("1", "load-story"), ("x", "load-story", "E1-S1"),
                 ("1", "load-story", "E1-S1\n")):
        result = run_gaia("emit-step-boundary", *args, cwd=project.root)
        assert result.returncode == 1 and len(result.stderr.splitlines()) == 1, args
    assert not (project.root / ".gaia/memory/lifecycle-events.jsonl").exists()
