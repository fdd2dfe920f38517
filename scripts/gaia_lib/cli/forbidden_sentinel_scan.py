"""`gaia forbidden-sentinel-scan`: refuse forbidden sentinels in production code.

    gaia forbidden-sentinel-scan --base-ref <branch> [--allow-stub <reason>]

Scans the lines the branch adds since `<base>` (`git diff <base>...HEAD`) in production paths
for the words in `knowledge/taxonomy/forbidden-sentinels.txt` (whole words, case-sensitive).
Exempt: `tests/`, `test/`, `__tests__/`, `spec/`, `fixtures/`, `testdata/` at any depth;
top-level `docs/`, `documentation/`, `.github/`, `.gaia/`, `_memory/`; `test_*.py`,
`*_test.py`, `*_test.go`, `conftest.py`, `*.test.*`, `*.spec.*`, `*.bats`, `*.md`, `*.rst`,
`*.adoc`; lock files (`package-lock.json`, `yarn.lock`, `poetry.lock`, `go.sum`, …).
Each hit is one stderr line `HALT: forbidden sentinel S in path:line — add a Finding row or
pass --allow-stub=<reason> to /gaia-dev-story`.
`--allow-stub R` skips the scan when R starts with a story or action-item id and a colon
(`E1-S2: …`, `AI-2026-11-30-1: …`); R is then printed on stdout for `gaia pr-body
--allow-stub-reason`. Outside a git work tree: the skip notice, exit 0.

Exit codes: 0 clean, or reason accepted; 1 a sentinel found, a reason that cites no id, an
unknown base ref, a malformed taxonomy, missing flags.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.cli.delivery import notes, work_tree
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import sentinels

PROG = "forbidden-sentinel-scan"


@command(PROG, doc=__doc__, usage_code=1, upstream="lib/forbidden-sentinel-scan.sh")
@click.option("--base-ref", metavar="BRANCH", help="The promotion base (required).")
@click.option("--allow-stub", metavar="REASON", help="Ship sentinels, citing a story/AI id.")
def cli(base_ref: str | None, allow_stub: str | None) -> int:
    if not base_ref:
        raise UsageError("missing required flag: --base-ref <branch>", 1)
    if allow_stub is not None:
        print(sentinels.check_allow_stub(allow_stub))
        notes(PROG, [f"scan bypassed via --allow-stub={allow_stub}"])
        return 0
    repo = work_tree(PROG)
    if repo is None:
        return 0
    hits = sentinels.scan(repo, base_ref)
    for line in sentinels.report(hits):
        print(line, file=sys.stderr)
    return 1 if hits else 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
