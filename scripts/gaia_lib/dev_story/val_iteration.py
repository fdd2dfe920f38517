"""One iteration of a Val auto-fix loop (Step 4 YOLO plan loop, Step 7b Val-in-TDD pass).

Rules:
- `append-val-iteration` (upstream flags) appends one record {iteration_number, timestamp,
  findings, fix_diff_summary, revalidation_outcome, token_estimate, user_decision, event_type
  [, post_escape], yolo, findings_hash} to `custom.val_loop_iterations` copied from the newest
  write-checkpoint snapshot of the skill, and writes it as a NEW snapshot (step N, key
  variable `iteration=K`); `custom` also carries `yolo`, `iteration` and `last_findings_hash`
  for resume. stdout = the snapshot path.
- findings_hash = `sha256:` over the canonical JSON of the findings: equal hashes on
  consecutive iterations are a stall, reported on stderr and never a short-cut.
- With `--story K --loop yolo-plan|tdd-val` the findings are also appended to the audit file
  `.gaia/memory/checkpoints/K-<loop>-findings.md` as `## Iteration N — <timestamp>` + a JSON
  block. The file is only ever appended to (under its lock): earlier runs stay verbatim. The
  key is checked before the path is built.
- The cap: iterations are 1..3; a 4th is refused (exit 1, nothing written). Iteration 3 with
  `findings_present` (CRITICAL or WARNING left) is recorded and then halts: exit 4 and
  `HALT: Val loop reached its 3-iteration cap with findings remaining — see <audit file>`.
- Exit codes: 0 recorded; 1 validation; 2 environment (unreadable previous snapshot); 3 I/O;
  4 cap reached with findings remaining.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib.checkpoint import store
from gaia_lib.core import keys, lifecycle, locks, paths, writes
from gaia_lib.core.errors import GaiaError, InvalidInput

OUTCOMES = ("clean", "info_only", "findings_present", "val_invocation_failed")
DECISIONS = ("continue", "accept-as-is", "abort")
EVENT_TYPES = ("yolo_hard_gate_violation",)
LOOPS = ("yolo-plan", "tdd-val")
CAP = 3
EXIT_CAP = 4


@dataclass(frozen=True)
class Iteration:
    skill: str
    step: int
    iteration: int
    token_estimate: int | None
    outcome: str
    findings: Any
    fix_summary: str | None = None
    user_decision: str | None = None
    event_type: str | None = None
    post_escape: bool | None = None
    yolo: bool = False
    story: str | None = None
    loop: str | None = None


@dataclass(frozen=True)
class Recorded:
    snapshot: Path
    audit: Path | None
    findings_hash: str
    stalled: bool
    halted: bool


def findings_hash(findings: Any) -> str:
    canonical = json.dumps(findings, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def parse_findings(raw: str) -> Any:
    try:
        value = json.loads(raw)
    except ValueError:
        raise InvalidInput("--findings-json is not valid JSON", 1) from None
    if not isinstance(value, (list, dict)):
        raise InvalidInput("--findings-json must be a JSON array or object", 1)
    return value


def validate(it: Iteration) -> None:
    store.check_skill(it.skill)
    if not 1 <= it.iteration <= CAP:
        raise InvalidInput(f"--iteration must be 1..{CAP} (the cap is never bypassed); "
                           f"got {it.iteration}", 1)
    if it.outcome not in OUTCOMES:
        raise InvalidInput(f"--revalidation-outcome must be one of {'|'.join(OUTCOMES)}", 1)
    if it.user_decision is not None and it.user_decision not in DECISIONS:
        raise InvalidInput(f"--user-decision must be one of {'|'.join(DECISIONS)}", 1)
    if it.event_type is not None and it.event_type not in EVENT_TYPES:
        raise InvalidInput(f"--event-type must be {'|'.join(EVENT_TYPES)}", 1)
    if (it.story is None) != (it.loop is None):
        raise InvalidInput("--story and --loop go together", 1)
    if it.story is not None:
        keys.story_key(it.story, 1)
    if it.loop is not None and it.loop not in LOOPS:
        raise InvalidInput(f"--loop must be one of {'|'.join(LOOPS)}", 1)


def previous_custom(root: Path, skill: str) -> dict[str, Any]:
    directory = root / skill
    newest = max(directory.glob("*.json"), default=None, key=lambda p: p.name) \
        if directory.is_dir() else None
    if newest is None:
        return {}
    try:
        data = json.loads(newest.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise GaiaError(f"cannot read the previous checkpoint {newest}", 2) from None
    custom = data.get("custom") if isinstance(data, dict) else None
    return dict(custom) if isinstance(custom, dict) else {}


def audit_path(project: Path, story: str, loop: str) -> Path:
    return paths.checkpoints_dir(project) / f"{keys.story_key(story)}-{loop}-findings.md"


def append_audit(project: Path, target: Path, iteration: int, stamp: str, findings: Any) -> None:
    section = (f"## Iteration {iteration} — {stamp}\n\n```json\n"
               + json.dumps(findings, indent=2, sort_keys=True, ensure_ascii=False)
               + "\n```\n")
    writes.make_dirs(target.parent, project)
    with locks.locked(target, exit_code=3):
        writes.append_line(target, section, project)


def record(project: Path, it: Iteration, paths_: tuple[str, ...] = ()) -> Recorded:
    validate(it)
    root = Path(paths.checkpoints_root(project))
    custom = previous_custom(root, it.skill)
    history = [e for e in custom.get("val_loop_iterations") or [] if isinstance(e, dict)]
    digest = findings_hash(it.findings)
    stalled = bool(history) and history[-1].get("findings_hash") == digest
    stamp = lifecycle.utc_now_ms()
    entry: dict[str, Any] = {
        "iteration_number": it.iteration, "timestamp": stamp, "findings": it.findings,
        "fix_diff_summary": it.fix_summary, "revalidation_outcome": it.outcome,
        "token_estimate": it.token_estimate, "user_decision": it.user_decision,
        "event_type": it.event_type, "yolo": it.yolo, "findings_hash": digest,
    }
    if it.post_escape is not None:
        entry["post_escape"] = it.post_escape
    custom.update(val_loop_iterations=[*history, entry], yolo=it.yolo, iteration=it.iteration,
                  last_findings_hash=digest)
    audit = None
    if it.story is not None and it.loop is not None:
        audit = audit_path(project, it.story, it.loop)
        append_audit(project, audit, it.iteration, stamp, it.findings)
    snapshot = store.write_snapshot(root, project, it.skill, it.step,
                                    (("iteration", str(it.iteration)),), paths_,
                                    custom_value=custom)
    halted = it.iteration == CAP and it.outcome == "findings_present"
    return Recorded(snapshot, audit, digest, stalled, halted)
