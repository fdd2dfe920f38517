from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from gaia_lib.cli import write_checkpoint as cmd
from helpers.projects import Project, run_gaia

NAME_RE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z(-pid\d+(-\d+)?)?-step-(\d+)\.json")


def _sha(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def test_writes_a_schema_v1_snapshot(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    root = project.root
    (root / "out.md").write_bytes(b"report\n")
    (root / "SKILL.md").write_bytes(b"# skill\n")
    (root / "custom.json").write_text('{"val_loop_iterations": [1, 2]}')
    assert cmd.main(["dev-story", "5", "story_key=E1-S1", "mode=a=b", "--paths", "out.md",
                     "--custom", "custom.json", "--skill-md=SKILL.md"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    written = root / out.strip()
    assert written.parent == root / ".gaia" / "memory" / "checkpoints" / "dev-story"
    assert NAME_RE.fullmatch(written.name) and written.name.endswith("-step-5.json")
    data = json.loads(written.read_text())
    assert data == {
        "schema_version": 1, "step_number": 5, "skill_name": "dev-story",
        "timestamp": written.name.split("-step-")[0],
        "key_variables": {"story_key": "E1-S1", "mode": "a=b"},
        "output_paths": ["out.md"], "file_checksums": {"out.md": _sha(b"report\n")},
        "skill_md_content_hash": _sha(b"# skill\n"),
        "custom": {"val_loop_iterations": [1, 2]},
    }


def test_minimal_snapshot_has_empty_collections(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert cmd.main(["gaia-review-qa", "0"]) == 0
    data = json.loads((project.root / capsys.readouterr().out.strip()).read_text())
    assert (data["key_variables"], data["output_paths"], data["file_checksums"]) == ({}, [], {})
    assert "custom" not in data and "skill_md_content_hash" not in data


def test_every_call_gets_a_new_file(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    for _ in range(20):
        assert cmd.main(["dev-story", "1"]) == 0
    paths = capsys.readouterr().out.split()
    assert len(set(paths)) == 20
    assert len(list((project.root / ".gaia" / "memory" / "checkpoints" / "dev-story").iterdir())) == 20


def test_checkpoint_root_env(project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CHECKPOINT_ROOT", str(tmp_path / "roots"))
    assert cmd.main(["dev-story", "2"]) == 0
    out = capsys.readouterr().out.strip()
    assert Path(out).parent == tmp_path / "roots" / "dev-story"


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        ([], 1, "skill_name and step_number are required"),
        (["dev-story"], 1, "skill_name and step_number are required"),
        (["Dev_Story", "1"], 1, "invalid skill_name: Dev_Story"),
        (["../x", "1"], 1, "invalid skill_name"),
        (["dev-story", "-1"], 1, "step_number must be a non-negative integer"),
        (["dev-story", "1", "loose"], 1, "positional argument must be key=value (got: loose)"),
        (["dev-story", "1", "--frob"], 1, "unknown flag: --frob"),
        (["dev-story", "1", "--custom"], 1, "--custom requires a file path"),
        (["dev-story", "1", "--paths", "missing.txt"], 1, "output path not found: missing.txt"),
        (["dev-story", "1", "--custom", "nope.json"], 1, "--custom file not found: nope.json"),
        (["dev-story", "1", "--skill-md", "nope.md"], 1, "--skill-md file not found: nope.md"),
        (["dev-story", "1", "--custom", "bad.json"], 2, "--custom file is not valid JSON: bad.json"),
    ],
)
def test_errors(project: Project, capsys: pytest.CaptureFixture[str], argv: list[str], code: int, message: str) -> None:
    (project.root / "bad.json").write_text("{not json")
    assert cmd.main(argv) == code
    err = capsys.readouterr().err
    assert message in err.splitlines()[-1]
    assert err.splitlines()[-1].startswith("write-checkpoint: ")
    assert not (project.root / ".gaia" / "memory" / "checkpoints" / "dev-story").exists()


def test_io_error_exit_3(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = project.root / ".gaia" / "memory" / "checkpoints" / "dev-story"
    blocker.write_text("a file where the directory should be")
    assert cmd.main(["dev-story", "1"]) == 3
    assert "cannot create checkpoint directory" in capsys.readouterr().err


def test_write_outside_scope_is_exit_3(project: Project, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GAIA_WRITE_SCOPE", "fork")
    assert cmd.main(["dev-story", "1"]) == 3
    assert "outside the 'fork' write scope" in capsys.readouterr().err


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert cmd.main(["--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: gaia write-checkpoint")


def test_real_process(project: Project) -> None:
    done = run_gaia("write-checkpoint", "dev-story", "3", "k=v", cwd=project.root)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith(".gaia/memory/checkpoints/dev-story/")
    assert json.loads((project.root / done.stdout.strip()).read_text())["key_variables"] == {"k": "v"}
