"""Per-step timing and token telemetry: one `step_boundary` lifecycle event per principal step.

Rules (upstream emit-step-boundary.sh):
- `<step>` is an integer 1..16, `<name>` a step name (`[a-z0-9][a-z0-9-]*`), `<key>` a story
  key; anything else is exit 1 before anything is written.
- Tokens: `--tokens JSON` wins; else the snapshot `gaia statusline` persists at
  `.gaia/memory/.context-window-snapshot.json`; else none.
- Privacy: a token payload is kept only when it is a JSON object whose keys are among
  input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens and whose
  values are all non-negative numbers (booleans are not numbers). Anything else is dropped
  whole, so prompt or response text can never reach the event log.
- The event: `event_type: step_boundary`, `workflow: dev-story`, `step`, `story_key`, `data:
  {step_name[, tokens]}` appended to the lifecycle log under its lock.
- Per-step token figures are the difference of consecutive cumulative snapshots: approximate by
  nature, and `n/a` when either side has no snapshot.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from gaia_lib.core import keys, lifecycle, paths
from gaia_lib.core.errors import InvalidInput

TOKEN_KEYS = ("input_tokens", "output_tokens", "cache_creation_input_tokens",
              "cache_read_input_tokens")
SNAPSHOT_NAME = ".context-window-snapshot.json"
STEP_NAME_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
MAX_STEP = 16
MAX_SNAPSHOT_BYTES = 64 * 1024


def snapshot_path(project: Path) -> Path:
    return paths.memory_dir(project) / SNAPSHOT_NAME


def numeric_tokens(value: Any) -> dict[str, int | float] | None:
    """The payload when it is numeric-only with known keys; None (drop it) otherwise. Pure."""
    if not isinstance(value, dict) or not value:
        return None
    kept: dict[str, int | float] = {}
    for name, number in value.items():
        if name not in TOKEN_KEYS or isinstance(number, bool):
            return None
        if not isinstance(number, (int, float)) or math.isnan(number) or number < 0:
            return None
        kept[name] = number
    return kept


def parse_tokens(raw: str | None) -> dict[str, int | float] | None:
    if raw is None:
        return None
    try:
        return numeric_tokens(json.loads(raw))
    except ValueError:
        return None


def read_snapshot(project: Path) -> dict[str, int | float] | None:
    target = snapshot_path(project)
    try:
        with target.open("rb") as handle:
            data = handle.read(MAX_SNAPSHOT_BYTES + 1)
    except OSError:
        return None
    if len(data) > MAX_SNAPSHOT_BYTES:
        return None
    try:
        return numeric_tokens(json.loads(data.decode("utf-8")))
    except ValueError:
        return None


def check_args(step: str, name: str, key: str) -> int:
    if not step.isascii() or not step.isdigit() or not 1 <= int(step) <= MAX_STEP:
        raise InvalidInput(f"<step> must be an integer 1..{MAX_STEP} (got {step[:20]!r})", 1)
    if STEP_NAME_RE.fullmatch(name) is None:
        raise InvalidInput(f"<name> must be a step name like load-story (got {name[:40]!r})", 1)
    keys.story_key(key, 1)
    return int(step)


def emit(project: Path, step: str, name: str, key: str, tokens_flag: str | None) -> dict[str, Any]:
    number = check_args(step, name, key)
    tokens = parse_tokens(tokens_flag) if tokens_flag is not None else read_snapshot(project)
    data: dict[str, Any] = {"step_name": name}
    if tokens is not None:
        data["tokens"] = tokens
    lifecycle.emit(project, "step_boundary", "dev-story", story_key=key, step=number, data=data)
    return data


def _total(tokens: Mapping[str, Any] | None) -> float | None:
    if not tokens:
        return None
    return float(sum(v for v in tokens.values() if isinstance(v, (int, float))))


def _seconds(stamp: Any) -> float | None:
    if not isinstance(stamp, str):
        return None
    try:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def step_rows(events: Sequence[Mapping[str, Any]]) -> list[tuple[int, str, str, str]]:
    """(step, name, duration, tokens) per boundary: each step lasts until the next boundary,
    and its tokens are the difference of the two cumulative snapshots (`~N`), or `n/a` when
    either snapshot is missing. The last step is still running: `—` for both."""
    rows: list[tuple[int, str, str, str]] = []
    for index, event in enumerate(events):
        data = event.get("data")
        data = data if isinstance(data, dict) else {}
        duration = tokens = "—"
        if index + 1 < len(events):
            nxt = events[index + 1]
            start, end = _seconds(event.get("timestamp")), _seconds(nxt.get("timestamp"))
            duration = "n/a" if start is None or end is None else f"{max(end - start, 0):.1f}s"
            raw_next = nxt.get("data")
            nxt_data: Mapping[str, Any] = raw_next if isinstance(raw_next, dict) else {}
            before = _total(numeric_tokens(data.get("tokens")))
            after = _total(numeric_tokens(nxt_data.get("tokens")))
            tokens = "n/a" if before is None or after is None else f"~{int(after - before)}"
        rows.append((int(event.get("step") or 0), str(data.get("step_name", "")), duration,
                     tokens))
    return rows


def boundary_events(project: Path, key: str) -> list[dict[str, Any]]:
    """The story's dev-story step boundaries from the lifecycle log, in log order."""
    keys.story_key(key, 1)
    try:
        text = lifecycle.log_path(project).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    events: list[dict[str, Any]] = []
    for line in text.splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if (isinstance(event, dict) and event.get("event_type") == "step_boundary"
                and event.get("workflow") == "dev-story" and event.get("story_key") == key):
            events.append(event)
    return events


def timing_table(rows: Sequence[tuple[int, str, str, str]]) -> str:
    lines = ["| Step | Name | Duration | Tokens (approx.) |", "|------|------|----------|--------|"]
    lines += [f"| {n} | {name} | {duration} | {tokens} |" for n, name, duration, tokens in rows]
    return "\n".join(lines) + "\n"
