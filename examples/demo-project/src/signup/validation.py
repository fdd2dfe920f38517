"""Email address rules for signup (story E1-S1)."""

from __future__ import annotations

import re

from signup.errors import INVALID_EMAIL, SignupError

# Deliberately simple: one "@", a non-empty local part, a dotted domain. Deliverability is
# checked by the confirmation mail (E1-S2), not here.
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def normalise_email(raw: str) -> str:
    """Trim surrounding whitespace and lower-case the address (AC1, AC-EC1)."""
    return raw.strip().lower()


def validate_email(raw: str) -> str:
    """The normalised address, or SignupError(422) when it is not an email address (AC2)."""
    email = normalise_email(raw)
    if not _EMAIL.match(email):
        raise SignupError(INVALID_EMAIL, f"not a valid email address: {raw!r}")
    return email
