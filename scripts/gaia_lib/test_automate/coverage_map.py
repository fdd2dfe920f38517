"""`/gaia-test-automate KEY --status`: which ACs have an automated test case, as seed 001 prints it.

Rules:
- Rows follow the story's acceptance criteria in file order (the one AC parser: every shape);
  each row is the AC, the first `## Test Cases` row naming it (TC id, tier, file), or `—`, `—`,
  `(not yet automated)`. Columns are padded `%-6s %-8s %-12s %s`, trailing spaces stripped.
- Summary: `Summary: G/T generated (P%) | N pending automation`, P rounded half up; a story
  without ACs reads `0/0 generated (0%)`.
- `Custom scenarios:` follows only when the story's `## Custom Scenarios` table or the custom
  index holds entries for the story: one row per CS id (the index's fields win over the table's),
  `CS  tier  description  file`, with ` (file not found)` when a non-empty file path does not
  exist under the project.
- Read-only: nothing is written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.story.parser import Story

NOT_AUTOMATED = "(not yet automated)"
DASH = "—"


@dataclass(frozen=True)
class MapRow:
    ac: str
    tc: str
    tier: str
    file: str

    @property
    def automated(self) -> bool:
        return self.tc != DASH


@dataclass(frozen=True)
class ScenarioRow:
    cs: str
    tier: str
    description: str
    file: str
    missing: bool


def rows(story: Story) -> list[MapRow]:
    by_ac: dict[str, MapRow] = {}
    for tc in story.test_cases:
        for ac in (part.strip() for part in tc.ac.replace(";", ",").split(",")):
            if ac and ac not in by_ac:
                by_ac[ac] = MapRow(ac, tc.tc, tc.tier or DASH, tc.file or DASH)
    return [by_ac.get(ac.ac_id, MapRow(ac.ac_id, DASH, DASH, NOT_AUTOMATED))
            for ac in story.acceptance_criteria]


def scenarios(story: Story, index: Sequence[Mapping[str, str]], project: Path) -> list[ScenarioRow]:
    merged: dict[str, dict[str, str]] = {}
    for row in story.custom_scenarios:
        merged[row.cs] = {"tier": row.tier, "description": row.description, "file": row.file}
    for entry in index:
        if entry.get("story_key") == story.key and entry.get("id"):
            merged[entry["id"]] = {"tier": entry.get("tier", ""),
                                   "description": entry.get("description", ""),
                                   "file": entry.get("file_path", "")}
    out = []
    for cs in sorted(merged):
        item = merged[cs]
        file = item["file"].strip()
        missing = bool(file) and file not in (DASH, "-") and not (project / file).is_file()
        out.append(ScenarioRow(cs, item["tier"], item["description"], file, missing))
    return out


def _pad(*cells: str) -> str:
    return f"{cells[0]:<6} {cells[1]:<8} {cells[2]:<12} {cells[3]}".rstrip()


def render(key: str, map_rows: Sequence[MapRow], scenario_rows: Sequence[ScenarioRow]) -> str:
    lines = [f"Coverage map for {key}"]
    lines += [_pad(r.ac, r.tc, r.tier, r.file) for r in map_rows]
    total = len(map_rows)
    done = sum(1 for r in map_rows if r.automated)
    percent = (done * 100 + total // 2) // total if total else 0
    pending = total - done
    lines += ["", f"Summary: {done}/{total} generated ({percent}%) | {pending} pending automation"]
    if scenario_rows:
        lines += ["", "Custom scenarios:"]
        for s in scenario_rows:
            suffix = " (file not found)" if s.missing else ""
            lines.append(f"{s.cs}  {s.tier}  {s.description}  {s.file}{suffix}".rstrip())
    return "\n".join(lines) + "\n"


def status(project: Path, story: Story, index: Sequence[Mapping[str, str]]) -> str:
    """The whole `--status` output for a loaded story and the custom index entries."""
    return render(story.key or story.path.stem, rows(story), scenarios(story, index, project))
