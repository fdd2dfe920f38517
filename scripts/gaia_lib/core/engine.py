"""The running plugin's own code, fingerprinted: what a cached analysis was computed by.

The version number alone does not say it: an update that keeps the number, or a checkout
between releases, runs other code under the same version, and an analysis cached by the old
code would be served as the new code's. The fingerprint hashes the relative path, size and
modification time of every file the analyses run or read from the plugin root: the Python
sources under `scripts/` (gaia_lib and the runner plugins, the vitest reporter's `.mjs` too)
and the JSON schemas. An update rewrites the files, so their times change even where the sizes
do not. Computed once per process (a stat per file: about a millisecond for the plugin's
200-odd files).
"""

from __future__ import annotations

import hashlib
import os
from functools import cache

from gaia_lib.core import paths

# Where the code an analysis depends on lives, under the plugin root, and which files count.
_TREES = (("scripts", ".py"), ("scripts", ".mjs"), ("schemas", ".json"))


@cache
def fingerprint() -> str:
    """A short digest of the plugin's code as it is on disk now (module docstring)."""
    root = paths.plugin_root()
    digest = hashlib.sha256()
    for tree, suffix in _TREES:
        for directory, subdirectories, files in os.walk(root / tree):
            subdirectories[:] = sorted(d for d in subdirectories if d != "__pycache__")
            for name in sorted(f for f in files if f.endswith(suffix)):
                path = os.path.join(directory, name)
                try:
                    info = os.stat(path)
                except OSError:
                    continue
                digest.update(f"{os.path.relpath(path, root)}\0{info.st_size}\0"
                              f"{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]
