from __future__ import annotations

import concurrent.futures
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gaia_lib.core import locks
from gaia_lib.qa_gating import transition
from helpers.projects import Project, gaia_env, run_gaia
from helpers.status_world import index_of, make_world, passed_gate

PROG = "transition-story-status"


def tss(project: Project, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return run_gaia(PROG, *args, cwd=project.root, env=gaia_env(project.root, **env))


def snapshot(files: dict[str, Path]) -> dict[str, bytes | None]:
    return {name: (p.read_bytes() if p.is_file() else None) for name, p in files.items()}


def test_exit_0_transition_message_and_empty_stdout(project: Project) -> None:
    files = make_world(project)
    result = tss(project, "E1-S1", "--to", "review", "--from", "in-progress")
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
    assert result.stderr == f"{PROG}: E1-S1 transitioned in-progress -> review\n"
    assert '    status: "review"' in files["yaml"].read_text()
    assert index_of(project).is_file()


def test_project_flag_names_the_project_from_elsewhere(project: Project, tmp_path: Path) -> None:
    """A user who wrote the story with `gaia story new KEY --project DIR` walks it to review
    the same way, from another directory."""
    files = make_world(project)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = run_gaia(PROG, "E1-S1", "--to", "review", "--project", str(project.root),
                      cwd=elsewhere, env=gaia_env())
    assert result.returncode == 0, result.stderr
    assert result.stderr == f"{PROG}: E1-S1 transitioned in-progress -> review\n"
    assert '    status: "review"' in files["yaml"].read_text()


def test_exit_0_noop(project: Project) -> None:
    files = make_world(project)
    before = snapshot(files)
    result = tss(project, "E1-S1", "--to", "in-progress")
    assert (result.returncode, result.stdout) == (0, "")
    assert result.stderr == f"{PROG}: no-op (story already at in-progress)\n"
    assert snapshot(files) == before


def test_reconcile_only(project: Project) -> None:
    make_world(project)
    result = tss(project, "E1-S1", "--reconcile-only")
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [
        f"{PROG}: reconcile-only mode — replaying current status to all writers",
        f"{PROG}: E1-S1 transitioned in-progress -> in-progress",
    ]


def test_metadata_flags_reach_the_index(project: Project) -> None:
    make_world(project)
    result = tss(project, "E1-S1", "--to", "review", "--title", "New title", "--author", "amy",
                 "--file", "custom.md", "--risk", "high", "--priority", "P0", "--epic", "E1")
    assert result.returncode == 0, result.stderr
    text = index_of(project).read_text()
    for line in ('title: "New title"', 'author: "amy"', 'file: "custom.md"', 'risk: "high"',
                 'priority: "P0"', 'epic: "E1"'):
        assert f"    {line}\n" in text


def test_help_exits_0(project: Project) -> None:
    result = tss(project, "--help")
    assert result.returncode == 0
    assert "--reconcile-only" in result.stdout
    assert "backlog | validating" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "the following arguments are required: story_key"),
        (("E1-S1",), "missing required --to <new_status>"),
        (("E1-S1", "--to"), "expected one argument"),
        (("E1-S1", "--to", "review", "--bogus"), "unrecognized arguments: --bogus"),
        (("E1-S1", "--to", "PASSED"), "invalid target state: 'PASSED'"),
        (("E1-S1", "--to", "review", "--from", "backlog"),
         "expected current status 'backlog' but found 'in-progress'"),
        (("../x", "--to", "review"), "invalid story key '../x'"),
        (("E1-S1/..", "--to", "review"), "invalid story key 'E1-S1/..'"),
        (("E1-S1\n", "--to", "review"), "invalid story key 'E1-S1\\n'"),
    ],
)
def test_exit_1_usage_and_hostile_input(project: Project, args: tuple[str, ...], message: str) -> None:
    files = make_world(project)
    before = snapshot(files)
    result = tss(project, *args)
    assert result.returncode == 1
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith(f"{PROG}: ")
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert snapshot(files) == before


def test_nul_in_key_is_refused_before_any_path(project: Project) -> None:
    # argv cannot carry NUL: exercise the library entry the command uses
    from gaia_lib.cli import transition_story_status

    make_world(project)
    assert transition_story_status.main(["E1-S1\x00", "--to", "review"]) == 1


def test_exit_2_missing_story(project: Project) -> None:
    make_world(project)
    result = tss(project, "E4-S4", "--to", "review")
    assert result.returncode == 2
    assert "E4-S4" in result.stderr and len(result.stderr.splitlines()) == 1


def test_exit_3_ambiguous(project: Project) -> None:
    make_world(project)
    project.add_story("E1-S1", slug="twin", status="in-progress")
    result = tss(project, "E1-S1", "--to", "review")
    assert result.returncode == 3
    assert len(result.stderr.splitlines()) == 1


def test_exit_4_malformed_frontmatter(project: Project) -> None:
    files = make_world(project)
    files["E1-S1"].write_text(files["E1-S1"].read_text().replace("status: in-progress\n", ""))
    result = tss(project, "E1-S1", "--to", "review")
    assert result.returncode == 4
    assert "missing 'status:'" in result.stderr


def test_exit_4_broken_yaml_frontmatter(project: Project) -> None:
    files = make_world(project)
    files["E1-S1"].write_text(files["E1-S1"].read_text().replace('title: "', 'title: [', 1))
    result = tss(project, "E1-S1", "--to", "review")
    assert result.returncode == 4
    assert "Traceback" not in result.stderr


def test_exit_5_epics_missing(project: Project) -> None:
    make_world(project, epics=False)
    result = tss(project, "E1-S1", "--to", "review")
    assert result.returncode == 5
    assert "epics-and-stories.md not found" in result.stderr


def test_exit_6_lock_timeout(project: Project) -> None:
    files = make_world(project)
    before = snapshot(files)
    with locks.locked(transition.lock_target(project.root)):
        result = tss(project, "E1-S1", "--to", "review",
                     **{transition.LOCK_TIMEOUT_ENV: "0.3"})
    assert result.returncode == 6
    assert "timed out after 0.3s waiting for lock" in result.stderr
    assert snapshot(files) == before


def test_exit_7_illegal_edge(project: Project) -> None:
    make_world(project, {"E1-S1": "ready-for-dev"})
    result = tss(project, "E1-S1", "--to", "done")
    assert result.returncode == 7
    assert result.stderr.startswith(
        f"{PROG}: invalid transition: ready-for-dev -> done is not in the allowed adjacency list"
    )


def test_exit_8_gate_refusal_and_bypass(project: Project) -> None:
    files = make_world(project, {"E1-S1": "review"})
    before = snapshot(files)
    result = tss(project, "E1-S1", "--to", "done")
    assert result.returncode == 8
    assert "composite Review Gate is not COMPLETE" in result.stderr
    assert snapshot(files) == before
    bypass = tss(project, "E1-S1", "--to", "done", GAIA_ALLOW_REVIEW_TO_DONE_WITHOUT_GATE="1")
    assert bypass.returncode == 0, bypass.stderr
    assert bypass.stderr.splitlines()[-1] == f"{PROG}: E1-S1 transitioned review -> done"
    assert "WARNING: composite Review Gate is not COMPLETE" in bypass.stderr


def test_complete_gate_reaches_done(project: Project) -> None:
    from helpers.projects import REVIEW_GATE_BLOCK

    files = make_world(project, {"E1-S1": "review"})
    files["E1-S1"].write_text(files["E1-S1"].read_text().replace(REVIEW_GATE_BLOCK, passed_gate()))
    result = tss(project, "E1-S1", "--to", "done")
    assert result.returncode == 0, result.stderr
    assert "\nstatus: done\n" in files["E1-S1"].read_text()


def test_exit_8_rollback_restores_every_file(project: Project) -> None:
    files = make_world(project)
    files["index"] = index_of(project)
    blocker = project.impl / "blocker"
    blocker.write_text("a file where a directory is needed\n")
    before = snapshot(files)
    result = tss(project, "E1-S1", "--to", "review",
                 STORY_INDEX_YAML=str(blocker / "story-index.yaml"))
    assert result.returncode == 8
    assert result.stderr.startswith(f"{PROG}: rolled back partial transition for E1-S1:")
    assert snapshot(files) == before


def test_exit_8_write_outside_scope_rolls_back(project: Project, tmp_path: Path) -> None:
    files = make_world(project)
    outside = tmp_path / "elsewhere" / "story-index.yaml"
    before = snapshot(files)
    result = tss(project, "E1-S1", "--to", "review", STORY_INDEX_YAML=str(outside))
    assert result.returncode == 8
    assert "outside the 'parent' write scope" in result.stderr
    assert snapshot(files) == before
    assert not outside.exists()


def test_fork_scope_cannot_transition(project: Project) -> None:
    files = make_world(project)
    before = snapshot(files)
    result = tss(project, "E1-S1", "--to", "review", GAIA_WRITE_SCOPE="fork")
    assert result.returncode == 8
    assert snapshot(files) == before


def test_sixteen_concurrent_processes_lose_no_update(project: Project) -> None:
    keys = [f"E1-S{n}" for n in range(1, 17)]
    files = make_world(project, dict.fromkeys(keys, "ready-for-dev"))
    env = gaia_env(project.root, **{transition.LOCK_TIMEOUT_ENV: "60"})
    cmd = [sys.executable, "-m", "gaia_lib", PROG]

    def one(key: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*cmd, key, "--to", "in-progress"], cwd=project.root, env=env,
                              capture_output=True, text=True, timeout=120)

    with concurrent.futures.ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(one, keys))
    assert [r.returncode for r in results] == [0] * 16, [r.stderr for r in results]
    text = files["yaml"].read_text()
    for key in keys:
        assert f'  - key: "{key}"\n    title: "Story {key}"\n    status: "in-progress"\n' in text
        assert "\nstatus: in-progress\n" in files[key].read_text()
    index = index_of(project).read_text()
    assert all(f"  {key}:\n" in index for key in keys)
    events = (project.root / ".gaia/memory/lifecycle-events.jsonl").read_text().splitlines()
    assert sorted(json.loads(e)["story_key"] for e in events) == sorted(keys)
