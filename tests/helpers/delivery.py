"""A project for the delivery tail: a git work tree whose `origin` is a local bare repository,
a promotion chain to `main`, a story file, and (optionally) the fake `gh` on PATH."""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from helpers import fake_gh
from helpers.gitrepo import GIT_ENV
from helpers.projects import Project, gaia_env, make_project, run_gaia

CHAIN_CONFIG = """ci_cd:
  promotion_chain:
    - id: main
      name: Main
      branch: main
      ci_provider: github_actions
      merge_strategy: squash
"""


def sh_git(repo: Path, *args: str) -> str:
    result = subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                            text=True, env={**os.environ, **GIT_ENV})
    return result.stdout


@dataclass
class World:
    project: Project
    remote: Path
    bin_dir: Path
    extra_env: dict[str, str] = field(default_factory=dict)
    # Without the fake gh, PATH is bin_dir alone (git linked in): a real gh on the machine must
    # not answer for a test that means "gh is not installed".
    path_only_bin: bool = False

    @property
    def root(self) -> Path:
        return self.project.root

    def env(self, **extra: str) -> dict[str, str]:
        env = gaia_env(self.root, **{**GIT_ENV, **self.extra_env, **extra})
        if "PATH" not in extra:  # a test that sets PATH means exactly that PATH
            env["PATH"] = (str(self.bin_dir) if self.path_only_bin
                           else f"{self.bin_dir}{os.pathsep}{env.get('PATH', '')}")
        return env

    def gaia(self, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
        return run_gaia(*args, cwd=self.root, env=self.env(**extra))

    def git(self, *args: str) -> str:
        return sh_git(self.root, *args)

    def commit_file(self, rel: str, text: str, message: str) -> None:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        self.git("add", "--", rel)
        self.git("commit", "-q", "-m", message)

    def remote_log(self, ref: str = "main") -> str:
        return sh_git(self.remote, "log", "--format=%s%n%b", ref)


def make_world(tmp_path: Path, *, chain: bool = True, with_gh: bool = True) -> World:
    remote = tmp_path / "origin.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    root = tmp_path / "work"
    root.mkdir()
    project = make_project(root)
    if chain:
        project.write(".gaia/config/project-config.yaml", CHAIN_CONFIG)
    project.add_story("E1-S1", status="in-progress")
    sh_git(root, "init", "-q", "-b", "main")
    sh_git(root, "add", "-A")
    sh_git(root, "commit", "-q", "-m", "chore: initial project")
    sh_git(root, "remote", "add", "origin", str(remote))
    sh_git(root, "push", "-q", "origin", "main")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    world = World(project, remote, bin_dir,
                  {"FAKE_GH_STATE": str(tmp_path / "gh-state.json"),
                   "FAKE_GH_LOG": str(tmp_path / "gh-calls.jsonl"),
                   "GAIA_GIT_PUSH_BACKOFF": "0", "GAIA_CI_POLL_SECONDS": "0.05"})
    if with_gh:
        fake_gh.install(bin_dir)
    else:
        git = shutil.which("git")
        assert git is not None
        (bin_dir / "git").symlink_to(git)
        world.path_only_bin = True
    return world
