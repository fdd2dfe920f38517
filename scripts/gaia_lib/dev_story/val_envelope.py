"""The Val sentinel envelope: written by the parent from Val's reply, asserted before any verdict.

Rules:
- The persona signature is `sha256:<hex>` of the validator agent file (`agents/validator.md`
  in the plugin root): an envelope is Val's only if it carries the signature of the persona
  that is installed now. A reply from any other agent, or from an edited persona, does not
  match.
- Sentinel path: `.gaia/memory/checkpoints/val-envelope-<h16>.json`, h16 = the first 16 hex of
  sha256 over the artifact path made project-relative (absolute when outside the project).
- write (`write-val-envelope`): the JSON must be an object; a nested `sentinel_envelope`
  object is unwrapped (outer fields fill what it lacks). Required: `agent` == "val", `persona_sig`
  equal to the signature above, `timestamp`, `artifact_path`, `verdict` (all non-empty
  strings). Invalid -> exit 1, nothing written. The envelope is written as canonical JSON,
  atomically; stdout is the path.
- assert (`assert-agent-envelope`): the file exists, is a JSON object, `agent` equals the
  expected id (default `val`), `persona_sig` equals the installed persona's signature, and, when
  an artifact is named, the file is that artifact's sentinel. Any failure -> exit 1 and
  `HALT: <Id> agent envelope assertion failed — sentinel absent, malformed, or forged at <path>`.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from gaia_lib.core import paths, writes
from gaia_lib.core.errors import GaiaError, InvalidInput, NotFound

EXIT_INVALID = 1
EXIT_USAGE = 2
REQUIRED = ("agent", "persona_sig", "timestamp", "artifact_path", "verdict")
PERSONA_FILE = Path("agents") / "validator.md"
MAX_ENVELOPE_BYTES = 1 << 20


def persona_sig(plugin_root: Path | None = None) -> str:
    agent_file = (plugin_root or paths.plugin_root()) / PERSONA_FILE
    try:
        data = agent_file.read_bytes()
    except OSError:
        raise NotFound(f"validator persona not found: {agent_file}", EXIT_USAGE) from None
    return "sha256:" + hashlib.sha256(data).hexdigest()


def anchor(project: Path, artifact_path: str) -> str:
    """The artifact path as hashed: project-relative when inside the project."""
    candidate = Path(artifact_path)
    absolute = candidate if candidate.is_absolute() else project / candidate
    real_project = os.path.realpath(project)
    real = os.path.realpath(absolute)
    if real == real_project or real.startswith(real_project + os.sep):
        return Path(os.path.relpath(real, real_project)).as_posix()
    return real


def sentinel_path(project: Path, artifact_path: str) -> Path:
    digest = hashlib.sha256(anchor(project, artifact_path).encode("utf-8")).hexdigest()[:16]
    return paths.checkpoints_dir(project) / f"val-envelope-{digest}.json"


def unwrap(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InvalidInput("envelope must be a JSON object", EXIT_INVALID)
    inner = value.get("sentinel_envelope")
    if isinstance(inner, dict):
        outer = {k: v for k, v in value.items() if k != "sentinel_envelope"}
        return {**outer, **inner}
    return dict(value)


def problems(envelope: dict[str, Any], expected_agent: str, sig: str) -> list[str]:
    """Why the envelope is not the expected agent's; empty when it is. Pure."""
    found: list[str] = []
    for name in REQUIRED:
        value = envelope.get(name)
        if not isinstance(value, str) or not value.strip():
            found.append(f"missing or empty field '{name}'")
    if envelope.get("agent") != expected_agent:
        found.append(f"agent is not '{expected_agent}'")
    if envelope.get("persona_sig") != sig:
        found.append("persona_sig does not match the installed validator persona")
    return found


def write(project: Path, raw: str, plugin_root: Path | None = None) -> Path:
    try:
        envelope = unwrap(json.loads(raw))
    except ValueError:
        raise InvalidInput("envelope is not valid JSON", EXIT_INVALID) from None
    wrong = problems(envelope, "val", persona_sig(plugin_root))
    if wrong:
        raise InvalidInput("invalid Val envelope: " + "; ".join(wrong), EXIT_INVALID)
    target = sentinel_path(project, str(envelope["artifact_path"]))
    writes.make_dirs(target.parent, project)
    writes.write_json(target, envelope, project)
    return target


def halt_message(agent: str, path: Path) -> str:
    return (f"HALT: {agent[:1].upper() + agent[1:]} agent envelope assertion failed — "
            f"sentinel absent, malformed, or forged at {path}")


def check(path: Path, expected_agent: str = "val", artifact: str | None = None,
          project: Path | None = None, plugin_root: Path | None = None) -> None:
    """Raise GaiaError(exit 1) with the HALT line unless the sentinel is genuine."""
    halt = GaiaError(halt_message(expected_agent, path), EXIT_INVALID)
    if (artifact is not None and project is not None
            and path.resolve() != sentinel_path(project, artifact).resolve()):
        raise halt
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_ENVELOPE_BYTES + 1)
        value = json.loads(data.decode("utf-8"))
    except (OSError, ValueError):
        raise halt from None
    if len(data) > MAX_ENVELOPE_BYTES or not isinstance(value, dict):
        raise halt
    if problems(value, expected_agent, persona_sig(plugin_root)):
        raise halt
