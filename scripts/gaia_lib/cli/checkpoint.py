"""`gaia checkpoint`: write, read and validate a workflow checkpoint (upstream contract).

  write    --workflow W --step N [--var k=v]... [--file P]...   replace W's checkpoint
  read     --workflow W                                         print it as stored
  validate --workflow W                                         compare recorded hashes

The file is `$CHECKPOINT_PATH/W.yaml`, else `.gaia/memory/checkpoints/W.yaml`.

Exit codes:
  0  success
  1  usage error, unknown workflow, invalid step/var, unreadable --file, lock timeout, the
     checkpoint cannot be written (read-only or full disk: one line naming the file and the
     system's reason; the previous checkpoint stays whole), malformed checkpoint, or
     (validate) hash drift: one `checkpoint: drift: P` line per file
  2  read/validate: checkpoint missing; validate: a recorded file is missing
     (one `checkpoint: missing file: P` line per file; takes precedence over drift)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from gaia_lib.checkpoint import store as checkpoint
from gaia_lib.cli.command import group, run
from gaia_lib.core import paths
from gaia_lib.core.errors import NotFound

PROG = "checkpoint"
USAGE = """usage:
  gaia checkpoint write    --workflow <name> --step <n> [--var key=val ...] [--file <path> ...]
  gaia checkpoint read     --workflow <name>
  gaia checkpoint validate --workflow <name>"""
WORKFLOW = click.option("--workflow", required=True, metavar="NAME", help="The workflow.")


@group(PROG, doc=__doc__, usage_code=1, upstream="checkpoint.sh", usage=USAGE,
       missing="usage: gaia checkpoint {write|read|validate} --workflow <name> ...",
       unknown="unknown subcommand: {name}")
def cli() -> None:
    """The subcommands do the work."""


@cli.command("write", help="Replace the workflow's checkpoint.")
@WORKFLOW
@click.option("--step", required=True, metavar="N", help="The step number.")
@click.option("--var", "variables", multiple=True, metavar="K=V", help="A variable (repeatable).")
@click.option("--file", "files", multiple=True, metavar="P", help="A file to hash (repeatable).")
def write(workflow: str, step: str, variables: tuple[str, ...], files: tuple[str, ...]) -> int:
    name = checkpoint.check_workflow(workflow)
    project = paths.project_dir()
    number = checkpoint.check_step(step)
    parsed = [checkpoint.parse_var(raw) for raw in variables]
    checkpoint.write(paths.checkpoints_dir(project), project, name, number, parsed, list(files))
    return 0


def _target(workflow: str) -> str:
    name = checkpoint.check_workflow(workflow)
    return checkpoint.checkpoint_path(paths.checkpoints_dir(paths.project_dir()), name)


@cli.command("read", help="Print the checkpoint as stored.")
@WORKFLOW
def read(workflow: str) -> int:
    target = _target(workflow)
    try:
        with open(target, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise NotFound(f"checkpoint not found: {target}", 2) from None
    sys.stdout.buffer.write(data)
    sys.stdout.flush()
    return 0


@cli.command("validate", help="Compare the recorded file hashes with the files.")
@WORKFLOW
def validate(workflow: str) -> int:
    target = _target(workflow)
    problems = checkpoint.validate(checkpoint.load(target), paths.project_dir())
    for path in problems.missing:
        print(f"{PROG}: missing file: {path}", file=sys.stderr)
    if problems.missing:
        return 2
    for path in problems.drifted:
        print(f"{PROG}: drift: {path}", file=sys.stderr)
    return 1 if problems.drifted else 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
