from __future__ import annotations

import re

from gaia_lib.core import lazyre


def test_a_lazy_pattern_compiles_on_first_use_and_answers_as_the_compiled_one() -> None:
    pattern = lazyre.compile(r"(?P<word>[a-z]+)(\d+)", re.I)
    assert pattern._compiled is None  # nothing compiled yet
    compiled = re.compile(r"(?P<word>[a-z]+)(\d+)", re.I)
    text = "Abc12 de3 x"
    assert pattern.search(text).group("word") == compiled.search(text).group("word")  # type: ignore[union-attr]
    assert [m.span() for m in pattern.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert pattern.sub(r"<\2>", text) == compiled.sub(r"<\2>", text)
    assert pattern.findall(text) == compiled.findall(text)
    assert pattern.subn("-", text, 1) == compiled.subn("-", text, 1)
    assert pattern.split(text) == compiled.split(text)
    assert pattern.fullmatch("Abc12") is not None and pattern.match(" Abc12") is None
    assert (pattern.pattern, pattern.flags, pattern.groups, pattern.groupindex) == \
        (compiled.pattern, compiled.flags, compiled.groups, compiled.groupindex)
    assert pattern._compiled is not None


def test_a_lazy_pattern_that_is_never_used_is_never_compiled() -> None:
    pattern = lazyre.compile(r"(unbalanced")  # would raise re.error when compiled
    assert "unbalanced" in repr(pattern)
