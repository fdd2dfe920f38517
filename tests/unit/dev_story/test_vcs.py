from __future__ import annotations

import pytest

from gaia_lib.core.errors import InvalidInput
from gaia_lib.dev_story import vcs


@pytest.mark.parametrize("name", ["main", "feat/E1-S1-x", "release-1.2", "a_b"])
def test_good_branch_names(name: str) -> None:
    assert vcs.branch_name(name) == name


@pytest.mark.parametrize("name", ["-x", "a..b", "a//b", "a/", "a.lock", "a b", "a\nb", "",
                                  "a~1", "a^", "a:b", "@{-1}", "a.", "x" * 201])
def test_bad_branch_names(name: str) -> None:
    with pytest.raises(InvalidInput):
        vcs.branch_name(name)


def test_refs_allow_revision_syntax_but_not_options() -> None:
    assert vcs.rev_name("HEAD~3") == "HEAD~3"
    assert vcs.rev_name("origin/main") == "origin/main"
    with pytest.raises(InvalidInput):
        vcs.rev_name("--output=/tmp/x")


def test_last_error_line_prefers_the_rejection() -> None:
    text = ("To /x.git\n ! [remote rejected] b -> b (pre-receive hook declined)\n"
            "error: failed to push some refs to '/x.git'\n")
    assert vcs.last_error_line(text) == "! [remote rejected] b -> b (pre-receive hook declined)"
    assert vcs.last_error_line("hint: a\nfatal: bad\nhint: b\n") == "fatal: bad"
    assert vcs.last_error_line("") == "(no output)"
