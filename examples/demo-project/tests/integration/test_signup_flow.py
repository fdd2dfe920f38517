"""The signup flow end to end: sign up, then greet (E1-S1 with E1-S3)."""

from __future__ import annotations

from signup.accounts import AccountStore, sign_up
from signup.welcome import welcome_message


def test_signed_up_visitor_receives_a_welcome_message() -> None:
    store = AccountStore()

    account = sign_up(store, "Dee@Example.com")

    assert store.get("dee@example.com") == account
    assert welcome_message(account) == (
        "Welcome to Orbit, dee@example.com! "
        "Please confirm your email address to finish setting up your account."
    )
