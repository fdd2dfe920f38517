"""`gaia resolve-test-artifact-per-story`: the path of a story's test artifact (atdd, qa-tests ...).

    gaia resolve-test-artifact-per-story <type> <story_key> [--write] [--existing-only]

<type>: atdd | test-automate-plan | qa-tests | test-review. stdout: one absolute path.
--write prints the per-story mirror path `<test-artifacts>/<epic dir>/<story dir>/<type>.md` and
creates its directory. Otherwise the first existing of that path, the legacy
`<epic dir>/stories/<story dir>/<type>.md` and the flat `<type>-<key>.md` is printed; with none,
the mirror path (or nothing and exit 1 with --existing-only).

Exit codes: 0 printed; 1 usage error, invalid key, unknown type, or --existing-only found nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import keys, paths
from gaia_lib.gate import reports

PROG = "resolve-test-artifact-per-story"


@command(PROG, doc=__doc__, usage_code=1, upstream="resolve-test-artifact-per-story.sh")
@click.argument("artifact_type", metavar="<type>")
@click.argument("story_key", metavar="<story_key>")
@click.option("--write", is_flag=True, help="Print the write path and create its directory.")
@click.option("--existing-only", is_flag=True, help="Print nothing (exit 1) when none exists.")
def cli(artifact_type: str, story_key: str, write: bool, existing_only: bool) -> int:
    reports.test_artifact_type(artifact_type)
    key = keys.story_key(story_key, 1)
    project = paths.project_dir()
    if write:
        print(reports.test_artifact_write_path(project, artifact_type, key))
        return 0
    found = reports.test_artifact_read_path(project, artifact_type, key, existing_only)
    if found is None:
        return 1  # --existing-only: silence is the answer
    print(found)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
