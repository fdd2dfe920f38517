"""The review-report payload contract shared by every review skill (seeds 000 and 001, Phase 6).

A read-only fork returns a rendered report; the parent validates it before persisting. Rules:
- A complete payload has a `## Deterministic Analysis` section, a `## LLM Semantic Review`
  section, and ends with exactly `**Verdict: APPROVE|REQUEST_CHANGES|BLOCKED**`.
- An incomplete one is persisted behind an `[INCOMPLETE]` marker naming what was missing, and
  the run is BLOCKED (the fork's output is untrustworthy).
- Whatever verdict line a payload carries, the persisted report ends with the resolver's
  verdict; a payload that proposed another one keeps a note saying so.
- `prompt_hash` is sha256 of (system prompt || analysis-results.json content).
Pure text functions.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from typing import Any

DETERMINISTIC_HEADING = "## Deterministic Analysis"
LLM_HEADING = "## LLM Semantic Review"
VERDICT_LINE_RE = re.compile(r"^\*\*Verdict: (APPROVE|REQUEST_CHANGES|BLOCKED)\*\*$")
INCOMPLETE_MARKER = "[INCOMPLETE]"
SEVERITIES = ("critical", "warning", "suggestion")


def prompt_hash(system_prompt: str, analysis_json: bytes) -> str:
    """sha256 of (system prompt || analysis-results.json content), as the seeds define it."""
    digest = hashlib.sha256(system_prompt.encode("utf-8") + analysis_json).hexdigest()
    return f"sha256:{digest}"


def payload_problems(payload: str) -> list[str]:
    """Why a fork payload cannot be trusted; empty when it has the required structure."""
    problems = []
    lines = [line.rstrip() for line in payload.strip().splitlines()]
    if DETERMINISTIC_HEADING not in lines:
        problems.append(f"missing '{DETERMINISTIC_HEADING}' section")
    if LLM_HEADING not in lines:
        problems.append(f"missing '{LLM_HEADING}' section")
    if not lines or VERDICT_LINE_RE.match(lines[-1]) is None:
        problems.append("last line is not '**Verdict: APPROVE|REQUEST_CHANGES|BLOCKED**'")
    return problems


def assemble(header: str, payload: str, verdict: str,
             extra_problems: tuple[str, ...] = ()) -> tuple[str, bool]:
    """The report text and whether the payload was complete. The last line is always the
    resolver's verdict. `extra_problems`: what else the caller found wrong with the fork's
    output (a malformed plan payload), reported under the same marker."""
    problems = [*payload_problems(payload), *extra_problems]
    body_lines = payload.strip().splitlines()
    proposed = None
    last = VERDICT_LINE_RE.match(body_lines[-1].rstrip()) if body_lines else None
    if last is not None:
        proposed = last.group(1)
        body_lines = body_lines[:-1]
    body = "\n".join(body_lines).rstrip()
    parts = []
    if problems:
        parts.append(f"{INCOMPLETE_MARKER} The review payload was malformed: "
                     + "; ".join(problems) + ".")
    parts += [header.rstrip(), body]
    if proposed is not None and proposed != verdict:
        parts.append(f"Note: the payload proposed {proposed}; the verdict resolver decided "
                     f"{verdict}.")
    parts.append(f"**Verdict: {verdict}**")
    return "\n\n".join(parts) + "\n", not problems


def render_llm_section(findings: Sequence[Mapping[str, Any]], note: str | None = None) -> str:
    out = [LLM_HEADING, ""]
    if note:
        out += [note, ""]
    for severity in SEVERITIES:
        chosen = [f for f in findings if str(f.get("severity", "")).lower() == severity]
        out.append(f"### {severity.capitalize()}")
        out.append("")
        if not chosen:
            out += ["None.", ""]
            continue
        for finding in sorted(chosen, key=lambda f: (str(f.get("category", "")),
                                                      str(f.get("ac_ref", "")))):
            ref = f" ({finding['ac_ref']})" if finding.get("ac_ref") else ""
            category = finding.get("category", "other")
            out.append(f"- **{category}**{ref}: {finding.get('message', '')}")
            if finding.get("demoted_from"):
                out.append(f"  - Demoted from {str(finding['demoted_from']).capitalize()} to "
                           f"Warning: {finding.get('demotion_reason', '')}")
        out.append("")
    return "\n".join(out)


def _cell(value: Any) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def render_check_table(checks: Sequence[Mapping[str, Any]]) -> list[str]:
    """The `## Deterministic Analysis` heading and its per-check status table. A check that
    compared this review with others (`compared_with`: "in round 14", "on main") says with
    what, so `passed` beside an AC it left without a test reads as the comparison it was; one
    that judged by less than its name says (`judged_by`: the branch check by lines where the
    run measured no branch) says by what."""
    out = [DETERMINISTIC_HEADING, "", "| Check | Status | Findings |",
           "|-------|--------|----------|"]
    for check in checks:
        against = [str(c) for c in check.get("compared_with") or () if c]
        listed = ", ".join(against[:-1]) + " and " + against[-1] if len(against) > 1 else \
            "".join(against)
        reason = check.get("skip_reason") or check.get("error_reason") or (
            "compared with the story's tests " + listed if against else "") or str(
            check.get("judged_by") or "")
        status = check["status"] + (f" ({reason})" if reason else "")
        count = len(check.get("findings", []))
        out.append(f"| {_cell(check['name'])} | {_cell(status)} | {count} |")
    return out
