"""dod-check on real projects: a real pytest run, real git staging."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from gaia_lib.dev_story import dod_check
from helpers.gitrepo import git
from helpers.projects import Project

PYTEST = f"{sys.executable} -m pytest -q -p no:cacheprovider"


def _python_project(project: Project, test_body: str, config: str = "") -> None:
    project.write("pytest.ini", "[pytest]\npythonpath = .\n")
    project.write("calc.py", "def add(a, b):\n    return a + b\n")
    project.write("tests/test_calc.py", f"from calc import add\n\n\n{test_body}\n")
    project.write(".gaia/config/project-config.yaml", f'test_cmd: "{PYTEST}"\n{config}')


def _rows(project: Project, story: str | None = None) -> dict[str, dod_check.Row]:
    return {r.item: r for r in dod_check.run(project.root, story)}


def test_rows_in_order_and_real_pytest_passes(project: Project) -> None:
    _python_project(project, "def test_add():\n    assert add(1, 2) == 3")
    rows = dod_check.run(project.root, str(project.add_story()))
    assert [r.item for r in rows] == list(dod_check.ITEMS)
    by = {r.item: r for r in rows}
    assert by["tests"].status == "PASSED" and by["tests"].output.startswith("1 passed, 0 failed")
    assert by["build"].status == "SKIPPED" and by["subtasks"].status == "PASSED"
    assert by["secrets"].status == "SKIPPED"  # not a git work tree


def test_failing_test_is_failed(project: Project) -> None:
    _python_project(project, "def test_add():\n    assert add(1, 2) == 4")
    row = _rows(project)["tests"]
    assert row.status == "FAILED" and row.output.startswith("0 passed, 1 failed (exit 1)")
    assert row.output.endswith(": assert 3 == 4")  # why, in the run's own words


def test_a_collection_error_says_which_module_is_missing(project: Project) -> None:
    _python_project(project, "import not_installed_xyz\n\n\ndef test_add():\n    pass")
    row = _rows(project)["tests"]
    assert row.status == "FAILED"
    assert row.output.endswith(
        "(exit 2): ModuleNotFoundError: No module named 'not_installed_xyz'"), row.output


def test_build_and_lint_commands_run(project: Project) -> None:
    _python_project(project, "def test_add():\n    assert add(1, 2) == 3",
                    'build_cmd: "sh -c \'echo built; exit 3\'"\nlint_cmd: "true"\n')
    rows = _rows(project)
    assert (rows["build"].status, rows["build"].output) == ("FAILED", "built")
    assert rows["lint"].status == "PASSED"



def test_a_command_setting_its_environment_runs_as_sh_would_run_it(project: Project) -> None:
    """`NAME=value cmd` sets cmd's environment in sh; as an argument list it would be a
    program named `NAME=value`, which no PATH holds."""
    _python_project(project, "def test_add():\n    assert add(1, 2) == 3",
                    'build_cmd: "STAGE=built printenv STAGE"\n')
    assert _rows(project)["build"] == dod_check.Row("build", "PASSED", "built")

def test_a_test_command_whose_output_gives_no_counts_is_not_said_as_one_test(
        project: Project) -> None:
    _python_project(project, "def test_add():\n    assert add(1, 2) == 3")
    project.write(".gaia/config/project-config.yaml",
                  f'test_cmd: "{PYTEST} > /dev/null"\n')
    row = _rows(project)["tests"]
    assert (row.status, row.output) == ("PASSED", "exit 0; its output gives no test counts")


def test_configured_command_missing_is_failed(project: Project) -> None:
    project.write(".gaia/config/project-config.yaml", 'test_cmd: "no-such-runner-xyz"\n')
    row = _rows(project)["tests"]
    assert row.status == "FAILED" and "no-such-runner-xyz" in row.output


def test_autodetected_tool_missing_is_skipped_with_warn(project: Project,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    project.write("pyproject.toml", "[project]\nname='x'\n\n[tool.ruff]\nline-length = 99\n")
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    rows = _rows(project)
    assert rows["tests"] == dod_check.Row("tests", "SKIPPED",
                                          "[WARN] pytest not installed; skipping tests")
    assert rows["lint"].output == "[WARN] ruff not installed; skipping lint"


@pytest.mark.parametrize(("files", "runs"), [
    ({"pyproject.toml": "[project]\nname='x'\n"}, False),
    ({"setup.py": "from setuptools import setup\n"}, False),
    ({"pyproject.toml": "[project]\nname='x'\n\n[tool.ruff.lint]\nselect = ['F']\n"}, True),
    ({"ruff.toml": "line-length = 99\n"}, True),
    ({".ruff.toml": "line-length = 99\n"}, True),
])
def test_ruff_runs_only_where_the_project_configures_it(
        project: Project, files: dict[str, str], runs: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The real ruff, a dev requirement installed beside this interpreter, found on PATH.
    bin_dir = Path(sys.executable).parent
    assert (bin_dir / "ruff").is_file(), "ruff is a dev requirement of this venv"
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    for name, text in files.items():
        project.write(name, text)
    project.write("legacy.py", "import os\n")  # F401 under ruff's default rules
    row = _rows(project)["lint"]
    if runs:
        assert row.status == "FAILED"  # ruff found the unused import
    else:
        assert row == dod_check.Row("lint", "SKIPPED", "no lint_cmd configured, and the "
                                    "project configures no ruff or eslint")


@pytest.mark.parametrize(("files", "configured"), [
    ({"package.json": '{"name": "x"}'}, False),
    ({"package.json": '{"name": "x", "eslintConfig": {"root": true}}'}, True),
    ({"package.json": '{"name": "x"}', "eslint.config.mjs": "export default [];\n"}, True),
    ({"package.json": '{"name": "x"}', ".eslintrc.json": "{}"}, True),
])
def test_eslint_is_looked_for_only_where_the_project_configures_it(
        project: Project, files: dict[str, str], configured: bool,
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name, text in files.items():
        project.write(name, text)
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    row = _rows(project)["lint"]
    expected = ("[WARN] eslint not installed; skipping lint" if configured else
                "no lint_cmd configured, and the project configures no ruff or eslint")
    assert (row.status, row.output) == ("SKIPPED", expected)


def test_nothing_to_run_is_skipped(project: Project) -> None:
    assert _rows(project)["tests"].status == "SKIPPED"


def test_unchecked_subtasks_fail(project: Project) -> None:
    path = project.add_story()
    path.write_text(path.read_text().replace("  - [x] Reject", "  - [ ] Reject"))
    row = _rows(project, str(path))["subtasks"]
    assert row == dod_check.Row("subtasks", "FAILED",
                                "1 unchecked subtask(s), first: Reject malformed addresses")


def test_secrets_in_the_staged_diff(project: Project) -> None:
    git(project.root, "init", "-q")
    project.write("app.py", "x = 1\n")
    git(project.root, "add", "app.py")
    assert _rows(project)["secrets"].status == "PASSED"
    token = "ghp_" + "a1B2" * 9
    project.write("app.py", f"TOKEN = '{token}'\n")
    project.write(".env.local", "A=1\n")
    git(project.root, "add", "app.py", ".env.local")
    row = _rows(project)["secrets"]
    assert row.status == "FAILED" and token not in row.output
    assert row.output == ("secret-looking file staged: .env.local; GitHub token pattern in the "
                          "staged diff")


def test_secrets_the_commit_step_will_stage_fail_before_it_stages_them(
        project: Project) -> None:
    """The skill runs dod-check before its `git add -A`: a key written into a tracked file and
    an untracked `.env` are what that commit would carry."""
    git(project.root, "init", "-q")
    project.write("app.py", "x = 1\n")
    git(project.root, "add", "-A")
    git(project.root, "-c", "user.email=t@example.invalid", "-c", "user.name=t", "commit",
        "-qm", "base")
    project.write("app.py", "AWS = 'AKIAIOSFODNN7EXAMPLE'\n")
    project.write(".env", "password=hunter2\n")
    row = _rows(project)["secrets"]
    assert row.status == "FAILED" and "AKIA" not in row.output
    assert row.output == ("secret-looking file to be staged: .env; AWS access key id pattern "
                          "in changes to be staged")
    project.write(".gitignore", ".env\n")  # an ignored file is never staged
    project.write("app.py", "x = 2\n")
    # nor gaia's evidence and memory, which the commit step leaves out
    project.write(".gaia/state/dev-story/E1-S1/tier_1-stdout.log", "AKIAIOSFODNN7EXAMPLE\n")
    project.write(".gaia/memory/credentials-note.md", "n\n")
    assert _rows(project)["secrets"].status == "PASSED"


def test_secrets_the_story_branch_already_committed_fail(project: Project) -> None:
    """A key committed on the story's branch before the check ran (an earlier run, a commit by
    hand) is pushed all the same; one on the base branch before the story is not its own."""
    commit = ["-c", "user.email=t@example.invalid", "-c", "user.name=t", "commit", "-qm"]
    git(project.root, "init", "-q", "-b", "main")
    project.write("old.py", "AWS = 'AKIAIOSFODNN7EXAMPLE'\n")  # the base's own history
    git(project.root, "add", "-A")
    git(project.root, *commit, "base")
    assert _rows(project)["secrets"].status == "PASSED"  # on the base itself: nothing of ours
    git(project.root, "checkout", "-qb", "feat/E1-S1")
    project.write("app.py", "x = 1\n")
    git(project.root, "add", "-A")
    git(project.root, *commit, "feat(E1-S1): work")
    assert _rows(project)["secrets"].status == "PASSED"
    project.write("app.py", "TOKEN = 'ghp_" + "a1B2" * 9 + "'\n")
    git(project.root, "add", "-A")
    git(project.root, *commit, "feat(E1-S1): more")
    row = _rows(project)["secrets"]
    assert (row.status, row.output) == ("FAILED", "GitHub token pattern in the branch's commits")


def test_render_is_one_yaml_flow_mapping() -> None:
    import yaml

    row = dod_check.Row("tests", "FAILED", 'said "no": {x}')
    assert yaml.safe_load(row.render()) == [{"item": "tests", "status": "FAILED",
                                             "output": 'said "no": {x}'}]


def test_output_is_one_line_capped() -> None:
    assert dod_check.one_line("a\n\nlast line\n") == "last line"
    assert len(dod_check.one_line("x" * 500)) == dod_check.MAX_OUTPUT


def test_malformed_story_is_a_failed_row_not_a_crash(project: Project) -> None:
    bad = project.write("bad.md", "---\nkey: [\n---\n")
    row = _rows(project, str(bad))["subtasks"]
    assert row.status == "FAILED" and row.output.startswith("cannot read story: ")
    assert "\n" not in row.output
