"""Before renaming a skill: list every place that still names the old one. Advisory only.

Rules (upstream skill-rename-preflight.sh):
- `--old` and `--new` are skill names (`[a-z0-9][a-z0-9-]{0,63}`); they must differ.
- Scanned: text files under skills/, agents/, hooks/, knowledge/, docs/, scripts/, bin/ and
  the top-level README.md and CHANGELOG.md of the repository root (default: the plugin root);
  .git and files over 1 MiB are skipped.
- A reference is the old name as a whole token (not part of a longer name: `gaia-dev` does not
  match inside `gaia-dev-story`). Each is one stdout line `stale-reference: <path>:<line>: <text>`
  (text trimmed to 160 chars), sorted by path and line; then `preflight: N stale reference(s)
  to '<old>' (rename to '<new>')`.
- Exit 0 whatever was found; 2 only for bad arguments.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from gaia_lib.core import keys
from gaia_lib.core.errors import InvalidInput, UsageError

SCANNED_DIRS = ("skills", "agents", "hooks", "knowledge", "docs", "scripts", "bin")
SCANNED_FILES = ("README.md", "CHANGELOG.md")
MAX_FILE_BYTES = 1 << 20
MAX_TEXT = 160


def check_names(old: str, new: str) -> None:
    for name in (old, new):
        try:
            keys.workflow_name(name, 2)
        except InvalidInput as exc:
            raise UsageError(exc.message, 2) from None
    if old == new:
        raise UsageError("--old and --new are the same name", 2)


def _files(root: Path) -> Iterator[Path]:
    for name in SCANNED_FILES:
        if (root / name).is_file():
            yield root / name
    for directory in SCANNED_DIRS:
        base = root / directory
        if base.is_dir():
            yield from (p for p in sorted(base.rglob("*"))
                        if p.is_file() and not p.is_symlink() and ".git" not in p.parts)


def references(root: Path, old: str) -> list[str]:
    token = re.compile(rf"(?<![A-Za-z0-9_-]){re.escape(old)}(?![A-Za-z0-9_-])")
    found: list[tuple[str, int, str]] = []
    for path in _files(root):
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                continue
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        rel = path.relative_to(root).as_posix()
        for number, line in enumerate(text.splitlines(), 1):
            if token.search(line):
                found.append((rel, number, line.strip()[:MAX_TEXT]))
    return [f"stale-reference: {p}:{n}: {t}" for p, n, t in sorted(found)]
