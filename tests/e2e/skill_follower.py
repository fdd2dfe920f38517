"""A scripted model that does what the rendered /gaia-review-qa SKILL.md tells it, nothing fixed.

The fake Messages API hands it each request; it reads the skill text the CLI rendered into the
first main-thread request and plays the steps in the order SKILL.md gives them:
- the setup JSON under `## Setup (already run)` (`story_key`, `evidence_dir`, `blocked`);
- the dispatch step: the Agent tool with the one `subagent_type: "<name>"` the step names and
  the blockquoted prompt, KEY filled in;
- the persist step: "findings JSON, unchanged, to `EVIDENCE_DIR/<file>`" and "report markdown,
  unchanged, to `EVIDENCE_DIR/<file>`", written with what the reviewer returned;
- every later step's backticked launcher command (`<plugin root>/bin/gaia ...`), in order,
  KEY and EVIDENCE_DIR filled in, run with Bash;
then it ends with `FINAL`. In the subagent's thread it runs the first backticked launcher
command of the prompt it was given, then the scenario's extra turns, then its answer.

A step that is missing or malformed raises SkillTextError: the fake records it and ends the
session, and the test fails saying which. `plan_of(text, key)` is also what the tests use to
compare a session with SKILL.md as it is on disk.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from e2e.fake_api import RecordedRequest, Text, ToolUse, Turn, tool_result_text

FINAL = "QA review finished."
SETUP_HEADING = "## Setup (already run)"
BASE_LINE = "Base directory for this skill:"
STEPS_HEADING = "## Steps"
_STEP = re.compile(r"^(\d+)\. \*\*(.+?)\*\*", re.MULTILINE)
_SUBAGENT = re.compile(r'subagent_type:\s*"([^"]*)"')
_LAUNCHER = re.compile(r"`([^`\n]*/bin/gaia [^`\n]*)`")
_PERSIST = {
    "findings": re.compile(r"findings JSON, unchanged, to\s+`EVIDENCE_DIR/([^`\s]+)`"),
    "report": re.compile(r"report markdown, unchanged, to\s+`EVIDENCE_DIR/([^`\s]+)`"),
}


class SkillTextError(AssertionError):
    """The skill text does not say what a review needs, or says it in a shape we cannot act on."""


@dataclass(frozen=True)
class Plan:
    """What the skill text tells the main thread to do, placeholders filled in."""

    setup: dict[str, Any]
    subagent_type: str
    fork_prompt: str
    persist: dict[str, str]  # "findings" / "report" -> path relative to the project
    commands: tuple[str, ...]  # Bash commands after the persist step, in order

    @property
    def analyze_command(self) -> str:
        found = _LAUNCHER.findall(self.fork_prompt)
        if not found:
            raise SkillTextError(f"the reviewer's prompt names no launcher command: "
                                 f"{self.fork_prompt!r}")
        return str(found[0])


def _setup_json(text: str, required: tuple[str, ...] = ("story_key", "evidence_dir", "blocked")
                ) -> dict[str, Any]:
    if SETUP_HEADING not in text:
        raise SkillTextError(f"no {SETUP_HEADING!r} section in the rendered skill")
    after = text[text.index(SETUP_HEADING) + len(SETUP_HEADING):]
    try:
        value, _ = json.JSONDecoder().raw_decode(after.lstrip())
    except ValueError as exc:
        raise SkillTextError(f"the setup section holds no JSON: {after[:300]!r}") from exc
    if not isinstance(value, dict) or not set(required) <= set(value):
        raise SkillTextError(f"the setup JSON lacks {'/'.join(required)}: {value!r}")
    return value


def numbered_steps(text: str) -> list[str]:
    if STEPS_HEADING not in text:
        raise SkillTextError(f"no {STEPS_HEADING!r} section in the rendered skill")
    body = text[text.index(STEPS_HEADING):]
    starts = [m.start() for m in _STEP.finditer(body)]
    if not starts:
        raise SkillTextError("the Steps section has no numbered steps")
    return [body[a:b] for a, b in zip(starts, [*starts[1:], len(body)], strict=True)]


def _fill(template: str, key: str, evidence_dir: str) -> str:
    return template.replace("EVIDENCE_DIR", evidence_dir).replace("KEY", key)


def skill_body(text: str) -> str:
    """The rendered skill inside a request's text: from the CLI's `Base directory for this
    skill:` line (when present) to the next top-level heading after the skill's title, or the
    next tag line (`<system-reminder>` ...), whichever comes first."""
    base = text.rfind(BASE_LINE)
    body = text[base:] if base >= 0 else text
    title = re.search(r"^# .*$", body, re.MULTILINE)
    if title is None:
        raise SkillTextError("the rendered skill has no title heading")
    end = re.search(r"^(# |<)", body[title.end():], re.MULTILINE)
    return body[: title.end() + end.start()] if end else body


def plan_of(text: str, key: str) -> Plan:
    """Read the review's plan from a rendered SKILL.md (see the module docstring)."""
    text = skill_body(text)
    setup = _setup_json(text)
    if setup["story_key"] != key:
        raise SkillTextError(f"setup ran for {setup['story_key']!r}, not {key!r}")
    evidence = str(setup["evidence_dir"])
    dispatch = [s for s in numbered_steps(text) if "Agent tool" in s]
    if len(dispatch) != 1:
        raise SkillTextError(f"expected one step that dispatches with the Agent tool, "
                             f"found {len(dispatch)}")
    types = _SUBAGENT.findall(dispatch[0])
    if len(types) != 1 or not re.fullmatch(r"[a-z0-9-]+:[a-z0-9-]+", types[0]):
        raise SkillTextError(f"the dispatch step must name one plugin subagent_type "
                             f"(plugin:agent), found {types!r}")
    quoted = [line.strip()[1:].strip() for line in dispatch[0].splitlines()
              if line.strip().startswith(">")]
    if not quoted:
        raise SkillTextError("the dispatch step has no blockquoted prompt for the reviewer")
    persist_steps = [s for s in numbered_steps(text) if all(p.search(s) for p in _PERSIST.values())]
    if len(persist_steps) != 1:
        raise SkillTextError("expected one step that persists the reviewer's findings JSON and "
                             "report markdown to EVIDENCE_DIR files; found "
                             f"{len(persist_steps)}")
    persist_step = persist_steps[0]
    persist = {name: f"{evidence}/{pattern.search(persist_step).group(1)}"  # type: ignore[union-attr]
               for name, pattern in _PERSIST.items()}
    later = numbered_steps(text)[numbered_steps(text).index(persist_step) + 1:]
    commands = tuple(_fill(c, key, evidence) for s in later for c in _LAUNCHER.findall(s))
    if not commands:
        raise SkillTextError("no launcher command (`.../bin/gaia ...`) after the persist step")
    return Plan(setup, types[0], _fill(" ".join(quoted), key, evidence), persist, commands)


def skill_block(request: RecordedRequest, heading: str = SETUP_HEADING) -> str:
    """The one text block (or string message) of the request that holds the rendered skill:
    the last one carrying the skill's setup `heading`."""
    blocks: list[str] = []
    for message in request.body.get("messages", []) if isinstance(request.body, dict) else []:
        content = message.get("content")
        items = [content] if isinstance(content, str) else [
            str(b.get("text", "")) for b in content or [] if isinstance(b, dict)]
        blocks += [text for text in items if heading in text]
    if not blocks:
        raise SkillTextError(f"no message holds the rendered skill ({heading!r})")
    return blocks[-1]


def fenced(findings: dict[str, Any], report: str) -> str:
    """The reviewer's answer as agents/qa.md asks for it."""
    return f"```json\n{json.dumps(findings)}\n```\n\n```markdown\n{report}\n```"


def fence(text: str, lang: str) -> str | None:
    """A fenced block of the reviewer's answer. Newer CLIs indent every line of a subagent's
    hand-back (two spaces); the block comes back without that indent."""
    match = re.search(rf"^([ \t]*)```{lang}\n(.*?)\n\1```", text, re.DOTALL | re.MULTILINE)
    if match is None:
        return None
    indent = match.group(1)
    return "\n".join(line.removeprefix(indent) for line in match.group(2).split("\n"))


def _last_tool_result(request: RecordedRequest, tool_id: str) -> str:
    for block in reversed(request.tool_results()):
        if block.get("tool_use_id") == tool_id:
            return tool_result_text(block)
    raise SkillTextError(f"no tool result for {tool_id} in the request")


@dataclass
class Follower:
    """Both scripted threads of one review session; `main` and `qa` are the fake's responders."""

    key: str
    project: str
    tag: str
    findings: dict[str, Any]
    report: str
    qa_extra: Sequence[Turn] = ()  # scenario turns between the analyze call and the answer
    plan: Plan | None = None
    done: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)  # thread, tool, input
    _main_step: int = 0
    _qa_step: int = 0

    def _use(self, thread: str, name: str, tool_input: dict[str, Any], suffix: str) -> ToolUse:
        self.done.append((thread, name, tool_input))
        return ToolUse(name, tool_input, id=f"toolu_{suffix}_{self.tag}")

    def main(self, request: RecordedRequest) -> Turn:
        step, self._main_step = self._main_step, self._main_step + 1
        if self.plan is None:
            self.plan = plan_of(skill_block(request), self.key)
        plan = self.plan
        if step == 0:
            return [Text("Dispatching the QA reviewer."), self._use("main", "Agent", {
                "description": f"QA review {self.key}", "subagent_type": plan.subagent_type,
                "prompt": plan.fork_prompt}, "agent")]
        answer = _last_tool_result(request, f"toolu_agent_{self.tag}") if step <= 2 else ""
        if step == 1:
            content = fence(answer, "json")
            return [self._use("main", "Write", {
                "file_path": f"{self.project}/{plan.persist['findings']}",
                "content": (content if content is not None else answer) + "\n"}, "persist_findings")]
        if step == 2:
            content = fence(answer, "markdown")
            return [self._use("main", "Write", {
                "file_path": f"{self.project}/{plan.persist['report']}",
                "content": (content if content is not None else answer) + "\n"}, "persist_report")]
        index = step - 3
        if index < len(plan.commands):
            return [self._use("main", "Bash", {"command": plan.commands[index],
                                               "description": f"Skill step command {index + 1}"},
                              f"cmd{index}")]
        return [Text(FINAL)]

    def qa(self, request: RecordedRequest) -> Turn:
        step, self._qa_step = self._qa_step, self._qa_step + 1
        if step == 0:
            match = _LAUNCHER.search(request.text())
            if match is None:
                raise SkillTextError("the reviewer's prompt names no launcher command to run")
            return [self._use("qa", "Bash", {"command": match.group(1),
                                             "description": "Deterministic analysis"}, "analyze")]
        extra = list(self.qa_extra)
        if step - 1 < len(extra):
            turn = extra[step - 1]
            self.done += [("qa", b.name, b.input) for b in turn if isinstance(b, ToolUse)]
            return turn
        return [Text(fenced(self.findings, self.report))]

    def steps(self, count: int = 12) -> list[Any]:
        """The main thread's script for the fake: the same responder for every request."""
        return [self.main] * count
