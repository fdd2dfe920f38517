"""`gaia emit-step-boundary`: record a dev-story step boundary in the lifecycle log.

    gaia emit-step-boundary <step> <name> <key> [--tokens JSON]

Appends a `step_boundary` event (workflow dev-story, step 1..16, story key, `data.step_name`)
to `.gaia/memory/lifecycle-events.jsonl`. Tokens: --tokens, else the snapshot `gaia statusline`
persists; kept only when every value is a number under the four token keys, dropped otherwise.
stdout: nothing.

Exit codes: 0 recorded; 1 usage error, invalid step, name or key, or the log cannot be written.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import step_boundary

PROG = "emit-step-boundary"


@command(PROG, doc=__doc__, usage_code=1, upstream="emit-step-boundary.sh")
@click.argument("step", required=False)
@click.argument("name", required=False)
@click.argument("key", required=False)
@click.option("--tokens", metavar="JSON", help="Token snapshot (numeric fields only).")
def cli(step: str | None, name: str | None, key: str | None, tokens: str | None) -> int:
    if not step or not name or not key:
        raise UsageError("usage: gaia emit-step-boundary <step> <name> <key> [--tokens JSON]", 1)
    step_boundary.emit(paths.project_dir(), step, name, key, tokens)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
