"""`gaia yolo-mode [is_yolo|set|clear]`: YOLO state as an exit status (upstream contract).

No stdout. `is_yolo` (the default) answers with the exit status; `set` writes the
`.yolo-active` sentinel for this session; `clear` removes it. See gaia_lib.yolo for the rules.

Exit codes:
  is_yolo  0 YOLO active, 1 interactive
  set      0 written, 1 could not write (e.g. outside the write scope)
  clear    0 removed or absent, 1 could not remove
  2        unknown subcommand or extra arguments
"""

from __future__ import annotations

from collections.abc import Sequence

from gaia_lib.cli.util import entry
from gaia_lib.core import paths, yolo
from gaia_lib.core.errors import UsageError

PROG = "yolo-mode"
HELP = """usage: gaia yolo-mode [is_yolo|set|clear]

  is_yolo   exit 0 when YOLO is active, 1 when interactive (default)
  set       write the .yolo-active sentinel for this session
  clear     remove the sentinel

Environment (top wins): GAIA_CONTEXT=memory-save -> 1; GAIA_YOLO_OVERRIDE=no -> 1;
GAIA_YOLO_FLAG=1 -> 0; GAIA_YOLO_MODE=1 -> 0; sentinel of this session -> 0; else 1.
Sentinel: GAIA_YOLO_SENTINEL, else $GAIA_STATE_DIR/.yolo-active, else .gaia/state/.yolo-active.
"""


def run(argv: Sequence[str]) -> int:
    args = list(argv)
    if args and args[0] in ("-h", "--help"):
        print(HELP, end="")
        return 0
    if len(args) > 1:
        raise UsageError(f"unexpected argument '{args[1]}' (see 'gaia yolo-mode --help')", 2)
    command = args[0] if args else "is_yolo"
    project = paths.project_dir()
    if command == "is_yolo":
        return 0 if yolo.is_yolo(project).yolo else 1
    if command == "set":
        yolo.set_yolo(project)
        return 0
    if command == "clear":
        yolo.clear_yolo(project)
        return 0
    raise UsageError(f"unknown subcommand '{command}'. Try '--help'.", 2)


def main(argv: Sequence[str] | None = None) -> int:
    return entry(PROG, run, argv)
