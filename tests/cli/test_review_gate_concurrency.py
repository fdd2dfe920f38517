from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

import pytest

from gaia_lib.story.parser import load_story
from helpers.projects import Project, gaia_env

WRITERS = 32
GATES = ("Code Review", "QA Tests", "Security Review", "Test Automation")


def _spawn(project: Path, gate: str, verdict: str) -> subprocess.Popen[str]:
    env = gaia_env(project, REVIEW_GATE_PROOF_OF_EXECUTION="off")
    return subprocess.Popen(
        [sys.executable, "-m", "gaia_lib", "review-gate", "update", "--story", "E1-S1",
         "--gate", gate, "--verdict", verdict],
        cwd=project, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


@pytest.mark.slow
def test_concurrent_update_processes_lose_nothing(project: Project) -> None:
    story = project.add_story("E1-S1", layout="nested")
    jobs = [(GATES[i % len(GATES)], ("PASSED", "FAILED")[(i // len(GATES)) % 2])
            for i in range(WRITERS)]
    procs = [_spawn(project.root, gate, verdict) for gate, verdict in jobs]
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert (proc.returncode, out, err) == (0, "", "")

    rows = {r.name: r.status for r in load_story(story).review_gate or ()}
    lines = (project.root / ".gaia/state/review-rounds.jsonl").read_text().splitlines()
    rounds = [json.loads(line) for line in lines]
    assert len(rounds) == WRITERS
    by_gate: dict[str, list[dict[str, object]]] = defaultdict(list)
    for entry in rounds:
        by_gate[str(entry["gate"])].append(entry)
    for gate in GATES:
        numbers = sorted(int(str(e["round"])) for e in by_gate[gate])
        assert numbers == list(range(1, WRITERS // len(GATES) + 1))  # distinct, no gaps
        written = {v for g, v in jobs if g == gate}
        newest = max(by_gate[gate], key=lambda e: int(str(e["round"])))
        assert rows[gate] in written
        assert rows[gate] == newest["verdict"]  # the row shows the last writer's verdict
    assert rows["Test Review"] == rows["Performance Review"] == "UNVERIFIED"


@pytest.mark.slow
def test_sigkill_during_writes_never_leaves_a_partial_story(project: Project) -> None:
    story = project.add_story("E1-S1", layout="per-story")
    # A large story makes each write take long enough for kills to land mid-write.
    story.write_text(story.read_text() + "\n## Notes\n\n" + ("padding line\n" * 20000))
    for i in range(12):
        proc = _spawn(project.root, GATES[i % len(GATES)], ("PASSED", "FAILED")[i % 2])
        time.sleep(0.05 + 0.02 * (i % 5))
        os.kill(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=30)
        parsed = load_story(story)  # never a half-written file: it always parses
        rows = parsed.review_gate or ()
        assert [r.name for r in rows] == [
            "Code Review", "QA Tests", "Security Review", "Test Automation", "Test Review",
            "Performance Review",
        ]
        assert parsed.text.endswith("padding line\n")
    # A killed writer may leave its hidden temp file; it is never a story candidate.
    leftovers = [p.name for p in story.parent.iterdir() if p.name.endswith(".tmp")]
    assert all(name.startswith(".story.md.") for name in leftovers)
