"""Story E1-S1: sign up with an email address (FR-001)."""

from __future__ import annotations

import pytest
from signup.accounts import AccountStore, sign_up
from signup.errors import SignupError
from signup.welcome import welcome_message


# covers: E1-S1 AC1
def test_ac1_valid_email_creates_account() -> None:
    store = AccountStore()

    account = sign_up(store, "Ann@Example.COM")

    assert account.email == "ann@example.com"
    assert store.get("ann@example.com") == account
    assert len(store) == 1


# covers: E1-S1 AC2
def test_ac2_email_without_at_sign_is_rejected_with_422() -> None:
    store = AccountStore()

    with pytest.raises(SignupError) as excinfo:
        sign_up(store, "ann.example.com")

    assert excinfo.value.code == 422
    assert len(store) == 0


# covers: E1-S1 AC2
def test_ac2_email_without_domain_is_rejected() -> None:
    with pytest.raises(SignupError):
        sign_up(AccountStore(), "ann@")


# covers: E1-S1 AC-EC1
def test_ac_ec1_surrounding_whitespace_is_ignored() -> None:
    store = AccountStore()

    account = sign_up(store, "  bob@example.com\t")

    assert account.email == "bob@example.com"


# covers: E1-S3 AC1
def test_new_account_welcome_message_names_the_address() -> None:
    account = sign_up(AccountStore(), "cy@example.com")

    assert "cy@example.com" in welcome_message(account)
