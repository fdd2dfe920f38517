"""`/gaia-review-qa`: the QA review of one story, evidence first (seed 000).

Three phases, each callable on its own so the skill can split them across its read-only fork
and the parent, and chained by `run` for terminal and CI use:
- `setup` (parent): key, story, review status, stack, tool probe. A missing test runner blocks.
- `analyze` (fork scope: writes only the evidence area): story gate warnings, test discovery,
  AC parsing and coverage, Then-literal and branch-coverage evidence, test execution, TC specs
  for uncovered ACs, Phase 4 evidence; `analysis-results.json` (+ `.md`) and
  `execution-evidence.json`, schema-validated, cached by inputs.
- `finalize` (parent): verdict from the resolver only, payload validation, the report and its
  test-artifacts mirror, the Review Gate row (which records the round), the composite check,
  the finalize checkpoint.
"""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib import (
    __version__,
    ac_coverage,
    attribution,
    checkpoint,
    config,
    coverage_report,
    discovery,
    execution,
    filelist,
    gate,
    keys,
    paths,
    persona,
    proc,
    qa_report,
    reports,
    resolve,
    schema,
    stacks,
    tcgen,
    testcases,
    then_literals,
    toolprobe,
    verdict,
    writes,
)
from gaia_lib.errors import GaiaError, NotFound
from gaia_lib.story import AcceptanceCriterion, Story, load_story

SKILL = "gaia-review-qa"
STATE_SKILL = "qa-tests"  # upstream's evidence directory and report type keep the old name
GATE_NAME = "QA Tests"
MODEL = "claude-opus-4-7"
TEMPERATURE = 0
WORKFLOW = "qa-tests"
FINALIZE_STEP = 8
TIMESTAMP_FIELDS = ("generated_at",)  # the only fields two identical runs may differ in
MAX_TEST_FILE_BYTES = 1 << 20
EXIT_FOR_VERDICT = {verdict.APPROVE: 0, verdict.REQUEST_CHANGES: 1, verdict.BLOCKED: 3}
ERROR_PATH_WORDS = re.compile(
    r"\b(errors?|invalid|reject\w*|fail\w*|exception|malformed|denied|forbidden|[45]\d\d)\b",
    re.IGNORECASE,
)
COVERAGE_FILES = (  # where the stacks' coverage tools leave their reports, first hit wins
    ("coverage.json", "coveragepy-json"),
    ("build/coverage.json", "coveragepy-json"),
    ("lcov.info", "lcov"),
    ("coverage/lcov.info", "lcov"),
    ("coverage.xml", "cobertura"),
    ("build/coverage.xml", "cobertura"),
    ("target/site/jacoco/jacoco.xml", "jacoco"),
    ("build/reports/jacoco/test/jacocoTestReport.xml", "jacoco"),
    ("cover.out", "go-cover"),
    ("coverage.out", "go-cover"),
)
COVERAGE_TIMEOUT_SECONDS = 600
LANGUAGE_OF_SUFFIX = {".py": "python", ".js": "js", ".jsx": "js", ".ts": "ts", ".tsx": "ts",
                      ".java": "java", ".kt": "kotlin", ".go": "go"}


@dataclass(frozen=True)
class Setup:
    project: Path
    key: str
    story_path: Path
    story: Story
    stack: str
    agent_file: Path
    probe: toolprobe.StackProbe
    config: config.ProjectConfig

    @property
    def blocked_reason(self) -> str | None:
        if self.probe.state == "expected_and_missing":
            return f"test runner not installed — {self.probe.install_hint}"
        return None

    def state_dir(self) -> Path:
        return paths.review_state_dir(self.project, STATE_SKILL, self.key)

    def summary(self) -> dict[str, Any]:
        return {
            "story_key": self.key,
            "story_file": paths.relative_to_project(self.story_path, self.project),
            "title": self.story.title,
            "status": self.story.status,
            "stack": self.stack,
            "persona": str(self.agent_file),
            "tools": self.probe.as_dict(),
            "blocked": self.blocked_reason,
            "evidence_dir": paths.relative_to_project(self.state_dir(), self.project),
        }


def setup(project: Path, raw_key: str) -> Setup:
    """Phase 1 + the story gate's status check. Raises GaiaError with the seed's messages."""
    key = keys.story_key(raw_key, 1)
    try:
        story_path = resolve.find_story(project, key)
    except NotFound:
        raise NotFound(f"story file not found for key {key}", 1) from None
    except GaiaError as exc:
        if exc.exit_code == 2:
            raise GaiaError(f"multiple story files matched key {key}", 2) from None
        raise
    story = load_story(story_path, 1)
    if story.status != "review":
        raise GaiaError(
            f"story {key} is in '{story.status}' status — must be in 'review' status for QA tests",
            1,
        )
    chosen = persona.resolve(story_file=story_path, project_root=project)
    adapter = stacks.get(chosen.stack)
    probe = toolprobe.probe_stack(adapter, project)
    return Setup(project, key, story_path, story, chosen.stack, chosen.agent_file, probe,
                 config.load(project, 1))


FORK_OUTPUTS = ("fork-findings.json", "fork-report.md")


def start_round(s: Setup) -> None:
    """A new review starts clean: the previous round's fork output must never be mistaken for
    this round's (the parent writes these files from what the fork returned)."""
    with writes.scope("parent", s.project):
        for name in FORK_OUTPUTS:
            writes.remove(s.state_dir() / name)
        checkpoint_step(s, 1)


# --- Phase 3A helpers --------------------------------------------------------------------


def sha256_bytes(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def story_acs_hash(criteria: Sequence[AcceptanceCriterion]) -> str:
    canonical = json.dumps([[ac.ac_id, ac.text, ac.edge_case] for ac in criteria],
                           separators=(",", ":"), ensure_ascii=False)
    return sha256_bytes(canonical.encode("utf-8"))


def _finding(file: str, line: int, severity: str, rule: str, message: str,
             blocking: bool) -> dict[str, Any]:
    return {"file": file, "line": max(0, line), "severity": severity, "rule": rule,
            "message": message, "blocking": blocking}


def _check(name: str, status: str, findings: list[dict[str, Any]] | None = None,
           **extra: Any) -> dict[str, Any]:
    check: dict[str, Any] = {"name": name, "status": status, "findings": findings or []}
    check.update({k: v for k, v in extra.items() if v is not None})
    return check


@dataclass(frozen=True)
class TestFile:
    path: str
    text: str
    readable: bool  # False: binary / not UTF-8 / too large; text is empty then


def read_test_file(project: Path, rel: str) -> TestFile:
    path = project / rel
    try:
        data = path.read_bytes()[: MAX_TEST_FILE_BYTES + 1]
    except OSError:
        return TestFile(rel, "", False)
    if len(data) > MAX_TEST_FILE_BYTES or b"\x00" in data:
        return TestFile(rel, "", False)
    try:
        return TestFile(rel, data.decode("utf-8"), True)
    except UnicodeDecodeError:
        return TestFile(rel, "", False)


def gate_evidence(s: Setup, base: str | None) -> tuple[list[str], dict[str, Any]]:
    """Story gate: File List divergence (warnings) and File List entries missing on disk."""
    warnings: list[str] = []  # upstream's one-line JSON reports, verbatim
    result = filelist.check(s.story.file_list, s.project, base or s.config.pr_base or "main")
    if result.divergence is not None:
        warnings.append(result.divergence.to_json())
    findings = []
    rel_story = paths.relative_to_project(s.story_path, s.project)
    for entry in s.story.file_list or ():
        cleaned = discovery.clean_entry(entry)
        if cleaned is None or not (s.project / cleaned).exists():
            findings.append(_finding(rel_story, 0, "warning", "integrity",
                                     f"File List entry '{entry}' does not exist on disk", False))
    status = "failed" if findings else "passed"
    return warnings, _check("integrity", status, findings)


def ac_parse_check(s: Setup) -> dict[str, Any]:
    rel_story = paths.relative_to_project(s.story_path, s.project)
    criteria = s.story.acceptance_criteria
    if not criteria:
        return _check("ac-parse", "failed", [_finding(
            rel_story, 0, "critical", "no-acceptance-criteria",
            "No acceptance criteria found in story", True)])
    findings = [
        _finding(rel_story, ac.line, "warning", "ac-quality",
                 f"{ac.ac_id} has no Given/When/Then structure: unparseable AC", False)
        for ac in criteria if not ac.structured
    ]
    return _check("ac-parse", "passed", findings)


def coverage_check(s: Setup, result: ac_coverage.CoverageResult,
                   discovered: int) -> dict[str, Any]:
    """Uncovered ACs: a primary AC gap blocks on a P0 story; an edge case never does. An AC
    without Given/When/Then is reported as unparseable (ac-parse), not as uncovered (EC-14)."""
    if discovered == 0:
        return _check("ac-coverage", "skipped", skip_reason=discovery.NO_TESTS_REASON)
    rel_story = paths.relative_to_project(s.story_path, s.project)
    lines = {ac.ac_id: ac.line for ac in s.story.acceptance_criteria}
    p0 = (s.story.priority or "").upper() == "P0"
    findings = []
    for entry in result.per_ac:
        if entry.matched or not entry.structured:
            continue  # an unstructured AC is reported as unparseable by ac-parse, not uncovered
        line = lines[entry.ac_id]
        if entry.edge_case:
            findings.append(_finding(rel_story, line, "warning", "missing-ac-coverage",
                                     f"edge-case {entry.ac_id} has no test", False))
        else:
            findings.append(_finding(rel_story, line, "critical" if p0 else "warning",
                                     "missing-ac-coverage",
                                     f"{entry.ac_id} has no test (story priority "
                                     f"{s.story.priority or 'unset'})", p0))
    return _check("ac-coverage", "failed" if findings else "passed", findings)


def literal_evidence(criteria: Sequence[AcceptanceCriterion],
                     result: ac_coverage.CoverageResult,
                     bodies: Mapping[str, str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Per AC: the Then clause's literals and whether any attributed test asserts one."""
    per_ac = []
    findings = []
    by_id = {ac.ac_id: ac for ac in criteria}
    for entry in result.per_ac:
        ac = by_id[entry.ac_id]
        literals = then_literals.then_literals(ac.then or "") if ac.then else ()
        asserted: set[str] = set()
        for test_id in entry.tests:
            asserted.update(lit.value for lit in
                            then_literals.asserted_literals(bodies.get(test_id, ""), literals))
        values = [lit.value for lit in literals]
        per_ac.append({"ac_id": ac.ac_id, "literals": values,
                       "asserted": sorted(asserted), "tests": list(entry.tests)})
        if entry.matched and literals and not asserted:
            test_file, _, _ = entry.tests[0].partition("::")
            findings.append(_finding(test_file, 0, "warning", "weak-assertion",
                                     f"no test of {ac.ac_id} asserts any of "
                                     f"{', '.join(values)} from its Then clause", False))
    return per_ac, _check("then-literals", "passed", findings)


def find_coverage_report(project: Path) -> tuple[Path, str] | None:
    for rel, fmt in COVERAGE_FILES:
        path = project / rel
        if path.is_file() and fmt is not None:
            return path, fmt
    return None


def produce_coverage(s: Setup) -> str | None:
    """Run the project's `coverage_command` so branch evidence is current; a note on failure."""
    command = s.config.coverage_command
    if not command or not s.probe.branch_coverage:
        return None
    result = proc.run_tool(["sh", "-c", command], cwd=s.project,
                           timeout=COVERAGE_TIMEOUT_SECONDS)
    if result.ok:
        return None
    why = "timed out" if result.timed_out else f"exited {result.returncode}"
    return f"coverage_command {why}; branch evidence may be stale or missing"


def branch_evidence(s: Setup, criteria: Sequence[AcceptanceCriterion],
                    note: str | None = None) -> dict[str, Any]:
    """Uncovered error handlers in the story's source files, tied to its error-path ACs."""
    found = find_coverage_report(s.project)
    if found is None:
        if not s.probe.branch_coverage:
            return _check("branch-coverage", "skipped",
                          skip_reason="no branch-coverage tool installed: untested-error-path "
                                      "findings cannot be confirmed")
        return _check("branch-coverage", "skipped",
                      skip_reason="no branch-coverage report found (e.g. coverage.json, "
                                  "lcov.info, coverage.xml)")
    path, fmt = found
    try:
        report = coverage_report.parse(fmt, path.read_bytes())
    except (GaiaError, OSError) as exc:
        return _check("branch-coverage", "errored", error_reason=str(exc))
    error_acs = [ac.ac_id for ac in criteria if ERROR_PATH_WORDS.search(ac.text)]
    findings = []
    for entry in s.story.file_list or ():
        rel = discovery.clean_entry(entry)
        if rel is None:
            continue
        language = LANGUAGE_OF_SUFFIX.get(Path(rel).suffix)
        record = report.for_file(rel)
        source = s.project / rel
        if language is None or record is None or not source.is_file():
            continue
        text = source.read_text(encoding="utf-8", errors="replace")
        for branch in coverage_report.uncovered_error_branches(text, record, language):
            tied = f"; error-path ACs: {', '.join(error_acs)}" if error_acs else ""
            findings.append(_finding(rel, branch.line, "warning", "untested-error-path",
                                     f"{branch.kind} handler never executed by the tests{tied}",
                                     False))
    if note:
        findings.append(_finding(paths.relative_to_project(path, s.project), 0, "warning",
                                 "coverage-command", note, False))
    return _check("branch-coverage", "failed" if findings else "passed", findings,
                  scope=paths.relative_to_project(path, s.project))


def attribution_evidence(s: Setup, result: ac_coverage.CoverageResult,
                         test_paths: Sequence[str],
                         file_list: Sequence[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Python stack: per AC, whether its tests execute the story's File List sources."""
    adapter = stacks.get(s.stack)
    tool = next((p for p in s.probe.coverage if p.found and p.tool == "coverage"), None)
    sources = [f for f in file_list if f.endswith(".py") and not adapter.is_test_file(f)]
    if s.stack != "python-dev":
        return [], _check("behavioural-attribution", "skipped",
                          skip_reason="per-test contexts are read for the Python stack only")
    if tool is None or not tool.path:
        return [], _check("behavioural-attribution", "skipped",
                          skip_reason="coverage.py is not installed")
    if not test_paths or not sources:
        return [], _check("behavioural-attribution", "skipped",
                          skip_reason="the story lists no Python sources or has no tests")
    report, why = attribution.measure(s.project, s.state_dir(), tool.path, test_paths)
    if report is None:
        return [], _check("behavioural-attribution", "skipped", skip_reason=why or "no report")
    rows = attribution.attribute(
        [(e.ac_id, e.tests) for e in result.per_ac if e.matched],
        attribution.files_by_context(report), sources,
    )
    findings = [
        _finding(row["tests"][0].partition("::")[0], 0, "warning", "no-behavioural-coverage",
                 f"the tests of {row['ac_id']} never execute the story's code "
                 f"({', '.join(sorted(sources))})", False)
        for row in rows if not row["executes_story_code"]
    ]
    return rows, _check("behavioural-attribution", "failed" if findings else "passed", findings)


def phase4_evidence(s: Setup, test_files: Sequence[TestFile]) -> dict[str, Any]:
    """Test pyramid counts, locations against the plan documents, FR references in tests."""
    pyramid = {"unit": 0, "integration": 0, "e2e": 0, "other": 0}
    for tf in test_files:
        parts = set(Path(tf.path).parts)
        if parts & {"e2e", "end-to-end", "playwright", "cypress"}:
            pyramid["e2e"] += 1
        elif parts & {"integration", "it"}:
            pyramid["integration"] += 1
        elif parts & {"unit"}:
            pyramid["unit"] += 1
        else:
            pyramid["other"] += 1
    planning = paths.planning_artifacts(s.project)
    documented: list[str] = []
    for doc in ("test-plan.md", "architecture.md"):
        path = planning / doc
        if path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            documented += re.findall(r"`((?:[\w.-]+/)*tests?/[\w./-]*)`", text)
    documented = sorted(set(d.rstrip("/") for d in documented))
    outside = [tf.path for tf in test_files
               if documented and not any(tf.path.startswith(d + "/") or tf.path == d
                                         for d in documented)]
    fr_refs = {fr: sorted(tf.path for tf in test_files if fr in tf.text)
               for fr in s.story.traces_to}
    return {"pyramid": pyramid, "documented_test_dirs": documented,
            "tests_outside_documented_dirs": sorted(outside), "fr_references": fr_refs,
            "figma": "checked" if s.story.figma else "skipped"}


# --- Phase 3A: the whole evidence layer ------------------------------------------------------


@dataclass(frozen=True)
class Analysis:
    results: dict[str, Any]
    test_cases: list[dict[str, Any]]
    cached: bool
    state_dir: Path

    @property
    def analysis_path(self) -> Path:
        return self.state_dir / "analysis-results.json"

    @property
    def evidence_path(self) -> Path:
        return self.state_dir / "execution-evidence.json"


def _file_hashes(project: Path, rels: Iterable[str]) -> dict[str, str]:
    hashes = {}
    for rel in sorted(set(rels)):
        path = project / rel
        if path.is_file():
            hashes[rel] = sha256_bytes(path.read_bytes())
    return hashes


def cache_key(s: Setup, full: bool, test_paths: Sequence[str]) -> str:
    material = {
        "skill_version": __version__,
        "story_key": s.key,
        "story_acs_hash": story_acs_hash(s.story.acceptance_criteria),
        "story_sha256": sha256_bytes(s.story.text.encode("utf-8")),
        "stack": s.stack,
        "tool_versions": s.probe.tool_versions,
        "full": full,
        "tests": sorted(test_paths),
    }
    return hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()[:32]


def _cache_hit(s: Setup, key: str) -> dict[str, Any] | None:
    path = s.state_dir() / ".cache" / f"{key}.json"
    try:
        cached = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    hashes = cached.get("file_hashes", {}) if isinstance(cached, dict) else {}
    if not isinstance(hashes, dict) or _file_hashes(s.project, hashes) != hashes:
        return None  # a file changed since: the cached evidence is stale
    return dict(cached)


def deterministic_analysis(s: Setup, *, full: bool = False, base: str | None = None,
                           use_cache: bool = True) -> tuple[dict[str, Any], bool]:
    """Phase 2 warnings + Phase 3A + Phase 4 evidence: (analysis-results, from_cache)."""
    found = discovery.discover(s.project, discovery.review_stacks(s.project, s.stack),
                               s.story.file_list, full=full)
    key = cache_key(s, full, found.all_files)
    if use_cache:
        hit = _cache_hit(s, key)
        if hit is not None:
            return hit, True
    results = _evidence(s, found, base)
    writes.write_json(s.state_dir() / ".cache" / f"{key}.json", results)
    return results, False


def _evidence(s: Setup, found: discovery.Discovery, base: str | None) -> dict[str, Any]:
    warnings, integrity = gate_evidence(s, base)
    coverage_note = produce_coverage(s)
    test_files = [read_test_file(s.project, rel) for rel in found.all_files]
    cases = [case for tf in test_files if tf.readable
             for case in testcases.split_tests(tf.path, tf.text)]
    criteria = s.story.acceptance_criteria
    coverage = ac_coverage.analyze(s.key, criteria, cases)
    bodies = {case.test_id: case.body for case in cases}
    literal_rows, literal_check = literal_evidence(criteria, coverage, bodies)
    discovery_findings = [
        _finding(tf.path, 0, "warning", "unreadable-test-file",
                 "test file is binary, not UTF-8 or larger than 1 MiB: not analysed", False)
        for tf in test_files if not tf.readable
    ]
    if found.timed_out:
        discovery_check = _check("test-discovery", "errored",
                                 error_reason="test discovery exceeded its 30 s wall-clock cap")
    elif not found.all_files:
        discovery_check = _check("test-discovery", "skipped", discovery_findings,
                                 skip_reason=discovery.NO_TESTS_REASON, scope=found.scope)
    else:
        discovery_check = _check("test-discovery", "passed", discovery_findings, scope=found.scope)
    file_list_rels = [c for c in map(discovery.clean_entry, s.story.file_list or ()) if c]
    story_tests = sorted({t.partition("::")[0] for e in coverage.per_ac for t in e.tests}
                         | {f for f in found.all_files if f in file_list_rels})
    attribution_rows, attribution_check = attribution_evidence(s, coverage, story_tests,
                                                               file_list_rels)
    checks = [
        integrity,
        discovery_check,
        ac_parse_check(s),
        coverage_check(s, coverage, len(found.all_files)),
        literal_check,
        branch_evidence(s, criteria, coverage_note),
        attribution_check,
    ]
    if s.blocked_reason:
        checks.append(_check("tool-probe", "errored", error_reason=s.blocked_reason))
    story_rel = paths.relative_to_project(s.story_path, s.project)
    results: dict[str, Any] = {
        "schema_version": "1.0",
        "story_key": s.key,
        "skill": SKILL,
        "skill_version": __version__,
        "model": MODEL,
        "model_temperature": TEMPERATURE,
        "stack": s.stack,
        "tool_versions": s.probe.tool_versions,
        "story_acs_hash": story_acs_hash(criteria),
        "file_hashes": _file_hashes(s.project, [story_rel, *found.all_files, *file_list_rels]),
        "checks": checks,
        "tests_discovered": found.counts,
        "discovery_scope": {"mode": found.scope, "dirs": list(found.scope_dirs)},
        "ac_coverage": [{"ac_id": e.ac_id, "matched": e.matched, "test_count": e.test_count}
                        for e in coverage.per_ac],
        "coverage": {
            "percent": coverage.coverage_percent,
            "per_ac": [
                {"ac_id": e.ac_id, "matched": e.matched, "test_count": e.test_count,
                 "tests": list(e.tests), "matched_by": e.matched_by, "edge_case": e.edge_case,
                 "priority": s.story.priority}
                for e in coverage.per_ac
            ],
        },
        "unattributed_tests": [u.test for u in coverage.unattributed_tests],
        "unattributed_story_keys": {u.test: list(u.story_keys)
                                    for u in coverage.unattributed_tests},
        "gate_warnings": warnings,
        "then_literals": literal_rows,
        "phase4": phase4_evidence(s, test_files),
        "story_test_files": story_tests,
        "behavioural_attribution": attribution_rows,
    }
    return results


def analyze(s: Setup, *, full: bool = False, base: str | None = None,
            context: str | None = None, use_cache: bool = True,
            run_tests: bool = True) -> Analysis:
    """Everything the fork computes; writes only under the evidence directory."""
    state = s.state_dir()
    with writes.scope("fork", s.project):
        results, cached = deterministic_analysis(s, full=full, base=base, use_cache=use_cache)
        results = dict(results)
        schema.check(results, "analysis-results", "analysis-results.json")
        uncovered = [e["ac_id"] for e in results["coverage"]["per_ac"] if not e["matched"]]
        tc_path = state / f"qa-test-cases-{s.key}.json"
        existing = _read_json_list(tc_path)
        cases = tcgen.generate(s.key, s.story.acceptance_criteria, uncovered, existing,
                               _priority(s.story.priority))
        schema.check(cases, "qa-test-cases", tc_path.name)
        results["tc_count"] = len(cases)
        stamped = {**results, "generated_at": _utc_now()}
        writes.write_json(state / "analysis-results.json", stamped)
        writes.write_text(state / "analysis-results.md", render_analysis_md(stamped))
        writes.write_json(tc_path, cases)
        if run_tests and not s.blocked_reason:
            test_paths = list(results.get("story_test_files", []))
            evidence = execution.execute(
                s.config, s.key, s.project, state, context=execution.active_context(context),
                story_tests=test_paths,
            ).as_json()
            schema.check(evidence, "execution-evidence", "execution-evidence.json")
            writes.write_json(state / "execution-evidence.json", evidence)
    return Analysis(stamped, cases, cached, state)


def _priority(value: str | None) -> str | None:
    return value if value in tcgen.PRIORITIES else None


def _read_json_list(path: Path) -> list[Any]:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return value if isinstance(value, list) else []


def _utc_now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def render_analysis_md(results: Mapping[str, Any]) -> str:
    head = (f"# Analysis results: {results['story_key']}\n\n"
            f"- skill: {results['skill']} {results.get('skill_version', '')}\n"
            f"- stack: {results.get('stack', '')}\n"
            f"- tests discovered: {results.get('tests_discovered', {})}\n\n")
    return head + qa_report.render_deterministic(results)


def checkpoint_step(s: Setup, step: int, **variables: str) -> None:
    """Record the review's progress in the workflow checkpoint (parent scope only)."""
    try:
        checkpoint.write(paths.checkpoints_dir(s.project), s.project, WORKFLOW, step,
                         [("story_key", s.key), *sorted(variables.items())])
    except GaiaError:
        pass  # a checkpoint is a resume aid; failing to write one must not change the review


# --- Phases 5-7 ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    verdict: str
    reason: str
    report_path: Path
    mirror_path: Path
    gate_verdict: str
    gate_note: str | None
    composite: str
    complete_payload: bool

    @property
    def exit_code(self) -> int:
        return EXIT_FOR_VERDICT[self.verdict]


def deterministic_payload(analysis: Mapping[str, Any],
                          llm_findings: Sequence[Mapping[str, Any]], note: str | None,
                          resolved: str) -> str:
    """The report body when no fork produced one (terminal / CI runs)."""
    return (qa_report.render_deterministic(analysis) + "\n"
            + qa_report.render_llm_section(llm_findings, note) + f"\n**Verdict: {resolved}**\n")


def _llm_findings(path: Path | None) -> list[Mapping[str, Any]]:
    if path is None:
        return []
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    findings = value.get("findings") if isinstance(value, dict) else value
    return [f for f in findings if isinstance(f, dict)] if isinstance(findings, list) else []


def finalize(s: Setup, *, llm_findings: Path | None = None,
             payload: str | None = None) -> Outcome:
    """Verdict, report, gate row, composite check, checkpoint. Parent scope."""
    state = s.state_dir()
    analysis_path = state / "analysis-results.json"
    evidence_path = state / "execution-evidence.json"
    with writes.scope("parent", s.project):
        findings_path = state / "llm-findings.json"
        findings = _llm_findings(llm_findings)
        writes.write_json(findings_path, {"findings": findings})
        resolution = verdict.resolve(
            verdict.read_document(str(analysis_path)),
            verdict.read_document(str(findings_path)),
            verdict.read_document(str(evidence_path)) if evidence_path.is_file() else None,
            None,
        )
        analysis_bytes = analysis_path.read_bytes() if analysis_path.is_file() else b""
        analysis = json.loads(analysis_bytes) if analysis_bytes else {}
        system_prompt = s.agent_file.read_text(encoding="utf-8") if s.agent_file.is_file() else ""
        qa_agent = paths.plugin_root() / "agents" / "qa.md"
        if qa_agent.is_file():
            system_prompt = qa_agent.read_text(encoding="utf-8")
        header = qa_report.render_header(s.key, s.story.title or "", qa_report.prompt_hash(
            system_prompt, analysis_bytes), MODEL, TEMPERATURE)
        if payload is None:
            note = ("No LLM review in this run (terminal mode): findings above are deterministic."
                    if llm_findings is None else None)
            payload = deterministic_payload(analysis, findings, note, resolution.verdict)
        final = resolution.verdict
        text, complete = qa_report.assemble(header, payload, final)
        if not complete:
            final = verdict.BLOCKED
            text, _ = qa_report.assemble(header, payload, final)
        report_path = reports.review_report_path(s.project, s.key, STATE_SKILL)
        writes.write_text(report_path, text)
        mirror = reports.test_artifact_write_path(s.project, STATE_SKILL, s.key)
        writes.write_text(mirror, text)
        gate_verdict, gate_note = _record_gate(s, final, report_path, evidence_path)
        rows = gate.load_rows(s.story_path)
        composite = gate.composite(rows).state
        checkpoint_step(s, FINALIZE_STEP, verdict=final, report=paths.relative_to_project(
            report_path, s.project))
    reason = resolution.reason if complete else "review payload malformed -> BLOCKED"
    return Outcome(final, reason, report_path, mirror, gate_verdict, gate_note, composite,
                   complete)


def _record_gate(s: Setup, final: str, report: Path, evidence: Path) -> tuple[str, str | None]:
    """The gate row through the review gate's own checks; a PASSED the proof-of-execution rules
    refuse (e.g. no tests ran) is recorded as UNVERIFIED with the reason."""
    wanted = verdict.GATE_VERDICT[final]
    note = None
    evidence_arg = str(evidence) if evidence.is_file() else None
    try:
        gate.check_proof(GATE_NAME, wanted, str(report), evidence_arg,
                         None if evidence_arg else "no execution evidence: no tier ran")
    except GaiaError as exc:
        note = exc.message
        wanted = gate.UNVERIFIED
    cell = gate.report_cell(str(report), s.project)
    gate.record_table_verdict(s.project, s.story_path, s.key, GATE_NAME, wanted, cell,
                              recorded=time.strftime("%Y-%m-%d", time.gmtime()))
    return wanted, note


def run(project: Path, raw_key: str, *, llm_findings: Path | None = None,
        full: bool = False, context: str | None = None, base: str | None = None,
        use_cache: bool = True) -> tuple[Setup, Analysis | None, Outcome]:
    """Every phase in order, for the terminal and CI."""
    s = setup(project, raw_key)
    start_round(s)
    result = analyze(s, full=full, base=base, context=context, use_cache=use_cache)
    outcome = finalize(s, llm_findings=llm_findings)
    return s, result, outcome
