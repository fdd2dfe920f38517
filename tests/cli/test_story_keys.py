"""Drop-in for GAIA users: a story key need not be `E<n>-S<n>`; any path-safe key works in
every command that takes one, and keys that could leave their directory never do."""

from __future__ import annotations

import json

import pytest

from helpers.projects import Project, run_gaia

KEYS = ["PROJ-12", "E1-S1.2", "story_7"]


@pytest.mark.parametrize("key", KEYS)
def test_a_path_safe_key_works_in_every_key_command(project: Project, key: str) -> None:
    story = project.add_story(key, slug="thing", layout="nested")
    done = run_gaia("resolve-story-file", key, cwd=project.root)
    assert (done.returncode, done.stdout) == (0, f"{story}\n"), done.stderr
    shown = run_gaia("story", "show", key, cwd=project.root)
    assert shown.returncode == 0 and json.loads(shown.stdout)["key"] == key
    status = run_gaia("review-gate", "status", "--story", key, cwd=project.root)
    assert status.returncode == 0 and json.loads(status.stdout)["story"] == key
    update = run_gaia("review-gate", "update", "--story", key, "--gate", "Code Review",
                      "--verdict", "UNVERIFIED", cwd=project.root)
    assert (update.returncode, update.stderr) == (0, "")
    path = run_gaia("resolve-review-report-path", "--key", key, "--type", "qa-tests",
                    cwd=project.root)
    assert path.returncode == 0 and path.stdout.endswith(f"qa-tests-{key}.md\n")
    artifact = run_gaia("resolve-test-artifact-per-story", "atdd", key, cwd=project.root)
    assert artifact.returncode == 0 and artifact.stdout.endswith(f"/{key}/atdd.md\n")


@pytest.mark.parametrize("key", ["../PROJ-12", "-PROJ-12", ".PROJ", "PROJ..12", "PROJ/12"])
def test_unsafe_keys_are_still_refused(project: Project, key: str) -> None:
    done = run_gaia("resolve-story-file", key, cwd=project.root)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1
