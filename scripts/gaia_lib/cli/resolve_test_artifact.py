"""`gaia resolve-test-artifact-per-story <type> <key> [--write] [--existing-only]`.

<type>: atdd | test-automate-plan | qa-tests | test-review. stdout: one absolute path.
--write prints the per-story mirror path `<test-artifacts>/<epic dir>/<story dir>/<type>.md` and
creates its directory. Otherwise the first existing of that path, the legacy
`<epic dir>/stories/<story dir>/<type>.md` and the flat `<type>-<key>.md` is printed; with none,
the mirror path (or nothing and exit 1 with --existing-only).

Exit codes: 0 printed; 1 usage error, invalid key, unknown type, or --existing-only found nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from gaia_lib.cli.util import ArgParser, entry
from gaia_lib.core import keys, paths
from gaia_lib.gate import reports

PROG = "resolve-test-artifact-per-story"


def run(argv: Sequence[str]) -> int:
    parser = ArgParser(PROG, usage_code=1, description="Resolve a per-story test artifact path.")
    parser.add_argument("type", metavar="<type>")
    parser.add_argument("key", metavar="<story_key>")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--existing-only", action="store_true")
    args = parser.parse_args(argv)
    reports.test_artifact_type(args.type)
    key = keys.story_key(args.key, 1)
    project = paths.project_dir()
    if args.write:
        print(reports.test_artifact_write_path(project, args.type, key))
        return 0
    found = reports.test_artifact_read_path(project, args.type, key, args.existing_only)
    if found is None:
        return 1  # --existing-only: silence is the answer
    print(found)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return entry(PROG, run, argv)
