"""`gaia git-push`: push the story branch (one retry on network errors).

    gaia git-push [<remote>]          (default origin)

Runs `git push -u <remote> <branch>`. Refuses protected branches (main, master, staging and
every promotion-chain branch) and a detached HEAD. A transient network error (host not
resolved, connection refused or reset, timeout) is retried once after
`GAIA_GIT_PUSH_BACKOFF` seconds (default 5); an authentication or permission error is never
retried and is reported as such. stdout: nothing. stderr: `git-push: pushed B -> R` or one
line naming the failure. Outside a git work tree: the skip notice, exit 0.

Exit codes: 0 pushed or non-git skip; 1 protected branch, bad or unknown remote, auth error,
rejected push, two network failures, git missing.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.cli.delivery import notes, work_tree
from gaia_lib.dev_story import push, vcs

PROG = "git-push"


@command(PROG, doc=__doc__, usage_code=1, upstream="git-push.sh")
@click.argument("remote", required=False, default="origin")
def cli(remote: str) -> int:
    vcs.remote_name(remote)
    repo = work_tree(PROG)
    if repo is None:
        return 0
    outcome = push.push(repo, repo, remote)
    retried = " (after retry)" if outcome.attempts > 1 else ""
    notes(PROG, [f"pushed {outcome.branch} -> {outcome.remote}{retried}"])
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
