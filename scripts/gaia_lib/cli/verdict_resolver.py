"""`gaia verdict-resolver`: print the review verdict computed from the evidence files.

    gaia verdict-resolver [--skill N] --analysis-results P --llm-findings P
                          [--execution-evidence P] [--coverage-delta P]
    gaia verdict-resolver --action-mode --analysis-results P

stdout: exactly one of APPROVE | REQUEST_CHANGES | BLOCKED. stderr: `skill=N` when given, then
one line naming the rule that decided. A verdict is data, not an exit code.

Exit codes: 0 a verdict was printed (including BLOCKED); 1 caller error (flags).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from gaia_lib.cli.util import ArgParser, entry
from gaia_lib.core.errors import UsageError
from gaia_lib.gate import verdict

PROG = "verdict-resolver"


def _parser() -> ArgParser:
    parser = ArgParser(PROG, usage_code=1, description="Resolve a review verdict.")
    parser.add_argument("--skill", help="producing skill (logged only)")
    parser.add_argument("--analysis-results", "--analysis", dest="analysis", metavar="PATH")
    parser.add_argument("--llm-findings", metavar="PATH")
    parser.add_argument("--execution-evidence", metavar="PATH")
    parser.add_argument("--coverage-delta", metavar="PATH")
    parser.add_argument("--action-mode", action="store_true")
    return parser


def run(argv: Sequence[str]) -> int:
    args = _parser().parse_args(argv)
    if not args.analysis:
        raise UsageError("missing required --analysis-results <path>", 1)
    if not args.action_mode and not args.llm_findings:
        raise UsageError("missing required --llm-findings <path>", 1)
    if args.skill:
        print(f"{PROG}: skill={args.skill}", file=sys.stderr)

    def document(path: str | None) -> verdict.Document | None:
        return verdict.read_document(path) if path else None

    result = verdict.resolve(
        verdict.read_document(args.analysis),
        None if args.action_mode else document(args.llm_findings),
        None if args.action_mode else document(args.execution_evidence),
        None if args.action_mode else document(args.coverage_delta),
        action_mode=args.action_mode,
    )
    print(f"{PROG}: {result.reason}", file=sys.stderr)
    print(result.verdict)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return entry(PROG, run, argv)
