"""A Python project whose story has an approved test-automate plan for its uncovered AC.

Story E1-S1 (review): AC1 `add` is tested, AC2 `divide` by zero is not. The plan (built with
`gaia_lib.test_automate.plan`, approved, its PASSED record in the plan-id ledger) proposes
`tests/test_divide.py`, the only allowlisted tier directory is `tests/`, and the project's
coverage command is coverage.py over `app/` written as coverage.json. Tests then "write" the
planned test themselves (GOOD_TEST, PLACEHOLDER_TEST, ...) and run the execution steps.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from gaia_lib.core import writes
from gaia_lib.gate import ledger, reports
from gaia_lib.story.parser import load_story
from gaia_lib.test_automate import plan as plans
from helpers.projects import Project

PY = sys.executable
KEY = "E1-S1"
TEST_FILE = "tests/test_divide.py"

CONFIG = f"""project:
  stack: python-dev
test_execution:
  coverage_command: {PY} -m coverage run --branch --source=app -m pytest -q -p no:cacheprovider tests && {PY} -m coverage json -q -o coverage.json
  tier_1:
    placement: [local, ci_pre_merge]
    command: {PY} -m pytest -q -p no:cacheprovider
    timeout_seconds: 120
"""

SOURCE = '''def add(a, b):
    return a + b


def divide(a, b):
    if b == 0:
        raise ValueError("division by zero")
    result = a / b
    return result
'''

EXISTING_TEST = '''from app.calc import add


def test_ac1_add_returns_the_sum():
    assert add(2, 3) == 5
'''

ACS = (
    "- [ ] **AC1:** Given two numbers, when they are added, then the sum is returned.\n"
    "- [ ] **AC2:** Given a zero divisor, when dividing, then ValueError is raised.\n"
)

GOOD_TEST = '''import pytest

from app.calc import divide


def test_ac2_divide_by_zero_raises():
    with pytest.raises(ValueError):
        divide(1, 0)


def test_ac2_divide_returns_the_quotient():
    assert divide(6, 3) == 2
'''

PLACEHOLDER_TEST = '''def test_ac2_divide_by_zero_raises():
    assert True
'''

SUT_MOCK_TEST = '''from app import calc


def test_ac2_divide_by_zero_raises(monkeypatch):
    monkeypatch.setattr(calc, "divide", lambda a, b: "mocked")
    assert calc.divide(1, 0) == "mocked"
'''

FAILING_TEST = '''from app.calc import divide


def test_ac2_divide_by_zero_raises():
    assert divide(1, 0) == 0
'''

NO_NEW_COVERAGE_TEST = '''from app.calc import add


def test_ac1_add_again():
    assert add(1, 1) == 2
'''


def plan_path(root: Path) -> Path:
    return reports.test_artifact_write_path(root, plans.GATE, KEY)


def write_plan(root: Path, *, tests: tuple[plans.ProposedTest, ...] | None = None,
               approve: bool = True, ledger_verdict: str | None = "PASSED",
               sources: tuple[str, ...] = ("app/calc.py",), key: str = KEY) -> plans.Plan:
    """Write (and approve) the plan and record its ledger verdict, as the planning phase does."""
    proposed = tests if tests is not None else (
        plans.ProposedTest(TEST_FILE, "test_ac2_divide_by_zero_raises", "AC2", "unit",
                           "app/calc.py", "divide"),)
    story = next((root / ".gaia/artifacts/implementation-artifacts").rglob(f"{key}-*.md"), None)
    criteria = {ac.ac_id: ac.text for ac in load_story(story).acceptance_criteria} if story else {}
    acceptance = tuple(plans.Source(ac, plans.ac_digest(criteria[ac]))
                       for ac in sorted({t.ac for t in proposed} & set(criteria)))
    with writes.scope("parent", root):
        path = reports.test_artifact_write_path(root, plans.GATE, key)
        made = plans.write(path, plans.Plan(
            key, plans.sources(root, list(sources)), proposed,
            narrative="Cover AC2: divide by zero.", acceptance=acceptance), root)
        if approve:
            made = plans.approve(path, "PASSED", made.plan_id, root)
        if ledger_verdict:
            ledger.append_verdict(ledger.ledger_for(root, None), key, plans.GATE, made.plan_id,
                                  ledger_verdict)
    return made


def make_ta_project(project: Project, monkeypatch: pytest.MonkeyPatch) -> Project:
    monkeypatch.setenv("PATH", f"{Path(PY).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    for var in [v for v in os.environ if v.startswith("COVERAGE_")]:
        monkeypatch.delenv(var)  # a measured outer run must not mix its data into the project's
    root = project.root
    project.write(".gaia/config/project-config.yaml", CONFIG)
    project.write(".gaia/artifacts/test-artifacts/test-environment.yaml",
                  "tier_directories:\n  - tests\n")
    project.write("app/__init__.py", "")
    project.write("app/calc.py", SOURCE)
    project.write("tests/test_calc.py", EXISTING_TEST)
    project.write("conftest.py", "")
    project.add_story(KEY, acs=ACS, file_list=["app/calc.py", "tests/test_calc.py"])
    write_plan(root)
    return project
