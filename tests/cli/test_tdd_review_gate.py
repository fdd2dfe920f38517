from __future__ import annotations

from helpers.projects import Project, gaia_env, run_gaia


def test_decisions(project: Project) -> None:
    project.add_story(risk="high")
    assert run_gaia("tdd-review-gate", "E1-S1", "red", cwd=project.root).stdout == "PROMPT\n"
    assert run_gaia("tdd-review-gate", "E1-S1", "green", cwd=project.root).stdout == "SKIP\n"
    yolo = run_gaia("tdd-review-gate", "E1-S1", "red", cwd=project.root,
                    env=gaia_env(project.root, GAIA_YOLO_MODE="1"))
    assert (yolo.returncode, yolo.stdout) == (0, "QA_AUTO\n")
    project.write(".gaia/config/project-config.yaml", "dev_story:\n  tdd_review:\n"
                  "    threshold: off\n")
    assert run_gaia("tdd-review-gate", "E1-S1", "red", cwd=project.root).stdout == "SKIP\n"


def test_usage_and_bad_key_are_2(project: Project) -> None:
    project.add_story()
    for args in (("tdd-review-gate", "E1-S1"), ("tdd-review-gate", "x;y", "red"),
                 ("tdd-review-gate", "E3-S3", "red")):
        result = run_gaia(*args, cwd=project.root)
        assert result.returncode == 2 and result.stdout == "", args
