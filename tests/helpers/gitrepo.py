"""Throwaway git repositories with a base branch and a feature branch on top."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

GIT_ENV = {
    "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
    "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
    "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
}


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                   env={**os.environ, **GIT_ENV})


def make_repo(root: Path, base: str = "main") -> Path:
    """A repo with src/a.ts + src/b.ts on `base`, then a feature branch changing both."""
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", base)
    (root / "src").mkdir()
    (root / "src/a.ts").write_text("orig\n")
    (root / "src/b.ts").write_text("orig\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "init")
    git(root, "checkout", "-q", "-b", "feat/E1-S1")
    (root / "src/a.ts").write_text("changed\n")
    (root / "src/b.ts").write_text("changed\n")
    git(root, "commit", "-qam", "feat")
    return root
