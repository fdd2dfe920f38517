"""Two Phase 3A pieces under their upstream names, runnable alone: qa-test-runner (3A.1, the
test tiers) and qa-tc-generator (3C, test cases for uncovered ACs). The same functions
`review-qa analyze` runs; no other rules live here.

Rules:
- qa-test-runner: the tiers of `--config` placed in the context (`--context`, else
  GAIA_EXECUTION_CONTEXT, else `local`) run in the project; with `--story-file`, locally, the
  story's File List entries that are test files are what runners that take paths run.
  `<workdir>/execution-evidence.json` is written (schema-checked) whatever the tests say.
- qa-tc-generator: the story's key is its frontmatter `key`; one row per acceptance criterion
  (every shape the story parser reads); a row OUT already has for an AC is kept as it is, new
  rows are numbered after OUT's highest `TC-{key}-{N}`; rows of ACs no longer in the story are
  dropped. OUT must hold a JSON array when it exists. Schema-checked, then written whole.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gaia_lib.core import config, paths, schema, writes
from gaia_lib.core.errors import InvalidInput, MalformedFile, NotFound
from gaia_lib.evidence import execution, tcgen
from gaia_lib.review_qa.context import STATE_SKILL
from gaia_lib.stacks import adapters as stacks
from gaia_lib.story.parser import Story, load_story


def story_test_files(project: Path, story: Story) -> list[str]:
    """The story's File List entries that exist and that some stack calls a test file."""
    listed = [c for c in map(paths.listed_path, story.file_list or ()) if c]
    return [rel for rel in listed if (project / rel).is_file()
            and stacks.names_test_file(rel)]


def run_tests(project: Path, key: str, workdir: Path, config_path: Path, *,
              context: str | None = None, story_file: Path | None = None) -> Path:
    """qa-test-runner: run the tiers, write `<workdir>/execution-evidence.json`, return it."""
    loaded = config.load_given(config_path, 1)
    try:  # upstream makes the evidence directory too: a first run names a fresh one
        workdir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InvalidInput(f"--workdir {workdir}: cannot make the directory "
                           f"({exc.strerror or exc})", 1) from None
    story_tests = (story_test_files(project, load_story(story_file, 1))
                   if story_file is not None else [])
    # The runners' own reports (JUnit XML, JSON) go where `review-qa analyze` keeps them; only
    # the evidence file goes to --workdir, as upstream has it.
    reports_dir = paths.review_state_dir(project, STATE_SKILL, key)
    evidence = execution.execute(loaded, key, project, reports_dir,
                                 context=execution.active_context(context),
                                 story_tests=story_tests).as_json()
    schema.check(evidence, "execution-evidence", "execution-evidence.json")
    target = workdir / "execution-evidence.json"
    with writes.trusted_file(target):  # the caller named --workdir, as upstream lets them
        writes.write_json(target, evidence)
    return target


def generate_test_cases(story_path: Path, output: Path) -> list[dict[str, Any]]:
    """qa-tc-generator: add a test case for every AC OUT does not cover yet; return all rows."""
    story = load_story(story_path, 2)
    if not story.key:
        raise MalformedFile(f"{story_path}: no `key:` in the frontmatter", 2)
    if not output.parent.is_dir():  # as upstream's temp-and-rename beside it: no directory, no file
        raise NotFound(f"--output {output}: no such directory {output.parent}", 2)
    existing: list[Any] = []
    if output.exists():
        try:
            existing = json.loads(output.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            raise MalformedFile(f"{output}: not readable JSON ({exc})", 2) from None
        if not isinstance(existing, list):
            raise MalformedFile(f"{output}: must hold a JSON array", 2)
    every = [ac.ac_id for ac in story.acceptance_criteria]  # upstream: a case per AC
    from gaia_lib.review_qa import rules
    own = {ac.ac_id: p for ac in story.acceptance_criteria
           if (p := rules.ac_priority(ac.text, None)) in tcgen.PRIORITIES}
    rows = tcgen.generate(story.key, story.acceptance_criteria, every, existing,
                          story.priority, exit_code=2, ac_priorities=own)
    schema.check(rows, "qa-test-cases", output.name, exit_code=2)
    with writes.trusted_file(output):  # the caller named --output, as upstream lets them
        writes.write_json(output, rows)
    return rows
