"""The execution phase's checks before any test is written (seed 001, execution steps 0-2).

Each check returns the HALT reasons it finds; an empty list means go. In order:
1. Triple-source verification. The plan's frontmatter must carry a plan_id that is the hash of
   its own content and an approval `verdict: PASSED` whose `verdict_plan_id` equals it
   (`plan_tamper_detected` otherwise); the plan-id ledger's LAST record for (story,
   test-automate-plan) must name the same plan_id with PASSED (`plan_id_mismatch`).
2. Drift: every analysed source is re-hashed; a source whose bytes changed or that vanished
   since planning is `plan_drift` (the plan was made for other code); so is a planned AC
   whose text changed or that the story no longer has (the tests were approved for what it
   said then).
3. Scope: every proposed test path must be project-relative, free of `..`, and inside an
   allowlisted tier directory (`target_path_out_of_scope`).
4. No clobbering: a proposed test path that already exists is `would_clobber_existing_test`
   (the execution phase adds tests; it never rewrites one a person wrote), unless it holds,
   byte for byte, the `--scaffold` skeleton of the story's AC it is planned for: a skeleton
   is there to be replaced by the real test. (A re-run of an execution that already passed
   this check is not checked again: `execute.setup` resumes it.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.evidence import allowlist
from gaia_lib.gate import ledger
from gaia_lib.test_automate.plan import GATE, Plan, ac_digest, digest, self_checks

PASSED = "PASSED"


@dataclass(frozen=True)
class Halt:
    reason: str
    detail: str

    def line(self) -> str:
        return f"HALT: {self.reason}: {self.detail}"


def verify_triple(plan: Plan, ledger_text: str) -> list[Halt]:
    halts = []
    if not self_checks(plan):
        halts.append(Halt("plan_tamper_detected",
                          f"plan_id {plan.plan_id or '(none)'} is not the hash of the plan"))
    elif plan.approval.verdict != PASSED or plan.approval.verdict_plan_id != plan.plan_id:
        approved_id = plan.approval.verdict_plan_id or "(no plan id)"
        halts.append(Halt("plan_tamper_detected",
                          f"approval is {plan.approval.verdict or 'absent'} for {approved_id}, "
                          f"plan is {plan.plan_id}"))
    last = ledger.last_record(ledger_text, plan.story_key, GATE)
    if last is None or last != (plan.plan_id, PASSED):
        shown = f"{last[0]} {last[1]}" if last else "no record"
        halts.append(Halt("plan_id_mismatch", f"ledger's last {GATE} record is {shown}"))
    return halts


def drift(project: Path, plan: Plan, criteria: Mapping[str, str] | None = None) -> list[Halt]:
    """`criteria`: the story's ACs now, id -> text (None: not checked)."""
    halts = []
    for source in plan.analyzed_sources:
        if digest(project, source.path) != source.sha256:
            halts.append(Halt("plan_drift", f"{source.path} changed since the plan was made"))
    for ac in plan.acceptance if criteria is not None else ():
        now = (criteria or {}).get(ac.path)
        if now is None or ac_digest(now) != ac.sha256:
            halts.append(Halt("plan_drift", f"{ac.path}'s text changed since the plan was made"
                              if now is not None else f"the story no longer has {ac.path}"))
    return halts


def scope(plan: Plan, dirs: Sequence[str]) -> list[Halt]:
    return [Halt("target_path_out_of_scope",
                 f"{t.test_file} is outside the tier directories ({', '.join(dirs) or 'none'})")
            for t in plan.proposed_tests if not allowlist.inside(t.test_file, list(dirs))]


def clobber(project: Path, plan: Plan,
            skeletons: Mapping[str, AbstractSet[bytes]] | None = None) -> list[Halt]:
    """`skeletons`: per planned AC, the texts of its `--scaffold` skeletons (any stack's)."""
    halts = []
    for test in plan.proposed_tests:
        path = project / test.test_file
        if not path.exists():
            continue
        replaceable = (skeletons or {}).get(test.ac, frozenset())
        if replaceable and path.is_file() and path.read_bytes() in replaceable:
            continue
        halts.append(Halt("would_clobber_existing_test", f"{test.test_file} already exists"))
    return halts


def preflight(project: Path, plan: Plan, ledger_text: str, dirs: Sequence[str]) -> list[Halt]:
    """Every HALT reason, in the order above; the first one is what the phase reports."""
    return [*verify_triple(plan, ledger_text), *drift(project, plan), *scope(plan, dirs),
            *clobber(project, plan)]
