"""Tests for gaia_lib.stacks.declared: the packages a project's manifests declare."""

from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.stacks import declared


@pytest.mark.parametrize("line, name", [
    ("hypothesis>=6.0; python_version > '3.8'", "hypothesis"),
    ("  Text_Unidecode == 1.3  # slugify", "text-unidecode"),
    ("zope.interface", "zope-interface"),
    ("pytest-cov[toml]", "pytest-cov"),
    ("# pinned below", None),
    ("-r requirements/base.txt", None),
    ("--hash=sha256:abc", None),
    ("{[testenv]deps}", None),
    ("./vendor/pkg", None),
    ("https://example.org/pkg.tar.gz", None),
    ("", None),
])
def test_a_requirement_lines_name_is_what_starts_it(line: str, name: str | None) -> None:
    assert declared.requirement_name(line) == name


def test_every_python_manifest_declares_its_requirements(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "app"\ndependencies = ["click>=8"]\n'
        '[project.optional-dependencies]\ntest = ["freezegun", "pytest"]\n'
        '[dependency-groups]\ndev = ["ruff", {include-group = "test"}]\n'
        '[tool.poetry.dependencies]\npython = "^3.10"\nattrs = "*"\n'
        '[tool.poetry.group.docs.dependencies]\nsphinx = "*"\n')
    (tmp_path / "setup.cfg").write_text(
        "[options]\ninstall_requires =\n    six\ntests_require = mock\n"
        "[options.extras_require]\nyaml = PyYAML>=5\n")
    (tmp_path / "setup.py").write_text(
        "from setuptools import setup\nsetup(name='app', tests_require=['pretend'],\n"
        "      extras_require={'jwt': ['cryptography>=3']}, install_requires=REQS)\n")
    (tmp_path / "tox.ini").write_text(
        "[tox]\nenvlist = py311\n[testenv]\ndeps =\n    hypothesis\n    -rrequirements.txt\n"
        "commands = pytest {posargs}\n[testenv:lint]\ndeps = flake8\n")
    (tmp_path / "Pipfile").write_text('[packages]\nrequests = "*"\n[dev-packages]\nresponses = "*"\n')
    (tmp_path / "requirements-dev.txt").write_text("coverage==7.6\n")
    (tmp_path / "requirements").mkdir()
    (tmp_path / "requirements" / "test.txt").write_text("sh>=2,<3\n")
    found = declared.declared(tmp_path)
    assert found == {
        "click": "pyproject.toml", "freezegun": "pyproject.toml", "pytest": "pyproject.toml",
        "ruff": "pyproject.toml", "attrs": "pyproject.toml", "sphinx": "pyproject.toml",
        "six": "setup.cfg", "mock": "setup.cfg", "pyyaml": "setup.cfg",
        "pretend": "setup.py", "cryptography": "setup.py",
        "hypothesis": "tox.ini", "flake8": "tox.ini",
        "requests": "Pipfile", "responses": "Pipfile",
        "coverage": "requirements-dev.txt", "sh": "requirements/test.txt",
    }


def test_a_requirements_file_named_with_a_prefix_declares_its_packages(tmp_path: Path) -> None:
    """A tox.ini installing its tests' packages with `-r test_requirements.txt`: the file's
    own name says what it is, as `requirements-dev.txt` does."""
    (tmp_path / "tox.ini").write_text(
        "[testenv]\ndeps = -r test_requirements.txt\ncommands = pytest\n")
    (tmp_path / "test_requirements.txt").write_text("pytest==8.3\nsure==2.0\n")
    (tmp_path / "dev-requirements.txt").write_text("freezegun\n")
    (tmp_path / "notes.txt").write_text("hypothesis\n")
    assert declared.declared(tmp_path) == {
        "freezegun": "dev-requirements.txt", "pytest": "test_requirements.txt",
        "sure": "test_requirements.txt"}


def test_a_package_json_declares_every_kind_of_dependency(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(
        '{"dependencies": {"lodash.merge": "^4"}, "devDependencies": {"@vitejs/plugin-vue": "5"},'
        ' "peerDependencies": {"vue": "3"}, "optionalDependencies": {"fsevents": "2"},'
        ' "scripts": {"test": "vitest"}}')
    assert set(declared.declared(tmp_path)) == {"lodash-merge", "@vitejs/plugin-vue", "vue",
                                                "fsevents"}


def test_the_directories_between_the_root_and_a_file_are_read_and_none_outside(
        tmp_path: Path) -> None:
    project = tmp_path / "repo"
    (project / "py").mkdir(parents=True)
    (project / "py" / "requirements.txt").write_text("hypothesis\n")
    (tmp_path / "requirements.txt").write_text("freezegun\n")
    assert declared.declared(project, [project / "py", tmp_path]) == {
        "hypothesis": "py/requirements.txt"}


@pytest.mark.parametrize("text", ["[project\ndependencies = [", "not json {"])
def test_a_malformed_manifest_declares_nothing(tmp_path: Path, text: str) -> None:
    (tmp_path / "pyproject.toml").write_text(text)
    (tmp_path / "package.json").write_text(text)
    (tmp_path / "setup.py").write_text("setup(tests_require=[\n")
    (tmp_path / "tox.ini").write_text("deps = orphan\n")  # no section header
    (tmp_path / "requirements.txt").write_text("pytest\n")
    assert declared.declared(tmp_path) == {"pytest": "requirements.txt"}


@pytest.mark.parametrize("module, manifest", [
    ("hypothesis", "tox.ini"),
    ("yaml", "setup.cfg"),  # PyYAML
    ("jwt", "setup.py"),  # PyJWT
    ("dateutil", "requirements.txt"),  # python-dateutil
    ("text_unidecode", "Pipfile"),
    ("attr", None),  # attrs: another spelling, not read as declared
    ("cov", None),  # no part of pytest-cov's name is a module of its own
])
def test_a_module_is_a_distributions_by_its_name_or_a_py_prefix(
        module: str, manifest: str | None) -> None:
    packages = {"hypothesis": "tox.ini", "pyyaml": "setup.cfg", "pyjwt": "setup.py",
                "python-dateutil": "requirements.txt", "text-unidecode": "Pipfile",
                "attrs": "pyproject.toml", "pytest-cov": "tox.ini"}
    assert declared.declaring(module, packages) == manifest


def test_setup_py_keywords_naming_lists_bound_at_the_top_level(tmp_path: Path) -> None:
    """dictdiffer's setup.py binds `tests_require = [...]` and `extras_require = {...,
    'tests': tests_require}`, then passes both by name."""
    (tmp_path / "setup.py").write_text(
        "from setuptools import setup\n"
        "tests_require = ['pytest-cov>=2.10', 'mock>=1.3']\n"
        "extras_require = {'numpy': ['numpy>=1.20'], 'tests': tests_require}\n"
        "extras_require['all'] = []\n"
        "twice = ['attrs']\ntwice = ['six']\n"
        "setup(name='lib', tests_require=tests_require, extras_require=extras_require,\n"
        "      install_requires=twice)\n")
    assert declared.declared(tmp_path) == {
        "pytest-cov": "setup.py", "mock": "setup.py", "numpy": "setup.py"}
