"""/gaia-test-automate Approval Gate (parent): present the plan, then record the user's decision.

    gaia skills/gaia-test-automate/scripts/approve.py KEY --present [--project DIR]
    gaia skills/gaia-test-automate/scripts/approve.py KEY --decision approve|reject|abort
        [--yolo] [--project DIR]

--present prints the plan (proposed tests, narrative; "plan changes recommended" first for a
REQUEST_CHANGES plan) and records the plan_id it showed. --decision records PASSED / FAILED in
the plan-id ledger and the plan's approval block, against that plan_id, or nothing (abort);
after an approval it prints the composite Review Gate. --yolo auto-approves only when every
proposed test path is inside the tier allowlist.

Exit codes: 0 presented, recorded or aborted; 1 HALT (plan or story file missing,
plan_tamper_detected, BLOCKED plan, plan not presented); 2 usage; 4 YOLO cannot auto-approve
(no test-environment.yaml, or a path outside the allowlist): ask the user.
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
    parser = Parser("approve.py")
    parser.add_argument("key")
    parser.add_argument("--project")
    parser.add_argument("--present", action="store_true")
    parser.add_argument("--decision", choices=("approve", "reject", "abort"))
    parser.add_argument("--yolo", action="store_true")
    args = parser.parse_args(list(argv))
    if args.present == (args.decision is not None):
        raise UsageError("approve.py: give exactly one of --present or --decision", 2)
    project = project_dir(args.project)
    if args.present:
        return steps.emit(steps.present(project, args.key))
    return steps.emit(steps.decide(project, args.key, args.decision, yolo=args.yolo))


if __name__ == "__main__":
    sys.exit(handle("test-automate approve", main, sys.argv[1:]))
