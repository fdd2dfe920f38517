"""What a project's coverage.py configuration says of the lines its reports leave out.

Rules (pure over the texts, except `read`, which reads them):
- coverage.py takes its configuration from the first of `.coveragerc`, `setup.cfg`, `tox.ini`,
  `pyproject.toml` that holds it: `.coveragerc` as `[report]` (or `[coverage:report]`),
  `setup.cfg` and `tox.ini` as `[coverage:report]`, `pyproject.toml` as
  `[tool.coverage.report]`; the review reads the same file.
- Of that section, `exclude_lines` (which replaces coverage.py's default `pragma: no cover`)
  and `exclude_also` (added to it) are kept as the project wrote them, one regular expression
  an item: an ini value is one a line, a TOML value a list of strings (or one string).
- A file that does not parse, or a section that sets neither, gives nothing.
"""

from __future__ import annotations

import configparser
from collections.abc import Mapping
from pathlib import Path

from gaia_lib.core import toml_text
from gaia_lib.stacks import pytest_config

CONFIG_FILES = (".coveragerc", "setup.cfg", "tox.ini", "pyproject.toml")
EXCLUSION_KEYS = ("exclude_lines", "exclude_also")


def read(root: Path) -> dict[str, str]:
    """The text of each of CONFIG_FILES the root has."""
    return pytest_config.configs(root, CONFIG_FILES)


def _ini_section(text: str, sections: tuple[str, ...]) -> dict[str, list[str]] | None:
    """The exclusions of the first of `sections` the ini text has; None when it has none."""
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(text)
    except configparser.Error:
        return None
    for section in sections:
        if parser.has_section(section):
            return {key: [line.strip() for line in parser.get(section, key).splitlines()
                          if line.strip()]
                    for key in EXCLUSION_KEYS if parser.has_option(section, key)}
    return None


def _toml_section(text: str) -> dict[str, list[str]] | None:
    tool = toml_text.loads(text).get("tool")
    table = tool.get("coverage") if isinstance(tool, dict) else None
    if not isinstance(table, dict):
        return None
    report = table.get("report")
    if not isinstance(report, dict):
        return {}
    out: dict[str, list[str]] = {}
    for key in EXCLUSION_KEYS:
        value = report.get(key)
        if isinstance(value, str):
            out[key] = [value]
        elif isinstance(value, list):
            out[key] = [str(item) for item in value]
    return out


def report_exclusions(texts: Mapping[str, str]) -> dict[str, list[str]]:
    """`exclude_lines` / `exclude_also` of the file coverage.py reads (module rules)."""
    for name in CONFIG_FILES:
        if name not in texts:
            continue
        if name == "pyproject.toml":
            found = _toml_section(texts[name])
        elif name == ".coveragerc":
            found = _ini_section(texts[name], ("report", "coverage:report")) or {}
        else:
            found = _ini_section(texts[name], ("coverage:report",))
            # setup.cfg and tox.ini are coverage.py's only when they hold a coverage section
            if found is None and "[coverage:" in texts[name]:
                found = {}
        if found is not None:
            return found
    return {}
