"""Every file the plugin writes goes through here: scope check, then an atomic replace.

Write scopes (ARCHITECTURE rule 3):
- `fork`: the read-only review fork; only the evidence area `.gaia/state/review/`.
- `parent`: reports, story tables, ledgers, checkpoints: the project's `.gaia/` tree, the
  legacy `docs/*-artifacts/` roots (plus any root the environment points artifacts at) and the
  custom test-scenario index directory `custom/test-scenarios/`.
- `action`: test-automate execution; `parent` plus test files inside allow-listed tier dirs.
The plugin's data dir (venv, logs) is writable in every scope. Standard library only, and
import-light (no pathlib, tempfile, dataclasses, contextlib, json): the edit hook writes
through this module. Paths are accepted as `str` or `os.PathLike`.

Durability. Every write is atomic: the data goes to a new file beside the target, renamed over
it, so a crashed process never leaves a torn file and a reader never sees half of one. A write
is durable by default: the new file is fsynced before the rename and its directory after it, so
once the call returns the content survives a power loss. That is for user state, what no later
command can recreate: story files, sprint status and the epics index, the gate rows, ledgers
and records (test-status.md, review-rounds.jsonl), checkpoints, a QA round's saved findings,
test cases a reviewer may have refined, the review reports (they carry a reviewer's findings).
A derivable artifact, which the next review writes again from the user state and the project's
files, is written with `durable=False`: atomic, not fsynced (each fsync waits for the disk's
journal, a shared disk's slowest step). Those are the evidence directory's runner logs,
coverage settings, analysis and execution evidence, judged findings without a reviewer's,
cache entries, the review summary (rendered from the gate rows) and the data dir's remembered
facts. After a power loss such a file may be missing, old or empty, and every reader takes
it as absent (a cache miss, evidence computed again). `create_bytes` and `append_line` are
always durable. A write that must be durable, but not yet, is made with `durable=False` and
then `sync`ed: its file and directory fsynced as the write would have (the review's step-1
checkpoint, made durable while its suite runs).
"""

from __future__ import annotations

import os
from contextvars import ContextVar

from gaia_lib.core import paths
from gaia_lib.core.errors import ScopeViolation

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    StrPath = str | os.PathLike[str]

SCOPES = ("fork", "parent", "action")
LEGACY_ROOTS = ("implementation-artifacts", "test-artifacts", "planning-artifacts")
ARTIFACT_ENV_VARS = ("IMPLEMENTATION_ARTIFACTS", "TEST_ARTIFACTS", "PLANNING_ARTIFACTS")


def _under(project: str, value: str) -> str:
    return value if os.path.isabs(value) else os.path.join(project, value)


class WriteScope:
    """Which files the running command may write (see the module docstring)."""

    __slots__ = ("_resolved", "extra_dirs", "kind", "project")

    def __init__(self, kind: str, project: StrPath, extra_dirs: Iterable[StrPath] = ()) -> None:
        self.kind = kind
        self.project = os.fspath(project)
        self.extra_dirs = tuple(os.fspath(d) for d in extra_dirs)
        self._resolved: dict[str, str] = {}

    def resolved(self, root: str) -> str:
        """`root` with its symlinks resolved, as it was when this scope first checked a write
        under it: a root made a link later (by a test the review runs) then leads nowhere
        it was not already allowed to."""
        found = self._resolved.get(root)
        if found is None:
            found = self._resolved[root] = os.path.realpath(root)
        return found

    def allowed_roots(self) -> list[str]:
        roots = [paths.data_root()]
        gaia = os.path.join(self.project, ".gaia")
        if self.kind == "fork":
            return [*roots, os.path.join(gaia, "state", "review")]
        roots.append(gaia)
        roots.append(os.path.join(self.project, "custom", "test-scenarios"))
        roots.extend(os.path.join(self.project, "docs", name) for name in LEGACY_ROOTS)
        for var in ARTIFACT_ENV_VARS:
            value = os.environ.get(var)
            if value:
                roots.append(_under(self.project, value))
        if os.environ.get("CHECKPOINT_PATH"):
            roots.append(paths.checkpoints_root(self.project))
        snapshot_root = os.environ.get("CHECKPOINT_ROOT")  # upstream write-checkpoint.sh's root
        if snapshot_root:
            roots.append(_under(self.project, snapshot_root))
        if self.kind == "action":
            roots.extend(self.extra_dirs)
        return roots


_active: ContextVar[WriteScope | None] = ContextVar("gaia_write_scope", default=None)
_trusted: ContextVar[frozenset[str]] = ContextVar("gaia_trusted_files", default=frozenset())


def scope_from_env(project: StrPath) -> WriteScope:
    kind = os.environ.get("GAIA_WRITE_SCOPE", "parent")
    if kind not in SCOPES:
        raise ScopeViolation(f"GAIA_WRITE_SCOPE must be one of {', '.join(SCOPES)}, not '{kind}'")
    return WriteScope(kind, os.path.realpath(project))


def active_scope(project: StrPath | None = None) -> WriteScope:
    current = _active.get()
    if current is not None:
        return current
    return scope_from_env(project if project is not None else paths.project_dir())


class scope:  # lower case: used like a function, `with scope("fork", project):`
    """Make `kind` the active scope inside the block. A fork can never widen itself."""

    def __init__(self, kind: str, project: StrPath, extra_dirs: Iterable[StrPath] = ()) -> None:
        if kind not in SCOPES:
            raise ScopeViolation(f"unknown write scope '{kind}'")
        self.entered = WriteScope(kind, os.path.realpath(project),
                                  [os.path.realpath(d) for d in extra_dirs])
        self._token: Any = None

    def __enter__(self) -> WriteScope:
        previous = _active.get()
        inherited = previous.kind if previous is not None else os.environ.get("GAIA_WRITE_SCOPE")
        if inherited == "fork" and self.entered.kind != "fork":
            raise ScopeViolation(f"a fork cannot enter the '{self.entered.kind}' write scope")
        self._token = _active.set(self.entered)
        return self.entered

    def __exit__(self, *exc: object) -> None:
        _active.reset(self._token)


class trusted_file:  # lower case: used like a function
    """Make one file the caller named explicitly (`--ledger P`, an env override) writable.

    The caller chose that path, as upstream lets them; the parent and action scopes accept it
    wherever it lives. A fork still may not write it.
    """

    def __init__(self, path: StrPath) -> None:
        self.target = os.path.realpath(path)
        self._token: Any = None

    def __enter__(self) -> str:
        self._token = _trusted.set(_trusted.get() | {self.target})
        return self.target

    def __exit__(self, *exc: object) -> None:
        _trusted.reset(self._token)


def _inside(target: str, root: str) -> bool:
    return target == root or target.startswith(root.rstrip(os.sep) + os.sep)


def check_writable(path: StrPath, project: StrPath | None = None) -> str:
    """The resolved target if the active scope allows writing it (symlinks in the existing part
    resolved, so a link cannot smuggle a write out); ScopeViolation otherwise."""
    active = active_scope(project)
    target = os.path.realpath(path)
    if active.kind != "fork" and target in _trusted.get():
        return target
    for root in active.allowed_roots():
        if _inside(target, active.resolved(root)):
            return target
    raise ScopeViolation(
        f"refusing to write {os.fspath(path)}: outside the '{active.kind}' write scope of "
        f"{active.project}"
    )


def _temp_in(directory: str, name: str) -> tuple[int, str]:
    """A new file beside the target (same filesystem, so the rename is atomic)."""
    for _ in range(100):
        candidate = os.path.join(directory, f".{name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), candidate
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name in {directory}")  # pragma: no cover


def _write_temp(directory: str, name: str, data: bytes, durable: bool = True) -> str:
    fd, tmp_name = _temp_in(directory, name)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        if durable:
            os.fsync(fd)
    except BaseException:
        os.close(fd)
        _unlink(tmp_name)
        raise
    os.close(fd)
    return tmp_name


def _unlink(name: str) -> None:
    try:
        os.unlink(name)
    except FileNotFoundError:
        pass


def write_bytes(path: StrPath, data: bytes, project: StrPath | None = None, *,
                durable: bool = True) -> None:
    """Atomically replace `path` with `data`: temp file in the same dir, fsync, os.replace,
    fsync the dir; without the fsyncs when not `durable` (a derivable artifact, see the module
    docstring)."""
    target = check_writable(path, project)
    directory, name = os.path.split(target)
    os.makedirs(directory, exist_ok=True)
    tmp_name = _write_temp(directory, name, data, durable)
    try:
        try:
            mode = os.stat(target).st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o644
        os.chmod(tmp_name, mode)
        os.replace(tmp_name, target)
    except BaseException:
        _unlink(tmp_name)
        raise
    if durable:
        _fsync_dir(directory)


def create_bytes(path: StrPath, data: bytes, project: StrPath | None = None) -> None:
    """Publish `data` at `path` only if nothing is there yet (FileExistsError otherwise).

    Temp file + fsync, then a hard link: the name appears complete or not at all, and two
    writers racing for one name never overwrite each other.
    """
    target = check_writable(path, project)
    directory, name = os.path.split(target)
    os.makedirs(directory, exist_ok=True)
    tmp_name = _write_temp(directory, name, data)
    try:
        os.chmod(tmp_name, 0o644)
        os.link(tmp_name, target)
    finally:
        _unlink(tmp_name)
    _fsync_dir(directory)


def _fsync_dir(directory: str) -> None:
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


def sync(path: StrPath) -> None:
    """Make a file written with `durable=False` durable now (module docstring): the file, then
    its directory, fsynced. A file no longer there has nothing to make durable."""
    target = os.path.abspath(os.fspath(path))
    try:
        fd = os.open(target, os.O_RDONLY)
    except FileNotFoundError:
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    _fsync_dir(os.path.dirname(target))


def write_text(path: StrPath, text: str, project: StrPath | None = None, *,
               durable: bool = True) -> None:
    write_bytes(path, text.encode("utf-8"), project, durable=durable)


def canonical_json(value: Any) -> str:
    """Deterministic JSON: sorted keys, no NaN, two-space indent, trailing newline."""
    import json

    return json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def write_json(path: StrPath, value: Any, project: StrPath | None = None, *,
               durable: bool = True) -> None:
    write_text(path, canonical_json(value), project, durable=durable)


def append_line(path: StrPath, line: str, project: StrPath | None = None) -> None:
    """Append one line by rewriting atomically (callers hold the file's lock)."""
    target = check_writable(path, project)
    try:
        with open(target, "rb") as handle:
            existing = handle.read()
    except FileNotFoundError:
        existing = b""
    if existing and not existing.endswith(b"\n"):
        existing += b"\n"
    write_bytes(target, existing + line.rstrip("\n").encode("utf-8") + b"\n", project)


def make_dirs(path: StrPath, project: StrPath | None = None) -> None:
    os.makedirs(check_writable(path, project), exist_ok=True)


def remove(path: StrPath, project: StrPath | None = None) -> None:
    _unlink(check_writable(path, project))
