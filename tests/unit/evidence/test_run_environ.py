"""The variables a story's tests may find set in the review's run (`run_environ`)."""

from __future__ import annotations

from pathlib import Path

from gaia_lib.core import config
from gaia_lib.evidence.run_environ import run_environ

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
