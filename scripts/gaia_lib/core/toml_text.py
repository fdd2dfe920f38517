"""Reading a TOML file's text: a project's manifests and tool configurations.

Rules: Python 3.11's `tomllib` parses it; on Python 3.10, which has no TOML reader of its
own, and for a text that is not TOML, it reads as an empty table (the file then declares
nothing: a caller never fails on another project's manifest).
"""

from __future__ import annotations

import importlib
from typing import Any

try:  # Python 3.11 and later
    _toml: Any = importlib.import_module("tomllib")
except ModuleNotFoundError:  # pragma: no cover - the CI's Python has it
    _toml = None


def loads(text: str) -> dict[str, Any]:
    """The table `text` holds; {} where it cannot be read (module rules)."""
    if _toml is None:  # pragma: no cover - the CI's Python has it
        return {}
    try:
        data = _toml.loads(text)
    except ValueError:  # tomllib.TOMLDecodeError
        return {}
    return data if isinstance(data, dict) else {}
