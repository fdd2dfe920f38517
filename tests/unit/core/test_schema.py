from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gaia_lib.core import config, schema
from gaia_lib.core.errors import MalformedFile

REPO = Path(__file__).resolve().parents[3]


def _python(code: str, *args: str) -> str:
    """`code` run by a new interpreter that imports gaia_lib from this checkout; its stdout."""
    env = {**os.environ, "PYTHONPATH": str(REPO / "scripts")}
    return subprocess.run([sys.executable, "-c", code, *args], check=True, capture_output=True,
                          text=True, env=env).stdout.strip()
VALID = {"project": {"stack": "python-dev"},
         "test_execution": {"tier_1": {"placement": ["local"], "command": "pytest -q"}}}
INVALID = {"test_execution": {"tier_1": {"command": "pytest", "timeout_seconds": -5}}}


def test_an_invalid_config_is_named_by_its_first_violation() -> None:
    with pytest.raises(MalformedFile, match=r"config does not match project-config schema: "
                                            r"\$\.test_execution\.tier_1\.timeout_seconds: -5 "
                                            r"is not valid under any of the given schemas$"):
        schema.check(INVALID, "project-config", "config", exit_code=3)
    schema.check(VALID, "project-config", "config")


def test_several_violations_name_the_first_and_count_the_rest() -> None:
    case = {"tc_id": "TC-E1-S1-1", "ac_ref": "AC1", "description": "d", "given": "g",
            "when": "w", "then": "t"}
    with pytest.raises(MalformedFile, match=r"\$\[0\]: 'type' is a required property "
                                            r"\(\+1 more\)$"):
        schema.check([case, 3], "qa-test-cases", "cases")


def test_validating_every_schema_imports_no_validator_library(tmp_path: Path) -> None:
    (tmp_path / ".gaia" / "config").mkdir(parents=True)
    (tmp_path / ".gaia/config/project-config.yaml").write_text(
        "project:\n  stack: python-dev\ntest_execution:\n  tier_1:\n    command: pytest\n")
    code = ("import sys; from pathlib import Path; from gaia_lib.core import config, schema; "
            "config.load(Path(sys.argv[1])); "
            "[schema.errors({}, n) for n in ('analysis-results', 'execution-evidence', "
            "'qa-test-cases', 'test-automate-execution')]; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('jsonschema', 'referencing', 'jsonschema_specifications', 'rpds', 'attrs')))")
    assert _python(code, str(tmp_path)) == "[]"


def test_config_text_is_parsed_once_per_process() -> None:
    text = "project:\n  stack: go-dev\n"
    assert config.parse(text) is config.parse(text)
    assert config.parse(text + "lint_cmd: vet\n") is not config.parse(text)
