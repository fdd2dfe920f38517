"""The test-automate execution phase (seed 001, Phase 2): land an approved plan's tests.

Three steps, each a function that the entry scripts of `/gaia-test-automate-execute` and
`gaia test-automate-execute KEY <step>` both call (steps `preflight`, `verify`, `record`):

- `setup` (step `preflight`, before any test is written): the checks of `preflight.py` in
  their order (triple-source verification, drift, scope, no clobbering). Any HALT raises
  `Halted` (exit 1, `HALT: <reason>: <detail>`, the first reason; `(+N more)` counts the rest)
  and writes NOTHING. Otherwise the coverage command runs once (baseline), the run directory
  is reset and `setup.json` names the planned tests (path, AC and its text, name, tier,
  target, description) and the stack developer who writes them. A setup of a plan whose
  execution already began (its `setup.json` names the same plan_id: interrupted, or its
  tests to be fixed after a verify) resumes it: the checks but no-clobbering run again, and
  the recorded setup is returned as it is (`resumed: true`), baseline included. A baseline
  that fails (the coverage command exits non-zero or writes no report: its tool missing, the
  suite red) HALTs `coverage_baseline_failed` before any test is written (nothing is recorded
  but the failed run's output in the run directory), and a setup recorded with a failed
  baseline is measured again rather than resumed.
- `verify` (after the developer wrote the tests): the plan is re-verified (a plan or source
  changed since setup is a `blocking_failure`: plan_tamper / plan_drift /
  target_outside_allowlist), the planned files are inspected (`written.py`: missing,
  placeholders, SUT mocking), the test tiers run story-scoped to the planned files (the
  review's execution pipeline, runner machine output) and, when they are green, the coverage
  command runs again and `coverage-delta` compares. The flags go to `action-results.json` and
  the verdict is the resolver's `--action-mode --coverage-delta` (gate/verdict.py):
    plan present; execution success = the plan proposes a test, every planned file written
    with a test the run reported passing (a function the runner never collects lands nothing)
    and every tier green with at least one test passing (else BLOCKED); placeholders /
    mocks_sut / breaks_suite (the coverage run after is red while the one before was green)
    -> REQUEST_CHANGES; a delta <= 0 -> REQUEST_CHANGES; a runner that cannot start (exit
    126/127) -> blocking_failure runner_unavailable -> BLOCKED. Without test tiers the
    stack's own runner is the one tier.
  `result.json` records the run for the report (schemas/test-automate-execution.schema.json).
  A verify run first removes the previous run's verdict files, and `result.json`, written
  last, names the sha256 of each planned file as the run read it (`tested`): a verify that is
  interrupted leaves no verdict behind.
- `finalize` (step `record`): the verdict again from the recorded files (never from the
  caller), refused when no verify completed or a planned file changed since it ran (the
  recorded run no longer speaks for the tests on disk: verify again), the report beside the
  plan (`test-automate-execution.md` for an APPROVE, `test-automate-execution-<verdict>.md`
  otherwise: a later run that does not approve never rewrites the report a PASSED row cites
  as its proof), and the Review Gate row
  `Test Automation`: PASSED only on APPROVE (with the report and the execution evidence as
  proof); otherwise the row is left untouched. On APPROVE the plan's `phase` becomes
  `executed`.

Write scopes: verify and finalize run in the `action` scope whose extra roots are the
allowlisted tier directories; `land_test` writes a test file through that scope, so a test
path outside the tier directories is refused (ScopeViolation) before any byte is written.
Run directory: `.gaia/state/test-automate/<KEY>/execution/`.
"""

from __future__ import annotations

import json
import shlex
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from gaia_lib.core import config as project_config
from gaia_lib.core import keys, locks, paths, schema, writes
from gaia_lib.core.errors import GaiaError, NotFound
from gaia_lib.evidence import allowlist, coverage_run, execution, outcomes, runner_output, testcases
from gaia_lib.gate import ledger, reports, table
from gaia_lib.gate import verdict as rules
from gaia_lib.stacks import adapters, persona
from gaia_lib.story import resolve
from gaia_lib.story.parser import Story, load_story
from gaia_lib.test_automate import coverage_gate, preflight, scaffold, written
from gaia_lib.test_automate import plan as plans

GATE = "Test Automation"
SETUP_FILE = "setup.json"
RESULT_FILE = "result.json"
ACTION_FILE = "action-results.json"
EVIDENCE_FILE = "execution-evidence.json"
REPORT_NAME = "test-automate-execution.md"
SCHEMA = "test-automate-execution"  # schemas/test-automate-execution.schema.json: result.json
RUN_FILES = (SETUP_FILE, RESULT_FILE, ACTION_FILE, EVIDENCE_FILE, coverage_gate.DELTA_FILE,
             *(f"coverage-{n}.{e}" for n in ("baseline", "current")
               for e in sorted(set(coverage_gate.EXTENSION.values()))))
# preflight HALT reason -> the resolver's blocking_failure vocabulary
BLOCKING = {"plan_tamper_detected": "plan_tamper", "plan_id_mismatch": "plan_tamper",
            "plan_drift": "plan_drift", "target_path_out_of_scope": "target_outside_allowlist"}


class Halted(GaiaError):
    """A preflight HALT: nothing was written."""

    def __init__(self, halts: Sequence[preflight.Halt]) -> None:
        more = f" (+{len(halts) - 1} more)" if len(halts) > 1 else ""
        super().__init__(halts[0].line() + more, 1)
        self.halts = tuple(halts)


@dataclass(frozen=True)
class Context:
    project: Path
    key: str
    story_path: Path
    story: Story
    plan_path: Path
    plan: plans.Plan
    config: project_config.ProjectConfig
    stack: str | None
    dirs: tuple[str, ...]  # allowlisted tier directories; empty when none are configured

    @property
    def run_dir(self) -> Path:
        return run_dir(self.project, self.key)

    def ledger_text(self) -> str:
        path = ledger.ledger_for(self.project, None).path
        try:
            return path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""


def run_dir(project: Path, key: str) -> Path:
    return paths.state_dir(project) / "test-automate" / key / "execution"


def _stack(project: Path, story_path: Path, cfg: project_config.ProjectConfig) -> str | None:
    try:
        return persona.resolve(story_file=story_path, project_root=project).stack
    except GaiaError:
        return cfg.stack


def load(project: Path, raw_key: str) -> Context:
    """The story, its approved plan, config, stack and tier directories. A missing or
    unparseable plan is a HALT (there is nothing approved to execute)."""
    key = keys.story_key(raw_key, 1)
    story_path = resolve.find_story(project, key)
    story = load_story(story_path, 1)
    plan_path = reports.test_artifact_read_path(project, plans.GATE, key, existing_only=True)
    if plan_path is None:
        raise Halted([preflight.Halt("plan_missing", f"no test-automate plan for {key}; run "
                                     f"/gaia-test-automate {key} and approve its plan")])
    try:
        plan = plans.load(plan_path)
    except GaiaError as exc:
        raise Halted([preflight.Halt("plan_tamper_detected", exc.message)]) from None
    cfg = project_config.load(project, 1)
    try:
        dirs = tuple(allowlist.load(allowlist.default_path(project)))
    except GaiaError:
        dirs = ()
    return Context(project, key, story_path, story, plan_path, plan, cfg,
                   _stack(project, story_path, cfg), dirs)


def _halts(ctx: Context, *, clobber: bool) -> list[preflight.Halt]:
    found = [*preflight.verify_triple(ctx.plan, ctx.ledger_text()),
             *preflight.drift(ctx.project, ctx.plan,
                              {ac.ac_id: ac.text for ac in ctx.story.acceptance_criteria})]
    if ctx.plan.story_key != ctx.key:
        found.insert(0, preflight.Halt("plan_tamper_detected",
                                       f"plan is for {ctx.plan.story_key or '(no key)'}"))
    if not ctx.dirs:
        found.append(preflight.Halt(
            "target_path_out_of_scope",
            f"no tier directories in {allowlist.default_path(ctx.project)}: nowhere to write"))
    else:
        found += preflight.scope(ctx.plan, ctx.dirs)
    if clobber:
        skeletons = {ac.ac_id: {scaffold.skeleton_text(stack, ctx.key, ac).encode("utf-8")
                                for stack in scaffold.SCAFFOLD_STACKS}
                     for ac in ctx.story.acceptance_criteria}
        found += preflight.clobber(ctx.project, ctx.plan, skeletons)
    return found


@contextmanager
def action_scope(ctx: Context) -> Iterator[writes.WriteScope]:
    """The action write scope: parent roots plus the allowlisted tier directories."""
    with writes.scope("action", ctx.project, [ctx.project / d for d in ctx.dirs]) as active:
        yield active


def land_test(ctx: Context, rel: str, text: str) -> Path:
    """Write one test file through the action scope (refused outside the tier directories,
    and never over an existing file)."""
    target = ctx.project / rel
    with action_scope(ctx):
        writes.create_bytes(target, text.encode("utf-8"), ctx.project)
    return target


def _developer(stack: str | None) -> str | None:
    if not stack:
        return None
    try:
        return f"gaia:{adapters.get(stack).persona_file.removesuffix('.md')}"
    except adapters.UnknownStack:
        return None


def _planned_tests(ctx: Context) -> list[dict[str, Any]]:
    texts = {ac.ac_id: ac.text for ac in ctx.story.acceptance_criteria}
    # `description` / `tc`: plan fields of newer plan files; absent ones read as empty
    return [{"test_file": t.test_file, "name": t.name, "ac": t.ac,
             "ac_text": texts.get(t.ac, ""), "tier": t.tier, "target_module": t.target_module,
             "target_function": t.target_function,
             "description": str(getattr(t, "description", "") or ""),
             "tc": str(getattr(t, "tc", "") or "")} for t in ctx.plan.proposed_tests]


def _reset(ctx: Context) -> None:
    for name in RUN_FILES:
        path = ctx.run_dir / name
        if path.exists():
            writes.remove(path, ctx.project)
    writes.make_dirs(ctx.run_dir, ctx.project)


def setup(project: Path, raw_key: str) -> dict[str, Any]:
    """Preflight, baseline coverage, and the planned tests for the developer (see above)."""
    ctx = load(project, raw_key)
    previous = _read_json(ctx.run_dir / SETUP_FILE)
    # A recorded baseline that failed measured nothing: it is measured again, not resumed.
    resumed = previous is not None and previous.get("plan_id") == ctx.plan.plan_id and \
        (previous.get("baseline") or {}).get("ok") is not False
    halts = _halts(ctx, clobber=not resumed)
    if halts:
        raise Halted(halts)
    if previous is not None and resumed:
        # This plan's execution already began: the planned files on disk are its own, and its
        # baseline was measured before they were written (measured now, it would hold them).
        return {**previous, "resumed": True}
    line = coverage_gate.command(ctx.config.coverage_command, ctx.stack, ctx.project)
    with locks.locked(ctx.run_dir.parent / "execution-run"), action_scope(ctx):
        _reset(ctx)
        baseline = (coverage_gate.capture(ctx.project, line, ctx.run_dir, "coverage-baseline")
                    if line else None)
        if baseline is not None and (not baseline.ok or baseline.path is None):
            # No baseline, no growth to measure: every verify would be refused for it later.
            raise Halted([preflight.Halt(
                "coverage_baseline_failed",
                f"`{line}` gave no coverage report before any test was written "
                f"({baseline.note or 'it exited non-zero'}): fix the coverage command "
                "(test_execution.coverage_command) or install its tool, then run the "
                "preflight again")])
        summary = {
            "story_key": ctx.key,
            "plan_id": ctx.plan.plan_id,
            "plan": paths.relative_to_project(ctx.plan_path, ctx.project),
            "stack": ctx.stack,
            "developer": _developer(ctx.stack),
            "tier_directories": list(ctx.dirs),
            "coverage_command": line,
            "baseline": baseline.as_json(ctx.project) if baseline else None,
            "run_dir": paths.relative_to_project(ctx.run_dir, ctx.project),
            "tests": _planned_tests(ctx),
        }
        writes.write_json(ctx.run_dir / SETUP_FILE, summary, ctx.project)
    return summary


def _read_json(path: Path) -> dict[str, Any] | None:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def _setup_of(ctx: Context) -> dict[str, Any]:
    recorded = _read_json(ctx.run_dir / SETUP_FILE)
    if recorded is None:
        raise NotFound(f"no execution setup for {ctx.key}: run the preflight step first", 1)
    return recorded


def _tiers(ctx: Context) -> project_config.ProjectConfig:
    """The project's tiers; without any, one local tier running the stack's own runner."""
    if ctx.config.tiers or ctx.config.bridge.enabled or not ctx.stack:
        return ctx.config
    runner = adapters.get(ctx.stack).runners[0]
    argv = coverage_run.local_argv(runner.run_argv, ctx.project)
    tier = project_config.Tier("tier_1", 1, ("local",), shlex.join(argv))
    return replace(ctx.config, tiers=(tier,), raw={**ctx.config.raw, "test_execution": {}})


def unrun_files(project: Path, planned: Sequence[str],
                evidence: execution.Evidence) -> list[str]:
    """The planned test files none of whose tests the run reported passing: a file whose
    functions the runner never collects (`check_x` for pytest), or whose tests were all
    skipped, lands nothing. Files that are not there are `missing`, not these. (By file, not
    by the planned name: a developer may name a test otherwise and still land it.)"""
    ran = [t for suite in evidence.suites for t in suite.tests]
    unrun = []
    for rel in planned:
        path = project / rel
        if not path.is_file():
            continue
        cases = testcases.split_tests(rel, written.read_text(path))
        if not any(o.outcome == runner_output.PASSED
                   for found in outcomes.reported(ran, cases).values() for o in found):
            unrun.append(rel)
    return unrun


def _execution_state(evidence: execution.Evidence, missing: Sequence[str],
                     unrun: Sequence[str] = (), planned: int = 1,
                     project: Path | None = None) -> tuple[str, str]:
    """(execution, why): success only when the plan proposes a test, every planned file
    exists and has a test the run reported passing, and every suite ran green with at least
    one passing test."""
    if not planned:
        return "failed", "the approved plan proposes no test: nothing to land"
    if missing:
        return "failed", f"planned test file(s) not written: {', '.join(missing)}"
    if evidence.skipped or not evidence.suites:
        return "failed", "; ".join(evidence.diagnostics) or "no test tier ran"
    for suite in evidence.suites:
        cannot_start = execution.runner_missing(suite) if project is None \
            else execution.cannot_run(suite, project)
        if cannot_start:
            return "failed", f"{suite.name} could not run its tests: {cannot_start}"
        if suite.stopped:
            return "failed", f"{suite.name} stopped before running its tests: {suite.stopped}"
        if suite.timeout or suite.exit_code != 0 or suite.fail_count:
            return "failed", f"{suite.name} is red (exit {suite.exit_code}, " \
                             f"{suite.fail_count} failed){_failures(suite)}"
    if not sum(s.pass_count for s in evidence.suites):
        return "failed", "no test passed"
    if unrun:
        return "failed", ("planned test file(s) none of whose tests ran and passed (not "
                          f"collected by the runner, or skipped): {', '.join(unrun)}")
    skipped = sum(s.skip_count for s in evidence.suites)
    if skipped:
        return "success", f"every planned test that ran is green; {skipped} skipped (not run)"
    return "success", "every planned test ran green"


FAILURES_SHOWN = 3


def _failures(suite: execution.Suite) -> str:
    """`: name (first line of its failure); ...` for the suite's first failing tests."""
    bad = [t for t in suite.tests if t.outcome in (runner_output.FAILED, runner_output.ERROR)]
    shown = [f"{t.name}" + (f" ({t.message})" if t.message else "")
             for t in bad[:FAILURES_SHOWN]]
    more = f"; {len(bad) - FAILURES_SHOWN} more" if len(bad) > FAILURES_SHOWN else ""
    return f": {'; '.join(shown)}{more}" if shown else ""


def _runner_missing(evidence: execution.Evidence, project: Path) -> bool:
    return any(s.exit_code in (126, 127) or execution.cannot_run(s, project)
               for s in evidence.suites)


def verify(project: Path, raw_key: str, context: str | None = None) -> dict[str, Any]:
    """Run, inspect, measure and judge the written tests; record the run (see above)."""
    ctx = load(project, raw_key)
    recorded = _setup_of(ctx)
    halts = _halts(ctx, clobber=False)
    if recorded.get("plan_id") != ctx.plan.plan_id:
        halts.insert(0, preflight.Halt("plan_tamper_detected", "the plan changed since setup"))
    blocking = next((BLOCKING[h.reason] for h in halts if h.reason in BLOCKING), None)
    with locks.locked(ctx.run_dir.parent / "execution-run"), action_scope(ctx):
        for stale in (RESULT_FILE, ACTION_FILE, coverage_gate.DELTA_FILE):
            writes.remove(ctx.run_dir / stale)  # an interrupted run leaves no verdict
        tested = _tested(ctx)
        inspection = written.inspect(ctx.project, ctx.plan, ctx.stack, ctx.config)
        evidence = execution.execute(_tiers(ctx), ctx.key, ctx.project, ctx.run_dir,
                                     context=execution.active_context(context),
                                     story_tests=written.planned_files(ctx.plan))
        schema.check(evidence.as_json(), "execution-evidence", EVIDENCE_FILE)
        writes.write_json(ctx.run_dir / EVIDENCE_FILE, evidence.as_json(), ctx.project)
        planned = written.planned_files(ctx.plan)
        state, why = _execution_state(evidence, inspection.missing,
                                      unrun_files(ctx.project, planned, evidence), len(planned),
                                      ctx.project)
        if blocking is None and _runner_missing(evidence, ctx.project):
            blocking = "runner_unavailable"
        line = recorded.get("coverage_command")
        baseline = recorded.get("baseline") or {}
        after = None
        breaks = False
        if line and state == "success":
            after = coverage_gate.capture(ctx.project, str(line), ctx.run_dir, "coverage-current")
            breaks = bool(baseline.get("ok")) and not after.ok
        flags = {
            "schema_version": "1.0",
            "plan": "present",
            "execution": state,
            "placeholders": bool(inspection.placeholders),
            "mocks_sut": bool(inspection.sut_mocks),
            "breaks_suite": breaks,
            "blocking_failure": blocking,
        }
        writes.write_json(ctx.run_dir / ACTION_FILE, flags, ctx.project)
        delta = None
        if after is not None:
            before = _capture_of(ctx.project, baseline)
            delta = coverage_gate.delta_document(
                before, after, ctx.story.file_list or (),
                adapters.get(ctx.stack).is_test_file if ctx.stack else _no_test_rule,
                ctx.project)
            writes.write_json(ctx.run_dir / coverage_gate.DELTA_FILE, delta, ctx.project)
        resolution = resolve_run(ctx)
        result = {
            "story_key": ctx.key,
            "plan_id": ctx.plan.plan_id,
            "verdict": resolution.verdict,
            "reason": resolution.reason,
            "execution": {"state": state, "why": why, **_counts(evidence)},
            "flags": flags,
            "halts": [h.line() for h in halts],
            "inspection": inspection.as_json(),
            "coverage": {"command": line, "baseline": recorded.get("baseline"),
                         "current": after.as_json(ctx.project) if after else None,
                         "delta": delta,
                         "skipped": None if line else "no coverage command configured "
                                                      "(test_execution.coverage_command)"},
            "run_dir": paths.relative_to_project(ctx.run_dir, ctx.project),
            "tested": tested,
        }
        schema.check(result, SCHEMA, RESULT_FILE)
        writes.write_json(ctx.run_dir / RESULT_FILE, result, ctx.project)
    return result


def _tested(ctx: Context) -> dict[str, str | None]:
    """Each planned file's sha256 now (None: not written)."""
    return {rel: plans.digest(ctx.project, rel) for rel in written.planned_files(ctx.plan)}


def _counts(evidence: execution.Evidence) -> dict[str, int]:
    return {"passed": sum(s.pass_count for s in evidence.suites),
            "failed": sum(s.fail_count for s in evidence.suites)}


def _no_test_rule(_: str) -> bool:
    return False


def _capture_of(project: Path, recorded: dict[str, Any]) -> coverage_gate.Capture:
    report = recorded.get("report")
    return coverage_gate.Capture(bool(recorded.get("ok")), project / report if report else None,
                                 recorded.get("format"), recorded.get("note"))


def resolve_run(ctx: Context) -> rules.Resolution:
    """The resolver's action-mode verdict on the recorded run: its files, nothing else."""
    delta = ctx.run_dir / coverage_gate.DELTA_FILE
    coverage = rules.read_document(str(delta)) if delta.is_file() else None
    if coverage is not None and isinstance(coverage.value, dict) \
            and coverage.value.get("fully_covered") is True:
        coverage = None  # fully covered before and after: the delta cannot judge (coverage_gate)
    return rules.resolve(rules.read_document(str(ctx.run_dir / ACTION_FILE)),
                         coverage=coverage, action_mode=True)


@dataclass(frozen=True)
class Finalized:
    verdict: str
    reason: str
    report: Path
    gate: str  # the Test Automation row after this run
    changed: bool
    composite: str


def coverage_line(coverage: Mapping[str, Any]) -> str:
    """The report's coverage line: before -> after and the delta, or why there is none (no
    command configured; what the coverage command said before or after the tests)."""
    delta = coverage.get("delta") or {}
    if delta.get("fully_covered"):
        return (f"- Coverage: {delta.get('baseline')}% -> {delta.get('current')}%: the code "
                "under test was fully covered before these tests, so the coverage gate cannot "
                "judge them and the verdict rests on the other checks")
    if delta.get("coverage_delta") is not None:
        return (f"- Coverage: {delta.get('baseline')}% -> {delta.get('current')}% "
                f"(delta {delta['coverage_delta']})")
    if coverage.get("skipped"):
        return f"- Coverage: not measured: {coverage['skipped']}"
    why = [f"{when}: {side['note']}" for when, side in (
        ("before", coverage.get("baseline") or {}), ("after", coverage.get("current") or {}))
        if side.get("note")]
    return f"- Coverage: not measured ({'; '.join(why) or 'no report'})"


def _report_text(ctx: Context, result: dict[str, Any], verdict: str, reason: str) -> str:
    inspection = result.get("inspection") or {}
    coverage = result.get("coverage") or {}
    lines = [f"# Test automation execution: {ctx.key}", "",
             f"- Plan: `{paths.relative_to_project(ctx.plan_path, ctx.project)}` "
             f"({ctx.plan.plan_id})",
             f"- Verdict: **{verdict}** ({reason})",
             f"- Execution: {result['execution']['state']} ({result['execution']['why']})",
             coverage_line(coverage), "", "## Tests", ""]
    lines += [f"- `{t.test_file}` {t.name} ({t.ac or 'no AC'})" for t in ctx.plan.proposed_tests]
    for title, items, fmt in (
            ("Placeholders", inspection.get("placeholders") or [], "{file}:{line} {pattern}"),
            ("Tests mocking the system under test", inspection.get("sut_mocks") or [],
             "{file}:{line} {pattern} {target}"),
            ("Not written", [{"file": m} for m in inspection.get("missing") or []], "{file}")):
        if items:
            lines += ["", f"## {title}", ""] + [f"- {fmt.format(**i)}" for i in items]
    if result.get("halts"):
        lines += ["", "## Plan checks", ""] + [f"- {h}" for h in result["halts"]]
    return "\n".join(lines) + "\n"


def report_name(verdict: str) -> str:
    """The execution report's file name for a run's verdict (module docstring)."""
    if verdict == rules.APPROVE:
        return REPORT_NAME
    return REPORT_NAME.replace(".md", f"-{verdict.lower().replace('_', '-')}.md")


def finalize(project: Path, raw_key: str) -> Finalized:
    ctx = load(project, raw_key)
    result = _read_json(ctx.run_dir / RESULT_FILE)
    if result is None or result.get("plan_id") != ctx.plan.plan_id:
        raise NotFound(f"no verified execution run for {ctx.key} and plan "
                       f"{ctx.plan.plan_id}: run the verify step first", 1)
    edited = sorted(rel for rel, sha in _tested(ctx).items()
                    if sha != (result.get("tested") or {}).get(rel, ""))
    if edited:
        raise GaiaError(f"{', '.join(edited)} changed since the verify step ran: run verify "
                        "again", 1)
    resolution = resolve_run(ctx)
    report = ctx.plan_path.parent / report_name(resolution.verdict)
    with locks.locked(ctx.run_dir.parent / "execution-run"), action_scope(ctx):
        writes.write_text(report, _report_text(ctx, result, resolution.verdict,
                                               resolution.reason), ctx.project)
        changed = False
        if resolution.verdict == rules.APPROVE:
            evidence = ctx.run_dir / EVIDENCE_FILE
            table.check_proof(GATE, table.PASSED, str(report), str(evidence), None)
            table.record_table_verdict(
                ctx.project, ctx.story_path, ctx.key, GATE, table.PASSED,
                table.report_cell(str(report), ctx.project),
                recorded=time.strftime("%Y-%m-%d", time.gmtime()))
            with locks.locked(ctx.plan_path):
                current = plans.load(ctx.plan_path)
                if current.plan_id == ctx.plan.plan_id:
                    writes.write_text(ctx.plan_path,
                                      plans.render(replace(current, phase="executed")),
                                      ctx.project)
            changed = True
    rows = table.load_rows(ctx.story_path)
    row = next((r.status for r in rows if r.name == GATE), table.UNVERIFIED)
    return Finalized(resolution.verdict, resolution.reason, report, row, changed,
                     table.composite(rows).state)


def finalize_text(key: str, done: Finalized, project: Path) -> str:
    gate = (f"gate: {GATE} -> {done.gate}" if done.changed
            else f"gate: {GATE} unchanged ({done.gate})")
    return "\n".join((
        f"test automation {key}: {done.verdict}",
        f"report: {paths.relative_to_project(done.report, project)}",
        f"{gate} (Review Gate: {done.composite})",
        f"reason: {done.reason}",
    ))


STEPS = ("preflight", "verify", "record")


def run_step(step: str, project: Path, key: str, context: str | None = None
             ) -> tuple[str, str | None]:
    """(stdout, stderr note) of one step, as the CLI and the entry scripts print them:
    preflight (`setup`) and verify print their JSON (verify's note is the deciding rule),
    record (`finalize`) its four lines."""
    if step == "preflight":
        return json.dumps(setup(project, key), indent=2, sort_keys=True), None
    if step == "verify":
        result = verify(project, key, context)
        return json.dumps(result, indent=2, sort_keys=True), f"verdict: {result['reason']}"
    done = finalize(project, key)
    return finalize_text(keys.story_key(key, 1), done, project), None


def emit(step: str, project: Path, key: str, context: str | None = None) -> int:
    import sys

    out, note = run_step(step, project, key, context)
    print(out)
    if note:
        print(note, file=sys.stderr)
    return 0
