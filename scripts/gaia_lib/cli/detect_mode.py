"""`gaia detect-mode`: the execution mode of a story: FRESH, REWORK or RESUME.

    gaia detect-mode <story_path>

stdout: exactly one of FRESH (status backlog or ready-for-dev), REWORK (in-progress with a
FAILED Review Gate row), RESUME (anything else).

Exit codes: 0 printed; 1 usage error, a path containing `..`, no such file, malformed story
or no status.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import detect_mode

PROG = "detect-mode"


@command(PROG, doc=__doc__, usage_code=1, upstream="detect-mode.sh")
@click.argument("story_path", required=False)
def cli(story_path: str | None) -> int:
    if not story_path:
        raise UsageError("usage: gaia detect-mode <story_path>", 1)
    print(detect_mode.detect_path(story_path))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
