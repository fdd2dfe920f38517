"""The rows of a test's data tables, read from its text (pure): which values share a row.

A table-driven test writes each case as one row: an input beside the value the code should
give for it (`("P23DT23H", timedelta(hours=23, days=23), D_DEFAULT, None)`,
`{ input: "9e2", output: 900 }`, `{"1.2.3", "1.2.3", nil}`). Two values in one row are one
case of the test.

Rules:
- A row is the innermost bracketed literal around a value (`enclosing`, strings skipped)
  that is a data row (`is_row`): a list or array (`[...]`, not an index `cases[0]`), a tuple
  (`(...)` that is no call's argument list, but `pytest.param(...)`'s, and those of a call
  that is one element of a table: `[]test{glob(true, "a.*", "a.b"), ...}`, `[case("x", 1),
  ...]`; `_table_call`), or an object or struct literal (`{...}` opening where a value does:
  after `[`, `(`, `,`, `=`, `:` or `{`). What precedes the bracket is read without the
  comments ending the lines before it (`),  # http://example.com/issues?id=6` before iso8601's
  next row).
- A value the story writes as a string literal (`"fooBar"`, as an AC's backticks quote it) is
  that string: it is found in single, double or back quotes alike (`unquoted`).
- `rows_quoting(text, value)`: every row in which `value` is a whole string literal
  (`"P23DT23H"`, `'P23DT23H'`, `` `P23DT23H` ``), each once.
- `writes(text, value)`: whether `text` writes `value` as a whole string literal anywhere.
- `holds(row, value)`: whether a row writes `value`, spaces aside (`timedelta(hours=23,
  days=23)` is `timedelta(hours=23,days=23)`) and the kind of quotes aside (`['foo', 'Bar']`
  is `["foo", "Bar"]`), quoted or not, not as part of a longer word or number.
- `gives_other(row, given, value)`: whether a row quoting `given` gives it another value of
  the kind `value` is: a call of the same callee (`Duration(0, 0, 0, 3, 6)` for
  `Duration(0, 0, 0, 6, 3)`), an array for an array (`["fooBar"]` for `["foo", "Bar"]`), an
  object for an object, a string for a string; a row holding `value` gives none.
- `reversed_case(check, given, value)`: whether one check that writes `given` (an input an AC
  gives) holds `value` (the value it promises) only as an argument of a call inside the
  bracket that holds `given`, or, `given` standing outside every bracket, inside any call:
  `value` is then the code's input and `given` the result expected of it
  (`assertEqual('1 KB', format_size(1000))`, `assert '1 KB' == format_size(1000)`, for the
  input `1 KB` and the value `1000`): the reverse of the AC's case. Both in one call's
  arguments (a check helper's, `check_size(1000, '1 KB')`) or `value` outside the call taking
  `given` (`assertEqual(1000, parse_size('1 KB'))`) is the case as the AC states it.
- `compared_whole(check, value)`: whether one check compares the code's result with `value`,
  a whole string literal standing outside every call of the check but the assertion's own
  (`assertEqual('1 byte', format_size(1))`, `assert pluralize(2, 'box', 'boxes') == '2
  boxes'`, `expect(f(x)).toBe('1 byte')`) or the check helper's it calls
  (`expect_plural(2, 'box', 'boxes', '2 boxes')`): not as an argument of the code
  (`parse_timespan('500 milliseconds')`), nor in a check that denies (`!=`, `not`,
  `assertNotEqual`, `.not.`).
- A JS/TS tagged-template table (``test.each`a | b | expected ${1} | ${1} | ${2}` ``, jest's
  and vitest's) is one string to the readers above: `template_tables` reads it as its runner
  does, its header's `|`-separated names the columns and its `${...}` cells, in order, the
  rows, as many cells to a row as the header has names (a line each, as written; a cell of
  code over lines is still one). `template_rows_quoting(text, value)`: each such row, its
  cells joined by ` | `, in which a cell writes `value` as a whole string literal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = {v: k for k, v in _OPEN.items()}


def enclosing(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The innermost bracket pair around text[start:end] (its opening and closing index),
    strings skipped, or None."""
    stack: list[int] = []
    quote = ""
    i = 0
    while i < len(text):
        if i == start and not quote:  # the value itself: nothing in it opens or closes
            i = end
            continue
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 2
                continue
            if ch == quote:
                quote = ""
        elif ch in "\"'`":
            quote = ch
        elif ch in _OPEN:
            stack.append(i)
        elif ch in _CLOSE and stack:
            opened = stack.pop()
            if opened < start and i >= end:
                return opened, i
        i += 1
    return None


def is_row(text: str, opened: int, closed: int | None = None) -> bool:
    """Whether the bracket at `opened` (closing at `closed`, where known) opens a data row
    (module rules), not a call's arguments, an index or a block."""
    before = _uncommented(text[:opened])
    if text[opened] == "(" and re.search(r"(?<![\w$])(?:pytest\.)?param$", before):
        return True  # pytest.param(...): one row of a parametrize table
    if text[opened] == "(" and closed is not None and _table_call(text, opened, closed):
        return True
    if text[opened] in "[(":
        return not re.search(r"[\w$)\]]$", before)
    return bool(re.search(r"[\[(,=:{]$", before))


# A comment ending a line (`),  # http://example.com/issues?id=6`), after code whose quotes
# are all closed.
_LINE_COMMENT = re.compile(
    r"(?P<code>[^\n\"'`]*(?:([\"'`])[^\n]*?\2[^\n\"'`]*)*?)(?<!\S)(?:#|//)[^\n]*$")


def _uncommented(before: str) -> str:
    """`before` (a text up to a bracket), its end stripped of spaces and of the comments
    ending its last lines: a comment after a row says nothing of what opens the next."""
    before = before.rstrip()
    while True:
        start = before.rfind("\n") + 1
        found = _LINE_COMMENT.match(before, start)
        if found is None:
            return before
        before = before[:start + len(found.group("code"))].rstrip()
        if not before:
            return before


_CALLEE = re.compile(r"(?<![\w$.])[A-Za-z_$][\w$.]*$")


def _table_call(text: str, opened: int, closed: int) -> bool:
    """Whether the call whose arguments open at `opened` is one element of a table: a
    list, array or slice literal of such calls (`[]test{glob(true, "a.*", "a.b"), ...}`,
    `[case("x", 1), case("y", 2)]`), its callee after the literal's opening or a comma and
    a comma after it (or, the last, its close); not an element of a struct row (`{"a",
    f("x")}`: that row is the case) nor a statement of a block."""
    callee = _CALLEE.search(text, 0, opened)
    if callee is None:
        return False
    lead = text[:callee.start()].rstrip()
    after = text[closed + 1:closed + 64].lstrip()
    if not lead or not after:
        return False
    first = lead[-1] in "[{," and after[0] == ","
    last = lead[-1] == "," and after[0] in "]}"
    if not (first or last):
        return False
    outer = enclosing(text, callee.start(), closed + 1)
    if outer is None:
        return False
    return text[outer[0]] == "[" or (text[outer[0]] == "{" and not is_row(text, outer[0]))


_STRING_LITERAL = re.compile(
    r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\\n]|\\.)*)`')


def unquoted(value: str) -> str:
    """`value` without the quotes around it, when it is one string literal (`"fooBar"`)."""
    match = _STRING_LITERAL.fullmatch(value.strip())
    return next(g for g in match.groups() if g is not None) if match else value


def writes(text: str, value: str) -> bool:
    """Whether `text` writes `value` as a whole string literal (module rules)."""
    value = unquoted(value)
    return value in text and any(f"{q}{value}{q}" in text for q in "\"'`")


@lru_cache(maxsize=8192)  # asked per AC an input of which the story writes, test by test
def rows_quoting(text: str, value: str) -> tuple[str, ...]:
    """The text of every data row of `text` in which `value` is a whole string literal."""
    value = unquoted(value)
    if value not in text:
        return ()
    rows: dict[tuple[int, int], None] = {}
    for quote in "\"'`":
        needle = f"{quote}{value}{quote}"
        at = text.find(needle)
        while at >= 0:
            pair = enclosing(text, at, at + len(needle))
            if pair is not None and is_row(text, *pair):
                rows.setdefault(pair)
            at = text.find(needle, at + 1)
    return tuple(text[start:end + 1] for start, end in sorted(rows))


def _packed(text: str) -> str:
    """`text` without spaces and trailing commas, its quotes all double ones (`holds`)."""
    packed = re.sub(r"\s+", "", text).replace("'", '"').replace("`", '"')
    return re.sub(r",(?=[\])}])", "", packed)


def holds(row: str, value: str) -> bool:
    """Whether `row` writes `value` (module rules)."""
    packed, wanted = _packed(row), _packed(value)
    return bool(wanted) and re.search(
        r"(?<![\w.])" + re.escape(wanted) + r"(?![\w])", packed) is not None


def _occurrences(text: str, value: str) -> list[tuple[int, int]]:
    """Where `text` writes `value` as `holds` finds it: spaces and the kind of quotes aside,
    not as part of a longer word or number."""
    parts = []
    for ch in value.strip():
        parts.append(r"\s*" if ch.isspace() else "[\"'`]" if ch in "\"'`" else re.escape(ch))
    pattern = re.sub(r"(?:\\s\*)+", r"\\s*", "".join(parts))
    if not pattern:
        return []
    return [m.span() for m in re.finditer(r"(?<![\w.])" + pattern + r"(?!\w)", text)]


def reversed_case(check: str, given: str, value: str) -> bool:
    """Whether `check`, writing `given`, holds `value` only as the input of a call that
    gives the result `given` stands for (module rules)."""
    given = unquoted(given)
    at = [(i, i + len(given) + 2) for q in "\"'`" for i in _all(check, f"{q}{given}{q}")]
    found = [span for span in _occurrences(check, value)
             if not any(s < span[1] and span[0] < e for s, e in at)]
    if not at or not found:
        return False
    for start, end in at:
        outer = enclosing(check, start, end) or (-1, len(check))
        for v_start, v_end in found:
            inner = enclosing(check, v_start, v_end)
            if not (inner is not None and outer[0] < inner[0] and inner[1] < outer[1]
                    and check[inner[0]] == "(" and not is_row(check, inner[0])):
                return False  # here `value` is no input of a call inside `given`'s bracket
    return True


# A check that asserts what a result is not: no comparison with the value it writes.
_DENYING = re.compile(r"!=|!==|\bnot\b|\.not\.|assert\w*Not|assertFalse|toBeFalsy")
# What opens the assertion's own call in a check: `self.assertEqual(`, `expect(...).toBe(`.
_ASSERTION_CALL = re.compile(r"(?:^|[\s;])(?:self\.|cls\.)?assert\w*\s*$|\.\s*to\w+\s*$|"
                             r"^\s*(?:self\.|cls\.|this\.)?(?:\w*_)?(?:check|expect|verify|ensure)"
                             r"(?:_\w*|[A-Z]\w*)?\s*$")


def compared_whole(check: str, value: str) -> bool:
    """Whether `check` compares the code's result with `value` (module rules)."""
    value = unquoted(value)
    if _DENYING.search(check):
        return False
    for start in (i for q in "\"'`" for i in _all(check, f"{q}{value}{q}")):
        inner = enclosing(check, start, start + len(value) + 2)
        if inner is None or (enclosing(check, inner[0], inner[1] + 1) is None
                             and _ASSERTION_CALL.search(check[:inner[0]])):
            return True
    return False


def _all(text: str, needle: str) -> list[int]:
    """Every index at which `needle` starts in `text`."""
    found, at = [], text.find(needle)
    while at >= 0:
        found.append(at)
        at = text.find(needle, at + 1)
    return found


# A list of plain values (`["foo", "Bar"]`, `[1, 2]`, `[]`): strings, numbers, names, nested
# lists; not a pattern's brackets (`[a-z]`, `[日-語]`).
_ITEM = r"""(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`|-?\d[\w.]*|[A-Za-z_]\w*)"""
_FLAT_LIST = rf"\[\s*(?:{_ITEM}\s*(?:,\s*{_ITEM}\s*)*,?\s*)?\]"
_ELEMENT = rf"(?:{_ITEM}|{_FLAT_LIST})"
LIST = re.compile(rf"\[\s*(?:{_ELEMENT}\s*(?:,\s*{_ELEMENT}\s*)*,?\s*)?\]")
_OBJECT = re.compile(r"\{\s*[\w$\"']+\s*:[^{}]*\}")


def gives_other(row: str, given: str, value: str) -> bool:
    """Whether `row`, quoting `given`, gives it another value of the kind `value` is
    (module rules)."""
    if holds(row, value):
        return False
    rest = row[1:-1] if row[:1] in "[({" else row  # the row's own brackets aside
    given = unquoted(given)
    at = min((i for q in "\"'`" if (i := rest.find(f"{q}{given}{q}")) >= 0), default=-1)
    if at >= 0:  # the input itself aside (its first quoting: a later one may be a value)
        rest = rest[:at] + " " + rest[at + len(given) + 2:]
    value = value.strip()
    if callee := re.match(r"[A-Za-z_][\w.]*\(", value):
        return re.search(r"(?<![\w.])" + re.escape(callee.group(0)), rest) is not None
    if _STRING_LITERAL.fullmatch(value):  # a string of the row's own, not one in a list
        while (flat := re.sub(r"\[[^\[\]]*\]|\{[^{}]*\}", " ", rest)) != rest:
            rest = flat
    return any(kind.fullmatch(value) and kind.search(rest)
               for kind in (LIST, _OBJECT, _STRING_LITERAL))


@dataclass(frozen=True)
class TemplateTable:
    """A tagged-template table: where it stands in the text, its column names and its rows
    (the code of each cell)."""

    start: int  # its opening backquote
    end: int  # just past its closing backquote
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


_TEMPLATE_TABLE = re.compile(r"\.each\s*`")


def _cell_end(text: str, at: int) -> int:
    """Just past the `}` that closes the `${` cell whose code starts at `at` (its strings and
    nested braces skipped), or -1 when it never closes."""
    depth, quote = 1, ""
    i = at
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'`":
            quote = ch
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return -1


def template_tables(text: str) -> tuple[TemplateTable, ...]:
    """Every tagged-template `.each` table of `text` (module rules), in order."""
    out = []
    for found in _TEMPLATE_TABLE.finditer(text):
        start = found.end() - 1
        head_text = ""  # the template's text before its first cell: the header
        cells: list[str] = []
        i = start + 1
        while i < len(text) and text[i] != "`":
            if text[i] == "\\":
                i += 2
                continue
            if text.startswith("${", i):
                close = _cell_end(text, i + 2)
                if close < 0:
                    break
                head_text = head_text if cells else text[start + 1:i]
                cells.append(text[i + 2:close - 1].strip())
                i = close
                continue
            i += 1
        if i >= len(text) or text[i] != "`":
            continue  # never closed: no table
        head = next((line for line in head_text.splitlines() if line.strip()), "")
        header = tuple(name.strip() for name in head.split("|"))
        width = len(header) if all(header) else 0
        rows = tuple(tuple(cells[k:k + width]) for k in range(0, len(cells), width)) \
            if width else ()
        out.append(TemplateTable(start, i + 1, header if width else (), rows))
    return tuple(out)


def template_rows_quoting(text: str, value: str) -> tuple[str, ...]:
    """The rows of `text`'s tagged-template tables (`template_tables`), each as its cells
    joined by ` | `, in which a cell writes `value` as a whole string literal."""
    value = unquoted(value)
    if value not in text or "`" not in text:
        return ()
    quoted = [f"{quote}{value}{quote}" for quote in "\"'`"]
    return tuple(" | ".join(row) for table in template_tables(text) for row in table.rows
                 if any(needle in cell for cell in row for needle in quoted))


# not `testcases.code_lines`, which blanks a string quotes and all: here a string stays a value
def masked_js(text: str) -> str:
    """`text` (JS/TS) as long as it is, its comments blanked and what its strings hold as `_`
    (their quotes kept): its brackets and commas are code's alone, a string still a value.
    Its lines stay where they were: a line break a backslash escapes inside a string (a
    string continued on the next line, `'\\` then `<pre>...'`) is kept, as every other is."""
    out = list(text)
    quote, at = "", 0
    while at < len(text):
        ch = text[at]
        if quote:
            if ch == "\\" and at + 1 < len(text):
                out[at] = "_"
                out[at + 1] = "\n" if text[at + 1] == "\n" else "_"
                at += 1
            elif ch == quote:
                quote = ""
            elif ch != "\n":
                out[at] = "_"
        elif ch in "'\"`":
            quote = ch
        elif text.startswith("//", at) or text.startswith("/*", at):
            end = text.find("\n" if text[at + 1] == "/" else "*/", at)
            end = len(text) if end < 0 else end + (0 if text[at + 1] == "/" else 2)
            for k in range(at, end):
                out[k] = " " if text[k] != "\n" else "\n"
            at = end
            continue
        at += 1
    return "".join(out)


def elements(code: str, opened: int) -> tuple[list[tuple[int, int]], int] | None:
    """The spans of the top-level elements of the array literal whose `[` is at `opened` in
    `code` (`masked_js`), each without the white space around it, and where its `]` is; None
    when it never closes."""
    spans: list[tuple[int, int]] = []
    depth, start = 0, opened + 1
    for at in range(opened, len(code)):
        ch = code[at]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if depth == 0 or (ch == "," and depth == 1):
            end = at
            while start < end and code[start].isspace():
                start += 1
            while end > start and code[end - 1].isspace():
                end -= 1
            if end > start:
                spans.append((start, end))
            if depth == 0:
                return spans, at
            start = at + 1
    return None
