"""`gaia <command> ...`: the one click group, a command per upstream script name.

- Commands are registered by name in COMMANDS and imported only when called (or when `gaia help`
  lists them): a command that runs many times per session pays for its own imports only.
- `gaia help` (also `gaia --help`, `-h`) lists every command with its one-line summary;
  `gaia <command> --help` shows one; `gaia --version` prints `gaia <version>`.
- No arguments or an unknown command: one line on stderr, exit 2.
- Shell completion: `eval "$(_GAIA_COMPLETE=bash_source gaia)"` (zsh_source, fish_source too).
- `--version`, no arguments and an unknown command answer without importing click: they work
  (and are quick) even in an interpreter where only the standard library is importable.
"""

from __future__ import annotations

import os
import sys

from gaia_lib import __version__
from gaia_lib.core import regex_cache

# Every command starts here: stdlib-light on purpose (see bench/bench_cli.py).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import NoReturn

    import click

# Upstream script names keep their names; gaia's own commands follow.
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
    "story-parse": "story_parse",
    "load-story": "load_story",
    "detect-mode": "detect_mode",
    "check-deps": "check_deps",
    "atdd-gate": "atdd_gate",
    "validate-plan-structure": "validate_plan_structure",
    "write-val-envelope": "write_val_envelope",
    "assert-agent-envelope": "assert_agent_envelope",
    "append-val-iteration": "append_val_iteration",
    "tdd-review-gate": "tdd_review_gate",
    "conditional-check-hints": "conditional_check_hints",
    "dod-check": "dod_check",
    "emit-step-boundary": "emit_step_boundary",
    "init-review-gate": "init_review_gate",
    "cache-refresh-advisory": "cache_refresh_advisory",
    "orchestration-warning": "orchestration_warning",
    "skill-rename-preflight": "skill_rename_preflight",
    "story": "story",
    "hook": "hook",
    "review-qa": "review_qa",
    "qa-test-runner": "qa_test_runner",
    "qa-tc-generator": "qa_tc_generator",
    "init": "init",
    "test-automate": "test_automate",
    "test-automate-execute": "test_automate_execute",
    "test-automate-plan": "test_automate_plan",
    "coverage-delta": "coverage_delta",
    "test-env-allowlist": "test_env_allowlist",
    "update-status": "update_status",
    "tdd-evidence": "tdd_evidence",
    "statusline": "statusline",
    "step-timings": "step_timings",
    "placeholder-test-detector": "placeholder_test_detector",
    "git-branch": "git_branch",
    "promotion-chain-guard": "promotion_chain_guard",
    "commit-msg": "commit_msg",
    "git-push": "git_push",
    "forbidden-sentinel-scan": "forbidden_sentinel_scan",
    "pr-body": "pr_body",
    "pr-create": "pr_create",
    "ci-wait": "ci_wait",
    "merge": "merge",
    "verify-pr-merged": "verify_pr_merged",
    "qa-record": "qa_record",
    "qa-gate": "qa_gate",
    "close-epic": "close_epic",
}

# Commands that start work before their own module (and click) is imported: `cli.early`.
EARLY = frozenset({"review-qa"})
USAGE = "usage: gaia <command> [args...]   (gaia help lists the commands)"
COMPLETE_VAR = "_GAIA_COMPLETE"


def load(name: str) -> click.Command:
    """The click command registered as `name` (its module is imported now)."""
    module_name = f"gaia_lib.cli.{COMMANDS[name]}"
    __import__(module_name)  # importlib itself would cost an import on every call
    command: click.Command = sys.modules[module_name].cli
    return command


_GROUP: list[click.Group] = []


def group() -> click.Group:
    """The `gaia` click group (built on first use: click is imported here, not at start-up)."""
    if _GROUP:
        return _GROUP[0]
    import click

    from gaia_lib.cli.command import CONTEXT_SETTINGS

    class LazyGroup(click.Group):
        def list_commands(self, ctx: click.Context) -> list[str]:
            return sorted(COMMANDS)

        def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
            return load(cmd_name) if cmd_name in COMMANDS else None

    @click.group("gaia", cls=LazyGroup, context_settings=CONTEXT_SETTINGS,
                 help="The GAIA story workflow's commands. `gaia <command> --help` shows one.")
    @click.version_option(__version__, "--version", prog_name="gaia",
                          message="%(prog)s %(version)s")
    def gaia() -> None:
        """The group itself does nothing: every command is its own."""

    _GROUP.append(gaia)
    return gaia


def help_text() -> str:
    """What `gaia help` prints: every command with its one-line summary."""
    import click

    from gaia_lib.cli.command import CONTEXT_SETTINGS

    with click.Context(group(), info_name="gaia", **CONTEXT_SETTINGS) as ctx:
        return group().get_help(ctx)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if COMPLETE_VAR in os.environ:  # the shell asks for completions: click answers and exits
        group().main(args=args, prog_name="gaia", complete_var=COMPLETE_VAR)
    if not args:
        print(USAGE, file=sys.stderr)
        return 2
    name, rest = args[0], args[1:]
    if name in ("help", "-h", "--help"):
        print(help_text())
        return 0
    if name in ("--version", "version"):
        print(f"gaia {__version__}")
        return 0
    if name not in COMMANDS:
        print(f"gaia: unknown command '{name}' (gaia help lists the commands)", file=sys.stderr)
        return 2
    # Dispatch ourselves rather than through gaia.main: errors then name the command
    # (`verdict-resolver: ...`) and exit with its own usage code.
    if name in EARLY:
        from gaia_lib.cli import early

        with early.started(name, rest):
            # before the command's rules are imported: their patterns compiled by an earlier
            # review are taken as it compiled them (`core.regex_cache`)
            regex_cache.load()
            return _run(name, rest)
    return _run(name, rest)


def _run(name: str, rest: list[str]) -> int:
    from gaia_lib.cli.command import run

    return run(load(name), rest, prog=name)


def exit_process(code: int) -> NoReturn:
    """End the process with `code`, as an entry script does, without the interpreter's
    teardown: after a review, freeing every module and object one by one takes about 0.07 s
    that nobody waits for. What a process owes before it ends still happens: the exit functions
    (a coverage measurement of this process saves its data in one) and the output's flush.
    Where that cannot be done as usual (another thread still running, output that cannot be
    flushed), the usual exit runs instead."""
    import atexit
    import threading

    regex_cache.keep()
    if threading.active_count() == 1:
        atexit._run_exitfuncs()
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BrokenPipeError:
            os._exit(reader_gone())
        except (OSError, ValueError):
            pass  # the usual exit reports it and sets its status
        else:
            os._exit(code)
    raise SystemExit(code)


def run_process() -> NoReturn:
    """An entry script's whole run (`bin/gaia`, `python -m gaia_lib`): `main` on the
    process's arguments, ended by `exit_process`; a reader of its output that went away
    (`reader_gone`) ends it quietly."""
    try:
        status = main()
    except BrokenPipeError:
        status = reader_gone()
    exit_process(status)


# The status of a process a closed pipe stopped, as a shell reports one SIGPIPE killed
EXIT_PIPE_CLOSED = 128 + 13


def reader_gone() -> int:
    """What a command whose output's reader went away (`gaia help | head -1`) ends with:
    nothing more written to that pipe (its standard output pointed at /dev/null, so no
    flush at exit fails again), no traceback, and the status a shell gives a process SIGPIPE
    ends (`EXIT_PIPE_CLOSED`)."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)
    return EXIT_PIPE_CLOSED
