"""Regular expressions compiled when first used.

A review imports every stack's matching rules, yet one story's tests are in one or two
languages: most of the JavaScript, Go, Java and shell patterns of the evidence modules are never
matched in a Python review, and compiling them all at import cost more than the rest of those
modules' loading. `compile` returns a stand-in that compiles its pattern on its first use and
then answers as the compiled pattern would (search, match, sub, pattern, ...). It is no
`re.Pattern` instance: pass it to nothing that checks that (`re.sub(PATTERN, ...)`); call its
own methods. Keep patterns a review uses on every test eager (`re.compile`): each use of a
stand-in costs one more attribute lookup. Standard library only.
"""

from __future__ import annotations

import re
from typing import Any, cast


class LazyPattern:
    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:  # only for what the slots do not hold
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self._source, self._flags)
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazyre.compile({self._source!r}, {self._flags!r})"


def compile(source: str, flags: int = 0) -> re.Pattern[str]:  # as re.compile
    """`re.compile(source, flags)` on first use (module docstring)."""
    return cast("re.Pattern[str]", LazyPattern(source, flags))
