"""`/gaia-test-automate KEY --status`: which ACs have an automated test case, as seed 001 prints it.

Rules:
- Rows follow the story's acceptance criteria in file order (the one AC parser: every shape);
  each row is the AC, the first `## Test Cases` row naming it (TC id, tier, file), else the
  first test the story's executed test-automation plan landed for it (`phase: executed`, its
  file on disk: `executed_plan_tests`), or `—`, `—`, `(not yet automated)`. Columns are padded
  `%-6s %-8s %-12s %s`, trailing spaces stripped. `--scaffold` writes skeletons for the ACs
  this map leaves unautomated.
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

from gaia_lib.core.errors import GaiaError
from gaia_lib.gate import reports
from gaia_lib.story.parser import Story
from gaia_lib.test_automate import plan as plans

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
        return self.file != NOT_AUTOMATED


@dataclass(frozen=True)
class ScenarioRow:
    cs: str
    tier: str
    description: str
    file: str
    missing: bool


def rows(story: Story, landed: Sequence[plans.ProposedTest] = ()) -> list[MapRow]:
    """The map (module rules); `landed`: the executed plan's tests on disk."""
    by_ac: dict[str, MapRow] = {}
    for tc in story.test_cases:
        for ac in (part.strip() for part in tc.ac.replace(";", ",").split(",")):
            if ac and ac not in by_ac:
                by_ac[ac] = MapRow(ac, tc.tc, tc.tier or DASH, tc.file or DASH)
    for test in landed:
        if test.ac and test.ac not in by_ac:
            by_ac[test.ac] = MapRow(test.ac, test.tc or DASH, test.tier or DASH, test.test_file)
    return [by_ac.get(ac.ac_id, MapRow(ac.ac_id, DASH, DASH, NOT_AUTOMATED))
            for ac in story.acceptance_criteria]


def executed_plan_tests(project: Path, key: str) -> list[plans.ProposedTest]:
    """The tests the story's test-automation plan landed: none unless the plan is executed
    and its own hash holds; only those whose file is on disk."""
    path = reports.test_artifact_read_path(project, plans.GATE, key, existing_only=True)
    if path is None:
        return []
    try:
        plan = plans.load(path)
    except GaiaError:
        return []
    if plan.phase != "executed" or not plans.self_checks(plan):
        return []
    return [t for t in plan.proposed_tests if (project / t.test_file).is_file()]


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
    key = story.key or story.path.stem
    landed = executed_plan_tests(project, key) if story.key else []
    return render(key, rows(story, landed), scenarios(story, index, project))
