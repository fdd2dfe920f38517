"""What the real CLI does with subagents, skill-frontmatter hooks and agent teams.

/gaia-dev-story depends on three CLI behaviours; each test here pins one, on both supported
versions, with a throwaway probe plugin (one skill, one agent, one plugin hook) so the answer is
the CLI's and not our hook's. docs/claude-code-notes.md ("Subagents, skill hooks and agent
teams") records the answers.

1. A plugin's PostToolUse hook (hooks/hooks.json) fires for a Write made INSIDE a subagent
   (Agent tool dispatch), and its payload names the subagent (`agent_id`, `agent_type`); for
   the main thread's Write neither key is present. This is why the dev-story checkpoint is fed
   by the plugin hook.
2. A hook declared in a skill's frontmatter (the seed's `hooks:` key) fires for the main
   thread's Write while the skill is running, and NOT for the Write of a subagent the skill
   dispatched. A checkpoint hook there would miss every file the stack developer writes.
3. Agent-team tools: no version offers `TeamCreate`/`TeamDelete`. The switch is the environment
   variable CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1 (in the process environment or in
   settings.json `env`); with it, the Agent tool's input schema gains `name` (the spawned
   agent is addressable with SendMessage), `team_name` ("Deprecated; ignored. The session has
   a single implicit team.") and `mode`. SendMessage itself is a top-level tool on 2.1.197 with
   or without the switch, and a deferred tool (named in the system message, loaded through
   ToolSearch) on 2.1.332. The hidden `--agent-teams` argument is refused by `-p`.
4. A skill whose `!` line exits non-zero ends the turn before any model request, and the run
   still exits 0: 2.1.332's result is `Shell command failed for pattern "!`…`": [stderr]`
   followed by the command's stdout and stderr; 2.1.197's result is empty and the same text
   comes as a replayed user event inside `<local-command-stderr>Error: …`. A setup that halts
   (Step 1's dependency gate) therefore halts the skill with nothing asked of the model.
5. A `claude -p --continue` run (the way a headless user answers a question the skill ended
   its turn with) does not carry the skill's `allowed-tools`: the same command the skill's
   rule allowed in the first run is refused ("This command requires approval") in the
   continued one, on both versions, unless the rule is given with `--allowedTools`.
6. With the team switch, a finished named agent is resumed by SendMessage to its agentId (the
   Agent result ends `agentId: <id> (use SendMessage with to: '<id>' ...)`) on both versions;
   to its `name` only on 2.1.332 (2.1.197: `No agent named 'developer' is currently
   addressable. Spawn a new one or use the agent ID.`).
7. `-p` offers no AskUserQuestion tool (either version, any switch): a skill's user prompts
   (approve/revise/validate ...) cannot be asked in a headless run.
About 3 s per session.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from e2e.claude_cli import ClaudeCli, Session, SessionResult, run_session
from e2e.demo import demo_copy
from e2e.fake_api import RecordedRequest, Text, ToolUse, tool_result_text

pytestmark = [pytest.mark.claude, pytest.mark.every_cli]

TEAM_ENV = "CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS"
AGENT_MARKER = "# Probe developer"
TEAM_PROPERTIES = {"name", "team_name", "mode"}
BANG_SCRIPT = 'echo "{\\"key\\": \\"$0\\"}"; echo "step1_gate: deps=blocked" >&2; exit 3'


def probe_plugin(root: Path, logs: Path) -> Path:
    """A plugin with a skill whose frontmatter declares a PostToolUse hook, a developer agent
    that may Write, and a plugin-level PostToolUse hook. Each hook appends its payload to its
    own log, one JSON object a line."""
    (root / ".claude-plugin").mkdir(parents=True)
    (root / ".claude-plugin" / "plugin.json").write_text(json.dumps(
        {"name": "probe", "version": "0.0.1", "description": "CLI behaviour probe"}))
    (root / "skills" / "probe-hook").mkdir(parents=True)
    (root / "skills" / "probe-hook" / "SKILL.md").write_text(
        "---\nname: probe-hook\ndescription: Probe whether a skill frontmatter hook fires.\n"
        "hooks:\n  PostToolUse:\n    - matcher: \"Edit|Write\"\n      hooks:\n"
        "        - type: command\n"
        f"          command: \"cat >> {logs / 'skill.log'}; echo >> {logs / 'skill.log'}\"\n"
        "---\n\n# Probe hook\n\nWrite the file, then dispatch the developer.\n")
    (root / "skills" / "probe-bang").mkdir(parents=True)
    (root / "skills" / "probe-bang" / "SKILL.md").write_text(
        "---\nname: probe-bang\ndescription: Probe a failing setup line.\n"
        "allowed-tools: Bash(sh -c *)\n---\n\n# Probe bang\n\n"
        f"!`sh -c '{BANG_SCRIPT}' $ARGUMENTS`\n\nFollow the setup.\n")
    (root / "skills" / "probe-allow").mkdir(parents=True)
    (root / "skills" / "probe-allow" / "SKILL.md").write_text(
        "---\nname: probe-allow\ndescription: Probe a skill's allow rule.\n"
        "allowed-tools: Bash(sh probe.sh *)\n---\n\n# Probe allow\n\n"
        "Run `sh probe.sh NOW`.\n")
    (root / "agents").mkdir()
    (root / "agents" / "dev.md").write_text(
        "---\nname: dev\ndescription: Probe developer.\ntools: Read, Write\n---\n\n"
        f"{AGENT_MARKER}\n\nWrite what you are asked to.\n")
    (root / "hooks").mkdir()
    command = f"cat >> {logs / 'plugin.log'}; echo >> {logs / 'plugin.log'}"
    (root / "hooks" / "hooks.json").write_text(json.dumps({"hooks": {"PostToolUse": [
        {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": command}]}]}}))
    return root


def payloads(log: Path) -> dict[str, dict[str, Any]]:
    """Hook payloads by the basename of the file the tool wrote."""
    if not log.exists():
        return {}
    found = [json.loads(line) for line in log.read_text("utf-8").splitlines() if line.strip()]
    return {Path(p["tool_input"]["file_path"]).name: p for p in found}


def first_turn(result: SessionResult) -> RecordedRequest:
    return next(r for r in result.requests if r.is_agent_turn and r.thread == "main")


def agent_properties(request: RecordedRequest) -> set[str]:
    tools = {t["name"]: t for t in request.body["tools"]}
    return set(tools["Agent"]["input_schema"]["properties"])


def _session(claude: ClaudeCli, tmp_path: Path, prompt: str, script: list[Any],
             agents: dict[str, list[Any]] | None = None, env: dict[str, str] | None = None,
             files: dict[str, str] | None = None) -> tuple[SessionResult, Path, Path]:
    logs = tmp_path / "logs"
    logs.mkdir()
    plugin = probe_plugin(tmp_path / "probe-plugin", logs)
    project = demo_copy(tmp_path / "demo")
    for rel, text in (files or {}).items():
        (project / rel).write_text(text)
    session = Session(prompt=prompt, script=script, agents=agents or {}, plugin_root=plugin,
                      project=project, work=tmp_path / "work", output_format="stream-json",
                      env=env or {})
    result = run_session(claude, session)
    assert not result.failures, result.failures
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.tool_errors() == {}
    return result, project, logs


def test_plugin_hook_fires_in_subagent_and_skill_hook_does_not(
        claude: ClaudeCli, tmp_path: Path) -> None:
    project = tmp_path / "demo"
    main = [
        [ToolUse("Write", {"file_path": str(project / "main_file.py"), "content": "M = 1\n"},
                 id="toolu_main_write")],
        [ToolUse("Agent", {"description": "Probe developer", "subagent_type": "probe:dev",
                           "prompt": "Write the file."}, id="toolu_agent")],
        [Text("Probe finished.")],
    ]
    sub = [[ToolUse("Write", {"file_path": str(project / "sub_file.py"), "content": "S = 2\n"},
                    id="toolu_sub_write")], [Text("Written.")]]
    result, project, logs = _session(claude, tmp_path, "/probe:probe-hook", main,
                                     {AGENT_MARKER: sub})
    assert "# Probe hook" in first_turn(result).text()  # the skill was expanded
    assert (project / "sub_file.py").read_text() == "S = 2\n"
    assert any(r.thread == AGENT_MARKER for r in result.requests)

    plugin_hook = payloads(logs / "plugin.log")
    assert sorted(plugin_hook) == ["main_file.py", "sub_file.py"]
    assert plugin_hook["sub_file.py"]["agent_type"] == "probe:dev"
    assert plugin_hook["sub_file.py"]["agent_id"]
    assert plugin_hook["sub_file.py"]["tool_use_id"] == "toolu_sub_write"
    assert "agent_type" not in plugin_hook["main_file.py"]
    assert "agent_id" not in plugin_hook["main_file.py"]

    skill_hook = payloads(logs / "skill.log")
    assert sorted(skill_hook) == ["main_file.py"]  # never the subagent's write
    assert skill_hook["main_file.py"]["tool_use_id"] == "toolu_main_write"


@pytest.mark.parametrize("switch", ["off", "env", "settings"])
def test_agent_team_switch_changes_the_agent_tool_only(
        claude: ClaudeCli, tmp_path: Path, switch: str) -> None:
    env = {TEAM_ENV: "1"} if switch == "env" else {}
    if switch == "settings":
        config = tmp_path / "work" / "claude-config"
        config.mkdir(parents=True)
        (config / "settings.json").write_text(json.dumps({"env": {TEAM_ENV: "1"}}))
    result, _, _ = _session(claude, tmp_path, "say done", [[Text("done")]], env=env)
    request = first_turn(result)
    offered = request.offered_tools
    assert not offered & {"TeamCreate", "TeamDelete"}, sorted(offered)
    assert "AskUserQuestion" not in offered  # `-p` has no user to ask, on either version
    assert "SendMessage" in offered
    if claude.version <= (2, 1, 197):
        assert "SendMessage" in request.tool_names
    else:
        assert "SendMessage" in request.deferred_tool_names
        assert "SendMessage" not in request.tool_names
    properties = agent_properties(request)
    assert {"description", "prompt", "subagent_type"} <= properties
    if switch == "off":
        assert not properties & TEAM_PROPERTIES, properties
    else:
        assert properties >= TEAM_PROPERTIES, properties


def test_agent_teams_argument_is_refused(claude: ClaudeCli, config_dir: Path) -> None:
    proc = claude.run("--agent-teams", "-p", "hi", config_dir=config_dir, timeout=60)
    assert proc.returncode != 0
    assert "unknown option '--agent-teams'" in proc.stderr


def test_failing_bang_line_ends_the_turn_before_the_model(
        claude: ClaudeCli, tmp_path: Path) -> None:
    result, _, _ = _session(claude, tmp_path, "/probe:probe-bang E1-S2", [[Text("unused")]])
    assert [r for r in result.requests if r.is_agent_turn] == []
    assert result.result is not None and result.result["subtype"] == "success"
    failed = 'Shell command failed for pattern "!`sh -c'
    if claude.version <= (2, 1, 197):
        assert result.result["result"] == ""
        replayed = [e["message"]["content"] for e in result.events if e.get("type") == "user"
                    and isinstance(e.get("message", {}).get("content"), str)]
        assert len(replayed) == 1 and replayed[0].startswith(
            "<local-command-stderr>Error: " + failed), replayed
        text = replayed[0]
    else:
        text = result.result["result"]
        assert text.startswith(failed), text
    assert text.endswith('[stderr]\n{"key": "E1-S2"}\nstep1_gate: deps=blocked'
                         + ("</local-command-stderr>" if claude.version <= (2, 1, 197) else ""))


def _echo(tag: str) -> ToolUse:
    return ToolUse("Bash", {"command": f"sh probe.sh {tag}", "description": "Probe"},
                   id=f"toolu_echo_{tag}")


@pytest.mark.parametrize("rule", ["none", "given"])
def test_continue_does_not_carry_the_skill_allow_rules(
        claude: ClaudeCli, tmp_path: Path, rule: str) -> None:
    first, project, _ = _session(claude, tmp_path, "/probe:probe-allow",
                                 [[_echo("first")], [Text("Approve? yes / no")]],
                                 files={"probe.sh": 'echo "probe $1" >> probe.log\n'})
    assert first.result is not None and first.result["result"] == "Approve? yes / no"
    extra = ["--allowedTools", "Bash(sh probe.sh *)"] if rule == "given" else []
    second = run_session(claude, Session(
        prompt="yes", script=[[_echo("second")], [Text("Done.")]],
        plugin_root=tmp_path / "probe-plugin", project=project, work=tmp_path / "work",
        output_format="stream-json", extra_args=["--continue", *extra]))
    assert second.returncode == 0, second.stdout + second.stderr
    results = {b["tool_use_id"]: b for b in second.tool_results}
    assert not results["toolu_echo_first"].get("is_error")  # replayed from the first run
    refused = second.tool_errors()
    if rule == "none":
        assert list(refused) == ["toolu_echo_second"], refused
        assert "requires approval" in refused["toolu_echo_second"]
        assert (project / "probe.log").read_text() == "probe first\n"
    else:
        assert refused == {}
        assert (project / "probe.log").read_text() == "probe first\nprobe second\n"


@pytest.mark.parametrize("target", ["name", "id"])
def test_send_message_resumes_a_finished_named_agent(
        claude: ClaudeCli, tmp_path: Path, target: str) -> None:
    def send(request: RecordedRequest) -> list[ToolUse]:
        spawned = next(tool_result_text(b) for b in request.tool_results()
                       if b.get("tool_use_id") == "toolu_spawn")
        found = re.search(r"agentId: (\w+) \(use SendMessage with to: '(\w+)'", spawned)
        assert found is not None and found.group(1) == found.group(2), spawned
        to = "developer" if target == "name" else found.group(1)
        return [ToolUse("SendMessage", {"to": to, "summary": "second prompt",
                                        "message": "Second prompt."}, id="toolu_send")]

    main: list[Any] = [[ToolUse("Agent", {"description": "Probe developer",
                                          "subagent_type": "probe:dev", "name": "developer",
                                          "prompt": "First prompt."}, id="toolu_spawn")]]
    if claude.version > (2, 1, 197):  # SendMessage is deferred: load it first
        main.append([ToolUse("ToolSearch", {"query": "select:SendMessage", "max_results": 1},
                             id="toolu_load")])
    main += [send, [Text("Done.")]]
    replies = iter(["First reply.", "Second reply."])
    result, _, _ = _session(claude, tmp_path, "Delegate twice.", main,
                            {AGENT_MARKER: [lambda r: [Text(next(replies))]] * 2},
                            env={TEAM_ENV: "1"})
    sent = next(tool_result_text(b) for b in result.tool_results
                if b.get("tool_use_id") == "toolu_send")
    developer = [r for r in result.requests if r.thread == AGENT_MARKER]
    if target == "name" and claude.version <= (2, 1, 197):
        assert json.loads(sent) == {"success": False, "message": "No agent named 'developer' "
                                    "is currently addressable. Spawn a new one or use the "
                                    "agent ID."}
        assert len(developer) == 1
        return
    assert sent.startswith('{"success":true'), sent
    assert "Second reply." in sent
    assert len(developer) == 2 and "Second prompt." in developer[1].text()
