"""`gaia review-qa`: the QA review of one story (seed 000), whole or phase by phase.

    gaia review-qa KEY [--project DIR] [--llm-findings FILE] [--format text|json]
                       [--full] [--context C] [--base BRANCH] [--no-cache]
    gaia review-qa setup KEY [--project DIR]
    gaia review-qa analyze KEY [--project DIR] [--full] [--context C] [--base BRANCH] [--no-cache]
    gaia review-qa finalize KEY [--project DIR] [--llm-findings FILE] [--payload FILE]

Exit codes of the whole review: 0 APPROVE, 1 REQUEST_CHANGES, 3 BLOCKED or no review possible
(story not found, ambiguous, not in `review`, malformed), 2 usage. The phase subcommands keep
upstream's codes: 0 done (finalize prints the verdict), 1 not found / wrong status / bad input,
2 usage or ambiguous key.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from gaia_lib.cli.util import ArgParser, entry
from gaia_lib.core import paths
from gaia_lib.core.errors import GaiaError, UsageError
from gaia_lib.review_qa import context
from gaia_lib.review_qa import phases as review_qa

PROG = "review-qa"
PHASES = ("setup", "analyze", "finalize")
EXIT_NO_REVIEW = 3


def _parser(phase: str | None) -> ArgParser:
    parser = ArgParser(f"gaia {PROG}" + (f" {phase}" if phase else ""), usage_code=2)
    parser.add_argument("key", nargs="?")
    parser.add_argument("--project", help="project directory (default: the current project)")
    if phase in (None, "analyze"):
        parser.add_argument("--full", action="store_true", help="scan the whole project")
        parser.add_argument("--context", help="execution context (default GAIA_EXECUTION_CONTEXT)")
        parser.add_argument("--base", help="base branch for the File List diff")
        parser.add_argument("--no-cache", action="store_true")
    if phase in (None, "finalize"):
        parser.add_argument("--llm-findings", type=Path, help="the fork's findings JSON")
    if phase == "finalize":
        parser.add_argument("--payload", type=Path, help="the fork's rendered report payload")
    if phase is None:
        parser.add_argument("--format", choices=("text", "json"), default="text")
    return parser


def run(argv: Sequence[str]) -> int:
    phase = argv[0] if argv and argv[0] in PHASES else None
    args = _parser(phase).parse_args(list(argv[1:] if phase else argv))
    if not args.key:
        raise UsageError("usage: /gaia-review-qa [story-key]", 2)
    project = paths.project_dir(args.project)
    if phase == "setup":
        setup = context.setup(project, args.key)
        review_qa.start_round(setup)
        print(json.dumps(setup.summary(), indent=2, sort_keys=True))
        return 0
    if phase == "analyze":
        setup = context.setup(project, args.key)
        result = review_qa.analyze(setup, full=args.full, base=args.base, context=args.context,
                                   use_cache=not args.no_cache)
        print(json.dumps({
            "analysis_results": str(result.analysis_path),
            "execution_evidence": str(result.evidence_path) if result.evidence_path.is_file()
            else None,
            "cached": result.cached,
            "coverage_percent": result.results["coverage"]["percent"],
            "uncovered": [e["ac_id"] for e in result.results["coverage"]["per_ac"]
                          if not e["matched"]],
            "test_cases": len(result.test_cases),
        }, indent=2, sort_keys=True))
        return 0
    if phase == "finalize":
        setup = context.setup(project, args.key)
        payload = args.payload.read_text(encoding="utf-8") if args.payload else None
        outcome = review_qa.finalize(setup, llm_findings=args.llm_findings, payload=payload)
        _print_text(setup.key, outcome)
        return 0
    try:
        setup, _, outcome = review_qa.run(
            project, args.key, llm_findings=args.llm_findings, full=args.full,
            context=args.context, base=args.base, use_cache=not args.no_cache,
        )
    except UsageError:
        raise
    except GaiaError as exc:
        raise GaiaError(exc.message, EXIT_NO_REVIEW) from None
    if args.format == "json":
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
        }, indent=2, sort_keys=True))
    else:
        _print_text(setup.key, outcome)
    return outcome.exit_code


def _print_text(key: str, outcome: review_qa.Outcome) -> None:
    print(f"QA review {key}: {outcome.verdict}")
    print(f"report: {outcome.report_path}")
    print(f"gate: QA Tests -> {outcome.gate_verdict} (Review Gate: {outcome.composite})")
    print(f"reason: {outcome.reason}")
    if outcome.gate_note:
        print(f"note: {outcome.gate_note}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    return entry(PROG, run, argv)
