"""`gaia assert-agent-envelope`: halt unless the agent's sentinel envelope is genuine.

    gaia assert-agent-envelope <sentinel_path> [--expected-agent ID] [--artifact P]
    gaia assert-agent-envelope --artifact P [--expected-agent ID]

The sentinel must exist, be a JSON object with the expected `agent` (default `val`), the
installed validator persona's `persona_sig` and the other required fields; with --artifact it
must also be that artifact's sentinel (and without a path, that sentinel is the one checked).
On failure, stderr: `HALT: Val agent envelope assertion failed — sentinel absent, malformed,
or forged at <path>`.

Exit codes: 0 genuine; 1 absent, malformed or forged; 2 usage error.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import keys, paths
from gaia_lib.core.errors import GaiaError, InvalidInput, UsageError
from gaia_lib.dev_story import val_envelope

PROG = "assert-agent-envelope"


@command(PROG, doc=__doc__, usage_code=2, upstream="lib/assert-agent-envelope.sh")
@click.argument("sentinel", required=False)
@click.option("--expected-agent", default="val", help="Agent id the envelope must name.")
@click.option("--artifact", metavar="PATH", help="The validated artifact.")
def cli(sentinel: str | None, expected_agent: str, artifact: str | None) -> int:
    if sentinel is None and artifact is None:
        raise UsageError("give <sentinel_path> or --artifact PATH", 2)
    try:
        keys.workflow_name(expected_agent, 2)
    except InvalidInput as exc:
        raise UsageError(exc.message, 2) from None
    project = paths.project_dir()
    path = Path(sentinel) if sentinel else val_envelope.sentinel_path(project, artifact or "")
    try:
        val_envelope.check(path, expected_agent, artifact, project)
    except GaiaError as exc:  # the HALT line is the contract: printed as is, no prefix
        print(exc.message, file=sys.stderr)
        return exc.exit_code
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
