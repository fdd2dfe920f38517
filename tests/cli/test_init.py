from __future__ import annotations

from pathlib import Path

import pytest

from helpers.projects import gaia_env, run_gaia


def _repo(tmp_path: Path) -> Path:
    root = tmp_path / "lib"
    (root / "tests").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname='lib'\n")
    (root / "tests" / "test_lib.py").write_text("def test_x(): pass\n")
    return root


def test_init_prints_its_choices_and_refuses_a_second_time(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    done = run_gaia("init", "--project", str(root), cwd=tmp_path, env=gaia_env())
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.splitlines()[:3] == [
        "stack: python-dev (., 1 test file)",
        "  test command: python -m pytest -q",
        "  coverage command: python -m coverage run --branch -m pytest -q; "
        "python -m coverage json -q -o coverage.json",
    ]
    assert "wrote: .gaia/config/project-config.yaml" in done.stdout
    again = run_gaia("init", "--project", str(root), cwd=tmp_path, env=gaia_env())
    assert again.returncode == 1
    assert again.stdout == ""
    assert again.stderr.count("\n") == 1 and again.stderr.startswith("init: already set up:")
    forced = run_gaia("init", "--project", str(root), "--force", cwd=tmp_path, env=gaia_env())
    assert forced.returncode == 0
    assert "kept: .gaia/state/sprint-status.yaml" in forced.stdout


def test_init_then_the_review_commands_read_the_config(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    assert run_gaia("init", cwd=root, env=gaia_env(root)).returncode == 0
    persona = run_gaia("load-stack-persona", cwd=root, env=gaia_env(root))
    assert persona.returncode == 0, persona.stderr
    assert persona.stdout.startswith("stack='python-dev'\n")


def test_init_without_a_stack_exits_2(tmp_path: Path) -> None:
    done = run_gaia("init", "--project", str(tmp_path), cwd=tmp_path, env=gaia_env())
    assert done.returncode == 2
    assert done.stderr.startswith("init: no stack found")


@pytest.mark.parametrize("package", [
    ".",  # goutils as Debian's package ships it: its sources and tests, no go.mod
    # a collections module as Debian ships it: no Go file at the top, its packages in
    # directories of their own
    "queues/ringqueue",
])
def test_init_of_go_files_without_a_module_says_to_make_one(tmp_path: Path,
                                                            package: str) -> None:
    folder = tmp_path / package
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "words.go").write_text("package words\n", encoding="utf-8")
    (folder / "words_test.go").write_text("package words\n", encoding="utf-8")
    done = run_gaia("init", "--project", str(tmp_path), cwd=tmp_path, env=gaia_env())
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert done.stderr.rstrip().endswith(
        "its Go files have no go.mod, which `go test` needs: run `go mod init <module path>` "
        "there first")


def test_init_of_go_files_only_under_testdata_says_no_more(tmp_path: Path) -> None:
    (tmp_path / "testdata").mkdir()
    (tmp_path / "testdata" / "sample.go").write_text("package sample\n", encoding="utf-8")
    done = run_gaia("init", "--project", str(tmp_path), cwd=tmp_path, env=gaia_env())
    assert done.returncode == 2
    assert "go mod init" not in done.stderr


def test_init_usage_error_exits_2(tmp_path: Path) -> None:
    done = run_gaia("init", "--bogus", cwd=tmp_path, env=gaia_env())
    assert done.returncode == 2
    assert done.stderr.startswith("init: unrecognized arguments: --bogus")


def test_persona_name_is_accepted_as_a_stack_token(tmp_path: Path) -> None:
    done = run_gaia("load-stack-persona", "--stack", "typescript-dev", cwd=tmp_path,
                    env=gaia_env(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("stack='ts-dev'\n") and "typescript-dev.md" in done.stdout
    probe = run_gaia("tool-availability-probe", "--stack", "typescript-dev", cwd=tmp_path,
                     env=gaia_env(tmp_path))
    assert '"stack": "ts-dev"' in probe.stdout  # exit 1 only says jest/vitest are missing here
    bogus = run_gaia("tool-availability-probe", "--stack", "typescript", cwd=tmp_path,
                     env=gaia_env(tmp_path))
    assert bogus.returncode == 2 and "unsupported stack" in bogus.stderr


def test_story_new_writes_a_story_the_other_commands_read(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    assert run_gaia("init", cwd=root, env=gaia_env(root)).returncode == 0
    made = run_gaia("story", "new", "E2-S4", "--title", "Refuse expired codes", "--priority", "P0",
                    cwd=root, env=gaia_env(root))
    assert made.returncode == 0, made.stderr
    rel, listed = made.stdout.strip().splitlines()
    assert rel == ".gaia/artifacts/implementation-artifacts/epic-e2/stories/E2-S4-refuse-expired-codes.md"
    # Listed in the epics index, so a transition updates it there too.
    index = root / ".gaia/artifacts/planning-artifacts/epics-and-stories.md"
    assert listed == "listed in .gaia/artifacts/planning-artifacts/epics-and-stories.md"
    assert "## Epic E2\n\n### Story E2-S4: Refuse expired codes\n\n- **Status:** backlog\n" \
        "- **Priority:** P0\n" in index.read_text()
    moved = run_gaia("transition-story-status", "E2-S4", "--to", "ready-for-dev", cwd=root,
                     env=gaia_env(root))
    assert moved.returncode == 0 and "not present in" not in moved.stdout + moved.stderr
    assert "- **Status:** ready-for-dev\n" in index.read_text()
    found = run_gaia("resolve-story-file", "E2-S4", cwd=root, env=gaia_env(root))
    assert found.returncode == 0 and found.stdout.strip().endswith(rel)
    parsed = run_gaia("story", "parse", str(root / rel), cwd=root, env=gaia_env(root))
    assert "STATUS='ready-for-dev'" in parsed.stdout and "AC_COUNT='1'" in parsed.stdout
    again = run_gaia("story", "new", "E2-S4", "--title", "x", cwd=root, env=gaia_env(root))
    assert again.returncode == 1 and "already exists" in again.stderr
    missing = run_gaia("story", "new", "E2-S5", cwd=root, env=gaia_env(root))
    assert missing.returncode == 2 and "--title" in missing.stderr
    # Every bad value of a flag exits 1, as a bad priority does.
    for flag, value in (("--priority", "P7"), ("--points", "500"), ("--risk", "huge")):
        bad = run_gaia("story", "new", "E2-S5", "--title", "t", flag, value, cwd=root,
                       env=gaia_env(root))
        assert (bad.returncode, bad.stderr.count("\n")) == (1, 1), (flag, bad.stderr)
        assert f"invalid {flag} '{value}'" in bad.stderr
