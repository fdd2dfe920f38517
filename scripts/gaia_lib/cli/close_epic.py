"""`gaia close-epic`: close an epic whose work no longer matters, or reopen it.

    gaia close-epic E --reason R
    gaia close-epic E --reopen

A closed epic's QA verdicts stop being reported (`gaia qa-gate status`, `gaia qa-gate lint`)
and stop holding dependents. Nothing is erased: test-status.md, the rounds and the reports stay
as they are, and reopening puts the gate back exactly where it was. Who, when and why are
recorded in .gaia/state/qa-gating.jsonl.

stdout: `closed: E — <reason>`, `reopened: E`, or `unchanged: E is already closed|open`.

Exit codes: 0 done (or nothing to change); 1 refused (a close without --reason, a bad epic
key); 2 usage.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.qa_gating import exits

PROG = "close-epic"


@command(PROG, doc=__doc__, usage_code=2, upstream="close-plan.sh")
@click.argument("epic")
@click.option("--reason", help="why the epic is closed (required to close)")
@click.option("--reopen", is_flag=True, help="reopen a closed epic")
def cli(epic: str, reason: str | None, reopen: bool) -> int:
    if reopen and reason is not None:
        raise UsageError("--reopen takes no --reason", 2)
    closure, changed = exits.close_epic(paths.project_dir(), epic, reason, reopen)
    epic = closure.epic  # as the project spells it (`e1` is E1)
    if not changed:
        print(f"unchanged: {epic} is already {'closed' if closure.closed else 'open'}")
    elif closure.closed:
        print(f"closed: {epic} — {closure.reason}")
    else:
        print(f"reopened: {epic}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
