"""Step 1's dependency gate: `gaia check-deps`, a thin upstream-named view of the one check.

Rules:
- The verdict is `story.sprint.check_deps` (shared with `sprint-state check-deps`) with QA
  gating's hold (qa_gating.holds): exit 0 every `depends_on` story is `done` (every row of
  its Review Gate PASSED: a `done` set by hand over an unfinished gate is not) and not held by
  its QA verdict; 1 some are not (stderr `  KEY: status`, or `  KEY: held by QA ...`);
  2 a dependency has no story file (wins over 1); 64 usage (no such story path, unparseable).
- A dependency cycle through the story (E1-S2 -> E1-S3 -> E1-S2) is reported as one line
  naming the cycle and exits 1: such dependencies can never all be `done`.
- `--bypass-deps` never skips the check silently: the unmet dependencies are still listed, the
  bypass is recorded through `sprint-state override` (reason "operator --bypass-deps at dev-story
  launch") and stderr carries `[BYPASS] dependency check bypassed for K — depends_on entries
  not validated`; the exit is then 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import keys
from gaia_lib.core.errors import Ambiguous, GaiaError, MalformedFile, NotFound, UsageError
from gaia_lib.qa_gating import holds
from gaia_lib.story import resolve, sprint
from gaia_lib.story.parser import Story, load_story

EXIT_USAGE = 64
BYPASS_REASON = "operator --bypass-deps at dev-story launch"
MAX_DEPTH = 200  # a dependency chain longer than a sprint is not a real one


@dataclass(frozen=True)
class Outcome:
    key: str
    result: sprint.DepsResult
    cycle: tuple[str, ...]  # empty: none
    bypassed: bool

    @property
    def exit_code(self) -> int:
        if self.bypassed:
            return 0
        if self.result.exit_code:
            return self.result.exit_code
        return 1 if self.cycle else 0

    def messages(self) -> list[str]:
        lines: list[str] = []
        if self.result.missing:
            lines.append("missing dependency story file(s):")
            lines += [f"  {key}: no story file" for key in self.result.missing]
        elif self.result.not_done:
            lines.append("dependencies not in status: done")
            lines += [f"  {key}: {status}" for key, status in self.result.not_done]
        if self.result.held and not self.result.missing:
            lines.append("dependencies held by QA gating:")
            lines += [f"  {key}: {hold}" for key, hold in self.result.held]
        if self.cycle:
            lines.append("dependency cycle: " + " -> ".join(self.cycle))
        if self.bypassed:
            lines.append(f"[BYPASS] dependency check bypassed for {self.key} — depends_on "
                         "entries not validated")
        return lines


def _deps_of(project: Path, key: str) -> tuple[str, ...]:
    try:
        return load_story(resolve.find_story(project, key)).depends_on
    except (NotFound, Ambiguous, MalformedFile, GaiaError):
        return ()


def find_cycle(project: Path, story: Story) -> tuple[str, ...]:
    """The first dependency path that leads back to the story, as keys (start and end equal)."""
    start = story.key or ""
    stack: list[tuple[str, tuple[str, ...]]] = [(d, (start, d)) for d in story.depends_on]
    seen: set[str] = set()
    while stack:
        key, path = stack.pop()
        if key == start:
            return path
        if key in seen or not keys.is_story_key(key) or len(path) > MAX_DEPTH:
            continue
        seen.add(key)
        stack.extend((d, (*path, d)) for d in _deps_of(project, key))
    return ()


def load_story_arg(raw_path: str) -> Story:
    story = sprint.story_arg(raw_path, EXIT_USAGE)
    if not story.key or not keys.is_story_key(story.key):
        raise UsageError(f"{raw_path}: no valid story key in the frontmatter", EXIT_USAGE)
    return story


def check(project: Path, raw_path: str, bypass: bool = False) -> Outcome:
    story = load_story_arg(raw_path)
    key = story.key or ""
    result = sprint.check_deps(project, story, qa_hold=holds.QaHolds(project))
    cycle = find_cycle(project, story)
    blocked = bool(result.exit_code or cycle)
    if bypass and blocked:
        sprint.record_override(project, key, BYPASS_REASON, qa_hold=holds.QaHolds(project))
    return Outcome(key, result, cycle, bypass and blocked)
