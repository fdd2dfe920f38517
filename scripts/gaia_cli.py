"""bin/gaia's entry: `python -S scripts/gaia_cli.py <command> ...` runs the gaia CLI, started lean.

`-S` skips `site` (its scan of site-packages and .pth files costs every call); the venv's own
site-packages is then put on sys.path here, found from the interpreter's prefix, where every
POSIX venv keeps it. Where it is not (an unusual layout), `site` runs after all: being right
comes before being quick. Nothing here changes the environment children inherit.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
if sys.flags.no_site:
    _lib = os.path.join(sys.prefix, "lib", f"python{sys.version_info[0]}.{sys.version_info[1]}",
                        "site-packages")
    if os.path.isdir(_lib):
        sys.path.append(_lib)
    else:
        import site

        site.main()

from gaia_lib.cli.main import run_process  # after sys.path is set

if __name__ == "__main__":
    run_process()
