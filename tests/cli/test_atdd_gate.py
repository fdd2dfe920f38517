from __future__ import annotations

from pathlib import Path

from helpers.projects import Project, run_gaia


def test_high_risk_halts_until_atdd_exists(project: Project) -> None:
    project.add_story(risk="high")
    result = run_gaia("atdd-gate", "E1-S1", cwd=project.root)
    assert result.returncode == 1 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[0] == "HALT: high-risk story E1-S1 has no ATDD file."
    # the way on names a place the gate reads and the switch it knows, no other skill
    where = lines[1].removeprefix("  checked: ")
    assert lines[-1] == (f"  write its acceptance scenarios (Given/When/Then for each AC) to "
                         f"{where}, or set GAIA_SKIP_ATDD=1 to go on without them")
    project.write(".gaia/artifacts/test-artifacts/atdd-E1-S1.md", " \n\n")  # holds nothing
    assert run_gaia("atdd-gate", "E1-S1", cwd=project.root).returncode == 1
    project.write(".gaia/artifacts/test-artifacts/atdd-E1-S1.md", "# ATDD\n")
    assert run_gaia("atdd-gate", "E1-S1", cwd=project.root).returncode == 0
    Path(where).parent.mkdir(parents=True, exist_ok=True)
    Path(where).write_text("Given a user, when ..., then ...\n")
    (project.root / ".gaia/artifacts/test-artifacts/atdd-E1-S1.md").unlink()
    assert run_gaia("atdd-gate", "E1-S1", cwd=project.root).returncode == 0


def test_low_risk_passes_and_bad_input_is_2(project: Project) -> None:
    project.add_story(risk="low")
    assert run_gaia("atdd-gate", "E1-S1", cwd=project.root).returncode == 0
    for args in (("atdd-gate",), ("atdd-gate", "E1-S1/../../x"), ("atdd-gate", "E2-S2")):
        result = run_gaia(*args, cwd=project.root)
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, args
