from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_lib.checkpoint import active
from gaia_lib.core import yolo
from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import session, step_boundary
from gaia_lib.story import sprint
from helpers.projects import Project

ENV: dict[str, str] = {"CLAUDE_CODE_SESSION_ID": "sess-1"}


def _story(project: Project, key: str, status: str, deps: str = "[]", extra: str = "") -> Path:
    return project.add_story(key, slug=f"s-{key.lower()}", status=status, depends_on=deps,
                             extra_frontmatter=extra)


@pytest.fixture
def py_project(project: Project) -> Project:
    project.write("requirements.txt", "pytest\n")  # the python-dev stack marker
    return project


# ---------------------------------------------------------------- arguments


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["E1-S2"], session.Invocation("E1-S2")),
        (["E1-S2", "yolo"], session.Invocation("E1-S2", yolo=True)),
        (["--yolo", "E1-S2", "--bypass-deps"],
         session.Invocation("E1-S2", yolo=True, bypass_deps=True)),
        (["E1-S2", "--allow-stub", "E1-S9: resend lands next sprint"],
         session.Invocation("E1-S2", allow_stub="E1-S9: resend lands next sprint")),
        (["E1-S2", "--allow-stub=AI-2026-11-30-1: tracked"],
         session.Invocation("E1-S2", allow_stub="AI-2026-11-30-1: tracked")),
    ],
)
def test_parse_arguments(argv: list[str], expected: session.Invocation) -> None:
    assert session.parse_arguments(argv) == expected


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "usage: /gaia-dev-story"),
        (["E1-S2", "E1-S3"], "one story key only"),
        (["E1-S2", "--force"], "unknown flag"),
        (["../../etc/passwd"], "invalid story key"),
        (["E1-S2", "--allow-stub"], "needs a reason"),
        (["E1-S2", "--allow-stub", "just because"], "must cite a story ID"),
    ],
)
def test_bad_arguments_are_usage_errors(argv: list[str], message: str) -> None:
    with pytest.raises(GaiaError, match=message) as caught:
        session.parse_arguments(argv)
    assert caught.value.exit_code == session.EXIT_USAGE


# ---------------------------------------------------------------- resume rule


@pytest.mark.parametrize(
    ("mode", "recorded", "last_step", "expected"),
    [
        ("FRESH", {}, None, "2"),
        ("FRESH", {"step4": "passed"}, 9, "2"),  # a fresh story never resumes
        ("RESUME", {}, None, "3"),  # crashed before planning: branch, then plan
        ("RESUME", {}, 7, "4"),  # work done but the plan gate never cleared: halt again
        ("RESUME", {"step4": "halted"}, 4, "4"),
        ("RESUME", {"step4": "validate"}, 4, "4"),
        ("RESUME", {"step4": "passed"}, 4, "5"),
        ("RESUME", {"step4": "passed"}, 11, "11"),
        ("RESUME", {"step4": "passed", "halt": "6a"}, 6, "6a"),
        ("REWORK", {"step4": "passed"}, 16, "4"),  # a failed review always replans
        ("REWORK", {"step4": "passed", "halt": "5a"}, 5, "4"),
    ],
)
def test_resume_point(mode: str, recorded: dict[str, str], last_step: int | None,
                      expected: str) -> None:
    assert session.resume_point(mode, recorded, last_step) == expected


def test_slug_of(project: Project) -> None:
    from gaia_lib.story.parser import load_story

    path = project.add_story("E1-S2", slug="email-confirmation", status="ready-for-dev")
    assert session.slug_of(load_story(path)) == "email-confirmation"
    odd = project.write(".gaia/artifacts/implementation-artifacts/E1-S3.md",
                        path.read_text().replace('key: "E1-S2"', 'key: "E1-S3"')
                        .replace("Validate signup email", "Täst: Sign-up flow!"))
    assert session.slug_of(load_story(odd)) == "t-st-sign-up-flow"


# ---------------------------------------------------------------- setup


def test_setup_ready_for_dev(py_project: Project) -> None:
    root = py_project.root
    _story(py_project, "E1-S1", "done")
    path = _story(py_project, "E1-S2", "ready-for-dev", "[E1-S1]")
    result = session.setup(root, session.Invocation("E1-S2"), ENV)
    assert (result.exit_code, result.gate_lines) == (0, ("step1_gate: deps=ok verdict=passed",))
    data = result.data
    assert (data["key"], data["mode"], data["resume_at"], data["story_file"]) == (
        "E1-S2", "FRESH", "2", str(path))
    assert (data["stack"], data["subagent_type"], data["yolo"], data["bypass_deps"]) == (
        "python-dev", "gaia:python-dev", False, False)
    assert data["orchestration_mode"] == "subagent"
    assert "shown once per session" in data["orchestration_warning"]
    assert active.read(root) == active.Active("dev-story", "E1-S2")
    assert session.run_vars(root, "E1-S2")["mode"] == "FRESH"
    assert [e["step"] for e in step_boundary.boundary_events(root, "E1-S2")] == [1]
    again = session.setup(root, session.Invocation("E1-S2"), ENV)
    assert again.data["orchestration_warning"] is None  # once per session


@pytest.mark.parametrize(
    ("deps", "line", "code"),
    [
        ("[E1-S1]", "step1_gate: deps=blocked verdict=halted", session.EXIT_DEPS),
        ("[E7-S7]", "step1_gate: deps=missing verdict=halted", session.EXIT_DEP_MISSING),
    ],
)
def test_setup_halts_on_dependencies_and_writes_nothing(
    py_project: Project, deps: str, line: str, code: int
) -> None:
    root = py_project.root
    _story(py_project, "E1-S1", "review")
    _story(py_project, "E1-S2", "ready-for-dev", deps)
    result = session.setup(root, session.Invocation("E1-S2", yolo=True), ENV)
    assert (result.exit_code, result.gate_lines, result.data["halted"]) == (code, (line,), "step1")
    assert active.read(root) is None
    assert not yolo.sentinel_path(ENV, root).exists()
    assert session.run_vars(root, "E1-S2") == {}


def test_setup_cycle_halts(py_project: Project) -> None:
    _story(py_project, "E1-S1", "done", "[E1-S2]")
    _story(py_project, "E1-S2", "ready-for-dev", "[E1-S1]")
    result = session.setup(py_project.root, session.Invocation("E1-S2"), ENV)
    assert (result.exit_code, result.gate_lines) == (
        session.EXIT_DEPS, ("step1_gate: deps=cycle verdict=halted",))
    assert "dependency cycle: E1-S2 -> E1-S1 -> E1-S2" in result.notes


def test_setup_bypass_is_recorded(py_project: Project) -> None:
    root = py_project.root
    _story(py_project, "E1-S1", "review")
    _story(py_project, "E1-S2", "ready-for-dev", "[E1-S1]")
    result = session.setup(root, session.Invocation("E1-S2", bypass_deps=True), ENV)
    assert (result.exit_code, result.gate_lines) == (
        0, ("step1_gate: deps=bypassed verdict=passed",))
    assert result.data["bypass_deps"] is True
    assert session.run_vars(root, "E1-S2")["bypass_deps"] == "true"
    record = json.loads(sprint.overrides_path(root).read_text())
    assert (record["story_key"], record["override_type"]) == ("E1-S2", "dependency_check")


def test_setup_yolo_sets_and_finalize_clears_the_sentinel(py_project: Project) -> None:
    root = py_project.root
    _story(py_project, "E1-S2", "ready-for-dev")
    result = session.setup(root, session.Invocation("E1-S2", yolo=True), ENV)
    assert result.data["yolo"] is True and yolo.is_yolo(root, ENV).yolo
    summary = session.finalize(root, "E1-S2", ENV)
    assert summary.cleared and active.read(root) is None
    assert not yolo.is_yolo(root, ENV).yolo
    assert "dev-story E1-S2: status ready-for-dev" in summary.text
    assert "| 1 | load-story |" in summary.text
    assert "halted at: step 1 (load-story), the last step begun" in summary.text
    assert "gates: none recorded" in summary.text
    # what it counts is said: the edits Claude Code's hook recorded, not the branch's diff
    assert "\nfiles edited with Write/Edit (the checkpoint's record): 0 (" in summary.text
    session.record(root, "E1-S2", {"step4": "passed", "tdd.red": "review-myself", "halt": "5a",
                                   "tdd.red.decision": "{}"})
    text = session.finalize(root, "E1-S2", ENV).text
    assert "gates: step4=passed, tdd.red=review-myself\n" in text and "halted at: 5a" in text


def test_finalize_leaves_another_runs_marker(py_project: Project) -> None:
    active.mark(py_project.root, "dev-story", "E1-S9")
    summary = session.finalize(py_project.root, "E1-S2", ENV)
    assert not summary.cleared
    assert active.read(py_project.root) == active.Active("dev-story", "E1-S9")


@pytest.mark.parametrize(
    ("status", "message"),
    [("review", "starts only from ready-for-dev or in-progress"),
     ("done", "starts only from ready-for-dev or in-progress")],
)
def test_setup_refuses_other_statuses(py_project: Project, status: str, message: str) -> None:
    _story(py_project, "E1-S2", status)
    with pytest.raises(GaiaError, match=message) as caught:
        session.setup(py_project.root, session.Invocation("E1-S2"), ENV)
    assert caught.value.exit_code == session.EXIT_CANNOT_START
    assert active.read(py_project.root) is None


def test_setup_missing_story(py_project: Project) -> None:
    with pytest.raises(GaiaError, match="Story file not found -- run /gaia-create-story first") \
            as caught:
        session.setup(py_project.root, session.Invocation("E4-S4"), ENV)
    assert caught.value.exit_code == session.EXIT_CANNOT_START


def test_setup_without_a_persona_halts_before_writing(project: Project) -> None:
    _story(project, "E1-S2", "ready-for-dev", extra="stack: cobol\n")
    with pytest.raises(GaiaError, match="Step 3b") as caught:
        session.setup(project.root, session.Invocation("E1-S2"), ENV)
    assert caught.value.exit_code == session.EXIT_NO_PERSONA
    assert active.read(project.root) is None


def test_rework_resets_the_plan_clearance(py_project: Project) -> None:
    root = py_project.root
    path = _story(py_project, "E1-S2", "in-progress")
    session.record(root, "E1-S2", {"step4": "passed"})
    path.write_text(path.read_text().replace("| QA Tests | UNVERIFIED |", "| QA Tests | FAILED |"))
    result = session.setup(root, session.Invocation("E1-S2"), ENV)
    assert (result.data["mode"], result.data["resume_at"]) == ("REWORK", "4")
    assert result.data["failed_reviews"] == [{"gate": "QA Tests", "report": "—"}]
    assert session.run_vars(root, "E1-S2")["step4"] == ""


def test_a_new_story_run_gets_its_own_file_list(py_project: Project) -> None:
    """The files a run lists are that story's: the next story starts empty, the earlier list is
    kept in a copy beside the checkpoint, and a resumed run keeps its own."""
    from gaia_lib.checkpoint import store
    from gaia_lib.core import paths

    root = py_project.root
    _story(py_project, "E1-S1", "ready-for-dev")
    _story(py_project, "E1-S2", "ready-for-dev")
    cps = paths.checkpoints_root(root)
    assert session.setup(root, session.Invocation("E1-S1"), ENV).exit_code == 0
    (root / "src").mkdir()
    (root / "src" / "a.py").write_text("a = 1\n", encoding="utf-8")
    store.record(cps, root, "dev-story", [store.entry_for(str(root / "src" / "a.py"), "src/a.py")])
    assert session.setup(root, session.Invocation("E1-S1"), ENV).exit_code == 0  # resumed
    target = Path(store.checkpoint_path(cps, "dev-story"))
    assert [e.path for e in store.load(target).files_touched] == ["src/a.py"]
    # another story's run while E1-S1's is active: refused, naming how to end E1-S1's
    with pytest.raises(GaiaError, match=r"/gaia-dev-story E1-S1 is running in this project: "
                                        r"finish it, or end it with its finalize"):
        session.setup(root, session.Invocation("E1-S2"), ENV)
    session.finalize(root, "E1-S1", ENV)
    assert session.setup(root, session.Invocation("E1-S2"), ENV).exit_code == 0
    assert store.load(target).files_touched == ()
    copies = sorted(Path(cps).glob("dev-story.E1-S1.*.yaml"))
    assert [[e.path for e in store.load(c).files_touched] for c in copies] == [["src/a.py"]]


def test_finalize_says_where_a_run_stopped() -> None:
    rows = [(10, "commit-push", "3.0s", "n/a"), (11, "pr-create", "—", "—")]
    assert session.halted_at("step7", "in-progress", rows) == "step7"  # a gate recorded it
    assert session.halted_at(None, "in-progress", rows) == (
        "step 11 (pr-create), the last step begun")
    assert session.halted_at(None, "review", rows) == "—"  # it ran through
    assert session.halted_at(None, "in-progress", []) == "—"
    assert session.halted_at(None, "in-progress", [(16, "auto-reviews", "—", "—")]) == "—"
