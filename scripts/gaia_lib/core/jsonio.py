"""JSON on the edit hook's hot path, from the C accelerator `_json` alone.

`import json` pulls in `re` and `enum`, which costs the edit hook more than all of its own work;
the C scanner and string encoder that `json` itself uses need neither. Behaviour matches
`json.loads` / `json.dumps(str)`; without `_json` (other interpreters) it falls back to `json`.
Standard library only.

Malformed input only ever raises ValueError (UnicodeDecodeError is one): the C scanner, used
without the `json` package loaded, fails on some inputs with `SystemError(... returned NULL)`
instead of a decode error, and nesting deeper than the interpreter allows raises RecursionError;
both are reported as ValueError, so untrusted bytes (hook payloads) never reach a C-level error.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

_WHITESPACE = " \t\n\r"


def _constant(name: str) -> float:
    return {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}[name]


class _Context:
    """The attributes `_json.make_scanner` reads from a `json.JSONDecoder`."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = staticmethod(_constant)
    memo: dict[str, str]

    def __init__(self) -> None:
        self.memo = {}


try:
    import _json

    _scanner: Callable[[str, int], tuple[Any, int]] | None = _json.make_scanner(
        _Context()  # type: ignore[arg-type]  # duck-typed like json.JSONDecoder
    )
    _quote_ascii: Callable[[str], str] | None = _json.encode_basestring_ascii
    _quote_unicode: Callable[[str], str] | None = _json.encode_basestring
    _scanstring: Callable[[str, int, bool], tuple[str, int]] | None = _json.scanstring
except (ImportError, AttributeError):  # pragma: no cover - interpreters without the accelerator
    _scanner = _quote_ascii = _quote_unicode = _scanstring = None


def loads(data: str | bytes) -> Any:
    """`json.loads`: raises ValueError (or UnicodeDecodeError) on anything that is not JSON."""
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    if _scanner is None:  # pragma: no cover
        import json

        return json.loads(text)
    start = 0
    while start < len(text) and text[start] in _WHITESPACE:
        start += 1
    try:
        value, end = _scanner(text, start)
    except StopIteration:
        raise ValueError(f"Expecting value at char {start}") from None
    except (SystemError, RecursionError):
        # The scanner's own error path needs `json.decoder`; without it, any syntax error
        # surfaces as SystemError. Either way the input is not JSON we accept.
        raise ValueError("malformed JSON (unterminated, invalid or nested too deeply)") from None
    while end < len(text) and text[end] in _WHITESPACE:
        end += 1
    if end != len(text):
        raise ValueError(f"Extra data at char {end}")
    return value


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON value")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):  # `1e309`: no value a report can hold
        raise ValueError(f"{text} is out of range")
    return value


def strict_loads(text: str) -> Any:
    """`json.loads` that refuses what JSON (RFC 8259) has no room for and Python would
    accept: `NaN`, `Infinity` and numbers too large for a float. ValueError for each."""
    import json

    return json.loads(text, parse_constant=_no_constant, parse_float=_finite)


def quote(text: str, ensure_ascii: bool = True) -> str:
    """`json.dumps(text, ensure_ascii=...)` for a string."""
    encode = _quote_ascii if ensure_ascii else _quote_unicode
    if encode is None:  # pragma: no cover
        import json

        return json.dumps(text, ensure_ascii=ensure_ascii)
    return encode(text)


def scan_string(text: str) -> tuple[str, int]:
    """The JSON string at the start of `text` (which starts with `"`) and the index after it.

    Control characters inside are accepted (`strict=False`): upstream's quoted values may hold
    raw tabs. ValueError when there is no complete string.
    """
    if not text.startswith('"'):
        raise ValueError("not a JSON string")
    if _scanstring is None:  # pragma: no cover
        import json

        value, end = json.JSONDecoder(strict=False).raw_decode(text)
        if not isinstance(value, str):
            raise ValueError("not a JSON string")
        return value, end
    return _scanstring(text, 1, False)
