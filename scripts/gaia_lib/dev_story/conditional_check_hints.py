"""Step 6b: advisory hints over the staged change set. Never halts, never fails.

Rules (upstream conditional-check-hints.sh):
- Input: the paths given, else the staged files (`git diff --cached --name-only`); outside a
  git work tree with no paths there is nothing to advise on.
- At most one `advisory: …` line per category, in this order:
  1. api-route: a `.ts`/`.py`/`.go` file inside a `routes/` or `api/` directory;
  2. schema/migration: a `.sql` file inside `migrations/`, or a `.ts`/`.py`/`.sql` file whose
     name contains `schema`;
  3. blast radius: the number of files is at least BLAST_RADIUS_THRESHOLD (default 10; a value
     that is not a positive integer counts as 10).
- A category line lists at most 10 paths (`files=a,b,…`), then `,...`.
- stderr: `step6b_gate: advisories=N`; exit 0 always.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath

from gaia_lib.core import git

DEFAULT_THRESHOLD = 10
MAX_LISTED = 10
CODE_EXTS = frozenset({".ts", ".py", ".go"})


def _parts(path: str) -> tuple[tuple[str, ...], str, str]:
    pure = PurePosixPath(path.replace("\\", "/"))
    return pure.parts[:-1], pure.name, pure.suffix


def is_api_route(path: str) -> bool:
    dirs, _, ext = _parts(path)
    return ext in CODE_EXTS and ("routes" in dirs or "api" in dirs)


def is_schema_change(path: str) -> bool:
    dirs, name, ext = _parts(path)
    if ext == ".sql" and "migrations" in dirs:
        return True
    return "schema" in name.lower() and ext in (".ts", ".py", ".sql")


def listed(paths: Sequence[str]) -> str:
    shown = ",".join(paths[:MAX_LISTED])
    return shown + (",..." if len(paths) > MAX_LISTED else "")


def threshold(env: Mapping[str, str]) -> int:
    raw = env.get("BLAST_RADIUS_THRESHOLD", "")
    return int(raw) if raw.isascii() and raw.isdigit() and int(raw) > 0 else DEFAULT_THRESHOLD


def hints(paths: Sequence[str], limit: int = DEFAULT_THRESHOLD) -> list[str]:
    """The advisory lines for a change set, pure."""
    unique = list(dict.fromkeys(p for p in paths if p.strip()))
    lines: list[str] = []
    api = [p for p in unique if is_api_route(p)]
    if api:
        lines.append(f"advisory: api-route change — add or update contract tests; "
                     f"files={listed(api)}")
    schema = [p for p in unique if is_schema_change(p)]
    if schema:
        lines.append(f"advisory: schema/migration change — verify the migration script; "
                     f"files={listed(schema)}")
    if len(unique) >= limit:
        lines.append(f"advisory: large blast radius — consider a feature flag; "
                     f"count={len(unique)}")
    return lines


def staged_files(cwd: Path) -> list[str]:
    return git.lines(git.run(cwd, "diff", "--cached", "--name-only"))
