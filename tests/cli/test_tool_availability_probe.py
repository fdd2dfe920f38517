from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from helpers.projects import Project, gaia_env, run_gaia


def fake_tool(directory: Path, name: str, body: str) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / name).write_text(f"#!/bin/sh\n{body}\n")
    (directory / name).chmod(0o755)


def probe(
    project: Project, bin_dir: Path, *args: str
) -> subprocess.CompletedProcess[str]:
    env = gaia_env(project.root, PATH=f"{bin_dir}{os.pathsep}/usr/bin{os.pathsep}/bin")
    return run_gaia("tool-availability-probe", *args, cwd=project.root, env=env)


def test_stack_available(project: Project, tmp_path: Path) -> None:
    fake_tool(tmp_path / "bin", "bats", 'echo "Bats 1.11.0"')
    result = probe(project, tmp_path / "bin", "--stack", "bash-dev")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["state"] == "available"
    assert data["tool_versions"] == {"bats": "1.11.0"}
    assert data["runners"] == [{
        "tool": "bats", "found": True, "path": str(tmp_path / "bin" / "bats"), "via": "path",
        "version": "1.11.0", "timed_out": False,
    }]


def test_stack_missing_runner_exit_1(project: Project, tmp_path: Path) -> None:
    (tmp_path / "bin").mkdir()
    env = gaia_env(project.root, PATH=str(tmp_path / "bin"))
    result = run_gaia("tool-availability-probe", "--stack", "flutter-dev", cwd=project.root,
                      env=env)
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["state"] == "expected_and_missing"
    assert data["install_hint"].startswith("flutter-dev needs a test runner (flutter): install")


def test_unknown_stack_exit_2(project: Project, tmp_path: Path) -> None:
    result = probe(project, tmp_path, "--stack", "cobol-dev")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("tool-availability-probe: unsupported stack: cobol-dev")


def test_tool_tri_state(project: Project, tmp_path: Path) -> None:
    cfg = tmp_path / "cfg.yaml"
    cfg.write_text("tool_adapters:\n  eslint: null\n  not-real-xyz:\n    path: /opt/x\n")
    omitted = probe(project, tmp_path, "--tool", "shellcheck", "--config", str(cfg))
    assert (omitted.returncode, omitted.stdout) == (0, "")
    declared = probe(project, tmp_path, "--tool", "not-real-xyz", "--config", str(cfg))
    assert declared.returncode == 0
    assert json.loads(declared.stdout) == {
        "available": False, "message": "advisory: not-real-xyz is declared in tool_adapters "
        "but not installed", "probe_state": "declared", "severity": "WARNING",
        "tool": "not-real-xyz", "version": None,
    }


def test_adapter_dir_form(project: Project, tmp_path: Path) -> None:
    adapter = tmp_path / "adapter"
    adapter.mkdir()
    (adapter / "adapter.json").write_text(json.dumps(
        {"provider": "nothere-xyz", "file-extensions": [".ts"]}))
    fake_tool(adapter, "run.sh", "exit 0")
    files = tmp_path / "files.txt"
    files.write_text("src/a.ts\n")
    result = probe(project, tmp_path, "--adapter-dir", str(adapter), "--file-list", str(files))
    assert result.returncode == 1
    assert result.stdout == (
        '{"state":"expected_and_missing","skip_reason":null,"error_detail":null,'
        '"failure_kind":"tool_missing"}\n'
    )
    assert result.stderr.startswith("tool-availability-probe: tool not on PATH: nothere-xyz")


def test_caller_errors_exit_1(project: Project, tmp_path: Path) -> None:
    cases = [
        ["--tool", "shellcheck"],
        ["--tool", "x", "--config", "c.yaml", "--adapter-dir", "d"],
        ["--adapter-dir", str(tmp_path)],
        [],
        ["--stack", "go-dev", "--timeout", "0"],
        ["--tool", "../sh", "--config", "c.yaml"],
        ["--tool", "shellcheck", "--config", str(tmp_path / "typo.yaml")],  # no such file
    ]
    for args in cases:
        result = probe(project, tmp_path, *args)
        assert result.returncode == 1, args
        assert result.stdout == ""
        assert result.stderr.startswith("tool-availability-probe: ")
        assert result.stderr.count("\n") == 1
