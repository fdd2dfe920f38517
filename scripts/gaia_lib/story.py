"""The story model: the ONE parser for story files (ARCHITECTURE rule 1).

Every command that reads a story goes through `load_story` / `parse_story`. The records are
frozen; nothing downstream sees a raw dict except `Story.frontmatter` for unknown keys.

INTERFACE CONTRACT (implemented by the parser below):
- frontmatter: between the first two lines that are exactly `---` (CR stripped), parsed with the
  safe YAML loader from `yamlio` (aliases/anchors refused: no alias bombs). Alias keys:
  key > story_key, epic > epic_key, risk > risk_level.
- acceptance criteria under `## Acceptance Criteria` in every shape real stories use:
  `- [ ] **AC1:** Given…`, `- [x] AC1:`, `- **AC1:**`, `- AC1:`, numbered `1. AC1: …` or plain
  numbered items (ids AC1.. assigned by position), `AC-EC1` edge cases, Gherkin `Scenario:`
  blocks inside fenced code. Given/When/Then split case-insensitively.
- File List under `## File List` or `### File List` (any level-2/3 heading, e.g. under
  `## Dev Agent Record`): `-`/`*` items, backticks removed, text after ` — ` / ` -- ` dropped.
- Review Gate: the first pipe table after `## Review Gate`.
- Findings, Tasks / Subtasks (checkboxes, nesting depth), Test Cases, Custom Scenarios tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any


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


@dataclass(frozen=True)
class GateRow:
    name: str
    status: str
    report: str
    line: int  # 1-based line of the row in the file


@dataclass(frozen=True)
class FindingRow:
    number: str
    type: str
    severity: str
    finding: str
    action: str


@dataclass(frozen=True)
class TaskItem:
    text: str
    checked: bool
    depth: int  # 0 for a task, 1+ for subtasks


@dataclass(frozen=True)
class TestCaseRow:
    tc: str
    ac: str
    tier: str
    file: str


@dataclass(frozen=True)
class CustomScenarioRow:
    cs: str
    tier: str
    description: str
    file: str


@dataclass(frozen=True)
class Story:
    path: Path
    text: str
    frontmatter: Mapping[str, Any]
    key: str | None
    title: str | None
    epic: str | None
    status: str | None
    priority: str | None
    risk: str | None
    stack: str | None
    template: str | None
    type: str | None
    sprint_id: str | None
    depends_on: tuple[str, ...]
    blocks: tuple[str, ...]
    traces_to: tuple[str, ...]
    figma: Mapping[str, Any] | None
    manual_verification: bool
    acceptance_criteria: tuple[AcceptanceCriterion, ...]
    file_list: tuple[str, ...] | None  # None: no File List section at all
    review_gate: tuple[GateRow, ...] | None  # None: no Review Gate section/table
    findings: tuple[FindingRow, ...]
    tasks: tuple[TaskItem, ...]
    test_cases: tuple[TestCaseRow, ...]
    custom_scenarios: tuple[CustomScenarioRow, ...]
