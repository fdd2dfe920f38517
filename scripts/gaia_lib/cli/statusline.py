"""`gaia statusline`: a Claude Code status line that also records the context-window usage.

    gaia statusline          (Claude Code's status-line JSON on stdin)

Set it in settings.json: `"statusLine": {"type": "command", "command": "gaia statusline"}`.
Each refresh persists the token counts of `context_window` (numbers only) to
`.gaia/memory/.context-window-snapshot.json`, which `gaia emit-step-boundary` reads for
per-step token figures; without it the token column is `n/a`. stdout: one short line
`[<model>] gaia · <active workflow> · ctx <N>k/<size>k`.

Exit codes: 0 always (a status line never fails).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gaia_lib.cli.command import command, run
from gaia_lib.dev_story import statusline

PROG = "statusline"


@command(PROG, doc=__doc__, usage_code=2)
def cli() -> int:
    print(statusline.run(sys.stdin.buffer.read(statusline.MAX_PAYLOAD + 1)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
