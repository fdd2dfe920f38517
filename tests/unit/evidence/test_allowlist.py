from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.core import yamlio
from gaia_lib.core.errors import GaiaError
from gaia_lib.evidence import allowlist


@pytest.mark.parametrize(
    ("text", "dirs"),
    [
        ("tier_directories:\n  - tests/unit\n  - tests/unit\n  - e2e\n", ["e2e", "tests/unit"]),
        ("suites:\n  bats_test_dirs: test/a test/b\n", ["test/a", "test/b"]),
        ("shell:\n  tier_1_unit: bats test/unit test/more\n  other: x y\n",
         ["test/more", "test/unit"]),
        ("tier_directories: []\nsuites:\n  bats_test_dirs: [t1]\n", ["t1"]),
    ],
)
def test_strategies_in_order(text: str, dirs: list[str]) -> None:
    assert allowlist.directories(yamlio.load(text, "t")) == dirs


@pytest.mark.parametrize("bad", ["/etc", "../outside", "tests/../../x"])
def test_entries_outside_the_project_are_refused(bad: str) -> None:
    with pytest.raises(GaiaError):
        allowlist.directories({"tier_directories": [bad]})


def test_load_errors(tmp_path: Path) -> None:
    with pytest.raises(GaiaError, match="not found"):
        allowlist.load(tmp_path / "missing.yaml")
    empty = tmp_path / "e.yaml"
    empty.write_text("x: 1\n")
    with pytest.raises(GaiaError, match="no tier directories found"):
        allowlist.load(empty)


@pytest.mark.parametrize(
    ("path", "inside"),
    [("tests/unit/test_a.py", True), ("tests/unitx/a.py", False), ("src/a.py", False),
     ("tests/unit/../../src/a.py", False), ("/tests/unit/a.py", False)],
)
def test_inside(path: str, inside: bool) -> None:
    assert allowlist.inside(path, ["tests/unit"]) is inside
