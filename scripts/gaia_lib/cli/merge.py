"""`gaia merge`: merge the story's PR into the promotion base.

    gaia merge <pr_number> <story_key> [--strategy squash|merge|rebase]
               [--delete-branch | --no-delete-branch]

Strategy: `--strategy`, else the chain's `merge_strategy`, else squash. The merge body is
`Story: KEY`. The current branch must not be protected, nothing secret staged, and the PR's base
must be `ci_cd.promotion_chain[0].branch`. The head branch is deleted unless
`--no-delete-branch`. stdout `already_merged` or `merged:<strategy>`. GitHub through `gh pr
view/merge`. Outside a git work tree: the skip notice, exit 0.

Exit codes: 0 merged, already merged or skipped; 1 usage, bad key or number, merge conflict,
branch protection, wrong PR target, no chain configured, gh missing or not authenticated.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.ci_wait import pr_number
from gaia_lib.cli.command import command, run
from gaia_lib.cli.delivery import answer, work_tree
from gaia_lib.core import keys
from gaia_lib.dev_story import forge, pullrequest

PROG = "merge"


@command(PROG, doc=__doc__, usage_code=1, upstream="merge.sh")
@click.argument("number")
@click.argument("story_key")
@click.option("--strategy", metavar="S", help="squash, merge or rebase.")
@click.option("--delete-branch/--no-delete-branch", default=True, help="Delete the head branch.")
def cli(number: str, story_key: str, strategy: str | None, delete_branch: bool) -> int:
    pr = pr_number(number)
    keys.story_key(story_key)
    repo = work_tree(PROG)
    if repo is None:
        return 0
    return answer(PROG, pullrequest.merge(forge.forge_for(repo), repo, repo, pr, story_key,
                                          strategy, delete_branch))


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
