"""`/gaia-test-automate E1-S1 --yolo` end to end inside the real CLI (both supported versions),
on a git copy of the demo project with a tier allowlist (test-environment.yaml).

The scripted model is test_automate_follower.AutomateFollower: it does what the rendered
SKILL.md says. What runs, in order: the skill's `!` setup line before the first model request;
the planner subagent (agents/test-automate.md) dispatched with the step's `subagent_type` and
prompt, which runs the analyze entry script and answers with the findings + plan JSON and the
report; the parent's two persisting Writes; then verdict, finalize, the Approval Gate's
presentation and its decision, each an entry script through bin/gaia.

1. The plan proposes a test for each of the demo's uncovered ACs (AC3, AC4), nothing before the
   Approval Gate records a verdict, and YOLO approves (every proposed path is inside the
   allowlist): the plan-id ledger holds PASSED for the plan's own id and the plan's approval
   block says so.
2. The plan is rewritten between presentation and decision (a concurrent run): the decision
   halts with plan_tamper_detected and nothing is recorded.
About 10 s per session.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from e2e.claude_cli import ClaudeCli, Session, SessionResult, run_session
from e2e.demo import demo_copy, git, seed_plugin_data, session_env
from e2e.fake_api import tool_result_text
from e2e.skill_follower import FINAL
from e2e.test_automate_follower import AutomateFollower
from gaia_lib.core import writes
from gaia_lib.test_automate import plan as plans

pytestmark = pytest.mark.claude

KEY = "E1-S1"
EVIDENCE = f".gaia/state/review/test-automate/{KEY}"
REPORT = f".gaia/artifacts/implementation-artifacts/test-automate-review-{KEY}.md"
PLAN = f".gaia/artifacts/test-artifacts/epic-E1/{KEY}/test-automate-plan.md"
LEDGER = ".gaia/state/.review-gate-ledger"
PLANNER = "# Test-automation planner"  # agents/test-automate.md's first heading
TEST_ENV = "tier_directories:\n  - tests/unit\n  - tests/integration\n"
FINDINGS = {"findings": [
    {"category": "mocking", "severity": "warning", "file": "tests/unit/test_signup.py",
     "line": 0, "message": "the duplicate-address path has no test double", "ac_ref": "AC3"}]}
REPORT_TEXT = (
    f"# Test automation review {KEY}\n\n## Deterministic Analysis\n\n"
    "AC3 and AC4 have no test.\n\n## LLM Semantic Review\n\n### Warning\n\n"
    "- mocking: the duplicate-address path has no test double\n\n**Verdict: APPROVE**"
)


def _project(tmp_path: Path) -> Path:
    project = demo_copy(tmp_path / "demo")
    env = project / ".gaia/artifacts/test-artifacts/test-environment.yaml"
    env.parent.mkdir(parents=True, exist_ok=True)
    env.write_text(TEST_ENV)
    git(project, "add", "-A")
    git(project, "commit", "-qm", "tier allowlist")
    return project


def _session(claude: ClaudeCli, plugin_root: Path, project: Path, work: Path, venv: Path,
             model: AutomateFollower) -> SessionResult:
    seed_plugin_data(work / "claude-config", venv)
    return run_session(claude, Session(
        prompt=f"/gaia-test-automate {KEY} --yolo", script=model.steps(14),
        agents={PLANNER: [model.qa] * 4}, plugin_root=plugin_root, project=project, work=work,
        output_format="stream-json", env=session_env(venv.parent)))


def _results(result: SessionResult) -> dict[str, tuple[bool, str]]:
    return {str(b["tool_use_id"]): (bool(b.get("is_error")), tool_result_text(b))
            for b in result.tool_results}


def _check_followed(result: SessionResult, model: AutomateFollower, plugin_root: Path) -> None:
    assert not result.failures, f"the scripted model could not follow the skill: {result.failures}"
    assert result.returncode == 0, result.stdout + result.stderr
    assert model.plan is not None
    scripts = plugin_root / "skills" / "gaia-test-automate" / "scripts"
    launcher = plugin_root / "bin" / "gaia"
    assert model.plan.setup["route"] == "plan" and model.plan.setup["yolo"] is True
    assert model.plan.subagent_type == "gaia:test-automate"
    assert model.plan.analyze_command.startswith(f"{launcher} {scripts / 'analyze.py'} {KEY}")
    assert [c.split()[1:] for c in model.plan.commands] == [
        [str(scripts / "verdict.py"), KEY, "--llm-findings", f"{EVIDENCE}/fork-findings.json"],
        [str(scripts / "finalize.py"), KEY, "--llm-findings", f"{EVIDENCE}/fork-findings.json",
         "--payload", f"{EVIDENCE}/fork-report.md"],
        [str(scripts / "approve.py"), KEY, "--present"],
        [str(scripts / "approve.py"), KEY, "--decision", "approve", "--yolo"]]
    assert [(thread, tool) for thread, tool, _ in model.done] == [
        ("main", "Agent"), ("qa", "Bash"), ("main", "Write"), ("main", "Write"),
        *[("main", "Bash")] * 4]
    for request in result.requests:  # the planner is offered only its read-only tools
        if request.thread == PLANNER:
            assert set(request.tool_names) <= {"Read", "Grep", "Glob", "Bash"}
    assert result.result is not None and result.result["result"] == FINAL


def test_plan_for_the_uncovered_acs_is_approved_in_yolo(
    claude: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path
) -> None:
    project = _project(tmp_path)
    model = AutomateFollower(KEY, str(project), "yolo", FINDINGS, REPORT_TEXT)
    result = _session(claude, plugin_root, project, tmp_path / "run", plugin_venv, model)
    _check_followed(result, model, plugin_root)
    results = _results(result)
    assert result.tool_errors() == {}
    analysis = json.loads(results["toolu_analyze_yolo"][1])
    assert analysis["uncovered"] == ["AC3", "AC4"]
    assert results["toolu_cmd0_yolo"][1].splitlines()[0] == "APPROVE"
    final = results["toolu_cmd1_yolo"][1].splitlines()
    assert final[:3] == [f"Test automation plan {KEY}: APPROVE", f"report: {project / REPORT}",
                         f"plan: {project / PLAN}"]
    plan = plans.load(project / PLAN)
    assert final[3] == f"plan_id: {plan.plan_id}" and plans.self_checks(plan)
    assert [(t.ac, t.test_file) for t in plan.proposed_tests] == [
        ("AC3", "tests/integration/test_e1_s1_ac3.py"), ("AC4", "tests/unit/test_e1_s1_ac4.py")]
    hashes = json.loads((project / EVIDENCE / "analysis-results.json").read_text())["file_hashes"]
    assert {s.path: s.sha256 for s in plan.analyzed_sources} == hashes
    assert [(f.category, f.severity, f.ac) for f in plan.findings] == [
        ("mocking", "warning", "AC3")]
    assert "plan changes recommended" not in results["toolu_cmd2_yolo"][1]
    assert results["toolu_cmd3_yolo"][1].startswith("Plan approved (YOLO")
    assert (project / LEDGER).read_text().splitlines() == [
        f"{KEY}\ttest-automate-plan\t{plan.plan_id}\tPASSED"]
    assert plan.approval == plans.Approval("PASSED", plan.plan_id)
    report = (project / REPORT).read_text()
    assert report.splitlines()[-1] == "**Verdict: APPROVE**" and "[INCOMPLETE]" not in report
    # The session wrote no test file: execution is the sibling skill's.
    assert git(project, "status", "--porcelain", "--", "tests") == ""


def test_a_plan_rewritten_after_presentation_halts_the_gate(
    claude: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path
) -> None:
    project = _project(tmp_path)

    def concurrent_run() -> None:  # another invocation writes a different plan
        current = plans.load(project / PLAN)
        other = dataclasses.replace(current, proposed_tests=current.proposed_tests[:1])
        with writes.scope("parent", project):
            plans.write(project / PLAN, other, project)

    model = AutomateFollower(KEY, str(project), "tamper", FINDINGS, REPORT_TEXT,
                             between_present_and_decision=concurrent_run)
    result = _session(claude, plugin_root, project, tmp_path / "run", plugin_venv, model)
    _check_followed(result, model, plugin_root)
    errors = result.tool_errors()
    assert set(errors) == {"toolu_cmd3_tamper"}
    assert "plan_tamper_detected — plan_id changed between presentation and verdict" in \
        errors["toolu_cmd3_tamper"]
    assert not (project / LEDGER).exists()
    assert plans.load(project / PLAN).approval == plans.Approval(None, None)
