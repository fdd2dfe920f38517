"""`gaia load-stack-persona`: the story's stack and its developer persona (upstream contract).

    gaia load-stack-persona [--story-file P] [--stack S] [--project-root D]
                            [--agents-dir D] [--memory-dir D]

Order: --stack > story frontmatter `stack:` > config `project.stack` > marker files.
stdout (shell-evalable): `stack='…'`, `agent_file='…'`, `sidecar_file='…'` (empty unless
--memory-dir holds `<stack>-sidecar.md`).

Exit codes:
  0  resolved
  1  caller error: bad flags, unreadable/malformed story file or project config
  2  unsupported stack (none detected, or not canonical) or persona file / agents dir not found
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.stacks import persona

PROG = "load-stack-persona"
PATH = click.Path(path_type=Path)


@command(PROG, doc=__doc__, usage_code=1, upstream="load-stack-persona.sh")
@click.option("--story-file", type=PATH, metavar="P", help="The story file.")
@click.option("--stack", metavar="S", help="Force a canonical stack, e.g. python-dev.")
@click.option("--project-root", type=PATH, metavar="D", help="Project root (marker files).")
@click.option("--agents-dir", type=PATH, metavar="D", help="Where the persona files are.")
@click.option("--memory-dir", type=PATH, metavar="D", help="Where `<stack>-sidecar.md` is.")
def cli(story_file: Path | None, stack: str | None, project_root: Path | None,
        agents_dir: Path | None, memory_dir: Path | None) -> int:
    found = persona.resolve(stack=stack, story_file=story_file, project_root=project_root,
                            agents_dir=agents_dir, memory_dir=memory_dir)
    print(persona.render(found), end="")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
