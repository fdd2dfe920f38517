"""`gaia pr-body`: render the story's PR description.

    gaia pr-body <story_path> [--allow-stub-reason R] [--dod-results FILE] [--base B]

stdout (Markdown): `## Acceptance Criteria` (one line per AC), `## Definition of Done` (one
`- item: STATUS` line per row of the dod-check YAML in FILE, else `- (no DoD output)`),
`## Diff Stat` (fenced `git diff --stat <base>...HEAD`; base from `--base`, else the promotion
chain's first branch), `## Allow-stub override` (only with a reason, which must cite a story or
action-item id), then `Story: [KEY](path)`.

Exit codes: 0 printed; 1 usage, story file missing, path with `..`, bad reason; 2 malformed
frontmatter, missing key, malformed DoD file.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.dev_story import commitmsg, prbody

PROG = "pr-body"


@command(PROG, doc=__doc__, usage_code=1, upstream="pr-body.sh")
@click.argument("story_path")
@click.option("--allow-stub-reason", metavar="R", help="Accepted --allow-stub reason.")
@click.option("--dod-results", metavar="FILE", help="dod-check's YAML rows.")
@click.option("--base", metavar="B", help="Diff base (default: the promotion chain's first).")
def cli(story_path: str, allow_stub_reason: str | None, dod_results: str | None,
        base: str | None) -> int:
    story = commitmsg.story_path(story_path)
    project = paths.project_dir()
    print(prbody.render(story, project, project, dod_results=dod_results,
                        allow_stub_reason=allow_stub_reason, base=base), end="")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
