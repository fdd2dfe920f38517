"""The one error handler: a command's exceptions become one stderr line and an exit code.

- GaiaError: `<prog>: <message>` (one line, control characters removed), the error's own code.
- KeyboardInterrupt: `<prog>: interrupted`, 130.
- The reader of stdout or stderr went away (`gaia review-qa KEY | head`): the rest of that
  stream's output is dropped and the command runs to its end, so its exit code (a verdict's
  1 under `set -o pipefail`) and the files it writes are never lost to a closed pipe. A
  stdout that cannot take the output (`> /dev/full`) is dropped alike, said in one stderr
  line (`<prog>: output not written: <why>`); the exit code stays the command's.
- an OSError the file system refused (a read-only or full file system: `cannot write <file>:
  <why>`; no permission: `cannot access <file>: <why>`), 1 (`errors.refused_write`): the
  environment's doing.
- anything else: a bug. `<prog>: internal error: <repr>` plus where the traceback was written
  (the data dir's `logs/`), 70. A traceback never reaches the terminal.
"""

from __future__ import annotations

import errno
import os
import sys

from gaia_lib.core.errors import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    GaiaError,
    one_line,
    refused_write,
)

# Imported by every command before its work starts: only what the common path needs is loaded
# here; the internal-error path imports its own.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path
    from typing import Any


def _log_internal_error(prog: str) -> Path | None:
    import traceback  # late: needed only on the rare path of a bug

    from gaia_lib.core import paths, writes

    try:
        log_path = paths.data_dir() / "logs" / f"{prog.replace(' ', '-')}-{os.getpid()}.log"
        writes.write_text(log_path, traceback.format_exc())  # the data dir: writable in any scope
        return log_path
    except (OSError, GaiaError):
        return None


# What a stream that cannot take the output says: no space (`/dev/full`), a quota, I/O.
_UNWRITABLE = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EIO})


class _PipeGuard:
    """A standard stream whose closed reader, or full device, ends its output, not the
    command.

    On the first BrokenPipeError the stream's descriptor is pointed at the null device, so the
    rest of the output (and the interpreter's flush at exit) is dropped without an error. A
    stream that cannot take the output (`> /dev/full`: no space, an I/O error) is dropped
    alike, said once on stderr when `prog` is given (stdout's guard): the command's exit code
    stays its own (a verdict's), never the code of a refused file write.
    """

    def __init__(self, stream: Any, prog: str | None = None,
                 said: list[str] | None = None) -> None:
        self._stream, self._prog = stream, prog
        self._said = said if said is not None else []

    def _dropped(self, write: Callable[[], int | None]) -> int | None:
        try:
            return write()
        except BrokenPipeError:
            _to_null(self._stream)
        except OSError as exc:
            if exc.errno not in _UNWRITABLE:
                raise
            _to_null(self._stream)
            if self._prog is not None and not self._said:
                self._said.append(exc.strerror or str(exc))
                print(f"{self._prog}: output not written: {self._said[0]}", file=sys.stderr)
        return None

    def write(self, data: Any) -> int:
        self._dropped(lambda: self._stream.write(data))
        return len(data)

    def writelines(self, lines: Any) -> None:
        self._dropped(lambda: self._stream.writelines(lines))

    def flush(self) -> None:
        self._dropped(self._stream.flush)

    @property
    def buffer(self) -> _PipeGuard:
        return _PipeGuard(self._stream.buffer, self._prog, self._said)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _to_null(stream: Any) -> None:
    try:
        fd = stream.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):
        return  # not a descriptor (a test's capture): later writes fail again and are dropped
    os.dup2(null, fd)
    os.close(null)
    try:
        stream.flush()  # what was buffered for the gone reader now goes to the null device
    except (OSError, ValueError):
        pass


def handle(prog: str, run: Callable[[Sequence[str]], int], argv: Sequence[str]) -> int:
    """Run a command's `run(argv)`, mapping every failure to one stderr line and an exit code."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _PipeGuard(out, prog), _PipeGuard(err)
    try:
        return _handled(prog, run, argv)
    finally:
        sys.stdout, sys.stderr = out, err


def _handled(prog: str, run: Callable[[Sequence[str]], int], argv: Sequence[str]) -> int:
    try:
        return run(argv)
    except GaiaError as exc:
        if exc.message:
            print(f"{prog}: {one_line(exc.message)}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        # On a terminal the message starts a line of its own after the `^C` echo; a captured
        # stderr gets the one line.
        lead = "\n" if sys.stderr.isatty() else ""
        print(f"{lead}{prog}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except OSError as exc:
        refused = refused_write(exc)
        if refused is None:
            return _internal(prog, exc)
        print(f"{prog}: {one_line(refused.message)}", file=sys.stderr)
        return refused.exit_code
    except Exception as exc:
        return _internal(prog, exc)


def _internal(prog: str, exc: BaseException) -> int:
    log_path = _log_internal_error(prog)
    where = f" (traceback in {log_path})" if log_path else ""
    print(f"{prog}: internal error: {one_line(repr(exc))}{where}", file=sys.stderr)
    return EXIT_INTERNAL
