"""`gaia hook post-tool-use`: the PostToolUse checkpoint hook, payload on stdin.

The same logic as scripts/hook_post_tool_use.py (what hooks/hooks.json runs), reachable from
the CLI for debugging and tests. See gaia_lib.hookio for what is recorded.

Exit codes:
  0  always for post-tool-use (fail open; failures go to <data dir>/logs/hooks.log)
  2  unknown hook name
"""

from __future__ import annotations

from collections.abc import Sequence

from gaia_lib.checkpoint import hookio
from gaia_lib.cli.util import entry
from gaia_lib.core.errors import UsageError

PROG = "hook"
HOOKS = ("post-tool-use",)


def run(argv: Sequence[str]) -> int:
    args = list(argv)
    if args and args[0] in ("-h", "--help"):
        print(f"usage: gaia hook {{{','.join(HOOKS)}}}  (payload JSON on stdin)")
        return 0
    if len(args) != 1 or args[0] not in HOOKS:
        raise UsageError(f"usage: gaia hook {{{','.join(HOOKS)}}}", 2)
    return hookio.main()


def main(argv: Sequence[str] | None = None) -> int:
    return entry(PROG, run, argv)
