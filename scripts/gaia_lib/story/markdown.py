"""Markdown structure for story files: sections by heading, pipe tables, list items.

Only the structure the story formats need, with one rule everything here honours: lines inside
fenced code (``` or ~~~) are content, never structure -- a `## Heading`, `- item` or `| a |`
inside a fence is not a heading, item or table row. Line numbers are 1-based file lines.

Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

_HEADING_RE = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*))?$")  # on right-stripped text
_FENCE_RE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_ITEM_RE = re.compile(r"^([ \t]*)([-*+]|[0-9]{1,9}[.)])(?:[ \t]+(.*))?$")
_CHECKBOX_RE = re.compile(r"^\[([ xX])\](?:[ \t]+|$)(.*)$")
_SEPARATOR_CELL_RE = re.compile(r"^:?-+:?$")
_THEMATIC_BREAK_RE = re.compile(r"^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$")


@dataclass(frozen=True)
class Line:
    number: int  # 1-based line in the file
    text: str  # without the line ending
    fenced: bool  # inside a fenced code block, fence lines included


@dataclass(frozen=True)
class Heading:
    level: int
    title: str
    line: int


@dataclass(frozen=True)
class Section:
    heading: Heading
    lines: tuple[Line, ...]  # the body: up to the next heading of the same or a higher level


@dataclass(frozen=True)
class TableRow:
    cells: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[TableRow, ...]  # data rows, header and separator excluded
    line: int  # line of the header row


@dataclass(frozen=True)
class ListItem:
    line: int
    indent: int  # columns before the marker (a tab counts as 4)
    marker: str  # "-", "*", "+", "1.", "2)" ...
    checked: bool | None  # None when the item is not a `[ ]` / `[x]` checkbox
    text: str  # the item's text with its continuation lines joined by single spaces

    @property
    def ordered(self) -> bool:
        return self.marker[0].isdigit()


def split_eol(line: str) -> tuple[str, str]:
    """A raw line and its ending: ('content', '\\r\\n' | '\\n' | ''). Minimal edits keep it."""
    if line.endswith("\r\n"):
        return line[:-2], "\r\n"
    if line.endswith("\n"):
        return line[:-1], "\n"
    return line, ""


def split_lines(text: str, first_line: int = 1) -> tuple[Line, ...]:
    """Split `text` into lines (CR stripped) tagged with their fence state."""
    out: list[Line] = []
    fence: str | None = None
    for offset, raw in enumerate(text.split("\n")):
        line = raw[:-1] if raw.endswith("\r") else raw
        match = _FENCE_RE.match(line)
        if fence is None:
            if match and not (match.group(1)[0] == "`" and "`" in match.group(2)):
                fence = match.group(1)
                out.append(Line(first_line + offset, line, True))
                continue
            out.append(Line(first_line + offset, line, False))
        else:
            out.append(Line(first_line + offset, line, True))
            closing = match.group(1) if match else ""
            if (
                match
                and closing[0] == fence[0]
                and len(closing) >= len(fence)
                and not match.group(2).strip()
            ):
                fence = None
    if out and out[-1].text == "" and text.endswith("\n"):
        out.pop()  # the empty string after the final newline is not a line
    return tuple(out)


def normalize_title(title: str) -> str:
    """Compare headings case- and space-insensitively; lookalike letters are NOT folded."""
    return " ".join(title.replace("*", "").split()).casefold()


def heading_of(line: Line) -> Heading | None:
    if line.fenced:
        return None
    match = _HEADING_RE.match(line.text.rstrip())
    if match is None:
        return None
    title = (match.group(2) or "").strip()
    unclosed = title.rstrip("#")
    if unclosed != title and (not unclosed or unclosed[-1] in " \t"):
        title = unclosed.rstrip()  # the optional closing `##` sequence
    return Heading(len(match.group(1)), title, line.number)


def headings(lines: Sequence[Line]) -> tuple[Heading, ...]:
    return tuple(h for h in (heading_of(line) for line in lines) if h is not None)


def sections(lines: Sequence[Line]) -> tuple[Section, ...]:
    """Every heading with its body (sub-headings included, stopping at a same-or-higher level)."""
    found: list[tuple[int, Heading]] = [
        (index, h) for index, h in ((i, heading_of(line)) for i, line in enumerate(lines)) if h
    ]
    # One backwards pass: the end of each section is the next heading at its level or higher.
    # (A forward scan per heading is quadratic on a file of many headings.)
    next_at_or_above = [len(lines)] * 7  # by level 1..6: index of the nearest such heading
    ends: list[int] = [0] * len(found)
    for position in range(len(found) - 1, -1, -1):
        index, heading = found[position]
        ends[position] = next_at_or_above[heading.level]
        for level in range(heading.level, 7):
            next_at_or_above[level] = index
    return tuple(
        Section(heading, tuple(lines[index + 1 : ends[position]]))
        for position, (index, heading) in enumerate(found)
    )


def find_section(
    outline: Sequence[Section], titles: Sequence[str], levels: Sequence[int] = (2,)
) -> Section | None:
    """The first of `outline` (see `sections`) at one of `levels` titled one of `titles`."""
    wanted = {normalize_title(t) for t in titles}
    for section in outline:
        if section.heading.level in levels and normalize_title(section.heading.title) in wanted:
            return section
    return None


def own_lines(section: Section) -> tuple[Line, ...]:
    """The section body before its first sub-heading."""
    out: list[Line] = []
    for line in section.lines:
        if heading_of(line) is not None:
            break
        out.append(line)
    return tuple(out)


def split_row(text: str) -> tuple[str, ...] | None:
    """`| a | b |` -> ("a", "b"); `\\|` is a literal pipe; pipes inside `code` spans are kept."""
    stripped = text.strip()
    if not stripped.startswith("|"):
        return None
    cells: list[str] = []
    current: list[str] = []
    in_code = False
    i = 1
    while i < len(stripped):
        ch = stripped[i]
        if ch == "\\" and i + 1 < len(stripped) and stripped[i + 1] == "|":
            current.append("|")
            i += 2
            continue
        if ch == "`":
            in_code = not in_code
        if ch == "|" and not in_code:
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
        i += 1
    tail = "".join(current).strip()
    if tail:
        cells.append(tail)  # a row without its closing pipe
    return tuple(cells)


def _is_separator(cells: Sequence[str]) -> bool:
    return bool(cells) and all(_SEPARATOR_CELL_RE.match(c.replace(" ", "")) for c in cells)


def tables(lines: Sequence[Line]) -> Iterator[Table]:
    """Pipe tables (header row + separator row + data rows) outside fences, in order."""
    i = 0
    while i < len(lines):
        line = lines[i]
        header = None if line.fenced else split_row(line.text)
        if header is None or i + 1 >= len(lines) or lines[i + 1].fenced:
            i += 1
            continue
        separator = split_row(lines[i + 1].text)
        if separator is None or not _is_separator(separator):
            i += 1
            continue
        rows: list[TableRow] = []
        j = i + 2
        while j < len(lines) and not lines[j].fenced:
            cells = split_row(lines[j].text)
            if cells is None:
                break
            rows.append(TableRow(cells, lines[j].number))
            j += 1
        yield Table(header, tuple(rows), line.number)
        i = j


def first_table(lines: Sequence[Line]) -> Table | None:
    return next(tables(lines), None)


def _indent_width(prefix: str) -> int:
    return sum(4 if ch == "\t" else 1 for ch in prefix)


def list_items(lines: Sequence[Line]) -> tuple[ListItem, ...]:
    """List items outside fences, each with its indented or lazy continuation lines joined.

    A blank line ends an item's text unless the next line is indented past the item's marker.
    """
    items: list[ListItem] = []
    current: dict[str, object] | None = None
    parts: list[str] = []
    blank_before = False

    def flush() -> None:
        nonlocal current
        if current is not None:
            items.append(
                ListItem(
                    line=int(str(current["line"])),
                    indent=int(str(current["indent"])),
                    marker=str(current["marker"]),
                    checked=current["checked"],  # type: ignore[arg-type]
                    text=" ".join(p for p in parts if p),
                )
            )
        current = None
        parts.clear()

    for line in lines:
        if line.fenced or heading_of(line) is not None or _THEMATIC_BREAK_RE.match(line.text):
            flush()
            blank_before = False
            continue
        if not line.text.strip():
            blank_before = True
            continue
        match = _ITEM_RE.match(line.text)
        if match:
            flush()
            body = match.group(3) or ""
            checked: bool | None = None
            box = _CHECKBOX_RE.match(body)
            if box:
                checked = box.group(1) != " "
                body = box.group(2)
            current = {
                "line": line.number,
                "indent": _indent_width(match.group(1)),
                "marker": match.group(2),
                "checked": checked,
            }
            parts.append(body.strip())
            blank_before = False
            continue
        if current is not None:
            indent = _indent_width(line.text[: len(line.text) - len(line.text.lstrip())])
            if indent > int(str(current["indent"])) or not blank_before:
                parts.append(line.text.strip())
                blank_before = False
                continue
            flush()
        blank_before = False
    flush()
    return tuple(items)


_CODE_SPAN = re.compile(r"(`+[^`]*`+)")


def squash_spaces(text: str) -> str:
    """Runs of whitespace as one space, and none at the ends, outside code spans: a code
    span's text is the literal it quotes (`x-id:   abc `), kept as written."""
    pieces = _CODE_SPAN.split(text)
    out = "".join(piece if piece.startswith("`") else re.sub(r"\s+", " ", piece)
                  for piece in pieces)
    return out.strip()


def strip_emphasis(text: str) -> str:
    """Remove `**` / `__` strong markers outside code spans; backticks and single `*` stay;
    whitespace is squashed outside code spans (`squash_spaces`)."""
    pieces = _CODE_SPAN.split(text)
    cleaned = [
        piece if piece.startswith("`") else re.sub(r"\*\*|(?<![\w])__|__(?![\w])", "", piece)
        for piece in pieces
    ]
    return squash_spaces("".join(cleaned))
