"""`gaia story`: the parsed story model, from the one story parser (show | parse | new).

  gaia story show <KEY> | --file PATH [--project DIR]
      The parsed story as canonical JSON (every record as a dict; the raw text is left out).
  gaia story parse <story_path>
      Upstream story-parse.sh: ten `NAME='value'` lines for `eval` (STORY_KEY, STATUS, RISK,
      EPIC_KEY, TYPE, DEPENDS_ON, SUBTASK_COUNT, SUBTASK_CHECKED, AC_COUNT, STORY_PATH).
  gaia story new <KEY> --title T [--epic E] [--priority P0|P1|P2] [--risk high|medium|low]
                 [--points N] [--project DIR]
      Write a story file from the canonical template (status backlog) and print its path.

Exit codes:
  show   0 printed; 1 story not found, invalid key or malformed story; 2 usage error or
         ambiguous key
  parse  0 printed; 1 usage error, a path containing `..`, or missing file; 2 malformed story
         or missing key/status
  new    0 written; 1 the story exists, a bad key, title, epic, priority, risk or points,
         a --project that is not a directory; 2 usage (a missing --title, an unknown option)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import group, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.core.writes import canonical_json
from gaia_lib.dev_story import story_parse
from gaia_lib.qa_gating import transition
from gaia_lib.story import template
from gaia_lib.story.parser import as_dict, load_story
from gaia_lib.story.resolve import find_story

PROG = "story"
USAGE = ("usage: gaia story show <KEY> | --file PATH [--project DIR]  |  gaia story parse <path>"
         "  |  gaia story new <KEY> --title T")


@group(PROG, doc=__doc__, usage_code=2, upstream="story-parse.sh", usage=USAGE, missing=USAGE,
       unknown="unknown action '{name}'")
def cli() -> None:
    """The subcommands do the work."""


@cli.command("show", help="Print the parsed story as canonical JSON.")
@click.argument("key", required=False)
@click.option("--file", "file_", metavar="PATH", help="A story file instead of a key.")
@click.option("--project", metavar="DIR", help="Project directory (default: the current one).")
def show(key: str | None, file_: str | None, project: str | None) -> int:
    if (key is None) == (file_ is None):
        raise UsageError("give exactly one of <KEY> or --file PATH", 2)
    if file_ is not None:
        path = Path(file_)
    else:
        assert key is not None
        path = find_story(paths.project_dir(project), key)
    print(canonical_json(as_dict(load_story(path, exit_code=1))), end="")
    return 0


@cli.command("parse", usage_code=1, help="Upstream story-parse.sh: NAME='value' lines for eval.")
@click.argument("story_path")
def parse(story_path: str) -> int:
    story = story_parse.load_checked(story_path)  # the same contract as `gaia story-parse`
    print("\n".join(story_parse.shell_lines(story_parse.variables(story, story_path))))
    return 0


NEW_HELP = """Write a story file from the canonical template and print its path.

\b
  It goes to <implementation-artifacts>/epic-<n>/stories/<KEY>-<title slug>.md
  (.gaia/artifacts/implementation-artifacts/epic-e1/stories/E1-S1-refuse-expired-codes.md
  for `gaia story new E1-S1 --title "Refuse expired codes"`), with status backlog, and is
  listed under its epic in the epics index. Fill in its acceptance criteria and File List,
  then walk it to `review` with `gaia transition-story-status KEY --to ...`.

Exit codes: 0 written; 1 the story exists, a bad key, title, epic, priority, risk or points,
or a --project that is not a directory; 2 usage."""


@cli.command("new", help=NEW_HELP)
@click.argument("key")
@click.option("--title", required=True, help="The story's title.")
@click.option("--epic", default=None, help="Epic key (default: the key's E<n> prefix).")
@click.option("--priority", default="P2", show_default=True, help="P0, P1 or P2.")
@click.option("--risk", default="medium", show_default=True, help="high, medium or low.")
@click.option("--points", default="0", help="Story points, 0-100.")
@click.option("--project", metavar="DIR", help="Project directory (default: the current one).")
def new(key: str, title: str, epic: str | None, priority: str, risk: str, points: str,
        project: str | None) -> int:
    root = paths.project_dir(project)
    if project and not root.is_dir():  # a mistyped --project must not become a new tree
        raise UsageError(f"--project {project} is not a directory: name the project's "
                         "directory", 1)
    count = template.points_value(points)
    path = template.new_story(root, key, title, epic=epic, priority=priority, risk=risk,
                              points=count)
    print(paths.relative_to_project(path, root))
    story = load_story(path, 1)
    index = transition.register_story(root, story, count)
    if index is not None:
        print(f"listed in {paths.relative_to_project(index, root)}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
