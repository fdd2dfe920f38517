"""`gaia tdd-review-gate`: whether a TDD phase gets a review: SKIP, PROMPT or QA_AUTO.

    gaia tdd-review-gate <story_key> <phase>

stdout: exactly one of SKIP, PROMPT, QA_AUTO, from the story's risk, the configured
`dev_story.tdd_review` threshold and phases, YOLO and `qa_auto_in_yolo`. stderr: a warning when
the risk or threshold is unknown (an unknown risk counts as high).

Exit codes: 0 a decision was printed; 2 usage error, invalid key, story not found or an
unreadable config.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import tdd_review_gate as gate

PROG = "tdd-review-gate"


@command(PROG, doc=__doc__, usage_code=gate.EXIT_USAGE, upstream="tdd-review-gate.sh")
@click.argument("story_key", required=False)
@click.argument("phase", required=False)
def cli(story_key: str | None, phase: str | None) -> int:
    if not story_key or not phase:
        raise UsageError("usage: gaia tdd-review-gate <story_key> <phase>", gate.EXIT_USAGE)
    result = gate.evaluate(paths.project_dir(), story_key, phase, os.environ)
    for warning in result.warnings:
        print(f"{PROG}: warning: {warning}", file=sys.stderr)
    print(result.decision)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
