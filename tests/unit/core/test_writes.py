from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gaia_lib.core import writes
from gaia_lib.core.errors import ScopeViolation
from helpers.fsyncs import fsyncs_counted
from helpers.projects import SCRIPTS_DIR


def test_write_text_is_atomic_and_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / ".gaia" / "state" / "x.txt"
    with writes.scope("parent", tmp_path):
        writes.write_text(target, "one")
        writes.write_text(target, "two")
    assert target.read_text() == "two"
    assert sorted(p.name for p in target.parent.iterdir()) == ["x.txt"]


def test_write_keeps_existing_file_mode(tmp_path: Path) -> None:
    target = tmp_path / ".gaia" / "run.sh"
    target.parent.mkdir(parents=True)
    target.write_text("old")
    target.chmod(0o755)
    with writes.scope("parent", tmp_path):
        writes.write_text(target, "new")
    assert target.stat().st_mode & 0o777 == 0o755


def test_canonical_json_is_sorted_and_refuses_nan() -> None:
    assert writes.canonical_json({"b": 1, "a": [2]}) == '{\n  "a": [\n    2\n  ],\n  "b": 1\n}\n'
    with pytest.raises(ValueError):
        writes.canonical_json({"x": float("nan")})


@pytest.mark.parametrize(
    ("kind", "rel", "allowed"),
    [
        ("fork", ".gaia/state/review/qa-tests/E1-S1/analysis-results.json", True),
        ("fork", ".gaia/state/sprint-status.yaml", False),
        ("fork", ".gaia/artifacts/implementation-artifacts/qa-tests-E1-S1.md", False),
        ("fork", "tests/test_x.py", False),
        ("parent", ".gaia/artifacts/implementation-artifacts/qa-tests-E1-S1.md", True),
        ("parent", ".gaia/state/.review-gate-ledger", True),
        ("parent", "docs/implementation-artifacts/E1-S1-x.md", True),
        ("parent", "tests/test_x.py", False),
        ("parent", "src/app.py", False),
        ("parent", "../outside.txt", False),
        ("action", "tests/unit/test_x.py", True),
        ("action", "src/app.py", False),
    ],
)
def test_scope_rules(tmp_path: Path, kind: str, rel: str, allowed: bool) -> None:
    project = tmp_path / "p"
    project.mkdir()
    target = project / rel
    with writes.scope(kind, project, extra_dirs=[project / "tests" / "unit"]):
        if allowed:
            writes.write_text(target, "x")
            assert target.read_text() == "x"
        else:
            with pytest.raises(ScopeViolation, match=f"outside the '{kind}' write scope"):
                writes.write_text(target, "x")
            assert not target.exists()


def test_symlink_cannot_smuggle_a_write_out_of_scope(tmp_path: Path) -> None:
    project = tmp_path / "p"
    (project / ".gaia").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    (project / ".gaia" / "link").symlink_to(outside)
    with writes.scope("parent", project), pytest.raises(ScopeViolation):
        writes.write_text(project / ".gaia" / "link" / "x.txt", "x")
    assert not (outside / "x.txt").exists()


def test_a_root_made_a_link_during_a_scope_leads_no_write_out_of_it(tmp_path: Path) -> None:
    """A fork's evidence directory replaced by a link elsewhere (by a test the review runs)
    after the scope wrote there: the root stays where it was, so the write is refused."""
    project = tmp_path / "p"
    review = project / ".gaia" / "state" / "review"
    review.mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    with writes.scope("fork", project):
        writes.write_text(review / "a.txt", "x")
        (review / "a.txt").unlink()
        review.rmdir()
        review.symlink_to(outside)
        with pytest.raises(ScopeViolation):
            writes.write_text(review / "b.txt", "x")
    assert not (outside / "b.txt").exists()

def test_fork_cannot_widen_its_scope(tmp_path: Path) -> None:
    with writes.scope("fork", tmp_path), pytest.raises(ScopeViolation, match="cannot enter"):
        with writes.scope("parent", tmp_path):
            pass


def test_fork_scope_from_environment_is_enforced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GAIA_WRITE_SCOPE", "fork")
    with pytest.raises(ScopeViolation):
        writes.write_text(tmp_path / ".gaia" / "artifacts" / "r.md", "x", project=tmp_path)
    with pytest.raises(ScopeViolation, match="cannot enter"), writes.scope("parent", tmp_path):
        pass


def test_unknown_scope_in_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAIA_WRITE_SCOPE", "root")
    with pytest.raises(ScopeViolation, match="GAIA_WRITE_SCOPE must be one of"):
        writes.write_text(tmp_path / ".gaia" / "x", "x", project=tmp_path)


def test_a_write_of_user_state_is_fsynced_file_and_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced = fsyncs_counted(monkeypatch)
    state = tmp_path / ".gaia" / "state"
    with writes.scope("parent", tmp_path):
        writes.write_text(state / "story.md", "one")
        assert len(synced) == 2  # the new file before its rename, the directory after it
        writes.write_json(state / "rows.json", {"a": 1})
        writes.append_line(state / "ledger.tsv", "a\tb")
        writes.create_bytes(state / "new.md", b"x")
        writes.append_line(state / "ledger.tsv", "c\td")
    assert len(synced) == 10  # append_line and create_bytes are always durable


def test_a_derivable_write_is_not_fsynced(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    synced = fsyncs_counted(monkeypatch)
    target = tmp_path / ".gaia" / "state" / "review" / "tier_1-stdout.log"
    with writes.scope("fork", tmp_path):
        writes.write_text(target, "one", durable=False)
        writes.write_json(target, ["two"], durable=False)
        writes.write_bytes(target, b"three", durable=False)
    assert synced == []
    assert target.read_bytes() == b"three"
    assert sorted(p.name for p in target.parent.iterdir()) == ["tier_1-stdout.log"]


def test_a_write_made_durable_later_is_fsynced_file_and_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced = fsyncs_counted(monkeypatch)
    target = tmp_path / ".gaia" / "memory" / "checkpoints" / "qa-tests.yaml"
    with writes.scope("parent", tmp_path):
        writes.write_text(target, "step: 1\n", durable=False)
    assert synced == []
    writes.sync(target)
    assert len(synced) == 2  # the file, then its directory
    writes.sync(target.parent / "gone.yaml")  # nothing there: nothing to make durable
    assert len(synced) == 2
    assert target.read_text() == "step: 1\n"


@pytest.mark.parametrize("durable", [True, False])
def test_the_final_name_holds_only_whole_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               durable: bool) -> None:
    """Durable or not, a write is a rename of a complete file: at the moment it is published
    the final name still holds the old content and the new file is already whole."""
    target = tmp_path / ".gaia" / "state" / "review" / "analysis-results.json"
    target.parent.mkdir(parents=True)
    target.write_text("old")
    seen: list[tuple[str, str]] = []
    real = os.replace

    def replace(src: str, dst: str) -> None:
        seen.append((Path(dst).read_text(), Path(src).read_text()))
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    with writes.scope("parent", tmp_path):
        writes.write_text(target, "new " * 10000, durable=durable)
    assert seen == [("old", "new " * 10000)]
    assert target.read_text() == "new " * 10000


def test_a_derivable_write_that_fails_leaves_the_old_file_and_no_temp(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / ".gaia" / "state" / "review" / "execution-evidence.json"
    target.parent.mkdir(parents=True)
    target.write_text("old")

    def replace(src: str, dst: str) -> None:
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", replace)
    with writes.scope("parent", tmp_path), pytest.raises(OSError):
        writes.write_text(target, "new", durable=False)
    assert target.read_text() == "old"
    assert sorted(p.name for p in target.parent.iterdir()) == ["execution-evidence.json"]


def test_append_line(tmp_path: Path) -> None:
    target = tmp_path / ".gaia" / "state" / "ledger.tsv"
    with writes.scope("parent", tmp_path):
        writes.append_line(target, "a\tb")
        writes.append_line(target, "c\td\n")
    assert target.read_text() == "a\tb\nc\td\n"


_WRITER = """
import sys
sys.path.insert(0, {scripts!r})
from pathlib import Path
from gaia_lib.core import writes
project = Path({project!r})
target = project / ".gaia" / "state" / "big.json"
i = 0
with writes.scope("parent", project):
    while True:
        i += 1
        writes.write_json(target, {{"round": i, "payload": "x" * 400000}}, durable={durable})
"""


@pytest.mark.parametrize("durable", [True, False])
def test_sigkill_mid_write_leaves_old_or_new_never_partial(tmp_path: Path,
                                                           durable: bool) -> None:
    """Killed at any moment, a writer leaves the previous whole file or the new one, a
    derivable artifact's too. The first writer runs until its first file exists (a loaded
    machine may take seconds to start it), so every later kill lands on a rewrite of a whole
    file."""
    target = tmp_path / ".gaia" / "state" / "big.json"
    code = _WRITER.format(scripts=str(SCRIPTS_DIR), project=str(tmp_path), durable=durable)
    for delay in (None, 0.05, 0.11, 0.17, 0.23, 0.31):
        proc = subprocess.Popen([sys.executable, "-c", code])
        if delay is None:
            deadline = time.monotonic() + 60
            while not target.exists() and time.monotonic() < deadline:
                time.sleep(0.01)
        else:
            time.sleep(delay)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        data = json.loads(target.read_text())
        assert len(data["payload"]) == 400000
