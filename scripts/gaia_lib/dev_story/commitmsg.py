"""The commit message (Step 10): one Conventional Commit subject built from the story.

Rules:
- Subject: `<type>(<key>): <text>`. type from frontmatter `type:` feature->feat, bug->fix,
  refactor->refactor, chore->chore, anything else or missing -> feat. The key (alias
  `story_key`) must be a story key and the title must be present: else MalformedFile (exit 2).
- text = the title on one line (CR/LF and other control characters become spaces, runs of
  spaces collapse). Unless it starts with a lowercase ASCII letter, the type's verb is put in
  front (wire / fix / refactor / update), so commitlint's subject-case rule accepts it.
- Attribution never reaches a commit: `Co-Authored-By` trailers, "Generated with/by/using
  <assistant>" phrases and the robot emoji are removed from the title before it is used; a
  title with nothing left is refused (exit 2). A product name on its own is no attribution:
  "Integrate Claude API" stays as written. `attribution_in(message)`
  finds them in any message; `check_message` refuses a message that carries one.
- At most 72 bytes of UTF-8, cut on a character boundary (never half a character), trailing
  spaces dropped.
"""

from __future__ import annotations

import re
from pathlib import Path

from gaia_lib.core import keys
from gaia_lib.core.errors import GaiaError, InvalidInput, MalformedFile, NotFound
from gaia_lib.story.parser import load_story

MAX_SUBJECT_BYTES = 72
TYPES = {
    "feature": ("feat", "wire"),
    "bug": ("fix", "fix"),
    "refactor": ("refactor", "refactor"),
    "chore": ("chore", "update"),
}
DEFAULT_TYPE = ("feat", "wire")
# What counts as attribution of authorship to a tool or assistant. Matched case-insensitively.
ATTRIBUTION_RES = (
    re.compile(r"co-authored-by\s*:?.*$", re.IGNORECASE | re.MULTILINE),
    re.compile(r"\b(?:generated|written|created|authored|made)\s+(?:with|by|using)\s+"
               r"(?:claude|chatgpt|gpt[-\w.]*|copilot|codex|gemini|cursor|an?\s+(?:ai|llm|"
               r"assistant)\b|ai\b).*$", re.IGNORECASE | re.MULTILINE),
    re.compile("\U0001F916"),  # robot face
)
_SUBJECT_RE = re.compile(r"(feat|fix|refactor|chore)\((E[0-9]+-S[0-9]+)\): \S.*")


def one_line_title(title: str) -> str:
    cleaned = "".join(ch if ch.isprintable() else " " for ch in title)
    return " ".join(cleaned.split())


def strip_attribution(text: str) -> str:
    for pattern in ATTRIBUTION_RES:
        text = pattern.sub(" ", text)
    return " ".join(text.split()).strip(" -—:;,")


def attribution_in(message: str) -> str | None:
    """The first attribution phrase found in a commit message, or None."""
    for pattern in ATTRIBUTION_RES:
        found = pattern.search(message)
        if found:
            return found.group(0).strip()[:60]
    return None


def cut_bytes(text: str, limit: int) -> str:
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    return data[:limit].decode("utf-8", errors="ignore").rstrip()


def subject(key: str, title: str, story_type: str | None) -> str:
    """The subject line for a story (pure)."""
    prefix, verb = TYPES.get((story_type or "").strip().lower(), DEFAULT_TYPE)
    text = strip_attribution(one_line_title(title))
    if not text:
        raise MalformedFile("story title is empty once attribution is removed", 2)
    body = text if re.match(r"[a-z]", text) else f"{verb} {text}"
    return cut_bytes(f"{prefix}({key}): {body}", MAX_SUBJECT_BYTES)


def is_valid_subject(line: str) -> bool:
    return (_SUBJECT_RE.fullmatch(line) is not None
            and len(line.encode("utf-8")) <= MAX_SUBJECT_BYTES
            and attribution_in(line) is None)


def check_message(message: str) -> None:
    """Refuse (GaiaError, exit 1) a commit message git would record that breaks the rules:
    subject not `type(KEY): text` within 72 bytes, or attribution on any line. `#` lines are
    comments git drops."""
    lines = [line for line in message.splitlines() if not line.startswith("#")]
    while lines and not lines[0].strip():
        lines.pop(0)
    first = lines[0] if lines else ""
    if not is_valid_subject(first):
        shown = first[:80] or "(empty)"
        raise GaiaError(f"subject is not '<type>(<key>): <text>' within {MAX_SUBJECT_BYTES} "
                        f"bytes: {shown}", 1)
    found = attribution_in("\n".join(lines))
    if found is not None:
        raise GaiaError(f"attribution is not allowed in commit messages: {found}", 1)


def story_path(raw: str) -> Path:
    """A story path from the command line: no `..` component (exit 1), must be a file."""
    if ".." in Path(raw).parts:
        raise InvalidInput(f"path traversal rejected: {raw}", 1)
    path = Path(raw)
    if not path.is_file():
        raise NotFound(f"story file not found: {raw}", 1)
    return path


def for_story(path: Path) -> str:
    story = load_story(path, exit_code=2)
    if not story.key:
        raise MalformedFile("missing required frontmatter field: key (or alias story_key)", 2)
    if not keys.is_story_key(story.key):
        keys.story_key(story.key, exit_code=2)
    if not story.title:
        raise MalformedFile("missing required frontmatter field: title", 2)
    return subject(story.key, story.title, story.type)
