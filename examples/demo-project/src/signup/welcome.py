"""The welcome message a new account receives (story E1-S3)."""

from __future__ import annotations

from signup.models import Account

PRODUCT_NAME = "Orbit"


def welcome_message(account: Account, product: str = PRODUCT_NAME) -> str:
    """Greets the user by address and asks them to confirm it while unconfirmed."""
    greeting = f"Welcome to {product}, {account.email}!"
    if account.confirmed:
        return greeting
    return f"{greeting} Please confirm your email address to finish setting up your account."
