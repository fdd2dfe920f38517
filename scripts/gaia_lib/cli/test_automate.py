"""`gaia test-automate`: the /gaia-test-automate sub-commands routed before its planning phase.

    gaia test-automate KEY --status
    gaia test-automate KEY --add-scenario --description T --tier unit|integration|e2e
                           --priority P0..P3 [--expected T]
    gaia test-automate KEY --scaffold [--stack S] [--out-dir D]

--status prints the coverage map (AC, TC, tier, file), the summary line and the custom
scenarios; --add-scenario prints the new CS-NNN id; --scaffold writes one skeleton test per
unmapped AC (default stack: the story's, resolved as load-stack-persona does; default
directory: the first tier directory of test-environment.yaml, else tests/) and ends with
`scaffold: review gate not updated (skeleton-only output is not coverage)`.

Exit codes: 0 done; 1 story not found, unreadable or bad input; 2 usage (no sub-command, two of
them, unknown flag) or an ambiguous key.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import keys, paths
from gaia_lib.core.errors import UsageError
from gaia_lib.stacks import persona
from gaia_lib.story import resolve
from gaia_lib.story.parser import load_story
from gaia_lib.test_automate import coverage_map, scaffold, scenarios

PROG = "test-automate"


@command(PROG, doc=__doc__, usage_code=2)
@click.argument("key")
@click.option("--status", "mode", flag_value="status", help="Print the coverage map.")
@click.option("--add-scenario", "mode", flag_value="add-scenario", help="Add a custom scenario.")
@click.option("--scaffold", "mode", flag_value="scaffold", help="Write skeleton tests.")
@click.option("--description", default="", help="--add-scenario: what the scenario checks.")
@click.option("--tier", default="", help="--add-scenario: unit, integration or e2e.")
@click.option("--priority", default="", help="--add-scenario: P0..P3.")
@click.option("--expected", default="", help="--add-scenario: the expected behaviour.")
@click.option("--stack", default=None, help="--scaffold: canonical stack (default: the story's).")
@click.option("--out-dir", default=None, metavar="DIR", help="--scaffold: where skeletons go.")
@click.option("--project", default=None, metavar="DIR", help="The project (default: current).")
def cli(key: str, mode: str | None, description: str, tier: str, priority: str, expected: str,
        stack: str | None, out_dir: str | None, project: str | None) -> int:
    if mode is None:
        raise UsageError("one of --status, --add-scenario or --scaffold is required", 2)
    root = paths.project_dir(project)
    story_path = resolve.find_story(root, keys.story_key(key, 1))
    story = load_story(story_path, 1)
    if mode == "status":
        print(coverage_map.status(root, story, scenarios.load_index(root)), end="")
    elif mode == "add-scenario":
        added = scenarios.add_scenario(root, story_path, description=description, tier=tier,
                                       priority=priority, expected=expected, key=key)
        print(added.id)
    else:
        chosen = stack or persona.resolve(story_file=story_path, project_root=root).stack
        target = Path(out_dir).absolute() if out_dir else None
        for line in scaffold.scaffold(root, story, chosen, target):
            print(line)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
