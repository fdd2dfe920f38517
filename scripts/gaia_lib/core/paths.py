"""Where things live: the plugin root, the per-user data dir, the project and its `.gaia/` tree.

Standard library only, and `pathlib` only when a `Path` is asked for: the edit hook uses the
`*_root` string forms, which carry the same rules (each rule is written once, in the string
form; the `Path` functions wrap them).
"""

from __future__ import annotations

import os
import posixpath

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from collections.abc import Set as AbstractSet
    from pathlib import Path

    StrPath = str | os.PathLike[str]

PROJECT_ENV_VARS = (
    "GAIA_PROJECT_DIR",
    "CLAUDE_PROJECT_DIR",
    "CLAUDE_PROJECT_ROOT",
    "PROJECT_PATH",
    "PROJECT_ROOT",
)


def _path(value: StrPath) -> Path:
    from pathlib import Path

    return Path(value)


def plugin_root() -> Path:
    """The plugin root, found from this file: the env var is absent in Bash tool calls."""
    here = os.path.realpath(__file__)  # <root>/scripts/gaia_lib/core/paths.py
    return _path(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(here)))))


def data_root() -> str:
    """Per-user writable state (venv, logs). Never inside the plugin root: updates replace it."""
    for var in ("CLAUDE_PLUGIN_DATA", "GAIA_DATA_DIR"):
        value = os.environ.get(var)
        if value:
            return value
    xdg = os.environ.get("XDG_DATA_HOME")
    base = xdg if xdg else os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "gaia")


def data_dir() -> Path:
    return _path(data_root())


def _find_upwards(start: str, marker: str) -> str | None:
    current = start
    while True:
        if os.path.exists(os.path.join(current, marker)):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def project_dir(explicit: StrPath | None = None) -> Path:
    """The project: --project, the environment, the nearest `.gaia/` or git top, else cwd."""
    if explicit:
        return _path(explicit).resolve()
    for var in PROJECT_ENV_VARS:
        value = os.environ.get(var)
        if value:
            return _path(value).resolve()
    cwd = os.path.realpath(os.getcwd())
    return _path(_find_upwards(cwd, ".gaia") or _find_upwards(cwd, ".git") or cwd)


def gaia_dir(project: Path) -> Path:
    return project / ".gaia"


def _env_dir(var: str, project: StrPath) -> str | None:
    value = os.environ.get(var)
    if not value:
        return None
    return value if os.path.isabs(value) else os.path.join(project, value)


def env_path(var: str, project: Path) -> Path | None:
    """A path override from the environment; a relative one is taken from the project."""
    value = _env_dir(var, project)
    return None if value is None else _path(value)


def _artifacts_root(project: Path, name: str, env_var: str) -> Path:
    """`.gaia/artifacts/<name>` (canonical), else the legacy `docs/<name>` when only it exists."""
    override = _env_dir(env_var, project)
    if override is not None:
        return _path(override)
    canonical = gaia_dir(project) / "artifacts" / name
    legacy = project / "docs" / name
    if not canonical.is_dir() and legacy.is_dir():
        return legacy
    return canonical


def implementation_artifacts(project: Path) -> Path:
    return _artifacts_root(project, "implementation-artifacts", "IMPLEMENTATION_ARTIFACTS")


def test_artifacts(project: Path) -> Path:
    return _artifacts_root(project, "test-artifacts", "TEST_ARTIFACTS")


def planning_artifacts(project: Path) -> Path:
    return _artifacts_root(project, "planning-artifacts", "PLANNING_ARTIFACTS")


def state_dir(project: Path) -> Path:
    return gaia_dir(project) / "state"


def memory_dir(project: Path) -> Path:
    return gaia_dir(project) / "memory"


def checkpoints_root(project: StrPath) -> str:
    return _env_dir("CHECKPOINT_PATH", project) or os.path.join(
        project, ".gaia", "memory", "checkpoints"
    )


def checkpoints_dir(project: Path) -> Path:
    return _path(checkpoints_root(project))


def review_state_dir(project: Path, skill: str, key: str) -> Path:
    """The fork's evidence area for one story: `.gaia/state/review/<skill>/<key>/`."""
    return state_dir(project) / "review" / skill / key


def project_config(project: Path) -> Path:
    """`.gaia/config/project-config.yaml`, else the legacy `config/project-config.yaml`."""
    canonical = gaia_dir(project) / "config" / "project-config.yaml"
    legacy = project / "config" / "project-config.yaml"
    if not canonical.is_file() and legacy.is_file():
        return legacy
    return canonical


def relative_to_project(path: Path, project: Path) -> str:
    """Repo-relative POSIX form when inside the project, else the absolute path."""
    try:
        return path.resolve().relative_to(project.resolve()).as_posix()
    except ValueError:
        return str(path)


def listed_problem(entry: str, project: Path, listed: Iterable[str] = (),
                   changed: AbstractSet[str] = frozenset(), *,
                   uncommitted: bool = False) -> str | None:
    """Why a File List entry names no file of the project (`File List entry 'x' ...`), or
    None when it names one. A missing entry names the file of its directory whose name is
    nearest to its own where one is near (`paths_test.go` for `path_test.go`: a typo leaves
    the story's real test file unattributed, so the reader wants the name it meant), but
    never one the File List names too (`listed`: its other entries): a deleted
    `listToHeaders.test.ts` is no typo of the `listToHeaders.ts` listed beside it. A
    pattern names no file (`src/helpers/*.spec.ts` read "does not exist on disk" beside the
    two files it matched): it is said to be one, with the files it matches to list instead.
    A missing entry git says the branch changed (`changed`) was deleted by it: no typo, and
    no near name is offered (pysrt's deleted `tests/test_srttime.py` had been asked "did you
    mean 'tests/test_srtfile.py'?", another test file of its directory); where those changes
    are the work tree's uncommitted ones alone (`uncommitted`: no story branch), it was
    deleted there (fastjson's `validate_test.go`, removed on master and not committed, had
    been said deleted by "the branch")."""
    cleaned = listed_path(entry)
    if cleaned is None:
        return (f"File List entry '{entry}' points outside the project" if entry.strip("` ")
                else f"File List entry '{entry}' is empty")
    if not (project / cleaned).exists() and is_pattern(cleaned):
        try:
            matched = sorted(p.relative_to(project).as_posix() for p in project.glob(cleaned)
                             if p.is_file())
        except (OSError, ValueError):  # a pattern pathlib refuses (`**x`, an absolute one)
            matched = []
        shown = ", ".join(matched[:5]) + (f" and {len(matched) - 5} more"
                                          if len(matched) > 5 else "")
        return (f"File List entry '{entry}' is a pattern, not a file: the File List names "
                "files" + (f"; it matches {shown}" if matched else "; it matches none"))
    if not (project / cleaned).exists() and cleaned in changed:
        return (f"File List entry '{entry}' does not exist on disk: " + (
            "deleted in the uncommitted changes" if uncommitted else "the branch deleted it"))
    if not (project / cleaned).exists():
        taken = {p for p in map(listed_path, listed) if p is not None}
        near = _near_name(project, cleaned, taken)
        return f"File List entry '{entry}' does not exist on disk" + (
            f" (did you mean '{near}'?)" if near else "")
    return None


def is_pattern(entry: str) -> bool:
    """Whether a File List entry is a glob pattern (`src/helpers/*.spec.ts`) rather than a
    path: it holds `*` or `?` (not `[...]`, which names real folders: `app/[slug]/`)."""
    return "*" in entry or "?" in entry


NEAR_NAME = 0.85  # difflib's ratio from which a file's name reads as a typo of an entry's
# what a compiler writes beside a source: a name no File List means
COMPILED_SUFFIXES = (".pyc", ".pyo", ".class")


def _near_name(project: Path, cleaned: str,
               taken: AbstractSet[str] = frozenset()) -> str | None:
    """The project-relative path of the file beside a missing entry whose name is nearest to
    the entry's: one of the same words in another order first (`deque_test.py` for
    `test_deque.py`, the two conventions pytest collects, whose letters differ too much for a
    typo), else one at NEAR_NAME or above; None where there is none (or no such
    directory). Never a compiled file (COMPILED_SUFFIXES): pysrt's sdist ships
    `tests/test_srttime.pyc` beside `tests/test_srttime.py`, and a story whose test file was
    deleted had been asked "did you mean 'tests/test_srttime.pyc'?"."""
    import difflib  # only a missing entry needs it: the edit hook's imports stay few
    import re

    parent, _, name = cleaned.rpartition("/")
    try:
        siblings = [p.name for p in (project / parent).iterdir()
                    if p.is_file() and posixpath.join(parent, p.name) not in taken
                    and not p.name.endswith(COMPILED_SUFFIXES)]
    except OSError:
        return None

    def words(file: str) -> list[str]:
        return sorted(re.split(r"[._-]+", file.lower()))

    reordered = [sibling for sibling in siblings if words(sibling) == words(name)]
    found = reordered[:1] or difflib.get_close_matches(name, siblings, n=1, cutoff=NEAR_NAME)
    return posixpath.join(parent, found[0]) if found else None


def listed_path(entry: str) -> str | None:
    """A path a story's File List or a command names (a File List entry; the config a
    runner is given, the directory a tier `cd`s into), backticks and leading `./` dropped, as
    a project-relative POSIX path, or None when it is empty or points outside (absolute, or
    through `..`)."""
    text = entry.strip().strip("`").strip()
    while text.startswith("./"):
        text = text[2:]
    if not text or text.startswith("/") or ".." in text.split("/"):
        return None
    return posixpath.normpath(text)
