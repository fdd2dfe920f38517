"""Property-based fuzzing of the two readers of untrusted input: the story parser and the edit
hook's payload reader. Whatever the input, the outcome is a parsed value or the reader's own
clean error (MalformedFile / GaiaError, HookFailure), never any other exception.

Bounded: a fixed number of examples each, no per-example deadline (two shared cores), and no
example database written into the repository.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gaia_lib.checkpoint.hookio import HookFailure, ToolFile, parse_payload
from gaia_lib.core.errors import GaiaError
from gaia_lib.story.parser import Story, load_story, parse_story

FUZZ = settings(max_examples=200, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])

# Pieces real (and broken) story files are made of.
FRONTMATTER_LINES = st.sampled_from([
    "key: E1-S1", 'key: "E1-S2"', "story_key: E3-S4", "status: review", "status: [",
    "template: story", "epic: E1 — Core", "depends_on: [E1-S1, E1-S2]", "depends_on: E1-S1,",
    "risk: high", "priority: P0", "a: &x 1", "b: *x", "x: {y: [1, 2, {z: 3}]}", "- a",
    "title: 'quoted: colon'", "manual_verification: yes", "sprint_id: ~", "key: E1-S1",
    "x: " + "[" * 80 + "]" * 80, "? complex\n: key", "!!python/object:os.system x: 1",
    "date: 2026-01-01", "n: .nan", "figma: {url: x}", "\tbad: indent", "k: |\n  block",
])
BODY_LINES = st.sampled_from([
    "# Story: T", "## Acceptance Criteria", "- [ ] **AC1:** Given a, when b, then c.",
    "- [x] AC2: done", "1. AC3 numbered", "## Review Gate", "| Review | Status | Report |",
    "|---|---|---|", "| Code Review | PASSED | r.md |", "| QA Tests |", "## File List",
    "- `src/a.py` — note", "### File List", "## Findings", "| # | Type | Severity |",
    "## Tasks / Subtasks", "  - [ ] sub", "```gherkin", "```", "---", "> **Status:** done",
    "## Test Cases", "| TC | AC | Tier | File |", "| — | — | — | — |",
])


def _story_texts() -> st.SearchStrategy[str]:
    frontmatter = st.lists(st.one_of(FRONTMATTER_LINES, st.text(max_size=40)), max_size=12)
    body = st.lists(st.one_of(BODY_LINES, st.text(max_size=60)), max_size=30)
    opener = st.sampled_from(["---\n", "---\r\n", "\ufeff---\n", "", "--- \n"])
    closer = st.sampled_from(["---\n", "---\r\n", "", "...\n"])
    return st.builds(lambda o, f, c, b: o + "\n".join(f) + "\n" + c + "\n".join(b),
                     opener, frontmatter, closer, body)


def _check_story(story: Story) -> None:
    assert story.key is None or isinstance(story.key, str)
    assert all(isinstance(item, str) for item in story.depends_on)
    json.dumps(story.frontmatter)  # the model stays plain, JSON-able data


@FUZZ
@given(_story_texts())
def test_story_parser_gives_a_story_or_a_clean_error(text: str) -> None:
    try:
        story = parse_story(text, Path("fuzz.md"), exit_code=4)
    except GaiaError as exc:
        assert exc.exit_code == 4 and exc.message.startswith("fuzz.md")
        return
    _check_story(story)


@FUZZ
@given(st.binary(max_size=2000))
def test_story_files_of_random_bytes_give_a_story_or_a_clean_error(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "E1-S1-fuzz.md"
        path.write_bytes(b"---\nkey: E1-S1\n" + data)
        try:
            story = load_story(path, exit_code=2)
        except GaiaError as exc:
            assert exc.exit_code == 2
            return
    _check_story(story)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner,
                                                                  max_size=4),
    max_leaves=20,
)
PAYLOADS = st.fixed_dictionaries(
    {"hook_event_name": st.sampled_from(["PostToolUse", "PreToolUse", 3, None]),
     "tool_name": st.sampled_from(["Write", "Edit", "NotebookEdit", "Bash", 7]),
     "tool_input": st.one_of(JSON_VALUES, st.fixed_dictionaries(
         {"file_path": st.one_of(st.text(max_size=40), JSON_VALUES)})),
     "cwd": st.one_of(st.text(max_size=40), st.just("/p"), JSON_VALUES)},
)


def _read_payload(raw: bytes | str) -> None:
    try:
        result = parse_payload(raw)
    except HookFailure as exc:
        assert str(exc)
        return
    assert isinstance(result, ToolFile)
    assert result.path is None or result.path.startswith("/")


@FUZZ
@given(st.binary(max_size=400))
def test_hook_payload_of_random_bytes_is_read_or_refused(raw: bytes) -> None:
    _read_payload(raw)


@FUZZ
@given(PAYLOADS, st.integers(min_value=0, max_value=400), st.binary(max_size=8))
def test_hook_payload_damaged_json_is_read_or_refused(payload: dict[str, object], cut: int,
                                                      noise: bytes) -> None:
    text = json.dumps(payload).encode("utf-8")
    _read_payload(text)  # whole
    _read_payload(text[:cut] + noise + text[cut:])  # damaged
    _read_payload(text[:cut])  # truncated


def test_deep_nesting_is_refused_by_both_readers() -> None:
    """The two shapes the fuzzing found first, kept as plain regressions."""
    _read_payload(b"[" * 100_000)
    try:
        parse_story("---\nx: " + "[" * 5000 + "]" * 5000 + "\n---\n", Path("d.md"), 4)
    except GaiaError as exc:
        assert "nested deeper than" in exc.message and exc.exit_code == 4
    else:
        raise AssertionError("5,000-deep frontmatter was accepted")
