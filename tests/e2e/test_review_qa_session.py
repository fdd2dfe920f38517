"""`/gaia-review-qa E1-S1` end to end inside the real CLI, on a git copy of the demo project.

The prompt is the slash command itself; both `/gaia-review-qa` and `/gaia:gaia-review-qa` expand
the skill in `-p` mode on both CLI versions (the namespaced form gets a short session that
checks the expansion only). The scripted model is `skill_follower.Follower`: it does what the
rendered SKILL.md says, so a skill that names a wrong flag, subagent or file, or drops a step,
fails here (`test_skill_mutations.py` proves it). What runs, in order:
- the skill's `!` line (the setup entry script through `bin/gaia`), before the first model
  request; its JSON is in the rendered skill the model receives;
- main thread: the Agent tool with the `subagent_type` and prompt the dispatch step gives;
- the qa subagent (its requests carry agents/qa.md in the system prompt): the analyze entry
  script its prompt names, then a Write that the CLI refuses (the agent has no Write tool),
  then the findings JSON and the report;
- main thread: the persist step's two Writes into the evidence dir, then every later step's
  entry-script command (verdict, finalize) with Bash.
Every tool result must be a success except the subagent's refused Write, and the calls must be
the ones SKILL.md on disk names. No `--allowedTools`: the skill's `allowed-tools` cover every
Bash call. About 9 s per session (setup probes the tools, analyze runs the demo's tests).

A second review of the same copy after a change to its tests, whose subagent returns a
malformed report, must give an `[INCOMPLETE]` report and BLOCKED, and no round 2: the
reviewer's unusable output is no QA round (its report is `-incomplete` in the evidence
directory; round 1's report, gate row and the QA status stay).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from e2e.claude_cli import ClaudeCli, Session, SessionResult, run_session
from e2e.demo import demo_copy, seed_plugin_data, session_env
from e2e.fake_api import Text, ToolUse, Turn, tool_result_text
from e2e.skill_follower import FINAL, Follower, Plan, plan_of
from gaia_lib.story import parser as story_mod

pytestmark = [pytest.mark.claude, pytest.mark.every_cli]

KEY = "E1-S1"
EVIDENCE = f".gaia/state/review/qa-tests/{KEY}"
REPORT = f".gaia/artifacts/implementation-artifacts/qa-tests-{KEY}.md"
REPORT2 = f".gaia/artifacts/implementation-artifacts/qa-tests-{KEY}-round2.md"  # round 2's own
INCOMPLETE = f"{EVIDENCE}/qa-tests-{KEY}-incomplete.md"  # a review that is no round
STORY = (".gaia/artifacts/implementation-artifacts/epic-e1-account-signup/stories/"
         "E1-S1-email-signup.md")
QA_MARKER = "# QA reviewer"  # the first heading of agents/qa.md's body: the subagent's prompt
QA_TOOLS = {"Read", "Grep", "Glob", "Bash"}  # agents/qa.md `tools:`
FINDINGS = {"findings": [
    {"category": "coverage", "severity": "warning", "file": "tests/unit/test_signup.py",
     "line": 0, "message": "AC3 (duplicate address) has no test", "ac_ref": "AC3"},
    {"category": "assertion", "severity": "warning", "file": "tests/unit/test_signup.py",
     "line": 0, "message": "an AC2 test only asserts that an error was raised",
     "ac_ref": "AC2"},
]}
GOOD_REPORT = (
    f"# QA review {KEY}\n\n## Deterministic Analysis\n\n"
    "AC coverage 60%: AC3 and AC4 have no matching test.\n\n"
    "## LLM Semantic Review\n\n### Warning\n\n"
    "- coverage: AC3 (duplicate address) has no test\n"
    "- assertion: an AC2 test only asserts that an error was raised\n\n"
    "**Verdict: BLOCKED**"
)
BAD_REPORT = "Looks fine to me, ship it."


def _qa_extra(project: Path, tag: str) -> list[Turn]:
    """The subagent tries to write a test file: the CLI must refuse (no Write tool)."""
    return [[ToolUse("Write", {"file_path": str(project / "tests" / "unit" / "test_dup.py"),
                               "content": "def test_dup():\n    pass\n"},
                     id=f"toolu_qa_write_{tag}")]]


def follower(project: Path, report: str, tag: str) -> Follower:
    return Follower(KEY, str(project), tag, FINDINGS, report, _qa_extra(project, tag))


def review(claude: ClaudeCli, plugin_root: Path, project: Path, work: Path, venv: Path,
           model: Follower, prompt: str = f"/gaia-review-qa {KEY}") -> SessionResult:
    seed_plugin_data(work / "claude-config", venv)
    session = Session(prompt=prompt, script=model.steps(), agents={QA_MARKER: [model.qa] * 6},
                      plugin_root=plugin_root, project=project, work=work,
                      output_format="stream-json", env=session_env(venv.parent))
    return run_session(claude, session)


def _results(result: SessionResult) -> dict[str, tuple[bool, str]]:
    return {str(b["tool_use_id"]): (bool(b.get("is_error")), tool_result_text(b))
            for b in result.tool_results}


def _check_expansion(result: SessionResult) -> None:
    """The skill was expanded and its `!` setup line ran before the first model request."""
    first = next(r for r in result.requests if r.thread == "main").text()
    assert "<command-name>/gaia:gaia-review-qa</command-name>" in first
    assert f"<command-args>{KEY}</command-args>" in first
    setup = json.loads(first[first.index("## Setup (already run)") + 22:
                             first.index("The JSON above")])
    assert (setup["story_key"], setup["status"], setup["evidence_dir"], setup["blocked"]) == (
        KEY, "review", EVIDENCE, None)


def skill_plan(plugin_root: Path, project: Path) -> Plan:
    """SKILL.md as it is on disk, rendered the way the CLI renders it, read as a plan."""
    text = (plugin_root / "skills" / "gaia-review-qa" / "SKILL.md").read_text("utf-8")
    text = text.replace("${CLAUDE_PLUGIN_ROOT}", str(plugin_root))
    bang = re.search(r"^!`([^`]*)`$", text, re.MULTILINE)
    assert bang is not None, "SKILL.md has no `!` setup line"
    setup = json.dumps({"story_key": KEY, "evidence_dir": EVIDENCE, "blocked": None})
    return plan_of(text.replace(bang.group(0), setup), KEY)


def check_session(result: SessionResult, model: Follower, plugin_root: Path,
                  project: Path) -> dict[str, tuple[bool, str]]:
    """What every review session must show; the scenario checks its verdict afterwards."""
    tag = model.tag
    assert not result.failures, f"the scripted model could not follow the skill: {result.failures}"
    assert result.returncode == 0, result.stdout + result.stderr
    _check_expansion(result)

    # Every tool call succeeded, except the subagent's Write, which the CLI must refuse.
    results = _results(result)
    errors = result.tool_errors()
    assert set(errors) == {f"toolu_qa_write_{tag}"}, errors
    assert "No such tool available: Write" in errors[f"toolu_qa_write_{tag}"]
    assert not (project / "tests" / "unit" / "test_dup.py").exists()

    # What the session did is what SKILL.md on disk says, in its order.
    plan = skill_plan(plugin_root, project)
    assert model.plan is not None
    assert replace(model.plan, setup={}) == replace(plan, setup={})  # setup JSON: _check_expansion
    assert [(thread, tool) for thread, tool, _ in model.done] == [
        ("main", "Agent"), ("qa", "Bash"), ("qa", "Write"), ("main", "Write"), ("main", "Write"),
        *[("main", "Bash")] * len(plan.commands)]
    calls = [i for _, _, i in model.done]
    assert calls[0]["subagent_type"] == plan.subagent_type == "gaia:qa"
    assert calls[1]["command"] == plan.analyze_command
    assert [c["file_path"] for c in calls[3:5]] == [
        str(project / plan.persist["findings"]), str(project / plan.persist["report"])]
    assert tuple(c["command"] for c in calls[5:]) == plan.commands
    scripts = plugin_root / "skills" / "gaia-review-qa" / "scripts"
    launcher = plugin_root / "bin" / "gaia"
    assert plan.analyze_command.startswith(f"{launcher} {scripts / 'analyze.py'} {KEY}")
    assert [c.split()[:3] for c in plan.commands] == [
        [str(launcher), str(scripts / f"{phase}.py"), KEY] for phase in ("verdict", "finalize")]
    assert result.result is not None and result.result["result"] == FINAL

    threads = [r.thread for r in result.requests if r.is_agent_turn]
    assert threads == ["main", QA_MARKER, QA_MARKER, QA_MARKER] + ["main"] * (3 + len(plan.commands))
    # The qa subagent is offered only its own tools: never Write or Edit.
    for request in result.requests:
        if request.thread == QA_MARKER:
            assert set(request.tool_names) <= QA_TOOLS, request.tool_names
            assert {"Read", "Bash"} <= set(request.tool_names)

    analysis = json.loads(results[f"toolu_analyze_{tag}"][1])
    assert analysis["analysis_results"] == str(project / EVIDENCE / "analysis-results.json")
    assert analysis["uncovered"] == ["AC3", "AC4"]
    # The parent got the subagent's answer and persisted it unchanged.
    assert "```markdown" in results[f"toolu_agent_{tag}"][1]
    assert json.loads((project / plan.persist["findings"]).read_text()) == FINDINGS
    return results


def _rounds(project: Path) -> list[dict[str, Any]]:
    lines = (project / ".gaia" / "state" / "review-rounds.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def _qa_gate(project: Path) -> tuple[str, str]:
    story = story_mod.load_story(project / STORY)
    row = next(r for r in story.review_gate or () if r.name == "QA Tests")
    return row.status, row.report


def test_namespaced_command_runs_the_skill_setup(
    claude: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path
) -> None:
    """`/gaia:gaia-review-qa` expands the same skill (the review itself is the next test)."""
    project = demo_copy(tmp_path / "demo")
    work = tmp_path / "work"
    seed_plugin_data(work / "claude-config", plugin_venv)
    result = run_session(claude, Session(
        prompt=f"/gaia:gaia-review-qa {KEY}", script=[[Text("Stopping here.")]],
        plugin_root=plugin_root, project=project, work=work, output_format="stream-json",
        env=session_env(plugin_venv.parent)))
    assert result.returncode == 0, result.stdout + result.stderr
    _check_expansion(result)
    assert (project / ".gaia" / "memory" / "checkpoints" / "qa-tests.yaml").is_file()


def test_review_qa_skill_end_to_end(
    claude: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path
) -> None:
    project = demo_copy(tmp_path / "demo")
    model = follower(project, GOOD_REPORT, "good")
    result = review(claude, plugin_root, project, tmp_path / "run1", plugin_venv, model)
    results = check_session(result, model, plugin_root, project)
    assert results["toolu_cmd0_good"][1].splitlines()[0] == "REQUEST_CHANGES"  # verdict.py
    assert results["toolu_cmd1_good"][1].splitlines()[:3] == [  # finalize.py
        f"QA review {KEY}: REQUEST_CHANGES",
        f"report: {project / REPORT}",
        "gate: QA Tests -> FAILED (Review Gate: BLOCKED)",
    ]
    report = (project / REPORT).read_text("utf-8")
    assert not report.startswith("[INCOMPLETE]")
    assert "## LLM Semantic Review" in report
    # The fork proposed BLOCKED; the resolver's verdict is the last line.
    assert report.splitlines()[-1] == "**Verdict: REQUEST_CHANGES**"
    assert _qa_gate(project) == ("FAILED", REPORT)
    assert [(r["story"], r["gate"], r["round"], r["verdict"]) for r in _rounds(project)] == [
        (KEY, "QA Tests", 1, "FAILED")
    ]
    # The developer works on the tests between the reviews: the next review is round 2.
    tests = project / "tests/unit/test_signup.py"
    tests.write_text(tests.read_text("utf-8") + "\n# AC3: a duplicate signup test is next\n",
                     "utf-8")
    model = follower(project, BAD_REPORT, "bad")
    result = review(claude, plugin_root, project, tmp_path / "run2", plugin_venv, model)
    results = check_session(result, model, plugin_root, project)
    text = results["toolu_cmd1_bad"][1]
    assert text.splitlines()[0] == f"QA review {KEY}: BLOCKED"
    assert "review payload malformed -> BLOCKED" in text
    report = (project / INCOMPLETE).read_text("utf-8")
    assert report.startswith("[INCOMPLETE]")
    assert report.splitlines()[-1] == "**Verdict: BLOCKED**"
    assert not (project / REPORT2).exists()
    assert not (project / REPORT).read_text("utf-8").startswith("[INCOMPLETE]")  # round 1 kept
    assert _qa_gate(project) == ("FAILED", REPORT)
    assert [(r["round"], r["verdict"]) for r in _rounds(project)] == [(1, "FAILED")]
