"""`gaia git-branch`: create or resume the story's feature branch `feat/<key>-<slug>`.

    gaia git-branch <story_key> <slug>

stdout: `created: B`, `already exists: B` (the branch is checked out and resumed, never
recreated) or `checked out from remote: B`. Outside a git work tree: the skip notice on stderr,
exit 0, nothing on stdout.

Exit codes: 0 branch current (created, resumed or checked out); 1 bad key or slug, git
missing, checkout refused (uncommitted changes in the way: nothing is changed).
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.cli.delivery import answer, work_tree
from gaia_lib.dev_story import branch

PROG = "git-branch"


@command(PROG, doc=__doc__, usage_code=1, upstream="git-branch.sh")
@click.argument("story_key")
@click.argument("slug")
def cli(story_key: str, slug: str) -> int:
    branch.branch_for(story_key, slug)  # bad input is refused before anything else
    repo = work_tree(PROG)
    if repo is None:
        return 0
    return answer(PROG, branch.ensure_branch(repo, story_key, slug))


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
