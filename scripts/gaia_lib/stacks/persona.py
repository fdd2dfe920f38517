"""Which stack a story is built in, and the developer persona (plus memory sidecar) for it.

Resolution order, first answer wins:
1. an explicit stack (`--stack`);
2. the story's frontmatter `stack:` (read by the one story parser);
3. where the story's File List lives, in a project of several stacks (a monorepo: `js/` with
   its package.json beside `py/` with its pyproject.toml): for each entry, the nearest
   directory below the project root that has a stack's markers; the stack most entries land
   in, when one does (a tie, or entries at the root, say nothing). That directory is the
   stack's (`Persona.directory`): its runners are looked for there (`node_modules/.bin`).
   A test directory (`test/`, `tests/`, `__tests__/`, ...: `stacks.TEST_DIR_NAMES`) is no
   subproject, nor is one whose only marker configures a compiler (a `tsconfig.json` without
   a package.json: the typings of a project's tests); the walk goes on to its parent;
4. the project config's `project.stack` (upstream documented but never read it; `gaia init`
   writes the first stack of a monorepo there);
5. marker files under the project root, in `stacks.DETECTION_ORDER`.

Every answer must be a canonical stack name; the persona file is `agents/<persona_file>`.
A caller that has already parsed the story file (`story`: the review's setup) passes it, and
the file is not read again; otherwise it is read here.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from gaia_lib.core import config, paths
from gaia_lib.core.errors import NotFound
from gaia_lib.stacks import adapters as stacks
from gaia_lib.stacks import declared

TYPE_CHECKING = False
if TYPE_CHECKING:
    from gaia_lib.story.parser import Story

EXIT_CALLER = 1
EXIT_MISSING = 2
SOURCES = ("flag", "story", "file-list", "config", "markers")


@dataclass(frozen=True)
class Persona:
    stack: str
    source: str  # one of SOURCES
    agent_file: Path
    sidecar_file: Path | None
    project_root: Path
    directory: Path | None = None  # the stack's own directory in a monorepo; None: the root

    @property
    def home(self) -> Path:
        """Where the stack's tools are installed (its `node_modules/.bin`)."""
        return self.directory or self.project_root


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
    flag: str | None, story_stack: str | None, config_stack: str | None, detected: str | None,
    listed: str | None = None,
) -> tuple[str, str] | None:
    """The first non-empty candidate and where it came from (pure)."""
    values = (flag, story_stack, listed, config_stack, detected)
    for source, value in zip(SOURCES, values, strict=True):
        if value:
            return value, source
    return None


CONFIG_ONLY = frozenset({"tsconfig.json"})  # a marker that configures, declaring no package
# What makes a package.json a package's: without any, it only sets how Node loads the files.
_PACKAGE_KEYS = ("name", "scripts", "workspaces", *declared.PACKAGE_JSON_KINDS)


def declares_package(text: str) -> bool:
    """Whether a package.json's text declares a package (pure); an unreadable one is taken
    to, as its directory holds something npm would read."""
    try:
        data = json.loads(text)
    except ValueError:
        return True
    return not isinstance(data, dict) or any(key in data for key in _PACKAGE_KEYS)


def subproject_stack(directory: Path) -> str | None:
    """The stack of the subproject `directory` is (module rule 3), or None."""
    # a directory that holds a project's tests is never a subproject of its own
    if directory.name in stacks.TEST_DIR_NAMES or not directory.is_dir():
        return None
    stack = stacks.detect(directory)
    if stack is None:
        return None
    hits = {m.file for m in stacks.STACKS[stack].markers if stacks.marker_hit(directory, m)}
    if "package.json" in hits and not declares_package(_read(directory / "package.json")):
        hits.discard("package.json")
    return None if hits <= CONFIG_ONLY else stack


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return "{"  # unreadable: taken as a package's (`declares_package`)


def file_list_stack(entries: Sequence[str], root: Path) -> tuple[str, Path] | None:
    """The stack, and its directory, of the subproject most File List entries lie in (module
    rule 3); None when most lie in none below the root, or two stacks tie."""
    homes: dict[Path, str | None] = {}

    def home_of(entry: str) -> Path | None:
        text = paths.listed_path(entry)
        if text is None:
            return None
        for parent in PurePosixPath(text).parents:
            if str(parent) == ".":
                return None
            directory = root / parent
            if directory not in homes:
                homes[directory] = subproject_stack(directory)
            if homes[directory]:
                return directory
        return None

    found = Counter(h for h in map(home_of, entries) if h is not None)
    ranked = found.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return None
    directory = ranked[0][0]
    stack = homes[directory]
    return (stack, directory) if stack else None


def _story_facts(story_file: Path, story: Story | None = None
                 ) -> tuple[str | None, tuple[str, ...]]:
    """The story's own `stack:` and its File List entries (`story`: the file's, already
    parsed; else it is read)."""
    if story is None:
        from gaia_lib.story.parser import load_story

        story = load_story(story_file, EXIT_CALLER)
    return story.stack, story.file_list or ()


def default_agents_dir() -> Path:
    return paths.plugin_root() / "agents"


def resolve(
    *,
    stack: str | None = None,
    story_file: Path | None = None,
    project_root: Path | None = None,
    agents_dir: Path | None = None,
    memory_dir: Path | None = None,
    story: Story | None = None,
) -> Persona:
    """Resolve the stack and its persona files (`story`: `story_file` parsed, when the caller
    has it). Raises GaiaError with exit 1 (bad input) or 2."""
    root = project_root_for(story_file, project_root)
    agents = (agents_dir or default_agents_dir()).resolve()
    if not agents.is_dir():
        raise NotFound(f"agents-dir not found: {agents}", EXIT_MISSING)

    story_stack, entries = _story_facts(story_file, story) if story_file is not None and not stack \
        else (None, ())
    listed = file_list_stack(entries, root) if entries else None
    config_stack = None
    if not stack and not story_stack and not listed:
        config_stack = config.load(root, EXIT_CALLER).stack
    detected = None
    if not stack and not story_stack and not listed and not config_stack:
        detected = stacks.detect(root)

    chosen = choose_stack(stack, story_stack, config_stack, detected,
                          listed[0] if listed else None)
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
    directory = listed[1] if listed and listed[0] == adapter.key else None
    return Persona(adapter.key, source, agent_file, sidecar, root, directory)


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
