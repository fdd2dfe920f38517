"""/gaia-dev-story finalize (parent): end the run and print its summary.

    gaia skills/gaia-dev-story/scripts/finalize.py KEY [--project DIR]

Removes `.gaia/state/active-workflow` (when it names dev-story and KEY) and the YOLO sentinel
setup created, then prints the summary: the story's status, mode, the gates recorded in the
dev-story checkpoint, the files touched and the per-step timings (`n/a` tokens without the
status line). Exit 0; 2 usage.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from gaia_lib.core.argv import story_args
from gaia_lib.core.handler import handle
from gaia_lib.core.paths import project_dir
from gaia_lib.dev_story import session


def main(argv: Sequence[str]) -> int:
    args = story_args("finalize.py", argv)
    print(session.finalize(project_dir(args.project), args.key, os.environ).text)
    return 0


if __name__ == "__main__":
    sys.exit(handle("dev-story finalize", main, sys.argv[1:]))
