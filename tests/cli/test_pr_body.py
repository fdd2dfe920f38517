from __future__ import annotations

from pathlib import Path

import pytest

from helpers.delivery import World, make_world
from helpers.projects import Project, run_gaia

STORY = ".gaia/artifacts/implementation-artifacts/epic-e1-core/stories/E1-S1-signup.md"
DOD = """- { item: build, status: PASSED, output: "ok" }
- { item: tests, status: PASSED, output: "3 passed" }
- { item: lint, status: FAILED, output: "E501" }
"""


@pytest.fixture
def world(tmp_path: Path) -> World:
    world = make_world(tmp_path, with_gh=False)
    world.gaia("git-branch", "E1-S1", "signup")
    world.commit_file("src/app/signup.py", "def signup():\n    return True\n", "feat")
    return world


def test_full_body(world: World, tmp_path: Path) -> None:
    dod = tmp_path / "dod.yaml"
    dod.write_text(DOD)
    result = world.gaia("pr-body", STORY, "--dod-results", str(dod), "--allow-stub-reason",
                        "E1-S9: gateway stub")
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"""## Acceptance Criteria

- AC1: Given a valid email, when the user signs up, then the account is created.
- AC2: Given an invalid email, when the user signs up, then a 422 error is returned.

## Definition of Done

- build: PASSED
- tests: PASSED
- lint: FAILED

## Diff Stat

```
 src/app/signup.py | 2 ++
 1 file changed, 2 insertions(+)
```

## Allow-stub override

E1-S9: gateway stub

Story: [E1-S1]({STORY})
"""


def test_defaults_without_dod_or_reason(world: World) -> None:
    out = world.gaia("pr-body", STORY).stdout
    assert "## Definition of Done\n\n- (no DoD output)\n" in out
    assert "Allow-stub" not in out


def test_explicit_base_with_no_changes(world: World) -> None:
    out = world.gaia("pr-body", STORY, "--base", "HEAD").stdout
    assert "```\n(no changes)\n```" in out


def test_bad_reason_exit_1(world: World) -> None:
    result = world.gaia("pr-body", STORY, "--allow-stub-reason", "because")
    assert (result.returncode, result.stdout) == (1, "")
    assert "must cite a story ID" in result.stderr


def test_malformed_dod_exit_2(world: World, tmp_path: Path) -> None:
    dod = tmp_path / "dod.yaml"
    dod.write_text("just: a mapping\n")
    result = world.gaia("pr-body", STORY, "--dod-results", str(dod))
    assert (result.returncode, result.stdout) == (2, "")
    assert len(result.stderr.splitlines()) == 1


def test_malformed_story_exit_2_missing_exit_1(project: Project) -> None:
    bad = project.write("bad.md", "---\nkey: [x\n---\n")
    result = run_gaia("pr-body", str(bad), cwd=project.root)
    assert (result.returncode, result.stdout) == (2, "")
    missing = run_gaia("pr-body", "nope.md", cwd=project.root)
    assert (missing.returncode, missing.stderr) == (1, "pr-body: story file not found: nope.md\n")


def test_outside_git(project: Project) -> None:
    story = project.add_story()
    result = run_gaia("pr-body", str(story), cwd=project.root)
    assert result.returncode == 0
    assert "```\n(not a git repository)\n```" in result.stdout


def test_unknown_base_exit_1(world: World) -> None:
    result = world.gaia("pr-body", STORY, "--base", "nope")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == "pr-body: unknown base ref 'nope': not a commit in this repository\n"


def test_an_acs_priority_tag_is_not_read_into_its_text(world: World) -> None:
    story = world.root / STORY
    story.write_text(story.read_text().replace(
        "**AC1:** Given a valid email", "**AC1:** (P0): Given a valid email"))
    result = world.gaia("pr-body", STORY)
    assert result.returncode == 0, result.stderr
    assert "- AC1: Given a valid email, when the user signs up, then the account is " \
        "created.\n" in result.stdout
