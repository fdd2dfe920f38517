"""The story's feature branch (Step 10): `feat/<key>-<slug>`, created once, resumed after.

Rules:
- The key must be a story key (E<n>-S<n>) and the slug lowercase `[a-z0-9-]`, at most 64
  characters: nothing else ever becomes part of a ref name (exit 1, one line).
- The branch exists locally: it is checked out if it is not already (git itself refuses when
  that would overwrite uncommitted changes: then exit 1, nothing changed) and the result is
  `already exists: B` — the resume case; it is never recreated or reset.
- It exists only as `origin/B`: a local tracking branch is created from it,
  `checked out from remote: B`.
- Otherwise it is created from HEAD: `created: B`.
"""

from __future__ import annotations

import re
from pathlib import Path

from gaia_lib.core import git, keys
from gaia_lib.core.errors import GaiaError, InvalidInput
from gaia_lib.dev_story import vcs

_SLUG_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


def branch_for(key: str, slug: str) -> str:
    keys.story_key(key)
    if _SLUG_RE.fullmatch(slug) is None or slug.endswith("-"):
        shown = slug.encode("unicode_escape").decode("ascii")[:60]
        raise InvalidInput(
            f"invalid slug '{shown}' (lowercase letters, digits and '-', at most 64)", 1)
    return f"feat/{key}-{slug}"


def _checkout(repo: Path, *args: str) -> None:
    result = vcs.git(repo, "checkout", "--quiet", *args)
    if not result.ok:
        raise GaiaError(f"git checkout failed: {vcs.last_error_line(result.stderr)}", 1)


def ensure_branch(repo: Path, key: str, slug: str) -> tuple[str, list[str]]:
    """(stdout line, stderr notes) after making the story branch current."""
    name = branch_for(key, slug)
    if vcs.ref_exists(repo, f"refs/heads/{name}"):
        notes = [f"branch '{name}' already exists — resuming it"]
        if git.current_branch(repo) != name:
            _checkout(repo, name, "--")
        return f"already exists: {name}", notes
    if vcs.ref_exists(repo, f"refs/remotes/origin/{name}"):
        _checkout(repo, "-b", name, "--track", f"origin/{name}")
        return f"checked out from remote: {name}", [f"branch '{name}' exists on remote"]
    _checkout(repo, "-b", name)
    return f"created: {name}", [f"created branch: {name}"]
