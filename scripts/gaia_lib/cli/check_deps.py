"""`gaia check-deps`: every `depends_on` story must be `done` before dev starts.

    gaia check-deps <story_path> [--bypass-deps]

The check of `gaia sprint-state check-deps` (and QA gating), plus a dependency cycle through
the story, which dev-story must not start into (`gaia qa-gate lint` reports every cycle of
the board). stderr lists what blocks:
`  KEY: status` per unfinished dependency, `  KEY: no story file` per missing one,
`  KEY: held by QA ...` per done dependency its QA verdict holds, or the dependency cycle.
`--bypass-deps` records the bypass through `sprint-state override` and
prints `[BYPASS] dependency check bypassed for K — depends_on entries not validated`.

Exit codes: 0 all dependencies done (or bypassed); 1 some not done or held by QA, or a cycle;
2 a dependency story file is missing; 64 usage error (no such story file, unparseable story,
or a project config that cannot be read: no check made, never mistaken for "not done").
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import MalformedFile, UsageError
from gaia_lib.dev_story import check_deps

PROG = "check-deps"


@command(PROG, doc=__doc__, usage_code=check_deps.EXIT_USAGE, upstream="check-deps.sh")
@click.argument("story_path", required=False)
@click.option("--bypass-deps", is_flag=True, help="Proceed anyway; the bypass is recorded.")
def cli(story_path: str | None, bypass_deps: bool) -> int:
    if not story_path:
        raise UsageError("usage: gaia check-deps <story_path> [--bypass-deps]",
                         check_deps.EXIT_USAGE)
    try:
        outcome = check_deps.check(paths.project_dir(), story_path, bypass_deps)
    except MalformedFile as exc:  # the config QA gating reads is broken: nothing was checked
        raise MalformedFile(exc.message, check_deps.EXIT_USAGE) from None
    for line in outcome.messages():
        # upstream's per-dependency lines, `  KEY: status`, as it prints them (CI greps them)
        print(line if line.startswith("  ") else f"{PROG}: {line}", file=sys.stderr)
    return outcome.exit_code


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
