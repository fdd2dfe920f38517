from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.projects import Project, gaia_env, run_gaia

ACS = (
    "- [ ] AC1: Given two numbers, when added, then the sum is returned.\n"
    "- [ ] AC2: Given a zero divisor, when dividing, then ValueError is raised.\n"
)


def test_status_add_scenario_scaffold_round_trip(project: Project) -> None:
    story = project.add_story("E2-S1", acs=ACS)
    status = run_gaia("test-automate", "E2-S1", "--status", cwd=project.root)
    assert status.returncode == 0 and status.stderr == ""
    assert "Summary: 0/2 generated (0%) | 2 pending automation" in status.stdout
    added = run_gaia("test-automate", "E2-S1", "--add-scenario", "--description", "huge numbers",
                     "--tier", "unit", "--priority", "P1", cwd=project.root)
    assert (added.returncode, added.stdout) == (0, "CS-001\n")
    status = run_gaia("test-automate", "E2-S1", "--status", cwd=project.root)
    assert status.stdout.endswith("Custom scenarios:\nCS-001  unit  huge numbers\n")
    before = story.read_bytes()
    scaffolded = run_gaia("test-automate", "E2-S1", "--scaffold", "--stack", "python-dev",
                          cwd=project.root)
    assert scaffolded.returncode == 0, scaffolded.stderr
    assert scaffolded.stdout.splitlines()[-2:] == [
        "scaffold: 2 skeleton(s) generated for E2-S1 under tests",
        "scaffold: review gate not updated (skeleton-only output is not coverage)"]
    assert story.read_bytes() == before
    assert "| Test Automation | UNVERIFIED |" in story.read_text()


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["E2-S1"], 2, "one of --status"),
        (["E2-S1", "--status", "--bogus"], 2, "unrecognized arguments: --bogus"),
        (["E9-S9", "--status"], 1, "E9-S9"),
        (["../x", "--status"], 1, "invalid story key"),
        (["E2-S1", "--add-scenario", "--tier", "unit", "--priority", "P1"], 1, "--description"),
        (["E2-S1", "--scaffold", "--stack", "cobol"], 2, "unsupported --stack"),
    ],
)
def test_errors_are_one_line_with_their_code(project: Project, args: list[str], code: int,
                                             words: str) -> None:
    project.add_story("E2-S1", acs=ACS)
    done = run_gaia("test-automate", *args, cwd=project.root)
    assert done.returncode == code
    assert done.stderr.count("\n") == 1 and words in done.stderr
    assert done.stderr.startswith("test-automate: ")


def test_review_qa_never_writes_the_scenario_index(project: Project) -> None:
    story = project.add_story("E2-S1", acs=ACS)
    run_gaia("test-automate", "E2-S1", "--add-scenario", "--description", "d", "--tier", "unit",
             "--priority", "P1", cwd=project.root)
    index = project.root / "custom" / "test-scenarios" / "index.yaml"
    before = index.read_bytes()
    (project.root / "src/app").mkdir(parents=True)
    (project.root / "src/app/signup.py").write_text("def f():\n    return 1\n")
    review = run_gaia("review-qa", "E2-S1", "--project", str(project.root), cwd=project.root)
    assert review.returncode in (0, 1, 3), review.stderr
    assert index.read_bytes() == before
    assert story.exists()


def _coverage_json(root: Path, tests: str, out: str) -> Path:
    # The data file is named and the caller's coverage settings dropped: a COVERAGE_FILE or
    # COVERAGE_PROCESS_START inherited from a measured test run must not mix in its data.
    env = {k: v for k, v in os.environ.items() if not k.startswith("COVERAGE_")}
    env["PYTHONPATH"] = str(root)
    data = str(root / f"{out}.data")
    subprocess.run([sys.executable, "-m", "coverage", "run", f"--data-file={data}", "--branch",
                    "-m", "pytest", "-q", "-p", "no:cacheprovider", tests], cwd=root, env=env,
                   check=True, capture_output=True)
    subprocess.run([sys.executable, "-m", "coverage", "json", f"--data-file={data}", "-q",
                    "-o", out], cwd=root, env=env, check=True)
    return root / out


def test_coverage_delta_on_real_coverage_reports(tmp_path: Path) -> None:
    (tmp_path / "calc.py").write_text(
        "def add(a, b):\n    return a + b\n\n\ndef div(a, b):\n"
        "    if b == 0:\n        raise ValueError('zero')\n    return a / b\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests/test_add.py").write_text(
        "from calc import add\n\n\ndef test_add():\n    assert add(1, 2) == 3\n")
    base = _coverage_json(tmp_path, "tests", "before.json")
    (tmp_path / "tests/test_div.py").write_text(
        "import pytest\nfrom calc import div\n\n\ndef test_div_zero():\n"
        "    with pytest.raises(ValueError):\n        div(1, 0)\n")
    cur = _coverage_json(tmp_path, "tests", "after.json")
    assert set(json.loads(base.read_text())["files"]) == {"calc.py", "tests/test_add.py"}
    done = run_gaia("coverage-delta", "--baseline", str(base), "--current", str(cur),
                    cwd=tmp_path, env=gaia_env())
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["coverage_delta"] > 0 and result["current"] > result["baseline"]
    bad = run_gaia("coverage-delta", "--baseline", str(tmp_path / "calc.py"), "--current",
                   str(cur), cwd=tmp_path, env=gaia_env())
    assert bad.returncode == 1 and bad.stderr.startswith("coverage-delta: ")
    missing = run_gaia("coverage-delta", "--baseline", str(base), cwd=tmp_path, env=gaia_env())
    assert missing.returncode == 1 and "--current" in missing.stderr


def test_test_env_allowlist_command(project: Project) -> None:
    env = project.root / ".gaia/artifacts/test-artifacts/test-environment.yaml"
    env.parent.mkdir(parents=True)
    env.write_text("tier_directories:\n  - tests/unit\n  - e2e\n")
    done = run_gaia("test-env-allowlist", cwd=project.root)
    assert (done.returncode, done.stdout) == (0, "e2e\ntests/unit\n")
    env.write_text("nothing: here\n")
    empty = run_gaia("test-env-allowlist", "--test-env", str(env), cwd=project.root)
    assert empty.returncode == 1 and "no tier directories found" in empty.stderr
