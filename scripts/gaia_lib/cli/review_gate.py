"""`gaia review-gate`: read and record a story's Review Gate and plan-scoped verdicts.

    gaia review-gate check             --story K
    gaia review-gate update            --story K --gate G --verdict V [--plan-id ID] [--ledger P]
                                       [--report P] [--execution-evidence P]
                                       [--report-missing-reason R] [--round N]
    gaia review-gate status            --story K [--gate G --plan-id ID]
    gaia review-gate review-gate-check --story K
    gaia review-gate history           --story K --gate G
    (--sprint ID instead of --story: key `sprint:ID`, plan id `<gate>-ID`, ledger only)

stdout: status prints one JSON line; review-gate-check the table, a blank line,
`Review Gate: COMPLETE|BLOCKED|PENDING` and the offending gates; history one
`round<TAB>verdict<TAB>report<TAB>recorded` line per round; the others print nothing.

Exit codes: 0 success (check: all six PASSED; review-gate-check: COMPLETE); 1 any error
(`review-gate: <message>`), check with a non-PASSED row (their names on stderr), or
review-gate-check BLOCKED; 2 review-gate-check PENDING.
"""

from __future__ import annotations

import datetime
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import group, run
from gaia_lib.core import keys, paths
from gaia_lib.core.errors import InvalidInput, UsageError
from gaia_lib.gate import ledger
from gaia_lib.gate import table as gate
from gaia_lib.qa_gating import verdicts

PROG = "review-gate"
USAGE = (
    "usage: gaia review-gate {check|update|status|review-gate-check|history} "
    "(--story K | --sprint ID) [--gate G] [--verdict V] [--plan-id ID] [--ledger P] "
    "[--report P] [--execution-evidence P] [--report-missing-reason R] [--round N]"
)
# Every subcommand accepts every flag (upstream parses them all before dispatching).
FLAGS = ("--story", "--sprint", "--gate", "--verdict", "--plan-id", "--ledger", "--report",
         "--execution-evidence", "--report-missing-reason", "--round")


class Args:
    """The flags, as one object: each subcommand reads its own subset."""

    def __init__(self, flags: dict[str, str | None]) -> None:
        self.story = flags["story"]
        self.sprint = flags["sprint"]
        self.gate = flags["gate"]
        self.verdict = flags["verdict"]
        self.plan_id = flags["plan_id"]
        self.ledger = flags["ledger"]
        self.report = flags["report"]
        self.execution_evidence = flags["execution_evidence"]
        self.report_missing_reason = flags["report_missing_reason"]
        self.round = flags["round"]


@group(PROG, doc=__doc__, usage_code=1, upstream="review-gate.sh", usage=USAGE, missing=USAGE,
       unknown="unknown subcommand: {name}")
def cli() -> None:
    """The subcommands do the work."""


def _subcommand(name: str, summary: str) -> None:
    def callback(**flags: str | None) -> int:
        return _run(name, Args(flags))

    for flag in reversed(FLAGS):
        callback = click.option(flag, metavar=flag[2:].upper().replace("-", "_"))(callback)
    cli.command(name, help=summary)(callback)


def _round(raw: str | None, verdict: str) -> int | None:
    if raw is None:
        return None
    if verdict == gate.UNVERIFIED:
        raise InvalidInput(
            "--round is refused with UNVERIFIED: a round is a review that happened", 1
        )
    if not raw.isdigit() or int(raw) < 1 or len(raw) > 9:
        raise InvalidInput(f"invalid --round '{raw[:20]}' (a positive integer)", 1)
    return int(raw)


def _today() -> str:
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


def _run(sub: str, args: Args) -> int:
    project = paths.project_dir()
    plan_id = gate.check_plan_id(args.plan_id) if args.plan_id is not None else None

    story_path: Path | None = None
    if not args.story and args.sprint:
        key = f"sprint:{gate.check_plan_id(args.sprint, '--sprint')}"
        if not plan_id and args.gate:
            plan_id = f"{args.gate}-{args.sprint}"
    else:
        if not args.story:
            raise UsageError(f"{sub} requires --story <key> or --sprint <id>", 1)
        key = keys.story_key(args.story, 1)
        story_path = gate.find_gate_story(project, key)

    if sub == "check":
        if story_path is None:
            raise UsageError("check subcommand requires a story file; --sprint-scoped checks "
                             "should query the ledger via status", 1)
        bad = [r.name for r in gate.load_rows(story_path) if r.status != gate.PASSED]
        for name in bad:
            print(name, file=sys.stderr)
        return 1 if bad else 0

    if sub == "review-gate-check":
        if story_path is None:
            raise UsageError("review-gate-check requires a story file; --sprint-scoped "
                             "composite checks are not defined", 1)
        rows = gate.load_rows(story_path)
        text, code = gate.render_check(rows, gate.unrecorded_passes(project, key, rows))
        sys.stdout.write(text)
        return code

    if sub == "status":
        if args.gate and plan_id:
            verdict = ledger.read_verdict(ledger.ledger_for(project, args.ledger), key, args.gate,
                                          plan_id)
            record = {"story": key, "gate": args.gate, "plan_id": plan_id, "verdict": verdict}
            print(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
            return 0
        if story_path is None:
            raise UsageError("status with --sprint requires --gate <name>", 1)
        print(gate.status_json(key, gate.load_rows(story_path)))
        return 0

    if not args.gate:
        raise UsageError(f"{sub} requires --gate <name>", 1)
    if sub == "history":
        # Rounds are kept per (story, gate) across plan ids: no --plan-id needed to read them.
        gate.check_gate(args.gate, plan_id or "-")
        sys.stdout.write(ledger.format_history(ledger.history(project, key, args.gate)))
        return 0
    gate.check_gate(args.gate, plan_id)

    if not args.verdict:
        raise UsageError("update requires --verdict <PASSED|FAILED|UNVERIFIED>", 1)
    gate.check_verdict(args.verdict)
    round_number = _round(args.round, args.verdict)
    if gate.proof_required(plan_id):
        gate.check_proof(args.gate, args.verdict, args.report, args.execution_evidence,
                         args.report_missing_reason)
    cell = gate.report_cell(args.report, project)
    if plan_id:
        gate.record_plan_verdict(
            project, ledger.ledger_for(project, args.ledger), key, args.gate, plan_id,
            args.verdict, report=cell.replace("\\|", "|"), recorded=_today(),
            round_number=round_number,
        )
    else:
        assert story_path is not None  # a story key always resolves to a file above
        qa_round = args.gate == verdicts.QA_GATE  # QA rounds: test-status.md + ledger together
        gate.record_table_verdict(project, story_path, key, args.gate, args.verdict, cell,
                                  recorded=_today(), round_number=round_number,
                                  record_round=not qa_round)
        if qa_round and args.verdict != gate.UNVERIFIED:
            plain = cell.replace("\\|", "|")
            verdicts.record_gate_verdict(project, key, args.verdict,
                                         None if plain == gate.NO_REPORT else plain,
                                         round_number=round_number)
    return 0


for _name, _summary in (
    ("check", "Exit 0 when all six Review Gate rows are PASSED (the others on stderr)."),
    ("update", "Record a verdict in the table, or in the ledger with --plan-id/--sprint."),
    ("status", "Print the gate rows (or one plan verdict) as one JSON line."),
    ("review-gate-check", "Print the table and the composite: COMPLETE, BLOCKED or PENDING."),
    ("history", "Print the rounds recorded for one gate."),
):
    _subcommand(_name, _summary)


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
