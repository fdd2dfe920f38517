"""`gaia resolve-story-file`: print the story file for a story key (upstream contract).

    gaia resolve-story-file <story_key> [--project DIR]

stdout: one path. stderr: `WARNING: …` lines for ignored lower-tier shadows and legacy-flat hits.
Exit codes:
  0  resolved
  1  no match, implementation-artifacts root missing, invalid key, or usage error
  2  more than one match in the winning tier (paths listed)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.story.resolve import resolve_story

PROG = "resolve-story-file"


@command(PROG, doc=__doc__, usage_code=1, upstream="resolve-story-file.sh")
@click.argument("story_key")
@click.option("--project", metavar="DIR", help="Project directory (default: the current one).")
def cli(story_key: str, project: str | None) -> int:
    resolution = resolve_story(paths.project_dir(project), story_key)
    for warning in resolution.warnings:
        print(warning, file=sys.stderr)
    print(resolution.path)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
