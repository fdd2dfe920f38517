"""/gaia-test-automate-execute step 4: report and the Test Automation row.

    gaia skills/gaia-test-automate-execute/scripts/record.py KEY [--project DIR]

Writes the execution report and, only when the verdict is APPROVE, records the Review Gate
row `Test Automation` as PASSED; prints the verdict, report, gate and reason lines (same as
`gaia test-automate-execute KEY record`). Exit 0; 1 story not found or verify not run;
2 usage.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gaia_lib.core.argv import story_args
from gaia_lib.core.handler import handle
from gaia_lib.core.paths import project_dir
from gaia_lib.test_automate import execute


def main(argv: Sequence[str]) -> int:
    args = story_args("record.py", argv)
    return execute.emit("record", project_dir(args.project), args.key, None)


if __name__ == "__main__":
    sys.exit(handle("test-automate-execute record", main, sys.argv[1:]))
