"""`gaia hook post-tool-use`: the PostToolUse checkpoint hook, payload on stdin.

The same logic as scripts/hook_post_tool_use.py (what hooks/hooks.json runs), reachable from
the CLI for debugging and tests. See gaia_lib.hookio for what is recorded.

Exit codes:
  0  always for post-tool-use (fail open; failures go to <data dir>/logs/hooks.log)
  2  unknown hook name
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.checkpoint import hookio
from gaia_lib.cli.command import command, run

PROG = "hook"
HOOKS = ("post-tool-use",)


@command(PROG, doc=__doc__, usage_code=2)
@click.argument("name", type=click.Choice(HOOKS), metavar="{" + ",".join(HOOKS) + "}")
def cli(name: str) -> int:
    """Run the named hook on the payload read from stdin."""
    return hookio.main()


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
