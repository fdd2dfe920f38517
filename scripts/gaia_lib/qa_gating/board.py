"""The board QA gating reads: every story of the project, its epic, and each epic's record file.

Rules:
- Stories are found in every layout the resolver knows (`epic-*/<key>-*/story.md`,
  `epic-*/stories/<key>-*.md`, flat `<key>-*.md` under implementation-artifacts); a key is
  loaded through `resolve.find_story`, so a shadowed or ambiguous key reads exactly as every
  other command reads it. A story file that does not parse is listed with status None.
- An epic's directory is the `epic-*` directory holding its stories; with none, the first
  `epic-<e>` / `epic-<e>-*` directory (case-insensitive); with none, `epic-<e>` in lower case,
  as `gaia story new` names a new epic's (a record made before the first story must not land
  in a second directory).
- A command that acts on an epic or story by key (`close-epic`, `qa-gate --epic/--story`)
  reads `e1` as `E1` and refuses a key no story of the project has.
- The epic's QA record is `<epic dir>/test-status.md`.
- An epic key is `E<n>`; a story key of another form (`PROJ-12`) has the `E<n>` epic its story
  file declares (`epic: E1`) as its epic, else the part before its first `-`, and one without
  `-` (`story_7`) is its own (`story_epic`). Listing the board (`stories`) finds the usual
  `E<n>-S<n>` story files by name, and a story of another key by its frontmatter's `key:`
  where the file is named after it (`AUTH-12-login.md`); those are listed after the others.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import keys, paths, reads
from gaia_lib.core.errors import GaiaError, InvalidInput, NotFound
from gaia_lib.story import resolve
from gaia_lib.story.parser import load_story

RECORD_NAME = "test-status.md"
_KEY_IN_NAME = re.compile(r"^(E[0-9]+-S[0-9]+)-")


@dataclass(frozen=True)
class BoardStory:
    key: str
    epic: str
    path: Path
    status: str | None
    depends_on: tuple[str, ...]


def epic_key(raw: str, exit_code: int = 1) -> str:
    """Validate an epic key before any path is built from it: `E1`, or the epic of a story key
    of another form (`PROJ` for `PROJ-12`; `story_7`, which names no epic, is its own)."""
    other_form = "-" not in raw and keys.is_story_key(raw)
    if keys.EPIC_KEY_RE.fullmatch(raw) is None and not other_form:
        shown = raw.encode("unicode_escape").decode("ascii")[:60]
        raise InvalidInput(f"invalid epic key '{shown}' (expected E<n>, e.g. E1)", exit_code)
    return raw


def epic_of_story(key: str, declared: str | None) -> str:
    """A story's epic from its key and the epic its file declares (module docstring): `E1` for
    `E1-S2` whatever it declares; for a key of another form the declared `E<n>`, else the key's
    own (`keys.epic_of`: `AUTH` for `AUTH-12`)."""
    own = keys.epic_of(key)
    if keys.EPIC_KEY_RE.fullmatch(own) is not None:
        return own
    return declared if declared and keys.EPIC_KEY_RE.fullmatch(declared) else own


def story_epic(project: Path, key: str) -> str:
    """The epic a story's QA verdicts are recorded under (`epic_of_story`), reading the epic its
    story file declares only where the key does not say."""
    own = keys.epic_of(key)
    if keys.EPIC_KEY_RE.fullmatch(own) is not None:
        return own
    try:
        declared = load_story(resolve.find_story(project, key)).epic
    except GaiaError:
        return own
    return epic_of_story(key, declared)


def _keys_on_disk(root: Path) -> set[str]:
    found: set[str] = set()
    if not root.is_dir():
        return found
    candidates = [*root.glob("epic-*/*/story.md"), *root.glob("epic-*/stories/*.md"),
                  *root.glob("*.md")]
    for path in candidates:
        name = path.parent.name if path.name == "story.md" else path.name
        match = _KEY_IN_NAME.match(name)
        key = match.group(1) if match is not None else _declared_key(path, name)
        if key is not None:
            found.add(key)
    return found


_FRONTMATTER_KEY = re.compile(r"^(?:key|story_key):[ \t]*[\"']?([^\"'\s#]+)", re.MULTILINE)


def _declared_key(path: Path, name: str) -> str | None:
    """A story key of another form (`AUTH-12`): the `key:` of the file's frontmatter, when the
    file is named after it as every layout names a story (`AUTH-12-login.md`)."""
    head = reads.head_text(path, 4096)
    if head is None or not head.startswith("---"):
        return None
    found = _FRONTMATTER_KEY.search(head.split("\n---", 1)[0])
    key = found.group(1) if found else None
    if key and keys.is_story_key(key) and name.startswith(f"{key}-"):
        return key
    return None


def epic_order(epic: str) -> tuple[int, int, str]:
    """E2 before E10; an epic of another form (`AUTH`) after them, by name."""
    match = re.fullmatch(r"E([0-9]+)", epic)
    return (0, int(match.group(1)), "") if match else (1, 0, epic)


def _sort_key(key: str) -> tuple[int, int, int, str]:
    """E1-S2 before E1-S10 before E2-S1; keys of another form after them, by name."""
    match = re.fullmatch(r"E([0-9]+)-S([0-9]+)", key)
    if match is None:
        return 1, 0, 0, key
    return 0, int(match.group(1)), int(match.group(2)), ""


def stories(project: Path) -> list[BoardStory]:
    """Every story of the project, in key order (E1-S2 before E1-S10)."""
    out: list[BoardStory] = []
    for key in sorted(_keys_on_disk(paths.implementation_artifacts(project)), key=_sort_key):
        try:
            path = resolve.find_story(project, key)
        except GaiaError:
            continue
        try:
            story = load_story(path)
            status, deps, declared = story.status, story.depends_on, story.epic
        except GaiaError:
            status, deps, declared = None, (), None
        out.append(BoardStory(key, epic_of_story(key, declared), path, status, deps))
    return out


def epic_dir(project: Path, epic: str) -> Path:
    """The epic's directory under implementation-artifacts (see the module docstring)."""
    epic = epic_key(epic)
    root = paths.implementation_artifacts(project)
    for pattern in (f"epic-*/stories/{epic}-S*.md", f"epic-*/{epic}-S*/story.md"):
        for found in sorted(root.glob(pattern)):
            name = found.parent.name if found.name == "story.md" else found.name
            if _KEY_IN_NAME.match(name):
                return found.parent.parent  # epic-*/stories/K.md and epic-*/K-*/story.md alike
    token = f"epic-{epic.lower()}"
    try:
        names = sorted(p.name for p in root.iterdir() if p.is_dir())
    except OSError:
        names = []
    for name in names:
        if name.lower() == token or name.lower().startswith(token + "-"):
            return root / name
    return root / token  # as `gaia story new` spells a new epic's directory


def known_epic(project: Path, raw: str, exit_code: int = 1) -> str:
    """An epic key a command acts on: `e1` read as `E1`, and one no story of the project
    belongs to refused (a typo would otherwise close or waive an epic that does not exist)."""
    key = epic_key(raw.upper() if re.fullmatch(r"[eE][0-9]+", raw) else raw, exit_code)
    epics = list(dict.fromkeys(s.epic for s in stories(project)))  # in key order
    if key not in epics:
        known = ", ".join(epics) or "none"
        raise InvalidInput(f"no story of epic {key} in this project (epics: {known})",
                           exit_code)
    return key


def known_story(project: Path, raw: str, exit_code: int = 1) -> str:
    """A story key a command acts on, refused when no story file has it."""
    key = keys.story_key(raw, exit_code)
    try:
        resolve.find_story(project, key)
    except NotFound:
        raise InvalidInput(f"no story {key} in this project", exit_code) from None
    return key


def record_path(project: Path, epic: str) -> Path:
    return epic_dir(project, epic) / RECORD_NAME
