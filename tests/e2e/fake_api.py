"""A scripted fake of the Anthropic Messages API on 127.0.0.1, for driving the real CLI offline.

The real `claude` binary is pointed at it with ANTHROPIC_BASE_URL. Every request is recorded.
`POST /v1/messages` (any query string) is answered from a script: a list of turns, each turn a
list of blocks (`Text`, `ToolUse`). A turn holding a `ToolUse` ends with stop_reason `tool_use`,
any other with `end_turn`. Only requests that offer tools consume the script (the main agent
loop); side requests without tools (titles, summaries) get `side_text`. When the script is used
up, further agent-loop requests get `final_text` and `end_turn`, so a session always terminates.

A turn may also be a function of the request it answers (`Responder`): the scripted model can
then read what the CLI sent (the rendered skill, a tool result) and act on it. When it raises,
the message is kept in `failures` and the request is answered with `FAILURE_TEXT` + the
message and `end_turn`, so the session ends at once and the test can say why.

Subagents: `agents` maps a marker text to a script of its own. An agent-loop request whose
system prompt contains the marker (e.g. a line of the agent's markdown body) belongs to that
subagent's conversation and consumes that script instead of the main one; its used-up script
answers `final_text` too. `RecordedRequest.thread` names which script answered ("main", a
marker, or "side").

Streaming requests get the real SSE protocol (message_start, content_block_start /
content_block_delta (text_delta | input_json_delta) / content_block_stop, message_delta with
stop_reason, message_stop); non-streaming ones get the equivalent message JSON.
`POST /v1/messages/count_tokens` gets a rough token count; every other path gets a 404 with an
API-shaped error body, and is recorded so a test can see what the CLI tried to reach.
"""

from __future__ import annotations

import itertools
import json
import re
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, TypeAlias
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class ToolUse:
    name: str
    input: dict[str, Any]
    id: str = ""  # filled in with a unique id when empty


Block: TypeAlias = Text | ToolUse
Turn: TypeAlias = Sequence[Block]
FAILURE_TEXT = "scripted model failure: "


# What the CLI says of its own in a user message, not the model's business
CLI_NOTICES = ("The date has changed.",)
_DEFERRED = re.compile(r"The following deferred tools are now available via ToolSearch\.[^\n]*:\n"
                       r"(?P<names>(?:[A-Za-z][\w-]*\n)+)")


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str  # with the query string
    headers: dict[str, str]
    body: Any  # parsed JSON, or None when the body was empty or not JSON
    thread: str = ""  # "main", an agent marker or "side"; set once the fake has answered

    @property
    def route(self) -> str:
        return urlsplit(self.path).path

    @property
    def is_agent_turn(self) -> bool:
        """A Messages call that offers tools: one step of the agent loop."""
        return (
            self.method == "POST"
            and self.route == "/v1/messages"
            and isinstance(self.body, dict)
            and bool(self.body.get("tools"))
        )

    @property
    def system_text(self) -> str:
        """The system prompt, whether sent as a string or as a list of text blocks."""
        system = self.body.get("system") if isinstance(self.body, dict) else None
        if isinstance(system, str):
            return system
        if isinstance(system, list):
            return "\n".join(str(b.get("text", "")) for b in system if isinstance(b, dict))
        return ""

    @property
    def tool_names(self) -> list[str]:
        """The names of the tools this request offers the model."""
        tools = self.body.get("tools") if isinstance(self.body, dict) else None
        if not isinstance(tools, list):
            return []
        return [str(t.get("name")) for t in tools if isinstance(t, dict)]

    @property
    def deferred_tool_names(self) -> list[str]:
        """The tools a CLI offers by name only, loaded through ToolSearch (2.1.332 lists them in
        a system message; 2.1.197 defers none)."""
        match = _DEFERRED.search(self.text())
        return match.group("names").split() if match else []

    @property
    def offered_tools(self) -> set[str]:
        """Every tool the model may call: the request's tools and the deferred ones."""
        return set(self.tool_names) | set(self.deferred_tool_names)

    def text(self) -> str:
        """Every text block and string message content of the conversation, joined."""
        parts: list[str] = []
        messages = self.body.get("messages", []) if isinstance(self.body, dict) else []
        for message in messages:
            content = message.get("content")
            if isinstance(content, str):
                parts.append(content)
            elif isinstance(content, list):
                parts.extend(str(b.get("text", "")) for b in content
                             if isinstance(b, dict) and b.get("type") == "text")
        return "\n".join(parts)

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The conversation's messages, less the notices the CLI appends of its own as a user
        message of plain text (a session running past midnight gets `The date has changed.
        Today's date is now ...` after the tool results it sends back)."""
        found = self.body.get("messages", []) if isinstance(self.body, dict) else []
        messages = [m for m in found if isinstance(m, dict)]
        while messages and isinstance(messages[-1].get("content"), str) \
                and messages[-1]["content"].startswith(CLI_NOTICES):
            messages.pop()
        return messages

    def tool_results(self) -> list[dict[str, Any]]:
        """Every tool_result block the CLI sent back in this request's messages."""
        found: list[dict[str, Any]] = []
        if not isinstance(self.body, dict):
            return found
        for message in self.body.get("messages", []):
            content = message.get("content")
            if isinstance(content, list):
                found.extend(
                    b for b in content if isinstance(b, dict) and b.get("type") == "tool_result"
                )
        return found


def tool_result_text(block: dict[str, Any]) -> str:
    """The text of a tool_result block, whose content is a string or a list of text blocks."""
    content = block.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(c.get("text", "")) for c in content if isinstance(c, dict))
    return ""


Responder: TypeAlias = Callable[[RecordedRequest], Turn]
Step: TypeAlias = Turn | Responder


def _sse(event: str, data: dict[str, Any]) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


def _content_json(block: Block, tool_id: str) -> dict[str, Any]:
    if isinstance(block, Text):
        return {"type": "text", "text": block.text}
    return {"type": "tool_use", "id": tool_id, "name": block.name, "input": block.input}


def _stop_reason(turn: Turn) -> str:
    return "tool_use" if any(isinstance(b, ToolUse) for b in turn) else "end_turn"


def _usage(input_tokens: int, output_tokens: int) -> dict[str, int]:
    return {
        "input_tokens": input_tokens,
        "output_tokens": output_tokens,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
    }


def sse_stream(turn: Turn, tool_ids: Sequence[str], model: str, message_id: str) -> bytes:
    """The full SSE byte stream for one assistant turn."""
    out = [
        _sse("message_start", {
            "type": "message_start",
            "message": {
                "id": message_id, "type": "message", "role": "assistant", "model": model,
                "content": [], "stop_reason": None, "stop_sequence": None,
                "usage": _usage(10, 1),
            },
        })
    ]
    for index, (block, tool_id) in enumerate(zip(turn, tool_ids, strict=True)):
        if isinstance(block, Text):
            start: dict[str, Any] = {"type": "text", "text": ""}
            delta: dict[str, Any] = {"type": "text_delta", "text": block.text}
        else:
            start = {"type": "tool_use", "id": tool_id, "name": block.name, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block.input)}
        out.append(_sse("content_block_start", {
            "type": "content_block_start", "index": index, "content_block": start,
        }))
        out.append(_sse("content_block_delta", {
            "type": "content_block_delta", "index": index, "delta": delta,
        }))
        out.append(_sse("content_block_stop", {"type": "content_block_stop", "index": index}))
    out.append(_sse("message_delta", {
        "type": "message_delta",
        "delta": {"stop_reason": _stop_reason(turn), "stop_sequence": None},
        "usage": {"output_tokens": 5},
    }))
    out.append(_sse("message_stop", {"type": "message_stop"}))
    return b"".join(out)


def message_json(turn: Turn, tool_ids: Sequence[str], model: str, message_id: str) -> bytes:
    """The non-streaming JSON body for one assistant turn."""
    return json.dumps({
        "id": message_id, "type": "message", "role": "assistant", "model": model,
        "content": [_content_json(b, t) for b, t in zip(turn, tool_ids, strict=True)],
        "stop_reason": _stop_reason(turn), "stop_sequence": None,
        "usage": _usage(10, 5),
    }).encode()


@dataclass
class FakeAnthropic:
    """The server. Use as a context manager; `base_url` goes into ANTHROPIC_BASE_URL."""

    script: Sequence[Step] = ()
    final_text: str = "Done."
    side_text: str = "OK"
    agents: Mapping[str, Sequence[Step]] = field(default_factory=dict)
    requests: list[RecordedRequest] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._turns: Iterator[Step] = iter(self.script)
        self._agent_turns: dict[str, Iterator[Step]] = {
            marker: iter(turns) for marker, turns in self.agents.items()
        }
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------------
    def __enter__(self) -> FakeAnthropic:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def start(self) -> None:
        server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        server.daemon_threads = True
        self._server = server
        self._thread = threading.Thread(target=server.serve_forever, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    @property
    def base_url(self) -> str:
        assert self._server is not None, "server not started"
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    # -- views on what was received -------------------------------------------------------
    @property
    def agent_turns(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.is_agent_turn]

    def routes(self) -> list[str]:
        return [f"{r.method} {r.route}" for r in self.requests]

    def tool_results(self) -> list[dict[str, Any]]:
        """Every tool_result the CLI reported, each once, in order of first appearance."""
        seen: dict[str, dict[str, Any]] = {}
        for request in self.agent_turns:
            for block in request.tool_results():
                seen.setdefault(str(block.get("tool_use_id")), block)
        return list(seen.values())

    # -- answering -------------------------------------------------------------------------
    def thread_requests(self, thread: str) -> list[RecordedRequest]:
        """The agent-loop requests one script answered ("main" or an agent marker)."""
        return [r for r in self.requests if r.thread == thread]

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def _thread_of(self, request: RecordedRequest) -> str:
        if not request.is_agent_turn:
            return "side"
        system = request.system_text
        return next((m for m in self._agent_turns if m in system), "main")

    def _next_turn(self, request: RecordedRequest) -> tuple[Turn, list[str], str]:
        with self._lock:
            thread = self._thread_of(request)
            # Recorded requests are frozen; swap in the answered copy at the same position.
            index = next(i for i, r in enumerate(self.requests) if r is request)
            self.requests[index] = replace(request, thread=thread)
            turns = self._turns if thread == "main" else self._agent_turns.get(thread)
            if turns is not None:
                step: Step = next(turns, (Text(self.final_text),))
                turn = _play(step, self.requests[index], self.failures)
            else:
                turn = (Text(self.side_text),)
            n = next(self._ids)
            tool_ids = [
                (b.id or f"toolu_fake_{n}_{i}") if isinstance(b, ToolUse) else ""
                for i, b in enumerate(turn)
            ]
            return turn, tool_ids, f"msg_fake_{n}"


def _play(step: Step, request: RecordedRequest, failures: list[str]) -> Turn:
    if not callable(step):
        return step
    try:
        return step(request)
    except Exception as exc:  # any failure of the scripted model ends the session loudly
        failures.append(f"{type(exc).__name__}: {exc}")
        return (Text(FAILURE_TEXT + str(exc)),)


def _handler_for(fake: FakeAnthropic) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            """Silent: every request is already recorded on the fake."""

        def _read(self) -> RecordedRequest:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body: Any = json.loads(raw) if raw else None
            except ValueError:
                body = None
            request = RecordedRequest(
                self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body
            )
            fake._record(request)
            return request

        def _send(self, status: int, payload: bytes, content_type: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(payload)))
            self.send_header("request-id", "req_fake")
            self.end_headers()
            self.wfile.write(payload)

        def _not_found(self) -> None:
            error = {"type": "error", "error": {"type": "not_found_error", "message": "fake"}}
            self._send(404, json.dumps(error).encode(), "application/json")

        def do_GET(self) -> None:
            self._read()
            self._not_found()

        def do_HEAD(self) -> None:
            self._read()
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_POST(self) -> None:
            request = self._read()
            if request.route == "/v1/messages/count_tokens":
                size = len(json.dumps(request.body or {}))
                self._send(200, json.dumps({"input_tokens": size // 4}).encode(),
                           "application/json")
                return
            if request.route != "/v1/messages" or not isinstance(request.body, dict):
                self._not_found()
                return
            turn, tool_ids, message_id = fake._next_turn(request)
            model = str(request.body.get("model", "claude-fake"))
            if request.body.get("stream"):
                self._send(200, sse_stream(turn, tool_ids, model, message_id),
                           "text/event-stream")
            else:
                self._send(200, message_json(turn, tool_ids, model, message_id),
                           "application/json")

    return Handler
