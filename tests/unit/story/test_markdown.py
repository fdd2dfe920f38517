from __future__ import annotations

import pytest

from gaia_lib.story.markdown import (
    find_section,
    first_table,
    headings,
    list_items,
    normalize_title,
    own_lines,
    sections,
    split_lines,
    split_row,
    strip_emphasis,
    tables,
)

DOC = """# Title

## Alpha

text
```
## Not a heading
- not an item
| not | a table |
```

### Alpha child

- item

## Beta
"""


def test_split_lines_numbers_strip_cr_and_tag_fences() -> None:
    lines = split_lines("a\r\n```\nb\n```\nc\n", first_line=10)
    assert [(ln.number, ln.text, ln.fenced) for ln in lines] == [
        (10, "a", False), (11, "```", True), (12, "b", True), (13, "```", True), (14, "c", False),
    ]


def test_fences_need_a_matching_closer() -> None:
    lines = split_lines("~~~~\n```\n## x\n~~~~\n## y")
    assert [ln.fenced for ln in lines] == [True, True, True, True, False]
    assert [h.title for h in headings(lines)] == ["y"]


def test_unclosed_fence_runs_to_the_end() -> None:
    lines = split_lines("```\n## hidden\n- hidden")
    assert headings(lines) == ()
    assert list_items(lines) == ()


def test_headings_inside_fences_are_not_structure() -> None:
    hs = headings(split_lines(DOC))
    assert [(h.level, h.title, h.line) for h in hs] == [
        (1, "Title", 1), (2, "Alpha", 3), (3, "Alpha child", 12), (2, "Beta", 16),
    ]


def test_heading_closing_hashes_and_empty_titles() -> None:
    hs = headings(split_lines("## Review Gate ##\n#\n#no-space"))
    assert [(h.level, h.title) for h in hs] == [(2, "Review Gate"), (1, "")]


def test_sections_include_subsections_until_same_level() -> None:
    secs = sections(split_lines(DOC))
    alpha = secs[1]
    assert alpha.heading.title == "Alpha"
    assert alpha.lines[0].number == 4 and alpha.lines[-1].number == 15
    assert [ln.text for ln in own_lines(alpha)][:2] == ["", "text"]
    assert all(ln.number < 12 for ln in own_lines(alpha))


def test_find_section_by_level_and_normalized_title() -> None:
    lines = sections(split_lines(DOC))
    assert find_section(lines, ["alpha  CHILD"]) is None
    child = find_section(lines, ["alpha  CHILD"], levels=(2, 3))
    assert child is not None and child.heading.line == 12
    assert find_section(lines, ["Gamma"]) is None


def test_lookalike_letters_are_not_folded() -> None:
    assert normalize_title("**Acceptance  Criteria**") == "acceptance criteria"
    assert normalize_title("\u0410cceptance Criteria") != "acceptance criteria"


@pytest.mark.parametrize(
    ("row", "cells"),
    [
        ("| a | b |", ("a", "b")),
        ("|a|b", ("a", "b")),
        ("| `x | y` | z |", ("`x | y`", "z")),
        (r"| a \| b | c |", ("a | b", "c")),
        ("| | empty |", ("", "empty")),
        ("not a row", None),
    ],
)
def test_split_row(row: str, cells: tuple[str, ...] | None) -> None:
    assert split_row(row) == cells


def test_tables_need_a_separator_and_stop_at_the_first_non_row() -> None:
    text = "| not | table |\ntext\n\n| A | B |\n|:--|--:|\n| 1 | 2 |\n| 3 |\nafter\n| x |\n"
    found = list(tables(split_lines(text)))
    assert len(found) == 1
    table = found[0]
    assert table.header == ("A", "B") and table.line == 4
    assert [(r.cells, r.line) for r in table.rows] == [(("1", "2"), 6), (("3",), 7)]


def test_tables_inside_fences_are_ignored() -> None:
    assert first_table(split_lines("```\n| a |\n|---|\n| 1 |\n```")) is None


def test_list_items_checkboxes_markers_and_lines() -> None:
    text = "- [ ] open\n* [x] done\n+ [X] Done\n3) third\n10. tenth\n- [] not a box\n-no-space"
    items = list_items(split_lines(text))
    assert [(i.marker, i.checked, i.text, i.line, i.ordered) for i in items] == [
        ("-", False, "open", 1, False),
        ("*", True, "done", 2, False),
        ("+", True, "Done", 3, False),
        ("3)", None, "third", 4, True),
        ("10.", None, "tenth", 5, True),
        ("-", None, "[] not a box -no-space", 6, False),  # lazy continuation
    ]


def test_list_items_continuations() -> None:
    text = (
        "- first line\n  indented continuation\nlazy continuation\n\n"
        "paragraph after a blank\n- second\n\n    indented after blank\n- third\n  - nested\n"
    )
    items = list_items(split_lines(text))
    assert [(i.text, i.indent) for i in items] == [
        ("first line indented continuation lazy continuation", 0),
        ("second indented after blank", 0),
        ("third", 0),
        ("nested", 2),
    ]


def test_list_items_end_at_headings_fences_and_rules() -> None:
    text = "- a\n## H\ncontinuation?\n- b\n---\nnot b\n- c\n```\ninside\n```\n"
    items = list_items(split_lines(text))
    assert [i.text for i in items] == ["a", "b", "c"]


def test_tab_indent_counts_as_four() -> None:
    items = list_items(split_lines("- a\n\t- b"))
    assert [i.indent for i in items] == [0, 4]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("**AC1:** Given  a", "AC1: Given a"),
        ("__bold__ text", "bold text"),
        ("`**kwargs` and **x**", "`**kwargs` and x"),
        ("snake__case_name and 2 * 3", "snake__case_name and 2 * 3"),
    ],
)
def test_strip_emphasis(text: str, expected: str) -> None:
    assert strip_emphasis(text) == expected


@pytest.mark.timeout(20)
def test_many_headings_and_long_whitespace_runs_stay_fast() -> None:
    # linear: well under a second (a loaded, traced CI worker: a few); a step quadratic in
    # the headings or in a whitespace run would take minutes
    lines = split_lines("# a\n" + "## b\n" * 20_000 + "## c" + " " * 100_000 + "d ##\n")
    secs = sections(lines)
    assert len(secs) == 20_002
    assert secs[0].lines[-1].number == 20_002
    assert secs[-1].heading.title.endswith(" d")


@pytest.mark.parametrize(
    ("line", "parts"),
    [("a\r\n", ("a", "\r\n")), ("a\n", ("a", "\n")), ("a", ("a", "")), ("\r\n", ("", "\r\n"))],
)
def test_split_eol_keeps_the_line_ending(line: str, parts: tuple[str, str]) -> None:
    from gaia_lib.story.markdown import split_eol

    assert split_eol(line) == parts
