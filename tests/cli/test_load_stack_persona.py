from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.cli import load_stack_persona
from gaia_lib.core import paths
from helpers.projects import Project, run_gaia

AGENTS = paths.plugin_root() / "agents"


def test_story_stack_exact_stdout(project: Project) -> None:
    story = project.add_story(extra_frontmatter="stack: python-dev\n")
    result = run_gaia("load-stack-persona", "--story-file", str(story), cwd=project.root)
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        f"stack='python-dev'\nagent_file='{AGENTS / 'python-dev.md'}'\nsidecar_file=''\n"
    )
    assert result.stderr == ""


def test_config_stack_and_sidecar(project: Project, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    project.write(".gaia/config/project-config.yaml", "project:\n  stack: embedded-dev\n")
    memory = tmp_path / "mem"
    memory.mkdir()
    (memory / "embedded-dev-sidecar.md").write_text("notes")
    code = load_stack_persona.main(["--project-root", str(project.root), "--memory-dir", str(memory)])
    out = capsys.readouterr().out
    assert code == 0
    assert out == (
        f"stack='embedded-dev'\nagent_file='{AGENTS / 'embedded-dev.md'}'\n"
        f"sidecar_file='{(memory / 'embedded-dev-sidecar.md').resolve()}'\n"
    )


def test_flag_and_markers(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    project.write("go.mod", "module x\n")
    assert load_stack_persona.main(["--project-root", str(project.root)]) == 0
    assert capsys.readouterr().out.startswith("stack='go-dev'\n")
    assert load_stack_persona.main(["--stack", "ts-dev", "--project-root", str(project.root)]) == 0
    assert "typescript-dev.md" in capsys.readouterr().out


def test_unsupported_stack_exit_2(project: Project) -> None:
    result = run_gaia("load-stack-persona", "--project-root", str(project.root), cwd=project.root)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"load-stack-persona: unsupported stack: no canonical stack file detected under "
        f"{project.root.resolve()}\n"
    )


def test_non_canonical_flag_exit_2(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert load_stack_persona.main(["--stack", "rust-dev"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("load-stack-persona: unsupported stack: rust-dev (expected one of:")


def test_persona_file_missing_exit_2(project: Project, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "agents").mkdir()
    assert load_stack_persona.main(["--stack", "go-dev", "--agents-dir", str(tmp_path / "agents")]) == 2
    assert "persona file not found:" in capsys.readouterr().err


def test_bad_flags_exit_1(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert load_stack_persona.main(["--bogus"]) == 1
    assert load_stack_persona.main(["--stack"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "Traceback" not in err


def test_missing_story_file_exit_1(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert load_stack_persona.main(["--story-file", str(project.root / "nope.md")]) == 1
    assert capsys.readouterr().err.startswith("load-stack-persona: story file not found")
