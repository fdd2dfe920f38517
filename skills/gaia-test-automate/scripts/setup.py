"""/gaia-test-automate Review Phase 1 (parent): story gate, stack, tool probe, a clean run.

    gaia skills/gaia-test-automate/scripts/setup.py KEY [--project DIR]

Prints the setup JSON (same as `gaia test-automate-plan setup`). Exit 0; 1 story not found or
not in review; 2 usage or ambiguous key.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gaia_lib.core.argv import Parser
from gaia_lib.core.handler import handle
from gaia_lib.core.paths import project_dir
from gaia_lib.test_automate import steps


def main(argv: Sequence[str]) -> int:
    parser = Parser("setup.py")
    parser.add_argument("key")
    parser.add_argument("--project")
    args = parser.parse_args(list(argv))
    return steps.emit(steps.setup(project_dir(args.project), args.key))


if __name__ == "__main__":
    sys.exit(handle("test-automate setup", main, sys.argv[1:]))
