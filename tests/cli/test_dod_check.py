from __future__ import annotations

import sys

import yaml

from helpers.projects import Project, gaia_env, run_gaia


def test_real_pytest_run_passes_then_fails(project: Project) -> None:
    project.write("pytest.ini", "[pytest]\npythonpath = .\n")
    project.write("calc.py", "def add(a, b):\n    return a + b\n")
    project.write("tests/test_calc.py", "from calc import add\n\n\ndef test_add():\n"
                  "    assert add(2, 2) == 4\n")
    project.write(".gaia/config/project-config.yaml",
                  f'test_cmd: "{sys.executable} -m pytest -q -p no:cacheprovider"\n')
    story = project.add_story()
    result = run_gaia("dod-check", cwd=project.root,
                      env=gaia_env(project.root, STORY_FILE=str(story)))
    rows = yaml.safe_load(result.stdout)
    assert result.returncode == 0, result.stdout
    assert [r["item"] for r in rows] == ["build", "tests", "lint", "secrets", "subtasks"]
    assert rows[1]["status"] == "PASSED" and rows[4]["status"] == "PASSED"
    # A different size: Python's bytecode cache keys a source by its mtime in whole seconds
    # and its size, so a same-size edit within the second would run the old code.
    project.write("calc.py", "def add(a, b):\n    return a + b + 1\n")
    failed = run_gaia("dod-check", "--story-file", str(story), cwd=project.root)
    assert failed.returncode == 1
    assert yaml.safe_load(failed.stdout)[1]["status"] == "FAILED"


def test_bad_flag_and_bad_config(project: Project) -> None:
    assert run_gaia("dod-check", "--nope", cwd=project.root).returncode == 2
    project.write(".gaia/config/project-config.yaml", "test_cmd: [\n")
    result = run_gaia("dod-check", cwd=project.root)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
