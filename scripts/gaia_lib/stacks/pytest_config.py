"""What a project's pytest configuration says of where pytest looks, read as text.

Rules (pure over the texts, except `configs` and `pytest_cov_in`, which read them):
- pytest's configuration is the first of CONFIG_FILES that holds it; each file is read
  whole, and a setting found in any of them counts (a text search: a file that sets it is
  read as setting it, not parsed).
- `pythonpath` naming `src` makes a src layout's packages importable to the tests.
- pytest's default `python_files` is `test_*.py` and `*_test.py`: a Python test file named
  otherwise (jsonpointer's top-level `tests.py`) is not collected by a run given its
  directory, unless a configuration sets `python_files` (then that is the project's rule).
  A file given to pytest by its path is collected whatever its name.
- `python_files` (its globs: `python_files = tests.py property_tests.py`) is read as
  `addopts` is; a file pytest collects by it is a test file wherever the stack's own test
  globs would not say so (jsonpatch's `property_tests.py`).
- `addopts` is read from the one file pytest takes its configuration from, in its order:
  `pytest.ini` or `.pytest.ini` (whatever it holds), `pyproject.toml` with a
  `[tool.pytest.ini_options]` table (or pytest 9's `[tool.pytest]`), `tox.ini` with
  `[pytest]`, `setup.cfg` with `[tool:pytest]`; a string split as a shell would, or
  (pyproject.toml) a list. A file that does not parse gives none.
- pytest-cov measures a run where `--cov` (`--cov=PKG`) is among its options, the tier
  command's or `addopts`; `--no-cov` after it turns it off.
"""

from __future__ import annotations

import configparser
import fnmatch
import re
import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath

from gaia_lib.core import toml_text

CONFIG_FILES = ("pyproject.toml", "pytest.ini", ".pytest.ini", "setup.cfg", "tox.ini")
DEFAULT_PYTHON_FILES = ("test_*.py", "*_test.py")

_DEFAULT_FILE = re.compile(r"test_.*\.py|.*_test\.py")
_PYTHON_FILES = re.compile(r"^\s*python_files\s*=", re.MULTILINE)
_PYTHONPATH_SRC = re.compile(r"^\s*pythonpath\s*=.*\bsrc\b", re.MULTILINE)


def configs(root: Path, names: Sequence[str] = CONFIG_FILES) -> dict[str, str]:
    """The text of each of `names` (CONFIG_FILES) the root has."""
    found = {}
    for name in names:
        try:
            found[name] = (root / name).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
    return found


def pythonpath_has_src(texts: Mapping[str, str]) -> bool:
    """Whether a pytest configuration file (name -> text) puts `src` on the path."""
    return any(_PYTHONPATH_SRC.search(text) for text in texts.values())


def uncollected_by_default(test_files: Sequence[str],
                           texts: Mapping[str, str]) -> tuple[str, ...]:
    """The Python test files of `test_files` pytest's default `python_files` does not collect
    (`tests.py`), where no configuration of `texts` (name -> text) sets its own; sorted."""
    missed = tuple(sorted(f for f in test_files
                          if not _DEFAULT_FILE.fullmatch(PurePosixPath(f).name)))
    if not missed or any(_PYTHON_FILES.search(text) for text in texts.values()):
        return ()
    return missed


_CAP_WORDS_TEST = re.compile(r"Test[A-Z0-9_]\w*\.py")


def python_files_option(missed: Sequence[str]) -> str:
    """The `-o python_files=...` a pytest command needs to collect `missed` (the files
    `uncollected_by_default` gives) beside pytest's defaults, each as a pattern of its kind:
    `Test*.py` for unittest modules in CapWords (parsedatetime's 22 `tests/Test*.py`), else
    its own name (`tests.py`, pytimeparse's `testtimeparse.py`: not `test*.py`, which would
    take a helper module, `testing.py`, for one); "" for none."""
    globs: dict[str, None] = {}
    for name in (PurePosixPath(f).name for f in missed):
        globs.setdefault("Test*.py" if _CAP_WORDS_TEST.fullmatch(name) else name)
    if not globs:
        return ""
    return f'-o "python_files={" ".join((*DEFAULT_PYTHON_FILES, *sorted(globs)))}"'


def addopts(texts: Mapping[str, str]) -> list[str]:
    """The `addopts` of the file pytest reads its configuration from, among `texts` (name ->
    text; module rules)."""
    return _option(texts, "addopts")


def python_files(texts: Mapping[str, str]) -> tuple[str, ...]:
    """The `python_files` globs of the file pytest reads its configuration from, among `texts`
    (name -> text), as `addopts` is found; () where it sets none (pytest's defaults then)."""
    return tuple(_option(texts, "python_files"))


def collects(rel: str, globs: Sequence[str]) -> bool:
    """Does a `python_files` of `globs` take the Python file `rel`? A glob without a slash is
    matched against the file's name, as pytest does (`tests.py`, `property_tests.py`)."""
    path = PurePosixPath(rel)
    return path.suffix == ".py" and any(
        fnmatch.fnmatchcase(path.name if "/" not in glob else rel, glob) for glob in globs)


def _option(texts: Mapping[str, str], key: str) -> list[str]:
    """The value of `key` (a string split as a shell would, or a TOML list) in the file pytest
    reads its configuration from (module rules); [] where it sets none."""
    for name in ("pytest.ini", ".pytest.ini"):
        if name in texts:
            return _ini_option(texts[name], "pytest", key, required=False) or []
    if "pyproject.toml" in texts:
        tool = toml_text.loads(texts["pyproject.toml"]).get("tool")
        table = tool.get("pytest") if isinstance(tool, dict) else None
        # pytest 9 reads `[tool.pytest]` itself, in TOML's own types, where no ini_options
        options = table.get("ini_options", table) if isinstance(table, dict) else None
        if isinstance(options, dict) and options:
            value = options.get(key, [])
            return _split(value) if isinstance(value, str) else [
                str(v) for v in value] if isinstance(value, list) else []
    for name, section in (("tox.ini", "pytest"), ("setup.cfg", "tool:pytest")):
        if name in texts:
            found = _ini_option(texts[name], section, key, required=True)
            if found is not None:
                return found
    return []


def _ini_option(text: str, section: str, key: str, *, required: bool) -> list[str] | None:
    """An ini file's `[section] key`; None where `required` and the section is not there
    (pytest then reads the next file), [] where it is and sets none."""
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(text)
    except configparser.Error:
        return None if required else []
    if not parser.has_section(section):
        return None if required else []
    return _split(parser.get(section, key, fallback=""))


def _split(value: str) -> list[str]:
    try:
        return shlex.split(value)
    except ValueError:
        return value.split()


def measures_with_pytest_cov(options: Sequence[str]) -> bool:
    """Does pytest-cov measure a run given `options` (the command's and addopts, in order)?"""
    on = False
    for option in options:
        if option == "--cov" or option.startswith("--cov="):
            on = True
        elif option == "--no-cov":
            on = False
    return on


def pytest_cov_in(root: Path, argv: Sequence[str]) -> bool:
    """Does pytest-cov measure a pytest run of `argv` in `root` (the configuration's `addopts`
    first, then the command's own options)?"""
    return measures_with_pytest_cov([*addopts(configs(root)), *argv])
