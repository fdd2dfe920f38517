from __future__ import annotations

import os

import pytest

from gaia_lib.gate import review_setup
from helpers.projects import Project


def test_a_monorepo_storys_runner_is_found_in_its_own_directory(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    # jest is installed in js/ only, nowhere on PATH; the config names the other stack.
    project.write("js/package.json", '{"name": "t", "devDependencies": {"jest": "29"}}\n')
    jest = project.write("js/node_modules/.bin/jest", "#!/bin/sh\necho 29.7.0\n")
    jest.chmod(0o755)
    project.write("py/pyproject.toml", "[project]\nname = 'p'\n")
    project.write(".gaia/config/project-config.yaml", "project: {stack: python-dev}\n")
    project.add_story("E1-S1", file_list=["js/src/index.ts", "js/src/index.test.ts"])
    monkeypatch.setenv("PATH", "/nonexistent")
    prepared = review_setup.prepare(project.root, "E1-S1", "QA tests")
    assert prepared.stack == "ts-dev"
    runner = next(p for p in prepared.located.runners if p.tool == "jest")
    assert runner.found and runner.via == "node_modules"
    assert runner.path == os.fspath(jest)


def _python_story(project: Project, command: str) -> None:
    project.write("pyproject.toml", "[project]\nname = 'p'\n")
    project.write(".gaia/config/project-config.yaml",
                  "project: {stack: python-dev}\ntest_execution:\n"
                  f"  tier_1: {{command: '{command}', placement: [local]}}\n")
    project.add_story("E1-S1", file_list=["src/p.py", "tests/test_p.py"])


def test_a_tier_program_missing_from_path_is_named_not_the_runner(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    # Only python3 exists, and no pytest anywhere: installing pytest would not start the tier.
    bin_dir = project.root / "only-python3"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to("/usr/bin/python3")
    _python_story(project, "python -m pytest -q")
    monkeypatch.setenv("PATH", os.fspath(bin_dir))
    prepared = review_setup.prepare(project.root, "E1-S1", "QA tests")
    assert prepared.blocked_reason == (
        "`python` is not on PATH — test_execution.tier_1.command runs `python -m pytest -q`; "
        "activate the project's environment or change the command")


@pytest.mark.parametrize("command", ["pytest -q", "cd py && python -m pytest",
                                     "PYTHONPATH=src pytest"])
def test_a_runner_missing_keeps_its_install_hint(
        project: Project, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    _python_story(project, command)
    monkeypatch.setenv("PATH", "/nonexistent")
    prepared = review_setup.prepare(project.root, "E1-S1", "QA tests")
    assert prepared.blocked_reason is not None
    assert prepared.blocked_reason.startswith("test runner not installed — ")
    assert "pip install pytest" in prepared.blocked_reason


def test_a_runner_found_is_not_blocked_by_the_tier_program(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    # The run itself reports a program it cannot start (exit 127); setup blocks only on runners.
    bin_dir = project.root / "bin"
    bin_dir.mkdir()
    runner = bin_dir / "pytest"
    runner.write_text("#!/bin/sh\necho pytest 8\n")
    runner.chmod(0o755)
    _python_story(project, "python -m pytest -q")
    monkeypatch.setenv("PATH", os.fspath(bin_dir))
    assert review_setup.prepare(project.root, "E1-S1", "QA tests").blocked_reason is None


def test_the_story_file_is_parsed_once(project: Project,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from gaia_lib.story import parser

    project.write(".gaia/config/project-config.yaml", "project: {stack: python-dev}\n")
    project.add_story("E1-S1", file_list=["src/p.py", "tests/test_p.py"])
    parsed: list[str] = []
    real = parser.parse_story

    def counted(text: str, path: object, exit_code: int = 1) -> parser.Story:
        parsed.append(str(path))
        return real(text, path, exit_code)  # type: ignore[arg-type]

    monkeypatch.setattr(parser, "parse_story", counted)
    prepared = review_setup.prepare(project.root, "E1-S1", "QA tests")
    assert prepared.stack == "python-dev"
    assert parsed == [str(prepared.story_path)]
