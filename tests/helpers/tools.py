"""External tools a test needs (go, npm): skip where a developer lacks one, fail where CI
promised it.

`GAIA_REQUIRE_TOOLS` (comma-separated, set by .ci/run for what it installed) turns the skip
for a missing tool into a failure, so a CI run can never go green with the real-runner tests
silently skipped. Read at import: the suite's autouse fixture clears GAIA_* for each test.
"""

from __future__ import annotations

import os
import shutil

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
