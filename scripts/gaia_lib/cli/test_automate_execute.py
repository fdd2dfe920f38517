"""`gaia test-automate-execute`: the test-automate execution phase, one step at a time.

    gaia test-automate-execute KEY preflight|verify|record [--project DIR] [--context C]

The steps of `/gaia-test-automate-execute` (the same library calls as its entry scripts):
preflight (the plan checks + baseline coverage; prints the planned tests as JSON), verify (runs the
written tests, placeholder and SUT-mocking checks, coverage after, the resolver's
`--action-mode --coverage-delta` verdict; prints the run's JSON, the deciding rule on stderr),
record (report, and the `Test Automation` row PASSED only on APPROVE; prints the verdict,
report, gate and reason lines). From CI: write the planned tests, then run the three steps.

Exit codes: 0 step done (whatever the verdict: a verdict is data); 1 a HALT (stderr
`HALT: <reason>: <detail>`: plan_missing, plan_tamper_detected, plan_id_mismatch, plan_drift,
target_path_out_of_scope, would_clobber_existing_test; nothing written), story not found, or a
step run out of order; 2 usage.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import Choice, command, run
from gaia_lib.core import paths
from gaia_lib.test_automate import execute

PROG = "test-automate-execute"


@command(PROG, doc=__doc__, usage_code=2)
@click.argument("key")
@click.argument("step", type=Choice(execute.STEPS))
@click.option("--project", metavar="DIR", help="Project directory (default: the current one).")
@click.option("--context", metavar="C", help="Execution context (default GAIA_EXECUTION_CONTEXT).")
def cli(key: str, step: str, project: str | None, context: str | None) -> int:
    return execute.emit(step, paths.project_dir(project), key, context)


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
