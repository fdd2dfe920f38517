"""/gaia-test-automate-execute step 1 (main context): preflight and baseline coverage.

    gaia skills/gaia-test-automate-execute/scripts/preflight.py KEY [--project DIR]

Prints the setup JSON: the planned tests (path, AC and its text, name, tier, target), the
developer to dispatch (`developer`: a subagent type), the baseline coverage (same as
`gaia test-automate-execute KEY preflight`). Exit 0; 1 a HALT (`HALT: <reason>: <detail>`,
nothing written) or story not found; 2 usage.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gaia_lib.core.argv import story_args
from gaia_lib.core.handler import handle
from gaia_lib.core.paths import project_dir
from gaia_lib.test_automate import execute


def main(argv: Sequence[str]) -> int:
    args = story_args("preflight.py", argv)
    return execute.emit("preflight", project_dir(args.project), args.key, None)


if __name__ == "__main__":
    sys.exit(handle("test-automate-execute preflight", main, sys.argv[1:]))
