"""Run the real test and coverage tools on the example projects in tests/fixtures/evidence."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from gaia_lib.core.proc import run_tool
from helpers.tools import cache_lock, need, unavailable

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "evidence"
SAMPLES = FIXTURES / "samples"
NODE_TOOLS = Path(os.environ.get("GAIA_TEST_NODE_CACHE", Path.home() / ".cache/gaia-tests/node"))
NODE_PACKAGES = ("jest@29.7.0", "vitest@2.1.9", "bats@1.11.1")


def sample(name: str) -> bytes:
    return (SAMPLES / name).read_bytes()


def copy_project(name: str, tmp_path: Path) -> Path:
    target = tmp_path / name
    shutil.copytree(FIXTURES / name, target)
    return target


def run_python_project(tmp_path: Path) -> Path:
    """pytest --junitxml under coverage.py --branch, then json / lcov / xml reports."""
    root = copy_project("python", tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("COV_", "PYTEST_"))}
    env["PYTHONPATH"] = str(root)
    steps = [
        ["-m", "coverage", "run", "--branch", "--data-file=.cov", "-m", "pytest", "-q",
         "-p", "no:cacheprovider", "-p", "no:randomly", "--junitxml=junit.xml",
         "tests/checks_parse.py"],
        ["-m", "coverage", "json", "--data-file=.cov", "-o", "cov.json"],
        ["-m", "coverage", "lcov", "--data-file=.cov", "-o", "cov.info"],
        ["-m", "coverage", "xml", "--data-file=.cov", "-o", "cov.xml"],
    ]
    for step in steps:
        result = run_tool([sys.executable, *step], cwd=root, env=env, timeout=120)
        assert result.returncode in (0, 1), result.stderr + result.stdout
    return root


def node_tools() -> Path:
    """node_modules with jest, vitest and bats, installed once into a cache outside the repo."""
    modules = NODE_TOOLS / "node_modules"

    def ready() -> bool:
        return all((modules / p.split("@")[0]).is_dir() for p in NODE_PACKAGES)

    if ready():
        return modules
    npm = need("npm", "npm is not installed")
    with cache_lock(NODE_TOOLS.with_name(NODE_TOOLS.name + ".lock")):
        if ready():  # another test process installed them while this one waited
            return modules
        NODE_TOOLS.mkdir(parents=True, exist_ok=True)
        if not (NODE_TOOLS / "package.json").exists():
            (NODE_TOOLS / "package.json").write_text(
                '{"name": "gaia-test-tools", "private": true}\n')
        result = run_tool(
            [npm, "install", "--no-save", "--no-audit", "--no-fund", *NODE_PACKAGES],
            cwd=NODE_TOOLS, timeout=600,
        )
    if not result.ok:
        unavailable("npm", f"npm install failed: {result.stderr.strip()[-200:]}")
    return modules
