"""`gaia verify-pr-merged`: did the story's merge land on the target branch?

    gaia verify-pr-merged <story_key> <target_branch | --no-chain>

Fetches `origin/<target>` (best effort), then searches the target's commit subjects for the key
as a whole word, case-insensitively (`E1-S1` never matches `E1-S12`), then commit bodies for a
`Story: KEY` line. stdout: nothing; stderr: one line with the result. Outside a git work tree:
the skip notice, exit 0.

Exit codes: 0 found (gate passes) or non-git skip; 1 usage, bad key or branch name;
2 not found, or no such branch (re-run commit/push/PR/CI/merge); 3 `--no-chain` (gate skipped).
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.cli.delivery import notes, work_tree
from gaia_lib.core import keys
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import merged, vcs

PROG = "verify-pr-merged"


@command(PROG, doc=__doc__, usage_code=1, upstream="verify-pr-merged.sh")
@click.argument("story_key")
@click.argument("target", metavar="TARGET_BRANCH", required=False)
@click.option("--no-chain", is_flag=True, help="No promotion chain: skip the gate (exit 3).")
def cli(story_key: str, target: str | None, no_chain: bool) -> int:
    if target is None and not no_chain:
        raise UsageError("usage: gaia verify-pr-merged <story_key> <target_branch|--no-chain>",
                         1)
    if no_chain or target is None:
        notes(PROG, ["no promotion chain configured — gate skipped"])
        return merged.EXIT_NO_CHAIN
    keys.story_key(story_key)
    vcs.branch_name(target)
    repo = work_tree(PROG)
    if repo is None:
        return 0
    result = merged.verify(repo, story_key, target)
    notes(PROG, [*result.notes, result.message])
    return result.exit_code


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
