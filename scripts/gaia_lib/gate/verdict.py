"""The review verdict: APPROVE | REQUEST_CHANGES | BLOCKED, from evidence the LLM cannot override.

`resolve` is the one rule table (pure: no I/O, clock or environment); `read_document` is the
only I/O and turns a path into a `Document` (its JSON value, or why it could not be read).

Review mode, strict first match wins (upstream verdict-resolver.sh):
  1. analysis unreadable / not JSON / no schema_version         -> BLOCKED
  2. execution evidence given but unreadable / not JSON          -> BLOCKED
  3. any check `errored`                                         -> BLOCKED
  4. evidence not skipped: a required suite timed out            -> BLOCKED
  5. evidence not skipped: a required suite exited non-zero      -> REQUEST_CHANGES
  6. a `failed` check with no findings or a blocking finding     -> REQUEST_CHANGES
  7. an LLM finding of severity critical (any case)              -> REQUEST_CHANGES
  8. coverage delta given: unreadable / not JSON / no number     -> BLOCKED
  9. coverage delta <= 0                                         -> REQUEST_CHANGES
 10. otherwise                                                   -> APPROVE
A missing or invalid LLM findings file means no findings.

Action mode (test-automate), after rule 1's readability check:
  blocking_failure in BLOCKING_FAILURES -> BLOCKED; placeholders / mocks_sut / breaks_suite true
  -> REQUEST_CHANGES; plan != "present" or execution != "success" -> BLOCKED; then, when a
  coverage delta is given, rules 8-9 (seed 001's coverage-delta gate sits between the action
  rules and the default APPROVE); else APPROVE.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from gaia_lib.core import jsonio

APPROVE = "APPROVE"
REQUEST_CHANGES = "REQUEST_CHANGES"
BLOCKED = "BLOCKED"
VERDICTS = (APPROVE, REQUEST_CHANGES, BLOCKED)

# The Review Gate vocabulary a verdict maps to (seed 000, Phase 5).
GATE_VERDICT = {APPROVE: "PASSED", REQUEST_CHANGES: "FAILED", BLOCKED: "FAILED"}

BLOCKING_FAILURES = frozenset(
    {"plan_tamper", "target_outside_allowlist", "runner_unavailable", "plan_drift",
     "malformed_output"}
)

UNREADABLE = "unreadable"
INVALID = "invalid"


# NamedTuple rather than dataclass: the verdict resolver is a per-call command, and on its path
# the dataclasses import and class construction are a measurable part of start-up.
class Document(NamedTuple):
    """One JSON input: its parsed value, or `problem` (UNREADABLE / INVALID) when there is none."""

    path: str
    value: Any = None
    problem: str | None = None


class Resolution(NamedTuple):
    verdict: str
    reason: str  # one diagnostic line naming the rule that decided


def read_document(path: str) -> Document:
    """Read and parse a JSON file. JSON `null` / `false` count as invalid, as `jq -e .` does;
    so do `NaN`, `Infinity` and numbers too large for a float, which are not JSON."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return Document(path, problem=UNREADABLE)
    try:
        value = jsonio.strict_loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return Document(path, problem=INVALID)
    if value is None or value is False:
        return Document(path, problem=INVALID)
    return Document(path, value)


def _field(value: Any, name: str) -> Any:
    return value.get(name) if isinstance(value, Mapping) else None


def _objects(value: Any) -> Iterator[Mapping[str, Any]]:
    if isinstance(value, list):
        yield from (item for item in value if isinstance(item, Mapping))


def _has_length(value: Any) -> bool:
    """jq's `(. // "") | length > 0`: a non-empty string/array/object or a non-zero number."""
    if value is None or isinstance(value, bool):
        return False  # `true | length` is a jq error: no usable version
    if isinstance(value, int | float):
        return value != 0
    return bool(value)


def _is_true(value: Any) -> bool:
    return value is True


def _required(suite: Mapping[str, Any]) -> bool:
    return suite.get("required", True) is not False


def _exit_code_nonzero(suite: Mapping[str, Any]) -> bool:
    code = suite.get("exit_code")
    return code is not None and code is not False and code != 0


def _number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _action(analysis: Any) -> Resolution:
    failure = _field(analysis, "blocking_failure")
    if isinstance(failure, str) and failure in BLOCKING_FAILURES:
        return Resolution(BLOCKED, f"action: blocking_failure={failure} -> BLOCKED")
    for flag in ("placeholders", "mocks_sut", "breaks_suite"):
        if _is_true(_field(analysis, flag)):
            return Resolution(REQUEST_CHANGES, f"action: {flag}=true -> REQUEST_CHANGES")
    plan, execution = _field(analysis, "plan"), _field(analysis, "execution")
    if plan != "present" or execution != "success":
        shown = f"plan={plan or 'missing'} execution={execution or 'missing'}"
        return Resolution(BLOCKED, f"action: {shown} -> BLOCKED")
    return Resolution(APPROVE, "action: plan present and execution succeeded -> APPROVE")


def _coverage_rule(coverage: Document | None) -> Resolution | None:
    """Rules 8-9: the coverage delta's verdict, or None when it does not decide."""
    if coverage is None:
        return None
    if coverage.problem == UNREADABLE:
        return Resolution(BLOCKED, f"coverage-delta file not readable: {coverage.path}")
    if coverage.problem == INVALID:
        return Resolution(BLOCKED, f"malformed coverage-delta JSON: {coverage.path}")
    delta = _field(coverage.value, "coverage_delta")
    if delta is None or delta is False:
        return Resolution(
            BLOCKED, f"coverage-delta JSON missing coverage_delta field: {coverage.path}"
        )
    numeric = isinstance(delta, int | float) and not isinstance(delta, bool)
    if not numeric or not math.isfinite(delta):
        return Resolution(
            BLOCKED, f"coverage-delta JSON coverage_delta is not a number: {coverage.path}"
        )
    if delta == 0:
        return Resolution(
            REQUEST_CHANGES, "coverage_delta=0 (zero coverage delta) -> REQUEST_CHANGES"
        )
    if delta < 0:
        return Resolution(
            REQUEST_CHANGES,
            f"coverage_delta={_number_text(delta)} (coverage regression) -> REQUEST_CHANGES",
        )
    return None


def resolve(
    analysis: Document,
    llm: Document | None = None,
    evidence: Document | None = None,
    coverage: Document | None = None,
    *,
    action_mode: bool = False,
) -> Resolution:
    """Apply the rules in the module docstring; the first that matches decides."""
    if analysis.problem == UNREADABLE:
        return Resolution(
            BLOCKED,
            f"malformed analysis-results.json: file not found or unreadable: {analysis.path}",
        )
    if analysis.problem == INVALID:
        return Resolution(BLOCKED, "malformed analysis-results.json: invalid JSON")
    if action_mode:
        acted = _action(analysis.value)
        return (_coverage_rule(coverage) or acted) if acted.verdict == APPROVE else acted
    if not _has_length(_field(analysis.value, "schema_version")):
        return Resolution(BLOCKED, "malformed analysis-results.json: missing schema_version")

    suites: list[Mapping[str, Any]] = []
    if evidence is not None:
        if evidence.problem == UNREADABLE:
            return Resolution(BLOCKED, f"execution-evidence file not readable: {evidence.path}")
        if evidence.problem == INVALID:
            return Resolution(BLOCKED, f"malformed execution-evidence JSON: {evidence.path}")
        if not _is_true(_field(evidence.value, "skipped")):
            suites = [s for s in _objects(_field(evidence.value, "suites")) if _required(s)]

    checks = list(_objects(_field(analysis.value, "checks")))
    for check in checks:
        if check.get("status") == "errored":
            return Resolution(BLOCKED, f"check '{check.get('name', '?')}' errored -> BLOCKED")
    if any(_is_true(s.get("timeout")) for s in suites):
        return Resolution(BLOCKED, "required test suite timed out -> BLOCKED")
    if any(_exit_code_nonzero(s) for s in suites):
        return Resolution(
            REQUEST_CHANGES, "required test suite failed (non-zero exit) -> REQUEST_CHANGES"
        )
    for check in checks:
        if check.get("status") != "failed":
            continue
        findings = check.get("findings")
        if not findings or any(f.get("blocking") is not False for f in _objects(findings)):
            name = check.get("name", "?")
            return Resolution(
                REQUEST_CHANGES, f"check '{name}' failed with a blocking finding -> REQUEST_CHANGES"
            )
    if llm is not None and llm.problem is None:
        for finding in _objects(_field(llm.value, "findings")):
            severity = finding.get("severity")
            if isinstance(severity, str) and severity.lower() == "critical":
                return Resolution(REQUEST_CHANGES, "critical LLM finding -> REQUEST_CHANGES")

    decided = _coverage_rule(coverage)
    if decided is not None:
        return decided
    return Resolution(APPROVE, "no errored check, blocking failure or critical finding -> APPROVE")
