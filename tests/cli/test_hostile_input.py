"""Every story-consuming command against the malformed-story corpus and hostile keys.

Each answer is one stderr line and a documented exit code (never a traceback, never the
internal-error code 70), and nothing outside the project is written. Commands run as real
processes, the way a user or CI meets them.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from helpers.projects import Project, gaia_env, make_project, run_gaia, story_text

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "stories" / "malformed"
HOSTILE_KEYS = ["../x", "E1-S1/..", "E1-S1\n", "../../etc/passwd", "E1-S1;rm -rf /", "-E1-S1",
                "E1-S1\x7f", "é1-S1", "", "E1-S" + "1" * 5000]

# (name, argv builder from a story key, argv builder from a story file); None: not applicable
COMMANDS: list[tuple[str, list[str] | None, list[str] | None]] = [
    ("resolve-story-file", ["resolve-story-file", "{key}"], None),
    ("story show", ["story", "show", "{key}"], ["story", "show", "--file", "{file}"]),
    ("story parse", None, ["story", "parse", "{file}"]),
    ("review-gate status", ["review-gate", "status", "--story", "{key}"], None),
    ("review-gate check", ["review-gate", "review-gate-check", "--story", "{key}"], None),
    ("review-gate update", ["review-gate", "update", "--story", "{key}", "--gate", "Code Review",
                            "--verdict", "UNVERIFIED"], None),
    ("transition", ["transition-story-status", "{key}", "--to", "in-progress"], None),
    ("sprint-state get", ["sprint-state", "get", "--story", "{key}"], None),
    ("report path", ["resolve-review-report-path", "--key", "{key}", "--type", "qa-tests"], None),
    ("test artifact", ["resolve-test-artifact-per-story", "qa-tests", "{key}"], None),
    ("check-deps", None, ["sprint-state", "check-deps", "{file}"]),
    ("persona", None, ["load-stack-persona", "--story-file", "{file}"]),
    ("file-list diff", None, ["file-list-diff-check", "--story-file", "{file}"]),
    ("review-qa", ["review-qa", "{key}"], None),
    ("test-automate-plan setup", ["test-automate-plan", "setup", "{key}"], None),
    ("test-automate-plan analyze", ["test-automate-plan", "analyze", "{key}"], None),
    ("test-automate-plan present", ["test-automate-plan", "present", "{key}"], None),
    ("test-automate-plan decide", ["test-automate-plan", "decide", "{key}", "--decision",
                                   "approve"], None),
    ("story-parse", None, ["story-parse", "{file}"]),
    ("load-story", ["load-story", "{key}"], None),
    ("detect-mode", None, ["detect-mode", "{file}"]),
    ("check-deps", None, ["check-deps", "{file}"]),
    ("update-status", ["update-status", "{key}"], None),
    ("atdd-gate", ["atdd-gate", "{key}"], None),
    ("tdd-review-gate", ["tdd-review-gate", "{key}", "red"], None),
    ("emit-step-boundary", ["emit-step-boundary", "1", "load-story", "{key}"], None),
    ("init-review-gate", None, ["init-review-gate", "{file}"]),
    ("tdd-evidence", ["tdd-evidence", "red", "--story", "{key}"], None),
    ("append-val-iteration", ["append-val-iteration", "--skill", "gaia-dev-story", "--step", "4",
                              "--iteration", "1", "--token-estimate", "null",
                              "--revalidation-outcome", "clean", "--findings-json", "[]",
                              "--story", "{key}", "--loop", "tdd-val"], None),
]


def _snapshot(base: Path) -> dict[str, bytes]:
    return {str(p.relative_to(base)): p.read_bytes() for p in sorted(base.rglob("*"))
            if p.is_file()}


@pytest.fixture
def sandbox(tmp_path: Path) -> tuple[Project, Path]:
    """A project beside an `outside` directory whose content must never change."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "canary.txt").write_text("do not touch\n")
    project = make_project(tmp_path / "proj")
    project.add_story("E1-S2", slug="fine", status="review")
    return project, outside


def _check(result_code: int, stderr: str, what: str) -> None:
    assert "Traceback" not in stderr, what
    assert result_code != 70, f"{what}: internal error: {stderr}"
    if result_code != 0:
        assert stderr.count("\n") == 1, f"{what}: expected one stderr line, got {stderr!r}"


@pytest.mark.parametrize("key", HOSTILE_KEYS, ids=lambda key: repr(key)[:24])
def test_hostile_keys_are_refused_by_every_command(
    sandbox: tuple[Project, Path], key: str
) -> None:
    project, outside = sandbox
    before_outside = _snapshot(outside.parent / "outside")
    before_project = _snapshot(project.root)
    for name, argv, _ in COMMANDS:
        if argv is None:
            continue
        args = [a.replace("{key}", key) for a in argv]
        result = run_gaia(*args, cwd=project.root, env=gaia_env(project.root))
        _check(result.returncode, result.stderr, f"{name} {key!r}")
        assert result.returncode != 0, f"{name} accepted hostile key {key!r}"
        assert result.stdout == "", f"{name} printed for {key!r}: {result.stdout!r}"
    assert _snapshot(outside) == before_outside
    after = _snapshot(project.root)
    changed = {p for p in after if after[p] != before_project.get(p)}
    assert not {p for p in changed if not p.startswith(".gaia/")}


@pytest.mark.parametrize("case", sorted(p.name for p in CORPUS.iterdir()))
def test_malformed_stories_get_one_line_answers_from_every_command(
    sandbox: tuple[Project, Path], case: str
) -> None:
    project, outside = sandbox
    story = project.impl / "epic-e1-core" / "stories" / "E1-S1-broken.md"
    story.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(CORPUS / case, story)
    before_outside = _snapshot(outside)
    for name, by_key, by_file in COMMANDS:
        for argv in (by_key, by_file):
            if argv is None:
                continue
            args = [a.replace("{key}", "E1-S1").replace("{file}", str(story)) for a in argv]
            result = run_gaia(*args, cwd=project.root, env=gaia_env(project.root))
            _check(result.returncode, result.stderr, f"{name} on {case}")
    assert _snapshot(outside) == before_outside


def test_a_ten_megabyte_story_is_refused_quickly(sandbox: tuple[Project, Path]) -> None:
    project, _ = sandbox
    story = project.impl / "epic-e1-core" / "stories" / "E1-S1-huge.md"
    story.parent.mkdir(parents=True, exist_ok=True)
    story.write_text(story_text("E1-S1") + ("- [ ] filler line of a huge story\n" * 300_000))
    assert story.stat().st_size > 10_000_000
    for args in (["story", "show", "E1-S1"], ["review-qa", "E1-S1"],
                 ["review-gate", "status", "--story", "E1-S1"]):
        result = run_gaia(*args, cwd=project.root, env=gaia_env(project.root), timeout=60)
        _check(result.returncode, result.stderr, " ".join(args))
        assert result.returncode != 0
        assert "larger than" in result.stderr or "too large" in result.stderr, result.stderr
