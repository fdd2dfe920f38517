"""test-status.md: an epic's QA verdicts, and the one recorder that writes them (seed 004).

File: `<epic dir>/test-status.md` (see board). Sections are pipe tables found by their `##`
heading (case-insensitive; a `###` stays inside its section):

    ## QA status    | Story | Result | Report | Round |              one row per story: the
                                                                      current verdict, the ONLY
                                                                      thing that gates
    ## QA rounds    | Story | Round | Result | Report | Recorded | Findings |   append-only
    ## QA waivers   | Story | Round | Reason | Recorded |               why a waiver was given

Results: pass | fail | pending | waived. Report: a project-relative path or `-`. Round: a
positive integer or `-` (roundless). Recorded: YYYY-MM-DD (UTC) or `-` (backfilled). Findings:
`N new, N open, N fixed` against the previous round (see fingerprints) or `-`.

Reading:
- Result is the 2nd cell whatever the width, so a three-column table written before rounds
  (`| Story | Result | Report |`) gates exactly as it did. `*` and backticks around a story or
  result cell are ignored, a lone en/em dash is `-`, a `[text](path)` report cell is its path.
- A status row's round: an explicit positive Round cell; else none for `pending` and for a
  `waived` row with no report (the activation backfill); else the round its report's name
  carries (`-round<R>.md` is R, any other name 1).
- A story's history is its `## QA rounds` rows, by round; a story with none there has its
  status row (when that holds a numbered verdict) as its only round, recorded `-`.

Recording (`record`, behind `gaia qa-record KEY --result R [--report P] [--round N]
[--reason T]`), an idempotent upsert under the file's lock:
- Refused, writing nothing: an unknown result; `--round` outside 1..999999; `--round` with
  `pending` (a round is a review that happened); a report or reason holding `|` or a line
  break; `--reason` with anything but `waived`, or longer than 280 characters.
- The round: `--round`; else none for `pending`; else the round the report's name carries;
  else previous + 1 (previous = the story's highest round on file). A record without
  `--report` probes the disk: when the conventional report of that round exists, the highest
  existing report of the unbroken run above it is taken (however long the run), and the
  record points at it; otherwise its report is `-`.
- A legacy status row (a verdict, no round in the ledger) is first copied into `## QA rounds`
  as its oldest round, recorded `-`, unless it is the round being written (a correction).
- The status row of the story (its current verdict) is replaced (a duplicate is dropped) or
  appended at the end of the status table, unless the record is of a round older than the
  story's newest on file: a correction of history, which leaves the current verdict the
  newest round's (re-recording round 1 as a pass must not clear round 6's fail); a
  three-column header is upgraded to four in place, untouched rows keep their three cells.
  A round row replaces the row of the same (story, round), else is appended.
- Every round written to `## QA rounds` is written, in the same locked transaction, to the
  review rounds ledger (`.gaia/state/review-rounds.jsonl`, gate `QA Tests`, verdict
  PASSED | FAILED | WAIVED), so the two never disagree; if the ledger write fails, the file is
  put back as it was.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from gaia_lib.core import keys, locks, paths, writes
from gaia_lib.core.errors import GaiaError, InvalidInput, UsageError
from gaia_lib.gate import ledger, reports
from gaia_lib.qa_gating import board
from gaia_lib.story.markdown import split_row

RESULTS = ("pass", "fail", "pending", "waived")
RELEASING = frozenset({"pass", "waived"})
NO_CELL = "-"
QA_GATE = "QA Tests"
REPORT_TYPE = "qa-tests"
LEDGER_VERDICT = {"pass": "PASSED", "fail": "FAILED", "waived": "WAIVED"}
MAX_REASON = 280
LOCK_SECONDS = 120.0  # many recorders may queue on one epic's file

STATUS_HEADING = "QA status"
ROUNDS_HEADING = "QA rounds"
WAIVERS_HEADING = "QA waivers"
STATUS_HEADER = "| Story | Result | Report | Round |"
STATUS_SEPARATOR = "|-------|--------|--------|------:|"
ROUNDS_HEADER = "| Story | Round | Result | Report | Recorded | Findings |"
ROUNDS_SEPARATOR = "|-------|------:|--------|--------|----------|----------|"
WAIVERS_HEADER = "| Story | Round | Reason | Recorded |"
WAIVERS_SEPARATOR = "|-------|------:|--------|----------|"

_HEADING = re.compile(r"^##[ \t]+(?P<title>.+?)[ \t]*#*[ \t]*$")
_SEPARATOR = re.compile(r"^\|[ \t:|-]+\|?$")
_LINK = re.compile(r"^\[[^\]]*\]\((?P<target>[^)]*)\)$")
_DASHES = frozenset({"—", "–", "--", "-", ""})


@dataclass(frozen=True)
class StatusRow:
    story: str
    result: str
    report: str
    round: int | None
    cells: int  # 3 for a row written before rounds
    numbered: bool = True  # the row has an explicit positive Round cell


@dataclass(frozen=True)
class RoundRow:
    story: str
    round: int
    result: str
    report: str
    recorded: str
    findings: str = NO_CELL


@dataclass(frozen=True)
class Waiver:
    story: str
    round: int | None
    reason: str
    recorded: str


@dataclass(frozen=True)
class QaRecord:
    status: tuple[StatusRow, ...] = ()
    rounds: tuple[RoundRow, ...] = ()
    waivers: tuple[Waiver, ...] = ()

    def row(self, story: str) -> StatusRow | None:
        return next((r for r in self.status if r.story == story), None)

    def current(self, story: str) -> str:
        """The story's gating result: pass | fail | pending | waived | none | the raw word."""
        row = self.row(story)
        return row.result if row is not None else "none"

    def history(self, story: str) -> list[RoundRow]:
        rows = sorted((r for r in self.rounds if r.story == story), key=lambda r: r.round)
        if rows:
            return rows
        row = self.row(story)
        if row is not None and row.round is not None and row.result in LEDGER_VERDICT:
            return [RoundRow(story, row.round, row.result, row.report, NO_CELL)]
        return []

    def highest_round(self, story: str) -> int:
        return max((r.round for r in self.history(story)), default=0)


# ---------------------------------------------------------------- reading (pure)


def _clean(cell: str) -> str:
    cell = cell.strip()
    return NO_CELL if cell in _DASHES else cell


def _word(cell: str) -> str:
    return _clean(cell.strip().strip("*`").strip()).lower()


def _story_cell(cell: str) -> str:
    return cell.strip().strip("*`").strip()


def _report_cell(cell: str) -> str:
    cell = _clean(cell).strip("`")
    link = _LINK.match(cell)
    return _clean(link.group("target")) if link else cell


def _round_cell(cell: str) -> int | None:
    cell = _clean(cell)
    if not cell.isdigit() or len(cell) > 6:
        return None
    number = int(cell)
    return number if number >= 1 else None


def inferred_round(result: str, report: str, explicit: int | None) -> int | None:
    """A status row's round (module docstring, Reading)."""
    if explicit is not None:
        return explicit
    if result == "pending" or (result == "waived" and report == NO_CELL):
        return None
    if report == NO_CELL:
        return 1
    return reports.report_round(report)


def _sections(lines: Sequence[str]) -> dict[str, tuple[int, int]]:
    """Heading title (lower case) -> (heading line, end line exclusive); first one wins."""
    found: dict[str, tuple[int, int]] = {}
    starts = [(i, m.group("title").strip().lower()) for i, line in enumerate(lines)
              if (m := _HEADING.match(line)) is not None]
    for index, (start, title) in enumerate(starts):
        end = starts[index + 1][0] if index + 1 < len(starts) else len(lines)
        found.setdefault(title, (start, end))
    return found


Rows = list[tuple[int, tuple[str, ...]]]


def _table_rows(lines: Sequence[str], bounds: tuple[int, int] | None) -> Rows:
    """(line index, cells) of the data rows of the section's first table."""
    if bounds is None:
        return []
    rows: list[tuple[int, tuple[str, ...]]] = []
    seen_header = False
    for index in range(bounds[0] + 1, bounds[1]):
        line = lines[index]
        cells = split_row(line)
        if cells is None:
            if seen_header and line.strip():
                break  # the table ended
            continue
        if not seen_header:
            seen_header = True  # the header row
            continue
        if _SEPARATOR.match(line.strip()):
            continue
        rows.append((index, cells))
    return rows


def parse(text: str) -> QaRecord:
    lines = text.splitlines()
    sections = _sections(lines)
    status: list[StatusRow] = []
    for _, cells in _table_rows(lines, sections.get(STATUS_HEADING.lower())):
        if len(cells) < 2 or not _story_cell(cells[0]):
            continue
        result = _word(cells[1])
        report = _report_cell(cells[2]) if len(cells) > 2 else NO_CELL
        explicit = _round_cell(cells[3]) if len(cells) > 3 else None
        status.append(StatusRow(_story_cell(cells[0]), result, report,
                                inferred_round(result, report, explicit), min(len(cells), 4),
                                explicit is not None))
    rounds: list[RoundRow] = []
    for _, cells in _table_rows(lines, sections.get(ROUNDS_HEADING.lower())):
        number = _round_cell(cells[1]) if len(cells) > 1 else None
        if number is None or len(cells) < 3:
            continue
        rounds.append(RoundRow(
            _story_cell(cells[0]), number, _word(cells[2]),
            _report_cell(cells[3]) if len(cells) > 3 else NO_CELL,
            _clean(cells[4]) if len(cells) > 4 else NO_CELL,
            _clean(cells[5]) if len(cells) > 5 else NO_CELL,
        ))
    waivers: list[Waiver] = []
    for _, cells in _table_rows(lines, sections.get(WAIVERS_HEADING.lower())):
        if len(cells) < 3:
            continue
        waivers.append(Waiver(_story_cell(cells[0]), _round_cell(cells[1]), cells[2].strip(),
                              _clean(cells[3]) if len(cells) > 3 else NO_CELL))
    return QaRecord(tuple(status), tuple(rounds), tuple(waivers))


def read(path: Path) -> QaRecord:
    try:
        return parse(path.read_text(encoding="utf-8", errors="replace"))
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return QaRecord()


# ---------------------------------------------------------------- writing (pure)


def new_file(epic: str) -> str:
    return (
        f"# QA / test status — {epic}\n\n"
        "Result gates dependents: with QA gating on, a story's dependents wait until its Result "
        "is pass or waived. Written only through `gaia qa-record`; never edit by hand.\n\n"
        f"## {STATUS_HEADING}\n\n{STATUS_HEADER}\n{STATUS_SEPARATOR}\n"
    )


def status_line(row: StatusRow) -> str:
    number = str(row.round) if row.round is not None else NO_CELL
    return f"| {row.story} | {row.result} | {row.report} | {number} |"


def round_line(row: RoundRow) -> str:
    return (f"| {row.story} | {row.round} | {row.result} | {row.report} | {row.recorded} | "
            f"{row.findings} |")


def waiver_line(row: Waiver) -> str:
    number = str(row.round) if row.round is not None else NO_CELL
    return f"| {row.story} | {number} | {row.reason} | {row.recorded} |"


def _ensure_section(lines: list[str], heading: str, header: str, separator: str,
                    intro: str) -> None:
    if heading.lower() in _sections(lines):
        return
    while lines and not lines[-1].strip():
        lines.pop()
    lines += ["", f"## {heading}", "", intro, "", header, separator]


def _table_end(lines: Sequence[str], bounds: tuple[int, int]) -> int:
    """The line after the section table's last line (header and separator included)."""
    last = None
    started = False
    for index in range(bounds[0] + 1, bounds[1]):
        if split_row(lines[index]) is not None:
            started = True
            last = index
        elif started and lines[index].strip():
            break
    return (last + 1) if last is not None else bounds[0] + 1


def _upsert(lines: list[str], heading: str, line: str, same: Iterable[int]) -> None:
    """Replace the first of the `same` row lines with `line` (dropping the others), else
    append `line` at the end of the section's table."""
    matches = sorted(same)
    if matches:
        lines[matches[0]] = line
        for index in reversed(matches[1:]):
            del lines[index]
        return
    bounds = _sections(lines)[heading.lower()]
    lines.insert(_table_end(lines, bounds), line)


def _upgrade_status_header(lines: list[str]) -> None:
    """A three-column status header and separator gain the Round column; rows stay."""
    bounds = _sections(lines)[STATUS_HEADING.lower()]
    seen = 0
    for index in range(bounds[0] + 1, bounds[1]):
        cells = split_row(lines[index])
        if cells is None:
            continue
        if seen == 0 and len(cells) == 3:
            lines[index] = STATUS_HEADER
        elif seen == 1 and len(cells) == 3 and _SEPARATOR.match(lines[index].strip()):
            lines[index] = STATUS_SEPARATOR
        seen += 1
        if seen >= 2:
            return


def upsert_status(text: str, row: StatusRow) -> str:
    lines = text.splitlines()
    _ensure_section(lines, STATUS_HEADING, STATUS_HEADER, STATUS_SEPARATOR,
                    "One row per story: the current verdict, the only thing that gates.")
    _upgrade_status_header(lines)
    bounds = _sections(lines)[STATUS_HEADING.lower()]
    same = [i for i, cells in _table_rows(lines, bounds) if _story_cell(cells[0]) == row.story]
    _upsert(lines, STATUS_HEADING, status_line(row), same)
    return "\n".join(lines) + "\n"


def upsert_round(text: str, row: RoundRow) -> str:
    lines = text.splitlines()
    _ensure_section(lines, ROUNDS_HEADING, ROUNDS_HEADER, ROUNDS_SEPARATOR,
                    "Every QA round of every story, oldest first. Append-only: re-recording a "
                    "round replaces that round's row.")
    bounds = _sections(lines)[ROUNDS_HEADING.lower()]
    same = [i for i, cells in _table_rows(lines, bounds)
            if len(cells) > 1 and _story_cell(cells[0]) == row.story
            and _round_cell(cells[1]) == row.round]
    _upsert(lines, ROUNDS_HEADING, round_line(row), same)
    return "\n".join(lines) + "\n"


def upsert_waiver(text: str, row: Waiver) -> str:
    lines = text.splitlines()
    _ensure_section(lines, WAIVERS_HEADING, WAIVERS_HEADER, WAIVERS_SEPARATOR,
                    "Why each waiver was given.")
    bounds = _sections(lines)[WAIVERS_HEADING.lower()]
    same = [i for i, cells in _table_rows(lines, bounds)
            if len(cells) > 1 and _story_cell(cells[0]) == row.story
            and _round_cell(cells[1]) == row.round]
    _upsert(lines, WAIVERS_HEADING, waiver_line(row), same)
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- the recorder


@dataclass(frozen=True)
class Request:
    key: str
    result: str
    report: str | None = None
    round: int | None = None
    reason: str | None = None
    findings: str | None = None  # `N new, N open, N fixed`
    roundless: bool = False  # the activation backfill: a waiver that is not a review


@dataclass
class Recorded:
    key: str
    result: str
    round: int | None
    report: str
    path: Path
    notes: list[str] = field(default_factory=list)  # backfills, one line each


def today() -> str:
    return time.strftime("%Y-%m-%d", time.gmtime())


def _text_value(value: str, flag: str) -> str:
    if "|" in value or "\n" in value or "\r" in value:
        raise InvalidInput(f"{flag} may not contain '|' or a line break", 2)
    if any(not ch.isprintable() for ch in value):
        raise InvalidInput(f"{flag} may not contain control characters", 2)
    return value.strip()


def validate(request: Request) -> Request:
    """The refusals of the module docstring, exit 2, before anything is read or written."""
    key = keys.story_key(request.key, 2)
    if request.result not in RESULTS:
        raise UsageError(f"invalid result '{request.result[:40]}' (expected: "
                         f"{' | '.join(RESULTS)})", 2)
    if request.round is not None and not 1 <= request.round <= reports.MAX_ROUND:
        raise UsageError(f"--round must be 1..{reports.MAX_ROUND}", 2)
    if request.round is not None and request.result == "pending":
        raise UsageError("--round makes no sense with pending: a round is a review that "
                         "happened", 2)
    report = _text_value(request.report, "--report") if request.report is not None else None
    reason = None
    if request.reason is not None:
        if request.result != "waived":
            raise UsageError("--reason goes with --result waived only", 2)
        reason = " ".join(_text_value(request.reason, "--reason").split())
        if not reason:
            raise UsageError("--reason may not be empty", 2)
        if len(reason) > MAX_REASON:
            raise UsageError(f"--reason is longer than {MAX_REASON} characters", 2)
    return replace(request, key=key, report=report or None, reason=reason)


def conventional_report(project: Path, key: str, number: int) -> Path:
    return reports.review_report_path(project, key, REPORT_TYPE, create=False,
                                      round_number=number)


def free_round(project: Path, key: str, number: int) -> int:
    """The first round from `number` on whose conventional report is not on disk. No cap
    short of MAX_ROUND: a capped probe handed out a report that exists, and the review
    overwrote an earlier round's."""
    while number < reports.MAX_ROUND and conventional_report(project, key, number).exists():
        number += 1
    return number


def report_display(project: Path, report: str) -> str:
    """The report cell: a path inside the project, shown relative to it (`--report` outside
    the project, absolute or by `..`, is refused: exit 2, nothing written)."""
    path = Path(report)
    inside = (path if path.is_absolute() else project / path).resolve()
    root = project.resolve()
    if inside != root and root not in inside.parents:
        raise InvalidInput(f"--report {report}: not a path inside the project", 2)
    return paths.relative_to_project(path, project) if path.is_absolute() else report


def choose_round(project: Path, record: QaRecord, request: Request) -> tuple[int | None, str]:
    """(round, report cell) for a validated request (module docstring, Recording)."""
    report = report_display(project, request.report) if request.report else NO_CELL
    if request.result == "pass" and request.report and not (project / report).is_file():
        # a pass releases the story's dependents: it rests on a review report that exists
        raise InvalidInput(f"--report {request.report}: no such file (a pass names the QA "
                           "review report it rests on)", 2)
    if request.round is not None:
        return request.round, report
    if request.result == "pending" or request.roundless:
        return None, report
    if request.report:
        named = reports.report_round(report, REPORT_TYPE, request.key)
        if named is not None:
            return named, report
    number = record.highest_round(request.key) + 1
    if request.report:
        return number, report
    if not conventional_report(project, request.key, number).is_file():
        return number, NO_CELL
    number = free_round(project, request.key, number + 1) - 1  # the run's last report
    shown = paths.relative_to_project(conventional_report(project, request.key, number), project)
    return number, shown


def _ledger_report(report: str) -> str:
    return ledger.NO_REPORT if report == NO_CELL else report


def _ledger_findings(findings: str) -> str | None:
    return None if findings == NO_CELL else findings


def _write_ledger(project: Path, rows: Sequence[RoundRow]) -> None:
    for row in rows:
        ledger.record_round(project, row.story, QA_GATE, LEDGER_VERDICT.get(row.result, row.result),
                            report=_ledger_report(row.report), recorded=row.recorded,
                            round_number=row.round, findings=_ledger_findings(row.findings))


def record(project: Path, request: Request, *, recorded: str | None = None) -> Recorded:
    """Record one verdict (module docstring). Raises GaiaError; on error nothing is written."""
    request = validate(request)
    date = recorded or today()
    epic = board.story_epic(project, request.key)
    target = board.record_path(project, epic)
    writes.make_dirs(target.parent, project)  # a flat-layout epic has no directory yet
    with locks.locked(target, LOCK_SECONDS, 1):
        try:
            original: str | None = target.read_text(encoding="utf-8")
        except FileNotFoundError:
            original = None
        text = original if original is not None else new_file(epic)
        current = parse(text)
        number, report = choose_round(project, current, request)
        result = Recorded(request.key, request.result, number, report, target)
        ledger_rows: list[RoundRow] = []
        legacy = current.row(request.key)
        if (legacy is not None and legacy.round is not None and legacy.result in LEDGER_VERDICT
                and (legacy.numbered or legacy.report != NO_CELL)
                and not any(r.story == request.key for r in current.rounds)
                and legacy.round != number):
            backfill = RoundRow(request.key, legacy.round, legacy.result, legacy.report, NO_CELL)
            text = upsert_round(text, backfill)
            ledger_rows.append(backfill)
            result.notes.append(f"backfilled {request.key} round {legacy.round} from the legacy "
                                f"row ({legacy.result})")
        newest = current.highest_round(request.key)
        if number is None or number >= newest:
            text = upsert_status(text, StatusRow(request.key, request.result, report, number, 4))
        else:  # an earlier round re-recorded: its history row only, the newest round decides
            result.notes.append(f"round {number} is not {request.key}'s newest (round "
                                f"{newest}): its row in the rounds history is replaced, the "
                                f"current verdict stays round {newest}'s")
        if number is not None:
            row = RoundRow(request.key, number, request.result, report, date,
                           request.findings or NO_CELL)
            text = upsert_round(text, row)
            ledger_rows.append(row)
        if request.reason is not None:
            text = upsert_waiver(text, Waiver(request.key, number, request.reason, date))
        writes.write_text(target, text, project)
        try:
            _write_ledger(project, ledger_rows)
        except (OSError, GaiaError) as exc:
            if original is None:
                writes.remove(target, project)
            else:
                writes.write_text(target, original, project)
            raise GaiaError(f"QA record for {request.key} not written: the rounds ledger "
                            f"refused it ({exc})", 1) from None
    return result


def load(project: Path, epic: str) -> QaRecord:
    return read(board.record_path(project, epic))


def current_result(project: Path, key: str) -> StatusRow | None:
    return load(project, board.story_epic(project, key)).row(key)


def current_highest(project: Path, key: str) -> int:
    return load(project, board.story_epic(project, key)).highest_round(key)
