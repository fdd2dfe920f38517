"""`gaia sprint-state <subcommand>`: sprint-status.yaml reads, checks and transitions.

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
  check-deps <story_path>           every depends_on story must be done

Exit codes: 0 success; 1 error (usage, missing file, illegal transition, lock, drift in
validate); 2 reconcile --dry-run found drift, or lint-dependencies found inversions.
check-deps keeps its own codes: 0 all done, 1 some not done, 2 a dependency is missing,
64 usage.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from gaia_lib.cli.util import ArgParser, entry
from gaia_lib.core import paths
from gaia_lib.core.errors import GaiaError, MalformedFile, UsageError
from gaia_lib.qa_gating import transition
from gaia_lib.story import sprint
from gaia_lib.story.parser import load_story

PROG = "sprint-state"
EXIT_DEPS_USAGE = 64


def _parser() -> ArgParser:
    parser = ArgParser(PROG, usage_code=1, description="Sprint state: read, check, transition.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=ArgParser)
    for name in ("get", "validate"):
        p = sub.add_parser(name, usage_code=1)
        p.add_argument("--story", required=True)
    p = sub.add_parser("transition", usage_code=1)
    target = p.add_mutually_exclusive_group(required=True)
    target.add_argument("--story")
    target.add_argument("--sprint")
    p.add_argument("--to", required=True)
    p = sub.add_parser("reconcile", usage_code=1)
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--sprint-id")
    p = sub.add_parser("lint-dependencies", usage_code=1)
    p.add_argument("--sprint-id")
    p.add_argument("--format", choices=("json", "text"), default="json")
    p = sub.add_parser("override", usage_code=1)
    p.add_argument("--story", required=True)
    p.add_argument("--reason", required=True)
    p = sub.add_parser("check-deps", usage_code=EXIT_DEPS_USAGE)
    p.add_argument("story_path")
    return parser


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
    path = Path(raw_path)
    if not path.is_file():
        raise UsageError(f"story file not found: {raw_path}", EXIT_DEPS_USAGE)
    try:
        story = load_story(path, EXIT_DEPS_USAGE)
    except MalformedFile as exc:
        raise UsageError(f"cannot parse {raw_path}: {exc.message}", EXIT_DEPS_USAGE) from None
    result = sprint.check_deps(project, story)
    if result.missing:
        print(f"{PROG}: missing dependency story file(s):", file=sys.stderr)
        for key in result.missing:
            print(f"{PROG}:   {key}: no story file", file=sys.stderr)
    elif result.not_done:
        print(f"{PROG}: dependencies not in status: done", file=sys.stderr)
        for key, status in result.not_done:
            print(f"{PROG}:   {key}: {status}", file=sys.stderr)
    return result.exit_code


def run(argv: Sequence[str]) -> int:
    args = _parser().parse_args(argv)
    project = paths.project_dir()
    command = args.command
    if command == "get":
        print(sprint.story_status(project, args.story))
        return 0
    if command == "validate":
        sprint.validate(project, args.story)
        return 0
    if command == "transition":
        if args.story is not None:
            return _transition_story(project, args.story, args.to)
        before, after = sprint.transition_sprint(project, args.sprint, args.to)
        print(f"{PROG}: sprint {args.sprint} transitioned {before} -> {after}", file=sys.stderr)
        return 0
    if command == "reconcile":
        if args.sprint_id is not None:
            sprint.sprint_id_arg(args.sprint_id)
        report = sprint.reconcile(project, dry_run=args.dry_run)
        for line in report.lines:
            print(line)
        print(report.summary())
        for message in report.errors:
            print(f"{PROG}: {message}", file=sys.stderr)
        return report.exit_code
    if command == "lint-dependencies":
        lint = sprint.lint_dependencies(project, args.sprint_id)
        print(lint.as_json() if args.format == "json" else lint.as_text(), end="")
        return 2 if lint.inversions else 0
    if command == "override":
        record = sprint.record_override(project, args.story, args.reason)
        print(json.dumps(record, sort_keys=True, ensure_ascii=False))
        return 0
    return _check_deps(project, args.story_path)


def main(argv: Sequence[str] | None = None) -> int:
    return entry(PROG, run, argv)
