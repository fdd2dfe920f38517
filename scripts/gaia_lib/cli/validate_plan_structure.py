"""`gaia validate-plan-structure`: the implementation plan names every canonical section.

    gaia validate-plan-structure [--rework] [plan_file]     (default: the plan on stdin)

Sections, in order: Context, (Root Cause with --rework), Implementation Steps, Files to
Modify, Architecture Refs, UX Refs, Testing Strategy, Risks, Verification Plan; each a literal
ASCII substring (a lookalike letter is missing). stderr names the first missing one:
`MISSING section 'X'`.

Exit codes: 0 all present; 1 a section is missing; 2 bad flag or unreadable plan file.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core.errors import NotFound
from gaia_lib.dev_story import validate_plan_structure as plan

PROG = "validate-plan-structure"
MAX_PLAN_BYTES = 4 << 20


@command(PROG, doc=__doc__, usage_code=plan.EXIT_USAGE, upstream="validate-plan-structure.sh")
@click.argument("plan_file", required=False)
@click.option("--rework", is_flag=True, help="REWORK mode: Root Cause is required too.")
def cli(plan_file: str | None, rework: bool) -> int:
    try:
        if plan_file is None:
            data = sys.stdin.buffer.read(MAX_PLAN_BYTES)
        else:
            with open(plan_file, "rb") as handle:
                data = handle.read(MAX_PLAN_BYTES)
    except OSError as exc:
        raise NotFound(f"cannot read plan {plan_file}: {exc.strerror}", plan.EXIT_USAGE) from None
    missing = plan.first_missing(data.decode("utf-8", "replace"), rework)
    if missing is None:
        return 0
    print(f"MISSING section '{missing}'", file=sys.stderr)
    return plan.EXIT_MISSING


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
