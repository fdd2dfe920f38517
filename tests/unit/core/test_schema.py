from __future__ import annotations

import json
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


def _without_jsonschema(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any validation from now on fails loudly: `import jsonschema` raises ImportError."""
    monkeypatch.setitem(sys.modules, "jsonschema", None)


def test_a_remembered_valid_document_is_not_validated_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    schema.check(VALID, "project-config", "config", remember=True)
    _without_jsonschema(monkeypatch)
    schema.check(json.loads(json.dumps(VALID)), "project-config", "config", remember=True)
    with pytest.raises(ImportError):  # an equal document is remembered, a changed one is not
        schema.check({**VALID, "lint_cmd": "ruff"}, "project-config", "config", remember=True)


def test_without_remember_nothing_is_kept_or_read() -> None:
    schema.check(VALID, "project-config", "config")
    assert not schema.remembered_path().exists()
    schema.check(VALID, "project-config", "config", remember=True)
    assert len(json.loads(schema.remembered_path().read_text())) == 1


def test_an_invalid_document_is_never_remembered() -> None:
    for _ in range(2):
        with pytest.raises(MalformedFile, match=r"\$\.test_execution\.tier_1\.timeout_seconds: -5 is not valid"):
            schema.check(INVALID, "project-config", "config", exit_code=3, remember=True)
    assert not schema.remembered_path().exists()


def test_the_same_document_under_another_schema_is_validated(
        monkeypatch: pytest.MonkeyPatch) -> None:
    schema.check([], "qa-test-cases", "cases", remember=True)
    _without_jsonschema(monkeypatch)
    schema.check([], "qa-test-cases", "cases", remember=True)
    with pytest.raises(ImportError):
        schema.check([], "analysis-results", "results", remember=True)


def test_the_newest_are_kept_up_to_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schema, "MAX_REMEMBERED", 3)
    documents = [{**VALID, "lint_cmd": f"lint {n}"} for n in range(5)]
    for document in documents:
        schema.check(document, "project-config", "config", remember=True)
    kept = json.loads(schema.remembered_path().read_text())
    assert len(kept) == 3
    _without_jsonschema(monkeypatch)
    schema.check(documents[-1], "project-config", "config", remember=True)
    with pytest.raises(ImportError):  # the oldest went
        schema.check(documents[0], "project-config", "config", remember=True)


@pytest.mark.parametrize("content", ["not json", '{"a": 1}', "[1, 2]"])
def test_a_damaged_file_remembers_nothing(content: str, monkeypatch: pytest.MonkeyPatch) -> None:
    schema.check(VALID, "project-config", "config", remember=True)
    schema.remembered_path().write_text(content)
    _without_jsonschema(monkeypatch)
    with pytest.raises(ImportError):
        schema.check(VALID, "project-config", "config", remember=True)


def test_an_unwritable_store_still_validates(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("")
    monkeypatch.setenv("GAIA_DATA_DIR", str(blocker))
    schema.check(VALID, "project-config", "config", remember=True)
    with pytest.raises(MalformedFile):
        schema.check(INVALID, "project-config", "config", remember=True)


def test_a_config_loaded_again_in_a_new_process_does_not_import_jsonschema(
        tmp_path: Path) -> None:
    (tmp_path / ".gaia" / "config").mkdir(parents=True)
    (tmp_path / ".gaia/config/project-config.yaml").write_text(
        "project:\n  stack: python-dev\ntest_execution:\n  tier_1:\n    command: pytest\n")
    code = ("import sys; from pathlib import Path; from gaia_lib.core import config; "
            "config.load(Path(sys.argv[1])); print('jsonschema' in sys.modules)")
    loaded = [_python(code, str(tmp_path)) for _ in range(2)]
    assert loaded == ["True", "False"]


def test_preload_imports_jsonschema_in_the_background() -> None:
    code = ("import sys, threading; from gaia_lib.core import schema; "
            "assert 'jsonschema' not in sys.modules; schema.preload(); "
            "[t.join() for t in threading.enumerate() if t.name.startswith('gaia-preload')]; "
            "print('jsonschema' in sys.modules)")
    assert _python(code) == "True"


def test_config_text_is_parsed_once_per_process() -> None:
    text = "project:\n  stack: go-dev\n"
    assert config.parse(text) is config.parse(text)
    assert config.parse(text + "lint_cmd: vet\n") is not config.parse(text)
