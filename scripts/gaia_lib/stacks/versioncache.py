"""Tool versions remembered between runs: `<data dir>/cache/tool-versions.json`.

A `<tool> --version` run is a process start-up (pytest's costs about 0.2 s of CPU), and the
review probes its stack's tools every time, while its tests run. A version read once is kept
against the executable's identity, and a probe whose executable still has that identity reads
it from here instead of running the tool:
- the identity is the executable's real path (symlinks such as `node_modules/.bin/vitest`
  followed), its device, inode, size, modification and change times, and, for a file of at
  most 64 KiB (a script: the console scripts pip writes, an npm shim), the sha256 of its bytes,
  so a script rewritten in place within one clock tick still reads as changed. Package
  managers replace an executable's file when they upgrade it, which changes the identity;
- only a version read cleanly is kept: a probe that timed out, failed or printed no version is
  asked again next time;
- at most MAX_ENTRIES, the most recently stored kept; an entry whose executable is gone goes
  at the next store;
- a missing, unreadable or malformed file is an empty cache; a store that cannot be written is
  skipped (the next run probes again). Writes are atomic: two reviews storing at once lose at
  most one entry, never the file.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path
from typing import Any

from gaia_lib.core import paths, writes
from gaia_lib.core.errors import ScopeViolation

MAX_ENTRIES = 256
SCRIPT_BYTES = 64 * 1024


def cache_path() -> Path:
    return paths.data_dir() / "cache" / "tool-versions.json"


def identity(executable: Path) -> tuple[str, str] | None:
    """(real path, fingerprint) of an executable, or None when it cannot be read."""
    try:
        real = os.path.realpath(executable)
        info = os.stat(real)
        digest = ""
        if info.st_size <= SCRIPT_BYTES:
            with open(real, "rb") as handle:
                digest = hashlib.sha256(handle.read()).hexdigest()
    except OSError:
        return None
    fingerprint = (f"{info.st_dev}:{info.st_ino}:{info.st_size}:{info.st_mtime_ns}:"
                   f"{info.st_ctime_ns}:{digest}")
    return real, fingerprint


def _entries() -> dict[str, dict[str, Any]]:
    try:
        data = json.loads(cache_path().read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {real: entry for real, entry in data.items()
            if isinstance(entry, dict) and isinstance(entry.get("identity"), str)
            and isinstance(entry.get("version"), str)}


def lookup(executable: Path) -> str | None:
    """The version stored for this executable, if its identity has not changed since."""
    found = identity(executable)
    if found is None:
        return None
    entry = _entries().get(found[0])
    if entry is None or entry["identity"] != found[1]:
        return None
    return str(entry["version"])


def store(executable: Path, version: str) -> None:
    """Remember `version` for this executable (best effort, see the module docstring)."""
    found = identity(executable)
    if found is None:
        return
    real, fingerprint = found
    entries = {path: entry for path, entry in _entries().items()
               if path != real and os.path.exists(path)}
    entries[real] = {"identity": fingerprint, "version": version,
                     "stored": time.time()}
    newest = sorted(entries.items(), key=lambda item: _stored(item[1]), reverse=True)
    try:
        writes.write_json(cache_path(), dict(sorted(newest[:MAX_ENTRIES])), durable=False)
    except (OSError, ScopeViolation):
        return


def _stored(entry: dict[str, Any]) -> float:
    """When an entry was stored; 0 (oldest) for a damaged one."""
    stored = entry.get("stored")
    return float(stored) if isinstance(stored, (int, float)) else 0.0
