"""Benchmark the PostToolUse checkpoint hook as Claude Code runs it: one whole process per edit.

Builds a temp git project with a `.gaia/` tree, then alternates N runs of
  bare     python -I -S -c pass                           (the interpreter's own start-up)
  hook     python -I -S -X pycache_prefix=… scripts/hook_post_tool_use.py (an Edit payload)
  launcher sh bin/gaia hook post-tool-use                 (what hooks/hooks.json runs)
and prints median / p90 wall times and the ratio to bare. Goal: hook median <= 15 ms and
<= 2.5x bare. Exit 1 only when a run fails (a benchmark, not a test); the goal is reported.

It also shows the hook as the real Claude Code CLI timed it, when that measurement exists:
tests/e2e/test_checkpoint_hook_session.py (marker `claude`) reads each PostToolUse duration
from the CLI's --debug-file log (CLIs newer than 2.1.197 log them) and merges them, per CLI
version, into `$GAIA_HOOK_CLI_RESULTS`, default
`${XDG_CACHE_HOME:-~/.cache}/gaia-tests/hook-in-cli.json`. These include the CLI's own
spawn and stdin overhead, so they sit above the `launcher` row.

    python bench/bench_hook.py [--runs 30] [--python PATH] [--cli-results FILE | --no-cli]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL_MS = 15.0
GOAL_RATIO = 2.5


def _project(base: Path) -> tuple[Path, bytes]:
    project = base / "proj"
    (project / ".gaia" / "state").mkdir(parents=True)
    # A running story: without the marker the hook records nothing and there is nothing to time.
    (project / ".gaia" / "state" / "active-workflow").write_text("dev-story E1-S1\n")
    (project / "src").mkdir()
    target = project / "src" / "app.py"
    target.write_text("def hello():\n    return 'hello'\n", encoding="utf-8")
    (project / "README.md").write_text("demo\n", encoding="utf-8")
    git = ["git", "-c", "user.name=bench", "-c", "user.email=bench@example.invalid"]
    subprocess.run([*git, "init", "-q"], cwd=project, check=True)
    subprocess.run([*git, "add", "-A"], cwd=project, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "init"], cwd=project, check=True)
    target.write_text("def hello():\n    return 'goodbye'\n", encoding="utf-8")
    payload = {
        "session_id": "bench", "transcript_path": str(base / "t.jsonl"), "cwd": str(project),
        "permission_mode": "acceptEdits", "hook_event_name": "PostToolUse", "tool_name": "Edit",
        "tool_input": {"file_path": str(target), "old_string": "hello'", "new_string": "goodbye'",
                       "replace_all": False},
        "tool_response": {"filePath": str(target), "oldString": "hello'", "newString": "goodbye'",
                          "originalFile": "def hello():\n    return 'hello'\n",
                          "structuredPatch": [], "userModified": False, "replaceAll": False},
        "tool_use_id": "toolu_bench", "duration_ms": 5,
    }
    return project, json.dumps(payload).encode("utf-8")


def _time(argv: list[str], stdin: bytes, env: dict[str, str], cwd: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, input=stdin, env=env, cwd=cwd, capture_output=True, check=False)
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode != 0 or done.stdout.strip():
        raise RuntimeError(f"{argv[-1]}: exit {done.returncode}, stdout {done.stdout[:200]!r}, "
                           f"stderr {done.stderr[:200]!r}")
    return elapsed


def default_cli_results() -> Path:
    override = os.environ.get("GAIA_HOOK_CLI_RESULTS")
    if override:
        return Path(override).expanduser()
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "gaia-tests" / "hook-in-cli.json"


def print_cli_results(path: Path) -> None:
    """One row per CLI version the e2e test measured; a note when there is nothing to show."""
    try:
        results = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        print(f"in Claude Code: no measurement yet ({path}; run "
              "`pytest -m claude tests/e2e/test_checkpoint_hook_session.py`)")
        return
    except (OSError, ValueError) as exc:
        print(f"in Claude Code: unreadable {path}: {exc}")
        return
    print(f"in Claude Code (hook duration from the CLI's debug log, {path}):")
    for version, row in sorted(results.items()):
        runs = ", ".join(f"{tool} {ms}" for tool, ms in zip(row["tools"], row["durations_ms"],
                                                            strict=True))
        print(f"  CLI {version:10} median {row['median_ms']:6.1f} ms  max {row['max_ms']:4} ms"
              f"  ({runs}; {row['measured_at']})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--cli-results", type=Path, default=None,
                        help="the e2e test's in-CLI hook timings (default: "
                        "$GAIA_HOOK_CLI_RESULTS, else ~/.cache/gaia-tests/hook-in-cli.json)")
    parser.add_argument("--no-cli", action="store_true", help="do not show in-CLI timings")
    opts = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="gaia-bench-") as tmp:
        base = Path(tmp)
        project, payload = _project(base)
        data = base / "data"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE_", "GAIA_"))}
        env.update(CLAUDE_PROJECT_DIR=str(project), CLAUDE_PLUGIN_DATA=str(data),
                   GAIA_PYTHON=opts.python)
        data.mkdir()
        # The launcher's hot path uses the interpreter the bootstrap recorded.
        (data / "hook-python").write_text(opts.python + "\n", encoding="utf-8")
        commands = {
            "bare": [opts.python, "-I", "-S", "-c", "pass"],
            "hook": [opts.python, "-I", "-S", "-X", f"pycache_prefix={data / 'pycache'}",
                     str(ROOT / "scripts" / "hook_post_tool_use.py")],
            "launcher": ["sh", str(ROOT / "bin" / "gaia"), "hook", "post-tool-use"],
        }
        samples: dict[str, list[float]] = {name: [] for name in commands}
        try:
            for command in commands.values():  # warm the page cache and .pyc files
                _time(command, payload, env, project)
            target = project / "src" / "app.py"
            for run in range(opts.runs):  # interleaved, so load changes hit every row alike
                for name, command in commands.items():
                    # A real edit changes the file, so every hook run rewrites the checkpoint.
                    target.write_text(f"def hello():\n    return {run!r} + {name!r}\n")
                    samples[name].append(_time(command, payload, env, project))
        except (RuntimeError, OSError) as exc:
            print(f"bench_hook: {exc}", file=sys.stderr)
            return 1
        log = data / "logs" / "hooks.log"
        if log.exists():
            print(f"bench_hook: the hook logged failures:\n{log.read_text()}", file=sys.stderr)
            return 1
        recorded = (project / ".gaia" / "memory" / "checkpoints" / "dev-story.yaml").read_text()
        if "src/app.py" not in recorded:
            print("bench_hook: the hook did not record src/app.py", file=sys.stderr)
            return 1
    bare = statistics.median(samples["bare"])
    print(f"{opts.runs} runs each, {opts.python}")
    print(f"{'':10}{'median ms':>11}{'p90 ms':>9}{'x bare':>8}")
    for name, values in samples.items():
        median = statistics.median(values)
        p90 = sorted(values)[max(0, int(len(values) * 0.9) - 1)]
        print(f"{name:10}{median:11.1f}{p90:9.1f}{median / bare:8.2f}")
    hook = statistics.median(samples["hook"])
    verdict = "met" if hook <= GOAL_MS and hook <= GOAL_RATIO * bare else "NOT met"
    print(f"goal (hook median <= {GOAL_MS:g} ms and <= {GOAL_RATIO:g}x bare): {verdict}")
    if not opts.no_cli:
        print_cli_results(opts.cli_results or default_cli_results())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
