"""Arguments of the skills' entry scripts (`skills/<skill>/scripts/*.py`).

The entry scripts parse a handful of flags and must not pull in the CLI package, so they use
argparse through this parser: a usage error raises UsageError (one stderr line through the one
error handler, the given exit code) instead of argparse's multi-line usage and exit 2;
`--help` prints the usage and exits 0.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from gaia_lib.core.errors import GaiaError, UsageError


class Parser(argparse.ArgumentParser):
    def __init__(self, prog: str, usage_code: int = 2) -> None:
        super().__init__(prog=prog, allow_abbrev=False)
        self.usage_code = usage_code

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')", self.usage_code)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise GaiaError(message or "", status)


def story_args(prog: str, argv: Sequence[str], *file_flags: str) -> argparse.Namespace:
    """The common entry-script shape: `KEY [--project DIR] [--<file flag> FILE]...` (paths)."""
    parser = Parser(prog)
    parser.add_argument("key")
    parser.add_argument("--project")
    for flag in file_flags:
        parser.add_argument(flag, type=Path)
    return parser.parse_args(list(argv))
