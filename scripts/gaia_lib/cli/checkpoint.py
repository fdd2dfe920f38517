"""`gaia checkpoint write|read|validate`: the workflow checkpoint (upstream checkpoint.sh).

  write    --workflow W --step N [--var k=v]... [--file P]...   replace W's checkpoint
  read     --workflow W                                         print it as stored
  validate --workflow W                                         compare recorded hashes

The file is `$CHECKPOINT_PATH/W.yaml`, else `.gaia/memory/checkpoints/W.yaml`.

Exit codes:
  0  success
  1  usage error, invalid workflow/step/var, unreadable --file, lock timeout, malformed
     checkpoint, or (validate) hash drift: one `checkpoint: drift: P` line per file
  2  read/validate: checkpoint missing; validate: a recorded file is missing
     (one `checkpoint: missing file: P` line per file; takes precedence over drift)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gaia_lib.checkpoint import store as checkpoint
from gaia_lib.cli.util import ArgParser, entry
from gaia_lib.core import paths
from gaia_lib.core.errors import NotFound, UsageError

PROG = "checkpoint"
USAGE = """usage:
  gaia checkpoint write    --workflow <name> --step <n> [--var key=val ...] [--file <path> ...]
  gaia checkpoint read     --workflow <name>
  gaia checkpoint validate --workflow <name>

Exit codes: 0 ok | 1 usage/drift/error | 2 missing checkpoint or missing file
"""


def _parser(sub: str) -> ArgParser:
    parser = ArgParser(f"gaia checkpoint {sub}", usage_code=1, add_help=True)
    parser.add_argument("--workflow", required=True)
    if sub == "write":
        parser.add_argument("--step", required=True)
        parser.add_argument("--var", action="append", default=[])
        parser.add_argument("--file", action="append", default=[])
    return parser


def run(argv: Sequence[str]) -> int:
    args = list(argv)
    if not args:
        print(USAGE, end="", file=sys.stderr)
        return 1
    sub, rest = args[0], args[1:]
    if sub in ("-h", "--help"):
        print(USAGE, end="")
        return 0
    if sub not in ("write", "read", "validate"):
        raise UsageError(f"unknown subcommand: {sub} (see 'gaia checkpoint --help')", 1)
    opts = _parser(sub).parse_args(rest)
    workflow = checkpoint.check_workflow(opts.workflow)
    project = paths.project_dir()
    directory = paths.checkpoints_dir(project)
    target = checkpoint.checkpoint_path(directory, workflow)

    if sub == "write":
        step = checkpoint.check_step(opts.step)
        variables = [checkpoint.parse_var(raw) for raw in opts.var]
        checkpoint.write(directory, project, workflow, step, variables, opts.file)
        return 0
    if sub == "read":
        try:
            with open(target, "rb") as handle:
                data = handle.read()
        except FileNotFoundError:
            raise NotFound(f"checkpoint not found: {target}", 2) from None
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return 0
    problems = checkpoint.validate(checkpoint.load(target), project)
    for path in problems.missing:
        print(f"{PROG}: missing file: {path}", file=sys.stderr)
    if problems.missing:
        return 2
    for path in problems.drifted:
        print(f"{PROG}: drift: {path}", file=sys.stderr)
    return 1 if problems.drifted else 0


def main(argv: Sequence[str] | None = None) -> int:
    return entry(PROG, run, argv)
