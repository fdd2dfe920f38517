"""The one YAML reader/writer. PyYAML is imported here only, lazily, never on the edit hook path.

Untrusted YAML (story frontmatter, config) is loaded with the safe loader and refused when it
uses anchors or aliases: a "billion laughs" document cannot expand, and no story needs them.
"""

from __future__ import annotations

from typing import Any

from gaia_lib.core.errors import MalformedFile

MAX_YAML_BYTES = 1 << 20


def _loader() -> Any:
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(text: str, what: str, exit_code: int = 1) -> Any:
    """Parse `text`, naming it `what` in errors. Raises MalformedFile, never yaml.YAMLError."""
    import yaml

    if len(text) > MAX_YAML_BYTES:
        raise MalformedFile(f"{what}: YAML larger than {MAX_YAML_BYTES} bytes", exit_code)
    try:
        events = yaml.parse(text, Loader=_loader())
        try:
            for event in events:
                if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                    raise MalformedFile(
                        f"{what}: YAML anchors and aliases are not allowed", exit_code
                    )
        finally:
            events.close()
        return yaml.load(text, Loader=_loader())  # noqa: S506 - the safe loader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or type(exc).__name__
        raise MalformedFile(f"{what}: invalid YAML{where}: {problem}", exit_code) from None
    except RecursionError:
        raise MalformedFile(f"{what}: YAML nested too deeply", exit_code) from None


def dump(value: Any) -> str:
    """Block-style YAML, keys in the order given (callers sort when order must be canonical)."""
    import yaml

    return str(yaml.safe_dump(value, sort_keys=False, allow_unicode=True, default_flow_style=False))
