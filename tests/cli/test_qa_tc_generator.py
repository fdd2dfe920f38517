"""`gaia qa-tc-generator`: upstream's flags, the test-case file, idempotence, exit codes."""

from __future__ import annotations

import json

import pytest

from helpers.projects import Project, run_gaia

ACS = ("- [ ] **AC1:** Given a valid email, when the user signs up, then the account is created.\n"
       "- AC2: Given an invalid email, when the user signs up, then a 422 error is returned.\n"
       "- [ ] AC-EC1: Given a 255-character email, when the user signs up, then it is accepted.\n")


def test_one_case_per_ac_then_idempotent(project: Project) -> None:
    story = project.add_story("E1-S1", acs=ACS, priority="P0")
    done = run_gaia("qa-tc-generator", "--story", str(story), "--output", "tc.json",
                    cwd=project.root)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    out = project.root / "tc.json"
    rows = json.loads(out.read_text())
    assert [(r["tc_id"], r["ac_ref"]) for r in rows] == [
        ("TC-E1-S1-1", "AC1"), ("TC-E1-S1-2", "AC2"), ("TC-E1-S1-3", "AC-EC1")]
    assert rows[1]["given"] == "an invalid email" and rows[1]["priority"] == "P0"
    first = out.read_bytes()
    assert run_gaia("qa-tc-generator", "--story", str(story), "--output", "tc.json",
                    cwd=project.root).returncode == 0
    assert out.read_bytes() == first


def test_existing_rows_are_kept_and_numbering_continues(project: Project) -> None:
    story = project.add_story("E1-S1", acs=ACS)
    kept = {"tc_id": "TC-E1-S1-7", "ac_ref": "AC2", "description": "mine", "given": "g",
            "when": "w", "then": "t", "type": "Unit"}
    (project.root / "tc.json").write_text(json.dumps([kept]))
    assert run_gaia("qa-tc-generator", "--story", str(story), "--output", "tc.json",
                    cwd=project.root).returncode == 0
    rows = json.loads((project.root / "tc.json").read_text())
    by_ac = {r["ac_ref"]: r for r in rows}
    assert by_ac["AC2"]["tc_id"] == "TC-E1-S1-7" and by_ac["AC2"]["description"] == "mine"
    assert sorted(r["tc_id"] for r in rows) == ["TC-E1-S1-7", "TC-E1-S1-8", "TC-E1-S1-9"]


@pytest.mark.parametrize(
    ("argv", "content", "message"),
    [
        (["--story", "s.md"], None, "--story and --output are required"),
        (["--story", "missing.md", "--output", "o.json"], None, "story file not found"),
        (["--story", "s.md", "--output", "o.json"], "{}", "o.json: must hold a JSON array"),
        (["--story", "s.md", "--output", "o.json"], "[", "o.json: not readable JSON"),
        (["--story", "s.md", "--output", "o.json", "--x"], None, "unrecognized arguments: --x"),
        # a typo in the output's directory makes no directory, as upstream's mv into it fails
        (["--story", "s.md", "--output", "nodir/sub/o.json"], None,
         "--output nodir/sub/o.json: no such directory nodir/sub"),
    ],
)
def test_every_error_exits_2_in_one_line(project: Project, argv: list[str], content: str | None,
                                         message: str) -> None:
    project.write("s.md", "---\nkey: E1-S1\nstatus: review\n---\n\n## Acceptance Criteria\n\n"
                  "- AC1: Given a, when b, then c.\n")
    if content is not None:
        project.write("o.json", content)
    done = run_gaia("qa-tc-generator", *argv, cwd=project.root)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(f"qa-tc-generator: {message}"), done.stderr
    assert done.stderr.count("\n") == 1
    if content is not None:
        assert (project.root / "o.json").read_text() == content  # nothing half-written
    assert not (project.root / "nodir").exists()
