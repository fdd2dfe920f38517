"""/gaia-test-automate Review Phases 6-7 (parent): report, plan file, finalize checkpoint.

    gaia skills/gaia-test-automate/scripts/finalize.py KEY [--project DIR]
        [--llm-findings FILE] [--payload FILE]

--llm-findings: the fork's JSON ({"findings": [...], "plan": {...}}); --payload: its rendered
report. Prints the verdict line, the report and plan paths, the plan_id, what comes next and the
reason (same as `gaia test-automate-plan finalize`). Never records a Review Gate verdict.
Exit 0; 1 story not found or not in review; 2 usage.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gaia_lib.core.argv import story_args
from gaia_lib.core.handler import handle
from gaia_lib.core.paths import project_dir
from gaia_lib.test_automate import steps


def main(argv: Sequence[str]) -> int:
    args = story_args("finalize.py", argv, "--llm-findings", "--payload")
    return steps.emit(steps.finalize(project_dir(args.project), args.key,
                                     llm_findings=args.llm_findings, payload=args.payload))


if __name__ == "__main__":
    sys.exit(handle("test-automate finalize", main, sys.argv[1:]))
