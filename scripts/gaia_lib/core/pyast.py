"""A Python file's syntax tree, parsed once per text.

Several of a review's reads walk the same test file's tree (the placeholder rules, the row
filters, the mocking check) and its sources' (the branch-coverage check's error handlers): on
idna's story a third of the time spent parsing went to texts parsed before. `module` parses a
text once and hands every caller the same tree, so a caller must never change it (no
transformer, no attribute set on a node). A text that does not parse raises as `ast.parse`
does, each time (failures are not remembered). Standard library only.
"""

from __future__ import annotations

import ast
from functools import lru_cache

REMEMBERED = 64  # texts: the test files and sources of one story, with room to spare


@lru_cache(maxsize=REMEMBERED)
def module(text: str) -> ast.Module:
    """`ast.parse(text)`, the same tree for the same text (module rules)."""
    return ast.parse(text)
