"""The pull request's life (Steps 11-13): open it, wait for CI, merge it. Forge-neutral.

Rules:
- create: the story key must be a story key; an open PR for this branch and base is reused
  (`existing:<n>:<url>`); otherwise the current branch must not be protected and nothing
  secret may be staged (see `promotion`), then the PR is opened (`created:<url>`). The title
  is kept when it already reads `type(KEY): …`, else it becomes `KEY: title`; one line.
  The body is the body file's text, else a short default naming the story (`Story: KEY`).
  The base is `--base`, else the promotion chain's first branch, else `staging`.
- wait: polls the PR's checks every `GAIA_CI_POLL_SECONDS` (default 30) until a deadline of
  `--timeout` minutes (decimals allowed). Any `fail` or `cancel` bucket -> failed (the failing
  checks named); nothing `pending` -> `passed`. No checks reported at all is waited out for
  NO_CHECKS_GRACE seconds (CI may not have registered yet), then passes with a note.
  5 consecutive forge errors -> failed; an auth error fails at once. Timeout -> failed.
- merge: an already merged PR is `already_merged`. Otherwise the current branch must not be
  protected, nothing secret staged, and the PR's base must be the promotion chain's first
  branch (no chain configured: refused). Strategy: `--strategy`, else the chain's
  `merge_strategy`, else squash. The merge body is `Story: KEY` (what verify-pr-merged finds).
  Conflicts and branch protection each get their own message. Result `merged:<strategy>`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import config, git, keys
from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import promotion, vcs
from gaia_lib.dev_story.forge import STRATEGIES, Check, Forge, ForgeError

DEFAULT_BASE = "staging"
DEFAULT_POLL_SECONDS = 30.0
NO_CHECKS_GRACE = 60.0
MAX_CONSECUTIVE_ERRORS = 5


def pr_title(key: str, title: str) -> str:
    """`type(KEY): …` titles are kept; others get the `KEY: ` prefix (pure)."""
    line = " ".join("".join(ch if ch.isprintable() else " " for ch in title).split())
    if not line:
        raise GaiaError("empty PR title", 1)
    if re.match(r"[a-z]+\([A-Z]+[0-9]+-S[0-9]+\):", line):
        return line
    return f"{key}: {line}"


def default_body(key: str) -> str:
    return f"## {key}\n\nSee the story file for {key}.\n\nStory: {key}\n"


def base_branch(project: Path, explicit: str | None) -> str:
    if explicit:
        return vcs.branch_name(explicit)
    return promotion.chain(project).base or DEFAULT_BASE


def create(forge: Forge, repo: Path, project: Path, key: str, title: str,
           body: str | None, base: str | None) -> tuple[str, list[str]]:
    """(stdout line, stderr notes)."""
    keys.story_key(key)
    target = base_branch(project, base)
    final_title = pr_title(key, title)
    head = git.current_branch(repo)
    if head is None:
        raise GaiaError("cannot determine current branch (detached HEAD?)", 1)
    existing = forge.find_open_pr(head, target)
    if existing is not None:
        return (f"existing:{existing.number}:{existing.url}",
                [f"PR #{existing.number} already exists — proceeding to CI check"])
    promotion.assert_not_protected(repo, project, "open a PR")
    promotion.assert_no_secrets_staged(repo)
    try:
        created = forge.create_pr(base=target, head=head, title=final_title,
                                  body=body if body is not None else default_body(key))
    except ForgeError as exc:
        raise ForgeError(f"PR creation failed: {exc.message} — local commits are preserved; "
                         "re-run after resolving the issue", exc.kind) from None
    return f"created:{created.url}", [f"PR created: {created.url}"]


@dataclass(frozen=True)
class CiState:
    verdict: str  # passed | failed | pending
    detail: str = ""


def judge(checks: list[Check]) -> CiState:
    """The CI verdict of one poll (pure)."""
    failed = sorted(c.name or "?" for c in checks if c.bucket in ("fail", "cancel"))
    if failed:
        return CiState("failed", ", ".join(failed))
    pending = [c for c in checks if c.bucket == "pending"]
    if pending:
        return CiState("pending", f"{len(pending)} pending")
    return CiState("passed")


def wait(forge: Forge, number: int, timeout_minutes: float,
         log: Callable[[str], None], sleep: Callable[[float], None] = time.sleep,
         clock: Callable[[], float] = time.monotonic) -> None:
    """Return when CI passed; GaiaError(exit 1) when it failed, timed out or could not be read."""
    interval = config.env_seconds("GAIA_CI_POLL_SECONDS", DEFAULT_POLL_SECONDS)
    start = clock()
    deadline = start + timeout_minutes * 60.0
    errors = 0
    log(f"waiting for CI checks on PR #{number} (timeout: {timeout_minutes:g}m)")
    while True:
        try:
            checks = forge.checks(number)
            errors = 0
        except ForgeError as exc:
            if exc.kind in ("auth", "missing", "not_found"):
                raise
            errors += 1
            if errors >= MAX_CONSECUTIVE_ERRORS:
                raise GaiaError(f"CI polling failed {MAX_CONSECUTIVE_ERRORS} consecutive times. "
                                f"Last error: {exc.message}", 1) from None
            log(f"transient polling error (attempt {errors}/{MAX_CONSECUTIVE_ERRORS}): "
                f"{exc.message}")
            checks = []
        else:
            elapsed = clock() - start
            if checks is None and elapsed >= min(NO_CHECKS_GRACE, deadline - start):
                log("no CI checks reported for this PR — nothing to wait for")
                return
            state = judge(checks or []) if checks is not None else CiState("pending")
            if state.verdict == "failed":
                raise GaiaError(f"CI check(s) failed: {state.detail}. Fix the issue, push again, "
                                "and resume with /gaia-resume.", 1)
            if state.verdict == "passed":
                log(f"all CI checks passed (elapsed: {elapsed:.0f}s)")
                return
            log(f"CI checks in progress ({state.detail or 'none reported yet'}, "
                f"elapsed: {elapsed:.0f}s)...")
        remaining = deadline - clock()
        if remaining <= 0:
            raise GaiaError(f"CI checks timed out after {timeout_minutes:g} minutes. "
                            "Resume with /gaia-resume after checks complete.", 1)
        sleep(min(interval, remaining))


def merge(forge: Forge, repo: Path, project: Path, number: int, key: str,
          strategy: str | None, delete_branch: bool) -> tuple[str, list[str]]:
    keys.story_key(key)
    if strategy is not None and strategy not in STRATEGIES:
        raise GaiaError(f"Invalid merge_strategy '{strategy}'. Allowed: merge, squash, rebase.",
                        1)
    pr = forge.view_pr(number)
    if pr.state == "MERGED":
        return "already_merged", [f"PR #{number} already merged — skipping"]
    if pr.state != "OPEN":
        raise GaiaError(f"PR #{number} is {pr.state.lower() or 'not open'}; nothing to merge", 1)
    promotion.assert_not_protected(repo, project, "merge")
    promotion.assert_no_secrets_staged(repo)
    chain = promotion.chain(project)
    if chain.base is None:
        raise GaiaError("aborting: no promotion chain configured, so no PR target is allowed "
                        "(ci_cd.promotion_chain[0].branch)", 1)
    if pr.base != chain.base:
        raise GaiaError(f"aborting: PR target '{pr.base}' != promotion_chain[0].branch "
                        f"'{chain.base}'", 1)
    chosen = strategy or (chain.strategy if chain.strategy in STRATEGIES else None) or "squash"
    try:
        forge.merge_pr(number, strategy=chosen, body=f"Story: {key}", delete_branch=delete_branch)
    except ForgeError as exc:
        if exc.kind == "conflict":
            raise GaiaError("Merge conflict detected. Resolve conflicts locally, push, and "
                            "resume with /gaia-resume.", 1) from None
        if exc.kind == "protected":
            raise GaiaError(f"Branch protection blocked the merge: {exc.message}. Resolve "
                            "protection requirements and retry.", 1) from None
        raise
    return f"merged:{chosen}", [f"PR #{number} merged via {chosen}"]
