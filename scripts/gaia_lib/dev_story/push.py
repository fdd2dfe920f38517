"""Pushing the story branch (Step 10): `git push -u <remote> <branch>`, carefully.

Rules:
- Refused (exit 1) from a protected branch (see `promotion`) or a detached HEAD, and for a
  remote name that is not a plain name or is not configured.
- A failure whose stderr looks like a transient network error (`NETWORK_MARKERS`) is retried
  ONCE after `GAIA_GIT_PUSH_BACKOFF` seconds (default 5). A timeout counts as transient.
- An authentication or permission failure (`AUTH_MARKERS`) is never retried and says so loudly:
  `authentication failed pushing B to R — check the remote's credentials (no retry): <git line>`.
- Anything else (rejected ref, hook refusal, missing remote repo) is one line with git's most
  telling line, exit 1. Classification is pure (`classify`).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import config
from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import promotion, vcs

DEFAULT_BACKOFF = 5.0
PUSH_TIMEOUT = 300.0
NETWORK_MARKERS = ("could not resolve host", "operation timed out", "connection refused",
                   "network is unreachable", "tls handshake", "couldn't connect",
                   "temporarily unavailable", "connection reset", "connection timed out",
                   "the remote end hung up unexpectedly", "early eof",
                   "empty reply from server", "recv failure")
AUTH_MARKERS = ("authentication failed", "permission denied", "could not read username",
                "could not read password", "terminal prompts disabled",
                "access denied", "invalid username or password", "publickey")
# An HTTP 401 / 403 as git reports it (`The requested URL returned error: 403`), never the
# digits of a port or a path (`http://127.0.0.1:40329/`).
_AUTH_STATUS = re.compile(r"(?<![\w.:/-])40[13](?![\w.:/-])")


def classify(stderr: str, timed_out: bool = False) -> str:
    """'auth', 'network' or 'other' for a failed push's stderr (auth wins: never retried)."""
    text = stderr.lower()
    if any(marker in text for marker in AUTH_MARKERS) or _AUTH_STATUS.search(text):
        return "auth"
    if timed_out or any(marker in text for marker in NETWORK_MARKERS):
        return "network"
    return "other"


@dataclass(frozen=True)
class PushOutcome:
    branch: str
    remote: str
    attempts: int


def push(repo: Path, project: Path, remote: str = "origin",
         sleep: Callable[[float], None] = time.sleep) -> PushOutcome:
    vcs.remote_name(remote)
    branch = promotion.assert_not_protected(repo, project, "push")
    if not vcs.git(repo, "remote", "get-url", "--", remote).ok:
        raise GaiaError(f"no remote named '{remote}' (git remote add {remote} <url>)", 1)
    attempts = 0
    while True:
        attempts += 1
        result = vcs.git(repo, "push", "-u", remote, f"refs/heads/{branch}",
                         timeout=PUSH_TIMEOUT)
        if result.ok:
            return PushOutcome(branch, remote, attempts)
        kind = classify(result.stderr, result.timed_out)
        line = "timed out" if result.timed_out else vcs.last_error_line(result.stderr)
        if kind == "auth":
            raise GaiaError(f"authentication failed pushing {branch} to {remote} — check the "
                            f"remote's credentials (no retry): {line}", 1)
        if kind == "network" and attempts == 1:
            sleep(config.env_seconds("GAIA_GIT_PUSH_BACKOFF", DEFAULT_BACKOFF))
            continue
        if kind == "network":
            raise GaiaError(f"push of {branch} to {remote} failed twice on network errors — "
                            f"giving up: {line}", 1)
        raise GaiaError(f"push of {branch} to {remote} rejected: {line}", 1)
