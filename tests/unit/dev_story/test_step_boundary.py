from __future__ import annotations

import json

import pytest

from gaia_lib.core import lifecycle
from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import statusline, step_boundary
from helpers.projects import Project


@pytest.mark.parametrize(("payload", "kept"), [
    ({"input_tokens": 10, "output_tokens": 2.5}, True),
    ({"input_tokens": "10"}, False),
    ({"input_tokens": True}, False),
    ({"input_tokens": -1}, False),
    ({"input_tokens": 1, "prompt": 2}, False),
    ({"input_tokens": {"n": 1}}, False),
    ({}, False),
    ([1], False),
])
def test_numeric_only_or_dropped(payload: object, kept: bool) -> None:
    assert (step_boundary.numeric_tokens(payload) is not None) is kept


def _events(project: Project) -> list[dict[str, object]]:
    text = lifecycle.log_path(project.root).read_text()
    return [json.loads(line) for line in text.splitlines()]


def test_emit_flag_wins_over_snapshot_and_text_is_dropped(project: Project) -> None:
    snapshot = step_boundary.snapshot_path(project.root)
    snapshot.write_text(json.dumps({"input_tokens": 100}))
    step_boundary.emit(project.root, "1", "load-story", "E1-S1", None)
    step_boundary.emit(project.root, "2", "update-status", "E1-S1", '{"output_tokens": 7}')
    step_boundary.emit(project.root, "3", "create-branch", "E1-S1",
                       '{"input_tokens": "the prompt text"}')
    events = _events(project)
    assert [e["data"] for e in events] == [
        {"step_name": "load-story", "tokens": {"input_tokens": 100}},
        {"step_name": "update-status", "tokens": {"output_tokens": 7}},
        {"step_name": "create-branch"},
    ]
    assert {(e["event_type"], e["workflow"], e["story_key"]) for e in events} == {
        ("step_boundary", "dev-story", "E1-S1")}
    assert "the prompt text" not in lifecycle.log_path(project.root).read_text()


@pytest.mark.parametrize("args", [("0", "x", "E1-S1"), ("17", "x", "E1-S1"), ("2a", "x", "E1-S1"),
                                  ("1", "Load Story", "E1-S1"), ("1", "x", "E1-S1/..")])
def test_bad_arguments_write_nothing(project: Project, args: tuple[str, str, str]) -> None:
    with pytest.raises(GaiaError) as caught:
        step_boundary.emit(project.root, *args, None)
    assert caught.value.exit_code == 1
    assert not lifecycle.log_path(project.root).exists()


def test_step_rows_difference_or_na() -> None:
    def ev(step: int, stamp: str, tokens: dict[str, int] | None = None) -> dict[str, object]:
        data: dict[str, object] = {"step_name": f"s{step}"}
        if tokens is not None:
            data["tokens"] = tokens
        return {"step": step, "timestamp": f"2026-11-30T10:00:{stamp}Z", "data": data}

    events = [ev(1, "00.000", {"input_tokens": 1000}),
              ev(2, "02.500", {"input_tokens": 1500, "output_tokens": 100}),
              ev(3, "03.000"), ev(4, "09.000", {"input_tokens": 9})]
    assert step_boundary.step_rows(events) == [
        (1, "s1", "2.5s", "~600"), (2, "s2", "0.5s", "n/a"), (3, "s3", "6.0s", "n/a"),
        (4, "s4", "—", "—")]


def test_timing_table_from_the_log(project: Project) -> None:
    step_boundary.emit(project.root, "1", "load-story", "E1-S1", '{"input_tokens": 10}')
    step_boundary.emit(project.root, "1", "load-story", "E2-S2", None)  # another story
    step_boundary.emit(project.root, "2", "update-status", "E1-S1", None)
    rows = step_boundary.step_rows(step_boundary.boundary_events(project.root, "E1-S1"))
    assert [(r[0], r[1], r[3]) for r in rows] == [(1, "load-story", "n/a"),
                                                  (2, "update-status", "—")]
    table = step_boundary.timing_table(rows).splitlines()
    assert table[0] == "| Step | Name | Duration | Tokens (approx.) |" and len(table) == 4


def test_statusline_persists_only_the_counts(project: Project) -> None:
    payload = {"model": {"display_name": "Opus"}, "cwd": str(project.root / "src"),
               "session_id": "secret-session", "transcript_path": "/t.jsonl",
               "context_window": {"context_window_size": 200000, "current_usage": {
                   "input_tokens": 1000, "output_tokens": 200, "cache_read_input_tokens": 800,
                   "note": "text"}}}
    (project.root / ".gaia/state/active-workflow").write_text("dev-story E1-S1\n")
    out = statusline.run(json.dumps(payload).encode())
    assert out == "[Opus] gaia · dev-story E1-S1 · ctx 2.0k/200k"
    saved = json.loads(step_boundary.snapshot_path(project.root).read_text())
    assert saved == {"input_tokens": 1000, "output_tokens": 200, "cache_read_input_tokens": 800}
    step_boundary.emit(project.root, "5", "tdd-red", "E1-S1", None)
    assert _events(project)[-1]["data"]["tokens"] == saved  # type: ignore[index]


def test_statusline_never_fails(project: Project) -> None:
    assert statusline.run(b"not json") == "gaia"
    assert statusline.run(b"") == "gaia"
    assert statusline.run(json.dumps({"cwd": "/nowhere"}).encode()) == "gaia"
    totals = {"cwd": str(project.root), "context_window": {"total_input_tokens": 3000,
                                                           "total_output_tokens": 500}}
    assert statusline.run(json.dumps(totals).encode()) == "gaia · ctx 3.5k"
    assert json.loads(step_boundary.snapshot_path(project.root).read_text()) == {
        "input_tokens": 3000, "output_tokens": 500}
