"""core.git against a real git: the environment every call gets, reading results only when git
succeeded, the checked-out branch, and git missing."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gaia_lib.core import git, proc


def _repo(root: Path) -> Path:
    base = ["git", "-c", "user.email=t@example.invalid", "-c", "user.name=t"]
    subprocess.run([*base, "init", "-q", "-b", "trunk", str(root)], check=True)
    (root / "a.txt").write_text("a\n")
    (root / "odd name\twith tab.txt").write_text("b\n")
    subprocess.run([*base, "add", "-A"], cwd=root, check=True)
    subprocess.run([*base, "commit", "-qm", "first"], cwd=root, check=True)
    return root


def test_every_call_has_prompts_off_english_messages_and_no_optional_locks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    monkeypatch.setenv("GIT_TERMINAL_PROMPT", "1")
    monkeypatch.setenv("GAIA_PROBE_VAR", "kept")
    found = git.env()
    assert (found["GIT_TERMINAL_PROMPT"], found["LC_ALL"], found["GIT_OPTIONAL_LOCKS"],
            found["GAIA_PROBE_VAR"]) == ("0", "C", "0", "kept")


def test_names_keep_unusual_file_names_verbatim(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "r")
    listed = git.run(repo, "ls-files", "-z")
    assert git.names(listed) == ["a.txt", "odd name\twith tab.txt"]
    assert git.lines(git.run(repo, "log", "--format=%s")) == ["first"]


def test_a_failed_query_reads_as_nothing(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "r")
    failed = git.run(repo, "rev-parse", "--verify", "--quiet", "no-such-ref^{commit}")
    assert not failed.ok
    # git would print the ref back on some failures; nothing of a failure is read as output
    assert git.lines(failed) == [] and git.names(failed) == []
    assert not git.missing(failed)


def test_current_branch_named_detached_and_outside(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "r")
    assert git.current_branch(repo) == "trunk"
    subprocess.run(["git", "checkout", "-q", "--detach"], cwd=repo, check=True)
    assert git.current_branch(repo) is None
    outside = tmp_path / "plain"
    outside.mkdir()
    assert git.current_branch(outside) is None


def test_git_missing_is_told_apart_from_git_failing(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    result = git.run(tmp_path, "status")
    assert git.missing(result) and result.returncode == proc.EXIT_NOT_FOUND
    assert git.lines(result) == []
