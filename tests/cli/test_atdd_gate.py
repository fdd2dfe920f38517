from __future__ import annotations

from helpers.projects import Project, run_gaia


def test_high_risk_halts_until_atdd_exists(project: Project) -> None:
    project.add_story(risk="high")
    result = run_gaia("atdd-gate", "E1-S1", cwd=project.root)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.splitlines()[0] == "HALT: high-risk story E1-S1 has no ATDD file."
    project.write(".gaia/artifacts/test-artifacts/atdd-E1-S1.md", "# ATDD\n")
    assert run_gaia("atdd-gate", "E1-S1", cwd=project.root).returncode == 0


def test_low_risk_passes_and_bad_input_is_2(project: Project) -> None:
    project.add_story(risk="low")
    assert run_gaia("atdd-gate", "E1-S1", cwd=project.root).returncode == 0
    for args in (("atdd-gate",), ("atdd-gate", "E1-S1/../../x"), ("atdd-gate", "E2-S2")):
        result = run_gaia(*args, cwd=project.root)
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, args
