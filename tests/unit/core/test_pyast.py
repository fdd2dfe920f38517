from __future__ import annotations

import ast

import pytest

from gaia_lib.core import pyast


def test_a_text_is_parsed_once_and_its_tree_shared() -> None:
    text = "def test_x():\n    assert f(1) == 2\n"
    tree = pyast.module(text)
    assert pyast.module(text) is tree
    assert ast.dump(tree) == ast.dump(ast.parse(text))
    assert pyast.module(text + "\n") is not tree


def test_a_text_that_does_not_parse_raises_each_time() -> None:
    for _ in range(2):
        with pytest.raises(SyntaxError):
            pyast.module("def broken(:\n")
