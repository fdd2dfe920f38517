"""The forbidden-sentinel scan (Step 11a): no STUB / MOCK / FIXME … lands in production code.

Rules:
- The taxonomy is `knowledge/taxonomy/forbidden-sentinels.txt` in the plugin: one upper-case
  word per line (`[A-Z][A-Z0-9_]*`), `#` comments and blank lines ignored; any other line makes
  the file malformed (exit 1), and an empty taxonomy is an error, never a silent pass.
- What is scanned: the lines the branch ADDS since it left the base (`git diff B...HEAD`), in
  production paths only. Exempt (`is_exempt`): any path component `tests`, `test`,
  `__tests__`, `spec`, `fixtures`, `testdata`; the top-level `docs/`, `documentation/`,
  `.github/`, `.gaia/`, `_memory/`; test files by name (`test_*.py`, `*_test.py`, `*_test.go`,
  `conftest.py`, `*.test.*`, `*.spec.*`, `*.bats`); documentation files (`.md`, `.rst`,
  `.adoc`); generated lock files (`package-lock.json`, `yarn.lock`, `poetry.lock`, `go.sum`,
  …); and the taxonomy file itself.
- A sentinel matches as a whole word (letters, digits and `_` are word characters),
  case-sensitively. Each hit is one `HALT: forbidden sentinel S in path:line — …` line (at most
  MAX_REPORTED, then a count), exit 1.
- The base ref must name a commit: an unknown base is an error (exit 1), never "no changes";
  so is a file whose diff git cannot give or that is too large to read whole (fail closed).
- `--allow-stub R` skips the scan when R cites a story or action item:
  `^(E<n>-S<n>|AI-YYYY-MM-DD-N):`; R is echoed on stdout for pr-body. Any other R: exit 1.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import paths
from gaia_lib.core.errors import GaiaError, MalformedFile
from gaia_lib.dev_story import vcs

TAXONOMY = Path("knowledge") / "taxonomy" / "forbidden-sentinels.txt"
ALLOW_STUB_RE = re.compile(r"^(E[0-9]+-S[0-9]+|AI-[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]+):")
MAX_REPORTED = 50
MAX_DIFF_BYTES = 64 << 20  # one file's diff; a larger one is refused, never half-scanned
_ENTRY_RE = re.compile(r"[A-Z][A-Z0-9_]*")
_EXEMPT_DIRS = frozenset({"tests", "test", "__tests__", "spec", "fixtures", "testdata"})
_EXEMPT_TOP = ("docs/", "documentation/", ".github/", ".gaia/", "_memory/")
_EXEMPT_NAMES = (re.compile(r"test_.*\.py|.*_test\.py|.*_test\.go|conftest\.py"),
                 re.compile(r".+\.(test|spec)\.[A-Za-z0-9]+"),
                 re.compile(r".+\.(bats|md|rst|adoc)"),
                 re.compile(r"forbidden-sentinels\.txt"),
                 re.compile(r"package-lock\.json|yarn\.lock|pnpm-lock\.yaml|poetry\.lock|uv\.lock"
                            r"|Cargo\.lock|go\.sum|Gemfile\.lock|composer\.lock"))
_HUNK_RE = re.compile(r"^@@ -[0-9,]+ \+([0-9]+)(?:,[0-9]+)? @@")


@dataclass(frozen=True)
class Hit:
    sentinel: str
    path: str
    line: int

    def message(self) -> str:
        return (f"HALT: forbidden sentinel {self.sentinel} in {self.path}:{self.line} — add a "
                f"Finding row or pass --allow-stub=<reason> to /gaia-dev-story")


def parse_taxonomy(text: str, what: str) -> tuple[str, ...]:
    entries: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if _ENTRY_RE.fullmatch(line) is None:
            raise MalformedFile(f"{what}:{number}: not a sentinel word: {line[:40]!r}", 1)
        entries.append(line)
    if not entries:
        raise MalformedFile(f"{what}: no sentinels listed", 1)
    return tuple(dict.fromkeys(entries))


def load_taxonomy(path: Path | None = None) -> tuple[str, ...]:
    source = path or paths.plugin_root() / TAXONOMY
    try:
        text = source.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MalformedFile(f"cannot read the sentinel taxonomy {source}: {exc}", 1) from None
    return parse_taxonomy(text, str(source))


def check_allow_stub(reason: str) -> str:
    if ALLOW_STUB_RE.match(reason) is None or "\n" in reason:
        raise GaiaError("--allow-stub reason must cite a story ID (Ex-Sx) or AI ID "
                        f"(AI-YYYY-MM-DD-N) — got: {reason}", 1)
    return reason


def is_exempt(path: str) -> bool:
    if path.startswith(_EXEMPT_TOP):
        return True
    parts = path.split("/")
    if any(part in _EXEMPT_DIRS for part in parts[:-1]):
        return True
    name = posixpath.basename(path)
    return any(pattern.fullmatch(name) for pattern in _EXEMPT_NAMES)


def matcher(taxonomy: tuple[str, ...]) -> re.Pattern[str]:
    words = "|".join(re.escape(word) for word in sorted(taxonomy, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9_])({words})(?![A-Za-z0-9_])")


def added_lines(diff: str) -> list[tuple[int, str]]:
    """(new-file line number, text) of every `+` line of a unified diff of one file."""
    found: list[tuple[int, str]] = []
    number = 0
    in_hunk = False
    for line in diff.splitlines():
        hunk = _HUNK_RE.match(line)
        if hunk:
            number, in_hunk = int(hunk.group(1)), True
            continue
        if not in_hunk:
            continue
        if line.startswith("+"):
            found.append((number, line[1:]))
            number += 1
        elif line.startswith(" "):
            number += 1
    return found


def scan_text(path: str, diff: str, pattern: re.Pattern[str]) -> list[Hit]:
    hits: list[Hit] = []
    for number, text in added_lines(diff):
        found = pattern.search(text)
        if found:
            hits.append(Hit(found.group(1), path, number))
    return hits


def scan(repo: Path, base: str, taxonomy: tuple[str, ...] | None = None) -> list[Hit]:
    vcs.rev_name(base)
    repo = vcs.toplevel(repo)  # diff paths are relative to the top, whatever the project dir
    if not vcs.resolves(repo, base):
        raise GaiaError(f"unknown base ref '{base}': not a commit in this repository", 1)
    pattern = matcher(taxonomy if taxonomy is not None else load_taxonomy())
    span = f"{base}...HEAD"
    names = vcs.git(repo, "diff", "--name-only", "-z", "--diff-filter=d", span, "--")
    if not names.ok:
        raise GaiaError(f"git diff {span} failed: {vcs.last_error_line(names.stderr)}", 1)
    hits: list[Hit] = []
    for path in sorted(name for name in names.stdout.split("\0") if name):
        if is_exempt(path):
            continue
        diff = vcs.git(repo, "--literal-pathspecs", "diff", "-U0", "--no-color",
                       "--no-ext-diff", span, "--", path, max_output=MAX_DIFF_BYTES)
        if not diff.ok or diff.truncated:
            why = "too large to scan" if diff.truncated else vcs.last_error_line(diff.stderr)
            raise GaiaError(f"cannot scan {path}: {why}", 1)
        hits.extend(scan_text(path, diff.stdout, pattern))
    return hits


def report(hits: list[Hit]) -> list[str]:
    lines = [hit.message() for hit in hits[:MAX_REPORTED]]
    if len(hits) > MAX_REPORTED:
        lines.append(f"… and {len(hits) - MAX_REPORTED} more forbidden sentinel(s)")
    return lines
