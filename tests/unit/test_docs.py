"""README.md and docs/compatibility.md claim only what exists."""

from __future__ import annotations

import re

from gaia_lib.cli.main import COMMANDS
from helpers.projects import REPO_ROOT

README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
COMMANDS_DIR = REPO_ROOT / "scripts" / "gaia_lib" / "cli"
ROW = re.compile(r"^\| [^|]+ \| `gaia ([a-z][a-z-]*)[^`]*`.*\| (available|planned) \|$", re.MULTILINE)


def _implemented() -> set[str]:
    return {name for name, module in COMMANDS.items() if (COMMANDS_DIR / f"{module}.py").is_file()}


def _rows() -> dict[str, set[str]]:
    rows: dict[str, set[str]] = {"available": set(), "planned": set()}
    for command, status in ROW.findall(README):
        rows[status].add(command)
    return rows


def test_readme_starts_with_the_two_commands() -> None:
    head = "\n".join(README.splitlines()[:20])

    assert "bash dev/demo.sh" in head
    assert "bash dev/test.sh" in head


def test_commands_marked_available_are_implemented() -> None:
    assert _rows()["available"] - _implemented() == set()


def test_commands_marked_planned_are_not_implemented_yet() -> None:
    assert _rows()["planned"] & _implemented() == set()


def test_every_implemented_command_is_in_the_readme() -> None:
    assert _implemented() - _rows()["available"] == set()


def test_compatibility_doc_lists_each_difference_with_a_title() -> None:
    text = (REPO_ROOT / "docs" / "compatibility.md").read_text(encoding="utf-8")
    bullets = [line for line in text.splitlines() if line.startswith("- ")]

    assert len(bullets) >= 10
    assert all(line.startswith("- **") for line in bullets)
