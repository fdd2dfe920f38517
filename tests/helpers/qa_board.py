"""A demo-like board for QA gating: epics of stories with a dependency chain."""

from __future__ import annotations

from pathlib import Path

from helpers.projects import Project

RECORD = "test-status.md"


def add(project: Project, key: str, status: str = "done", deps: tuple[str, ...] = ()) -> Path:
    path = project.add_story(key, slug=f"story-{key.lower()}", status=status)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("depends_on: []", f"depends_on: [{', '.join(deps)}]", 1),
                    encoding="utf-8")
    return path


def chain(project: Project, statuses: dict[str, str]) -> dict[str, Path]:
    """Stories in order, each depending on the one before it."""
    files: dict[str, Path] = {}
    previous: str | None = None
    for key, status in statuses.items():
        files[key] = add(project, key, status, (previous,) if previous else ())
        previous = key
    return files


def record_file(project: Project, epic: str = "E1") -> Path:
    return project.impl / f"epic-{epic.lower()}-core" / RECORD


def set_status(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"status: {old}\n", f"status: {new}\n", 1), encoding="utf-8")
