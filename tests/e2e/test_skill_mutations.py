"""A broken /gaia-review-qa skill fails the session test: proof that the scripted model follows
the rendered SKILL.md instead of replaying fixed calls.

Each test copies the plugin, breaks one thing in the copy's SKILL.md, runs one review session
in the real CLI (the newest pinned version only: one session each, about 10 s), and shows that
`check_session` (the same checks the end-to-end test makes) then fails, and why:
- the finalize flags renamed: the finalize script refuses them, an error tool result;
- the dispatch's `subagent_type` renamed: the CLI has no such agent, an error tool result;
- the persist step deleted: the scripted model finds no step that persists the reviewer's
  answer and ends the session with a failure.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from e2e.claude_cli import ClaudeCli
from e2e.demo import demo_copy
from e2e.test_review_qa_session import GOOD_REPORT, check_session, follower, review

pytestmark = pytest.mark.claude

NOT_PLUGIN = {"tests", "examples", "docs", "bench", "dev", ".ci", ".git", ".venv", "build"}
SKILL = Path("skills") / "gaia-review-qa" / "SKILL.md"
FINALIZE_FLAGS = "--llm-findings EVIDENCE_DIR/fork-findings.json --payload EVIDENCE_DIR/fork-report.md"
PERSIST_START = "2. **Persist what the reviewer returned"


def plugin_copy(source: Path, dest: Path) -> Path:
    dest.mkdir()
    for part in sorted(p.name for p in source.iterdir() if p.name not in NOT_PLUGIN
                       and not p.name.startswith((".mypy", ".ruff", ".pytest"))):
        if (source / part).is_dir():
            shutil.copytree(source / part, dest / part,
                            ignore=shutil.ignore_patterns("__pycache__"))
        elif (source / part).exists():
            shutil.copy2(source / part, dest / part)
    return dest


def mutated(source: Path, dest: Path, old: str, new: str, skill: Path = SKILL,
            count: int = -1) -> Path:
    """A copy of the plugin whose `skill` has `old` replaced by `new` (`count` times, -1: all)."""
    root = plugin_copy(source, dest)
    text = (root / skill).read_text("utf-8")
    assert old in text, f"{skill} no longer holds {old!r}: update the mutation"
    (root / skill).write_text(text.replace(old, new, count), "utf-8")
    return root


def _persist_step(text: str) -> str:
    start = text.index(PERSIST_START)
    return text[start:text.index("\n3. **", start) + 1]


def _run_broken(claude: ClaudeCli, root: Path, tmp_path: Path, venv: Path) -> str:
    project = demo_copy(tmp_path / "demo")
    model = follower(project, GOOD_REPORT, "mut")
    result = review(claude, root, project, tmp_path / "run", venv, model)
    with pytest.raises(AssertionError) as failed:
        check_session(result, model, root, project)
    return str(failed.value)


def test_renamed_finalize_flags_fail_the_session(
    newest: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path
) -> None:
    root = mutated(plugin_root, tmp_path / "plugin", FINALIZE_FLAGS,
                    "--findings EVIDENCE_DIR/fork-findings.json --report EVIDENCE_DIR/fork-report.md")
    message = _run_broken(newest, root, tmp_path, plugin_venv)
    assert "toolu_cmd1_mut" in message and "unrecognized arguments: --findings" in message


def test_renamed_subagent_type_fails_the_session(
    newest: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path
) -> None:
    root = mutated(plugin_root, tmp_path / "plugin", 'subagent_type: "gaia:qa"',
                    'subagent_type: "gaia:qa-reviewer"')
    message = _run_broken(newest, root, tmp_path, plugin_venv)
    assert "toolu_agent_mut" in message


def test_deleted_persist_step_fails_the_session(
    newest: ClaudeCli, plugin_root: Path, tmp_path: Path, plugin_venv: Path
) -> None:
    text = (plugin_root / SKILL).read_text("utf-8")
    root = mutated(plugin_root, tmp_path / "plugin", _persist_step(text), "")
    message = _run_broken(newest, root, tmp_path, plugin_venv)
    assert "could not follow the skill" in message and "persists the reviewer's" in message
