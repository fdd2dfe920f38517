"""JSON Schema validation of the artifacts in `schemas/` (the only, lazy, jsonschema import)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from gaia_lib.core import paths
from gaia_lib.core.errors import MalformedFile


@cache
def load_schema(name: str) -> dict[str, Any]:
    """`name` is the file stem: "analysis-results" -> schemas/analysis-results.schema.json."""
    path = paths.plugin_root() / "schemas" / f"{name}.schema.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def errors(instance: Any, name: str) -> list[str]:
    """Every violation as `<json path>: <message>`, sorted; empty when valid."""
    import jsonschema

    schema = load_schema(name)
    validator_cls = jsonschema.validators.validator_for(schema)
    validator = validator_cls(schema, format_checker=validator_cls.FORMAT_CHECKER)
    found = []
    for error in validator.iter_errors(instance):
        location = "$" + "".join(
            f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path
        )
        found.append(f"{location}: {error.message}")
    return sorted(found)


def check(instance: Any, name: str, what: str, exit_code: int = 1) -> None:
    """Raise MalformedFile naming the first violation when `instance` does not match the schema."""
    problems = errors(instance, name)
    if problems:
        extra = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
        raise MalformedFile(f"{what} does not match {name} schema: {problems[0]}{extra}", exit_code)
