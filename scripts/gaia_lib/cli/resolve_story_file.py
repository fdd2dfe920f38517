"""`gaia resolve-story-file <story_key>`: print the story file for a key (upstream contract).

stdout: one path. stderr: `WARNING: …` lines for ignored lower-tier shadows and legacy-flat hits.
Exit codes:
  0  resolved
  1  no match, implementation-artifacts root missing, invalid key, or usage error
  2  more than one match in the winning tier (paths listed)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gaia_lib.cli.util import ArgParser, entry
from gaia_lib.core import paths
from gaia_lib.story.resolve import resolve_story

PROG = "resolve-story-file"


def run(argv: Sequence[str]) -> int:
    parser = ArgParser(PROG, usage_code=1, description="Resolve a story key to its story file.")
    parser.add_argument("story_key", help="a story key such as E1-S1")
    parser.add_argument("--project", help="project directory (default: the current project)")
    args = parser.parse_args(argv)
    resolution = resolve_story(paths.project_dir(args.project), args.story_key)
    for warning in resolution.warnings:
        print(warning, file=sys.stderr)
    print(resolution.path)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return entry(PROG, run, argv)
