"""/gaia-review-qa Phase 1 (parent): story gate, stack, tool probe, a clean round.

    gaia skills/gaia-review-qa/scripts/setup.py KEY [--project DIR]

Prints the setup JSON (same as `gaia review-qa setup`). Exit 0; 1 story not found or not in
review; 2 usage or ambiguous key.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gaia_lib.core.argv import story_args
from gaia_lib.core.handler import handle
from gaia_lib.core.paths import project_dir
from gaia_lib.review_qa import steps


def main(argv: Sequence[str]) -> int:
    args = story_args("setup.py", argv)
    return steps.emit(steps.setup(project_dir(args.project), args.key))


if __name__ == "__main__":
    sys.exit(handle("review-qa setup", main, sys.argv[1:]))
