from __future__ import annotations

import json
import re

from gaia_lib.core import lifecycle
from helpers.projects import Project


def test_event_line_field_order_and_optional_fields() -> None:
    assert lifecycle.event_line("t", "w", timestamp="T", pid=7) == (
        '{"timestamp":"T","event_type":"t","workflow":"w","pid":7}'
    )
    assert lifecycle.event_line(
        "t", "w", timestamp="T", pid=7, story_key="E1-S1", step=3, data={"a": "é"}
    ) == '{"timestamp":"T","event_type":"t","workflow":"w","pid":7,"story_key":"E1-S1",' \
        '"step":3,"data":{"a":"é"}}'


def test_utc_now_ms_shape() -> None:
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", lifecycle.utc_now_ms())


def test_emit_appends_one_line_per_event(project: Project) -> None:
    path = lifecycle.emit(project.root, "state_transition", "x", story_key="E1-S1",
                          data={"from": "a", "to": "b"})
    lifecycle.emit(project.root, "other", "y")
    assert path == project.root / ".gaia/memory/lifecycle-events.jsonl"
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [e["event_type"] for e in lines] == ["state_transition", "other"]
    assert lines[0]["data"] == {"from": "a", "to": "b"}
    assert "story_key" not in lines[1]
