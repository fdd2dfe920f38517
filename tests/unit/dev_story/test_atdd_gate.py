from __future__ import annotations

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import atdd_gate
from helpers.projects import Project


@pytest.mark.parametrize("risk", ["low", "medium", ""])
def test_not_high_passes(project: Project, risk: str) -> None:
    project.add_story(risk=risk)
    assert atdd_gate.check(project.root, "E1-S1", {}).passed


def test_high_without_atdd_halts_and_names_paths(project: Project) -> None:
    project.add_story(risk="high")
    result = atdd_gate.check(project.root, "E1-S1", {})
    assert not result.passed
    lines = atdd_gate.halt_lines(result)
    assert lines[0] == "HALT: high-risk story E1-S1 has no ATDD file."
    assert any(line.endswith("test-artifacts/atdd-E1-S1-*.md") for line in lines)
    assert len(result.checked) == len(set(result.checked))


@pytest.mark.parametrize("name", ["atdd-E1.md", "atdd-E1-signup.md", "atdd-E1-S1.md",
                                  "atdd-E1-S1-flows.md"])
def test_high_with_atdd_file_passes(project: Project, name: str) -> None:
    project.add_story(risk="high")
    project.write(f".gaia/artifacts/test-artifacts/{name}", "# ATDD\n")
    result = atdd_gate.check(project.root, "E1-S1", {})
    assert result.passed and result.found is not None and result.found.name == name


def test_another_storys_file_does_not_count(project: Project) -> None:
    project.add_story(risk="high")
    project.write(".gaia/artifacts/test-artifacts/atdd-E1-S10.md", "# ATDD\n")
    assert not atdd_gate.check(project.root, "E1-S1", {}).passed


def test_per_story_artifact_and_alias_risk(project: Project) -> None:
    path = project.add_story(risk="medium")
    path.write_text(path.read_text().replace('risk: "medium"', "risk_level: high"))
    assert not atdd_gate.check(project.root, "E1-S1", {}).passed
    project.write(".gaia/artifacts/test-artifacts/epic-E1/E1-S1/atdd.md", "# ATDD\n")
    assert atdd_gate.check(project.root, "E1-S1", {}).passed


def test_skip_env(project: Project) -> None:
    project.add_story(risk="high")
    assert atdd_gate.check(project.root, "E1-S1", {"GAIA_SKIP_ATDD": "1"}).passed
    assert not atdd_gate.check(project.root, "E1-S1", {"GAIA_SKIP_ATDD": "yes"}).passed


@pytest.mark.parametrize("key", ["E1-S1/../x", "e1-s1", "E1-S9"])
def test_bad_key_or_missing_story_is_2(project: Project, key: str) -> None:
    project.add_story(risk="high")
    with pytest.raises(GaiaError) as caught:
        atdd_gate.check(project.root, key, {})
    assert caught.value.exit_code == 2
