from __future__ import annotations

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story.tdd_review_gate import GateInputs, decide, evaluate, normalise
from helpers.projects import Project


def inputs(risk: str = "high", threshold: str = "medium", phases: tuple[str, ...] = ("red",),
           phase: str = "red", yolo: bool = False, qa_auto: bool = True) -> GateInputs:
    return GateInputs(risk, threshold, phases, phase, yolo, qa_auto)


@pytest.mark.parametrize(("given", "expected"), [
    (inputs(threshold="off"), "SKIP"),
    (inputs(phase="green"), "SKIP"),
    (inputs(phases=("red", "green"), phase="green"), "PROMPT"),
    (inputs(risk="low"), "SKIP"),
    (inputs(risk="medium"), "PROMPT"),
    (inputs(risk="low", threshold="low"), "PROMPT"),
    (inputs(risk="medium", threshold="high"), "SKIP"),
    (inputs(yolo=True), "QA_AUTO"),
    (inputs(yolo=True, qa_auto=False), "PROMPT"),
    (inputs(threshold="off", yolo=True), "SKIP"),  # off wins over YOLO
])
def test_decision_matrix(given: GateInputs, expected: str) -> None:
    assert decide(given) == expected


def test_unknown_risk_counts_high_and_threshold_medium() -> None:
    warnings: list[str] = []
    assert normalise("critical", "extreme", warnings) == ("high", "medium")
    assert len(warnings) == 2


def _config(project: Project, body: str) -> None:
    project.write(".gaia/config/project-config.yaml", body)


def test_evaluate_reads_config_and_yolo(project: Project) -> None:
    project.add_story(risk="low")
    assert evaluate(project.root, "E1-S1", "red", {}).decision == "SKIP"
    _config(project, "dev_story:\n  tdd_review:\n    threshold: low\n    phases: [red, green]\n"
                     "    qa_auto_in_yolo: false\n")
    assert evaluate(project.root, "E1-S1", "green", {}).decision == "PROMPT"
    assert evaluate(project.root, "E1-S1", "green", {"GAIA_YOLO_MODE": "1"}).decision == "PROMPT"
    _config(project, "dev_story:\n  tdd_review:\n    threshold: low\n")
    assert evaluate(project.root, "E1-S1", "red", {"GAIA_YOLO_MODE": "1"}).decision == "QA_AUTO"
    _config(project, "dev_story:\n  tdd_review:\n    phases: refactor\n")
    assert evaluate(project.root, "E1-S1", "refactor", {}).decision == "SKIP"  # low < medium


def test_missing_risk_warns_and_prompts(project: Project) -> None:
    path = project.add_story()
    path.write_text(path.read_text().replace('risk: "medium"\n', ""))
    result = evaluate(project.root, "E1-S1", "red", {})
    assert result.decision == "PROMPT" and "treated as high" in result.warnings[0]


@pytest.mark.parametrize("key", ["E1-S1;ls", "E1-S7"])
def test_bad_key_or_missing_story_is_2(project: Project, key: str) -> None:
    project.add_story()
    with pytest.raises(GaiaError) as caught:
        evaluate(project.root, key, "red", {})
    assert caught.value.exit_code == 2


def test_bare_yaml_off_means_off(project: Project) -> None:
    project.add_story(risk="high")
    _config(project, "dev_story:\n  tdd_review:\n    threshold: off\n")  # YAML 1.1: false
    assert evaluate(project.root, "E1-S1", "red", {"GAIA_YOLO_MODE": "1"}).decision == "SKIP"
