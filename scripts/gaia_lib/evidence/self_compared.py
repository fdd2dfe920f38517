"""Table rows whose expected value is the code under test's own result (static, pure).

A table-driven test pairs each input with the value the code should give for it; a row that
writes the code's own call in place of that value (`{ input: "9e2", output: destr("9e2") }`,
`("9e2", destr("9e2"))` in a parametrize table) compares the code with itself: it passes
whatever the code gives for that input, so the value the row stood for is no longer checked.

Rules (`self_compared_row`, for Python and JS/TS test text alike):
- A call of the code under test (`names`: what it is called by, `sut_names`; reached as a
  plain name or an attribute, `mod.destr`) whose arguments are literals alone (strings,
  numbers, true/false/null/None) is a row's expected value when it sits directly in a data
  row (`table_rows`: a list, a tuple, an object literal) and the same row writes those
  arguments again, outside the call, as the input it hands the code.
- The test's checks run the same code: its text calls that name outside every such row
  (`expect(destr(testCase.input))`, `assert destr(i) == o`). A row that computes its value
  with one function for a check of another (`("1h", parse("1h"))` beside `format(ms)`) is a
  round trip, not a comparison with itself.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from gaia_lib.evidence import table_rows

_LITERAL = (r"(?:\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`[^`$\\\n]*`|-?\d[\d_.eE+-]*|"
            r"true|false|null|None|True|False)")
_CALL_RE = re.compile(r"(?<![\w$.])(?:[A-Za-z_$][\w$]*\s*\.\s*)*(?P<name>[A-Za-z_$][\w$]*)"
                      r"\s*\(\s*(?P<args>" + _LITERAL + r"(?:\s*,\s*" + _LITERAL + r")*)\s*,?"
                      r"\s*\)")
# not `table_rows.elements` (of masked code): it splits a row as `table_rows.enclosing` reads it
def _elements(text: str) -> list[tuple[int, int]]:
    """The spans of `text`'s comma-separated parts at its own bracket level, strings
    skipped."""
    spans: list[tuple[int, int]] = []
    depth, start, quote, i = 0, 0, "", 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == "\\":
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'`":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            spans.append((start, i))
            start = i + 1
        i += 1
    spans.append((start, len(text)))
    return spans


_KEY_RE = re.compile(r"\s*(?:[A-Za-z_$][\w$]*|\"[^\"]*\"|'[^']*')\s*:(?!:)")
_ARGUMENTS_RE = re.compile(_LITERAL + r"|[^,\s][^,]*")


def _beside_its_input(row: str, at: int, args: str) -> bool:
    """Whether the row's other elements (its object keys aside) write each of `args`, the
    call's arguments, the call itself being its element holding `at`."""
    given = {" ".join(element.strip().split()) for start, end in _elements(row)
             if not start <= at < end
             for element in [_KEY_RE.sub("", row[start:end], count=1)]}
    wanted = [found.group().strip() for found in _ARGUMENTS_RE.finditer(args)]
    return bool(wanted) and all(arg in given for arg in wanted)


def self_compared_row(test_source: str, names: AbstractSet[str]) -> str | None:
    """The first call of the code under test that a data row of the test writes as its
    expected value beside the same input, where the test's checks call it too (module
    rules), e.g. `destr("9e2")`; None for any other test."""
    rows: list[tuple[int, int, str, str]] = []
    for call in _CALL_RE.finditer(test_source):
        if call.group("name") not in names:
            continue
        pair = table_rows.enclosing(test_source, call.start(), call.end())
        if pair is None or not table_rows.is_row(test_source, pair[0]):
            continue
        row = test_source[pair[0] + 1:pair[1]]
        if _beside_its_input(row, call.start() - pair[0] - 1, call.group("args")):
            rows.append((pair[0], pair[1] + 1, call.group("name"), " ".join(call.group().split())))
    outside = test_source
    for start, end, _, _ in sorted(rows, reverse=True):
        outside = outside[:start] + " " * (end - start) + outside[end:]
    for name in dict.fromkeys(found[2] for found in rows):
        # the check hands the code a row's input, a name: not a value of its own
        if re.search(r"(?<![\w$])" + re.escape(name) + r"\s*\(\s*(?!" + _LITERAL
                     + r"\s*[,)])[A-Za-z_$]", outside):
            return next(found[3] for found in rows if found[2] == name)
    return None
