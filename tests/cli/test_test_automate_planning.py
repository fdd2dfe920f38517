"""/gaia-test-automate's planning phase and Approval Gate through its entry scripts, as real
processes (`skills/gaia-test-automate/scripts/*.py`, the interpreter on the script as bin/gaia
runs it) on a reviewable Python project whose AC3 has no test.

What must hold: planning writes analysis-results (+ .md), the review report and the plan with a
plan_id that is the hash of the plan and analyzed_sources equal to the analysis' file_hashes; a
re-run hits the cache and a source edit misses it; a missing runner and a malformed fork payload
give BLOCKED and a stub plan; nothing before the Approval Gate touches the Review Gate or the
plan-id ledger; the gate records approve / reject / abort against the plan_id, auto-approves in
YOLO only inside the tier allowlist, asks the user without test-environment.yaml (exit 4) and
halts on a plan changed since it was presented.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gaia_lib.core import schema
from gaia_lib.test_automate import plan as plans
from helpers.projects import REPO_ROOT, Project, gaia_env, run_gaia
from helpers.qa_project import make_qa_project

SCRIPTS = REPO_ROOT / "skills" / "gaia-test-automate" / "scripts"
KEY = "E1-S1"
EVIDENCE = Path(".gaia/state/review/test-automate") / KEY
LEDGER = Path(".gaia/state/.review-gate-ledger")
ACS = (
    "- [ ] **AC1:** Given a valid email, when the user signs up, then the account is created.\n"
    "- [ ] **AC2:** Given an invalid email, when the user signs up, then a 422 error is "
    "returned.\n"
    "- [ ] **AC3:** Given an email that already has an account, when the user signs up again, "
    "then a 409 error is returned.\n"
)
TEST_ENV = "tier_directories:\n  - tests/unit\n  - tests/integration\n"


@pytest.fixture
def ta_project(project: Project, monkeypatch: pytest.MonkeyPatch) -> Project:
    made = make_qa_project(project, monkeypatch)
    made.add_story(KEY, acs=ACS, file_list=["app/signup.py", "tests/test_signup.py"])
    return made


def _script(name: str, *args: str, project: Project,
            **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPTS / name), *args], cwd=project.root,
                          env=gaia_env(project.root, **env), capture_output=True, text=True,
                          timeout=300, check=False)


def _ok(name: str, *args: str, project: Project, **env: str) -> str:
    done = _script(name, *args, project=project, **env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _plan_path(project: Project) -> Path:
    done = run_gaia("resolve-test-artifact-per-story", "test-automate-plan", KEY, "--write",
                    cwd=project.root)
    assert done.returncode == 0, done.stderr
    return Path(done.stdout.strip())


def _json(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


def _plan_run(project: Project, **env: str) -> list[str]:
    """Setup, analyze, verdict, finalize without a fork (terminal mode)."""
    _ok("setup.py", KEY, project=project, **env)
    _ok("analyze.py", KEY, project=project, **env)
    return _ok("finalize.py", KEY, project=project, **env).splitlines()


def _gate_untouched(project: Project, story_before: bytes) -> None:
    assert not (project.root / LEDGER).exists()
    assert not (project.root / ".gaia/state/review-rounds.jsonl").exists()
    story = next(project.impl.rglob(f"{KEY}-*.md"))
    assert story.read_bytes() == story_before


def test_planning_writes_analysis_report_and_a_self_checking_plan(ta_project: Project) -> None:
    story_before = next(ta_project.impl.rglob(f"{KEY}-*.md")).read_bytes()
    lines = _plan_run(ta_project)
    plan_path = _plan_path(ta_project)
    assert lines[:3] == [f"Test automation plan {KEY}: APPROVE",
                         f"report: {ta_project.impl / f'test-automate-review-{KEY}.md'}",
                         f"plan: {plan_path}"]
    analysis = _json(ta_project.root / EVIDENCE / "analysis-results.json")
    schema.check(analysis, "analysis-results", "analysis-results.json")
    assert analysis["skill"] == "gaia-test-automate"
    assert analysis["uncovered"] == ["AC3"]
    assert analysis["inventory"]["status"] == "listed"  # pytest --collect-only, nothing run
    assert "tests/test_signup.py::test_ac1_valid_email_creates_account" in \
        analysis["inventory"]["tests"]
    assert not list(ta_project.root.rglob(".coverage*"))  # evidence only: no test execution
    assert (ta_project.root / EVIDENCE / "analysis-results.md").read_text().startswith(
        f"# Test automation analysis: {KEY}")

    plan = plans.load(plan_path)
    assert lines[3] == f"plan_id: {plan.plan_id}"
    assert plans.self_checks(plan) and plan.plan_id == plans.compute_plan_id(plan)
    assert {s.path: s.sha256 for s in plan.analyzed_sources} == analysis["file_hashes"]
    assert set(analysis["file_hashes"]) == {"app/signup.py", "tests/test_signup.py"}
    assert [(t.ac, t.tier, t.test_file) for t in plan.proposed_tests] == [
        ("AC3", "integration", "tests/test_e1_s1_ac3.py")]
    assert (plan.verdict, plan.approval) == ("APPROVE", plans.Approval(None, None))

    report = (ta_project.impl / f"test-automate-review-{KEY}.md").read_text()
    assert "## Deterministic Analysis" in report and "## LLM Semantic Review" in report
    assert report.splitlines()[-1] == "**Verdict: APPROVE**"
    _gate_untouched(ta_project, story_before)  # no review-gate call before the Approval Gate


def test_cache_hit_on_rerun_and_miss_after_a_source_edit(ta_project: Project) -> None:
    _ok("setup.py", KEY, project=ta_project)
    first = json.loads(_ok("analyze.py", KEY, project=ta_project))
    again = json.loads(_ok("analyze.py", KEY, project=ta_project))
    assert (first["cached"], again["cached"]) == (False, True)
    assert first["cache_key"] == again["cache_key"]
    cache = ta_project.root / EVIDENCE / ".cache" / f"{first['cache_key']}.json"
    assert _json(cache)["file_hashes"] == _json(
        ta_project.root / EVIDENCE / "analysis-results.json")["file_hashes"]
    source = ta_project.root / "app" / "signup.py"
    source.write_text(source.read_text() + "\n# edited\n")
    edited = json.loads(_ok("analyze.py", KEY, project=ta_project))
    assert edited["cached"] is False and edited["cache_key"] != first["cache_key"]
    # A stale cache entry under the new key's name is revalidated by its file hashes.
    stale = ta_project.root / EVIDENCE / ".cache" / f"{edited['cache_key']}.json"
    data = _json(stale)
    data["file_hashes"]["app/signup.py"] = "0" * 64
    stale.write_text(json.dumps(data))
    assert json.loads(_ok("analyze.py", KEY, project=ta_project))["cached"] is False


def test_missing_runner_is_blocked_with_a_stub_plan_and_no_gate_row(
    ta_project: Project, tmp_path: Path
) -> None:
    story_before = next(ta_project.impl.rglob(f"{KEY}-*.md")).read_bytes()
    empty = tmp_path / "bin"
    empty.mkdir()
    git = subprocess.run(["sh", "-c", "command -v git"], capture_output=True, text=True,
                         check=True).stdout.strip()
    (empty / "git").symlink_to(git)
    setup = json.loads(_ok("setup.py", KEY, project=ta_project, PATH=str(empty)))
    assert setup["blocked"].startswith("test runner not installed")
    lines = _ok("finalize.py", KEY, project=ta_project, PATH=str(empty)).splitlines()
    assert lines[0] == f"Test automation plan {KEY}: BLOCKED"
    assert lines[4] == "next: stop — BLOCKED, the Approval Gate is not entered"
    plan = plans.load(_plan_path(ta_project))
    assert (plan.verdict, plan.analyzed_sources, plan.proposed_tests, plan.narrative) == (
        "BLOCKED", (), (), "")
    _gate_untouched(ta_project, story_before)
    present = _script("approve.py", KEY, "--present", project=ta_project)
    assert present.returncode == 1 and "Approval Gate is not entered" in present.stderr


def _fork_files(project: Project, findings: Any, report: str) -> tuple[str, str]:
    evidence = project.root / EVIDENCE
    (evidence / "fork-findings.json").write_text(json.dumps(findings))
    (evidence / "fork-report.md").write_text(report)
    return (str(evidence / "fork-findings.json"), str(evidence / "fork-report.md"))


GOOD_REPORT = ("# Test automation review\n\n## Deterministic Analysis\n\nAC3 has no test.\n\n"
               "## LLM Semantic Review\n\nNone.\n\n**Verdict: APPROVE**\n")


def _forked(project: Project, findings: Any, report: str = GOOD_REPORT) -> list[str]:
    _ok("setup.py", KEY, project=project)
    _ok("analyze.py", KEY, project=project)
    found, payload = _fork_files(project, findings, report)
    return _ok("finalize.py", KEY, "--llm-findings", found, "--payload", payload,
               project=project).splitlines()


def test_a_fork_plan_is_written_with_gaias_plan_id_and_its_criticals_judged(
    ta_project: Project
) -> None:
    _ok("setup.py", KEY, project=ta_project)
    _ok("analyze.py", KEY, project=ta_project)
    proposal = _json(ta_project.root / EVIDENCE / "plan-proposal.json")
    proposal["proposed_tests"][0]["description"] = "reworded by the planner"
    proposal["narrative"] = "One integration test for the duplicate address."
    fork = {"findings": [{"category": "flakiness", "severity": "critical", "file": "x",
                          "line": 0, "message": "hard sleep", "ac_ref": "AC1"}],
            "plan": proposal}
    found, payload = _fork_files(ta_project, fork, GOOD_REPORT)
    verdict = _script("verdict.py", KEY, "--llm-findings", found, project=ta_project)
    assert (verdict.returncode, verdict.stdout) == (0, "APPROVE\n")  # critical demoted
    lines = _ok("finalize.py", KEY, "--llm-findings", found, "--payload", payload,
                project=ta_project).splitlines()
    assert lines[0] == f"Test automation plan {KEY}: APPROVE"
    plan = plans.load(_plan_path(ta_project))
    assert plans.self_checks(plan)
    assert plan.narrative == "One integration test for the duplicate address."
    assert [(f.category, f.severity) for f in plan.findings] == [("flakiness", "warning")]
    assert plan.proposed_tests[0].description == "reworded by the planner"
    # the text of each AC a test is planned for is bound to the plan (preflight's drift)
    assert [a.path for a in plan.acceptance] == sorted({t.ac for t in plan.proposed_tests})
    assert all(len(a.sha256) == 64 for a in plan.acceptance)


@pytest.mark.parametrize(("findings", "report", "problem"), [
    ({"findings": []}, "Looks fine, ship it.", "missing '## Deterministic Analysis' section"),
    ({"findings": [], "plan": {"plan_id": "nope", "analyzed_sources": [],
                               "proposed_tests": []}}, GOOD_REPORT,
     "plan_id is not parseable"),
    ({"findings": []}, GOOD_REPORT, "no plan-content payload"),
])
def test_malformed_fork_output_is_incomplete_and_blocked(
    ta_project: Project, findings: Any, report: str, problem: str
) -> None:
    story_before = next(ta_project.impl.rglob(f"{KEY}-*.md")).read_bytes()
    lines = _forked(ta_project, findings, report)
    assert lines[0] == f"Test automation plan {KEY}: BLOCKED"
    assert lines[-1] == "reason: fork payload malformed -> BLOCKED"
    text = (ta_project.impl / f"test-automate-review-{KEY}.md").read_text()
    assert text.startswith("[INCOMPLETE]") and problem in text.splitlines()[0]
    assert text.splitlines()[-1] == "**Verdict: BLOCKED**"
    plan = plans.load(_plan_path(ta_project))
    assert (plan.verdict, plan.analyzed_sources, plan.proposed_tests) == ("BLOCKED", (), ())
    _gate_untouched(ta_project, story_before)


@pytest.mark.parametrize(("broken", "why"), [
    ("findings-not-json", "is not JSON"),
    ("findings-missing", "cannot be read (No such file or directory)"),
    ("payload-missing", "the report payload file"),
])
def test_an_unreadable_fork_file_blocks_the_verdict_step_and_finalize_alike(
    ta_project: Project, broken: str, why: str
) -> None:
    story_before = next(ta_project.impl.rglob(f"{KEY}-*.md")).read_bytes()
    _ok("setup.py", KEY, project=ta_project)
    _ok("analyze.py", KEY, project=ta_project)
    proposal = _json(ta_project.root / EVIDENCE / "plan-proposal.json")
    found, payload = _fork_files(ta_project, {"findings": [], "plan": proposal}, GOOD_REPORT)
    if broken == "findings-not-json":
        Path(found).write_text('{"findings": [ oops')
    elif broken == "findings-missing":
        Path(found).unlink()
    else:
        Path(payload).unlink()
    verdict = _script("verdict.py", KEY, "--llm-findings", found, project=ta_project)
    lines = _ok("finalize.py", KEY, "--llm-findings", found, "--payload", payload,
                project=ta_project).splitlines()
    assert lines[0] == f"Test automation plan {KEY}: BLOCKED"
    assert why in lines[-1] and lines[-1].endswith("-> BLOCKED")
    text = (ta_project.impl / f"test-automate-review-{KEY}.md").read_text()
    assert text.startswith("[INCOMPLETE]") and why in text.splitlines()[0]
    # the verdict step shows the user what finalize will decide
    expected = "BLOCKED" if broken.startswith("findings") else "APPROVE"
    assert (verdict.returncode, verdict.stdout) == (0, f"{expected}\n")
    _gate_untouched(ta_project, story_before)


def _ledger(project: Project) -> list[list[str]]:
    path = project.root / LEDGER
    return [line.split("\t") for line in path.read_text().splitlines()] if path.exists() else []


def _status(project: Project, plan_id: str) -> str:
    done = run_gaia("review-gate", "status", "--story", KEY, "--gate", "test-automate-plan",
                    "--plan-id", plan_id, cwd=project.root)
    assert done.returncode == 0, done.stderr
    return str(json.loads(done.stdout)["verdict"])


def test_approve_records_passed_against_the_plan_id(ta_project: Project) -> None:
    _plan_run(ta_project)
    plan_id = plans.load(_plan_path(ta_project)).plan_id
    shown = _ok("approve.py", KEY, "--present", project=ta_project)
    assert shown.splitlines()[:3] == [f"Test automation plan for {KEY} (verdict: APPROVE)",
                                      f"plan: {_plan_path(ta_project).relative_to(ta_project.root)}",
                                      f"plan_id: {plan_id}"]
    assert "  AC3  TC-E1-S1-1  integration  tests/test_e1_s1_ac3.py" in shown
    assert "plan changes recommended" not in shown
    out = _ok("approve.py", KEY, "--decision", "approve", project=ta_project).splitlines()
    assert out[0].startswith(f"Plan approved. Verdict PASSED recorded for plan_id={plan_id}.")
    assert "Review Gate: PENDING" in out  # the composite, informational
    assert _ledger(ta_project) == [[KEY, "test-automate-plan", plan_id, "PASSED"]]
    assert _status(ta_project, plan_id) == "PASSED"
    plan = plans.load(_plan_path(ta_project))
    assert plan.approval == plans.Approval("PASSED", plan_id) and plans.self_checks(plan)


def test_reject_records_failed_and_abort_records_nothing(ta_project: Project) -> None:
    _plan_run(ta_project)
    plan_id = plans.load(_plan_path(ta_project)).plan_id
    _ok("approve.py", KEY, "--present", project=ta_project)
    out = _ok("approve.py", KEY, "--decision", "abort", project=ta_project)
    assert out.startswith("Aborted. No verdict recorded")
    assert _ledger(ta_project) == []
    assert plans.load(_plan_path(ta_project)).approval == plans.Approval(None, None)
    # a decision uses the presentation up
    used = _script("approve.py", KEY, "--decision", "reject", project=ta_project)
    assert used.returncode == 1 and "has not been presented" in used.stderr
    _ok("approve.py", KEY, "--present", project=ta_project)
    out = _ok("approve.py", KEY, "--decision", "reject", project=ta_project)
    assert out.startswith(f"Plan rejected. Verdict FAILED recorded for plan_id={plan_id}.")
    assert _ledger(ta_project) == [[KEY, "test-automate-plan", plan_id, "FAILED"]]
    assert plans.load(_plan_path(ta_project)).approval.verdict == "FAILED"
    # a rejected plan is never approved afterwards, presented again or not: a new plan is
    _ok("approve.py", KEY, "--present", project=ta_project)
    refused = _script("approve.py", KEY, "--decision", "approve", project=ta_project)
    assert (refused.returncode, refused.stdout) == (1, "")
    assert f"plan_id={plan_id} was rejected: re-run /gaia-test-automate" in refused.stderr
    assert _ledger(ta_project) == [[KEY, "test-automate-plan", plan_id, "FAILED"]]
    _plan_run(ta_project)
    # approved, then aborted: the abort records nothing and says the approval stands
    _ok("approve.py", KEY, "--present", project=ta_project)
    assert _ok("approve.py", KEY, "--decision", "approve", project=ta_project).startswith(
        "Plan approved.")
    _ok("approve.py", KEY, "--present", project=ta_project)
    out = _ok("approve.py", KEY, "--decision", "abort", project=ta_project)
    assert out == (f"Aborted. No verdict recorded for {KEY}; the plan's earlier approval "
                   f"(PASSED for plan_id={plan_id}) stands, so the execution phase can still "
                   "run; reject it to stop that.\n")
    assert _ledger(ta_project)[-1] == [KEY, "test-automate-plan", plan_id, "PASSED"]


def test_a_decision_needs_a_presentation_of_this_run(ta_project: Project) -> None:
    _plan_run(ta_project)
    done = _script("approve.py", KEY, "--decision", "approve", project=ta_project)
    assert (done.returncode, done.stdout) == (1, "")
    assert "has not been presented" in done.stderr and _ledger(ta_project) == []


def test_request_changes_is_presented_with_plan_changes_recommended(
    ta_project: Project
) -> None:
    fork_critical = {"findings": [{"category": "untestable", "severity": "critical",
                                   "file": "tests/test_signup.py", "line": 1,
                                   "message": "calls a function that does not exist"}]}
    _ok("setup.py", KEY, project=ta_project)
    _ok("analyze.py", KEY, project=ta_project)
    fork_critical["plan"] = _json(ta_project.root / EVIDENCE / "plan-proposal.json")
    found, payload = _fork_files(ta_project, fork_critical, GOOD_REPORT)
    lines = _ok("finalize.py", KEY, "--llm-findings", found, "--payload", payload,
                project=ta_project).splitlines()
    assert lines[0] == f"Test automation plan {KEY}: REQUEST_CHANGES"
    shown = _ok("approve.py", KEY, "--present", project=ta_project)
    assert shown.splitlines()[0] == "plan changes recommended"


def test_yolo_approves_only_inside_the_tier_allowlist(ta_project: Project) -> None:
    _plan_run(ta_project)
    _ok("approve.py", KEY, "--present", project=ta_project)
    missing = _script("approve.py", KEY, "--decision", "approve", "--yolo", project=ta_project)
    assert (missing.returncode, missing.stderr) == (
        4, "test-automate approve: allowlist source absent — cannot auto-approve.\n")
    # a file that names no directory allows nothing: the user is asked, as without one
    ta_project.write(".gaia/artifacts/test-artifacts/test-environment.yaml",
                     "tier_directories: []\n")
    empty = _script("approve.py", KEY, "--decision", "approve", "--yolo", project=ta_project)
    assert empty.returncode == 4 and empty.stderr.endswith(" — cannot auto-approve.\n")
    ta_project.write(".gaia/artifacts/test-artifacts/test-environment.yaml",
                     "tier_directories:\n  - tests/unit\n")
    outside = _script("approve.py", KEY, "--decision", "approve", "--yolo", project=ta_project)
    assert outside.returncode == 4
    assert "outside the tier allowlist" in outside.stderr
    assert "tests/test_e1_s1_ac3.py" in outside.stderr
    assert _ledger(ta_project) == []
    # Re-planned with an allowlist: the proposal lands in its tier directory; YOLO approves.
    ta_project.write(".gaia/artifacts/test-artifacts/test-environment.yaml", TEST_ENV)
    _plan_run(ta_project)
    plan = plans.load(_plan_path(ta_project))
    assert [t.test_file for t in plan.proposed_tests] == ["tests/integration/test_e1_s1_ac3.py"]
    _ok("approve.py", KEY, "--present", project=ta_project)
    out = _ok("approve.py", KEY, "--decision", "approve", "--yolo", project=ta_project)
    assert out.startswith("Plan approved (YOLO: every proposed test is inside the tier "
                          "allowlist).")
    assert _ledger(ta_project) == [[KEY, "test-automate-plan", plan.plan_id, "PASSED"]]


@pytest.mark.parametrize("how", ["replanned", "edited"])
def test_a_plan_changed_since_presentation_halts_plan_tamper_detected(
    ta_project: Project, how: str
) -> None:
    _plan_run(ta_project)
    _ok("approve.py", KEY, "--present", project=ta_project)
    path = _plan_path(ta_project)
    if how == "replanned":  # a concurrent run wrote a new plan (new sources, new id)
        (ta_project.root / "app" / "signup.py").write_text("def signup(email):\n    return 1\n")
        _ok("analyze.py", KEY, project=ta_project)
        _ok("finalize.py", KEY, project=ta_project)
    else:  # a hand edit of what would be written: the id no longer self-checks
        path.write_text(path.read_text().replace("tests/test_e1_s1_ac3.py", "elsewhere.py"))
    before = path.read_bytes()
    done = _script("approve.py", KEY, "--decision", "approve", project=ta_project)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("test-automate approve: plan_tamper_detected — plan_id "
                                  "changed between presentation and verdict.")
    assert _ledger(ta_project) == [] and path.read_bytes() == before


def test_setup_routes_sub_commands_before_any_planning(ta_project: Project) -> None:
    story = next(ta_project.impl.rglob(f"{KEY}-*.md"))
    story.write_text(story.read_text().replace("status: review", "status: in-progress"))
    for route in ("status", "add-scenario", "scaffold", "execute"):
        out = json.loads(_ok("setup.py", KEY, f"--{route}", "--description", "x",
                             project=ta_project))
        assert (out["route"], out["story_key"], out["blocked"]) == (route, KEY, None)
    assert not (ta_project.root / EVIDENCE).exists()
    refused = _script("setup.py", KEY, project=ta_project)  # planning needs `review`
    assert refused.returncode == 1
    assert refused.stderr == (f"test-automate setup: story {KEY} is in 'in-progress' status — "
                              "must be in 'review' status for test automation\n")
    both = _script("setup.py", KEY, "--status", "--scaffold", project=ta_project)
    assert both.returncode == 2


@pytest.mark.parametrize(("args", "code", "message"), [
    ((), 2, "test-automate approve: the following arguments are required: key "
            "(see 'approve.py --help')\n"),
    ((KEY,), 2, "test-automate approve: approve.py: give exactly one of --present or "
                "--decision\n"),
    ((KEY, "--decision", "maybe"), 2, None),
    (("E9-S9", "--present"), 1, "test-automate approve: Cannot proceed with approval gate — "
                                "plan file or story file not found. Re-run Review Phase 1.\n"),
    ((KEY, "--present"), 1, "test-automate approve: Cannot proceed with approval gate — "
                            "plan file or story file not found. Re-run Review Phase 1.\n"),
])
def test_approve_bad_input_is_one_line_and_writes_nothing(
    ta_project: Project, args: tuple[str, ...], code: int, message: str | None
) -> None:
    done = _script("approve.py", *args, project=ta_project)
    assert (done.returncode, done.stdout) == (code, "")
    assert len(done.stderr.splitlines()) == 1
    if message is not None:
        assert done.stderr == message
    assert not (ta_project.root / ".gaia/state/review").exists()


def test_an_unparseable_plan_halts_plan_tamper_detected(ta_project: Project) -> None:
    _plan_run(ta_project)
    path = _plan_path(ta_project)
    path.write_text("---\n: [unclosed\n---\n")
    done = _script("approve.py", KEY, "--present", project=ta_project)
    assert (done.returncode, done.stderr) == (
        1, "test-automate approve: plan_tamper_detected — cannot parse plan_id from plan file "
           "frontmatter. Re-run Review Phase 1.\n")


def test_entry_scripts_never_import_the_cli_package() -> None:
    code = ("import runpy, sys\nsys.argv = ['setup.py', '--help']\n"
            f"try:\n    runpy.run_path({str(SCRIPTS / 'approve.py')!r}, run_name='x')\n"
            "except SystemExit:\n    pass\nprint(any(m.startswith('gaia_lib.cli') for m in "
            "sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], env={**os.environ,
                          "PYTHONPATH": str(REPO_ROOT / "scripts")}, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.stdout.strip() == "False", done.stderr


def test_gaia_test_automate_plan_runs_the_same_phases(ta_project: Project) -> None:
    """`gaia test-automate-plan <phase>` is the same step as the entry script."""
    root = ta_project.root

    def gaia(*args: str) -> str:
        done = run_gaia("test-automate-plan", *args, cwd=root)
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert json.loads(gaia("setup", KEY))["route"] == "plan"
    assert json.loads(gaia("analyze", KEY))["uncovered"] == ["AC3"]
    assert gaia("verdict", KEY) == _ok("verdict.py", KEY, project=ta_project) == "APPROVE\n"
    final = gaia("finalize", KEY).splitlines()
    assert final[0] == f"Test automation plan {KEY}: APPROVE"
    assert gaia("present", KEY) == _ok("approve.py", KEY, "--present", project=ta_project)
    assert gaia("decide", KEY, "--decision", "approve").startswith("Plan approved.")
    plan_id = plans.load(_plan_path(ta_project)).plan_id
    assert final[3] == f"plan_id: {plan_id}" and _status(ta_project, plan_id) == "PASSED"
    gaia("present", KEY)  # the decision above used the presentation up
    yolo = run_gaia("test-automate-plan", "decide", KEY, "--decision", "approve", "--yolo",
                    cwd=root)
    assert (yolo.returncode, yolo.stderr) == (
        4, "test-automate-plan: allowlist source absent — cannot auto-approve.\n")


@pytest.mark.parametrize(("acs", "why"), [
    ("- [ ] **AC1:** Given <context>, when <action>, then <expected result>.\n",
     "AC1 is still the story template's placeholder"),
    ("", "No acceptance criteria found in story"),
])
def test_a_story_with_nothing_to_plan_for_is_not_approved(
    project: Project, monkeypatch: pytest.MonkeyPatch, acs: str, why: str
) -> None:
    """Straight from the template, or with no AC at all: no plan to approve."""
    made = make_qa_project(project, monkeypatch)
    made.add_story(KEY, acs=acs, file_list=["app/signup.py", "tests/test_signup.py"])
    lines = _plan_run(made)
    assert lines[0] == f"Test automation plan {KEY}: REQUEST_CHANGES"
    assert lines[-1] == "reason: check 'ac-parse' failed with a blocking finding -> REQUEST_CHANGES"
    analysis = _json(made.root / EVIDENCE / "analysis-results.json")
    check = next(c for c in analysis["checks"] if c["name"] == "ac-parse")
    assert why in check["findings"][0]["message"]


def test_scaffold_skeletons_leave_their_acs_to_be_planned(ta_project: Project) -> None:
    """`--scaffold`'s skeletons skip: a planning run after them still proposes AC3's test."""
    done = run_gaia("test-automate", KEY, "--scaffold", "--stack", "python-dev",
                    cwd=ta_project.root)
    assert done.returncode == 0, done.stderr
    assert (ta_project.root / "tests" / "test_e1_s1_ac3.py").is_file()
    _ok("setup.py", KEY, project=ta_project)
    analysis = json.loads(_ok("analyze.py", KEY, project=ta_project))
    assert analysis["uncovered"] == ["AC3"]
    results = _json(ta_project.root / EVIDENCE / "analysis-results.json")
    assert [row for row in results["ac_coverage"] if row["ac_id"] == "AC3"] == [
        {"ac_id": "AC3", "matched": False, "test_count": 0}]
