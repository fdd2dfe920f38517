"""A priority lowered on the story's branch is not lowered for its review.

The review blocks only on a high-priority AC (`rules.ac_gap`): a developer who lowered the
story's `priority` (or an AC's own `(P0)`) in the same change as its tests would turn every
blocking gap into a warning. So the bar is the one the story was planned with.

Rules:
- Each AC's priority is read as the review reads it (`rules.ac_priority`: the AC's own `(P0)`
  or `priority: high`, else the story's frontmatter `priority`).
- The story file as it was where the branch left the base (`filelist.fork_point`; HEAD's own
  commit when the story is reviewed on the base with uncommitted edits) is read the same way.
  An AC whose priority ranks lower now than then keeps the earlier one, and says so (a warning
  of the integrity check, `lowered_findings`). So does one whose priority was taken out (its
  own `(P0)` and the story's `priority` both gone: `none` now), which the review reads as no
  high priority: a story planned with P0 ACs had been approved with two of them untested once
  every priority was deleted. The warning says where: "on this branch", or, for a story
  reviewed on the base itself (its fork point HEAD's own commit), "in the story file's
  uncommitted edits" (`where_lowered`: a story reviewed on `master` had been said lowered "on
  this branch" of an edit never committed). An AC new on the branch, a story new on it, or
  a file git cannot read has no floor; raising a priority is never held back.
- Rank (`rules.rank`): P0 = critical = high, then P1 = medium, P2 = low, P3; a value of no
  rank is never floored and floors nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import git, paths
from gaia_lib.core.errors import GaiaError
from gaia_lib.review_qa import rules
from gaia_lib.story import filelist
from gaia_lib.story.parser import Story, parse_story


@dataclass(frozen=True)
class Lowered:
    ac_id: str
    kept: str  # the priority the story was planned with, which the review keeps
    now: str  # the lower one the story says now
    where: str = "on this branch"  # where it was lowered (`where_lowered`)


def lowered(now: Story, then: Story | None) -> dict[str, Lowered]:
    """Per AC id present in both, the priority `then` gave it where `now` ranks it lower or
    gives it none (`now` is then `none`)."""
    if then is None:
        return {}
    earlier = {ac.ac_id: rules.ac_priority(ac.text, then.priority)
               for ac in then.acceptance_criteria}
    out = {}
    for ac in now.acceptance_criteria:
        current, before = rules.ac_priority(ac.text, now.priority), earlier.get(ac.ac_id)
        was, is_now = rules.rank(before), rules.rank(current)
        if before and was is not None and (
                not current or (is_now is not None and is_now > was)):
            out[ac.ac_id] = Lowered(ac.ac_id, before, current or "none")
    return out


def fork_of(project: Path, base: str) -> tuple[str, str] | None:
    """(the ref git found for `base`, the commit where HEAD's branch left it:
    `filelist.fork_point`), or None where git has neither (no repository, no base)."""
    ref = filelist.resolve_base(project, base)
    fork = filelist.fork_point(project, ref) if ref else None
    return (ref, fork) if ref and fork else None


UNCOMMITTED = "in the story file's uncommitted edits"


def where_lowered(project: Path, fork: str) -> str:
    """Where a priority lowered since `fork` (the story's fork point) was lowered: in the
    story file's uncommitted edits where the fork point is HEAD's own commit (the story is
    reviewed on the base), else on this branch."""
    head = git.run(project, "rev-parse", "HEAD")
    return UNCOMMITTED if head.ok and head.stdout.strip() == fork else Lowered.where


def story_at(project: Path, story_path: Path, commit: str) -> Story | None:
    """The story file as `commit` has it, or None (not there, or malformed then)."""
    rel = paths.relative_to_project(story_path, project)
    shown = git.run(project, "show", f"{commit}:{rel}")
    if not shown.ok:
        return None
    try:
        return parse_story(shown.stdout, story_path)
    except GaiaError:  # malformed then: nothing to hold the story to
        return None
