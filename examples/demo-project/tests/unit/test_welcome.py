"""Story E1-S3: welcome message (FR-003)."""

from __future__ import annotations

from signup.models import Account
from signup.welcome import welcome_message


# covers: E1-S3 AC1
def test_ac1_welcome_message_greets_by_address() -> None:
    message = welcome_message(Account(account_id=1, email="ann@example.com"), product="Orbit")

    assert message.startswith("Welcome to Orbit, ann@example.com!")


# covers: E1-S3 AC2
def test_ac2_unconfirmed_account_is_asked_to_confirm() -> None:
    message = welcome_message(Account(account_id=1, email="ann@example.com"))

    assert message.endswith("Please confirm your email address to finish setting up your account.")


# covers: E1-S3 AC3
def test_ac3_confirmed_account_gets_greeting_only() -> None:
    message = welcome_message(Account(account_id=1, email="ann@example.com", confirmed=True))

    assert message == "Welcome to Orbit, ann@example.com!"
