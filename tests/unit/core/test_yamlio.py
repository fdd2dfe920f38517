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


def test_invalid_yaml_names_the_line_that_opened_an_unclosed_quote() -> None:
    """httprouter's story with `priority: "P0` (its closing quote lost): YAML reads on to the
    next quote and reports line 11's `risk: "medium"`, which is fine; the message also names
    the line the quote was opened on. Lines that close their quotes, escaped ones too, are
    not named."""
    frontmatter = ('template: \'story\'\nversion: 1.4.0\nkey: "E52-S1"\ntitle: "Route \\"HTTP\\""'
                   '\nepic: "E52"\nstatus: review\npriority: "P0\nsize: null\npoints: 0\n'
                   'risk: "medium"\nsprint_id: null\n')
    with pytest.raises(MalformedFile) as info:
        yamlio.load(frontmatter, "s.md: malformed frontmatter", first_line=2)
    assert str(info.value) == ("s.md: malformed frontmatter: invalid YAML at line 11: did not "
                               "find expected key (line 8 opens a quote it does not close)")
    assert yamlio.unclosed_quote("a: 'it''s'\nb: [x\n", 1) is None


def test_invalid_yaml_names_the_line_that_opened_an_unclosed_bracket() -> None:
    """go-shellquote's story with `priority: [P0` (its `]` never written): YAML stops on the
    next line, `size: null`, at its `:`; the message also names the line of the `[` (or `{`)."""
    frontmatter = 'key: "E57-S1"\nstatus: review\npriority: [P0\nsize: null\npoints: 0\n'
    with pytest.raises(MalformedFile) as info:
        yamlio.load(frontmatter, "s.md: malformed frontmatter", first_line=2)
    assert str(info.value).endswith("at line 5: did not find expected ',' or ']' (line 4 opens "
                                    "a '[' it does not close)")
    with pytest.raises(MalformedFile) as info:
        yamlio.load(frontmatter.replace("[P0", "{P0"), "s.md", first_line=2)
    assert str(info.value).endswith("(line 4 opens a '{' it does not close)")
    with pytest.raises(MalformedFile) as info:  # a `[` closed twice: nothing is left open
        yamlio.load("a: [1]]\n", "s.md")
    assert "opens" not in str(info.value)


def test_invalid_yaml_names_the_line_whose_key_has_no_colon() -> None:
    """wonka's story with `status review` (its `:` lost): YAML reads the line as the start of
    a key and reports the next one, `priority: 'P0'`, which is fine; the message also names
    the line with no colon."""
    frontmatter = "key: 'E2-S4'\nepic: 'E2'\nstatus review\npriority: 'P0'\nsize: null\n"
    with pytest.raises(MalformedFile) as info:
        yamlio.load(frontmatter, "s.md: malformed frontmatter", first_line=2)
    assert str(info.value) == ("s.md: malformed frontmatter: invalid YAML at line 5: could not "
                               "find expected ':' (line 4 has no ':' after its key)")


def test_python_tags_are_not_executed() -> None:
    with pytest.raises(MalformedFile):
        yamlio.load("x: !!python/object/apply:os.system ['true']\n", "cfg")


def test_oversized_yaml_is_refused() -> None:
    with pytest.raises(MalformedFile, match="larger than"):
        yamlio.load("a: " + "x" * (yamlio.MAX_YAML_BYTES + 1), "cfg")


def test_dump_round_trips() -> None:
    value = {"z": 1, "a": ["é", "b"]}
    assert yamlio.load(yamlio.dump(value), "x") == value


def test_deep_nesting_is_refused_before_construction() -> None:
    deep = "x: " + "[" * 5000 + "]" * 5000 + "\n"
    with pytest.raises(MalformedFile, match="cfg: YAML nested deeper than 64 levels") as info:
        yamlio.load(deep, "cfg", exit_code=4)
    assert info.value.exit_code == 4
    nested = "x: " + "[" * 63 + "]" * 63 + "\n"
    assert yamlio.load(nested, "cfg") is not None


@pytest.mark.parametrize(
    "text",
    ["key: E1-S2\nkey: E9-S9\n", "a:\n  b: 1\n  b: 2\n", "- {x: 1, x: 2}\n", '"k": 1\nk: 2\n'],
)
def test_duplicate_keys_are_refused(text: str) -> None:
    with pytest.raises(MalformedFile, match="cfg: duplicate key"):
        yamlio.load(text, "cfg")


def test_equal_values_and_keys_at_other_levels_are_not_duplicates() -> None:
    text = "a: {k: 1}\nb: {k: 1}\nk: [k, k]\nc: [{k: 1}, {k: 2}]\n"
    assert yamlio.load(text, "cfg")["c"] == [{"k": 1}, {"k": 2}]
