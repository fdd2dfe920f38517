"""`gaia dod-check`: the Definition of Done rows: build, tests, lint, secrets, subtasks.

    gaia dod-check [--story-file P]          (default: $STORY_FILE)

stdout: one YAML row per check, in that order:
`- { item: X, status: PASSED|FAILED|SKIPPED, output: "<one line, at most 200 chars>" }`.
The tests row runs the project's real test command (bridge, test_cmd, tier_1, else the
detected runner); optional tools that are not installed give SKIPPED with a `[WARN]`.

Exit codes: 0 no row FAILED; 1 at least one FAILED; 2 usage error or an unreadable config.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.dev_story import dod_check

PROG = "dod-check"


@command(PROG, doc=__doc__, usage_code=2, upstream="dod-check.sh")
@click.option("--story-file", metavar="PATH", help="The story (default: $STORY_FILE).")
def cli(story_file: str | None) -> int:
    rows = dod_check.run(paths.project_dir(), story_file or os.environ.get("STORY_FILE"))
    for row in rows:
        print(row.render())
    return 1 if any(r.status == dod_check.FAILED for r in rows) else 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
