"""`gaia qa-test-runner`: run the project's test tiers for a story and write the execution evidence.

    gaia qa-test-runner --story-key K --workdir D --config YAML [--context C] [--story-file P]

The tiers of --config (`test_execution.tier_N`) whose placement includes the context
(--context, else GAIA_EXECUTION_CONTEXT, else `local`) run in the project. With --story-file and
the `local` context, runners that accept paths run only the story's File List test files.
Writes `D/execution-evidence.json` (the schema's shape); stdout and stderr stay empty. The same
code as `gaia review-qa analyze`'s Phase 3A.1.

Exit codes: 0 evidence written, whatever the tests did (failures are data in the file);
1 caller error (flags, invalid key, a --workdir that cannot be made, a missing, unreadable or
invalid config). A --workdir that does not exist yet is made, as upstream makes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import keys, paths
from gaia_lib.core.errors import UsageError
from gaia_lib.review_qa import tools

PROG = "qa-test-runner"
PATH = click.Path(path_type=Path)


@command(PROG, doc=__doc__, usage_code=1, upstream="review-common/qa-test-runner.sh")
@click.option("--story-key", metavar="K", help="The story key (required).")
@click.option("--workdir", type=PATH, metavar="D", help="Where the evidence is written.")
@click.option("--config", "config_path", type=PATH, metavar="YAML",
              help="project-config.yaml with test_execution (required).")
@click.option("--context", metavar="C", help="Execution context (default: local).")
@click.option("--story-file", type=PATH, metavar="P", help="Scope local runs to the story.")
def cli(story_key: str | None, workdir: Path | None, config_path: Path | None,
        context: str | None, story_file: Path | None) -> int:
    if not story_key or workdir is None or config_path is None:
        raise UsageError("--story-key, --workdir and --config are required", 1)
    tools.run_tests(paths.project_dir(), keys.story_key(story_key, 1), workdir, config_path,
                    context=context, story_file=story_file)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
