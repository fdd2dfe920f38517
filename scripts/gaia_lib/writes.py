"""Every file the plugin writes goes through here: scope check, then an atomic replace.

Write scopes (ARCHITECTURE rule 3):
- `fork`: the read-only review fork; only the evidence area `.gaia/state/review/`.
- `parent`: reports, story tables, ledgers, checkpoints: the project's `.gaia/` tree and the
  legacy `docs/*-artifacts/` roots (plus any root the environment points artifacts at).
- `action`: test-automate execution; `parent` plus test files inside allow-listed tier dirs.
The plugin's data dir (venv, logs) is writable in every scope. Standard library only.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaia_lib import paths
from gaia_lib.errors import ScopeViolation

SCOPES = ("fork", "parent", "action")
LEGACY_ROOTS = ("implementation-artifacts", "test-artifacts", "planning-artifacts")
ARTIFACT_ENV_VARS = ("IMPLEMENTATION_ARTIFACTS", "TEST_ARTIFACTS", "PLANNING_ARTIFACTS")


@dataclass(frozen=True)
class WriteScope:
    kind: str
    project: Path
    extra_dirs: tuple[Path, ...] = field(default_factory=tuple)

    def allowed_roots(self) -> list[Path]:
        roots = [paths.data_dir()]
        gaia = paths.gaia_dir(self.project)
        if self.kind == "fork":
            return [*roots, gaia / "state" / "review"]
        roots.append(gaia)
        roots.extend(self.project / "docs" / name for name in LEGACY_ROOTS)
        for var in ARTIFACT_ENV_VARS:
            value = os.environ.get(var)
            if value:
                roots.append(Path(value) if os.path.isabs(value) else self.project / value)
        checkpoint_env = os.environ.get("CHECKPOINT_PATH")
        if checkpoint_env:
            roots.append(paths.checkpoints_dir(self.project))
        if self.kind == "action":
            roots.extend(self.extra_dirs)
        return roots


_active: ContextVar[WriteScope | None] = ContextVar("gaia_write_scope", default=None)
_trusted: ContextVar[frozenset[Path]] = ContextVar("gaia_trusted_files", default=frozenset())


def scope_from_env(project: Path) -> WriteScope:
    kind = os.environ.get("GAIA_WRITE_SCOPE", "parent")
    if kind not in SCOPES:
        raise ScopeViolation(f"GAIA_WRITE_SCOPE must be one of {', '.join(SCOPES)}, not '{kind}'")
    return WriteScope(kind, project.resolve())


def active_scope(project: Path | None = None) -> WriteScope:
    current = _active.get()
    if current is not None:
        return current
    return scope_from_env(project or paths.project_dir())


@contextmanager
def scope(kind: str, project: Path, extra_dirs: Iterable[Path] = ()) -> Iterator[WriteScope]:
    """Make `kind` the active scope inside the block. A fork can never widen itself."""
    if kind not in SCOPES:
        raise ScopeViolation(f"unknown write scope '{kind}'")
    previous = _active.get()
    inherited = previous.kind if previous is not None else os.environ.get("GAIA_WRITE_SCOPE")
    if inherited == "fork" and kind != "fork":
        raise ScopeViolation(f"a fork cannot enter the '{kind}' write scope")
    entered = WriteScope(kind, project.resolve(), tuple(p.resolve() for p in extra_dirs))
    token = _active.set(entered)
    try:
        yield entered
    finally:
        _active.reset(token)


@contextmanager
def trusted_file(path: Path) -> Iterator[Path]:
    """Make one file the caller named explicitly (`--ledger P`, an env override) writable.

    The caller chose that path, as upstream lets them; the parent and action scopes accept it
    wherever it lives. A fork still may not write it.
    """
    target = _resolved(path)
    token = _trusted.set(_trusted.get() | {target})
    try:
        yield target
    finally:
        _trusted.reset(token)


def _resolved(path: Path) -> Path:
    """Resolve symlinks in the existing part of `path` so a link cannot smuggle a write out."""
    return Path(os.path.realpath(path))


def check_writable(path: Path, project: Path | None = None) -> Path:
    """Return the resolved target if the active scope allows writing it; raise otherwise."""
    active = active_scope(project)
    target = _resolved(path)
    if active.kind != "fork" and target in _trusted.get():
        return target
    for root in active.allowed_roots():
        if target.is_relative_to(_resolved(root)):
            return target
    raise ScopeViolation(
        f"refusing to write {path}: outside the '{active.kind}' write scope of {active.project}"
    )


def write_bytes(path: Path, data: bytes, project: Path | None = None) -> None:
    """Atomically replace `path` with `data`: temp file in the same dir, fsync, os.replace."""
    target = check_writable(path, project)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if target.exists():
            os.chmod(tmp_name, target.stat().st_mode & 0o7777)
        else:
            os.chmod(tmp_name, 0o644)
        os.replace(tmp_name, target)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(target.parent)


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def write_text(path: Path, text: str, project: Path | None = None) -> None:
    write_bytes(path, text.encode("utf-8"), project)


def canonical_json(value: Any) -> str:
    """Deterministic JSON: sorted keys, no NaN, two-space indent, trailing newline."""
    return json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def write_json(path: Path, value: Any, project: Path | None = None) -> None:
    write_text(path, canonical_json(value), project)


def append_line(path: Path, line: str, project: Path | None = None) -> None:
    """Append one line by rewriting atomically (callers hold the file's lock)."""
    target = check_writable(path, project)
    existing = target.read_bytes() if target.exists() else b""
    if existing and not existing.endswith(b"\n"):
        existing += b"\n"
    write_bytes(target, existing + line.rstrip("\n").encode("utf-8") + b"\n", project)


def make_dirs(path: Path, project: Path | None = None) -> Path:
    target = check_writable(path, project)
    target.mkdir(parents=True, exist_ok=True)
    return target


def remove(path: Path, project: Path | None = None) -> None:
    target = check_writable(path, project)
    try:
        target.unlink()
    except FileNotFoundError:
        pass
