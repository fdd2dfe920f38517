"""`gaia load-story`: print a story's status (Step 1's existence check).

    gaia load-story <story_key>

stdout: the status word from the story file (what `sprint-state get --story K` prints). It
does not print a path: `gaia resolve-story-file` does that.

Exit codes: 0 printed; 1 usage error, invalid key, story not found or without a status.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.story import sprint

PROG = "load-story"


@command(PROG, doc=__doc__, usage_code=1, upstream="load-story.sh")
@click.argument("story_key", required=False)
def cli(story_key: str | None) -> int:
    if not story_key:
        raise UsageError("usage: gaia load-story <story_key>", 1)
    print(sprint.story_status(paths.project_dir(), story_key))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
