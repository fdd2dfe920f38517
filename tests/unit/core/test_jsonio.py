from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gaia_lib.core import jsonio

SCRIPTS = Path(__file__).resolve().parents[3] / "scripts"

# Inputs on which the bare C scanner (no `json` package loaded) used to raise
# SystemError('<_json.Scanner ...> returned NULL without setting an exception').
SCANNER_NULL_CASES = ['{"a":1', '"abc', '{"a" 1}', '"', '{4\x10', '[1,2']


def test_syntax_errors_without_the_json_package_are_value_errors() -> None:
    """A fresh interpreter, as the edit hook runs: `json` is never imported there."""
    code = (
        "import sys\n"
        "sys.path.insert(0, sys.argv.pop(1))\n"
        "from gaia_lib.core import jsonio\n"
        "assert 'json' not in sys.modules, 'the hook path must not import json'\n"
        "for case in sys.argv[1:]:\n"
        "    try:\n"
        "        jsonio.loads(case)\n"
        "    except ValueError:\n"
        "        continue\n"
        "    except BaseException as exc:\n"
        "        print(repr(case), type(exc).__name__)\n"
        "        continue\n"
        "    print(repr(case), 'accepted')\n"
    )
    # -I -S: no site hooks (a coverage start-up hook would load `json` first)
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code, str(SCRIPTS),
                           *SCANNER_NULL_CASES],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize("case", ["[" * 100_000, '{"a":' * 100_000, SCANNER_NULL_CASES[0]],
                         ids=["deep-array", "deep-object", "unterminated"])
def test_deep_or_broken_json_is_a_value_error(case: str) -> None:
    with pytest.raises(ValueError, match=r"malformed JSON|Expecting|Unterminated|delimiter"):
        jsonio.loads(case)


def test_valid_json_still_loads() -> None:
    assert jsonio.loads(' {"a": [1, 2.5, "x", null, true]} ') == {"a": [1, 2.5, "x", None, True]}
    with pytest.raises(ValueError, match="Extra data"):
        jsonio.loads("{} {}")


@pytest.mark.parametrize("text", ['{"line": NaN}', '{"line": Infinity}', '[-Infinity]',
                                  '{"line": 1e309}', '[-1e400]'])
def test_strict_loads_refuses_what_json_has_no_room_for(text: str) -> None:
    with pytest.raises(ValueError, match=r"is not a JSON value|is out of range"):
        jsonio.strict_loads(text)


def test_strict_loads_reads_json_as_json_loads_does() -> None:
    text = '{"line": 12, "score": 0.5, "big": 1e300, "none": null}'
    assert jsonio.strict_loads(text) == json.loads(text)
