"""`gaia append-val-iteration`: record one iteration of a Val auto-fix loop.

    gaia append-val-iteration --skill S --step N --iteration K --token-estimate N|null
        --revalidation-outcome clean|info_only|findings_present|val_invocation_failed
        --findings-json JSON [--fix-summary T] [--user-decision continue|accept-as-is|abort]
        [--event-type yolo_hard_gate_violation] [--post-escape true|false] [--paths P...]
        [--yolo true|false] [--story K --loop yolo-plan|tdd-val]

Appends the iteration (with the YOLO flag and the findings hash) to the skill's newest
checkpoint history and writes it as a new write-checkpoint snapshot; stdout: its path. With
--story/--loop the findings are also appended to `.gaia/memory/checkpoints/K-<loop>-findings.md`
(never truncated). Iterations are 1..3. stderr notes a stall (same findings hash as the
previous iteration).

Exit codes: 0 recorded; 1 validation (a 4th iteration included); 2 environment; 3 I/O; 4 the
3rd iteration still has findings: recorded, then `HALT: … see <audit file>`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from gaia_lib.cli.command import command, run
from gaia_lib.core import paths
from gaia_lib.core.errors import UsageError
from gaia_lib.dev_story import val_iteration

PROG = "append-val-iteration"
BOOL = click.Choice(("true", "false"))


@command(PROG, doc=__doc__, usage_code=1, upstream="append-val-iteration.sh")
@click.option("--skill", required=True)
@click.option("--step", required=True)
@click.option("--iteration", required=True)
@click.option("--token-estimate", required=True, metavar="N|null")
@click.option("--revalidation-outcome", required=True)
@click.option("--findings-json", required=True, metavar="JSON")
@click.option("--fix-summary")
@click.option("--user-decision")
@click.option("--event-type")
@click.option("--post-escape", type=BOOL)
@click.option("--paths", "paths_", multiple=True, metavar="P")
@click.option("--yolo", type=BOOL, default="false")
@click.option("--story", metavar="KEY")
@click.option("--loop", metavar="yolo-plan|tdd-val")
def cli(skill: str, step: str, iteration: str, token_estimate: str, revalidation_outcome: str,
        findings_json: str, fix_summary: str | None, user_decision: str | None,
        event_type: str | None, post_escape: str | None, paths_: tuple[str, ...], yolo: str,
        story: str | None, loop: str | None) -> int:
    def integer(flag: str, raw: str) -> int:
        if not raw.isascii() or not raw.isdigit():
            raise UsageError(f"{flag} must be a non-negative integer (got {raw[:20]!r})", 1)
        return int(raw)

    unknown = token_estimate == "null"  # noqa: S105 - upstream's literal, not a secret
    estimate = None if unknown else integer("--token-estimate", token_estimate)
    it = val_iteration.Iteration(
        skill=skill, step=integer("--step", step), iteration=integer("--iteration", iteration),
        token_estimate=estimate, outcome=revalidation_outcome,
        findings=val_iteration.parse_findings(findings_json), fix_summary=fix_summary,
        user_decision=user_decision, event_type=event_type,
        post_escape=None if post_escape is None else post_escape == "true",
        yolo=yolo == "true", story=story, loop=loop)
    done = val_iteration.record(paths.project_dir(), it, paths_)
    print(done.snapshot)
    if done.stalled:
        print(f"{PROG}: stall: findings unchanged since the previous iteration "
              f"({done.findings_hash})", file=sys.stderr)
    if done.halted:
        where = done.audit or done.snapshot
        print(f"HALT: Val loop reached its {val_iteration.CAP}-iteration cap with findings "
              f"remaining — see {where}", file=sys.stderr)
        return val_iteration.EXIT_CAP
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
