from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from gaia_lib.cli import checkpoint as cmd
from helpers.projects import Project, gaia_env, run_gaia


def _sha(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def _cp(root: Path, name: str = "dev-story") -> Path:
    return root / ".gaia" / "memory" / "checkpoints" / f"{name}.yaml"


def test_write_read_validate_round_trip(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    root = project.root
    (root / "a.py").write_bytes(b"one\n")
    assert cmd.main(["write", "--workflow", "dev-story", "--step", "2", "--var", "story_key=E1-S1",
                     "--var=mode=fresh", "--file", "a.py", "--file=a.py"]) == 0
    assert capsys.readouterr() == ("", "")
    data = yaml.safe_load(_cp(root).read_text())
    assert data["workflow"] == "dev-story" and data["step"] == 2
    assert data["variables"] == {"story_key": "E1-S1", "mode": "fresh"}
    assert data["files_touched"] == [
        {"path": "a.py", "sha256": _sha(b"one\n"), "last_modified": data["files_touched"][0]["last_modified"]}
    ]
    assert cmd.main(["read", "--workflow", "dev-story"]) == 0
    assert capsys.readouterr().out == _cp(root).read_text()
    assert cmd.main(["validate", "--workflow", "dev-story"]) == 0
    assert capsys.readouterr() == ("", "")


def test_write_replaces_the_whole_checkpoint(project: Project) -> None:
    root = project.root
    (root / "a.py").write_text("a")
    assert cmd.main(["write", "--workflow", "test-automate", "--step", "1", "--var", "k=v", "--file", "a.py"]) == 0
    assert cmd.main(["write", "--workflow", "test-automate", "--step", "2"]) == 0
    text = _cp(root, "test-automate").read_text()
    assert text.endswith("step: 2\n" + text.split("step: 2\n")[1])
    assert "variables: {}\nfiles_touched: []\n" in text


def test_validate_drift_and_missing(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    root = project.root
    for name in ("a.py", "b.py", "c.py"):
        (root / name).write_text(name)
    cmd.main(["write", "--workflow", "test-automate", "--step", "1", "--file", "a.py", "--file", "b.py",
              "--file", "c.py"])
    (root / "a.py").write_text("changed")
    assert cmd.main(["validate", "--workflow", "test-automate"]) == 1
    assert capsys.readouterr().err == "checkpoint: drift: a.py\n"
    (root / "b.py").unlink()
    (root / "c.py").unlink()
    assert cmd.main(["validate", "--workflow", "test-automate"]) == 2
    assert capsys.readouterr().err == "checkpoint: missing file: b.py\ncheckpoint: missing file: c.py\n"


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        ([], 1, "usage:"),
        (["frobnicate"], 1, "checkpoint: unknown subcommand: frobnicate"),
        (["write", "--step", "1"], 1, "the following arguments are required: --workflow"),
        (["write", "--workflow", "test-automate"], 1, "required: --step"),
        (["write", "--workflow", "test-automate", "--step", "x"], 1, "--step must be a non-negative integer"),
        (["write", "--workflow", "../etc", "--step", "1"], 1, "path traversal rejected in --workflow"),
        (["write", "--workflow", "test-automate", "--step", "1", "--var", "novalue"], 1, "--var requires key=val"),
        (["write", "--workflow", "test-automate", "--step", "1", "--file", "nope"], 1,
         "cannot read nope: no such file"),
        (["write", "--workflow", "test-automate", "--step", "1", "--bogus"], 1, "unrecognized arguments: --bogus"),
        (["read", "--workflow", "custom-absent"], 2, "checkpoint not found:"),
        (["validate", "--workflow", "custom-absent"], 2, "checkpoint not found:"),
        (["read", "--workflow", ".hidden"], 1, "path traversal rejected"),
        (["write", "--workflow", "E1-S1", "--step", "1"], 1, "unknown workflow 'E1-S1'"),
        (["read", "--workflow", "E1-S1"], 1, "unknown workflow 'E1-S1'"),
    ],
)
def test_errors(project: Project, capsys: pytest.CaptureFixture[str], argv: list[str], code: int, message: str) -> None:
    assert cmd.main(argv) == code
    err = capsys.readouterr().err
    assert message in err
    if argv:
        assert len(err.splitlines()) == 1
    assert not _cp(project.root, "test-automate").exists()


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert cmd.main(["--help"]) == 0
    assert capsys.readouterr().out.startswith("usage:\n  gaia checkpoint write")


def test_malformed_checkpoint_on_validate(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    _cp(project.root).write_text("workflow: [\n")
    assert cmd.main(["validate", "--workflow", "dev-story"]) == 1
    assert "unsupported YAML value" in capsys.readouterr().err


def test_checkpoint_path_env(project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = tmp_path / "cps"
    monkeypatch.setenv("CHECKPOINT_PATH", str(elsewhere))
    assert cmd.main(["write", "--workflow", "test-automate", "--step", "0"]) == 0
    assert (elsewhere / "test-automate.yaml").is_file()
    assert not _cp(project.root, "test-automate").exists()


def test_real_process_and_paths_relative_to_project(project: Project) -> None:
    root = project.root
    (root / "src").mkdir()
    (root / "src" / "m.py").write_text("m")
    done = run_gaia("checkpoint", "write", "--workflow", "dev-story", "--step", "1",
                    "--file", "m.py", cwd=root / "src", env=gaia_env(root))
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert '  - path: "src/m.py"\n' in _cp(root).read_text()
    done = run_gaia("checkpoint", "validate", "--workflow", "dev-story", cwd=root)
    assert (done.returncode, done.stderr) == (0, "")


def _write_proc(root: Path, n: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "gaia_lib", "checkpoint", "write", "--workflow", "dev-story",
         "--step", str(n), "--var", f"n={n}", "--file", f"f{n}.txt"],
        cwd=root, env=gaia_env(root), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def test_32_concurrent_writes_leave_one_complete_checkpoint(project: Project) -> None:
    root = project.root
    for n in range(32):
        (root / f"f{n}.txt").write_text(str(n))
    procs = [_write_proc(root, n) for n in range(32)]
    results = []
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        results.append((proc.returncode, err))
    assert all(code == 0 for code, _ in results), results
    data = yaml.safe_load(_cp(root).read_text())
    n = data["step"]
    assert data["variables"] == {"n": str(n)}
    assert [e["path"] for e in data["files_touched"]] == [f"f{n}.txt"]
    assert not [p for p in _cp(root).parent.iterdir() if p.name.endswith(".tmp")]
    assert os.path.exists(str(_cp(root)) + ".lock")


# ---------------------------------------------------------------- full or read-only disk


def test_write_on_a_full_disk_is_one_line_and_exit_1(
    project: Project, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """ENOSPC injected where the bytes hit the disk; the old checkpoint stays whole."""
    import errno

    assert cmd.main(["write", "--workflow", "dev-story", "--step", "1"]) == 0
    before = _cp(project.root).read_bytes()

    def full(fd: int, data: bytes | memoryview) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", full)  # what core.writes calls
    capsys.readouterr()
    assert cmd.main(["write", "--workflow", "dev-story", "--step", "2"]) == 1
    err = capsys.readouterr().err
    assert err == (f"checkpoint: cannot write checkpoint {_cp(project.root)}: "
                   "No space left on device\n")
    assert _cp(project.root).read_bytes() == before
    assert [p.name for p in _cp(project.root).parent.iterdir() if p.name.endswith(".tmp")] == []


def _mount_tmpfs(target: Path, options: str) -> bool:
    """A tiny tmpfs (root only); False where mounting is not permitted."""
    if os.geteuid() != 0:
        return False
    target.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(target)],
                          capture_output=True, check=False)
    return done.returncode == 0


@pytest.mark.parametrize("disk", ["read-only", "full"])
def test_real_read_only_and_full_disks(project: Project, tmp_path: Path, disk: str) -> None:
    mount = tmp_path / "disk"
    if not _mount_tmpfs(mount, "ro,size=64k" if disk == "read-only" else "size=16k"):
        pytest.skip("mounting a tmpfs needs root; the injected ENOSPC test covers the path")
    try:
        if disk == "full":
            fd = os.open(mount / "filler", os.O_WRONLY | os.O_CREAT)
            try:
                while os.write(fd, b"x" * 4096):
                    pass
            except OSError:
                pass
            finally:
                os.close(fd)
        done = run_gaia("checkpoint", "write", "--workflow", "dev-story", "--step", "1",
                        cwd=project.root, env=gaia_env(project.root, CHECKPOINT_PATH=str(mount)))
        reason = "Read-only file system" if disk == "read-only" else "No space left on device"
        assert done.returncode == 1, done.stderr
        assert done.stderr.startswith(f"checkpoint: cannot write checkpoint {mount}/dev-story")
        assert done.stderr.endswith(f": {reason}\n") and done.stderr.count("\n") == 1
        assert not (mount / "dev-story.yaml").exists()
    finally:
        subprocess.run(["umount", str(mount)], check=False)
