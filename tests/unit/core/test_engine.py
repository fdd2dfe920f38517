from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from gaia_lib.core import engine, paths

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the plugin's code and schemas, taken for the running plugin's root."""
    root = tmp_path / "plugin"
    shutil.copytree(REPO / "scripts" / "gaia_lib" / "core", root / "scripts" / "gaia_lib" / "core")
    shutil.copytree(REPO / "schemas", root / "schemas")
    monkeypatch.setattr(paths, "plugin_root", lambda: root)
    engine.fingerprint.cache_clear()
    yield root
    engine.fingerprint.cache_clear()


def _again() -> str:
    engine.fingerprint.cache_clear()
    return engine.fingerprint()


def test_the_same_code_gives_the_same_fingerprint(plugin: Path) -> None:
    assert engine.fingerprint() == _again()
    # Bytecode and other files are not the code an analysis runs.
    (plugin / "scripts" / "gaia_lib" / "core" / "__pycache__").mkdir(exist_ok=True)
    (plugin / "scripts" / "gaia_lib" / "core" / "__pycache__" / "x.pyc").write_bytes(b"x")
    (plugin / "scripts" / "notes.txt").write_text("x")
    assert engine.fingerprint() == _again()


@pytest.mark.parametrize("change", ["edit", "touch", "add", "remove", "schema"])
def test_any_change_to_the_code_or_a_schema_changes_it(plugin: Path, change: str) -> None:
    before = engine.fingerprint()
    source = plugin / "scripts" / "gaia_lib" / "core" / "engine.py"
    if change == "edit":
        source.write_text(source.read_text() + "\n")
    elif change == "touch":  # same bytes, rewritten later: an update replacing the file
        info = source.stat()
        os.utime(source, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000))
    elif change == "add":
        (source.parent / "new.py").write_text("")
    elif change == "remove":
        source.unlink()
    else:
        (plugin / "schemas" / "qa-test-cases.schema.json").write_text("{}")
    assert _again() != before


def test_it_is_remembered_for_the_process(plugin: Path) -> None:
    first = engine.fingerprint()
    (plugin / "scripts" / "gaia_lib" / "core" / "new.py").write_text("")
    assert engine.fingerprint() == first
