from __future__ import annotations

import os
import sys
from pathlib import Path

from helpers.gitrepo import git
from helpers.projects import Project, gaia_env, run_gaia
from helpers.tools import need


def _shout_project(project: Project) -> None:
    """A pytest project in git with story E1-S1 in progress and a new test of `shout`."""
    project.add_story(status="in-progress")
    project.write("pytest.ini", "[pytest]\npythonpath = .\n")
    project.write(".gaia/config/project-config.yaml",
                  f'test_cmd: "{sys.executable} -m pytest -q -p no:cacheprovider"\n')
    git(project.root, "init", "-q")
    git(project.root, "add", "-A")
    git(project.root, "commit", "-qm", "base")
    project.write("tests/test_shout.py", "from shout import shout\n\n\ndef test_shout():\n"
                  "    assert shout('hi') == 'HI!'\n")


def test_red_then_green_as_processes(project: Project) -> None:
    _shout_project(project)
    project.write("shout.py", "def shout(text):\n    return text\n")
    red = run_gaia("tdd-evidence", "red", "--story", "E1-S1", cwd=project.root)
    assert (red.returncode, red.stdout) == (0, "red: 1 test(s), 0 passed, 1 failed\n")
    green_too_early = run_gaia("tdd-evidence", "green", "--story", "E1-S1", cwd=project.root)
    assert green_too_early.returncode == 1
    assert "finding: red test not passing: tests/test_shout.py::test_shout (failed)" in \
        green_too_early.stdout
    project.write("shout.py", "def shout(text):\n    return text.upper() + '!'\n")
    green = run_gaia("tdd-evidence", "green", "--story", "E1-S1", cwd=project.root)
    assert (green.returncode, green.stdout) == (0, "green: 1 test(s), 1 passed, 0 failed\n"), green.stdout
    # a red test skipped at refactor: counted as skipped, not failed, and a finding
    project.write("tests/test_shout.py", "import pytest\nfrom shout import shout\n\n\n"
                  "@pytest.mark.skip\ndef test_shout():\n    assert shout('hi') == 'HI!'\n")
    refactor = run_gaia("tdd-evidence", "refactor", "--story", "E1-S1", cwd=project.root)
    assert refactor.returncode == 1
    assert refactor.stdout.splitlines()[0] == "refactor: 1 test(s), 0 passed, 0 failed, 1 skipped"


def test_a_red_test_already_committed_is_said_to_be_so(project: Project) -> None:
    _shout_project(project)
    project.write("shout.py", "def shout(text):\n    return text\n")
    git(project.root, "add", "-A")
    git(project.root, "commit", "-qm", "the red test, committed first")
    red = run_gaia("tdd-evidence", "red", "--story", "E1-S1", "--tests", "tests/test_shout.py",
                   cwd=project.root)
    assert (red.returncode, red.stderr) == (2, (
        "tdd-evidence: the runner ran 1 test(s) in the named files, and HEAD already has every "
        "one of them: red evidence is for tests not yet committed (record red before "
        "committing a test)\n"))


def test_usage_and_bad_input_are_2(project: Project) -> None:
    for args in ((), ("red",), ("purple", "--story", "E1-S1"), ("red", "--story", "E1-S1;x")):
        result = run_gaia("tdd-evidence", *args, cwd=project.root)
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, args


def test_go_red_is_a_package_that_does_not_build_yet(project: Project) -> None:
    """Go's usual red: the new test calls a function not written yet, so the package does not
    compile. That is red (the test file's tests fail), and green needs it built and passing."""
    need("go", "go is not installed")
    project.add_story(status="in-progress")
    project.write(".gaia/config/project-config.yaml", 'test_cmd: "go test ./..."\n')
    project.write("go.mod", "module example.com/shout\n\ngo 1.19\n")
    project.write("shout.go", "package shout\n")
    git(project.root, "init", "-q")
    git(project.root, "add", "-A")
    git(project.root, "commit", "-qm", "base")
    project.write("shout_test.go", 'package shout\n\nimport "testing"\n\n'
                  "func TestShout(t *testing.T) {\n"
                  '\tif Shout("hi") != "HI!" {\n\t\tt.Fatal("no")\n\t}\n}\n')
    red = run_gaia("tdd-evidence", "red", "--story", "E1-S1", cwd=project.root, timeout=300)
    assert (red.returncode, red.stdout) == (0, "red: 1 test(s), 0 passed, 1 failed\n"), red.stderr
    # the test the failed build ran none of is named, so green must pass it by name
    story = next(project.impl.rglob("E1-S1-*.md")).read_text()
    assert "| `example.com/shout::TestShout` | error | — | — |" in story
    project.write("shout.go", 'package shout\n\nimport "strings"\n\n'
                  'func Shout(s string) string { return strings.ToUpper(s) + "!" }\n')
    green = run_gaia("tdd-evidence", "green", "--story", "E1-S1", cwd=project.root, timeout=300)
    assert (green.returncode, green.stdout) == (0, "green: 1 test(s), 1 passed, 0 failed\n"), green.stdout


def test_a_runner_that_is_not_installed_is_said_so(project: Project) -> None:
    project.add_story(status="in-progress")
    project.write(".gaia/config/project-config.yaml", 'test_cmd: "go test ./..."\n')
    project.write("go.mod", "module example.com/shout\n\ngo 1.19\n")
    project.write("shout_test.go", "package shout\n")
    git(project.root, "init", "-q")
    env = {**gaia_env(project.root), "PATH": "/nonexistent"}
    result = run_gaia("tdd-evidence", "red", "--story", "E1-S1", "--tests", "shout_test.go",
                      cwd=project.root, env=env)
    assert result.returncode == 2
    assert result.stderr.startswith("tdd-evidence: the test runner could not start (go): ")


def test_jest_red_is_a_suite_that_cannot_load_yet_named_relative_to_the_project(
        project: Project) -> None:
    """A new jest test of a module not written yet fails to run at all (jest: 'Test suite
    failed to run'): red, its id the file relative to the project, not jest's absolute path."""
    from helpers.evidence import node_tools

    modules = node_tools()
    project.add_story(status="in-progress")
    project.write(".gaia/config/project-config.yaml",
                  f'test_cmd: "{modules}/.bin/jest"\n')
    project.write("package.json", '{"name": "shout", "private": true}\n')
    git(project.root, "init", "-q")
    git(project.root, "add", "-A")
    git(project.root, "commit", "-qm", "base")
    project.write("src/shout.test.js", 'const { shout } = require("./shout");\n\n'
                  'test("shouts", () => { expect(shout("hi")).toBe("HI!"); });\n')
    red = run_gaia("tdd-evidence", "red", "--story", "E1-S1", cwd=project.root, timeout=300)
    assert (red.returncode, red.stdout) == (0, "red: 1 test(s), 0 passed, 1 failed\n"), red.stderr
    story = next(project.impl.rglob("E1-S1-*.md")).read_text()
    assert "src/shout.test.js::<collection>" in story and str(project.root) not in story
    project.write("src/shout.js", 'exports.shout = (s) => s.toUpperCase() + "!";\n')
    green = run_gaia("tdd-evidence", "green", "--story", "E1-S1", cwd=project.root, timeout=300)
    assert (green.returncode, green.stdout) == (0, "green: 1 test(s), 1 passed, 0 failed\n")
    assert "src/shout.test.js::shouts" in next(project.impl.rglob("E1-S1-*.md")).read_text()


def test_a_runner_an_npm_script_names_but_that_is_not_installed_is_named(
        project: Project) -> None:
    need("npm", "npm is not installed")
    project.add_story(status="in-progress")
    project.write(".gaia/config/project-config.yaml", 'test_cmd: "npm test"\n')
    project.write("package.json", '{"name": "p", "private": true, '
                  '"scripts": {"test": "jest"}}\n')
    project.write("src/a.test.js", 'test("a", () => {});\n')
    git(project.root, "init", "-q")
    env = gaia_env(project.root)
    env["PATH"] = os.pathsep.join(d for d in env["PATH"].split(os.pathsep)
                                  if not (Path(d) / "jest").exists())  # none but the project's
    result = run_gaia("tdd-evidence", "red", "--story", "E1-S1", "--tests", "src/a.test.js",
                      cwd=project.root, env=env, timeout=300)
    assert result.returncode == 2
    assert result.stderr.startswith("tdd-evidence: the test runner could not start (npm): ")
    assert "jest" in result.stderr and len(result.stderr.splitlines()) == 1


def test_bats_red_then_green(project: Project) -> None:
    """bats' TAP names a failed test's file only: red (failing) and green (passing) still
    speak of the same test."""
    need("bats", "bats is not installed")
    project.add_story(status="in-progress")
    project.write(".gaia/config/project-config.yaml",
                  'project:\n  stack: bash-dev\ntest_cmd: "bats test"\n')
    project.write("shout.bash", "shout() { echo \"$1\"; }\n")
    git(project.root, "init", "-q")
    git(project.root, "add", "-A")
    git(project.root, "commit", "-qm", "base")
    project.write("test/shout.bats", 'load ../shout\n\n@test "shout adds a bang" {\n'
                  '  run shout hi\n  [ "$output" = "hi!" ]\n}\n')
    red = run_gaia("tdd-evidence", "red", "--story", "E1-S1", cwd=project.root, timeout=120)
    assert (red.returncode, red.stdout) == (0, "red: 1 test(s), 0 passed, 1 failed\n"), red.stderr
    project.write("shout.bash", "shout() { echo \"$1!\"; }\n")
    green = run_gaia("tdd-evidence", "green", "--story", "E1-S1", cwd=project.root, timeout=120)
    assert (green.returncode, green.stdout) == (0, "green: 1 test(s), 1 passed, 0 failed\n"), \
        green.stdout


def test_a_test_weakened_after_its_red_cannot_be_reseen_failing_silently(
        project: Project) -> None:
    """The red held; the test is then weakened and run at red again with the implementation
    stashed (it fails on the missing function, whatever it asserts): that red keeps the first
    one's record, so green still holds the test to it; `--again` re-records it, visibly."""
    _shout_project(project)
    project.write("shout.py", "def other():\n    pass\n")
    red = run_gaia("tdd-evidence", "red", "--story", "E1-S1", cwd=project.root)
    assert red.returncode == 0, red.stdout
    project.write("tests/test_shout.py", "from shout import shout\n\n\ndef test_shout():\n"
                  "    assert shout('hi') is None or True\n")
    again = run_gaia("tdd-evidence", "red", "--story", "E1-S1", cwd=project.root)
    assert again.returncode == 1
    assert again.stdout.splitlines()[1].startswith(
        "finding: test changed since its recorded red: tests/test_shout.py::test_shout: ")
    project.write("shout.py", "def shout(text):\n    return None\n")  # the stub
    green = run_gaia("tdd-evidence", "green", "--story", "E1-S1", cwd=project.root)
    assert green.returncode == 1
    assert "finding: test changed since red: tests/test_shout.py::test_shout" in green.stdout
    # deliberately re-recorded: allowed, and the story's evidence table says so
    project.write("shout.py", "def other():\n    pass\n")
    rerecorded = run_gaia("tdd-evidence", "red", "--story", "E1-S1", "--again",
                          cwd=project.root)
    assert rerecorded.returncode == 0, rerecorded.stdout
    story = next(project.impl.rglob("E1-S1-*.md")).read_text()
    # (its red is its file's: the module failed to import the function not written yet)
    assert "| `tests/test_shout.py::<collection>` | error (red again: changed after its first " \
           "red) |" in story
