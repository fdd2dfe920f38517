"""The Review Gate: six canonical rows in a story's `## Review Gate` table, and their composite.

Vocabulary (exact case): gates CANONICAL_GATES, verdicts UNVERIFIED | PASSED | FAILED. The
ledger-only gates in PLAN_ID_GATES are keyed by a plan id and never touch the table.

- `composite(rows)` (pure): COMPLETE when all six are PASSED; BLOCKED when any is FAILED (it
  dominates); PENDING otherwise (UNVERIFIED, NOT STARTED, any other text, a missing row).
- A row update rewrites only that row's bytes (`| G | V | report |`, CRLF kept) under the
  story's one lock (`story.editing`: the same lock a status transition holds, the story re-read
  under it, its own key checked against the key it was found by), records the round (see
  `ledger`), and regenerates the review summary.
- Proof of execution (unless REVIEW_GATE_PROOF_OF_EXECUTION=off; never for plan-id records):
  PASSED/FAILED need an existing --report or --report-missing-reason; the test gates also need
  an existing --execution-evidence (the reason excuses only the report); PASSED is refused on
  red evidence and on evidence of no passing test (`{}`, no suites, every pass_count 0).
- The story is looked up like upstream review-gate.sh: every layout's candidates, only files
  whose frontmatter says `template: story`, symlinks to the same file collapsed; none or more
  than one is an error (exit 1).

All errors raised here carry exit code 1, the review-gate contract.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import os
import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from gaia_lib.core import paths, writes
from gaia_lib.core.errors import Ambiguous, GaiaError, InvalidInput, MalformedFile, NotFound
from gaia_lib.gate import ledger, reports
from gaia_lib.story import resolve
from gaia_lib.story.editing import editing
from gaia_lib.story.markdown import split_row
from gaia_lib.story.parser import GateRow, Story, load_story

CANONICAL_GATES = (
    "Code Review", "QA Tests", "Security Review", "Test Automation", "Test Review",
    "Performance Review",
)
UNVERIFIED, PASSED, FAILED = "UNVERIFIED", "PASSED", "FAILED"
VERDICTS = (UNVERIFIED, PASSED, FAILED)
TEST_GATES = frozenset({"QA Tests", "Test Automation", "Test Review"})
QA_TESTS = "QA Tests"  # QA gating's row: see unrecorded_passes
PLAN_ID_GATES = ("test-automate-plan", "story-validation", "manual-test", "sprint-review")
PLAN_ID_RE = re.compile(r"[A-Za-z0-9._:+-]+")
NO_REPORT = "—"
PROOF_ENV = "REVIEW_GATE_PROOF_OF_EXECUTION"

# Report basenames the six review skills write (`<type>-<key>.md`), in canonical gate order.
REPORT_TYPES = {
    "Code Review": "code-review", "QA Tests": "qa-tests", "Security Review": "security-review",
    "Test Automation": "test-automate-review", "Test Review": "test-review",
    "Performance Review": "performance-review",
}
SUMMARY_REVIEWERS = (
    "code-review, qa-tests, security-review, test-automate, test-review, review-perf"
)

COMPLETE, BLOCKED, PENDING = "COMPLETE", "BLOCKED", "PENDING"
CHECK_EXIT = {COMPLETE: 0, BLOCKED: 1, PENDING: 2}


class _Row(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def status(self) -> str: ...


@dataclass(frozen=True)
class Composite:
    state: str  # COMPLETE | BLOCKED | PENDING
    blocking: tuple[str, ...]  # FAILED gates, canonical order
    pending: tuple[str, ...]  # gates neither PASSED nor FAILED (or missing), canonical order


def composite(rows: Iterable[_Row]) -> Composite:
    """The composite state of the six canonical gates; the first row of each name counts."""
    status: dict[str, str] = {}
    for row in rows:
        status.setdefault(row.name, row.status)
    blocking = tuple(g for g in CANONICAL_GATES if status.get(g) == FAILED)
    pending = tuple(g for g in CANONICAL_GATES if status.get(g) not in (PASSED, FAILED))
    state = BLOCKED if blocking else PENDING if pending else COMPLETE
    return Composite(state, blocking, pending)


def unrecorded_passes(project: Path, key: str, rows: Iterable[_Row]) -> tuple[str, ...]:
    """The rows the table shows PASSED that no recorded verdict passed, i.e. edited by hand:
    - the rounds ledger's newest record of the row is not PASSED (nor a QA waiver): gaia
      records every verdict it sets (`gaia review-gate history`), the table says otherwise;
    - the row has no record, and its Report cell names a file the project does not have.
    A row with no record and no report named, or one that exists, is taken as its table says
    (a table that predates gaia's ledger). QA Tests is QA gating's: its verdict is the QA
    record (`gaia qa-record` records one without the table), which holds dependents itself."""
    newest = {r.gate: r.verdict for r in ledger.story_rounds(project, key)}
    hand = []
    for row in rows:
        if row.status != PASSED or row.name == QA_TESTS:
            continue
        if row.name in newest:
            if newest[row.name] not in (PASSED, "WAIVED"):
                hand.append(row.name)
            continue
        report = getattr(row, "report", NO_REPORT)
        if report and report != NO_REPORT:
            target = Path(report)
            if not (target if target.is_absolute() else project / target).is_file():
                hand.append(row.name)
    return tuple(dict.fromkeys(hand))


def as_recorded(rows: Sequence[GateRow], unrecorded: Iterable[str]) -> tuple[GateRow, ...]:
    """`rows` with those passed by hand only (`unrecorded_passes`) read as UNVERIFIED."""
    hand = set(unrecorded)
    return tuple(dataclasses.replace(r, status=UNVERIFIED) if r.name in hand else r
                 for r in rows)


HAND_SET = ("set by hand: no PASSED verdict is recorded for it, or its report does not exist "
            "(gaia review-gate history)")


# ---------------------------------------------------------------------------------------------
# Validation of the caller's vocabulary


def check_gate(gate: str, plan_id: str | None) -> None:
    if gate in PLAN_ID_GATES:
        if not plan_id:
            raise InvalidInput(f"gate '{gate}' requires --plan-id", 1)
    elif gate not in CANONICAL_GATES:
        raise InvalidInput(
            f"invalid gate name '{gate}' — allowed: {', '.join(CANONICAL_GATES)}", 1
        )


def check_verdict(verdict: str) -> None:
    if verdict not in VERDICTS:
        raise InvalidInput(f"invalid verdict '{verdict}' — allowed: {', '.join(VERDICTS)}", 1)


def check_plan_id(value: str, flag: str = "--plan-id") -> str:
    if not value:
        raise InvalidInput(f"{flag} requires a value", 1)
    if PLAN_ID_RE.fullmatch(value) is None:
        raise InvalidInput(
            f"invalid {flag} value '{value}' — must match ^[A-Za-z0-9._:+-]+$ "
            "(alphanumerics plus ._:+-)",
            1,
        )
    return value


# ---------------------------------------------------------------------------------------------
# Finding the story and its table


def _is_story(path: Path) -> Story | None:
    story = load_story(path, 1)
    return story if story.template == "story" else None


def find_gate_story(project: Path, key: str) -> Path:
    """The one `template: story` file for `key` across every layout (exit 1 otherwise)."""
    root = resolve.artifacts_root(project)
    candidates = resolve.story_candidates(project, key)
    if not candidates:
        raise NotFound(
            f"no story file found for key '{key}' (globs: {root}/{key}-*.md | "
            f"{root}/epic-*/stories/{key}-*.md | {root}/epic-*/{key}-*/story.md)",
            1,
        )
    stories: list[Path] = []
    problems: list[GaiaError] = []
    for candidate in candidates:
        try:
            if _is_story(candidate) is not None:
                stories.append(candidate)
        except GaiaError as exc:
            problems.append(exc)
    if not stories:
        if problems:
            raise MalformedFile(problems[0].message, 1)
        raise NotFound(
            f"no story file found for key '{key}' (checked {len(candidates)} candidates, "
            "none have template: 'story' frontmatter)",
            1,
        )
    # A flat symlink to the nested file (a migration shim) is the same story: keep the file.
    unique: dict[str, Path] = {}
    for path in sorted(stories, key=lambda p: p.is_symlink()):
        unique.setdefault(os.path.realpath(path), path)
    if len(unique) > 1:
        listed = ", ".join(str(p) for p in unique.values())
        raise Ambiguous(f"multiple story files matched key {key}: {listed}", 1)
    return next(iter(unique.values()))


def canonical_rows(story: Story) -> tuple[GateRow, ...]:
    """The first row of each canonical gate, in canonical order; all six must be there."""
    if story.review_gate is None:
        # a story written by hand, not from `gaia story new`'s template, has none: say how
        raise MalformedFile(f"story file '{story.path}' is missing the '## Review Gate' section "
                            f"(`gaia init-review-gate {story.path}` adds it)", 1)
    out: list[GateRow] = []
    for gate in CANONICAL_GATES:
        row = next((r for r in story.review_gate if r.name == gate), None)
        if row is None:
            raise MalformedFile(
                f"story file '{story.path}' is missing canonical gate row '{gate}' in "
                f"'## Review Gate' (`gaia init-review-gate {story.path}` writes the six rows "
                "anew)",
                1,
            )
        out.append(row)
    return tuple(out)


def load_rows(story_path: Path) -> tuple[GateRow, ...]:
    return canonical_rows(load_story(story_path, 1))


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render_check(rows: Sequence[GateRow], unrecorded: Sequence[str] = ()
                 ) -> tuple[str, int]:
    """`review-gate-check` output (table, state, offending gates) and its exit code; a row
    `unrecorded` (passed by hand only) is pending whatever its cell says."""
    result = composite(as_recorded(rows, unrecorded))
    lines = ["| Review | Status | Report |", "|--------|--------|--------|"]
    lines += [f"| {r.name} | {r.status} | {_cell(r.report)} |" for r in rows]
    lines += ["", f"Review Gate: {result.state}"]
    if result.state == BLOCKED:
        lines += ["Blocking gates:", *(f"  - {g}" for g in result.blocking)]
    elif result.state == PENDING:
        lines += ["Pending gates:", *(f"  - {g}" + (f" ({HAND_SET})" if g in unrecorded else "")
                                      for g in result.pending)]
    return "\n".join(lines) + "\n", CHECK_EXIT[result.state]


def status_json(key: str, rows: Sequence[GateRow]) -> str:
    gates = {r.name: r.status for r in rows}
    return json.dumps({"story": key, "gates": gates}, ensure_ascii=False, separators=(",", ":"))


# ---------------------------------------------------------------------------------------------
# Proof of execution


def proof_required(plan_id: str | None) -> bool:
    return not plan_id and os.environ.get(PROOF_ENV, "on") != "off"


def _number(value: Any) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


def evidence_refusal(gate: str, evidence: Any, path: str) -> str | None:
    """Why a PASSED verdict is refused on this execution evidence (pure); None when it is not."""
    prefix = f"proof-of-execution: refusing PASSED verdict for '{gate}' — execution-evidence"
    if not isinstance(evidence, dict):
        return f"{prefix} '{path}' is not a JSON object. Re-capture the evidence."
    code = evidence.get("exit_code")
    if code not in (None, False, 0, "0"):
        return (
            f"{prefix} reports exit_code={code} (red suite). Either fix the failing tests and "
            "re-capture evidence, or record verdict=FAILED."
        )
    suites = evidence.get("suites")
    fails = sum(
        _number(s.get("fail_count")) for s in suites if isinstance(s, dict)
    ) if isinstance(suites, list) else 0.0
    if fails:
        shown = int(fails) if fails.is_integer() else fails
        return (
            f"{prefix} reports fail_count={shown} across suites. Either fix the failing tests "
            "and re-capture evidence, or record verdict=FAILED."
        )
    if evidence.get("skipped") is True:
        return (
            f"{prefix} reports skipped:true (suite did not run). Either run the suite and "
            "re-capture evidence, or record verdict=UNVERIFIED."
        )
    passed = sum(_number(s.get("pass_count")) for s in suites if isinstance(s, dict)) \
        if isinstance(suites, list) else 0.0
    if not passed:
        return (
            f"{prefix} '{path}' shows no test that ran and passed (no suite with a pass_count). "
            "Run the suite and capture its evidence, or record verdict=UNVERIFIED."
        )
    return None


def check_proof(
    gate: str,
    verdict: str,
    report: str | None,
    evidence: str | None,
    missing_reason: str | None,
) -> None:
    """Raise InvalidInput (exit 1) when a PASSED/FAILED verdict lacks its proof of execution."""
    if verdict not in (PASSED, FAILED):
        return  # UNVERIFIED is the seed state: nothing ran, nothing to prove
    if report:
        if not Path(report).is_file():
            raise InvalidInput(
                f"proof-of-execution: --report '{report}' does not exist on disk — refusing "
                f"{verdict} verdict for gate '{gate}'",
                1,
            )
    elif not missing_reason:
        raise InvalidInput(
            f"proof-of-execution: {verdict} verdict for gate '{gate}' requires --report <path> "
            "or --report-missing-reason <reason>",
            1,
        )
    if gate not in TEST_GATES:
        return
    if not evidence:  # a missing report may be explained; a test gate's run may not
        raise InvalidInput(
            f"proof-of-execution: gate '{gate}' is a test-execution gate; {verdict} verdict "
            "requires --execution-evidence <path> (--report-missing-reason excuses only the "
            "report)",
            1,
        )
    if not Path(evidence).is_file():
        raise InvalidInput(
            f"proof-of-execution: --execution-evidence '{evidence}' does not exist on disk — "
            f"refusing {verdict} verdict for gate '{gate}'",
            1,
        )
    if verdict == PASSED:
        try:
            value: Any = json.loads(Path(evidence).read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            raise InvalidInput(
                f"proof-of-execution: refusing PASSED verdict for '{gate}' — execution-evidence "
                f"'{evidence}' is not valid JSON. Re-capture the evidence.",
                1,
            ) from None
        refusal = evidence_refusal(gate, value, evidence)
        if refusal:
            raise InvalidInput(refusal, 1)


# ---------------------------------------------------------------------------------------------
# Writing a row


def report_cell(report: str | None, project: Path) -> str:
    """What the Report cell stores: the report's project-relative path, or an em dash."""
    if not report:
        return NO_REPORT
    if any(not ch.isprintable() for ch in report):
        raise InvalidInput("invalid --report path: control characters are not allowed", 1)
    return _cell(paths.relative_to_project(Path(report), project))


def rewrite_row(data: bytes, row: GateRow, verdict: str, cell: str) -> bytes:
    """`data` with only `row`'s line replaced by `| gate | verdict | cell |` (its CR kept)."""
    lines = data.split(b"\n")
    index = row.line - 1
    old = lines[index].decode("utf-8") if 0 <= index < len(lines) else ""
    cells = split_row(old.rstrip("\r"))
    if not cells or cells[0] != row.name:
        raise MalformedFile(f"Review Gate row '{row.name}' is not on line {row.line}", 1)
    ending = "\r" if old.endswith("\r") else ""
    lines[index] = f"| {row.name} | {verdict} | {cell} |{ending}".encode()
    return b"\n".join(lines)


def _utc_date(timestamp: float) -> str:
    return datetime.datetime.fromtimestamp(timestamp, datetime.timezone.utc).date().isoformat()


def summary_path(project: Path, story_path: Path, key: str) -> Path:
    """Per-story layout: `<story dir>/reviews/review-summary.md`; else `review-summary-<key>.md`
    beside the flat reports (a `<key>-…` name would look like a second story file)."""
    if reports.is_per_story(story_path):
        return story_path.parent / "reviews" / "review-summary.md"
    return paths.implementation_artifacts(project) / f"review-summary-{key}.md"


def summary_text(key: str, date: str, rows: Sequence[GateRow], links: Sequence[str],
                 missing: Sequence[bool], where: str = ".") -> str:
    """The review summary (pure). `links[i]` / `missing[i]` describe row i's report; an
    empty link: none yet (a review not run), shown as such rather than linked. A link reads
    as the project-relative path and points from `where`, the summary's own directory
    (project-relative): a markdown link is read from the file that holds it."""
    result = composite(rows)
    overall = FAILED if result.blocking else "INCOMPLETE" if result.pending else PASSED
    out = [
        "---", f"story_key: {key}", f"date: {date}", f"overall_status: {overall}",
        f"reviewers: [{SUMMARY_REVIEWERS}]", "---", "", f"# Review Summary: {key}", "",
        f"> Aggregate of the 6-review gate for {key}. This file does NOT regenerate reviews — "
        "it consolidates existing verdicts from the 6 individual review reports.", "",
    ]
    for row, link, gone in zip(rows, links, missing, strict=True):
        report = (
            f"MISSING — `{link}` not on disk (verdict {row.status} written without evidence)"
            if gone else f"[{link}]({_href(link, where)})" if link else "— (no report yet)"
        )
        out += [f"## {row.name}", f"**Verdict:** {row.status}", f"**Report:** {report}",
                "**Synopsis:** See report", ""]
    if any(missing):
        out += [
            "## Proof-of-Execution Findings", "",
            "> The following per-review report files were referenced by the Review Gate but do "
            "not exist on disk. The verdicts were recorded without corresponding evidence.", "",
        ]
        out += [f"- **{r.name}** ({r.status}) — MISSING: `{link}`"
                for r, link, gone in zip(rows, links, missing, strict=True) if gone]
        out.append("")
    out += ["## Aggregate Gate Status", "", "| Review | Verdict | Report |", "|---|---|---|"]
    out += [
        f"| {r.name} | {r.status} | "
        f"{'MISSING' if gone else f'[link]({_href(link, where)})' if link else '—'} |"
        for r, link, gone in zip(rows, links, missing, strict=True)
    ]
    out += ["", f"**Overall Status:** {overall}"]
    return "\n".join(out) + "\n"


def _href(link: str, where: str) -> str:
    """A project-relative `link` as a markdown link target from the directory `where` (an
    absolute one, outside the project, as it is)."""
    return link if where == "." or posixpath.isabs(link) or posixpath.isabs(where) \
        else posixpath.relpath(link, where)


def write_summary(project: Path, story_path: Path, key: str, rows: Sequence[GateRow]) -> Path:
    links: list[str] = []
    missing: list[bool] = []
    for row in rows:
        if row.report and row.report != NO_REPORT:
            target = Path(row.report)
        else:
            target = reports.review_report_path(project, key, REPORT_TYPES[row.name], False,
                                                story_path=story_path)
        absolute = target if target.is_absolute() else project / target
        gone = row.status in (PASSED, FAILED) and not absolute.is_file()
        # a review not run has no report: linking where it would go links nothing
        shown = absolute.is_file() or gone or bool(row.report and row.report != NO_REPORT)
        links.append(paths.relative_to_project(absolute, project) if shown else "")
        missing.append(gone)
    out = summary_path(project, story_path, key)
    date = _utc_date(story_path.stat().st_mtime)
    # rendered from the story's gate rows by every gate write: derivable
    where = paths.relative_to_project(out.parent, project)
    writes.write_text(out, summary_text(key, date, rows, links, missing, where), project,
                      durable=False)
    return out


@dataclass(frozen=True)
class Recorded:
    round: ledger.Round | None  # None for UNVERIFIED: a reset is not a review
    summary: Path | None


def record_table_verdict(
    project: Path,
    story_path: Path,
    key: str,
    gate: str,
    verdict: str,
    cell: str,
    *,
    recorded: str,
    round_number: int | None = None,
    record_round: bool = True,
) -> Recorded:
    """Rewrite the gate's row, record the round and refresh the summary, all under one lock:
    the row always shows the verdict of the newest round, and the summary the newest table.
    `record_round=False`: the caller records the round itself (QA Tests rounds go through
    qa_gating's recorder, which writes test-status.md and the rounds ledger together)."""
    with editing(story_path, key, exit_code=1) as story:
        rows = canonical_rows(story)
        row = next(r for r in rows if r.name == gate)
        writes.write_bytes(story_path, rewrite_row(story_path.read_bytes(), row, verdict, cell),
                           project)
        plain = cell.replace("\\|", "|")  # the cell as the parser reads it back
        entry = None
        if verdict != UNVERIFIED and record_round:
            entry = ledger.record_round(
                project, key, gate, verdict, report=plain, recorded=recorded,
                round_number=round_number,
            )
        new_rows = tuple(GateRow(r.name, verdict, plain, r.line) if r is row else r for r in rows)
        try:
            summary: Path | None = write_summary(project, story_path, key, new_rows)
        except (GaiaError, OSError):
            summary = None  # the summary is a derived view; the gate write stands
    return Recorded(entry, summary)


def record_plan_verdict(
    project: Path,
    target: ledger.Ledger,
    key: str,
    gate: str,
    plan_id: str,
    verdict: str,
    *,
    report: str,
    recorded: str,
    round_number: int | None = None,
) -> Recorded:
    ledger.append_verdict(target, key, gate, plan_id, verdict)
    entry = None
    if verdict != UNVERIFIED:
        entry = ledger.record_round(
            project, key, gate, verdict, report=report, recorded=recorded,
            round_number=round_number, plan_id=plan_id,
        )
    return Recorded(entry, None)
