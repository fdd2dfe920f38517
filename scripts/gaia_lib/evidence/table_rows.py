"""The rows of a test's data tables, read from its text (pure): which values share a row.

A table-driven test writes each case as one row: an input beside the value the code should
give for it (`("P23DT23H", timedelta(hours=23, days=23), D_DEFAULT, None)`,
`{ input: "9e2", output: 900 }`, `{"1.2.3", "1.2.3", nil}`). Two values in one row are one
case of the test.

Rules:
- A row is the innermost bracketed literal around a value (`enclosing`, strings skipped)
  that is a data row (`is_row`): a list or array (`[...]`, not an index `cases[0]`), a tuple
  (`(...)` that is no call's argument list, but `pytest.param(...)`'s), or an object or
  struct literal (`{...}` opening where a value does: after `[`, `(`, `,`, `=`, `:` or `{`).
- `rows_quoting(text, value)`: every row in which `value` is a whole string literal
  (`"P23DT23H"`, `'P23DT23H'`, `` `P23DT23H` ``), each once.
- `holds(row, value)`: whether a row writes `value`, spaces aside (`timedelta(hours=23,
  days=23)` is `timedelta(hours=23,days=23)`), quoted or not, not as part of a longer word
  or number.
"""

from __future__ import annotations

import re
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


def is_row(text: str, opened: int) -> bool:
    """Whether the bracket at `opened` opens a data row (module rules), not a call's
    arguments, an index or a block."""
    before = text[:opened].rstrip()
    if text[opened] == "(" and re.search(r"(?<![\w$])(?:pytest\.)?param$", before):
        return True  # pytest.param(...): one row of a parametrize table
    if text[opened] in "[(":
        return not re.search(r"[\w$)\]]$", before)
    return bool(re.search(r"[\[(,=:{]$", before))


@lru_cache(maxsize=8192)  # asked per AC an input of which the story writes, test by test
def rows_quoting(text: str, value: str) -> tuple[str, ...]:
    """The text of every data row of `text` in which `value` is a whole string literal."""
    if value not in text:
        return ()
    rows: dict[tuple[int, int], None] = {}
    for quote in "\"'`":
        needle = f"{quote}{value}{quote}"
        at = text.find(needle)
        while at >= 0:
            pair = enclosing(text, at, at + len(needle))
            if pair is not None and is_row(text, pair[0]):
                rows.setdefault(pair)
            at = text.find(needle, at + 1)
    return tuple(text[start:end + 1] for start, end in sorted(rows))


def holds(row: str, value: str) -> bool:
    """Whether `row` writes `value` (module rules)."""
    packed, wanted = re.sub(r"\s+", "", row), re.sub(r"\s+", "", value)
    return bool(wanted) and re.search(
        r"(?<![\w.])" + re.escape(wanted) + r"(?![\w])", packed) is not None
