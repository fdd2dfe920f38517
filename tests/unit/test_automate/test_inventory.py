from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from gaia_lib.stacks import adapters as stacks
from gaia_lib.test_automate import inventory


def test_parse_pytest_jest_vitest_go(tmp_path: Path) -> None:
    assert inventory.parse_listing("pytest", "tests/test_a.py::test_x\ntests/test_a.py::T::test_y\n\n2 tests collected in 0.01s\n", tmp_path) == (
        "tests/test_a.py::T::test_y", "tests/test_a.py::test_x")
    assert inventory.parse_listing("jest", f"{tmp_path}/src/a.test.ts\n/elsewhere/b.test.ts\n", tmp_path) == ("src/a.test.ts",)
    assert inventory.parse_listing("vitest", "src/a.test.ts > cart > adds\nnoise\n", tmp_path) == ("src/a.test.ts > cart > adds",)
    assert inventory.parse_listing("go", "TestAdd\nExampleX\nok  \tpkg\t0.01s\n", tmp_path) == ("ExampleX", "TestAdd")


@pytest.fixture()
def pytest_on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "pytest"
    shim.write_text(f"#!/bin/sh\nexec {sys.executable} -m pytest -p no:cacheprovider \"$@\"\n")
    shim.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")


def test_real_pytest_collect_only_lists_without_running(tmp_path: Path, pytest_on_path: None) -> None:
    project = tmp_path / "p"
    (project / "tests").mkdir(parents=True)
    marker = project / "ran"
    (project / "tests/test_a.py").write_text(
        f"def test_one():\n    open({str(marker)!r}, 'w').close()\n\n\ndef test_two():\n    pass\n")
    found = inventory.listing(stacks.get("python-dev"), project)
    assert found.status == "listed"
    assert found.tests == ("tests/test_a.py::test_one", "tests/test_a.py::test_two")
    assert not marker.exists()  # listed, never executed


def test_a_broken_suite_is_errored_with_its_reason(tmp_path: Path, pytest_on_path: None) -> None:
    project = tmp_path / "p"
    (project / "tests").mkdir(parents=True)
    (project / "tests/test_bad.py").write_text("import nonexistent_module_xyz\n")
    found = inventory.listing(stacks.get("python-dev"), project)
    assert found.status == "errored" and "exited" in found.reason


def test_no_runner_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    found = inventory.listing(stacks.get("go-dev"), tmp_path)
    assert (found.status, found.reason) == ("skipped", "no listing runner available (tried: go)")
