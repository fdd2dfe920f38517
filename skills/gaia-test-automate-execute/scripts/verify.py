"""/gaia-test-automate-execute step 3: run and judge the tests the developer wrote.

    gaia skills/gaia-test-automate-execute/scripts/verify.py KEY [--project DIR] [--context C]

Runs the test tiers on the planned files, the placeholder and SUT-mocking checks, coverage
after and its delta, and prints the run JSON with the resolver's action-mode verdict (the
deciding rule on stderr); same as `gaia test-automate-execute KEY verify`. Exit 0 whatever
the verdict; 1 story not found or preflight not run; 2 usage.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gaia_lib.core.argv import Parser
from gaia_lib.core.handler import handle
from gaia_lib.core.paths import project_dir
from gaia_lib.test_automate import execute


def main(argv: Sequence[str]) -> int:
    parser = Parser("verify.py")
    parser.add_argument("key")
    parser.add_argument("--project")
    parser.add_argument("--context")
    args = parser.parse_args(list(argv))
    return execute.emit("verify", project_dir(args.project), args.key, args.context)


if __name__ == "__main__":
    sys.exit(handle("test-automate-execute verify", main, sys.argv[1:]))
