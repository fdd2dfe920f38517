"""`gaia sprint-state`: read, check and transition sprint-status.yaml (upstream contract).

  get --story K                     print the story file's status
  validate --story K                exit 1 when story file and sprint-status.yaml disagree
  transition --story K --to S       story transition (same writer as transition-story-status;
                                    the sprint-status.yaml entry must exist)
  transition --sprint ID --to S     sprint-level: planned→active, active→review (all stories
                                    done), review→closed (Val sentinel), review→correction,
                                    correction→active
  reconcile [--dry-run]             rewrite yaml statuses from the story files (stdout
                                    `RECONCILE: ...` lines and a summary)
  lint-dependencies [--format json|text] [--sprint-id ID]
                                    dependency inversions in sprint order (read-only)
  override --story K --reason R     record a dependency-check override (dev-story
                                    --bypass-deps) in .gaia/state/dependency-overrides.jsonl
                                    and print the recorded JSON line
  check-deps <story_path>           every depends_on story must be done, and not held by
                                    its QA verdict (fail or pending, gating on)

Exit codes: 0 success; 1 error (usage, missing file, illegal transition, lock, drift in
validate); 2 reconcile --dry-run found drift, or lint-dependencies found inversions.
check-deps keeps its own codes: 0 all done, 1 some not done or held by QA, 2 a dependency is
missing, 64 usage.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import Choice, group, run
from gaia_lib.core import paths
from gaia_lib.core.errors import GaiaError, UsageError
from gaia_lib.qa_gating import holds, transition
from gaia_lib.story import sprint

PROG = "sprint-state"
EXIT_DEPS_USAGE = 64


def _as_exit_1(error: GaiaError) -> GaiaError:
    """sprint-state reports every failure as exit 1 (its upstream contract)."""
    error.exit_code = 1
    return error


def _transition_story(project: Path, key: str, to: str) -> int:
    request = transition.Request(key=key, to=to, require_sprint_entry=True)
    try:
        result = transition.transition_story(project, request)
    except GaiaError as exc:
        raise _as_exit_1(exc) from None
    for note in result.notes:
        print(f"{PROG}: {note}", file=sys.stderr)
    if result.noop:
        raise GaiaError(f"story {result.key} is already in state '{result.to_state}'")
    print(f"{PROG}: {result.key} transitioned {result.from_state} -> {result.to_state}")
    return 0


def _check_deps(project: Path, raw_path: str) -> int:
    story = sprint.story_arg(raw_path, EXIT_DEPS_USAGE)
    result = sprint.check_deps(project, story, qa_hold=holds.QaHolds(project))
    if result.missing:
        print(f"{PROG}: missing dependency story file(s):", file=sys.stderr)
        for key in result.missing:
            print(f"{PROG}:   {key}: no story file", file=sys.stderr)
    elif result.not_done:
        print(f"{PROG}: dependencies not in status: done", file=sys.stderr)
        for key, status in result.not_done:
            print(f"{PROG}:   {key}: {status}", file=sys.stderr)
    if result.held and not result.missing:
        print(f"{PROG}: dependencies held by QA gating:", file=sys.stderr)
        for key, hold in result.held:
            print(f"{PROG}:   {key}: {hold}", file=sys.stderr)
    return result.exit_code


@group(PROG, doc=__doc__, usage_code=1, upstream="sprint-state.sh")
def cli() -> None:
    """The subcommands do the work."""


STORY = click.option("--story", required=True, metavar="K", help="The story key.")


@cli.command("get", help="Print the story file's status.")
@STORY
def get(story: str) -> int:
    print(sprint.story_status(paths.project_dir(), story))
    return 0


@cli.command("validate", help="Exit 1 when the story file and sprint-status.yaml disagree.")
@STORY
def validate(story: str) -> int:
    sprint.validate(paths.project_dir(), story)
    return 0


@cli.command("transition", help="Transition a story (--story) or the sprint (--sprint).")
@click.option("--story", metavar="K", help="The story key.")
@click.option("--sprint", "sprint_id", metavar="ID", help="The sprint id.")
@click.option("--to", required=True, metavar="STATE", help="The new state.")
def transition_cmd(story: str | None, sprint_id: str | None, to: str) -> int:
    if story is None and sprint_id is None:
        raise UsageError("one of the arguments --story --sprint is required", 1)
    if story is not None and sprint_id is not None:
        raise UsageError("argument --sprint: not allowed with argument --story", 1)
    project = paths.project_dir()
    if story is not None:
        return _transition_story(project, story, to)
    assert sprint_id is not None
    before, after = sprint.transition_sprint(project, sprint_id, to)
    print(f"{PROG}: sprint {sprint_id} transitioned {before} -> {after}", file=sys.stderr)
    return 0


@cli.command("reconcile", help="Rewrite sprint-status.yaml statuses from the story files.")
@click.option("--dry-run", is_flag=True, help="Report the drift; change nothing (exit 2).")
@click.option("--sprint-id", metavar="ID", help="The sprint id (checked).")
def reconcile(dry_run: bool, sprint_id: str | None) -> int:
    if sprint_id is not None:
        sprint.sprint_id_arg(sprint_id)
    report = sprint.reconcile(paths.project_dir(), dry_run=dry_run)
    for line in report.lines:
        print(line)
    print(report.summary())
    for message in report.errors:
        print(f"{PROG}: {message}", file=sys.stderr)
    return report.exit_code


@cli.command("lint-dependencies", help="Dependency inversions in sprint order (read-only).")
@click.option("--sprint-id", metavar="ID", help="The sprint id.")
@click.option("--format", "fmt", type=Choice(("json", "text")), default="json",
              help="json (default) or text.")
def lint_dependencies(sprint_id: str | None, fmt: str) -> int:
    lint = sprint.lint_dependencies(paths.project_dir(), sprint_id)
    print(lint.as_json() if fmt == "json" else lint.as_text(), end="")
    return 2 if lint.inversions else 0


@cli.command("override", help="Record a dependency-check override and print it.")
@STORY
@click.option("--reason", required=True, metavar="R", help="Why the check is bypassed.")
def override(story: str, reason: str) -> int:
    project = paths.project_dir()
    record = sprint.record_override(project, story, reason, qa_hold=holds.QaHolds(project))
    print(json.dumps(record, sort_keys=True, ensure_ascii=False))
    return 0


@cli.command("check-deps", usage_code=EXIT_DEPS_USAGE,
             help="Exit 0 when every depends_on story is done and not held by its QA verdict "
             "(upstream check-deps.sh).")
@click.argument("story_path")
def check_deps(story_path: str) -> int:
    return _check_deps(paths.project_dir(), story_path)


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
