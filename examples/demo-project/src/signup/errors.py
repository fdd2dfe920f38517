"""Signup failures carry the HTTP status the API layer answers with."""

from __future__ import annotations

INVALID_EMAIL = 422
DUPLICATE_EMAIL = 409


class SignupError(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
