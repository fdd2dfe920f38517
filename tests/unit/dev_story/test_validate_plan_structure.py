from __future__ import annotations

from gaia_lib.dev_story.validate_plan_structure import SECTIONS, first_missing, required

FULL = "\n".join(f"## {name}\ntext" for name in SECTIONS)


def test_eight_sections_and_root_cause_for_rework() -> None:
    assert len(required(False)) == 8
    assert required(True)[:2] == ("Context", "Root Cause") and len(required(True)) == 9


def test_complete_plan_passes_only_without_rework() -> None:
    assert first_missing(FULL) is None
    assert first_missing(FULL, rework=True) == "Root Cause"
    assert first_missing(FULL + "\n## Root Cause\nx", rework=True) is None


def test_first_missing_is_reported_in_canonical_order() -> None:
    plan = FULL.replace("## Files to Modify", "## Files").replace("## Risks", "## R")
    assert first_missing(plan) == "Files to Modify"


def test_cyrillic_homoglyph_counts_as_missing() -> None:
    plan = FULL.replace("## Context", "## \u0421ontext")
    assert first_missing(plan) == "Context"


def test_case_matters() -> None:
    assert first_missing(FULL.replace("Testing Strategy", "testing strategy")) == \
        "Testing Strategy"
