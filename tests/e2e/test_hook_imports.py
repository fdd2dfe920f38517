from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from helpers.projects import REPO_ROOT, Project, gaia_env

HOOK = REPO_ROOT / "scripts" / "hook_post_tool_use.py"
HEAVY = ("yaml", "jsonschema", "click", "filelock")

# Full site-packages (no -S): the heavy packages are importable here, so only the hook's own
# import graph keeps them out of sys.modules.
PROBE = """
import io, json, runpy, sys
sys.stdin = io.TextIOWrapper(io.BytesIO(sys.argv[2].encode()))
ns = runpy.run_path(sys.argv[1], run_name="probe")
code = ns["main"]()
heavy = [m for m in ("yaml", "jsonschema", "click", "filelock") if m in sys.modules]
print(json.dumps({"code": code, "heavy": heavy}))
"""


def test_hook_does_not_load_heavy_packages(project: Project) -> None:
    root: Path = project.root
    (root / ".gaia" / "state").mkdir(parents=True, exist_ok=True)
    (root / ".gaia" / "state" / "active-workflow").write_text("dev-story E1-S1\n")  # a running story
    (root / "a.txt").write_text("x")
    payload = json.dumps({"hook_event_name": "PostToolUse", "tool_name": "Write", "cwd": str(root),
                          "tool_input": {"file_path": str(root / "a.txt"), "content": "x"}})
    for module in HEAVY:  # the probe is meaningful only if they could be imported
        subprocess.run([sys.executable, "-c", f"import {module}"], check=module != "click")
    done = subprocess.run([sys.executable, "-c", PROBE, str(HOOK), payload], env=gaia_env(root, GAIA_DATA_DIR=os.environ["GAIA_DATA_DIR"]),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"code": 0, "heavy": []}
    assert '  - path: "a.txt"' in (root / ".gaia" / "memory" / "checkpoints" / "dev-story.yaml").read_text()


# Standard-library modules whose import alone costs the hook more than its own work (each pulls
# in re, enum, typing or threads). The hook's speed depends on staying clear of them.
SLOW_STDLIB = ("re", "json", "enum", "typing", "pathlib", "subprocess", "dataclasses",
               "tempfile", "hashlib", "contextlib", "threading", "signal")

LEAN_PROBE = """
import sys
sys.path.insert(0, sys.argv[1])
from gaia_lib.checkpoint import hookio
code = hookio.run(sys.argv[2].encode(), {"CLAUDE_PROJECT_DIR": sys.argv[3], "PATH": sys.argv[4],
                                        "GAIA_DATA_DIR": sys.argv[5]})
print(code, sorted(m for m in sys.argv[6].split(",") if m in sys.modules))
"""


def test_hook_path_stays_clear_of_slow_stdlib_modules(project: Project) -> None:
    root: Path = project.root
    (root / ".gaia" / "state").mkdir(parents=True, exist_ok=True)
    (root / ".gaia" / "state" / "active-workflow").write_text("dev-story E1-S1\n")  # a running story
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    (root / "a.txt").write_text("x")
    payload = json.dumps({"hook_event_name": "PostToolUse", "tool_name": "Write", "cwd": str(root),
                          "tool_input": {"file_path": str(root / "a.txt"), "content": "x"}})
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", LEAN_PROBE, str(REPO_ROOT / "scripts"), payload,
         str(root), os.environ["PATH"], os.environ["GAIA_DATA_DIR"], ",".join(SLOW_STDLIB)],
        capture_output=True, text=True, timeout=60, check=True,
    )
    assert done.stdout.strip() == "0 []"
    text = (root / ".gaia" / "memory" / "checkpoints" / "dev-story.yaml").read_text()
    assert '  - path: "a.txt"' in text  # the hook did its whole job, git status included
