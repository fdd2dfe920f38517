"""`gaia cache-refresh-advisory`: after a merge, advise a plugin-cache refresh when needed.

    gaia cache-refresh-advisory [--diff-files P]     (default: the paths on stdin)

stderr: at most one line `step14b_advisory: plugin-cache refresh recommended — touched
files: …` when a cached plugin file changed (SKILL.md, skill scripts, agents, hooks, the
manifest, bin/, scripts/), then `step14b_gate: advisories=0|1`. Tests, docs and .github are
ignored.

Exit codes: 0 always for a valid call; 2 bad flag or unreadable --diff-files.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core.errors import NotFound
from gaia_lib.dev_story import cache_refresh_advisory as advisory

PROG = "cache-refresh-advisory"
MAX_BYTES = 4 << 20


@command(PROG, doc=__doc__, usage_code=2, upstream="cache-refresh-advisory.sh")
@click.option("--diff-files", metavar="PATH", help="File with one changed path per line.")
def cli(diff_files: str | None) -> int:
    if diff_files is None:
        text = sys.stdin.read(MAX_BYTES)
    else:
        try:
            with open(diff_files, encoding="utf-8", errors="replace") as handle:
                text = handle.read(MAX_BYTES)
        except OSError as exc:
            raise NotFound(f"cannot read --diff-files {diff_files}: {exc.strerror}", 2) from None
    line = advisory.advisory(text.splitlines())
    if line:
        print(line, file=sys.stderr)
    print(f"step14b_gate: advisories={1 if line else 0}", file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
