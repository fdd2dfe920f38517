"""`gaia update-status`: dev-story Steps 2 and 2a: start the story, activate a planned sprint.

    gaia update-status <story_key>

FRESH stories move to `in-progress` (the gated transition of `transition-story-status`);
REWORK and RESUME stories are left as they are. Then, when the story's sprint is `planned`,
the sprint moves to `active`. stdout: `mode=<FRESH|REWORK|RESUME>` and `transitioned=<yes|no>`;
stderr: the transition's notes and `auto-activated sprint S: planned → active (first dev-story
transition)` when that happened.

Exit codes: 0 done; 1 usage error, invalid key or story not found; 4 malformed story; 6 lock
timeout; 7 a status dev-story does not start from (review, done, blocked, validating, or a
sprint-bound backlog story: sprint planning activates it); other codes as
`transition-story-status`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import update_status

PROG = "update-status"


@command(PROG, doc=__doc__, usage_code=1)
@click.argument("story_key", required=False)
def cli(story_key: str | None) -> int:
    if not story_key:
        raise UsageError("usage: gaia update-status <story_key>", 1)
    started = update_status.start(paths.project_dir(), story_key)
    for note in started.notes:
        print(f"{PROG}: {note}", file=sys.stderr)
    print(f"mode={started.mode}")
    print(f"transitioned={'yes' if started.transitioned else 'no'}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
