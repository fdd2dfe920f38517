"""`gaia tdd-evidence`: prove each TDD phase with the runner's own per-test results.

    gaia tdd-evidence red|green|refactor --story K [--tests P ...] [--again]

red: the new tests (--tests, else the test files git sees as added or changed) must all fail,
and a test changed since a red that held is a finding unless `--again` records it anew;
green: the same ids must pass, none removed or renamed away; refactor: they still pass.
The ids and outcomes go into the dev-story checkpoint and a red -> green table under the
story's Dev Agent Record. stdout: `<phase>: N test(s), P passed, F failed` (`, S skipped`
when the runner skipped some), then one `finding: …` line per problem.

Exit codes: 0 the phase holds; 1 findings (e.g. a red test that already passes); 2 usage
error, invalid key, story not found, no new tests, no test runner or no machine output,
missing earlier phase.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import tdd_evidence

PROG = "tdd-evidence"


@command(PROG, doc=__doc__, usage_code=tdd_evidence.EXIT_USAGE)
@click.argument("phase", required=False)
@click.option("--story", metavar="KEY", help="The story key.")
@click.option("--tests", multiple=True, metavar="PATH", help="A new test file (repeatable).")
@click.option("--again", is_flag=True,
              help="red: record anew the tests changed since a red that held (said in the "
                   "evidence).")
def cli(phase: str | None, story: str | None, tests: tuple[str, ...], again: bool) -> int:
    if not phase or not story:
        raise UsageError("usage: gaia tdd-evidence red|green|refactor --story K [--tests P]",
                         tdd_evidence.EXIT_USAGE)
    report = tdd_evidence.run_phase(paths.project_dir(), story, phase, tests, again)
    passed = sum(1 for r in report.outcomes.values() if r == "passed")
    skipped = sum(1 for r in report.outcomes.values() if r == "skipped")
    failed = len(report.outcomes) - passed - skipped
    print(f"{phase}: {len(report.outcomes)} test(s), {passed} passed, {failed} failed"
          + (f", {skipped} skipped" if skipped else ""))
    for finding in report.findings:
        print(f"finding: {finding}")
    return report.exit_code


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
