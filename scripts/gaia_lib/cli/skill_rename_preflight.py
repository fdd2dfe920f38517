"""`gaia skill-rename-preflight`: list stale references before renaming a skill (advisory).

    gaia skill-rename-preflight --old NAME --new NAME [--repo-root P]

stdout: one `stale-reference: <path>:<line>: <text>` line per whole-token mention of the old
name (skills, agents, hooks, knowledge, docs, scripts, bin, README.md, CHANGELOG.md), then
`preflight: N stale reference(s) to '<old>' (rename to '<new>')`. --repo-root defaults to the
plugin root.

Exit codes: 0 always, as upstream's (an advisory never stops a script): arguments it cannot
use (--old or --new missing or not a skill name, the same name twice, a --repo-root that is no
directory) are one stderr line ending `nothing checked`. An unknown option is a usage error
(2).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import skill_rename_preflight as preflight

PROG = "skill-rename-preflight"


@command(PROG, doc=__doc__, usage_code=2, upstream="skill-rename-preflight.sh")
@click.option("--old", help="The current skill name.")
@click.option("--new", help="The new skill name.")
@click.option("--repo-root", metavar="PATH", help="Repository to scan (default: plugin root).")
def cli(old: str | None, new: str | None, repo_root: str | None) -> int:
    root = Path(repo_root) if repo_root else paths.plugin_root()
    try:
        if not old or not new:
            raise UsageError("--old and --new are required", 2)
        preflight.check_names(old, new)
        if not root.is_dir():
            raise UsageError(f"--repo-root {repo_root} is not a directory", 2)
    except UsageError as exc:
        print(f"{PROG}: {exc.message}; nothing checked", file=sys.stderr)
        return 0
    found = preflight.references(root, old)
    for line in found:
        print(line)
    print(f"preflight: {len(found)} stale reference(s) to '{old}' (rename to '{new}')")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
