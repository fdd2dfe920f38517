"""`gaia test-automate-plan`: /gaia-test-automate's planning phase and Approval Gate, by phase.

    gaia test-automate-plan setup KEY [--project DIR] [--yolo]
    gaia test-automate-plan analyze KEY [--project DIR] [--no-cache]
    gaia test-automate-plan verdict KEY [--project DIR] [--llm-findings FILE]
    gaia test-automate-plan finalize KEY [--project DIR] [--llm-findings FILE] [--payload FILE]
    gaia test-automate-plan present KEY [--project DIR]
    gaia test-automate-plan decide KEY --decision approve|reject|abort [--yolo] [--project DIR]

The phases are `gaia_lib.test_automate.steps`, which the skill's entry scripts run too
(`skills/gaia-test-automate/scripts/<phase>.py`; `present` and `decide` are `approve.py`). From a
terminal or CI, setup + analyze + finalize plan without a model (gaia's own proposal); present +
decide are the Approval Gate. stdout: setup and analyze print JSON; verdict one word (the
deciding rule on stderr); finalize the verdict, report, plan, plan_id, next and reason lines;
present the plan; decide the recorded decision (and, after an approval, the composite gate).

Exit codes: 0 done; 1 story not found, not in review, bad input or an Approval Gate HALT (plan or
story missing, plan_tamper_detected, BLOCKED plan, not presented); 2 usage or ambiguous key;
4 YOLO cannot auto-approve (no test-environment.yaml, or a path outside the tier allowlist).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from gaia_lib.cli.command import Choice, group, run
from gaia_lib.core import paths
from gaia_lib.core.steps import emit
from gaia_lib.test_automate import steps

PROG = "test-automate-plan"
PROJECT = click.option("--project", metavar="DIR", help="Project directory (default: current).")
FINDINGS = click.option("--llm-findings", type=click.Path(path_type=Path), metavar="FILE",
                        help="The fork's findings + plan JSON.")


@group(PROG, doc=__doc__, usage_code=2)
def cli() -> None:
    """The phases are subcommands."""


@cli.command("setup", help="Phase 1 and a clean run (prints the setup JSON).")
@click.argument("key")
@PROJECT
@click.option("--yolo", is_flag=True, help="The Approval Gate may auto-approve.")
def setup(key: str, project: str | None, yolo: bool) -> int:
    return emit(steps.setup(paths.project_dir(project), key, yolo=yolo))


@cli.command("analyze", help="Phases 2-3A: the evidence, under the fork write scope.")
@click.argument("key")
@PROJECT
@click.option("--no-cache", is_flag=True, help="Recompute the evidence.")
def analyze(key: str, project: str | None, no_cache: bool) -> int:
    return emit(steps.analyze(paths.project_dir(project), key, use_cache=not no_cache))


@cli.command("verdict", help="Phase 5: the resolver's verdict (writes nothing).")
@click.argument("key")
@PROJECT
@FINDINGS
def verdict(key: str, project: str | None, llm_findings: Path | None) -> int:
    return emit(steps.verdict(paths.project_dir(project), key, llm_findings=llm_findings))


@cli.command("finalize", help="Phases 6-7: the report and the plan file (no gate call).")
@click.argument("key")
@PROJECT
@FINDINGS
@click.option("--payload", type=click.Path(path_type=Path), metavar="FILE",
              help="The fork's rendered report.")
def finalize(key: str, project: str | None, llm_findings: Path | None,
             payload: Path | None) -> int:
    return emit(steps.finalize(paths.project_dir(project), key, llm_findings=llm_findings,
                               payload=payload))


@cli.command("present", help="Approval Gate: show the plan and record the plan_id shown.")
@click.argument("key")
@PROJECT
def present(key: str, project: str | None) -> int:
    return emit(steps.present(paths.project_dir(project), key))


@cli.command("decide", help="Approval Gate: record approve / reject / abort.")
@click.argument("key")
@click.option("--decision", required=True, type=Choice(("approve", "reject", "abort")),
              help="approve (PASSED), reject (FAILED) or abort (nothing recorded).")
@click.option("--yolo", is_flag=True, help="Auto-approve inside the tier allowlist only.")
@PROJECT
def decide(key: str, decision: str, yolo: bool, project: str | None) -> int:
    return emit(steps.decide(paths.project_dir(project), key, decision, yolo=yolo))


def main(argv: Sequence[str] | None = None) -> int:
    return run(cli, argv)
