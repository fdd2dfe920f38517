"""Step 14b: after a merge, one advisory line when plugin files that Claude Code caches changed.

Rules:
- Input: newline-separated paths (from `--diff-files P`, else stdin).
- Cacheable: `skills/**/SKILL.md`, anything under `skills/*/scripts/`, `agents/*.md`,
  `hooks/*.json`, `.claude-plugin/*.json`, `bin/*`, and the plugin's code under `scripts/`
  (`.py` and `.sh`), at the repository's root (this plugin's layout) or under
  `plugins/<name>/` (upstream's framework repository: `plugins/gaia/skills/x/SKILL.md`).
  Ignored even then: anything under `tests/`, `docs/` or `.github/`, and `*.bats` files.
- Output: at most one stderr line `step14b_advisory: plugin-cache refresh recommended — touched
  files: a,b,…` (10 paths, then `,...`), then `step14b_gate: advisories=0|1`. Exit 0; 2 for a
  bad flag or an unreadable `--diff-files`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePosixPath

from gaia_lib.dev_story.conditional_check_hints import listed

IGNORED_DIRS = ("tests", "docs", ".github")


def is_cacheable(path: str) -> bool:
    pure = PurePosixPath(path.strip().removeprefix("./"))
    parts = pure.parts
    if not parts or any(p in IGNORED_DIRS for p in parts) or pure.suffix == ".bats":
        return False
    if len(parts) > 2 and parts[0] == "plugins":  # a framework repo: plugins/<name>/skills/...
        parts = parts[2:]
    top = parts[0]
    if top == "skills":
        return pure.name == "SKILL.md" or (len(parts) > 3 and parts[2] == "scripts")
    if top == "agents":
        return pure.suffix == ".md"
    if top in ("hooks", ".claude-plugin"):
        return pure.suffix == ".json"
    if top == "bin":
        return len(parts) == 2
    if top == "scripts":
        return pure.suffix in (".py", ".sh")
    return False


def advisory(paths: Sequence[str]) -> str | None:
    touched = list(dict.fromkeys(p.strip() for p in paths if p.strip() and is_cacheable(p)))
    if not touched:
        return None
    return ("step14b_advisory: plugin-cache refresh recommended — touched files: "
            + listed(touched))
