"""`gaia qa-test-runner`: upstream's flags, the evidence file, silence on success, exit codes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from helpers.projects import Project, run_gaia

PY = sys.executable
CONFIG = f"""test_execution:
  tier_1:
    placement: [local]
    command: {PY} -m pytest -q -p no:cacheprovider tests
    timeout_seconds: 120
"""


def _project(project: Project, body: str) -> Path:
    project.write("tests/test_signup.py", f"def test_ac1_signup():\n    {body}\n")
    project.write("tests/test_other.py", "def test_other():\n    assert False\n")
    project.write("conftest.py", "")
    project.add_story("E1-S1", file_list=["tests/test_signup.py"])
    config = project.write(".gaia/config/project-config.yaml", CONFIG)
    (project.root / "work").mkdir()
    return config


def _runner(project: Project, *extra: str) -> tuple[int, str, str, dict[str, object] | None]:
    done = run_gaia("qa-test-runner", "--story-key", "E1-S1", "--workdir", "work",
                    "--config", ".gaia/config/project-config.yaml", *extra, cwd=project.root)
    target = project.root / "work" / "execution-evidence.json"
    evidence = json.loads(target.read_text()) if target.is_file() else None
    return done.returncode, done.stdout, done.stderr, evidence


def test_story_scoped_local_run_writes_evidence_and_says_nothing(project: Project) -> None:
    _project(project, "assert True")
    story = next(project.impl.rglob("E1-S1-*.md"))
    code, out, err, evidence = _runner(project, "--story-file", str(story))
    assert (code, out, err) == (0, "", "")
    assert evidence is not None and evidence["context"] == "local"
    suite = evidence["suites"][0]  # type: ignore[index]
    assert (suite["pass_count"], suite["fail_count"], suite["exit_code"]) == (1, 0, 0)


def test_failing_tests_are_data_not_an_exit_code(project: Project) -> None:
    _project(project, "assert False")
    code, _, _, evidence = _runner(project)  # whole tier: both files, both fail
    assert code == 0 and evidence is not None
    suite = evidence["suites"][0]  # type: ignore[index]
    assert suite["fail_count"] == 2 and suite["exit_code"] != 0


def test_a_context_without_tiers_is_skipped(project: Project) -> None:
    _project(project, "assert True")
    code, _, _, evidence = _runner(project, "--context", "ci_post_merge")
    assert code == 0 and evidence is not None
    assert evidence["skipped"] is True and evidence["suites"] == []


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--story-key", "E1-S1", "--workdir", "work"], "--story-key, --workdir and --config"),
        (["--story-key", "../x", "--workdir", "work", "--config", "c.yaml"],
         "invalid story key '../x'"),
        (["--story-key", "E1-S1", "--workdir", "c.yaml", "--config", "cfg.yaml"],
         "--workdir c.yaml: cannot make the directory"),
        (["--story-key", "E1-S1", "--workdir", "work", "--config", "typo.yaml"],
         "--config typo.yaml: no such file"),
        (["--story-key", "E1-S1", "--workdir", "work", "--config", "c.yaml", "--bogus"],
         "unrecognized arguments: --bogus"),
    ],
)
def test_caller_errors_exit_1_in_one_line(project: Project, argv: list[str], message: str) -> None:
    (project.root / "work").mkdir()
    project.write("c.yaml", "test_execution: [\n")
    project.write("cfg.yaml", "test_execution: {}\n")
    done = run_gaia("qa-test-runner", *argv, cwd=project.root)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.startswith(f"qa-test-runner: {message}") and done.stderr.count("\n") == 1
    assert not (project.root / "work" / "execution-evidence.json").exists()


def test_a_malformed_config_is_a_caller_error(project: Project) -> None:
    (project.root / "work").mkdir()
    project.write("c.yaml", "test_execution: [\n")
    done = run_gaia("qa-test-runner", "--story-key", "E1-S1", "--workdir", "work", "--config",
                    "c.yaml", cwd=project.root)
    assert done.returncode == 1 and done.stderr.startswith("qa-test-runner: ")


def test_a_fresh_workdir_is_made(project: Project) -> None:
    """Upstream makes --workdir: a first run names the evidence directory of a new story."""
    _project(project, "assert True")
    done = run_gaia("qa-test-runner", "--story-key", "E1-S1", "--workdir", "fresh/qa/E1-S1",
                    "--config", ".gaia/config/project-config.yaml", cwd=project.root)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert (project.root / "fresh/qa/E1-S1/execution-evidence.json").is_file()
