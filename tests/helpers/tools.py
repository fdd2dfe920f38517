"""External tools a test needs (go, npm): skip where a developer lacks one, fail where CI
promised it; and the lock that keeps two test processes (pytest-xdist workers, two suites at
once) from installing into, or rewriting, one shared cache together.

`GAIA_REQUIRE_TOOLS` (comma-separated, set by .ci/run for what it installed) turns the skip
for a missing tool into a failure, so a CI run can never go green with the real-runner tests
silently skipped. Read at import: the suite's autouse fixture clears GAIA_* for each test.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

REQUIRED = frozenset(t.strip() for t in os.environ.get("GAIA_REQUIRE_TOOLS", "").split(",")
                     if t.strip())


def unavailable(tool: str, why: str) -> None:
    """Skip the test (fail it when `tool` is in GAIA_REQUIRE_TOOLS), saying why."""
    if tool in REQUIRED:
        pytest.fail(f"{why}, but GAIA_REQUIRE_TOOLS names {tool}: CI must install it",
                    pytrace=False)
    pytest.skip(why)


def need(tool: str, why: str) -> str:
    """The path of `tool` on PATH; otherwise `unavailable(tool, why)`."""
    found = shutil.which(tool)
    if found is None:
        unavailable(tool, why)
        raise AssertionError("unreachable")  # pytest.skip / fail raise
    return found


@contextmanager
def cache_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `path` (created with its folder) around a change to a shared
    cache: the first process installs, the others wait and then find the install done."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def python_without(module: str, where: Path) -> Path:
    """An executable running this Python with `module` unimportable, as an interpreter that
    lacks it: a module of that name first on its PYTHONPATH raises the ImportError."""
    shadow = where / f"shadow-{module}"
    shadow.mkdir(exist_ok=True)
    (shadow / f"{module}.py").write_text(f"raise ImportError(\"No module named '{module}'\")\n")
    stub = where / f"python-without-{module}"
    stub.write_text(f'#!/bin/sh\nPYTHONPATH="{shadow}:$PYTHONPATH" exec {sys.executable} "$@"\n')
    stub.chmod(0o755)
    return stub
