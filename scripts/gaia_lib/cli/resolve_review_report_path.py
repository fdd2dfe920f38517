"""`gaia resolve-review-report-path --key K --type T`: where review report `T-K.md` is written.

stdout: `<story dir>/reviews/T-K.md` (the `reviews/` directory created) when the story is in the
per-story layout, else `<implementation-artifacts>/T-K.md`; relative to the working directory
when inside it.

Exit codes: 0 printed; 1 usage error, invalid key or type.
"""

from __future__ import annotations

from collections.abc import Sequence

from gaia_lib.cli.util import ArgParser, entry
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.gate import reports

PROG = "resolve-review-report-path"


def run(argv: Sequence[str]) -> int:
    parser = ArgParser(PROG, usage_code=1, description="Resolve a review report's write path.")
    parser.add_argument("--key")
    parser.add_argument("--type", dest="rtype")
    args = parser.parse_args(argv)
    if not args.key or not args.rtype:
        raise UsageError("usage: --key <story_key> --type <review-type>", 1)
    path = reports.review_report_path(paths.project_dir(), args.key, args.rtype)
    print(reports.display(path))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return entry(PROG, run, argv)
