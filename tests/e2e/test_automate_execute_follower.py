"""A scripted model that does what the rendered /gaia-test-automate-execute SKILL.md says.

Like `skill_follower.Follower` (whose section readers it reuses), it reads the skill text the
CLI rendered into the first main-thread request and plays it:
- the preflight JSON under `## Setup (already run)` (`story_key`, `run_dir`, `developer`);
- the dispatch step: the Agent tool with the step's `subagent_type: "<NAME>"`, where the step
  says which setup JSON field NAME is (`where NAME is the setup JSON's \\`field\\``), and the
  blockquoted prompt with KEY and RUN_DIR filled in (RUN_DIR: `RUN_DIR is the setup JSON's
  \\`run_dir\\``);
- every later step's backticked launcher command (`<plugin root>/bin/gaia ...`), in order, KEY
  filled in, run with Bash; then `FINAL`.
In the developer's thread it reads the `.../setup.json` its prompt names (Read tool), writes
each planned `test_file` with the scenario's text (Write tool), and answers with the list.
A missing or malformed step raises SkillTextError (see skill_follower).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from e2e.fake_api import RecordedRequest, Text, ToolUse, Turn
from e2e.skill_follower import (
    _LAUNCHER,
    _SUBAGENT,
    SkillTextError,
    _last_tool_result,
    _setup_json,
    numbered_steps,
    skill_block,
    skill_body,
)

FINAL = "Test automation execution finished."
_FIELD_OF = re.compile(r"where ([A-Z_]+) is the setup JSON's `(\w+)`")
_RUN_DIR = re.compile(r"RUN_DIR is the setup JSON's `(\w+)`")
_SETUP_FILE = re.compile(r"`(RUN_DIR/[\w.-]+\.json)`")
_READ_LINE = re.compile(r"^\s*\d+[\t→]", re.MULTILINE)  # the Read tool's line-number prefix


@dataclass(frozen=True)
class Plan:
    setup: dict[str, Any]
    subagent_type: str
    prompt: str
    commands: tuple[str, ...]


def plan_of(text: str, key: str) -> Plan:
    text = skill_body(text)
    setup = _setup_json(text, ("story_key", "run_dir", "developer"))
    if setup["story_key"] != key:
        raise SkillTextError(f"setup ran for {setup['story_key']!r}, not {key!r}")
    steps = numbered_steps(text)
    dispatch = [s for s in steps if "Agent tool" in s]
    if len(dispatch) != 1:
        raise SkillTextError(f"expected one Agent-tool step, found {len(dispatch)}")
    names = _SUBAGENT.findall(dispatch[0])
    if len(names) != 1:
        raise SkillTextError(f"the dispatch step must name one subagent_type, found {names!r}")
    named = dict(_FIELD_OF.findall(dispatch[0]))
    agent = str(setup.get(named[names[0]], "")) if names[0] in named else names[0]
    if not re.fullmatch(r"[a-z0-9-]+:[a-z0-9-]+", agent):
        raise SkillTextError(f"the subagent_type resolves to {agent!r}, not plugin:agent")
    quoted = [line.strip()[1:].strip() for line in dispatch[0].splitlines()
              if line.strip().startswith(">")]
    if not quoted:
        raise SkillTextError("the dispatch step has no blockquoted prompt for the developer")
    run_dir_field = _RUN_DIR.search(dispatch[0])
    if run_dir_field is None:
        raise SkillTextError("the dispatch step does not say which setup field RUN_DIR is")
    run_dir = str(setup[run_dir_field.group(1)])
    prompt = " ".join(quoted).replace("RUN_DIR", run_dir).replace("KEY", key)
    later = steps[steps.index(dispatch[0]) + 1:]
    commands = tuple(c.replace("KEY", key) for s in later for c in _LAUNCHER.findall(s))
    if not commands:
        raise SkillTextError("no launcher command (`.../bin/gaia ...`) after the dispatch step")
    return Plan(setup, agent, prompt, commands)


@dataclass
class ExecuteFollower:
    """Both scripted threads of one execution session; `main` and `developer` are responders."""

    key: str
    project: str
    tag: str
    write_test: Callable[[dict[str, Any]], str]  # planned test entry -> the file's text
    plan: Plan | None = None
    done: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)
    _main_step: int = 0
    _dev_step: int = 0
    _planned: list[dict[str, Any]] = field(default_factory=list)

    def _use(self, thread: str, name: str, tool_input: dict[str, Any], suffix: str) -> ToolUse:
        self.done.append((thread, name, tool_input))
        return ToolUse(name, tool_input, id=f"toolu_{suffix}_{self.tag}")

    def main(self, request: RecordedRequest) -> Turn:
        step, self._main_step = self._main_step, self._main_step + 1
        if self.plan is None:
            self.plan = plan_of(skill_block(request), self.key)
        if step == 0:
            return [Text("Dispatching the stack developer."), self._use("main", "Agent", {
                "description": f"Write planned tests {self.key}",
                "subagent_type": self.plan.subagent_type, "prompt": self.plan.prompt}, "agent")]
        index = step - 1
        if index < len(self.plan.commands):
            return [self._use("main", "Bash", {"command": self.plan.commands[index],
                                               "description": f"Skill step {index + 1}"},
                              f"cmd{index}")]
        return [Text(FINAL)]

    def developer(self, request: RecordedRequest) -> Turn:
        step, self._dev_step = self._dev_step, self._dev_step + 1
        if step == 0:
            named = _SETUP_FILE.search(request.text()) or re.search(
                r"(\S+/setup\.json)", request.text())
            if named is None:
                raise SkillTextError("the developer's prompt names no setup.json to read")
            path = named.group(1).strip("`")
            full = path if path.startswith("/") else f"{self.project}/{path}"
            return [self._use("dev", "Read", {"file_path": full}, "read")]
        if step == 1:
            text = _READ_LINE.sub("", _last_tool_result(request, f"toolu_read_{self.tag}"))
            start = text.find("{")
            try:
                self._planned = list(json.JSONDecoder().raw_decode(text[start:])[0]["tests"])
            except (ValueError, KeyError) as exc:
                raise SkillTextError(f"setup.json did not parse: {text[:300]!r}") from exc
            return [self._use("dev", "Write", {
                "file_path": f"{self.project}/{t['test_file']}",
                "content": self.write_test(t)}, f"write{i}") for i, t in enumerate(self._planned)]
        files = ", ".join(t["test_file"] for t in self._planned)
        return [Text(f"Wrote {files}.")]

    def steps(self, count: int = 8) -> list[Any]:
        return [self.main] * count
