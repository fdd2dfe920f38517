from __future__ import annotations

from helpers.projects import REVIEW_GATE_BLOCK, Project, run_gaia


def test_idempotent_and_byte_identical(project: Project) -> None:
    path = project.add_story()
    path.write_text(path.read_text().replace("| QA Tests | UNVERIFIED", "| QA Tests | PASSED")
                    + "\n## Estimate\n\n2d\n")
    assert run_gaia("init-review-gate", str(path), cwd=project.root).returncode == 0
    first = path.read_bytes()
    assert first.endswith(("\n## Estimate\n\n2d\n\n" + REVIEW_GATE_BLOCK).encode())
    assert run_gaia("init-review-gate", str(path), cwd=project.root).returncode == 0
    assert path.read_bytes() == first


def test_missing_and_not_a_story_are_2(project: Project) -> None:
    junk = project.write("junk.md", "no frontmatter\n")
    for args in ((), ("nope.md",), (str(junk),)):
        result = run_gaia("init-review-gate", *args, cwd=project.root)
        assert result.returncode == 2 and len(result.stderr.splitlines()) == 1, args
    assert junk.read_text() == "no frontmatter\n"
