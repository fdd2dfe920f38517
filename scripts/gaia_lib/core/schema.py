"""Validation of the artifacts in `schemas/` (their documents, by `core.json_schema`).

A schema is read once per process and checked for what it uses (`json_schema.Validator`);
validating a document then costs well under a millisecond, so every document is validated
every time it is read or written.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from gaia_lib.core import paths
from gaia_lib.core.errors import MalformedFile
from gaia_lib.core.json_schema import Validator, render


@cache
def load_schema(name: str) -> dict[str, Any]:
    """`name` is the file stem: "analysis-results" -> schemas/analysis-results.schema.json."""
    path = paths.plugin_root() / "schemas" / f"{name}.schema.json"
    data: dict[str, Any] = json.loads(path.read_bytes())
    return data


@cache
def _validator(name: str) -> Validator:
    return Validator(load_schema(name))


def errors(instance: Any, name: str) -> list[str]:
    """Every violation as `<json path>: <message>`, sorted; empty when valid."""
    return sorted(f"{render(v.path)}: {v.message}" for v in _validator(name).errors(instance))


def check(instance: Any, name: str, what: str, exit_code: int = 1) -> None:
    """Raise MalformedFile naming the first violation when `instance` does not match the schema."""
    problems = errors(instance, name)
    if problems:
        extra = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
        raise MalformedFile(f"{what} does not match {name} schema: {problems[0]}{extra}", exit_code)
