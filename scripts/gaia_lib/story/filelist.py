"""The story's File List against what git says changed (upstream file-list-diff-check).

The File List comes from the one story parser, so both `## File List` and the template's
`### File List` under `## Dev Agent Record` count (upstream saw only the H2 and reported
`no-file-list` for every template story). Git runs through `core.git` with `-z` output,
so unusual file names arrive verbatim instead of C-quoted. Each distinct question is asked once
per check, and the four every check starts with (is this a repository, does the base resolve,
HEAD, the fork point from the base) side by side: each is mostly a git process's start-up.

Git's changed set = `git diff --name-only <fork point>` + unstaged changes + untracked files,
the fork point being where the branch left the base (`git merge-base <base> HEAD`; the base
itself when git finds none): what the branch changed, not what landed on the base since
(upstream diffed against the base's tip, blaming the story for its base's later commits). The
base is the first that resolves of: B, origin/B, main, master, origin/main, origin/master; a
base the user named (`--base B`) that resolves as neither B nor origin/B is refused
(`named_base`), not replaced by main: the diff would answer another question than asked. Left
out: GAIA's own bookkeeping, and untracked files no story delivers, which a project without a
`.gitignore` for them shows by the thousand: a virtual environment's (any directory holding a
`pyvenv.cfg`), `node_modules/`, bytecode (`__pycache__/`, `*.pyc`), the metadata setuptools
writes for `pip install -e .` (a `<name>.egg-info/` directory), the test and lint tools'
caches (`.pytest_cache/`, `.mypy_cache/`, `.ruff_cache/`, `.tox/`, `.nox/`) and what test and
coverage runs write (`.coverage`, `coverage.json`, `coverage.xml`, `lcov.info`, Go's
`coverage.out` / `cover.out` profiles, `htmlcov/`,
`.nyc_output/`, `test-results/`, a `coverage/` directory holding jest's, vitest's, c8's or
nyc's reports: a review's own run writes them); an untracked symbolic link to a directory is
judged as that directory (a `node_modules` linked to a shared install, which git lists as one
file and `.gitignore`'s `node_modules/` does not match).
A story already merged into the base (HEAD has nothing of its own: the fork point is HEAD, as
when /gaia-dev-story reviews after its merge step) is compared with its merge: the newest
commit on HEAD that names the story key (in its subject, or a `Story: KEY` line) and changes
more than GAIA's bookkeeping, against that commit's first parent (a merge's branch side, a
squash's own change); the result names that commit (`CheckResult.against`), as "the
branch's changes" are then that commit's. A story on the base with no commit naming it and
nothing changed
(its code was there before the story was written) has nothing to be compared with: for the
review (`unbranched_note`), no divergence, and a note that says so, naming the commits that
name the story and change GAIA's own files alone (its status moved to `review`); where the
work tree has uncommitted changes, only those are compared, and only a changed file the File
List misses is a divergence (a listed file they leave alone was delivered before, not
forgotten), and the divergence says so: "the uncommitted changes", "changed in the work
tree" (go-diff's `testdata/` deleted on master had read "changed on the branch" beside the note
that no branch was compared).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from gaia_lib.core import git, keys, proc
from gaia_lib.core.errors import UsageError

WARNING = "file-list-divergence"


@dataclass(frozen=True)
class Divergence:
    reason: str  # no-file-list | empty-file-list | divergence
    missing_from_file_list: tuple[str, ...] = ()  # changed in git, not listed
    extra_in_file_list: tuple[str, ...] = ()  # listed, not changed in git
    uncommitted: bool = False  # compared with the work tree's uncommitted changes alone

    def to_json(self) -> str:
        """The upstream one-line JSON, keys in upstream order (and `"changes":
        "uncommitted"` after them where only the work tree's changes were compared)."""
        return json.dumps(
            {
                "warning": WARNING,
                "reason": self.reason,
                "missing_from_file_list": list(self.missing_from_file_list),
                "extra_in_file_list": list(self.extra_in_file_list),
                **({"changes": "uncommitted"} if self.uncommitted else {}),
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )


@dataclass(frozen=True)
class CheckResult:
    divergence: Divergence | None  # None: the lists agree, or git could not answer
    note: str | None = None  # why the git comparison was skipped (stderr, not an error)
    compared: bool = True  # False: git made no comparison (no repository, base or branch)
    # where the story's changes were read, when not from where its branch left the base: the
    # commit naming it on the base itself (`merged_commit`), so a divergence says which
    against: str | None = None
    # the files git says the branch changed (deleted ones too), where it compared: what the
    # review reads a missing File List entry by, not part of the comparison's result
    changed: tuple[str, ...] = field(default=(), compare=False)
    # the changes read are the work tree's uncommitted ones alone (HEAD has no story branch):
    # a file they delete was deleted there, by no branch
    uncommitted: bool = field(default=False, compare=False)


def compare(file_list: Iterable[str], changed: Iterable[str]) -> Divergence | None:
    """Pure set comparison; sorted output, None when equal."""
    listed = {entry.strip() for entry in file_list if entry.strip()}
    in_git = {path.strip() for path in changed if path.strip()}
    missing = tuple(sorted(in_git - listed))
    extra = tuple(sorted(listed - in_git))
    if not missing and not extra:
        return None
    return Divergence("divergence", missing, extra)


def refusal(stderr: str) -> str:
    """Why git would not read the repository, in its own words where they say more than that
    there is none ("detected dubious ownership in repository at '/src'": an unpacked archive
    owned by another user)."""
    first = next((line.strip() for line in stderr.splitlines() if line.strip()), "")
    first = first.removeprefix("fatal: ").removeprefix("error: ")
    if not first or first.lower().startswith("not a git repository"):
        return "not in a git repository"
    return first[:200]


def _commit_of(ref: str) -> tuple[str, ...]:
    """The query that resolves `ref` to a commit (fails when it names none)."""
    return ("rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}")


def base_candidates(base: str) -> tuple[str, ...]:
    """The refs a base B is looked for as, in order (module docstring)."""
    return tuple(dict.fromkeys(
        (base, f"origin/{base}", "main", "master", "origin/main", "origin/master")))


def resolve_base(repo: Path, base: str, query: Query | None = None) -> str | None:
    ask = query or _direct(repo)
    for candidate in base_candidates(base):
        if ask(*_commit_of(candidate)).ok:
            return candidate
    return None


def named_base(repo: Path, base: str) -> None:
    """Refuse (exit 2) a base the user named that is no commit here, as itself or on origin;
    outside a git repository there is no diff to take one for, so nothing is refused."""
    ask = _direct(repo)
    if not ask("rev-parse", "--git-dir").ok:
        return
    if any(ask(*_commit_of(ref)).ok for ref in (base, f"origin/{base}")):
        return
    raise UsageError(f"--base {base[:80]}: no branch, tag or commit of that name in "
                     f"{repo} (nor origin/{base[:80]}): name the branch the story's branch "
                     f"left (git branch -a lists them)", 2)


# GAIA's own bookkeeping (stories, reports, evidence, checkpoints) changes during every review;
# it is never part of a story's File List, so it never counts as divergence.
BOOKKEEPING_PREFIXES = (".gaia/", "docs/implementation-artifacts/", "docs/test-artifacts/",
                        "docs/planning-artifacts/")


# Untracked files no story delivers (module docstring), by a directory on their path.
GENERATED_DIRS = frozenset({"node_modules", "__pycache__", ".pytest_cache", ".mypy_cache",
                            ".ruff_cache", ".tox", ".nox", "htmlcov", ".nyc_output",
                            "test-results"})
BYTECODE_SUFFIXES = (".pyc", ".pyo")
# setuptools' metadata of an installed project (`pip install -e .` writes `<name>.egg-info/`
# beside the package, and rewrites it at every install)
EGG_INFO_SUFFIX = ".egg-info"
# What a test or coverage run writes (coverage.py's data, JSON and XML; an lcov trace).
RUN_OUTPUTS = frozenset({".coverage", "coverage.json", "coverage.xml", "lcov.info",
                         "coverage.out", "cover.out"})
# What jest, vitest, c8 and nyc write in the `coverage/` directory they fill: such a directory,
# untracked, is a run's output.
COVERAGE_DIR_REPORTS = ("lcov.info", "coverage-final.json", "coverage-summary.json",
                        "clover.xml")


_RECORD, _FIELD = "\x1e", "\x1f"
MERGE_SEARCH = 200  # commits of HEAD's history searched for a merged story's commit


Query = Callable[..., proc.ToolResult]  # `git <args>` in the repository


def _direct(repo: Path) -> Query:
    """`git <args>` in `repo`, run each time it is asked: a helper's default query."""
    return functools.partial(git.run, repo)


def _once(repo: Path) -> Query:
    """`git <args>` in `repo`, each distinct query run once: one check asks several of its
    helpers the same questions (HEAD, the fork point, the story's merge)."""
    return functools.cache(_direct(repo))


def naming_commits(repo: Path, key: str, query: Query | None = None
                   ) -> list[tuple[str, bool]]:
    """HEAD's commits that name `key` (subject, or a `Story: KEY` line), newest first, each
    with whether it changes more than GAIA's bookkeeping (module docstring)."""
    word, tag = keys.commit_key_pattern(key), keys.story_tag_pattern(key)
    log = (query or _direct(repo))(
        "log", f"-n{MERGE_SEARCH}", "-m", "--first-parent", "--name-only",
        f"--format={_RECORD}%H{_FIELD}%s{_FIELD}%b{_FIELD}", "HEAD", "--")
    found: list[tuple[str, bool]] = []
    for chunk in log.stdout.split(_RECORD) if log.ok else ():
        parts = chunk.split(_FIELD)
        if len(parts) < 4 or not (word.search(parts[1]) or tag.search(parts[2])):
            continue
        names = [line.strip() for line in parts[3].splitlines() if line.strip()]
        found.append((parts[0].strip(),
                      any(not name.startswith(BOOKKEEPING_PREFIXES) for name in names)))
    return found


def merged_commit(repo: Path, key: str, query: Query | None = None) -> str | None:
    """The newest of HEAD's commits that names `key` (subject, or a `Story: KEY` line) and
    changes more than GAIA's bookkeeping (module docstring), or None."""
    return next((commit for commit, delivers in naming_commits(repo, key, query) if delivers),
                None)


def fork_point(repo: Path, base_ref: str, query: Query | None = None) -> str | None:
    """The commit where HEAD's branch left `base_ref` (`git merge-base`), or None."""
    fork = (query or _direct(repo))("merge-base", base_ref, "HEAD")
    return (fork.stdout.strip() or None) if fork.ok else None


def changed_files(repo: Path, base_ref: str, key: str | None = None,
                  query: Query | None = None) -> list[str]:
    """Repo-relative paths changed since the branch left `base_ref`, plus unstaged and
    untracked files; for a story already merged into the base, its merge's (module
    docstring)."""
    query = query or _once(repo)
    since = fork_point(repo, base_ref, query) or base_ref
    committed: tuple[str, ...] = (since,)
    merged = _merged_on_base(repo, base_ref, key, query)
    if merged is not None:
        committed = (f"{merged}^1", merged)
    queries = (("diff", "--name-only", "-z", *committed, "--"), ("diff", "--name-only", "-z"),
               ("ls-files", "--others", "--exclude-standard", "--full-name", "-z"))
    # Three read-only git runs, side by side: each is mostly a process start-up.
    with ThreadPoolExecutor(max_workers=len(queries)) as pool:
        results = list(pool.map(lambda args: git.run(repo, *args), queries))
    tracked = {name for result in results[:2] for name in git.names(result)}
    untracked = set(git.names(results[2])) - tracked
    # A venv lists thousands of files: each directory is looked at for a pyvenv.cfg once,
    # and a `coverage/` directory for the report a coverage run writes in it.
    venv = functools.cache(lambda directory: (repo / directory / "pyvenv.cfg").is_file() or (
        directory.rsplit("/", 1)[-1] == "coverage" and any(
            (repo / directory / report).is_file() for report in COVERAGE_DIR_REPORTS)))
    names = [name for result in results for name in git.names(result)]
    return [name for name in dict.fromkeys(names) if not name.startswith(BOOKKEEPING_PREFIXES)
            and not (name in untracked and _generated(name, venv, _linked_dir(repo / name)))]


def _merged_on_base(repo: Path, base_ref: str, key: str | None, query: Query) -> str | None:
    """The commit naming the story whose change is the story's, where HEAD has no branch of
    its own (it is where it left `base_ref`): `merged_commit`; else None (module docstring)."""
    if not key:
        return None
    head = query("rev-parse", "HEAD")
    if not head.ok or head.stdout.strip() != fork_point(repo, base_ref, query):
        return None
    return merged_commit(repo, key, query)


def _linked_dir(path: Path) -> bool:
    """Whether `path` is a symbolic link to a directory (git lists one as a file)."""
    return path.is_symlink() and path.is_dir()


def _generated(name: str, venv: Callable[[str], bool], linked_dir: bool = False) -> bool:
    """Whether an untracked path is one no story delivers (module docstring); `venv` tells
    whether a directory holds a virtual environment. A `linked_dir` (a symbolic link to a
    directory: a shared `node_modules`, a `.venv` kept elsewhere) is judged as the directory
    it stands for, as git lists it as one file where it would list the directory's files."""
    parts = name.split("/")
    dirs = parts if linked_dir else parts[:-1]
    if name.endswith(BYTECODE_SUFFIXES) or GENERATED_DIRS.intersection(dirs):
        return True
    if any(part.endswith(EGG_INFO_SUFFIX) for part in dirs):
        return True
    if parts[-1] in RUN_OUTPUTS or parts[-1].startswith(".coverage."):
        return True
    return any(venv("/".join(parts[:depth])) for depth in range(1, len(dirs) + 1))


def check(file_list: tuple[str, ...] | None, repo: Path, base: str = "main",
          key: str | None = None, *, unbranched_note: bool = False) -> CheckResult:
    """Compare a parsed File List (None = no section) with the repository at `repo`; `key`:
    the story's, to find its merge when the branch is already in the base. With
    `unbranched_note` (the review), a story on the base that no commit names and nothing
    changed is a note, not a divergence (upstream's check reports every listed file)."""
    if file_list is None:
        return CheckResult(Divergence("no-file-list"))
    if not any(entry.strip() for entry in file_list):
        return CheckResult(Divergence("empty-file-list"))
    query = _once(repo)
    # The questions every check starts with, asked side by side (each is mostly a git
    # process's start-up): is this a repository, does the base resolve, what is HEAD, where
    # did HEAD's branch leave the base. The helpers that ask them again get these answers.
    first = (("rev-parse", "--git-dir"), _commit_of(base), ("rev-parse", "HEAD"),
             ("merge-base", base, "HEAD"))
    with ThreadPoolExecutor(max_workers=len(first)) as pool:
        inside = next(pool.map(lambda args: query(*args), first))
    if not inside.ok:
        reason = "git not installed" if inside.error else refusal(inside.stderr)
        return CheckResult(None, f"git diff unavailable — divergence check skipped ({reason})",
                           compared=False)
    base_ref = resolve_base(repo, base, query)
    if base_ref is None:
        # every ref looked for, so "tried main" is not read as main alone (a clone of the
        # story branch has none of them)
        return CheckResult(None, f"git diff unavailable — base ref not found (tried "
                           f"{', '.join(base_candidates(base))}; pass --base BRANCH)",
                           compared=False)
    changed = changed_files(repo, base_ref, key, query)
    if unbranched_note and key is not None and \
            _no_change_of_its_own(repo, base_ref, key, query):
        why = (f"{_head_against(base_ref, query)} with no change of its own and "
               f"{_naming_note(repo, key, query)} (pass --base to compare with another branch)")
        if not changed:
            return CheckResult(None, f"no story branch to compare the File List with: {why}",
                               compared=False)
        # Only the work tree's edits are the story's here: a listed file they leave alone was
        # delivered before, not forgotten.
        found = compare(file_list, changed)
        missing = found.missing_from_file_list if found else ()
        return CheckResult(Divergence("divergence", missing, uncommitted=True) if missing
                           else None,
                           f"only the uncommitted changes were compared with it, as {why}",
                           changed=tuple(changed), uncommitted=True)
    found = compare(file_list, changed)
    merged = _merged_on_base(repo, base_ref, key, query) if found else None
    against = (f"commit {merged[:12]}, the newest on {base_ref} naming {key}, against its "
               "parent: HEAD has no branch of its own") if merged else None
    return CheckResult(found, against=against, changed=tuple(changed))


def _naming_note(repo: Path, key: str, query: Query) -> str:
    """What HEAD's commits naming the story change: none names it, or those that do change
    GAIA's own files alone (a commit of the story's status names it; read as "no commit
    naming the story", pyrsistent's `gaia: story E55-S1 in review` was not believed)."""
    named = [commit[:7] for commit, _ in naming_commits(repo, key, query)]
    if not named:
        return "no commit naming the story"
    shown = ", ".join(named[:3]) + (f" and {len(named) - 3} more" if len(named) > 3 else "")
    return f"the commits naming the story ({shown}) change only GAIA's own files"


def _head_against(base_ref: str, query: Query) -> str:
    """`HEAD is main`, where HEAD is the base's commit; `HEAD (story/x) is behind main`,
    where it is an earlier one (goutils' branch behind master read "HEAD is master")."""
    head, base = query("rev-parse", "HEAD"), query(*_commit_of(base_ref))
    if head.ok and base.ok and head.stdout.strip() == base.stdout.strip():
        return f"HEAD is {base_ref}"
    branch = query("symbolic-ref", "--quiet", "--short", "HEAD")
    named = f" ({branch.stdout.strip()})" if branch.ok and branch.stdout.strip() else ""
    return f"HEAD{named} is behind {base_ref}"


def _no_change_of_its_own(repo: Path, base_ref: str, key: str, query: Query) -> bool:
    """HEAD is the base (or behind it) and no commit of it names the story: a story reviewed
    on code already in the base, whose File List has nothing to be compared with."""
    head = query("rev-parse", "HEAD")
    return head.ok and fork_point(repo, base_ref, query) == head.stdout.strip() and \
        merged_commit(repo, key, query) is None


LISTED_FILES = 20  # per list in a gate warning's sentence; the JSON keeps them all


def warning_sentence(warning: str) -> str:
    """A story-gate warning (the File List check's one-line JSON) as a sentence, naming at
    most LISTED_FILES files per list."""
    try:
        data = json.loads(warning)
    except ValueError:
        return warning
    if not isinstance(data, dict):
        return warning
    reason = str(data.get("reason") or "")
    if reason == "no-file-list":
        return "The story has no File List section, so its change set cannot be checked."
    if reason == "empty-file-list":
        return "The story's File List is empty, so its change set cannot be checked."
    parts = []
    where = "in the work tree" if data.get("changes") == "uncommitted" else "on the branch"
    for key, label in (("missing_from_file_list", f"changed {where} but missing from the "
                        "File List"),
                       ("extra_in_file_list", f"listed in the File List but not changed "
                        f"{where}")):
        files = data.get(key)
        if isinstance(files, list) and files:
            shown = ", ".join(map(str, files[:LISTED_FILES]))
            more = (f" and {len(files) - LISTED_FILES} more" if len(files) > LISTED_FILES
                    else "")
            parts.append(f"{label}: {shown}{more}")
    if parts:
        changes = ("the uncommitted changes" if data.get("changes") == "uncommitted"
                   else "the branch's changes")
        return f"The File List and {changes} diverge — " + "; ".join(parts) + "."
    if reason:
        return f"The File List check reported: {reason.replace('-', ' ')}."
    return "The File List check reported: " + ", ".join(
        f"{k} {v}" for k, v in sorted(data.items())) + "."
