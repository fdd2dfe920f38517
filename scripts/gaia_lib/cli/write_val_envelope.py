"""`gaia write-val-envelope`: persist Val's returned envelope as the sentinel the gates assert.

    gaia write-val-envelope --envelope JSON | --envelope-stdin
    gaia write-val-envelope --print-persona-sig

A nested `sentinel_envelope` is unwrapped. Required: agent "val", persona_sig equal to the
installed validator persona's signature (`sha256:` of agents/validator.md), timestamp,
artifact_path, verdict. stdout: the sentinel path
(`.gaia/memory/checkpoints/val-envelope-<h16>.json`, h16 from the project-relative artifact
path). `--print-persona-sig` prints the signature the validator puts in its reply.

Exit codes: 0 written; 1 invalid envelope (nothing written); 2 usage error.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import val_envelope

PROG = "write-val-envelope"
MAX_BYTES = 1 << 20


@command(PROG, doc=__doc__, usage_code=2, upstream="lib/write-val-envelope.sh")
@click.option("--envelope", metavar="JSON", help="The envelope Val returned.")
@click.option("--envelope-stdin", is_flag=True, help="Read the envelope from stdin.")
@click.option("--print-persona-sig", is_flag=True, help="Print the validator's signature.")
def cli(envelope: str | None, envelope_stdin: bool, print_persona_sig: bool) -> int:
    if print_persona_sig:
        print(val_envelope.persona_sig())
        return 0
    if (envelope is None) == (not envelope_stdin):
        raise UsageError("give exactly one of --envelope JSON or --envelope-stdin", 2)
    raw = envelope if envelope is not None else sys.stdin.read(MAX_BYTES)
    print(val_envelope.write(paths.project_dir(), raw))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
