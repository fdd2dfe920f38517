"""/gaia-test-automate Review Phase 1 (setup) and the story gate's status check (seed 001).

`setup` is gate.review_setup's Phase 1 ("... must be in 'review' status for test automation"):
one story file, in `review`, its stack and persona, the tool probe (PATH, then
`node_modules/.bin`, never `npx`; 5 s cap per probe; the versions found go into the cache key).
A test runner the stack needs but the machine lacks makes the planning run BLOCKED.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib.core import paths
from gaia_lib.gate import reports
from gaia_lib.gate.review_setup import ReviewSetup, prepare

SKILL = "gaia-test-automate"
STATE_SKILL = "test-automate"  # .gaia/state/review/test-automate/KEY/
REPORT_TYPE = "test-automate-review"  # test-automate-review-KEY.md
PLAN_TYPE = "test-automate-plan"


@dataclass(frozen=True)
class Setup(ReviewSetup):
    def state_dir(self) -> Path:
        return paths.review_state_dir(self.project, STATE_SKILL, self.key)

    def report_path(self) -> Path:
        return reports.review_report_path(self.project, self.key, REPORT_TYPE, create=False)

    def summary(self) -> dict[str, Any]:
        return {
            **self.base_summary(self.state_dir()),
            "report": paths.relative_to_project(self.report_path(), self.project),
        }


def setup(project: Path, raw_key: str) -> Setup:
    return Setup(**vars(prepare(project, raw_key, "test automation")))
