"""JS test runners really installed (npm, into a cache directory shared by test sessions, one
root per package set): vitest 3 with @vitest/coverage-v8, jest and bats; vitest 4 alone (a
project that has no coverage provider) and with @vitest/coverage-v8."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from helpers.tools import cache_lock

PACKAGES = ("vitest@3.2.4", "@vitest/coverage-v8@3.2.4", "jest@29.7.0", "bats@1.13.0")
VITEST_4 = "vitest@4.1.12"
VITEST_4_COVERAGE = (VITEST_4, "@vitest/coverage-v8@4.1.12")


def installed(packages: Sequence[str], done: Callable[[Path], bool]) -> Path:
    """node_modules/.bin of `packages`, installed once per package set into the cache."""
    npm = shutil.which("npm")
    if npm is None:
        pytest.fail("npm is required for the real-runner tests (CI installs it)")
    key = hashlib.sha256(" ".join(packages).encode()).hexdigest()[:12]
    base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    root = base / "gaia-tests" / f"node-runners-{key}"
    bin_dir = root / "node_modules" / ".bin"
    with cache_lock(root.with_name(root.name + ".lock")):
        if not done(root):
            root.mkdir(parents=True, exist_ok=True)
            (root / "package.json").write_text('{"name": "runners", "private": true}\n')
            subprocess.run([npm, "install", "--no-audit", "--no-fund", "--silent", *packages],
                           cwd=root, check=True, timeout=900)
    return bin_dir


def vitest4(coverage: bool = False) -> Path:
    """node_modules/.bin with vitest 4 (a major release of its own: a root of its own), and
    with `coverage` @vitest/coverage-v8 beside it (else no coverage provider at all)."""
    if not coverage:
        return installed((VITEST_4,), lambda root: (root / "node_modules/.bin/vitest").exists())
    return installed(VITEST_4_COVERAGE, lambda root: (
        root / "node_modules/.bin/vitest").exists() and (
        root / "node_modules/@vitest/coverage-v8/package.json").exists())
