from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.cli import resolve_story_file
from helpers.projects import Project, gaia_env, run_gaia


def test_resolves_nested_story(project: Project) -> None:
    path = project.add_story(layout="nested")
    result = run_gaia("resolve-story-file", "E1-S1", cwd=project.root)
    assert (result.returncode, result.stdout, result.stderr) == (0, f"{path}\n", "")


def test_shadow_and_legacy_warnings_go_to_stderr(project: Project) -> None:
    flat = project.add_story(layout="flat")
    result = run_gaia("resolve-story-file", "E1-S1", cwd=project.root)
    assert result.returncode == 0 and result.stdout == f"{flat}\n"
    assert result.stderr == f"WARNING: legacy-flat path — {flat} (migrate to the nested layout)\n"
    per_story = project.add_story(layout="per-story")
    result = run_gaia("resolve-story-file", "E1-S1", cwd=project.root)
    assert result.stdout == f"{per_story}\n"
    assert result.stderr == f"WARNING: legacy-flat shadow ignored — {flat}\n"


def test_not_found_exit_1(project: Project) -> None:
    result = run_gaia("resolve-story-file", "E7-S7", cwd=project.root)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("resolve-story-file: story file not found for key E7-S7 — ")
    assert result.stderr.count("\n") == 1


def test_ambiguous_exit_2_lists_paths(project: Project) -> None:
    a = project.add_story(layout="nested", slug="a")
    b = project.add_story(layout="nested", slug="b")
    result = run_gaia("resolve-story-file", "E1-S1", cwd=project.root)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        "resolve-story-file: multiple nested story files matched key E1-S1 — resolve ambiguity: "
        f"{a}, {b}\n"
    )


def test_missing_root_exit_1(tmp_path: Path) -> None:
    result = run_gaia("resolve-story-file", "E1-S1", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith("resolve-story-file: implementation-artifacts root not found: ")


def test_env_root_and_project_flag(project: Project, tmp_path: Path) -> None:
    other = project.write("elsewhere/E1-S1-x.md", "---\n---\n")
    env = gaia_env(project.root, IMPLEMENTATION_ARTIFACTS=str(project.root / "elsewhere"))
    result = run_gaia("resolve-story-file", "E1-S1", cwd=project.root, env=env)
    assert result.returncode == 0 and result.stdout == f"{other}\n"
    nested = project.add_story(layout="nested")
    result = run_gaia("resolve-story-file", "E1-S1", "--project", str(project.root),
                      cwd=tmp_path, env=gaia_env())
    assert result.stdout == f"{nested}\n"


@pytest.mark.parametrize("key", ["../x", "E1-S1/..", "E1-S1/../../etc", "/etc/passwd", "E1-S*"])
def test_hostile_keys_exit_1_one_line(project: Project, key: str) -> None:
    project.add_story(layout="flat")
    result = run_gaia("resolve-story-file", key, cwd=project.root)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.startswith("resolve-story-file: invalid story key ")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_nul_key_in_process(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    assert resolve_story_file.main(["E1-S1\x00/../x"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "resolve-story-file: invalid story key 'E1-S1\\x00/../x' "
        "(ASCII letters, digits, '.', '_' and '-', not starting with '-' or '.', no '..'; "
        "e.g. E1-S1)\n"
    )


@pytest.mark.parametrize("argv", [[], ["E1-S1", "E1-S2"], ["--bogus", "E1-S1"]])
def test_usage_errors_exit_1(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert resolve_story_file.main(argv) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("resolve-story-file: ") and err.count("\n") == 1
