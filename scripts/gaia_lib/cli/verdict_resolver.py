"""`gaia verdict-resolver`: print the review verdict computed from the evidence files.

    gaia verdict-resolver [--skill N] --analysis-results P --llm-findings P
                          [--execution-evidence P] [--coverage-delta P] [--explain]
    gaia verdict-resolver --action-mode --analysis-results P [--coverage-delta P] [--explain]

stdout: exactly one of APPROVE | REQUEST_CHANGES | BLOCKED, and nothing on stderr, so scripts
that capture `2>&1` read one word. With --explain, stderr says `skill=N` when given, then one
line naming the rule that decided. A verdict is data, not an exit code.

Exit codes: 0 a verdict was printed (including BLOCKED); 1 caller error (flags).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core.errors import UsageError
from gaia_lib.gate import verdict

PROG = "verdict-resolver"


@command(PROG, doc=__doc__, usage_code=1, upstream="verdict-resolver.sh")
@click.option("--skill", help="Producing skill (logged on stderr only).")
@click.option("--analysis-results", "--analysis", "analysis", metavar="PATH",
              help="analysis-results.json (required).")
@click.option("--llm-findings", metavar="PATH", help="The model's findings JSON (review mode).")
@click.option("--execution-evidence", metavar="PATH", help="execution-evidence.json.")
@click.option("--coverage-delta", metavar="PATH", help="coverage-delta JSON.")
@click.option("--action-mode", is_flag=True, help="Test-automate execution outcome flags.")
@click.option("--explain", is_flag=True, help="Name the deciding rule on stderr.")
def cli(skill: str | None, analysis: str | None, llm_findings: str | None,
        execution_evidence: str | None, coverage_delta: str | None, action_mode: bool,
        explain: bool) -> int:
    if not analysis:
        raise UsageError("missing required --analysis-results <path>", 1)
    if not action_mode and not llm_findings:
        raise UsageError("missing required --llm-findings <path>", 1)
    if skill and explain:
        print(f"{PROG}: skill={skill}", file=sys.stderr)

    def document(path: str | None) -> verdict.Document | None:
        return verdict.read_document(path) if path else None

    result = verdict.resolve(
        verdict.read_document(analysis),
        None if action_mode else document(llm_findings),
        None if action_mode else document(execution_evidence),
        document(coverage_delta),  # action mode too: seed 001's coverage-delta gate
        action_mode=action_mode,
    )
    if explain:
        print(f"{PROG}: {result.reason}", file=sys.stderr)
    print(result.verdict)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
