"""`gaia orchestration-warning`: the once-per-session notice for heavy skills in subagent mode.

    gaia orchestration-warning --skill-class reviewer|light-procedural|heavy-procedural|
                               conversational --mode subagent|team

stdout: `SURFACE-WARNING: <path>` the first time a heavy-procedural or conversational skill
runs in subagent mode in a session (the skill cats the file and mirrors it verbatim as the
first text of its reply); nothing otherwise.

Exit codes: 0 valid call; 2 invalid class or mode.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import orchestration_warning as notice

PROG = "orchestration-warning"


@command(PROG, doc=__doc__, usage_code=notice.EXIT_USAGE, upstream="orchestration-warning.sh")
@click.option("--skill-class", help="reviewer|light-procedural|heavy-procedural|conversational")
@click.option("--mode", help="subagent|team")
def cli(skill_class: str | None, mode: str | None) -> int:
    if not skill_class or not mode:
        raise UsageError("--skill-class and --mode are required", notice.EXIT_USAGE)
    notice.check_args(skill_class, mode)
    path = notice.surface(paths.project_dir(), skill_class, mode, os.environ)
    if path is not None:
        print(f"SURFACE-WARNING: {path}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
