"""`gaia ci-wait`: wait for a pull request's CI checks to pass.

    gaia ci-wait <pr_number> [--timeout MINUTES]     (default 15; decimals allowed)

Polls the PR's checks every `GAIA_CI_POLL_SECONDS` (default 30). stdout `passed` when no check
is pending and none failed (a cancelled check counts as failed). No checks reported at all is
waited out for 60 s, then counts as passed. Progress lines on stderr. GitHub through `gh pr
checks --json name,state,bucket`. Outside a git work tree: the skip notice, exit 0.

Exit codes: 0 passed or skipped; 1 a check failed or was cancelled (named on stderr), timeout,
5 consecutive polling errors, gh missing or not authenticated, bad PR number.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.cli.delivery import work_tree
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import forge, pullrequest

PROG = "ci-wait"


def pr_number(raw: str) -> int:
    if not raw.isascii() or not raw.isdigit() or int(raw) < 1:
        raise UsageError(f"invalid PR number '{raw[:40]}' (a positive integer)", 1)
    return int(raw)


@command(PROG, doc=__doc__, usage_code=1, upstream="ci-wait.sh")
@click.argument("number")
@click.option("--timeout", "timeout", default="15", metavar="MINUTES", help="Give up after.")
def cli(number: str, timeout: str) -> int:
    pr = pr_number(number)
    try:
        minutes = float(timeout)
    except ValueError:
        minutes = -1.0
    if not minutes > 0 or minutes > 24 * 60:
        raise UsageError(f"invalid --timeout '{timeout[:40]}' (minutes, > 0)", 1)
    repo = work_tree(PROG)
    if repo is None:
        return 0
    pullrequest.wait(forge.forge_for(repo), pr, minutes,
                     lambda line: print(f"{PROG}: {line}", file=sys.stderr, flush=True))
    print("passed")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
