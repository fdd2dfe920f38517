"""Workflow checkpoints: `<checkpoints>/<workflow>.yaml` and the per-skill JSON snapshots.

The workflow checkpoint keeps upstream checkpoint.sh's shape (workflow, step, timestamp,
variables, files_touched[{path, sha256: "sha256:<hex>", last_modified}]). The edit hook updates
it after every Edit/Write, so this module is STANDARD LIBRARY ONLY: it writes and parses its own
restricted YAML (every string JSON-quoted, which is valid YAML) instead of importing PyYAML.
Files written by upstream (bare scalars) parse too.

Snapshots (`<root>/<skill>/<UTC µs ts>-step-<N>.json`) are upstream write-checkpoint.sh's
schema v1 records; each write claims a new, unique name and never replaces an older one.
"""

from __future__ import annotations

import os
import time

from gaia_lib.core import jsonio, locks, writes
from gaia_lib.core.errors import GaiaError, InvalidInput, MalformedFile, NotFound

TYPE_CHECKING = False
if TYPE_CHECKING:  # the edit hook imports this module: annotations cost nothing this way
    from collections.abc import Callable, Iterable, Mapping, Sequence
    from pathlib import Path
    from typing import Any

    StrPath = str | os.PathLike[str]

def _sha256_factory() -> Callable[[], Any]:
    """The builtin sha256 module: hashlib would load OpenSSL on every edit."""
    for name in ("_sha256", "_sha2"):  # Python 3.12 renamed the module
        try:
            factory: Callable[[], Any] = __import__(name).sha256
            return factory
        except (ImportError, AttributeError):
            continue
    import hashlib  # pragma: no cover - builds without the builtin module

    return hashlib.sha256  # pragma: no cover


_new_sha256 = _sha256_factory()

LOCK_TIMEOUT = 5.0  # upstream `flock -w 5`
SNAPSHOT_SCHEMA_VERSION = 1

# Character-class checks instead of regexes: compiling patterns costs the edit hook more
# than everything else this module does.
_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_LOWER_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
_HEX = frozenset("0123456789abcdef")


def _name_ok(raw: str, first: frozenset[str], rest: frozenset[str], longest: int) -> bool:
    return 0 < len(raw) <= longest and raw[0] in first and all(c in rest for c in raw[1:])


def is_workflow_name(raw: str) -> bool:
    return _name_ok(raw, _ALNUM, _ALNUM | frozenset("._-"), 128)


def is_var_key(raw: str) -> bool:
    return _name_ok(raw, _ALNUM | {"_"}, _ALNUM | frozenset("_.-"), 128)


def is_skill_name(raw: str) -> bool:
    return _name_ok(raw, _LOWER_ALNUM, _LOWER_ALNUM | {"-"}, 64)


def is_sha(raw: str) -> bool:
    return len(raw) == 71 and raw.startswith("sha256:") and all(c in _HEX for c in raw[7:])

# Hook entries say how the file was seen; explicit `--file` entries carry no source.
SOURCE_GIT = "git"


class _Record:
    """Immutable value record with equality by fields (a NamedTuple would import typing)."""

    __slots__: tuple[str, ...] = ()

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._fields() == other._fields()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({inner})"

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, name):
            raise AttributeError(f"{type(self).__name__} is immutable")
        object.__setattr__(self, name, value)


class FileEntry(_Record):
    __slots__ = ("last_modified", "path", "sha256", "source")

    def __init__(self, path: str, sha256: str, last_modified: str, source: str = "") -> None:
        self.path = path  # project-relative POSIX path when inside the project, else absolute
        self.sha256 = sha256  # "sha256:<hex>"
        self.last_modified = last_modified  # ISO 8601 UTC, second precision
        self.source = source  # "", a tool name (Write, Edit, NotebookEdit) or "git"


class Checkpoint(_Record):
    __slots__ = ("files_touched", "step", "timestamp", "variables", "workflow")

    def __init__(self, workflow: str, step: int, timestamp: str,
                 variables: tuple[tuple[str, str], ...] = (),
                 files_touched: tuple[FileEntry, ...] = ()) -> None:
        self.workflow = workflow
        self.step = step
        self.timestamp = timestamp
        self.variables = variables
        self.files_touched = files_touched


# ---------------------------------------------------------------- small pure helpers


def iso_utc(epoch: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))


def iso_utc_us(epoch_ns: int) -> str:
    seconds, rest = divmod(epoch_ns, 1_000_000_000)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{rest // 1000:06d}Z"


def checkpoint_path(checkpoints: StrPath, workflow: str) -> str:
    return os.path.join(checkpoints, f"{workflow}.yaml")


# The workflows that keep a checkpoint (upstream's names and ours), and the prefix a project's
# own workflows use: `custom-<name>`. Anything else (a story key, a typo) is refused, so a
# checkpoint is never written under a name no workflow reads.
KNOWN_WORKFLOWS = ("dev-story", "gaia-dev-story", "qa-tests", "review-qa", "test-automate",
                   "gaia-test-automate")
CUSTOM_WORKFLOW_PREFIX = "custom-"


def is_known_workflow(raw: str) -> bool:
    if raw in KNOWN_WORKFLOWS:
        return True
    rest = raw[len(CUSTOM_WORKFLOW_PREFIX):]
    return raw.startswith(CUSTOM_WORKFLOW_PREFIX) and _name_ok(
        rest, _LOWER_ALNUM, _LOWER_ALNUM | {"-"}, 64
    )


def check_workflow(raw: str, exit_code: int = 1) -> str:
    """A known workflow name (see KNOWN_WORKFLOWS) or `custom-<name>`; upstream's traversal
    wording for the traversal cases."""
    shown = raw.encode("unicode_escape").decode("ascii")[:80]
    if not raw or "/" in raw or "\\" in raw or ".." in raw or raw.startswith("."):
        raise InvalidInput(f"path traversal rejected in --workflow: '{shown}'", exit_code)
    if not is_workflow_name(raw) or not is_known_workflow(raw):
        raise InvalidInput(
            f"unknown workflow '{shown}' (one of {', '.join(KNOWN_WORKFLOWS)}, or "
            f"{CUSTOM_WORKFLOW_PREFIX}<name> with lowercase letters, digits and '-')",
            exit_code,
        )
    return raw


def check_step(raw: str, what: str = "--step", exit_code: int = 1) -> int:
    if not raw.isascii() or not raw.isdigit():
        raise InvalidInput(f"{what} must be a non-negative integer (got: {raw!r})", exit_code)
    return int(raw)


def parse_var(raw: str, exit_code: int = 1) -> tuple[str, str]:
    """`k=v` -> (k, v); keys are plain identifiers so they can be written as bare YAML keys."""
    key, sep, value = raw.partition("=")
    if not sep:
        raise InvalidInput(f"--var requires key=val (got: {raw!r})", exit_code)
    if not is_var_key(key):
        raise InvalidInput(
            f"invalid variable name {key!r} (letters, digits, '_', '.' and '-')", exit_code
        )
    _check_text(value, f"value of {key}", exit_code)
    return key, value


def _check_text(value: str, what: str, exit_code: int) -> None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInput(f"{what} is not valid UTF-8", exit_code) from None


def sha256_file(path: str | os.PathLike[str]) -> str:
    digest = _new_sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return "sha256:" + str(digest.hexdigest())


def entry_for(abs_path: str, recorded: str, source: str = "") -> FileEntry:
    """Hash and date one file as it is now. Raises OSError when it cannot be read."""
    mtime = os.stat(abs_path).st_mtime
    return FileEntry(recorded, sha256_file(abs_path), iso_utc(mtime), source)


def record_path(abs_path: str, project: StrPath) -> str:
    """Project-relative POSIX form (symlinked directories resolved), else the absolute path."""
    parent, name = os.path.split(os.path.abspath(abs_path))
    real = os.path.join(os.path.realpath(parent), name)
    root = os.path.realpath(project)
    if real == root or real.startswith(root.rstrip(os.sep) + os.sep):
        return os.path.relpath(real, root).replace(os.sep, "/")
    return real


def resolve_recorded(recorded: str, project: StrPath) -> str:
    return recorded if os.path.isabs(recorded) else os.path.join(project, recorded)


def merge_entries(
    existing: Sequence[FileEntry], updates: Iterable[FileEntry]
) -> tuple[FileEntry, ...]:
    """Replace entries by path in place, append new paths in arrival order."""
    merged = list(existing)
    index = {entry.path: i for i, entry in enumerate(merged)}
    for entry in updates:
        at = index.get(entry.path)
        if at is None:
            index[entry.path] = len(merged)
            merged.append(entry)
        else:
            merged[at] = entry
    return tuple(merged)


# ---------------------------------------------------------------- the restricted YAML

# YAML forbids some characters even inside double quotes, and treats NEL/LS/PS as line
# breaks; JSON leaves them raw. Escape them so any string round-trips through both.
def _yaml_safe(ch: str) -> bool:
    code = ord(ch)
    return (
        ch in "\t\n\r"
        or 0x20 <= code <= 0x7E
        or (0xA0 <= code <= 0xD7FF and code not in (0x2028, 0x2029))
        or 0xE000 <= code <= 0xFFFD
        or code >= 0x10000
    )


def quote(value: str) -> str:
    text = jsonio.quote(value, ensure_ascii=False)
    if text.isascii() and text.isprintable():
        return text
    return "".join(ch if _yaml_safe(ch) else f"\\u{ord(ch):04x}" for ch in text)


def render(checkpoint: Checkpoint) -> str:
    lines = [
        f"workflow: {quote(checkpoint.workflow)}",
        f"step: {checkpoint.step}",
        f"timestamp: {quote(checkpoint.timestamp)}",
    ]
    if checkpoint.variables:
        lines.append("variables:")
        lines.extend(f"  {key}: {quote(value)}" for key, value in checkpoint.variables)
    else:
        lines.append("variables: {}")
    if checkpoint.files_touched:
        lines.append("files_touched:")
        for entry in checkpoint.files_touched:
            lines.append(f"  - path: {quote(entry.path)}")
            lines.append(f"    sha256: {quote(entry.sha256)}")
            lines.append(f"    last_modified: {quote(entry.last_modified)}")
            if entry.source:
                lines.append(f"    source: {quote(entry.source)}")
    else:
        lines.append("files_touched: []")
    return "\n".join(lines) + "\n"


_BARE_FORBIDDEN_START = tuple("'[{&*!|>%@`\"")


def _scalar(raw: str | None, lineno: int, what: str) -> str:
    text = (raw or "").strip()
    if text.startswith('"'):
        try:
            value, end = jsonio.scan_string(text)
        except ValueError:
            raise MalformedFile(f"{what}: line {lineno}: bad quoted string") from None
        if text[end:].strip():
            raise MalformedFile(f"{what}: line {lineno}: bad quoted string")
        return value
    if text.startswith(_BARE_FORBIDDEN_START) or " #" in text:
        raise MalformedFile(f"{what}: line {lineno}: unsupported YAML value {text[:40]!r}")
    return text


def _key_value(body: str, lineno: int, what: str) -> tuple[str, str] | None:
    """`key: value` / `key:` with a plain key, or None."""
    key, sep, rest = body.partition(":")
    if not sep or not key.replace("_", "a").isalnum() or not key.isascii():
        return None
    if rest and not rest.startswith(" "):
        return None
    return key, rest.strip()


def _variable(body: str, lineno: int, what: str) -> tuple[str, str]:
    """`  key: value`, the key bare or double-quoted."""
    if body.startswith('"'):
        try:
            name, end = jsonio.scan_string(body)
        except ValueError:
            raise MalformedFile(f"{what}: line {lineno}: bad quoted key") from None
        rest = body[end:]
        if not rest.startswith(":"):
            raise MalformedFile(f"{what}: line {lineno}: bad variable line")
        rest = rest[1:]
    else:
        name, sep, rest = body.partition(":")
        if not sep or not name or name != name.strip() or name[0] in "-#'":
            raise MalformedFile(f"{what}: line {lineno}: bad variable line")
    if rest and not rest.startswith(" "):
        raise MalformedFile(f"{what}: line {lineno}: bad variable line")
    return name, _scalar(rest, lineno, what)


def parse(text: str, what: str = "checkpoint") -> Checkpoint:
    """Parse the format `render` writes (and upstream's bare-scalar variant). MalformedFile else."""
    top: dict[str, str] = {}
    variables: dict[str, str] = {}
    items: list[dict[str, str]] = []
    section = ""
    for lineno, raw_line in enumerate(text.split("\n"), start=1):
        line = raw_line.rstrip()
        if not line:
            continue
        if "\t" in line[: len(line) - len(line.lstrip())]:
            raise MalformedFile(f"{what}: line {lineno}: tab indentation")
        if not line.startswith(" "):
            pair = _key_value(line, lineno, what)
            if pair is None:
                raise MalformedFile(f"{what}: line {lineno}: expected 'key: value'")
            key, value = pair
            if key in top:
                raise MalformedFile(f"{what}: line {lineno}: duplicate key '{key}'")
            if key in ("variables", "files_touched"):
                empty = "{}" if key == "variables" else "[]"
                if value not in ("", empty):
                    raise MalformedFile(
                        f"{what}: line {lineno}: '{key}' must be a block or {empty}"
                    )
                section = key if value == "" else ""
                top[key] = value
                continue
            if key not in ("workflow", "step", "timestamp"):
                raise MalformedFile(f"{what}: line {lineno}: unknown key '{key}'")
            top[key] = _scalar(value, lineno, what)
            section = ""
            continue
        if section == "variables" and line.startswith("  ") and line[2] != " ":
            name, value = _variable(line[2:], lineno, what)
            variables[name] = value
            continue
        if section == "files_touched":
            if line.startswith("  - "):
                items.append({})
                pair = _key_value(line[4:], lineno, what)
            elif line.startswith("    ") and line[4] != " " and items:
                pair = _key_value(line[4:], lineno, what)
            else:
                pair = None
            if pair is None:
                raise MalformedFile(f"{what}: line {lineno}: bad files_touched line")
            field, value = pair[0], _scalar(pair[1], lineno, what)
            if field in items[-1]:
                raise MalformedFile(f"{what}: line {lineno}: duplicate '{field}'")
            items[-1][field] = value
            continue
        raise MalformedFile(f"{what}: line {lineno}: unexpected indentation")
    for required in ("workflow", "step", "timestamp"):
        if required not in top:
            raise MalformedFile(f"{what}: missing '{required}'")
    step = top["step"]
    if not step.isascii() or not step.isdigit():
        raise MalformedFile(f"{what}: step must be a non-negative integer")
    entries = []
    for item in items:
        if "path" not in item or "sha256" not in item:
            raise MalformedFile(f"{what}: a files_touched entry lacks path or sha256")
        unknown = set(item) - {"path", "sha256", "last_modified", "source"}
        if unknown:
            raise MalformedFile(f"{what}: unknown files_touched field '{sorted(unknown)[0]}'")
        if not is_sha(item["sha256"]):
            raise MalformedFile(f"{what}: bad sha256 for {item['path']!r}")
        entries.append(
            FileEntry(
                item["path"], item["sha256"], item.get("last_modified", ""), item.get("source", "")
            )
        )
    return Checkpoint(
        top["workflow"], int(step), top["timestamp"], tuple(variables.items()), tuple(entries)
    )


# ---------------------------------------------------------------- workflow checkpoint I/O


def load(path: StrPath) -> Checkpoint:
    """Read and parse one checkpoint: NotFound (exit 2) if absent, MalformedFile if unparseable."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise NotFound(f"checkpoint not found: {path}", 2) from None
    except OSError as exc:
        raise MalformedFile(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise MalformedFile(f"{path}: not UTF-8 text") from None
    return parse(text, os.fspath(path))


def _collect_files(files: Sequence[str], project: StrPath) -> list[tuple[str, str]]:
    """(absolute, recorded) per --file, all checked before anything is written (upstream EC2)."""
    found = []
    for raw in files:
        if not raw:
            continue
        _check_text(raw, "--file path", 1)
        absolute = os.path.abspath(raw)
        if not os.path.lexists(absolute):
            raise NotFound(f"cannot read {raw}: no such file", 1)
        if not os.path.isfile(absolute):
            raise InvalidInput(f"cannot read {raw}: not a regular file", 1)
        if not os.access(absolute, os.R_OK):
            raise InvalidInput(f"cannot read {raw}: permission denied", 1)
        found.append((absolute, record_path(absolute, project)))
    return found


def write(
    checkpoints: StrPath,
    project: StrPath,
    workflow: str,
    step: int,
    variables: Sequence[tuple[str, str]] = (),
    files: Sequence[str] = (),
    now: float | None = None,
    durable: bool = True,
) -> Checkpoint:
    """`checkpoint write`: replace the workflow's checkpoint as a whole (upstream semantics);
    without `durable`, not fsynced yet (`writes.sync` makes it durable)."""
    check_workflow(workflow)
    found = _collect_files(files, project)
    merged_vars = dict(variables)
    entries: list[FileEntry] = []
    for absolute, recorded in found:
        try:
            entries.append(entry_for(absolute, recorded))
        except OSError as exc:
            raise InvalidInput(f"cannot read {recorded}: {exc.strerror}", 1) from None
    checkpoint = Checkpoint(
        workflow,
        step,
        iso_utc(time.time() if now is None else now),
        tuple(merged_vars.items()),
        merge_entries((), entries),
    )
    target = checkpoint_path(checkpoints, workflow)
    try:
        with locks.locked(target, LOCK_TIMEOUT, 1):
            writes.write_text(target, render(checkpoint), project, durable=durable)
    except OSError as exc:
        raise _write_failed(target, exc) from None
    return checkpoint


def _load_or_new(target: str, workflow: str, stamp: str) -> tuple[Checkpoint, bool]:
    """The checkpoint at `target`, or a new step-0 one (True: it did not exist)."""
    try:
        return load(target), False
    except NotFound:
        return Checkpoint(workflow, 0, stamp), True


def _write_failed(target: str, exc: OSError) -> GaiaError:
    """A read-only or full disk (or a lock file that cannot be created): one line, exit 1.
    The write is atomic, so the previous checkpoint is still there, whole."""
    return GaiaError(f"cannot write checkpoint {target}: {exc.strerror or exc}", 1)


def record(
    checkpoints: StrPath,
    project: StrPath,
    workflow: str,
    entries: Sequence[FileEntry],
    now: float | None = None,
) -> Checkpoint | None:
    """Merge `entries` into the workflow's checkpoint (created at step 0 if absent).

    The edit hook's path: read-modify-write under the checkpoint's lock, so concurrent hooks
    never lose an entry. Returns the new checkpoint, or None when nothing changed (no write).
    An unparseable existing file raises MalformedFile and is left as it is.
    """
    check_workflow(workflow)
    target = checkpoint_path(checkpoints, workflow)
    stamp = iso_utc(time.time() if now is None else now)
    try:
        with locks.locked(target, LOCK_TIMEOUT, 1):
            current, changed = _load_or_new(target, workflow, stamp)
            merged = merge_entries(current.files_touched, entries)
            if not changed and merged == current.files_touched:
                return None
            updated = Checkpoint(current.workflow, current.step, stamp, current.variables,
                                 merged)
            writes.write_text(target, render(updated), project)
    except OSError as exc:
        raise _write_failed(target, exc) from None
    return updated


def set_variables(
    checkpoints: StrPath,
    project: StrPath,
    workflow: str,
    updates: Mapping[str, str],
    now: float | None = None,
) -> Checkpoint:
    """Set some variables of the workflow's checkpoint, keeping its files and other variables.

    Read-modify-write under the checkpoint's lock (created at step 0 if absent), so an edit hook
    recording a file at the same moment is never lost.
    """
    check_workflow(workflow)
    for key, value in updates.items():
        if not is_var_key(key):
            raise InvalidInput(f"invalid variable name {key!r}", 1)
        _check_text(value, f"value of {key}", 1)
    target = checkpoint_path(checkpoints, workflow)
    stamp = iso_utc(time.time() if now is None else now)
    try:
        with locks.locked(target, LOCK_TIMEOUT, 1):
            current, _ = _load_or_new(target, workflow, stamp)
            merged = dict(current.variables)
            merged.update(updates)
            updated = Checkpoint(current.workflow, current.step, stamp, tuple(merged.items()),
                                 current.files_touched)
            writes.write_text(target, render(updated), project)
    except OSError as exc:
        raise _write_failed(target, exc) from None
    return updated


class Problems(_Record):
    __slots__ = ("drifted", "missing")

    def __init__(self, missing: tuple[str, ...], drifted: tuple[str, ...]) -> None:
        self.missing = missing
        self.drifted = drifted


def validate(checkpoint: Checkpoint, project: StrPath) -> Problems:
    """Compare each recorded file with the disk: missing files, then hash drift."""
    missing: list[str] = []
    drifted: list[str] = []
    for entry in checkpoint.files_touched:
        path = resolve_recorded(entry.path, project)
        if not os.path.exists(path):
            missing.append(entry.path)
            continue
        try:
            actual = sha256_file(path)
        except OSError:
            actual = ""
        if actual != entry.sha256:
            drifted.append(entry.path)
    return Problems(tuple(missing), tuple(drifted))


OWNER_VAR = "files_owner"


def hand_over(
    checkpoints: StrPath,
    project: StrPath,
    workflow: str,
    owner: str,
    now: float | None = None,
) -> str | None:
    """Give the workflow checkpoint's `files_touched` to a run of `owner` (a story key).

    The files a checkpoint lists belong to the run named by its `files_owner` variable. When a
    run of another owner starts (or of any owner, on a checkpoint from before the variable),
    the checkpoint as it stands is first copied, byte for byte, to
    `<workflow>.<previous owner or "earlier">.<UTC µs>.yaml` beside it (a new name, never
    replacing a file), then its file list is emptied and `files_owner` set; its step and other
    variables stay. The same owner again (a resumed run) keeps its files. Returns the copy's
    path, or None when nothing was handed over. All under the checkpoint's lock.
    """
    check_workflow(workflow)
    if not is_workflow_name(owner):  # a path-safe story key: it names the copy's file
        raise InvalidInput(f"invalid run owner {owner!r}", 1)
    target = checkpoint_path(checkpoints, workflow)
    clock = time.time() if now is None else now
    stamp = iso_utc(clock)
    archived: str | None = None
    try:
        with locks.locked(target, LOCK_TIMEOUT, 1):
            current, _ = _load_or_new(target, workflow, stamp)
            variables = dict(current.variables)
            previous = variables.get(OWNER_VAR)
            if previous == owner:
                return None
            if current.files_touched:
                with open(target, "rb") as handle:
                    kept = handle.read()
                label = previous if previous and is_workflow_name(previous) else "earlier"
                stem = target[: -len(".yaml")]
                archived = f"{stem}.{label}.{int(clock * 1_000_000)}.yaml"
                writes.create_bytes(archived, kept, project)
            variables[OWNER_VAR] = owner
            writes.write_text(target, render(Checkpoint(current.workflow, current.step, stamp,
                                                        tuple(variables.items()))), project)
    except OSError as exc:
        raise _write_failed(target, exc) from None
    return archived


# ---------------------------------------------------------------- write-checkpoint snapshots


class SnapshotError(GaiaError):
    """write-checkpoint failures; exit 1 validation, 2 environment, 3 I/O."""


def check_skill(raw: str) -> str:
    if not is_skill_name(raw):
        shown = raw.encode("unicode_escape").decode("ascii")[:80]
        raise SnapshotError(f"invalid skill_name: {shown}", 1)
    return raw


def snapshot_record(
    skill: str,
    step: int,
    timestamp: str,
    key_variables: Mapping[str, str],
    output_paths: Sequence[str],
    file_checksums: Mapping[str, str],
    skill_md_hash: str | None = None,
    custom: Any = None,
    has_custom: bool = False,
) -> dict[str, Any]:
    record: dict[str, Any] = {
        "schema_version": SNAPSHOT_SCHEMA_VERSION,
        "step_number": step,
        "skill_name": skill,
        "timestamp": timestamp,
        "key_variables": dict(key_variables),
        "output_paths": list(output_paths),
        "file_checksums": dict(file_checksums),
    }
    if skill_md_hash is not None:
        record["skill_md_content_hash"] = skill_md_hash
    if has_custom:
        record["custom"] = custom
    return record


def snapshot_names(timestamp: str, step: int, pid: int) -> Iterable[str]:
    """Candidate file names, most natural first: a same-microsecond writer moves down the list."""
    yield f"{timestamp}-step-{step}.json"
    yield f"{timestamp}-pid{pid}-step-{step}.json"
    for n in range(1, 1000):
        yield f"{timestamp}-pid{pid}-{n}-step-{step}.json"


def write_snapshot(
    root: Path,
    project: StrPath,
    skill: str,
    step: int,
    key_variables: Sequence[tuple[str, str]] = (),
    paths: Sequence[str] = (),
    custom_file: str | None = None,
    skill_md: str | None = None,
    now_ns: int | None = None,
    custom_value: Any = None,
) -> Path:
    """Write one schema-v1 snapshot under `<root>/<skill>/` and return its path.

    `custom` comes from `custom_file` (JSON) or, for callers that hold it, `custom_value`.
    """
    check_skill(skill)
    for raw in paths:
        if not os.path.exists(raw):
            raise SnapshotError(f"output path not found: {raw}", 1)
    checksums: dict[str, str] = {}
    for raw in paths:
        try:
            checksums[raw] = sha256_file(raw)
        except OSError as exc:
            raise SnapshotError(f"sha256 failed on {raw}: {exc.strerror}", 2) from None
    skill_md_hash = None
    if skill_md is not None:
        if not os.path.isfile(skill_md):
            raise SnapshotError(f"--skill-md file not found: {skill_md}", 1)
        try:
            skill_md_hash = sha256_file(skill_md)
        except OSError:
            raise SnapshotError(f"sha256 failed on --skill-md file: {skill_md}", 2) from None
    custom: Any = custom_value
    if custom_file is not None:
        if not os.path.isfile(custom_file):
            raise SnapshotError(f"--custom file not found: {custom_file}", 1)
        import json

        try:
            with open(custom_file, encoding="utf-8") as handle:
                custom = json.load(handle)
        except (OSError, ValueError):
            raise SnapshotError(f"--custom file is not valid JSON: {custom_file}", 2) from None
    timestamp = iso_utc_us(time.time_ns() if now_ns is None else now_ns)
    record_ = snapshot_record(
        skill, step, timestamp, dict(key_variables), list(paths), checksums,
        skill_md_hash, custom, custom_file is not None or custom_value is not None,
    )
    data = writes.canonical_json(record_).encode("utf-8")
    directory = root / skill
    try:
        writes.make_dirs(directory, project)
    except OSError as exc:
        raise SnapshotError(
            f"cannot create checkpoint directory: {directory}: {exc.strerror}", 3
        ) from None
    for name in snapshot_names(timestamp, step, os.getpid()):
        target = directory / name
        try:
            writes.create_bytes(target, data, project)
        except FileExistsError:
            continue
        except OSError as exc:
            raise SnapshotError(f"failed to write {target}: {exc.strerror}", 3) from None
        return target
    raise SnapshotError(f"no free checkpoint name in {directory}", 3)


def record_step(project: Path, workflow: str, key: str, step: int, files: Sequence[Path] = (),
                variables: Mapping[str, str] | None = None, *, durable: bool = True) -> None:
    """A review skill's progress (story_key + `variables`, the existing `files` hashed);
    without `durable`, made durable later (`sync_step`).

    A checkpoint is a resume aid: failing to write one never changes the review's outcome."""
    from gaia_lib.core import paths  # not on the edit hook's path

    try:
        write(paths.checkpoints_dir(project), project, workflow, step,
              [("story_key", key), *sorted((variables or {}).items())],
              [str(f) for f in files if f.is_file()], durable=durable)
    except GaiaError:
        pass


def sync_step(project: Path, workflow: str) -> None:
    """Make the workflow's checkpoint, recorded without `durable`, durable now."""
    from gaia_lib.core import paths  # not on the edit hook's path

    try:
        writes.sync(checkpoint_path(paths.checkpoints_dir(project), workflow))
    except OSError:
        pass  # a resume aid (`record_step`)


def record_analysis_step(project: Path, workflow: str, key: str, step: int, analysis: Path,
                         cache_key: str) -> bool:
    """A review's Phase 3A checkpoint (`cache_key`, analysis-results.json hashed) so `gaia
    checkpoint validate` sees the analysis drift. A fork may not write checkpoints (rule 3):
    inside one nothing is written (False) and the parent's finalize records the same."""
    if writes.active_scope(project).kind == "fork":
        return False
    with writes.scope("parent", project):
        record_step(project, workflow, key, step, [analysis], {"cache_key": cache_key})
    return True
