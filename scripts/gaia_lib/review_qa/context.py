"""Phase 1 of the QA review: which story, in which state, on which stack, with which tools.

`setup` resolves the key to exactly one story file (missing: exit 1; ambiguous: exit 2), requires
the story to be in `review`, resolves the stack and its persona, and probes the stack's test
runner. Its summary also names this QA round and its report (qa_gating.names) and the QA
reviewer's model and effort from project config (`qa.model`, `qa.effort`; null: the default).
The resulting `Setup` is what every later phase works from; a runner that the project expects
but the machine lacks makes the review BLOCKED (`blocked_reason`). A story whose frontmatter
priority is set but none the review ranks (`rules.rank`: P0-P3, critical, high, medium, low) is
refused (exit 1): its ACs inherit it, and an unranked priority would make an uncovered AC a
warning, so a typo (`P5`) would let a story with untested ACs be approved.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib.core import paths
from gaia_lib.core.errors import GaiaError
from gaia_lib.gate.review_setup import ReviewSetup, prepare
from gaia_lib.qa_gating import names

SKILL = "gaia-review-qa"
STATE_SKILL = "qa-tests"  # upstream's evidence directory and report type keep the old name


@dataclass(frozen=True)
class Setup(ReviewSetup):
    def state_dir(self) -> Path:
        return paths.review_state_dir(self.project, STATE_SKILL, self.key)

    def summary(self) -> dict[str, Any]:
        return {
            **self.base_summary(self.state_dir()),
            # QA gating: this round, its report (the one chooser) and the reviewer's settings
            "round": (nxt := names.next_report(self.project, self.key)).round,
            "report": paths.relative_to_project(nxt.path, self.project),
            "qa_model": self.config.qa.model,
            "qa_effort": self.config.qa.effort,
        }


def setup(project: Path, raw_key: str) -> Setup:
    """Phase 1 + the story gate's status check (gate.review_setup) + its priority's."""
    prepared = prepare(project, raw_key, "QA tests")
    unranked = unranked_priority(prepared.story.priority)
    if unranked is not None:
        raise GaiaError(f"story {prepared.key}'s priority {unranked} is none the review ranks "
                        "(P0, P1, P2, P3, or critical, high, medium, low): an untested AC's "
                        "severity rests on it; fix the story's frontmatter priority", 1)
    return Setup(**vars(prepared))


def unranked_priority(priority: str | None) -> str | None:
    """A story priority that is set but of no rank, quoted (`'P5'`); None when absent or ranked."""
    # the rules load with the analysis, after the run has started: not on the way to it
    from gaia_lib.review_qa import rules

    if priority is None or not priority.strip() or rules.rank(priority) is not None:
        return None
    return repr(priority[:20])
