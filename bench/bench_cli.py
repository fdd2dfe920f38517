"""Benchmark the CLI's start-up: `gaia verdict-resolver` on a small analysis file, whole processes.

Alternates N runs of
  bare      python -I -S -c pass                                  (the interpreter's own start-up)
  click     python -I -S + site-packages -c "import click"        (click's own import, for scale)
  module    python -m gaia_lib verdict-resolver ...               (the library, no launcher)
  launcher  sh bin/gaia verdict-resolver ...                      (as a user or a skill runs it)
and prints median / p90 wall times and each row's ratio to bare, measured in the same run.
Goal: launcher and module medians within 6x bare. Exit 1 only when a run fails (a benchmark, not
a test); the goal is reported.

The launcher row uses a real private venv: bin/gaia builds it on first use from
requirements.txt (pip, network) into --data (default `${XDG_CACHE_HOME:-~/.cache}/gaia-bench`),
which is kept so later runs skip the build. --python is the interpreter of the other rows
(default: this one; it must be able to import click).

    python bench/bench_cli.py [--runs 30] [--python PATH] [--data DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL_RATIO = 6.0
ANALYSIS = {"schema_version": "1.0", "story_key": "E1-S1", "checks": [],
            "coverage": {"percent": 100.0, "per_ac": []}}


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _time(argv: list[str], env: dict[str, str], cwd: Path, expect: str) -> tuple[float, float]:
    """(wall ms, CPU ms of the process and its children): CPU time barely moves when other
    work shares the machine, so it shows the ratio even when wall times are noisy."""
    cpu, start = _cpu(), time.perf_counter()
    done = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, check=False)
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode != 0 or done.stdout.strip() != expect:
        raise RuntimeError(f"{' '.join(argv[:3])}...: exit {done.returncode}, stdout "
                           f"{done.stdout[:200]!r}, stderr {done.stderr[:300]!r}")
    return elapsed, (_cpu() - cpu) * 1000


def _site_packages(python: str) -> str:
    done = subprocess.run([python, "-c", "import click, os; print(os.path.dirname("
                           "os.path.dirname(click.__file__)))"],
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def default_data() -> Path:
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "gaia-bench"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--data", type=Path, default=None,
                        help="bin/gaia's data dir (its venv is built there once)")
    opts = parser.parse_args(argv)
    data = (opts.data or default_data()).resolve()
    data.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="gaia-bench-cli-") as tmp:
        base = Path(tmp)
        analysis = base / "analysis-results.json"
        analysis.write_text(json.dumps(ANALYSIS), encoding="utf-8")
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("CLAUDE_", "GAIA_", "PYTHON"))}
        env.update(CLAUDE_PROJECT_DIR=str(base), GAIA_DATA_DIR=str(data))
        module_env = {**env, "PYTHONPATH": str(ROOT / "scripts"),
                      "PYTHONPYCACHEPREFIX": str(data / "pycache")}
        click_env = {**env, "PYTHONPATH": _site_packages(opts.python)}
        verdict = ["verdict-resolver", "--action-mode", "--analysis-results", str(analysis)]
        rows = {
            "bare": ([opts.python, "-I", "-S", "-c", "pass"], env, ""),
            "click": ([opts.python, "-S", "-c", "import click"], click_env, ""),
            "module": ([opts.python, "-m", "gaia_lib", *verdict], module_env, "BLOCKED"),
            "launcher": (["sh", str(ROOT / "bin" / "gaia"), *verdict], env, "BLOCKED"),
        }
        samples: dict[str, list[tuple[float, float]]] = {name: [] for name in rows}
        try:
            start = time.perf_counter()
            for command, row_env, expect in rows.values():  # builds the venv; warms .pyc files
                _time(command, row_env, base, expect)
            warm_s = time.perf_counter() - start
            for _ in range(opts.runs):  # interleaved, so load changes hit every row alike
                for name, (command, row_env, expect) in rows.items():
                    samples[name].append(_time(command, row_env, base, expect))
        except (RuntimeError, OSError) as exc:
            print(f"bench_cli: {exc}", file=sys.stderr)
            return 1
    def median(name: str, column: int) -> float:
        return statistics.median(sample[column] for sample in samples[name])

    print(f"{opts.runs} runs each, {opts.python}; launcher data dir {data} "
          f"(first pass incl. any venv build: {warm_s:.1f} s); load average "
          f"{os.getloadavg()[0]:.1f}")
    print(f"{'':10}{'wall ms':>9}{'p90 ms':>9}{'x bare':>8}{'cpu ms':>9}{'x bare':>8}")
    for name, values in samples.items():
        walls = sorted(v[0] for v in values)
        p90 = walls[max(0, int(len(walls) * 0.9) - 1)]
        print(f"{name:10}{median(name, 0):9.1f}{p90:9.1f}{median(name, 0) / median('bare', 0):8.2f}"
              f"{median(name, 1):9.1f}{median(name, 1) / median('bare', 1):8.2f}")
    for column, what in ((0, "wall"), (1, "cpu")):
        worst = max(median(name, column) for name in ("module", "launcher"))
        met = "met" if worst <= GOAL_RATIO * median("bare", column) else "NOT met"
        print(f"goal (module and launcher {what} medians <= {GOAL_RATIO:g}x bare): {met}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
