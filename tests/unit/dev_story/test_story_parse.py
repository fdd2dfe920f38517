from __future__ import annotations

import json
import subprocess

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import story_parse
from helpers.projects import Project


def test_ten_variables_in_contract_order(project: Project) -> None:
    path = project.add_story(extra_frontmatter="", status="ready-for-dev")
    values = story_parse.variables(story_parse.load_checked(str(path)), "shown.md")
    assert list(values) == list(story_parse.NAMES)
    assert values["STORY_KEY"] == "E1-S1" and values["STATUS"] == "ready-for-dev"
    assert values["SUBTASK_COUNT"] == "2" and values["SUBTASK_CHECKED"] == "2"
    assert values["AC_COUNT"] == "2" and values["STORY_PATH"] == "shown.md"


def test_alias_keys_and_depends_on(project: Project) -> None:
    path = project.write("s.md", "---\nstory_key: E2-S3\nstatus: In-Progress\nepic_key: E2\n"
                         "risk_level: low\ndepends_on: [E1-S1, E1-S2]\n---\n# x\n")
    values = story_parse.variables(story_parse.load_checked(str(path)), str(path))
    assert (values["STORY_KEY"], values["EPIC_KEY"], values["RISK"], values["STATUS"]) == (
        "E2-S3", "E2", "low", "in-progress")
    assert values["DEPENDS_ON"] == "E1-S1,E1-S2"


def test_shell_lines_survive_eval_of_hostile_values() -> None:
    values = {name: "" for name in story_parse.NAMES}
    values["STORY_PATH"] = "it's $(touch /tmp/pwned) `x`"
    script = "\n".join(story_parse.shell_lines(values)) + '\nprintf %s "$STORY_PATH"'
    out = subprocess.run(["sh", "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout == values["STORY_PATH"]


def test_json_form_is_sorted_object() -> None:
    values = {name: str(i) for i, name in enumerate(story_parse.NAMES)}
    data = json.loads(story_parse.as_json(values))
    assert data == values and list(data) == sorted(values)


@pytest.mark.parametrize(("text", "code"), [
    ("---\nstatus: done\n---\n", 2),           # no key
    ("---\nkey: E1-S1\n---\n", 2),             # no status
    ("---\nkey: E1-S1\nstatus: [\n---\n", 2),  # bad YAML
    ("no frontmatter\n", 2),
])
def test_malformed_is_exit_2(project: Project, text: str, code: int) -> None:
    path = project.write("bad.md", text)
    with pytest.raises(GaiaError) as caught:
        story_parse.load_checked(str(path))
    assert caught.value.exit_code == code


def test_traversal_and_missing_are_exit_1(project: Project) -> None:
    for raw in ("../etc/passwd", str(project.root / "missing.md")):
        with pytest.raises(GaiaError) as caught:
            story_parse.load_checked(raw)
        assert caught.value.exit_code == 1
