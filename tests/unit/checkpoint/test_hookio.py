from __future__ import annotations

import hashlib
import json
import os
import subprocess
from pathlib import Path

import pytest

from gaia_lib.checkpoint import hookio
from gaia_lib.checkpoint import store as checkpoint
from gaia_lib.checkpoint.hookio import HookFailure, ToolFile
from helpers.projects import Project


def _sha(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def _payload(tool: str = "Write", cwd: str | None = "/p", **tool_input: object) -> str:
    data: dict[str, object] = {"session_id": "s", "hook_event_name": "PostToolUse", "tool_name": tool,
                               "tool_input": tool_input}
    if cwd is not None:
        data["cwd"] = cwd
    return json.dumps(data)


@pytest.fixture
def project(project: Project) -> Project:
    """The shared project with dev-story running for E1-S1 (the hook records only then)."""
    marker = project.root / ".gaia" / "state" / "active-workflow"
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text("dev-story E1-S1\n")
    return project


def _checkpoint(root: Path, workflow: str = "dev-story") -> checkpoint.Checkpoint:
    return checkpoint.load(root / ".gaia" / "memory" / "checkpoints" / f"{workflow}.yaml")


# ---------------------------------------------------------------- payload parsing


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        (_payload("Write", file_path="/p/a.txt", content="x"), ToolFile("Write", "/p/a.txt", "/p")),
        (_payload("Edit", file_path="/p/src/../a.txt", old_string="a", new_string="b"),
         ToolFile("Edit", "/p/a.txt", "/p")),
        (_payload("NotebookEdit", notebook_path="/p/n.ipynb", new_source="x"),
         ToolFile("NotebookEdit", "/p/n.ipynb", "/p")),
        (_payload("Write", file_path="rel/a.txt"), ToolFile("Write", "/p/rel/a.txt", "/p")),
        (_payload("Write", cwd=None, file_path="rel/a.txt"), ToolFile("Write", None, None)),
        (_payload("Write", cwd="relative", file_path="/p/a"), ToolFile("Write", "/p/a", None)),
        (_payload("Write"), ToolFile("Write", None, "/p")),
        (_payload("Write", file_path=42), ToolFile("Write", None, "/p")),
        (_payload("Write", file_path="/p/a\x00b"), ToolFile("Write", None, "/p")),
        (_payload("Write", file_path="/" + "a" * 5000), ToolFile("Write", None, "/p")),
        (_payload("Bash", command="touch x"), ToolFile("Bash", None, "/p")),
        (json.dumps({"tool_name": "Edit", "tool_input": None,
                     "tool_response": {"filePath": "/p/from-response.txt"}}),
         ToolFile("Edit", "/p/from-response.txt", None)),
        (json.dumps({"tool_name": ["Write"], "tool_input": {"file_path": "/p/a"}}),
         ToolFile("", None, None)),
    ],
)
def test_parse_payload_shapes(payload: str, expected: ToolFile) -> None:
    assert hookio.parse_payload(payload) == expected


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("", "not JSON"),
        ("not json", "not JSON"),
        (b"\xff\xfe{", "not JSON"),
        ("[1, 2]", "JSON list, not an object"),
        ('"text"', "JSON str"),
        (json.dumps({"hook_event_name": "PreToolUse", "tool_name": "Write"}), "not a PostToolUse"),
    ],
)
def test_parse_payload_rejects(raw: str | bytes, message: str) -> None:
    with pytest.raises(HookFailure, match=message):
        hookio.parse_payload(raw)


def test_parse_porcelain() -> None:
    out = " M src/a.py\0?? new file.txt\0R  renamed.py\0old.py\0 D gone.py\0A  added.py\0\0"
    assert hookio.parse_porcelain(out) == ["src/a.py", "new file.txt", "renamed.py", "added.py"]
    assert hookio.parse_porcelain("") == []
    assert hookio.parse_porcelain("garbage\0x\0") == []


# ---------------------------------------------------------------- project / workflow


def test_find_project(tmp_path: Path) -> None:
    proj = tmp_path / "proj"
    (proj / ".gaia").mkdir(parents=True)
    (proj / "sub" / "deep").mkdir(parents=True)
    assert hookio.find_project({"CLAUDE_PROJECT_DIR": str(proj)}, None) == str(proj.resolve())
    assert hookio.find_project({}, str(proj / "sub" / "deep")) == str(proj.resolve())
    assert hookio.find_project({"CLAUDE_PROJECT_DIR": str(tmp_path)}, str(proj)) == str(proj.resolve())
    assert hookio.find_project({"CLAUDE_PROJECT_DIR": "relative"}, None) is None
    assert hookio.find_project({}, None) is None
    assert hookio.find_project({}, str(tmp_path)) is None


def test_active_workflow(project: Project) -> None:
    root = str(project.root)
    assert hookio.active_workflow(root) == "dev-story"
    marker = project.root / ".gaia" / "state" / "active-workflow"
    marker.write_text("review-qa\nignored\n")
    assert hookio.active_workflow(root) == "review-qa"
    marker.write_text("\n")
    assert hookio.active_workflow(root) is None
    marker.unlink()
    assert hookio.active_workflow(root) is None
    marker.write_text("../../etc\n")
    with pytest.raises(HookFailure, match="path traversal"):
        hookio.active_workflow(root)
    marker.write_text("dev-story ../E1\n")
    with pytest.raises(HookFailure, match="expected '<workflow> <story key>'"):
        hookio.active_workflow(root)


@pytest.mark.parametrize("marker", [None, "", "\n"])
def test_no_active_workflow_records_nothing(project: Project, marker: str | None) -> None:
    root = project.root
    path = root / ".gaia" / "state" / "active-workflow"
    if marker is None:
        path.unlink()
    else:
        path.write_text(marker)
    (root / "a.txt").write_text("x")
    assert hookio.post_tool_use(_payload("Write", str(root), file_path=str(root / "a.txt")),
                                _env(root)) is None
    assert not (root / ".gaia" / "memory" / "checkpoints").exists() or not list(
        (root / ".gaia" / "memory" / "checkpoints").glob("*.yaml"))


def test_project_relative(tmp_path: Path) -> None:
    root = tmp_path / "proj"
    (root / "src").mkdir(parents=True)
    real = str(root.resolve())
    assert hookio.project_relative(str(root / "src" / "a.py"), real) == "src/a.py"
    assert hookio.project_relative(str(tmp_path / "other.py"), real) is None
    assert hookio.project_relative(str(root / ".gaia" / "x.yaml"), real) is None
    assert hookio.project_relative(str(root / ".git" / "config"), real) is None
    assert hookio.project_relative(real, real) is None
    secret = tmp_path / "secret.txt"
    secret.write_text("s")
    (root / "link.txt").symlink_to(secret)
    assert hookio.project_relative(str(root / "link.txt"), real) is None


# ---------------------------------------------------------------- the whole hook (in-process)


def _env(root: Path) -> dict[str, str]:
    return {"CLAUDE_PROJECT_DIR": str(root), "PATH": os.environ["PATH"]}


def test_write_is_recorded(project: Project) -> None:
    root = project.root
    (root / "a.txt").write_bytes(b"hello\n")
    assert hookio.run(_payload("Write", str(root), file_path=str(root / "a.txt")), _env(root)) == 0
    entry = _checkpoint(root).files_touched[0]
    assert (entry.path, entry.sha256, entry.source) == ("a.txt", _sha(b"hello\n"), "Write")
    assert entry.last_modified == checkpoint.iso_utc((root / "a.txt").stat().st_mtime)


def test_notebook_edit_and_relative_path(project: Project) -> None:
    root = project.root
    (root / "nb").mkdir()
    (root / "nb" / "n.ipynb").write_text("{}")
    hookio.run(_payload("NotebookEdit", str(root), notebook_path="nb/n.ipynb"), _env(root))
    assert [(e.path, e.source) for e in _checkpoint(root).files_touched] == [("nb/n.ipynb", "NotebookEdit")]


def test_active_workflow_marker_routes_the_record(project: Project) -> None:
    root = project.root
    (root / ".gaia" / "state" / "active-workflow").write_text("review-qa\n")
    (root / "a.txt").write_text("x")
    hookio.run(_payload("Edit", str(root), file_path=str(root / "a.txt")), _env(root))
    assert _checkpoint(root, "review-qa").files_touched[0].path == "a.txt"
    assert not (root / ".gaia" / "memory" / "checkpoints" / "dev-story.yaml").exists()


@pytest.mark.parametrize("where", ["outside", "gaia", "missing", "directory"])
def test_ignored_paths_write_nothing(project: Project, tmp_path: Path, where: str) -> None:
    root = project.root
    targets = {
        "outside": tmp_path / "outside.txt",
        "gaia": root / ".gaia" / "state" / "x.json",
        "missing": root / "never-created.txt",
        "directory": root / "adir",
    }
    target = targets[where]
    if where == "directory":
        target.mkdir()
    elif where != "missing":
        target.write_text("x")
    hookio.run(_payload("Write", str(root), file_path=str(target)), _env(root))
    assert not (root / ".gaia" / "memory" / "checkpoints" / "dev-story.yaml").exists()


def test_no_gaia_project_does_nothing(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("x")
    payload = _payload("Write", str(tmp_path), file_path=str(tmp_path / "a.txt"))
    assert hookio.run(payload, {"PATH": os.environ["PATH"]}) == 0
    assert list(tmp_path.iterdir()) == [tmp_path / "a.txt"]
    assert not Path(os.environ["GAIA_DATA_DIR"]).exists()


@pytest.mark.parametrize("raw", ["", "not json", "[]", '{"hook_event_name": "Stop"}'])
def test_bad_payload_exits_zero_and_logs(project: Project, raw: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert hookio.run(raw, _env(project.root)) == 0
    assert capsys.readouterr() == ("", "")
    log = Path(os.environ["GAIA_DATA_DIR"]) / "logs" / "hooks.log"
    lines = log.read_text().splitlines()
    assert len(lines) == 1 and " post-tool-use pid=" in lines[0]


def test_hostile_payloads_never_raise(project: Project) -> None:
    root = project.root
    for raw in [
        json.dumps({"tool_name": "Write", "tool_input": {"file_path": {"$ne": 1}}}),
        json.dumps({"tool_name": "Write", "cwd": "/" + "x/" * 3000, "tool_input": {"file_path": "a"}}),
        json.dumps({"tool_name": "Write", "tool_input": {"file_path": "/dev/zero"}, "cwd": str(root)}),
        json.dumps({"tool_name": "Write", "tool_input": {"file_path": str(root) + "/../../etc/passwd"}}),
        "{" * 100000,
        json.dumps({"tool_name": "W" * 10000, "tool_input": [], "tool_response": "x"}),
    ]:
        assert hookio.run(raw, _env(root)) == 0
    assert not (root / ".gaia" / "memory" / "checkpoints" / "dev-story.yaml").exists()


def test_malformed_checkpoint_is_logged_not_overwritten(project: Project) -> None:
    root = project.root
    target = root / ".gaia" / "memory" / "checkpoints" / "dev-story.yaml"
    target.write_text("nonsense\n")
    (root / "a.txt").write_text("x")
    assert hookio.run(_payload("Write", str(root), file_path=str(root / "a.txt")), _env(root)) == 0
    assert target.read_text() == "nonsense\n"
    assert "expected 'key: value'" in (Path(os.environ["GAIA_DATA_DIR"]) / "logs" / "hooks.log").read_text()


def test_unexpected_exception_is_logged(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_: object) -> None:
        raise RuntimeError("kaput")

    monkeypatch.setattr(hookio, "post_tool_use", boom)
    assert hookio.run("{}", {}) == 0
    assert "internal error: RuntimeError('kaput')" in (
        Path(os.environ["GAIA_DATA_DIR"]) / "logs" / "hooks.log").read_text()


def test_log_rotates(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hookio, "LOG_MAX_BYTES", 100)
    for n in range(5):
        hookio.log_failure(f"message {n} " + "x" * 40)
    logs = Path(os.environ["GAIA_DATA_DIR"]) / "logs"
    assert (logs / "hooks.log.1").exists()
    assert "message 4" in (logs / "hooks.log").read_text()


# ---------------------------------------------------------------- git-seen files


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", *args],
                   cwd=root, check=True, capture_output=True)


@pytest.fixture
def git_project(project: Project) -> Project:
    root = project.root
    (root / "tracked.txt").write_text("v1\n")
    (root / ".gitignore").write_text("ignored.txt\n")
    _git(root, "init", "-q")
    _git(root, "add", "tracked.txt", ".gitignore")
    _git(root, "commit", "-q", "-m", "init")
    return project


def test_files_changed_outside_the_tool_are_recorded_once(git_project: Project) -> None:
    root = git_project.root
    (root / "edited.txt").write_text("by claude\n")
    (root / "tracked.txt").write_text("v2 by a shell command\n")
    (root / "ignored.txt").write_text("ignored\n")
    hookio.run(_payload("Write", str(root), file_path=str(root / "edited.txt")), _env(root))
    entries = {e.path: e for e in _checkpoint(root).files_touched}
    assert set(entries) == {"edited.txt", "tracked.txt"}
    assert entries["edited.txt"].source == "Write"
    assert entries["tracked.txt"].source == "git"
    assert entries["tracked.txt"].sha256 == _sha(b"v2 by a shell command\n")
    before = (root / ".gaia" / "memory" / "checkpoints" / "dev-story.yaml").read_text()
    # Nothing new: no rewrite. The Write-recorded file keeps its source.
    hookio.run(_payload("Bash", str(root)), _env(root))
    assert (root / ".gaia" / "memory" / "checkpoints" / "dev-story.yaml").read_text() == before
    (root / "edited.txt").write_text("changed by sed\n")
    hookio.run(_payload("Bash", str(root)), _env(root))
    entries = {e.path: e for e in _checkpoint(root).files_touched}
    assert entries["edited.txt"].source == "git"
    assert entries["edited.txt"].sha256 == _sha(b"changed by sed\n")


def test_git_status_does_not_touch_the_index(git_project: Project) -> None:
    root = git_project.root
    index = root / ".git" / "index"
    before = index.stat().st_mtime_ns
    (root / "tracked.txt").write_text("v2\n")
    hookio.run(_payload("Bash", str(root)), _env(root))
    assert index.stat().st_mtime_ns == before
    assert not (root / ".git" / "index.lock").exists()


def test_git_missing_still_records_the_tool_file(git_project: Project) -> None:
    root = git_project.root
    (root / "a.txt").write_text("x")
    env = {"CLAUDE_PROJECT_DIR": str(root), "PATH": "/nonexistent"}
    assert hookio.run(_payload("Write", str(root), file_path=str(root / "a.txt")), env) == 0
    assert [e.path for e in _checkpoint(root).files_touched] == ["a.txt"]


def test_project_in_a_subdirectory_of_the_repository(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    proj = repo / "services" / "api"
    (proj / ".gaia" / "state").mkdir(parents=True)
    (proj / ".gaia" / "state" / "active-workflow").write_text("dev-story E1-S1\n")
    (repo / "top.txt").write_text("outside the project\n")
    _git(repo, "init", "-q")
    (proj / "x.py").write_text("x = 1\n")
    hookio.run(_payload("Bash", str(proj)), {"CLAUDE_PROJECT_DIR": str(proj), "PATH": os.environ["PATH"]})
    assert [e.path for e in _checkpoint(proj).files_touched] == ["x.py"]
