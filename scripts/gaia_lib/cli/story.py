"""`gaia story show|parse`: the parsed story model, from the one story parser.

  gaia story show <KEY> | --file PATH [--project DIR]
      The parsed story as canonical JSON (every record as a dict; the raw text is left out).
      Exit 0; 1 story not found, invalid key or malformed story; 2 usage error or ambiguous key.
  gaia story parse <story_path>
      Upstream story-parse.sh: ten `NAME='value'` lines for `eval` (STORY_KEY, STATUS, RISK,
      EPIC_KEY, TYPE, DEPENDS_ON, SUBTASK_COUNT, SUBTASK_CHECKED, AC_COUNT, STORY_PATH).
      Exit 0; 1 usage error, a path containing `..`, or missing file; 2 malformed story or
      missing key/status.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gaia_lib.cli.util import ArgParser, entry
from gaia_lib.core import paths
from gaia_lib.core.errors import GaiaError, MalformedFile, NotFound, UsageError
from gaia_lib.core.writes import canonical_json
from gaia_lib.story.parser import Story, as_dict, load_story
from gaia_lib.story.resolve import find_story

PROG = "story"
USAGE = "usage: gaia story show <KEY> | --file PATH [--project DIR]  |  gaia story parse <path>"


def shell_quote(value: str) -> str:
    """Single-quote for `eval`: the only character needing care inside '…' is ' itself."""
    return "'" + value.replace("'", "'\\''") + "'"


def parse_lines(story: Story, shown_path: str) -> list[str]:
    tasks = story.tasks
    values = [
        ("STORY_KEY", story.key or ""),
        ("STATUS", story.status or ""),
        ("RISK", story.risk or ""),
        ("EPIC_KEY", story.epic or ""),
        ("TYPE", story.template or ""),
        ("DEPENDS_ON", ",".join(story.depends_on)),
        ("SUBTASK_COUNT", str(len(tasks))),
        ("SUBTASK_CHECKED", str(sum(1 for t in tasks if t.checked))),
        ("AC_COUNT", str(len(story.acceptance_criteria))),
        ("STORY_PATH", shown_path),
    ]
    return [f"{name}={shell_quote(value)}" for name, value in values]


def _show(argv: Sequence[str]) -> int:
    parser = ArgParser(f"{PROG} show", usage_code=2, description="Print the parsed story as JSON.")
    parser.add_argument("key", nargs="?", help="story key such as E1-S1")
    parser.add_argument("--file", help="a story file instead of a key")
    parser.add_argument("--project", help="project directory (default: the current project)")
    args = parser.parse_args(argv)
    if (args.key is None) == (args.file is None):
        raise UsageError("give exactly one of <KEY> or --file PATH", 2)
    if args.file is not None:
        path = Path(args.file)
    else:
        path = find_story(paths.project_dir(args.project), args.key)
    print(canonical_json(as_dict(load_story(path, exit_code=1))), end="")
    return 0


def _parse(argv: Sequence[str]) -> int:
    parser = ArgParser(f"{PROG} parse", usage_code=1, description="story-parse.sh output.")
    parser.add_argument("story_path")
    args = parser.parse_args(argv)
    raw: str = args.story_path
    if ".." in raw:
        raise UsageError(f"path traversal rejected: {raw}", 1)
    try:
        story = load_story(Path(raw), exit_code=2)
    except NotFound as exc:
        raise NotFound(exc.message, 1) from None
    if not story.key:
        raise MalformedFile("missing required frontmatter field: key (or alias story_key)", 2)
    if not story.status:
        raise MalformedFile("missing required frontmatter field: status", 2)
    print("\n".join(parse_lines(story, raw)))
    return 0


def run(argv: Sequence[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        if argv:
            print(USAGE)
            return 0
        raise UsageError(USAGE, 2)
    action, rest = argv[0], argv[1:]
    if action == "show":
        return _show(rest)
    if action == "parse":
        return _parse(rest)
    raise GaiaError(f"unknown action '{action}' ({USAGE})", 2)


def main(argv: Sequence[str] | None = None) -> int:
    return entry(PROG, run, argv)
