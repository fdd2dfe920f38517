from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gaia_lib.gate.verdict import (
    APPROVE,
    BLOCKED,
    INVALID,
    REQUEST_CHANGES,
    UNREADABLE,
    Document,
    read_document,
    resolve,
)

OK_CHECK = {"name": "ac-coverage", "status": "passed"}


def analysis(*checks: dict[str, Any], **extra: Any) -> Document:
    return Document("a.json", {"schema_version": "1.0", "checks": list(checks), **extra})


def llm(*severities: str) -> Document:
    return Document("l.json", {"findings": [{"severity": s} for s in severities]})


def evidence(*suites: dict[str, Any], skipped: bool = False) -> Document:
    return Document("e.json", {"suites": list(suites), "skipped": skipped})


def coverage(value: Any) -> Document:
    return Document("c.json", {"coverage_delta": value})


FAILED_BLOCKING = {"name": "lint", "status": "failed", "findings": [{"blocking": True}]}
FAILED_NO_FINDINGS = {"name": "lint", "status": "failed"}
FAILED_NON_BLOCKING = {"name": "lint", "status": "failed", "findings": [{"blocking": False}]}
ERRORED = {"name": "discovery", "status": "errored"}
TIMEOUT = {"name": "unit", "exit_code": 124, "timeout": True}
RED = {"name": "unit", "exit_code": 1}
GREEN = {"name": "unit", "exit_code": 0}

ACTION_OK = {"plan": "present", "execution": "success"}

# (id, analysis, llm, evidence, coverage, action_mode, verdict, reason)
CASES: list[tuple[str, Document, Document | None, Document | None, Document | None, bool, str,
                  str]] = [
    # -- one row per review-mode rule --------------------------------------------------------
    ("analysis-unreadable", Document("a.json", problem=UNREADABLE), None, None, None, False,
     BLOCKED, "malformed analysis-results.json: file not found or unreadable: a.json"),
    ("analysis-invalid", Document("a.json", problem=INVALID), None, None, None, False,
     BLOCKED, "malformed analysis-results.json: invalid JSON"),
    ("no-schema-version", Document("a.json", {"checks": []}), None, None, None, False,
     BLOCKED, "malformed analysis-results.json: missing schema_version"),
    ("empty-schema-version", Document("a.json", {"schema_version": ""}), None, None, None, False,
     BLOCKED, "malformed analysis-results.json: missing schema_version"),
    ("analysis-not-object", Document("a.json", [1]), None, None, None, False,
     BLOCKED, "malformed analysis-results.json: missing schema_version"),
    ("evidence-unreadable", analysis(), None, Document("e.json", problem=UNREADABLE), None, False,
     BLOCKED, "execution-evidence file not readable: e.json"),
    ("evidence-invalid", analysis(), None, Document("e.json", problem=INVALID), None, False,
     BLOCKED, "malformed execution-evidence JSON: e.json"),
    ("errored-check", analysis(ERRORED), None, None, None, False,
     BLOCKED, "check 'discovery' errored -> BLOCKED"),
    ("required-timeout", analysis(), None, evidence(TIMEOUT), None, False,
     BLOCKED, "required test suite timed out -> BLOCKED"),
    ("required-red", analysis(), None, evidence(RED), None, False,
     REQUEST_CHANGES, "required test suite failed (non-zero exit) -> REQUEST_CHANGES"),
    ("failed-blocking", analysis(FAILED_BLOCKING), None, None, None, False,
     REQUEST_CHANGES, "check 'lint' failed with a blocking finding -> REQUEST_CHANGES"),
    ("failed-no-findings", analysis(FAILED_NO_FINDINGS), None, None, None, False,
     REQUEST_CHANGES, "check 'lint' failed with a blocking finding -> REQUEST_CHANGES"),
    ("failed-blocking-default", analysis({**FAILED_BLOCKING, "findings": [{"rule": "x"}]}), None,
     None, None, False,
     REQUEST_CHANGES, "check 'lint' failed with a blocking finding -> REQUEST_CHANGES"),
    ("llm-critical", analysis(OK_CHECK), llm("Critical"), None, None, False,
     REQUEST_CHANGES, "critical LLM finding -> REQUEST_CHANGES"),
    ("llm-critical-any-case", analysis(), llm("warning", "CRITICAL"), None, None, False,
     REQUEST_CHANGES, "critical LLM finding -> REQUEST_CHANGES"),
    ("coverage-unreadable", analysis(), None, None, Document("c.json", problem=UNREADABLE), False,
     BLOCKED, "coverage-delta file not readable: c.json"),
    ("coverage-invalid", analysis(), None, None, Document("c.json", problem=INVALID), False,
     BLOCKED, "malformed coverage-delta JSON: c.json"),
    ("coverage-missing-field", analysis(), None, None, Document("c.json", {"x": 1}), False,
     BLOCKED, "coverage-delta JSON missing coverage_delta field: c.json"),
    ("coverage-not-number", analysis(), None, None, coverage("lots"), False,
     BLOCKED, "coverage-delta JSON coverage_delta is not a number: c.json"),
    ("coverage-zero", analysis(), None, None, coverage(0), False,
     REQUEST_CHANGES, "coverage_delta=0 (zero coverage delta) -> REQUEST_CHANGES"),
    ("coverage-negative", analysis(), None, None, coverage(-1.5), False,
     REQUEST_CHANGES, "coverage_delta=-1.5 (coverage regression) -> REQUEST_CHANGES"),
    ("approve", analysis(OK_CHECK), llm("warning"), evidence(GREEN), coverage(2.5), False,
     APPROVE, "no errored check, blocking failure or critical finding -> APPROVE"),
    # -- inputs that are not rules: they must not change the verdict ---------------------------
    ("llm-missing-is-no-findings", analysis(), Document("l.json", problem=UNREADABLE), None, None,
     False, APPROVE, "no errored check, blocking failure or critical finding -> APPROVE"),
    ("llm-invalid-is-no-findings", analysis(), Document("l.json", problem=INVALID), None, None,
     False, APPROVE, "no errored check, blocking failure or critical finding -> APPROVE"),
    ("failed-non-blocking", analysis(FAILED_NON_BLOCKING), None, None, None, False,
     APPROVE, "no errored check, blocking failure or critical finding -> APPROVE"),
    ("skipped-evidence-ignored", analysis(), None, evidence(TIMEOUT, RED, skipped=True), None,
     False, APPROVE, "no errored check, blocking failure or critical finding -> APPROVE"),
    ("optional-suite-ignored", analysis(), None,
     evidence({**TIMEOUT, "required": False}, {**RED, "required": False}), None, False,
     APPROVE, "no errored check, blocking failure or critical finding -> APPROVE"),
    # -- precedence: which rule wins when several match ---------------------------------------
    ("analysis-before-evidence", Document("a.json", problem=INVALID), None,
     Document("e.json", problem=INVALID), None, False,
     BLOCKED, "malformed analysis-results.json: invalid JSON"),
    ("evidence-unreadable-before-failed-check", analysis(FAILED_BLOCKING), llm("critical"),
     Document("e.json", problem=UNREADABLE), None, False,
     BLOCKED, "execution-evidence file not readable: e.json"),
    ("errored-before-timeout", analysis(ERRORED), None, evidence(TIMEOUT), None, False,
     BLOCKED, "check 'discovery' errored -> BLOCKED"),
    ("timeout-before-red", analysis(), None, evidence(RED, TIMEOUT), None, False,
     BLOCKED, "required test suite timed out -> BLOCKED"),
    ("red-before-failed-check", analysis(FAILED_BLOCKING), None, evidence(RED), None, False,
     REQUEST_CHANGES, "required test suite failed (non-zero exit) -> REQUEST_CHANGES"),
    ("errored-beats-llm-approve", analysis(ERRORED), llm("suggestion"), None, None, False,
     BLOCKED, "check 'discovery' errored -> BLOCKED"),
    ("failed-check-before-llm", analysis(FAILED_BLOCKING), llm("critical"), None, None, False,
     REQUEST_CHANGES, "check 'lint' failed with a blocking finding -> REQUEST_CHANGES"),
    ("llm-before-coverage", analysis(), llm("critical"), None,
     Document("c.json", problem=UNREADABLE), False,
     REQUEST_CHANGES, "critical LLM finding -> REQUEST_CHANGES"),
    ("failed-check-before-coverage-blocked", analysis(FAILED_BLOCKING), None, None,
     Document("c.json", problem=INVALID), False,
     REQUEST_CHANGES, "check 'lint' failed with a blocking finding -> REQUEST_CHANGES"),
    # -- action mode ---------------------------------------------------------------------------
    ("action-unreadable", Document("a.json", problem=UNREADABLE), None, None, None, True,
     BLOCKED, "malformed analysis-results.json: file not found or unreadable: a.json"),
    ("action-blocking-failure", Document("a.json", {"blocking_failure": "plan_drift",
                                                     "placeholders": True}),
     None, None, None, True, BLOCKED, "action: blocking_failure=plan_drift -> BLOCKED"),
    ("action-placeholders", Document("a.json", {"placeholders": True, "plan": "present",
                                                 "execution": "success"}),
     None, None, None, True, REQUEST_CHANGES, "action: placeholders=true -> REQUEST_CHANGES"),
    ("action-mocks-sut", Document("a.json", {"mocks_sut": True}), None, None, None, True,
     REQUEST_CHANGES, "action: mocks_sut=true -> REQUEST_CHANGES"),
    ("action-breaks-suite", Document("a.json", {"breaks_suite": True}), None, None, None, True,
     REQUEST_CHANGES, "action: breaks_suite=true -> REQUEST_CHANGES"),
    ("action-unknown-failure-ignored", Document("a.json", {"blocking_failure": "other",
                                                            "plan": "present",
                                                            "execution": "success"}),
     None, None, None, True, APPROVE, "action: plan present and execution succeeded -> APPROVE"),
    ("action-no-plan", Document("a.json", {"execution": "success"}), None, None, None, True,
     BLOCKED, "action: plan=missing execution=success -> BLOCKED"),
    ("action-failed-run", Document("a.json", {"plan": "present", "execution": "failed"}), None,
     None, None, True, BLOCKED, "action: plan=present execution=failed -> BLOCKED"),
    ("action-approve-ignores-review-rules", Document("a.json", {"plan": "present",
                                                                 "execution": "success",
                                                                 "checks": [ERRORED]}),
     None, None, None, True, APPROVE, "action: plan present and execution succeeded -> APPROVE"),
    # -- action mode with the coverage-delta gate (seed 001): it decides only an APPROVE -------
    ("action-coverage-grew", Document("a.json", ACTION_OK), None, None,
     Document("c.json", {"coverage_delta": 2.5}), True,
     APPROVE, "action: plan present and execution succeeded -> APPROVE"),
    ("action-coverage-zero", Document("a.json", ACTION_OK), None, None,
     Document("c.json", {"coverage_delta": 0}), True,
     REQUEST_CHANGES, "coverage_delta=0 (zero coverage delta) -> REQUEST_CHANGES"),
    ("action-coverage-regressed", Document("a.json", ACTION_OK), None, None,
     Document("c.json", {"coverage_delta": -1.5}), True,
     REQUEST_CHANGES, "coverage_delta=-1.5 (coverage regression) -> REQUEST_CHANGES"),
    ("action-coverage-unreadable", Document("a.json", ACTION_OK), None, None,
     Document("c.json", problem=UNREADABLE), True,
     BLOCKED, "coverage-delta file not readable: c.json"),
    ("action-placeholders-outrank-coverage", Document("a.json", {**ACTION_OK,
                                                                  "placeholders": True}),
     None, None, Document("c.json", {"coverage_delta": 0}), True,
     REQUEST_CHANGES, "action: placeholders=true -> REQUEST_CHANGES"),
    ("action-blocked-outranks-coverage", Document("a.json", {"blocking_failure": "plan_tamper"}),
     None, None, Document("c.json", {"coverage_delta": 0}), True,
     BLOCKED, "action: blocking_failure=plan_tamper -> BLOCKED"),
]


@pytest.mark.parametrize(
    ("analysis_doc", "llm_doc", "evidence_doc", "coverage_doc", "action_mode", "verdict", "reason"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_resolve(
    analysis_doc: Document,
    llm_doc: Document | None,
    evidence_doc: Document | None,
    coverage_doc: Document | None,
    action_mode: bool,
    verdict: str,
    reason: str,
) -> None:
    result = resolve(analysis_doc, llm_doc, evidence_doc, coverage_doc, action_mode=action_mode)
    assert (result.verdict, result.reason) == (verdict, reason)


@pytest.mark.parametrize(
    ("content", "value", "problem"),
    [
        ('{"schema_version": "1.0"}', {"schema_version": "1.0"}, None),
        ("not json", None, INVALID),
        ("", None, INVALID),
        ("null", None, INVALID),
        ("false", None, INVALID),
        ("[]", [], None),
    ],
)
def test_read_document(tmp_path: Path, content: str, value: Any, problem: str | None) -> None:
    path = tmp_path / "doc.json"
    path.write_text(content, encoding="utf-8")
    assert read_document(str(path)) == Document(str(path), value, problem)


def test_read_document_missing_and_directory(tmp_path: Path) -> None:
    assert read_document(str(tmp_path / "nope.json")).problem == UNREADABLE
    assert read_document(str(tmp_path)).problem == UNREADABLE


def test_read_document_invalid_utf8(tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    path.write_bytes(b'{"a": "\xff"}')
    assert read_document(str(path)).problem == INVALID
