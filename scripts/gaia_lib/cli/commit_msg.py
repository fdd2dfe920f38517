"""`gaia commit-msg`: the Conventional Commit subject for a story.

    gaia commit-msg <story_path>
    gaia commit-msg --check <message_file>

stdout: `<type>(<key>): <text>`, at most 72 bytes; type from the story's `type:` (feature
feat, bug fix, refactor, chore; default feat). Attribution (`Co-Authored-By`, "Generated
with …", assistant names) is stripped from the title and never printed.
`--check FILE` (a `commit-msg` git hook can call it) refuses a message whose subject is not
`type(KEY): text` within 72 bytes, or that carries any attribution line anywhere.

Exit codes: 0 printed / message acceptable; 1 usage, story file missing, path with `..`,
message refused by --check; 2 malformed frontmatter, missing or invalid key, missing title.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core.errors import GaiaError, UsageError
from gaia_lib.dev_story import commitmsg

PROG = "commit-msg"


@command(PROG, doc=__doc__, usage_code=1, upstream="commit-msg.sh")
@click.argument("story_path", required=False)
@click.option("--check", "check_file", metavar="FILE", help="Verify a commit message file.")
def cli(story_path: str | None, check_file: str | None) -> int:
    if check_file is not None:
        try:
            message = Path(check_file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise GaiaError(f"cannot read {check_file}: {exc}", 1) from None
        commitmsg.check_message(message)
        print(f"{PROG}: message ok", file=sys.stderr)
        return 0
    if story_path is None:
        raise UsageError("usage: gaia commit-msg <story_path>", 1)
    print(commitmsg.for_story(commitmsg.story_path(story_path)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
