from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from helpers.projects import Project, gaia_env, run_gaia
from helpers.status_world import make_world, sprint_yaml

PROG = "sprint-state"


def ss(project: Project, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return run_gaia(PROG, *args, cwd=project.root, env=gaia_env(project.root, **env))


def _deps(path: Path, deps: str) -> None:
    path.write_text(re.sub(r"(?m)^depends_on: \[.*\]$", f"depends_on: [{deps}]", path.read_text()))


def test_get_prints_story_file_status(project: Project) -> None:
    files = make_world(project, {"E1-S1": "review"})
    files["yaml"].write_text(sprint_yaml({"E1-S1": "backlog"}))
    result = ss(project, "get", "--story", "E1-S1")
    assert (result.returncode, result.stdout, result.stderr) == (0, "review\n", "")


def test_get_errors_are_exit_1(project: Project) -> None:
    make_world(project)
    for args in (("get",), ("get", "--story", "E9-S9"), ("get", "--story", "../x")):
        result = ss(project, *args)
        assert result.returncode == 1, args
        assert result.stderr.startswith(f"{PROG}: ") and len(result.stderr.splitlines()) == 1


def test_validate(project: Project) -> None:
    files = make_world(project, {"E1-S1": "review"})
    ok = ss(project, "validate", "--story", "E1-S1")
    assert (ok.returncode, ok.stdout, ok.stderr) == (0, "", "")
    files["yaml"].write_text(sprint_yaml({"E1-S1": "done"}))
    drift = ss(project, "validate", "--story", "E1-S1")
    assert drift.returncode == 1
    assert drift.stderr == (
        f"{PROG}: drift detected for E1-S1: story file says 'review', "
        "sprint-status.yaml says 'done'\n"
    )


def test_transition_story(project: Project) -> None:
    files = make_world(project, {"E1-S1": "in-progress"})
    result = ss(project, "transition", "--story", "E1-S1", "--to", "review")
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{PROG}: E1-S1 transitioned in-progress -> review\n"
    assert '    status: "review"' in files["yaml"].read_text()
    assert "- **Status:** review" in files["epics"].read_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--story", "E1-S1", "--to", "in-progress"), "already in state 'in-progress'"),
        (("--story", "E1-S1", "--to", "done"), "invalid transition: in-progress -> done"),
        (("--story", "E1-S1", "--to", "PASSED"), "invalid target state"),
        (("--story", "E1-S1"), "the following arguments are required: --to"),
        (("--to", "review"), "one of the arguments --story --sprint is required"),
        (("--story", "E1-S1", "--sprint", "s", "--to", "review"), "not allowed with argument"),
    ],
)
def test_transition_story_refusals_are_exit_1(project: Project, args: tuple[str, ...], message: str) -> None:
    files = make_world(project)
    before = files["yaml"].read_bytes(), files["E1-S1"].read_bytes()
    result = ss(project, "transition", *args)
    assert result.returncode == 1
    assert message in result.stderr
    assert (files["yaml"].read_bytes(), files["E1-S1"].read_bytes()) == before


def test_transition_story_needs_the_yaml_entry(project: Project) -> None:
    files = make_world(project)
    files["yaml"].write_text('sprint_id: "sprint-7"\nstatus: active\nstories: []\n')
    result = ss(project, "transition", "--story", "E1-S1", "--to", "review")
    assert result.returncode == 1
    assert "has no entry for E1-S1" in result.stderr
    # what to do: a story `gaia story new` wrote is in no sprint until one lists it
    assert ("(list it under `stories:` to plan it in a sprint, or walk a story no sprint "
            "holds with `gaia transition-story-status E1-S1 --to review`)") in result.stderr
    assert "\nstatus: in-progress\n" in files["E1-S1"].read_text()


def test_transition_story_gate_refusal_is_exit_1(project: Project) -> None:
    make_world(project, {"E1-S1": "review"})
    result = ss(project, "transition", "--story", "E1-S1", "--to", "done")
    assert result.returncode == 1
    assert "composite Review Gate is not COMPLETE" in result.stderr


def test_transition_sprint(project: Project) -> None:
    files = make_world(project, {"E1-S1": "done"})
    result = ss(project, "transition", "--sprint", "sprint-7", "--to", "review")
    assert (result.returncode, result.stdout) == (0, "")
    assert result.stderr == f"{PROG}: sprint sprint-7 transitioned active -> review\n"
    assert files["yaml"].read_text() == sprint_yaml({"E1-S1": "done"}, status="review")
    refused = ss(project, "transition", "--sprint", "sprint-7", "--to", "closed")
    assert refused.returncode == 1
    assert "no sprint-review Val sentinel" in refused.stderr
    illegal = ss(project, "transition", "--sprint", "sprint-7", "--to", "planned")
    assert illegal.returncode == 1
    assert illegal.stderr == f"{PROG}: illegal sprint-level transition: review→planned\n"
    hostile = ss(project, "transition", "--sprint", "../../etc", "--to", "closed")
    assert hostile.returncode == 1 and "invalid sprint id" in hostile.stderr


def test_reconcile_dry_run_exit_2_then_fix_exit_0(project: Project) -> None:
    files = make_world(project, {"E1-S1": "review", "E1-S2": "done"})
    files["yaml"].write_text(sprint_yaml({"E1-S1": "in-progress", "E1-S2": "done"}))
    dry = ss(project, "reconcile", "--dry-run")
    assert dry.returncode == 2
    assert dry.stdout == (
        "RECONCILE: E1-S1 in-progress -> review [DRY-RUN]\n"
        "RECONCILE SUMMARY: 2 stories checked, 1 divergences DETECTED\n"
    )
    fix = ss(project, "reconcile")
    assert fix.returncode == 0
    assert fix.stdout.splitlines()[0] == "RECONCILE: E1-S1 in-progress -> review [UPDATED]"
    assert files["yaml"].read_text() == sprint_yaml({"E1-S1": "review", "E1-S2": "done"})
    again = ss(project, "reconcile")
    assert again.stdout == "RECONCILE SUMMARY: 2 stories checked, 0 divergences — no drift\n"


def test_reconcile_errors_exit_1(project: Project) -> None:
    files = make_world(project, {"E1-S1": "review"})
    files["yaml"].write_text(sprint_yaml({"E1-S1": "review", "E3-S3": "backlog"}))
    result = ss(project, "reconcile")
    assert result.returncode == 1
    assert "RECONCILE: E3-S3 missing story file — skipped" in result.stdout
    files["yaml"].unlink()
    missing = ss(project, "reconcile")
    assert missing.returncode == 1 and "sprint-status.yaml not found" in missing.stderr


def test_lint_dependencies_json_and_text(project: Project) -> None:
    files = make_world(project, {"E1-S1": "backlog", "E1-S2": "backlog"})
    clean = ss(project, "lint-dependencies")
    assert clean.returncode == 0
    assert json.loads(clean.stdout)["status"] == "clean"
    _deps(files["E1-S1"], "E1-S2")
    found = ss(project, "lint-dependencies", "--format", "json")
    assert found.returncode == 2
    assert json.loads(found.stdout)["inversions"] == [{
        "dependent": "E1-S1", "dependency": "E1-S2", "source": "depends_on",
        "confidence": "explicit", "suggested_reorder": "Move E1-S2 before E1-S1",
    }]
    text = ss(project, "lint-dependencies", "--format", "text")
    assert text.returncode == 2
    assert text.stdout.startswith("Dependency Inversion Lint — sprint-7\nStories analyzed: 2\n")
    bad = ss(project, "lint-dependencies", "--format", "xml")
    assert bad.returncode == 1 and "invalid choice" in bad.stderr


def test_override_records_and_prints(project: Project) -> None:
    files = make_world(project, {"E1-S1": "ready-for-dev", "E1-S2": "review"})
    _deps(files["E1-S1"], "E1-S2")
    result = ss(project, "override", "--story", "E1-S1", "--reason", "hotfix for prod")
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    assert printed["story_key"] == "E1-S1" and printed["reason"] == "hotfix for prod"
    assert printed["unmet_dependencies"] == [{"key": "E1-S2", "status": "review"}]
    log = project.root / ".gaia/state/dependency-overrides.jsonl"
    assert [json.loads(line) for line in log.read_text().splitlines()] == [printed]
    for args in (("--story", "E1-S1"), ("--story", "../x", "--reason", "r"),
                 ("--story", "E1-S1", "--reason", " ")):
        refused = ss(project, "override", *args)
        assert refused.returncode == 1, args
    assert len(log.read_text().splitlines()) == 1


def test_check_deps_exit_codes(project: Project) -> None:
    files = make_world(project, {"E1-S1": "done", "E1-S2": "review", "E1-S3": "backlog"})
    story = str(files["E1-S3"])
    _deps(files["E1-S3"], "E1-S1")
    ok = ss(project, "check-deps", story)
    assert (ok.returncode, ok.stdout, ok.stderr) == (0, "", "")
    _deps(files["E1-S3"], "E1-S1, E1-S2")
    not_done = ss(project, "check-deps", story)
    assert not_done.returncode == 1
    assert not_done.stderr.splitlines() == [
        f"{PROG}: dependencies not in status: done", f"{PROG}:   E1-S2: review",
    ]
    _deps(files["E1-S3"], "E1-S2, E8-S8")
    missing = ss(project, "check-deps", story)
    assert missing.returncode == 2
    assert f"{PROG}:   E8-S8: no story file" in missing.stderr.splitlines()
    assert ss(project, "check-deps").returncode == 64
    assert ss(project, "check-deps", "nope.md").returncode == 64
    (project.root / "bad.md").write_text("no frontmatter\n")
    assert ss(project, "check-deps", "bad.md").returncode == 64
    # no status: unparseable, as check-deps has it, never "every dependency done"
    (project.root / "nostatus.md").write_text(
        '---\ntemplate: \'story\'\nkey: "E1-S9"\ndepends_on: ["E1-S1"]\n---\n')
    refused = ss(project, "check-deps", "nostatus.md")
    assert (refused.returncode, refused.stderr) == (
        64, f"{PROG}: nostatus.md: no status in the frontmatter\n")


def test_check_deps_with_an_overlong_dependency_key_reports_it_missing(project: Project) -> None:
    """A 5,000-character key used to reach the file system: `File name too long`, exit 70."""
    files = make_world(project, {"E1-S1": "done", "E1-S3": "backlog"})
    _deps(files["E1-S3"], "E1-S1, E1-S" + "1" * 5000)
    result = ss(project, "check-deps", str(files["E1-S3"]))
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    assert result.stderr.splitlines()[0] == f"{PROG}: missing dependency story file(s):"


def test_unknown_subcommand_and_help(project: Project) -> None:
    result = ss(project, "bogus")
    assert result.returncode == 1 and "invalid choice" in result.stderr
    assert ss(project).returncode == 1
    helped = ss(project, "--help")
    assert helped.returncode == 0 and "reconcile" in helped.stdout
