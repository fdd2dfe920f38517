"""Regular expressions compiled when first used.

A review imports every stack's matching rules, yet one story's tests are in one or two
languages: most of the JavaScript, Go, Java and shell patterns of the evidence modules are never
matched in a Python review, and compiling them all at import cost more than the rest of those
modules' loading. `compile` returns a stand-in, `LazyPattern`, that compiles its pattern on its
first use and then answers as the compiled pattern would (search, match, fullmatch, finditer,
findall, sub, subn, split; pattern, flags, groups, groupindex). It is no `re.Pattern`, for the
type checker too: pass it to nothing that wants one (`re.sub(PATTERN, ...)`, which mypy
rejects); call its own methods, and type a place that holds lazy and eager patterns alike as
`AnyPattern`. Keep patterns a review uses on every test eager (`re.compile`): each use of a
stand-in costs one more call. Standard library only.
"""

from __future__ import annotations

import re
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping
    from typing import Any


class LazyPattern:
    """A `re.Pattern[str]` compiled on its first use (module docstring)."""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    def _get(self) -> re.Pattern[str]:
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self._source, self._flags)
        return compiled

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize
               ) -> re.Match[str] | None:
        return (self._compiled or self._get()).search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize
              ) -> re.Match[str] | None:
        return (self._compiled or self._get()).match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize
                  ) -> re.Match[str] | None:
        return (self._compiled or self._get()).fullmatch(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize
                 ) -> Iterator[re.Match[str]]:
        return (self._compiled or self._get()).finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return (self._compiled or self._get()).findall(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str,
            count: int = 0) -> str:
        return (self._compiled or self._get()).sub(repl, string, count)

    def subn(self, repl: str | Callable[[re.Match[str]], str], string: str,
             count: int = 0) -> tuple[str, int]:
        return (self._compiled or self._get()).subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return (self._compiled or self._get()).split(string, maxsplit)

    @property
    def pattern(self) -> str:
        return self._source

    @property
    def flags(self) -> int:
        return self._get().flags

    @property
    def groups(self) -> int:
        return self._get().groups

    @property
    def groupindex(self) -> Mapping[str, int]:
        return self._get().groupindex

    def __repr__(self) -> str:
        return f"lazyre.compile({self._source!r}, {self._flags!r})"


# A place that holds lazy and eager patterns alike.
AnyPattern = re.Pattern[str] | LazyPattern


def compile(source: str, flags: int = 0) -> LazyPattern:  # as re.compile
    """`re.compile(source, flags)` on first use (module docstring)."""
    return LazyPattern(source, flags)
