"""The signup use case and the account store it writes to (story E1-S1)."""

from __future__ import annotations

from dataclasses import dataclass, field

from signup.errors import DUPLICATE_EMAIL, SignupError
from signup.models import Account
from signup.validation import validate_email


@dataclass
class AccountStore:
    """In-memory store; the production adapter keeps the same interface."""

    _by_email: dict[str, Account] = field(default_factory=dict)

    def add(self, email: str) -> Account:
        if email in self._by_email:
            raise SignupError(DUPLICATE_EMAIL, f"an account already exists for {email}")
        account = Account(account_id=len(self._by_email) + 1, email=email)
        self._by_email[email] = account
        return account

    def get(self, email: str) -> Account | None:
        return self._by_email.get(email)

    def __len__(self) -> int:
        return len(self._by_email)


def sign_up(store: AccountStore, raw_email: str) -> Account:
    """Create an account for `raw_email`: validated (422) and unique (409)."""
    return store.add(validate_email(raw_email))
