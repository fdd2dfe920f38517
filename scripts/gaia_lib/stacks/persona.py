"""Which stack a story is built in, and the developer persona (plus memory sidecar) for it.

Resolution order, first answer wins:
1. an explicit stack (`--stack`);
2. the story's frontmatter `stack:` (read by the one story parser);
3. the project config's `project.stack` (upstream documented but never read it);
4. marker files under the project root, in `stacks.DETECTION_ORDER`.

Every answer must be a canonical stack name; the persona file is `agents/<persona_file>`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import config, paths
from gaia_lib.core.errors import NotFound
from gaia_lib.stacks import adapters as stacks

EXIT_CALLER = 1
EXIT_MISSING = 2
SOURCES = ("flag", "story", "config", "markers")


@dataclass(frozen=True)
class Persona:
    stack: str
    source: str  # one of SOURCES
    agent_file: Path
    sidecar_file: Path | None
    project_root: Path


def project_root_for(story_file: Path | None, explicit: Path | None) -> Path:
    """--project-root, else the nearest ancestor of the story holding `.gaia/`, else the project."""
    if explicit is not None:
        return explicit.resolve()
    if story_file is not None:
        start = story_file.resolve().parent
        for candidate in (start, *start.parents):
            if (candidate / ".gaia").is_dir():
                return candidate
    return paths.project_dir()


def choose_stack(
    flag: str | None, story_stack: str | None, config_stack: str | None, detected: str | None
) -> tuple[str, str] | None:
    """The first non-empty candidate and where it came from (pure)."""
    for source, value in zip(SOURCES, (flag, story_stack, config_stack, detected), strict=True):
        if value:
            return value, source
    return None


def _story_stack(story_file: Path) -> str | None:
    from gaia_lib.story.parser import load_story

    return load_story(story_file, EXIT_CALLER).stack


def default_agents_dir() -> Path:
    return paths.plugin_root() / "agents"


def resolve(
    *,
    stack: str | None = None,
    story_file: Path | None = None,
    project_root: Path | None = None,
    agents_dir: Path | None = None,
    memory_dir: Path | None = None,
) -> Persona:
    """Resolve the stack and its persona files. Raises GaiaError with exit 1 (bad input) or 2."""
    root = project_root_for(story_file, project_root)
    agents = (agents_dir or default_agents_dir()).resolve()
    if not agents.is_dir():
        raise NotFound(f"agents-dir not found: {agents}", EXIT_MISSING)

    story_stack = _story_stack(story_file) if story_file is not None and not stack else None
    config_stack = None
    if not stack and not story_stack:
        config_stack = config.load(root, EXIT_CALLER).stack
    detected = None
    if not stack and not story_stack and not config_stack:
        detected = stacks.detect(root)

    chosen = choose_stack(stack, story_stack, config_stack, detected)
    if chosen is None:
        raise NotFound(
            f"unsupported stack: no canonical stack file detected under {root}", EXIT_MISSING
        )
    name, source = chosen
    adapter = stacks.get(name, EXIT_MISSING)

    agent_file = agents / adapter.persona_file
    if not agent_file.is_file():
        raise NotFound(f"persona file not found: {agent_file}", EXIT_MISSING)

    sidecar = None
    if memory_dir is not None:
        candidate = memory_dir / f"{adapter.key}-sidecar.md"
        if candidate.is_file():
            sidecar = candidate.resolve()
    return Persona(adapter.key, source, agent_file, sidecar, root)


def shell_quote(value: str) -> str:
    """Single-quoted so `eval` of the output is safe even for paths containing a quote."""
    return "'" + value.replace("'", "'\\''") + "'"


def render(persona: Persona) -> str:
    """The upstream stdout contract: three `key='value'` lines."""
    sidecar = str(persona.sidecar_file) if persona.sidecar_file else ""
    return (
        f"stack={shell_quote(persona.stack)}\n"
        f"agent_file={shell_quote(str(persona.agent_file))}\n"
        f"sidecar_file={shell_quote(sidecar)}\n"
    )
