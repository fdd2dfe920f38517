from __future__ import annotations

import pytest

from gaia_lib.core.errors import MalformedFile
from gaia_lib.dev_story import prbody


def test_dod_lines() -> None:
    text = "- { item: build, status: passed, output: x }\n- item: tests\n  status: FAILED\n"
    assert prbody.dod_lines(text, "d") == ["- build: PASSED", "- tests: FAILED"]
    assert prbody.dod_lines("", "d") == []


@pytest.mark.parametrize("text", ["a: 1\n", "- just a string\n", "- { item: x }\n", "[unclosed"])
def test_dod_lines_refuses_other_shapes(text: str) -> None:
    with pytest.raises(MalformedFile) as exc:
        prbody.dod_lines(text, "d")
    assert exc.value.exit_code == 2
