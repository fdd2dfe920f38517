"""/gaia-test-automate Review Phases 5-7 (parent): verdict, report, plan file, finalize.

Rules (seed 001):
- Verdict (Phase 5): the resolver's (gate.verdict.resolve) over this run's analysis-results.json
  and the fork's findings; the model never decides it. The fork cannot promote a finding into a
  blocker: a Critical stays Critical only for `untestable` or for `fixture` on a P0 AC (the
  analysis' `p0_acs`); any other Critical is demoted to Warning with the reason.
- Payload validation (Phase 6): the report must pass gate.payload's checks, and the plan-content
  payload must carry a parseable `plan_id` (`sha256:` + 64 hex), `analyzed_sources` equal to the
  analysis' `file_hashes`, and well-formed `proposed_tests` (project-relative `test_file`, an
  AC, a tier of unit/integration/e2e). Anything else: the report is persisted behind
  `[INCOMPLETE]` and the run is BLOCKED.
- The written plan's `plan_id` is always gaia's own computation over the plan's canonical form
  (test_automate.plan); the fork's id is checked for shape only.
- BLOCKED short-circuit: a stub plan (`verdict: BLOCKED`, `analyzed_sources: []`, no proposed
  tests, empty body). The Approval Gate is not entered.
- Report `test-automate-review-KEY.md` (resolve-review-report-path) and plan file
  (resolve-test-artifact-per-story test-automate-plan KEY --write) are written atomically
  whatever the verdict; a re-run overwrites both.
- NO review-gate call here: the plan-id ledger and the Review Gate are written only by the
  Approval Gate (test_automate.approval). Sprint status is never written.
- Checkpoints: step 3 (analysis, with its cache_key) and step 7 (finalize) of workflow
  `test-automate`.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from gaia_lib.checkpoint import store as checkpoint
from gaia_lib.core import paths, writes
from gaia_lib.gate import payload as contract
from gaia_lib.gate import reports, verdict
from gaia_lib.test_automate import analysis
from gaia_lib.test_automate import plan as plans
from gaia_lib.test_automate.context import PLAN_TYPE, REPORT_TYPE, Setup

WORKFLOW = "test-automate"
ANALYSIS_STEP = 3
FINALIZE_STEP = 7
PLAN_ID_RE = re.compile(r"^sha256:[0-9a-f]{64}$")
RUN_FILES = ("fork-findings.json", "fork-report.md", "analysis-results.json",
             "analysis-results.md", "plan-proposal.json", "llm-findings.json", "presented.json")
CRITICAL_CATEGORIES = ("fixture", "untestable")


def start_run(s: Setup) -> None:
    """A new planning run starts clean: no earlier run's evidence, fork output or presentation
    can pass for this run's."""
    with writes.scope("parent", s.project):
        for name in RUN_FILES:
            writes.remove(s.state_dir() / name)
        checkpoint_step(s, 1)


def checkpoint_step(s: Setup, step: int, files: Sequence[Path] = (), **variables: str) -> None:
    checkpoint.record_step(s.project, WORKFLOW, s.key, step, files, variables)


def record_analysis_checkpoint(s: Setup, result: analysis.Analysis) -> bool:
    """Step 3 with the cache key; inside the fork nothing is written (finalize records it)."""
    return checkpoint.record_analysis_step(s.project, WORKFLOW, s.key, ANALYSIS_STEP,
                                           result.analysis_path,
                                           str(result.results.get("cache_key", "")))


def json_value(path: Path | None) -> Any:
    if path is None:
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def judge(findings: Sequence[Mapping[str, Any]], p0_acs: Sequence[str]) -> list[dict[str, Any]]:
    """The fork's findings with every Critical outside the rubric demoted (pure)."""
    out = []
    for finding in findings:
        item = dict(finding)
        if str(item.get("severity", "")).lower() == "critical":
            category = str(item.get("category", ""))
            ac = str(item.get("ac_ref") or item.get("ac") or "")
            if not (category == "untestable" or (category == "fixture" and ac in p0_acs)):
                item["severity"] = "warning"
                item["demoted_from"] = "critical"
                item["demotion_reason"] = (
                    "Critical is reserved for a missing fixture on a P0 AC and an untestable "
                    f"assertion; the evidence supports neither for {ac or 'this finding'}")
        out.append(item)
    return out


def fork_output(path: Path | None) -> tuple[Any, str | None]:
    """The fork's JSON ({"findings": [...], "plan": {...}}) and, when the file cannot be read
    as that, why not: the run is then BLOCKED (never judged as if the planner found nothing),
    in the verdict step and in finalize alike."""
    if path is None:
        return None, None
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        return None, f"the planner's findings file {path} cannot be read ({exc.strerror})"
    except ValueError as exc:
        return None, f"the planner's findings file {path} is not JSON ({exc})"
    found = value.get("findings") if isinstance(value, dict) else value
    if not isinstance(found, list):
        return None, f"the planner's findings file {path} holds no findings list"
    return value, None


def fork_findings(value: Any) -> list[Mapping[str, Any]]:
    found = value.get("findings") if isinstance(value, dict) else value
    return [f for f in found if isinstance(f, dict)] if isinstance(found, list) else []


def fork_plan(value: Any) -> Any:
    return value.get("plan") if isinstance(value, dict) else None


def plan_problems(content: Any, results: Mapping[str, Any]) -> list[str]:
    """Why a plan-content payload cannot be written as a plan; empty when it can (pure)."""
    if not isinstance(content, dict):
        return ["no plan-content payload (a `plan` object)"]
    problems = []
    if not isinstance(content.get("plan_id"), str) or not PLAN_ID_RE.match(content["plan_id"]):
        problems.append("plan_id is not parseable (sha256:<64 hex>)")
    sources = content.get("analyzed_sources")
    if not isinstance(sources, list) or sorted(
            (str(x.get("path")), str(x.get("sha256"))) for x in sources if isinstance(x, dict)
    ) != sorted((results.get("file_hashes") or {}).items()) or not all(
            isinstance(x, dict) for x in sources):
        problems.append("analyzed_sources do not reference the analysis' file_hashes")
    tests = content.get("proposed_tests")
    if not isinstance(tests, list):
        problems.append("proposed_tests is not a list")
        return problems
    for index, test in enumerate(tests):
        where = f"proposed_tests[{index}]"
        if not isinstance(test, dict):
            problems.append(f"{where} is not an object")
            continue
        path = PurePosixPath(str(test.get("test_file") or ""))
        if not str(path) or str(path) == "." or path.is_absolute() or ".." in path.parts:
            problems.append(f"{where}.test_file is not a project-relative path")
        if not str(test.get("ac") or ""):
            problems.append(f"{where} names no AC")
        if test.get("tier") not in analysis.TIERS:
            problems.append(f"{where}.tier is not one of {', '.join(analysis.TIERS)}")
    return problems


def build_plan(key: str, content: Mapping[str, Any], results: Mapping[str, Any],
               findings: Sequence[Mapping[str, Any]], resolved: str,
               criteria: Mapping[str, str] | None = None) -> plans.Plan:
    """The plan file's content from a validated payload; analyzed_sources are file_hashes;
    `criteria` (AC id -> text): the story's, hashed for each AC a test is planned for."""
    tests = tuple(plans.ProposedTest(**{k: str(t.get(k) or "") for k in plans.TEST_FIELDS})
                  for t in content.get("proposed_tests", []))
    planned = sorted({t.ac for t in tests if t.ac in (criteria or {})})
    return plans.Plan(
        acceptance=tuple(plans.Source(ac, plans.ac_digest((criteria or {})[ac]))
                         for ac in planned),
        story_key=key,
        analyzed_sources=tuple(plans.Source(**s) for s in analysis.analyzed_sources(results)),
        proposed_tests=tests,
        findings=tuple(plans.Finding(str(f.get("category", "")), str(f.get("severity", "")),
                                     str(f.get("ac_ref") or f.get("ac") or ""),
                                     str(f.get("message", ""))) for f in findings),
        verdict=resolved,
        generated_at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        narrative=str(content.get("narrative") or ""),
    )


def stub_plan(key: str) -> plans.Plan:
    return plans.Plan(key, (), (), (), verdict=verdict.BLOCKED,
                      generated_at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))


def ensure_analysis(s: Setup) -> dict[str, Any]:
    """This run's analysis; computed here (no fork ran it) when missing."""
    path = s.state_dir() / "analysis-results.json"
    if not path.is_file():
        analysis.analyze(s)
    value = json_value(path)
    return value if isinstance(value, dict) else {}


def resolve(s: Setup, findings: Sequence[Mapping[str, Any]]) -> verdict.Resolution:
    return verdict.resolve(
        verdict.read_document(str(s.state_dir() / "analysis-results.json")),
        verdict.Document("llm-findings.json", {"findings": list(findings)}), None, None)


def current_verdict(s: Setup, llm_findings: Path | None) -> verdict.Resolution:
    """Phase 5 without writing anything (the entry script `verdict.py`)."""
    results = ensure_analysis(s)
    fork, unreadable = fork_output(llm_findings)
    if unreadable:
        return verdict.Resolution(verdict.BLOCKED, f"{unreadable} -> BLOCKED")
    found = judge(fork_findings(fork), results.get("p0_acs") or [])
    return resolve(s, found)


@dataclass(frozen=True)
class Outcome:
    verdict: str
    reason: str
    report_path: Path
    plan_path: Path
    plan_id: str
    complete_payload: bool

    @property
    def enters_approval_gate(self) -> bool:
        return self.verdict != verdict.BLOCKED


def render_header(s: Setup, prompt_hash: str, model_ran: bool) -> str:
    head = (f"# Test Automation Review: {s.key} — {s.story.title or ''}\n\n- Story: {s.key}\n"
            f"- prompt_hash: {prompt_hash}\n")
    if not model_ran:
        return head + "- review: terminal run without a model; deterministic evidence only\n"
    return head + f"- model: {analysis.MODEL}\n- temperature: {analysis.TEMPERATURE}\n"


def finalize(s: Setup, *, llm_findings: Path | None = None,
             payload: str | None = None, unread_payload: str | None = None) -> Outcome:
    """Phases 5-7 in the parent (module docstring). `llm_findings`: the fork's JSON
    ({"findings": [...], "plan": {...}}); `payload`: its rendered report (`unread_payload`: why
    the named one could not be read). Neither: a terminal run, planned from gaia's own
    proposal. A fork output that cannot be read makes the run BLOCKED, its report marked
    incomplete."""
    results = ensure_analysis(s)
    state = s.state_dir()
    model_ran = llm_findings is not None or payload is not None or unread_payload is not None
    fork, unreadable = fork_output(llm_findings)
    unreadable = unreadable or unread_payload
    with writes.scope("parent", s.project):
        findings = judge(fork_findings(fork), results.get("p0_acs") or [])
        writes.write_json(state / "llm-findings.json", {"findings": findings})
        resolution = resolve(s, findings)
        content = fork_plan(fork) if model_ran else json_value(state / "plan-proposal.json")
        problems = tuple(plan_problems(content, results))
        if payload is None:
            payload = (analysis.render_deterministic(results) + "\n" + contract.render_llm_section(
                findings, None if model_ran else "No LLM review in this run (terminal mode).")
                + f"\n**Verdict: {resolution.verdict}**\n")
        agent = paths.plugin_root() / "agents" / "test-automate.md"  # the fork's system prompt
        analysis_bytes = (state / "analysis-results.json").read_bytes()
        header = render_header(s, contract.prompt_hash(
            agent.read_text("utf-8") if agent.is_file() else "", analysis_bytes), model_ran)
        final = resolution.verdict
        problems += (unreadable,) if unreadable else ()
        text, complete = contract.assemble(header, payload, final, problems)
        if not complete and final != verdict.BLOCKED:
            final = verdict.BLOCKED
            text, _ = contract.assemble(header, payload, final, problems)
        report_path = reports.review_report_path(s.project, s.key, REPORT_TYPE)
        writes.write_text(report_path, text)
        plan_path = reports.test_artifact_write_path(s.project, PLAN_TYPE, s.key)
        chosen = stub_plan(s.key) if final == verdict.BLOCKED or not isinstance(content, dict) \
            else build_plan(s.key, content, results, findings, final,
                            {ac.ac_id: ac.text for ac in s.story.acceptance_criteria})
        written = plans.write(plan_path, chosen, s.project)
        checkpoint_step(s, ANALYSIS_STEP, files=[state / "analysis-results.json"],
                        cache_key=str(results.get("cache_key", "")))
        checkpoint_step(s, FINALIZE_STEP, files=[plan_path], verdict=final,
                        plan_id=written.plan_id,
                        report=paths.relative_to_project(report_path, s.project))
    reason = (resolution.reason if complete else f"{unreadable} -> BLOCKED" if unreadable
              else "fork payload malformed -> BLOCKED")
    return Outcome(final, reason, report_path, plan_path, written.plan_id, complete)
