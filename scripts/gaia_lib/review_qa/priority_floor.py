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
  this branch" of an edit never committed). On the base itself with commits after the one
  that first added the story file (no branch of its own: `Reads.story_committed`, as the
  story's tests are compared), the floor is the highest priority each AC had in any version
  of the story file committed since (`versions_since`, the newest VERSIONS; `lowered_since`),
  and a priority lowered in those commits is said lowered "on master since the story's first
  commit (e6af595)" (`since_first_commit`): a story planned P0 and reviewed on master, every
  priority taken out in a commit of its own, had been approved with its P0 AC untested, the
  story at HEAD taken for the one it was planned as. An AC still the template's placeholder
  then (`Given <context>, ...`, `AcceptanceCriterion.unfilled`: `gaia story new` committed
  before the ACs were written) was planned with no priority and floors nothing. An AC new
  on the branch, a story new on it, or a file git cannot read has no floor; raising a
  priority is never held back.
- Rank (`rules.rank`): P0 = critical = high, then P1 = medium, P2 = low, P3; a value of no
  rank is never floored and floors nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
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
               for ac in then.acceptance_criteria if not ac.unfilled}
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


def lowered_since(now: Story, versions: Sequence[Story | None]) -> dict[str, Lowered]:
    """Per AC id, the highest priority any of `versions` gave it where `now` ranks it lower
    or gives it none (`lowered` against each version, the highest kept)."""
    out: dict[str, Lowered] = {}
    for version in versions:
        for ac_id, low in lowered(now, version).items():
            kept, best = rules.rank(low.kept), out.get(ac_id)
            if best is None or (kept is not None and kept < (rules.rank(best.kept) or 0)):
                out[ac_id] = low
    return out


VERSIONS = 20  # the story file's committed versions a review reads, newest first


def versions_since(project: Path, story_path: Path) -> list[Story | None]:
    """The story file as each commit that changed it has it, newest first (at most
    VERSIONS): on the base, those since the commit that added it."""
    rel = paths.relative_to_project(story_path, project)
    commits = git.lines(git.run(project, "log", f"-{VERSIONS}", "--format=%H", "HEAD", "--",
                                rel))
    return [story_at(project, story_path, commit) for commit in commits]


def since_first_commit(base: str, commit: str) -> str:
    """Where a priority lowered in the commits on the base after the story's first was
    lowered: "on master since the story's first commit (e6af595)"."""
    return f"on {base} since the story's first commit ({commit[:7]})"


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
