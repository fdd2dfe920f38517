"""The listing commands of Phase 3A run for real, per stack: jest --listTests and vitest list
(npm-installed once into the shared test cache, tests/helpers/evidence.py), go test -list and
bats --count. Each project's tests would fail if they ran: a listing must never run them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gaia_lib.stacks import adapters as stacks
from gaia_lib.test_automate import inventory
from helpers.evidence import node_tools
from helpers.tools import need

JEST_TEST = ('const { add } = require("./sum");\n'
             'test("adds", () => { require("fs").writeFileSync("ran", ""); '
             'expect(add(1, 2)).toBe(3); });\n')
VITEST_TEST = ('import { describe, it, expect } from "vitest";\n'
               'import { writeFileSync } from "node:fs";\n'
               'describe("cart", () => {\n'
               '  it("adds an item", () => { writeFileSync("ran", ""); expect(1).toBe(1); });\n'
               '  it("removes an item", () => { expect(2).toBe(2); });\n'
               '});\n')
GO_TEST = ('package calc\n\nimport (\n\t"os"\n\t"testing"\n)\n\n'
           'func TestAdd(t *testing.T) {\n\tos.WriteFile("ran", nil, 0o644)\n}\n\n'
           'func TestSub(t *testing.T) {}\n')
BATS_TEST = ('#!/usr/bin/env bats\n\n@test "greets by name" {\n  touch ran\n}\n\n'
             '@test "refuses an empty name" {\n  true\n}\n')


def _project(tmp_path: Path, files: dict[str, str], node: bool = False) -> Path:
    root = tmp_path / "p"
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    if node:
        (root / "node_modules").symlink_to(node_tools(), target_is_directory=True)
    return root


@pytest.fixture
def no_global_node_runners(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the project's node_modules/.bin may provide jest / vitest (as in a real project)."""
    monkeypatch.setenv("PATH", os.pathsep.join(
        d for d in os.environ.get("PATH", "").split(os.pathsep)
        if not (Path(d) / "jest").exists() and not (Path(d) / "vitest").exists()))


def test_jest_list_tests(tmp_path: Path, no_global_node_runners: None) -> None:
    root = _project(tmp_path, {"package.json": '{"name": "p", "private": true}\n',
                               "src/sum.js": "module.exports.add = (a, b) => a + b;\n",
                               "src/sum.test.js": JEST_TEST}, node=True)
    found = inventory.listing(stacks.get("angular-dev"), root)  # jest first
    assert (found.status, found.tests) == ("listed", ("src/sum.test.js",)), found.reason
    assert Path(found.command[0]).name == "jest" and found.command[1:] == ("--listTests",)
    assert not (root / "ran").exists()


def test_vitest_list(tmp_path: Path, no_global_node_runners: None) -> None:
    root = _project(tmp_path, {"package.json": '{"name": "p", "private": true, '
                                               '"type": "module"}\n',
                               "src/cart.test.js": VITEST_TEST}, node=True)
    adapter = stacks.get("typescript-dev")
    vitest_only = stacks.StackAdapter(**{**adapter.__dict__, "runners": tuple(
        r for r in adapter.runners if r.tool == "vitest")})
    found = inventory.listing(vitest_only, root)
    assert found.status == "listed", found.reason
    assert found.tests == ("src/cart.test.js > cart > adds an item",
                           "src/cart.test.js > cart > removes an item")
    assert not (root / "ran").exists()


def test_go_test_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    need("go", "go is not installed")
    monkeypatch.setenv("GOFLAGS", "-mod=mod")
    monkeypatch.setenv("GOTOOLCHAIN", "local")
    root = _project(tmp_path, {"go.mod": "module example.com/calc\n\ngo 1.19\n",
                               "calc.go": "package calc\n",
                               "calc_test.go": GO_TEST})
    found = inventory.listing(stacks.get("go-dev"), root)
    assert (found.status, found.tests) == ("listed", ("TestAdd", "TestSub")), found.reason
    assert not (root / "ran").exists()


def test_bats_count_and_names(tmp_path: Path) -> None:
    need("bats", "bats is not installed")
    root = _project(tmp_path, {"test/greet.bats": BATS_TEST})
    found = inventory.listing(stacks.get("bash-dev"), root)
    assert (found.status, found.reason) == ("listed", "")
    assert found.command[1:] == ("--count", "-r", ".")
    assert found.tests == ("test/greet.bats::greets by name",
                           "test/greet.bats::refuses an empty name")
    assert not (root / "ran").exists() and not (root / "test" / "ran").exists()


def test_bats_count_that_differs_from_the_names_is_said(tmp_path: Path) -> None:
    """`bats -r .` also counts vendored suites under node_modules, which the ids leave out."""
    need("bats", "bats is not installed")
    root = _project(tmp_path, {"test/greet.bats": BATS_TEST,
                               "node_modules/x/vendored.bats": BATS_TEST})
    found = inventory.listing(stacks.get("bash-dev"), root)
    assert (found.status, len(found.tests)) == ("listed", 2)
    assert found.reason == "bats counted 4, 2 @test names found"
