"""Benchmark: Phase 3A (the QA review's deterministic analysis) on a generated large project.

A project with 5,000 test files and a 50-AC story is generated in a temp dir and committed to
git. Each measurement runs in a fresh process (so peak RSS is the analysis's own):
- cold: `deterministic_analysis(..., use_cache=False)`, discovery + parsing + coverage;
- cache hit: the same with the cache populated (hashes revalidated);
- baseline: `git grep -c` for AC ids over the same test files, the raw-scan floor.
Reports medians over --runs and the ratios against the baseline measured in the same run.
Goals: cold median <= 2 s, cache hit <= 0.2 s, peak memory <= 150 MiB.

    python bench/bench_phase3a.py [--files 5000] [--acs 50] [--runs 5]
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

REPO = Path(__file__).resolve().parents[1]

MEASURE = r"""
import json, resource, sys, time
sys.path.insert(0, {scripts!r})
from pathlib import Path
from gaia_lib.review_qa import context
from gaia_lib.review_qa import phases as review_qa
from gaia_lib.core import writes
project = Path({project!r})
setup = context.setup(project, "E1-S1")
with writes.scope("fork", project):
    start = time.perf_counter()
    results, cached = review_qa.deterministic_analysis(setup, full=True, use_cache={use_cache})
    elapsed = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
print(json.dumps({{"seconds": elapsed, "cached": cached, "peak_mib": peak,
                   "tests": results["tests_discovered"]}}))
"""


def generate(root: Path, files: int, acs: int) -> None:
    criteria = "".join(
        f"- [ ] **AC{i}:** Given input {i}, when processed, then result {i} is returned.\n"
        for i in range(1, acs + 1)
    )
    story = f"""---
template: 'story'
key: "E1-S1"
title: "Large story"
epic: "E1"
status: review
priority: "P1"
risk: "low"
traces_to: [FR-001]
---

# Story: Large story

## Acceptance Criteria

{criteria}
## Dev Agent Record

### File List

- `src/app/core.py`
- `tests/t0000/test_m0.py`
"""
    stories = root / ".gaia/artifacts/implementation-artifacts/epic-e1-big/stories"
    stories.mkdir(parents=True)
    (stories / "E1-S1-large.md").write_text(story)
    (root / ".gaia/config").mkdir(parents=True)
    (root / ".gaia/config/project-config.yaml").write_text("project:\n  stack: python-dev\n")
    (root / "src/app").mkdir(parents=True)
    (root / "src/app/core.py").write_text("def f(x):\n    return x\n")
    for n in range(files):
        directory = root / "tests" / f"t{n // 100:04d}"
        directory.mkdir(parents=True, exist_ok=True)
        ac = n % (acs + 10) + 1  # some tests name ACs the story does not have
        body = "".join(
            f"def test_ac{ac}_case_{k}():\n    assert f({k}) == {k}\n\n" for k in range(3)
        )
        (directory / f"test_m{n}.py").write_text(f"from app.core import f\n\n\n{body}")
    git = ["git", "-c", "user.email=b@b", "-c", "user.name=b"]
    subprocess.run([*git, "init", "-q", "-b", "main"], cwd=root, check=True)
    subprocess.run([*git, "add", "-A"], cwd=root, check=True)
    subprocess.run([*git, "commit", "-qm", "base"], cwd=root, check=True)


def measure(project: Path, use_cache: bool) -> dict[str, float]:
    code = MEASURE.format(scripts=str(REPO / "scripts"), project=str(project),
                          use_cache=use_cache)
    env = {**os.environ, "CLAUDE_PROJECT_DIR": str(project),
           "GAIA_DATA_DIR": str(project / ".bench-data")}
    out = subprocess.run([sys.executable, "-c", code], cwd=project, env=env, check=True,
                         capture_output=True, text=True).stdout
    data: dict[str, float] = json.loads(out)
    return data


def git_grep(project: Path) -> float:
    start = time.perf_counter()
    subprocess.run(["git", "grep", "-c", "-E", "AC[0-9]+|ac[0-9]+", "--", "tests"], cwd=project,
                   check=True, capture_output=True)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=5000)
    parser.add_argument("--acs", type=int, default=50)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="gaia-bench-") as tmp:
        project = Path(tmp) / "big"
        project.mkdir()
        generate(project, args.files, args.acs)
        cold = [measure(project, use_cache=False) for _ in range(args.runs)]
        measure(project, use_cache=True)  # populate the cache
        hits = [measure(project, use_cache=True) for _ in range(args.runs)]
        baseline = [git_grep(project) for _ in range(args.runs)]
    if not all(h["cached"] for h in hits):
        print("error: cache-hit runs were not served from the cache", file=sys.stderr)
        return 1
    cold_s = statistics.median(r["seconds"] for r in cold)
    hit_s = statistics.median(r["seconds"] for r in hits)
    base_s = statistics.median(baseline)
    peak = max(r["peak_mib"] for r in cold + hits)
    print(f"Phase 3A on {args.files} test files, {args.acs}-AC story, {args.runs} runs each")
    print(f"{'measure':<22}{'median':>10}{'x git grep':>12}{'goal':>10}")
    print(f"{'git grep (baseline)':<22}{base_s * 1000:>8.1f}ms{1.0:>11.1f}x{'':>10}")
    print(f"{'cold analysis':<22}{cold_s * 1000:>8.1f}ms{cold_s / base_s:>11.1f}x{'<= 2 s':>10}")
    print(f"{'cache hit':<22}{hit_s * 1000:>8.1f}ms{hit_s / base_s:>11.1f}x{'<= 0.2 s':>10}")
    print(f"{'peak memory':<22}{peak:>8.1f}MiB{'':>12}{'<= 150':>10}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
