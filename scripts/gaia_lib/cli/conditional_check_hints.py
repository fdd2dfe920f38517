"""`gaia conditional-check-hints`: advisory hints over the staged change set (never halts).

    gaia conditional-check-hints [files...]     (default: git's staged files)

stdout: at most one `advisory: …` line per category: api-route (`files=…`), schema/migration
(`files=…`), large blast radius (`count=N`, threshold BLAST_RADIUS_THRESHOLD, default 10);
file lists stop at 10 with `,...`. stderr: `step6b_gate: advisories=N`.

Exit codes: 0 always.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.dev_story import conditional_check_hints as hints

PROG = "conditional-check-hints"


@command(PROG, doc=__doc__, usage_code=0, upstream="conditional-check-hints.sh")
@click.argument("files", nargs=-1)
def cli(files: tuple[str, ...]) -> int:
    paths = list(files) if files else hints.staged_files(Path.cwd())
    lines = hints.hints(paths, hints.threshold(os.environ))
    for line in lines:
        print(line)
    print(f"step6b_gate: advisories={len(lines)}", file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
