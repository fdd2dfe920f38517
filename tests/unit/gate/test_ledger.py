from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.core import writes
from gaia_lib.core.errors import ScopeViolation
from gaia_lib.gate import ledger
from gaia_lib.gate.ledger import Ledger, Round
from helpers.projects import Project

R1 = Round("E1-S1", "QA Tests", 1, "FAILED", "r1.md", "2026-11-01")
R2 = Round("E1-S1", "QA Tests", 2, "PASSED", "r2.md", "2026-11-02")
OTHER = Round("E1-S1", "Code Review", 1, "PASSED", "—", "2026-11-01")


def test_lookup_last_match_wins_and_defaults_to_unverified() -> None:
    text = (
        "E1-S1\ttest-automate-plan\tp1\tFAILED\n"
        "E1-S1\ttest-automate-plan\tp2\tPASSED\n"
        "garbage line\n"
        "E1-S1\ttest-automate-plan\tp1\tPASSED\r\n"
    )
    assert ledger.lookup(text, "E1-S1", "test-automate-plan", "p1") == "PASSED"
    assert ledger.lookup(text, "E1-S1", "test-automate-plan", "p2") == "PASSED"
    assert ledger.lookup(text, "E1-S1", "test-automate-plan", "p3") == "UNVERIFIED"
    assert ledger.lookup("", "E1-S1", "manual-test", "p1") == "UNVERIFIED"


def test_ledger_path_rules(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    root = project.root
    assert ledger.ledger_for(root, None) == Ledger(root / ".gaia/state/.review-gate-ledger", False)
    monkeypatch.setenv("REVIEW_GATE_LEDGER", "env-ledger")
    assert ledger.ledger_for(root, None) == Ledger(root / "env-ledger", True)
    assert ledger.ledger_for(root, "/x/flag-ledger") == Ledger(Path("/x/flag-ledger"), True)


def test_append_verdict_default_and_explicit(project: Project, tmp_path: Path) -> None:
    default = ledger.ledger_for(project.root, None)
    ledger.append_verdict(default, "E1-S1", "manual-test", "p1", "PASSED")
    ledger.append_verdict(default, "E1-S1", "manual-test", "p1", "FAILED")
    assert default.path.read_text() == (
        "E1-S1\tmanual-test\tp1\tPASSED\nE1-S1\tmanual-test\tp1\tFAILED\n"
    )
    outside = Ledger(tmp_path / "elsewhere" / "ledger.tsv", True)
    ledger.append_verdict(outside, "E1-S1", "manual-test", "p9", "PASSED")
    assert ledger.read_verdict(outside, "E1-S1", "manual-test", "p9") == "PASSED"


def test_explicit_ledger_still_refused_in_a_fork(project: Project, tmp_path: Path) -> None:
    outside = Ledger(tmp_path / "ledger.tsv", True)
    with writes.scope("fork", project.root), pytest.raises(ScopeViolation):
        ledger.append_verdict(outside, "E1-S1", "manual-test", "p1", "PASSED")


def test_round_json_line_is_canonical() -> None:
    assert R1.to_json() == (
        '{"gate":"QA Tests","recorded":"2026-11-01","report":"r1.md","round":1,'
        '"story":"E1-S1","verdict":"FAILED"}'
    )
    with_plan = Round("E1-S1", "manual-test", 1, "PASSED", "—", "2026-11-01", "p1")
    assert '"plan_id":"p1"' in with_plan.to_json()
    assert ledger.parse_round(with_plan.to_json()) == with_plan


@pytest.mark.parametrize(
    "line",
    ["", "not json", "[1]", '{"round": 0, "story": "E1-S1", "gate": "G", "verdict": "P", '
     '"report": "-", "recorded": "d"}', '{"round": true}', '{"round": 1, "story": 5}'],
)
def test_parse_round_rejects_malformed(line: str) -> None:
    assert ledger.parse_round(line) is None


def test_next_round_per_story_and_gate() -> None:
    rounds = [R1, R2, OTHER]
    assert ledger.next_round(rounds, "E1-S1", "QA Tests") == 3
    assert ledger.next_round(rounds, "E1-S1", "Code Review") == 2
    assert ledger.next_round(rounds, "E1-S2", "QA Tests") == 1


def test_with_round_appends_and_replaces_only_that_round() -> None:
    text = f"{R1.to_json()}\nkept as is\n{OTHER.to_json()}\n"
    appended = ledger.with_round(text, R2)
    assert appended == text + R2.to_json() + "\n"
    again = Round("E1-S1", "QA Tests", 1, "PASSED", "r1b.md", "2026-11-03")
    replaced = ledger.with_round(appended, again)
    assert replaced.split("\n") == [
        again.to_json(), "kept as is", OTHER.to_json(), R2.to_json(), ""
    ]
    assert ledger.with_round("", R1) == R1.to_json() + "\n"


def test_record_round_numbers_and_history(project: Project) -> None:
    root = project.root
    first = ledger.record_round(root, "E1-S1", "QA Tests", "FAILED", report="a.md",
                                recorded="2026-11-01")
    second = ledger.record_round(root, "E1-S1", "QA Tests", "PASSED", report="b.md",
                                 recorded="2026-11-02")
    ledger.record_round(root, "E1-S1", "Code Review", "PASSED", report="—", recorded="2026-11-02")
    named = ledger.record_round(root, "E1-S1", "QA Tests", "PASSED", report="c.md",
                                recorded="2026-11-03", round_number=5)
    assert (first.round, second.round, named.round) == (1, 2, 5)
    replaced = ledger.record_round(root, "E1-S1", "QA Tests", "FAILED", report="d.md",
                                   recorded="2026-11-04", round_number=2)
    assert replaced.round == 2
    rounds = ledger.history(root, "E1-S1", "QA Tests")
    assert ledger.format_history(rounds) == (
        "1\tFAILED\ta.md\t2026-11-01\n"
        "2\tFAILED\td.md\t2026-11-04\n"
        "5\tPASSED\tc.md\t2026-11-03\n"
    )
    assert ledger.rounds_path(root) == root / ".gaia/state/review-rounds.jsonl"
    assert len(ledger.rounds_path(root).read_text().splitlines()) == 4
    assert ledger.history(root, "E9-S9", "QA Tests") == []
