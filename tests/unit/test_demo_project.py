"""examples/demo-project: the project the README's demo reviews must stay what the demo claims.

Its stories parse with the one story parser, its planning artifacts agree with the stories, its
tests leave exactly the gaps a QA review of E1-S1 should find, and its own suite passes.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gaia_lib.core import config, yamlio
from gaia_lib.story.parser import Story, load_story
from helpers.projects import REPO_ROOT

DEMO = REPO_ROOT / "examples" / "demo-project"
STORIES = DEMO / ".gaia" / "artifacts" / "implementation-artifacts" / "epic-e1-account-signup"
CANONICAL_GATES = [
    "Code Review", "QA Tests", "Security Review", "Test Automation", "Test Review",
    "Performance Review",
]
COVERS = re.compile(r"^# covers: (E[0-9]+-S[0-9]+) (AC[-A-Z0-9]+)\ndef (test_\w+)", re.MULTILINE)


def _story(key: str) -> Story:
    (path,) = STORIES.glob(f"stories/{key}-*.md")
    return load_story(path)


def _covers() -> list[tuple[str, str, str, str]]:
    """(story, ac, test name, test file) for every `# covers:` marker in the demo's tests."""
    found = []
    for path in sorted((DEMO / "tests").rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(DEMO).as_posix()
        found += [(story, ac, name, rel) for story, ac, name in COVERS.findall(text)]
    return found


def _demo_changeset() -> list[str]:
    script = (REPO_ROOT / "dev" / "demo.sh").read_text(encoding="utf-8")
    block = re.search(r"^STORY_CHANGESET=\(\n(.*?)^\)", script, re.MULTILINE | re.DOTALL)
    assert block is not None
    return block.group(1).split()


@pytest.mark.parametrize(
    ("key", "status"), [("E1-S1", "review"), ("E1-S2", "ready-for-dev"), ("E1-S3", "done")]
)
def test_story_parses_with_its_status(key: str, status: str) -> None:
    story = _story(key)

    assert story.key == key
    assert story.status == status
    assert story.template == "story"
    assert story.epic == "E1"
    assert [row.name for row in story.review_gate or ()] == CANONICAL_GATES


def test_e1_s1_has_the_acceptance_criteria_a_review_needs() -> None:
    story = _story("E1-S1")

    assert story.priority == "P0"
    assert story.risk == "high"
    assert story.traces_to == ("FR-001",)
    assert [ac.ac_id for ac in story.acceptance_criteria] == ["AC1", "AC2", "AC3", "AC4", "AC-EC1"]
    assert [ac.ac_id for ac in story.acceptance_criteria if not ac.structured] == ["AC4"]
    assert [ac.ac_id for ac in story.acceptance_criteria if ac.edge_case] == ["AC-EC1"]
    assert all(ac.checked is False for ac in story.acceptance_criteria)
    assert {row.status for row in story.review_gate or ()} == {"UNVERIFIED"}


def test_e1_s1_file_list_misses_exactly_errors_py_from_the_story_changeset() -> None:
    file_list = _story("E1-S1").file_list

    assert file_list == (
        "src/signup/validation.py",
        "src/signup/accounts.py",
        "tests/unit/test_signup.py",
        "tests/integration/test_signup_flow.py",
    )
    assert sorted(set(_demo_changeset()) - set(file_list)) == ["src/signup/errors.py"]
    assert set(file_list) <= set(_demo_changeset())


def test_demo_changeset_files_exist() -> None:
    missing = [rel for rel in _demo_changeset() if not (DEMO / rel).is_file()]

    assert missing == []


def test_e1_s2_waits_for_e1_s1() -> None:
    story = _story("E1-S2")

    assert story.depends_on == ("E1-S1",)
    assert story.file_list == ()


def test_e1_s3_passed_every_gate() -> None:
    story = _story("E1-S3")

    assert [(row.name, row.status) for row in story.review_gate or ()] == [
        (name, "PASSED") for name in CANONICAL_GATES
    ]
    assert all(ac.checked for ac in story.acceptance_criteria)


def test_demo_tests_leave_the_intended_coverage_gaps() -> None:
    covers = _covers()
    e1_s1 = {ac for story, ac, _name, _file in covers if story == "E1-S1"}
    foreign_in_e1_s1_file = [
        (story, name) for story, _ac, name, file in covers
        if file == "tests/unit/test_signup.py" and story != "E1-S1"
    ]
    per_ac = [ac for story, ac, _name, _file in covers if story == "E1-S1"]

    assert e1_s1 == {"AC1", "AC2", "AC-EC1"}  # AC3 untested, AC4 unparseable
    assert foreign_in_e1_s1_file == [("E1-S3", "test_new_account_welcome_message_names_the_address")]
    assert per_ac.count("AC2") == 2  # over-coverage for the review to notice
    assert {ac for story, ac, _n, _f in covers if story == "E1-S3"} == {"AC1", "AC2", "AC3"}


def test_covers_markers_name_acceptance_criteria_that_exist() -> None:
    for story_key, ac, name, _file in _covers():
        ids = {criterion.ac_id for criterion in _story(story_key).acceptance_criteria}
        assert ac in ids, f"{name} covers {story_key} {ac}, which the story does not have"


def test_planning_artifacts_agree_with_the_stories() -> None:
    planning = DEMO / ".gaia" / "artifacts" / "planning-artifacts"
    epics = (planning / "epics-and-stories.md").read_text(encoding="utf-8")
    blocks = dict(re.findall(
        r"^### Story (E[0-9]+-S[0-9]+):.*?^- \*\*Status:\*\* (\S+)$", epics, re.MULTILINE | re.DOTALL
    ))
    sprint = yamlio.load(
        (DEMO / ".gaia" / "state" / "sprint-status.yaml").read_text(encoding="utf-8"), "sprint"
    )
    in_sprint = {entry["key"]: entry["status"] for entry in sprint["stories"]}
    stories = {key: _story(key).status for key in ("E1-S1", "E1-S2", "E1-S3")}

    assert blocks == stories
    assert in_sprint == stories
    assert sprint["status"] == "active"
    assert (planning / "architecture.md").is_file()
    assert (planning / "test-plan.md").is_file()


def test_project_config_loads_with_tiers_for_local_and_ci() -> None:
    cfg = config.load_file(DEMO / ".gaia" / "config" / "project-config.yaml")

    assert cfg.stack == "python-dev"
    assert [tier.name for tier in cfg.tiers_for("local")] == ["tier_1"]
    assert [tier.name for tier in cfg.tiers_for("ci_pre_merge")] == ["tier_1", "tier_2"]
    assert cfg.coverage_command is not None
    assert cfg.pr_base == "main"


def test_demo_project_suite_passes(tmp_path: Path) -> None:
    copy = tmp_path / "demo"
    shutil.copytree(DEMO, copy, ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.pop("PYTHONPATH", None)

    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=copy, env=env, capture_output=True, text=True, timeout=120,
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"^9 passed", result.stdout, re.MULTILINE), result.stdout
