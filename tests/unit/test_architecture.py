"""The import contracts in pyproject.toml hold on the tree, and each one catches its violation.

Each violation is planted in a copy of `scripts/gaia_lib`, and `lint-imports` must fail naming
the broken contract: a contract that cannot fail would guard nothing.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.projects import REPO_ROOT

LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
WORKFLOWS = "Workflows never import each other"
CYCLES = "No import cycles"
LAYERS = "Layers point one way, from cli down to core"
HOOK = "The edit hook's entry reaches only the checkpoint path and core"


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"], cwd=root, env={"PYTHONPATH": str(root / "scripts"),
                                                          "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=120,
    )


def _broken(output: str) -> set[str]:
    names = (WORKFLOWS, CYCLES, LAYERS, HOOK)
    return {n for n in names for line in output.splitlines() if line.startswith(n) and "BROKEN" in line}


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    shutil.copytree(REPO_ROOT / "scripts" / "gaia_lib", tmp_path / "scripts" / "gaia_lib",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO_ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def _plant(tree: Path, module: str, line: str) -> None:
    path = tree / "scripts" / "gaia_lib" / module
    path.write_text(path.read_text() + f"\n{line}\n")


def test_the_tree_keeps_every_contract(tree: Path) -> None:
    done = _lint(tree)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 kept, 0 broken" in done.stdout


def test_a_workflow_importing_another_workflow_is_caught(tree: Path) -> None:
    _plant(tree, "dev_story/__init__.py", "from gaia_lib.review_qa import phases  # noqa")
    done = _lint(tree)
    assert done.returncode != 0
    assert WORKFLOWS in _broken(done.stdout)  # the layers contract agrees: siblings are separate
    assert CYCLES not in _broken(done.stdout)


def test_a_lower_layer_importing_a_higher_one_is_caught(tree: Path) -> None:
    _plant(tree, "story/resolve.py", "from gaia_lib.gate import verdict  # noqa")
    done = _lint(tree)
    assert done.returncode != 0
    assert LAYERS in _broken(done.stdout)
    assert "gaia_lib.story is not allowed to import gaia_lib.gate" in done.stdout


def test_a_cycle_inside_a_package_is_caught(tree: Path) -> None:
    # keys <- writes is legal on its own; writes <- keys closes a cycle inside core.
    _plant(tree, "core/keys.py", "from gaia_lib.core import writes  # noqa")
    _plant(tree, "core/writes.py", "from gaia_lib.core import keys  # noqa")
    done = _lint(tree)
    assert done.returncode != 0
    assert _broken(done.stdout) == {CYCLES}


def test_the_hook_reaching_the_story_parser_is_caught(tree: Path) -> None:
    _plant(tree, "checkpoint/hookio.py", "from gaia_lib.story import parser  # noqa")
    done = _lint(tree)
    assert done.returncode != 0
    assert HOOK in _broken(done.stdout)
