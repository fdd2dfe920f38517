"""Review Phase 1, shared by the review skills (/gaia-review-qa, /gaia-test-automate planning).

`prepare` resolves the key to exactly one story file (none: exit 1 "story file not found for key
K"; several: exit 2 "multiple story files matched key K"), requires the story to be in `review`
("story K is in 'S' status — must be in 'review' status for <purpose>", exit 1), requires the
six canonical rows of its `## Review Gate` table (where the verdict will go), resolves the
stack and its persona and probes the stack's tools (PATH, then node_modules/.bin, never `npx`;
a 5 s cap per probe). A test runner the stack needs but the machine lacks makes the review
BLOCKED (`blocked_reason`): that is known at once, from where the tools are (`located`). When
the command a required tier runs starts with a program PATH does not have (`python -m pytest`
where only `python3` exists), the reason names that program, not the runner's install hint:
installing the runner would not help. Their
`--version` runs only name the tools in the evidence and the cache key, so they go on in the
background while the review reads the project and runs its tests; `probe` waits for them
(bounded by their timeout).
"""

from __future__ import annotations

import shutil
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib import __version__
from gaia_lib.core import config, keys, paths, proc
from gaia_lib.core.errors import GaiaError, NotFound
from gaia_lib.gate import table
from gaia_lib.stacks import adapters as stacks
from gaia_lib.stacks import persona, toolprobe
from gaia_lib.story import editing, resolve
from gaia_lib.story.parser import Story, load_story


@dataclass(frozen=True)
class ReviewSetup:
    project: Path
    key: str
    story_path: Path
    story: Story
    stack: str
    agent_file: Path
    located: toolprobe.StackProbe  # which tools are installed; versions may still be read
    config: config.ProjectConfig
    versions: Future[toolprobe.StackProbe]  # the whole probe, versions read in the background

    @property
    def probe(self) -> toolprobe.StackProbe:
        """The whole tool probe (waits for the `--version` runs, bounded by their timeout)."""
        return self.versions.result()

    @property
    def blocked_reason(self) -> str | None:
        missing = self.located.missing
        if missing is None:
            return None
        runners = {p.tool for p in self.located.runners}
        return next((why for tier in self.config.tiers if tier.required and tier.command
                     for why in (_unstartable(tier.name, tier.command, runners),) if why),
                    missing)

    def analysis_header(self, skill: str, model: str, temperature: float) -> dict[str, Any]:
        """The identifying head of a review's analysis-results.json."""
        return {"schema_version": "1.0", "story_key": self.key, "skill": skill,
                "skill_version": __version__, "model": model, "model_temperature": temperature,
                "stack": self.stack, "tool_versions": self.probe.tool_versions}

    def base_summary(self, evidence_dir: Path) -> dict[str, Any]:
        """The setup JSON's common part (a skill adds its own keys)."""
        return {
            "story_key": self.key,
            "story_file": paths.relative_to_project(self.story_path, self.project),
            "title": self.story.title,
            "status": self.story.status,
            "stack": self.stack,
            "persona": str(self.agent_file),
            "tools": self.probe.as_dict(),
            "blocked": self.blocked_reason,
            "evidence_dir": paths.relative_to_project(evidence_dir, self.project),
        }


# Words a tier command may start with that are not programs PATH would hold.
_SHELL_WORDS = frozenset({"cd", "exec", "env", ".", "source", "export", "set", "command",
                          "time", "nice", "(", "{", "!", "if", "for", "while", "test", "["})


def _unstartable(tier: str, command: str, runners: set[str]) -> str | None:
    """Why a tier command cannot start: its program is not on PATH (pure but for the PATH
    lookup). A runner's own name is left to the runner's install hint."""
    program = proc.program_word(command)
    if program is None or "/" in program or program in _SHELL_WORDS or program in runners:
        return None
    if shutil.which(program) is not None:
        return None
    return (f"`{program}` is not on PATH — test_execution.{tier}.command runs `{command}`; "
            "activate the project's environment or change the command")


def _where(project: Path) -> str:
    """Why no story can be found there at all, when that is the reason."""
    if not project.is_dir():
        return f" ({project} is not a directory)"
    if not paths.gaia_dir(project).is_dir():
        return f" ({project} has no .gaia/: run `gaia init` there, or pass --project DIR)"
    return ""


def find_review_story(project: Path, raw_key: str) -> tuple[str, Path, Story]:
    """The key, its one story file and the parsed story, with the seeds' error messages."""
    key = keys.story_key(raw_key, 1)
    try:
        story_path = resolve.find_story(project, key)
    except NotFound:
        where = _where(project) or resolve.case_hint(resolve.artifacts_root(project), key)
        raise NotFound(f"story file not found for key {key}{where}", 1) from None
    except GaiaError as exc:
        if exc.exit_code == 2:
            found = [str(path) for tier in resolve.tiers(resolve.artifacts_root(project), key)
                     for path in tier]
            raise GaiaError(f"multiple story files matched key {key}: {', '.join(found)}",
                            2) from None
        raise
    return key, story_path, load_story(story_path, 1)


def prepare(project: Path, raw_key: str, purpose: str) -> ReviewSetup:
    key, story_path, story = find_review_story(project, raw_key)
    # A story that says it is another story would have its verdict refused at the end, after
    # its tests ran and a report was written: refused now.
    editing.check_identity(story, key)
    if story.status is None:
        raise GaiaError(f"story {key} has no status — must be in 'review' status for "
                        f"{purpose}", 1)
    if story.status != "review":
        raise GaiaError(f"story {key} is in '{story.status}' status — must be in 'review' "
                        f"status for {purpose}", 1)
    # The review ends by recording its verdict in the story's Review Gate table: a story that
    # cannot take one is refused now, before any test runs or a round's report is written.
    table.canonical_rows(story)
    chosen = persona.resolve(story_file=story_path, project_root=project, story=story)
    adapter = stacks.get(chosen.stack)
    # A monorepo stack's tools are installed in its own directory (js/node_modules/.bin).
    located = toolprobe.locate_stack(adapter, chosen.home)
    pool = ThreadPoolExecutor(max_workers=1)
    versions = pool.submit(toolprobe.read_versions, located, adapter, chosen.home)
    pool.shutdown(wait=False)  # the worker ends with its one job
    return ReviewSetup(project, key, story_path, story, chosen.stack, chosen.agent_file, located,
                       config.load(project, 1), versions)
