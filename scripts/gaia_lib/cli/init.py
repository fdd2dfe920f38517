"""`gaia init`: set GAIA up in an existing repository and print what it chose.

    gaia init [--project DIR] [--force]

Surveys the repository (stacks, test command, coverage command, test directories) and writes
`.gaia/config/project-config.yaml`, an empty `.gaia/state/sprint-status.yaml`, the epics index
`planning-artifacts/epics-and-stories.md` and `test-artifacts/test-environment.yaml`.
stdout: one line per stack found (`stack: <key> (<dir>, <n> test files)`, its test and coverage
commands), `test directories: ...`, a `note: ...` line for anything this machine lacks to
run those commands (pytest or coverage.py the project's `python` cannot import, a runner not
installed), then `wrote: <path>` / `kept: <path>` per file.
Existing files are never overwritten without --force; even with --force the sprint status and
the epics index are kept.

Exit codes: 0 set up; 1 already set up (files named) or a bad directory; 2 usage, or no stack
found.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import NotFound
from gaia_lib.onboard import init as onboarding

PROG = "init"


@command(PROG, doc=__doc__, usage_code=2)
@click.option("--project", metavar="DIR", help="The repository (default: the current one).")
@click.option("--force", is_flag=True, help="Rewrite the config and test-environment.yaml.")
def cli(project: str | None, force: bool) -> int:
    root = Path(project).absolute() if project else paths.project_dir()
    if not root.is_dir():
        raise NotFound(f"not a directory: {root}", 1)
    outcome = onboarding.init(root, force=force)
    for line in onboarding.describe(outcome, root):
        print(line)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
