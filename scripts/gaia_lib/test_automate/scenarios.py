"""Custom test scenarios: `/gaia-test-automate KEY --add-scenario` and the index it keeps.

The index is `<project>/custom/test-scenarios/index.yaml` (env GAIA_SCENARIO_INDEX overrides):
`scenarios:` entries {id, story_key, description, tier, priority, file_path, created_date,
expected}. Rules:
- Ids are `CS-NNN`, one namespace per project, separate from the QA review's TC ids: the next
  id is one past the highest CS number in the index AND in the story's `## Custom Scenarios`
  table, so an id is never handed out twice even when the two disagree.
- An add writes the index entry and the story's table row (section and header created when
  missing) as one unit: under the story file's lock, then the index's lock (this order, always),
  each file written atomically; when the story write fails the index is restored byte for byte.
  Two concurrent adds therefore get two different ids and both rows survive.
- Input is validated before anything is written: tier unit|integration|e2e, priority P0..P3,
  description one printable line of at most MAX_TEXT characters (`|` is escaped in the table).
- Only this module writes the index; the QA review reads nothing from it and never writes it.
"""

from __future__ import annotations

import datetime
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib.core import keys, locks, writes, yamlio
from gaia_lib.core.errors import InvalidInput, MalformedFile
from gaia_lib.story.editing import check_identity
from gaia_lib.story.markdown import find_section, sections, split_lines, tables
from gaia_lib.story.parser import load_story

TIERS = ("unit", "integration", "e2e")
PRIORITIES = ("P0", "P1", "P2", "P3")
MAX_TEXT = 300
SECTION = "Custom Scenarios"
HEADER = "| CS | Tier | Description | File |\n|----|------|-------------|------|\n"
_CS_RE = re.compile(r"^CS-(\d{1,6})$")


@dataclass(frozen=True)
class Scenario:
    id: str
    story_key: str
    description: str
    tier: str
    priority: str
    file_path: str
    created_date: str
    expected: str

    def as_dict(self) -> dict[str, str]:
        return {"id": self.id, "story_key": self.story_key, "description": self.description,
                "tier": self.tier, "priority": self.priority, "file_path": self.file_path,
                "created_date": self.created_date, "expected": self.expected}


def index_path(project: Path) -> Path:
    override = os.environ.get("GAIA_SCENARIO_INDEX")
    if override:
        return Path(override) if os.path.isabs(override) else project / override
    return project / "custom" / "test-scenarios" / "index.yaml"


def parse_index(text: str, what: str) -> list[dict[str, str]]:
    data = yamlio.load(text, what, 1)
    if data is None:
        return []
    if not isinstance(data, Mapping) or not isinstance(data.get("scenarios", []), list):
        raise MalformedFile(f"{what}: expected a mapping with a 'scenarios:' list", 1)
    entries = []
    for item in data.get("scenarios") or []:
        if isinstance(item, Mapping):
            entries.append({str(k): "" if v is None else str(v) for k, v in item.items()})
    return entries


def load_index(project: Path) -> list[dict[str, str]]:
    path = index_path(project)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        raise MalformedFile(f"cannot read {path}: {exc}", 1) from None
    return parse_index(text, str(path))


def next_id(used: Sequence[str]) -> str:
    numbers = [int(m.group(1)) for m in map(_CS_RE.match, used) if m]
    return f"CS-{max(numbers, default=0) + 1:03d}"


def _one_line(value: str, flag: str) -> str:
    """The value as given, less white space at its ends: a line break or a tab is refused, not
    folded (an expected value's inner spaces can be its test data: `timeparse('   ')`)."""
    text = value.strip()
    if not text or len(text) > MAX_TEXT or not text.isprintable():
        raise InvalidInput(f"{flag} must be one printable line of 1-{MAX_TEXT} characters", 1)
    return text


def validate(description: str, tier: str, priority: str, expected: str) -> tuple[str, str]:
    if tier not in TIERS:
        raise InvalidInput(f"invalid --tier '{tier[:20]}' (one of {', '.join(TIERS)})", 1)
    if priority not in PRIORITIES:
        raise InvalidInput(f"invalid --priority '{priority[:20]}' ({', '.join(PRIORITIES)})", 1)
    return _one_line(description, "--description"), (
        _one_line(expected, "--expected") if expected.strip() else "")


def add_row(story_text: str, scenario: Scenario) -> str:
    """The story text with one more `## Custom Scenarios` row (pure; section made if missing)."""
    cell = scenario.description.replace("|", "\\|")
    row = f"| {scenario.id} | {scenario.tier} | {cell} | {scenario.file_path or '—'} |\n"
    lines = split_lines(story_text)
    section = find_section(sections(lines), (SECTION,))
    raw = story_text.splitlines(keepends=True)
    if section is None:
        tail = "" if story_text.endswith("\n") else "\n"
        return f"{story_text}{tail}\n## {SECTION}\n\n{HEADER}{row}"
    table = next(iter(tables(section.lines)), None)
    if table is None:
        at = section.heading.line  # right after the heading, behind one blank line
        return "".join(raw[:at]) + "\n" + HEADER + row + "".join(raw[at:])
    last = table.rows[-1].line if table.rows else table.line + 1
    return "".join(raw[:last]) + row + "".join(raw[last:])


def render_index(entries: Sequence[Mapping[str, Any]]) -> str:
    return yamlio.dump({"scenarios": [dict(e) for e in entries]})


def add_scenario(project: Path, story_path: Path, *, description: str, tier: str,
                 priority: str, expected: str = "", today: str | None = None,
                 key: str | None = None) -> Scenario:
    """Add one scenario under the story's one lock (then the index's: the global lock order of
    `core.locks`). `key`: the key the story was found by; a story saying otherwise is refused."""
    description, expected = validate(description, tier, priority, expected)
    index = index_path(project)
    with locks.story_lock(story_path, exit_code=1), locks.locked(index, exit_code=1), \
            writes.trusted_file(index):  # an overridden index lives where the caller said
        story = load_story(story_path, 1)
        if key is not None:
            check_identity(story, key, 1)
        key = keys.story_key(story.key or key or "", 1)
        entries = load_index(project)
        used = [e.get("id", "") for e in entries] + [row.cs for row in story.custom_scenarios]
        scenario = Scenario(next_id(used), key, description, tier, priority, "",
                            today or datetime.date.today().isoformat(), expected)
        before = index.read_bytes() if index.exists() else None
        writes.write_text(index, render_index([*entries, scenario.as_dict()]), project)
        try:
            text = story_path.read_text(encoding="utf-8")
            writes.write_text(story_path, add_row(text, scenario), project)
        except BaseException:
            if before is None:
                writes.remove(index, project)
            else:
                writes.write_bytes(index, before, project)
            raise
    return scenario
