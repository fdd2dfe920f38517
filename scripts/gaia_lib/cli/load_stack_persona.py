"""`gaia load-stack-persona`: the story's stack and its developer persona (upstream contract).

    gaia load-stack-persona [--story-file P] [--stack S] [--project-root D]
                            [--agents-dir D] [--memory-dir D]

Order: --stack > story frontmatter `stack:` > config `project.stack` > marker files.
stdout (shell-evalable): `stack='…'`, `agent_file='…'`, `sidecar_file='…'` (empty unless
--memory-dir holds `<stack>-sidecar.md`).

Exit codes:
  0  resolved
  1  caller error: bad flags, unreadable/malformed story file or project config
  2  unsupported stack (none detected, or not canonical) or persona file / agents dir not found
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gaia_lib.cli.util import ArgParser, entry
from gaia_lib.stacks import persona

PROG = "load-stack-persona"


def run(argv: Sequence[str]) -> int:
    parser = ArgParser(PROG, usage_code=1, description="Load the stack persona for a story.")
    parser.add_argument("--story-file", type=Path, metavar="P")
    parser.add_argument("--stack", metavar="S", help="force a canonical stack, e.g. python-dev")
    parser.add_argument("--project-root", type=Path, metavar="D")
    parser.add_argument("--agents-dir", type=Path, metavar="D")
    parser.add_argument("--memory-dir", type=Path, metavar="D")
    args = parser.parse_args(argv)
    found = persona.resolve(
        stack=args.stack,
        story_file=args.story_file,
        project_root=args.project_root,
        agents_dir=args.agents_dir,
        memory_dir=args.memory_dir,
    )
    print(persona.render(found), end="")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return entry(PROG, run, argv)
