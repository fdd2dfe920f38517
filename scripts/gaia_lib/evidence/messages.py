"""The message an AC says its error carries, and the messages a test expects its errors with.

An AC naming an error often says what the error says ("is refused with a `ValueError` saying
it is not a supported specification"). A test expecting an error with a message pattern
(`pytest.raises(ValueError, match="has no defined color name")`) checks the error that
message belongs to: sharing the AC's exception type, it is still the test of another error.

Rules:
- An AC's stated message: the words after "saying" or "with the message" up to the end of
  the clause (`;`, `.`, a comma), or the quoted text right after "message"; or the text in
  double quotes right after "fails with", "exits with", "errors with", "is refused with"
  (`the read fails with "rbenv: invalid version"`: what a command's failure prints; a
  name in backticks there is an error's type, no message).
- A test's expected messages: the `match=` of `pytest.raises` / `raises`, the pattern of
  `assertRaisesRegex` (`assertRaisesRegexp`), the string or regular expression given to
  `toThrow` / `toThrowError` / `rejects.toThrow`; a bats test's `assert_failure "..."` (the
  output the helper compares a failed run's with, rbenv's and pyenv's helpers; `""`: the
  failure prints nothing) and the `assert_output "..."` right after a bare `assert_failure`
  (bats-assert).
- They disagree when the test expects at least one message and none of them shares a word
  with the AC's (stems of three letters or more, stop words aside): "has no defined color
  name" against "it is not a supported specification", an expected empty output against
  any. One shared word agrees ("the token has expired" against `match="Signature has
  expired"`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gaia_lib.evidence import words

_STATED = re.compile(
    r"\b(?:saying|with the message|with message)\s+(?:that\s+)?"
    r"(?P<text>\"[^\"\n]+\"|'[^'\n]+'|`[^`\n]+`|[^;.,\n]+?)"
    r"(?=\s+(?:is|are)\s+(?:raised|thrown)\b|[;.,\n]|$)", re.IGNORECASE)
_STRING = r"(?:[rbuf]{0,2})(?P<q>['\"])(?P<msg>(?:\\.|(?!(?P=q)).)*)(?P=q)"
_EXPECTED = (
    re.compile(r"\braises\s*\([^()]*?\bmatch\s*=\s*" + _STRING),
    re.compile(r"\bassertRaisesRegexp?\s*\(\s*[\w.]+\s*,\s*" + _STRING),
    re.compile(r"\.(?:toThrow|toThrowError)\s*\(\s*(?:" + _STRING
               + r"|/(?P<re>(?:\\.|[^/\n])+)/)"),
    re.compile(r"^[ \t]*assert_failure(?:[ \t]*\n[ \t]*assert_output)?[ \t]+" + _STRING,
               re.MULTILINE),
)


_FAILS_WITH = re.compile(
    r"\b(?:fails|failing|exits|errors|is refused|is rejected)\s+with\s+"
    r"(?:\"(?P<text>[^\"\n]+)\"|“(?P<curly>[^”\n]+)”)")


def stated(text: str) -> str:
    """The message an AC says its error carries ("" if it says none)."""
    found = _STATED.search(text)
    if found:
        return found.group("text").strip("\"'` ")
    failing = _FAILS_WITH.search(text)
    return (failing.group("text") or failing.group("curly")).strip() if failing else ""


def expected(body: str) -> list[str]:
    """The messages a test's code expects its errors with, in order."""
    found = []
    for pattern in _EXPECTED:
        for m in pattern.finditer(body):
            found.append(m.group("msg") if m.group("msg") is not None else m.group("re"))
    return found


def _content(text: str) -> set[str]:
    return {words.stem(w) for w in words.raw_words(text)
            if len(w) >= words.MIN_STEM and w not in words.STOP_WORDS}


def disagree(messages: Sequence[str], message: str) -> bool:
    """Whether a test expecting `messages` checks another error than one saying `message`."""
    said = _content(message)
    return bool(messages) and bool(said) and not any(_content(m) & said for m in messages)
