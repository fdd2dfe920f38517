"""The PR body (Step 11): rendered from the story and the evidence, never written by hand.

Sections, in order:
1. `## Acceptance Criteria`: one `- <id>: <text>` line per criterion the one AC parser finds
   (every shape), `- (none)` without any.
2. `## Definition of Done`: one `- <item>: <STATUS>` line per row of the dod-check YAML given
   with `--dod-results` (`- { item: build, status: PASSED, output: … }`), else
   `- (no DoD output)`. A file that is not such a YAML list is refused (exit 2).
3. `## Diff Stat`: `git diff --stat <base>...HEAD` in a fence — what the PR will contain. The
   base is `--base`, else the promotion chain's first branch (or `origin/<it>`); without one
   it is the uncommitted change set (`git diff --stat HEAD`). Outside git: `(not a git
   repository)`; nothing changed: `(no changes)`.
4. `## Allow-stub override` with the reason, only when one is given (it must cite a story or
   action item, as `forbidden-sentinel-scan --allow-stub` requires).
5. `Story: [KEY](<story path relative to the project>)` — the line verify-pr-merged can find.
Exit codes: 1 usage (missing or traversing path, bad reason, unknown --base), 2 malformed
story or DoD file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from gaia_lib.core import keys, paths, yamlio
from gaia_lib.core.errors import GaiaError, MalformedFile
from gaia_lib.dev_story import promotion, sentinels, vcs
from gaia_lib.story.parser import load_story


def dod_lines(text: str, what: str) -> list[str]:
    rows = yamlio.load(text, what, 2)
    if rows is None:
        return []
    if not isinstance(rows, list):
        raise MalformedFile(f"{what}: not a YAML list of dod-check rows", 2)
    lines = []
    for row in rows:
        if not isinstance(row, Mapping) or "item" not in row or "status" not in row:
            raise MalformedFile(f"{what}: every row needs item and status", 2)
        lines.append(f"- {row['item']}: {str(row['status']).upper()}")
    return lines


def _diff_base(repo: Path, project: Path, explicit: str | None) -> str | None:
    if explicit:
        if not vcs.resolves(repo, vcs.rev_name(explicit)):
            raise GaiaError(f"unknown base ref '{explicit}': not a commit in this repository", 1)
        return explicit
    base = promotion.chain(project).base
    if base is None:
        return None
    for candidate in (f"origin/{base}", base):
        if vcs.resolves(repo, candidate):
            return candidate
    return None


def diff_stat(repo: Path, project: Path, base: str | None) -> str:
    if not vcs.in_work_tree(repo):
        return "(not a git repository)"
    chosen = _diff_base(repo, project, base)
    args = ["diff", "--stat", "--no-color", f"{chosen}...HEAD" if chosen else "HEAD", "--"]
    result = vcs.git(repo, *args)
    return result.stdout.rstrip("\n") if result.ok and result.stdout.strip() else "(no changes)"


def render(story_file: Path, project: Path, repo: Path, *, dod_results: str | None,
           allow_stub_reason: str | None, base: str | None) -> str:
    story = load_story(story_file, exit_code=2)
    if not story.key:
        raise MalformedFile("missing required frontmatter field: key (or alias story_key)", 2)
    keys.story_key(story.key, exit_code=2)
    if allow_stub_reason is not None:
        sentinels.check_allow_stub(allow_stub_reason)
    out = ["## Acceptance Criteria", ""]
    acs = [f"- {ac.ac_id}: {' '.join(ac.statement.split())}"
           for ac in story.acceptance_criteria]
    out += acs or ["- (none)"]
    out += ["", "## Definition of Done", ""]
    dod: list[str] = []
    if dod_results is not None:
        dod_path = Path(dod_results)
        try:
            dod = dod_lines(dod_path.read_text(encoding="utf-8"), str(dod_path))
        except (OSError, UnicodeDecodeError) as exc:
            raise MalformedFile(f"cannot read --dod-results {dod_results}: {exc}", 2) from None
    out += dod or ["- (no DoD output)"]
    out += ["", "## Diff Stat", "", "```", diff_stat(repo, project, base), "```", ""]
    if allow_stub_reason is not None:
        out += ["## Allow-stub override", "", allow_stub_reason, ""]
    link = paths.relative_to_project(story_file, project)
    out.append(f"Story: [{story.key}]({link})")
    return "\n".join(out) + "\n"
