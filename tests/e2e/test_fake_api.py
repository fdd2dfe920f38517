"""The scripted fake Messages API speaks the streaming protocol the CLI expects."""

from __future__ import annotations

import http.client
import json
from typing import Any

import pytest

from e2e.fake_api import FakeAnthropic, RecordedRequest, Text, ToolUse, Turn, tool_result_text

TOOLS = [{"name": "Write", "input_schema": {"type": "object"}}]


def _post(fake: FakeAnthropic, path: str, body: dict[str, Any]) -> tuple[int, str, str]:
    host, port = fake.base_url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    response = conn.getresponse()
    text = response.read().decode()
    conn.close()
    return response.status, response.getheader("Content-Type") or "", text


def _events(sse: str) -> list[tuple[str, dict[str, Any]]]:
    events = []
    for chunk in sse.strip().split("\n\n"):
        name_line, data_line = chunk.split("\n")
        assert name_line.startswith("event: ") and data_line.startswith("data: ")
        data = json.loads(data_line.removeprefix("data: "))
        assert data["type"] == name_line.removeprefix("event: ")
        events.append((data["type"], data))
    return events


def _agent_request(**extra: Any) -> dict[str, Any]:
    return {"model": "m", "stream": True, "tools": TOOLS,
            "messages": [{"role": "user", "content": "go"}], **extra}


@pytest.fixture
def fake() -> Any:
    script: list[Turn] = [
        [Text("Writing."), ToolUse("Write", {"file_path": "/p/a.txt", "content": "x"}, id="t1")],
        [Text("Finished.")],
    ]
    with FakeAnthropic(script, final_text="Nothing left.", side_text="side") as server:
        yield server


def test_tool_use_turn_is_streamed_block_by_block(fake: FakeAnthropic) -> None:
    status, content_type, body = _post(fake, "/v1/messages?beta=true", _agent_request())
    assert (status, content_type) == (200, "text/event-stream")
    events = _events(body)
    assert [name for name, _ in events] == [
        "message_start",
        "content_block_start", "content_block_delta", "content_block_stop",
        "content_block_start", "content_block_delta", "content_block_stop",
        "message_delta", "message_stop",
    ]
    assert events[1][1]["content_block"] == {"type": "text", "text": ""}
    assert events[2][1]["delta"] == {"type": "text_delta", "text": "Writing."}
    assert events[4][1]["content_block"] == {
        "type": "tool_use", "id": "t1", "name": "Write", "input": {}
    }
    delta = events[5][1]["delta"]
    assert delta["type"] == "input_json_delta"
    assert json.loads(delta["partial_json"]) == {"file_path": "/p/a.txt", "content": "x"}
    assert events[7][1]["delta"]["stop_reason"] == "tool_use"


def test_turns_follow_the_script_then_end(fake: FakeAnthropic) -> None:
    _post(fake, "/v1/messages", _agent_request())
    second = _events(_post(fake, "/v1/messages", _agent_request())[2])
    third = _events(_post(fake, "/v1/messages", _agent_request())[2])
    assert second[2][1]["delta"]["text"] == "Finished."
    assert second[-2][1]["delta"]["stop_reason"] == "end_turn"
    assert third[2][1]["delta"]["text"] == "Nothing left."
    assert len(fake.agent_turns) == 3


def test_requests_without_tools_do_not_consume_the_script(fake: FakeAnthropic) -> None:
    side = _events(_post(fake, "/v1/messages", {"model": "m", "stream": True, "messages": []})[2])
    assert side[2][1]["delta"]["text"] == "side"
    first_agent = _events(_post(fake, "/v1/messages", _agent_request())[2])
    assert first_agent[2][1]["delta"]["text"] == "Writing."
    assert fake.agent_turns == [fake.requests[1]]


def test_non_streaming_request_gets_a_message_object(fake: FakeAnthropic) -> None:
    status, content_type, body = _post(fake, "/v1/messages", _agent_request(stream=False))
    assert (status, content_type) == (200, "application/json")
    message = json.loads(body)
    assert message["stop_reason"] == "tool_use"
    assert message["content"] == [
        {"type": "text", "text": "Writing."},
        {"type": "tool_use", "id": "t1", "name": "Write",
         "input": {"file_path": "/p/a.txt", "content": "x"}},
    ]


def test_other_endpoints_are_recorded_and_answered(fake: FakeAnthropic) -> None:
    status, _, body = _post(fake, "/v1/messages/count_tokens", {"messages": ["x" * 400]})
    assert status == 200 and json.loads(body)["input_tokens"] > 0
    status, _, body = _post(fake, "/api/unknown?x=1", {})
    assert status == 404 and json.loads(body)["error"]["type"] == "not_found_error"
    assert fake.routes() == ["POST /v1/messages/count_tokens", "POST /api/unknown"]
    assert fake.requests[1].path == "/api/unknown?x=1"


def test_tool_results_are_collected_once_each(fake: FakeAnthropic) -> None:
    result = {"type": "tool_result", "tool_use_id": "t1",
              "content": [{"type": "text", "text": "File created"}]}
    history = [{"role": "user", "content": "go"}, {"role": "user", "content": [result]}]
    _post(fake, "/v1/messages", _agent_request(messages=history))
    _post(fake, "/v1/messages", _agent_request(messages=[*history, {"role": "user", "content": "more"}]))
    assert fake.tool_results() == [result]
    assert tool_result_text(result) == "File created"
    assert tool_result_text({"content": "plain"}) == "plain"


def _texts(sse: str) -> list[str]:
    return [d["delta"]["text"] for name, d in _events(sse)
            if name == "content_block_delta" and d["delta"]["type"] == "text_delta"]


def test_subagent_requests_follow_their_own_script() -> None:
    """A request whose system prompt holds an agent's marker consumes that agent's script;
    the main script goes on where it was; each request records which script answered it."""
    main: list[Turn] = [[Text("main 1")], [Text("main 2")]]
    agent: list[Turn] = [[Text("agent 1")]]
    with FakeAnthropic(main, final_text="end", agents={"# QA reviewer": agent}) as fake:
        system_blocks = [{"type": "text", "text": "You are Claude."},
                         {"type": "text", "text": "# QA reviewer\nRead only."}]
        answers = [
            _post(fake, "/v1/messages", _agent_request())[2],
            _post(fake, "/v1/messages", _agent_request(system=system_blocks))[2],
            _post(fake, "/v1/messages", _agent_request(system="# QA reviewer"))[2],
            _post(fake, "/v1/messages", _agent_request(system="plain"))[2],
            _post(fake, "/v1/messages", {"model": "m", "messages": []})[2],
        ]
        assert [_texts(a) if a.startswith("event:") else json.loads(a)["content"][0]["text"]
                for a in answers] == [
            ["main 1"], ["agent 1"], ["end"], ["main 2"], "OK",
        ]
        assert [r.thread for r in fake.requests] == [
            "main", "# QA reviewer", "# QA reviewer", "main", "side",
        ]
        assert fake.thread_requests("# QA reviewer")[0].system_text == (
            "You are Claude.\n# QA reviewer\nRead only.")
        assert fake.requests[0].tool_names == ["Write"]
        assert fake.requests[0].text() == "go"


def test_the_clis_own_notice_after_the_tool_results_is_not_the_last_message() -> None:
    """A session running past midnight: the CLI sends `The date has changed. ...` as a user
    message of its own after the tool results; what the model answers is still those results
    (an alias session's check had read the notice as the turn's last message and failed)."""
    results = [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]
    body: dict[str, list[dict[str, Any]]] = {"messages": [{"role": "user", "content": "go"},
                         {"role": "assistant", "content": [{"type": "text", "text": "x"}]},
                         {"role": "user", "content": results},
                         {"role": "user", "content": "The date has changed. Today's date is now "
                                                     "2026-12-08. DO NOT mention this to the user "
                                                     "explicitly because they are already aware."}]}
    request = RecordedRequest("POST", "/v1/messages", {}, body, "main")
    assert request.messages[-1]["content"] == results
    assert len(request.messages) == 3
    # a user's own words are never dropped
    body["messages"][-1]["content"] = "The date has changed? Please check."
    assert request.messages[-1]["content"] == "The date has changed? Please check."
