"""`gaia transition-story-status`: move a story to a new status everywhere it is recorded.

    gaia transition-story-status <story_key> --to <state> [--from <state>] [--reconcile-only]
                                 [--title T] [--epic E] [--priority P] [--risk R]
                                 [--author A] [--file F] [--project DIR]

Moves a story to a new status in every place the status lives (story file, sprint-status.yaml,
epics-and-stories.md, the per-epic shard, story-index.yaml), atomically, under one lock.
stdout is empty; stderr ends with `<prog>: K transitioned A -> B` or
`<prog>: no-op (story already at S)`. `--project DIR` names the project, as `gaia story new`
and `gaia review-qa` take it (default: the current one).

Exit codes: 0 success / no-op, 1 usage or --from mismatch, 2 story file missing,
3 ambiguous story file, 4 malformed story frontmatter, 5 epics-and-stories.md missing,
6 lock timeout, 7 illegal transition, 8 rolled back after a failed write, or review -> done
refused because the composite Review Gate is not COMPLETE.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.qa_gating import transition
from gaia_lib.story import states

PROG = "transition-story-status"
F = TypeVar("F", bound=Callable[..., Any])
INDEX_FIELDS = ("title", "epic", "priority", "risk", "author", "file")


def _index_options(func: F) -> F:
    for name in reversed(INDEX_FIELDS):
        func = click.option(f"--{name}", metavar=name.upper(),
                            help=f"story-index.yaml {name} (default: frontmatter).")(func)
    return func


@command(PROG, doc=__doc__, usage_code=transition.EXIT_USAGE,
         upstream="transition-story-status.sh")
@click.argument("story_key")
@click.option("--to", metavar="STATE", help=f"The new status: {states.story_states_hint()}.")
@click.option("--from", "expected_from", metavar="STATE", help="Refuse unless currently STATE.")
@click.option("--reconcile-only", is_flag=True, help="Replay the current status to every writer.")
@_index_options
@click.option("--project", metavar="DIR", help="Project directory (default: the current one).")
def cli(story_key: str, to: str | None, expected_from: str | None, reconcile_only: bool,
        title: str | None, epic: str | None, priority: str | None, risk: str | None,
        author: str | None, file: str | None, project: str | None) -> int:
    request = transition.Request(key=story_key, to=to, expected_from=expected_from,
                                 reconcile_only=reconcile_only, title=title, epic=epic,
                                 priority=priority, risk=risk, author=author, file=file)
    result = transition.transition_story(paths.project_dir(project), request)
    for note in result.notes:
        print(f"{PROG}: {note}", file=sys.stderr)
    if result.noop:
        print(f"{PROG}: no-op (story already at {result.to_state})", file=sys.stderr)
    else:
        print(f"{PROG}: {result.key} transitioned {result.from_state} -> {result.to_state}",
              file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
