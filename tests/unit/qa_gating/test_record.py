from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.gate import ledger
from gaia_lib.qa_gating import record
from gaia_lib.qa_gating.record import Request
from helpers.projects import Project
from helpers.qa_board import add, record_file

LEGACY = """# QA / test status — E1

## QA status

| Story | Result | Report |
|-------|--------|--------|
| E1-S1 | fail | .gaia/artifacts/implementation-artifacts/qa-tests-E1-S1.md |
| E1-S2 | pass | - |
| E1-S3 | waived | - |
"""


@pytest.fixture
def board(project: Project) -> Project:
    for key in ("E1-S1", "E1-S2", "E1-S3", "E1-S4"):
        add(project, key)
    return project


def _rec(project: Project, key: str, result: str, **kwargs: Any) -> record.Recorded:
    return record.record(project.root, Request(key, result, **kwargs), recorded="2026-09-01")


def _reports_dir(project: Project) -> Path:
    return project.impl


def _touch_report(project: Project, key: str, number: int) -> Path:
    path = record.conventional_report(project.root, key, number)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("report\n")
    return path


# ------------------------------------------------------------------ reading


def test_a_three_column_table_reads_and_gates_as_it_did() -> None:
    qa = record.parse(LEGACY)
    assert [(r.story, r.result, r.round) for r in qa.status] == [
        ("E1-S1", "fail", 1), ("E1-S2", "pass", 1), ("E1-S3", "waived", None)]
    assert qa.current("E1-S1") == "fail" and qa.current("E1-S9") == "none"
    assert [(r.round, r.result, r.recorded) for r in qa.history("E1-S1")] == [(1, "fail", "-")]
    assert qa.history("E1-S3") == []  # the roundless backfill waiver is not a review


def test_cells_wrapped_in_markdown_links_and_dashes_read_through() -> None:
    text = ("## QA Status\n\n| Story | Result | Report | Round |\n|---|---|---|---|\n"
            "| **E1-S1** | `pass` | [r](x/qa-tests-E1-S1-round08.md) | — |\n"
            "| E1-S2 | pending | x/qa-tests-E1-S2-round3.md | 3 |\n"
            "| E1-S3 | fail | x/other.md | 0 |\n")
    qa = record.parse(text)
    assert [(r.story, r.result, r.report, r.round) for r in qa.status] == [
        ("E1-S1", "pass", "x/qa-tests-E1-S1-round08.md", 8),
        ("E1-S2", "pending", "x/qa-tests-E1-S2-round3.md", 3),  # an explicit Round wins
        ("E1-S3", "fail", "x/other.md", 1),  # a 0 cell is no round: the name says 1
    ]


def test_rounds_ledger_is_read_by_round_whatever_the_file_order() -> None:
    text = ("## QA status\n\n| Story | Result | Report | Round |\n|-|-|-|-|\n"
            "| E1-S1 | pass | b.md | 2 |\n\n## QA rounds\n\n| Story | Round | Result | Report | "
            "Recorded |\n|-|-|-|-|-|\n| E1-S1 | 2 | pass | b.md | 2026-09-02 |\n"
            "| E1-S1 | 1 | fail | a.md | 2026-09-01 |\n")
    qa = record.parse(text)
    assert [(r.round, r.result) for r in qa.history("E1-S1")] == [(1, "fail"), (2, "pass")]
    assert qa.highest_round("E1-S1") == 2


# ------------------------------------------------------------------ round numbering


def test_fail_then_pass_gives_one_status_row_and_two_rounds(board: Project) -> None:
    assert _rec(board, "E1-S1", "fail", round=1).round == 1
    assert _rec(board, "E1-S1", "pass", round=2).round == 2
    qa = record.load(board.root, "E1")
    assert [r.story for r in qa.status] == ["E1-S1"]
    assert qa.current("E1-S1") == "pass"
    assert [(r.round, r.result) for r in qa.history("E1-S1")] == [(1, "fail"), (2, "pass")]


def test_without_round_the_default_is_previous_plus_one_and_the_same_round_replaces(
    board: Project,
) -> None:
    assert [_rec(board, "E1-S1", "fail").round for _ in range(2)] == [1, 2]
    before = record_file(board).read_text()
    _rec(board, "E1-S1", "fail", round=2)
    assert record_file(board).read_text() == before  # idempotent: twice is once
    _rec(board, "E1-S1", "pass", round=2)
    qa = record.load(board.root, "E1")
    assert [(r.round, r.result) for r in qa.history("E1-S1")] == [(1, "fail"), (2, "pass")]


def test_re_recording_an_earlier_round_leaves_the_newest_rounds_verdict_current(
    board: Project,
) -> None:
    # Round 6 failed; a correction of round 1 to a pass must not release the dependents.
    _rec(board, "E1-S1", "fail", round=1)
    _rec(board, "E1-S1", "fail", round=6)
    recorded = _rec(board, "E1-S1", "pass", round=1)
    qa = record.load(board.root, "E1")
    row = qa.row("E1-S1")
    assert qa.current("E1-S1") == "fail" and row is not None and row.round == 6
    assert [(r.round, r.result) for r in qa.history("E1-S1")] == [(1, "pass"), (6, "fail")]
    assert recorded.notes == ["round 1 is not E1-S1's newest (round 6): its row in the rounds "
                              "history is replaced, the current verdict stays round 6's"]
    _rec(board, "E1-S1", "pass", round=6)  # the newest round itself: current again
    assert record.load(board.root, "E1").current("E1-S1") == "pass"


@pytest.mark.parametrize(("report", "expected"), [
    ("reviews/qa-tests-E1-S1-round3.md", 3), ("reviews/qa-tests-E1-S1-round08.md", 8),
    ("reviews/qa-tests-E1-S1.md", 1), ("reviews/notes.md", 2),
])
def test_the_round_comes_from_the_report_name(board: Project, report: str, expected: int) -> None:
    _rec(board, "E1-S1", "fail", round=1)
    assert _rec(board, "E1-S1", "fail", report=report).round == expected


def test_a_bare_record_lands_on_the_highest_conventional_report_on_disk(board: Project) -> None:
    _rec(board, "E1-S1", "fail", round=1)
    for number in (2, 3):
        _touch_report(board, "E1-S1", number)
    recorded = _rec(board, "E1-S1", "fail")
    assert recorded.round == 3
    assert recorded.report.endswith("qa-tests-E1-S1-round3.md")
    # no report of the next round on disk: previous + 1, report `-`
    assert _rec(board, "E1-S1", "pass").round == 4
    row = record.load(board.root, "E1").row("E1-S1")
    assert row is not None and row.report == "-"


def test_a_bare_record_lands_on_the_last_report_of_a_run_of_any_length(board: Project) -> None:
    _rec(board, "E1-S1", "fail", round=1)
    for number in range(2, 30):
        _touch_report(board, "E1-S1", number)
    recorded = _rec(board, "E1-S1", "fail")
    assert (recorded.round, recorded.report.rsplit("/", 1)[-1]) == (29, "qa-tests-E1-S1-round29.md")


def test_pending_is_roundless_and_refuses_a_round(board: Project) -> None:
    recorded = _rec(board, "E1-S2", "pending")
    assert recorded.round is None
    assert record.load(board.root, "E1").history("E1-S2") == []
    with pytest.raises(GaiaError, match="a round is a review that happened") as err:
        _rec(board, "E1-S2", "pending", round=2)
    assert err.value.exit_code == 2


@pytest.mark.parametrize("kwargs", [
    {"result": "passed"}, {"result": "pass", "round": 0}, {"result": "pass", "round": 10**6},
    {"result": "pass", "report": "a|b.md"}, {"result": "pass", "report": "a\nb.md"},
    {"result": "fail", "reason": "why"}, {"result": "waived", "reason": "x" * 281},
    {"result": "waived", "reason": "a|b"}, {"result": "pass", "key": "../E1-S1"},
    # a report outside the project, absolute or by `..`
    {"result": "fail", "report": "/etc/passwd"}, {"result": "fail", "report": "../../x.md"},
])
def test_refusals_exit_2_and_write_nothing(board: Project, kwargs: dict[str, object]) -> None:
    key = str(kwargs.pop("key", "E1-S1"))
    with pytest.raises(GaiaError) as err:
        record.record(board.root, Request(key, **kwargs))  # type: ignore[arg-type]
    assert err.value.exit_code == 2
    assert not record_file(board).exists()
    assert not ledger.rounds_path(board.root).exists()


# ------------------------------------------------------------------ legacy tables


def test_a_legacy_table_is_upgraded_in_place_and_its_round_backfilled_once(
    board: Project,
) -> None:
    path = record_file(board)
    path.write_text(LEGACY)
    recorded = _rec(board, "E1-S1", "pass")
    assert recorded.round == 2
    assert recorded.notes == ["backfilled E1-S1 round 1 from the legacy row (fail)"]
    text = path.read_text()
    assert "| Story | Result | Report | Round |\n|-------|--------|--------|------:|\n" in text
    assert "| E1-S2 | pass | - |\n" in text  # untouched rows keep their three cells
    qa = record.parse(text)
    assert [(r.round, r.result, r.recorded) for r in qa.history("E1-S1")] == [
        (1, "fail", "-"), (2, "pass", "2026-09-01")]
    assert _rec(board, "E1-S1", "pass", round=3).notes == []  # once: the ledger has rows now


def test_a_correction_of_the_legacy_round_is_not_a_second_review(board: Project) -> None:
    record_file(board).write_text(LEGACY)
    recorded = _rec(board, "E1-S1", "pass", round=1)
    assert recorded.notes == []
    assert [(r.round, r.result) for r in record.load(board.root, "E1").history("E1-S1")] == [
        (1, "pass")]


def test_pending_over_a_legacy_row_keeps_its_round(board: Project) -> None:
    record_file(board).write_text(LEGACY)
    _rec(board, "E1-S1", "pending")
    assert [(r.round, r.result) for r in record.load(board.root, "E1").history("E1-S1")] == [
        (1, "fail")]


def test_a_new_row_goes_to_the_end_of_the_status_table_not_under_the_rounds(
    board: Project,
) -> None:
    _rec(board, "E1-S1", "fail", round=1)
    _rec(board, "E1-S2", "pending")
    text = record_file(board).read_text()
    assert text.index("| E1-S2 | pending") < text.index("## QA rounds")
    assert record.load(board.root, "E1").current("E1-S2") == "pending"


def test_a_duplicate_status_row_heals(board: Project) -> None:
    record_file(board).write_text(LEGACY + "| E1-S1 | pass | - |\n")
    _rec(board, "E1-S1", "fail", round=2)
    rows = [r for r in record.load(board.root, "E1").status if r.story == "E1-S1"]
    assert [(r.result, r.round) for r in rows] == [("fail", 2)]


def test_a_waiver_reason_is_kept_in_its_own_table(board: Project) -> None:
    _rec(board, "E1-S3", "waived", reason="docs only", round=1)
    _rec(board, "E1-S3", "waived", reason="docs only, confirmed", round=1)
    qa = record.load(board.root, "E1")
    assert [(w.story, w.round, w.reason) for w in qa.waivers] == [
        ("E1-S3", 1, "docs only, confirmed")]


# ------------------------------------------------------------------ the JSONL ledger


def _markdown_rounds(project: Project) -> list[tuple[str, int, str, str]]:
    qa = record.load(project.root, "E1")
    return sorted((r.story, r.round, record.LEDGER_VERDICT[r.result],
                   r.report if r.report != "-" else ledger.NO_REPORT) for r in qa.rounds)


def _ledger_rounds(project: Project) -> list[tuple[str, int, str, str]]:
    rounds = ledger.parse_rounds(ledger.rounds_path(project.root).read_text())
    return sorted((r.story, r.round, r.verdict, r.report) for r in rounds if r.gate == "QA Tests")


def test_the_ledger_and_the_markdown_never_disagree(board: Project) -> None:
    record_file(board).write_text(LEGACY)
    _rec(board, "E1-S1", "fail")
    _rec(board, "E1-S1", "fail", round=2, findings="1 new, 0 open, 0 fixed")
    board.write("x/qa-tests-E1-S2-round4.md", "# QA review\n")  # a pass rests on a report
    _rec(board, "E1-S2", "pass", report="x/qa-tests-E1-S2-round4.md")
    _rec(board, "E1-S3", "waived", reason="ok")
    _rec(board, "E1-S4", "pending")
    assert _markdown_rounds(board) == _ledger_rounds(board)
    # E1-S1's legacy round backfilled; E1-S2's legacy pass had no report and no round: not a
    # round; the backfill waiver of E1-S3 is not one either, so its waiver is round 1
    assert [(s, n) for s, n, _, _ in _ledger_rounds(board)] == [
        ("E1-S1", 1), ("E1-S1", 2), ("E1-S2", 4), ("E1-S3", 1)]
    findings = [json.loads(line).get("findings") for line in
                ledger.rounds_path(board.root).read_text().splitlines()]
    assert "1 new, 0 open, 0 fixed" in findings


def test_a_ledger_failure_puts_the_file_back(board: Project) -> None:
    _rec(board, "E1-S1", "fail", round=1)
    before = record_file(board).read_bytes()
    ledger.rounds_path(board.root).unlink()
    ledger.rounds_path(board.root).mkdir()  # the ledger cannot be written
    with pytest.raises(GaiaError, match="rounds ledger refused"):
        _rec(board, "E1-S1", "pass", round=2)
    assert record_file(board).read_bytes() == before


def test_a_flat_layout_epic_gets_its_own_directory(project: Project) -> None:
    add(project, "E3-S1")
    project.add_story("E4-S1", slug="flat", layout="flat")
    record.record(project.root, Request("E4-S1", "pass", round=1))
    assert (project.impl / "epic-e4" / "test-status.md").is_file()
    assert record.load(project.root, "E4").current("E4-S1") == "pass"


def test_a_story_key_of_another_form_is_recorded_under_the_epic_its_story_declares(
        board: Project) -> None:
    """AUTH-12 lives in epic E1 (its frontmatter says so): its verdicts go to E1's record,
    never to an `epic-auth/` directory made up from the key; a key whose story declares no
    E<n> epic keeps the key's own."""
    board.write(".gaia/artifacts/implementation-artifacts/epic-e1-core/stories/AUTH-12-login.md",
                story_text_for("AUTH-12", epic="E1"))
    _rec(board, "AUTH-12", "fail", round=1)
    assert "| AUTH-12 | fail |" in record_file(board).read_text()
    assert not any(p.name.startswith("epic-auth") for p in board.impl.iterdir())
    assert record.current_result(board.root, "AUTH-12") is not None
    board.write(".gaia/artifacts/implementation-artifacts/PS-1-alone.md",
                story_text_for("PS-1", epic=""))
    _rec(board, "PS-1", "pass", round=1)
    assert (board.impl / "epic-ps" / "test-status.md").is_file()


def story_text_for(key: str, epic: str) -> str:
    from helpers.projects import story_text

    text = story_text(key)
    return text.replace(f'epic: "{key.split("-")[0]}"', f'epic: "{epic}"' if epic else "")
