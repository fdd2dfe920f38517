"""The demo project set up for a /gaia-dev-story session: git, a bare `origin`, the fake `gh`.

`make_world(tmp)` gives:
- a copy of `examples/demo-project` as a git repository on `main` (`demo.demo_copy`), pushed
  to a local bare repository that is its `origin`;
- one story more than the demo has, `E1-S4` "Reject disposable email domains", in
  `ready-for-dev`, low risk, in sprint-1, depending only on `E1-S3` (done), committed and
  pushed; the demo's `E1-S2` still depends on `E1-S1`, which is in review;
- a bin folder holding the fake `gh` (tests/helpers/fake_gh.py: it answers the `gh pr
  create/view/checks/merge --json` calls and really merges in the bare remote) and the
  environment that puts it first on PATH, with its state and call log in the scratch folder.

`World.session_env(venv)` is the session's extra environment (demo.session_env plus the fake
gh, the git identity, and no push back-off or CI poll wait). `World.sha256(rel)` is what the
checkpoint must hold for a file.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from e2e.demo import demo_copy, git, session_env
from helpers import fake_gh

KEY = "E1-S4"
BLOCKED_KEY = "E1-S2"  # depends on E1-S1, in review
SLUG = "disposable-domains"
STORIES = Path(".gaia/artifacts/implementation-artifacts/epic-e1-account-signup/stories")
STORY_REL = str(STORIES / f"{KEY}-{SLUG}.md")
SPRINT_STATUS = ".gaia/state/sprint-status.yaml"
CHECKPOINT = ".gaia/memory/checkpoints/dev-story.yaml"
GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "gaia e2e", "GIT_AUTHOR_EMAIL": "e2e@gaia.invalid",
    "GIT_COMMITTER_NAME": "gaia e2e", "GIT_COMMITTER_EMAIL": "e2e@gaia.invalid",
}

# The developer's files for E1-S4: the failing test first (red: `signup.domains` does not exist
# yet, so the file fails to import), then the code (green), then a refactor Edit.
TEST_REL = "tests/unit/test_domains.py"
CODE_REL = "src/signup/domains.py"
TEST_TEXT = '''"""Story E1-S4: disposable email domains are rejected (FR-004)."""

from __future__ import annotations

from signup.domains import is_disposable


# covers: E1-S4 AC1
def test_ac1_disposable_domain_is_rejected() -> None:
    assert is_disposable("ann@mailinator.com")


# covers: E1-S4 AC2
def test_ac2_ordinary_domain_is_accepted() -> None:
    assert not is_disposable("ann@example.com")
'''
CODE_TEXT = '''"""Disposable email domains (story E1-S4)."""

from __future__ import annotations


def is_disposable(email: str) -> bool:
    """Whether the address belongs to a throwaway mail service."""
    return False
'''
CODE_TEXT = '''"""Disposable email domains (story E1-S4)."""

from __future__ import annotations

DISPOSABLE_DOMAINS = frozenset({"mailinator.com", "trashmail.com", "10minutemail.com"})


def is_disposable(email: str) -> bool:
    """Whether the address belongs to a throwaway mail service."""
    return email.rsplit("@", 1)[-1].lower() in DISPOSABLE_DOMAINS
'''

STORY_TEXT = f'''---
template: 'story'
version: 1.4.0
used_by: ['create-story']
key: "{KEY}"
title: "Reject disposable email domains"
epic: "E1"
status: ready-for-dev
priority: "P2"
size: "S"
points: 1
risk: "low"
sprint_id: "sprint-1"
priority_flag: null
delivered: true
origin: null
origin_ref: null
depends_on: ["E1-S3"]
blocks: []
traces_to: [FR-004]
date: "2026-11-06"
author: "pm"
---

# Story: Reject disposable email domains

> **Epic:** E1 — Account signup
> **Priority:** P2
> **Status:** ready-for-dev
> **Date:** 2026-11-06
> **Author:** pm

## User Story

As the product owner, I want throwaway addresses refused, so that every account can be reached.

## Acceptance Criteria

- [ ] **AC1:** Given an address at a disposable mail domain, when it is checked, then it is reported as disposable.
- [ ] **AC2:** Given an address at an ordinary domain, when it is checked, then it is not reported as disposable.

## Tasks / Subtasks

- [ ] Task 1: `is_disposable` (AC: #1, #2)
  - [ ] Domain list

## Dev Notes

- Pure function; the signup service wires it in a later story.

## Technical Notes

The list of domains is a constant; no network lookups.

## Dependencies

- E1-S3 (done).

## Test Scenarios

| # | Scenario | Input | Expected |
|---|----------|-------|----------|
| 1 | Disposable | ann@mailinator.com | disposable |
| 2 | Ordinary | ann@example.com | not disposable |

### Project Structure Notes

- `{CODE_REL}`; tests in `{TEST_REL}`.

### References

- [Source: .gaia/artifacts/planning-artifacts/architecture.md#Components]

## Manual Test

Not required.

## Dev Agent Record

### Agent Model Used

### Debug Log References

### Completion Notes List

### File List

## Findings

> Out-of-scope issues discovered during implementation. Each finding becomes a candidate for a backlog story.

| # | Type | Severity | Finding | Suggested Action |
|---|------|----------|---------|-----------------|
| — | — | — | — | — |

> **Types:** bug, tech-debt, enhancement, missing-setup, documentation
> **Severity:** critical, high, medium, low

## Estimate

- **Points:** 1
- **Developer:** dev

## Definition of Done

### Acceptance

- [ ] All acceptance criteria verified and checked off
- [ ] All subtasks marked complete

### Testing

- [ ] All tests pass (unit, integration, e2e as applicable)
- [ ] No linting or formatting errors

### Code Quality & CI

- [ ] Code compiles / builds without errors
- [ ] Code follows project conventions
- [ ] No hardcoded secrets or credentials
- [ ] PR merged to staging with all CI checks passing

### Documentation

- [ ] Documentation updated (if applicable)
'''

SPRINT_ENTRY = f'''  - key: "{KEY}"
    title: "Reject disposable email domains"
    status: "ready-for-dev"
    points: 1
    risk_level: "low"
    assignee: null
    blocked_by: null
    updated: "2026-11-06"
'''


def sha256_text(text: str) -> str:
    """The checkpoint's form of a file's digest, for content the test wrote itself."""
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class World:
    project: Path
    remote: Path
    bin_dir: Path
    scratch: Path

    def sha256(self, rel: str) -> str:
        return "sha256:" + hashlib.sha256((self.project / rel).read_bytes()).hexdigest()

    def git(self, *args: str) -> str:
        return git(self.project, *args)

    def remote_git(self, *args: str) -> str:
        return git(self.remote, *args)

    def gh_calls(self) -> list[list[str]]:
        log = self.scratch / "gh-calls.jsonl"
        if not log.exists():
            return []
        return [json.loads(line) for line in log.read_text("utf-8").splitlines() if line]

    def gh_state(self) -> dict[str, Any]:
        path = self.scratch / "gh-state.json"
        return json.loads(path.read_text("utf-8")) if path.exists() else {}

    def session_env(self, venv: Path, **extra: str) -> dict[str, str]:
        env = session_env(venv.parent)
        env.update(GIT_IDENTITY)
        env["PATH"] = f"{self.bin_dir}{os.pathsep}{env['PATH']}"
        env.update({
            "FAKE_GH_STATE": str(self.scratch / "gh-state.json"),
            "FAKE_GH_LOG": str(self.scratch / "gh-calls.jsonl"),
            "GAIA_GIT_PUSH_BACKOFF": "0", "GAIA_CI_POLL_SECONDS": "0.05",
        })
        env.update(extra)
        return env


def make_world(tmp: Path) -> World:
    """The demo project with E1-S4 added, pushed to a bare origin, and the fake gh."""
    project = demo_copy(tmp / "demo")
    (project / STORY_REL).write_text(STORY_TEXT, encoding="utf-8")
    status = project / SPRINT_STATUS
    status.write_text(status.read_text("utf-8") + SPRINT_ENTRY, encoding="utf-8")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", f"{KEY}: story ready for dev")
    remote = tmp / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True,
                   capture_output=True)
    git(project, "remote", "add", "origin", str(remote))
    git(project, "push", "-q", "origin", "main")
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    fake_gh.install(bin_dir)
    scratch = tmp / "scratch"
    scratch.mkdir()
    return World(project, remote, bin_dir, scratch)


REFACTOR_OLD = "DISPOSABLE_DOMAINS = frozenset("
REFACTOR_NEW = "# Lower-case registrable domains of throwaway mail services.\nDISPOSABLE_DOMAINS = frozenset("
