"""`gaia placeholder-test-detector`: placeholder lines in test files.

    gaia placeholder-test-detector --file P | --dir D

Patterns and order: evidence/placeholders.py (`scan_lines`); a directory is walked for its test
files (`*.test|spec.ts|tsx|js|jsx|mjs|cjs`, `*.bats`, `*_test.py|go`, `test_*.py`,
`*Test.java`, `*.dart`), shown from the directory as given. stdout: one line per hit,
`low_quality_test_generated|<file>:<line>|<pattern>`.

Exit codes: 0 no placeholder; 1 at least one; 2 usage error or an unreadable file / directory.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core.errors import InvalidInput, UsageError
from gaia_lib.evidence import placeholders

PROG = "placeholder-test-detector"


@command(PROG, doc=__doc__, usage_code=2, upstream="placeholder-test-detector.sh")
@click.option("--file", "file", metavar="P", type=click.Path(), help="One test file.")
@click.option("--dir", "directory", metavar="D", type=click.Path(),
              help="A directory, walked for test files.")
def cli(file: str | None, directory: str | None) -> int:
    if (file is None) == (directory is None):
        raise UsageError("usage: --file <path> | --dir <dir>", 2)
    if file is not None and not Path(file).is_file():
        raise InvalidInput(f"no such file: {file}", 2)
    if directory is not None and not Path(directory).is_dir():
        raise InvalidInput(f"no such directory: {directory}", 2)
    path = file or directory
    assert path is not None
    try:  # the path as given: upstream's lines show it so (`./a.test.js` under `--dir .`)
        hits = placeholders.scan_path(path)
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidInput(f"cannot read {path}: {exc}", 2) from None
    for shown, hit in hits:
        print(f"low_quality_test_generated|{shown}:{hit.line}|{hit.pattern}")
    return 1 if hits else 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
