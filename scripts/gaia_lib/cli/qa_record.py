"""`gaia qa-record`: record a story's QA verdict in its epic's test-status.md (the one recorder).

    gaia qa-record KEY --result pass|fail|pending|waived [--report P] [--round N] [--reason T]

An idempotent upsert of the story's `## QA status` row and, for a verdict with a round, its
`## QA rounds` row (and the rounds ledger, in the same locked transaction). Without --round the
round comes from the report's name (`-roundR.md`), else from the highest conventional report on
disk, else previous + 1; `pending` is roundless. --reason goes with `waived` only.

stdout: backfill lines (`backfilled K round R from the legacy row (result)`), then
`recorded: K = R (round N)  ->  <test-status.md>` (no round part for a roundless record). When a
fail spends the story's QA failure budget, one more line: `parked: <who, rounds, newest report,
exits>`.

Exit codes: 0 recorded; 2 refused (bad key, a key no story file has, result, --round, --reason
or report text: nothing written); 1 any other failure (lock timeout, unwritable file).
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.qa_gating import board, record, verdicts

PROG = "qa-record"


def _round(raw: str | None) -> int | None:
    if raw is None:
        return None
    if not raw.isascii() or not raw.isdigit() or len(raw) > 6 or int(raw) < 1:
        raise UsageError(f"--round must be a positive integer of at most 6 digits, not "
                         f"'{raw[:20]}'", 2)
    return int(raw)


@command(PROG, doc=__doc__, usage_code=2, upstream="qa-record.sh")
@click.argument("key")
@click.option("--result", required=True, help="pass | fail | pending | waived")
@click.option("--report", help="the review report (project-relative path)")
@click.option("--round", "round_", metavar="N", help="the round (not with pending)")
@click.option("--reason", help="why (waived only; at most 280 characters)")
def cli(key: str, result: str, report: str | None, round_: str | None,
        reason: str | None) -> int:
    project = paths.project_dir()
    number = _round(round_)
    # a typo (`e1-s1`, `E99-S1`) would record a row, or an epic, no story has
    board.known_story(project, key, exit_code=2)
    outcome = verdicts.record_verdict(project, record.Request(
        key, result, report=report, round=number, reason=reason))
    for note in outcome.recorded.notes:
        print(note)
    print(verdicts.describe(outcome, project))
    if outcome.parked:
        print(f"parked: {outcome.parked}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
