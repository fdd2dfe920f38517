"""`gaia yolo-mode`: YOLO state as an exit status; set or clear it (upstream contract).

    gaia yolo-mode [is_yolo|set|clear]

    is_yolo   exit 0 when YOLO is active, 1 when interactive (the default)
    set       write the .yolo-active sentinel for this session
    clear     remove the sentinel

Environment (top wins): GAIA_CONTEXT=memory-save -> 1; GAIA_YOLO_OVERRIDE=no -> 1;
GAIA_YOLO_FLAG=1 -> 0; GAIA_YOLO_MODE=1 -> 0; sentinel of this session -> 0; else 1.
Sentinel: GAIA_YOLO_SENTINEL, else $GAIA_STATE_DIR/.yolo-active, else .gaia/state/.yolo-active.

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

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths, yolo
from gaia_lib.core.errors import UsageError

PROG = "yolo-mode"


@command(PROG, doc=__doc__, usage_code=2, upstream="yolo-mode.sh",
         usage="usage: gaia yolo-mode [is_yolo|set|clear]")
@click.argument("action", default="is_yolo", metavar="[is_yolo|set|clear]")
def cli(action: str) -> int:
    command = action
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
    return run(cli, argv)
