"""The evidence checks of a QA review (seed 000, Phase 2, 3A and 4), one function each.

Each returns an analysis-results check (`name`, `status` passed|failed|errored|skipped,
`findings`) or an evidence block; `review_qa` assembles them. Severity follows the seed's
rubric: a primary-AC gap blocks only on a P0 story, edge cases and everything here that is
judgment-adjacent are warnings and never blocking.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gaia_lib.core import paths, proc
from gaia_lib.core.errors import GaiaError
from gaia_lib.evidence import ac_coverage, attribution, coverage_report, discovery, then_literals
from gaia_lib.stacks import adapters as stacks
from gaia_lib.story import filelist
from gaia_lib.story.acceptance import AcceptanceCriterion

if TYPE_CHECKING:
    from gaia_lib.review_qa.context import Setup

MAX_TEST_FILE_BYTES = 1 << 20
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


def finding(file: str, line: int, severity: str, rule: str, message: str,
             blocking: bool) -> dict[str, Any]:
    return {"file": file, "line": max(0, line), "severity": severity, "rule": rule,
            "message": message, "blocking": blocking}


def check(name: str, status: str, findings: list[dict[str, Any]] | None = None,
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
            findings.append(finding(rel_story, 0, "warning", "integrity",
                                     f"File List entry '{entry}' does not exist on disk", False))
    status = "failed" if findings else "passed"
    return warnings, check("integrity", status, findings)


def ac_parse_check(s: Setup) -> dict[str, Any]:
    rel_story = paths.relative_to_project(s.story_path, s.project)
    criteria = s.story.acceptance_criteria
    if not criteria:
        return check("ac-parse", "failed", [finding(
            rel_story, 0, "critical", "no-acceptance-criteria",
            "No acceptance criteria found in story", True)])
    findings = [
        finding(rel_story, ac.line, "warning", "ac-quality",
                 f"{ac.ac_id} has no Given/When/Then structure: unparseable AC", False)
        for ac in criteria if not ac.structured
    ]
    return check("ac-parse", "passed", findings)


def coverage_check(s: Setup, result: ac_coverage.CoverageResult,
                   discovered: int) -> dict[str, Any]:
    """Uncovered ACs: a primary AC gap blocks on a P0 story; an edge case never does. An AC
    without Given/When/Then is reported as unparseable (ac-parse), not as uncovered (EC-14)."""
    if discovered == 0:
        return check("ac-coverage", "skipped", skip_reason=discovery.NO_TESTS_REASON)
    rel_story = paths.relative_to_project(s.story_path, s.project)
    lines = {ac.ac_id: ac.line for ac in s.story.acceptance_criteria}
    p0 = (s.story.priority or "").upper() == "P0"
    findings = []
    for entry in result.per_ac:
        if entry.matched or not entry.structured:
            continue  # an unstructured AC is reported as unparseable by ac-parse, not uncovered
        line = lines[entry.ac_id]
        if entry.edge_case:
            findings.append(finding(rel_story, line, "warning", "missing-ac-coverage",
                                     f"edge-case {entry.ac_id} has no test", False))
        else:
            findings.append(finding(rel_story, line, "critical" if p0 else "warning",
                                     "missing-ac-coverage",
                                     f"{entry.ac_id} has no test (story priority "
                                     f"{s.story.priority or 'unset'})", p0))
    return check("ac-coverage", "failed" if findings else "passed", findings)


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
            findings.append(finding(test_file, 0, "warning", "weak-assertion",
                                     f"no test of {ac.ac_id} asserts any of "
                                     f"{', '.join(values)} from its Then clause", False))
    return per_ac, check("then-literals", "passed", findings)


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
            return check("branch-coverage", "skipped",
                          skip_reason="no branch-coverage tool installed: untested-error-path "
                                      "findings cannot be confirmed")
        return check("branch-coverage", "skipped",
                      skip_reason="no branch-coverage report found (e.g. coverage.json, "
                                  "lcov.info, coverage.xml)")
    path, fmt = found
    try:
        report = coverage_report.parse(fmt, path.read_bytes())
    except (GaiaError, OSError) as exc:
        return check("branch-coverage", "errored", error_reason=str(exc))
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
            findings.append(finding(rel, branch.line, "warning", "untested-error-path",
                                     f"{branch.kind} handler never executed by the tests{tied}",
                                     False))
    if note:
        findings.append(finding(paths.relative_to_project(path, s.project), 0, "warning",
                                 "coverage-command", note, False))
    return check("branch-coverage", "failed" if findings else "passed", findings,
                  scope=paths.relative_to_project(path, s.project))


def attribution_evidence(s: Setup, per_ac: Sequence[Mapping[str, Any]],
                         test_paths: Sequence[str],
                         file_list: Sequence[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Python stack: per AC, whether its tests execute the story's File List sources."""
    adapter = stacks.get(s.stack)
    tool = next((p for p in s.probe.coverage if p.found and p.tool == "coverage"), None)
    sources = [f for f in file_list if f.endswith(".py") and not adapter.is_test_file(f)]
    if s.stack != "python-dev":
        return [], check("behavioural-attribution", "skipped",
                         skip_reason="per-test contexts are read for the Python stack only")
    if tool is None or not tool.path:
        return [], check("behavioural-attribution", "skipped",
                         skip_reason="coverage.py is not installed")
    if not test_paths or not sources:
        return [], check("behavioural-attribution", "skipped",
                         skip_reason="the story lists no Python sources or has no tests")
    report, why = attribution.measure(s.project, s.state_dir(), tool.path, test_paths)
    if report is None:
        return [], check("behavioural-attribution", "skipped", skip_reason=why or "no report")
    rows = attribution.attribute(
        [(e["ac_id"], e["tests"]) for e in per_ac if e["matched"]],
        attribution.files_by_context(report), sources,
    )
    findings = [
        finding(row["tests"][0].partition("::")[0], 0, "warning", "no-behavioural-coverage",
                f"the tests of {row['ac_id']} never execute the story's code "
                f"({', '.join(sorted(sources))})", False)
        for row in rows if not row["executes_story_code"]
    ]
    return rows, check("behavioural-attribution", "failed" if findings else "passed", findings)


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
