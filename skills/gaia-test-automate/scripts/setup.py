"""/gaia-test-automate's routing and Review Phase 1 (parent): sub-command, story gate, stack,
tool probe, a clean run.

    gaia skills/gaia-test-automate/scripts/setup.py KEY [--status | --add-scenario |
        --scaffold | --execute] [--yolo] [--project DIR] [other sub-command flags]

Prints the setup JSON (`route`: status, add-scenario, scaffold, execute or plan; for `plan` also
the story, stack, tool probe, `blocked` and the evidence directory). Flags meant for a
sub-command (`--description`, `--stack` ...) are left to that sub-command. Exit 0; 1 story not
found or, when planning, not in review; 2 usage or ambiguous key.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gaia_lib.core.argv import Parser
from gaia_lib.core.errors import UsageError
from gaia_lib.core.handler import handle
from gaia_lib.core.paths import project_dir
from gaia_lib.test_automate import steps


def main(argv: Sequence[str]) -> int:
    parser = Parser("setup.py")
    parser.add_argument("key")
    parser.add_argument("--project")
    parser.add_argument("--yolo", action="store_true")
    for route in steps.ROUTES:
        parser.add_argument(f"--{route}", dest="routes", action="append_const", const=route)
    args, _rest = parser.parse_known_args(list(argv))  # the rest belongs to the sub-command
    routes = args.routes or []
    if len(routes) > 1:
        raise UsageError(f"setup.py: one sub-command at a time (got --{' --'.join(routes)})", 2)
    return steps.emit(steps.setup(project_dir(args.project), args.key,
                                  route=routes[0] if routes else None, yolo=args.yolo))


if __name__ == "__main__":
    sys.exit(handle("test-automate setup", main, sys.argv[1:]))
