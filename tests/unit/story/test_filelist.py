from __future__ import annotations

import json
import os
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest

from gaia_lib.core import git as gaia_git
from gaia_lib.core import proc
from gaia_lib.story import filelist
from helpers.gitrepo import git, make_repo


def test_no_file_list_section() -> None:
    result = filelist.check(None, Path("/nonexistent"))
    assert result.divergence == filelist.Divergence("no-file-list")
    assert result.divergence.to_json() == (
        '{"warning":"file-list-divergence","reason":"no-file-list",'
        '"missing_from_file_list":[],"extra_in_file_list":[]}'
    )


def test_empty_file_list_section() -> None:
    assert filelist.check((), Path("/nonexistent")).divergence == filelist.Divergence(
        "empty-file-list"
    )


def test_matching_lists_report_nothing(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r")
    result = filelist.check(("src/a.ts", "src/b.ts"), repo)
    assert result == filelist.CheckResult(None, None)


@pytest.mark.parametrize("merge", ["--no-ff", "--squash"])
def test_a_story_already_merged_is_compared_with_its_merge(tmp_path: Path, merge: str) -> None:
    """/gaia-dev-story reviews after its merge step: on the base, HEAD has nothing of its own,
    and the story's change set is its merge commit's (a later bookkeeping commit naming the key
    is not it)."""
    repo = make_repo(tmp_path / "r")
    git(repo, "checkout", "-q", "main")
    git(repo, "merge", "-q", merge, "feat/E1-S1")
    if merge == "--squash":
        git(repo, "commit", "-qm", "feat(E1-S1): a and b (#3)")
    else:
        git(repo, "commit", "-q", "--amend", "-m", "Merge pull request #3\n\nStory: E1-S1")
    (repo / ".gaia").mkdir()
    (repo / ".gaia" / "status.md").write_text("review\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "chore(E1-S1): status review")
    assert filelist.check(("src/a.ts", "src/b.ts"), repo, "main", "E1-S1") == \
        filelist.CheckResult(None, None)
    # without the key (upstream's file-list-diff-check on an old story), nothing is on HEAD
    assert filelist.check(("src/a.ts", "src/b.ts"), repo, "main").divergence == \
        filelist.Divergence("divergence", (), ("src/a.ts", "src/b.ts"))


def test_a_divergence_on_the_base_names_the_commit_it_read(tmp_path: Path) -> None:
    """duration-fns reviewed on master, where one commit named the story ("gaia init; story
    E7-S2 in review", its package-lock.json and GAIA's files): the warning said "changed on
    the branch" of a repository with no branch; it names the commit read."""
    repo = make_repo(tmp_path / "r")
    git(repo, "checkout", "-q", "main")
    (repo / "package-lock.json").write_text("{}\n")
    git(repo, "add", "package-lock.json")
    git(repo, "commit", "-qm", "gaia init; story E7-S2 in review")
    commit = gaia_git.run(repo, "rev-parse", "HEAD").stdout.strip()
    result = filelist.check(("src/a.ts",), repo, "main", "E7-S2", unbranched_note=True)
    assert result.divergence == filelist.Divergence("divergence", ("package-lock.json",),
                                                    ("src/a.ts",))
    assert result.against == (f"commit {commit[:12]}, the newest on main naming E7-S2, "
                              "against its parent: HEAD has no branch of its own")
    # on a branch of its own, its changes are the branch's: nothing to name
    git(repo, "checkout", "-q", "feat/E1-S1")
    assert filelist.check(("src/z.ts",), repo, "main", "E1-S1").against is None


def test_a_story_on_the_base_that_no_commit_names_has_nothing_to_compare(
        tmp_path: Path) -> None:
    """A story written for code already on main (no branch, no commit naming it): no
    divergence naming every listed file, but a note saying why nothing was compared."""
    repo = make_repo(tmp_path / "r")
    git(repo, "checkout", "-q", "main")
    result = filelist.check(("src/a.ts",), repo, "main", "E7-S7", unbranched_note=True)
    assert result.divergence is None
    assert result.note is not None and result.note.startswith(
        "no story branch to compare the File List with: HEAD is main")
    # a file changed in the work tree is still compared, but a listed file it leaves alone
    # is no divergence: it was delivered before
    (repo / "src" / "z.ts").write_text("new\n")
    result = filelist.check(("src/a.ts",), repo, "main", "E7-S7", unbranched_note=True)
    assert result.divergence == filelist.Divergence("divergence", ("src/z.ts",), (),
                                                    uncommitted=True)
    assert result.uncommitted  # what it read is the work tree's, by no branch
    assert result.note == ("only the uncommitted changes were compared with it, as HEAD is main "
                           "with no change of its own and no commit naming the story (pass "
                           "--base to compare with another branch)")
    assert filelist.check(("src/a.ts", "src/z.ts"), repo, "main", "E7-S7",
                          unbranched_note=True).divergence is None
    # upstream's check reports every listed file as unchanged
    (repo / "src" / "z.ts").unlink()
    assert filelist.check(("src/a.ts",), repo, "main", "E7-S7").divergence == \
        filelist.Divergence("divergence", (), ("src/a.ts",))
    # a branch behind the base is not the base (goutils' read "HEAD is master")
    (repo / "src" / "c.ts").write_text("later\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "later on main")
    git(repo, "checkout", "-q", "-b", "story/old", "main~1")
    result = filelist.check(("src/a.ts",), repo, "main", "E7-S7", unbranched_note=True)
    assert result.note == ("no story branch to compare the File List with: HEAD (story/old) "
                           "is behind main with no change of its own and no commit naming the "
                           "story (pass --base to compare with another branch)")



def test_a_status_commit_naming_the_story_is_named_in_the_note(tmp_path: Path) -> None:
    """A library's story written for code already on its default branch, committed with its
    status moved to review (`gaia: story E7-S7 in review`, GAIA's files alone): the note
    names that commit rather than saying no commit names the story."""
    repo = make_repo(tmp_path / "r")
    git(repo, "checkout", "-q", "main")
    (repo / ".gaia").mkdir()
    (repo / ".gaia" / "E7-S7.md").write_text("status: review\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "gaia: story E7-S7 in review")
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, check=True,
                          capture_output=True, text=True).stdout[:7]
    result = filelist.check(("src/a.ts",), repo, "main", "E7-S7", unbranched_note=True)
    assert result.divergence is None
    assert result.note == ("no story branch to compare the File List with: HEAD is main with "
                           f"no change of its own and the commits naming the story ({head}) "
                           "change only GAIA's own files (pass --base to compare with another "
                           "branch)")

def test_a_check_asks_git_each_question_once(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The fork point, HEAD and the story's merge are asked once per check, though both the
    changed files and the unbranched note need them."""
    repo = make_repo(tmp_path / "r")
    git(repo, "checkout", "-q", "main")
    asked: list[tuple[str, ...]] = []
    real = gaia_git.run

    def counted(where: Path, *args: str, **kwargs: Any) -> proc.ToolResult:
        asked.append(args)
        return real(where, *args, **kwargs)

    monkeypatch.setattr(gaia_git, "run", counted)
    result = filelist.check(("src/a.ts",), repo, "main", "E7-S7", unbranched_note=True)
    assert result.note is not None and result.note.startswith("no story branch")
    assert len(asked) == len(set(asked))
    assert ("rev-parse", "HEAD") in asked and ("merge-base", "main", "HEAD") in asked
    assert any(args[0] == "log" for args in asked)


def test_divergence_both_ways(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r")
    (repo / "new file.ts").write_text("x")  # untracked, with a space
    (repo / "src/a.ts").write_text("unstaged too\n")
    result = filelist.check(("src/a.ts", "src/c.ts"), repo)
    assert result.divergence == filelist.Divergence(
        "divergence", ("new file.ts", "src/b.ts"), ("src/c.ts",)
    )
    assert json.loads(result.divergence.to_json())["missing_from_file_list"] == [
        "new file.ts", "src/b.ts",
    ]


def test_untracked_files_no_story_delivers_are_left_out(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r")
    generated = ["env/lib/python3.11/site-packages/pytest/__init__.py", "env/bin/python",
                 "tools/.venv/lib/site.py", "node_modules/vitest/index.js",
                 "src/__pycache__/a.cpython-311.pyc", "src/b.pyc", ".pytest_cache/v/x",
                 ".mypy_cache/3.11/a.json", ".ruff_cache/x", ".tox/py311/log", ".nox/x",
                 # what a test run and its coverage wrote (a review's own run, too)
                 ".coverage", "api/.coverage.host.1234.XyZ", "api/coverage.json",
                 "coverage.xml", "web/coverage/lcov.info", "htmlcov/index.html",
                 # vitest's and jest's coverage/ directory, its HTML report beside the data
                 "coverage/coverage-final.json", "coverage/lcov-report/index.html",
                 "coverage/src/index.html",
                 ".nyc_output/x.json", "build/test-results/unit.xml",
                 # go test -coverprofile's profile, as gaia init's coverage command names it
                 "coverage.out", "pkg/cover.out"]
    for name in [*generated, "env/pyvenv.cfg", "tools/.venv/pyvenv.cfg"]:
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text("x")
    # Not an environment: a directory without pyvenv.cfg, however it is named; nor a
    # coverage report: a `coverage/` directory holding none (a module of that name)
    (repo / "venv").mkdir()
    (repo / "venv" / "notes.md").write_text("x")
    (repo / "src" / "coverage").mkdir(parents=True)
    (repo / "src" / "coverage" / "rules.ts").write_text("x")
    result = filelist.check(("src/a.ts", "src/b.ts"), repo)
    assert result.divergence is not None
    assert result.divergence.missing_from_file_list == ("src/coverage/rules.ts", "venv/notes.md")


def test_the_metadata_an_editable_install_writes_is_left_out(tmp_path: Path) -> None:
    """Cerberus 1.3.4's review, its developer having run `pip install -e .` to test it: the
    File List was said to miss `Cerberus.egg-info/PKG-INFO`, which setuptools writes at every
    install and no story delivers (its sdist ships one, so it was tracked there; in a clone
    the directory is untracked, as here). A module whose name merely ends so still counts."""
    repo = make_repo(tmp_path / "r")
    for name in ("Cerberus.egg-info/PKG-INFO", "Cerberus.egg-info/SOURCES.txt",
                 "src/egg-info.ts"):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text("x")
    result = filelist.check(("src/a.ts", "src/b.ts"), repo)
    assert result.divergence is not None
    assert result.divergence.missing_from_file_list == ("src/egg-info.ts",)


def test_an_untracked_link_to_a_generated_directory_is_left_out(tmp_path: Path) -> None:
    """js-search's review, its `node_modules` a symbolic link to an install kept outside the
    tree: `.gitignore`'s `node_modules/` matches no link, git lists the link as one untracked
    file, and the second round read it as a change of the branch missing from the File List.
    A link to a virtual environment is left out too; a link to a source directory counts."""
    repo = make_repo(tmp_path / "r")
    (repo / ".gitignore").write_text("node_modules/\n.venv/\n")
    git(repo, "add", ".gitignore")
    git(repo, "commit", "-qm", "ignore")
    shared = tmp_path / "shared"
    for name in ("node_modules/vitest/index.js", "venv/pyvenv.cfg", "lib/util.ts"):
        (shared / name).parent.mkdir(parents=True, exist_ok=True)
        (shared / name).write_text("x")
    (repo / "node_modules").symlink_to(shared / "node_modules")
    (repo / ".venv").symlink_to(shared / "venv")
    (repo / "src" / "vendor").symlink_to(shared / "lib")
    result = filelist.check(("src/a.ts", "src/b.ts", ".gitignore"), repo)
    assert result.divergence is not None
    assert result.divergence.missing_from_file_list == ("src/vendor",)


def test_a_tracked_file_in_a_generated_directory_still_counts(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r")
    (repo / "node_modules").mkdir()
    (repo / "node_modules" / "patched.js").write_text("x")
    git(repo, "add", "-f", "node_modules/patched.js")
    result = filelist.check(("src/a.ts", "src/b.ts"), repo)
    assert result.divergence is not None
    assert result.divergence.missing_from_file_list == ("node_modules/patched.js",)


def test_non_ascii_names_are_not_c_quoted(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r")
    (repo / "src/ä.ts").write_text("x")
    result = filelist.check(("src/a.ts", "src/b.ts"), repo)
    assert result.divergence is not None
    assert result.divergence.missing_from_file_list == ("src/ä.ts",)
    assert '"src/ä.ts"' in result.divergence.to_json()


def test_a_checks_first_questions_are_asked_side_by_side(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The repository, the base, HEAD and the fork point are asked at once, not one git
    process after another: each waits here until the four are all asked."""
    repo = make_repo(tmp_path / "r")
    first = {("rev-parse", "--git-dir"),
             ("rev-parse", "--verify", "--quiet", "--end-of-options", "main^{commit}"),
             ("rev-parse", "HEAD"), ("merge-base", "main", "HEAD")}
    together = threading.Barrier(len(first), timeout=30)
    real = gaia_git.run

    def asked_together(where: Path, *args: str, **kwargs: Any) -> proc.ToolResult:
        if args in first:
            together.wait()  # BrokenBarrierError: they were asked one after another
        return real(where, *args, **kwargs)

    monkeypatch.setattr(gaia_git, "run", asked_together)
    result = filelist.check(("src/a.ts", "src/b.ts"), repo, "main")
    assert result == filelist.check(("src/a.ts", "src/b.ts"), repo, "main")
    assert not together.broken


def test_not_a_git_repository(tmp_path: Path) -> None:
    result = filelist.check(("src/a.ts",), tmp_path)
    assert result.divergence is None
    assert result.note == (
        "git diff unavailable — divergence check skipped (not in a git repository)"
    )


@pytest.mark.parametrize(("stderr", "reason"), [
    ("fatal: not a git repository (or any of the parent directories): .git\n",
     "not in a git repository"),
    ("", "not in a git repository"),
    ("fatal: detected dubious ownership in repository at '/src/lib'\nTo add an exception for "
     "this directory, call:\n", "detected dubious ownership in repository at '/src/lib'"),
])
def test_git_refusing_the_repository_is_said_in_its_words(stderr: str, reason: str) -> None:
    assert filelist.refusal(stderr) == reason


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root: a repository owned by another user")
def test_a_repository_owned_by_another_user_is_named_as_such(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r")
    for path in [repo, *repo.rglob("*")]:
        os.chown(path, 65534, 65534, follow_symlinks=False)
    result = filelist.check(("src/a.ts",), repo)
    assert result.divergence is None and result.note is not None
    assert "detected dubious ownership in repository at" in result.note


@pytest.mark.parametrize("default_branch", ["main", "master"])
def test_base_falls_back_to_main_or_master(tmp_path: Path, default_branch: str) -> None:
    repo = make_repo(tmp_path / "r", base=default_branch)
    assert filelist.resolve_base(repo, "develop") == default_branch
    assert filelist.check(("src/a.ts", "src/b.ts"), repo, "develop").divergence is None


def test_base_falls_back_to_origin_branch(tmp_path: Path) -> None:
    upstream = make_repo(tmp_path / "up", base="trunk")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(upstream), str(clone))
    # the clone checked out the upstream's feature branch: trunk exists only as origin/trunk
    assert filelist.resolve_base(clone, "trunk") == "origin/trunk"
    assert filelist.resolve_base(clone, "release") is None


def test_no_base_ref_is_a_note(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", base="trunk")
    result = filelist.check(("src/a.ts",), repo, "release")
    assert result.divergence is None
    assert result.note == ("git diff unavailable — base ref not found (tried release, "
                           "origin/release, main, master, origin/main, origin/master; pass "
                           "--base BRANCH)")


def test_explicit_base_is_used(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r")
    (repo / "src/c.ts").write_text("x")
    git(repo, "add", "src/c.ts")
    git(repo, "commit", "-qm", "c")
    assert filelist.check(("src/c.ts",), repo, "HEAD~1").divergence is None
    assert filelist.check(("src/c.ts",), repo, "main").divergence == filelist.Divergence(
        "divergence", ("src/a.ts", "src/b.ts"), ()
    )


def test_what_landed_on_the_base_after_the_branch_left_it_is_not_the_storys(
        tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r")
    git(repo, "checkout", "-q", "main")
    (repo / "README.md").write_text("a later change on main\n")
    git(repo, "add", "README.md")
    git(repo, "commit", "-qm", "docs")
    git(repo, "checkout", "-q", "feat/E1-S1")
    assert filelist.check(("src/a.ts", "src/b.ts"), repo).divergence is None


def test_compare_is_pure_and_sorted() -> None:
    assert filelist.compare(["b", " a "], ["a", "b"]) is None
    assert filelist.compare(["z", "a"], ["y"]) == filelist.Divergence(
        "divergence", ("y",), ("a", "z")
    )


@pytest.mark.parametrize(("warning", "sentence"), [
    ('{"warning":"file-list-divergence","reason":"no-file-list"}',
     "The story has no File List section, so its change set cannot be checked."),
    ('{"warning":"file-list-divergence","reason":"empty-file-list"}',
     "The story's File List is empty, so its change set cannot be checked."),
    ('{"warning":"file-list-divergence","reason":"divergence","missing_from_file_list":[],'
     '"extra_in_file_list":["a.py","b.py"]}',
     "The File List and the branch's changes diverge — listed in the File List but not changed "
     "on the branch: a.py, b.py."),
    ('{"warning":"file-list-divergence","reason":"divergence","missing_from_file_list":'
     '["testdata/fixture.txt"],"extra_in_file_list":[],"changes":"uncommitted"}',
     "The File List and the uncommitted changes diverge — changed in the work tree but missing "
     "from the File List: testdata/fixture.txt."),
    ("plain text stays", "plain text stays"),
])
def test_gate_warnings_read_as_sentences(warning: str, sentence: str) -> None:
    assert filelist.warning_sentence(warning) == sentence


def test_a_long_file_list_in_a_gate_warning_is_cut_short() -> None:
    files = [f"pkg/m{n:03}.py" for n in range(25)]
    warning = json.dumps({"warning": "file-list-divergence", "reason": "divergence",
                          "missing_from_file_list": files, "extra_in_file_list": ["x.py"]})
    assert filelist.warning_sentence(warning) == (
        "The File List and the branch's changes diverge — changed on the branch but missing "
        f"from the File List: {', '.join(files[:20])} and 5 more; listed in the File List but "
        "not changed on the branch: x.py.")
