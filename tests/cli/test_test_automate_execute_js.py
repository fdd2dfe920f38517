"""The execution phase on a JavaScript project: real jest (npm-installed once into the shared
test cache), its lcov coverage report, and the SUT-mocking check for `jest.mock`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_lib.test_automate.plan import ProposedTest
from helpers import ta_project as ta
from helpers.evidence import node_tools
from helpers.projects import Project, run_gaia

KEY = "E2-S1"
TEST_FILE = "tests/cart-empty.test.js"
CONFIG = """project:
  stack: typescript-dev
test_execution:
  coverage_command: node_modules/.bin/jest --ci --coverage --coverageReporters=lcov
  tier_1:
    placement: [local]
    command: node_modules/.bin/jest --ci
    timeout_seconds: 120
"""
SOURCE = """function total(items) {
  if (items.length === 0) {
    return 0;
  }
  return items.reduce((sum, item) => sum + item, 0);
}

module.exports = { total };
"""
EXISTING = """const { total } = require("../src/cart");

test("AC1: sums the items", () => {
  expect(total([1, 2])).toBe(3);
});
"""
GOOD = """const { total } = require("../src/cart");

test("AC2: an empty cart totals zero", () => {
  expect(total([])).toBe(0);
});
"""
MOCKING = """jest.mock("../src/cart", () => ({ total: () => 0 }));
const { total } = require("../src/cart");

test("AC2: an empty cart totals zero", () => {
  expect(total([])).toBe(0);
});
"""
ACS = ("- [ ] **AC1:** Given items, when totalled, then the sum is returned.\n"
       "- [ ] **AC2:** Given an empty cart, when totalled, then the total is 0.\n")


@pytest.fixture
def js(project: Project) -> Project:
    root = project.root
    project.write(".gaia/config/project-config.yaml", CONFIG)
    project.write(".gaia/artifacts/test-artifacts/test-environment.yaml",
                  "tier_directories:\n  - tests\n")
    project.write("package.json", '{"name": "cart", "private": true}\n')
    project.write("src/cart.js", SOURCE)
    project.write("src/cart.test.js", EXISTING.replace("../src/cart", "./cart"))
    (root / "node_modules").symlink_to(node_tools(), target_is_directory=True)
    project.add_story(KEY, acs=ACS, file_list=["src/cart.js", "src/cart.test.js"])
    ta.write_plan(root, key=KEY, sources=("src/cart.js",), tests=(
        ProposedTest(TEST_FILE, "AC2: an empty cart totals zero", "AC2", "unit", "src/cart.js",
                     "total"),))
    return project


def _steps(root: Path, text: str) -> dict[str, object]:
    done = run_gaia("test-automate-execute", KEY, "preflight", cwd=root, timeout=300)
    assert done.returncode == 0, done.stderr
    baseline = json.loads(done.stdout)["baseline"]
    assert (baseline["ok"], baseline["format"]) == (True, "lcov"), baseline
    (root / TEST_FILE).parent.mkdir(exist_ok=True)
    (root / TEST_FILE).write_text(text)
    done = run_gaia("test-automate-execute", KEY, "verify", cwd=root, timeout=300)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_jest_tests_that_grow_lcov_coverage_are_approved(js: Project) -> None:
    result = _steps(js.root, GOOD)
    assert result["verdict"] == "APPROVE", result
    coverage = result["coverage"]
    assert isinstance(coverage, dict) and coverage["delta"]["coverage_delta"] > 0
    assert (js.root / ".gaia/state/test-automate" / KEY / "execution/coverage-current.lcov"
            ).read_text().startswith("TN:")


def test_jest_mock_of_the_module_under_test_requests_changes(js: Project) -> None:
    result = _steps(js.root, MOCKING)
    assert result["verdict"] == "REQUEST_CHANGES"
    inspection = result["inspection"]
    assert isinstance(inspection, dict)
    assert inspection["sut_mocks"] == [{"file": TEST_FILE, "line": 1, "pattern": "jest.mock",
                                        "target": "src/cart.js"}]
