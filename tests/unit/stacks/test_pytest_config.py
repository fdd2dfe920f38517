"""pytest_config: what a project's pytest configuration says of where pytest looks."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.stacks import pytest_config


@pytest.mark.parametrize(
    ("configs", "placed"),
    [
        ({"pyproject.toml": "[tool.pytest.ini_options]\npythonpath = [\"src\"]\n"}, True),
        ({"pytest.ini": "[pytest]\npythonpath = src tests\n"}, True),
        ({"setup.cfg": "[tool:pytest]\n  pythonpath = . src\n"}, True),
        ({"pyproject.toml": "[tool.pytest.ini_options]\ntestpaths = [\"src\"]\n"}, False),
        ({"tox.ini": "[pytest]\npythonpath = lib\n"}, False),
        ({}, False),
    ],
)
def test_pytest_pythonpath_naming_src(configs: dict[str, str], placed: bool) -> None:
    assert pytest_config.pythonpath_has_src(configs) is placed


def test_configs_are_read_from_the_files_pytest_reads(tmp_path: Path) -> None:
    (tmp_path / "tox.ini").write_text("[pytest]\npython_files = tests.py\n")
    (tmp_path / "pytest.cfg").write_text("[pytest]\n")  # not one pytest reads
    assert pytest_config.configs(tmp_path) == {"tox.ini": "[pytest]\npython_files = tests.py\n"}


@pytest.mark.parametrize(("files", "texts", "missed"), [
    (["tests.py", "tests/test_a.py", "pkg/b_test.py", "t/testing.py"], {},
     ("t/testing.py", "tests.py")),
    (["tests/test_a.py"], {}, ()),
    # the project sets its own python_files: its rule, not pytest's default
    (["tests.py"], {"setup.cfg": "[tool:pytest]\npython_files = tests.py\n"}, ()),
    (["tests.py"], {"setup.cfg": "[tool:pytest]\ntestpaths = .\n"}, ("tests.py",)),
])
def test_files_pytests_default_python_files_misses(
        files: list[str], texts: dict[str, str], missed: tuple[str, ...]) -> None:
    assert pytest_config.uncollected_by_default(files, texts) == missed


@pytest.mark.parametrize(("texts", "options"), [
    ({"pyproject.toml": "[tool.pytest.ini_options]\naddopts = \"--cov=app -q\"\n"},
     ["--cov=app", "-q"]),
    ({"pyproject.toml": "[tool.pytest.ini_options]\naddopts = [\"--cov\", \"app\"]\n"},
     ["--cov", "app"]),
    ({"pyproject.toml": "[tool.pytest]\naddopts = [\"--strict-markers\"]\n"},  # pytest 9
     ["--strict-markers"]),
    # pytest.ini wins over every other file, whatever it holds
    ({"pytest.ini": "[pytest]\naddopts = -ra\n",
      "setup.cfg": "[tool:pytest]\naddopts = --cov=app\n"}, ["-ra"]),
    ({"pytest.ini": "[pytest]\n", "setup.cfg": "[tool:pytest]\naddopts = --cov=app\n"}, []),
    # a pyproject.toml without pytest's table, a tox.ini without [pytest]: the next file
    ({"pyproject.toml": "[project]\nname = 'x'\n", "tox.ini": "[tox]\nenvlist = py3\n",
      "setup.cfg": "[tool:pytest]\naddopts =\n    --cov=app\n    --cov-fail-under 90\n"},
     ["--cov=app", "--cov-fail-under", "90"]),
    # tox's own command line is no pytest option
    ({"tox.ini": "[testenv]\ncommands = pytest --cov\n"}, []),
    ({"pyproject.toml": "[tool.pytest.ini_options\naddopts = '--cov'\n"}, []),  # no TOML
    ({"setup.cfg": "[tool:pytest\naddopts = --cov\n"}, []),  # no ini
])
def test_addopts_come_from_the_file_pytest_reads(texts: dict[str, str],
                                                 options: list[str]) -> None:
    assert pytest_config.addopts(texts) == options


@pytest.mark.parametrize(("options", "on"), [
    (["--cov=app", "-q"], True),
    (["--cov"], True),
    (["--cov-report=term", "--cov-fail-under=90"], False),  # no source: pytest-cov is idle
    (["--cov=app", "--no-cov"], False),
    (["--no-cov", "--cov=app"], True),
    (["--cover"], False),
])
def test_pytest_cov_measures_where_cov_is_given(options: list[str], on: bool) -> None:
    assert pytest_config.measures_with_pytest_cov(options) is on


def test_python_files_is_read_from_the_file_pytest_reads() -> None:
    """jsonpatch's `pytest.ini` names its two test modules, neither `test_*.py`; pyproject's
    TOML list and setup.cfg's `[tool:pytest]` say the same; a `pytest.ini` without it sets
    none, and setup.cfg is then not read (pytest takes its configuration from one file)."""
    ini = "[pytest]\npython_files = tests.py property_tests.py\n"
    assert pytest_config.python_files({"pytest.ini": ini}) == ("tests.py", "property_tests.py")
    toml = '[tool.pytest.ini_options]\npython_files = ["tests.py", "check_*.py"]\n'
    assert pytest_config.python_files({"pyproject.toml": toml}) == ("tests.py", "check_*.py")
    cfg = "[tool:pytest]\npython_files = check_*.py\n"
    assert pytest_config.python_files({"setup.cfg": cfg}) == ("check_*.py",)
    assert pytest_config.python_files({"pytest.ini": "[pytest]\n", "setup.cfg": cfg}) == ()
    assert pytest_config.collects("property_tests.py", ("tests.py", "property_tests.py"))
    assert pytest_config.collects("sub/check_io.py", ("check_*.py",))
    assert not pytest_config.collects("jsonpatch.py", ("tests.py", "property_tests.py"))
