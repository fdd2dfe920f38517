from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest

from gaia_lib.core import locks, writes
from gaia_lib.core.errors import GaiaError
from gaia_lib.qa_gating import transition
from gaia_lib.qa_gating.transition import Request, transition_story
from helpers.projects import Project
from helpers.status_world import index_of, make_world, passed_gate

# ------------------------------------------------------------------ pure text edits


def test_set_story_status_rewrites_only_the_two_status_lines() -> None:
    text = "---\nkey: E1-S1\nstatus: in-progress\nnested:\n  status: keep\n---\n\n" \
        "> **Status:** in-progress\n\nstatus: body text stays\n> **Status:** second stays\n"
    assert transition.set_story_status(text, "review") == (
        "---\nkey: E1-S1\nstatus: review\nnested:\n  status: keep\n---\n\n"
        "> **Status:** review\n\nstatus: body text stays\n> **Status:** second stays\n"
    )


def test_set_story_status_keeps_crlf() -> None:
    text = "---\r\nstatus: 'ready-for-dev'\r\n---\r\n>  **Status:** ready-for-dev\r\nx\r\n"
    assert transition.set_story_status(text, "in-progress") == (
        "---\r\nstatus: in-progress\r\n---\r\n> **Status:** in-progress\r\nx\r\n"
    )


def test_set_story_status_without_body_line_changes_frontmatter_only() -> None:
    assert transition.set_story_status("---\nstatus: a\n---\nbody\n", "b") == (
        "---\nstatus: b\n---\nbody\n"
    )


@pytest.mark.parametrize(
    "text", ["no frontmatter\n", "---\nstatus: a\n", "---\nkey: E1-S1\n---\n> **Status:** a\n"]
)
def test_set_story_status_malformed_is_exit_4(text: str) -> None:
    with pytest.raises(GaiaError) as err:
        transition.set_story_status(text, "review")
    assert err.value.exit_code == 4


def test_set_block_status_replaces_in_the_right_block_only() -> None:
    text = "### Story E1-S10: other\n- **Status:** backlog\n### Story E1-S1: mine\n" \
        "- **Priority:** P1\n- **Status:** backlog\n\n## E2\n- **Status:** backlog\n"
    assert transition.set_block_status(text, "E1-S1", "review", insert=True) == (
        "### Story E1-S10: other\n- **Status:** backlog\n### Story E1-S1: mine\n"
        "- **Priority:** P1\n- **Status:** review\n\n## E2\n- **Status:** backlog\n"
    )


def test_set_block_status_inserts_after_last_content_line() -> None:
    text = "### Story E1-S1: mine\r\n- **Priority:** P1\r\n\r\n### Story E1-S2: next\r\n"
    assert transition.set_block_status(text, "E1-S1", "done", insert=True) == (
        "### Story E1-S1: mine\r\n- **Priority:** P1\r\n- **Status:** done\r\n\r\n"
        "### Story E1-S2: next\r\n"
    )


def test_set_block_status_at_eof_without_newline() -> None:
    assert transition.set_block_status("### Story E1-S1: x", "E1-S1", "done", insert=True) == (
        "### Story E1-S1: x\n- **Status:** done\n"
    )


def test_set_block_status_without_insert_leaves_block_alone() -> None:
    text = "### Story E1-S1: x\n- **Priority:** P1\n"
    assert transition.set_block_status(text, "E1-S1", "done", insert=False) == text


def test_set_block_status_absent_block_is_none() -> None:
    assert transition.set_block_status("### Story E1-S10: x\n", "E1-S1", "done", True) is None


VALUES = {"story_key": "E1-S1", "title": 'Say "hi"', "epic": "E1", "priority": "P1",
          "risk": "", "author": "dev", "file": "E1-S1-x.md", "status": "review"}
BLOCK = (
    '  E1-S1:\n    story_key: "E1-S1"\n    title: "Say \\"hi\\""\n    epic: "E1"\n'
    '    priority: "P1"\n    risk: ""\n    author: "dev"\n    file: "E1-S1-x.md"\n'
    '    status: "review"\n'
)


def test_set_index_entry_creates_file() -> None:
    assert transition.set_index_entry(None, "E1-S1", VALUES, "T") == (
        '# Auto-maintained by gaia transition-story-status.\nlast_updated: "T"\nstories:\n'
        + BLOCK
    )


def test_set_index_entry_replaces_entry_and_keeps_neighbours() -> None:
    text = 'last_updated: "old"\nstories:\n  E1-S0:\n    status: "done"\n\n  E1-S1:\n' \
        '    status: "backlog"\n    stale: "x"\n\n  E1-S2:\n    status: "backlog"\nother: 1\n'
    assert transition.set_index_entry(text, "E1-S1", VALUES, "T") == (
        'last_updated: "old"\nstories:\n  E1-S0:\n    status: "done"\n\n' + BLOCK
        + '\n  E1-S2:\n    status: "backlog"\nother: 1\n'
    )


def test_set_index_entry_appends_inside_stories_section() -> None:
    text = 'stories:\n  E1-S0:\n    status: "done"\n\nother: 1\n'
    assert transition.set_index_entry(text, "E1-S1", VALUES, "T") == (
        'stories:\n  E1-S0:\n    status: "done"\n' + BLOCK + "\nother: 1\n"
    )


def test_set_index_entry_adds_stories_section() -> None:
    assert transition.set_index_entry("x: 1", "E1-S1", VALUES, "T") == "x: 1\nstories:\n" + BLOCK


def test_index_entry_is_valid_yaml() -> None:
    from gaia_lib.core import yamlio

    loaded = yamlio.load(transition.set_index_entry(None, "E1-S1", VALUES, "T"), "index")
    assert loaded["stories"]["E1-S1"]["title"] == 'Say "hi"'


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("## E79 — Canonical Per-Epic Story-File Layout", "epic-E79-canonical-per-epic-story-file-layout"),
        ("## E1 — Core Signup (phase 1)", "epic-E1-core-signup"),
        ("## E2 — A/B: `tests` & more_stuff + x.y", "epic-E2-a-b-tests-more-stuff-x-y"),
        ("## E3 — " + "word " * 30, ("epic-E3-" + "word-" * 30)[:69]),
    ],
)
def test_epic_slug(heading: str, expected: object) -> None:
    assert transition.epic_slug(heading.split()[1], f"# t\n{heading}\n") == expected


def test_epic_slug_missing_heading() -> None:
    assert transition.epic_slug("E9", "## E1 — x\n") is None


def test_last_manual_test_verdict() -> None:
    ledger = "E1-S1\tmanual-test\tp1\tFAILED\nE1-S2\tmanual-test\tp\tPASSED\n" \
        "E1-S1\tmanual-test\tp2\tPASSED\nE1-S1\tcode\tp\tFAILED\n"
    assert transition.last_manual_test_verdict(ledger, "E1-S1") == "PASSED"
    assert transition.last_manual_test_verdict(ledger, "E1-S3") is None


# ------------------------------------------------------------------ the transition


def snapshot(files: dict[str, Path]) -> dict[str, bytes | None]:
    return {name: (p.read_bytes() if p.is_file() else None) for name, p in files.items()}


def test_every_write_place(project: Project) -> None:
    files = make_world(project)
    result = transition_story(project.root, Request("E1-S1", to="review"))
    assert (result.from_state, result.to_state, result.noop) == ("in-progress", "review", False)
    story = files["E1-S1"].read_text()
    assert "\nstatus: review\n" in story and "> **Status:** review\n" in story
    assert '  - key: "E1-S1"\n    title: "Story E1-S1"\n    status: "review"\n' in (
        files["yaml"].read_text()
    )
    assert files["yaml"].read_text().startswith("# sprint 7 — keep this comment\n")
    epics = files["epics"].read_text()
    assert "### Story E1-S1: Validate signup email\n- **Priority:** P1\n- **Status:** review\n" in epics
    assert "### Story E1-S1: Validate signup email\n- **Status:** review\n" in files["shard"].read_text()
    index = index_of(project)
    assert index.read_text().endswith(
        '  E1-S1:\n    story_key: "E1-S1"\n    title: "Validate signup email"\n    epic: "E1"\n'
        '    priority: "P1"\n    risk: "medium"\n    author: "dev"\n'
        '    file: "E1-S1-story-e1-s1.md"\n    status: "review"\n'
    )
    assert set(result.written) == {files["E1-S1"], files["yaml"], files["epics"], files["shard"],
                                   index}
    event = json.loads((project.root / ".gaia/memory/lifecycle-events.jsonl").read_text())
    assert event["event_type"] == "state_transition"
    assert event["story_key"] == "E1-S1"
    assert event["data"] == {"from": "in-progress", "to": "review"}
    assert (project.root / ".gaia/memory/.story-status.lock").exists()


def test_other_bytes_are_untouched_crlf(project: Project) -> None:
    files = make_world(project, epics=True, shard=False)
    crlf = files["E1-S1"].read_bytes().replace(b"\n", b"\r\n")
    files["E1-S1"].write_bytes(crlf)
    transition_story(project.root, Request("E1-S1", to="blocked"))
    expected = crlf.replace(b"\r\nstatus: in-progress\r\n", b"\r\nstatus: blocked\r\n").replace(
        b"> **Status:** in-progress\r\n", b"> **Status:** blocked\r\n"
    )
    assert files["E1-S1"].read_bytes() == expected


def test_epics_block_status_inserted_when_missing(project: Project) -> None:
    files = make_world(project, {"E1-S1": "in-progress", "E1-S2": "ready-for-dev"})
    transition_story(project.root, Request("E1-S2", to="in-progress"))
    assert "### Story E1-S2: Confirm email\n- **Priority:** P2\n- **Status:** in-progress\n\n## E2" in (
        files["epics"].read_text()
    )


def test_noop_writes_nothing(project: Project) -> None:
    files = make_world(project)
    before = snapshot(files)
    result = transition_story(project.root, Request("E1-S1", to="in-progress"))
    assert result.noop and result.written == []
    assert snapshot(files) == before
    assert not index_of(project).exists()


def test_reconcile_only_replays_current_status(project: Project) -> None:
    files = make_world(project)
    files["shard"].write_text(files["shard"].read_text().replace(
        "- **Status:** in-progress", "- **Status:** backlog", 1))
    result = transition_story(project.root, Request("E1-S1", reconcile_only=True))
    assert (result.from_state, result.to_state) == ("in-progress", "in-progress")
    assert "### Story E1-S1: Validate signup email\n- **Status:** in-progress" in (
        files["shard"].read_text()
    )
    assert index_of(project).exists()
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, Request("E1-S1", to="review", reconcile_only=True))
    assert err.value.exit_code == 1


def test_missing_sprint_yaml_and_entry_are_skipped(project: Project) -> None:
    files = make_world(project, sprint=False)
    result = transition_story(project.root, Request("E1-S1", to="review"))
    assert files["E1-S1"].read_text().count("review") >= 2
    assert result.notes == []  # backlog story (sprint_id null): skipped quietly
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, Request("E1-S1", to="blocked", require_sprint_entry=True))
    assert err.value.exit_code == 1


@pytest.mark.parametrize(("yaml", "why"), [
    ("- just\n- a list\n", "expected a mapping at the top level"),
    ('sprint_id: "s1"\nstories: "oops"\n', "'stories' must be a list"),
    ("stories: [unclosed\n", "invalid YAML"),
])
def test_a_sprint_status_it_cannot_read_refuses_the_transition(
        project: Project, yaml: str, why: str) -> None:
    # Passed over, the story and the epics index would move on and the sprint would not.
    files = make_world(project)
    files["yaml"].write_text(yaml)
    before = snapshot(files)
    with pytest.raises(GaiaError, match=re.escape(why)) as err:
        transition_story(project.root, Request("E1-S1", to="review"))
    assert err.value.exit_code == 8
    assert snapshot(files) == before


def test_sprint_bound_story_without_entry_is_noted(project: Project) -> None:
    files = make_world(project, {"E1-S1": "in-progress"})
    files["E1-S1"].write_text(files["E1-S1"].read_text().replace("sprint_id: null", "sprint_id: s9"))
    files["yaml"].write_text('sprint_id: "s9"\nstatus: active\nstories: []\n')
    result = transition_story(project.root, Request("E1-S1", to="review"))
    assert "story 'E1-S1' not present in sprint-status.yaml — skipping" in result.notes
    assert files["yaml"].read_text() == 'sprint_id: "s9"\nstatus: active\nstories: []\n'


@pytest.mark.parametrize(
    ("request_", "code", "message"),
    [
        (Request("../x", to="review"), 1, "invalid story key"),
        (Request("E1-S1/..", to="review"), 1, "invalid story key"),
        (Request("E1-S1\x00", to="review"), 1, "invalid story key"),
        (Request("E1-S1"), 1, "missing required --to"),
        (Request("E1-S1", to="PASSED"), 1, "invalid target state: 'PASSED'"),
        (Request("E1-S1", to="review", expected_from="nope"), 1, "invalid --from state"),
        (Request("E1-S1", to="review", expected_from="backlog"), 1,
         "expected current status 'backlog' but found 'in-progress'"),
        (Request("E9-S9", to="review"), 2, ""),
        (Request("E1-S1", to="done"), 7, "invalid transition: in-progress -> done"),
    ],
)
def test_refusals_write_nothing(project: Project, request_: Request, code: int, message: str) -> None:
    files = make_world(project)
    before = snapshot(files)
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, request_)
    assert err.value.exit_code == code
    assert message in err.value.message
    assert snapshot(files) == before


def test_ambiguous_story_is_exit_3(project: Project) -> None:
    make_world(project)
    project.add_story("E1-S1", slug="again", status="in-progress")
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, Request("E1-S1", to="review"))
    assert err.value.exit_code == 3


def test_missing_status_is_exit_4(project: Project) -> None:
    files = make_world(project)
    files["E1-S1"].write_text(files["E1-S1"].read_text().replace("status: in-progress\n", ""))
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, Request("E1-S1", to="review"))
    assert err.value.exit_code == 4


def test_missing_epic_for_flat_story_is_exit_4(project: Project) -> None:
    make_world(project, {})
    flat = project.add_story("E1-S3", slug="flat", layout="flat", status="in-progress")
    flat.write_text(flat.read_text().replace('epic: "E1"\n', ""))
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, Request("E1-S3", to="review"))
    assert err.value.exit_code == 4


def test_missing_epics_file_is_exit_5(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    files = make_world(project, epics=False)
    before = snapshot(files)
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, Request("E1-S1", to="review"))
    assert err.value.exit_code == 5
    monkeypatch.setenv("STORY_INDEX_YAML", str(project.root / ".gaia/state/idx.yaml"))
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, Request("E1-S1", to="review"))
    assert err.value.exit_code == 5
    assert snapshot(files) == before


def test_flat_story_index_uses_epic_slug(project: Project) -> None:
    make_world(project, {})
    project.add_story("E1-S3", slug="flat", layout="flat", status="in-progress")
    transition_story(project.root, Request("E1-S3", to="review"))
    index = project.impl / "epic-E1-core-signup" / "stories" / "story-index.yaml"
    assert '    file: "../../E1-S3-flat.md"\n' in index.read_text()


def test_a_per_story_layout_epic_keeps_its_index_at_its_root(project: Project) -> None:
    """Upstream's per-story layout (`epic-*/<key>-*/story.md`) reads story-index.yaml at the
    epic's root, its `file:` relative to it."""
    make_world(project, {})
    story = project.add_story("E1-S3", slug="thing", layout="per-story", status="in-progress")
    transition_story(project.root, Request("E1-S3", to="review"))
    epic = story.parent.parent
    assert '    file: "E1-S3-thing/story.md"\n' in (epic / "story-index.yaml").read_text()
    nested = epic / "stories" / "story-index.yaml"  # the epic's nested stories' index
    assert not nested.exists() or "E1-S3" not in nested.read_text()


def test_flat_story_with_unknown_epic_heading_is_exit_1(project: Project) -> None:
    make_world(project, {})
    project.add_story("E7-S1", slug="flat", layout="flat", status="in-progress")
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, Request("E7-S1", to="review"))
    assert err.value.exit_code == 1
    assert "## E7 — <title>" in err.value.message


def test_lock_timeout_is_exit_6(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    files = make_world(project)
    before = snapshot(files)
    monkeypatch.setenv(transition.LOCK_TIMEOUT_ENV, "0.2")
    with locks.locked(transition.lock_target(project.root)):
        with pytest.raises(GaiaError) as err:
            transition_story(project.root, Request("E1-S1", to="review"))
    assert err.value.exit_code == 6
    assert snapshot(files) == before


def test_review_to_done_needs_complete_gate(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    files = make_world(project, {"E1-S1": "review"})
    before = snapshot(files)
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, Request("E1-S1", to="done"))
    assert err.value.exit_code == 8
    assert "composite Review Gate is not COMPLETE for E1-S1: PENDING" in err.value.message
    assert snapshot(files) == before
    monkeypatch.setenv(transition.GATE_BYPASS_ENV, "1")
    result = transition_story(project.root, Request("E1-S1", to="done"))
    assert result.to_state == "done"
    assert any("bypassed by GAIA_ALLOW_REVIEW_TO_DONE_WITHOUT_GATE=1" in n for n in result.notes)


def test_failed_gate_row_blocks(project: Project) -> None:
    files = make_world(project, {"E1-S1": "review"})
    text = files["E1-S1"].read_text().replace(
        "| Code Review | UNVERIFIED |", "| Code Review | FAILED |")
    files["E1-S1"].write_text(text)
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, Request("E1-S1", to="done"))
    assert "BLOCKED (blocking: Code Review;" in err.value.message


def _with_passed_gate(path: Path, extra: str = "") -> None:
    from helpers.projects import REVIEW_GATE_BLOCK

    text = path.read_text().replace(REVIEW_GATE_BLOCK, passed_gate())
    if extra:
        text = text.replace("priority_flag: null\n", f"priority_flag: null\n{extra}", 1)
    path.write_text(text)


def test_complete_gate_allows_done(project: Project) -> None:
    files = make_world(project, {"E1-S1": "review"})
    _with_passed_gate(files["E1-S1"])
    result = transition_story(project.root, Request("E1-S1", to="done"))
    assert result.notes == []
    assert "\nstatus: done\n" in files["E1-S1"].read_text()


def test_manual_verification_advisory_warns_gating_refuses(project: Project) -> None:
    files = make_world(project, {"E1-S1": "review"})
    _with_passed_gate(files["E1-S1"], "manual_verification: true\n")
    before = snapshot(files)
    project.write(".gaia/config/project-config.yaml", "review_gate:\n  manual_test_mode: gating\n")
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, Request("E1-S1", to="done"))
    assert err.value.exit_code == 8
    assert "last manual-test ledger verdict is absent" in err.value.message
    assert snapshot(files) == before
    project.write(".gaia/state/.review-gate-ledger", "E1-S1\tmanual-test\tp1\tPASSED\n")
    assert transition_story(project.root, Request("E1-S1", to="done")).notes == []


def test_manual_verification_advisory_mode_only_warns(project: Project) -> None:
    files = make_world(project, {"E1-S1": "review"})
    _with_passed_gate(files["E1-S1"], "manual_verification: true\n")
    result = transition_story(project.root, Request("E1-S1", to="done"))
    assert result.notes == [
        "WARNING: manual_verification is set for E1-S1 but the last manual-test ledger verdict "
        "is absent (needs PASSED)"
    ]


def test_multiple_shards_refuse_before_writing(project: Project) -> None:
    files = make_world(project)
    project.write(".gaia/artifacts/planning-artifacts/epics/other-E1-dup.md", "x\n")
    before = snapshot(files)
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, Request("E1-S1", to="review"))
    assert err.value.exit_code == 8
    assert "multiple shards match e1" in err.value.message
    assert snapshot(files) == before


@pytest.mark.parametrize("failing", ["yaml", "epics", "shard", "index"])
def test_failure_mid_way_restores_every_file_byte_identical(project: Project, monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    files = make_world(project)
    files["E1-S1"].write_bytes(files["E1-S1"].read_bytes().replace(b"\n", b"\r\n"))
    files["index"] = index_of(project)
    before = snapshot(files)
    real_write = writes.write_text

    def flaky(path: Path, text: str, project_: Path | None = None) -> None:
        if Path(path) == files[failing]:
            raise OSError(28, "No space left on device")
        real_write(path, text, project_)

    monkeypatch.setattr(writes, "write_text", flaky)
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, Request("E1-S1", to="review"))
    assert err.value.exit_code == 8
    assert "rolled back partial transition for E1-S1" in err.value.message
    assert "No space left on device" in err.value.message
    assert snapshot(files) == before
    assert not (project.root / ".gaia/memory/lifecycle-events.jsonl").exists()


def test_rollback_removes_created_index(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    files = make_world(project)
    # the index's parent is a file: creating the index fails after every other write
    blocker = project.impl / "blocker"
    blocker.write_text("not a dir\n")
    monkeypatch.setenv("STORY_INDEX_YAML", str(blocker / "story-index.yaml"))
    before = snapshot(files)
    with pytest.raises(GaiaError) as err:
        transition_story(project.root, Request("E1-S1", to="review"))
    assert err.value.exit_code == 8
    assert snapshot(files) == before


def test_event_failure_is_only_a_note(project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    make_world(project)
    from gaia_lib.core import lifecycle

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk gone")

    monkeypatch.setattr(lifecycle, "emit", broken)
    result = transition_story(project.root, Request("E1-S1", to="review"))
    assert result.notes == ["WARNING: lifecycle event not recorded: disk gone"]


def test_concurrent_transitions_in_threads_lose_nothing(project: Project) -> None:
    keys_ = [f"E1-S{n}" for n in range(1, 17)]
    files = make_world(project, dict.fromkeys(keys_, "ready-for-dev"))
    errors: list[BaseException] = []

    def work(key: str) -> None:
        try:
            transition_story(project.root, Request(key, to="in-progress"))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(k,)) for k in keys_]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    text = files["yaml"].read_text()
    for key in keys_:
        assert f'  - key: "{key}"\n    title: "Story {key}"\n    status: "in-progress"\n' in text
    index = index_of(project).read_text()
    assert index.count('    status: "in-progress"\n') == 16


def test_qa_gate_off_stops_the_qa_row_holding_review_to_done(project: Project) -> None:
    from gaia_lib.qa_gating import mode

    files = make_world(project, {"E1-S1": "review"})
    _with_passed_gate(files["E1-S1"])
    text = files["E1-S1"].read_text().replace("| QA Tests | PASSED |", "| QA Tests | FAILED |")
    files["E1-S1"].write_text(text)
    with pytest.raises(GaiaError, match="blocking: QA Tests"):
        transition_story(project.root, Request("E1-S1", to="done"))
    mode.set_mode(project.root, "epic", "E1", "off", "prototype epic")
    result = transition_story(project.root, Request("E1-S1", to="done"))
    assert result.notes == ["QA Tests row not holding review -> done: QA gating is waived "
                            "(epic E1: prototype epic)"]
    assert "| QA Tests | FAILED |" in files["E1-S1"].read_text()  # the row stays


def test_a_current_qa_fail_holds_review_to_done_whatever_the_gate_row_reads(
        project: Project) -> None:
    from gaia_lib.qa_gating import mode, record

    files = make_world(project, {"E1-S1": "review"})
    _with_passed_gate(files["E1-S1"])  # QA Tests PASSED: round 1
    record.record(project.root, record.Request("E1-S1", "fail"))  # `gaia qa-record`: round 1
    before = files["E1-S1"].read_text()
    with pytest.raises(GaiaError, match=r"the current QA verdict of E1-S1 is fail \(round 1, "
                                        r".*test-status.md\), whatever its QA Tests row reads"):
        transition_story(project.root, Request("E1-S1", to="done"))
    assert files["E1-S1"].read_text() == before
    mode.set_mode(project.root, "story", "E1-S1", "off", "accepted as is")  # an exit: it goes
    transition_story(project.root, Request("E1-S1", to="done"))
    assert "\nstatus: done\n" in files["E1-S1"].read_text()


def test_qa_gate_off_never_releases_another_gate(project: Project) -> None:
    from gaia_lib.qa_gating import mode

    files = make_world(project, {"E1-S1": "review"})
    _with_passed_gate(files["E1-S1"])
    text = files["E1-S1"].read_text().replace("| Code Review | PASSED |",
                                              "| Code Review | FAILED |")
    files["E1-S1"].write_text(text)
    mode.set_mode(project.root, "story", "E1-S1", "off", "r")
    with pytest.raises(GaiaError, match="blocking: Code Review"):
        transition_story(project.root, Request("E1-S1", to="done"))


def test_a_new_story_block_goes_to_the_end_of_its_epics_section() -> None:
    fields = (("Status", "backlog"), ("Priority", "P1"))
    index = ("# Epics and Stories — shop\r\n\r\n## Epic E1: Cart\r\n\r\nBuy things.\r\n\r\n"
             "### Story E1-S1: Add\r\n\r\n- **Status:** done\r\n\r\n## Epic E2: Pay\r\n")
    added = transition.add_story_block(index, "E1-S2", "E1", "Remove", fields)
    assert added == ("# Epics and Stories — shop\r\n\r\n## Epic E1: Cart\r\n\r\nBuy things.\r\n\r\n"
                     "### Story E1-S1: Add\r\n\r\n- **Status:** done\r\n\r\n"
                     "### Story E1-S2: Remove\r\n\r\n- **Status:** backlog\r\n"
                     "- **Priority:** P1\r\n\r\n## Epic E2: Pay\r\n")
    assert transition.add_story_block(added, "E1-S2", "E1", "Again", fields) is None
    empty = "# Epics and Stories — shop\n\nNo epics yet.\n"
    assert transition.add_story_block(empty, "E3-S1", "E3", "New", fields) == (
        "# Epics and Stories — shop\n\n## Epic E3\n\n### Story E3-S1: New\n\n"
        "- **Status:** backlog\n- **Priority:** P1\n")
