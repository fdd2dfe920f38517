"""Counting the fsyncs a piece of code makes: which writes are made durable is a rule
(`core/writes.py`), and a test of it counts them."""

from __future__ import annotations

import os

import pytest


def fsyncs_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list each `os.fsync` call appends its file descriptor to, the fsync still made."""
    synced: list[int] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return synced
