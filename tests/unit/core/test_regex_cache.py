"""core.regex_cache: each process is a fresh interpreter, as a gaia process is (its own `re`
dictionary), run with the data dir of the test."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gaia_lib.core import regex_cache

SCRIPTS = Path(__file__).resolve().parents[3] / "scripts"

# Patterns of the kinds the rules write: named groups and a backreference, lookarounds, inline
# and passed flags, verbose mode, non-ASCII classes, and a name given at run time.
PATTERNS = [
    (r"\b(?P<name>[A-Za-z_]\w*)\s*=\s*(?P<value>.+)$", re.M),
    (r"(?i)hello\s+world", 0),
    (r"[^\W\d_]+", 0),
    (r"(?<=foo)bar(?!baz)", 0),
    (r"(a|b)*?c{2,5}", re.S),
    (r"\d+(?:\.\d+)?", 0),
    (r"(?x) a \s b  # a comment", 0),
    (r"(?P<q>['\"]).*?(?P=q)", 0),
    (r"é[à-ÿ]+", re.I),
    (r"^\s*$", re.M),
    *((rf"\b{word}s?\b", re.I) for word in (
        "token", "expiry", "signer", "salt", "digest", "payload", "header", "claim")),
]
SUBJECTS = ["x = 1\ny = 2", "Hello   World", "foobar", "foobarbaz", "abacccc", "3.14",
            "a b", "'quoted'", "ÉÀÿ", "  \n", "Tokens expire", "no match here"]

PROGRAM = """
import json, re, sys
from re import _compiler
from gaia_lib.core import regex_cache

patterns = [(p, int(f)) for p, f in json.loads(sys.argv[2])]
compiled = []
real = _compiler.compile
def counted(pattern, flags=0):
    compiled.append(pattern)
    return real(pattern, flags)
_compiler.compile = counted
loaded = regex_cache.load() if sys.argv[1] != "no-load" else 0
subjects = json.loads(sys.argv[3])
found = [[[m.span(), m.groupdict()] for s in subjects
          for m in [re.compile(p, f).search(s)] if m] for p, f in patterns]
same = all(re.compile(p, f) == real(p, f) for p, f in patterns)
ours = [p for p in compiled if p in {q for q, _ in patterns}]
print(json.dumps({"loaded": loaded, "compiled": len(ours), "same": same, "found": found,
                  "kept": regex_cache.keep()}))
"""


def _process(data: Path, patterns: list[tuple[str, int]] = PATTERNS, mode: str = "load",
             **env: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM, mode, json.dumps(patterns), json.dumps(SUBJECTS)],
        env={**os.environ, "PYTHONPATH": str(SCRIPTS), "GAIA_DATA_DIR": str(data), **env},
        capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def _file(data: Path) -> Path:
    (found,) = (data / "cache").glob("regex-*")
    return found


needs_cpython = pytest.mark.skipif(
    not regex_cache.supported(), reason="the cache reads CPython 3.11 to 3.13's `re`")


@needs_cpython
def test_a_pattern_one_process_compiled_is_taken_by_the_next_as_it_was(tmp_path: Path) -> None:
    first = _process(tmp_path)
    assert first["kept"] is True and first["compiled"] == len(PATTERNS)
    assert _file(tmp_path).name.startswith(f"regex-cp{sys.version_info[0]}{sys.version_info[1]}-")
    second = _process(tmp_path)
    # nothing of the story's patterns compiled again, and nothing new to keep
    assert second["compiled"] == 0 and second["kept"] is False
    assert isinstance(second["loaded"], int) and second["loaded"] >= len(PATTERNS)
    # each is the pattern `re` compiles (flags, pattern, code), and it finds what it found
    assert second["same"] is True and second["found"] == first["found"]


@needs_cpython
def test_a_few_new_patterns_are_not_worth_writing_the_file_again(tmp_path: Path) -> None:
    _process(tmp_path)
    before = _file(tmp_path).read_bytes()
    few = [(rf"\bname{i}\b", 0) for i in range(regex_cache.MIN_NEW - 1)]
    assert _process(tmp_path, PATTERNS + few)["kept"] is False
    assert _file(tmp_path).read_bytes() == before
    more = [(rf"\bname{i}\b", 0) for i in range(regex_cache.MIN_NEW)]
    assert _process(tmp_path, PATTERNS + more)["kept"] is True
    again = _process(tmp_path, PATTERNS + more)
    assert again["compiled"] == 0 and again["kept"] is False


@needs_cpython
def test_more_patterns_than_re_keeps_are_all_kept_once(tmp_path: Path) -> None:
    """A review compiles more than the 512 patterns `re`'s dictionary holds: each process had
    found a score of them the file lacked (`re` had dropped its oldest) and written it again,
    review after review. A second process compiles none and writes nothing."""
    many = PATTERNS + [(rf"\bword{i}\b", 0) for i in range(600)]
    first = _process(tmp_path, many)
    assert first["kept"] is True and first["compiled"] == len(many)
    before = _file(tmp_path).read_bytes()
    second = _process(tmp_path, many)
    assert (second["compiled"], second["kept"]) == (0, False)
    assert _file(tmp_path).read_bytes() == before


@needs_cpython
@pytest.mark.parametrize("damage", ["cut short", "a changed byte", "not this format"])
def test_a_damaged_file_is_ignored_and_written_again(tmp_path: Path, damage: str) -> None:
    _process(tmp_path)
    kept = _file(tmp_path)
    data = kept.read_bytes()
    kept.write_bytes(data[:len(data) // 2] if damage == "cut short" else
                     data[:-40] + bytes([data[-40] ^ 0x01]) + data[-39:]
                     if damage == "a changed byte" else b"\x00not marshal")
    hurt = _process(tmp_path)
    assert hurt["loaded"] == 0 and hurt["compiled"] == len(PATTERNS)
    assert hurt["same"] is True and hurt["kept"] is True
    assert _process(tmp_path)["compiled"] == 0


@needs_cpython
def test_only_a_process_that_loaded_keeps(tmp_path: Path) -> None:
    assert _process(tmp_path, mode="no-load")["kept"] is False
    assert not (tmp_path / "cache").exists()


@needs_cpython
def test_turned_off_it_neither_loads_nor_keeps(tmp_path: Path) -> None:
    _process(tmp_path)
    off = _process(tmp_path, GAIA_REGEX_CACHE="0")
    assert (off["loaded"], off["compiled"], off["kept"]) == (0, len(PATTERNS), False)


@needs_cpython
def test_an_entry_whose_rebuilt_pattern_is_not_the_compiled_one_is_not_kept() -> None:
    assert regex_cache.entry(r"a+", 0, re.compile(r"a*")) is None
    assert regex_cache.entry(r"a+", 0, re.compile(r"a+", re.I)) is None
    kept = regex_cache.entry(r"(?P<x>a)+", 0, re.compile(r"(?P<x>a)+"))
    assert kept is not None and kept[:2] == (r"(?P<x>a)+", 0) and kept[5] == (("x", 1),)


@needs_cpython
def test_every_pattern_of_the_reviews_rules_is_rebuilt_as_re_compiles_it() -> None:
    """The rules' own patterns (hundreds, of every kind they use), read by the steps `re` takes
    on this interpreter: none may be left out as rebuilt differently."""
    program = (
        "import re\n"
        "from gaia_lib.core import regex_cache\n"
        "import gaia_lib.review_qa.phases, gaia_lib.review_qa.checks\n"
        "from gaia_lib.evidence import (ac_coverage, placeholders, then_literals, sut_mocking,\n"
        "    row_filters, expected_column, param_rows, runner_output, testcases)\n"
        "for m in (ac_coverage, placeholders, then_literals, sut_mocking, row_filters,\n"
        "          expected_column, param_rows, runner_output, testcases):\n"
        "    for v in vars(m).values():\n"
        "        if hasattr(v, '_get'): v._get()\n"  # the lazy ones too
        "keys = [k for k in list(re._cache) if k[0] is str]\n"
        "bad = [k[1] for k in keys if regex_cache.entry(k[1], k[2], re._cache[k]) is None]\n"
        "print(len(keys), bad)\n")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                          check=True, env={**os.environ, "PYTHONPATH": str(SCRIPTS)})
    count, bad = done.stdout.split(" ", 1)
    assert int(count) >= 300 and bad.strip() == "[]"


def test_no_other_interpreter_reads_or_writes_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "version_info", (3, 10, 13, "final", 0))
    assert not regex_cache.supported()
    assert regex_cache.load() == 0 and regex_cache.keep() is False
