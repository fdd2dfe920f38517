"""The story model: the ONE parser for story files (ARCHITECTURE rule 1).

Every command that reads a story goes through `load_story` / `parse_story`. The records are
frozen; nothing downstream sees a raw dict except `Story.frontmatter` for unknown keys.

- frontmatter: between the first line (which must be exactly `---`) and the next `---` line
  (CR stripped), parsed with the safe YAML loader from `yamlio` (anchors/aliases refused: no
  alias bombs); it must be a mapping. Alias keys: key > story_key, epic > epic_key,
  risk > risk_level; `epic: "E1 — Title"` -> "E1"; lists inline, block or a comma string;
  values coerced to str; status lower-cased.
- acceptance criteria under `## Acceptance Criteria`: every shape, see `acceptance`.
- File List under `## File List` or `### File List` (e.g. under `## Dev Agent Record`):
  `-`/`*` items: a path in backticks, or a link's text, that starts one, else its text less
  backticks, a note after ` — ` / ` -- ` and a note in brackets (`src/x.ts (new — the
  parser)`, `(modified)`).
- Review Gate: the first pipe table after `## Review Gate`.
- Findings, Tasks / Subtasks (checkboxes, nesting depth), Test Cases, Custom Scenarios tables
  (columns found by header name; em-dash placeholder rows dropped).
- Refused with MalformedFile (one line naming the file): larger than 2 MiB, NUL bytes, not
  UTF-8, no or unbalanced frontmatter, bad YAML, anchors/aliases, a non-mapping frontmatter,
  duplicate AC ids. Headings only match exactly (case and spacing aside): a lookalike-letter
  `## Аcceptance Criteria` is simply not the AC section.
"""

from __future__ import annotations

import dataclasses
import datetime
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib.core.errors import MalformedFile, NotFound
from gaia_lib.story.acceptance import AcceptanceCriterion, parse_acceptance
from gaia_lib.story.markdown import (
    Section,
    Table,
    TableRow,
    find_section,
    first_table,
    list_items,
    normalize_title,
    own_lines,
    sections,
    split_lines,
    strip_emphasis,
)


@dataclass(frozen=True)
class GateRow:
    name: str
    status: str
    report: str
    line: int  # 1-based line of the row in the file


@dataclass(frozen=True)
class FindingRow:
    number: str
    type: str
    severity: str
    finding: str
    action: str


@dataclass(frozen=True)
class TaskItem:
    text: str
    checked: bool
    depth: int  # 0 for a task, 1+ for subtasks


@dataclass(frozen=True)
class TestCaseRow:
    __test__ = False  # not a pytest test class, despite the name

    tc: str
    ac: str
    tier: str
    file: str


@dataclass(frozen=True)
class CustomScenarioRow:
    cs: str
    tier: str
    description: str
    file: str


@dataclass(frozen=True)
class Story:
    path: Path
    text: str
    frontmatter: Mapping[str, Any]
    key: str | None
    title: str | None
    epic: str | None
    status: str | None
    priority: str | None
    risk: str | None
    stack: str | None
    template: str | None
    type: str | None
    sprint_id: str | None
    depends_on: tuple[str, ...]
    blocks: tuple[str, ...]
    traces_to: tuple[str, ...]
    figma: Mapping[str, Any] | None
    manual_verification: bool
    acceptance_criteria: tuple[AcceptanceCriterion, ...]
    file_list: tuple[str, ...] | None  # None: no File List section at all
    review_gate: tuple[GateRow, ...] | None  # None: no Review Gate section/table
    findings: tuple[FindingRow, ...]
    tasks: tuple[TaskItem, ...]
    test_cases: tuple[TestCaseRow, ...]
    custom_scenarios: tuple[CustomScenarioRow, ...]


# ---------------------------------------------------------------------------------------------
# The parser

MAX_STORY_BYTES = 2 * 1024 * 1024  # real stories are ~100 KiB; anything bigger is not one
_EPIC_RE = re.compile(r"^\s*(E[0-9]+)(?:\s*(?:[—–:]|-(?!S[0-9]))\s*.*)?$", re.DOTALL)
_TRUE = frozenset({"true", "yes", "on", "1"})
_PLACEHOLDER_CELLS = frozenset({"", "—", "–", "-", "--", "n/a"})
_FILE_NOTE_RE = re.compile(r" (?:—|–|--) .*$")  # on whitespace-normalized text
# a path in backticks (or a link's text) that starts an entry, and a note in brackets after a
# path: `(new)`, `(modified — added bin)`, or what is left of one whose dash note was cut
_FILE_CODE_RE = re.compile(r"`([^`]+)`|\[([^\]]+)\]\([^)]*\)")
_FILE_BRACKET_NOTE_RE = re.compile(r" \(.*$")


def split_frontmatter(text: str, what: str, exit_code: int = 1) -> tuple[str, int]:
    """Return (YAML text, 1-based line where the body starts). The file must open with `---`."""
    lines = text.split("\n")
    if not lines or lines[0].rstrip("\r") != "---":
        raise MalformedFile(f"{what}: no frontmatter (the first line must be '---'"
                            f"{_blank_after(lines[0] if lines else '')})", exit_code)
    for index in range(1, len(lines)):
        if lines[index].rstrip("\r") == "---":
            return "\n".join(line.rstrip("\r") for line in lines[1:index]), index + 2
    closing = next((f"; line {n} is {line.rstrip(chr(13))!r}" for n, line in
                    enumerate(lines[1:], start=2) if _blank_after(line)), "")
    raise MalformedFile(
        f"{what}: malformed frontmatter (unbalanced --- markers: no closing '---'{closing})",
        exit_code
    )


def _blank_after(line: str) -> str:
    """What a frontmatter marker followed by spaces or tabs is told, which an editor hides
    (a story whose first line was `--- ` read as one with no frontmatter at all)."""
    line = line.rstrip("\r")
    return f", alone: it is {line!r}" if line != "---" and line.rstrip() == "---" else ""


def _plain(value: Any) -> Any:
    """YAML values as JSON-able data: dates become ISO strings, keys become strings."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)  # .nan / .inf have no JSON form
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value).strip()


def _first(fm: Mapping[str, Any], *names: str) -> str | None:
    """The first alias present with a non-empty value (key > story_key, epic > epic_key ...)."""
    for name in names:
        value = _text(fm.get(name))
        if value:
            return value
    return None


def _str_list(value: Any, field: str = "", what: str = "", exit_code: int = 64
              ) -> tuple[str, ...]:
    """Inline `[a, b]`, block `- a`, or a comma string `a, b` -> ("a", "b"). A mapping, or a
    list or mapping inside the list, is no list of keys: a malformed story (`field` of `what`)."""
    if value is None:
        return ()
    if isinstance(value, Mapping):
        raise MalformedFile(f"{what}: {field} is a mapping, not a list of keys", exit_code)
    items: list[Any] = list(value) if isinstance(value, list | tuple) else str(value).split(",")
    nested = next((item for item in items if isinstance(item, list | tuple | Mapping)), None)
    if nested is not None:
        kind = "mapping" if isinstance(nested, Mapping) else "list"
        raise MalformedFile(f"{what}: {field} holds a {kind} where a key belongs", exit_code)
    return tuple(s for s in (_text(item) for item in items) if s)


def _flag(value: Any) -> bool:
    return value is True or (isinstance(value, str) and value.strip().lower() in _TRUE)


def _epic(value: str | None) -> str | None:
    if value is None:
        return None
    match = _EPIC_RE.match(value)
    return match.group(1) if match else value


def _cells(row: TableRow, count: int) -> tuple[str, ...]:
    return (*row.cells[:count], *("",) * (count - len(row.cells)))


def _is_placeholder(row: TableRow) -> bool:
    return all(cell.strip().lower() in _PLACEHOLDER_CELLS for cell in row.cells)


def _columns(header: Sequence[str], wanted: Sequence[Sequence[str]]) -> list[int]:
    """Index of each wanted column by header name; by position when the header does not name it."""
    names = [normalize_title(h) for h in header]
    out: list[int] = []
    for position, aliases in enumerate(wanted):
        found = next((names.index(a) for a in aliases if a in names), position)
        out.append(found)
    return out


def _records(table: Table | None, wanted: Sequence[Sequence[str]]) -> list[tuple[str, ...]]:
    if table is None:
        return []
    columns = _columns(table.header, wanted)
    out: list[tuple[str, ...]] = []
    for row in table.rows:
        if _is_placeholder(row):
            continue
        cells = _cells(row, max(columns) + 1)
        out.append(tuple(cells[c] for c in columns))
    return out


def _section_table(outline: Sequence[Section], *titles: str) -> Table | None:
    section = find_section(outline, titles)
    return first_table(section.lines) if section else None


def _file_list(outline: Sequence[Section]) -> tuple[str, ...] | None:
    section = find_section(outline, ("File List",), (2, 3))
    if section is None:
        return None
    out: dict[str, None] = {}  # ordered and de-duplicated
    for item in list_items(own_lines(section)):
        text = " ".join(item.text.split()).replace("**", "").strip()
        code = _FILE_CODE_RE.match(text)
        noted = _FILE_BRACKET_NOTE_RE.sub("", _FILE_NOTE_RE.sub("", text))
        entry = ((code.group(1) or code.group(2)) if code else noted).replace("`", "").strip()
        if entry:
            out[entry] = None
    return tuple(out)


def _review_gate(outline: Sequence[Section]) -> tuple[GateRow, ...] | None:
    table = _section_table(outline, "Review Gate")
    if table is None:
        return None
    out: list[GateRow] = []
    for row in table.rows:
        if any(row.cells):
            name, status, report = _cells(row, 3)
            out.append(GateRow(name, status, report, row.line))
    return tuple(out)


def _tasks(outline: Sequence[Section]) -> tuple[TaskItem, ...]:
    section = find_section(outline, ("Tasks / Subtasks", "Tasks/Subtasks"))
    if section is None:
        return ()
    out: list[TaskItem] = []
    indents: list[int] = []  # the open nesting levels, outermost first
    for item in list_items(section.lines):
        if item.checked is None:
            continue
        while indents and indents[-1] > item.indent:
            indents.pop()
        if not indents or indents[-1] < item.indent:
            indents.append(item.indent)
        out.append(TaskItem(strip_emphasis(item.text), bool(item.checked), len(indents) - 1))
    return tuple(out)


def _title(fm: Mapping[str, Any], outline: Sequence[Section]) -> str | None:
    title = _first(fm, "title")
    if title:
        return title
    for section in outline:
        if section.heading.level == 1:
            return section.heading.title.removeprefix("Story:").strip() or None
    return None


def parse_story(text: str, path: Path, exit_code: int = 1) -> Story:
    """Parse a story file's text. Raises MalformedFile (with `exit_code`) naming what is wrong."""
    from gaia_lib.core import yamlio

    what = str(path)
    if len(text) > MAX_STORY_BYTES // 4 and len(text.encode("utf-8", "replace")) > MAX_STORY_BYTES:
        raise MalformedFile(f"{what}: larger than {MAX_STORY_BYTES} bytes; not a story", exit_code)
    if "\x00" in text:
        raise MalformedFile(f"{what}: contains NUL bytes; not a text story file", exit_code)
    text = text.removeprefix("\ufeff")
    yaml_text, body_start = split_frontmatter(text, what, exit_code)
    # the frontmatter starts on the file's second line, after its `---`
    loaded = yamlio.load(yaml_text, f"{what}: malformed frontmatter", exit_code, first_line=2)
    if loaded is None:
        loaded = {}
    if not isinstance(loaded, Mapping):
        raise MalformedFile(
            f"{what}: frontmatter is a {type(loaded).__name__}, not a mapping of fields", exit_code
        )
    fm: dict[str, Any] = _plain(loaded)
    body = split_lines("\n".join(text.split("\n")[body_start - 1 :]), body_start)
    outline = sections(body)
    ac_section = find_section(outline, ("Acceptance Criteria",))
    status = _first(fm, "status")
    figma = fm.get("figma")
    return Story(
        path=path,
        text=text,
        frontmatter=fm,
        key=_first(fm, "key", "story_key"),
        title=_title(fm, outline),
        epic=_epic(_first(fm, "epic", "epic_key")),
        status=status.lower() if status else None,
        priority=_first(fm, "priority"),
        risk=_first(fm, "risk", "risk_level"),
        stack=_first(fm, "stack"),
        template=_first(fm, "template"),
        type=_first(fm, "type"),
        sprint_id=_first(fm, "sprint_id"),
        depends_on=_str_list(fm.get("depends_on"), "depends_on", what, exit_code),
        blocks=_str_list(fm.get("blocks"), "blocks", what, exit_code),
        traces_to=_str_list(fm.get("traces_to"), "traces_to", what, exit_code),
        figma=figma if isinstance(figma, Mapping) else None,
        manual_verification=_flag(fm.get("manual_verification")),
        acceptance_criteria=(
            parse_acceptance(ac_section.lines, what, exit_code) if ac_section is not None else ()
        ),
        file_list=_file_list(outline),
        review_gate=_review_gate(outline),
        findings=tuple(
            FindingRow(*r)
            for r in _records(
                _section_table(outline, "Findings"),
                (("#",), ("type",), ("severity",), ("finding",), ("suggested action", "action")),
            )
        ),
        tasks=_tasks(outline),
        test_cases=tuple(
            TestCaseRow(*r)
            for r in _records(
                _section_table(outline, "Test Cases"), (("tc",), ("ac",), ("tier",), ("file",))
            )
        ),
        custom_scenarios=tuple(
            CustomScenarioRow(*r)
            for r in _records(
                _section_table(outline, "Custom Scenarios"),
                (("cs",), ("tier",), ("description",), ("file",)),
            )
        ),
    )


def load_story(path: Path, exit_code: int = 1) -> Story:
    """Read and parse a story file. Raises NotFound (missing) or MalformedFile (unreadable/bad)."""
    try:
        if path.exists() and not path.is_dir() and not path.is_file():
            # a FIFO or device would block or never end
            raise MalformedFile(f"{path}: not a regular file", exit_code)
        with path.open("rb") as handle:
            data = handle.read(MAX_STORY_BYTES + 1)
    except (FileNotFoundError, ValueError):  # ValueError: a NUL byte in the path
        raise NotFound(f"story file not found: {path}", exit_code) from None
    except IsADirectoryError:
        raise NotFound(f"story file not found: {path} is a directory", exit_code) from None
    except OSError as exc:
        raise MalformedFile(f"{path}: cannot read: {exc.strerror or exc}", exit_code) from None
    if len(data) > MAX_STORY_BYTES:
        raise MalformedFile(f"{path}: larger than {MAX_STORY_BYTES} bytes; not a story", exit_code)
    if b"\x00" in data:
        raise MalformedFile(f"{path}: contains NUL bytes; not a text story file", exit_code)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise MalformedFile(
            f"{path}: not UTF-8 text (invalid byte at line {line}, offset {exc.start})", exit_code
        ) from None
    return parse_story(text, path, exit_code)


def as_dict(story: Story, include_text: bool = False) -> dict[str, Any]:
    """The parsed model as plain JSON-able data (the file text itself only on request)."""
    data: dict[str, Any] = _plain(dataclasses.asdict(story))
    if not include_text:
        del data["text"]
    return data
