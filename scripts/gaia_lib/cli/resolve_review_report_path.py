"""`gaia resolve-review-report-path`: where the review report `T-K.md` of a story is written.

    gaia resolve-review-report-path --key K --type T

stdout: `<story dir>/reviews/T-K.md` (the `reviews/` directory created) when the story is in the
per-story layout, else `<implementation-artifacts>/T-K.md`; relative to the working directory
when inside it. For `--type qa-tests` the name is the next QA round's (`qa-tests-K.md` for round
1, `qa-tests-K-roundR.md` after; see QA gating's report-name chooser).

Exit codes: 0 printed; 1 usage error, invalid key or type.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.gate import reports
from gaia_lib.qa_gating import names

PROG = "resolve-review-report-path"


@command(PROG, doc=__doc__, usage_code=1, upstream="resolve-review-report-path.sh")
@click.option("--key", metavar="K", help="The story key.")
@click.option("--type", "rtype", metavar="T", help="The review type, e.g. qa-tests.")
def cli(key: str | None, rtype: str | None) -> int:
    if not key or not rtype:
        raise UsageError("usage: --key <story_key> --type <review-type>", 1)
    path = names.review_report_path(paths.project_dir(), key, rtype)
    print(reports.display(path))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
