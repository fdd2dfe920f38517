"""A project with every place a story status lives: story files, sprint-status.yaml,
epics-and-stories.md and a per-epic shard."""

from __future__ import annotations

from pathlib import Path

from helpers.projects import REVIEW_GATE_BLOCK, Project

EPICS_TEXT = """# Epics and Stories

## E1 — Core Signup (phase 1)

### Story E1-S1: Validate signup email
- **Priority:** P1
- **Status:** {s1}

### Story E1-S2: Confirm email
- **Priority:** P2

## E2 — Billing

### Story E2-S1: Invoices
- **Status:** backlog
"""

SHARD_TEXT = """# Epic E1 shard

### Story E1-S1: Validate signup email
- **Status:** {s1}

### Story E1-S2: Confirm email
- **Status:** backlog
"""


def sprint_yaml(entries: dict[str, str], sprint_id: str = "sprint-7", status: str = "active") -> str:
    lines = [
        "# sprint 7 — keep this comment",
        f'sprint_id: "{sprint_id}"',
        f"status: {status}",
        "total_points: 5",
        "goals: []",
        "stories:",
    ]
    for key, state in entries.items():
        lines += [f'  - key: "{key}"', f'    title: "Story {key}"', f'    status: "{state}"',
                  "    points: 2"]
    return "\n".join(lines) + "\n"


def passed_gate() -> str:
    return REVIEW_GATE_BLOCK.replace("UNVERIFIED", "PASSED")


def make_world(
    project: Project,
    statuses: dict[str, str] | None = None,
    *,
    epics: bool = True,
    shard: bool = True,
    sprint: bool = True,
) -> dict[str, Path]:
    statuses = statuses or {"E1-S1": "in-progress"}
    files: dict[str, Path] = {}
    for key, status in statuses.items():
        files[key] = project.add_story(
            key, slug=f"story-{key.lower()}", status=status,
            extra_frontmatter='sprint_id_note: "x"\n',
        )
    planning = project.root / ".gaia" / "artifacts" / "planning-artifacts"
    s1 = statuses.get("E1-S1", "backlog")
    if epics:
        files["epics"] = project.write(
            ".gaia/artifacts/planning-artifacts/epics-and-stories.md", EPICS_TEXT.format(s1=s1)
        )
    if shard:
        files["shard"] = project.write(
            ".gaia/artifacts/planning-artifacts/epics/epic-e1-core.md", SHARD_TEXT.format(s1=s1)
        )
    if sprint:
        files["yaml"] = project.write(".gaia/state/sprint-status.yaml", sprint_yaml(statuses))
    files["planning"] = planning
    return files


def index_of(project: Project, key: str = "E1-S1") -> Path:
    epic = key.split("-")[0].lower()
    return project.impl / f"epic-{epic}-core" / "stories" / "story-index.yaml"
