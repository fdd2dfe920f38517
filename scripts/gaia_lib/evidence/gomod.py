"""Where a Go import path lives in the project: the module its go.mod declares.

`go test -json` names a test's package by its import path and a cover profile names a file
by its package's (`github.com/julienschmidt/httprouter/tree.go`); the review names files by
their path in the project (`services/router/tree.go`). Rules:
- a module is the directory holding a go.mod and the import path its first `module` line
  gives (quoted or not); the module of a file is the nearest go.mod at or above its directory,
  never above the project;
- a package's directory is its module's root joined with what follows the module path
  (`github.com/julienschmidt/httprouter` -> `services/router`, `.../httprouter/internal` ->
  `services/router/internal`); an import path of no known module has none;
- a file's import path is its module path joined with its path below the module's root.
An import path that ends with its directory's own path (a module at the project's root
named after it) needs none of this; a module in a subdirectory, or named otherwise, does.
Pure, except `modules`, which reads go.mod files.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

_MODULE_LINE = re.compile(r'^\s*module\s+"?([^\s"]+)"?', re.MULTILINE)


@dataclass(frozen=True)
class Module:
    path: str  # its import path, as go.mod's `module` line gives it
    root: str  # the directory holding its go.mod, project-relative (POSIX; "." the root)


def module_path(text: str) -> str | None:
    """The import path a go.mod's text declares (its first `module` line), else None."""
    found = _MODULE_LINE.search(text)
    return found.group(1) if found else None


def modules(project: Path, files: Iterable[str]) -> tuple[Module, ...]:
    """The modules holding `files` (project-relative), each once, in the order first met."""
    found: dict[str, Module] = {}
    read: set[str] = set()  # directories whose go.mod was looked for: each once
    for rel in files:
        directory = posixpath.dirname(rel) or "."
        while True:
            if directory not in read:
                read.add(directory)
                try:
                    text = (project / directory / "go.mod").read_text(encoding="utf-8",
                                                                     errors="replace")
                except OSError:
                    text = None
                path = module_path(text) if text is not None else None
                if path is not None:
                    found[directory] = Module(path, directory)
            if directory in found or directory == ".":
                break
            directory = posixpath.dirname(directory) or "."
    return tuple(dict.fromkeys(found.values()))


def directory_of(package: str, known: Sequence[Module]) -> str | None:
    """The project-relative directory of a package import path, by the module of the longest
    path it falls under; None under none."""
    under = [m for m in known if package == m.path or package.startswith(m.path + "/")]
    if not under:
        return None
    module = max(under, key=lambda m: len(m.path))
    rest = package[len(module.path):].lstrip("/")
    return posixpath.normpath(posixpath.join(module.root, rest)) if rest else module.root


def import_path(rel: str, known: Sequence[Module]) -> str | None:
    """A project-relative file's path as Go names it (its module path, then its path below
    the module's root), by the deepest module holding it; None under none."""
    holding = [m for m in known if m.root == "." or rel.startswith(m.root + "/")]
    if not holding:
        return None
    module = max(holding, key=lambda m: len(m.root) if m.root != "." else 0)
    below = rel if module.root == "." else rel[len(module.root) + 1:]
    return f"{module.path}/{below}"
