"""argparse with the upstream exit codes: a usage error raises UsageError(code) instead of exiting.

argparse rather than click: each upstream script has its own usage exit code (1, 2 or 64), and
argparse costs nothing to import on commands that run many times per session.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from gaia_lib.core.errors import GaiaError, UsageError
from gaia_lib.core.handler import handle


class QuietExit(GaiaError):
    """`--help` and friends: the output is already printed; only the exit code is left."""


class ArgParser(argparse.ArgumentParser):
    def __init__(self, prog: str, usage_code: int = 2, **kwargs: object) -> None:
        super().__init__(prog=prog, allow_abbrev=False, **kwargs)  # type: ignore[arg-type]
        self.usage_code = usage_code

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')", self.usage_code)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            print(message, file=sys.stderr, end="")
        raise QuietExit("", status)


def entry(prog: str, run: Callable[[Sequence[str]], int], argv: Sequence[str] | None) -> int:
    """The body of every command's `main(argv)`: run under the one error handler."""
    return handle(prog, run, list(sys.argv[1:] if argv is None else argv))
