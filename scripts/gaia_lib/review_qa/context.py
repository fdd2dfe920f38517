"""Phase 1 of the QA review: which story, in which state, on which stack, with which tools.

`setup` resolves the key to exactly one story file (missing: exit 1; ambiguous: exit 2), requires
the story to be in `review`, resolves the stack and its persona, and probes the stack's test
runner. Its summary also names this QA round and its report (qa_gating.names) and the QA
reviewer's model and effort from project config (`qa.model`, `qa.effort`; null: the default).
The resulting `Setup` is what every later phase works from; a runner that the project expects
but the machine lacks makes the review BLOCKED (`blocked_reason`).
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib.core import config, keys, paths
from gaia_lib.core.errors import GaiaError, NotFound
from gaia_lib.qa_gating import names
from gaia_lib.stacks import adapters as stacks
from gaia_lib.stacks import persona, toolprobe
from gaia_lib.story import resolve
from gaia_lib.story.parser import Story, load_story

SKILL = "gaia-review-qa"
STATE_SKILL = "qa-tests"  # upstream's evidence directory and report type keep the old name


@dataclass(frozen=True)
class Setup:
    project: Path
    key: str
    story_path: Path
    story: Story
    stack: str
    agent_file: Path
    located: toolprobe.StackProbe  # which tools are installed; versions may still be read
    config: config.ProjectConfig
    versions: Future[toolprobe.StackProbe]  # the tool probe, versions read in the background

    @property
    def probe(self) -> toolprobe.StackProbe:
        """The whole tool probe (waits for the `--version` runs, bounded by their timeout)."""
        return self.versions.result()

    @property
    def blocked_reason(self) -> str | None:
        if self.located.state == "expected_and_missing":
            return f"test runner not installed — {self.located.install_hint}"
        return None

    def state_dir(self) -> Path:
        return paths.review_state_dir(self.project, STATE_SKILL, self.key)

    def summary(self) -> dict[str, Any]:
        return {
            "story_key": self.key,
            "story_file": paths.relative_to_project(self.story_path, self.project),
            "title": self.story.title,
            "status": self.story.status,
            "stack": self.stack,
            "persona": str(self.agent_file),
            "tools": self.probe.as_dict(),
            "blocked": self.blocked_reason,
            "evidence_dir": paths.relative_to_project(self.state_dir(), self.project),
            # QA gating: this round, its report (the one chooser) and the reviewer's settings
            "round": (nxt := names.next_report(self.project, self.key)).round,
            "report": paths.relative_to_project(nxt.path, self.project),
            "qa_model": self.config.qa.model,
            "qa_effort": self.config.qa.effort,
        }


def setup(project: Path, raw_key: str) -> Setup:
    """Phase 1 + the story gate's status check. Raises GaiaError with the seed's messages."""
    key = keys.story_key(raw_key, 1)
    try:
        story_path = resolve.find_story(project, key)
    except NotFound:
        raise NotFound(f"story file not found for key {key}", 1) from None
    except GaiaError as exc:
        if exc.exit_code == 2:
            raise GaiaError(f"multiple story files matched key {key}", 2) from None
        raise
    story = load_story(story_path, 1)
    if story.status != "review":
        raise GaiaError(
            f"story {key} is in '{story.status}' status — must be in 'review' status for QA tests",
            1,
        )
    chosen = persona.resolve(story_file=story_path, project_root=project)
    adapter = stacks.get(chosen.stack)
    located = toolprobe.locate_stack(adapter, project)
    # The versions only name the tools in the evidence and the cache key: their `--version`
    # runs go on while the review reads the project and runs its tests.
    pool = ThreadPoolExecutor(max_workers=1)
    versions = pool.submit(toolprobe.read_versions, located, adapter, project)
    pool.shutdown(wait=False)  # the worker ends with its one job
    return Setup(project, key, story_path, story, chosen.stack, chosen.agent_file, located,
                 config.load(project, 1), versions)
