"""`gaia statusline`: Claude Code's status line, and the producer of the token snapshot.

Claude Code runs the configured status-line command with a JSON payload on stdin (model,
workspace, session, cost and, in current versions, `context_window`). This is the only place
the context-window usage is visible to the plugin, so:

Rules:
- The usage is `context_window.current_usage` (its four token counts) when present, else
  `context_window.total_input_tokens` / `total_output_tokens` as input/output tokens. Only
  those numeric fields are kept (`step_boundary.numeric_tokens`): nothing else of the payload
  is ever written.
- When the payload's project (`workspace.project_dir`, else `cwd`) holds `.gaia/`, the usage is
  written atomically to `.gaia/memory/.context-window-snapshot.json` for `emit-step-boundary`.
  No usage in the payload: the snapshot is left as it is (the token column then shows n/a).
- The printed line: `[<model>] gaia · <workflow> <story> · ctx <N>k[/<size>k]`, parts missing
  from the payload or the project left out. Bad or empty input prints `gaia`.
- A status line must never break the UI: exit 0 always, whatever the input.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from gaia_lib.core import paths, writes
from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import step_boundary

MAX_PAYLOAD = 1 << 20
ACTIVE_WORKFLOW = "active-workflow"


def usage_of(payload: Any) -> dict[str, int | float] | None:
    if not isinstance(payload, dict):
        return None
    window = payload.get("context_window")
    if not isinstance(window, dict):
        return None
    current = window.get("current_usage")
    if isinstance(current, dict):
        picked = {k: current[k] for k in step_boundary.TOKEN_KEYS if k in current}
        return step_boundary.numeric_tokens(picked)
    totals = {"input_tokens": window.get("total_input_tokens"),
              "output_tokens": window.get("total_output_tokens")}
    return step_boundary.numeric_tokens({k: v for k, v in totals.items() if v is not None})


def project_of(payload: Any) -> Path | None:
    if not isinstance(payload, dict):
        return None
    workspace = payload.get("workspace")
    candidates = []
    if isinstance(workspace, dict):
        candidates += [workspace.get("project_dir"), workspace.get("current_dir")]
    candidates.append(payload.get("cwd"))
    for raw in candidates:
        if isinstance(raw, str) and raw and "\x00" not in raw:
            start = Path(raw)
            for directory in (start, *start.parents):
                if (directory / ".gaia").is_dir():
                    return directory
    return None


def _active(project: Path) -> str:
    try:
        text = (paths.state_dir(project) / ACTIVE_WORKFLOW).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
    words = [w for w in text.split()[:2] if w.isprintable()]
    return " ".join(w[:40] for w in words)


def line(payload: Any, project: Path | None, usage: dict[str, int | float] | None) -> str:
    parts: list[str] = []
    model = payload.get("model") if isinstance(payload, dict) else None
    name = model.get("display_name") if isinstance(model, dict) else None
    head = "gaia"
    if isinstance(name, str) and name.strip():
        head = f"[{''.join(c for c in name if c.isprintable())[:30]}] gaia"
    parts.append(head)
    if project is not None:
        active = _active(project)
        if active:
            parts.append(active)
    if usage:
        used = sum(usage.values()) / 1000
        window = payload.get("context_window") if isinstance(payload, dict) else None
        size = window.get("context_window_size") if isinstance(window, dict) else None
        shown = f"ctx {used:.1f}k"
        if isinstance(size, (int, float)) and not isinstance(size, bool) and size > 0:
            shown += f"/{size / 1000:.0f}k"
        parts.append(shown)
    return " · ".join(parts)


def run(raw: bytes) -> str:
    """Persist the snapshot when possible; return the status line. Never raises."""
    try:
        payload = json.loads(raw[:MAX_PAYLOAD].decode("utf-8")) if len(raw) <= MAX_PAYLOAD \
            else None
    except (ValueError, UnicodeDecodeError):
        payload = None
    usage = usage_of(payload)
    project = project_of(payload)
    if project is not None and usage:
        # The status line must render whatever happens: a failed write only loses a sample.
        with contextlib.suppress(OSError, GaiaError):
            writes.write_json(step_boundary.snapshot_path(project), usage, project)
    return line(payload, project, usage)
