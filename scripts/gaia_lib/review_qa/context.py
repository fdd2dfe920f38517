"""Phase 1 of the QA review: which story, in which state, on which stack, with which tools.

`setup` resolves the key to exactly one story file (missing: exit 1; ambiguous: exit 2), requires
the story to be in `review`, resolves the stack and its persona, and probes the stack's test
runner. Its summary also names this QA round and its report (qa_gating.names) and the QA
reviewer's model and effort from project config (`qa.model`, `qa.effort`; null: the default).
The resulting `Setup` is what every later phase works from; a runner that the project expects
but the machine lacks makes the review BLOCKED (`blocked_reason`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib.core import paths
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
    """Phase 1 + the story gate's status check (gate.review_setup)."""
    return Setup(**vars(prepare(project, raw_key, "QA tests")))
