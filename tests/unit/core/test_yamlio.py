from __future__ import annotations

import pytest

from gaia_lib.core import yamlio
from gaia_lib.core.errors import MalformedFile


def test_load_plain_mapping() -> None:
    assert yamlio.load("a: 1\nb: [x, y]\n", "cfg") == {"a": 1, "b": ["x", "y"]}


def test_alias_bomb_is_refused() -> None:
    bomb = "a: &a [x, x, x]\nb: &b [*a, *a, *a]\nc: &c [*b, *b, *b]\nd: [*c, *c, *c]\n"
    with pytest.raises(MalformedFile, match="anchors and aliases are not allowed") as info:
        yamlio.load(bomb, "story E1-S1", exit_code=2)
    assert info.value.exit_code == 2


def test_invalid_yaml_names_the_line() -> None:
    with pytest.raises(MalformedFile, match=r"cfg: invalid YAML at line \d+: did not find"):
        yamlio.load("a: 1\nb: [unclosed\n", "cfg")


def test_python_tags_are_not_executed() -> None:
    with pytest.raises(MalformedFile):
        yamlio.load("x: !!python/object/apply:os.system ['true']\n", "cfg")


def test_oversized_yaml_is_refused() -> None:
    with pytest.raises(MalformedFile, match="larger than"):
        yamlio.load("a: " + "x" * (yamlio.MAX_YAML_BYTES + 1), "cfg")


def test_dump_round_trips() -> None:
    value = {"z": 1, "a": ["é", "b"]}
    assert yamlio.load(yamlio.dump(value), "x") == value
