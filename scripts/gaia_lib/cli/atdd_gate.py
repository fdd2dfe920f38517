"""`gaia atdd-gate`: a high-risk story needs its ATDD scenarios before dev starts.

    gaia atdd-gate <story_key>

Risk other than `high`: passes. High risk: passes when the per-story `atdd` test artifact or
`atdd-<E>*.md` / `atdd-<K>*.md` exists under the test artifacts, or with GAIA_SKIP_ATDD=1.
Otherwise stderr `HALT: high-risk story K has no ATDD file.` and the paths checked.

Exit codes: 0 pass; 1 halt (high risk, no ATDD file); 2 usage error, invalid key or story not
found.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import atdd_gate

PROG = "atdd-gate"


@command(PROG, doc=__doc__, usage_code=atdd_gate.EXIT_USAGE, upstream="atdd-gate.sh")
@click.argument("story_key", required=False)
def cli(story_key: str | None) -> int:
    if not story_key:
        raise UsageError("usage: gaia atdd-gate <story_key>", atdd_gate.EXIT_USAGE)
    result = atdd_gate.check(paths.project_dir(), story_key, os.environ)
    if result.passed:
        return 0
    for line in atdd_gate.halt_lines(result):
        print(line, file=sys.stderr)
    return atdd_gate.EXIT_HALT


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
