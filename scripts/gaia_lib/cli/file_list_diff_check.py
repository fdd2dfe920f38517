"""`gaia file-list-diff-check`: compare the story's File List with the git diff (upstream contract).

    gaia file-list-diff-check --story-file P [--base B] [--repo D]

stdout: nothing when the File List matches git; otherwise one JSON line
  {"warning":"file-list-divergence","reason":R,"missing_from_file_list":[…],"extra_in_file_list":[…]}
with R = no-file-list | empty-file-list | divergence. Advisory: divergence is not a failure.
Not a git repository, or no usable base ref: a note on stderr, exit 0.

Exit codes:
  0  checked (a warning may have been printed) or skipped
  1  caller error: bad flags, story file missing/unreadable/malformed, repo dir missing
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core.errors import UsageError
from gaia_lib.story import filelist
from gaia_lib.story.parser import load_story

PROG = "file-list-diff-check"
PATH = click.Path(path_type=Path)


@command(PROG, doc=__doc__, usage_code=1, upstream="file-list-diff-check.sh")
@click.option("--story-file", type=PATH, metavar="P", help="The story file (required).")
@click.option("--base", default="main", metavar="B", help="Git ref to diff against (main).")
@click.option("--repo", type=PATH, metavar="D", help="The repository (default: cwd).")
def cli(story_file: Path | None, base: str, repo: Path | None) -> int:
    if story_file is None:
        raise UsageError("missing required --story-file <path>", 1)
    if not base or base.startswith("-"):
        raise UsageError(f"--base must be a git ref, not '{base}'", 1)
    repo = repo if repo is not None else Path.cwd()
    if not repo.is_dir():
        raise UsageError(f"repo directory not found: {repo}", 1)
    story = load_story(story_file, 1)
    result = filelist.check(story.file_list, repo, base, story.key)
    if result.note:
        print(f"{PROG}: {result.note}", file=sys.stderr)
    if result.divergence is not None:
        print(result.divergence.to_json())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
