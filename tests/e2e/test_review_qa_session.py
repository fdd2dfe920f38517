"""`/gaia-review-qa E1-S1` end to end inside the real CLI, on a git copy of the demo project.

The prompt is the slash command itself; both `/gaia-review-qa` and `/gaia:gaia-review-qa` expand
the skill in `-p` mode on both CLI versions (the namespaced form gets a short session that
checks the expansion only). What runs, in order:
- the skill's `!` setup line (`${CLAUDE_PLUGIN_ROOT}/bin/gaia review-qa setup E1-S1`), before
  the first model request; its JSON is in the rendered skill the model receives;
- main thread: the Agent tool with `subagent_type: "gaia:qa"`;
- the qa subagent (its requests carry agents/qa.md in the system prompt): Bash
  `gaia review-qa analyze E1-S1` (plugin `bin/` is on the Bash PATH), then a Write that the
  CLI refuses (the agent has no Write tool), then the findings JSON and the report;
- main thread: Write `fork-findings.json` and `fork-report.md` into the evidence dir, then Bash
  `gaia review-qa finalize E1-S1 --llm-findings ... --payload ...`.
No `--allowedTools`: the skill's `allowed-tools` cover every Bash call. About 9 s per session
(setup probes the tools, analyze runs the demo's tests with coverage).

A second review of the same copy, whose subagent returns a malformed report, must give an
`[INCOMPLETE]` report and BLOCKED, as round 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from e2e.claude_cli import ClaudeCli, Session, SessionResult, run_session
from e2e.demo import demo_copy, seed_plugin_data, session_env
from e2e.fake_api import Text, ToolUse, Turn, tool_result_text
from gaia_lib.story import parser as story_mod

pytestmark = pytest.mark.claude

KEY = "E1-S1"
EVIDENCE = f".gaia/state/review/qa-tests/{KEY}"
REPORT = f".gaia/artifacts/implementation-artifacts/qa-tests-{KEY}.md"
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


def _fenced(findings: dict[str, Any], report: str) -> str:
    return f"```json\n{json.dumps(findings)}\n```\n\n```markdown\n{report}\n```"


def _read_first(evidence: Path, tag: str) -> list[Turn]:
    """Reads of the fork files an earlier round left: 2.1.197 refuses to Write over a file the
    session has not Read ("File has not been read yet"), so SKILL.md says to Read them first."""
    return [
        [ToolUse("Read", {"file_path": str(evidence / name)}, id=f"toolu_read_{n}_{tag}")]
        for n, name in enumerate(("fork-findings.json", "fork-report.md"))
        if (evidence / name).exists()
    ]


def _scripts(project: Path, report: str, findings: dict[str, Any],
             tag: str) -> tuple[list[Turn], list[Turn]]:
    evidence = project / EVIDENCE
    main: list[Turn] = [
        [Text("Dispatching the QA reviewer."),
         ToolUse("Agent", {"description": f"QA review {KEY}", "subagent_type": "gaia:qa",
                           "prompt": f"Review story {KEY}. First run `gaia review-qa analyze "
                                     f"{KEY}`. Do not write any file."},
                 id=f"toolu_agent_{tag}")],
        *_read_first(evidence, tag),
        [ToolUse("Write", {"file_path": str(evidence / "fork-findings.json"),
                           "content": json.dumps(findings, indent=2) + "\n"},
                 id=f"toolu_write_findings_{tag}")],
        [ToolUse("Write", {"file_path": str(evidence / "fork-report.md"),
                           "content": report + "\n"}, id=f"toolu_write_report_{tag}")],
        [ToolUse("Bash", {"command": f"gaia review-qa finalize {KEY} --llm-findings "
                                     f"{EVIDENCE}/fork-findings.json --payload "
                                     f"{EVIDENCE}/fork-report.md",
                          "description": "Verdict, report and gate"},
                 id=f"toolu_finalize_{tag}")],
        [Text("QA review finished.")],
    ]
    qa: list[Turn] = [
        [ToolUse("Bash", {"command": f"gaia review-qa analyze {KEY}",
                          "description": "Deterministic analysis"}, id=f"toolu_analyze_{tag}")],
        [ToolUse("Write", {"file_path": str(project / "tests" / "unit" / "test_dup.py"),
                           "content": "def test_dup():\n    pass\n"},
                 id=f"toolu_qa_write_{tag}")],
        [Text(_fenced(findings, report))],
    ]
    return main, qa


def _review(claude: ClaudeCli, plugin_root: Path, project: Path, work: Path, venv: Path,
            report: str, tag: str, prompt: str) -> SessionResult:
    seed_plugin_data(work / "claude-config", venv)
    main, qa = _scripts(project, report, FINDINGS, tag)
    session = Session(prompt=prompt, script=main, agents={QA_MARKER: qa},
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


def _check_session(result: SessionResult, project: Path, tag: str) -> dict[str, tuple[bool, str]]:
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.result is not None and result.result["result"] == "QA review finished."
    threads = [r.thread for r in result.requests if r.is_agent_turn]
    reads = 2 if tag == "bad" else 0
    assert threads == ["main", QA_MARKER, QA_MARKER, QA_MARKER] + ["main"] * (4 + reads)

    _check_expansion(result)

    # The qa subagent is offered only its own tools: never Write or Edit.
    for request in result.requests:
        if request.thread == QA_MARKER:
            assert set(request.tool_names) <= QA_TOOLS, request.tool_names
            assert {"Read", "Bash"} <= set(request.tool_names)

    results = _results(result)
    error, text = results[f"toolu_analyze_{tag}"]
    assert not error, text
    analysis = json.loads(text)
    assert analysis["analysis_results"] == str(project / EVIDENCE / "analysis-results.json")
    assert analysis["uncovered"] == ["AC3", "AC4"]
    error, text = results[f"toolu_qa_write_{tag}"]
    assert error and "No such tool available: Write" in text, text
    assert not (project / "tests" / "unit" / "test_dup.py").exists()
    # The parent got the subagent's answer and persisted it unchanged.
    assert "```markdown" in results[f"toolu_agent_{tag}"][1]
    for name in ("findings", "report"):
        assert not results[f"toolu_write_{name}_{tag}"][0]
    assert json.loads((project / EVIDENCE / "fork-findings.json").read_text()) == FINDINGS
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
    prompt = f"/gaia-review-qa {KEY}"
    result = _review(claude, plugin_root, project, tmp_path / "run1", plugin_venv,
                     GOOD_REPORT, "good", prompt)
    results = _check_session(result, project, "good")
    error, text = results["toolu_finalize_good"]
    assert not error, text
    assert text.splitlines()[:3] == [
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
    result = _review(claude, plugin_root, project, tmp_path / "run2", plugin_venv,
                     BAD_REPORT, "bad", prompt)
    results = _check_session(result, project, "bad")
    error, text = results["toolu_finalize_bad"]
    assert not error, text
    assert text.splitlines()[0] == f"QA review {KEY}: BLOCKED"
    assert "review payload malformed -> BLOCKED" in text
    report = (project / REPORT).read_text("utf-8")
    assert report.startswith("[INCOMPLETE]")
    assert report.splitlines()[-1] == "**Verdict: BLOCKED**"
    assert _qa_gate(project) == ("FAILED", REPORT)
    assert [(r["round"], r["verdict"]) for r in _rounds(project)] == [(1, "FAILED"), (2, "FAILED")]
