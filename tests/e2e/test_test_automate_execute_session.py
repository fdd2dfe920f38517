"""`/gaia-test-automate-execute E1-S1` end to end inside the real CLI, on a git copy of the demo.

The demo's story has no test for AC3 (a duplicate address is rejected with 409). Each session
starts from an approved plan for that AC, made with `gaia_lib.test_automate.plan` the way the
planning phase writes it (approved, its PASSED record in the plan-id ledger), and a
test-environment.yaml whose only tier directory is `tests/unit`. The scripted model is
`test_automate_execute_follower.ExecuteFollower`: it does what the rendered SKILL.md says
(dispatch the developer named by the preflight JSON with the blockquoted prompt, then run the
verify and record entry scripts); the developer subagent (agents/python-dev.md) reads the
run's setup.json and writes the planned test with the Write tool.
- (a) a real test: it runs green, coverage grows, the Test Automation row becomes PASSED;
- (b) a placeholder test: REQUEST_CHANGES and the row is untouched.
About 10 s per session.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from e2e.claude_cli import ClaudeCli, Session, SessionResult, run_session
from e2e.demo import demo_copy, seed_plugin_data, session_env
from e2e.fake_api import Text, tool_result_text
from e2e.test_automate_execute_follower import FINAL, ExecuteFollower, plan_of
from gaia_lib.core import writes
from gaia_lib.gate import ledger, reports
from gaia_lib.test_automate import plan as plans

pytestmark = pytest.mark.claude

KEY = "E1-S1"
TEST_FILE = "tests/unit/test_signup_duplicate.py"
STORY = (".gaia/artifacts/implementation-artifacts/epic-e1-account-signup/stories/"
         "E1-S1-email-signup.md")
DEV_MARKER = "# Python developer"  # the first heading of agents/python-dev.md's body
REAL_TEST = '''import pytest
from signup.accounts import AccountStore, sign_up
from signup.errors import SignupError


def test_ac3_duplicate_email_is_rejected_with_409() -> None:
    store = AccountStore()
    sign_up(store, "ann@example.com")

    with pytest.raises(SignupError) as excinfo:
        sign_up(store, "Ann@Example.com")

    assert excinfo.value.code == 409
    assert len(store) == 1
'''
PLACEHOLDER = '''def test_ac3_duplicate_email_is_rejected_with_409() -> None:
    assert True
'''


def approved_plan(project: Path) -> plans.Plan:
    project.joinpath(".gaia/artifacts/test-artifacts").mkdir(parents=True, exist_ok=True)
    project.joinpath(".gaia/artifacts/test-artifacts/test-environment.yaml").write_text(
        "tier_directories:\n  - tests/unit\n")
    with writes.scope("parent", project):
        path = reports.test_artifact_write_path(project, plans.GATE, KEY)
        made = plans.write(path, plans.Plan(
            KEY, plans.sources(project, ["src/signup/accounts.py", "src/signup/validation.py"]),
            (plans.ProposedTest(TEST_FILE, "test_ac3_duplicate_email_is_rejected_with_409",
                                "AC3", "unit", "src/signup/accounts.py", "sign_up"),),
            narrative="AC3 has no test: a duplicate signup must be rejected with 409."),
            project)
        made = plans.approve(path, "PASSED", made.plan_id, project)
        ledger.append_verdict(ledger.ledger_for(project, None), KEY, plans.GATE, made.plan_id,
                              "PASSED")
    return made


def execute(claude: ClaudeCli, plugin_root: Path, tmp_path: Path, venv: Path, text: str,
            tag: str) -> tuple[Path, ExecuteFollower, SessionResult]:
    project = demo_copy(tmp_path / "demo")
    approved_plan(project)
    model = ExecuteFollower(KEY, str(project), tag, lambda _entry: text)
    work = tmp_path / "work"
    seed_plugin_data(work / "claude-config", venv)
    session = Session(prompt=f"/gaia-test-automate-execute {KEY}", script=model.steps(),
                      agents={DEV_MARKER: [model.developer] * 4}, plugin_root=plugin_root,
                      project=project, work=work, output_format="stream-json",
                      env=session_env(venv.parent))
    return project, model, run_session(claude, session)


def skill_commands(plugin_root: Path) -> tuple[str, ...]:
    text = (plugin_root / "skills/gaia-test-automate-execute/SKILL.md").read_text("utf-8")
    text = text.replace("${CLAUDE_PLUGIN_ROOT}", str(plugin_root))
    setup = json.dumps({"story_key": KEY, "run_dir": "R", "developer": "gaia:python-dev"})
    bang = next(line for line in text.splitlines() if line.startswith("!`"))
    return plan_of(text.replace(bang, setup), KEY).commands


def check_session(result: SessionResult, model: ExecuteFollower, plugin_root: Path,
                  project: Path) -> dict[str, Any]:
    assert not result.failures, f"the scripted model could not follow the skill: {result.failures}"
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.tool_errors() == {}
    assert model.plan is not None
    assert model.plan.setup["tests"][0]["test_file"] == TEST_FILE
    assert model.plan.subagent_type == "gaia:python-dev"
    assert model.plan.commands == skill_commands(plugin_root)
    scripts = plugin_root / "skills" / "gaia-test-automate-execute" / "scripts"
    assert [c.split()[1] for c in model.plan.commands] == [
        str(scripts / "verify.py"), str(scripts / "record.py")]
    assert [(thread, tool) for thread, tool, _ in model.done] == [
        ("main", "Agent"), ("dev", "Read"), ("dev", "Write"), ("main", "Bash"), ("main", "Bash")]
    assert result.result is not None and result.result["result"] == FINAL
    results = {str(b["tool_use_id"]): b for b in result.tool_results}
    verify_text = tool_result_text(results[f"toolu_cmd0_{model.tag}"])
    verify, end = json.JSONDecoder().raw_decode(verify_text)
    assert verify_text[end:].strip() == f"verdict: {verify['reason']}"  # the rule, on stderr
    record = tool_result_text(results[f"toolu_cmd1_{model.tag}"])
    return {"verify": verify, "record": record}


def _row(project: Path) -> str:
    line = next(x for x in (project / STORY).read_text().splitlines()
                if x.startswith("| Test Automation |"))
    return line.split("|")[2].strip()


def test_a_real_test_passes_the_gate(claude: ClaudeCli, plugin_root: Path, tmp_path: Path,
                                     plugin_venv: Path) -> None:
    project, model, result = execute(claude, plugin_root, tmp_path, plugin_venv, REAL_TEST,
                                     "real")
    out = check_session(result, model, plugin_root, project)
    assert (project / TEST_FILE).read_text() == REAL_TEST  # written by the developer subagent
    verify = out["verify"]
    assert verify["verdict"] == "APPROVE", verify
    assert verify["execution"]["state"] == "success"
    assert verify["coverage"]["delta"]["coverage_delta"] > 0
    assert out["record"].splitlines()[0] == f"test automation {KEY}: APPROVE"
    assert "gate: Test Automation -> PASSED" in out["record"]
    assert _row(project) == "PASSED"


def test_a_placeholder_test_requests_changes(claude: ClaudeCli, plugin_root: Path,
                                             tmp_path: Path, plugin_venv: Path) -> None:
    project, model, result = execute(claude, plugin_root, tmp_path, plugin_venv, PLACEHOLDER,
                                     "placeholder")
    out = check_session(result, model, plugin_root, project)
    verify = out["verify"]
    assert verify["verdict"] == "REQUEST_CHANGES"
    assert verify["inspection"]["placeholders"][0]["file"] == TEST_FILE
    assert "gate: Test Automation unchanged (UNVERIFIED)" in out["record"]
    assert _row(project) == "UNVERIFIED"


@pytest.mark.every_cli  # how a failing `!` line shows differs between CLI versions
def test_a_tampered_plan_halts_before_anything_is_written(
        claude: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path) -> None:
    """The preflight `!` line exits 1 with the HALT: the CLI stops the command there and shows
    that line as the result, before any model request; nothing is written."""
    project = demo_copy(tmp_path / "demo")
    approved_plan(project)
    plan_file = reports.test_artifact_write_path(project, plans.GATE, KEY)
    plan_file.write_text(plan_file.read_text().replace("test_signup_duplicate", "test_other"))
    work = tmp_path / "work"
    seed_plugin_data(work / "claude-config", plugin_venv)
    result = run_session(claude, Session(
        prompt=f"/gaia-test-automate-execute {KEY}", script=[[Text("The plan halted.")]],
        plugin_root=plugin_root, project=project, work=work, output_format="stream-json",
        env=session_env(plugin_venv.parent)))
    assert result.returncode == 0, result.stdout + result.stderr
    assert [r for r in result.requests if r.is_agent_turn] == []
    # both versions show the line as the command's stderr (the newer one also as the result)
    assert "test-automate-execute preflight: HALT: plan_tamper_detected: plan_id" in result.stdout
    assert not (project / ".gaia/state/test-automate").exists()
    assert _row(project) == "UNVERIFIED"
