"""/gaia-test-automate Review Phases 2 and 3A: the story gate's evidence and the gap analysis.

Evidence only: no test runs (execution belongs to the execution phase). Written under the
`fork` write scope into `.gaia/state/review/test-automate/KEY/`:
- `analysis-results.json` (schemas/analysis-results.schema.json, skill gaia-test-automate) and
  its `.md` companion;
- `plan-proposal.json`: the tests gaia proposes for the ACs no test covers (the fork's plan
  starts from it);
- `.cache/<cache_key>.json`: the analysis, for the next run.

Rules:
- Story gate (Phase 2): File List divergence from the base branch is advisory (`gate_warnings`);
  a File List entry missing on disk is an `integrity` warning; neither halts.
- `file_hashes` (SINGLE SOURCE OF TRUTH): {path: sha256 hex} of every File List entry present on
  disk, sorted by path, computed once. The plan's `analyzed_sources` is exactly this set, the
  cache revalidates against it, and the execution phase's drift check re-hashes it.
- Inventory: the stack's LISTING command (30 s cap), `tests_discovered` = {stack: count}.
  A listing that times out or fails is an `errored` check (-> BLOCKED); no listing runner is
  `skipped` with its reason.
- AC coverage: the review's matcher over the story's tests, less the placeholders (the shared
  detector: a `--scaffold` skeleton, a skip, `assert True`): an AC only they match is
  uncovered, and gets a proposed test.
- Gap analysis (test_automate.gaps) over the story's test files: a critical finding (missing
  fixture on a P0 AC, untestable assertion) makes its check `failed` with a blocking finding
  (-> REQUEST_CHANGES, which the model cannot override); warnings leave it `passed`.
- Cache key: sha256 over the File List contents, file_hashes, the inventory hash (sorted test
  ids), the tool versions ("tool:version" lines, sorted), the test-runner config files' bytes,
  the story's acceptance criteria (they decide what is proposed) and the plugin's own code
  (`core.engine`). A hit is revalidated by
  re-hashing its file_hashes: any change is a miss. Every write is atomic (temp + rename).
- Proposed tests (`plan-proposal.json`, outside the analysis and its cache: they also depend
  on the tier allowlist): one per uncovered AC, in the stack's naming (scaffold.file_name),
  under the allowlisted tier directory named like the tier (`unit`, `integration`, `e2e`), else
  the first allowlisted one, else `tests/<tier>` when it exists, else `tests`; a Go test in
  the directory of the package it tests, where the allowlist allows it (`go_package_dir`).
  Its `name` is the test the file holds as its runner names it (`scaffold.test_name`:
  `test_e1_s1_ac3`, Go's `TestE1S1Ac3`). The tier comes
  from the AC's deterministic test-case spec (evidence.tcgen). Its target: the first of the
  story's sources (File List order) that declares at its top level a function or class the
  AC names as code (`set_key` and `def set_key(`: `target_module`, `target_function`), else
  the story's only source and no function, else none (`target_of`: of several sources, a guess
  would send the developer and the SUT-mocking check to the wrong file).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from gaia_lib import __version__
from gaia_lib.core import engine, paths, schema, writes
from gaia_lib.core.errors import GaiaError
from gaia_lib.evidence import (
    ac_coverage,
    allowlist,
    coverage_report,
    discovery,
    placeholders,
    tcgen,
    testcases,
)
from gaia_lib.gate import payload
from gaia_lib.stacks import adapters as stacks
from gaia_lib.story import filelist
from gaia_lib.test_automate import gaps, inventory, scaffold, written
from gaia_lib.test_automate import plan as plans
from gaia_lib.test_automate.context import SKILL, Setup

MODEL = "claude-opus-4-7"
TEMPERATURE = 0
RUNNER_CONFIGS = ("pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini", "conftest.py",
                  "package.json", "jest.config.js", "jest.config.ts", "jest.config.mjs",
                  "jest.config.cjs", "vitest.config.ts", "vitest.config.js", "vitest.config.mjs",
                  "go.mod", "pubspec.yaml", "pom.xml", "build.gradle", "build.gradle.kts")
# Gap rule -> the seed's automation category (the analysis check's name).
CATEGORY = {"missing-fixture": "fixture", "untestable-assertion": "untestable",
            "unmocked-network": "mocking"}
P0 = ("P0", "high", "critical")
TIERS = ("unit", "integration", "e2e")


@dataclass(frozen=True)
class Analysis:
    results: dict[str, Any]
    proposal: dict[str, Any]
    cached: bool
    state_dir: Path

    @property
    def analysis_path(self) -> Path:
        return self.state_dir / "analysis-results.json"


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_list(s: Setup) -> list[str]:
    return [c for c in map(paths.listed_path, s.story.file_list or ()) if c]


def file_hashes(project: Path, rels: Sequence[str]) -> dict[str, str]:
    """{path: sha256 hex} of each entry present on disk, sorted by path."""
    hashed = ((rel, plans.digest(project, rel)) for rel in sorted(set(rels)))
    return {rel: hexdigest for rel, hexdigest in hashed if hexdigest is not None}


def runner_config_blob(project: Path) -> str:
    return "\n".join(f"{name}:{hexdigest}" for name in RUNNER_CONFIGS
                     if (hexdigest := plans.digest(project, name)) is not None)


def cache_key(s: Setup, hashes: Mapping[str, str], tests: Sequence[str]) -> str:
    """The seed's cache key (module docstring), over canonical text."""
    acs = [[ac.ac_id, ac.text, ac.edge_case] for ac in s.story.acceptance_criteria]
    parts = [
        "\n".join(s.story.file_list or ()),
        "\n".join(f"{p}:{h}" for p, h in sorted(hashes.items())),
        sha256_hex("\n".join(sorted(tests)).encode("utf-8")),
        "\n".join(sorted(f"{t}:{v}" for t, v in s.probe.tool_versions.items())),
        runner_config_blob(s.project),
        json.dumps(acs, ensure_ascii=False, separators=(",", ":")),
        f"{SKILL} {__version__} {engine.fingerprint()} {s.stack}",
    ]
    return sha256_hex("\x1f".join(parts).encode("utf-8"))


def _cache_hit(s: Setup, key: str) -> dict[str, Any] | None:
    try:
        cached = json.loads((s.state_dir() / ".cache" / f"{key}.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(cached, dict) or not isinstance(cached.get("file_hashes"), dict):
        return None
    hashes = cached["file_hashes"]
    if file_hashes(s.project, list(hashes)) != hashes:
        return None  # a source changed since: the cached evidence is stale
    return cached


def _finding(file: str, line: int, severity: str, rule: str, message: str,
             blocking: bool, ac: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"file": file, "line": max(line, 0), "severity": severity,
                           "rule": rule, "message": message, "blocking": blocking}
    if ac:
        out["ac"] = ac
    return out


def _check(name: str, status: str, findings: Sequence[Mapping[str, Any]] = (),
           **extra: str) -> dict[str, Any]:
    return {"name": name, "status": status, "findings": list(findings), **extra}


def story_gate(s: Setup, base: str | None) -> tuple[list[str], dict[str, Any]]:
    """Phase 2: File List divergence (advisory warnings) and missing entries (integrity)."""
    warnings = []
    result = filelist.check(s.story.file_list, s.project, base or s.config.pr_base or "main",
                            s.key)
    if result.divergence is not None:
        warnings.append(result.divergence.to_json())
    story_rel = s.story_path.relative_to(s.project).as_posix() \
        if s.story_path.is_relative_to(s.project) else str(s.story_path)
    missing = [_finding(story_rel, 0, "warning", "integrity", problem, False)
               for entry in (s.story.file_list or ())
               if (problem := paths.listed_problem(entry, s.project, s.story.file_list or ()))
               is not None]
    return warnings, _check("integrity", "passed", missing)


def ac_check(s: Setup) -> dict[str, Any]:
    """A story without ACs, or with an AC still the template's placeholder, has nothing to
    plan tests for: a blocking failure (the review's ac-parse rule)."""
    story_rel = paths.relative_to_project(s.story_path, s.project)
    criteria = s.story.acceptance_criteria
    if not criteria:
        return _check("ac-parse", "failed", [_finding(
            story_rel, 0, "critical", "no-acceptance-criteria",
            "No acceptance criteria found in story: there is nothing to plan tests for", True)])
    findings = [_finding(story_rel, ac.line, "critical", "unfilled-acceptance-criterion",
                         f"{ac.ac_id} is still the story template's placeholder "
                         f"({ac.text[:60]}): write what it accepts", True, ac.ac_id)
                for ac in criteria if ac.unfilled]
    return _check("ac-parse", "failed" if findings else "passed", findings)


def inventory_check(listed: inventory.Inventory) -> dict[str, Any]:
    if listed.status == "listed":
        return _check("test-inventory", "passed")
    if listed.status == "errored":
        return _check("test-inventory", "errored", error_reason=listed.reason)
    return _check("test-inventory", "skipped", skip_reason=listed.reason)


def gap_checks(found: Sequence[gaps.GapFinding]) -> list[dict[str, Any]]:
    """One check per automation category; a critical finding blocks (status failed)."""
    out = []
    for rule, category in CATEGORY.items():
        mine = [f for f in found if f.category == rule]
        findings = [_finding(f.file, f.line, f.severity, rule, f.message,
                             f.severity == "critical", f.ac) for f in mine]
        failed = any(f["blocking"] for f in findings)
        out.append(_check(category, "failed" if failed else "passed", findings))
    return out


def tier_dir(project: Path, tier: str, dirs: Sequence[str]) -> str:
    """Where a proposed test of `tier` goes (module docstring)."""
    named = [d for d in dirs if PurePosixPath(d).name == tier]
    if named:
        return named[0]
    if dirs:
        return dirs[0]
    return f"tests/{tier}" if (project / "tests" / tier).is_dir() else "tests"


def allowlisted_dirs(project: Path, *, keep_root: bool = False) -> list[str]:
    """The tier allowlist's directories; `.` (the whole project) only with `keep_root`."""
    try:
        listed = allowlist.load(allowlist.default_path(project))
    except GaiaError:
        return []
    return [d for d in listed if keep_root or d != "."]


def go_package_dir(module: str, modules: Sequence[str], dirs: Sequence[str]) -> str | None:
    """Where a proposed Go test goes: the directory of the package under test (the target
    module's, else the first of the story's Go sources'), when the tier allowlist lets tests
    be written there. `go test -cover` credits a package with its own directory's tests only,
    so a test anywhere else would add no coverage to the code it tests."""
    source = module or next((m for m in modules if m.endswith(".go")), "")
    if not source.endswith(".go"):
        return None
    directory = PurePosixPath(source).parent.as_posix()
    return directory if allowlist.inside(f"{directory}/x_test.go", list(dirs)) else None


def propose(s: Setup, uncovered: Sequence[str], sources: Sequence[str]) -> list[dict[str, Any]]:
    """One proposed test per uncovered AC (module docstring). Pure but for directory checks."""
    specs = tcgen.generate(s.key, s.story.acceptance_criteria, uncovered,
                           priority=s.story.priority if s.story.priority in tcgen.PRIORITIES
                           else None)
    stack = stacks.canonical(s.stack)
    stack = stack if stack in scaffold.SCAFFOLD_STACKS else scaffold.DEFAULT_STACK
    raw_dirs = allowlisted_dirs(s.project, keep_root=True)
    dirs = [d for d in raw_dirs if d != "."]
    modules = [src for src in sources
               if not stacks.names_test_file(src)]
    declared = {src: coverage_report.declared(written.read_text(s.project / src), s.stack)
                for src in modules}
    criteria = {ac.ac_id: ac for ac in s.story.acceptance_criteria}
    out = []
    for spec in specs:
        tier = str(spec.get("type", "Unit")).lower()
        tier = tier if tier in TIERS else "unit"
        name = scaffold.file_name(stack, s.key, spec["ac_ref"])
        ac = criteria.get(spec["ac_ref"])
        module, function = target_of(ac_coverage.identifiers_named(ac) if ac else set(),
                                     declared, modules[0] if len(modules) == 1 else "")
        directory = tier_dir(s.project, tier, dirs)
        if stack == "go-dev":
            directory = go_package_dir(module, modules, raw_dirs) or directory
        out.append({
            "test_file": f"{directory}/{name}".removeprefix("./"),
            "name": scaffold.test_name(stack, s.key, spec["ac_ref"]),
            "ac": spec["ac_ref"],
            "tc": spec["tc_id"],
            "tier": tier,
            "target_module": module,
            "target_function": function,
            "description": spec.get("description", ""),
        })
    return out


def target_of(named: set[str], declared: Mapping[str, Sequence[str]],
              default: str) -> tuple[str, str]:
    """(module, function) a proposed test targets: the first of the story's sources (in File
    List order) that declares a function or class the AC names (`set_key` in backticks and
    `def set_key(` in main.py); else `default` and no function (pure)."""
    for module, names in declared.items():
        for declared_name in names:
            if ac_coverage.identifier_key(declared_name) in named:
                return module, declared_name
    return default, ""


def _evidence(s: Setup, listed: inventory.Inventory, hashes: dict[str, str],
              base: str | None) -> dict[str, Any]:
    warnings, integrity = story_gate(s, base)
    rels = file_list(s)
    found = discovery.discover(s.project, discovery.review_stacks(s.project, s.stack), rels)
    test_files = [testcases.read_test_file(s.project, rel) for rel in found.all_files]
    cases = [c for tf in test_files if tf.readable for c in testcases.split_tests(tf.path, tf.text)]
    coverage = ac_coverage.analyze(s.key, s.story.acceptance_criteria, cases, file_list=rels)
    story_tests = sorted({t.partition("::")[0] for e in coverage.per_ac for t in e.tests}
                         | {f for f in found.all_files if f in rels})
    sources = [r for r in rels if r in hashes and r not in story_tests]
    found_gaps = gaps.analyse(s.project, story_tests, sources, {}, s.story.priority)
    checks = [integrity, inventory_check(listed), ac_check(s), *gap_checks(found_gaps)]
    if s.blocked_reason:
        checks.append(_check("tool-probe", "errored", error_reason=s.blocked_reason))
    # A placeholder (a scaffold skeleton, a skip, `assert True`) covers no AC: its AC is
    # still to be automated.
    idle = {p.test_id for p in placeholders.placeholders(cases)}
    counted = {e.ac_id: [t for t in e.tests if t not in idle] for e in coverage.per_ac}
    uncovered = [e.ac_id for e in coverage.per_ac if not counted[e.ac_id]]
    p0 = s.story.priority in P0
    return {
        **s.analysis_header(SKILL, MODEL, TEMPERATURE),
        "file_hashes": hashes,
        "checks": checks,
        "tests_discovered": {listed.stack: len(listed.tests)},
        "inventory": listed.as_dict(),
        "ac_coverage": [{"ac_id": e.ac_id, "matched": bool(counted[e.ac_id]),
                         "test_count": len(counted[e.ac_id])} for e in coverage.per_ac],
        "uncovered": uncovered,
        "p0_acs": [ac.ac_id for ac in s.story.acceptance_criteria if p0 and not ac.edge_case],
        "gate_warnings": warnings,
        "file_list": rels,
        "story_test_files": story_tests,
    }


def analyze(s: Setup, *, base: str | None = None, use_cache: bool = True) -> Analysis:
    """Phases 2 + 3A under the fork write scope (module docstring)."""
    state = s.state_dir()
    with writes.scope("fork", s.project):
        hashes = file_hashes(s.project, file_list(s))
        if s.blocked_reason:
            listed = inventory.Inventory(s.stack, "skipped", (), (), s.blocked_reason)
        else:
            listed = inventory.listing(stacks.get(s.stack), s.project)
        key = cache_key(s, hashes, listed.tests)
        hit = _cache_hit(s, key) if use_cache else None
        results = hit if hit is not None else _evidence(s, listed, hashes, base)
        if hit is None:
            writes.write_json(state / ".cache" / f"{key}.json", results)
        results = {**results, "cache_key": key}
        schema.check(results, "analysis-results", "analysis-results.json")
        proposal = proposal_of(s, results)
        stamped = {**results, "generated_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
        writes.write_json(state / "analysis-results.json", stamped)
        writes.write_text(state / "analysis-results.md", render_md(stamped, proposal))
        writes.write_json(state / "plan-proposal.json", proposal)
    return Analysis(stamped, proposal, hit is not None, state)


def analyzed_sources(results: Mapping[str, Any]) -> list[dict[str, str]]:
    hashes = results.get("file_hashes") or {}
    return [{"path": p, "sha256": h} for p, h in sorted(hashes.items())]


def proposal_of(s: Setup, results: Mapping[str, Any]) -> dict[str, Any]:
    """The plan-content payload gaia proposes: what the fork starts from (and what a terminal
    run without a fork plans). Not part of the analysis (nor its cache): it also depends on the
    tier allowlist, and the analysis records evidence only."""
    tests_of = set(results.get("story_test_files") or [])
    sources = [r for r in results.get("file_list") or []
               if r in (results.get("file_hashes") or {}) and r not in tests_of]
    tests = propose(s, list(results.get("uncovered") or []), sources)
    draft = plans.Plan(s.key, tuple(plans.Source(**s) for s in analyzed_sources(results)),
                       tuple(plans.ProposedTest(**t) for t in tests))
    return {"plan_id": plans.compute_plan_id(draft), "analyzed_sources": analyzed_sources(results),
            "proposed_tests": tests,
            "narrative": "Proposed tests for the acceptance criteria no test covers: "
                         + (", ".join(results.get("uncovered") or []) or "none") + "."}


def render_deterministic(results: Mapping[str, Any]) -> str:
    """The `## Deterministic Analysis` section: checks, inventory, coverage, findings."""
    out = payload.render_check_table(results.get("checks", []))
    listed = results.get("inventory") or {}
    out += ["", f"Tests that would run ({listed.get('stack', '')}, "
            f"`{' '.join(listed.get('command') or []) or 'no listing'}`): "
            f"{len(listed.get('tests') or [])}."]
    covered = [e["ac_id"] for e in results.get("ac_coverage", []) if e["matched"]]
    out += ["", f"ACs with a test: {', '.join(covered) or 'none'}; without: "
            f"{', '.join(results.get('uncovered') or []) or 'none'}."]
    findings = [(c["name"], f) for c in results.get("checks", []) for f in c.get("findings", [])]
    if findings:
        out += ["", "Findings:"]
        out += [f"- [{f['severity']}] {name}/{f['rule']} {f['file']}:{f['line']} — "
                f"{f['message']}" for name, f in findings]
    if results.get("gate_warnings"):
        out += ["", "Story gate warnings:",
                *[f"- {filelist.warning_sentence(w)}" for w in results["gate_warnings"]]]
    return "\n".join(out) + "\n"


def render_md(results: Mapping[str, Any], proposal: Mapping[str, Any]) -> str:
    head = (f"# Test automation analysis: {results['story_key']}\n\n"
            f"- skill: {results['skill']} {results.get('skill_version', '')}\n"
            f"- stack: {results.get('stack', '')}\n"
            f"- cache_key: {results.get('cache_key', '')}\n\n")
    tests = proposal.get("proposed_tests") or []
    lines = [f"- {t['ac']} {t['tc']} {t['tier']} `{t['test_file']}`" for t in tests]
    return (head + render_deterministic(results) + "\nProposed tests:\n"
            + ("\n".join(lines) if lines else "- none") + "\n")
