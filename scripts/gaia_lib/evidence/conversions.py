"""Conversions a test's name states, and the way round an AC states them.

A test named after a conversion (`test_hex_to_name`, `rgbToHex`, "converts hex to rgb")
checks it that way round. Where a story's tests convert both ways between two things
(`hex_to_name` beside `name_to_hex`), the way round is what tells their ACs apart: every word
of "Given a hex code, when its color name is asked for" is in `test_name_to_hex` too, yet that
test checks the other AC, the one on a name converted to a hex code.

Rules:
- A test's conversion is read off its name: the word before its first `to` (the *from*) and
  the first word after it that is neither a stop word nor the *from* (the *to*):
  `test_rgb_percent_to_name_unsupported_spec` converts percent to name,
  `test_rgb_to_rgb_percent` rgb to percent. A name with no word before or after its `to` states
  none. Each side's words up to the first stop word (`rgb percent`, `name unsupported`) are
  the things it converts between.
- Only a conversion the story's tests also make the other way round, or one of its ACs
  states (below), is judged: `test_defaults_to_utc` beside no `utc_to_defaults` and no AC
  saying "defaults to UTC" says nothing of a way round, and is left to the other evidence.
  An AC stating it keeps it judged when the tests of the other way round are deleted.
- In an AC (its text cut into clauses at `;` and sentence ends), a word is a *target* where
  `to` or `into` stands at most three words before it ("converted to a hex code", "to an
  integer RGB triplet") and `from` does not ("decoding from or to a map"), else a *source*.
- An AC states the conversion when one of its clauses says the *from* as a source before it
  says the *to*. It states the other way round when it says both, never that, and either one
  of its clauses says the *to* before the *from*, or it says the *from* only as a target (it
  converts to it, the test from it).
- A report names a conversion by the words of the test's name it was read off
  (`FirstRuneToUpper` converts Rune to Upper: `spelled`), not by their stems (run, upp),
  which are no words a reader knows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from gaia_lib.evidence import words

_TO = frozenset({"to", "into"})
_TARGET_REACH = 3  # words between `to` and the thing converted to ("to an integer RGB")
_CLAUSE_END = re.compile(r";|\.(?:\s|$)")

Conversion = tuple[str, str]  # (from, to), stems
Mentions = tuple[tuple[tuple[str, bool], ...], ...]  # per clause: (stem, is a target)


def _side(stems: Sequence[str]) -> list[str]:
    """A side's words up to its first stop word."""
    out: list[str] = []
    for stem in stems:
        if stem in words.STOP_WORDS:
            break
        out.append(stem)
    return out


def sides(name: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The words before a test name's first `to` (the test prefix left out) and after it, up
    to a stop word either way; None if the name states no conversion."""
    stems = words.spoken_stems(name)
    while stems and stems[0] == "test":
        stems = stems[1:]
    at = next((i for i, stem in enumerate(stems) if stem in _TO), -1)
    if at <= 0:
        return None
    before = _side(stems[at - 1::-1])[::-1]
    after = [s for s in _side(stems[at + 1:]) if s not in before]
    if not before or not after:
        return None
    return tuple(before), tuple(after)


def both_ways(named: Iterable[tuple[tuple[str, ...], tuple[str, ...]]]) -> frozenset[Conversion]:
    """The (from, to) word pairs the given conversions make, of those also made the other way
    round by one of them."""
    made = {(a, b) for before, after in named for a in before for b in after}
    return frozenset(pair for pair in made if pair[::-1] in made)


def conversion(found: tuple[tuple[str, ...], tuple[str, ...]] | None,
               judged: frozenset[Conversion], stated: Sequence[Mentions]) -> Conversion | None:
    """A test's (from, to), where its story's tests make it both ways round (`judged`) or one
    of its ACs (`stated`, their `mentions`) states it; else None."""
    if found is None:
        return None
    pair = (found[0][-1], found[1][0])
    return pair if pair in judged or any(states(pair, said) for said in stated) else None


def mentions(text: str) -> Mentions:
    """An AC's words per clause, in order, each with whether it is a target."""
    clauses = []
    for clause in _CLAUSE_END.split(text):
        stems = words.spoken_stems(clause)
        clauses.append(tuple(
            (stem, bool(_TO & (near := set(stems[max(0, i - _TARGET_REACH):i])))
             and "from" not in near)
            for i, stem in enumerate(stems)))
    return tuple(c for c in clauses if c)


def states(pair: Conversion, said: Mentions) -> bool:
    """Whether an AC (`mentions`) states `pair` this way round: one of its clauses says the
    from, as a source, before the to."""
    source, target = pair
    return any(stem == source and not is_target and any(
        later == target for later, _ in clause[i + 1:])
        for clause in said for i, (stem, is_target) in enumerate(clause))


def reversed_in(pair: Conversion, said: Mentions) -> bool:
    """Whether an AC (`mentions`) states `pair` the other way round (the module rules)."""
    source, target = pair
    seen = [stem for clause in said for stem, _ in clause]
    if source not in seen or target not in seen or states(pair, said):
        return False
    backward = any(stem == target and any(later == source for later, _ in clause[i + 1:])
                   for clause in said for i, (stem, _) in enumerate(clause))
    only_target = all(is_target for clause in said for stem, is_target in clause
                      if stem == source)
    return backward or only_target


def spelled(name: str, pair: Conversion) -> Conversion:
    """`pair` (the stems `sides` read off the test name `name`) as `name` spells its words
    (`FirstRuneToUpper`, (run, upp) -> (Rune, Upper)); a stem no word of it gives is kept."""
    spelled_as: dict[str, str] = {}
    for word in words.IDENTIFIER_PART.findall(name):
        lowered = word.lower()
        spelled_as.setdefault(words.stem(words.ABBREVIATIONS.get(lowered, lowered)), word)
    return spelled_as.get(pair[0], pair[0]), spelled_as.get(pair[1], pair[1])
