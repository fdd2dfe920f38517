"""The tier-directory allowlist (upstream test-env-allowlist.sh): where test automation may write.

Source: `test-artifacts/test-environment.yaml`. Strategy order, first that yields any:
1. the top-level `tier_directories:` list;
2. every whitespace-separated token in the values under any `bats_test_dirs:` key (any depth);
3. the path arguments (every token after the first word) of `tier_N_xxx:` commands under a
   `shell:` key.
Result: the directories, de-duplicated and sorted (`sort -u`). Entries are normalised to
project-relative POSIX paths; an absolute path or one that climbs out with `..` is refused,
since an allowlist entry widens where the action scope may write.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path, PurePosixPath
from typing import Any

from gaia_lib.core import paths, yamlio
from gaia_lib.core.errors import InvalidInput, MalformedFile, NotFound
from gaia_lib.core.lazyre import compile as lazy_re

_TIER_KEY_RE = lazy_re(r"^tier_[0-9]+_\w+$")


def default_path(project: Path) -> Path:
    return paths.test_artifacts(project) / "test-environment.yaml"


def _walk(value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, Mapping):
        for key, item in value.items():
            yield str(key), item
            yield from _walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item)


def _clean(entry: str) -> str:
    text = entry.strip().strip("'\"")
    path = PurePosixPath(text)
    if not text or path.is_absolute() or ".." in path.parts:
        raise InvalidInput(f"tier directory '{text[:60]}' must be a path inside the project", 1)
    return path.as_posix()


def directories(data: Any) -> list[str]:
    """The allowlisted directories of a parsed test-environment.yaml (pure)."""
    found: list[str] = []
    if isinstance(data, Mapping) and isinstance(data.get("tier_directories"), list):
        found = [str(d) for d in data["tier_directories"] if d is not None and str(d).strip()]
    if not found:
        for key, value in _walk(data):
            if key == "bats_test_dirs" and value is not None:
                items = value if isinstance(value, list) else [value]
                found += [tok for item in items for tok in str(item).split()]
    if not found:
        for key, value in _walk(data):
            if key == "shell" and isinstance(value, Mapping):
                for name, command in value.items():
                    if _TIER_KEY_RE.match(str(name)) and isinstance(command, str):
                        found += command.split()[1:]
    return sorted({_clean(d) for d in found})


def load(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NotFound(f"test environment file not found: {path}", 1) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise MalformedFile(f"cannot read {path}: {exc}", 1) from None
    dirs = directories(yamlio.load(text, str(path), 1))
    if not dirs:
        raise NotFound(f"no tier directories found in '{path}'", 1)
    return dirs


def inside(rel_path: str, dirs: list[str]) -> bool:
    """Is the project-relative `rel_path` inside one of the allowlisted directories?"""
    path = PurePosixPath(rel_path)
    if path.is_absolute() or ".." in path.parts:
        return False
    return any(d == "." or path.as_posix().startswith(d.rstrip("/") + "/") for d in dirs)
