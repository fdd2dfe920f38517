"""YOLO mode: may the workflow proceed without asking? (upstream yolo-mode.sh)

Precedence, first rule that applies wins:
1. GAIA_CONTEXT=memory-save        -> no  (the memory-save prompt is always interactive)
2. GAIA_YOLO_OVERRIDE=no           -> no  (explicit opt-out)
3. GAIA_YOLO_FLAG=1                -> yes (the --yolo flag; exactly "1")
4. GAIA_YOLO_MODE=1                -> yes (inherited; exactly "1")
5. the `.yolo-active` sentinel     -> yes, unless it belongs to another session
6. otherwise                       -> no

The sentinel carries YOLO across Bash tool calls, which do not keep exported variables. It sits
at GAIA_YOLO_SENTINEL, else $GAIA_STATE_DIR/.yolo-active, else <project>/.gaia/state/.yolo-active,
and holds the session id that set it. A sentinel from another session (its first line differs
from CLAUDE_CODE_SESSION_ID / CLAUDE_SESSION_ID) is stale: it is removed and does not count.
When either side has no session id the sentinel counts: there is nothing to compare.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import paths, writes
from gaia_lib.core.errors import ScopeViolation

SENTINEL_NAME = ".yolo-active"


@dataclass(frozen=True)
class Decision:
    yolo: bool
    rule: str  # which precedence rule decided, for diagnostics
    stale_sentinel: bool = False


def session_id(env: Mapping[str, str]) -> str:
    return env.get("CLAUDE_CODE_SESSION_ID") or env.get("CLAUDE_SESSION_ID") or ""


def decide(env: Mapping[str, str], sentinel_text: str | None) -> Decision:
    """Pure precedence table over the environment and the sentinel's content (None: absent)."""
    if env.get("GAIA_CONTEXT") == "memory-save":
        return Decision(False, "memory-save context")
    if env.get("GAIA_YOLO_OVERRIDE") == "no":
        return Decision(False, "GAIA_YOLO_OVERRIDE=no")
    if env.get("GAIA_YOLO_FLAG") == "1":
        return Decision(True, "GAIA_YOLO_FLAG=1")
    if env.get("GAIA_YOLO_MODE") == "1":
        return Decision(True, "GAIA_YOLO_MODE=1")
    if sentinel_text is None:
        return Decision(False, "default")
    lines = sentinel_text.splitlines()
    owner = lines[0].strip() if lines else ""
    current = session_id(env)
    if not owner or not current or owner == current:
        return Decision(True, "sentinel")
    return Decision(False, "stale sentinel", stale_sentinel=True)


def sentinel_path(env: Mapping[str, str], project: Path) -> Path:
    explicit = env.get("GAIA_YOLO_SENTINEL")
    if explicit:
        return Path(explicit)
    state = env.get("GAIA_STATE_DIR")
    if state:
        return Path(state) / SENTINEL_NAME
    return paths.state_dir(project) / SENTINEL_NAME


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")[:4096]
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None
    except OSError:
        return ""  # present but unreadable: it still signals YOLO


def is_yolo(project: Path, env: Mapping[str, str] | None = None) -> Decision:
    environ = os.environ if env is None else env
    path = sentinel_path(environ, project)
    decision = decide(environ, _read(path))
    if decision.stale_sentinel:
        try:
            writes.remove(path, project)
        except (ScopeViolation, OSError):
            pass  # not ours to delete; it is ignored all the same
    return decision


def set_yolo(project: Path, env: Mapping[str, str] | None = None) -> Path:
    """Write the sentinel (idempotent) holding this session's id."""
    environ = os.environ if env is None else env
    path = sentinel_path(environ, project)
    writes.write_text(path, session_id(environ) + "\n", project)
    return path


def clear_yolo(project: Path, env: Mapping[str, str] | None = None) -> Path:
    """Remove the sentinel; absent is fine."""
    environ = os.environ if env is None else env
    path = sentinel_path(environ, project)
    writes.remove(path, project)
    return path
