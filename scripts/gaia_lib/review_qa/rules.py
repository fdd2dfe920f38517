"""The QA severity rubric as code (seed 000, "Severity Rubric"): pure functions, no I/O.

Priority: an AC's own priority when its text gives one (`(P0)`, `[P1]`, `priority: high`),
else the story's. High priority = P0, `high` or `critical`.

Critical is allowed for exactly two things about the tests, and only these block the verdict:
  (a) a primary (not edge-case) AC without a test, when the AC's priority is high;
  (b) an untested error path on a user-input boundary: an error-path AC (its text speaks of
      errors, rejection, invalid input, 4xx codes, or of an exception raised; not of an error
      promised not to come, nor of a number's inaccuracy, a rounding error) whose words put
      it at a user-input boundary (input, form, field, submit, request, upload, ...), with
      branch-coverage evidence that an error handler in the story's sources never ran, one
      the AC names by what it catches or the code it sits in (`checks.tie`); by what it
      catches alone, only in a Python function the story's tests entered
      (`coverage_report.function_entered`).
That rubric classifies what a reviewer finds. The review's own run adds one deterministic
blocker, which the verdict resolver already blocks on (a required test suite that failed):
  (c) a story test that failed, or did not finish, in a required tier's run: Critical, so
      that the findings say which test fails the review (in a tier that is not required,
      which blocks nothing, a Warning).
Beside them, what leaves nothing to weigh the tests by is Critical too: an AC never written
(`checks.ac_parse_check`), and a test run whose outcomes the project's own pytest plugins
rewrite (`untrusted_run`: a conftest making a failed report read passed).
Everything else the review finds is a Warning or a Suggestion:
  - a primary AC gap on a lower priority, any edge-case AC gap, an error path off a boundary or
    without branch evidence: Warning;
  - over-coverage (more than one test for one AC) and a `traces_to` FR that no test mentions:
    Suggestion; the rows of one table test (a JS/TS `it.each([...])(...)`, one declaration
    the runner makes several tests of) are one test there, not tests redundant with each
    other;
  - a test outside the documented test directories: Warning (category architecture).
An LLM finding marked Critical outside (a) and (b) is demoted to Warning and says so
(`demoted_from`, `demotion_reason`): the model cannot promote a finding into a blocker.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gaia_lib.evidence.words import RAISING
from gaia_lib.story.acceptance import BARE_PRIORITY

CRITICAL, WARNING, SUGGESTION = "critical", "warning", "suggestion"
HIGH_PRIORITIES = frozenset({"P0", "HIGH", "CRITICAL"})
# A priority's rank, 0 the highest: P0 = critical = high, P1 = medium, P2 = low, P3.
_RANKS = {**dict.fromkeys(HIGH_PRIORITIES, 0), "P1": 1, "MEDIUM": 1, "P2": 2, "LOW": 2, "P3": 3}

_AC_PRIORITY = re.compile(
    r"[(\[]\s*(P[0-3])\s*[)\]]|\bpriority\s*[:=]?\s*(P[0-3]|high|medium|low|critical)\b|"
    rf"^\s*({BARE_PRIORITY})",  # bare ahead of its Given: `P2: Given ...` of `**AC3 P2:**`
    re.IGNORECASE,
)
# An error path: the AC speaks of errors, rejection, invalid input or 4xx/5xx statuses, says
# something is raised or thrown, or names an exception (`KeyError`, `InvalidTokenException`).
# A 4xx/5xx number is a status only where the words around it say so (`is_error_path`).
ERROR_PATH_WORDS = re.compile(
    r"\b(errors?|invalid|reject\w*|fail\w*|exceptions?|malformed|denied|forbidden|refus\w*|"
    rf"{RAISING})\b"
    r"|(?-i:\b[A-Z]\w*(?:Error|Exception)\b)",
    re.IGNORECASE,
)
USER_INPUT_WORDS = re.compile(
    # "types" only as a person typing ("the user types", "typed into"): a data type is none.
    r"\b(inputs?|enter(s|ed|ing)?|(?:users?|they|customers?|visitors?|someone)\s+typ(?:es|ed)|"
    r"typ(?:es|ed|e|ing)\s+in(?:to)?|submit\w*|forms?|fields?|requests?|payloads?|"
    r"parameters?|params?|arguments?|uploads?|query|queries|sign(s|ed|ing)? ?up|log(s|ged|ging)?"
    r" ?in|email address(es)?|password|user[- ]?(supplied|provided|input)|"
    # "defaults supplied by the user", "a file given by a customer"
    r"(?:supplied|provided|given|entered|sent|pasted|uploaded)\s+by\s+(?:the|an?)\s+"
    r"(?:users?|customers?|visitors?|clients?|callers?))\b",
    re.IGNORECASE,
)


def ac_priority(ac_text: str, story_priority: str | None) -> str | None:
    """The AC's own priority when its text names one, else the story's (upper-cased)."""
    match = _AC_PRIORITY.search(ac_text)
    if match:
        return next(group for group in match.groups() if group).upper()
    return story_priority.upper() if story_priority else None


def rank(priority: str | None) -> int | None:
    """0 for the highest priority, larger for lower ones; None for a value of no rank."""
    return _RANKS.get((priority or "").strip().upper())


def is_high(priority: str | None) -> bool:
    return (priority or "").upper() in HIGH_PRIORITIES


def ac_gap(priority: str | None, edge_case: bool) -> tuple[str, bool]:
    """(severity, blocking) of an AC without a test: rule (a)."""
    if not edge_case and is_high(priority):
        return CRITICAL, True
    return WARNING, False


def untrusted_run() -> tuple[str, bool]:
    """(severity, blocking) of a run whose outcomes the project's plugins rewrite: whatever
    it says of the story's tests, it says nothing the review can trust."""
    return CRITICAL, True


# An error promised not to come is no error path: "then no error is raised", "it does not
# raise", "without an exception" (rfc3986's URI that meets every rule).
_NO_ERROR = re.compile(
    r"\b(?:no|without(?:\s+an?)?)\s+(?:errors?|exceptions?)(?:\s+(?:is|are)\s+(?:raised|thrown))?"
    r"|\b(?:does|do|did|will|should)\s+not\s+(?:raise|throw|fail)\b"
    r"|\bnever\s+(?:raises|throws|fails)\b"
    # ... nor is a value raised to a bound or a power ("is raised to the minimum while below
    # it": tenacity's wait, an increase, not an exception)
    r"|\b(?:is|are|gets?|was|were|be)\s+raised\s+to\b"
    # ... nor a number's inaccuracy ("with no floating-point error", "so rounding errors do
    # not pile up": a sum's drift, which no handler catches)
    r"|\b(?:floating[- ]point|rounding|round[- ]?off|precision|truncation|representation)"
    r"\s+errors?\b",
    re.IGNORECASE)


def is_error_path(ac_text: str) -> bool:
    """The AC speaks of an error (`ERROR_PATH_WORDS`) or promises a 4xx/5xx status: a number
    the words around it make one ("returns 404", "a 422 response"), as `then_literals` reads
    a Then clause's statuses; "from 25 February 2000 it is 435 days" promises a count. An
    error it says does not come ("no error is raised") is none, nor is a number's inaccuracy
    ("no floating-point error", "rounding errors")."""
    if ERROR_PATH_WORDS.search(_NO_ERROR.sub(" ", ac_text)) is not None:
        return True
    from gaia_lib.evidence import then_literals  # only where no word already says it

    return any(lit.kind == then_literals.STATUS and lit.value[0] in "45"
               for lit in then_literals.then_literals(ac_text))


def on_user_input_boundary(ac_text: str) -> bool:
    return USER_INPUT_WORDS.search(ac_text) is not None


def error_path_gap(ac_text: str, branch_evidence: bool) -> tuple[str, bool]:
    """(severity, blocking) of an error-path AC whose handlers never ran: rule (b)."""
    if branch_evidence and is_error_path(ac_text) and on_user_input_boundary(ac_text):
        return CRITICAL, True
    return WARNING, False


def failed_test(required: bool) -> tuple[str, bool]:
    """(severity, blocking) of a story test that failed in the review's run: rule (c)."""
    return (CRITICAL, True) if required else (WARNING, False)


def over_covered(per_ac: Iterable[Mapping[str, Any]],
                 declared_at: Mapping[str, int] | None = None) -> list[tuple[str, int]]:
    """(ac_id, count) of every AC with more than one test: a Suggestion each. With
    `declared_at` (test id -> its declaration's line), an AC's tests are counted by
    declaration: the rows of one table test share their file and line, and count once."""
    if declared_at is None:
        return [(str(e["ac_id"]), int(e["test_count"])) for e in per_ac
                if int(e.get("test_count", 0)) > 1]
    counted = [(str(e["ac_id"]), len(declarations(e.get("tests") or (), declared_at)))
               for e in per_ac]
    return [(ac_id, count) for ac_id, count in counted if count > 1]


def declarations(tests: Iterable[str], declared_at: Mapping[str, int]) -> list[list[str]]:
    """`tests` grouped by declaration (file and line), in order: a table test's rows are one
    group; a test whose line is unknown is a group of its own."""
    groups: dict[tuple[str, int] | str, list[str]] = {}
    for test in tests:
        line = declared_at.get(test)
        key: tuple[str, int] | str = (test.split("::", 1)[0], line) if line else test
        groups.setdefault(key, []).append(test)
    return list(groups.values())


def untraced_frs(traces_to: Sequence[str], test_texts: Iterable[str]) -> list[str]:
    """The story's FR ids that no test text mentions: a Suggestion each."""
    texts = list(test_texts)
    return [fr for fr in traces_to if not any(fr in text for text in texts)]


def outside_documented(test_paths: Iterable[str], documented: Sequence[str]) -> list[str]:
    """Test files under none of the documented test directories (none documented: none). A
    directory is read as a path (`./tests/` is `tests`; `.` is the project root, which holds
    every file: Go keeps its tests beside the code)."""
    if not documented:
        return []
    dirs = {posixpath.normpath(d.strip()) for d in documented if d.strip()}
    if "." in dirs:
        return []
    return sorted(p for p in test_paths
                  if not any(p == d or p.startswith(d + "/") for d in dirs))


def demote_llm_findings(findings: Sequence[Mapping[str, Any]],
                        critical_allowed: Mapping[str, Sequence[str]]
                        ) -> list[dict[str, Any]]:
    """The LLM's findings with every Critical outside the rubric demoted to Warning.

    `critical_allowed` maps a category (`coverage`, `error-path`) to the AC ids the
    deterministic evidence makes Critical-eligible; a critical finding stays critical only when
    its category and `ac_ref` are in it."""
    out = []
    for finding in findings:
        item = dict(finding)
        if str(item.get("severity", "")).lower() == CRITICAL:
            category = str(item.get("category", ""))
            ac_ref = str(item.get("ac_ref", ""))
            if ac_ref not in critical_allowed.get(category, ()):
                item["severity"] = WARNING
                item["demoted_from"] = CRITICAL
                item["demotion_reason"] = (
                    "Critical is reserved for a high-priority primary AC without a test and an "
                    "untested error path on a user-input boundary with branch-coverage "
                    f"evidence; the evidence supports neither for {ac_ref or 'this finding'}")
        out.append(item)
    return out
