"""The variables a story's tests may find set in the review's run (`run_environ`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.core import config
from gaia_lib.evidence.run_environ import go_short, run_environ

TEST = "tests/unit/test_parse.py"
TEXT = 'import os\n\ndef test_slow():\n    if os.getenv("PARSE_SLOW"):\n        assert 1\n'


def _project(tmp_path: Path, command: str = "python -m pytest -q tests") -> Path:
    (tmp_path / ".gaia" / "config").mkdir(parents=True)
    (tmp_path / ".gaia" / "config" / "project-config.yaml").write_text(
        "project:\n  stack: python-dev\ntest_execution:\n  tier_1:\n    placement: [local]\n"
        f'    command: "{command}"\n')
    (tmp_path / "tests" / "unit").mkdir(parents=True)
    (tmp_path / TEST).write_text(TEXT)
    return tmp_path


def _set(project: Path) -> dict[str, str]:
    return run_environ(config.load(project), project, [TEST], {TEST: TEXT}, {"HOME": "/x"})


def test_only_the_reviews_own_environment_and_ci_when_nothing_sets_more(tmp_path: Path) -> None:
    found = _set(_project(tmp_path))
    assert "HOME" in found and "CI" in found
    assert "PARSE_SLOW" not in found


def test_a_variable_the_tier_command_sets(tmp_path: Path) -> None:
    assert "PARSE_SLOW" in _set(_project(tmp_path, "PARSE_SLOW=1 python -m pytest -q tests"))


def test_a_variable_the_test_configuration_names(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "pyproject.toml").write_text('[tool.pytest.ini_options]\nenv = ["PARSE_SLOW=1"]\n')
    assert "PARSE_SLOW" in _set(project)
    other = _project(tmp_path / "js")
    (other / "vitest.config.ts").write_text("export default { test: { env: { PARSE_SLOW: '1' } } }")
    assert "PARSE_SLOW" in _set(other)


def test_a_variable_a_conftest_above_the_test_sets(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "tests" / "conftest.py").write_text(
        'import os\nos.environ["PARSE_SLOW"] = "1"\n')
    assert "PARSE_SLOW" in _set(project)
    elsewhere = _project(tmp_path / "b")
    (elsewhere / "docs").mkdir()
    (elsewhere / "docs" / "conftest.py").write_text('import os\nos.environ["PARSE_SLOW"] = "1"\n')
    assert "PARSE_SLOW" not in _set(elsewhere)  # not above the test: pytest does not load it


def test_a_setup_file_that_may_set_any_variable(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "tests" / "setup_env.py").write_text("import os\nos.environ.update(load())\n")
    assert "PARSE_SLOW" in _set(project)


@pytest.mark.parametrize(("commands", "goflags", "short"), [
    (["go test -short ./..."], "", True),
    (["go test ./... -short=true"], "", True),
    (["go test -test.short ./..."], "", True),
    (["GOFLAGS=-short go test ./..."], "", True),
    (["go test ./..."], "-mod=mod -short", True),  # the review's own GOFLAGS: the run's too
    (["go test -short=false ./..."], "-short", False),  # the command's flag comes last
    (["go test ./..."], "", False),
    (["go test -run TestX ./..."], "-mod=mod", False),
    # tiers that differ, or none that runs `go test` itself: not known
    (["go test -short ./...", "go test ./..."], "", None),
    (["make test"], "", None),
    (["python -m pytest -q tests", "go test -short ./..."], "", True),
])
def test_whether_the_go_run_passes_short(tmp_path: Path, commands: list[str], goflags: str,
                                         short: bool | None) -> None:
    """`testing.Short()` in the run: the tier commands that run `go test` (their flags, and
    the GOFLAGS they set or the review runs with)."""
    (tmp_path / ".gaia" / "config").mkdir(parents=True)
    tiers = "".join(f'  tier_{n}:\n    placement: [local]\n    command: "{command}"\n'
                    for n, command in enumerate(commands, start=1))
    (tmp_path / ".gaia" / "config" / "project-config.yaml").write_text(
        f"project:\n  stack: go-dev\ntest_execution:\n{tiers}")
    assert go_short(config.load(tmp_path), {"GOFLAGS": goflags} if goflags else {}) is short
