from __future__ import annotations

import hashlib

import pytest

from gaia_lib.review_qa import report as qa_report

GOOD = """## Deterministic Analysis

table

## LLM Semantic Review

### Critical

None.

**Verdict: APPROVE**
"""


@pytest.mark.parametrize(
    ("payload", "problems"),
    [
        (GOOD, []),
        (GOOD.replace("## Deterministic Analysis", "## Analysis"),
         ["missing '## Deterministic Analysis' section"]),
        (GOOD.replace("## LLM Semantic Review", "LLM review"),
         ["missing '## LLM Semantic Review' section"]),
        (GOOD.replace("**Verdict: APPROVE**", "Verdict: APPROVE"),
         ["last line is not '**Verdict: APPROVE|REQUEST_CHANGES|BLOCKED**'"]),
        (GOOD.replace("**Verdict: APPROVE**", "**Verdict: LGTM**"),
         ["last line is not '**Verdict: APPROVE|REQUEST_CHANGES|BLOCKED**'"]),
        (GOOD + "trailing words\n", ["last line is not '**Verdict: APPROVE|REQUEST_CHANGES|BLOCKED**'"]),
        ("", ["missing '## Deterministic Analysis' section", "missing '## LLM Semantic Review' section",
              "last line is not '**Verdict: APPROVE|REQUEST_CHANGES|BLOCKED**'"]),
    ],
)
def test_payload_problems(payload: str, problems: list[str]) -> None:
    assert qa_report.payload_problems(payload) == problems


def test_assemble_ends_with_the_resolvers_verdict_and_notes_a_disagreement() -> None:
    text, complete = qa_report.assemble("# QA Review: E1-S1", GOOD, "REQUEST_CHANGES")
    assert complete
    lines = text.rstrip("\n").splitlines()
    assert lines[-1] == "**Verdict: REQUEST_CHANGES**"
    assert "**Verdict: APPROVE**" not in text
    assert "Note: the payload proposed APPROVE; the verdict resolver decided REQUEST_CHANGES." in text


def test_assemble_marks_a_malformed_payload_incomplete() -> None:
    text, complete = qa_report.assemble("# QA Review: E1-S1", "just some prose", "BLOCKED")
    assert not complete
    assert text.startswith("[INCOMPLETE] The review payload was malformed: missing")
    assert "just some prose" in text
    assert text.rstrip("\n").splitlines()[-1] == "**Verdict: BLOCKED**"


def test_prompt_hash_is_sha256_of_prompt_then_analysis() -> None:
    expected = hashlib.sha256(b"system" + b'{"a": 1}').hexdigest()
    assert qa_report.prompt_hash("system", b'{"a": 1}') == f"sha256:{expected}"


def test_render_deterministic_lists_checks_acs_and_findings() -> None:
    analysis = {
        "checks": [
            {"name": "ac-coverage", "status": "failed", "findings": [
                {"file": "story.md", "line": 12, "severity": "critical", "rule": "missing-ac-coverage",
                 "message": "AC2 has no test", "blocking": True}]},
            {"name": "branch-coverage", "status": "skipped", "skip_reason": "no coverage report"},
        ],
        "coverage": {"percent": 50.0, "per_ac": [
            {"ac_id": "AC1", "matched": True, "test_count": 2, "matched_by": "id"},
            {"ac_id": "AC2", "matched": False, "test_count": 0, "matched_by": None}]},
        "unattributed_tests": ["tests/t.py::test_x"],
        "unattributed_story_keys": {"tests/t.py::test_x": ["E1-S3"]},
        "gate_warnings": ['{"warning":"file-list-divergence","reason":"divergence"}'],
    }
    text = qa_report.render_deterministic(analysis)
    assert text.startswith("## Deterministic Analysis\n")
    assert "| ac-coverage | failed | 1 |" in text
    assert "| branch-coverage | skipped (no coverage report) | 0 |" in text
    assert "| AC2 | no | 0 | — |" in text
    assert "- [critical] ac-coverage/missing-ac-coverage story.md:12 — AC2 has no test" in text
    assert "- tests/t.py::test_x (E1-S3)" in text
    assert '- {"warning":"file-list-divergence","reason":"divergence"}' in text


def test_render_llm_section_groups_by_severity() -> None:
    text = qa_report.render_llm_section(
        [{"category": "assertion", "severity": "Warning", "message": "weak", "ac_ref": "AC3"}]
    )
    assert "### Critical\n\nNone." in text
    assert "### Warning\n\n- **assertion** (AC3): weak" in text
