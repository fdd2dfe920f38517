"""`gaia <command> ...`: dispatch to one command module, imported only when it is called."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from gaia_lib import __version__

# Upstream script names keep their names; gaia's own workflows follow.
COMMANDS: dict[str, str] = {
    "resolve-story-file": "resolve_story_file",
    "load-stack-persona": "load_stack_persona",
    "file-list-diff-check": "file_list_diff_check",
    "checkpoint": "checkpoint",
    "write-checkpoint": "write_checkpoint",
    "review-gate": "review_gate",
    "verdict-resolver": "verdict_resolver",
    "resolve-review-report-path": "resolve_review_report_path",
    "resolve-test-artifact-per-story": "resolve_test_artifact",
    "transition-story-status": "transition_story_status",
    "sprint-state": "sprint_state",
    "yolo-mode": "yolo_mode",
    "detect-orchestration-mode": "detect_orchestration_mode",
    "tool-availability-probe": "tool_availability_probe",
    "story": "story",
    "hook": "hook",
    "review-qa": "review_qa",
}

USAGE = "usage: gaia <command> [args...]   (gaia help lists the commands)"


def _help() -> str:
    names = "\n".join(f"  {name}" for name in sorted(COMMANDS))
    return f"{USAGE}\n\ncommands:\n{names}\n"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print(USAGE, file=sys.stderr)
        return 2
    name, rest = args[0], args[1:]
    if name in ("help", "-h", "--help"):
        print(_help(), end="")
        return 0
    if name in ("--version", "version"):
        print(f"gaia {__version__}")
        return 0
    module_name = COMMANDS.get(name)
    if module_name is None:
        print(f"gaia: unknown command '{name}' (gaia help lists the commands)", file=sys.stderr)
        return 2
    module = importlib.import_module(f"gaia_lib.cli.{module_name}")
    result: int = module.main(rest)
    return result
