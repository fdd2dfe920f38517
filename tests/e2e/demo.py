"""The demo project and the plugin's data dir, set up the way a real Claude Code session sees them.

- `demo_copy`: a fresh copy of `examples/demo-project` as a git repository with one commit on
  `main` and a clean tree, so `git status` shows exactly what a session changed.
- `build_plugin_venv`: builds the plugin's private venv once with `bin/gaia bootstrap` (pip
  takes the local wheels when PIP_FIND_LINKS is set, as on this machine and CI).
- `seed_plugin_data`: makes a session's CLAUDE_PLUGIN_DATA (`<config>/plugins/data/gaia-inline`
  for a `--plugin-dir` plugin) look bootstrapped by linking that venv in, so the SessionStart
  hook only writes its exports instead of building a venv that `-p` would cancel anyway.
- `session_env`: what the plugin's processes need on top of the CLI's isolation: the demo's
  pytest/coverage (the repository's dev venv) on PATH and the shared venv as GAIA_DATA_DIR, which
  is where `gaia` in a Bash call looks when the SessionStart exports have not landed yet.
- `hook_durations_file` / `record_hook_durations`: where the in-CLI hook timings go for
  `bench/bench_hook.py --cli-results`.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from helpers.tools import cache_lock

REPO_ROOT = Path(__file__).resolve().parents[2]
DEMO_SOURCE = REPO_ROOT / "examples" / "demo-project"
PLUGIN_DATA_ID = "gaia-inline"  # `<name>-inline`: the data dir id of a --plugin-dir plugin
READY = ".gaia-ready"

# The autouse fixture clears GAIA_* per test; read the override now.
_DURATIONS_OVERRIDE = os.environ.get("GAIA_HOOK_CLI_RESULTS")

_GIT = ["git", "-c", "user.name=gaia e2e", "-c", "user.email=e2e@gaia.invalid",
        "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"]


def git(project: Path, *args: str) -> str:
    done = subprocess.run([*_GIT, *args], cwd=project, capture_output=True, text=True,
                          check=True, stdin=subprocess.DEVNULL)
    return done.stdout


def demo_copy(dest: Path) -> Path:
    """A copy of the demo project, committed on `main` with a clean work tree."""
    shutil.copytree(DEMO_SOURCE, dest, ignore=shutil.ignore_patterns(
        "__pycache__", ".pytest_cache", "build", ".coverage"))
    git(dest, "init", "-q")
    git(dest, "add", "-A")
    git(dest, "commit", "-q", "-m", "signup demo")
    return dest


def plugin_data_dir(config_dir: Path) -> Path:
    """The CLAUDE_PLUGIN_DATA the CLI gives the plugin's hooks in a `--plugin-dir` session."""
    return config_dir / "plugins" / "data" / PLUGIN_DATA_ID


def ready_venvs(data: Path) -> list[Path]:
    return sorted(p.parent for p in data.glob(f"venv-*/{READY}"))


def _plain_env(data: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE", "GAIA_"))}
    env["GAIA_DATA_DIR"] = str(data)
    return env


def build_plugin_venv(data: Path, timeout: float = 600.0) -> Path:
    """Build the plugin venv under `data` (once; a ready one is reused) and return it."""
    done = subprocess.run(["sh", str(REPO_ROOT / "bin" / "gaia"), "bootstrap"],
                          env=_plain_env(data), capture_output=True, text=True,
                          timeout=timeout, check=False, stdin=subprocess.DEVNULL)
    venvs = ready_venvs(data)
    if done.returncode != 0 or len(venvs) != 1:
        raise RuntimeError(f"bin/gaia bootstrap failed (exit {done.returncode}): "
                           f"{done.stderr.strip()}")
    return venvs[0]


def seed_plugin_data(config_dir: Path, venv: Path) -> Path:
    """A session's plugin data dir that already holds `venv` (linked, not copied)."""
    data = plugin_data_dir(config_dir)
    data.mkdir(parents=True, exist_ok=True)
    (data / venv.name).symlink_to(venv, target_is_directory=True)
    shutil.copyfile(venv.parent / "hook-python", data / "hook-python")
    return data


def session_env(shared_data: Path) -> dict[str, str]:
    """PATH with a Python that has pytest and coverage (the demo's tests need them) first."""
    dev_bin = REPO_ROOT / ".venv" / "bin"
    path = os.environ.get("PATH", "")
    if (dev_bin / "pytest").exists():
        path = f"{dev_bin}{os.pathsep}{path}"
    else:  # a CI without the dev venv: the interpreter running the tests has them
        path = f"{Path(sys.executable).parent}{os.pathsep}{path}"
    return {"PATH": path, "GAIA_DATA_DIR": str(shared_data)}


def hook_durations_file() -> Path:
    """`$GAIA_HOOK_CLI_RESULTS`, else `${XDG_CACHE_HOME:-~/.cache}/gaia-tests/hook-in-cli.json`."""
    override = os.environ.get("GAIA_HOOK_CLI_RESULTS") or _DURATIONS_OVERRIDE
    if override:
        return Path(override).expanduser()
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "gaia-tests" / "hook-in-cli.json"


def record_hook_durations(cli_version: str, tools: Sequence[str],
                          durations_ms: Sequence[int]) -> Path:
    """Merge one run's PostToolUse timings (as the CLI's debug log reports them) into the
    results file, keyed by CLI version; the latest run of a version replaces the previous."""
    path = hook_durations_file()
    # Each CLI version's session may run in its own test process: merge under a lock.
    with cache_lock(path.with_name(path.name + ".lock")):
        try:
            results = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            results = {}
        if not isinstance(results, dict):
            results = {}
        results[cli_version] = {
            "measured_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "tools": list(tools),
            "durations_ms": list(durations_ms),
            "median_ms": statistics.median(durations_ms),
            "max_ms": max(durations_ms),
        }
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        tmp.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n", "utf-8")
        os.replace(tmp, path)
    return path
