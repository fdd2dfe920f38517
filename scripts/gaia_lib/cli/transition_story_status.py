"""`gaia transition-story-status <key> --to <state> [--from <state>] [--reconcile-only] ...`

Moves a story to a new status in every place the status lives (story file, sprint-status.yaml,
epics-and-stories.md, the per-epic shard, story-index.yaml), atomically, under one lock.
stdout is empty; stderr ends with `<prog>: K transitioned A -> B` or
`<prog>: no-op (story already at S)`.

Exit codes: 0 success / no-op, 1 usage or --from mismatch, 2 story file missing,
3 ambiguous story file, 4 malformed story frontmatter, 5 epics-and-stories.md missing,
6 lock timeout, 7 illegal transition, 8 rolled back after a failed write, or review -> done
refused because the composite Review Gate is not COMPLETE.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gaia_lib.cli.util import ArgParser, entry
from gaia_lib.core import paths
from gaia_lib.qa_gating import transition
from gaia_lib.story import states

PROG = "transition-story-status"


def _parser() -> ArgParser:
    parser = ArgParser(
        PROG,
        usage_code=transition.EXIT_USAGE,
        description="Transition a story's status everywhere it is recorded.",
        epilog=f"States: {states.story_states_hint()}",
    )
    parser.add_argument("story_key")
    parser.add_argument("--to", dest="to", metavar="STATE")
    parser.add_argument("--from", dest="expected_from", metavar="STATE")
    parser.add_argument("--reconcile-only", action="store_true",
                        help="replay the current status to every writer")
    for name in ("title", "epic", "priority", "risk", "author", "file"):
        parser.add_argument(f"--{name}", help=f"story-index.yaml {name} (default: frontmatter)")
    return parser


def run(argv: Sequence[str]) -> int:
    args = _parser().parse_args(argv)
    request = transition.Request(
        key=args.story_key,
        to=args.to,
        expected_from=args.expected_from,
        reconcile_only=args.reconcile_only,
        title=args.title,
        epic=args.epic,
        priority=args.priority,
        risk=args.risk,
        author=args.author,
        file=args.file,
    )
    result = transition.transition_story(paths.project_dir(), request)
    for note in result.notes:
        print(f"{PROG}: {note}", file=sys.stderr)
    if result.noop:
        print(f"{PROG}: no-op (story already at {result.to_state})", file=sys.stderr)
    else:
        print(f"{PROG}: {result.key} transitioned {result.from_state} -> {result.to_state}",
              file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return entry(PROG, run, argv)
