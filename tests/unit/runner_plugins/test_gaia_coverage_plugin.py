"""The coverage plugin's pure parts, imported as the review's run loads it (its directory on
the path); its runs are tested through `attribution.measure` (tests/unit/evidence)."""

from __future__ import annotations

import os
import sys

import pytest

from gaia_lib.evidence import attribution

sys.path.insert(0, str(attribution.PLUGIN_DIR))
import gaia_coverage_plugin


@pytest.mark.parametrize(("path", "names"), [
    ("src/inifile/__init__.py", ["src.inifile", "inifile"]),
    ("src/inifile/_parse.py", ["src.inifile._parse", "inifile._parse"]),
    ("app/signup.py", ["app.signup"]),
    ("lib/toml.py", ["lib.toml", "toml"]),
    # never a tail a module elsewhere may own: the story's `pkg/json.py` is no `json`
    ("src/pkg/json.py", ["src.pkg.json", "pkg.json"]),
    ("app/my-module.py", []),  # no name Python imports it by
    ("README.md", []),
])
def test_a_measured_file_is_named_by_its_path_from_the_root_or_src(
        path: str, names: list[str]) -> None:
    assert gaia_coverage_plugin._module_names(path.replace("/", os.sep)) == names
