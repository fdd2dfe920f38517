"""Step 2b: a high-risk story needs an ATDD scenarios file before any code is written.

Rules (upstream atdd-gate.sh):
- The key must match `E<n>-S<n>` before any path is built (exit 2); no story file is exit 2.
- Risk is the story's `risk` (alias `risk_level`). Anything but `high` passes (exit 0).
- A high-risk story passes when an ATDD file exists: the per-story test artifact `atdd`
  (`resolve-test-artifact-per-story atdd K`), or under the test-artifacts root
  `atdd-<E>.md`, `atdd-<E>-*.md`, `atdd-<K>.md`, `atdd-<K>-*.md`; or with `GAIA_SKIP_ATDD=1`.
  A file with nothing but whitespace in it holds no scenario: it does not count.
- Otherwise exit 1 with `HALT: high-risk story K has no ATDD file.`, the checked paths, and
  what to do: write the scenarios to the per-story path, or set GAIA_SKIP_ATDD=1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import keys, paths
from gaia_lib.core.errors import GaiaError, NotFound
from gaia_lib.gate import reports
from gaia_lib.story import resolve
from gaia_lib.story.parser import load_story

EXIT_HALT = 1
EXIT_USAGE = 2
SKIP_ENV = "GAIA_SKIP_ATDD"


@dataclass(frozen=True)
class AtddResult:
    key: str
    risk: str
    found: Path | None
    checked: tuple[str, ...]
    skipped_by_env: bool

    @property
    def passed(self) -> bool:
        return self.risk != "high" or self.found is not None or self.skipped_by_env


def _flat_matches(root: Path, key: str) -> list[Path]:
    epic = keys.epic_of(key)
    if not root.is_dir():
        return []
    hits: list[Path] = []
    for stem in (epic, key):
        hits += [root / f"atdd-{stem}.md"] if _holds_scenarios(root / f"atdd-{stem}.md") else []
        hits += sorted(p for p in root.glob(f"atdd-{stem}-*.md") if _holds_scenarios(p))
    if epic != key:  # atdd-E1-*.md also matches atdd-E1-S10.md: another story's file
        hits = [p for p in hits if not _other_story(p.name, key)]
    return hits


def _holds_scenarios(path: Path) -> bool:
    try:
        return path.is_file() and bool(path.read_bytes().strip())
    except OSError:
        return False


def _other_story(name: str, key: str) -> bool:
    stem = name.removeprefix("atdd-").removesuffix(".md")
    head = "-".join(stem.split("-")[:2])
    return keys.is_canonical_story_key(head) and head != key


def check(project: Path, raw_key: str, env: Mapping[str, str]) -> AtddResult:
    key = keys.story_key(raw_key, EXIT_USAGE)
    try:
        story = load_story(resolve.find_story(project, key), EXIT_USAGE)
    except NotFound as exc:
        raise NotFound(exc.message, EXIT_USAGE) from None
    except GaiaError as exc:
        raise GaiaError(exc.message, EXIT_USAGE) from None
    risk = (story.risk or "").strip().lower()
    root = paths.test_artifacts(project)
    per_story = reports.test_artifact_candidates(project, "atdd", key)
    checked = [str(p) for p in per_story] + [
        str(root / f"atdd-{stem}{tail}") for stem in (keys.epic_of(key), key)
        for tail in (".md", "-*.md")]
    found = next((p for p in per_story if _holds_scenarios(p)), None)
    if found is None:
        flat = _flat_matches(root, key)
        found = flat[0] if flat else None
    return AtddResult(key, risk, found, tuple(dict.fromkeys(checked)), env.get(SKIP_ENV) == "1")


def halt_lines(result: AtddResult) -> list[str]:
    return ([f"HALT: high-risk story {result.key} has no ATDD file."]
            + [f"  checked: {c}" for c in result.checked]
            + [f"  write its acceptance scenarios (Given/When/Then for each AC) to "
               f"{result.checked[0]}, or set {SKIP_ENV}=1 to go on without them"])
