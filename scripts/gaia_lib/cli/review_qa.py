"""`gaia review-qa`: the QA review of one story (seed 000), whole or phase by phase.

    gaia review-qa [review] KEY [--project DIR] [--llm-findings FILE] [--format text|json]
                       [--full] [--context C] [--base BRANCH] [--no-cache]
    gaia review-qa setup KEY [--project DIR]
    gaia review-qa analyze KEY [--project DIR] [--full] [--context C] [--base BRANCH] [--no-cache]
    gaia review-qa verdict KEY [--project DIR] [--llm-findings FILE]
    gaia review-qa finalize KEY [--project DIR] [--llm-findings FILE] [--payload FILE]

The phases are `gaia_lib.review_qa.steps`, which the skill's entry scripts run too
(`skills/gaia-review-qa/scripts/<phase>.py`). `verdict` prints the resolver's verdict for the
story's current evidence (one word on stdout, the deciding rule on stderr) and writes nothing
but a missing analysis.

Exit codes of the whole review: 0 APPROVE, 1 REQUEST_CHANGES, 3 BLOCKED or no review possible
(story not found, ambiguous, not in `review`, malformed), 2 usage (a missing or invalid key, a
`--base` git has no commit of).
The phase subcommands keep upstream's codes: 0 done (finalize prints the verdict), 1 not found
/ wrong status / bad input (an invalid key too), 2 usage or ambiguous key.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from gaia_lib.cli.command import Choice, group, run
from gaia_lib.core import keys, paths
from gaia_lib.core.config import CONTEXTS, normalise_context
from gaia_lib.core.errors import GaiaError, UsageError, refused_write
from gaia_lib.evidence import head_start
from gaia_lib.review_qa import steps

if TYPE_CHECKING:
    from gaia_lib.review_qa.phases import Outcome

PROG = "review-qa"
EXIT_NO_REVIEW = 3
F = TypeVar("F", bound=Callable[..., Any])
WHOLE = "review"  # the subcommand `gaia review-qa KEY` runs (first argument not a phase)


def _options(*names: str) -> Callable[[F], F]:
    """The flags each form takes, declared once."""
    declared: dict[str, Callable[[F], F]] = {
        "project": click.option("--project", metavar="DIR",
                                help="Project directory (default: the current one)."),
        "full": click.option("--full", is_flag=True, help="Scan the whole project."),
        "context": click.option("--context", metavar="C",
                                help="Execution context (default GAIA_EXECUTION_CONTEXT)."),
        "base": click.option("--base", metavar="BRANCH",
                             help="Base branch of the File List diff and the round-coverage "
                             "check (one git has no commit of is refused)."),
        "no_cache": click.option("--no-cache", is_flag=True, help="Recompute the evidence."),
        "llm_findings": click.option("--llm-findings",
                                     type=click.Path(path_type=Path, exists=True,
                                                     dir_okay=False),
                                     metavar="FILE", help="The fork's findings JSON."),
        "payload": click.option("--payload", metavar="FILE",
                                type=click.Path(path_type=Path, exists=True, dir_okay=False),
                                help="The fork's rendered report payload."),
        "format": click.option("--format", "fmt", type=Choice(("text", "json")), default="text",
                               help="text (default) or json."),
    }

    def apply(func: F) -> F:
        func = click.argument("key", required=False)(func)
        for name in reversed(names):
            func = declared[name](func)
        return func

    return apply


def _context(context: str | None) -> None:
    """An unknown `--context` (or, without one, GAIA_EXECUTION_CONTEXT) is a usage error
    (2), before anything runs."""
    named, raw = ("--context", context) if context is not None else (
        "GAIA_EXECUTION_CONTEXT", os.environ.get("GAIA_EXECUTION_CONTEXT") or None)
    if raw is not None and normalise_context(raw) not in CONTEXTS:
        raise UsageError(f"{named}: unknown execution context '{raw[:40]}' (one of "
                         f"{', '.join(CONTEXTS)})", 2)


def _key(key: str | None) -> str:
    if not key:
        raise UsageError("usage: gaia review-qa STORY_KEY (in Claude Code: /gaia-review-qa "
                         "STORY_KEY)", 2)
    return key


@group(PROG, doc=__doc__, usage_code=2, default=WHOLE)
def cli() -> None:
    """`gaia review-qa KEY` runs the whole review; the phases are subcommands."""


@cli.command(WHOLE, help="The whole review (what `gaia review-qa KEY` runs).")
@_options("project", "llm_findings", "format", "full", "context", "base", "no_cache")
def whole(key: str | None, project: str | None, llm_findings: Path | None, fmt: str, full: bool,
          context: str | None, base: str | None, no_cache: bool) -> int:
    key = _key(key)
    _context(context)
    try:  # a key that is no story key is a usage error, as a missing one is
        keys.story_key(key, 2)
    except GaiaError as exc:
        raise UsageError(exc.message, 2) from None
    project_dir = paths.project_dir(project)
    # The run's Python starts first, and imports pytest while this one imports the review.
    with head_start.begin(project_dir) as head:
        from gaia_lib.review_qa import phases

        try:
            setup, analysis, outcome = phases.run(
                project_dir, key, llm_findings=llm_findings, full=full, context=context,
                base=base, use_cache=not no_cache, head=head,
            )
        except UsageError:
            raise
        except GaiaError as exc:
            raise GaiaError(exc.message, EXIT_NO_REVIEW) from None
        except OSError as exc:  # a read-only checkout: the review could not run
            raise refused_write(exc, EXIT_NO_REVIEW) or exc from None
    if fmt == "json":
        print(json.dumps({
            "story_key": setup.key,
            "verdict": outcome.verdict,
            "reason": outcome.reason,
            "report": str(outcome.report_path),
            "mirror": str(outcome.mirror_path),
            "gate_verdict": outcome.gate_verdict,
            "gate_note": outcome.gate_note,
            "composite": outcome.composite,
            "payload_complete": outcome.complete_payload,
            "round": outcome.round,
            "notes": list(outcome.notes),
            "summary": outcome.summary,
            # the analysis of unchanged inputs, served from the review's cache
            "analysis_cached": bool(analysis is not None and analysis.cached),
        }, indent=2, sort_keys=True))
    else:
        _print_text(setup.key, outcome)
    return outcome.exit_code


@cli.command("setup", help="Phase 1: story gate, stack, tool probe; opens the QA round.")
@_options("project")
def setup_cmd(key: str | None, project: str | None) -> int:
    return steps.emit(steps.setup(paths.project_dir(project), _key(key)))


@cli.command("analyze", help="Phase 3A/3A.1/3C: the evidence files (fork write scope).")
@_options("project", "full", "context", "base", "no_cache")
def analyze_cmd(key: str | None, project: str | None, full: bool, context: str | None,
                base: str | None, no_cache: bool) -> int:
    _context(context)
    return steps.emit(steps.analyze(paths.project_dir(project), _key(key), full=full, base=base,
                                    context_name=context, use_cache=not no_cache))


@cli.command("verdict", help="Phase 5: the resolver's verdict for the current evidence.")
@_options("project", "llm_findings")
def verdict_cmd(key: str | None, project: str | None, llm_findings: Path | None) -> int:
    return steps.emit(steps.verdict(paths.project_dir(project), _key(key),
                                    llm_findings=llm_findings))


@cli.command("finalize", help="Verdict, report, mirror, QA Tests gate row and round.")
@_options("project", "llm_findings", "payload")
def finalize_cmd(key: str | None, project: str | None, llm_findings: Path | None,
                 payload: Path | None) -> int:
    return steps.emit(steps.finalize(paths.project_dir(project), _key(key),
                                     llm_findings=llm_findings, payload=payload))


def _print_text(key: str, outcome: Outcome) -> None:
    steps.emit(steps.StepOutput(steps.outcome_text(key, outcome), 0,
                                steps.outcome_notes(outcome)))


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
