"""Phase 3C: deterministic test-case specs for the acceptance criteria no test covers.

One row per uncovered AC: `{tc_id: TC-{key}-{N}, ac_ref, description, given, when, then, type,
priority?, tags?}`, valid against schemas/qa-test-cases.schema.json. Given/When/Then come from
the AC when it has them; an unstructured AC gets clauses derived from its text (never TODO
placeholders) and the `ac-quality` tag. Passing the previous file's rows keeps their ids and
text (an LLM may have refined them) and numbers new rows after the highest id ever used, so a
re-run is a no-op. Covered ACs get no row: all covered -> [].
A row's type is read from the AC's words: E2E for a page, a screen or a click; Integration for
an API, HTTP, a database, a service or a queue that carries work (a message, job, task, event or
work queue), not a queue as a data structure (pqdict's ACs for a priority queue had been typed
Integration); else Unit.

Errors: an unknown AC id, a malformed or foreign existing row -> InvalidInput / MalformedFile
with the caller's exit code (default 1).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gaia_lib.core.errors import InvalidInput, MalformedFile
from gaia_lib.core.keys import is_story_key
from gaia_lib.core.keys import story_key as valid_story_key
from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.story.acceptance import AcceptanceCriterion

AC_REF_RE = lazy_re(r"AC(-EC)?[0-9]+")
PRIORITIES = ("P0", "P1", "P2", "P3")
TC_FIELDS = ("tc_id", "ac_ref", "description", "given", "when", "then", "type", "priority", "tags")

# First match wins; checked against the AC's own words. E2E before Integration: a UI flow
# usually also mentions the API it calls.
_TYPE_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("E2E", re.compile(
        r"\b(page|screen|browser|click\w*|button|form|navigat\w*|dashboard|modal|"
        r"end[- ]to[- ]end|e2e|ui)\b", re.IGNORECASE)),
    ("Integration", re.compile(
        r"\b(api|endpoint|http|request|response|status code|database|db|webhook|"
        r"(?:message|job|task|event|work)[- ]queues?|"
        r"service|integration|[1-5]\d\d)\b", re.IGNORECASE)),
)
_CONDITION_RE = lazy_re(r"^(?:if|when|once|after|upon)\s+(.+?)\s*,\s*(.+)$", re.IGNORECASE)


def _clean(text: str) -> str:
    return " ".join(text.split()).rstrip(".").strip()


def tc_type(ac: AcceptanceCriterion) -> str:
    for name, pattern in _TYPE_RULES:
        if pattern.search(ac.text):
            return name
    return "Unit"


def clauses(ac: AcceptanceCriterion) -> tuple[str, str, str, bool]:
    """(given, when, then, derived). Missing clauses are derived from the AC text: a leading
    `If/When X, Y` gives when=X, then=Y; otherwise the whole text is the expected outcome."""
    text = _clean(ac.statement) or ac.ac_id
    given = _clean(ac.given or "")
    when = _clean(ac.when or "")
    then = _clean(ac.then or "")
    if given and when and then:
        return given, when, then, False
    condition = _CONDITION_RE.match(text)
    if condition and not when:
        when = _clean(condition.group(1))
        then = then or _clean(condition.group(2))
    given = given or f"the system in the state {ac.ac_id} assumes"
    when = when or f"the behaviour {ac.ac_id} describes is exercised"
    then = then or text
    return given, when, then, True


def _row(
    key: str, number: int, ac: AcceptanceCriterion, priority: str | None
) -> dict[str, Any]:
    given, when, then, derived = clauses(ac)
    tags = []
    if ac.edge_case:
        tags.append("edge-case")
    if derived:
        tags.append("ac-quality")
    row: dict[str, Any] = {
        "tc_id": f"TC-{key}-{number}",
        "ac_ref": ac.ac_id,
        "description": _clean(ac.statement) or ac.ac_id,
        "given": given,
        "when": when,
        "then": then,
        "type": tc_type(ac),
    }
    if priority is not None:
        row["priority"] = priority
    if tags:
        row["tags"] = tags
    return row


def _existing_number(row: Any, key: str, exit_code: int) -> int:
    if not isinstance(row, Mapping):
        raise MalformedFile("existing test cases: every entry must be an object", exit_code)
    tc_id, ac_ref = row.get("tc_id"), row.get("ac_ref")
    if not isinstance(tc_id, str) or not isinstance(ac_ref, str):
        raise MalformedFile("existing test cases: an entry lacks tc_id or ac_ref", exit_code)
    match = re.fullmatch(r"TC-(.+)-([0-9]+)", tc_id)
    if not match or not is_story_key(match.group(1)):
        raise MalformedFile(f"existing test cases: malformed tc_id '{tc_id[:40]}'", exit_code)
    if match.group(1) != key:
        raise MalformedFile(
            f"existing test cases: {tc_id} belongs to story {match.group(1)}, not {key}", exit_code
        )
    return int(match.group(2))


def generate(
    story_key: str,
    acceptance_criteria: Sequence[AcceptanceCriterion],
    uncovered: Iterable[str],
    existing: Sequence[Any] = (),
    priority: str | None = None,
    exit_code: int = 1,
    ac_priorities: Mapping[str, str] | None = None,
) -> list[dict[str, Any]]:
    """TC rows for the `uncovered` AC ids, ordered by TC number.

    `existing` is the previous qa-test-cases list: rows for still-uncovered ACs are kept as
    they are; rows for ACs now covered are dropped; their numbers are never reused.
    `priority` is the story's priority, `ac_priorities` an AC's own where it names one
    (`**AC4 (P1):**`): a row takes its AC's, else the story's. A row's description is its
    AC's statement, without that tag (`AcceptanceCriterion.statement`).
    """
    key = valid_story_key(story_key, exit_code)
    if priority is not None and priority not in PRIORITIES:
        raise InvalidInput(f"invalid priority '{priority[:20]}' (one of P0-P3)", exit_code)
    by_id = {ac.ac_id: ac for ac in acceptance_criteria}
    wanted = set(uncovered)
    unknown = sorted(wanted - by_id.keys())
    if unknown:
        raise InvalidInput(f"uncovered AC {unknown[0]} is not in the story", exit_code)
    for ac_id in sorted(wanted):
        if not AC_REF_RE.fullmatch(ac_id):
            raise InvalidInput(f"AC id '{ac_id[:20]}' cannot be a test case reference", exit_code)
    numbers = [_existing_number(row, key, exit_code) for row in existing]
    if len(set(numbers)) != len(numbers):
        raise MalformedFile("existing test cases: duplicate tc_id", exit_code)
    kept = [
        (number, {k: row[k] for k in TC_FIELDS if k in row})
        for number, row in zip(numbers, existing, strict=True)
        if row["ac_ref"] in wanted
    ]
    have = {row["ac_ref"] for _, row in kept}
    next_number = max(numbers, default=0) + 1
    rows = list(kept)
    # Story order, so ids follow the ACs as written.
    for ac in acceptance_criteria:
        if ac.ac_id in wanted and ac.ac_id not in have:
            rows.append((next_number, _row(key, next_number, ac,
                                            (ac_priorities or {}).get(ac.ac_id, priority))))
            have.add(ac.ac_id)
            next_number += 1
    return [row for _, row in sorted(rows, key=lambda item: item[0])]
