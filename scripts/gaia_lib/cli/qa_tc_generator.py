"""`gaia qa-tc-generator`: draft a test case for each acceptance criterion of a story.

    gaia qa-tc-generator --story P --output OUT.json

OUT.json is a JSON array of `{tc_id: TC-{key}-{N}, ac_ref, description, given, when, then, type,
priority, tags}` rows (the qa-test-cases schema). Run again, it keeps each row it already has
for an AC and numbers new rows after the highest. stdout stays empty. The same code as
`gaia review-qa analyze`'s Phase 3C.

Exit codes: 0 written; 2 any error (flags, unreadable or malformed story, no `key:`, OUT not a
JSON array), one `qa-tc-generator: <message>` line on stderr.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core.errors import UsageError
from gaia_lib.review_qa import tools

PROG = "qa-tc-generator"
PATH = click.Path(path_type=Path)


@command(PROG, doc=__doc__, usage_code=2, upstream="review-common/qa-tc-generator.sh")
@click.option("--story", type=PATH, metavar="P", help="The story file (required).")
@click.option("--output", type=PATH, metavar="OUT", help="The test-case JSON (required).")
def cli(story: Path | None, output: Path | None) -> int:
    if story is None or output is None:
        raise UsageError("--story and --output are required", 2)
    tools.generate_test_cases(story, output)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
