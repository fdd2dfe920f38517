"""`gaia qa-gate`: QA gating's mode (which level answered), its settings, the board and its lint.

    gaia qa-gate mode [--epic E | --story K]
    gaia qa-gate on|off|inherit (--story K | --epic E | --project) [--reason R]
    gaia qa-gate status [--epic E] [--project DIR]
    gaia qa-gate lint [--project DIR]

mode prints `on (<level>: <reason>)`, `waived (<level>: <reason>)` or `off (project config
qa.gate: off)`; the story's word beats its epic's, the epic's the project's, the
project's the config, and silence inherits (default: on). on/off record who, when and why
(--reason required); inherit clears the level's word. Turning gating on for stories that were
not gated backfills each already-done one without a pass or waived verdict as waived
("finished before gating"), one `backfilled K as waived (finished before gating)` line each;
the new mode is printed last.
status prints one tab-separated line per story (see qa_gating.status).
lint prints one line per finding (QG1 deadlock, QG2 cycle, QG3 budget spent, QG4 never ready),
or `QA gating lint: OK (N stories)`.

Exit codes: 0 done / lint clean; 1 lint found something, or a refusal (no --reason, bad key);
2 usage, or (status, lint) no gaia project there (no `.gaia/` directory).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import group, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.qa_gating import board, lint, mode, status

PROG = "qa-gate"


@group(PROG, doc=__doc__, usage_code=2)
def cli() -> None:
    """QA gating: mode, settings, status and lint."""


def _sub(name: str) -> Callable[[Callable[..., int]], click.Command]:
    decorator: Callable[[Callable[..., int]], click.Command] = cli.command(name)
    return decorator


@_sub("mode")
@click.option("--epic", help="The epic's mode (an epic of this project).")
@click.option("--story", help="The story's mode (a story of this project).")
def mode_cmd(epic: str | None, story: str | None) -> int:
    """Which mode applies (no option: the project's), and which level said so."""
    if epic and story:
        raise UsageError("give --epic or --story, not both", 2)
    project = paths.project_dir()
    # a typo must not be answered with the default, as if that story or epic were gated
    story = board.known_story(project, story) if story is not None else None
    epic = board.known_epic(project, epic) if epic is not None else None
    print(mode.resolve(project, story=story, epic=epic).describe())
    return 0


def _set(setting: str, story: str | None, epic: str | None, project_level: bool,
         reason: str | None) -> int:
    chosen = [name for name, given in (("story", story), ("epic", epic),
                                       ("project", project_level)) if given]
    if len(chosen) != 1:
        raise UsageError("give exactly one of --story K, --epic E, --project", 2)
    level = chosen[0]
    change = mode.set_mode(paths.project_dir(), level, mode.target_of(level, story, epic),
                           setting, reason)
    for key in change.backfilled:
        print(f"backfilled {key} as waived ({mode.BACKFILL_REASON})")
    print(change.after.describe())
    return 0


def _setting(name: str) -> None:
    @_sub(name)
    @click.option("--story")
    @click.option("--epic")
    @click.option("--project", "project_level", is_flag=True)
    @click.option("--reason")
    def setter(story: str | None, epic: str | None, project_level: bool,
               reason: str | None) -> int:
        return _set(name, story, epic, project_level, reason)


for _name in mode.SETTINGS:
    _setting(_name)


def _board_project(explicit: str | None) -> Path:
    """The project whose board is read: one with a `.gaia/` directory (a CI job in the wrong
    directory must fail, not lint an empty board clean)."""
    project = paths.project_dir(explicit)
    if not paths.gaia_dir(project).is_dir():
        raise UsageError(f"no gaia project at {project} (no .gaia/ directory): run it in the "
                         "project, pass --project DIR, or run `gaia init` first", 2)
    return project


@_sub("status")
@click.option("--epic")
@click.option("--project", "project_dir", metavar="DIR", help="The project (default: here).")
def status_cmd(epic: str | None, project_dir: str | None) -> int:
    for line in status.lines(_board_project(project_dir), epic):
        print(line)
    return 0


@_sub("lint")
@click.option("--project", "project_dir", metavar="DIR", help="The project (default: here).")
def lint_cmd(project_dir: str | None) -> int:
    project = _board_project(project_dir)
    findings = lint.lint(project)
    for finding in findings:
        print(finding.line())
    if not findings:
        print(f"QA gating lint: OK ({len(board.stories(project))} stories)")
    return 1 if findings else 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
