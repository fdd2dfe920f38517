"""Git for the delivery tail (Steps 10-14): the work tree, refs, and names taken from input.

Rules:
- Every git call is `core.git`'s (prompts off: a push that wants credentials fails, it never
  hangs).
- A directory outside any git work tree skips the tail: `skip_lines(prog)` are the two stderr
  lines every tail command prints before exiting 0 (upstream's `skipped (non-git CWD)` line and
  the seed's `[NOTICE]` operator line).
- git missing is a ToolMissing error (exit 1), never a silent skip.
- Names from input (branch, remote, base ref) are checked before git sees them: no leading
  `-` (an option), no control characters, spaces or `..`, and git's own ref-name rules
  (`check_ref_format`). A refused name is one line naming it, exit 1.
"""

from __future__ import annotations

import re
from pathlib import Path

from gaia_lib.core import git as core_git
from gaia_lib.core import proc
from gaia_lib.core.errors import InvalidInput, ToolMissing

NOTICE = "[NOTICE] non-git workspace — promotion gates skipped (CWD outside any git tree)"
_REMOTE_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
_REF_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/@{}^~-]{0,199}")
_BRANCH_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/-]{0,199}")


def git(repo: Path, *args: str, timeout: float = core_git.TIMEOUT,
        max_output: int = proc.DEFAULT_MAX_OUTPUT) -> proc.ToolResult:
    result = core_git.run(repo, *args, timeout=timeout, max_output=max_output)
    if core_git.missing(result):
        raise ToolMissing("Required tool git not found. Install git.", 1)
    return result


def in_work_tree(directory: Path) -> bool:
    """True inside a git work tree; a missing directory or git error counts as outside."""
    if not directory.is_dir():
        return False
    result = git(directory, "rev-parse", "--is-inside-work-tree")
    return result.ok and result.stdout.strip() == "true"


def skip_lines(prog: str) -> list[str]:
    return [f"{prog}: skipped (non-git CWD) — git ops require an in-tree repo", NOTICE]


def toplevel(directory: Path) -> Path:
    """The work tree's root: git prints paths relative to it, so git runs from there when it
    is handed those paths back (a project may live in a subdirectory)."""
    result = git(directory, "rev-parse", "--show-toplevel")
    top = result.stdout.strip()
    return Path(top) if result.ok and top else directory


def ref_exists(repo: Path, ref: str) -> bool:
    return git(repo, "show-ref", "--verify", "--quiet", ref).ok


def resolves(repo: Path, rev: str) -> bool:
    return git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options",
               f"{rev}^{{commit}}").ok


def _shown(raw: str) -> str:
    return raw.encode("unicode_escape").decode("ascii")[:80]


def _check(raw: str, pattern: re.Pattern[str], what: str) -> str:
    if (pattern.fullmatch(raw) is None or ".." in raw or "//" in raw or raw.endswith(("/", "."))
            or raw.endswith(".lock")):
        raise InvalidInput(f"invalid {what} name '{_shown(raw)}'", 1)
    return raw


def branch_name(raw: str) -> str:
    """A branch name safe to hand to git (git's check-ref-format rules, conservatively)."""
    return _check(raw, _BRANCH_RE, "branch")


def remote_name(raw: str) -> str:
    return _check(raw, _REMOTE_RE, "remote")


def rev_name(raw: str) -> str:
    """A base ref given by the user (`main`, `origin/main`, `HEAD~3`, a sha)."""
    return _check(raw, _REF_RE, "ref")


def last_error_line(text: str) -> str:
    """The most telling line of a tool's stderr: a ref rejection (`! [rejected] …`), else the
    last `fatal:` / `remote: error` / `error:` line, else the last non-empty one."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    for prefixes in (("!",), ("fatal:", "remote: error", "remote: fatal"), ("error:",)):
        for line in reversed(lines):
            if line.startswith(prefixes):
                return line
    return lines[-1] if lines else "(no output)"
