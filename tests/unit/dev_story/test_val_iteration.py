from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story.val_iteration import Iteration, findings_hash, record
from helpers.projects import Project

FINDINGS = [{"severity": "WARNING", "message": "step 3 has no test"}]


def it(n: int, **extra: object) -> Iteration:
    base: dict[str, object] = dict(skill="gaia-dev-story", step=4, iteration=n,
                                   token_estimate=1200, outcome="findings_present",
                                   findings=FINDINGS, yolo=True, story="E1-S1", loop="yolo-plan")
    base.update(extra)
    return Iteration(**base)  # type: ignore[arg-type]


def test_history_accumulates_across_snapshots(project: Project) -> None:
    root = Path.cwd()
    first = record(root, it(1))
    second = record(root, it(2, findings=[]))
    data = json.loads(second.snapshot.read_text())
    assert first.snapshot != second.snapshot
    history = data["custom"]["val_loop_iterations"]
    assert [h["iteration_number"] for h in history] == [1, 2]
    assert data["custom"]["yolo"] is True and data["custom"]["iteration"] == 2
    assert data["custom"]["last_findings_hash"] == findings_hash([])
    assert data["key_variables"] == {"iteration": "2"} and data["step_number"] == 4


def test_audit_file_is_appended_never_truncated(project: Project) -> None:
    root = Path.cwd()
    audit = record(root, it(1)).audit
    assert audit is not None and audit.name == "E1-S1-yolo-plan-findings.md"
    before = audit.read_text()
    record(root, it(1))  # a second run of the same story starts at iteration 1 again
    after = audit.read_text()
    assert after.startswith(before) and after.count("## Iteration 1 — ") == 2
    assert json.dumps(FINDINGS[0]["message"]) in after


def test_stall_is_detected_not_short_cut(project: Project) -> None:
    root = Path.cwd()
    assert not record(root, it(1)).stalled
    assert record(root, it(2)).stalled


def test_cap(project: Project) -> None:
    root = Path.cwd()
    assert record(root, it(3)).halted
    assert not record(root, it(3, outcome="info_only")).halted
    with pytest.raises(GaiaError) as caught:
        record(root, it(4))
    assert caught.value.exit_code == 1


@pytest.mark.parametrize("bad", [
    {"story": "../E1-S1"}, {"loop": "other"}, {"story": None}, {"outcome": "fine"},
    {"skill": "Bad/Skill"}, {"user_decision": "maybe"}, {"iteration": 0},
])
def test_validation_writes_nothing(project: Project, bad: dict[str, object]) -> None:
    root = Path.cwd()
    with pytest.raises(GaiaError) as caught:
        record(root, it(1, **bad))
    assert caught.value.exit_code == 1
    assert not any((root / ".gaia/memory/checkpoints").rglob("*findings*"))
    assert not (root / ".gaia/memory/checkpoints/gaia-dev-story").exists()


def test_hash_is_order_independent_for_keys() -> None:
    assert findings_hash([{"a": 1, "b": 2}]) == findings_hash([{"b": 2, "a": 1}])
    assert findings_hash([1]) != findings_hash([2])
