"""A broken /gaia-dev-story skill fails its session: proof that the scripted model follows the
rendered SKILL.md instead of replaying fixed calls.

Each test copies the plugin, breaks one thing in the copy's `skills/gaia-dev-story/SKILL.md`,
runs a YOLO session (no question to answer) on the newest pinned CLI that stops after the
step it needs (the scenario's `stop_after`; finalize still runs), and shows that `check_run` (what a good run of that length
shows) then fails, and why:
- the finalize command given a flag it does not have: finalize refuses it, an error result;
- the plan dispatch's `subagent_type` renamed: the CLI has no such agent, an error result, and
  the run stops at step 4;
- the Definition of Done command removed from step 9: the model finds no `dod-check` to run
  and ends the session with a failure.
`test_good_skill_passes_check_run` is the control: the skill as it is passes the same check.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from e2e.claude_cli import ClaudeCli, SessionResult
from e2e.dev_story_follower import DevStoryFollower
from e2e.dev_story_world import KEY, make_world
from e2e.test_dev_story_session import dev_story, follower, ran
from e2e.test_skill_mutations import mutated, plugin_copy

pytestmark = pytest.mark.claude

SKILL = Path("skills") / "gaia-dev-story" / "SKILL.md"
FINALIZE = "scripts/finalize.py KEY`"
PLAN_DISPATCH = 'subagent_type: "SUBAGENT_TYPE"`, and this prompt (fill in the values):'
DOD = "`${CLAUDE_PLUGIN_ROOT}/bin/gaia dod-check --story-file STORY_FILE > DOD_RESULTS`"


def check_run(result: SessionResult, model: DevStoryFollower, through: int) -> None:
    """A good run that the scenario ends after step `through`."""
    assert not result.failures, f"the scripted model could not follow the skill: " \
                                f"{result.failures}"
    assert result.returncode == 0, result.stdout + result.stderr
    asks = {r for r, (_, name, _) in zip(model_ids(model), main_calls(model), strict=True)
            if name == "AskUserQuestion"}
    assert set(result.tool_errors()) == asks, result.tool_errors()
    assert model.halted == f"the scenario ends after step {through}", model.halted
    final = model.runs[-1]
    assert "finalize.py" in final.command and not final.error, final
    assert "active workflow: cleared" in final.output, final.output
    if through >= 9:
        dod = ran(model, "dod-check")
        assert len(dod) == 1 and not dod[0].error, dod


def main_calls(model: DevStoryFollower) -> list[tuple[str, str, dict[str, object]]]:
    return [d for d in model.done if d[0] == "main"]


def model_ids(model: DevStoryFollower) -> list[str]:
    return [f"toolu_{i}_{model.tag}" for i in range(1, len(main_calls(model)) + 1)]


def _run(claude: ClaudeCli, root: Path, tmp_path: Path, venv: Path,
         through: int) -> tuple[SessionResult, DevStoryFollower]:
    world = make_world(tmp_path / "world")
    model = follower(world, "mut", stop_after=through)
    result = dev_story(claude, root, world, venv, model, f"/gaia-dev-story {KEY} yolo",
                       tmp_path / "run")
    return result, model


def _broken(claude: ClaudeCli, root: Path, tmp_path: Path, venv: Path, through: int) -> str:
    result, model = _run(claude, root, tmp_path, venv, through)
    with pytest.raises(AssertionError) as failed:
        check_run(result, model, through)
    return str(failed.value)


def test_good_skill_passes_check_run(newest: ClaudeCli, plugin_root: Path, tmp_path: Path,
                                     plugin_venv: Path) -> None:
    result, model = _run(newest, plugin_root, tmp_path, plugin_venv, 1)
    check_run(result, model, 1)


def test_a_plugin_root_with_capitals_in_its_path_leaves_nothing_to_fill(
        newest: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path) -> None:
    """The plugin cloned to `/tmp/.../ci.V9I2`: the skill text is rendered with that root, whose
    `V9I2` is no placeholder the skill asks to fill in (it failed every dev-story session)."""
    root = plugin_copy(plugin_root, tmp_path / "ci.V9I2")
    result, model = _run(newest, root, tmp_path, plugin_venv, 1)
    check_run(result, model, 1)


def test_finalize_with_a_wrong_flag_fails_the_session(
        newest: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path) -> None:
    root = mutated(plugin_root, tmp_path / "plugin", FINALIZE, "scripts/finalize.py --key KEY`",
                   SKILL)
    message = _broken(newest, root, tmp_path, plugin_venv, 1)
    assert "dev-story finalize: unrecognized arguments: --key" in message


def test_renamed_developer_subagent_type_fails_the_session(
        newest: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path) -> None:
    root = mutated(plugin_root, tmp_path / "plugin", PLAN_DISPATCH,
                   PLAN_DISPATCH.replace("SUBAGENT_TYPE", "gaia:python-developer"), SKILL)
    message = _broken(newest, root, tmp_path, plugin_venv, 4)
    assert "Agent type 'gaia:python-developer' not found" in message


def test_removed_dod_check_fails_the_session(
        newest: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path) -> None:
    root = mutated(plugin_root, tmp_path / "plugin", DOD, "the Definition of Done checks", SKILL)
    message = _broken(newest, root, tmp_path, plugin_venv, 9)
    assert "could not follow the skill" in message and "dod-check" in message
