"""A scripted model that does what the rendered /gaia-dev-story SKILL.md tells it, nothing fixed.

The fake Messages API hands it each request. From the first main-thread request it reads the
rendered skill (`SkillText`): the setup JSON under `## Setup (already run...)` and the
numbered steps under `## Steps`. Every command it runs is a backticked command of the step it
is playing (a `<plugin root>/bin/gaia ...` launcher call or a `git ...` call), found by what it
must contain (`emit-step-boundary 5`, `tdd-evidence red`, `gate.py 4 KEY --iteration N` ...),
with the placeholders filled: `KEY` and every UPPER_SNAKE name whose lower-case form is a setup
key (`STORY_FILE`, `PLAN_FILE`, `SUBAGENT_TYPE` ...), and the values the run produced (`BASE`
from `promotion-chain-guard`'s `PRESENT:<branch>`, `PR` from `pr-create`, `N`, `FINDINGS`,
`CHOICE`). Every dispatch is the Agent tool with the
`subagent_type: "..."` the step names and the blockquoted prompt that follows it, or the
quoted one-line instruction the step gives for a re-dispatch ("Revise PLAN_FILE ...").

The main thread plays the steps in order:
- the orchestration notice (the setup's `orchestration_warning`) as the first text;
- 1 (Mode B, only when `orchestration_mode` is `team`): `--team-tools yes` when the request
  offers the tools the step names (an Agent tool that takes a `name`, and SendMessage), else
  `--team-tools no`; with them the first developer dispatch carries the step's `name` and
  every later developer prompt goes by SendMessage to the agent id that dispatch's result
  reports under the label the step quotes (`agentId: <id>`);
- RESUME / REWORK (the setup's `mode`), as the skill's **Resume** rule says: after step 1,
  step 3's `git-branch`, then the step `resume_at` names (2, 3 or 4: a resume past the plan
  gate is not scripted), the steps before it skipped;
- 2, 3, 8, 9, 10, 12, 13, 15: their commands in order (conditional ones skipped: Figma, the
  skill-rename preflight); 11 and 14 likewise, with PR and BASE taken from outputs;
- 4: the developer's plan, then the interactive gate (`--verdict halted`, then the user's
  answer) or, in YOLO, the Val loop (N = 1..3; FIX re-dispatches the developer);
- 5, 6, 7: the developer's phase, `tdd-evidence`, the TDD review gate (SKIP / PROMPT /
  QA_AUTO), 6b, and 7b's Val loop;
- 16: its gate (YOLO reviews are not played: the scenario that reaches it is not YOLO);
- 17, always, also after a stop: finalize, then `FINAL` and finalize's stdout.
A command that exits non-zero where the skill says "stop at step 17" goes to 17 with the
command's output as the halt reason (`halted`).

AskUserQuestion: `-p` offers no such tool (docs/claude-code-notes.md). Where a step says
AskUserQuestion and the request offers none, the model does what the skill's **Questions** rule
says: it writes the question and the options the step lists as its final text and ends its
turn. The user answers in the next `claude -p --continue "<answer>"` run: the CLI replays the
conversation with the answer as the last user message, and the model goes on from there (the
answer must be one of the options). When the tool is offered, the model calls it.

Subagent threads (fake_api routes them by the agent's markdown heading):
- the developer: the prompt says which phase (`Plan story`, `TDD red|green|refactor phase`,
  `Revise ...`, `Fix these findings ...`); the plan phase writes PLAN_FILE with exactly the
  sections the prompt lists (Reading it first when it is already there: a revision, or a
  resumed run's new plan); red writes the scenario's test files, green its code files and
  ticks the story's subtasks, refactor applies its edits (Read first: 2.1.197 refuses an Edit
  of an unread file); then it answers.
- the validator: runs the persona-signature command its agent file names, then answers with
  the JSON envelope its agent file describes, with the scenario's findings for that call.
- the TDD reviewer: answers with the scenario's review JSON.

A step or command missing or malformed raises SkillTextError: fake_api records it and ends the
session, so a broken SKILL.md fails the test that drives it.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from e2e.fake_api import RecordedRequest, Text, ToolUse, Turn, tool_result_text
from e2e.skill_follower import SkillTextError, fence, numbered_steps, skill_block, skill_body

SETUP_HEADING = "## Setup (already run"
FINAL = "dev-story finished."
_CODE = re.compile(r"`([^`\n]+)`")
_SUBAGENT = re.compile(r'subagent_type:\s*"([^"]*)"')
_AGENT_NAME = re.compile(r"[a-z0-9-]+:[a-z0-9-]+")
# A word in capitals the skill asks to fill in (`KEY`, `STORY_FILE`); not a part of a path (the
# plugin root the text was rendered with may be `/tmp/ci.V9I2/...` or `/home/CI/...`).
_PLACEHOLDER = re.compile(r"(?<![\w./])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*(?![\w/])")
_STEP_NUMBER = re.compile(r"(\d+)\. \*\*")
_INLINE = re.compile(r'"((?:Revise|Fix these|Add the missing)[^"]*)"')
_OPTIONS = re.compile(r"exactly the options ((?:`[^`]+`(?:, | and |,? or )?)+)")
_PHASE = re.compile(r"TDD (red|green|refactor) phase")
_SECTIONS = re.compile(r"sections, in this order: ([^.(]+)")
_ARTIFACT = re.compile(r"artifact_path is (\S+?)\.?(?:\s|$)")
_REMINDER = re.compile(r"<system-reminder>.*?</system-reminder>", re.DOTALL)
MAX_ROUNDS = 3

Result = tuple[bool, str]  # (is_error, output) of a tool call
Script = Generator[Turn, Result, None]


class Run(NamedTuple):
    """One Bash call of the main thread."""

    id: str  # the tool_use id
    command: str
    error: bool
    output: str


class Stop(Exception):
    """A step said "stop at step 17"; the message is the halt reason."""


def setup_json(text: str) -> dict[str, Any]:
    if SETUP_HEADING not in text:
        raise SkillTextError(f"no {SETUP_HEADING!r} section in the rendered skill")
    after = text[text.index(SETUP_HEADING):].split("\n", 1)[1]
    try:
        value, _ = json.JSONDecoder().raw_decode(after.lstrip())
    except ValueError as exc:
        raise SkillTextError(f"the setup section holds no JSON: {after[:300]!r}") from exc
    if not isinstance(value, dict) or "key" not in value:
        raise SkillTextError(f"the setup JSON names no key: {value!r}")
    return value


def _flat(text: str) -> str:
    return " ".join(text.split())


@dataclass(frozen=True)
class SkillText:
    """The rendered skill, read as what the model needs: setup values and numbered steps."""

    setup: dict[str, Any]
    steps: dict[int, str]
    rules: str  # the text before the steps (questions, resume, notices), whitespace-flattened

    @classmethod
    def parse(cls, rendered: str, key: str) -> SkillText:
        text = skill_body(rendered)
        setup = setup_json(text)
        if setup["key"] != key:
            raise SkillTextError(f"setup ran for {setup['key']!r}, not {key!r}")
        steps: dict[int, str] = {}
        for step in numbered_steps(text):
            match = _STEP_NUMBER.match(step)
            assert match is not None
            steps[int(match.group(1))] = step
        head = text.split("\n## Steps", 1)[0]
        return cls(setup, steps, _flat(head))

    def step(self, number: int) -> str:
        if number not in self.steps:
            raise SkillTextError(f"the skill has no step {number}")
        return self.steps[number]

    def fill(self, template: str, extra: Mapping[str, str] | None = None) -> str:
        values = {name.upper(): str(v) for name, v in self.setup.items()
                  if isinstance(v, (str, int)) and not isinstance(v, bool)}
        values.update(extra or {})
        return _PLACEHOLDER.sub(lambda m: values.get(m.group(0), m.group(0)), template)

    def commands(self, number: int) -> list[str]:
        """The step's backticked commands (launcher or git), unfilled, in text order."""
        found = [_flat(c) for c in _CODE.findall(self.step(number))]
        return [c for c in found if "/bin/gaia " in c or c.startswith("git ")]

    def command(self, number: int, *needles: str, end: bool = False) -> str:
        """The one command of the step that contains every needle (unfilled); with `end`, the
        last needle must end the command."""
        found = [c for c in self.commands(number) if all(n in c for n in needles)
                 and (not end or c.endswith(needles[-1]))]
        if len(found) != 1:
            raise SkillTextError(f"step {number}: expected one command with {needles}, found "
                                 f"{found}")
        return found[0]

    def bare(self, number: int, gate: str) -> str:
        """The step's command that ends with `gate.py <gate> KEY` (no flags after it)."""
        return self.command(number, f"gate.py {gate} KEY", end=True)

    def dispatches(self, number: int) -> list[tuple[str, str]]:
        """(subagent_type, blockquoted prompt) pairs of the step, unfilled, in text order."""
        step = self.step(number)
        found: list[tuple[str, str]] = []
        for match in _SUBAGENT.finditer(step):
            lines = step[match.end():].splitlines()[1:]
            while lines and not lines[0].strip():
                lines.pop(0)
            quote: list[str] = []
            for line in lines:
                if not line.strip().startswith(">"):
                    break
                quote.append(line.strip()[1:].strip())
            if quote:
                found.append((match.group(1), " ".join(quote)))
        return found

    def dispatch(self, number: int, role: str) -> tuple[str, str]:
        """(subagent_type, prompt) of the step's blockquoted dispatch for `role`: the developer
        is the step's first dispatch; `validator` and `tdd-reviewer` are the dispatch whose
        subagent_type names them. The subagent_type is used as written (placeholders aside)."""
        found = self.dispatches(number)
        if role != "developer":
            found = [(a, p) for a, p in found if a.endswith(f":{role}")]
        if not found:
            raise SkillTextError(f"step {number}: no blockquoted dispatch of the {role}")
        return found[0]

    def inline(self, number: int, start: str) -> str:
        found = [str(p) for p in _INLINE.findall(_flat(self.step(number))) if p.startswith(start)]
        if not found:
            raise SkillTextError(f"step {number}: no quoted instruction starting {start!r}")
        return found[0]

    def teammate_name(self) -> str:
        """The name step 1 gives the persistent developer (`name: "..."`)."""
        match = re.search(r'`name: "([^"]+)"`', self.step(1))
        if match is None:
            raise SkillTextError("step 1 names no teammate (`name: \"...\"`)")
        return match.group(1)

    def teammate_id(self, result: str) -> str:
        """Where step 1 sends later developer prompts: the agent id the first dispatch's
        result reports, found by the label step 1 quotes (`agentId: <id>`)."""
        label = re.search(r"SendMessage `to` the agent id .*?`(\w+): <id>`",
                          _flat(self.step(1)))
        if label is None:
            raise SkillTextError("step 1 does not say which id later developer prompts go to")
        found = re.search(rf"\b{label.group(1)}: (\w+)", result)
        if found is None:
            raise SkillTextError(f"the developer's dispatch result reports no "
                                 f"{label.group(1)}: {result[-300:]!r}")
        return found.group(1)

    def yolo_note(self) -> str:
        """What YOLO adds to every developer prompt (step 5 says it)."""
        match = re.search(r'In YOLO add to every developer prompt: "([^"]+)"',
                          _flat(self.step(5)))
        if match is None:
            raise SkillTextError("step 5 does not say what YOLO adds to a developer prompt")
        return match.group(1)

    def options(self, number: int) -> list[str]:
        match = _OPTIONS.search(_flat(self.step(number)))
        if match is None or "AskUserQuestion" not in self.step(number):
            raise SkillTextError(f"step {number}: no AskUserQuestion with exactly the options")
        return re.findall(r"`([^`]+)`", match.group(1))


def last_user_text(request: RecordedRequest) -> str:
    """The last text the user sent (a `--continue` run's prompt)."""
    for message in reversed(request.messages):
        if message.get("role") != "user":
            continue
        content = message.get("content")
        texts = [content] if isinstance(content, str) else [
            str(b.get("text", "")) for b in content or [] if b.get("type") == "text"]
        texts = [_REMINDER.sub("", t).strip() for t in texts]
        texts = [t for t in texts if t]
        if texts:
            return texts[-1]
    raise SkillTextError("no user text in the request")


def first_word(output: str) -> str:
    """The instruction word a gate printed: the first word of its output, after the `Exit code
    N` line the Bash tool puts first when a command fails."""
    lines = [line for line in output.strip().splitlines()
             if not re.fullmatch(r"Exit code \d+", line.strip())]
    return lines[0].split()[0] if lines and lines[0].split() else ""


@dataclass
class Scenario:
    """What the subagents do and what the user answers."""

    red_files: Mapping[str, str]  # project-relative path -> text
    green_files: Mapping[str, str]
    refactor_edits: Sequence[tuple[str, str, str]] = ()  # (path, old, new)
    val_findings: Sequence[Sequence[dict[str, Any]]] = ()  # per Val call; missing -> none
    tdd_review: dict[str, Any] = field(default_factory=lambda: {"findings": []})


@dataclass
class DevStoryFollower:
    """The main thread and the subagent threads of one dev-story session."""

    key: str
    project: str
    tag: str
    scenario: Scenario
    stop_after: int | None = None  # the scenario ends the run after this step (then step 17)
    skill: SkillText | None = None
    done: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)
    runs: list[Run] = field(default_factory=list)
    halted: str | None = None
    said: list[str] = field(default_factory=list)  # the text the model showed the user
    asked: list[tuple[list[str], str]] = field(default_factory=list)  # (options, answer)
    questions: list[str] = field(default_factory=list)  # asked as final text (headless)
    val_calls: int = 0
    _script: Script | None = None
    _pending: str = ""
    _ids: int = 0
    _say: list[str] = field(default_factory=list)
    _request: RecordedRequest | None = None
    _values: dict[str, str] = field(default_factory=dict)
    _dev: list[Turn] = field(default_factory=list)
    _dev_answer: str = ""
    _plan_doc: str = ""
    _team: bool = False  # Mode B with the team tools: one named developer, then SendMessage
    _teammate: str = ""  # the agent id later developer prompts are sent to
    _loaded: bool = False
    _plan_round: int = 0

    # ------------------------------------------------------------------ the fake's responders
    def main(self, request: RecordedRequest) -> Turn:
        self._request = request
        if self._script is None:
            self.skill = SkillText.parse(skill_block(request, SETUP_HEADING), self.key)
            self._script = self._play()
            return next(self._script)
        result = self._result(request, self._pending) if self._pending else (
            False, last_user_text(request))
        try:
            return self._script.send(result)
        except StopIteration:
            return [Text(FINAL)]

    def steps(self, count: int = 120) -> list[Any]:
        return [self.main] * count

    def _result(self, request: RecordedRequest, tool_id: str) -> Result:
        for block in reversed(request.tool_results()):
            if block.get("tool_use_id") == tool_id:
                return bool(block.get("is_error")), tool_result_text(block)
        raise SkillTextError(f"no tool result for {tool_id} in the request")

    # ------------------------------------------------------------------ main-thread helpers
    def _call(self, name: str, tool_input: dict[str, Any]) -> Generator[Turn, Result, Result]:
        self._ids += 1
        self._pending = f"toolu_{self._ids}_{self.tag}"
        self.done.append(("main", name, tool_input))
        blocks: list[Text | ToolUse] = [Text(t) for t in self._say]
        self.said += self._say
        self._say = []
        result = yield [*blocks, ToolUse(name, tool_input, id=self._pending)]
        return result

    @property
    def _skill(self) -> SkillText:
        assert self.skill is not None
        return self.skill

    def _fill(self, template: str) -> str:
        return self._skill.fill(template, {"KEY": self.key, **self._values})

    def _bash(self, command: str, step: int) -> Generator[Turn, Result, Result]:
        filled = self._fill(command)
        unfilled = [p for p in _PLACEHOLDER.findall(command)
                    if len(p) > 1 and self._fill(p) == p]
        if unfilled:
            raise SkillTextError(f"step {step}: no value for {unfilled} in {command!r}")
        error, output = yield from self._call("Bash", {"command": filled,
                                                       "description": f"Step {step}"})
        self.runs.append(Run(self._pending, filled, error, output))
        return error, output

    def _must(self, command: str, step: int) -> Generator[Turn, Result, str]:
        """Run a command whose failure stops the run at step 17."""
        error, output = yield from self._bash(command, step)
        if error:
            raise Stop(f"step {step}: {output.strip()}")
        return output

    def _agent(self, agent: str, prompt: str, step: int) -> Generator[Turn, Result, str]:
        subagent = self._fill(agent)
        if subagent == self._skill.setup.get("subagent_type") and self._skill.setup.get("yolo"):
            prompt = f"{prompt} {self._skill.yolo_note()}"
        if not _AGENT_NAME.fullmatch(subagent):
            raise SkillTextError(f"step {step}: subagent_type {subagent!r} is not plugin:agent")
        if self._teammate and subagent == self._skill.setup.get("subagent_type"):
            return (yield from self._send(self._fill(prompt), step))
        call = {"description": f"Step {step} {subagent}", "subagent_type": subagent,
                "prompt": self._fill(prompt)}
        team = self._team and subagent == self._skill.setup.get("subagent_type")
        if team:
            call["name"] = self._skill.teammate_name()
        error, output = yield from self._call("Agent", call)
        if error:
            raise Stop(f"step {step}: the Agent call failed: {output.strip()}")
        if team:
            self._teammate = self._skill.teammate_id(output)
        return output

    def _send(self, prompt: str, step: int) -> Generator[Turn, Result, str]:
        """Mode B: a later developer prompt goes to the teammate with SendMessage (loaded
        through ToolSearch first where the CLI defers it)."""
        assert self._request is not None
        if "SendMessage" not in self._request.tool_names and not self._loaded:
            yield from self._call("ToolSearch", {"query": "select:SendMessage",
                                                 "max_results": 1})
            self._loaded = True
        error, output = yield from self._call("SendMessage", {
            "to": self._teammate, "summary": f"Step {step} developer prompt",
            "message": prompt})
        if error or '"success":false' in output:
            raise Stop(f"step {step}: SendMessage to {self._teammate!r} failed: "
                       f"{output.strip()}")
        return output

    def _ask(self, step: int) -> Generator[Turn, Result, str]:
        """Ask the user the step's question; the answer is one of its options."""
        options = self._skill.options(step)
        assert self._request is not None
        if "AskUserQuestion" in self._request.offered_tools:
            _, answer = yield from self._call("AskUserQuestion", {"questions": [{
                "question": f"Step {step}: how do you want to continue?",
                "header": f"Step {step}", "multiSelect": False,
                "options": [{"label": o, "description": o} for o in options]}]})
        else:
            if "no AskUserQuestion tool" not in self._skill.rules:
                raise SkillTextError("the skill does not say what to do without AskUserQuestion")
            self._pending = ""
            self.said += self._say
            question = [*self._say, f"Step {step}: how do you want to continue? "
                        + " / ".join(f"`{o}`" for o in options)]
            self._say = []
            self.questions.append(question[-1])
            _, answer = yield [Text("\n\n".join(question))]
        answer = answer.strip()
        if answer not in options:
            raise SkillTextError(f"step {step}: the answer {answer!r} is not one of {options}")
        self.asked.append((options, answer))
        return answer

    def _write(self, path: str, content: str) -> Generator[Turn, Result, None]:
        error, output = yield from self._call("Write", {"file_path": path, "content": content})
        if error:
            raise Stop(f"could not write {path}: {output.strip()}")

    def _reply(self, answer: str) -> str:
        """A subagent's answer as the parent persists it: the JSON block, unindented."""
        content = fence(answer, "json")
        return (content if content is not None else answer).strip() + "\n"

    # ------------------------------------------------------------------ the steps
    def _play(self) -> Script:
        skill = self._skill
        warning = skill.setup.get("orchestration_warning")
        if warning:
            self._say.append(str(warning))
        try:
            if skill.setup.get("orchestration_mode") == "team":
                yield from self._mode_b()
            self._done_with(1)
            start = yield from self._resume()
            for number in (2, 3):
                if number < start:
                    continue
                for command in skill.commands(number):
                    yield from self._must(command, number)
                self._done_with(number)
            if start <= 3:
                self._say.append(self._fill("Resolved developer: STACK (persona AGENT_FILE)"))
            yield from self._plan()
            self._done_with(4)
            for number, phase in ((5, "red"), (6, "green"), (7, "refactor")):
                yield from self._tdd(number, phase)
                self._done_with(number)
            yield from self._must(skill.command(8, "emit-step-boundary 8"), 8)
            yield from self._must(skill.command(9, "emit-step-boundary 9"), 9)
            yield from self._must(skill.command(9, "dod-check"), 9)
            self._done_with(9)
            yield from self._deliver()
            for command in skill.commands(15):
                yield from self._must(command, 15)
            yield from self._must(skill.command(16, "emit-step-boundary 16"), 16)
            gate16 = yield from self._must(skill.bare(16, "16"), 16)
            if '"yolo": true' in gate16:
                raise SkillTextError("the YOLO auto-reviews of step 16 are not scripted")
        except Stop as stop:
            self.halted = str(stop)
        _, summary = yield from self._bash(skill.command(17, "finalize.py"), 17)
        yield [Text(f"{FINAL}\n{summary}")]

    def _done_with(self, step: int) -> None:
        if self.stop_after is not None and step >= self.stop_after:
            raise Stop(f"the scenario ends after step {step}")

    def _resume(self) -> Generator[Turn, Result, int]:
        """The step the run goes on with after step 1: 2 for a FRESH story; in RESUME or
        REWORK the step `resume_at` names, after step 3's `git-branch` (the **Resume** rule).
        Resuming past the plan gate is not scripted."""
        skill = self._skill
        if skill.setup.get("mode") not in ("RESUME", "REWORK"):
            return 2
        if "continue at the step named by `resume_at`" not in skill.rules or \
                "step 3's `git-branch` command first" not in skill.rules:
            raise SkillTextError("the skill does not say where a resumed run goes on")
        at = str(skill.setup.get("resume_at"))
        if at not in ("2", "3", "4"):
            raise SkillTextError(f"resuming at step {at!r} is not scripted")
        yield from self._must(skill.command(3, "git-branch"), 3)
        return int(at)

    def _mode_b(self) -> Script:
        step = _flat(self._skill.step(1))
        if "Agent tool takes a `name`" not in step or "SendMessage" not in step:
            raise SkillTextError("step 1 does not say which team tools to look for")
        assert self._request is not None
        agent: dict[str, Any] = next((t for t in self._request.body.get("tools", [])
                      if t.get("name") == "Agent"), {})
        takes_name = "name" in agent.get("input_schema", {}).get("properties", {})
        self._team = takes_name and "SendMessage" in self._request.offered_tools
        offered = "yes" if self._team else "no"
        yield from self._must(self._skill.command(1, f"--team-tools {offered}"), 1)

    def _plan(self) -> Script:
        skill = self._skill
        yield from self._must(skill.command(4, "emit-step-boundary 4"), 4)
        if skill.setup.get("figma"):
            raise SkillTextError("a Figma story is not scripted")
        developer, prompt = skill.dispatch(4, "developer")
        yield from self._agent(developer, prompt, 4)
        if not skill.setup.get("yolo"):
            regenerate = 0
            while True:
                _, output = yield from self._bash(skill.command(4, "--verdict halted"), 4)
                if first_word(output) == "ASK":
                    break
                if first_word(output) != "REGENERATE" or regenerate >= 5:
                    raise Stop(f"step 4: {output.strip()}")
                regenerate += 1
                self._values["SECTION"] = output.strip().splitlines()[-1]
                yield from self._agent(developer, skill.inline(4, "Add the missing"), 4)
            answer = yield from self._ask(4)
            if answer != "approve":
                raise SkillTextError(f"step 4 answer {answer!r} is not scripted")
            yield from self._must(skill.command(4, "--verdict passed"), 4)
            return
        yield from self._val_loop(4, skill.dispatch(4, "validator"),
                                  skill.command(4, "--iteration N"), developer,
                                  skill.inline(4, "Revise"))

    def _val_loop(self, step: int, val: tuple[str, str], gate: str, developer: str,
                  fix: str) -> Script:
        for iteration in range(1, MAX_ROUNDS + 1):
            self._values["N"] = str(iteration)
            answer = yield from self._agent(*val, step)
            yield from self._write(self._fill("VAL_REPLY"), self._reply(answer))
            error, output = yield from self._bash(gate, step)
            word = first_word(output)
            if word == "PASSED":
                return
            if word != "FIX" or error:
                raise Stop(f"step {step}: {output.strip()}")
            self._values["FINDINGS"] = output.strip()
            yield from self._agent(developer, fix, step)
        raise Stop(f"step {step}: Val still had findings after {MAX_ROUNDS} iterations")

    def _tdd(self, number: int, phase: str) -> Script:
        skill = self._skill
        yield from self._must(skill.command(number, f"emit-step-boundary {number}"), number)
        developer, prompt = skill.dispatch(number, "developer")
        yield from self._agent(developer, prompt, number)
        error, output = yield from self._bash(skill.command(number, f"tdd-evidence {phase}"),
                                              number)
        if error:
            raise Stop(f"step {number}: {output.strip()}")
        yield from self._review_gate(number, phase)
        if number == 6:
            yield from self._must(skill.command(6, "gate.py 6b"), 6)
        if number == 7:
            yield from self._val_loop(7, skill.dispatch(7, "validator"),
                                      skill.command(7, "gate.py 7b", "--iteration N"),
                                      developer, skill.inline(7, "Fix these"))

    def _review_gate(self, number: int, phase: str) -> Script:
        skill = self._skill
        output = yield from self._must(skill.bare(number, str(number)), number)
        word = first_word(output)
        if word == "SKIP":
            return
        if word == "PROMPT":
            choice = yield from self._ask(5)
            self._values["CHOICE"] = choice
            decision = yield from self._must(skill.command(5, "--choice CHOICE").replace(
                "gate.py 5 ", f"gate.py {number} "), number)
            if first_word(decision) not in ("DISPATCH", "QA_AUTO"):
                return
        elif word != "QA_AUTO":
            raise Stop(f"step {number}: unknown review gate word {word!r}")
        reviewer, prompt = skill.dispatch(5, "tdd-reviewer")
        if phase != "red":
            prompt = prompt.replace("the red phase", f"the {phase} phase")
        answer = yield from self._agent(reviewer, prompt, number)
        yield from self._write(self._fill("TDD_REVIEW_REPLY"), self._reply(answer))
        review = skill.command(5, "--review TDD_REVIEW_REPLY").replace(
            "gate.py 5 ", f"gate.py {number} ")
        yield from self._must(review, number)

    def _deliver(self) -> Script:
        skill = self._skill
        yield from self._must(skill.command(10, "emit-step-boundary 10"), 10)
        error, guard = yield from self._bash(skill.command(10, "promotion-chain-guard"), 10)
        present = re.search(r"^PRESENT:(\S+)", guard, re.MULTILINE)
        if error or present is None:
            raise Stop(f"step 10: {guard.strip()}")
        self._values["BASE"] = present.group(1)
        for needle in ("git-branch", "git add", "commit-msg STORY_FILE |", "git-push"):
            yield from self._must(skill.command(10, needle), 10)
        yield from self._must(skill.command(11, "emit-step-boundary 11"), 11)
        yield from self._must(skill.command(11, "forbidden-sentinel-scan"), 11)
        yield from self._must(skill.command(11, "pr-body", "> PR_BODY"), 11)
        created = yield from self._must(skill.command(11, "commit-msg STORY_FILE |",
                                                      "pr-create KEY -"), 11)
        number = re.search(r"(\d+)\s*$", created.strip().splitlines()[0])
        if number is None:
            raise Stop(f"step 11: no PR number in {created!r}")
        self._values["PR"] = number.group(1)
        for step, needle in ((12, "emit-step-boundary 12"), (12, "ci-wait"),
                             (13, "emit-step-boundary 13"), (13, "merge PR"),
                             (14, "emit-step-boundary 14"), (14, "verify-pr-merged"),
                             (14, "gate.py 14b")):
            yield from self._must(skill.command(step, needle), step)

    # ------------------------------------------------------------------ subagent threads
    def developer(self, request: RecordedRequest) -> Turn:
        messages = request.messages
        last = messages[-1].get("content") if messages else None
        resumed = not (isinstance(last, list) and any(
            isinstance(b, dict) and b.get("type") == "tool_result" for b in last))
        if resumed:  # a new dispatch, or (Mode B) a new message to the same developer
            self._dev, self._dev_answer = self._developer_turns(last_user_text(request))
        if self._dev:
            turn = self._dev.pop(0)
            self.done += [("developer", b.name, b.input) for b in turn
                          if isinstance(b, ToolUse)]
            return turn
        return [Text(self._dev_answer)]

    def _developer_turns(self, prompt: str) -> tuple[list[Turn], str]:
        skill = self._skill
        path = self.project.rstrip("/") + "/"
        phase = _PHASE.search(prompt)

        def write(rel: str, text: str) -> Turn:
            return [ToolUse("Write", {"file_path": path + rel, "content": text})]

        if phase is None and re.search(r"\b(Plan story|Revise) ", prompt):
            plan_file = skill.fill("PLAN_FILE")
            revise = re.search(r"\bRevise ", prompt) is not None
            if revise:
                self._plan_round += 1
                plan = f"{self._plan_doc}\nRevision {self._plan_round}.\n"
            else:
                plan = self._plan_doc = self._plan_text(prompt)
            # A plan already there (a revision, or a resumed run re-planning) is Read first.
            exists = revise or Path(plan_file).exists()
            turns: list[Turn] = [[ToolUse("Read", {"file_path": plan_file})]] if exists else []
            return [*turns, [ToolUse("Write", {"file_path": plan_file, "content": plan})]], plan
        if phase is None:
            if re.search(r"\b(Fix these|Add the missing)", prompt):
                return [], "Nothing to change."
            raise SkillTextError(f"the developer's prompt names no phase: {prompt[:300]!r}")
        name = phase.group(1)
        if name == "red":
            return [write(r, t) for r, t in self.scenario.red_files.items()], "Tests fail."
        if name == "green":
            story = skill.fill("STORY_FILE")
            turns = [write(r, t) for r, t in self.scenario.green_files.items()]
            turns.append([ToolUse("Read", {"file_path": story})])
            turns.append([ToolUse("Edit", {"file_path": story, "old_string": "- [ ] ",
                                           "new_string": "- [x] ", "replace_all": True})])
            return turns, "Suite passes; subtasks ticked."
        turns = []
        for rel, old, new in self.scenario.refactor_edits:
            turns.append([ToolUse("Read", {"file_path": path + rel})])
            turns.append([ToolUse("Edit", {"file_path": path + rel, "old_string": old,
                                           "new_string": new, "replace_all": False})])
        return turns, "Refactored; suite passes."

    def _plan_text(self, prompt: str) -> str:
        match = _SECTIONS.search(prompt)
        if match is None:
            raise SkillTextError(f"the plan prompt lists no sections: {prompt[:300]!r}")
        sections = [s.strip() for s in match.group(1).split(",")]
        body = "".join(f"## {s}\n\n{s} for story {self.key}.\n\n" for s in sections)
        return f"# Plan for {self.key}\n\n{body}"

    def validator(self, request: RecordedRequest) -> Turn:
        """Run the signature command the agent file names, then answer with the envelope."""
        results = request.tool_results()
        if not results:
            commands = [c for c in _CODE.findall(request.system_text)
                        if "--print-persona-sig" in c]
            if not commands:
                raise SkillTextError("the validator's instructions name no persona-signature "
                                     "command")
            return [ToolUse("Bash", {"command": commands[0],
                                     "description": "Persona signature"})]
        signature = tool_result_text(results[-1]).strip()
        artifact = _ARTIFACT.search(request.text())
        if artifact is None:
            raise SkillTextError("the Val prompt names no artifact_path")
        findings = list(self.scenario.val_findings[self.val_calls]) \
            if self.val_calls < len(self.scenario.val_findings) else []
        self.val_calls += 1
        envelope = {
            "agent": "val", "persona_sig": signature,
            "timestamp": datetime.datetime.now(datetime.timezone.utc).strftime(
                "%Y-%m-%dT%H:%M:%SZ"),
            "artifact_path": artifact.group(1),
            "verdict": "FAIL" if any(f["severity"] == "critical" for f in findings) else "PASS",
            "findings": findings, "summary": f"{len(findings)} finding(s)."}
        return [Text(f"```json\n{json.dumps(envelope)}\n```")]

    def tdd_reviewer(self, request: RecordedRequest) -> Turn:
        return [Text(f"```json\n{json.dumps(self.scenario.tdd_review)}\n```")]


def responders(model: DevStoryFollower, markers: Mapping[str, str],
               count: int = 40) -> dict[str, list[Callable[[RecordedRequest], Turn]]]:
    """The fake's `agents` mapping: marker text -> the model's responder for that agent."""
    by_role = {"developer": model.developer, "validator": model.validator,
               "tdd-reviewer": model.tdd_reviewer}
    return {marker: [by_role[role]] * count for role, marker in markers.items()}
