"""toml_text: a manifest's TOML read as a table, never a failure."""

from __future__ import annotations

from gaia_lib.core import toml_text


def test_a_toml_text_reads_as_its_table() -> None:
    assert toml_text.loads("[tool.pytest]\naddopts = ['-q']\n") == {
        "tool": {"pytest": {"addopts": ["-q"]}}}


def test_a_text_that_is_not_toml_reads_as_an_empty_table() -> None:
    assert toml_text.loads("[tool.pytest\naddopts = 1\n") == {}
    assert toml_text.loads("key = ") == {}
