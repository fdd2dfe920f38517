from __future__ import annotations

import json

from helpers.projects import Project, run_gaia


def test_env_lines_and_json(project: Project) -> None:
    path = project.add_story(status="ready-for-dev")
    rel = str(path.relative_to(project.root))
    result = run_gaia("story-parse", rel, cwd=project.root)
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.splitlines() == [
        "STORY_KEY='E1-S1'", "STATUS='ready-for-dev'", "RISK='medium'", "EPIC_KEY='E1'",
        "TYPE='story'", "DEPENDS_ON=''", "SUBTASK_COUNT='2'", "SUBTASK_CHECKED='2'",
        "AC_COUNT='2'", f"STORY_PATH='{rel}'"]
    as_json = run_gaia("story-parse", rel, "--format", "json", cwd=project.root)
    assert json.loads(as_json.stdout)["STATUS"] == "ready-for-dev"


def test_exit_codes(project: Project) -> None:
    bad = project.write("bad.md", "---\nkey: E1-S1\n---\n")
    cases = {("story-parse",): 1, ("story-parse", "a/../b.md"): 1,
             ("story-parse", "missing.md"): 1, ("story-parse", str(bad)): 2,
             ("story-parse", str(bad), "--format", "xml"): 1}
    for args, code in cases.items():
        result = run_gaia(*args, cwd=project.root)
        assert result.returncode == code, args
        assert result.stdout == "" and len(result.stderr.splitlines()) == 1, args
        assert result.stderr.startswith("story-parse: ")
