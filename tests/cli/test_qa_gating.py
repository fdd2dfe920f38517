"""QA gating through the real commands (`python -m gaia_lib ...` processes) on a demo-like board:
epic E1 of four stories in a dependency chain, E1-S1 <- E1-S2 <- E1-S3 <- E1-S4."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gaia_lib.gate import ledger
from gaia_lib.qa_gating import record
from helpers.projects import Project, gaia_env, run_gaia
from helpers.qa_board import chain, record_file


@pytest.fixture
def board(project: Project) -> Project:
    chain(project, {"E1-S1": "done", "E1-S2": "done", "E1-S3": "ready-for-dev",
                    "E1-S4": "backlog"})
    return project


def gaia(project: Project, *args: str) -> subprocess.CompletedProcess[str]:
    return run_gaia(*args, cwd=project.root, env=gaia_env(project.root, GAIA_USER="ada"))


def check_deps(project: Project, key: str = "E1-S3") -> subprocess.CompletedProcess[str]:
    story = next(project.impl.rglob(f"{key}-*.md"))
    return gaia(project, "sprint-state", "check-deps", str(story))


def test_fail_then_a_passing_re_qa_releases_the_dependents(board: Project) -> None:
    assert check_deps(board).returncode == 0
    result = gaia(board, "qa-record", "E1-S2", "--result", "fail", "--report",
                  "reviews/qa-tests-E1-S2.md")
    assert (result.returncode, result.stdout) == (0, (
        "recorded: E1-S2 = fail (round 1)  ->  .gaia/artifacts/implementation-artifacts/"
        "epic-e1-core/test-status.md\n"))
    held = check_deps(board)
    assert held.returncode == 1
    assert "sprint-state:   E1-S2: held by QA fail (round 1, report reviews/qa-tests-E1-S2.md" \
        in held.stderr
    lint = gaia(board, "qa-gate", "lint")
    assert lint.returncode == 1
    assert lint.stdout.startswith("QG1 deadlock: nothing is ready and nothing is in flight; "
                                  "E1-S2(qa:fail) hold every remaining story. Exits:")
    path = gaia(board, "resolve-review-report-path", "--key", "E1-S2", "--type", "qa-tests")
    assert path.stdout.strip().endswith("/qa-tests-E1-S2-round2.md")
    story = next(board.impl.rglob("E1-S3-*.md"))
    step1 = gaia(board, "check-deps", str(story))  # dev-story's Step 1, the same function
    assert step1.returncode == 1
    assert "  E1-S2: held by QA fail (round 1" in step1.stderr
    # a pass naming a report that does not exist is refused, and releases nobody
    made_up = gaia(board, "qa-record", "E1-S2", "--result", "pass", "--report",
                   "does/not/exist.md")
    assert (made_up.returncode, made_up.stdout) == (2, "")
    assert made_up.stderr == ("qa-record: --report does/not/exist.md: no such file (a pass "
                              "names the QA review report it rests on)\n")
    assert check_deps(board).returncode == 1
    again = gaia(board, "qa-record", "E1-S2", "--result", "pass")
    assert "= pass (round 2)" in again.stdout
    assert check_deps(board).returncode == 0
    assert gaia(board, "qa-gate", "lint").stdout == "QA gating lint: OK (4 stories)\n"


def test_fail_then_gate_off_releases_and_keeps_the_row(board: Project) -> None:
    gaia(board, "qa-record", "E1-S2", "--result", "fail")
    off = gaia(board, "qa-gate", "off", "--story", "E1-S2", "--reason", "a spike")
    assert (off.returncode, off.stdout) == (0, "waived (story E1-S2: a spike)\n")
    assert check_deps(board).returncode == 0
    assert gaia(board, "qa-gate", "mode", "--story", "E1-S2").stdout == \
        "waived (story E1-S2: a spike)\n"
    assert gaia(board, "qa-gate", "mode", "--story", "E1-S3").stdout == \
        "on (default: dependents wait for a story's QA verdict)\n"
    for option, typo, said in (("--story", "E9-S9", "no story E9-S9 in this project"),
                               ("--epic", "E42", "no story of epic E42 in this project "
                                                 "(epics: E1)")):
        unknown = gaia(board, "qa-gate", "mode", option, typo)
        assert (unknown.returncode, unknown.stdout, unknown.stderr) == (
            1, "", f"qa-gate: {said}\n")
    status = gaia(board, "qa-gate", "status").stdout.splitlines()
    assert status[1] == "E1-S2\tdone\tfail\tround 1\t-\twaived\t-"
    on = gaia(board, "qa-gate", "on", "--story", "E1-S2", "--reason", "gate it again")
    assert on.stdout == "on (story E1-S2: gate it again)\n"
    assert check_deps(board).returncode == 1  # the exit taken back: its fail holds again


def test_three_failed_rounds_park_the_story_once(board: Project) -> None:
    outs = [gaia(board, "qa-record", "E1-S2", "--result", "fail").stdout for _ in range(3)]
    assert ["parked:" in out for out in outs] == [False, False, True]
    assert "QA failed 3 round(s) in a row, the budget is 3 (qa.max_rounds)" in outs[2]
    lint = gaia(board, "qa-gate", "lint").stdout.splitlines()
    assert [line.split(" ", 1)[0] for line in lint] == ["QG1", "QG3"]
    assert gaia(board, "qa-gate", "status").stdout.splitlines()[1].endswith("\tparked")
    # The exit QG3 names, taken: the story holds nothing, and lint is clean.
    gaia(board, "qa-gate", "off", "--story", "E1-S2", "--reason", "accepted as is")
    lint_after = gaia(board, "qa-gate", "lint")
    assert (lint_after.returncode, lint_after.stdout) == (0, "QA gating lint: OK (4 stories)\n")


def test_an_epic_key_in_lower_case_is_the_epic(board: Project) -> None:
    closed = gaia(board, "close-epic", "e1", "--reason", "shipped")
    assert closed.returncode == 0 and closed.stdout.startswith("closed: E1")
    assert gaia(board, "qa-gate", "status").stdout.startswith("E1\tclosed\t")


def test_closing_the_epic_stops_reporting_and_reopening_restores(board: Project) -> None:
    gaia(board, "qa-record", "E1-S2", "--result", "fail")
    before = record_file(board).read_bytes()
    closed = gaia(board, "close-epic", "E1", "--reason", "approach dropped")
    assert (closed.returncode, closed.stdout) == (0, "closed: E1 — approach dropped\n")
    assert check_deps(board).returncode == 0
    assert gaia(board, "qa-gate", "status").stdout.split("\t")[:2] == ["E1", "closed"]
    assert gaia(board, "qa-gate", "lint").returncode == 0
    assert gaia(board, "close-epic", "E1", "--reopen").stdout == "reopened: E1\n"
    assert check_deps(board).returncode == 1
    assert record_file(board).read_bytes() == before  # nothing erased, nothing rewritten


@pytest.mark.parametrize(("args", "code", "message"), [
    (("qa-record", "E1-S2", "--result", "fail", "--round", "two"), 2, "--round must be"),
    (("qa-record", "E1-S2", "--result", "pending", "--round", "2"), 2, "a round is a review"),
    (("qa-record", "E1-S2", "--result", "maybe"), 2, "invalid result 'maybe'"),
    (("qa-record", "../x", "--result", "pass"), 2, "invalid story key"),
    (("qa-record", "E1-S2", "--result", "fail", "--reason", "r"), 2, "waived only"),
    (("qa-gate", "off", "--epic", "E1"), 1, "needs --reason"),
    (("qa-gate", "on", "--epic", "E1", "--story", "E1-S1", "--reason", "r"), 2, "exactly one"),
    (("close-epic", "E1"), 1, "needs --reason"),
    (("close-epic", "E1;rm"), 1, "invalid epic key"),
    (("close-epic", "E7", "--reason", "typo"), 1, "no story of epic E7 in this project "
                                                  "(epics: E1)"),
    (("qa-gate", "off", "--epic", "E7", "--reason", "typo"), 1, "no story of epic E7"),
    (("qa-gate", "off", "--story", "E7-S1", "--reason", "typo"), 1, "no story E7-S1 in this"),
])
def test_refusals_are_one_line_and_write_nothing(
    board: Project, args: tuple[str, ...], code: int, message: str
) -> None:
    result = gaia(board, *args)
    assert result.returncode == code
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not record_file(board).exists()
    assert not (board.root / ".gaia/state/qa-gating.jsonl").exists()


def test_a_fail_that_a_broken_config_cannot_weigh_is_refused_before_it_is_written(
    board: Project
) -> None:
    # A retry after the error must not record the round twice (and spend the budget twice).
    board.write(".gaia/config/project-config.yaml", "qa:\n  gate: on\n  max_rounds: 0\n")
    result = gaia(board, "qa-record", "E1-S2", "--result", "fail")
    assert result.returncode == 1 and "max_rounds" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not record_file(board).exists()
    assert ledger.history(board.root, "E1-S2", "QA Tests") == []


def test_32_concurrent_recorders_lose_nothing(project: Project) -> None:
    keys = [f"E1-S{n}" for n in range(1, 9)]
    chain(project, dict.fromkeys(keys, "done"))
    env = gaia_env(project.root)
    procs = [
        subprocess.Popen([sys.executable, "-m", "gaia_lib", "qa-record", key, "--result",
                          "fail" if number < 4 else "pass", "--round", str(number)],
                         cwd=project.root, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
        for number in range(1, 5) for key in keys
    ]
    results = [(p.wait(timeout=300), p.stderr.read() if p.stderr else "") for p in procs]
    for proc in procs:
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()
    assert [code for code, _ in results] == [0] * 32, [err for _, err in results if err]
    qa = record.load(project.root, "E1")
    assert sorted(r.story for r in qa.status) == sorted(keys)
    assert sorted((r.story, r.round) for r in qa.rounds) == sorted(
        (k, n) for k in keys for n in range(1, 5))
    assert len(qa.rounds) == 32
    jsonl = ledger.parse_rounds(ledger.rounds_path(project.root).read_text())
    assert sorted((r.story, r.round, r.verdict) for r in jsonl) == sorted(
        (r.story, r.round, record.LEDGER_VERDICT[r.result]) for r in qa.rounds)
    assert Path(record_file(project)).read_text().count("\n| E1-S") == 40  # 8 + 32 rows


def test_the_board_commands_refuse_a_directory_that_is_no_project(
        board: Project, tmp_path: Path) -> None:
    """A CI job run in the wrong directory fails instead of linting an empty board clean;
    --project names the board from anywhere."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = gaia_env()
    for args in (("qa-gate", "lint"), ("qa-gate", "status")):
        done = run_gaia(*args, cwd=elsewhere, env=env)
        assert (done.returncode, done.stdout) == (2, ""), args
        assert done.stderr == (f"qa-gate: no gaia project at {elsewhere} (no .gaia/ directory): "
                               "run it in the project, pass --project DIR, or run `gaia init` "
                               "first\n")
    done = run_gaia("qa-gate", "lint", "--project", str(board.root), cwd=elsewhere, env=env)
    assert (done.returncode, done.stdout) == (0, "QA gating lint: OK (4 stories)\n")


def test_a_verdict_for_a_story_no_file_has_is_refused_and_writes_nothing(board: Project) -> None:
    before = sorted(p.relative_to(board.root) for p in board.root.rglob("*") if p.is_file())
    for typo in ("e1-s2", "E99-S1"):
        refused = gaia(board, "qa-record", typo, "--result", "pass")
        assert (refused.returncode, refused.stdout, refused.stderr) == (
            2, "", f"qa-record: no story {typo} in this project\n")
    after = sorted(p.relative_to(board.root) for p in board.root.rglob("*") if p.is_file())
    assert after == before
    assert gaia(board, "qa-record", "E1-S2", "--result", "pass").returncode == 0
