"""Validation of untrusted identifiers before any path is built from them.

A story key is `E<n>-S<n>` and at most MAX_KEY_LENGTH characters (each number at most 9
digits): a longer key is refused here, where every key is validated, rather than reaching the
file system as a `File name too long` error. Workflow and skill names: at most 64 characters.
"""

from __future__ import annotations

import re

from gaia_lib.core.errors import InvalidInput

STORY_KEY_RE = re.compile(r"E[0-9]{1,9}-S[0-9]{1,9}")
EPIC_KEY_RE = re.compile(r"E[0-9]{1,9}")
NAME_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")  # workflow / skill names
MAX_KEY_LENGTH = 21  # "E123456789-S123456789"
_ANY_LENGTH_KEY_RE = re.compile(r"E[0-9]+-S[0-9]+")  # only to say why a key is refused


def is_story_key(raw: str) -> bool:
    return len(raw) <= MAX_KEY_LENGTH and STORY_KEY_RE.fullmatch(raw) is not None


def story_key(raw: str, exit_code: int = 1) -> str:
    """Return `raw` if it is a story key like E1-S1; otherwise raise before it touches a path."""
    if not is_story_key(raw):
        shown = raw.encode("unicode_escape").decode("ascii")[:60]
        limit = "" if _ANY_LENGTH_KEY_RE.fullmatch(raw) is None else \
            f", at most {MAX_KEY_LENGTH} characters: 9 digits per number"
        raise InvalidInput(
            f"invalid story key '{shown}' (expected the form E<n>-S<n>, e.g. E1-S1{limit})",
            exit_code,
        )
    return raw


def epic_of(key: str) -> str:
    """E12-S3 -> E12."""
    return key.split("-", 1)[0]


def workflow_name(raw: str, exit_code: int = 1) -> str:
    """Names that become a single path component (checkpoint workflow, skill)."""
    if NAME_RE.fullmatch(raw) is None:
        shown = raw.encode("unicode_escape").decode("ascii")[:60]
        raise InvalidInput(
            f"invalid name '{shown}' (lowercase letters, digits and '-', at most 64)", exit_code
        )
    return raw
