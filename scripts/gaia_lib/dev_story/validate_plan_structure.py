"""Step 4's plan-structure validator: the rendered plan names every canonical section.

Rules (upstream validate-plan-structure.sh):
- The eight canonical sections, checked in this order: Context, Implementation Steps, Files to
  Modify, Architecture Refs, UX Refs, Testing Strategy, Risks, Verification Plan; with
  `--rework`, Root Cause is required right after Context (nine).
- Each is a literal, case-sensitive ASCII substring of the plan: a lookalike letter (Cyrillic
  `С` U+0421 in `Сontext`) does not match, so the section counts as missing.
- The FIRST missing section is reported (`MISSING section 'X'`), exit 1; all present, exit 0;
  a bad flag or an unreadable plan file, exit 2.
"""

from __future__ import annotations

SECTIONS = ("Context", "Implementation Steps", "Files to Modify", "Architecture Refs",
            "UX Refs", "Testing Strategy", "Risks", "Verification Plan")
ROOT_CAUSE = "Root Cause"
EXIT_MISSING = 1
EXIT_USAGE = 2


def required(rework: bool) -> tuple[str, ...]:
    if not rework:
        return SECTIONS
    return (SECTIONS[0], ROOT_CAUSE, *SECTIONS[1:])


def first_missing(plan: str, rework: bool = False) -> str | None:
    return next((name for name in required(rework) if name not in plan), None)
