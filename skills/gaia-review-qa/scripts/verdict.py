"""/gaia-review-qa Phase 5 (parent): the resolver's verdict on the story's current evidence.

    gaia skills/gaia-review-qa/scripts/verdict.py KEY [--project DIR] [--llm-findings FILE]

Prints APPROVE, REQUEST_CHANGES or BLOCKED (same as `gaia review-qa verdict`) and, on stderr,
the rule that decided. Exit 0 whatever the verdict; 1 story not found or not in review; 2 usage.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gaia_lib.core.argv import story_args
from gaia_lib.core.handler import handle
from gaia_lib.core.paths import project_dir
from gaia_lib.review_qa import steps


def main(argv: Sequence[str]) -> int:
    args = story_args("verdict.py", argv, "--llm-findings")
    return steps.emit(steps.verdict(project_dir(args.project), args.key,
                                    llm_findings=args.llm_findings))


if __name__ == "__main__":
    sys.exit(handle("review-qa verdict", main, sys.argv[1:]))
