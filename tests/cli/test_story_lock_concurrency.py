"""One lock per story file: gate updates and status transitions, run at once, lose nothing.

Before the one story lock, `transition-story-status` held the status lock and `review-gate
update` the story file's: each could write the story from a copy read before the other's write,
silently undoing a status change or a PASSED row while every command exited 0.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
import yaml

from gaia_lib.gate.table import CANONICAL_GATES
from gaia_lib.story.parser import load_story
from helpers.projects import Project, gaia_env
from helpers.status_world import index_of, make_world

WRITERS = 64
TRANSITIONS = 16  # the rest are gate updates
TOGGLE = ("blocked", "in-progress")  # in-progress <-> blocked: both edges are legal


def _spawn(root: Path, argv: list[str]) -> subprocess.Popen[str]:
    # Generous lock waits: on two shared cores 64 interpreters start at once; what is under
    # test is that no update is lost, not how long a writer waits.
    env = gaia_env(root, REVIEW_GATE_PROOF_OF_EXECUTION="off", GAIA_STORY_LOCK_TIMEOUT="120",
                   GAIA_STORY_STATUS_LOCK_TIMEOUT="120")
    return subprocess.Popen([sys.executable, "-m", "gaia_lib", *argv], cwd=root, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _jobs() -> list[list[str]]:
    jobs: list[list[str]] = []
    for i in range(WRITERS):
        if i % (WRITERS // TRANSITIONS) == 0:
            target = TOGGLE[(i // (WRITERS // TRANSITIONS)) % 2]
            jobs.append(["transition-story-status", "E1-S1", "--to", target])
        else:
            gate = CANONICAL_GATES[i % len(CANONICAL_GATES)]
            verdict = ("PASSED", "FAILED")[(i // len(CANONICAL_GATES)) % 2]
            jobs.append(["review-gate", "update", "--story", "E1-S1", "--gate", gate,
                         "--verdict", verdict])
    return jobs


def _block_status(text: str) -> str:
    block = text.split("### Story E1-S1:", 1)[1].split("###", 1)[0]
    return block.split("- **Status:** ", 1)[1].splitlines()[0].strip()


@pytest.mark.slow
def test_64_mixed_writers_on_one_story_lose_nothing(project: Project) -> None:
    files = make_world(project)
    story = files["E1-S1"]
    procs = [_spawn(project.root, argv) for argv in _jobs()]
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, (proc.args, err)

    parsed = load_story(story)
    status = parsed.status
    # Every status change applied happened in turn: the log alternates, so the counts differ
    # by at most one and say where the story ended. A lost change shows as a repeat.
    events = [json.loads(line) for line in
              (project.root / ".gaia/memory/lifecycle-events.jsonl").read_text().splitlines()]
    moves = [e["data"]["to"] for e in events if e["event_type"] == "state_transition"]
    assert moves, "no transition changed the status"
    ahead = moves.count("blocked") - moves.count("in-progress")
    assert ahead in (0, 1), moves
    assert status == ("blocked" if ahead else "in-progress")
    # ... and every place the status lives agrees with the story file.
    sprint = yaml.safe_load(files["yaml"].read_text())
    assert [e["status"] for e in sprint["stories"] if e["key"] == "E1-S1"] == [status]
    assert _block_status(files["epics"].read_text()) == status
    assert _block_status(files["shard"].read_text()) == status
    index = yaml.safe_load(index_of(project).read_text())
    assert index["stories"]["E1-S1"]["status"] == status
    assert f"> **Status:** {status}" in parsed.text

    # Every gate update is a round, numbered without gaps, and the row shows the newest.
    rows = {r.name: r.status for r in parsed.review_gate or ()}
    rounds = [json.loads(line) for line in
              (project.root / ".gaia/state/review-rounds.jsonl").read_text().splitlines()]
    assert len(rounds) == WRITERS - TRANSITIONS
    by_gate: dict[str, list[dict[str, object]]] = defaultdict(list)
    for entry in rounds:
        by_gate[str(entry["gate"])].append(entry)
    for gate, entries in by_gate.items():
        numbers = sorted(int(str(e["round"])) for e in entries)
        assert numbers == list(range(1, len(entries) + 1))
        newest = max(entries, key=lambda e: int(str(e["round"])))
        assert rows[gate] == newest["verdict"], gate
    assert set(by_gate) == set(CANONICAL_GATES)


@pytest.mark.parametrize(
    ("argv", "code"),
    [(["review-gate", "update", "--story", "E1-S2", "--gate", "Code Review", "--verdict",
       "PASSED", "--report-missing-reason", "r"], 1),
     (["transition-story-status", "E1-S2", "--to", "blocked"], 4)],
)
def test_a_write_to_a_story_whose_own_key_disagrees_is_refused(
    project: Project, argv: list[str], code: int
) -> None:
    files = make_world(project, {"E1-S2": "in-progress"})
    wrong = files["E1-S2"]
    wrong.write_text(wrong.read_text().replace('key: "E1-S2"', 'key: "E9-S9"'))
    before = {name: p.read_bytes() for name, p in files.items() if p.is_file()}
    proc = _spawn(project.root, argv)
    out, err = proc.communicate(timeout=60)
    assert out == ""
    assert proc.returncode == code, err
    assert err.count("\n") == 1 and "found as E1-S2 but its frontmatter says key 'E9-S9'" in err
    assert {name: p.read_bytes() for name, p in files.items() if p.is_file()} == before
