from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from gaia_lib.core import yolo
from gaia_lib.core.errors import GaiaError, UsageError
from gaia_lib.dev_story import gates, session, tdd_evidence, val_envelope
from gaia_lib.story.parser import GateRow
from helpers.projects import Project

ENV: dict[str, str] = {"CLAUDE_CODE_SESSION_ID": "sess-1"}
YOLO_ENV = {**ENV, "GAIA_YOLO_MODE": "1"}
PLAN = "\n".join(f"## {s}\nText.\n" for s in (
    "Context", "Implementation Steps", "Files to Modify", "Architecture Refs", "UX Refs",
    "Testing Strategy", "Risks", "Verification Plan"))


TDD = {"red": {"tests/test_c.py::test_c": "failed"},
       "green": {"tests/test_c.py::test_c": "passed"},
       "refactor": {"tests/test_c.py::test_c": "passed"}}


@pytest.fixture
def story(project: Project) -> Path:
    path = project.add_story("E1-S2", slug="confirm", status="in-progress")
    session.record(project.root, "E1-S2", {"mode": "RESUME"})
    tdd_evidence.write_records(project.root, path, "E1-S2", TDD)  # red, green, refactor run
    return path


def _plan(project: Project, text: str = PLAN) -> Path:
    return project.write(".gaia/state/dev-story/E1-S2/plan.md", text)


def _reply(project: Project, artifact: str, findings: list[dict[str, str]],
           **overrides: str) -> Path:
    envelope: dict[str, object] = {
        "agent": "val", "persona_sig": val_envelope.persona_sig(),
        "timestamp": "2026-11-30T10:00:00Z", "artifact_path": artifact,
        "verdict": "FAIL" if findings else "PASS", "findings": findings}
    envelope.update(overrides)
    return project.write(".gaia/state/dev-story/E1-S2/val-reply.json", json.dumps(envelope))


CRIT = {"severity": "critical", "location": "plan.md:3", "message": "AC2 has no step",
        "fix": "add one"}
WARN = {"severity": "warning", "location": "plan.md:9", "message": "vague risk"}
INFO = {"severity": "suggestion", "message": "rename"}


# ---------------------------------------------------------------- pure rules


@pytest.mark.parametrize(
    ("findings", "outcome"),
    [([], "clean"), ([INFO], "info_only"), ([INFO, WARN], "findings_present"),
     ([CRIT], "findings_present"), ([{"severity": "INFO"}], "info_only"),
     (["not an object"], "findings_present"), ([{"message": "no severity"}],
                                                "findings_present")],
)
def test_classify(findings: list[object], outcome: str) -> None:
    assert gates.classify(findings) == outcome


def test_grouped() -> None:
    assert gates.grouped([WARN, CRIT, INFO]).splitlines() == [
        "CRITICAL (1)", "- plan.md:3: AC2 has no step (fix: add one)",
        "WARNING (1)", "- plan.md:9: vague risk",
        "INFO (1)", "- rename"]


def _rows(**status: str) -> list[GateRow]:
    names = ("Code Review", "QA Tests", "Security Review", "Test Automation", "Test Review",
             "Performance Review")
    return [GateRow(n, status.get(n.split()[0].lower(), "UNVERIFIED"), "—", i)
            for i, n in enumerate(names)]


def test_summary_reports_unrun_reviews_as_unverified() -> None:
    lines = gates.summary_lines("E1-S2", _rows(qa="PASSED"), {"QA Tests": "qa-r1.md"})
    assert lines[:9] == [
        "## Review Summary", "",
        "- Code Review: UNVERIFIED — not run (not available in this plugin)",
        "- QA Tests: PASSED — qa-r1.md",
        "- Security Review: UNVERIFIED — not run (not available in this plugin)",
        "- Test Automation: UNVERIFIED — not run (not available in this plugin)",
        "- Test Review: UNVERIFIED — not run (not available in this plugin)",
        "- Performance Review: UNVERIFIED — not run (not available in this plugin)", ""]
    assert lines[9] == (
        "**YOLO dispatch failed:** auto-run-reviews dispatch did not return verdicts (Code "
        "Review, Security Review, Test Automation, Test Review, Performance Review: not run). "
        "Review Gate rows remain UNVERIFIED. Run `/gaia-run-all-reviews E1-S2` manually.")
    assert lines[-1] == "**Composite Review Gate:** PENDING — 5 UNVERIFIED row(s) remain."
    assert not any("PASSED" in line for line in lines if "QA Tests" not in line)


def test_summary_failed_qa_blocks_and_an_unwritten_qa_row_is_not_passed() -> None:
    failed = gates.summary_lines("E1-S2", _rows(qa="FAILED"), {})
    assert "- QA Tests: FAILED — —" in failed
    assert failed[-1] == ("**Composite Review Gate:** BLOCKED — 1 FAILED review(s) must be "
                          "addressed before merge.")
    silent = gates.summary_lines("E1-S2", _rows(), {})
    assert "- QA Tests: UNVERIFIED — not run (ran but wrote no verdict)" in silent
    done = gates.summary_lines("E1-S2", _rows(code="PASSED", qa="PASSED", security="PASSED",
                                              test="PASSED", performance="PASSED"), {})
    assert done[-1] == "**Composite Review Gate:** COMPLETE"
    assert not any("YOLO dispatch failed" in line for line in done)


# ---------------------------------------------------------------- Step 4, interactive


def test_plan_gate_halts_then_passes(project: Project, story: Path) -> None:
    root = project.root
    _plan(project)
    halted = gates.plan_gate(root, "E1-S2", "halted", ENV)
    assert (halted.stdout, halted.lines, halted.exit_code) == (
        "ASK", ("step4_gate: yolo=false verdict=halted",), 0)
    assert session.run_vars(root, "E1-S2")["step4"] == "halted"
    revised = gates.plan_gate(root, "E1-S2", "revise", ENV)
    assert (revised.stdout, revised.lines) == ("REVISE", ("step4_gate: yolo=false verdict=revise",))
    passed = gates.plan_gate(root, "E1-S2", "passed", ENV)
    assert (passed.stdout, passed.lines) == ("CONTINUE", ("step4_gate: yolo=false verdict=passed",))
    assert session.run_vars(root, "E1-S2")["step4"] == "passed"


def test_approval_needs_a_presented_gate(project: Project, story: Path) -> None:
    out = gates.plan_gate(project.root, "E1-S2", "passed", ENV)
    assert (out.stdout, out.exit_code) == ("ASK", 1)
    assert "step4" not in session.run_vars(project.root, "E1-S2")
    assert gates.plan_gate(project.root, "E1-S2", "revise", ENV).exit_code == 1


def test_plan_gate_needs_every_section(project: Project, story: Path) -> None:
    _plan(project, PLAN.replace("## Risks", "## Рisks"))  # a Cyrillic Р is not the section
    out = gates.plan_gate(project.root, "E1-S2", "halted", ENV)
    assert (out.stdout, out.lines, out.exit_code) == (
        "REGENERATE", ("plan structure: missing section: Risks",), 1)
    assert "step4" not in session.run_vars(project.root, "E1-S2")


def test_plan_gate_rework_needs_root_cause(project: Project, story: Path) -> None:
    session.record(project.root, "E1-S2", {"mode": "REWORK"})
    _plan(project)
    out = gates.plan_gate(project.root, "E1-S2", "halted", ENV)
    assert out.lines == ("plan structure: missing section: Root Cause",)
    _plan(project, PLAN + "## Root Cause\nWhy.\n")
    assert gates.plan_gate(project.root, "E1-S2", "halted", ENV).stdout == "ASK"


def test_plan_gate_validate_asserts_the_envelope(project: Project, story: Path) -> None:
    plan = _plan(project)
    reply = _reply(project, str(plan), [WARN, CRIT])
    out = gates.plan_gate(project.root, "E1-S2", "validate", ENV, reply=reply)
    assert out.stdout.splitlines()[:3] == ["ASK", "CRITICAL (1)",
                                           "- plan.md:3: AC2 has no step (fix: add one)"]
    assert out.lines == ("step4_gate: yolo=false verdict=validate",)
    assert val_envelope.sentinel_path(project.root, str(plan)).is_file()


@pytest.mark.parametrize("forgery", [{"persona_sig": "sha256:" + "0" * 64}, {"agent": "dev"},
                                     {"artifact_path": "elsewhere.md"}])
def test_a_forged_envelope_halts(project: Project, story: Path, forgery: dict[str, str]) -> None:
    plan = _plan(project)
    reply = _reply(project, str(plan), [], **forgery)
    with pytest.raises(GaiaError, match="HALT: Val agent envelope assertion failed") as caught:
        gates.plan_gate(project.root, "E1-S2", "validate", ENV, reply=reply)
    assert caught.value.exit_code == 1
    assert "step4" not in session.run_vars(project.root, "E1-S2")


@pytest.mark.parametrize("wrap", ["```json\n{}\n```", "Here is my review:\n\n```\n{}\n```\n",
                                  "Verdict follows. {} Done."])
def test_a_reply_wrapping_its_envelope_in_a_fence_or_prose_is_read(
        project: Project, story: Path, wrap: str) -> None:
    plan = _plan(project)
    reply = _reply(project, str(plan), [WARN])
    reply.write_text(wrap.replace("{}", reply.read_text()))
    out = gates.plan_gate(project.root, "E1-S2", "validate", ENV, reply=reply)
    assert out.stdout.splitlines()[0] == "ASK"


@pytest.mark.parametrize(("text", "why"), [
    ("I could not validate the plan.", "(malformed: the reply holds no JSON object)"),
    (None, "(forged: it validated 'elsewhere.md', not "),
])
def test_a_halt_says_which_cause(project: Project, story: Path, text: str | None,
                                 why: str) -> None:
    plan = _plan(project)
    reply = _reply(project, str(plan), [], artifact_path="elsewhere.md")
    if text is not None:
        reply.write_text(text)
    with pytest.raises(GaiaError) as caught:
        gates.plan_gate(project.root, "E1-S2", "validate", ENV, reply=reply)
    assert why in caught.value.message and "\n" not in caught.value.message


def test_the_interactive_gate_is_refused_in_yolo(project: Project, story: Path) -> None:
    _plan(project)
    with pytest.raises(UsageError, match="YOLO is active"):
        gates.plan_gate(project.root, "E1-S2", "passed", YOLO_ENV)
    with pytest.raises(UsageError, match="not in YOLO mode"):
        gates.val_loop(project.root, "E1-S2", "4", 1, Path("x"), ENV)


# ---------------------------------------------------------------- Val loops


def test_yolo_plan_loop_fix_then_pass(project: Project, story: Path) -> None:
    root = project.root
    plan = _plan(project)
    first = gates.val_loop(root, "E1-S2", "4", 1, _reply(project, str(plan), [WARN]), YOLO_ENV)
    assert first.stdout.splitlines()[0] == "FIX" and first.exit_code == 0
    assert first.lines == ("step4_gate: yolo=true iteration=1 outcome=findings_present",)
    second = gates.val_loop(root, "E1-S2", "4", 2, _reply(project, str(plan), [INFO]), YOLO_ENV)
    assert (second.stdout, second.lines) == ("PASSED", (
        "step4_gate: yolo=true iteration=2 outcome=info_only", "step4_gate: yolo=true verdict=passed"))
    assert session.run_vars(root, "E1-S2")["step4"] == "passed"
    audit = root / ".gaia/memory/checkpoints/E1-S2-yolo-plan-findings.md"
    text = audit.read_text()
    assert text.index("## Iteration 1 — ") < text.index("## Iteration 2 — ")
    assert text.count("## Iteration ") == 2


def test_val_loop_cap_halts_with_the_audit_file(project: Project, story: Path) -> None:
    root = project.root
    for n in (1, 2):
        gates.val_loop(root, "E1-S2", "7b", n, _reply(project, str(story), [CRIT]), ENV)
    out = gates.val_loop(root, "E1-S2", "7b", 3, _reply(project, str(story), [CRIT]), ENV)
    assert out.exit_code == 4 and out.stdout.splitlines()[0] == "HALTED"
    audit = root / ".gaia/memory/checkpoints/E1-S2-tdd-val-findings.md"
    assert out.lines[:3] == (
        "step7b_gate: iteration=3 outcome=findings_present",
        "Step 7b Val loop: same findings as the previous iteration (stall); note it in the Dev "
        "Agent Record",
        "step7b_gate: verdict=halted")
    assert str(audit) in out.lines[-1] and out.lines[-1].startswith("HALT: Val loop reached")
    assert audit.read_text().count("## Iteration ") == 3
    with pytest.raises(GaiaError, match=r"1\.\.3"):
        gates.val_loop(root, "E1-S2", "7b", 4, _reply(project, str(story), []), ENV)


def test_step7b_halts_when_a_tdd_phase_left_no_evidence(project: Project) -> None:
    path = project.add_story("E1-S2", slug="confirm", status="in-progress")
    tdd_evidence.write_records(project.root, path, "E1-S2",
                               {k: v for k, v in TDD.items() if k != "refactor"})
    out = gates.val_loop(project.root, "E1-S2", "7b", 1, _reply(project, str(path), []), ENV)
    assert (out.exit_code, out.stdout.splitlines()[0]) == (4, "HALTED")
    assert out.lines == ("step7b_gate: verdict=halted",
                         "HALT: no TDD evidence for refactor: run `gaia tdd-evidence refactor "
                         "--story E1-S2` (its step) before the Val pass")


def test_step7b_validates_the_story_not_the_plan(project: Project, story: Path) -> None:
    plan = _plan(project)
    with pytest.raises(GaiaError, match="HALT: Val agent envelope"):
        gates.val_loop(project.root, "E1-S2", "7b", 1, _reply(project, str(plan), []), ENV)
    clean = gates.val_loop(project.root, "E1-S2", "7b", 1, _reply(project, str(story), []), ENV)
    assert clean.lines == ("step7b_gate: iteration=1 outcome=clean", "step7b_gate: verdict=passed")


# ---------------------------------------------------------------- TDD review gates


def _tdd_config(project: Project, threshold: str = "low") -> None:
    project.write(".gaia/config/project-config.yaml",
                  f"dev_story:\n  tdd_review:\n    threshold: {threshold}\n"
                  "    phases: [red, green, refactor]\n")


def test_tdd_gate_skip_and_prompt(project: Project, story: Path) -> None:
    _tdd_config(project, "high")  # a medium-risk story is below the threshold
    skip = gates.tdd_gate(project.root, "E1-S2", "red", ENV)
    assert (skip.stdout, skip.lines[-1]) == ("SKIP", "step5_tdd_gate: phase=red verdict=skip")
    _tdd_config(project, "low")
    prompt = gates.tdd_gate(project.root, "E1-S2", "green", ENV)
    assert (prompt.stdout, prompt.lines) == ("PROMPT", ())
    recorded = session.run_vars(project.root, "E1-S2")
    assert session.resume_point("RESUME", {**recorded, "step4": "passed"}, 6) == "6a"
    # a skipped gate asked nothing: a choice for it is refused, and the skip stays recorded
    with pytest.raises(UsageError, match="red TDD review gate was skipped"):
        gates.tdd_choice(project.root, "E1-S2", "red", "proceed-anyway", "trial")
    assert session.run_vars(project.root, "E1-S2")["tdd.red"] == "skip"


def test_tdd_choices(project: Project, story: Path) -> None:
    root = project.root
    halt = gates.tdd_choice(root, "E1-S2", "refactor", "review-myself", None)
    assert (halt.stdout, halt.exit_code, halt.lines[0]) == (
        "HALT", 1, "step7_tdd_gate: phase=refactor verdict=prompt choice=review-myself")
    recorded = session.run_vars(root, "E1-S2")
    assert session.resume_point("RESUME", recorded, 7) == "7a"
    with pytest.raises(UsageError, match="needs --reason"):
        gates.tdd_choice(root, "E1-S2", "red", "proceed-anyway", "  ")
    go = gates.tdd_choice(root, "E1-S2", "red", "proceed-anyway", "spike story")
    assert (go.stdout, go.lines) == (
        "CONTINUE", ("step5_tdd_gate: phase=red verdict=prompt choice=proceed-anyway",))
    decision = json.loads(session.run_vars(root, "E1-S2")["tdd.red.decision"])
    assert (decision["phase"], decision["reason"], decision["choice"]) == (
        "red", "spike story", "proceed-anyway")
    assert decision["timestamp"].endswith("Z")
    assert gates.tdd_choice(root, "E1-S2", "green", "route-to-qa", None).stdout == "DISPATCH"
    with pytest.raises(UsageError, match="--choice must be one of"):
        gates.tdd_choice(root, "E1-S2", "green", "skip", None)


def test_tdd_review_verdicts(project: Project, story: Path) -> None:
    root = project.root
    reply = project.write(".gaia/state/dev-story/E1-S2/tdd-review.json", json.dumps(
        {"phase": "red", "findings": [{"severity": "warning", "file": "t.py", "line": 3,
                                       "message": "weak assertion"}], "summary": "ok"}))
    gates.tdd_choice(root, "E1-S2", "red", "route-to-qa", None)
    assert session.run_vars(root, "E1-S2")["halt"] == "5a"  # until the verdict is in
    passed = gates.tdd_review(root, "E1-S2", "red", reply)
    assert (passed.stdout, passed.exit_code) == ("PASSED\nWARNING: t.py:3: weak assertion", 0)
    assert session.run_vars(root, "E1-S2")["halt"] == ""  # PASSED: go on
    gates.tdd_choice(root, "E1-S2", "green", "route-to-qa", None)
    reply.write_text(json.dumps({"phase": "green", "findings": [
        {"severity": "critical", "file": "t.py", "line": 9, "message": "test edited to pass"}]}))
    failed = gates.tdd_review(root, "E1-S2", "green", reply)
    assert failed.exit_code == 1 and failed.stdout == "FAILED\nCRITICAL: t.py:9: test edited to pass"
    assert session.run_vars(root, "E1-S2")["halt"] == "6a"  # FAILED: a re-run resumes here
    log = gates.findings_file(root, "E1-S2").read_text()
    assert log.index("## red — ") < log.index("## green — ")  # appended, never replaced
    reply.write_text("Looks fine to me!")
    unverified = gates.tdd_review(root, "E1-S2", "refactor", reply)
    assert (unverified.stdout, unverified.exit_code) == ("UNVERIFIED", 1)
    # a clean review of another phase is no review of this one
    reply.write_text(json.dumps({"phase": "green", "findings": []}))
    other = gates.tdd_review(root, "E1-S2", "refactor", reply)
    assert (other.stdout, other.exit_code) == ("UNVERIFIED", 1)
    assert other.lines == (
        "HALT: the tdd-reviewer's reply is for the green phase, not the refactor phase; the "
        "review did not run",)


# ---------------------------------------------------------------- advisories


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=root,
                   check=True, capture_output=True)


def test_hints_and_cache_advisory_on_a_real_repository(project: Project, story: Path) -> None:
    root = project.root
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "base")
    _git(root, "checkout", "-qb", "feat/E1-S2-confirm")
    project.write("src/api/users.py", "x = 1\n")
    project.write("skills/demo/SKILL.md", "# demo\n")
    hints = gates.hints(root, "E1-S2", {})
    assert hints.lines == ("step6b_gate: advisories=1",) and "src/api/users.py" in hints.stdout
    assert gates.cache_advisory(root, "E1-S2", "main").lines == ("step14b_gate: advisories=0",)
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "change")
    advisory = gates.cache_advisory(root, "E1-S2", "main")
    assert advisory.lines[-1] == "step14b_gate: advisories=1"
    assert "skills/demo/SKILL.md" in advisory.lines[0] and advisory.exit_code == 0


# ---------------------------------------------------------------- Step 16, Mode B, Figma


def test_step16_skips_without_yolo_and_plans_the_qa_review_with_it(
    project: Project, story: Path
) -> None:
    root = project.root
    skipped = gates.reviews(root, "E1-S2", ENV)
    assert (json.loads(skipped.stdout), skipped.lines) == (
        {"yolo": False, "run": []}, ("step16_gate: yolo=false verdict=skipped",))
    yolo.set_yolo(root, ENV)
    planned = gates.reviews(root, "E1-S2", ENV)
    data = json.loads(planned.stdout)
    assert planned.lines == ("step16_gate: yolo=true verdict=invoked",)
    assert [(r["gate"], r["command"]) for r in data["run"]] == [("QA Tests", "/gaia-review-qa E1-S2")]
    assert Path(data["run"][0]["report"]).name.startswith("qa-tests-E1-S2")
    assert len(data["not_available"]) == 5
    summary = gates.review_summary(root, "E1-S2", ENV)
    assert summary.lines == ("step16_gate: yolo=true verdict=complete",)
    assert "**Composite Review Gate:** PENDING — 6 UNVERIFIED row(s) remain." in summary.stdout


def test_mode_b_and_figma(project: Project, story: Path) -> None:
    assert gates.mode_b(project.root, "E1-S2", True) == gates.GateOutput("TEAM")
    fallback = gates.mode_b(project.root, "E1-S2", False)
    assert fallback.stdout == "SUBAGENT" and fallback.lines[0].startswith("MODE_B_FALLBACK: ")
    assert session.run_vars(project.root, "E1-S2")["orchestration"] == "fallback"
    assert gates.figma("E1-S2", "claude_ai_Figma").lines == (
        "figma_mcp_unavailable: server=claude_ai_Figma fallback=text-only",)
    with pytest.raises(UsageError):
        gates.figma("E1-S2", " ")
