"""`gaia story-parse`: the story's ten-variable contract for `eval` (or as JSON).

    gaia story-parse <story_path> [--format env|json]

stdout (env, the default): ten `NAME='value'` lines, single-quoted for `eval`: STORY_KEY,
STATUS, RISK, EPIC_KEY, TYPE, DEPENDS_ON, SUBTASK_COUNT, SUBTASK_CHECKED, AC_COUNT,
STORY_PATH. With `--format json`: one JSON object with the same names.

Exit codes: 0 parsed; 1 usage error, a path containing `..`, or no such file; 2 malformed
story (frontmatter, YAML, encoding) or a missing `key`/`status`.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import story_parse

PROG = "story-parse"


@command(PROG, doc=__doc__, usage_code=1, upstream="story-parse.sh")
@click.argument("story_path", required=False)
@click.option("--format", "fmt", type=click.Choice(("env", "json")), default="env",
              help="env: NAME='value' lines (default); json: one object.")
def cli(story_path: str | None, fmt: str) -> int:
    if not story_path:
        raise UsageError("usage: gaia story-parse <story_path> [--format env|json]", 1)
    story = story_parse.load_checked(story_path)
    values = story_parse.variables(story, story_path)
    if fmt == "json":
        print(story_parse.as_json(values))
    else:
        print("\n".join(story_parse.shell_lines(values)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
