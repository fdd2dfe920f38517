from __future__ import annotations

import pytest

from gaia_lib.evidence.conversions import (
    both_ways,
    conversion,
    mentions,
    reversed_in,
    sides,
    spelled,
    states,
)
from gaia_lib.evidence.words import stem

NAME = stem("name")


@pytest.mark.parametrize(("name", "expected"), [
    ("test_hex_to_name", (("hex",), (NAME,))),
    ("test_rgb_percent_to_name_unsupported_spec", (("rgb", "percent"), (NAME, stem("unsupported")))),
    ("test_rgb_to_rgb_percent", (("rgb",), ("percent",))),
    ("TestDecode_FromMapToStruct", (("map",), ("struct",))),
    ("converts hex to rgb", ((stem("converts"), "hex"), ("rgb",))),
    ("test_to_json", None),  # nothing converted from
    ("test_hex", None),
    ("test_rgb_to_rgb", None),  # nothing converted to but what it came from
])
def test_sides_read_the_words_around_the_first_to(
        name: str, expected: tuple[tuple[str, ...], tuple[str, ...]] | None) -> None:
    assert sides(name) == expected


def test_only_a_conversion_the_tests_make_both_ways_round_is_judged() -> None:
    named = [sides("test_hex_to_name"), sides("test_name_to_hex"),
             sides("test_rgb_percent_to_hex"), sides("test_hex_to_rgb_percent"),
             sides("test_defaults_to_utc")]
    judged = both_ways(n for n in named if n)
    assert conversion(sides("test_hex_to_name_unnamed_in_spec"), judged, ()) == ("hex", NAME)
    assert conversion(sides("test_name_to_hex"), judged, ()) == (NAME, "hex")
    # `rgb percent` against `hex`: percent to hex, made the other way by hex_to_rgb_percent
    assert conversion(sides("test_rgb_percent_to_hex"), judged, ()) == ("percent", "hex")
    assert conversion(sides("test_defaults_to_utc"), judged, ()) is None
    assert conversion(None, judged, ()) is None
    # an AC stating it: judged, though no test makes it the other way round
    stated = [mentions("Given no zone, when parsed, then it defaults to UTC.")]
    assert conversion(sides("test_defaults_to_utc"), judged, stated) == (
        stem("defaults"), "utc")
    assert states((stem("defaults"), "utc"), stated[0])
    assert not states(("utc", stem("defaults")), stated[0])


NAME_TO_HEX = ("Given a color name such as `navy`, when it is converted to a hex code or to an "
               "integer RGB triplet, then it gives `#000080`; a name the specification does "
               "not define is refused.")
HEX_TO_NAME = ("Given a hex code, an integer RGB triplet or a percent RGB triplet, when its "
               "color name is asked for, then the name is returned.")
BOTH = ("Given an integer RGB triplet, when it is converted to a percent triplet, or a percent "
        "triplet back to integers, then they convert into each other.")


@pytest.mark.parametrize(("pair", "text", "expected"), [
    ((NAME, "hex"), NAME_TO_HEX, False),  # stated this way round
    (("hex", NAME), NAME_TO_HEX, True),  # hex is only what it converts to
    (("hex", "rgb"), NAME_TO_HEX, True),  # both are what a name converts to
    (("rgb", NAME), NAME_TO_HEX, True),
    (("hex", NAME), HEX_TO_NAME, False),
    ((NAME, "hex"), HEX_TO_NAME, True),  # the hex comes first, the name after
    (("percent", "hex"), HEX_TO_NAME, True),
    (("rgb", "percent"), BOTH, False),
    (("percent", stem("integers")), BOTH, False),  # "a percent triplet back to integers"
    ((NAME, "percent"), BOTH, False),  # it says no name: other evidence decides
    # "from or to a map": read from it as much as written to it
    (("map", "struct"), "Given a struct, when decoding from or to a map, then the struct "
                        "is read.", False),
])
def test_an_ac_states_a_conversion_one_way_round_or_the_other(
        pair: tuple[str, str], text: str, expected: bool) -> None:
    assert reversed_in(pair, mentions(text)) is expected


def test_mentions_are_cut_into_clauses_and_marked_as_targets() -> None:
    said = mentions("Given a name, when converted to a hex code; a hex. Then done")
    assert [stem for stem, _ in said[0]][:2] == ["given", NAME]
    assert ("hex", True) in said[0] and (NAME, False) in said[0]
    assert said[1] == (("hex", False),)  # a clause of its own: no `to` before it
    assert len(said) == 3


def test_a_conversion_is_named_by_the_words_of_the_test_name_not_their_stems() -> None:
    # xstrings' FirstRuneToUpper was reported as converting "run to upp"
    found = sides("FirstRuneToUpper")
    assert found is not None
    assert spelled("FirstRuneToUpper", (found[0][-1], found[1][0])) == ("Rune", "Upper")
    assert spelled("test_hex_to_name", ("hex", NAME)) == ("hex", "name")
    assert spelled("test_hex_to_name", ("hex", "other")) == ("hex", "other")
