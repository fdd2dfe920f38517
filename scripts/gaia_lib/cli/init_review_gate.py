"""`gaia init-review-gate`: seed (or replace) the story's Review Gate with six UNVERIFIED rows.

    gaia init-review-gate <story_file>

The `## Review Gate` section is removed and the canonical block appended at the end of the
file, under the story's lock; a re-run is byte-identical. stdout: nothing.

Exit codes: 0 done; 2 usage error, missing file or not a parseable story.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import init_review_gate

PROG = "init-review-gate"


@command(PROG, doc=__doc__, usage_code=init_review_gate.EXIT_USAGE,
         upstream="init-review-gate.sh")
@click.argument("story_file", required=False)
def cli(story_file: str | None) -> int:
    if not story_file:
        raise UsageError("usage: gaia init-review-gate <story_file>", init_review_gate.EXIT_USAGE)
    init_review_gate.init(Path(story_file), paths.project_dir())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
