"""Validation of untrusted identifiers before any path is built from them.

Rules:
- A story key is any key upstream GAIA accepts that is safe as one path component: ASCII
  letters, digits, `.`, `_` and `-`; it starts with a letter, digit or `_` (never `-`, which a
  command would read as a flag, nor `.`, which makes `.`, `..` and hidden names); it never
  contains `..`. `E1-S1` is the usual form; `PROJ-12`, `E1-S1.2` and `story_7` are keys too.
- Length: a key of the usual form `E<n>-S<n>` is at most MAX_KEY_LENGTH characters (each number
  at most 9 digits); any other key at most MAX_OTHER_KEY_LENGTH. A longer key is refused here,
  where every key is validated, rather than reaching the file system as `File name too long`.
- Recognising a key inside another name (`atdd-E1-S10.md`) uses the usual form `E<n>-S<n>`
  only (is_canonical_story_key): there any word would otherwise pass for a key.
- An epic key is `E<n>`. The epic of a story key is the part before its first `-`
  (`E12-S3` -> `E12`); the story file's `epic:` field, where a command reads it, wins.
- Workflow and skill names are lowercase letters, digits and `-`, at most 64.
"""

from __future__ import annotations

import re

from gaia_lib.core.errors import InvalidInput

STORY_KEY_RE = re.compile(r"(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9._-]*")
CANONICAL_STORY_KEY_RE = re.compile(r"E[0-9]{1,9}-S[0-9]{1,9}")
EPIC_KEY_RE = re.compile(r"E[0-9]{1,9}")
NAME_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")  # workflow / skill names
MAX_KEY_LENGTH = 21  # "E123456789-S123456789"
MAX_OTHER_KEY_LENGTH = 64
_ANY_LENGTH_KEY_RE = re.compile(r"E[0-9]+-S[0-9]+")  # the usual form, any length


def is_story_key(raw: str) -> bool:
    if _ANY_LENGTH_KEY_RE.fullmatch(raw):  # the usual form: 9 digits per number at most
        return CANONICAL_STORY_KEY_RE.fullmatch(raw) is not None
    return len(raw) <= MAX_OTHER_KEY_LENGTH and STORY_KEY_RE.fullmatch(raw) is not None


def is_canonical_story_key(raw: str) -> bool:
    """`E<n>-S<n>`: for finding keys inside other names, never for validating a given key."""
    return CANONICAL_STORY_KEY_RE.fullmatch(raw) is not None


def _shown(raw: str) -> str:
    """A rejected name as typed (`É1-S1`), at most 60 characters; a control character
    escaped, never written raw."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in raw[:60])


def story_key(raw: str, exit_code: int = 1) -> str:
    """Return `raw` if it is a path-safe story key; otherwise raise before it touches a path."""
    if not is_story_key(raw):
        shown = _shown(raw)
        if _ANY_LENGTH_KEY_RE.fullmatch(raw) is not None:
            why = f"at most {MAX_KEY_LENGTH} characters: 9 digits per number"
        else:
            why = ("ASCII letters, digits, '.', '_' and '-', not starting with '-' or '.', "
                   "no '..'; e.g. E1-S1")
        raise InvalidInput(f"invalid story key '{shown}' ({why})", exit_code)
    return raw


def commit_key_pattern(key: str) -> re.Pattern[str]:
    """A commit subject naming `key` as a whole word, case-insensitive (squashes lower-case
    it): `feat/E1-S1-slug` names E1-S1, `E1-S12` does not."""
    return re.compile(rf"(?<![A-Za-z0-9_]){re.escape(key)}(?![A-Za-z0-9_])", re.IGNORECASE)


def story_tag_pattern(key: str) -> re.Pattern[str]:
    """A `Story: KEY` line in a commit body (the PR body's trailer)."""
    return re.compile(rf"^\s*Story:\s*{re.escape(key)}(?![A-Za-z0-9_])",
                      re.IGNORECASE | re.MULTILINE)


def epic_of(key: str) -> str:
    """E12-S3 -> E12 (the part before the first `-`)."""
    return key.split("-", 1)[0]


def workflow_name(raw: str, exit_code: int = 1) -> str:
    """Names that become a single path component (checkpoint workflow, skill)."""
    if NAME_RE.fullmatch(raw) is None:
        shown = _shown(raw)
        raise InvalidInput(
            f"invalid name '{shown}' (lowercase letters, digits and '-', at most 64)", exit_code
        )
    return raw
