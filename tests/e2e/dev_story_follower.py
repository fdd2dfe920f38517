"""A scripted model that does what the rendered /gaia-dev-story SKILL.md tells it, nothing fixed.

The fake Messages API hands it each request. From the first main-thread request it reads the
rendered skill (the block holding `SETUP_HEADING`) and turns it into a plan (`plan_of`):
- the setup JSON the skill's `!` line printed (its keys fill the placeholders below);
- the steps, in the order the skill gives them (`### Step N ...` headings or `N. **...**`
  items), each with its actions in text order:
  - every backticked launcher command (`<plugin root>/bin/gaia ...`), run with Bash, with
    `KEY` and every UPPER_SNAKE name whose lower-case form is a setup key filled in;
  - an Agent dispatch: a `subagent_type: "<plugin>:<agent>"` (placeholders filled) and the
    step's blockquoted prompt.
  A step marked YOLO-only (`(YOLO only)` in its title line) is played only when the setup
  says `yolo: true`; a step marked `(Mode B)` only when it says `session_mode: team`.
Then it plays the plan, one tool call a turn. A launcher command that fails (an error tool
result) halts the session: the model ends with `HALT` and the step, as the skill's gates say,
unless the command's step says `may exit non-zero` (then the next action runs).

In a stack developer's thread (its requests carry the agent's markdown body, see fake_api) it
plays the scenario's phase turns: the dispatch prompt names the phase (`red`, `green`,
`refactor`, `plan`), and the scenario gives the tool calls for each (Write the failing test;
Write the code; Read + Edit), then the answer. A validator's thread answers with the
scenario's verdict text.

A step that is missing or malformed raises SkillTextError (fake_api records it and ends the
session), so a broken SKILL.md fails the test that drives it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from e2e.fake_api import RecordedRequest, Text, ToolUse, Turn, tool_result_text
from e2e.skill_follower import SkillTextError, skill_body

SETUP_HEADING = "## Setup (already run)"
FINAL = "Story delivered."
HALT = "HALT"
_STEP_HEADING = re.compile(r"^#{2,4} Step (\w+)\b.*$", re.MULTILINE)
_LAUNCHER = re.compile(r"`([^`\n]*/bin/gaia [^`\n]*)`")
_SUBAGENT = re.compile(r'subagent_type:\s*"([^"]*)"')
_AGENT_NAME = re.compile(r"[a-z0-9-]+:[a-z0-9-]+")
_PLACEHOLDER = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\bKEY\b")
PHASES = ("plan", "red", "green", "refactor")


@dataclass(frozen=True)
class Action:
    step: str  # the step id ("1", "5a", ...)
    kind: str  # "bash" | "agent"
    command: str = ""
    subagent_type: str = ""
    prompt: str = ""
    may_fail: bool = False


@dataclass(frozen=True)
class Plan:
    setup: dict[str, Any]
    actions: tuple[Action, ...]

    def commands(self) -> list[str]:
        return [a.command for a in self.actions if a.kind == "bash"]

    def dispatches(self) -> list[Action]:
        return [a for a in self.actions if a.kind == "agent"]


def setup_json(text: str) -> dict[str, Any]:
    if SETUP_HEADING not in text:
        raise SkillTextError(f"no {SETUP_HEADING!r} section in the rendered skill")
    after = text[text.index(SETUP_HEADING) + len(SETUP_HEADING):]
    try:
        value, _ = json.JSONDecoder().raw_decode(after.lstrip())
    except ValueError as exc:
        raise SkillTextError(f"the setup section holds no JSON: {after[:300]!r}") from exc
    if not isinstance(value, dict) or not ({"key", "story_key"} & set(value)):
        raise SkillTextError(f"the setup JSON names no story key: {value!r}")
    return value


def setup_key(setup: Mapping[str, Any]) -> str:
    return str(setup.get("key", setup.get("story_key")))


def steps_of(text: str) -> list[tuple[str, str]]:
    """(step id, step text) in order."""
    found = list(_STEP_HEADING.finditer(text))
    if not found:
        raise SkillTextError("the rendered skill has no `### Step N` sections")
    ends = [m.start() for m in found[1:]] + [len(text)]
    return [(m.group(1), text[m.start():end]) for m, end in zip(found, ends, strict=True)]


def filler(setup: Mapping[str, Any], key: str) -> Callable[[str], str]:
    """Replace KEY and UPPER_SNAKE placeholders whose lower-case form is a setup key."""
    values = {name.upper(): str(v) for name, v in setup.items()
              if isinstance(v, (str, int)) and not isinstance(v, bool)}
    values["KEY"] = key

    def fill(template: str) -> str:
        return _PLACEHOLDER.sub(lambda m: values.get(m.group(0), m.group(0)), template)
    return fill


def _title(step: str) -> str:
    return step.splitlines()[0]


def _blockquote(step: str) -> str:
    return " ".join(line.strip()[1:].strip() for line in step.splitlines()
                    if line.strip().startswith(">"))


def plan_of(text: str, key: str) -> Plan:
    """Read the run's plan from a rendered SKILL.md (see the module docstring)."""
    text = skill_body(text)
    setup = setup_json(text)
    if setup_key(setup) != key:
        raise SkillTextError(f"setup ran for {setup_key(setup)!r}, not {key!r}")
    fill = filler(setup, key)
    yolo = bool(setup.get("yolo"))
    team = setup.get("session_mode") == "team"
    actions: list[Action] = []
    for step_id, step in steps_of(text):
        title = _title(step)
        if "(YOLO only)" in title and not yolo:
            continue
        if "(Mode B)" in title and not team:
            continue
        may_fail = "may exit non-zero" in step
        events: list[tuple[int, Action]] = []
        for match in _LAUNCHER.finditer(step):
            events.append((match.start(), Action(step_id, "bash", command=fill(match.group(1)),
                                                 may_fail=may_fail)))
        for match in _SUBAGENT.finditer(step):
            agent = fill(match.group(1))
            if not _AGENT_NAME.fullmatch(agent):
                raise SkillTextError(f"step {step_id} names subagent_type {agent!r}, not "
                                     "plugin:agent")
            prompt = _blockquote(step)
            if not prompt:
                raise SkillTextError(f"step {step_id} dispatches {agent} with no blockquoted "
                                     "prompt")
            events.append((match.start(), Action(step_id, "agent", subagent_type=agent,
                                                 prompt=fill(prompt))))
        actions += [a for _, a in sorted(events, key=lambda e: e[0])]
    if not actions:
        raise SkillTextError("the skill's steps name no command and no dispatch")
    return Plan(setup, tuple(actions))


def skill_block(request: RecordedRequest) -> str:
    """The one text block (or string message) of the request that holds the rendered skill."""
    blocks: list[str] = []
    for message in request.body.get("messages", []) if isinstance(request.body, dict) else []:
        content = message.get("content")
        items = [content] if isinstance(content, str) else [
            str(b.get("text", "")) for b in content or [] if isinstance(b, dict)]
        blocks += [text for text in items if SETUP_HEADING in text]
    if not blocks:
        raise SkillTextError(f"no message holds the rendered skill ({SETUP_HEADING!r})")
    return blocks[-1]


def phase_of(prompt: str) -> str:
    """The TDD phase (or `plan`) a developer dispatch prompt asks for: the first phase word."""
    found = [(m.start(), m.group(1).lower()) for m in re.finditer(
        r"\b(plan|red|green|refactor)\b", prompt, re.IGNORECASE)]
    if not found:
        raise SkillTextError(f"the developer's prompt names no phase: {prompt[:300]!r}")
    return min(found)[1]


@dataclass
class DevStoryFollower:
    """The main thread and the subagent threads of one dev-story session."""

    key: str
    tag: str
    developer: Mapping[str, Sequence[Turn]]  # phase -> tool-call turns before the answer
    answers: Mapping[str, str] = field(default_factory=dict)  # phase -> final answer text
    validator_answer: str = "VERDICT: PASSED"
    plan: Plan | None = None
    done: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)
    halted: str | None = None
    _index: int = 0
    _pending: Action | None = None
    _dev_phase: str = ""
    _dev_step: int = 0

    def _use(self, thread: str, name: str, tool_input: dict[str, Any], suffix: str) -> ToolUse:
        self.done.append((thread, name, tool_input))
        return ToolUse(name, tool_input, id=f"toolu_{suffix}_{self.tag}")

    def _result_of(self, request: RecordedRequest, tool_id: str) -> tuple[bool, str]:
        for block in reversed(request.tool_results()):
            if block.get("tool_use_id") == tool_id:
                return bool(block.get("is_error")), tool_result_text(block)
        raise SkillTextError(f"no tool result for {tool_id} in the request")

    def main(self, request: RecordedRequest) -> Turn:
        if self.plan is None:
            self.plan = plan_of(skill_block(request), self.key)
        plan = self.plan
        if self._pending is not None and self._pending.kind == "bash":
            failed, output = self._result_of(request, f"toolu_cmd{self._index - 1}_{self.tag}")
            if failed and not self._pending.may_fail:
                self.halted = f"{HALT} at Step {self._pending.step}: {output.strip()}"
                return [Text(self.halted)]
        if self._index >= len(plan.actions):
            return [Text(FINAL)]
        action = plan.actions[self._index]
        self._pending, self._index = action, self._index + 1
        if action.kind == "bash":
            return [self._use("main", "Bash", {
                "command": action.command,
                "description": f"Step {action.step}"}, f"cmd{self._index - 1}")]
        return [self._use("main", "Agent", {
            "description": f"Step {action.step} {action.subagent_type}",
            "subagent_type": action.subagent_type, "prompt": action.prompt},
            f"cmd{self._index - 1}")]

    def dev(self, request: RecordedRequest) -> Turn:
        messages = request.body.get("messages", []) if isinstance(request.body, dict) else []
        if len(messages) == 1:  # a new dispatch: its first request holds only the prompt
            self._dev_phase, self._dev_step = phase_of(request.text()), 0
        phase = self._dev_phase
        turns = list(self.developer.get(phase, ()))
        step, self._dev_step = self._dev_step, self._dev_step + 1
        if step < len(turns):
            turn = turns[step]
            self.done += [(f"dev:{phase}", b.name, b.input) for b in turn
                          if isinstance(b, ToolUse)]
            return turn
        return [Text(self.answers.get(phase, f"{phase} phase done."))]

    def validator(self, request: RecordedRequest) -> Turn:
        return [Text(self.validator_answer)]

    def steps(self, count: int = 80) -> list[Any]:
        return [self.main] * count
