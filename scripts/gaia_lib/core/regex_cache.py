"""Compiled regular expressions kept from one gaia process to the next.

A review compiles about 400 regular expressions (its rules' patterns): some 45 ms of CPU, a
fifth of its own work on a small story. CPython's `re` keeps what it compiled in a dictionary
for the life of one process. This module keeps the compiled form (what `re` hands `_sre`: the
pattern, its flags, its code words, its groups) in `<data dir>/cache/regex-<build>`, and puts
it in `re`'s dictionary when a gaia process starts (`load`), so that `re.compile` of a kept
pattern finds it there and compiles nothing.

Rules:
- Only on CPython 3.11 to 3.13, whose `re._parser`, `re._compiler` and `re._cache` this reads
  as those releases lay them out; elsewhere, and with GAIA_REGEX_CACHE=0, both functions do
  nothing. The file's name carries the interpreter's version and `_sre`'s MAGIC and CODESIZE:
  no build reads another's file.
- `load` first makes `re`'s dictionary hold MAX_KEPT patterns (`re._MAXCACHE`, 512 in these
  releases): a review compiles more than 512 now, and `re` dropping its oldest ones made each
  process find a score of patterns the file lacked and write it again, review after review.
  It then puts the kept patterns there, as many as it has room for, in the file's order.
  The file holds its entries' CRC-32: a file whose entries do not match it (cut short,
  changed on disk), or that does not read as this format, is ignored (the next `keep` writes
  it again), as is an entry of another shape or whose code `_sre.compile` refuses.
- `keep` (at the end of a process that called `load`): when the process compiled MIN_NEW or
  more patterns the file does not hold, the file is written again, those patterns first, then
  the kept ones, at most MAX_KEPT. Each new entry is built by the steps `re` takes (parse, then
  code) and kept only where the pattern rebuilt from it equals the one the process compiled
  (`Pattern.__eq__` compares the pattern, the flags and the code): a pattern taken from the
  file is the one `re` would have compiled. The file is replaced atomically; one that cannot
  be written is left as it is.
Standard library only (and `core.paths` / `core.writes`, which a gaia process imports anyway).
"""

from __future__ import annotations

import os
import sys

try:
    import _sre  # type: ignore[import-not-found]
except ImportError:  # no CPython regex engine: `supported` says no
    _sre = None

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from typing import Any

OFF_VAR = "GAIA_REGEX_CACHE"
MIN_NEW = 16  # fewer new patterns than this (a few names a test gave) are not worth a write
MAX_KEPT = 1024  # twice what `re` keeps (512): a Python review's and a JS review's
FORMAT = 1

Entry = tuple[str, int, int, bytes, int, tuple[tuple[str, int], ...], tuple[str | None, ...]]

_kept: list[Entry] = []  # the file's entries, as `load` read them
_loading: list[bool] = []  # whether this process called `load`: only then does it `keep`


def supported() -> bool:
    """Whether this interpreter's `re` is one the module knows (module rules)."""
    return (sys.implementation.name == "cpython" and (3, 11) <= sys.version_info[:2] <= (3, 13)
            and _sre is not None and os.environ.get(OFF_VAR) != "0")


def path() -> str:
    from gaia_lib.core import paths

    build = f"cp{sys.version_info[0]}{sys.version_info[1]}-{_sre.MAGIC}-{_sre.CODESIZE}"
    return os.path.join(paths.data_root(), "cache", f"regex-{build}")


def _digest(payload: bytes) -> int:
    import zlib

    return zlib.crc32(payload)


def _typecode() -> str:
    """The `array` type whose items are as wide as one `_sre` code word."""
    import array  # here, not at the top: `cli.main` imports this module on every command

    return next(code for code in "IL" if array.array(code).itemsize == _sre.CODESIZE)


def _words(data: bytes, typecode: str) -> list[int]:
    import array

    words = array.array(typecode)
    words.frombytes(data)
    return words.tolist()


def load() -> int:
    """Put the kept patterns in `re`'s dictionary (module rules); how many it put there."""
    if not supported():
        return 0
    _loading[:] = [True]
    import marshal
    import re

    # room for what a review compiles, kept file or not (module rules)
    re._MAXCACHE = max(re._MAXCACHE, MAX_KEPT)  # type: ignore[attr-defined]

    try:
        with open(path(), "rb") as handle:
            # data only (no code is run), from the user's own data dir, checked by its digest
            version, digest, payload = marshal.load(handle)  # noqa: S302
        if version != FORMAT or digest != _digest(payload):
            return 0
        entries = marshal.loads(payload)  # noqa: S302
    except (OSError, EOFError, ValueError, TypeError):
        return 0
    if not isinstance(entries, tuple):
        return 0
    cache: dict[Any, Any] = re._cache  # type: ignore[attr-defined]
    room = re._MAXCACHE - len(cache)  # type: ignore[attr-defined]
    typecode = _typecode()
    put = 0
    for entry in entries:
        try:
            pattern, flags, final, code, groups, named, indexgroup = entry
            if not (isinstance(pattern, str) and isinstance(flags, int)):
                continue
            compiled = _sre.compile(pattern, final, _words(code, typecode), groups, dict(named),
                                    indexgroup)
        except (TypeError, ValueError, RuntimeError, OverflowError):
            continue  # not an entry of this format, or code `_sre` refuses
        _kept.append(entry)
        if put < room and (str, pattern, flags) not in cache:
            cache[(str, pattern, flags)] = compiled
            put += 1
    return put


def entry(pattern: str, flags: int, compiled: re.Pattern[str]) -> Entry | None:
    """The kept form of `compiled`, built as `re` builds it; None where the pattern rebuilt
    from it is not `compiled` (module rules)."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    try:
        parsed = _parser.parse(pattern, flags)
        words = [int(word) for word in _compiler._code(parsed, flags)]
        named = {str(name): int(index) for name, index in parsed.state.groupdict.items()}
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, index in named.items():
            indexgroup[index] = name
        final, groups = int(flags | parsed.state.flags), int(parsed.state.groups - 1)
        rebuilt = _sre.compile(pattern, final, words, groups, named, tuple(indexgroup))
    except Exception:  # any other `re` than the one read here: keep nothing
        return None
    if rebuilt != compiled:
        return None
    import array

    code = array.array(_typecode(), words).tobytes()
    return (pattern, int(flags), final, code, groups, tuple(named.items()), tuple(indexgroup))


def keep() -> bool:
    """Write the file again when this process compiled MIN_NEW or more patterns it lacks
    (module rules); whether it did."""
    if not (_loading and supported()):
        return False
    import re

    cache: dict[Any, Any] = re._cache  # type: ignore[attr-defined]
    held = {(e[0], e[1]) for e in _kept}
    new = [(key[1], key[2], compiled) for key, compiled in list(cache.items())
           if key[0] is str and (key[1], key[2]) not in held and not key[2] & re.DEBUG]
    if len(new) < MIN_NEW:
        return False
    built = [e for pattern, flags, compiled in new
             if (e := entry(pattern, flags, compiled)) is not None]
    fresh = {(e[0], e[1]) for e in built}
    kept = (*built, *(e for e in _kept if (e[0], e[1]) not in fresh))[:MAX_KEPT]
    import marshal

    from gaia_lib.core import writes
    from gaia_lib.core.errors import ScopeViolation

    payload = marshal.dumps(kept)
    try:
        writes.write_bytes(path(), marshal.dumps((FORMAT, _digest(payload), payload)),
                           durable=False)
    except (OSError, ScopeViolation):
        return False
    _kept[:] = kept
    return True
