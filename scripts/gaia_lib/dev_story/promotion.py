"""The promotion chain (Step 10) and the security invariants of the delivery tail.

Rules:
- The PR base is `ci_cd.promotion_chain[0].branch` of the project config: `$PROJECT_CONFIG`
  when set, else the project's `.gaia/config/project-config.yaml` (legacy `config/…`). The
  branch must match `[a-z0-9-]+`; anything else, a missing file or an empty chain is ABSENT.
  A config that is not valid YAML or breaks the schema is an error (exit 1), not ABSENT.
- Protected branches (never pushed from, never merged from): main, master, staging and every
  branch of the promotion chain.
- Staged secrets refuse a PR or merge: a staged `.env`/`.env.*` file, a file named like
  `credentials`, or staged content matching an AWS key, a GitHub token, a Bearer token or a
  Slack token.
- A PR may only target the chain's first branch.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import config, git
from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import vcs

ABSENT = ("ABSENT: ci_cd.promotion_chain not configured. Add the branch PRs target to "
          "the project config (ci_cd: promotion_chain: [{branch: main}]); gaia init writes it "
          "in a git repository.")
_CHAIN_BRANCH_RE = re.compile(r"[a-z0-9-]+")
ALWAYS_PROTECTED = ("main", "master", "staging")
_SECRET_PATTERNS = (
    re.compile(r"AKIA[0-9A-Z]{16}"),
    re.compile(r"gh[ps]_[A-Za-z0-9]{36,}"),
    re.compile(r"Bearer\s+[A-Za-z0-9._-]+"),
    re.compile(r"xox[baprs]-[A-Za-z0-9-]{10,}"),
)
_ENV_FILE_RE = re.compile(r"\.env(\..+)?")


@dataclass(frozen=True)
class Chain:
    base: str | None  # None: ABSENT
    strategy: str | None  # promotion_chain[0].merge_strategy
    branches: tuple[str, ...]


def load_config(project: Path) -> config.ProjectConfig:
    explicit = os.environ.get("PROJECT_CONFIG")
    if explicit:
        return config.load_file(Path(explicit))
    return config.load(project)


def chain(project: Path) -> Chain:
    cfg = load_config(project)
    branches = tuple(stage.branch for stage in cfg.promotion_chain)
    base = cfg.pr_base
    if base is not None and _CHAIN_BRANCH_RE.fullmatch(base) is None:
        base = None
    strategy = cfg.promotion_chain[0].merge_strategy if cfg.promotion_chain else None
    return Chain(base, strategy, branches)


def protected_branches(project: Path) -> frozenset[str]:
    try:
        branches = chain(project).branches
    except GaiaError:
        branches = ()
    return frozenset((*ALWAYS_PROTECTED, *branches))


def assert_not_protected(repo: Path, project: Path, action: str) -> str:
    """The current branch, unless it is protected or HEAD is detached (GaiaError, exit 1)."""
    branch = git.current_branch(repo)
    if branch is None:
        raise GaiaError("cannot determine current branch (detached HEAD?)", 1)
    if branch in protected_branches(project):
        raise GaiaError(
            f"refuse to {action} from protected branch '{branch}' — feature branches only", 1)
    return branch


def staged_secret(repo: Path) -> str | None:
    """Why the staged change set looks like it holds a secret, or None."""
    names = vcs.git(repo, "diff", "--cached", "--name-only", "-z")
    for name in names.stdout.split("\0") if names.ok else []:
        base = os.path.basename(name)
        if _ENV_FILE_RE.fullmatch(base):
            return f"staged file looks like an env file: {name}"
        if "credentials" in base.lower():
            return f"staged file looks like credentials: {name}"
    diff = vcs.git(repo, "diff", "--cached")
    for pattern in _SECRET_PATTERNS:
        if diff.ok and pattern.search(diff.stdout):
            return f"staged content matches secret pattern: {pattern.pattern}"
    return None


def assert_no_secrets_staged(repo: Path) -> None:
    reason = staged_secret(repo)
    if reason is not None:
        raise GaiaError(f"aborting: {reason}", 1)


def guard(project: Path) -> str:
    """`PRESENT:<branch>` for the configured chain; GaiaError(ABSENT, 1) otherwise."""
    base = chain(project).base
    if base is None:
        raise GaiaError(ABSENT, 1)
    return f"PRESENT:{base}"
