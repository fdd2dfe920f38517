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

from gaia_lib.cli.util import ArgParser, entry
from gaia_lib.core.errors import UsageError
from gaia_lib.story import filelist
from gaia_lib.story.parser import load_story

PROG = "file-list-diff-check"


def run(argv: Sequence[str]) -> int:
    parser = ArgParser(PROG, usage_code=1, description="File List vs git-diff divergence check.")
    parser.add_argument("--story-file", type=Path, metavar="P")
    parser.add_argument("--base", default="main", metavar="B", help="git ref (default: main)")
    parser.add_argument("--repo", type=Path, metavar="D", help="repository (default: cwd)")
    args = parser.parse_args(argv)
    if args.story_file is None:
        raise UsageError("missing required --story-file <path>", 1)
    if not args.base or args.base.startswith("-"):
        raise UsageError(f"--base must be a git ref, not '{args.base}'", 1)
    repo = args.repo if args.repo is not None else Path.cwd()
    if not repo.is_dir():
        raise UsageError(f"repo directory not found: {repo}", 1)
    story = load_story(args.story_file, 1)
    result = filelist.check(story.file_list, repo, args.base)
    if result.note:
        print(f"{PROG}: {result.note}", file=sys.stderr)
    if result.divergence is not None:
        print(result.divergence.to_json())
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return entry(PROG, run, argv)
