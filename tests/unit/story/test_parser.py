from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gaia_lib.core.errors import MalformedFile, NotFound
from gaia_lib.core.writes import canonical_json
from gaia_lib.story.parser import (
    MAX_STORY_BYTES,
    CustomScenarioRow,
    FindingRow,
    GateRow,
    TaskItem,
    TestCaseRow,
    as_dict,
    load_story,
    parse_story,
    split_frontmatter,
)
from helpers.projects import story_text

P = Path("story.md")


def fm(body: str, rest: str = "\n# Story: T\n") -> str:
    return f"---\n{body}---\n{rest}"


def test_template_story_fields() -> None:
    text = story_text("E3-S7", status="review", risk="high")
    story = parse_story(text, P)
    assert (story.key, story.epic, story.status, story.risk, story.priority) == (
        "E3-S7", "E3", "review", "high", "P1")
    assert (story.title, story.template, story.sprint_id, story.type, story.stack) == (
        "Validate signup email", "story", None, None, None)
    assert story.depends_on == () and story.blocks == () and story.traces_to == ("FR-001",)
    assert story.manual_verification is False and story.figma is None
    assert [a.ac_id for a in story.acceptance_criteria] == ["AC1", "AC2"]
    ac1_line = text.split("\n").index(
        "- [ ] **AC1:** Given a valid email, when the user signs up, then the account is created."
    ) + 1
    assert story.acceptance_criteria[0].line == ac1_line
    assert story.file_list == ("src/app/signup.py", "tests/test_signup.py")
    assert story.tasks == (
        TaskItem("Implement signup validation", True, 0),
        TaskItem("Reject malformed addresses", True, 1),
    )
    assert story.findings == ()
    assert story.review_gate is not None
    gate_line = text.split("\n").index("| Code Review | UNVERIFIED | — |") + 1
    assert story.review_gate[0] == GateRow("Code Review", "UNVERIFIED", "—", gate_line)
    assert [g.name for g in story.review_gate] == [
        "Code Review", "QA Tests", "Security Review", "Test Automation", "Test Review",
        "Performance Review"]
    assert story.frontmatter["date"] == "2026-11-01" and story.frontmatter["points"] == 2
    assert story.text == text and story.path == P


@pytest.mark.parametrize(
    ("body", "field", "expected"),
    [
        ('key: "E1-S1"\nstory_key: "E9-S9"\n', "key", "E1-S1"),
        ('story_key: "E9-S9"\n', "key", "E9-S9"),
        ('key: ""\nstory_key: "E9-S9"\n', "key", "E9-S9"),
        ("epic_key: E4\n", "epic", "E4"),
        ('epic: "E1 — Onboarding"\n', "epic", "E1"),
        ('epic: "E12: Billing"\n', "epic", "E12"),
        ('epic: "Onboarding"\n', "epic", "Onboarding"),
        ("risk_level: low\n", "risk", "low"),
        ("risk: HIGH\nrisk_level: low\n", "risk", "HIGH"),
        ("status: '  In-Progress '\n", "status", "in-progress"),
        ("sprint_id: 3\n", "sprint_id", "3"),
        ("sprint_id: null\n", "sprint_id", None),
        ("priority: 1\n", "priority", "1"),
        ("template: 'story'\n", "template", "story"),
        ("type: bug\n", "type", "bug"),
        ("stack: python-dev\n", "stack", "python-dev"),
        ("title: true\n", "title", "true"),
    ],
)
def test_frontmatter_aliases_and_coercion(body: str, field: str, expected: str | None) -> None:
    assert getattr(parse_story(fm(body), P), field) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("depends_on: [E1-S1, 'E1-S2']\n", ("E1-S1", "E1-S2")),
        ("depends_on:\n  - E1-S1\n  - E2-S3\n", ("E1-S1", "E2-S3")),
        ('depends_on: "E1-S1, E1-S2"\n', ("E1-S1", "E1-S2")),
        ("depends_on: []\n", ()),
        ("depends_on:\n", ()),
        ("depends_on: [1, '', null]\n", ("1",)),
    ],
)
def test_lists_inline_block_or_comma_string(body: str, expected: tuple[str, ...]) -> None:
    assert parse_story(fm(body), P).depends_on == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [("true", True), ("'yes'", True), ("false", False), ("'no'", False), ("", False)],
)
def test_manual_verification(value: str, expected: bool) -> None:
    assert parse_story(fm(f"manual_verification: {value}\n"), P).manual_verification is expected


def test_figma_mapping_kept_and_non_mapping_dropped() -> None:
    story = parse_story(fm("figma:\n  file_key: abc\n  pages: [1, 2]\n"), P)
    assert story.figma == {"file_key": "abc", "pages": [1, 2]}
    assert parse_story(fm("figma: just-a-string\n"), P).figma is None


def test_frontmatter_values_become_plain_data() -> None:
    story = parse_story(fm("date: 2026-11-01\n1: one\nratio: .nan\nwhen: 2026-11-01 10:00:00\n"), P)
    assert story.frontmatter == {
        "date": "2026-11-01", "1": "one", "ratio": "nan", "when": "2026-11-01T10:00:00"}


def test_empty_frontmatter_is_an_empty_mapping() -> None:
    story = parse_story("---\n---\n# Story: Only a heading\n", P)
    assert story.frontmatter == {} and story.key is None and story.status is None
    assert story.title == "Only a heading"


def test_bom_and_crlf() -> None:
    text = "\ufeff---\r\nkey: E1-S1\r\nstatus: Done\r\n---\r\n\r\n## Acceptance Criteria\r\n\r\n" \
           "- AC1: Given a, when b, then c\r\n"
    story = parse_story(text, P)
    assert (story.key, story.status) == ("E1-S1", "done")
    assert [(a.ac_id, a.then, a.line) for a in story.acceptance_criteria] == [("AC1", "c", 8)]


def test_no_ac_section_means_no_criteria() -> None:
    assert parse_story(fm("key: E1-S1\n"), P).acceptance_criteria == ()


def test_ac_heading_must_be_level_two() -> None:
    story = parse_story(fm("key: E1-S1\n", "\n### Acceptance Criteria\n\n- AC1: x\n"), P)
    assert story.acceptance_criteria == ()


def test_file_list_h2_notes_and_dedup() -> None:
    body = (
        "\n## File List\n\n- `src/a.py` — new module\n* src/b.py -- changed\n- [x] src/c.py\n"
        "- `src/a.py`\n\n### Not part of it\n\n- src/z.py\n"
    )
    assert parse_story(fm("key: E1-S1\n", body), P).file_list == ("src/a.py", "src/b.py",
                                                                   "src/c.py")


def test_file_list_notes_in_brackets_and_after_a_path_in_backticks() -> None:
    """A BMAD story's File List as its dev step writes it: a note in brackets after the path
    (`(new — resolveTransport function)` was read as a file `src/transport.ts (new`), or
    words after a path in backticks; a link to the file, its text the path."""
    body = (
        "\n### File List\n\n- packages/admin/src/transport.ts (new — resolveTransport)\n"
        "- packages/admin/tsconfig.json (unchanged)\n- `src/encode.spec.ts` (modified)\n"
        "- `engine/src/lib.rs` UPDATE: `Engine::new` keeps its state\n"
        "- **`src/escape.ts`** — escapers\n"
        "- [src/index.spec.ts](../../../src/index.spec.ts)\n"
    )
    assert parse_story(fm("key: E1-S1\n", body), P).file_list == (
        "packages/admin/src/transport.ts", "packages/admin/tsconfig.json",
        "src/encode.spec.ts", "engine/src/lib.rs", "src/escape.ts", "src/index.spec.ts")


def test_file_list_entries_with_a_note_in_parentheses_are_their_paths() -> None:
    # portion 2.6.0's IntervalDict story listing its source as `portion/dict.py (new)`: the
    # entry was read as a path that does not exist, and the review measured no line of it
    body = ("\n### File List\n\n- portion/dict.py (new)\n- `portion/interval.py` (modified)\n"
            "- `tests/test_dict.py` covers the lookups\n- app/(auth)/page.tsx\n")
    assert parse_story(fm("key: E1-S1\n", body), P).file_list == (
        "portion/dict.py", "portion/interval.py", "tests/test_dict.py", "app/(auth)/page.tsx")


def test_file_list_absent_vs_empty() -> None:
    assert parse_story(fm("key: E1-S1\n"), P).file_list is None
    assert parse_story(fm("key: E1-S1\n", "\n### File List\n\n_none yet_\n"), P).file_list == ()


def test_review_gate_absent_and_without_table() -> None:
    assert parse_story(fm("key: E1-S1\n"), P).review_gate is None
    assert parse_story(fm("key: E1-S1\n", "\n## Review Gate\n\ntbd\n"), P).review_gate is None


def test_review_gate_short_rows_are_padded() -> None:
    body = "\n## Review Gate\n\n| Review | Status | Report |\n|---|---|---|\n| QA Tests | PASSED |\n"
    assert parse_story(fm("key: E1-S1\n", body), P).review_gate == (
        GateRow("QA Tests", "PASSED", "", 9),)


def test_findings_tests_cases_custom_scenarios() -> None:
    body = """
## Findings

| # | Type | Severity | Finding | Suggested Action |
|---|------|----------|---------|------------------|
| — | — | — | — | — |
| 1 | bug | high | Crash on `a|b` | Fix it |

## Test Cases

| TC | AC | Tier | File |
|----|----|------|------|
| TC-001 | AC1 | unit | tests/unit/foo.test.ts |

## Custom Scenarios

| CS | Description | Tier | File |
|----|-------------|------|------|
| CS-001 | Slow network | e2e | tests/e2e/slow.spec.ts |
"""
    story = parse_story(fm("key: E1-S1\n", body), P)
    assert story.findings == (FindingRow("1", "bug", "high", "Crash on `a|b`", "Fix it"),)
    assert story.test_cases == (TestCaseRow("TC-001", "AC1", "unit", "tests/unit/foo.test.ts"),)
    # columns are matched by header name, not position
    assert story.custom_scenarios == (
        CustomScenarioRow("CS-001", "e2e", "Slow network", "tests/e2e/slow.spec.ts"),)


def test_tasks_depth_and_non_checkbox_items() -> None:
    body = (
        "\n## Tasks / Subtasks\n\n- [ ] Task A\n  - [x] Sub A1\n    - [ ] Sub-sub\n  - note, no box\n"
        "- [X] Task B\n"
    )
    assert parse_story(fm("key: E1-S1\n", body), P).tasks == (
        TaskItem("Task A", False, 0), TaskItem("Sub A1", True, 1), TaskItem("Sub-sub", False, 2),
        TaskItem("Task B", True, 0),
    )


def test_title_falls_back_to_h1() -> None:
    assert parse_story(fm("key: E1-S1\n", "\n# Story: From heading\n"), P).title == "From heading"
    assert parse_story(fm("key: E1-S1\n", "\nno heading\n"), P).title is None


def test_as_dict_is_canonical_json_without_text() -> None:
    story = parse_story(story_text(), Path("x/E1-S1-a.md"))
    data = as_dict(story)
    assert "text" not in data and data["path"] == "x/E1-S1-a.md"
    assert data["acceptance_criteria"][0]["ac_id"] == "AC1"
    assert json.loads(canonical_json(data)) == data
    assert as_dict(story, include_text=True)["text"] == story.text


def test_split_frontmatter_reports_body_start() -> None:
    assert split_frontmatter("---\na: 1\n---\nbody", "s") == ("a: 1", 4)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("# no frontmatter\n", "s.md: no frontmatter (the first line must be '---')"),
        # a space after the marker, which the editor did not show: tenacity's story
        ("--- \nkey: x\n---\n",
         "s.md: no frontmatter (the first line must be '---', alone: it is '--- ')"),
        ("---\nkey: x\n---\t\n", "s.md: malformed frontmatter (unbalanced --- markers: no "
                                  "closing '---'; line 3 is '---\\t')"),
        ("", "s.md: no frontmatter"),
        ("---\nkey: x\n", "s.md: malformed frontmatter (unbalanced --- markers"),
        ("---\n- a\n---\n", "s.md: frontmatter is a list, not a mapping of fields"),
        ("---\nkey: [\n---\n", "s.md: malformed frontmatter: invalid YAML"),
        ("---\na: &x 1\nb: *x\n---\n", "s.md: malformed frontmatter: YAML anchors and aliases"),
        ("---\na: 1\n---\n\x00", "s.md: contains NUL bytes"),
    ],
)
def test_parse_story_malformed(text: str, message: str) -> None:
    with pytest.raises(MalformedFile) as info:
        parse_story(text, Path("s.md"), exit_code=2)
    assert info.value.message.startswith(message)
    assert info.value.exit_code == 2


def test_load_story_reads_and_validates(tmp_path: Path) -> None:
    path = tmp_path / "E1-S1-a.md"
    path.write_text(story_text(), encoding="utf-8")
    assert load_story(path).key == "E1-S1"
    with pytest.raises(NotFound, match="story file not found") as info:
        load_story(tmp_path / "missing.md", exit_code=3)
    assert info.value.exit_code == 3
    with pytest.raises(NotFound, match="is a directory"):
        load_story(tmp_path)
    (tmp_path / "bad.md").write_bytes(b"---\ntitle: caf\xe9\n---\n")
    with pytest.raises(MalformedFile, match=r"not UTF-8 text \(invalid byte at line 2, offset 14\)"):
        load_story(tmp_path / "bad.md")


def test_load_story_refuses_fifos_and_devices(tmp_path: Path) -> None:
    fifo = tmp_path / "E1-S1-pipe.md"
    os.mkfifo(fifo)
    with pytest.raises(MalformedFile, match="not a regular file"):
        load_story(fifo)
    with pytest.raises(MalformedFile, match="not a regular file"):
        load_story(Path("/dev/null"))


def test_size_limit_counts_utf8_bytes_not_characters() -> None:
    head = "---\nkey: E1-S1\n---\n"
    with pytest.raises(MalformedFile, match="larger than"):
        parse_story(head + "é" * (MAX_STORY_BYTES // 2 + 1), P)
    assert parse_story(head + "é" * (MAX_STORY_BYTES // 4), P).key == "E1-S1"
