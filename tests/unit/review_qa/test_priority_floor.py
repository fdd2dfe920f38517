from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gaia_lib.review_qa import priority_floor, rules
from gaia_lib.story.parser import Story, parse_story


def _story(priority: str | None, *acs: str) -> Story:
    criteria = "\n".join(f"- [ ] **AC{n}{own}:** Given a, when b, then c."
                         for n, own in enumerate(acs, start=1))
    planned = "" if priority is None else f"priority: {priority}\n"
    text = (f"---\nkey: E1-S1\n{planned}status: review\n---\n\n# Story: T\n\n"
            f"## Acceptance Criteria\n\n{criteria}\n")
    return parse_story(text, Path("E1-S1.md"))


@pytest.mark.parametrize(("value", "rank"), [
    ("P0", 0), ("critical", 0), ("High", 0), ("P1", 1), ("medium", 1), ("P2", 2), ("low", 2),
    ("P3", 3), ("urgent", None), (None, None)])
def test_rank(value: str | None, rank: int | None) -> None:
    assert rules.rank(value) == rank


def test_an_ac_lowered_keeps_its_earlier_priority_and_a_raised_one_is_not_held_back() -> None:
    then = _story("P0", "", " (P1)", "", "")
    now = _story("P2", "", " (P1)", " (P0)")  # AC4 removed; AC3 raised to P0 by its own tag
    assert priority_floor.lowered(now, then) == {
        "AC1": priority_floor.Lowered("AC1", "P0", "P2")}
    # its own tag lowered, the story's kept
    assert priority_floor.lowered(_story("P0", " (P2)"), _story("P0", "")) == {
        "AC1": priority_floor.Lowered("AC1", "P0", "P2")}
    assert priority_floor.lowered(now, None) == {}  # new on the branch: no floor
    assert priority_floor.lowered(_story("urgent", ""), _story("P0", "")) == {}  # no rank


def test_an_ac_whose_priority_was_taken_out_keeps_the_one_it_was_planned_with() -> None:
    """A story of a properties-file reader planned with P0 and P1 ACs: with every AC's own
    `(P0)` and the story's `priority` line deleted, no AC had a priority, none was said to be
    lowered, and the review approved the story with two P0 ACs untested."""
    then = _story("P1", " (P0)", "", " (P2)")
    assert priority_floor.lowered(_story(None, "", "", ""), then) == {
        "AC1": priority_floor.Lowered("AC1", "P0", "none"),
        "AC2": priority_floor.Lowered("AC2", "P1", "none"),
        "AC3": priority_floor.Lowered("AC3", "P2", "none")}
    # the story's priority alone taken out: the ACs keeping their own tag keep it
    assert priority_floor.lowered(_story(None, " (P0)", "", " (P2)"), then) == {
        "AC2": priority_floor.Lowered("AC2", "P1", "none")}
    # a story planned with none has nothing to hold it to
    assert priority_floor.lowered(_story(None, ""), _story(None, "")) == {}


def test_the_highest_priority_of_the_versions_since_is_kept_and_a_template_ac_floors_none(
        ) -> None:
    """On the base with commits after the story's first: every committed version is read,
    each AC floored at its highest priority in them (a version-constraints story planned
    P0 and P2, its priorities taken out in a later commit); the template's placeholder AC,
    committed by `gaia story new` before the ACs were written, planned nothing."""
    template = parse_story("---\nkey: E1-S1\npriority: P0\nstatus: backlog\n---\n\n"
                           "## Acceptance Criteria\n\n- [ ] **AC1:** Given <context>, when "
                           "<action>, then <expected result>.\n", Path("E1-S1.md"))
    planned = _story("P2", " (P1)", " (P0)")
    versions = [_story(None, "", ""), planned, template]  # newest first
    assert priority_floor.lowered_since(_story(None, " (P2)", ""), versions) == {
        "AC1": priority_floor.Lowered("AC1", "P1", "P2"),
        "AC2": priority_floor.Lowered("AC2", "P0", "none")}
    assert priority_floor.lowered(_story("P2", ""), template) == {}


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", *args], cwd=repo,
                   check=True, capture_output=True)


def _floors(repo: Path, now: Story, path: Path, base: str) -> dict[str, priority_floor.Lowered]:
    """The floors as a review composes them: the story at the fork point, then `lowered`."""
    return priority_floor.lowered(now, _earlier(repo, path, base))


def _earlier(repo: Path, path: Path, base: str) -> Story | None:
    fork = priority_floor.fork_of(repo, base)
    return priority_floor.story_at(repo, path, fork[1]) if fork else None


def test_the_floor_is_the_story_where_the_branch_left_the_base(tmp_path: Path) -> None:
    repo = tmp_path / "r"
    repo.mkdir()
    path = repo / "stories" / "E1-S1.md"
    path.parent.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    path.write_text(_story("P0", "").text)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "plan")
    _git(repo, "checkout", "-qb", "story/E1-S1")
    path.write_text(_story("P2", "").text)
    _git(repo, "commit", "-qam", "E1-S1 lowered")
    now = parse_story(path.read_text(), path)
    assert _floors(repo, now, path, "main") == {
        "AC1": priority_floor.Lowered("AC1", "P0", "P2")}
    fork = priority_floor.fork_of(repo, "main")
    assert fork and priority_floor.where_lowered(repo, fork[1]) == "on this branch"
    # on the base itself, with the edit uncommitted: the committed story is the floor, and
    # the edit was made in the working tree, on no branch of its own (a story reviewed on
    # `master` had been said lowered "on this branch")
    _git(repo, "checkout", "-q", "main")
    path.write_text(_story("P3", "").text)
    assert _floors(repo, parse_story(path.read_text(), path), path, "main") == {
        "AC1": priority_floor.Lowered("AC1", "P0", "P3")}
    fork = priority_floor.fork_of(repo, "main")
    assert fork and priority_floor.where_lowered(repo, fork[1]) == (
        "in the story file's uncommitted edits")
    # a story git never saw, or no repository: nothing to hold it to
    new = repo / "stories" / "E1-S2.md"
    new.write_text(_story("P2", "").text)
    assert _earlier(repo, new, "main") is None
    assert _earlier(tmp_path, tmp_path / "x.md", "main") is None
