"""The test-automate plan file: which tests to write, bound to its content by `plan_id`.

File: `test-artifacts/<epic dir>/stories/<story dir>/test-automate-plan.md` (the per-story mirror,
`resolve-test-artifact-per-story test-automate-plan KEY --write`). A YAML frontmatter block, then
the narrative. Frontmatter keys: schema_version (1), story_key, plan_id, generated_at, generator,
phase (plan | executed), verdict (the resolver's), approval {gate: test-automate-plan, verdict,
verdict_plan_id}, analyzed_sources [{path, sha256}], acceptance_criteria [{ac, sha256}] (the
text of each AC the plan proposes a test for, as the plan was made), proposed_tests [{test_file,
name, ac, tc, tier, target_module, target_function, description}], findings [{category,
severity, ac, message}].

Rules:
- `plan_id` is `sha256:` + the hex digest of the plan's canonical form: story key, analysed
  sources sorted by path, the planned ACs' text hashes (when the plan has them: a plan written
  before they were recorded keeps its id), proposed tests (without their description) sorted
  by (test_file,
  name), findings reduced to {category, severity, ac} and sorted. Message text, test
  descriptions, narrative, timestamps, the verdict and the approval block are outside the
  hash, so two plans that differ only in wording share an id, and any change to what would be
  written or analysed gives a new one.
- A plan file whose plan_id is not the hash of its own content is tampered (`plan_tamper`).
- Approval patches only the approval block, atomically and under the plan's lock, then re-reads
  the file to verify that the verdict and plan id landed and the plan_id still self-checks.
- Rendering is deterministic: the same plan gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from gaia_lib.core import locks, writes, yamlio
from gaia_lib.core.errors import GaiaError, MalformedFile
from gaia_lib.story.parser import split_frontmatter

SCHEMA_VERSION = 1
GATE = "test-automate-plan"
GENERATOR = "gaia test-automate"
TEST_FIELDS = ("test_file", "name", "ac", "tc", "tier", "target_module", "target_function",
               "description")
HASHED_TEST_FIELDS = TEST_FIELDS[:-1]  # a test's description is wording: outside the hash
FINDING_KEYS = ("category", "severity", "ac")


@dataclass(frozen=True)
class Source:
    path: str
    sha256: str


@dataclass(frozen=True)
class ProposedTest:
    test_file: str
    name: str
    ac: str = ""
    tier: str = "unit"
    target_module: str = ""
    target_function: str = ""
    tc: str = ""
    description: str = ""


@dataclass(frozen=True)
class Finding:
    category: str
    severity: str
    ac: str = ""
    message: str = ""


@dataclass(frozen=True)
class Approval:
    verdict: str | None = None
    verdict_plan_id: str | None = None


@dataclass(frozen=True)
class Plan:
    story_key: str
    analyzed_sources: tuple[Source, ...]
    proposed_tests: tuple[ProposedTest, ...]
    findings: tuple[Finding, ...] = ()
    verdict: str | None = None
    generated_at: str = ""
    phase: str = "plan"
    approval: Approval = field(default_factory=Approval)
    narrative: str = ""
    plan_id: str = ""
    acceptance: tuple[Source, ...] = ()  # (AC id, ac_digest of its text) per planned AC

    def with_id(self) -> Plan:
        return replace(self, plan_id=compute_plan_id(self))


def ac_digest(text: str) -> str:
    """The hash of an acceptance criterion's text that a plan records and preflight compares:
    its words, whitespace normalised."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()


def canonical_form(plan: Plan) -> dict[str, Any]:
    """What plan_id hashes (see the module docstring). Pure."""
    acceptance = {"acceptance_criteria": sorted(({"ac": a.path, "sha256": a.sha256}
                                                 for a in plan.acceptance),
                                                key=lambda a: a["ac"])} if plan.acceptance else {}
    return {
        **acceptance,
        "story_key": plan.story_key,
        "analyzed_sources": sorted(({"path": s.path, "sha256": s.sha256}
                                    for s in plan.analyzed_sources), key=lambda s: s["path"]),
        "proposed_tests": sorted(({k: getattr(t, k) for k in HASHED_TEST_FIELDS}
                                  for t in plan.proposed_tests),
                                 key=lambda t: (t["test_file"], t["name"])),
        "findings": sorted(({k: getattr(f, k) for k in FINDING_KEYS} for f in plan.findings),
                           key=lambda f: (f["category"], f["severity"], f["ac"])),
    }


def compute_plan_id(plan: Plan) -> str:
    text = json.dumps(canonical_form(plan), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def _frontmatter(plan: Plan) -> dict[str, Any]:
    return {
        "schema_version": SCHEMA_VERSION,
        "story_key": plan.story_key,
        "plan_id": plan.plan_id,
        "generated_at": plan.generated_at,
        "generator": GENERATOR,
        "phase": plan.phase,
        "verdict": plan.verdict,
        "approval": {"gate": GATE, "verdict": plan.approval.verdict,
                     "verdict_plan_id": plan.approval.verdict_plan_id},
        "analyzed_sources": [{"path": s.path, "sha256": s.sha256} for s in plan.analyzed_sources],
        "acceptance_criteria": [{"ac": a.path, "sha256": a.sha256} for a in plan.acceptance],
        "proposed_tests": [{k: getattr(t, k) for k in TEST_FIELDS} for t in plan.proposed_tests],
        "findings": [{"category": f.category, "severity": f.severity, "ac": f.ac,
                      "message": f.message} for f in plan.findings],
    }


def render(plan: Plan) -> str:
    body = plan.narrative.strip()
    return f"---\n{yamlio.dump(_frontmatter(plan))}---\n\n{body}\n" if body else \
        f"---\n{yamlio.dump(_frontmatter(plan))}---\n"


def _records(data: Mapping[str, Any], key: str, what: str) -> list[Mapping[str, Any]]:
    value = data.get(key) or []
    if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
        raise MalformedFile(f"{what}: '{key}' must be a list of mappings", 1)
    return value


def _s(value: Any) -> str:
    return "" if value is None else str(value)


def parse(text: str, what: str) -> Plan:
    yaml_text, body_start = split_frontmatter(text, what, 1)
    data = yamlio.load(yaml_text, f"{what}: frontmatter", 1, first_line=2)
    if not isinstance(data, Mapping):
        raise MalformedFile(f"{what}: frontmatter is not a mapping", 1)
    approval = data.get("approval") or {}
    if not isinstance(approval, Mapping):
        raise MalformedFile(f"{what}: 'approval' must be a mapping", 1)
    body = "\n".join(text.split("\n")[body_start - 1:]).strip()
    return Plan(
        story_key=_s(data.get("story_key")),
        analyzed_sources=tuple(Source(_s(r.get("path")), _s(r.get("sha256")))
                               for r in _records(data, "analyzed_sources", what)),
        proposed_tests=tuple(ProposedTest(**{k: _s(r.get(k)) for k in TEST_FIELDS})
                             for r in _records(data, "proposed_tests", what)),
        findings=tuple(Finding(_s(r.get("category")), _s(r.get("severity")), _s(r.get("ac")),
                               _s(r.get("message"))) for r in _records(data, "findings", what)),
        verdict=data.get("verdict"),
        generated_at=_s(data.get("generated_at")),
        phase=_s(data.get("phase")) or "plan",
        approval=Approval(approval.get("verdict"), approval.get("verdict_plan_id")),
        narrative=body,
        plan_id=_s(data.get("plan_id")),
        acceptance=tuple(Source(_s(r.get("ac")), _s(r.get("sha256")))
                         for r in _records(data, "acceptance_criteria", what)),
    )


def load(path: Path) -> Plan:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GaiaError(f"plan file not found: {path}", 1) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise MalformedFile(f"cannot read {path}: {exc}", 1) from None
    return parse(text, str(path))


def self_checks(plan: Plan) -> bool:
    return bool(plan.plan_id) and plan.plan_id == compute_plan_id(plan)


def write(path: Path, plan: Plan, project: Path) -> Plan:
    """Write `plan` with its computed plan_id; return what was written."""
    final = plan.with_id()
    with locks.locked(path):
        writes.write_text(path, render(final), project)
    return final


def approve(path: Path, verdict: str, presented_plan_id: str, project: Path) -> Plan:
    """Record the user's verdict in the approval block; refuse a plan changed since it was shown."""
    with locks.locked(path):
        current = load(path)
        if current.plan_id != presented_plan_id or not self_checks(current):
            raise GaiaError(
                f"plan_tamper_detected: {path} changed since it was presented "
                f"(presented {presented_plan_id}, now {current.plan_id or 'none'})", 1)
        approved = replace(current, approval=Approval(verdict, current.plan_id))
        writes.write_text(path, render(approved), project)
        check = load(path)
    if check.approval != approved.approval or not self_checks(check):
        raise GaiaError(f"approval did not land in {path}", 1)
    return check


def digest(project: Path, rel: str) -> str | None:
    """The sha256 (hex) of a project file's bytes; None when it is no readable file. The one
    hash of a source that the analysis, the plan and the execution's drift check compare."""
    path = project / rel
    if not path.is_file():
        return None
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def sources(project: Path, rels: Sequence[str]) -> tuple[Source, ...]:
    """Each project-relative source with the sha256 of its bytes ("" when unreadable), sorted
    by path."""
    return tuple(Source(rel, digest(project, rel) or "") for rel in sorted(set(rels)))
