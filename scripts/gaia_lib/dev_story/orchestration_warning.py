"""The orchestration-mode prelude's one-time warning for heavy skills run as plain subagents.

Rules (upstream orchestration-warning.sh):
- Skill classes: reviewer, light-procedural, heavy-procedural, conversational; modes: subagent,
  team. Anything else is a usage error (exit 2).
- Only heavy-procedural and conversational skills in `subagent` mode warn, and only once per
  session: the first call writes the warning file `orchestration-warning-<h16>.md` and a marker
  `.orchestration-warning-<h16>.marker` under the checkpoints directory (h16 = first 16 hex of
  sha256 over the session id, `CLAUDE_CODE_SESSION_ID` > `CLAUDE_SESSION_ID` > "no-session")
  and prints `SURFACE-WARNING: <path>`; later calls in the session print nothing.
- The skill cats the file and must mirror its text verbatim as the first text of its reply.
- Exit 0 whenever the arguments are valid.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path

from gaia_lib.core import locks, paths, writes
from gaia_lib.core.errors import UsageError

CLASSES = ("reviewer", "light-procedural", "heavy-procedural", "conversational")
MODES = ("subagent", "team")
WARNING_CLASSES = frozenset({"heavy-procedural", "conversational"})
EXIT_USAGE = 2

WARNING_TEXT = """\
⚠ GAIA orchestration notice: this is a heavy, multi-phase workflow running in subagent mode
(Mode A). Each developer phase is a fresh one-shot subagent, so context from planning does not
carry into implementation except through the files and checkpoints the workflow writes.
To run it with one persistent developer teammate instead (Mode B), set
CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS=1 and `orchestration: {mode: team}` in
.gaia/config/project-config.yaml. This notice is shown once per session.
"""


def check_args(skill_class: str, mode: str) -> None:
    if skill_class not in CLASSES:
        raise UsageError(f"--skill-class must be one of {'|'.join(CLASSES)}", EXIT_USAGE)
    if mode not in MODES:
        raise UsageError(f"--mode must be one of {'|'.join(MODES)}", EXIT_USAGE)


def session_hash(env: Mapping[str, str]) -> str:
    session = env.get("CLAUDE_CODE_SESSION_ID") or env.get("CLAUDE_SESSION_ID") or "no-session"
    return hashlib.sha256(session.encode("utf-8")).hexdigest()[:16]


def surface(project: Path, skill_class: str, mode: str, env: Mapping[str, str]) -> Path | None:
    """The warning file to surface now, or None (not warned, or already warned this session)."""
    check_args(skill_class, mode)
    if skill_class not in WARNING_CLASSES or mode != "subagent":
        return None
    directory = paths.checkpoints_dir(project)
    digest = session_hash(env)
    marker = directory / f".orchestration-warning-{digest}.marker"
    warning = directory / f"orchestration-warning-{digest}.md"
    writes.make_dirs(directory, project)
    with locks.locked(marker):
        if marker.exists():
            return None
        writes.write_text(warning, WARNING_TEXT, project)
        writes.write_text(marker, f"{skill_class}\n", project)
    return warning
