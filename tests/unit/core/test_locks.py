from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from gaia_lib.core import locks
from gaia_lib.core.errors import LockTimeout
from helpers.projects import SCRIPTS_DIR

_HOLDER = """
import sys, time
sys.path.insert(0, {scripts!r})
from pathlib import Path
from gaia_lib.core.locks import locked
with locked(Path({target!r})):
    print("held", flush=True)
    time.sleep(3)
"""


def test_lock_excludes_another_process_and_times_out_with_its_exit_code(tmp_path: Path) -> None:
    target = tmp_path / "state.yaml"
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER.format(scripts=str(SCRIPTS_DIR), target=str(target))],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        start = time.monotonic()
        with pytest.raises(LockTimeout, match="waiting for lock") as info:
            with locks.locked(target, timeout=0.3, exit_code=6):
                pass
        assert info.value.exit_code == 6
        assert time.monotonic() - start < 2
    finally:
        holder.kill()
        holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()
    with locks.locked(target, timeout=1):
        pass  # released when the holder died


def test_lock_file_is_a_sidecar(tmp_path: Path) -> None:
    target = tmp_path / "a.yaml"
    with locks.locked(target):
        assert (tmp_path / "a.yaml.lock").exists()
    assert not target.exists()


def test_a_story_and_its_symlink_share_one_lock(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    real = tmp_path / "epic-e1" / "stories" / "E1-S1-a.md"
    real.parent.mkdir(parents=True)
    real.write_text("x")
    shim = tmp_path / "E1-S1-a.md"
    shim.symlink_to(real)
    with locks.story_lock(real):
        with pytest.raises(LockTimeout) as info:
            with locks.story_lock(shim, exit_code=6, timeout=0.2):
                pass  # pragma: no cover - the lock is held
    assert info.value.exit_code == 6
    assert (real.parent / "E1-S1-a.md.lock").exists()
    assert not (tmp_path / "E1-S1-a.md.lock").exists()


@pytest.mark.parametrize(("raw", "expected"), [("", 10.0), ("2.5", 2.5), ("x", 10.0), ("-1", 10.0)])
def test_story_lock_timeout_from_the_environment(raw: str, expected: float,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(locks.STORY_LOCK_TIMEOUT_ENV, raw)
    assert locks.story_lock_timeout() == expected
