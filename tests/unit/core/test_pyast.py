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


def test_a_tests_text_is_read_with_the_module_table_before_it() -> None:
    # a method after its module table: no one indentation to remove, read in two parts
    text = ("CASES = [(1, 2)]\n    @pytest.mark.parametrize('a, b', CASES)\n"
            "    def test_it(self, a, b):\n        assert f(a) == b\n")
    parts = pyast.test_parts(text)
    assert parts is not None
    statements, function = parts
    assert [type(s).__name__ for s in statements] == ["Assign", "FunctionDef"]
    assert function.name == "test_it"
    assert pyast.test_parts("x = 1\n") is None
    assert pyast.test_parts("def test_x(:\n") is None


def test_a_callee_is_named_by_its_own_name() -> None:
    calls = [ast.parse(code, mode="eval").body for code in ("f(1)", "a.b.g(1)", "(lambda: 1)()")]
    assert [pyast.callee_name(c.func) for c in calls if isinstance(c, ast.Call)] == ["f", "g", ""]


def test_module_names_cover_the_src_layout() -> None:
    assert pyast.module_names("src/app/calc.py") == ("src.app.calc", "app.calc")
    assert pyast.module_names("pkg/__init__.py") == ("pkg",)
    assert pyast.module_names("calc.py") == ("calc",)


def test_a_text_indented_by_tabs_and_spaces_is_dedented_as_python_reads_it() -> None:
    text = "    def test_x(self):\n\t    y = f(1)\n\t    assert y == 2\n"
    assert pyast.dedent(text) == "def test_x(self):\n        y = f(1)\n        assert y == 2\n"
    assert isinstance(ast.parse(pyast.dedent(text)).body[0], ast.FunctionDef)
    # indented by tabs alone, or spaces alone: as `textwrap.dedent` does
    assert pyast.dedent("\tdef f():\n\t\treturn 1\n") == "def f():\n\treturn 1\n"
    assert pyast.dedent("  a = '\t'\n") == "a = '\t'\n"
