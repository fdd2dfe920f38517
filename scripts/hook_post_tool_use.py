"""PostToolUse hook entry: `python -I -S scripts/hook_post_tool_use.py` with the payload on stdin.

-I -S keep the interpreter start minimal (no site-packages, no user env); the library is found
from this file's own directory, never from CLAUDE_PLUGIN_ROOT. Always exits 0 (see hookio).
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gaia_lib.checkpoint.hookio import main

if __name__ == "__main__":
    raise SystemExit(main())
