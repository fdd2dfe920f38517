"""The acceptance-criteria parser: every AC shape real stories use, in one place (rule 1).

Shapes under `## Acceptance Criteria` (sub-headings such as `### Edge Cases` included):
- checkbox items: `- [ ] **AC1:** Given…`, `- [x] AC1: …`, `- [ ] AC-EC1: …`
- a priority tag after the id, bracketed or bare (`**AC1 (P0):**`, `**AC3 P2:**`, `AC4: P1 -`),
  is no part of the AC's Given/When/Then
- plain items: `- **AC1:** …`, `- AC1: …`, `* AC2 — …`, numbered `1. AC1: …`
- items without an id (`- Given …`, `1. The user …`): AC<n> by position among primary ACs
- Gherkin: `Scenario:` blocks inside fenced code, Given/When/Then/And/But lines
Nested sub-items belong to their parent criterion. Given/When/Then are split
case-insensitively from `Given …, when …, then …`, also across continuation lines.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from gaia_lib.core.errors import MalformedFile
from gaia_lib.story.markdown import Line, ListItem, list_items, squash_spaces, strip_emphasis


@dataclass(frozen=True)
class AcceptanceCriterion:
    ac_id: str  # "AC1", "AC-EC3"
    text: str  # the criterion after its id, emphasis markers removed
    given: str | None
    when: str | None
    then: str | None
    edge_case: bool
    checked: bool | None  # None when the item is not a checkbox
    line: int  # 1-based line number in the file

    @property
    def structured(self) -> bool:
        return self.given is not None and self.when is not None and self.then is not None

    @property
    def statement(self) -> str:
        """The criterion's words without a leading priority tag (`(P0): Given ...`)."""
        return _LEADING_TAG.sub("", self.text, count=1)

    @property
    def unfilled(self) -> bool:
        """Still the story template's placeholder (`Given <context>, when <action>, ...`):
        nothing a test could check."""
        return any(mark in self.text for mark in TEMPLATE_PLACEHOLDERS)

    @property
    def promised(self) -> str:
        """What the AC promises: its Then clause; an AC not written Given / When / Then ("The
        help lists each variable and its default"), its whole statement."""
        return self.then if self.then is not None else self.statement

    @property
    def setting(self) -> str:
        """The Given and When clauses together: what the AC acts on ("" without both)."""
        return " ".join(part for part in (self.given, self.when) if part)


# The placeholders of the story template's AC (story.template): an AC still holding one was
# never written.
TEMPLATE_PLACEHOLDERS = ("<context>", "<action>", "<expected result>")
_STRONG = r"(?:\*\*|__)?"
_ID_RE = re.compile(
    rf"^{_STRONG}[ \t]*(?P<id>AC-?EC[0-9]+|AC[0-9]+)(?![0-9A-Za-z_-])[ \t]*{_STRONG}"
    rf"[ \t]*(?:[:.)]|[-—–](?=\s))?[ \t]*{_STRONG}[ \t]*(?P<rest>.*)$",
    re.IGNORECASE | re.DOTALL,
)
# Keyword scanning, not one big lazy regex: that backtracks quadratically on long texts.
_GIVEN_START = re.compile(r"given\s+", re.IGNORECASE)
_WHEN_START = re.compile(r"when\s+", re.IGNORECASE)
_WHEN = re.compile(r",?\s+when\s+", re.IGNORECASE)
_THEN = re.compile(r",?\s+then\s+", re.IGNORECASE)
# Priority tags an AC may carry ahead of its Given (`**AC1 (P0):** Given`, `AC1: [P0] Given`),
# or bare, before a colon or a dash (`**AC3 P2:** Given`, `AC3: P2 - Given`).
BARE_PRIORITY = r"P[0-3](?=\s*(?::|[-—–]\s))"
_LEADING_TAG = re.compile(r"^(?:(?:[(\[]\s*(?:P[0-3]|high|medium|low|critical)\s*[)\]]|"
                          rf"{BARE_PRIORITY})\s*(?:[:.]|[-—–](?=\s))?\s*)+", re.IGNORECASE)
_SCENARIO_RE = re.compile(r"^\s*Scenario(?: Outline)?:\s*(?P<title>.*)$", re.IGNORECASE)
_STEP_RE = re.compile(r"^(?P<kw>Given|When|Then|And|But|\*)\s+(?P<text>.+)$", re.IGNORECASE)


@dataclass(frozen=True)
class _Raw:
    ac_id: str | None  # None: assign by position
    text: str
    checked: bool | None
    line: int
    gwt: tuple[str | None, str | None, str | None] | None = None  # Gherkin steps


def canonical_id(raw_id: str) -> str:
    """`ac1` -> `AC1`, `ACEC2` / `ac-ec2` -> `AC-EC2`."""
    upper = raw_id.upper()
    if "EC" in upper:
        return "AC-EC" + upper.rsplit("EC", 1)[1]
    return upper


def split_gwt(text: str) -> tuple[str | None, str | None, str | None]:
    """`Given a, when b, then c.` -> (a, b, c); (None, None, None) when it has no when/then.
    A priority tag ahead of it (`(P0) Given ...`, `[high]: Given ...`) is no part of it."""
    none = (None, None, None)
    flat = _LEADING_TAG.sub("", squash_spaces(text))
    given: str | None = None
    start = _GIVEN_START.match(flat)
    if start is not None:
        when_kw = _WHEN.search(flat, start.end() + 1)
        if when_kw is None:
            return none
        given, position = flat[start.end() : when_kw.start()], when_kw.end()
    else:
        start = _WHEN_START.match(flat)
        if start is None:
            return none
        position = start.end()
    then_kw = _THEN.search(flat, position + 1)
    if then_kw is None or then_kw.end() >= len(flat):
        return none
    then = flat[then_kw.end() :].rstrip()
    then = then.removesuffix(".").rstrip() or then
    return given, flat[position : then_kw.start()], then


def split_id(text: str) -> tuple[str | None, str]:
    """`**AC1:** Given …` -> ("AC1", "Given …"); no leading id -> (None, text)."""
    match = _ID_RE.match(text)
    if match is None:
        return None, text
    return canonical_id(match.group("id")), match.group("rest")


def _from_items(items: Sequence[ListItem]) -> list[_Raw]:
    """Top-level items become criteria; deeper items are appended to the one above them."""
    if not items:
        return []
    top = min(item.indent for item in items)
    raws: list[_Raw] = []
    for item in items:
        if item.indent > top and raws:
            parent = raws[-1]
            raws[-1] = _Raw(parent.ac_id, f"{parent.text} {item.text}".strip(),
                            parent.checked, parent.line)
            continue
        ac_id, rest = split_id(strip_emphasis(item.text))
        raws.append(_Raw(ac_id, strip_emphasis(rest), item.checked, item.line))
    return raws


def _from_gherkin(lines: Sequence[Line]) -> list[_Raw]:
    """`Scenario:` blocks inside fences; the title may carry the id (`Scenario: AC2 — …`)."""
    raws: list[_Raw] = []
    title: str | None = None
    line_no = 0
    steps: dict[str, list[str]] = {}
    last = ""

    def flush() -> None:
        if title is None:
            return
        given = " and ".join(steps.get("given", [])) or None
        when = " and ".join(steps.get("when", [])) or None
        then = " and ".join(steps.get("then", [])) or None
        ac_id, rest = split_id(strip_emphasis(title))
        if not rest:
            rest = ", ".join(
                f"{kw} {value}" for kw, value in
                (("Given", given), ("when", when), ("then", then)) if value
            )
        raws.append(_Raw(ac_id, rest, None, line_no, (given, when, then)))

    for line in lines:
        if not line.fenced:
            flush()
            title = None
            continue
        scenario = _SCENARIO_RE.match(line.text)
        if scenario:
            flush()
            title, line_no, steps, last = scenario.group("title").strip(), line.number, {}, ""
            continue
        step = _STEP_RE.match(line.text.strip())
        if title is None or step is None:
            continue
        keyword = step.group("kw").lower()
        if keyword in ("and", "but", "*"):
            keyword = last or "given"
        steps.setdefault(keyword, []).append(step.group("text"))
        last = keyword
    flush()
    return raws


def parse_acceptance(
    lines: Sequence[Line], what: str = "story", exit_code: int = 1
) -> tuple[AcceptanceCriterion, ...]:
    """Parse the body of an Acceptance Criteria section. Duplicate ids raise MalformedFile."""
    raws = sorted(_from_items(list_items(lines)) + _from_gherkin(lines), key=lambda r: r.line)
    out: list[AcceptanceCriterion] = []
    seen: dict[str, int] = {}
    position = 0
    for raw in raws:
        edge = raw.ac_id is not None and raw.ac_id.startswith("AC-EC")
        if not edge:
            position += 1
        ac_id = raw.ac_id or f"AC{position}"
        if ac_id in seen:
            raise MalformedFile(
                f"{what}: duplicate acceptance criterion id {ac_id} "
                f"at lines {seen[ac_id]} and {raw.line}",
                exit_code,
            )
        seen[ac_id] = raw.line
        given, when, then = raw.gwt if raw.gwt is not None else split_gwt(raw.text)
        out.append(
            AcceptanceCriterion(
                ac_id=ac_id, text=raw.text, given=given, when=when, then=then,
                edge_case=edge, checked=raw.checked, line=raw.line,
            )
        )
    return tuple(out)
