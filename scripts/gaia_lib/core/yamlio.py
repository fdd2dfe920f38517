"""The one YAML reader/writer. PyYAML is imported here only, lazily, never on the edit hook path.

Untrusted YAML (story frontmatter, config, sprint status) is loaded with the safe loader and
refused (MalformedFile, the caller's exit code) when, in one pass over the parser's events before
anything is constructed:
- it uses anchors or aliases: a "billion laughs" document cannot expand, and no story needs them;
- it nests collections more than MAX_DEPTH deep: every later walk of the value is recursive;
- a mapping repeats a key: "last wins" would let `key: E1-S2` be silently overridden.
"""

from __future__ import annotations

import re
from typing import Any

from gaia_lib.core.errors import MalformedFile

MAX_YAML_BYTES = 1 << 20
MAX_DEPTH = 64  # real frontmatter and config nest 3-4 levels


class _Frame:
    """One open collection while walking the events: a mapping tracks its keys."""

    __slots__ = ("expect_key", "keys", "mapping")

    def __init__(self, mapping: bool) -> None:
        self.mapping = mapping
        self.expect_key = mapping
        self.keys: set[tuple[str, str]] = set()


def _loader() -> Any:
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(text: str, what: str, exit_code: int = 1, first_line: int = 1) -> Any:
    """Parse `text`, naming it `what` in errors (a line numbered from `first_line`: the line
    of the file `text` starts on, for a file's frontmatter). Raises MalformedFile, never
    yaml.YAMLError."""
    import yaml

    if len(text) > MAX_YAML_BYTES:
        raise MalformedFile(f"{what}: YAML larger than {MAX_YAML_BYTES} bytes", exit_code)
    try:
        events = yaml.parse(text, Loader=_loader())
        try:
            _check_events(yaml, events, what, exit_code, first_line)
        finally:
            events.close()
        return yaml.load(text, Loader=_loader())  # noqa: S506 - the safe loader
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + first_line}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or type(exc).__name__
        opened = unclosed_quote(text, mark.line - 1) if mark is not None else None
        hint = (f" (line {opened + first_line} opens a quote it does not close)"
                if opened is not None else _unclosed_flow(exc, first_line))
        raise MalformedFile(f"{what}: invalid YAML{where}: {problem}{hint}",
                            exit_code) from None
    except RecursionError:
        raise MalformedFile(f"{what}: YAML nested too deeply", exit_code) from None


def _unclosed_flow(exc: Any, first_line: int) -> str:
    """The line a flow list or mapping YAML stopped inside was opened on, as a hint: `priority:
    [P0` with no `]` is reported on the next line (`size: null`), where YAML met its `:`; the
    reader is sent to the line the `[` or `{` is on. Likewise a line with no `:` after its key
    (`status review`), reported on the line after it. Empty for any other error."""
    context, mark = getattr(exc, "context", None), getattr(exc, "context_mark", None)
    kinds = {"while parsing a flow sequence": "[", "while parsing a flow mapping": "{"}
    if mark is None or mark.line == exc.problem_mark.line:
        return ""
    if context == "while scanning a simple key":  # `status review` is reported on the next line
        return f" (line {mark.line + first_line} has no ':' after its key)"
    if context not in kinds:
        return ""
    return f" (line {mark.line + first_line} opens a '{kinds[context]}' it does not close)"


# A value that starts quoted: `key: "E1-S1`, `- 'x` (its quote, then the rest of its line)
_QUOTED_VALUE = re.compile(r"""^\s*(?:-\s+)?(?:[^\s:#"'][^:#]*:\s+)?(["'])(.*)$""")


def unclosed_quote(text: str, through: int) -> int | None:
    """The first line (0-based, up to `through`) whose value opens a quote the line does not
    close (pure): YAML reads on to the next quote, lines later, and reports its problem there
    (`priority: "P0` makes line 11's `risk: "medium"` the error), so the reader is told where
    it began. `\"` in a double-quoted value and `''` in a single-quoted one do not close it."""
    for number, line in enumerate(text.splitlines()[:through + 1]):
        found = _QUOTED_VALUE.match(line)
        if found is None:
            continue
        quote, rest = found.groups()
        closed = re.search(r'(?<!\\)"', rest) if quote == '"' else "'" in rest.replace("''", "")
        if not closed:
            return number
    return None


def _check_events(yaml: Any, events: Any, what: str, exit_code: int, first_line: int) -> None:
    """Refuse aliases, deep nesting and duplicate mapping keys (see the module docstring)."""
    stack: list[_Frame] = []

    def node_done() -> None:  # a whole node ended: the enclosing mapping alternates key/value
        if stack and stack[-1].mapping:
            stack[-1].expect_key = not stack[-1].expect_key

    for event in events:
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise MalformedFile(f"{what}: YAML anchors and aliases are not allowed", exit_code)
        if isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            if stack and stack[-1].mapping and stack[-1].expect_key:
                stack[-1].keys.add(("", f"complex key at {len(stack[-1].keys)}"))
            if len(stack) >= MAX_DEPTH:
                raise MalformedFile(
                    f"{what}: YAML nested deeper than {MAX_DEPTH} levels",
                    exit_code,
                )
            stack.append(_Frame(isinstance(event, yaml.MappingStartEvent)))
        elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            stack.pop()
            node_done()
        elif isinstance(event, yaml.ScalarEvent):
            frame = stack[-1] if stack else None
            if frame is not None and frame.mapping and frame.expect_key:
                ident = (event.tag or "", event.value)
                if ident in frame.keys:
                    shown = event.value.encode("unicode_escape").decode("ascii")[:60]
                    line = event.start_mark.line + first_line if event.start_mark else 0
                    raise MalformedFile(
                        f"{what}: duplicate key '{shown}' at line {line}",
                        exit_code,
                    )
                frame.keys.add(ident)
            node_done()


def dump(value: Any) -> str:
    """Block-style YAML, keys in the order given (callers sort when order must be canonical)."""
    import yaml

    return str(yaml.safe_dump(value, sort_keys=False, allow_unicode=True, default_flow_style=False))
