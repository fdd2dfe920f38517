"""Builders for throwaway GAIA projects and a runner for the real `gaia` command."""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
SCRIPTS_DIR = REPO_ROOT / "scripts"

REVIEW_GATE_BLOCK = """## Review Gate

| Review | Status | Report |
|--------|--------|--------|
| Code Review | UNVERIFIED | — |
| QA Tests | UNVERIFIED | — |
| Security Review | UNVERIFIED | — |
| Test Automation | UNVERIFIED | — |
| Test Review | UNVERIFIED | — |
| Performance Review | UNVERIFIED | — |

> Story moves to `done` only when ALL reviews show PASSED.
"""


def story_text(
    key: str = "E1-S1",
    *,
    status: str = "review",
    title: str = "Validate signup email",
    priority: str = "P1",
    risk: str = "medium",
    acs: str | None = None,
    file_list: list[str] | None = None,
    extra_frontmatter: str = "",
    review_gate: bool = True,
    depends_on: str = "[]",
) -> str:
    """A template-conformant story (v1.4.0 layout) with overridable parts."""
    if acs is None:
        acs = (
            "- [ ] **AC1:** Given a valid email, when the user signs up, then the account is created.\n"
            "- [ ] **AC2:** Given an invalid email, when the user signs up, then a 422 error is returned.\n"
        )
    files = file_list if file_list is not None else ["src/app/signup.py", "tests/test_signup.py"]
    file_lines = "".join(f"- `{f}`\n" for f in files)
    epic = key.split("-")[0]
    return f"""---
template: 'story'
key: "{key}"
title: "{title}"
epic: "{epic}"
status: {status}
priority: "{priority}"
size: "S"
points: 2
risk: "{risk}"
sprint_id: null
depends_on: {depends_on}
blocks: []
traces_to: [FR-001]
date: "2026-11-01"
author: "dev"
priority_flag: null
{extra_frontmatter}---

# Story: {title}

> **Epic:** {epic}
> **Priority:** {priority}
> **Status:** {status}

## User Story

As a visitor, I want to sign up, so that I can use the product.

## Acceptance Criteria

{acs}
## Tasks / Subtasks

- [x] Implement signup validation
  - [x] Reject malformed addresses

## Dev Agent Record

### File List

{file_lines}
## Findings

| # | Type | Severity | Finding | Suggested Action |
|---|------|----------|---------|------------------|
| — | — | — | — | — |

{_gate_block(status) if review_gate else ""}"""


def _gate_block(status: str) -> str:
    """The Review Gate block: a `done` story has passed every review (that is what done
    takes), any other is still UNVERIFIED."""
    return REVIEW_GATE_BLOCK.replace("UNVERIFIED", "PASSED") if status == "done" \
        else REVIEW_GATE_BLOCK


@dataclass
class Project:
    root: Path

    @property
    def impl(self) -> Path:
        return self.root / ".gaia" / "artifacts" / "implementation-artifacts"

    def write(self, rel: str, text: str) -> Path:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def add_story(
        self, key: str = "E1-S1", slug: str = "signup", layout: str = "nested", **kwargs: object
    ) -> Path:
        """layout: nested (epic-*/stories/K-slug.md), per-story (epic-*/K-slug/story.md), flat."""
        text = story_text(key, **kwargs)  # type: ignore[arg-type]
        epic = key.split("-")[0].lower()
        if layout == "nested":
            rel = f"epic-{epic}-core/stories/{key}-{slug}.md"
        elif layout == "per-story":
            rel = f"epic-{epic}-core/{key}-{slug}/story.md"
        else:
            rel = f"{key}-{slug}.md"
        return self.write(str((self.impl / rel).relative_to(self.root)), text)


def make_project(root: Path) -> Project:
    for sub in ("artifacts/implementation-artifacts", "state", "memory/checkpoints", "config"):
        (root / ".gaia" / sub).mkdir(parents=True, exist_ok=True)
    return Project(root)


_DATA_DIRS: list[str] = []


def shared_data_dir() -> str:
    """The data dir of the gaia processes this test process starts (their remembered tool
    versions and compiled patterns, shared between tests for speed): never the developer's
    own, which a test's process would otherwise fill."""
    if not _DATA_DIRS:
        _DATA_DIRS.append(tempfile.mkdtemp(prefix="gaia-test-data-"))
        atexit.register(shutil.rmtree, _DATA_DIRS[0], True)
    return _DATA_DIRS[0]


def gaia_env(project: Path | None = None, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE_", "GAIA_"))}
    for var in ("PROJECT_PATH", "PROJECT_ROOT", "IMPLEMENTATION_ARTIFACTS", "TEST_ARTIFACTS",
                "CHECKPOINT_PATH", "REVIEW_GATE_LEDGER", "SPRINT_STATUS_YAML"):
        env.pop(var, None)
    env["PYTHONPATH"] = str(SCRIPTS_DIR)
    env["GAIA_DATA_DIR"] = shared_data_dir()
    if project is not None:
        env["CLAUDE_PROJECT_DIR"] = str(project)
    env.update(extra)
    return env


def run_gaia(
    *args: str,
    cwd: Path,
    env: dict[str, str] | None = None,
    stdin: str | None = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess[str]:
    """Run `python -m gaia_lib ARGS` as a real process (what bin/gaia execs)."""
    return subprocess.run(
        [sys.executable, "-m", "gaia_lib", *args],
        cwd=cwd,
        env=env if env is not None else gaia_env(cwd),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


ABSENT_GO_MODULE = "example.com/gaia-absent"  # a module no proxy serves


def go_module_needing_absent(root: Path) -> Path:
    """A go 1.19 module at `root` whose code imports a required module no proxy has (go.sum
    lists it, so go tries to fetch it rather than asking for `go get`), with one test."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "go.mod").write_text(f"module example.com/lib\n\ngo 1.19\n\n"
                                 f"require {ABSENT_GO_MODULE} v1.0.0\n")
    (root / "go.sum").write_text("".join(
        f"{ABSENT_GO_MODULE} v1.0.0{suffix} h1:{'A' * 43}=\n" for suffix in ("", "/go.mod")))
    (root / "lib.go").write_text(f'package lib\n\nimport _ "{ABSENT_GO_MODULE}"\n')
    (root / "lib_test.go").write_text('package lib\n\nimport "testing"\n\n'
                                      "func TestA(t *testing.T) {}\n")
    return root
