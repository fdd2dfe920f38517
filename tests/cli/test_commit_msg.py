from __future__ import annotations

from pathlib import Path

import pytest

from helpers.projects import Project, run_gaia


def story(project: Project, *, title: str = "Validate signup email", extra: str = "",
          key_line: str = 'key: "E1-S1"') -> Path:
    return project.write("story.md", f'---\n{key_line}\ntitle: "{title}"\n{extra}---\n\nBody\n')


def msg(project: Project, *args: str) -> tuple[int, str, str]:
    result = run_gaia("commit-msg", *args, cwd=project.root)
    return result.returncode, result.stdout, result.stderr


@pytest.mark.parametrize(("story_type", "subject"), [
    ("feature", "feat(E1-S1): wire Validate signup email"),
    ("bug", "fix(E1-S1): fix Validate signup email"),
    ("refactor", "refactor(E1-S1): refactor Validate signup email"),
    ("chore", "chore(E1-S1): update Validate signup email"),
    ("epic", "feat(E1-S1): wire Validate signup email"),
    (None, "feat(E1-S1): wire Validate signup email"),
])
def test_type_mapping(project: Project, story_type: str | None, subject: str) -> None:
    path = story(project, extra=f"type: {story_type}\n" if story_type else "")
    assert msg(project, str(path)) == (0, subject + "\n", "")


def test_lowercase_title_keeps_its_own_verb(project: Project) -> None:
    path = story(project, title="add the signup form", extra="type: feature\n")
    assert msg(project, str(path))[1] == "feat(E1-S1): add the signup form\n"


def test_story_key_alias(project: Project) -> None:
    path = story(project, key_line='story_key: "E7-S3"')
    assert msg(project, str(path))[1] == "feat(E7-S3): wire Validate signup email\n"


def test_cut_at_72_bytes_on_a_character_boundary(project: Project) -> None:
    path = story(project, title="é" * 80)
    code, out, _ = msg(project, str(path))
    subject = out.rstrip("\n")
    assert code == 0
    assert len(subject.encode("utf-8")) <= 72
    assert subject.startswith("feat(E1-S1): wire éé")
    subject.encode("utf-8").decode("utf-8")  # whole characters only


def test_attribution_never_printed(project: Project) -> None:
    path = story(project, title="Signup form 🤖 Generated with Claude Code",
                 extra="type: bug\n")
    assert msg(project, str(path))[1] == "fix(E1-S1): fix Signup form\n"


def test_title_that_is_only_attribution_is_refused(project: Project) -> None:
    path = story(project, title="Co-Authored-By: Claude <noreply@anthropic.com>")
    code, out, err = msg(project, str(path))
    assert (code, out) == (2, "")
    assert err == "commit-msg: story title is empty once attribution is removed\n"


def test_multiline_title_is_one_line(project: Project) -> None:
    path = project.write("story.md", '---\nkey: E1-S1\ntitle: "first\\nsecond\\r\\nthird"\n---\n')
    assert msg(project, str(path))[1] == "feat(E1-S1): first second third\n"


@pytest.mark.parametrize(("text", "error"), [
    ("---\ntitle: x\n---\n", "missing required frontmatter field: key (or alias story_key)"),
    ("---\nkey: E1-S1\n---\n\nno heading\n", "missing required frontmatter field: title"),
    ("---\nkey: \"E1-S1;rm -rf\"\ntitle: x\n---\n", "invalid story key"),
    ("---\nkey: [unclosed\n---\n", ""),
    ("no frontmatter at all\n", ""),
])
def test_malformed_story_exit_2(project: Project, text: str, error: str) -> None:
    path = project.write("story.md", text)
    code, out, err = msg(project, str(path))
    assert (code, out) == (2, "")
    assert error in err
    assert len(err.splitlines()) == 1


def test_missing_file_traversal_and_usage_exit_1(project: Project) -> None:
    assert msg(project, "nope.md")[0:2] == (1, "")
    assert msg(project, "nope.md")[2] == "commit-msg: story file not found: nope.md\n"
    story(project)
    assert msg(project, "sub/../story.md")[2] == (
        "commit-msg: path traversal rejected: sub/../story.md\n")
    assert msg(project)[0] == 1


@pytest.mark.parametrize(("message", "code"), [
    ("feat(E1-S1): wire signup\n\nBody text.\n", 0),
    ("# comment git drops\nfix(E2-S10): fix it\n", 0),
    ("feat(E1-S1): wire signup\n\nCo-Authored-By: Someone <a@b.c>\n", 1),
    ("feat(E1-S1): wire signup\n\nGenerated with Claude Code\n", 1),
    ("feat(E1-S1): " + "x" * 60 + "\n", 1),
    ("wip\n", 1),
    ("", 1),
])
def test_check_mode(project: Project, message: str, code: int) -> None:
    path = project.write("COMMIT_EDITMSG", message)
    result = msg(project, "--check", str(path))
    assert result[0] == code
    assert len(result[2].splitlines()) == 1
