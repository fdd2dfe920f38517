"""`gaia pr-create`: open the story's PR, or find the open one.

    gaia pr-create <story_key> <title> [--base B] [--body-file P | -F P]

A title of `-` is the first line of stdin (`gaia commit-msg STORY | gaia pr-create KEY - ...`:
a story title never passes through a shell command's quoting).

Base: `--base`, else the promotion chain's first branch, else `staging`. An open PR for the
current branch and base is reused: stdout `existing:<number>:<url>`. Otherwise the branch must
not be protected and nothing secret may be staged; the title is kept when it reads
`type(KEY): …`, else it becomes `KEY: <title>`; the body is the body file (`gaia pr-body`'s
output), else a short default ending `Story: KEY`. stdout `created:<url>`.
GitHub through the `gh` CLI. Outside a git work tree: the skip notice, exit 0.

Exit codes: 0 created, existing or skipped; 1 usage, bad key, unreadable body file, gh missing
or not authenticated, protected branch, staged secret, PR creation failed (local commits kept).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.cli.delivery import answer, work_tree
from gaia_lib.core import keys
from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import forge, pullrequest

PROG = "pr-create"


@command(PROG, doc=__doc__, usage_code=1, upstream="pr-create.sh")
@click.argument("story_key")
@click.argument("title")
@click.option("--base", metavar="B", help="PR base (default: the promotion chain's first).")
@click.option("--body-file", "-F", "body_file", metavar="P", help="The PR body (pr-body's).")
def cli(story_key: str, title: str, base: str | None, body_file: str | None) -> int:
    keys.story_key(story_key)
    if title == "-":
        title = next(iter(sys.stdin.read().splitlines()), "").strip()
        if not title:
            raise GaiaError("title '-': stdin holds no title line", 1)
    body = None
    if body_file is not None:
        try:
            body = Path(body_file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            raise GaiaError(f"--body-file path is not readable: {body_file}", 1) from None
    repo = work_tree(PROG)
    if repo is None:
        return 0
    return answer(PROG, pullrequest.create(forge.forge_for(repo), repo, repo, story_key,
                                           title, body, base))


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
