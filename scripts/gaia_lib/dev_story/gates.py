"""`/gaia-dev-story`'s gates: each decides, records, and logs its one-line `stepN_gate:` record.

What `skills/gaia-dev-story/scripts/gate.py <step> KEY ...` runs. Every gate prints its
instruction word on stdout (what the skill does next) and its seed-defined gate line on stderr,
so the log never depends on the model remembering to write it.

Rules:
- Step 4, interactive (`--verdict halted|passed|revise|validate`): refused while YOLO is active
  (the plan then goes to Val). `halted` first checks the plan file for the eight canonical
  sections (`validate_plan_structure`, Root Cause too in REWORK): a missing one is exit 1 naming
  it, no gate line. `validate` first writes and asserts Val's envelope (below) and prints its
  findings grouped CRITICAL / WARNING / INFO. Line: `step4_gate: yolo=false verdict=<v>`.
  Only `passed` clears the gate (`run.<key>.step4 = passed` in the dev-story checkpoint), which
  is what RESUME reads: no clearance, no Step 5. `passed` and `revise` are refused (exit 1)
  unless the gate was presented first (`halted`, `validate` or `revise` recorded last).
- Val loops (Step 4 YOLO, `--iteration N --reply FILE`; Step 7b, both modes): Val's reply is
  written as the envelope sentinel and asserted (agent `val`, persona signature of
  agents/validator.md, artifact bound): anything else is `HALT: Val agent envelope assertion
  failed — …` (exit 1), never a self-judged verdict. The outcome is `clean` (no findings),
  `info_only` (only suggestion/info) or `findings_present` (any critical or warning); the
  iteration is recorded with `val_iteration` (audit file appended, never truncated; 1..3).
  stdout PASSED (clean/info_only; Step 4 clears the gate), FIX (findings, iteration < 3: the
  developer revises, then iteration N+1) or HALTED (cap reached with findings; exit 4 and the
  audit file named). Step 7b first needs the story's TDD evidence of all three phases
  (`tdd-evidence red|green|refactor`): a phase never run (the refactor skipped) HALTs it
  (exit 4) naming the command. Lines: `step4_gate: yolo=true iteration=N outcome=O` then
  `step4_gate: yolo=true verdict=passed|halted`; `step7b_gate: iteration=N outcome=O` then
  `step7b_gate: verdict=passed|halted`.
- TDD review gates (Steps 5a/6a/7a; phases red/green/refactor): the decision is
  `tdd_review_gate`'s SKIP / PROMPT / QA_AUTO. SKIP logs `stepN_tdd_gate: phase=P verdict=skip`,
  QA_AUTO logs `verdict=qa_auto` (dispatch the tdd-reviewer); PROMPT logs nothing until the
  user's choice (`--choice review-myself|route-to-qa|proceed-anyway`), then
  `verdict=prompt choice=C`. review-myself: HALT (exit 1); route-to-qa: DISPATCH;
  proceed-anyway needs `--reason` and records {timestamp, phase, reason}; a choice for a gate
  that was skipped (no prompt) is refused (exit 2) and the skip stays. Until the user chose
  to go on (proceed-anyway) or the review PASSED, the gate is recorded as where the run halted
  (`run.<key>.halt`), so a re-run resumes at this gate, not after it.
- TDD review verdict (`--review FILE`, the tdd-reviewer's JSON): findings are appended to
  `<key>-tdd-review-findings.md`. Any critical: FAILED and HALT (exit 1) in BOTH modes;
  warnings only: PASSED, each warning printed; no findings: PASSED. An unreadable reply, or
  one whose `phase` names another phase, is UNVERIFIED and halts too: a review that did not
  run (of this phase) never passes.
- Step 6b and Step 14b are advisory, exit 0 always: `step6b_gate: advisories=N` over the story's
  changed files (staged, else the work tree's changes), `step14b_gate: advisories=N` over
  `git diff --name-only BASE..HEAD`.
- Step 16: without YOLO `step16_gate: yolo=false verdict=skipped` and nothing runs. With YOLO
  `step16_gate: yolo=true verdict=invoked` and the reviews this plugin has (`/gaia-review-qa`,
  its report path from `qa_gating.names.review_report_path`). `--summary` then prints the
  `## Review Summary` from the story's Review Gate table: a row counts as run only when it is no
  longer UNVERIFIED (Step 15 reset every row), every other row is reported UNVERIFIED with the
  seed's manual fallback line, and the composite is COMPLETE / BLOCKED / PENDING
  (`step16_gate: yolo=true verdict=complete`). No review is ever reported as passed that did
  not write its row.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaia_lib.core import git, keys, lifecycle, locks, paths, writes, yolo
from gaia_lib.core.errors import GaiaError, InvalidInput, UsageError
from gaia_lib.dev_story import (
    cache_refresh_advisory,
    conditional_check_hints,
    detect_mode,
    session,
    tdd_evidence,
    tdd_review_gate,
    val_envelope,
    val_iteration,
    validate_plan_structure,
)
from gaia_lib.gate import table
from gaia_lib.qa_gating import names
from gaia_lib.story import resolve
from gaia_lib.story.parser import GateRow, load_story

EXIT_USAGE = 2
EXIT_HALT = 1
SKILL = "gaia-dev-story"
PLAN_VERDICTS = ("halted", "passed", "revise", "validate")
PHASE_STEP = {"red": "5", "green": "6", "refactor": "7"}
PHASE_GATE = {"red": "5a", "green": "6a", "refactor": "7a"}
CHOICES = ("review-myself", "route-to-qa", "proceed-anyway")
GATING = frozenset({"critical", "warning"})
AVAILABLE_REVIEWS = {"QA Tests": "/gaia-review-qa"}


@dataclass(frozen=True)
class GateOutput:
    stdout: str
    lines: tuple[str, ...] = ()  # gate lines and notes for stderr, in order
    exit_code: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


# ---------------------------------------------------------------- pure rules


def severity(finding: Any) -> str:
    if not isinstance(finding, dict):
        return "warning"  # a finding we cannot read is never waved through as advisory
    value = finding.get("severity")
    return value.strip().lower() if isinstance(value, str) else "warning"


def classify(findings: Sequence[Any]) -> str:
    """clean | info_only | findings_present (any critical or warning)."""
    if not findings:
        return "clean"
    if any(severity(f) in GATING for f in findings):
        return "findings_present"
    return "info_only"


def grouped(findings: Sequence[Any]) -> str:
    """Val's findings as CRITICAL / WARNING / INFO buckets, one finding per line."""
    buckets: dict[str, list[str]] = {"CRITICAL": [], "WARNING": [], "INFO": []}
    for finding in findings:
        level = severity(finding)
        bucket = "CRITICAL" if level == "critical" else "WARNING" if level == "warning" else "INFO"
        buckets[bucket].append(describe(finding))
    out: list[str] = []
    for name, items in buckets.items():
        out.append(f"{name} ({len(items)})")
        out += [f"- {item}" for item in items]
    return "\n".join(out)


def describe(finding: Any) -> str:
    if not isinstance(finding, dict):
        return str(finding)[:300]
    where = finding.get("location") or (
        f"{finding.get('file')}:{finding.get('line')}" if finding.get("file") else ""
    )
    text = str(finding.get("message") or finding.get("summary") or "")
    fix = finding.get("fix")
    return " ".join(
        p for p in (f"{where}:" if where else "", text, f"(fix: {fix})" if fix else "") if p
    )[:500]


def summary_lines(key: str, rows: Sequence[GateRow], reports: Mapping[str, str]) -> list[str]:
    """The Step 16 Review Summary. Pure: rows are the story's Review Gate rows."""
    status: dict[str, str] = {}
    report_cell: dict[str, str] = {}
    for row in rows:
        status.setdefault(row.name, row.status.upper())
        report_cell.setdefault(row.name, row.report)
    lines = ["## Review Summary", ""]
    not_run: list[str] = []
    for gate in table.CANONICAL_GATES:
        verdict = status.get(gate, table.UNVERIFIED)
        if verdict == table.UNVERIFIED or verdict not in table.VERDICTS:
            not_run.append(gate)
            why = (
                "ran but wrote no verdict"
                if gate in AVAILABLE_REVIEWS
                else "not available in this plugin"
            )
            lines.append(f"- {gate}: UNVERIFIED — not run ({why})")
            continue
        report = reports.get(gate) or report_cell.get(gate) or table.NO_REPORT
        lines.append(f"- {gate}: {verdict} — {report}")
    if not_run:
        lines += [
            "",
            f"**YOLO dispatch failed:** auto-run-reviews dispatch did not return "
            f"verdicts ({', '.join(not_run)}: not run). Review Gate rows remain "
            f"UNVERIFIED. Run `/gaia-run-all-reviews {key}` manually.",
        ]
    result = table.composite(rows)
    lines.append("")
    if result.state == table.COMPLETE:
        lines.append("**Composite Review Gate:** COMPLETE")
    elif result.state == table.BLOCKED:
        lines.append(
            f"**Composite Review Gate:** BLOCKED — {len(result.blocking)} FAILED "
            "review(s) must be addressed before merge."
        )
    else:
        lines.append(
            f"**Composite Review Gate:** PENDING — {len(result.pending)} UNVERIFIED row(s) remain."
        )
    return lines


# ---------------------------------------------------------------- helpers


def _key(raw: str) -> str:
    return keys.story_key(raw, EXIT_USAGE)


def _yolo(project: Path, env: Mapping[str, str]) -> bool:
    return yolo.is_yolo(project, env).yolo


def _read_text(path: Path, what: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidInput(
            f"cannot read {what} {path}: {exc.strerror or exc}", EXIT_USAGE
        ) from None
    except UnicodeDecodeError:
        raise InvalidInput(f"{what} {path} is not UTF-8 text", EXIT_USAGE) from None


_FENCED_JSON = re.compile(r"```(?:json)?[ \t]*\n(.*?)\n[ \t]*```", re.S)


def reply_json(raw: str) -> str:
    """The JSON object of an agent's reply: the whole reply, else its one fenced block (```json
    ... ```), else the text from its first `{` to its last `}` (a model often wraps it)."""
    text = raw.strip()
    if text.startswith("{"):
        return text
    fenced = _FENCED_JSON.findall(text)
    if len(fenced) == 1:
        return str(fenced[0]).strip()
    start, end = text.find("{"), text.rfind("}")
    return text[start:end + 1] if 0 <= start < end else text


def val_findings(project: Path, reply: Path, artifact: str) -> list[Any]:
    """Write Val's reply as the envelope sentinel, assert it, return its findings. A HALT
    says which of the three causes it was."""
    expected = val_envelope.sentinel_path(project, artifact)

    def halt(why: str) -> GaiaError:
        return GaiaError(f"{val_envelope.halt_message('val', expected)} ({why})", EXIT_HALT)

    try:
        raw = reply_json(reply.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        raise halt(f"reply {reply} cannot be read") from None
    try:
        envelope = val_envelope.unwrap(json.loads(raw))
    except (ValueError, GaiaError):
        raise halt("malformed: the reply holds no JSON object") from None
    if val_envelope.anchor(project, str(envelope.get("artifact_path", ""))) != val_envelope.anchor(
        project, artifact
    ):
        raise halt(f"forged: it validated {envelope.get('artifact_path')!r}, not {artifact!r}")
    try:
        written = val_envelope.write(project, raw)
        val_envelope.check(written, "val", artifact, project)
    except GaiaError as exc:
        raise halt(f"malformed: {exc.message}") from None
    findings = envelope.get("findings")
    return list(findings) if isinstance(findings, list) else []


# ---------------------------------------------------------------- Step 4 (interactive)


def is_rework(project: Path, key: str) -> bool:
    return session.run_vars(project, key).get("mode") == detect_mode.REWORK


def plan_gate(
    project: Path,
    raw_key: str,
    verdict: str,
    env: Mapping[str, str],
    plan: Path | None = None,
    reply: Path | None = None,
) -> GateOutput:
    key = _key(raw_key)
    plan = plan or session.run_dir(project, key) / "plan.md"
    rework = is_rework(project, key)
    if verdict not in PLAN_VERDICTS:
        raise UsageError(f"--verdict must be one of {'|'.join(PLAN_VERDICTS)}", EXIT_USAGE)
    if _yolo(project, env):
        raise UsageError(
            "YOLO is active: the plan goes to Val, run gate.py 4 KEY --iteration N "
            "--reply FILE --plan FILE",
            EXIT_USAGE,
        )
    body = ""
    if verdict in ("passed", "revise") and session.run_vars(project, key).get("step4") not in (
        "halted", "validate", "revise"):
        # The user can only approve or revise a plan that the gate showed them.
        return GateOutput("ASK", ("the plan gate was not presented: run --verdict halted first",),
                          EXIT_HALT)
    if verdict in ("halted", "validate"):
        missing = validate_plan_structure.first_missing(_read_text(plan, "plan"), rework)
        if missing is not None:
            return GateOutput(
                "REGENERATE",
                (f"plan structure: missing section: {missing}",),
                validate_plan_structure.EXIT_MISSING,
            )
    if verdict == "validate":
        if reply is None:
            raise UsageError("--verdict validate needs --reply FILE (Val's reply)", EXIT_USAGE)
        body = grouped(val_findings(project, reply, str(plan)))
    session.record(project, key, {"step4": verdict})
    word = {"halted": "ASK", "passed": "CONTINUE", "revise": "REVISE", "validate": "ASK"}[verdict]
    return GateOutput(
        word + (("\n" + body) if body else ""), (f"step4_gate: yolo=false verdict={verdict}",)
    )


# ---------------------------------------------------------------- Val loops (4 YOLO, 7b)


def val_loop(
    project: Path,
    raw_key: str,
    step: str,
    iteration: int,
    reply: Path,
    env: Mapping[str, str],
    plan: Path | None = None,
) -> GateOutput:
    """Step 4's YOLO loop (artifact: the plan) or Step 7b's pass (artifact: the story file)."""
    key = _key(raw_key)
    if step not in ("4", "7b"):
        raise UsageError("a Val loop is Step 4 or 7b", EXIT_USAGE)
    is_yolo = _yolo(project, env)
    if step == "4":
        if not is_yolo:
            raise UsageError(
                "not in YOLO mode: Step 4 halts for the user (gate.py 4 KEY --verdict halted)",
                EXIT_USAGE,
            )
        plan = plan or session.run_dir(project, key) / "plan.md"
        artifact = str(plan)
        missing = validate_plan_structure.first_missing(
            _read_text(plan, "plan"), is_rework(project, key)
        )
        if missing is not None:
            return GateOutput(
                "REGENERATE",
                (f"plan structure: missing section: {missing}",),
                validate_plan_structure.EXIT_MISSING,
            )
    else:
        artifact = str(resolve.find_story(project, key))
        # The Val pass closes the TDD cycle: a phase without its evidence was skipped.
        recorded_phases = tdd_evidence.recorded(project, key)
        skipped = [p for p in tdd_evidence.PHASES
                   if not isinstance(recorded_phases.get(p), dict)]
        if skipped:
            return GateOutput(
                "HALTED\n", ("step7b_gate: verdict=halted",
                              f"HALT: no TDD evidence for {', '.join(skipped)}: run `gaia "
                              f"tdd-evidence {skipped[0]} --story {key}` (its step) before the "
                              "Val pass"),
                val_iteration.EXIT_CAP)
    findings = val_findings(project, reply, artifact)
    outcome = classify(findings)
    loop = "yolo-plan" if step == "4" else "tdd-val"
    recorded = val_iteration.record(
        project,
        val_iteration.Iteration(
            skill=SKILL,
            step=4 if step == "4" else 7,
            iteration=iteration,
            token_estimate=None,
            outcome=outcome,
            findings=findings,
            yolo=is_yolo,
            story=key,
            loop=loop,
        ),
    )
    prefix = "step4_gate: yolo=true " if step == "4" else "step7b_gate: "
    lines = [f"{prefix}iteration={iteration} outcome={outcome}"]
    if recorded.stalled:
        lines.append(
            f"Step {step} Val loop: same findings as the previous iteration (stall); "
            "note it in the Dev Agent Record"
        )
    if outcome != "findings_present":
        lines.append(f"{prefix}verdict=passed")
        if step == "4":
            session.record(project, key, {"step4": session.STEP4_PASSED})
        return GateOutput("PASSED", tuple(lines))
    body = grouped(findings)
    if recorded.halted:
        lines.append(f"{prefix}verdict=halted")
        lines.append(
            f"HALT: Val loop reached its {val_iteration.CAP}-iteration cap with "
            f"findings remaining — see {recorded.audit}; run /gaia-fix-story {key} "
            "or re-run with the audit file as context"
        )
        return GateOutput("HALTED\n" + body, tuple(lines), val_iteration.EXIT_CAP)
    return GateOutput("FIX\n" + body, tuple(lines))


# ---------------------------------------------------------------- TDD review gates (5a/6a/7a)


def _phase(raw: str) -> str:
    if raw not in PHASE_STEP:
        raise UsageError(f"phase must be one of {'|'.join(PHASE_STEP)}", EXIT_USAGE)
    return raw


def tdd_gate(project: Path, raw_key: str, phase: str, env: Mapping[str, str]) -> GateOutput:
    key = _key(raw_key)
    phase = _phase(phase)
    decision = tdd_review_gate.evaluate(project, key, phase, env)
    prefix = f"step{PHASE_STEP[phase]}_tdd_gate: phase={phase}"
    notes = tuple(decision.warnings)
    if decision.decision == "SKIP":
        session.record(project, key, {f"tdd.{phase}": "skip", "halt": ""})
        return GateOutput("SKIP", (*notes, f"{prefix} verdict=skip"))
    # Until the user answers (PROMPT) or the review passes (QA_AUTO), a re-run resumes here.
    if decision.decision == "QA_AUTO":
        session.record(project, key, {f"tdd.{phase}": "qa_auto", "halt": PHASE_GATE[phase]})
        return GateOutput("QA_AUTO", (*notes, f"{prefix} verdict=qa_auto"))
    session.record(project, key, {f"tdd.{phase}": "prompt", "halt": PHASE_GATE[phase]})
    return GateOutput("PROMPT", notes)


def tdd_choice(
    project: Path, raw_key: str, phase: str, choice: str, reason: str | None
) -> GateOutput:
    key = _key(raw_key)
    phase = _phase(phase)
    if choice not in CHOICES:
        raise UsageError(f"--choice must be one of {'|'.join(CHOICES)}", EXIT_USAGE)
    if session.run_vars(project, key).get(f"tdd.{phase}") == "skip":
        # a choice answers the gate's prompt: a skipped gate asked nothing, and its record stays
        raise UsageError(f"the {phase} TDD review gate was skipped (verdict=skip): it asked "
                         "nothing, so there is no choice to record", EXIT_USAGE)
    line = f"step{PHASE_STEP[phase]}_tdd_gate: phase={phase} verdict=prompt choice={choice}"
    if choice == "review-myself":
        session.record(project, key, {f"tdd.{phase}": choice, "halt": PHASE_GATE[phase]})
        return GateOutput(
            "HALT",
            (
                line,
                f"HALT: review the {phase} phase yourself; re-run "
                f"/gaia-dev-story {key} to continue from this gate",
            ),
            EXIT_HALT,
        )
    if choice == "route-to-qa":  # resumes here until the review's verdict is in
        session.record(project, key, {f"tdd.{phase}": choice, "halt": PHASE_GATE[phase]})
        return GateOutput("DISPATCH", (line,))
    text = " ".join((reason or "").split())
    if not text:
        raise UsageError("proceed-anyway needs --reason TEXT (the user's reason)", EXIT_USAGE)
    decision = {
        "choice": choice,
        "phase": phase,
        "reason": text[:500],
        "timestamp": lifecycle.utc_now_ms(),
    }
    session.record(
        project,
        key,
        {
            f"tdd.{phase}": choice,
            "halt": "",
            f"tdd.{phase}.decision": json.dumps(decision, ensure_ascii=False),
        },
    )
    return GateOutput("CONTINUE", (line,))


def findings_file(project: Path, key: str) -> Path:
    return paths.checkpoints_dir(project) / f"{keys.story_key(key)}-tdd-review-findings.md"


def tdd_review(project: Path, raw_key: str, phase: str, reply: Path) -> GateOutput:
    key = _key(raw_key)
    phase = _phase(phase)
    target = findings_file(project, key)
    try:
        data = json.loads(reply_json(reply.read_text(encoding="utf-8")))
        findings = data.get("findings") if isinstance(data, dict) else None
        if not isinstance(findings, list):
            raise ValueError("no findings list")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return GateOutput(
            "UNVERIFIED",
            (
                f"HALT: the tdd-reviewer's reply for the {phase} phase "
                f"is unreadable ({exc}); the review did not run",
            ),
            EXIT_HALT,
        )
    said = data.get("phase")
    if said is not None and said != phase:  # a review of another phase is none of this one
        return GateOutput("UNVERIFIED", (
            f"HALT: the tdd-reviewer's reply is for the {str(said)[:20]} phase, not the {phase} "
            "phase; the review did not run",), EXIT_HALT)
    section = (
        f"## {phase} — {lifecycle.utc_now_ms()}\n\n```json\n"
        + json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False)
        + "\n```\n"
    )
    writes.make_dirs(target.parent, project)
    with locks.locked(target, exit_code=3):
        writes.append_line(target, section, project)
    levels = [severity(f) for f in findings]
    warnings = [describe(f) for f, lvl in zip(findings, levels, strict=True) if lvl == "warning"]
    if "critical" in levels:
        critical = [
            describe(f) for f, lvl in zip(findings, levels, strict=True) if lvl == "critical"
        ]
        return GateOutput(
            "FAILED\n" + "\n".join(f"CRITICAL: {c}" for c in critical),
            (
                f"HALT: the tdd-reviewer found {len(critical)} CRITICAL finding(s) "
                f"in the {phase} phase — see {target}",
            ),
            EXIT_HALT,
        )
    session.record(project, key, {"halt": ""})
    return GateOutput("PASSED" + "".join(f"\nWARNING: {w}" for w in warnings))


# ---------------------------------------------------------------- advisories (6b, 14b)


def changed_files(project: Path) -> list[str]:
    """The story's staged files; when nothing is staged, the work tree's changes."""
    staged = conditional_check_hints.staged_files(project)
    if staged:
        return staged
    files = git.lines(git.run(project, "diff", "--name-only", "HEAD"))
    files += git.lines(git.run(project, "ls-files", "--others", "--exclude-standard"))
    return sorted({f for f in files if f and not f.startswith(".gaia/")})


def hints(project: Path, raw_key: str, env: Mapping[str, str]) -> GateOutput:
    _key(raw_key)
    found = conditional_check_hints.hints(
        changed_files(project), conditional_check_hints.threshold(env)
    )
    return GateOutput(
        "\n".join(found) if found else "no advisories", (f"step6b_gate: advisories={len(found)}",)
    )


def cache_advisory(project: Path, raw_key: str, base: str) -> GateOutput:
    _key(raw_key)
    if not base or base.startswith("-"):
        raise UsageError("--base needs a branch or ref", EXIT_USAGE)
    files = git.lines(git.run(project, "diff", "--name-only", f"{base}..HEAD"))
    line = cache_refresh_advisory.advisory(files)
    found = (line,) if line else ()
    return GateOutput(
        "\n".join(found) if found else "no advisories",
        (*found, f"step14b_gate: advisories={len(found)}"),
    )


# ---------------------------------------------------------------- Step 16


def reviews(project: Path, raw_key: str, env: Mapping[str, str]) -> GateOutput:
    key = _key(raw_key)
    if not _yolo(project, env):
        return GateOutput(
            json.dumps({"yolo": False, "run": []}), ("step16_gate: yolo=false verdict=skipped",)
        )
    run = [
        {
            "gate": gate,
            "skill": skill,
            "command": f"{skill} {key}",
            "report": str(names.review_report_path(project, key, table.REPORT_TYPES[gate])),
        }
        for gate, skill in AVAILABLE_REVIEWS.items()
    ]
    missing = [g for g in table.CANONICAL_GATES if g not in AVAILABLE_REVIEWS]
    return GateOutput(
        json.dumps({"yolo": True, "run": run, "not_available": missing}, indent=2),
        ("step16_gate: yolo=true verdict=invoked",),
    )


def review_summary(project: Path, raw_key: str, env: Mapping[str, str]) -> GateOutput:
    key = _key(raw_key)
    if not _yolo(project, env):
        return GateOutput(
            "Step 16 skipped (not YOLO): run each review from the Review Gate rows yourself",
            ("step16_gate: yolo=false verdict=skipped",),
        )
    story = load_story(resolve.find_story(project, key))
    rows = story.review_gate or ()
    reports: dict[str, str] = {}
    newest = names.newest_report(project, key)
    if newest:
        reports["QA Tests"] = newest
    lines = summary_lines(key, rows, reports)
    return GateOutput("\n".join(lines), ("step16_gate: yolo=true verdict=complete",))


def figma(raw_key: str, server: str) -> GateOutput:
    """Step 4's Figma graceful degrade: one warning line, never a halt."""
    _key(raw_key)
    name = " ".join(server.split())[:80]
    if not name:
        raise UsageError("--server needs the Figma MCP server's name", EXIT_USAGE)
    return GateOutput("CONTINUE", (f"figma_mcp_unavailable: server={name} fallback=text-only",))


MODE_B_FALLBACK = (
    "MODE_B_FALLBACK: agent-team tools are not available in this Claude Code; "
    "the developer is dispatched as an ordinary subagent (Mode A)"
)


def mode_b(project: Path, raw_key: str, available: bool) -> GateOutput:
    """Team orchestration: TEAM when the session offers agent-team tools, else the fallback
    token (stderr) and ordinary subagent dispatch. Recorded as `run.<key>.orchestration`."""
    key = _key(raw_key)
    session.record(project, key, {"orchestration": "team" if available else "fallback"})
    if available:
        return GateOutput("TEAM")
    return GateOutput("SUBAGENT", (MODE_B_FALLBACK,))
