from __future__ import annotations

import json
from pathlib import Path

from helpers.projects import Project, run_gaia


def _args(n: int, outcome: str = "findings_present") -> list[str]:
    return ["append-val-iteration", "--skill", "gaia-dev-story", "--step", "4",
            "--iteration", str(n), "--token-estimate", "null", "--revalidation-outcome", outcome,
            "--findings-json", '[{"severity": "CRITICAL", "message": "no tests"}]',
            "--yolo", "true", "--story", "E1-S1", "--loop", "yolo-plan"]


def test_three_iterations_then_halt(project: Project) -> None:
    for n in (1, 2):
        result = run_gaia(*_args(n), cwd=project.root)
        assert result.returncode == 0, result.stderr
    assert "stall" in result.stderr
    last = run_gaia(*_args(3), cwd=project.root)
    audit = project.root / ".gaia/memory/checkpoints/E1-S1-yolo-plan-findings.md"
    assert last.returncode == 4
    assert last.stderr.splitlines()[-1] == ("HALT: Val loop reached its 3-iteration cap with "
                                            f"findings remaining — see {audit}")
    snapshot = json.loads(Path(last.stdout.strip()).read_text())
    assert [h["iteration_number"] for h in snapshot["custom"]["val_loop_iterations"]] == [1, 2, 3]
    assert audit.read_text().count("## Iteration ") == 3


def test_fourth_iteration_and_bad_input_are_1(project: Project) -> None:
    for args in (_args(4), [*_args(1)[:-4], "--story", "E1-S1/../../x", "--loop", "tdd-val"],
                 [*_args(1)[:12], "--findings-json", "{oops"], ["append-val-iteration"]):
        result = run_gaia(*args, cwd=project.root)
        assert result.returncode == 1 and result.stdout == "", args
    assert not (project.root / ".gaia/memory/checkpoints/gaia-dev-story").exists()
