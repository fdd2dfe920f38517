from __future__ import annotations

import pytest

from gaia_lib.cli import resolve_review_report_path, resolve_test_artifact
from helpers.projects import Project, run_gaia


def test_review_report_path_flat(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    project.add_story("E1-S1", layout="nested")
    assert resolve_review_report_path.main(["--key", "E1-S1", "--type", "qa-tests"]) == 0
    assert capsys.readouterr().out == ".gaia/artifacts/implementation-artifacts/qa-tests-E1-S1.md\n"


def test_review_report_path_per_story(project: Project) -> None:
    project.add_story("E1-S1", layout="per-story")
    result = run_gaia("resolve-review-report-path", "--key", "E1-S1", "--type", "code-review",
                      cwd=project.root)
    assert (result.returncode, result.stdout) == (
        0, ".gaia/artifacts/implementation-artifacts/epic-e1-core/E1-S1-signup/reviews/"
        "code-review-E1-S1.md\n")
    assert (project.impl / "epic-e1-core/E1-S1-signup/reviews").is_dir()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--key", "E1-S1"], "resolve-review-report-path: usage: --key <story_key> --type "
         "<review-type>\n"),
        (["--key", "x/../y", "--type", "qa-tests"], "resolve-review-report-path: invalid story "
         "key 'x/../y' (ASCII letters, digits, '.', '_' and '-', not starting with '-' or '.', "
         "no '..'; e.g. E1-S1)\n"),
    ],
)
def test_review_report_path_errors(
    project: Project, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert resolve_review_report_path.main(argv) == 1
    assert capsys.readouterr() == ("", message)


def test_test_artifact_write_and_read(project: Project, capsys: pytest.CaptureFixture[str]) -> None:
    expected = project.root / ".gaia/artifacts/test-artifacts/epic-E1/E1-S1/atdd.md"
    assert resolve_test_artifact.main(["atdd", "E1-S1", "--write"]) == 0
    assert capsys.readouterr().out == f"{expected}\n"
    assert expected.parent.is_dir()
    assert resolve_test_artifact.main(["atdd", "E1-S1"]) == 0
    assert capsys.readouterr().out == f"{expected}\n"


def test_test_artifact_existing_only_is_silent(
    project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    assert resolve_test_artifact.main(["test-automate-plan", "E1-S1", "--existing-only"]) == 1
    assert capsys.readouterr() == ("", "")
    flat = project.write(".gaia/artifacts/test-artifacts/test-automate-plan-E1-S1.md", "x")
    assert resolve_test_artifact.main(["test-automate-plan", "E1-S1", "--existing-only"]) == 0
    assert capsys.readouterr().out == f"{flat}\n"


@pytest.mark.parametrize(
    ("argv", "start"),
    [
        (["bogus", "E1-S1"], "resolve-test-artifact-per-story: unknown type 'bogus' (expected: "
         "atdd | test-automate-plan | qa-tests | test-review)"),
        (["atdd", "E1/S1"], "resolve-test-artifact-per-story: invalid story key 'E1/S1'"),
        (["atdd"], "resolve-test-artifact-per-story: "),
        (["atdd", "E1-S1", "--nope"], "resolve-test-artifact-per-story: "),
    ],
)
def test_test_artifact_errors(
    project: Project, capsys: pytest.CaptureFixture[str], argv: list[str], start: str
) -> None:
    assert resolve_test_artifact.main(argv) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(start) and err.count("\n") == 1
