"""What the delivery-tail commands (git-branch … verify-pr-merged) share: where the work tree
is, and the skip when there is none.

The work tree is the project (`paths.project_dir`: `CLAUDE_PROJECT_DIR`, `PROJECT_PATH`, the
nearest `.gaia/` or `.git`, else the cwd). Outside a git work tree each command prints
`vcs.skip_lines` on stderr and exits 0, as upstream's non-git guard did.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from gaia_lib.core import paths
from gaia_lib.dev_story import vcs


def work_tree(prog: str) -> Path | None:
    """The project's work tree, or None after printing the non-git skip lines."""
    project = paths.project_dir()
    if vcs.in_work_tree(project):
        return project
    for line in vcs.skip_lines(prog):
        print(line, file=sys.stderr)
    return None


def notes(prog: str, lines: Iterable[str]) -> None:
    for line in lines:
        print(f"{prog}: {line}", file=sys.stderr)


def answer(prog: str, outcome: tuple[str, list[str]]) -> int:
    """Print a library outcome (stdout line, stderr notes) and return 0."""
    line, messages = outcome
    notes(prog, messages)
    print(line)
    return 0
