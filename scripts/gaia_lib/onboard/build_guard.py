"""A build command `gaia init` would write that deletes what the repository keeps.

The Definition of Done runs the config's `build_cmd` at every story. A package's `build`
script that starts by deleting its output (`rimraf dist/ && tsc`) is harmless where that
output is built, ignored and untracked; where the repository keeps files there (a package
checked in as published, whose code and compiled specs are `dist/` and whose `src/` and
tsconfig were never shipped: iterative 1.9.2), the first Definition of Done would delete the
code under review and build nothing back. Rules:
- A command of the script (`readiness.script_commands`: its chains, its `pre`/`post` hooks
  and the `npm run` scripts it calls) deletes the paths it names when it is `rimraf`,
  `del-cli` / `del`, `rm` or `shx rm` (run through `npx`, `pnpm exec` or `yarn` alike), its
  options aside; a path is taken relative to the package's directory, with its globs; an
  absolute path, one reaching out of the directory (`..`) or one written with the shell's
  variables (`$OUT`) is not read.
- What it would delete that the repository keeps: in a git repository, the files git tracks
  under those paths; outside one, or in one that tracks nothing yet, every file there
  (nothing tells what is kept, so nothing is assumed rebuildable).
- Where that is anything, init writes no `build_cmd` and says why in a note, naming the
  paths and how many files; the lint command and everything else are written as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from gaia_lib.core import git
from gaia_lib.onboard import readiness

_DELETERS = frozenset({"rimraf", "del-cli", "del", "rm"})
_FILES_SHOWN = 3


def deleted_paths(part: str) -> list[str]:
    """The paths one command of a script deletes (module docstring), as written (pure)."""
    words = readiness.program_words(part)
    if not words or words[0] not in _DELETERS:
        return []
    return [w for w in words[1:] if w and not w.startswith("-")]


def _readable(path: str) -> str | None:
    """`path` relative to the package's directory, or None where it is not read."""
    path = path.removeprefix("./")
    if not path or path.startswith("/") or "$" in path or ".." in Path(path).parts:
        return None
    return path.rstrip("/") or None


def _files_under(here: Path, pattern: str) -> list[str]:
    """The files `pattern` names in `here`, a directory naming those below it."""
    found: list[str] = []
    try:  # `.` is the directory itself, which a glob of it cannot name
        matches = sorted(here.iterdir()) if pattern == "." else sorted(here.glob(pattern))
    except (OSError, ValueError, IndexError, NotImplementedError):
        return []  # a pattern pathlib cannot read: nothing read
    for match in matches:
        if match.is_symlink() or match.is_file():
            found.append(match.relative_to(here).as_posix())
        elif match.is_dir():
            found += sorted(f.relative_to(here).as_posix() for f in match.rglob("*")
                            if f.is_file() or f.is_symlink())
    return found


def _tracked(here: Path) -> set[str]:
    """The files git tracks in `here` (relative to it); none outside a repository."""
    return set(git.names(git.run(here, "ls-files", "-z")))


def _deleted(here: Path, command: str) -> list[str]:
    """The paths the npm script `command` deletes that are read (module docstring), each once."""
    paths: list[str] = []
    for part in readiness.script_commands(here, command):
        paths += [p for p in map(_readable, deleted_paths(part)) if p]
    return list(dict.fromkeys(paths))


def refused(here: Path, commands: Mapping[str, str]) -> dict[str, str]:
    """Per config key of `commands` (key -> npm script command, as `init.build_and_lint`
    gives them) whose script deletes files the repository keeps in `here`, the note saying
    so (module docstring); the others are not in it."""
    out: dict[str, str] = {}
    tracked: set[str] | None = None
    for key, command in commands.items():
        paths = _deleted(here, command)
        if not paths:
            continue
        tracked = _tracked(here) if tracked is None else tracked
        where = "git tracks" if tracked else "the project has"
        said = []
        for path in paths:
            files = [f for f in _files_under(here, path) if not tracked or f in tracked]
            if files:
                shown = ", ".join(files[:_FILES_SHOWN]) + (
                    ", ..." if len(files) > _FILES_SHOWN else "")
                count = f"{len(files)} file" + ("" if len(files) == 1 else "s")
                named = path + ("/" if (here / path).is_dir() else "")
                said.append(f"`{named}`, where {where} {count} ({shown})")
        if said:
            out[key] = (f"note: {key} not written: `{command}` deletes {'; '.join(said)}, and "
                        f"the Definition of Done runs it at every story; set {key} in the "
                        "config once the build builds them back or leaves them alone")
    return out
