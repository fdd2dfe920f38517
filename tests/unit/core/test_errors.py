from __future__ import annotations

from gaia_lib.core import errors


def test_one_line_strips_control_characters() -> None:
    assert errors.one_line("a\x1b[31m\tb\r\nc") == "a [31m b c"
