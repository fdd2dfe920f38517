from __future__ import annotations

from pathlib import Path

from helpers.gitrepo import git, make_repo
from helpers.projects import run_gaia, story_text


def story_file(repo: Path, files: list[str] | None, heading: str = "###") -> Path:
    text = story_text(file_list=files or [])
    if files is None:
        text = text.replace("### File List\n\n\n", "")
    elif heading == "##":
        text = text.replace("### File List", "## File List")
    path = repo.parent / "story.md"
    path.write_text(text)
    return path


def test_divergence_json_line(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r")
    story = story_file(repo, ["src/a.ts", "src/c.ts"])
    result = run_gaia("file-list-diff-check", "--story-file", str(story), "--repo", str(repo),
                      cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout == (
        '{"warning":"file-list-divergence","reason":"divergence",'
        '"missing_from_file_list":["src/b.ts"],"extra_in_file_list":["src/c.ts"]}\n'
    )


def test_h2_and_h3_file_list_both_count(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r")
    for heading in ("##", "###"):
        story = story_file(repo, ["src/a.ts", "src/b.ts"], heading)
        result = run_gaia("file-list-diff-check", "--story-file", str(story), cwd=repo)
        assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_no_and_empty_file_list(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r")
    none = run_gaia("file-list-diff-check", "--story-file", str(story_file(repo, None)), cwd=repo)
    assert none.stdout == (
        '{"warning":"file-list-divergence","reason":"no-file-list",'
        '"missing_from_file_list":[],"extra_in_file_list":[]}\n'
    )
    empty = run_gaia("file-list-diff-check", "--story-file", str(story_file(repo, [])), cwd=repo)
    assert '"reason":"empty-file-list"' in empty.stdout and empty.returncode == 0


def test_not_a_repo_is_a_stderr_note(tmp_path: Path) -> None:
    story = story_file(tmp_path / "plain", ["a.ts"])
    result = run_gaia("file-list-diff-check", "--story-file", str(story), cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "")
    assert result.stderr == (
        "file-list-diff-check: git diff unavailable — divergence check skipped "
        "(not in a git repository)\n"
    )


def test_base_flag(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r")
    git(repo, "branch", "-q", "release", "HEAD")
    story = story_file(repo, ["src/a.ts", "src/b.ts"])
    result = run_gaia("file-list-diff-check", "--story-file", str(story), "--base", "release",
                      cwd=repo)
    assert result.stdout == (
        '{"warning":"file-list-divergence","reason":"divergence",'
        '"missing_from_file_list":[],"extra_in_file_list":["src/a.ts","src/b.ts"]}\n'
    )


def test_caller_errors_exit_1(tmp_path: Path) -> None:
    for args in ([], ["--story-file", str(tmp_path / "missing.md")], ["--bogus"],
                 ["--story-file", "x.md", "--base", "-rf"],
                 ["--story-file", "x.md", "--repo", str(tmp_path / "nope")]):
        result = run_gaia("file-list-diff-check", *args, cwd=tmp_path)
        assert result.returncode == 1, args
        assert result.stdout == ""
        assert result.stderr.startswith("file-list-diff-check: ") and result.stderr.count("\n") == 1
