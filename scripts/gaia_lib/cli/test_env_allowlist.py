"""`gaia test-env-allowlist`: the tier directories test automation may write tests into.

    gaia test-env-allowlist [--test-env P]

Reads test-environment.yaml (default: test-artifacts/test-environment.yaml): `tier_directories:`,
else `bats_test_dirs:` values, else the path arguments of `shell: tier_N_x:` commands.
stdout: the directories, one per line, sorted and de-duplicated.

Exit codes: 0 at least one directory; 1 a missing or empty file, no directories, an entry
outside the project, or usage.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.evidence import allowlist

PROG = "test-env-allowlist"


@command(PROG, doc=__doc__, usage_code=1, upstream="test-env-allowlist.sh")
@click.option("--test-env", metavar="PATH", help="test-environment.yaml to read.")
def cli(test_env: str | None) -> int:
    path = Path(test_env) if test_env else allowlist.default_path(paths.project_dir())
    for directory in allowlist.load(path):
        print(directory)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
