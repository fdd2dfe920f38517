"""Where review reports and per-story test artifacts live.

Review reports (upstream resolve-review-report-path.sh): the basename is `<type>-<key>.md` for a
review's first round and `<type>-<key>-round<R>.md` for round R >= 2 (`report_basename`, the only
place a report name is spelled; which round comes next is qa_gating.names' decision). A name's
round reads back through `report_round`: `-round<R>.md` is round R (leading zeros ignored), the
plain name is round 1.
  - story in the per-story layout (`epic-*/<key>-*/story.md`): `<story dir>/reviews/<basename>`,
    the `reviews/` directory created;
  - otherwise (nested, flat, or no story yet): `<implementation-artifacts>/<basename>`.

Per-story test artifacts (upstream resolve-test-artifact-per-story.sh), types TEST_ARTIFACT_TYPES:
  the story's directory names come from an existing directory `epic-*/stories/<key>-*` or
  `epic-*/<key>-*` (holding story.md) under implementation-artifacts, else `epic-<E>/<key>`;
  - write path:  `<test-artifacts>/<epic dir>/<story dir>/<type>.md`
  - read order:  that path, then the review mirror below, then
    `<epic dir>/stories/<story dir>/<type>.md`, then the legacy flat
    `<test-artifacts>/<type>-<key>.md`; none found -> the write path (or None when only
    existing files are wanted).

The review mirror (seed 000: the QA review's copy of its report, "sister to atdd and
test-automate-plan"): `<test-artifacts>/epic-{slug}/stories/{key}-{slug}/<type>.md`, its names
taken from the story itself: `epic-*/<key>-<slug>/story.md` and `epic-*/stories/<key>-<slug>.md`
give `epic-*` and `<key>-<slug>`; a flat `<key>-<slug>.md` gives `epic-<E>` and `<key>-<slug>`;
no story file gives the fallback names above.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import keys, paths, writes
from gaia_lib.core.errors import Ambiguous, InvalidInput, NotFound
from gaia_lib.story import resolve

TEST_ARTIFACT_TYPES = ("atdd", "test-automate-plan", "qa-tests", "test-review")
MAX_ROUND = 999999  # six digits, as a --round value allows
_ROUND_SUFFIX = re.compile(r"-round([0-9]{1,6})\.md$")


def report_basename(rtype: str, key: str, round_number: int = 1) -> str:
    """`<type>-<key>.md` (round 1) or `<type>-<key>-round<R>.md`."""
    if round_number <= 1:
        return f"{rtype}-{key}.md"
    return f"{rtype}-{key}-round{round_number}.md"


def untested_basename(rtype: str, key: str, why: str = "untested") -> str:
    """The report of a review that is no QA round: one that could not run the tests
    (`untested`), or whose reviewer gave nothing usable (`incomplete`); kept in the review's
    evidence directory, never a round's name."""
    return f"{rtype}-{key}-{why}.md"


def report_round(name: str, rtype: str | None = None, key: str | None = None) -> int | None:
    """The round a report name carries: `-round<R>.md` is R (>= 1), the plain name of
    (rtype, key) is 1 (any name ending `.md` when they are not given), otherwise None."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    match = _ROUND_SUFFIX.search(base)
    if match is not None:
        number = int(match.group(1))
        return number if number >= 1 else None
    if rtype is not None and key is not None:
        return 1 if base == report_basename(rtype, key) else None
    return 1 if base.endswith(".md") else None


def review_type(raw: str, exit_code: int = 1) -> str:
    """A report type becomes part of a file name: lowercase name characters only."""
    try:
        return keys.workflow_name(raw, exit_code)
    except InvalidInput:
        shown = raw.encode("unicode_escape").decode("ascii")[:60]
        raise InvalidInput(
            f"invalid --type '{shown}' (lowercase letters, digits and '-', e.g. qa-tests)",
            exit_code,
        ) from None


def is_per_story(story: Path) -> bool:
    """`epic-*/<key>-*/story.md`, not a `stories/` legacy layout."""
    return story.name == "story.md" and "stories" not in story.parent.parts[-2:]


def review_report_path(project: Path, key: str, rtype: str, create: bool = True,
                       round_number: int = 1, *, story_path: Path | None = None) -> Path:
    """Where the review of type `rtype` of story `key` writes its report: beside a per-story
    layout's story file, else in the implementation artifacts. `story_path`: the story's file,
    where the caller has it (else it is found by its key)."""
    key = keys.story_key(key)
    rtype = review_type(rtype)
    basename = report_basename(rtype, key, round_number)
    story = story_path
    if story is None:
        try:
            story = resolve.find_story(project, key)
        except (NotFound, Ambiguous):
            story = None
    if story is not None and is_per_story(story):
        reviews = story.parent / "reviews"
        if create:
            writes.make_dirs(reviews, project)
        return reviews / basename
    return paths.implementation_artifacts(project) / basename


@dataclass(frozen=True)
class ArtifactHome:
    epic_dir: str
    story_dir: str


def artifact_home(project: Path, key: str) -> ArtifactHome:
    """The story's epic and story directory names, as the test-artifacts mirror uses them."""
    root = paths.implementation_artifacts(project)
    prefix = f"{key}-"
    try:
        epics = sorted(p for p in root.glob("epic-*") if p.is_dir())
    except OSError:
        epics = []
    for epic in epics:
        for parent in (epic / "stories", epic):
            try:
                names = sorted(c.name for c in parent.iterdir() if c.is_dir())
            except OSError:
                continue
            for name in names:
                if not name.startswith(prefix):
                    continue
                if parent == epic and not (parent / name / "story.md").is_file():
                    continue
                return ArtifactHome(epic.name, name)
    return ArtifactHome(f"epic-{keys.epic_of(key)}", key)


def test_artifact_type(raw: str, exit_code: int = 1) -> str:
    if raw not in TEST_ARTIFACT_TYPES:
        raise InvalidInput(
            f"unknown type '{raw[:60]}' (expected: {' | '.join(TEST_ARTIFACT_TYPES)})", exit_code
        )
    return raw


def _story_or_none(project: Path, key: str) -> Path | None:
    try:
        return resolve.find_story(project, key)
    except (NotFound, Ambiguous):
        return None


def mirror_home(project: Path, key: str, story: Path | None) -> ArtifactHome:
    """The review mirror's epic and story directory names, from the story's own path."""
    if story is None:
        return artifact_home(project, key)
    if is_per_story(story):
        return ArtifactHome(story.parent.parent.name, story.parent.name)
    if story.parent.name == "stories" and story.parent.parent.name.startswith("epic-"):
        return ArtifactHome(story.parent.parent.name, story.stem)
    return ArtifactHome(artifact_home(project, key).epic_dir, story.stem)


def mirror_path(project: Path, atype: str, key: str, story: Path | None = None) -> Path:
    """`<test-artifacts>/epic-{slug}/stories/{key}-{slug}/<type>.md` (see the module docstring).

    `story` is the story file when the caller has it; otherwise it is looked up by key."""
    key = keys.story_key(key)
    atype = test_artifact_type(atype)
    home = mirror_home(project, key, story if story is not None
                       else _story_or_none(project, key))
    return paths.test_artifacts(project) / home.epic_dir / "stories" / home.story_dir / (
        f"{atype}.md")


def test_artifact_candidates(project: Path, atype: str, key: str) -> list[Path]:
    """Write path first, then the mirror and the legacy read-only locations, in read order."""
    key = keys.story_key(key)
    atype = test_artifact_type(atype)
    home = artifact_home(project, key)
    root = paths.test_artifacts(project)
    found = [
        root / home.epic_dir / home.story_dir / f"{atype}.md",
        mirror_path(project, atype, key),
        root / home.epic_dir / "stories" / home.story_dir / f"{atype}.md",
        root / f"{atype}-{key}.md",
    ]
    return list(dict.fromkeys(found))


def test_artifact_write_path(project: Path, atype: str, key: str) -> Path:
    target = test_artifact_candidates(project, atype, key)[0]
    writes.make_dirs(target.parent, project)
    return target


def test_artifact_read_path(
    project: Path, atype: str, key: str, existing_only: bool = False
) -> Path | None:
    candidates = test_artifact_candidates(project, atype, key)
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    return None if existing_only else candidates[0]


def display(path: Path, cwd: Path | None = None) -> str:
    """Relative to the working directory when inside it (as upstream prints), else absolute."""
    base = (cwd or Path.cwd()).resolve()
    absolute = path if path.is_absolute() else base / path
    try:
        return absolute.relative_to(base).as_posix()
    except ValueError:
        return str(absolute)
