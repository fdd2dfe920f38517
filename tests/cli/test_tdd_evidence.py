from __future__ import annotations

import sys

from helpers.gitrepo import git
from helpers.projects import Project, run_gaia


def test_red_then_green_as_processes(project: Project) -> None:
    project.add_story(status="in-progress")
    project.write("pytest.ini", "[pytest]\npythonpath = .\n")
    project.write(".gaia/config/project-config.yaml",
                  f'test_cmd: "{sys.executable} -m pytest -q -p no:cacheprovider"\n')
    git(project.root, "init", "-q")
    git(project.root, "add", "-A")
    git(project.root, "commit", "-qm", "base")
    project.write("tests/test_shout.py", "from shout import shout\n\n\ndef test_shout():\n"
                  "    assert shout('hi') == 'HI!'\n")
    project.write("shout.py", "def shout(text):\n    return text\n")
    red = run_gaia("tdd-evidence", "red", "--story", "E1-S1", cwd=project.root)
    assert (red.returncode, red.stdout) == (0, "red: 1 test(s), 0 passed, 1 failed\n")
    green_too_early = run_gaia("tdd-evidence", "green", "--story", "E1-S1", cwd=project.root)
    assert green_too_early.returncode == 1
    assert "finding: red test not passing: tests/test_shout.py::test_shout (failed)" in \
        green_too_early.stdout
    project.write("shout.py", "def shout(text):\n    return text.upper() + '!'\n")
    green = run_gaia("tdd-evidence", "green", "--story", "E1-S1", cwd=project.root)
    assert (green.returncode, green.stdout) == (0, "green: 1 test(s), 1 passed, 0 failed\n")


def test_usage_and_bad_input_are_2(project: Project) -> None:
    for args in ((), ("red",), ("purple", "--story", "E1-S1"), ("red", "--story", "E1-S1;x")):
        result = run_gaia("tdd-evidence", *args, cwd=project.root)
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, args
