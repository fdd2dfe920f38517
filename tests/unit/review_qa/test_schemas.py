from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from gaia_lib.core import schema

NAMES = ("analysis-results", "execution-evidence", "qa-test-cases")

ANALYSIS: dict[str, Any] = {
    "schema_version": "1.0", "story_key": "E1-S1", "skill": "gaia-review-qa",
    "model": "claude-opus-4-7", "model_temperature": 0,
    "checks": [{"name": "ac-coverage", "status": "failed", "findings": [
        {"file": "tests/test_a.py", "line": 3, "severity": "high", "rule": "uncovered-ac",
         "message": "AC2 has no test", "blocking": True}]}],
    "tests_discovered": 4,
    "ac_coverage": [{"ac_id": "AC1", "matched": True, "test_count": 2},
                    {"ac_id": "AC-EC1", "matched": False, "test_count": 0}],
    "gate_warnings": ["file list diverges"], "unattributed_tests": ["tests/test_other.py"],
    "coverage": {"percent": 50.0, "per_ac": [
        {"ac_id": "AC1", "matched": True, "test_count": 2,
         "tests": ["tests/test_a.py::test_ac1", "tests/test_a.py::test_max_age"],
         "matched_by": "id", "edge_case": False, "priority": "P0", "excluded": {},
         "matches": [
             {"test": "tests/test_a.py::test_ac1", "how": ["id"], "score": 10.0,
              "evidence": ["AC1"]},
             {"test": "tests/test_a.py::test_max_age", "how": ["literal", "name", "body"],
              "score": 4.2, "evidence": ["maximum", "age", "SignatureExpired"]}]},
        {"ac_id": "AC-EC1", "matched": False, "test_count": 0, "tests": [],
         "matched_by": None, "edge_case": True, "priority": None,
         "excluded": {"tests/test_a.py::test_skip": "reported skipped by the runner"},
         "matches": [],
         "candidates": [{"test": "tests/test_a.py::test_empty", "how": ["name"],
                         "score": 1.2, "evidence": ["empt"]}]}]},
}
EVIDENCE: dict[str, Any] = {
    "suites": [{"name": "tier_1", "command": "pytest", "exit_code": 0, "duration_seconds": 1.5,
                "pass_count": 10, "fail_count": 0, "timeout": False, "required": True}],
    "tier": "tier_1", "context": "local", "wall_clock_seconds": 1.6, "skipped": False,
    "bridge_used": False, "diagnostics": [],
}
CASES: list[dict[str, Any]] = [
    {"tc_id": "TC-E1-S1-1", "ac_ref": "AC2", "description": "reject bad email",
     "given": "an invalid email", "when": "the user signs up", "then": "422", "type": "Unit",
     "priority": "P0", "tags": ["signup"]},
    {"tc_id": "TC-E1-S1-2", "ac_ref": "AC-EC1", "description": "empty input",
     "given": "no input", "when": "submitted", "then": "error shown", "type": "E2E"},
]


@pytest.mark.parametrize("name", NAMES)
def test_schema_is_valid_draft7(name: str) -> None:
    jsonschema.Draft7Validator.check_schema(schema.load_schema(name))


@pytest.mark.parametrize(
    ("name", "document"),
    [("analysis-results", ANALYSIS), ("execution-evidence", EVIDENCE), ("qa-test-cases", CASES),
     ("qa-test-cases", [])],
)
def test_samples_validate(name: str, document: Any) -> None:
    assert schema.errors(document, name) == []


@pytest.mark.parametrize(
    ("name", "document", "problem"),
    [
        ("analysis-results", {**ANALYSIS, "schema_version": "2.0"}, "$.schema_version"),
        ("analysis-results", {**ANALYSIS, "model_temperature": 3}, "$.model_temperature"),
        ("analysis-results", {**ANALYSIS, "ac_coverage": [{"ac_id": "ACX", "matched": True,
                                                           "test_count": 1}]},
         "$.ac_coverage[0].ac_id"),
        ("analysis-results", {**ANALYSIS, "checks": [{"name": "x", "status": "ok"}]},
         "$.checks[0].status"),
        ("analysis-results", {**ANALYSIS, "coverage": {"percent": 0.0, "per_ac": [
            {**ANALYSIS["coverage"]["per_ac"][1], "candidates": [{"test": "t", "how": ["name"],
                                                                 "counted": True}]}]}},
         "$.coverage.per_ac[0].candidates[0]: Additional properties"),
        ("execution-evidence", {**EVIDENCE, "context": "ci-pre-merge"}, "$.context"),
        ("execution-evidence", {**EVIDENCE, "exit_code": 0}, "$: Additional properties"),
        ("qa-test-cases", [{**CASES[0], "ac_ref": "EC1"}], "$[0].ac_ref"),
        ("qa-test-cases", [{**CASES[0], "type": "unit"}], "$[0].type"),
        ("qa-test-cases", {"cases": []}, "$: {'cases': []} is not of type 'array'"),
    ],
)
def test_bad_documents_are_named(name: str, document: Any, problem: str) -> None:
    problems = schema.errors(document, name)
    assert problems and problems[0].startswith(problem)


def _with_match(**changes: Any) -> dict[str, Any]:
    """ANALYSIS with its first match record changed (a key set to None is dropped)."""
    record = {**ANALYSIS["coverage"]["per_ac"][0]["matches"][1], **changes}
    record = {k: v for k, v in record.items() if v is not None}
    first = {**ANALYSIS["coverage"]["per_ac"][0], "matches": [record]}
    return {**ANALYSIS, "coverage": {**ANALYSIS["coverage"],
                                     "per_ac": [first, *ANALYSIS["coverage"]["per_ac"][1:]]}}


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"how": ["resemblance"]}, "$.coverage.per_ac[0].matches[0].how"),
        ({"how": []}, "$.coverage.per_ac[0].matches[0].how"),
        ({"how": ["name", "name"]}, "$.coverage.per_ac[0].matches[0].how"),
        ({"how": None}, "$.coverage.per_ac[0].matches[0]: 'how' is a required property"),
        ({"test": None}, "$.coverage.per_ac[0].matches[0]: 'test' is a required property"),
        ({"test": ""}, "$.coverage.per_ac[0].matches[0].test"),
        ({"score": -1}, "$.coverage.per_ac[0].matches[0].score"),
        ({"score": "high"}, "$.coverage.per_ac[0].matches[0].score"),
        ({"evidence": "maximum"}, "$.coverage.per_ac[0].matches[0].evidence"),
        ({"evidence": [3]}, "$.coverage.per_ac[0].matches[0].evidence[0]"),
        ({"reason": "looks right"}, "$.coverage.per_ac[0].matches[0]: Additional properties"),
    ],
)
def test_a_malformed_match_record_is_rejected(changes: dict[str, Any], problem: str) -> None:
    problems = schema.errors(_with_match(**changes), "analysis-results")
    assert problems and problems[0].startswith(problem), problems


def test_a_lone_signal_name_is_a_match_record_too() -> None:
    # the report's fallback when the matcher recorded no detail for a test
    assert schema.errors(_with_match(how="id", score=None, evidence=None),
                         "analysis-results") == []
