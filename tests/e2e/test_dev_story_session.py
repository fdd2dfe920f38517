"""`/gaia-dev-story` end to end inside the real CLI, on both pinned versions.

The project is `dev_story_world`: the demo project with E1-S4 (ready-for-dev, its dependency
done) as a git repository whose `origin` is a local bare repository, and the fake `gh` on PATH
(it really merges in the bare remote). The scripted model is `dev_story_follower`: it does what
the rendered SKILL.md says, so a broken skill fails here (`test_dev_story_mutations.py`).

Scenarios:
1. `/gaia-dev-story E1-S4`, load to review: the python-dev subagent writes the failing test,
   then the code, then a refactor edit; the gates run (`tdd-evidence` with real pytest, Val,
   `dod-check` with real pytest); the commit is pushed to origin, the PR created, CI waited
   for, merged (a real merge in the bare remote) and verified; the Review Gate is seeded and
   the story is in `review`; the dev-story checkpoint lists every file the subagent wrote with
   the sha256 of its final content. `-p` has no AskUserQuestion: the model's call is refused
   and the scenario's `approve` stands in for the user's answer.
2. `/gaia-dev-story E1-S2` (E1-S1, its dependency, is in review) halts at Step 1 with the gate
   line before any model request, nothing changed; `--bypass-deps` proceeds and the bypass is
   recorded in sprint-status.yaml.
3. YOLO: Val finds a critical problem in the plan three times; the Step 4 loop halts at its
   3-iteration cap, naming the audit file, and finalize still runs.
4. Mode B, with the agent-team switch and `orchestration: {mode: team}`: the CLI's Agent tool
   takes a `name` and SendMessage is offered, so one named developer gets the plan and then
   the red phase through SendMessage to the agentId its dispatch reported (the name is
   refused by 2.1.197); with SendMessage disallowed the step falls back (`MODE_B_FALLBACK`);
   without the switch (scenario 1) the step is skipped and the Mode A notice shown first.
5. RESUME: a run that ended with the Step 4 plan gate's question (headless, nothing
   approved), then a fresh `/gaia-dev-story E1-S4` (not `--continue`): setup says RESUME at
   step 4, the run resumes the branch, re-plans and presents the plan gate again, and goes
   no further; the gate is still not cleared.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml

from e2e.claude_cli import ClaudeCli, Session, SessionResult, run_session
from e2e.demo import seed_plugin_data
from e2e.dev_story_follower import FINAL, DevStoryFollower, Run, Scenario, responders
from e2e.dev_story_world import (
    BLOCKED_KEY,
    CHECKPOINT,
    CODE_REL,
    CODE_TEXT,
    KEY,
    REFACTOR_NEW,
    REFACTOR_OLD,
    SPRINT_STATUS,
    STORY_REL,
    TEST_REL,
    TEST_TEXT,
    World,
    make_world,
    sha256_text,
)
from e2e.fake_api import tool_result_text
from gaia_lib.checkpoint import store as checkpoint
from gaia_lib.story import parser as story_mod
from gaia_lib.story import sprint

pytestmark = pytest.mark.claude

MARKERS = {"developer": "# Python developer", "validator": "# Validator",
           "tdd-reviewer": "# TDD reviewer"}
SESSION_TIMEOUT = 420.0
CRITICAL = [{"severity": "critical", "location": "plan.md:1",
             "message": "Testing Strategy names no test for AC2", "fix": "name one"}]


def scenario(**overrides: Any) -> Scenario:
    values: dict[str, Any] = {"red_files": {TEST_REL: TEST_TEXT},
                              "green_files": {CODE_REL: CODE_TEXT},
                              "refactor_edits": [(CODE_REL, REFACTOR_OLD, REFACTOR_NEW)]}
    values.update(overrides)
    return Scenario(**values)


def dev_story(claude: ClaudeCli, plugin_root: Path, world: World, venv: Path,
              model: DevStoryFollower, prompt: str, work: Path, *, resume: bool = False,
              extra: Sequence[str] = (), **env: str) -> SessionResult:
    """One `claude -p PROMPT` run; with `resume`, `claude -p --continue PROMPT` in the same
    config dir: the user's answer to the question the previous run ended with."""
    if not resume:
        seed_plugin_data(work / "claude-config", venv)
    # A `--continue` run does not carry the skill's allowed-tools (docs/claude-code-notes.md):
    # the user gives the same rules on the command line.
    args = ["--continue", "--allowedTools", *skill_rules(plugin_root)] if resume else []
    session = Session(prompt=prompt, script=model.steps(), agents=responders(model, MARKERS),
                      plugin_root=plugin_root, project=world.project, work=work,
                      output_format="stream-json", env=world.session_env(venv, **env),
                      timeout=SESSION_TIMEOUT, extra_args=[*args, *extra])
    return run_session(claude, session)


def skill_rules(plugin_root: Path) -> list[str]:
    """The dev-story skill's `allowed-tools` rules, ${CLAUDE_PLUGIN_ROOT} filled in."""
    text = (plugin_root / "skills" / "gaia-dev-story" / "SKILL.md").read_text("utf-8")
    line = next(x for x in text.split("\n---", 1)[0].splitlines()
                if x.startswith("allowed-tools:"))
    rules = re.split(r",\s*(?![^()]*\))", line.split(":", 1)[1].strip())
    return [r.replace("${CLAUDE_PLUGIN_ROOT}", str(plugin_root)) for r in rules if r]


def follower(world: World, tag: str, key: str = KEY, stop_after: int | None = None,
             **overrides: Any) -> DevStoryFollower:
    return DevStoryFollower(key, str(world.project), tag, scenario(**overrides),
                            stop_after=stop_after)


def ran(model: DevStoryFollower, needle: str) -> list[Run]:
    return [r for r in model.runs if needle in r.command]


def story_status(world: World, key: str = KEY) -> str:
    return str(story_mod.load_story(world.project / STORY_REL).status) if key == KEY else ""


def sprint_entry(world: World, key: str) -> dict[str, Any]:
    data = yaml.safe_load((world.project / SPRINT_STATUS).read_text("utf-8"))
    return next(s for s in data["stories"] if s["key"] == key)


def expected_final_code() -> str:
    return CODE_TEXT.replace(REFACTOR_OLD, REFACTOR_NEW, 1)


PLAN_QUESTION = "Step 4: how do you want to continue? `approve` / `revise` / `validate`"


def ends_with_plan_question(result: SessionResult, model: DevStoryFollower) -> None:
    """Headless: no AskUserQuestion, so the run ends its turn with the plan gate's question,
    after presenting the gate once (`--verdict halted`) and approving nothing."""
    assert not result.failures, f"the scripted model could not follow the skill: " \
                                f"{result.failures}"
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.result is not None
    assert result.result["result"].endswith(PLAN_QUESTION), result.result["result"]
    assert result.tool_errors() == {}
    assert [r.command.split("gate.py ")[1] for r in ran(model, "gate.py 4 ")] == [
        f"4 {KEY} --verdict halted"]
    assert model.questions == [PLAN_QUESTION] and model.asked == []


def test_dev_story_load_to_review(claude: ClaudeCli, plugin_root: Path, tmp_path: Path,
                                  plugin_venv: Path) -> None:
    world = make_world(tmp_path)
    model = follower(world, "ok")
    work = tmp_path / "run"
    first = dev_story(claude, plugin_root, world, plugin_venv, model, f"/gaia-dev-story {KEY}",
                      work)
    ends_with_plan_question(first, model)
    assert world.remote_git("for-each-ref", "--format=%(refname:short)", "refs/heads").split() \
        == ["main"]

    result = dev_story(claude, plugin_root, world, plugin_venv, model, "approve", work,
                       resume=True)
    assert not result.failures, f"the scripted model could not follow the skill: " \
                                f"{result.failures}"
    assert result.returncode == 0, result.stdout + result.stderr
    assert model.halted is None, model.halted
    assert result.result is not None and result.result["result"].startswith(FINAL)
    assert result.tool_errors() == {}
    assert model.asked == [(["approve", "revise", "validate"], "approve")]
    assert [r.command.split("gate.py ")[1] for r in ran(model, "gate.py 4 ")] == [
        f"4 {KEY} --verdict halted", f"4 {KEY} --verdict passed"]
    # Mode A (no team switch): the orchestration notice is the first text the user sees, and
    # the Mode B step did not run.
    assert model.skill is not None
    warning = model.skill.setup["orchestration_warning"]
    assert warning.startswith("⚠ GAIA orchestration notice")
    assert first_text(first) == warning
    assert ran(model, "mode-b") == []

    # The developer subagent wrote the failing test first, then the code, then refactored.
    dev_writes = [(tool, Path(i["file_path"]).name) for thread, tool, i in model.done
                  if thread == "developer" and tool in ("Write", "Edit")]
    assert dev_writes == [("Write", "plan.md"), ("Write", "test_domains.py"),
                          ("Write", "domains.py"), ("Edit", Path(STORY_REL).name),
                          ("Edit", "domains.py")]
    red = ran(model, "tdd-evidence red")
    assert len(red) == 1 and not red[0].error and red[0].output.startswith("red: "), red
    assert [r.error for r in ran(model, "tdd-evidence")] == [False, False, False]
    dod = ran(model, "dod-check")
    assert len(dod) == 1 and not dod[0].error
    dod_file = Path(model.skill.fill("DOD_RESULTS")) if model.skill else Path()
    assert "- { item: tests, status: PASSED" in dod_file.read_text("utf-8")

    # Delivered: pushed, PR created, CI waited for, merged in the bare remote, verified.
    gh = [" ".join(call[:2]) for call in world.gh_calls()]
    assert "pr create" in gh and "pr checks" in gh and "pr merge" in gh, gh
    assert world.remote_git("show", f"main:{CODE_REL}") == expected_final_code()
    assert world.remote_git("show", f"main:{TEST_REL}") == TEST_TEXT
    verified = ran(model, "verify-pr-merged")
    assert len(verified) == 1 and not verified[0].error, verified
    log = world.remote_git("log", "--format=%s", "main")
    assert log.splitlines()[0].startswith(f"feat({KEY})"), log

    # Review Gate seeded, story in review (file and sprint status).
    story = story_mod.load_story(world.project / STORY_REL)
    assert story.status == "review"
    assert [(r.name, r.status) for r in story.review_gate or ()] and all(
        r.status == "UNVERIFIED" for r in story.review_gate or ())
    assert sprint_entry(world, KEY)["status"] == "review"

    # The checkpoint lists every file the subagent wrote, with the sha256 of its content.
    recorded = checkpoint.load(world.project / CHECKPOINT)
    entries = {e.path: e.sha256 for e in recorded.files_touched}
    assert entries == {
        TEST_REL: sha256_text(TEST_TEXT), CODE_REL: sha256_text(expected_final_code()),
    }, entries
    for rel, digest in entries.items():
        assert world.sha256(rel) == digest
    assert not (world.project / ".gaia" / "state" / "active-workflow").exists()


def overrides(world: World) -> list[dict[str, Any]]:
    path = world.project / ".gaia" / "state" / sprint.OVERRIDES_NAME
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]


def test_blocked_dependency_halts_at_step_1_and_bypass_is_recorded(
        claude: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path) -> None:
    world = make_world(tmp_path)
    head = world.git("rev-parse", "HEAD")
    model = follower(world, "blocked", key=BLOCKED_KEY)
    result = dev_story(claude, plugin_root, world, plugin_venv, model,
                       f"/gaia-dev-story {BLOCKED_KEY}", tmp_path / "run1")
    assert result.returncode == 0, result.stdout + result.stderr
    assert [r for r in result.requests if r.is_agent_turn] == []  # halted before the model
    assert model.skill is None and not result.failures
    assert "Shell command failed" in result.stdout
    assert "step1_gate: deps=blocked verdict=halted" in result.stdout
    # Nothing changed: no commit, no file, no marker, no status move, no override.
    assert world.git("status", "--porcelain", "--ignored") == ""
    assert world.git("rev-parse", "HEAD") == head
    assert sprint_entry(world, BLOCKED_KEY)["status"] == "ready-for-dev"
    assert overrides(world) == []

    bypass = follower(world, "bypass", key=BLOCKED_KEY, stop_after=3)
    result = dev_story(claude, plugin_root, world, plugin_venv, bypass,
                       f"/gaia-dev-story {BLOCKED_KEY} --bypass-deps", tmp_path / "run2")
    assert not result.failures, result.failures
    assert bypass.skill is not None and bypass.skill.setup["bypass_deps"] is True
    assert bypass.halted == "the scenario ends after step 3"
    assert result.tool_errors() == {}
    recorded = overrides(world)
    assert [(o["override_type"], o["story_key"], o["unmet_dependencies"]) for o in recorded] == [
        ("dependency_check", BLOCKED_KEY, [{"key": "E1-S1", "status": "review"}])]
    assert sprint_entry(world, BLOCKED_KEY)["status"] == "in-progress"
    assert world.git("branch", "--show-current").strip().startswith(f"feat/{BLOCKED_KEY}")
    summary = bypass.runs[-1]
    assert "finalize.py" in summary.command and "bypass-deps: true" in summary.output, summary


def test_yolo_val_loop_halts_at_its_cap(claude: ClaudeCli, plugin_root: Path, tmp_path: Path,
                                        plugin_venv: Path) -> None:
    world = make_world(tmp_path)
    model = follower(world, "yolo", val_findings=[CRITICAL] * 3)
    result = dev_story(claude, plugin_root, world, plugin_venv, model,
                       f"/gaia-dev-story {KEY} yolo", tmp_path / "run")
    assert not result.failures, result.failures
    assert model.skill is not None and model.skill.setup["yolo"] is True
    audit = world.project / ".gaia" / "memory" / "checkpoints" / f"{KEY}-yolo-plan-findings.md"
    assert model.halted is not None and model.halted.endswith(
        "HALT: Val loop reached its 3-iteration cap with findings remaining — see "
        f"{audit}; run /gaia-fix-story {KEY} or re-run with the audit file as context"), \
        model.halted
    gates = ran(model, "gate.py 4 ")
    assert [(g.command.split("--iteration ")[1].split()[0], g.error) for g in gates] == [
        ("1", False), ("2", False), ("3", True)]
    assert [g.output.strip().splitlines()[0] for g in gates[:2]] == ["FIX", "FIX"]
    assert gates[2].output.startswith("Exit code 4\nHALTED")
    assert model.val_calls == 3
    assert audit.read_text("utf-8").count("## Iteration ") == 3
    # Val was dispatched three times and the developer revised the plan in between; YOLO
    # asked the user nothing, and every developer prompt carried the YOLO note.
    dispatched = [i["subagent_type"] for t, tool, i in model.done if tool == "Agent"]
    assert dispatched == ["gaia:python-dev", "gaia:validator", "gaia:python-dev",
                          "gaia:validator", "gaia:python-dev", "gaia:validator"]
    assert all("YOLO is on" in i["prompt"] for t, tool, i in model.done
               if tool == "Agent" and i["subagent_type"] == "gaia:python-dev")
    assert model.asked == []
    assert set(result.tool_errors()) == {gates[2].id}
    # Finalize ran after the halt: the marker is gone, nothing was committed or pushed.
    assert "finalize.py" in model.runs[-1].command
    assert not (world.project / ".gaia" / "state" / "active-workflow").exists()
    assert world.remote_git("for-each-ref", "--format=%(refname:short)", "refs/heads").split() == [
        "main"]


TEAM_CONFIG = "\norchestration:\n  mode: team\n"


def first_text(result: SessionResult) -> str | None:
    """The first text the model showed in the main thread (stream-json assistant events)."""
    shown = [b["text"] for e in result.events if e.get("type") == "assistant"
             and e.get("parent_tool_use_id") is None
             for b in e["message"]["content"] if b.get("type") == "text"]
    return shown[0] if shown else None


def _team_world(tmp_path: Path) -> World:
    world = make_world(tmp_path)
    config = world.project / ".gaia" / "config" / "project-config.yaml"
    config.write_text(config.read_text("utf-8") + TEAM_CONFIG, "utf-8")
    world.git("commit", "-qam", "orchestration: team")
    return world


def test_mode_b_one_named_developer_driven_with_send_message(
        claude: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path) -> None:
    """With CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1 and `orchestration: {mode: team}` the CLI's
    Agent tool takes a `name` and SendMessage is offered (2.1.332: deferred, loaded with
    ToolSearch), so the skill's Mode B step says `--team-tools yes`: the plan is dispatched to
    a developer named as step 1 says, and the red phase goes to that same developer with
    SendMessage to the agentId the dispatch's result reports (2.1.197 refuses the name); its
    failing test lands in the checkpoint. YOLO, so Step 4 asks nothing; the scenario ends
    after step 5."""
    world = _team_world(tmp_path)
    model = follower(world, "team", stop_after=5)
    result = dev_story(claude, plugin_root, world, plugin_venv, model,
                       f"/gaia-dev-story {KEY} yolo", tmp_path / "run",
                       CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS="1")
    assert not result.failures, result.failures
    assert model.halted == "the scenario ends after step 5", model.halted
    assert result.tool_errors() == {}
    mode_b = ran(model, "gate.py mode-b")
    assert [r.command.split("gate.py ")[1] for r in mode_b] == [f"mode-b {KEY} --team-tools yes"]
    calls = [(tool, i) for thread, tool, i in model.done if thread == "main"
             and tool in ("Agent", "SendMessage", "ToolSearch")]
    # The first Agent result (the developer's plan dispatch) names the id to send to.
    agent_id = next(m for m in (re.search(r"agentId: (\w+)", tool_result_text(r))
                                for r in result.tool_results) if m)
    # 2.1.332 defers SendMessage (loaded with ToolSearch); 2.1.197 offers it directly.
    load = [("ToolSearch", "select:SendMessage")] if claude.version > (2, 1, 197) else []
    assert [(t, i.get("subagent_type") or i.get("to") or i.get("query")) for t, i in calls] == [
        ("Agent", "gaia:python-dev"), ("Agent", "gaia:validator"), *load,
        ("SendMessage", agent_id.group(1))]
    assert calls[0][1]["name"] == "developer"
    assert "TDD red phase" in calls[-1][1]["message"]
    assert not ran(model, "tdd-evidence red")[0].error
    # One developer conversation: the red prompt arrived in the thread that wrote the plan.
    dev = [r for r in result.requests if r.thread == MARKERS["developer"]]
    assert "TDD red phase" in json.dumps(dev[-1].body["messages"])
    assert "Plan story" in json.dumps(dev[-1].body["messages"])
    entries = {e.path: e.sha256 for e in checkpoint.load(world.project / CHECKPOINT).files_touched}
    assert entries == {TEST_REL: sha256_text(TEST_TEXT)}


def test_mode_b_falls_back_without_team_tools(claude: ClaudeCli, plugin_root: Path,
                                              tmp_path: Path, plugin_venv: Path) -> None:
    """Mode B configured, but the session may not use SendMessage (`--disallowedTools
    SendMessage`, as a user or an admin policy can set): the CLI offers no SendMessage, so the
    skill's Mode B step reports MODE_B_FALLBACK and the run goes on with ordinary subagents.
    Without the team switch (scenario 1) the step is skipped and the Mode A notice is the
    first thing the user sees."""
    world = _team_world(tmp_path)
    model = follower(world, "mode-b", stop_after=1)
    result = dev_story(claude, plugin_root, world, plugin_venv, model,
                       f"/gaia-dev-story {KEY}", tmp_path / "run",
                       extra=["--disallowedTools", "SendMessage"],
                       CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS="1")
    assert not result.failures, result.failures
    assert result.tool_errors() == {}
    assert model.skill is not None and model.halted == "the scenario ends after step 1"
    first = next(r for r in result.requests if r.is_agent_turn and r.thread == "main")
    agent = next(t for t in first.body["tools"] if t["name"] == "Agent")
    assert "name" in agent["input_schema"]["properties"]  # the switch reached the CLI
    assert "SendMessage" not in first.offered_tools
    assert model.skill.setup["orchestration_mode"] == "team"
    assert model.skill.setup["orchestration_warning"] is None
    mode_b = ran(model, "gate.py mode-b")
    assert [r.command.split("gate.py ")[1] for r in mode_b] == [f"mode-b {KEY} --team-tools no"]
    assert "MODE_B_FALLBACK" in mode_b[0].output and not mode_b[0].error
    assert model.said == []
    assert "finalize.py" in model.runs[-1].command


def test_fresh_run_after_a_plan_gate_halt_presents_the_gate_again(
        claude: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path) -> None:
    """The first run ends with the plan gate's question and nobody answers it; a new
    `/gaia-dev-story E1-S4` session (not `--continue`) resumes at the gate, not past it."""
    world = make_world(tmp_path)
    first = follower(world, "halt")
    result = dev_story(claude, plugin_root, world, plugin_venv, first, f"/gaia-dev-story {KEY}",
                       tmp_path / "run1")
    ends_with_plan_question(result, first)
    assert first.skill is not None and first.skill.setup["mode"] == "FRESH"
    branch = world.git("branch", "--show-current").strip()
    assert branch.startswith(f"feat/{KEY}")

    again = follower(world, "again")
    result = dev_story(claude, plugin_root, world, plugin_venv, again, f"/gaia-dev-story {KEY}",
                       tmp_path / "run2")
    ends_with_plan_question(result, again)
    assert again.skill is not None
    setup = again.skill.setup
    assert (setup["mode"], setup["resume_at"], setup["step4_cleared"]) == ("RESUME", "4", False)
    # Resumed: the branch first, then step 4 from its start; steps 2 and 3 are not replayed
    # and nothing past the gate ran.
    steps = [r.command.split("/bin/gaia ", 1)[1].split(" --")[0] for r in again.runs]
    assert [c.split()[0] for c in steps[:2]] == ["git-branch", "emit-step-boundary"], steps
    assert steps[1] == f"emit-step-boundary 4 plan {KEY}"
    assert steps[-1].endswith(f"gate.py 4 {KEY}"), steps
    assert len(steps) == 3, steps
    assert "already exists" in again.runs[0].output, again.runs[0]
    assert world.git("branch", "--show-current").strip() == branch
    dispatched = [i["prompt"] for t, tool, i in again.done if tool == "Agent"]
    assert len(dispatched) == 1 and dispatched[0].startswith(f"Plan story {KEY} ") \
        and "mode RESUME" in dispatched[0], dispatched
    # The gate's record: presented again (its stderr line), still not cleared.
    assert "step4_gate: yolo=false verdict=halted" in again.runs[-1].output
    recorded = dict(checkpoint.load(world.project / CHECKPOINT).variables)
    assert recorded[f"run.{KEY}.step4"] == "halted" and recorded[f"run.{KEY}.mode"] == "RESUME"
    assert story_status(world) == "in-progress"
    assert world.remote_git("for-each-ref", "--format=%(refname:short)", "refs/heads").split() \
        == ["main"]
