"""Step 15: seed (or replace) the story's Review Gate with the canonical six UNVERIFIED rows.

Rules (upstream init-review-gate.sh):
- Any `## Review Gate` section (to the next `## ` heading or the end) is removed, trailing blank
  lines are trimmed, and the canonical block is appended at the end: heading, blank, the
  `| Review | Status | Report |` table with the six rows in canonical order as
  `| <name> | UNVERIFIED | — |`, blank, the "Story moves to `done` only when ALL reviews show
  PASSED." quote line.
- The result is a pure function of the text, so a re-run is byte-identical.
- Written atomically under the story's lock (the same lock the gate-row writer holds), so a
  concurrent `review-gate update` is never lost half-way.
- A missing story file or a directory is exit 2; so is a file that is not a parseable story
  (the block is never appended to something that is not a story).
"""

from __future__ import annotations

from pathlib import Path

from gaia_lib.core import locks, writes
from gaia_lib.core.errors import GaiaError, NotFound
from gaia_lib.gate.table import CANONICAL_GATES, NO_REPORT, UNVERIFIED
from gaia_lib.story.parser import load_story

EXIT_USAGE = 2
HEADING = "## Review Gate"


def canonical_block() -> str:
    rows = "".join(f"| {name} | {UNVERIFIED} | {NO_REPORT} |\n" for name in CANONICAL_GATES)
    return (f"{HEADING}\n\n| Review | Status | Report |\n|--------|--------|--------|\n{rows}\n"
            "> Story moves to `done` only when ALL reviews show PASSED.\n")


def _is_h2(line: str) -> bool:
    return line.startswith("## ") or line.rstrip() == "##"


def reseed(text: str) -> str:
    """The story text with its Review Gate replaced by the canonical block at the end."""
    kept: list[str] = []
    skipping = False
    fence = False
    for line in text.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        if not fence and _is_h2(line):
            skipping = line.rstrip() == HEADING
        if not skipping:
            kept.append(line)
    while kept and not kept[-1].strip():
        kept.pop()
    head = "\n".join(kept)
    return (head + "\n\n" if head else "") + canonical_block()


def init(story_path: Path, project: Path | None = None) -> bool:
    """Reseed the file; return True when its bytes changed."""
    if not story_path.is_file():
        raise NotFound(f"story file not found: {story_path}", EXIT_USAGE)
    with locks.story_lock(story_path, exit_code=EXIT_USAGE):  # shared by every story writer
        try:
            story = load_story(story_path, EXIT_USAGE)
        except GaiaError as exc:
            raise GaiaError(exc.message, EXIT_USAGE) from None
        updated = reseed(story.text)
        if updated == story.text:
            return False
        writes.write_text(story_path, updated, project)
    return True
