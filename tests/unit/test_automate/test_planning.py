"""test_automate.planning's pure rules: the fork's Criticals judged, the plan payload validated,
the plan built from a payload with the analysis' file_hashes."""

from __future__ import annotations

from typing import Any

import pytest

from gaia_lib.test_automate import plan as plans
from gaia_lib.test_automate import planning

HASHES = {"app/signup.py": "a" * 64, "tests/test_signup.py": "b" * 64}
RESULTS: dict[str, Any] = {"file_hashes": HASHES}
SOURCES = [{"path": p, "sha256": h} for p, h in HASHES.items()]
TEST = {"test_file": "tests/unit/test_e1_s1_ac3.py", "name": "test_e1_s1_ac3", "ac": "AC3",
        "tc": "TC-E1-S1-1", "tier": "unit", "target_module": "app/signup.py",
        "target_function": "", "description": "duplicate address is refused"}
GOOD = {"plan_id": "sha256:" + "c" * 64, "analyzed_sources": SOURCES, "proposed_tests": [TEST]}


@pytest.mark.parametrize(("finding", "p0", "kept"), [
    ({"category": "untestable", "severity": "critical"}, [], "critical"),
    ({"category": "fixture", "severity": "critical", "ac_ref": "AC1"}, ["AC1"], "critical"),
    ({"category": "fixture", "severity": "Critical", "ac_ref": "AC2"}, ["AC1"], "warning"),
    ({"category": "flakiness", "severity": "critical", "ac_ref": "AC1"}, ["AC1"], "warning"),
    ({"category": "mocking", "severity": "warning"}, [], "warning"),
    ({"category": "factory", "severity": "suggestion"}, [], "suggestion"),
])
def test_only_the_rubrics_criticals_stay_critical(finding: dict[str, str], p0: list[str],
                                                  kept: str) -> None:
    judged = planning.judge([finding], p0)[0]
    assert judged["severity"] == kept
    assert ("demoted_from" in judged) == (kept == "warning" and
                                          finding["severity"].lower() == "critical")


def test_a_well_formed_plan_payload_has_no_problems() -> None:
    assert planning.plan_problems(GOOD, RESULTS) == []
    assert planning.plan_problems({**GOOD, "analyzed_sources": list(reversed(SOURCES))},
                                  RESULTS) == []


@pytest.mark.parametrize(("payload", "problem"), [
    (None, "no plan-content payload (a `plan` object)"),
    ({**GOOD, "plan_id": "sha256:XYZ"}, "plan_id is not parseable (sha256:<64 hex>)"),
    ({**GOOD, "plan_id": 7}, "plan_id is not parseable (sha256:<64 hex>)"),
    ({**GOOD, "analyzed_sources": SOURCES[:1]},
     "analyzed_sources do not reference the analysis' file_hashes"),
    ({**GOOD, "analyzed_sources": [*SOURCES, "x"]},
     "analyzed_sources do not reference the analysis' file_hashes"),
    ({**GOOD, "proposed_tests": {}}, "proposed_tests is not a list"),
    ({**GOOD, "proposed_tests": ["x"]}, "proposed_tests[0] is not an object"),
    ({**GOOD, "proposed_tests": [{**TEST, "test_file": "/etc/x.py"}]},
     "proposed_tests[0].test_file is not a project-relative path"),
    ({**GOOD, "proposed_tests": [{**TEST, "test_file": "../x.py"}]},
     "proposed_tests[0].test_file is not a project-relative path"),
    ({**GOOD, "proposed_tests": [{**TEST, "ac": ""}]}, "proposed_tests[0] names no AC"),
    ({**GOOD, "proposed_tests": [{**TEST, "tier": "smoke"}]},
     "proposed_tests[0].tier is not one of unit, integration, e2e"),
])
def test_each_malformed_plan_payload_is_named(payload: Any, problem: str) -> None:
    assert problem in planning.plan_problems(payload, RESULTS)


def test_the_plan_takes_its_sources_from_file_hashes_and_its_findings_reduced() -> None:
    fork_sources = {**GOOD, "analyzed_sources": [{"path": "elsewhere", "sha256": "0"}]}
    built = planning.build_plan("E1-S1", fork_sources, RESULTS,
                                [{"category": "mocking", "severity": "warning",
                                  "ac_ref": "AC3", "message": "axios unmocked"}], "APPROVE")
    assert built.analyzed_sources == tuple(plans.Source(p, h) for p, h in HASHES.items())
    assert built.findings == (plans.Finding("mocking", "warning", "AC3", "axios unmocked"),)
    assert built.proposed_tests == (plans.ProposedTest(**TEST),)
    assert built.verdict == "APPROVE"


def test_the_blocked_stub_has_no_sources_tests_or_body() -> None:
    stub = planning.stub_plan("E1-S1")
    assert (stub.verdict, stub.analyzed_sources, stub.proposed_tests, stub.narrative) == (
        "BLOCKED", (), (), "")
    text = plans.render(stub.with_id())
    assert text.endswith("---\n") and "analyzed_sources: []" in text
