"""Story key -> story file, with the upstream precedence (resolve-story-file.sh).

Under the implementation-artifacts root (env IMPLEMENTATION_ARTIFACTS, else
`.gaia/artifacts/implementation-artifacts`, else legacy `docs/implementation-artifacts`):
  tier 0  epic-*/{key}-*/story.md        per-story directory (highest precedence)
  tier 1  epic-*/stories/{key}-*.md      nested
  tier 2  {key}-*.md                     legacy flat
The `{key}-` boundary keeps E1-S1 from matching E1-S10. The first tier with a match wins;
more than one match in it is ambiguous. Nothing is followed out of the root: a symlink whose
target lies outside it, or that loops, is not a candidate (a key that finds nothing else
says so, naming it).

Errors: NotFound (exit 1) when nothing matches or the root is missing; Ambiguous (exit 2).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import keys, paths
from gaia_lib.core.errors import Ambiguous, NotFound

TIER_NAMES = ("per-story", "nested", "legacy-flat")


@dataclass(frozen=True)
class Resolution:
    path: Path
    tier: int
    warnings: tuple[str, ...]  # `WARNING: …` lines for shadows and legacy layouts


def _real(path: Path) -> str | None:
    try:
        return os.path.realpath(path, strict=True)
    except (OSError, RuntimeError):
        return None  # missing, dangling or a loop


def _inside(path: Path, real_root: str) -> bool:
    real = _real(path)
    return real is not None and (real == real_root or real.startswith(real_root + os.sep))


def _children(directory: Path, real_root: str, keep: Callable[[str], bool]) -> list[Path]:
    """Entries of `directory` whose name passes `keep` and that stay inside the root, by name."""
    try:
        with os.scandir(directory) as scan:
            names = sorted(e.name for e in scan if keep(e.name))
    except OSError:
        return []
    return [directory / n for n in names if _inside(directory / n, real_root)]


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def artifacts_root(project: Path) -> Path:
    return paths.implementation_artifacts(project)


def tiers(root: Path, key: str) -> tuple[list[Path], list[Path], list[Path]]:
    """Matches per tier under `root`. `key` must already be a validated story key."""
    key = keys.story_key(key)
    real_root = _real(root)
    if real_root is None or not _is_dir(root):
        return [], [], []
    prefix = f"{key}-"
    per_story: list[Path] = []
    nested: list[Path] = []
    def is_story_name(name: str) -> bool:
        return name.startswith(prefix) and name.endswith(".md")

    epics = [
        p for p in _children(root, real_root, lambda n: n.startswith("epic-")) if _is_dir(p)
    ]
    for epic in epics:
        for child in _children(epic, real_root, lambda n: n.startswith(prefix)):
            story = child / "story.md"
            if _is_dir(child) and _is_file(story) and _inside(story, real_root):
                per_story.append(story)
        stories = epic / "stories"
        if _is_dir(stories) and _inside(stories, real_root):
            nested.extend(p for p in _children(stories, real_root, is_story_name) if _is_file(p))
    flat = [p for p in _children(root, real_root, is_story_name) if _is_file(p)]
    return per_story, nested, flat


def _links_out(root: Path, key: str) -> list[Path]:
    """The story files for `key` that a symlink takes out of `root` (the file's, or one of
    its directories'), or whose link is dangling: the search does not follow them."""
    real_root = _real(root) or str(root)
    found = [*root.glob(f"epic-*/{key}-*/story.md"), *root.glob(f"epic-*/stories/{key}-*.md"),
             *root.glob(f"{key}-*.md")]
    return sorted(path for path in found if not _inside(path, real_root))


def story_candidates(project: Path, key: str) -> list[Path]:
    """Every file the key matches, in precedence order (tier 0, 1, 2)."""
    per_story, nested, flat = tiers(artifacts_root(project), key)
    return [*per_story, *nested, *flat]


def resolve_story(project: Path, key: str) -> Resolution:
    """The winning story file plus the warnings upstream prints for shadows and legacy layouts."""
    key = keys.story_key(key, exit_code=1)
    root = artifacts_root(project)
    if not _is_dir(root):
        raise NotFound(f"implementation-artifacts root not found: {root}", 1)
    found = tiers(root, key)
    for tier, matches in enumerate(found):
        if not matches:
            continue
        if len(matches) > 1:
            listed = ", ".join(str(m) for m in matches)
            raise Ambiguous(
                f"multiple {TIER_NAMES[tier]} story files matched key {key} — resolve ambiguity: "
                f"{listed}",
                2,
            )
        winner = matches[0]
        warnings = [
            f"WARNING: {TIER_NAMES[lower]} shadow ignored — {shadow}"
            for lower in range(tier + 1, len(found))
            for shadow in found[lower]
        ]
        if tier == 2:
            warnings.append(
                f"WARNING: legacy-flat path — {winner} (migrate to the nested layout)"
            )
        return Resolution(winner, tier, tuple(warnings))
    hint = case_hint(root, key)
    outside = _links_out(root, key)
    if outside and not hint:
        hint = f" ({outside[0]} links to a file outside {root}: not followed)"
    raise NotFound(
        f"story file not found for key {key} — searched {root}/epic-*/{key}-*/story.md, "
        f"{root}/epic-*/stories/{key}-*.md and {root}/{key}-*.md{hint}",
        1,
    )


def case_hint(root: Path, key: str) -> str:
    """" (keys are case-sensitive: did you mean E1-S1?)" when no story file has `key` but one
    has it in upper or lower case; "" otherwise. Keys are case-sensitive, as file names are:
    the hint names the key a story file has."""
    other = next((spelled for spelled in sorted({key.upper(), key.lower()} - {key})
                  if any(tiers(root, spelled))), None)
    return f" (keys are case-sensitive: did you mean {other}?)" if other else ""


def find_story(project: Path, key: str) -> Path:
    """The story file for `key`. Raises InvalidInput/NotFound (exit 1) or Ambiguous (exit 2)."""
    return resolve_story(project, key).path
