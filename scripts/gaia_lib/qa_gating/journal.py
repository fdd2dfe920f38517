"""The QA gating journal: who turned gating on or off where, which epics are closed, who was told
a story is parked. `.gaia/state/qa-gating.jsonl`, one JSON object per line, keys sorted:

    {"kind": "mode", "level": "story|epic|project", "target": K|E|"project",
     "mode": "on|off|inherit", "reason": R, "by": WHO, "recorded": ISO-8601 UTC}
    {"kind": "closure", "target": E, "closed": true|false, "reason": R, "by": .., "recorded": ..}
    {"kind": "parked", "target": K, "rounds": N, "report": P, "by": .., "recorded": ..}

Append-only under the journal's lock: nothing is ever erased, the newest record of a (kind,
target) is the one in force, and `inherit` clears a level's word. Lines that do not parse are
ignored. WHO is $GAIA_USER, else the login name.
"""

from __future__ import annotations

import getpass
import json
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gaia_lib.core import locks, paths, writes

NAME = "qa-gating.jsonl"
USER_ENV = "GAIA_USER"


def path(project: Path) -> Path:
    return paths.state_dir(project) / NAME


def who() -> str:
    name = os.environ.get(USER_ENV, "").strip()
    if name:
        return name[:80]
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "unknown"


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def entries(project: Path) -> list[dict[str, Any]]:
    try:
        text = path(project).read_text(encoding="utf-8", errors="replace")
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return []
    out: list[dict[str, Any]] = []
    for line in text.split("\n"):
        try:
            value = json.loads(line)
        except ValueError:
            continue
        if isinstance(value, dict) and isinstance(value.get("kind"), str) \
                and isinstance(value.get("target"), str):
            out.append(value)
    return out


def latest(project: Path, kind: str) -> dict[str, dict[str, Any]]:
    """target -> the newest record of `kind` for it."""
    found: dict[str, dict[str, Any]] = {}
    for entry in entries(project):
        if entry["kind"] == kind:
            found[entry["target"]] = entry
    return found


def append(project: Path, record: Mapping[str, Any]) -> dict[str, Any]:
    entry = {**record, "by": who(), "recorded": now()}
    target = path(project)
    with locks.locked(target, 60.0, 1):
        writes.append_line(target, json.dumps(entry, sort_keys=True, ensure_ascii=False),
                           project)
    return entry
