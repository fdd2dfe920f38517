"""/gaia-test-automate Review Phases 2-3A (the read-only fork): evidence, no test runs.

    gaia skills/gaia-test-automate/scripts/analyze.py KEY [--project DIR] [--no-cache]

Runs under the `fork` write scope, for this process and every process it starts: only the
evidence area `.gaia/state/review/` can be written. Prints the evidence summary JSON (same as
`gaia test-automate-plan analyze`). Exit 0; 1 story not found or not in review; 2 usage.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from gaia_lib.core.argv import Parser
from gaia_lib.core.handler import handle
from gaia_lib.core.paths import project_dir
from gaia_lib.test_automate import steps


def main(argv: Sequence[str]) -> int:
    parser = Parser("analyze.py")
    parser.add_argument("key")
    parser.add_argument("--project")
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args(list(argv))
    return steps.emit(steps.analyze(project_dir(args.project), args.key,
                                    use_cache=not args.no_cache))


if __name__ == "__main__":
    os.environ["GAIA_WRITE_SCOPE"] = "fork"  # no code in this process tree can widen it
    sys.exit(handle("test-automate analyze", main, sys.argv[1:]))
