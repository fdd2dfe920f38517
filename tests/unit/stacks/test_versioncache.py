from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gaia_lib.stacks import toolprobe, versioncache


def counting_tool(directory: Path, name: str, version: str, *, exit_code: int = 0) -> Path:
    """A tool whose every run appends a line to `<name>.runs` next to it."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(f'#!/bin/sh\necho run >> "{directory}/{name}.runs"\n'
                    f'echo "{name} {version}"\nexit {exit_code}\n')
    path.chmod(0o755)
    return path


def runs(tool: Path) -> int:
    log = tool.parent / f"{tool.name}.runs"
    return len(log.read_text().splitlines()) if log.exists() else 0


def test_an_unchanged_tool_is_run_once(bin_dir: Path) -> None:
    tool = counting_tool(bin_dir, "pytest", "8.3.2")
    first = toolprobe.probe("pytest")
    second = toolprobe.probe("pytest")
    assert (first.version, second.version) == ("8.3.2", "8.3.2")
    assert runs(tool) == 1
    stored = json.loads(versioncache.cache_path().read_text())
    assert stored[str(tool.resolve())]["version"] == "8.3.2"


def test_a_script_rewritten_in_place_is_asked_again(bin_dir: Path) -> None:
    tool = counting_tool(bin_dir, "pytest", "8.3.2")
    assert toolprobe.probe("pytest").version == "8.3.2"
    before = os.stat(tool)
    # Same size, same inode, same timestamps: only the bytes say it changed.
    counting_tool(bin_dir, "pytest", "8.4.1")
    os.utime(tool, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(tool).st_ino == before.st_ino and os.stat(tool).st_size == before.st_size
    assert toolprobe.probe("pytest").version == "8.4.1"
    assert runs(tool) == 2


def test_a_replaced_executable_is_asked_again(bin_dir: Path, tmp_path: Path) -> None:
    # Package managers upgrade by putting a new file in place: a new inode.
    tool = counting_tool(bin_dir, "go", "1.22.1")
    assert toolprobe.probe("go").version == "1.22.1"
    fresh = counting_tool(tmp_path / "staging", "go", "1.23.4")
    os.replace(fresh, tool)
    assert toolprobe.probe("go").version == "1.23.4"
    assert (runs(tool), runs(fresh)) == (1, 1)  # the new file logs beside its first home


def test_a_symlinked_tool_is_keyed_by_its_target(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    target = counting_tool(project / "node_modules/vitest", "vitest.mjs", "3.2.4")
    shim = project / "node_modules/.bin/vitest"
    shim.parent.mkdir(parents=True)
    shim.symlink_to(target)
    assert toolprobe.probe("vitest", project).version == "3.2.4"
    assert toolprobe.probe("vitest", project).version == "3.2.4"
    assert runs(target) == 1
    assert str(target.resolve()) in json.loads(versioncache.cache_path().read_text())


@pytest.mark.parametrize(("body_version", "exit_code"), [("", 0), ("9.9.9", 3)],
                         ids=["no-version-printed", "failed-run"])
def test_only_a_clean_version_is_remembered(bin_dir: Path, body_version: str,
                                            exit_code: int) -> None:
    tool = bin_dir / "flaky"
    tool.write_text(f'#!/bin/sh\necho run >> "{bin_dir}/flaky.runs"\n'
                    f'echo "{body_version}"\nexit {exit_code}\n')
    tool.chmod(0o755)
    toolprobe.probe("flaky")
    toolprobe.probe("flaky")
    assert runs(tool) == 2
    assert not versioncache.cache_path().exists()


@pytest.mark.parametrize("content", [
    "{not json", "[]", '{"x": {"identity": 1}}', "\udcff",
    '{"/": {"identity": "i", "version": "1.0", "stored": "yesterday"}}'],
    ids=["malformed", "not-an-object", "bad-entry", "undecodable", "bad-timestamp"])
def test_a_damaged_cache_is_a_miss_and_is_replaced(bin_dir: Path, content: str) -> None:
    tool = counting_tool(bin_dir, "pytest", "8.3.2")
    path = versioncache.cache_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    assert toolprobe.probe("pytest").version == "8.3.2"
    assert toolprobe.probe("pytest").version == "8.3.2"
    assert runs(tool) == 1


def test_a_cache_that_cannot_be_written_only_costs_a_probe(bin_dir: Path) -> None:
    tool = counting_tool(bin_dir, "pytest", "8.3.2")
    path = versioncache.cache_path()
    path.mkdir(parents=True)  # a directory where the file should be: every write fails
    assert toolprobe.probe("pytest").version == "8.3.2"
    assert toolprobe.probe("pytest").version == "8.3.2"
    assert runs(tool) == 2


def test_the_newest_entries_are_kept_and_gone_executables_dropped(
        bin_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(versioncache, "MAX_ENTRIES", 3)
    tools = [counting_tool(bin_dir, f"tool{n}", f"1.{n}") for n in range(5)]
    for n in range(5):
        assert toolprobe.probe(f"tool{n}").version == f"1.{n}"
    kept = json.loads(versioncache.cache_path().read_text())
    assert sorted(kept) == sorted(str(t.resolve()) for t in tools[2:])
    tools[4].unlink()
    versioncache.store(tools[3], "1.3")
    assert sorted(json.loads(versioncache.cache_path().read_text())) == sorted(
        str(t.resolve()) for t in tools[2:4])


def test_the_cache_lives_in_the_data_dir(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAIA_DATA_DIR", str(tmp_path / "elsewhere"))
    assert versioncache.cache_path() == tmp_path / "elsewhere" / "cache" / "tool-versions.json"


def test_a_fork_may_store_in_the_data_dir(bin_dir: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAIA_WRITE_SCOPE", "fork")
    monkeypatch.chdir(tmp_path)
    counting_tool(bin_dir, "pytest", "8.3.2")
    toolprobe.probe("pytest")
    assert versioncache.lookup(bin_dir / "pytest") == "8.3.2"


def test_a_script_is_told_apart_by_its_bytes_when_its_times_do_not_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # File times tick coarsely (a few ms): a rewrite within one tick keeps all of them.
    tool = counting_tool(tmp_path, "pytest", "8.3.2")
    frozen = os.stat(tool)
    with monkeypatch.context() as patched:
        patched.setattr(os, "stat", lambda *args, **kwargs: frozen)
        before = versioncache.identity(tool)
    counting_tool(tmp_path, "pytest", "8.4.1")
    with monkeypatch.context() as patched:
        patched.setattr(os, "stat", lambda *args, **kwargs: frozen)
        assert versioncache.identity(tool) != before
    big = tmp_path / "big"
    big.write_bytes(b"\0" * (versioncache.SCRIPT_BYTES + 1))
    assert versioncache.identity(big) is not None  # a binary is known by its stat alone
