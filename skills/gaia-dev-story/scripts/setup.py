"""/gaia-dev-story setup (parent): Step 1 (load, mode, dependencies), Step 3b, the run's marker.

    gaia skills/gaia-dev-story/scripts/setup.py KEY [yolo|--yolo] [--bypass-deps]
        [--allow-stub REASON] [--project DIR]

Prints the setup JSON the skill renders (key, story_file, mode, resume_at, stack,
subagent_type, yolo, bypass_deps, allow_stub, orchestration_mode and its one-time warning,
plan_file, val_reply, ...) and writes `.gaia/state/active-workflow` = `dev-story KEY`.
stderr: `step1_gate: deps=<ok|bypassed|blocked|missing|cycle> verdict=<passed|halted>`.

Exit codes: 0 ready; 1 story not found, malformed or not in a dev status; 2 usage (bad flag,
key or --allow-stub reason); 3 dependencies not done (or a cycle); 4 a dependency's story file is
missing; 5 no developer persona for the story's stack. Nothing is written unless it exits 0
(except the recorded --bypass-deps).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from gaia_lib.core.errors import UsageError
from gaia_lib.core.handler import handle
from gaia_lib.core.paths import project_dir
from gaia_lib.dev_story import session


def main(argv: Sequence[str]) -> int:
    args = list(argv)
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    project = None
    if "--project" in args:
        at = args.index("--project")
        if at + 1 >= len(args):
            raise UsageError("--project needs a directory", session.EXIT_USAGE)
        project = args[at + 1]
        del args[at : at + 2]
    result = session.setup(project_dir(project), session.parse_arguments(args), os.environ)
    print(session.as_json(result.data))
    for line in (*result.notes, *result.gate_lines):
        print(line, file=sys.stderr)
    return result.exit_code


if __name__ == "__main__":
    sys.exit(handle("dev-story setup", main, sys.argv[1:]))
