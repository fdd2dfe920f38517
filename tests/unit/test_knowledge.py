"""knowledge/: every page a skill or agent cites exists, every page is listed in its README, and
the examples the pages show are what gaia's own code does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gaia_lib.core import config
from gaia_lib.review_qa.report import CATEGORIES
from gaia_lib.story.acceptance import parse_acceptance
from gaia_lib.story.markdown import split_lines
from helpers.projects import REPO_ROOT

KNOWLEDGE = REPO_ROOT / "knowledge"
CITING = sorted([*REPO_ROOT.glob("skills/*/SKILL.md"), *REPO_ROOT.glob("agents/*.md")])
CITED = re.compile(r"knowledge/[A-Za-z0-9_./*-]+\.md")


def _citations() -> list[tuple[Path, str]]:
    return [(path, match) for path in CITING
            for match in CITED.findall(path.read_text(encoding="utf-8"))]


def test_skills_and_agents_cite_knowledge_pages() -> None:
    cited = {path.name if path.name != "SKILL.md" else path.parent.name
             for path, _ in _citations()}
    assert {"gaia-review-qa", "qa.md"} <= cited


@pytest.mark.parametrize(("source", "cited"), _citations(),
                         ids=lambda value: str(value).rsplit("/", 1)[-1])
def test_every_cited_page_exists(source: Path, cited: str) -> None:
    matches = list(REPO_ROOT.glob(cited))
    assert matches, f"{source.relative_to(REPO_ROOT)} cites {cited}, which does not exist"


def test_skill_citations_use_the_plugin_root_token() -> None:
    for path in REPO_ROOT.glob("skills/*/SKILL.md"):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"(\S*)knowledge/[A-Za-z0-9_./-]+\.md", text):
            # Claude Code substitutes only the exact `${CLAUDE_PLUGIN_ROOT}` token in SKILL.md.
            assert match.group(1).endswith("${CLAUDE_PLUGIN_ROOT}/"), (path, match.group(0))


def test_every_page_is_listed_in_the_readme() -> None:
    readme = (KNOWLEDGE / "README.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| `([a-z0-9-]+/[A-Za-z0-9_*.-]+\.md)` \|", readme, flags=re.M)
    pages = {p.relative_to(KNOWLEDGE).as_posix() for p in KNOWLEDGE.rglob("*.md")
             if p.name != "README.md"}
    covered = {page for page in pages for pattern in listed
               if Path(page).match(pattern) or page == pattern}
    assert pages and covered == pages, sorted(pages - covered)
    assert all(any(Path(p).match(pattern) for p in pages) for pattern in listed), listed


def _fenced(page: str, language: str) -> str:
    text = (KNOWLEDGE / page).read_text(encoding="utf-8")
    blocks = re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)
    assert len(blocks) == 1, page
    return str(blocks[0])


def test_the_rubric_page_lists_exactly_the_categories_the_report_groups_by() -> None:
    text = (KNOWLEDGE / "review-qa/finding-categories.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z-]+)` \|", text, flags=re.M)
    assert tuple(rows) == CATEGORIES
    assert re.findall(r"^- \*\*(critical|warning|suggestion)\*\*", text, flags=re.M) == [
        "critical", "warning", "suggestion"]


def test_the_ac_shapes_page_example_parses_as_the_page_says() -> None:
    example = _fenced("review-qa/acceptance-criteria-shapes.md", "markdown")
    criteria = parse_acceptance(split_lines(example))
    assert [c.ac_id for c in criteria] == ["AC1", "AC2", "AC3", "AC4", "AC5", "AC-EC1"]
    assert [c.edge_case for c in criteria] == [False] * 5 + [True]
    assert all(c.given and c.when and c.then for c in criteria)


def test_the_test_tiers_page_example_runs_the_tiers_the_page_says() -> None:
    loaded = config.parse(_fenced("review-qa/test-tiers.md", "yaml"))
    runs = {context: [t.name for t in loaded.tiers_for(context)]
            for context in ("local", "ci_pre_merge", "ci-pre-merge", "ci_post_merge",
                            "deployment", "post_deploy")}
    assert runs == {"local": ["tier_1"], "ci_pre_merge": ["tier_1"], "ci-pre-merge": ["tier_1"],
                    "ci_post_merge": ["tier_2"], "deployment": ["tier_2"], "post_deploy": []}
    first = loaded.tier("tier_1")
    assert first is not None and first.timeout_seconds == 300
