"""The malformed-story corpus: every case is one clear stderr line and a documented exit code."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gaia_lib.cli import story as story_cmd
from gaia_lib.core.errors import MalformedFile
from gaia_lib.story.parser import MAX_STORY_BYTES, load_story
from helpers.projects import run_gaia

CORPUS = Path(__file__).resolve().parents[2] / "fixtures" / "stories" / "malformed"

# file -> message (after `<path>: `) ; `story show --file` exits 1, `story parse` exits 2
CASES = {
    "no-frontmatter.md": "no frontmatter (the first line must be '---')",
    "unbalanced-frontmatter.md": "malformed frontmatter (unbalanced --- markers: no closing '---')",
    # lines of the file (its frontmatter starts on line 2)
    "bad-yaml.md": "malformed frontmatter: invalid YAML at line 3: found unexpected end of stream "
                   "(line 2 opens a quote it does not close)",
    "alias-bomb.md": "malformed frontmatter: YAML anchors and aliases are not allowed",
    "frontmatter-list.md": "frontmatter is a list, not a mapping of fields",
    "frontmatter-scalar.md": "frontmatter is a str, not a mapping of fields",
    "duplicate-ac-ids.md": "duplicate acceptance criterion id AC1 at lines 10 and 12",
    "latin1.md": "not UTF-8 text (invalid byte at line 4, offset 43)",
    "nul-bytes.md": "contains NUL bytes; not a text story file",
    "deep-nesting.md": "malformed frontmatter: YAML nested deeper than 64 levels",
    "duplicate-key.md": "malformed frontmatter: duplicate key 'key' at line 5",
}


def test_corpus_is_complete() -> None:
    names = {p.name for p in CORPUS.iterdir()}
    assert names == {*CASES, "homoglyph-heading.md"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_load_story_raises_one_clear_line(name: str) -> None:
    path = CORPUS / name
    with pytest.raises(MalformedFile) as info:
        load_story(path, exit_code=2)
    assert info.value.message == f"{path}: {CASES[name]}"
    assert info.value.exit_code == 2


@pytest.mark.parametrize(("action", "code"), [("show", 1), ("parse", 2)])
@pytest.mark.parametrize("name", sorted(CASES))
def test_commands_exit_code_and_single_stderr_line(
    name: str, action: str, code: int, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(CORPUS / name)
    argv = ["show", "--file", path] if action == "show" else ["parse", path]
    assert story_cmd.main(argv) == code
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"story: {path}: {CASES[name]}\n"


@pytest.mark.parametrize("name", ["alias-bomb.md", "latin1.md", "nul-bytes.md", "bad-yaml.md"])
def test_real_process_has_no_traceback(name: str, tmp_path: Path) -> None:
    result = run_gaia("story", "parse", str(CORPUS / name), cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("story: ")


def test_homoglyph_heading_is_simply_no_ac_section() -> None:
    story = load_story(CORPUS / "homoglyph-heading.md")
    assert story.key == "E1-S1"
    assert story.acceptance_criteria == ()
    assert len(story.tasks) == 1


def test_homoglyph_heading_parse_reports_zero_acs(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(CORPUS / "homoglyph-heading.md")
    assert story_cmd.main(["parse", path]) == 0
    assert "AC_COUNT='0'" in capsys.readouterr().out.splitlines()


@pytest.fixture
def huge_story(tmp_path: Path) -> Path:
    """A 10 MB story, generated: never committed."""
    path = tmp_path / "E1-S1-huge.md"
    with path.open("w", encoding="utf-8") as handle:
        handle.write("---\nkey: E1-S1\nstatus: review\n---\n\n## Acceptance Criteria\n\n")
        line = "- [ ] Given a, when b, then c.\n"
        handle.write(line * (10_000_000 // len(line)))
    return path


def test_oversized_story_is_refused_without_parsing(
    huge_story: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    message = f"{huge_story}: larger than {MAX_STORY_BYTES} bytes; not a story"
    with pytest.raises(MalformedFile) as info:
        load_story(huge_story)
    assert info.value.message == message
    assert story_cmd.main(["parse", str(huge_story)]) == 2
    assert story_cmd.main(["show", "--file", str(huge_story)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == f"story: {message}\nstory: {message}\n"


def test_story_just_under_the_limit_parses(tmp_path: Path) -> None:
    path = tmp_path / "E1-S1-big.md"
    head = "---\nkey: E1-S1\n---\n\n"
    path.write_text(head + "x" * (MAX_STORY_BYTES - len(head) - 1) + "\n", encoding="utf-8")
    assert load_story(path).key == "E1-S1"


def test_copied_corpus_file_resolves_then_fails_cleanly(tmp_path: Path) -> None:
    stories = tmp_path / ".gaia" / "artifacts" / "implementation-artifacts" / "epic-e1" / "stories"
    stories.mkdir(parents=True)
    shutil.copy(CORPUS / "bad-yaml.md", stories / "E1-S1-bad.md")
    result = run_gaia("story", "show", "E1-S1", cwd=tmp_path)
    assert result.returncode == 1
    assert "invalid YAML" in result.stderr and "Traceback" not in result.stderr
