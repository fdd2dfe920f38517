"""conditional-check-hints (Step 6b) and cache-refresh-advisory (Step 14b)."""

from __future__ import annotations

import pytest

from gaia_lib.dev_story import cache_refresh_advisory
from gaia_lib.dev_story import conditional_check_hints as hints


def test_api_route_and_schema_categories() -> None:
    lines = hints.hints(["src/api/users.py", "web/routes/a.ts", "src/apix/b.py", "docs/api.md",
                         "db/migrations/001.sql", "app/user_schema.py", "schema.rb"])
    assert lines == [
        "advisory: api-route change — add or update contract tests; "
        "files=src/api/users.py,web/routes/a.ts",
        "advisory: schema/migration change — verify the migration script; "
        "files=db/migrations/001.sql,app/user_schema.py",
    ]


def test_one_line_per_category_and_ten_paths_max() -> None:
    paths = [f"svc/api/h{i}.go" for i in range(12)]
    lines = hints.hints(paths)
    assert len(lines) == 2  # api-route + blast radius, never one line per file
    assert lines[0].endswith("files=" + ",".join(paths[:10]) + ",...")
    assert lines[1] == "advisory: large blast radius — consider a feature flag; count=12"


@pytest.mark.parametrize(("env", "limit"), [({}, 10), ({"BLAST_RADIUS_THRESHOLD": "3"}, 3),
                                             ({"BLAST_RADIUS_THRESHOLD": "x"}, 10),
                                             ({"BLAST_RADIUS_THRESHOLD": "0"}, 10)])
def test_threshold(env: dict[str, str], limit: int) -> None:
    assert hints.threshold(env) == limit
    assert len(hints.hints(["a", "b", "c"], limit)) == (1 if limit <= 3 else 0)


def test_duplicates_and_blanks_do_not_count() -> None:
    assert hints.hints(["a"] * 20 + [""], 10) == []


@pytest.mark.parametrize(("path", "cached"), [
    ("skills/gaia-dev-story/SKILL.md", True),
    ("skills/gaia-dev-story/scripts/setup.py", True),
    ("agents/validator.md", True),
    ("hooks/hooks.json", True),
    ("scripts/gaia_lib/core/paths.py", True),
    ("bin/gaia", True),
    ("tests/unit/test_x.py", False),
    ("scripts/tests/helper.py", False),
    ("docs/agents/x.md", False),
    ("skills/x/scripts/check.bats", False),
    ("README.md", False),
    ("src/app.py", False),
    # upstream's framework repository keeps the plugin under plugins/<name>/
    ("plugins/gaia/skills/gaia-x/SKILL.md", True),
    ("plugins/gaia/skills/gaia-x/scripts/setup.sh", True),
    ("plugins/gaia/agents/tex.md", True),
    ("plugins/gaia/hooks/hooks.json", True),
    ("plugins/gaia/tests/x.bats", False),
    ("plugins/README.md", False),
])
def test_cacheable(path: str, cached: bool) -> None:
    assert cache_refresh_advisory.is_cacheable(path) is cached


def test_advisory_is_one_line_or_none() -> None:
    assert cache_refresh_advisory.advisory(["src/a.py", "tests/b.py"]) is None
    line = cache_refresh_advisory.advisory(["agents/qa.md", "hooks/hooks.json", "agents/qa.md"])
    assert line == ("step14b_advisory: plugin-cache refresh recommended — touched files: "
                    "agents/qa.md,hooks/hooks.json")
