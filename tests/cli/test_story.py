from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_lib.cli import story as story_cmd
from helpers.projects import Project, run_gaia


def test_show_by_key_prints_canonical_json(project: Project) -> None:
    path = project.add_story(layout="nested")
    result = run_gaia("story", "show", "E1-S1", cwd=project.root)
    assert result.returncode == 0 and result.stderr == ""
    data = json.loads(result.stdout)
    assert result.stdout == json.dumps(data, sort_keys=True, indent=2, ensure_ascii=False) + "\n"
    assert data["path"] == str(path) and data["key"] == "E1-S1" and "text" not in data
    assert [a["ac_id"] for a in data["acceptance_criteria"]] == ["AC1", "AC2"]
    assert data["acceptance_criteria"][0]["given"] == "a valid email"
    assert data["review_gate"][1] == {
        "line": data["review_gate"][0]["line"] + 1, "name": "QA Tests", "report": "—",
        "status": "UNVERIFIED"}
    assert data["file_list"] == ["src/app/signup.py", "tests/test_signup.py"]
    assert sorted(data) == sorted([
        "acceptance_criteria", "blocks", "custom_scenarios", "depends_on", "epic", "figma",
        "file_list", "findings", "frontmatter", "key", "manual_verification", "path", "priority",
        "review_gate", "risk", "sprint_id", "stack", "status", "tasks", "template",
        "test_cases", "title", "traces_to", "type"])


def test_show_file_and_project_flag(project: Project, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = project.add_story(layout="flat")
    assert story_cmd.main(["show", "--file", str(path)]) == 0
    by_file = capsys.readouterr().out
    assert story_cmd.main(["show", "E1-S1", "--project", str(project.root)]) == 0
    assert capsys.readouterr().out == by_file


@pytest.mark.parametrize(
    ("argv", "code", "err_start"),
    [
        (["show", "E9-S9"], 1, "story: story file not found for key E9-S9 — searched "),
        (["show", "--file", "nope.md"], 1, "story: story file not found: nope.md"),
        (["show", "../etc"], 1, "story: invalid story key '../etc'"),
        (["show"], 2, "story: give exactly one of <KEY> or --file PATH"),
        (["show", "E1-S1", "--file", "x.md"], 2, "story: give exactly one of"),
        (["show", "--nope"], 2, "story: unrecognized arguments: --nope"),
        ([], 2, "story: usage: gaia story show"),
        (["frobnicate"], 2, "story: unknown action 'frobnicate'"),
    ],
)
def test_show_errors(project: Project, argv: list[str], code: int, err_start: str,
                     capsys: pytest.CaptureFixture[str]) -> None:
    assert story_cmd.main(argv) == code
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(err_start) and err.count("\n") == 1


def test_show_ambiguous_exit_2(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    project.add_story(layout="per-story", slug="a")
    project.add_story(layout="per-story", slug="b")
    assert story_cmd.main(["show", "E1-S1"]) == 2
    assert "resolve ambiguity" in capsys.readouterr().err


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert story_cmd.main(["--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: gaia story show")


def test_the_help_of_new_says_where_the_story_is_written(
        capsys: pytest.CaptureFixture[str]) -> None:
    # a user setting gaia up on portion 2.6.0 read `gaia story new --help` to learn where to
    # put a story for a review to find it; it did not say
    assert story_cmd.main(["new", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "<implementation-artifacts>/epic-<n>/stories/<KEY>-<title slug>.md" in out
    assert ".gaia/artifacts/implementation-artifacts/epic-e1/stories/" \
        "E1-S1-refuse-expired-codes.md" in out


def test_parse_prints_the_ten_upstream_lines(project: Project) -> None:
    path = project.add_story("E2-S4", layout="nested", status="In-Progress")
    text = path.read_text().replace("depends_on: []", 'depends_on: ["E1-S1", "E1-S2"]')
    path.write_text(text)
    rel = str(path.relative_to(project.root))
    result = run_gaia("story", "parse", rel, cwd=project.root)
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == (
        "STORY_KEY='E2-S4'\n"
        "STATUS='in-progress'\n"
        "RISK='medium'\n"
        "EPIC_KEY='E2'\n"
        "TYPE='story'\n"
        "DEPENDS_ON='E1-S1,E1-S2'\n"
        "SUBTASK_COUNT='2'\n"
        "SUBTASK_CHECKED='2'\n"
        "AC_COUNT='2'\n"
        f"STORY_PATH='{rel}'\n"
    )


def test_parse_quotes_single_quotes_for_eval(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "it's.md"
    path.write_text("---\nstory_key: E1-S1\nstatus: review\nrisk_level: \"it's $(bad)\"\n---\n")
    assert story_cmd.main(["parse", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2] == "RISK='it'\\''s $(bad)'"
    assert lines[9] == "STORY_PATH='" + str(path).replace("'", "'\\''") + "'"
    assert lines[0] == "STORY_KEY='E1-S1'" and lines[8] == "AC_COUNT='0'"


@pytest.mark.parametrize(
    ("argv", "content", "code", "err"),
    [
        ([], None, 1, "story: the following arguments are required: story_path"),
        (["a..b.md"], None, 1, "story: path traversal rejected: a..b.md"),
        (["missing.md"], None, 1, "story: story file not found: missing.md"),
        (["s.md"], "---\nstatus: review\n---\n", 2,
         "story: missing required frontmatter field: key (or alias story_key)"),
        (["s.md"], "---\nkey: E1-S1\n---\n", 2,
         "story: missing required frontmatter field: status"),
        (["s.md"], "---\nkey: E1-S1\nstatus: review\n", 2,
         "story: s.md: malformed frontmatter (unbalanced --- markers"),
    ],
)
def test_parse_errors(project: Project, argv: list[str], content: str | None, code: int,
                      err: str, capsys: pytest.CaptureFixture[str]) -> None:
    if content is not None:
        (project.root / "s.md").write_text(content)
    assert story_cmd.main(["parse", *argv]) == code
    out, got = capsys.readouterr()
    assert out == "" and got.startswith(err) and got.count("\n") == 1


@pytest.mark.parametrize(("argv", "code"), [(["show", "--file", "a\x00b.md"], 1),
                                            (["parse", "a\x00b.md"], 1)])
def test_nul_in_path_is_not_found(argv: list[str], code: int,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert story_cmd.main(argv) == code
    out, err = capsys.readouterr()
    assert out == "" and err == "story: story file not found: a b.md\n"


def test_new_refuses_a_project_directory_that_is_not_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a user who mistyped --project (a date helpers package unpacked under another name) got
    # exit 0 and a story written into a new `.gaia/` tree in a directory made for it
    typo = tmp_path / "packge"
    code = story_cmd.main(["new", "E3-S2", "--title", "Date helpers", "--project", str(typo)])
    assert code == 1 and not typo.exists()
    assert capsys.readouterr().err.strip() == \
        f"story: --project {typo} is not a directory: name the project's directory"
