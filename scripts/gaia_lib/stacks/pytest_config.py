"""What a project's pytest configuration says of where pytest looks, read as text.

Rules (pure over the texts, except `configs`, which reads them):
- pytest's configuration is the first of CONFIG_FILES that holds it; each file is read
  whole, and a setting found in any of them counts (a text search: a file that sets it is
  read as setting it, not parsed).
- `pythonpath` naming `src` makes a src layout's packages importable to the tests.
- pytest's default `python_files` is `test_*.py` and `*_test.py`: a Python test file named
  otherwise (jsonpointer's top-level `tests.py`) is not collected by a run given its
  directory, unless a configuration sets `python_files` (then that is the project's rule).
  A file given to pytest by its path is collected whatever its name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath

CONFIG_FILES = ("pyproject.toml", "pytest.ini", "setup.cfg", "tox.ini")
DEFAULT_PYTHON_FILES = ("test_*.py", "*_test.py")

_DEFAULT_FILE = re.compile(r"test_.*\.py|.*_test\.py")
_PYTHON_FILES = re.compile(r"^\s*python_files\s*=", re.MULTILINE)
_PYTHONPATH_SRC = re.compile(r"^\s*pythonpath\s*=.*\bsrc\b", re.MULTILINE)


def configs(root: Path) -> dict[str, str]:
    """The text of each of CONFIG_FILES the root has."""
    found = {}
    for name in CONFIG_FILES:
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
