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
