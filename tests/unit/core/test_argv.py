from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.core.argv import story_args
from gaia_lib.core.errors import UsageError


def test_story_args_reads_the_common_entry_script_shape() -> None:
    args = story_args("x.py", ["E1-S1", "--project", "p", "--payload", "r.md"], "--payload")
    assert (args.key, args.project, args.payload) == ("E1-S1", "p", Path("r.md"))


def test_story_args_refuses_a_flag_the_script_does_not_take() -> None:
    with pytest.raises(UsageError) as error:
        story_args("x.py", ["E1-S1", "--payload", "r.md"])
    assert error.value.exit_code == 2
    assert error.value.message == ("unrecognized arguments: --payload r.md "
                                   "(see 'x.py --help')")
