"""`gaia step-timings`: per-step wall-clock and token figures of a story's dev-story run.

    gaia step-timings <story_key>

stdout: a markdown table `| Step | Name | Duration | Tokens (approx.) |` from the story's
`step_boundary` events in `.gaia/memory/lifecycle-events.jsonl`. A step lasts until the next
boundary; its tokens are the difference of the two context-window snapshots (`~N`, an
estimate), `n/a` when a snapshot is missing (no `gaia statusline`), `—` for the running step.

Exit codes: 0 printed (an empty table when nothing was recorded); 1 usage error or invalid key.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import step_boundary

PROG = "step-timings"


@command(PROG, doc=__doc__, usage_code=1)
@click.argument("story_key", required=False)
def cli(story_key: str | None) -> int:
    if not story_key:
        raise UsageError("usage: gaia step-timings <story_key>", 1)
    events = step_boundary.boundary_events(paths.project_dir(), story_key)
    print(step_boundary.timing_table(step_boundary.step_rows(events)), end="")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
