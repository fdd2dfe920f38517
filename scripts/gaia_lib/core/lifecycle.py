"""The lifecycle event log: `.gaia/memory/lifecycle-events.jsonl`, one JSON object per line.

Line shape (upstream lifecycle-event.sh): `timestamp` (ISO 8601 UTC, milliseconds), `event_type`,
`workflow`, `pid`, and optionally `story_key`, `step`, `data`. Appends hold the log's lock.
"""

from __future__ import annotations

import json
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from gaia_lib.core import locks, paths, writes

LOG_NAME = "lifecycle-events.jsonl"


def log_path(project: Path) -> Path:
    return paths.memory_dir(project) / LOG_NAME


def utc_now_ms() -> str:
    now = datetime.now(timezone.utc)
    return now.strftime("%Y-%m-%dT%H:%M:%S.") + f"{now.microsecond // 1000:03d}Z"


def event_line(
    event_type: str,
    workflow: str,
    *,
    timestamp: str,
    pid: int,
    story_key: str | None = None,
    step: int | None = None,
    data: Any = None,
) -> str:
    """One compact JSON line, fields in upstream order (the log is read by tailing tools)."""
    event: dict[str, Any] = {
        "timestamp": timestamp,
        "event_type": event_type,
        "workflow": workflow,
        "pid": pid,
    }
    if story_key:
        event["story_key"] = story_key
    if step is not None:
        event["step"] = step
    if data is not None:
        event["data"] = data
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def emit(
    project: Path,
    event_type: str,
    workflow: str,
    *,
    story_key: str | None = None,
    step: int | None = None,
    data: Any = None,
) -> Path:
    """Append one event under the log's lock. Raises OSError / GaiaError on failure."""
    target = log_path(project)
    line = event_line(
        event_type, workflow, timestamp=utc_now_ms(), pid=os.getpid(),
        story_key=story_key, step=step, data=data,
    )
    with locks.locked(target):
        writes.append_line(target, line, project)
    return target
