"""`gaia write-checkpoint`: write one JSON snapshot of a skill's step (upstream contract).

    gaia write-checkpoint <skill_name> <step_number> [key=value ...]
                          [--paths <path> ...] [--custom <file.json>] [--skill-md <SKILL.md>]

  skill_name   [a-z0-9][a-z0-9-]{0,63}
  step_number  non-negative integer
  --paths      files to checksum (sha256), recorded in output_paths / file_checksums
  --custom     a JSON file nested under "custom"
  --skill-md   the owning SKILL.md, hashed into skill_md_content_hash

Writes one schema-v1 JSON snapshot (upstream write-checkpoint.sh) to
`$CHECKPOINT_ROOT/<skill>/<UTC µs timestamp>-step-<step>.json` (default root
`.gaia/memory/checkpoints`), never replacing an existing file, and prints its path.

Exit codes:
  0  written; stdout is the path
  1  validation: bad skill name or step, an argument that is not key=value, unknown flag,
     a --paths entry / --custom / --skill-md file that does not exist
  2  environment: --custom is not valid JSON, a file could not be hashed
  3  I/O: the directory or the file could not be written
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.checkpoint import store as checkpoint
from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import ScopeViolation, UsageError

PROG = "write-checkpoint"
USAGE = """usage: gaia write-checkpoint <skill_name> <step_number> [key=value ...]
                            [--paths <path> ...] [--custom <file.json>] [--skill-md <SKILL.md>]"""


class Args:
    def __init__(self) -> None:
        self.variables: list[tuple[str, str]] = []
        self.paths: list[str] = []
        self.custom: str | None = None
        self.skill_md: str | None = None


def _parse(rest: Sequence[str]) -> Args:
    """`--paths` collects until the next flag; other positionals are key=value pairs."""
    args = Args()
    collecting = False
    items = list(rest)
    i = 0
    while i < len(items):
        item = items[i]
        flag, eq, inline = item.partition("=")
        if item == "--paths":
            collecting = True
        elif flag in ("--custom", "--skill-md"):
            collecting = False
            if eq:
                value = inline
            elif i + 1 < len(items):
                i += 1
                value = items[i]
            else:
                raise UsageError(f"{flag} requires a file path", 1)
            if flag == "--custom":
                args.custom = value
            else:
                args.skill_md = value
        elif item.startswith("--"):
            raise UsageError(f"unknown flag: {item}", 1)
        elif collecting:
            args.paths.append(item)
        elif eq and flag:
            args.variables.append((flag, inline))
        else:
            raise UsageError(f"positional argument must be key=value (got: {item})", 1)
        i += 1
    return args


def _root(project: Path) -> Path:
    override = os.environ.get("CHECKPOINT_ROOT")
    if override:
        root = Path(override)
        return root if root.is_absolute() else Path.cwd() / root
    return paths.checkpoints_dir(project)


@command(PROG, doc=__doc__, usage_code=1, upstream="write-checkpoint.sh", usage=USAGE,
         context_settings={"ignore_unknown_options": True})
@click.argument("argv", nargs=-1, type=click.UNPROCESSED, metavar="")
def cli(argv: tuple[str, ...]) -> int:
    # `--paths` collects until the next flag, which click's option model cannot say: _parse does.
    items = list(argv)
    if len(items) < 2:
        print(USAGE, file=sys.stderr)
        raise UsageError("skill_name and step_number are required", 1)
    skill = checkpoint.check_skill(items[0])
    step = checkpoint.check_step(items[1], "step_number")
    args = _parse(items[2:])
    project = paths.project_dir()
    try:
        written = checkpoint.write_snapshot(
            _root(project), project, skill, step, args.variables, args.paths,
            args.custom, args.skill_md,
        )
    except ScopeViolation as exc:
        raise checkpoint.SnapshotError(exc.message, 3) from None
    print(paths.relative_to_project(written, Path.cwd()))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
