from __future__ import annotations

import re
from pathlib import Path

import pytest

from gaia_lib.gate import reports
from gaia_lib.qa_gating import names, record
from gaia_lib.qa_gating.record import Request
from helpers.projects import Project
from helpers.qa_board import add, record_file

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture
def board(project: Project) -> Project:
    add(project, "E1-S1", status="review")
    return project


def _touch(project: Project, number: int) -> None:
    path = record.conventional_report(project.root, "E1-S1", number)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x")


def test_round_one_keeps_the_plain_name_and_later_rounds_carry_theirs() -> None:
    assert reports.report_basename("qa-tests", "E1-S1") == "qa-tests-E1-S1.md"
    assert reports.report_basename("qa-tests", "E1-S1", 3) == "qa-tests-E1-S1-round3.md"
    assert reports.report_round("a/qa-tests-E1-S1-round3.md") == 3
    assert reports.report_round("qa-tests-E1-S1-round0008.md") == 8
    assert reports.report_round("qa-tests-E1-S1.md", "qa-tests", "E1-S1") == 1
    assert reports.report_round("notes.md", "qa-tests", "E1-S1") is None


def test_next_round_is_highest_recorded_plus_one(board: Project) -> None:
    assert names.next_report(board.root, "E1-S1").round == 1
    record.record(board.root, Request("E1-S1", "fail", round=2))
    chosen = names.next_report(board.root, "E1-S1")
    assert (chosen.round, chosen.path.name) == (3, "qa-tests-E1-S1-round3.md")


def test_next_round_steps_past_reports_already_on_disk(board: Project) -> None:
    _touch(board, 1)
    _touch(board, 2)
    assert names.next_round(board.root, "E1-S1") == 3  # a reviewer wrote, recorded nothing
    assert not names.next_report(board.root, "E1-S1").path.exists()


def test_next_round_is_never_a_report_on_disk_however_many_lie_ahead(board: Project) -> None:
    """go-shellquote: test-status.md rolled back to round 3 by a `git checkout` while rounds
    4 to 32's reports stayed; 20 probes stopped on round 24's, which the review overwrote."""
    record.record(board.root, Request("E1-S1", "fail", round=3))
    for number in range(4, 33):
        _touch(board, number)
    chosen = names.next_report(board.root, "E1-S1")
    assert (chosen.round, chosen.path.name) == (33, "qa-tests-E1-S1-round33.md")
    assert not chosen.path.exists()
    assert names.review_report_path(board.root, "E1-S1", "qa-tests") == chosen.path


def test_pending_and_the_backfill_waiver_are_not_rounds(board: Project) -> None:
    record.record(board.root, Request("E1-S1", "pending"))
    assert names.next_round(board.root, "E1-S1") == 1
    record.record(board.root, Request("E1-S1", "waived", reason="r", roundless=True))
    assert names.next_round(board.root, "E1-S1") == 1
    record_file(board).write_text(
        "## QA status\n\n| Story | Result | Report |\n|-|-|-|\n| E1-S1 | fail | - |\n")
    assert names.next_round(board.root, "E1-S1") == 2  # a legacy verdict counts as round 1


def test_other_review_types_keep_their_plain_name(board: Project) -> None:
    record.record(board.root, Request("E1-S1", "fail", round=1))
    assert names.review_report_path(board.root, "E1-S1", "code-review").name == \
        "code-review-E1-S1.md"
    assert names.review_report_path(board.root, "E1-S1", "qa-tests").name == \
        "qa-tests-E1-S1-round2.md"


def test_newest_report_is_the_newest_rounds(board: Project) -> None:
    record.record(board.root, Request("E1-S1", "fail", report="r/qa-tests-E1-S1.md"))
    record.record(board.root, Request("E1-S1", "fail", report="r/qa-tests-E1-S1-round2.md"))
    assert names.newest_report(board.root, "E1-S1") == "r/qa-tests-E1-S1-round2.md"


# A report name is built in one place: gate/reports.py's report_basename. Any other literal
# construction of a `<type>-<key>` report name (an f-string or concatenation around a key)
# in the library, the entry scripts or the skills is a second chooser in waiting.
_CONSTRUCTION = re.compile(
    r"""f["'][^"'\n]*(qa-tests|code-review|-review|\{rtype\}|\{atype\})-\{[^}]*\}[^"'\n]*\.md"""
    r"""|["']qa-tests-["']\s*\+|["']-round["']|-round\{[^}]*\}\.md""")


def test_no_other_code_builds_a_report_name() -> None:
    offenders = []
    roots = [REPO / "scripts", REPO / "skills"]
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.suffix not in (".py", ".md", ".sh") or not path.is_file():
                continue
            rel = path.relative_to(REPO).as_posix()
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if _CONSTRUCTION.search(line) and rel != "scripts/gaia_lib/gate/reports.py":
                    offenders.append(f"{rel}:{number}: {line.strip()}")
    assert offenders == []


def test_the_scan_catches_a_planted_construction(tmp_path: Path) -> None:
    planted = 'path = root / f"qa-tests-{key}-round{n}.md"'
    assert _CONSTRUCTION.search(planted)
    assert _CONSTRUCTION.search('name = "qa-tests-" + key')
    assert not _CONSTRUCTION.search("name = reports.report_basename('qa-tests', key, n)")
