"""The one exception hierarchy. Every user-facing failure is a GaiaError carrying its exit code.

`core.handler.handle` turns a command's exceptions into a single stderr line and that code;
nothing else in the library prints errors or calls sys.exit.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_INTERNAL = 70  # an unexpected exception: a bug, logged with its traceback
EXIT_INTERRUPTED = 130


class GaiaError(Exception):
    """A failure the user can act on. `exit_code` is the command's documented code for it."""

    exit_code = 1

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        if exit_code is not None:
            self.exit_code = exit_code


class UsageError(GaiaError):
    """Bad flags or arguments."""


class InvalidInput(GaiaError):
    """Untrusted input (story key, path, payload) failed validation before any path was built."""


class NotFound(GaiaError):
    """A story, file or section that must exist does not."""


class Ambiguous(GaiaError):
    """More than one candidate where exactly one is required."""


class MalformedFile(GaiaError):
    """A file exists but cannot be parsed (frontmatter, YAML, JSON, table)."""


class ScopeViolation(GaiaError):
    """A write outside the active write scope (fork / parent / action)."""


class LockTimeout(GaiaError):
    """Another process held a lock for longer than we wait."""


class ToolMissing(GaiaError):
    """An external tool the command needs is not installed."""


class CannotWrite(GaiaError):
    """The file system refused a write the command needs (read-only, permission, full)."""


# What the file system answers when it will not take a write: the environment's doing (a
# read-only checkout, a full disk), said in one line, not a bug with a traceback.
_REFUSED = frozenset({"EROFS", "EACCES", "EPERM", "ENOSPC", "EDQUOT"})


def refused_write(exc: OSError, exit_code: int = 1) -> CannotWrite | None:
    """`exc` as a CannotWrite naming the file, when the file system refused a write; None for
    any other OSError."""
    import errno

    code = errno.errorcode.get(exc.errno or 0)
    if code not in _REFUSED:
        return None
    where = f" {exc.filename}" if exc.filename else ""
    # a permission refusal may be a read's as well: it is said as access
    verb = "access" if code in ("EACCES", "EPERM") else "write"
    return CannotWrite(f"cannot {verb}{where}: {exc.strerror or exc}", exit_code)


def one_line(text: str) -> str:
    """Collapse a message to one printable line: error output must never spill or inject lines."""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in text.replace("\n", " "))
    return " ".join(cleaned.split())
