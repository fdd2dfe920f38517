from __future__ import annotations

from gaia_lib.dev_story.validate_plan_structure import SECTIONS
from helpers.projects import Project, run_gaia

PLAN = "".join(f"## {name}\n- item\n" for name in SECTIONS)


def test_stdin_file_rework(project: Project) -> None:
    assert run_gaia("validate-plan-structure", cwd=project.root, stdin=PLAN).returncode == 0
    plan = project.write("plan.md", PLAN)
    rework = run_gaia("validate-plan-structure", "--rework", str(plan), cwd=project.root)
    assert rework.returncode == 1 and rework.stderr == "MISSING section 'Root Cause'\n"


def test_homoglyph_missing_and_usage(project: Project) -> None:
    spoofed = PLAN.replace("Risks", "Ri\u0455ks")  # Cyrillic dze
    result = run_gaia("validate-plan-structure", cwd=project.root, stdin=spoofed)
    assert (result.returncode, result.stderr) == (1, "MISSING section 'Risks'\n")
    assert run_gaia("validate-plan-structure", "--bogus", cwd=project.root).returncode == 2
    assert run_gaia("validate-plan-structure", "nope.md", cwd=project.root).returncode == 2
