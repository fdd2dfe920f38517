"""`gaia promotion-chain-guard`: is a promotion chain configured?

    gaia promotion-chain-guard

Reads `ci_cd.promotion_chain[0].branch` from `$PROJECT_CONFIG`, else the project's
`.gaia/config/project-config.yaml`. stdout: `PRESENT:<branch>` (the PR base, `[a-z0-9-]+`).
ABSENT: stderr `promotion-chain-guard: ABSENT: ci_cd.promotion_chain not configured.` and
how to add it (upstream named a skill this plugin does not ship; `gaia init` writes the chain
in a git repository). Outside a git work tree: the skip notice and
`[NOTICE]` line on stderr, nothing on stdout, exit 0 (Steps 10-13 are skipped).

Exit codes: 0 PRESENT or non-git skip; 1 ABSENT, or a config that is not valid YAML.
"""

from __future__ import annotations

from collections.abc import Sequence

from gaia_lib.cli.command import command, run
from gaia_lib.cli.delivery import work_tree
from gaia_lib.dev_story import promotion

PROG = "promotion-chain-guard"


@command(PROG, doc=__doc__, usage_code=1, upstream="promotion-chain-guard.sh")
def cli() -> int:
    repo = work_tree(PROG)
    if repo is None:
        return 0
    print(promotion.guard(repo))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
