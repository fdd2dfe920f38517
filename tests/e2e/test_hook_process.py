from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from helpers.projects import REPO_ROOT, Project, gaia_env

HOOK = REPO_ROOT / "scripts" / "hook_post_tool_use.py"
LAUNCHER = REPO_ROOT / "bin" / "gaia"


def _sha(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", *args],
                   cwd=root, check=True, capture_output=True)


def _payload(root: Path, tool: str, path: Path, **extra: object) -> str:
    key = "notebook_path" if tool == "NotebookEdit" else "file_path"
    return json.dumps({
        "session_id": "s", "transcript_path": "/tmp/t.jsonl", "cwd": str(root),
        "permission_mode": "acceptEdits", "hook_event_name": "PostToolUse", "tool_name": tool,
        "tool_input": {key: str(path), **extra}, "tool_response": {"filePath": str(path)},
        "tool_use_id": "toolu_1", "duration_ms": 3,
    })


def _env(root: Path) -> dict[str, str]:
    return gaia_env(root, GAIA_DATA_DIR=os.environ["GAIA_DATA_DIR"])


def _run_hook(root: Path, payload: str, argv: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    command = argv or [sys.executable, "-I", "-S", str(HOOK)]
    return subprocess.run(command, input=payload, env=_env(root), cwd=root,
                          capture_output=True, text=True, timeout=60)


@pytest.fixture
def repo(project: Project) -> Path:
    root = project.root
    (root / ".gaia" / "state").mkdir(parents=True, exist_ok=True)
    (root / ".gaia" / "state" / "active-workflow").write_text("dev-story E1-S1\n")  # a running story
    (root / "src").mkdir()
    (root / "src" / "app.py").write_text("print('hello')\n")
    (root / "notes.txt").write_text("v1\n")
    _git(root, "init", "-q")
    _git(root, "add", "src", "notes.txt")
    _git(root, "commit", "-q", "-m", "init")
    return root


def _entries(root: Path) -> dict[str, dict[str, str]]:
    data = yaml.safe_load((root / ".gaia" / "memory" / "checkpoints" / "dev-story.yaml").read_text())
    return {e["path"]: e for e in data["files_touched"]}


def test_write_edit_and_shell_change_are_recorded(repo: Path) -> None:
    created = repo / "src" / "new.py"
    created.write_text("x = 1\n")
    done = _run_hook(repo, _payload(repo, "Write", created, content="x = 1\n"))
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")

    app = repo / "src" / "app.py"
    app.write_text("print('goodbye')\n")
    done = _run_hook(repo, _payload(repo, "Edit", app, old_string="hello", new_string="goodbye"))
    assert (done.returncode, done.stdout) == (0, "")

    subprocess.run(["sh", "-c", "echo v2 >> notes.txt"], cwd=repo, check=True)
    done = _run_hook(repo, _payload(repo, "Edit", app, old_string="x", new_string="x"))
    assert (done.returncode, done.stdout) == (0, "")

    entries = _entries(repo)
    assert set(entries) == {"src/new.py", "src/app.py", "notes.txt"}
    assert entries["src/new.py"]["sha256"] == _sha(b"x = 1\n")
    assert entries["src/app.py"]["sha256"] == _sha(b"print('goodbye')\n")
    assert entries["notes.txt"]["sha256"] == _sha(b"v1\nv2\n")
    assert entries["notes.txt"]["source"] == "git"
    assert entries["src/app.py"]["source"] == "Edit"
    # The hook never touches the project's files or git state.
    status = subprocess.run(["git", "status", "--porcelain"], cwd=repo, capture_output=True, text=True)
    assert sorted(status.stdout.splitlines()) == [" M notes.txt", " M src/app.py", "?? .gaia/", "?? src/new.py"]
    assert not (Path(os.environ["GAIA_DATA_DIR"]) / "logs").exists()


def test_not_json_exits_zero_and_logs(repo: Path) -> None:
    done = _run_hook(repo, "this is not json")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    log = (Path(os.environ["GAIA_DATA_DIR"]) / "logs" / "hooks.log").read_text()
    assert "payload is not JSON" in log


def test_project_without_gaia_is_left_alone(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "f.txt").write_text("x")
    done = _run_hook(plain, _payload(plain, "Write", plain / "f.txt"))
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert sorted(p.name for p in plain.iterdir()) == ["f.txt"]


def test_launcher_runs_the_hook(repo: Path) -> None:
    data = Path(os.environ["GAIA_DATA_DIR"])
    data.mkdir(parents=True, exist_ok=True)
    (data / "hook-python").write_text(sys.executable + "\n")
    target = repo / "src" / "app.py"
    target.write_text("changed\n")
    done = _run_hook(repo, _payload(repo, "Write", target), ["sh", str(LAUNCHER), "hook", "post-tool-use"])
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert _entries(repo)["src/app.py"]["sha256"] == _sha(b"changed\n")


def test_32_concurrent_hook_runs_lose_no_entry(repo: Path) -> None:
    files = []
    for n in range(32):
        path = repo / "src" / f"f{n}.py"
        path.write_text(f"n = {n}\n")
        files.append(path)
    procs = [
        subprocess.Popen([sys.executable, "-I", "-S", str(HOOK)], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(repo), cwd=repo,
                         text=True)
        for _ in files
    ]
    for proc, path in zip(procs, files, strict=True):
        out, err = proc.communicate(_payload(repo, "Write", path), timeout=120)
        assert (proc.returncode, out, err) == (0, "", "")
    entries = _entries(repo)
    for n, path in enumerate(files):
        assert entries[f"src/f{n}.py"]["sha256"] == _sha(path.read_bytes())
    assert not (Path(os.environ["GAIA_DATA_DIR"]) / "logs").exists()
