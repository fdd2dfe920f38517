"""The PostToolUse checkpoint hook: record each file Claude touches in the active checkpoint.

Runs after every Edit / Write / NotebookEdit and Claude waits for it, so it imports only the
standard library and light gaia_lib modules (never yaml, jsonschema, click or filelock).

What it does, given the hook payload on stdin:
- finds the GAIA project: `$GAIA_PROJECT_DIR` / `$CLAUDE_PROJECT_DIR` when it holds `.gaia/`,
  else the nearest `.gaia/` above the payload's `cwd`. No project: nothing at all happens.
- reads the active workflow from `.gaia/state/active-workflow` (`checkpoint.active`: first
  line `<workflow> <story key>`). No marker, or an empty one: no workflow is running and the
  hook records NOTHING (an edit made outside a workflow never lands in a workflow's
  checkpoint). `/gaia-dev-story`'s setup writes the marker and its finalize removes it; the
  review skills edit no project files and leave it alone.
- records the tool's file (`tool_input.file_path`, or `notebook_path` for NotebookEdit) as
  {path (project-relative), sha256, last_modified, source: <tool name>}; paths outside the
  project, inside `.gaia/` or `.git/`, or not regular files are ignored.
- asks `git status --porcelain` for files changed by anything else (a shell command, the
  user) whose content differs from what the checkpoint holds, and records them with
  `source: "git"`. It only reads the work tree: no stash, reset or index refresh.

Contract: exit 0 always, stdout empty. Any failure (payload not JSON, unreadable checkpoint,
lock timeout, ...) is one line in `<data dir>/logs/hooks.log`: the edit is never blocked, but
a broken hook is visible.
"""

from __future__ import annotations

import os
import sys
import time

from gaia_lib.checkpoint import active
from gaia_lib.core import jsonio, paths, proc
from gaia_lib.core.errors import GaiaError, NotFound

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: typing and collections cost the hook real time
    from collections.abc import Iterable, Mapping
    from typing import Any

    from gaia_lib.checkpoint.store import Checkpoint, FileEntry

# `gaia_lib.checkpoint` (and the write/lock modules behind it) is imported inside the functions
# that use it: `post_tool_use` starts `git status` first and imports it while git runs.

FILE_TOOLS = {"Write": "file_path", "Edit": "file_path", "MultiEdit": "file_path",
              "NotebookEdit": "notebook_path"}
MAX_PATH_CHARS = 4096
MAX_GIT_FILES = 256  # bounds the hook's work in a tree full of untracked files
MAX_GIT_FILE_BYTES = 16 << 20
GIT_TIMEOUT = 5.0
LOG_NAME = "hooks.log"
LOG_MAX_BYTES = 1 << 20
SKIPPED_DIRS = (".gaia", ".git")


class HookFailure(Exception):
    """Something worth a log line; the hook still exits 0."""


class ToolFile:
    __slots__ = ("cwd", "path", "tool")

    def __init__(self, tool: str, path: str | None, cwd: str | None) -> None:
        self.tool = tool
        self.path = path  # absolute, normalised; None when the payload names no usable file
        self.cwd = cwd

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ToolFile) and (self.tool, self.path, self.cwd) == (
            other.tool, other.path, other.cwd)

    def __hash__(self) -> int:
        return hash((self.tool, self.path, self.cwd))

    def __repr__(self) -> str:
        return f"ToolFile(tool={self.tool!r}, path={self.path!r}, cwd={self.cwd!r})"


# ---------------------------------------------------------------- payload (pure)


def _clean_path(value: object) -> str | None:
    if not isinstance(value, str) or not value or len(value) > MAX_PATH_CHARS:
        return None
    if "\x00" in value:
        return None
    return value


def parse_payload(raw: bytes | str) -> ToolFile:
    """The tool and its file from a PostToolUse payload. HookFailure when it is not usable JSON."""
    try:
        data = jsonio.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise HookFailure(f"payload is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise HookFailure(f"payload is a JSON {type(data).__name__}, not an object")
    event = data.get("hook_event_name")
    if event is not None and event != "PostToolUse":
        raise HookFailure(f"not a PostToolUse payload: {str(event)[:60]!r}")
    tool = data.get("tool_name")
    tool = tool if isinstance(tool, str) else ""
    cwd = _clean_path(data.get("cwd"))
    if cwd is not None and not os.path.isabs(cwd):
        cwd = None
    field = FILE_TOOLS.get(tool)
    raw_path = None
    if field is not None:
        tool_input = data.get("tool_input")
        if isinstance(tool_input, dict):
            raw_path = _clean_path(tool_input.get(field))
            raw_path = raw_path or _clean_path(tool_input.get("file_path"))
        if raw_path is None:
            response = data.get("tool_response")
            if isinstance(response, dict):
                raw_path = _clean_path(response.get("filePath"))
    path = None
    if raw_path is not None:
        if not os.path.isabs(raw_path):
            raw_path = None if cwd is None else os.path.join(cwd, raw_path)
        if raw_path is not None:
            path = os.path.normpath(raw_path)
    return ToolFile(tool[:64], path, cwd)


def parse_porcelain(output: str) -> list[str]:
    """Paths (relative to the repository top) from `git status --porcelain=v1 -z`.

    Rename/copy records carry the old path as an extra NUL field, which is skipped.
    """
    fields = output.split("\0")
    found: list[str] = []
    i = 0
    while i < len(fields):
        record = fields[i]
        i += 1
        if len(record) < 4 or record[2] != " ":
            continue
        status, path = record[:2], record[3:]
        if "R" in status or "C" in status:
            i += 1  # the source path of the rename
        if "D" in status:
            continue
        found.append(path)
    return found


# ---------------------------------------------------------------- project, workflow, paths


def _has_gaia(directory: str) -> bool:
    return os.path.isdir(os.path.join(directory, ".gaia"))


def find_project(env: Mapping[str, str], cwd: str | None) -> str | None:
    for var in ("GAIA_PROJECT_DIR", "CLAUDE_PROJECT_DIR"):
        value = env.get(var)
        if value and os.path.isabs(value) and _has_gaia(value):
            return os.path.realpath(value)
    if cwd is None:
        return None
    current = os.path.realpath(cwd)
    while True:
        if _has_gaia(current):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def marker_line(project: str) -> str | None:
    """The active-workflow marker's raw first line; None: no workflow is running."""
    try:
        return active.read_line(project)
    except GaiaError as exc:
        raise HookFailure(exc.message) from None


def workflow_of(project: str, line: str) -> str:
    try:
        running = active.parse(line, active.marker_path(project))
    except GaiaError as exc:
        raise HookFailure(exc.message) from None
    assert running is not None  # a blank line is no marker (marker_line)
    return running.workflow


def active_workflow(project: str) -> str | None:
    """The running workflow's name; None when no workflow is active (nothing is recorded)."""
    line = marker_line(project)
    return None if line is None else workflow_of(project, line)


def project_relative(path: str, root: str) -> str | None:
    """`path` relative to the (real) project root when it and its real target lie inside."""
    prefix = root.rstrip(os.sep) + os.sep
    parent, name = os.path.split(path)
    located = os.path.join(os.path.realpath(parent), name)
    if not located.startswith(prefix) or not os.path.realpath(located).startswith(prefix):
        return None
    relative = located[len(prefix):]
    first = relative.split(os.sep, 1)[0]
    if first in SKIPPED_DIRS:
        return None
    return relative.replace(os.sep, "/")


def _excluded_roots(project: str) -> tuple[str, ...]:
    """Our own state must never be recorded as a touched file (it changes on every run)."""
    roots = {paths.checkpoints_root(project), paths.data_root()}
    return tuple(os.path.realpath(r).rstrip(os.sep) + os.sep for r in roots)


def _entry(
    absolute: str, relative: str, source: str, max_bytes: int | None = None
) -> FileEntry | None:
    from gaia_lib.checkpoint import store as checkpoint

    try:
        if not os.path.isfile(absolute):
            return None
        if max_bytes is not None and os.path.getsize(absolute) > max_bytes:
            return None
        return checkpoint.entry_for(absolute, relative, source)
    except OSError:
        return None  # vanished or unreadable between the tool and us: nothing to record


# ---------------------------------------------------------------- git


def git_top(project: str) -> str | None:
    """The work tree top above `project`, found without running git."""
    current = project
    while True:
        if os.path.exists(os.path.join(current, ".git")):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


class GitStatus:
    """`git status` started for a project; `changed()` waits for it and parses the answer."""

    def __init__(self, project: str, env: Mapping[str, str]) -> None:
        self.top = git_top(project)
        self.running: proc.Spawned | proc.ToolResult | None = None
        if self.top is None:
            return
        git_env = dict(env)
        git_env["GIT_OPTIONAL_LOCKS"] = "0"  # never take index.lock behind the user's back
        git_env.pop("GIT_DIR", None)
        git_env.pop("GIT_WORK_TREE", None)
        # `-C` instead of a working directory: the hot-path funnel spawns without subprocess.
        self.running = proc.spawn_quick(
            ["git", "-C", project, "--no-optional-locks", "status", "--porcelain=v1", "-z",
             "--untracked-files=all", "--ignore-submodules=all", "--", "."],
            env=git_env,
        )

    def changed(self) -> list[str]:
        """Absolute paths of changed/untracked files under the project."""
        if self.running is None or self.top is None:
            return []
        return _changed_paths(self.top, proc.finish_quick(self.running, timeout=GIT_TIMEOUT))


def git_changed(project: str, env: Mapping[str, str]) -> list[str]:
    """Absolute paths of changed/untracked files under `project`, per `git status`."""
    return GitStatus(project, env).changed()


def _changed_paths(top: str, result: proc.ToolResult) -> list[str]:
    if result.error is not None and result.returncode == proc.EXIT_NOT_FOUND:
        return []  # no git installed: Edit/Write records still work
    if not result.ok:
        detail = (result.stderr or result.error or "").strip().splitlines()
        raise HookFailure(f"git status failed ({result.returncode}): {detail[0] if detail else ''}")
    return [os.path.join(top, rel) for rel in parse_porcelain(result.stdout)]


# ---------------------------------------------------------------- the hook


def collect(
    tool_file: ToolFile, project: str, known: Mapping[str, FileEntry], changed: Iterable[str]
) -> list[FileEntry]:
    """Entries to merge: the tool's file, then git-seen files whose content is new to us."""
    from gaia_lib.checkpoint import store as checkpoint

    root = os.path.realpath(project)
    excluded = _excluded_roots(project)
    entries: list[FileEntry] = []
    seen: set[str] = set()
    if tool_file.path is not None:
        relative = project_relative(tool_file.path, root)
        absolute = os.path.join(root, relative) if relative is not None else ""
        if relative is not None and not (os.path.realpath(absolute) + os.sep).startswith(excluded):
            entry = _entry(absolute, relative, tool_file.tool or "tool")
            if entry is not None:
                entries.append(entry)
                seen.add(relative)
    git_entries: list[FileEntry] = []
    for absolute in sorted(changed)[:MAX_GIT_FILES]:
        relative = project_relative(absolute, root)
        if relative is None or relative in seen:
            continue
        located = os.path.join(root, relative)
        if (os.path.realpath(located) + os.sep).startswith(excluded):
            continue
        entry = _entry(located, relative, checkpoint.SOURCE_GIT, MAX_GIT_FILE_BYTES)
        if entry is None:
            continue
        previous = known.get(relative)
        if previous is not None and previous.sha256 == entry.sha256:
            continue  # already recorded with this content (by the tool or an earlier run)
        git_entries.append(entry)
    return entries + git_entries


def post_tool_use(raw: bytes | str, env: Mapping[str, str]) -> Checkpoint | None:
    """The whole hook. Returns the updated checkpoint (None: nothing to do). Raises on failure."""
    tool_file = parse_payload(raw)
    project = find_project(env, tool_file.cwd)
    if project is None:
        return None
    line = marker_line(project)
    if line is None:
        return None  # no workflow running: the edit belongs to no checkpoint
    status = GitStatus(project, env)  # runs while we load the checkpoint machinery
    from gaia_lib.checkpoint import store as checkpoint

    workflow = workflow_of(project, line)
    directory = paths.checkpoints_root(project)
    target = checkpoint.checkpoint_path(directory, workflow)
    try:
        known = {entry.path: entry for entry in checkpoint.load(target).files_touched}
    except NotFound:
        known = {}
    entries = collect(tool_file, project, known, status.changed())
    if not entries:
        return None
    return checkpoint.record(directory, project, workflow, entries)


def log_failure(message: str) -> None:
    """One line in `<data dir>/logs/hooks.log`; rotated once past 1 MiB. Never raises."""
    try:
        log_dir = os.path.join(paths.data_root(), "logs")
        os.makedirs(log_dir, exist_ok=True)
        log_path = os.path.join(log_dir, LOG_NAME)
        try:
            if os.stat(log_path).st_size > LOG_MAX_BYTES:
                os.replace(log_path, log_path + ".1")
        except FileNotFoundError:
            pass
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        text = " ".join("".join(c if c.isprintable() else " " for c in message).split())
        line = f"{stamp} post-tool-use pid={os.getpid()}: {text[:2000]}\n"
        # O_APPEND: concurrent hooks each add whole lines without a read-modify-write.
        fd = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        try:
            os.write(fd, line.encode("utf-8", errors="replace"))
        finally:
            os.close(fd)
    except Exception:  # noqa: S110 - the log is the last resort; the hook must still exit 0
        pass


def run(raw: bytes | str, env: Mapping[str, str]) -> int:
    """Fail open: every outcome is exit 0 with nothing on stdout."""
    try:
        post_tool_use(raw, env)
    except HookFailure as exc:
        log_failure(str(exc))
    except GaiaError as exc:
        log_failure(exc.message)
    except Exception as exc:
        log_failure(f"internal error: {exc!r}")
    return 0


def _read_stdin() -> bytes:
    stream: Any = getattr(sys.stdin, "buffer", None)
    if stream is None:
        return b""
    data: bytes = stream.read()
    return data


def main(argv: list[str] | None = None) -> int:
    del argv  # the payload arrives on stdin
    try:
        raw = _read_stdin()
    except Exception as exc:
        log_failure(f"cannot read stdin: {exc!r}")
        return 0
    return run(raw, os.environ)
