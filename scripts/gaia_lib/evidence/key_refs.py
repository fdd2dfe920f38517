"""Where a text names a story key: the words attribution reads (`ac_coverage`, EC-4) and the
test files a review runs (`review_qa.phases`).

Rules:
- A text names story `key` when the key's parts (split at `-`, `_`, `.` and spaces) appear in
  order, joined by at most one of those characters, case-insensitive, as a whole token: no
  letter or digit before it, no digit after it. `E1-S1` is named by `tests/E1-S1-AC1.test.ts`,
  `test_e1_s1_happy_path` and `describe('E1 S1 signup')`, never by `test_e1_s10_other` or
  `test_e11_s1_other`; any path-safe key (`PAY.7`) is read the same way.
- The story keys a text names, whatever story they are of, are those of the usual form
  `E<n>-S<n>` (`test_e1_s3_x` names E1-S3), leading zeros dropped: any word would otherwise
  pass for a key of another form.
"""

from __future__ import annotations

import re
from functools import lru_cache

STORY_REF = re.compile(r"(?<![A-Za-z0-9])e(?P<e>[0-9]+)[-_]s(?P<s>[0-9]+)(?![0-9])", re.I)


def story_refs(text: str) -> set[str]:
    """The usual-form story keys `text` names, canonical (`E1-S3`)."""
    return {f"E{int(m.group('e'))}-S{int(m.group('s'))}" for m in STORY_REF.finditer(text)}


@lru_cache(maxsize=64)
def _key_pattern(key: str) -> re.Pattern[str] | None:
    parts = [re.escape(p) for p in re.split(r"[-_. ]+", key) if p]
    if not parts:
        return None
    return re.compile(r"(?<![A-Za-z0-9])" + r"[-_. ]?".join(parts) + r"(?![0-9])", re.I)


def names_key(text: str, key: str) -> bool:
    """Does `text` name story `key`? (module docstring)"""
    pattern = _key_pattern(key)
    return pattern is not None and pattern.search(text) is not None


def canonical_key(key: str) -> str:
    """`key` as `story_refs` spells it when it is of the usual form (`e01_s3` -> `E1-S3`)."""
    refs = story_refs(key)
    return refs.pop() if len(refs) == 1 else key
