"""JSON Schema validation of the artifacts in `schemas/` (the only, lazy, jsonschema import).

Importing jsonschema costs about 60 ms of a process's start, so it is kept off the paths that
can do without it:
- `check(..., remember=True)` (the project config, which a project rarely changes): a document
  found valid is remembered in `<data dir>/cache/schema-valid.json` by the sha256 of its
  schema's bytes and of its canonical JSON, and the same document against the same schema is
  not validated again. Only valid documents are remembered (an invalid one is validated, and its
  error shown, every time); at most MAX_REMEMBERED, the newest kept; a missing, unreadable or
  malformed file remembers nothing; a store that cannot be written is skipped.
- `preload()` imports jsonschema in a background thread, for a caller that is about to wait on
  something else (the review, on its test run) and validates afterwards.
"""

from __future__ import annotations

import hashlib
import json
import threading
from functools import cache
from pathlib import Path
from typing import Any

from gaia_lib.core import paths, writes
from gaia_lib.core.errors import MalformedFile, ScopeViolation

MAX_REMEMBERED = 64


@cache
def load_schema(name: str) -> dict[str, Any]:
    """`name` is the file stem: "analysis-results" -> schemas/analysis-results.schema.json."""
    data: dict[str, Any] = json.loads(_schema_bytes(name))
    return data


@cache
def _schema_bytes(name: str) -> bytes:
    return (paths.plugin_root() / "schemas" / f"{name}.schema.json").read_bytes()


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


def check(instance: Any, name: str, what: str, exit_code: int = 1, *,
          remember: bool = False) -> None:
    """Raise MalformedFile naming the first violation when `instance` does not match the schema.
    With `remember`, a document found valid before is not validated again (module docstring)."""
    digest = _digest(instance, name) if remember else None
    if digest is not None and digest in _remembered():
        return
    problems = errors(instance, name)
    if problems:
        extra = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
        raise MalformedFile(f"{what} does not match {name} schema: {problems[0]}{extra}", exit_code)
    if digest is not None:
        _remember(digest)


def preload() -> None:
    """Import jsonschema in the background (module docstring); a later import waits for it."""
    threading.Thread(target=_import_jsonschema, name="gaia-preload-jsonschema",
                     daemon=True).start()


def _import_jsonschema() -> None:
    import jsonschema  # noqa: F401


def remembered_path() -> Path:
    return paths.data_dir() / "cache" / "schema-valid.json"


def _digest(instance: Any, name: str) -> str | None:
    """The document and its schema, hashed; None when the document is not JSON (never kept)."""
    try:
        canonical = json.dumps(instance, sort_keys=True, separators=(",", ":"),
                               ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        return None
    digest = hashlib.sha256(_schema_bytes(name))
    digest.update(b"\0" + canonical.encode("utf-8"))
    return digest.hexdigest()


def _remembered() -> list[str]:
    """The digests of documents found valid, newest first."""
    try:
        data = json.loads(remembered_path().read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return []
    if not isinstance(data, list):
        return []
    return [entry for entry in data if isinstance(entry, str)]


def _remember(digest: str) -> None:
    kept = [digest, *(entry for entry in _remembered() if entry != digest)]
    try:
        writes.write_json(remembered_path(), kept[:MAX_REMEMBERED])
    except (OSError, ScopeViolation):
        return
