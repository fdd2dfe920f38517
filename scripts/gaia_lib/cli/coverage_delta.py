"""`gaia coverage-delta`: line coverage after minus before, as one JSON line.

    gaia coverage-delta --baseline P --current P [--format auto|lcov|coveragepy]

stdout: `{"coverage_delta":D,"baseline":B,"current":C}` (percentages). auto reads the
baseline: JSON (`{`) is coverage.py's report, anything else lcov.

Exit codes: 0 printed; 1 a missing or unparseable report, a bad --format, or usage.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.evidence import coverage_delta

PROG = "coverage-delta"


@command(PROG, doc=__doc__, usage_code=1, upstream="coverage-delta.sh")
@click.option("--baseline", required=True, metavar="PATH", help="Coverage report before.")
@click.option("--current", required=True, metavar="PATH", help="Coverage report after.")
@click.option("--format", "fmt", default="auto", metavar="auto|lcov|coveragepy",
              help="Report format (default: auto).")
def cli(baseline: str, current: str, fmt: str) -> int:
    print(coverage_delta.delta(Path(baseline), Path(current), fmt))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
