"""The review ledgers: plan-id verdicts (upstream's TSV) and the rounds of every review.

(a) Plan-id ledger, upstream format: one line per record, `story<TAB>gate<TAB>plan_id<TAB>verdict`.
    Path: `--ledger P` > env REVIEW_GATE_LEDGER > `.gaia/state/.review-gate-ledger`. A lookup is
    the LAST line matching (story, gate, plan_id); none means UNVERIFIED. Appends hold the
    ledger's lock (upstream appended unlocked and could lose a concurrent record).

(b) Rounds ledger, `.gaia/state/review-rounds.jsonl`: one JSON object per line, keys sorted,
        {"gate": G, "plan_id": ID (only for plan-id records), "recorded": "YYYY-MM-DD" (UTC),
         "report": P or "—", "round": N, "story": K, "verdict": V,
         "findings": "N new, N open, N fixed" (only for QA rounds that counted them)}
    Append-only: every verdict recorded through `review-gate update` adds a round. The round is
    the highest recorded for (story, gate) + 1 unless the caller names one; recording a round
    that exists replaces that line in place and touches no other line. Lines that do not parse
    are kept as they are and ignored.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib.core import locks, paths, writes

LEDGER_NAME = ".review-gate-ledger"
ROUNDS_NAME = "review-rounds.jsonl"
NO_REPORT = "—"
UNVERIFIED = "UNVERIFIED"
LOCK_SECONDS = 60.0


@dataclass(frozen=True)
class Ledger:
    path: Path
    explicit: bool  # named by --ledger / REVIEW_GATE_LEDGER: writable wherever it is


@dataclass(frozen=True)
class Round:
    story: str
    gate: str
    round: int
    verdict: str
    report: str
    recorded: str
    plan_id: str | None = None
    findings: str | None = None

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "gate": self.gate, "recorded": self.recorded, "report": self.report,
            "round": self.round, "story": self.story, "verdict": self.verdict,
        }
        if self.plan_id is not None:
            data["plan_id"] = self.plan_id
        if self.findings is not None:
            data["findings"] = self.findings
        return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


# ---------------------------------------------------------------------------------------------
# (a) plan-id ledger


def ledger_for(project: Path, flag: str | None) -> Ledger:
    if flag:
        return Ledger(Path(flag).absolute(), True)
    env = os.environ.get("REVIEW_GATE_LEDGER")
    if env:
        return Ledger(Path(env).absolute(), True)
    return Ledger(paths.state_dir(project) / LEDGER_NAME, False)


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return ""


def _lines(text: str) -> list[str]:
    """Split on LF only: a report path may hold characters `str.splitlines` would break at."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def lookup(text: str, story: str, gate: str, plan_id: str) -> str:
    """The verdict of the last record for (story, gate, plan_id) in ledger `text`."""
    found = UNVERIFIED
    for line in _lines(text):
        fields = line.rstrip("\r").split("\t")
        if len(fields) >= 4 and fields[:3] == [story, gate, plan_id] and fields[3]:
            found = fields[3]
    return found


def last_record(text: str, story: str, gate: str) -> tuple[str, str] | None:
    """(plan_id, verdict) of the last record for (story, gate) in ledger `text`, any plan id."""
    found = None
    for line in _lines(text):
        fields = line.rstrip("\r").split("\t")
        if len(fields) >= 4 and fields[:2] == [story, gate] and fields[3]:
            found = (fields[2], fields[3])
    return found


def read_verdict(ledger: Ledger, story: str, gate: str, plan_id: str) -> str:
    return lookup(_read_text(ledger.path), story, gate, plan_id)


def append_verdict(ledger: Ledger, story: str, gate: str, plan_id: str, verdict: str) -> None:
    """Append one record under the ledger's lock. Fields are validated by the caller (no tabs)."""
    line = "\t".join((story, gate, plan_id, verdict))
    with locks.locked(ledger.path):
        if ledger.explicit:
            with writes.trusted_file(ledger.path):
                writes.append_line(ledger.path, line)
        else:
            writes.append_line(ledger.path, line)


# ---------------------------------------------------------------------------------------------
# (b) rounds ledger


def rounds_path(project: Path) -> Path:
    return paths.state_dir(project) / ROUNDS_NAME


def parse_round(line: str) -> Round | None:
    try:
        data = json.loads(line)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    number = data.get("round")
    texts = [data.get(k) for k in ("story", "gate", "verdict", "report", "recorded")]
    plan_id = data.get("plan_id")
    findings = data.get("findings")
    if (
        isinstance(number, bool) or not isinstance(number, int) or number < 1
        or not all(isinstance(t, str) for t in texts)
        or (plan_id is not None and not isinstance(plan_id, str))
        or (findings is not None and not isinstance(findings, str))
    ):
        return None
    story, gate, verdict, report, recorded = (str(t) for t in texts)
    return Round(story, gate, number, verdict, report, recorded, plan_id, findings)


def parse_rounds(text: str) -> list[Round]:
    return [r for r in (parse_round(line) for line in _lines(text)) if r is not None]


def next_round(rounds: Iterable[Round], story: str, gate: str) -> int:
    return max((r.round for r in rounds if r.story == story and r.gate == gate), default=0) + 1


def with_round(text: str, entry: Round) -> str:
    """Ledger `text` with `entry` recorded: replaces the line of the same (story, gate, round)
    in place, else appends. Every other line, parseable or not, is kept byte for byte."""
    lines = _lines(text)
    out: list[str] = []
    replaced = False
    for line in lines:
        existing = parse_round(line)
        same = existing is not None and (existing.story, existing.gate, existing.round) == (
            entry.story, entry.gate, entry.round
        )
        if not same:
            out.append(line)
        elif not replaced:
            out.append(entry.to_json())
            replaced = True
    if not replaced:
        out.append(entry.to_json())
    return "\n".join(out) + "\n"


def record_round(
    project: Path,
    story: str,
    gate: str,
    verdict: str,
    *,
    report: str,
    recorded: str,
    round_number: int | None = None,
    plan_id: str | None = None,
    findings: str | None = None,
) -> Round:
    """Record one round under the rounds ledger's lock and return it."""
    path = rounds_path(project)
    with locks.locked(path, LOCK_SECONDS):
        text = _read_text(path)
        number = round_number or next_round(parse_rounds(text), story, gate)
        entry = Round(story, gate, number, verdict, report, recorded, plan_id, findings)
        writes.write_text(path, with_round(text, entry))
    return entry


def story_rounds(project: Path, story: str) -> list[Round]:
    """Every round recorded for `story`, of every gate, oldest first."""
    rounds = [r for r in parse_rounds(_read_text(rounds_path(project))) if r.story == story]
    return sorted(rounds, key=lambda r: r.round)


def history(project: Path, story: str, gate: str) -> list[Round]:
    return [r for r in story_rounds(project, story) if r.gate == gate]


def format_history(rounds: Sequence[Round]) -> str:
    """`round<TAB>verdict<TAB>report<TAB>recorded`, one line per round."""
    return "".join(f"{r.round}\t{r.verdict}\t{r.report}\t{r.recorded}\n" for r in rounds)
