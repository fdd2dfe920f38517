"""The post-completion gate (Step 14): did the story's merge really land on the target branch?

Rules:
- `--no-chain` instead of a branch: no promotion chain, the gate is skipped (exit 3).
- The key must be a story key and the branch a plain branch name (exit 1): neither is ever
  pasted into a regular expression or a git option.
- The target's remote-tracking branch is refreshed first (`git fetch origin B`, best effort:
  a failed fetch is a stderr note), then the commits of `origin/B` and of the local `B` are
  searched: a subject containing the key as a whole word (case-insensitive, so `E1-S1` never
  matches `E1-S12` or `XE1-S1`, and squash rewrites to `e1-s1` still count), else a
  `Story: KEY` line in a commit body. Found -> exit 0; not found, or no such branch -> exit 2.
- A commit that changes only gaia's own tracking files (everything under `.gaia/`: the story
  file, its status, QA records) is no merge of the story's work: `docs: write story E1-S1`
  on the target branch proves nothing was merged. (A commit that changes nothing, as a test's
  `--allow-empty` one, still counts, as upstream counts it.)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import keys
from gaia_lib.dev_story import vcs

EXIT_FOUND, EXIT_NOT_FOUND, EXIT_NO_CHAIN = 0, 2, 3
FETCH_TIMEOUT = 60.0
_RECORD = "\x1e"  # between commits in `git log` output
_FIELD = "\x1f"  # between subject and body


@dataclass(frozen=True)
class Verification:
    exit_code: int
    message: str
    notes: tuple[str, ...] = ()


key_pattern = keys.commit_key_pattern  # the one rule, shared with the File List check
story_tag_pattern = keys.story_tag_pattern


def find_in_log(log: str, key: str) -> str | None:
    """'subject' or 'story-tag' for the first way the key is found in a `git log` dump, else
    None (pure)."""
    return find_in_commits([c.split(_FIELD, 1) for c in log.split(_RECORD) if c.strip()], key)


def tracking_only(name_log: str) -> set[str]:
    """The commits of a `git log --format=<RS>%H --name-only` dump that change files and only
    files under `.gaia/` (pure)."""
    found = set()
    for chunk in name_log.split(_RECORD):
        lines = [line.strip() for line in chunk.splitlines() if line.strip()]
        if len(lines) > 1 and all(name.startswith(".gaia/") for name in lines[1:]):
            found.add(lines[0])
    return found


def find_in_commits(commits: list[list[str]], key: str) -> str | None:
    """As `find_in_log`, over (subject, body) pairs."""
    subject_re = key_pattern(key)
    if any(subject_re.search(parts[0]) for parts in commits):
        return "subject"
    tag_re = story_tag_pattern(key)
    if any(len(parts) > 1 and tag_re.search(parts[1]) for parts in commits):
        return "story-tag"
    return None


def verify(repo: Path, key: str, branch: str) -> Verification:
    keys.story_key(key)
    vcs.branch_name(branch)
    notes: list[str] = []
    if vcs.git(repo, "remote", "get-url", "origin").ok:
        fetched = vcs.git(repo, "fetch", "--quiet", "origin",
                          f"+refs/heads/{branch}:refs/remotes/origin/{branch}",
                          timeout=FETCH_TIMEOUT)
        if not fetched.ok:
            notes.append(f"could not fetch origin/{branch}: "
                         f"{vcs.last_error_line(fetched.stderr)} — using local refs")
    refs = [ref for ref in (f"refs/remotes/origin/{branch}", f"refs/heads/{branch}")
            if vcs.ref_exists(repo, ref)]
    if not refs:
        return Verification(EXIT_NOT_FOUND, f"{key} not found: no branch '{branch}' here or on "
                            "origin — gate fails", tuple(notes))
    log = vcs.git(repo, "log", f"--format=%H{_FIELD}%s{_FIELD}%b{_RECORD}", *refs, "--")
    named = vcs.git(repo, "log", f"--format={_RECORD}%H", "--name-only", *refs, "--")
    skipped = tracking_only(named.stdout) if named.ok else set()
    commits = [c.lstrip("\n").split(_FIELD, 2) for c in log.stdout.split(_RECORD) if c.strip()]
    how = find_in_commits([c[1:] for c in commits if len(c) == 3 and c[0] not in skipped],
                          key) if log.ok else None
    if how == "subject":
        return Verification(EXIT_FOUND, f"merge commit for {key} found on {branch} — gate passes",
                            tuple(notes))
    if how == "story-tag":
        return Verification(EXIT_FOUND, f"merge commit for {key} found via Story: tag on "
                            f"{branch} — gate passes", tuple(notes))
    return Verification(EXIT_NOT_FOUND, f"{key} not found on {branch} — gate fails; re-run the "
                        "commit/push/PR/CI/merge steps", tuple(notes))
