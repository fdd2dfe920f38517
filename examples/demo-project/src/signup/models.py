"""The account record shared by signup (E1-S1), confirmation (E1-S2) and welcome (E1-S3)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Account:
    account_id: int
    email: str
    confirmed: bool = False
