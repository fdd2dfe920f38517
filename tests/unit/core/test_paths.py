from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.core import paths


def test_plugin_root_is_the_repository_root() -> None:
    root = paths.plugin_root()
    assert (root / "scripts" / "gaia_lib" / "core" / "paths.py").is_file()


def test_data_dir_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("GAIA_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert paths.data_dir() == tmp_path / "xdg" / "gaia"
    monkeypatch.setenv("GAIA_DATA_DIR", str(tmp_path / "g"))
    assert paths.data_dir() == tmp_path / "g"
    monkeypatch.setenv("CLAUDE_PLUGIN_DATA", str(tmp_path / "c"))
    assert paths.data_dir() == tmp_path / "c"


def test_project_dir_explicit_then_env_then_markers(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "p" / ".gaia").mkdir(parents=True)
    deep = tmp_path / "p" / "src" / "pkg"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    assert paths.project_dir() == (tmp_path / "p").resolve()
    monkeypatch.setenv("CLAUDE_PROJECT_DIR", str(tmp_path))
    assert paths.project_dir() == tmp_path.resolve()
    assert paths.project_dir(tmp_path / "p") == (tmp_path / "p").resolve()


def test_project_dir_falls_back_to_git_top_then_cwd(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    (tmp_path / "repo" / "a").mkdir()
    monkeypatch.chdir(tmp_path / "repo" / "a")
    assert paths.project_dir() == (tmp_path / "repo").resolve()


def test_artifact_roots_prefer_canonical_then_legacy(tmp_path: Path) -> None:
    assert paths.implementation_artifacts(tmp_path) == (
        tmp_path / ".gaia" / "artifacts" / "implementation-artifacts"
    )
    (tmp_path / "docs" / "implementation-artifacts").mkdir(parents=True)
    assert paths.implementation_artifacts(tmp_path) == tmp_path / "docs" / "implementation-artifacts"
    (tmp_path / ".gaia" / "artifacts" / "implementation-artifacts").mkdir(parents=True)
    assert paths.implementation_artifacts(tmp_path) == (
        tmp_path / ".gaia" / "artifacts" / "implementation-artifacts"
    )


def test_artifact_root_env_override(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("IMPLEMENTATION_ARTIFACTS", "custom/impl")
    assert paths.implementation_artifacts(tmp_path) == tmp_path / "custom" / "impl"


def test_project_config_legacy_fallback(tmp_path: Path) -> None:
    assert paths.project_config(tmp_path) == tmp_path / ".gaia" / "config" / "project-config.yaml"
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "project-config.yaml").write_text("{}")
    assert paths.project_config(tmp_path) == tmp_path / "config" / "project-config.yaml"


def test_relative_to_project(tmp_path: Path) -> None:
    assert paths.relative_to_project(tmp_path / "a" / "b.py", tmp_path) == "a/b.py"
    outside = tmp_path.parent / "elsewhere.py"
    assert paths.relative_to_project(outside, tmp_path) == str(outside)


def test_env_path_resolves_relative_overrides_against_the_project(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert paths.env_path("SPRINT_STATUS_YAML", tmp_path) is None
    monkeypatch.setenv("SPRINT_STATUS_YAML", "custom/sprint.yaml")
    assert paths.env_path("SPRINT_STATUS_YAML", tmp_path) == tmp_path / "custom" / "sprint.yaml"
    monkeypatch.setenv("SPRINT_STATUS_YAML", "/abs/sprint.yaml")
    assert paths.env_path("SPRINT_STATUS_YAML", tmp_path) == Path("/abs/sprint.yaml")


@pytest.mark.parametrize(("entry", "expected"), [
    ("`src/app.py`", "src/app.py"),
    ("  ./././src//app.py ", "src/app.py"),
    ("tests/unit/", "tests/unit"),
    ("/etc/passwd", None),
    ("../outside.py", None),
    ("src/../../outside.py", None),
    ("``", None),
])
def test_listed_path_keeps_file_list_entries_inside_the_project(entry: str,
                                                                 expected: str | None) -> None:
    assert paths.listed_path(entry) == expected


def test_a_file_list_entry_that_names_no_file_of_the_project_says_why(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.py").write_text("")
    assert paths.listed_problem("`src/a.py`", tmp_path) is None
    assert paths.listed_problem("src/b.py", tmp_path) == \
        "File List entry 'src/b.py' does not exist on disk"
    for outside in ("/etc/hostname", "../../../../etc/passwd"):
        assert paths.listed_problem(outside, tmp_path) == \
            f"File List entry '{outside}' points outside the project"
    assert paths.listed_problem("``", tmp_path) == "File List entry '``' is empty"


def test_a_file_list_pattern_is_said_to_be_one_with_the_files_it_matches(tmp_path: Path) -> None:
    """css-select's story listed `src/helpers/*.spec.ts` for its two spec files and read
    "does not exist on disk", though the pattern matched both: it is said to be a pattern,
    with what it matches to list instead; a folder named with brackets is a path."""
    (tmp_path / "src" / "helpers").mkdir(parents=True)
    for name in ("cache.spec.ts", "selectors.spec.ts", "cache.ts"):
        (tmp_path / "src" / "helpers" / name).write_text("")
    assert paths.listed_problem("`src/helpers/*.spec.ts`", tmp_path) == (
        "File List entry '`src/helpers/*.spec.ts`' is a pattern, not a file: the File List "
        "names files; it matches src/helpers/cache.spec.ts, src/helpers/selectors.spec.ts")
    assert paths.listed_problem("src/lib/*.spec.ts", tmp_path) == (
        "File List entry 'src/lib/*.spec.ts' is a pattern, not a file: the File List names "
        "files; it matches none")
    (tmp_path / "app" / "[slug]").mkdir(parents=True)
    (tmp_path / "app" / "[slug]" / "page.tsx").write_text("")
    assert paths.listed_problem("app/[slug]/page.tsx", tmp_path) is None
    assert paths.listed_problem("app/[slug]/pages.tsx", tmp_path) == (
        "File List entry 'app/[slug]/pages.tsx' does not exist on disk (did you mean "
        "'app/[slug]/page.tsx'?)")


def test_a_missing_file_list_entry_names_the_file_it_was_likely_meant_for(tmp_path: Path) -> None:
    """httprouter's story listing `paths_test.go` for its `path_test.go`: the review left
    CleanPath's tests unattributed; the warning names the file the entry was likely meant
    for, in a subdirectory too, and none where no name is near."""
    for name in ("path.go", "path_test.go", "router_test.go"):
        (tmp_path / name).write_text("package httprouter\n")
    (tmp_path / "internal").mkdir()
    (tmp_path / "internal" / "tree_test.go").write_text("package internal\n")
    assert paths.listed_problem("`paths_test.go`", tmp_path) == \
        "File List entry '`paths_test.go`' does not exist on disk (did you mean 'path_test.go'?)"
    assert paths.listed_problem("internal/trees_test.go", tmp_path) == (
        "File List entry 'internal/trees_test.go' does not exist on disk (did you mean "
        "'internal/tree_test.go'?)")
    assert paths.listed_problem("cleanpath_test.go", tmp_path) == \
        "File List entry 'cleanpath_test.go' does not exist on disk"
    assert paths.listed_problem("nowhere/x.go", tmp_path) == \
        "File List entry 'nowhere/x.go' does not exist on disk"


def test_a_missing_entry_the_branch_changed_was_deleted_not_mistyped(tmp_path: Path) -> None:
    """pysrt's `tests/test_srttime.py` deleted on the branch: no near name is guessed."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_srtfile.py").write_text("def test_x():\n    assert 1\n")
    assert paths.listed_problem("tests/test_srttime.py", tmp_path,
                                changed={"tests/test_srttime.py"}) == \
        "File List entry 'tests/test_srttime.py' does not exist on disk: the branch deleted it"
    assert paths.listed_problem("tests/test_srttime.py", tmp_path) == (
        "File List entry 'tests/test_srttime.py' does not exist on disk (did you mean "
        "'tests/test_srtfile.py'?)")


def test_a_missing_entry_deleted_in_uncommitted_changes_was_deleted_by_no_branch(
        tmp_path: Path) -> None:
    """A story reviewed on master, a listed test file removed in the work tree and not
    committed: there is no branch to have deleted it."""
    (tmp_path / "decode_test.go").write_text("package qs\n")
    assert paths.listed_problem("encode_test.go", tmp_path, changed={"encode_test.go"},
                                uncommitted=True) == (
        "File List entry 'encode_test.go' does not exist on disk: deleted in the uncommitted "
        "changes")


def test_a_missing_entry_never_names_a_file_the_file_list_names_too(tmp_path: Path) -> None:
    """headers-polyfill's story with `listToHeaders.test.ts` deleted: its warning asked "did you
    mean 'src/transformers/listToHeaders.ts'?", the source the File List names beside it."""
    (tmp_path / "src").mkdir()
    for name in ("parse.ts", "parse.spec.ts", "format.ts"):
        (tmp_path / "src" / name).write_text("export const x = 1\n")
    listed = ["`src/parse.ts`", "src/format.ts", "src/format.spec.ts"]
    assert paths.listed_problem("src/format.spec.ts", tmp_path, listed) == \
        "File List entry 'src/format.spec.ts' does not exist on disk"
    # a near name the File List does not name is still offered
    assert paths.listed_problem("src/parses.spec.ts", tmp_path, listed) == (
        "File List entry 'src/parses.spec.ts' does not exist on disk (did you mean "
        "'src/parse.spec.ts'?)")


def test_a_missing_entry_names_the_file_of_its_words_in_another_order(tmp_path: Path) -> None:
    """pyrsistent's tests are `tests/deque_test.py`; a story listing `tests/test_deque.py`, the
    other name pytest collects, was told only that it does not exist (too far for a typo)."""
    (tmp_path / "tests").mkdir()
    for name in ("deque_test.py", "bag_test.py", "list_test.py"):
        (tmp_path / "tests" / name).write_text("def test_x():\n    assert 1\n")
    assert paths.listed_problem("`tests/test_deque.py`", tmp_path) == (
        "File List entry '`tests/test_deque.py`' does not exist on disk (did you mean "
        "'tests/deque_test.py'?)")
    assert paths.listed_problem("tests/test_vector.py", tmp_path) == \
        "File List entry 'tests/test_vector.py' does not exist on disk"


def test_a_missing_entry_never_names_the_bytecode_left_beside_it(tmp_path: Path) -> None:
    """An old sdist ships Python 2's bytecode beside its tests (`tests/test_srttime.pyc`); a
    story whose `tests/test_srttime.py` was deleted had been asked "did you mean
    'tests/test_srttime.pyc'?": a compiled file is no name a File List means."""
    (tmp_path / "tests").mkdir()
    for name in ("test_clock.pyc", "test_clock.pyo", "test_alarm.py"):
        (tmp_path / "tests" / name).write_bytes(b"\x03\xf3\r\n")
    assert paths.listed_problem("tests/test_clock.py", tmp_path) == \
        "File List entry 'tests/test_clock.py' does not exist on disk"
    # a source near the entry's name is still offered
    assert paths.listed_problem("tests/test_alarms.py", tmp_path) == (
        "File List entry 'tests/test_alarms.py' does not exist on disk (did you mean "
        "'tests/test_alarm.py'?)")
