from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gaia_lib.core.errors import GaiaError, MalformedFile, NotFound
from gaia_lib.story import sprint
from helpers.projects import Project
from helpers.status_world import make_world, sprint_yaml

# ------------------------------------------------------------------ location


def test_yaml_path_precedence(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    root = project.root
    canonical = root / ".gaia/state/sprint-status.yaml"
    assert sprint.yaml_path(root) == canonical  # default even when absent
    legacy = project.write("docs/implementation-artifacts/sprint-status.yaml", "x: 1\n")
    assert sprint.yaml_path(root) == legacy
    impl = project.write(".gaia/artifacts/implementation-artifacts/sprint-status.yaml", "x: 1\n")
    assert sprint.yaml_path(root) == impl
    project.write(".gaia/state/sprint-status.yaml", "x: 1\n")
    assert sprint.yaml_path(root) == canonical
    monkeypatch.setenv("SPRINT_STATUS_YAML", "custom/s.yaml")
    assert sprint.yaml_path(root) == root / "custom/s.yaml"
    monkeypatch.setenv("SPRINT_STATUS_YAML", "/abs/s.yaml")
    assert sprint.yaml_path(root) == Path("/abs/s.yaml")


# ------------------------------------------------------------------ parsing


def test_parse_entries_and_top_level(tmp_path: Path) -> None:
    parsed = sprint.parse(sprint_yaml({"E1-S1": "review", "E1-S2": "done"}), tmp_path / "s")
    assert parsed.sprint_id == "sprint-7" and parsed.status == "active"
    assert parsed.entries == (sprint.SprintEntry("E1-S1", "review"),
                              sprint.SprintEntry("E1-S2", "done"))
    assert parsed.entry("E1-S2") == sprint.SprintEntry("E1-S2", "done")
    assert parsed.entry("E1-S3") is None


def test_parse_items_seed_and_empty(tmp_path: Path) -> None:
    assert sprint.parse('sprint_id: "s"\nstatus: planned\nitems: []\n', tmp_path).entries == ()
    assert sprint.parse("", tmp_path).sprint_id is None


@pytest.mark.parametrize("text", ["- a\n", "stories: 3\n", "a: [\n", "a: &x 1\nb: *x\n"])
def test_parse_malformed(tmp_path: Path, text: str) -> None:
    with pytest.raises(MalformedFile):
        sprint.parse(text, tmp_path / "s.yaml")


def test_load_missing(tmp_path: Path) -> None:
    with pytest.raises(NotFound):
        sprint.load(tmp_path / "nope.yaml")


# ------------------------------------------------------------------ line edits


def test_set_story_status_text_touches_one_line() -> None:
    text = sprint_yaml({"E1-S1": "review", "E1-S10": "review"})
    out = sprint.set_story_status_text(text, "E1-S1", "done")
    assert out == text.replace(
        '  - key: "E1-S1"\n    title: "Story E1-S1"\n    status: "review"',
        '  - key: "E1-S1"\n    title: "Story E1-S1"\n    status: "done"',
    )
    assert out.count('status: "review"') == 1


def test_set_story_status_text_keeps_crlf_comment_and_nested_status() -> None:
    text = "stories:\r\n- key: E1-S1\r\n  review:\r\n    status: keep\r\n" \
        "  status: 'backlog'   # moved by sprint plan\r\n- key: E1-S2\r\n  status: backlog\r\n"
    assert sprint.set_story_status_text(text, "E1-S1", "ready-for-dev") == (
        "stories:\r\n- key: E1-S1\r\n  review:\r\n    status: keep\r\n"
        '  status: "ready-for-dev"   # moved by sprint plan\r\n- key: E1-S2\r\n  status: backlog\r\n'
    )


def test_set_story_status_text_inserts_missing_status() -> None:
    text = 'stories:\n  - key: "E1-S1"\n    title: "x"\nother: 1\n'
    assert sprint.set_story_status_text(text, "E1-S1", "review") == (
        'stories:\n  - key: "E1-S1"\n    status: "review"\n    title: "x"\nother: 1\n'
    )


def test_set_story_status_text_absent_entry() -> None:
    assert sprint.set_story_status_text("stories: []\n", "E1-S1", "done") is None


def test_set_sprint_status_text() -> None:
    text = 'sprint_id: "s"\nstatus: "active"  # now\nstories:\n  - key: K\n    status: x\n'
    assert sprint.set_sprint_status_text(text, "review") == (
        'sprint_id: "s"\nstatus: review  # now\nstories:\n  - key: K\n    status: x\n'
    )
    assert sprint.set_sprint_status_text("sprint_id: s\n", "review") is None


# ------------------------------------------------------------------ get / validate


def test_story_status_and_validate(project: Project) -> None:
    files = make_world(project, {"E1-S1": "review", "E1-S2": "backlog"})
    assert sprint.story_status(project.root, "E1-S1") == "review"
    assert sprint.validate(project.root, "E1-S1") == "review"
    files["yaml"].write_text(files["yaml"].read_text().replace('"review"', '"done"'))
    with pytest.raises(GaiaError) as err:
        sprint.validate(project.root, "E1-S1")
    assert err.value.message == (
        "drift detected for E1-S1: story file says 'review', sprint-status.yaml says 'done'"
    )
    files["yaml"].write_text('sprint_id: "s"\nstatus: active\nstories: []\n')
    with pytest.raises(NotFound):
        sprint.validate(project.root, "E1-S1")
    with pytest.raises(GaiaError):
        sprint.story_status(project.root, "../E1-S1")


# ------------------------------------------------------------------ sprint transitions


@pytest.mark.parametrize(
    ("start", "to"),
    [("planned", "active"), ("review", "correction"), ("correction", "active")],
)
def test_sprint_edges(project: Project, start: str, to: str) -> None:
    files = make_world(project, {"E1-S1": "done"})
    files["yaml"].write_text(sprint_yaml({"E1-S1": "done"}, status=start))
    assert sprint.transition_sprint(project.root, "sprint-7", to) == (start, to)
    assert files["yaml"].read_text() == sprint_yaml({"E1-S1": "done"}, status=to)
    event = json.loads((project.root / ".gaia/memory/lifecycle-events.jsonl").read_text())
    assert event["event_type"] == "sprint_transitioned"
    assert event["data"] == {"sprint_id": "sprint-7", "from": start, "to": to}


def test_active_to_review_needs_every_story_done(project: Project) -> None:
    files = make_world(project, {"E1-S1": "done", "E1-S2": "review"})
    with pytest.raises(GaiaError) as err:
        sprint.transition_sprint(project.root, "sprint-7", "review")
    assert err.value.message == "refuse active→review: 1 sprint stories are non-done (E1-S2)"
    files["yaml"].write_text(sprint_yaml({"E1-S1": "done", "E1-S2": "done"}))
    assert sprint.transition_sprint(project.root, "sprint-7", "review") == ("active", "review")


def test_review_to_closed_needs_val_sentinel(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    files = make_world(project, {"E1-S1": "done"})
    files["yaml"].write_text(sprint_yaml({"E1-S1": "done"}, status="review"))
    with pytest.raises(GaiaError) as err:
        sprint.transition_sprint(project.root, "sprint-7", "closed")
    assert "no sprint-review Val sentinel" in err.value.message
    ckpt = project.root / ".gaia/memory/checkpoints"
    (ckpt / "val-envelope-abc.json").write_text(json.dumps({"artifact_path": "sprint-7"}))
    assert sprint.transition_sprint(project.root, "sprint-7", "closed") == ("review", "closed")


def test_review_to_closed_dispatch_sentinel_and_bypass(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    files = make_world(project, {"E1-S1": "done"})
    files["yaml"].write_text(sprint_yaml({"E1-S1": "done"}, status="review"))
    ckpt = project.root / ".gaia/memory/checkpoints"
    (ckpt / "sprint-review-sprint-7-val-dispatched.json").write_text("{}")
    assert sprint.transition_sprint(project.root, "sprint-7", "closed")[1] == "closed"
    files["yaml"].write_text(sprint_yaml({"E1-S1": "done"}, sprint_id="s8", status="review"))
    monkeypatch.setenv(sprint.SENTINEL_BYPASS_ENV, "1")
    assert sprint.transition_sprint(project.root, "s8", "closed")[1] == "closed"


@pytest.mark.parametrize(
    ("sprint_id", "to", "message"),
    [
        ("sprint-7", "closed", "illegal sprint-level transition: active→closed"),
        ("sprint-7", "done", "unknown sprint state 'done'"),
        ("sprint-8", "review", "sprint-status.yaml holds sprint 'sprint-7', not 'sprint-8'"),
        ("../x", "review", "invalid sprint id"),
        ("a/b", "review", "invalid sprint id"),
        ("a..b", "review", "invalid sprint id"),
    ],
)
def test_sprint_refusals_leave_yaml_alone(project: Project, sprint_id: str, to: str, message: str) -> None:
    files = make_world(project, {"E1-S1": "done"})
    before = files["yaml"].read_bytes()
    with pytest.raises(GaiaError) as err:
        sprint.transition_sprint(project.root, sprint_id, to)
    assert message in err.value.message
    assert err.value.exit_code == 1
    assert files["yaml"].read_bytes() == before


def test_sprint_without_status_line(project: Project) -> None:
    files = make_world(project)
    files["yaml"].write_text('sprint_id: "sprint-7"\nstories: []\n')
    with pytest.raises(MalformedFile):
        sprint.transition_sprint(project.root, "sprint-7", "active")


# ------------------------------------------------------------------ reconcile


def test_reconcile_dry_run_then_update(project: Project) -> None:
    files = make_world(project, {"E1-S1": "review", "E1-S2": "done"})
    drifted = sprint_yaml({"E1-S1": "in-progress", "E1-S2": "done"})
    files["yaml"].write_text(drifted)
    report = sprint.reconcile(project.root, dry_run=True)
    assert report.lines == ["RECONCILE: E1-S1 in-progress -> review [DRY-RUN]"]
    assert report.summary() == "RECONCILE SUMMARY: 2 stories checked, 1 divergences DETECTED"
    assert report.exit_code == 2
    assert files["yaml"].read_text() == drifted
    report = sprint.reconcile(project.root)
    assert report.lines == ["RECONCILE: E1-S1 in-progress -> review [UPDATED]"]
    assert report.exit_code == 0
    assert report.summary() == "RECONCILE SUMMARY: 2 stories checked, 1 divergences CORRECTED"
    assert files["yaml"].read_text() == sprint_yaml({"E1-S1": "review", "E1-S2": "done"})
    clean = sprint.reconcile(project.root)
    assert clean.summary() == "RECONCILE SUMMARY: 2 stories checked, 0 divergences — no drift"
    assert clean.lines == [] and clean.exit_code == 0


def test_reconcile_missing_story_is_an_error_but_others_are_fixed(project: Project) -> None:
    files = make_world(project, {"E1-S1": "review"})
    files["yaml"].write_text(sprint_yaml({"E1-S1": "backlog", "E1-S9": "backlog"}))
    report = sprint.reconcile(project.root)
    assert report.lines == [
        "RECONCILE: E1-S1 backlog -> review [UPDATED]",
        "RECONCILE: E1-S9 missing story file — skipped",
    ]
    assert report.exit_code == 1 and len(report.errors) == 1
    assert '"E1-S1"\n    title: "Story E1-S1"\n    status: "review"' in files["yaml"].read_text()


def test_reconcile_non_canonical_story_status(project: Project) -> None:
    files = make_world(project, {"E1-S1": "review"})
    files["E1-S1"].write_text(files["E1-S1"].read_text().replace("status: review", "status: PASSED"))
    report = sprint.reconcile(project.root)
    assert report.lines[0].startswith("RECONCILE: E1-S1 parse error — skipped")
    assert report.exit_code == 1


def test_reconcile_without_yaml(project: Project) -> None:
    with pytest.raises(NotFound):
        sprint.reconcile(project.root)


# ------------------------------------------------------------------ lint-dependencies


def _deps(path: Path, deps: str, ac_extra: str = "") -> None:
    text = re.sub(r"(?m)^depends_on: \[.*\]$", f"depends_on: [{deps}]", path.read_text())
    if ac_extra:
        text = text.replace("## Acceptance Criteria\n\n", f"## Acceptance Criteria\n\n{ac_extra}")
    path.write_text(text)


def test_lint_clean(project: Project) -> None:
    make_world(project, {"E1-S1": "done", "E1-S2": "backlog"})
    report = sprint.lint_dependencies(project.root)
    assert report.inversions == ()
    assert json.loads(report.as_json()) == {
        "sprint_id": "sprint-7", "stories_analyzed": 2, "inversions": [], "status": "clean",
    }
    assert report.as_text() == (
        "Dependency Inversion Lint — sprint-7\nStories analyzed: 2\n\n"
        "Result: CLEAN — no dependency inversions detected.\n"
    )


def test_lint_forward_external_and_heuristic(project: Project) -> None:
    files = make_world(project, {"E1-S1": "backlog", "E1-S2": "backlog", "E1-S3": "backlog"})
    _deps(files["E1-S1"], "E1-S2, E9-S9")
    _deps(files["E1-S2"], "E1-S1",
          "- [ ] **AC0:** Given the parser, when it uses the E1-S3 schema, then it works.\n")
    report = sprint.lint_dependencies(project.root)
    assert [(i.dependent, i.dependency, i.source, i.confidence) for i in report.inversions] == [
        ("E1-S1", "E1-S2", "depends_on", "explicit"),
        ("E1-S1", "E9-S9", "depends_on", "heuristic"),
        ("E1-S2", "E1-S3", "ac_text_scan", "heuristic"),
    ]
    assert report.inversions[0].suggested_reorder == "Move E1-S2 before E1-S1"
    assert report.inversions[1].suggested_reorder == "External dependency — E9-S9 not in current sprint"
    payload = json.loads(report.as_json())
    assert payload["status"] == "inversions_detected"
    assert "match_text" not in payload["inversions"][0]
    assert payload["inversions"][2]["match_text"].startswith("uses the E1-S3 schema")
    text = report.as_text()
    assert "INVERSIONS DETECTED:" in text
    assert "E1-S1        E1-S2        depends_on      explicit     Move E1-S2 before E1-S1" in text


def test_lint_bare_mention_without_trigger_is_not_a_reference(project: Project) -> None:
    files = make_world(project, {"E1-S1": "backlog", "E1-S2": "backlog"})
    _deps(files["E1-S1"], "", "- [ ] **AC0:** Given E1-S2 exists, when x, then y.\n")
    assert sprint.lint_dependencies(project.root).inversions == ()


def test_lint_errors(project: Project) -> None:
    files = make_world(project, {"E1-S1": "backlog"})
    with pytest.raises(GaiaError, match="does not match"):
        sprint.lint_dependencies(project.root, "other")
    files["yaml"].write_text(sprint_yaml({"E1-S1": "backlog", "E1-S4": "backlog"}))
    with pytest.raises(GaiaError, match="lint-dependencies analysis failed"):
        sprint.lint_dependencies(project.root)


# ------------------------------------------------------------------ check-deps / overrides


def test_check_deps(project: Project) -> None:
    from gaia_lib.story.parser import load_story

    files = make_world(project, {"E1-S1": "done", "E1-S2": "review", "E1-S3": "backlog"})
    _deps(files["E1-S3"], "E1-S1")
    assert sprint.check_deps(project.root, load_story(files["E1-S3"]), qa_hold=None).exit_code == 0
    _deps(files["E1-S3"], "E1-S1, E1-S2")
    result = sprint.check_deps(project.root, load_story(files["E1-S3"]), qa_hold=None)
    assert (result.not_done, result.exit_code) == ((("E1-S2", "review"),), 1)
    _deps(files["E1-S3"], "E1-S2, E7-S7, ../x")
    result = sprint.check_deps(project.root, load_story(files["E1-S3"]), qa_hold=None)
    assert (result.missing, result.not_done, result.exit_code) == (("E7-S7", "../x"), (), 2)


def test_record_override_appends(project: Project) -> None:
    files = make_world(project, {"E1-S1": "ready-for-dev", "E1-S2": "review"})
    _deps(files["E1-S1"], "E1-S2")
    first = sprint.record_override(project.root, "E1-S1", "  hotfix\n needed  ", qa_hold=None)
    assert first["reason"] == "hotfix needed"
    assert first["unmet_dependencies"] == [{"key": "E1-S2", "status": "review"}]
    sprint.record_override(project.root, "E1-S1", "again", qa_hold=None)
    lines = sprint.overrides_path(project.root).read_text().splitlines()
    assert [json.loads(line)["reason"] for line in lines] == ["hotfix needed", "again"]
    assert json.loads(lines[0]) == first
    assert first["story_key"] == "E1-S1" and first["format_version"] == 1


@pytest.mark.parametrize(("key", "reason"), [("E1-S1", "   "), ("E1-S1", "x" * 501), ("../E1", "r")])
def test_record_override_refusals(project: Project, key: str, reason: str) -> None:
    make_world(project)
    with pytest.raises(GaiaError):
        sprint.record_override(project.root, key, reason, qa_hold=None)
    assert not sprint.overrides_path(project.root).exists()
