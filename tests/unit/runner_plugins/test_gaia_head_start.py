"""The head start's launcher: when it may run the run it is handed in its own process."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gaia_lib.evidence import attribution

sys.path.insert(0, str(attribution.PLUGIN_DIR))
import gaia_head_start

PY = sys.executable
STARTED = {"PATH": "/usr/bin", "PYTHONPATH": "/plugin:/src", "LANG": "C.UTF-8",
           gaia_head_start.TREE_MARK: "ab12"}


def _go(argv: list[str] | None = None, cwd: str = "/proj", **env: str) -> dict[str, object]:
    handed = {k: v for k, v in STARTED.items() if k != gaia_head_start.TREE_MARK}
    return {"argv": argv or [PY, "-m", "pytest", "-q"], "cwd": cwd, "env": {**handed, **env}}


@pytest.mark.parametrize("go", [
    _go(),
    # what shapes no Python's start: where it looks for programs, the plugin's own settings
    _go(PATH="/proj/node_modules/.bin:/usr/bin", GAIA_COVERAGE_REPORT="/x/cov.json"),
])
def test_a_run_started_as_this_one_was_is_taken_over(go: dict[str, object]) -> None:
    assert gaia_head_start.takes_over(PY, STARTED, "/proj", go)


@pytest.mark.parametrize("go", [
    _go([PY, "-m", "pytest_other"]),
    _go([PY, "-c", "import pytest"]),
    _go(["/other/python", "-m", "pytest"]),
    _go(cwd="/proj/sub"),
    _go(PYTHONPATH="/plugin"),  # sys.path is fixed as a Python starts
    _go(PYTHONHASHSEED="0"),
    _go(LANG="C"),  # the locale decides the streams' encoding at start
])
def test_a_run_that_would_start_otherwise_is_not(go: dict[str, object]) -> None:
    assert not gaia_head_start.takes_over(PY, STARTED, "/proj", go)


def test_a_bare_python_name_is_the_same_only_if_both_paths_find_the_same_file() -> None:
    name, where = Path(PY).name, str(Path(PY).parent)
    assert gaia_head_start.takes_over(name, {"PATH": where}, "/p", {
        "argv": [name, "-m", "pytest"], "cwd": "/p", "env": {"PATH": f"{where}:/bin"}})
    assert not gaia_head_start.takes_over(name, {"PATH": where}, "/p", {
        "argv": [name, "-m", "pytest"], "cwd": "/p", "env": {"PATH": "/nowhere"}})
