"""/gaia-review-qa Phases 5-7 (parent): verdict, report and its mirror, gate row and round.

    gaia skills/gaia-review-qa/scripts/finalize.py KEY [--project DIR]
        [--llm-findings FILE] [--payload FILE]

Prints the verdict line, the report path, the gate line and the reason (same as
`gaia review-qa finalize`). Exit 0; 1 story not found or not in review; 2 usage.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gaia_lib.core.argv import story_args
from gaia_lib.core.handler import handle
from gaia_lib.core.paths import project_dir
from gaia_lib.review_qa import steps


def main(argv: Sequence[str]) -> int:
    args = story_args("finalize.py", argv, "--llm-findings", "--payload")
    return steps.emit(steps.finalize(project_dir(args.project), args.key,
                                     llm_findings=args.llm_findings, payload=args.payload))


if __name__ == "__main__":
    sys.exit(handle("review-qa finalize", main, sys.argv[1:]))
